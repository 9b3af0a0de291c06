-- Rush for the Web under a house rule that wraps `cost` (tests/houses/
-- rushfortheweb_cost_wrapper.lua): the legal plays are then listed through the
-- rule pieces `fits` and `cost` rather than the game's faster inlined copy, and
-- the Illustrator's wild purple must hold there too.
local h = uses "_helpers.lua"
local after_seed1_keeps, hand = h.after_seed1_keeps, h.hand_of
local joined = edits.joined
local layout = { "empty project1[1] projects", "move P1 project1[1]", "move R2 resources top" }

return {
  game = "rushfortheweb", players = 2, seed = 1, options = { starting_player = 1 },
  house = "../../houses/rushfortheweb_cost_wrapper.lua",
  scenarios = {
    { name = "rushfortheweb (a house rule wraps cost): Illustrator's purple fits a red-only project",
      steps = after_seed1_keeps({ set = joined(hand(1, "R51"), layout, { "persona 1 C9" }) }, "draw",
                                { legal = { "play R51 P1" } }, "play R51 P1"),
      expect = { zones = { ["project1[1]"] = { "R51", "P1" } } } },
    { name = "rushfortheweb (a house rule wraps cost): without the Illustrator, purple does not fit a red-only project",
      steps = after_seed1_keeps({ set = joined(hand(1, "R51"), layout, { "persona 1 C2" }) }, "draw",
                                { not_legal = { "play R51 P1" } }) },
    { name = "rushfortheweb (a house rule wraps cost): a resource that costs exactly the credits left may be played",
      set = { "move E10 events" },   -- (round 1 under Garage Sale: no discount)
      steps = after_seed1_keeps({ set = joined(hand(1, "R3"), layout, { "persona 1 C2", "state credits[1] 1" }) }, "draw",
                                { legal = { "play R3 P1" } }, "play R3 P1"),
      expect = { state = { ["credits[1]"] = 0 }, zones = { ["project1[1]"] = { "R3", "P1" } } } },
  },
}
