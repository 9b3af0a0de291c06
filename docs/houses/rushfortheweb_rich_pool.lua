-- Rush for the Web, a rich pool: a discard to the pool pays more, by an
-- option of the house's own (1 credit more unless the players say otherwise:
-- pool_extra=2, by --option or in the web lobby's form). The pool's event
-- and persona bonuses still add.
--   cardlab play rushfortheweb --house docs/houses/rushfortheweb_rich_pool.lua --option pool_extra=2
new_option { name = "pool_extra", type = "integer", default = 1, min = 0, max = 5,
  doc = "credits a discard to the pool pays on top of the book's" }

local book_reward = rules.pool_reward
rules.pool_reward = function(game, seat)
  return book_reward(game, seat) + game.options.pool_extra
end
