-- A third auditor's scenarios: the German rule book read line by line as a
-- player, for what audit.lua, audit2.lua, edges.lua and the specs did not
-- reach: the set-up at every player count, the preparation's end (the seekers
-- left discarded), hiring and a loan at the edge of one's Wonga, the interest
-- of a loan taken this round, coins traded at the price before the turn's
-- market shift, the shift against a Hacker's rumour at the track's top (the
-- example round's order), a rumour, a Tweetman's turn and a shift cancelled at
-- a track's end, mining steps 2 and 4 (a refilled transaction is not turned
-- over), mining with no supply, copied abilities (the Replicator's Tech Whiz
-- and Data Analyst, its right neighbour at 3 players), the Newshawk's rumour
-- laid in the rumour phase, the lists of what a player may choose (actions,
-- amounts, hackers' and Tweetman's targets, a dismissal, the 4-player rumour
-- tracks), the Blockchain Engineer declined, two shifts in a round, the last
-- market adjustment by the sum, two hodler cards for one seat, events kept or
-- discarded, the advanced boards' set-up. No departure from the book was
-- found; the shift before the Black Hat Hacker is the script's reading of an
-- unclear point (docs/games/cryptocurrency.md, Choices made). Seed 1, four
-- players, seat 1 the start player unless a scenario says otherwise; seed 1's
-- set-up (audit2.lua): Flyt -2 up, -1 down (price 3); Eruptium 0 up, +1 down
-- (6); Elvt +3 up, +2 down (7); Quasar +1 up, -1 down (6); upcoming Quasar +1,
-- Eruptium +1, Quasar -1; the secret rumours of round 1 Celebrity endorsement
-- (+2, seat 1), Payment partner announced (+1), Nation makes it legal tender
-- (+3), Whale dumps coins (-1, seat 4).
local h = uses "_helpers.lua"
local repeated, flat, swap = h.repeated, h.flat, h.swap
local prep4 = h.prep(4)
local others = repeated("no", 6)     -- seats 2 to 4: loan, hire
local passes4 = repeated("pass", 4)
-- the set-up every player count shares (SPIELAUFBAU 1-8)
local function setup_check(players)
  local seats = {}
  for seat = 1, players do
    seats[#seats + 1] = { [string.format("wonga[%d]", seat)] = 6, [string.format("loans[%d]", seat)] = 0 }
  end
  local state = { ["placed.Flyt"] = 0, ["placed.Quasar"] = 0, ["rumours.Flyt"] = { -2, "?" },
                  ["rumours.Elvt"] = { 3, "?" }, ["mining.Flyt"] = 1, ["mining.Quasar"] = 1,
                  ["stock.Flyt"] = 8, ["supply.Flyt"] = 12, ["stock.Eruptium"] = 6, ["supply.Eruptium"] = 14,
                  ["stock.Elvt"] = 10, ["supply.Elvt"] = 10, ["stock.Quasar"] = 8, ["supply.Quasar"] = 12,
                  start = 1, last = players }
  for _, s in ipairs(seats) do for k, v in pairs(s) do state[k] = v end end
  local zones = { seekers = { count = 5 }, upcoming = { count = 3 }, rumour_deck = { count = 28 },
                  experts = { count = 18 }, transactions = { count = 13 } }
  for seat = 1, players do
    zones[string.format("team[%d]", seat)] = { "Intern", "Intern", "Intern" }
    zones[string.format("secret[%d]", seat)] = { count = 0 }
  end
  return { seat = 1, kind = "propose_replace", round = 1, state = state, zones = zones }
end

-- 2 players, one round from the end (5 rumours a track; as audit2.lua):
-- every track holds 4 besides its 2 set-up rumours. Elvt: +3 up, +2 down
-- (set-up), -2 up, -2 down, +2 up, -2 down; the round's deck card for Elvt
-- is Whale dumps coins (-1), face up. Totals at the end: Flyt -5, Eruptium
-- +6, Elvt 0, Quasar -6 (the scam) when seat 2 lays its +1 on Eruptium and
-- seat 1 its +2 on Flyt.
local tracks_last_round_2_players = h.tracks_last_round_2_players

return {
  game = "cryptocurrency", players = 4, seed = 1, options = { start_player = 1 },
  scenarios = {
    -- SPIELAUFBAU, at every player count the book allows (2-4): the same set-up
    { name = "cryptocurrency audit3: set-up, 4 players: 6 Wonga, 3 Interns, no loan each; 5 job seekers; 3 upcoming transactions; 2 rumours beside every track (first up); stock + supply 20; last player right of the start player",
      expect = setup_check(4) },
    { name = "cryptocurrency audit3: set-up, 3 players: the same set-up; the last player marker at seat 3",
      players = 3, expect = setup_check(3) },
    { name = "cryptocurrency audit3: set-up, 2 players: the same set-up; the last player marker at seat 2",
      players = 2, expect = setup_check(2) },
    -- VORBEREITUNGS-PHASE
    { name = "cryptocurrency audit3: preparation: every player draws a secret rumour; the job seekers left after the hires are discarded and 5 new revealed",
      steps = flat(prep4, { { seat = 1, kind = "action" } }),
      expect = { zones = { ["secret[1]"] = { "Celebrity endorsement" }, ["secret[4]"] = { "Whale dumps coins" },
                           rumour_deck = { count = 24 }, seekers = { count = 5 }, expert_discard = { count = 5 },
                           experts = { count = 13 } } } },
    { name = "cryptocurrency audit3: preparation: seekers replaced by everyone's vote at the round's start are discarded again after the hires: 10 discarded",
      steps = flat("yes", "yes", "yes", "yes", others, "no", "no", { { seat = 1, kind = "action" } }),
      expect = { said = "the job seekers are replaced",
                 zones = { seekers = { count = 5 }, expert_discard = { count = 10 }, experts = { count = 8 } } } },
    { name = "cryptocurrency audit3: hiring: a seeker costing all of one's Wonga may be hired, one costing more not",
      set = { 'move "Blockchain Engineer" seekers', 'move "Quant Wizard" seekers' },
      steps = { "no", "no", { seat = 1, kind = "hire", legal = { "hire Blockchain Engineer" }, not_legal = { "hire Quant Wizard" } },
                "hire Blockchain Engineer", { seat = 1, kind = "dismiss", answers = { "Intern", "Intern (2)", "Intern (3)" } }, "Intern" },
      expect = { seat = 2, kind = "loan", state = { ["wonga[1]"] = 0 },
                 zones = { ["team[1]"] = { count = 3, has = { "Blockchain Engineer" } } } } },
    { name = "cryptocurrency audit3: a loan is taken before the hire: its 8 Wonga pay for a seeker the 6 could not",
      set = { 'move "Quant Wizard" seekers' },
      steps = { "no", "yes", { seat = 1, kind = "hire", legal = { "hire Quant Wizard" } }, "hire Quant Wizard", "Intern" },
      expect = { seat = 2, kind = "loan", state = { ["wonga[1]"] = 6, ["loans[1]"] = 1 } } },
    { name = "cryptocurrency audit3: a loan taken this round pays interest in this round's maintenance; then it may be repaid at once",
      steps = flat("no", "yes", "no", others, passes4, { { seat = 1, kind = "repay", state = { ["wonga[1]"] = 12 } } }, "yes"),
      expect = { seat = 4, kind = "rumour", state = { ["wonga[1]"] = 4, ["loans[1]"] = 0 } } },
    -- HANDEL, MARKTVERSCHIEBUNG
    { name = "cryptocurrency audit3: trading: 8 Flyt bought with 2 energy all cost the price before the shift (8 x 3), then the price moves 2 fields",
      set = { "state wonga[1] 30" },
      steps = flat(prep4, "trade Flyt", "Intern", "Intern (2)", "done", "buy 8"),
      expect = { seat = 2, kind = "action",
                 state = { ["wonga[1]"] = 6, ["coins[1].Flyt"] = 8, ["stock.Flyt"] = 0, ["price.Flyt"] = 5 } } },
    { name = "cryptocurrency audit3: trading: 7 Eruptium sold make one market shift (per 4 whole coins), paid at 6 each",
      set = { "state coins[1].Eruptium 7" },
      steps = flat(prep4, "trade Eruptium", "Intern", "Intern (2)", "done", "sell 7"),
      expect = { seat = 2, kind = "action",
                 state = { ["wonga[1]"] = 48, ["stock.Eruptium"] = 13, ["price.Eruptium"] = 5 } } },
    { name = "cryptocurrency audit3: the market shift comes before the Black Hat Hacker's rumour (the example round's order): Flyt 10, 4 bought -> 11, the +2 then cancelled at the top",
      set = flat(swap(1, 1, { "Black Hat Hacker" }), { "price Flyt 10", "state wonga[1] 40" }),
      steps = flat(prep4, "trade Flyt", "Black Hat Hacker", "done", "buy 4", { { kind = "black_hat_hacker", state = { ["price.Flyt"] = 11 } } },
                   "Flyt #2 (face down)"),
      expect = { seat = 2, kind = "action", said = "Flyt: +2 cancelled",
                 state = { ["price.Flyt"] = 11, ["rumours.Flyt"] = { -2, 2 } } } },
    -- WERT DER KRYPTOWÄHRUNG: a rumour's move past an end is cancelled as a whole
    { name = "cryptocurrency audit3: a rumour laid face up that would pass the top is cancelled as a whole, not stopped at the top: Elvt 11 stays 11",
      set = { "price Elvt 11" },
      steps = flat(prep4, passes4, { { seat = 4, kind = "rumour" } }, "Flyt", "Quasar", "Eruptium", { { seat = 1, kind = "rumour" } }, "Elvt"),
      expect = { round = 2, said = "Elvt: +2 cancelled", state = { ["price.Elvt"] = 11, ["rumours.Elvt"] = { 3, "?", 2 } } } },
    { name = "cryptocurrency audit3: the Tweetman turns a -1 face up on the bottom field: the move is cancelled, the card stays face up",
      set = flat(swap(1, 1, { "Tweetman" }), { "price Flyt 1", "state coins[1].Eruptium 1" }),
      steps = flat(prep4, "trade Eruptium", "Tweetman", "done", "sell 1", { kind = "tweetman" }, "Flyt #2 (face down)"),
      expect = { seat = 2, kind = "action", said = "Flyt: -1 cancelled",
                 state = { ["price.Flyt"] = 1, ["field.Flyt"] = 1, ["rumours.Flyt"] = { -2, -1 } } } },
    -- SCHÜRFEN
    { name = "cryptocurrency audit3: mining, steps 2 and 4: the Flyt transaction the refill draws is not turned over; 3 energy at difficulty 2 draw the whole stack; the first field's fee is 0",
      set = { "empty upcoming transactions", 'move "Flyt +1" upcoming', 'move "Eruptium +1" upcoming bottom',
              'move "Quasar -1" upcoming bottom', 'move "Flyt +2" transactions' },
      steps = flat(prep4, "mine Flyt", "Intern", "Intern (2)", "Intern"),
      expect = { seat = 2, kind = "action", said = "SUCCESS",
                 state = { ["price.Flyt"] = 4, ["coins[1].Flyt"] = 3, ["supply.Flyt"] = 9, ["wonga[1]"] = 6,
                           ["mining.Flyt"] = 2, upcoming = { "Flyt", "Eruptium", "Quasar" } },
                 zones = { upcoming = { "Flyt +2", "Eruptium +1", "Quasar -1" }, transaction_discard = { "Flyt +1" } } } },
    { name = "cryptocurrency audit3: mining a currency with no unmined coins left: no coin, but its transactions turn over and the fee is paid",
      set = flat(swap(1, 1, { "Quant Wizard" }), { "state supply.Quasar 0", "state mining.Quasar 3" }),
      steps = flat(prep4, { { legal = { "mine Quasar" } } }, "mine Quasar", "Quant Wizard", "done"),
      -- difficulty 4, reward 2, fee 2: Quasar +1 and Quasar -1 (6 -> 7 -> 6), 2 x 2 Wonga
      expect = { seat = 2, kind = "action", said = "SUCCESS, 0 coins",
                 state = { ["coins[1].Quasar"] = 0, ["supply.Quasar"] = 0, ["wonga[1]"] = 10, ["price.Quasar"] = 6,
                           ["mining.Quasar"] = 4 },
                 zones = { transaction_discard = { count = 2, has = { "Quasar +1", "Quasar -1" } } } } },
    -- EXPERTENFÄHIGKEITEN with the Replicator
    { name = "cryptocurrency audit3: identical abilities do not add: a Replicator copying the right neighbour's Tech Whiz beside one's own gives +1 coin, not +2",
      set = flat(swap(1, 2, { "Tech Whiz", "Replicator" }), { "move Intern box from team[4]", 'move "Tech Whiz" team[4] from seekers' }),
      steps = flat(prep4, "mine Flyt", "Tech Whiz", "Replicator", "done", { { kind = "replicator" } }, "copy Tech Whiz"),
      expect = { seat = 2, kind = "action", said = "SUCCESS, 4 coins", state = { ["coins[1].Flyt"] = 4, ["supply.Flyt"] = 8 } } },
    { name = "cryptocurrency audit3: a Replicator copying the right neighbour's Data Analyst has its ability: 4 Flyt bought move the price 2 fields",
      set = flat(swap(1, 1, { "Replicator" }), swap(4, 1, { "Data Analyst" }), { "state wonga[1] 12" }),
      steps = flat(prep4, "trade Flyt", "Replicator", "done", { { kind = "replicator" } }, "copy Data Analyst",
                   { { kind = "amount", legal = { "buy 4" }, not_legal = { "buy 5" } } }, "buy 4", { { kind = "data_analyst" } }, "yes"),
      expect = { seat = 2, kind = "action", state = { ["price.Flyt"] = 5, ["wonga[1]"] = 0, ["coins[1].Flyt"] = 4 } } },
    { name = "cryptocurrency audit3: the Newshawk's rumour kept is the secret rumour the player lays in the rumour phase",
      set = flat(swap(1, 1, { "Newshawk" }), { "state coins[1].Flyt 1" }),
      steps = flat(prep4, "trade Flyt", "Newshawk", "done", "sell 1", { kind = "newshawk" }, "yes",
                   { { kind = "newshawk_keep", answers = { "keep Wallet hacked (-1)", "keep Exchange insolvent (-3)",
                                                           "keep Regulator bans trading (-2)", "keep Celebrity endorsement (+2)" } } },
                   "keep Regulator bans trading (-2)", { { seat = 2, kind = "action", zones = { ["secret[1]"] = { "Regulator bans trading" } } } },
                   "pass", "pass", "pass", "pass", "Flyt", "Quasar", "Eruptium", { { seat = 1, kind = "rumour" } }, "Elvt"),
      -- Elvt's set-up #2 is face down: the -2 goes face up, 7 -> 5
      expect = { round = 2, state = { ["price.Elvt"] = 5, ["rumours.Elvt"] = { 3, "?", -2 } },
                 -- (the other three went back: the deck holds 24, as after the draws)
                 zones = { rumour_deck = { count = 24 } } } },
    -- what the book lets a player choose
    { name = "cryptocurrency audit3: the action request: mining every currency (one with no supply and its marker on the last field too), trading those one holds or can buy, passing",
      steps = flat(prep4, { { seat = 1, kind = "action" } },
                   { set = { "state wonga[1] 2", "state coins[1].Eruptium 1", "state supply.Elvt 0", "state mining.Elvt 7" } },
                   { { answers = { "mine Flyt", "mine Eruptium", "mine Elvt", "mine Quasar", "trade Eruptium", "pass" } } }),
      expect = { seat = 1, kind = "action" } },
    { name = "cryptocurrency audit3: the amount request: buy up to what the Wonga pay for, sell up to the coins held, never both in one answer",
      set = { "state wonga[1] 13", "state coins[1].Eruptium 5" },
      steps = flat(prep4, "trade Eruptium", "Intern", "Intern (2)", "done",
                   { { kind = "amount", answers = { "buy 1", "buy 2", "sell 1", "sell 2", "sell 3", "sell 4", "sell 5" } } }),
      expect = { kind = "amount" } },
    { name = "cryptocurrency audit3: the Black Hat Hacker may take every face-down rumour, set-up ones too, or none",
      set = flat(swap(1, 1, { "Black Hat Hacker" }), { "state coins[1].Flyt 1" }),
      steps = flat(prep4, "trade Flyt", "Black Hat Hacker", "done", "sell 1",
                   { { kind = "black_hat_hacker", answers = { "Flyt #2 (face down)", "Eruptium #2 (face down)", "Elvt #2 (face down)", "Quasar #2 (face down)", "no" } } }),
      expect = { kind = "black_hat_hacker" } },
    { name = "cryptocurrency audit3: the White Hat Hacker may take every face-up rumour, or none",
      set = flat(swap(1, 1, { "White Hat Hacker" }), { "state coins[1].Flyt 1" }),
      steps = flat(prep4, "trade Flyt", "White Hat Hacker", "done", "sell 1",
                   { { kind = "white_hat_hacker", answers = { "Flyt #1 (-2)", "Eruptium #1 (0)", "Elvt #1 (+3)", "Quasar #1 (+1)", "no" } } }),
      expect = { kind = "white_hat_hacker" } },
    { name = "cryptocurrency audit3: the Tweetman may turn any rumour on any track, either face, or none",
      set = flat(swap(1, 1, { "Tweetman" }), { "state coins[1].Flyt 1" }),
      steps = flat(prep4, "trade Flyt", "Tweetman", "done", "sell 1",
                   { { kind = "tweetman", answers = { "Flyt #1 (-2)", "Flyt #2 (face down)", "Eruptium #1 (0)", "Eruptium #2 (face down)",
                                                      "Elvt #1 (+3)", "Elvt #2 (face down)", "Quasar #1 (+1)", "Quasar #2 (face down)", "no" } } }),
      expect = { kind = "tweetman" } },
    -- INSTANDHALTUNG
    { name = "cryptocurrency audit3: maintenance refreshes every member: a seat that passed in round 1 has its three Interns for round 2's action",
      steps = flat(prep4, passes4, "Flyt", "Quasar", "Eruptium", "Elvt", prep4, "pass", "pass", "pass", { { seat = 1, kind = "action" } }, "trade Flyt",
                   { { seat = 1, kind = "members", answers = { "Intern", "Intern (2)", "Intern (3)" } } }),
      expect = { seat = 1, kind = "members", round = 2 } },
    { name = "cryptocurrency audit3: interest with neither Wonga nor coins: nothing is paid and the loan stays (the book's coin cannot be given)",
      set = { "state loans[1] 1", "state wonga[1] 0" },
      steps = flat("no", { { seat = 1, kind = "loan" } }, "no", others, passes4),
      expect = { seat = 4, kind = "rumour", said = "seat 1 cannot pay interest and has no coin",
                 state = { ["wonga[1]"] = 0, ["loans[1]"] = 1 } } },
    -- ENDWERTUNG
    { name = "cryptocurrency audit3: the last market adjustment moves the price once by the sum of the face-down rumours (+2 -2 -2 from Elvt 11: 9), not card by card (+2 cancelled at the top, then 7)",
      players = 2,
      set = flat(tracks_last_round_2_players, { "state wonga[1] 0", "state wonga[2] 0" }),
      steps = { "no", "no", "no", "pass", "pass", { seat = 2, kind = "rumour" }, { set = { "price Elvt 12" } }, "Eruptium", "Flyt" },
      expect = { over = true, round = 1, said = { "Elvt: price 12 -> 11", "Elvt: price 11 -> 9" },
                 state = { ["price.Elvt"] = 9, ["price.Quasar"] = 0 } } },
    { name = "cryptocurrency audit3: the end: one seat with the most coins of two currencies takes both hodler cards (24), a currency nobody holds gives none",
      players = 2,
      set = flat(tracks_last_round_2_players, { "state wonga[1] 0", "state wonga[2] 0", "state coins[1].Flyt 3", "state coins[1].Elvt 2", "state coins[2].Flyt 1" }),
      steps = { "no", "no", "no", "pass", "pass", "Eruptium", "Flyt" },
      -- seat 1: 12 + 12 + 3 Flyt at 5 + 2 Elvt at 4 = 47; seat 2: 1 Flyt at 5
      expect = { over = true, winners = { 1 }, scores = { 47, 5 },
                 said = { "hodler Flyt: seat 1 (3 coins) takes 12 Wonga", "hodler Elvt: seat 1 (2 coins) takes 12 Wonga",
                          "hodler Eruptium: nobody holds any" } } },
    -- MINI-ERWEITERUNG: EREIGNISSE
    { name = "cryptocurrency audit3: events: one revealed at each action phase's start, after the hires; an instant one (Stimulus) acts and is discarded, a permanent one (Regulation) stays in play",
      options = { start_player = 1, events = true },
      set = { "move Regulation events", "move Stimulus events", "state loans[1] 1" },
      steps = flat(prep4, { { seat = 1, kind = "action", state = { ["wonga[1]"] = 9, ["wonga[4]"] = 9 },
                              zones = { event_discard = { "Stimulus" }, event_active = { count = 0 } } } },
                   passes4, { { seat = 4, kind = "rumour", state = { ["wonga[1]"] = 7 } } }, "Flyt", "Quasar", "Eruptium", "Elvt",
                   prep4, { { seat = 2, kind = "action", zones = { event_active = { "Regulation" }, event_discard = { "Stimulus" } } } },
                   passes4),
      -- round 2: Regulation's interest is 3
      expect = { seat = 1, kind = "rumour", round = 2, state = { ["wonga[1]"] = 4, ["loans[1]"] = 1 } } },
    -- ERWEITERTE VERSION
    { name = "cryptocurrency audit3: advanced boards: the same set-up on the advanced tracks: each currency's start field and stock; Quasar's first mining field asks difficulty 4",
      options = { start_player = 1, boards = "advanced" },
      steps = flat(prep4, { { seat = 1, kind = "action",
                              state = { ["wonga[1]"] = 6, ["stock.Flyt"] = 10, ["supply.Flyt"] = 10, ["stock.Quasar"] = 4, ["supply.Quasar"] = 16,
                                        ["field.Flyt"] = 3, ["price.Flyt"] = 4, ["field.Quasar"] = 7, ["price.Quasar"] = 10,
                                        ["field.Elvt"] = 6, ["price.Elvt"] = 3 },
                              zones = { seekers = { count = 5 }, upcoming = { count = 3 } } } },
                   "mine Quasar", "Intern", "Intern (2)", "Intern"),
      expect = { seat = 2, said = "(3 energy, difficulty 4)" } },
    -- more choices and turns
    { name = "cryptocurrency audit3: 4 players' rumour phase: each track takes one rumour, so the fourth player is offered only the track left",
      steps = flat(prep4, passes4, { { seat = 4, kind = "rumour", answers = { "Flyt", "Eruptium", "Elvt", "Quasar" } } }, "Flyt",
                   { { seat = 3, answers = { "Eruptium", "Elvt", "Quasar" } } }, "Quasar", { { seat = 2, answers = { "Eruptium", "Elvt" } } }, "Eruptium",
                   { { seat = 1, kind = "rumour", answers = { "Elvt" } } }),
      expect = { seat = 1, kind = "rumour" } },
    { name = "cryptocurrency audit3: the Blockchain Engineer's retry is the player's choice ('darfst'): declined, the failed mining ends the turn with nothing",
      players = 2, seed = 2,
      set = flat(swap(1, 2, { "Blockchain Engineer", "Black Hat Hacker" }), { "state mining.Elvt 7", "state wonga[1] 0", "state wonga[2] 0" }),
      steps = { "no", "no", "no", "mine Elvt", "Blockchain Engineer", "Black Hat Hacker", "done",
                { seat = 1, kind = "blockchain_engineer" }, "no" },
      expect = { seat = 2, kind = "action", said = "seat 1 fails to mine Elvt", not_said = "SUCCESS",
                 state = { ["coins[1].Elvt"] = 0, ["mining.Elvt"] = 7 } } },
    { name = "cryptocurrency audit3: a market shift may happen more than once a round: two trades of 4 Flyt move the price twice, each bought at the price of its turn",
      set = { "state wonga[1] 28" },
      steps = flat(prep4, "trade Flyt", "Intern", "done", "buy 4", { { seat = 2, state = { ["price.Flyt"] = 4, ["wonga[1]"] = 16 } } },
                   "pass", "pass", "pass", { { seat = 1, kind = "action" } }, "trade Flyt", "Intern", "done", "buy 4"),
      expect = { seat = 1, kind = "action", state = { ["price.Flyt"] = 5, ["wonga[1]"] = 0, ["coins[1].Flyt"] = 8 } } },
    { name = "cryptocurrency audit3: 3 players: the Replicator of seat 1 copies its right neighbour, seat 3 (the last player), not seat 2",
      players = 3,
      set = flat(swap(1, 1, { "Replicator" }), swap(2, 1, { "Fintech Specialist" }), swap(3, 1, { "Quant Wizard" }), { "state coins[1].Flyt 1" }),
      steps = flat(repeated("no", 7), "trade Flyt", "Replicator", "done",
                   { { kind = "replicator", answers = { "copy Quant Wizard", "copy Intern", "copy Intern (2)", "no" } } }),
      expect = { seat = 1, kind = "replicator" } },
  },
}
