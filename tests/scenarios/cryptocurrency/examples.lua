-- Cryptocurrency: the rule book's worked examples, one scenario each (German
-- rule book: "Schürfen", "Gerüchte", "Beispielrunde", "Ereignisse"). Seed 2,
-- 3 players: seat 2 acts first after the preparation; everyone has 6 Wonga and 3 Interns (1 energy each); Flyt uses
-- the basic board (difficulty 2 3 4 5 6 7 8, Wonga per transaction 0 1 2 4 8
-- 16 32), its price on field 5.

local h = uses "_helpers.lua"
local after_prep = h.after_prep
-- Flyt's mining marker on difficulty 4; seat 2's team gains a Data Analyst
-- (1 energy): 4 energy draw every hash card, so the mining succeeds; the
-- upcoming transactions are two "Flyt +1" and one of Quasar
-- "Beispielrunde": Eric (seat 2) trades with his Data Analyst and Black Hat
-- Hacker in place of two Interns ("to have enough energy points for the
-- sale of the 6 Eruptium coins": 1 each, neither enough alone), holds 6 Eruptium (price 6: the basic
-- track's field 6) and, once the preparation has dealt it, the secret rumour
-- "Wallet hacked" (-1); Eruptium #2 is the set-up's face-down rumour
local ERIC = { "state coins[2].Eruptium 6", "price Eruptium 6",
               "move Intern box from team[2]", "move Intern box from team[2]",
               'move "Data Analyst" team[2]', 'move "Black Hat Hacker" team[2]' }
local ERIC_SECRET = { set = { "empty secret[2] rumour_deck", 'move "Wallet hacked" secret[2] from rumour_deck' } }
local function eric_sells(analyst, ...)
  return after_prep(3, ERIC_SECRET, "trade Eruptium", "Data Analyst", "Black Hat Hacker", "done",
                       { kind = "amount", legal = { "sell 6" } }, "sell 6", { kind = "data_analyst" }, analyst, ...)
end

-- "Verschärfter Betrug": the end of the game with the tracks' rumours known.
-- Every track has had 4 rumours placed (5 end the game with 3 players): the
-- rumour phase of round 1 is the last. The tracks hold Flyt -3, Eruptium -1,
-- Elvt +2, Quasar +3; the secret rumours and the deck's top card (for the
-- fourth track) are worth 0, so the totals stay -3, -1, +2, +3.
local LAST_RUMOURS = {
  "track Flyt", "track Eruptium", "track Elvt", "track Quasar",
  "empty secret[1] rumour_deck", "empty secret[2] rumour_deck", "empty secret[3] rumour_deck",
  'track Flyt "Exchange insolvent" down',
  'track Eruptium "Wallet hacked" down',
  'track Elvt "Celebrity endorsement" down',
  'track Quasar "Central bank interest" down',
  'move "Forum debates fork" secret[1] from rumour_deck',
  'move "Forum debates fork" secret[2] from rumour_deck',
  'move "Developer quits" secret[3] from rumour_deck',
  'move "Developer quits" rumour_deck from rumour_deck',
  "state placed.Flyt 4", "state placed.Eruptium 4", "state placed.Elvt 4", "state placed.Quasar 4",
}
local PRICES = { "price Flyt 5", "price Eruptium 6", "price Elvt 4", "price Quasar 5" }
local SCAM_INTENSIFIES = { 'move "Scam Intensifies" events from events', table.unpack(PRICES) }
-- everyone passes; the rumour phase from the last player (seat 1)
-- counter-clockwise; then the game ends
local function to_the_end(...)
  return after_prep(3, { set = LAST_RUMOURS }, "pass", "pass", "pass", { seat = 1, kind = "rumour" }, "Flyt",
                       { seat = 3 }, "Eruptium", { seat = 2 }, "Elvt", ...)
end

local MINING = { "state mining.Flyt 3", 'move "Data Analyst" team[2] from experts',
                 "empty upcoming transactions", 'move "Flyt +1" upcoming from transactions',
                 'move "Flyt +1" upcoming from transactions', 'move "Quasar +1" upcoming from transactions' }

return {
  game = "cryptocurrency", players = 3, seed = 2,
  scenarios = {
    { name = "cryptocurrency example: two Flyt transactions turned over by mining raise Flyt's price by 2 at once",
      set = MINING,
      steps = after_prep(3, "mine Flyt", "Intern", "Intern", "Intern", "Data Analyst"),
      expect = { state = { ["field.Flyt"] = 7 }, said = { "transaction turned over: Flyt +1", "SUCCESS" },
                 zones = { transaction_discard = { has = { "Flyt +1" } }, upcoming = { lacks = { "Flyt +1" } } } } },
    { name = "cryptocurrency example: mined at difficulty 4 with two transactions turned over: 4 Wonga (2 each)",
      set = MINING,
      steps = after_prep(3, "mine Flyt", "Intern", "Intern", "Intern", "Data Analyst"),
      expect = { state = { ["wonga[2]"] = 6 + 4, ["coins[2].Flyt"] = 2, ["mining.Flyt"] = 4 },
                 said = "seat 2 takes 4 Wonga: validation fee 2 x 2" } },
    -- the stack of 1 success and difficulty-1 failures, and one card drawn
    -- per energy point, are the rule piece hash_draw's, tested with
    -- thousands of draws in cryptocurrency_spec ("draws one hash card per
    -- energy"): a single scenario cannot see a shuffle's odds
    { name = "cryptocurrency example: at difficulty 5, 4 energy points draw 4 cards (the mining marker's fourth field)",
      set = { "state mining.Flyt 4", 'move "Crypto Trader" team[2] from experts' },
      steps = after_prep(3, "mine Flyt", "Intern", "Intern", "Crypto Trader", "done"),
      expect = { said = "(4 energy, difficulty 5)", zones = { hash_drawn = { count = 4 }, hash = { count = 4 } } } },
    -- "Gerüchte-Phase": after the three players pass, seat 1 places its
    -- secret rumour first (the secret rumours are dealt in the preparation:
    -- seat 1's is set in the action phase); Flyt's track ends with a face-down rumour (the
    -- set-up's second), so the next goes face up and moves the price at once
    { name = "cryptocurrency example: a rumour of +2 moves the price marker two fields up",
      steps = after_prep(3, { set = { "empty secret[1] rumour_deck", 'move "Celebrity endorsement" secret[1] from rumour_deck' } },
                            "pass", "pass", "pass", { seat = 1, kind = "rumour", state = { ["field.Flyt"] = 5 } }, "Flyt"),
      expect = { state = { ["field.Flyt"] = 7 }, said = { "Flyt: rumour Celebrity endorsement (+2) placed face up", "Flyt: price 5 -> 7" } } },
    { name = "cryptocurrency example: after a face-down rumour the next is played face up, its points counted at once",
      steps = after_prep(3, { set = { "empty secret[1] rumour_deck", 'move "Wallet hacked" secret[1] from rumour_deck' } },
                            "pass", "pass", "pass", "Flyt"),
      expect = { state = { ["field.Flyt"] = 4 }, zones = { rumours_Flyt = { count = 3, bottom = "Wallet hacked" } } } },
    -- the example round
    { name = "cryptocurrency example round: Eric sells his 6 Eruptium at 6 for 36 Wonga; the coins go to the market stock",
      set = ERIC,
      steps = eric_sells("yes"),
      expect = { kind = "black_hat_hacker", said = "seat 2 sells 6 Eruptium at 6",
                 state = { ["wonga[2]"] = 6 + 36, ["coins[2].Eruptium"] = 0, ["stock.Eruptium"] = 6 + 6 } } },
    { name = "cryptocurrency example round: Eric needs both for 6 coins: the Data Analyst alone has the energy for 4",
      set = ERIC,
      steps = after_prep(3, ERIC_SECRET, "trade Eruptium", "Data Analyst", "done",
                            { kind = "amount", legal = { "sell 1", "sell 2", "sell 3", "sell 4" } }) },
    { name = "cryptocurrency example round: and so has the Black Hat Hacker alone",
      set = ERIC,
      steps = after_prep(3, ERIC_SECRET, "trade Eruptium", "Black Hat Hacker", "done",
                            { kind = "amount", legal = { "sell 1", "sell 2", "sell 3", "sell 4" } }) },
    { name = "cryptocurrency example round: the Data Analyst makes a market shift per 2 coins: 6 sold move Eruptium from 6 to 3",
      set = ERIC,
      steps = eric_sells("yes"),
      expect = { kind = "black_hat_hacker", state = { ["price.Eruptium"] = 3, ["field.Eruptium"] = 3 } } },
    { name = "cryptocurrency example round: without the Data Analyst's ability the general rule applies: one shift, 6 to 5",
      set = ERIC,
      steps = eric_sells("no"),
      expect = { kind = "black_hat_hacker", state = { ["price.Eruptium"] = 5 } } },
    { name = "cryptocurrency example round: the Black Hat Hacker swaps Eric's -1 with a face-down rumour; played face up it moves Eruptium from 3 to 2",
      set = ERIC,
      steps = eric_sells("yes", { kind = "black_hat_hacker", legal = { "Eruptium #2 (face down)" } }, "Eruptium #2 (face down)"),
      expect = { state = { ["price.Eruptium"] = 2, ["field.Eruptium"] = 2 },
                 said = { "takes the face-down rumour Eruptium #2; its own goes there face up: Wallet hacked (-1)",
                          "Eruptium: price 3 -> 2" },
                 zones = { rumours_Eruptium = { count = 2, bottom = "Wallet hacked" },
                           ["secret[2]"] = { count = 1, lacks = { "Wallet hacked" } } },
                 -- then the next player clockwise
                 seat = 3, kind = "action" } },
    -- "Verschärfter Betrug" ("Scam Intensifies")
    { name = "cryptocurrency example: Scam Intensifies revealed has no immediate effect but stays in play",
      options = { events = true, start_player = 2 }, set = SCAM_INTENSIFIES,
      steps = after_prep(3),
      expect = { seat = 2, kind = "action", said = "event: Scam Intensifies",
                 state = { price = { Flyt = 5, Eruptium = 6, Elvt = 4, Quasar = 5 }, wonga = { 6, 6, 6 },
                           ["events.scam_intensifies"] = true },
                 zones = { event_active = { "Scam Intensifies" }, event_discard = { count = 0 } } } },
    { name = "cryptocurrency example: with Scam Intensifies in play the second-lowest rumour total is a scam too",
      options = { events = true, start_player = 2 }, set = SCAM_INTENSIFIES,
      steps = to_the_end(),
      expect = { over = true, state = { totals = { Flyt = -3, Eruptium = -1, Elvt = 2, Quasar = 3 },
                                        scam = { "Flyt", "Eruptium" },
                                        price = { Flyt = 0, Eruptium = 0, Elvt = 6, Quasar = 8 } } } },
    { name = "cryptocurrency example: without Scam Intensifies only the lowest rumour total is a scam",
      options = { start_player = 2 }, set = PRICES,
      steps = to_the_end(),
      expect = { over = true, state = { totals = { Flyt = -3, Eruptium = -1, Elvt = 2, Quasar = 3 },
                                        scam = { "Flyt" },
                                        price = { Flyt = 0, Eruptium = 5, Elvt = 6, Quasar = 8 } } } },
  },
}
