-- Rush for the Web: the rules of the rule book (docs/games/rushfortheweb.md),
-- one scenario each. Seed 1, 2 players, seat 1 starting: seat 1 keeps P23
-- Zine and P9 Animated Short (zones project1[1], project2[1]), seat 2 P12
-- Web Comic and P16 Documentary; the round 1 event is Cloud Discount
-- (resources cost 1 less). Codes: R2 Phone Camera (red 0), R11 Studio Lights
-- (red 2), R59 Logo (purple 2), R31 Shoutout (green 1).

local KEEP = { "keep P23 P9", "keep P12 P16" }
local function steps(...) return edits.joined(KEEP, { ... }) end
local function hand(seat, ...) return edits.holding("hand[" .. seat .. "]", "resources", { ... }) end
local joined = edits.joined

return {
  game = "rushfortheweb", players = 2, seed = 1, options = { starting_player = 1 },
  scenarios = {
    { name = "rushfortheweb: set-up: a persona, 3 credits, 3 resources each, 2 of 3 projects kept, one pool card",
      steps = steps(),
      expect = { state = { credits = { 3, 3 }, ["event"] = "Cloud Discount" },
                 zones = { ["hand[1]"] = { count = 3 }, ["persona[1]"] = { count = 1 }, pool = { count = 1 },
                           ["project1[1]"] = { "P23" }, ["project2[1]"] = { "P9" } },
                 seat = 1, kind = "acquire", legal = { "draw" } } },
    { name = "rushfortheweb: the 12 events are in the stack, Expansion among them",
      expect = { zones = { events = { count = 12, has = { "Expansion" } } } } },
    { name = "rushfortheweb: draw takes the top of the resource stack",
      steps = steps({ set = "move R2 resources top" }, "draw"),
      expect = { zones = { ["hand[1]"] = { count = 4, has = { "R2" } } }, kind = "play" } },
    { name = "rushfortheweb: a resource goes to a project that allows its colour, for its cost less the discount",
      steps = steps({ set = joined(hand(1, "R11"), { "move R2 resources top" }) }, "draw", "play R11 P9"),
      expect = { zones = { ["project2[1]"] = { "R11", "P9" } }, state = { ["credits[1]"] = 2 }, kind = "sell" } },
    { name = "rushfortheweb: a colour the project does not allow is refused",
      steps = steps({ set = joined(hand(1, "R31"), { "move R2 resources top" }) }, "draw",
                    { refused = "play R31 P9", reason = "Animated Short allows red" }) },
    { name = "rushfortheweb: a resource costing more than one's credits is refused",
      steps = steps({ set = joined(hand(1, "R11"), { "move R2 resources top", "state credits[1] 0" }) }, "draw",
                    { refused = "play R11 P9", reason = "costs 1 credit after discounts; you have 0" }) },
    { name = "rushfortheweb: a resource discarded to the pool earns a credit (and the Blogger's +1)",
      steps = steps({ set = joined(hand(1, "R11"), { "move R2 resources top" }) }, "draw", "pool R11"),
      expect = { zones = { pool = { top = "R11" } }, state = { ["credits[1]"] = 5 } } },
    { name = "rushfortheweb: take the pool card instead of drawing",
      set = { "move R2 pool top" },
      steps = steps("take R2"),
      expect = { zones = { ["hand[1]"] = { has = { "R2" } } }, kind = "play" } },
    { name = "rushfortheweb: a project with fewer than 2 resources cannot be sold",
      steps = steps({ set = joined(hand(1, "R11"), { "move R2 resources top" }) }, "draw", "play R11 P9",
                    { not_legal = { "sell P9" }, legal = { "end turn" } }) },
    { name = "rushfortheweb: a project with 2 resources sells for its table's first price",
      steps = steps({ set = joined(hand(1, "R11"), { "move R2 resources top", "move R11 project2[1] top", "move R2 project2[1] top",
                                                    "empty hand[1] resources", "move R31 hand[1]" }) },
                    "draw", "pool R31", "sell P9"),
      expect = { state = { ["sold[1]"] = 1 }, zones = { ["project_discard"] = { has = { "P9" } } } } },
    { name = "rushfortheweb: a project takes more than 4 resources (no limit in the book)",
      steps = steps({ set = { "move R2 project2[1] top", "move R11 project2[1] top", "move R12 project2[1] top",
                              "move R13 project2[1] top", "empty hand[1] resources", "move R14 hand[1]", "move R1 resources top" } },
                    "draw", { legal = { "play R1 P9" } }) },
    { name = "rushfortheweb: project_capacity=4 (not in the book) stops a fifth resource",
      options = { starting_player = 1, project_capacity = 4 },
      steps = steps({ set = { "move R2 project2[1] top", "move R11 project2[1] top", "move R12 project2[1] top",
                              "move R13 project2[1] top", "empty hand[1] resources", "move R14 hand[1]", "move R1 resources top" } },
                    "draw", { not_legal = { "play R1 P9" } }) },
    { name = "rushfortheweb: the persona edit changes the effect too (C2 Podcaster in place of the Blogger: no pool bonus)",
      steps = steps({ set = joined(hand(1, "R11"), { "move R2 resources top", "persona 1 C2" }) }, "draw", "pool R11"),
      expect = { state = { ["credits[1]"] = 4, ["persona[1]"] = "Podcaster" } } },
    { name = "rushfortheweb: the turn passes to seat 2 after the sale step",
      steps = steps({ set = joined(hand(1, "R11"), { "move R2 resources top" }) }, "draw", "pool R11", "end turn"),
      expect = { seat = 2, kind = "acquire" } },
    { name = "rushfortheweb: after the last round the most credits win",
      options = { starting_player = 1, rounds = 1 },
      steps = { { run = "random", answers = 2 }, { set = "state credits[2] 99" }, { run = "random" } },
      expect = { over = true, winners = { 2 } } },
    -- the swap icon is a "may": skipping it leaves the hand and the pool as they were
    { name = "rushfortheweb: swap may be skipped; hand and pool unchanged",
      steps = steps({ set = joined(hand(1, "R6", "R13"), { "move R2 resources top", "move R31 pool top" }) },
                    "draw", "play R6 P9", { kind = "swap", legal = { "swap R13", "swap R2", "skip" } }, "skip"),
      expect = { zones = { pool = { top = "R31" }, ["hand[1]"] = { count = 2, has = { "R13", "R2" }, lacks = { "R31" } },
                           ["project2[1]"] = { "R6", "P9" } },
                 kind = "sell" } },
    -- and taken, the hand card goes on top of the pool, the pool card to the hand
    { name = "rushfortheweb: swap exchanges the hand card with the pool's top card",
      steps = steps({ set = joined(hand(1, "R6", "R13"), { "move R2 resources top", "move R31 pool top" }) },
                    "draw", "play R6 P9", "swap R13"),
      expect = { zones = { pool = { top = "R13" }, ["hand[1]"] = { count = 2, has = { "R31", "R2" }, lacks = { "R13" } } } } },
  },
}
