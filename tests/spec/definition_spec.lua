-- What the loader refuses in a definition: each case is a mistake a game
-- author made.

local loader = require "cardlab.loader"
local support = require "tests.spec.support"

local dir
support.fresh_dir_each_test(function(path) dir = path end)

local function write_game(body, fields) return support.write_game(dir, body, fields) end

describe("loading a definition", function()
  local function refused(fields)
    local def, err = loader.load(write_game("return { winners = { 1 } }", fields))
    assert.is_nil(def)
    return (err:gsub("^.-game%.lua: ", ""))
  end

  -- the definition with `players` as given
  local function players_refused(players)
    local path = write_game("return { winners = { 1 } }")
    local text = support.read(path):gsub("{ min = 2, max = 2 }", players)
    local def, err = loader.load(support.write(dir, "game.lua", text))
    assert.is_nil(def)
    return (err:gsub("^.-game%.lua: ", ""))
  end

  it("refuses a default player count outside min..max, naming the field", function()
    assert.equal("the definition 'players.default' must be a player count from min to max, "
      .. "2 to 3 (got 5)", players_refused("{ min = 2, max = 3, default = 5 }"))
    assert.equal("the definition 'players.default' must be a player count from min to max, "
      .. "2 to 3 (got 2.5)", players_refused("{ min = 2, max = 3, default = 2.5 }"))
  end)

  it("refuses an unknown field of 'players'", function()
    assert.equal("the definition 'players' has an unknown field 'defualt'; known fields: min, "
      .. "max, default", players_refused("{ min = 2, max = 2, defualt = 2 }"))
  end)

  it("refuses secret_kinds given as a list, saying how to write the set", function()
    assert.equal("the definition 'secret_kinds' must be a set of request kinds, e.g. "
      .. "{ lay = true } (got [1] = \"play\"; write { play = true })",
      refused('secret_kinds = { "play" },'))
    assert.matches("^the definition 'secret_kinds' must be a set", refused("secret_kinds = 'play',"))
  end)

  it("refuses a fixed_state that is not a list of state keys", function()
    for _, bad in ipairs({ "fixed_state = 'doubling',", "fixed_state = { doubling = true },", "fixed_state = { 1 }," }) do
      assert.equal("the definition 'fixed_state' must be a list of state keys, { KEY, ... }", refused(bad))
    end
  end)

  it("refuses a misspelt field, naming it and listing the known ones", function()
    local KNOWN = "known fields: about, answer_forms, bench, bots, cards, constraints, describe, edited, edits, "
      .. "fixed_state, name, options, play, players, presentation, round, rules, search, secret_kinds, setup, standing, "
      .. "standings, title, validate"
    assert.equal("the definition has an unknown field 'describ' (did you mean 'describe'?); "
      .. KNOWN, refused("describ = function() end,"))
    assert.equal("the definition has an unknown field 'secret_kind' (did you mean "
      .. "'secret_kinds'?); " .. KNOWN, refused("secret_kind = { play = true },"))
    assert.matches("unknown field 'titel' %(did you mean 'title'%?%)", refused("titel = 'T',"))
    assert.matches("unknown field 'Bots' %(did you mean 'bots'%?%)", refused("Bots = {},"))
    assert.matches("unknown field 'valdiate' %(did you mean 'validate'%?%)",
      refused("valdiate = function() end,"))
    assert.equal("the definition has an entry [1]; its fields are names: about, answer_forms, bench, bots, "
      .. "cards, constraints, describe, edited, edits, fixed_state, name, options, play, players, presentation, round, rules, "
      .. "search, secret_kinds, setup, standing, standings, title, validate", refused('"stray",'))
  end)

  it("refuses standings that are not a function, the cards in a zone of each seat or a list of the state", function()
    local WANTED = "the definition 'standings' must be a function(game, into), { cards = ZONE [, fewer = true] } "
      .. "naming a zone of each seat, or { state = KEY [, team = true] } naming a list of game.state"
    assert.equal(WANTED, refused("standings = 5,"))
    assert.equal(WANTED, refused("standings = { zone = 'hand' },"))
    assert.equal(WANTED .. " (got a field 'less')", refused("standings = { cards = 'hand', less = true },"))
    assert.equal(WANTED, refused("standings = { cards = 'hand', fewer = 1 },"))
    assert.equal(WANTED .. " (got a field 'fewer')", refused("standings = { state = 'points', fewer = true },"))
    assert.equal(WANTED, refused("standings = { state = 'points', team = 'yes' },"))
    for _, fields in ipairs({ "standings = { cards = 'hand', fewer = true },", "standings = { state = 'points' },",
                              "standings = { state = 'points', team = true },", "standings = function(game, into) end," }) do
      local def = assert(loader.load(write_game("return { winners = { 1 } }", fields)))
      -- (a seat's standing made from them, for the search bot)
      assert.equal("function", type(def.standing), fields)
    end
  end)

  it("names a field that may be a missing one misspelt", function()
    -- short or swapped names that the slip check keeps as the game's own
    local path = write_game("return { winners = { 1 } }")
    local function without(field, instead)
      local text = support.read(path):gsub(field .. " = ", instead .. " = ", 1)
      local def, err = loader.load(support.write(dir, "game.lua", text))
      assert.is_nil(def)
      return (err:gsub("^.-game%.lua: ", ""))
    end
    assert.equal("the definition needs a 'play' function (is 'paly' it?)", without("play", "paly"))
    assert.equal("the definition needs a 'setup' function (is 'stup' it?)", without("setup", "stup"))
    assert.equal("the definition needs 'players' = { min = , max = } within 1..8 (is 'plyers' it?)",
      without("players", "plyers"))
    -- of another type: not taken for it
    local def, err = loader.load(support.write(dir, "game.lua", 'return { name = "t", players = '
      .. '{ min = 2, max = 2 }, cards = {}, setup = function() end, paly = 5 }'))
    assert.is_nil(def)
    assert.equal("the definition needs a 'play' function", (err:gsub("^.-game%.lua: ", "")))
  end)

  it("refuses options that are not a list: one declaration left unwrapped was no option at all", function()
    assert.equal("the definition 'options' must be a list of option declarations (got a field "
      .. "'default'; one option is written options = { { name = ..., ... } })",
      refused("options = { name = 'n', type = 'integer', default = 1, doc = 'd' },"))
    assert.equal("the definition 'options' must be a list of option declarations (got [3])",
      refused("options = { [1] = { name = 'n', type = 'integer', default = 1, doc = 'd' }, "
        .. "[3] = { name = 'm', type = 'integer', default = 1, doc = 'd' } },"))
    assert.equal("the definition 'options' must be a list of option declarations (got a field 'x')",
      refused("options = { { name = 'n', type = 'integer', default = 1, doc = 'd' }, x = 1 },"))
  end)

  it("refuses an option's doc of several lines, a choice that is not a text, and a name declared twice", function()
    assert.equal("game 't', option 1 ('n'): 'doc' must be a one-line text",
      refused("options = { { name = 'n', type = 'integer', default = 1, doc = 'one\\ntwo' } },"))
    assert.equal("game 't', option 1 ('c'): choice 2 must be a text (got number)",
      refused("options = { { name = 'c', type = 'choice', default = 'a', doc = 'd', choices = { 'a', 2 } } },"))
    assert.equal("game 't', option 2 ('n'): option 1 has that name already",
      refused("options = { { name = 'n', type = 'integer', default = 1, doc = 'd' }, "
        .. "{ name = 'n', type = 'boolean', default = false, doc = 'd' } },"))
  end)

  it("refuses an unknown field of an option declaration", function()
    assert.equal("game 't', option 1 ('n'): unknown field 'mn'; known fields: name, type, "
      .. "default, doc, min, max, choices",
      refused("options = { { name = 'n', type = 'integer', default = 1, doc = 'd', mn = 0 } },"))
  end)

  it("keeps the game's own fields (helpers its tests call)", function()
    local def = assert(loader.load(write_game("return { winners = { 1 } }",
      "effect_text = function() return 'x' end, goods = function() end, label = 1,")))
    assert.equal("x", def.effect_text())
    -- longer than a known field, or of another type: the game's own
    for _, fields in ipairs({ "names = { 'a' },", "titles = { 'T' },", "plays = function() end,",
                              "describ = 5," }) do
      assert(loader.load(write_game("return { winners = { 1 } }", fields)), fields)
    end
    -- of the field's type and cut short: the closest known field
    assert.matches("unknown field 'player' %(did you mean 'players'%?%)", refused("player = { min = 2 },"))
  end)

  -- (pairs' order changes from run to run, and one process keeps one order:
  -- a run per child process, three each)
  it("names the same wrong entry on every run: the first by name", function()
    local NAMES = { "zeta", "kappa", "alpha", "omega", "delta", "sigma", "gamma", "tau", "rho", "mu" }
    local function ten(value)
      local list = {}
      for _, name in ipairs(NAMES) do list[#list + 1] = name .. " = " .. value end
      return table.concat(list, ", ")
    end
    local cases = {
      -- (the later of two 'players' in one constructor is the one kept)
      { "players = { min = 2, max = 2, " .. ten(1) .. " },", "'players' has an unknown field 'alpha'" },
      { "bots = { " .. ten(1) .. " },", "bot 'alpha' must be a function" },
      { "secret_kinds = { " .. ten(1) .. " },", "got %[\"alpha\"%] = 1" },
      { "answer_forms = { " .. ten(1) .. " },", "got %[\"alpha\"%] = 1" },
      { "edits = { " .. ten(1) .. " },", "edit 'alpha' must be a table" },
      { "standings = { state = 's', " .. ten(1) .. " },", "got a field 'alpha'" },
      -- slips of four fields: the first of them by name
      { "titel = 'T', valdiate = 1, Bots = {}, secret_kind = {},", "unknown field 'Bots'" },
    }
    for _, case in ipairs(cases) do
      local path = write_game("return { winners = { 1 } }", case[1])
      for _ = 1, 3 do
        local out = support.run_cardlab("check " .. path)
        assert.matches(case[2], out, 1, false)
      end
    end
  end)
end)

describe("presentation hints", function()
  local presentation = require "cardlab.presentation"
  it("takes the documented fields and refuses others with the known ones", function()
    assert.is_nil(presentation.check({ felt = "#123", zones = { "a" }, hidden = { x = true },
      colours = { H = "red" }, card_label = "name" }))
    assert.equal("'presentation' has an unknown field 'colors'; known fields: amounts, card_detail, "
      .. "card_label, card_text, colour_by, colours, felt, hidden, hide_empty, labels, log_steps, markers, seat_state, "
      .. "seat_zones, spelled, stacked, state, symbols, team_state, team_zones, turned, zones",
      presentation.check({ colors = {} }))
    -- colour_by: a field, or a list of fields tried in turn
    assert.is_nil(presentation.check({ colour_by = { "colour", "colours", "type" }, card_text = "text",
      log_steps = { give = true }, amounts = { give = true } }))
    assert.equal("'presentation.colour_by' must be a text or a list of names (got number)", presentation.check({ colour_by = 1 }))
    assert.equal("'presentation.colour_by' must be a list of names", presentation.check({ colour_by = { type = true } }))
    assert.equal("'presentation.card_text' must be a text (got table)", presentation.check({ card_text = {} }))
    assert.equal("'presentation.log_steps' must be a set of names, e.g. { passes = true }",
      presentation.check({ log_steps = { "give" } }))
    assert.equal("'presentation.amounts' must be a set of names, e.g. { passes = true }",
      presentation.check({ amounts = { "give" } }))
    assert.is_nil(presentation.check({ spelled = { words = "play.text" } }))
    assert.equal("'presentation.spelled' must be a map of names to texts", presentation.check({ spelled = { words = 3 } }))
    assert.is_nil(presentation.check({ state = { "price" }, seat_state = { "wonga" },
      markers = { "start" }, turned = "tired" }))
    assert.is_nil(presentation.check({ team_zones = { "online", "email" }, team_state = { "megabytes" } }))
    assert.equal("'presentation.team_zones' must be a list of names", presentation.check({ team_zones = { online = true } }))
    assert.equal("'presentation.turned' must be a text (got table)", presentation.check({ turned = {} }))
    assert.equal("'presentation.markers' must be a list of names", presentation.check({ markers = { start = true } }))
    assert.equal("'presentation.felt' must be a text (got number)", presentation.check({ felt = 1 }))
    assert.equal("'presentation.zones' must be a list of names", presentation.check({ zones = { 1 } }))
    assert.equal("'presentation.hidden' must be a set of names, e.g. { passes = true }",
      presentation.check({ hidden = { "passes" } }))
  end)
  it("every shipped game gives them", function()
    local loader = require "cardlab.loader"
    for _, name in ipairs(loader.names()) do
      local def = assert(loader.load(name))
      assert.is_table(def.presentation, name)
      assert.is_string(def.presentation.felt, name)
    end
  end)
end)

describe("a one-file game and the library", function()
  -- a game in one file, not named game.lua, that requires the library's cards
  local ONE_FILE = [[
local cards = require "cards"
return { name = "t", players = { min = 2, max = 2 }, cards = cards.parse("1 A\n1 B\n"),
  setup = function(game) end, play = function(game) return { winners = { 1 } } end }
]]

  it("is refused when a file next to it is named like a library module, naming both", function()
    support.write(dir, "cards.lua", "return { parse = function() return {} end }")
    local def, err = loader.load(support.write(dir, "mygame.lua", ONE_FILE))
    assert.is_nil(def)
    assert.matches("module 'cards': .*cards%.lua next to the one%-file game would hide the "
      .. "library's stdlib/cards%.lua; rename it %(and its require%), or put the game in a "
      .. "folder of its own as game%.lua", err)
  end)

  it("loads when nothing next to it hides a module; a game folder may replace one on purpose", function()
    local def = assert(loader.load(support.write(dir, "mygame.lua", ONE_FILE)))
    assert.equal(2, #def.cards)   -- the library's parse
    -- games/NAME/game.lua: its folder is its own, its cards.lua is meant
    support.write(dir, "cards.lua", "return { parse = function() return { { name = 'own' } } end }")
    def = assert(loader.load(support.write(dir, "game.lua", ONE_FILE)))
    assert.same({ { name = "own" } }, def.cards)
  end)
end)
