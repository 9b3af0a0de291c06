-- Cryptocurrency: the rule book's worked examples, one scenario each (German
-- rule book, "Schürfen"). Seed 2, 3 players: seat 2 acts first after the
-- preparation; everyone has 6 Wonga and 3 Interns (1 energy each); Flyt uses
-- the basic board (difficulty 2 3 4 5 6 7 8, Wonga per transaction 0 1 2 4 8
-- 16 32), its price on field 5.

local PREP = { "no", "no", "no", "no", "no", "no", "no" }
local function steps(...)
  local out = {}
  for _, s in ipairs(PREP) do out[#out + 1] = s end
  for _, s in ipairs({ ... }) do out[#out + 1] = s end
  return out
end
-- Flyt's mining marker on difficulty 4; seat 2's team gains a Data Analyst
-- (2 energy): 5 energy draw every hash card, so the mining succeeds; the
-- upcoming transactions are two "Flyt +1" and one of Quasar
local MINING = { "state mining.Flyt 3", 'move "Data Analyst" team[2] from experts',
                 "empty upcoming transactions", 'move "Flyt +1" upcoming from transactions',
                 'move "Flyt +1" upcoming from transactions', 'move "Quasar +1" upcoming from transactions' }

return {
  game = "cryptocurrency", players = 3, seed = 2,
  scenarios = {
    { name = "cryptocurrency example: two Flyt transactions turned over by mining raise Flyt's price by 2 at once",
      set = MINING,
      steps = steps("mine Flyt", "Intern", "Intern", "Intern", "Data Analyst"),
      expect = { state = { ["field.Flyt"] = 7 }, said = { "transaction turned over: Flyt +1", "SUCCESS" },
                 zones = { transaction_discard = { has = { "Flyt +1" } }, upcoming = { lacks = { "Flyt +1" } } } } },
    { name = "cryptocurrency example: mined at difficulty 4 with two transactions turned over: 4 Wonga (2 each)",
      set = MINING,
      steps = steps("mine Flyt", "Intern", "Intern", "Intern", "Data Analyst"),
      expect = { state = { ["wonga[2]"] = 6 + 4, ["coins[2].Flyt"] = 2, ["mining.Flyt"] = 4 },
                 said = "seat 2 takes 4 Wonga: validation fee 2 x 2" } },
    -- the stack of 1 success and difficulty-1 failures, and one card drawn
    -- per energy point, are the rule piece hash_draw's, tested with
    -- thousands of draws in cryptocurrency_spec ("draws one hash card per
    -- energy"): a single scenario cannot see a shuffle's odds
    { name = "cryptocurrency example: at difficulty 5, 4 energy points draw 4 cards (the mining marker's fourth field)",
      set = { "state mining.Flyt 4", 'move "Data Analyst" team[2] from experts' },
      steps = steps("mine Flyt", "Intern", "Intern", "Data Analyst", "done"),
      expect = { said = "(4 energy, difficulty 5)", zones = { hash = { count = 8 } } } },
    -- "Gerüchte-Phase": after the three players pass, seat 1 places its
    -- secret rumour first (the secret rumours are dealt in the preparation:
    -- seat 1's is set in the action phase); Flyt's track ends with a face-down rumour (the
    -- set-up's second), so the next goes face up and moves the price at once
    { name = "cryptocurrency example: a rumour of +2 moves the price marker two fields up",
      steps = steps({ set = { "empty secret[1] rumour_deck", 'move "Celebrity endorsement" secret[1] from rumour_deck' } },
                    "pass", "pass", "pass", { seat = 1, kind = "rumour", state = { ["field.Flyt"] = 5 } }, "Flyt"),
      expect = { state = { ["field.Flyt"] = 7 }, said = { "Flyt: rumour Celebrity endorsement (+2) placed face up", "Flyt: price 5 -> 7" } } },
    { name = "cryptocurrency example: after a face-down rumour the next is played face up, its points counted at once",
      steps = steps({ set = { "empty secret[1] rumour_deck", 'move "Wallet hacked" secret[1] from rumour_deck' } },
                    "pass", "pass", "pass", "Flyt"),
      expect = { state = { ["field.Flyt"] = 4 }, zones = { rumours_Flyt = { count = 3, bottom = "Wallet hacked" } } } },
  },
}
