-- Cryptocurrency with the fewest players, 2: two tracks get a player's
-- rumour each round, the other two the rumour deck's top cards ("In einer
-- Partie mit 2 oder 3 Spielern ..."), and 5 rumours on every track end the
-- game. Seed 3, start player 1: seat 2 holds the last player marker and is
-- seat 1's right neighbour.

local h = uses "_helpers.lua"
-- the preparation phase with no replacement, loans or hires
local PREP, placed = h.prep(2), h.placed

-- both pass; the rumour phase from seat 2, then seat 1
local ROUND = edits.joined(PREP, { { seat = 1, kind = "action" }, "pass", "pass",
  { seat = 2, kind = "rumour" }, "Flyt", { seat = 1, kind = "rumour", answers = { "Eruptium", "Elvt", "Quasar" } }, "Elvt" })

return {
  game = "cryptocurrency", players = 2, seed = 3, options = { start_player = 1 },
  scenarios = {
    { name = "cryptocurrency, 2 players: the two tracks no player chose get the deck's top cards",
      steps = ROUND,
      expect = { state = { placed = { Flyt = 1, Eruptium = 1, Elvt = 1, Quasar = 1 }, round = 2, start = 2, last = 1 },
                 zones = { rumours_Eruptium = { count = 3 }, rumours_Quasar = { count = 3 },
                           rumour_deck = { count = 36 - 8 - 2 - 2 } },
                 seat = 2, kind = "propose_replace" } },
    { name = "cryptocurrency, 2 players: 4 rumours on every track do not end the game",
      set = placed(3),
      steps = ROUND,
      expect = { state = { ["placed.Flyt"] = 4, ["placed.Quasar"] = 4, round = 2 }, seat = 2, kind = "propose_replace" } },
    { name = "cryptocurrency, 2 players: the fifth rumour on every track ends the game after the rumour phase",
      set = placed(4),
      steps = ROUND,
      expect = { over = true, state = { ["placed.Eruptium"] = 5, ["placed.Quasar"] = 5, phase = "end" } } },
    -- "Kopiere für diese Aktion einen Gear deines rechten Nachbarn": with two
    -- players, the other seat
    { name = "cryptocurrency, 2 players: the Replicator copies a member of the other seat",
      set = { "move Intern box from team[1]", 'move "Replicator" team[1]',
              "move Intern box from team[2]", 'move "Quant Wizard" team[2]' },
      steps = edits.joined(PREP, { "mine Elvt", "Replicator", "done",
        { kind = "replicator", answers = { "copy Quant Wizard", "copy Intern", "copy Intern (2)", "no" } } }) },
  },
}
