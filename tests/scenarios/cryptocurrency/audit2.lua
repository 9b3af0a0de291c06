-- A second auditor's scenarios, written from the German rule book and the docs
-- alone (docs/games/cryptocurrency.md, docs/repl.md, docs/authoring.md), before
-- reading the script; positions the first audit (audit.lua) did not reach: the
-- largest table (4) and the 2- and 3-player rumour rules, the exact end reached
-- through `rumour` edits (a game one round from its end), the final scoring's
-- interplay (a scam's hodler, coins counted for the tie before the sale, a
-- Tweetman's face-down rumour counted again), abilities together (the Hackers
-- and the Tweetman in one action, a Replicator copying an exhausted expert, the
-- Headhunter's team hiring again), the last mining field, the options
-- (start_player, boards=advanced, events) and god-mode positions at the track's
-- ends. Seed 1 unless a scenario says otherwise; the set-up of seed 1 (every player count) lays
-- Flyt -2 up, -1 down (price 3); Eruptium 0 up, +1 down (6); Elvt +3 up, +2 down
-- (7); Quasar +1 up, -1 down (6). The rumour deck's top four are Celebrity
-- endorsement (+2), Payment partner announced (+1), Nation makes it legal tender
-- (+3), Whale dumps coins (-1): the secret rumours of seats 1, 2, 3, 4 in round 1
-- with seat 1 the start player. The upcoming transactions are Quasar +1,
-- Eruptium +1, Quasar -1.
local h = uses "_helpers.lua"
local repeated, flat, swap = h.repeated, h.flat, h.swap
local prep4, prep2 = h.prep(4), h.prep(2)
local passes4 = repeated("pass", 4)

-- seed 1's tracks one round from the end (_helpers.lua says each): at 4
-- players three rumours a track (flyt3 ... quasar3 one track each), at 2 players four
local flyt3, eru3, elvt3, quasar3 = h.flyt3, h.eru3, h.elvt3, h.quasar3
local tracks_last_round_4_players = h.tracks_last_round_4_players
local tracks_last_round_2_players = h.tracks_last_round_2_players
-- Round 1 at 2 players, no one acting: seat 2 (last player) lays its +1 on
-- Eruptium, seat 1 its +2 on Flyt, both face up; Elvt and Quasar get -1 face up.
-- Totals: Flyt -5, Eruptium +6, Elvt 0, Quasar -6 (the scam). Final moves:
-- Flyt 5 - 5 cancelled (stays 5), Eruptium 8 + 4 = 12, Elvt 6 - 2 = 4, Quasar
-- 4 - 5 cancelled, then 0 as the scam.
-- (seat 2, with no Wonga, is not asked to hire: no seeker is affordable)
local end2 = flat("no", "no", "no", { { answer = "no", seat = 2, kind = "loan" } }, { { seat = 1, kind = "action" } }, "pass", "pass", { { seat = 2, kind = "rumour" } }, "Eruptium", { { seat = 1, kind = "rumour" } }, "Flyt")
-- seat 1: 10 Wonga and 5 Quasar (the scam: the hodler card, coins worth 0);
-- seat 2: 0 Wonga and 2 Flyt (the hodler card, 2 x 5): both 22; seat 1 holds more coins
local end2_holdings = { "state wonga[1] 10", "state coins[1].Quasar 5", "state wonga[2] 0", "state coins[2].Flyt 2" }

return {
  game = "cryptocurrency", players = 4, seed = 1, options = { start_player = 1 },
  scenarios = {
    -- the end, at the largest table
    { name = "cryptocurrency audit2: 4 players: the game ends after the rumour phase that puts the 4th rumour on every track (set-up ones beside)",
      set = tracks_last_round_4_players,
      steps = flat(prep4, { { seat = 1, kind = "action", state = { last_round = true } } }, passes4,
                   { { seat = 4, kind = "rumour" } }, "Flyt", "Quasar", "Eruptium", "Elvt"),
      expect = { over = true, round = 1, state = { ["placed.Flyt"] = 4, ["placed.Elvt"] = 4 } } },
    { name = "cryptocurrency audit2: 4 players: one track a rumour short: no end; round 2 starts at seat 2 with the last player marker at seat 1",
      set = flat(flyt3, eru3, elvt3, { quasar3[1], quasar3[2] }),
      steps = flat(prep4, { { seat = 1, kind = "action", state = { last_round = false } } }, passes4,
                   "Flyt", "Quasar", "Eruptium", "Elvt"),
      expect = { over = false, round = 2, seat = 2, kind = "propose_replace",
                 state = { start = 2, last = 1, ["placed.Quasar"] = 3, ["placed.Flyt"] = 4 } } },
    { name = "cryptocurrency audit2: 4 players, final scoring: face-down rumours turned up, a move past the bottom cancelled, the scam at 0 keeps its hodler card, a three-way hodler tie takes 4 each",
      -- the 4th rumours go face down: seat 4 -1 on Flyt, 3 +3 on Quasar, 2 +1 on Eruptium, 1 +2 on Elvt.
      -- Totals Flyt -7 (scam), Eruptium +5, Elvt +5, Quasar -1. Final moves: Flyt 3 - 5 cancelled,
      -- Eruptium 7 + 4 = 11, Elvt 7 + 2 = 9, Quasar 5 - 1 = 4.
      set = flat(tracks_last_round_4_players, { "state coins[1].Elvt 2", "state coins[2].Elvt 2", "state coins[3].Elvt 2",
                                                "state coins[4].Elvt 1", "state coins[4].Eruptium 1", "state coins[4].Flyt 6" }),
      steps = flat(prep4, passes4, "Flyt", "Quasar", "Eruptium", "Elvt"),
      expect = { over = true, winners = { 4 }, scores = { 28, 28, 28, 50 },
                 said = { "scam: Flyt", "hodler Elvt: seats 1, 2, 3 (2 coins) take 4 Wonga each" },
                 state = { ["price.Flyt"] = 0, ["price.Eruptium"] = 11, ["price.Elvt"] = 9, ["price.Quasar"] = 4 } } },
    { name = "cryptocurrency audit2: 4 players, the rumour deck running out (4 left after round 1): round 2 is the last, the game ends with the tracks short",
      steps = flat(prep4, passes4, { { seat = 4, kind = "rumour" } },
                   { set = { "empty rumour_deck", 'move "Developer quits" rumour_deck from box', 'move "Developer quits" rumour_deck from box',
                             'move "Forum debates fork" rumour_deck from box', 'move "Listed on a big exchange" rumour_deck from box' } },
                   "Flyt", "Quasar", "Eruptium", "Elvt",
                   { { round = 2, seat = 2, kind = "propose_replace", state = { last_round = true } } }, prep4, passes4,
                   "Flyt", "Quasar", "Eruptium", "Elvt"),
      expect = { over = true, round = 2, said = "round 2 is the last",
                 state = { ["placed.Flyt"] = 2, ["placed.Quasar"] = 2 }, zones = { rumour_deck = { count = 0 } } } },
    -- the end with 2 players (5 rumours, two tracks from the deck)
    { name = "cryptocurrency audit2: 2 players, final scoring: a wealth tie goes to the most coins, scam coins counted",
      players = 2,
      set = flat(tracks_last_round_2_players, end2_holdings),
      steps = end2,
      expect = { over = true, round = 1, winners = { 1 }, scores = { 22, 22 },
                 said = { "scam: Quasar" },
                 state = { ["price.Flyt"] = 5, ["price.Eruptium"] = 12, ["price.Elvt"] = 4, ["price.Quasar"] = 0,
                           ["placed.Elvt"] = 5, ["placed.Quasar"] = 5 } } },
    { name = "cryptocurrency audit2: 2 players, Whale Watch: each hodler card is worth 16; the tie still goes to the most coins",
      players = 2, options = { start_player = 1, events = true },
      set = flat(tracks_last_round_2_players, end2_holdings, { "move \"Whale Watch\" events" }),
      steps = end2,
      expect = { over = true, winners = { 1 }, scores = { 26, 26 } } },
    { name = "cryptocurrency audit2: Tweetman turns a face-up rumour down: the price stays, and it moves the price again in the final adjustment",
      players = 2,
      -- as above; seat 1 sells 1 Quasar with its Tweetman and turns Elvt #1 (+3) face down:
      -- Elvt's final move is +3 +2 -2 -2 = +1 from 6: 7 (4 without the Tweetman); its total stays 0
      set = flat(tracks_last_round_2_players, swap(1, 1, { "Tweetman" }), { "state coins[1].Quasar 1" }),
      steps = flat(prep2, "trade Quasar", "Tweetman", "done", "sell 1", { kind = "tweetman" }, "Elvt #1 (+3)",
                   { { seat = 2, kind = "action", state = { ["price.Elvt"] = 7, ["rumours.Elvt"] = { "?", "?", -2, "?", 2, "?" } } } },
                   "pass", "pass", "Eruptium", "Flyt"),
      expect = { over = true, said = { "scam: Quasar" }, state = { ["price.Elvt"] = 7 } } },
    { name = "cryptocurrency audit2: 2 players: a track whose last rumour is face up gets the deck's card face down (no price move)",
      players = 2,
      -- one edit puts Elvt's 3rd rumour face up (-2: 7 -> 5); the players take Flyt and Eruptium,
      -- so Elvt and Quasar get cards from the deck: Elvt's face down, Quasar's face up
      set = { 'rumour Elvt "Regulator bans trading"' },
      steps = flat(prep2, "pass", "pass", "Eruptium", "Flyt"),
      expect = { round = 2, state = { ["price.Elvt"] = 5, ["rumours.Elvt"] = { 3, "?", -2, "?" },
                                      ["placed.Elvt"] = 2, ["placed.Quasar"] = 1, ["placed.Flyt"] = 1 } } },
    -- options
    { name = "cryptocurrency audit2: start_player 3 of 3: seat 2 holds the last player marker; actions 3, 1, 2; rumours 2, 1, 3; round 2 starts at seat 1",
      players = 3, options = { start_player = 3 },
      steps = flat({ { seat = 3, kind = "propose_replace" } }, repeated("no", 7),
                   { { seat = 3, kind = "action" } }, "pass", { { seat = 1 } }, "pass", { { seat = 2 } }, "pass",
                   { { seat = 2, kind = "rumour" } }, "Flyt", { { seat = 1, kind = "rumour" } }, "Eruptium",
                   { { seat = 3, kind = "rumour" } }, "Elvt"),
      expect = { round = 2, seat = 1, kind = "propose_replace", state = { start = 1, last = 3, ["placed.Quasar"] = 1 } } },
    { name = "cryptocurrency audit2: round 2 at 4 players: the rumour phase starts at seat 1 (the last player marker moved on), then 4, 3, 2",
      steps = flat(prep4, passes4, "Flyt", "Quasar", "Eruptium", "Elvt",
                   { { seat = 2, kind = "propose_replace" } }, prep4, { { seat = 2, kind = "action" } }, passes4,
                   { { seat = 1, kind = "rumour" } }, "Flyt", { { seat = 4 } }, "Quasar", { { seat = 3 } }, "Eruptium",
                   { { seat = 2 } }, "Elvt"),
      expect = { round = 3, seat = 3, kind = "propose_replace", state = { ["placed.Flyt"] = 2 } } },
    { name = "cryptocurrency audit2: advanced boards: Elvt's doubled low prices: 8 sold at field 2 move to field 1 (price 1 stays), the second shift cancelled",
      options = { start_player = 1, boards = "advanced" },
      set = { "price Elvt 2", "state coins[1].Elvt 8" },
      steps = flat(prep4, "trade Elvt", "Intern", "Intern (2)", "done", "sell 8"),
      expect = { seat = 2, said = "Elvt: price stays 1 (field 2 -> 1)",
                 state = { ["price.Elvt"] = 1, ["field.Elvt"] = 1, ["wonga[1]"] = 14, ["coins[1].Elvt"] = 0 } } },
    { name = "cryptocurrency audit2: advanced boards: Eruptium's volatile track: 4 bought at 4 move the price to 6",
      options = { start_player = 1, boards = "advanced" },
      set = { "price Eruptium 4", "state wonga[1] 20" },
      steps = flat(prep4, "trade Eruptium", "Intern", "done", "buy 4"),
      expect = { seat = 2, state = { ["price.Eruptium"] = 6, ["wonga[1]"] = 4, ["coins[1].Eruptium"] = 4 } } },
    { name = "cryptocurrency audit2: Flash Crash with a price on the bottom field: that move is cancelled, the others fall one field",
      options = { start_player = 1, events = true },
      set = { "price Flyt 1", "move \"Flash Crash\" events" },
      steps = prep4,
      expect = { seat = 1, kind = "action",
                 state = { ["price.Flyt"] = 1, ["price.Eruptium"] = 5, ["price.Elvt"] = 6, ["price.Quasar"] = 5 } } },
    { name = "cryptocurrency audit2: Difficulty Bomb: a mining marker on the last field stays, the others move on",
      options = { start_player = 1, events = true },
      set = { "state mining.Elvt 7", "move \"Difficulty Bomb\" events" },
      steps = prep4,
      expect = { seat = 1, kind = "action", state = { ["mining.Elvt"] = 7, ["mining.Flyt"] = 2, ["mining.Quasar"] = 2 } } },
    -- mining and trading at the ends
    { name = "cryptocurrency audit2: mining the last field: reward 0 (+1 by the Tech Whiz), both Quasar transactions turned over for 32 Wonga each, refilled to 3, the marker stays",
      set = flat(swap(1, 3, { "Quant Wizard", "Blockchain Engineer", "Tech Whiz" }), { "state mining.Quasar 7" }),
      steps = flat(prep4, "mine Quasar", "Quant Wizard", "Blockchain Engineer", "Tech Whiz"),
      expect = { seat = 2, kind = "action", said = "SUCCESS",
                 state = { ["coins[1].Quasar"] = 1, ["supply.Quasar"] = 11, ["wonga[1]"] = 70, ["mining.Quasar"] = 7,
                           ["price.Quasar"] = 6 },
                 zones = { upcoming = { count = 3, lacks = { "Quasar +1", "Quasar -1" } }, transaction_discard = { count = 2 } } } },
    { name = "cryptocurrency audit2: buying is limited by the market stock; with none there and no coin held a currency cannot be traded",
      set = { "state wonga[1] 60", "state stock.Flyt 2", "state stock.Quasar 0" },
      steps = flat(prep4, { { not_legal = { "trade Quasar" }, legal = { "trade Flyt" } } }, "trade Flyt", "Intern", "done",
                   { { kind = "amount", legal = { "buy 1", "buy 2" }, not_legal = { "buy 3" } } }),
      expect = { kind = "amount" } },
    { name = "cryptocurrency audit2: 4 coins sold on the bottom field: paid the price each, the shift cancelled",
      set = { "price Flyt 1", "state coins[1].Flyt 4" },
      steps = flat(prep4, "trade Flyt", "Intern", "done", "sell 4"),
      expect = { seat = 2, state = { ["price.Flyt"] = 1, ["wonga[1]"] = 10, ["stock.Flyt"] = 12 } } },
    { name = "cryptocurrency audit2: a player who passed is skipped while another still has fresh members",
      players = 2,
      steps = flat(prep2, "pass", { { seat = 2 } }, "trade Eruptium", "Intern", "done", "buy 1",
                   { { seat = 2, kind = "action" } }, "pass"),
      expect = { seat = 2, kind = "rumour", state = { ["coins[2].Eruptium"] = 1 } } },
    -- Blockchain Engineer (3) and Black Hat Hacker (1) mine Elvt on its last field (difficulty 8);
    -- 2 players with no Wonga (no hire asked); the seeds chosen so that the first draw fails
    { name = "cryptocurrency audit2: Blockchain Engineer: a failed mining is tried again once; a success then is followed by the other abilities",
      players = 2, seed = 2,
      set = flat(swap(1, 2, { "Blockchain Engineer", "Black Hat Hacker" }), { "state mining.Elvt 7", "state wonga[1] 0", "state wonga[2] 0" }),
      steps = { "no", "no", "no", "mine Elvt", "Blockchain Engineer", "Black Hat Hacker", "done",
                { seat = 1, kind = "blockchain_engineer" }, "yes" },
      expect = { seat = 1, kind = "black_hat_hacker", said = "SUCCESS", state = { ["mining.Elvt"] = 7 } } },
    { name = "cryptocurrency audit2: Blockchain Engineer: the retry fails too: not offered again, the turn ends with no ability, both members exhausted",
      players = 2, seed = 6,
      set = flat(swap(1, 2, { "Blockchain Engineer", "Black Hat Hacker" }), { "state mining.Elvt 7", "state wonga[1] 0", "state wonga[2] 0" }),
      steps = { "no", "no", "no", "mine Elvt", "Blockchain Engineer", "Black Hat Hacker", "done",
                { seat = 1, kind = "blockchain_engineer" }, "yes", { seat = 2, kind = "action" }, "pass",
                { seat = 1, kind = "action" }, "mine Flyt" },
      -- the Intern left is the only fresh member: it mines alone, asked for no members
      expect = { seat = 2, kind = "rumour",
                 said = { "seat 1 fails to mine Elvt (4 energy, difficulty 8)", "Flyt (1 energy, difficulty 2)" }, state = { ["coins[1].Elvt"] = 0, ["mining.Elvt"] = 7 } } },
    -- loans and interest
    { name = "cryptocurrency audit2: 2 loans held: no loan offered; interest with 3 Wonga: 2 paid, a coin for the second payment; no repayment offered",
      set = { "state loans[1] 2", "state wonga[1] 3", "state coins[1].Elvt 2", "state coins[1].Flyt 1" },
      steps = flat("no", { { seat = 1, kind = "hire" } }, "no", repeated("no", 6), passes4, { { seat = 1, kind = "pay_coin" } }, "Flyt"),
      expect = { seat = 4, kind = "rumour",
                 state = { ["wonga[1]"] = 1, ["loans[1]"] = 2, ["coins[1].Flyt"] = 0, ["coins[1].Elvt"] = 2, ["stock.Flyt"] = 9 } } },
    { name = "cryptocurrency audit2: a loan and 9 Wonga: after the interest 7 are left, too few to repay: not asked",
      set = { "state loans[1] 1", "state wonga[1] 9" },
      steps = flat(prep4, passes4),
      expect = { seat = 4, kind = "rumour", state = { ["wonga[1]"] = 7, ["loans[1]"] = 1 } } },
    -- abilities together
    { name = "cryptocurrency audit2: Replicator copies the right neighbour's (seat 4's) exhausted Quant Wizard: 4 energy, 16 coins",
      set = flat(swap(1, 1, { "Replicator" }), swap(4, 1, { "Quant Wizard" }), { "exhaust 4 \"Quant Wizard\"", "state coins[1].Flyt 20", "price Flyt 10" }),
      steps = flat(prep4, "trade Flyt", "Replicator", "done",
                   { { kind = "replicator", legal = { "copy Quant Wizard" } } }, "copy Quant Wizard",
                   { { kind = "amount", legal = { "sell 16" }, not_legal = { "sell 17" } } }, "sell 16"),
      expect = { seat = 2, state = { ["wonga[1]"] = 166, ["price.Flyt"] = 6, ["coins[1].Flyt"] = 4 } } },
    { name = "cryptocurrency audit2: the Headhunter's team of four hires again: one member leaves, four stay",
      set = swap(1, 0, { "Headhunter" }),
      steps = { "no", "no", "hire Crypto Trader", { seat = 1, kind = "dismiss" }, "Intern" },
      expect = { seat = 2, kind = "loan", state = { ["wonga[1]"] = 3 },
                 zones = { ["team[1]"] = { count = 4, has = { "Headhunter", "Crypto Trader" } } } } },
    { name = "cryptocurrency audit2: White Hat Hacker swaps a face-up set-up rumour: the price stays, the secret goes face down, the one taken is kept and laid in the rumour phase",
      set = flat(swap(1, 1, { "White Hat Hacker" }), { "state coins[1].Flyt 1" }),
      steps = flat(prep4, "trade Flyt", "White Hat Hacker", "done", "sell 1", { kind = "white_hat_hacker" }, "Elvt #1 (+3)",
                   { { seat = 2, kind = "action", state = { ["price.Elvt"] = 7, ["rumours.Elvt"] = { "?", "?" } },
                       zones = { ["secret[1]"] = { "Central bank interest" } } } },
                   "pass", "pass", "pass", "pass",
                   "Flyt", "Quasar", "Eruptium", { { seat = 1, kind = "rumour" } }, "Elvt"),
      -- Elvt's last card is face down: Central bank interest goes face up, 7 -> 10
      expect = { round = 2, state = { ["price.Elvt"] = 10, ["rumours.Elvt"] = { "?", "?", 3 } } } },
    { name = "cryptocurrency audit2: Black Hat Hacker then Tweetman in one action: the secret goes up over Flyt #2 (3 -> 5), is turned down again (stays 5); the next rumour there goes face up",
      set = flat(swap(1, 2, { "Black Hat Hacker", "Tweetman" }), { "state coins[1].Flyt 1" }),
      steps = flat(prep4, "trade Flyt", "Black Hat Hacker", "Tweetman", "done", "sell 1",
                   { kind = "black_hat_hacker" }, "Flyt #2 (face down)", { { state = { ["price.Flyt"] = 5 } } },
                   { kind = "tweetman" }, "Flyt #2 (+2)",
                   { { seat = 2, kind = "action", state = { ["price.Flyt"] = 5, ["rumours.Flyt"] = { -2, "?" } },
                       zones = { ["secret[1]"] = { "Wallet hacked" } } } },
                   "pass", "pass", "pass", "pass",
                   { { seat = 4, kind = "rumour" } }, "Flyt"),
      -- seat 4's Whale dumps coins (-1) goes face up after the face-down #2: 5 -> 4
      expect = { seat = 3, kind = "rumour", state = { ["price.Flyt"] = 4, ["rumours.Flyt"] = { -2, "?", -1 } } } },
    { name = "cryptocurrency audit2: Black Hat Hacker alone: Flyt #2 now face up, so the next rumour on Flyt goes face down",
      set = flat(swap(1, 1, { "Black Hat Hacker" }), { "state coins[1].Flyt 1" }),
      steps = flat(prep4, "trade Flyt", "Black Hat Hacker", "done", "sell 1", { kind = "black_hat_hacker" }, "Flyt #2 (face down)",
                   "pass", "pass", "pass", "pass", { { seat = 4, kind = "rumour" } }, "Flyt"),
      expect = { seat = 3, kind = "rumour", state = { ["price.Flyt"] = 5, ["rumours.Flyt"] = { -2, 2, "?" } } } },
  },
}
