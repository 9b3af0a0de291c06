-- `cardlab play` and `cardlab replay` as a person uses them: what is narrated
-- and when, the prompt's commands, save files that cannot be written, and a
-- replay of a game edited by hand.

local loader = require "cardlab.loader"
local match = require "cardlab.match"
local savefile = require "cardlab.savefile"
local support = require "tests.spec.support"

local run = support.run_cardlab

-- A two-seat game that narrates in setup and after each pick.
local NARRATED = [[
return {
  name = "narrated", title = "Narrated", players = { min = 2, max = 2, default = 2 },
  cards = { { name = "x" } },
  setup = function(game) game:say("setup says hello") end,
  play = function(game)
    for i = 1, 2 do
      local a = game:ask(i, "pick", "pick one", { "a", "b" })
      game:say("seat %d picked %s", i, a)
    end
    return { scores = { 1, 0 }, winners = { 1 } }
  end,
}
]]

-- A game of one seat that asks one question, whose answers are the Lua
-- string literals in `names`.
local function one_question(names)
  return [[
return { name = "one question", players = { min = 1, max = 1 }, cards = {},
  setup = function(game) end,
  play = function(game)
    game:ask(1, "pick", "pick one", { ]] .. table.concat(names, ", ") .. [[ })
    return { winners = { 1 } }
  end }
]]
end

describe("cardlab play", function()
  it("says the one person's answer given by its number, as the bots' moves are said", function()
    local out, status = run("play crazyeights --seed 5 --players 3", "2\nquit\n")
    assert.equal(0, status, out)
    assert.matches("seat 1> +seat 1 %(you%), play: play QH\n  seat 2 %(greedy%), play: ", out)
    -- an answer typed as its text is on the screen already: not said again
    out = run("play crazyeights --seed 5 --players 3", "play QH\nquit\n")
    assert.is_nil(out:find("(you), play:", 1, true), out)
  end)

  local dir
  support.fresh_dir_each_test(function(path) dir = path end)

  -- The answer list `play` shows for the one question over these answers.
  local function listed(names)
    local out, status = run("play " .. support.write(dir, "game.lua", one_question(names)) .. " --seed 1", "")
    assert.equal(0, status)
    return out:match("pick one:\n(.-)seat 1> ")
  end

  it("lists many answers on as many lines of at most 78 columns as they need", function()
    local names = {}
    for i = 1, 12 do names[i] = string.format("%q", "answer number " .. i) end
    local list = listed(names)
    assert.equal(table.concat({
      "   1) answer number 1    2) answer number 2    3) answer number 3",
      "   4) answer number 4    5) answer number 5    6) answer number 6",
      "   7) answer number 7    8) answer number 8    9) answer number 9",
      "  10) answer number 10   11) answer number 11   12) answer number 12", "" }, "\n"), list)
  end)

  it("counts columns, not bytes, when answers hold letters beyond ASCII", function()
    local names = {}
    for i = 1, 6 do names[i] = string.format("%q", "\u{E9}\u{E0}\u{FC}\u{F6} answer numbr " .. i) end
    -- three to a line: 77 columns, though 89 bytes
    local list = listed(names)
    local accents = "\u{E9}\u{E0}\u{FC}\u{F6}"
    assert.equal(table.concat({
      "   1) " .. accents .. " answer numbr 1    2) " .. accents .. " answer numbr 2    3) " .. accents
        .. " answer numbr 3",
      "   4) " .. accents .. " answer numbr 4    5) " .. accents .. " answer numbr 5    6) " .. accents
        .. " answer numbr 6", "" }, "\n"), list)
  end)

  it("quotes a refused answer back on one line, control bytes escaped, at most 60 columns", function()
    local game = support.write(dir, "ab.lua", one_question({ '"a"', '"b"' }))
    local input = "zz\0top\n" .. "x\ty\r\0271z\n" .. string.rep("x", 1000000) .. "\n"
      .. string.rep("0", 100) .. "9\n"
    local out, status = run("play " .. game .. " --seed 1", input)
    assert.equal(0, status)
    local legal = " is not a legal answer; legal answers: a, b\n"
    -- (a refusal longer than 80 columns is wrapped, as every line of the table)
    assert.equal(table.concat({
      "seat 1> 'zz\\0top'" .. legal,
      "seat 1> 'x\\9y\\13\\0271z'" .. legal,
      -- (cut, with the length of what was typed; wrapped at 80 columns)
      "seat 1> '" .. string.rep("x", 57) .. "... (1000000 bytes)'\n    is not a legal answer; legal answers: a, b\n",
      "seat 1> there is no answer " .. string.rep("0", 57) .. "...\n    (101 bytes): choose 1 to 2\n",
      "seat 1> \nend of input: leaving the game\n" }), out:match("seat 1> .*"))
  end)

  it("reports a play function that gives no result as a bad result, as check does", function()
    for body, got in pairs({ ["return nil"] = "nil", ["return 2"] = "number" }) do
      local out, status = run("play " .. support.write_game(dir, body) .. " --seat 1=random --seat 2=random")
      assert.equal(1, status)
      assert.matches("cardlab: play: t: the game ended with a bad result from play %([^\n]*/game%.lua:3%): play "
        .. "must return a table %(got " .. got .. "%)\n", out)
    end
  end)

  it("exits 1 when the script's validate fails, 2 when the configuration is refused", function()
    local game = support.write_game(dir, "return { winners = { 1 } }",
      'validate = function(options, players) if players == 2 then error("broke", 0) end end,')
    local out, status = run("play " .. game)
    assert.equal(1, status)
    assert.equal("cardlab: play: t: validate failed: broke\n", out)
    out, status = run("play " .. game .. " --players 3")
    assert.equal(2, status)
    assert.equal("cardlab: play: t is for 2 players (got 3)\n", out)
  end)

  it("narrates setup after the seats, and a person's answer before the bots go on", function()
    local game = support.write(dir, "narrated.lua", NARRATED)
    local out, status = run("play " .. game .. " --seat 2=random --seed 1", "1\n")
    assert.equal(0, status)
    local seats = out:find("seat 2: random", 1, true)
    local hello = out:find("setup says hello", 1, true)
    local mine = out:find("seat 1 picked a", 1, true)
    -- a bot's answer names what it was asked when the answer does not
    local bot = out:find("seat 2 (random), pick: ", 1, true)
    assert.truthy(seats and hello and mine and bot, out)
    assert.is_true(seats < hello and hello < mine and mine < bot, out)
  end)

  it("names the request a bot answered, in one format for every move", function()
    local game = support.write(dir, "kinds.lua", [[
return {
  name = "kinds", players = { min = 2, max = 2 }, cards = {},
  setup = function(game) end,
  play = function(game)
    game:ask(1, "propose_swap", "swap?", { "no" })
    game:ask(1, "play", "play", { "play 7H" })
    game:ask(2, "pick", "pick", { "a" })
    return { winners = { 1 } }
  end,
}
]])
    local out = run("play " .. game .. " --seat 1=random --seat 2=human", "1\n")
    assert.truthy(out:find("\n  seat 1 (random), propose swap: no\n", 1, true), out)
    -- one format for every move, though the answer begins with the kind
    assert.truthy(out:find("\n  seat 1 (random), play: play 7H\n", 1, true), out)
  end)

  it("shows the error of a bot that fails, with a person at another seat, and no answer of its own", function()
    -- (play showed the log's last answer as the failed bot's, a person's
    -- 'b' here; and with no answer yet it stopped on an error of its own,
    -- "cli.lua:195: attempt to index a nil value")
    local BROKEN = [[
return { name = "broken bot", players = { min = 2, max = 2 }, cards = {},
  setup = function(game) end,
  play = function(game)
    game:ask(%d, "pick", "pick one", { "a", "b" })
    game:ask(%d, "pick", "pick one", { "a", "b" })
    return { winners = { 1 } }
  end,
  bots = { broken = function(view, request) return nil end } }
]]
    local game = support.write(dir, "broken.lua", string.format(BROKEN, 1, 2))
    -- the bot asked first, then after a person's answer
    for _, case in ipairs({ { 1, "1=broken --seat 2=human", "" }, { 2, "2=broken --seat 1=human", "2\n" } }) do
      local out, status = run("play " .. game .. " --seat " .. case[2], case[3])
      assert.equal(1, status, out)
      assert.is_nil(out:find("cli.lua", 1, true), out)
      assert.is_nil(out:find("(broken), pick:", 1, true), out)
      assert.truthy(out:find("\nthe game ended in error:\nbot for seat " .. case[1] .. ": the bot 'broken' ", 1, true), out)
    end
  end)

  it("stops a game of bots that does not end, saying so", function()
    local game = support.write(dir, "endless.lua", [[
return {
  name = "endless", players = { min = 2, max = 2 }, cards = { { name = "x" } },
  setup = function() end,
  play = function(game) while true do game:ask(1, "pick", "pick one", { "a", "b" }) end end,
}
]])
    local out, status = run("play " .. game .. " --seat 1=random --seat 2=random --seed 1")
    assert.equal(1, status)
    assert.truthy(out:find("cardlab: play: the game did not end within 1000000 answers of its bots; "
      .. "stopped", 1, true), out)
  end)

  it("refuses a save file it cannot write before the game starts, naming it", function()
    local out, status = run("play crazyeights --seed 3 --save " .. dir, "")
    assert.equal(2, status)
    assert.equal(string.format("cardlab: play: --save: cannot write save file %s: it is a directory\n", dir), out)
    out, status = run("play crazyeights --seed 3 --save " .. dir .. "/none/x.json", "")
    assert.equal(2, status)
    assert.equal(string.format("cardlab: play: --save: cannot write save file %s/none/x.json: No such "
      .. "file or directory\n", dir), out)
    -- nothing left behind
    assert.is_nil(io.open(dir .. "/none/x.json.tmp"))
  end)

  it("reads undo's count strictly and says how many decisions there are", function()
    local out = run("play crazyeights --seed 3", "undo 0\nundo 1.5\nundo abc\nundo\nsave\nquit\n")
    out = out:gsub("\n    ", " ")  -- lines wrapped at 80 columns, joined
    assert.truthy(out:find("cannot undo: expected a number of your decisions, 1 or more (got '0')", 1, true))
    assert.truthy(out:find("cannot undo: expected a number of your decisions, 1 or more (got '1.5')", 1, true))
    -- "undo" and a word may be an answer (UNDO CAT, a Letter Tycoon play): the game reads it
    assert.truthy(out:find("'undo abc'", 1, true))
    assert.truthy(out:find("cannot undo: no decision of yours yet", 1, true))
    assert.truthy(out:find("; to save the game: save FILE", 1, true))
    out = run("play crazyeights --seed 3", "1\nundo 3\nquit\n")
    assert.truthy(out:find("cannot undo: you have made 1 decision: undo 1\n", 1, true), out)
  end)

  it("at one terminal with two people, quit at the screen that asks to pass the terminal leaves", function()
    -- (anything typed there counted as Enter: quit showed the next person's hand)
    local out, status = run("play crazyeights --players 2 --seat 2=human --seed 3 --hot-seat on", "quit\n")
    assert.equal(0, status, out)
    assert.matches("pass the terminal to seat 1, then press Enter %(or quit%)\nleft the game %(not saved%)\n$", out)
    assert.is_nil(out:find("seat 1 (you)", 1, true), out)
  end)

  it("at one terminal with two people, quit at the screen whose --save fails is said there, before a hand", function()
    -- (it went on to the next person's table, showing their hand)
    local dir = os.tmpname()
    os.remove(dir)
    assert(require("lfs").mkdir(dir))
    -- the folder of --save goes away after the first answer (3 s: the save
    -- at the start is made long before)
    local p = io.popen(string.format("(printf '\\n1\\n'; sleep 3; rm -rf %s; printf 'quit\\nquit\\n') | "
      .. "CARDLAB_PLAIN=1 %s play crazyeights --players 2 --seat 1=human --seat 2=human --seed 3 --hot-seat on --save %s/x.sav "
      .. "2>&1; echo \"status $?\"", dir, support.cardlab(), dir))
    local out = p:read("a"):gsub("\n    ", " ")
    p:close()
    local screen = out:find("pass the terminal to seat 2, then press Enter (or quit)\n", 1, true)
    assert.truthy(screen, out)
    assert.matches("the game is not saved in [^\n]*x%.sav; quit again leaves without saving, and Enter goes on "
      .. "%(save FILE at the prompt saves it elsewhere%)\nleft the game %(not saved%)\nstatus 0\n$", out:sub(screen))
    assert.is_nil(out:sub(screen):find("seat 2 (you)", 1, true), out)
  end)

  it("at one terminal with two people, undo takes back the asker's own decision, saying whose else went", function()
    -- (seat 2's undo took back seat 1's last decision, and seat 1, asked
    -- again after the screen, was not told)
    local out = run("play crazyeights --players 2 --seat 2=human --seed 3 --hot-seat on",
      "\n1\n\nundo\n1\n\n1\n\nundo\n1\n\nquit\n")
    out = out:gsub("\n    ", " ")
    -- seat 2 has made no decision yet: seat 1's is not its to undo
    assert.truthy(out:find("seat 2> cannot undo: no decision of yours yet\n", 1, true), out)
    local told = "seat 2 undid their last decision, and with it the decisions of the others after: seat 1: play 6D\n"
    local at = out:find(told, 1, true)
    assert.truthy(at, out)
    -- seat 2 is asked again at once; seat 1, after the screen, reads it too
    assert.truthy(out:find("pass the terminal to seat 1, then press Enter %(or quit%)\n.-" .. told:gsub("%p", "%%%0"),
      at + 1), out)
  end)

  it("does not count the answers --auto-answer gave as decisions to undo", function()
    -- seed 2, 2 players, one draw a turn: in seat 1's first two turns a draw
    -- and a pass are each the only answer; in its third it chooses
    local out = run("play crazyeights --players 2 --seed 2 --auto-answer --option draw_limit=1",
      "draw\nundo\nundo\nquit\n")
    out = out:gsub("\n    ", " ")
    assert.equal(4, select(2, out:gsub("%(the only answer, given by %-%-auto%-answer%)", "")), out)
    assert.equal(1, select(2, out:gsub("\nseat 1> undone\n", "")), out)
    assert.truthy(out:find("seat 1> cannot undo: no decision of yours yet (the answers --auto-answer gave are "
      .. "not yours to undo)\n", 1, true), out)
  end)

  it("goes on with a saved game from where it was saved (--resume), and saves it there again", function()
    local path = dir .. "/game.json"
    -- seed 5, 3 players: seat 1 plays 8D and is asked for a suit
    run("play crazyeights --seed 5 --players 3 --save " .. path, "1\n")
    local saved = support.read(path)
    local out, status = run("play --resume " .. path, "3\n")
    assert.equal(0, status, out)
    assert.truthy(out:find("Crazy Eights, 3 players, seed 5\n  resumed from " .. path .. " after 1 answer\n", 1, true), out)
    assert.truthy(out:find("name the suit to follow:", 1, true), out)
    -- the suit named and the bots' answers after it are in the file now
    local now = support.read(path)
    assert.truthy(#now > #saved and now:find('[1,"hearts"]', 1, true), now)
    -- the same game as one played straight through with the same answers
    local straight = dir .. "/straight.json"
    run("play crazyeights --seed 5 --players 3 --save " .. straight, "1\n3\n")
    assert.equal(support.read(straight), now)
    -- --seat hands a seat to a bot, who plays the game to its end
    out, status = run("play --resume " .. path .. " --seat 1=greedy", "")
    assert.equal(0, status, out)
    assert.truthy(out:find("\nwinner: seat %d %(greedy%)\n"), out)
    -- what the file decides may not be given again; a bad file is refused in one line
    out, status = run("play crazyeights --resume " .. path, "")
    assert.equal(2, status)
    assert.equal("cardlab: play: --resume FILE takes the game, players, seed, options and house rules from "
      .. "the file; expected only --seat, --save and the terminal's options with it\n", out)
    out, status = run("play --resume " .. dir .. "/none.json", "")
    assert.equal(1, status)
    assert.matches("^cardlab: play: %-%-resume: cannot read save file .*none.json: No such file or directory\n$", out)
  end)

  it("keeps a resumed save's edits through an undo, in the game and in the file", function()
    -- a REPL save whose edit put 3C into seat 1's hand after answer 2
    local hash = assert(require("cardlab.loader").load("crazyeights")).hash
    local path = support.write(dir, "edited.json", string.format('{"format":"cardlab-save","version":1,'
      .. '"game":"crazyeights","script":"crazyeights","script_hash":"%s","players":3,"seed":"4",'
      .. '"options":{"draw_limit":3,"hand_size":0,"turn_limit":1000},"seats":["human","greedy","greedy"],'
      .. '"answers":[[1,"play 2S"],[2,"play 2D"],[3,"play 2H"]],"edits":[[2,"move 3C hand[1] bottom"]]}', hash))
    local out, status = run("play --resume " .. path, "draw\nundo\nquit\n")
    assert.equal(0, status, out)
    assert.truthy(out:find("undone", 1, true), out)
    -- after the undo the hand is as before the draw, the edited 3C in it
    local hands = {}
    for h in out:gmatch("seat 1 %(you%): ([^\n]*)") do hands[#hands + 1] = h end
    assert.equal("7D 6S 3H AD 3C", hands[#hands], out)
    assert.truthy(support.read(path):find('"edits":[[2,"move 3C hand[1] bottom"]]', 1, true))
  end)

  it("says where the game was saved at the end of input", function()
    local path = dir .. "/game.json"
    local out = run("play crazyeights --seed 3 --save " .. path, "")
    assert.truthy(out:find("end of input: leaving the game (saved in " .. path .. ")", 1, true), out)
    assert.truthy(io.open(path))
  end)

  -- The shell words that remove a save's folder while the game runs: again
  -- until it is gone, since the game may be writing its next save there (a
  -- temporary file made in the folder while rm empties it: rm fails, and the
  -- folder stayed, to be saved in)
  local function remove_folder(path)
    return string.format("until rm -rf %s 2>/dev/null && [ ! -e %s ]; do sleep 0.01; done", path, path)
  end

  it("does not leave on quit or the end of input as if saved when --save fails", function()
    -- the folder of the save file is removed once the game has saved there,
    -- then the lines are typed
    local function play_gone(lines)
      local sub = dir .. "/gone"
      assert(require("lfs").mkdir(sub))
      local p = assert(io.popen(string.format("(while [ ! -s %s/x.json ]; do sleep 0.05; done; %s; "
        .. "printf '%s') | CARDLAB_PLAIN=1 %s play crazyeights --seed 5 --players 3 --save %s/x.json 2>&1; "
        .. "echo \"exit=$?\"", sub, remove_folder(sub), lines, support.cardlab(), sub)))
      local out = p:read("a")
      p:close()
      return (out:gsub("\n    ", " ")), tonumber(out:match("exit=(%d+)%s*$"))
    end
    local other = dir .. "/other.json"
    local out, status = play_gone("quit\\nsave " .. other .. "\\nquit\\n")
    assert.equal(0, status, out)
    assert.truthy(out:find("the game is not saved in " .. dir .. "/gone/x.json; save FILE saves it elsewhere, "
      .. "and quit again leaves without saving\nseat 1> saved in " .. other, 1, true), out)
    assert.truthy(savefile.load(other))
    -- the second quit says where the game is: the file saved by hand
    assert.truthy(out:find("seat 1> left the game, saved in " .. other .. " (to go on with it: ", 1, true), out)
    -- and, with no file saved by hand, that it is not saved (it left saying
    -- nothing, though quit says whether the game is saved)
    out, status = play_gone("quit\\nquit\\n")
    assert.equal(0, status, out)
    assert.matches("quit again leaves without saving\nseat 1> left the game %(not saved%)\nexit=0", out)
    out, status = play_gone("")
    assert.equal(1, status, out)
    assert.truthy(out:find("end of input: leaving the game, not saved\n", 1, true), out)
  end)

  it("ends with status 1 when the game is over but its --save could not be written", function()
    local game = support.write_game(dir, 'game:ask(1, "go", "go on?", { "yes" }) return { winners = { 1 } }')
    local sub = dir .. "/gone2"
    assert(require("lfs").mkdir(sub))
    local p = assert(io.popen(string.format("(while [ ! -s %s/x.json ]; do sleep 0.05; done; %s; "
      .. "printf 'yes\\n') | CARDLAB_PLAIN=1 %s play %s --seat 2=random --save %s/x.json 2>&1; "
      .. "echo \"exit=$?\"", sub, remove_folder(sub), support.cardlab(), game, sub)))
    local out = p:read("a")
    p:close()
    assert.equal(1, tonumber(out:match("exit=(%d+)%s*$")), out)
    assert.truthy(out:find("cardlab: play: ", 1, true), out)
  end)

  it("keeps letters beyond ASCII that are typed through line editing", function()
    -- libedit in the program's "C" locale dropped them: 'word café' was
    -- read as 'word caf', a different answer
    local input = support.write(dir, "stdin", "word caf\xC3\xA9\nquit\n")
    local p = assert(io.popen(string.format("TERM=dumb LC_ALL=C.UTF-8 CARDLAB_HISTORY=/dev/null "
      .. "%s play lettertycoon --players 2 --seed 7 --seat 2=random <%s 2>&1", support.cardlab(), input)))
    local out = p:read("a")
    p:close()
    assert.truthy(out:find("answer 'word caf\xC3\xA9' is not accepted: expected a word", 1, true), out)
  end)
end)

-- A two-seat game in which seat 2 answers a secret question first, then seat
-- 1 a public one.
local SECRET = [[
return {
  name = "secret", players = { min = 2, max = 2 }, cards = {},
  secret_kinds = { hide = true },
  setup = function(game) end,
  play = function(game)
    game:ask(2, "hide", "hide one", { "KEEP_ALPHA", "KEEP_BRAVO" })
    game:ask(1, "pick", "pick one", { "a", "b" })
    return { winners = { 1 } }
  end,
}
]]

describe("a game's explain_result", function()
  local dir
  support.fresh_dir_each_test(function(path) dir = path end)

  it("is printed under the scores, and a failing one is said in a line while the result stands", function()
    local good = support.write_game(dir, 'return { winners = { 1 }, scores = { 3, 0 } }',
      'explain_result = function(view, result) return { "seat 1 scores " .. result.scores[1] .. ": three points" } end,')
    local out, status = run("play " .. good .. " --seat 1=random --seat 2=random --seed 1")
    assert.equal(0, status, out)
    assert.matches("  seat 2 %(random%): 0\n  seat 1 scores 3: three points\nwinner: seat 1", out)
    local bad = support.write_game(dir, 'return { winners = { 1 }, scores = { 3, 0 } }',
      'explain_result = function() while true do end end,')
    out, status = run("play " .. bad .. " --seat 1=random --seat 2=random --seed 1")
    assert.equal(0, status, out)
    assert.matches("  %(the game's explain_result failed: .-an endless%s+loop%?%)%)\nwinner: seat 1 %(random%)\n$", out)
  end)
end)

describe("cardlab replay", function()
  local dir
  support.fresh_dir_each_test(function(path) dir = path end)

  it("shows an answer of a secret kind only to the seat that gave it", function()
    local game = support.write(dir, "secret.lua", SECRET)
    local path = dir .. "/secret.json"
    local out, status = run("play " .. game .. " --seat 2=random --seed 1 --save " .. path, "1\n")
    assert.equal(0, status, out)
    assert.truthy(out:find("seat 2 (random), hide: (a secret answer)", 1, true), out)
    assert.is_nil(out:find("KEEP_", 1, true), out)
    local as_one = run("replay " .. path .. " --seat 1")
    assert.truthy(as_one:find("1. seat 2, hide: (a secret answer)", 1, true), as_one)
    assert.is_nil(as_one:find("KEEP_", 1, true), as_one)
    local as_two = run("replay " .. path .. " --seat 2")
    assert.matches("1%. seat 2, hide: KEEP_%u+\n", as_two)
    -- without --seat the replay is the whole record, the secret included
    assert.matches("1%. seat 2, hide: KEEP_%u+\n", (run("replay " .. path)))
  end)

  it("sets each table apart from the answer before it with a blank line, with --seat", function()
    local path = dir .. "/four.json"
    local out, status = run("play crazyeights --players 2 --seat 1=greedy --seat 2=greedy --seed 4 --save " .. path)
    assert.equal(0, status, out)
    out, status = run("replay " .. path .. " --seat 1")
    assert.equal(0, status, out)
    -- every table (each begins "round N.") follows a blank line; the final one too
    local tables, after_blank = 0, 0
    local prev
    for line in out:gmatch("([^\n]*)\n") do
      if line:match("^round %d+%.") then
        tables = tables + 1
        if prev == "" then after_blank = after_blank + 1 end
      end
      prev = line
    end
    assert.is_true(tables > 10, out)
    assert.equal(tables, after_blank, out)
    assert.matches("\n   1%. seat 1, play: [^\n]+\n\nround 1%.", out)
  end)

  it("shows what the game narrated, under the answer that caused it", function()
    local game = support.write(dir, "narrated.lua", NARRATED)
    local path = dir .. "/narrated.json"
    local out, status = run("play " .. game .. " --seat 2=random --seed 1 --save " .. path, "1\n")
    assert.equal(0, status, out)
    out, status = run("replay " .. path)
    assert.equal(0, status, out)
    assert.matches("^Narrated, 2 players, seed 1, 2 answers\n      setup says hello\n"
      .. "   1%. seat 1, pick: a\n      seat 1 picked a\n"
      .. "   2%. seat 2, pick: [ab]\n      seat 2 picked [ab]\n", out)
  end)

  it("makes the save's edits where they were made", function()
    local def = assert(loader.load("crazyeights"))
    local m = assert(match.new(def, { players = 2, seed = 4 }))
    local first = m:legal()[1]
    assert(m:answer(first))
    -- the stock's top card into seat 1's hand: the replay must hold it too
    local top = m.game.cards[m.game.zones.stock:cards()[1]].name
    assert(m:edit("move " .. top .. " hand[1]"))
    local second = m:legal()[1]
    assert(m:answer(second))
    local path = dir .. "/edited.json"
    assert(savefile.write(path, m))
    local out, status = run("replay " .. path .. " --seat 1")
    assert.equal(0, status, out)
    local edit_at = out:find("      edit: move " .. top .. " hand[1]\n", 1, true)
    local one, two = out:find("   1. seat ", 1, true), out:find("   2. seat ", 1, true)
    assert.truthy(edit_at and one and two, out)
    assert.is_true(one < edit_at and edit_at < two, out)
    -- seat 1's view after the edit (before answer 2) shows the card in its hand
    local view = out:sub(out:find("\n", edit_at, true) + 1, two - 1)
    assert.truthy(view:find(top, 1, true), out)
  end)

  it("refuses a save whose word list changed since, as it refuses changed scripts", function()
    local def = assert(loader.load("lettertycoon"))
    local list = support.write(dir, "words.txt", "eat\ntea\nate\nsea\n")
    local m = assert(match.new(def, { players = 2, seed = 11, options = { dictionary = list } }))
    local path = dir .. "/game.json"
    assert(savefile.write(path, m))
    local data = savefile.decode(support.read(path), path)
    local hash = data.word_lists.dictionary
    assert.is_string(hash)
    assert.truthy(savefile.load(path))
    -- EAT is no longer a word: a replay would judge the plays otherwise
    support.write(dir, "words.txt", "tea\nate\nsea\n")
    local ok, err = savefile.load(path)
    assert.is_nil(ok)
    local now = select(2, require("cardlab.dictionary").load(list)).hash
    assert.equal(string.format("%s was saved with another word list: option 'dictionary' (%s) has "
      .. "changed since (hash %s, now %s); replaying it would not give the same game",
      path, list, hash, now), err)
    -- a save from before word lists were recorded still loads
    data.word_lists = nil
    support.write(dir, "old.json", require("dkjson").encode(data))
    assert.truthy(savefile.load(dir .. "/old.json"))
  end)

  it("saves a word list named by a relative path by its absolute one, loaded from any folder", function()
    -- (kept as typed, a save was loaded only from the folder it was made in)
    local def = assert(loader.load("lettertycoon"))
    support.write(dir, "words.txt", "eat\ntea\nate\nsea\n")
    local lfs = require "lfs"
    local here = lfs.currentdir()
    assert(lfs.chdir(dir))
    local m = assert(match.new(def, { players = 2, seed = 11, options = { dictionary = "words.txt" } }))
    local path = dir .. "/game.json"
    local ok, err = savefile.write(path, m)
    assert(lfs.chdir(here))
    assert(ok, err)
    local data = savefile.decode(support.read(path), path)
    assert.equal(lfs.attributes(dir .. "/words.txt", "ino"), lfs.attributes(data.options.dictionary, "ino"))
    assert.equal("/", data.options.dictionary:sub(1, 1))
    assert.truthy(savefile.load(path))
  end)

  it("judges a new game's words by the list on disk now, whose hash its save records", function()
    local def = assert(loader.load("lettertycoon"))
    local list = support.write(dir, "words.txt", "eat\ntea\nate\nsea\n")
    local config = { players = 2, seed = 11, options = { dictionary = list } }
    local before = assert(match.new(def, config))
    assert.is_true(before.game.dict:contains("EAT"))
    -- the list edited while the program runs (the REPL's :undo replays so)
    support.write(dir, "words.txt", "tea\nate\nsea\n")
    local after = assert(match.new(def, config))
    assert.is_false(after.game.dict:contains("EAT"))
    local now = select(2, require("cardlab.dictionary").load(list)).hash
    assert.equal(now, after.word_lists.dictionary)
    assert.are_not.equal(before.word_lists.dictionary, after.word_lists.dictionary)
  end)

  it("refuses a directory or a damaged file in one line", function()
    local out, status = run("replay " .. dir)
    assert.equal(1, status)
    assert.equal(string.format("cardlab: replay: cannot read save file %s: Is a directory\n", dir), out)
    local deep = support.write(dir, "deep.json", string.rep("[", 100000))
    out, status = run("replay " .. deep)
    assert.equal(1, status)
    assert.equal(string.format("cardlab: replay: %s is not a valid cardlab save: not JSON (stack "
      .. "overflow)\n", deep), out)
  end)
end)
