-- Cryptocurrency with the most players, 4: every track gets a player's
-- rumour each round, and 4 rumours on every track end the game ("bzw. 4
-- Gerüchtekarten in einer 4-Spieler-Partie"). Seed 3, start player 1: seat
-- 4 holds the last player marker; everyone has 6 Wonga and 3 Interns.

local h = uses "_helpers.lua"
-- the preparation phase with no replacement, loans or hires
local PREP, placed = h.prep(4), h.placed

-- everyone passes; the rumour phase from seat 4 counter-clockwise
local ROUND = edits.joined(PREP, { { seat = 1, kind = "action" }, "pass", "pass", "pass", "pass",
  { seat = 4, kind = "rumour", legal = { "Flyt", "Eruptium", "Elvt", "Quasar" } }, "Flyt",
  { seat = 3, kind = "rumour" }, "Eruptium", { seat = 2, kind = "rumour" }, "Elvt",
  { seat = 1, kind = "rumour", answers = { "Quasar" } }, "Quasar" })

return {
  game = "cryptocurrency", players = 4, seed = 3, options = { start_player = 1 },
  scenarios = {
    { name = "cryptocurrency, 4 players: every track gets one player's rumour and none from the deck",
      steps = ROUND,
      expect = { state = { placed = { Flyt = 1, Eruptium = 1, Elvt = 1, Quasar = 1 }, round = 2, start = 2, last = 1 },
                 zones = { rumours_Flyt = { count = 3 }, rumours_Quasar = { count = 3 }, rumour_deck = { count = 36 - 8 - 4 } },
                 seat = 2, kind = "propose_replace" } },
    { name = "cryptocurrency, 4 players: 3 rumours on every track do not end the game",
      set = placed(2),
      steps = ROUND,
      expect = { state = { ["placed.Flyt"] = 3, round = 2 }, seat = 2, kind = "propose_replace" } },
    { name = "cryptocurrency, 4 players: the fourth rumour on every track ends the game after the rumour phase",
      set = placed(3),
      steps = ROUND,
      expect = { over = true, state = { ["placed.Flyt"] = 4, ["placed.Quasar"] = 4, round = 1, phase = "end" } } },
  },
}
