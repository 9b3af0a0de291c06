-- An auditor's scenarios, written from the German rule book and the docs alone
-- (docs/games/cryptocurrency.md, docs/repl.md, docs/authoring.md), before
-- reading the script or the other scenarios; those that check something the
-- other files do not. Four players, seed 1, seat 1 the start player, unless a
-- scenario says otherwise. The preparation of a round without loans or hires
-- is 9 answers "no" (the proposal, then loan and hire for each seat).
local h = uses "_helpers.lua"
local repeated, flat = h.repeated, h.flat
local prep = h.prep(4)
local others = repeated("no", 6)   -- seats 2 to 4: loan? hire?
local passes = repeated("pass", 4)
local up = { "empty upcoming transactions", "move \"Flyt +1\" upcoming", "move \"Flyt +1\" upcoming", "move \"Quasar -1\" upcoming" }
-- 2 players: n rounds of passes, seat 1's rumour on Flyt and seat 2's on Eruptium
-- (last player first: seat 2 in rounds 1, 3, 5)
local function rounds(n, repay)
  local t = {}
  for _ = 1, n do
    for _, a in ipairs({ "no", "no", "no", "no", "no", "pass", "pass" }) do t[#t + 1] = a end
    if repay then t[#t + 1] = { answer = "no", seat = 1, kind = "repay" } end
    t[#t + 1] = "Flyt"; t[#t + 1] = "Eruptium"
  end
  return t
end
local base = { "state wonga[1] 20", "state wonga[2] 20", "state coins[1].Flyt 4", "state coins[2].Flyt 4",
               "state coins[2].Elvt 3", "state stock.Flyt 0", "state stock.Elvt 7" }

return {
  game = "cryptocurrency", players = 4, seed = 1, options = { start_player = 1 },
  scenarios = {
    { name = "cryptocurrency audit: buying 4 coins costs 4 x price and shifts the price up one field",
      set = { "state wonga[1] 20" },
      steps = flat(prep, "trade Flyt", "Intern", "done", "buy 4"),
      expect = { seat = 2, state = { ["coins[1].Flyt"] = 4, ["wonga[1]"] = 8, ["price.Flyt"] = 4, ["stock.Flyt"] = 4 } } },
    { name = "cryptocurrency audit: 3 coins bought: no market shift",
      set = { "state wonga[1] 20" },
      steps = flat(prep, "trade Flyt", "Intern", "done", "buy 3"),
      expect = { state = { ["price.Flyt"] = 3, ["wonga[1]"] = 11 } } },
    { name = "cryptocurrency audit: a shift past the top of the track is cancelled",
      set = { "state wonga[1] 60", "price Flyt 12" },
      steps = flat(prep, "trade Flyt", "Intern", "done", "buy 4"),
      expect = { state = { ["price.Flyt"] = 12, ["wonga[1]"] = 12 } } },
    { name = "cryptocurrency audit: a short supply gives only what is left",
      set = flat(up, { "state supply.Flyt 1" }),
      steps = flat(prep, "mine Flyt", "Intern", "Intern (2)", "done"),
      expect = { state = { ["coins[1].Flyt"] = 1, ["supply.Flyt"] = 0 } } },
    { name = "cryptocurrency audit: Tech Whiz with the supply emptied by the reward: nothing more",
      set = flat({ "move Intern box from team[1]", "move \"Tech Whiz\" team[1]", "state supply.Elvt 3" }),
      steps = flat(prep, "mine Elvt", "Tech Whiz", "Intern", "done"),
      expect = { state = { ["coins[1].Elvt"] = 3, ["supply.Elvt"] = 0 } } },
    { name = "cryptocurrency audit: the mining marker does not move past the last field",
      set = { "state mining.Elvt 7", "move Intern box from team[1]", "move Intern box from team[1]", "move \"Quant Wizard\" team[1]", "move \"Blockchain Engineer\" team[1]" },
      steps = flat(prep, "mine Elvt", "Quant Wizard", "Blockchain Engineer", "Intern"),
      expect = { state = { ["mining.Elvt"] = 7, ["coins[1].Elvt"] = 0 }, said = "SUCCESS" } },
    { name = "cryptocurrency audit: repaying costs 8, after the interest",
      steps = flat("no", "yes", "no", others, passes, "yes"),
      expect = { state = { ["wonga[1]"] = 4, ["loans[1]"] = 0 }, seat = 4, kind = "rumour" } },
    { name = "cryptocurrency audit: the rumour phase starts at the last player and goes counter-clockwise; a used track is refused",
      steps = flat("no", "no", "no", others, passes,
                   { { seat = 4, kind = "rumour" } }, "Flyt",
                   { { seat = 3, kind = "rumour", not_legal = { "Flyt" } } }, { refused = "Flyt" }, "Elvt",
                   { { seat = 2 } }, "Quasar", { { seat = 1 } }, "Eruptium"),
      expect = { round = 2, state = { round = 2, ["placed.Flyt"] = 1, ["placed.Elvt"] = 1 } } },
    { name = "cryptocurrency audit: the rumour goes face up after the face-down set-up one and moves the price",
      -- seat 4's secret rumour is Whale dumps coins (-1); Flyt is at 3
      steps = flat("no", "no", "no", others, passes, "Flyt",
                   { { state = { ["price.Flyt"] = 2 } } }),
      expect = { zones = { rumours_Flyt = { count = 3 } } } },
    { name = "cryptocurrency audit: the end: hodlers (a tie splits 12), face-down rumours turned up, a move past the track cancelled, the lowest total a scam at 0, coins sold",
      players = 2,
      set = base,
      steps = rounds(5),
      expect = { over = true, winners = { 2 }, scores = { 26, 53 },
                 said = { "hodler Flyt: seats 1, 2 (4 coins) take 6 Wonga each", "Flyt: -3 cancelled",
                          "scam: Flyt", "Eruptium: price 8 -> 9", "Elvt: price 7 -> 5" },
                 state = { ["price.Flyt"] = 0, ["price.Eruptium"] = 9, ["price.Elvt"] = 5, ["price.Quasar"] = 10 } } },
    { name = "cryptocurrency audit: the Headhunter joins as a 4th member, no one leaves",
      steps = { "no", "no", "hire Headhunter" },
      expect = { seat = 2, kind = "loan", state = { ["wonga[1]"] = 2 },
                 zones = { ["team[1]"] = { count = 4, has = { "Headhunter" } } } } },
    { name = "cryptocurrency audit: the job seekers are replaced only if all agree",
      steps = { "yes", { seat = 2, kind = "agree_replace" }, "yes", "yes", "no", { seat = 1, kind = "loan" } },
      expect = { zones = { seekers = { count = 5, has = { "Crypto Trader", "Headhunter" } }, expert_discard = { count = 0 } } } },
    { name = "cryptocurrency audit: the job seekers are replaced when all agree",
      steps = { "yes", "yes", "yes", "yes", { seat = 1, kind = "loan" } },
      expect = { zones = { expert_discard = { count = 5 }, seekers = { count = 5 } } } },
    { name = "cryptocurrency audit: Data Analyst: 8 Flyt bought raise the price 4 times (the book's example)",
      set = { "move Intern box from team[1]", "move \"Data Analyst\" team[1]", "state wonga[1] 60" },
      steps = flat(prep, "trade Flyt", "Data Analyst", "Intern", "done", "buy 8", { kind = "data_analyst" }, "yes"),
      expect = { seat = 2, state = { ["price.Flyt"] = 7, ["coins[1].Flyt"] = 8, ["wonga[1]"] = 36 } } },
    { name = "cryptocurrency audit: identical abilities do not add: two Tech Whiz give +1 coin, not +2",
      set = { "move Intern box from team[1]", "move Intern box from team[1]", "move \"Tech Whiz\" team[1]", "move \"Tech Whiz\" team[1]" },
      steps = flat(prep, "mine Elvt", "Tech Whiz", "Tech Whiz", "done"),
      expect = { state = { ["coins[1].Elvt"] = 4 } } },
    { name = "cryptocurrency audit: Tweetman turns the face-down set-up rumour up: the price moves at once",
      -- Flyt's face-down set-up rumour is -1 (seen with :show); Flyt is at 3
      set = { "move Intern box from team[1]", "move Tweetman team[1]", "state coins[1].Flyt 1" },
      steps = flat(prep, "trade Flyt", "Tweetman", "done", "sell 1", { kind = "tweetman" }, "Flyt #2 (face down)"),
      expect = { state = { ["price.Flyt"] = 2, ["wonga[1]"] = 9 } } },
    { name = "cryptocurrency audit: Understaffed: at the start of the action phase every player exhausts one member, then the start player acts",
      options = { events = true, start_player = 1 },
      set = { "move Understaffed events" },
      steps = flat(repeated("no", 9), { { seat = 1, kind = "exhaust" } }, "Intern", { { seat = 2, kind = "exhaust" } }, "Intern", "Intern", "Intern"),
      expect = { seat = 1, kind = "action", zones = { event_discard = { has = { "Understaffed" } } } } },
  },
}
