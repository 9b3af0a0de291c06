-- The `cardlab` command line: help for each command.

local support = require "tests.spec.support"

local cardlab = support.run_cardlab

describe("cardlab help", function()
  it("prints the usage of one command for --help, -h and 'help COMMAND', and exits 0", function()
    for _, args in ipairs({ "sim --help", "sim lettertycoon -h", "help sim", "--help sim" }) do
      local out, status = cardlab(args)
      assert.equal(0, status, args)
      assert.matches("^usage: cardlab COMMAND %[ARGS%]\n  sim GAME %[%-n N%][^\n]*\n[^\n]*\n[^\n]*\n      %-%-players N[^\n]*%-%-option k=v\n      %-%-house FILE  %-%-json  %-%-out FILE%.jsonl  %-%-report FILE%.html\n      %-%-jobs J[^\n]*\n      %-%-rotate [^\n]*\n$", out, 1, false)
      assert.is_nil(out:find("play GAME", 1, true), args)
    end
  end)

  it("prints the last command's usage without the note under the list", function()
    -- (help version ended with a blank line and "GAME is a name from ...")
    local out, status = cardlab("help version")
    assert.equal(0, status)
    assert.equal("usage: cardlab COMMAND [ARGS]\n  version                       the version of cardlab\n", out)
  end)

  it("prints run's usage for 'run --help', and passes --help after the file on to it", function()
    for _, args in ipairs({ "run --help", "run -h" }) do
      local out, status = cardlab(args)
      assert.equal(0, status, args)
      assert.equal("usage: cardlab COMMAND [ARGS]\n  run FILE [ARGS]               run a Lua file with the vm loaded\n", out)
    end
    local file = os.tmpname()
    local f = assert(io.open(file, "w"))
    f:write("print(table.concat(arg, ' ', 0))\n")
    f:close()
    local out, status = cardlab("run " .. file .. " --help")
    os.remove(file)
    assert.equal(0, status)
    assert.equal(file .. " --help\n", out)
  end)

  it("prints every command for 'help', and exits 2 when no command is given", function()
    local out, status = cardlab("help")
    assert.equal(0, status)
    assert.truthy(out:find("  play GAME", 1, true) and out:find("  bench", 1, true))
    local _, none = cardlab("")
    assert.equal(2, none)
  end)

  it("still refuses an unknown option with the valid ones", function()
    local out, status = cardlab("sim lettertycoon --colour red")
    assert.equal(2, status)
    assert.matches("unknown option '%-%-colour'; valid options: ", out)
  end)

  it("lists the flags a person gives, by the names they are written with", function()
    -- -n, not --n; not sim's --first and --worker, which only its workers get
    local out, status = cardlab("sim crazyeights --bot greedy")
    assert.equal(2, status)
    assert.equal("cardlab: sim: unknown option '--bot'; valid options: --bots, --house, --jobs, --json, -n, "
      .. "--option, --out, --players, --report, --rotate, --seed, --shard\n", out)
    out, status = cardlab("check crazyeights --soka")
    assert.equal(2, status)
    assert.equal("cardlab: check: unknown option '--soka'; valid options: --house, -n, --option, --players, "
      .. "--seed, --soak\n", out)
  end)

  it("refuses an argument bench does not take, before measuring anything", function()
    local out, status = cardlab("bench dictionary")
    assert.equal(2, status)
    assert.equal("cardlab: bench: unexpected argument 'dictionary'; expected only flags (see 'cardlab help bench')\n", out)
  end)
end)

describe("cardlab commands", function()
  -- each command line of `cases` is a usage error (status 2) with its message
  local function usage_errors(cases)
    for args, expected in pairs(cases) do
      local out, status = cardlab(args)
      assert.equal(2, status, args)
      assert.equal(expected, out, args)
    end
  end

  it("refuse an argument they do not take, so a misspelt flag is not ignored", function()
    usage_errors({
      ["play crazyeights online"] = "cardlab: play: unexpected argument 'online'; expected GAME and flags (see 'cardlab help play')\n",
      ["play crazyeights -players 3"] = "cardlab: play: unexpected argument '-players'; expected GAME and flags (see 'cardlab help play')\n",
      ["replay a.json b.json"] = "cardlab: replay: unexpected argument 'b.json'; expected FILE and flags (see 'cardlab help replay')\n",
      ["sim crazyeights -n 2 extra"] = "cardlab: sim: unexpected argument 'extra'; expected GAME and flags (see 'cardlab help sim')\n",
      ["list --foo"] = "cardlab: list: unknown option '--foo'; valid options: none (this command takes no options)\n",
      ["help nosuch"] = "cardlab: help: no command 'nosuch'; see 'cardlab help'\n",
      ["version x"] = "cardlab: version: unexpected argument 'x'; expected no arguments (see 'cardlab help version')\n",
      ["--version x"] = "cardlab: version: unexpected argument 'x'; expected no arguments (see 'cardlab help version')\n",
      ["list x"] = "cardlab: list: unexpected argument 'x'; expected no arguments (see 'cardlab help list')\n",
      ["help sim x"] = "cardlab: help: unexpected argument 'x'; expected COMMAND (see 'cardlab help help')\n",
      ["--help sim x"] = "cardlab: help: unexpected argument 'x'; expected COMMAND (see 'cardlab help help')\n",
    })
  end)

  it("refuse repl's game flags without a GAME, rather than start no game and drop them", function()
    usage_errors({
      ["repl --house house.lua"] = "cardlab: repl: --house is for the game started with it; "
        .. "give a GAME too (see 'cardlab help repl')\n",
      ["repl --players 3 --seed 2"] = "cardlab: repl: --players is for the game started with it; "
        .. "give a GAME too (see 'cardlab help repl')\n",
      ["repl --option hand_size=3"] = "cardlab: repl: --option is for the game started with it; "
        .. "give a GAME too (see 'cardlab help repl')\n",
    })
  end)

  it("name a flag written --flag=value without its value, and say when a number has too many digits", function()
    usage_errors({
      ["play crazyeights --seed=abc"] = "cardlab: play: option '--seed': 'abc' is not a whole number\n",
      ["sim crazyeights --n=1.5"] = "cardlab: sim: option '--n': '1.5' is not a whole number\n",
      ["play crazyeights --seed 18446744073709551616"] =
        "cardlab: play: option '--seed': '18446744073709551616' has too many digits\n",
      ["check crazyeights --players=-99999999999999999999"] =
        "cardlab: check: option '--players': '-99999999999999999999' has too many digits\n",
    })
  end)

  it("refuse a flag that takes one value given twice, rather than let the last one win", function()
    usage_errors({
      ["replay a.json --seat 1 --seat=2"] = "cardlab: replay: option '--seat' given twice ('1', then '2'); it takes one value\n",
      ["sim crazyeights -n 3 -n 4"] = "cardlab: sim: option '-n' given twice ('3', then '4'); it takes one value\n",
    })
  end)

  it("refuse a seat given twice to play, rather than let the last --seat win", function()
    usage_errors({
      ["play crazyeights --seat 2=random --seat 3=random --seat 2=greedy"] = "cardlab: play: seat 2 "
        .. "given twice (--seat 2=random, then --seat 2=greedy); expected one --seat per seat\n",
    })
  end)

  it("refuse an option given twice, rather than let the last --option win", function()
    for _, command in ipairs({ "play", "check", "sim", "repl" }) do
      usage_errors({
        [command .. " crazyeights --option hand_size=1 --option draw_limit=2 --option hand_size=2"] =
          "cardlab: " .. command .. ": option 'hand_size' given twice (--option hand_size=1, then "
          .. "--option hand_size=2); expected one --option per option\n",
      })
    end
  end)
end)

describe("cardlab list", function()
  it("pads a title by its characters, not its bytes", function()
    -- a cardlab folder whose games/ holds two games, one titled with an é
    local home = support.tmpdir()
    for entry in require("lfs").dir(CARDLAB_HOME) do
      if entry ~= "." and entry ~= ".." and entry ~= "games" then
        assert(os.execute(string.format("ln -s '%s/%s' '%s/%s'", CARDLAB_HOME, entry, home, entry)))
      end
    end
    local source = assert(io.open(CARDLAB_HOME .. "/docs/examples/highcard.lua")):read("a")
    for name, title in pairs({ general = "Général", highcard = "High Card" }) do
      assert(os.execute(string.format("mkdir -p '%s/games/%s'", home, name)))
      support.write(home .. "/games/" .. name, "game.lua", (source:gsub('title = "[^"]*"', 'title = "' .. title .. '"')))
    end
    local out, status = cardlab("list", nil, "CARDLAB_HOME=" .. home)
    support.rmtree(home)
    assert.equal(0, status, out)
    local general = out:match("(general [^\n]*)")
    local highcard = out:match("(highcard [^\n]*)")
    assert.truthy(general and highcard, out)
    -- the player counts start in the same column (counted in characters)
    assert.equal(utf8.len(highcard:match("^(.-)2%-4 players")), utf8.len(general:match("^(.-)2%-4 players")))
    assert.equal("general          Général                  2-4 players", general:match("^.-players"))
  end)
end)

describe("cardlab's environment", function()
  local function with_env(env, args) return cardlab(args, nil, env) end

  it("refuses a memory cap that is not a number of megabytes, in one line", function()
    local out, status = with_env("CARDLAB_MEMORY_MB=abc", "list")
    assert.equal(2, status)
    assert.equal("cardlab: CARDLAB_MEMORY_MB is 'abc'; expected a whole number of megabytes from 1 "
      .. "to 1073741824\n", out)
  end)

  it("fails when its output cannot be written", function()
    local p = assert(io.popen(string.format("%s list 2>&1 >/dev/full; echo \"exit=$?\"", support.cardlab())))
    local out = p:read("a")
    p:close()
    assert.equal("cardlab: cannot write the output: No space left on device\nexit=1\n", out)
  end)

  it("fails when a line that print wrote could not be written", function()
    -- (print flushes each line: its failure was forgotten by the flush at
    -- the end, and `cardlab run` of a printing script exited 0, silent)
    local file = os.tmpname()
    local f = assert(io.open(file, "w"))
    f:write('print("a line")\n')
    f:close()
    local p = assert(io.popen(string.format("%s run %s 2>&1 >/dev/full; echo \"exit=$?\"", support.cardlab(), file)))
    local out = p:read("a")
    p:close()
    os.remove(file)
    assert.equal("cardlab: cannot write the output: an earlier write failed\nexit=1\n", out)
  end)

  it("says where it looked when CARDLAB_HOME is not the cardlab folder, without a traceback", function()
    local out, status = with_env("CARDLAB_HOME=/nonexistent", "list")
    assert.equal(1, status)
    assert.equal("cardlab: cannot open /nonexistent/repl/cli.lua: No such file or directory "
      .. "(CARDLAB_HOME is '/nonexistent'; expected the folder cardlab was built from)\n", out)
  end)
end)

describe("Ctrl-C", function()
  -- runs a shell script; `dfl cmd &` runs cmd with SIGINT at its default (a
  -- non-interactive shell ignores it in background jobs, and ctest's shell
  -- may ignore it too); gives what the script prints
  local function sh(script)
    local path = os.tmpname()
    local f = assert(io.open(path, "w"))
    f:write("dfl() { exec perl -e '$SIG{INT} = q(DEFAULT); exec @ARGV' \"$@\"; }\n", script)
    f:close()
    local p = assert(io.popen("sh " .. path .. " 2>&1"))
    local out = p:read("a")
    p:close()
    os.remove(path)
    return out
  end

  it("ends sim, which is no REPL (with the summary of the games finished, status 1)", function()
    local out = sh(string.format([[
dfl timeout 20 %s sim crazyeights -n 100000000 --jobs 1 2>&1 &
p=$!
sleep 0.5
kill -INT $p
wait $p
echo "exit=$?"
]], support.cardlab()))
    assert.matches("^stopped by Ctrl%-C: the summary of the %d+ games finished\n.*\nexit=1\n$", out)
  end)

  it("pressed 3 times a second apart ends a REPL stuck in one long C call; 3 quick presses do not", function()
    local out = sh(string.format([[
(printf 'string.rep("a", 30000):find(".-.-.-.-b")\n'; sleep 5) 2>/dev/null |
  dfl %s repl >/dev/null 2>"$0.err" &
p=$!
sleep 0.5
kill -INT $p; sleep 0.2; kill -INT $p; sleep 0.2; kill -INT $p; sleep 0.2
kill -0 $p && echo "alive after 3 quick"
sleep 1.3; kill -INT $p; sleep 0.2
kill -0 $p && echo "alive after a 2nd a second later"
sleep 1.3; kill -INT $p; sleep 0.2
kill -0 $p 2>/dev/null || echo "gone after a 3rd a second later"
kill -KILL $p 2>/dev/null
cat "$0.err"; rm -f "$0.err"
]], support.cardlab()))
    assert.equal("alive after 3 quick\nalive after a 2nd a second later\ngone after a 3rd a second later\n"
      .. "\ncardlab: stopped: Ctrl-C was pressed 3 times\n", out)
  end)
end)
