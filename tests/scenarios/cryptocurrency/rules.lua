-- Cryptocurrency: the rules of the rule book (docs/games/cryptocurrency.md),
-- one scenario each. Seed 2, 3 players: seat 2 holds the start player
-- marker; Flyt is at price 5 (field 5), everyone has 6 Wonga and 3 Interns.

-- the preparation phase with no replacement, loans or hires: then seat 2's action
local PREP = { "no", "no", "no", "no", "no", "no", "no" }
local function steps(...)
  local out = {}
  for _, s in ipairs(PREP) do out[#out + 1] = s end
  for _, s in ipairs({ ... }) do out[#out + 1] = s end
  return out
end

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
      expect = { state = { ["wonga[2]"] = 2 }, zones = { ["team[2]"] = { count = 4, has = { "Data Analyst" } } } } },
    { name = "cryptocurrency: a job seeker costing more than one's Wonga cannot be hired",
      set = { "state wonga[2] 3" },
      steps = { "no", "no", { refused = "hire Tech Whiz", reason = "" } } },
    { name = "cryptocurrency: after the preparation, the start player acts first: mine, trade or pass",
      steps = steps(),
      expect = { seat = 2, kind = "action", legal = { "mine Flyt", "trade Flyt", "pass" } } },
    { name = "cryptocurrency: a trade needs fresh team members; each gives its energy",
      steps = steps("trade Flyt", { kind = "members" }),
      expect = { legal = { "Intern" } } },
    { name = "cryptocurrency: buying coins costs the price each and takes them from the market stock",
      steps = steps("trade Flyt", "Intern", "done", { kind = "amount" }, "buy 1"),
      expect = { state = { ["coins[2].Flyt"] = 1, ["wonga[2]"] = 1, ["stock.Flyt"] = 7 } } },
    { name = "cryptocurrency: with 1 energy at most 4 coins are traded",
      steps = steps({ set = "state wonga[2] 100" }, "trade Flyt", "Intern", "done", { refused = "buy 5", reason = "at most 4 coins" }) },
    { name = "cryptocurrency: coins cost Wonga one has; more is refused",
      steps = steps("trade Flyt", "Intern", "done", { refused = "buy 2", reason = "cost 10 Wonga; you have 6" }) },
    { name = "cryptocurrency: an exhausted member is not offered: the one fresh Intern trades at once",
      steps = steps({ set = { "exhaust 2 Intern", "exhaust 2 Intern" } }, "trade Flyt", { kind = "amount" }) },
    { name = "cryptocurrency: the price edit puts the marker on a field and its price",
      set = { "price Flyt 8" },
      expect = { state = { ["price.Flyt"] = 8, ["field.Flyt"] = 8 } } },
    { name = "cryptocurrency: a trade is priced at the price on the track",
      set = { "price Flyt 2" },
      steps = steps("trade Flyt", "Intern", "done", "buy 3"),
      expect = { state = { ["wonga[2]"] = 0, ["coins[2].Flyt"] = 3 } } },
    { name = "cryptocurrency: selling coins earns the price each",
      set = { "state coins[2].Flyt 2" },
      steps = steps("trade Flyt", "Intern", "done", "sell 2"),
      expect = { state = { ["wonga[2]"] = 16, ["coins[2].Flyt"] = 0 } } },
    { name = "cryptocurrency: passing ends one's actions for the phase; the next player acts",
      steps = steps("pass"),
      expect = { seat = 3, kind = "action" } },
  },
}
