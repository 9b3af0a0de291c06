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

-- seat 1's hand and the pool (the book's Gemeinschaftspool) holding exactly
-- these letters, then the extra edits: hand_and_pool("CATDOGM", "BRS", { "patent V 1" })
function M.hand_and_pool(hand, pool, extra)
  return edits.joined(M.rack("hand[1]", hand), M.rack("pool", pool), extra or {})
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
