-- Go Fish, the example game of docs/authoring.md (docs/examples/gofish.lua):
-- one scenario a rule. The hands are set with edits, the stock's top card
-- too, so that no scenario depends on the deal.
local function hand(seat, ...) return edits.holding("hand[" .. seat .. "]", "stock", { ... }) end
local joined = edits.joined

-- Every card but the sevens laid in books: A to 6 seat 2's, 8 to K seat 1's.
local LAID = {}
for _, suit in ipairs({ "C", "D", "H", "S" }) do
  for _, rank in ipairs({ "A", "2", "3", "4", "5", "6" }) do LAID[#LAID + 1] = "move " .. rank .. suit .. " books[2]" end
  for _, rank in ipairs({ "8", "9", "10", "J", "Q", "K" }) do LAID[#LAID + 1] = "move " .. rank .. suit .. " books[1]" end
end

return {
  game = "../../../docs/examples/gofish.lua", players = 3, seed = 1,
  scenarios = {
    { name = "gofish: 7 cards each with three players, the stock the rest",
      expect = { zones = { ["hand[1]"] = { count = 7 }, ["hand[2]"] = { count = 7 },
                           ["hand[3]"] = { count = 7 }, stock = { count = 31 } }, seat = 1, kind = "ask" } },
    { name = "gofish: 5 cards each with four players",
      players = 4, expect = { zones = { ["hand[4]"] = { count = 5 }, stock = { count = 32 } } } },
    { name = "gofish: only a rank you hold, of a seat with cards",
      set = joined(hand(1, "7C", "KD"), hand(2, "7H"), hand(3, "2S")),
      steps = { { answers = { "ask seat 2 for 7", "ask seat 2 for K", "ask seat 3 for 7", "ask seat 3 for K" } },
                { refused = "ask seat 2 for 9", reason = "you hold no 9" },
                { refused = "ask seat 1 for 7", reason = "cannot ask yourself" } } },
    { name = "gofish: a seat that holds the rank gives all of it, and the asker asks again",
      set = joined(hand(1, "7C", "KD"), hand(2, "7H", "7S", "2D"), hand(3, "2S")),
      steps = { "ask seat 2 for 7" },
      expect = { seat = 1, kind = "ask", zones = { ["hand[1]"] = { count = 4, has = { "7H", "7S" } },
                 ["hand[2]"] = { "2D" } }, state = { ["holds[1]"] = { ["7"] = true } } } },
    { name = "gofish: go fish: the asker draws the stock's top card and the turn passes",
      set = joined(hand(1, "7C", "KD"), hand(2, "2D"), hand(3, "2S"), { "move 3H stock top" }),
      steps = { "ask seat 2 for 7" },
      expect = { seat = 2, zones = { ["hand[1]"] = { count = 3, has = { "3H" } } },
                 state = { ["lacks[2]"] = { ["7"] = true } }, said = "go fish" } },
    { name = "gofish: drawing the rank asked for asks again",
      set = joined(hand(1, "7C", "KD"), hand(2, "2D"), hand(3, "2S"), { "move 7D stock top" }),
      steps = { "ask seat 2 for 7" },
      expect = { seat = 1, kind = "ask", said = "draws the 7 it asked for" } },
    { name = "gofish: not with lucky_draw off",
      options = { lucky_draw = false },
      set = joined(hand(1, "7C", "KD"), hand(2, "2D"), hand(3, "2S"), { "move 7D stock top" }),
      steps = { "ask seat 2 for 7" },
      expect = { seat = 2 } },
    { name = "gofish: four of a rank are laid down as a book",
      set = joined(hand(1, "7C", "7D", "KD"), hand(2, "7H", "7S", "2D"), hand(3, "2S")),
      steps = { "ask seat 2 for 7" },
      expect = { seat = 1, zones = { ["books[1]"] = { count = 4 }, ["hand[1]"] = { "KD" } },
                 said = "lays down a book of 7" } },
    { name = "gofish: a hand emptied ends the turn; its player draws at the start of the next",
      set = joined(hand(1, "7C", "7D", "7H"), hand(2, "7S", "2D"), hand(3, "5C"),
                   { "move QS stock top", "move 9H stock top", "move 9D stock top" }),
      steps = { "ask seat 2 for 7", { seat = 2, zones = { ["hand[1]"] = { count = 0 } } },
                "ask seat 3 for 2", "ask seat 2 for 5" },
      expect = { seat = 1, zones = { ["hand[1]"] = { "QS" } }, said = "has no cards and draws one" } },
    { name = "gofish: with nobody else holding cards, a turn is one card drawn",
      set = joined(hand(1, "7C", "7D", "7H"), hand(2, "7S"), { "empty hand[3] stock" }),
      steps = { "ask seat 2 for 7" },
      expect = { seat = 3, kind = "ask", zones = { ["hand[2]"] = { count = 2 }, ["hand[3]"] = { count = 1 } },
                 said = "nobody else holds cards: seat 2 draws" } },
    { name = "gofish: an edit that leaves nobody to ask asks for the draw the turn then makes",
      set = joined(hand(1, "7C"), { "empty hand[2] stock", "empty hand[3] stock", "move 3H stock top" }),
      steps = { { seat = 1, answers = { "draw" }, prompt = "nobody else holds cards: draw" },
                "draw" },
      expect = { seat = 2, zones = { ["hand[1]"] = { "3H", "7C" } }, said = "nobody else holds cards: seat 1 draws" } },
    { name = "gofish: an edit that empties the asker's hand asks for the draw, and the turn goes on",
      set = joined(hand(1), hand(2, "7H"), hand(3, "2S"), { "move 7C stock top" }),
      steps = { { seat = 1, answers = { "draw" }, prompt = "you hold no cards: draw" }, "draw" },
      expect = { seat = 1, kind = "ask", zones = { ["hand[1]"] = { "7C" } }, said = "seat 1 has no cards and draws one",
                 answers = { "ask seat 2 for 7", "ask seat 3 for 7" } } },
    { name = "gofish: a refusal names the seat or rank that cannot be asked",
      set = joined(hand(1, "7C"), hand(2, "2D"), hand(3, "5C")),
      steps = { { refused = "ask seat 4 for 7", reason = "there is no seat 4: seats are 1 to 3" },
                { refused = "ask seat 2 for 11", reason = "'11' is not a rank" },
                { refused = "ask 2 for 7", reason = "ask a seat for a rank, e.g. 'ask seat 2 for 7'" } } },
    { name = "gofish: the last book ends the game: the most books win",
      set = joined(hand(1, "7C", "7D"), hand(2, "7H", "7S"), { "empty hand[3] stock" }, LAID),
      steps = { "ask seat 2 for 7" },
      expect = { over = true, winners = { 1 }, scores = { 7, 6, 0 }, reason = "every book is laid" } },
  },
}
