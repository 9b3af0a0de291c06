-- Rush for the Web, a fourth audit from the rule book (DE-1.1, read beside
-- EN-1.1) and the docs alone (docs/games/rushfortheweb.md, authoring.md
-- "Scenarios", repl.md), written without reading the script or the other
-- scenario files. Each scenario is named by the rule it checks.
--
-- No rule was found played against the book. What failed at first were the
-- auditor's own set-ups; those that came from what the game's page did not
-- say are marked "A finding (the docs)" below, and the page now says them.
--
-- The table: 2 players (seed 1, seat 1 starting) unless a scenario says
-- otherwise. Setup's keeps are the seed's (seen with :moves at the REPL);
-- the position is then laid out with edits at seat 1's first request.
-- Seat 1 is the Developer (C3: only green and blue cost less) and plays red,
-- yellow and purple cards; seat 2 the Influencer (C7: +1 a sale for each
-- project it sold before, nothing while it has sold none). The round's
-- event is Garage Sale (E10: +1 for a discard to the pool), which touches no
-- play and no sale, or Ad Boom (E2) where the pool's pay is checked.

local KEEPS = { "keep P23 P9", "keep P12 P16" }

local function hand(seat, cards)
  return edits.holding("hand[" .. seat .. "]", "resources", cards)
end

-- a project slot: the project at the bottom, its resources above it
local function project(seat, slot, code, resources)
  local zone = "project" .. slot .. "[" .. seat .. "]"
  local list = { "empty " .. zone .. " box", "move " .. code .. " " .. zone }
  for _, r in ipairs(resources or {}) do list[#list + 1] = "move " .. r .. " " .. zone end
  return list
end

-- the next draws of the resource stack, the first drawn first
local function next_draws(cards)
  local list = {}
  for i = #cards, 1, -1 do list[#list + 1] = "move " .. cards[i] .. " resources" end
  return list
end

-- the usual position at seat 1's first acquire: personas, event, credits,
-- seat 1's hand and projects (P1 Vlog: red; P16 Documentary: red, yellow,
-- green), seat 2's hand (R50) and projects (P12 Web Comic, P2 Novel: yellow only)
local function table_of(t)
  local list = edits.joined(
    { "persona 1 C3", "persona 2 C7", "event " .. (t.event or "E10"),
      "state credits[1] " .. (t.credits1 or 5), "state credits[2] " .. (t.credits2 or 5) },
    hand(1, t.hand1 or { "R3" }),
    hand(2, t.hand2 or { "R50" }),
    project(1, 1, t.p1 or "P1", t.on1 or {}),
    project(1, 2, t.p2 or "P16", t.on2 or {}),
    project(2, 1, t.q1 or "P12", t.onq1 or {}),
    project(2, 2, t.q2 or "P2", t.onq2 or {}))
  if t.pool then list = edits.joined(list, edits.holding("pool", "box", t.pool)) end
  if t.draws then list = edits.joined(list, next_draws(t.draws)) end
  if t.extra then list = edits.joined(list, t.extra) end
  return edits.joined(KEEPS, { { set = list } })
end

local function with(steps, more) return edits.joined(steps, more) end

return {
  game = "rushfortheweb", players = 2, seed = 1,
  options = { starting_player = 1 },
  scenarios = {

    -- Spielvorbereitung ----------------------------------------------------

    { name = "setup at 2 players: 3 credits, 3 hidden resources, 2 projects, a persona each, one pool card, 12 events with Expansion",
      steps = {
        "keep P23 P9", "keep P12 P16",
        { seat = 1, kind = "acquire",
          state = { ["credits[1]"] = 3, ["credits[2]"] = 3, ["sold[1]"] = 0, ["sold[2]"] = 0, round = 1, rounds = 12 },
          zones = {
            ["hand[1]"] = { count = 3 }, ["hand[2]"] = { count = 3 },
            ["persona[1]"] = { count = 1 }, ["persona[2]"] = { count = 1 },
            ["project1[1]"] = { count = 1, top = "P23" }, ["project2[1]"] = { count = 1, top = "P9" },
            ["project1[2]"] = { count = 1, top = "P12" }, ["project2[2]"] = { count = 1, top = "P16" },
            pool = { count = 1 }, resource_discard = { count = 0 }, project_discard = { count = 0 },
            -- 60 resources: 1 to the pool, 3 to each hand
            resources = { count = 53 },
            -- 28 projects: 2 kept by each player, the third shuffled back
            projects = { count = 24 },
            -- 11 events under the one revealed; Expansion is among the 12
            events = { count = 11 }, event = { count = 1 }, past_events = { count = 0 },
            -- the other 8 personas and the 6 events not drawn are back in the box
            personas = { count = 0 }, box = { count = 14, lacks = { "E1" } },
          } } } },

    { name = "setup at 5 players: every player gets the same start",
      players = 5,
      steps = {
        "keep P23 P9", "keep P12 P16", "keep P7 P2", "keep P13 P19", "keep P15 P26",
        { seat = 1, kind = "acquire",
          state = { ["credits[1]"] = 3, ["credits[5]"] = 3 },
          zones = {
            ["hand[1]"] = { count = 3 }, ["hand[3]"] = { count = 3 }, ["hand[5]"] = { count = 3 },
            ["project2[5]"] = { count = 1, top = "P26" },
            resources = { count = 44 }, projects = { count = 18 }, pool = { count = 1 },
            events = { count = 11 }, personas = { count = 0 }, box = { count = 11, lacks = { "E1" } },
          } } } },

    { name = "setup step 6: three projects drawn, two kept, the third shuffled back into the stack",
      steps = {
        { seat = 1, kind = "keep", answers = { "keep P23 P9", "keep P23 P1", "keep P9 P1" },
          zones = { ["choice[1]"] = { count = 3 }, projects = { count = 25 } } },
        "keep P23 P9",
        -- P1, left by seat 1, came back into the stack and seat 2 drew it
        { seat = 2, kind = "keep",
          zones = { ["choice[1]"] = { count = 0 }, ["choice[2]"] = { count = 3, has = { "P1" } },
                    projects = { count = 23 }, project_discard = { count = 0 } } } } },

    { name = "setup steps 9 and 10: the starting player reveals round 1's event and plays first",
      options = { starting_player = 2 },
      steps = {
        "keep P23 P9", "keep P12 P16",
        { seat = 2, kind = "acquire", current = 2, state = { round = 1 },
          zones = { event = { count = 1 }, events = { count = 11 } } } } },

    -- Runden und Züge -------------------------------------------------------

    { name = "each round the starting player reveals a new event, lasting the whole round",
      options = { starting_player = 2 },
      steps = with(KEEPS, {
        { set = edits.joined(hand(1, { "R13" }), hand(2, { "R14" }), { "move E11 events" }) },
        -- seat 2 starts; its turn, then seat 1's, end round 1
        "draw", "pool R14", "end turn",
        { seat = 1, kind = "acquire", round = 1, current = 1, state = { round = 1 }, zones = { past_events = { count = 0 } } },
        "draw", "pool R13", "end turn",
        -- round 2: seat 2 reveals Swap Meet (the top of the stack)
        { seat = 2, kind = "acquire", round = 2, current = 2, state = { round = 2, ["effects.pool_bonus"] = 2 },
          zones = { event = { top = "E11" }, past_events = { count = 1 }, events = { count = 10 } } },
      }) },

    -- Der Spielerzug: eine Karte erhalten -----------------------------------

    { name = "acquire: exactly one of drawing a resource or taking the top pool card",
      steps = with(table_of { hand1 = { "R3" }, pool = { "R27" }, draws = { "R15" } }, {
        { seat = 1, kind = "acquire", answers = { "draw", "take R27", "trade" } },
        "draw",
        -- one card and no more: the play follows
        { seat = 1, kind = "play", not_legal = { "draw", "take R27" },
          zones = { ["hand[1]"] = { count = 2, has = { "R15", "R3" } }, pool = { count = 1 } } },
      }) },

    { name = "acquire from the pool: only its topmost face-up card",
      steps = with(table_of { hand1 = { "R3" }, pool = { "R27", "R15" } }, {
        { refused = "take R15" },
        "take R27",
        { seat = 1, kind = "play",
          zones = { ["hand[1]"] = { count = 2, has = { "R27" } }, pool = { count = 1, top = "R15" } } },
      }) },

    { name = "acquire with an empty pool: drawing is the only way",
      steps = with(table_of { hand1 = { "R3" }, extra = { "empty pool box" } }, {
        { seat = 1, kind = "acquire", answers = { "draw", "trade" } },
      }) },

    { name = "no hand limit: a hand of 10 draws an 11th",
      steps = with(table_of { hand1 = { "R1", "R2", "R3", "R4", "R5", "R13", "R14", "R15", "R16", "R17" } }, {
        "draw",
        { seat = 1, kind = "play", zones = { ["hand[1]"] = { count = 11 } } },
      }) },

    -- Der Spielerzug: eine Karte ausspielen ---------------------------------

    { name = "play: a resource on an own project of its colour, its cost (3) paid to the bank",
      steps = with(table_of { hand1 = { "R12", "R3" }, credits1 = 5, draws = { "R13" } }, {
        "draw", "play R12 P1",
        { state = { ["credits[1]"] = 2 },
          zones = { ["project1[1]"] = { count = 2, top = "R12", bottom = "P1" }, ["hand[1]"] = { count = 2 } } },
      }) },

    { name = "play: a resource whose colour the project does not allow is refused",
      steps = with(table_of { hand1 = { "R15", "R3" }, draws = { "R13" } }, {
        "draw",
        { legal = { "play R15 P16", "play R3 P1" }, not_legal = { "play R15 P1" } },
        { refused = "play R15 P1", reason = "allows" },
      }) },

    { name = "play: only to one of the player's own projects",
      -- seat 2's Documentary takes red; seat 1 may not put its red card there
      steps = with(table_of { hand1 = { "R3" }, q1 = "P16", q2 = "P2", p2 = "P9", draws = { "R13" } }, {
        "draw",
        { not_legal = { "play R3 P16" } },
        { refused = "play R3 P16", reason = "seat 2" },
      }) },

    { name = "play: a cost above the player's credits is refused, a cost equal to them is not",
      steps = with(table_of { hand1 = { "R12", "R11" }, credits1 = 2, draws = { "R13" } }, {
        "draw",
        { legal = { "play R11 P1", "pool R12" }, not_legal = { "play R12 P1" } },
        "play R11 P1",
        { state = { ["credits[1]"] = 0 } },
      }) },

    { name = "play: with no credits a free resource can be played and any discarded to the pool",
      steps = with(table_of { hand1 = { "R12", "R1" }, credits1 = 0, draws = { "R13" } }, {
        "draw",
        { legal = { "play R1 P1", "pool R12", "pool R1", "pool R13" }, not_legal = { "play R12 P1" } },
      }) },

    { name = "play is a must: no sale and no end of the turn before a card is played",
      steps = with(table_of { hand1 = { "R3" }, on1 = { "R1", "R2" }, draws = { "R13" } }, {
        "draw",
        { kind = "play", not_legal = { "end turn", "sell P1" } },
        { refused = "end turn" },
        { refused = "sell P1" },
      }) },

    { name = "discard to the pool: on top of the pool, 1 credit from the bank, the card's effect ignored",
      -- Ad Boom (a sale bonus) as the event: no pool bonus
      steps = with(table_of { event = "E2", hand1 = { "R9" }, credits1 = 5, pool = { "R27" }, draws = { "R13" } }, {
        "draw", "pool R9",
        -- Video Editor's "again" is not asked: the sell step follows
        { seat = 1, kind = "sell", state = { ["credits[1]"] = 6 },
          zones = { pool = { count = 2, top = "R9" }, resource_discard = { count = 0 }, ["hand[1]"] = { count = 1 } } },
      }) },

    -- Der Spielerzug: ein Projekt verkaufen ---------------------------------

    { name = "sale, the book's example: 4 credits with 2 resources",
      -- Documentary sells for 4/6/9 as the example's project does
      steps = with(table_of { hand1 = { "R13" }, p2 = "P16", on2 = { "R3", "R4" }, credits1 = 5, draws = { "R14" } }, {
        "draw", "pool R13",
        { state = { ["credits[1]"] = 7 } },
        "sell P16",
        { state = { ["credits[1]"] = 11, ["sold[1]"] = 1 } },
      }) },

    { name = "sale, the book's example: 6 credits with a third resource",
      steps = with(table_of { hand1 = { "R5" }, p2 = "P16", on2 = { "R3", "R4" }, credits1 = 5, draws = { "R14" } }, {
        "draw", "play R5 P16",
        { state = { ["credits[1]"] = 4 } },
        "sell P16",
        { state = { ["credits[1]"] = 10 } },
      }) },

    { name = "sale: 4 resources sell at the table's 4, a 5th may still be played",
      -- Vlog: 5/8/11
      steps = with(table_of { hand1 = { "R5", "R12" }, on1 = { "R1", "R2", "R3", "R4" }, credits1 = 5, draws = { "R14" } }, {
        "draw",
        { legal = { "play R5 P1" } },
        "pool R14",
        "sell P1",
        { state = { ["credits[1]"] = 5 + 1 + 1 + 11 } },
      }) },

    { name = "sale: a project with a single resource cannot be sold",
      steps = with(table_of { hand1 = { "R13" }, on1 = { "R1" }, draws = { "R14" } }, {
        "draw", "pool R13",
        { kind = "sell", not_legal = { "sell P1" }, legal = { "end turn" } },
        { refused = "sell P1", reason = "at least 2" },
      }) },

    -- The keep request lists the projects drawn last first: an 'answers' check
    -- in drawing order failed here first ('legal' takes any order; the page now
    -- says so beside its set-up of the next draws).
    { name = "sale: after selling, the project to the project discard, its resources to the resource discard, 2 drawn and one kept, the other shuffled back",
      steps = with(table_of { hand1 = { "R13" }, on1 = { "R1", "R2" }, draws = { "R14" },
                              extra = { "move P5 projects", "move P4 projects" } }, {
        "draw", "pool R13",
        -- 28, less the 4 the players keep and the 2 laid out here (P1, P2)
        { zones = { projects = { count = 22 } } },
        "sell P1",
        { seat = 1, kind = "keep", legal = { "keep P4", "keep P5" },
          zones = { projects = { count = 20 }, project_discard = { count = 1, top = "P1" }, resource_discard = { count = 2, has = { "R1", "R2" } },
                    ["project1[1]"] = { count = 0 } } },
        "keep P5",
        { seat = 1, state = { ["sold[1]"] = 1 },
          zones = { ["project1[1]"] = { count = 1, top = "P5" }, projects = { count = 21, has = { "P4" } },
                    project_discard = { count = 1 }, ["persona[1]"] = { count = 1 } } },
      }) },

    { name = "sale: only one project a turn",
      steps = with(table_of { hand1 = { "R13" }, on1 = { "R1", "R2" }, p2 = "P16", on2 = { "R3", "R4" },
                              draws = { "R14" }, extra = { "move P5 projects", "move P4 projects" } }, {
        "draw", "pool R13", "sell P1", "keep P4",
        { seat = 1, kind = "sell", not_legal = { "sell P16" }, legal = { "end turn" } },
        { refused = "sell P16" },
      }) },

    { name = "sale is optional: ending the turn keeps the project and its resources",
      steps = with(table_of { hand1 = { "R13" }, on1 = { "R1", "R2" }, draws = { "R14" } }, {
        "draw", "pool R13",
        { legal = { "sell P1", "end turn" } },
        "end turn",
        { seat = 2, kind = "acquire", state = { ["credits[1]"] = 7, ["sold[1]"] = 0 },
          zones = { ["project1[1]"] = { count = 3 } } },
      }) },

    { name = "sale price: the persona's effect is added to the table (Vlogger, +2 with red)",
      steps = with(table_of { hand1 = { "R13" }, on1 = { "R1", "R2" }, draws = { "R14" }, extra = { "persona 1 C1" } }, {
        "draw", "pool R13", "sell P1",
        { state = { ["credits[1]"] = 5 + 2 + 5 + 2 } },
      }) },

    { name = "sale price: table, persona, event and resource bonuses added together",
      -- Vlog 5, Vlogger +2 with red, Ad Boom +2 with red, Drone +3
      steps = with(table_of { event = "E2", hand1 = { "R13" }, on1 = { "R12", "R1" }, draws = { "R14" }, extra = { "persona 1 C1" } }, {
        "draw", "pool R13",
        { state = { ["credits[1]"] = 6 } },
        "sell P1",
        { state = { ["credits[1]"] = 6 + 5 + 2 + 2 + 3 } },
      }) },

    { name = "sale with one project left in the stack: the sold one, in the discard by then, may come back",
      steps = with(table_of { hand1 = { "R13" }, on1 = { "R1", "R2" }, draws = { "R14" },
                              extra = { "empty projects box", "move P4 projects" } }, {
        "draw", "pool R13", "sell P1",
        { seat = 1, kind = "keep", legal = { "keep P4", "keep P1" } },
      }) },

    { name = "the pool card taken may be discarded back to the pool",
      steps = with(table_of { event = "E2", hand1 = { "R3" }, pool = { "R27", "R15" } }, {
        "take R27",
        { legal = { "pool R27" } },
        "pool R27",
        { state = { ["credits[1]"] = 6 }, zones = { pool = { count = 2, top = "R27" } } },
      }) },

    -- Symbole & Effekte: Ressourcen -----------------------------------------

    { name = "icon again: another card played and paid, then a resource drawn so the hand size stays",
      steps = with(table_of { hand1 = { "R9", "R3" }, credits1 = 5, draws = { "R13", "R27" } }, {
        "draw",
        { zones = { ["hand[1]"] = { count = 3 } } },
        "play R9 P1",
        { seat = 1, kind = "again", zones = { ["hand[1]"] = { count = 2 } } },
        "play R3 P1",
        { seat = 1, kind = "sell", state = { ["credits[1]"] = 2 },
          zones = { ["project1[1]"] = { count = 3, top = "R3" }, ["hand[1]"] = { count = 2, has = { "R13", "R27" } } } },
      }) },

    { name = "icon again: a discard to the pool instead pays the credit as usual",
      steps = with(table_of { event = "E2", hand1 = { "R9", "R3" }, credits1 = 5, draws = { "R13", "R27" } }, {
        "draw", "play R9 P1", "pool R13",
        { seat = 1, kind = "sell", state = { ["credits[1]"] = 4 },
          zones = { pool = { top = "R13" }, ["hand[1]"] = { count = 2, has = { "R3", "R27" } } } },
      }) },

    { name = "icon again is a may: skipped, nothing is drawn",
      steps = with(table_of { hand1 = { "R9", "R3" }, credits1 = 5, draws = { "R13", "R27" } }, {
        "draw", "play R9 P1",
        { legal = { "skip" } },
        "skip",
        { seat = 1, kind = "sell", state = { ["credits[1]"] = 3 },
          zones = { ["hand[1]"] = { count = 2 }, resources = { top = "R27" } } },
      }) },

    { name = "icon take pool: the pool card to the hand, then a hand card to the resource discard, effects ignored",
      -- Video Editor taken from the pool brings no again
      steps = with(table_of { hand1 = { "R7", "R3" }, credits1 = 5, pool = { "R9" }, draws = { "R13" } }, {
        "draw", "play R7 P1",
        { seat = 1, kind = "take_pool" },
        "take R9",
        { seat = 1, kind = "discard", zones = { ["hand[1]"] = { count = 3, has = { "R9" } }, pool = { count = 0 } } },
        "discard R13",
        { seat = 1, kind = "sell", state = { ["credits[1]"] = 4 },
          zones = { resource_discard = { count = 1, top = "R13" }, pool = { count = 0 },
                    ["hand[1]"] = { count = 2, has = { "R9", "R3" } } } },
      }) },

    { name = "icon draw another: a second resource drawn, then a hand card to the resource discard",
      steps = with(table_of { hand1 = { "R8", "R3" }, credits1 = 5, pool = { "R27" }, draws = { "R13", "R14" } }, {
        "draw", "play R8 P1",
        { seat = 1, kind = "draw_another", legal = { "draw", "skip" } },
        "draw",
        { seat = 1, kind = "discard", zones = { ["hand[1]"] = { count = 3, has = { "R14" } } } },
        "discard R3",
        { seat = 1, kind = "sell",
          zones = { resource_discard = { count = 1, top = "R3" }, pool = { count = 1, top = "R27" },
                    ["hand[1]"] = { count = 2, has = { "R13", "R14" } } } },
      }) },

    { name = "icon swap: a hand card for the pool's top card, effects ignored",
      steps = with(table_of { hand1 = { "R6", "R9" }, credits1 = 5, pool = { "R27", "R15" }, draws = { "R13" } }, {
        "draw", "play R6 P1",
        { seat = 1, kind = "swap", legal = { "swap R9", "swap R13", "skip" } },
        "swap R9",
        { seat = 1, kind = "sell",
          zones = { pool = { count = 2, top = "R9" }, ["hand[1]"] = { count = 2, has = { "R27", "R13" } } } },
      }) },

    { name = "a resource's sell bonus: +2 when the project holds its colour (Studio Lights, with yellow)",
      -- Podcast takes red and yellow and sells for 4 with 2
      steps = with(table_of { hand1 = { "R13" }, p2 = "P6", on2 = { "R11", "R15" }, draws = { "R14" } }, {
        "draw", "pool R13", "sell P6",
        { state = { ["credits[1]"] = 5 + 2 + 4 + 2 } },
      }) },

    { name = "a resource's sell bonus: nothing without its colour on the project",
      steps = with(table_of { hand1 = { "R13" }, p2 = "P6", on2 = { "R11", "R3" }, draws = { "R14" } }, {
        "draw", "pool R13", "sell P6",
        { state = { ["credits[1]"] = 5 + 2 + 4 } },
      }) },

    -- Symbole & Effekte: Ereignisse -----------------------------------------

    { name = "event sell bonus: for every player's sale in the round (Ad Boom, +2 with red, seat 2 sells)",
      steps = with(table_of { event = "E2", hand1 = { "R13" }, hand2 = { "R14" }, q2 = "P16", onq2 = { "R1", "R2" },
                              credits2 = 5, draws = { "R15", "R16" }, extra = { "move P5 projects", "move P4 projects" } }, {
        "draw", "pool R13", "end turn",
        "draw", "pool R14",
        { seat = 2, state = { ["credits[2]"] = 6 } },
        "sell P16",
        { state = { ["credits[2]"] = 6 + 4 + 2 } },
      }) },

    { name = "event sell bonus, the book's example reading: one of the colours named is enough (Tech Meets Art, blue or purple)",
      -- Browser Extension (blue) with two blue resources: 5 + 3 (the pool pays 1:
      -- Tech Meets Art replaced Garage Sale)
      steps = with(table_of { hand1 = { "R13" }, p2 = "P4", on2 = { "R39", "R40" }, draws = { "R14" }, extra = { "event E9" } }, {
        "draw", "pool R13", "sell P4",
        { state = { ["credits[1]"] = 5 + 1 + 5 + 3 } },
      }) },

    { name = "event pool bonus, the book's example: 3 credits in all (1 + 2) for a discard to the pool",
      steps = with(table_of { event = "E11", hand1 = { "R13" }, credits1 = 5, draws = { "R14" } }, {
        "draw", "pool R13",
        { state = { ["credits[1]"] = 8 } },
      }) },

    { name = "event cost reduction, the book's example: 2 less, to a minimum of free",
      steps = with(table_of { event = "E13", hand1 = { "R12", "R3" }, credits1 = 1, draws = { "R13" } }, {
        "draw",
        { legal = { "play R12 P1", "play R3 P1" } },
        "play R12 P1",
        { state = { ["credits[1]"] = 0 } },
      }) },

    { name = "event cost reduction: a card costing less than the discount is free, not a gain",
      steps = with(table_of { event = "E13", hand1 = { "R3" }, credits1 = 0, draws = { "R13" } }, {
        "draw", "play R3 P1",
        { state = { ["credits[1]"] = 0 } },
      }) },

    { name = "event cost reduction: also for again's additional card",
      steps = with(table_of { event = "E13", hand1 = { "R9", "R12" }, credits1 = 1, draws = { "R13", "R27" } }, {
        "draw", "play R9 P1",
        { legal = { "play R12 P1" } },
        "play R12 P1",
        { state = { ["credits[1]"] = 0 }, zones = { ["project1[1]"] = { count = 3 } } },
      }) },

    { name = "event credits per project: at the start of the turn, 1 for each project holding a resource",
      -- Patron Day set during seat 1's turn, so seat 2's turn starts under it
      steps = with(table_of { hand1 = { "R13" }, credits2 = 5, onq1 = { "R49" }, draws = { "R14" } }, {
        "draw", "pool R13",
        { set = "event E14" },
        "end turn",
        { seat = 2, kind = "acquire", state = { ["credits[2]"] = 6 } },
      }) },

    { name = "event Expansion: at the start of a turn, 2 projects drawn, one kept as a third project, the other discarded",
      steps = with(table_of { hand1 = { "R13" }, draws = { "R14" }, extra = { "move P5 projects", "move P4 projects" } }, {
        "draw", "pool R13",
        { set = "event E1" },
        "end turn",
        { seat = 2, kind = "keep", legal = { "keep P4", "keep P5" }, zones = { projects = { count = 20 } } },
        "keep P5",
        { seat = 2, kind = "acquire",
          zones = { ["project3[2]"] = { count = 1, top = "P5" }, project_discard = { count = 1, top = "P4" },
                    ["project1[2]"] = { top = "P12" }, ["project2[2]"] = { top = "P2" }, projects = { count = 20, lacks = { "P4" } } } },
      }) },

    -- Spielende & Gewinner --------------------------------------------------

    { name = "the end: the round of the last event is played out by every player, then the game ends",
      steps = with(table_of { hand1 = { "R13" }, hand2 = { "R14" }, credits1 = 9, credits2 = 5,
                              draws = { "R15", "R16" }, extra = { "empty events box" } }, {
        "draw", "pool R13", "end turn",
        { seat = 2, kind = "acquire", over = false },
        "draw", "pool R14", "end turn",
        { over = true, winners = { 1 }, scores = { 11, 7 } },
      }) },

    { name = "the end: 12 rounds, and not one more",
      steps = with(KEEPS, {
        { run = "random" },
        { over = true, state = { round = 12 }, zones = { events = { count = 0 }, past_events = { count = 11 } } },
      }) },

    { name = "tie on credits: the player with more projects sold wins",
      steps = with(table_of { hand1 = { "R13" }, hand2 = { "R14" }, draws = { "R15", "R16" }, extra = { "empty events box" } }, {
        "draw", "pool R13", "end turn",
        "draw", "pool R14",
        { set = { "state credits[1] 10", "state credits[2] 10", "state sold[1] 1", "state sold[2] 2" } },
        "end turn",
        { over = true, winners = { 2 } },
      }) },

    { name = "tie on credits and projects sold: the players share the win",
      steps = with(table_of { hand1 = { "R13" }, hand2 = { "R14" }, draws = { "R15", "R16" }, extra = { "empty events box" } }, {
        "draw", "pool R13", "end turn",
        "draw", "pool R14",
        { set = { "state credits[1] 10", "state credits[2] 10", "state sold[1] 2", "state sold[2] 2" } },
        "end turn",
        { over = true, winners = { 1, 2 } },
      }) },

    { name = "credits first: more credits win over more projects sold",
      steps = with(table_of { hand1 = { "R13" }, hand2 = { "R14" }, draws = { "R15", "R16" }, extra = { "empty events box" } }, {
        "draw", "pool R13", "end turn",
        "draw", "pool R14",
        { set = { "state credits[1] 11", "state credits[2] 10", "state sold[1] 0", "state sold[2] 3" } },
        "end turn",
        { over = true, winners = { 1 } },
      }) },

    { name = "tie on credits at 3 players: projects sold break the tie among the tied only",
      players = 3,
      steps = {
        "keep P23 P9", "keep P12 P16", "keep P7 P2",
        { set = edits.joined({ "empty events box", "persona 1 C3", "persona 2 C7", "persona 3 C2", "event E10" },
                             hand(1, { "R13" }), hand(2, { "R14" }), hand(3, { "R15" }), next_draws({ "R16", "R17", "R27" })) },
        "draw", "pool R13", "end turn",
        "draw", "pool R14", "end turn",
        "draw", "pool R15",
        { set = { "state credits[1] 10", "state credits[2] 10", "state credits[3] 9",
                  "state sold[1] 0", "state sold[2] 1", "state sold[3] 5" } },
        "end turn",
        { over = true, winners = { 2 } },
      } },

    { name = "the docs' one-round game: the event stack emptied and Garage Sale put in at the first request",
      set = { "empty events box", "move E10 events" },
      steps = with(KEEPS, {
        { seat = 1, kind = "acquire", state = { rounds = 1, round = 1 }, zones = { event = { top = "E10" }, events = { count = 0 } } },
        { set = edits.joined(hand(1, { "R13" }), hand(2, { "R14" })) },
        "draw", "pool R13", "end turn", "draw", "pool R14", "end turn",
        { over = true },
      }) },

    { name = "an empty resource stack: the resource discard is shuffled into a new stack, the pool stays",
      steps = with(table_of { hand1 = { "R3" }, pool = { "R27" },
                              extra = { "empty resources resource_discard" } }, {
        { zones = { resources = { count = 0 } } },
        "draw",
        { seat = 1, kind = "play", zones = { ["hand[1]"] = { count = 2 }, resource_discard = { count = 0 },
                                             pool = { count = 1, top = "R27" } } },
      }) },

    { name = "persona with a card effect otherwise: the Entrepreneur sells 2 projects in a turn, not 3",
      steps = with(table_of { hand1 = { "R13" }, on1 = { "R1", "R2" }, p2 = "P16", on2 = { "R3", "R4" },
                              draws = { "R14" }, extra = { "persona 1 C5", "move P5 projects", "move P4 projects" } }, {
        "draw", "pool R13", "sell P1", "keep P4",
        -- P5 was shuffled back: the next two are laid on top again
        { set = { "move P7 projects", "move P6 projects" } },
        { seat = 1, kind = "sell", legal = { "sell P16" } },
        "sell P16", "keep P6",
        { seat = 1, kind = "sell", state = { ["sold[1]"] = 2, ["credits[1]"] = 5 + 2 + 5 + 4 },
          not_legal = { "sell P4", "sell P6" } },
      }) },

    { name = "persona Illustrator: a purple resource fits a red project and costs 1 less",
      steps = with(table_of { hand1 = { "R60" }, credits1 = 2, draws = { "R13" }, extra = { "persona 1 C9" } }, {
        "draw",
        { legal = { "play R60 P1" } },
        "play R60 P1",
        { state = { ["credits[1]"] = 0 }, zones = { ["project1[1]"] = { top = "R60" } } },
      }) },

    { name = "persona Maintainer at 3 players: +1 when a neighbour sells a project with yellow, green or blue",
      players = 3,
      steps = {
        "keep P23 P9", "keep P12 P16", "keep P7 P2",
        { set = edits.joined({ "persona 1 C3", "persona 2 C7", "persona 3 C8", "event E10",
                               "state credits[1] 5", "state credits[2] 5", "state credits[3] 5" },
                             hand(1, { "R3" }), hand(2, { "R14" }), hand(3, { "R15" }),
                             project(1, 2, "P22", { "R27", "R28" }), next_draws({ "R16", "R17", "R29" })) },
        "draw", "pool R3", "sell P22",
        { state = { ["credits[1]"] = 5 + 2 + 4, ["credits[3]"] = 6 } },
      } },

    { name = "event credits per project in a later round: the starting player who reveals it is paid at its own turn",
      steps = with(table_of { hand1 = { "R13" }, hand2 = { "R14" }, on1 = { "R1" }, on2 = { "R15" }, credits1 = 5,
                              draws = { "R16", "R17", "R27" }, extra = { "move E15 events" } }, {
        "draw", "pool R13", "end turn", "draw", "pool R14", "end turn",
        { seat = 1, kind = "acquire", zones = { event = { top = "E15" } }, state = { ["credits[1]"] = 7 + 4 } },
      }) },

    { name = "hidden hands: the Curator's kept card is not told to the table",
      steps = with(table_of { hand1 = { "R3" }, draws = { "R60", "R59" }, extra = { "persona 1 C6" } }, {
        "draw",
        { seat = 1, kind = "scout", legal = { "keep R60", "keep R59" } },
        "keep R60",
        { seat = 1, kind = "play", zones = { ["hand[1]"] = { has = { "R60" } }, resource_discard = { top = "R59" } },
          not_said = { "keep R60", "Design System" },
          -- (a view check, added after this audit, which could check only the narration)
          view = { seat = 2, hides = { "hand[1]", "resources" }, sees = { "resource_discard", "pool" } } },
        { view = { seat = 1, sees = { "hand[1]" } } },
      }) },

    { name = "pool bonuses add up: the Blogger's +1 and Swap Meet's +2 on the 1",
      steps = with(table_of { event = "E11", hand1 = { "R13" }, credits1 = 5, draws = { "R14" }, extra = { "persona 1 C4" } }, {
        "draw", "pool R13",
        { state = { ["credits[1]"] = 9 } },
      }) },

    { name = "icon again, chained: the additional card's own again is asked too",
      steps = with(table_of { hand1 = { "R9", "R10", "R3" }, credits1 = 9, draws = { "R13", "R27", "R28" } }, {
        "draw", "play R9 P1", "play R10 P1",
        { seat = 1, kind = "again" },
        "play R3 P1",
        { seat = 1, kind = "sell", state = { ["credits[1]"] = 4 },
          zones = { ["project1[1]"] = { count = 4 }, ["hand[1]"] = { count = 3 } } },
      }) },

    { name = "colour conditions under bonus_colours=all: every colour named must be on the project",
      options = { starting_player = 1, bonus_colours = "all" },
      steps = with(table_of { hand1 = { "R13" }, p2 = "P4", on2 = { "R39", "R40" }, draws = { "R14" }, extra = { "event E9" } }, {
        "draw", "pool R13", "sell P4",
        { state = { ["credits[1]"] = 5 + 1 + 5 } },
      }) },

    { name = "trade after the sale: the book's before, during or after the actions",
      steps = with(table_of { hand1 = { "R13" }, on1 = { "R1", "R2" }, draws = { "R14" },
                              extra = { "move P5 projects", "move P4 projects" } }, {
        "draw", "pool R13", "sell P1", "keep P4",
        { seat = 1, kind = "sell", legal = { "trade", "end turn" } },
        -- A finding (the docs): seat 2 holds one card, so the list of cards asked
        -- ends after one by itself; a 'done' written after it, as the page's
        -- "then done" led the auditor to, was refused (the page now says so).
        "trade", "with seat 2", "give 1", "done", "ask 0", "any card",
        { seat = 2, kind = "offer" },
        "refuse",
        { seat = 1, kind = "sell", legal = { "trade", "end turn" } },
      }) },

    { name = "trade: a counter-offer by the other player, accepted by the current player",
      steps = with(table_of { hand1 = { "R3" }, hand2 = { "R13", "R27" }, credits1 = 5, credits2 = 5 }, {
        "trade", "with seat 2", "give 1", "done", "ask 0", "any card", "done",
        "counter",
        { seat = 2, kind = "give_credits" },
        "give 0", "give R13", "done", "ask 2", "done",
        { seat = 1, kind = "offer" },
        "accept",
        { seat = 1, kind = "acquire", state = { ["credits[1]"] = 3, ["credits[2]"] = 7 },
          zones = { ["hand[1]"] = { count = 2, has = { "R13" } }, ["hand[2]"] = { count = 1 } } },
      }) },

    { name = "the docs' set-up: an event named at the first request is round 1's event",
      set = { "event E13" },
      steps = with(KEEPS, {
        { seat = 1, kind = "acquire", state = { ["effects.discount"] = 2, rounds = 12 },
          zones = { event = { top = "E13" }, events = { count = 11 } } },
      }) },

    -- A finding (the docs): the auditor's first set-ups laid out hands and
    -- projects in `set`, at the first request, where setup still adds to them;
    -- the page said so only of the credits. It now says so of all three.
    { name = "the docs' set-up: a hand and a project laid out before the keeps are added to by setup",
      set = { "move R3 hand[1]", "move P1 project1[1]" },
      steps = {
        "keep P23 P9", "keep P7 P11",
        { seat = 1, kind = "acquire",
          zones = { ["hand[1]"] = { count = 4, has = { "R3" } }, ["project1[1]"] = { count = 1, top = "P1" },
                    ["project2[1]"] = { top = "P23" }, ["project3[1]"] = { top = "P9" } } },
      } },

    { name = "Expansion as round 1's event: the starting player's first turn begins with the third project",
      set = { "event E1" },
      steps = with(KEEPS, {
        { seat = 1, kind = "keep", zones = { ["choice[1]"] = { count = 2 } } },
      }) },

    { name = "the sell step makes each project's price now public",
      steps = with(table_of { event = "E2", hand1 = { "R13" }, on1 = { "R1", "R2" }, p2 = "P16", on2 = { "R15", "R16", "R17" }, draws = { "R14" } }, {
        "draw", "pool R13",
        { seat = 1, kind = "sell", state = { ["prices.P1"] = 7, ["prices.P16"] = 6 } },
      }) },

    -- Negotiation & Trade ---------------------------------------------------

    { name = "trade: the current player gives a credit for a card, the other picks which",
      steps = with(table_of { hand1 = { "R3" }, hand2 = { "R13", "R27" }, credits1 = 5, credits2 = 5 }, {
        "trade", "with seat 2", "give 1", "done", "ask 0", "any card", "done",
        { seat = 2, kind = "offer", legal = { "accept", "refuse" }, prompt = "seat 1 makes the offer on the table",
          state = { offer_text = "seat 1 offers seat 2 1 credit for any card", offers = 1 } },
        "accept",
        { seat = 2, kind = "hand_over", legal = { "give R13", "give R27" } },
        "give R27",
        { seat = 1, kind = "acquire", state = { ["credits[1]"] = 4, ["credits[2]"] = 6 },
          zones = { ["hand[1]"] = { count = 2, has = { "R27" } }, ["hand[2]"] = { count = 1, has = { "R13" } } } },
      }) },

    { name = "trade: only between the current player and one other player",
      players = 3,
      steps = {
        "keep P23 P9", "keep P12 P16", "keep P7 P2",
        "trade",
        { seat = 1, kind = "trade", answers = { "with seat 2", "with seat 3", "cancel" } },
        { refused = "with seat 1" },
      } },

    { name = "hidden hands: a drawn card is not named to the table, and a card is asked for by colour",
      steps = with(table_of { hand1 = { "R3" }, hand2 = { "R27" }, draws = { "R60" } }, {
        "draw",
        { not_said = { "R60", "Design System" } },
        "trade", "with seat 2", "give 1", "done", "ask 0",
        { refused = "ask R27", reason = "seat 2 picks which cards on accepting" },
        { legal = { "green card", "any card" } },
        -- A finding (the docs): the page said "a colour the cards do not have" is
        -- refused; the auditor read it as a colour seat 2 lacks. What is refused
        -- is a word that is no colour; any colour may be asked for, since the
        -- hand is hidden, and the offer then cannot be accepted.
        { refused = "orange card", reason = "'orange' is no colour" },
        "red card",
        { seat = 2, kind = "offer", not_legal = { "accept" }, legal = { "counter", "refuse" } },
      }) },

    { name = "trade: the cards given end by themselves once the whole hand is in the offer",
      -- A finding (the docs), as above: no 'done' after the last card of the hand
      steps = with(table_of { hand1 = { "R3" }, hand2 = { "R27" }, credits1 = 5 }, {
        "trade", "with seat 2", "give 0", "give R3",
        { seat = 1, kind = "ask_credits" },
        { refused = "done" },
      }) },

    { name = "trade: a step with nothing to give is passed over (no credits: the offer begins with the cards)",
      steps = with(table_of { hand1 = { "R3" }, hand2 = { "R27", "R28" }, credits1 = 0 }, {
        "trade", "with seat 2",
        { seat = 1, kind = "give_cards", legal = { "give R3", "done", "cancel" } },
        { refused = "give 0", reason = "no credits to give" },
        "done", "ask 0",
        { refused = "skip", reason = "'cancel' withdraws the offer" },
        -- no more cards asked than seat 2 holds: the step ends after two, with
        -- no 'done' (a finding of the docs, see "trade after the sale")
        "green card", "green card",
        { seat = 2, kind = "offer" },
      }) },

    { name = "trade: an offer the other player cannot meet cannot be accepted",
      steps = with(table_of { hand1 = { "R3" }, hand2 = { "R27", "R13" }, credits1 = 5 }, {
        "trade", "with seat 2", "give 2", "done", "ask 0", "green card", "green card",
        { seat = 2, kind = "offer", not_legal = { "accept" }, legal = { "counter", "refuse" } },
        { refused = "accept", reason = "you cannot meet this offer" },
        "refuse",
        { seat = 1, kind = "acquire", state = { ["credits[1]"] = 5, ["credits[2]"] = 5 } },
      }) },
  },
}
