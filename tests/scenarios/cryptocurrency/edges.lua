-- Cryptocurrency: the rules of the second rule-book audit, and their edges
-- (a turn that ends early, the last card of a deck, ties, the exact end).
-- Seed 2, 3 players: seat 2 holds the start player marker, seat 1 the last
-- player marker; everyone has 6 Wonga and 3 Interns; Flyt is at price 5.

local h = uses "_helpers.lua"
-- the preparation phase with no replacement, loans or hires: then seat 2's action
local after_prep = h.after_prep

-- Seat 2's team: an Intern, an Intern and this expert.
local function with(expert)
  return { "move Intern box from team[2]", string.format('move "%s" team[2]', expert) }
end

-- Every track has had `placed` rumours.
local tracks_placed = h.placed

-- The rumours as given, by card id (#74 is a "Forum debates fork", 0; the
-- ids of the game's 36 rumours run from #60, -3, to #95, +3): every rumour
-- of the tracks and the secret hands goes back to the deck first; then each
-- track holds its cards with their faces, each seat its secret rumour, and
-- the deck the card `top` on top.
local CURRENCIES = { "Flyt", "Eruptium", "Elvt", "Quasar" }
local function rumours(tracks, secrets, top)
  local list = {}
  for _, cur in ipairs(CURRENCIES) do list[#list + 1] = "empty rumours_" .. cur .. " rumour_deck" end
  for seat = 1, 3 do list[#list + 1] = string.format("empty secret[%d] rumour_deck", seat) end
  for _, cur in ipairs(CURRENCIES) do
    for _, card in ipairs(tracks[cur] or {}) do
      list[#list + 1] = string.format("move #%d rumours_%s bottom", card[1], cur)
      list[#list + 1] = string.format("face #%d %s", card[1], card[2])
    end
  end
  for seat = 1, 3 do
    if secrets[seat] then list[#list + 1] = string.format("move #%d secret[%d]", secrets[seat], seat) end
  end
  if top then list[#list + 1] = string.format("move #%d rumour_deck", top) end
  return list
end

-- The end with known rumours: Flyt -3, Eruptium +2, Elvt +2, Quasar +3,
-- each face up; the secret rumours and the deck's top card are worth 0 and
-- go face down. Flyt alone is a scam; no price moves.
local KNOWN_END = rumours({ Flyt = { { 60, "up" } }, Eruptium = { { 86, "up" } }, Elvt = { { 87, "up" } },
                            Quasar = { { 92, "up" } } }, { 74, 75, 76 }, 77)

-- everyone passes (`pre`: edits made first, at seat 2's action); the rumour
-- phase from the last player (seat 1) counter-clockwise: Flyt, Eruptium,
-- Elvt; Quasar from the deck
local function passes_and_rumours(pre, ...)
  return after_prep(3, { set = pre or {} }, "pass", "pass", "pass", { seat = 1, kind = "rumour" }, "Flyt", { seat = 3 },
                       "Eruptium", { seat = 2 }, "Elvt", ...)
end

return {
  game = "cryptocurrency", players = 3, seed = 2,
  scenarios = {
    -- "Sollte man beim Schürfen ausschließlich Misserfolgskarten aufdecken,
    -- ist der Zug ohne weitere Auswirkungen beendet" (quick start:
    -- "Misserfolg = Spielzug ist vorbei")
    { name = "cryptocurrency: a failed mining ends the turn: the Black Hat Hacker used for it swaps nothing",
      set = edits.joined(with("Black Hat Hacker"), { "state mining.Flyt 7" }),
      -- 1 energy at difficulty 8: this seed draws a FAILURE
      steps = after_prep(3, "mine Flyt", "Black Hat Hacker", "done"),
      expect = { said = "seat 2 fails to mine Flyt (1 energy, difficulty 8)", not_said = "Black Hat Hacker",
                 seat = 3, kind = "action", zones = { ["secret[2]"] = { count = 1 } } } },
    { name = "cryptocurrency: a successful mining is followed by the abilities used for it: the Black Hat Hacker",
      set = with("Black Hat Hacker"),
      -- 2 energy at Elvt's difficulty 2: a sure success
      steps = after_prep(3, "mine Elvt", "Black Hat Hacker", "Intern", "done"),
      expect = { said = "SUCCESS", seat = 2, kind = "black_hat_hacker" } },
    { name = "cryptocurrency: so is a trade: the Tweetman used for it turns a rumour over",
      set = with("Tweetman"),
      steps = after_prep(3, "trade Flyt", "Tweetman", "done", "buy 1"),
      expect = { seat = 2, kind = "tweetman" } },
    -- "Drehst du ein verdecktes Karte auf seine offene Seite, führe die
    -- Preisanpassung sofort aus"; the next rumour on that track then goes
    -- face down ("entgegengesetzt der zuletzt ausliegenden Gerüchtekarte")
    { name = "cryptocurrency: the Tweetman turns the last rumour of a track face up: the next one there goes face down",
      set = with("Tweetman"),
      -- Flyt: Forum debates fork (0) face up, Celebrity endorsement (+2) face
      -- down; seat 1's secret rumour Wallet hacked (-1)
      steps = after_prep(3, { set = edits.joined(rumours({ Flyt = { { 74, "up" }, { 86, "down" } } }, { 67, 75, 76 }),
                                                 { "price Flyt 5" }) },
                            "mine Elvt", "Tweetman", "Intern", "done", { kind = "tweetman" }, "Flyt #2 (face down)",
                            { state = { ["price.Flyt"] = 7 } }, "pass", "pass", "pass", { seat = 1, kind = "rumour" }, "Flyt"),
      expect = { state = { ["price.Flyt"] = 7, ["rumours.Flyt"] = { 0, 2, "?" } },
                 said = "Flyt: a rumour placed face down" } },
    -- "Die Charaktere sind für diese Runde „erschöpft“": every member used,
    -- not only the first; seat 2's one fresh Intern then trades at once
    { name = "cryptocurrency: every member used for an action is exhausted: after mining with two Interns one is left",
      steps = after_prep(3, "mine Elvt", "Intern", "Intern", "done", { seat = 3, kind = "action" }, "pass",
                            { seat = 1, kind = "action" }, "pass", { seat = 2, kind = "action" }, "trade Flyt"),
      expect = { seat = 2, kind = "amount", legal = { "buy 1" } } },
    -- "Anschließend erhält der Spieler ... einen Bonus": the fee counts every
    -- transaction turned over, also one whose price move is cancelled at the
    -- end of the track (docs/games/cryptocurrency.md, Choices)
    { name = "cryptocurrency: a transaction whose price move is cancelled at the track's end still earns its fee",
      set = { "price Flyt 11", "state mining.Flyt 3", 'move "Data Analyst" team[2] from experts',
              "empty upcoming transactions", 'move "Flyt +1" upcoming from transactions',
              'move "Flyt +1" upcoming from transactions', 'move "Quasar +1" upcoming from transactions' },
      steps = after_prep(3, "mine Flyt", "Intern", "Intern", "Intern", "Data Analyst"),
      expect = { state = { ["price.Flyt"] = 12, ["wonga[2]"] = 6 + 2 * 2 },
                 said = { "Flyt: +1 cancelled", "seat 2 takes 4 Wonga: validation fee 2 x 2" } } },
    -- "Ziehe 3 Karten vom Stapel ... Behalte ein Karte und mische die anderen
    -- wieder in den Stapel": with 2 cards left, both are drawn
    { name = "cryptocurrency: the Newshawk with 2 rumours left in the deck draws both and keeps one of 3",
      set = with("Newshawk"),
      -- seat 2's secret rumour Wallet hacked (-1); the deck: Forum debates fork
      -- (0) and Central bank interest (+3)
      steps = after_prep(3, { set = edits.joined(rumours({}, { 75, 67, 76 }),
                                                 { "empty rumour_deck box", "move #74 rumour_deck", "move #92 rumour_deck" }) },
                            "mine Elvt", "Newshawk", "Intern", "done", { kind = "newshawk" }, "yes",
                            { kind = "newshawk_keep", legal = { "keep Forum debates fork (0)", "keep Central bank interest (+3)",
                                                                "keep Wallet hacked (-1)" } },
                            "keep Central bank interest (+3)"),
      expect = { zones = { ["secret[2]"] = { "Central bank interest" }, rumour_deck = { count = 2 } } } },
    { name = "cryptocurrency: the Newshawk with no rumour left in the deck draws nothing and is not asked",
      set = with("Newshawk"),
      steps = after_prep(3, { set = "empty rumour_deck box" }, "mine Elvt", "Newshawk", "Intern", "done"),
      expect = { seat = 3, kind = "action", zones = { ["secret[2]"] = { count = 1 } } } },
    -- "Sofern der Kartenstapel leer sein sollte, werden die abgeworfenen
    -- Transaktionskarten gemischt": with 1 card left, the refill of 2 takes
    -- it, then the discards (the two just turned over among them) are shuffled
    { name = "cryptocurrency: the last transaction card is drawn, then the discards are shuffled into a new deck",
      set = { "state mining.Flyt 3", 'move "Data Analyst" team[2] from experts',
              "empty upcoming transaction_discard", "empty transactions transaction_discard",
              'move "Flyt +1" upcoming from transaction_discard', 'move "Flyt +1" upcoming from transaction_discard',
              'move "Quasar +1" upcoming from transaction_discard', 'move "Elvt -1" transactions from transaction_discard' },
      steps = after_prep(3, "mine Flyt", "Intern", "Intern", "Intern", "Data Analyst"),
      expect = { zones = { upcoming = { count = 3, has = { "Quasar +1", "Elvt -1" } },
                           -- 16: 3 upcoming, 1 in the deck, 12 discarded; 2 turned over
                           -- (14 discarded), 1 drawn, the 14 shuffled, 1 drawn: 13 left
                           transactions = { count = 13 }, transaction_discard = { count = 0 } } } },
    -- "Sollte der Stapel mit den Expertenkarten leer sein, werden die bis
    -- dahin abgeworfenen Expertenkarten zu einem neuen Stapel gemischt": the
    -- 5 new job seekers at the end of the preparation, with 2 left in the deck
    { name = "cryptocurrency: the last 2 expert cards become job seekers, then the discards are shuffled for 3 more",
      set = { "empty experts expert_discard", 'move "Quant Wizard" experts from expert_discard',
              'move "Junior Miner" experts from expert_discard' },
      steps = after_prep(3),
      expect = { seat = 2, kind = "action",
                 zones = { seekers = { count = 5, has = { "Quant Wizard", "Junior Miner" } },
                           -- 23: 5 seekers, 2 in the deck, 16 discarded; the seekers are
                           -- discarded (21), 2 drawn, the 21 shuffled, 3 drawn: 18 left
                           experts = { count = 18 },
                           expert_discard = { count = 0 } } } },
    -- one hire a round (quick start: "max. 1 Experten pro Runde"): then the
    -- next player's preparation
    { name = "cryptocurrency: after one hire the next player prepares: one expert a round",
      steps = { "no", "no", "hire Data Analyst", { kind = "dismiss" }, "Intern" },
      expect = { seat = 3, kind = "loan" } },
    -- "Du kannst max. 1 Darlehen pro Runde aufnehmen": a player with none
    -- takes one, and is not asked for a second in the same round
    { name = "cryptocurrency: one loan a round: after a loan the hire is asked, not a second loan",
      steps = { "no", "yes", { seat = 2, kind = "hire" }, "no", { seat = 3, kind = "loan" } },
      expect = { state = { ["loans[2]"] = 1, ["wonga[2]"] = 14 } } },
    -- "verliere 1 Münze für jede Zahlung, welche du nicht leisten kannst":
    -- 1 Wonga does not pay 2 interest; a coin goes, the Wonga stays
    { name = "cryptocurrency: interest of 2 with 1 Wonga costs a coin, and the Wonga stays",
      steps = after_prep(3, { set = { "state loans[2] 1", "state wonga[2] 1", "state coins[2].Elvt 2" } },
                            "pass", "pass", "pass", { seat = 1, kind = "rumour" }),
      expect = { state = { ["wonga[2]"] = 1, ["coins[2].Elvt"] = 1, ["stock.Elvt"] = 10 + 1 },
                 said = "seat 2 cannot pay 2 Wonga (interest): 1 Elvt goes back to the market" } },
    -- "In einer Partie mit 2 oder 3 Spielern ... werden für die übrigen
    -- Währungen ... Gerüchtekarten vom Nachziehstapel gezogen und
    -- entsprechend der oben genannten Regeln ausgelegt"
    { name = "cryptocurrency: with 3 players the track no player chose gets the deck's top rumour, face opposite",
      -- Quasar: Forum debates fork (0) face up, Wallet hacked (-1) face down;
      -- the deck's top card Celebrity endorsement (+2)
      steps = passes_and_rumours(edits.joined(rumours({ Quasar = { { 74, "up" }, { 67, "down" } } }, { 75, 76, 77 }, 86),
                                              { "price Quasar 5" })),
      expect = { state = { ["placed.Quasar"] = 1, ["rumours.Quasar"] = { 0, "?", 2 }, ["price.Quasar"] = 7 },
                 said = "Quasar: rumour Celebrity endorsement (+2) placed face up",
                 zones = { rumours_Quasar = { count = 3, bottom = "Celebrity endorsement" } } } },
    -- "Das Spiel endet, sobald auf jeder Gerüchteleiste 5 Gerüchtekarten
    -- ausliegen": with 3 placed before the round, 4 after it: a new round
    { name = "cryptocurrency: 3 players: 4 rumours on every track do not end the game; a new round begins",
      set = tracks_placed(3),
      steps = passes_and_rumours(),
      expect = { state = { ["placed.Flyt"] = 4, ["placed.Quasar"] = 4, round = 2, start = 3, last = 2 },
                 seat = 3, kind = "propose_replace" } },
    { name = "cryptocurrency: 3 players: the fifth rumour on every track ends the game after the rumour phase",
      set = tracks_placed(4),
      steps = passes_and_rumours(),
      expect = { over = true, state = { ["placed.Flyt"] = 5, ["placed.Quasar"] = 5, round = 1 } } },
    -- "Alle Darlehen müssen spätestens am Spielende zurückgezahlt werden"; a
    -- tie of wealth and coins goes to "derjenige, dessen erster Zug in der
    -- letzten Runde früher war": seat 2, the start player, before seat 3
    { name = "cryptocurrency: a loan not repaid is paid at the end (wealth below 0); a tie goes to the earlier first turn",
      set = tracks_placed(4),
      steps = passes_and_rumours(edits.joined(KNOWN_END, { "state loans[1] 1", "state wonga[1] 0" })),
      expect = { over = true, scores = { -8, 6, 6 }, winners = { 2 }, state = { ["loans[1]"] = 0 },
        reason = "seat 2 is the richest with 6 Wonga; tied with seat 3 in Wonga and coins sold, it has the earlier "
          .. "turn in the last round" } },
    -- "Bei einem Gleichstand entscheidet, wer zum Spielende die meisten
    -- Münzen hatte": coins count before they are sold, a scam's too
    -- "dessen erster Zug in der letzten Runde früher war": the order of the
    -- last round (from its start player, seat 2), not the seats' numbers
    { name = "cryptocurrency: a three-way tie of wealth and coins goes to the last round's start player, seat 2, not seat 1",
      set = tracks_placed(4),
      steps = passes_and_rumours(KNOWN_END),
      expect = { over = true, scores = { 6, 6, 6 }, winners = { 2 },
        reason = "tied with seat 1 and seat 3 in Wonga and coins sold, it has the earlier turn in the last round" } },
    { name = "cryptocurrency: a tie of wealth goes to the most coins at the end, scam coins too",
      set = tracks_placed(4),
      -- Flyt is the scam: seat 3's Flyt coin is worth 0, but brings Flyt's
      -- hodler card (12): 6 + 12 = 18, as seat 2's 18 Wonga; seat 2 came first
      steps = passes_and_rumours(edits.joined(KNOWN_END, { "state coins[3].Flyt 1", "state wonga[2] 18" })),
      expect = { over = true, scores = { 6, 18, 18 }, winners = { 3 }, state = { scam = { "Flyt" } },
        reason = "seat 3 is the richest with 18 Wonga; tied with seat 2, it sold the most coins (1)" } },
    -- a tie broken both ways: seat 3 by coins, seat 1 by the turn (the reason
    -- said once read every tied seat as tied in coins too)
    { name = "cryptocurrency: a three-way tie of wealth, two of them tied in coins too, goes to the earlier turn",
      set = tracks_placed(4),
      -- Flyt is the scam: the 2 Flyt coins of seats 1 and 2 share its hodler card, 6 each
      steps = passes_and_rumours(edits.joined(KNOWN_END, { "state coins[1].Flyt 2", "state coins[2].Flyt 2",
        "state wonga[3] 12" })),
      expect = { over = true, scores = { 12, 12, 12 }, winners = { 2 },
        reason = "seat 2 is the richest with 12 Wonga; tied with seat 3, it sold the most coins (2); tied with seat 1 "
          .. "in Wonga and coins sold, it has the earlier turn in the last round" } },
  },
}
