-- A house rule for Cryptocurrency that replaces the rule piece `event`: the
-- event Faster Blocks is always in play (mining difficulty 1 lower, at least
-- 1), whether or not the events are. The greedy bot used to put on a mining
-- the book's difficulty (tests/spec/cryptocurrency_spec.lua).
local event = rules.event
rules.event = function(game, effect)
  return effect == "faster_blocks" or event(game, effect)
end
