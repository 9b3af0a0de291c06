-- Cryptocurrency: god mode's edits leave a game the rules and the table agree
-- on (docs/games/cryptocurrency.md, "Zones and state"): each edit below was
-- taken without a word before and left the table, the rules or both behind.
-- 4 players, seat 1 the start player: the preparation is 9 no's.

local h = uses "_helpers.lua"
local J = edits.joined
local PREP = h.prep(4)
local PASSES = h.repeated("pass", 4)

return {
  game = "cryptocurrency", players = 4, seed = 3, options = { start_player = 1 },
  scenarios = {
    -- the table read the advanced boards, the rules the option's basic ones
    { name = "cryptocurrency edits: state boards is the option, refused",
      steps = { { set_refused = 'state boards "advanced"', reason = "the option boards, fixed for the whole game" } } },

    -- a field off the track failed the table (and the next mining)
    { name = "cryptocurrency edits: a mining field off its track is refused, its last field taken",
      steps = { { set_refused = "state mining.Flyt 8", reason = "Flyt's mining track has fields 1 to 7" },
        { set_refused = "state mining.Flyt 0", reason = "fields 1 to 7" },
        { set = "state mining.Flyt 7" },
        { seat = 1, kind = "propose_replace", state = { ["mining.Flyt"] = 7 } } } },

    -- the card lay in play while the rules went on without its effect
    { name = "cryptocurrency edits: a permanent event moved into event_active is in play (Regulation: 3 interest)",
      set = { "move Regulation event_active", "state loans[1] 1", "state wonga[1] 5" },
      steps = J({ { seat = 1, kind = "propose_replace", state = { ["events.regulation"] = true } } }, PREP, PASSES,
        { { seat = 4, kind = "rumour", state = { ["wonga[1]"] = 2 } } }) },

    { name = "cryptocurrency edits: the event edit puts a permanent event in play; one moved out is out of play",
      steps = { { set = 'event "Whale Watch"' },
        { seat = 1, kind = "propose_replace", state = { events = { whale_watch = true } },
          zones = { event_active = { "Whale Watch" } } },
        { set = "empty event_active event_discard" },
        { seat = 1, kind = "propose_replace", state = { events = {} } } } },

    { name = "cryptocurrency edits: events are set by their cards, not by state; an instant one is not put in play",
      steps = { { set_refused = "state events.regulation true", reason = "expected event EVENT" },
        { set_refused = 'event "Flash Crash"', reason = 'instant event: it acts when it is revealed (move "Flash Crash" events' },
        { set_refused = 'move "Flash Crash" event_active', reason = "Flash Crash is an instant one" },
        { set_refused = "move Stimulus events", reason = "only with the option events" } } },

    -- the table showed markers the rules did not follow (and the next
    -- round's moved from there, the last player off the start player's right)
    { name = "cryptocurrency edits: the markers are not set by state",
      steps = { { set_refused = "state start 3", reason = "moves one seat clockwise a round" },
        { set_refused = "state last 2", reason = "the option start_player" } } },

    -- turn was taken and the action phase went on in its own order
    { name = "cryptocurrency edits: turn 3 at seat 1's action: seat 3 acts next, then 4 and 2",
      steps = J(PREP, { { set = "turn 3" }, "pass", { seat = 3, kind = "action" }, "pass",
        { seat = 4, kind = "action" }, "pass", { seat = 2, kind = "action" } }) },

    { name = "cryptocurrency edits: turn in the preparation is refused",
      steps = { { set_refused = "turn 3", reason = "in the preparation phase the requests go by the book's order" },
        -- (seat 1 has the seats' turn: the seat before 2 already)
        { set_refused = "turn 2", reason = "in the preparation phase" } } },

    -- the seat drew a second rumour on top and laid that one
    { name = "cryptocurrency edits: a secret rumour given before the preparation is the seat's, none drawn",
      set = { 'move "Wallet hacked" secret[1] from rumour_deck' },
      steps = J(PREP, { { seat = 1, kind = "action", zones = { ["secret[1]"] = { "Wallet hacked" },
        ["secret[2]"] = { count = 1 } } },
        { set_refused = 'move "Exchange insolvent" secret[1] from rumour_deck', reason = "secret[1] would hold 2" } }) },

    -- the action offered trades with no energy to make them, and 'trade
    -- Flyt' ended the game in error (a request with no legal answers)
    { name = "cryptocurrency edits: the last fresh members exhausted while the action is asked: the seat passes",
      steps = J(PREP, { { set = { "exhaust 1 Intern", "exhaust 1 Intern", "exhaust 1 Intern" } },
        { seat = 1, kind = "action", legal = { "pass" }, not_legal = { "trade Flyt", "mine Flyt" } },
        { refused = "trade Flyt", reason = "every member of your team is exhausted" }, "pass",
        { seat = 2, kind = "action" } }) },

    -- the hire, the amount and the repayment kept what they were asked with,
    -- and the answer left Wonga below 0 (which then refused every edit)
    { name = "cryptocurrency edits: Wonga taken while a hire is asked: the hires are made again",
      steps = { "no", "no", { set = "state wonga[1] 0" },
        { seat = 1, kind = "hire", legal = { "no" }, not_legal = { "hire Tweetman" } },
        { refused = "hire Tweetman", reason = "you have 0" }, "no", { seat = 2, kind = "loan" } } },

    { name = "cryptocurrency edits: Wonga taken while the amount is asked: the amounts are made again",
      set = { "state wonga[1] 20" },
      steps = J(PREP, { "trade Flyt", "Intern", "Intern", "done", { seat = 1, kind = "amount", legal = { "buy 3" } },
        { set = "state wonga[1] 6" }, { seat = 1, kind = "amount", legal = { "buy 1" }, not_legal = { "buy 2" } },
        { refused = "buy 2", reason = "you have 6" }, "buy 1", { seat = 2, kind = "action", state = { ["wonga[1]"] = 0 } } }) },

    { name = "cryptocurrency edits: Wonga taken while a repayment is asked: yes repays nothing",
      set = { "state loans[1] 1", "state wonga[1] 10" },
      steps = J(PREP, PASSES, { { seat = 1, kind = "repay" }, { set = "state wonga[1] 0" }, "yes",
        { seat = 4, kind = "rumour", state = { ["loans[1]"] = 1, ["wonga[1]"] = 0 } } }) },

    { name = "cryptocurrency edits: a coin taken while pay_coin is asked: the currencies are made again",
      set = { "state loans[1] 1", "state wonga[1] 0", "state coins[1].Flyt 1", "state coins[1].Elvt 1" },
      -- (seat 1, with no Wonga, is not asked to hire)
      steps = J(h.repeated("no", 8), PASSES, { { seat = 1, kind = "pay_coin", legal = { "Flyt", "Elvt" } },
        { set = "state coins[1].Flyt 0" }, { seat = 1, kind = "pay_coin", legal = { "Elvt" }, not_legal = { "Flyt" } },
        "Elvt", { seat = 4, kind = "rumour", state = { ["coins[1].Elvt"] = 0, ["coins[1].Flyt"] = 0, ["stock.Elvt"] = 11 } } }) },

    { name = "cryptocurrency edits: every coin taken while pay_coin is asked: the answer pays nothing",
      set = { "state loans[1] 1", "state wonga[1] 0", "state coins[1].Flyt 1", "state coins[1].Elvt 1" },
      steps = J(h.repeated("no", 8), PASSES, { { seat = 1, kind = "pay_coin" },
        -- (the first edit leaves Elvt; the second nothing to offer, so Elvt stays)
        { set = { "state coins[1].Flyt 0", "state coins[1].Elvt 0" } }, "Elvt",
        { seat = 4, kind = "rumour", said = "seat 1 cannot pay interest and has no Elvt",
          state = { ["coins[1].Elvt"] = 0, ["stock.Elvt"] = 10 } } }) },

    -- the card the seat held when asked was laid, from wherever the edit had
    -- put it, and the one it held then stayed in its hand
    { name = "cryptocurrency edits: a secret rumour changed while the rumour is asked: the one held now is laid",
      steps = J(PREP, PASSES, { { seat = 4, kind = "rumour" },
        { set = { "empty secret[4] rumour_deck", 'move "Wallet hacked" secret[4] from rumour_deck' } }, "Flyt",
        { seat = 3, kind = "rumour", zones = { rumours_Flyt = { has = { "Wallet hacked" } }, ["secret[4]"] = { count = 0 } } } }) },

    -- the member an edit moved to seat 2's team was dismissed from there
    { name = "cryptocurrency edits: a member moved out of the team while dismiss is asked is not dismissed",
      steps = { "no", "no", "hire Tweetman", { seat = 1, kind = "dismiss" },
        { set = "move Intern team[2] from team[1]" }, "Intern",
        { seat = 2, kind = "loan", zones = { ["team[1]"] = { count = 3, has = { "Tweetman" } }, ["team[2]"] = { count = 4 } } } } },

    -- the member an edit exhausted was still offered, and its energy counted
    { name = "cryptocurrency edits: a member exhausted while the members are asked is no longer offered",
      -- (the third chosen: exhaust takes the first fresh one, which is not)
      steps = J(PREP, { "trade Flyt", "Intern (3)", { seat = 1, kind = "members", legal = { "Intern", "Intern (2)", "done" } },
        { set = "exhaust 1 Intern" }, { seat = 1, kind = "members", legal = { "Intern", "done" }, not_legal = { "Intern (2)" } },
        "Intern", { seat = 1, kind = "amount", prompt = "buy or sell Flyt at 6" } }) },

    -- the hacker swapped with the card the track no longer held: the secret
    -- went onto the track and the card offered came out of the rumour deck
    { name = "cryptocurrency edits: a track changed while the Black Hat Hacker's target is asked: nothing is swapped",
      set = h.swap(1, 1, { "Black Hat Hacker" }),
      steps = J(PREP, { "trade Flyt", "Black Hat Hacker", "done", "buy 1", { seat = 1, kind = "black_hat_hacker" },
        { set = 'track Flyt "Wallet hacked" up "Whale dumps coins" up' }, "Flyt #2 (face down)",
        { seat = 2, kind = "action", said = "Flyt #2 has changed since it was offered: nothing happens",
          zones = { rumours_Flyt = { "Wallet hacked", "Whale dumps coins" }, ["secret[1]"] = { count = 1 } } } }) },

    -- the rumour an edit laid on a track from the Newshawk's hand was taken
    -- back off the track into the rumour deck
    { name = "cryptocurrency edits: a rumour moved out of the Newshawk's hand while it is asked stays where the edit put it",
      set = h.swap(1, 1, { "Newshawk" }),
      steps = J(PREP, { "trade Flyt", "Newshawk", "done", "buy 1", "yes", { seat = 1, kind = "newshawk_keep" },
        { set = "move #72 rumours_Flyt" }, "keep Central bank interest (+3)",
        { seat = 2, kind = "action", zones = { rumours_Flyt = { count = 3, has = { "Whale dumps coins" } },
          ["secret[1]"] = { "Central bank interest" } } } }) },

    -- a negative stock offered no purchase and showed on the table
    { name = "cryptocurrency edits: a count below 0 is refused, 0 taken",
      steps = { { set_refused = "state stock.Flyt -1", reason = "Flyt's market stock cannot be below 0" },
        { set_refused = "state coins[2].Elvt -2", reason = "coins cannot be below 0 (state coins[2].Elvt -2)" },
        { set_refused = "state wonga[1] -1", reason = "Wonga cannot be below 0" },
        { set = "state supply.Quasar 0" }, { seat = 1, kind = "propose_replace", state = { ["supply.Quasar"] = 0 } } } },

    -- each changed what the table said and no rule (the end comes by the
    -- tracks, not by the round's number)
    { name = "cryptocurrency edits: phase and last_round are where the rules are, not set by state",
      steps = { { set_refused = 'state phase "rumours"', reason = "where the rules are (the preparation phase)" },
        { set_refused = "state last_round true", reason = "state placed.CURRENCY N" } } },

    -- the round's number is the count the rules go on from (the table's, and a
    -- scenario's round check): an edit of it is kept
    { name = "cryptocurrency edits: state round sets the count the rules go on from",
      set = { "state round 4" }, expect = { round = 4, state = { round = 4 } } },

    -- the game ended after this round while the table and the greedy bot
    -- played a round that was not the last
    { name = "cryptocurrency edits: placed edited at the round's start makes it the last at once",
      set = h.placed(3),
      steps = { { seat = 1, kind = "propose_replace", state = { last_round = true },
        said = "round 1 is the last: the game ends after its rumour phase" },
        { set = "state placed.Flyt 2" },
        { seat = 1, kind = "propose_replace", state = { last_round = false }, said = "round 1 is no longer the last" } } },

    { name = "cryptocurrency edits: the rumour deck emptied after the draws makes the round the last (3 players)",
      players = 3,
      steps = J(h.prep(3), { { seat = 1, kind = "action", state = { last_round = false } },
        { set = "empty rumour_deck" }, { seat = 1, kind = "action", state = { last_round = true } } },
        h.repeated("pass", 3), { "Flyt", "Eruptium", "Elvt", { over = true } }) },

    -- a face-down member or seeker failed the table (and the greedy bot,
    -- which read the hidden card); a face-up transaction showed its change
    { name = "cryptocurrency edits: face turns only the rumours on the tracks",
      steps = { { set_refused = "face Intern down", reason = "the cards in team[1] lie face up (Intern)" },
        { set_refused = 'face "Flyt +1" up', reason = "the cards in transactions lie face down" },
        { set = "face #85 down" },
        { seat = 1, kind = "propose_replace", state = { ["rumours.Flyt"] = { "?", "?" } } } } },

    -- under a house rule's mining pieces: the terms stayed those of the field
    -- before (a field 3 reward of 2 shown as 3), and an edited term was shown
    -- while the rules used theirs
    { name = "cryptocurrency edits: a house rule's public mining terms follow the mining field and are not set by state",
      house = "../../houses/cryptocurrency_easy_mining.lua",
      steps = { { set = "state mining.Flyt 3" },
        { seat = 1, kind = "propose_replace", state = { ["terms.Flyt.reward"] = 2, ["terms.Flyt.difficulty"] = 1 } },
        { set_refused = "state terms.Flyt.difficulty 4", reason = "terms.Flyt.difficulty is 1" } } },

    -- a transaction in the rumour deck, a rumour among the transactions:
    -- the rules read points and currencies they do not have
    { name = "cryptocurrency edits: each zone takes the kind of card the rules read there",
      steps = { { set_refused = 'move "Flyt +1" rumour_deck', reason = "rumour_deck holds rumours, and Flyt +1 is a transaction" },
        { set_refused = 'move "Whale dumps coins" upcoming from rumour_deck', reason = "upcoming holds transactions" },
        { set_refused = "move Intern seekers", reason = "seekers holds experts" },
        { set_refused = "move SUCCESS team[1]", reason = "team[1] holds team members" } } },
  },
}
