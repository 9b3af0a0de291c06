-- cardlab.study: the arguments of the games' balance scripts.

local study = require "cardlab.study"
local support = require "tests.spec.support"

describe("cardlab.study.args", function()
  it("reads games, players, seed and option settings, with greedy bots at every seat", function()
    local games, players, seed, settings, kinds = study.args({ "50", "3", "7", "variant=advanced", "events=on" }, 2000)
    assert.same({ 50, 3, 7 }, { games, players, seed })
    assert.same({ variant = "advanced", events = "on" }, settings)
    assert.same({ "greedy", "greedy", "greedy" }, kinds)
  end)

  it("defaults to the script's number of games, 4 players and seed 1", function()
    local games, players, seed, settings, kinds = study.args({}, 2000)
    assert.same({ 2000, 4, 1, {} }, { games, players, seed, settings })
    assert.equal(4, #kinds)
  end)

  it("takes settings given before all three numbers, the numbers left out at their defaults", function()
    local games, players, seed, settings = study.args({ "50", "events=on" }, 2000)
    assert.same({ 50, 4, 1, { events = "on" } }, { games, players, seed, settings })
    games, players, seed, settings = study.args({ "variant=advanced" }, 2000)
    assert.same({ 2000, 4, 1, { variant = "advanced" } }, { games, players, seed, settings })
  end)

  it("ends with status 2 and a line naming a number that is not one", function()
    -- 'five' was read as no number at all: the default, without a word
    local file = os.tmpname()
    local f = assert(io.open(file, "w"))
    f:write('require("cardlab.study").args({ "50", "2.5" }, 10) print("not reached")\n')
    f:close()
    local out = support.run_child(file, 20)
    os.remove(file)
    assert.equal("cardlab: '2.5' is not a number of players (1 or more); expected [GAMES [PLAYERS "
      .. "[SEED [name=value ...]]]]\nexit=2\n", out)
  end)

  it("ends with status 2 and a line naming a malformed setting", function()
    local file = os.tmpname()
    local f = assert(io.open(file, "w"))
    f:write('require("cardlab.study").args({ "1", "2", "3", "bogus" }, 10) print("not reached")\n')
    f:close()
    local out = support.run_child(file, 20)
    os.remove(file)
    assert.equal("cardlab: 'bogus' is not an option setting: expected name=value\nexit=2\n", out)
  end)
end)
