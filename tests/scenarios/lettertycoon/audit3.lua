-- A third auditor's scenarios, from the rule book (Board Game Arena's help)
-- read line by line, where the earlier audits (audit.lua, audit2.lua,
-- edges.lua) and the specs did not look: the order of a turn (the word's
-- own money and the wrong challenger's dollar spent on the patent of the
-- same turn), abilities that meet in a V play on different words, the Y
-- deciding J and K, the S patent after a real S with the Z's S, the exact
-- lists of what the book lets a player choose (the Q patent's card, the
-- penalty card, the patents), the set-up at 2 and 3 players, the last round
-- played out by the later seats, and refusals whose example is legal now.
-- 2 players, seed 1, unless a scenario says otherwise. hand_and_pool(hand,
-- pool, extra): seat 1's hand and the pool exactly (letters: "CATDOGM"), taken
-- from the deck, then the extra edits.
local h = uses "_helpers.lua"
local hand_and_pool, quiet_round = h.hand_and_pool, h.quiet_round

local scenarios = {
  -- set-up by player count ("Jeder Spieler hat eine Hand mit 7", "offener Satz von 3"; "Ziele")
  { name = "lettertycoon audit3, set-up at 2 players: hands of 7, a pool of 3, 85 cards in the deck, the goal $45 in 6",
    players = 2,
    expect = { seat = 1, kind = "word", zones = { ["hand[1]"] = { count = 7 }, ["hand[2]"] = { count = 7 }, pool = { count = 3 }, deck = { count = 85 } },
               state = { ["goal.value"] = 45, ["goal.count"] = 6, ["money[1]"] = 0, ["money[2]"] = 0, ["stock[2]"] = 0 } } },
  { name = "lettertycoon audit3, set-up at 3 players: hands of 7, a pool of 3, 78 cards in the deck, the goal $34 in 5",
    players = 3,
    expect = { seat = 1, kind = "word", zones = { ["hand[3]"] = { count = 7 }, pool = { count = 3 }, deck = { count = 78 } },
               state = { ["goal.value"] = 34, ["goal.count"] = 5 } } },

  -- the order of a turn: "erhält der Spieler ... Geld ... Dann kann der Spieler ein Patent kaufen"
  { name = "lettertycoon audit3, turn order: the word's own money pays for the patent of the same turn (CHUMP $3 buys a $3 patent, not H $5)",
    set = hand_and_pool("CHUMPBK", "DRW"),
    steps = { "word CHUMP", { seat = 1, kind = "buy", answers = { "pass", "buy C", "buy M", "buy P", "buy U" } }, "buy U" },
    expect = { seat = 1, kind = "discard", state = { ["money[1]"] = 0, ["patents.U"] = 1 } } },
  -- "der Herausforderer muss dem aktiven Spieler $1 zahlen", before "Dann kann der Spieler ein Patent kaufen"
  { name = "lettertycoon audit3, players' challenge: the wrong challenger's $1 and the word's $1 buy the $2 J patent",
    options = { challenge = "players" }, seed = 3,
    set = hand_and_pool("JABMRTK", "DOW", { "state money[2] 3" }),
    steps = { "word JAB", "challenge", { seat = 1, kind = "buy", legal = { "buy J", "buy B" }, not_legal = { "buy A" } }, "buy J" },
    expect = { state = { ["money[1]"] = 0, ["money[2]"] = 2, ["patents.J"] = 1 } } },
  -- "Wenn das Wort nicht erfolgreich herausgefordert wird": a play nobody challenges stands, whatever it is
  { name = "lettertycoon audit3, players' challenge: a non-word nobody challenges stands: it earns, pays its royalty and allows a patent",
    players = 3, options = { challenge = "players" },
    set = hand_and_pool("TCAMRBL", "DOW", { "patent A 3", "state money[1] 2" }),
    steps = { "word TCA", { seat = 2, kind = "challenge" }, "pass", { seat = 3, kind = "challenge" }, "pass",
              { seat = 1, kind = "buy", legal = { "buy C" }, not_legal = { "buy A" } } },
    expect = { state = { ["money[1]"] = 3, ["money[3]"] = 1 } } },
  { name = "lettertycoon audit3, players' challenge at 3 players: seat 2 passes, seat 3 challenges a non-word: voided, nobody pays",
    players = 3, options = { challenge = "players" },
    set = hand_and_pool("TCAMRBL", "DOW", { "state money[2] 1", "state money[3] 1" }),
    steps = { "word TCA", { seat = 2, kind = "challenge" }, "pass", { seat = 3, kind = "challenge" }, "challenge",
              { seat = 1, kind = "penalty" }, "discard L" },
    expect = { seat = 2, kind = "word", state = { ["money[1]"] = 0, ["money[2]"] = 1, ["money[3]"] = 1 },
               zones = { ["hand[1]"] = { count = 7, has = { "T", "C", "A" }, lacks = { "L" } }, pool = { count = 3, has = { "D", "O", "W" } } } } },

  -- the penalty: "nimmt seine Karten zurück ... und muss zur Strafe eine Karte ablegen": a card of the
  -- hand, the cards of the play back in it; the pool's card went back to the pool
  { name = "lettertycoon audit3, penalty after a players' challenge: every letter of the hand is offered, the played T and C too, and no pool card (BTC's B)",
    options = { challenge = "players" },
    set = hand_and_pool("CATDOGM", "BRS"),
    steps = { "word BTC", "challenge", { seat = 1, kind = "penalty",
              answers = { "discard A", "discard C", "discard D", "discard G", "discard M", "discard O", "discard T" } },
              "discard G" },
    expect = { seat = 2, zones = { pool = { count = 3, has = { "B", "R", "S" } }, ["hand[1]"] = { count = 7, lacks = { "G" } } } } },

  -- the buy request: "nur ein Patent kaufen, das zu einem Buchstaben in dem Wort/den Wörtern passt ... genug Geld ... nur einem Spieler gehören"
  { name = "lettertycoon audit3, buying with V: exactly the unowned, affordable patents of both words' letters",
    set = hand_and_pool("CATDOGM", "BRS", { "patent V 1", "patent G 2", "state money[1] 2" }),
    -- $2 + $2 for two 3-letter words = $4: C $3 and D $4; G is owned, A O T are dearer
    steps = { "word CAT DOG", { seat = 1, kind = "buy", answers = { "pass", "buy C", "buy D" } } } },

  -- the Q patent: "Zu Beginn des Zuges kann eine Karte ersetzt werden"
  { name = "lettertycoon audit3, Q patent: the choices are pass, each letter of the hand and each of the pool",
    set = hand_and_pool("CATMRBK", "DOG", { "patent Q 1" }),
    steps = edits.joined(quiet_round(2), { { seat = 1, kind = "replace", answers = { "pass", "replace A", "replace B", "replace C",
              "replace K", "replace M", "replace R", "replace T", "replace pool D", "replace pool G", "replace pool O" } } }) },
  { name = "lettertycoon audit3, Q patent with an empty deck: the card replaced goes to the discard pile, which becomes the deck",
    set = hand_and_pool("CATMRBK", "DOG", { "patent Q 1" }),
    steps = edits.joined(quiet_round(2), { { seat = 1, kind = "replace" }, { set = { "empty deck", "empty discard" } }, "replace K",
              { seat = 1, kind = "word", zones = { ["hand[1]"] = { count = 7, has = { "K" } }, deck = { count = 0 }, discard = { count = 0 } } } }) },

  -- the Y: "Der Spieler entscheidet, ob jedes 'Y' für Patentfähigkeiten als Konsonant oder als Vokal behandelt wird"
  { name = "lettertycoon audit3, Y + K: SKY with its Y a vowel has one vowel: doubled when the Y is left open",
    set = hand_and_pool("SKYMRBT", "DOG", { "patent K 1" }),
    steps = { "word SKY" },
    expect = { state = { ["money[1]"] = 2 }, said = "word SKY y=vowel" } },
  { name = "lettertycoon audit3, Y + K: SKY y=consonant, the player's choice, has no vowel: not doubled",
    set = hand_and_pool("SKYMRBT", "DOG", { "patent K 1" }),
    steps = { "word SKY y=consonant" },
    expect = { state = { ["money[1]"] = 1 } } },
  { name = "lettertycoon audit3, Y + J: TOYS with its Y a vowel is half vowels: doubled ($4)",
    set = hand_and_pool("TOYSMRB", "DKG", { "patent J 1" }),
    steps = { "word TOYS y=vowel" },
    expect = { state = { ["money[1]"] = 4 } } },
  { name = "lettertycoon audit3, Y + B: EASY ends with a vowel only when its Y is one: doubled by B",
    set = hand_and_pool("EASYMRB", "DKG", { "patent B 1" }),
    steps = { "word EASY" },
    expect = { state = { ["money[1]"] = 4 }, said = "word EASY y=vowel" } },

  -- V: "Andere Patentfähigkeiten können auf das eine oder das andere Wort angewendet werden, nicht auf beide"
  { name = "lettertycoon audit3, V + J + K: J doubles one word (AREA) and K the other (CAT): $4 + $2",
    set = hand_and_pool("AREACAT", "BDG", { "patent V 1", "patent J 1", "patent K 1" }),
    steps = { "word AREA CAT" },
    expect = { state = { ["money[1]"] = 6 } } },
  { name = "lettertycoon audit3, V + X + Z on different words: CAT+S and TOOT x=O, each ability once: $2 + $2, one O royalty",
    set = hand_and_pool("CATTOTM", "BDK", { "patent V 1", "patent X 1", "patent Z 1", "patent O 2", "patent S 2" }),
    steps = { "word CAT+S TOOT x=O" },
    expect = { state = { ["money[1]"] = 4, ["money[2]"] = 1 } } },
  -- "Wörter mit 'Q' bringen das Doppelte": the word with the Q, not the other word of a V play
  { name = "lettertycoon audit3, V: the Q letter doubles its own word only: QAT $2 + DOG $1",
    set = hand_and_pool("QATDOGM", "BRK", { "patent V 1" }),
    steps = { "word QAT DOG" },
    expect = { state = { ["money[1]"] = 3, ["stock[1]"] = 0 } } },
  -- "Jedes Wort bringt individuell Geld und Aktien ein": two words of 3 are not one word of 6
  { name = "lettertycoon audit3, V: two words of 3 letters earn $1 each and no stock (not $4 and a share for 6 letters)",
    set = hand_and_pool("CATDOGM", "BRK", { "patent V 1" }),
    steps = { "word CAT DOG" },
    expect = { state = { ["money[1]"] = 2, ["stock[1]"] = 0 } } },

  -- Z: "Das 'S'-Patent darf nicht erworben werden, ohne eine echte 'S'-Buchstabenkarte zu verwenden"
  { name = "lettertycoon audit3, Z: SET+S plays a real S card as well: the S patent may be bought",
    set = hand_and_pool("SETMRBK", "DOG", { "patent Z 1", "state money[1] 4" }),
    steps = { "word SET+S", { seat = 1, kind = "buy", legal = { "buy S" } }, "buy S" },
    expect = { state = { ["money[1]"] = 0, ["patents.S"] = 1 } } },

  -- royalties: "$1 für jeden passenden Buchstaben": each card, each owner
  { name = "lettertycoon audit3, royalties: two O cards pay their owner $2, the T's owner $2; the player pays nothing",
    players = 3,
    set = hand_and_pool("TOOTMRB", "DLG", { "patent O 2", "patent T 3" }),
    steps = { "word TOOT" },
    expect = { state = { ["money[1]"] = 2, ["money[2]"] = 2, ["money[3]"] = 2 }, said = "seat 2 earns $2 in royalties" } },

  -- the last round: "Am Ende dieser Runde gewinnt der Spieler mit dem höchsten Gesamtwert"
  { name = "lettertycoon audit3, last round: a later seat still plays, earns and buys, and overtakes the one who reached the goal",
    players = 3,
    set = edits.joined(edits.holding("hand[2]", "deck", { "P", "L", "A", "N", "T", "S", "M" }, "deck"),
                       { "patent E 1", "patent A 1", "patent T 1", "patent I 1", "patent C 1", "state money[2] 35" }),
    -- seat 1: E 10 + A 8 + T 8 + I 7 + C 3 = $36 in 5: the goal for 3 ($34 in 5), reached on its first turn
    steps = { "pass", "pass", { said = "seat 1 reaches the goal" }, { seat = 2, kind = "word" }, "word PLANTS",
              { seat = 2, kind = "buy", legal = { "buy L", "buy P", "buy N", "buy S" } }, "buy L", { state = { ["money[1]"] = 2, ["money[2]"] = 35 } }, "pass",
              { seat = 3, kind = "word" }, "pass", "pass" },
    -- seat 1: its $36 of patents and $2 of royalties on PLANTS' A and T, earned in the last round: 38;
    -- seat 2: $35 + $4 for PLANTS - $4 for L = $35, the L patent $4 and 1 stock: 40
    expect = { over = true, winners = { 2 }, scores = { 38, 40, 0 } } },

  -- X: "Es müssen insgesamt mindestens 3 echte ... Buchstabenkarten verwendet werden"
  { name = "lettertycoon audit3, X + Z together still need 3 real cards: TOT+S x=T (cards T and O, a copy and an added S) is refused",
    set = hand_and_pool("TOMRBKG", "DCW", { "patent X 1", "patent Z 1" }),
    steps = { { refused = "word TOT+S x=T", reason = "real cards" } } },

  -- "Sowohl Geld als auch Aktien werden verdoppelt" (B, J, K)
  { name = "lettertycoon audit3, J doubles stock as well: AUDIOS (4 vowels of 6) earns $8 and 2 stock",
    set = hand_and_pool("AUDIOSM", "BCG", { "patent J 1" }),
    steps = { "word AUDIOS" },
    expect = { state = { ["money[1]"] = 8, ["stock[1]"] = 2 } } },
  -- K: "wenn das Wort nur einen Vokal hat": the X's copy is a letter of the word
  { name = "lettertycoon audit3, K + X: TOOT x=O spells two Os, two vowels: K does not double it",
    set = hand_and_pool("TOTMRBG", "DCW", { "patent X 1", "patent K 1" }),
    steps = { "word TOOT x=O" },
    expect = { state = { ["money[1]"] = 2 } } },

  -- refusals: the example a refusal gives is an answer legal now (QUOTA, QX and
  -- 'buy Q' were examples whatever the cards)
  { name = "lettertycoon audit3, refusals at the word request give a word the cards allow now as the example",
    set = hand_and_pool("CATDOGM", "BRS"),
    steps = { { refused = "buy S", reason = "type your word, e.g. 'word ABO', or 'pass'" },
              { refused = "12", reason = "here you type a word, e.g. 'word ABO', or 'pass'" },
              { refused = "cat, dog", reason = "e.g. 'word ABO', or 'pass'" },
              { refused = "word cat dog", reason = "two words need the V patent; expected one word, e.g. 'word ABO', or 'pass'" },
              { refused = "word", reason = "type the word you mean, e.g. 'word ABO'" },
              "word ABO" } },
  { name = "lettertycoon audit3, a refusal at the V patent's second word gives a second word the cards left allow",
    set = hand_and_pool("CATDOGM", "BRS", { "patent V 1" }),
    steps = { "word CAT +", { seat = 1, kind = "second word" },
              { refused = "word dog cat", reason = "give the second word only, e.g. 'word BOD', or 'pass'" },
              { refused = "word", reason = "e.g. 'word BOD'" }, "word BOD" } },
  { name = "lettertycoon audit3, a refusal at the word request with no word in the cards says that only pass is left",
    set = hand_and_pool("BCDFGHV", "KLM"),
    steps = { { refused = "buy S", reason = "type your word, or 'pass': no word fits your cards now" } } },
  { name = "lettertycoon audit3, a refusal at the discard gives a letter of the hand as the example",
    set = hand_and_pool("CATDOGM", "BRS"),
    steps = { "word CAT", { seat = 1, kind = "discard" },
              { refused = "7", reason = "e.g. 'discard D', or 'pass'" },
              { refused = "discard 7", reason = "e.g. 'discard D', or 'pass'" }, "discard D" } },
  { name = "lettertycoon audit3, a refusal at the buy request names a patent buyable now",
    set = hand_and_pool("CATDOGM", "BRS", { "state money[1] 3" }),
    steps = { "word DOG", { seat = 1, kind = "buy", answers = { "pass", "buy D", "buy G" } },
              { refused = "buy", reason = "name one letter, e.g. 'buy D'" },
              { refused = "buy DG", reason = "name one letter, e.g. 'buy D'" }, "buy D" } },
  { name = "lettertycoon audit3, the Q patent with pool_size=0: 'replace pool' is refused with a card of the hand as the example",
    options = { pool_size = 0 },
    set = edits.joined(edits.holding("hand[1]", "deck", { "C", "A", "T", "M", "R", "B", "K" }, "deck"), { "patent Q 1" }),
    steps = edits.joined(quiet_round(2), { { seat = 1, kind = "replace" },
              { refused = "replace pool G", reason = "the pool is empty; 'replace A' replaces a card of your hand" }, "replace A" }) },
  -- the lists go as long as the cards do: 16 cards under these options
  { name = "lettertycoon audit3, hand_size=10 and pool_size=6: a word of 14 letters is listed, played and scored as the table's longest row",
    options = { hand_size = 10, pool_size = 6 },
    set = hand_and_pool("UNDERSTAND", "INGSEO"),
    steps = { { seat = 1, kind = "word", legal = { "word UNDERSTANDINGS", "word UNDERSTANDING" } }, "word UNDERSTANDINGS" },
    expect = { state = { ["money[1]"] = 6 } } },
  -- (a list as long as the cards would pass the word list's longest, 32)
  { name = "lettertycoon audit3, a hand an edit made of 33 cards: the words are listed, none longer than the word list holds",
    set = hand_and_pool("AAAEEEIOORRSSTTNNLLDDCMPBHGUUFWYK", "ING"),
    steps = { { seat = 1, kind = "word", legal = { "word CAT", "word UNDERSTANDING" } }, "word CAT" },
    expect = { state = { ["money[1]"] = 1 } } },
}

return { game = "lettertycoon", players = 2, seed = 1, scenarios = scenarios }
