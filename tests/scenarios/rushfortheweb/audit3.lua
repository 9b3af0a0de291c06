-- Rush for the Web: a third audit from the rule book (DE-1.1, EN-1.1), at what
-- audit.lua and audit2.lua did not reach: setup at 3, 4 and 5 players, the pool
-- stack as a stack, where a sale's cards go, an event revealed by the starting
-- player applying to its own turn, icons at the edge of events and of the sale,
-- two sales under one event, the tie-break's order, and options acting with the
-- personas. Seed 5, set-up as in audit2.lua: setup keeps P10 P2 (seat 1), P24 P14
-- (seat 2), P6 P9 (seat 3), P7 P13 (seat 4), P26 P19 (seat 5); the pool is R18.
local h = uses "_helpers.lua"
local layout, hand, next_projects, start = h.layout, h.hand, h.next_projects, h.start
local seed5_keeps, set_after_seed5_keeps, only_events = h.seed5_keeps, h.set_after_seed5_keeps, h.only_events
local KEEPS2 = seed5_keeps(2)
-- setup steps 3 to 8 at n players, checked at the starting player's first request:
-- the other personas back in the box (none left in a stack), the third project
-- shuffled back (the project discard empty), 3 credits and 3 hidden resources each,
-- one pool card, 11 events left after round 1's
local function setup_at(n)
  local zones = { personas = { count = 0 }, projects = { count = 28 - 2 * n }, project_discard = { count = 0 },
                  resources = { count = 60 - 1 - 3 * n }, resource_discard = { count = 0 }, pool = { count = 1 },
                  events = { count = 11 }, event = { count = 1 } }
  local state = {}
  for seat = 1, n do
    zones["hand[" .. seat .. "]"] = { count = 3 }
    zones["project1[" .. seat .. "]"] = { count = 1 }
    zones["project2[" .. seat .. "]"] = { count = 1 }
    zones["project3[" .. seat .. "]"] = { count = 0 }
    zones["persona[" .. seat .. "]"] = { count = 1 }
    state["credits[" .. seat .. "]"] = 3
    state["sold[" .. seat .. "]"] = 0
  end
  return { name = string.format("rushfortheweb audit3: setup at %d players: a persona, 2 of 3 projects (the third back in the stack), "
      .. "3 credits and 3 resources each, the other personas in the box, one pool card, 11 events after round 1's", n),
    players = n, options = { starting_player = 1 }, set = { "move E10 events" },
    steps = seed5_keeps(n),
    expect = { seat = 1, kind = "acquire", round = 1, state = state, zones = zones } }
end

return {
  game = "rushfortheweb", players = 2, seed = 5, options = { starting_player = 1 },
  scenarios = {
    -- setup at every table size the book allows beyond those audited -------------
    setup_at(3),
    setup_at(4),
    setup_at(5),

    -- the pool stack ----------------------------------------------------------------
    { name = "rushfortheweb audit3: the pool is a stack: a discard goes on top, the next player takes only the top, and the card under it is the top again",
      set = start("E10"),
      steps = set_after_seed5_keeps(edits.joined(hand(1, { "R13" }), hand(2, { "R15" })),
        { "draw", "pool R13", "end turn",
          { seat = 2, kind = "acquire", legal = { "take R13" }, not_legal = { "take R18" }, zones = { pool = { "R13", "R18" } } },
          "take R13" }),
      expect = { seat = 2, kind = "play", zones = { pool = { "R18" }, ["hand[2]"] = { has = { "R13", "R15" } } } } },

    { name = "rushfortheweb audit3: a discard to the pool is not the resource discard; a sold project's resources go to the resource discard, not the pool",
      set = start("E10"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2" }), hand(1, { "R13" }), next_projects("P3", "P4")),
        { "draw", "pool R13", "sell P1", "keep P3" }),
      expect = { seat = 1, kind = "sell", zones = { pool = { "R13", "R18" }, resource_discard = { count = 2, has = { "R1", "R2" } } } } },

    { name = "rushfortheweb audit3: a sale: the project to the project discard, of the 2 drawn the other is shuffled back into the stack (not discarded)",
      set = start("E10"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2" }), hand(1, { "R13" }), next_projects("P3", "P4")),
        { "draw", "pool R13", { zones = { projects = { count = 24 } } }, "sell P1", "keep P3" }),
      expect = { seat = 1, kind = "sell", zones = { project_discard = { "P1" }, projects = { count = 23, has = { "P4" } },
                                                   ["project1[1]"] = { "P3" } } } },

    -- icons at the edge of other rules ------------------------------------------------
    { name = "rushfortheweb audit3: again's discard to the pool pays the pool credit and the round's pool bonus (Swap Meet: 1 + 2)",
      set = start("E11"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R9", "R13" })),
        { "draw", "play R9 P1", { kind = "again" }, "pool R13" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 - 2 + 3 }, zones = { pool = { "R13", "R18" } } } },

    { name = "rushfortheweb audit3: again brings a bare project to 2 resources: it may be sold in the same turn (effects first, then the sale)",
      set = start("E10"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R9", "R3" })),
        { "draw", { not_legal = { "sell P1" } }, "play R9 P1", "play R3 P1", { kind = "sell", legal = { "sell P1" } }, "sell P1" }),
      expect = { seat = 1, kind = "keep", state = { ["credits[1]"] = 3 - 2 - 1 + 5, ["sold[1]"] = 1 } } },

    { name = "rushfortheweb audit3: a resource with the again icon discarded to the pool: its effect is ignored, only the credit",
      set = start("E7"),
      steps = set_after_seed5_keeps(hand(1, { "R9" }), { "draw", "pool R9" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 + 1 }, zones = { pool = { "R9", "R18" } } } },

    { name = "rushfortheweb audit3: take pool: the card taken (an again card) has no effect, and the discard to the resource discard pays nothing",
      set = start("E10"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R7", "R13" }), { "move R9 pool" }),
        { "draw", "play R7 P1", { kind = "take_pool" }, "take R9", { kind = "discard" }, "discard R13" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 - 1 },
                 zones = { resource_discard = { "R13" }, pool = { "R18" }, ["hand[1]"] = { has = { "R9" } } } } },

    { name = "rushfortheweb audit3: draw another: the card just drawn may be the one discarded",
      set = start("E10"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R8", "R13" }), { "move R27 resources" }),
        { "take R18", "play R8 P1", "draw", { kind = "discard", legal = { "discard R27", "discard R13", "discard R18" } },
          "discard R27" }),
      expect = { seat = 1, kind = "sell", zones = { resource_discard = { "R27" }, ["hand[1]"] = { count = 2, has = { "R13", "R18" } } } } },

    { name = "rushfortheweb audit3: swap: the card taken from the pool (an again card) has no effect, the hand card goes on the pool",
      set = start("E10"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R6", "R13" }), { "move R9 pool" }),
        { "draw", "play R6 P1", { kind = "swap" }, "swap R13" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 - 1 }, zones = { pool = { "R13", "R18" }, ["hand[1]"] = { has = { "R9" } } } } },

    { name = "rushfortheweb audit3: a discount on a free resource is no gain: Hardware Sale (2 less) on a card costing 0 pays nothing back",
      set = start("E13"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R1" })), { "draw", "play R1 P1" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 } } },

    -- events revealed in a later round ------------------------------------------------
    { name = "rushfortheweb audit3: Patron Day revealed by the starting player in round 2 pays at that player's own turn start",
      set = edits.joined(only_events("E10", "E14"), { "persona 1 C3", "persona 2 C9" }),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1", { "R1" }), hand(1, { "R13", "R14" }), hand(2, { "R15", "R16" })),
        { "draw", "pool R13", "end turn", "draw", "pool R15", "end turn" }),
      -- round 1: 3 + 1 + 1 (Garage Sale); round 2: +1 for P1 holding R1 (P2 holds none)
      expect = { seat = 1, kind = "acquire", round = 2, state = { event = "Patron Day", ["credits[1]"] = 3 + 2 + 1 } } },

    { name = "rushfortheweb audit3: Expansion revealed by the starting player in round 2: that player draws its third project first",
      set = edits.joined(only_events("E10", "E1"), { "persona 1 C3", "persona 2 C9" }),
      steps = set_after_seed5_keeps(edits.joined(hand(1, { "R13", "R14" }), hand(2, { "R15", "R16" })),
        { "draw", "pool R13", "end turn", "draw", "pool R15", "end turn",
          { seat = 1, kind = "keep", round = 2, state = { event = "Expansion" }, zones = { ["choice[1]"] = { count = 2 } } } }) },

    { name = "rushfortheweb audit3: an event's sell bonus lasts its round only: Ad Boom's +2 red is gone in round 2",
      set = edits.joined(only_events("E2", "E10"), { "persona 1 C3", "persona 2 C9" }),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2" }), hand(1, { "R13", "R14" }), hand(2, { "R15", "R16" }),
          next_projects("P3", "P4")),
        { "draw", "pool R13", "end turn", "draw", "pool R15", "end turn", "draw", "pool R14", "sell P1" }),
      -- round 1: +1 (pool); round 2: +2 (pool, Garage Sale), +5 (table, no Ad Boom)
      expect = { seat = 1, kind = "keep", state = { ["credits[1]"] = 3 + 1 + 2 + 5 } } },

    { name = "rushfortheweb audit3: the event's sell bonus counts on each of two sales in a turn (Entrepreneur, Ad Boom +2 red)",
      set = start("E2", "C5", "C3"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2" }), layout(1, 2, "P6", { "R3", "R13" }), hand(1, { "R14" }),
          next_projects("P3", "P4")),
        { "draw", "pool R14", "sell P1", "keep P3", { set = next_projects("P11", "P12") }, "sell P6", "keep P11" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 + 1 + (5 + 2) + (4 + 2), ["sold[1]"] = 2 } } },

    { name = "rushfortheweb audit3: a third project (Expansion) that is sold is replaced: the player keeps 3 projects",
      set = start("E1"),
      steps = edits.joined(KEEPS2,
        { { set = edits.holding("choice[1]", "projects", { "P3", "P4" }) }, "keep P3",
          { set = edits.joined(hand(1, { "R25" }), { "move R26 project3[1]", "move R27 project3[1]" }, next_projects("P5", "P11")) },
          "draw", "pool R25", "sell P3", { kind = "keep", legal = { "keep P11", "keep P5" } }, "keep P5" }),
      expect = { seat = 1, kind = "sell", zones = { ["project3[1]"] = { "P5" }, ["project1[1]"] = { "P10" }, ["project2[1]"] = { "P2" } },
                 state = { ["credits[1]"] = 3 + 1 + 5 } } },

    { name = "rushfortheweb audit3: a sale with one project left in the stack: the second is drawn from the reshuffled discard, the sold project among it",
      set = start("E10"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2" }), hand(1, { "R13" }),
          { "empty projects box", "empty project_discard box", "move P3 projects from box" }),
        { "draw", "pool R13", "sell P1", { seat = 1, kind = "keep", legal = { "keep P3", "keep P1" } }, "keep P3" }),
      expect = { seat = 1, kind = "sell", zones = { ["project1[1]"] = { "P3" }, projects = { "P1" }, project_discard = { count = 0 } } } },

    -- events with two effects -------------------------------------------------------
    { name = "rushfortheweb audit3: Black Friday's two effects at once: a discard pays 1 + 1, a card costs 1 less",
      set = start("E17", "C9", "C3"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R9", "R13" })),
        { "draw", "play R9 P1", { state = { ["credits[1]"] = 3 - 1 } }, "pool R13" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 - 1 + 2 } } },

    { name = "rushfortheweb audit3: Subscription Surge's two effects: +1 a turn per project with a resource, and +1 on the sale",
      set = start("E18", "C9", "C3"),
      steps = set_after_seed5_keeps(edits.joined(hand(1, { "R13" }), layout(2, 1, "P1", { "R1", "R2" }), layout(2, 2, "P6", { "R3" }),
          hand(2, { "R14" }), next_projects("P3", "P4")),
        { "draw", "pool R13", "end turn", { seat = 2, kind = "acquire", state = { ["credits[2]"] = 3 + 2 } },
          "draw", "pool R14", "sell P1" }),
      expect = { seat = 2, kind = "keep", state = { ["credits[2]"] = 3 + 2 + 1 + 5 + 1 } } },

    { name = "rushfortheweb audit3: the Streamer's income and Sponsorship Round's credits both come at the start of its turn",
      set = start("E10", "C10", "C3"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1", { "R1" }), hand(1, { "R13" }), hand(2, { "R14" }),
          { "empty events box", "move E15 events from box" }),
        { "draw", "pool R13", "end turn", "draw", "pool R14", "end turn" }),
      -- round 1: +2 (pool, Garage Sale); round 2: +1 Streamer (red on P1), +2 Sponsorship Round (P1 holds one)
      expect = { seat = 1, kind = "acquire", round = 2, state = { ["credits[1]"] = 3 + 2 + 1 + 2 } } },

    -- the end of the game ---------------------------------------------------------
    { name = "rushfortheweb audit3: credits come before projects sold: the richer player wins with fewer sales",
      set = edits.joined(start("E10"), { "empty events box", "move E10 events" }),
      steps = set_after_seed5_keeps(edits.joined(hand(1, { "R13" }), hand(2, { "R14" }), { "state sold[2] 3", "state credits[1] 4" }),
        { "draw", "pool R13", "end turn", "draw", "pool R14", "end turn" }),
      expect = { over = true, winners = { 1 }, scores = { 6, 5 } } },

    { name = "rushfortheweb audit3: 4 players, seat 4 starting, one round: seat 4 first, the game ends after seat 3",
      players = 4, options = { starting_player = 4 },
      set = edits.joined(only_events("E7"), { "persona 1 C3", "persona 2 C9", "persona 3 C3", "persona 4 C9" }),
      steps = edits.joined(seed5_keeps(4),
        { { set = edits.joined(hand(1, { "R13" }), hand(2, { "R14" }), hand(3, { "R15" }), hand(4, { "R16" })) },
          { seat = 4, kind = "acquire" }, "draw", "pool R16", "end turn",
          { seat = 1 }, "draw", "pool R13", "end turn",
          { seat = 2 }, "draw", "pool R14", "end turn",
          { seat = 3, over = false }, "draw", "pool R15", "end turn" }),
      expect = { over = true, winners = { 1, 2, 3, 4 }, scores = { 4, 4, 4, 4 } } },

    -- options with the personas -----------------------------------------------------
    { name = "rushfortheweb audit3: option resource_bonus=played: a Drone counts once, for the first of the Entrepreneur's two sales",
      options = { starting_player = 1, resource_bonus = "played" },
      set = start("E10", "C5", "C3"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2" }), layout(1, 2, "P6", { "R3", "R13" }), hand(1, { "R12" }),
          next_projects("P3", "P4")),
        { "draw", "play R12 P1", { state = { ["credits[1]"] = 0 } }, "sell P6", { state = { ["credits[1]"] = 4 + 3 } }, "keep P3",
          { set = next_projects("P11", "P12") }, "sell P1" }),
      expect = { seat = 1, kind = "keep", state = { ["credits[1]"] = 4 + 3 + 8 } } },

    { name = "rushfortheweb audit3: option bonus_colours=all: the Maintainer's royalty needs yellow, green and blue; a yellow-only sale pays none",
      options = { starting_player = 1, bonus_colours = "all" },
      set = start("E10", "C8", "C3"),
      steps = set_after_seed5_keeps(edits.joined(hand(1, { "R13" }), layout(2, 1, "P2", { "R14", "R15" }), hand(2, { "R16" }),
          next_projects("P3", "P4")),
        { "draw", "pool R13", "end turn", "draw", "pool R16", "sell P2" }),
      expect = { seat = 2, kind = "keep", state = { ["credits[1]"] = 3 + 2, ["credits[2]"] = 3 + 2 + 5 } } },

    { name = "rushfortheweb audit3: default bonus_colours=any: the same yellow-only sale pays the Maintainer its royalty",
      set = start("E10", "C8", "C3"),
      steps = set_after_seed5_keeps(edits.joined(hand(1, { "R13" }), layout(2, 1, "P2", { "R14", "R15" }), hand(2, { "R16" }),
          next_projects("P3", "P4")),
        { "draw", "pool R13", "end turn", "draw", "pool R16", "sell P2" }),
      expect = { seat = 2, kind = "keep", state = { ["credits[1]"] = 3 + 2 + 1, ["credits[2]"] = 3 + 2 + 5 } } },

    -- trade after the actions -----------------------------------------------------
    { name = "rushfortheweb audit3: trade after the sale (the book's 'after player actions'): the credits just earned pay for a card",
      set = start("E10"),
      steps = set_after_seed5_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2" }), hand(1, { "R13" }), hand(2, { "R39" }),
          next_projects("P3", "P4")),
        { "draw", "pool R13", "sell P1", "keep P3", { kind = "sell", legal = { "trade", "end turn" } },
          "trade", "with seat 2", "give 7", "done", "ask 0",
          -- (one blue card asked: seat 2 holds no more, so the step ends by itself)
          "blue card", { seat = 2, kind = "offer" }, "accept" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 + 2 + 5 - 7, ["credits[2]"] = 3 + 7 },
                 zones = { ["hand[1]"] = { has = { "R39" } }, ["hand[2]"] = { count = 0 } } } },

    { name = "rushfortheweb audit3: 3 players: trades with two other players in one turn, one at a time (the German 'immer zwischen dem aktuellen Spieler und einem anderen')",
      players = 3, options = { starting_player = 1 },
      set = { "move E10 events", "persona 1 C3", "persona 2 C9", "persona 3 C4" },
      steps = edits.joined({ "keep P10 P2", "keep P24 P14", "keep P6 P9" },
        { { set = edits.joined(hand(1, { "R13" }), hand(2, { "R39" }), hand(3, { "R40" })) },
          "trade", "with seat 2", "give 1", "done", "ask 0", "blue card", { seat = 2, kind = "offer" }, "accept",
          { seat = 1, kind = "acquire", legal = { "trade" } },
          "trade", { kind = "trade", legal = { "with seat 2", "with seat 3" } }, "with seat 3", "give 1", "done", "ask 0",
          "blue card", { seat = 3, kind = "offer" }, "accept" }),
      expect = { seat = 1, kind = "acquire", state = { ["credits[1]"] = 1, ["credits[2]"] = 4, ["credits[3]"] = 4 },
                 zones = { ["hand[1]"] = { count = 3, has = { "R39", "R40" } } } } },

    -- what the book lets a player choose ----------------------------------------
    { name = "rushfortheweb audit3: the play step lists every hand card for the pool, also one that fits no project and one too dear",
      set = start("E10"),
      steps = set_after_seed5_keeps(edits.joined(hand(1, { "R1", "R12", "R13" }), { "state credits[1] 0" }),
        { "draw", { not_legal = { "play R1 P10", "play R1 P2", "play R12 P2" },
                    legal = { "play R13 P2", "play R13 P10", "pool R1", "pool R12", "pool R13" } } }) },

    { name = "rushfortheweb audit3: the acquire step offers exactly the two ways of the book (and trade), not both",
      set = start("E10"),
      steps = set_after_seed5_keeps(hand(1, { "R13" }),
        { { answers = { "draw", "take R18", "trade" } }, "take R18", { kind = "play", not_legal = { "draw", "take R18" } } }) },
  },
}
