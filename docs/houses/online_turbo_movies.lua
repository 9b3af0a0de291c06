-- Online, streaming needs speed: a Movie comes down only over a Turbo-Line
-- (an Online is not enough). The game gives can_download a card kind's
-- number: game.kinds[kind].name is its name.
--   cardlab play online --house docs/houses/online_turbo_movies.lua
local book = rules.can_download
rules.can_download = function(game, seat, kind)
  if game.kinds[kind].name == "Movie" then
    local top = game.zones["online[" .. game.side_of[seat] .. "]"]:peek()
    if top == nil or game.cards[top].name ~= "Turbo-Line" then return false end
  end
  return book(game, seat, kind)
end
