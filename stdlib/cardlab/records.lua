-- Records of simulated games (ARCHITECTURE principle 10): a simulation
-- writes one JSON line per game after a header line, and every summary,
-- comparison and report is computed from such lines. This module plays one
-- game into a record, encodes and decodes records, and reads and checks
-- record files (one run, or the shards of one).
--
-- A file: the header {"format": "cardlab-sim-records", "version": 1, game,
-- script_hash, options, house, bots, players, seed, first, games, shard, ...},
-- then one line per game played, in the order of their indices, then the
-- closing line {"done": true, "played": K, "interrupted": ..., "seconds": ...}.
-- A file without its closing line was cut short.

local cjson = require "cjson"
local match = require "cardlab.match"
local vm = require "cardlab.vm"

local M = {}

M.FORMAT = "cardlab-sim-records"
M.VERSION = 1
-- the first games of a run keep their standings round by round (for the
-- report's pictures); which ones depends on the index only
M.TRACED = 6

local encode_value = cjson.encode
local decode = cjson.decode
local sort, concat, tointeger = table.sort, table.concat, math.tointeger

---------------------------------------------------------------- JSON with a fixed key order

-- The same record always gives the same text: object keys sorted (or in the
-- order given for the top level), values as lua-cjson writes them. A table
-- is a list when it has #t > 0 entries and nothing else; an empty table is
-- {}.
--
-- (Speed: vm.json writes plain data so in C, where a text per value made
-- here and lua-cjson's printf for each number cost a tenth of a Crazy
-- Eights game a record. What it leaves (a table with a metatable, a number
-- that is not finite, a value JSON has not) is written here, in Lua, as it
-- always was, and lua-cjson's errors raised.)
local math_type = math.type
local vm_json = vm.json
local quoted = {}   -- key -> its JSON text

local function by_text(a, b) return tostring(a) < tostring(b) end

local ranks_of_order = setmetatable({}, { __mode = "k" })

local encode
local function encode_lua(v, order)
  if type(v) ~= "table" then
    -- (an integer in all its digits: lua-cjson's 14 would change a seed past 10^14)
    if math_type(v) == "integer" then return tostring(v) end
    return encode_value(v)
  end
  local n = #v
  local keys, nkeys, all_text = {}, 0, true
  for k in pairs(v) do
    nkeys = nkeys + 1
    keys[nkeys] = k
    if type(k) ~= "string" then all_text = false end
  end
  if n > 0 and nkeys == n then
    local flat = true
    for i = 1, n do
      if type(v[i]) == "table" then flat = false break end
    end
    if flat then return encode_value(v) end
    local parts = {}
    for i = 1, n do parts[i] = encode(v[i]) end
    return "[" .. concat(parts, ",") .. "]"
  end
  if order then
    -- the keys of the order that are there, in its order, then the others
    -- sorted (no comparator called: the record's keys are known)
    local rank = ranks_of_order[order]
    if not rank then
      rank = {}
      for i, k in ipairs(order) do rank[k] = i end
      ranks_of_order[order] = rank
    end
    local others, nothers = {}, 0
    for i = 1, nkeys do
      local k = keys[i]
      if not rank[k] then nothers = nothers + 1; others[nothers] = k end
    end
    local j = 0
    for i = 1, #order do
      local k = order[i]
      if v[k] ~= nil then j = j + 1; keys[j] = k end
    end
    if nothers > 1 then sort(others, by_text) end
    for i = 1, nothers do keys[j + i] = others[i] end
  elseif all_text then
    sort(keys)   -- (texts compare as tostring would compare them)
  else
    sort(keys, by_text)
  end
  local parts = {}
  for i = 1, nkeys do
    local k = keys[i]
    local key = quoted[k]
    if not key then
      key = encode_value(tostring(k))
      if type(k) == "string" then quoted[k] = key end
    end
    -- (an integer written here rather than by a call of encode: most of a
    -- record's values are)
    local x = v[k]
    if math_type(x) == "integer" then
      parts[i] = key .. ":" .. x
    else
      parts[i] = key .. ":" .. encode(x)
    end
  end
  return "{" .. concat(parts, ",") .. "}"
end
function encode(v, order) return vm_json(v, order) or encode_lua(v, order) end
M.encode = encode

local RECORD_ORDER = { "i", "seed", "ended", "winners", "scores", "ranks", "answers", "rounds",
  "first", "decisions", "branching", "lead_changes", "drama", "decisiveness", "reason", "error",
  "rules", "counters", "trace" }
local HEADER_ORDER = { "format", "version", "cardlab", "game", "script_hash", "options", "house",
  "bots", "rotate", "players", "seed", "first", "games", "shard" }

---------------------------------------------------------------- seating

-- With --rotate (a header's "rotate": true) game i seats the list of bots
-- (the header's "bots", one per seat) moved i - 1 places on: the bot at
-- place p of the list sits at seat ((p - 1 + i - 1) mod P) + 1, one seat
-- later each game, back to seat 1 after seat P. It depends on the game's
-- index alone, so a worker, a shard, a batch of --until-ci and every
-- variant of a comparison seat a game's bots alike. Without it, place p
-- sits at seat p in every game.

-- The place in the list of the bot at `seat` of game i.
function M.place_at(players, rotate, i, seat)
  if not rotate then return seat end
  return (seat - 1 - (i - 1)) % players + 1
end

-- The seat of the bot at `place` of the list in game i.
function M.seat_of(players, rotate, i, place)
  if not rotate then return place end
  return (place - 1 + (i - 1)) % players + 1
end

-- The kind of each seat in game i: `kinds` itself, or rotated.
function M.seating(kinds, rotate, i)
  if not rotate then return kinds end
  local players, seated = #kinds, {}
  for seat = 1, players do seated[seat] = kinds[M.place_at(players, true, i, seat)] end
  return seated
end

---------------------------------------------------------------- playing one game

-- Counts the calls of every function rule piece of def (the game's own and
-- a house file's replacements, however the script reaches them: game.rules
-- or its own rules table, which are the same table). Each piece is replaced
-- by a wrapper of its own arity (up to 8; a vararg call costs more: Lua 5.4 copies
-- the arguments) that adds one to a local of its own and tail-calls the
-- piece: one Lua call more per call, the least counting can cost without a
-- hook (a hook makes Lua trap on every instruction). A table update per
-- call measured 25% slower on Crazy Eights when its legal answers called
-- two pieces a thousand times a game, and a flag tested in each wrapper (to
-- pause the count) made each counted call a fifth dearer (callgrind). The
-- wrappers and their counters are made by one generated chunk, so that all
-- the counts are read, reset, and kept out of a call (uncounted) in one
-- call each.
--
-- A game's faster way of doing what its book's pieces do (Crazy Eights'
-- zone:select for can_play) tells the book's pieces from their wrappers by
-- game:uncounted, and counts the calls it stands for in a tally
-- (game:call_tally), so that the counts are what calling the pieces would
-- have given (docs/simulation.md, "Rule-piece calls").
--
-- Gives reset(), which begins a new count (a game's), counts(), which gives
-- them as a table by name, uncounted(f, a, b, c, d), which calls f(a, b, c,
-- d) and sets the counts and tallies back to what they were before, giving
-- f's first result (a search bot's games are not the game's; an error in f
-- ends the game, whose counts are then not read), and read(f, game, into,
-- n), which reads the standings as uncounted would: into[seat] = f(game,
-- seat) for each of n seats, or with n nil f(game, into) (a game's
-- standings), giving into. The engine calls read at each new round
-- (e:watch_standings): its own function in the chunk, where uncounted(g,
-- ...) with a function g doing the reading would be one Lua call more.
local GROUP = 100   -- pieces per chunk: a function has at most 200 locals (uncounted
                    -- keeps the counts in as many)

local WRAPPER = {}
for arity = 0, 8 do
  local params = {}
  for k = 1, arity do params[k] = "x" .. k end
  params = concat(params, ", ")
  WRAPPER[arity] = "function(" .. params .. ") n%d = n%d + 1 return f(" .. params .. ") end"
end
local VARARG = "function(...) n%d = n%d + 1 return f(...) end"

-- The chunk counting the pieces of arities `arity` (a list), given T, the
-- list of the game's tallies (game:call_tally), e.g. for two:
--   local T = ...
--   local n1, n2 = 0, 0
--   return { function(f) return function(a) n1 = n1 + 1 return f(a) end end, ... },
--     function() return { ["cost"] = n1, ["turn"] = n2 } end,   -- named
--     function() n1, n2 = 0, 0 end,            -- reset
--     function(f, a, b, c, d)                  -- uncounted
--       local s1, s2 = n1, n2
--       (the tallies' calls kept too)
--       local r = f(a, b, c, d)
--       n1, n2 = s1, s2
--       (and set back; tallies handed out in f dropped)
--       return r
--     end,
--     function(f, game, into, n) ... end       -- read, the same around the
--                                              -- standings (one tally or none
--                                              -- kept inline; more: uncounted)
local UNCOUNTED = [[
function(f, a, b, c, d)
  local %s = %s
  local t = T[1]
  if t == nil then
    local r = f(a, b, c, d)
    %s = %s
    for k = #T, 1, -1 do T[k] = nil end
    return r
  elseif T[2] == nil then
    local calls = t.calls
    local r = f(a, b, c, d)
    %s = %s
    t.calls = calls
    for k = #T, 2, -1 do T[k] = nil end
    return r
  end
  local kept = {}
  for k = 1, #T do kept[k] = T[k].calls end
  local r = f(a, b, c, d)
  %s = %s
  for k = #T, #kept + 1, -1 do T[k] = nil end
  for k = 1, #kept do T[k].calls = kept[k] end
  return r
end]]
-- (read_standings: below, the reading itself)
local READ = [[
function(f, game, into, n)
  local t = T[1]
  if t ~= nil and T[2] ~= nil then return uncounted(read_standings, f, game, into, n) end
  local %s = %s
  local calls = t ~= nil and t.calls
  if n then
    for seat = 1, n do into[seat] = f(game, seat) end
  else
    f(game, into)
  end
  %s = %s
  if t ~= nil then
    t.calls = calls
    if T[2] ~= nil then for k = #T, 2, -1 do T[k] = nil end end
  elseif T[1] ~= nil then
    for k = #T, 1, -1 do T[k] = nil end
  end
  return into
end]]
local READ_STANDINGS = [[
function(f, game, into, n)
  if n then
    for seat = 1, n do into[seat] = f(game, seat) end
  else
    f(game, into)
  end
  return into
end]]
local read_standings = assert(load("return " .. READ_STANDINGS, "=(standings)", "t", {}))()

local function counting_chunk(names, arity, tallies)
  local k = #arity
  local ns, ss, wraps, zeros, fields = {}, {}, {}, {}, {}
  for j = 1, k do
    ns[j], ss[j], zeros[j] = "n" .. j, "s" .. j, "0"
    fields[j] = string.format("[%q] = n%d", names[j], j)
    wraps[j] = "function(f) return " .. string.format(WRAPPER[arity[j]] or VARARG, j, j) .. " end"
  end
  local n, sv, z = concat(ns, ", "), concat(ss, ", "), concat(zeros, ", ")
  local source = "local T, read_standings = ...\n"
    .. "local " .. n .. " = " .. z .. "\n"
    .. "local uncounted = " .. string.format(UNCOUNTED, sv, n, n, sv, n, sv, n, sv) .. "\n"
    .. "return { " .. concat(wraps, ",\n") .. " },\n"
    -- (the counts by name in a table made to its size: no list between, no rehash)
    .. "function() return { " .. concat(fields, ", ") .. " } end,\n"
    .. "function() " .. n .. " = " .. z .. " end,\n"
    .. "uncounted,\n"
    .. string.format(READ, sv, n, n, sv) .. "\n"
  return assert(load(source, "=(rule-piece counts)", "t", {}))(tallies, read_standings)
end

function M.count_rule_calls(def)
  local names = {}
  for name, piece in pairs(def.rules) do
    if type(piece) == "function" then names[#names + 1] = name end
  end
  sort(names)
  -- the tallies handed out this game (game:call_tally), and by tally the
  -- numbers of the pieces it counts (the first group's uncounted sets them
  -- back too)
  local tallies, tallied = {}, {}
  local counting = {}
  function counting.tally(list)
    local t = vm.tally()
    tallies[#tallies + 1], tallied[t] = t, list
    return t
  end
  -- per group of pieces: named() gives its counts by name; reset, uncounted, read
  local nameds, resets, uncounteds = {}, {}, {}
  local read
  for first = 1, #names, GROUP do
    local last = math.min(first + GROUP - 1, #names)
    local group, arity = {}, {}
    for j = first, last do
      local info = debug.getinfo(def.rules[names[j]], "u")
      group[#group + 1], arity[#arity + 1] = names[j], not info.isvararg and info.nparams or -1
    end
    local wrap, named, reset, uncounted, read_group = counting_chunk(group, arity, first == 1 and tallies or {})
    read = read or read_group
    for j = first, last do
      local piece = def.rules[names[j]]
      local wrapper = wrap[j - first + 1](piece)
      -- (game:uncounted and game:call_tally know it)
      match.counting(wrapper, piece, counting, j)
      def.rules[names[j]] = wrapper
    end
    local g = #nameds + 1
    nameds[g], resets[g], uncounteds[g] = named, reset, uncounted
  end
  if #nameds == 0 then
    return function() end, function() return {} end, function(f, a, b, c, d) return (f(a, b, c, d)) end,
      read_standings
  end
  local function reset()
    for g = 1, #resets do resets[g]() end
    for k = #tallies, 1, -1 do tallies[k] = nil end
    tallied = {}
  end
  local function counts()
    local t = nameds[1]()
    for g = 2, #nameds do
      for name, n in pairs(nameds[g]()) do t[name] = n end
    end
    for k = 1, #tallies do
      local calls = tallies[k].calls
      for _, index in ipairs(tallied[tallies[k]]) do t[names[index]] = t[names[index]] + calls end
    end
    return t
  end
  local uncounted = uncounteds[1]
  for g = 2, #uncounteds do
    -- (each group's inside the one before's: more than GROUP pieces)
    local outer, inner = uncounted, uncounteds[g]
    uncounted = function(f, a, b, c, d)
      return outer(function() return inner(f, a, b, c, d) end)
    end
  end
  if #uncounteds > 1 then
    -- (more than GROUP pieces: the groups' counts kept by uncounted)
    read = function(f, game, into, n) return uncounted(read_standings, f, game, into, n) end
  end
  return reset, counts, uncounted, read
end

-- The ranks of the seats: winners 1, the others by score (higher first),
-- ties sharing the better rank (1, 2, 2, 4); without scores every other seat
-- is next after the winners.
local function ranks_of(winners, scores, players)
  local ranks, won = {}, {}
  for _, w in ipairs(winners) do won[w] = true end
  for seat = 1, players do
    if won[seat] then
      ranks[seat] = 1
    else
      local above = #winners
      if scores then
        for other = 1, players do
          if not won[other] and scores[other] > scores[seat] then above = above + 1 end
        end
      end
      ranks[seat] = above + 1
    end
  end
  return ranks
end

-- Lead changes, drama and decisiveness of one game from its standings
-- (points[k][seat], one point per round and the last at the end) and its
-- winners (see docs/simulation.md for the definitions). The leaders of a
-- point are the seats at the highest standing, unless every seat is there
-- (no one leads); teammates who share a standing lead together.
-- (in C, cl_standing_metrics: a game has a point per round)
M.standing_metrics = vm.standing_metrics

local function first_line(message)
  return (tostring(message):match("^[^\n]*"))
end

-- The game's standings as a simulation reads them: gives whether the game
-- has any (standings or standing), and watch(m), which has the engine of
-- match m read them at every new round (an error there ends the game in
-- error, as the game's own would) and gives nil, or why they cannot be read
-- (a zone of every seat that is not one). `read` calls the game's function
-- (read(f, game, into, n): n nil for standings, the seat count for
-- standing); by default plainly, without counting the rule pieces it calls.
-- Then m.engine:read_standings() reads them once more (at the end).
function M.standings_watcher(def, players, read)
  read = read or read_standings
  local round_of = def.round
  local standing, per_seat, name = def.standings, nil, "standings(game, into)"
  local declared = type(standing) == "table" and standing   -- read by the engine itself
  if declared and declared.cards then
    name = string.format("standings (the cards in '%s')", declared.cards)
  elseif declared then
    name = string.format("standings (game.state.%s%s)", declared.state, declared.team and " by team" or "")
  elseif not standing and def.standing then
    standing, per_seat, name = def.standing, players, "standing(game, seat)"
  end
  local into = {}

  local function watch(m)
    local game, engine = m.game, m.engine
    local source = m.seats
    if round_of then source = function() return round_of(game) or game.seats:round() end end
    if not declared then
      engine:watch_standings(source, name, read, standing, game, into, per_seat)
      return nil
    end
    if declared.state then
      engine:watch_standings(source, name,
        { game = game, state = declared.state, teams = declared.team and game.seats or nil })
      return nil
    end
    local zones = rawget(game.zones, declared.cards)
    -- a name that is no zone, or a shared zone's: said so, with the zones made
    -- (the engine's own reason, "entry 1 is nil", named neither)
    if type(zones) ~= "table" then
      local names = {}
      for zone_name in pairs(game.zones) do names[#names + 1] = tostring(zone_name) end
      table.sort(names)
      local expected = "expected a zone of each seat, made with game:zone(NAME, { per_seat = true })"
      if zones == nil then
        return string.format("standings: no zone named '%s' (zones: %s); %s", declared.cards,
          table.concat(names, ", "), expected)
      end
      return string.format("standings: '%s' is one shared zone; %s", declared.cards, expected)
    end
    local ok, why = pcall(engine.watch_standings, engine, source, name,
      { zones = zones, factor = declared.fewer and -1 or 1 })
    if not ok then
      return string.format("standings: '%s' is not a zone of every seat (%s)", declared.cards,
        (tostring(why):match("%(zones: (.*)%)$") or tostring(why)))
    end
  end
  return standing and true or false, watch
end

-- A player of records for one configuration: def (loaded, its rule pieces
-- then counted), settings (the option settings), players, kinds (the bot of
-- each seat; with `rotate`, of each place of the list, seated by
-- M.seating), base seed. Gives play(i), which plays game i (seed base + i -
-- 1) and gives its record.
--
-- What the game asked (decisions, branching, the first seat) the engine
-- counts as it goes (e:requests). The standings are read where a request
-- opens a new round: the engine watches the round (e:watch_standings) and
-- reads them there: a game's standings declared as the cards in a zone of
-- each seat, or as a list of its state, it reads itself, in C; else it
-- makes one call of the counts' read, which calls the game's standings
-- function once (every seat at once), or its standing once per seat. The
-- engine checks and keeps them, and computes the metrics of lead and drama
-- from them (e:standing_metrics).
function M.player(def, settings, players, kinds, base_seed, max_answers, rotate)
  local reset_counts, count_calls, uncounted, read = M.count_rule_calls(def)
  local round_of = def.round
  -- (the engine reads the standings where a request opens a new round)
  local standing, watch_standings = M.standings_watcher(def, players, read)

  return function(i)
    local seed = base_seed + i - 1
    reset_counts()
    local record = { i = i, seed = seed }
    local m, err = match.new(def, { players = players, seed = seed, options = settings })
    local status, result, bad
    if m then
      bad = standing and watch_standings(m)
      if not bad then
        -- (Match:run: a search bot's seat is answered there, outside the
        -- engine; the games it plays in its head are not this game: the
        -- rule pieces they call are not counted)
        local ok, run_status = pcall(m.run, m, M.seating(kinds, rotate, i), max_answers, uncounted)
        if not ok then error(run_status, 0) end
        status = run_status
        result, bad = m:result()
        if status == "waiting" then
          bad = string.format("the game did not end within %d answers, or a seat has no bot",
            max_answers)
        elseif status == "over" then
          bad = match.check_result(result, players, def)
        end
      end
      record.answers = m:count()
    else
      bad = err
    end
    if not bad and standing then
      local ok, why = m.engine:read_standings()
      if not ok then bad = "standing at the end: " .. tostring(why) end
    end
    if bad then
      record.ended = "error"
      record.error = first_line(bad)
      return record
    end
    local winners = result.winners
    local scores = result.scores
    record.winners = { table.unpack(winners) }
    if scores then record.scores = { table.unpack(scores, 1, players) } end
    record.ranks = ranks_of(winners, scores, players)
    -- a tie: several winners who are not one team
    local tie = false
    local team = m.seats:team(winners[1])
    for _, w in ipairs(winners) do
      if w ~= winners[1] and (team == 0 or m.seats:team(w) ~= team) then tie = true end
    end
    record.ended = result.limit and "limit" or tie and "tie" or "normal"
    record.reason = result.reason
    record.rounds = round_of and round_of(m.game) or m.seats:round()
    local asked = m.engine:requests()
    record.first = asked.first > 0 and asked.first or nil
    record.decisions = asked.decisions
    record.branching = asked.listed > 0 and asked.offered / asked.listed or nil
    record.typed = asked.typed > 0 and asked.typed or nil
    if standing then
      record.lead_changes, record.drama, record.decisiveness = m.engine:standing_metrics(winners)
    else
      -- (one point: the scores at the end, if any)
      record.lead_changes, record.drama, record.decisiveness =
        M.standing_metrics(scores and { record.scores } or {}, winners)
    end
    record.rules = count_calls()
    local counters = match.counters(m.game)
    local copy = {}
    for k, v in pairs(counters) do copy[k] = v end
    record.counters = copy
    if i <= M.TRACED then
      -- a list per point
      local points = standing and m.engine:standings() or record.scores or {}
      local trace = {}
      for k = 1, #points, players do trace[#trace + 1] = { table.unpack(points, k, k + players - 1) } end
      record.trace = trace
    end
    return record
  end
end

-- A record's line: its keys in RECORD_ORDER ("typed", the one key a
-- record may have that the order does not name, after them).
function M.encode_record(record) return encode(record, RECORD_ORDER) end
function M.encode_header(header) return encode(header, HEADER_ORDER) end

---------------------------------------------------------------- files

-- Decodes one line; gives the value or nil and a reason.
local function decode_line(line)
  local ok, v = pcall(decode, line)
  if not ok then return nil, (tostring(v):gsub("^.-: ", "")) end
  if type(v) ~= "table" then return nil, "not a JSON object" end
  return v
end
M.decode_line = decode_line

-- The fields of two headers that must agree for their records to be one
-- run (all but the shard and the timings), with how to name them.
-- (the house files before the script hash, which they change: a shard of
-- other house rules is told as such)
-- (the player count before the options and bots, which it changes: shards
-- of 3 and 4 players are told apart by their player count, not by a list of
-- bots one longer)
local SAME = { { "game", "game" }, { "house", "house files" }, { "script_hash", "script hash" },
  { "cardlab", "cardlab version" }, { "players", "player count" }, { "options", "options" },
  { "bots", "bots" }, { "rotate", "seating" }, { "seed", "base seed" }, { "first", "first game" },
  { "games", "number of games" } }
M.SAME = SAME

local function same(a, b) return encode(a) == encode(b) end

-- The number of games of shard k of n of games first..first+games-1, and
-- the index of its j-th (the games i with (i - first) mod n = k - 1).
function M.shard_count(games, k, n)
  if games < k then return 0 end
  return (games - k) // n + 1
end
function M.shard_index(first, k, n, j) return first + k - 1 + (j - 1) * n end

local function whole(x) return type(x) == "number" and x % 1 == 0 end

local function shown(v)
  if type(v) == "string" then return string.format("%q", v) end
  local ok, text = pcall(encode_value, v)
  return ok and text or tostring(v)
end

-- What is wrong with the fields of a decoded record of a run of `players`
-- seats and base seed `seed`, or nil: the field and what was expected.
local function record_problem(r, players, seed)
  local function bad(field, expected)
    return string.format("field '%s' is %s; expected %s", field,
      r[field] == nil and "missing" or shown(r[field]), expected)
  end
  local function seat(x) return whole(x) and x >= 1 and x <= players end
  local function numbers(t, n)
    if type(t) ~= "table" or #t ~= n then return false end
    for k = 1, n do if type(t[k]) ~= "number" then return false end end
    return true
  end
  if not whole(r.seed) then return bad("seed", "a whole number") end
  if seed and r.seed ~= seed + r.i - 1 then
    return bad("seed", string.format("%d (game %d of a run from seed %d)", seed + r.i - 1, r.i, seed))
  end
  local ended = r.ended
  if ended ~= "normal" and ended ~= "tie" and ended ~= "limit" and ended ~= "error" then
    return bad("ended", '"normal", "tie", "limit" or "error"')
  end
  if r.answers ~= nil and not (whole(r.answers) and r.answers >= 0) then
    return bad("answers", "a whole number of answers")
  end
  if ended == "error" then
    if type(r.error) ~= "string" then return bad("error", "the error's text") end
    return nil
  end
  if r.answers == nil then return bad("answers", "a whole number of answers") end
  local winners = r.winners
  if type(winners) ~= "table" or #winners == 0 then return bad("winners", "a list of seats") end
  for k = 1, #winners do
    if not seat(winners[k]) then return bad("winners", string.format("a list of seats from 1 to %d", players)) end
  end
  if r.scores ~= nil and not numbers(r.scores, players) then
    return bad("scores", string.format("a list of %d numbers, a score per seat", players))
  end
  if not numbers(r.decisions, players) then
    return bad("decisions", string.format("a list of %d numbers, the decisions of each seat", players))
  end
  if type(r.rounds) ~= "number" then return bad("rounds", "a number") end
  if r.first ~= nil and not seat(r.first) then return bad("first", string.format("a seat from 1 to %d", players)) end
  for _, field in ipairs({ "lead_changes", "drama", "decisiveness", "branching" }) do
    if r[field] ~= nil and type(r[field]) ~= "number" then return bad(field, "a number") end
  end
  for _, field in ipairs({ "rules", "counters" }) do
    local t = r[field]
    if t ~= nil then
      if type(t) ~= "table" then return bad(field, "an object of counts by name") end
      for k, v in pairs(t) do
        if type(k) ~= "string" or type(v) ~= "number" then
          return bad(field, "an object of counts by name")
        end
      end
    end
  end
  if r.trace ~= nil then
    if type(r.trace) ~= "table" then return bad("trace", "a list of standings") end
    for _, point in ipairs(r.trace) do
      if not numbers(point, players) then
        return bad("trace", string.format("a list of standings, %d numbers each", players))
      end
    end
  end
  return nil
end
M.record_problem = record_problem

-- Decodes a game's line: the record, its index and seed as integers; or
-- nil and why.
local function decode_record(line)
  local r, why = decode_line(line)
  if not r then return nil, why end
  r.i = tointeger(r.i) or r.i
  r.seed = tointeger(r.seed) or r.seed
  return r
end
M.decode_record = decode_record

-- What is wrong with a header's game, options and house files, and what
-- was expected; or nil. The game's name is a text, the options an object
-- of texts, numbers and true/false, the house files a list of {path, hash}
-- (an empty list is written as {}): merge and compare print them.
local function header_problem(header)
  if type(header.game) ~= "string" then
    return string.format("'game' is %s", header.game == nil and "missing" or shown(header.game)),
      "the game's name"
  end
  local opts = header.options
  if type(opts) ~= "table" then
    return string.format("'options' is %s", opts == nil and "missing" or shown(opts)),
      "an object of the options' values"
  end
  for name, value in pairs(opts) do
    local t = type(value)
    if type(name) ~= "string" or t ~= "string" and t ~= "number" and t ~= "boolean" then
      return string.format("option '%s' is %s", tostring(name), shown(value)), "a text, a number, true or false"
    end
  end
  local house = header.house
  local list = type(house) == "table"
  if list then
    for k in pairs(house) do list = list and math.type(k) == "integer" and k >= 1 and k <= #house end
    for _, h in ipairs(list and house or {}) do
      list = list and type(h) == "table" and type(h.path) == "string" and type(h.hash) == "string"
    end
  end
  if not list then
    return string.format("'house' is %s", house == nil and "missing" or shown(house)),
      "a list of house files, each its path and content hash"
  end
  return nil
end

local Reader = {}
Reader.__index = Reader

-- Opens a records file: checks that it is a regular file, its header and
-- its closing line (read from the end), and gives a reader {path, header,
-- closing} whose games are read line by line (reader:games), never kept;
-- or nil and a one-line reason naming the file and what was expected.
function M.open(path)
  local mode = require("lfs").attributes(path, "mode")
  if not mode then return nil, string.format("cannot read '%s': no such file", path) end
  if mode ~= "file" then
    return nil, string.format("'%s' is a %s, not a regular file; expected a file of cardlab records "
      .. "(made by 'cardlab sim --out')", path, mode)
  end
  local f, err = io.open(path, "rb")
  if not f then return nil, string.format("cannot read '%s': %s", path, err) end
  local size = f:seek("end")
  if size == 0 then
    f:close()
    return nil, string.format("%s: empty; expected cardlab records (made by 'cardlab sim --out')", path)
  end
  f:seek("set", size - 1)
  if f:read(1) ~= "\n" then
    f:seek("set")
    local count = 1
    for _ in f:lines() do count = count + 1 end
    f:close()
    return nil, string.format("%s: truncated: the last line is cut short (line %d); expected "
      .. "whole lines ending with the closing line", path, count - 1)
  end
  f:seek("set")
  local first = f:read("l")
  local header = decode_line(first)
  if not header or header.format ~= M.FORMAT then
    f:close()
    return nil, string.format("%s: not a file of cardlab records (its first line is %s); expected "
      .. "a file made by 'cardlab sim --out'", path, header and "another JSON object" or "not JSON")
  end
  -- JSON numbers come back as floats: the whole ones that count things are integers
  for _, k in ipairs({ "version", "players", "seed", "first", "games" }) do
    header[k] = tointeger(header[k]) or header[k]
  end
  if type(header.shard) == "table" then
    header.shard = { tointeger(header.shard[1]) or header.shard[1], tointeger(header.shard[2]) or header.shard[2] }
  end
  if header.version ~= M.VERSION then
    f:close()
    return nil, string.format("%s: records of format version %s; this cardlab (%s) reads version %d",
      path, tostring(header.version), vm.version, M.VERSION)
  end
  local shard = header.shard
  if type(shard) ~= "table" or math.type(shard[1]) ~= "integer" or math.type(shard[2]) ~= "integer"
      or shard[1] < 1 or shard[1] > shard[2] or math.type(header.first) ~= "integer"
      or math.type(header.games) ~= "integer" or math.type(header.players) ~= "integer"
      or header.players < 1 or math.type(header.seed) ~= "integer" then
    f:close()
    return nil, string.format("%s: the header lacks its shard, first game, number of games, "
      .. "players or seed; expected a header written by 'cardlab sim --out'", path)
  end
  if header.rotate ~= nil and type(header.rotate) ~= "boolean" then
    f:close()
    return nil, string.format("%s: the header's 'rotate' is %s; expected true or false (whether the "
      .. "bots were rotated through the seats)", path, shown(header.rotate))
  end
  -- the fields that name the variant, read by merge's and compare's text
  local problem, expected = header_problem(header)
  if problem then
    f:close()
    return nil, string.format("%s: the header's %s; expected %s, as 'cardlab sim --out' writes it", path,
      problem, expected)
  end
  -- the closing line: the last, read back from the end (a closing line is
  -- short; a longer last line is a game's)
  local back = math.min(size, 65536)
  f:seek("set", size - back)
  local tail = f:read(back)
  local p = #tail - 1
  while p > 0 and tail:byte(p) ~= 10 do p = p - 1 end
  local closing, only_header = nil, size == #first + 1
  if (p > 0 or back == size) and not only_header then closing = decode_line(tail:sub(p + 1, -2)) end
  if not closing or closing.done ~= true then
    local count = 0
    f:seek("set")
    for _ in f:lines() do count = count + 1 end
    f:close()
    return nil, string.format("%s: truncated: no closing line after %s; expected the run to "
      .. "finish (a run stopped with Ctrl-C closes its file)", path,
      count <= 1 and "the header" or "game line " .. (count - 1))
  end
  f:close()
  return setmetatable({ path = path, header = header, closing = closing,
    closing_at = size - (#tail - p) }, Reader)
end

-- Reads the games of the file in its order: gives next(), which gives the
-- next game's line and index, and its record decoded when `decode` (checked
-- too when `check`: its index in order, its fields, as merge reads a file
-- made elsewhere); nil at the end; or false and a one-line reason naming
-- the file, the line and what was expected. The file is closed at the end.
function Reader:games(decode, check)
  local f, err = io.open(self.path, "rb")
  if not f then
    return function() return false, string.format("cannot read '%s': %s", self.path, err) end
  end
  local at_byte = #f:read("l") + 1
  local header, closing, path = self.header, self.closing, self.path
  local k1, n, first = header.shard[1], header.shard[2], header.first
  local expected = M.shard_count(header.games, k1, n)
  local count, done = 0, false
  local function finish(problem)
    done = true
    f:close()
    if problem then return false, problem end
    return nil
  end
  return function()
    if done then return nil end
    if at_byte >= self.closing_at then
      if count ~= tointeger(closing.played) then
        return finish(string.format("%s: the closing line counts %s games but the file holds %d",
          path, tostring(closing.played), count))
      end
      if not closing.interrupted and count ~= expected then
        return finish(string.format("%s: holds %d games; shard %d/%d of %d games has %d", path,
          count, k1, n, header.games, expected))
      end
      return finish()
    end
    local line = f:read("l")
    at_byte = at_byte + #line + 1
    count = count + 1
    local at = count + 1   -- the line's number in the file
    local want = M.shard_index(first, k1, n, count)
    local i = tointeger(tonumber(line:match('^{"i":(%d+)[,}]')))
    local r
    if decode or not i then
      local why
      r, why = decode_record(line)
      if not r then
        return finish(string.format("%s line %d: %s; expected a game's record", path, at, why))
      end
      i = tointeger(r.i)
    end
    if not i or check and i ~= want and not closing.interrupted then
      return finish(string.format("%s line %d: game %s; expected game %s of shard %d/%d", path, at,
        tostring(i or (r and r.i)), tostring(want), k1, n))
    end
    if check then
      local problem = record_problem(r, header.players, header.seed)
      if problem then return finish(string.format("%s line %d: %s", path, at, problem)) end
    end
    return line, i, r
  end
end

-- Reads the games of several files (shards of one run, or the parts a
-- worker process played) in index order, calling fn(line, i, record) for
-- each (see Reader:games for decode and check). Gives true, or nil and the
-- reason.
function M.each_game(readers, decode, check, fn)
  local nexts, heads = {}, {}
  for k, reader in ipairs(readers) do
    nexts[k] = reader:games(decode, check)
    heads[k] = table.pack(nexts[k]())
    if heads[k][1] == false then return nil, heads[k][2] end
  end
  while true do
    local best
    for k = 1, #heads do
      if heads[k][1] and (not best or heads[k][2] < heads[best][2]) then best = k end
    end
    if not best then return true end
    local h = heads[best]
    fn(h[1], h[2], h[3])
    heads[best] = table.pack(nexts[best]())
    if heads[best][1] == false then return nil, heads[best][2] end
  end
end

-- How field k of two headers differs, as text: "X, not Y", or for options
-- the first option that differs, for house files their paths and hashes.
local function difference(k, mine, theirs)
  if k == "options" and type(mine) == "table" and type(theirs) == "table" then
    local names = {}
    for name in pairs(mine) do names[name] = true end
    for name in pairs(theirs) do names[name] = true end
    for _, name in ipairs(require("cardlab.options").sorted_keys(names)) do
      if not same(mine[name], theirs[name]) then
        return string.format("%s=%s, not %s", name, encode(mine[name]), encode(theirs[name]))
      end
    end
  end
  if k == "house" then
    local function files(list)
      local out = {}
      for _, h in ipairs(type(list) == "table" and list or {}) do
        out[#out + 1] = string.format("%s (content hash %s)", tostring(h.path), tostring(h.hash))
      end
      return #out > 0 and concat(out, ", ") or "none"
    end
    return string.format("%s, not %s", files(mine), files(theirs))
  end
  return string.format("%s, not %s", encode(mine), encode(theirs))
end

-- How file f's header differs from file g's in field `field` of SAME:
-- "F played with --rotate, G without it" or "F differs from G in its NAME
-- (X, not Y)".
local function how_differs(field, f, g)
  local k, name = field[1], field[2]
  if k == "rotate" then
    return string.format("%s: played %s --rotate, %s %s it", f.path, f.header[k] and "with" or "without",
      g.path, g.header[k] and "with" or "without")
  end
  return string.format("%s differs from %s in its %s (%s)", f.path, g.path, name,
    difference(k, f.header[k], g.header[k]))
end

-- Checks that the files opened (M.open) are the shards of one run: the
-- same run (header fields in SAME), of the same shard count, each shard
-- once and none missing, none interrupted. Gives the header of the whole
-- (shard 1/1), or nil and a reason (and the numbers of the shards
-- missing, if that is the reason). (Their games are checked as they are
-- read: M.each_game with check.)
function M.merge(files)
  local base = files[1]
  local n = base.header.shard[2]
  local seen = {}
  for _, f in ipairs(files) do
    for _, field in ipairs(SAME) do
      if not same(f.header[field[1]], base.header[field[1]]) then
        return nil, how_differs(field, f, base) .. "; expected shards of one run"
      end
    end
    if f.header.shard[2] ~= n then
      -- (a whole run is a file of one shard: a merge's --out, or a run
      -- without --shard, given with shards of it)
      local function split(g)
        return g.header.shard[2] == 1 and g.path .. " holds the whole run (played without --shard, or merge --out)"
          or string.format("%s is shard %d/%d", g.path, g.header.shard[1], g.header.shard[2])
      end
      return nil, string.format("%s, but %s; expected the shards of one split, or the whole run alone", split(f),
        split(base))
    end
    local k = f.header.shard[1]
    if seen[k] then
      return nil, string.format("%s: shard %d/%d is also in %s; expected each shard once",
        f.path, k, n, seen[k].path)
    end
    if f.closing.interrupted then
      return nil, string.format("%s: shard %d/%d was interrupted after %d games; expected a "
        .. "finished shard (run it again)", f.path, k, n, f.closing.played)
    end
    seen[k] = f
  end
  local missing, texts = {}, {}
  for k = 1, n do
    if not seen[k] then missing[#missing + 1], texts[#texts + 1] = k, k .. "/" .. n end
  end
  if #missing > 0 then
    -- (named by its first file: compare --records reads several runs)
    return nil, string.format("%s: shard%s %s of its run %s missing (%d of the %d given); expected all %d shards",
      base.path, #missing > 1 and "s" or "", concat(texts, ", "), #missing > 1 and "are" or "is",
      n - #missing, n, n), missing
  end
  local header = {}
  for k, v in pairs(base.header) do header[k] = v end
  header.shard = { 1, 1 }
  return header
end

-- The variants of a comparison played elsewhere (cardlab compare --records):
-- each a run merged from its shards (M.merge), { path, header }. They must
-- be runs of the same games, all of SAME but their rules (house files,
-- script hash and options), which are what is compared. Gives nil, or the
-- reason variant b cannot be paired with a.
local RULES = { house = true, script_hash = true, options = true }
function M.unpaired(a, b)
  for _, field in ipairs(SAME) do
    local k = field[1]
    if not RULES[k] and not same(a.header[k], b.header[k]) then
      return how_differs(field, b, a) .. "; expected runs of the same games (game, cardlab version, players, "
        .. "bots, seating, seed and games), differing only in house rules and options"
    end
  end
end

return M
