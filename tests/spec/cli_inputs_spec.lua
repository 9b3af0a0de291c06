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
