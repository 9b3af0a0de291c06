-- Rush for the Web: rounds, the starting player and the end (rule book:
-- "Zu Beginn einer jeden neuen Runde zieht der Startspieler eine neue
-- Ereigniskarte"; "Das Spiel endet nach 12 vollen Runden"), played with seat
-- 2 starting, so that the starting player is not the first seat, and 2
-- rounds (option rounds) so that the end comes soon. Seed 1, 2 players: seat
-- 1 (the Blogger) keeps P23 Zine and P9 Animated Short, seat 2 P13 Open
-- Source Library and P12 Web Comic; the round 1 event is E9 Tech Meets Art,
-- and the set-up makes E11 Swap Meet (+2 for a discard to the pool) the
-- last one. Each seat holds one resource and discards one to the pool a turn.

local KEEP = { "keep P23 P9", "keep P13 P12" }
local joined = edits.joined
-- seat 2 draws R14 then R17, seat 1 draws R16 then R18
local TABLE = joined(edits.holding("hand[1]", "resources", { "R15" }), edits.holding("hand[2]", "resources", { "R13" }),
  { "move R18 resources top", "move R17 resources top", "move R16 resources top", "move R14 resources top",
    "empty events box", "move E11 events top" })
local function turn(pooled) return { "draw", "pool " .. pooled, "end turn" } end

return {
  game = "rushfortheweb", players = 2, seed = 1, options = { starting_player = 2, rounds = 2 },
  scenarios = {
    { name = "rushfortheweb rounds: the starting player, seat 2, takes the first turn under the first event",
      steps = KEEP,
      expect = { seat = 2, kind = "acquire", state = { event = "Tech Meets Art", start = 2, round = 1 } } },
    { name = "rushfortheweb rounds: seat 1 plays the rest of round 1 under its event; no new event before seat 2's turn",
      steps = joined(KEEP, { { set = TABLE } }, turn("R13"), { { seat = 1, kind = "acquire" } }),
      expect = { state = { event = "Tech Meets Art", round = 1 }, zones = { events = { count = 1, top = "E11" },
                 past_events = { count = 0 } } } },
    { name = "rushfortheweb rounds: round 2 begins with the starting player revealing the next event",
      steps = joined(KEEP, { { set = TABLE } }, turn("R13"), turn("R15")),
      expect = { seat = 2, kind = "acquire", state = { event = "Swap Meet", round = 2 },
                 zones = { event = { "E11" }, events = { count = 0 }, past_events = { "E9" } },
                 said = "round 2: the event is Swap Meet" } },
    { name = "rushfortheweb rounds: the event lasts the round: seat 1's discard in round 2 pays 1 + 2 (Swap Meet) + 1 (Blogger)",
      steps = joined(KEEP, { { set = joined(TABLE, { "state credits[1] 0" }) } }, turn("R13"), turn("R15"), turn("R14"),
                     { "draw", "pool R16" }),
      expect = { state = { ["credits[1]"] = 1 + 1 + 3 + 1 } } },
    { name = "rushfortheweb rounds: with the last event's round over (seat 1, the seat before the starting player, "
        .. "has played) the game ends",
      steps = joined(KEEP, { { set = TABLE } }, turn("R13"), turn("R15"), turn("R14"), turn("R16")),
      expect = { over = true } },
  },
}
