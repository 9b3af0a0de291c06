-- Rush for the Web: what people type at each request, refused with a reason
-- and nothing changed (the runner checks that for every `refused` step).
-- Seed 5, 2 players, as audit.lua: setup keeps P10 P2 (seat 1) and P24 P14.
local h = uses "_helpers.lua"
local hand, project, set_after_seed5_keeps = h.hand, h.layout, h.set_after_seed5_keeps
local START = h.start("E10")
local NOISE = { "", "   ", "0", "-1", "99", "1.5", "1e3", "Über", "🃏", "\255", "a\1b", string.rep("x", 10000) }
local function noise()
  local steps = {}
  for i, t in ipairs(NOISE) do steps[i] = { refused = t, reason = "is not a legal answer" } end
  return steps
end

return {
  game = "rushfortheweb", players = 2, seed = 5, options = { starting_player = 1 },
  scenarios = {
    { name = "rushfortheweb answers: the keep request refuses noise, a project not drawn and one named twice",
      set = START,
      steps = edits.joined(noise(), {
        { refused = "keep P10 P10", reason = "named twice" },
        { refused = "keep P99", reason = "none of the projects drawn" },
        { refused = "keep P10 P2 now", reason = "say just 'keep P10 P2'" },
        "  KEEP  p10   p2 " }),
      expect = { seat = 2, kind = "keep" } },

    { name = "rushfortheweb answers: acquire: a card not the pool's top, a play before acquiring",
      set = START,
      steps = set_after_seed5_keeps(hand(1, { "R13" }), {
        { refused = "take R1", reason = "only the pool's top card may be taken" },
        { refused = "play R13 P2", reason = "first acquire exactly one resource" },
        { refused = "end turn", reason = "first acquire exactly one resource" },
        { refused = "take", reason = "name the pool card" },
        { kind = "acquire" } }) },

    { name = "rushfortheweb answers: yes and no at the take-pool question name the answer meant",
      set = START,
      steps = set_after_seed5_keeps(edits.joined(project(1, 1, "P1"), hand(1, { "R7", "R13" }), { "move R20 pool" }), {
        "draw", "play R7 P1", { kind = "take_pool" },
        { refused = "yes", reason = "say 'take R20'" },
        { refused = "y", reason = "say 'take R20'" },
        { refused = "No", reason = "say 'skip'" },
        { refused = "take R13", reason = "" },
        "take R20", { kind = "discard" },
        { refused = "discard R99", reason = "no resource" },
        { refused = "pass", reason = "now you discard one of your hand" },
        "discard R20" }),
      expect = { seat = 1, kind = "sell" } },

    { name = "rushfortheweb answers: yes and no at the draw-another question",
      set = START,
      steps = set_after_seed5_keeps(edits.joined(project(1, 1, "P1"), hand(1, { "R8", "R13" })), {
        "draw", "play R8 P1", { kind = "draw_another" },
        { refused = "yes", reason = "say 'draw'" },
        { refused = "n", reason = "say 'skip'" },
        "skip" }),
      expect = { seat = 1, kind = "sell" } },

    { name = "rushfortheweb answers: keep: a skip, a turn's answer, the codes alone",
      set = START,
      steps = { { kind = "keep" },
        { refused = "skip", reason = "you keep 2 of the projects drawn, and the others go back: name them, as in 'keep P10 P2'" },
        { refused = "done", reason = "you keep 2 of the projects drawn" },
        { refused = "draw", reason = "first keep 2 of the projects drawn, as in 'keep P10 P2'; then the game goes on" },
        { refused = "play R1 P10", reason = "first keep 2 of the projects drawn" },
        { refused = "P10 P2", reason = "say 'keep P10 P2'" },
        { refused = "P10", reason = "keep 2 of the projects drawn, not 1" },
        { refused = "P2 P10", reason = "name them in the order listed: 'keep P10 P2'" } },
      expect = { seat = 1, kind = "keep" } },

    { name = "rushfortheweb answers: take_pool and its discard: a draw, a discard first, a pass, a play or a sale before the icon",
      set = START,
      steps = set_after_seed5_keeps(edits.joined(project(1, 1, "P1"), hand(1, { "R7", "R13" }), { "move R20 pool" }), {
        "draw", "play R7 P1", { kind = "take_pool" },
        { refused = "draw", reason = "the icon takes the pool card, R20 Interview, not one of the stack: 'take R20', or 'skip'" },
        { refused = "discard R13", reason = "first take the pool card ('take R20'); then you discard one of your hand" },
        { refused = "pass", reason = "say 'skip' to leave the pool card" },
        { refused = "play R13 P1", reason = "first the icon: take the pool card, R20 Interview, and discard one ('take R20'), or 'skip'" },
        { refused = "end turn", reason = "first the icon" },
        "take R20", { kind = "discard" },
        { refused = "done", reason = "now you discard one of your hand" },
        { refused = "sell P1", reason = "first discard one of your hand to the resource discard ('discard R20'), as the icon gave you a card" },
        { refused = "draw", reason = "first discard one of your hand" },
        { refused = "R1", reason = "your hand holds no R1" },
        "discard R13" }),
      expect = { seat = 1, kind = "sell" } },

    { name = "rushfortheweb answers: offer: done, a turn's answer, a colour, cancel",
      set = START,
      steps = set_after_seed5_keeps({}, { "trade", "with seat 2", "give 1", "done", "ask 0", "done", { seat = 2, kind = "offer" },
        { refused = "done", reason = "first answer seat 1's offer: 'accept', 'counter' or 'refuse'" },
        { refused = "draw", reason = "first answer seat 1's offer" },
        { refused = "with seat 1", reason = "first answer seat 1's offer" },
        { refused = "red card", reason = "say 'counter': then you name what you give and what you ask for" },
        { refused = "cancel", reason = "'refuse' refuses the offer and ends the negotiation" },
        "refuse" }),
      expect = { seat = 1, kind = "acquire" } },

    { name = "rushfortheweb answers: the icons' requests (again, draw another) refuse another request's answer, naming the icon's",
      set = START,
      steps = set_after_seed5_keeps(edits.joined(project(1, 1, "P1"), hand(1, { "R9", "R8", "R13" }), { "state credits[1] 9" }), {
        "draw", "play R9 P1", { kind = "again" },
        { refused = "draw", reason = "first the again icon: play or discard another card, as in 'play R8 P1', or 'skip'" },
        { refused = "sell P1", reason = "first the again icon" },
        { refused = "accept", reason = "first the again icon" },
        "play R8 P1", { kind = "draw_another" },
        { refused = "discard R13", reason = "first draw the other resource ('draw')" },
        { refused = "play R13 P2", reason = "first the icon: draw another resource and discard one ('draw'), or 'skip'" },
        { refused = "end turn", reason = "first the icon" },
        { refused = "pass", reason = "say 'skip'" },
        "skip" }),
      expect = { seat = 1, kind = "sell" } },

    { name = "rushfortheweb answers: the swap icon's request refuses another request's answer, naming its own",
      set = START,
      steps = set_after_seed5_keeps(edits.joined(project(1, 1, "P1"), hand(1, { "R6", "R3" })), {
        "draw", "play R6 P1", { kind = "swap" },
        { refused = "pool R3", reason = "first the icon: swap a card of your hand for the pool card, as in 'swap R53', or 'skip'" },
        { refused = "done", reason = "say 'skip' to keep your hand as it is" },
        { refused = "give R3", reason = "first the icon" },
        "skip" }),
      expect = { seat = 1, kind = "sell" } },

    { name = "rushfortheweb answers: the Curator's keep refuses another request's answer, naming its own",
      set = { "move E10 events", "persona 1 C6", "persona 2 C9" },
      steps = set_after_seed5_keeps(edits.joined(hand(1, { "R13" }), { "move R15 resources", "move R16 resources" }), {
        "draw", { kind = "scout" },
        { refused = "play R13 P2", reason = "first keep one of the drawn resources, as in 'keep R15'; the other goes to the resource discard" },
        { refused = "skip", reason = "first keep one of the drawn resources" },
        { refused = "take R18", reason = "first keep one" },
        "keep R16" }),
      expect = { seat = 1, kind = "play" } },

    { name = "rushfortheweb answers: the trade dialogue's steps refuse another request's answer, naming the step's",
      set = START,
      steps = set_after_seed5_keeps(hand(1, { "R13" }), {
        "trade", { kind = "trade" },
        { refused = "draw", reason = "first name the player to trade with, as in 'with seat 2', or 'cancel'" },
        { refused = "accept", reason = "first name the player" },
        "with seat 2", { kind = "give_credits" },
        { refused = "draw", reason = "this step names the credits you give: 'give 0' to 'give 3'" },
        { refused = "accept", reason = "this step names the credits you give" },
        "give 1", { kind = "give_cards" },
        { refused = "play R13 P2", reason = "this step names the cards of your hand you give, as in 'give R13', then 'done'; or 'cancel'" },
        { refused = "red card", reason = "this step names the cards of your hand you give" },
        "done", { kind = "ask_credits" },
        { refused = "sell P2", reason = "this step names the credits you ask for: 'ask 0' to 'ask 3'" },
        "ask 0", { kind = "ask_card" },
        { refused = "draw", reason = "this step names a card you ask for, as in 'any card' or 'red card', then 'done'; or 'cancel'" },
        { refused = "accept", reason = "this step names a card you ask for" },
        "cancel" }),
      expect = { seat = 1, kind = "acquire" } },

    { name = "rushfortheweb answers: the turn's steps refuse the trade dialogue's answers and an icon's skip: no offer is being made",
      set = START,
      steps = set_after_seed5_keeps(hand(1, { "R13" }), {
        { refused = "accept", reason = "no offer is being made now: 'trade' begins a negotiation" },
        { refused = "with seat 2", reason = "no offer is being made now" },
        { refused = "skip", reason = "first acquire exactly one resource" },
        "draw",
        { refused = "red card", reason = "no offer is being made now: 'trade' begins a negotiation" },
        { refused = "keep P3", reason = "first play a resource to a project, or discard one to the pool" },
        "pool R13",
        { refused = "give 1", reason = "no offer is being made now" },
        { refused = "swap R13", reason = "this turn's play is over" } }),
      expect = { seat = 1, kind = "sell" } },

    { name = "rushfortheweb answers: sell: a play after the play, a pass",
      set = START,
      steps = set_after_seed5_keeps(hand(1, { "R13" }), {
        "draw", "pool R13", { kind = "sell" },
        { refused = "draw", reason = "this turn's play is over" },
        { refused = "pass", reason = "'end turn' ends your turn" },
        { refused = "end", reason = "'end turn' ends your turn" } }),
      expect = { seat = 1, kind = "sell" } },

    -- a request an edit left with skip alone says what is missing, not "as in 'skip'"
    { name = "rushfortheweb answers: the again icon whose hand an edit emptied: another step's answer is told there is nothing to play",
      set = START,
      steps = set_after_seed5_keeps(edits.joined(project(1, 1, "P1"), hand(1, { "R9" })), {
        "draw", "play R9 P1", { kind = "again" }, { set = "empty hand[1] box" }, { kind = "again", answers = { "skip" } },
        { refused = "draw", reason = "the again icon has no card of your hand to play or discard now: 'skip'" }, "skip" }),
      expect = { seat = 1 } },
    { name = "rushfortheweb answers: the Curator's choice whose drawn resources an edit took: another step's answer is told none is left",
      set = { "move E10 events", "persona 1 C6", "persona 2 C9" },
      steps = set_after_seed5_keeps(edits.joined(hand(1, { "R13" }), { "move R15 resources", "move R16 resources" }), {
        "draw", { kind = "scout" }, { set = "empty choice[1] box" }, { kind = "scout", answers = { "skip" } },
        { refused = "draw", reason = "no drawn resource is left to keep now: 'skip'" }, "skip" }),
      expect = { seat = 1 } },
    { name = "rushfortheweb answers: a keep request whose projects an edit took: an answer is told none is left",
      set = START,
      steps = { { kind = "keep" }, { set = "empty choice[1] projects" }, { kind = "keep", answers = { "skip" } },
        { refused = "keep P10 P2", reason = "no project drawn is left to keep now: 'skip'" },
        { refused = "draw", reason = "no project drawn is left to keep now: 'skip'" }, "skip" },
      expect = { seat = 2, kind = "keep" } },
  },
}
