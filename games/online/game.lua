-- Online (Hasbro, 2000), after the German rule book (../shared/rules/online.de.txt;
-- docs/games/online.md has the rules in English and every choice made where
-- the book is unclear).
--
--   Be the first player or team to download the files of every category:
--   6 E-Mail, 4 Music, 2 Game and 2 Movie cards, each category in its row.
--   2 or 3 players play alone; 4 play in two teams (seats 1+3, 2+4), 5 or 6
--   in three (1+4, 2+5, 3+6; with 5, seat 3 also plays the missing sixth
--   seat); a team shares its rows. Everyone holds 7 cards.
--   Your turn: draw up to 7 cards, then either exchange any number of them
--   with the deck (that is the turn), or draw an 8th card and play:
--   - lay Online (one download a turn) or Turbo-Line (two; also on Online)
--     in your Online row, Extra Memory in your Extra Memory row;
--   - download category cards while your top Online/Turbo-Line card is
--     free; Movie and Game ("large files") also need a free Extra Memory;
--   - block other players: Virus, Password Error or Under Construction on a
--     top Online/Turbo-Line, Memory Full on a top Extra Memory, as many as
--     you like;
--   - lift your own blocks: Antivirus on Virus, Password ok on Password
--     Error (then Online/Turbo-Line to be online again), Online/Turbo-Line on
--     Under Construction, Extra Memory on Memory Full; also out of turn, at
--     once when a block is laid on you;
--   - Hacker: move your own block to another player or the discard; or take
--     the top card of another player's row to you, another player or the
--     discard (a file to yourself only while online); or take the top
--     discard. A hacked card is played at once. Any other player may stop a
--     Hacker with Cyber Patrol: the hacker's turn ends and the next is lost,
--     the patrol plays at once, the seats in between are passed over;
--   - Search: take any card from the deck and play it at once;
--   - backup: turn a complete category row face down; hackers cannot touch it;
--   - with nothing to play, discard a card: a turn ends with at most 7 cards.
--   An empty deck is rebuilt from the discard pile and all but the top card
--   of every Online and Extra Memory row. The first to own every category
--   wins; the others rank by megabytes (E-Mail 25, Music 50, Game 100,
--   Movie 200).

local cards = require "cards"
local score = require "score"
local render = require "render"
local explain = require "explain"

local online = {
  name = "online",
  title = "Online",
  about = "download E-Mail, Music, Games and Movies first; block, hack and patrol the others",
  players = { min = 2, max = 6, default = 4 },
  options = {
    { name = "teams", type = "choice", default = "book", choices = { "book", "alone", "threes" },
      doc = "book: 4 players in two teams, 5-6 in three; alone: no teams; threes: 6 players in two teams of three" },
    { name = "goal_email", type = "integer", default = 6, min = 1, max = 22,
      doc = "E-Mail cards to download (the rule book suggests higher goals for 2 players)" },
    { name = "goal_music", type = "integer", default = 4, min = 1, max = 14,
      doc = "Music cards to download" },
    { name = "goal_game", type = "integer", default = 2, min = 1, max = 8,
      doc = "Game cards to download" },
    { name = "goal_movie", type = "integer", default = 2, min = 1, max = 8,
      doc = "Movie cards to download" },
    { name = "round_limit", type = "integer", default = 0, min = 0, max = 100000,
      doc = "end after this many rounds, the most megabytes winning (the book's time limit); 0: none" },
    { name = "start_player", type = "seat", default = 1,
      doc = "the seat that starts (the youngest, or the last game's winner); 0: drawn at random" },
    { name = "unblock_at_once", type = "boolean", default = true,
      doc = "a blocked player may lift the block at once with a fitting card, out of turn" },
    { name = "memory_full", type = "choice", default = "every", choices = { "every", "large" },
      doc = "what a Memory Full on an Extra Memory stops: every download (the book's general sentence) "
        .. "or the large files alone (Game and Movie)" },
  },
  bots = {},
  -- how the web page draws the table (docs/web.md, "Presentation hints")
  presentation = {
    felt = "#22385a", colour_by = "group",
    colours = { access = "#1565c0", blocking = "#c62828", category = "#2e7d32", power = "#6a1b9a" },
    zones = { "deck", "played", "discard" },
    -- a side's rows and values are numbered by side, which is the seats'
    -- team (game.seats:team): drawn once for a team, under its seats' names
    seat_zones = { "hand" },
    team_zones = { "online", "email", "music", "game", "movie", "memory" },
    team_state = { "megabytes", "backup" },
    markers = { "start_player" }, stacked = { discard = true },
    labels = { email = "e-mail", played = "just played", start_player = "start player",
               backup = "backed up", goal = "to download", downloads = "downloads this turn",
               searched = "searched in vain" },
    -- the sides are the seats unless partners play; the cards drawn at the
    -- start of a turn are for the terminal's table (the page shows the hand)
    hidden = { sides = true, refilled = true, refilled_seat = true },
  },
  -- what `cardlab bench` measures: random playouts (target: 200,000 turns/s at 2)
  bench = { { players = 2 }, { players = 4 }, { players = 6 }, { players = 4, bots = "greedy", games = 300 } },
  -- the search bot's games per decision: its default answers within 200 ms (docs/bots.md)
  search = { iterations = 160, depth = 40, margin = 2 },
}

---------------------------------------------------------------- the cards

-- The 112 cards of the box. `row` is the row a card is laid in; `speed` the
-- downloads a turn an Online row card allows; `large` marks the large files.
local CARD_LIST = [[
# access cards (Zugriffskarten): laid in your own rows
13 Online               group=access   row=online speed=1
 3 Turbo-Line           group=access   row=online speed=2
 5 "Extra Memory"       group=access   row=memory
 8 "Password ok"        group=access   row=online
 8 Antivirus            group=access   row=online
# blocking cards (Sperrkarten): laid on the other players' rows
 3 "Under Construction" group=blocking row=online
 4 "Memory Full"        group=blocking row=memory
 3 "Password Error"     group=blocking row=online
 3 Virus                group=blocking row=online
# category cards (Kategoriekarten): the files, one row each
22 E-Mail               group=category row=email  megabytes=25
14 Music                group=category row=music  megabytes=50
 8 Movie                group=category row=movie  megabytes=200 large=true
 8 Game                 group=category row=game   megabytes=100 large=true
# power cards
 6 Hacker               group=power
 2 "Cyber Patrol"       group=power
 2 Search               group=power
]]
local DECK = cards.parse(CARD_LIST)
online.cards = DECK

-- The rows in front of every player or team, in the order they are shown.
local ROWS = { "online", "memory", "email", "music", "movie", "game" }
local ROW_TITLE = { "Online", "Extra Memory", "E-Mail", "Music", "Movie", "Game" }
local ROW_NUMBER = {}
for r, name in ipairs(ROWS) do ROW_NUMBER[name] = r end
local ONLINE_ROW, MEMORY_ROW, FIRST_CATEGORY_ROW = 1, 2, 3

-- A kind is one line of the card list; the hot loops work on kind numbers.
local KINDS, KIND_OF, KIND_NAMED, IDS_OF = {}, {}, {}, {}
for id, card in ipairs(DECK) do
  local k = KIND_NAMED[card.name]
  if not k then
    KINDS[#KINDS + 1] = card
    k = #KINDS
    KIND_NAMED[card.name] = k
    IDS_OF[k] = {}
  end
  KIND_OF[id] = k
  IDS_OF[k][#IDS_OF[k] + 1] = id
end
local NKINDS = #KINDS
local NAME, GROUP, ROW_OF, SPEED, LARGE, MEGABYTES = {}, {}, {}, { [0] = 0 }, {}, {}
for k, card in ipairs(KINDS) do
  NAME[k], GROUP[k] = card.name, card.group
  ROW_OF[k] = card.row and ROW_NUMBER[card.row]
  SPEED[k] = card.speed or 0
  LARGE[k] = card.large == true
  MEGABYTES[k] = card.megabytes or 0
end
local ONLINE, TURBO_LINE = KIND_NAMED["Online"], KIND_NAMED["Turbo-Line"]
local HACKER, CYBER_PATROL, SEARCH = KIND_NAMED["Hacker"], KIND_NAMED["Cyber Patrol"], KIND_NAMED["Search"]
local CATEGORY_OF_ROW = {}  -- row number -> the kind collected there
for k = 1, NKINDS do
  if GROUP[k] == "category" then CATEGORY_OF_ROW[ROW_OF[k]] = k end
end

-- The answer texts, made once.
local PLAY, DOWNLOAD, DISCARD, EXCHANGE, BACKUP = {}, {}, {}, {}, {}
local BLOCK = {}  -- BLOCK[side][kind]: "block 2 Virus"
for k = 1, NKINDS do
  PLAY[k], DOWNLOAD[k] = "play " .. NAME[k], "download " .. NAME[k]
  DISCARD[k], EXCHANGE[k] = "discard " .. NAME[k], "exchange " .. NAME[k]
end
for r = FIRST_CATEGORY_ROW, #ROWS do BACKUP[r] = "backup " .. ROW_TITLE[r] end
for side = 1, 6 do
  BLOCK[side] = {}
  for k = 1, NKINDS do BLOCK[side][k] = string.format("block %d %s", side, NAME[k]) end
end
local PATROL_ANSWERS, NO_PATROL = { "patrol yes", "patrol no" }, { "patrol no" }

---------------------------------------------------------------- the rules
-- Each piece here may be replaced by a house-rule file (docs/authoring.md).

local rules = {}
online.rules = rules

-- Cards in hand at the end of a turn, and drawn up to before it.
rules.hand_size = 7

-- What may be laid on what: the card on the left goes on a row whose top card
-- is one of those listed ("nothing": the empty row). Blocking cards go on the
-- other players' rows, access cards on your own.
rules.lays_on = {
  ["Online"]             = { "nothing", "Under Construction", "Password ok", "Antivirus" },
  ["Turbo-Line"]         = { "nothing", "Online", "Under Construction", "Password ok", "Antivirus" },
  ["Extra Memory"]       = { "nothing", "Memory Full" },
  ["Password ok"]        = { "Password Error" },
  ["Antivirus"]          = { "Virus" },
  ["Under Construction"] = { "Online", "Turbo-Line" },
  ["Password Error"]     = { "Online", "Turbo-Line" },
  ["Virus"]              = { "Online", "Turbo-Line" },
  ["Memory Full"]        = { "Extra Memory" },
}

-- Four or more playing alone agree on a time limit, the rule book says: with
-- no teams, the files end up spread over rows whose owners do not need them,
-- and a game can go on for ever (14 of 100 games of five random players).
function online.validate(options, players)
  if options.teams == "alone" and players >= 4 and options.round_limit == 0 then
    return string.format("%d players alone agree on a time limit (the rule book): give round_limit, "
      .. "e.g. --option round_limit=15", players)
  end
end

-- The files to download, per category row, from the options.
function rules.goal(game)
  local o = game.options
  return { email = o.goal_email, music = o.goal_music, game = o.goal_game, movie = o.goal_movie }
end

-- The sides (a player alone, or a team sharing rows) as lists of seats; side
-- k holds seat k, so "block 2" names the rows of seat 2 and its team.
function rules.sides(game)
  local n, teams = game.players, game.options.teams
  local count = n
  if teams == "threes" and n == 6 then count = 2
  elseif teams ~= "alone" and n == 4 then count = 2
  elseif teams ~= "alone" and n >= 5 then count = 3 end
  local sides = {}
  for seat = 1, n do
    local side = (seat - 1) % count + 1
    sides[side] = sides[side] or {}
    table.insert(sides[side], seat)
  end
  return sides
end

-- The turns of a round, as seats: round the table; a team short of a player
-- (5 players in three teams) has its first seat play the missing one too,
-- where that seat would sit: 1 2 3 4 5 3.
function rules.turn_order(game)
  local sides, order = game.sides, {}
  local size = 0
  for _, seats in ipairs(sides) do size = math.max(size, #seats) end
  for place = 1, #sides * size do
    local side = sides[(place - 1) % #sides + 1]
    order[place] = side[(place - 1) // #sides + 1] or side[1]
  end
  return order
end

-- Downloads a turn: the `speed` of the top card of the side's Online row (0
-- when it is not an Online or Turbo-Line card, e.g. a blocking card).
local function download_limit(game, side)
  local id = game.rows[side][ONLINE_ROW]:peek()
  return id and SPEED[KIND_OF[id]] or 0
end

-- Whether the side's top Extra Memory row card is a free Extra Memory.
local function has_memory(game, side)
  local id = game.rows[side][MEMORY_ROW]:peek()
  return id ~= nil and GROUP[KIND_OF[id]] == "access"
end

-- Whether a blocking card (Memory Full) on top of the side's Extra Memory
-- row stops every download, small files included: "Ein Spieler, dessen
-- Karten mit Sperrkarten blockiert sind, darf keine Kategoriekarten vor sich
-- ablegen". (With memory_full=large it stops only the large files, which
-- need a free Extra Memory anyway.)
local function memory_blocked(game, side)
  if game.options.memory_full == "large" then return false end
  local id = game.rows[side][MEMORY_ROW]:peek()
  return id ~= nil and GROUP[KIND_OF[id]] == "blocking"
end

-- Whether seat may download a file of this kind now: online with a download
-- left this turn, no block on its Extra Memory, a free Extra Memory for a
-- large file, the row not backed up.
-- (The inner loop of every simulation: written out rather than composed.)
function rules.can_download(game, seat, kind)
  local side = game.side_of[seat]
  local rows = game.rows[side]
  if game.backed_up[side][ROW_OF[kind]] then return false end
  local id = rows[ONLINE_ROW]:peek()
  if not id or game.state.downloads >= SPEED[KIND_OF[id]] then return false end
  id = rows[MEMORY_ROW]:peek()
  local memory = id and GROUP[KIND_OF[id]]
  if memory == "blocking" and game.options.memory_full == "every" then return false end
  return not LARGE[kind] or memory == "access"
end
local CAN_DOWNLOAD = rules.can_download

-- Whether a card of this kind, in seat's hands, may be laid on side's row:
-- how = "hand" for a card from the hand, the deck (Search) or the discard
-- (Hacker), "hacked" for a card a Hacker took from a row, which may also go
-- to another player: an access card where it fits, a file to a player who
-- could download it, but only by a hacker who is online.
function rules.can_place(game, seat, kind, side, how)
  local own, group = game.side_of[seat], GROUP[kind]
  if group == "access" or group == "blocking" then
    if group == "blocking" and side == own then return false end
    if group == "access" and how == "hand" and side ~= own then return false end
    local id = game.rows[side][ROW_OF[kind]]:peek()
    return game.fits[kind][id and KIND_OF[id] or 0]
  elseif group == "category" then
    if side == own then return game.rules.can_download(game, seat, kind) end
    if how == "hand" or game.backed_up[side][ROW_OF[kind]] then return false end
    return download_limit(game, own) > 0 and download_limit(game, side) > 0
      and not memory_blocked(game, side) and (not LARGE[kind] or has_memory(game, side))
  end
  return false
end

-- Megabytes downloaded by a side.
function rules.megabytes(game, side)
  local total, rows = 0, game.rows[side]
  for r = FIRST_CATEGORY_ROW, #ROWS do
    total = total + rows[r]:count() * MEGABYTES[CATEGORY_OF_ROW[r]]
  end
  return total
end

-- Whether a side has every category it needs.
function rules.complete(game, side)
  local rows, goal = game.rows[side], game.state.goal
  for r = FIRST_CATEGORY_ROW, #ROWS do
    if rows[r]:count() < goal[ROWS[r]] then return false end
  end
  return true
end

-- Whether a side may still complete its set: no file goes into its own
-- backed-up rows, and a backed-up row of another side gives none back, so
-- the files of a kind left for a side are those not lying in the others'
-- backed-up rows. (Asked after each backup in a game without a round limit:
-- when no side may complete its set, the game ends, the most megabytes
-- winning. Under the book's goals and teams a side always may; raised goals
-- can leave every side short.)
function rules.can_complete(game, side)
  local goal, rows = game.state.goal, game.rows
  for r = FIRST_CATEGORY_ROW, #ROWS do
    local need = goal[ROWS[r]]
    if game.backed_up[side][r] then
      if rows[side][r]:count() < need then return false end
    else
      local left = #IDS_OF[CATEGORY_OF_ROW[r]]
      for other = 1, #game.sides do
        if other ~= side and game.backed_up[other][r] then left = left - rows[other][r]:count() end
      end
      if left < need then return false end
    end
  end
  return true
end

local COMPLETE, CAN_COMPLETE = rules.complete, rules.can_complete
local CYBER_PATROL_RULE  -- the book's cyber_patrol (set where it is defined, below)

-- Why an answer is refused, for people (defined with the turn, below).
local refusal_of_play, refusal_of_turn, refusal_of_exchange, refusal_of_lift, refusal_of_search, refusal_of_trim, trim_answers
local refusal_of_hack, meant
local play_answers, turn_answers, exchange_answers   -- (below)

---------------------------------------------------------------- setup

function online.setup(game)
  local deck = game:zone("deck", { visibility = "count", face = "down" })
  game:zone("discard", { visibility = "everyone" })
  -- a Hacker or Search being played lies here until it is done
  game:zone("played", { visibility = "everyone" })
  local hands = game:zone("hand", { per_seat = true, visibility = "owner" })
  game.hand_seat = {}
  for seat, hand in ipairs(hands) do game.hand_seat[hand] = seat end

  -- what a rule piece's `kind` is, for house rules: game.kinds[kind].name
  -- ("Movie"), game.kind_named["Movie"] (docs/games/online.md)
  game.kinds, game.kind_named = KINDS, KIND_NAMED
  -- (game:uncounted: a simulation's wrappers, counting calls, are the book's pieces)
  game.judge_stalemate = game:uncounted(game.rules.complete) == COMPLETE
    or game:uncounted(game.rules.can_complete) ~= CAN_COMPLETE
  game.sides = game.rules.sides(game)
  game.side_of = {}
  game.rows = {}
  game.backed_up, game.ready, game.counted = {}, {}, {}
  local state = game.state
  state.sides, state.backup, state.megabytes = game.sides, {}, {}
  for side, seats in ipairs(game.sides) do
    for _, seat in ipairs(seats) do
      game.side_of[seat] = side
      game.seats:team(seat, side)
    end
    game.rows[side] = {}
    for r, row in ipairs(ROWS) do
      game.rows[side][r] = game:zone(string.format("%s[%d]", row, side), { visibility = "everyone" })
    end
    state.backup[side] = {}
    state.megabytes[side], game.counted[side] = 0, 0
    game.backed_up[side] = {}  -- the same, by row number, for the inner loops
    game.ready[side] = 0       -- category rows that could be backed up
  end
  game.order = game.rules.turn_order(game)
  -- the start player (the youngest, or the last game's winner) plays first:
  -- the order turns round to begin with that seat
  local start = game.options.start_player
  if start == 0 then start = game:random(game.players) end
  state.start_player = start
  if start ~= 1 then
    local at = 1
    while game.order[at] ~= start do at = at + 1 end
    local turned = {}
    for i = 1, #game.order do turned[i] = game.order[(at + i - 2) % #game.order + 1] end
    game.order = turned
    -- (the turn passes the seats before it: no round is counted, the marker is set after)
    game.seats:jump(start)
    game.seats:set_start(start)
  end
  game.plain_order = #game.order == game.players   -- 1, 2, ..., n: round the table
  for place, seat in ipairs(game.order) do
    if seat ~= place then game.plain_order = false end
  end
  game.pos = 1            -- the turn's place in the order
  game.lost_turns = 0     -- turns that seats will lose, all told
  state.goal = game.rules.goal(game)
  -- what the Cyber Patrols did, public under a house rule's cyber_patrol
  -- only (rules.hacker)
  -- (seen through a simulation's counting wrappers, which are the book's)
  if game:uncounted(game.rules.cyber_patrol) ~= CYBER_PATROL_RULE then
    state.patrols = { let_through = 0, stopped = 0 }
  end
  state.downloads = 0     -- by the player on turn, this turn
  state.searched = false  -- a Search from the hand found nothing this turn

  -- fits[card kind][top kind, 0 for an empty row]: rules.lays_on as a table
  game.fits = {}
  for k = 1, NKINDS do
    local fits = { [0] = false }
    for t = 1, NKINDS do fits[t] = false end
    for _, top in ipairs(game.rules.lays_on[NAME[k]] or {}) do
      local t = top == "nothing" and 0 or KIND_NAMED[top]
      -- a house rule's misspelt card: named, not an assert of the script
      if not t then
        error(string.format("rules.lays_on[%q] names %q, which is no card's name; expected a card or \"nothing\"",
          NAME[k], tostring(top)), 0)
      end
      fits[t] = true
    end
    game.fits[k] = fits
  end

  -- lists that every decision refills, kept with the game rather than made anew
  game.list = { answers = {}, act = {}, kind = {}, side = {} }
  game.swap = { answers = {}, kind = {} }
  game.present, game.first, game.ids = {}, {}, {}
  game.held, game.seen, game.stamp = {}, {}, 0
  -- the explainers of the turn's requests, made once
  game.refusal_of_play = meant(function(text, seat, answers) return refusal_of_play(game, text, seat, answers) end)
  -- the card drawn before playing is the one past the hand size (rules.hand_size):
  -- 'an 8th card' by the book
  local extra = math.tointeger(game.rules.hand_size + 1) or game.rules.hand_size + 1
  local last = extra % 100 >= 11 and extra % 100 <= 13 and 0 or extra % 10
  game.extra_card = string.format("%s %s%s card", (extra == 8 or extra == 11 or extra == 18 or
    tostring(extra):sub(1, 1) == "8") and "an" or "a", tostring(extra),
    ({ [1] = "st", [2] = "nd", [3] = "rd" })[last] or "th")
  game.turn_prompt = "draw " .. game.extra_card .. " and play, or exchange cards"
  game.refusal_of_turn = function(text) return refusal_of_turn(game, text) end
  game.refusal_of_exchange = meant(function(text, seat) return refusal_of_exchange(game, text, seat) end)
  game.refresh_exchange = function(seat) return exchange_answers(game, seat) end
  game.trim = { answers = {}, kind = {} }
  game.refusal_of_trim = meant(function(text, seat) return refusal_of_trim(game, text, seat) end)
  game.refresh_trim = function(seat) return trim_answers(game, seat) end
  game.refusal_of_search = meant(function(text, seat) return refusal_of_search(game, text, seat) end)
  game.refusal_of_hack = meant(function(text, seat, answers) return refusal_of_hack(game, text, seat, answers) end)
  -- the block being lifted at once, or false when going online again after
  -- it: for the explainer of both requests (rules.unblock_at_once)
  game.lifting = false
  game.refusal_of_lift = meant(function(text, seat) return refusal_of_lift(game, text, seat) end)
  -- the turn's requests asked again after an edit (:set, a scenario's
  -- set-up), from the table as it is then (online.edited has counted the
  -- megabytes and the rows ready for a backup again), for the seat asked:
  -- the edit "turn SEAT" moves the runtime's turn before this one ends
  game.refresh_turn = function(seat) return turn_answers(game, seat) end
  game.refresh_play = function(seat)
    play_answers(game, seat)
    return game.list.answers
  end

  game.zones.box:move_all(deck)
  game:shuffle(deck)
  deck:deal(hands, game.rules.hand_size)
end

---------------------------------------------------------------- the deck

-- When the deck is empty: all but the top card of every Online and Extra
-- Memory row, and the discard pile, are shuffled into a new deck. The
-- category rows stay.
function rules.reshuffle(game)
  local deck = game.zones.deck
  for side = 1, #game.sides do
    game.rows[side][ONLINE_ROW]:move_all(deck, 1)
    game.rows[side][MEMORY_ROW]:move_all(deck, 1)
  end
  game.zones.discard:move_all(deck)
  game:shuffle(deck)
  game:say("the deck is empty: the discard pile and the rows but their top cards make a new deck (%s)",
    render.count(deck:count()))
end

-- Draws n cards into seat's hand. The deck is rebuilt as soon as it is empty
-- (and tried again when a draw finds it empty); with nothing to rebuild it
-- from, fewer cards are drawn. Gives the number drawn.
local function draw(game, seat, n)
  local deck, hand = game.zones.deck, game.zones.hand[seat]
  local want = n
  while n > 0 do
    local drawn = deck:draw(hand, n)
    n = n - drawn
    if deck:count() == 0 then
      game.rules.reshuffle(game)
      if drawn == 0 and deck:count() == 0 then return want - n end
    end
  end
  return want
end

---------------------------------------------------------------- laying cards

local function top_kind(zone)
  local id = zone:peek()
  return id and KIND_OF[id] or 0
end

-- After a category row of side changed: its megabytes, and how many of its
-- rows could be backed up.
local function update_megabytes(game, side)
  local megabytes = game.rules.megabytes(game, side)
  -- (the count kept apart too, for online.edited to tell a state edit of it)
  game.state.megabytes[side], game.counted[side] = megabytes, megabytes
  local rows, goal, backed_up, ready = game.rows[side], game.state.goal, game.backed_up[side], 0
  for r = FIRST_CATEGORY_ROW, #ROWS do
    if not backed_up[r] and rows[r]:count() >= goal[ROWS[r]] then ready = ready + 1 end
  end
  game.ready[side] = ready
end

-- The kinds of seat's hand, each once, in the order of the hand (top first):
-- gives them (in game.present), their number, the topmost card of each kind
-- (game.first[kind]) and the cards of each kind (game.held[kind]). A kind is
-- seen when game.seen[kind] holds this call's stamp, so nothing needs clearing.
local function hand_kinds(game, seat)
  local present, first, held, seen = game.present, game.first, game.held, game.seen
  local stamp = game.stamp + 1
  game.stamp = stamp
  local ids = game.zones.hand[seat]:cards(game.ids)
  local m = 0
  for i = 1, #ids do
    local id = ids[i]
    local k = KIND_OF[id]
    if seen[k] ~= stamp then
      seen[k] = stamp
      m = m + 1
      present[m], first[k], held[k] = k, id, 1
    else
      held[k] = held[k] + 1
    end
  end
  return present, m, first, held
end

-- Lays card id on side's row (side 0: the discard pile) for seat, with what
-- follows: a download is counted and may win, a block may be lifted at once.
local function lay(game, seat, id, side)
  if side == 0 then
    game.zones.discard:insert(id)
    return
  end
  local k = KIND_OF[id]
  game.rows[side][ROW_OF[k]]:insert(id)
  local group = GROUP[k]
  if group == "category" then
    if side == game.side_of[seat] then game.state.downloads = game.state.downloads + 1 end
    update_megabytes(game, side)
    if game.rules.complete(game, side) then game.winner = side end
  elseif group == "blocking" then
    game.rules.unblock_at_once(game, side, ROW_OF[k], seat)
  end
end

-- The access cards in seat's hand that may go on a row topped by kind `top`
-- (0: empty), Online and Turbo-Line only if `connect`: answers "play X" and
-- then "pass", and the card behind each answer.
local function fitting_cards(game, seat, top, connect)
  local present, m, first = hand_kinds(game, seat)
  local answers, ids = {}, {}
  for i = 1, m do
    local k = present[i]
    if GROUP[k] == "access" and game.fits[k][top] and (not connect or SPEED[k] > 0) then
      answers[#answers + 1] = PLAY[k]
      ids[#answers] = first[k]
    end
  end
  if #answers > 0 then answers[#answers + 1] = "pass" end
  return answers, ids
end

-- A blocked player may lift the block at once, out of turn ("sobald einer
-- deiner Mitspieler auf deine Karten eine Sperrkarte gelegt hat"): the seats
-- of the side, in turn from the blocker, that hold a fitting access card are
-- asked; after the lift one may go online again with Online or Turbo-Line.
function rules.unblock_at_once(game, side, row, by)
  if not game.options.unblock_at_once then return end
  local n, rows = game.players, game.rows[side]
  for step = 1, n - 1 do
    local seat = (by + step - 1) % n + 1
    if game.side_of[seat] == side then
      local block = top_kind(rows[row])
      local answers, ids = fitting_cards(game, seat, block, false)
      if #answers > 0 then
        game.lifting = block
        -- after an edit: what lifts the block on top then (only "pass" when
        -- none, or no block, is there)
        local function lifts()
          block = top_kind(rows[row])
          answers, ids = { "pass" }, {}
          if GROUP[block] == "blocking" then answers, ids = fitting_cards(game, seat, block, false) end
          game.lifting = GROUP[block] == "blocking" and block
          if #answers == 0 then answers[1] = "pass" end
          return answers
        end
        -- (under memory_full=large a Memory Full stops the large files alone)
        local blocked = row == MEMORY_ROW and game.options.memory_full == "large" and "your Game and Movie downloads"
          or "you"
        local _, i = game:ask(seat, "unblock",
          string.format("%s blocks %s: lift it at once?", NAME[block], blocked), answers, game.refusal_of_lift, lifts)
        if ids[i] then
          game:say("seat %d lifts the %s at once", seat, NAME[block])
          lay(game, seat, ids[i], side)
          if download_limit(game, side) == 0 then
            answers, ids = fitting_cards(game, seat, top_kind(rows[ONLINE_ROW]), true)
            if #answers > 0 then
              game.lifting = false
              local function connects()   -- after an edit, from the Online row and hand then
                answers, ids = fitting_cards(game, seat, top_kind(rows[ONLINE_ROW]), true)
                if #answers == 0 then answers[1] = "pass" end
                return answers
              end
              local _, j = game:ask(seat, "connect", "go online again at once?", answers, game.refusal_of_lift,
                connects)
              if ids[j] then lay(game, seat, ids[j], side) end
            end
          end
          return
        end
      end
    end
  end
end

---------------------------------------------------------------- Cyber Patrol

-- Asks every other seat holding a Cyber Patrol, in turn from the hacker,
-- whether it stops the Hacker; gives the patrol's seat and card, or nil.
function rules.cyber_patrol(game, hacker)
  local n, where, hand_seat = game.players, game.table, game.hand_seat
  local prompt = string.format("seat %d plays a Hacker: stop it with your Cyber Patrol?", hacker)
  for step = 1, n - 1 do
    local seat = (hacker + step - 1) % n + 1
    for _, id in ipairs(IDS_OF[CYBER_PATROL]) do
      if hand_seat[where:where(id)] == seat then
        -- after an edit: yes only while the seat holds a Cyber Patrol still
        local function holds()
          for _, card in ipairs(IDS_OF[CYBER_PATROL]) do
            if hand_seat[where:where(card)] == seat then id = card; return PATROL_ANSWERS end
          end
          return NO_PATROL
        end
        -- (a list of its own: an edit's answers are written into the list asked with)
        if game:ask(seat, "patrol", prompt, { PATROL_ANSWERS[1], PATROL_ANSWERS[2] }, nil, holds) == "patrol yes" then
          return seat, id
        end
        break
      end
    end
  end
end

-- The book's piece, to tell a house rule's from it.
CYBER_PATROL_RULE = rules.cyber_patrol

-- Whether a seat of another side than the hacker's holds a Cyber Patrol.
local function patrol_against(game, hacker)
  local where, hand_seat, side_of = game.table, game.hand_seat, game.side_of
  for _, id in ipairs(IDS_OF[CYBER_PATROL]) do
    local seat = hand_seat[where:where(id)]
    if seat and side_of[seat] ~= side_of[hacker] then return true end
  end
  return false
end

---------------------------------------------------------------- Hacker

-- How an answer names where a card goes: "me", a side's number, "discard".
local function destination_name(own, side)
  if side == 0 then return "discard" end
  return side == own and "me" or tostring(side)
end

-- Whether seat's Hacker would have an option: an own block to move, a row of
-- another player to take from, or a top discard to play.
local function hacker_can_act(game, seat, with_discard)
  local own = game.side_of[seat]
  for side, rows in ipairs(game.rows) do
    if side == own then
      if GROUP[top_kind(rows[ONLINE_ROW])] == "blocking" or GROUP[top_kind(rows[MEMORY_ROW])] == "blocking" then
        return true
      end
    else
      local backed_up = game.backed_up[side]
      for r = 1, #ROWS do
        if not backed_up[r] and rows[r]:count() > 0 then return true end
      end
    end
  end
  if not with_discard then return false end
  local top = game.zones.discard:peek()
  if not top then return false end
  local k = KIND_OF[top]
  if k == HACKER then return false end   -- it could only do what A and B do
  if k == SEARCH then return game.zones.deck:count() > 0 end
  for side = 1, #game.sides do
    if game.rules.can_place(game, seat, k, side, "hand") then return true end
  end
  return false
end

-- The Hacker's options as {text, id, to} (to: a side, 0 for the discard):
-- A. move your own block to another player or the discard;
-- B. take the top card of another player's row to you, another player or
--    the discard;
-- C. take the top discard, to be played at once.
local function hacker_options(game, seat)
  local own, rules_ = game.side_of[seat], game.rules
  local options = {}
  local function add(text, id, to) options[#options + 1] = { text = text, id = id, to = to } end
  for r = ONLINE_ROW, MEMORY_ROW do
    local id = game.rows[own][r]:peek()
    if id and GROUP[KIND_OF[id]] == "blocking" then
      for side = 1, #game.sides do
        if rules_.can_place(game, seat, KIND_OF[id], side, "hacked") then
          add(string.format("move %s to %d", NAME[KIND_OF[id]], side), id, side)
        end
      end
      add(string.format("move %s to discard", NAME[KIND_OF[id]]), id, 0)
    end
  end
  for from = 1, #game.sides do
    if from ~= own then
      for r = 1, #ROWS do
        local id = game.rows[from][r]:peek()
        if id and not game.backed_up[from][r] then
          local k = KIND_OF[id]
          local to_list = { own }
          for side = 1, #game.sides do
            if side ~= own and side ~= from then to_list[#to_list + 1] = side end
          end
          to_list[#to_list + 1] = 0
          for _, to in ipairs(to_list) do
            if to == 0 or rules_.can_place(game, seat, k, to, "hacked") then
              add(string.format("take %d %s to %s", from, NAME[k], destination_name(own, to)), id, to)
            end
          end
        end
      end
    end
  end
  local top = game.zones.discard:peek()
  if top then
    local k = KIND_OF[top]
    if k == HACKER then
      if hacker_can_act(game, seat, false) then add("take discard Hacker", top, nil) end
    elseif k == SEARCH then
      if game.zones.deck:count() > 0 then add("take discard Search", top, nil) end
    else
      local to_list = { own }
      for side = 1, #game.sides do if side ~= own then to_list[#to_list + 1] = side end end
      for _, to in ipairs(to_list) do
        if rules_.can_place(game, seat, k, to, "hand") then
          add(string.format("take discard %s to %s", NAME[k], destination_name(own, to)), top, to)
        end
      end
    end
  end
  return options
end

-- Plays a Hacker (card id, from the hand, the deck or the discard): it is
-- shown, the Cyber Patrols may stop it, else it does one of its options and
-- goes to the discard pile. A stopped hacker's turn ends (game.patrol).
function rules.hacker(game, seat, id)
  local zones = game.zones
  zones.played:insert(id)
  game:say("seat %d: Hacker!", seat)
  -- Under a house rule's cyber_patrol, what the patrols did is public
  -- (state.patrols), for the greedy bot: the Hackers let through while a
  -- seat of another side held a Cyber Patrol, and those stopped. By the book
  -- every other holder is asked, so the bot knows what a patrol does.
  local patrols = game.state.patrols
  local held = patrols and patrol_against(game, seat)
  local patrol, card = game.rules.cyber_patrol(game, seat)
  if patrols then
    if patrol then patrols.stopped = patrols.stopped + 1
    elseif held then patrols.let_through = patrols.let_through + 1 end
  end
  if patrol then
    game:count("hacker stopped by cyber patrol")  -- for simulations (docs/simulation.md)
    zones.discard:insert(id)
    zones.discard:insert(card)
    game.seats:skip(seat)
    game.lost_turns = game.lost_turns + 1
    game.patrol = patrol
    game:say("seat %d stops the Hacker with Cyber Patrol and plays at once; seat %d loses its next turn",
      patrol, seat)
    return
  end
  local options = hacker_options(game, seat)
  if #options > 0 then
    local texts = {}
    for i, o in ipairs(options) do texts[i] = o.text end
    -- after an edit, the options of the table as it is then (if any are left:
    -- else the request keeps its answers, and the one given takes nothing, as
    -- its card is no longer there; it used to be taken from where the edit
    -- had put it, the deck say)
    local gone = false
    local function again()
      local now = hacker_options(game, seat)
      gone = #now == 0
      if gone then return nil end
      options, texts = now, {}
      for i, o in ipairs(now) do texts[i] = o.text end
      return texts
    end
    local _, i = game:ask(seat, "hack", "Hacker: choose the card to hack", texts, game.refusal_of_hack, again)
    local o = options[i]
    local from = game.table:where(o.id)
    local k = KIND_OF[o.id]
    if gone then
      game:say("seat %d's Hacker finds nothing to take: an edit took its cards away", seat)
    elseif o.to == nil then   -- C: a Hacker or Search from the discard, played at once
      if k == HACKER then game.rules.hacker(game, seat, o.id) else game.rules.search(game, seat, o.id, false) end
    else
      lay(game, seat, o.id, o.to)
      if GROUP[k] == "category" then
        for side, rows in ipairs(game.rows) do
          if rows[ROW_OF[k]] == from then update_megabytes(game, side) end
        end
      end
    end
  end
  if zones.played:find(id) then zones.discard:insert(id) end
end

---------------------------------------------------------------- Search

-- Plays a Search (card id): the player looks through the deck for a card to
-- play at once. Found, the Search goes to the discard pile; nothing found, a
-- Search from the hand goes back to it (and not again this turn), one played
-- at once goes to the discard. The deck is shuffled afterwards.
function rules.search(game, seat, id, from_hand)
  local zones = game.zones
  local own = game.side_of[seat]
  zones.played:insert(id)
  local texts, found, to_side
  local function add(text, card, to)
    local n = #texts + 1
    texts[n], found[n], to_side[n] = text, card, to
  end
  -- the offers, made again after an edit from the deck and rows as they are then
  local function offers()
    texts, found, to_side = {}, {}, {}
    local in_deck = {}
    for _, card in ipairs(zones.deck:cards()) do
      local k = KIND_OF[card]
      in_deck[k] = in_deck[k] or card
    end
    for k = 1, NKINDS do
      local card = in_deck[k]
      if card then
        if k == HACKER then
          -- the Hacker acts once the Search lies on the discard pile (taken as
          -- the deck's last card, once the deck is rebuilt from that pile): its
          -- option C could only take the Search back, which would only search
          -- again, so the top discard does not count
          if hacker_can_act(game, seat, false) then add("take Hacker", card, nil) end
        elseif k == SEARCH then
          add("take Search", card, nil)
        else
          for side = 1, #game.sides do
            if game.rules.can_place(game, seat, k, side, "hand") then
              add(string.format("take %s to %s", NAME[k], destination_name(own, side)), card, side)
            end
          end
        end
      end
    end
    texts[#texts + 1] = "nothing"
    return texts
  end
  local _, i = game:ask(seat, "search", "Search: take a card from the deck to play at once", offers(),
    game.refusal_of_search, offers)
  local card = found[i]
  if not card then
    if from_hand then
      zones.hand[seat]:insert(id)
      game.state.searched = true
    else
      zones.discard:insert(id)
    end
    game:shuffle(zones.deck)
    return
  end
  zones.discard:insert(id)
  zones.played:insert(card)
  game:shuffle(zones.deck)
  if zones.deck:count() == 0 then game.rules.reshuffle(game) end
  local k = KIND_OF[card]
  if k == HACKER then
    game.rules.hacker(game, seat, card)
  elseif k == SEARCH then
    game.rules.search(game, seat, card, false)
  else
    lay(game, seat, card, to_side[i])
  end
end

---------------------------------------------------------------- a turn

-- Backup: a complete category row may be turned face down on your turn.
local function add_backups(game, seat, list, n)
  local side = game.side_of[seat]
  if game.ready[side] == 0 then return n end
  local rows, backed_up, goal = game.rows[side], game.backed_up[side], game.state.goal
  for r = FIRST_CATEGORY_ROW, #ROWS do
    if not backed_up[r] and rows[r]:count() >= goal[ROWS[r]] then
      n = n + 1
      list.answers[n], list.act[n], list.kind[n] = BACKUP[r], "backup", r
    end
  end
  return n
end

local function backup(game, seat, r)
  local side = game.side_of[seat]
  for _, id in ipairs(game.rows[side][r]:cards()) do game.table:face(id, false) end
  game.state.backup[side][ROWS[r]] = true
  game.backed_up[side][r] = true
  update_megabytes(game, side)
  -- (under a round limit the game ends anyway, and megabytes still count; a
  -- house rule's own complete without its own can_complete cannot be judged)
  if game.options.round_limit > 0 or not game.judge_stalemate then return end
  for other = 1, #game.sides do
    if game.rules.can_complete(game, other) then return end
  end
  game.stalemate = true
end

local function trim(list, n)
  local answers = list.answers
  for i = #answers, n + 1, -1 do answers[i] = nil end
end

-- Fills game.list with what seat may do with its cards after drawing the 8th:
-- per kind held, in the order of the hand, lay it, block with it, download
-- it, hack or search; then the backups; then discards (more than 7 cards
-- held) or "stop". (The inner loop of every simulation: hand_kinds is written
-- out here, to find the kinds and what they may do in one pass.)
function play_answers(game, seat)
  local list = game.list
  local answers, act, kinds, sides = list.answers, list.act, list.kind, list.side
  local own, rows, fits, nsides = game.side_of[seat], game.rows, game.fits, #game.sides
  local own_rows, can_download = rows[own], game.rules.can_download
  local present, first, seen = game.present, game.first, game.seen
  local stamp = game.stamp + 1
  game.stamp = stamp
  local ids = game.zones.hand[seat]:cards(game.ids)
  local m, n = 0, 0
  for i = 1, #ids do
    local id = ids[i]
    local k = KIND_OF[id]
    if seen[k] ~= stamp then     -- a kind not seen yet in this hand
      seen[k] = stamp
      m = m + 1
      present[m], first[k] = k, id
      local group = GROUP[k]
      if group == "access" then
        local top = own_rows[ROW_OF[k]]:peek()
        if fits[k][top and KIND_OF[top] or 0] then
          n = n + 1
          answers[n], act[n], kinds[n], sides[n] = PLAY[k], "lay", k, own
        end
      elseif group == "blocking" then
        local r = ROW_OF[k]
        for side = 1, nsides do
          local top = side ~= own and rows[side][r]:peek()
          if top ~= false and fits[k][top and KIND_OF[top] or 0] then
            n = n + 1
            answers[n], act[n], kinds[n], sides[n] = BLOCK[side][k], "lay", k, side
          end
        end
      elseif group == "category" then
        if can_download(game, seat, k) then
          n = n + 1
          answers[n], act[n], kinds[n], sides[n] = DOWNLOAD[k], "lay", k, own
        end
      elseif k == HACKER then
        if hacker_can_act(game, seat, true) then
          n = n + 1
          answers[n], act[n], kinds[n] = "hacker", "hacker", k
        end
      elseif k == SEARCH then
        if not game.state.searched and game.zones.deck:count() > 0 then
          n = n + 1
          answers[n], act[n], kinds[n] = "search", "search", k
        end
      end
    end
  end
  if game.ready[own] > 0 then n = add_backups(game, seat, list, n) end
  if #ids > game.rules.hand_size then
    for i = 1, m do
      n = n + 1
      answers[n], act[n], kinds[n] = DISCARD[present[i]], "discard", present[i]
    end
  else
    n = n + 1
    answers[n], act[n] = "stop", "stop"
  end
  for i = #answers, n + 1, -1 do answers[i] = nil end
end

-- A turn's end: at most 7 cards in hand (rules.hand_size),
-- "am Ende deines Zuges". Only a hand an edit made larger holds more then
-- (an exchange draws as many as it laid down, a play ends at 7, a stopped
-- Hacker leaves 7): the player
-- discards down to 7, one card at a time, of its own choice, as a player
-- of the physical game would before passing the turn. The answers, in
-- game.trim: "discard NAME" per kind held while it holds more than 7, else
-- "done" (an edit made while asked may have taken cards away). Gives the
-- answers and the prompt.
function trim_answers(game, seat)
  local answers, kinds = game.trim.answers, game.trim.kind
  local count, size, n = game.zones.hand[seat]:count(), game.rules.hand_size, 1
  if count > size then
    local present, m = hand_kinds(game, seat)
    for i = 1, m do answers[i], kinds[i] = DISCARD[present[i]], present[i] end
    n = m
  else
    answers[1], kinds[1] = "done", false
  end
  for i = #answers, n + 1, -1 do answers[i], kinds[i] = nil, nil end
  return answers, count > size and string.format("you hold %s: discard down to %d", render.count(count), size)
    or string.format("you hold %s: done", render.count(count))
end

-- Asks the seat to discard until it holds at most 7 (nothing asked when it does).
local function discard_to_hand_size(game, seat)
  local hand, size, kinds = game.zones.hand[seat], game.rules.hand_size, game.trim.kind
  while hand:count() > size do
    local answers, prompt = trim_answers(game, seat)
    local _, i = game:ask(seat, "discard", prompt, answers, game.refusal_of_trim, game.refresh_trim)
    local k = kinds[i]
    if not k then return end
    game.zones.discard:insert(game.first[k])
  end
end

-- Option B of a turn: after the 8th card, play cards until "stop" (or a
-- discard, with nothing to play, that leaves 7); at most 7 cards are left.
local function play_cards(game, seat)
  local list, rules_, first = game.list, game.rules, game.first
  while true do
    play_answers(game, seat)
    local _, i = game:ask(seat, "play", "play your cards", list.answers, game.refusal_of_play, game.refresh_play)
    local act, k, side = list.act[i], list.kind[i], list.side[i]
    if act == "stop" then return end
    if act == "discard" then
      game.zones.discard:insert(first[k])
      -- the turn ends with at most 7 cards (more only after an edit)
      if game.zones.hand[seat]:count() <= rules_.hand_size then return end
    elseif act == "lay" then
      lay(game, seat, first[k], side)
    elseif act == "hacker" then
      rules_.hacker(game, seat, first[k])
    elseif act == "search" then
      rules_.search(game, seat, first[k], true)
    elseif act == "backup" then
      backup(game, seat, k)
    end
    if game.winner then return end
    if game.patrol then
      -- a stopped Hacker's turn ends at once, with at most 7 cards too
      return discard_to_hand_size(game, seat)
    end
  end
end

-- Option A of a turn: exchange any number of cards with the deck: they are
-- chosen one by one, then discarded, and as many drawn.
-- The answers of the exchange request, in game.swap: "exchange NAME" per
-- kind in seat's hand, in the order of the hand, then "done" (also made
-- again after an edit, from the hand as it is then).
function exchange_answers(game, seat)
  local answers, kinds = game.swap.answers, game.swap.kind
  local present, m = hand_kinds(game, seat)
  for i = 1, m do answers[i], kinds[i] = EXCHANGE[present[i]], present[i] end
  answers[m + 1], kinds[m + 1] = "done", false
  for i = #answers, m + 2, -1 do answers[i], kinds[i] = nil, nil end
  return answers
end

local function exchange(game, seat)
  local answers, kinds, first, held = exchange_answers(game, seat), game.swap.kind, game.first, game.held
  local chosen = 0
  while true do
    local _, i = game:ask(seat, "exchange", "choose a card to exchange, or done", answers, game.refusal_of_exchange,
      game.refresh_exchange)
    local k = kinds[i]
    if not k then break end
    local id = first[k]
    game.zones.discard:insert(id)
    chosen, held[k] = chosen + 1, held[k] - 1
    if held[k] == 0 then
      table.remove(answers, i)
      table.remove(kinds, i)
    else   -- the next card of that kind down the hand
      local ids, below = game.ids, false
      for j = 1, #ids do
        if below and KIND_OF[ids[j]] == k then first[k] = ids[j]; break end
        below = below or ids[j] == id
      end
    end
  end
  if chosen > 0 then draw(game, seat, chosen) end
  -- one for one: more than 7 only where an edit made the hand larger
  if game.zones.hand[seat]:count() > game.rules.hand_size then discard_to_hand_size(game, seat) end
end

-- The answers at the start of a turn, in game.list: draw, exchange, and
-- the backups the seat's side may make.
function turn_answers(game, seat)
  local list = game.list
  list.answers[1], list.answers[2] = "draw", "exchange"
  trim(list, add_backups(game, seat, list, 2))
  return list.answers
end

-- One turn of seat: refill to 7, then exchange, or draw and play.
function rules.turn(game, seat)
  local state, list = game.state, game.list
  state.downloads, state.searched = 0, false
  local missing = game.rules.hand_size - game.zones.hand[seat]:count()
  -- how many came in, for the table (the cards lie on top of the hand): the
  -- count is public, as the hand's size is
  state.refilled_seat, state.refilled = seat, missing > 0 and draw(game, seat, missing) or 0
  while true do
    local answers = turn_answers(game, seat)
    local answer, i = game:ask(seat, "turn", game.turn_prompt, answers,
      game.refusal_of_turn, game.refresh_turn)
    if answer == "draw" then
      draw(game, seat, 1)
      return play_cards(game, seat)
    elseif answer == "exchange" then
      return exchange(game, seat)
    else
      backup(game, seat, list.kind[i])
    end
  end
end

---------------------------------------------------------------- refusals

-- Why a text that is none of the legal answers is refused, for a person who
-- typed it; the engine lists the legal answers after it. These only word
-- what play_answers and rules.can_download decide, and read the table (the
-- tests give each reason in a scenario, and try near misses of every legal
-- answer in random games); nil where there is nothing to add.

local KIND_LOWER = {}  -- lower-case card name -> kind
for k = 1, NKINDS do KIND_LOWER[NAME[k]:lower()] = k end
local ROW_LOWER = {}   -- lower-case row title -> row number
for r, title in ipairs(ROW_TITLE) do ROW_LOWER[title:lower()] = r end
local NAME_WORDS = {}  -- " extra memory ", " turbo line ": a name's words, for its parts
for k = 1, NKINDS do NAME_WORDS[k] = " " .. NAME[k]:lower():gsub("-", " ") .. " " end

-- The kinds of card a typed name may mean: the one it names (any case), or
-- those it is a part of, a run of their words ('Patrol': Cyber Patrol;
-- 'Memory': Extra Memory and Memory Full).
local function kinds_of(rest)
  local typed = table.concat((explain.words(rest)), " "):lower()
  local k = KIND_LOWER[typed]
  if k then return { k } end
  local found = {}
  if typed == "" then return found end
  local part = " " .. typed:gsub("-", " ") .. " "
  for j = 1, NKINDS do
    if NAME_WORDS[j]:find(part, 1, true) then found[#found + 1] = j end
  end
  return found
end

-- "'Memory' is part of the names Extra Memory and Memory Full: ..."
local function several_named(rest, kinds)
  local names = {}
  for i, k in ipairs(kinds) do names[i] = NAME[k] end
  return string.format("'%s' is part of the names %s: name the card in full", rest, render.spoken(names, "and"))
end

-- The kind of card a typed name gives: the name, or a unique part of one;
-- else nil and why (and true where the text is a part of several names).
local function kind_of(rest)
  local kinds = kinds_of(rest)
  if #kinds == 1 then return kinds[1] end
  if #kinds > 1 then return nil, several_named(rest, kinds), true end
  return nil, string.format("no card is named '%s'", rest)
end

-- An explainer that first names the answer that a unique part of a card's
-- name stands for (explain.first_meant).
function meant(explainer) return explain.first_meant(explainer, NAME) end

local function shows(zone)
  local id = zone:peek()
  return id and "shows " .. NAME[KIND_OF[id]] or "is empty"
end

-- "Online goes on an empty row, Under Construction, Password ok or Antivirus"
local function goes_on(game, k)
  local tops = {}
  for i, top in ipairs(game.rules.lays_on[NAME[k]] or {}) do tops[i] = top == "nothing" and "an empty row" or top end
  if #tops == 0 then return NAME[k] .. " goes on no card under these rules" end
  return string.format("%s goes on %s", NAME[k], render.spoken(tops, "or"))
end

local function held(game, seat, k)
  for _, id in ipairs(game.zones.hand[seat]:cards()) do
    if KIND_OF[id] == k then return true end
  end
  return false
end

-- Why seat cannot download a file of kind k now, by the rule book's
-- rules.can_download (a house rule's own reasons are not known: nil).
local function why_no_download(game, seat, k)
  local side = game.side_of[seat]
  local rows = game.rows[side]
  if game.backed_up[side][ROW_OF[k]] then return string.format("your %s row is backed up", NAME[k]) end
  local limit = download_limit(game, side)
  if limit == 0 then return "you are not online: your Online row " .. shows(rows[ONLINE_ROW]) end
  if game.state.downloads >= limit then
    return string.format("you have made %s this turn, all that your %s allows",
      render.count(game.state.downloads, "download"), NAME[top_kind(rows[ONLINE_ROW])])
  end
  if memory_blocked(game, side) then
    return string.format("your Extra Memory is blocked (%s): a blocked player downloads no file",
      shows(rows[MEMORY_ROW]))
  end
  if LARGE[k] and not has_memory(game, side) then
    return string.format("%s is a large file and needs a free Extra Memory: your Extra Memory row %s",
      NAME[k], shows(rows[MEMORY_ROW]))
  end
  -- the book allows it: a house rule's can_download does not (its reasons are its own)
  if game:uncounted(game.rules.can_download) ~= CAN_DOWNLOAD and not game.rules.can_download(game, seat, k) then
    return string.format("the house rules allow no %s download now (rules.can_download)", NAME[k])
  end
  return nil
end

-- Why card kind k, from seat's hand (or the deck, for a Search), cannot be
-- laid on side's rows, by the rule book: a file goes on your own rows, a
-- block on another player's, an access card on your own, each on a card it
-- goes on. nil where the book's reasons do not apply.
local function why_not_laid(game, seat, k, side)
  local own, group, row = game.side_of[seat], GROUP[k], ROW_OF[k]
  if group == "category" then
    if side ~= own then return "a file is downloaded to your own rows" end
    return why_no_download(game, seat, k)
  elseif group == "blocking" then
    if side == own then return "you do not block your own rows" end
    return string.format("%s; the %s row of seat %d %s", goes_on(game, k), ROW_TITLE[row], side,
      shows(game.rows[side][row]))
  elseif group == "access" then
    if side ~= own then return NAME[k] .. " is no blocking card: it goes on your own row" end
    return string.format("%s; your %s row %s", goes_on(game, k), ROW_TITLE[row], shows(game.rows[own][row]))
  end
end

-- The words that mean "my turn is over" ("end turn" too), where 'stop' is
-- the answer.
local ENDS_TURN = { pass = true, done = true, ["end"] = true, skip = true, finish = true, finished = true, no = true }

-- A card's name typed alone at the play request ('Online'): the answers
-- that play it, as it may be played or discarded (answers: the legal list);
-- or why none does, as its verb would be told. nil for no card's name.
local function why_not_bare(game, text, seat, answers)
  local kinds = kinds_of(text)
  if #kinds == 0 then return nil end
  -- the answers of the cards it may mean ('Memory' with an Extra Memory held)
  local said, meant_kinds = {}, {}
  for _, j in ipairs(kinds) do
    local tail, n = " " .. NAME[j], #said
    for _, answer in ipairs(answers or {}) do
      if answer:sub(-#tail) == tail then said[#said + 1] = "'" .. answer .. "'" end
    end
    if #said > n then meant_kinds[#meant_kinds + 1] = j end
  end
  if #meant_kinds == 1 then return "say " .. render.spoken(said, "or") end
  if #meant_kinds > 1 then return several_named(text, meant_kinds) end
  if #kinds > 1 then return several_named(text, kinds) end
  local k = kinds[1]
  if not held(game, seat, k) then return "your hand holds no " .. NAME[k] end
  local group = GROUP[k]
  if group == "blocking" then
    return string.format("%s blocks another player's row, and no row takes it now: %s", NAME[k], goes_on(game, k))
  end
  local verb = group == "category" and "download" or (k == HACKER or k == SEARCH) and NAME[k]:lower() or "play"
  return refusal_of_play(game, verb .. " " .. NAME[k], seat)
end

-- The "play" request (play_answers): play, block, download, hacker, search,
-- backup, discard, stop.
function refusal_of_play(game, text, seat, answers)
  local words, verb = explain.words(text)
  if not verb then return nil end
  local rest = table.concat(words, " ", 2)
  local own, size = game.side_of[seat], game.rules.hand_size
  local hand_count = game.zones.hand[seat]:count()
  if ENDS_TURN[verb] and (not words[2] or verb == "end") then
    -- the book's turn ends with "Stopp!"; with 8 cards, by a discard
    if hand_count <= size then return "say 'stop': it ends your turn" end
    verb = "stop"
  end
  if verb == "stop" then
    if hand_count > size + 1 then  -- only after an edit
      return string.format("you hold %s: play or discard cards until you hold %d", render.count(hand_count), size)
    end
    return string.format("you hold %s: discard one to end your turn with at most %d", render.count(hand_count), size)
  elseif verb == "backup" then
    local r = ROW_LOWER[rest:lower()]
    if not r or r < FIRST_CATEGORY_ROW then return "back up a file row: E-Mail, Music, Movie or Game" end
    if game.backed_up[own][r] then return string.format("your %s row is backed up already", ROW_TITLE[r]) end
    return string.format("your %s row holds %d of the %d files it needs", ROW_TITLE[r],
      game.rows[own][r]:count(), game.state.goal[ROWS[r]])
  elseif verb == "hacker" or verb == "search" then
    local k = verb == "hacker" and HACKER or SEARCH
    if not held(game, seat, k) then return "your hand holds no " .. NAME[k] end
    if k == HACKER then return "there is nothing a Hacker could take now" end
    if game.zones.deck:count() == 0 then return "the deck is empty" end
    return "your Search found nothing this turn; it may not search again"
  elseif verb ~= "play" and verb ~= "download" and verb ~= "block" and verb ~= "discard" then
    return why_not_bare(game, text, seat, answers)
  end
  -- the verbs that name a card (block also a player first)
  local target
  if verb == "block" then
    -- the seat as the answers write it: a word of digits, no leading zero
    local number = words[2]
    if not number or not number:match("^%d+$") then
      return "name the seat to block, then the card, e.g. 'block 2 Virus'"
    end
    target = math.tointeger(tonumber(number))
    if not target or number:match("^0") then return string.format("there is no seat %s", number) end
    rest = table.concat(words, " ", 3)
  end
  if rest == "" then return string.format("name the card, e.g. '%s'", verb == "block" and "block 2 Virus"
    or verb == "download" and "download E-Mail" or verb .. " Online") end
  local k, why = kind_of(rest)
  if not k then return why end
  if not held(game, seat, k) then return "your hand holds no " .. NAME[k] end
  if verb == "discard" then
    return string.format("you hold %s, no more than %d: 'stop' ends your turn", render.count(hand_count), size)
  end
  local group = GROUP[k]
  if k == CYBER_PATROL then return "a Cyber Patrol is played only when another player plays a Hacker" end
  if group == "power" then return string.format("play it with '%s'", NAME[k]:lower()) end
  if group == "category" then
    if verb ~= "download" then return string.format("a file is downloaded: 'download %s'", NAME[k]) end
    return why_no_download(game, seat, k)
  end
  if verb == "download" then return NAME[k] .. " is no file" end
  if group == "blocking" then
    if verb ~= "block" then return string.format("%s blocks another player's row: 'block 2 %s'", NAME[k], NAME[k]) end
    if target < 1 or target > game.players then return string.format("there is no seat %d", target) end
    local side = game.side_of[target]   -- 'block 2' names the rows of seat 2 and its team
    if side == own then return "you do not block your own rows" end
    if side ~= target then
      return string.format("seat %d plays in the team of seat %d: 'block %d %s'", target, side, side, NAME[k])
    end
    return why_not_laid(game, seat, k, side)
  end
  -- an access card, laid on your own row
  if verb == "block" then return NAME[k] .. " is no blocking card: it goes on your own row" end
  return why_not_laid(game, seat, k, own)
end

-- The "turn" request: draw or exchange (or back up) before anything is played.
function refusal_of_turn(game, text)
  local _, verb = explain.words(text)
  if verb == "play" or verb == "download" or verb == "block" or verb == "hacker" or verb == "search"
      or verb == "discard" or verb == "stop" then
    return "first draw " .. game.extra_card .. " ('draw'), then play; or exchange cards ('exchange')"
  end
  -- the book's option A with no card is the only pass there is
  if ENDS_TURN[verb] then return "to pass, exchange no card: 'exchange', then 'done'" end
end

-- The kind of card a text names from word i on, or nil and why not
-- (`example`: an answer to name in the reason).
local function kind_named(words, i, last, example)
  local rest = table.concat(words, " ", i, last)
  if rest == "" then return nil, string.format("name the card, e.g. '%s'", example) end
  return kind_of(rest)
end

-- The "exchange" request: a card of the hand, one at a time, then done.
function refusal_of_exchange(game, text, seat)
  local words, verb = explain.words(text)
  if verb == "exchange" or verb == "discard" then
    local top = game.zones.hand[seat]:peek()   -- every card of the hand is offered
    if not top then return "your hand holds no card to exchange: 'done'" end
    local k, why = kind_named(words, 2, #words, EXCHANGE[KIND_OF[top]])
    if not k then return why end
    if not held(game, seat, k) then return "your hand holds no " .. NAME[k] end
    if verb == "discard" then return string.format("say 'exchange %s'", NAME[k]) end
  elseif verb == "draw" or verb == "play" or verb == "download" or verb == "block" or verb == "stop" then
    return "you chose to exchange, which ends your turn: choose the cards one at a time, then 'done'"
  end
end

-- The "discard" request at a turn's end (a hand an edit made larger than 7).
function refusal_of_trim(game, text, seat)
  local words, verb = explain.words(text)
  local count, size = game.zones.hand[seat]:count(), game.rules.hand_size
  if verb == "discard" or verb == "exchange" then
    if count <= size then return string.format("you hold %s: 'done'", render.count(count)) end
    local top = game.zones.hand[seat]:peek()
    local k, why = kind_named(words, 2, #words, DISCARD[KIND_OF[top]])
    if not k then return why end
    if not held(game, seat, k) then return "your hand holds no " .. NAME[k] end
    if verb == "exchange" then return string.format("say 'discard %s'", NAME[k]) end
  elseif verb then
    if count <= size then return nil end
    return string.format("your turn is over and ends with at most %d cards: you hold %s, discard %d more",
      size, render.count(count), count - size)
  end
end

-- The "unblock" request (game.lifting: the block) and the "connect" request
-- after it (game.lifting false): an access card that lifts the block, then
-- one that goes online.
function refusal_of_lift(game, text, seat)
  local words, verb = explain.words(text)
  if verb ~= "play" then return nil end
  local block = game.lifting
  local example = "play Online"
  if block then   -- the first access card that lifts it
    for j = 1, NKINDS do
      if GROUP[j] == "access" and game.fits[j][block] then example = PLAY[j]; break end
    end
  end
  local k, why = kind_named(words, 2, #words, example)
  if not k then return why end
  if not held(game, seat, k) then return "your hand holds no " .. NAME[k] end
  if block then
    if GROUP[k] ~= "access" then
      return string.format("a block is lifted with an access card, and %s is none", NAME[k])
    end
    return string.format("%s does not lift %s: %s", NAME[k], NAME[block], goes_on(game, k))
  end
  if SPEED[k] == 0 then return "at once only an Online or Turbo-Line goes online again" end
  return string.format("%s; your Online row %s", goes_on(game, k), shows(game.rows[game.side_of[seat]][ONLINE_ROW]))
end

-- The Search's first answer for card kind k ("take Virus to 2"), or nil
-- where it offers none.
local function first_take(game, seat, k)
  local own = game.side_of[seat]
  for side = 1, #game.sides do
    if game.rules.can_place(game, seat, k, side, "hand") then
      return string.format("take %s to %s", NAME[k], destination_name(own, side))
    end
  end
end

-- The "search" request: take a card of the deck, to be played at once
-- ("take Virus to 2", "take Hacker"), or nothing. A seat is named by its
-- number, "seat 2" too, or "me".
function refusal_of_search(game, text, seat)
  local words, verb = explain.words(text)
  if verb ~= "take" then return nil end
  local to
  for j = #words, 3, -1 do
    if words[j]:lower() == "to" then to = j; break end
  end
  local k, why = kind_named(words, 2, (to or #words + 1) - 1, "take Online to me")
  if not k then return why end
  local in_deck = false
  for _, id in ipairs(game.zones.deck:cards()) do
    if KIND_OF[id] == k then in_deck = true; break end
  end
  if not in_deck then return "the deck holds no " .. NAME[k] end
  if k == CYBER_PATROL then return "a Cyber Patrol is played only when another player plays a Hacker" end
  if k == HACKER or k == SEARCH then
    if to then return string.format("a %s is played at once, on no row: 'take %s'", NAME[k], NAME[k]) end
    if k == HACKER then return "there is nothing a Hacker could take now" end
    return nil
  end
  local own, first = game.side_of[seat], first_take(game, seat, k)
  local dest = to and table.concat(words, " ", to + 1):lower() or ""
  dest = dest:match("^seat%s*(%d.*)$") or dest == "seat" and "" or dest   -- "seat 2" is "2"
  if dest == "" then
    if first then return string.format("name where it goes, e.g. '%s'", first) end
    -- a file or an access card from the deck goes on your own rows only
    return GROUP[k] ~= "blocking" and why_not_laid(game, seat, k, own)
      or string.format("no row takes the %s now", NAME[k])
  end
  -- side: whose rows; note: how the typed seat differs from the answer's name
  local side, note
  if dest == "me" then
    side = own
  else
    local n = dest:match("^[1-9]%d*$") and math.tointeger(tonumber(dest))
    if not n or n > game.players then return string.format("there is no seat %s", dest) end
    side = game.side_of[n]
    if side == own then
      note = n ~= seat and string.format("seat %d plays in your team", n) or nil
    elseif side ~= n then
      note = string.format("seat %d plays in the team of seat %d", n, side)
    end
  end
  local answer = string.format("take %s to %s", NAME[k], destination_name(own, side))
  if game.rules.can_place(game, seat, k, side, "hand") then
    return string.format("%ssay '%s'", note and note .. ": " or "", answer)
  end
  if GROUP[k] == "blocking" and side == own then
    why = string.format("a blocking card goes on an opponent's rows%s", first and ", as in '" .. first .. "'" or "")
  else
    why = why_not_laid(game, seat, k, side)
  end
  if note and why then return note .. "; " .. why end
  return why
end

local first_with = explain.first_with

local function is_answer(answers, text)
  for _, answer in ipairs(answers) do
    if answer == text then return true end
  end
  return false
end

-- A note and a reason as one ("seat 4 plays in the team of seat 2; ...").
local function noted(note, why)
  if note and why then return note .. (why:match("^say ") and ": " or "; ") .. why end
  return why or note
end

-- Where a hacked card goes, as typed from word j on ('me', '3', 'seat 3',
-- 'discard'): the side (0 for the discard pile), and a note where the typed
-- seat plays in a team; or nil and why not.
local function hack_destination(game, seat, words, j)
  local dest = table.concat(words, " ", j):lower()
  dest = dest:match("^seat%s*(%d.*)$") or dest
  local own = game.side_of[seat]
  if dest == "discard" then return 0 end
  if dest == "me" then return own end
  local n = dest:match("^[1-9]%d*$") and math.tointeger(tonumber(dest))
  if not n or n > game.players then
    return nil, string.format("there is no seat %s: the card goes to 'me', a seat's number or 'discard'", dest)
  end
  local side = game.side_of[n]
  if side == own then return side, n ~= seat and string.format("seat %d plays in your team", n) or nil end
  return side, side ~= n and string.format("seat %d plays in the team of seat %d", n, side) or nil
end

-- Why a card of kind k that a Hacker took from a row may not go to side's
-- rows, by the book (rules.can_place, "hacked"): a file to you as a
-- download, to another player only by a hacker who is online; a block on
-- another player's card it goes on; an access card on a card it goes on.
local function why_not_hacked_to(game, seat, k, side)
  local own, group, r = game.side_of[seat], GROUP[k], ROW_OF[k]
  local whose = side == own and "your " .. ROW_TITLE[r] .. " row"
    or string.format("the %s row of seat %d", ROW_TITLE[r], side)
  if group == "category" then
    if side == own then return why_no_download(game, seat, k) end
    if download_limit(game, own) == 0 then
      return "a hacker who is not online may only throw another player's file on the discard pile"
    end
    if game.backed_up[side][r] then return whose .. " is backed up" end
    if download_limit(game, side) == 0 then
      return string.format("seat %d is not online: its Online row %s", side, shows(game.rows[side][ONLINE_ROW]))
    end
    if memory_blocked(game, side) then return string.format("the Extra Memory of seat %d is blocked", side) end
    if LARGE[k] and not has_memory(game, side) then
      return string.format("%s is a large file and needs a free Extra Memory: the Extra Memory row of seat %d %s",
        NAME[k], side, shows(game.rows[side][MEMORY_ROW]))
    end
    return nil
  end
  if group == "blocking" and side == own then return "you do not block your own rows" end
  return string.format("%s; %s %s", goes_on(game, k), whose, shows(game.rows[side][r]))
end

-- The words after which a typed answer says where the card goes: the last
-- "to" from word 3 on, or nil.
local function to_at(words)
  for j = #words, 3, -1 do
    if words[j]:lower() == "to" then return j end
  end
end

local HACK_LATER = { play = true, download = true, block = true, hacker = true, search = true, backup = true,
                     stop = true, draw = true, exchange = true, discard = true }
local HACK_NONE = { no = true, none = true, nothing = true, skip = true, pass = true, done = true, cancel = true }
local HACK_OPTIONS = "move a block of your rows, take the top card of another player's row, or the discard pile's"

-- The "hack" request (hacker_options; answers: the legal list): A. move
-- your own block ('move Virus to 2'), B. take the top card of another
-- player's row to you, another player or the discard pile ('take 2 Music
-- to me'), C. take the discard pile's top card, to be played at once ('take
-- discard Antivirus to me', 'take discard Hacker').
function refusal_of_hack(game, text, seat, answers)
  local words, verb = explain.words(text)
  if not verb or not answers then return nil end
  local own = game.side_of[seat]
  local to = to_at(words)
  local last = (to or #words + 1) - 1
  if HACK_NONE[verb] and not words[2] then
    return string.format("a Hacker, once played, hacks one card: %s top card, as in '%s'", HACK_OPTIONS, answers[1])
  elseif HACK_LATER[verb] then
    return string.format("first your Hacker hacks one card (%s top card, as in '%s'); then your turn goes on",
      HACK_OPTIONS, answers[1])
  elseif verb == "move" then   -- A
    local example = first_with(answers, "move ")
    if not example then
      return string.format("no block lies on your rows: the Hacker takes a card, as in '%s'", answers[1])
    end
    local k, why = kind_named(words, 2, last, example)
    if not k then return why end
    local r = ROW_OF[k]
    if GROUP[k] ~= "blocking" then
      return string.format("the Hacker moves a block from your own rows, as in '%s'; %s is none", example, NAME[k])
    end
    if top_kind(game.rows[own][r]) ~= k then
      return string.format("your %s row %s: the Hacker moves a block on top of your rows, as in '%s'", ROW_TITLE[r],
        shows(game.rows[own][r]), example)
    end
    local ex = first_with(answers, ("move " .. NAME[k] .. " to "):lower())
    if not to or not words[to + 1] then return string.format("name where it goes, as in '%s'", ex) end
    local side, note = hack_destination(game, seat, words, to + 1)
    if not side then return note end
    if side == own then return string.format("your block goes to another player or the discard pile, as in '%s'", ex) end
    local answer = string.format("move %s to %s", NAME[k], destination_name(own, side))
    if is_answer(answers, answer) then return noted(note, string.format("say '%s'", answer)) end
    return noted(note, why_not_hacked_to(game, seat, k, side))
  elseif verb ~= "take" then
    -- a card's name alone ('Music'): the answers that hack it
    local k, why, several = kind_of(text)
    if not k then return several and why or nil end
    for _, answer in ipairs(answers) do
      local card = answer:match("^take %d+ (.-) to ") or answer:match("^move (.-) to ") or answer:match("^take discard (.-) to ")
        or answer:match("^take discard (.+)$")
      if card == NAME[k] then return string.format("say where it comes from and where it goes, as in '%s'", answer) end
    end
    return string.format("no %s lies where a Hacker may take it: %s top card", NAME[k], HACK_OPTIONS)
  end
  local second = words[2] and words[2]:lower()
  local example = first_with(answers, "take ")
  if not example then
    return string.format("there is no card a Hacker may take now: it moves a block of your rows, as in '%s'", answers[1])
  end
  if not second or second == "to" or second == "me" then
    return string.format("name whose row the card is taken from (a seat, or 'discard'), the card, then where it goes, "
      .. "as in '%s'", example)
  end
  if second == "discard" then   -- C
    local top = game.zones.discard:peek()
    if not top then return "the discard pile is empty" end
    local tk = KIND_OF[top]
    local from_discard = first_with(answers, "take discard ")
    if not words[3] or words[3]:lower() == "to" then
      if from_discard then return string.format("name its top card, as in '%s'", from_discard) end
    else
      local k, why = kind_named(words, 3, last, "take discard " .. NAME[tk])
      if not k then return why end
      if k ~= tk then return string.format("only the discard pile's top card may be taken: it is %s", NAME[tk]) end
    end
    if tk == HACKER or tk == SEARCH then
      if from_discard then return string.format("a %s is played at once, on no row: say '%s'", NAME[tk], from_discard) end
      return tk == HACKER and "a Hacker from the discard pile would find nothing to take"
        or "the deck is empty: a Search from the discard pile would find nothing"
    end
    if not from_discard then
      local why = GROUP[tk] ~= "blocking" and why_not_laid(game, seat, tk, own)
      return string.format("no row takes the discard pile's %s now%s", NAME[tk], why and ": " .. why or "")
    end
    if not to or not words[to + 1] then return string.format("name where it goes, as in '%s'", from_discard) end
    local side, note = hack_destination(game, seat, words, to + 1)
    if not side then return note end
    if side == 0 then
      return string.format("a card taken from the discard pile is played at once, as in '%s'", from_discard)
    end
    local answer = string.format("take discard %s to %s", NAME[tk], destination_name(own, side))
    if is_answer(answers, answer) then return noted(note, string.format("say '%s'", answer)) end
    if GROUP[tk] == "blocking" and side == own then
      return noted(note, string.format("a blocking card goes on an opponent's rows, as in '%s'", from_discard))
    end
    return noted(note, why_not_laid(game, seat, tk, side))
  end
  -- B: take N CARD to WHERE
  local n = second:match("^[1-9]%d*$") and math.tointeger(tonumber(second))
  if not n then
    local k = kind_of(table.concat(words, " ", 2, last))
    if k then   -- 'take Virus to 3': the seat left out
      for _, answer in ipairs(answers) do
        if answer:match("^take %d+ (.-) to ") == NAME[k] then
          return string.format("name the seat whose row it lies on, as in '%s'", answer)
        end
      end
      return string.format("no row of another player shows %s on top: a Hacker takes a row's top card", NAME[k])
    end
    return string.format("name whose row the card is taken from (a seat, or 'discard'), as in '%s'", example)
  end
  if n > game.players then return string.format("there is no seat %d", n) end
  local from = game.side_of[n]
  if from == own then
    local move = first_with(answers, "move ")
    return string.format("the Hacker takes a card of another player's rows%s", move
      and string.format("; a block on your own rows is moved, as in '%s'", move) or "")
  end
  local team = from ~= n and string.format("seat %d plays in the team of seat %d", n, from) or nil
  local prefix = string.format("take %d ", from)
  local from_rows = first_with(answers, prefix)
  if not from_rows then
    return noted(team, string.format("no row of seat %d has a card a Hacker may take: each is empty or backed up", from))
  end
  if not words[3] or words[3]:lower() == "to" then
    return noted(team, string.format("name the top card of one of its rows, as in '%s'", from_rows))
  end
  local k, why = kind_named(words, 3, last, from_rows)
  if not k then return why end
  local r = ROW_OF[k]
  local row = game.rows[from][r]
  if r and game.backed_up[from][r] then return string.format("the %s row of seat %d is backed up", ROW_TITLE[r], from) end
  if not r or top_kind(row) ~= k then
    return string.format("%s: a Hacker takes a row's top card, as in '%s'", r and string.format("the %s row of seat %d %s",
      ROW_TITLE[r], from, shows(row)) or NAME[k] .. " lies on no row", from_rows)
  end
  local ex = first_with(answers, (prefix .. NAME[k] .. " to "):lower())
  if not to or not words[to + 1] then return noted(team, string.format("name where it goes, as in '%s'", ex)) end
  local side, note = hack_destination(game, seat, words, to + 1)
  if not side then return note end
  if side == from then
    return string.format("it goes to you, another player or the discard pile, not back to seat %d, as in '%s'", from, ex)
  end
  local answer = string.format("take %d %s to %s", from, NAME[k], destination_name(own, side))
  if is_answer(answers, answer) then return noted(team or note, string.format("say '%s'", answer)) end
  return noted(note, why_not_hacked_to(game, seat, k, side))
end

---------------------------------------------------------------- turn order

-- Moves the runtime's turn to seat, the round counter rising once if
-- new_round. cl.Seats counts a round whenever the turn lands on the start
-- player; our order may repeat a seat (1 2 3 4 5 3), so the marker is moved
-- out of the way, or onto the target, for the jump.
local function give_turn(game, seat, new_round)
  local seats = game.seats
  local from, start, n = seats:current(), seats:start(), game.players
  local lands = false
  if seat ~= from then
    local ahead = (start - from) % n
    lands = ahead ~= 0 and ahead <= (seat - from) % n
  end
  if lands == new_round then
    seats:jump(seat)
    return
  end
  if seat == from then        -- once round the table, through the neighbour
    seats:set_start(seat)
    seats:jump(seats:after(seat))
    seats:jump(seat)
  else
    seats:set_start(new_round and seat or from)
    seats:jump(seat)
  end
  seats:set_start(start)
end

-- Where the turn is in the order: at game.pos, unless the turn was moved by
-- hand. The edit "turn SEAT" moves it to the seat before SEAT round the
-- table, for SEAT to play next: the place before SEAT's (where the current
-- seat sits, if it does: seat 3 of five plays twice a round, 1 2 3 4 5 3).
local function position(game)
  local order, current = game.order, game.seats:current()
  if order[game.pos] == current then return game.pos end
  local seat, n, before = game.seats:after(current), #order, nil
  for pos = 1, n do
    if order[pos % n + 1] == seat then
      if order[pos] == current then return pos end
      before = before or pos
    end
  end
  return before
end

-- The next turn in the order, passing over seats that lose a turn; gives
-- the seat.
local function next_turn(game)
  local order, seats = game.order, game.seats
  if game.lost_turns == 0 and game.plain_order then
    local seat = seats:next()   -- round the table: the runtime does it all
    game.pos = seat
    return seat
  end
  local pos, new_round = position(game), false
  while true do
    pos = pos + 1
    if pos > #order then pos, new_round = 1, true end
    local seat = order[pos]
    if seats:skips(seat) == 0 then break end
    seats:skip(seat, -1)
    game.lost_turns = game.lost_turns - 1
    game:say("seat %d loses this turn", seat)
  end
  game.pos = pos
  give_turn(game, order[pos], new_round)
  return order[pos]
end

-- The turn goes at once to the patrol's seat, at its next place in the order.
local function patrol_turn(game, seat)
  local order = game.order
  local pos, new_round = position(game), false
  repeat
    pos = pos + 1
    if pos > #order then pos, new_round = 1, true end
  until order[pos] == seat
  game.pos = pos
  give_turn(game, seat, new_round)
  return seat
end

---------------------------------------------------------------- the game

local function side_name(game, side)
  local seats = game.sides[side]
  if #seats == 1 then return string.format("seat %d", seats[1]) end
  local list = {}
  for i, s in ipairs(seats) do list[i] = tostring(s) end
  return string.format("team %d (seats %s)", side, table.concat(list, ", "))
end

local function result(game, winning_sides, reason)
  local scores, winners = {}, {}
  for side = 1, #game.sides do update_megabytes(game, side) end
  for seat = 1, game.players do scores[seat] = game.state.megabytes[game.side_of[seat]] end
  for _, side in ipairs(winning_sides) do
    for _, seat in ipairs(game.sides[side]) do winners[#winners + 1] = seat end
  end
  table.sort(winners)
  return score.result(winners, scores, reason)
end

function online.play(game)
  local rules_, seats, limit = game.rules, game.seats, game.options.round_limit
  local seat = seats:current()
  while true do
    game.patrol = nil
    rules_.turn(game, seat)
    if game.winner then
      return result(game, { game.winner },
        string.format("%s downloaded every category", side_name(game, game.winner)))
    end
    if game.stalemate then
      return result(game, score.winners(game.state.megabytes), "no player or team can complete its set "
        .. "any more (the files it lacks lie in backed-up rows): the most megabytes win")
    end
    if game.patrol then seat = patrol_turn(game, game.patrol) else seat = next_turn(game) end
    if limit > 0 and seats:round() > limit then
      for side = 1, #game.sides do update_megabytes(game, side) end
      local stopped = result(game, score.winners(game.state.megabytes),
        string.format("%d %s played: the most megabytes win", limit, limit == 1 and "round" or "rounds"))
      stopped.limit = true  -- for simulations: counted apart
      return stopped
    end
  end
end

-- Each seat's standing during the game, for a simulation's lead changes and
-- drama: its side's megabytes, as the round limit judges them (a side is a
-- team of the seats).
online.standings = { state = "megabytes", team = true }

-- The seats of each side, and the start player (the order of the turns, set
-- at the start), are the game's for its whole length.
online.fixed_state = { "sides", "start_player" }

-- The game's own edit: a backup made by hand (a position for a scenario or
-- the REPL). The row's cards turn face down and the rules' copy of the
-- backups (game.backed_up, by row number) follows, so `state backup[N]...`
-- alone, which would leave that copy behind, is refused.
online.edits = {
  backup = {
    args = "SEAT ROW", min_args = 2,
    doc = "turns the file row ROW (E-Mail, Music, Movie or Game) of the seat's player or team face down, "
      .. "as the answer 'backup ROW' does on its turn; the row need not hold its goal",
    keeps = { state = { "backup" } },
    apply = function(game, seat_text, row_text, ...)
      local seat = math.tointeger(tonumber(seat_text))
      local side = seat and game.side_of[seat]
      if not side then
        return nil, string.format("there are seats 1 to %d (got '%s')", game.players, seat_text)
      end
      local title = table.concat({ row_text, ... }, " ")
      local r = ROW_LOWER[title:lower()]
      if not r or r < FIRST_CATEGORY_ROW then
        return nil, string.format("'%s' is not a file row: expected E-Mail, Music, Movie or Game", title)
      end
      if game.backed_up[side][r] then
        return nil, string.format("the %s row of seat %d is backed up already", ROW_TITLE[r], seat)
      end
      backup(game, seat, r)
      return true
    end,
  },
}

-- The megabytes, a set that wins, which cards a row may hold and how they
-- lie follow the rows, so an edit (a card moved by hand, a goal set) that
-- leaves the table where no play could lead is refused with what to do
-- instead; what the edit made possible (a backup, fewer megabytes) is
-- counted anew. (Run after every edit, never in a simulation.)
function online.edited(game)
  local state, where = game.state, game.table
  for side = 1, #game.sides do
    local whose = side_name(game, side)
    if state.megabytes[side] ~= game.counted[side] then
      error(string.format("the megabytes of %s are counted from its file rows (E-Mail %d, Music %d, "
        .. "Game %d, Movie %d each): move files to change them", whose, MEGABYTES[CATEGORY_OF_ROW[3]],
        MEGABYTES[CATEGORY_OF_ROW[4]], MEGABYTES[CATEGORY_OF_ROW[6]], MEGABYTES[CATEGORY_OF_ROW[5]]), 0)
    end
    for r, zone in ipairs(game.rows[side]) do
      local backed_up = game.backed_up[side][r]
      for _, id in ipairs(zone:cards()) do
        local k = KIND_OF[id]
        if ROW_OF[k] ~= r then
          error(string.format("%s does not go in %s %s row: %s", NAME[k], ROW_TITLE[r]:match("^[AEIOU]") and "an" or "a",
            ROW_TITLE[r], ROW_OF[k] and "its row is the " .. ROW_TITLE[ROW_OF[k]] .. " row"
              or "it is played, not laid in a row"), 0)
        end
        if where:face(id) == (backed_up or false) then
          error(backed_up and string.format("the %s row of %s is backed up and lies face down: move files "
              .. "into it before backing it up (backup SEAT ROW), not after", ROW_TITLE[r], whose)
            or string.format("the %s row of %s lies face up: only a backed-up file row lies face down "
              .. "(backup SEAT ROW)", ROW_TITLE[r], whose), 0)
        end
      end
    end
    update_megabytes(game, side)
  end
  -- the hands, the discard pile and a card being played lie face up (a card
  -- face down in a hand would be hidden from its holder, who may play it)
  local open = { game.zones.discard, game.zones.played }
  for _, hand in ipairs(game.zones.hand) do open[#open + 1] = hand end
  for _, zone in ipairs(open) do
    for _, id in ipairs(zone:cards()) do
      if not where:face(id) then
        error(string.format("the cards of %s lie face up: only a backed-up file row lies face down", zone:name()), 0)
      end
    end
  end
  -- (a set an edit completes is kept: the rules look for a complete set when
  -- a file is laid on its rows, so its next download ends the game; a
  -- scenario may build a won position that way)
end

---------------------------------------------------------------- the table at a glance

local function row_text(zone, deck)
  if zone.count == 0 then return "-" end
  local top = zone.cards and zone.cards[1]
  if not top or top == 0 then return render.count(zone.count) .. " face down" end
  return zone.count == 1 and deck[top].name or string.format("%s (%d)", deck[top].name, zone.count)
end

-- What `cardlab play` shows a seat: deck, discard, every side's rows, hands.
function online.describe(view, deck)
  local state, zones = view.state, view.zones
  local discard = zones.discard
  local lines = {
    string.format("round %d, seat %d to play. deck: %s. discard: %s", view.round, view.current,
      render.count(zones.deck.count),
      discard.count == 0 and "empty" or string.format("%s on top (%s)", deck[discard.cards[1]].name,
        render.count(discard.count))),
  }
  for side, seats in ipairs(state.sides) do
    local names = {}
    for i, s in ipairs(seats) do names[i] = (s == view.seat) and s .. " (you)" or tostring(s) end
    local who = #seats == 1 and "seat " .. names[1]
      or string.format("team %d, seats %s", side, table.concat(names, " + "))
    local files = {}
    for r = FIRST_CATEGORY_ROW, #ROWS do
      local z = zones[string.format("%s[%d]", ROWS[r], side)]
      files[#files + 1] = string.format("%s %d/%d%s", ROW_TITLE[r], z.count, state.goal[ROWS[r]],
        state.backup[side][ROWS[r]] and " (backup)" or "")
    end
    lines[#lines + 1] = string.format("  %s: Online row %s; Extra Memory row %s; %s; %d MB", who,
      row_text(zones[string.format("online[%d]", side)], deck),
      row_text(zones[string.format("memory[%d]", side)], deck), table.concat(files, ", "),
      state.megabytes[side])
  end
  for seat = 1, view.players do
    local hand = zones[string.format("hand[%d]", seat)]
    local text = hand.cards and table.concat(render.card_names(hand.cards, deck), ", ")
      or render.count(hand.count)
    local skips = view.seats[seat].skips
    lines[#lines + 1] = string.format("  hand of seat %d%s: %s%s", seat, seat == view.seat and " (you)" or "",
      text, skips > 0 and string.format(" (loses %s)", render.count(skips, "turn")) or "")
  end
  -- the cards that came in when the seat to play drew back up to the hand
  -- size: named to that seat while it decides what to do with them (they lie
  -- on top of its hand), counted to the others
  local n, drawer = state.refilled or 0, state.refilled_seat
  if n > 0 and drawer == view.current then
    local hand = zones[string.format("hand[%d]", drawer)]
    local asked = view.request and view.request.seat == drawer and view.request.kind == "turn"
    if drawer == view.seat and asked and hand.cards then
      local drawn = {}
      for i = 1, n do drawn[i] = hand.cards[i] end
      lines[#lines + 1] = string.format("  you drew %s: %s", render.count(n, "card"),
        table.concat(render.card_names(drawn, deck), ", "))
    elseif drawer ~= view.seat then
      lines[#lines + 1] = string.format("  seat %d drew %s at the start of the turn", drawer, render.count(n, "card"))
    end
  end
  if zones.played.count > 0 then
    lines[#lines + 1] = "  being played: " .. table.concat(render.card_names(zones.played.cards, deck), ", ")
  end
  return lines
end

---------------------------------------------------------------- bots

-- The names of the zones the greedy bot reads: ROW_ZONE[r][side], HAND[seat].
local ROW_ZONE, HAND = {}, {}
for r, row in ipairs(ROWS) do
  ROW_ZONE[r] = {}
  for side = 1, online.players.max do ROW_ZONE[r][side] = string.format("%s[%d]", row, side) end
end
for seat = 1, online.players.max do HAND[seat] = string.format("hand[%d]", seat) end

-- What the greedy bot knows of a side, from a view: the top kind of each
-- row, the files per category row, and its progress towards the goal (0 to
-- 4), filled into `info`, one of the bot's own tables (below).
local function side_view(view, side, info)
  local zones, goals = view.zones, view.state.goal
  info.progress = 0
  for r, row in ipairs(ROWS) do
    local z = zones[ROW_ZONE[r][side]]
    local cards, count = z.cards, z.count
    local top = cards and cards[1]
    info.top[r] = (top and top ~= 0) and KIND_OF[top] or 0
    if r >= FIRST_CATEGORY_ROW then
      local goal = goals[row]
      info.files[r] = count
      info.progress = info.progress + math.min(count, goal) / goal
    end
  end
  info.online = SPEED[info.top[ONLINE_ROW]] > 0
  info.memory = GROUP[info.top[MEMORY_ROW]] == "access"
  return info
end

-- The greedy bot's scratch tables, refilled at each decision rather than
-- made anew (some twenty tables at each decision were a sixth of a greedy
-- game's instructions): what it knows of each side, the files each category
-- row still needs, and the cards it holds of each kind. Nothing in them
-- outlives a decision: each is filled before it is read (a side's `known` is
-- cleared first), so no game, and no seat, sees another's.
local SIDES, GOAL_LEFT, HELD = {}, {}, {}
for side = 1, online.players.max do
  SIDES[side] = { top = {}, files = {}, progress = 0, known = false }
end

-- What the bot knows of side s at this decision: read from the view when
-- first needed (most decisions need only its own side).
local function side_info(view, s)
  local info = SIDES[s]
  if not info.known then
    side_view(view, s, info)
    info.known = true
  end
  return info
end

-- What a Cyber Patrol is worth keeping at this decision: 100, or 0 under a
-- house rule's cyber_patrol that has let Hackers through a held patrol and
-- stopped none (state.patrols; set by the bot at each decision).
local patrol_value = 100

-- How much the bot wants to keep a card of kind k, 0 to 100.
local function keep_value(k, mine, goal_left)
  local group = GROUP[k]
  if k == CYBER_PATROL then return patrol_value end
  if group == "category" then
    if goal_left[ROW_OF[k]] <= 0 then return 5 end
    return LARGE[k] and 70 or 60
  elseif k == ONLINE or k == TURBO_LINE then
    if not mine.online then return 55 end
    return (k == TURBO_LINE and SPEED[mine.top[ONLINE_ROW]] == 1) and 40 or 15
  elseif group == "access" then
    local top = mine.top[ROW_OF[k]]
    if GROUP[top] == "blocking" or (ROW_OF[k] == MEMORY_ROW and top == 0) then return 65 end
    return 20
  elseif group == "blocking" then
    return 30
  end
  return 40   -- Hacker, Search
end

-- The greedy bot: downloads what it needs, backs up, lifts its blocks and
-- goes online, blocks and hacks the side closest to winning, stops Hackers
-- of the other sides with its Cyber Patrol and never throws that away
-- (unless a house rule's patrol has been seen to do nothing).
function online.bots.greedy(view, request)
  local answers, kind = request.answers, request.kind
  local me = view.seat
  local own = view.seats[me].team
  local nsides = #view.state.sides
  for side = 1, #SIDES do SIDES[side].known = false end
  -- a house rule's patrol (state.patrols: only then) that lets Hackers
  -- through and has stopped none does nothing a player can see: a card to
  -- throw away, not to keep
  local patrols = view.state.patrols
  patrol_value = (patrols and patrols.let_through > 0 and patrols.stopped == 0) and 0 or 100
  local mine = side_info(view, own)
  local goal_left, goals = GOAL_LEFT, view.state.goal
  for r = FIRST_CATEGORY_ROW, #ROWS do goal_left[r] = goals[ROWS[r]] - mine.files[r] end
  local hand = view.zones[HAND[me]].cards or {}
  local held = HELD
  for k = 1, NKINDS do held[k] = 0 end
  for i = 1, #hand do
    local k = KIND_OF[hand[i]]
    held[k] = held[k] + 1
  end

  if kind == "patrol" then
    return view.seats[view.current].team ~= own and "patrol yes" or "patrol no"
  elseif kind == "unblock" or kind == "connect" then
    for _, a in ipairs(answers) do if a == "play Turbo-Line" then return a end end
    return answers[1]
  end

  -- the threat a side poses: its progress, and more when it is online
  local function threat(side)
    local s = side_info(view, side)
    return s.progress * 10 + (s.online and 5 or 0) + (s.memory and 2 or 0)
  end
  local function side_number(text)
    if text == "me" then return own end
    return tonumber(text)
  end
  local function value_of_laying(k, to)
    local group = GROUP[k]
    if group == "category" then
      if to ~= own then return -10 end
      return goal_left[ROW_OF[k]] > 0 and (LARGE[k] and 92 or 90) or 15
    elseif group == "access" then
      if to ~= own then return -10 end
      return keep_value(k, mine, goal_left) >= 40 and 80 or 60
    elseif group == "blocking" then
      if to == own or view.seats[me].team == to then return -10 end
      return 45 + threat(to)
    end
    return 0
  end

  local best, best_value = nil, -math.huge
  local function consider(answer, value)
    if value > best_value then best, best_value = answer, value end
  end
  for _, a in ipairs(answers) do
    local value
    if kind == "turn" then
      if a:match("^backup ") then value = 100
      elseif a == "draw" then value = 50
      else   -- exchange when most of the hand is of no use
        local junk = 0
        for k = 1, NKINDS do
          if held[k] > 0 and keep_value(k, mine, goal_left) < 20 then junk = junk + held[k] end
        end
        value = junk >= 4 and 60 or 0
      end
    elseif kind == "discard" then   -- down to 7 at a turn's end: the card of least use
      local name = a:match("^discard (.+)$")
      value = name and 100 - keep_value(KIND_NAMED[name], mine, goal_left) or 0
    elseif kind == "exchange" then
      local name = a:match("^exchange (.+)$")
      if name then
        value = 20 - keep_value(KIND_NAMED[name], mine, goal_left)
      else
        value = 0.5   -- done, unless a card is of no use
      end
    elseif kind == "play" then
      local name
      if a == "stop" then value = 10
      elseif a:match("^backup ") then value = 95
      elseif a == "hacker" then
        local blocked = GROUP[mine.top[ONLINE_ROW]] == "blocking" or GROUP[mine.top[MEMORY_ROW]] == "blocking"
        local target = false
        for side = 1, nsides do
          local s = side_info(view, side)
          if side ~= own and (s.online or s.progress > mine.progress) then target = true end
        end
        value = blocked and 85 or (target and 55 or 0)
      elseif a == "search" then
        local lift = false
        for k = 1, NKINDS do
          if held[k] > 0 and GROUP[k] == "access" and value_of_laying(k, own) >= 80 then lift = true end
        end
        value = (not mine.online and not lift) and 70 or 0
      else
        name = a:match("^discard (.+)$")
        if name then
          value = 5 + (100 - keep_value(KIND_NAMED[name], mine, goal_left)) / 20
        else
          local verb, rest = a:match("^(%a+) (.+)$")
          if verb == "block" then
            local side, card = rest:match("^(%d+) (.+)$")
            value = value_of_laying(KIND_NAMED[card], tonumber(side))
          else
            value = value_of_laying(KIND_NAMED[rest], own)
          end
        end
      end
    elseif kind == "hack" then
      local card, to = a:match("^move (.+) to (%w+)$")
      if card then
        value = to == "discard" and 85 or 86 + threat(tonumber(to))
      else
        local card2, to2 = a:match("^take discard (.+) to (%w+)$")
        if card2 then
          value = value_of_laying(KIND_NAMED[card2], side_number(to2)) - 5
        elseif a:match("^take discard ") then
          value = 40
        else
          local from, name, to3 = a:match("^take (%d+) (.+) to (%w+)$")
          local k, victim = KIND_NAMED[name], tonumber(from)
          if to3 == "discard" then
            if GROUP[k] == "blocking" then value = -20
            elseif GROUP[k] == "category" then value = 50 + threat(victim) + MEGABYTES[k] / 20
            else value = 55 + threat(victim) end
          else
            value = value_of_laying(k, side_number(to3)) + threat(victim) / 4
          end
        end
      end
    elseif kind == "search" then
      if a == "nothing" then value = 1
      elseif a == "take Hacker" then value = 40
      elseif a == "take Search" then value = 30
      else
        local name, to = a:match("^take (.+) to (%w+)$")
        value = value_of_laying(KIND_NAMED[name], side_number(to))
      end
    end
    consider(a, value or 0)
  end
  return best or answers[#answers]
end

return online
