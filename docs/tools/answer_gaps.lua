-- How far the playout bot's own answers are from the best answer at one
-- step of look-ahead, measured with a search far longer than the games'
-- budgets (docs/bots.md, "Where the search cannot gain"):
--
--   ./build/cardlab run docs/tools/answer_gaps.lua [--players N] [--oracle] GAME SEED ITERATIONS DECISIONS [DEPTH]
--
-- plays a game of greedy bots (4 players unless --players) with that seed;
-- at each of seat 1's first DECISIONS requests with more than one legal
-- answer, runs the root search (margin 0, no step limit, playouts cut at
-- DEPTH answers if given) and prints every answer's mean gain on the greedy
-- bot's answer (marked *) over the same deals, with its standard error. The
-- game goes on with the greedy bot's answer, so the decisions are those a
-- greedy player meets.
--
-- --oracle is a measuring device, not a bot: the search's deals keep every
-- seat's hand (the zones hand[1..N]) as it truly is, and deal only the rest
-- (the stock) anew: what the search would gain if it knew the others' cards.
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local ismcts = require "cardlab.ismcts"

local args, players, oracle = { ... }, 4, false
while args[1] and args[1]:sub(1, 2) == "--" do
  local flag = table.remove(args, 1)
  if flag == "--oracle" then
    oracle = true
  elseif flag == "--players" then
    players = tonumber(table.remove(args, 1))
  else
    io.stderr:write("answer_gaps: unknown option " .. flag .. "; expected --players N or --oracle\n")
    return 2
  end
end
local name, seed, iterations, decisions, depth = table.unpack(args)
seed, iterations, decisions = tonumber(seed), tonumber(iterations), tonumber(decisions)
if not (name and seed and iterations and decisions and players) then
  io.stderr:write("usage: cardlab run docs/tools/answer_gaps.lua [--players N] [--oracle] GAME SEED ITERATIONS "
    .. "DECISIONS [DEPTH]\n")
  return 2
end
local def = assert(loader.load(name))
local m = assert(match.new(def, { players = players, seed = seed }))
if oracle then
  -- (the hook's tables are read for the cards the deciding seat cannot see)
  def.constraints = function()
    local out = {}
    for s = 1, players do
      local held = {}
      for _, id in ipairs(m.game.zones.hand[s]:cards()) do held[id] = true end
      out[string.format("hand[%d]", s)] = function(id) return held[id] == true end
    end
    return out
  end
end
local params = ismcts.parse(string.format("ismcts:tree=root,playout=greedy,iterations=%d,margin=0,steps=%d,depth=%d",
  iterations, 1000000000, tonumber(depth) or 0))
local kinds = {}
for s = 1, players do kinds[s] = "greedy" end
local bots = m:bot_table(kinds)
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
