-- Rush for the Web (Veethika Mishra, Michael Kleinhenz; rule book EN-1.1,
-- CC BY-SA). The rule book, in short:
--   Setup. Shuffle the resource, project and persona cards. Put "Expansion"
--   aside, shuffle the other events, draw 11, add Expansion and shuffle: the
--   event stack of 12. Turn one resource face up: the pool (not the resource
--   discard). Each player draws a persona, draws 3 projects and keeps 2 (the
--   third is shuffled back), takes 3 credits and 3 resources in hand. The
--   starting player reveals the first event.
--   A round: each player takes a turn; at the start of a new round the
--   starting player reveals the next event, whose effect lasts the round.
--   A turn: acquire exactly one resource (draw one, or take the top pool
--   card); then exactly one of: play a resource to an own project (its colour
--   must be allowed there; pay its cost; then its effect may apply) or discard
--   one to the pool (+1 credit; its effect is ignored); then you may sell one
--   project with at least 2 resources (its sell table for 2, 3, 4 resources,
--   plus persona and event bonuses): the project goes to the project discard,
--   its resources to the resource discard, the sale is noted, and you draw 2
--   projects, keep 1 and shuffle the other back.
--   Trade: during a turn the current player and one other player may
--   exchange credits and cards, when both agree.
--   End: after 12 rounds, when the starting player has no event card left
--   to draw, the most credits win; tie: most projects sold; still tied: a
--   shared win.
-- The cards are data (cardlist.lua); where the rules are unclear, the
-- choices made are options or rule pieces (docs/games/rushfortheweb.md).

local cards = require "cards"
local score = require "score"
local render = require "render"
local explain = require "explain"
local cardlist = require "cardlist"

local rush = {
  name = "rushfortheweb",
  title = "Rush for the Web",
  about = "build web projects from resources and sell them at the right time; most credits after 12 rounds",
  players = { min = 2, max = 5, default = 4 },
  options = {
    { name = "rounds", type = "integer", default = 12, min = 1, max = 18,
      doc = "rounds played: the event stack holds this many events, Expansion among them" },
    { name = "start_credits", type = "integer", default = 3, min = 0, max = 50,
      doc = "credits each player takes at the start" },
    { name = "start_resources", type = "integer", default = 3, min = 0, max = 10,
      doc = "resource cards each player draws at the start" },
    { name = "project_capacity", type = "integer", default = 0, min = 0, max = 12,
      doc = "not in the book: resources a project may hold, 2 or more; 0: no limit, as in the book (4 or more sell as 4)" },
    { name = "max_projects", type = "integer", default = 3, min = 2, max = 5,
      doc = "projects a player may own: Expansion gives a third one up to this" },
    { name = "bonus_colours", type = "choice", default = "any", choices = { "any", "all" },
      doc = "a sell bonus naming colours needs a resource of any one of them, or of all" },
    { name = "resource_bonus", type = "choice", default = "attached", choices = { "attached", "played" },
      doc = "a resource's sell bonus counts when its project is sold, or for this turn's sale" },
    { name = "trading", type = "choice", default = "on", choices = { "on", "off" },
      doc = "whether players negotiate and trade (the book: freely, in the current player's turn)" },
    { name = "offers_per_turn", type = "integer", default = 0, min = 0, max = 50,
      doc = "not in the book: offers a turn may see, counter-offers included (a limit for bots); 0: no limit" },
    { name = "starting_player", type = "seat", default = 0,
      doc = "the seat that starts (the player who last uploaded a video); 0: drawn at random" },
  },
  bots = {},
  -- how the web page draws the table (docs/web.md, "Presentation hints")
  presentation = {
    felt = "#3a2d57", card_label = "name", card_detail = "code", card_text = "text",
    -- a resource in its colour, the game's currency; a project's band in the
    -- colours it takes; the other cards in inks no resource colour has
    colour_by = { "colour", "colours", "type" },
    colours = { red = "#c62828", yellow = "#a87a00", green = "#2e7d32", blue = "#1565c0", purple = "#7b1fa2",
                persona = "#5d4037", project = "#37474f", event = "#e65100" },
    zones = { "event", "events", "past_events", "pool", "resources", "resource_discard", "projects",
              "project_discard", "personas" },
    seat_zones = { "persona", "choice", "hand", "project1", "project2", "project3" },
    seat_state = { "credits", "sold" },
    stacked = { resource_discard = true, project_discard = true, past_events = true },
    labels = { past_events = "past events", project1 = "project 1", project2 = "project 2",
               project3 = "project 3", sold = "projects sold", effects = "this round",
               offer_text = "offer", start = "start player" },
    markers = { "start" },
    -- the persona is its card on the table; the rounds are the event stack;
    -- the round is the engine's, which the page's header says; the offer is
    -- shown in words (offer_text); the turn's counts of offers and sales are
    -- the rules' bookkeeping, which a refusal explains; the sale sizes are in
    -- the projects' words (describe)
    hidden = { ["state.persona"] = true, rounds = true, round = true, offer = true, offers = true,
               sales = true, sale_sizes = true },
    hide_empty = { event = true, past_events = true, resource_discard = true, project_discard = true,
                   personas = true, choice = true, hand = true },
    -- an offer is made step by step, then said in one line (offer_text)
    log_steps = { trade = true, give_credits = true, give_cards = true, ask_credits = true, ask_card = true },
    amounts = { give_credits = true, ask_credits = true },
  },
  -- the Curator's pick goes to a hidden hand: other seats see that it kept
  -- one, not which
  secret_kinds = { scout = true },
  -- what `cardlab bench` measures (the issue's target: 1 us a decision)
  bench = { { players = 4 }, { players = 4, bots = "greedy", games = 200 } },
  -- the search bot's games per decision: its default answers within 200 ms (docs/bots.md)
  search = { iterations = 50 },
}

---------------------------------------------------------------- the cards

local COLOURS = cardlist.colours
local IS_COLOUR = {}
for _, c in ipairs(COLOURS) do IS_COLOUR[c] = true end

-- "red/blue" -> { "red", "blue" }; "4/6/9" -> { 4, 6, 9 }.
local function split(text, convert)
  local list = {}
  for part in tostring(text):gmatch("[^/]+") do list[#list + 1] = convert and convert(part) or part end
  return list
end

local function colour_list(text, where)
  local list = split(text)
  for _, c in ipairs(list) do
    if not IS_COLOUR[c] then error(string.format("%s: unknown colour '%s'", where, c), 0) end
  end
  return list
end

local EFFECTS = { again = true, take_pool = true, draw_another = true, swap = true, bonus = true }

-- Every card gets its type and a short code for answers ("R12", "P3"); text
-- fields become lists and sets.
local PREFIX = { persona = "C", project = "P", resource = "R", event = "E" }
local DECK = {}

local function add_cards(kind, text)
  local n = 0
  for _, card in ipairs(cards.parse(text)) do
    n = n + 1
    card.type, card.code = kind, PREFIX[kind] .. n
    -- the four decks have backs of their own (the search bot's deals keep them apart)
    card.back = kind
    local where = string.format("%s '%s'", kind, card.name)
    if card.need then card.need = colour_list(card.need, where) end
    for _, field in ipairs({ "discount_on", "wild" }) do
      if card[field] then
        local set = {}
        for _, c in ipairs(colour_list(card[field], where)) do set[c] = true end
        card[field] = set
      end
    end
    if kind == "project" then
      card.colours = colour_list(card.colours, where)
      card.allows = {}
      for _, c in ipairs(card.colours) do card.allows[c] = true end
      local t = split(card.sell, tonumber)
      if #t ~= 3 then error(where .. ": sell needs three values (2/3/4 resources)", 0) end
      card.sell = { [2] = t[1], [3] = t[2], [4] = t[3] }
    elseif kind == "resource" then
      if not IS_COLOUR[card.colour] then error(where .. ": unknown colour " .. tostring(card.colour), 0) end
      if card.effect and not EFFECTS[card.effect] then
        error(string.format("%s: unknown effect '%s'", where, card.effect), 0)
      end
    end
    DECK[#DECK + 1] = card
  end
end

add_cards("persona", cardlist.personas)
add_cards("project", cardlist.projects)
add_cards("resource", cardlist.resources)
add_cards("event", cardlist.events)
rush.cards = DECK

local EXPANSION
for id, card in ipairs(DECK) do
  if card.type == "event" and card.name == "Expansion" then EXPANSION = id end
end
assert(EXPANSION, "the event 'Expansion' must be among the events")

-- What a card does, in words (for the terminal and the docs).
local EFFECT_WORDS = {
  again = "play or discard another card, then draw one",
  take_pool = "may take the pool card, then discard one",
  draw_another = "may draw another card, then discard one",
  swap = "may swap a hand card with the pool card",
}

local function bonus_words(card)
  return string.format("+%d a sale%s", card.bonus, card.need and " with " .. render.spoken(card.need, "or") or "")
end

local function set_words(set)
  local on = {}
  for _, c in ipairs(COLOURS) do if set[c] then on[#on + 1] = c end end
  return table.concat(on, " and ")
end

function rush.effect_text(card)
  local parts = {}
  local function add(s) parts[#parts + 1] = s end
  if card.type == "resource" then
    if card.effect == "bonus" then add(bonus_words(card))
    elseif card.effect then add(EFFECT_WORDS[card.effect]) end
  else
    if card.bonus then add(bonus_words(card)) end
    if card.pool_bonus then add(string.format("+%d for a discard to the pool", card.pool_bonus)) end
    if card.discount then
      add(string.format("%s resources cost %d less", card.discount_on and set_words(card.discount_on) or "all",
        card.discount))
    end
    if card.per_project then add(string.format("+%d a turn per project with a resource", card.per_project)) end
    if card.third_project then add("a third project") end
    if card.sales then add(string.format("may sell %d projects a turn", card.sales)) end
    -- the Curator's effects belong to the turn's acquisition, not to the
    -- icons that draw or take a card: the words say so
    if card.scout then add(string.format("draws %d resources when acquiring, keeps 1", card.scout)) end
    if card.curate then add(string.format("+%d for taking the pool card when acquiring", card.curate)) end
    if card.fame then add(string.format("+%d a sale for every project sold before", card.fame)) end
    if card.royalty then
      add(string.format("+%d when %s sells%s", card.royalty,
        card.royalty_from == "next" and "the next player" or card.royalty_from == "neighbours"
          and "a neighbour" or "another player",
        card.need and " a project with " .. render.spoken(card.need, "or") or ""))
    end
    if card.wild then add(string.format("%s resources fit every project", set_words(card.wild))) end
    if card.income then
      add(string.format("+%d at the start of each of its turns%s", card.income,
        card.need and " with a project holding " .. render.spoken(card.need, "or") or ""))
    end
  end
  return table.concat(parts, "; ")
end

-- A project's sell table in words ("2/3/4", "5/8/11"): the prices the game
-- charges for the sale sizes it allows. `sizes` is the game's
-- state.sale_sizes ({ low, high }, set where they are not the book's 2 to
-- 4: a project_capacity under 4, a house rule's min_sale); the prices are
-- the rule piece table_price's, so that the table shows a house rule's
-- prices too. Past 4, a size that sells at the price of the one before is
-- left out (the book's "4 or more sell as 4").
local function sell_table(card, sizes)
  local low, high = 2, 4
  if sizes then low, high = sizes[1], sizes[2] end
  local price = rush.rules and rush.rules.table_price
  if not price then
    local counts, prices = {}, {}
    for n = low, high do counts[#counts + 1], prices[#prices + 1] = n, card.sell[n < 4 and n or 4] end
    return table.concat(counts, "/"), table.concat(prices, "/")
  end
  local function at(n)
    local ok, v = pcall(price, card, n)
    return ok and math.type(v) ~= nil and v or nil
  end
  local counts, values = {}, {}
  for n = low, high do counts[#counts + 1], values[#values + 1] = n, at(n) end
  while #counts > 1 and counts[#counts] > 4 and values[#values] == values[#values - 1] do
    counts[#counts], values[#values] = nil, nil
  end
  local prices = {}
  for i = 1, #counts do prices[i] = values[i] and string.format("%g", values[i]) or "?" end
  return table.concat(counts, "/"), table.concat(prices, "/")
end

-- A card as players read it, in words rather than abbreviations: "R12 Camera
-- (red, costs 1: may swap ...)", "P1 Vlog (takes red; sold with 2/3/4
-- resources: 5/8/11)". A project's words depend on the game (`sizes`, its
-- state.sale_sizes), the others' not.
function rush.label(card, sizes)
  if card.type == "resource" then
    local e = rush.effect_text(card)
    return string.format("%s %s (%s, costs %d%s)", card.code, card.name, card.colour, card.cost,
      e ~= "" and ": " .. e or "")
  elseif card.type == "project" then
    local counts, prices = sell_table(card, sizes)
    return string.format("%s %s (takes %s; sold with %s resources: %s)", card.code, card.name,
      table.concat(card.colours, "/"), counts, prices)
  end
  return string.format("%s (%s)", card.name, rush.effect_text(card))
end

-- Every card's label, made once (for the log's events and the trades'
-- resources, whose words no option changes; a project's the table makes
-- from the game's state.sale_sizes).
local LABEL = {}
for id, card in ipairs(DECK) do LABEL[id] = rush.label(card) end

-- What the web page says when the pointer rests on a card (presentation's
-- card_text): its kind and its words, as printed (a project's prices are the
-- book's; "In words" gives a house rule's).
for id, card in ipairs(DECK) do card.text = card.type .. " " .. LABEL[id] end

-- The answer texts, made once.
local PLAY, POOL, TAKE, SWAP, DISCARD, KEEP, GIVE, SELL = {}, {}, {}, {}, {}, {}, {}, {}
for rid, r in ipairs(DECK) do
  if r.type == "resource" then
    PLAY[rid] = {}
    for pid, p in ipairs(DECK) do
      if p.type == "project" then PLAY[rid][pid] = string.format("play %s %s", r.code, p.code) end
    end
    POOL[rid] = "pool " .. r.code
    TAKE[rid] = "take " .. r.code
    SWAP[rid] = "swap " .. r.code
    DISCARD[rid] = "discard " .. r.code
    GIVE[rid] = "give " .. r.code
    KEEP[rid] = "keep " .. r.code
  elseif r.type == "project" then
    KEEP[rid] = "keep " .. r.code
    SELL[rid] = "sell " .. r.code
  end
end

---------------------------------------------------------------- the rules
-- Each piece may be replaced by a house-rule file (docs/authoring.md).

local rules = {}
rush.rules = rules

-- The persona card of a seat: the top card of its persona zone, read each
-- time, so that an edit that moves a persona card changes its effect too.
local NO_PERSONA = {}
local NO_PERSONA_NAME = "no persona"   -- (its name on the table: the persona edit)
local function persona(game, seat)
  local id = game.zones.persona[seat]:peek()
  return id and DECK[id] or NO_PERSONA
end

-- The project card in a project zone (its bottom card), or nil.
local function project_of(zone)
  local n = zone:count()
  return n > 0 and DECK[zone:peek(n)] or nil, n > 0 and n - 1 or 0
end

-- Whether a resource may be added to a project: the project allows its
-- colour (or the seat's persona makes that colour fit everywhere).
function rules.fits(game, seat, resource, project)
  if project.allows[resource.colour] then return true end
  local wild = persona(game, seat).wild
  return wild ~= nil and wild[resource.colour] == true
end

local FITS = rules.fits

-- Whether a project holding `n` resources has room for one more.
function rules.has_room(game, n)
  local cap = game.rush.capacity
  return cap == 0 or n < cap
end

local HAS_ROOM = rules.has_room

-- What a resource costs the seat now: its cost less the round's event
-- discount and the persona's, never below 0.
function rules.cost(game, seat, resource)
  local c = resource.cost - (game.state.effects.discount or 0)
  local p = persona(game, seat)
  if p.discount and (p.discount_on == nil or p.discount_on[resource.colour]) then c = c - p.discount end
  return c > 0 and c or 0
end

local COST = rules.cost

-- Whether a bonus with colour conditions applies to a project whose
-- resources show the colours in `present` (a set). No colours: always.
function rules.bonus_applies(game, need, present)
  if need == nil then return true end
  local all = game.rush.need_all
  for i = 1, #need do
    local has = present[need[i]]
    if all and not has then return false end
    if not all and has then return true end
  end
  return all
end

-- The sell table: credits for a project with n (>= 2) resources; more than 4
-- sell as 4.
function rules.table_price(project, n)
  return project.sell[n < 4 and n or 4]
end
local book_table_price = rules.table_price

-- The colours of the resources in a project zone, as a set (a reused table),
-- and the zone's cards.
local function colours_present(game, slot)
  local present = game.rush.present
  for _, c in ipairs(COLOURS) do present[c] = false end
  local ids = slot:cards(game.rush.held)
  for i = 1, #ids - 1 do present[DECK[ids[i]].colour] = true end
  return present, ids
end

-- A sell table without a price for n resources (a house rule's min_sale
-- below 2, or its own table_price) is named, not left to fail on the nil.
local function no_price(project, n)
  error(string.format("rules.table_price gave no price for %s %s with %s; expected a number of credits%s",
    project.code, project.name, render.count(n, "resource"),
    n < 2 and " (the book's table prices 2, 3 and 4: a house rule that sells with fewer replaces table_price too)"
      or ""), 0)
end

-- The price of the project in zone `slot` sold by `seat` now: the sell table
-- plus the persona's, the event's and the resources' bonuses whose colour
-- conditions hold. Gives the price and the table price.
function rules.sell_price(game, seat, slot)
  local project, n = project_of(slot)
  local base = game.rules.table_price(project, n)
  if base == nil then no_price(project, n) end
  local present, ids = colours_present(game, slot)
  local price = base
  local p, e = persona(game, seat), game.state.effects
  if p.bonus and game.rules.bonus_applies(game, p.need, present) then price = price + p.bonus end
  if p.fame then price = price + p.fame * game.state.sold[seat] end
  if e.bonus and game.rules.bonus_applies(game, e.need, present) then price = price + e.bonus end
  if game.rush.bonus_played then
    for _, rid in ipairs(game.rush.played) do
      local r = DECK[rid]
      if game.rules.bonus_applies(game, r.need, present) then price = price + r.bonus end
    end
  else
    for i = 1, n do
      local r = DECK[ids[i]]
      if r.effect == "bonus" and game.rules.bonus_applies(game, r.need, present) then
        price = price + r.bonus
      end
    end
  end
  return price, base
end

-- Credits for discarding a resource to the pool: 1, plus the event's and the
-- persona's bonus.
function rules.pool_reward(game, seat)
  return 1 + (game.state.effects.pool_bonus or 0) + (persona(game, seat).pool_bonus or 0)
end

local POOL_REWARD = rules.pool_reward

-- Whether a persona's royalty is paid to `owner` when `seller` sells: from
-- any other player, or only from the next player, or from either neighbour.
function rules.royalty_from(game, from, owner, seller)
  if from == "next" then return game.seats:after(owner, 1) == seller end
  if from == "neighbours" then
    return game.seats:after(owner, 1) == seller or game.seats:after(owner, -1) == seller
  end
  return true
end

-- How many projects the seat may sell in one turn.
function rules.sales_per_turn(game, seat)
  return persona(game, seat).sales or 1
end

-- Resources needed on a project to sell it.
function rules.min_sale(game)
  return 2
end

-- A project that holds fewer resources than a sale needs could never be
-- sold: such a capacity is refused before the game starts. (The rule piece
-- min_sale is asked, so that a house rule that sells with 1 allows it; it
-- sees only the options and the player count.)
function rush.validate(options, players)
  local cap = options.project_capacity
  local need = rules.min_sale({ options = options, players = players })
  if need < 2 and rules.table_price == book_table_price then
    return string.format("a sale needs %s (rules.min_sale), and the book's sell table (rules.table_price) "
      .. "prices only 2, 3 and 4: replace table_price too", render.count(need, "resource"))
  end
  if cap ~= 0 and cap < need then
    return string.format("project_capacity=%d: a project is sold with at least %d resources, "
      .. "so it must hold %d or more (0: no limit)", cap, need, need)
  end
end

-- The winners: most credits; tied, most projects sold; still tied, all of
-- them share the win. Gives the winners and the reason.
function rules.winners(game)
  local credits, sold = game.state.credits, game.state.sold
  local best = score.winners(credits)
  if #best == 1 then return best, "most credits" end
  local most = -1
  for _, s in ipairs(best) do if sold[s] > most then most = sold[s] end end
  local winners = {}
  for _, s in ipairs(best) do if sold[s] == most then winners[#winners + 1] = s end end
  if #winners == 1 then return winners, "tied on credits; most projects sold" end
  return winners, "tied on credits and projects sold: a shared win"
end

---------------------------------------------------------------- small moves

-- Cuts a reused list down to n entries.
local function truncate(list, n)
  for i = #list, n + 1, -1 do list[i] = nil end
end

local function gain(game, seat, n)
  local credits = game.state.credits
  credits[seat] = credits[seat] + n
end

-- Draws a resource (the empty stack takes the whole resource discard,
-- shuffled). Gives the number drawn.
local function draw_resources(game, to, n)
  local z = game.zones
  if z.resources:count() < n and z.resource_discard:count() > 0 then
    game:say("the resource stack runs out: the resource discard is shuffled into a new stack")
  end
  return game:draw(z.resources, to, n, z.resource_discard, 0)
end

local function can_draw_resource(game)
  return game.zones.resources:count() > 0 or game.zones.resource_discard:count() > 0
end

local function draw_projects(game, to, n)
  local z = game.zones
  if z.projects:count() < n and z.project_discard:count() > 0 then
    game:say("the project stack runs out: the project discard is shuffled into a new stack")
  end
  return game:draw(z.projects, to, n, z.project_discard, 0)
end

-- The first empty project zone of the seat, or nil.
local function free_slot(game, seat)
  for _, slot in ipairs(game.rush.slots[seat]) do
    if slot:count() == 0 then return slot end
  end
end

local function projects_owned(game, seat)
  local n = 0
  for _, slot in ipairs(game.rush.slots[seat]) do
    if slot:count() > 0 then n = n + 1 end
  end
  return n
end

-- The answers of the "keep" request from the projects in the seat's choice
-- zone as they are (r.keep_wanted of them to keep): "keep P3" per project
-- when one is kept (in the reused lists: r.answers, and r.held the ids), or
-- "keep P3 P7" per way to keep them (r.picks: the ids of each). Fewer
-- projects than that (an edit took some away): the one way, keep them all.
-- Gives the list and its length (0: no project to keep).
local function keep_answers(game, seat)
  local r = game.rush
  local ids = game.zones.choice[seat]:cards(r.held)
  local keep = math.min(r.keep_wanted, #ids)
  r.keeping = keep   -- for the explainer
  if keep == 1 and r.keep_wanted == 1 then
    local answers = r.answers
    for i, id in ipairs(ids) do answers[i] = KEEP[id] end
    truncate(answers, #ids)
    return answers, #ids
  end
  -- every way to keep `keep` of them
  local answers, picks = {}, {}
  local function combine(from, chosen)
    if #chosen == keep then
      local codes = {}
      for i, id in ipairs(chosen) do codes[i] = DECK[id].code end
      answers[#answers + 1] = "keep " .. table.concat(codes, " ")
      picks[#picks + 1] = { table.unpack(chosen) }
      return
    end
    for i = from, #ids do
      chosen[#chosen + 1] = ids[i]
      combine(i + 1, chosen)
      chosen[#chosen] = nil
    end
  end
  if keep > 0 then combine(1, {}) end
  r.picks = picks
  return answers, #answers
end

-- Asks the seat to choose `keep` projects among those in its choice zone
-- (answers "keep P3" or "keep P3 P7", one per choice); gives the chosen ids.
-- An edit made while it waits asks again from the zone as it is then
-- (r.refresh_keep): with its one way on, skip, when no project is left.
local function ask_keep(game, seat, keep, prompt)
  local r = game.rush
  local ids = game.zones.choice[seat]:cards(r.held)
  if #ids <= keep then return ids end
  r.keep_wanted = keep
  local answers = keep_answers(game, seat)
  r.choosing = seat   -- (its choice zone holds the projects drawn: rush.edited)
  local answer, k = game:ask(seat, "keep", prompt, answers, r.refusal_of_keep, r.refresh_keep)
  r.choosing = nil
  if answer == "skip" then return {} end
  if keep == 1 then
    -- (r.held: the ids of the answers, refilled by a refresh)
    r.kept[1] = r.held[k]
    return r.kept
  end
  return r.picks[k]
end

-- Draws n projects for the seat, lets it keep `keep` of them, and sends the
-- others back shuffled into the project stack ("shuffle") or to the project
-- discard ("discard"). Gives the kept ids.
function rules.choose_projects(game, seat, n, keep, others, prompt)
  local z = game.zones
  draw_projects(game, z.choice[seat], n)
  local kept = ask_keep(game, seat, keep, prompt)
  for _, id in ipairs(kept) do free_slot(game, seat):insert(id, "bottom") end
  if z.choice[seat]:count() > 0 then
    if others == "discard" then
      z.choice[seat]:move_all(z.project_discard)
    else
      z.choice[seat]:move_all(z.projects)
      game:shuffle(z.projects)
    end
  end
  return kept
end

-- Why an answer is refused, for people (defined after the turn, below).
local refusal_of_acquire, refusal_of_play, refusal_of_sell, refusal_of_keep, refusal_of_scout
local refusal_of_discard, refusal_of_take_pool, refusal_of_swap, refusal_of_draw_another
local refusal_of_partner, refusal_of_amount, refusal_of_give_cards, refusal_of_ask_card, refusal_of_offer
local refusal_of_hand_over
local acquire_answers, play_card_answers, sell_answers
local again_answers, take_pool_answers, draw_another_answers, swap_answers, discard_answers, scout_answers

-- The turn's steps' prompts, and the one way on of a step an edit left with
-- nothing to do (see the refresh functions).
local ACQUIRE_PROMPT = "draw a resource, or take the pool card"
local PLAY_PROMPT = "play a resource to a project, or discard one to the pool"
local SELL_PROMPT = "sell a project, or end your turn"
local NOTHING_TO_ACQUIRE = "there is no resource left to acquire"
local AGAIN_PROMPT = "again: play or discard another card, then draw one"
local TAKE_POOL_PROMPT = "take the pool card, then discard one?"
local DRAW_ANOTHER_PROMPT = "draw another resource, then discard one?"
local SWAP_PROMPT = "swap a hand card with the pool card?"
local DISCARD_PROMPT = "discard a resource to the resource discard"
local SCOUT_PROMPT = "keep one of the drawn resources"
local ONLY_SKIP, ONLY_END_TURN = { "skip" }, { "end turn" }

---------------------------------------------------------------- setup

-- The ids of each type of card form one run (DECK is built type by type).
local RUNS = {}
for id, card in ipairs(DECK) do
  local last = RUNS[#RUNS]
  if last and last.type == card.type then last.last = id
  else RUNS[#RUNS + 1] = { type = card.type, first = id, last = id } end
end

-- Moves every card of the types in `stacks` (type -> zone) from the box to
-- its zone. A new table's box holds every card, highest id on top: a run of
-- ids at the bottom moves in one step; the rest go card by card.
local function fill_stacks(game, stacks)
  local box = game.zones.box
  local next_id = 1
  if box:count() == #DECK and box:peek() == #DECK and box:peek(#DECK) == 1 then
    for _, run in ipairs(RUNS) do
      local to = stacks[run.type]
      if not to then break end
      box:move_all(to, box:count() - (run.last - run.first + 1))
      next_id = run.last + 1
    end
  end
  for id = next_id, #DECK do
    local to = stacks[DECK[id].type]
    if to then to:insert(id) end
  end
end

-- The event stack: Expansion plus rounds-1 other events drawn at random,
-- shuffled together; the other events go back in the box.
function rules.event_stack(game)
  local z = game.zones
  for id, card in ipairs(DECK) do
    if card.type == "event" and id ~= EXPANSION then z.events:insert(id) end
  end
  game:shuffle(z.events)
  z.events:move_all(z.box, game.options.rounds - 1)
  z.events:insert(EXPANSION)
  game:shuffle(z.events)
end

-- What an event card does while it is the round's event.
local function event_effects(card)
  return {
    bonus = card.bonus, pool_bonus = card.pool_bonus, discount = card.discount,
    per_project = card.per_project, third_project = card.third_project,
    need = card.need and { table.unpack(card.need) },
  }
end

-- The rounds of the game: the round under way and one for each event left in
-- the stack (an edit that empties or fills the stack changes them).
local function count_rounds(game)
  local rounds = (game.state.round or 0) + game.zones.events:count()
  game.state.rounds = rounds
  game.rush.rounds = rounds   -- (what an edit may not set alone: rush.edited)
end

-- The next event is revealed: its effects last the round.
function rules.reveal_event(game)
  local z = game.zones
  if z.event:count() > 0 then z.event:move(z.past_events) end
  local id = z.events:move(z.event)
  local card = DECK[id]
  game.state.event = card.name
  game.state.effects = event_effects(card)
  game.state.round = game.seats:round()
  -- the game lasts as long as the stack: this round and one for each event left
  count_rounds(game)
  game:say("round %d: the event is %s", game.state.round, LABEL[id])
end

-- An empty list with room for 64 entries: a list reused all game long does
-- not grow (and reallocate) while it is refilled.
local function presized()
  local list = {}
  for i = 1, 64 do list[i] = false end
  for i = 64, 1, -1 do list[i] = nil end
  return list
end

-- The rule pieces the greedy bot weighs that a house rule replaced, public
-- (state.house_pieces; nil under the book's), so that the bot asks the rules
-- or reads what the game makes public for it rather than sum the book's
-- numbers: cost, sell_price, bonus_applies, and winners with what the piece
-- ranks first, found by asking it of a stand-in game of 2 players (seat 1
-- richer, seat 2 with more projects sold): "credits", "projects sold", or
-- "unknown" (a piece that reads more than the state's credits and sold).
-- (replaced: game:uncounted sees through the wrapper with which a simulation
-- counts each piece's calls, which is no house rule's.)
local BOOK_SELL_PRICE, BOOK_BONUS_APPLIES, BOOK_WINNERS = rules.sell_price, rules.bonus_applies, rules.winners

local function replaced(game, piece, book) return game:uncounted(piece) ~= book end

local function house_pieces(game)
  local r, house = game.rules, {}
  if replaced(game, r.cost, COST) then house.cost = true end
  if replaced(game, r.sell_price, BOOK_SELL_PRICE) then house.sell_price = true end
  if replaced(game, r.bonus_applies, BOOK_BONUS_APPLIES) then house.bonus_applies = true end
  if replaced(game, r.winners, BOOK_WINNERS) then
    local ok, w = pcall(game:uncounted(r.winners), { players = 2, state = { credits = { 9, 1 }, sold = { 0, 2 } } })
    local first = ok and type(w) == "table" and #w == 1 and w[1]
    house.winners = first == 1 and "credits" or first == 2 and "projects sold" or "unknown"
  end
  return next(house) and house or nil
end

-- The sale sizes a project's label shows (rush.label): from the fewest
-- resources a sale needs (rules.min_sale) to the most a project holds
-- (project_capacity; without one, 4, the sell table's last column), as
-- { low, high }; nil where they are the book's 2 to 4, which the label knows.
local function sale_sizes(game)
  local low = game:uncounted(game.rules.min_sale)(game)
  if math.type(low) ~= "integer" then return nil end  -- the sale step names what is wrong
  local cap = game.options.project_capacity
  local high = cap ~= 0 and cap or math.max(4, low)
  if low == 2 and high == 4 then return nil end
  return { low, high }
end

-- play_answers lists the plays inlined while fits and cost are the book's:
-- r.book_fits and r.book_cost are the pieces the game holds then (the
-- book's own, or the wrappers with which a simulation counts their calls:
-- game:uncounted sees through those), else nil; and when their calls are
-- counted, a tally of each (game:call_tally), to which the inlined path adds
-- the calls it stands for, so that the counts stay those of the per-card path.
local function book_play_lists(game)
  local r, fits, cost = game.rush, game.rules.fits, game.rules.cost
  if game:uncounted(fits) == FITS and game:uncounted(cost) == COST then
    r.book_fits, r.book_cost = fits, cost
    r.fits_tally, r.cost_tally = game:call_tally(fits), game:call_tally(cost)
  end
end

function rush.setup(game)
  local n = game.players
  local opts = game.options
  game.rush = {
    capacity = opts.project_capacity, need_all = opts.bonus_colours == "all",
    trading = opts.trading == "on", offers_per_turn = opts.offers_per_turn, max_projects = opts.max_projects,
    bonus_played = opts.resource_bonus == "played",
    slots = {}, played = {}, present = {},
    answers = presized(), res = presized(), slot = presized(), held = presized(), hand = presized(),
    open = presized(), open_id = presized(), kept = presized(), prices = {},
    -- a project with no room left gains nothing by waiting: at the sell step
    -- the full ones are public (state.full), for the greedy bot; none by the
    -- book, which sets no limit
    full = {}, limited = opts.project_capacity ~= 0 or replaced(game, game.rules.has_room, HAS_ROOM),
    pool_priced = replaced(game, game.rules.pool_reward, POOL_REWARD),
    -- a house rule's costs are public at the acquire, play and again steps
    -- (state.costs: the current seat's cost of every resource card, not only
    -- its hand's), for the greedy bot; the book's it knows
    cost_priced = replaced(game, game.rules.cost, COST), costs = {},
    offer = { give_cards = presized(), ask_cards = presized() }, need = {}, order = presized(), picked = presized(),
    -- what an offer under way is made of, and the offer as its steps made it
    -- (make_offer; rush.edited)
    negotiation = { made = { give_cards = presized(), ask_cards = presized() } },
  }
  -- the explainers of the turn's requests, made once
  local r = game.rush
  r.refusal_of_acquire = function(text, seat) return refusal_of_acquire(game, text, seat) end
  r.refusal_of_play = function(text, seat, answers) return refusal_of_play(game, text, seat, false, answers) end
  r.refusal_of_again = function(text, seat, answers) return refusal_of_play(game, text, seat, true, answers) end
  r.refusal_of_sell = function(text, seat) return refusal_of_sell(game, text, seat) end
  r.refusal_of_keep = function(text, seat, answers) return refusal_of_keep(game, text, seat, answers) end
  r.refusal_of_scout = function(text, seat, answers) return refusal_of_scout(game, text, seat, answers) end
  r.refusal_of_discard = function(text, seat) return refusal_of_discard(game, text, seat) end
  r.refusal_of_take_pool = function(text, seat) return refusal_of_take_pool(game, text, seat) end
  r.refusal_of_swap = function(text, seat, answers) return refusal_of_swap(game, text, seat, answers) end
  r.refusal_of_draw_another = function(text, seat) return refusal_of_draw_another(game, text, seat) end
  -- the trade dialogue's
  r.refusal_of_partner = function(text, seat) return refusal_of_partner(game, text, seat) end
  r.refusal_of_give_credits = function(text, seat) return refusal_of_amount(game, text, seat, "give") end
  r.refusal_of_give_cards = function(text, seat, answers) return refusal_of_give_cards(game, text, seat, answers) end
  r.refusal_of_ask_credits = function(text, seat) return refusal_of_amount(game, text, seat, "ask") end
  r.refusal_of_ask_card = function(text, seat) return refusal_of_ask_card(game, text, seat) end
  r.refusal_of_offer = function(text, seat, answers) return refusal_of_offer(game, text, seat, answers) end
  r.refusal_of_hand_over = function(text, seat) return refusal_of_hand_over(game, text, seat) end
  -- the turn's requests asked again after an edit (:set, a scenario's
  -- set-up), from the table as it is then. A step the edit left with nothing
  -- to do, which the turn would have passed over, is asked with its one way
  -- on: skip (nothing to acquire, no resource to play) or end turn. An edit
  -- of the event stack changes the rounds at once (state.rounds).
  -- (the seat asked: a turn edit moves the seats' current one at once, while
  -- the seat asked finishes its turn)
  r.refresh_acquire = function(seat)
    count_rounds(game)
    if acquire_answers(game, seat) > 0 then return r.answers, ACQUIRE_PROMPT end
    return ONLY_SKIP, NOTHING_TO_ACQUIRE .. ": skip"
  end
  r.refresh_play = function(seat)
    count_rounds(game)
    if play_card_answers(game, seat) > 0 then return r.answers, PLAY_PROMPT end
    return ONLY_SKIP, "no resource to play: skip"
  end
  r.refresh_keep = function(seat)
    count_rounds(game)
    local answers, n = keep_answers(game, seat)
    if n > 0 then return answers end
    return ONLY_SKIP, "no project left to keep: skip"
  end
  r.refresh_sell = function(seat)
    count_rounds(game)
    if sell_answers(game, seat) > 0 then return r.answers, SELL_PROMPT end
    return ONLY_END_TURN, "nothing to sell or trade: end your turn"
  end
  -- the icons' requests and the Curator's choice: an edit that leaves the
  -- icon nothing to act on leaves skip alone (`nothing` its prompt)
  local function refresh_of(list_answers, prompt, nothing)
    return function(seat)
      count_rounds(game)
      if list_answers(game, seat) > 0 then return r.answers, prompt end
      return ONLY_SKIP, nothing
    end
  end
  r.refresh_again = refresh_of(again_answers, AGAIN_PROMPT, "no resource to play: skip")
  r.refresh_take_pool = refresh_of(take_pool_answers, TAKE_POOL_PROMPT, "the pool is empty: skip")
  r.refresh_draw_another = refresh_of(draw_another_answers, DRAW_ANOTHER_PROMPT, "no resource left to draw: skip")
  r.refresh_swap = refresh_of(swap_answers, SWAP_PROMPT, "nothing to swap: skip")
  r.refresh_discard = refresh_of(discard_answers, DISCARD_PROMPT, "no resource to discard: skip")
  r.refresh_scout = refresh_of(scout_answers, SCOUT_PROMPT, "no resource left to keep: skip")
  game.state.effects = {}
  game.state.house_pieces = house_pieces(game)
  -- what the table's project labels say a sale pays, where it is not the book's
  game.state.sale_sizes = sale_sizes(game)
  book_play_lists(game)
  -- 1. the resource, project and persona stacks, shuffled face down
  local z = game.zones
  game:zone("resources", { visibility = "count", face = "down" })
  game:zone("resource_discard", { visibility = "everyone" })
  game:zone("pool", { visibility = "everyone" })
  game:zone("projects", { visibility = "count", face = "down" })
  game:zone("project_discard", { visibility = "everyone" })
  game:zone("personas", { visibility = "count", face = "down" })
  game:zone("events", { visibility = "count", face = "down" })
  game:zone("event", { visibility = "everyone" })
  game:zone("past_events", { visibility = "everyone" })
  game:zone("persona", { per_seat = true, visibility = "everyone" })
  game:zone("hand", { per_seat = true, visibility = "owner" })
  game:zone("choice", { per_seat = true, visibility = "owner" })
  for k = 1, opts.max_projects do
    game:zone("project" .. k, { per_seat = true, visibility = "everyone" })
  end
  for seat = 1, n do
    local slots = {}
    for k = 1, opts.max_projects do slots[k] = z["project" .. k][seat] end
    game.rush.slots[seat] = slots
  end
  fill_stacks(game, { persona = z.personas, project = z.projects, resource = z.resources })
  game:shuffle(z.resources)
  game:shuffle(z.projects)
  game:shuffle(z.personas)
  -- 2. credits: a number per seat, public
  game.state.credits, game.state.sold, game.state.persona = {}, {}, {}
  -- 3. the event stack
  game.rules.event_stack(game)
  count_rounds(game)
  -- 4. the pool
  draw_resources(game, z.pool, 1)
  -- 5. personas, face up; the rest back in the box
  z.personas:deal(z.persona, 1)
  z.personas:move_all(z.box)
  for seat = 1, n do
    game.state.persona[seat] = DECK[z.persona[seat]:peek()].name
    game.state.sold[seat] = 0
  end
  -- 6. projects: draw 3, keep 2, shuffle the other back
  for seat = 1, n do
    game.rules.choose_projects(game, seat, 3, 2, "shuffle", "choose 2 projects to keep")
  end
  -- 7. credits; 8. resources in hand
  for seat = 1, n do
    game.state.credits[seat] = opts.start_credits
    draw_resources(game, z.hand[seat], opts.start_resources)
  end
  -- 9. the starting player
  local start = opts.starting_player
  if start == 0 then start = game:random(n) end
  if start ~= 1 then game.seats:jump(start) end
  game.seats:set_start(start)
  game.state.start = start
  game.state.offers, game.state.sales = 0, 0
  -- 10. the first event (none when an edit emptied the stack: the game is over)
  if z.events:count() > 0 then game.rules.reveal_event(game) else game.state.round = 0 end
  game.rush.round = game.state.round
end

---------------------------------------------------------------- negotiation and trade

-- "2 credits and R5 Camera (red, costs 1)" or "nothing"; `wanted` lists the
-- cards asked for by colour ("red") or "any".
function rush.goods(credits, ids, wanted)
  local parts = {}
  if credits > 0 then parts[1] = render.count(credits, "credit") end
  for _, id in ipairs(ids or {}) do parts[#parts + 1] = LABEL[id] end
  for _, w in ipairs(wanted or {}) do parts[#parts + 1] = w == "any" and "any card" or "a " .. w .. " card" end
  return #parts > 0 and table.concat(parts, " and ") or "nothing"
end

-- An offer in words: "seat 2 offers seat 3 1 credit and R41 Laptop (blue,
-- costs 1) for any card". The log and the table's state (offer_text, which
-- the web page shows while the offer waits for its answer) say a made offer
-- so; describe says so an offer being made too.
function rush.offer_text(offer)
  return string.format("seat %d offers seat %d %s for %s", offer.from, offer.to,
    rush.goods(offer.give_credits, offer.give_cards), rush.goods(offer.ask_credits, nil, offer.ask_cards))
end

-- Answer texts of the negotiation, made once: the lists of amounts
-- "give 0" .. "give n", then "cancel", for every n up to AMOUNTS (more are
-- made when asked).
local AMOUNTS = 60
local GIVE_CREDITS, ASK_CREDITS, WITH = {}, {}, {}
for n = 0, AMOUNTS do
  local give, ask = {}, {}
  for i = 0, n do give[i + 1], ask[i + 1] = "give " .. i, "ask " .. i end
  give[n + 2], ask[n + 2] = "cancel", "cancel"
  GIVE_CREDITS[n], ASK_CREDITS[n] = give, ask
end
-- the cards asked for, one a request: "any card", "red card", ..., "done",
-- "cancel"
local ASK_CARD = { "any card" }
for _, c in ipairs(COLOURS) do ASK_CARD[#ASK_CARD + 1] = c .. " card" end
ASK_CARD[#ASK_CARD + 1] = "done"
ASK_CARD[#ASK_CARD + 1] = "cancel"
local ASK_DONE, ASK_CANCEL = #ASK_CARD - 1, #ASK_CARD
local HAND_NAME = {}
for seat = 1, 8 do HAND_NAME[seat] = "hand[" .. seat .. "]" end
-- The prompt of the offer's answer: every seat reads it (the request's
-- prompt is public), so it says when 'accept' is open rather than whether
-- it is, which would tell the table what the hand asked lacks; and "on the
-- table", as the page may draw the offer below the prompt (a phone's).
local ACCEPT_IF = "accept (if you have what it asks for)"
local NO_COUNTER_PROMPT = "seat %d makes the offer on the table; no counter-offer: %s. Accept (if you have what it asks for) or refuse?"
local OFFER_PROMPT = {}
for seat = 1, 8 do
  WITH[seat] = "with seat " .. seat
  OFFER_PROMPT[seat] = string.format("seat %d makes the offer on the table: %s, counter or refuse?", seat, ACCEPT_IF)
end

-- Whether another offer may be made this turn (a trade begun, a
-- counter-offer): ok, or nil and why not. The book sets no limit; the
-- option offers_per_turn may, for bots.
function rules.may_offer(game)
  local r, st = game.rush, game.state
  if not r.trading then return nil, "this game has no trading (trading=off)" end
  if r.offers_per_turn > 0 and st.offers >= r.offers_per_turn then
    return nil, string.format("this turn has seen %s, as many as a turn allows (offers_per_turn=%d)",
      render.count(st.offers, "offer"), r.offers_per_turn)
  end
  return true
end

-- Counts the cards an offer asks for, by colour ("any" among them), into a
-- reused table; gives it and the total.
local function asked_counts(game, offer)
  local need = game.rush.need
  for k in pairs(need) do need[k] = nil end
  for _, w in ipairs(offer.ask_cards) do need[w] = (need[w] or 0) + 1 end
  return need, #offer.ask_cards
end

-- Whether `seat`, the other side of the offer, can meet it: the credits
-- asked, and cards of the colours asked ("any card": any other one). ok, or
-- nil and why not.
function rules.can_meet(game, seat, offer)
  local credits = game.state.credits[seat]
  if credits < offer.ask_credits then
    return nil, string.format("the offer asks for %s and you have %d", render.count(offer.ask_credits, "credit"),
      credits)
  end
  local need, total = asked_counts(game, offer)
  if total == 0 then return true end
  local ids = game.zones.hand[seat]:cards(game.rush.held)
  if #ids < total then
    return nil, string.format("the offer asks for %s and your hand holds %d", render.count(total, "card"), #ids)
  end
  for _, c in ipairs(COLOURS) do
    if need[c] then
      local have = 0
      for _, id in ipairs(ids) do if DECK[id].colour == c then have = have + 1 end end
      if have < need[c] then
        return nil, string.format("the offer asks for %s and your hand holds %d", render.count(need[c], c .. " card"),
          have)
      end
    end
  end
  return true
end

-- Asks for an amount from 0 to upto ("give 0", "give 1", ...); gives it, or
-- nil for "cancel".
local function ask_amount(game, seat, kind, prompt, lists, word, upto, explainer)
  local answers = lists[upto]
  if not answers then
    answers = {}
    for i = 0, upto do answers[i + 1] = string.format("%s %d", word, i) end
    answers[upto + 2] = "cancel"
  end
  local _, i = game:ask(seat, kind, prompt, answers, explainer)
  return i <= upto + 1 and i - 1 or nil
end

-- Seat `from` makes an offer to seat `to`, in the open (game.state.offer):
-- the credits and hand cards it gives, then the credits and cards it asks
-- for, a card by its colour or any card (the other side picks which on
-- accepting; its hand is hidden). "cancel" at any step ends the
-- negotiation: gives nil then, else true.
-- Keeps the offer as its steps made it so far, before a step asks: an edit
-- of it while it is made (the give 1 just answered) would otherwise be
-- overwritten by the next answer, or make an offer its seat never chose
-- (rush.edited refuses it).
local function hold_offer(r)
  local offer, made = r.offer, r.negotiation.made
  made.give_credits, made.ask_credits = offer.give_credits, offer.ask_credits
  for i = 1, #offer.give_cards do made.give_cards[i] = offer.give_cards[i] end
  truncate(made.give_cards, #offer.give_cards)
  for i = 1, #offer.ask_cards do made.ask_cards[i] = offer.ask_cards[i] end
  truncate(made.ask_cards, #offer.ask_cards)
end

local function same_list(a, b)
  if type(a) ~= "table" or #a ~= #b then return false end
  for i = 1, #b do if a[i] ~= b[i] then return false end end
  return true
end

local function make_offer(game, from, to)
  local st, z, r = game.state, game.zones, game.rush
  local answers = r.answers
  local offer = r.offer   -- one table per game, reused
  offer.from, offer.to, offer.give_credits, offer.ask_credits = from, to, 0, 0
  truncate(offer.give_cards, 0)
  truncate(offer.ask_cards, 0)
  st.offer, st.offer_text = offer, nil   -- a counter-offer: the words of the last one go
  -- what the offer is made of, which an edit may not change while it is
  -- under way (rush.edited): the two sides' credits and hands, the offers
  local held = r.negotiation
  held.from, held.to, held.offers = from, to, st.offers
  held.credits_from, held.credits_to = st.credits[from], st.credits[to]
  held.hand_from, held.hand_to = game.table:version(HAND_NAME[from]), game.table:version(HAND_NAME[to])
  hold_offer(r)
  if st.credits[from] > 0 then
    local n = ask_amount(game, from, "give_credits", "credits you give", GIVE_CREDITS, "give",
      st.credits[from], r.refusal_of_give_credits)
    if not n then return nil end
    offer.give_credits = n
  end
  -- cards to give, one at a time, then "done"
  local left = z.hand[from]:cards(r.hand)
  while #left > 0 do
    for i = 1, #left do answers[i] = GIVE[left[i]] end
    answers[#left + 1], answers[#left + 2] = "done", "cancel"
    truncate(answers, #left + 2)
    hold_offer(r)
    local _, i = game:ask(from, "give_cards", "cards you give, then done", answers, r.refusal_of_give_cards)
    if i == #left + 2 then return nil end
    if i > #left then break end
    offer.give_cards[#offer.give_cards + 1] = table.remove(left, i)
  end
  hold_offer(r)
  if st.credits[to] > 0 then
    local n = ask_amount(game, from, "ask_credits", "credits you ask for", ASK_CREDITS, "ask",
      st.credits[to], r.refusal_of_ask_credits)
    if not n then return nil end
    offer.ask_credits = n
  end
  -- cards asked for, one at a time, then "done": no more than the other
  -- side holds
  local holds = z.hand[to]:count()
  while #offer.ask_cards < holds do
    hold_offer(r)
    local _, i = game:ask(from, "ask_card", "a card you ask for, then done", ASK_CARD, r.refusal_of_ask_card)
    if i == ASK_CANCEL then return nil end
    if i == ASK_DONE then break end
    offer.ask_cards[#offer.ask_cards + 1] = i == 1 and "any" or COLOURS[i - 1]
  end
  return true
end

-- The other side, accepting, picks the cards the offer asks for: those asked
-- by colour first, then those asked as any card, each among the cards of its
-- hand that fit and were not picked yet ("give R7"); one that fits alone is
-- given without asking. Gives the picked ids (a reused list).
local function hand_over(game, seat, offer)
  local r = game.rush
  local picked, answers, fitting = r.picked, r.answers, r.res
  truncate(picked, 0)
  local need = asked_counts(game, offer)
  local order = r.order
  truncate(order, 0)
  for _, c in ipairs(COLOURS) do
    for _ = 1, need[c] or 0 do order[#order + 1] = c end
  end
  for _ = 1, need.any or 0 do order[#order + 1] = "any" end
  for _, wanted in ipairs(order) do
    local n = 0
    for _, id in ipairs(game.zones.hand[seat]:cards(r.held)) do
      local free = true
      for _, p in ipairs(picked) do if p == id then free = false end end
      if free and (wanted == "any" or DECK[id].colour == wanted) then
        n = n + 1
        answers[n], fitting[n] = GIVE[id], id
      end
    end
    truncate(answers, n)
    local k = 1
    if n > 1 then
      r.handing = wanted   -- for the explainer
      _, k = game:ask(seat, "hand_over", wanted == "any" and "the card you give (any card)"
        or string.format("the %s card you give", wanted), answers, r.refusal_of_hand_over)
      r.handing = nil
    end
    picked[#picked + 1] = fitting[k]
  end
  return picked
end

-- A negotiation: the current player, having answered "trade", names one
-- other player and makes an offer; the other side accepts it, refuses it
-- (which ends the negotiation) or makes a counter-offer, which the first
-- side answers in turn, and so on. Either side ends it: "refuse" to an
-- offer, "cancel" while making one. An offer combines any credits and hand
-- cards in both directions; one that gives and asks nothing ends the
-- negotiation. Every offer begun counts against offers_per_turn (when set),
-- whatever becomes of it, which keeps a bot's turn finite. Players not on
-- their turn never trade with each other (rule book).
function rules.trade(game, seat)
  local st, z, r = game.state, game.zones, game.rush
  local answers = r.answers
  st.offers = st.offers + 1
  local n = 0
  for other = 1, game.players do
    if other ~= seat then n = n + 1; answers[n] = WITH[other] end
  end
  answers[n + 1] = "cancel"
  truncate(answers, n + 1)
  local _, k = game:ask(seat, "trade", "trade with which player?", answers, r.refusal_of_partner)
  if k > n then
    game:say("seat %d ends the negotiation", seat)
    return
  end
  local partner = k < seat and k or k + 1
  local from, to = seat, partner
  while true do
    if not make_offer(game, from, to) then
      st.offer, st.offer_text = nil, nil
      game:say("seat %d withdraws its offer to seat %d: the negotiation ends", from, to)
      return
    end
    local offer = st.offer
    if offer.give_credits == 0 and #offer.give_cards == 0 and offer.ask_credits == 0 and #offer.ask_cards == 0 then
      st.offer, st.offer_text = nil, nil
      game:say("seat %d offers seat %d nothing: the negotiation ends", from, to)
      return
    end
    -- in words, once made (not at each step: a random bot's turn may see
    -- dozens of offers, and words at each step cost its playouts 40%)
    st.offer_text = rush.offer_text(offer)
    game:say("%s", st.offer_text)
    -- the other side's answer
    n = 0
    local prompt = OFFER_PROMPT[from]
    if game.rules.can_meet(game, to, offer) then n = n + 1; answers[n] = "accept" end
    local may, why = game.rules.may_offer(game)
    if may then n = n + 1; answers[n] = "counter"
    else
      -- (why not is public: the turn's count of offers, an option)
      prompt = string.format(NO_COUNTER_PROMPT, from, why)
    end
    n = n + 1
    answers[n] = "refuse"
    truncate(answers, n)
    local answer = game:ask(to, "offer", prompt, answers, r.refusal_of_offer)
    if answer == "refuse" then
      st.offer, st.offer_text = nil, nil
      game:say("seat %d refuses seat %d's offer: the negotiation ends", to, from)
      return
    elseif answer == "accept" then
      local picked = hand_over(game, to, offer)
      gain(game, from, offer.ask_credits - offer.give_credits)
      gain(game, to, offer.give_credits - offer.ask_credits)
      for _, id in ipairs(offer.give_cards) do z.hand[to]:insert(id) end
      for _, id in ipairs(picked) do z.hand[from]:insert(id) end
      st.offer, st.offer_text = nil, nil
      game:say("seat %d and seat %d trade", seat, partner)
      return
    end
    -- a counter-offer: the sides change places
    st.offers = st.offers + 1
    game:say("seat %d makes a counter-offer", to)
    from, to = to, from
  end
end

local function may_trade(game)
  return (game.rules.may_offer(game))
end

---------------------------------------------------------------- a turn

-- Under a house rule's cost, the current seat's cost of every resource card,
-- public (state.costs, by code): every card, so that the hand stays secret.
local function publish_costs(game, seat)
  local costs, cost, total = game.rush.costs, game.rules.cost, 0
  for _, run in ipairs(RUNS) do
    if run.type == "resource" then
      for id = run.first, run.last do
        local c = cost(game, seat, DECK[id])
        costs[DECK[id].code], total = c, total + c
      end
    end
  end
  game.state.costs = costs
  game.rush.made_costs = total   -- (for rush.edited)
end

-- Fills the reused lists with the "play R P" answers of the seat (resources
-- it can pay for, to its projects that allow their colour and have room),
-- then its "pool R" answers; gives the number of answers.
local function play_answers(game, seat)
  local r = game.rush
  local answers, res, slots_of, open, open_id = r.answers, r.res, r.slot, r.open, r.open_id
  local hand = game.zones.hand[seat]:cards(r.hand)
  local credits = game.state.credits[seat]
  local rules = game.rules
  local fits, cost, has_room = rules.fits, rules.cost, rules.has_room
  -- a house rule's pool reward is public, for the greedy bot (the book's it knows)
  if r.pool_priced then
    game.state.pool_reward = rules.pool_reward(game, seat)
    r.made_pool_reward = game.state.pool_reward   -- (for rush.edited)
  end
  if r.cost_priced then publish_costs(game, seat) end
  -- the seat's projects with room for a resource
  local np = 0
  for k, slot in ipairs(r.slots[seat]) do
    local count = slot:count()
    if count > 0 and has_room(game, count - 1) then
      np = np + 1
      open[np], open_id[np] = k, slot:peek(count)
    end
  end
  local n = 0
  if np > 0 and fits == r.book_fits and cost == r.book_cost then
    -- the rule book's fits and cost, inlined (no house rule replaced them)
    local p = persona(game, seat)
    local wild, discount, own, on = p.wild, game.state.effects.discount or 0, p.discount, p.discount_on
    local affordable = 0
    for i = 1, #hand do
      local rid = hand[i]
      local card = DECK[rid]
      local colour = card.colour
      local c = card.cost - discount
      if own and (on == nil or on[colour]) then c = c - own end
      if c <= credits then
        affordable = affordable + 1
        local texts = PLAY[rid]
        for j = 1, np do
          local pid = open_id[j]
          if DECK[pid].allows[colour] or (wild and wild[colour]) then
            n = n + 1
            answers[n], res[n], slots_of[n] = texts[pid], rid, open[j]
          end
        end
      end
    end
    -- under a simulation's counting, the calls the per-card path below
    -- would have made: cost of every card, fits of each affordable one with
    -- every open project
    local cost_tally = r.cost_tally
    if cost_tally then
      cost_tally.calls = cost_tally.calls + #hand
      local fits_tally = r.fits_tally
      fits_tally.calls = fits_tally.calls + affordable * np
    end
  elseif np > 0 then
    for i = 1, #hand do
      local rid = hand[i]
      local card = DECK[rid]
      if cost(game, seat, card) <= credits then
        for j = 1, np do
          local pid = open_id[j]
          if fits(game, seat, card, DECK[pid]) then
            n = n + 1
            answers[n], res[n], slots_of[n] = PLAY[rid][pid], rid, open[j]
          end
        end
      end
    end
  end
  for i = 1, #hand do
    local rid = hand[i]
    n = n + 1
    answers[n], res[n], slots_of[n] = POOL[rid], rid, false
  end
  return n
end

-- Discards a resource from the hand to the pool: the pool reward, no effect.
function rules.discard_to_pool(game, seat, rid)
  game.zones.pool:insert(rid)
  gain(game, seat, game.rules.pool_reward(game, seat))
end

-- Plays a resource to a project zone: pays, attaches, then its effect.
function rules.play_resource(game, seat, rid, slot)
  local card = DECK[rid]
  gain(game, seat, -game.rules.cost(game, seat, card))
  slot:insert(rid)
  if card.effect then game.rules.effects[card.effect](game, seat, card, rid) end
end

-- The answers of the icons' discard, in the reused lists (r.hand the ids):
-- a card of the hand each; gives their number.
function discard_answers(game, seat)
  local r = game.rush
  local ids = game.zones.hand[seat]:cards(r.hand)
  local answers = r.answers
  for i, id in ipairs(ids) do answers[i] = DISCARD[id] end
  truncate(answers, #ids)
  return #ids
end

-- Asks the seat to discard a hand card to the resource discard.
local function discard_one(game, seat)
  local r = game.rush
  if discard_answers(game, seat) == 0 then return end
  local answer, i = game:ask(seat, "discard", DISCARD_PROMPT, r.answers, r.refusal_of_discard, r.refresh_discard)
  if answer == "skip" then return end   -- (an edit emptied the hand)
  game.zones.resource_discard:insert(r.hand[i])
end

-- The effects of the icons on resources, by name; each runs after its card
-- was played to a project, for the current player only.
rules.effects = {}

-- The again icon's answers, in the reused lists: the plays and discards of
-- the seat, then skip; gives their number (0: an empty hand).
function again_answers(game, seat)
  local r = game.rush
  local n = play_answers(game, seat)
  if n == 0 then return 0 end
  r.answers[n + 1] = "skip"
  truncate(r.answers, n + 1)
  return n + 1
end

-- You may play or discard another card; if you do, draw one.
function rules.effects.again(game, seat, card)
  local r = game.rush
  if again_answers(game, seat) == 0 then return end
  local answer, i = game:ask(seat, "again", AGAIN_PROMPT, r.answers,
    r.refusal_of_again, r.refresh_again)
  if answer == "skip" then return end
  local rid, k = r.res[i], r.slot[i]
  if k then
    game.rules.play_resource(game, seat, rid, r.slots[seat][k])
  else
    game.rules.discard_to_pool(game, seat, rid)
  end
  draw_resources(game, game.zones.hand[seat], 1)
end

-- The take pool icon's answers, in the reused list: take the pool's top
-- card, skip; gives their number (0: an empty pool).
function take_pool_answers(game)
  local top = game.zones.pool:peek()
  if not top then return 0 end
  local answers = game.rush.answers
  answers[1], answers[2] = TAKE[top], "skip"
  truncate(answers, 2)
  return 2
end

-- You may take the pool card; if you do, discard a card.
function rules.effects.take_pool(game, seat, card)
  local r = game.rush
  if take_pool_answers(game) == 0 then return end
  if game:ask(seat, "take_pool", TAKE_POOL_PROMPT, r.answers,
      r.refusal_of_take_pool, r.refresh_take_pool) == "skip" then
    return
  end
  -- (the top as it is: an edit may have changed it while the icon waited)
  game.zones.hand[seat]:insert(game.zones.pool:peek())
  discard_one(game, seat)
end

-- The draw another icon's answers, in the reused list: draw, skip; gives
-- their number (0: no resource left to draw).
function draw_another_answers(game)
  if not can_draw_resource(game) then return 0 end
  local answers = game.rush.answers
  answers[1], answers[2] = "draw", "skip"
  truncate(answers, 2)
  return 2
end

-- You may draw another card; if you do, discard a card.
function rules.effects.draw_another(game, seat, card)
  local r = game.rush
  if draw_another_answers(game) == 0 then return end
  if game:ask(seat, "draw_another", DRAW_ANOTHER_PROMPT, r.answers,
      r.refusal_of_draw_another, r.refresh_draw_another) == "skip" then
    return
  end
  draw_resources(game, game.zones.hand[seat], 1)
  discard_one(game, seat)
end

-- The swap icon's answers, in the reused lists (r.hand the ids): a card of
-- the hand each, skip; gives their number (0: an empty pool or hand).
function swap_answers(game, seat)
  local z, r = game.zones, game.rush
  local ids = z.hand[seat]:cards(r.hand)
  if not z.pool:peek() or #ids == 0 then return 0 end
  local answers = r.answers
  for i, id in ipairs(ids) do answers[i] = SWAP[id] end
  answers[#ids + 1] = "skip"
  truncate(answers, #ids + 1)
  return #ids + 1
end

-- You may swap a hand card with the pool card.
function rules.effects.swap(game, seat, card)
  local z, r = game.zones, game.rush
  if swap_answers(game, seat) == 0 then return end
  local answer, i = game:ask(seat, "swap", SWAP_PROMPT, r.answers, r.refusal_of_swap,
    r.refresh_swap)
  if answer == "skip" then return end
  local id = r.hand[i]
  z.hand[seat]:insert(z.pool:peek())
  z.pool:insert(id)
end

-- A sell bonus: counted when the project is sold (see rules.sell_price); with
-- resource_bonus=played, noted for this turn's sale.
function rules.effects.bonus(game, seat, card, rid)
  if game.rush.bonus_played then
    local played = game.rush.played
    played[#played + 1] = rid
  end
end

-- At the start of a turn: the persona's income, the event's credits per
-- project with a resource, and the event's third project.
function rules.start_of_turn(game, seat)
  local st = game.state
  st.offers, st.sales, st.offer, st.offer_text = 0, 0, nil, nil
  truncate(game.rush.played, 0)
  local p, e = persona(game, seat), st.effects
  if p.income then
    local paid = p.need == nil
    for _, slot in ipairs(game.rush.slots[seat]) do
      if not paid and slot:count() > 1 then
        paid = game.rules.bonus_applies(game, p.need, colours_present(game, slot))
      end
    end
    if paid then gain(game, seat, p.income) end
  end
  if e.per_project then
    local n = 0
    for _, slot in ipairs(game.rush.slots[seat]) do
      if slot:count() > 1 then n = n + 1 end
    end
    gain(game, seat, n * e.per_project)
  end
  if e.third_project and projects_owned(game, seat) < game.rush.max_projects then
    game.rules.choose_projects(game, seat, 2, 1, "discard", "choose a new project to keep")
  end
end

-- The answers of the acquire step, in the reused list: draw, take the pool
-- card, trade; gives their number (0: nothing to acquire).
function acquire_answers(game, seat)
  if game.rush.cost_priced then publish_costs(game, seat) end
  local answers = game.rush.answers
  local n = 0
  if can_draw_resource(game) then n = n + 1; answers[n] = "draw" end
  local top = game.zones.pool:peek()
  if top then n = n + 1; answers[n] = TAKE[top] end
  if n == 0 then return 0 end   -- (the list as it was: a refresh that fails leaves it)
  if may_trade(game) then n = n + 1; answers[n] = "trade" end
  truncate(answers, n)
  return n
end

-- The answers of the play step: the plays, the discards to the pool,
-- trade; gives their number.
function play_card_answers(game, seat)
  local r = game.rush
  local n = play_answers(game, seat)
  if n == 0 then return 0 end   -- an empty hand: nothing was written
  if may_trade(game) then n = n + 1; r.answers[n] = "trade" end
  truncate(r.answers, n)
  return n
end

-- The answers of the sell step: the projects the seat may sell (their
-- prices public in game.state.prices), trade, end turn; gives their
-- number (0: nothing to decide).
function sell_answers(game, seat)
  local r, st = game.rush, game.state
  local answers, slot_of, prices, full, limited = r.answers, r.slot, r.prices, r.full, r.limited
  local n, total, nfull = 0, 0, 0
  for code in pairs(prices) do prices[code] = nil end
  if limited then
    for code in pairs(full) do full[code] = nil end
  end
  if st.sales < game.rules.sales_per_turn(game, seat) then
    local need = game.rules.min_sale(game)
    for k, slot in ipairs(r.slots[seat]) do
      local project, held = project_of(slot)
      if project and held >= need then
        n = n + 1
        answers[n], slot_of[n] = SELL[slot:peek(held + 1)], k
        local price = game.rules.sell_price(game, seat, slot)
        prices[project.code], total = price, total + price
        if limited and not game.rules.has_room(game, held) then full[project.code], nfull = true, nfull + 1 end
      end
    end
  end
  -- (what was made, for rush.edited: a state edit of a price is refused)
  r.made_prices, r.made_full = total, nfull
  if may_trade(game) then n = n + 1; answers[n] = "trade" end
  if n == 0 then
    st.prices = nil
    if limited then st.full = nil end
    return 0
  end
  n = n + 1
  answers[n] = "end turn"
  truncate(answers, n)
  st.prices = next(prices) and prices or nil
  if limited then st.full = next(full) and full or nil end
  return n
end

-- The Curator's choice, in the reused lists (r.held the ids): keep one of
-- the resources drawn; gives their number.
function scout_answers(game, seat)
  local r = game.rush
  local ids = game.zones.choice[seat]:cards(r.held)
  local answers = r.answers
  for i, id in ipairs(ids) do answers[i] = KEEP[id] end
  truncate(answers, #ids)
  return #ids
end

-- Acquire exactly one resource: draw one (a persona may draw more and keep
-- one) or take the top pool card (a persona may be paid for it). (skip: an
-- edit made while the step waited left nothing to acquire.)
function rules.acquire(game, seat)
  local z, r = game.zones, game.rush
  while true do
    if acquire_answers(game, seat) == 0 then
      game:say(NOTHING_TO_ACQUIRE)
      return
    end
    local answer = game:ask(seat, "acquire", ACQUIRE_PROMPT, r.answers, r.refusal_of_acquire, r.refresh_acquire)
    if answer == "skip" then
      game:say(NOTHING_TO_ACQUIRE)
      return
    elseif answer == "trade" then
      game.rules.trade(game, seat)
      count_rounds(game)   -- (an edit made in the negotiation may have changed the event stack)
    elseif answer == "draw" then
      local scout = persona(game, seat).scout
      if scout and scout > 1 then
        local choice = z.choice[seat]
        draw_resources(game, choice, scout)
        if scout_answers(game, seat) > 1 then
          r.scouting = seat   -- (its choice zone holds resources then: rush.edited)
          local answer, i = game:ask(seat, "scout", SCOUT_PROMPT, r.answers,
            r.refusal_of_scout, r.refresh_scout)
          r.scouting = nil
          if answer ~= "skip" then z.hand[seat]:insert(r.held[i]) end
          choice:move_all(z.resource_discard)
        else
          choice:move_all(z.hand[seat])
        end
      else
        draw_resources(game, z.hand[seat], 1)
      end
      return
    else
      z.hand[seat]:insert(z.pool:peek())
      local curate = persona(game, seat).curate
      if curate then gain(game, seat, curate) end
      return
    end
  end
end

-- Then exactly one: play a resource to a project, or discard one to the pool.
function rules.play_card(game, seat)
  local r = game.rush
  while true do
    if play_card_answers(game, seat) == 0 then
      game:say("seat %d has no resource to play", seat)
      return
    end
    local answer, i = game:ask(seat, "play", PLAY_PROMPT, r.answers, r.refusal_of_play, r.refresh_play)
    if answer == "skip" then
      game:say("seat %d has no resource to play", seat)
      return
    elseif answer == "trade" then
      game.rules.trade(game, seat)
      count_rounds(game)   -- (an edit made in the negotiation may have changed the event stack)
    else
      local rid, k = r.res[i], r.slot[i]
      if k then
        game.rules.play_resource(game, seat, rid, r.slots[seat][k])
      else
        game.rules.discard_to_pool(game, seat, rid)
      end
      return
    end
  end
end

-- Sells the project in a zone: the price in credits, the project to the
-- project discard, its resources to the resource discard, the sale noted;
-- then 2 new projects drawn, 1 kept, the other shuffled back.
function rules.sell_project(game, seat, slot)
  local st, z = game.state, game.zones
  local price = game.rules.sell_price(game, seat, slot)
  local project = project_of(slot)
  gain(game, seat, price)
  local present = colours_present(game, slot)
  -- with resource_bonus=played, a bonus played this turn counts for one sale:
  -- those this sale counted are used up, those whose colours it lacked stay
  if game.rush.bonus_played then
    local played, kept = game.rush.played, 0
    for _, rid in ipairs(played) do
      if not game.rules.bonus_applies(game, DECK[rid].need, present) then
        kept = kept + 1
        played[kept] = rid
      end
    end
    truncate(played, kept)
  end
  for other = 1, game.players do
    local p = persona(game, other)
    if other ~= seat and p.royalty and game.rules.bonus_applies(game, p.need, present)
        and game.rules.royalty_from(game, p.royalty_from, other, seat) then
      gain(game, other, p.royalty)
    end
  end
  game:say("seat %d sells %s for %d credits", seat, project.name, price)
  z.project_discard:insert(slot:peek(slot:count()))
  slot:move_all(z.resource_discard)
  st.sold[seat] = st.sold[seat] + 1
  st.sales = st.sales + 1
  game.rules.choose_projects(game, seat, 2, 1, "shuffle", "choose a new project to keep")
end

-- Then you may sell a project with at least 2 resources (more with a persona
-- that allows it), or trade, or end the turn. While the seat decides, the
-- price of each project it may sell is public (game.state.prices, by the
-- project's code): the table shows it beside the project.
function rules.sell(game, seat)
  local r, st = game.rush, game.state
  while true do
    if sell_answers(game, seat) == 0 then return end
    local answer, i = game:ask(seat, "sell", SELL_PROMPT, r.answers, r.refusal_of_sell, r.refresh_sell)
    st.prices = nil
    if r.limited then st.full = nil end
    if answer == "end turn" then return end
    if answer == "trade" then
      game.rules.trade(game, seat)
      count_rounds(game)   -- (an edit made in the negotiation may have changed the event stack)
    else
      game.rules.sell_project(game, seat, r.slots[seat][r.slot[i]])
    end
  end
end

-- A player's turn.
function rules.turn(game, seat)
  game.rules.start_of_turn(game, seat)
  game.rules.acquire(game, seat)
  game.rules.play_card(game, seat)
  game.rules.sell(game, seat)
end

---------------------------------------------------------------- refusals

-- Why a text that is none of the legal answers is refused, for a person who
-- typed it; the engine lists the legal answers after it. These only word
-- what acquire, play_answers and sell decide, asking the same rule pieces
-- (fits, has_room, cost, min_sale, sales_per_turn), so that they cannot
-- disagree (a test keeps them in step); and what the icons, the project
-- choices and the trade dialogue offer, from the cards in the zones and the
-- offer (game.state.offer). nil where there is nothing to add. They read the
-- table and never write to it, nor to the reused lists.


local CODE_ID, LAST_CODE = {}, {}   -- "R16" -> its id; the last code of each type
for id, card in ipairs(DECK) do
  CODE_ID[card.code] = id
  LAST_CODE[card.type] = card.code
end

-- "R16 Article"
local function named(id)
  return DECK[id].code .. " " .. DECK[id].name
end

-- "P23 Zine and P10 Newsletter Series" (word: "and" or "or"): the projects
-- of a seat.
local function projects_of(game, seat, word)
  local list = {}
  for _, slot in ipairs(game.rush.slots[seat]) do
    local n = slot:count()
    if n > 0 then list[#list + 1] = named(slot:peek(n)) end
  end
  return #list > 0 and render.spoken(list, word or "and") or "none"
end

-- The code of seat's first project (a project is the bottom card of its
-- slot), or nil for none.
local function first_project_code(game, seat)
  for _, slot in ipairs(game.rush.slots[seat]) do
    local n = slot:count()
    if n > 0 then return DECK[slot:peek(n)].code end
  end
end

-- The resource in seat's hand that words[i] names: its id, or nil and why
-- not. A card's name in place of its code ("play Social Post") is answered
-- with the code. `as`: the request's verb, for the example (default: the
-- verb typed), which names cards the seat holds: a legal answer of that verb,
-- where the request's answers are given.
local function hand_resource(game, seat, words, i, as, answers)
  local word = words[i]
  if not word then
    local hand = game.zones.hand[seat]
    if hand:count() == 0 then return nil, "your hand holds no resource" end
    as = as or words[1]:lower()
    local answer = explain.first_with(answers, as .. " ")
    if answer then
      return nil, string.format("name a resource of your hand%s, as in '%s'",
        as == "play" and " and one of your projects" or "", answer)
    end
    local example = as .. " " .. DECK[hand:peek()].code
    if as ~= "play" then return nil, string.format("name a resource of your hand, as in '%s'", example) end
    local project = first_project_code(game, seat)
    if not project then return nil, "you have no project to play a resource on" end
    return nil, string.format("name a resource of your hand and one of your projects, as in '%s %s'", example, project)
  end
  local id = CODE_ID[word:upper()]
  if id and DECK[id].type == "resource" then
    if game.zones.hand[seat]:find(id) then return id end
    return nil, "your hand holds no " .. named(id)
  end
  local typed = table.concat(words, " ", i):lower()
  for _, rid in ipairs(game.zones.hand[seat]:cards()) do
    local name = DECK[rid].name:lower()
    if typed == name or typed:sub(1, #name + 1) == name .. " " then
      return nil, string.format("cards are named by their codes: your %s is %s", DECK[rid].name, DECK[rid].code)
    end
  end
  return nil, string.format("'%s' is no resource: resources are R1 to %s", word, LAST_CODE.resource)
end

-- The project zone of seat's that `word` names: the zone and the project's
-- id, or nil and why not.
local function own_project(game, seat, word)
  local id = CODE_ID[word:upper()]
  if not id or DECK[id].type ~= "project" then
    return nil, string.format("'%s' is no project: projects are P1 to %s; yours are %s", word,
      LAST_CODE.project, projects_of(game, seat))
  end
  local where = game.table:where(id)
  for other, slots in ipairs(game.rush.slots) do
    for _, slot in ipairs(slots) do
      if slot == where then
        if other == seat then return slot, id end
        return nil, string.format("%s is seat %d's project; yours are %s", named(id), other, projects_of(game, seat))
      end
    end
  end
  return nil, string.format("%s is not one of your projects; yours are %s", named(id), projects_of(game, seat))
end

-- The verbs of a turn's steps, which a choice or an icon asked in between
-- puts off ("first keep ...; then ...").
local TURN_VERB = { draw = true, take = true, play = true, pool = true, sell = true, trade = true, swap = true,
                    discard = true, keep = true, ["end"] = true, again = true, with = true }
-- the words that decline a request without 'skip' (or 'refuse'): no, pass
local DECLINE = { no = true, none = true, nothing = true, pass = true, skip = true, done = true, cancel = true,
                  stop = true }
-- The first words of the answers of the trade dialogue ('with seat 2', 'give
-- 1', 'ask 0', 'red card', 'accept', ...), which a request outside it puts off.
local DIALOGUE_VERB = { with = true, give = true, ask = true, done = true, any = true, accept = true,
                        counter = true, refuse = true, cancel = true }
for _, c in ipairs(COLOURS) do DIALOGUE_VERB[c] = true end

-- Whether `verb` begins an answer of another request of the game (a turn's
-- step, an icon or its skip, a choice, the trade dialogue), typed at a request that does
-- not take it: the request then says what it asks first.
local function another_answer(verb)
  return verb ~= nil and (TURN_VERB[verb] or DIALOGUE_VERB[verb] or verb == "skip")
end

-- The reason of a request an edit left with skip alone (its refresh found
-- nothing to act on), where 'skip' would be a poor example: `what` is the
-- thing missing. nil while the request has something to act on.
local function only_skip(answers, what)
  if answers[2] == nil and answers[1] == "skip" then return string.format("%s now: 'skip'", what) end
end

-- Why an answer of the trade dialogue ('accept', 'give 1', 'red card') is
-- refused at a turn's step: no offer is being made or answered.
local function no_negotiation(game)
  if may_trade(game) then return "no offer is being made now: 'trade' begins a negotiation" end
  return "no offer is being made now"
end

-- Why "trade" is refused: the turn's offers are made, or (`again`) the
-- again icon's card is asked for.
local function why_no_trade(game, again)
  if again then return "the again icon plays or discards one more card: no trading now" end
  local _, why = game.rules.may_offer(game)
  return why
end

-- Why "take R.." is refused: the pool is empty, or its top card is another.
local function why_not_take(game, words)
  local top = game.zones.pool:peek()
  if not top then return "the pool is empty" end
  if not words[2] then return string.format("name the pool card: '%s'", TAKE[top]) end
  local id = CODE_ID[words[2]:upper()]
  if id == top then return nil end
  if not id then return string.format("cards are named by their codes: '%s'", TAKE[top]) end
  return "only the pool's top card may be taken: " .. named(top)
end

-- The "acquire" request: draw, take the pool card, trade.
function refusal_of_acquire(game, text, seat)
  local words, verb = explain.words(text)
  if verb == "take" then
    return why_not_take(game, words)
  elseif verb == "draw" then
    if not can_draw_resource(game) then return "the resource stack and the resource discard are empty" end
    return nil
  elseif verb == "trade" then
    return why_no_trade(game, false)
  elseif DIALOGUE_VERB[verb] then
    return no_negotiation(game)
  elseif another_answer(verb) then
    return "first acquire exactly one resource: draw one, or take the pool card"
  end
end

-- The "play" request (play_answers), and with `again` the request of the
-- again icon: play R P, pool R, trade (skip).
function refusal_of_play(game, text, seat, again, answers)
  local words, verb = explain.words(text)
  if verb == "play" then
    local rid, why = hand_resource(game, seat, words, 2, nil, answers)
    if not rid then return why end
    if not words[3] then return string.format("name one of your projects too: %s", projects_of(game, seat, "or")) end
    local slot, pid = own_project(game, seat, words[3])
    if not slot then return pid end
    local rules, card, project = game.rules, DECK[rid], DECK[pid]
    local held = slot:count() - 1
    if not rules.has_room(game, held) then
      return string.format("%s is full: it holds %s", named(pid), render.count(held, "resource"))
    end
    if not rules.fits(game, seat, card, project) then
      return string.format("%s is %s; %s allows %s resources", named(rid), card.colour, named(pid),
        render.spoken(project.colours, "and"))
    end
    local cost, credits = rules.cost(game, seat, card), game.state.credits[seat]
    if cost > credits then
      return string.format("%s costs %s%s; you have %d", named(rid), render.count(cost, "credit"),
        cost < card.cost and " after discounts" or "", credits)
    end
    return nil
  elseif verb == "pool" then
    local _, why = hand_resource(game, seat, words, 2)
    return why
  elseif verb == "trade" then
    return why_no_trade(game, again)
  elseif again then
    if not another_answer(verb) then return nil end
    local nothing = only_skip(answers, "the again icon has no card of your hand to play or discard")
    if nothing then return nothing end
    return string.format("first the again icon: play or discard another card, as in '%s', or 'skip'; "
      .. "then your turn goes on", answers[1])
  elseif DIALOGUE_VERB[verb] then
    return no_negotiation(game)
  elseif verb == "draw" or verb == "take" then
    return "you have acquired this turn's resource: now play one to a project, or discard one to the pool"
  elseif verb == "sell" or verb == "end" or verb == "skip" or verb == "pass" or another_answer(verb) then
    return "first play a resource to a project, or discard one to the pool: a turn does exactly one"
  elseif verb and CODE_ID[verb:upper()] and game.zones.hand[seat]:find(CODE_ID[verb:upper()]) then
    local code = DECK[CODE_ID[verb:upper()]].code
    return string.format("play it to one of your projects ('play %s P..') or discard it to the pool ('pool %s')",
      code, code)
  end
end

-- The "sell" request: sell P, trade, end turn.
function refusal_of_sell(game, text, seat)
  local words, verb = explain.words(text)
  if verb == "sell" then
    if not words[2] then return string.format("name the project to sell: yours are %s", projects_of(game, seat)) end
    local slot, pid = own_project(game, seat, words[2])
    if not slot then return pid end
    local rules, st = game.rules, game.state
    if st.sales >= rules.sales_per_turn(game, seat) then
      return string.format("you have sold %s this turn, as many as a turn allows", render.count(st.sales, "project"))
    end
    local held, need = slot:count() - 1, rules.min_sale(game)
    if held < need then
      return string.format("%s holds %s; a sale needs at least %d", named(pid), render.count(held, "resource"), need)
    end
    return nil
  elseif verb == "trade" then
    return why_no_trade(game, false)
  elseif verb == "play" or verb == "pool" or verb == "draw" or verb == "take" then
    return "this turn's play is over: now sell a project, or 'end turn'"
  elseif verb == "end" or verb == "pass" or verb == "done" or verb == "skip" or verb == "stop" then
    return "'end turn' ends your turn"
  elseif DIALOGUE_VERB[verb] then
    return no_negotiation(game)
  elseif another_answer(verb) then
    return "this turn's play is over: now sell a project, or 'end turn'"
  end
end

-- "R5 Camera, R9 Notes and R12 Laptop": the cards of a list of ids.
local function named_list(ids)
  local list = {}
  for i, id in ipairs(ids) do list[i] = named(id) end
  return render.spoken(list, "and")
end

-- The position in `ids` of the card that words[j] names (its code, any
-- case), or nil and why not, with `what` the name of the list ("the
-- projects drawn"). A card's name ("keep Online Community") is answered
-- with its code.
local function among(ids, words, j, what)
  local id = CODE_ID[words[j]:upper()]
  for k, other in ipairs(ids) do
    if other == id then return k end
  end
  if id then return nil, string.format("%s is not among %s: %s", named(id), what, named_list(ids)) end
  local typed = table.concat(words, " ", j):lower()
  for _, other in ipairs(ids) do
    local name = DECK[other].name:lower()
    if typed == name or typed:sub(1, #name + 1) == name .. " " then
      return nil, string.format("cards are named by their codes: %s is %s", DECK[other].name, DECK[other].code)
    end
  end
  return nil, string.format("'%s' is none of %s: %s", words[j], what, named_list(ids))
end

-- The "keep" request (ask_keep): "keep P3" or "keep P3 P7" of the projects
-- drawn, named in the order they are listed (the last drawn first).

function refusal_of_keep(game, text, seat, answers)
  local words, verb = explain.words(text)
  if not verb then return nil end
  local ids, keep = game.zones.choice[seat]:cards(), game.rush.keeping
  local what = "the projects drawn"
  local how_many = keep == 1 and "one" or tostring(keep)
  -- (the engine gives an explainer the request's answers, never none)
  local example = answers[1]
  local nothing = only_skip(answers, "no project drawn is left to keep")
  if nothing and verb ~= "skip" then return nothing end
  if verb ~= "keep" then
    local id = CODE_ID[verb:upper()]
    if id and DECK[id].type == "project" then   -- 'P10 P2': the codes alone
      local meant = "keep " .. table.concat(words, " "):lower()
      for _, answer in ipairs(answers) do
        if answer:lower() == meant then return string.format("say '%s'", answer) end
      end
      return refusal_of_keep(game, "keep " .. text, seat, answers)
    elseif DECLINE[verb] and not words[2] then
      return string.format("you keep %s of %s, and the others go back: name %s, as in '%s'", how_many, what,
        keep == 1 and "it" or "them", example)
    elseif another_answer(verb) then
      return string.format("first keep %s of %s, as in '%s'; then the game goes on", how_many, what, example)
    end
    return nil
  end
  if not words[2] then return string.format("name %s of %s: %s", how_many, what, named_list(ids)) end
  local at, seen = {}, {}
  for j = 2, #words do
    local k, why = among(ids, words, j, what)
    if not k then return why end
    if seen[k] then return string.format("%s is named twice", named(ids[k])) end
    seen[k] = true
    at[#at + 1] = k
  end
  if #at ~= keep then
    return string.format("keep %s of %s, not %d", how_many, what, #at)
  end
  table.sort(at)
  local codes = {}
  for j, k in ipairs(at) do codes[j] = DECK[ids[k]].code end
  return string.format("name them in the order listed: 'keep %s'", table.concat(codes, " "))
end

-- The "scout" request (a persona that draws several resources): "keep R5"
-- of those drawn.
function refusal_of_scout(game, text, seat, answers)
  local words, verb = explain.words(text)
  if verb ~= "keep" then
    if not another_answer(verb) and not DECLINE[verb] then return nil end
    local nothing = only_skip(answers, "no drawn resource is left to keep")
    if nothing then return nothing end
    return string.format("first keep one of the drawn resources, as in '%s'; the other goes to the resource "
      .. "discard, then your turn goes on", answers[1])
  end
  local ids = game.zones.choice[seat]:cards()
  if not words[2] then return "name one of the drawn resources: " .. named_list(ids) end
  local _, why = among(ids, words, 2, "the drawn resources")
  return why
end

-- The "discard" request of the take pool and draw another icons: a card of
-- the hand goes to the resource discard.
function refusal_of_discard(game, text, seat)
  local words, verb = explain.words(text)
  if verb == "discard" then
    local _, why = hand_resource(game, seat, words, 2)
    return why
  elseif verb == "pool" then
    local rid, why = hand_resource(game, seat, words, 2, "discard")
    if not rid then return why end
    return string.format("this card goes to the resource discard, not the pool: '%s'", DISCARD[rid])
  elseif DECLINE[verb] and not words[2] or verb == "end" then
    return "the icon gave you a card: now you discard one of your hand to the resource discard"
  elseif another_answer(verb) then
    local held = game.zones.hand[seat]:peek()
    return string.format("first discard one of your hand to the resource discard%s, as the icon gave you a card; "
      .. "then your turn goes on", held and string.format(" ('%s')", DISCARD[held]) or "")
  elseif verb and CODE_ID[verb:upper()] and not words[2] then   -- a code alone: 'discard R7' if held
    local _, why = hand_resource(game, seat, words, 1, "discard")
    return why
  end
end

-- The take pool icon's request: take the pool's top card, or skip.
function refusal_of_take_pool(game, text, seat)
  local words, verb = explain.words(text)
  if verb == "take" then return why_not_take(game, words) end
  local top = game.zones.pool:peek()
  if not verb or not top then return nil end
  if verb == "draw" then
    return string.format("the icon takes the pool card, %s, not one of the stack: '%s', or 'skip'", named(top), TAKE[top])
  elseif verb == "discard" then
    return string.format("first take the pool card ('%s'); then you discard one of your hand, or 'skip' both", TAKE[top])
  elseif DECLINE[verb] and not words[2] then
    return "say 'skip' to leave the pool card"
  elseif another_answer(verb) then
    return string.format("first the icon: take the pool card, %s, and discard one ('%s'), or 'skip'; then your turn goes on",
      named(top), TAKE[top])
  end
end

-- The draw another icon's request: draw, or skip.
function refusal_of_draw_another(game, text, seat)
  local words, verb = explain.words(text)
  if verb == "discard" then
    return "first draw the other resource ('draw'); then you discard one of your hand, or 'skip' both"
  elseif DECLINE[verb] and not words[2] then
    return "say 'skip' to draw no other resource"
  elseif another_answer(verb) then
    return "first the icon: draw another resource and discard one ('draw'), or 'skip'; then your turn goes on"
  end
end

-- The swap icon's request: a card of the hand for the pool card, or skip.
function refusal_of_swap(game, text, seat, answers)
  local words, verb = explain.words(text)
  local top = game.zones.pool:peek()
  if verb == "swap" then
    local id = words[2] and CODE_ID[words[2]:upper()]
    if id and id == top then
      return string.format("name a card of your hand: %s, the pool card, comes in its place", named(top))
    end
    local _, why = hand_resource(game, seat, words, 2)
    return why
  elseif verb == "take" then
    local held = game.zones.hand[seat]:peek()
    return string.format("the swap gives a card of your hand for the pool card, %s: say 'swap' and a card of your hand%s",
      named(top), held and string.format(", as in 'swap %s'", DECK[held].code) or "")
  elseif DECLINE[verb] and not words[2] then
    return "say 'skip' to keep your hand as it is"
  elseif another_answer(verb) then
    local example = explain.first_with(answers, "swap ")
    return string.format("first the icon: swap a card of your hand for the pool card%s, or 'skip'; then your turn "
      .. "goes on", example and string.format(", as in '%s'", example) or "")
  end
end

---------------------------------------------------------------- refusals in a negotiation

-- Texts that mean "stop" at a step of making an offer, where "cancel" is the
-- answer.
local QUIT = { skip = true, pass = true, stop = true, quit = true, withdraw = true, abort = true, back = true,
               ["end"] = true }
local WITHDRAW = "'cancel' withdraws the offer and ends the negotiation"

-- The "trade" request: the player to trade with ("with seat 2"), or cancel.
function refusal_of_partner(game, text, seat)
  local words, verb = explain.words(text)
  if QUIT[verb] then return "'cancel' ends the negotiation" end
  if verb ~= "with" and verb ~= "seat" and verb ~= "trade" then
    if not another_answer(verb) then return nil end
    return string.format("first name the player to trade with, as in 'with seat %d', or 'cancel'", seat == 1 and 2 or 1)
  end
  local typed = words[#words]
  local k = typed:match("^%d+$") and tonumber(typed)
  if not k then
    return string.format("name the other player, as in 'with seat %d'", seat == 1 and 2 or 1)
  elseif k < 1 or k > game.players then
    return string.format("there is no seat %s: the seats are 1 to %d", typed, game.players)
  elseif k == seat then
    return string.format("you are seat %d: a trade is between you and one other player", seat)
  end
  return string.format("say 'with seat %d'", k)
end

-- The "give_credits" and "ask_credits" requests (word: "give" or "ask"): an
-- amount from 0 to what the giver has, or cancel.
function refusal_of_amount(game, text, seat, word)
  local words, verb = explain.words(text)
  if QUIT[verb] then return WITHDRAW end
  local st, offer = game.state, game.state.offer
  if not offer then return nil end
  local giver = word == "give" and seat or offer.to
  local most = st.credits[giver]
  local range = string.format("'%s 0' to '%s %d'", word, word, most)
  local step = word == "give" and "this step names the credits you give: " or "this step names the credits you ask for: "
  if verb == word then
    local typed = words[2]
    if not typed then return step .. range end
    if typed:match("^%d+$") then
      if tonumber(typed) > most then
        return string.format("%s %s: %s", word == "give" and "you have" or "seat " .. giver .. " has",
          render.count(most, "credit"), range)
      end
      return nil   -- "give 02": the amount is one, the text not
    end
    local id = CODE_ID[typed:upper()]
    if word == "give" and id and DECK[id].type == "resource" then
      if not game.zones.hand[seat]:find(id) then return "your hand holds no " .. named(id) end
      return string.format("first the credits you give, %s; the cards come next", range)
    end
    if word == "ask" and (id or typed:lower() == "any" or IS_COLOUR[typed:lower()]) then
      if game.zones.hand[offer.to]:count() == 0 then return string.format("seat %d has no cards", offer.to) end
      return string.format("first the credits you ask for, %s; the cards come next", range)
    end
    return step .. range
  elseif another_answer(verb) then
    return step .. range
  end
end

-- The "give_cards" request: a card of the hand not yet offered, done, or
-- cancel.
function refusal_of_give_cards(game, text, seat, answers)
  local words, verb = explain.words(text)
  if QUIT[verb] then return WITHDRAW end
  local st, offer = game.state, game.state.offer
  if not offer then return nil end
  if verb == "give" then
    if words[2] and words[2]:match("^%d+$") then
      if st.credits[seat] == 0 then return "you have no credits to give" end
      return string.format("the credits you give are set (%d): now the cards of your hand, then 'done'",
        offer.give_credits)
    end
    local rid, why = hand_resource(game, seat, words, 2)
    if not rid then return why end
    for _, id in ipairs(offer.give_cards) do
      if id == rid then return named(rid) .. " is in the offer already" end
    end
  elseif verb == "ask" then
    local other = offer.to
    if st.credits[other] == 0 and game.zones.hand[other]:count() == 0 then
      return string.format("seat %d has no credits and no cards to ask for", other)
    end
    return "first the cards you give, then 'done'; what you ask for comes next"
  elseif another_answer(verb) then
    local example = explain.first_with(answers, "give ")
    return string.format("this step names the cards of your hand you give%s, then 'done'; or 'cancel'",
      example and string.format(", as in '%s'", example) or "")
  end
end

-- The "ask_card" request: a colour of card or any card (one a request),
-- done, or cancel; the other side picks the cards on accepting.
function refusal_of_ask_card(game, text, seat)
  local words, verb = explain.words(text)
  if QUIT[verb] then return WITHDRAW end
  local offer = game.state.offer
  if not offer then return nil end
  local i = verb == "ask" and 2 or 1
  local typed = words[i] and words[i]:lower()
  if not typed then return "name a colour of card, as in 'red card', or 'any card', or 'done'" end
  if IS_COLOUR[typed] or typed == "any" then return string.format("say '%s card'", typed) end
  if typed == "no" or typed == "none" or typed == "nothing" then return "say 'done'" end
  if typed:match("^%d+$") then
    if words[i + 1] and (IS_COLOUR[words[i + 1]:lower()] or words[i + 1]:lower() == "any") then
      return string.format("ask for one card a step: say '%s card' %s times, then 'done'", words[i + 1]:lower(), typed)
    end
    if game.state.credits[offer.to] == 0 then return string.format("seat %d has no credits", offer.to) end
    return string.format("the credits you ask for are set (%d): now a card, as in 'red card', or 'any card', "
      .. "or 'done'", offer.ask_credits)
  end
  if CODE_ID[typed:upper()] or (typed == "card" and words[i + 1]) then
    return string.format("you ask for a colour of card, or any card: seat %d picks which cards on accepting",
      offer.to)
  end
  if words[i + 1] and words[i + 1]:lower() == "card" then
    return string.format("'%s' is no colour: the colours are %s", words[i], render.spoken(COLOURS, "and"))
  end
  if another_answer(verb) then
    return "this step names a card you ask for, as in 'any card' or 'red card', then 'done'; or 'cancel'"
  end
end

-- The "offer" request, to the other side: accept (when it can meet the
-- offer), counter (while offers may be made), or refuse.
function refusal_of_offer(game, text, seat, answers)
  local words, verb = explain.words(text)
  local offer = game.state.offer
  if not offer then return nil end
  local meets, why_not = game.rules.can_meet(game, seat, offer)
  if verb == "accept" or verb == "yes" or verb == "ok" or verb == "agree" or verb == "deal" then
    if not meets then return "you cannot meet this offer: " .. why_not end
    if verb ~= "accept" then return "'accept' accepts the offer" end
  elseif verb == "counter" or verb == "ask" or verb == "give" or verb == "offer" then
    local may, why = game.rules.may_offer(game)
    if not may then return "no counter-offer: " .. why end
    if verb ~= "counter" or words[2] then
      return "say 'counter': then you name what you give and what you ask for, step by step"
    end
  elseif verb == "reject" or verb == "decline" or verb == "no" or verb == "deny" or verb == "cancel" or QUIT[verb] then
    return "'refuse' refuses the offer and ends the negotiation"
  elseif verb and (IS_COLOUR[verb] or verb == "any") then   -- an ask_card answer: a counter-offer's step
    local may, why = game.rules.may_offer(game)
    if not may then return "no counter-offer: " .. why end
    return "say 'counter': then you name what you give and what you ask for, step by step"
  elseif verb == "done" or verb == "with" or verb == "trade" or TURN_VERB[verb] then
    local said = {}
    for i, answer in ipairs(answers or {}) do said[i] = "'" .. answer .. "'" end
    return string.format("first answer seat %d's offer: %s; the game goes on after the negotiation", offer.from,
      render.spoken(said, "or"))
  end
end

-- The "hand_over" request, after accepting: a card of the hand that fits
-- what the offer asks for and is not picked yet.
function refusal_of_hand_over(game, text, seat)
  local words, verb = explain.words(text)
  local wanted = game.rush.handing
  if not wanted then return nil end
  local what = wanted == "any" and "any card" or "a " .. wanted .. " card"
  if verb ~= "give" then
    return string.format("you accepted: name the card you give for %s, as in '%s'", what, game.rush.answers[1])
  end
  local rid, why = hand_resource(game, seat, words, 2)
  if not rid then return why end
  if wanted ~= "any" and DECK[rid].colour ~= wanted then
    return string.format("%s is %s; this card of the offer is %s", named(rid), DECK[rid].colour, what)
  end
  for _, id in ipairs(game.rush.picked) do
    if id == rid then return named(rid) .. " is picked already" end
  end
end

---------------------------------------------------------------- the game

function rush.play(game)
  local seats, st = game.seats, game.state
  while true do
    local seat = seats:current()
    if seat == seats:start() and seats:round() > st.round then
      -- an edit may have emptied the stack before the round: no event, no round
      if game.zones.events:count() == 0 then break end
      game.rules.reveal_event(game)
      game.rush.round = st.round   -- (what an edit may not set alone: rush.edited)
    end
    count_rounds(game)   -- (an edit may have changed the stack)
    game.rules.turn(game, seat)
    -- the round is over and the starting player has no event left to draw
    if seats:after(seat, 1) == seats:start() and game.zones.events:count() == 0 then break end
    seats:next()
  end
  local winners, reason = game.rules.winners(game)
  local result = score.result(winners, { table.unpack(st.credits) }, reason)
  result.sold = { table.unpack(st.sold) }
  result.personas = { table.unpack(st.persona) }
  return result
end

-- Each seat's standing during the game, for a simulation's lead changes and
-- drama: its credits, as the final scoring counts them.
rush.standings = { state = "credits" }

---------------------------------------------------------------- the table at a glance

-- The resources on a project, as a sale reads them: each one's colour (for
-- the colour conditions of bonuses) and its own sell bonus, if any:
-- "R35 green (+2 a sale with blue), R16 yellow".
local function resources_of(ids, deck)
  local out = {}
  for i = 1, #ids - 1 do
    local r = deck[ids[i]]
    out[i] = string.format("%s %s%s", r.code, r.colour,
      r.effect == "bonus" and " (" .. bonus_words(r) .. ")" or "")
  end
  return #out > 0 and table.concat(out, ", ") or "no resources"
end

-- Whether a zone's view lists every card (none hidden as 0).
local function all_seen(cards)
  if not cards then return false end
  for _, id in ipairs(cards) do
    if id == 0 then return false end
  end
  return true
end

-- What `cardlab play` shows a seat: the round and event, the pool, then each
-- player's persona with its effect, credits, projects (with their resources,
-- and while the player may sell, the prices) and hand, and the cards the seat
-- is choosing from. The seat's own block comes last, the others from its
-- left neighbour on: at a terminal it is next to the prompt, where the
-- others' blocks would scroll it away.
function rush.describe(view, deck)
  local z, st = view.zones, view.state
  local lines = {}
  local function add(fmt, ...) lines[#lines + 1] = string.format(fmt, ...) end
  local ev = z.event.cards and z.event.cards[1]
  -- the rounds from the stack as it is (an edit at any request shows at once)
  add("round %d of %d. event: %s", st.round or 1, (st.round or 0) + z.events.count,
    ev and ev ~= 0 and rush.label(deck[ev]) or "not revealed yet")
  local pool = z.pool.cards and z.pool.cards[1]
  add("pool: %s (%s). resources: %d left, %d discarded. projects: %d left",
    pool and rush.label(deck[pool]) or "empty", render.count(z.pool.count), z.resources.count,
    z.resource_discard.count, z.projects.count)
  local first = view.seat >= 1 and view.seat % view.players + 1 or 1
  for k = 0, view.players - 1 do
    local seat = (first - 1 + k) % view.players + 1
    add("seat %d%s%s, %s: %d credits, %d sold", seat, seat == view.seat and " (you)" or "",
      st.round and seat == view.current and " to play" or "", st.persona[seat] or "?",
      st.credits[seat] or 0, st.sold[seat] or 0)
    local persona_zone = z[string.format("persona[%d]", seat)]
    local pid = persona_zone and persona_zone.cards and persona_zone.cards[1]
    if pid and pid ~= 0 then add("    persona: %s", rush.label(deck[pid])) end
    -- the prices are the seller's, while it may sell (by its projects' codes:
    -- a turn edit may have moved the seats' current one while it decides)
    local prices = st.prices
    for k = 1, 5 do
      local slot = z[string.format("project%d[%d]", k, seat)]
      if slot and slot.count > 0 then
        local ids = slot.cards
        local project = deck[ids[#ids]]
        local price = prices and prices[project.code]
        add("    %s: %s%s", rush.label(project, st.sale_sizes), resources_of(ids, deck),
          price and string.format("; sells now for %d", price) or "")
      end
    end
    -- a hand is listed by card where the view sees all of it: its own seat,
    -- or a view of everything (:show at the REPL, replay without --seat); a
    -- card of another's hand shown to the seat (0 the others) would hide
    -- how many it holds
    local hand = z[string.format("hand[%d]", seat)]
    if all_seen(hand.cards) then
      for _, id in ipairs(hand.cards) do add("    hand: %s", rush.label(deck[id], st.sale_sizes)) end
    else
      add("    hand: %s", render.count(hand.count))
    end
    local choice = z[string.format("choice[%d]", seat)]
    if all_seen(choice.cards) then
      for _, id in ipairs(choice.cards) do add("    to choose from: %s", rush.label(deck[id], st.sale_sizes)) end
    end
  end
  local offer = st.offer
  if offer then
    add("offer: %s", rush.offer_text(offer))
  end
  return lines
end

---------------------------------------------------------------- edits

-- What the rules read a card's kind from: its zone. A project in a hand has
-- no colour to play, a resource at the bottom of a project slot no colours
-- to take: a game so edited fails at its next step, so such an edit is
-- refused (rush.edited). (The choice zones: check_choice.)
local ZONE_KIND = {
  { "pool", "resource" }, { "resources", "resource" }, { "resource_discard", "resource" },
  { "projects", "project" }, { "project_discard", "project" },
  { "events", "event" }, { "event", "event" }, { "past_events", "event" }, { "personas", "persona" },
}
local KIND_PLURAL = { resource = "resources", project = "projects", event = "events", persona = "personas" }
-- the zones the rules deal face up, where a card's code is an answer (and
-- each seat's hand, choice, persona and project slots)
local FACE_UP = { "pool", "resource_discard", "project_discard", "event", "past_events" }

local function refuse(fmt, ...) error(string.format(fmt, ...), 0) end

local function check_kinds(game, zone, kind)
  for _, id in ipairs(zone:cards()) do
    if DECK[id].type ~= kind then
      refuse("%s holds %s only, and %s is a %s%s", zone:name(), KIND_PLURAL[kind], named(id), DECK[id].type,
        kind == "project" and DECK[id].type == "resource"
          and " (a project slot's resources go to the resource discard or the box first: move "
            .. DECK[id].code .. " resource_discard; or empty the slot into the box)" or "")
    end
  end
end

local function check_face_up(game, zone)
  for _, id in ipairs(zone:cards()) do
    if not game.table:face(id) then
      refuse("%s in %s stays face up: the rules deal every card there face up, and its code is an answer",
        named(id), zone:name())
    end
  end
end

-- A choice zone holds the projects the seat draws to keep while it keeps
-- some, and the Curator's resources while it picks one; nothing else: the
-- rules send what is left there back to the stack or the discard.
local function check_choice(game, seat)
  local r, zone = game.rush, game.zones.choice[seat]
  if r.scouting == seat then check_kinds(game, zone, "resource")
  elseif r.choosing == seat then
    check_kinds(game, zone, "project")
    -- the projects kept go to the seat's free slots
    local free, keep = 0, math.min(r.keep_wanted, zone:count())
    for _, slot in ipairs(r.slots[seat]) do
      if slot:count() == 0 then free = free + 1 end
    end
    if free < keep then
      refuse("seat %d keeps %s in its free project slots, and %s free: a project slot stays free while "
        .. "the seat chooses the project for it", seat, render.count(keep, "project"), free == 1 and "1 is" or free .. " are")
    end
  elseif zone:count() > 0 then
    local id = zone:peek()
    local stack = ({ project = "projects", resource = "resources" })[DECK[id].type]
    refuse("%s holds the cards seat %d draws to choose from while it chooses, and it is not choosing now: %s%s",
      zone:name(), seat, named(id), stack and string.format(" (on top of its stack it is drawn next: move %s %s)",
        DECK[id].code, stack) or "")
  end
end

-- A project slot: its project at the bottom, its resources above.
local function check_slot(game, slot)
  local ids = slot:cards()
  local n = #ids
  if n == 0 then return end
  if DECK[ids[n]].type ~= "project" then
    refuse("%s holds no project at its bottom (%s is a %s): a project slot is its project at the bottom and "
      .. "its resources above; move a project in first, at the bottom (move CARD %s bottom), or empty the slot",
      slot:name(), named(ids[n]), DECK[ids[n]].type, slot:name())
  end
  for i = 1, n - 1 do
    if DECK[ids[i]].type ~= "resource" then
      refuse("%s holds %s above its project %s: a project slot holds one project, at its bottom, and resources "
        .. "above it", slot:name(), named(ids[i]), named(ids[n]))
    end
  end
end

-- The values the rules make public at a request from the table: the state
-- key, what rush.edited compares it with (the rules' total when they made
-- it), and what it is.
local MADE = {
  { "prices", "made_prices", "the price of each project the current player may sell",
    "the project, its resources, the event or the persona", "table" },
  { "full", "made_full", "the projects that may be sold and take no more resources", "the project's resources",
    "table" },
  { "pool_reward", "made_pool_reward", "what a discard to the pool pays the current player",
    "the event or the persona", "number" },
  { "costs", "made_costs", "what each resource costs the current player", "the event or the persona", "table" },
}

-- A number, or a table's numbers added up (its trues counted); compared
-- with the rules' total within a rounding (a house rule's prices may be
-- fractions, added up in another order).
local function total_of(value)
  if type(value) ~= "table" then return value end
  local total = 0
  for _, v in pairs(value) do
    if v == true then total = total + 1 elseif type(v) == "number" then total = total + v end
  end
  return total
end

-- After every edit (god mode, a scenario's set-up, a save's replay): what
-- an edit alone would leave the rules and the table disagreeing on is
-- refused, with the edit to use; the rounds follow the event stack at once.
function rush.edited(game)
  local z, st, r = game.zones, game.state, game.rush
  for _, zk in ipairs(ZONE_KIND) do check_kinds(game, z[zk[1]], zk[2]) end
  for _, name in ipairs(FACE_UP) do check_face_up(game, z[name]) end
  for seat = 1, game.players do
    check_kinds(game, z.hand[seat], "resource")
    check_choice(game, seat)
    for _, zone in ipairs({ z.hand[seat], z.choice[seat], z.persona[seat] }) do check_face_up(game, zone) end
    for _, slot in ipairs(r.slots[seat]) do
      check_slot(game, slot)
      check_face_up(game, slot)
    end
  end
  -- the round is the one whose event the starting player revealed, and the
  -- rounds that and one for each event left: the event stack says them
  if st.round ~= r.round then
    refuse("state 'round' is the round whose event is shown, counted by the turns played: an edit does not set "
      .. "it; the rounds left are the event stack's (empty events box makes this round the last, move CARD "
      .. "events from box adds one)")
  end
  -- a negotiation under way: the offer is made of the two sides' credits and
  -- hands, which its requests listed (the amounts, the cards, accept)
  local offer, held = st.offer, r.negotiation
  if (offer ~= nil and type(offer) ~= "table") or (offer == nil and st.offer_text ~= nil) then
    refuse("state 'offer' and 'offer_text' are the offer under way and its words, which its steps make: "
      .. "there is none now ('trade' begins a negotiation)")
  end
  if offer then
    local from, to, changed = held.from, held.to, nil
    if offer.from ~= from or offer.to ~= to then changed = "the offer"
    elseif st.offers ~= held.offers then changed = "the turn's count of offers"
    elseif st.offer_text == nil and (offer.give_credits ~= held.made.give_credits
        or offer.ask_credits ~= held.made.ask_credits or not same_list(offer.give_cards, held.made.give_cards)
        or not same_list(offer.ask_cards, held.made.ask_cards)) then
      changed = "the offer"
    elseif st.credits[from] ~= held.credits_from or st.credits[to] ~= held.credits_to then changed = "their credits"
    elseif game.table:version(HAND_NAME[from]) ~= held.hand_from or game.table:version(HAND_NAME[to]) ~= held.hand_to then
      changed = "their hands"
    elseif st.offer_text and st.offer_text ~= rush.offer_text(offer) then changed = "the offer"
    elseif offer.give_credits > st.credits[from] then changed = "the offer"
    else
      for _, id in ipairs(offer.give_cards) do
        if game.table:where(id) ~= z.hand[from] then changed = "the offer" end
      end
    end
    if changed then
      refuse("seat %d and seat %d are negotiating, and an edit changed %s: the offer under way is made of their "
        .. "credits and hands, which its steps listed; edit them before 'trade' or once the negotiation ends "
        .. "('cancel' or 'refuse' ends it)", from, to, changed)
    end
  end
  -- what the rules make public from the table at a request, for the table
  -- and the bots: an edit of one alone would be undone by the request asked
  -- again, or read by a bot and no rule
  for _, made in ipairs(MADE) do
    local value = st[made[1]]
    local total, made_total = total_of(value), r[made[2]]
    if value ~= nil and (type(value) ~= made[5] or made_total == nil
        or math.abs(total - made_total) > 1e-9 * math.max(1, math.abs(total))) then
      refuse("state '%s' is %s, which the rules make from the table at every request: edit %s instead",
        made[1], made[3], made[4])
    end
  end
  if st.rounds ~= r.rounds then
    refuse("state 'rounds' is the round shown and one for each event left in the stack: empty events box makes "
      .. "this round the last, move CARD events from box adds one")
  end
  count_rounds(game)
end

-- The starting player (the seats' start, which the rounds count from) and
-- what setup made public from the options and the house rule's pieces are
-- the game's for good: a state edit would change the table and no rule.
rush.fixed_state = { "start", "sale_sizes", "house_pieces" }

-- The game's own edits (god mode, docs/repl.md): changes that keep several
-- things in step. A persona is a card and the name the table shows.
rush.edits = {
  persona = {
    args = "SEAT CARD", min_args = 2,
    doc = "the seat's persona becomes CARD (a persona's code, C3); the one it had goes to the box, and a seat "
      .. "CARD is taken from has no persona",
    keeps = { state = { "persona" }, zones = { "persona" } },
    apply = function(game, seat_text, code)
      local seat = math.tointeger(tonumber(seat_text))
      if not seat or seat < 1 or seat > game.players then
        return nil, string.format("there are seats 1 to %d (got '%s')", game.players, seat_text)
      end
      local id = CODE_ID[code]
      if not id or DECK[id].type ~= "persona" then
        return nil, string.format("'%s' is not a persona card (C1 to %s)", code, LAST_CODE.persona)
      end
      local zone = game.zones.persona[seat]
      -- another seat's persona leaves that seat with none, as the table says
      -- (a scenario gives it another next)
      for other = 1, game.players do
        if other ~= seat and game.table:where(id) == game.zones.persona[other] then
          game.state.persona[other] = NO_PERSONA_NAME
        end
      end
      zone:move_all(game.zones.box)
      zone:insert(id)
      game.state.persona[seat] = DECK[id].name
      return true
    end,
  },
  event = {
    args = "CARD", min_args = 1,
    doc = "CARD (an event's code, E13) is the round's event, its effects from now on; before the "
      .. "first round, the first revealed. The card it replaces goes where CARD was, so the "
      .. "game keeps its number of rounds",
    -- the round's effects are the event card's (the table shows the card)
    keeps = { state = { "event", "effects" }, zones = { "event" } },
    apply = function(game, code)
      local id = CODE_ID[code]
      if not id or DECK[id].type ~= "event" then
        return nil, string.format("'%s' is not an event card (E1 to %s)", code, LAST_CODE.event)
      end
      local z = game.zones
      -- before the first round the card to replace is the top of the stack
      local replaced = z.event:peek() or z.events:peek()
      if replaced == nil then return nil, "no event is shown and none is left to draw: the game is over" end
      if replaced == id then return true end
      local from, pos = game.table:where(id)
      local to = game.table:where(replaced)
      to:insert(id)
      from:insert(replaced, pos)
      if to == z.event then
        game.state.event = DECK[id].name
        game.state.effects = event_effects(DECK[id])
      end
      return true
    end,
  },
}

---------------------------------------------------------------- bots

require("greedy")(rush, DECK, COLOURS)

return rush
