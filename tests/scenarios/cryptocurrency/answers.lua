-- Cryptocurrency: what people type at each request, refused with a reason
-- and nothing changed (the runner checks that for every `refused` step).
-- Seed 2, 3 players, as rules.lua: seat 2 starts; 6 Wonga and 3 Interns each.
local PREP = { "no", "no", "no", "no", "no", "no", "no" }
local function steps(...) return edits.joined(PREP, { ... }) end
local NOISE = { "", "   ", "0", "-1", "99", "1.5", "1e3", "Über", "🃏", "\255", "a\1b", string.rep("x", 10000) }

return {
  game = "cryptocurrency", players = 3, seed = 2,
  scenarios = {
    { name = "cryptocurrency answers: a yes-or-no question: noise, 'y' names 'yes', words to spare",
      steps = edits.joined((function()
        local list = {}
        for i, t in ipairs(NOISE) do list[i] = { refused = t, reason = "legal answers: yes, no" } end
        return list
      end)(), {
        { refused = "y", reason = "say 'yes'" },
        { refused = "N", reason = "say 'no'" },
        { refused = "no thanks", reason = "say just 'no'" },
        "  NO " }),
      expect = { seat = 2, kind = "loan" } },

    { name = "cryptocurrency answers: hire: a seeker not there, one too dear, a yes",
      set = { "state wonga[2] 3" },
      steps = { "no", "no", { kind = "hire" },
        { refused = "yes", reason = "name the job seeker" },
        { refused = "hire", reason = "name the job seeker" },
        { refused = "hire Tech Whiz", reason = "costs" },
        { refused = "hire Nobody", reason = "no Nobody is among the job seekers" } },
      expect = { seat = 2, kind = "hire" } },

    { name = "cryptocurrency answers: action: a no, a hire, a trade amount, a currency that is none",
      steps = steps({ kind = "action" },
        { refused = "no", reason = "say 'pass'" },
        { refused = "done", reason = "say 'pass'" },
        { refused = "hire Data Analyst", reason = "hired in the preparation phase" },
        { refused = "buy 2", reason = "first the action" },
        { refused = "mine Bitcoin", reason = "there is no currency 'Bitcoin'" },
        { refused = "mine", reason = "name the currency" }),
      expect = { seat = 2, kind = "action" } },

    { name = "cryptocurrency answers: members: a no before any member is chosen, done too early, an amount",
      steps = steps("trade Flyt", { kind = "members" },
        { refused = "no", reason = "needs at least one member" },
        { refused = "done", reason = "choose at least one member first" },
        { refused = "buy 1", reason = "the amount comes after" },
        { refused = "Miner", reason = "your team has no Miner" }),
      expect = { seat = 2, kind = "members" } },

    { name = "cryptocurrency answers: amount: a no, an amount past the energy, zero",
      steps = steps("trade Flyt", "Intern", "done", { kind = "amount" },
        { refused = "no", reason = "the action is chosen: buy or sell Flyt" },
        { refused = "buy 0", reason = "trade at least 1 coin" },
        { refused = "buy 99", reason = "" },
        { refused = "buy", reason = "name the number of coins" },
        { refused = "sell 1", reason = "you hold no Flyt" }),
      expect = { seat = 2, kind = "amount" } },
  },
}
