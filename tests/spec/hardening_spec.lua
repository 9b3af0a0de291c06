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
