-- Cryptocurrency (Steve Ng, Capital Gains Group). The rule book, in short:
--   Setup. Each player: 3 interns and 6 Wonga. Mining markers on the first
--   field, prices on their start fields, the market stock on the market
--   board, the other coins are the unmined supply. 5 job seekers face up, 3
--   upcoming transactions face down (their backs show the currency), 2
--   rumours beside every currency (the first face up: it moves the price at
--   once; the second face down). Loans and the 4 hodler cards ready; the
--   start player marker, and the last player marker to the right of it.
--   A round has four phases:
--   1 Preparation: the start player may propose replacing the job seekers;
--     only if everyone agrees are they replaced (once a round). Then each
--     player in turn draws a secret rumour, may take a loan (at most 2 held,
--     +8 Wonga), may hire one job seeker (pay its cost, dismiss a member;
--     the Headhunter is a fourth member). The seekers left are replaced.
--   2 Actions: from the start player clockwise, one action a turn with at
--     least one fresh member (their energy is summed; they are exhausted):
--     mine or trade; or pass (all members exhausted). The phase ends when
--     every member of every player is exhausted.
--   3 Maintenance: refresh the members; pay 2 interest a loan (a coin back to
--     the market for a payment one cannot make); then repay loans (8).
--   4 Rumours: from the last player counter-clockwise, each puts the secret
--     rumour on a track that got none this phase, on the first free slot,
--     with the face opposite to the card before it (face up moves the price
--     at once). With 2-3 players the tracks left get cards from the deck.
--   Prices stay on their track: an effect that would pass an end is
--   cancelled. The game ends after the rumour phase in which every track
--   holds 5 rumours (4 with four players); the two set-up rumours lie beside
--   the track and do not count (docs/games/cryptocurrency.md). Then: hodler
--   cards (12 Wonga for the most coins of a currency, split on ties), the
--   face-down rumours turn up and the price moves once by the sum of their
--   points, the lowest rumour total is a scam (all tied) and its price drops
--   to 0, everyone sells every coin and repays every loan; the richest wins;
--   ties: most coins, then the player whose first turn in the last round
--   came earlier.
-- The components are data (data.lua).

local cards = require "cards"
local score = require "score"
local render = require "render"
local explain = require "explain"
local data = require "data"

local crypto = {
  name = "cryptocurrency",
  title = "Cryptocurrency",
  about = "mine and trade four cryptocurrencies, spread rumours, and sell the scam before it collapses",
  players = { min = 2, max = 4, default = 4 },
  options = {
    { name = "boards", type = "choice", default = "basic", choices = { "basic", "advanced" },
      doc = "which side of the info and market boards is used" },
    { name = "events", type = "boolean", default = false,
      doc = "the events mini-expansion: an event at the start of every action phase" },
    { name = "start_player", type = "seat", default = 0,
      doc = "the seat with the start player marker (who last bought online); 0: drawn at random" },
    { name = "ability_order", type = "choice", default = "book", choices = { "book", "player" },
      doc = "the abilities that act after the action: in the order the book lists the experts, or in "
        .. "the order the player chooses" },
  },
  bots = {},
  -- how the web page draws the table (docs/web.md, "Presentation hints")
  presentation = {
    felt = "#263843", card_label = "name", colour_by = "type",
    colours = { intern = "#607d8b", expert = "#1565c0", transaction = "#2e7d32", hash = "#f9a825",
                rumour = "#c62828", event = "#e65100" },
    zones = { "seekers", "experts", "expert_discard", "hash", "hash_drawn", "hash_stack",
              "transactions", "transaction_discard", "upcoming", "rumour_deck" },
    seat_zones = { "team", "secret" },
    -- the market board: a row per currency; the seats' money and coins under
    -- each seat; the start and last player markers on their seats; exhausted
    -- team members turned
    state = { "phase", "round", "last_round", "upcoming", "price", "mining", "stock", "supply",
              "rumours", "placed", "events" },
    seat_state = { "wonga", "loans", "coins" },
    markers = { "start", "last" },
    turned = "tired",
    labels = { hash_drawn = "hash drawn", rumour_deck = "rumour deck", start = "start player",
               last = "last player", last_round = "last round", upcoming = "upcoming transactions",
               mining = "mining field", stock = "market", supply = "unmined",
               rumours = "rumour points", placed = "rumours placed" },
    stacked = { expert_discard = true, transaction_discard = true, event_discard = true },
    hide_empty = { expert_discard = true, hash_drawn = true, hash_stack = true,
                   transaction_discard = true, event_active = true, event_discard = true, events = true },
    -- the option in play, and the price track's field (its price is shown)
    hidden = { boards = true, field = true },
  },
  -- the rumour a seat keeps from the Newshawk is its secret
  secret_kinds = { newshawk_keep = true },
  -- the option, copied for the table and the bots; the rules read the option
  fixed_state = { "boards" },
  -- what `cardlab bench` measures (the issue's target: 1 us a decision)
  bench = { { players = 4 }, { players = 4, bots = "greedy", games = 300 } },
  -- the search bot's games per decision: its default answers within 200 ms (docs/bots.md)
  search = { iterations = 120 },
}

-- The rules read the book's numbers from the table `data` the script loaded,
-- which a house file changes key by key: a table put in place of rules.data
-- would be read by nothing, so a game under it is refused with the way.
function crypto.validate(options, players)
  if crypto.rules.data ~= data then
    return "rules.data is changed key by key (rules.data.max_loans = 0), not replaced as a whole"
  end
end

local CURRENCIES = data.currencies
local NCUR = #CURRENCIES

---------------------------------------------------------------- the cards

local DECK = {}
local function add(kind, text)
  for _, card in ipairs(cards.parse(text)) do
    card.type = kind
    -- each kind of card is a deck with a back of its own, and a transaction's
    -- back shows its currency (the search bot's deals keep them apart)
    card.back = card.currency and kind .. " " .. card.currency or kind
    DECK[#DECK + 1] = card
  end
end
add("intern", data.interns_list)
add("expert", data.experts)
add("transaction", data.transactions)
add("hash", data.hash)
add("rumour", data.rumours)
add("event", data.events)
crypto.cards = DECK

local IDS = {}   -- kind -> ids
for id, card in ipairs(DECK) do
  IDS[card.type] = IDS[card.type] or {}
  table.insert(IDS[card.type], id)
end
local SUCCESS, FAILURES = nil, {}
for _, id in ipairs(IDS.hash) do
  if DECK[id].success then SUCCESS = id else FAILURES[#FAILURES + 1] = id end
end

-- "Intern", "Intern (2)": answer texts made unique within one list.
local seen = {}
local function unique(labels)
  for i, l in ipairs(labels) do
    local k = seen[l]
    if k then
      seen[l] = k + 1
      labels[i] = string.format("%s (%d)", l, k + 1)
    else
      seen[l] = 1
    end
  end
  for l in pairs(seen) do seen[l] = nil end
  return labels
end

local function signed(n) return n > 0 and "+" .. n or tostring(n) end

-- A rumour by headline and points (narration names one only when it is face up).
local function rumour_name(id)
  return string.format("%s (%s)", DECK[id].name, signed(DECK[id].points))
end

---------------------------------------------------------------- the rules
-- Each piece here may be replaced by a house-rule file.

local rules = {}
crypto.rules = rules
rules.data = data

-- The board (price track, start field, stock, mining track) of a currency.
function rules.board(game, cur)
  local boards = game.boards
  if not boards then
    boards = data[game.options.boards]
    game.boards = boards
  end
  return boards[cur]
end

function rules.event(game, effect)
  return game.state.events[effect] == true
end

function rules.rumours_to_end(game)
  return data.rumours_to_end[game.players]
end

function rules.interest(game)
  return rules.event(game, "regulation") and 3 or data.loan_interest
end

function rules.hodler_bonus(game)
  return rules.event(game, "whale_watch") and 16 or data.hodler_bonus
end

function rules.market_shift_every(game, analyst)
  if analyst then return data.data_analyst_shift_every end
  return rules.event(game, "low_liquidity") and 3 or data.market_shift_every
end

function rules.price(game, cur)
  local s = game.state
  return s.price[cur]
end

-- Moves a price `steps` fields along its track; an effect that would pass an
-- end of the track is cancelled. Gives true if the price moved.
function rules.move_price(game, cur, steps)
  local s, track = game.state, rules.board(game, cur).prices
  local to = s.field[cur] + steps
  if to < 1 or to > #track then
    game:say("%s: %s cancelled, it would leave the price track", cur, signed(steps))
    return false
  end
  -- a track may hold a price twice (advanced Elvt: 1 1 2 2 ...)
  if track[to] ~= s.price[cur] then
    game:say("%s: price %d -> %d", cur, s.price[cur], track[to])
  elseif steps ~= 0 then
    game:say("%s: price stays %d (field %d -> %d)", cur, track[to], s.field[cur], to)
  end
  s.field[cur] = to
  s.price[cur] = track[to]
  return true
end

-- The currencies the seat holds coins of; nil for none.
local function held_currencies(game, seat)
  local held = {}
  for _, cur in ipairs(CURRENCIES) do
    if game.state.coins[seat][cur] > 0 then held[#held + 1] = cur end
  end
  if #held > 0 then return held end
end

-- A payment that one cannot make costs a coin (back to the market) instead.
function rules.pay(game, seat, amount, why)
  local s = game.state
  if s.wonga[seat] >= amount then
    s.wonga[seat] = s.wonga[seat] - amount
    game:say("seat %d pays %d Wonga (%s)", seat, amount, why)
    return
  end
  local held = held_currencies(game, seat)
  if not held then
    game:say("seat %d cannot pay %s and has no coin", seat, why)
    return
  end
  -- (asked again after an edit of the coins while it waits: made once)
  game.refresh_pay = game.refresh_pay or function(asked) return held_currencies(game, asked) end
  local cur = #held == 1 and held[1]
    or game:choose(seat, "pay_coin", string.format("you cannot pay %s: return a coin to the market", why), held, nil,
      game.refusals.pay_coin, game.refresh_pay)
  -- (an edit that took the last coin while it was asked leaves it unpaid)
  if s.coins[seat][cur] == 0 then
    game:say("seat %d cannot pay %s and has no %s", seat, why, cur)
    return
  end
  s.coins[seat][cur] = s.coins[seat][cur] - 1
  s.stock[cur] = s.stock[cur] + 1
  game:say("seat %d cannot pay %d Wonga (%s): 1 %s goes back to the market", seat, amount, why, cur)
end

local function gain_coins(game, seat, cur, n)
  local s = game.state
  n = math.min(n, s.supply[cur])
  s.supply[cur] = s.supply[cur] - n
  s.coins[seat][cur] = s.coins[seat][cur] + n
  return n
end

---------------------------------------------------------------- rumours

local TRACK = {}
for _, cur in ipairs(CURRENCIES) do TRACK[cur] = "rumours_" .. cur end
local function track(game, cur) return game.zones[TRACK[cur]] end

-- The public list of a track's face-up points ("?" face down), for views;
-- every rule that changes a track calls it.
local function update_track(game, cur)
  local z, list = track(game, cur), {}
  for i, id in ipairs(z:cards()) do
    list[i] = game.table:face(id) and DECK[id].points or "?"
  end
  game.state.rumours[cur] = list
end

-- Puts a rumour on a track: first free slot, the face opposite to the card
-- before it; face up moves the price at once. `setup`: a set-up card, beside
-- the track (it does not fill a slot). `seat`: the player who placed it, who
-- keeps seeing it face down (they held it; docs/games/cryptocurrency.md).
function rules.place_rumour(game, cur, card, setup, seat)
  local z = track(game, cur)
  local last = z:peek(z:count())
  local up = last == nil or not game.table:face(last)
  z:insert(card, "bottom")
  game.table:face(card, up)
  if not setup then game.state.placed[cur] = game.state.placed[cur] + 1 end
  -- a face-down rumour's headline tells its points: it stays hidden
  if up then
    game:say("%s: rumour %s placed face up", cur, rumour_name(card))
  else
    game:say("%s: a rumour placed face down", cur)
    if seat then game.table:show(card, seat) end
  end
  if up then rules.move_price(game, cur, DECK[card].points) end
  update_track(game, cur)
end


-- Why an answer is refused, for people (defined after the rumour phase,
-- below).
local refusal_of_hire, refusal_of_dismiss, refusal_of_action, refusal_of_members, refusal_of_amount
local refusal_of_rumour, refusal_of_pay_coin, refusal_of_exhaust, refusal_of_replicator, refusal_of_slot
local refusal_of_newshawk, meant, refusal_of_ability_order
local public_terms  -- the mining terms a house rule's pieces give (below, after mining)
local BOARD, DIFFICULTY, EVENT  -- the book's rules.board, rules.difficulty, rules.event (set below, after mining)

---------------------------------------------------------------- setup

-- Where the rules last put the game (state phase and last_round), for
-- crypto.edited: a state edit of one of them alone is refused, since no rule
-- reads them back to go there.
local function mark(game)
  local s, at = game.state, game.at or {}
  at.phase, at.last_round = s.phase, s.last_round
  game.at = at
end

local function reveal_seekers(game)
  local z = game.zones
  game:draw(z.experts, z.seekers, data.job_seekers - z.seekers:count(), z.expert_discard, 0)
end

-- The public list of the upcoming transactions' currencies (their backs),
-- for views.
local function update_upcoming(game)
  local list = {}
  for i, id in ipairs(game.zones.upcoming:cards()) do list[i] = DECK[id].currency end
  game.state.upcoming = list
end

local function refill_transactions(game)
  local z = game.zones
  game:draw(z.transactions, z.upcoming, data.upcoming_transactions - z.upcoming:count(),
    z.transaction_discard, 0)
  update_upcoming(game)
end

function crypto.setup(game)
  local s, n = game.state, game.players
  local z = game.zones
  -- 1 the teams
  game:zone("team", { per_seat = true, visibility = "everyone", face = "up" })
  game:zone("secret", { per_seat = true, visibility = "owner", face = "up" })
  s.wonga, s.loans, s.coins, s.tired = {}, {}, {}, {}
  for seat = 1, n do
    for i = 1, data.interns_each do z.team[seat]:insert(IDS.intern[(seat - 1) * data.interns_each + i], "bottom") end
    s.wonga[seat], s.loans[seat], s.coins[seat] = data.start_wonga, 0, {}
    for _, cur in ipairs(CURRENCIES) do s.coins[seat][cur] = 0 end
  end
  -- 2-4 the boards: mining markers, prices, market stock, supply
  s.mining, s.field, s.price, s.stock, s.supply, s.placed, s.rumours = {}, {}, {}, {}, {}, {}, {}
  s.events, s.boards = {}, game.options.boards
  for _, cur in ipairs(CURRENCIES) do
    local b = rules.board(game, cur)
    s.mining[cur], s.field[cur], s.price[cur] = 1, b.start, b.prices[b.start]
    s.stock[cur], s.supply[cur] = b.stock, data.coins_per_currency - b.stock
    s.placed[cur] = 0
    game:zone("rumours_" .. cur, { visibility = "everyone", face = "down" })
  end
  -- (seen through a simulation's counting wrappers, which are the book's)
  game.terms_public = game:uncounted(rules.board) ~= BOARD or game:uncounted(rules.difficulty) ~= DIFFICULTY
    or game:uncounted(rules.event) ~= EVENT
  if game.terms_public then public_terms(game) end
  -- 5 job seekers
  game:zone("experts", { visibility = "count", face = "down" })
  game:zone("seekers", { visibility = "everyone", face = "up" })
  game:zone("expert_discard", { visibility = "everyone", face = "up" })
  for _, id in ipairs(IDS.expert) do z.experts:insert(id) end
  game:shuffle(z.experts)
  reveal_seekers(game)
  -- 6 upcoming transactions
  game:zone("transactions", { visibility = "count", face = "down" })
  game:zone("upcoming", { visibility = "everyone", face = "down" })
  game:zone("transaction_discard", { visibility = "everyone", face = "up" })
  for _, id in ipairs(IDS.transaction) do z.transactions:insert(id) end
  game:shuffle(z.transactions)
  refill_transactions(game)
  -- hash cards
  game:zone("hash", { visibility = "everyone", face = "up" })
  game:zone("hash_stack", { visibility = "count", face = "down" })
  game:zone("hash_drawn", { visibility = "everyone", face = "up" })
  for _, id in ipairs(IDS.hash) do z.hash:insert(id, "bottom") end
  -- 7 the first rumours
  game:zone("rumour_deck", { visibility = "count", face = "down" })
  for _, id in ipairs(IDS.rumour) do z.rumour_deck:insert(id) end
  game:shuffle(z.rumour_deck)
  for _, cur in ipairs(CURRENCIES) do
    for _ = 1, 2 do rules.place_rumour(game, cur, z.rumour_deck:peek(), true) end
  end
  -- events (the mini-expansion)
  game:zone("events", { visibility = "count", face = "down" })
  game:zone("event_active", { visibility = "everyone", face = "up" })
  game:zone("event_discard", { visibility = "everyone", face = "up" })
  if game.options.events then
    for _, id in ipairs(IDS.event) do z.events:insert(id) end
    game:shuffle(z.events)
  end
  -- 8-10 loans, hodler cards, hash cards and Wonga are counters
  -- the markers
  local start = game.options.start_player
  if start == 0 then start = game:random(n) end
  game.seats:set_start(start)
  s.start = start
  s.last = game.seats:after(start, -1)
  s.round = 1
  s.phase = "preparation"
  mark(game)
  game.turn_answers = {}
  -- the currency and energy of the trade being asked for, for its explainer
  game.trading = { cur = nil, energy = 0 }
  -- the explainers of refused answers, made once
  game.refusals = {
    hire = meant(function(text, seat, answers) return refusal_of_hire(game, text, seat, answers) end),
    dismiss = meant(function(text, seat, answers) return refusal_of_dismiss(game, text, seat, answers) end),
    action = function(text, seat) return refusal_of_action(game, text, seat) end,
    members = meant(function(text, seat, answers) return refusal_of_members(game, text, seat, answers) end),
    amount = function(text, seat, answers) return refusal_of_amount(game, text, seat, answers) end,
    rumour = function(text, seat, answers) return refusal_of_rumour(game, text, answers) end,
    pay_coin = function(text, seat, answers) return refusal_of_pay_coin(game, text, seat, answers) end,
    exhaust = meant(function(text, seat, answers) return refusal_of_exhaust(game, text, seat, answers) end),
    replicator = meant(function(text, seat, answers) return refusal_of_replicator(game, text, seat, answers) end),
    newshawk_keep = meant(function(text, seat) return refusal_of_newshawk(game, text, seat) end),
    black_hat_hacker = function(text) return refusal_of_slot(game, text, false, "Black Hat Hacker") end,
    white_hat_hacker = function(text) return refusal_of_slot(game, text, true, "White Hat Hacker") end,
    tweetman = function(text) return refusal_of_slot(game, text, nil, "Tweetman") end,
    ability_order = meant(function(text, seat, answers) return refusal_of_ability_order(text, answers) end),
  }
end

---------------------------------------------------------------- team members

local function team(game, seat) return game.zones.team[seat] end

local function fresh_members(game, seat)
  local list = {}
  for _, id in ipairs(team(game, seat):cards()) do
    if not game.state.tired[id] then list[#list + 1] = id end
  end
  return list
end

local function has_fresh(game, seat)
  local tired = game.state.tired
  local z = team(game, seat)
  for i = 1, z:count() do
    if not tired[z:peek(i)] then return true end
  end
  return false
end

local function names_of(ids)
  local labels = {}
  for i, id in ipairs(ids) do labels[i] = DECK[id].name end
  return unique(labels)
end

local function exhaust(game, id) game.state.tired[id] = true end

---------------------------------------------------------------- 1 preparation

function rules.replace_seekers(game)
  local z = game.zones
  z.seekers:move_all(z.expert_discard)
  reveal_seekers(game)
end

-- The start player may propose; all players are asked; all must agree.
function rules.seeker_vote(game, order)
  if not game:yes_no(order[1], "propose_replace", "propose replacing the job seekers?") then return false end
  local all = true
  for i = 2, #order do
    if not game:yes_no(order[i], "agree_replace", string.format("seat %d proposes replacing the job seekers: agree?", order[1])) then
      all = false
    end
  end
  if all then
    game:say("the job seekers are replaced")
    rules.replace_seekers(game)
  end
  return all
end

function rules.take_loan(game, seat)
  local s = game.state
  if s.loans[seat] >= data.max_loans then return end
  if game:yes_no(seat, "loan", string.format("take a loan (+%d Wonga, %d interest a round)?",
      data.loan_amount, rules.interest(game))) then
    s.loans[seat] = s.loans[seat] + 1
    s.wonga[seat] = s.wonga[seat] + data.loan_amount
    game:say("seat %d takes a loan (+%d Wonga)", seat, data.loan_amount)
  end
end

function rules.team_size(game, seat)
  for _, id in ipairs(team(game, seat):cards()) do
    if DECK[id].ability == "headhunter" then return 4 end
  end
  return 3
end

function rules.dismiss(game, id)
  if DECK[id].type == "intern" then
    game.zones.box:insert(id)
  else
    game.zones.expert_discard:insert(id)
  end
end

-- The seekers the seat can pay (game.hiring.offer) and the answers (hire
-- each, then no), in lists kept with the game: an edit while the hire is
-- asked (Wonga, the seekers) makes them again.
local function hire_answers(game, seat)
  local h = game.hiring
  if not h then
    h = { offer = {}, labels = {} }
    game.hiring = h
  end
  local offer, labels, n = h.offer, h.labels, 0
  for _, id in ipairs(game.zones.seekers:cards()) do
    if DECK[id].cost <= game.state.wonga[seat] then
      n = n + 1
      offer[n], labels[n] = id, "hire " .. DECK[id].name
    end
  end
  for i = #offer, n + 1, -1 do offer[i] = nil end
  for i = #labels, n + 1, -1 do labels[i] = nil end
  unique(labels)
  labels[n + 1] = "no"
  return labels
end

function rules.hire(game, seat)
  local s = game.state
  local labels = hire_answers(game, seat)
  local offer = game.hiring.offer
  if #offer == 0 then return end
  game.refresh_hire = game.refresh_hire or function(asked) return hire_answers(game, asked) end
  local _, i = game:ask(seat, "hire", "hire a job seeker?", labels, game.refusals.hire, game.refresh_hire)
  local id = offer[i]
  if not id then return end
  s.wonga[seat] = s.wonga[seat] - DECK[id].cost
  local members = team(game, seat)
  members:insert(id, "bottom")
  -- a member leaves for every one over the team size (3; 4 with the Headhunter)
  while members:count() > rules.team_size(game, seat) do
    local ids = members:cards()
    ids[#ids] = nil -- not the one just hired
    local _, k = game:ask(seat, "dismiss", "which team member leaves?", names_of(ids), game.refusals.dismiss)
    -- (one an edit took out of the team while it was asked stays where it is)
    if game.table:where(ids[k]) == members then
      rules.dismiss(game, ids[k])
      game:say("seat %d: %s leaves the team", seat, DECK[ids[k]].name)
    end
  end
  game:say("seat %d hires %s for %d Wonga", seat, DECK[id].name, DECK[id].cost)
end

function rules.preparation(game, order)
  local z = game.zones
  game.state.phase = "preparation"
  mark(game)
  rules.seeker_vote(game, order)
  for _, seat in ipairs(order) do
    -- (a seat holds none here, but one an edit gave it, which it keeps)
    game:draw(z.rumour_deck, z.secret[seat], 1 - z.secret[seat]:count())
    rules.take_loan(game, seat)
    rules.hire(game, seat)
  end
  rules.replace_seekers(game)
end

---------------------------------------------------------------- 2 actions: mining

-- Builds the hash stack (1 SUCCESS and failures up to the difficulty), has it
-- shuffled, and draws one card per energy. Gives true on SUCCESS. The cards
-- drawn lie face up for everyone until the next mining, as on the table (so
-- every seat sees what the mining found, not only its result).
function rules.hash_draw(game, difficulty, energy)
  local z = game.zones
  z.hash_drawn:move_all(z.hash)
  z.hash_stack:insert(SUCCESS)
  for i = 1, difficulty - 1 do z.hash_stack:insert(FAILURES[i]) end
  game:shuffle(z.hash_stack)
  z.hash_stack:move_all(z.hash_drawn, math.max(difficulty - energy, 0))
  local found = game.table:where(SUCCESS) == z.hash_drawn
  z.hash_stack:move_all(z.hash)
  return found
end

-- The terms of a currency's mining field `at` of its board: difficulty,
-- coin reward and Wonga per transaction, with the permanent events that
-- change them (Faster Blocks, Mining Boom, Fee Hike: true when in play). The
-- rules ask for the events through their pieces (rules.board, rules.event),
-- so that a house rule replacing one changes mining; the table (describe)
-- shows the book's board and the public events, or under such a house rule
-- the terms its pieces give (state.terms, public_terms below).
local function mining_terms(board, at, faster_blocks, mining_boom, fee_hike)
  local m = board.mining
  local d, reward, fee = m.difficulty[at], m.reward[at], m.fee[at]
  if faster_blocks then d = math.max(1, d - 1) end
  if mining_boom then reward = reward + 1 end
  if fee_hike then fee = fee * 2 end
  return math.min(d, data.hash_cards), reward, fee
end

function rules.difficulty(game, cur)
  return (mining_terms(rules.board(game, cur), game.state.mining[cur], rules.event(game, "faster_blocks")))
end

-- The book's pieces, to tell a house rule's from them (the locals declared
-- above, which the set-up reads).
BOARD, DIFFICULTY, EVENT = rules.board, rules.difficulty, rules.event

-- Under a house rule that replaces rules.board, rules.difficulty or
-- rules.event, each currency's mining terms as the rules reckon them are
-- public (state.terms[cur]: difficulty, reward, fee, and the price track's
-- fields), for the greedy bot and the table, which otherwise read the book's
-- boards; set before each action and after it. Nothing under the book's
-- rules, whose boards the bot and the table know.
function public_terms(game)
  local s = game.state
  local terms = s.terms
  if not terms then
    terms = {}
    for _, cur in ipairs(CURRENCIES) do terms[cur] = {} end
    s.terms = terms
  end
  local boom, hike = rules.event(game, "mining_boom"), rules.event(game, "fee_hike")
  -- (and a copy, by which crypto.edited tells a state edit of them)
  local made = game.terms_made or {}
  game.terms_made = made
  for _, cur in ipairs(CURRENCIES) do
    local board, t = rules.board(game, cur), terms[cur]
    local _, reward, fee = mining_terms(board, s.mining[cur], false, boom, hike)
    t.difficulty, t.reward, t.fee, t.fields = rules.difficulty(game, cur), reward, fee, #board.prices
    local m = made[cur] or {}
    made[cur] = m
    m.difficulty, m.reward, m.fee, m.fields = t.difficulty, t.reward, t.fee, t.fields
  end
end

-- Mining with `energy`: hash cards drawn, coins and transactions on success.
-- Gives whether it succeeded: a failed mining ends the turn (rules.turn),
-- so a house rule's mine must give it too.
function rules.mine(game, seat, cur, energy, abilities)
  local s, z = game.state, game.zones
  local m = rules.board(game, cur).mining
  local at = s.mining[cur]
  local d = rules.difficulty(game, cur)
  local ok = rules.hash_draw(game, d, energy)
  if not ok and abilities.blockchain_engineer then
    game:say("seat %d draws only FAILURE (%d energy, difficulty %d)", seat, energy, d)
    if game:yes_no(seat, "blockchain_engineer", "mining failed: use the Blockchain Engineer to try again?") then
      ok = rules.hash_draw(game, d, energy)
    end
  end
  if not ok then
    game:say("seat %d fails to mine %s (%d energy, difficulty %d)", seat, cur, energy, d)
    return false
  end
  -- 1 the coin reward
  local _, reward, fee_each = mining_terms(rules.board(game, cur), at, false,
    rules.event(game, "mining_boom"), rules.event(game, "fee_hike"))
  local got = gain_coins(game, seat, cur, reward)
  if abilities.tech_whiz then got = got + gain_coins(game, seat, cur, 1) end
  game:say("seat %d mines %s (%d energy, difficulty %d): SUCCESS, %s", seat, cur, energy, d, render.count(got, "coin"))
  -- 2 the upcoming transactions of this currency, turned over one by one
  local n = 0
  for _, id in ipairs(z.upcoming:cards()) do
    if DECK[id].currency == cur then
      z.transaction_discard:insert(id)
      game:say("transaction turned over: %s", DECK[id].name)
      rules.move_price(game, cur, DECK[id].change)
      n = n + 1
    end
  end
  -- 3 the validation fee
  local fee = fee_each * n
  s.wonga[seat] = s.wonga[seat] + fee
  if fee > 0 then
    game:say("seat %d takes %d Wonga: validation fee %d x %d", seat, fee, fee_each, n)
  end
  -- 4 refill the transactions; 5 the marker moves on
  refill_transactions(game)
  if at < #m.difficulty then s.mining[cur] = at + 1 end
  return true
end

---------------------------------------------------------------- 2 actions: trading

function rules.max_buy(game, seat, cur, energy)
  local s = game.state
  local price = s.price[cur]
  local afford = price > 0 and s.wonga[seat] // price or s.stock[cur]
  return math.min(data.coins_per_energy * energy, s.stock[cur], afford)
end

function rules.max_sell(game, seat, cur, energy)
  return math.min(data.coins_per_energy * energy, game.state.coins[seat][cur])
end

local BUY, SELL, AMOUNT = {}, {}, {}
for k = 1, 80 do
  BUY[k], SELL[k] = "buy " .. k, "sell " .. k
  AMOUNT[BUY[k]], AMOUNT[SELL[k]] = k, k
end

-- The amounts the seat may buy and sell of the currency being traded
-- (game.trading), in the list kept with the game, and the prompt: an edit
-- while the amount is asked (Wonga, coins, the stock, the price) makes them
-- again (asked again, nil when it leaves nothing to trade: the answers
-- then stay).
local function amount_answers(game, seat, again)
  local cur, energy = game.trading.cur, game.trading.energy
  local answers, n = game.turn_answers, 0
  local buy, sell = rules.max_buy(game, seat, cur, energy), rules.max_sell(game, seat, cur, energy)
  if again and buy + sell <= 0 then return nil end
  for k = 1, buy do n = n + 1; answers[n] = BUY[k] end
  for k = 1, sell do n = n + 1; answers[n] = SELL[k] end
  for i = #answers, n + 1, -1 do answers[i] = nil end
  return answers, string.format("buy or sell %s at %d", cur, game.state.price[cur])
end

function rules.trade(game, seat, cur, energy, abilities)
  local s = game.state
  game.trading.cur, game.trading.energy = cur, energy
  local answers, prompt = amount_answers(game, seat)
  game.refresh_amount = game.refresh_amount or function(asked) return amount_answers(game, asked, true) end
  local answer = game:ask(seat, "amount", prompt, answers, game.refusals.amount, game.refresh_amount)
  local k = AMOUNT[answer]
  local verb = BUY[k] == answer and "buy" or "sell"
  local price = s.price[cur]
  if verb == "buy" then
    s.wonga[seat] = s.wonga[seat] - k * price
    s.coins[seat][cur] = s.coins[seat][cur] + k
    s.stock[cur] = s.stock[cur] - k
  else
    s.wonga[seat] = s.wonga[seat] + k * price
    s.coins[seat][cur] = s.coins[seat][cur] - k
    s.stock[cur] = s.stock[cur] + k
  end
  game:say("seat %d %ss %d %s at %d", seat, verb, k, cur, price)
  -- the market shift, at the end of the turn
  local analyst = abilities.data_analyst and k >= data.data_analyst_shift_every
    and k // data.data_analyst_shift_every > k // rules.market_shift_every(game)
    and game:yes_no(seat, "data_analyst", "use the Data Analyst: a market shift every 2 coins?")
  local shifts = k // rules.market_shift_every(game, analyst)
  for _ = 1, shifts do rules.move_price(game, cur, verb == "buy" and 1 or -1) end
end

function rules.can_trade(game, seat, cur)
  local s = game.state
  return s.coins[seat][cur] > 0 or (s.stock[cur] > 0 and s.wonga[seat] >= s.price[cur])
end

---------------------------------------------------------------- 2 actions: abilities after the action

-- "Flyt #3 (+2)", "Flyt #3 (face down)", made once.
local SLOT_LABEL = {}
local function slot_label(cur, pos, points)
  local key = cur .. pos .. points
  local label = SLOT_LABEL[key]
  if not label then
    label = string.format("%s #%d (%s)", cur, pos, points == "down" and "face down" or signed(points))
    SLOT_LABEL[key] = label
  end
  return label
end

local function rumour_slots(game, want_up)
  local slots, labels = {}, {}
  for _, cur in ipairs(CURRENCIES) do
    for pos, id in ipairs(track(game, cur):cards()) do
      local up = game.table:face(id)
      if want_up == nil or up == want_up then
        slots[#slots + 1] = { cur = cur, pos = pos, id = id }
        labels[#labels + 1] = slot_label(cur, pos, up and DECK[id].points or "down")
      end
    end
  end
  return slots, labels
end

-- Puts the seat's secret rumour in the place of a track card, which the seat
-- takes instead; `up` gives the face of the new card. Narrated without the
-- headline of whichever card is or was face down.
local function swap_rumour(game, seat, slot, up)
  local z = game.zones
  local own = z.secret[seat]:peek()
  local tz = track(game, slot.cur)
  if up then
    game:say("seat %d (Black Hat Hacker) takes the face-down rumour %s #%d; its own goes there face up: %s",
      seat, slot.cur, slot.pos, rumour_name(own))
  else
    game:say("seat %d (White Hat Hacker) takes the rumour %s #%d, %s; its own goes there face down",
      seat, slot.cur, slot.pos, rumour_name(slot.id))
  end
  tz:insert(own, slot.pos)
  z.secret[seat]:insert(slot.id)
  game.table:face(own, up)
  -- the seat knows the rumour it put face down
  if not up then game.table:show(own, seat) end
  if up then rules.move_price(game, slot.cur, DECK[own].points) end
  update_track(game, slot.cur)
end

-- "Pump and Dump (+2)": a rumour as the Newshawk's answers name it.
local function rumour_label(id)
  return DECK[id].name .. " (" .. signed(DECK[id].points) .. ")"
end

function rules.newshawk(game, seat)
  local z = game.zones
  local hand = z.secret[seat]
  if z.rumour_deck:count() == 0 then return end
  if not game:yes_no(seat, "newshawk", "use the Newshawk: draw 3 rumours and keep one?") then return end
  game:draw(z.rumour_deck, hand, 3)
  local ids = hand:cards()
  local labels = {}
  for i, id in ipairs(ids) do labels[i] = "keep " .. rumour_label(id) end
  game.keeping = true  -- (the seat holds 4 rumours until it answers)
  local _, k = game:ask(seat, "newshawk_keep", "keep one rumour", unique(labels), game.refusals.newshawk_keep)
  game.keeping = false
  for _, id in ipairs(ids) do
    -- (not one an edit took out of the hand while it was asked)
    if id ~= ids[k] and game.table:where(id) == hand then z.rumour_deck:insert(id) end
  end
  game:shuffle(z.rumour_deck)
  game:say("seat %d (Newshawk) draws 3 rumours, keeps one and shuffles 3 back", seat)
end

-- Whether a target slot still holds its card, with the face it was offered
-- with (`up`; nil: either): an edit while the target was asked may have
-- changed the track.
local function still(game, slot, up)
  local id = track(game, slot.cur):cards()[slot.pos]
  if id == slot.id and (up == nil or game.table:face(id) == up) then return true end
  game:say("%s #%d has changed since it was offered: nothing happens", slot.cur, slot.pos)
  return false
end

function rules.hacker(game, seat, kind, want_up)
  if game.zones.secret[seat]:count() == 0 then return end
  local slots, labels = rumour_slots(game, want_up)
  if #slots == 0 then return end
  labels[#labels + 1] = "no"
  local what = want_up and "a face-up rumour (yours goes face down)"
    or "a face-down rumour (yours goes face up)"
  local _, i = game:ask(seat, kind, "swap your rumour with " .. what .. "?", labels, game.refusals[kind])
  if slots[i] and game.zones.secret[seat]:count() > 0 and still(game, slots[i], want_up) then
    swap_rumour(game, seat, slots[i], not want_up)
  end
end

function rules.tweetman(game, seat)
  local slots, labels = rumour_slots(game, nil)
  labels[#labels + 1] = "no"
  local _, i = game:ask(seat, "tweetman", "turn a rumour over?", labels, game.refusals.tweetman)
  local slot = slots[i]
  if not slot or not still(game, slot, nil) then return end
  local up = not game.table:face(slot.id)
  game.table:face(slot.id, up)
  if up then
    game:say("seat %d (Tweetman) turns %s #%d face up: %s", seat, slot.cur, slot.pos, rumour_name(slot.id))
    rules.move_price(game, slot.cur, DECK[slot.id].points)
  else
    game:say("seat %d (Tweetman) turns %s #%d, %s, face down: it counts again at the end",
      seat, slot.cur, slot.pos, rumour_name(slot.id))
    -- everyone saw its face a moment ago
    for k = 1, game.players do game.table:show(slot.id, k) end
  end
  update_track(game, slot.cur)
end

-- The abilities that act after the action, in the order the rule book
-- lists the experts; with ability_order=player the player chooses which acts
-- next while two or more are left ("die anderen Fähigkeiten werden erst nach
-- der Aktion ausgelöst" gives no order).
local AFTER_ACTION = {
  { key = "newshawk", name = "Newshawk", run = function(game, seat) rules.newshawk(game, seat) end },
  { key = "black_hat_hacker", name = "Black Hat Hacker",
    run = function(game, seat) rules.hacker(game, seat, "black_hat_hacker", false) end },
  { key = "white_hat_hacker", name = "White Hat Hacker",
    run = function(game, seat) rules.hacker(game, seat, "white_hat_hacker", true) end },
  { key = "tweetman", name = "Tweetman", run = function(game, seat) rules.tweetman(game, seat) end },
}

function rules.after_action(game, seat, abilities)
  if game.options.ability_order == "book" then
    for _, a in ipairs(AFTER_ACTION) do
      if abilities[a.key] then a.run(game, seat) end
    end
    return
  end
  local left = {}
  for _, a in ipairs(AFTER_ACTION) do
    if abilities[a.key] then left[#left + 1] = a end
  end
  while #left > 0 do
    local k = 1
    if #left > 1 then
      local names = {}
      for i, a in ipairs(left) do names[i] = a.name end
      k = select(2, game:ask(seat, "ability_order", "which ability acts next? (" .. #left .. " after the action)",
        names, game.refusals.ability_order))
    end
    table.remove(left, k).run(game, seat)
  end
end

---------------------------------------------------------------- 2 actions: a turn

-- The energy and the abilities of the members used; a Replicator counts as
-- a team member of the right neighbour, exhausted or not, for this action.
function rules.gear(game, seat, members)
  local energy, abilities = 0, {}
  local right = game.seats:after(seat, -1)
  for _, id in ipairs(members) do
    local card = DECK[id]
    if card.ability == "replicator" then
      local ids = team(game, right):cards()
      local labels = names_of(ids)
      for i = 1, #labels do labels[i] = "copy " .. labels[i] end
      labels[#labels + 1] = "no"
      local _, i = game:ask(seat, "replicator", string.format("copy a team member of seat %d?", right), labels,
        game.refusals.replicator)
      if ids[i] and DECK[ids[i]].ability ~= "replicator" then card = DECK[ids[i]] end
    end
    energy = energy + card.energy
    if card.ability then abilities[card.ability] = true end
  end
  return energy, abilities
end

local MINE, TRADE, VERB, CUR_OF = {}, {}, {}, {}
for _, cur in ipairs(CURRENCIES) do
  MINE[cur], TRADE[cur] = "mine " .. cur, "trade " .. cur
  VERB[MINE[cur]], VERB[TRADE[cur]] = "mine", "trade"
  CUR_OF[MINE[cur]], CUR_OF[TRADE[cur]] = cur, cur
end

-- The prompt of the members request: the action, with the mining's
-- difficulty or the coins an energy trades, and the energy of the members
-- chosen so far ("choose the team members to mine Eruptium (1 energy so
-- far, difficulty 2)"), so that a mining is not begun short of its difficulty
-- unawares. The difficulty is the one the table shows (the book's board and
-- events, or under a house rule's pieces the public terms), read without
-- asking the rule pieces, whose calls a simulation counts.
local function members_prompt(game, action, chosen)
  local s = game.state
  local verb, cur = VERB[action], CUR_OF[action]
  if not verb then return "choose the team members to " .. action end
  local terms
  if verb == "mine" then
    local d = s.terms and s.terms[cur] and s.terms[cur].difficulty
      or mining_terms(data[s.boards][cur], s.mining[cur], s.events.faster_blocks)
    terms = string.format("difficulty %d", d)
  else
    terms = string.format("%d coins an energy", data.coins_per_energy)
  end
  if #chosen == 0 then return string.format("choose the team members to %s (%s)", action, terms) end
  local energy, replicator = 0, false
  for _, id in ipairs(chosen) do
    energy = energy + DECK[id].energy
    replicator = replicator or DECK[id].ability == "replicator"
  end
  return string.format("choose the team members to %s (%d energy so far%s, %s)", action, energy,
    replicator and " before the Replicator's copy" or "", terms)
end

-- The answers of the members request (game.choosing: the fresh members not
-- chosen yet, those chosen, the action) and its prompt.
local function members_answers(game)
  local c = game.choosing
  local fresh, answers, n = c.fresh, c.answers, 0
  for i = 1, #fresh do n = n + 1; answers[n] = DECK[fresh[i]].name end
  unique(answers)
  if #c.chosen > 0 then n = n + 1; answers[n] = "done" end
  for i = #answers, n + 1, -1 do answers[i] = nil end
  return answers, members_prompt(game, c.action, c.chosen)
end

-- After an edit while the members are asked: the seat's fresh members now,
-- less those chosen (nil when none is left and none chosen: the answers stay).
local function members_again(game, seat)
  local c, now = game.choosing, {}
  local taken = {}
  for _, id in ipairs(c.chosen) do taken[id] = true end
  for _, id in ipairs(fresh_members(game, seat)) do
    if not taken[id] then now[#now + 1] = id end
  end
  if #now == 0 and #c.chosen == 0 then return nil end
  for i = 1, math.max(#now, #c.fresh) do c.fresh[i] = now[i] end
  return members_answers(game)
end

-- Asks for the members of an action, one at a time ("done" once one is
-- chosen); gives them.
function rules.choose_members(game, seat, fresh, action)
  if #fresh == 1 then return fresh end
  local chosen = {}
  local c = game.choosing or { answers = {} }
  game.choosing = c
  c.fresh, c.chosen, c.action = fresh, chosen, action
  game.refresh_members = game.refresh_members or function(asked) return members_again(game, asked) end
  while #fresh > 0 do
    local answers, prompt = members_answers(game)
    local _, i = game:ask(seat, "members", prompt, answers, game.refusals.members, game.refresh_members)
    if i > #fresh then break end
    chosen[#chosen + 1] = table.remove(fresh, i)
  end
  return chosen
end

-- The answers of the action request, in a list kept with the game: mine
-- each currency, trade those the seat may trade, pass.
local function action_answers(game, seat)
  if game.terms_public then public_terms(game) end
  local answers = game.turn_answers
  local n = 0
  -- (a seat asked has a fresh member, unless an edit exhausted the last one
  -- while it was asked: it then passes)
  local fresh = has_fresh(game, seat)
  for _, cur in ipairs(fresh and CURRENCIES or {}) do n = n + 1; answers[n] = MINE[cur] end
  for _, cur in ipairs(fresh and CURRENCIES or {}) do
    if rules.can_trade(game, seat, cur) then n = n + 1; answers[n] = TRADE[cur] end
  end
  n = n + 1
  answers[n] = "pass"
  for i = #answers, n + 1, -1 do answers[i] = nil end
  return answers
end

function rules.turn(game, seat)
  local answers = action_answers(game, seat)
  -- an edit made while the action is asked (:set, a scenario's set-up) asks
  -- it again from the table as it is then
  game.refresh_action = game.refresh_action
    or function() return action_answers(game, game.seats:current()) end
  local answer = game:ask(seat, "action", "mine, trade or pass", answers, game.refusals.action,
    game.refresh_action)
  local fresh = fresh_members(game, seat)
  if answer == "pass" then
    for _, id in ipairs(fresh) do exhaust(game, id) end
    return
  end
  local verb, cur = VERB[answer], CUR_OF[answer]
  local members = rules.choose_members(game, seat, fresh, answer)
  for _, id in ipairs(members) do exhaust(game, id) end
  local energy, abilities = rules.gear(game, seat, members)
  if verb == "mine" then
    -- "Sollte man beim Schürfen ausschließlich Misserfolgskarten aufdecken,
    -- ist der Zug ohne weitere Auswirkungen beendet": no ability after it
    local succeeded = rules.mine(game, seat, cur, energy, abilities)
    -- (a house rule's mine that forgot to give it would end every mining
    -- turn silently: named instead)
    if type(succeeded) ~= "boolean" then
      error(string.format("rules.mine gave %s; expected true or false (whether the mining succeeded)",
        tostring(succeeded)), 0)
    end
    if not succeeded then return end
  else
    rules.trade(game, seat, cur, energy, abilities)
  end
  rules.after_action(game, seat, abilities)
end

---------------------------------------------------------------- events (mini-expansion)

local INSTANT = {}

function INSTANT.understaffed(game, order)
  for _, seat in ipairs(order) do
    local fresh = fresh_members(game, seat)
    if #fresh > 0 then
      local _, i = game:ask(seat, "exhaust", "Understaffed: exhaust one team member", names_of(fresh),
        game.refusals.exhaust)
      exhaust(game, fresh[i])
    end
  end
end
function INSTANT.flash_crash(game)
  for _, cur in ipairs(CURRENCIES) do rules.move_price(game, cur, -1) end
end
function INSTANT.bull_run(game)
  for _, cur in ipairs(CURRENCIES) do rules.move_price(game, cur, 1) end
end
function INSTANT.airdrop(game, order)
  for _, seat in ipairs(order) do
    for _, cur in ipairs(CURRENCIES) do gain_coins(game, seat, cur, 1) end
  end
end
function INSTANT.stimulus(game, order)
  for _, seat in ipairs(order) do game.state.wonga[seat] = game.state.wonga[seat] + 3 end
end
function INSTANT.tax_audit(game, order)
  for _, seat in ipairs(order) do rules.pay(game, seat, 2, "the tax audit") end
end
function INSTANT.whistleblower(game)
  for _, cur in ipairs(CURRENCIES) do
    local ids = track(game, cur):cards()
    for i = #ids, 1, -1 do
      if not game.table:face(ids[i]) then
        game.table:face(ids[i], true)
        game:say("%s #%d turns face up: %s", cur, i, rumour_name(ids[i]))
        rules.move_price(game, cur, DECK[ids[i]].points)
        update_track(game, cur)
        break
      end
    end
  end
end
function INSTANT.difficulty_bomb(game)
  for _, cur in ipairs(CURRENCIES) do
    local s = game.state
    if s.mining[cur] < #rules.board(game, cur).mining.difficulty then s.mining[cur] = s.mining[cur] + 1 end
  end
end
rules.instant_events = INSTANT

function rules.reveal_event(game, order)
  local z = game.zones
  local id = z.events:peek()
  if not id then return end
  local card = DECK[id]
  game:say("event: %s (%s): %s", card.name, card.kind, card.text)
  if card.kind == "permanent" then
    z.event_active:insert(id)
    game.state.events[card.effect] = true
  else
    z.event_discard:insert(id)
    game.state.event = card.name
    rules.instant_events[card.effect](game, order)
  end
end

-- From the start player clockwise, each seat with a fresh member takes a
-- turn, until no seat has one. The seat after a turn is the one after the
-- seats' current seat, so that an edit's `turn SEAT` gives SEAT the next turn.
function rules.actions(game, order)
  game.state.phase = "actions"
  mark(game)
  if game.options.events then rules.reveal_event(game, order) end
  local seat = order[1]
  while true do
    local looked = 0
    while not has_fresh(game, seat) do
      looked = looked + 1
      if looked == #order then
        game.turning = false
        return
      end
      seat = game.seats:after(seat, 1)
    end
    game.seats:jump(seat)
    -- (the seats' count of turns, which a `turn` edit moves on: one outside
    -- the turns is refused)
    game.turns, game.turning = game.seats:turn(), true
    rules.turn(game, seat)
    if game.terms_public then public_terms(game) end
    seat = game.seats:after(game.seats:current(), 1)
  end
end

---------------------------------------------------------------- 3 maintenance

function rules.maintenance(game, order)
  local s = game.state
  s.phase = "maintenance"
  mark(game)
  s.tired = {}
  for _, seat in ipairs(order) do
    for _ = 1, s.loans[seat] do rules.pay(game, seat, rules.interest(game), "interest") end
  end
  for _, seat in ipairs(order) do
    while s.loans[seat] > 0 and s.wonga[seat] >= data.loan_amount
        and game:yes_no(seat, "repay", string.format("repay a loan (%d Wonga)?", data.loan_amount))
        -- (again: an edit while it was asked may have taken the Wonga or the loan)
        and s.loans[seat] > 0 and s.wonga[seat] >= data.loan_amount do
      s.loans[seat] = s.loans[seat] - 1
      s.wonga[seat] = s.wonga[seat] - data.loan_amount
      game:say("seat %d repays a loan (%d Wonga)", seat, data.loan_amount)
    end
  end
end

---------------------------------------------------------------- 4 rumours

function rules.rumours(game)
  local s, z = game.state, game.zones
  s.phase = "rumours"
  mark(game)
  local used = {}
  for _, seat in ipairs(game.seats:order(s.last, -1)) do
    local card = z.secret[seat]:peek()
    if card then
      local open = {}
      for _, cur in ipairs(CURRENCIES) do if not used[cur] then open[#open + 1] = cur end end
      local cur = game:choose(seat, "rumour",
        -- every seat sees a prompt: the rumour itself is on its owner's table
        "place your secret rumour on a coin", open, nil, game.refusals.rumour)
      -- the rumour the seat holds now (an edit while it was asked may have
      -- given it another, or taken it)
      card = z.secret[seat]:peek()
      if card then
        used[cur] = true
        rules.place_rumour(game, cur, card, false, seat)
      else
        game:say("seat %d holds no secret rumour to place", seat)
      end
    end
  end
  for _, cur in ipairs(CURRENCIES) do
    if not used[cur] and z.rumour_deck:count() > 0 then
      rules.place_rumour(game, cur, z.rumour_deck:peek())
    end
  end
end

function rules.game_over(game)
  -- The book is silent on the rumour deck running out: its 36 cards outlast a
  -- game to the book's end, but not a house rule's longer game or an edited
  -- deck. Once it is empty no rumour can reach a track again, and the game
  -- would never end: it ends now.
  if game.zones.rumour_deck:count() == 0 then return true end
  for _, cur in ipairs(CURRENCIES) do
    if game.state.placed[cur] < rules.rumours_to_end(game) then return false end
  end
  return true
end

---------------------------------------------------------------- refusals

-- Why a text that is none of the legal answers is refused, for a person who
-- typed it; the engine lists the legal answers after it. These only word
-- what the lists decide, asking the same rule pieces (can_trade, max_buy,
-- max_sell), so that they cannot disagree (a test keeps them in step); nil
-- where there is nothing to add. They read the table and never write.

local lpeg = require "lpeg"
local BLANK = lpeg.S(" \t")
local NUMBERED = lpeg.C((1 - (BLANK ^ 1 * "(" * lpeg.R("09") ^ 1 * ")" * -1)) ^ 0)  -- "intern (2)" -> "intern"

local CUR_NAMED = {}   -- lower-case name -> currency
for _, cur in ipairs(CURRENCIES) do CUR_NAMED[cur:lower()] = cur end
local ANY_CURRENCY = render.spoken(CURRENCIES, "or")

-- The words from word i on (explain.words), in lower case, one blank
-- between them, without a " (2)".
local function name_from(words, i)
  return lpeg.match(NUMBERED, table.concat(words, " ", i):lower())
end

-- Every card's name, for the parts of names people type ('Specialist').
local NAMES = {}
do
  local seen = {}
  for _, card in ipairs(DECK) do
    if not seen[card.name] then seen[card.name] = true; NAMES[#NAMES + 1] = card.name end
  end
end

-- An explainer that first names the answer that a unique part of a card's
-- name stands for (explain.first_meant).
function meant(explainer) return explain.first_meant(explainer, NAMES) end

-- Whether the words of `typed` (lower case) begin a run of the words of
-- `name` (lower case), each word the beginning of one, of 3 letters at least
-- ('n' is a no, not the Newshawk): 'specialist' and 'fin spec' in "fintech
-- specialist", 'head' in "headhunter".
local function begins_words(typed, name)
  local t, n = explain.words((typed:gsub("-", " "))), explain.words((name:gsub("-", " ")))
  if #t == 0 then return false end
  for i = 1, #n - #t + 1 do
    local all = true
    for j = 1, #t do
      local word, part = n[i + j - 1], t[j]
      if word ~= part and (#part < 3 or word:sub(1, #part) ~= part) then all = false; break end
    end
    if all then return true end
  end
  return false
end

-- The proper name of the card of ids that a typed name (as name_from gives
-- it) means: its name, or a unique part of it, a run of its words or of
-- their beginnings ('specialist': Fintech Specialist; 'head': Headhunter);
-- else nil and, where it is a part of several names, why ('typed': the name
-- as typed, for the reason).
local function proper_name(ids, name, typed)
  local found, seen = {}, {}
  for _, id in ipairs(ids) do
    local proper = DECK[id].name
    if proper:lower() == name then return proper end
    if not seen[proper] and begins_words(name, proper:lower()) then
      seen[proper] = true
      found[#found + 1] = proper
    end
  end
  if #found == 1 then return found[1] end
  if #found > 1 then
    return nil, string.format("'%s' is part of the names %s: name it in full", typed, render.spoken(found, "and"))
  end
end

-- The "ability_order" request (ability_order=player): its answers are the
-- experts whose abilities are left to act. The beginning of a word of one
-- ('tweet') is told the answer meant, as at the other requests that name
-- cards (a unique part of a name is told by meant).
function refusal_of_ability_order(text, answers)
  local typed, found = text:lower():gsub("^%s+", ""):gsub("%s+$", ""), {}
  for _, answer in ipairs(answers) do
    if begins_words(typed, answer:lower()) then found[#found + 1] = answer end
  end
  if #found == 1 then return string.format("say '%s'", found[1]) end
  if #found > 1 then
    return string.format("'%s' is part of the names %s: name it in full", text, render.spoken(found, "and"))
  end
  return string.format("'%s' is not an ability left to act; name one of: %s", text, table.concat(answers, ", "))
end

-- A yes, as people type it at a question whose answers name what to take.
local YES = { yes = true, y = true }

-- The answer that a yes (or the verb alone: 'hire', 'copy') stands for:
-- the one answer but 'no', or the first of answers that name the same card
-- ('copy Intern', 'copy Intern (2)': any of the Interns); nil if there are
-- several.
local function only_answer(answers)
  local one, card
  for _, answer in ipairs(answers or {}) do
    if answer ~= "no" then
      local named = lpeg.match(NUMBERED, answer)
      if card and named ~= card then return nil end
      one, card = one or answer, named
    end
  end
  return one
end

-- The "hire" request: hire NAME, no.
function refusal_of_hire(game, text, seat, answers)
  local words, verb = explain.words(text)
  if YES[verb] or (verb == "hire" and not words[2]) then
    local only = only_answer(answers)
    if only then return string.format("say '%s'", only) end
    return string.format("name the job seeker: '%s', or 'no'", answers and answers[1] or "hire NAME")
  elseif not verb then
    return nil
  end
  local first = verb == "hire" and 2 or 1   -- a seeker's name alone too
  local typed = table.concat(words, " ", first)
  local seekers, wonga = game.zones.seekers:cards(), game.state.wonga[seat]
  local proper, why = proper_name(seekers, name_from(words, first), typed)
  if not proper then
    return verb == "hire" and (why or string.format("no %s is among the job seekers", typed)) or why
  end
  for _, id in ipairs(seekers) do
    local card = DECK[id]
    if card.name == proper and card.cost > wonga then
      return string.format("the %s costs %d Wonga; you have %d", card.name, card.cost, wonga)
    end
  end
  return string.format("say 'hire %s'", proper)
end

-- The "dismiss" request: a member's name; the one just hired (the bottom of
-- the team) stays.
function refusal_of_dismiss(game, text, seat, answers)
  local words, verb = explain.words(text)
  if verb == "dismiss" then return "name the member only, as in 'Intern'" end
  if YES[verb] and not words[2] then
    local only = only_answer(answers)
    if only then return string.format("say '%s'", only) end
    return string.format("name the member who leaves, as in '%s'", answers and answers[1] or "Intern")
  end
  local members = team(game, seat)
  local proper, why = proper_name(members:cards(), name_from(words, 1), text:match("^%s*(.-)%s*$"))
  if why then return why end
  local name = proper and proper:lower() or name_from(words, 1)
  local hired = DECK[members:peek(members:count())]
  if hired.name:lower() == name then
    return string.format("the %s was just hired: it cannot leave at once", hired.name)
  end
  -- the answer that names that member ('head': Headhunter)
  for _, answer in ipairs(answers or {}) do
    if answer:lower() == name then return string.format("say '%s'", answer) end
  end
  for _, id in ipairs(members:cards()) do
    if DECK[id].name:lower() == name then return nil end
  end
  return string.format("your team has no %s", text:match("^%s*(.-)%s*$"))
end

-- The "action" request: mine CUR, trade CUR, pass.
function refusal_of_action(game, text, seat)
  local words, verb = explain.words(text)
  if verb == "buy" or verb == "sell" then
    return "first the action, 'trade Flyt' (a currency), then the members, then the amount"
  elseif verb == "no" or verb == "skip" or verb == "done" or verb == "end" then
    return "say 'pass': pass exhausts all your fresh team members, and you take no more action this phase"
  elseif verb == "hire" or verb == "dismiss" then
    return "team members are hired in the preparation phase; this is the action phase: mine, trade or pass"
  elseif verb ~= "mine" and verb ~= "trade" then
    return nil
  end
  if not has_fresh(game, seat) then
    return "every member of your team is exhausted (by an edit while you were asked): say 'pass'"
  end
  if not words[2] then return string.format("name the currency: '%s Flyt'", verb) end
  local cur = CUR_NAMED[words[2]:lower()]
  if not cur then return string.format("there is no currency '%s': %s", words[2], ANY_CURRENCY) end
  local s = game.state
  if verb == "trade" and not rules.can_trade(game, seat, cur) then
    if s.coins[seat][cur] > 0 then return nil end
    if s.stock[cur] == 0 then return string.format("you hold no %s, and the market stock has none", cur) end
    if s.wonga[seat] < s.price[cur] then
      return string.format("you hold no %s, and one costs %d Wonga: you have %d", cur, s.price[cur], s.wonga[seat])
    end
    return nil
  end
  return nil
end

-- Why the member that `words` name from word i on (as in 'Intern',
-- 'Intern (2)') is not fresh in seat's team: none of that name, or each
-- exhausted; nil and its proper name if one is fresh.
local function why_not_fresh(game, seat, words, i)
  local name, several = proper_name(team(game, seat):cards(), name_from(words, i), table.concat(words, " ", i))
  if several then return several end
  name = name and name:lower() or name_from(words, i)
  local tired, fresh, proper = 0, 0, nil
  for _, id in ipairs(team(game, seat):cards()) do
    if DECK[id].name:lower() == name then
      proper = DECK[id].name
      if game.state.tired[id] then tired = tired + 1 else fresh = fresh + 1 end
    end
  end
  if not proper then return string.format("your team has no %s", table.concat(words, " ", i)) end
  if fresh == 0 then
    return tired == 1 and string.format("your %s is exhausted", proper)
      or string.format("every %s of your team is exhausted", proper)
  end
  return nil, proper
end

-- The "members" request: the names of fresh members, then done.
function refusal_of_members(game, text, seat, answers)
  local words, verb = explain.words(text)
  if not verb then return nil end
  if verb == "done" and not words[2] then return "choose at least one member first" end
  if (verb == "no" or verb == "none" or verb == "cancel") and not words[2] then
    return "the action is chosen: it needs at least one member; choose them one at a time, then 'done'"
  end
  if verb == "mine" or verb == "trade" or verb == "pass" then
    return "the action is chosen: choose its members one at a time, then 'done'"
  end
  if verb == "buy" or verb == "sell" then
    return "first the members for this action, one at a time, then 'done'; the amount comes after"
  end
  if YES[verb] and not words[2] then
    local only = only_answer(answers)
    if only then return string.format("say '%s'", only) end
    return string.format("name the members one at a time, as in '%s', then 'done'", answers and answers[1] or "Intern")
  end
  local why, proper = why_not_fresh(game, seat, words, 1)
  if why then return why end
  -- a fresh member not offered, named in full or by a part of its name
  -- ('Specialist'), is chosen already ("Intern" is offered while one fresh
  -- Intern is not chosen); answers[1] is a member still to choose
  answers = answers or {}
  for _, answer in ipairs(answers) do
    if answer:lower() == proper:lower() then return string.format("say '%s'", answer) end
  end
  if not answers[1] then return string.format("your %s is chosen for this action already", proper) end
  return string.format("your %s is chosen for this action already: choose another, as '%s', or say 'done'",
    proper, answers[1])
end

-- The "exhaust" request (Understaffed): a fresh member's name, as the
-- answers give it ('Intern', 'Intern (2)'); a name after "exhaust" or "use"
-- is read as that name.
function refusal_of_exhaust(game, text, seat, answers)
  local words, verb = explain.words(text)
  if not verb then return nil end
  local first = (verb == "exhaust" or verb == "use") and 2 or 1
  local labels = names_of(fresh_members(game, seat))
  if not words[first] or (YES[verb] and not words[2]) then
    local only = only_answer(labels)
    if only then return string.format("say '%s'", only) end
    return string.format(YES[verb] and "name the member to exhaust, as in '%s'" or "name the member only, as in '%s'",
      labels[1])
  end
  -- (no, pass: Understaffed takes a member from every player, no one may decline)
  if first == 1 and not words[2] and (verb == "no" or verb == "n" or verb == "pass") then
    return string.format("Understaffed exhausts a member of every team: name one, as in '%s'", labels[1])
  end
  local why, proper = why_not_fresh(game, seat, words, first)
  if why then return why end
  local named = table.concat(words, " ", first):lower()
  for _, label in ipairs(labels) do
    if label:lower() == named then return string.format("say just '%s'", label) end
  end
  -- a part of its name ('head': Headhunter)
  if first == 1 then return string.format("say '%s'", proper) end
  return string.format("name the member only, as in '%s'", proper)
end

-- The "amount" request: buy N, sell N, for the currency and the energy of
-- the trade (game.trading). Its examples are legal answers (answers): a
-- seat that holds no coin of the currency is not told 'sell 1'.
function refusal_of_amount(game, text, seat, answers)
  local words, verb = explain.words(text)
  local cur, energy = game.trading.cur, game.trading.energy
  if not cur then return nil end
  if verb == "mine" or verb == "trade" or verb == "pass" or verb == "no" or verb == "cancel" then
    local buy, sell = explain.first_with(answers, "buy "), explain.first_with(answers, "sell ")
    if not buy and not sell then return "the action is chosen" end
    return string.format("the action is chosen: %s %s (%s)", buy and sell and "buy or sell" or buy and "buy" or "sell",
      cur, buy and sell and string.format("'%s', '%s'", buy, sell) or string.format("'%s'", buy or sell))
  elseif verb ~= "buy" and verb ~= "sell" then
    return nil
  end
  local k = math.tointeger(tonumber(words[2] or ""))
  if not k then
    local example = explain.first_with(answers, verb .. " ")
    -- (none: why not even one coin)
    if not example then return refusal_of_amount(game, verb .. " 1", seat, answers) end
    return string.format("name the number of coins: '%s'", example)
  end
  if k < 1 then return "trade at least 1 coin" end
  local s, per = game.state, data.coins_per_energy
  local limit = verb == "buy" and rules.max_buy(game, seat, cur, energy) or rules.max_sell(game, seat, cur, energy)
  if k <= limit then
    return nil
  end
  if k > per * energy then
    return string.format("with %d energy you trade at most %d coins (%d per energy)", energy, per * energy, per)
  elseif verb == "sell" then
    local held = s.coins[seat][cur]
    return held == 0 and string.format("you hold no %s", cur) or string.format("you hold only %d %s", held, cur)
  elseif k > s.stock[cur] then
    return string.format("the market stock holds %d %s", s.stock[cur], cur)
  elseif k * s.price[cur] > s.wonga[seat] then
    return string.format("%d %s at %d cost %d Wonga; you have %d", k, cur, s.price[cur], k * s.price[cur], s.wonga[seat])
  end
end

-- The answers of other requests, and what "no" means there: the verbs
-- that the rumour and coin requests, asked between the other requests,
-- explain as coming later or earlier.
local OTHER_VERB = { mine = true, trade = true, buy = true, sell = true, hire = true, dismiss = true, keep = true,
                     copy = true, yes = true, done = true, repay = true, loan = true, exhaust = true, use = true }
local DECLINE = { no = true, pass = true, skip = true, none = true, nothing = true, cancel = true, ["end"] = true }
-- at the Replicator's request: the answers of the requests after it
local LATER_THAN_COPY = { mine = true, trade = true, buy = true, sell = true, done = true, hire = true, keep = true }

-- The "rumour" request: a currency whose track got no rumour this phase
-- (answers: the legal list, for an example).
function refusal_of_rumour(game, text, answers)
  local words, verb = explain.words(text)
  if not verb then return nil end
  local example = answers and answers[1] or CURRENCIES[1]
  if YES[verb] and not words[2] and answers and #answers == 1 then
    return string.format("say '%s': the one track that got no rumour this phase", answers[1])
  end
  local cur = CUR_NAMED[table.concat(words, " "):lower()]
  if cur then return string.format("the %s track got a rumour this phase; yours goes on one that got none", cur) end
  -- 'place Flyt', 'rumour on Flyt', 'Flyt #3': the currency alone is the answer
  local named = CUR_NAMED[verb] or CUR_NAMED[(words[#words]):lower()]
  if named and (CUR_NAMED[verb] or verb == "place" or verb == "rumour" or verb == "put") then
    for _, answer in ipairs(answers or {}) do
      if answer == named then return string.format("say just '%s': a rumour goes on the first free place of its track", named) end
    end
    return string.format("the %s track got a rumour this phase; yours goes on one that got none, as in '%s'", named, example)
  end
  if DECLINE[verb] then
    return string.format("in the rumour phase every player places the rumour drawn at the round's start: "
      .. "name a currency whose track got none this phase, as in '%s'", example)
  elseif OTHER_VERB[verb] then
    return string.format("this is the rumour phase, after the actions: place your secret rumour on a track that got "
      .. "none this phase, naming its currency, as in '%s'", example)
  end
end

-- The "pay_coin" request (a payment that the Wonga do not cover): a
-- currency of which the seat holds a coin, to go back to the market stock.
function refusal_of_pay_coin(game, text, seat, answers)
  local words, verb = explain.words(text)
  if not verb then return nil end
  local example = answers and answers[1] or CURRENCIES[1]
  if DECLINE[verb] or OTHER_VERB[verb] then
    return string.format("%syour Wonga do not cover this payment, so a coin you hold goes back to the market "
      .. "stock instead: name its currency, as in '%s'", verb == "sell" and "the coin is not sold: " or "", example)
  end
  local i = (verb == "return" or verb == "pay") and 2 or 1
  local cur = words[i] and not words[i + 1] and CUR_NAMED[words[i]:lower()]
  if not cur then return nil end
  if game.state.coins[seat][cur] == 0 then
    return string.format("you hold no %s: a coin you hold goes back to the market stock", cur)
  end
  return string.format("say '%s'", cur)
end

-- The "replicator" request: copy a member of the right neighbour's team.
function refusal_of_replicator(game, text, seat, answers)
  local words, verb = explain.words(text)
  if not verb then return nil end
  local right = game.seats:after(seat, -1)
  local first = team(game, right):peek()
  if verb == "pass" or verb == "skip" or verb == "none" or verb == "nothing" or verb == "cancel" then
    return "say 'no' to copy no member"
  elseif LATER_THAN_COPY[verb] then
    return string.format("first the Replicator: it copies a member of your right neighbour, seat %d, for this action%s, "
      .. "or 'no'; then the action goes on", right, first and string.format(" ('copy %s')", DECK[first].name) or "")
  end
  if not first then return string.format("your right neighbour, seat %d, has no team member to copy", right) end
  if (verb == "copy" or YES[verb]) and not words[2] then
    local only = only_answer(answers)
    if only then return string.format("say '%s'", only) end
    return string.format("name the member of seat %d to copy, as in 'copy %s'", right, DECK[first].name)
  end
  local at = verb == "copy" and 2 or 1   -- a member's name alone too
  local typed = table.concat(words, " ", at)
  local proper, why = proper_name(team(game, right):cards(), name_from(words, at), typed)
  -- its name alone, or a part of it ('copy head': Headhunter)
  if proper then return string.format("say 'copy %s'", proper) end
  if why or at == 1 then return why end
  return string.format("the Replicator copies a member of your right neighbour, seat %d, whose team has no %s",
    right, typed)
end

-- What to say to a rumour named without its place ('Flyt'): name one as an
-- answer of cur's track does, or, if that track has none (want_up as for
-- refusal_of_slot), as one of another track does.
local function why_no_place(game, cur, want_up)
  local slots, labels = rumour_slots(game, want_up)
  for i, slot in ipairs(slots) do
    if slot.cur == cur then
      return string.format("name the rumour by its place on the track, as in '%s'", labels[i])
    end
  end
  local none = string.format("the %s track holds no %srumour", cur,
    want_up == nil and "" or want_up and "face-up " or "face-down ")
  if not labels[1] then return none .. ", nor does any other: say 'no'" end
  return string.format("%s: name one by its place on another track, as in '%s'", none, labels[1])
end

-- The Hackers' and the Tweetman's requests: a rumour by its place on a
-- track ('Flyt #2 (+3)'), face up for the White Hat Hacker (want_up), face
-- down for the Black Hat Hacker, either for the Tweetman (nil).
function refusal_of_slot(game, text, want_up, who)
  local words, verb = explain.words(text)
  local cur = verb and CUR_NAMED[verb]
  if not cur then return nil end
  local digits = words[2] and words[2]:match("^#?(%d+)$")
  if not digits then return why_no_place(game, cur, want_up) end
  local ids = track(game, cur):cards()
  local pos = math.tointeger(tonumber(digits)) or 0
  local id = ids[pos]
  if not id then
    return #ids == 0 and string.format("the %s track holds no rumour", cur)
      or string.format("the %s track holds %s", cur, render.count(#ids, "rumour"))
  end
  local up = game.table:face(id)
  if want_up ~= nil and up ~= want_up then
    return string.format("%s #%d is face %s; the %s swaps yours with a face-%s rumour", cur, pos, up and "up" or "down",
      who, want_up and "up" or "down")
  end
  return string.format("say '%s'", slot_label(cur, pos, up and DECK[id].points or "down"))
end

-- The "newshawk_keep" request: one of the seat's rumours, the one it held
-- and the 3 drawn ('keep Pump and Dump (+2)').
function refusal_of_newshawk(game, text, seat)
  local words, verb = explain.words(text)
  if verb ~= "keep" then return nil end
  local ids = game.zones.secret[seat]:cards()
  local typed = words[2] and name_from(words, 2)
  if not typed then return "name the rumour to keep, as in 'keep " .. rumour_label(ids[1]) .. "'" end
  for _, id in ipairs(ids) do
    local name = DECK[id].name:lower()
    if typed == name or typed == rumour_label(id):lower() then
      return string.format("say 'keep %s'", rumour_label(id))
    end
  end
  local names = {}
  for i, id in ipairs(ids) do names[i] = DECK[id].name end
  return string.format("no %s is among your rumours: %s", table.concat(words, " ", 2), render.spoken(names, "and"))
end

---------------------------------------------------------------- the end

-- The scams: the lowest rumour total (all tied), and with Scam Intensifies
-- the second-lowest too.
function rules.scams(game, totals)
  local values = {}
  for _, cur in ipairs(CURRENCIES) do values[#values + 1] = totals[cur] end
  table.sort(values)
  local lowest, second = values[1], nil
  for _, v in ipairs(values) do if v > lowest then second = v; break end end
  local scam = {}
  for _, cur in ipairs(CURRENCIES) do
    if totals[cur] == lowest or (second and totals[cur] == second and rules.event(game, "scam_intensifies")) then
      scam[cur] = true
    end
  end
  return scam
end

function rules.final_scoring(game, last_order)
  local s, n = game.state, game.players
  s.phase = "end"
  mark(game)
  -- hodler cards
  s.hodler = {}
  for _, cur in ipairs(CURRENCIES) do
    local most, who = 0, {}
    for seat = 1, n do
      local c = s.coins[seat][cur]
      if c > most then most, who = c, { seat } elseif c == most and c > 0 then who[#who + 1] = seat end
    end
    if most > 0 then
      local share = rules.hodler_bonus(game) // #who
      for _, seat in ipairs(who) do s.wonga[seat] = s.wonga[seat] + share end
      s.hodler[cur] = who
      game:say("hodler %s: seat%s %s (%s) take%s %d Wonga%s", cur, #who > 1 and "s" or "",
        table.concat(who, ", "), render.count(most, "coin"), #who > 1 and "" or "s", share, #who > 1 and " each" or "")
    else
      game:say("hodler %s: nobody holds any", cur)
    end
  end
  -- the face-down rumours turn up; their points are added and the price
  -- moves once by the sum (the last market adjustment)
  local totals = {}
  for _, cur in ipairs(CURRENCIES) do
    local revealed, names = 0, {}
    totals[cur] = 0
    for _, id in ipairs(track(game, cur):cards()) do
      if not game.table:face(id) then
        game.table:face(id, true)
        revealed = revealed + DECK[id].points
        names[#names + 1] = rumour_name(id)
      end
      totals[cur] = totals[cur] + DECK[id].points
    end
    game:say("%s: %s; rumour total %s", cur,
      #names > 0 and "turned up " .. table.concat(names, ", ") or "nothing face down", signed(totals[cur]))
    if revealed ~= 0 then rules.move_price(game, cur, revealed) end
    update_track(game, cur)
  end
  s.totals = totals
  -- the scam
  local scam = rules.scams(game, totals)
  s.scam = {}
  for _, cur in ipairs(CURRENCIES) do
    if scam[cur] then s.price[cur] = 0; s.scam[#s.scam + 1] = cur end
  end
  game:say("scam: %s (the lowest rumour total%s): price 0", table.concat(s.scam, ", "),
    rules.event(game, "scam_intensifies") and "s" or "")
  -- sell every coin, repay every loan
  local coins, wealth = {}, {}
  for seat = 1, n do
    coins[seat] = 0
    local sales, before = {}, s.wonga[seat]
    for _, cur in ipairs(CURRENCIES) do
      local c = s.coins[seat][cur]
      coins[seat] = coins[seat] + c
      s.wonga[seat] = s.wonga[seat] + c * s.price[cur]
      s.coins[seat][cur] = 0
      if c > 0 then sales[#sales + 1] = string.format("%d %s at %d", c, cur, s.price[cur]) end
    end
    local sold = s.wonga[seat] - before
    local debt = s.loans[seat] * data.loan_amount
    s.wonga[seat] = s.wonga[seat] - debt
    game:say("seat %d: %d Wonga; sells %s (+%d)%s; wealth %d", seat, before,
      #sales > 0 and table.concat(sales, ", ") or "no coins", sold,
      debt > 0 and string.format("; repays %s (-%d)", render.count(s.loans[seat], "loan"), debt) or "",
      s.wonga[seat])
    s.loans[seat] = 0
    wealth[seat] = s.wonga[seat]
  end
  -- the richest; ties: most coins, then the earlier first turn in the last round
  local place = {}
  for i, seat in ipairs(last_order) do place[seat] = i end
  local best
  for seat = 1, n do
    if not best or wealth[seat] > wealth[best]
        or (wealth[seat] == wealth[best] and (coins[seat] > coins[best]
          or (coins[seat] == coins[best] and place[seat] < place[best]))) then
      best = seat
    end
  end
  local reason = string.format("scam: %s; seat %d is the richest with %d Wonga", table.concat(s.scam, ", "), best,
    wealth[best])
  -- a tie: what broke it, seat by seat (fewer coins sold, or as many and a
  -- later turn in the last round), as the table would ask
  local fewer, later = {}, {}
  for seat = 1, n do
    if seat ~= best and wealth[seat] == wealth[best] then
      local list = coins[seat] == coins[best] and later or fewer
      list[#list + 1] = "seat " .. seat
    end
  end
  if #fewer > 0 then
    reason = string.format("%s; tied with %s, it sold the most coins (%d)", reason, table.concat(fewer, " and "),
      coins[best])
  end
  if #later > 0 then
    reason = string.format("%s; tied with %s in Wonga and coins sold, it has the earlier turn in the last round",
      reason, table.concat(later, " and "))
  end
  return score.result({ best }, wealth, reason)
end

---------------------------------------------------------------- the game

-- Whether this round fills every track, so that the game ends after it:
-- each track lacks one rumour, and the deck can give every track one. Or the
-- deck runs out in it: a round takes one rumour a track from it (the seats'
-- secret ones and, with fewer than four players, the rest for the tracks
-- left; the Newshawk puts back what it draws), so with that many or fewer it
-- is empty after this round's rumour phase (rules.game_over).
local function last_round(game)
  -- (the rumours still to come from the deck this round: a secret one for
  -- each seat without one, which is every seat at the round's start, and
  -- one for each track no seat can take)
  local z, coming = game.zones, NCUR - game.players
  for seat = 1, game.players do
    if z.secret[seat]:count() == 0 then coming = coming + 1 end
  end
  if z.rumour_deck:count() <= coming then return true end
  for _, cur in ipairs(CURRENCIES) do
    if game.state.placed[cur] + 1 < rules.rumours_to_end(game) then return false end
  end
  return game.zones.rumour_deck:count() >= NCUR
end

function crypto.play(game)
  local s = game.state
  while true do
    local order = game.seats:order(s.start, 1)
    s.last_round = last_round(game)
    mark(game)
    if s.last_round then game:say("round %d is the last: the game ends after its rumour phase", s.round) end
    rules.preparation(game, order)
    rules.actions(game, order)
    rules.maintenance(game, order)
    rules.rumours(game)
    if rules.game_over(game) then return rules.final_scoring(game, order) end
    s.start = game.seats:after(s.start, 1)
    s.last = game.seats:after(s.last, 1)
    game.seats:set_start(s.start)
    s.round = s.round + 1
    mark(game)
  end
end

-- A seat's standing during the game, for a simulation's lead changes and
-- drama: its wealth if the game ended now (its Wonga, its coins sold at
-- today's prices, its loans repaid). Its round is the game's own count (the
-- seats' counter does not follow the start player's moves).
function crypto.standing(game, seat)
  local s = game.state
  local wealth = s.wonga[seat] - s.loans[seat] * data.loan_amount
  for _, cur in ipairs(CURRENCIES) do wealth = wealth + (s.coins[seat][cur] or 0) * (s.price[cur] or 0) end
  return wealth
end

function crypto.round(game)
  return game.state.round
end

---------------------------------------------------------------- the table at a glance

-- The table as a seat sees it, short enough for a terminal 24 rows high with
-- the moves since the seat's last decision above it: a line per currency
-- under one heading (price, its field on the track, market stock, unmined
-- supply, upcoming transactions, its mining field's terms, the coins each
-- seat holds); the rumours of each currency (a face-down one the seat knows
-- in brackets); the events in play; the job seekers; a line per seat (Wonga,
-- loans, the team fresh and exhausted); when the seat is asked to hire,
-- what the job seekers' abilities do. At the end the rumour totals, the
-- scams and the hodlers.
function crypto.describe(view, deck)
  local s = view.state
  local lines = { string.format("round %d%s, %s phase; start player %d, last player %d",
    s.round, s.last_round and " (the last)" or "", s.phase, s.start, s.last) }
  local function add(fmt, ...) lines[#lines + 1] = string.format(fmt, ...) end
  local known = false
  local head = "  currency price field stock supply upcoming difficulty reward fee"
  local held = {}
  for seat = 1, view.players do held[seat] = string.format("%3d", seat) end
  head = head .. " " .. table.concat(held)
  add("%" .. #head .. "s", "coins held by seat")
  add("%s", head)
  local rumours = {}
  for _, cur in ipairs(CURRENCIES) do
    local up = 0
    for _, c in ipairs(s.upcoming) do if c == cur then up = up + 1 end end
    -- the terms a house rule's pieces give, public under one; else the book's
    local d, reward, fee, fields
    local t = s.terms and s.terms[cur]
    if t then
      d, reward, fee, fields = t.difficulty, t.reward, t.fee, t.fields
    else
      local board, e = data[s.boards][cur], s.events
      d, reward, fee = mining_terms(board, s.mining[cur], e.faster_blocks, e.mining_boom, e.fee_hike)
      fields = #board.prices
    end
    for seat = 1, view.players do held[seat] = string.format("%3d", s.coins[seat][cur]) end
    add("  %-8s %5d %5s %5d %6d %8d %10d %6d %3d %s", cur, s.price[cur],
      s.field[cur] .. "/" .. fields, s.stock[cur], s.supply[cur], up, d, reward, fee,
      table.concat(held))
    local r, cards = {}, view.zones[TRACK[cur]].cards or {}
    for i, p in ipairs(s.rumours[cur] or {}) do
      if type(p) == "number" then
        r[i] = signed(p)
      elseif (cards[i] or 0) ~= 0 then
        r[i] = "(" .. signed(deck[cards[i]].points) .. ")"
        known = true
      else
        r[i] = p
      end
    end
    local total = s.totals and string.format(" (total %s%s)", signed(s.totals[cur]),
      s.price[cur] == 0 and ", scam" or "") or ""
    rumours[#rumours + 1] = string.format("%s %s%s", cur, #r > 0 and table.concat(r, " ") or "none", total)
  end
  add("  rumours%s: %s", known and " ((+2): face down, you know it)" or "", table.concat(rumours, "; "))
  for _, id in ipairs(view.zones.event_active.cards or {}) do
    add("  event in play: %s: %s", deck[id].name, deck[id].text)
  end
  local abilities, listed = {}, {}
  local function ability_of(card)
    local a = card.ability
    if a and not listed[a] then listed[a] = true; abilities[#abilities + 1] = card.name .. ": " .. data.abilities[a] end
  end
  -- what the seat is asked, if anything: a hire explains the seekers' abilities
  local asked = view.request and view.request.seat == view.seat and view.request.kind
  local seekers = {}
  for _, id in ipairs(view.zones.seekers.cards or {}) do
    local card = deck[id]
    seekers[#seekers + 1] = string.format("%s %d/%d", card.name, card.cost, card.energy)
    if asked == "hire" then ability_of(card) end
  end
  add("  job seekers (cost/energy): %s", #seekers > 0 and table.concat(seekers, ", ") or "none")
  -- identical members once, with their number: "Intern 1 x2"
  local function members(list)
    local out, at = {}, {}
    for _, m in ipairs(list) do
      if at[m] then out[at[m]].n = out[at[m]].n + 1
      else out[#out + 1] = { text = m, n = 1 }; at[m] = #out end
    end
    for i, m in ipairs(out) do out[i] = m.n > 1 and m.text .. " x" .. m.n or m.text end
    return table.concat(out, ", ")
  end
  for seat = 1, view.players do
    local fresh, tired = {}, {}
    for _, id in ipairs(view.zones[string.format("team[%d]", seat)].cards or {}) do
      local member = string.format("%s %d", deck[id].name, deck[id].energy)
      if s.tired[id] then tired[#tired + 1] = member else fresh[#fresh + 1] = member end
    end
    local team = {}
    if #fresh > 0 then team[1] = members(fresh) end
    if #tired > 0 then team[#team + 1] = "exhausted " .. members(tired) end
    local secret = view.zones[string.format("secret[%d]", seat)]
    if secret.cards and secret.cards[1] and secret.cards[1] ~= 0 then
      team[#team + 1] = "secret rumour " .. rumour_name(secret.cards[1])
    end
    add("  seat %d%s: %d Wonga%s; %s", seat, seat == view.seat and " (you)" or "", s.wonga[seat],
      s.loans[seat] > 0 and ", " .. render.count(s.loans[seat], "loan") or "", table.concat(team, "; "))
  end
  for _, text in ipairs(abilities) do add("  %s", text) end
  if s.hodler then
    local h = {}
    for _, cur in ipairs(CURRENCIES) do
      if s.hodler[cur] then h[#h + 1] = string.format("%s seat %s", cur, table.concat(s.hodler[cur], " and ")) end
    end
    add("  hodlers: %s", #h > 0 and table.concat(h, ", ") or "none")
  end
  return lines
end

---------------------------------------------------------------- edits

-- The game's own edits (god mode, docs/repl.md): changes that keep several
-- things in step. Names and currencies are read in any case, as answers
-- are.

-- A currency by its name in any case ('flyt'), or nil and why not.
local function currency_named(text)
  local cur = CUR_NAMED[text:lower()]
  if cur then return cur end
  return nil, string.format("no currency '%s'; the currencies: %s", text, table.concat(CURRENCIES, ", "))
end

-- The card name, in its proper case, that `name` is in any case, or nil.
local PROPER = {}
for _, name in ipairs(NAMES) do PROPER[name:lower()] = name end

-- The edit's words get a name of several words typed without quotes as
-- several arguments ("Quant", "Wizard"), as the built-in move does
-- (docs/repl.md): the words past the last argument are joined to it, and a
-- card's name so made is told to go in quotes, the edit as it should be
-- typed after it. Gives the name made and that refusal, if any.
local function joined(head, name, ...)
  if select("#", ...) == 0 then return name end
  local full = table.concat({ name, ... }, " ")
  if PROPER[full:lower()] then
    return full, string.format('a name with blanks goes in quotes: %s "%s"', head, full)
  end
  return full
end

local function member_of(game, seat_text, name, tired)
  local seat = math.tointeger(tonumber(seat_text))
  if not seat or seat < 1 or seat > game.players then
    return nil, string.format("there are seats 1 to %d (got '%s')", game.players, tostring(seat_text))
  end
  local names, low = {}, name:lower()
  for _, id in ipairs(game.zones.team[seat]:cards()) do
    if DECK[id].name:lower() == low and (game.state.tired[id] == true) == tired then return id end
    names[#names + 1] = DECK[id].name .. (game.state.tired[id] and " (exhausted)" or "")
  end
  return nil, string.format("seat %d has no %s %s; its team: %s", seat, tired and "exhausted" or "fresh",
    name, #names > 0 and table.concat(names, ", ") or "nobody")
end

-- The edit exhaust or refresh of a member: which, and whether exhausted.
local function member_edit(verb, tired)
  return function(game, seat, name, ...)
    local full, unquoted = joined(verb .. " " .. seat, name, ...)
    if unquoted then return nil, unquoted end
    local id, why = member_of(game, seat, full, not tired)
    if not id then return nil, why end
    game.state.tired[id] = tired or nil
    return true
  end
end

-- A rumour card by its headline (any case) or #ID, taken from the rumour
-- deck for a track. A copy elsewhere is not taken: on a track it is laid
-- already, and in a seat's secret zone it is that seat's rumour (or one of
-- the Newshawk's three, which the Newshawk would then shuffle back off the
-- track); nil and why.
local function rumour_card(game, headline)
  local deck = game.zones.rumour_deck
  local n = headline:match("^#(%d+)$")
  if n then
    local id = math.tointeger(tonumber(n))
    if not (id and DECK[id] and DECK[id].type == "rumour") then
      return nil, string.format("card %s is no rumour; the rumours are #%d to #%d", headline, IDS.rumour[1],
        IDS.rumour[#IDS.rumour])
    end
    local at = game.table:where(id)
    if at ~= deck then
      -- where it lies, and how to free it, since the set-up rumours lie on the
      -- tracks and a track's cards are freed only with their track
      local name, where = at and at:name() or "box"
      local cur = name:match("^rumours_(%a+)$")
      local seat = name:match("^secret%[(%d+)%]$")
      if cur then
        where = string.format("it lies on the %s track ('track %s' puts that track's rumours back first)", cur, cur)
      elseif seat then
        where = string.format("it is seat %s's secret rumour", seat)
      else
        where = "it lies in " .. name
      end
      return nil, string.format("rumour %s (%s) is not in the rumour deck: %s", headline, DECK[id].name, where)
    end
    return id
  end
  local known, low = false, headline:lower()
  for _, id in ipairs(IDS.rumour) do
    if DECK[id].name:lower() == low then
      known = true
      if game.table:where(id) == deck then return id end
    end
  end
  if known then
    return nil, string.format("no '%s' is left in the rumour deck (the others are on tracks or secret rumours)", headline)
  end
  return nil, string.format("no rumour '%s'; the rumours are named by their headlines (docs/games/cryptocurrency.md)", headline)
end


-- The kind of card each zone holds (the box: any), which an edit's card must
-- be: the rules read a transaction's currency, a rumour's points, an
-- event's effect.
local HOLDS = { experts = "expert", seekers = "expert", expert_discard = "expert", team = "team member",
  transactions = "transaction", upcoming = "transaction", transaction_discard = "transaction",
  hash = "hash card", hash_stack = "hash card", hash_drawn = "hash card", rumour_deck = "rumour",
  secret = "rumour", events = "event", event_active = "event", event_discard = "event" }
for _, cur in ipairs(CURRENCIES) do HOLDS[TRACK[cur]] = "rumour" end
local HELD = {}  -- the zones, in order
for name in pairs(HOLDS) do HELD[#HELD + 1] = name end
table.sort(HELD)
-- The zones whose cards lie face up (the others but the tracks face down): a
-- card moved takes its zone's face, and only a track's rumour lies either way.
local FACE_UP = { team = true, secret = true, seekers = true, expert_discard = true, transaction_discard = true,
  hash = true, hash_drawn = true, event_active = true, event_discard = true }
local KIND = { intern = "an intern", expert = "an expert", transaction = "a transaction", hash = "a hash card",
  rumour = "a rumour", event = "an event" }

local function holds(game, zone, name)
  local base = name:match("^[%a_]+")
  local kind, up = HOLDS[base], FACE_UP[base] or false
  for _, id in ipairs(zone:cards()) do
    -- (a card face down where the table shows it face up failed the table
    -- and the greedy bot, which read its face)
    if not name:match("^rumours_") and game.table:face(id) ~= up then
      error(string.format("the cards in %s lie face %s (%s): face turns the rumours on the tracks over", name,
        up and "up" or "down", DECK[id].name), 0)
    end
    local t = DECK[id].type
    if not (KIND[t]:sub(-#kind) == kind or kind == "team member" and (t == "intern" or t == "expert")) then
      error(string.format("%s holds %ss, and %s is %s", name, kind, DECK[id].name, KIND[t]), 0)
    end
  end
end

-- What no rule makes or reads: an error refuses the edit, changing nothing,
-- and says what to do instead.
local function refuse_what_no_rule_reads(game)
  local s, z = game.state, game.zones
  for _, cur in ipairs(CURRENCIES) do
    local fields, at = #rules.board(game, cur).mining.difficulty, s.mining[cur]
    if math.type(at) ~= "integer" or at < 1 or at > fields then
      error(string.format("%s's mining track has fields 1 to %d (state mining.%s %s)", cur, fields, cur,
        tostring(at)), 0)
    end
  end
  -- no rule takes a count below 0 before the final scoring (a payment one
  -- cannot make costs a coin), and none reads one there
  local function counted(what, value, path)
    if value < 0 then error(string.format("%s cannot be below 0 (state %s %d)", what, path, value), 0) end
  end
  for _, cur in ipairs(CURRENCIES) do
    counted(cur .. "'s market stock", s.stock[cur], "stock." .. cur)
    counted(cur .. "'s unmined supply", s.supply[cur], "supply." .. cur)
    counted(cur .. "'s rumours placed", s.placed[cur], "placed." .. cur)
  end
  for seat = 1, game.players do
    counted("Wonga", s.wonga[seat], string.format("wonga[%d]", seat))
    counted("loans", s.loans[seat], string.format("loans[%d]", seat))
    for _, cur in ipairs(CURRENCIES) do
      counted("coins", s.coins[seat][cur], string.format("coins[%d].%s", seat, cur))
    end
  end
  -- where the rules are, which no rule reads back to go there
  local at = game.at
  -- (state round, the count the rules go on from and the table shows, may
  -- be edited: the next round is one more)
  if s.phase ~= at.phase then
    error(string.format("state phase says where the rules are (the %s phase): the next phase is reached by "
      .. "answering this one's requests", at.phase), 0)
  end
  if s.last_round ~= at.last_round then
    error("state last_round follows the tracks and the rumour deck: rumour CURRENCY HEADLINE, state "
      .. "placed.CURRENCY N or the deck's cards make a round the last", 0)
  end
  -- the markers move one seat clockwise a round, the last player's on the
  -- start player's right (the seats keep the start player for the turns)
  local start = game.seats:start()
  if s.start ~= start or s.last ~= game.seats:after(start, -1) then
    error(string.format("the start player marker (state start, now %d) moves one seat clockwise a round, "
      .. "the last player marker (state last, %d) on its right: the first round's start player is the option "
      .. "start_player (:new cryptocurrency start_player=SEAT, or --option start_player=SEAT)", start,
      game.seats:after(start, -1)), 0)
  end
  -- the turns of the other phases go by the book's order (from the start
  -- player, or counter-clockwise from the last one), not by the seats'
  if not game.turning and game.seats:turn() ~= (game.turns or 1) then
    error(string.format("turn SEAT gives a seat the next turn once the action phase's turns have begun; "
      .. "in the %s phase the requests go by the book's order", s.phase), 0)
  end
  -- each zone holds the kind of card the rules look for there, with its face
  for _, name in ipairs(HELD) do
    if name == "team" or name == "secret" then
      for seat = 1, game.players do holds(game, z[name][seat], string.format("%s[%d]", name, seat)) end
    else
      holds(game, z[name], name)
    end
  end
  for seat = 1, game.players do
    if z.secret[seat]:count() > 1 and not game.keeping then
      error(string.format("a seat holds one secret rumour, and secret[%d] would hold %d: empty secret[%d] "
        .. "rumour_deck first", seat, z.secret[seat]:count(), seat), 0)
    end
  end
  if z.events:count() > 0 and not game.options.events then
    error("the event deck is revealed only with the option events (:new cryptocurrency events=true); "
      .. "event \"NAME\" puts a permanent event in play", 0)
  end
  for _, id in ipairs(z.event_active:cards()) do
    local card = DECK[id]
    if card.kind ~= "permanent" then
      error(string.format("event_active holds the permanent events in play, and %s is an instant one, which "
        .. "acts when it is revealed: move \"%s\" events puts it on top of the event deck", card.name,
        card.name), 0)
    end
  end
  -- under a house rule's mining pieces, their terms are the rules' alone
  if game.terms_public then
    for _, cur in ipairs(CURRENCIES) do
      for key, value in pairs(game.terms_made[cur]) do
        if s.terms[cur][key] ~= value then
          error(string.format("state terms are made by the rules from the mining fields and the events in play "
            .. "(state mining.%s N, event EVENT): terms.%s.%s is %s", cur, cur, key, tostring(value)), 0)
        end
      end
    end
  end
end

-- After any edit (a card moved by hand onto a track or among the upcoming
-- transactions, in god mode or a scenario), what the game keeps from its
-- zones and its state is made anew, as the rules make it: the tracks'
-- rumours and the upcoming transactions (the table and the bots read them),
-- the events in play (the rules read state.events) from the cards in
-- event_active, the last round's announcement, and a house rule's public
-- mining terms. First it refuses what no rule makes or reads (above).
function crypto.edited(game)
  refuse_what_no_rule_reads(game)
  local s, z = game.state, game.zones
  local events = {}
  for _, id in ipairs(z.event_active:cards()) do events[DECK[id].effect] = true end
  for effect in pairs(s.events) do s.events[effect] = events[effect] end
  for effect in pairs(events) do s.events[effect] = true end
  -- The round's announcement follows the tracks and the deck an edit changes
  -- (the greedy bot plays to it); in the rumour phase the round's own placing
  -- has begun.
  if s.phase ~= "rumours" and s.phase ~= "end" then
    local was = s.last_round
    s.last_round = last_round(game)
    if s.last_round and not was then
      game:say("round %d is the last: the game ends after its rumour phase", s.round)
    elseif was and not s.last_round then
      game:say("round %d is no longer the last", s.round)
    end
    mark(game)
  end
  if game.terms_public then public_terms(game) end
  for _, cur in ipairs(CURRENCIES) do update_track(game, cur) end
  update_upcoming(game)
end

crypto.edits = {
  rumour = {
    args = "CURRENCY HEADLINE", min_args = 2,
    doc = "lays a rumour (by headline: \"Whale dumps coins\") on the currency's track as a player "
      .. "lays it: the next slot, face opposite to the card before it, a face-up rumour moving the price",
    apply = function(game, cur_text, headline, ...)
      local cur, why = currency_named(cur_text)
      if not cur then return nil, why end
      local full, unquoted = joined("rumour " .. cur_text, headline, ...)
      if unquoted then return nil, unquoted end
      if game.state.placed[cur] >= rules.rumours_to_end(game) then
        return nil, string.format("%s's track holds its %d rumours already", cur, rules.rumours_to_end(game))
      end
      local id
      id, why = rumour_card(game, full)
      if not id then return nil, why end
      -- (edited then announces the round the last, when it is)
      rules.place_rumour(game, cur, id)
      return true
    end,
  },
  track = {
    args = "CURRENCY [RUMOUR up|down ...]", min_args = 1,
    doc = "sets the currency's track by hand (scenarios): its rumours go on top of the rumour deck, then the "
      .. "rumours named (by headline or #ID) are laid from the deck in order, each face up or down as given; "
      .. "no price moves, and placed stays (state placed.Flyt 4 sets it)",
    apply = function(game, cur_text, ...)
      local cur, why = currency_named(cur_text)
      if not cur then return nil, why end
      -- the rumours and their faces, read before anything changes
      local laid, words = {}, {}
      for _, word in ipairs({ ... }) do
        local face = word:lower()
        if face == "up" or face == "down" then
          if #words == 0 then
            return nil, string.format("'%s' follows a rumour, as in track %s \"Whale dumps coins\" %s", word, cur, face)
          end
          laid[#laid + 1] = { name = table.concat(words, " "), words = #words, up = face == "up" }
          words = {}
        else
          words[#words + 1] = word
        end
      end
      if #words > 0 then
        return nil, string.format("say up or down after '%s'", table.concat(words, " "))
      end
      for _, l in ipairs(laid) do
        if l.words > 1 and PROPER[l.name:lower()] then
          local line = { "track " .. cur_text }
          for _, m in ipairs(laid) do
            line[#line + 1] = (m.words > 1 and '"' .. m.name .. '"' or m.name) .. (m.up and " up" or " down")
          end
          return nil, "a name with blanks goes in quotes: " .. table.concat(line, " ")
        end
      end
      local z, deck = track(game, cur), game.zones.rumour_deck
      z:move_all(deck)
      for _, l in ipairs(laid) do
        local id
        id, why = rumour_card(game, l.name)
        -- (the match makes the game again without an edit refused here)
        if not id then return nil, why end
        z:insert(id, "bottom")
        game.table:face(id, l.up)
      end
      update_track(game, cur)
      return true
    end,
  },
  event = {
    args = "EVENT", min_args = 1,
    doc = "puts a permanent event in play, as one revealed (its card into event_active, its effect on the "
      .. "rules: event \"Whale Watch\"); empty event_active event_discard takes them out of play",
    keeps = { state = { "events" } },
    apply = function(game, name, ...)
      local full, unquoted = joined("event", name, ...)
      if unquoted then return nil, unquoted end
      local names = {}
      for _, id in ipairs(IDS.event) do
        local card = DECK[id]
        if card.name:lower() == full:lower() then
          if card.kind ~= "permanent" then
            return nil, string.format("%s is an instant event: it acts when it is revealed (move \"%s\" events "
              .. "puts it on top of the event deck)", card.name, card.name)
          end
          if game.table:where(id) == game.zones.event_active then
            return nil, string.format("%s is in play already", card.name)
          end
          game.zones.event_active:insert(id)
          return true
        end
        if card.kind == "permanent" then names[#names + 1] = card.name end
      end
      return nil, string.format("no event '%s'; the permanent events: %s", full, table.concat(names, ", "))
    end,
  },
  price = {
    args = "CURRENCY FIELD", min_args = 2,
    doc = "puts the currency's price marker on FIELD of its track: the field and the price it shows",
    keeps = { state = { "price", "field" } },
    apply = function(game, cur_text, field_text)
      local cur, why = currency_named(cur_text)
      if not cur then return nil, why end
      local board = rules.board(game, cur)
      local field = math.tointeger(tonumber(field_text))
      if not field or field < 1 or field > #board.prices then
        return nil, string.format("%s's track has fields 1 to %d (got '%s')", cur, #board.prices, field_text)
      end
      game.state.field[cur], game.state.price[cur] = field, board.prices[field]
      return true
    end,
  },
  exhaust = {
    args = "SEAT MEMBER", min_args = 2,
    doc = "a fresh team member of the seat (by name: Intern, \"Data Analyst\") is exhausted",
    keeps = { state = { "tired" } },
    apply = member_edit("exhaust", true),
  },
  refresh = {
    args = "SEAT MEMBER", min_args = 2,
    doc = "an exhausted team member of the seat is fresh again",
    keeps = { state = { "tired" } },
    apply = member_edit("refresh", false),
  },
}

require("greedy")(crypto, DECK, CURRENCIES)

return crypto
