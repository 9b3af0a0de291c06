-- Letter Tycoon: the set-ups several scenario files of this folder share (a
-- helper file: `local h = uses "_helpers.lua"`; `cardlab test` does not run
-- it). Every card comes from the deck, so the other cards stay where they were.
local M = {}

-- a zone (a hand, the pool) holding exactly these letters: rack("pool", "BRS")
function M.rack(zone, letters)
  local cards = {}
  for l in letters:gmatch("%a") do cards[#cards + 1] = l end
  return edits.holding(zone, "deck", cards, "deck")
end

-- seat 1's hand and the pool exactly (lists of letters), then the extra edits
function M.hand(cards, pool, extra)
  return edits.joined(edits.holding("hand[1]", "deck", cards, "deck"), edits.holding("pool", "deck", pool, "deck"), extra or {})
end

-- every seat passes its word and its discard: one round with no word
function M.quiet_round(players)
  local steps = {}
  for _ = 1, players do
    steps[#steps + 1] = "pass"
    steps[#steps + 1] = "pass"
  end
  return steps
end

return M
