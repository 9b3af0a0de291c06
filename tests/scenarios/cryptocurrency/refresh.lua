-- Cryptocurrency: an edit made while the action is asked (refresh) asks it
-- again from the table as the edit left it. Seed 2, 3 players: after the
-- preparation, seat 2 acts; everyone has 6 Wonga, Flyt costs 5.

local h = uses "_helpers.lua"
local PREP = h.prep(3)

return {
  game = "cryptocurrency", players = 3, seed = 2,
  scenarios = {
    { name = "cryptocurrency refresh: Wonga taken away at the action request takes 'trade Flyt' away",
      steps = { PREP[1], PREP[2], PREP[3], PREP[4], PREP[5], PREP[6], PREP[7],
                { seat = 2, kind = "action", legal = { "trade Flyt" } },
                { set = "state wonga[2] 0" },
                { seat = 2, kind = "action", not_legal = { "trade Flyt" }, legal = { "mine Flyt", "pass" } },
                { refused = "trade Flyt" } } },
    { name = "cryptocurrency refresh: a coin given at the action request makes it tradable without Wonga",
      set = { "state wonga[2] 0" },
      steps = { PREP[1], PREP[2], PREP[3], PREP[4], PREP[5], PREP[6],   -- (no hire asked: no Wonga)
                { seat = 2, kind = "action", not_legal = { "trade Flyt" } },
                { set = "state coins[2].Flyt 1" },
                { seat = 2, kind = "action", legal = { "trade Flyt" } }, "trade Flyt" },
      expect = { kind = "members" } },
  },
}
