-- What a game writes cannot drive the terminal: a game whose texts hold
-- control characters (ESC [2J clears the screen, a carriage return
-- overwrites the line, NUL) is played through every command that prints a
-- game's texts, and each text must come out escaped as vm.printable escapes
-- it (\27, \13, \0), with no raw control byte but newline and tab left in the
-- output. Texts without them print as they are (the other specs, and the
-- games' own outputs, hold that).

local lfs = require "lfs"
local json = require "cjson"
local vm = require "cardlab.vm"
local session = require "repl.session"
local repl = require "repl.repl"
local support = require "tests.spec.support"

local cardlab = support.run_cardlab

-- what the game's texts hold, and how they must come out
local SHOWN = "<\\27[2J\\13\\0>"

-- The game: every text it gives the host ends in E, after a word that names
-- the text. Seat 1 is asked to pick, then seat 2, then seat 1 types a word;
-- with fail=true the rules fail after the first answer. FIELDS: more fields.
local GAME = [[
local E = "<\27[2J\r\0>"
return {
  name = "evil" .. E, title = "title" .. E, about = "about" .. E,
  players = { min = 2, max = 2 },
  options = {
    { name = "fail", type = "boolean", default = false, doc = "doc" .. E },
    { name = "mark", type = "string", default = "mark" .. E, doc = "a text" },
    { name = "print", type = "boolean", default = true, doc = "print a line" },
  },
  cards = { { name = "card" .. E }, { name = "plain" } },
  setup = function(game)
    game:zone("pile", { visibility = "everyone" })
    game.zones.box:move_all(game.zones.pile)
    game.state.note = "state" .. E
    game:say("setup said%s", E)
  end,
  play = function(game)
    if game.options.print then print("printed" .. E) end
    local a = game:ask(1, "pick" .. E, "asked" .. E, { "answer" .. E, "other" })
    game:say("said%s after %s", E, a)
    game:say("first line\nsecond line, tab\tand UTF-8 é ♠")
    if game.options.fail then error("failed" .. E) end
    local b = game:ask(2, "pick" .. E, "asked" .. E, { "answer" .. E, "other" })
    game:say("said%s after %s", E, b)
    game:text(1, "word", "typed" .. E, function(text)
      if text == "ok" or text == "ok" .. E then return "ok" .. E end
      return nil, "refused" .. E
    end, function() return { "ok" } end)
    return { winners = { 1 }, scores = { 1, 0 }, reason = "reason" .. E }
  end,
  FIELDS
}
]]
local DESCRIBE = [[describe = function(view, cards)
    return { "view" .. E, "  tab\tkept, é ♠" }
  end,]]

local function game(fields) return (GAME:gsub("FIELDS", fields)) end
-- the line of the game that fails with fail=true
local FAIL_LINE = select(2, GAME:sub(1, GAME:find('error("failed"', 1, true)):gsub("\n", "")) + 1

local dir, evil, plain, home

setup(function()
  dir = support.tmpdir()
  evil = support.write(dir, "evil.lua", game(DESCRIBE))
  plain = support.write(dir, "plain.lua", game(""))  -- the generic view
  -- a CARDLAB_HOME whose games/ holds only the game, for `list` and `:games`
  home = dir .. "/home"
  assert(lfs.mkdir(home))
  assert(lfs.link(CARDLAB_HOME .. "/repl", home .. "/repl", true))
  assert(lfs.link(CARDLAB_HOME .. "/stdlib", home .. "/stdlib", true))
  assert(lfs.mkdir(home .. "/games"))
  assert(lfs.mkdir(home .. "/games/evil"))
  support.write(home .. "/games/evil", "game.lua", game(DESCRIBE))
end)

teardown(function()
  -- the links first: what they point to is the source tree
  os.remove(home .. "/repl")
  os.remove(home .. "/stdlib")
  support.rmtree(dir)
end)

-- Asserts that `out` holds no control byte but newline and tab, and holds
-- each word of `words` followed by the escaped texts' ending. (The output is
-- quoted escaped: a raw one would reach the terminal of whoever runs the
-- specs.)
local function assert_escaped(out, words, what)
  local at = out:find("[\0-\8\11-\31\127]")
  assert(at == nil, string.format("%s: a raw control byte at %d in:\n%s", what, at or 0, vm.printable(out)))
  for _, word in ipairs(words) do
    assert(out:find(word .. SHOWN, 1, true), string.format("%s: no '%s%s' in:\n%s", what, word, SHOWN,
      vm.printable(out)))
  end
end

-- (an error's message is shown whole, its NUL included: issue 30)
local CUT = "<\\27[2J\\13\\0>"
-- the error of the game with fail=true, after its path
local FAILED = ":" .. FAIL_LINE .. ": failed" .. CUT

describe("a game's texts with control characters", function()
  it("come out escaped in play: narration, view, prompt, answers, bots' answers, refusals, result, print", function()
    local out, status = cardlab(string.format("play %s --seed 1", evil), "1\nbad\nok\n")
    assert.equal(0, status)
    assert_escaped(out, { "printed", "title", "setup said", "view", "asked", "answer", "said", "pick",
      "typed", "refused", "reason" }, "play")
    -- lines, tabs and UTF-8 are kept
    assert.truthy(out:find("\n  first line\nsecond line, tab\tand UTF-8 é ♠\n", 1, true))
    assert.truthy(out:find("\n  tab\tkept, é ♠\n", 1, true))
    -- a bot's answer and the request's kind
    assert.matches("\n  seat 2 %(random%), pick<\\27%[2J\\13\\0>: ", out)
  end)

  it("come out escaped in play's generic view: card names and the state", function()
    local out = cardlab(string.format("play %s --seed 1", plain), "view\nquit\n")
    assert_escaped(out, { "card", "state" }, "play (generic view)")
  end)

  it("come out escaped in replay, with and without --seat", function()
    local save = dir .. "/game.json"
    local _, status = cardlab(string.format("play %s --seed 1 --save %s", evil, save), "1\nok\n")
    assert.equal(0, status)
    for _, seat in ipairs({ "", " --seat 2" }) do
      local out, rstatus = cardlab("replay " .. save .. seat)
      assert.equal(0, rstatus, seat)
      assert_escaped(out, { "printed", "title", "setup said", "pick", "answer", "said", "ok", "view",
        "reason" }, "replay" .. seat)
    end
  end)

  it("come out escaped in an error of the rules, in play, check and sim", function()
    local out, status = cardlab(string.format("play %s --seed 1 --option fail=true", evil), "1\n")
    assert.equal(1, status)
    assert_escaped(out, {}, "play")
    assert.truthy(out:find("the game ended in error:\n" .. evil .. FAILED .. "\n", 1, true), vm.printable(out))
    out, status = cardlab(string.format("check %s -n 2 --option fail=true", evil))
    assert.equal(1, status)
    assert_escaped(out, { "evil" }, "check")
    assert.truthy(out:find("FAIL evil" .. SHOWN .. ", 2 players, seed 1: " .. evil .. FAILED, 1, true),
      vm.printable(out))
    out, status = cardlab(string.format("sim %s -n 2 --option fail=true", evil))
    assert.equal(1, status)
    assert_escaped(out, { "evil" }, "sim")
    assert.truthy(out:find("first: seed 1: " .. evil .. FAILED, 1, true), vm.printable(out))
  end)

  it("come out escaped in a script that does not load, and in an error nothing caught", function()
    local broken = support.write(dir, "broken.lua", 'error("loading<\\27[2J\\r\\0>")')
    local out, status = cardlab("play " .. broken)
    assert.equal(1, status)
    assert_escaped(out, { "loading" }, "play")
    -- (cardlab run: the host's last error, with its traceback)
    local oops = support.write(dir, "oops.lua", 'error("uncaught<\\27[2J\\r>")')
    out, status = cardlab("run " .. oops)
    assert.equal(1, status)
    assert.truthy(out:find("^cardlab: " .. oops .. ":1: uncaught<\\27%[2J\\13>\nstack traceback:\n"),
      vm.printable(out))
  end)

  it("come out escaped in check and sim, and sim --json stays JSON", function()
    local out, status = cardlab(string.format("check %s -n 3", evil))
    assert.equal(0, status)
    assert_escaped(out, { "printed", "evil" }, "check")
    out, status = cardlab(string.format("sim %s -n 3", evil))
    assert.equal(0, status)
    assert_escaped(out, { "evil" }, "sim")
    out, status = cardlab(string.format("sim %s -n 3 --json", evil))
    assert.equal(0, status)
    assert_escaped(out, {}, "sim --json")
    -- the script's print lines, then the report, which JSON escapes as JSON does
    local report = json.decode(out:match("[^\n]*\n$"))
    assert.equal("evil<\27[2J\r\0>", report.game)
  end)

  it("come out escaped in list: title, about, an option's doc and default", function()
    local out, status = cardlab("list", nil, "CARDLAB_HOME=" .. home)
    assert.equal(0, status)
    assert_escaped(out, { "title", "about", "doc", "mark" }, "list")
    -- the title escaped before it is padded (a NUL would stop string.format)
    assert.truthy(out:find("^evil             title<\\27%[2J\\13\\0>       2 players    about"),
      vm.printable(out))
  end)

  it("come out escaped in the REPL: commands, answers, Lua at the prompt, errors", function()
    local input = table.concat({
      ":moves", ":show", "1", ":log", ":options", ":bot 2 random", ":run", ":answer bad", "ok",
      "game.state.note", "print(game.state.note)", "error(game.state.note)",
      ":new " .. plain, ":show 1", ":new " .. evil .. " fail=true", "1",
    }, "\n") .. "\n"
    local out, status = cardlab("repl " .. evil, input)
    assert.equal(0, status)
    assert_escaped(out, { "printed", "title", "pick", "asked", "answer", "view", "said", "doc", "mark",
      "refused", "ok", "reason", "state", "card" }, "repl")
    assert.truthy(out:find('\n"state' .. SHOWN .. '"\nstate' .. SHOWN .. "\nstdin:1: state" .. CUT .. "\n",
      1, true), vm.printable(out))
    assert.truthy(out:find("the game ended in error (:undo goes back before it):\n" .. evil .. FAILED, 1, true),
      vm.printable(out))
    out = cardlab("repl", ":games\n", "CARDLAB_HOME=" .. home)
    assert_escaped(out, { "title" }, "repl :games")
  end)

  it("come out escaped in the REPL's prompt and tab completion", function()
    -- (in this process: the game's print is turned off)
    local s = session.new({ game = evil, options = { print = "false" } })
    assert.equal("evil" .. SHOWN .. " seat 1> ", repl.prompt(s))
    assert.same({ "answer" .. SHOWN }, repl.completions(s, "ans", "ans"))
    s:input(":new " .. evil .. " fail=true print=false")
    s:input("1")
    assert.equal("evil" .. SHOWN .. " (error)> ", repl.prompt(s))
    -- a normal game's are as they were
    s = session.new({ game = "crazyeights", players = 3, seed = 4 })
    assert.equal("crazyeights seat 1> ", repl.prompt(s))
    assert.same({ "6S" }, repl.completions(s, "6", "play 6"))
  end)
end)
