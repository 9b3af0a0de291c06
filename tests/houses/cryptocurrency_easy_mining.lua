-- A house rule for Cryptocurrency that replaces the rule piece `difficulty`:
-- every mining is a sure success with one energy. The greedy bot used to put
-- on a mining the book's difficulty (tests/spec/cryptocurrency_spec.lua).
rules.difficulty = function(game, cur) return 1 end
