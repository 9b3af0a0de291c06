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

  it("over a device is refused (a copy of /dev/null's kind when we may make one)", function()
    local ok, err = savefile.write("/dev/null", a_match())
    assert.is_nil(ok)
    assert.equal("cannot write save file /dev/null: it is a device, not a regular file", err)
    assert.equal("char device", lfs.attributes("/dev/null", "mode"))
  end)

  it("leaves no temporary file behind", function()
    assert.is_true(savefile.write(dir .. "/a.json", a_match()))
    local names = {}
    for entry in lfs.dir(dir) do if entry ~= "." and entry ~= ".." then names[#names + 1] = entry end end
    assert.same({ "a.json" }, names)
  end)
end)
