-- A blind second reading's points where the rule book is open, the page was
-- silent, and cardlab plays the reading a player at the table would expect
-- (the page's "Choices made"; 2026-11-28, written before the page was read). Seed 1, seat 1 the start
-- player: Flyt -2 up, -1 down (price 3); Eruptium 0 up, +1 down (6); Elvt +3
-- up, +2 down (7); Quasar +1 up, -1 down (6).
local h = uses "_helpers.lua"
local flat = h.flat

-- a 4-player preparation of no's, the seats in `poor` not asked to hire (no
-- job seeker they can pay)
local function prep_poor(poor)
  local t = { { answer = "no", seat = 1, kind = "propose_replace" } }
  for seat = 1, 4 do
    t[#t + 1] = { answer = "no", seat = seat, kind = "loan" }
    if not poor[seat] then t[#t + 1] = { answer = "no", seat = seat, kind = "hire" } end
  end
  return t
end

return {
  game = "cryptocurrency", players = 4, seed = 1, options = { start_player = 1 },
  scenarios = {
    -- "Für jeden Energiepunkt ... kannst du bis zu 4 Münzen kaufen oder
    -- verkaufen": up to 4, but a trade trades something; trading nothing would
    -- be a way to use an ability without an action.
    { name = "cryptocurrency blind6: a trade moves at least one coin: no 'buy 0', and no trade of a currency one can neither buy nor sell",
      set = { "state wonga[1] 2", "state coins[1].Elvt 1" },
      steps = flat(prep_poor({ true }),
                   { { seat = 1, kind = "action", legal = { "trade Elvt" }, not_legal = { "trade Flyt", "trade Quasar" } } },
                   "trade Elvt", "Intern", "done",
                   { { kind = "amount", answers = { "sell 1" } } }, { refused = "sell 0" }, { refused = "buy 0" }),
      expect = { seat = 1, kind = "amount" } },
    -- "muss er stattdessen eine Münze zurück auf den Marktbestand legen": the
    -- coin takes the place of the payment; the Wonga one has is not paid in part.
    { name = "cryptocurrency blind6: interest one cannot pay costs a coin of the player's choice, and the 1 Wonga held stays",
      set = { "state loans[2] 1", "state wonga[2] 1", "state coins[2].Flyt 1", "state coins[2].Elvt 1" },
      steps = flat(prep_poor({ [2] = true }), "pass", "pass", "pass", "pass",
                   { { seat = 2, kind = "pay_coin", answers = { "Flyt", "Elvt" } } }, "Elvt"),
      expect = { kind = "rumour", state = { ["wonga[2]"] = 1, ["loans[2]"] = 1, ["coins[2].Elvt"] = 0,
                                            ["coins[2].Flyt"] = 1, ["stock.Elvt"] = 11 } } },
    -- "100 Wonga-Karten" is what the box holds, not a limit of the bank: the
    -- bank pays whatever a sale or a fee comes to.
    { name = "cryptocurrency blind6: the bank never runs out: a seat with 150 Wonga sells 4 Elvt at 7 for 28 more",
      set = { "state wonga[1] 150", "state coins[1].Elvt 4" },
      steps = flat(h.prep(4), "trade Elvt", "Intern", "done", "sell 4"),
      expect = { seat = 2, state = { ["wonga[1]"] = 178, ["price.Elvt"] = 6 } } },
    -- "Bei einem Gleichstand entscheidet, wer zum Spielende die meisten Münzen
    -- hatte": every coin held at the end, those of a scam too (they are still
    -- coins held; they are sold at 0 afterwards). Round 1 at 2 players is the
    -- last (the tracks of _helpers.lua): seat 2 lays +1 on Eruptium, seat 1 +2
    -- on Flyt, the deck -1 on Elvt and Quasar; Quasar (-6) is the scam, Flyt
    -- ends at 5. Seat 1: 0 Wonga, 2 Flyt (10) and Flyt's hodler card: 22.
    -- Seat 2: 10 Wonga, 5 Quasar (0) and Quasar's hodler card: 22. Seat 2 holds
    -- more coins, all of the scam; without them seat 1 would win on coins, and
    -- on the earlier turn (it is the start player).
    { name = "cryptocurrency blind6: a wealth tie goes to the most coins held at the end, a scam's coins counted",
      players = 2,
      set = flat(h.tracks_last_round_2_players, { "state wonga[1] 0", "state coins[1].Flyt 2",
                                                   "state wonga[2] 10", "state coins[2].Quasar 5" }),
      steps = flat({ { answer = "no", seat = 1, kind = "propose_replace" } }, { { answer = "no", seat = 1, kind = "loan" } },
                   { { answer = "no", seat = 2, kind = "loan" } }, { { answer = "no", seat = 2, kind = "hire" } },
                   { { seat = 1, kind = "action" } }, "pass", "pass",
                   { { seat = 2, kind = "rumour" } }, "Eruptium", { { seat = 1, kind = "rumour" } }, "Flyt"),
      expect = { over = true, winners = { 2 }, scores = { 22, 22 }, reason = "it sold the most coins (5)",
                 state = { ["price.Quasar"] = 0, ["price.Flyt"] = 5 } } },

    -- The other reading of the after-action abilities, ability_order=player:
    -- the book gives no order among them ("die anderen Fähigkeiten werden erst
    -- nach der Aktion ausgelöst"), so the player chooses it. The Tweetman first
    -- turns Elvt's face-up +3 down (the price stays 7), then the Black Hat Hacker
    -- takes that face-down card, laying the +2 face up (7 -> 9). In the book's
    -- order the Black Hat Hacker is asked first, where Elvt #1 is face up.
    { name = "ability_order=player: the player orders the after-action abilities: Tweetman turns Elvt #1 down, then the Black Hat Hacker takes it",
      options = { start_player = 1, ability_order = "player" },
      set = flat(h.swap(1, 2, { "Black Hat Hacker", "Tweetman" }), { "state coins[1].Flyt 1" }),
      steps = flat(h.prep(4), "trade Flyt", "Black Hat Hacker", "Tweetman", "done", "sell 1",
        { { seat = 1, kind = "ability_order", answers = { "Black Hat Hacker", "Tweetman" } } },
        "Tweetman", "Elvt #1 (+3)", { { state = { ["price.Elvt"] = 7, ["rumours.Elvt"] = { "?", "?" } } } },
        { { seat = 1, kind = "black_hat_hacker", legal = { "Elvt #1 (face down)" } } },
        "Elvt #1 (face down)"),
      expect = { seat = 2, kind = "action", state = { ["price.Elvt"] = 9, ["rumours.Elvt"] = { 2, "?" } },
        zones = { ["secret[1]"] = { "Central bank interest" } } } },
    { name = "ability_order=player: an ability not left to act is refused, naming those left",
      options = { start_player = 1, ability_order = "player" },
      set = flat(h.swap(1, 2, { "Black Hat Hacker", "Tweetman" }), { "state coins[1].Flyt 1" }),
      steps = flat(h.prep(4), "trade Flyt", "Black Hat Hacker", "Tweetman", "done", "sell 1",
        { { refused = "Newshawk", reason = "'Newshawk' is not an ability left to act; name one of: Black Hat Hacker, Tweetman" },
          { refused = "tweetman please", reason = "say just 'Tweetman'" },
          -- a part of a name left is told the answer meant, as at the other
          -- requests that name cards (it was "'Black' is not an ability left to act")
          { refused = "Black", reason = "say 'Black Hat Hacker'" }, { refused = "tweet", reason = "say 'Tweetman'" },
          { refused = "hacker", reason = "say 'Black Hat Hacker'" } },
        "Black Hat Hacker", "no",
        { { seat = 1, kind = "tweetman" } }) },
  },
}
