-- Letter Tycoon: rules of the rule book at their edges, from the second
-- rule-book audit (docs/games/lettertycoon.md, "The second rule-book
-- audit"): the goal's exact values, the last card of the deck,
-- the most players, what a failed play does not earn, stock that cannot be
-- spent, and the readings chosen where abilities meet. SOWPODS word list.

local h = uses "_helpers.lua"
local rack = h.rack
local joined = edits.joined

-- Seat `seat` owns the patents of `letters` ("patent E 1", ...).
local function patents(letters, seat)
  local list = {}
  for l in letters:gmatch("%u") do list[#list + 1] = string.format("patent %s %d", l, seat or 1) end
  return list
end

-- "Ziele": the goal of each player count, just reached and just missed. Seat
-- 1 passes its turn; the goal is checked at the end of the turn.
local function goal(players, reached, missed, value, count)
  return {
    { name = string.format("lettertycoon goal, %d players: patents worth exactly $%d in %d (%s) start the last round",
        players, value, count, reached),
      players = players, set = patents(reached),
      steps = { "pass", { seat = 1, kind = "discard" }, "pass", { said = "seat 1 reaches the goal: this is the last round" } },
      expect = { state = { last_round = 1 }, seat = 2 } },
    { name = string.format("lettertycoon goal, %d players: $%d in %d (%s) is not the goal", players, value - 1, count, missed),
      players = players, set = patents(missed),
      steps = { "pass", { seat = 1, kind = "discard" }, "pass" },
      expect = { state = { last_round = false }, seat = 2, not_said = "reaches the goal" } },
  }
end

local scenarios = {
  -- "Aktien ... kann aber nicht ausgegeben werden"
  { name = "lettertycoon: stock cannot be spent: $1 and 10 stock buy no $3 C patent",
    set = joined(rack("hand[1]", "CATBBFF"), rack("pool", "XJW"), { "state stock[1] 10" }),
    steps = { "word CAT", { seat = 1, kind = "discard" } },
    expect = { state = { ["money[1]"] = 1, ["stock[1]"] = 10 } } },
  -- "Wenn er keine Wiederholungsversuche mehr hat, nimmt er seine Karten
  -- zurück, verliert den Rest seines Zuges": nothing earned, no royalty, no
  -- patent bought
  { name = "lettertycoon: a play that fails the automatic challenge earns nothing, pays no royalty, buys nothing",
    options = { retries = 0 },
    set = joined(rack("hand[1]", "CATBBFF"), rack("pool", "XJW"), { "patent A 2", "state money[1] 10" }),
    steps = { "word TCA", { seat = 1, kind = "penalty" }, "discard B", { seat = 2, kind = "word" } },
    expect = { state = { ["money[1]"] = 10, ["money[2]"] = 0, ["stock[1]"] = 0 },
               zones = { ["hand[1]"] = { count = 7, has = { "C", "A", "T" } }, discard = { has = { "B" } } },
               not_said = "royalties" } },
  -- "ist die Herausforderung erfolgreich und der aktive Spieler nimmt seine
  -- Karten zurück": the same after a players' challenge
  { name = "lettertycoon: a play voided by a players' challenge earns nothing and pays no royalty",
    options = { challenge = "players" },
    set = joined(rack("hand[1]", "CATBBFF"), rack("pool", "XJW"), { "patent A 2" }),
    steps = { "word TCA", { seat = 2, kind = "challenge" }, "challenge", { seat = 1, kind = "penalty" }, "discard F" },
    expect = { state = { ["money[1]"] = 0, ["money[2]"] = 0 }, seat = 2, kind = "word" } },
  -- "ist die Herausforderung fehlgeschlagen und der Herausforderer muss dem
  -- aktiven Spieler $1 zahlen": the play stands, with its royalties
  { name = "lettertycoon: a wrong challenge: the play stands and pays its royalty, the challenger pays $1",
    options = { challenge = "players" },
    set = joined(rack("hand[1]", "CATBBFF"), rack("pool", "XJW"), { "patent A 2", "state money[2] 3" }),
    steps = { "word CAT", "challenge" },
    expect = { state = { ["money[1]"] = 2, ["money[2]"] = 3 }, said = "seat 2 earns $1 in royalties" } },
  -- "Eine Buchstabenkarte kann zweimal verwendet werden": a card of the pool too
  { name = "lettertycoon: the X patent uses a pool card twice (TOOT with one O, from the pool)",
    set = joined(rack("hand[1]", "TTBBFFG"), rack("pool", "OJW"), { "patent X 1" }),
    steps = { "word TOOT" },
    expect = { state = { ["money[1]"] = 2 }, zones = { pool = { lacks = { "O" } } },
               said = "seat 1 plays word TOOT x=O" } },
  -- reading: "Wörter mit 'Q' bringen das Doppelte"; with V and X the Q card
  -- is used twice, so both words hold a Q
  { name = "lettertycoon reading: V + X, the Q of the first word doubled into the second doubles both (QAT $2, QUIP $4)",
    players = 3,
    set = joined(rack("hand[1]", "QATUIPB"), rack("pool", "FFG"), { "patent V 1", "patent X 1" }),
    steps = { "word QAT QUIP x=Q" },
    expect = { state = { ["money[1]"] = 6 } } },
  -- reading: "Andere Patentfähigkeiten ... auf das eine oder das andere
  -- Wort": K doubles one word, the Q letter (no patent) each word with a Q
  { name = "lettertycoon: V + K, the K doubles one word, where it earns most: QAT (Q and K) $4 and DOG $1",
    players = 3,
    set = joined(rack("hand[1]", "QATDOGB"), rack("pool", "FFW"), { "patent V 1", "patent K 1" }),
    steps = { "word QAT DOG" },
    expect = { state = { ["money[1]"] = 5 } } },
  -- the last card of the deck: the pool takes it, then the discard pile
  -- (the cards just played) is shuffled into a new deck
  { name = "lettertycoon: the pool takes the last card of the deck, then the discard pile becomes the deck",
    set = joined(rack("hand[1]", "CATBBFF"), rack("pool", "XJA"), { "empty deck", "move R deck" }),
    steps = { "word TAX", { seat = 1, kind = "discard" },
              { zones = { pool = { count = 3, has = { "R", "J" } }, deck = { count = 2 }, discard = { count = 0 } } },
              "discard BB", { seat = 2, kind = "word" } },
    expect = { zones = { ["hand[1]"] = { count = 7 }, deck = { count = 1 }, discard = { count = 0 } } } },
  -- the most players: five hands of 7 and a pool of 3 from 102 cards
  { name = "lettertycoon: 5 players: five hands of 7, a pool of 3, 64 cards in the deck, the goal $21 in 3",
    players = 5,
    expect = { zones = { ["hand[1]"] = { count = 7 }, ["hand[5]"] = { count = 7 }, pool = { count = 3 },
                         deck = { count = 64 } },
               state = { ["goal.value"] = 21, ["goal.count"] = 3 }, seat = 1, kind = "word" } },
  -- the last round with 5 players: the seats after the one that reached the
  -- goal play, then the game ends at the end of the round
  { name = "lettertycoon: 5 players, seat 3 reaches the goal: seats 4 and 5 play, then the game ends",
    players = 5,
    set = patents("EAC", 3),
    steps = { "pass", "pass", "pass", "pass", { seat = 3, kind = "word" }, "pass", "pass",
              { said = "seat 3 reaches the goal" }, { seat = 4, kind = "word" }, "pass", "pass",
              { seat = 5, kind = "word" }, "pass", "pass" },
    expect = { over = true, winners = { 3 }, scores = { 0, 0, 21, 0, 0 }, reason = "seat 3 reached the goal" } },
  -- "Die letzte Runde wird ausgelöst, wenn ... eines Spielers": once, by the
  -- first player at the goal; a second one in the last round changes nothing
  { name = "lettertycoon: a second player at the goal in the last round: seat 1 reached it first, the round ends the game",
    players = 4,
    set = joined(patents("EAT", 1), patents("INOH", 2)),
    steps = { "pass", "pass", { said = "seat 1 reaches the goal" }, { seat = 2, kind = "word" }, "pass", "pass",
              { state = { last_round = 1 } }, "pass", "pass", "pass", "pass" },
    expect = { over = true, winners = { 1, 2 }, reason = "seat 1 reached the goal", not_said = "seat 2 reaches the goal" } },
}

-- the option `doubling` in a game: QAT with the K patent is doubled twice
-- (the Q letter and K's one vowel): x4 as the book says, x3 added, x2 at most
for _, case in ipairs({ { "multiply", 4 }, { "add", 3 }, { "one", 2 } }) do
  scenarios[#scenarios + 1] = {
    name = string.format("lettertycoon: doubling=%s: QAT with the K patent (Q and one vowel) earns $%d", case[1], case[2]),
    options = { doubling = case[1] },
    set = joined(rack("hand[1]", "QATBBFF"), rack("pool", "XJW"), { "patent K 1" }),
    steps = { "word QAT" },
    expect = { state = { ["money[1]"] = case[2], ["stock[1]"] = 0 } } }
end

for _, list in ipairs({
  goal(2, "EATINH", "EATIND", 45, 6),
  goal(3, "EATRB", "EATHB", 34, 5),
  goal(4, "EAT", "EAI", 26, 3),
  goal(5, "EAC", "EAB", 21, 3),
}) do
  for _, s in ipairs(list) do scenarios[#scenarios + 1] = s end
end

return { game = "lettertycoon", players = 2, seed = 1, scenarios = scenarios }
