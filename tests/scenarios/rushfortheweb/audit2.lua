-- Rush for the Web: a second audit written from the rule book (DE-1.1, EN-1.1) and
-- the docs alone (README, docs/authoring.md "Scenarios", docs/repl.md,
-- docs/games/rushfortheweb.md, docs/api.md), at positions audit.lua does not reach:
-- the table sizes at both ends, every option cardlab offers, the last round and the
-- final scoring, empty stacks, cards and effects that act together, and positions
-- only god-mode edits reach. Seed 5: setup keeps P10 P2 (seat 1), P24 P14 (seat 2),
-- P6 P9 (seat 3), P7 P13 (seat 4), P26 P19 (seat 5); project1[N] is the first kept.
local function layout(seat, slot, project, resources)
  local zone = "project" .. slot .. "[" .. seat .. "]"
  local list = { "empty " .. zone .. " projects", "move " .. project .. " " .. zone }
  for _, r in ipairs(resources or {}) do list[#list + 1] = "move " .. r .. " " .. zone end
  return list
end
local function hand(seat, cards)
  return edits.holding("hand[" .. seat .. "]", "resources", cards)
end
-- the next projects drawn (a sale draws 2: the last named is drawn first)
local function next_projects(...)
  local list = {}
  for _, p in ipairs({ ... }) do list[#list + 1] = "move " .. p .. " projects" end
  return list
end
-- at the first request: the round-1 event, personas that do not touch what is checked
-- (C3 Developer: green and blue cost 1 less; C9 Illustrator: purple)
local function start(event, p1, p2)
  return { "move " .. event .. " events", "persona 1 " .. (p1 or "C3"), "persona 2 " .. (p2 or "C9") }
end
local KEEPS2 = { "keep P10 P2", "keep P24 P14" }
local KEEPS3 = { "keep P10 P2", "keep P24 P14", "keep P6 P9" }
local KEEPS5 = { "keep P10 P2", "keep P24 P14", "keep P6 P9", "keep P7 P13", "keep P26 P19" }
local function after_keeps(edits_list, ...)
  return edits.joined(KEEPS2, { { set = edits_list } }, ...)
end
-- a game of the rounds under these events (the first revealed first): the stack
-- emptied and refilled at the first request
local function only_events(...)
  local list = { "empty events box" }
  local events = { ... }
  for i = #events, 1, -1 do list[#list + 1] = "move " .. events[i] .. " events from box" end
  return list
end

return {
  game = "rushfortheweb", players = 2, seed = 5, options = { starting_player = 1 },
  scenarios = {
    -- the table sizes ------------------------------------------------------------
    { name = "rushfortheweb audit2: 5 players (the most): the Maintainer's royalty comes from a neighbour across the table's end (seat 5), not from seat 3",
      players = 5, options = { starting_player = 3 },
      set = { "move E10 events", "persona 1 C8", "persona 2 C1", "persona 3 C3", "persona 4 C4", "persona 5 C9" },
      steps = edits.joined(KEEPS5,
        { { set = edits.joined(layout(3, 1, "P6", { "R13", "R14" }), hand(3, { "R17" }), next_projects("P3", "P4"),
            layout(5, 1, "P26", { "R15", "R16" }), hand(5, { "R38" }), hand(4, { "R39" })) },
          { seat = 3, kind = "acquire" }, "draw", "pool R17", "sell P6", "keep P3", "end turn",
          { seat = 4, state = { ["credits[1]"] = 3, ["credits[3]"] = 3 + 2 + 4 } },
          "draw", "pool R39", "end turn",
          { seat = 5, set = next_projects("P11", "P12") }, "draw", "pool R38", "sell P26", "keep P11", "end turn" }),
      -- seat 5 sold P26 with yellow: +1 for seat 1, whose left neighbour (counting around) it is
      expect = { seat = 1, kind = "acquire", state = { ["credits[1]"] = 4, ["credits[5]"] = 3 + 2 + 3 } } },

    { name = "rushfortheweb audit2: 2 players: the Maintainer's other player is both its neighbours, and a sale pays it the royalty once",
      set = start("E10", "C8", "C3"),
      steps = after_keeps(edits.joined(hand(1, { "R13" }), layout(2, 2, "P14", { "R25", "R26" }), hand(2, { "R14" }),
          next_projects("P3", "P4")),
        { "draw", "pool R13", "end turn", "draw", "pool R14", "sell P14" }),
      expect = { seat = 2, kind = "keep", state = { ["credits[1]"] = 3 + 2 + 1, ["credits[2]"] = 3 + 2 + 4 } } },

    -- options -------------------------------------------------------------------
    { name = "rushfortheweb audit2: option rounds=1: one round under Expansion, a third project each, the game ends after the last seat",
      options = { starting_player = 1, rounds = 1 },
      set = { "persona 1 C3", "persona 2 C9" },
      -- (the rounds option changes the shuffles of setup: seat 2 draws other projects)
      steps = edits.joined({ "keep P10 P2", "keep P16 P26" },
        { { seat = 1, kind = "keep", state = { rounds = 1, event = "Expansion" } },
          { set = edits.holding("choice[1]", "projects", { "P3", "P4" }) }, "keep P3",
          { set = hand(1, { "R13" }) }, "draw", "pool R13", "end turn",
          { seat = 2, kind = "keep" }, { set = edits.holding("choice[2]", "projects", { "P5", "P11" }) }, "keep P5",
          { set = hand(2, { "R14" }) }, "draw", "pool R14", "end turn" }),
      expect = { over = true, winners = { 1, 2 }, scores = { 4, 4 },
                 zones = { ["project3[1]"] = { "P3" }, ["project3[2]"] = { "P5" } } } },

    { name = "rushfortheweb audit2: options start_credits=0, start_resources=0: no credits, an empty hand; a 1-credit card cannot be played, the pool pays",
      options = { starting_player = 1, start_credits = 0, start_resources = 0 },
      set = start("E10"),
      steps = edits.joined(KEEPS2,
        { { seat = 1, kind = "acquire", state = { ["credits[1]"] = 0, ["credits[2]"] = 0 },
            zones = { ["hand[1]"] = { count = 0 }, ["hand[2]"] = { count = 0 } } },
          { set = "move R15 resources" }, "draw",
          { not_legal = { "play R15 P2", "play R15 P10" }, legal = { "pool R15" } },
          { refused = "play R15 P2", reason = "credit" }, "pool R15" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 2 } } },

    { name = "rushfortheweb audit2: option bonus_colours=all: Crossover Hype (+3 with red or yellow) pays nothing for a red-only project",
      options = { starting_player = 1, bonus_colours = "all" },
      set = start("E8"),
      steps = after_keeps(edits.joined(layout(1, 1, "P6", { "R1", "R2" }), hand(1, { "R14" })),
        { "draw", "play R14 P2", "sell P6" }),
      expect = { state = { ["credits[1]"] = 3 + 4 } } },

    { name = "rushfortheweb audit2: option bonus_colours=all: Crossover Hype pays +3 for a project holding red and yellow",
      options = { starting_player = 1, bonus_colours = "all" },
      set = start("E8"),
      steps = after_keeps(edits.joined(layout(1, 1, "P6", { "R1", "R13" }), hand(1, { "R14" })),
        { "draw", "play R14 P2", "sell P6" }),
      expect = { state = { ["credits[1]"] = 3 + 4 + 3 } } },

    { name = "rushfortheweb audit2: option resource_bonus=played: the Drone (+3) played this turn counts for the sale of another project",
      options = { starting_player = 1, resource_bonus = "played" },
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), layout(1, 2, "P6", { "R13", "R14" }), hand(1, { "R12" })),
        { "draw", "play R12 P1", { state = { ["credits[1]"] = 0 } }, "sell P6" }),
      expect = { state = { ["credits[1]"] = 4 + 3 } } },

    { name = "rushfortheweb audit2: default resource_bonus=attached: the Drone played on another project does not count for this sale",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), layout(1, 2, "P6", { "R13", "R14" }), hand(1, { "R12" })),
        { "draw", "play R12 P1", "sell P6" }),
      expect = { state = { ["credits[1]"] = 4 } } },

    { name = "rushfortheweb audit2: option trading=off: no trade at any step, and after a sale the turn passes at once",
      options = { starting_player = 1, trading = "off" },
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2" }), hand(1, { "R13" }), next_projects("P3", "P4")),
        { { answers = { "draw", "take R18" } }, "draw", { not_legal = { "trade" } }, "pool R13",
          { answers = { "sell P1", "end turn" } }, "sell P1", "keep P3" }),
      expect = { seat = 2, kind = "acquire", state = { ["credits[1]"] = 3 + 2 + 5 } } },

    { name = "rushfortheweb audit2: option offers_per_turn=1: after one refused offer no other offer may be made this turn",
      options = { starting_player = 1, offers_per_turn = 1 },
      set = start("E10"),
      steps = after_keeps({},
        { "trade", "with seat 2", "give 1", "done", "ask 0", "done", { seat = 2, kind = "offer" }, "refuse",
          { seat = 1, kind = "acquire", not_legal = { "trade" } }, "draw", { not_legal = { "trade" } } }),
      expect = { seat = 1, kind = "play", state = { ["credits[1]"] = 3, ["credits[2]"] = 3 } } },

    { name = "rushfortheweb audit2: option project_capacity=2: a project holding 2 resources takes no more, and sells at its 2 price",
      options = { starting_player = 1, project_capacity = 2 },
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 2, "P2", { "R13", "R14" }), hand(1, { "R15" })),
        { "draw", { not_legal = { "play R15 P2" }, legal = { "play R15 P10" } },
          { refused = "play R15 P2", reason = "full" }, "play R15 P10", "sell P2" }),
      expect = { state = { ["credits[1]"] = 3 - 1 + 5 } } },

    { name = "rushfortheweb audit2: option max_projects=2: Expansion gives no third project",
      options = { starting_player = 1, max_projects = 2 },
      set = start("E1"),
      steps = KEEPS2,
      -- (with 2 projects at most there is no zone project3[N])
      expect = { seat = 1, kind = "acquire", state = { event = "Expansion" },
                 zones = { ["project1[1]"] = { "P10" }, ["project2[1]"] = { "P2" }, ["choice[1]"] = { count = 0 } } } },

    -- the end of the game ---------------------------------------------------------
    { name = "rushfortheweb audit2: 3 players, seat 2 starting, 2 rounds: round 2 under the second event, the game ends after seat 1's last turn, whose sale counts",
      players = 3, options = { starting_player = 2 },
      set = edits.joined(only_events("E7", "E10"), { "persona 1 C3", "persona 2 C9", "persona 3 C4" }),
      steps = edits.joined(KEEPS3,
        { { set = edits.joined(hand(1, { "R13", "R14" }), hand(2, { "R15", "R16" }), hand(3, { "R17", "R27" }),
            layout(1, 1, "P1", { "R1", "R2" })) },
          { seat = 2, kind = "acquire", state = { event = "Micropayments Launch", rounds = 2 } },
          "draw", "pool R15", "end turn", "draw", "pool R17", "end turn", "draw", "pool R13", "end turn",
          { seat = 2, kind = "acquire", round = 2, state = { event = "Garage Sale" },
            zones = { events = { count = 0 }, past_events = { has = { "E7" } } } },
          "draw", "pool R16", "end turn", "draw", "pool R27", "end turn",
          { seat = 1, set = next_projects("P3", "P4") }, "draw", "pool R14", "sell P1",
          { seat = 1, kind = "keep", over = false }, "keep P3", "end turn" }),
      -- seat 1: 3 + 1 (round 1 pool) + 2 (round 2 pool, Garage Sale) + 5; seat 2: 3 + 1 + 2;
      -- seat 3 (Blogger, +1 a pool): 3 + 2 + 3
      expect = { over = true, winners = { 1 }, scores = { 11, 6, 8 } } },

    { name = "rushfortheweb audit2: 3 players tied in credits: the two with the most projects sold share the win",
      players = 3, options = { starting_player = 1 },
      set = edits.joined(only_events("E10"), { "persona 1 C3", "persona 2 C9", "persona 3 C1" }),
      steps = edits.joined(KEEPS3,
        { { set = edits.joined(hand(1, { "R13" }), hand(2, { "R14" }), hand(3, { "R15" }),
            { "state sold[1] 1", "state sold[2] 3", "state sold[3] 3" }) },
          "draw", "pool R13", "end turn", "draw", "pool R14", "end turn", "draw", "pool R15", "end turn" }),
      expect = { over = true, winners = { 2, 3 }, scores = { 5, 5, 5 } } },

    { name = "rushfortheweb audit2: the event stack emptied during round 1 makes it the last round",
      set = start("E10"),
      steps = after_keeps(edits.joined(hand(1, { "R13" }), hand(2, { "R14" })),
        { "draw", "pool R13", { set = "empty events box" }, { state = { rounds = 1, round = 1 } }, "end turn",
          "draw", "pool R14", "end turn" }),
      expect = { over = true, winners = { 1, 2 }, scores = { 5, 5 } } },

    -- stacks running out ----------------------------------------------------------
    { name = "rushfortheweb audit2: an empty resource stack takes the shuffled resource discard; the pool stays",
      set = start("E10"),
      steps = after_keeps(edits.joined(hand(1, { "R13" }), { "empty resources resource_discard" }),
        { { legal = { "draw", "take R18" } }, "draw" }),
      expect = { seat = 1, kind = "play", zones = { resource_discard = { count = 0 }, pool = { "R18" }, ["hand[1]"] = { count = 2 } } } },

    { name = "rushfortheweb audit2: resource stack and discard both empty: only the pool card can be acquired",
      set = start("E10"),
      steps = after_keeps({ "empty resources box", "empty resource_discard box" },
        { { legal = { "take R18" }, not_legal = { "draw" } }, { refused = "draw", reason = "" }, "take R18" }),
      expect = { seat = 1, kind = "play", zones = { pool = { count = 0 }, ["hand[1]"] = { has = { "R18" } } } } },

    { name = "rushfortheweb audit2: a sale with the project stack empty: the project discard (the sold project in it) is shuffled into a new stack",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2" }), hand(1, { "R13" }),
          { "empty projects box", "empty project_discard box", "move P3 project_discard" }),
        { "draw", "pool R13", "sell P1", { seat = 1, kind = "keep", zones = { ["choice[1]"] = { count = 2, has = { "P1", "P3" } } } },
          "keep P3" }),
      expect = { seat = 1, kind = "sell", zones = { ["project1[1]"] = { "P3" }, projects = { "P1" } } } },

    { name = "rushfortheweb audit2: a sale with no project left anywhere but the sold one: it is drawn again (discarded before the draw) and kept, there being no choice",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2" }), hand(1, { "R13" }),
          { "empty projects box", "empty project_discard box" }),
        { "draw", "pool R13", "sell P1" }),
      expect = { seat = 1, kind = "sell", state = { ["sold[1]"] = 1 },
                 zones = { ["project1[1]"] = { "P1" }, projects = { count = 0 }, project_discard = { count = 0 } } } },

    -- icons with nothing to act on ------------------------------------------------
    { name = "rushfortheweb audit2: take pool icon with an empty pool: nothing to take, the turn goes on to the sale",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R7", "R13" }), { "empty pool box" }),
        { { answers = { "draw", "trade" } }, "draw", "play R7 P1" }),
      expect = { seat = 1, kind = "sell", zones = { ["hand[1]"] = { count = 2 }, resource_discard = { count = 0 } } } },

    { name = "rushfortheweb audit2: again icon with an empty hand: no additional card, so none drawn",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), hand(1, {}), { "move R9 resources" }),
        { "draw", "play R9 P1" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 1 }, zones = { ["hand[1]"] = { count = 0 } } } },

    { name = "rushfortheweb audit2: again icon, the credits spent: the additional card cannot be paid for, but may go to the pool",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R9", "R12" }), { "state credits[1] 2" }),
        { "take R18", "play R9 P1", { kind = "again", not_legal = { "play R12 P1" }, legal = { "pool R12", "pool R18" } },
          { refused = "play R12 P1", reason = "credit" }, "pool R12" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 2 } } },

    { name = "rushfortheweb audit2: draw another icon with no resource left to draw: the icon cannot be used, no hand card is lost",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R8", "R13" }),
          { "empty resources box", "empty resource_discard box" }),
        { "take R18", "play R8 P1" }),
      expect = { seat = 1, kind = "sell", zones = { ["hand[1]"] = { count = 2, has = { "R13", "R18" } } } } },

    { name = "rushfortheweb audit2: swap icon with an empty pool: nothing to swap with",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R6", "R13" }), { "empty pool box" }),
        { "draw", "play R6 P1" }),
      expect = { seat = 1, kind = "sell", zones = { pool = { count = 0 }, ["hand[1]"] = { count = 2 } } } },

    { name = "rushfortheweb audit2: the Curator draws 2, keeps 1 in secret; the other goes to the resource discard",
      set = start("E10", "C6", "C3"),
      steps = after_keeps(edits.joined(hand(1, { "R13" }), { "move R15 resources", "move R16 resources" }),
        { "draw", { seat = 1, kind = "scout", legal = { "keep R16", "keep R15" } }, "keep R15" }),
      expect = { seat = 1, kind = "play", zones = { ["hand[1]"] = { count = 2, has = { "R13", "R15" } },
                                                   resource_discard = { "R16" }, ["choice[1]"] = { count = 0 } } } },

    { name = "rushfortheweb audit2: the Curator with one resource left and an empty discard: it is drawn, with nothing to choose",
      set = start("E10", "C6", "C3"),
      steps = after_keeps(edits.joined(hand(1, { "R13" }), { "empty resources box", "empty resource_discard box", "move R15 resources from box" }),
        { "draw" }),
      expect = { seat = 1, kind = "play", zones = { ["hand[1]"] = { count = 2, has = { "R13", "R15" } }, resources = { count = 0 } } } },

    { name = "rushfortheweb audit2: option rounds=18: every event is in the stack, Expansion among them; none is left in the box",
      options = { starting_player = 1, rounds = 18 },
      steps = { "keep P10 P2", "keep P12 P9" },
      expect = { seat = 1, state = { rounds = 18 },
                 zones = { events = { count = 17 }, event = { count = 1 }, box = { lacks = { "E1", "E2", "E9", "E18" } } } } },

    { name = "rushfortheweb audit2: option max_projects=4: Expansion gives a player owning 3 projects a fourth",
      options = { starting_player = 1, max_projects = 4 },
      set = start("E1"),
      steps = edits.joined(KEEPS2,
        { { set = edits.holding("choice[1]", "projects", { "P3", "P4" }) }, "keep P3",
          { set = edits.joined(hand(1, { "R13" }), { "move P5 project3[2]", "move P11 projects", "move P12 projects" }) },
          "draw", "pool R13", "end turn", { seat = 2, kind = "keep" }, "keep P11" }),
      expect = { seat = 2, kind = "acquire", zones = { ["project3[2]"] = { "P5" }, ["project4[2]"] = { "P11" },
                                                      ["project4[1]"] = { count = 0 }, project_discard = { top = "P12" } } } },

    { name = "rushfortheweb audit2: edit 'event E1' in the middle of seat 1's turn: Expansion for the turns still to come, not the one under way",
      set = start("E10"),
      steps = after_keeps(hand(1, { "R13" }),
        { "draw", { set = "event E1" }, "pool R13", { state = { ["credits[1]"] = 4 } }, "end turn",
          { seat = 2, kind = "keep" } }),
      expect = { seat = 2, kind = "keep", zones = { ["project3[1]"] = { count = 0 }, ["choice[2]"] = { count = 2 } } } },

    { name = "rushfortheweb audit2: 5 players, a tie of three on credits and on projects sold: the three share the win",
      players = 5, options = { starting_player = 1 },
      set = edits.joined(only_events("E10"), { "persona 1 C3", "persona 2 C9", "persona 3 C1", "persona 4 C2", "persona 5 C7" }),
      steps = edits.joined(KEEPS5,
        { { set = edits.joined(hand(1, { "R13" }), hand(2, { "R14" }), hand(3, { "R15" }), hand(4, { "R16" }), hand(5, { "R17" }),
            { "state credits[2] 4", "state credits[4] 4", "state credits[5] 4", "state sold[2] 1", "state sold[4] 1",
              "state sold[5] 1", "state sold[1] 3" }) },
          "draw", "pool R13", "end turn", "draw", "pool R14", "end turn", "draw", "pool R15", "end turn",
          "draw", "pool R16", "end turn", "draw", "pool R17", "end turn" }),
      expect = { over = true, winners = { 2, 4, 5 }, scores = { 5, 6, 5, 6, 6 } } },

    { name = "rushfortheweb audit2: the Streamer's income: +1 at the start of its turn with red on a project, none with only other colours",
      set = start("E10", "C3", "C10"),
      -- (round 2 under Micropayments Launch, which pays nothing at the start of a turn)
      steps = after_keeps(edits.joined(hand(1, { "R13" }), layout(2, 1, "P24", { "R15" }), layout(2, 2, "P14", { "R25" }),
          { "move E7 events" }),
        { "draw", "pool R13", "end turn", { seat = 2, state = { ["credits[2]"] = 3 } },
          { set = edits.joined(layout(2, 2, "P9", { "R1" }), hand(2, { "R14" })) }, "draw", "pool R14", "end turn",
          { seat = 1 }, "draw", { set = hand(1, { "R16" }) }, "pool R16", "end turn" }),
      expect = { seat = 2, kind = "acquire", round = 2, state = { ["credits[2]"] = 3 + 2 + 1, event = "Micropayments Launch" } } },

    -- personas and edits made in the middle of a turn ------------------------------
    { name = "rushfortheweb audit2: 3 players: the Maintainer gets a royalty from either neighbour, none for its own sale",
      players = 3, options = { starting_player = 1 },
      set = { "move E10 events", "persona 1 C8", "persona 2 C3", "persona 3 C9" },
      steps = edits.joined(KEEPS3,
        { { set = edits.joined(layout(1, 2, "P2", { "R13", "R14" }), hand(1, { "R1" }), next_projects("P3", "P4"),
            layout(2, 2, "P14", { "R25", "R26" }), hand(2, { "R2" }), layout(3, 2, "P9", { "R3", "R4" }), hand(3, { "R15" })) },
          "draw", "pool R1", "sell P2", { state = { ["credits[1]"] = 3 + 2 + 5 } }, "keep P3", "end turn",
          { seat = 2, set = next_projects("P5", "P11") }, "draw", "pool R2", "sell P14", "keep P5", "end turn",
          { seat = 3, state = { ["credits[1]"] = 11 } },
          { set = next_projects("P12", "P15") }, "draw", "pool R15", "sell P9", "keep P12", "end turn" }),
      -- seat 3's P9 holds red only: no royalty for it
      expect = { seat = 1, state = { ["credits[1]"] = 11 } } },

    { name = "rushfortheweb audit2: edit 'event E13' at the play step: the new event's discount counts at once",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R3" }), { "state credits[1] 0" }),
        { "draw", { not_legal = { "play R3 P1" } }, { set = "event E13" },
          { legal = { "play R3 P1" }, state = { event = "Hardware Sale" } }, "play R3 P1" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 0 }, zones = { event = { "E13" } } } },

    { name = "rushfortheweb audit2: edit 'persona 1 C5' after a sale: the Entrepreneur may sell a second project this turn",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2" }), layout(1, 2, "P2", { "R13", "R14" }),
          hand(1, { "R15" }), next_projects("P3", "P4")),
        { "draw", "pool R15", "sell P1", "keep P3", { not_legal = { "sell P2" } }, { set = "persona 1 C5" },
          { legal = { "sell P2" } }, { set = next_projects("P11", "P12") }, "sell P2" }),
      expect = { seat = 1, kind = "keep", state = { ["sold[1]"] = 2, ["credits[1]"] = 3 + 2 + 5 + 5 } } },

    -- Expansion with few projects left ---------------------------------------------
    { name = "rushfortheweb audit2: Expansion with the project stack and discard empty: no third project, the turn goes on",
      set = start("E1"),
      steps = edits.joined(KEEPS2,
        { { set = edits.holding("choice[1]", "projects", { "P3", "P4" }) }, "keep P3",
          { set = edits.joined(hand(1, { "R13" }), { "empty projects box", "empty project_discard box" }) },
          "draw", "pool R13", "end turn" }),
      expect = { seat = 2, kind = "acquire", zones = { ["project3[2]"] = { count = 0 }, ["choice[2]"] = { count = 0 } } } },

    { name = "rushfortheweb audit2: Expansion with one project left: it is the third project, nothing is discarded",
      set = start("E1"),
      steps = edits.joined(KEEPS2,
        { { set = edits.holding("choice[1]", "projects", { "P3", "P4" }) }, "keep P3",
          { set = edits.joined(hand(1, { "R13" }), { "empty projects box", "empty project_discard box", "move P5 projects from box" }) },
          "draw", "pool R13", "end turn" }),
      expect = { seat = 2, kind = "acquire", zones = { ["project3[2]"] = { "P5" }, project_discard = { count = 0 } } } },

    { name = "rushfortheweb audit2: the result says a tie in credits was broken by the projects sold",
      set = edits.joined(start("E10"), { "empty events box", "move E10 events" }),
      steps = after_keeps(edits.joined(hand(1, { "R13" }), hand(2, { "R14" }), { "state sold[2] 2", "state sold[1] 1" }),
        { "draw", "pool R13", "end turn", "draw", "pool R14", "end turn" }),
      expect = { over = true, winners = { 2 }, scores = { 5, 5 }, reason = "sold" } },

    -- trade in the middle of the turn ----------------------------------------------
    { name = "rushfortheweb audit2: 3 players: credits bought from seat 3 at the play step pay for a card the player could not afford",
      players = 3, options = { starting_player = 1 },
      set = { "move E10 events", "persona 1 C3", "persona 2 C9", "persona 3 C4" },
      steps = edits.joined(KEEPS3,
        { { set = edits.joined(layout(1, 1, "P1"), hand(1, { "R12", "R13" }), { "state credits[1] 0" }) },
          "draw", { not_legal = { "play R12 P1" } },
          "trade", { kind = "trade", legal = { "with seat 2", "with seat 3" } }, "with seat 3",
          -- (with no credits, the offer's first step, the credits given, is passed over)
          { seat = 1, kind = "give_cards" }, { refused = "give 0", reason = "no credits" }, "give R13", "done", "ask 3", "done", { seat = 3, kind = "offer" }, "accept",
          { seat = 1, kind = "play", legal = { "play R12 P1" } }, "play R12 P1" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 0, ["credits[3]"] = 0 },
                 zones = { ["hand[3]"] = { has = { "R13" } }, ["project1[1]"] = { "R12", "P1" } } } },

    -- effects acting together ----------------------------------------------------
    { name = "rushfortheweb audit2: again after again: each additional card's icon applies, and each again draws one card",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R9", "R10", "R3", "R13" }), { "state credits[1] 5" }),
        { "take R18", "play R9 P1", { kind = "again" }, "play R10 P1", { kind = "again" }, "play R3 P1" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 0 },
                 zones = { ["project1[1]"] = { "R3", "R10", "R9", "P1" }, ["hand[1]"] = { count = 4, has = { "R13", "R18" } } } } },

    { name = "rushfortheweb audit2: the event's and the persona's discounts add up (Cloud Discount -1, Developer -1 blue): a 3-credit blue card costs 1",
      set = start("E12"),
      steps = after_keeps(edits.joined(layout(1, 1, "P4"), hand(1, { "R48", "R37" }), { "state credits[1] 1" }),
        { "draw", { legal = { "play R48 P4", "play R37 P4" } }, "play R48 P4" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 0 } } },

    { name = "rushfortheweb audit2: the Illustrator's purple on a red project, under Hardware Sale: 3 - 1 - 2 is free",
      set = start("E13", "C9", "C3"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1"), hand(1, { "R60" }), { "state credits[1] 0" }),
        { "draw", { legal = { "play R60 P1" } }, "play R60 P1" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 0 }, zones = { ["project1[1]"] = { "R60", "P1" } } } },

    { name = "rushfortheweb audit2: the pool pays 1, +2 by Swap Meet, +1 by the Blogger: 4",
      set = start("E11", "C4", "C3"),
      steps = after_keeps(hand(1, { "R13" }), { "draw", "pool R13" }),
      expect = { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 + 4 } } },

    { name = "rushfortheweb audit2: a sale's price adds all: the table, the persona (Vlogger +2 red), the event (Ad Boom +2 red), the card (Drone +3)",
      set = start("E2", "C1", "C3"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2", "R12" }), hand(1, { "R3" })),
        { "draw", "play R3 P1", { state = { ["credits[1]"] = 2 } }, "sell P1" }),
      expect = { state = { ["credits[1]"] = 2 + 11 + 2 + 2 + 3 } } },

    { name = "rushfortheweb audit2: a project with 5 resources sells at the table's 4 price",
      set = start("E10"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2", "R3", "R4" }), hand(1, { "R5" })),
        { "draw", "play R5 P1", { zones = { ["project1[1]"] = { count = 6 } } }, "sell P1" }),
      expect = { state = { ["credits[1]"] = 3 - 1 + 11 } } },

    { name = "rushfortheweb audit2: the Entrepreneur sells 2 projects in a turn, each replaced, +2 on the one with purple",
      set = start("E10", "C5", "C3"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2" }), layout(1, 2, "P5", { "R49", "R50" }), hand(1, { "R13" }),
          next_projects("P3", "P4")),
        { "draw", "pool R13", "sell P1", "keep P3", { set = next_projects("P11", "P12") }, "sell P5", "keep P11",
          { seat = 1, kind = "sell", not_legal = { "sell P3", "sell P11" } } }),
      expect = { state = { ["credits[1]"] = 3 + 2 + 5 + 5 + 2, ["sold[1]"] = 2 },
                 zones = { ["project1[1]"] = { "P3" }, ["project2[1]"] = { "P11" } } } },

    { name = "rushfortheweb audit2: the Influencer's fame: +1 for every project it sold before",
      set = start("E10", "C7", "C3"),
      steps = after_keeps(edits.joined(layout(1, 1, "P1", { "R1", "R2" }), hand(1, { "R13" }), next_projects("P3", "P4"),
          { "state sold[1] 2" }),
        { "draw", "pool R13", "sell P1" }),
      expect = { state = { ["credits[1]"] = 3 + 2 + 5 + 2, ["sold[1]"] = 3 } } },

    { name = "rushfortheweb audit2: Sponsorship Round: at the start of a turn, +2 for each project holding a resource (none for a bare one)",
      set = start("E15"),
      steps = after_keeps(edits.joined(hand(1, { "R13" }), layout(2, 1, "P24", { "R15" }), layout(2, 2, "P14", { "R25" })),
        { { seat = 1, state = { ["credits[1]"] = 3 } }, "draw", "pool R13", "end turn" }),
      expect = { seat = 2, kind = "acquire", state = { ["credits[2]"] = 3 + 4 } } },

    { name = "rushfortheweb audit2: Expansion: a player already owning 3 projects draws none; the other keeps a third",
      set = start("E1"),
      steps = edits.joined(KEEPS2,
        { { seat = 1, kind = "keep" }, { set = edits.holding("choice[1]", "projects", { "P3", "P4" }) }, "keep P3",
          { set = edits.joined(hand(1, { "R13" }), { "move P5 project3[2]" }) }, "draw", "pool R13", "end turn" }),
      expect = { seat = 2, kind = "acquire", zones = { ["project3[2]"] = { "P5" }, ["choice[2]"] = { count = 0 } } } },
  },
}
