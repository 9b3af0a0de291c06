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
-- order given for the top level), values through lua-cjson. A table is a
-- list when it has #t > 0 entries and nothing else; an empty table is {}.
--
-- (Speed: lua-cjson writes a number with printf's "%.14g", some 3,000
-- instructions. An integer below 10^14 is written alike by Lua's tostring,
-- at a tenth of the cost, and a list of such integers (or of such lists)
-- in one call by vm.integers_json, where a check of each entry in Lua cost
-- a call; a key's text is kept once made.)
local math_type = math.type
local integers_json = vm.integers_json
local quoted = {}   -- key -> its JSON text

local function by_text(a, b) return tostring(a) < tostring(b) end

local ranks_of_order = setmetatable({}, { __mode = "k" })

local function encode(v, order)
  if type(v) ~= "table" then
    if math_type(v) == "integer" and v < 1e14 and v > -1e14 then return tostring(v) end
    return encode_value(v)
  end
  local integers = integers_json(v)
  if integers then return integers end
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
    if math_type(x) == "integer" and x < 1e14 and x > -1e14 then
      parts[i] = key .. ":" .. x
    else
      parts[i] = key .. ":" .. encode(x)
    end
  end
  return "{" .. concat(parts, ",") .. "}"
end
M.encode = encode

local RECORD_ORDER = { "i", "seed", "ended", "winners", "scores", "ranks", "answers", "rounds",
  "first", "decisions", "branching", "lead_changes", "drama", "decisiveness", "reason", "error",
  "rules", "counters", "trace" }
local HEADER_ORDER = { "format", "version", "cardlab", "game", "script_hash", "options", "house",
  "bots", "players", "seed", "first", "games", "shard" }

---------------------------------------------------------------- playing one game

-- Counts the calls of every function rule piece of def (the game's own and
-- a house file's replacements, however the script reaches them: game.rules
-- or its own rules table, which are the same table). Each piece is replaced
-- by a wrapper of its own arity (a vararg call costs more: Lua 5.4 copies
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
-- them as a table by name, and uncounted(f, a, b, c, d), which calls f(a,
-- b, c, d) and sets the counts and tallies back to what they were before,
-- giving f's first result: the standings, read at requests, and a search
-- bot's games are not the game's (an error in f ends the game, whose counts
-- are then not read).
local GROUP = 100   -- pieces per chunk: a function has at most 200 locals (uncounted
                    -- keeps the counts in as many)

local WRAPPER = {
  [0] = "function() n%d = n%d + 1 return f() end",
  "function(a) n%d = n%d + 1 return f(a) end",
  "function(a, b) n%d = n%d + 1 return f(a, b) end",
  "function(a, b, c) n%d = n%d + 1 return f(a, b, c) end",
  "function(a, b, c, d) n%d = n%d + 1 return f(a, b, c, d) end",
}
local VARARG = "function(...) n%d = n%d + 1 return f(...) end"

-- The chunk counting the pieces of arities `arity` (a list), given T, the
-- list of the game's tallies (game:call_tally), e.g. for two:
--   local T = ...
--   local n1, n2 = 0, 0
--   return { function(f) return function(a) n1 = n1 + 1 return f(a) end end, ... },
--     function() return n1, n2 end,            -- get
--     function() n1, n2 = 0, 0 end,            -- reset
--     function(f, a, b, c, d)                  -- uncounted
--       local s1, s2 = n1, n2
--       (the tallies' calls kept too)
--       local r = f(a, b, c, d)
--       n1, n2 = s1, s2
--       (and set back; tallies handed out in f dropped)
--       return r
--     end
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
local function counting_chunk(arity, tallies)
  local k = #arity
  local ns, ss, wraps, zeros = {}, {}, {}, {}
  for j = 1, k do
    ns[j], ss[j], zeros[j] = "n" .. j, "s" .. j, "0"
    wraps[j] = "function(f) return " .. string.format(WRAPPER[arity[j]] or VARARG, j, j) .. " end"
  end
  local n, sv, z = concat(ns, ", "), concat(ss, ", "), concat(zeros, ", ")
  local source = "local T = ...\n"
    .. "local " .. n .. " = " .. z .. "\n"
    .. "return { " .. concat(wraps, ",\n") .. " },\n"
    .. "function() return " .. n .. " end,\n"
    .. "function() " .. n .. " = " .. z .. " end,\n"
    .. string.format(UNCOUNTED, sv, n, n, sv, n, sv, n, sv) .. "\n"
  return assert(load(source, "=(rule-piece counts)", "t", {}))(tallies)
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
    local t = { calls = 0 }
    tallies[#tallies + 1], tallied[t] = t, list
    return t
  end
  -- per group of pieces: get() gives its counts; reset, uncounted
  local gets, resets, uncounteds, sizes = {}, {}, {}, {}
  for first = 1, #names, GROUP do
    local last = math.min(first + GROUP - 1, #names)
    local arity = {}
    for j = first, last do
      local info = debug.getinfo(def.rules[names[j]], "u")
      arity[#arity + 1] = not info.isvararg and info.nparams or -1
    end
    local wrap, get, reset, uncounted = counting_chunk(arity, first == 1 and tallies or {})
    for j = first, last do
      local piece = def.rules[names[j]]
      local wrapper = wrap[j - first + 1](piece)
      -- (game:uncounted and game:call_tally know it)
      match.counting(wrapper, piece, counting, j)
      def.rules[names[j]] = wrapper
    end
    local g = #gets + 1
    gets[g], resets[g], uncounteds[g], sizes[g] = get, reset, uncounted, last - first + 1
  end
  if #gets == 0 then
    return function() end, function() return {} end, function(f, a, b, c, d) return (f(a, b, c, d)) end
  end
  local function reset()
    for g = 1, #resets do resets[g]() end
    for k = #tallies, 1, -1 do tallies[k] = nil end
    tallied = {}
  end
  local function counts()
    local t, j = {}, 0
    for g = 1, #gets do
      local list = { gets[g]() }
      for k = 1, sizes[g] do j = j + 1; t[names[j]] = list[k] end
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
  return reset, counts, uncounted
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

local vm_standings = vm.standings

-- A player of records for one configuration: def (loaded, its rule pieces
-- then counted), settings (the option settings), players, kinds (the bot of
-- each seat), base seed. Gives play(i), which plays game i (seed base + i -
-- 1) and gives its record.
--
-- What the game asked (decisions, branching, the first seat) the engine
-- counts as it goes (e:requests). The standings are read where a request
-- opens a new round: the engine watches the round (e:watch_rounds), the
-- bots' run stops there, the standings are read, and the run goes on.
function M.player(def, settings, players, kinds, base_seed, max_answers)
  local reset_counts, count_calls, uncounted = M.count_rule_calls(def)
  local standing, round_of = def.standing, def.round

  return function(i)
    local seed = base_seed + i - 1
    reset_counts()
    local record = { i = i, seed = seed }
    local m, err = match.new(def, { players = players, seed = seed, options = settings })
    local status, result, bad
    -- the standings after each round, each seat's, one list for them all
    -- (vm.standings appends them, checked)
    local points = {}
    local game = m and m.game
    if m then
      local engine = m.engine
      if standing then
        -- at a request that opens a new round (the engine's watchdog over it,
        -- an error ends the game in error, as the game's own would), with
        -- the calls of rule pieces kept out of the counts
        local source = m.seats
        if round_of then source = function() return round_of(game) or game.seats:round() end end
        engine:watch_rounds(source, uncounted, vm_standings, standing, game, players, points)
      end
      -- (Match:run: a search bot's seat is answered there, outside the
      -- engine; the games it plays in its head are not this game: the rule
      -- pieces they call are not counted)
      local ok, run_status = pcall(m.run, m, kinds, max_answers, uncounted)
      if not ok then error(run_status, 0) end
      status = run_status
      result, bad = m:result()
      if status == "waiting" then
        bad = string.format("the game did not end within %d answers, or a seat has no bot",
          max_answers)
      elseif status == "over" then
        bad = match.check_result(result, players)
      end
      record.answers = m:count()
    else
      bad = err
    end
    if not bad and standing then
      local ok, why = vm.guard(uncounted, vm_standings, standing, game, players, points)
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
    if #points == 0 and scores then points = record.scores end
    record.lead_changes, record.drama, record.decisiveness = M.standing_metrics(points, winners, players)
    record.rules = count_calls()
    local counters = match.counters(m.game)
    local copy = {}
    for k, v in pairs(counters) do copy[k] = v end
    record.counters = copy
    if i <= M.TRACED then
      -- a list per point
      local trace = {}
      for k = 1, #points, players do trace[#trace + 1] = { table.unpack(points, k, k + players - 1) } end
      record.trace = trace
    end
    return record
  end
end

-- A record as encode(record, RECORD_ORDER) writes it, a fifth faster: its
-- keys looked up in their order (and "typed", the one key a record has that
-- the order does not name, which encode writes after them), not gathered
-- and sorted. A record with another key goes to encode.
local RECORD_KEYS, RECORD_KEY_TEXT = {}, {}
for i, k in ipairs(RECORD_ORDER) do RECORD_KEYS[i] = k end
RECORD_KEYS[#RECORD_KEYS + 1] = "typed"
for i, k in ipairs(RECORD_KEYS) do RECORD_KEY_TEXT[i] = encode_value(k) .. ":" end

function M.encode_record(record)
  local parts, n = {}, 0
  for i = 1, #RECORD_KEYS do
    local x = record[RECORD_KEYS[i]]
    if x ~= nil then
      n = n + 1
      if math_type(x) == "integer" and x < 1e14 and x > -1e14 then
        parts[n] = RECORD_KEY_TEXT[i] .. x
      else
        parts[n] = RECORD_KEY_TEXT[i] .. encode(x)
      end
    end
  end
  local keys = 0
  for _ in next, record do keys = keys + 1 end
  if keys ~= n then return encode(record, RECORD_ORDER) end
  return "{" .. concat(parts, ",") .. "}"
end
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
local SAME = { { "game", "game" }, { "script_hash", "script hash" }, { "cardlab", "cardlab version" },
  { "options", "options" }, { "house", "house files" }, { "bots", "bots" },
  { "players", "player count" }, { "seed", "base seed" }, { "first", "first game" },
  { "games", "number of games" } }
M.SAME = SAME

local function same(a, b) return encode(a) == encode(b) end

-- The game indices of shard k of n of games first..first+games-1.
function M.shard_indices(first, games, k, n)
  local list = {}
  for i = first + k - 1, first + games - 1, n do list[#list + 1] = i end
  return list
end

-- Reads a records file: gives {header, lines (the game lines as text, by
-- index), records (decoded), closing}, or nil and a one-line reason naming
-- the file and what was expected.
function M.read(path)
  local f, err = io.open(path, "rb")
  if not f then return nil, string.format("cannot read '%s': %s", path, err) end
  local text = f:read("a")
  f:close()
  local lines = {}
  for line in text:gmatch("([^\n]*)\n") do lines[#lines + 1] = line end
  -- (not text:match("[^\n]+$"), which tries every start of the last line
  -- and was quadratic in the length of every line: most of the time of
  -- reading a worker's file)
  local tail = #text > 0 and text:byte(-1) ~= 10
  if #lines == 0 and not tail then
    return nil, string.format("%s: empty; expected cardlab records (made by 'cardlab sim --out')", path)
  end
  if tail then
    return nil, string.format("%s: truncated: the last line is cut short (line %d); expected "
      .. "whole lines ending with the closing line", path, #lines + 1)
  end
  local header, why = decode_line(lines[1])
  if not header or header.format ~= M.FORMAT then
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
    return nil, string.format("%s: records of format version %s; this cardlab (%s) reads version %d",
      path, tostring(header.version), vm.version, M.VERSION)
  end
  local shard = header.shard
  if type(shard) ~= "table" or math.type(shard[1]) ~= "integer" or math.type(shard[2]) ~= "integer"
      or shard[1] < 1 or shard[1] > shard[2] or math.type(header.first) ~= "integer"
      or math.type(header.games) ~= "integer" or math.type(header.players) ~= "integer" then
    return nil, string.format("%s: the header lacks its shard, first game, number of games or "
      .. "players; expected a header written by 'cardlab sim --out'", path)
  end
  local closing = decode_line(lines[#lines])
  if #lines < 2 or not closing or closing.done ~= true then
    return nil, string.format("%s: truncated: no closing line after %s; expected the run to "
      .. "finish (a run stopped with Ctrl-C closes its file)", path,
      #lines <= 1 and "the header" or "game line " .. (#lines - 1))
  end
  local expected = M.shard_indices(header.first, header.games, header.shard[1], header.shard[2])
  local records, kept = {}, {}
  for k = 2, #lines - 1 do
    local r, rwhy = decode_line(lines[k])
    if not r then return nil, string.format("%s line %d: %s; expected a game's record", path, k, rwhy) end
    local i = tointeger(r.i)
    if not i or expected[k - 1] ~= i and not closing.interrupted then
      return nil, string.format("%s line %d: game %s; expected game %s of shard %d/%d", path, k,
        tostring(i or r.i), tostring(expected[k - 1]), header.shard[1], header.shard[2])
    end
    records[#records + 1], kept[#kept + 1] = r, lines[k]
  end
  if #records ~= tointeger(closing.played) then
    return nil, string.format("%s: the closing line counts %s games but the file holds %d",
      path, tostring(closing.played), #records)
  end
  if not closing.interrupted and #records ~= #expected then
    return nil, string.format("%s: holds %d games; shard %d/%d of %d games has %d", path,
      #records, header.shard[1], header.shard[2], header.games, #expected)
  end
  return { header = header, lines = kept, records = records, closing = closing, path = path }
end

-- Merges the files read (M.read) of the shards of one run: they must be of
-- the same run (header fields in SAME), of the same shard count, each shard
-- once and none missing, none interrupted. Gives the header of the whole
-- (shard 1/1), the game lines in index order and the records; or nil and a
-- reason.
function M.merge(files)
  local base = files[1]
  local n = base.header.shard[2]
  local seen = {}
  for _, f in ipairs(files) do
    for _, field in ipairs(SAME) do
      local k, name = field[1], field[2]
      if not same(f.header[k], base.header[k]) then
        return nil, string.format("%s: another %s than %s (%s, not %s); expected shards of one run",
          f.path, name, base.path, encode(f.header[k]), encode(base.header[k]))
      end
    end
    if f.header.shard[2] ~= n then
      return nil, string.format("%s: shard %d/%d, but %s is of %d shards; expected shards of one split",
        f.path, f.header.shard[1], f.header.shard[2], base.path, n)
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
  local missing = {}
  for k = 1, n do if not seen[k] then missing[#missing + 1] = k .. "/" .. n end end
  if #missing > 0 then
    return nil, string.format("shard%s %s missing; expected all %d shards", #missing > 1 and "s" or "",
      concat(missing, ", ") .. (#missing > 1 and " are" or " is"), n)
  end
  return M.interleave(files)
end

-- The game lines and records of several files, in index order (shards of
-- one run, or the parts a worker process played); header: the first
-- file's, as shard 1/1.
function M.interleave(files)
  local all = {}
  for _, f in ipairs(files) do
    for k, r in ipairs(f.records) do all[#all + 1] = { r = r, line = f.lines[k] } end
  end
  sort(all, function(a, b) return a.r.i < b.r.i end)
  local lines, records = {}, {}
  for k, e in ipairs(all) do lines[k], records[k] = e.line, e.r end
  local header = {}
  for k, v in pairs(files[1].header) do header[k] = v end
  header.shard = { 1, 1 }
  return header, lines, records
end

return M
