-- The search bot's time per decision over whole games (docs/bots.md, Speed):
--   ./build/cardlab run docs/tools/search_speed.lua GAME [KIND [GAMES [OPPONENT]]]
-- plays GAMES games (default 1, seeds 101...) of 4 players, the search bot
-- KIND (default ismcts) at seat 1 and OPPONENT bots (default greedy) at the
-- others, and prints the mean and worst processor time of its decisions.
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local ismcts = require "cardlab.ismcts"
local host = require "cardlab.host"
local name, spec, games, opponent = arg[1], arg[2] or "ismcts", tonumber(arg[3] or 1), arg[4] or "greedy"
local def = assert(loader.load(name))
local p = assert(ismcts.parse(spec))
local n, total, worst, iters = 0, 0, 0, 0
for g = 1, games do
  local m = assert(match.new(def, {players=4, seed=100+g}))
  local bots = m:bot_table({ false, opponent, opponent, opponent })
  while true do
    m.engine:run(bots)
    if m:status() ~= "waiting" then break end
    local t0 = host.clock()
    local r, st = ismcts.search(m, p, { spec, opponent, opponent, opponent })
    local dt = host.clock() - t0
    n, total, worst, iters = n + 1, total + dt, math.max(worst, dt), iters + st.iterations
    assert(m.engine:answer(r[1].answer))
  end
end
print(string.format("%-15s %s against %s: %d decisions, mean %.1f ms, worst %.1f ms, mean iterations %.1f", name, spec, opponent, n, total/n*1000, worst*1000, iters/n))
