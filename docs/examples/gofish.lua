-- Go Fish (docs/authoring.md, "A third game: Go Fish"): questions to other
-- seats, what the table remembers, and the search bot told what it knows.
-- Rules (the common children's game):
--   Deal 7 cards each with two or three players, 5 with more; the rest is the
--   stock, face down. On your turn ask one other player, who holds cards, for
--   a rank you hold at least one card of ("seat 3, give me your sevens").
--   If they hold any, they give you all of them and you ask again. If not they
--   say "go fish": you draw the top card of the stock; if it is the rank you
--   asked for you show it and ask again, else the turn passes on.
--   Four cards of one rank make a book, laid face up in front of you at once.
--   A hand emptied ends the turn. A player whose hand is empty draws a card at
--   the start of their turn; with the stock empty too, they are out of the
--   game. With no other player holding cards, a turn is one card drawn. When all thirteen books
--   are laid, the most books win.

local cards = require "cards"
local score = require "score"
local render = require "render"
local explain = require "explain"

local RANKS = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" }
local DECK = cards.deck { ranks = RANKS, suits = { "C", "D", "H", "S" } }
local MAX_PLAYERS = 6

local gofish = {
  name = "gofish",
  title = "Go Fish",
  about = "ask another player for a rank; four of a rank make a book",
  players = { min = 2, max = MAX_PLAYERS, default = 4 },
  options = {
    { name = "hand_size", type = "integer", default = 0, min = 0, max = 10,
      doc = "cards dealt to each player; 0 deals 7 with two or three players, 5 with more" },
    { name = "lucky_draw", type = "boolean", default = true,
      doc = "drawing the rank you asked for lets you ask again" },
    { name = "turn_limit", type = "integer", default = 1000, min = 1, max = 100000,
      doc = "turns after which a game still going ends: the most books win" },
  },
  cards = DECK,
  rules = {},
  bots = {},
  -- a seat's standing: its books, four cards each
  standings = { cards = "books" },
}

-- The answer texts, made once: "ask seat 2 for 7" for each seat and rank, and
-- what each stands for.
local ASK, ASKED = {}, {}
for seat = 1, MAX_PLAYERS do
  ASK[seat] = {}
  for _, rank in ipairs(RANKS) do
    local text = string.format("ask seat %d for %s", seat, rank)
    ASK[seat][rank] = text
    ASKED[text] = { seat = seat, rank = rank }
  end
end
local DRAW = "draw"  -- the one answer when an edit left nothing to ask (refresh)
local RANK_OF_WORD = {}
for _, rank in ipairs(RANKS) do RANK_OF_WORD[rank] = rank end

local rules = gofish.rules

-- The size of a hand; reads only options and players (validate calls it so).
function rules.hand_size(game)
  if game.options.hand_size > 0 then return game.options.hand_size end
  return game.players <= 3 and 7 or 5
end

function gofish.validate(options, players)
  local size = rules.hand_size { options = options, players = players }
  if players * size > #DECK then
    return string.format("%d hands of %d cards need %d cards; the deck has %d",
      players, size, players * size, #DECK)
  end
end

-- The cards of `rank` in a zone, top first.
local function of_rank(zone, rank)
  return (zone:select(nil, "rank", rank))
end

-- Lays down every book in the seat's hand; gives the number laid.
local function lay_books(game, seat)
  local hand, laid = game.zones.hand[seat], 0
  for _, rank in ipairs(RANKS) do
    local held = of_rank(hand, rank)
    if #held == 4 then
      for _, id in ipairs(held) do game.zones.books[seat]:insert(id) end
      game.state.holds[seat][rank] = nil
      game:say("seat %d lays down a book of %s", seat, rank)
      laid = laid + 1
    end
  end
  return laid
end

-- The legal asks of `seat`: every other seat with cards, for every rank held.
local function legal_asks(game, seat)
  local answers, hand = {}, game.zones.hand[seat]
  for other = 1, game.players do
    if other ~= seat and game.zones.hand[other]:count() > 0 then
      for _, rank in ipairs(RANKS) do
        if #of_rank(hand, rank) > 0 then answers[#answers + 1] = ASK[other][rank] end
      end
    end
  end
  return answers
end

-- Why an ask is refused, for a person; nil when there is nothing to add.
local function refusal(game, text, seat)
  local words, verb = explain.words(text)
  if verb ~= "ask" then return nil end
  local example = "e.g. '" .. (legal_asks(game, seat)[1] or "ask seat 2 for 7") .. "'"
  if (words[2] or ""):lower() ~= "seat" or not tonumber(words[3]) or (words[4] or ""):lower() ~= "for"
      or not words[5] then
    return "ask a seat for a rank, " .. example
  end
  local other, rank = tonumber(words[3]), RANK_OF_WORD[words[5]:upper()]
  if other < 1 or other > game.players or other % 1 ~= 0 then
    return string.format("there is no seat %s: seats are 1 to %d", words[3], game.players)
  end
  if other == seat then return "you cannot ask yourself" end
  if not rank then
    return string.format("'%s' is not a rank; ranks are %s", words[5], table.concat(RANKS, " "))
  end
  if game.zones.hand[other]:count() == 0 then
    return string.format("seat %d holds no cards", other)
  end
  if #of_rank(game.zones.hand[seat], rank) == 0 then
    return string.format("you may ask only for a rank you hold, and you hold no %s", rank)
  end
end

-- Draws one card for `seat`; gives its id, or nil when the stock is empty.
local function draw(game, seat)
  local hand = game.zones.hand[seat]
  if game:draw(game.zones.stock, hand) == 0 then return nil end
  game.state.lacks[seat] = {}  -- a new card: what it was known to lack may have come
  return hand:peek()
end

function gofish.setup(game)
  local stock = game:zone("stock", { visibility = "count", face = "down" })
  local hands = game:zone("hand", { per_seat = true, visibility = "owner" })
  game:zone("books", { per_seat = true, visibility = "everyone" })
  game.zones.box:move_all(stock)
  game:shuffle(stock)
  stock:deal(hands, game.rules.hand_size(game))
  -- public memory of the table: the ranks a seat is known to hold (it asked
  -- for them) and to lack (it said "go fish", or gave them away, since it
  -- last drew)
  game.state.holds, game.state.lacks = {}, {}
  for seat = 1, game.players do game.state.holds[seat], game.state.lacks[seat] = {}, {} end
  game.refusal = function(text, seat) return refusal(game, text, seat) end
  -- after an edit (the REPL's :set, a scenario's set-up): the asks the
  -- table allows now, or, when it allows none (no hand, or nobody else
  -- holds cards), the draw the turn then makes, so no stale ask stays
  game.refresh = function(seat)
    local answers = legal_asks(game, seat)
    if #answers > 0 then return answers end
    local nothing = game.zones.hand[seat]:count() == 0 and "you hold no cards" or "nobody else holds cards"
    return { DRAW }, nothing .. ": draw"
  end
  -- a deal may hold a book already
  for seat = 1, game.players do lay_books(game, seat) end
end

-- One turn of `seat`, asking until a "go fish" that misses.
function rules.turn(game, seat)
  local z, state = game.zones, game.state
  while true do
    if z.hand[seat]:count() == 0 then
      if not draw(game, seat) then return end  -- out of the game
      game:say("seat %d has no cards and draws one", seat)
      lay_books(game, seat)
      if z.hand[seat]:count() == 0 then return end
    end
    local answers = legal_asks(game, seat)
    if #answers == 0 then
      -- nobody else holds a card: the turn is a draw
      if draw(game, seat) then
        game:say("nobody else holds cards: seat %d draws", seat)
        lay_books(game, seat)
      end
      return
    end
    local text = game:ask(seat, "ask", "ask a player for a rank", answers, game.refusal, game.refresh)
    -- (only a refresh offers it: back to the top, which draws as the table is)
    if text == DRAW then goto continue end
    local asked = ASKED[text]
    local given = of_rank(z.hand[asked.seat], asked.rank)
    state.holds[seat][asked.rank] = true
    if #given > 0 then
      for _, id in ipairs(given) do z.hand[seat]:insert(id) end
      -- everyone saw them handed over: the giver holds none of the rank now
      state.holds[asked.seat][asked.rank], state.lacks[asked.seat][asked.rank] = nil, true
      game:say("seat %d gives seat %d %s", asked.seat, seat, table.concat(render.card_names(given, DECK), " "))
      lay_books(game, seat)
      if z.hand[seat]:count() == 0 then return end
    else
      state.lacks[asked.seat][asked.rank] = true
      game:say("seat %d says: go fish", asked.seat)
      local id = draw(game, seat)
      if id and DECK[id].rank == asked.rank and game.options.lucky_draw then
        game:say("seat %d draws the %s it asked for, %s, and asks again", seat, asked.rank, DECK[id].name)
        lay_books(game, seat)
        if z.hand[seat]:count() == 0 then return end
      else
        if id then lay_books(game, seat) end
        return
      end
    end
    ::continue::
  end
end

local function books(game)
  local counts = {}
  for seat = 1, game.players do counts[seat] = game.zones.books[seat]:count() // 4 end
  return counts
end

function gofish.play(game)
  while true do
    local seat = game.seats:current()
    game.rules.turn(game, seat)
    local counts, laid = books(game), 0
    for s = 1, game.players do laid = laid + counts[s] end
    if laid == #RANKS then
      return score.result(score.winners(counts), counts, "every book is laid")
    end
    if game.seats:turn() >= game.options.turn_limit then
      local stopped = score.result(score.winners(counts), counts,
        string.format("stopped after %d turns", game.options.turn_limit))
      stopped.limit = true
      return stopped
    end
    game.seats:next()
  end
end

-- What the terminal shows: the stock, each hand (yours in rank order), the
-- books and what the table knows.
local RANK_ORDER = {}
for i, rank in ipairs(RANKS) do RANK_ORDER[rank] = i end

function gofish.describe(view, deck)
  local lines = { string.format("turn %d. stock: %s", view.turn, render.count(view.zones.stock.count)) }
  for seat = 1, view.players do
    local hand = view.zones[string.format("hand[%d]", seat)]
    local shown
    if hand.cards then
      local ids = {}
      for i, id in ipairs(hand.cards) do ids[i] = id end
      table.sort(ids, function(a, b)
        local ra, rb = a == 0 and 99 or RANK_ORDER[deck[a].rank], b == 0 and 99 or RANK_ORDER[deck[b].rank]
        if ra ~= rb then return ra < rb end
        return a < b
      end)
      shown = table.concat(render.card_names(ids, deck), " ")
    else
      shown = render.count(hand.count)
    end
    local laid, seen = {}, {}
    for _, id in ipairs(view.zones[string.format("books[%d]", seat)].cards or {}) do
      local rank = deck[id].rank
      if not seen[rank] then seen[rank] = true; laid[#laid + 1] = rank end
    end
    local holds, lacks = {}, {}
    for _, rank in ipairs(RANKS) do
      if view.state.holds[seat][rank] then holds[#holds + 1] = rank end
      if view.state.lacks[seat][rank] then lacks[#lacks + 1] = rank end
    end
    lines[#lines + 1] = string.format("  seat %d%s: %s", seat, seat == view.seat and " (you)" or "", shown)
    local notes = {}
    if #laid > 0 then notes[#notes + 1] = "books " .. table.concat(laid, " ") end
    if #holds > 0 then notes[#notes + 1] = "holds " .. table.concat(holds, " ") end
    if #lacks > 0 then notes[#notes + 1] = "lacks " .. table.concat(lacks, " ") end
    if #notes > 0 then lines[#lines + 1] = "      " .. table.concat(notes, "; ") end
  end
  return lines
end

-- The search bot's deals: a seat that said "go fish" and has not drawn since
-- holds no card of that rank; a seat that asked for a rank and has not given
-- it away holds at least one.
function gofish.constraints(view)
  local refused, players = {}, view.players
  local lacks, holds, zone = {}, {}, {}
  for seat = 1, players do
    lacks[seat], holds[seat] = view.state.lacks[seat], view.state.holds[seat]
    zone[seat] = string.format("hand[%d]", seat)
    local lacking = lacks[seat]
    refused[zone[seat]] = function(id) return not lacking[DECK[id].rank] end
  end
  local function fits(deal)
    for seat = 1, players do
      if seat ~= view.seat then
        local need = {}
        for _, rank in ipairs(RANKS) do if holds[seat][rank] then need[rank] = true end end
        for _, id in ipairs(deal(zone[seat])) do need[DECK[id].rank] = nil end
        if next(need) then return false end
      end
    end
    return true
  end
  return refused, fits
end

-- The greedy bot: ask a seat known to hold a rank it holds too; else ask for
-- the rank it holds most of, of the seat with most cards not known to lack it.
function gofish.bots.greedy(view, request)
  local hand = view.zones[string.format("hand[%d]", view.seat)].cards or {}
  local held = {}
  for _, id in ipairs(hand) do
    local rank = DECK[id].rank
    held[rank] = (held[rank] or 0) + 1
  end
  local best, best_value
  for _, text in ipairs(request.answers) do
    local asked = ASKED[text]
    local other = asked.seat
    local value = (held[asked.rank] or 0) * 10
      + view.zones[string.format("hand[%d]", other)].count
    if view.state.holds[other][asked.rank] then value = value + 1000 end
    if view.state.lacks[other][asked.rank] then value = value - 1000 end
    if not best or value > best_value then best, best_value = text, value end
  end
  return best
end

return gofish
