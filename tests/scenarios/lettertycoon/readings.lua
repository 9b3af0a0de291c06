-- Letter Tycoon: the readings chosen where the book is open (docs/games/
-- lettertycoon.md, "Choices made where the rules are unclear"), and rules
-- checked on paths the other tests do not take.
local function rack(zone, letters)
  local cards = {}
  for l in letters:gmatch("%a") do cards[#cards + 1] = l end
  return edits.holding(zone, "deck", cards, "deck")
end
local joined = edits.joined

return {
  game = "lettertycoon", players = 3, seed = 1,
  scenarios = {
    { name = "lettertycoon reading: K ('nur einen Vokal') does not double a word with no vowel (NTH)",
      set = joined(rack("hand[1]", "NTHBBFF"), rack("pool", "XJW"), { "patent K 1" }),
      steps = { "word NTH" },
      expect = { state = { ["money[1]"] = 1 } } },
    { name = "lettertycoon reading: the Z's S may end a word whose stem is no word (THI+S = THIS)",
      set = joined(rack("hand[1]", "THIBBFF"), rack("pool", "XJW"), { "patent Z 1" }),
      steps = { "word THI+S" },
      expect = { state = { ["money[1]"] = 2 } } },
    { name = "lettertycoon: each word (V) needs a hand card; the X's copy of a hand card is none",
      set = joined(rack("hand[1]", "CATBBFF"), rack("pool", "OOL"), { "patent V 1", "patent X 1" }),
      steps = { { refused = "word CAT TOOL x=T", reason = "needs a letter from your hand" } } },
    { name = "lettertycoon: a royalty is paid for a pool card played",
      set = joined(rack("hand[1]", "CTBBFFG"), rack("pool", "AJW"), { "patent A 2" }),
      steps = { "word CAT" },
      expect = { state = { ["money[1]"] = 1, ["money[2]"] = 1 } } },
    { name = "lettertycoon: V + X, a letter of the first word doubled into the second, one royalty",
      set = joined(rack("hand[1]", "DOGBOSF"), rack("pool", "XJW"), { "patent V 1", "patent X 1", "patent G 2" }),
      steps = { "word DOG BOGS x=G" },
      expect = { state = { ["money[1]"] = 3, ["money[2]"] = 1 } } },
  },
}
