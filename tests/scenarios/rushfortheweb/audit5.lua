-- Rush for the Web: a fifth audit, written from the rule book (DE-1.1, EN-1.1 beside
-- it) and the docs (docs/games/rushfortheweb.md, authoring.md "Scenarios", api.md,
-- repl.md) alone, without the script. It goes to the options and variants the game
-- offers, the player counts at their edges (2 and 5), the end of the game and the
-- final scoring under them, and what each seat sees. Each scenario is named by the
-- rule it checks. The set-ups are made as the page's "Zones and state" says: the
-- keeps of setup step 6 answered first (seed 1's), then edits.

-- seed 1's keeps (the same under every option below but `rounds`)
local K = { "keep P23 P9", "keep P12 P16", "keep P7 P2", "keep P13 P19", "keep P15 P26" }
local function keeps(n)
  local t = {}
  for i = 1, n do t[i] = K[i] end
  return t
end

-- a hand of exactly these cards (its old cards go on top of the resource stack)
local function hand(seat, cards)
  return edits.holding("hand[" .. seat .. "]", "resources", cards)
end

-- project slot N of a seat: the project at the bottom, these resources on it
local function slot(seat, n, project, resources)
  local z = "project" .. n .. "[" .. seat .. "]"
  local e = { "empty " .. z .. " box", "move " .. project .. " " .. z }
  for _, r in ipairs(resources or {}) do e[#e + 1] = "move " .. r .. " " .. z end
  return e
end

-- the event stack holds exactly these events, the first listed revealed first
-- (made at the first request, before setup's step 10 reveals round 1's event)
local function only_events(list)
  local e = { "empty events box" }
  for i = #list, 1, -1 do e[#e + 1] = "move " .. list[i] .. " events" end
  return e
end

-- the next projects a sale or Expansion draws: the first listed drawn first
local function next_projects(list)
  local e = {}
  for i = #list, 1, -1 do e[#e + 1] = "move " .. list[i] .. " projects" end
  return e
end

-- steps that join lists
local function steps(...) return edits.joined(...) end

-- a turn that changes nothing but the pool and the credit it pays
local function quiet(card) return { "draw", "pool " .. card, "end turn" } end

return {
  game = "rushfortheweb", players = 2, seed = 1,
  options = { starting_player = 1 },
  scenarios = {

    ---------------------------------------------------------------- player counts
    { name = "player count: 1 player is refused (the game is for 2 to 5)",
      players = 1, setup_refused = "for 2 to 5 players" },

    { name = "player count: 6 players are refused (the game is for 2 to 5)",
      players = 6, setup_refused = "for 2 to 5 players" },

    { name = "setup step 9: a starting player beyond the players at the table is refused",
      options = { starting_player = 3 }, setup_refused = "a seat from 1 to 2" },

    { name = "2 players, seat 2 starts: it reveals round 1's event and plays first, seat 1 ends the round, seat 2 reveals round 2's",
      options = { starting_player = 2 },
      set = only_events({ "E10", "E11" }),
      steps = steps(keeps(2),
        { { set = edits.joined(hand(1, { "R13", "R14" }), hand(2, { "R25", "R26" })) },
          { seat = 2, kind = "acquire", state = { round = 1, rounds = 2 },
            zones = { event = { top = "E10" }, events = { count = 1 } } } },
        quiet("R25"),
        { { seat = 1, kind = "acquire", state = { round = 1 } } },
        quiet("R13"),
        { { seat = 2, kind = "acquire", state = { round = 2 },
            zones = { event = { top = "E11" }, events = { count = 0 }, past_events = { top = "E10" } } } }) },

    { name = "5 players, seat 5 starts: the round goes 5, 1, 2, 3, 4, and seat 5 reveals the next event",
      players = 5, options = { starting_player = 5 },
      set = only_events({ "E10", "E11" }),
      steps = steps(keeps(5),
        { { set = edits.joined(hand(1, { "R13" }), hand(2, { "R14" }), hand(3, { "R25" }),
                               hand(4, { "R26" }), hand(5, { "R37" })) },
          { seat = 5, kind = "acquire" } },
        quiet("R37"), { { seat = 1, kind = "acquire" } },
        quiet("R13"), { { seat = 2, kind = "acquire" } },
        quiet("R14"), { { seat = 3, kind = "acquire" } },
        quiet("R25"), { { seat = 4, kind = "acquire", state = { round = 1 } } },
        quiet("R26"),
        { { seat = 5, kind = "acquire", state = { round = 2 }, zones = { event = { top = "E11" } } } }) },

    { name = "5 players, seat 5 starts, one event: the game ends after seat 4, every player one turn, five equal players share the win",
      players = 5, options = { starting_player = 5 },
      set = only_events({ "E11" }),
      steps = steps(keeps(5),
        { { set = edits.joined(hand(1, { "R13" }), hand(2, { "R14" }), hand(3, { "R25" }),
                               hand(4, { "R26" }), hand(5, { "R37" }),
                               { "persona 1 C3" }) } },
        quiet("R37"), quiet("R13"), quiet("R14"), quiet("R25"),
        { { seat = 4, kind = "acquire", over = false } },
        quiet("R26"),
        -- Swap Meet: 1 + 2 for each discard to the pool, 3 + 3 = 6 each
        { { over = true, winners = { 1, 2, 3, 4, 5 },
            state = { ["credits[1]"] = 6, ["credits[4]"] = 6, ["credits[5]"] = 6 } } }) },

    { name = "setup at 5 players with start_resources=10: 50 resources in the hands, 1 in the pool, 9 left; 10 projects kept, 18 left",
      players = 5, options = { starting_player = 1, start_resources = 10 },
      steps = steps(keeps(5),
        { { seat = 1, kind = "acquire",
            zones = { resources = { count = 9 }, pool = { count = 1 }, projects = { count = 18 },
                      ["hand[1]"] = { count = 10 }, ["hand[5]"] = { count = 10 },
                      resource_discard = { count = 0 } } } }) },

    ---------------------------------------------------------------- rounds
    { name = "rounds=1: the one event is Expansion, each player gets a third project, and the game ends after one turn each",
      options = { starting_player = 1, rounds = 1 },
      -- a finding (the docs): the page's way to lay out "the next projects a sale or
      -- Expansion draws" cannot reach round 1's Expansion: the starting player draws
      -- as soon as the last seat has kept, and that keep shuffles its third project
      -- back; so the first draw is seed 1's (P11 and P3)
      steps = steps({ "keep P23 P9", "keep P10 P20" },
        { { seat = 1, kind = "keep", state = { rounds = 1 }, answers = { "keep P11", "keep P3" },
            zones = { event = { top = "E1" }, events = { count = 0 } } },
          "keep P11",
          { zones = { ["project3[1]"] = { bottom = "P11" }, project_discard = { top = "P3" } },
            seat = 1, kind = "acquire" },
          { set = edits.joined(hand(1, { "R13" }), hand(2, { "R14" }), next_projects({ "P4", "P5" })) } },
        quiet("R13"),
        { { seat = 2, kind = "keep", answers = { "keep P5", "keep P4" } }, "keep P5" },
        quiet("R14"),
        { { over = true, zones = { ["project3[2]"] = { bottom = "P5" }, project_discard = { count = 2 } } } }) },

    { name = "rounds=18: the event stack holds all 18 events, Expansion among them; none go back in the box",
      options = { starting_player = 1, rounds = 18 },
      steps = steps({ "keep P23 P9", "keep P15 P18" },
        { { seat = 1, kind = "acquire", state = { rounds = 18, round = 1 },
            zones = { events = { count = 17 }, box = { count = 8 } } } }) },

    { name = "rounds=19 is refused: the set holds 18 events",
      options = { starting_player = 1, rounds = 19 }, setup_refused = "from 1 to 18" },

    ---------------------------------------------------------------- start credits and resources
    { name = "start_credits=0: every player starts with no credits, and only a free resource may be played",
      options = { starting_player = 1, start_credits = 0 },
      steps = steps(keeps(2),
        { { state = { ["credits[1]"] = 0, ["credits[2]"] = 0 } },
          { set = edits.joined({ "event E10" }, hand(1, { "R1", "R3" })) },
          "draw",
          { kind = "play", legal = { "play R1 P9", "pool R3", "pool R1" }, not_legal = { "play R3 P9" } } }) },

    { name = "start_resources=0: the hands start empty, and the first turn plays the card it acquires",
      options = { starting_player = 1, start_resources = 0 },
      steps = steps(keeps(2),
        { { seat = 1, kind = "acquire", zones = { ["hand[1]"] = { count = 0 }, ["hand[2]"] = { count = 0 },
                                                   resources = { count = 59 } } },
          { set = { "move R14 resources" } },
          "draw",
          { kind = "play", zones = { ["hand[1]"] = { "R14" } }, legal = { "pool R14", "play R14 P23" } },
          "pool R14",
          { zones = { ["hand[1]"] = { count = 0 }, pool = { top = "R14" } } } }) },

    ---------------------------------------------------------------- project capacity
    { name = "project_capacity=1 is refused: a sale needs 2 resources",
      options = { starting_player = 1, project_capacity = 1 }, setup_refused = "at least 2 resources" },

    { name = "project_capacity=2: a project holding 2 takes no third, and sells at the table's 2",
      options = { starting_player = 1, project_capacity = 2 },
      steps = steps(keeps(2),
        { { set = edits.joined({ "event E10", "persona 1 C3", "state credits[1] 5" },
                               slot(1, 1, "P1", { "R1", "R2" }), hand(1, { "R3" }),
                               next_projects({ "P4", "P5" })) },
          "draw",
          { kind = "play", legal = { "pool R3" }, not_legal = { "play R3 P1" } },
          "pool R3",
          -- 5 + 1 for the pool + 1 for Garage Sale
          { kind = "sell", state = { ["credits[1]"] = 7 }, legal = { "sell P1" } },
          "sell P1",
          { state = { ["credits[1]"] = 12, ["sold[1]"] = 1 } } }) },

    ---------------------------------------------------------------- max projects
    { name = "max_projects=2: Expansion gives no third project",
      options = { starting_player = 1, max_projects = 2, rounds = 1 },
      steps = steps({ "keep P23 P9", "keep P10 P20" },
        { { seat = 1, kind = "acquire", zones = { event = { top = "E1" }, projects = { count = 24 } } } }) },

    { name = "Expansion (max_projects=3, the book's): a player who already owns 3 projects draws none",
      options = { starting_player = 1, rounds = 1 },
      -- (P1 laid out of the stack changes seat 2's draw: its keeps are seed 1's then)
      set = { "move P1 project1[1]" },
      steps = { "keep P23 P9", "keep P7 P11",
        { seat = 1, kind = "acquire", zones = { ["project3[1]"] = { count = 1 }, project_discard = { count = 0 } } } } },

    -- a finding (the docs): the page said what Expansion does with no project left,
    -- not with one; the book's "draw 2, keep one" keeps the one there is, unasked
    { name = "Expansion with one project left in the stack (and none discarded): that one is the third project",
      options = { starting_player = 1, rounds = 1 },
      steps = { "keep P23 P9", "keep P10 P20", "keep P11",
        { set = edits.joined({ "empty projects box", "empty project_discard box", "move P4 projects" },
                             hand(1, { "R13" }), hand(2, { "R14" })) },
        "draw", "pool R13", "end turn",
        { seat = 2, kind = "acquire", zones = { ["project3[2]"] = { bottom = "P4" }, projects = { count = 0 } } } } },

    { name = "max_projects=5: setup keeps 2 projects all the same, the other slots stay empty",
      options = { starting_player = 1, max_projects = 5 },
      steps = steps(keeps(2),
        { { seat = 1, kind = "acquire",
            zones = { ["project3[1]"] = { count = 0 }, ["project5[2]"] = { count = 0 },
                      ["project1[1]"] = { count = 1 }, ["project2[2]"] = { count = 1 } } } }) },

    { name = "max_projects=4: Expansion gives a player who owns 3 projects one more, up to the limit",
      options = { starting_player = 1, max_projects = 4, rounds = 1 },
      -- a project laid out at the first request sends the kept ones to slots 2 and 3
      set = { "move P1 project1[1]" },
      steps = steps({ "keep P23 P9", "keep P7 P11" },
        { { seat = 1, kind = "keep", answers = { "keep P21", "keep P6" },
            zones = { ["project3[1]"] = { count = 1 } } },
          "keep P21",
          { zones = { ["project4[1]"] = { bottom = "P21" } } } }) },

    ---------------------------------------------------------------- bonus colours
    { name = "bonus_colours=all: a bonus naming one colour is the same (Studio Lights, +2 with yellow, on a Podcast)",
      options = { starting_player = 1, bonus_colours = "all" },
      steps = steps(keeps(2),
        { { set = edits.joined({ "event E10", "persona 1 C3", "state credits[1] 5" },
                               slot(1, 1, "P6", { "R11", "R13" }), hand(1, { "R3" })) },
          "draw", "pool R3",
          -- 5 + 2 for the pool; Podcast with 2: 4, Studio Lights +2
          { kind = "sell", state = { ["credits[1]"] = 7, ["prices.P6"] = 6 } },
          "sell P6",
          { state = { ["credits[1]"] = 13 } } }) },

    { name = "bonus_colours=all: Crossover Hype (+3 with red or yellow) pays on a project holding both",
      options = { starting_player = 1, bonus_colours = "all" },
      steps = steps(keeps(2),
        { { set = edits.joined({ "event E8", "persona 1 C3", "state credits[1] 5" },
                               slot(1, 1, "P6", { "R1", "R13" }), slot(1, 2, "P1", { "R2", "R3" }),
                               hand(1, { "R4" })) },
          "draw", "pool R4",
          -- Podcast 4 + 3; Vlog (red alone) 5, no bonus
          { kind = "sell", state = { ["prices.P6"] = 7, ["prices.P1"] = 5 } } }) },

    { name = "bonus_colours=all: the Streamer's income needs red and purple on one project",
      options = { starting_player = 1, bonus_colours = "all" },
      set = only_events({ "E10", "E11" }),
      steps = steps(keeps(2),
        { { set = edits.joined({ "persona 1 C10", "state credits[1] 5" },
                               slot(1, 1, "P9", { "R1" }), slot(1, 2, "P20", { "R2", "R49" }),
                               hand(1, { "R13" }), hand(2, { "R14" })) } },
        quiet("R13"), quiet("R14"),
        -- 5 + 2 for the pool under Garage Sale, then +1: P20 holds red and purple
        { { seat = 1, kind = "acquire", state = { ["credits[1]"] = 8 } } }) },

    { name = "bonus_colours=all: the Streamer gets nothing from a project holding red alone",
      options = { starting_player = 1, bonus_colours = "all" },
      set = only_events({ "E10", "E11" }),
      steps = steps(keeps(2),
        { { set = edits.joined({ "persona 1 C10", "state credits[1] 5" },
                               slot(1, 1, "P9", { "R1" }), hand(1, { "R13" }), hand(2, { "R14" })) } },
        quiet("R13"), quiet("R14"),
        { { seat = 1, kind = "acquire", state = { ["credits[1]"] = 7 } } }) },

    ---------------------------------------------------------------- resource bonus
    { name = "resource_bonus=played: a Drone played this turn adds its +3 to the sale of another project",
      options = { starting_player = 1, resource_bonus = "played" },
      steps = steps(keeps(2),
        { { set = edits.joined({ "event E10", "persona 1 C3", "state credits[1] 10" },
                               slot(1, 1, "P1", { "R1", "R2" }), slot(1, 2, "P9", {}),
                               hand(1, { "R12" })) },
          "draw", "play R12 P9",
          { kind = "sell", state = { ["credits[1]"] = 7, ["prices.P1"] = 8 } },
          "sell P1",
          { state = { ["credits[1]"] = 15 } } }) },

    { name = "resource_bonus=played: a Drone played on the project sold this turn counts once",
      options = { starting_player = 1, resource_bonus = "played" },
      steps = steps(keeps(2),
        { { set = edits.joined({ "event E10", "persona 1 C3", "state credits[1] 10" },
                               slot(1, 1, "P1", { "R1" }), hand(1, { "R12" })) },
          "draw", "play R12 P1",
          { kind = "sell", state = { ["prices.P1"] = 8 } } }) },

    { name = "resource_bonus=played: a Drone played in an earlier turn adds nothing to a later sale",
      options = { starting_player = 1, resource_bonus = "played" },
      steps = steps(keeps(2),
        { { set = edits.joined({ "event E10", "persona 1 C3", "state credits[1] 10" },
                               slot(1, 1, "P1", { "R1", "R12" }), hand(1, { "R3" })) },
          "draw", "pool R3",
          { kind = "sell", state = { ["prices.P1"] = 5 } } }) },

    { name = "resource_bonus=attached (the default): a Drone on another project adds nothing to this sale",
      steps = steps(keeps(2),
        { { set = edits.joined({ "event E10", "persona 1 C3", "state credits[1] 10" },
                               slot(1, 1, "P1", { "R1", "R2" }), slot(1, 2, "P9", {}),
                               hand(1, { "R12" })) },
          "draw", "play R12 P9",
          { kind = "sell", state = { ["credits[1]"] = 7, ["prices.P1"] = 5 } } }) },

    ---------------------------------------------------------------- trading
    { name = "trading=off: no trade at the acquire, play or sell step, and after a sale the turn passes at once",
      options = { starting_player = 1, trading = "off" },
      steps = steps(keeps(2),
        { { set = edits.joined({ "event E10", "persona 1 C3" },
                               slot(1, 1, "P1", { "R1", "R2" }), hand(1, { "R3" }),
                               next_projects({ "P4", "P5" })) },
          { kind = "acquire", not_legal = { "trade" } },
          "draw",
          { kind = "play", not_legal = { "trade" } },
          "pool R3",
          { kind = "sell", answers = { "sell P1", "end turn" } },
          "sell P1", "keep P5",
          { seat = 2, kind = "acquire", not_legal = { "trade" } } }) },

    { name = "offers_per_turn=1: once an offer is refused, no counter and no other trade this turn",
      options = { starting_player = 1, offers_per_turn = 1 },
      steps = steps(keeps(2),
        { { set = edits.joined({ "event E10" }, hand(1, { "R13", "R14" }), hand(2, { "R25", "R26" })) },
          "trade", "with seat 2", "give 1", "done", "ask 0", "any card", "done",
          { seat = 2, kind = "offer", legal = { "refuse" }, not_legal = { "counter" } },
          "refuse",
          { seat = 1, kind = "acquire", not_legal = { "trade" }, legal = { "draw" } } }) },

    { name = "offers unlimited by default: after three refused offers a fourth may still be made",
      steps = steps(keeps(2),
        { { set = edits.joined({ "event E10" }, hand(1, { "R13", "R14" }), hand(2, { "R25", "R26" })) },
          "trade", "with seat 2", "give 1", "done", "ask 0", "any card", "done", "refuse",
          "trade", "with seat 2", "give 2", "done", "ask 0", "any card", "done", "counter",
          -- seat 2's counter-offer: a card for 3 credits
          "give 0", "give R25", "done", "ask 3", "done", "refuse",
          { seat = 1, kind = "acquire", legal = { "trade" }, state = { offers = 3 } } }) },

    { name = "offers_per_turn=2: a counter-offer is the second offer, so the first side may not counter again; the next turn counts anew",
      options = { starting_player = 1, offers_per_turn = 2 },
      steps = steps(keeps(2),
        { { set = edits.joined({ "event E10", "persona 1 C3" }, hand(1, { "R13", "R14" }), hand(2, { "R25", "R26" })) },
          "trade", "with seat 2", "give 1", "done", "ask 0", "any card", "done", "counter",
          "give 0", "give R25", "done", "ask 3", "done",
          { seat = 1, kind = "offer", not_legal = { "counter" }, legal = { "refuse" }, state = { offers = 2 } },
          "refuse",
          { seat = 1, kind = "acquire", not_legal = { "trade" } },
          -- a finding (the docs): with nothing to sell and the turn's offers used, the
          -- sell step is passed over, as with trading=off; the page said so for
          -- trading=off alone, and an 'end turn' here was refused
          "draw", "pool R13",
          { seat = 2, kind = "acquire", legal = { "trade" }, state = { offers = 0 } } }) },

    ---------------------------------------------------------------- the end
    { name = "the last turn at 3 players, seat 2 starting: seat 1 plays last, its sale counts under the round's event, then the game ends",
      players = 3, options = { starting_player = 2 },
      set = only_events({ "E5" }),
      steps = steps(keeps(3),
        { { set = edits.joined({ "persona 1 C3", "persona 3 C4" },
                               slot(1, 1, "P4", { "R37", "R38" }),
                               hand(1, { "R39" }), hand(2, { "R13" }), hand(3, { "R14" }),
                               next_projects({ "P5", "P6" })) } },
        { "draw", "pool R13", "end turn" },
        { "draw", "pool R14", "end turn" },
        { { seat = 1, kind = "acquire", over = false }, "draw", "pool R39",
          -- Browser Extension with 2: 5, Developer Conference +2 with blue
          { kind = "sell", state = { ["prices.P4"] = 7 } }, "sell P4", "keep P6", "end turn",
          -- the Blogger (seat 3) gets +1 for its discard
          { over = true, winners = { 1 }, state = { ["credits[1]"] = 11, ["credits[2]"] = 4, ["credits[3]"] = 5 } } }) },

    { name = "tie-break: a sale in the last turn ties the credits and wins on projects sold",
      set = only_events({ "E10" }),
      steps = steps(keeps(2),
        { { set = edits.joined({ "persona 1 C3", "state credits[1] 12", "state credits[2] 7" },
                               slot(2, 1, "P4", { "R37", "R38" }),
                               hand(1, { "R13" }), hand(2, { "R14" }),
                               next_projects({ "P5", "P6" })) } },
        quiet("R13"),
        { "draw", "pool R14", "sell P4", "keep P6", "end turn",
          { over = true, state = { ["credits[1]"] = 14, ["credits[2]"] = 14, ["sold[2]"] = 1 },
            winners = { 2 } } }) },

    { name = "tie at 5 players: the two richest tied on credits and sales share the win, the others lose",
      players = 5, options = { starting_player = 1 },
      set = only_events({ "E10" }),
      steps = steps(keeps(5),
        { { set = edits.joined({ "persona 1 C3", "persona 2 C1", "persona 3 C2", "persona 4 C7", "persona 5 C9",
                                 "state credits[1] 9", "state credits[2] 4", "state credits[3] 9",
                                 "state credits[4] 8", "state credits[5] 3" },
                               hand(1, { "R13" }), hand(2, { "R14" }), hand(3, { "R25" }),
                               hand(4, { "R26" }), hand(5, { "R37" })) } },
        quiet("R13"), quiet("R14"), quiet("R25"), quiet("R26"), quiet("R37"),
        { { over = true, winners = { 1, 3 } } }) },

    { name = "the end at the book's 12 rounds at 2 players: every player has 12 turns, the round is 12",
      steps = { { run = "random" }, { over = true, round = 12, state = { round = 12, rounds = 12 },
                                      zones = { events = { count = 0 }, past_events = { count = 11 } } } } },

    { name = "the end at the book's 12 rounds at 5 players, seat 3 starting",
      players = 5, options = { starting_player = 3 },
      steps = { { run = "random" }, { over = true, round = 12, state = { round = 12 } } } },

    ---------------------------------------------------------------- what each seat sees
    { name = "what a seat sees at setup step 6 (3 players): its own projects to choose from, not another's",
      players = 3,
      steps = { "keep P23 P9",
        { seat = 2, kind = "keep",
          view = { seat = 1, sees = { "project1[1]", "project2[1]", "persona[2]", "persona[3]", "pool" },
                   hides = { "choice[2]", "hand[2]", "hand[3]", "resources", "projects", "events" } } },
        { view = { seat = 2, sees = { "choice[2]", "project1[1]" }, hides = { "hand[1]" } } } } },

    { name = "what a seat sees at 5 players: its hand, every persona, project, the pool and the events shown; not the other hands or the stacks",
      players = 5, options = { starting_player = 5 },
      set = only_events({ "E10", "E11" }),
      steps = steps(keeps(5),
        { { set = edits.joined(hand(5, { "R13" }), hand(1, { "R14" })) } },
        quiet("R13"),
        { { seat = 1, kind = "acquire",
            view = { seat = 5, sees = { "hand[5]", "persona[1]", "persona[4]", "project1[4]", "pool", "event" },
                     hides = { "hand[1]", "hand[2]", "hand[3]", "hand[4]", "resources", "projects", "events" } } } }) },

    { name = "what a seat sees: Expansion's two projects are the drawing player's alone, and the one discarded is public",
      options = { starting_player = 1, rounds = 1 },
      steps = steps({ "keep P23 P9", "keep P10 P20" },
        { { seat = 1, kind = "keep",
            view = { seat = 2, hides = { "choice[1]" } } },
          { view = { seat = 1, sees = { "choice[1]" } } },
          "keep P11",
          { view = { seat = 2, sees = { "project3[1]", "project_discard" } } } }) },

    { name = "what a seat sees after a sale: the two projects drawn are the seller's alone; the sold cards are in the open discards",
      steps = steps(keeps(2),
        { { set = edits.joined({ "event E10", "persona 1 C3" },
                               slot(1, 1, "P1", { "R1", "R2" }), hand(1, { "R3" }),
                               next_projects({ "P4", "P5" })) },
          "draw", "pool R3", "sell P1",
          { seat = 1, kind = "keep", view = { seat = 2, hides = { "choice[1]" },
                                              sees = { "project_discard", "resource_discard", "pool" } } },
          { view = { seat = 1, sees = { "choice[1]" } } } }) },

  },
}
