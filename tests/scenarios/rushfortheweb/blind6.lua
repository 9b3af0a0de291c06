-- Rush for the Web: points where the rule book is silent and this page was too,
-- found by a blind second reading of the German rule book (2026-11-28,
-- written before the page was read), where the script's reading is the one a player at the table
-- would expect. Each pins it. Seed 5, 2 players, seat 1 starts: setup keeps P10 P2
-- (seat 1), P24 P14 (seat 2); the pool is R18.
local h = uses "_helpers.lua"
local layout, hand, start = h.layout, h.hand, h.start
local set_after_seed5_keeps = h.set_after_seed5_keeps

return {
  game = "rushfortheweb", players = 2, seed = 5, options = { starting_player = 1 },
  scenarios = {
    -- The swap icon "tauschen"s a hand card with the pool card: it is no "Ablegen ...
    -- in den Pool", so neither the discard's credit nor a pool bonus is paid, not even
    -- under Swap Meet (+2) with the Blogger (+1).
    { name = "rushfortheweb blind6: a swap with the pool is no discard to the pool: no credit, no event or persona pool bonus",
      set = start("E11", "C4"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R6", "R13" })),
        { "draw", "play R6 P1", { kind = "swap" }, "swap R13" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 - 1 },
                 zones = { pool = { "R13" }, ["hand[1]"] = { has = { "R18" }, lacks = { "R13" } } } } },

    -- the same table, the card discarded to the pool instead: the bonuses the swap
    -- does not pay are there (1 + 2 Swap Meet + 1 Blogger)
    { name = "rushfortheweb blind6: the same card discarded to the pool pays 1 + 2 (Swap Meet) + 1 (Blogger)",
      set = start("E11", "C4"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R6", "R13" })),
        { "draw", "pool R13" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 + 4 } } },

    -- "Falls das getan wird, zieht der Spieler eine neue Ressourcenkarte": the again
    -- icon skipped draws nothing; the card on top of the stack stays there.
    { name = "rushfortheweb blind6: the again icon skipped: no card is drawn, the stack's top stays",
      set = start("E10"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R9", "R13" }), { "move R3 resources" }),
        { "take R18", "play R9 P1", { kind = "again", legal = { "skip" } }, "skip" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 - 2 },
                 zones = { ["hand[1]"] = { count = 2, has = { "R13", "R18" } }, resources = { top = "R3" } } } },

    -- With no resource left to draw anywhere (stack and discard empty), the again
    -- icon's extra play is still offered and made; the replacement draw just does
    -- not happen (the book's "if you do, draw" cannot be done, the play can).
    { name = "rushfortheweb blind6: again with no resource left to draw: the extra card is still played, none is drawn",
      set = start("E10"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R9", "R3", "R13" }),
                                                 { "empty resources box", "empty resource_discard box" }),
        { "take R18", "play R9 P1", { kind = "again", legal = { "play R3 P1", "pool R3", "skip" } }, "play R3 P1" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 - 2 - 1 },
                 zones = { ["project1[1]"] = { "R3", "R9", "P1" }, ["hand[1]"] = { count = 2, has = { "R13", "R18" } },
                           resources = { count = 0 } } } },
  },
}
