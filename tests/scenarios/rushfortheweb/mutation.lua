-- Rush for the Web: rules no test held before the mutation check of 2026-11-27
-- (docs/games/rushfortheweb.md, "Mutation check"); each scenario fails with the
-- change to the script named above it. Seed 1, 2 players, seat 1 starting: setup
-- keeps P23 Zine (yellow/green/purple, project1[1]) and P9 Animated Short
-- (red/purple, project2[1]) for seat 1, P12 and P16 for seat 2. Round 1's event
-- is set at the first request; the personas do not touch what is checked.
local h = uses "_helpers.lua"
local after_seed1_keeps, hand = h.after_seed1_keeps, h.hand_of
local joined = edits.joined

return {
  game = "rushfortheweb", players = 2, seed = 1, options = { starting_player = 1 },
  scenarios = {
    -- (swap asked with only "skip" when the hand is empty)
    { name = "rushfortheweb mutation: the swap icon played from a hand it empties has nothing to swap: not asked",
      set = { "move E10 events", "persona 1 C2", "persona 2 C2" },
      steps = after_seed1_keeps({ set = { "empty hand[1] resources", "move R6 resources", "move R13 pool" } },
                                "draw", "play R6 P9"),
      expect = { seat = 1, kind = "sell", zones = { ["hand[1]"] = {}, pool = { top = "R13" } },
                 state = { ["credits[1]"] = 2 } } },
    -- (the Developer's discount on blue only)
    { name = "rushfortheweb mutation: the Developer pays 1 less for a green resource (Newsletter, 1: free)",
      set = { "move E10 events", "persona 1 C3", "persona 2 C2" },
      steps = after_seed1_keeps({ set = hand(1, "R27") }, "draw", "play R27 P23"),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 } } },
    -- (Design Week's +2 without its colour)
    { name = "rushfortheweb mutation: Design Week's +2 needs purple: a sale of red resources gets the table price alone",
      set = { "move E6 events", "persona 1 C3", "persona 2 C2" },
      steps = after_seed1_keeps({ set = joined(hand(1, "R13"), { "move R1 project2[1]", "move R2 project2[1]" }) },
                                "draw", "pool R13", "sell P9"),
      expect = { seat = 1, kind = "keep", state = { ["credits[1]"] = 3 + 1 + 5 } } },
    { name = "rushfortheweb mutation: Design Week's +2 with a purple resource on the project sold",
      set = { "move E6 events", "persona 1 C3", "persona 2 C2" },
      steps = after_seed1_keeps({ set = joined(hand(1, "R13"), { "move R1 project2[1]", "move R49 project2[1]" }) },
                                "draw", "pool R13", "sell P9"),
      expect = { seat = 1, kind = "keep", state = { ["credits[1]"] = 3 + 1 + 5 + 2 } } },
  },
}
