-- Games a second of one game with one kind of bot at every seat, as
-- `cardlab bench` plays them (README, Speed; issue 28's rows):
--   ./build/cardlab run docs/tools/playouts.lua GAME [BOTS [GAMES [PLAYERS]]]
-- plays GAMES games (default 1000, seeds 1 to GAMES) of PLAYERS players
-- (default 4) by match.new and m:run, three times, and prints the best pass.
-- To set a build beside another, run each build's own copy with its
-- CARDLAB_HOME, in rounds taken in turn.
local host = require "cardlab.host"
local loader = require "cardlab.loader"
local match = require "cardlab.match"

local name, bots = arg[1], arg[2] or "random"
local games, players = tonumber(arg[3] or 1000), tonumber(arg[4] or 4)
if not name then
  io.stderr:write("usage: cardlab run docs/tools/playouts.lua GAME [BOTS [GAMES [PLAYERS]]]\n")
  os.exit(2)
end
local def = assert(loader.load(name))
local kinds = {}
for seat = 1, players do kinds[seat] = bots end
local best
for _ = 1, 3 do
  -- each pass starts as a simulation does: a full collection, generational anew
  collectgarbage("incremental"); collectgarbage(); collectgarbage("generational")
  local started = host.clock()
  for seed = 1, games do
    local m = assert(match.new(def, { players = players, seed = seed }))
    assert(m:run(kinds) == "over")
  end
  local took = host.clock() - started
  if not best or took < best then best = took end
end
print(string.format("%s %s x%d: %.0f games/s", name, bots, players, games / best))
