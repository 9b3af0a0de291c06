-- What `cardlab check` and `cardlab sim` find, and what a match says about a
-- configuration or a result: each case is a mistake a game author made.

local loader = require "cardlab.loader"
local match = require "cardlab.match"
local render = require "render"
local support = require "tests.spec.support"

local dir
support.fresh_dir_each_test(function(path) dir = path end)

local function write_game(body, fields) return support.write_game(dir, body, fields) end

local cardlab = support.run_cardlab

local ASK = 'game:ask(1, "p", "pick", { "a", "b" })'

describe("a match", function()
  it("refuses an empty or non-text reason from validate as the game's failure", function()
    for _, given in ipairs({ '""', "{}", "true", "'  '" }) do
      local def = assert(loader.load(write_game("return { winners = { 1 } }",
        "validate = function() return " .. given .. " end,")))
      local m, err, broken = match.new(def, { players = 2 })
      assert.is_nil(m)
      assert.matches("^t: validate failed: it gave an? [%a ]+; it must give nil to accept, "
        .. "or a text saying why not$", err)
      local cfg, why, script = match.configure(def, { players = 2 })
      assert.is_nil(cfg)
      assert.equal(err, why)
      assert.is_true(script)
      assert.is_true(broken)  -- match.new says so too
    end
    local def = assert(loader.load(write_game("return { winners = { 1 } }",
      "validate = function(o, n) return 'not today' end,")))
    assert.same({ nil, "t: not today", nil }, { match.configure(def, { players = 2 }) })
  end)

  it("gives validate the option values as a game reads them: a misspelt name is an error", function()
    local options = "options = { { name = 'size', type = 'integer', default = 3, doc = 'd' } },"
    local def = assert(loader.load(write_game("return { winners = { 1 } }", options
      .. "validate = function(o, n) if o.sise > 5 then return 'too big' end end,")))
    local cfg, why, script = match.configure(def, { players = 2 })
    assert.is_nil(cfg)
    assert.matches("^t: validate failed: .-game%.lua:1: unknown option 'sise' for t$", why)
    assert.is_true(script)
    -- declared names read as before, and are listed by pairs
    def = assert(loader.load(write_game("return { winners = { 1 } }", options
      .. "validate = function(o, n) local k, v for name, value in pairs(o) do "
      .. "k, v = name, value end return o.size > 2 and k .. '=' .. v or nil end,")))
    assert.same({ nil, "t: size=3", nil }, { match.configure(def, { players = 2 }) })
  end)

  it("says what is wrong with a result", function()
    local cases = {
      { nil, "bad result: play must return a table (got nil)" },
      { {}, "bad result: 'winners' must be a non-empty list of seats" },
      { { winners = {} }, "bad result: 'winners' must be a non-empty list of seats" },
      { { winners = { 3 } }, "bad result: winner 3 is not a seat of this game (1..2)" },
      { { winners = { "1" } }, 'bad result: winner "1" is not a seat of this game (1..2)' },
      { { winners = { 1, 1 } }, "bad result: seat 1 is among the winners twice" },
      { { winners = { 1 }, scores = 3 },
        "bad result: 'scores' must be a list of one number per seat (got number)" },
      { { winners = { 1 }, scores = { "a" } },
        "bad result: 'scores' must be a list of one number per seat (seat 1's score is a string)" },
      { { winners = { 1 }, scores = { 1 } },
        "bad result: 'scores' must be a list of one number per seat (seat 2's score is missing)" },
      { { winners = { 1 }, scores = { 1, 2, 3 } }, "bad result: 'scores' has 3 scores for 2 seats" },
      { { winners = { 1 }, reason = {} }, "bad result: 'reason' must be a text (got table)" },
    }
    for _, case in ipairs(cases) do
      assert.equal(case[2], match.check_result(case[1], 2))
    end
    -- with the game's definition, the play function that returned it is
    -- named where it is defined (its return is no line that still runs)
    local def = assert(loader.load(write_game("return { winners = { 3 } }")))
    assert.equal("bad result from play (game.lua:3): winner 3 is not a seat of this game (1..2)",
      (match.check_result({ winners = { 3 } }, 2, def):gsub("%(%S*/", "(")))
    assert.is_nil(match.check_result({ winners = { 2 } }, 2, def))
    assert.is_nil(match.check_result({ winners = { 2, 1 }, scores = { 1.5, 0 }, reason = "tie",
                                       extra = true }, 2))
  end)

  it("narrates from the start, setup included, with config.narrate", function()
    local def = assert(loader.load(support.write(dir, "game.lua", [[
return { name = "t", players = { min = 2, max = 2 }, cards = {},
  setup = function(game) game:say("set up for %d", game.players) end,
  play = function(game) game:ask(1, "p", "p", { "a" }) game:say("done") return { winners = { 1 } } end }
]])))
    local lines = {}
    local m = assert(match.new(def, { players = 2, narrate = function(t) lines[#lines + 1] = t end }))
    m:answer("a")
    assert.same({ "set up for 2", "done" }, lines)
  end)
end)

describe("render.view_lines", function()
  it("falls back to the generic listing when describe gives something but texts", function()
    local def = assert(loader.load(write_game("return { winners = { 1 } }",
      "describe = function() return { 'fine', {} } end,")))
    local m = assert(match.new(def, { players = 2 }))
    local lines = render.view_lines(m:view(1), m.game.cards, def)
    assert.equal("(the game's describe failed: its line 2 is a table, not a text)", lines[1])
    assert.same({ nil, "it gave nothing, not a list of texts" },
      { render.describe(m:view(1), {}, { describe = function() end }) })
  end)

  it("names an error value that is not a text by its type, from describe, validate or cards", function()
    local def = assert(loader.load(write_game("return { winners = { 1 } }",
      "describe = function() error({}) end,")))
    local m = assert(match.new(def, { players = 2 }))
    assert.equal("(the game's describe failed: the script raised an error value that is not a text (table))",
      render.view_lines(m:view(1), m.game.cards, def)[1])
    def = assert(loader.load(write_game("return { winners = { 1 } }",
      "validate = function() error({}) end,")))
    assert.same({ nil, "t: validate failed: the script raised an error value that is not a text (table)", true },
      { match.new(def, { players = 2 }) })
    def = assert(loader.load(write_game("return { winners = { 1 } }")))
    def.cards = function() error(setmetatable({}, { __tostring = function() return "no cards today" end })) end
    assert.same({ nil, "t: the cards function failed: no cards today", true }, { match.new(def, { players = 2 }) })
  end)

  it("shows a card that is not a table, or whose name is not a text, by its id", function()
    local view = { round = 1, turn = 1, current = 1, state = {},
                   zones = { pile = { name = "pile", count = 4, cards = { 1, 2, 3, 4 } } } }
    assert.same({ "round 1, turn 1, seat 1 to play", "  pile           #1 #2 #3 ok" },
      render.view_lines(view, { 5, { name = {} }, { name = 7 }, { name = "ok" } }))
  end)

  it("lists a state key or a zone name holding a NUL byte in its column, as any other", function()
    local view = { round = 1, turn = 1, current = 1, state = { ["a\0b"] = 1 },
                   zones = { pile = { name = "p\0q", count = 2 } } }
    assert.same({ "round 1, turn 1, seat 1 to play", "  p\0q            2 cards", "  a\0b            1" },
      render.view_lines(view, {}))
  end)

  it("names the describe's line when it gives render.count no number", function()
    local def = assert(loader.load(write_game("return { winners = { 1 } }",
      "describe = function(view) local render = require 'render'\n"
      .. "return { render.count(view.zones.stock) } end,")))
    local m = assert(match.new(def, { players = 2 }))
    assert.matches("^%(the game's describe failed: [^\n]*game%.lua:2: bad argument #1 to 'count' "
      .. "%(number expected, got nil%)%)$", render.view_lines(m:view(1), m.game.cards, def)[1])
  end)

  it("shows a nested table of the state by its list, then its other keys (api.md)", function()
    local view = { round = 1, turn = 1, current = 1, zones = {},
                   state = { points = { 3, 4 }, asked = { [2] = "7" }, mixed = { "a", b = true } } }
    assert.same({ "round 1, turn 1, seat 1 to play", "  asked          {2=7}",
                  "  mixed          {a, b=true}", "  points         {3, 4}" },
      render.view_lines(view, {}))
  end)
end)

describe("cardlab check", function()
  -- the lines of the first failure, without its traceback
  local function first_failure(out)
    return out:match("FAIL [^\n]*")
  end

  it("names a request that fails when answered, not 'an illegal answer was accepted'", function()
    -- a request found malformed only when answered names its line too (WHERE)
    local cases = {
      { 'game:ask(1, "p", "pick", { 1, 2 })', "WHERE bad request: legal answer 1 is not a text" },
      { 'game:text(1, "p", "name", function() error("validator broke", 0) end, '
        .. 'function() return { "a" } end)', "WHERE bad request: the validator failed on 'a', answer 1 of 1 "
        .. "that the enumerator of the 'p' request listed: validator broke" },
      { 'game:text(1, "p", "name", function() return true end, function() return {} end)',
        "WHERE bad request: the enumerator found no legal answer" },
    }
    for _, case in ipairs(cases) do
      local file = write_game(case[1] .. " return { winners = { 1 } }")
      local out, status = cardlab("check " .. file .. " -n 2")
      assert.equal(1, status)
      assert.equal("FAIL t, 2 players, seed 1: " .. case[2]:gsub("WHERE", file .. ":4:"),
        first_failure(out))
      assert.is_nil(out:find("illegal answer was accepted", 1, true))
    end
  end)

  it("examines every list in full when asked: a text listed twice, an entry no bot picks", function()
    -- a random bot would pick the second "a" by position, a replay the first
    -- by text; and a bot that picks "a" never reads the 5 after it
    local cases = {
      { '{ "a", "a" }', "'a' is listed twice %(answers 1 and 2%); expected different texts, "
        .. "as a replay knows an answer by its text alone" },
      { '{ "a", 5 }', "legal answer 2 is not a text" },
    }
    for _, case in ipairs(cases) do
      local game = write_game('local _, i = game:ask(1, "p", "pick", ' .. case[1] .. ') return { winners = { i } }')
      -- seed 3's bot picks the first "a": a game of bots alone (sim) ends
      -- without error, so only the examination of the whole list fails it
      local _, played = cardlab("sim " .. game .. " -n 1 --seed 3")
      assert.equal(0, played)
      local out, status = cardlab("check " .. game .. " -n 1 --seed 3")
      assert.equal(1, status)
      assert.matches("^FAIL t, 2 players, seed 3: [^\n]*/game%.lua:4: bad request: " .. case[2] .. "$",
        first_failure(out))
    end
  end)

  it("validates every answer an enumerator lists, not only those the bots pick", function()
    -- (an enumerator listing a bid the rules refuse passed check unless the
    -- random bot happened to pick it; a player who typed it was refused)
    local game = write_game([[
      local bid = game:text(1, "bid", "your bid",
        function(t) if t:match("^bid [0-8]$") then return true end return nil, "bid 0 to 8" end,
        function() local l = {} for i = 0, 9 do l[#l + 1] = "bid " .. i end return l end)
      return { winners = { 1 } }]])
    -- seed 1's bot bids another: a game of bots alone (sim) ends without error
    local _, played = cardlab("sim " .. game .. " -n 1 --seed 1")
    assert.equal(0, played)
    local out, status = cardlab("check " .. game .. " -n 1 --seed 1")
    assert.equal(1, status)
    assert.matches("^FAIL t, 2 players, seed 1: [^\n]*/game%.lua:4: bad request: the enumerator of the 'bid' "
      .. "request listed 'bid 9' %(answer 10 of 10%), which the validator refuses: bid 0 to 8; expected "
      .. "only legal answers$", first_failure(out))
  end)

  it("fails a game whose replay gives another result, though the table is the same", function()
    -- the winner alternates from one match of the script to the next: the
    -- same answer, the same table, another result
    local file = support.write(dir, "game.lua", [[
local games = 0
return { name = "t", players = { min = 2, max = 2 }, cards = {},
  setup = function(game) end,
  play = function(game)
    game:ask(1, "p", "pick", { "a", "b" })
    games = games + 1
    return { winners = { games % 2 + 1 } }
  end }
]])
    local out, status = cardlab("check " .. file .. " -n 10")
    assert.equal(1, status)
    assert.matches("^FAIL t, 2 players, seed %d+: replaying the answers gave another game$", first_failure(out))
  end)

  it("names the script's line of a malformed request, not the library's", function()
    for call, why in pairs({ ['game:ask(1, "p", "pick", {})'] = "no legal answers",
                             ['game:ask(1, 2, "pick", { "a" })'] = "the kind must be a string" }) do
      local out, status = cardlab("check " .. write_game(call .. " return { winners = { 1 } }") .. " -n 1")
      assert.equal(1, status)
      assert.matches("^FAIL t, 2 players, seed 1: [^\n]*/game%.lua:4: bad request: " .. why .. "$",
        first_failure(out))
    end
  end)

  it("passes a typed request whose validator takes any text", function()
    local out, status = cardlab("check " .. write_game('game:text(1, "p", "name", '
      .. 'function() return true end, function() return { "x" } end) return { winners = { 1 } }')
      .. " -n 3")
    assert.equal(0, status, out)
  end)

  it("formats what the game says, so a bad format fails the game", function()
    local out, status = cardlab("check " .. write_game(ASK .. ' game:say("%d points", "x") '
      .. "return { winners = { 1 } }") .. " -n 1")
    assert.equal(1, status)
    -- at the script's line (game.lua:4), not the library's
    assert.matches("game%.lua:%d+: game:say: bad argument #2 to 'string%.format' %(number expected, got string%)",
      first_failure(out))
  end)

  it("fails a result of the wrong shape, saying what is wrong", function()
    local out, status = cardlab("check " .. write_game(ASK
      .. ' return { winners = { 1 }, scores = { "a" } }') .. " -n 1")
    assert.equal(1, status)
    -- (named with the line of play, which returned it: game.lua:3)
    assert.equal("FAIL t, 2 players, seed 1: bad result from play (game.lua:3): 'scores' must be a list "
      .. "of one number per seat (seat 1's score is a string)", (first_failure(out):gsub("%(%S*/", "(")))
  end)

  it("fails a describe that gives other than texts, and a state that is not a table", function()
    local out, status = cardlab("check " .. write_game(ASK .. " return { winners = { 1 } }",
      "describe = function() return { {} } end,") .. " -n 1")
    assert.equal(1, status)
    assert.equal("FAIL t, 2 players, seed 1: describe failed for seat 1's view: its line 1 is "
      .. "a table, not a text", first_failure(out))
    out, status = cardlab("check " .. write_game(ASK .. " game.state = 5 return { winners = { 1 } }")
      .. " -n 1")
    assert.equal(1, status)
    assert.equal("FAIL t, 2 players, seed 1: game.state must be a table (the script made it a "
      .. "number)", first_failure(out))
  end)

  it("asks the constraints hook of every seat mid-game: it must not fail, nor rule out the real deal", function()
    -- (check never called it: a hook that raised passed, and failed only
    -- under the search bot; one that ruled out where the cards really are
    -- misled the search without a word)
    local GAME = [[
return { name = "t", players = { min = 2, max = 2 },
  cards = { { name = "A" }, { name = "B" }, { name = "C" }, { name = "D" } },
  setup = function(game)
    local hands = game:zone("hand", { per_seat = true, visibility = "owner" })
    game.zones.box:deal(hands, 2)
  end,
  play = function(game)
    for _ = 1, 4 do game:ask(game.seats:current(), "p", "pick", { "a", "b" }) game.seats:next() end
    return { winners = { 1 } }
  end,
  constraints = function(view) %s end }
]]
    local function check_with(hook)
      return cardlab("check " .. support.write(dir, "game.lua", string.format(GAME, hook)) .. " -n 3")
    end
    local out, status = check_with('return { ["hand[2]"] = function(id) return true end }, function() return true end')
    assert.equal(0, status, out)
    for hook, failure in pairs({
      ['return { ["hand[2]"] = function(id) return false end }'] = "t: the constraints hook rules %u out of zone "
        .. "'hand%[2%]', which holds it %(for seat 1's view%): what a seat knows must be true %(after answer %d%)",
      ['error("boom")'] = "t: the constraints hook failed: [^\n]*game.lua:%d+: boom %(for seat 1's view%)",
      ['return nil, function(cards) return #cards("hand[1]") == 0 end'] = "t: the constraints hook's fits gave "
        .. "false for the real deal %(for seat 1's view%); expected true",
      ['return nil, function(cards) return #cards("hands[1]") == 0 end'] = "t: the constraints hook's fits failed "
        .. "%(for seat 1's view%): [^\n]*game.lua:%d+: no zone named 'hands%[1%]'",
    }) do
      out, status = check_with(hook)
      assert.equal(1, status, out)
      assert.matches("FAIL t, 2 players, seed 1: " .. failure, out)
    end
    -- a game of one answer: the position checked is always its end, so the
    -- hook is asked before that answer
    local one = string.format(GAME, 'error("boom")'):gsub("for _ = 1, 4 do", "for _ = 1, 1 do")
    out, status = cardlab("check " .. support.write(dir, "one.lua", one) .. " -n 3")
    assert.equal(1, status, out)
    assert.matches("FAIL t, 2 players, seed 1: t: the constraints hook failed: [^\n]*boom", out)
  end)

  it("reads the standings as sim does, so that standings that fail only in sim fail here", function()
    -- (check passed a game whose every sim game ended in error at its
    -- standings: it never read them; check --soak did not read them either)
    local ROUNDS = 'game.state.points = { 0, 0 } for _ = 1, 4 do game:ask(game.seats:current(), "p", "pick", '
      .. '{ "a", "b" }) game.seats:next() end return { winners = { 1 } }'
    for fields, failure in pairs({
      ['standings = { state = "score" },'] = "standings (game.state.score): not a list (nil); expected a "
        .. "number for each seat",
      ['standings = { cards = "hand" },'] = "standings: no zone named 'hand' (zones: box); expected a zone "
        .. "of each seat, made with game:zone(NAME, { per_seat = true })",
      ["standing = function(game, seat) return game.state.pts[seat] end,"] = "game.lua:1: attempt to index "
        .. "a nil value (field 'pts')",
      ["standing = function(game, seat) return seat == 2 and 'last' or 1 end,"] = "standing(game, seat) gave "
        .. "last for seat 2; expected a finite number",
    }) do
      for _, soak in ipairs({ "", " --soak" }) do
        local out, status = cardlab("check " .. write_game(ROUNDS, fields) .. " -n 1" .. soak)
        assert.equal(1, status, out)
        assert.equal("FAIL t, 2 players, seed 1: " .. failure, (first_failure(out):gsub("^(FAIL[^:]*: )%S*/", "%1")))
      end
    end
    -- standings that read pass
    for _, soak in ipairs({ "", " --soak" }) do
      local out, status = cardlab("check " .. write_game(ROUNDS, 'standings = { state = "points" },') .. " -n 3" .. soak)
      assert.equal(0, status, out)
    end
  end)

  it("says once, with status 2, that the game refuses the configuration", function()
    local out, status = cardlab("check crazyeights -n 10 --option hand_size=10")
    assert.equal(2, status)
    assert.equal("cardlab: check: crazyeights: 6 hands of 10 cards and a starter need 61 cards; "
      .. "the deck has 52 (the game refuses 6 and 7 players with these options; give --players "
      .. "2, 3, 4 or 5)\n", out)
    out, status = cardlab("check crazyeights -n 10 --option hand_size=10 --players 7")
    assert.equal(2, status)
    assert.equal("cardlab: check: crazyeights: 7 hands of 10 cards and a starter need 71 cards; "
      .. "the deck has 52\n", out)
    out, status = cardlab("check crazyeights -n 2 --option hand_size=10 --players 5")
    assert.equal(0, status, out)
  end)

  it("reports a validate that fails once, as the game's failure", function()
    local out, status = cardlab("check " .. write_game("return { winners = { 1 } }",
      'validate = function() return "" end,') .. " -n 5")
    assert.equal(1, status)
    assert.equal("cardlab: check: t: validate failed: it gave an empty text; it must give nil "
      .. "to accept, or a text saying why not\n", out)
  end)
end)

describe("cardlab check's summary", function()
  it("names only the player counts it played", function()
    local out, status = cardlab("check crazyeights -n 2")
    assert.equal(0, status)
    assert.matches("^crazyeights: 2 games checked %(2,3 players, seeds 1 to 2%), 0 failed;", out)
    out = cardlab("check crazyeights -n 7 --seed 3")
    assert.matches("^crazyeights: 7 games checked %(2,3,4,5,6,7 players, seeds 3 to 9%), 0 failed;", out)
  end)

  it("counts the answers of the games that passed, and says so when some failed", function()
    local file = write_game(ASK .. ' error("boom", 0)', "players = { min = 1, max = 1 },")
    local out, status = cardlab("check " .. file .. " -n 1")
    assert.equal(1, status)
    assert.equal("FAIL t, 1 player, seed 1: boom", out:match("FAIL [^\n]*"))
    assert.matches("\nt: 1 game checked %(1 player, seeds 1 to 1%), 1 failed; "
      .. "0 answers in the games that passed, [%d.]+ s\n", out)
  end)
end)

describe("cardlab sim", function()
  it("reports a result of the wrong shape in one line instead of crashing", function()
    local out, status = cardlab("sim " .. write_game(ASK
      .. ' return { winners = { 1 }, scores = { "a" } }') .. " -n 3")
    assert.equal(1, status)
    assert.matches("\n  3 games ended in error; first: seed 1: bad result from play %([^\n]*/game%.lua:3%): "
      .. "'scores' must be a list of one number per seat %(seat 1's score is a string%)\n$", out)
    assert.is_nil(out:find("traceback", 1, true))
  end)

  it("says one player, and one game in error, in the singular", function()
    -- (it said "1 game, 1 players" and "1 games ended in error")
    local solo = support.write(dir, "solo.lua", [[
return { name = "solo", players = { min = 1, max = 1 }, cards = {},
  setup = function(game) end,
  play = function(game) error("boom", 0) end }
]])
    local out, status = cardlab("sim " .. solo .. " -n 1")
    assert.equal(1, status)
    assert.matches("^solo: 1 game, 1 player, seeds 1 to 1\n  1 game ended in error; first: seed 1: boom\n$", out)
  end)

  it("prints no table of zeros when every game ended in error", function()
    local out, status = cardlab("sim " .. write_game(ASK .. ' error("boom", 0)') .. " -n 3")
    assert.equal(1, status)
    assert.matches("^t: 3 games, 2 players, seeds 1 to 3\n  3 games ended in error; first: seed 1: boom\n$", out)
    -- one game that ended keeps the table
    out, status = cardlab("sim " .. write_game(ASK .. ' if game:random(2) == 1 then error("boom", 0) end '
      .. "return { winners = { 1 } }") .. " -n 6")
    assert.equal(1, status)
    assert.matches("\n  seat fairness: ", out)
  end)

  it("refuses a --bots list with an empty place or a seat no bot can answer", function()
    for _, case in ipairs({ { "''", "an empty name at place 1" }, { ",", "an empty name at place 1" },
                            { "greedy,,random", "an empty name at place 2" },
                            { "human", "'human' at place 1" }, { "random,smart", "'smart' at place 2" } }) do
      local out, status = cardlab("sim crazyeights -n 2 --bots " .. case[1])
      assert.equal(2, status)
      assert.equal("cardlab: sim: --bots: " .. case[2] .. " is not a bot; expected a "
        .. "comma-separated list of: random, greedy, ismcts\n", out)
    end
  end)

  it("runs the game's own bots, which check does not (authoring.md)", function()
    local path = write_game(ASK .. " return { winners = { 1 } }",
      "bots = { greedy = function(view, request) return view.zones.hand.cards[1] end },")
    local out, status = cardlab("check " .. path .. " -n 3")
    assert.equal(0, status, out)
    out, status = cardlab("sim " .. path .. " -n 2 --bots greedy")
    assert.equal(1, status)
    assert.matches("\n  2 games ended in error; first: seed 1: bot for seat 1: [^\n]*game%.lua:1: "
      .. "attempt to index a nil value %(field 'hand'%)\n$", out)
  end)

  it("gives the first error in one line, without its traceback", function()
    local out, status = cardlab("sim " .. write_game('game:ask(1, "p", "pick", { 1, 2 }) '
      .. "return { winners = { 1 } }") .. " -n 2")
    assert.equal(1, status)
    assert.matches("\n  2 games ended in error; first: seed 1: [^\n]*game%.lua:4: bad request: "
      .. "legal answer %d is not a text\n$", out)
  end)
end)
