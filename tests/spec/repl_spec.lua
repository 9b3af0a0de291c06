-- The REPL: the command grammar (repl/commands.lua) and a session
-- (repl/session.lua) driven as repl/repl.lua drives it, by text in and text
-- out. The game is Crazy Eights, 3 players, seed 4, where the deal is
--   seat 1: 7D 2S 6S 3H AD   seat 2: 2D KD 5S 9D 10H   seat 3: 2H 10S 10C KS 7S
-- with AS turned up; greedy bots at every seat play 2S 2D 2H 3H 10H 10S 6S
-- 5S KS, draw, draw, JS, ... (the tests check what they rely on).

local commands = require "repl.commands"
local session = require "repl.session"
local match = require "cardlab.match"
local json = require "cjson"
local lfs = require "lfs"
local support = require "tests.spec.support"

---------------------------------------------------------------- helpers

local START = { game = "crazyeights", players = 3, seed = 4 }
local SEAT1_TO_PLAY = "seat 1 (human), play: play a card or draw"
local COMMAND_NAMES = ":new, :games, :options, :show, :moves, :hint, :answer, :undo, :redo, :log, "
  .. ":save, :load, :scenario, :seed, :bot, :run, :reload, :set, :help, :quit"
local EDIT_SYNTAX = "move CARD ZONE [top|bottom|N] [from ZONE], face CARD up|down, turn SEAT, empty ZONE [ZONE], or state PATH VALUE"

local function new_session()
  local s, text = session.new(START)
  return s, text
end

local read = support.read

-- The names of the cards in a zone of the session's game, top first.
local function zone_names(s, name)
  local g = s.match.game
  local out = {}
  for i, id in ipairs(g.table:zone(name):cards()) do out[i] = g.cards[id].name end
  return out
end

local function top_of(s, name)
  return zone_names(s, name)[1]
end

-- The answers of the log as "seat: text" strings.
local function log_texts(s)
  local out = {}
  for i, e in ipairs(s.match:log()) do out[i] = e[1] .. ": " .. e[2] end
  return out
end

local function lines(text)
  local out = {}
  for line in (text .. "\n"):gmatch("(.-)\n") do out[#out + 1] = line end
  return out
end

---------------------------------------------------------------- the grammar

describe("the REPL's command grammar", function()
  it("reads every command with its arguments", function()
    local cases = {
      { ":new crazyeights", "new", { "crazyeights", {} } },
      { ":new crazyeights players=3 seed=7 draw_limit=1", "new",
        { "crazyeights", { { "players", "3" }, { "seed", "7" }, { "draw_limit", "1" } } } },
      { ":new games/x.lua hand_size=", "new", { "games/x.lua", { { "hand_size", "" } } } },
      { ":games", "games", {} },
      { ":options", "options", {} },
      { ":show", "show", {} },
      { ":show 2", "show", { 2 } },
      { ":moves", "moves", {} },
      { ":answer play 7H", "answer", { "play 7H" } },
      { ":undo", "undo", {} },
      { ":undo 3", "undo", { 3 } },
      { ":redo", "redo", {} },
      { ":log", "log", {} },
      { ":save game.json", "save", { "game.json" } },
      { ":save my game.json", "save", { "my game.json" } },
      { ":load game.json", "load", { "game.json" } },
      { ":scenario t.lua", "scenario", { "t.lua" } },
      { ":scenario t.lua an eight is wild", "scenario", { "t.lua", "an eight is wild" } },
      { ':scenario "my tests/t.lua" wild', "scenario", { "my tests/t.lua", "wild" } },
      { ":seed", "seed", {} },
      { ":bot 2 greedy", "bot", { 2, "greedy" } },
      { ":run", "run", {} },
      { ":run 10", "run", { 10 } },
      { ":run -1", "run", { -1 } },
      { ":reload", "reload", {} },
      { ":set move 8H hand[1]", "set", { "move 8H hand[1]" } },
      { ":set state suit clubs", "set", { "state suit clubs" } },
      { ":help", "help", {} },
      { ":help run", "help", { "run" } },
      { ":quit", "quit", {} },
      -- blanks around, tabs between, and any case of the name
      { "  :show\t3  ", "show", { 3 } },
      { ":HELP", "help", {} },
    }
    for _, case in ipairs(cases) do
      local name, args = commands.parse(case[1])
      assert.are.equal(case[2], name, case[1])
      assert.are.same(case[3], args, case[1])
    end
  end)

  it("says what a malformed command expects", function()
    local cases = {
      { ":new", "':new' expects GAME [name=value ...], e.g. :new crazyeights players=3 seed=7 draw_limit=1" },
      { ":new crazyeights seven", "':new' expects GAME [name=value ...], e.g. :new crazyeights players=3 seed=7 draw_limit=1" },
      { ":games all", "':games' expects no arguments" },
      { ":options x", "':options' expects no arguments" },
      { ":show two", "':show' expects [SEAT], e.g. :show 2" },
      { ":show 1 2", "':show' expects [SEAT], e.g. :show 2" },
      { ":moves 1", "':moves' expects no arguments" },
      { ":answer", "':answer' expects TEXT, e.g. :answer play 7H" },
      { ":undo all", "':undo' expects [N], e.g. :undo 3" },
      { ":undo 99999999999999999999", "':undo' expects [N], e.g. :undo 3" },
      { ":redo 2", "':redo' expects no arguments" },
      { ":log 5", "':log' expects no arguments" },
      { ":save", "':save' expects FILE, e.g. :save game.json" },
      { ":load", "':load' expects FILE, e.g. :load game.json" },
      { ":scenario", "':scenario' expects FILE [NAME], e.g. :scenario tests/eights.lua an eight names the suit" },
      { ':scenario "my tests/t.lua', "':scenario' expects FILE [NAME], e.g. :scenario tests/eights.lua an eight names the suit" },
      { ":seed 5", "':seed' expects no arguments" },
      { ":bot", "':bot' expects SEAT KIND, e.g. :bot 2 greedy" },
      { ":bot 2", "':bot' expects SEAT KIND, e.g. :bot 2 greedy" },
      { ":bot greedy 2", "':bot' expects SEAT KIND, e.g. :bot 2 greedy" },
      { ":bot 2 greedy now", "':bot' expects SEAT KIND, e.g. :bot 2 greedy" },
      { ":run fast", "':run' expects [N], e.g. :run 10" },
      { ":reload now", "':reload' expects no arguments" },
      { ":set", "':set' expects EDIT, e.g. :set move 8H hand[1]" },
      { ":help run bot", "':help' expects [COMMAND], e.g. :help run" },
      { ":quit now", "':quit' expects no arguments" },
    }
    for _, case in ipairs(cases) do
      local name, err = commands.parse(case[1])
      assert.is_nil(name, case[1])
      assert.are.equal(case[2], err, case[1])
    end
  end)

  it("lists the commands for an unknown one", function()
    assert.are.same({ nil, "unknown command ':frob'; commands: " .. COMMAND_NAMES },
      { commands.parse(":frob 1 2") })
    assert.are.same({ nil, "unknown command ':'; commands: " .. COMMAND_NAMES }, { commands.parse(":") })
    assert.are.same({ nil, "unknown command ':bo'; commands: " .. COMMAND_NAMES }, { commands.parse(":bo 2 x") })
    assert.are.same({ nil, "a command starts with ':'; commands: " .. COMMAND_NAMES },
      { commands.parse("moves") })
  end)

  it("tells commands from other input", function()
    assert.is_true(commands.is_command(":moves"))
    assert.is_true(commands.is_command("  :frob"))
    assert.is_false(commands.is_command("moves"))
    assert.is_false(commands.is_command("x = ':moves'"))
  end)
end)

---------------------------------------------------------------- starting

describe("a REPL session", function()
  it("starts the game it is given and describes the request", function()
    local s, text = new_session()
    assert.are.equal("Crazy Eights, 3 players, seed 4\n" .. SEAT1_TO_PLAY, text)
    assert.are.equal("waiting", s.match:status())
    assert.are.same({ "human", "human", "human" }, s.kinds)
    assert.are.same({ "7D", "2S", "6S", "3H", "AD" }, zone_names(s, "hand[1]"))
  end)

  it("says when the game it is given cannot be started, with an exit status", function()
    local s, text, failed = session.new { game = "nosuch" }
    assert.matches("^unknown game 'nosuch' ", text)
    assert.are.equal(1, failed)
    assert.is_nil(s.match)
    text, failed = select(2, session.new { game = "crazyeights", players = 9 })
    assert.are.same({ "crazyeights is for 2 to 7 players (got 9)", 2 }, { text, failed })
    assert.is_nil(select(3, new_session()))
    -- the program leaves at once, as the other commands do
    for _, case in ipairs({ { "repl nosuch", 1, "^cardlab: repl: unknown game 'nosuch' %(" },
                            { "repl crazyeights --players 9", 2, "^cardlab: repl: crazyeights is for 2 to 7 players" },
                            { "repl crazyeights --option frob=1", 2, "^cardlab: repl: unknown option 'frob'" } }) do
      local p = assert(io.popen(string.format("CARDLAB_HISTORY=/dev/null %s %s 2>&1 </dev/null; echo \"exit=$?\"",
        support.cardlab(), case[1])))
      local out = p:read("a")
      p:close()
      assert.are.equal(case[2], tonumber(out:match("exit=(%d+)%s*$")), case[1])
      assert.matches(case[3], out, nil, false, case[1])
      assert.falsy(out:find("Ctrl-D to leave", 1, true), case[1])
    end
  end)

  it("writes its history only over a regular file (a FIFO or a device is left alone)", function()
    -- libedit makes the file it writes private (0600): as root, over
    -- /dev/null, other users could no longer write it; over a FIFO it waits
    -- for a reader for ever
    local dir = support.tmpdir()
    local fifo = dir .. "/history"
    assert(os.execute("mkfifo " .. fifo))
    local p = assert(io.popen(string.format("CARDLAB_HISTORY=%s timeout -s KILL 20 %s repl crazyeights 2>&1 </dev/null; echo \"exit=$?\"",
      fifo, support.cardlab())))
    local out = p:read("a")
    p:close()
    assert.are.equal("0", out:match("exit=(%d+)%s*$"))
    assert.are.equal("named pipe", lfs.attributes(fifo, "mode"))
    support.rmtree(dir)
  end)

  it("says once, in one line, that its history cannot be kept, and goes on", function()
    local dir = support.tmpdir()
    local function run(history)
      local p = assert(io.popen(string.format("printf '1+1\\n:new crazyeights\\n2+2\\n' | CARDLAB_HISTORY=%s "
        .. "timeout -s KILL 20 %s repl 2>&1; echo \"exit=$?\"", history, support.cardlab())))
      local out = p:read("a")
      p:close()
      return out
    end
    for history, why in pairs({ [dir .. "/no_such_folder/h"] = "No such file or directory",
                                [dir] = "it is a directory" }) do
      local out = run(history)
      local said = {}
      for line in out:gmatch("[^\n]+") do if line:find("history", 1, true) then said[#said + 1] = line end end
      assert.same({ string.format("cardlab: repl: cannot keep the history in '%s' (%s); this session's lines "
        .. "are not saved (CARDLAB_HISTORY=FILE names another file)", history, why) }, said)
      -- the session went on: both sums, the game started, status 0
      assert.truthy(out:find("\n2\n", 1, true) and out:find("\n4\n", 1, true) and out:find("Crazy Eights", 1, true), out)
      assert.equal("0", out:match("exit=(%d+)%s*$"))
    end
    assert.is_nil(lfs.attributes(dir .. "/no_such_folder"))
    -- /dev/null (or an empty CARDLAB_HISTORY) keeps none, and says nothing
    for _, history in ipairs({ "/dev/null", "''" }) do
      local out = run(history)
      assert.falsy(out:find("history", 1, true), out)
      assert.equal("0", out:match("exit=(%d+)%s*$"))
    end
    support.rmtree(dir)
  end)

  it("gives status 1 when the game's validate fails, and 2 when it refuses the configuration", function()
    local dir = support.tmpdir()
    local path = support.write_game(dir, "return { winners = { 1 } }",
      [[validate = function(options, players) if players == 2 then error("broken") end end,]])
    local text, failed = select(2, session.new { game = path })
    assert.matches("^t: validate failed: .*game%.lua:%d+: broken$", text)
    assert.are.equal(1, failed)
    support.write_game(dir, "return { winners = { 1 } }",
      [[validate = function(options, players) return "not today" end,]])
    text, failed = select(2, session.new { game = path })
    assert.are.same({ "t: not today", 2 }, { text, failed })
    support.rmtree(dir)
  end)

  it("without a game, says how to start one for every command that needs it", function()
    local s, text = session.new()
    assert.are.equal("", text)
    assert.is_nil(s.match)
    for _, line in ipairs({ ":options", ":show", ":moves", ":answer draw", ":undo", ":redo", ":log",
                            ":save x.json", ":seed", ":bot 1 random", ":run", ":reload",
                            ":set turn 1" }) do
      assert.are.equal("no game: start one with :new GAME (:games lists them)", s:command(line), line)
    end
    assert.is_nil(s.match)
  end)

  it("reports grammar errors as text and goes on", function()
    local s = new_session()
    local before = s.match:snapshot()
    assert.are.equal("':bot' expects SEAT KIND, e.g. :bot 2 greedy", s:command(":bot 2"))
    assert.are.equal("unknown command ':frob'; commands: " .. COMMAND_NAMES, s:input(":frob"))
    assert.are.equal(before, s.match:snapshot())
    assert.are.equal("2", s:input("1 + 1"))
  end)
end)

describe(":new", function()
  it("starts a game with players, seed and option values", function()
    local s = new_session()
    local text = s:command(":new crazyeights players=2 seed=9 draw_limit=1 hand_size=6")
    -- (the options set away from the defaults said, as play says them)
    assert.are.equal("Crazy Eights, 2 players, seed 9\noptions: draw_limit=1, hand_size=6\n" .. SEAT1_TO_PLAY, text)
    assert.are.equal(2, s.match.config.players)
    assert.are.equal(9, s.match.config.seed)
    assert.are.equal(1, s.match.config.options.draw_limit)
    assert.are.equal(6, s.match.config.options.hand_size)
    assert.are.equal(6, #zone_names(s, "hand[1]"))
    assert.are.same({ "human", "human" }, s.kinds)
  end)

  it("uses the game's default players and seed 1", function()
    local s = new_session()
    assert.are.equal("Crazy Eights, 4 players, seed 1\n" .. SEAT1_TO_PLAY, s:command(":new crazyeights"))
  end)

  it("refuses bad settings and keeps the game", function()
    local s = new_session()
    s:input("1")
    local before = s.match:snapshot()
    local cases = {
      { ":new nope", "^unknown game 'nope' %(cannot open .-games/nope/game%.lua: No such file or directory%); see 'cardlab list'$" },
      { ":new crazyeights players=x", "^players=x: expected a whole number$" },
      { ":new crazyeights seed=1.5", "^seed=1%.5: expected a whole number$" },
      -- decimal digits, as --seed and --players take them
      { ":new crazyeights seed=1e3", "^seed=1e3: expected a whole number$" },
      { ":new crazyeights seed=0x10", "^seed=0x10: expected a whole number$" },
      { ":new crazyeights players=3.0", "^players=3%.0: expected a whole number$" },
      { ":new crazyeights players=9", "^crazyeights is for 2 to 7 players %(got 9%)$" },
      { ":new crazyeights players=2 players=3", "^players given twice %(players=2, then players=3%); expected one value$" },
      { ":new crazyeights draw_limit=1 draw_limit=2", "^draw_limit given twice %(draw_limit=1, then draw_limit=2%); expected one value$" },
      { ":new crazyeights frob=1", "^unknown option 'frob' for crazyeights; valid options: hand_size, draw_limit" },
      { ":new crazyeights draw_limit=zz", "^option 'draw_limit': 'zz' is not valid: expected an integer from 0 to 52$" },
    }
    for _, case in ipairs(cases) do
      assert.matches(case[2], s:command(case[1]), nil, false, case[1])
      assert.are.equal(before, s.match:snapshot(), case[1])
    end
  end)
end)

describe("house rules in the REPL", function()
  local dir
  support.fresh_dir_each_test(function(path) dir = path end)

  local function house_session(text)
    local path = support.write(dir, "house.lua", text)
    return (session.new { game = "crazyeights", players = 3, seed = 4, house = path }), path
  end

  it(":new keeps them for a new game of the same game, and says it leaves them out for another", function()
    local s, path = house_session("options.hand_size = 4")
    assert.are.equal(4, s.match.config.options.hand_size)
    -- (the house file's value said among the options played, as play says it)
    assert.are.equal("Crazy Eights, 2 players, seed 9\noptions: hand_size=4\n(with the house rules of " .. path .. ")\n"
      .. SEAT1_TO_PLAY, s:command(":new crazyeights players=2 seed=9"))
    assert.are.equal(4, s.match.config.options.hand_size)
    assert.matches("^%(the house rules of " .. path:gsub("%p", "%%%0") .. " are for crazyeights: not used%)\nOnline, ",
      s:command(":new online"))
    assert.is_nil(s.house)
  end)

  it(":reload applies a house file's new option values; an option given by hand stays", function()
    local s, path = house_session("options.hand_size = 4\noptions.draw_limit = 2")
    s:command(":new crazyeights players=3 seed=4 draw_limit=1")
    support.write(dir, "house.lua", "options.hand_size = 6\noptions.draw_limit = 2")
    assert.are.equal("reloaded games/crazyeights/game.lua and the house file " .. path
      .. "; the game diverges at the start: the table differs (state suit: \"diamonds\", now \"clubs\"; zone "
      .. "discard: other cards)", lines(s:command(":reload"))[1])
    assert.are.equal(6, s.match.config.options.hand_size)
    assert.are.equal(1, s.match.config.options.draw_limit)
    assert.are.equal(6, #zone_names(s, "hand[1]"))
  end)

  it(":reload names both files it read again, the rule script and the house file", function()
    local s, path = house_session("options.hand_size = 4")
    s:input("1")
    assert.are.equal("reloaded games/crazyeights/game.lua and the house file " .. path
      .. "; the 1 answer replays the same under the new rules", lines(s:command(":reload"))[1])
    -- a change to the house file alone is seen, and said of both
    support.write(dir, "house.lua", "options.hand_size = 6")
    assert.are.equal("reloaded games/crazyeights/game.lua and the house file " .. path
      .. "; the game diverges at the start: the table differs (state suit: \"diamonds\", now \"clubs\"; zone "
      .. "discard: other cards)", lines(s:command(":reload"))[1])
    -- without a house file, only the script is named
    s:command(":new online")
    assert.matches("^reloaded games/online/game.lua; the game starts the same", s:command(":reload"))
  end)
end)

describe(":games, :options, :seed, :help, :quit", function()
  it(":games lists crazyeights with its title and player counts", function()
    local s = session.new()
    local out = lines(s:command(":games"))
    local found
    for _, l in ipairs(out) do
      if l == "crazyeights      Crazy Eights             2-7 players" then found = true end
    end
    assert.is_true(found, table.concat(out, "\n"))
  end)

  it(":options shows the values in play", function()
    local s = session.new()
    s:command(":new crazyeights draw_limit=2")
    local out = lines(s:command(":options"))
    assert.are.equal(#s.def.options, #out)
    assert.are.equal("hand_size        = 0        cards dealt to each player; 0 deals 7 with two players, 5 with more",
      out[1])
    assert.are.equal("draw_limit       = 2        cards a player may draw in one turn; 0 means no limit", out[2])
  end)

  it(":seed gives the seed", function()
    local s = new_session()
    assert.are.equal("4", s:command(":seed"))
    s:command(":new crazyeights seed=123")
    assert.are.equal("123", s:command(":seed"))
  end)

  it(":help lists every command; :help COMMAND shows one", function()
    local s = session.new()
    local out = s:command(":help")
    for _, c in ipairs(commands.list) do
      assert.truthy(out:find("\n  :" .. c.name .. " ", 1, true), c.name)
    end
    assert.truthy(out:find("which sees game, zones, state, seats, cards, match, view(seat) and vm.", 1, true))
    assert.are.equal(":run [N]\n  bots answer until a human seat is asked, or N answers\n  e.g. :run 10",
      s:command(":help run"))
    assert.are.equal(s:command(":help bot"), s:command(":help :bot"))
    assert.are.equal(":seed \n  the game's seed", s:command(":help seed"))
    assert.are.equal("no command ':frob' (:help lists them)", s:command(":help frob"))
    assert.are.equal("no command ':frob' (:help lists them)", s:command(":help :frob"))
    -- command names in any case, as commands are typed
    assert.are.equal(s:command(":help run"), s:command(":HELP RUN"))
    assert.are.equal(s:command(":help run"), s:command(":Help :Run"))
  end)

  it(":help set names every built-in edit, and the game's own edits with what they do", function()
    local s = session.new()
    local plain = s:command(":help set")
    for _, verb in ipairs({ "move CARD ZONE", "[from ZONE]", "face CARD", "turn SEAT", "empty ZONE", "state PATH" }) do
      assert.truthy(plain:find(verb, 1, true), verb)
    end
    assert.is_nil(plain:find("own edits:", 1, true))
    assert.truthy(plain:find("e.g. :set move 8H hand[1]", 1, true), plain)
    s:command(":new rushfortheweb players=3")
    -- (the example is the game's: 8H and hand[1] are Crazy Eights')
    local example = s:command(":help set"):match("e%.g%. (:set [^\n]*)")
    assert.matches("^:set move R%d+ ", example)
    -- an edit the game takes, of a card seat 1 sees (a resource of its hand, not the stack's hidden top)
    local code = example:match("^:set move (R%d+) ")
    assert.equal(1, select(2, s:command(":show 1"):gsub("%f[%w]" .. code .. "%f[%W]", "")))
    assert.matches("^edit: move R%d+ ", s:command(example))
    s:command(":undo")
    assert.are.equal(plain:gsub("8H hand%[1%]", (example:match("move (.*)$"):gsub("%%", "%%%%"))) .. "\n  rushfortheweb's own edits:\n    event CARD: CARD (an event's code, E13) is the "
      .. "round's event, its effects from now on; before the first round, the first revealed. The card it "
      .. "replaces goes where CARD was, so the game keeps its number of rounds\n    persona SEAT CARD: the seat's "
      .. "persona becomes CARD (a persona's code, C3); the one it had goes to the box, and a seat CARD is taken "
      .. "from has no persona", s:command(":help set"))
  end)

  it(":quit marks the session as done", function()
    local s = new_session()
    assert.is_nil(s.quit)
    assert.are.equal("", s:command(":quit"))
    assert.is_true(s.quit)
  end)
end)

---------------------------------------------------------------- the table

describe(":show and :moves", function()
  it(":show shows everything, :show SEAT what the seat sees", function()
    local s = new_session()
    local pile = "round 1. stock: 36 cards. pile: AS on top (1 card). suit to follow: spades"
    assert.are.equal(pile .. "\n  seat 1: 7D 2S 6S 3H AD\n  seat 2: 2D KD 5S 9D 10H\n  seat 3: 2H 10S 10C KS 7S",
      s:command(":show"))
    assert.are.equal(s:command(":show"), s:command(":show 0"))
    assert.are.equal(pile .. "\n  seat 1: 5 cards\n  seat 2 (you): 2D KD 5S 9D 10H\n  seat 3: 5 cards",
      s:command(":show 2"))
    assert.are.equal("there are seats 1 to 3", s:command(":show 4"))
    assert.are.equal("there are seats 1 to 3", s:command(":show -1"))
  end)

  it(":moves lists the legal answers, numbered", function()
    local s = new_session()
    assert.are.equal(SEAT1_TO_PLAY .. "\n   1) play 2S\n   2) play 6S\n   3) play AD\n   4) draw",
      s:command(":moves"))
  end)

  it(":moves after the end says how the game ended", function()
    local s = new_session()
    for seat = 1, 3 do s:command(":bot " .. seat .. " greedy") end
    s:command(":run")
    assert.are.equal("over", s.match:status())
    assert.matches("^game over: seat %d went out; winner: seat %d$", s:command(":moves"))
  end)
end)

---------------------------------------------------------------- answers

describe("answering", function()
  it("by number", function()
    local s = new_session()
    assert.are.equal("seat 1: play 2S\nseat 2 (human), play: play a card or draw", s:input("1"))
    assert.are.same({ "1: play 2S" }, log_texts(s))
    assert.are.equal("2S", top_of(s, "discard"))
    assert.are.same({ "7D", "6S", "3H", "AD" }, zone_names(s, "hand[1]"))
  end)

  it("by text, and with :answer", function()
    local s = new_session()
    assert.are.equal("seat 1: play AD\nseat 2 (human), play: play a card or draw", s:input("play AD"))
    assert.are.equal("seat 2: draw\nseat 2 (human), play: play a card or draw", s:command(":answer draw"))
    -- case and blanks do not matter
    assert.are.equal("seat 2: play 2D\nseat 3 (human), play: play a card or draw", s:input("  PLAY 2d "))
    assert.are.same({ "1: play AD", "2: draw", "2: play 2D" }, log_texts(s))
    assert.are.equal("2D", top_of(s, "discard"))
    assert.are.equal(5, #zone_names(s, "hand[2]"))
  end)

  it(":answer N picks answer N, as typing N does", function()
    local s = new_session()
    assert.are.equal("seat 1: play 6S\nseat 2 (human), play: play a card or draw", s:command(":answer 2"))
    local before = s.match:snapshot()
    -- a number that is no answer's is an error, not Lua
    assert.are.equal("there is no answer 4: choose 1 to 2", s:command(":answer 4"))
    assert.are.equal("there is no answer 0: choose 1 to 2", s:command(":answer 0"))
    assert.are.equal("there is no answer 1.5: choose 1 to 2", s:command(":answer 1.5"))
    assert.are.equal(before, s.match:snapshot())
    assert.are.same({ "1: play 6S" }, log_texts(s))
  end)

  it("an illegal answer says why and leaves the game unchanged", function()
    local s = new_session()
    local before = s.match:snapshot()
    assert.are.equal("'play 9C' is not a legal answer: your hand holds no 9C; "
      .. "legal answers: play 2S, play 6S, play AD, draw",
      s:command(":answer play 9C"))
    assert.are.equal(before, s.match:snapshot())
    -- typed without ':answer', it is also tried as Lua
    assert.are.equal("'play 7D' is not a legal answer: 7D matches neither the suit to follow (spades) nor "
      .. "the rank of AS, and is not wild; legal answers: play 2S, play 6S, play AD, draw\n"
      .. "(and as Lua: stdin:1: malformed number near '7D')", s:input("play 7D"))
    assert.are.equal(before, s.match:snapshot())
    -- a number that is not an answer's is Lua, and answers nothing
    assert.are.equal("5", s:input("5"))
    assert.are.equal("0", s:input("0"))
    assert.are.equal(before, s.match:snapshot())
    assert.are.equal(0, s.match:count())
  end)

  it("after the end there is nothing to answer", function()
    local s = new_session()
    for seat = 1, 3 do s:command(":bot " .. seat .. " greedy") end
    s:command(":run")
    local before = s.match:snapshot()
    assert.are.equal("no request is pending: the game is over", s:command(":answer draw"))
    assert.are.equal(before, s.match:snapshot())
  end)
end)

describe("what the game narrates (game:say)", function()
  local TALKER = [[
local g = { name = "talker", players = { min = 2, max = 2 }, cards = { { name = "c1" } }, bots = {} }
function g.setup(game) game:say("set up") end
function g.play(game)
  local seat = 1
  for i = 1, 40 do
    if game:ask(seat, "act", "act", { "quiet", "loud" }) == "loud" then
      game:say("seat %d is loud", seat)
      game:say("answer %d", i)
    end
    seat = 3 - seat
  end
  return { winners = { 1 } }
end
return g
]]
  local dir, s
  support.fresh_dir_each_test(function(path) dir = path end)
  before_each(function()
    support.write(dir, "game.lua", TALKER)
    local text
    s, text = session.new { game = dir .. "/game.lua" }
    -- what setup said is not shown: no answer caused it
    assert.are.equal("talker, 2 players, seed 1\nseat 1 (human), act: act", text)
  end)

  it("is shown after the answer that caused it", function()
    assert.are.equal("seat 1: loud\n  seat 1 is loud\n  answer 1\nseat 2 (human), act: act", s:input("loud"))
    assert.are.equal("seat 2: quiet\nseat 1 (human), act: act", s:input("1"))
    assert.are.equal("seat 1: loud\n  seat 1 is loud\n  answer 3\nseat 2 (human), act: act", s:command(":answer loud"))
  end)

  it("is shown under each answer of :run, for the answers shown", function()
    s:command(":bot 1 random")
    s:command(":bot 2 random")
    local function expected(from, to)
      local out, log = {}, s.match:log()
      for i = from, to do
        out[#out + 1] = string.format("%4d. seat %d: %s", i, log[i][1], log[i][2])
        if log[i][2] == "loud" then
          out[#out + 1] = string.format("      seat %d is loud\n      answer %d", log[i][1], i)
        end
      end
      return table.concat(out, "\n")
    end
    local out = s:command(":run 6")
    assert.are.equal(expected(1, 6) .. "\nseat 1 (random), act: act", out)
    assert.truthy(out:find("is loud", 1, true), out)
    -- a long run shows its last 20 answers with what they caused
    out = s:command(":run")
    assert.are.equal("  ... 14 answers\n" .. expected(21, 40) .. "\ngame over; winner: seat 1", out)
  end)

  it("is not shown again by :undo, :reload or :load, but :redo shows it", function()
    s:input("loud")
    s:input("loud")
    assert.are.equal("took back 1 answer\nseat 2 (human), act: act", s:command(":undo"))
    assert.are.equal("seat 2: loud\n  seat 2 is loud\n  answer 2\nseat 1 (human), act: act", s:command(":redo"))
    assert.falsy(s:command(":reload"):find("loud", 1, true))
    s:command(":save " .. dir .. "/t.json")
    assert.falsy(s:command(":load " .. dir .. "/t.json"):find("loud", 1, true))
    assert.are.equal("seat 1: loud\n  seat 1 is loud\n  answer 3\nseat 2 (human), act: act", s:input("loud"))
  end)

  it("is shown after the output of typed Lua that made the game say it", function()
    assert.are.equal("hi 5", s:input("game:say('hi %d', 5)"))
    assert.are.equal("7\nhi", s:input("(function() game:say('hi') return 7 end)()"))
  end)
end)

---------------------------------------------------------------- undo, redo, log

describe(":undo and :redo", function()
  it(":undo N takes back N answers, :redo gives them back one by one", function()
    local s = new_session()
    local snaps = { [0] = s.match:snapshot() }
    for i, answer in ipairs({ "1", "1", "1" }) do
      s:input(answer)
      snaps[i] = s.match:snapshot()
    end
    assert.are.same({ "1: play 2S", "2: play 2D", "3: play 2H" }, log_texts(s))
    assert.are.equal("took back 2 answers\nseat 2 (human), play: play a card or draw", s:command(":undo 2"))
    assert.are.equal(snaps[1], s.match:snapshot())
    assert.are.equal("seat 2: play 2D\nseat 3 (human), play: play a card or draw", s:command(":redo"))
    assert.are.equal(snaps[2], s.match:snapshot())
    assert.are.equal("took back 1 answer\nseat 2 (human), play: play a card or draw", s:command(":undo"))
    assert.are.equal(snaps[1], s.match:snapshot())
    s:command(":redo")
    assert.are.equal("seat 3: play 2H\n" .. SEAT1_TO_PLAY, s:command(":redo"))
    assert.are.equal(snaps[3], s.match:snapshot())
    assert.are.equal("nothing to redo", s:command(":redo"))
    assert.are.equal(snaps[3], s.match:snapshot())
  end)

  it("refuses to undo more answers than were given", function()
    local s = new_session()
    -- (before any answer, a count that could never be right is named so)
    assert.are.equal("cannot undo -1: N must be 1 or more", s:command(":undo -1"))
    assert.are.equal("nothing to undo: no answers given so far", s:command(":undo"))
    s:input("1")
    local before = s.match:snapshot()
    assert.are.equal("cannot undo 2: N must be from 1 to 1 (1 answer given so far)", s:command(":undo 2"))
    assert.are.equal("cannot undo 0: N must be from 1 to 1 (1 answer given so far)", s:command(":undo 0"))
    assert.are.equal("cannot undo -1: N must be from 1 to 1 (1 answer given so far)", s:command(":undo -1"))
    assert.are.equal(before, s.match:snapshot())
    s:input("1")
    assert.are.equal("cannot undo 3: N must be from 1 to 2 (2 answers given so far)", s:command(":undo 3"))
    s:command(":undo 2")
    assert.are.equal("nothing to undo: no answers given so far", s:command(":undo"))
    assert.are.equal("cannot undo 0: N must be 1 or more", s:command(":undo 0"))
  end)

  it("a new answer forgets what could be redone", function()
    local s = new_session()
    s:input("1")
    s:command(":undo")
    s:input("play 6S")
    assert.are.equal("nothing to redo", s:command(":redo"))
    assert.are.same({ "1: play 6S" }, log_texts(s))
  end)

  it(":undo first takes back an edit made since the last answer, and :redo makes it again", function()
    local s = new_session()
    s:input("1")
    local before = s.match:snapshot()
    s:command(":set move 8H hand[2]")
    local edited = s.match:snapshot()
    assert.are_not.equal(before, edited)
    assert.are.equal("took back the edit 'move 8H hand[2]'", s:command(":undo"))
    assert.are.equal(before, s.match:snapshot())
    assert.are.same({}, s.match.edits)
    assert.are.equal(1, s.match:count())
    assert.are.equal("edit: move 8H hand[2]", s:command(":redo"))
    assert.are.equal(edited, s.match:snapshot())
    -- the next :undo takes that edit back again, the one after it the answer
    s:command(":undo")
    assert.are.equal("took back 1 answer\n" .. SEAT1_TO_PLAY, s:command(":undo"))
    assert.are.equal(0, s.match:count())
  end)

  it(":undo keeps the edits made before the answers it takes back", function()
    local s = new_session()
    s:input("1")
    s:command(":set move 8H hand[3]")
    s:input("1")
    assert.are.equal("seat 3: play 8H\nseat 3 (human), suit: name the suit to follow", s:input("play 8H"))
    s:command(":undo 2")
    assert.are.equal(1, s.match:count())
    assert.are.same({ { 1, "move 8H hand[3]" } }, s.match.edits)
    assert.are.equal("8H", top_of(s, "hand[3]"))
  end)

  it(":redo after :undo N gives back the edits that followed the answers", function()
    local s = new_session()
    s:input("1")
    s:command(":set move 8H hand[3]")
    s:command(":set state passes 1")
    s:input("1")
    s:input("play 8H")
    s:input("hearts")
    local after = s.match:snapshot()
    s:command(":undo 4")
    assert.are.same({}, s.match.edits)
    assert.are.equal("seat 1: play 2S\nseat 2 (human), play: play a card or draw\n"
      .. "edit: move 8H hand[3]\nedit: state passes 1", s:command(":redo"))
    s:command(":redo")
    assert.are.equal("seat 3: play 8H\nseat 3 (human), suit: name the suit to follow", s:command(":redo"))
    s:command(":redo")
    assert.are.equal(after, s.match:snapshot())
  end)
end)

describe(":undo after an error", function()
  -- a game where seat 1 and 2 take turns to say ok; "fail" breaks the rules,
  -- and the bot 'bad' raises
  local FAILING = [[
local g = { name = "failing", players = { min = 2, max = 2 }, cards = { { name = "c1" } }, bots = {} }
function g.setup(game) %s end
function g.bots.bad(view, request) error("the bot crashed") end
function g.play(game)
  local seat = 1
  while true do
    if game:ask(seat, "act", "act", { "ok", "fail" }) == "fail" then error("the rules failed") end
    seat = 3 - seat
  end
end
return g
]]
  local dir
  support.fresh_dir_each_test(function(path) dir = path end)

  local function failing_session(setup)
    support.write(dir, "game.lua", string.format(FAILING, setup or ""))
    return (session.new { game = dir .. "/game.lua" })
  end

  it("after a bot failed, goes back before the failure and keeps the answers", function()
    local s = failing_session()
    s:input("ok")
    local before = s.match:snapshot()
    s:command(":bot 2 bad")
    local out = s:command(":run")
    assert.matches("^the game ended in error %(:undo goes back before it%):\nbot for seat 2: .-the bot crashed", out)
    assert.are.equal("error", s.match:status())
    assert.are.equal("the game is in error: there is nothing to edit", s:command(":set turn 1"))
    assert.are.equal("no request is pending: the game is in error", s:command(":answer ok"))
    assert.are.equal("cannot undo 3: N must be from 1 to 2 (the failed step and the 1 answer before it)",
      s:command(":undo 3"))
    assert.are.equal("error", s.match:status())
    assert.are.equal("took back the failed step (no answer)\nseat 2 (bad), act: act", s:command(":undo"))
    assert.are.equal(before, s.match:snapshot())
    assert.are.same({ "1: ok" }, log_texts(s))
    -- the seat can be given to a person now
    s:command(":bot 2 human")
    assert.are.equal("seat 2: ok\nseat 1 (human), act: act", s:input("ok"))
  end)

  it("after a bot failed at the first request, :undo works as the hint says", function()
    local s = failing_session()
    s:command(":bot 1 bad")
    assert.matches("%(:undo goes back before it%)", s:command(":run"))
    assert.are.equal("cannot undo 2: N must be from 1 to 1 (there is only the failed step)", s:command(":undo 2"))
    assert.are.equal("took back the failed step (no answer)\nseat 1 (bad), act: act", s:command(":undo"))
    assert.are.equal("waiting", s.match:status())
    assert.are.equal(0, s.match:count())
  end)

  it(":undo N after a bot failed takes back the failure and N - 1 answers", function()
    local s = failing_session()
    s:input("ok")
    s:input("ok")
    s:command(":bot 1 bad")
    s:command(":run")
    assert.are.equal("took back the failed step and 1 answer\nseat 2 (human), act: act", s:command(":undo 2"))
    assert.are.same({ "1: ok" }, log_texts(s))
  end)

  it("after the rules failed on an answer, takes back that answer", function()
    local s = failing_session()
    s:input("ok")
    local before = s.match:snapshot()
    assert.matches("^seat 2: fail\nthe game ended in error %(:undo goes back before it%):\n.-the rules failed",
      s:input("fail"))
    assert.are.equal("cannot undo 3: N must be from 1 to 2 (2 answers given so far)", s:command(":undo 3"))
    assert.are.equal("took back 1 answer\nseat 2 (human), act: act", s:command(":undo"))
    assert.are.equal(before, s.match:snapshot())
  end)

  it("after the rules failed before their first request, says what to do instead", function()
    local s, text = nil, nil
    support.write(dir, "game.lua", string.format(FAILING, 'error("no setup")'))
    s, text = session.new { game = dir .. "/game.lua" }
    assert.matches("^failing, 2 players, seed 1\nthe game ended in error before its first request "
      .. "%(fix the rules and :reload, or start another with :new%):\n.-no setup", text)
    assert.are.equal("cannot undo: the game failed before its first request (fix the rules and :reload)",
      s:command(":undo"))
    assert.are.equal("error", s.match:status())
    support.write(dir, "game.lua", string.format(FAILING, ""))
    assert.are.equal("reloaded " .. dir .. "/game.lua; the game diverges at the start: seat - was asked "
      .. "'(error)', now seat 1 is asked 'act'\nseat 1 (human), act: act", s:command(":reload"))
  end)
end)

describe(":log", function()
  it("shows answers and edits in the order they were made", function()
    local s = new_session()
    assert.are.equal("no answers yet", s:command(":log"))
    s:command(":set state passes 2")
    assert.are.equal("      edit: state passes 2", s:command(":log"))
    s:input("1")
    s:command(":set move 8H hand[3]")
    s:command(":set turn 1")
    s:input("draw")
    assert.are.equal(table.concat({
      "      edit: state passes 2",
      "   1. seat 1: play 2S",
      "      edit: move 8H hand[3]",
      "      edit: turn 1",
      "   2. seat 2: draw",
    }, "\n"), s:command(":log"))
  end)
end)

---------------------------------------------------------------- :scenario

describe(":scenario", function()
  local scenario = require "cardlab.scenario"
  local dir
  support.fresh_dir_each_test(function(path) dir = path end)

  -- A session of a copy of Crazy Eights (dir/eights/game.lua), 3 players,
  -- seed 4, draw_limit=1, where seat 1 is given 8H and plays it, names
  -- clubs, and seat 2 is given 3C and plays it.
  local function played()
    lfs.mkdir(dir .. "/eights")
    support.write(dir .. "/eights", "game.lua", read("games/crazyeights/game.lua"))
    local s = session.new { game = dir .. "/eights", players = 3, seed = 4, options = { draw_limit = "1" } }
    for _, line in ipairs({ ":set move 8H hand[1]", "play 8H", "clubs", ":set move 3C hand[2]", "play 3C" }) do
      s:input(line)
    end
    assert.are.equal(3, s.match:count())
    return s
  end

  it("writes the session as a scenario that cardlab test passes, and that fails once the rule changes", function()
    local s = played()
    local file = dir .. "/eights.lua"
    assert.are.equal("wrote scenario 'an eight names the suit' to " .. file .. ": 3 answers, 2 edits; expect: seat 3 "
      .. "asked 'play', 6 zones, 2 state values (cardlab test " .. file .. " runs it)",
      s:command(":scenario " .. file .. " an eight names the suit"))
    -- the game, its options, seed and players; the edits and answers in order
    local list = assert(scenario.read(file))
    assert.are.equal(1, #list)
    local sc = list[1]
    assert.are.same({ "an eight names the suit", "eights/game.lua", 3, 4, { draw_limit = 1 } },
      { sc.name, sc.game, sc.players, sc.seed, sc.options })
    assert.are.same({ "move 8H hand[1]" }, sc.set)
    assert.are.same({ { answer = "play 8H", seat = 1 }, { answer = "clubs", seat = 1 }, { set = "move 3C hand[2]" },
                      { answer = "play 3C", seat = 2 } }, sc.steps)
    -- what the table shows now
    assert.are.same({ seat = 3, kind = "play", current = 3, round = 1,
      zones = { box = { count = 0 }, discard = { count = 3, top = "3C" }, ["hand[1]"] = { count = 5 },
                ["hand[2]"] = { count = 5 }, ["hand[3]"] = { count = 5 }, stock = { count = 34 } },
      state = { passes = 0, suit = "clubs" } }, sc.expect)
    -- as cardlab test runs it: it passes
    local out, status = support.run_cardlab("test " .. file)
    assert.are.equal("PASS an eight names the suit\n1 passed, 0 failed\n", out)
    assert.are.equal(0, status)
    -- an eight's player no longer names the suit: the scenario fails where
    -- that rule is used, and says what it did not run
    local script = dir .. "/eights/game.lua"
    local text = read(script)
    local broken, n = text:gsub('game.state.suit = game:ask%(seat, "suit", "name the suit to follow", SUIT_ANSWERS%)',
      "game.state.suit = SUITS[DECK[card].suit]")
    assert.are.equal(1, n)
    support.write(dir .. "/eights", "game.lua", broken)
    out, status = support.run_cardlab("test " .. file)
    assert.are.equal("FAIL an eight names the suit: step 2: expected seat 1 to be asked (to answer 'clubs'), got "
      .. "seat 2 (play)\n  (the scenario stopped there: steps 3 to 4 and expect not run)\n0 passed, 1 failed\n", out)
    assert.are.equal(1, status)
    -- rules that change what the table shows but not what is legal (6
    -- cards a hand, a pass counted after a play): every check they break
    -- is reported, each with what was expected and what was found
    local changed, n1 = text:gsub("return game.players == 2 and 7 or 5\n", "return game.players == 2 and 7 or 6\n")
    local n2
    changed, n2 = changed:gsub('outcome == "pass" and game.state.passes %+ 1 or 0', 'outcome == "pass" and '
      .. 'game.state.passes + 1 or 1')
    assert.are.same({ 1, 1 }, { n1, n2 })
    support.write(dir .. "/eights", "game.lua", changed)
    out, status = support.run_cardlab("test " .. file)
    assert.are.equal("FAIL an eight names the suit: 5 failures:\n"
      .. "  expected state passes = 0, got 1\n"
      .. '  expected hand[1] to hold 5 cards, got 6 {"AS", "7D", "2S", "6S", "3H", "AD"}\n'
      .. '  expected hand[2] to hold 5 cards, got 6 {"2C", "2D", "KD", "5S", "9D", "10H"}\n'
      .. '  expected hand[3] to hold 5 cards, got 6 {"JS", "2H", "10S", "10C", "KS", "7S"}\n'
      .. '  expected stock to hold 34 cards, got 31 {"3D", "AC", "4S", "5H", "8S", "8D", "4D", "QS", "5D", "JH", '
      .. '"9C", "9S", "AH", "KC", "KH", "9H", "7C", "8C", "3S", "4C", "4H", "6H", "JD", "5C", "7H", "10D", "QH", '
      .. '"6C", "JC", "6D", "QD"}\n'
      .. "0 passed, 1 failed\n", out)
    assert.are.equal(1, status)
  end)

  it("adds to a file it wrote, under a name of its own, and refuses a name the file holds", function()
    local s = played()
    local file = dir .. "/eights.lua"
    s:command(":scenario " .. file)
    s:input("draw")
    assert.are.equal("added scenario 'crazyeights, seed 4: 4 answers, 2 edits' to " .. file .. " (now 2 scenarios): "
      .. "4 answers, 2 edits; expect: seat 3 asked 'play', 6 zones, 2 state values (cardlab test " .. file
      .. " runs them)", s:command(":scenario " .. file))
    s:command(":undo")
    assert.matches("^added scenario 'crazyeights, seed 4: 3 answers, 2 edits %(2%)' to ", s:command(":scenario " .. file))
    local before = read(file)
    assert.are.equal(file .. " already holds a scenario named 'crazyeights, seed 4: 3 answers, 2 edits'; give another "
      .. "NAME", s:command(":scenario " .. file .. " crazyeights, seed 4: 3 answers, 2 edits"))
    assert.are.equal(before, read(file))
    local list = assert(scenario.read(file))
    assert.are.equal(3, #list)
    for _, sc in ipairs(list) do assert.is_true(scenario.run(sc), sc.name) end
    assert.are.equal(1, select(2, before:gsub(scenario.MARK:gsub("%p", "%%%0"), "")))
  end)

  it("adds to a scenario file written by hand once it holds the line that says where", function()
    local s = played()
    local file = support.write(dir, "mine.lua", [[
return { game = "crazyeights", players = 3, options = { draw_limit = 2 }, scenarios = {
  { name = "deal", expect = { seat = 1 } },
} }]])
    assert.are.equal(file .. " is a scenario file without the line '" .. scenario.MARK .. "': cannot tell where "
      .. "to add a scenario; put that line in its scenarios list below the last one, or name another file",
      s:command(":scenario " .. file))
    support.write(dir, "mine.lua", read(file):gsub("\n} }", "\n  " .. scenario.MARK .. "\n} }"))
    assert.matches("^added scenario 'crazyeights, seed 4: 3 answers, 2 edits' to .* %(now 2 scenarios%)",
      s:command(":scenario " .. file))
    -- the file's own options do not reach the new scenario: it has its own
    local list = assert(scenario.read(file))
    assert.are.same({ draw_limit = 1 }, list[2].options)
    assert.is_true(scenario.run(list[2]))
    -- a game of no options there says so, written as an empty table (it was
    -- '{  }')
    local plain = session.new { game = "crazyeights", players = 3, seed = 4 }
    assert.matches("^added scenario", plain:command(":scenario " .. file .. " no options"))
    assert.matches("\n  { name = \"no options\",\n    game = \"crazyeights\", players = 3, seed = 4, options = {},\n",
      read(file), 1, true)
  end)

  it("refuses the game's own files, what is not a regular file or not a scenario file, a missing folder, "
    .. "and a helper file's name",
    function()
    local s, path = nil, nil
    path = support.write(dir, "house.lua", "options.hand_size = 6")
    s = session.new { game = "crazyeights", players = 3, seed = 4, house = path }
    local save = support.write(dir, "save.json", "{}")
    local cases = {
      { path, "cannot write scenario file " .. path .. ": it is the game's house-rule file; expected a file of "
        .. "its own" },
      { "games/crazyeights/game.lua", "cannot write scenario file games/crazyeights/game.lua: it is the game's "
        .. "rule script; expected a file of its own" },
      { dir, "cannot write scenario file " .. dir .. ": it is a directory, not a regular file" },
      { save, save .. " exists and is not a scenario file (" .. save .. ":1: unexpected symbol near '{'); "
        .. "expected a new file, or a scenario file to add to" },
      { dir .. "/no/s.lua", "cannot write scenario file " .. dir .. "/no/s.lua: there is no folder '" .. dir
        .. "/no'" },
      -- (cardlab test would not run it)
      { dir .. "/_new.lua", "cannot write scenario file " .. dir .. "/_new.lua: a name beginning with '_' is a "
        .. "helper file, which cardlab test does not run; expected another name" },
    }
    local rules = read("games/crazyeights/game.lua")
    for _, case in ipairs(cases) do assert.are.equal(case[2], s:command(":scenario " .. case[1])) end
    assert.are.equal("{}", read(save))
    assert.are.equal("options.hand_size = 6", read(path))
    assert.are.equal(rules, read("games/crazyeights/game.lua"))
    assert.is_nil(lfs.attributes(dir .. "/no"))
    assert.is_nil(lfs.attributes(dir .. "/_new.lua"))
  end)

  it("keeps the house file and a finished game's result", function()
    local house = support.write(dir, "house.lua", "options.hand_size = 4")
    local s = session.new { game = "crazyeights", players = 3, seed = 4, house = house }
    for seat = 1, 3 do s:command(":bot " .. seat .. " greedy") end
    s:command(":run")
    assert.are.equal("over", s.match:status())
    local file = dir .. "/end.lua"
    assert.matches("^wrote scenario 'crazyeights, seed 4: %d+ answers' to .*; expect: the result, ",
      s:command(":scenario " .. file))
    local sc = assert(scenario.read(file))[1]
    -- (a path from the scenario file's folder, as its game's is: the file
    -- runs from any folder, where one from the REPL's ran from that alone)
    assert.are.equal("./house.lua", sc.house)
    assert.is_true(sc.expect.over)
    assert.are.same(s.match:result().winners, sc.expect.winners)
    assert.are.same(s.match:result().scores, sc.expect.scores)
    local out, status = support.run_cardlab("test " .. file)
    assert.matches("^PASS ", out)
    assert.are.equal(0, status)
    local p = io.popen(string.format("cd / && %s test %s 2>&1", support.cardlab(), file))
    assert.matches("^PASS [^\n]*\n1 passed, 0 failed\n$", p:read("a"))
    p:close()
  end)

  it("says the rule script changed when the scenario fails under the script as it is now", function()
    -- (a trial changed the script and kept the game without :reload: the
    -- refusal quoted a failing check and nothing said why)
    local s = played()
    local script = dir .. "/eights/game.lua"
    local file = dir .. "/eights.lua"
    local text = read(script)
    local changed, n = text:gsub('outcome == "pass" and game.state.passes %+ 1 or 0', 'outcome == "pass" and '
      .. 'game.state.passes + 1 or 1')
    assert.are.equal(1, n)
    support.write(dir .. "/eights", "game.lua", changed)
    assert.are.equal("not written: the scenario would fail under 'cardlab test':\n"
      .. "  expected state passes = 0, got 1\n"
      .. "  (the rule script or the house file changed since the game was loaded: :reload plays the game under "
      .. "them)", s:command(":scenario " .. file))
    assert.is_nil(lfs.attributes(file))
    s:command(":reload")
    assert.matches("^wrote scenario ", s:command(":scenario " .. file))
  end)

  it("says the game was changed from Lua when the scenario fails for a change not recorded", function()
    -- (a trial set a state value at the Lua prompt: the refusal quoted the
    -- check, and nothing said that Lua's changes are not kept)
    local s = played()
    local file = dir .. "/eights.lua"
    s:input("state.passes = 2")
    assert.are.equal("not written: the scenario would fail under 'cardlab test':\n"
      .. "  expected state passes = 2, got 0\n"
      .. "  (the game differs from a replay of its answers and edits: a change made from Lua is not recorded; "
      .. "make it with :set)", s:command(":scenario " .. file))
    s:input("state.passes = 0")
    s:command(":set state passes 2")
    assert.matches("^wrote scenario ", s:command(":scenario " .. file))
  end)

  it("keeps a word list given by a relative path as a path from the scenario file's folder", function()
    -- (a trial found the path kept as typed: the scenario passed from the
    -- REPL's folder, where :scenario checked it, and failed from any other)
    lfs.mkdir(dir .. "/words")
    lfs.mkdir(dir .. "/kept")
    support.write(dir .. "/words", "mini.txt", "cat\nact\n")
    local file = dir .. "/kept/s.lua"
    local cwd = lfs.currentdir()
    assert(lfs.chdir(dir .. "/words"))
    -- (and one beside the list, named with its folder, was not written:
    -- cardlab test gives the game the list's path joined to that folder,
    -- which the game's copy of the option in the state shows)
    local beside = dir .. "/words/t.lua"
    local ok, out, out2 = pcall(function()
      local s = session.new { game = "lettertycoon", players = 2, options = { dictionary = "mini.txt" } }
      s:input("pass")
      return s:command(":scenario " .. file), s:command(":scenario " .. beside)
    end)
    lfs.chdir(cwd)
    assert.is_true(ok, out)
    assert.matches("^wrote scenario ", out)
    assert.matches("^wrote scenario ", out2)
    assert.are.same({ dictionary = "../words/mini.txt" }, assert(scenario.read(file))[1].options)
    assert.are.same({ dictionary = "mini.txt" }, assert(scenario.read(beside))[1].options)
    local p = io.popen(string.format("cd / && %s test %s %s 2>&1", support.cardlab(), file, beside))
    assert.matches("^PASS [^\n]*\nPASS [^\n]*\n2 passed, 0 failed\n$", p:read("a"))
    p:close()
  end)

  it("writes nothing when the scenario would fail, saying why, nor for a game that ended in error", function()
    local s = session.new(START)
    -- at the REPL a state key the game does not have is added with a note;
    -- a scenario may not add keys
    s:command(":set state pases 2")
    local file = dir .. "/typo.lua"
    assert.matches("^not written: the scenario would fail under 'cardlab test':\n  set%-up: expected the edit "
      .. "'state pases 2' to set a value the game's state has", s:command(":scenario " .. file))
    assert.is_nil(lfs.attributes(file))
    assert.are.equal("no game: start one with :new GAME (:games lists them)",
      session.new():command(":scenario " .. file))
  end)
end)

---------------------------------------------------------------- save and load

describe(":save and :load", function()
  local dir
  support.fresh_dir_each_test(function(path) dir = path end)

  it("give back the same game, its edits and seat kinds", function()
    local s = new_session()
    s:input("1")
    s:command(":set move 8H hand[3]")
    s:command(":bot 2 greedy")
    s:input("1")
    local snap = s.match:snapshot()
    local path = dir .. "/f.json"
    assert.are.equal("saved in " .. path, s:command(":save " .. path))
    local data = json.decode(read(path))
    assert.are.same({ { 1, "move 8H hand[3]" } }, data.edits)
    assert.are.same({ { 1, "play 2S" }, { 2, "play 2D" } }, data.answers)
    assert.are.same({ "human", "greedy", "human" }, data.seats)

    local t = session.new()
    assert.are.equal("loaded " .. path .. ": Crazy Eights, 3 players, seed 4, 2 answers, 1 edit\n"
      .. "seat 3 (human), play: play a card or draw", t:command(":load " .. path))
    assert.are.equal(snap, t.match:snapshot())
    assert.are.same({ { 1, "move 8H hand[3]" } }, t.match.edits)
    assert.are.same({ "human", "greedy", "human" }, t.kinds)
    assert.are.equal(s:command(":log"), t:command(":log"))
    -- and the loaded game goes on: undo and play
    t:command(":undo")
    assert.are.equal(1, t.match:count())
  end)

  it("a save without edits has no edits list", function()
    local s = new_session()
    s:input("1")
    local path = dir .. "/g.json"
    s:command(":save " .. path)
    assert.is_nil(json.decode(read(path)).edits)
    local t = session.new()
    assert.are.equal("loaded " .. path .. ": Crazy Eights, 3 players, seed 4, 1 answer\n"
      .. "seat 2 (human), play: play a card or draw", t:command(":load " .. path))
  end)

  it("report what went wrong and keep the game", function()
    local s = new_session()
    s:input("1")
    local before = s.match:snapshot()
    assert.are.equal("cannot read save file " .. dir .. "/none.json: No such file or directory",
      s:command(":load " .. dir .. "/none.json"))
    support.write(dir, "bad.json", "{ not json")
    assert.matches("^" .. dir:gsub("%p", "%%%0") .. "/bad%.json is not a valid cardlab save: not JSON",
      s:command(":load " .. dir .. "/bad.json"))
    assert.are.equal("cannot write save file " .. dir .. "/no/such.json: No such file or directory",
      s:command(":save " .. dir .. "/no/such.json"))
    assert.are.equal(before, s.match:snapshot())
  end)

  it(":load works from any working directory", function()
    local s = new_session()
    s:input("1")
    local path = dir .. "/h.json"
    s:command(":save " .. path)
    local cwd = lfs.currentdir()
    assert(lfs.chdir(dir))
    local ok, out = pcall(s.command, s, ":load " .. path)
    lfs.chdir(cwd)
    assert.is_true(ok, out)
    assert.are.equal("loaded " .. path .. ": Crazy Eights, 3 players, seed 4, 1 answer\n"
      .. "seat 2 (human), play: play a card or draw", out)
  end)
end)

---------------------------------------------------------------- edits

describe(":set", function()
  it("moves a card, to the top by default, to the bottom or to a position", function()
    local s = new_session()
    -- 8H is wild: the pending request is asked again with it
    assert.are.equal("edit: move 8H hand[1]\n" .. SEAT1_TO_PLAY, s:command(":set move 8H hand[1]"))
    assert.are.same({ "8H", "7D", "2S", "6S", "3H", "AD" }, zone_names(s, "hand[1]"))
    s:command(":set move 8H hand[1] bottom")
    assert.are.same({ "7D", "2S", "6S", "3H", "AD", "8H" }, zone_names(s, "hand[1]"))
    s:command(":set move 8H hand[1] 3")
    assert.are.same({ "7D", "2S", "8H", "6S", "3H", "AD" }, zone_names(s, "hand[1]"))
    s:command(":set move #1 discard")
    assert.are.same({ "AC", "AS" }, zone_names(s, "discard"))
    assert.are.equal(4, #s.match.edits)
    assert.are.equal(34, #zone_names(s, "stock"))
  end)

  it("the moved cards shape the next request", function()
    local s = new_session()
    s:input("1")
    s:command(":set move 8H hand[3]")
    s:input("1")
    assert.truthy(s:command(":moves"):find("play 8H", 1, true))
    s:input("play 8H")
    assert.are.equal("seat 3: hearts\n" .. SEAT1_TO_PLAY, s:input("hearts"))
    assert.are.equal("hearts", s.match.game.state.suit)
  end)

  it("sets a counter: a number, true, false or a text", function()
    local s = new_session()
    s:command(":set state passes 2")
    s:command(":set state suit clubs")
    s:command(":set state flag true")
    s:command(":set state off false")
    s:command(":set state note hello world")
    assert.are.same({ passes = 2, suit = "clubs", flag = true, off = false, note = "hello world" },
      s.match.game.state)
    assert.are.equal("integer", math.type(s.match.game.state.passes))
  end)

  it("adds a state key the game did not have, with a note naming it (a typo, more often)", function()
    local s = new_session()
    assert.are.equal("edit: state passes 2", s:command(":set state passes 2"))
    assert.are.equal("edit: state pases 2\nnote: state had no key 'pases'; it was added",
      s:command(":set state pases 2"))
    assert.are.equal(2, s.match.game.state.pases)
    -- once added, it is a key like the others
    assert.are.equal("edit: state pases 3", s:command(":set state pases 3"))
  end)

  it("turns a card face down and up", function()
    local s = new_session()
    local id = s.match.game.table:zone("discard"):peek()
    assert.are.equal("edit: face AS down", s:command(":set face AS down"))
    -- a seat sees only how many cards are there
    assert.is_nil(s.match:view(2).zones.discard.cards)
    assert.are.equal(1, s.match:view(2).zones.discard.count)
    assert.are.same({ id }, s.match:view(0).zones.discard.cards)
    -- under a face-up card it shows as 0
    s:command(":set move 2S discard")
    assert.are.same({ s.match.game.table:zone("discard"):peek(), 0 }, s.match:view(2).zones.discard.cards)
    s:command(":set move 2S hand[1]")
    s:command(":set face AS up")
    assert.are.same({ id }, s.match:view(2).zones.discard.cards)
  end)

  it(":show SEAT works with a face-down top card", function()
    local s = new_session()
    s:command(":set face AS down")
    local ok, out = pcall(s.command, s, ":show 2")
    assert.is_true(ok, out)
    assert.matches("^round 1%. stock: 36 cards%.", out)
    assert.falsy(out:find("AS", 1, true))
  end)

  it("sets whose turn is next: the seat asked now finishes its turn, then SEAT plays", function()
    local s = new_session()
    assert.are.equal("edit: turn 3", s:command(":set turn 3"))
    assert.are.equal(1, s.match:request().seat)
    assert.are.equal("seat 1: play 2S\nseat 3 (human), play: play a card or draw", s:input("play 2S"))
    -- and the turns go on from there
    assert.are.equal("seat 3: play 2H\n" .. SEAT1_TO_PLAY, s:input("play 2H"))
    -- the seat asked now may be given the next turn too
    s:command(":set turn 1")
    assert.are.equal("seat 1: play 3H\n" .. SEAT1_TO_PLAY, s:input("play 3H"))
  end)

  it("says what is wrong with an edit and changes nothing", function()
    local s = new_session()
    s:input("1")
    local before = s.match:snapshot()
    local cases = {
      { ":set frob", "cannot read edit 'frob': expected " .. EDIT_SYNTAX },
      { ":set state", "cannot read edit 'state': expected " .. EDIT_SYNTAX },
      { ":set face 8H sideways", "cannot read edit 'face 8H sideways': expected " .. EDIT_SYNTAX },
      { ":set turn two", "cannot read edit 'turn two': expected " .. EDIT_SYNTAX },
      { ":set move 8H", "cannot read edit 'move 8H': expected " .. EDIT_SYNTAX },
      { ":set move 8H hand[9]", "no zone named 'hand[9]'; zones: box, discard, hand[1] to hand[3], stock" },
      { ":set move 8H hand[1] from hands[2]",
        "no zone named 'hands[2]'; zones: box, discard, hand[1] to hand[3], stock" },
      { ":set empty pile", "no zone named 'pile'; zones: box, discard, hand[1] to hand[3], stock" },
      { ":set empty stock pile", "no zone named 'pile'; zones: box, discard, hand[1] to hand[3], stock" },
      { ":set move ZZ hand[1]", "no card has the code or name 'ZZ'" },
      { ":set face ZZ up", "no card has the code or name 'ZZ'" },
      { ":set move #99 hand[1]", "there is no card #99 (cards are #1 to #52)" },
      { ":set move 8H hand[1] 99", "position 99 is outside 1..5 of hand[1]" },
      { ":set move 8H hand[1] 0", "position 0 is outside 1..5 of hand[1]" },
      { ":set move 8H hand[1] 6", "position 6 is outside 1..5 of hand[1]" },
      { ":set turn 4", "there are seats 1 to 3" },
      -- numbers past a Lua integer are no numbers (they used to fail inside
      -- the message, as an internal error)
      { ":set turn 99999999999999999999", "cannot read edit 'turn 99999999999999999999': expected "
        .. EDIT_SYNTAX },
      { ":set move 8H hand[1] 99999999999999999999", "cannot read edit 'move 8H hand[1] "
        .. "99999999999999999999': expected " .. EDIT_SYNTAX },
      { ":set move #99999999999999999999 hand[1]", "no card has the code or name '#99999999999999999999'" },
      { ":set turn 0", "there are seats 1 to 3" },
    }
    for _, case in ipairs(cases) do
      assert.are.equal(case[2], s:command(case[1]), case[1])
      assert.are.equal(before, s.match:snapshot(), case[1])
    end
    assert.are.same({}, s.match.edits)
    assert.are.equal("   1. seat 1: play 2S", s:command(":log"))
  end)

  it("says which card a shared name took, and from where; a name of one card says nothing more", function()
    -- (a Cryptocurrency rumour taken off a price track read as taken from
    -- the rumour deck: the first card of a name, by id, may be anywhere)
    local s = new_session()
    s:command(":new online players=3 seed=1")
    local g = s.match.game
    local id
    for i, c in ipairs(g.cards) do
      if not id and c.name == "Online" and g.table:where(i):name() ~= "hand[1]" then id = i end
    end
    local zone = g.table:where(id):name()
    assert.are_not.equal("deck", zone)
    assert.are.equal(string.format("edit: move Online hand[1] (card #%d, taken from %s)", id, zone),
      s:command(":set move Online hand[1]"):match("^[^\n]*"))
    assert.matches("^edit: move Online hand%[1%] from deck %(card #%d+, taken from deck%)",
      s:command(":set move Online hand[1] from deck"))
    s:command(":new crazyeights")
    assert.matches("^edit: move 8H hand%[2%]$", s:command(":set move 8H hand[2]"):match("^[^\n]*"))
  end)

  it("says which card a shared name turned with face, and where it lies", function()
    -- (a trial laid a rumour on the Flyt track and turned it down by its
    -- headline: the edit turned the other copy, face up beside the Quasar
    -- track, and said nothing)
    local s = new_session()
    s:command(":new cryptocurrency players=2 seed=9")
    s:command(':set rumour Flyt "Regulator bans trading"')
    local g = s.match.game
    local first
    for i, c in ipairs(g.cards) do
      if not first and c.name == "Regulator bans trading" then first = i end
    end
    assert.are.equal("rumours_Quasar", g.table:where(first):name())
    assert.are.equal(string.format('edit: face "Regulator bans trading" down (card #%d, in rumours_Quasar)', first),
      s:command(':set face "Regulator bans trading" down'):match("^[^\n]*"))
    assert.matches("^edit: face #%d+ up$", s:command(":set face #" .. first .. " up"):match("^[^\n]*"))
  end)

  -- (six hands of Online run out of a kind: the author looks for its cards)
  it("says where a card's kind is when the zone it is taken from holds none", function()
    local s = new_session()
    assert.are.equal("edit: move 8H hand[2]", s:command(":set move 8H hand[2]"))
    local before = s.match:snapshot()
    assert.are.equal("stock holds no card '8H' (the 8H cards: 1 in hand[2])",
      s:command(":set move 8H hand[1] from stock"))
    assert.are.equal(before, s.match:snapshot())
    s = session.new { game = "online", players = 6 }
    assert.matches("^discard holds no card 'Game' %(the Game cards: %d+ in deck, %d in hand%[%d%]",
      s:command(":set move Game hand[1] from discard"))
  end)

  -- (an auditor at the REPL trial typed 'online': answers take any case, and
  -- 'deck holds no card' read as if the deck had no Online left)
  it("says how a card is spelled when it was named in another case", function()
    local s = new_session()
    local before = s.match:snapshot()
    assert.are.equal("no card has the code or name '8h' (card codes and names are matched as written: '8H')",
      s:command(":set move 8h hand[1]"))
    assert.are.equal("stock holds no card '8h' (card codes and names are matched as written: '8H')",
      s:command(":set move 8h hand[1] from stock"))
    assert.are.equal("no card has the code or name '9Z'", s:command(":set move 9Z hand[1]"))
    assert.are.equal(before, s.match:snapshot())
    s = session.new { game = "online", players = 2 }
    assert.are.equal("deck holds no card 'online' (card codes and names are matched as written: 'Online')",
      s:command(":set move online online[1] from deck"))
  end)

  -- a card name with blanks typed without quotes (Online's Extra Memory) is
  -- read as a card and a zone; the error says how to write it, only when the
  -- words are a card's name
  it("says that a card name with blanks goes in quotes, when the words name a card", function()
    local s = session.new { game = "online", players = 2 }
    local before = s.match:snapshot()
    local syntax = "expected move CARD ZONE [top|bottom|N] [from ZONE], face CARD up|down, turn SEAT, "
      .. "empty ZONE [ZONE], state PATH VALUE, or this game's backup SEAT ROW"
    local cases = {
      { ":set move Extra Memory memory[1] from deck", "cannot read edit 'move Extra Memory memory[1] from deck': "
        .. syntax .. "; a card name with blanks goes in quotes: move \"Extra Memory\" memory[1] from deck" },
      { ":set face Under Construction down", "cannot read edit 'face Under Construction down': "
        .. syntax .. "; a card name with blanks goes in quotes: face \"Under Construction\" down" },
      -- no card is named so: no hint
      { ":set move Extra Memry memory[1]", "cannot read edit 'move Extra Memry memory[1]': " .. syntax },
    }
    for _, case in ipairs(cases) do
      assert.are.equal(case[2], s:command(case[1]), case[1])
      assert.are.equal(before, s.match:snapshot(), case[1])
    end
    assert.truthy(s:command(':set move "Extra Memory" memory[1] from deck'):find("^edit: "))
  end)

  -- a built-in edit of what a game's own edit keeps in step would leave the
  -- game disagreeing with itself (two persona cards, a price off its field)
  it("refuses built-in edits of what a game's own edit keeps in step, naming that edit", function()
    local cases = {
      { "rushfortheweb", ":set move C3 persona[1]",
        "zone 'persona[1]' is kept in step with other values by this game's own edit: expected persona SEAT CARD" },
      { "rushfortheweb", ":set move C1 box",  -- (seat 2's persona, seed 1)
        "zone 'persona[2]' is kept in step with other values by this game's own edit: expected persona SEAT CARD" },
      { "rushfortheweb", ":set empty persona[2] box",
        "zone 'persona[2]' is kept in step with other values by this game's own edit: expected persona SEAT CARD" },
      { "rushfortheweb", ":set state persona[2] Nobody",
        "state 'persona[2]' is kept in step with other values by this game's own edit: expected persona SEAT CARD" },
      { "cryptocurrency", ":set state price.Flyt 9",
        "state 'price.Flyt' is kept in step with other values by this game's own edit: expected price CURRENCY FIELD" },
      { "cryptocurrency", ":set state field.Flyt 9",
        "state 'field.Flyt' is kept in step with other values by this game's own edit: expected price CURRENCY FIELD" },
      { "cryptocurrency", ":set state tired[3] true", "state 'tired[3]' is kept in step with other values by "
        .. "this game's own edit: expected exhaust SEAT MEMBER or refresh SEAT MEMBER" },
      { "lettertycoon", ":set state patents.Q 3",
        "state 'patents.Q' is kept in step with other values by this game's own edit: expected patent LETTER SEAT" },
    }
    for _, case in ipairs(cases) do
      local s = session.new { game = case[1], players = 3 }
      local before = s.match:snapshot()
      assert.are.equal(case[3], s:command(case[2]), case[2])
      assert.are.equal(before, s.match:snapshot(), case[2])
      assert.are.same({}, s.match.edits)
    end
    -- the game's own edit does it, and the rest of the zone's moves go on
    local s = session.new { game = "rushfortheweb", players = 3 }
    assert.truthy(s:command(":set persona 1 C3"):find("^edit: persona 1 C3"))
    assert.are.equal(1, s.match.game.zones.persona[1]:count())
    assert.are.equal(s.match.game.cards[s.match.game.zones.persona[1]:cards()[1]].name, s.match.game.state.persona[1])
    assert.truthy(s:command(":set state credits[1] 5"):find("^edit: state credits%[1%] 5"))
  end)

  it("a game's 'keeps' that is not lists of state keys and zones is refused when the game loads", function()
    local dir = support.tmpdir()
    support.write_game(dir, "return { winners = { 1 } }",
      "edits = { x = { apply = function() return true end, keeps = { state = 'price' } } },")
    local def, err = require("cardlab.loader").load(dir .. "/game.lua")
    support.rmtree(dir)
    assert.is_nil(def)
    assert.truthy(err:find("edit 'x': 'keeps' must be { state = { KEY, ... }, zones = { NAME, ... } }", 1, true), err)
  end)

  it("names an own edit of no arguments alone, args = \"\" included", function()
    local def = { edits = { boom = { args = "", apply = function() return true end },
                            half = { apply = function() return true end },
                            price = { args = "N", apply = function() return true end } } }
    local edits = require "cardlab.edits"
    assert.truthy(edits.syntax(def):find("or this game's boom, half, price N$"), edits.syntax(def))
    assert.are.equal("boom", edits.usage("boom", def.edits.boom))
  end)

  it("refuses to edit a finished game", function()
    local s = new_session()
    for seat = 1, 3 do s:command(":bot " .. seat .. " greedy") end
    s:command(":run")
    assert.are.equal("the game is over: there is nothing to edit", s:command(":set turn 1"))
    assert.are.same({}, s.match.edits)
  end)
end)

---------------------------------------------------------------- bots

describe(":bot and :run", function()
  it(":bot checks the seat and the kind", function()
    local s = new_session()
    assert.are.equal("there are seats 1 to 3", s:command(":bot 0 random"))
    assert.are.equal("there are seats 1 to 3", s:command(":bot -1 random"))
    assert.are.equal("there are seats 1 to 3", s:command(":bot 4 random"))
    assert.are.equal("unknown player kind 'frob' for seat 2; valid kinds: human, random, greedy, ismcts",
      s:command(":bot 2 frob"))
    assert.are.same({ "human", "human", "human" }, s.kinds)
    -- a wrong parameter of the search bot is refused as bots.md quotes it, not
    -- as "seat 2: ismcts:foo=1: ...", which reads as the seat handed over
    assert.are.equal("ismcts:foo=1: unknown parameter 'foo'; parameters: iterations, steps, c, widen, playout, "
      .. "tree, width, depth, margin, shape, reads, ms", s:command(":bot 2 ismcts:foo=1"))
    assert.are.same({ "human", "human", "human" }, s.kinds)
    assert.are.equal("seat 2: greedy", s:command(":bot 2 greedy"))
    assert.are.equal("seat 3: random", s:command(":bot 3 random"))
    assert.are.same({ "human", "greedy", "random" }, s.kinds)
    assert.are.equal("seat 3: human", s:command(":bot 3 human"))
    assert.are.same({ "human", "greedy", "human" }, s.kinds)
  end)

  it(":run lets the bots play until a human seat is asked", function()
    local s = new_session()
    s:command(":bot 2 greedy")
    s:command(":bot 3 greedy")
    s:input("1")
    assert.are.equal("   2. seat 2: play 2D\n   3. seat 3: play 2H\n" .. SEAT1_TO_PLAY, s:command(":run"))
    assert.are.equal(3, s.match:count())
    assert.are.equal(1, s.match:request().seat)
  end)

  it(":run at a human seat says so and answers nothing", function()
    local s = new_session()
    assert.are.equal("seat 1 is human: answer it, or let a bot play it with :bot 1 random\n" .. SEAT1_TO_PLAY,
      s:command(":run"))
    assert.are.equal(0, s.match:count())
  end)

  it(":run N gives N answers; without N it goes to the end, showing the last 20", function()
    local s = new_session()
    for seat = 1, 3 do s:command(":bot " .. seat .. " greedy") end
    assert.are.equal("   1. seat 1: play 2S\n   2. seat 2: play 2D\n   3. seat 3: play 2H\n"
      .. "seat 1 (greedy), play: play a card or draw", s:command(":run 3"))
    assert.are.equal(3, s.match:count())
    local out = lines(s:command(":run"))
    assert.are.equal("over", s.match:status())
    local n = s.match:count()
    assert.is_true(n > 23)
    assert.are.equal(string.format("  ... %d answers", n - 3 - 20), out[1])
    assert.are.equal(22, #out)
    local log = s.match:log()
    assert.are.equal(string.format("%4d. seat %d: %s", n, log[n][1], log[n][2]), out[21])
    assert.matches("^game over: seat %d went out; winner: seat %d$", out[22])
  end)

  it(":run 0 and :run -1 are refused in the same words and change nothing (:run 0 called a bot's seat human)", function()
    local s = new_session()
    s:command(":bot 1 greedy")
    local before = s.match:snapshot()
    assert.are.equal("cannot run 0 answers: N must be 1 or more", s:command(":run 0"))
    assert.are.equal("cannot run -1 answers: N must be 1 or more", s:command(":run -1"))
    assert.are.equal(before, s.match:snapshot())
  end)

  it(":run makes :redo forget", function()
    local s = new_session()
    for seat = 1, 3 do s:command(":bot " .. seat .. " greedy") end
    s:command(":run 2")
    s:command(":undo")
    s:command(":run 1")
    assert.are.equal("nothing to redo", s:command(":redo"))
  end)
end)

---------------------------------------------------------------- reload

describe(":reload", function()
  local dir, script, original
  support.fresh_dir_each_test(function(path) dir = path end)
  before_each(function()
    original = read(CARDLAB_HOME .. "/games/crazyeights/game.lua")
    script = support.write(dir, "game.lua", original)
  end)

  -- Changes the copy of the script: `from` (plain text) must occur once.
  local function change(from, to)
    local text = read(script)
    local at = text:find(from, 1, true)
    assert(at and not text:find(from, at + 1, true), "the rule to change is not in the script once: " .. from)
    support.write(dir, "game.lua", text:sub(1, at - 1) .. to .. text:sub(at + #from))
  end

  local function greedy_session(answers)
    local s = session.new { game = script, players = 3, seed = 4 }
    s:input("1")  -- by hand: seat 1 plays 2S
    for seat = 1, 3 do s:command(":bot " .. seat .. " greedy") end
    s:command(":run " .. (answers - 1))
    assert.are.equal(answers, s.match:count())
    return s
  end

  it("of an unchanged script replays cleanly", function()
    local s = greedy_session(20)
    local before = s.match:snapshot()
    assert.are.equal("reloaded " .. script .. "; the 20 answers replay the same under the new rules\n"
      .. "seat 3 (greedy), play: play a card or draw", s:command(":reload"))
    assert.are.equal(before, s.match:snapshot())
  end)

  it("reports the first answer after which the game diverges, and keeps what replays", function()
    local s = greedy_session(20)
    local log = log_texts(s)
    -- the first jack is played at answer 12
    for i = 1, 11 do assert.falsy(log[i]:match("play J"), log[i]) end
    assert.are.equal("1: play JS", log[12])
    change('return card.rank == "8"\nend', 'return card.rank == "8" or card.rank == "J"\nend')
    assert.are.equal("reloaded " .. script .. "; the game diverges after answer 12 (play JS): "
      .. "seat 2 was asked 'play', now seat 1 is asked 'suit'\n"
      .. "kept the first 12 of 20 answers\n"
      .. "seat 1 (greedy), suit: name the suit to follow", s:command(":reload"))
    assert.are.equal(12, s.match:count())
    assert.are.equal("suit", s.match:request().kind)
    -- the new rules are in force from now on
    s:input("clubs")
    assert.are.equal("clubs", s.match.game.state.suit)
  end)

  it("reports a game that differs from the start", function()
    local s = greedy_session(5)
    change("and 7 or 5", "and 7 or 6")
    local out = lines(s:command(":reload"))
    -- (what differs first: the state by its path, the zones by name)
    assert.are.equal("reloaded " .. script .. "; the game diverges at the start: the table differs (state suit: "
      .. "\"spades\", now \"clubs\"; zone discard: other cards)", out[1])
    -- the game goes on under the new rules with the answers that still fit
    local kept = tonumber((out[2] or ""):match("^kept the first (%d+) of 5 answers$")) or 5
    assert.are.equal(kept, s.match:count())
    assert.are.equal(s.def, s.match.def)
    local fresh = assert(match.new(s.def, { players = 3, seed = 4 }))
    assert.are.equal(6, fresh.game.zones.hand[1]:count())
  end)

  it("reports a result that changed with the same play", function()
    local s = greedy_session(1)
    s:command(":run")
    assert.are.equal("over", s.match:status())
    local n = s.match:count()
    local log = s.match:log()
    local result = s.match:result()
    change('if card.rank == "A" then return 1 end', 'if card.rank == "A" then return 100 end')
    local out = lines(s:command(":reload"))
    assert.matches(string.format("^reloaded .-; the game diverges after answer %d %%(%s%%): the result differs: "
      .. "it was '.-', scores .-, now '.-', scores .-$", n, log[n][2]:gsub("%p", "%%%0")), out[1])
    assert.are.equal(n, s.match:count())
    assert.are_not.same(result.scores, s.match:result().scores)
  end)

  it("of a broken script keeps the game and the rules", function()
    local s = greedy_session(3)
    local before, def = s.match:snapshot(), s.def
    change("function rules.is_wild(card)", "function rules.is_wild(card")
    local line = 1
    for _ in read(script):match("^(.-)function rules%.is_wild"):gmatch("\n") do line = line + 1 end
    assert.are.equal(string.format("reload failed, the game is unchanged: %s:%d: ')' expected near 'return'",
      script, line + 1), s:command(":reload"))
    assert.are.equal(before, s.match:snapshot())
    assert.are.equal(def, s.def)
  end)

  it("of a script that fails when run keeps the game and the rules, for the next try", function()
    local setup, broken_setup = "function crazyeights.setup(game)\n", "function crazyeights.setup(game)\n  local x = nil + 1\n"
    local play, broken_play = "      zones.discard:insert(card)\n", "      zones.discard:insert(card)\n      error(\"play broke\", 0)\n"
    -- (the third also differs from the start, before its error)
    local other_table = "function crazyeights.setup(game)\n  game.state.extra = 1\n"
    for _, case in ipairs({
      { { setup, broken_setup }, "at the start" },
      { { play, broken_play }, "after answer 1 %(play 2S%)" },
      { { play, broken_play, setup, other_table }, "after answer 1 %(play 2S%)" },
    }) do
      local s = greedy_session(20)
      local before, def = s.match:snapshot(), s.def
      local original = read(script)
      for k = 1, #case[1], 2 do change(case[1][k], case[1][k + 1]) end
      assert.matches("^reload failed, the game is unchanged: the new rules end in error " .. case[2] .. ": ",
        s:command(":reload"))
      assert.are.equal(before, s.match:snapshot())
      assert.are.equal(def, s.def)
      -- mended, the script reloads with every answer
      support.write(dir, "game.lua", original)
      assert.matches("the 20 answers replay the same", s:command(":reload"))
      assert.are.equal(20, s.match:count())
    end
  end)

  it(":load refuses a save made under rules that changed since", function()
    local s = greedy_session(3)
    local path = dir .. "/before.json"
    s:command(":save " .. path)
    support.write(dir, "game.lua", read(script) .. "\n-- a comment changes the hash too\n")
    local t = new_session()
    local before = t.match:snapshot()
    assert.matches("^" .. path:gsub("%p", "%%%0") .. " was saved with other rules: the scripts of 'crazyeights' "
      .. "%(its own or the library's%) changed since %(hash %x+, now %x+%); replaying it would not give the same game$", t:command(":load " .. path))
    assert.are.equal(before, t.match:snapshot())
  end)

  it("of a game named at the start works from any working directory", function()
    local s = new_session()
    s:input("1")
    local cwd = lfs.currentdir()
    assert(lfs.chdir(dir))
    local ok, out = pcall(s.command, s, ":reload")
    lfs.chdir(cwd)
    assert.is_true(ok, out)
    assert.are.equal("reloaded games/crazyeights/game.lua; the 1 answer replays the same under the new rules\n"
      .. "seat 2 (human), play: play a card or draw", out)
  end)

  -- (it used to say "the 0 answers replay the same" of a position built by hand)
  it("says what replayed: the answers and the edits, or that nothing was given yet", function()
    local s = new_session()
    local RELOADED = "reloaded games/crazyeights/game.lua; "
    assert.are.equal(RELOADED .. "the game starts the same under the new rules (no answers or edits yet)\n"
      .. SEAT1_TO_PLAY, s:command(":reload"))
    s:command(":set move 8H hand[1]")
    assert.are.equal(RELOADED .. "the 1 edit replays the same under the new rules\n" .. SEAT1_TO_PLAY,
      s:command(":reload"))
    assert.are.equal("8H", top_of(s, "hand[1]"))
    s:command(":set state passes 2")
    s:input("play 8H")
    assert.are.equal(RELOADED .. "the 1 answer and 2 edits replay the same under the new rules\n"
      .. "seat 1 (human), suit: name the suit to follow", s:command(":reload"))
  end)
end)

---------------------------------------------------------------- Lua

describe("Lua at the prompt", function()
  -- a lone word that is no answer and no Lua name was meant as an answer:
  -- it used to print just 'nil'
  it("says why a lone word is no legal answer when it names nothing in Lua either", function()
    local s = new_session()
    assert.are.equal("'stop' is not a legal answer; legal answers: play 2S, play 6S, play AD, draw\n"
      .. "(and as Lua: 'stop' is nil)", s:input("stop"))
    assert.are.equal(0, s.match:count())
    -- a name Lua has prints its value, as before
    s:input("stop = 3")
    assert.are.equal("3", s:input("stop"))
    assert.are.equal("5", s:input("  #cards // 10  "))
    assert.are.equal("nil", s:input("state.nope"))
    assert.are.equal("nil", s:input("nil"))
    -- with no request pending, it is plain Lua
    local none = session.new()
    assert.are.equal("nil", none:input("stop"))
  end)

  it("prints the value of an expression, several separated by tabs", function()
    local s = new_session()
    assert.are.equal("4", s:input("2 + 2"))
    assert.are.equal('"a\\"b"', s:input([["a\"b"]]))
    assert.are.equal('1\tnil\t"x"', s:input("1, nil, 'x'"))
    assert.are.equal("nil", s:input("nil"))
    assert.are.equal("", s:input("   "))
  end)

  it("runs statements; assignments last for the session", function()
    local s = new_session()
    assert.are.equal("", s:input("x = 5"))
    assert.are.equal("5", s:input("x"))
    assert.are.equal("", s:input("local y = 1"))
    assert.are.equal("6", s:input("return x + 1"))
  end)

  it("sees the live game: game, zones, state, seats, cards, match, view, vm", function()
    local s = new_session()
    assert.are.equal("3", s:input("game.players"))
    assert.are.equal("5", s:input("zones.hand[1]:count()"))
    assert.are.equal('{\n  passes = 0,\n  suit = "spades",\n}', s:input("state"))
    assert.are.equal("1", s:input("seats:current()"))
    assert.are.equal('"AC"', s:input("cards[1].name"))
    assert.are.equal("0", s:input("match:count()"))
    assert.are.equal("5\tnil", s:input("view(1).zones['hand[2]'].count, view(1).zones['hand[2]'].cards"))
    assert.are.equal('"string"', s:input("type(vm.version)"))
    s:input("1")
    -- the names follow the game as it is replaced by undo and new games
    assert.are.equal("1", s:input("match:count()"))
    assert.are.equal("2", s:input("seats:current()"))
    s:command(":undo")
    assert.are.equal("0", s:input("match:count()"))
    s:command(":new crazyeights players=5")
    assert.are.equal("5", s:input("game.players"))
  end)

  it("pretty-prints tables with sorted keys, nested, and cycles as <cycle>", function()
    local s = new_session()
    assert.are.equal("{1, 2, 3}", s:input("{1, 2, 3}"))
    assert.are.equal("{}", s:input("{}"))
    assert.are.equal('{\n  a = 1,\n  b = {\n    c = "x",\n  },\n  zed = true,\n}',
      s:input("{zed = true, b = {c = 'x'}, a = 1}"))
    assert.are.equal('{\n  [1] = 1,\n  [2] = {\n    a = 1,\n  },\n}', s:input("{1, {a = 1}}"))
    assert.are.equal('{\n  ["a b"] = 1,\n}', s:input("{['a b'] = 1}"))
    assert.are.equal("{\n  me = <cycle>,\n}", s:input("local t = {} t.me = t return t"))
    assert.are.equal("{\n  a = {\n    up = <cycle>,\n  },\n  b = {},\n}",
      s:input("local t = {b = {}} t.a = {up = t} return t"))
    -- a table met twice but not in a cycle is printed twice
    assert.are.equal("{\n  a = {1},\n  b = {1},\n}", s:input("local u = {1} return {a = u, b = u}"))
    assert.are.equal(session.pretty({ 3, x = { 1 } }), "{\n  [1] = 3,\n  x = {1},\n}")
    -- number keys in order of value, before strings, then booleans
    assert.are.equal("{\n  [1] = 1,\n  [2] = 2,\n  [10] = 10,\n}", s:input("{[1]=1,[2]=2,[10]=10}"))
    assert.are.equal('{\n  [-2] = 1,\n  [1.5] = 2,\n  [9] = 3,\n  [10] = 4,\n  a = 5,\n  ["b c"] = 6,\n'
      .. "  [false] = 7,\n  [true] = 8,\n}",
      s:input("{[10] = 4, [9] = 3, [1.5] = 2, [-2] = 1, a = 5, ['b c'] = 6, [true] = 8, [false] = 7}"))
    -- deep tables are cut at the ninth level
    local deep = s:input("local t = {} local c = t for i = 1, 12 do c.n = {} c = c.n end return t")
    local _, levels = deep:gsub("n = {\n", "")
    assert.are.equal(7, levels)
    assert.truthy(deep:find("n = {...},", 1, true))
  end)

  it("prints a long list of plain values compactly, and cuts it after 100", function()
    local s = new_session()
    local list = s:input("local t = {} for i = 1, 30 do t[i] = i * 1000 end return t")
    assert.are.equal("{\n"
      .. "  1000, 2000, 3000, 4000, 5000, 6000, 7000, 8000, 9000, 10000, 11000, 12000,\n"
      .. "  13000, 14000, 15000, 16000, 17000, 18000, 19000, 20000, 21000, 22000, 23000,\n"
      .. "  24000, 25000, 26000, 27000, 28000, 29000, 30000,\n}", list)
    local long = lines(s:input("{list = (function() local t = {} for i = 1, 150 do t[i] = 'x' end return t end)()}"))
    assert.are.equal("  list = {", long[2])
    assert.are.equal("    ... (150 in all)", long[#long - 2])
    local _, shown = table.concat(long, "\n"):gsub('"x"', "")
    assert.are.equal(100, shown)
    for _, l in ipairs(long) do assert.is_true(#l <= 78, l) end
    -- a short list of long values wraps too (a game's zones printed on one
    -- line of 600 columns)
    local zones = lines(s:input("game.table:zones()"))
    assert.are.equal("{", zones[1])
    assert.are.equal("}", zones[#zones])
    for _, l in ipairs(zones) do assert.is_true(#l <= 78, l) end
    assert.truthy(table.concat(zones, " "):find("cl.Zone 'hand[3]' (5 cards)", 1, true))
    assert.are.equal("{1, 2, 3}", s:input("{1, 2, 3}"))
    -- a long table that is not a list: one key a line, cut after 100
    local keys = lines(s:input("local t = {} for i = 1, 120 do t['k' .. i] = i end return t"))
    assert.are.equal(103, #keys)
    assert.are.equal("  ... (120 keys in all)", keys[102])
  end)

  it("prints a table whose __pairs or a value whose __tostring fails, with the error", function()
    local s = new_session()
    assert.are.equal("<table whose __pairs failed: stdin:1: boom>",
      s:input("setmetatable({}, {__pairs = function() error('boom') end})"))
    assert.are.equal("{\n  [1] = <table whose __pairs failed: (a table value)>,\n  [2] = 2,\n}",
      s:input("{setmetatable({}, {__pairs = function() error({}) end}), 2}"))
    -- functions share one metatable: give them a __tostring that fails
    local ok, out = pcall(s.input, s, "debug.setmetatable(print, {__tostring = function() error('no text', 0) end}) "
      .. "return print, {print}")
    debug.setmetatable(print, nil)
    assert.is_true(ok, out)
    assert.are.equal("<function whose __tostring failed: no text>\t{<function whose __tostring failed: no text>}", out)
    assert.are.equal("4", s:input("2 + 2"))
  end)

  it("gives an error with its traceback, and the session goes on", function()
    local s = new_session()
    local out = s:input("error('boom')")
    assert.matches("^stdin:1: boom\nstack traceback:\n", out)
    assert.falsy(out:find("xpcall", 1, true))
    assert.falsy(out:find("session.lua", 1, true))
    assert.are.equal("stdin:1: attempt to perform arithmetic on a nil value\nstack traceback:\n\tstdin:1: in main chunk",
      s:input("nil + 1"))
    assert.are.equal("4", s:input("2 + 2"))
    assert.are.equal("seat 1: play 2S\nseat 2 (human), play: play a card or draw", s:input("1"))
  end)

  it("reports a syntax error, tried as an answer as well", function()
    local s = new_session()
    assert.are.equal("'x = = 1' is not a legal answer; legal answers: play 2S, play 6S, play AD, draw\n"
      .. "(and as Lua: stdin:1: unexpected symbol near '=')", s:input("x = = 1"))
    local t = session.new()
    assert.are.equal("stdin:1: unexpected symbol near '='", t:input("x = = 1"))
    -- Lua of several lines is not: an answer is one line (it was shown with
    -- its line break as \010 under "is not a legal answer")
    assert.are.equal("stdin:2: unexpected symbol near ')'", s:input("for i = 1,\n2 do print(i) )"))
  end)

  it("asks for more of an incomplete chunk with nil, true", function()
    local s = new_session()
    for _, text in ipairs({ "for i = 1, 3 do", "function f()", "t = {", "x = [[abc", "if true then\n  y = 1" }) do
      assert.are.same({ nil, true }, { s:input(text) }, text)
    end
    assert.are.equal("", s:input("for i = 1, 3 do\n  z = i\nend"))
    assert.are.equal("3", s:input("z"))
    assert.are.equal("", s:input("function f()\n  return 42\nend"))
    assert.are.equal("42", s:input("f()"))
  end)

  it("runs through the wrapper it is given (the REPL's interruptible call), and prints through it", function()
    local s = new_session()
    local called = 0
    local function wrap(f, handler)
      called = called + 1
      return xpcall(f, handler)
    end
    assert.are.equal("4", s:input("2 + 2", wrap))
    assert.are.equal(2, called)
    assert.matches("^stdin:1: stop\n", s:input("error('stop')", wrap))
    assert.are.equal(3, called)
    -- an error while printing (Ctrl-C, say) is reported as such
    local function stop_printing(f, handler)
      called = called + 1
      if called == 5 then return xpcall(function() error("interrupted (Ctrl-C)", 0) end, handler) end
      return xpcall(f, handler)
    end
    assert.matches("^cannot print the result: interrupted %(Ctrl%-C%)\nstack traceback:", s:input("{}", stop_printing))
  end)
end)

---------------------------------------------------------------- completion

describe("tab completion", function()
  it("completes command names", function()
    local s = new_session()
    assert.are.same({ ":bot" }, s:complete(":bo", ":bo"))
    assert.are.same({ ":redo", ":reload", ":run" }, s:complete(":r", ":r"))
    local all = s:complete(":", ":")
    assert.are.equal(#commands.list, #all)
    assert.are.same({}, s:complete(":zz", ":zz"))
  end)

  it("completes game names after :new, commands after :help, kinds after :bot, verbs after :set", function()
    local s = new_session()
    assert.are.same({ "crazyeights" }, s:complete("craz", ":new craz"))
    assert.are.same({ "redo", "reload", "run" }, s:complete("r", ":help r"))
    assert.are.same({ "greedy", "human", "ismcts", "random" }, s:complete("", ":bot 2 "))
    assert.are.same({ "greedy" }, s:complete("gr", ":bot 2 gr"))
    assert.are.same({ "move" }, s:complete("m", ":set m"))
    assert.are.same({ "empty", "face", "move", "state", "turn" }, s:complete("", ":set "))
    -- several games start with "cr"
    assert.are.same({ "crazyeights", "cryptocurrency" }, s:complete("cr", ":new cr"))
    assert.are.same({ ":redo", ":reload", ":run" }, s:complete(":r", ":help :r"))
  end)

  it("reads command names in any case, as commands are typed", function()
    local s = new_session()
    assert.are.same({ ":bot" }, s:complete(":BO", ":BO"))
    assert.are.same({ "crazyeights" }, s:complete("craz", ":NEW craz"))
    assert.are.same({ "run" }, s:complete("RU", ":Help RU"))
    assert.are.same({ "greedy" }, s:complete("gr", ":BOT 2 gr"))
    assert.are.same({ "move" }, s:complete("m", "  :Set m"))
  end)

  it("completes zone names", function()
    local s = new_session()
    assert.are.same({ "hand[1]", "hand[2]", "hand[3]" }, s:complete("ha", ":set move 8H ha"))
    assert.are.same({ "discard" }, s:complete("di", ":set move 8H di"))
    assert.are.same({ "stock" }, s:complete("sto", ":show sto"))
    assert.are.same({ "box", "discard", "hand[1]", "hand[2]", "hand[3]", "stock" }, s:complete("", ":set move 8H "))
  end)

  it("completes answers, whole or after the words typed", function()
    local s = new_session()
    assert.are.same({ "play 2S", "play 6S", "play AD" }, s:complete("pl", "pl"))
    assert.are.same({ "discard", "draw" }, s:complete("d", "d"))
    assert.are.same({ "6S" }, s:complete("6", "play 6"))
    assert.are.same({ "2S", "6S", "AD", "box", "discard", "hand[1]", "hand[2]", "hand[3]", "stock" },
      s:complete("", "play "))
    -- after the answer the new request's answers are offered
    s:input("1")
    assert.are.same({ "play 2D", "play 5S" }, s:complete("pl", "pl"))
    -- the Lua names of the game are offered at the start of a line
    assert.are.same({ "state", "stock" }, s:complete("st", "st"))
    assert.are.same({ "stock" }, s:complete("st", "x = st"))
    assert.are.same({ "match" }, s:complete("ma", "ma"))
  end)

  it("offers no answers once the game is over", function()
    local s = new_session()
    for seat = 1, 3 do s:command(":bot " .. seat .. " greedy") end
    s:command(":run")
    assert.are.same({}, s:complete("pl", "pl"))
    assert.are.same({ "discard" }, s:complete("d", "d"))
  end)

  it("without a game offers commands and game names only", function()
    local s = session.new()
    assert.are.same({ ":bot" }, s:complete(":bo", ":bo"))
    assert.are.same({ "crazyeights" }, s:complete("craz", ":new craz"))
    assert.are.same({}, s:complete("st", "st"))
  end)
end)
