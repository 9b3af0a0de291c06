-- `cardlab check`'s look for a public state that tells a seat what it cannot
-- see: the line it gives to reproduce a failure reproduces it, and a seat
-- remembers what its table showed (found by a house-rule modder's trial of
-- Cryptocurrency: a 300-game check failed at a seed that passed alone).
local support = require "tests.spec.support"

describe("cardlab check's hidden-state look", function()
  it("fails again with the line it gives to reproduce a failure", function()
    local dir = support.tmpdir()
    local text = support.read(CARDLAB_HOME .. "/docs/examples/highcard.lua")
    -- the bottom card of the deck in the state: the twin game swaps it at only
    -- some seeds, so whether a game fails depends on the twin check draws
    local leaky = text:gsub("  game.state.points = {}\n",
      "  game.state.points = {}\n  game.state.secret = deck:peek(deck:count())\n", 1)
    local path = support.write(dir, "leaky.lua", leaky)
    local out, status = support.run_cardlab("check " .. path .. " -n 60")
    assert.equal(1, status, out)
    local again = out:match("reproduce the first with: cardlab (check [^\n]+)")
    assert.truthy(again, out)
    local out2, status2 = support.run_cardlab(again)
    support.rmtree(dir)
    assert.equal(1, status2, out2)
    assert.truthy(out2:find("state.secret = %d+ and %d+"), out2)
  end)

  it("takes no state for a leak that follows from what the seat saw before", function()
    -- seed 30, 2 players: seat 1's mining fails in one game and succeeds in
    -- its twin, each face up for all; seat 2's mining then lays the same
    -- card in hash_drawn in both, so the table looks alike while seat 1's
    -- coins, public all along, differ
    local out, status = support.run_cardlab("check cryptocurrency -n 1 --players 2 --seed 30")
    assert.equal(0, status, out)
    assert.truthy(out:find("1 game checked %(2 players, seeds 30 to 30%), 0 failed"), out)
  end)
end)
