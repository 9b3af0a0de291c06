-- How far the playout bot's own answers are from the best answer at one
-- step of look-ahead, measured with a search far longer than the games'
-- budgets (docs/bots.md, "Where the search cannot gain"):
--
--   ./build/cardlab run docs/tools/answer_gaps.lua GAME SEED ITERATIONS DECISIONS [DEPTH]
--
-- plays a game of 4 greedy bots with that seed; at each of seat 1's first
-- DECISIONS requests with more than one legal answer, runs the root search
-- (margin 0, no step limit, playouts cut at DEPTH answers if given) and
-- prints every answer's mean gain on the greedy bot's answer (marked *) over
-- the same deals, with its standard error. The game goes on with the greedy
-- bot's answer, so the decisions are those a greedy player meets.
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local ismcts = require "cardlab.ismcts"

local name, seed, iterations, decisions, depth = ...
seed, iterations, decisions = tonumber(seed), tonumber(iterations), tonumber(decisions)
if not (name and seed and iterations and decisions) then
  io.stderr:write("usage: cardlab run docs/tools/answer_gaps.lua GAME SEED ITERATIONS DECISIONS [DEPTH]\n")
  return 2
end
local def = assert(loader.load(name))
local m = assert(match.new(def, { players = 4, seed = seed }))
local params = ismcts.parse(string.format("ismcts:tree=root,playout=greedy,iterations=%d,margin=0,steps=%d,depth=%d",
  iterations, 1000000000, tonumber(depth) or 0))
local bots = m:bot_table({ "greedy", "greedy", "greedy", "greedy" })
local searched = 0
while m:status() == "waiting" and searched < decisions do
  local request = m:request()
  local legal = m:legal()
  local answer = bots[request.seat](request.seat, request.kind, request.prompt, legal)
  if request.seat == 1 and #legal > 1 then
    searched = searched + 1
    local ranking, stats = ismcts.search(m, params)
    local parts = {}
    for _, r in ipairs(ranking) do
      if r.own then
        parts[#parts + 1] = "*" .. r.answer
      elseif r.gain then
        parts[#parts + 1] = string.format("%s %+.3f (%.3f)", r.answer, r.gain, r.se)
      end
    end
    print(string.format("%-8s %5d deals  %s", request.kind, stats.iterations, table.concat(parts, " | ")))
  end
  assert(m:answer(answer))
end
return 0
