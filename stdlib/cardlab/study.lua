-- The arguments of a balance study, a script run as
--   ./build/cardlab run games/NAME/balance.lua [GAMES [PLAYERS [SEED [key=value ...]]]]
-- that plays greedy bots at every seat (games/cryptocurrency/balance.lua,
-- games/rushfortheweb/balance.lua).

local options = require "cardlab.options"

local M = {}

-- Reads argv: gives the number of games (default_games if not given), the
-- players (4), the first seed (1), the option settings and the bot of each
-- seat. A malformed setting ends the program with a line naming it (status
-- 2, a usage error).
local WHAT = { "a number of games (1 or more)", "a number of players (1 or more)", "a seed (0 or more)" }

function M.args(argv, default_games)
  -- the numbers first, each a whole number: a word in their place ('x=1'
  -- first, 'five') was read as no number, the default, and a setting given
  -- so was dropped without a word
  local numbers, first_setting = {}, 4
  for i = 1, math.min(3, #argv) do
    if tostring(argv[i]):find("=", 1, true) then first_setting = i break end
    local n = math.tointeger(tonumber(argv[i]))
    if not n or n < (i == 3 and 0 or 1) then
      io.stderr:write(string.format("cardlab: '%s' is not %s; expected [GAMES [PLAYERS [SEED "
        .. "[name=value ...]]]]\n", tostring(argv[i]), WHAT[i]))
      os.exit(2)
    end
    numbers[i] = n
  end
  local games = numbers[1] or default_games
  local players = numbers[2] or 4
  local seed = numbers[3] or 1
  local settings = {}
  for i = first_setting, #argv do
    local k, v = options.parse_assignment(argv[i])
    if not k then
      io.stderr:write("cardlab: ", v, "\n")
      os.exit(2)
    end
    settings[k] = v
  end
  local kinds = {}
  for s = 1, players do kinds[s] = "greedy" end
  return games, players, seed, settings, kinds
end

return M
