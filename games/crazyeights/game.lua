-- Crazy Eights, the tutorial game of cardlab (docs/authoring.md walks through
-- this file). Public-domain rules, as in Hoyle:
--   Deal 5 cards each (7 with two players). Turn the top of the stock up to
--   start the discard pile; an eight turned up goes back into the stock.
--   On your turn play a card that matches the top discard's suit or rank, or
--   an eight, which is wild: you then name the suit to follow. Instead you
--   may draw, up to 3 cards a turn; with no draw left you must play if you
--   can, and pass if you cannot.
--   When the stock runs out, the discard pile but its top card is shuffled
--   into a new stock. The first player out of cards wins and scores the
--   penalty points left in the other hands: eights 50, court cards 10, aces 1,
--   other cards their number. If every player passes in a row the game is
--   blocked: the lowest hand in penalty points wins them instead (tied
--   winners share). A game still going after 1000 turns ends the same way.

local cards = require "cards"
local score = require "score"
local render = require "render"
local explain = require "explain"

local crazyeights = {
  name = "crazyeights",
  title = "Crazy Eights",
  about = "shed your hand by matching suit or rank; eights are wild",
  players = { min = 2, max = 7, default = 4 },
  options = {
    { name = "hand_size", type = "integer", default = 0, min = 0, max = 10,
      doc = "cards dealt to each player; 0 deals 7 with two players, 5 with more" },
    { name = "draw_limit", type = "integer", default = 3, min = 0, max = 52,
      doc = "cards a player may draw in one turn; 0 means no limit" },
    { name = "turn_limit", type = "integer", default = 1000, min = 1, max = 100000,
      doc = "turns after which a game still going ends as a blocked game" },
  },
  bots = {},
  -- how the web page draws the table (docs/web.md, "Presentation hints")
  presentation = {
    felt = "#1f6b45", zones = { "stock", "discard" }, stacked = { discard = true },
    labels = { discard = "pile", suit = "suit to follow" }, hidden = { passes = true },
  },
  -- what `cardlab bench` measures (the runtime's target: 1M decisions/s)
  bench = { { players = 4, games = 3000 }, { players = 4, bots = "greedy", games = 1000 } },
  -- the search bot's games per decision: its default answers within 200 ms (docs/bots.md)
  search = { iterations = 600 },
}

---------------------------------------------------------------- the cards

local SUITS = { C = "clubs", D = "diamonds", H = "hearts", S = "spades" }
local DECK = cards.deck {
  ranks = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" },
  suits = { "C", "D", "H", "S" },
}
crazyeights.cards = DECK

-- The answer texts, made once: "play 7H" for every card, and the suits.
local PLAY, CARD_NAMED = {}, {}
for id, card in ipairs(DECK) do
  PLAY[id] = "play " .. card.name
  CARD_NAMED[card.name] = id
end
local SUIT_ANSWERS = { "clubs", "diamonds", "hearts", "spades" }
local SUIT_OF_ANSWER = { clubs = "C", diamonds = "D", hearts = "H", spades = "S" }

---------------------------------------------------------------- the rules
-- Each piece here may be replaced by a house-rule file (see docs/authoring.md).

local rules = {}
crazyeights.rules = rules

-- The size of a hand; `game` needs only its options and players.
function rules.hand_size(game)
  if game.options.hand_size > 0 then return game.options.hand_size end
  return game.players == 2 and 7 or 5
end

-- Refuses a deal that the deck cannot give: every hand and a starter.
function crazyeights.validate(options, players)
  local size = rules.hand_size { options = options, players = players }
  if players * size + 1 > #DECK then
    return string.format("%d hands of %d cards and a starter need %d cards; the deck has %d",
      players, size, players * size + 1, #DECK)
  end
end

-- Whether a card may go on the pile, given the top card and the suit to follow.
function rules.can_play(card, top, suit)
  return rules.is_wild(card) or card.suit == suit or card.rank == top.rank
end

function rules.is_wild(card)
  return card.rank == "8"
end
local book_can_play, book_is_wild = rules.can_play, rules.is_wild

function rules.penalty(card)
  if rules.is_wild(card) then return 50 end
  if card.rank == "J" or card.rank == "Q" or card.rank == "K" then return 10 end
  if card.rank == "A" then return 1 end
  return tonumber(card.rank)
end
local book_penalty = rules.penalty

-- legal_answers selects the playable cards in one call (zone:select) that
-- stands for can_play as written above: an eight, the suit to follow, or the
-- top card's rank. A copy of this script whose can_play or is_wild reads
-- otherwise (jacks wild too) must not take that shortcut, so the two are
-- compared once, when the script loads, over every card, top card and suit.
local function selection_is_can_play()
  for _, card in ipairs(DECK) do
    for _, top in ipairs(DECK) do
      for suit in pairs(SUITS) do
        local selected = card.rank == "8" or card.suit == suit or card.rank == top.rank
        if (not book_can_play(card, top, suit)) ~= (not selected) then return false end
      end
    end
  end
  return true
end
local selection_stands = selection_is_can_play()

-- Why `text`, which is none of the legal answers, is refused at seat's turn,
-- for a person who typed it: the engine lists the legal answers after it.
-- Gives nil when there is nothing to add (a text that is no answer at all).
-- It only words what legal_answers decided, and reads the table.
local function refusal(game, text, seat)
  local words, verb = explain.words(text)
  local zones = game.zones
  if verb == "play" then
    if not words[2] then return "name the card, e.g. 'play 7H'" end
    local id = CARD_NAMED[words[2]:upper()]
    if not id then return string.format("'%s' is not a card; cards are named like 7H, 10S or QD", words[2]) end
    if not zones.hand[seat]:find(id) then return "your hand holds no " .. DECK[id].name end
    local card, top = DECK[id], DECK[zones.discard:peek()]
    -- (a house rule's can_play may refuse what the book allows: no reason then)
    if card.suit == SUIT_OF_ANSWER[game.state.suit] or card.rank == top.rank or game.rules.is_wild(card) then
      return nil
    end
    return string.format("%s matches neither the suit to follow (%s) nor the rank of %s, and is not wild",
      card.name, game.state.suit, top.name)
  elseif verb == "draw" then
    if zones.stock:count() == 0 and zones.discard:count() <= 1 then
      return "the stock is empty, and the discard pile has no cards under its top card to make a new one"
    end
    return string.format("you have drawn %s this turn, the limit", render.count(game.options.draw_limit, "card"))
  elseif verb == "pass" then
    return "you may pass only when you can neither play nor draw"
  end
end

---------------------------------------------------------------- setup

local legal_answers  -- (below: a turn)

-- The book's turn (set where it is defined, below), and whether the game's
-- turn is it, whose answers greedy_reading knows: set by setup, seen through
-- a simulation's counting wrapper (the search's constraints get no game to ask).
local book_turn
local turn_is_book = true

function crazyeights.setup(game)
  local stock = game:zone("stock", { visibility = "count", face = "down" })
  local discard = game:zone("discard", { visibility = "everyone" })
  local hands = game:zone("hand", { per_seat = true, visibility = "owner" })
  game.zones.box:move_all(stock)
  game:shuffle(stock)
  stock:deal(hands, game.rules.hand_size(game))
  -- the starter: an eight goes back into the stock, at a random place, unless
  -- nothing but eights is left there
  local others = 0
  for _, id in ipairs(stock:cards()) do
    if not game.rules.is_wild(DECK[id]) then others = others + 1 end
  end
  while others > 0 and game.rules.is_wild(DECK[stock:peek()]) do
    stock:move(stock, 1, game:random(stock:count()))
  end
  stock:move(discard)
  game.state.suit = SUITS[DECK[discard:peek()].suit]
  game.state.passes = 0
  -- lists that every turn refills, kept with the game rather than made anew,
  -- and the draws left in the turn being played
  game.answers, game.playable, game.held = {}, {}, {}
  game.draws_left = 0
  -- legal_answers finds the playable cards in one call while can_play and
  -- is_wild are the book's; a simulation counting their calls wraps them
  -- (game:uncounted sees through that) and is told of the calls that one
  -- call stands for (game:call_tally): a call of can_play, and of the
  -- is_wild it asks, for each card in hand, which zone:select tallies
  local can_play, is_wild = game.rules.can_play, game.rules.is_wild
  game.book_can_play = selection_stands and game:uncounted(can_play) == book_can_play
    and game:uncounted(is_wild) == book_is_wild
  if game.book_can_play then game.table:tally_select(game:call_tally(can_play, is_wild)) end
  turn_is_book = game:uncounted(game.rules.turn) == book_turn
  -- why an answer is refused (for people), and the legal answers made again
  -- after an edit (:set) of a pending request: made once, not at each request
  game.refusal = function(text, seat) return refusal(game, text, seat) end
  game.refresh = function(seat) return legal_answers(game, seat) end
end

---------------------------------------------------------------- a turn

-- Fills game.answers with the legal answers of `seat` and game.playable
-- with the card behind each "play" answer, and gives the answers. The lists
-- are reused from turn to turn, so that a turn allocates nothing: this is the
-- inner loop of every simulation.
function legal_answers(game, seat)
  local zones, rules = game.zones, game.rules
  local answers, playable, held = game.answers, game.playable, game.held
  local top = DECK[zones.discard:peek()]
  local suit = SUIT_OF_ANSWER[game.state.suit]
  local n = 0
  if game.book_can_play then
    -- the book's can_play in one call: an eight, the suit to follow, or the
    -- rank of the top card
    local _, count = zones.hand[seat]:select(playable, "rank", "8", "suit", suit, "rank", top.rank)
    for i = 1, count do answers[i] = PLAY[playable[i]] end
    n = count
  else
    -- a house rule's can_play or is_wild, asked of each card
    local can_play = rules.can_play
    local hand = zones.hand[seat]:cards(held)
    for i = 1, #hand do
      local id = hand[i]
      if can_play(DECK[id], top, suit) then
        n = n + 1
        playable[n], answers[n] = id, PLAY[id]
      end
    end
    for i = #playable, n + 1, -1 do playable[i] = nil end
  end
  -- draw while draws are left and there is something to draw; pass only
  -- with no play and no draw
  local can_draw = game.draws_left > 0 and (zones.stock:count() > 0 or zones.discard:count() > 1)
  if can_draw then
    n = n + 1
    answers[n] = "draw"
  elseif n == 0 then
    n = 1
    answers[n] = "pass"
  end
  for i = #answers, n + 1, -1 do answers[i] = nil end
  return answers
end

-- One turn of `seat`: gives "play" or "pass".
function rules.turn(game, seat)
  local zones = game.zones
  local hand = zones.hand[seat]
  local limit = game.options.draw_limit
  game.draws_left = limit > 0 and limit or math.huge
  while true do
    local answers = legal_answers(game, seat)
    local answer, i = game:ask(seat, "play", "play a card or draw", answers, game.refusal, game.refresh)
    if answer == "pass" then
      -- per seat that passed and has not drawn since: the top card and the
      -- suit it could not follow (public: everyone saw the pass), for the
      -- search bot's deals (crazyeights.constraints)
      game.state.could_not_play = game.state.could_not_play or {}
      game.state.could_not_play[seat] = { top = zones.discard:peek(), suit = game.state.suit }
      return "pass"
    elseif answer == "draw" then
      if game.state.could_not_play then game.state.could_not_play[seat] = nil end
      if zones.stock:count() == 0 then
        game:say("the stock is empty: the discard pile but its top card is shuffled into a new stock")
      end
      game:draw(zones.stock, hand, 1, zones.discard, 1)
      game.draws_left = game.draws_left - 1
    else
      local card = game.playable[i]
      zones.discard:insert(card)
      if game.rules.is_wild(DECK[card]) and hand:count() > 0 then
        game.state.suit = game:ask(seat, "suit", "name the suit to follow", SUIT_ANSWERS)
      else
        game.state.suit = SUITS[DECK[card].suit]
      end
      return "play"
    end
  end
end

-- (the search reads a greedy player's answers only where the turn is this one)
book_turn = rules.turn

---------------------------------------------------------------- the game

local function penalties(game)
  local points = {}
  for seat = 1, game.players do
    points[seat] = 0
    for _, id in ipairs(game.zones.hand[seat]:cards()) do
      points[seat] = points[seat] + game.rules.penalty(DECK[id])
    end
  end
  return points
end

-- The result: the winners share the penalty points left in the other hands;
-- everyone else scores nothing. Scores are points won this hand.
local function result(game, winners, reason)
  local points = penalties(game)
  local won, pot = {}, 0
  for _, w in ipairs(winners) do won[w] = true end
  for seat = 1, game.players do
    if not won[seat] then pot = pot + points[seat] end
  end
  local scores = {}
  for seat = 1, game.players do scores[seat] = won[seat] and pot // #winners or 0 end
  return score.result(winners, scores, reason)
end

function crazyeights.play(game)
  local seat = game.seats:current()
  local turn_limit = game.options.turn_limit
  while true do
    local outcome = game.rules.turn(game, seat)
    if game.zones.hand[seat]:count() == 0 then
      return result(game, { seat }, string.format("seat %d went out", seat))
    end
    game.state.passes = outcome == "pass" and game.state.passes + 1 or 0
    if game.state.passes == game.players then
      return result(game, score.winners(penalties(game), true), "blocked: every player passed")
    end
    if game.seats:turn() >= turn_limit then
      -- a safety valve: with no draw limit, the cards can go round for ever
      local stopped = result(game, score.winners(penalties(game), true),
        string.format("stopped after %d turns: the lowest hand wins", turn_limit))
      stopped.limit = true  -- for simulations: counted apart
      return stopped
    end
    seat = game.seats:next()
  end
end

-- Each seat's standing during the game, for a simulation's lead changes and
-- drama: the cards in its hand, the fewer the nearer to going out.
crazyeights.standings = { cards = "hand", fewer = true }

---------------------------------------------------------------- the table at a glance

-- What `cardlab play` shows a seat: the pile, the suit to follow, the hands.
function crazyeights.describe(view, deck)
  local pile = view.zones.discard
  local top = pile.cards and pile.cards[1] or 0  -- face down after an edit: hidden
  local lines = {
    string.format("round %d. stock: %s. pile: %s on top (%s). suit to follow: %s",
      view.round, render.count(view.zones.stock.count), top == 0 and "??" or deck[top].name,
      render.count(pile.count), view.state.suit),
  }
  for seat = 1, view.players do
    local hand = view.zones[string.format("hand[%d]", seat)]
    local names = {}
    for i, id in ipairs(hand.cards or {}) do names[i] = id == 0 and "??" or deck[id].name end
    lines[#lines + 1] = string.format("  seat %d%s: %s", seat, seat == view.seat and " (you)" or "",
      hand.cards and table.concat(names, " ") or render.count(hand.count))
  end
  return lines
end

-- How the final scores were made, for `cardlab play` and `replay` after the
-- scores (presentation only: bots' games never call it). `view` sees every
-- hand. Each winner's score is the penalty points left in the others' hands,
-- card by card, divided among the winners when several tie.
function crazyeights.explain_result(view, result, deck)
  local won = {}
  for _, w in ipairs(result.winners or {}) do won[w] = true end
  local parts, pot = {}, 0
  for seat = 1, view.players do
    local hand = view.zones[string.format("hand[%d]", seat)]
    if not won[seat] and hand.cards and #hand.cards > 0 then
      local cards, sum = {}, 0
      for i, id in ipairs(hand.cards) do
        local p = crazyeights.rules.penalty(deck[id])
        cards[i], sum = string.format("%s %d", deck[id].name, p), sum + p
      end
      parts[#parts + 1] = string.format("seat %d: %s = %d", seat, table.concat(cards, ", "), sum)
      pot = pot + sum
    end
  end
  local winners = result.winners or {}
  if #winners == 0 then return {} end
  local who = {}
  for i, w in ipairs(winners) do who[i] = "seat " .. w end
  local lines = {}
  if #winners == 1 then
    lines[1] = string.format("%s scores %d: the penalty points left in the others' hands", who[1], pot)
  else
    lines[1] = string.format("%s score %d each: the penalty points left in the others' hands, %d, "
      .. "shared by %d (rounded down)", table.concat(who, ", "), pot // #winners, pot, #winners)
  end
  -- (the book's values, unless a house rule changed them: each card's is shown)
  if crazyeights.rules.penalty == book_penalty then
    lines[1] = lines[1] .. " (eights 50, kings, queens and jacks 10, aces 1, the others their number)"
  end
  lines[1] = lines[1] .. (#parts > 0 and ":" or ": none")
  for _, part in ipairs(parts) do lines[#lines + 1] = "  " .. part end
  return lines
end

---------------------------------------------------------------- what a pass tells

-- The search bot's deals (docs/bots.md): a player who passed could play
-- none of their cards (no draw was left, or nothing to draw), so until they
-- draw again their hand holds no card that could have gone on the pile then.
-- (Drawing is allowed with a playable card in hand, so a draw tells nothing.)
-- With the answers so far (history), also what the turns of each seat that
-- models names "greedy" (the search takes it to play as the greedy bot does)
-- tell if it does (greedy_reading), where the turn is the book's, whose
-- answers the reading knows.
function crazyeights.constraints(view, models, history)
  local can_play, is_wild = crazyeights.rules.can_play, crazyeights.rules.is_wild
  -- seat -> the piles { top, suit, eights } on which it could play none of
  -- the cards it holds (but eights, where eights)
  local unplayable = {}
  for seat, passed in pairs(view.state.could_not_play or {}) do
    unplayable[seat] = { { top = passed.top, suit = passed.suit } }
  end
  local plays = {}
  if models and history and turn_is_book then
    local piles, seat_plays = crazyeights.greedy_reading(view, history)
    for seat, list in pairs(piles) do
      if models[seat] == "greedy" then
        for _, pile in ipairs(list) do
          unplayable[seat] = unplayable[seat] or {}
          table.insert(unplayable[seat], pile)
        end
      end
    end
    for seat, list in pairs(seat_plays) do
      if models[seat] == "greedy" and seat ~= view.seat and #list > 0 then plays[seat] = list end
    end
  end
  local out = {}
  for seat, piles in pairs(unplayable) do
    local tops, suits = {}, {}
    for i, p in ipairs(piles) do tops[i], suits[i] = DECK[p.top], SUIT_OF_ANSWER[p.suit] end
    out[string.format("hand[%d]", seat)] = function(id)
      local card = DECK[id]
      for i, p in ipairs(piles) do
        if can_play(card, tops[i], suits[i]) and not (p.eights and is_wild(card)) then return false end
      end
      return true
    end
  end
  if not next(plays) then return out end
  return out, function(cards)
    for seat, list in pairs(plays) do
      if not crazyeights.plays_fit(cards(string.format("hand[%d]", seat)), list) then return false end
    end
    return true
  end
end

-- What each seat's answers since it last drew tell of its hand if it plays
-- as the greedy bot does, read from the answers so far (history: {seat,
-- answer} each). The greedy bot draws only with no card to play and plays an
-- eight only with no other card to play, so: after a turn in which it drew,
-- none of its cards could go on the pile as it was at the turn's start, and
-- after an eight played without drawing, none but eights (reads: seat ->
-- {top, suit, eights}, as a pass's); and its plays, each with the pile it
-- went on and the suit named after it (plays: seat -> {top, suit, card,
-- named}, for plays_fit). A draw brings new cards, of which nothing is told.
-- The pile before the first play is its starter, the bottom card of the pile
-- while no new stock was made of it (and it is face up); else the first play
-- is not read.
function crazyeights.greedy_reading(view, history)
  local reads, plays = {}, {}
  for seat = 1, view.players do reads[seat], plays[seat] = {}, {} end
  -- the card of each play, by the answer's place
  local card_of, played = {}, 0
  for i, entry in ipairs(history) do
    card_of[i] = CARD_NAMED[entry[2]:match("^play (%S+)$") or ""]
    if card_of[i] then played = played + 1 end
  end
  local pile = view.zones.discard.cards or {}
  local top, suit  -- the pile's top card and the suit to follow
  if #pile == played + 1 and DECK[pile[#pile]] then top = pile[#pile]; suit = SUITS[DECK[top].suit] end
  local turn_seat, turn_top, turn_suit, drew, last_play
  for i, entry in ipairs(history) do
    local seat, answer, card = entry[1], entry[2], card_of[i]
    if seat ~= turn_seat then
      turn_seat, turn_top, turn_suit, drew = seat, top, suit, false
    end
    if card then last_play = nil end
    if answer == "draw" then
      reads[seat], plays[seat], drew = {}, {}, true
    elseif card then
      if top then
        local list = plays[seat]
        last_play = { top = top, suit = suit, card = card }
        list[#list + 1] = last_play
        local wild = crazyeights.rules.is_wild(DECK[card])
        if drew and turn_top then
          local r = reads[seat]
          r[#r + 1] = { top = turn_top, suit = turn_suit }
        elseif wild and not drew then
          local r = reads[seat]
          r[#r + 1] = { top = top, suit = suit, eights = true }
        end
      end
      top, suit = card, SUITS[DECK[card].suit]
    elseif SUIT_OF_ANSWER[answer] then
      suit = answer
      if last_play then last_play.named = answer end
    end
  end
  return reads, plays
end

-- Whether a greedy player could have made the plays `list` (a seat's plays
-- since it last drew, oldest first) and hold `hand` (card ids) now. Going
-- back from the last play, its hand before each play was the hand after it
-- and the card played; the greedy bot played a card of the suit it held most
-- of among the cards it could play, an eight only with no other card to
-- play, and named the suit it held most of (the first of clubs, diamonds,
-- hearts, spades on a tie). Ties between cards to play go by the order of
-- the hand, which a deal does not keep, so a tie is taken to fit.
function crazyeights.plays_fit(hand, list)
  local can_play, is_wild = crazyeights.rules.can_play, crazyeights.rules.is_wild
  local held, cards = { C = 0, D = 0, H = 0, S = 0 }, {}
  for i = 1, #hand do
    cards[i] = DECK[hand[i]]
    held[cards[i].suit] = held[cards[i].suit] + 1
  end
  for k = #list, 1, -1 do
    local play = list[k]
    if play.named then
      -- the suit named was the first that the hand (without the eight) held most of
      local named = SUIT_OF_ANSWER[play.named]
      for _, s in ipairs(SUIT_ANSWERS) do
        local letter = SUIT_OF_ANSWER[s]
        if letter == named then break end
        if held[letter] >= held[named] then return false end
      end
      for _, s in ipairs(SUIT_ANSWERS) do
        if held[SUIT_OF_ANSWER[s]] > held[named] then return false end
      end
    end
    local played = DECK[play.card]
    cards[#cards + 1] = played
    held[played.suit] = held[played.suit] + 1
    local top, suit = DECK[play.top], SUIT_OF_ANSWER[play.suit]
    for i = 1, #cards do
      local card = cards[i]
      if not is_wild(card) and can_play(card, top, suit) then
        -- a card it could have played instead: none if it played an eight,
        -- and none of a suit it held more of
        if is_wild(played) or held[card.suit] > held[played.suit] then return false end
      end
    end
  end
  return true
end

---------------------------------------------------------------- bots

-- The greedy bot: play a matching card rather than an eight, the suit it holds
-- most of first; name the suit it holds most of; draw only when it must.
local HAND = {}
for seat = 1, crazyeights.players.max do HAND[seat] = string.format("hand[%d]", seat) end
local CARD_PLAYED = {}  -- "play 7H" -> the card's id
for id, text in ipairs(PLAY) do CARD_PLAYED[text] = id end

-- Whether a list of cards (a hand) holds the card `id`.
local function holds(cards, id)
  for i = 1, #cards do
    if cards[i] == id then return true end
  end
  return false
end

function crazyeights.bots.greedy(view, request)
  local hand = view.zones[HAND[view.seat]].cards or {}
  local held = { C = 0, D = 0, H = 0, S = 0 }
  for i = 1, #hand do
    local suit = DECK[hand[i]].suit
    held[suit] = held[suit] + 1
  end
  if request.kind == "suit" then
    local best = "clubs"
    for _, s in ipairs(SUIT_ANSWERS) do
      if held[SUIT_OF_ANSWER[s]] > held[SUIT_OF_ANSWER[best]] then best = s end
    end
    return best
  end
  local best, best_value
  for _, answer in ipairs(request.answers) do
    local id = CARD_PLAYED[answer]
    -- a card that left the hand since the request was asked (an edit in
    -- the REPL) is not chosen
    if id and holds(hand, id) then
      local card = DECK[id]
      local value = crazyeights.rules.is_wild(card) and 0 or 10 + held[card.suit]
      if not best or value > best_value then best, best_value = answer, value end
    end
  end
  return best or request.answers[#request.answers]
end

return crazyeights
