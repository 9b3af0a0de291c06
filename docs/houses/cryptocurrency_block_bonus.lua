-- Cryptocurrency with a block bonus: a successful mining also pays the miner
-- 2 Wonga from the bank, on top of the coins and the validation fees. The
-- house rule wraps the piece `mine`, which gives whether the mining succeeded
-- (a failure ends the turn), so the wrapper gives that on.
--   cardlab play cryptocurrency --house docs/houses/cryptocurrency_block_bonus.lua
local mine = rules.mine
rules.mine = function(game, seat, cur, energy, abilities)
  local succeeded = mine(game, seat, cur, energy, abilities)
  if succeeded then
    game.state.wonga[seat] = game.state.wonga[seat] + 2
    game:say("seat %d takes a block bonus of 2 Wonga", seat)
  end
  return succeeded
end
