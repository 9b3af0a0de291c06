-- Cryptocurrency with a block bonus: a successful mining also pays the miner
-- Wonga from the bank (2 unless --option block_bonus=N says otherwise), on top
-- of the coins and the validation fees. The house rule declares its own
-- option, so that one comparison tries several bonuses on the same seeds, and
-- wraps the piece `mine`, which gives whether the mining succeeded (a failure
-- ends the turn), so the wrapper gives that on.
--   cardlab play cryptocurrency --house docs/houses/cryptocurrency_block_bonus.lua
--   cardlab compare cryptocurrency base docs/houses/cryptocurrency_block_bonus.lua \
--     docs/houses/cryptocurrency_block_bonus.lua,block_bonus=6 --bots greedy
new_option { name = "block_bonus", type = "integer", default = 2, min = 0, max = 20,
  doc = "Wonga paid from the bank for a successful mining" }
local mine = rules.mine
rules.mine = function(game, seat, cur, energy, abilities)
  local succeeded = mine(game, seat, cur, energy, abilities)
  local bonus = game.options.block_bonus
  if succeeded and bonus > 0 then
    game.state.wonga[seat] = game.state.wonga[seat] + bonus
    game:say("seat %d takes a block bonus of %d Wonga", seat, bonus)
  end
  return succeeded
end
