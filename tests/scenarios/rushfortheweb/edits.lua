-- Rush for the Web: god mode's edits leave a game the rules and the table agree
-- on. An edit that alone would leave them disagreeing is refused, naming the
-- edit to use (the game's edited hook, its event edit's keeps, fixed_state);
-- the rounds follow the event stack at once. Seed 1, 2 players, seat 1
-- starting with P23 Zine (yellow/green/purple) and P9 Animated Short
-- (red/purple), hand R59 R31 R11, 3 credits; seat 2 P12 Web Comic and P16
-- Documentary, hand R22 R9 R33; Cloud Discount (1 less); the pool R43.

local h = uses "_helpers.lua"
local after_seed1_keeps, layout = h.after_seed1_keeps, h.layout

return {
  game = "rushfortheweb", players = 2, seed = 1, options = { starting_player = 1 },
  scenarios = {
    -- the round's event: the card shown and its effects are one
    { name = "rushfortheweb edits: an event moved onto the round's event is refused, naming the event edit, which changes the effects too",
      steps = after_seed1_keeps(
        { set_refused = "move E13 event", reason = "zone 'event' is kept in step with other values by this game's own edit: expected event CARD" },
        { set_refused = "state effects.discount 2", reason = "expected event CARD" },
        { set_refused = "state event Foo", reason = "expected event CARD" },
        { state = { event = "Cloud Discount", ["effects.discount"] = 1 }, zones = { event = { "E12" } } },
        { set = "event E13" }, "draw",
        -- Hardware Sale: R11 Studio Lights (red, 2) costs nothing
        "play R11 P9"),
      expect = { state = { ["credits[1]"] = 3, event = "Hardware Sale", ["effects.discount"] = 2 },
                 zones = { event = { "E13" }, ["project2[1]"] = { "R11", "P9" } } } },

    -- a persona is one seat's
    { name = "rushfortheweb edits: another seat's persona leaves that seat with none, as the table says, until it is given one",
      steps = after_seed1_keeps({ set = "persona 1 C1" },
        { state = { ["persona[1]"] = "Vlogger", ["persona[2]"] = "no persona" }, zones = { ["persona[2]"] = { count = 0 } } },
        { set = "persona 2 C3" }),
      expect = { state = { ["persona[1]"] = "Vlogger", ["persona[2]"] = "Developer" },
                 zones = { ["persona[1]"] = { "C1" }, ["persona[2]"] = { "C3" }, box = { has = { "C4" } } } } },

    -- the rounds: the event stack says them
    { name = "rushfortheweb edits: state round and rounds are refused; an emptied event stack makes this round the last at once",
      steps = after_seed1_keeps(
        { set_refused = "state round 5", reason = "state 'round' is the round whose event is shown" },
        { set_refused = "state rounds 3", reason = "empty events box makes this round the last" },
        { state = { round = 1, rounds = 12 } },
        { set = "empty events box" }, { state = { round = 1, rounds = 1 } },
        "draw", "pool R59", "end turn", "draw", "pool R22", "end turn"),
      expect = { over = true, state = { round = 1, rounds = 1 } } },
    { name = "rushfortheweb edits: an event stack emptied during a negotiation counts in the rounds at once",
      steps = after_seed1_keeps("trade", { kind = "trade", state = { rounds = 12 } },
        { set = "empty events box" }, { kind = "trade", state = { rounds = 1 } }, "cancel"),
      expect = { seat = 1, kind = "acquire", state = { rounds = 1 } } },
    { name = "rushfortheweb edits: the starting player is fixed for the game",
      steps = after_seed1_keeps({ set_refused = "state start 2", reason = "state 'start' is fixed for the whole game" }),
      expect = { state = { start = 1 }, seat = 1, kind = "acquire" } },
    { name = "rushfortheweb edits: the sale sizes the projects' words show are fixed for the game",
      options = { starting_player = 1, project_capacity = 3 },
      steps = after_seed1_keeps({ set_refused = "state sale_sizes[2] 5", reason = "state 'sale_sizes' is fixed for the whole game" }),
      expect = { state = { ["sale_sizes[2]"] = 3 } } },

    -- a card where the rules read its kind
    { name = "rushfortheweb edits: a card of another kind in a hand, a stack, a discard or the pool is refused",
      steps = after_seed1_keeps(
        { set_refused = "move P5 hand[1]", reason = "hand[1] holds resources only, and P5 Art Portfolio is a project" },
        { set_refused = "move E13 hand[2]", reason = "hand[2] holds resources only" },
        { set_refused = "move P5 pool", reason = "pool holds resources only" },
        { set_refused = "move P5 resources", reason = "resources holds resources only" },
        { set_refused = "move R5 projects", reason = "projects holds projects only, and R5 Camera is a resource (a project slot's resources go to the resource discard or the box first" },
        { set_refused = "move R5 project_discard", reason = "project_discard holds projects only" },
        { set_refused = "move R5 events", reason = "events holds events only" },
        -- the game plays on as it was
        { seat = 1, kind = "acquire", legal = { "draw", "take R43" } }, "take R43", "play R31 P23"),
      expect = { zones = { ["hand[1]"] = { "R43", "R59", "R11" }, ["project1[1]"] = { "R31", "P23" } } } },
    { name = "rushfortheweb edits: a project slot holds its project at the bottom and resources above it",
      steps = after_seed1_keeps(
        { set_refused = "move R5 project3[1]", reason = "project3[1] holds no project at its bottom (R5 Camera is a resource)" },
        { set_refused = "move P5 project1[1]", reason = "project1[1] holds P5 Art Portfolio above its project P23 Zine" },
        { set = "move R13 project1[1]" },
        { set_refused = "move P23 box", reason = "project1[1] holds no project at its bottom (R13 Notes is a resource)" },
        { set_refused = "empty project1[1] projects", reason = "projects holds projects only, and R13 Notes is a resource" },
        -- a slot laid out anew: its resources away first, then its project
        { set = edits.joined({ "move R13 resource_discard" }, layout(1, 1, "P5", { "R14" })) },
        { zones = { ["project1[1]"] = { "R14", "P5" } } }, "draw", "pool R59"),
      expect = { kind = "sell", zones = { ["project1[1]"] = { "R14", "P5" } } } },
    { name = "rushfortheweb edits: a choice zone holds the cards drawn to choose from, while the seat chooses",
      steps = { { set_refused = "move R5 choice[1]", reason = "choice[1] holds projects only, and R5 Camera is a resource" },
                { set_refused = "move P5 choice[2]", reason = "choice[2] holds the cards seat 2 draws to choose from while it chooses, and it is not choosing now: P5 Art Portfolio (on top of its stack it is drawn next: move P5 projects)" },
                { set = "move P5 choice[1]" }, "keep P5 P23" },
      expect = { zones = { ["project1[1]"] = { "P5" }, ["project2[1]"] = { "P23" } }, seat = 2, kind = "keep" } },
    { name = "rushfortheweb edits: the projects a seat keeps need free slots while it chooses",
      steps = { { set = "move P5 project3[1]" },
                { set_refused = "move P6 project2[1]", reason = "seat 1 keeps 2 projects in its free project slots, and 1 is free" },
                "keep P23 P9" },
      expect = { zones = { ["project1[1]"] = { "P23" }, ["project2[1]"] = { "P9" }, ["project3[1]"] = { "P5" } } } },
    { name = "rushfortheweb edits: a turn edit at the sell step leaves the seat asked its own sales",
      steps = after_seed1_keeps({ set = layout(1, 2, "P9", { "R11", "R12" }) }, "draw", "pool R59",
        { seat = 1, kind = "sell", legal = { "sell P9" } },
        -- seat 1 takes the next turn too: the seats' current one is seat 2 at once
        { set = "turn 1" }, { seat = 1, kind = "sell", legal = { "sell P9", "end turn" } }, "sell P9",
        { seat = 1, kind = "keep" }),
      expect = { state = { ["sold[1]"] = 1 } } },
    { name = "rushfortheweb edits: a card turned face down where the rules deal face up is refused",
      steps = after_seed1_keeps(
        { set_refused = "face R43 down", reason = "R43 Library in pool stays face up" },
        { set_refused = "face R59 down", reason = "R59 Logo in hand[1] stays face up" },
        { set_refused = "face P16 down", reason = "P16 Documentary in project2[2] stays face up" },
        { view = { seat = 2, sees = { "pool", "project2[1]" } } }, "take R43"),
      expect = { zones = { ["hand[1]"] = { has = { "R43" } } } } },

    -- an offer under way is made of the two sides' credits and hands
    { name = "rushfortheweb edits: while an offer waits for its answer, its sides' credits and hands and the offer stay as they are",
      steps = after_seed1_keeps("trade", "with seat 2", "give 1", "give R59", "done", "ask 2", "done",
        { seat = 2, kind = "offer", answers = { "accept", "counter", "refuse" } },
        { set_refused = "state credits[2] 0", reason = "seat 1 and seat 2 are negotiating, and an edit changed their credits" },
        { set_refused = "move R59 pool", reason = "an edit changed their hands" },
        { set_refused = "move R43 hand[2]", reason = "an edit changed their hands" },
        { set_refused = "state offer.give_credits 3", reason = "an edit changed the offer" },
        { set_refused = "state offer_text nothing", reason = "an edit changed the offer" },
        { set_refused = "state offers 5", reason = "an edit changed the turn's count of offers" },
        { set = "move R1 resources" },   -- (neither side's: made)
        "accept",
        -- no offer under way now: nothing to make one of
        { set_refused = "state offer_text hello", reason = "state 'offer' and 'offer_text' are the offer under way and its words" }),
      expect = { seat = 1, kind = "acquire", state = { ["credits[1]"] = 4, ["credits[2]"] = 2 },
                 zones = { ["hand[2]"] = { has = { "R59" } }, resources = { top = "R1" } } } },

    -- what the rules make public at a request
    { name = "rushfortheweb edits: the prices at the sell step are the rules', from the table",
      steps = after_seed1_keeps({ set = layout(1, 2, "P9", { "R11", "R12" }) }, "draw", "pool R59",
        { kind = "sell", state = { ["prices.P9"] = 8 } },   -- 5, and the Drone's +3
        { set_refused = "state prices.P9 99", reason = "state 'prices' is the price of each project the current player may sell" },
        { set_refused = "state pool_reward 2", reason = "state 'pool_reward' is what a discard to the pool pays" },   -- (the book's: none)
        -- R14 Notes (yellow): 7 with 3 resources, +3, and Studio Lights' +2 with yellow
        { set = "move R14 project2[1]" }, { state = { ["prices.P9"] = 12 } }, "sell P9"),
      expect = { kind = "keep", state = { ["credits[1]"] = 3 + 2 + 12 } } },   -- (the Blogger's pool +1)
    { name = "rushfortheweb edits: a house rule's pool reward at the play step is the rules'",
      house = "../../../docs/houses/rushfortheweb_rich_pool.lua",
      steps = after_seed1_keeps("draw", { kind = "play", state = { pool_reward = 3 } },
        { set_refused = "state pool_reward 9", reason = "what a discard to the pool pays the current player" },
        "pool R59"),
      expect = { state = { ["credits[1]"] = 3 + 3 } } },
    { name = "rushfortheweb edits: a house rule's costs at the acquire step are the rules'",
      house = "../../houses/rushfortheweb_cost_wrapper.lua",
      steps = after_seed1_keeps({ kind = "acquire", state = { ["costs.R11"] = 1 } },
        { set_refused = "state costs.R11 0", reason = "what each resource costs the current player" }, "draw"),
      expect = { kind = "play", state = { ["costs.R11"] = 1 } } },
  },
}
