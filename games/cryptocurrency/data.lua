-- The components of Cryptocurrency, as data.
--
-- Known values (the rule book, ../shared/data/CARDS.md) are marked KNOWN;
-- everything else is a RECONSTRUCTION (docs/games/cryptocurrency.md gives the
-- reasoning for each). An owner of the printed game can type the real values
-- in here, keeping the field names; no rule needs to change.

local M = {}

---------------------------------------------------------------- the currencies

-- KNOWN: Flyt and Eruptium (the rules' examples) and ELVT (a board in the
-- mining-track figure). RECONSTRUCTED: Quasar.
M.currencies = { "Flyt", "Eruptium", "Elvt", "Quasar" }

-- KNOWN: 80 coins; RECONSTRUCTED: 20 of each currency.
M.coins_per_currency = 20

-- The basic boards. The mining track is KNOWN (the same on every basic info
-- board): difficulty, coin reward, Wonga per triggered transaction.
-- The price tracks, start prices and start stock are RECONSTRUCTED; the
-- rules' example (Eruptium at 6, three market shifts down to 3) needs steps
-- of 1 around there.
local BASIC_MINING = {
  difficulty = { 2, 3, 4, 5, 6, 7, 8 },
  reward     = { 3, 3, 2, 2, 1, 1, 0 },
  fee        = { 0, 1, 2, 4, 8, 16, 32 },
}
local BASIC_PRICES = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 }

M.basic = {
  Flyt     = { prices = BASIC_PRICES, start = 5, stock = 8,  mining = BASIC_MINING },
  Eruptium = { prices = BASIC_PRICES, start = 6, stock = 6,  mining = BASIC_MINING },
  Elvt     = { prices = BASIC_PRICES, start = 4, stock = 10, mining = BASIC_MINING },
  Quasar   = { prices = BASIC_PRICES, start = 5, stock = 8,  mining = BASIC_MINING },
}
-- start is the position of the start field on the track (on the basic track
-- the position is the price).

-- The advanced boards: every currency has its own character. All RECONSTRUCTED.
M.advanced = {
  -- the steady one: a long, flat price track, cheap mining that stays cheap
  Flyt = { prices = { 2, 3, 4, 5, 6, 7, 8, 9, 10 }, start = 5, stock = 10,
           mining = { difficulty = { 2, 2, 3, 3, 4, 4, 5, 5 },
                      reward     = { 2, 2, 2, 2, 1, 1, 1, 0 },
                      fee        = { 0, 1, 1, 2, 2, 3, 3, 4 } } },
  -- the volatile one: big steps at the top, the richest fees
  Eruptium = { prices = { 1, 2, 3, 4, 6, 8, 11, 14, 18 }, start = 4, stock = 6,
               mining = { difficulty = { 3, 4, 5, 6, 7, 8 },
                          reward     = { 3, 2, 2, 1, 1, 0 },
                          fee        = { 1, 2, 4, 8, 16, 32 } } },
  -- the cheap one: many low prices, plenty of coins to mine
  Elvt = { prices = { 1, 1, 2, 2, 3, 3, 4, 5, 6, 7, 8 }, start = 3, stock = 12,
           mining = { difficulty = { 2, 3, 3, 4, 5, 6, 7 },
                      reward     = { 4, 3, 3, 2, 2, 1, 1 },
                      fee        = { 0, 0, 1, 2, 3, 5, 8 } } },
  -- the premium one: expensive, few coins, hard to mine
  Quasar = { prices = { 3, 4, 5, 6, 7, 8, 10, 12, 15 }, start = 6, stock = 4,
             mining = { difficulty = { 4, 5, 6, 7, 8 },
                        reward     = { 2, 2, 1, 1, 1 },
                        fee        = { 2, 4, 6, 10, 16 } } },
}

---------------------------------------------------------------- the numbers of the rules

-- KNOWN (the rule book).
M.start_wonga = 6
M.interns_each = 3
M.interns = 12
M.job_seekers = 5
M.upcoming_transactions = 3
M.loan_amount = 8
M.loan_interest = 2
M.max_loans = 2
M.loans = 8
M.hodler_bonus = 12
M.coins_per_energy = 4
M.market_shift_every = 4
M.data_analyst_shift_every = 2
M.rumours_to_end = { [2] = 5, [3] = 5, [4] = 4 }
M.hash_cards = 8

---------------------------------------------------------------- the cards
-- Card lists (stdlib/cards.lua): COUNT NAME [key=value ...].

-- The characters. KNOWN: 12 interns (energy 1, cost 0, no ability); 23
-- experts; the nine abilities; Fintech Specialist costs 5 and Blockchain
-- Engineer 6. RECONSTRUCTED: every other cost and energy, the copies of each
-- ability and the plain experts (no ability).
--   ability: blockchain_engineer, tech_whiz, data_analyst, newshawk,
--            black_hat_hacker, white_hat_hacker, tweetman, replicator,
--            headhunter
-- What each ability does, in the words the table shows a player.
M.abilities = {
  blockchain_engineer = "a failed mining may be retried once",
  tech_whiz           = "+1 coin on a successful mining",
  data_analyst        = "a market shift every 2 coins traded",
  newshawk            = "after the action, draw 3 rumours and keep 1 of the 4",
  black_hat_hacker    = "after the action, swap your rumour with a face-down one (yours goes face up)",
  white_hat_hacker    = "after the action, swap your rumour with a face-up one (yours goes face down)",
  tweetman            = "after the action, turn a rumour over",
  replicator          = "counts as a member of your right neighbour for the action",
  headhunter          = "a fourth team member",
}

M.interns_list = [[
12 Intern energy=1 cost=0
]]

M.experts = [[
2 "Blockchain Engineer" energy=3 cost=6 ability=blockchain_engineer
2 "Tech Whiz"           energy=1 cost=6 ability=tech_whiz
2 "Data Analyst"        energy=1 cost=2 ability=data_analyst
2 Newshawk              energy=2 cost=4 ability=newshawk
2 "Black Hat Hacker"    energy=1 cost=2 ability=black_hat_hacker
2 "White Hat Hacker"    energy=2 cost=3 ability=white_hat_hacker
2 Tweetman              energy=2 cost=3 ability=tweetman
2 Replicator            energy=1 cost=2 ability=replicator
1 Headhunter            energy=1 cost=4 ability=headhunter
2 "Fintech Specialist"  energy=3 cost=5
2 "Crypto Trader"       energy=2 cost=3
1 "Quant Wizard"        energy=4 cost=8
1 "Junior Miner"        energy=2 cost=2
]]

-- KNOWN: 16 transactions, each with a currency on its back and a price
-- change on its face (the rules' example: two Flyt transactions, +2 in all).
-- RECONSTRUCTED: four per currency, +1 +1 +2 -1.
M.transactions = [[
2 "Flyt +1" currency=Flyt change=1
1 "Flyt +2" currency=Flyt change=2
1 "Flyt -1" currency=Flyt change=-1
2 "Eruptium +1" currency=Eruptium change=1
1 "Eruptium +2" currency=Eruptium change=2
1 "Eruptium -1" currency=Eruptium change=-1
2 "Elvt +1" currency=Elvt change=1
1 "Elvt +2" currency=Elvt change=2
1 "Elvt -1" currency=Elvt change=-1
2 "Quasar +1" currency=Quasar change=1
1 "Quasar +2" currency=Quasar change=2
1 "Quasar -1" currency=Quasar change=-1
]]

-- KNOWN: 8 hash cards, 1 SUCCESS and 7 FAILURE.
M.hash = [[
1 SUCCESS success=true
7 FAILURE success=false
]]

-- KNOWN: 36 rumours with points (the rules' examples: +2 and -1).
-- RECONSTRUCTED: the headlines and the spread of points (sum +9: news is
-- more often good than bad, so most currencies end above the scam).
M.rumours = [[
2 "Exchange insolvent"        points=-3
3 "Founder vanishes"          points=-2
2 "Regulator bans trading"    points=-2
4 "Wallet hacked"             points=-1
3 "Whale dumps coins"         points=-1
2 "Forum debates fork"        points=0
2 "Developer quits"           points=0
4 "Payment partner announced" points=1
4 "Listed on a big exchange"  points=1
3 "Celebrity endorsement"     points=2
3 "Bank adopts the chain"     points=2
2 "Central bank interest"     points=3
2 "Nation makes it legal tender" points=3
]]

-- The events mini-expansion: KNOWN: 15 cards, instant or permanent; Scam
-- Intensifies (permanent) and Understaffed (instant). RECONSTRUCTED: the
-- other thirteen. `text` is what the table shows a player.
--   effect (instant): understaffed, flash_crash, bull_run, airdrop,
--     stimulus, tax_audit, whistleblower, difficulty_bomb
--   effect (permanent): scam_intensifies, mining_boom, regulation,
--     whale_watch, low_liquidity, faster_blocks, fee_hike
M.events = [[
1 "Scam Intensifies" kind=permanent effect=scam_intensifies text="the second-lowest rumour total is a scam too"
1 "Mining Boom"      kind=permanent effect=mining_boom      text="a successful mining gives 1 coin more"
1 "Regulation"       kind=permanent effect=regulation       text="interest is 3 Wonga a loan"
1 "Whale Watch"      kind=permanent effect=whale_watch      text="hodler cards are worth 16 Wonga"
1 "Low Liquidity"    kind=permanent effect=low_liquidity    text="a market shift every 3 coins (Data Analyst: 2)"
1 "Faster Blocks"    kind=permanent effect=faster_blocks    text="mining difficulty is 1 lower (at least 1)"
1 "Fee Hike"         kind=permanent effect=fee_hike         text="validation fees are doubled"
1 "Understaffed"     kind=instant effect=understaffed       text="every player exhausts one team member"
1 "Flash Crash"      kind=instant effect=flash_crash        text="every price falls one field"
1 "Bull Run"         kind=instant effect=bull_run           text="every price rises one field"
1 "Airdrop"          kind=instant effect=airdrop            text="every player takes 1 coin of each currency from the supply"
1 "Stimulus"         kind=instant effect=stimulus           text="every player takes 3 Wonga"
1 "Tax Audit"        kind=instant effect=tax_audit          text="every player pays 2 Wonga (or a coin)"
1 "Whistleblower"    kind=instant effect=whistleblower      text="the last face-down rumour of every currency turns face up"
1 "Difficulty Bomb"  kind=instant effect=difficulty_bomb    text="every mining marker moves one field on"
]]

return M
