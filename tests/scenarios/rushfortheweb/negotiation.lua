-- Rush for the Web: "players may freely negotiate and exchange credits and
-- cards" in the current player's turn (rule book, Negotiation & Trade).
-- Seed 1, 2 players, seat 1 starting; hands set up: seat 1 R2 Phone Camera
-- (red) and R14, seat 2 R37 Snippet (blue) and R49 Sketch (purple); both
-- have 3 credits. A list ends by itself when nothing is left to name (all
-- one's cards given, as many cards asked as the other holds).

local h = uses "_helpers.lua"
local SEED1_KEEPS = h.SEED1_KEEPS
local HANDS = { "empty hand[1] resources", "empty hand[2] resources", "move R2 hand[1]", "move R14 hand[1] bottom",
                "move R37 hand[2]", "move R49 hand[2] bottom" }
local function steps(...) return edits.joined(SEED1_KEEPS, { { set = HANDS } }, { ... }) end

return {
  game = "rushfortheweb", players = 2, seed = 1, options = { starting_player = 1 },
  scenarios = {
    { name = "rushfortheweb negotiation: credits and cards both ways, the other side picks the card asked",
      steps = steps("trade", "with seat 2", "give 1", "give R2", "give R14", "ask 2", "blue card", "done",
                    { seat = 2, kind = "offer", answers = { "accept", "counter", "refuse" } }, "accept"),
      expect = { state = { credits = { 4, 2 } }, zones = { ["hand[1]"] = { "R37" }, ["hand[2]"] = { count = 3, has = { "R2", "R14", "R49" } } },
                 seat = 1, kind = "acquire", said = "seat 1 and seat 2 trade" } },
    { name = "rushfortheweb negotiation: an offer that only asks for a card (giving nothing) is an offer, and may be accepted",
      steps = steps("trade", "with seat 2", "give 0", "done", "ask 0", "blue card", "done",
                    { seat = 2, kind = "offer", answers = { "accept", "counter", "refuse" } }, "accept"),
      expect = { state = { credits = { 3, 3 } }, zones = { ["hand[1]"] = { count = 3, has = { "R37" } }, ["hand[2]"] = { "R49" } },
                 seat = 1, kind = "acquire", said = "seat 1 and seat 2 trade" } },
    { name = "rushfortheweb negotiation: the other side counters, the first accepts the counter-offer",
      steps = steps("trade", "with seat 2", "give 3", "done", "ask 0", "blue card", "purple card", "counter",
                    { seat = 2, kind = "give_credits" }, "give 0", "give R49", "done", "ask 2", "done",
                    { seat = 1, kind = "offer" }, "accept"),
      expect = { state = { credits = { 1, 5 }, offers = 2 }, zones = { ["hand[1]"] = { has = { "R49" } }, ["hand[2]"] = { "R37" } } } },
    { name = "rushfortheweb negotiation: 'refuse' ends the negotiation, nothing changes hands",
      steps = steps("trade", "with seat 2", "give 1", "done", "ask 0", "done", "refuse"),
      expect = { state = { credits = { 3, 3 } }, zones = { ["hand[2]"] = { "R37", "R49" } }, seat = 1, kind = "acquire",
                 said = "seat 2 refuses seat 1's offer: the negotiation ends" } },
    { name = "rushfortheweb negotiation: 'cancel' while making a counter-offer ends it too",
      steps = steps("trade", "with seat 2", "give 1", "done", "ask 0", "done", "counter", "give 1", "cancel"),
      expect = { state = { credits = { 3, 3 } }, seat = 1, kind = "acquire" } },
    { name = "rushfortheweb negotiation: an offer asking for a colour the other side lacks cannot be accepted",
      steps = steps("trade", "with seat 2", "give 1", "done", "ask 0", "red card", "done",
                    { seat = 2, kind = "offer", answers = { "counter", "refuse" } },
                    { refused = "accept", reason = "the offer asks for 1 red card and your hand holds 0" }) },
    { name = "rushfortheweb negotiation: no limit on offers in the book; offers_per_turn=1 (for bots) stops the counter",
      options = { starting_player = 1, offers_per_turn = 1 },
      steps = steps("trade", "with seat 2", "give 1", "done", "ask 0", "done",
                    { seat = 2, kind = "offer", answers = { "accept", "refuse" } },
                    { refused = "counter", reason = "as many as a turn allows (offers_per_turn=1)" }, "refuse",
                    { kind = "acquire", not_legal = { "trade" } }) },
    { name = "rushfortheweb negotiation: trading=off leaves trading out",
      options = { starting_player = 1, trading = "off" },
      steps = steps({ kind = "acquire", not_legal = { "trade" } },
                    { refused = "trade", reason = "this game has no trading (trading=off)" }) },
  },
}
