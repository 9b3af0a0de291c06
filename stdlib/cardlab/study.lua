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
function M.args(argv, default_games)
  local games = tonumber(argv[1]) or default_games
  local players = tonumber(argv[2]) or 4
  local seed = tonumber(argv[3]) or 1
  local settings = {}
  for i = 4, #argv do
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
