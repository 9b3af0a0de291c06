-- Hardening (issue 30): what a hostile or clumsy user found, each a
-- regression test. Hangs and crashes run in a child process under a time
-- limit, so that a regression fails the test instead of hanging the suite.

local support = require "tests.spec.support"
local lfs = require "lfs"

local dir
support.fresh_dir_each_test(function(path) dir = path end)

-- Runs `cardlab ARGS` with stdin from the file `stdin`, `env` set, killed
-- after `seconds`; gives its output and exit status (137: killed, 139: a
-- segmentation fault).
local function run(args, stdin, env, seconds)
  local p = assert(io.popen(string.format(
    "cd %s && CARDLAB_HISTORY=/dev/null %s timeout -s KILL %d %s %s <%s 2>&1; echo \"exit=$?\"",
    dir, env or "", seconds or 30, support.cardlab(), args, stdin or "/dev/null")))
  local out = p:read("a")
  p:close()
  return (out:gsub("exit=%d+%s*$", "")), tonumber(out:match("exit=(%d+)%s*$"))
end

describe("a line of NUL bytes", function()
  -- libedit's readline wrote past the end of its copy of such a line
  for _, args in ipairs({ "repl", "play crazyeights --seed 1" }) do
    it("typed at 'cardlab " .. args .. "' with line editing on is read, not a crash", function()
      local stdin = support.write(dir, "stdin", string.rep("\0", 200000) .. "\n")
      local out, code = run(args, stdin, "TERM=xterm")
      assert.is_true(code == 0 or code == 1, "exit status " .. tostring(code))
      assert.is_nil(out:find("\0", 1, true))
    end)
  end
end)

describe("saving", function()
  local savefile = require "cardlab.savefile"
  local match = require "cardlab.match"
  local loader = require "cardlab.loader"

  local function a_match()
    return assert(match.new(assert(loader.load("crazyeights")), { players = 2, seed = 3 }))
  end

  local function mode_of(path) return lfs.attributes(path, "permissions") end

  it("over a symbolic link replaces the file it points to and keeps the link", function()
    local target = support.write(dir, "real.json", "old")
    assert(lfs.link(target, dir .. "/link.json", true))
    assert.is_true(savefile.write(dir .. "/link.json", a_match()))
    assert.equal("link", lfs.symlinkattributes(dir .. "/link.json", "mode"))
    assert.truthy(support.read(target):find('"format":"cardlab-save"', 1, true))
  end)

  it("over a symbolic link to nowhere is refused", function()
    assert(lfs.link(dir .. "/gone.json", dir .. "/link.json", true))
    local ok, err = savefile.write(dir .. "/link.json", a_match())
    assert.is_nil(ok)
    assert.truthy(err:find("^cannot write save file " .. dir .. "/link.json: it is a symbolic link"))
    assert.equal("link", lfs.symlinkattributes(dir .. "/link.json", "mode"))
  end)

  it("over a read-only file is refused and leaves it", function()
    local path = support.write(dir, "ro.json", "old")
    assert(os.execute("chmod 444 " .. path))
    local ok, err = savefile.write(path, a_match())
    assert.is_nil(ok)
    assert.equal(string.format("cannot write save file %s: it is read-only; make it writable "
      .. "first, or save elsewhere", path), err)
    assert.equal("old", support.read(path))
  end)

  it("over a file keeps its mode, and a new file gets the usual one", function()
    local path = support.write(dir, "private.json", "old")
    assert(os.execute("chmod 600 " .. path))
    assert.is_true(savefile.write(path, a_match()))
    assert.equal("rw-------", mode_of(path))
    assert.is_true(savefile.write(dir .. "/new.json", a_match()))
    local p = io.popen("umask")
    local umask = tonumber(p:read("l"), 8)
    p:close()
    local want = 438 & ~umask  -- 0666
    local perms = mode_of(dir .. "/new.json")
    local got = 0
    for i = 1, 9 do if perms:sub(i, i) ~= "-" then got = got | (1 << (9 - i)) end end
    assert.equal(want, got)
  end)

  it("over a FIFO is refused and leaves it", function()
    assert(os.execute("mkfifo " .. dir .. "/fifo"))
    local ok, err = savefile.write(dir .. "/fifo", a_match())
    assert.is_nil(ok)
    assert.equal(string.format("cannot write save file %s/fifo: it is a FIFO, not a regular file", dir), err)
    assert.equal("named pipe", lfs.attributes(dir .. "/fifo", "mode"))
  end)

  -- (a device node of its own, a copy of /dev/null's kind: a failing save
  -- must not replace the real one; making one needs root)
  it("over a device is refused and leaves it", function()
    local dev = dir .. "/null"
    if not os.execute("mknod " .. dev .. " c 1 3 2>/dev/null") then
      pending("making a device node needs root")
      return
    end
    local ok, err = savefile.write(dev, a_match())
    assert.is_nil(ok)
    assert.equal(string.format("cannot write save file %s: it is a device, not a regular file", dev), err)
    assert.equal("char device", lfs.attributes(dev, "mode"))
  end)

  it("leaves no temporary file behind", function()
    assert.is_true(savefile.write(dir .. "/a.json", a_match()))
    local names = {}
    for entry in lfs.dir(dir) do if entry ~= "." and entry ~= ".." then names[#names + 1] = entry end end
    assert.same({ "a.json" }, names)
  end)
end)

-- Hostile scripts, each run in a child process that is killed after a
-- while: the command must end by itself, with status 1 and an error, not be
-- killed. The children start together (the slow ones are stopped by the
-- step's time allowance) and each test waits for its own.
describe("script code the host runs is under the limits:", function()
  local base = support.tmpdir()
  local LOOP = "setmetatable({}, { __tostring = function() while true do end end })"
  local function game(fields, play)
    return string.format([[
return { name = "t", players = { min = 2, max = 2 }, cards = {}, %s
  setup = function(game) end,
  play = function(game)
    %s
  end }
]], fields or "", play or "game:ask(1, 'go', 'go?', { 'go' }); return { winners = { 1 } }")
  end
  local cases = {
    { "an error value whose __tostring loops, at load time",
      "error(" .. LOOP .. ")\n" .. game() },
    { "... raised by validate", game("validate = function() error(" .. LOOP .. ") end,") },
    { "... raised by a cards function", (game():gsub("cards = {}", "cards = function() error(" .. LOOP .. ") end")) },
    { "... raised by describe", game("describe = function() error(" .. LOOP .. ") end,") },
    { "... raised by a house file", game(), "error(" .. LOOP .. ")" },
    { "an endless __gc finalizer during play", game(nil,
      "setmetatable({}, { __gc = function() while true do end end })\n"
      .. "for i = 1, 1e6 do local t = {} end\ngame:ask(1, 'go', 'go?', { 'go' })\n"
      .. "return { winners = { 1 } }") },
    { "an endless __gc finalizer at exit", game(nil,
      "X = setmetatable({}, { __gc = function() while true do end end })\n"
      .. "return { winners = { 1 } }") },
    { "a result table with a looping __index", game(nil,
      "game:ask(1, 'go', 'go?', { 'go' })\n"
      .. "return setmetatable({}, { __index = function() while true do end end })") },
    { "game.state with a looping __pairs", game(nil,
      "game.state = setmetatable({}, { __pairs = function() while true do end end })\n"
      .. "game:ask(1, 'go', 'go?', { 'go' }); return { winners = { 1 } }") },
    { "describe giving a table with a looping __len",
      game("describe = function() return setmetatable({}, { __len = function() while true do end end }) end,") },
    { "a cards function giving a table with a looping __len",
      (game():gsub("cards = {}", "cards = function() return setmetatable({}, { __len = function() while true do end end }) end")) },
  }
  -- loops of calls into C: stopped by the step's processor time, which
  -- scales with its instruction limit (here a small one: a tenth of a second)
  local slow = {
    { "a loop of 10 MB string.rep calls", "while true do local s = ('x'):rep(10000000) end" },
    { "a loop of short backtracking string.find calls",
      "local s = ('a'):rep(60)\nwhile true do s:find('.-.-.-b') end" },
  }
  for i, case in ipairs(slow) do
    local d = base .. "/slow" .. i
    assert(lfs.mkdir(d))
    support.write(d, "game.lua", game(nil, case[2]))
    local runner = support.write(d, "run.lua", string.format([[
local def = assert(require("cardlab.loader").load(%q))
local m = assert(require("cardlab.match").new(def, { players = 2, max_instructions = 1000000 }))
print(m:status(), (select(2, m:result()) or ""):match("^[^\n]*"))
]], d .. "/game.lua"))
    it(case[1] .. " is stopped by the step's processor time", function()
      local out, finished = support.run_child(runner, 60)
      assert.is_true(finished, out)
      assert.truthy(out:find("^error\t[^\n]*/game.lua:%d+: script ran for more than 0.1 seconds of "
        .. "processor time without asking for a decision %(an endless loop%?%)"), out)
    end)
  end
  local children = {}
  for i, case in ipairs(cases) do
    local d = base .. "/" .. i
    assert(lfs.mkdir(d))
    support.write(d, "game.lua", case[2])
    local house = case[3] and " --house " .. support.write(d, "house.lua", case[3]) or ""
    children[i] = assert(io.popen(string.format(
      "CARDLAB_PLAIN=1 timeout -s KILL 60 %s check %s/game.lua -n 1 --seed 1%s "
      .. "</dev/null 2>&1; echo \"exit=$?\"", support.cardlab(), d, house)))
  end
  for i, case in ipairs(cases) do
    it(case[1] .. ": the command ends by itself", function()
      local out = children[i]:read("a")
      children[i]:close()
      local code = tonumber(out:match("exit=(%d+)%s*$"))
      assert.are_not.equal(137, code, "killed: it hung\n" .. out)
      -- (a broken describe falls back to the plain view: the game goes on)
      assert.is_true(code == 0 or code == 1, out)
      if i == #cases then support.rmtree(base) end
    end)
  end
end)

describe("replay of a save", function()
  it("whose script names a FIFO is refused at once", function()
    local save = support.write(dir, "s.json", '{"format":"cardlab-save","version":1,'
      .. '"game":"t","script":"' .. dir .. '/fifo.lua","script_hash":"0","players":2,'
      .. '"seed":"1","answers":[]}')
    assert(os.execute("mkfifo " .. dir .. "/fifo.lua"))
    local out, code = run("replay " .. save, nil, nil, 20)
    assert.are_not.equal(137, code, "killed: it hung")
    assert.equal(1, code)
    assert.truthy(out:find("not a regular file", 1, true), out)
  end)
end)

-- One game, one world (principle 9): a hostile script, then normal games in
-- the same process, must give what the normal games give alone.
describe("isolation", function()
  local HOSTILE = [[
local lpeg = require "lpeg"
return { name = "hostile", players = { min = 1, max = 2 }, cards = {},
  setup = function(game) end,
  play = function(game)
    local found = {}
    local mt = getmetatable(game)
    found.metatable = mt ~= nil
    if mt then
      rawset(mt, "__index", function() while true do end end)
    end
    lpeg.match = function() while true do end end
    lpeg.P = function() error("poisoned") end
    found.setmaxstack = lpeg.setmaxstack ~= nil
    if lpeg.setmaxstack then lpeg.setmaxstack(1) end
    found.dump = (""):len() == 0 and ("").dump ~= nil
    found.hostname = pcall(function() return game:dictionary("/etc/hostname") end)
    local ok, d = pcall(function() return game:dictionary("sowpods") end)
    if ok then d:release() end
    found.released = ok
    return { winners = { 1 }, reason = string.format("metatable=%s setmaxstack=%s dump=%s hostname=%s released=%s",
      tostring(found.metatable), tostring(found.setmaxstack), tostring(found.dump), tostring(found.hostname),
      tostring(found.released)) }
  end }
]]

  it("a hostile script changes nothing another game of the process sees", function()
    local hostile = support.write(dir, "game.lua", HOSTILE)
    local runner = support.write(dir, "run.lua", string.format([[
local loader, match = require "cardlab.loader", require "cardlab.match"
local function normal()
  local out = {}
  for _, g in ipairs({ { "crazyeights", "random" }, { "lettertycoon", "greedy" } }) do
    local m = assert(match.new(assert(loader.load(g[1])), { players = 2, seed = 11 }))
    m:run({ g[2], g[2] })
    out[#out + 1] = m:status() .. " " .. m:snapshot()
  end
  return table.concat(out, "\n")
end
local before = normal()
local m = assert(match.new(assert(loader.load(%q)), { players = 1 }))
print(m:status(), m:result() and m:result().reason or select(2, m:result()))
print(before == normal() and "same" or "differs")
]], hostile))
    local out, finished = support.run_child(runner, 120)
    assert.is_true(finished, out)
    assert.equal("over\tmetatable=false setmaxstack=false dump=false hostname=false released=true\nsame\n",
      (out:gsub("exit=%d+%s*$", "")))
  end)

  it("a script may open only a word list its game declared", function()
    local def = assert(require("cardlab.loader").load(support.write(dir, "game.lua", [[
return { name = "t", players = { min = 1, max = 1 }, cards = {}, setup = function() end,
  play = function(game) game:dictionary("/etc/hostname") end }
]])))
    local m = assert(require("cardlab.match").new(def, { players = 1 }))
    assert.equal("error", m:status())
    assert.equal(dir .. "/game.lua:2: game:dictionary: '/etc/hostname' is not a word list this game may "
      .. "open; expected a known list (sowpods, wordlist), the value of a word_list option, or a "
      .. "file in the game's folder", (select(2, m:result()):match("^[^\n]*")))
  end)
end)

-- Errors: one line, long inputs cut with their length, the script's file and
-- line, never a host file.
describe("errors are one clear line:", function()
  local loader, match, savefile = require "cardlab.loader", require "cardlab.match", require "cardlab.savefile"

  local function play(body, fields)
    local def = assert(loader.load(support.write_game(dir, body, fields)))
    return assert(match.new(def, { players = 2, seed = 1 }))
  end
  local function first_line(m)
    return (select(2, m:result()) or ""):match("^[^\n]*")
  end

  it("a newline in a save file's key", function()
    local path = support.write(dir, "s.json", '{"format":"cardlab-save","version":1,"seed\\nx":1}')
    local _, err = savefile.load(path)
    assert.equal(path .. " is not a valid cardlab save: unknown key 'seed\\10x'; known keys: format, "
      .. "version, game, script, script_hash, house, players, seed, options, word_lists, seats, answers, edits", err)
  end)

  it("a save whose 'game' is a path, with no 'script'", function()
    local path = support.write(dir, "s.json", '{"format":"cardlab-save","version":1,'
      .. '"game":"../stdlib/cardlab/sandbox","script_hash":"0","players":2,"seed":"1","answers":[]}')
    local _, err = savefile.load(path)
    assert.equal(path .. " is not a valid cardlab save: 'game' must be a game name", err)
  end)

  it("a 100 KB answer and a 100 KB edit are quoted cut, with their length", function()
    local m = assert(match.new(assert(loader.load("crazyeights")), { players = 2, seed = 1 }))
    local _, err = m:answer(("x"):rep(100000))
    assert.truthy(#err < 400 and err:find("xxx... (100000 bytes)' is not a legal answer", 1, true), err)
    _, err = m:edit("move " .. ("y"):rep(100000))
    assert.truthy(#err < 400 and err:find("(100005 bytes)", 1, true) and not err:find("\n"), err)
  end)

  it("an explainer quoting a 100 KB answer is cut, with its length", function()
    local m = play([[game:ask(1, "go", "go?", { "go" }, function(text) return "not " .. text end)
    return { winners = { 1 } }]])
    local _, err = m:answer(("z"):rep(100000))
    assert.truthy(#err < 500 and err:find("zzz... (100004 bytes)", 1, true), err)
  end)

  it("a script that releases game.table", function()
    local m = play("game.table:release()")
    assert.equal("error", m:status())
    assert.truthy(first_line(m):find("game.lua:4: release: the game's table is the engine's", 1, true), first_line(m))
    assert.truthy(m:view(0))
  end)

  it("game.state nested 100,000 deep is viewed cut, not a host stack overflow", function()
    local m = play([[local t = {}
    for i = 1, 100000 do t = { t } end
    game.state.deep = t
    game:ask(1, "go", "go?", { "go" })]])
    local view = m:view(1)
    local depth, t = 0, view.state.deep
    while type(t) == "table" do depth, t = depth + 1, t[1] end
    assert.equal("(nested more than 100 deep)", t)
  end)

  it("an error value whose __tostring gives a table, at load time", function()
    local _, err = loader.load(support.write(dir, "game.lua",
      "error(setmetatable({}, { __tostring = function() return {} end }))"))
    assert.equal(dir .. "/game.lua: the script's error value cannot be shown: its __tostring failed: "
      .. "'__tostring' must return a string", err)
    assert.is_nil(err:find("\n"))
  end)

  it("error(msg, 2) at a script's top level names the script, not the loader", function()
    local _, err = loader.load(support.write(dir, "game.lua", "error('no such luck', 2)"))
    assert.equal(dir .. "/game.lua: no such luck", err)
  end)

  it("a yield across a C call names the script's line", function()
    local m = play([[table.sort({ 2, 1 }, function(a, b) game:ask(1, "go", "go?", { "go" }) return a < b end)]])
    assert.equal(dir .. "/game.lua:4: attempt to yield across a C-call boundary", first_line(m))
  end)

  it("a C stack overflow names the script's line", function()
    -- (raised inside string.gsub, a C function: Lua gives it no place)
    local m = play([[local function f(s) return (s:gsub(".", f)) end
    f("x")]])
    assert.equal(dir .. "/game.lua:4: C stack overflow", first_line(m))
  end)

  it("a binary or deeply nested house file is named", function()
    local _, err = loader.load("crazyeights", support.write(dir, "house.lua", "\27Lua"))
    assert.equal(dir .. "/house.lua: attempt to load a binary chunk (mode is 't')", err)
    _, err = loader.load("crazyeights", support.write(dir, "house.lua",
      "options.x = " .. ("{"):rep(100000) .. ("}"):rep(100000)))
    assert.truthy(err:find("^" .. dir:gsub("%p", "%%%0") .. "/house.lua: "), err)
  end)

  it("a message with a NUL and a newline is shown whole, on one line", function()
    local m = play([[error("a\0b\nc")]])
    assert.equal(dir .. "/game.lua:4: a\\0b\\10c", first_line(m))
  end)
end)

describe("check --soak", function()
  it("plays random games and reports each failure with its seed", function()
    support.write_game(dir, [[if game.rng:int(4) == 1 then error("unlucky") end
    game:ask(1, "go", "go?", { "go", "stay" })
    return { winners = { 1 } }]])
    local out, code = run("check ./game.lua --soak -n 40 --seed 5")
    assert.equal(1, code)
    local seeds = {}
    for seed, msg in out:gmatch("FAIL t, 2 players, seed (%d+): ([^\n]*)") do
      assert.truthy(msg:find("game.lua:4: unlucky", 1, true), msg)
      seeds[#seeds + 1] = tonumber(seed)
    end
    assert.is_true(#seeds > 3 and #seeds < 30, out)
    local failed = out:match("t: 40 games soaked %(2 players, seeds 5 to 44%), (%d+) failed")
    assert.equal(#seeds, tonumber(failed), out)
    assert.truthy(out:find(string.format("reproduce the first with: cardlab check ./game.lua --soak -n 1 "
      .. "--players 2 --seed %d\n", seeds[1]), 1, true), out)
    -- each seed reported fails again alone, and a seed not reported passes
    local again, again_code = run(string.format("check ./game.lua --soak -n 1 --seed %d", seeds[1]))
    assert.equal(1, again_code, again)
  end)
end)
