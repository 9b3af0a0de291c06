-- Rush for the Web: an edit made while the acquire, play, sell or keep step
-- waits asks it again (refresh). Seed 1, 2 players, seat 1 starting with P23 Zine
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
    -- an edit that leaves a step with nothing to do: the turn would have
    -- passed over it, so it is asked again with its one way on
    { name = "rushfortheweb refresh: an edit leaving nothing to acquire asks the acquire step again with skip alone",
      steps = { KEEP[1], KEEP[2], { kind = "acquire", legal = { "draw" } },
                { set = { "empty resources", "empty resource_discard", "empty pool" } },
                { seat = 1, kind = "acquire", answers = { "skip" }, prompt = "there is no resource left to acquire" },
                { refused = "draw", reason = "the resource stack and the resource discard are empty" },
                "skip" },
      expect = { said = "there is no resource left to acquire", seat = 1, kind = "play",
                 zones = { ["hand[1]"] = { count = 3 } } } },   -- (3 dealt, none acquired)
    { name = "rushfortheweb refresh: a resource given back after that is offered again, with the step's own prompt",
      steps = { KEEP[1], KEEP[2], { set = { "empty resources", "empty resource_discard", "empty pool" } },
                { answers = { "skip" } }, { set = "move R2 pool top" },
                { kind = "acquire", legal = { "take R2" }, not_legal = { "skip" }, prompt = "draw a resource, or take the pool card" },
                "take R2" },
      expect = { zones = { ["hand[1]"] = { has = { "R2" } } }, kind = "play" } },
    { name = "rushfortheweb refresh: a hand emptied at the play step asks it again with skip alone",
      steps = { KEEP[1], KEEP[2], "draw", { kind = "play" }, { set = "empty hand[1]" },
                { seat = 1, kind = "play", answers = { "skip" }, prompt = "no resource to play" }, "skip" },
      expect = { said = "seat 1 has no resource to play", seat = 1, kind = "sell" } },
    { name = "rushfortheweb refresh: with trading off, resources taken off the only sellable project leave end turn alone",
      options = { starting_player = 1, trading = "off" },
      steps = { KEEP[1], KEEP[2], { set = { "empty hand[1] resources", "move R31 hand[1]", "move R2 resources top",
                                            "move R11 project2[1] top", "move R12 project2[1] top" } },
                "draw", "pool R31", { kind = "sell", answers = { "sell P9", "end turn" } },
                { set = { "move R11 resource_discard", "move R12 resource_discard" } },
                { seat = 1, kind = "sell", answers = { "end turn" }, prompt = "nothing to sell or trade" }, "end turn" },
      expect = { seat = 2, state = { ["sold[1]"] = 0 } } },
    -- the keep request: seat 1 draws P23 Zine, P9 Animated Short and P1
    -- Vlog and keeps 2 ("keep P23 P9", "keep P23 P1", "keep P9 P1")
    { name = "rushfortheweb refresh: a drawn project put in the box at the keep step is no longer offered",
      steps = { { seat = 1, kind = "keep", answers = { "keep P23 P9", "keep P23 P1", "keep P9 P1" } },
                { set = "move P23 box" },
                { seat = 1, kind = "keep", answers = { "keep P9 P1" }, prompt = "choose 2 projects to keep" },
                { refused = "keep P23 P9", reason = "P23 Zine is not among the projects drawn: P9 Animated Short and P1 Vlog" },
                "keep P9 P1" },
      expect = { zones = { box = { has = { "P23" } }, ["project1[1]"] = { "P9" }, ["project2[1]"] = { "P1" },
                           ["choice[1]"] = { count = 0 } },
                 seat = 2, kind = "keep" } },
    { name = "rushfortheweb refresh: a project put among those drawn at the keep step may be kept",
      steps = { { set = "move P5 choice[1]" }, { seat = 1, kind = "keep", legal = { "keep P5 P23", "keep P9 P1" } },
                "keep P5 P23" },
      expect = { zones = { ["project1[1]"] = { "P5" }, ["project2[1]"] = { "P23" }, ["choice[1]"] = { count = 0 } },
                 seat = 2, kind = "keep" } },
    { name = "rushfortheweb refresh: every drawn project put in the box at the keep step leaves skip alone",
      steps = { { set = { "move P23 box", "move P9 box", "move P1 box" } },
                { seat = 1, kind = "keep", answers = { "skip" }, prompt = "no project left to keep" }, "skip" },
      expect = { zones = { ["project1[1]"] = { count = 0 }, ["project2[1]"] = { count = 0 } }, seat = 2, kind = "keep" } },
  },
}
