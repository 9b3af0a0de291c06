-- Loading rule scripts: the sandbox they run in, the modules they may
-- require, and the errors a broken script gets.

local loader = require "cardlab.loader"
local match = require "cardlab.match"
local sandbox = require "cardlab.sandbox"
local support = require "tests.spec.support"

-- A minimal game whose play function gives back the value of `expr`, run
-- in the sandbox: { value = <expr> }.
local GAME = [[
return {
  name = "probe",
  players = { min = 1, max = 2 },
  cards = {},
  setup = function(game) end,
  play = function(game)
    local value = %s
    return { value = value }
  end,
}
]]

local dir
support.fresh_dir_each_test(function(path) dir = path end)

-- Loads a script text written to dir/game.lua; gives def or nil, err.
local function load_text(text)
  return loader.load(support.write(dir, "game.lua", text))
end

-- Plays the probe game: gives the status and the result (or error message).
local function probe(expr)
  local def = assert(load_text(GAME:format(expr)))
  local m = assert(match.new(def, { players = 1 }))
  local status = m:status()
  local result, err = m:result()
  return status, status == "over" and result.value or err
end

-- The first line of an error message, for comparing.
local function first_line(msg)
  return (msg:match("^[^\n]*"))
end

describe("the sandbox", function()
  for _, name in ipairs({ "io", "os", "package", "load", "loadfile", "dofile", "coroutine", "debug",
                          "collectgarbage", "setfenv", "module" }) do
    it("has no global '" .. name .. "'", function()
      local status, err = probe(name)
      assert.equal("error", status)
      assert.equal(dir .. "/game.lua:7: undefined global '" .. name .. "'", first_line(err))
    end)
  end

  it("has no math.random, string.dump or os.time", function()
    assert.same({ "over", "nil nil" }, { probe("tostring(math.random) .. ' ' .. tostring(string.dump)") })
  end)

  it("has the allowed standard library", function()
    local status, value = probe([[string.format("%d %s %s %s %s", math.max(1, 2), table.concat({ "a", "b" }, "+"),
      utf8.char(72), type(pcall), select("#", 1, 2))]])
    assert.equal("over", status)
    assert.equal("2 a+b H function 2", value)
  end)

  it("names an undefined global that is read", function()
    local status, err = probe("undefined_thing + 1")
    assert.equal("error", status)
    assert.equal(dir .. "/game.lua:7: undefined global 'undefined_thing'", first_line(err))
  end)

  it("refuses to set a global, naming it", function()
    local status, err = probe("(function() counter = 1 end)()")
    assert.equal("error", status)
    assert.equal(dir .. "/game.lua:7: assignment to undefined global 'counter' (declare it local)", first_line(err))
  end)

  it("shows the script's frames in the traceback, not the host's", function()
    -- the sandbox raises the error, and game:choose calls the label: neither
    -- is the author's, so neither is in the traceback they read
    local status, err = probe("(function() counter = 1 end)()")
    assert.equal("error", status)
    assert.equal(dir .. "/game.lua:7: assignment to undefined global 'counter' (declare it local)\n"
      .. "stack traceback:\n\t" .. dir .. "/game.lua:7: in function <" .. dir .. "/game.lua:7>\n"
      .. "\t" .. dir .. "/game.lua:7: in function <" .. dir .. "/game.lua:6>\n\t(...tail calls...)", err)
    status, err = probe("game:choose(1, 'x', 'pick', { 1 }, function(item) return item end)")
    assert.equal("error", status)
    assert.equal(dir .. "/game.lua:7: game:choose: the label of item 1 is a number, not a text\n"
      .. "stack traceback:\n\t" .. dir .. "/game.lua:7: in function <" .. dir .. "/game.lua:6>\n"
      .. "\t(...tail calls...)", err)
    -- a C function the script called stays: it is named in the message
    status, err = probe("game.zones.box:deal()")
    assert.equal("error", status)
    assert.matches("\n\t%[C%]: in method 'deal'\n", err)
    assert.falsy(err:find("stdlib/cardlab/", 1, true))
  end)

  it("refuses undefined globals at load time too", function()
    local def, err = load_text("helper = 1\nreturn {}")
    assert.is_nil(def)
    assert.equal(dir .. "/game.lua:1: assignment to undefined global 'helper' (declare it local)", err)
    def, err = load_text("local x = nothing\nreturn {}")
    assert.is_nil(def)
    assert.equal(dir .. "/game.lua:1: undefined global 'nothing'", err)
  end)

  it("gives each load a fresh environment", function()
    -- a script that changes its library tables changes only its own copy
    local def = assert(load_text("string.upper = nil\n" .. GAME:format("1")))
    assert.is_function(string.upper)
    local _, value = probe("type(string.upper)")
    assert.equal("function", value)
    assert.is_table(def)
  end)

  it("keeps the host's string library out of reach through the string metatable", function()
    -- getmetatable("") is the metatable all strings share, host's included;
    -- a script must not be able to change the host's string functions
    local ok, err = pcall(function()
      local status = probe([[(function()
        local mt = getmetatable("")
        if type(mt) == "table" and type(mt.__index) == "table" then
          mt.__index.cardlab_probe = true
        end
        return 1
      end)()]])
      return status
    end)
    local leaked = string.cardlab_probe
    string.cardlab_probe = nil
    assert.is_nil(leaked, "a rule script wrote into the host's string table: " .. tostring(err))
  end)

  it("stops a runaway loop even when the script catches errors with pcall", function()
    -- In a child process, so that a sandbox that cannot stop it does not hang
    -- the specs: the child must finish with the instruction-limit error.
    local game = support.write(dir, "spin.lua", [[
return {
  name = "spin", players = { min = 1, max = 1 }, cards = {},
  setup = function(game) end,
  play = function(game)
    while true do pcall(function() while true do end end) end
  end,
}
]])
    local runner = support.write(dir, "run.lua", string.format([[
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local def = assert(loader.load(%q))
local m = assert(match.new(def, { players = 1, max_instructions = 1000000 }))
print("status=" .. m:status())
print(select(2, m:result()))
]], game))
    local out, finished = support.run_child(runner, 10)
    assert.is_true(finished, "the game was still running after 10 s (killed)")
    assert.matches("status=error", out, 1, true)
    assert.matches("script ran for more than 1000000 instructions", out, 1, true)
  end)

  it("compiles text only", function()
    local chunk, err = sandbox.compile(string.dump(function() return 1 end), "x.lua", sandbox.environment())
    assert.is_nil(chunk)
    assert.matches("binary chunk", err, 1, true)
  end)
end)

describe("loading a rule script", function()
  it("gives the definition with its path, folder and content hash", function()
    local path = support.write(dir, "game.lua", GAME:format("1"))
    local def = assert(loader.load(path))
    assert.equal("probe", def.name)
    assert.equal("probe", def.title)
    assert.equal(path, def.path)
    assert.equal(dir, def.dir)
    assert.matches("^%x+$", def.hash)
    assert.equal(16, #def.hash)
    assert.same({}, def.rules)
    assert.same({}, def.options)
    assert.equal(1, def.players.default)
    -- the same text gives the same hash; another text another one
    assert.equal(def.hash, loader.load(path).hash)
    support.write(dir, "game.lua", GAME:format("2"))
    assert.not_equal(def.hash, loader.load(path).hash)
  end)

  it("finds a game folder by path", function()
    support.write(dir, "game.lua", GAME:format("1"))
    local def = assert(loader.load(dir))
    assert.equal("probe", def.name)
  end)

  it("reports a syntax error with file and line", function()
    local def, err = load_text("local a = 1\n\nlocal x = = 2\nreturn {}")
    assert.is_nil(def)
    assert.equal(dir .. "/game.lua:3: unexpected symbol near '='", err)
    def, err = load_text("return {")
    assert.is_nil(def)
    assert.equal(dir .. "/game.lua:1: unexpected symbol near <eof>", err)
  end)

  it("reports a runtime error of the script with file and line", function()
    local def, err = load_text("local t\n\nreturn t.x")
    assert.is_nil(def)
    assert.equal(dir .. "/game.lua:3: attempt to index a nil value (local 't')", err)
  end)

  it("does not load a precompiled (bytecode) script", function()
    local def, err = load_text(string.dump(load(GAME:format("1"))))
    assert.is_nil(def)
    assert.matches("attempt to load a binary chunk (mode is 't')", err, 1, true)
  end)

  it("names an unknown game", function()
    local def, err = loader.load("no_such_game")
    assert.is_nil(def)
    assert.equal("unknown game 'no_such_game' (cannot open " .. CARDLAB_HOME
      .. "/games/no_such_game/game.lua: No such file or directory); see 'cardlab list'", err)
    -- a name a letter or two off a game's, in any case, is said to be a slip
    for slip, meant in pairs({ crazyeigths = "crazyeights", Online = "online", cryptocurency = "cryptocurrency" }) do
      def, err = loader.load(slip)
      assert.is_nil(def)
      assert.matches("^unknown game '" .. slip .. "': did you mean '" .. meant .. "'%? %(cannot open ", err)
    end
    def, err = loader.load("rush")
    assert.matches("^unknown game 'rush' %(cannot open ", err)
    def, err = loader.load(dir .. "/missing.lua")
    assert.is_nil(def)
    assert.equal("no game script at '" .. dir .. "/missing.lua' (cannot open " .. dir .. "/missing.lua: "
      .. "No such file or directory)", err)
  end)

  it("hints at the path when an unknown name is a game folder here, and takes a folder/", function()
    local lfs = require "lfs"
    assert(lfs.mkdir(dir .. "/mine"))
    support.write(dir .. "/mine", "game.lua", GAME:format("1"))
    local here = lfs.currentdir()
    assert(lfs.chdir(dir))
    local def, err = loader.load("mine")
    local ok, def2 = pcall(loader.load, "mine/")
    lfs.chdir(here)
    assert.is_nil(def)
    assert.equal("unknown game 'mine' (cannot open " .. CARDLAB_HOME .. "/games/mine/game.lua: No "
      .. "such file or directory); see 'cardlab list'; for the folder here, give its path: ./mine",
      err)
    assert.is_true(ok)
    assert.equal("mine/game.lua", def2.path)
    def, err = loader.load(dir .. "/nowhere/")
    assert.equal("no game script at '" .. dir .. "/nowhere/' (cannot open " .. dir .. "/nowhere/game.lua: "
      .. "No such file or directory)", err)
  end)

  it("lists the bundled games", function()
    local names = loader.names()
    assert.is_true(#names >= 1)
    local found = false
    for _, n in ipairs(names) do found = found or n == "crazyeights" end
    assert.is_true(found)
    local sorted = { table.unpack(names) }
    table.sort(sorted)
    assert.same(sorted, names)
  end)

  describe("checks the definition", function()
    local BASE = "name = 't', players = { min = 1, max = 2 }, cards = {}, setup = function() end, "
      .. "play = function() end"
    local function without(field, extra)
      local text = BASE:gsub(field .. " = [^,]+, ?", "")
      return "return { " .. text .. (extra or "") .. " }"
    end

    local cases = {
      { "not a table", "return 5", "the definition must be a table returned by the script; the script returned a number" },
      -- (a script whose last line, the return, was left out: said so)
      { "nothing returned", "local g = { name = 't' }", "the definition must be a table returned by the script; the "
        .. "script returned nothing (does it end with 'return' and the definition, as 'return mygame'?)" },
      { "no name", without("name"), "the definition needs a 'name' (text)" },
      { "no play", "return { name = 't', players = { min = 1, max = 2 }, cards = {}, setup = function() end }",
        "the definition needs a 'play' function" },
      { "no setup", without("setup"), "the definition needs a 'setup' function" },
      { "no cards", without("cards"), "the definition needs 'cards' (a list of card tables, or a function giving one)" },
      { "bad bots", "return { " .. BASE .. ", bots = { smart = 1 } }", "the definition bot 'smart' must be a function" },
      { "rules not a table", "return { " .. BASE .. ", rules = 5 }", "the definition 'rules' must be a table of named pieces" },
    }
    for _, case in ipairs(cases) do
      it("(" .. case[1] .. ")", function()
        local def, err = load_text(case[2])
        assert.is_nil(def)
        assert.equal(dir .. "/game.lua: " .. case[3], err)
      end)
    end

    local PLAYERS = "the definition needs 'players' = { min = , max = } within 1..8"
    for _, players in ipairs({ "nil", "{ min = 0, max = 2 }", "{ min = 1, max = 9 }", "{ min = 3, max = 2 }",
                               "{ min = 1.5, max = 2 }", "{ min = 1 }", "'two'" }) do
      it("(players = " .. players .. ")", function()
        local def, err = load_text("return { name = 't', players = " .. players
          .. ", cards = {}, setup = function() end, play = function() end }")
        assert.is_nil(def)
        assert.equal(dir .. "/game.lua: " .. PLAYERS, err)
      end)
    end

    it("(a bad option declaration)", function()
      local def, err = load_text("return { " .. BASE .. ", options = { { name = 'n', type = 'integer', "
        .. "default = 1.5, doc = 'd' } } }")
      assert.is_nil(def)
      assert.equal("game 't', option 1 ('n'): default 1.5 is not valid: expected an integer", err)
    end)
  end)
end)

describe("require in a rule script", function()
  it("loads stdlib modules", function()
    local status, value = probe("#require('cards').deck { ranks = { 'A', 'K' }, suits = { 'H' } }")
    assert.equal("over", status)
    assert.equal(2, value)
  end)

  it("loads modules from the game's folder first, once per load", function()
    support.write(dir, "cards.lua", "return { mine = true }")  -- shadows stdlib/cards.lua
    support.write(dir, "helper.lua", "return { value = 42 }")
    local def = assert(load_text(GAME:format(
      "{ require('helper').value, require('helper') == require('helper'), require('cards').mine }")))
    local m = match.new(def, { players = 1 })
    assert.same({ 42, true, true }, m:result().value)
  end)

  it("puts the modules required at load time into the content hash", function()
    support.write(dir, "helper.lua", "return { value = 42 }")
    local text = "local helper = require 'helper'\n" .. GAME:format("helper.value")
    local before = assert(load_text(text)).hash
    assert.equal(before, assert(load_text(text)).hash)
    support.write(dir, "helper.lua", "return { value = 43 }")
    assert.not_equal(before, assert(load_text(text)).hash)
  end)

  it("gives lpeg as it is", function()
    local status, value = probe("type(require('lpeg').match)")
    assert.same({ "over", "function" }, { status, value })
  end)

  it("refuses the host's cardlab modules", function()
    local def, err = load_text("local vm = require 'cardlab.vm'\nreturn {}")
    assert.is_nil(def)
    assert.equal(dir .. "/game.lua:1: module 'cardlab.vm' is not available to rule scripts", err)
    def, err = load_text("local l = require 'cardlab.loader'\nreturn {}")
    assert.equal(dir .. "/game.lua:1: module 'cardlab.loader' is not available to rule scripts", err)
  end)

  it("lists where it looked for a missing module", function()
    local def, err = load_text("local m = require 'nope.mod'\nreturn {}")
    assert.is_nil(def)
    assert.equal(dir .. "/game.lua:1: module 'nope.mod' not found (tried " .. dir
      .. "/nope/mod.lua, stdlib/nope/mod.lua); the library's modules: cards, explain, render, score", err)
    -- a slip for a library module shows it
    def, err = load_text("local cards = require 'card'\nreturn {}")
    assert.is_nil(def)
    assert.equal(dir .. "/game.lua:1: module 'card' not found (tried " .. dir
      .. "/card.lua, stdlib/card.lua); the library's modules: cards, explain, render, score", err)
  end)

  it("refuses a name that is not a module name", function()
    local def, err = load_text("local m = require(5)\nreturn {}")
    assert.is_nil(def)
    assert.equal(dir .. "/game.lua:1: bad argument #1 to 'require' (module name expected, got number)", err)
    def, err = load_text("local m = require '../x'\nreturn {}")
    assert.equal(dir .. "/game.lua:1: bad argument #1 to 'require' (module name expected, got '../x')", err)
  end)

  it("runs required modules in the sandbox too", function()
    support.write(dir, "bad.lua", "return io")
    local def, err = load_text("local m = require 'bad'\nreturn {}")
    assert.is_nil(def)
    assert.equal(dir .. "/bad.lua:1: undefined global 'io'", err)
  end)
end)
