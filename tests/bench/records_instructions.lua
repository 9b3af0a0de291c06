-- What records cost, counted in instructions rather than time (which a
-- shared machine's load changes):
--
--   valgrind --tool=callgrind --callgrind-out-file=/dev/null \
--     ./build/cardlab run tests/bench/records_instructions.lua GAME GAMES plain|recorded
--
-- plays GAMES games of GAME with 4 random bots as `cardlab bench`'s row
-- "simulation records" does: "plain" as a plain sim (match, bots, result),
-- "recorded" as `cardlab sim` (records with their metrics, a JSON line a
-- game, the lines decoded after the games, the summary). The difference of
-- the two counts over the plain one is the overhead (the start of the
-- program, the same in both, is a few million instructions).
-- docs/simulation.md gives the figures.
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local records = require "cardlab.records"
local summary = require "cardlab.summary"

local name, games, mode = ...
games = math.tointeger(tonumber(games))
if not name or not games or (mode ~= "plain" and mode ~= "recorded") then
  io.stderr:write("usage: cardlab run tests/bench/records_instructions.lua GAME GAMES plain|recorded\n")
  return 2
end
local players = 4
local kinds = {}
for seat = 1, players do kinds[seat] = "random" end
local def = assert(loader.load(name))
if mode == "plain" then
  for i = 1, games do
    local m = assert(match.new(def, { players = players, seed = i }))
    m:run(kinds)
    assert(match.check_result((m:result()), players) == nil)
  end
else
  local play = records.player(def, {}, players, kinds, 1, 1000000)
  local lines, list = {}, {}
  for i = 1, games do lines[i] = records.encode_record(play(i)) end
  for i = 1, games do list[i] = records.decode_line(lines[i]) end
  summary.summarize({ game = name, players = players, seed = 1, bots = kinds, first = 1,
    games = games }, list)
end
return 0
