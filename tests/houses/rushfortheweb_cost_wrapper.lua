-- A house rule for Rush for the Web that replaces the rule piece `cost` by a
-- wrapper doing the same: the game then lists the legal plays through its
-- rule pieces `fits` and `cost`, not its faster inlined copy
-- (tests/scenarios/rushfortheweb/house_rules.lua).
local cost = rules.cost
rules.cost = function(game, seat, resource) return cost(game, seat, resource) end
