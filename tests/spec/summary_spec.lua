-- cardlab.summary's figures from records made by hand: what is paired in a
-- comparison of variants.

local summary = require "cardlab.summary"

-- A record of a 2-seat game i: seat `winner` won, `branching` (nil: no
-- request with a list in that game).
local function record(i, winner, branching)
  return { i = i, seed = i, ended = "normal", winners = { winner }, scores = { 0, 0 }, answers = 10,
    rounds = 2, decisions = { 5, 5 }, lead_changes = 0, drama = 0, decisiveness = 1, branching = branching }
end

local function row(cmp, name)
  for _, r in ipairs(cmp.rows) do if r.name == name then return r end end
end

describe("cardlab.summary.compare", function()
  it("pairs a measure where both variants' games have it, not with a 0 never seen", function()
    -- game 2 of the variant asked nothing from a list: no branching factor
    -- (it was paired with a 0: a difference of -3 that no game showed)
    local reference = { record(1, 1, 3), record(2, 2, 3), record(3, 1, 3) }
    local variant = { record(1, 1, 3), record(2, 2, nil), record(3, 1, 3) }
    local r = row(summary.compare(2, reference, variant), "branching factor")
    assert.same({ 2, 0, 3, 3 }, { r.n, r.diff, r.reference, r.variant })
    -- and a measure only the variant's games have is compared where both do
    reference = { record(1, 1, nil), record(2, 2, 3), record(3, 1, 3) }
    variant = { record(1, 1, 4), record(2, 2, 4), record(3, 1, 4) }
    r = row(summary.compare(2, reference, variant), "branching factor")
    assert.same({ 2, 1 }, { r.n, r.diff })
    -- a measure no pair of games has both sides of compares nothing: no row
    -- (it read 0 against 0, p = 1, though the variant's games had 4, and it
    -- counted in Holm's family)
    reference = { record(1, 1, nil), record(2, 2, nil), record(3, 1, nil) }
    local cmp = summary.compare(2, reference, variant)
    assert.is_nil(row(cmp, "branching factor"))
    assert.equal(#cmp.rows, summary.adjust({ cmp }))
  end)
end)
