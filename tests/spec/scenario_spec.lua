-- Scenario files (stdlib/cardlab/scenario.lua, docs/authoring.md
-- "Scenarios"): what a designer's set-up and steps are held to, run in
-- process through scenario.read and scenario.run.

local support = require "tests.spec.support"
local scenario = require "cardlab.scenario"

local dir
support.fresh_dir_each_test(function(path) dir = path end)

-- Runs the scenarios of a file holding `text`; gives "PASS name" or
-- "FAIL name: why" lines.
local function run(text)
  local list = assert(scenario.read(support.write(dir, "s.lua", text)))
  local out = {}
  for _, sc in ipairs(list) do
    local ok, why = scenario.run(sc)
    out[#out + 1] = ok and "PASS " .. sc.name or "FAIL " .. sc.name .. ": " .. why
  end
  return table.concat(out, "\n")
end

describe("a scenario's edits", function()
  -- at the REPL a new key is added with a note; in a file nobody reads the
  -- note, and a typo would pass having set nothing the rules read
  it("fail when they add a state key the game does not have, in set and in steps", function()
    assert.are.equal("FAIL typo: set-up: expected the edit 'state pases 2' to set a value the game's state has, "
      .. "got: state had no key 'pases'; it was added (a scenario may not add keys; set a key the rules read, "
      .. "or set it once the rules have made it)\n"
      .. "FAIL not yet made: step 1: expected the edit 'state credits[1] 5' to set a value the game's state "
      .. "has, got: state had no key 'credits[1]'; it was added (a scenario may not add keys; set a key the "
      .. "rules read, or set it once the rules have made it)\n"
      .. "PASS made", run([[
return { scenarios = {
  { name = "typo", game = "crazyeights", players = 3, set = "state pases 2", expect = { seat = 1 } },
  { name = "not yet made", game = "rushfortheweb", players = 3, steps = { { set = "state credits[1] 5" } },
    expect = { seat = 1 } },
  { name = "made", game = "crazyeights", players = 3, set = "state passes 2", expect = { state = { passes = 2 } } },
} }]]))
  end)

  it("fail when they change alone what a game's own edit keeps in step, naming that edit", function()
    assert.are.equal("FAIL price: set-up: expected the edit 'state price.Flyt 9' to be made, got: state "
      .. "'price.Flyt' is kept in step with other values by this game's own edit: expected price CURRENCY FIELD\n"
      .. "PASS price by its edit", run([[
return { game = "cryptocurrency", players = 3, scenarios = {
  { name = "price", set = "state price.Flyt 9", expect = { state = { ["price.Flyt"] = 9 } } },
  { name = "price by its edit", set = "price Flyt 9", expect = { state = { ["price.Flyt"] = 9, ["field.Flyt"] = 9 } } },
} }]]))
  end)
end)
