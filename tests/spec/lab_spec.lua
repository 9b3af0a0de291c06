-- The simulation lab: records, their metrics, merge's refusals, compare,
-- Ctrl-C, game:count and rule-piece counts. (4 shards through GNU parallel
-- and the reports in Chromium are tests/e2e/shards_parallel.sh and
-- report_chromium.sh.)

local records = require "cardlab.records"
local loader = require "cardlab.loader"
local support = require "tests.spec.support"
local cjson = require "cjson"
local lfs = require "lfs"

local cardlab = support.run_cardlab

-- A two-seat game of three rounds: each seat picks a card worth 1 or 3
-- points (rules.worth, a piece), counted by game:count; the standing is the
-- points so far.
local GAME = [[
local rules = {}
function rules.worth(answer) return answer == "high" and 3 or 1 end
return { name = "pick", players = { min = 2, max = 2 }, cards = {}, rules = rules,
  setup = function(game) game.state.points = { 0, 0 } end,
  standing = function(game, seat) return game.state.points[seat] end,
  play = function(game)
    local seat = 1
    for _ = 1, 6 do
      local a = game:ask(seat, "pick", "pick", { "low", "high" })
      if a == "high" then game:count("high picked") end
      game.state.points[seat] = game.state.points[seat] + game.rules.worth(a)
      seat = game.seats:next()
    end
    local p = game.state.points
    local winners = p[1] > p[2] and { 1 } or p[2] > p[1] and { 2 } or { 1, 2 }
    return { winners = winners, scores = { p[1], p[2] } }
  end }
]]

local dir
support.fresh_dir_each_test(function(path) dir = path end)

local function lines_of(path)
  local list = {}
  for line in io.lines(path) do list[#list + 1] = cjson.decode(line) end
  return list
end

describe("records", function()
  it("give lead changes, drama and decisiveness from standings", function()
    -- seat 1 leads, seat 2 overtakes at point 3 and wins: one change; seat 2
    -- trails at points 1 and 2 by 2/4 and 1/4 of the largest standing (4)
    local changes, drama, decisive = records.standing_metrics(
      { { 2, 0 }, { 3, 2 }, { 3, 4 }, { 3, 4 } }, { 2 })
    assert.same({ 1, (0.5 + 0.25) / 2, 0.5 }, { changes, drama, decisive })
    -- the winner leads throughout: no change, no drama, decided from the start
    assert.same({ 0, 0, 1 }, { records.standing_metrics({ { 1, 0 }, { 2, 1 } }, { 1 }) })
    -- all tied: no one leads; teammates sharing the lead lead together
    assert.same({ 0, 0, 0.5 }, { records.standing_metrics({ { 0, 0, 0, 0 }, { 5, 1, 5, 1 } }, { 1, 3 }) })
  end)

  it("hold the counters of game:count, the calls of rule pieces, the standings and the decisions", function()
    local path = support.write(dir, "game.lua", GAME)
    local out, status = cardlab(string.format("sim %s -n 20 --jobs 1 --out %s/r.jsonl", path, dir))
    assert.equal(0, status, out)
    local list = lines_of(dir .. "/r.jsonl")
    assert.equal(22, #list)
    local header, closing = list[1], list[22]
    assert.same({ "cardlab-sim-records", 1, "pick", { 1, 1 }, 20 },
      { header.format, header.version, header.game, header.shard, header.games })
    assert.same({ true, 20, false }, { closing.done, closing.played, closing.interrupted })
    for k = 2, 21 do
      local r = list[k]
      assert.equal(k - 1, r.i)
      assert.equal(k - 1, r.seed)
      local highs = (r.scores[1] - 3) / 2 + (r.scores[2] - 3) / 2
      assert.equal(highs, r.counters["high picked"] or 0)
      assert.same({ worth = 6 }, r.rules)
      assert.same({ 3, 3 }, r.decisions)
      assert.equal(2, r.branching)
      assert.equal(1, r.first)
      -- a standing after each of the 3 rounds (read at the next request) and at the end
      if r.i <= records.TRACED then assert.equal(3, #r.trace) end
    end
    assert.matches("high picked%s+%d", out)
  end)

  it("read a game's standings alike however it declares them, its rule pieces not counted", function()
    -- Crazy Eights declares its standings as the cards in each hand (the
    -- engine counts them); a standing function, and a standings function,
    -- give the same records, the traced games' standings included
    local kinds = { "random", "random", "random", "random" }
    local function player(change)
      local def = assert(loader.load("crazyeights"))
      change(def)
      return records.player(def, {}, 4, kinds, 1, 100000)
    end
    local cards = player(function(def) assert.same({ cards = "hand", fewer = true }, def.standings) end)
    local each = player(function(def)
      def.standings = nil
      def.standing = function(game, seat) return -game.zones.hand[seat]:count() end
    end)
    local all = player(function(def)
      def.standings = function(game, into)
        for seat = 1, game.players do into[seat] = -game.zones.hand[seat]:count() end
        return into
      end
    end)
    for i = 1, 8 do
      local line = records.encode_record(cards(i))
      assert.equal(line, records.encode_record(each(i)))
      assert.equal(line, records.encode_record(all(i)))
      if i <= records.TRACED then assert.matches('"trace":%[%[%-%d+,%-%d+,%-%d+,%-%d+%],', line) end
    end
    -- Online's, its sides' megabytes by team, read by the engine from the
    -- game's state, as its standing would give them; Rush for the Web's,
    -- each seat's credits
    for _, case in ipairs({ { "online", function(game, seat) return game.state.megabytes[game.side_of[seat]] end },
                            { "rushfortheweb", function(game, seat) return game.state.credits[seat] end } }) do
      local function with(change)
        local def = assert(loader.load(case[1]))
        assert.equal("table", type(def.standings))
        change(def)
        return records.player(def, {}, 4, kinds, 1, 100000)
      end
      local state = with(function() end)
      local standing = with(function(def) def.standings, def.standing = nil, case[2] end)
      for i = 1, 3 do
        local line = records.encode_record(state(i))
        assert.equal(records.encode_record(standing(i)), line)
        assert.matches('"trace":%[%[', line)
      end
    end
    -- the pieces a standing calls are not the game's: pick's are worth 6 calls
    local path = support.write(dir, "game.lua", GAME:gsub("standing = function%(game, seat%) return",
      "standing = function(game, seat) game.rules.worth('low') return"))
    assert.same({ worth = 6 }, records.player(assert(loader.load(path)), {}, 2, { "random", "random" }, 1, 100)(1).rules)
    path = support.write(dir, "game.lua", GAME:gsub("standing = function%(game, seat%) return game.state.points%[seat%] end",
      "standings = function(game, into) game.rules.worth('low') into[1], into[2] = "
      .. "game.state.points[1], game.state.points[2] return into end"))
    assert.same({ worth = 6 }, records.player(assert(loader.load(path)), {}, 2, { "random", "random" }, 1, 100)(1).rules)
  end)

  it("end a game in error whose standings cannot be read, saying why", function()
    local function first(change)
      local def = assert(loader.load("crazyeights"))
      change(def)
      return records.player(def, {}, 4, { "random", "random", "random", "random" }, 1, 100000)(1)
    end
    local r = first(function(def) def.standings = { cards = "pile" } end)
    -- (both were "is not a zone of every seat (entry 1 is nil; ...)", which
    -- named neither the zones there are nor what a shared zone lacks)
    assert.same({ "error", "standings: no zone named 'pile' (zones: box, discard, hand, stock); expected a zone "
      .. "of each seat, made with game:zone(NAME, { per_seat = true })" }, { r.ended, r.error })
    r = first(function(def) def.standings = { cards = "stock" } end)
    assert.same({ "error", "standings: 'stock' is one shared zone; expected a zone of each seat, made with "
      .. "game:zone(NAME, { per_seat = true })" }, { r.ended, r.error })
    -- a seat left out is not last round's standing
    local rounds = 0
    r = first(function(def)
      def.standings = function(game, into)
        rounds = rounds + 1
        for seat = 1, rounds < 3 and 4 or 3 do into[seat] = 0 end
        return into
      end
    end)
    assert.same({ "error", "standings(game, into) gave false for seat 4; expected a finite number" },
      { r.ended, r.error })
    r = first(function(def) def.standings = nil; def.standing = function() return 0 / 0 end end)
    assert.matches("^standing%(game, seat%) gave [-]?nan for seat 1; expected a finite number$", r.error)
  end)

  it("replay: a record's game is the game of its seed", function()
    local def = assert(loader.load("crazyeights"))
    local play = records.player(def, {}, 3, { "random", "random", "random" }, 40, 100000)
    local again = records.player(assert(loader.load("crazyeights")), {}, 3, { "random", "random", "random" }, 40, 100000)
    assert.equal(records.encode_record(play(7)), records.encode_record(again(7)))
    assert.equal(46, play(7).seed)
  end)

  it("count Crazy Eights' can_play and is_wild for each card in hand, as calling them would", function()
    -- the same can_play copied by a house file: not the book's, so the
    -- legal answers ask it of each card; the book's is one zone:select
    local copy = support.load_with_house("crazyeights", [[
      rules.can_play = function(card, top, suit)
        return rules.is_wild(card) or card.suit == suit or card.rank == top.rank
      end]])
    local kinds = { "random", "random", "random", "random" }
    local fast = records.player(assert(loader.load("crazyeights")), {}, 4, kinds, 1, 100000)
    local slow = records.player(copy, {}, 4, kinds, 1, 100000)
    for i = 1, 8 do
      local a, b = fast(i), slow(i)
      assert.same(b.rules, a.rules)
      assert.same({ b.winners, b.answers }, { a.winners, a.answers })
      assert.is_true(a.rules.can_play > 5 * a.rules.turn)  -- a call per card, not per turn
    end
    -- a house is_wild is asked of each card too, and counted
    local jacks = records.player(support.load_with_house("crazyeights",
      "rules.is_wild = function(card) return card.rank == 'J' end"), {}, 4, kinds, 1, 100000)
    local r = jacks(1)
    assert.is_true(r.rules.is_wild >= r.rules.can_play and r.rules.can_play > 5 * r.rules.turn)
  end)

  it("count Rush for the Web's fits and cost as its per-card path calls them, on its inlined path", function()
    -- under the counting wrappers the play lists stay inlined (game:uncounted
    -- sees through them) and add to a tally of each piece what the per-card
    -- path, which a house copy of fits or of cost takes, calls: cost of each
    -- card in hand, fits of each affordable card with each open project
    local match = require "cardlab.match"
    local FITS_COPY = "local fits = rules.fits\n"
      .. "rules.fits = function(game, seat, resource, project) return fits(game, seat, resource, project) end"
    local COST_COPY = "local cost = rules.cost\n"
      .. "rules.cost = function(game, seat, resource) return cost(game, seat, resource) end"
    local function counted_game(def)
      records.count_rule_calls(def)
      local m = assert(match.new(def, { players = 3, seed = 1 }))
      m:run({ "random", "random", "random" }, 60)
      return m.game
    end
    local book = counted_game(assert(loader.load("rushfortheweb")))
    assert.equal(book.rules.fits, book.rush.book_fits)
    assert.equal(book.rules.cost, book.rush.book_cost)
    -- (the plays so far were listed inlined: their calls are in the tallies)
    assert.is_true(book.rush.fits_tally.calls > 0 and book.rush.cost_tally.calls > 0)
    for _, house in ipairs({ FITS_COPY, COST_COPY }) do
      assert.is_nil(counted_game(support.load_with_house("rushfortheweb", house)).rush.book_fits)
    end
    -- outside a simulation: inlined, nothing to tally
    local plain = assert(match.new(assert(loader.load("rushfortheweb")), { players = 3, seed = 1 })).game
    assert.is_not_nil(plain.rush.book_fits)
    assert.is_nil(plain.rush.fits_tally)
    for _, kinds in ipairs({ { "random", "random", "random" }, { "greedy", "random", "greedy" } }) do
      local fast = records.player(assert(loader.load("rushfortheweb")), {}, 3, kinds, 1, 100000)
      local slow_fits = records.player(support.load_with_house("rushfortheweb", FITS_COPY), {}, 3, kinds, 1, 100000)
      local slow_cost = records.player(support.load_with_house("rushfortheweb", COST_COPY), {}, 3, kinds, 1, 100000)
      for i = 1, 4 do
        local a, b, c = fast(i), slow_fits(i), slow_cost(i)
        assert.same(b.rules, a.rules)
        assert.same({ b.winners, b.answers }, { a.winners, a.answers })
        -- a house cost is asked of every resource card too, to make the
        -- costs public (its count is not the per-card path's alone), which
        -- the greedy bot then plays by
        if kinds[1] == "random" then
          assert.equal(a.rules.fits, c.rules.fits)
          assert.same({ c.winners, c.answers }, { a.winners, a.answers })
        end
        assert.is_true(a.rules.fits > a.rules.turn and a.rules.cost > a.rules.turn)
      end
    end
  end)

  it("read Letter Tycoon's standings from one total of the seats, as its standing gives them", function()
    local match = require "cardlab.match"
    local def = assert(loader.load("lettertycoon"))
    local totals, book_totals = 0, def.rules.totals
    def.rules.totals = function(game) totals = totals + 1 return book_totals(game) end
    local m = assert(match.new(def, { players = 4, seed = 2 }))
    m:run({ "random", "random", "random", "random" }, 120)
    local game = m.game
    totals = 0
    local into = def.standings(game, {})
    assert.equal(1, totals)
    local each, moved = {}, false
    for seat = 1, 4 do
      each[seat] = def.standing(game, seat)
      moved = moved or each[seat] ~= 0
    end
    assert.same(each, into)
    assert.is_true(moved)
  end)

  it("tell a game's faster way the book's pieces from their counting wrappers, and take its tally", function()
    -- a faster way that stands for ten calls of double, as Crazy Eights'
    -- zone:select stands for can_play's
    local path = support.write(dir, "fast.lua", [[
      local rules = {}
      function rules.double(x) return 2 * x end
      local book_double = rules.double
      return { name = "fast", players = { min = 1, max = 1 }, cards = {}, rules = rules,
        setup = function(game)
          if game:uncounted(game.rules.double) == book_double then game:count("the book's") end
          if game.rules.double ~= book_double then game:count("wrapped") end
          game.tally = game:call_tally(game.rules.double)
          if game.tally then game:count("tallied") end
        end,
        play = function(game)
          game.rules.double(1)
          if game.tally then game.tally.calls = game.tally.calls + 10 end
          game:ask(1, "k", "p", { "a" })
          return { winners = { 1 } }
        end }]])
    local match = require "cardlab.match"
    local def = assert(loader.load(path))
    -- no simulation counting: the piece is itself, and no tally is given
    local m = assert(match.new(def, { players = 1, seed = 1 }))
    assert.same({ ["the book's"] = 1 }, match.counters(m.game))
    assert.has_error(function() m.game:call_tally(5) end,
      "bad argument #1 to 'call_tally' (a rule piece expected, got number)")
    -- counted: the wrapper is seen through, and each game's tally added to the count
    local play = records.player(def, {}, 1, { "random" }, 1, 100)
    for i = 1, 2 do
      local r = play(i)
      assert.same({ ["the book's"] = 1, wrapped = 1, tallied = 1 }, r.counters)
      assert.same({ double = 11 }, r.rules)
    end
  end)

  it("leave Letter Tycoon's listing of plays on its faster way", function()
    -- the listing asks whether score_play is the book's, to know whether a
    -- word's Ys need the rules' reading; the counting wrapper is seen through
    -- (else every Y word listed would cost score_play calls, and be counted)
    local match = require "cardlab.match"
    local def = assert(loader.load("lettertycoon"))
    records.count_rule_calls(def)
    local m = assert(match.new(def, { players = 4, seed = 1 }))
    while m:status() == "waiting" and not m.game.play_context do
      m:run({ "random", "random", "random", "random" }, 1)
    end
    -- no one owns B, J or K before the first play
    assert.is_false(m.game.play_context.y_of)
  end)

  it("leave a book game's state as it is: the state made public for the greedy bot under a house rule's pieces", function()
    -- the games tell a house rule's piece from the book's with game:uncounted:
    -- a counting wrapper taken for a house rule made Online's greedy bot throw
    -- its Cyber Patrols away in `sim` (greedy against random changed), and
    -- gave Cryptocurrency's the events' mining terms only there
    local match = require "cardlab.match"
    for game, key in pairs({ online = "patrols", cryptocurrency = "terms", lettertycoon = "house_pieces",
                             rushfortheweb = "house_pieces" }) do
      local def = assert(loader.load(game))
      records.count_rule_calls(def)
      local m = assert(match.new(def, { players = 2, seed = 1 }))
      assert.is_nil(m.game.state[key], game)
    end
  end)

  it("leave every game as it is: the same answers with the counting wrappers as without", function()
    -- a game or bot that compared a piece with the book's took the wrapper
    -- for a house rule's: Crazy Eights' search bot did not read the others'
    -- plays in `sim` (docs/bots.md), and played otherwise than in `play`
    local match = require "cardlab.match"
    local function log_of(def, kinds)
      local m = assert(match.new(def, { players = #kinds, seed = 3 }))
      m:run(kinds, 400)
      local texts = {}
      for i, e in ipairs(m:log()) do texts[i] = e[2] end
      return table.concat(texts, "|")
    end
    local tables = {
      crazyeights = { "ismcts:iterations=40", "greedy", "greedy" },
      online = { "greedy", "random" }, cryptocurrency = { "greedy", "random", "greedy" },
      rushfortheweb = { "random", "greedy" }, lettertycoon = { "greedy", "random" },
    }
    for game, kinds in pairs(tables) do
      local plain = log_of(assert(loader.load(game)), kinds)
      local def = assert(loader.load(game))
      records.count_rule_calls(def)
      assert.equal(plain, log_of(def, kinds), game)
    end
  end)

  it("count every piece of a game of more pieces than one counting chunk holds, standings not counted", function()
    -- (a chunk counts 100 pieces: 150 take two, the counts of both read by
    -- name, the standings read outside the count of either)
    local path = support.write(dir, "many.lua", [[
local rules = {}
for k = 1, 150 do rules[string.format("p%03d", k)] = function(x) return x end end
return { name = "many", players = { min = 2, max = 2 }, cards = {}, rules = rules,
  standing = function(game, seat) return game.rules.p001(seat) + game.rules.p150(0) end,
  setup = function() end,
  play = function(game)
    local seat = 1
    for turn = 1, 4 do
      game:ask(seat, "pick", "pick", { "a", "b" })
      for k = 1, 150 do if k % turn == 0 then game.rules[string.format("p%03d", k)](k) end end
      seat = game.seats:next()
    end
    return { winners = { 1 } }
  end }
]])
    local r = records.player(assert(loader.load(path)), {}, 2, { "random", "random" }, 1, 1000)(1)
    assert.equal("normal", r.ended, r.error)
    local names = 0
    for name, calls in pairs(r.rules) do
      names = names + 1
      local k, expected = tonumber(name:sub(2)), 0
      for turn = 1, 4 do if k % turn == 0 then expected = expected + 1 end end
      assert.equal(expected, calls, name)
    end
    assert.equal(150, names)
  end)

  it("do not count the rule pieces that a search bot's own games call", function()
    local play = records.player(assert(loader.load("crazyeights")), {}, 2,
      { "ismcts:iterations=20", "random" }, 1, 100000)
    local r = play(1)
    -- (this game, with the search's greedy playouts, ends in a tie)
    assert.is_true(r.ended == "normal" or r.ended == "tie", r.ended)
    -- validate and setup ask hand_size once each, in this game only
    assert.equal(2, r.rules.hand_size)
    assert.is_true(r.rules.turn <= r.answers)
  end)

  it("are the same in one process or in two, Letter Tycoon's is_vowel calls included", function()
    local texts = {}
    for jobs = 1, 2 do
      local path = string.format("%s/j%d.jsonl", dir, jobs)
      local out, status = cardlab(string.format("sim lettertycoon -n 4 --players 2 --seed 7 --jobs %d --out %s",
        jobs, path))
      assert.equal(0, status, out)
      local lines = {}
      for line in io.lines(path) do lines[#lines + 1] = line end
      texts[jobs] = table.concat(lines, "\n", 2, #lines - 1)
    end
    assert.equal(texts[1], texts[2])
    assert.matches('"is_vowel":25', texts[1])
  end)
end)

  it("are read back whole when a line is longer than a read block, or ends across one", function()
    -- (the reader reads 64 KB at a time, from the end of the header: the
    -- first game's line is one block exactly, its newline the next block's
    -- first byte; the others of every length, some of several blocks)
    local path = support.write(dir, "game.lua", GAME)
    local out, status = cardlab(string.format("sim %s -n 40 --jobs 1 --out %s/r.jsonl", path, dir))
    assert.equal(0, status, out)
    local lines = {}
    for line in io.lines(dir .. "/r.jsonl") do lines[#lines + 1] = line end
    local long = { 1, 65536, 200000, 7, 65535, 131072 }
    for k = 2, #lines - 1 do
      local length = k == 2 and 65536 or #lines[k] + long[k % #long + 1] + 13 * k
      local padding = length - #lines[k] - #',"padding":""'
      lines[k] = lines[k]:sub(1, -2) .. ',"padding":"' .. string.rep("x", padding) .. '"}'
      assert.equal(length, #lines[k])
    end
    local f = assert(io.open(dir .. "/long.jsonl", "wb"))
    f:write(table.concat(lines, "\n"), "\n")
    f:close()
    local reader = assert(records.open(dir .. "/long.jsonl"))
    local read = {}
    assert(records.each_game({ reader }, true, true, function(line, i, r)
      read[#read + 1] = line
      assert.equal(#read, i)
      assert.equal(#read, r.i)
    end))
    assert.same({ table.unpack(lines, 2, #lines - 1) }, read)
  end)

describe("cardlab merge", function()
  local function shard(k, n, extra)
    local path = string.format("%s/s%d%s.jsonl", dir, k, extra and "x" or "")
    local out, status = cardlab(string.format("sim crazyeights -n 30 --jobs 1 --shard %d/%d --out %s %s",
      k, n, path, extra or ""))
    assert.equal(0, status, out)
    return path
  end

  it("refuses shards of different runs, overlapping or missing shards, naming the file", function()
    local s1, s2, s3 = shard(1, 3), shard(2, 3), shard(3, 3)
    local other = shard(3, 3, "--option draw_limit=1")
    local out, status = cardlab(string.format("merge %s %s", s1, s2))
    assert.same({ string.format("cardlab: merge: %s: shard 3/3 of its run is missing (2 of the 3 given); expected "
      .. "all 3 shards\n", s1), 1 }, { out, status })
    out = cardlab(string.format("merge %s %s %s %s", s1, s2, s3, s1))
    assert.matches("s1%.jsonl: shard 1/3 is also in .*s1%.jsonl; expected each shard once", out)
    out = cardlab(string.format("merge %s %s %s", s1, s2, other))
    assert.matches("s3x%.jsonl differs from .*s1%.jsonl in its options %(draw_limit=1, not 3%); expected shards of one run", out)
    out, status = cardlab(string.format("merge %s %s %s --json", s3, s1, s2))
    assert.equal(0, status)
    assert.equal(30, cjson.decode(out).games)
    -- a whole run (merge's --out) with a shard of it: said as such, not as
    -- "is of 1 shards"
    local whole = dir .. "/whole.jsonl"
    cardlab(string.format("merge %s %s %s --out %s", s1, s2, s3, whole))
    out, status = cardlab(string.format("merge %s %s", whole, s2))
    assert.same({ string.format("cardlab: merge: %s is shard 2/3, but %s holds the whole run (played without --shard, "
      .. "or merge --out); expected the shards of one split, or the whole run alone\n", s2, whole), 1 }, { out, status })
  end)

  it("names the player count where shards differ in it, not the list of bots it lengthens", function()
    local s1, three = shard(1, 2), shard(2, 2, "--players 3")
    local out, status = cardlab(string.format("merge %s %s", s1, three))
    assert.equal(1, status)
    assert.matches("s2x%.jsonl differs from .*s1%.jsonl in its player count %(3, not 4%); expected shards of one run",
      out)
  end)

  it("refuses a file that is not cardlab's, truncated or of another version", function()
    local s1 = shard(1, 1)
    local text = support.read(s1)
    local function try(name, content)
      local path = support.write(dir, name, content)
      local out, status = cardlab("merge " .. path)
      assert.equal(1, status)
      return out
    end
    assert.matches("not a file of cardlab records %(its first line is not JSON%)", try("a.jsonl", "hello\n"))
    assert.matches("its first line is another JSON object", try("b.jsonl", '{"x":1}\n'))
    assert.matches("truncated: the last line is cut short", try("c.jsonl", text:sub(1, #text - 5)))
    assert.matches("truncated: no closing line after game line 3; expected the run to finish",
      try("d.jsonl", text:match("^([^\n]*\n[^\n]*\n[^\n]*\n[^\n]*\n)")))
    assert.matches("records of format version 9; this cardlab %(.-%) reads version 1",
      try("e.jsonl", (text:gsub('"version":1', '"version":9', 1))))
    assert.matches("line 3: game 5; expected game 2 of shard 1/1",
      try("f.jsonl", (text:gsub('{"i":2,', '{"i":5,', 1))))
  end)
end)

describe("cardlab sim and compare", function()
  it("refuse bad input with one line and status 2, leaving no file behind", function()
    local out = dir .. "/out.jsonl"
    for args, message in pairs({
      ["sim crazyeights --shard 5/4"] = "sim: --shard 5/4: expected I/N with 1 <= I <= N",
      ["sim crazyeights --shard 0/4"] = "sim: --shard 0/4: expected I/N",
      ["sim crazyeights --shard auto"] = "sim: --shard auto: no shard in the environment",
      ["sim crazyeights --jobs 0"] = "sim: --jobs must be at least 1",
      ["sim crazyeights --option nope=1"] = "sim: unknown option 'nope' for crazyeights",
      ["sim crazyeights --bots random,smart"] = "sim: --bots: 'smart' at place 2 is not a bot",
      ["compare crazyeights base"] = "compare: expected GAME and two or more variants",
      ["compare crazyeights base draw_limit=1,x"] = "compare: variant 'draw_limit=1,x': 'x' is not an option setting; expected k=v",
      ["compare crazyeights base draw_limit=lots"] = "compare: variant 'draw_limit=lots': option 'draw_limit': 'lots' is not valid",
      ["compare crazyeights base draw_limit=1 --until-ci -3"] = "compare: --until-ci -3: expected the widest",
      ["merge"] = "merge: which files?",
    }) do
      local text, status = cardlab(args .. " --out " .. out:gsub("%-", "%%-"))
      if args:match("^compare") or args == "merge" then text, status = cardlab(args) end
      assert.equal(2, status, args .. ": " .. text)
      assert.equal(1, text:find("cardlab: " .. message, 1, true), text)
      assert.equal(1, select(2, text:gsub("\n", "")), text)
    end
    local text, status = cardlab("sim crazyeights -n 5 --out " .. dir)
    assert.equal(2, status)
    assert.matches("%-%-out: '.-' is a directory, not a regular file", text)
    for entry in lfs.dir(dir) do assert.is_nil(entry:match("jsonl"), entry) end
  end)

  it("refuse to write --out or --report over another file of the command, leaving it whole", function()
    local s1, s2 = dir .. "/s1.jsonl", dir .. "/s2.jsonl"
    cardlab("sim crazyeights -n 4 --jobs 1 --shard 1/2 --out " .. s1)
    cardlab("sim crazyeights -n 4 --jobs 1 --shard 2/2 --out " .. s2)
    local before = support.read(s1)
    for args, message in pairs({
      ["merge <S1> <S2> --out <DIR>/./s1.jsonl"] = "merge: --out <DIR>/./s1.jsonl and the input <S1> are the same file",
      ["merge <S1> <S2> --report <S2>"] = "merge: --report <S2> and the input <S2> are the same file",
      ["merge <S1> <S2> --out <DIR>/m --report <DIR>/m"] = "merge: --out <DIR>/m and --report <DIR>/m are the same file",
      ["sim crazyeights -n 4 --jobs 1 --out <S1> --report <S1>"] = "sim: --out <S1> and --report <S1> are the same file",
    }) do
      -- (in one pass: a temporary folder named /tmp/lua_3DkS2Y had its
      -- "S2" replaced when each name was filled in after the one before)
      local function filled(text) return (text:gsub("<(%u+%d?)>", { S1 = s1, S2 = s2, DIR = dir })) end
      local text, status = cardlab(filled(args))
      assert.equal(2, status, args .. ": " .. text)
      assert.equal("cardlab: " .. filled(message) .. "; expected a file of its own for each\n", text)
    end
    assert.equal(before, support.read(s1))
    assert.is_nil(io.open(dir .. "/m"))
  end)

  it("sim: keeps the figures under their headings when a bot's name is long", function()
    local script = support.write(dir, "game.lua", GAME)
    local text, status = cardlab("sim " .. script .. " -n 3 --jobs 1 --bots ismcts:iterations=2,c=1,random")
    assert.equal(0, status, text)
    local header = text:match("\n(  seat  bot[^\n]*)\n")
    local wins_end = select(2, header:find("wins"))
    local share_end = select(2, header:find("share"))
    local rows = 0
    for row in text:gmatch("\n(     %d  [^\n]*)") do
      rows = rows + 1
      -- the wins (a number with one decimal) end under "wins"'s last letter and one past it
      local _, wins = row:find("^     %d  %S+%s+%d+%.%d")
      assert.equal(wins_end + 1, wins, text)
      -- the share ends under "share" (its % sign one past it)
      assert.equal(share_end + 1, select(2, row:find("%d%%", wins + 1)), text)
    end
    assert.equal(2, rows, text)
  end)

  it("sim and compare: a name with letters beyond ASCII keeps the figures in their columns", function()
    -- (string.format's %-26s padded by bytes: 'größer' took 8 of the bot
    -- column's places for 6 letters, and its row's figures sat 2 to the left)
    -- the code point at a line's column `col`, "" past its end
    local function at(line, col)
      local i = utf8.offset(line, col)
      if not i or i > #line then return "" end
      return line:sub(i, (utf8.offset(line, col + 1) or #line + 1) - 1)
    end
    local function ends_at(line, col) return at(line, col) ~= " " and at(line, col + 1) == " " end
    local script = support.write(dir, "game.lua", GAME:gsub('game:count%("high picked"%)',
      'game:count("high picked"); game:count("größe gewählt")'):gsub("rules = rules,",
      'rules = rules, bots = { ["größer"] = function(view, request) return "high" end },'))
    local text, status = cardlab("sim " .. script .. " -n 6 --jobs 1 --bots größer,random")
    assert.equal(0, status, text)
    local wins_at = {}
    for row in text:gmatch("\n(     %d  [^\n]*)") do
      wins_at[#wins_at + 1] = utf8.len(row:match("^(     %d  .- +%d+%.%d) "))
    end
    assert.same({ wins_at[1], wins_at[1] }, wins_at, text)
    assert.matches("\n  counter +a game[^\n]*\n  größe gewählt ", text)
    local rows  -- counted from the metrics' heading on
    for line in text:gmatch("\n(  %S[^\n]*)") do
      -- the metric, rule piece and counter tables: their means end at column 39
      if line:match("^  metric") then rows = 0 end
      if rows and not line:match("^  mean length") then
        rows = rows + 1
        assert.is_true(ends_at(line, 39), line .. "\n" .. text)
      end
    end
    assert.is_true(rows and rows > 10, text)
    -- compare: a variant's name of 10 letters in 11 bytes is its column's head
    local house = support.write(dir, "Ümlaut.lua", "rules.worth = function(answer) return 2 end\n")
    -- (named as given: run in its folder)
    local p = assert(io.popen(string.format("cd %s && CARDLAB_PLAIN=1 %s compare game.lua base %s -n 6 --jobs 1 2>&1",
      dir, support.cardlab(), house:match("[^/]+$"))))
    text = p:read("a")
    assert.is_true(p:close(), text)
    local table_rows = text:match("\n(  measure .-)\n\n")
    assert.matches("^  measure +base +Ümlaut.lua difference", table_rows)
    local n = 0
    for line in table_rows:gmatch("[^\n]+") do
      n = n + 1
      assert.is_true(ends_at(line, 43) and ends_at(line, 54), line .. "\n" .. text)
    end
    assert.matches("\n  counter größe gewählt ", table_rows)
    assert.is_true(n > 10, text)
  end)

  it("sim: a mean's interval that crosses 0 where no game's value did is marked, not cut", function()
    local summary = require "cardlab.summary"
    assert.is_true(summary.past_zero { lo = -1, hi = 5, min = 0, max = 3 })
    assert.is_true(summary.past_zero { lo = -5, hi = 0.5, min = -4, max = 0 })  -- never positive
    assert.is_false(summary.past_zero { lo = -1, hi = 5, min = -2, max = 3 })  -- a negative seen
    assert.is_false(summary.past_zero { lo = 0.5, hi = 9, min = 1, max = 3 })  -- wider, not across 0
    -- 5 games of Crazy Eights: seat 1 scored 133, 157, 0, 0 and 0
    local report = dir .. "/r.html"
    local text, status = cardlab("sim crazyeights -n 5 --jobs 1 --report " .. report)
    assert.equal(0, status, text)
    assert.matches("\n     1  random [^\n]*  58%.00   %-41%.17 to 157%.17 ~\n", text)
    assert.matches("\n  ~ crosses 0, though no game's value did: 5 games are too\n"
      .. "    few for the t interval's normal approximation; shown as computed, not cut %(play more: %-n%)\n", text)
    assert.matches("\n  decisiveness +0%.06 +%-0%.0014 to 0%.12 ~\n", text)
    assert.matches("<td>%-41%.17 to 157%.17 ~</td>", support.read(report))
    assert.matches('<p class="note">~ The interval crosses 0', support.read(report))
    local t = cjson.decode((cardlab("sim crazyeights -n 5 --jobs 1 --json")))
    assert.same({ 0, 157 }, t.score_range[1])
    assert.is_true(t.score_ci[1][1] < 0)  -- the interval as computed
    -- 200 games: no interval crosses 0, no mark, no note
    text = cardlab("sim crazyeights -n 200 --jobs 1")
    assert.is_nil(text:find("~", 1, true), text)
  end)

  it("refuse to write --out or --report over the game's script or house-rule file", function()
    local house = support.write(dir, "house.lua", "options.draw_limit = 1\n")
    local script = support.write(dir, "game.lua", GAME)
    for args, message in pairs({
      ["sim crazyeights -n 4 --jobs 1 --house H --out H"] = "sim: --out: cannot write 'H': it is the game's house-rule file",
      ["sim crazyeights -n 4 --jobs 1 --house H --report H"] = "sim: --report: cannot write 'H': it is the game's house-rule file",
      ["sim G -n 4 --jobs 1 --out G"] = "sim: --out: cannot write 'G': it is the game's rule script",
      ["compare crazyeights base H -n 4 --jobs 1 --report H"] = "compare: --report: cannot write 'H': it is the game's house-rule file",
    }) do
      -- (one pass: a temporary folder's name may hold an H or a G)
      local function filled(text) return (text:gsub("%f[%w][HG]%f[%W]", { H = house, G = script })) end
      local text, status = cardlab(filled(args))
      assert.equal(2, status, args .. ": " .. text)
      assert.equal("cardlab: " .. filled(message) .. "; expected a file of its own\n", text)
    end
    assert.equal("options.draw_limit = 1\n", support.read(house))
    assert.equal(GAME, support.read(script))
  end)

  it("refuse to write merge's and compare --records' outputs over the house-rule file the records were played with", function()
    local house = support.write(dir, "house.lua", "options.draw_limit = 1\n")
    local base, ruled = dir .. "/base.jsonl", dir .. "/ruled.jsonl"
    cardlab("sim crazyeights -n 4 --jobs 1 --out " .. base)
    cardlab("sim crazyeights -n 4 --jobs 1 --house " .. house .. " --out " .. ruled)
    for _, args in ipairs({ "merge " .. ruled .. " --out " .. house, "merge " .. ruled .. " --report " .. house,
                            "compare --records " .. base .. " " .. ruled .. " --report " .. house }) do
      local text, status = cardlab(args)
      assert.equal(2, status, args .. ": " .. text)
      assert.equal(string.format("cardlab: %s: --%s: cannot write '%s': it is the house-rule file %s was played "
        .. "with; expected a file of its own\n", args:match("^%a+"), args:match("%-%-(%a+) %S+$"), house, ruled), text)
    end
    assert.equal("options.draw_limit = 1\n", support.read(house))
  end)

  it("refuse '-' for --out and --report (standard output holds the summary), writing no file '-'", function()
    local records = dir .. "/r.jsonl"
    cardlab("sim crazyeights -n 2 --jobs 1 --out " .. records)
    cardlab("sim crazyeights -n 2 --jobs 1 --option draw_limit=1 --out " .. dir .. "/r1.jsonl")
    local function in_dir(args)
      local p = assert(io.popen(string.format("cd '%s' && %s %s 2>&1; echo \"exit=$?\"", dir, support.cardlab(), args)))
      local out = p:read("a")
      p:close()
      return (out:gsub("exit=%d+%s*$", "")), tonumber(out:match("exit=(%d+)%s*$"))
    end
    for _, args in ipairs({ "sim crazyeights -n 2 --jobs 1 --out -", "sim crazyeights -n 2 --jobs 1 --report -",
                            "merge r.jsonl --out -", "merge r.jsonl --report -",
                            "compare crazyeights base draw_limit=1 -n 2 --jobs 1 --report -",
                            "compare --records r.jsonl r1.jsonl --report -" }) do
      local text, status = in_dir(args)
      assert.equal(2, status, args .. ": " .. text)
      assert.equal(string.format("cardlab: %s: %s: '-' (standard output) cannot be used: the summary is printed "
        .. "there; expected a file name (./- for a file named -)\n", args:match("^%a+"), args:match("(%-%-%a+) %-$")), text)
      assert.is_nil(lfs.attributes(dir .. "/-"), args)
    end
    -- the file named - that the message offers
    local text, status = in_dir("sim crazyeights -n 2 --jobs 1 --out ./-")
    assert.equal(0, status, text)
    assert.equal(4, #lines_of(dir .. "/-"))
  end)

  it("refuse a --report in a folder that does not exist before playing, with status 2", function()
    local report = dir .. "/no_such_folder/r.html"
    cardlab("sim crazyeights -n 4 --jobs 1 --out " .. dir .. "/r.jsonl")
    cardlab("sim crazyeights -n 4 --jobs 1 --option draw_limit=1 --out " .. dir .. "/r1.jsonl")
    for _, args in ipairs({ "sim crazyeights -n 4 --jobs 1", "compare crazyeights base draw_limit=1 -n 4 --jobs 1",
                            "merge " .. dir .. "/r.jsonl",
                            "compare --records " .. dir .. "/r.jsonl " .. dir .. "/r1.jsonl" }) do
      local text, status = cardlab(args .. " --report " .. report)
      assert.equal(2, status, args .. ": " .. text)
      assert.equal(string.format("cardlab: %s: --report: cannot write '%s': No such file or directory\n",
        args:match("^%a+"), report), text)
    end
  end)

  it("takes --shard auto from Slurm's and Kubernetes' variables", function()
    cardlab("sim crazyeights -n 8 --jobs 1 --shard auto --out " .. dir .. "/a.jsonl", nil,
      "SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_COUNT=4")
    assert.same({ 3, 4 }, lines_of(dir .. "/a.jsonl")[1].shard)
    cardlab("sim crazyeights -n 8 --jobs 1 --shard auto --out " .. dir .. "/b.jsonl", nil,
      "JOB_COMPLETION_INDEX=0 CARDLAB_SHARDS=2")
    assert.same({ 1, 2 }, lines_of(dir .. "/b.jsonl")[1].shard)
    assert.equal(4, #lines_of(dir .. "/b.jsonl") - 2)
  end)

  it("compare --records: runs played elsewhere, whole or in shards, compare as compare plays them", function()
    -- (a comparison between searching bots takes a cluster: each variant's
    -- shards are played as Slurm tasks, then compared in one place)
    local run = "crazyeights -n 60 --seed 3 --players 3 --bots greedy,random --jobs 1"
    local base, shards = dir .. "/cmp-base.jsonl", {}
    cardlab("sim " .. run .. " --out " .. base)
    for k = 1, 3 do
      shards[k] = string.format("%s/cmp-h3-%d.jsonl", dir, k)
      cardlab(string.format("sim %s --option hand_size=3 --shard %d/3 --out %s", run, k, shards[k]))
    end
    local untimed = function(text) return (text:gsub('"seconds":[^,}]*', "")) end
    local played, status = cardlab("compare " .. run:gsub("%-n 60", "base hand_size=3 -n 60") .. " --json")
    assert.equal(0, status, played)
    local read
    read, status = cardlab(string.format("compare --records %s %s %s %s --json", base, shards[3], shards[1],
      shards[2]))
    assert.equal(0, status, read)
    assert.equal(untimed(played), untimed(read))
    assert.same({ "base", "hand_size=3" }, { cjson.decode(read).variants[1].name, cjson.decode(read).variants[2].name })
    -- the text too, the reference named as compare names it
    local text = cardlab(string.format("compare --records %s %s %s %s", base, shards[1], shards[2], shards[3]))
    assert.equal(cardlab("compare " .. run:gsub("%-n 60", "base hand_size=3 -n 60")), text)
    -- each refused in one line, naming the file and what was expected
    local other = dir .. "/cmp-seed4.jsonl"
    cardlab("sim " .. run:gsub("seed 3", "seed 4") .. " --option hand_size=3 --out " .. other)
    -- (the reference's rules at 4 players: one variant's rules, told by what differs)
    local four = dir .. "/cmp-four.jsonl"
    cardlab("sim " .. run:gsub("players 3", "players 4") .. " --out " .. four)
    for args, want in pairs({
      [base] = { 2, "compare: --records: expected the records files of two or more variants" },
      [base .. " " .. base] = { 2, "is given twice (files 1 and 2)" },
      [shards[1] .. " " .. shards[2] .. " " .. shards[3]] = { 1, "every file is of one variant" },
      [base .. " " .. four] = { 1, four .. " differs from " .. base .. " in its player count (4, not 3)" },
      [base .. " " .. shards[1] .. " " .. shards[3]] = { 1, shards[1] .. ": shard 2/3 of its run is missing (2 of the 3 given); expected all 3 shards" },
      [base .. " " .. other] = { 1, "differs from " .. base .. " in its base seed (4, not 3); expected runs of the same games" },
      [base .. " " .. other .. " -n 5"] = { 2, "-n does not go with --records" },
      [base .. " " .. other .. " --report " .. base] = { 2, "are the same file" },
      -- (told before the files are read, as compare tells it before it plays)
      [base .. " " .. shards[1] .. " " .. shards[2] .. " " .. shards[3] .. " --report " .. dir
        .. "/none/r.html"] = { 2, "compare: --report: cannot write" },
    }) do
      local out, code = cardlab("compare --records " .. args)
      assert.equal(want[1], code, args .. ": " .. out)
      assert.truthy(out:find(want[2], 1, true), out)
      assert.equal(1, select(2, out:gsub("\n", "")), out)
    end
  end)

  it("compare --records names a house file's variant as compare does: the values the file gives are its rules", function()
    -- (the file sets draw_limit and declares bonus, default 2: compare names
    -- 'h.lua' and 'h.lua,bonus=4'; read from records they were named
    -- 'h.lua,bonus=2,draw_limit=1' and 'h.lua,bonus=4,draw_limit=1')
    local house = support.write(dir, "h.lua", 'options.draw_limit = 1\n'
      .. 'new_option { name = "bonus", type = "integer", default = 2, min = 0, max = 9, doc = "unused" }\n')
    local run = "crazyeights -n 6 --jobs 1"
    local files = {}
    for k, rules in ipairs({ "", " --house " .. house, " --house " .. house .. " --option bonus=4" }) do
      files[k] = string.format("%s/v%d.jsonl", dir, k)
      cardlab(string.format("sim %s%s --out %s", run, rules, files[k]))
    end
    local untimed = function(text) return (text:gsub('"seconds":[^,}]*', "")) end
    local played, status = cardlab(string.format("compare crazyeights base %s %s,bonus=4 -n 6 --jobs 1 --json",
      house, house))
    assert.equal(0, status, played)
    local read
    read, status = cardlab("compare --records " .. table.concat(files, " ") .. " --json")
    assert.equal(0, status, read)
    local names = {}
    for k, v in ipairs(cjson.decode(read).variants) do names[k] = v.name end
    assert.same({ "base", house, house .. ",bonus=4" }, names)
    assert.equal(untimed(played), untimed(read))
  end)

  it("compare --records names a value set back from the house file's own, as compare does", function()
    -- (the file sets draw_limit=1; its variant played at draw_limit=3, the
    -- base's, was named 'h.lua', as if it played the file's 1)
    local house = support.write(dir, "h.lua", "options.draw_limit = 1\n")
    local run = "crazyeights -n 6 --jobs 1"
    cardlab(string.format("sim %s --out %s/b.jsonl", run, dir))
    cardlab(string.format("sim %s --house %s --option draw_limit=3 --out %s/h.jsonl", run, house, dir))
    local played = cardlab(string.format("compare crazyeights base %s,draw_limit=3 -n 6 --jobs 1 --json", house))
    local read, status = cardlab(string.format("compare --records %s/b.jsonl %s/h.jsonl --json", dir, dir))
    assert.equal(0, status, read)
    assert.equal(house .. ",draw_limit=3", cjson.decode(played).variants[2].name)
    assert.equal(house .. ",draw_limit=3", cjson.decode(read).variants[2].name)
  end)

  it("compare --records: a shard played after its house file was edited is named where its run misses it", function()
    -- (it is read as another variant's, one shard of three: the refusal
    -- named neither, "shard 2/3 is missing; expected all 3 shards")
    local house = support.write(dir, "h.lua", "options.draw_limit = 1\n")
    local run = "crazyeights -n 6 --jobs 1"
    local base, files = dir .. "/b.jsonl", {}
    cardlab(string.format("sim %s --out %s", run, base))
    for k = 1, 3 do
      support.write(dir, "h.lua", k == 2 and "options.draw_limit = 2\n" or "options.draw_limit = 1\n")
      files[k] = string.format("%s/h%d.jsonl", dir, k)
      cardlab(string.format("sim %s --house %s --shard %d/3 --out %s", run, house, k, files[k]))
    end
    local out, status = cardlab(string.format("compare --records %s %s %s %s", base, files[1], files[2], files[3]))
    assert.equal(1, status, out)
    assert.equal(1, select(2, out:gsub("\n", "")), out)
    assert.matches(("^cardlab: compare: F1: shard 2/3 of its run is missing %(2 of the 3 given%); expected all 3 "
      .. "shards %(F2 holds shard 2/3, but was played under other rules: a house file or options changed between "
      .. "the shards%?%)\n$"):gsub("F%d", function(k)
        return (({ F1 = files[1], F2 = files[2] })[k]:gsub("%p", "%%%0")) end), out)
  end)

  it("compare --records: two runs each missing a shard are not told that one holds the other's", function()
    -- (d2 is of the draw_limit=1 run, which lacks shard 3: it was named as
    -- the base run's shard 2 played under other rules)
    local run = "crazyeights -n 6 --jobs 1"
    for k = 1, 3 do
      cardlab(string.format("sim %s --shard %d/3 --out %s/b%d.jsonl", run, k, dir, k))
      cardlab(string.format("sim %s --option draw_limit=1 --shard %d/3 --out %s/d%d.jsonl", run, k, dir, k))
    end
    local out, status = cardlab(string.format("compare --records %s/b1.jsonl %s/b3.jsonl %s/d1.jsonl %s/d2.jsonl",
      dir, dir, dir, dir))
    assert.equal(1, status, out)
    assert.equal(string.format("cardlab: compare: %s/b1.jsonl: shard 2/3 of its run is missing (2 of the 3 given); "
      .. "expected all 3 shards\n", dir), out)
  end)

  it("compare: the same variant twice differs by nothing; --until-ci stops once the intervals are narrow", function()
    local out, status = cardlab("compare crazyeights base turn_limit=1000 -n 1000 --until-ci 0.01 --jobs 1 --json")
    assert.equal(0, status, out)
    local t = cjson.decode(out)
    assert.equal(100, t.games)  -- the first batch: every difference is exactly 0
    for _, row in ipairs(t.variants[2].comparison) do
      assert.same({ 0, 1, false }, { row.diff, row.p, row.significant }, row.name)
    end
  end)

  it("compare: with no row marked, the footer says none is, not '0 of the 0 marked'", function()
    for _, main in ipairs({ "", " --main wins" }) do
      local out, status = cardlab("compare crazyeights base turn_limit=1000 -n 20 --jobs 1" .. main)
      assert.equal(0, status, out)
      assert.matches("\n%*%* still significant with Holm's correction for the %d+ [%w ]*rows [^\n]*tested together: "
        .. "none is marked %*\n", out)
    end
  end)

  it("compare: --until-ci watches the win shares' intervals, in points of share", function()
    -- scores, lengths and rule calls have intervals in their own units, many
    -- times 0.3 wide: they kept every run going to -n
    local out, status = cardlab("compare crazyeights base draw_limit=1 -n 1000 --until-ci 0.3 --jobs 1 --json")
    assert.equal(0, status, out)
    local t = cjson.decode(out)
    assert.equal(100, t.games)
    local widest, other = 0, 0
    for _, row in ipairs(t.variants[2].comparison) do
      if row.name:match("win share$") then widest = math.max(widest, row.hi - row.lo)
      else other = math.max(other, row.hi - row.lo) end
    end
    assert.is_true(widest <= 0.3 and other > 0.3, string.format("%g, %g", widest, other))
  end)

  it("compare: a change that matters is significant, with the variant's own figures", function()
    local out, status = cardlab("compare crazyeights base hand_size=3 -n 300 --jobs 2 --bots greedy,random")
    assert.equal(0, status, out)
    assert.matches("hand_size=3 against base %(300 paired games%)", out)
    assert.matches("\n  length %(answers%)%s+[%d.]+%s+[%d.]+%s+%-[%d.]+%s+%-[%d.]+ to %-[%d.]+%s+p [=<] [%d.]+  %*%*?\n", out)
  end)

  it("compare: says which differences stay significant with Holm's correction for every row tested", function()
    -- (each row was marked at 5% on its own: with 20 rows and nothing changed,
    -- half the comparisons showed at least one *)
    local out, status = cardlab("compare crazyeights base draw_limit=1 hand_size=3 -n 200 --jobs 2 --json")
    assert.equal(0, status, out)
    local t = cjson.decode(out)
    local ps, rows = {}, {}
    for k = 2, 3 do
      for _, row in ipairs(t.variants[k].comparison) do ps[#ps + 1], rows[#rows + 1] = row.p, row end
    end
    local holm = require("cardlab.stats").holm(ps)
    local kept = 0
    for k, row in ipairs(rows) do
      assert.is_true(math.abs(holm[k] - row.p_holm) <= 1e-12, row.name)
      assert.equal(row.p_holm < 0.05, row.significant_holm, row.name)
      if row.significant_holm then kept = kept + 1; assert.is_true(row.significant, row.name) end
    end
    assert.is_true(kept > 0 and kept < #rows)
    out = cardlab("compare crazyeights base draw_limit=1 hand_size=3 -n 200 --jobs 2")
    assert.matches("\n  length %(answers%)[^\n]+p [=<] [%d.]+  %*%*\n", out)
    assert.matches(string.format("\n%%*%%* still significant with Holm's correction for the %d rows tested "
      .. "together: %d of the %%d+ marked\n", #rows, kept), out)
  end)

  it("compare's report: the axis of the differences has round ticks and 0", function()
    -- (a span of 2 points at the least: 0 and 1 or 2 round points either side,
    -- not fractions of the span such as -12.7)
    local report = dir .. "/c.html"
    local out, status = cardlab("compare crazyeights base turn_limit=1000 -n 20 --jobs 1 --report " .. report)
    assert.equal(0, status, out)
    local f = assert(io.open(report))
    local html = f:read("a")
    f:close()
    local ticks = {}
    for t in html:match('<svg id="diff2".-</svg>'):gmatch('<text class="muted"[^>]*>([^<]*)<') do
      ticks[#ticks + 1] = t
    end
    assert.same({ "-2", "-1", "0", "+1", "+2" }, ticks)
  end)

  it("compare: a house rule that fails in every game is named with its error, and the status is 1", function()
    -- (the comparison had nothing to pair, printed an empty table and
    -- exited with 0: a broken house rule read as one that changes nothing)
    local house = support.write(dir, "broken.lua", "rules.penalty = function(card) return card.points * 2 end\n")
    local out, status = cardlab("compare crazyeights base " .. house .. " -n 20 --jobs 1")
    assert.equal(1, status, out)
    assert.matches("%(0 paired games, 20 left out: an error in either%): nothing to compare %(the errors are "
      .. "below%)\n", out)
    -- (no empty table under it, nor footnotes for "the 0 rows tested together")
    assert.is_nil(out:find("measure", 1, true), out)
    assert.is_nil(out:find("Holm", 1, true), out)
    -- the report says the same: the error, no empty table, no metrics of no game
    cardlab("compare crazyeights base " .. house .. " -n 5 --jobs 1 --report " .. dir .. "/broken.html")
    local f = assert(io.open(dir .. "/broken.html"))
    local html = f:read("a")
    f:close()
    assert.matches("broken.lua: 5 of the 5 games ended in error</b>, left out of the pairs. The first: seed 1: ", html)
    assert.matches("Nothing to compare: no seed gave a game in both variants.", html, 1, true)
    assert.matches("Every game ended in error: no figures.", html, 1, true)
    assert.is_nil(html:find("seat 1, broken", 1, true))   -- no bar of a share it does not have
    assert.is_nil(html:find("Holm", 1, true))
    assert.is_nil(html:find("<th>measure</th>", 1, true))
    assert.matches("\n[^\n]*broken.lua: 20 games ended in error; first: seed 1: [^\n]*broken.lua:1: attempt to "
      .. "perform arithmetic on a nil value %(field 'points'%) %(in rules%.penalty, the piece [^\n]*broken%.lua:1 "
      .. "put in place%)\n", out)
    -- the games of a variant that play on are compared as before, with status 0
    out, status = cardlab("compare crazyeights base draw_limit=1 -n 20 --jobs 1")
    assert.equal(0, status, out)
    assert.is_nil(out:find("ended in error", 1, true), out)
  end)

  it("compare: --report names each variant's house file by content hash and the options it changes", function()
    -- (a report read later could not be traced back to the rules it compared)
    local house = support.write(dir, "wild.lua", "local w = rules.is_wild\nrules.is_wild = function(card) "
      .. "return card.rank == 'A' or w(card) end\n")
    local report = dir .. "/v.html"
    local out, status = cardlab(string.format("compare crazyeights base %s draw_limit=1 -n 10 --jobs 1 --report %s",
      house, report))
    assert.equal(0, status, out)
    local f = assert(io.open(report))
    local html = f:read("a")
    f:close()
    local rows = html:match("<h2>Variants</h2>\n<table>.-<tbody>(.-)</tbody>")
    assert.is_truthy(rows, html)
    assert.matches("<tr><td>base</td><td>none %(the book&#39;s rules%)</td><td>draw_limit=3[^<]*</td></tr>", rows)
    assert.matches(string.format("<tr><td>[^<]*wild%%.lua</td><td>[^<]*wild%%.lua %%(content hash %s%%)</td><td>as "
      .. "the reference&#39;s</td></tr>", require("cardlab.vm").hash(assert(io.open(house)):read("a"))), rows)
    assert.matches("<tr><td>draw_limit=1</td><td>none %(the book&#39;s rules%)</td><td>draw_limit=1</td></tr>", rows)
  end)

  it("sim: a run whose every game failed gives no figures in --json or --report, only what happened", function()
    -- (the report showed tables of zeros and "the first player is at a
    -- disadvantage", -25.0 to -25.0 points; the JSON the same)
    local house = support.write(dir, "broken.lua", "rules.penalty = function(card) return card.points * 2 end\n")
    local out, status = cardlab(string.format("sim crazyeights --house %s -n 5 --jobs 1 --json --report %s/r.html",
      house, dir))
    assert.equal(1, status, out)
    local t = cjson.decode(out)
    assert.same({ 5, 5 }, { t.games, t.errors })
    assert.matches("^seed 1: .*attempt to perform arithmetic", t.first_error)
    for _, k in ipairs({ "wins", "win_share", "win_ci", "mean_score", "fairness", "seat_advantage", "length", "metrics" }) do
      assert.is_nil(t[k], k)
    end
    -- what the figures would have been of: the options and the house file
    -- (a whole number as such; a text that looks like one stays a text)
    assert.equal(3, t.options.draw_limit)
    assert.matches('"draw_limit":3[,}]', out)
    local texts = support.write(dir, "texts.lua", "new_option { name = 'deal', type = 'choice', choices = { '07', "
      .. "'10' }, default = '07', doc = 'a text' }\n")
    local with_texts = cjson.decode((cardlab(string.format("sim crazyeights --house %s -n 2 --jobs 1 --json", texts))))
    assert.equal("07", with_texts.options.deal)
    assert.matches("broken%.lua$", t.house[1].path)
    local f = assert(io.open(dir .. "/r.html"))
    local html = f:read("a")
    f:close()
    assert.matches('<p class="errors"><b>Every game ended in error %(5%)%.</b> The first: seed 1: ', html)
    assert.is_nil(html:find("first player advantage", 1, true))
    assert.is_nil(html:find("Win share per seat", 1, true))
  end)

  it("sim: games in error are said before the figures, which are of the others; one game has no intervals", function()
    -- fails in a game that ends with an eight in a hand (seed 4 of the first 6)
    local house = support.write(dir, "eights.lua", "local penalty = rules.penalty\n"
      .. "rules.penalty = function(card) if penalty(card) >= 50 then error('an eight held') end "
      .. "return penalty(card) end\n")
    local out = cardlab(string.format("sim crazyeights --house %s -n 6 --jobs 1", house))
    local failed, fine = out:match("^crazyeights: 6 games, 4 players, seeds 1 to 6\n  house rules: [^\n]*eights%.lua\n"
      .. "  (%d) of the 6 games ended in error, and the figures below are of the (%d) that did not; first: seed %d+: "
      .. "[^\n]*an eight held [^\n]*\n  seat  bot ")
    assert.is_truthy(failed, out)
    assert.equal(6, tonumber(failed) + tonumber(fine))
    assert.is_nil(out:find("\n  %d+ games ended in error"), out)
    -- one game: a mean's interval would be its value, read as certain (in
    -- the report too)
    cardlab(string.format("sim crazyeights -n 1 --jobs 1 --report %s/one.html", dir))
    local html = support.read(dir .. "/one.html")
    assert.is_nil(html:find("<td>[%d.]+ to [%d.]+</td>"), html)
    assert.matches("<td>none %(1 game%)</td>", html)
    out = cardlab("sim crazyeights -n 1 --jobs 1")
    assert.matches("^crazyeights: 1 game, 4 players, seeds 1 to 1\n", out)
    assert.matches("\n     1  random [^\n]*%d%%  [ %d.]+   none %(1 game%)\n", out)
    assert.matches("\n  length: [%d.]+ answers %(95%% interval none: 1 game%)", out)
    assert.is_nil(out:match("^[^\n]*\n(.*)$"):find(" to [%d.]+ *\n"), out)
  end)

  it("compare: a mistake in the game, players or bots is not told as a variant's; --until-ci is a fraction", function()
    -- (it was: "variant 'base': unknown game 'Crazyeight'")
    local out, status = cardlab("compare crazyeight base draw_limit=1 -n 10")
    assert.equal(1, status, out)
    assert.matches("^cardlab: compare: unknown game 'crazyeight': did you mean 'crazyeights'%?", out)
    out, status = cardlab("compare crazyeights base draw_limit=1 -n 10 --players 9")
    assert.equal(2, status, out)
    assert.equal("cardlab: compare: crazyeights is for 2 to 7 players (got 9)\n", out)
    -- an option's slip is the variant's, with the name it is near
    out, status = cardlab("compare crazyeights base draw-limit=1 -n 10")
    assert.equal(2, status, out)
    assert.matches("^cardlab: compare: variant 'draw%-limit=1': unknown option 'draw%-limit' for crazyeights %(did "
      .. "you mean 'draw_limit'%?%); valid options: ", out)
    -- the same variant twice compares nothing (it was played twice)
    out, status = cardlab("compare crazyeights base base -n 10")
    assert.equal(2, status, out)
    assert.equal("cardlab: compare: variant 'base' given twice (variants 1 and 2); expected different variants\n", out)
    -- bots as typed with blanks after the commas
    out, status = cardlab("sim crazyeights -n 2 --bots 'greedy, random' --jobs 1 --json")
    assert.equal(0, status, out)
    assert.same({ "greedy", "random", "random", "random" }, cjson.decode(out).bots)
    -- a width of 2 would be 200 points, met by any first batch
    out, status = cardlab("compare crazyeights base draw_limit=1 -n 10 --until-ci 2")
    assert.equal(2, status, out)
    assert.equal("cardlab: compare: --until-ci 2: expected the widest 95% interval wanted, a fraction between 0 and "
      .. "1 (e.g. 0.04: 4 points of win share); for 2 points, --until-ci 0.02\n", out)
  end)

  it("compare: FILE,k=v plays the house rule with the options given, its own declared ones included", function()
    local house = support.write(dir, "short.lua", 'new_option { name = "short_hands", type = "boolean", '
      .. 'default = false, doc = "hands of 3" }\nlocal size = rules.hand_size\nrules.hand_size = function(game) '
      .. "if game.options.short_hands then return 3 end return size(game) end\n")
    local out, status = cardlab("compare crazyeights base " .. house .. " " .. house .. ",short_hands=true -n 20 "
      .. "--jobs 1 --json")
    assert.equal(0, status, out)
    local result = require("cjson").decode(out)
    assert.equal(house .. ",short_hands=true", result.variants[3].name)
    -- the file alone plays the book's hands: the same games as base
    local function length(k) return result.variants[k].summary.length.mean end
    assert.equal(length(1), length(2))
    assert.is_true(length(3) < length(1), out)
    out, status = cardlab("compare crazyeights base " .. house .. ",short_hands=maybe -n 2 --jobs 1")
    assert.equal(2, status, out)
    assert.matches("option 'short_hands': 'maybe' is not valid", out)
  end)

  it("compare: FILE,k=v whose file is not there says so, as a house file alone does", function()
    local out, status = cardlab("compare crazyeights base " .. dir .. "/gone.lua,short_hands=true -n 2 --jobs 1")
    assert.equal(1, status, out)
    assert.equal("cardlab: compare: variant '" .. dir .. "/gone.lua,short_hands=true': no such house-rule file '"
      .. dir .. "/gone.lua'; expected base, a house-rule file, option settings k=v[,k=v], or FILE,k=v[,k=v]\n", out)
    out, status = cardlab("compare crazyeights base " .. dir .. ",short_hands=true -n 2 --jobs 1")
    assert.equal(1, status, out)
    assert.matches("'" .. dir:gsub("%p", "%%%0") .. "' is a directory, not a house%-rule file; expected", out)
  end)

  it("compare --main: Holm's family is the main rows chosen before the run; the rest are exploratory", function()
    local out, status = cardlab("compare crazyeights base draw_limit=1 -n 60 --jobs 1 --main wins --json")
    assert.equal(0, status, out)
    local result = require("cjson").decode(out)
    assert.equal("wins", result.main)
    local rows, family = result.variants[2].comparison, 0
    for _, r in ipairs(rows) do
      if r.name:match("win share$") then
        family = family + 1
        assert.is_true(r.main, r.name)
        assert.is_number(r.p_holm, r.name)
      else
        assert.is_nil(r.main, r.name)
        assert.is_nil(r.p_holm, r.name)
      end
    end
    assert.equal(4, family)
    -- the same rows without --main: corrected among them all, so a p_holm no smaller
    local all = require("cjson").decode((cardlab("compare crazyeights base draw_limit=1 -n 60 --jobs 1 --json")))
    for k, r in ipairs(all.variants[2].comparison) do
      if r.name:match("win share$") then assert.is_true(r.p_holm >= rows[k].p_holm, r.name) end
    end
    local report = dir .. "/main.html"
    out = cardlab("compare crazyeights base draw_limit=1 -n 60 --jobs 1 --main wins,length --report " .. report)
    local html = support.read(report)
    assert.truthy(html:find("Holm's correction for the main rows (--main wins,length), hollow", 1, true), html)
    assert.truthy(html:find("for the 6 main rows (--main wins,length) of all variants, chosen before the run", 1, true))
    assert.matches("\n%*%* still significant with Holm's correction for the 6 main rows %(%-%-main wins,length%) "
      .. "tested together: %d+ of the %d+ marked\n  the other rows are exploratory", out)
    out, status = cardlab("compare crazyeights base draw_limit=1 -n 2 --main wins,calls")
    assert.equal(2, status, out)
    assert.matches("compare: %-%-main: 'calls' is not a group of rows; expected some of wins, scores, ends, length, "
      .. "metrics, joined by commas %(e.g. %-%-main wins%)", out)
  end)

  it("compare: a variant's name too long for its column is not cut short", function()
    local out, status = cardlab("compare crazyeights base turn_limit=1000 -n 10 --jobs 1")
    assert.equal(0, status, out)
    assert.matches("\n  measure +base +variant difference", out)
    assert.is_nil(out:find("turn_limit ", 1, true), out)
  end)

  it("names the seeds of the games finished, and says so when some between were not", function()
    local summary = require "cardlab.summary"
    assert.equal("seeds 1 to 1000", summary.seeds_text { seed = 1, first_game = 1, last_game = 1000, games = 1000 })
    assert.equal("seeds 501 to 600", summary.seeds_text { seed = 101, first_game = 401, last_game = 500, games = 100 })
    -- (two jobs stopped: each had games in hand)
    assert.equal("4670 seeds from 1 to 4679",
      summary.seeds_text { seed = 1, first_game = 1, last_game = 4679, games = 4670 })
  end)

  it("stops at Ctrl-C with the summary of the games finished, and --out holds them", function()
    -- Ctrl-C once a few games are in the file (not while the program starts,
    -- before it catches the signal)
    local p = io.popen(string.format("%s sim crazyeights -n 10000000 --jobs 1 --out %s/i.jsonl 2>&1 & pid=$!; "
      .. "while [ \"$(cat %s/i.jsonl.part* 2>/dev/null | wc -l)\" -lt 5 ]; do sleep 0.1; done; "
      .. "kill -INT $pid; wait $pid", support.cardlab(), dir, dir))
    local out = p:read("a")
    p:close()
    local n = tonumber(out:match("^stopped by Ctrl%-C: the summary of the (%d+) games finished\n"))
    assert.is_true(n and n > 0, out)
    -- the seeds of the games finished, not of those planned
    assert.matches(string.format("\ncrazyeights: %d games, 4 players, seeds 1 to %d\n", n, n), out)
    local list = lines_of(dir .. "/i.jsonl")
    assert.equal(n + 2, #list)
    assert.same({ true, n }, { list[#list].interrupted, list[#list].played })
  end)

  it("stops at once when the records cannot be written (a full disk), keeping nothing", function()
    -- (a full disk was found after every game was played; a file size limit
    -- stands in for it: with SIGXFSZ ignored, a write past it fails)
    local p = io.popen(string.format("bash -c \"trap '' XFSZ; ulimit -f 20; %s sim crazyeights -n 5000 --jobs 1 "
      .. "--out %s/f.jsonl; echo status \\$?\" 2>&1", support.cardlab(), dir))
    local out = p:read("a")
    p:close()
    assert.matches("^cardlab: sim: cannot write the records after %d+ games: File too large\nstatus 1\n$", out)
    assert.is_nil(lfs.attributes(dir .. "/f.jsonl"))
  end)

  it("says in --report that Ctrl-C stopped the run, before its figures", function()
    -- (the report read as a whole run of fewer games than its command asked)
    local p = io.popen(string.format("%s sim crazyeights -n 10000000 --jobs 1 --out %s/i.jsonl --report %s/r.html "
      .. "2>&1 & pid=$!; while [ \"$(cat %s/i.jsonl.part* 2>/dev/null | wc -l)\" -lt 5 ]; do sleep 0.1; done; "
      .. "kill -INT $pid; wait $pid", support.cardlab(), dir, dir, dir))
    local out = p:read("a")
    p:close()
    local n = tonumber(out:match("^stopped by Ctrl%-C: the summary of the (%d+) games finished\n"))
    assert.is_true(n and n > 0, out)
    local f = assert(io.open(dir .. "/r.html"))
    local html = f:read("a")
    f:close()
    assert.matches(string.format('<header><h1>[^<]*</h1><p class="stopped"><b>stopped by Ctrl%%-C: the summary of '
      .. "the %d games finished</b></p><p>%d games, ", n, n), html)
  end)

  it("compare: Ctrl-C keeps the games every variant finished, and says how many of those asked", function()
    -- (the first line said every game asked, a variant's fairness was of
    -- more games than the comparison's, and a stop in the first variant
    -- left "0 paired games" under an empty table)
    local p = io.popen(string.format("%s compare crazyeights base draw_limit=1 -n 20000 --jobs 1 --report %s/c.html "
      .. ">%s/out 2>&1 & pid=$!; sleep 8; kill -INT $pid; wait $pid; echo \"status $?\" >>%s/out",
      support.cardlab(), dir, dir, dir))
    p:read("a")
    p:close()
    local f = assert(io.open(dir .. "/out"))
    local out = f:read("a")
    f:close()
    local n = tonumber(out:match("^stopped by Ctrl%-C after (%d+) of the 20000 games asked: the comparison of the "
      .. "games every variant finished\n"))
    if not n then
      -- (a slow machine: the first variant's first batch not yet played)
      assert.matches("^cardlab: compare: stopped by Ctrl%-C before every variant had finished a game: nothing to "
        .. "compare\nstatus 1\n$", out)
      assert.is_nil(lfs.attributes(dir .. "/c.html"))
      return
    end
    -- (the games of the batch the stop cut short that both variants
    -- finished count too: not only whole batches)
    assert.is_true(n >= 1, out)
    assert.matches(string.format("\ncrazyeights: 2 variants on the same %d games %%(seeds 1 to %d%%)", n, n), out)
    assert.matches(string.format("\ndraw_limit=1 against base %%(%d paired games%%)", n), out)
    assert.matches("\nstatus 1\n$", out)
    f = assert(io.open(dir .. "/c.html"))
    local html = f:read("a")
    f:close()
    assert.matches(string.format('<p class="stopped"><b>stopped by Ctrl%%-C after %d of the 20000 games asked', n),
      html)
  end)
end)
