-- Cryptocurrency: the rules of the rule book (docs/games/cryptocurrency.md),
-- one scenario each. Seed 2, 3 players: seat 2 holds the start player
-- marker; Flyt is at price 5 (field 5), everyone has 6 Wonga and 3 Interns.

local h = uses "_helpers.lua"
-- the preparation phase with no replacement, loans or hires: then seat 2's action
local after_prep = h.after_prep

return {
  game = "cryptocurrency", players = 3, seed = 2,
  scenarios = {
    { name = "cryptocurrency: set-up: 6 Wonga, 3 Interns each, prices on their start fields",
      expect = { state = { wonga = { 6, 6, 6 }, ["price.Flyt"] = 5, ["field.Flyt"] = 5, ["loans[1]"] = 0 },
                 zones = { ["team[1]"] = { count = 3 }, ["team[3]"] = { count = 3 } },
                 seat = 2, kind = "propose_replace" } },
    { name = "cryptocurrency: the start_player option sets the start player marker",
      options = { start_player = 3 },
      expect = { seat = 3, state = { start = 3 } } },
    { name = "cryptocurrency: a loan gives 8 Wonga",
      steps = { "no", "yes" },
      expect = { state = { ["wonga[2]"] = 14, ["loans[2]"] = 1 }, kind = "hire" } },
    { name = "cryptocurrency: hiring a job seeker costs its price and adds it to the team",
      steps = { "no", "no", "hire Data Analyst" },
      expect = { state = { ["wonga[2]"] = 6 - 2 }, zones = { ["team[2]"] = { count = 4, has = { "Data Analyst" } } } } },
    { name = "cryptocurrency: a job seeker costing more than one's Wonga cannot be hired",
      set = { "state wonga[2] 3" },
      steps = { "no", "no", { refused = "hire Tech Whiz", reason = "" } } },
    { name = "cryptocurrency: after the preparation, the start player acts first: mine, trade or pass",
      steps = after_prep(3),
      expect = { seat = 2, kind = "action", legal = { "mine Flyt", "trade Flyt", "pass" } } },
    { name = "cryptocurrency: a trade needs fresh team members; each gives its energy",
      steps = after_prep(3, "trade Flyt", { kind = "members" }),
      expect = { legal = { "Intern" } } },
    { name = "cryptocurrency: buying coins costs the price each and takes them from the market stock",
      steps = after_prep(3, "trade Flyt", "Intern", "done", { kind = "amount" }, "buy 1"),
      expect = { state = { ["coins[2].Flyt"] = 1, ["wonga[2]"] = 1, ["stock.Flyt"] = 7 } } },
    { name = "cryptocurrency: with 1 energy at most 4 coins are traded",
      steps = after_prep(3, { set = "state wonga[2] 100" }, "trade Flyt", "Intern", "done", { refused = "buy 5", reason = "at most 4 coins" }) },
    { name = "cryptocurrency: coins cost Wonga one has; more is refused",
      steps = after_prep(3, "trade Flyt", "Intern", "done", { refused = "buy 2", reason = "cost 10 Wonga; you have 6" }) },
    { name = "cryptocurrency: an exhausted member is not offered: the one fresh Intern trades at once",
      steps = after_prep(3, { set = { "exhaust 2 Intern", "exhaust 2 Intern" } }, "trade Flyt", { kind = "amount" }) },
    { name = "cryptocurrency: the price edit puts the marker on a field and its price",
      set = { "price Flyt 8" },
      expect = { state = { ["price.Flyt"] = 8, ["field.Flyt"] = 8 } } },
    { name = "cryptocurrency: a trade is priced at the price on the track",
      set = { "price Flyt 2" },
      steps = after_prep(3, "trade Flyt", "Intern", "done", "buy 3"),
      expect = { state = { ["wonga[2]"] = 0, ["coins[2].Flyt"] = 3 } } },
    { name = "cryptocurrency: selling coins earns the price each",
      set = { "state coins[2].Flyt 2" },
      steps = after_prep(3, "trade Flyt", "Intern", "done", "sell 2"),
      expect = { state = { ["wonga[2]"] = 16, ["coins[2].Flyt"] = 0 } } },
    { name = "cryptocurrency: passing ends one's actions for the phase; the next player acts",
      steps = after_prep(3, "pass"),
      expect = { seat = 3, kind = "action" } },
    -- an expert's ability serves only the action it is used for ("nur für die
    -- Aktion ..., für welche man den Experten selbst einsetzt")
    { name = "cryptocurrency: a Data Analyst in the team but not used for the trade gives no shift per 2 coins",
      set = { "move Intern box from team[2]", 'move "Data Analyst" team[2] from experts', "state coins[2].Flyt 4" },
      steps = after_prep(3, "trade Flyt", "Intern", "done", "sell 4"),
      -- no data_analyst question: one shift, 5 -> 4, and the next player
      expect = { seat = 3, kind = "action", state = { ["field.Flyt"] = 4, ["price.Flyt"] = 4 } } },
    { name = "cryptocurrency: a Tech Whiz in the team but not used for the mining gives no coin",
      set = { "move Intern box from team[2]", 'move "Tech Whiz" team[2]' },
      -- Elvt at difficulty 2: 2 energy draw every hash card, a sure success
      steps = after_prep(3, "mine Elvt", "Intern", "Intern", "done"),
      expect = { said = "SUCCESS, 3 coins", state = { ["coins[2].Elvt"] = 3 } } },
    -- the Replicator counts as the copied member: its energy too
    { name = "cryptocurrency: the Replicator copying the right neighbour's Quant Wizard has its 4 energy",
      set = { "move Intern box from team[2]", 'move "Replicator" team[2] from experts',
              "move Intern box from team[1]", 'move "Quant Wizard" team[1] from experts',
              "state coins[2].Flyt 16" },
      steps = after_prep(3, "trade Flyt", "Replicator", "done", { kind = "replicator" }, "copy Quant Wizard",
                            { kind = "amount", legal = { "sell 16" }, not_legal = { "sell 17" } }, "sell 16"),
      expect = { state = { ["coins[2].Flyt"] = 0, ["wonga[2]"] = 6 + 16 * 5 } } },
    -- the Tech Whiz's coin comes with a successful mining only
    { name = "cryptocurrency: a failed mining with the Tech Whiz gives no coin",
      set = { "move Intern box from team[2]", 'move "Tech Whiz" team[2]', "state mining.Flyt 7" },
      -- 1 energy at difficulty 8: this seed draws a FAILURE
      steps = after_prep(3, "mine Flyt", "Tech Whiz", "done"),
      expect = { said = "seat 2 fails to mine Flyt (1 energy, difficulty 8)",
                 state = { ["coins[2].Flyt"] = 0, ["supply.Flyt"] = 12 } } },
    -- "verliere 1 Münze für jede Zahlung, welche du nicht leisten kannst"
    { name = "cryptocurrency: with two loans and no Wonga each interest payment costs a coin: two coins",
      steps = after_prep(3, { set = { "state loans[2] 2", "state wonga[2] 0", "state coins[2].Flyt 5" } },
                            "pass", "pass", "pass", { seat = 1, kind = "rumour" }),
      expect = { state = { ["coins[2].Flyt"] = 3, ["stock.Flyt"] = 8 + 2, ["wonga[2]"] = 0, ["loans[2]"] = 2 },
                 said = "seat 2 cannot pay 2 Wonga (interest): 1 Flyt goes back to the market" } },
    -- a price effect past an end of the track is cancelled; each market shift
    -- is an effect of its own (docs/games/cryptocurrency.md, Prices)
    { name = "cryptocurrency: 8 coins sold one field from the bottom: the first shift moves, the second is cancelled",
      set = { "price Flyt 2", "state coins[2].Flyt 8" },
      steps = after_prep(3, "trade Flyt", "Intern", "Intern", "done", "sell 8"),
      expect = { state = { ["field.Flyt"] = 1, ["price.Flyt"] = 1, ["wonga[2]"] = 6 + 16 },
                 said = { "Flyt: price 2 -> 1", "Flyt: -1 cancelled, it would leave the price track" } } },
    -- so is each transaction turned over by a mining
    { name = "cryptocurrency: two Flyt +1 transactions one field from the top: one moves the price, the other is cancelled",
      set = { "price Flyt 11", "state mining.Flyt 3", 'move "Data Analyst" team[2] from experts',
              "empty upcoming transactions", 'move "Flyt +1" upcoming from transactions',
              'move "Flyt +1" upcoming from transactions', 'move "Quasar +1" upcoming from transactions' },
      -- 4 energy at difficulty 4: a sure success
      steps = after_prep(3, "mine Flyt", "Intern", "Intern", "Intern", "Data Analyst"),
      expect = { state = { ["field.Flyt"] = 12, ["price.Flyt"] = 12 },
                 said = { "Flyt: price 11 -> 12", "Flyt: +1 cancelled, it would leave the price track" },
                 zones = { transaction_discard = { count = 2 } } } },
    -- "Nun können auch die Darlehen selbst zurückgezahlt werden": each loan
    { name = "cryptocurrency: two loans repaid in one maintenance phase",
      steps = after_prep(3, { set = { "state loans[2] 2", "state wonga[2] 30" } }, "pass", "pass", "pass",
                            { seat = 2, kind = "repay" }, "yes", { seat = 2, kind = "repay" }, "yes"),
      expect = { seat = 1, kind = "rumour", state = { ["loans[2]"] = 0, ["wonga[2]"] = 30 - 4 - 16 },
                 said = "seat 2 repays a loan (8 Wonga)" } },
    -- a dismissed member: an intern leaves the game, an expert is discarded
    { name = "cryptocurrency: a dismissed Intern leaves the game, not to the expert discard",
      steps = { "no", "no", "hire Data Analyst", { kind = "dismiss" }, "Intern" },
      -- the box held the 3 interns a 3-player game leaves out and the 15 events
      expect = { zones = { expert_discard = { count = 0 }, box = { count = 3 + 15 + 1, top = "Intern" },
                           ["team[2]"] = { count = 3, has = { "Data Analyst" } } },
                 said = "seat 2: Intern leaves the team" } },
    { name = "cryptocurrency: a dismissed expert goes to the expert discard",
      set = { "move Intern box from team[2]", 'move "Tech Whiz" team[2]' },
      steps = { "no", "no", "hire Data Analyst", { kind = "dismiss" }, "Tech Whiz" },
      expect = { zones = { expert_discard = { "Tech Whiz" }, ["team[2]"] = { count = 3, lacks = { "Tech Whiz" } } } } },
  },
}
