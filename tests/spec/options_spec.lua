-- Game options (declare, resolve, parse) and house-rule files.

local options = require "cardlab.options"
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local support = require "tests.spec.support"

local DECLS = {
  { name = "n", type = "integer", default = 3, min = 0, max = 10, doc = "a count" },
  { name = "x", type = "number", default = 0.5, min = 0, doc = "a ratio" },
  { name = "b", type = "boolean", default = false, doc = "a switch" },
  { name = "s", type = "string", default = "hi", doc = "a text" },
  { name = "c", type = "choice", default = "red", choices = { "red", "blue" }, doc = "a color" },
}

describe("options", function()
  local by_name

  before_each(function()
    by_name = options.declare(DECLS, "g")
  end)

  describe("declare", function()
    it("gives the declarations by name", function()
      assert.equal(DECLS[1], by_name.n)
      assert.equal(DECLS[5], by_name.c)
    end)

    local cases = {
      { "a bad name", { name = "1x", type = "integer", default = 1, doc = "d" },
        "game 'g', option 1: 'name' must be an identifier" },
      { "a bad type", { name = "x", type = "int", default = 1, doc = "d" },
        "game 'g', option 1 ('x'): type must be one of integer, number, boolean, string, choice, word_list, seat" },
      { "no doc", { name = "x", type = "integer", default = 1 },
        "game 'g', option 1 ('x'): 'doc' must be a one-line text" },
      { "a choice without choices", { name = "x", type = "choice", default = "a", doc = "d" },
        "game 'g', option 1 ('x'): a choice needs a list of choices" },
      { "a choice with an empty list", { name = "x", type = "choice", choices = {}, default = "a", doc = "d" },
        "game 'g', option 1 ('x'): a choice needs a list of choices" },
      { "a default not among the choices", { name = "x", type = "choice", choices = { "a" }, default = "b", doc = "d" },
        "game 'g', option 1 ('x'): default b is not valid: expected one of a" },
      { "a default out of range", { name = "x", type = "integer", min = 1, max = 5, default = 0, doc = "d" },
        "game 'g', option 1 ('x'): default 0 is not valid: expected an integer from 1 to 5" },
    }
    for _, case in ipairs(cases) do
      it("refuses " .. case[1], function()
        assert.has_error(function() options.declare({ case[2] }, "g") end, case[3])
      end)
    end
  end)

  describe("resolve", function()
    it("gives the defaults", function()
      assert.same({ n = 3, x = 0.5, b = false, s = "hi", c = "red" }, options.resolve(DECLS, {}, "g"))
      assert.same({ n = 3, x = 0.5, b = false, s = "hi", c = "red" }, options.resolve(DECLS, nil, "g"))
    end)

    it("parses texts to the option's type", function()
      local v = options.resolve(DECLS, { n = "7", x = "2.5e1", b = "yes", s = "  spaced ", c = "blue" }, "g")
      assert.same({ n = 7, x = 25.0, b = true, s = "  spaced ", c = "blue" }, v)
      assert.equal("integer", math.type(v.n))
    end)

    it("takes values of the right type as they are", function()
      assert.same({ n = 10, x = 0, b = true, s = "", c = "red" },
        options.resolve(DECLS, { n = 10, x = 0, b = true, s = "" }, "g"))
    end)

    it("refuses an unknown option, listing the valid ones", function()
      assert.same({ nil, "unknown option 'zz' for g; valid options: n, x, b, s, c" },
        { options.resolve(DECLS, { zz = 1 }, "g") })
      assert.same({ nil, "unknown option 'zz' for g; valid options: (this game has no options)" },
        { options.resolve({}, { zz = 1 }, "g") })
    end)

    it("names the option an unknown one is a slip of: a letter or two off, '-' for '_', another case", function()
      local decls = { { name = "round_limit", type = "integer", default = 0 },
        { name = "goal_email", type = "integer", default = 6 }, { name = "n", type = "integer", default = 1 } }
      local function why(name) return select(2, options.resolve(decls, { [name] = "1" }, "g")) end
      local valid = "; valid options: round_limit, goal_email, n"
      assert.equal("unknown option 'round-limit' for g (did you mean 'round_limit'?)" .. valid, why("round-limit"))
      assert.equal("unknown option 'Round_Limit' for g (did you mean 'round_limit'?)" .. valid, why("Round_Limit"))
      assert.equal("unknown option 'goal_mail' for g (did you mean 'goal_email'?)" .. valid, why("goal_mail"))
      -- (a short name has room for one slip: 'zz' is no slip of 'n')
      assert.equal("unknown option 'm' for g (did you mean 'n'?)" .. valid, why("m"))
      assert.equal("unknown option 'zz' for g" .. valid, why("zz"))
      assert.equal("unknown option 'turns' for g" .. valid, why("turns"))
      -- a name with '-' is read as a setting, to be told as a slip
      assert.same({ "round-limit", "20" }, { options.parse_assignment("round-limit=20") })
    end)

    it("says what was expected for a wrong type or value", function()
      local function why(settings) return select(2, options.resolve(DECLS, settings, "g")) end
      assert.equal("option 'n': 11 is not valid: expected an integer from 0 to 10", why({ n = "11" }))
      assert.equal("option 'n': '3.5' is not valid: expected an integer from 0 to 10", why({ n = "3.5" }))
      assert.equal("option 'n': 3.5 is not valid: expected an integer from 0 to 10", why({ n = 3.5 }))
      assert.equal("option 'n': true is not valid: expected an integer from 0 to 10", why({ n = true }))
      assert.equal("option 'x': -1 is not valid: expected a number of at least 0", why({ x = "-1" }))
      assert.equal("option 'x': '1e999' is not valid: expected a number of at least 0", why({ x = "1e999" }))
      assert.equal("option 'b': 'maybe' is not valid: expected true or false (or yes/no, on/off, 1/0)", why({ b = "maybe" }))
      assert.equal("option 's': 5 is not valid: expected a text", why({ s = 5 }))
      assert.equal("option 'c': green is not valid: expected one of red, blue", why({ c = "green" }))
    end)

    it("names the bound of an option with only a max", function()
      local decls = { { name = "m", type = "integer", default = 1, max = 5, doc = "at most five" } }
      assert.same({ nil, "option 'm': 6 is not valid: expected an integer of at most 5" },
        { options.resolve(decls, { m = "6" }, "g") })
    end)

    it("takes a seat option up to the player count", function()
      local decls = { { name = "first", type = "seat", default = 0, doc = "who starts" } }
      assert.same({ first = 3 }, options.resolve(decls, { first = "3" }, "g", 3))
      assert.same({ nil, "option 'first': 4 is not valid: expected 0 or a seat from 1 to 3" },
        { options.resolve(decls, { first = 4 }, "g", 3) })
      assert.same({ nil, "option 'first': -1 is not valid: expected 0 or a seat number" },
        { options.resolve(decls, { first = "-1" }, "g", 3) })
    end)

    it("loads a word list option's list, and names the path tried when it cannot", function()
      local dir = support.tmpdir()
      local list = support.write(dir, "words.txt", "CAT\nDOG\n")
      local decls = { { name = "words", type = "word_list", default = list, doc = "a list" } }
      assert.same({ words = list }, options.resolve(decls, {}, "g"))
      local function why(settings) return select(2, options.resolve(decls, settings, "g")) end
      assert.equal(string.format("option 'words': word list '%s/none.txt' not found at %s/none.txt: "
        .. "give the path of a word list with one word per line", dir, dir), why({ words = dir .. "/none.txt" }))
      assert.equal(string.format("option 'words': word list '%s' at %s is a directory: "
        .. "give the path of a word list with one word per line", dir, dir), why({ words = dir }))
      assert.equal('option \'words\': "" is not valid: expected a word list: sowpods, wordlist, '
        .. "or the path of a file", why({ words = "" }))
      support.write(dir, "empty.txt", "\n")
      assert.matches("option 'words': word list .*empty.txt has no words", why({ words = dir .. "/empty.txt" }))
      support.rmtree(dir)
    end)
  end)

  describe("parse_value", function()
    it("reads integers, with blanks and signs", function()
      assert.equal(5, options.parse_value(by_name.n, "5"))
      assert.equal(4, options.parse_value(by_name.n, " +4 "))
      assert.equal(0, options.parse_value(by_name.n, "-0"))
      assert.same({ nil, "option 'n': 'abc' is not valid: expected an integer from 0 to 10" },
        { options.parse_value(by_name.n, "abc") })
      assert.same({ nil, "option 'n': '0x5' is not valid: expected an integer from 0 to 10" },
        { options.parse_value(by_name.n, "0x5") })
      assert.same({ nil, "option 'n': -1 is not valid: expected an integer from 0 to 10" },
        { options.parse_value(by_name.n, "-1") })
      assert.is_nil(options.parse_value(by_name.n, "99999999999999999999"))
    end)

    it("reads numbers in decimal notation only", function()
      assert.equal(0.5, options.parse_value(by_name.x, ".5"))
      assert.equal(2.0, options.parse_value(by_name.x, "2."))
      assert.equal(1500.0, options.parse_value(by_name.x, "1.5e3"))
      assert.is_nil(options.parse_value(by_name.x, "nan"))
      assert.is_nil(options.parse_value(by_name.x, "0x10"))
      assert.is_nil(options.parse_value(by_name.x, "inf"))
      assert.is_nil(options.parse_value(by_name.x, ""))
    end)

    it("refuses a number that is not finite, from a house file or a declaration too", function()
      assert.same({ nil, "inf is not valid: expected a number of at least 0" },
        { options.check(by_name.x, 1 / 0) })
      assert.is_nil(options.check(by_name.x, 0 / 0))
      assert.has_error(function()
        options.declare({ { name = "y", type = "number", default = -1 / 0, doc = "d" } }, "g")
      end, "game 'g', option 1 ('y'): default -inf is not valid: expected a number")
    end)

    it("reads booleans as true/false, yes/no, on/off, 1/0 in any case", function()
      for text, value in pairs({ ["true"] = true, YES = true, On = true, ["1"] = true,
                                 ["false"] = false, no = false, OFF = false, ["0"] = false }) do
        assert.equal(value, options.parse_value(by_name.b, text))
      end
      assert.same({ nil, "option 'b': 'maybe' is not valid: expected true or false (or yes/no, on/off, 1/0)" },
        { options.parse_value(by_name.b, "maybe") })
    end)

    it("reads strings as they are and choices exactly", function()
      assert.equal("", options.parse_value(by_name.s, ""))
      assert.equal(" a b ", options.parse_value(by_name.s, " a b "))
      assert.equal("blue", options.parse_value(by_name.c, "blue"))
      assert.same({ nil, "option 'c': Blue is not valid: expected one of red, blue" },
        { options.parse_value(by_name.c, "Blue") })
    end)
  end)

  describe("parse_assignment", function()
    it("splits name=value, blanks around the name and '=' allowed", function()
      assert.same({ "hand_size", "7" }, { options.parse_assignment("hand_size=7") })
      assert.same({ "hand_size", "7" }, { options.parse_assignment("  hand_size =  7") })
      assert.same({ "s", "a=b" }, { options.parse_assignment("s=a=b") })
      assert.same({ "s", "" }, { options.parse_assignment("s=") })
    end)

    it("refuses what is not a setting", function()
      for _, text in ipairs({ "hand_size", "=7", "9x=7", "a b=1", "" }) do
        assert.same({ nil, "'" .. text .. "' is not an option setting: expected name=value" },
          { options.parse_assignment(text) })
      end
    end)
  end)

  describe("frozen", function()
    it("gives the values read-only, and refuses unknown names", function()
      local f = options.frozen({ a = 1, b = false }, "g")
      assert.equal(1, f.a)
      assert.equal(false, f.b)
      assert.has_error(function() return f.c end, "unknown option 'c' for g")
      assert.has_error(function() f.a = 2 end, "options are read-only during a game (tried to set 'a')")
      local seen = {}
      for k, v in pairs(f) do seen[k] = v end
      assert.same({ a = 1, b = false }, seen)
    end)
  end)
end)

describe("options.changed", function()
  it("names the options set away from their defaults, in name order, whole numbers without a point", function()
    assert.same({}, options.changed(DECLS, { n = 3, x = 0.5, b = false, s = "hi", c = "red" }))
    assert.same({ "b=true", "c=blue", "n=4" }, options.changed(DECLS, { n = 4.0, x = 0.5, b = true, s = "hi", c = "blue" }))
    -- a known word list in other capitals is the default list; another is named
    local lists = { { name = "dictionary", type = "word_list", default = "sowpods", doc = "d" } }
    assert.same({}, options.changed(lists, { dictionary = "SOWPODS" }))
    assert.same({ "dictionary=wordlist" }, options.changed(lists, { dictionary = "WordList" }))
  end)

  it("is said under play's and replay's title line", function()
    local out = support.run_cardlab("play online --players 2 --seed 3 --seat 2=greedy --option memory_full=large "
      .. "--option goal_email=8", "quit\n")
    assert.matches("^Online, 2 players, seed 3\n  options: goal_email=8, memory_full=large\n  seat 1: human\n", out)
    out = support.run_cardlab("play online --players 2 --seed 3 --seat 2=greedy", "quit\n")
    assert.matches("^Online, 2 players, seed 3\n  seat 1: human\n", out)
  end)

  it("is said for a save resumed and replayed, with the values a house file sets and its own option", function()
    -- (replay's and --resume's lines were not tested: either could go
    -- unnoticed)
    local dir = support.tmpdir()
    local house = support.write(dir, "big.lua", "options.turn_limit = 500\n"
      .. 'new_option { name = "extra", type = "integer", default = 2, min = 0, max = 3, doc = "unused" }\n')
    local save = dir .. "/g.json"
    local line = "\n  options: extra=3, turn_limit=500\n"
    local out = support.run_cardlab(string.format("play crazyeights --players 2 --seed 3 --seat 2=greedy --house %s "
      .. "--option extra=3 --save %s", house, save), "quit\n")
    assert.truthy(out:find("^Crazy Eights, 2 players, seed 3" .. line), out)
    out = support.run_cardlab("play --resume " .. save, "quit\n")
    assert.truthy(out:find("^Crazy Eights, 2 players, seed 3" .. line .. "  resumed from ", 1), out)
    out = support.run_cardlab("replay " .. save)
    assert.truthy(out:find("^Crazy Eights, 2 players, seed 3, 0 answers" .. line), out)
    support.rmtree(dir)
  end)
end)

describe("match.new", function()
  local def

  before_each(function()
    def = assert(loader.load("crazyeights"))
  end)

  local function refused(config)
    local m, err = match.new(def, config)
    assert.is_nil(m)
    return err
  end

  it("takes options as values or texts", function()
    local m = assert(match.new(def, { players = 3, options = { hand_size = "4", draw_limit = 1 } }))
    assert.equal(4, m.game.options.hand_size)
    assert.equal(1, m.game.options.draw_limit)
    assert.equal(4, m.game.zones.hand[1]:count())
    assert.same({ hand_size = 4, draw_limit = 1, turn_limit = 1000 }, m.config.options)
  end)

  it("refuses bad options with the reason", function()
    assert.equal("option 'hand_size': 11 is not valid: expected an integer from 0 to 10",
      refused({ options = { hand_size = 11 } }))
    assert.equal("option 'hand_size': 'x' is not valid: expected an integer from 0 to 10",
      refused({ options = { hand_size = "x" } }))
    assert.equal("unknown option 'nope' for crazyeights; valid options: hand_size, draw_limit, turn_limit",
      refused({ options = { nope = 1 } }))
  end)

  it("refuses a player count outside the game's range", function()
    assert.equal("crazyeights is for 2 to 7 players (got 1)", refused({ players = 1 }))
    assert.equal("crazyeights is for 2 to 7 players (got 8)", refused({ players = 8 }))
    assert.equal("crazyeights is for 2 to 7 players (got 2.5)", refused({ players = 2.5 }))
    assert.equal("crazyeights is for 2 to 7 players (got three)", refused({ players = "three" }))
    -- a game for one count names it once
    def.players = { min = 4, max = 4, default = 4 }
    assert.equal("crazyeights is for 4 players (got 3)", refused({ players = 3 }))
    -- as `cardlab list` and the REPL's :games show it
    assert.equal("4 players", match.player_range(def, "-"))
    def.players = { min = 2, max = 5, default = 4 }
    assert.equal("2-5 players", match.player_range(def, "-"))
  end)

  it("refuses a seed that is not an integer from 0 to 2^53-1", function()
    assert.equal("the seed must be an integer from 0 to 2^53-1 (got -1)", refused({ seed = -1 }))
    assert.equal("the seed must be an integer from 0 to 2^53-1 (got 1.5)", refused({ seed = 1.5 }))
    assert.equal("the seed must be an integer from 0 to 2^53-1 (got 9007199254740992)",
      refused({ seed = 9007199254740992 }))
    -- (2^53 - 1 computed in Lua is a float: said, rather than a number that
    -- reads as too large)
    assert.equal("the seed must be an integer from 0 to 2^53-1 (got the float 9007199254740991; write it as an "
      .. "integer)", refused({ seed = 2^53 - 1 }))
    assert.truthy(match.new(def, { seed = 0 }))
    assert.truthy(match.new(def, { seed = 9007199254740991 }))
  end)

  it("uses the game's default player count and seed 1", function()
    local m = assert(match.new(def))
    assert.equal(4, m.config.players)
    assert.equal(1, m.config.seed)
  end)
end)

describe("house rules", function()
  local dir
  support.fresh_dir_each_test(function(path) dir = path end)

  local function house(text)
    local path = support.write(dir, "house.lua", text)
    return loader.load("crazyeights", path)
  end

  it("change option defaults, which players may still override", function()
    local def = assert(house("options.hand_size = 6\noptions.draw_limit = options.draw_limit + 1"))
    assert.same({ hand_size = 6, draw_limit = 4 }, def.house_defaults)
    local m = assert(match.new(def, { players = 3, seed = 1 }))
    assert.equal(6, m.game.zones.hand[1]:count())
    assert.same({ hand_size = 6, draw_limit = 4, turn_limit = 1000 }, m.config.options)
    m = assert(match.new(def, { players = 3, seed = 1, options = { hand_size = 4 } }))
    assert.equal(4, m.game.zones.hand[1]:count())
    assert.equal(dir .. "/house.lua", def.house_path)
  end)

  it("declare options of their own, which --option and compare's FILE,k=v set like the game's", function()
    local def = assert(house([[
new_option { name = "short_hands", type = "boolean", default = false, doc = "hands of 3 cards" }
local hand_size = rules.hand_size
rules.hand_size = function(game)
  if game.options.short_hands then return 3 end
  return hand_size(game)
end]]))
    local m = assert(match.new(def, { players = 3, seed = 1 }))
    assert.equal(5, m.game.zones.hand[1]:count())  -- the book's, at 3 players
    m = assert(match.new(def, { players = 3, seed = 1, options = { short_hands = true } }))
    assert.equal(3, m.game.zones.hand[1]:count())
    -- a value is checked as a game's option's is; the next load has none of it
    local _, err = match.new(def, { players = 3, seed = 1, options = { short_hands = 3 } })
    assert.matches("option 'short_hands': 3 is not valid: expected", err)
    _, err = match.new(assert(loader.load("crazyeights")), { players = 3, seed = 1, options = { short_hands = true } })
    assert.matches("unknown option 'short_hands'", err)
    -- the file may set it too, after declaring it
    def = assert(house('new_option { name = "bonus", type = "integer", default = 1, min = 0, max = 9, doc = "x" }\n'
      .. "options.bonus = 4"))
    assert.same({ bonus = 4 }, def.house_defaults)
  end)

  it("refuse an option declared wrongly, on the line that declared it", function()
    local cases = {
      { 'new_option "bonus"', "new_option takes a declaration, e.g. new_option { name = 'bonus', type = "
        .. "'integer', default = 2, min = 0, max = 9, doc = 'what it does' }" },
      { 'new_option { name = "hand_size", type = "integer", default = 1, doc = "x" }',
        "new_option: the game has an option 'hand_size' already; set it with options.hand_size = value" },
      { 'new_option { name = "x", type = "integr", default = 1, doc = "x" }',
        "new_option 'x': type must be one of integer, number, boolean, string, choice, word_list, seat" },
      { 'new_option { name = "x", type = "integer", default = 11, max = 10, doc = "x" }',
        "new_option 'x': default 11 is not valid: expected an integer of at most 10" },
      { 'new_option { name = "9x", type = "integer", default = 1, doc = "x" }',
        "new_option: 'name' must be an identifier" },
      { 'new_option { name = "x", type = "integer", default = 1, doc = "x" }\n'
        .. 'new_option { name = "x", type = "integer", default = 2, doc = "x" }',
        "new_option: this file declared an option 'x' already; set it with options.x = value", 3 },
      { "new_option = 1", "cannot assign 'new_option': it declares a house rule's option: new_option { name = ..., ... }" },
    }
    for _, case in ipairs(cases) do
      local def, err = house("\n" .. case[1])
      assert.is_nil(def, case[1])
      assert.equal(dir .. "/house.lua:" .. (case[3] or 2) .. ": " .. case[2], err)
    end
  end)

  it("are saved by the path of the folder cardlab runs in, whatever $PWD a program passed on", function()
    -- (a browser test's harness starts cardlab in another folder with its own
    -- $PWD: the save named a house file there, and --resume could not read it)
    support.write(dir, "house.lua", "options.hand_size = 6\n")
    local out, status = support.run_cardlab("play crazyeights --seat 1=random --seat 2=random --save s.json "
      .. "--house house.lua", "", string.format("cd %q && PWD=/", dir) .. " ")
    assert.equal(0, status, out)
    local saved = support.read(dir .. "/s.json")
    local real = require("lfs").currentdir()
    assert(require("lfs").chdir(dir))
    local here = require("lfs").currentdir()
    assert(require("lfs").chdir(real))
    assert.truthy(saved:find('"house":"' .. here .. '/house.lua"', 1, true), saved)
  end)

  it("replace a rule piece", function()
    -- every card may be played on anything
    local def = assert(house("rules.can_play = function(card, top, suit) return true end"))
    local m = assert(match.new(def, { players = 3, seed = 1 }))
    local request = m:request()
    assert.equal(6, #request.answers)  -- the 5 cards and draw
    local hand = support.zone_names(m, m.game.zones.hand[1])
    for i, name in ipairs(hand) do assert.equal("play " .. name, request.answers[i]) end
    assert.equal("draw", request.answers[6])
    -- the next load of the game has its own rules again
    local plain = assert(loader.load("crazyeights"))
    local m2 = assert(match.new(plain, { players = 3, seed = 1 }))
    assert.is_true(#m2:request().answers < 6)
  end)

  it("may wrap the piece they replace", function()
    local def = assert(house([[
local penalty = rules.penalty
rules.penalty = function(card) return penalty(card) * 2 end]]))
    assert.equal(100, def.rules.penalty({ rank = "8", suit = "H" }))
    assert.equal(14, def.rules.penalty({ rank = "7", suit = "H" }))
  end)

  it("refuse an unknown option, listing the valid ones and how to declare one", function()
    local def, err = house("options.nope = 1")
    assert.is_nil(def)
    assert.equal(dir .. "/house.lua:1: unknown option 'nope'; valid options: draw_limit, hand_size, turn_limit "
      .. "(a house rule's own option is declared with new_option { name = 'nope', type = 'integer', default = 1, "
      .. "doc = '...' })", err)
    def, err = house('options.nope = { type = "integer", default = 1, doc = "x" }')
    assert.is_nil(def)
    assert.truthy(err:find("(a house rule's own option is declared with new_option { name = 'nope'", 1, true), err)
    def, err = house("local x = options.nope")
    assert.equal(dir .. "/house.lua:1: unknown option 'nope'; valid options: draw_limit, hand_size, turn_limit", err)
  end)

  it("refuse a declaration given for an option's value", function()
    local def, err = house('options.hand_size = { type = "integer", default = 1, doc = "x" }')
    assert.is_nil(def)
    assert.equal(dir .. "/house.lua:1: option 'hand_size' takes a value (options.hand_size = 0), not a declaration", err)
  end)

  it("refuse a wrong value for an option", function()
    local def, err = house("options.hand_size = 11")
    assert.is_nil(def)
    assert.equal(dir .. "/house.lua:1: option 'hand_size': 11 is not valid: expected an integer from 0 to 10", err)
    -- a text is quoted, so that "6" is not taken for the number 6
    def, err = house("options.hand_size = '6'")
    assert.equal(dir .. "/house.lua:1: option 'hand_size': \"6\" (a text) is not valid: expected an integer from 0 to 10", err)
  end)

  it("refuse an unknown rule piece, listing the valid ones", function()
    local def, err = house("rules.nope = function() end")
    assert.is_nil(def)
    assert.equal(dir .. "/house.lua:1: unknown rule piece 'nope'; valid pieces: can_play, hand_size, is_wild, "
      .. "penalty, turn", err)
    def, err = house("local f = rules.nope")
    assert.equal(dir .. "/house.lua:1: unknown rule piece 'nope'; valid pieces: can_play, hand_size, is_wild, "
      .. "penalty, turn", err)
  end)

  it("refuse a piece of the wrong type", function()
    local def, err = house("rules.can_play = 5")
    assert.is_nil(def)
    assert.equal(dir .. "/house.lua:1: rule piece 'can_play' must stay a function (got number)", err)
  end)

  it("refuse a misspelt key of a table piece, listing its keys, rather than add one never read", function()
    local function load(game, text)
      return loader.load(game, support.write(dir, "house.lua", text))
    end
    local def, err = load("cryptocurrency", "-- no loans\nrules.data.max_loan = 0")
    assert.is_nil(def)
    assert.truthy(err:find(dir .. "/house.lua:2: unknown key 'max_loan' in rules.data; valid keys: abilities, ", 1, true), err)
    assert.truthy(err:find(", max_loans, ", 1, true), err)
    def, err = load("rushfortheweb", "rules.effects.agian = function() end")
    assert.equal(dir .. "/house.lua:1: unknown key 'agian' in rules.effects; valid keys: again, bonus, "
      .. "draw_another, swap, take_pool", err)
    def, err = load("online", "rules.lays_on['Antivirs'] = { 'Virus' }")
    assert.truthy(err:find("house.lua:1: unknown key 'Antivirs' in rules.lays_on; valid keys: Antivirus, ", 1, true), err)
    def, err = load("online", "rules.lays_on.Antivirus = 'Virus'")
    assert.equal(dir .. "/house.lua:1: rules.lays_on.Antivirus must stay a table (got string)", err)
    -- a name the game reads is not removed either: the game would fail on the nil
    def, err = load("cryptocurrency", "rules.data.max_loans = nil")
    assert.equal(dir .. "/house.lua:1: rules.data.max_loans must stay a number (got nil)", err)
    -- the tables within a piece are guarded alike, however the file reaches them
    def, err = load("cryptocurrency", "rules.data.basic.Flyt.strat = 4")
    assert.equal(dir .. "/house.lua:1: unknown key 'strat' in rules.data.basic.Flyt; valid keys: mining, prices, "
      .. "start, stock", err)
    def, err = load("cryptocurrency", "for _, board in pairs(rules.data.basic) do\n  board.stokc = 1\nend")
    -- (the first board pairs gives)
    assert.truthy(err:find("^" .. dir:gsub("%p", "%%%0") .. "/house%.lua:2: unknown key 'stokc' in rules%.data%.basic%.%a+; "
      .. "valid keys: mining, prices, start, stock$"), err)
    def, err = load("cryptocurrency", "local flyt = rules.data.basic.Flyt\nflyt.mining.fee = 'none'")
    assert.equal(dir .. "/house.lua:2: rules.data.basic.Flyt.mining.fee must stay a table (got string)", err)
    def = assert(load("cryptocurrency", "rules.data.basic.Eruptium.start = 7\n"
      .. "rules.data.basic.Eruptium.mining = { difficulty = { 2 }, reward = { 1 }, fee = { 0 } }\n"
      .. "rules.data.advanced.Flyt.mining.fee[1] = 5"))
    assert.equal(7, def.rules.data.basic.Eruptium.start)
    assert.same({ 2 }, def.rules.data.basic.Eruptium.mining.difficulty)
    assert.equal(5, def.rules.data.advanced.Flyt.mining.fee[1])
    assert.is_nil(getmetatable(def.rules.data.basic.Eruptium))
    -- a table within, reached twice, is one table to the file; stored in a new
    -- table, the game gets it raw (next and rawlen see its entries)
    def = assert(load("cryptocurrency", "assert(rules.data.basic.Flyt == rules.data.basic.Flyt)\n"
      .. "local seen = { [rules.data.basic.Flyt] = true }\nassert(seen[rules.data.basic.Flyt])\n"
      .. "rules.data.basic.Flyt.mining = { difficulty = rules.data.basic.Elvt.mining.difficulty,\n"
      .. "  reward = rules.data.basic.Flyt.mining.reward, fee = { 0 } }"))
    local difficulty = def.rules.data.basic.Flyt.mining.difficulty
    assert.is_nil(getmetatable(difficulty))
    assert.is_nil(getmetatable(def.rules.data.basic.Flyt.mining.reward))
    assert.equal(#def.rules.data.basic.Elvt.mining.difficulty, rawlen(difficulty))
    assert.is_not_nil(next(difficulty))
    -- the keys that are there are changed, a new number key is added, and the
    -- game keeps its own table (not the guard)
    def = assert(load("cryptocurrency", "rules.data.max_loans = 0"))
    assert.equal(0, def.rules.data.max_loans)
    assert.is_nil(getmetatable(def.rules.data))
    def = assert(load("lettertycoon", "rules.word_values[2] = { 1, 0 }\nrules.word_values = rules.word_values\n"
      .. "assert(#rules.word_values == 0 or true)\nlocal n = 0\nfor _ in pairs(rules.word_values) do n = n + 1 end\n"
      .. "assert(n == 11, n)"))
    assert.same({ 1, 0 }, def.rules.word_values[2])
    assert.is_nil(getmetatable(def.rules.word_values))
    -- and the change is played: no one is asked to take a loan
    local function loans(def)
      local m, asked = assert(match.new(def, { players = 2, seed = 1 })), 0
      while m:status() == "waiting" do
        if m:request().kind == "loan" then asked = asked + 1 end
        m:run({ "random", "random" }, 1)
      end
      return asked
    end
    assert.is_true(loans(assert(loader.load("cryptocurrency"))) > 0)
    assert.equal(0, loans(assert(load("cryptocurrency", "rules.data.max_loans = 0"))))
  end)

  it("run in the sandbox, with errors giving file and line", function()
    local def, err = house("\nx = 1")
    assert.is_nil(def)
    assert.equal(dir .. "/house.lua:2: assignment to undefined global 'x' (declare it local)", err)
    def, err = house("print(io)")
    assert.equal(dir .. "/house.lua:1: undefined global 'io'", err)
    def, err = house("options.hand_size = (")
    assert.equal(dir .. "/house.lua:1: unexpected symbol near <eof>", err)
    def, err = house("error('boom')")
    assert.equal(dir .. "/house.lua:1: boom", err)
  end)

  it("say which option or piece a bare name was likely meant to be", function()
    for _, case in ipairs({
      { "-- one draw a turn\ndraw_limit = 1",
        "2: assignment to undefined global 'draw_limit' (did you mean options.draw_limit?)" },
      { "is_wild = function() return true end",
        "1: assignment to undefined global 'is_wild' (did you mean rules.is_wild?)" },
      { "local old = penalty", "1: undefined global 'penalty' (did you mean rules.penalty?)" },
    }) do
      assert.same({ nil, dir .. "/house.lua:" .. case[2] }, { house(case[1]) })
    end
  end)

  it("refuse an assignment to options, rules or name as a whole, which would change nothing", function()
    for _, case in ipairs({
      { "options = { hand_size = 2 }", "cannot assign 'options': set one option at a time, e.g. options.NAME = value" },
      { "rules = {}", "cannot assign 'rules': replace one piece at a time, e.g. rules.NAME = function ... end" },
      { "name = 'mine'", "cannot assign 'name': it is the game's name, which a house file does not change" },
    }) do
      assert.same({ nil, dir .. "/house.lua:1: " .. case[2] }, { house(case[1]) })
    end
    -- read, they are what the house file works with
    local def = assert(house("local o, r = options, rules\no.hand_size = 4\nassert(r.is_wild and name == 'crazyeights')"))
    assert.equal(4, def.house_defaults.hand_size)
  end)

  it("name their file for an error without a position", function()
    local def, err = house("error({})")
    assert.is_nil(def)
    assert.equal(dir .. "/house.lua: the script raised an error value that is not a text (table)", err)
    -- an error value that says what it is (__tostring) keeps its message
    def, err = house("error(setmetatable({}, { __tostring = function() return 'no rules today' end }))")
    assert.is_nil(def)
    assert.equal(dir .. "/house.lua: no rules today", err)
    -- a module's error caught by the script: a later error is the script's own
    support.write(dir, "bad.lua", "error({})\n")
    local game = support.write(dir, "game.lua", 'assert(not pcall(require, "bad"))\nerror({})\n')
    def, err = loader.load(game)
    assert.is_nil(def)
    assert.equal(game .. ": the script raised an error value that is not a text (table)", err)
    -- running out of memory: in a child, under a small cap
    local path = support.write(dir, "hog.lua", 'local s = "x"\nwhile true do s = s .. s end\n')
    local out, status = support.run_cardlab("play crazyeights --house " .. path, "",
      "CARDLAB_MEMORY_MB=32")
    assert.equal(1, status)
    assert.equal("cardlab: play: " .. path .. ": not enough memory: the script used all the "
      .. "memory it may (the cap is set by CARDLAB_MEMORY_MB)\n", out)
    out, status = support.run_cardlab("play " .. path, "", "CARDLAB_MEMORY_MB=32")
    assert.equal(1, status)
    assert.equal("cardlab: play: " .. path .. ": not enough memory: the script used all the "
      .. "memory it may (the cap is set by CARDLAB_MEMORY_MB)\n", out)
  end)

  it("must exist", function()
    local def, err = loader.load("crazyeights", dir .. "/missing.lua")
    assert.is_nil(def)
    assert.equal("cannot read house rules: cannot open " .. dir .. "/missing.lua: No such file or directory"
      .. " (expected a house-rule file: a Lua file as in docs/houses)", err)
  end)

  it("change the content hash", function()
    local plain = assert(loader.load("crazyeights")).hash
    local six = assert(house("options.hand_size = 6")).hash
    local seven = assert(house("options.hand_size = 7")).hash
    assert.not_equal(plain, six)
    assert.not_equal(six, seven)
    assert.equal(six, assert(house("options.hand_size = 6")).hash)
    assert.equal(plain, assert(loader.load("crazyeights")).hash)
  end)
end)
