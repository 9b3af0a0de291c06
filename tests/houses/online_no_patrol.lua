-- A house rule for Online that replaces the rule piece `cyber_patrol` so
-- that a Cyber Patrol does nothing: no one is asked, no Hacker is stopped.
-- The greedy bot used to keep the card for ever (tests/spec/online_spec.lua).
rules.cyber_patrol = function(game, hacker) return nil end
