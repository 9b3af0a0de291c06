-- `cardlab bench`: the speed of the hot paths, each beside a pure-Lua baseline
-- doing the same work in the same process, so that the ratio holds on any
-- machine. Figures are processor time, the best of three runs.

local vm = require "cardlab.vm"
local host = require "cardlab.host"
local common = require "repl.common"
local loader = require "cardlab.loader"
local match = require "cardlab.match"

local say = common.say

local M = {}

-- Best-of-three processor seconds of fn(reps).
local function best(fn, reps)
  local t = math.huge
  for _ = 1, 3 do
    collectgarbage()
    local t0 = host.clock()
    fn(reps)
    t = math.min(t, host.clock() - t0)
  end
  return t
end

---------------------------------------------------------------- shuffle

local DECK = 100

local function shuffle_c(reps)
  local t = vm.table(DECK)
  local deck = t:zone("deck", { visibility = "count" })
  t:zone("box"):move_all(deck)
  local rng = vm.rng(1)
  for _ = 1, reps do deck:shuffle(rng) end
end

-- Fisher-Yates on a Lua array with math.random.
local function shuffle_lua(reps)
  local deck = {}
  for i = 1, DECK do deck[i] = i end
  local random = math.random
  math.randomseed(1)
  for _ = 1, reps do
    for i = DECK, 2, -1 do
      local j = random(i)
      deck[i], deck[j] = deck[j], deck[i]
    end
  end
end

---------------------------------------------------------------- deal

local HANDS, EACH = 4, 13

local function deal_c(reps)
  local t = vm.table(HANDS * EACH)
  local deck = t:zone("deck", { visibility = "count" })
  local hands = {}
  for i = 1, HANDS do hands[i] = t:zone("hand" .. i, { owner = i, visibility = "owner" }) end
  t:zone("box"):move_all(deck)
  for _ = 1, reps do
    deck:deal(hands, EACH)
    for i = 1, HANDS do hands[i]:move_all(deck) end
  end
end

-- The same with Lua arrays: deal from the end of the deck, then gather back.
local function deal_lua(reps)
  local deck = {}
  for i = 1, HANDS * EACH do deck[i] = i end
  local hands = {}
  for i = 1, HANDS do hands[i] = {} end
  for _ = 1, reps do
    for _ = 1, EACH do
      for i = 1, HANDS do
        local n = #deck
        local hand = hands[i]
        hand[#hand + 1] = deck[n]
        deck[n] = nil
      end
    end
    for i = 1, HANDS do
      local hand = hands[i]
      for k = 1, #hand do deck[#deck + 1] = hand[k]; hand[k] = nil end
    end
  end
end

---------------------------------------------------------------- engine

local ANSWERS = { "play 1", "play 2", "play 3", "draw" }

local function asker()
  local yield = coroutine.yield
  while true do yield(1, "play", "play a card", ANSWERS) end
end

-- The engine: resume the script, check the request, pick, log, resume again.
local function engine_c(reps)
  local e = vm.engine(asker, 2, 1)
  e:start()
  e:run({ "random", "random" }, reps)
end

-- The same protocol driven from Lua: resume, check, pick, log.
local function engine_lua(reps)
  local co = coroutine.create(asker)
  local resume, random, type = coroutine.resume, math.random, type
  local log = {}
  local _, seat, _, _, answers = resume(co)
  for i = 1, reps do
    if type(seat) ~= "number" or type(answers) ~= "table" then error("bad request") end
    local k = random(#answers)
    local answer = answers[k]
    log[i] = { seat, answer }
    _, seat, _, _, answers = resume(co, answer, k)
  end
end

---------------------------------------------------------------- playouts

-- Plays `games` games of def with the given bots; gives processor seconds,
-- answers and turns (the seats' turn counter at the end).
local function playouts(def, players, bots, games)
  local kinds = {}
  for seat = 1, players do kinds[seat] = bots end
  local answers, turns = 0, 0
  local t0 = host.clock()
  for i = 1, games do
    local m = assert(match.new(def, { players = players, seed = i }))
    local status = m:run(kinds)
    if status ~= "over" then error(string.format("%s seed %d: %s", def.name, i, select(2, m:result()) or status), 0) end
    answers = answers + m:count()
    turns = turns + m.game.seats:turn()
  end
  return host.clock() - t0, answers, turns
end

---------------------------------------------------------------- report

local function row(name, unit, c, lua, target)
  say("  %-34s %10s %10s %8s   %s", name, c and string.format("%.2f", c) or "-",
    lua and string.format("%.2f", lua) or "-", (c and lua) and string.format("%.1fx", lua / c) or "",
    target or "")
end

function M.run(argv)
  local opts = common.parse("bench", argv, { quick = "flag" })
  if not opts then return 2 end
  local scale = opts.quick and 0.02 or 1
  local function reps(n) return math.max(1, math.floor(n * scale)) end

  say("cardlab bench (%s): processor time, best of 3", opts.quick and "quick" or "full")
  say("  %-34s %10s %10s %8s   %s", "hot path", "cardlab", "pure Lua", "speedup", "target")

  local n = reps(200000)
  row("shuffle 100 cards (ns per card)", nil,
    best(shuffle_c, n) / (n * DECK) * 1e9, best(shuffle_lua, n) / (n * DECK) * 1e9,
    "<= 1.5 ns, >= 20x")

  n = reps(200000)
  row("deal 52 cards to 4 hands (ns per card)", nil,
    best(deal_c, n) / (n * HANDS * EACH) * 1e9, best(deal_lua, n) / (n * HANDS * EACH) * 1e9, "")

  n = reps(3000000)
  row("request and answer (ns each)", nil,
    best(engine_c, n) / n * 1e9, best(engine_lua, n) / n * 1e9, "<= 1000 ns")

  -- every game's playouts: a game lists what to measure in def.bench, e.g.
  -- bench = { { players = 2 }, { players = 4, bots = "greedy", games = 200 } }
  say("")
  say("  %-34s %10s %12s %14s", "playouts", "games/s", "turns/s", "decisions/s")
  for _, name in ipairs(loader.names()) do
    local def = assert(loader.load(name))
    for _, b in ipairs(def.bench or { { players = def.players.default } }) do
      local games = reps(b.games or 2000)
      local seconds, answers, turns = playouts(def, b.players, b.bots or "random", games)
      say("  %-34s %10.0f %12.0f %14.0f   (%.2f us a decision)",
        string.format("%s, %d %s bots", name, b.players, b.bots or "random"),
        games / seconds, turns / seconds, answers / seconds, seconds / answers * 1e6)
    end
  end
  return 0
end

return M
