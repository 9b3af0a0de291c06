-- Rush for the Web: an edit made while the acquire, play or sell step waits
-- asks it again (refresh). Seed 1, 2 players, seat 1 starting with P23 Zine
-- and P9 Animated Short (red); Cloud Discount (1 less). R2 Phone Camera
-- (red 0), R11 Studio Lights (red 2), R31 Shoutout (green 1).

local KEEP = { "keep P23 P9", "keep P12 P16" }

return {
  game = "rushfortheweb", players = 2, seed = 1, options = { starting_player = 1 },
  scenarios = {
    { name = "rushfortheweb refresh: a card put on the pool at the acquire step may be taken",
      steps = { KEEP[1], KEEP[2], { kind = "acquire", not_legal = { "take R2" } },
                { set = "move R2 pool top" }, { kind = "acquire", legal = { "draw", "take R2", "trade" } }, "take R2" },
      expect = { zones = { ["hand[1]"] = { has = { "R2" } } }, kind = "play" } },
    { name = "rushfortheweb refresh: a card put in the hand at the play step may be played",
      steps = { KEEP[1], KEEP[2], { set = { "empty hand[1] resources", "move R31 hand[1]", "move R2 resources top" } },
                "draw", { kind = "play", not_legal = { "play R11 P9" } },
                { set = "move R11 hand[1]" }, { kind = "play", legal = { "play R11 P9", "pool R11" } }, "play R11 P9" },
      expect = { zones = { ["project2[1]"] = { "R11", "P9" } }, kind = "sell" } },
    { name = "rushfortheweb refresh: resources put on a project at the sell step let it be sold, at its price",
      steps = { KEEP[1], KEEP[2], { set = { "empty hand[1] resources", "move R31 hand[1]", "move R2 resources top" } },
                "draw", "pool R31", { kind = "sell", not_legal = { "sell P9" } },
                { set = { "move R11 project2[1] top", "move R12 project2[1] top" } },
                { kind = "sell", legal = { "sell P9", "end turn" } }, "sell P9" },
      expect = { state = { ["sold[1]"] = 1 } } },
  },
}
