-- Rush for the Web: scenarios of an audit written from the rule book (EN-1.1) and
-- the docs alone, each a position of the book with what must hold after it. Seed 5, 2 players: setup keeps P10 P2 (seat 1) and P24 P14 (seat 2).
local function layout(seat, slot, project, resources)
  local zone = "project" .. slot .. "[" .. seat .. "]"
  local list = { "empty " .. zone .. " projects", "move " .. project .. " " .. zone }
  for _, r in ipairs(resources or {}) do list[#list + 1] = "move " .. r .. " " .. zone end
  return list
end
local function hand(seat, cards)
  return edits.holding("hand[" .. seat .. "]", "resources", cards)
end
-- at the first request: the round-1 event on top of the event stack, neutral personas
local function start(event)
  return { "move " .. event .. " events", "persona 1 C3", "persona 2 C9" }
end
local function after_keeps(edits_list, ...)
  return edits.joined({ "keep P10 P2", "keep P24 P14", { set = edits_list } }, ...)
end

return {
  game = "rushfortheweb", players = 2, seed = 5, options = { starting_player = 1 },
  scenarios = {
    { name = "rushfortheweb audit: book example: a project with 2 resources sells for the table's 2 column (4); it goes to the discard, 2 projects drawn, one kept",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P16", { "R1", "R2" }), hand(1, { "R13" }),
          { "move P3 projects", "move P4 projects" }),
        { "draw", "play R13 P2", "sell P16",
          { seat = 1, kind = "keep", state = { ["credits[1]"] = 7, ["sold[1]"] = 1 },
            zones = { project_discard = { top = "P16" }, resource_discard = { count = 2, has = { "R1", "R2" } },
                      ["choice[1]"] = { count = 2, has = { "P3", "P4" } } } },
          "keep P3", { seat = 1, kind = "sell", answers = { "trade", "end turn" } }, "end turn" }),
      expect = { seat = 2, kind = "acquire",
        zones = { ["project1[1]"] = { "P3" }, projects = { has = { "P4" } }, ["project2[1]"] = { top = "R13" } } } },

    { name = "rushfortheweb audit: only one project is sold in a turn",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P16", { "R1", "R2" }), layout(1, 2, "P2", { "R13", "R14" }),
          hand(1, { "R3" }), { "move P3 projects", "move P4 projects" }),
        { "draw", "play R3 P16", "sell P16", "keep P3", { not_legal = { "sell P2" } }, "end turn" }),
      expect = { seat = 2, kind = "acquire", zones = { ["project2[1]"] = { count = 3 } },
                 state = { ["sold[1]"] = 1 } } },

    { name = "rushfortheweb audit: a resource goes only on an own project that allows its colour",
      set = start("E10"),
      steps = after_keeps(hand(1, { "R38", "R13" }),
        { "draw", { refused = "play R38 P2", reason = "allows" },
          { refused = "play R13 P24", reason = "seat 2" }, { legal = { "play R13 P2", "play R13 P10" } } }),
      expect = { seat = 1, kind = "play" } },

    { name = "rushfortheweb audit: again icon: another resource played (paid), then one drawn so the hand size does not change",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R9", "R3", "R13" }), { "state credits[1] 5" }),
        { "take R18", "play R9 P1", { seat = 1, kind = "again" },
          { set = "move R27 resources" }, "play R3 P1" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 2 },
                 zones = { ["hand[1]"] = { count = 3, has = { "R27", "R13", "R18" } },
                           ["project1[1]"] = { "R3", "R9", "P1" } } } },

    { name = "rushfortheweb audit: again icon: a discard to the pool instead takes the pool credit, then a card is drawn",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R9", "R13" }), { "state credits[1] 5" }),
        { "take R18", "play R9 P1", { set = "move R27 resources" }, "pool R13" }),
      -- 5 - 2 for R9, + 1 for the pool, + 1 Garage Sale
      expect = { state = { ["credits[1]"] = 5 }, zones = { pool = { top = "R13" }, ["hand[1]"] = { count = 2, has = { "R27" } } } } },

    { name = "rushfortheweb audit: take pool icon: the pool card taken, a hand card discarded to the resource discard, no effects",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R7", "R13" }), { "move R20 pool", "move R14 resources" }),
        { "draw", "play R7 P1", { kind = "take_pool" }, "take R20", { kind = "discard" }, "discard R20" }),
      expect = { seat = 1, kind = "sell",
                 zones = { resource_discard = { top = "R20" }, pool = { top = "R18" }, ["hand[1]"] = { count = 2, has = { "R13", "R14" } } } } },

    { name = "rushfortheweb audit: draw another icon: a resource drawn, one discarded to the resource discard",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R8", "R13" }), { "move R15 resources", "move R14 resources" }),
        { "draw", "play R8 P1", { kind = "draw_another" }, "draw", "discard R13" }),
      expect = { seat = 1, kind = "sell",
                 zones = { resource_discard = { top = "R13" }, ["hand[1]"] = { count = 2, has = { "R14", "R15" } } } } },

    { name = "rushfortheweb audit: a resource's sell bonus with a colour condition: +2 with yellow when a yellow resource is attached",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P6", { "R11", "R13" }), hand(1, { "R14" })),
        { "draw", "play R14 P2", "sell P6" }),
      expect = { state = { ["credits[1]"] = 3 + 4 + 2 } } },

    { name = "rushfortheweb audit: a resource's sell bonus with a colour condition: nothing without that colour",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P6", { "R11", "R1" }), hand(1, { "R14" })),
        { "draw", "play R14 P2", "sell P6" }),
      expect = { state = { ["credits[1]"] = 3 + 4 } } },

    { name = "rushfortheweb audit: event cost reduction 2: to a minimum of free, for the again icon's extra card too",
      set = start("E13"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R9", "R12" }), { "state credits[1] 1" }),
        { "take R18", "play R9 P1", { state = { ["credits[1]"] = 1 } }, "play R12 P1" }),
      expect = { state = { ["credits[1]"] = 0 }, zones = { ["project1[1]"] = { count = 3 } } } },

    { name = "rushfortheweb audit: Expansion: at the start of the turn, 2 projects drawn, one kept as a third project, the other to the project discard",
      set = start("E1"),
      steps = { "keep P10 P2", "keep P24 P14", { seat = 1, kind = "keep" },
        { set = edits.holding("choice[1]", "projects", { "P3", "P4" }) }, "keep P3" },
      expect = { seat = 1, kind = "acquire",
                 zones = { ["project3[1]"] = { "P3" }, project_discard = { top = "P4" } } } },

    { name = "rushfortheweb audit: event sell bonus applies to any player's sale in that round (Ad Boom +2 with red, seat 2)",
      set = start("E2"),
      steps = after_keeps(edits.joined(hand(1, { "R13" }), layout(2, 1, "P6", { "R1", "R2" }), hand(2, { "R14" })),
        { "draw", "pool R13", "end turn", { seat = 2 }, "draw", "pool R14", "sell P6" }),
      -- 3 + 1 (pool) + 4 + 2
      expect = { state = { ["credits[2]"] = 10 } } },

    { name = "rushfortheweb audit: the game ends when the event stack is empty; most credits win",
      set = edits.joined(start("E10"), { "empty events box", "move E10 events" }),
      steps = after_keeps(edits.joined(hand(1, { "R13" }), hand(2, { "R14" }), { "state credits[2] 9" }),
        { "draw", "pool R13", "end turn", "draw", "pool R14", "end turn" }),
      expect = { over = true, winners = { 2 } } },

    { name = "rushfortheweb audit: a tie in credits goes to the player with the most projects sold",
      set = edits.joined(start("E10"), { "empty events box", "move E10 events" }),
      steps = after_keeps(edits.joined(hand(1, { "R13" }), hand(2, { "R14" }), { "state credits[2] 3", "state sold[1] 1" }),
        { "draw", "pool R13", "end turn", "draw", "pool R14", "end turn" }),
      expect = { over = true, winners = { 1 } } },

    { name = "rushfortheweb audit: still tied after projects sold: the players share the win",
      set = edits.joined(start("E10"), { "empty events box", "move E10 events" }),
      steps = after_keeps(edits.joined(hand(1, { "R13" }), hand(2, { "R14" })),
        { "draw", "pool R13", "end turn", "draw", "pool R14", "end turn" }),
      expect = { over = true, winners = { 1, 2 } } },

    { name = "rushfortheweb audit: trade: only the current player and one other player",
      set = start("E10"),
      steps = after_keeps({}, { "trade", { kind = "trade" }, { refused = "with seat 1", reason = "one other" }, { legal = { "with seat 2" } } }),
      expect = { seat = 1, kind = "trade" } },

    { name = "rushfortheweb audit: no hand limit: a hand of 9 cards is kept",
      set = start("E10"),
      steps = after_keeps(hand(1, { "R13", "R14", "R15", "R16", "R17", "R1", "R2", "R3", "R4" }), { "draw", "pool R13", "end turn" }),
      expect = { seat = 2, zones = { ["hand[1]"] = { count = 9 } } } },

    { name = "rushfortheweb audit: 5 players, seat 3 starting: turns 3 4 5 1 2, then seat 3 reveals the next event for round 2",
      players = 5, options = { starting_player = 3 },
      set = { "move E10 events", "persona 1 C3", "persona 2 C9", "persona 3 C1", "persona 4 C2", "persona 5 C4" },
      steps = edits.joined({ "keep P10 P2", "keep P24 P14", "keep P6 P9", "keep P7 P13", "keep P26 P19",
          { set = edits.joined(hand(1, { "R13" }), hand(2, { "R14" }), hand(3, { "R15" }), hand(4, { "R16" }), hand(5, { "R17" })) } },
        { { seat = 3, kind = "acquire" }, "draw", "pool R15", "end turn",
          { seat = 4 }, "draw", "pool R16", "end turn",
          { seat = 5 }, "draw", "pool R17", "end turn",
          { seat = 1 }, "draw", "pool R13", "end turn",
          { seat = 2, round = 1 }, "draw", "pool R14", "end turn" }),
      expect = { seat = 3, kind = "acquire", round = 2, state = { round = 2 },
                 zones = { events = { count = 10 }, past_events = { has = { "E10" } }, event = { count = 1, lacks = { "E10" } } } } },

    { name = "rushfortheweb audit: event sell bonus with two colours (Crossover Hype, red or yellow): a red-only project gets it (German reading)",
      set = start("E8"),
      steps = after_keeps(edits.joined(layout(1, 1, "P6", { "R1", "R2" }), hand(1, { "R14" })),
        { "draw", "play R14 P2", "sell P6" }),
      expect = { state = { ["credits[1]"] = 3 + 4 + 3 } } },

    { name = "rushfortheweb audit: an event stack emptied before the first reveal leaves no round to play",
      set = { "empty events box" },
      steps = { "keep P10 P2", "keep P24 P14" },
      expect = { over = true, winners = { 1, 2 } } },

    { name = "rushfortheweb audit: an event put in the stack from the box makes one round more",
      set = { "move E9 events from box" },
      steps = { "keep P10 P2", "keep P24 P14" },
      expect = { seat = 1, kind = "acquire", state = { rounds = 13 }, zones = { events = { count = 12 }, event = { top = "E9" } } } },
  },
}
