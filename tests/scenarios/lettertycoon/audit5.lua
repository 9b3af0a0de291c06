-- A fifth auditor's scenarios, written from the rule book (letter-tycoon.de.txt,
-- Board Game Arena's help page) and docs/games/lettertycoon.md alone, before
-- reading the script. They go where the earlier audits went least: the options
-- and the variant of the challenge, the player counts at their edges (2 and 5),
-- the end of the game and the final scores under each, and what a seat sees.
-- Each scenario is named by the rule it checks.
--
-- The set-up: every hand and the pool are emptied into the deck, then each is
-- made exactly; a seat whose hand is not named gets a hand of common letters.

local FILLER = {
  { "E", "A", "I", "O", "R", "N", "L" },
  { "E", "A", "I", "O", "S", "D", "L" },
  { "E", "A", "I", "U", "N", "G", "H" },
  { "E", "A", "O", "U", "R", "D", "H" },
  { "I", "A", "O", "U", "N", "S", "M" },
}

-- deal(players, { [seat] = letters, pool = letters, top = letters of the deck's
-- next draws, first drawn first }, more edits...)
local function deal(players, t, ...)
  local set = {}
  for s = 1, players do set[#set + 1] = "empty hand[" .. s .. "] deck" end
  set[#set + 1] = "empty pool deck"
  local lists = { set }
  for s = 1, players do
    lists[#lists + 1] = edits.holding("hand[" .. s .. "]", "deck", t[s] or FILLER[s], "deck")
  end
  lists[#lists + 1] = edits.holding("pool", "deck", t.pool or {}, "deck")
  if t.top then
    local top = {}
    for i = #t.top, 1, -1 do top[#top + 1] = "move " .. t.top[i] .. " deck top from deck" end
    lists[#lists + 1] = top
  end
  for _, more in ipairs({ ... }) do lists[#lists + 1] = more end
  return edits.joined(table.unpack(lists))
end

-- a seat's turn with no word and no discard
local function quiet(n)
  local steps = {}
  for _ = 1, n do
    steps[#steps + 1] = { answer = "pass", kind = "word" }
    steps[#steps + 1] = { answer = "pass", kind = "discard" }
  end
  return steps
end

return {
  game = "lettertycoon",
  scenarios = {
    ---------------------------------------------------------------- player counts
    -- "Spieleranzahl 2 ... 5" (the goals table): no row for 1 or 6 players.
    { name = "player count: one player is refused", players = 1,
      setup_refused = "player" },
    { name = "player count: six players are refused", players = 6,
      setup_refused = "player" },

    { name = "turn order at 5 players: seats 1 to 5, then seat 1 opens round 2",
      players = 5,
      set = deal(5, { pool = { "B", "C", "F" } }),
      steps = edits.joined(quiet(4), {
        { seat = 5, kind = "word", round = 1, current = 5 },
      }, quiet(1), {
        { seat = 1, kind = "word", round = 2, current = 1 },
      }) },

    -- "Jeder Spieler hat eine Hand mit 7 Buchstabenkarten" is the option hand_size;
    -- its largest value at the largest table still leaves a deck.
    { name = "set-up at 5 players with hand_size=10: 5 hands of 10, a pool of 3, 49 cards in the deck; seat 5 sees its own hand only",
      players = 5, options = { hand_size = 10 },
      expect = { seat = 1, kind = "word",
        zones = { ["hand[1]"] = { count = 10 }, ["hand[5]"] = { count = 10 },
          pool = { count = 3 }, deck = { count = 49 }, discard = { count = 0 } },
        view = { seat = 5, sees = { "hand[5]", "pool" },
          hides = { "hand[1]", "hand[2]", "hand[3]", "hand[4]", "deck" } } } },

    { name = "set-up at 2 players with hand_size=3 and pool_size=6: 90 cards in the deck",
      players = 2, options = { hand_size = 3, pool_size = 6 },
      expect = { seat = 1, kind = "word",
        zones = { ["hand[1]"] = { count = 3 }, ["hand[2]"] = { count = 3 },
          pool = { count = 6 }, deck = { count = 90 } } } },

    { name = "options at their edges: hand_size 11 is refused",
      players = 2, options = { hand_size = 11 }, setup_refused = "hand_size" },
    { name = "options at their edges: pool_size 7 is refused",
      players = 2, options = { pool_size = 7 }, setup_refused = "pool_size" },
    { name = "options at their edges: retries 21 is refused",
      players = 2, options = { retries = 21 }, setup_refused = "retries" },

    -- A word of the whole hand leaves nothing to discard: the discard is not asked
    -- (the auditor expected an empty discard request at first).
    { name = "hand_size=3: a word of the 3 hand cards, then the hand is drawn back to 3",
      players = 2, options = { hand_size = 3 },
      set = deal(2, { { "C", "A", "T" }, { "D", "O", "G" }, pool = { "M", "P", "B" } }),
      steps = { "word CAT",
        { seat = 2, kind = "word",
          state = { ["money[1]"] = 1 },
          zones = { ["hand[1]"] = { count = 3 }, pool = { "M", "P", "B" } } } } },

    { name = "pool_size=6: a word of pool cards alone is refused; the pool is refilled to 6",
      players = 5, options = { pool_size = 6 },
      set = deal(5, { { "D", "O", "G", "Q", "V", "W", "Z" }, pool = { "C", "A", "T", "B", "E", "L" } }),
      steps = { { refused = "word CAT", reason = "hand" },
        "word CLOT", { seat = 1, kind = "discard", zones = { pool = { count = 6 } } },
        "pass",
        { seat = 2, kind = "word", state = { ["money[1]"] = 2 },
          zones = { ["hand[1]"] = { count = 7 }, pool = { count = 6 } } } } },

    -- the page: the Q patent's replacement says "the pool is empty" when it is.
    { name = "pool_size=0: the Q patent replaces a card of the hand only",
      players = 2, options = { pool_size = 0 },
      set = deal(2, { { "Q", "A", "T", "E", "R", "S", "N" } }, { "patent Q 1" }),
      steps = edits.joined(quiet(2), {
        { seat = 1, kind = "replace", legal = { "pass", "replace Q", "replace A" },
          not_legal = { "replace pool A" } },
        { refused = "replace pool E", reason = "pool is empty" },
        "replace Q",
        { seat = 1, kind = "word", zones = { ["hand[1]"] = { count = 7, lacks = { "Q" } },
          pool = { count = 0 }, discard = { has = { "Q" } } } } }) },

    { name = "hand_size=3 and pool_size=0: the X patent makes TEEN of 3 real cards",
      players = 2, options = { hand_size = 3, pool_size = 0 },
      set = deal(2, { { "T", "E", "N" } }, { "patent X 2" }),
      steps = { { refused = "word TEEN" }, { set = "patent X 1" },
        "word TEEN x=E", { seat = 2, kind = "word",
          state = { ["money[1]"] = 2, ["money[2]"] = 0 } } } },

    ---------------------------------------------------------------- the automatic challenge
    -- "darf der Spieler es erneut versuchen (abhängig von der Konfiguration der Variante)"
    { name = "automatic challenge with retries=2: three tries in all, then the penalty card",
      players = 3, options = { retries = 2 },
      set = deal(3, { { "C", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } }),
      steps = { "word TCA", { seat = 1, kind = "word" }, "word CTA", { seat = 1, kind = "word" },
        "word ATC", { seat = 1, kind = "penalty", state = { ["money[1]"] = 0 },
          zones = { ["hand[1]"] = { count = 7 }, pool = { "M", "P", "B" } } },
        "discard Z",
        { seat = 2, kind = "word", state = { ["money[1]"] = 0 },
          zones = { ["hand[1]"] = { count = 7, lacks = { "Z" } }, discard = { "Z" } } } } },

    -- the page: "After a failed try the player may pass instead ... no penalty".
    { name = "automatic challenge: after a failed try a pass costs no card",
      players = 2,
      set = deal(2, { { "C", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } }),
      steps = { "word TCA", "pass", { seat = 1, kind = "discard",
        zones = { ["hand[1]"] = { count = 7 }, discard = { count = 0 } } } } },

    ---------------------------------------------------------------- the players' challenge
    { name = "players' challenge at 5 players: asked in turn from the seat after the player, round the table; the first challenge settles it",
      players = 5, options = { challenge = "players" },
      set = deal(5, { [4] = { "C", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } }),
      steps = edits.joined(quiet(3), {
        { seat = 4, kind = "word" }, "word TCA",
        { seat = 5, kind = "challenge" }, "pass",
        { seat = 1, kind = "challenge" }, "challenge",
        { seat = 4, kind = "penalty" } }) },

    { name = "players' challenge: retries do not apply; one successful challenge costs the turn",
      players = 2, options = { challenge = "players", retries = 5 },
      set = deal(2, { { "C", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } }),
      steps = { "word TCA", { seat = 2, kind = "challenge" }, "challenge",
        { seat = 1, kind = "penalty" } } },

    { name = "players' challenge: a successful challenge pays no royalties and the challenger earns nothing",
      players = 3, options = { challenge = "players" },
      set = deal(3, { { "C", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } },
        { "patent C 3", "patent T 2" }),
      steps = { "word TCA", { seat = 2, kind = "challenge" }, "challenge",
        { seat = 1, kind = "penalty" }, "discard W",
        { seat = 2, kind = "word",
          state = { ["money[1]"] = 0, ["money[2]"] = 0, ["money[3]"] = 0 },
          zones = { ["hand[1]"] = { count = 7, has = { "C", "A", "T" }, lacks = { "W" } },
            pool = { "M", "P", "B" }, discard = { "W" } } } } },

    { name = "players' challenge: a word that stands pays its royalties once the challenge fails",
      players = 3, options = { challenge = "players" },
      set = deal(3, { { "C", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } },
        { "patent C 3", "state money[2] 4" }),
      steps = { "word CAT", { seat = 2, kind = "challenge" }, "challenge",
        { seat = 1, kind = "discard",
          state = { ["money[1]"] = 2, ["money[2]"] = 3, ["money[3]"] = 1 } } } },

    -- what the others see while they may challenge: the play is on the table
    -- (zone words, seen by everyone); the player's hand stays hidden.
    { name = "players' challenge: the seat asked sees the play on the table, not the player's hand",
      players = 3, options = { challenge = "players" },
      set = deal(3, { { "C", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } }),
      steps = { "word CAT",
        { seat = 2, kind = "challenge", zones = { words = { count = 3 } },
          view = { seat = 2, sees = { "words", "pool", "hand[2]" }, hides = { "hand[1]", "hand[3]", "deck" } } },
        { view = { seat = 3, sees = { "words", "pool" }, hides = { "hand[1]", "hand[2]" } } } } },

    -- the end of the game under the variant: the last seat's last-round word is
    -- challenged wrongly, and the challenger's dollar decides the winner.
    { name = "players' challenge in the last round: the wrong challenger's $1 decides the final scores",
      players = 2, options = { challenge = "players" },
      set = deal(2, { [2] = { "C", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } },
        { "last_round 1", "state money[1] 5", "state money[2] 3" }),
      steps = edits.joined(quiet(1), {
        "word CAT", { seat = 1, kind = "challenge" }, "challenge",
        { seat = 2, kind = "buy" }, "pass", { seat = 2, kind = "discard" }, "pass",
        { over = true, winners = { 2 }, scores = { 4, 5 },
          state = { ["money[1]"] = 4, ["money[2]"] = 5 } } }) },

    { name = "players' challenge in the last round: the last seat's failed word still ends the game",
      players = 2, options = { challenge = "players" },
      set = deal(2, { [2] = { "C", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } },
        { "last_round 1", "state money[1] 5", "state money[2] 3" }),
      steps = edits.joined(quiet(1), {
        "word TCA", "challenge", { seat = 2, kind = "penalty" }, "discard Q",
        { over = true, winners = { 1 }, scores = { 5, 3 } } }) },

    ---------------------------------------------------------------- the doubling option
    -- QWERTY: a Q (the letter doubles) and one vowel, E (K doubles), $4 and 1 share;
-- the book's multiply makes it $16 and 4 shares.
    { name = "doubling=one: a Q word with the K patent is doubled once, money and stock",
      players = 2, options = { doubling = "one" },
      set = deal(2, { { "Q", "W", "E", "R", "T", "Y", "Z" }, pool = { "M", "P", "B" } }, { "patent K 1" }),
      steps = { "word QWERTY", { seat = 1, state = { ["money[1]"] = 8, ["stock[1]"] = 2 } } } },
    { name = "doubling=add: a Q word with the K patent earns three times, money and stock",
      players = 2, options = { doubling = "add" },
      set = deal(2, { { "Q", "W", "E", "R", "T", "Y", "Z" }, pool = { "M", "P", "B" } }, { "patent K 1" }),
      steps = { "word QWERTY", { seat = 1, state = { ["money[1]"] = 12, ["stock[1]"] = 3 } } } },

    -- V with J: QUA ($1, doubled by its Q) and IDEA ($2). Under add, J on QUA makes
    -- it x3 ($3 + $2 = $5), on IDEA x2 ($1x2 + $4 = $6); under multiply both are $6;
    -- under one J adds nothing to QUA ($2 + $4 = $6 on IDEA, $2 + $2 on QUA).
    { name = "doubling=add with V: the J patent goes to the word where it earns most under add",
      players = 2, options = { doubling = "add" },
      set = deal(2, { { "Q", "U", "A", "I", "D", "E", "A" }, pool = { "M", "P", "B" } },
        { "patent V 1", "patent J 1" }),
      steps = { "word QUA IDEA", { seat = 1, state = { ["money[1]"] = 6, ["stock[1]"] = 0 } } } },
    { name = "doubling=one with V: the J patent goes to the word its Q has not doubled",
      players = 2, options = { doubling = "one" },
      set = deal(2, { { "Q", "U", "A", "I", "D", "E", "A" }, pool = { "M", "P", "B" } },
        { "patent V 1", "patent J 1" }),
      steps = { "word QUA IDEA", { seat = 1, state = { ["money[1]"] = 6, ["stock[1]"] = 0 } } } },

    ---------------------------------------------------------------- idle_rounds (not in the book)
    { name = "idle_rounds=1 at 5 players: a round of passes ends the game; all tied at 0 share the win",
      players = 5, options = { idle_rounds = 1 },
      set = deal(5, { pool = { "B", "C", "F" } }),
      steps = edits.joined(quiet(4), { { over = false, seat = 5 } }, quiet(1), {
        { over = true, winners = { 1, 2, 3, 4, 5 }, scores = { 0, 0, 0, 0, 0 },
          reason = "no word for 1 round" } }) },

    { name = "idle_rounds=1: a round with a word goes on, the next round of passes ends it; money decides",
      players = 2, options = { idle_rounds = 1 },
      set = deal(2, { [2] = { "C", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } }),
      steps = edits.joined(quiet(1), { "word CAT", "pass",
        { over = false, seat = 1, round = 2 } }, quiet(2), {
        { over = true, winners = { 2 }, scores = { 0, 1 } } }) },

    -- the page: "a round counts ... without a word"; a play that failed its
    -- challenge is taken back, so it is no word played.
    { name = "idle_rounds=1: a play that failed the automatic challenge is no word; the round ends the game",
      players = 2, options = { idle_rounds = 1, retries = 0 },
      set = deal(2, { { "C", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } }),
      steps = edits.joined({ "word TCA", { kind = "penalty" }, "discard Q" }, quiet(1), {
        { over = true, winners = { 1, 2 } } }) },
    { name = "idle_rounds=0 (the default, the book): three rounds of passes and the game goes on",
      players = 2,
      set = deal(2, { pool = { "B", "C", "F" } }),
      steps = edits.joined(quiet(6), { { over = false, seat = 1, kind = "word", round = 4 } }) },

    ---------------------------------------------------------------- the dictionary option
    -- ATS is in the word-list package and not in SOWPODS.
    { name = "dictionary=wordlist: a word of that list stands",
      players = 2, options = { dictionary = "wordlist" },
      set = deal(2, { { "A", "T", "S", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } }),
      steps = { "word ATS", { seat = 1, kind = "discard", state = { ["money[1]"] = 1 } } } },
    { name = "dictionary=sowpods (the default): the same word is not in it and is tried again",
      players = 2,
      set = deal(2, { { "A", "T", "S", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } }),
      steps = { "word ATS", { seat = 1, kind = "word", state = { ["money[1]"] = 0 } } } },
    -- "Any list works": a file of one word per line, beside this file (a
    -- finding: a relative path was read from the folder cardlab ran in only,
    -- not from the scenario file's folder as `house` is, so this passed or
    -- failed by the folder run from; it is looked for beside the file first now).
    { name = "dictionary=a file of one's own: its words stand, a word it lacks does not",
      players = 2, options = { dictionary = "_audit5_words.txt", retries = 0 },
      set = deal(2, { { "C", "A", "T", "Q", "V", "W", "Z" }, { "D", "O", "G", "E", "L", "S", "I" },
        pool = { "M", "P", "B" } }),
      steps = { "word TCA", "pass", { seat = 2, kind = "word", state = { ["money[1]"] = 1 } },
        "word GOD", { seat = 2, kind = "penalty" } } },
    { name = "dictionary: a list that cannot be read is refused before the game starts",
      players = 2, options = { dictionary = "/nonexistent/NWL2018.txt" },
      setup_refused = "/nonexistent/NWL2018.txt" },

    ---------------------------------------------------------------- the end at the player-count edges
    -- "Die letzte Runde wird ausgelöst ... Am Ende dieser Runde gewinnt ..."
    { name = "goal at 5 players: seat 1 reaches $21 in 3 patents by its buy; seats 2 to 5 still play",
      players = 5,
      set = deal(5, { { "C", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } },
        { "patent E 1", "patent A 1", "state money[1] 2" }),
      steps = edits.joined({ "word CAT", { kind = "buy" }, "buy C", "pass",
        { seat = 2, kind = "word", state = { last_round = 1 } } }, quiet(3), {
        { seat = 5, kind = "word", over = false } }, quiet(1), {
        { over = true, winners = { 1 }, reason = "goal" } }) },

    -- E A T I N are $40, the dearest five: the sixth must cost $5 (H) to make $45.
    { name = "goal at 2 players: the second seat reaching it ends the game at the end of its own turn",
      players = 2,
      set = deal(2, { [2] = { "H", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } },
        { "patent E 2", "patent A 2", "patent T 2", "patent I 2", "patent N 2", "state money[2] 4" }),
      steps = edits.joined(quiet(1), { "word HAT", { kind = "buy", seat = 2 }, "buy H", "pass",
        { over = true, winners = { 2 }, scores = { 0, 45 }, reason = "goal" } }) },

    -- the final scores: "dem höchsten Gesamtwert an Patenten, Geld und Aktien"; ties
    -- by the page: patents, then shared.
    { name = "final scores at 5 players: patents + money + stock; a three-way tie, two of them tied on patents too, share the win",
      players = 5,
      set = deal(5, { pool = { "B", "C", "F" } },
        { "last_round 1", "patent E 2", "patent A 3", "state money[3] 2", "patent T 4",
          "state stock[4] 2", "state money[5] 10", "state money[1] 3", "state stock[1] 4" }),
      steps = edits.joined(quiet(5), {
        { over = true, winners = { 2 }, scores = { 7, 10, 10, 10, 10 },
          said = "seat 2 wins the tie with patents worth $10" } }) },
    { name = "final scores at 5 players: tied on the total and on the patents, two players share the win",
      players = 5,
      set = deal(5, { pool = { "B", "C", "F" } },
        { "last_round 1", "patent A 3", "state money[3] 2", "patent T 4",
          "state stock[4] 2", "state money[5] 10" }),
      steps = edits.joined(quiet(5), {
        { over = true, winners = { 3, 4 }, scores = { 0, 0, 10, 10, 10 }, said = "share the win" } }) },

    -- "Der Besitzer eines Buchstabenpatents verdient $1 für jeden passenden Buchstaben"
    -- (automatic challenge: nobody is asked; the player goes on to the discard)
    { name = "royalties at 5 players: one word pays three owners, each $1, and nothing to the fourth",
      players = 5,
      set = deal(5, { { "C", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } },
        { "patent C 2", "patent A 3", "patent T 5", "patent M 4" }),
      steps = { "word CAT", { seat = 1, kind = "discard",
        state = { ["money[1]"] = 1, ["money[2]"] = 1, ["money[3]"] = 1, ["money[4]"] = 0, ["money[5]"] = 1 } } } },
    { name = "penalty with hand_size=5: the hand is drawn back to 5, not 7",
      players = 2, options = { hand_size = 5, retries = 0 },
      set = deal(2, { { "C", "A", "T", "Q", "V" }, { "D", "O", "G", "E", "L" }, pool = { "M", "P", "B" } }),
      steps = { "word TCA", "discard V", { seat = 2, kind = "word",
        zones = { ["hand[1]"] = { count = 5, lacks = { "V" } }, pool = { "M", "P", "B" } } } } },

    ---------------------------------------------------------------- what a seat sees
    { name = "view: the penalty card goes face up on the discard pile, which every seat sees",
      players = 3,
      set = deal(3, { { "C", "A", "T", "Q", "V", "W", "Z" }, pool = { "M", "P", "B" } }),
      steps = { "word TCA", "word CTA", "word ATC", "word TAC", { kind = "penalty" }, "discard Q",
        { zones = { discard = { "Q" } },
          view = { seat = 3, sees = { "discard" }, hides = { "hand[1]" } } } } },
  },
}
