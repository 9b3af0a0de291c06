-- The table at a terminal (repl/terminal.lua and `cardlab play`'s options):
-- lines wrapped to the width, colour only where the conventions allow it and
-- only added to text already escaped, suit symbols, the form of a typed
-- answer, --auto-answer, --pause, --hot-seat, view. (tests/e2e/play_tmux.sh
-- plays every game in a real terminal.)

local terminal = require "repl.terminal"
local support = require "tests.spec.support"

local run = support.run_cardlab
local ESC = "\27"

-- An environment for terminal.new: only the variables given.
local function env(vars) return function(name) return vars[name] end end

-- Every raw ESC of a text begins a colour (SGR) sequence: what a game wrote
-- cannot hide among them.
local function only_sgr(text)
  return (text:gsub("\27%[[%d;]*m", "")):find(ESC, 1, true) == nil
end

describe("repl.terminal", function()
  it("wraps a line at blanks to the width, the rest indented 4 more", function()
    local line = "  seat 1 (you): Online row -; Extra Memory row -; E-Mail 0/6, Music 0/4, Movie 0/2, Game 0/2; 0 MB"
    local lines = terminal.wrap(line, 40)
    -- (after a comma, semicolon or full stop where one leaves the line 2/3 full)
    assert.same({
      "  seat 1 (you): Online row -;",
      "      Extra Memory row -; E-Mail 0/6,",
      "      Music 0/4, Movie 0/2, Game 0/2;",
      "      0 MB" }, lines)
    for _, l in ipairs(lines) do assert.is_true(terminal.columns(l) <= 40, l) end
    -- nothing lost but the blanks where it was cut
    assert.equal(line:gsub(" +", " "), (table.concat(lines, " "):gsub(" +", " ")))
  end)

  it("cuts a list between its items, not inside a name of two words, unless that leaves a short line", function()
    assert.same({ "  hand of seat 1 (you): Password ok, Under Construction, Virus,",
                  "      Under Construction, Hacker, Movie, Music" },
      terminal.wrap("  hand of seat 1 (you): Password ok, Under Construction, Virus, Under Construction, Hacker, "
        .. "Movie, Music", 80))
    -- a sentence ends; a colon is no end: its value follows it
    assert.same({ "round 6 (the last round). goal: patents worth $26, at least 3.",
                  "    deck: 71 cards. pool: L O D" },
      terminal.wrap("round 6 (the last round). goal: patents worth $26, at least 3. deck: 71 cards. pool: L O D", 75))
    -- "..." ends no sentence
    assert.same({ "'xxxxxxxxxxxxxxxxxxxx... (10 bytes)' is", "    no answer" },
      terminal.wrap("'xxxxxxxxxxxxxxxxxxxx... (10 bytes)' is no answer", 40))
    -- the only comma is too early: cut at the last blank that fits
    assert.same({ "a, bbbb cccc dddd eeee", "    ffff" }, terminal.wrap("a, bbbb cccc dddd eeee ffff", 24))
  end)

  it("keeps a line that fits, cuts a word longer than the width, and counts columns, not bytes", function()
    assert.same({ "short" }, terminal.wrap("short", 40))
    assert.same({ string.rep("x", 40), "    " .. string.rep("x", 36), "    " .. string.rep("x", 4) },
      terminal.wrap(string.rep("x", 80), 40))
    local hearts = string.rep("10♥ ", 20)  -- 80 columns, 120 bytes
    for _, l in ipairs(terminal.wrap(hearts, 40)) do assert.is_true(terminal.columns(l) <= 40, l) end
    assert.equal(3, #terminal.wrap(hearts, 40))
  end)

  it("colours only a terminal without NO_COLOR (or TERM=dumb), unless --color says otherwise", function()
    local function color(opts) return assert(terminal.new(opts)).color end
    assert.is_true(color { out_tty = true, env = env { TERM = "xterm" } })
    assert.is_false(color { out_tty = false, env = env { TERM = "xterm" } })
    assert.is_false(color { out_tty = true, env = env { TERM = "xterm", NO_COLOR = "1" } })
    -- NO_COLOR set to the empty text does not count (no-color.org)
    assert.is_true(color { out_tty = true, env = env { TERM = "xterm", NO_COLOR = "" } })
    assert.is_false(color { out_tty = true, env = env { TERM = "dumb" } })
    assert.is_true(color { color = "always", out_tty = false, env = env { NO_COLOR = "1" } })
    assert.is_false(color { color = "never", out_tty = true, env = env { TERM = "xterm" } })
    assert.same({ nil, "--color: 'blue' is not a choice; expected auto, always or never" },
      { terminal.new { color = "blue" } })
  end)

  it("takes the terminal's width, at least 40, and 80 when there is no terminal", function()
    assert.equal(80, terminal.new({ out_tty = false }).width)
    assert.equal(132, terminal.new({ out_tty = true, width = 132 }).width)
    assert.equal(40, terminal.new({ out_tty = true, width = 20 }).width)
  end)

  it("follows the terminal's width as the window changes, from the next line", function()
    -- (read once at the start, a window made narrower cut every line of
    -- the table mid-word, and one made wider kept the narrow wrapping)
    local host = require "cardlab.host"
    local columns, now = host.columns, 50
    host.columns = function() return now end
    local ok, err = pcall(function()
      local term = terminal.new({ out_tty = true })
      assert.equal(50, term.width)
      now = 100
      assert.equal(100, term.width)
      now = 20
      assert.equal(40, term.width)
      now = nil  -- (the width cannot be read: the last known at the start)
      assert.equal(50, term.width)
      assert.same({ string.rep("x", 50), "    " .. string.rep("x", 10) }, term:lines(string.rep("x", 60)))
    end)
    host.columns = columns
    assert(ok, err)
  end)

  it("shows a card's suit as a symbol in the suit's colour, and reads symbols typed back as letters", function()
    local t = terminal.new { color = "always", game = "crazyeights", width = 80, env = env {} }
    assert.same({ "  " .. t:paint("seat 1 (you)"):gsub("you%)", "you)") .. ": \27[91m8♥\27[0m \27[1m10♣\27[0m" },
      t:lines("  seat 1 (you): 8H 10C"))
    assert.equal("\27[1;36mseat 1 (you)\27[0m", t:paint("seat 1 (you)"))
    -- symbols without colour: a terminal with NO_COLOR
    local plain = terminal.new { out_tty = true, game = "crazyeights", width = 80, env = env { NO_COLOR = "1" } }
    assert.same({ "pile: 8♥ on top; KS10 is no card" }, plain:lines("pile: 8H on top; KS10 is no card"))
    assert.equal("play 8H 10C", plain:input("play 8♥ 10♣"))
    -- neither on a pipe; and only Crazy Eights has suits
    local piped = terminal.new { out_tty = false, game = "crazyeights", width = 80, env = env {} }
    assert.same({ "pile: 8H on top" }, piped:lines("pile: 8H on top"))
    local other = terminal.new { color = "always", game = "lettertycoon", width = 80, env = env {} }
    assert.equal("hand: 8H ♥", other:input("hand: 8H ♥"))
  end)

  it("paints text already escaped: a game's control characters stay escaped under colour", function()
    local t = terminal.new { color = "always", game = "crazyeights", width = 80, env = env {} }
    local lines = t:lines("  seat 1 (you): 8H \27[2J\r\0 9S", "refusal")
    assert.equal(1, #lines)
    assert.truthy(lines[1]:find("\\27[2J\\13\\0", 1, true), lines[1])
    assert.is_true(only_sgr(lines[1]), lines[1])
    -- the refusal's colour runs the whole line, and comes back after a card's
    assert.truthy(lines[1]:find("^\27%[31m"), lines[1])
    assert.truthy(lines[1]:find("\27%[0m\27%[31m"), lines[1])
  end)
end)

describe("cardlab play at a terminal", function()
  local dir
  support.fresh_dir_each_test(function(path) dir = path end)

  it("colours with --color=always, not on a pipe nor with NO_COLOR, and refuses another --color", function()
    local out = run("play crazyeights --seed 3 --color=always", "quit\n")
    assert.truthy(out:find("\27[1;36mseat 1 (you)\27[0m", 1, true), out)
    assert.truthy(out:find("♥", 1, true), out)
    assert.is_true(only_sgr(out))
    out = run("play crazyeights --seed 3", "quit\n", "TERM=xterm")
    assert.is_nil(out:find(ESC, 1, true), out)
    assert.is_nil(out:find("♥", 1, true), out)
    out = run("play crazyeights --seed 3 --color=auto", "quit\n", "NO_COLOR=1 TERM=xterm")
    assert.is_nil(out:find(ESC, 1, true), out)
    local status
    out, status = run("play crazyeights --color=sometimes", "")
    assert.equal(2, status)
    assert.equal("cardlab: play: --color: 'sometimes' is not a choice; expected auto, always or never\n", out)
  end)

  it("keeps a game's control characters escaped with --color=always, in play and replay", function()
    local game = support.write(dir, "evil.lua", [[
local E = "<\27[2J\r>"
return { name = "evil", title = "evil" .. E, players = { min = 2, max = 2 }, cards = {},
  setup = function(game) game:say("setup%s", E) end,
  describe = function(view) return { "  seat 1 (you): 8H" .. E } end,
  play = function(game)
    game:ask(1, "pick" .. E, "asked" .. E, { "answer" .. E, "other" })
    game:say("said%s", E)
    return { winners = { 1 }, reason = "reason" .. E }
  end }
]])
    local save = dir .. "/evil.json"
    local out = run("play " .. game .. " --seed 1 --color=always --save " .. save, "xx\n1\n")
    for _, text in ipairs({ "evil<\\27[2J\\13>", "setup<\\27[2J\\13>", "asked<\\27[2J\\13>:",
                            "answer<\\27[2J\\13>", "said<\\27[2J\\13>", "reason<\\27[2J\\13>" }) do
      assert.truthy(out:find(text, 1, true), text .. " in " .. out)
    end
    assert.is_true(only_sgr(out), out)
    out = run("replay " .. save .. " --seat 1 --color=always")
    assert.truthy(out:find("pick<\\27[2J\\13>: answer<\\27[2J\\13>", 1, true), out)
    assert.is_true(only_sgr(out), out)
    local status
    out, status = run("replay " .. save .. " --color=red")
    assert.equal(2, status)
    assert.equal("cardlab: replay: --color: 'red' is not a choice; expected auto, always or never\n", out)
  end)

  it("shows the form of a typed answer and an example legal now, which is accepted", function()
    local out = run("play lettertycoon --players 2 --seed 3", "quit\n")
    local example = out:match("\n  type a WORD from your hand and the pool, or pass, e%.g%. '(word %u+)'\n")
    assert.truthy(example, out)
    out = run("play lettertycoon --players 2 --seed 3", example .. "\nquit\n")
    assert.is_nil(out:find("is not accepted", 1, true), out)
    assert.truthy(out:find("seat 1 plays " .. example, 1, true), out)
  end)

  it("shows a typed request without a form the words its answers begin with", function()
    local game = support.write_game(dir, [[
      game:text(1, "name", "name a colour", function(t) return t == "colour red" or t == "pass" end,
        function() return { "colour red", "pass" } end)
      return { winners = { 1 } }]])
    local out = run("play " .. game .. " --seat 2=random --seed 1", "quit\n")
    assert.truthy(out:find("name a colour:\n  type an answer beginning with colour or pass, e.g. 'colour red'\n",
      1, true), out)
  end)

  it("ends a prompt with a colon unless it is a question, and replay says what the seat is asked", function()
    local game = support.write_game(dir, [[
      game:ask(1, "loan", "take a loan (+8 Wonga)?", { "yes", "no" })
      game:ask(1, "pick", "pick one", { "a", "b" })
      return { winners = { 1 } }]])
    local save = dir .. "/asked.json"
    local out = run("play " .. game .. " --seat 2=random --seed 1 --save " .. save, "1\nquit\n")
    assert.truthy(out:find("\ntake a loan (+8 Wonga)?\n   1) yes", 1, true), out)
    assert.truthy(out:find("\npick one:\n   1) a", 1, true), out)
    out = run("replay " .. save)
    assert.truthy(out:find("\nthe game goes on: seat 1 is asked: pick one\n", 1, true), out)
  end)

  it("ends a game after a blank line with the whole table, each score and winner with who held the seat", function()
    local game = support.write_game(dir, [[
      game:ask(1, "pick", "pick one", { "a", "b" })
      game:say("seat 1 picked")
      return { winners = { 2 }, scores = { 3, 7 }, reason = "seat 2 has more" }]],
      [[describe = function(view) return { "the table" } end,]])
    local out = run("play " .. game .. " --seed 1", "1\n")
    -- (the one person's answer by number said as a move, then the narration)
    assert.truthy(out:find("seat 1>   seat 1 (you), pick: a\n  seat 1 picked\n\nthe table\ngame over: seat 2 has more\n  seat 1 (you): 3\n"
      .. "  seat 2 (random): 7\nwinner: seat 2 (random)\n", 1, true), out)
    -- two people: each is "human"; bots alone: no table, the bots named
    out = run("play " .. game .. " --seed 1 --seat 2=human", "1\n")
    assert.truthy(out:find("\n  seat 1 (human): 3\n  seat 2 (human): 7\nwinner: seat 2 (human)\n", 1, true), out)
    out = run("play " .. game .. " --seed 1 --seat 1=random")
    assert.truthy(out:find("\n  seat 2: random\ngame over: seat 2 has more\n  seat 1 (random): 3\n", 1, true), out)
  end)

  it("says on quit whether the game is saved, and how to go on with it", function()
    -- (lines wrapped at 80 columns, joined)
    local function ends(out, text) out = out:gsub("\n    ", " ") assert.equal(text, out:sub(-#text)) end
    local out = run("play crazyeights --seed 5", "quit\n")
    ends(out, "seat 1> left the game (not saved)\n")
    local path = dir .. "/a b.json"
    out = run("play crazyeights --seed 5", "save " .. path .. "\nquit\n")
    local said = "saved in " .. path .. " (to go on with it: cardlab play --resume '" .. path .. "')\n"
    out = out:gsub("\n    ", " ")
    assert.truthy(out:find("seat 1> " .. said .. "seat 1> left the game, " .. said, 1, true), out)
    -- saved by hand, then an answer given: that save is not the game left
    out = run("play crazyeights --seed 5", "save " .. path .. "\n1\nquit\n")
    ends(out, "seat 1> left the game (not saved)\n")
    out = run("play crazyeights --seed 5 --save " .. dir .. "/x.json", "1\nquit\n")
    ends(out, "seat 1> left the game, saved in " .. dir .. "/x.json (to go on with it: cardlab play "
      .. "--resume " .. dir .. "/x.json)\n")
  end)

  it("gives as the example the shortest answer with an argument, not the longest, which would solve a word game", function()
    local game = support.write_game(dir, [[
      local legal = { pass = true, ["word STRAINED"] = true, ["word TEN"] = true, ["word TENS"] = true }
      game:text(1, "word", "spell a word", function(t) return legal[t] end,
        function() return { "word STRAINED", "pass", "word TENS", "word TEN" } end)
      return { winners = { 1 } }]], [[answer_forms = { word = "a WORD, or pass" },]])
    local out = run("play " .. game .. " --seat 2=random --seed 1", "quit\n")
    assert.truthy(out:find("spell a word:\n  type a WORD, or pass, e.g. 'word TEN'\n", 1, true), out)
  end)

  it("reprints the choices with view", function()
    local out = run("play crazyeights --seed 3 --players 2", "view\nquit\n")
    local choices = "play a card or draw:\n   1) play 7H    2) play 10H    3) draw\nseat 1> "
    local first = out:find(choices, 1, true)
    assert.truthy(first, out)
    assert.truthy(out:find("seat 1> round 1. " .. "stock", first, true), out)
    assert.truthy(out:find(choices, first + #choices, true), out)
  end)

  it("gives a request's only answer with --auto-answer, saying so in the format of every move", function()
    local game = support.write_game(dir, [[
      game:ask(1, "pick", "pick one", { "only" })
      game:ask(1, "pick", "pick again", { "a", "b" })
      return { winners = { 1 } }]])
    local out = run("play " .. game .. " --seat 2=random --seed 1 --auto-answer", "quit\n")
    -- (the one person at the table is "you", as in every other line of theirs)
    assert.truthy(out:find("\n  seat 1 (you), pick: only (the only answer, given by --auto-answer)\n", 1, true), out)
    assert.truthy(out:find("pick again:\n", 1, true), out)
    assert.is_nil(out:find("pick one:", 1, true), out)
    -- without it, the person answers
    out = run("play " .. game .. " --seat 2=random --seed 1", "quit\n")
    assert.truthy(out:find("pick one:\n   1) only\n", 1, true), out)
  end)

  it("passes the terminal between two people with --hot-seat on, each seeing the moves since", function()
    local out, status = run("play crazyeights --players 2 --seat 2=human --seed 3 --hot-seat on",
      "\n1\n\nquit\n")
    assert.equal(0, status, out)
    local to1 = out:find("pass the terminal to seat 1, then press Enter", 1, true)
    local hand1 = out:find("  seat 1 (you): ", 1, true)
    local to2 = out:find("pass the terminal to seat 2, then press Enter", 1, true)
    local move = out:find("\n  seat 1 (human), play: play 7H\n", to2, true)
    local hand2 = out:find("  seat 2 (you): ", 1, true)
    assert.truthy(to1 and hand1 and to2 and move and hand2, out)
    assert.is_true(to1 < hand1 and hand1 < to2 and to2 < move and move < hand2, out)
    -- one person: no pass screen
    out = run("play crazyeights --players 2 --seed 3 --hot-seat on", "quit\n")
    assert.is_nil(out:find("pass the terminal", 1, true), out)
    -- off, or a pipe with auto: none either
    out = run("play crazyeights --players 2 --seat 2=human --seed 3", "quit\n")
    assert.is_nil(out:find("pass the terminal", 1, true), out)
    out, status = run("play crazyeights --hot-seat maybe", "")
    assert.equal(2, status)
    assert.equal("cardlab: play: --hot-seat: 'maybe' is not a choice; expected auto, on or off\n", out)
  end)

  it("pauses between the bots' moves with --pause, and refuses a pause that is no number of seconds", function()
    -- a lower bound only: a slow machine takes longer, never shorter
    local p = assert(io.popen(string.format("date +%%s.%%N; printf '2\\nquit\\n' | CARDLAB_PLAIN=1 %s play "
      .. "crazyeights --players 3 --seed 5 --pause 0.4 >/dev/null 2>&1; date +%%s.%%N", support.cardlab())))
    local before, after = p:read("n", "n")
    p:close()
    assert.is_true(after - before >= 0.8, string.format("two bots' moves took %.2f s", after - before))
    for _, bad in ipairs({ "-1", "abc", "61", "1e3" }) do
      local out, status = run("play crazyeights --pause=" .. bad, "")
      assert.equal(2, status, out)
      assert.equal("cardlab: play: --pause: '" .. bad .. "' is not a number of seconds from 0 to 60 "
        .. "(e.g. --pause 1.5)\n", out)
    end
  end)
end)
