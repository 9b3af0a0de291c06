-- Bad and unusual input to the commands of the simulation lab and of
-- `cardlab test`: seeds past 10^14 and at the largest, records that are not
-- what they claim, huge runs, signals, scenario files that loop or are
-- malformed. Each gets a clear one-line error (status 2 for bad arguments),
-- no traceback, and no file left behind.

local support = require "tests.spec.support"
local cjson = require "cjson"
local lfs = require "lfs"

local cardlab = support.run_cardlab

local dir
support.fresh_dir_each_test(function(path) dir = path end)

local function lines_of(path)
  local list = {}
  for line in io.lines(path) do list[#list + 1] = line end
  return list
end

-- The names in a folder (no dot files).
local function entries(path)
  local list = {}
  for e in lfs.dir(path) do if e ~= "." and e ~= ".." then list[#list + 1] = e end end
  table.sort(list)
  return list
end

-- A usage error: status 2, one line naming the mistake, no traceback.
local function usage_error(args, pattern)
  local out, status = cardlab(args)
  assert.equal(2, status, args .. "\n" .. out)
  assert.matches(pattern, out, 1, false)
  assert.matches("^cardlab: [^\n]*\n$", out)
  return out
end

describe("seeds", function()
  it("past 10^14 are printed and recorded exactly, by sim, its workers and merge", function()
    for _, jobs in ipairs({ 1, 2 }) do
      local out, status = cardlab(string.format("sim crazyeights -n 2 --seed 123456789012345 --jobs %d "
        .. "--out %s/r.jsonl", jobs, dir))
      assert.equal(0, status, out)
      assert.matches("seeds 123456789012345 to 123456789012346\n", out, 1, true)
      local lines = lines_of(dir .. "/r.jsonl")
      assert.truthy(lines[1]:find('"seed":123456789012345,', 1, true), lines[1])
      assert.truthy(lines[2]:find('"seed":123456789012345,', 1, true), lines[2])
      assert.truthy(lines[3]:find('"seed":123456789012346,', 1, true), lines[3])
      local json = cardlab(string.format("sim crazyeights -n 2 --seed 123456789012345 --jobs %d --json", jobs))
      assert.truthy(json:find('"seed":123456789012345,', 1, true), json)
      local merged = cardlab(string.format("merge %s/r.jsonl", dir))
      assert.matches("seeds 123456789012345 to 123456789012346\n", merged, 1, true)
    end
  end)

  it("past 10^14 name the first game in error exactly", function()
    local game = support.write_game(dir, 'error("no luck")')
    local out, status = cardlab(string.format("sim %s -n 2 --seed 123456789012345 --jobs 1", game))
    assert.equal(1, status, out)
    assert.matches("first: seed 123456789012345: ", out, 1, true)
  end)

  it("are refused up front when the last game's would pass the largest", function()
    usage_error("sim crazyeights -n 3 --seed 9007199254740991",
      "^cardlab: sim: %-%-seed 9007199254740991 with %-n 3: the last seed would be 9007199254740993; "
      .. "the largest is 9007199254740991\n$")
    usage_error("sim crazyeights -n 2 --first 2 --seed 9007199254740990",
      "^cardlab: sim: %-%-seed 9007199254740990 with %-%-first 2 and %-n 2: the last seed would be "
      .. "9007199254740992; the largest is 9007199254740991\n$")
    usage_error("check crazyeights -n 5 --seed 9007199254740991",
      "^cardlab: check: %-%-seed 9007199254740991 with %-n 5: the last seed would be 9007199254740995")
    usage_error("compare crazyeights base hand_size=3 -n 3 --seed 9007199254740990",
      "^cardlab: compare: %-%-seed 9007199254740990 with %-n 3: the last seed would be 9007199254740992")
    -- up to the largest is played
    local out, status = cardlab("sim crazyeights -n 2 --seed 9007199254740990 --jobs 1")
    assert.equal(0, status, out)
    assert.matches("seeds 9007199254740990 to 9007199254740991\n", out, 1, true)
    out, status = cardlab("check crazyeights -n 2 --players 2 --seed 9007199254740990")
    assert.equal(0, status, out)
  end)
end)

describe("merge", function()
  local function shard(k, n)
    local path = string.format("%s/s%d.jsonl", dir, k)
    local out, status = cardlab(string.format("sim crazyeights -n 6 --jobs 1 --shard %d/%d --out %s", k, n, path))
    assert.equal(0, status, out)
    return path
  end

  it("refuses a folder or a missing file as a usage error, in one line", function()
    lfs.mkdir(dir .. "/adir")
    usage_error("merge " .. dir .. "/adir",
      "^cardlab: merge: '[^']*/adir' is a directory, not a regular file; expected a file of cardlab records")
    usage_error("merge " .. dir .. "/none.jsonl", "^cardlab: merge: cannot read '[^']*/none%.jsonl': no such file")
  end)

  it("refuses a header whose game, options or house files are malformed, in one line (merge and compare)",
    function()
    local text = support.read(shard(1, 1))
    local other = dir .. "/h3.jsonl"
    assert.equal(0, select(2, cardlab("sim crazyeights -n 6 --jobs 1 --option hand_size=3 --out " .. other)))
    for _, case in ipairs({
      { { '"house":{}', '"house":[1]' }, "'house' is %[1%]; expected a list of house files" },
      { { '"house":{}', '"house":[{"path":{"a":1}}]' }, "'house' is .*; expected a list of house files" },
      { { '"hand_size":0', '"hand_size":[3]' }, "option 'hand_size' is %[3%]; expected a text, a number" },
      { { '"options":{[^}]*}', '"options":"x"' }, "'options' is \"x\"; expected an object" },
      { { '"game":"crazyeights"', '"game":5' }, "'game' is 5; expected the game's name" },
      { { '"game":"crazyeights",', '' }, "'game' is missing; expected the game's name" },
    }) do
      local edited, count = text:gsub(case[1][1], case[1][2], 1)
      assert.equal(1, count, case[1][1])
      local path = support.write(dir, "bad.jsonl", edited)
      for _, args in ipairs({ "merge " .. path, "compare --records " .. path .. " " .. other,
          "compare --records " .. other .. " " .. path }) do
        local out, status = cardlab(args)
        assert.equal(1, status, args .. ": " .. out)
        assert.matches("^cardlab: [a-z]+: [^\n]*/bad%.jsonl: the header's " .. case[2] .. "[^\n]*\n$", out)
      end
    end
  end)

  it("checks the fields of every record, naming the file, the line and the field", function()
    local text = support.read(shard(1, 1))
    local function try(edit, pattern)
      local path = support.write(dir, "bad.jsonl", (text:gsub(edit[1], edit[2], 1)))
      local out, status = cardlab("merge " .. path)
      assert.equal(1, status, out)
      assert.matches("^cardlab: merge: [^\n]*/bad%.jsonl " .. pattern .. "[^\n]*\n$", out)
    end
    try({ '{"i":2,"seed":2,', '{"i":2,"seed":"x",' }, "line 3: field 'seed' is \"x\"; expected a whole number")
    try({ '{"i":2,"seed":2,', '{"i":2,"seed":7,' }, "line 3: field 'seed' is 7; expected 2 %(game 2 of a run from seed 1%)")
    try({ '"ended":"normal"', '"ended":"won"' }, "line 2: field 'ended' is \"won\"; expected \"normal\", \"tie\", \"limit\" or \"error\"")
    try({ '"winners":%[%d%]', '"winners":[9]' }, "line 2: field 'winners' is %[9%]; expected a list of seats from 1 to 4")
    try({ '"answers":%d+', '"answers":"many"' }, "line 2: field 'answers' is \"many\"; expected a whole number of answers")
    try({ '"decisions":%[[%d,]+%]', '"decisions":[1]' }, "line 2: field 'decisions' is %[1%]; expected a list of 4 numbers")
    try({ '"rounds":%d+', '"rounds":null' }, "line 2: field 'rounds' is null; expected a number")
    try({ '"decisions":', '"decided":' }, "line 2: field 'decisions' is missing; expected a list")
    try({ '"rules":{', '"rules":{"x":"y",' }, "line 2: field 'rules' is .*; expected an object of counts by name")
  end)
end)

describe("a long sim", function()
  -- the resident memory of a process, in kB
  local function rss(pid)
    local f = io.open("/proc/" .. pid .. "/status")
    if not f then return nil end
    local kb = tonumber(f:read("a"):match("VmRSS:%s*(%d+)"))
    f:close()
    return kb
  end

  it("plays in bounded memory, however many games are asked for", function()
    for _, args in ipairs({ "-n 10000000 --jobs 1", "-n 9999999999999 --jobs 1", "-n 99999999 --jobs 2" }) do
      -- (under AddressSanitizer its quarantine keeps freed memory, up to 256
      -- MB, which would look like growth: it is turned off for this child)
      local p = io.popen(string.format("ASAN_OPTIONS=\"${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0:"
        .. "thread_local_quarantine_size_kb=0\" %s sim crazyeights %s > %s/out.txt 2>&1 & echo $!",
        support.cardlab(), args, dir))
      local pid = p:read("l")
      p:close()
      -- the resident memory each half second from 1 s to 3 s (all of them
      -- in the message, should it fail)
      local samples = {}
      os.execute("sleep 1")
      for i = 1, 5 do
        if i > 1 then os.execute("sleep 0.5") end
        samples[i] = rss(pid) or -1
      end
      os.execute("kill -TERM " .. pid .. "; while kill -0 " .. pid .. " 2>/dev/null; do sleep 0.1; done")
      local early, late = samples[1], samples[#samples]
      assert.truthy(early > 0 and late > 0, args)
      -- (the lists the summary was made from grew by about 100 MB a second)
      assert.is_true(late < 60000 and late - early < 5000,
        string.format("%s: %s kB", args, table.concat(samples, ", ")))
      assert.matches("^stopped by SIGTERM: the summary of the %d+ games finished\n", support.read(dir .. "/out.txt"))
    end
  end)
end)

describe("a stop", function()
  -- runs `sim ARGS` in the folder with TMPDIR there, sends `signal` to the
  -- sim process alone once a few games are played; gives its output
  local function stopped(args, signal)
    local script = string.format([[
cd %s && mkdir -p tmp
dfl() { exec perl -e '$SIG{INT} = q(DEFAULT); exec @ARGV' "$@"; }
TMPDIR=%s/tmp dfl %s sim crazyeights %s > out.txt 2>&1 &
p=$!
# (the signal goes to the sim process itself; a watchdog ends a run that
# does not stop)
(sleep 60 & s=$!; trap 'kill $s; exit' TERM; wait $s; kill -KILL $p) >/dev/null 2>&1 &
watchdog=$!
w=0
while [ "$(cat tmp/*/* int.jsonl.part* 2>/dev/null | wc -l)" -lt 20 ] && [ $w -lt 300 ]; do sleep 0.1; w=$((w+1)); done
kill -%s $p
wait $p
echo "exit=$?"
kill $watchdog 2>/dev/null
]], dir, dir, support.cardlab(), args, signal)
    local p = io.popen(script)
    local status = p:read("a")
    p:close()
    return support.read(dir .. "/out.txt"), status
  end

  for _, case in ipairs({ { "TERM", "SIGTERM", "--jobs 2" }, { "TERM", "SIGTERM", "--jobs 1" },
                          { "INT", "Ctrl-C", "--jobs 2" } }) do
    it(string.format("by SIG%s to sim %s alone closes --out with the games finished, and leaves no "
      .. "temporary file", case[1], case[3]), function()
      local out, status = stopped("-n 10000000 --out int.jsonl " .. case[3], case[1])
      assert.equal("exit=1\n", status)
      local n = tonumber(out:match("^stopped by " .. case[2]:gsub("%-", "%%-")
        .. ": the summary of the (%d+) games finished\n"))
      assert.is_true(n and n > 0, out)
      assert.same({ "int.jsonl", "out.txt", "tmp" }, entries(dir))
      assert.same({}, entries(dir .. "/tmp"))
      local lines = lines_of(dir .. "/int.jsonl")
      assert.equal(n + 2, #lines)
      local closing = cjson.decode(lines[#lines])
      assert.same({ true, n }, { closing.interrupted, closing.played })
    end)
  end
end)

describe("sim's files", function()
  it("--out '' is a usage error as play's --save '' is; a folder that is not there is named as given", function()
    usage_error("sim crazyeights -n 2 --out ''", "^cardlab: sim: %-%-out: cannot write '': expected the name of a file\n$")
    usage_error("sim crazyeights -n 2 --report ''", "^cardlab: sim: %-%-report: cannot write '': expected the name of a file\n$")
    usage_error("merge x.jsonl --out ''", "^cardlab: merge: %-%-out: cannot write '': expected the name of a file\n$")
    usage_error("sim crazyeights -n 2 --out /nonexistent/x.jsonl",
      "^cardlab: sim: %-%-out: cannot write '/nonexistent/x%.jsonl': No such file or directory\n$")
  end)

  it("name a $TMPDIR they cannot use, in one line, and leave no file", function()
    local want = "cannot make a temporary folder in '" .. (dir .. "/none"):gsub("%p", "%%%0") .. "' %(No such file or directory%); "
      .. "expected %$TMPDIR %(or /tmp%) to be a folder this user may write to\n$"
    for _, args in ipairs({ "sim crazyeights -n 4 --jobs 1", "sim crazyeights -n 4 --jobs 2 --out " .. dir .. "/x.jsonl",
                            "compare crazyeights base draw_limit=1 -n 4 --jobs 2" }) do
      local out, status = cardlab(args, nil, "TMPDIR=" .. dir .. "/none")
      assert.equal(1, status, out)
      assert.matches("^cardlab: %a+: " .. want, out)
    end
    assert.same({}, entries(dir))
  end)
end)

describe("a house-rule file that is missing", function()
  -- the exit statuses of docs/cli.md: a house-rule file that cannot be
  -- loaded is status 1 in every command that takes one, in one line naming it
  it("is status 1 in play, sim, check, compare, serve and repl alike", function()
    local missing = dir .. "/no_such_house.lua"
    for _, args in ipairs({ "play crazyeights --house MISSING", "sim crazyeights -n 2 --house MISSING",
                            "check crazyeights -n 1 --house MISSING", "compare crazyeights base MISSING -n 2",
                            "compare crazyeights MISSING base -n 2", "serve crazyeights --house MISSING",
                            "repl crazyeights --house MISSING" }) do
      local out, status = cardlab(args:gsub("MISSING", missing), "")
      assert.equal(1, status, args .. ": " .. out)
      assert.matches("^cardlab: %a+: [^\n]*no_such_house%.lua[^\n]*\n$", out)
      assert.matches("no such", out:lower())
    end
  end)
end)

describe("compare's variants", function()
  it("are named as given in their errors", function()
    lfs.mkdir(dir .. "/adir")
    usage_error("compare online base round_limit=abc -n 2",
      "^cardlab: compare: variant 'round_limit=abc': option 'round_limit': 'abc' is not valid")
    usage_error("compare online base round_limit=5,round_limit=6 -n 2",
      "^cardlab: compare: variant 'round_limit=5,round_limit=6': option 'round_limit' set twice "
      .. "%('5', then '6'%); expected each option once\n$")
    -- (a house-rule file that is not there is status 1, as for --house: see
    -- "a house-rule file that is missing")
    local out, status = cardlab("compare online base " .. dir .. "/adir -n 2")
    assert.equal(1, status, out)
    assert.matches("^cardlab: compare: variant '[^']*/adir': a directory, not a house%-rule file; "
      .. "expected base[^\n]*\n$", out)
    usage_error("compare online base base -n 1000001",
      "^cardlab: compare: %-n 1000001: at most 1000000 games a variant")
  end)
end)

describe("cardlab test", function()
  local function scenario(text)
    local path = support.write(dir, "s.lua", text)
    local out, status = cardlab("test " .. path)
    assert.equal(1, status, out)
    return out
  end

  it("reports every failing check of a scenario, and counts the scenario once", function()
    assert.are.equal("FAIL two wrong: 2 failures:\n"
      .. "  expected seat 2 to be asked, got seat 1 (play)\n"
      .. "  expected state passes = 3, got 0\n"
      .. "PASS right\n"
      .. "1 passed, 1 failed\n", scenario([[return { game = "crazyeights", players = 3, seed = 4, scenarios = {
      { name = "two wrong", expect = { seat = 2, state = { passes = 3, suit = "spades" } } },
      { name = "right", expect = { seat = 1 } } } }]]))
  end)

  it("stops a scenario file that loops at the instruction limit of a game step", function()
    local p = io.popen(string.format("timeout -s KILL 60 %s test %s 2>&1; echo \"exit=$?\"", support.cardlab(),
      support.write(dir, "s8.lua", "while true do end")))
    local out = p:read("a")
    p:close()
    assert.matches("FAIL [^\n]*s8%.lua: cannot read the scenario file: [^\n]*s8%.lua:1: script ran for more "
      .. "than 100000000 instructions", out)
    assert.matches("exit=1\n$", out)
  end)

  it("gives scenario files the sandbox's base functions, error among them", function()
    assert.matches("FAIL [^\n]*s%.lua: cannot read the scenario file: [^\n]*s%.lua:1: boom\n", scenario('error("boom")'))
    assert.matches("s%.lua:1: undefined global 'nope'", scenario("return nope.x"))
    local out, status = cardlab("test " .. support.write(dir, "t.lua", [[
local n = select("#", 1, 2)
assert(type(n) == "number")
return { game = "crazyeights", name = "with helpers", expect = { over = false } }]]))
    assert.equal(0, status, out)
  end)

  it("lets scenario files share a helper file (uses), which a folder's run does not run as scenarios", function()
    support.write(dir, "_hands.lua", [[
local M = {}
function M.hand(seat, ...) return edits.holding("hand[" .. seat .. "]", "stock", { ... }) end
M.more = uses "_more.lua" -- a helper file may use another
return M]])
    support.write(dir, "_more.lua", "return { top = 'move 5H discard top from stock' }")
    support.write(dir, "a.lua", [[
local h = uses "_hands.lua"
return { game = "crazyeights", players = 2, seed = 1, name = "shared hand",
  set = edits.joined(h.hand(1, "8H", "3C"), { h.more.top }),
  expect = { zones = { ["hand[1]"] = { "8H", "3C" }, discard = { top = "5H" } } } }]])
    support.write(dir, "b.lua", [[
local h = uses "_hands.lua"
assert(h == uses "_hands.lua", "one table for a file")
return { game = "crazyeights", players = 2, seed = 1, name = "shared again",
  set = h.hand(2, "KS"), expect = { zones = { ["hand[2]"] = { "KS" } } } }]])
    local out, status = cardlab("test " .. dir)
    assert.equal("PASS shared hand\nPASS shared again\n2 passed, 0 failed\n", out)
    assert.equal(0, status)
    -- named alone, a helper file is said to be one, and nothing runs
    out, status = cardlab("test " .. dir .. "/_hands.lua")
    assert.matches("^cardlab: test: [^\n]*/_hands%.lua is a helper file %(its name begins with '_'%), read by "
      .. "the scenario files that use it; expected a scenario file or a folder\n$", out)
    assert.equal(2, status)
  end)

  it("runs only the scenarios whose name holds --name's text, counting the others as skipped", function()
    support.write(dir, "a.lua", [[return { game = "crazyeights", players = 2, seed = 1, scenarios = {
      { name = "eights are wild (a.b)", expect = { seat = 1 } },
      { name = "a pass (axb)", expect = { seat = 2 } } } }]]) -- fails (seat 1 plays first): skipped, it fails no run
    support.write(dir, "b.lua", [[return { game = "crazyeights", name = "wild again", expect = { over = false } }]])
    local out, status = cardlab("test " .. dir .. " --name wild")
    assert.equal("PASS eights are wild (a.b)\nPASS wild again\n2 passed, 0 failed, 1 skipped (names without "
      .. "'wild')\n", out)
    assert.equal(0, status)
    -- as written, not a pattern: 'a.b' as a pattern would take "axb" too
    out, status = cardlab("test " .. dir .. " --name 'a.b'")
    assert.equal("PASS eights are wild (a.b)\n1 passed, 0 failed, 2 skipped (names without 'a.b')\n", out)
    -- a capital or not alike
    out, status = cardlab("test " .. dir .. " --name EIGHTS")
    assert.equal("PASS eights are wild (a.b)\n1 passed, 0 failed, 2 skipped (names without 'EIGHTS')\n", out)
    assert.equal(0, status)
    out, status = cardlab("test " .. dir .. " --name zebra")
    assert.matches("^cardlab: test: no scenario whose name holds 'zebra' in [^\n]* %(3 scenarios%); expected a part "
      .. "of a name that 'PASS' or 'FAIL' lines show\n$", out)
    assert.equal(2, status)
    out, status = cardlab("test " .. dir .. " --name ''")
    assert.equal("cardlab: test: --name ''; expected a part of a scenario's name\n", out)
    assert.equal(2, status)
  end)

  it("says which helper file could not be used, and why, at the line that used it", function()
    assert.matches("s%.lua: cannot read the scenario file: [^\n]*s%.lua:2: uses: cannot read the helper file "
      .. "[^\n]*/_gone%.lua %(No such file or directory%); a name is read from the folder of the file that uses "
      .. "it\n", scenario('local x = 1\nlocal h = uses "_gone.lua"\nreturn {}'))
    -- a name without '_' would be run as scenarios by a folder's run
    assert.matches("s%.lua:1: uses: expected the name of a helper file %(_NAME%.lua: '_' keeps cardlab test "
      .. "from running it as scenarios%), got 'hands%.lua'\n", scenario('local h = uses "hands.lua"\nreturn {}'))
    assert.matches("s%.lua:1: uses: expected the name of a helper file [^\n]*, got a number\n",
      scenario('local h = uses(42)\nreturn {}'))
    support.write(dir, "_nothing.lua", "local M = {}")
    assert.matches("s%.lua:1: uses: the helper file [^\n]*/_nothing%.lua returned nothing; expected it to "
      .. "return its helpers %(a table%)\n", scenario('local h = uses "_nothing.lua"\nreturn {}'))
    assert(lfs.mkdir(dir .. "/_folder.lua"))
    assert.matches("s%.lua:1: uses: the helper file [^\n]*/_folder%.lua is a directory; expected a file\n",
      scenario('local h = uses "_folder.lua"\nreturn {}'))
    -- its own error, at its line, and where it was used
    support.write(dir, "_broken.lua", "return {\n  oops = nope.x }")
    assert.matches("s%.lua: cannot read the scenario file: [^\n]*_broken%.lua:2: undefined global 'nope' %(the "
      .. "helper file used at [^\n]*s%.lua:1%)\n", scenario('local h = uses "_broken.lua"\nreturn {}'))
    -- an error in a helper's function names the scenario file's line that called it
    support.write(dir, "_calls.lua", "return { seven = function(cards) return #cards == 7 or error('not 7', 2) end }")
    assert.matches("s%.lua: cannot read the scenario file: [^\n]*_calls%.lua:1: attempt to get length of a nil "
      .. "value %(local 'cards'%) %(called at [^\n]*s%.lua:3%)\n",
      scenario('local h = uses "_calls.lua"\nlocal x = 1\nh.seven()\nreturn {}'))
    assert.matches("s%.lua:1: uses: expected the name of a helper file [^\n]*, got '_calls' %(add '%.lua'%)\n",
      scenario('local h = uses "_calls"\nreturn {}'))
    support.write(dir, "_syntax.lua", "return {")
    assert.matches("s%.lua: cannot read the scenario file: [^\n]*_syntax%.lua:1: [^\n]* %(the helper file used "
      .. "at [^\n]*s%.lua:1%)\n", scenario('local h = uses "_syntax.lua"\nreturn {}'))
  end)

  it("finds a loop of helper files however their names are written, and reads one file once", function()
    support.write(dir, "_self.lua", 'return uses "_self.lua"')
    assert.matches("_self%.lua: uses: [^\n]*/_self%.lua is used in a loop %([^\n]*s%.lua %-> [^\n]*_self%.lua "
      .. "%-> [^\n]*_self%.lua%)\n", scenario('local h = uses "_self.lua"\nreturn {}'))
    -- through another spelling of the same path: it ran until the path was
    -- too long to open
    assert(lfs.mkdir(dir .. "/sub"))
    support.write(dir, "_a.lua", 'local b = uses "./sub/../_b.lua"\nreturn b')
    support.write(dir, "_b.lua", 'return uses "sub/.././_a.lua"')
    local out = scenario('local h = uses "_a.lua"\nreturn {}')
    assert.matches("uses: [^\n]*/_a%.lua is used in a loop %([^\n]*s%.lua %-> [^\n]*/_a%.lua %-> [^\n]*/_b%.lua "
      .. "%-> [^\n]*/_a%.lua%)\n", out)
    assert.is_nil(out:find("/./", 1, true), out)
    -- two spellings of one file are one file: the same table
    support.write(dir, "_one.lua", "return {}")
    local path = support.write(dir, "t.lua", [[
assert(uses "_one.lua" == uses "./sub/../_one.lua", "one table")
return { game = "crazyeights", name = "once", expect = { over = false } }]])
    local text, status = cardlab("test " .. path)
    assert.same({ "PASS once\n1 passed, 0 failed\n", 0 }, { text, status })
  end)

  it("gives each scenario file its own edits table, and edits.holding says what it was given", function()
    support.write(dir, "a.lua", [[
edits.joined = function() error("replaced") end
return { game = "crazyeights", name = "replaces its joined", expect = { over = false } }]])
    support.write(dir, "b.lua", [[
return { game = "crazyeights", name = "has the joined", set = edits.joined({ "state passes 1" }, {}),
  expect = { state = { passes = 1 } } }]])
    local out, status = cardlab("test " .. dir)
    assert.same({ "PASS replaces its joined\nPASS has the joined\n2 passed, 0 failed\n", 0 }, { out, status })
    assert.matches("s%.lua:1: edits%.holding%(zone, spare, cards %[, source%]%): expected two zone names and a list "
      .. "of cards, got a string, a string and a nil\n", scenario('local e = edits.holding("hand[1]", "stock")'))
  end)

  it("says what a house-rule file, or a helper file without its '_', found among scenario files most likely is",
    function()
    assert.matches("s%.lua: cannot read the scenario file: [^\n]*s%.lua:1: undefined global 'rules' %(a house%-rule "
      .. "file%? cardlab test reads every %.lua file of a folder as scenarios: keep house rules in a folder of "
      .. "their own%)\n", scenario("local old = rules.turn\nrules.turn = function(...) return old(...) end"))
    assert.matches("s%.lua: cannot read the scenario file: unknown field 'hand'; expected [^\n]* %(a helper file%? "
      .. "its name must begin with '_', which keeps cardlab test from running it as scenarios%)\n",
      scenario("return { hand = function() end }"))
  end)

  it("says a folder of helper files alone holds no scenario files", function()
    local only = dir .. "/only"
    assert(lfs.mkdir(only))
    support.write(only, "_h.lua", "return {}")
    local out, status = cardlab("test " .. only)
    assert.same({ "cardlab: test: no scenario files (*.lua) in " .. only .. " (only 1 helper file, which scenario "
      .. "files use); expected a scenario file or a folder holding some\n", 2 }, { out, status })
  end)

  it("lists the zones, and the state's keys, after a name that is not there", function()
    local out = scenario([[return { game = "crazyeights", players = 3, scenarios = {
      { name = "zone in expect", expect = { zones = { pile = { count = 1 } } } },
      { name = "zone in set", set = "move 8H hands[1]", expect = { over = false } },
      { name = "state key", expect = { state = { pases = 0 } } },
      { name = "state key set", expect = { state = { passes = 1 } } },
      { name = "a key before the last", game = "lettertycoon", expect = { state = { ["mony[1]"] = 2 } } },
      { name = "an index past the end", game = "lettertycoon", expect = { state = { ["money[4]"] = 2 } } } } }]])
    assert.matches("FAIL zone in expect: expected a zone named 'pile' %(there is none; zones: box, discard, "
      .. "hand%[1%] to hand%[3%], stock%)\n", out)
    assert.matches("FAIL zone in set: set%-up: expected the edit 'move 8H hands%[1%]' to be made, got: no zone "
      .. "named 'hands%[1%]'; zones: box, discard, hand%[1%] to hand%[3%], stock\n", out)
    assert.matches("FAIL state key: expected state pases = 0, got nil %(no key 'pases' there; its keys: "
      .. "'passes', 'suit'%)\n", out)
    -- a key that is there, with another value, needs no note
    assert.matches("FAIL state key set: expected state passes = 1, got 0\n", out)
    -- the first key not there is named, and an index past a list's end
    assert.matches("FAIL a key before the last: expected state mony%[1%] = 2, got nil %(no key 'mony' there; its "
      .. "keys: 'challenge', [^\n]*'money', [^\n]*%)\n", out)
    assert.matches("FAIL an index past the end: expected state money%[4%] = 2, got nil %(no index 4 there; it "
      .. "holds 3%)\n", out)
  end)

  -- (pairs' order changes from run to run: one of three runs named another)
  it("names the same wrong field on every run: the first by name", function()
    local fields = {}
    for _, name in ipairs({ "zeta", "kappa", "alpha", "omega", "delta", "sigma", "gamma", "tau", "rho", "mu" }) do
      fields[#fields + 1] = name .. " = 1"
    end
    local path = support.write(dir, "s.lua", "return { " .. table.concat(fields, ", ") .. " }")
    for _ = 1, 3 do
      local out = cardlab("test " .. path)
      assert.matches("cannot read the scenario file: unknown field 'alpha'; expected ", out)
    end
  end)

  it("refuses a scenario that checks nothing: no steps, no expect and no setup_refused (which it names)", function()
    assert.matches("cannot read the scenario file: scenario '[^']*s%.lua #1' checks nothing: give it steps, expect "
      .. "or setup_refused",
      scenario('return { game = "crazyeights" }'))
    assert.matches("scenario 'only set%-up' checks nothing",
      scenario('return { game = "crazyeights", scenarios = { { name = "only set-up", set = "state passes 2", steps = {} } } }'))
  end)

  it("names a field of the wrong type and what was expected", function()
    assert.matches("cannot read the scenario file: field 'steps' is 5 %(a number%); expected a list of steps",
      scenario('return { game = "crazyeights", steps = 5 }'))
    assert.matches("field 'scenarios%[1%]%.expect' is 3 %(a number%); expected a table of checks",
      scenario('return { game = "crazyeights", scenarios = { { expect = 3 } } }'))
    assert.matches("field 'players' is \"two\"; expected a whole number of players",
      scenario('return { game = "crazyeights", players = "two" }'))
    assert.matches("unknown field 'scenarios%[1%]%.stpes'; expected game, players",
      scenario('return { game = "crazyeights", scenarios = { { stpes = {} } } }'))
  end)

  it("plays each file's game of the same relative path from that file's own folder", function()
    -- two folders, each with a game of its own and a scenario naming it
    -- "./game.lua" (and "game.lua"): two games, not the first one twice
    for _, which in ipairs({ "A", "B" }) do
      local sub = dir .. "/" .. which
      lfs.mkdir(sub)
      support.write(sub, "game.lua", string.format([[
return { name = "game%s", players = { min = 1, max = 1 }, cards = {},
  setup = function(game) game.state.which = "%s" end,
  play = function(game) game:ask(1, "pick", "pick", { "a" }) return { winners = { 1 } } end }]], which, which))
      support.write(sub, "s1.lua", string.format([[
return { game = "./game.lua", name = "%s by ./game.lua", expect = { state = { which = "%s" } } }]], which, which))
      support.write(sub, "s2.lua", string.format([[
return { game = "game.lua", name = "%s by game.lua", expect = { state = { which = "%s" } } }]], which, which))
    end
    local out, status = cardlab(string.format("test %s/A/s1.lua %s/A/s2.lua %s/B/s1.lua %s/B/s2.lua", dir, dir, dir, dir))
    assert.equal(0, status, out)
    assert.equal("PASS A by ./game.lua\nPASS A by game.lua\nPASS B by ./game.lua\nPASS B by game.lua\n"
      .. "4 passed, 0 failed\n", out)
  end)

  it("finds a game script named by a path relative to the scenario file's folder, 'mygame.lua' too", function()
    -- (a name ending in .lua without a '/' was looked for from the working
    -- directory, where './mygame.lua' was found beside the scenario file)
    lfs.mkdir(dir .. "/g")
    support.write(dir .. "/g", "mygame.lua", support.read("docs/examples/highcard.lua"))
    for _, spec in ipairs({ "mygame.lua", "./mygame.lua" }) do
      local out, status = cardlab("test " .. support.write(dir .. "/g", "s.lua", string.format(
        'return { game = %q, players = 2, name = "found", expect = { seat = 1, kind = "lay" } }', spec)))
      assert.equal(0, status, out)
      assert.matches("^PASS found\n", out)
    end
  end)

  it("takes '..' and '.' for the folder above and the folder here, not for games named so", function()
    -- (a game's scenarios in its own folder's scenarios/ named it '..', which
    -- was looked up as games/../game.lua: "unknown game '..'"; and so was
    -- `cardlab check .` in the game's folder)
    lfs.mkdir(dir .. "/g")
    lfs.mkdir(dir .. "/g/scenarios")
    support.write(dir .. "/g", "game.lua", support.read("docs/examples/highcard.lua"))
    local out, status = cardlab("test " .. support.write(dir .. "/g/scenarios", "s.lua",
      'return { game = "..", players = 2, name = "found", expect = { seat = 1, kind = "lay" } }'))
    assert.equal(0, status, out)
    assert.matches("^PASS found\n", out)
    local p = assert(io.popen(string.format("cd %s/g && CARDLAB_PLAIN=1 %s check . -n 1 2>&1; echo \"exit=$?\"",
      dir, support.cardlab())))
    out = p:read("a")
    p:close()
    assert.matches("^highcard: 1 game checked", out)
    assert.matches("exit=0", out)
  end)

  it("says when the set-up's edits left the request with its old answers (no refresh in the game)", function()
    -- (High Card's choose gives no refresh: its answers stay the hand as
    -- dealt, and the failure listed them without saying why)
    local out = scenario(string.format([[
return { game = %q, players = 2, name = "stale",
  set = { "empty hand[1] deck", "move 2C hand[1]" }, expect = { answers = { "2C" } } }]],
      lfs.currentdir() .. "/docs/examples/highcard.lua"))
    assert.matches("FAIL stale: expected the answers {\"2C\"}, got {[^}]*} %(without {\"2C\"}, with {[^}]*} besides%) "
      .. "%(the set%-up's edits left this request "
      .. "with the answers it was asked with: the game's game:ask or game:choose gives no refresh", out)
    -- a game that refreshes is not told so
    out = scenario([[
return { game = "crazyeights", players = 3, seed = 4, name = "fresh",
  set = { "empty hand[1] stock", "move 8H hand[1]" }, expect = { answers = { "play 8H" } } }]])
    assert.matches("FAIL fresh: expected the answers {\"play 8H\"}, got {\"play 8H\", \"draw\"} %(with {\"draw\"} "
      .. "besides%)\n", out)
  end)

  it("refuses a folder without scenario files", function()
    lfs.mkdir(dir .. "/empty")
    support.write(dir .. "/empty", "notes.txt", "")
    usage_error("test " .. dir .. "/empty",
      "^cardlab: test: no scenario files %(%*%.lua%) in [^\n]*/empty; expected a scenario file or a folder")
  end)
end)

describe("sim's flags", function()
  it("refuse a shard without games and too many bots, saying what is expected", function()
    usage_error("sim crazyeights -n 3 --shard 4/4",
      "^cardlab: sim: %-%-shard 4/4: shard 4 of 3 games holds no game; expected %-n of at least 4")
    usage_error("sim crazyeights --bots random,random,random,random,random",
      "^cardlab: sim: %-%-bots names 5 bots for 4 players; expected at most 4, a bot per seat")
  end)
end)

describe("cardlab run", function()
  it("exits with the status its file returns, and refuses one the system would cut to 8 bits", function()
    local dir = support.tmpdir()
    local function status_of(value)
      local path = support.write(dir, "status.lua", "return " .. value)
      return support.run_cardlab("run " .. path)
    end
    local out, status = status_of("3")
    assert.same({ "", 3 }, { out, status })
    out, status = status_of("256")
    assert.equal(1, status)
    assert.equal(string.format("cardlab: run: %s/status.lua returned 256; an exit status is a whole number "
      .. "from 0 to 255\n", dir), out)
    out, status = status_of("-1")
    assert.equal(1, status, out)
    out, status = status_of("'text'")
    assert.same({ "", 0 }, { out, status })
    support.rmtree(dir)
  end)

  -- the arguments were pushed on a stack with room for 20: 37 of them
  -- corrupted memory, 40 hung, 45 crashed (a helper's 'cardlab test' of 40
  -- files found it)
  it("takes thousands of arguments, and 'cardlab test' as many files", function()
    local script = support.write(dir, "count.lua", 'print(select("#", ...), (select(3000, ...)))')
    local numbers = {}
    for i = 1, 3000 do numbers[i] = tostring(i) end
    local out, status = cardlab("run " .. script .. " " .. table.concat(numbers, " "))
    assert.same({ "3000\t3000\n", 0 }, { out, status })
    local files = {}
    for i = 1, 60 do
      files[i] = support.write(dir, "s" .. i .. ".lua",
        string.format('return { game = "crazyeights", name = "file %d", expect = { seat = 1 } }', i))
    end
    out, status = cardlab("test " .. table.concat(files, " "))
    assert.equal(0, status, out)
    assert.matches("\n60 passed, 0 failed\n$", out)
  end)
end)
