-- Cryptocurrency: what people type at each request, refused with a reason
-- and nothing changed (the runner checks that for every `refused` step).
-- Seed 2, 3 players, as rules.lua: seat 2 starts; 6 Wonga and 3 Interns each.
local h = uses "_helpers.lua"
local after_prep = h.after_prep
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

    -- (a REPL trial: a no was told "your team has no no")
    { name = "cryptocurrency answers: Understaffed's exhaust: a no or a pass is told a member must be named",
      options = { events = true }, set = { "move Understaffed events" },
      steps = after_prep(3, { kind = "exhaust" },
        { refused = "no", reason = "Understaffed exhausts a member of every team: name one, as in 'Intern'" },
        { refused = "pass", reason = "Understaffed exhausts a member of every team" },
        { refused = "no one", reason = "your team has no no one" }),
      expect = { kind = "exhaust" } },

    -- (terminal trial: 'done' with every member fresh was told "your team
    -- members are exhausted"; what pass does is the reason)
    { name = "cryptocurrency answers: action: a no, a hire, a trade amount, a currency that is none",
      steps = after_prep(3, { kind = "action" },
        { refused = "no", reason = "say 'pass': pass exhausts all your fresh team members, and you take no more "
          .. "action this phase" },
        { refused = "done", reason = "say 'pass': pass exhausts all your fresh team members" },
        { refused = "hire Data Analyst", reason = "hired in the preparation phase" },
        { refused = "buy 2", reason = "first the action" },
        { refused = "mine Bitcoin", reason = "there is no currency 'Bitcoin'" },
        { refused = "mine", reason = "name the currency" }),
      expect = { seat = 2, kind = "action" } },

    { name = "cryptocurrency answers: members: a no before any member is chosen, done too early, an amount",
      steps = after_prep(3, "trade Flyt", { kind = "members" },
        { refused = "no", reason = "needs at least one member" },
        { refused = "done", reason = "choose at least one member first" },
        { refused = "buy 1", reason = "the amount comes after" },
        { refused = "Miner", reason = "your team has no Miner" }),
      expect = { seat = 2, kind = "members" } },

    { name = "cryptocurrency answers: members: a part of the name of a member chosen already is told so, with a member still to choose",
      set = { "move Intern box from team[2]", 'move "Fintech Specialist" team[2]' },
      steps = after_prep(3, "trade Flyt", { kind = "members" }, "Fintech Specialist",
        { refused = "Specialist", reason = "your Fintech Specialist is chosen for this action already: choose another, as 'Intern', or say 'done'" },
        { refused = "fintech", reason = "your Fintech Specialist is chosen for this action already" },
        { refused = "Fintech Specialist", reason = "is chosen for this action already: choose another, as 'Intern'" }),
      expect = { seat = 2, kind = "members" } },

    { name = "cryptocurrency answers: amount: a no, an amount past the energy, zero",
      steps = after_prep(3, "trade Flyt", "Intern", "done", { kind = "amount" },
        -- (the examples are legal answers: seat 2 holds no Flyt, so no 'sell 1')
        { refused = "no", reason = "is not a legal answer: the action is chosen: buy Flyt ('buy 1'); legal answers:" },
        { refused = "buy 0", reason = "trade at least 1 coin" },
        { refused = "buy 99", reason = "" },
        { refused = "buy", reason = "name the number of coins: 'buy 1'" },
        { refused = "sell", reason = "is not a legal answer: you hold no Flyt;" },
        { refused = "sell 1", reason = "you hold no Flyt" }),
      expect = { seat = 2, kind = "amount" } },

    { name = "cryptocurrency answers: hire: a unique part of a seeker's name is told the answer meant, a part of two names to name it in full",
      set = { 'move "Fintech Specialist" seekers', 'move "Black Hat Hacker" seekers', 'move "White Hat Hacker" seekers',
              "state wonga[2] 6" },
      steps = { "no", "no", { kind = "hire" },
        { refused = "hire Specialist", reason = "say 'hire Fintech Specialist'" },
        { refused = "hire  fintech", reason = "say 'hire Fintech Specialist'" },
        { refused = "Specialist", reason = "say 'hire Fintech Specialist'" },
        { refused = "hire Black", reason = "say 'hire Black Hat Hacker'" },
        { refused = "hire Hacker", reason = "'Hacker' is part of the names White Hat Hacker and Black Hat Hacker: name it in full" },
        { refused = "hire Nobody", reason = "no Nobody is among the job seekers" },
        "hire Fintech Specialist" },
      expect = { seat = 2, kind = "dismiss", state = { ["wonga[2]"] = 1 } } },

    { name = "cryptocurrency answers: rumour: a pass, an action, 'place Flyt' and a place on the track name the answer",
      steps = after_prep(3, "pass", "pass", "pass", { kind = "rumour" },
        { refused = "pass", reason = "every player places the rumour drawn at the round's start: name a currency whose "
          .. "track got none this phase, as in 'Flyt'" },
        { refused = "mine Flyt", reason = "this is the rumour phase, after the actions" },
        { refused = "hire Intern", reason = "this is the rumour phase, after the actions" },
        { refused = "place Flyt", reason = "say just 'Flyt'" },
        { refused = "Flyt #3", reason = "say just 'Flyt'" },
        "Flyt", { kind = "rumour" },
        { refused = "place Flyt", reason = "the Flyt track got a rumour this phase; yours goes on one that got none, as in 'Eruptium'" }),
      expect = { kind = "rumour" } },

    { name = "cryptocurrency answers: pay_coin: a no, a sale, a repayment are told a coin goes back",
      set = { "state loans[2] 2", "state wonga[2] 3", "state coins[2].Elvt 2", "state coins[2].Flyt 1" },
      steps = { "no", { kind = "hire" }, "no", "no", "no", "no", "no", "pass", "pass", "pass", { kind = "pay_coin" },
        { refused = "no", reason = "your Wonga do not cover this payment, so a coin you hold goes back to the market stock "
          .. "instead: name its currency, as in 'Flyt'" },
        { refused = "sell Flyt", reason = "the coin is not sold" },
        { refused = "repay", reason = "your Wonga do not cover this payment" },
        { refused = "Quasar", reason = "you hold no Quasar" },
        "Flyt" },
      expect = { state = { ["coins[2].Flyt"] = 0 } } },

    { name = "cryptocurrency answers: replicator: a pass, the amount before the copy, a part of a member's name",
      set = { "move Intern box from team[2]", 'move "Replicator" team[2]', "move Intern box from team[1]",
              'move "Data Analyst" team[1]' },
      steps = after_prep(3, "trade Flyt", "Replicator", "done", { kind = "replicator" },
        { refused = "pass", reason = "say 'no' to copy no member" },
        { refused = "buy 1", reason = "first the Replicator: it copies a member of your right neighbour, seat 1, for this "
          .. "action ('copy Data Analyst'), or 'no'; then the action goes on" },
        { refused = "done", reason = "first the Replicator" },
        { refused = "copy Analyst", reason = "say 'copy Data Analyst'" },
        { refused = "Analyst", reason = "say 'copy Data Analyst'" },
        { refused = "copy Miner", reason = "whose team has no Miner" },
        "copy Data Analyst"),
      expect = { seat = 2, kind = "amount" } },
  },
}
