-- High Card (docs/authoring.md): each round every player lays a card face
-- down; then all are turned up and the highest card takes a point (a tie for
-- the highest: nobody scores). After the last round the most points win.
local cards = require "cards"
local score = require "score"

local DECK = cards.deck {
  ranks = { "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A" },
  suits = { "C", "D", "H", "S" } }
local ID_OF = cards.index(DECK)   -- "QH" -> { id }

local highcard = {
  name = "highcard", title = "High Card",
  about = "lay a card face down; the highest card takes the point",
  players = { min = 2, max = 4, default = 2 },
  options = { { name = "rounds", type = "integer", default = 5, min = 1, max = 13,
                doc = "cards dealt to each player, one laid per round" } },
  cards = DECK, rules = {}, bots = {},
  -- a card laid face down is a secret answer: play and replay hide it from
  -- the other seats
  secret_kinds = { lay = true },
}

-- What a card is worth in a round: a house rule could make aces low.
function highcard.rules.value(card) return card.value end

function highcard.setup(game)
  local deck = game:zone("deck", { visibility = "count", face = "down" })
  local hands = game:zone("hand", { per_seat = true, visibility = "owner" })
  game:zone("laid", { per_seat = true, visibility = "everyone", face = "down" })
  game:zone("done", { visibility = "everyone" })
  game.zones.box:move_all(deck)
  game:shuffle(deck)
  deck:deal(hands, game.options.rounds)
  game.state.points = {}
  for seat = 1, game.players do game.state.points[seat] = 0 end
end

local function label(id) return DECK[id].name end

function highcard.play(game)
  local z, points = game.zones, game.state.points
  for round = 1, game.options.rounds do
    for _ = 1, game.players do
      local seat = game.seats:current()
      local id = game:choose(seat, "lay", "lay a card face down", z.hand[seat]:cards(), label)
      z.laid[seat]:insert(id)
      game.table:show(id, seat)             -- face down, but its owner knows it
      game.seats:next()
    end
    local best, takers = -math.huge, {}
    for seat = 1, game.players do
      local id = z.laid[seat]:peek()
      game.table:face(id, true)             -- turned up: everyone sees it now
      local v = game.rules.value(DECK[id])
      if v > best then best, takers = v, { seat } elseif v == best then takers[#takers + 1] = seat end
    end
    if #takers == 1 then points[takers[1]] = points[takers[1]] + 1 end
    game:say("round %d: %s", round, #takers == 1 and "seat " .. takers[1] .. " scores" or "a tie")
    for seat = 1, game.players do z.laid[seat]:move(z.done) end
  end
  return score.result(score.winners(points), points, "most rounds taken")
end

-- The bot lays its highest card; the answer texts are all it needs.
function highcard.bots.greedy(view, request)
  local best = request.answers[1]
  for _, text in ipairs(request.answers) do
    if DECK[ID_OF[text][1]].value > DECK[ID_OF[best][1]].value then best = text end
  end
  return best
end

return highcard
