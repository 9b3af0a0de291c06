-- Letter Tycoon: the Z's S and the X's copy count in a word's length on the
-- one-word scoring taken when the player owns B, J or K too (score_word):
-- the other tests reach that path only without Z or X.
local function rack(zone, letters)
  local cards = {}
  for l in letters:gmatch("%a") do cards[#cards + 1] = l end
  return edits.holding(zone, "deck", cards, "deck")
end
local joined = edits.joined

return {
  game = "lettertycoon", players = 3, seed = 1,
  scenarios = {
    { name = "lettertycoon: with K, CAT+S is CATS, 4 letters and one vowel: $2 doubled = $4",
      set = joined(rack("hand[1]", "CATBBFF"), rack("pool", "XJW"), { "patent K 1", "patent Z 1" }),
      steps = { "word CAT+S" },
      expect = { state = { ["money[1]"] = 4, ["stock[1]"] = 0 } } },
    { name = "lettertycoon: with J, TOOT x=O is 4 letters, 2 vowels: $2 doubled = $4",
      set = joined(rack("hand[1]", "TOTBBFF"), rack("pool", "XJW"), { "patent J 1", "patent X 1" }),
      steps = { "word TOOT x=O" },
      expect = { state = { ["money[1]"] = 4, ["stock[1]"] = 0 } } },
    { name = "lettertycoon: with K owned (PLANETS has 2 vowels, so no doubling), PLANET+S is 7 letters: $6 and 1 stock",
      set = joined(rack("hand[1]", "PLANETB"), rack("pool", "XJW"), { "patent K 1", "patent Z 1" }),
      steps = { "word PLANET+S" },
      expect = { state = { ["money[1]"] = 6, ["stock[1]"] = 1 } } },
  },
}
