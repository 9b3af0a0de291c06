-- A second auditor's scenarios, written from the rule book (Board Game Arena's
-- help) and the docs alone (docs/games/lettertycoon.md, docs/repl.md,
-- docs/authoring.md), before reading the script: the most players, every
-- option, the end of the game (trigger, last round, final scores, ties),
-- abilities that meet in one play, and positions made by god-mode edits.
-- 2 players, seed 1, unless a scenario says otherwise. hand_and_pool(hand, pool,
-- extra): seat 1's hand and the pool exactly (letters: "CATDOGM"), taken from
-- the deck, then the extra edits.
local h = uses "_helpers.lua"
local hand_and_pool, quiet_round = h.hand_and_pool, h.quiet_round

local scenarios = {
  -- the end of the game
  { name = "lettertycoon audit2, ties: 5 players, equal totals and equal patent values: the tied players share the win",
    players = 5,
    set = { "patent E 1", "patent A 1", "patent T 1", "patent I 2", "patent N 2", "patent O 2", "patent H 2" },
    steps = quiet_round(5),
    expect = { over = true, winners = { 1, 2 }, scores = { 26, 26, 0, 0, 0 }, said = "tie at 26" } },
  { name = "lettertycoon audit2, final scores: patents + money + stock, a share of stock worth 1 point",
    set = { "patent E 1", "patent A 1", "patent T 1", "patent I 1", "patent N 1", "patent O 1",
            "state money[1] 2", "state stock[1] 3", "state money[2] 48", "state stock[2] 5" },
    steps = quiet_round(2),
    -- 47 + 2 + 3 = 52 against 0 + 48 + 5 = 53; without the stock seat 1 would win 49 to 48
    expect = { over = true, scores = { 52, 53 }, winners = { 2 } } },
  { name = "lettertycoon audit2, last round: 4 players, the last seat reaching the goal by its buy ends the game at once",
    players = 4,
    set = edits.joined(edits.holding("hand[4]", "deck", { "C", "A", "T", "M", "R", "B", "L" }, "deck"),
                       { "patent E 4", "patent A 4", "state money[4] 10" }),
    -- E $10 + A $8 = $18; the T bought ($8) makes $26 in 3 patents, the goal for 4
    steps = edits.joined(quiet_round(3), { "word CAT", { seat = 4, kind = "buy" }, "buy T",
                                           { seat = 4, kind = "discard" }, "pass" }),
    -- $10 + $1 for CAT - $8 = $3 money, and the A is its own patent: no royalty
    expect = { over = true, reason = "seat 4 reached the goal", scores = { 0, 0, 0, 29 }, winners = { 4 } } },
  { name = "lettertycoon audit2, god mode: the edit last_round 2 with 3 players: seat 3 still plays its turn, then the game ends",
    players = 3,
    set = { "last_round 2", "state money[3] 4" },
    steps = { "pass", "pass", "pass", "pass", { seat = 3, kind = "word", state = { last_round = 2 } }, "pass", "pass" },
    expect = { over = true, reason = "seat 2 reached the goal", winners = { 3 }, scores = { 0, 0, 4 } } },
  { name = "lettertycoon audit2, option idle_rounds=1: a round in which nobody plays a word ends the game, scored as usual (the tie to the patents)",
    options = { idle_rounds = 1 },
    set = { "state money[1] 3", "patent C 2" },
    steps = quiet_round(2),
    -- $3 of money against the $3 C patent: a tie on the total, which the patents break
    expect = { over = true, scores = { 3, 3 }, winners = { 2 } } },
  { name = "lettertycoon audit2, option idle_rounds=1: a word in the round keeps the game going",
    options = { idle_rounds = 1 },
    set = edits.holding("hand[2]", "deck", { "C", "A", "T", "M", "R", "B", "K" }, "deck"),
    steps = edits.joined({ "pass", "pass", "word CAT", "pass", { seat = 1, kind = "word", over = false } }, quiet_round(2)),
    expect = { over = true, winners = { 2 } } },

  { name = "lettertycoon audit2, option idle_rounds=1: whole rounds count; a word by seat 1, then seat 2 and seat 1 pass: the round is not over, seat 2 still plays",
    options = { idle_rounds = 1 },
    set = edits.holding("hand[1]", "deck", { "C", "A", "T", "M", "R", "B", "L" }, "deck"),
    steps = { "word CAT", "pass", "pass", "pass", "pass", "pass", { seat = 2, kind = "word", over = false }, "pass", "pass" },
    expect = { over = true, reason = "no word for 1 round", winners = { 1 } } },

  -- the options
  { name = "lettertycoon audit2, option pool_size=0: no pool; a word from the hand alone; the pool stays empty",
    options = { pool_size = 0 },
    set = edits.holding("hand[1]", "deck", { "C", "A", "T", "M", "R", "B", "K" }, "deck"),
    steps = { { zones = { pool = { count = 0 } } }, "word CAT", "pass" },
    expect = { seat = 2, state = { ["money[1]"] = 1 }, zones = { pool = { count = 0 }, ["hand[1]"] = { count = 7 } } } },
  { name = "lettertycoon audit2, option hand_size=9: a 12-letter word (the table's last row) earns $6 and 6 stock",
    options = { hand_size = 9 },
    set = hand_and_pool("CONSTRUCT", "ION"),
    steps = { "word CONSTRUCTION" },
    expect = { state = { ["money[1]"] = 6, ["stock[1]"] = 6 } } },
  { name = "lettertycoon audit2, option hand_size=10: a 13-letter word takes the last row, $6 and 6 stock",
    options = { hand_size = 10 },
    set = hand_and_pool("CONSTRUCTS", "ION"),
    steps = { "word CONSTRUCTIONS" },
    expect = { state = { ["money[1]"] = 6, ["stock[1]"] = 6 } } },
  { name = "lettertycoon audit2, 5 players (the most) with hand_size=10: five hands of 10, a pool of 3, 49 cards in the deck",
    players = 5, options = { hand_size = 10 },
    steps = { { seat = 1, kind = "word", zones = { ["hand[1]"] = { count = 10 }, ["hand[5]"] = { count = 10 }, pool = { count = 3 }, deck = { count = 49 } },
                state = { ["goal.value"] = 21, ["goal.count"] = 3 } } } },
  { name = "lettertycoon audit2, option dictionary=wordlist: ERM, in that list and not in SOWPODS, stands",
    options = { dictionary = "wordlist", retries = 0 },
    set = hand_and_pool("ERMATBK", "CDO"),
    steps = { "word ERM" },
    expect = { state = { ["money[1]"] = 1 } } },
  { name = "lettertycoon audit2, the default dictionary (SOWPODS) refuses ERM: with retries=0 a penalty",
    options = { retries = 0 },
    set = hand_and_pool("ERMATBK", "CDO"),
    steps = { "word ERM", { seat = 1, kind = "penalty" } } },
  { name = "lettertycoon audit2, retries=1: after a failed try the player may pass: an ordinary pass, no penalty",
    options = { retries = 1 },
    set = hand_and_pool("CATDOGM", "BRS"),
    steps = { "word GAC", { seat = 1, kind = "word" }, "pass", { seat = 1, kind = "discard" }, "pass" },
    expect = { seat = 2, state = { ["money[1]"] = 0 }, zones = { ["hand[1]"] = { count = 7 } } } },

  -- abilities that meet in one play
  { name = "lettertycoon audit2, V + B: two words that start and end with a vowel; B doubles one of them, not both",
    set = hand_and_pool("AREAIDE", "AMS", { "patent V 1", "patent B 1" }),
    steps = { "word AREA IDEA" },
    expect = { state = { ["money[1]"] = 6 } } },
  { name = "lettertycoon audit2, K + Y: GYPSY with both Ys said to be vowels has two vowels: not doubled",
    set = hand_and_pool("GYPSYTM", "BCD", { "patent K 1" }),
    steps = { "word GYPSY y=vv" },
    expect = { state = { ["money[1]"] = 3 } } },
  { name = "lettertycoon audit2, K + Y: GYPSY with the Ys left open is read the better way (one vowel): doubled",
    set = hand_and_pool("GYPSYTM", "BCD", { "patent K 1" }),
    steps = { "word GYPSY" },
    expect = { state = { ["money[1]"] = 6 } } },
  { name = "lettertycoon audit2, Z + B: IDEA+S ends with the added S, a consonant: B does not double it",
    set = hand_and_pool("IDEAMRT", "BCK", { "patent Z 1", "patent B 1" }),
    steps = { "word IDEA+S" },
    expect = { state = { ["money[1]"] = 3 } } },
  { name = "lettertycoon audit2, X + Z in one word: TOOT+S x=O from 3 real cards; royalty for one O and no S",
    set = hand_and_pool("TOTMRBK", "CDE", { "patent X 1", "patent Z 1", "patent O 2", "patent S 2" }),
    steps = { "word TOOT+S x=O" },
    expect = { state = { ["money[1]"] = 3, ["money[2]"] = 1 } } },
  { name = "lettertycoon audit2, the Q letter doubles stock as well: QUARTS earns $8 and 2 stock",
    set = hand_and_pool("QUARTSM", "BCD"),
    steps = { "word QUARTS" },
    expect = { state = { ["money[1]"] = 8, ["stock[1]"] = 2 } } },
  { name = "lettertycoon audit2, V: royalties for the letters of both words, to each owner",
    players = 3,
    set = hand_and_pool("CATTADM", "BEL", { "patent V 1", "patent A 2", "patent T 3" }),
    steps = { "word CAT TAD" },
    expect = { state = { ["money[1]"] = 2, ["money[2]"] = 2, ["money[3]"] = 2 } } },

  -- the players' challenge
  { name = "lettertycoon audit2, players' challenge, 4 players: seat 2 passes, seat 3 challenges a good word and pays $1; seat 4 is not asked",
    players = 4, options = { challenge = "players" },
    set = hand_and_pool("CATDOGM", "BRS", { "state money[3] 2" }),
    steps = { "word CAT", { seat = 2, kind = "challenge" }, "pass", { seat = 3, kind = "challenge" }, "challenge" },
    expect = { seat = 1, kind = "discard", state = { ["money[1]"] = 2, ["money[3]"] = 1, ["money[4]"] = 0 } } },
  { name = "lettertycoon audit2, players' challenge: the play waits on the table (zone words, state play); the pool's A is taken before the hand's",
    options = { challenge = "players" },
    set = hand_and_pool("CATDOGM", "BRA"),
    steps = { "word CAT", { seat = 2, kind = "challenge", state = { ["play.seat"] = 1, ["play.text"] = "word CAT" },
                            zones = { words = { count = 3, has = { "C", "A", "T" } }, ["hand[1]"] = { count = 5, has = { "A" } }, pool = { count = 2, lacks = { "A" } } } } } },
  { name = "lettertycoon audit2, players' challenge of a V play: the second word not in the dictionary makes it succeed",
    options = { challenge = "players" },
    set = hand_and_pool("CATDOGM", "BRS", { "patent V 1" }),
    steps = { "word CAT DGO", { seat = 2, kind = "challenge" }, "challenge" },
    expect = { seat = 1, kind = "penalty", state = { ["money[1]"] = 0, ["money[2]"] = 0 } } },

  -- the Q patent, and positions made by god-mode edits
  { name = "lettertycoon audit2, Q patent: a pool card replaced: it goes to the discard pile and the pool is refilled",
    set = hand_and_pool("CATMRBK", "DOG", { "patent Q 1" }),
    steps = { "pass", "pass", "pass", "pass", { seat = 1, kind = "replace" }, "replace pool G",
              { seat = 1, kind = "word", zones = { pool = { count = 3, has = { "D", "O" } }, discard = { has = { "G" } }, ["hand[1]"] = { count = 7 } } } } },
  { name = "lettertycoon audit2, Q patent with pool_size=0: no pool card to replace",
    options = { pool_size = 0 },
    set = edits.joined(edits.holding("hand[1]", "deck", { "C", "A", "T", "M", "R", "B", "K" }, "deck"), { "patent Q 1" }),
    steps = { "pass", "pass", "pass", "pass", { seat = 1, kind = "replace" }, { refused = "replace pool G" }, "replace K",
              { seat = 1, kind = "word", zones = { ["hand[1]"] = { count = 7, lacks = { "K" } } } } } },
  { name = "lettertycoon audit2, god mode: deck and discard pile emptied: the hand cannot be drawn back to 7, and play goes on",
    set = hand_and_pool("CATMRBK", "DOG", { "empty deck", "empty discard" }),
    steps = { "word CAT", { seat = 1, kind = "discard" }, { set = "empty discard" }, "pass",
              { seat = 2, kind = "word", zones = { ["hand[1]"] = { count = 4 }, pool = { count = 3 }, deck = { count = 0 } } },
              "pass", "pass", { seat = 1, kind = "word", zones = { ["hand[1]"] = { count = 4 } } } } },
}

-- the book: "A word doubled twice ... three times eight times"; AQUAE (5 letters, $3)
-- starts and ends with a vowel (B), is 4/5 vowels (J) and holds a Q: three doublings
for _, case in ipairs({ { "multiply", 24 }, { "add", 12 }, { "one", 6 } }) do
  scenarios[#scenarios + 1] = {
    name = string.format("lettertycoon audit2, doubling=%s: AQUAE with B and J (Q, B and J: three doublings) earns $%d", case[1], case[2]),
    options = { doubling = case[1] },
    set = hand_and_pool("AQUAEMR", "BCD", { "patent B 1", "patent J 1" }),
    steps = { "word AQUAE" },
    expect = { state = { ["money[1]"] = case[2] } } }
end

return { game = "lettertycoon", players = 2, seed = 1, scenarios = scenarios }
