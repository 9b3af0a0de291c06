-- One table of `cardlab serve`, in a Lua state of its own (a world, made by
-- cardlab.serve.world): the match, who holds each seat, what was narrated,
-- and the save file. The server (repl/serve.lua) calls these functions with
-- texts and numbers only, and gets JSON texts back; nothing else crosses.

collectgarbage("generational")

local json = require "cjson"
json.encode_sparse_array(true)
json.decode_max_depth(64)
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local savefile = require "cardlab.savefile"
local render = require "render"

local T = {}

local def, m, kinds, save_path, replay_data
local history = {}    -- per answer given: { seat, text, kind }
local narration = {}  -- { after = answers given, text = ... }
local humans = 0
local last_hint       -- the last hint given: { match, count, text }
-- Seats handed to a bot while their person was away: seat -> { bot, by }.
-- kinds[seat] is then the bot's (the save file says so); the person's link
-- still joins the seat, and takes it back (T.take).
local handed = {}
-- Who handed which seat to which bot, and who took a seat back: lines of
-- the log ({ after, text }) that no undo or replay of the answers rebuilds.
local seat_notes = {}
local LOG_SHOWN = 40  -- answers and lines of narration sent in a frame


local function narrate(text)
  narration[#narration + 1] = { after = m and m:count() or 0, text = text }
end

local function count_humans()
  humans = 0
  for seat = 1, #kinds do if kinds[seat] == "human" then humans = humans + 1 end end
end

-- The game's best bot: greedy where the game has one, else random.
local function best_bot()
  return def.bots.greedy and "greedy" or "random"
end

-- The default seats: the first a person, the others the game's best bot.
local function default_kinds(players)
  local bot = best_bot()
  local list = {}
  for seat = 1, players do list[seat] = seat == 1 and "human" or bot end
  return list
end

-- What a person in the lobby may ask of a search bot: its budget bounded,
-- so that one table cannot hold up the server (which runs every table on
-- one thread): iterations up to ten times the game's own, steps up to ten
-- times its default, ms up to LOBBY_MS.
local LOBBY_TIMES, LOBBY_MS = 10, 2000

local function search_limits(kind, params)
  local ismcts = require "cardlab.ismcts"
  local own, defaults = def.search and ismcts.game_defaults(def.search) or {}, ismcts.parse("ismcts")
  for _, name in ipairs({ "iterations", "steps" }) do
    local most = LOBBY_TIMES * (own[name] or defaults[name])
    if params[name] > most then
      return string.format("%s: %s=%d is over the lobby's limit of %d for %s (ten times the "
        .. "game's own); the server's operator may give more with --seat", kind, name,
        params[name], most, def.name)
    end
  end
  if params.ms > LOBBY_MS then
    return string.format("%s: ms=%d is over the lobby's limit of %d; the server's operator may "
      .. "give more with --seat", kind, params.ms, LOBBY_MS)
  end
end

-- Checks the seats' kinds: a kind of match.player_kinds, or the search bot
-- with parameters (ismcts:iterations=100), whose playout bot must be the
-- game's. `lobby`: the search's budget is bounded (search_limits).
local function check_kinds(list, players, lobby)
  local valid = {}
  for _, k in ipairs(match.player_kinds(def)) do valid[k] = true end
  for seat = 1, players do
    local k = list[seat]
    local params, why
    if type(k) == "string" then params, why = match.search_kind(def, k) end
    -- (the lobby's form sends a kind for every seat, or none: a list cut
    -- short is a mistake, not a table of people)
    if k == nil and lobby and next(list) ~= nil then
      return string.format("'seats' names %d of the %d seats; expected a kind for every seat (or none: seat 1 "
        .. "a person, the others the game's best bot)", #list, players)
    elseif k == nil then list[seat] = "human"
    elseif params == nil then return string.format("seat %d: %s", seat, why)
    elseif params then
      -- (match.search_kind has checked its parameters and its playout bot)
      local over = lobby and search_limits(k, params)
      if over then return string.format("seat %d: %s", seat, over) end
    elseif not valid[k] then
      return string.format("unknown player kind '%s' for seat %d; valid kinds: %s (and "
        .. "ismcts:name=value,...)", tostring(k), seat, table.concat(match.player_kinds(def), ", "))
    end
  end
  for _, seat in ipairs(require("cardlab.options").sorted_keys(list)) do  -- (the same seat named every run)
    if math.type(seat) ~= "integer" or seat < 1 or seat > players then
      return string.format("seat %s: there are seats 1 to %d", tostring(seat), players)
    end
  end
end

-- Options set in the lobby name no file: a word list only by the names of
-- the lists set-up installs (a path would let a person far away read the
-- server's files). The operator's --option may give a path.
local function lobby_options(options)
  local dictionary = require "cardlab.dictionary"
  local names = require("cardlab.options").sorted_keys(dictionary.KNOWN)
  for _, d in ipairs(def.options) do
    local v = options[d.name]
    if d.type == "word_list" and v ~= nil
        and not (dictionary.KNOWN[v] or dictionary.KNOWN[tostring(v):lower()]) then
      return string.format("option '%s': '%s' is not a word list of this server; a table made in "
        .. "the lobby takes one by name: %s (a file only with --option on the server's command "
        .. "line)", d.name, tostring(v), table.concat(names, ", "))
    end
  end
end

-- Replays the answers (with edits) into a new match, recording the kind of
-- each request answered and what the game narrated.
local function rebuild(config, answers, upto, edit_list)
  history, narration = {}, {}
  local built
  local observe = {
    edit = function() end,
    answer = function(at, _, by, text)
      history[#history + 1] = { by, text, at:request().kind }
    end,
  }
  config.narrate = function(text)
    narration[#narration + 1] = { after = built and built:count() or #history, text = text }
  end
  local r, err = match.replay(def, config, answers, upto, edit_list, observe)
  if not r then return nil, err end
  built = r
  r.game.narrate = narrate
  return r
end

local function save()
  if save_path and m then
    local ok, err = savefile.write(save_path, m, kinds)
    if not ok then io.stderr:write("cardlab: serve: ", err, "\n") end
  end
end

-- T.create(config): config is JSON {game, house, players, seats, options,
-- seed, save, resume, replay}. Gives the table's description (JSON), or nil,
-- a reason and the exit status a command line would give (2 usage, 1 failure).
function T.create(text)
  local config = json.decode(text)
  -- JSON numbers come back as floats
  for _, k in ipairs({ "players", "seed" }) do
    if type(config[k]) == "number" then config[k] = math.tointeger(config[k]) or config[k] end
  end
  -- the seed comes as a text (JSON's numbers here hold 14 digits)
  if type(config.seed) == "string" then config.seed = math.tointeger(tonumber(config.seed)) end
  if config.resume or config.replay then
    local path = config.resume or config.replay
    local loaded, data = savefile.load(path)
    if not loaded then return nil, data, 1 end
    def = loaded.def
    kinds = data.seats or default_kinds(data.players)
    local err
    m, err = rebuild({ players = data.players, seed = data.seed, options = data.options },
      data.answers, nil, data.edits)
    if not m then return nil, err, 1 end
    -- --seat on --resume: the operator seats a person again where the save
    -- has a bot (a seat handed to a bot while its person was away)
    for _, pair in ipairs(config.seats_given or {}) do
      if pair[1] > data.players then
        return nil, string.format("--seat %d: there are seats 1 to %d", pair[1], data.players), 2
      end
      kinds[pair[1]] = pair[2]
    end
    local bad = check_kinds(kinds, data.players, false)
    if bad then return nil, bad, 2 end
    if config.replay then
      replay_data = data
    else
      -- --save FILE with --resume: the game goes on into FILE (as play's does)
      save_path = config.save or config.resume
      if config.save then
        local ok, serr = savefile.write(save_path, m, kinds)
        if not ok then return nil, "--save: " .. serr, 2 end
      end
    end
  else
    local err
    def, err = loader.load(config.game, config.house)
    if not def then return nil, err, 1 end
    local options = config.options or {}
    for k, v in pairs(options) do options[k] = tostring(math.type(v) == "float" and math.tointeger(v) or v) end
    if config.lobby then
      local bad = lobby_options(options)
      if bad then return nil, bad, 2 end
    end
    local broken
    m, err, broken = match.new(def, { players = config.players, seed = config.seed,
                                      options = options, narrate = narrate })
    if not m then return nil, err, broken and 1 or 2 end
    kinds = config.seats or {}
    if #kinds == 0 and next(kinds) == nil then kinds = default_kinds(m.config.players) end
    -- seats given in part on the command line: the others as play sets them
    if config.seats_given then
      kinds = default_kinds(m.config.players)
      for _, pair in ipairs(config.seats_given) do
        if pair[1] > m.config.players then
          return nil, string.format("--seat %d: there are seats 1 to %d", pair[1], m.config.players), 2
        end
        kinds[pair[1]] = pair[2]
      end
    end
    local bad = check_kinds(kinds, m.config.players, config.lobby)
    if bad then return nil, bad, 2 end
    -- a seed chosen by the person who made the table tells them every
    -- hidden card: at a table of two or more people, the server picks it
    if config.lobby and config.seed_chosen then
      local people = 0
      for seat = 1, m.config.players do if kinds[seat] == "human" then people = people + 1 end end
      if people > 1 then
        return nil, string.format("'seed' refused at a table of %d people: whoever chose it could "
          .. "know every hidden card; leave it out and the server picks one no one knows", people), 2
      end
    end
    save_path = config.save
    if save_path then
      local ok, serr = savefile.write(save_path, m, kinds)
      if not ok then return nil, "--save: " .. serr, 2 end
    end
  end
  count_humans()
  return T.describe()
end

-- The table in brief, for the lobby and the command line.
function T.describe()
  return json.encode({ game = def.name, title = def.title, players = m.config.players,
                       seed = tostring(m.config.seed), kinds = kinds, status = m:status(),
                       answers = m:count(), replay = replay_data and #replay_data.answers or nil,
                       house = def.house_path })
end

-- A number JSON can hold: NaN and the infinities become texts.
local function finite(v)
  if v ~= v or v == math.huge or v == -math.huge then return tostring(v) end
  return v
end

-- A card field's list of texts or numbers (a project's colours), as a plain
-- copy, or nil when the value is anything else (a set, a map, a list holding
-- tables). Read raw, as below; at most 64 entries.
local function scalar_list(v)
  local n = rawlen(v)
  if n == 0 or n > 64 then return nil end
  local copy = {}
  for i = 1, n do
    local x = rawget(v, i)
    local t = type(x)
    if t == "string" or t == "boolean" then copy[i] = x
    elseif t == "number" then copy[i] = finite(x)
    else return nil end
  end
  -- keys 1..n and no others: a list with named fields besides is no list
  local keys = 0
  for _ in next, v do
    keys = keys + 1
    if keys > n then return nil end
  end
  return copy
end

-- Card data as JSON: each card's fields that are texts, numbers or booleans,
-- or lists of them.
-- Read raw: the cards are the script's tables, and a metamethod of theirs
-- (a looping __index or __pairs) would run here outside any limit, and stop
-- every table of the server.
local function card_data()
  local list = {}
  local cards = rawget(m.game, "cards")
  if type(cards) ~= "table" then return list end
  for id = 1, rawlen(cards) do
    local card, c = rawget(cards, id), {}
    if type(card) == "table" then
      for k, v in next, card do
        local t = type(v)
        if type(k) == "string" and (t == "string" or t == "boolean") then c[k] = v
        elseif type(k) == "string" and t == "number" then c[k] = finite(v)
        elseif type(k) == "string" and t == "table" then c[k] = scalar_list(v) end
      end
    elseif type(card) == "string" or type(card) == "number" then
      c.name = tostring(card)
    end
    list[id] = c
  end
  return list
end

-- The house rules the table plays, for the page: the file's name (not its
-- path, which is the server's business) and what its opening comment says
-- it changes. nil without house rules.
local function house_info()
  local path = def.house_path
  if type(path) ~= "string" then return nil end
  return { file = path:match("[^/]*$"), about = require("repl.serve_house").about(path) }
end

-- The options the table plays set away from their defaults, for the badge
-- beside the title; a word list given by a path (the operator's --option)
-- by the file's name alone, as the lobby shows it: the path is the server's
-- business. (An empty list goes as {}: the page reads a list only.)
local function options_info()
  local shown_value, values = require("repl.serve_house").shown_value, {}
  for _, d in ipairs(def.options) do values[d.name] = shown_value(d, m.config.options[d.name]) end
  return require("cardlab.options").changed(def.options, values)
end

-- T.game(): what the page needs once: title, seats, cards and hints, and
-- the house rules and the options played.
function T.game()
  return json.encode({ name = def.name, title = def.title, players = m.config.players,
                       kinds = kinds, stand_in = best_bot(), cards = card_data(),
                       presentation = def.presentation or {},
                       humans = humans, replay = replay_data and #replay_data.answers or nil,
                       house = house_info(), options = options_info() })
end

-- A plain copy with only what JSON can hold (a script's state may hold
-- functions or cycles).
local function plain(v, depth)
  local t = type(v)
  if t == "number" then return finite(v) end
  if t == "string" or t == "boolean" then return v end
  if t ~= "table" or depth > 8 then return nil end
  local out = {}
  for k, x in pairs(v) do
    if type(k) == "string" or math.type(k) == "integer" then out[k] = plain(x, depth + 1) end
  end
  return out
end

-- Whether a seat may have the save file now. The file holds the seed, from
-- which every hidden card follows: a seat gets it while the game goes on
-- only when it is the one person at the table (as `cardlab play`'s save
-- is), and at any table once the game is over. (Asked for every frame.)
local function may_save(seat, at)
  return not replay_data and (kinds[seat] == "human" or handed[seat] ~= nil)
    and (humans == 1 or at:status() ~= "waiting")
end

-- Why a seat may not have the save file now, or nil when it may.
local function save_refusal(seat, at)
  if may_save(seat, at) then return nil end
  if replay_data or (kinds[seat] ~= "human" and not handed[seat]) then
    return "this socket holds no seat of the game"
  end
  return string.format("refused while the game goes on at a table of %d people: the save file "
    .. "holds the seed, which tells every hidden card; it can be saved once the game is over, "
    .. "and the server's operator can save every answer with --save FILE", humans)
end

-- What the page of the seat asked for a typed answer shows beside its text
-- field, as `cardlab play` shows it under the prompt (cli.lua's typed_hint):
-- `form`, the game's words for the answer (answer_forms), and `starts`, the
-- first words of the legal answers when they are few ("pass", "discard"),
-- each with `whole` when it is an answer by itself (so a request of six or
-- fewer one-word answers sends them all, as buttons). A longer list is not
-- sent: a word game's list of words would play the seat's turn for it.
local MAX_STARTS = 6
local function typed_help(at, request)
  local forms = type(def.answer_forms) == "table" and def.answer_forms or {}
  if type(forms[request.kind]) == "string" then request.form = forms[request.kind] end
  local ok, legal = pcall(at.legal, at)
  if not ok or type(legal) ~= "table" then return end
  local starts, index = {}, {}
  for _, a in ipairs(legal) do
    local first = type(a) == "string" and a:match("^%S+")
    if first then
      if not index[first] then
        if #starts == MAX_STARTS then return end
        starts[#starts + 1] = { text = first, whole = false }
        index[first] = starts[#starts]
      end
      if a == first then index[first].whole = true end
    end
  end
  if #starts > 0 then request.starts = starts end
end

-- The log of the table (`at`: the match, or a replay's at a step) as a seat
-- sees it (0: a watcher): the answers given, a secret one as "(a secret
-- answer)" to the other seats, and the lines the game and the seats' notes
-- said. With `limit`, the last `limit` answers and the last `limit` lines
-- only, and a third result true when that left some out. Frames and the
-- whole log ('log') come from here alike: the whole log shows a seat
-- nothing its frames did not.
local function log_entries(at, seat, limit)
  local log = {}
  local upto = at:count()
  local from = limit and math.max(1, upto - limit + 1) or 1
  for i = from, upto do
    local h = history[i]
    if h then
      local secret = def.secret_kinds and def.secret_kinds[h[3]] and h[1] ~= seat
      log[#log + 1] = { n = i, seat = h[1], kind = h[3], text = secret and "(a secret answer)" or h[2] }
    end
  end
  local said = {}
  for _, line in ipairs(narration) do
    if line.after <= upto then said[#said + 1] = line end
  end
  -- who handed a seat to a bot, or took it back: in order, and kept when
  -- an undo takes the table back before it (at the answer it stands at)
  if not replay_data and #seat_notes > 0 then
    for _, line in ipairs(seat_notes) do
      said[#said + 1] = { after = math.min(line.after, upto), text = line.text }
    end
    table.sort(said, function(a, b) return a.after < b.after end)
  end
  local cut = limit and math.max(0, #said - limit) or 0
  if cut > 0 then table.move(said, cut + 1, #said, 1) for i = #said - cut + 1, #said do said[i] = nil end end
  return log, said, from > 1 or cut > 0
end

-- The frame of the table as a seat sees it (0: a watcher, who sees what
-- every seat may see). `at` (a replay) is the match at a step.
local function frame(at, seat)
  local n = at.config.players
  local viewer = seat
  if seat == 0 then
    -- a seat that holds nothing: the public view
    viewer = n + 1
    if viewer > require("cardlab.vm").max_seats then viewer = -1 end
  end
  local view, request
  if viewer < 0 then
    return json.encode({ type = "error", reason = "a game of " .. n .. " players has no public view" })
  end
  view = at:view(viewer)
  request = view.request
  view.request = nil
  if request and request.typed and request.seat == seat then typed_help(at, request) end
  view.seat = seat
  view.state = plain(view.state, 0)
  local out = { type = "table", seat = seat, status = at:status(), view = view, request = request,
                answers = at:count(), can_undo = humans == 1 and kinds[seat] == "human"
                and not replay_data, can_save = may_save(seat, at) }
  local log, said, earlier = log_entries(at, seat, LOG_SHOWN)
  out.log, out.narration = log, said
  -- the frame holds the last entries only: the page may ask for the whole
  -- log ('log', T.log), which is what this seat may see, no more
  if earlier then out.log_earlier = true end
  -- who plays each seat now, and the seats handed to a bot (the page draws
  -- its seats by them, and offers the person whose seat it is to take it back)
  if not replay_data then
    out.kinds = kinds
    local list = {}
    for s = 1, n do
      if handed[s] then list[#list + 1] = { seat = s, bot = handed[s].bot, by = handed[s].by } end
    end
    if #list > 0 then out.handed = list end
  end
  local result, err = at:result()
  if result then
    local bad = match.check_result(result, n, at.def)
    out.result = bad and { error = bad } or { winners = result.winners, scores = result.scores,
                                              reason = result.reason }
  elseif err then
    out.result = { error = tostring(err) }
  end
  return json.encode(out)
end

function T.frame(seat)
  return frame(m, seat)
end

-- T.log(seat, step): the whole log of the table as the seat sees it (0: a
-- watcher), where a frame holds its last LOG_SHOWN entries: a "log" frame
-- with the answers given so far. `step`: a replay's log up to that step.
function T.log(seat, step)
  local at = m
  if step ~= nil then
    if not replay_data then return nil, "this table is not a replay" end
    step = math.max(0, math.min(step, #replay_data.answers))
    at = rebuild({ players = replay_data.players, seed = replay_data.seed,
                   options = replay_data.options }, replay_data.answers, step, replay_data.edits)
  end
  local log, said = log_entries(at, seat)
  -- (through the sparse arrays' setting: an empty list may come as {})
  return json.encode({ type = "log", answers = at:count(), step = step, log = log, narration = said })
end

-- T.words(seat): the table as `cardlab play` prints it for the seat (0: a
-- watcher, the public view), in the game's words (its describe: what a
-- persona or a project does, the patents for sale): a "words" frame, with
-- the answers given so far.
function T.words(seat)
  local viewer = seat
  if seat == 0 then
    viewer = m.config.players + 1
    if viewer > require("cardlab.vm").max_seats then return nil, "this game has no public view" end
  end
  -- (view_lines gives one line at least: never cjson's {} for a list)
  local lines = render.view_lines(m:view(viewer), m.game.cards, def)
  -- the house rules played, first: what they change is part of the table
  -- (the badge says it on hover only, which a phone has not)
  local house = house_info()
  if house then
    table.insert(lines, 1, "House rules " .. house.file .. (house.about and ": " .. house.about or ""))
    table.insert(lines, 2, "")
  end
  return json.encode({ type = "words", answers = m:count(), lines = lines })
end

-- T.hint(seat): the search bot's ranking of the seat's answers, from its
-- view only (what it sees and has seen), as `cardlab play`'s hint prints it:
-- a "hint" frame; nil and why when the seat is not asked now.
function T.hint(seat)
  if replay_data then return nil, "this is a replay: there is nothing to answer" end
  if m:status() ~= "waiting" then return nil, m:status_phrase() .. ": there is nothing to answer" end
  local r = m:request()
  if r.seat ~= seat then
    return nil, string.format("it is seat %d's turn to %s, not seat %d's: a hint is for the seat asked",
      r.seat, r.prompt, seat)
  end
  -- one search per table shown: a page asking again (or a socket asking
  -- over and over) gets the same ranking, and holds up no other table
  -- (an undo makes a new match, so the key is the match and its count)
  if last_hint and last_hint.match == m and last_hint.count == m:count() then return last_hint.text end
  local lines = require("cardlab.ismcts").hint_lines(m, nil, 10, kinds)
  last_hint = { match = m, count = m:count(),
                text = json.encode({ type = "hint", answers = m:count(), lines = lines }) }
  return last_hint.text
end

-- The seat asked now, when a bot holds it; else nil.
function T.bot_pending()
  if m:status() ~= "waiting" then return nil end
  local r = m:request()
  if kinds[r.seat] ~= "human" then return r.seat end
end

local function record(seat, text, kind)
  -- the engine matches loosely ('PLAY  qh'): the log holds the answer taken
  local log = m:log()
  history[#history + 1] = { seat, log[#log] and log[#log][2] or text, kind }
end

-- One bot answer.
function T.bot_step()
  local r = m:request()
  m:run(kinds, 1)
  record(r.seat, nil, r.kind)
  save()
  return m:status()
end

-- Why an answer or undo sent for the table after `at` answers is refused
-- when the table has moved on since (a double click, two pages of one
-- seat): it was chosen from a table no longer there. nil: it may go on.
local function moved_on(at)
  -- (ahead of the table: answers were taken back since, or the page's
  -- count is wrong; "moved on" would not say it)
  if at ~= nil and at > m:count() then
    return string.format("your page showed answer %d, but the table is at answer %d now (answers were taken "
      .. "back since): look at it again; nothing was changed", at, m:count())
  end
  if at ~= nil and at ~= m:count() then
    return string.format("the table has moved on since your page showed it (your page showed "
      .. "answer %d, the table is at answer %d): look at it again; nothing was changed", at, m:count())
  end
end

-- T.answer(seat, text, at): the seat's answer, given to the table after `at`
-- answers (nil: to the table as it is). Gives the status, or nil and why it
-- was refused (nothing changed then).
function T.answer(seat, text, at)
  if replay_data then return nil, "this is a replay: nothing can be answered" end
  local late = moved_on(at)
  if late then return nil, late end
  local status = m:status()
  if status ~= "waiting" then return nil, m:status_phrase() .. ": there is nothing to answer" end
  local r = m:request()
  if r.seat ~= seat then
    return nil, string.format("it is seat %d's turn to %s, not seat %d's", r.seat, r.prompt, seat)
  end
  if handed[seat] then
    return nil, string.format("seat %d is played by the %s bot, to whom it was handed while you were "
      .. "away: take your seat back first; nothing was changed", seat, handed[seat].bot)
  end
  local ok, why = m:answer(text)
  if not ok then return nil, why end
  record(seat, text, r.kind)
  save()
  return m:status()
end

-- T.undo(seat): takes back the seat's last decision and every bot answer
-- after it; only at a table with one person. `at` as for T.answer.
function T.undo(seat, at)
  if replay_data then return nil, "this is a replay: nothing can be undone" end
  local late = moved_on(at)
  if late then return nil, late end
  if humans ~= 1 or kinds[seat] ~= "human" then
    return nil, "undo is for a table with one person, who plays against bots"
  end
  local log = m:log()
  local k = #log
  while k > 0 and kinds[log[k][1]] ~= "human" do k = k - 1 end
  if k == 0 then return nil, "nothing to undo: no decision of yours yet" end
  k = k - 1
  local back, err = rebuild(m:config_for_replay(), log, k, m.edits)
  if not back then return nil, err end
  m = back
  save()
  return m:status()
end

-- T.hand(seat, by): hands a person's seat, which the table waits for and
-- whose person is away (the server knows who has a page open), to the
-- game's best bot; `by` says who did ("seat 1", "the host"). Gives the
-- bot's kind, or nil and why (nothing changed). The bot's answers are
-- ordinary answers; the save file has the seat as the bot's.
function T.hand(seat, by)
  if replay_data then return nil, "this is a replay: no seat is played" end
  if m:status() ~= "waiting" then
    return nil, m:status_phrase() .. ": no seat can be handed to a bot; nothing was changed"
  end
  if handed[seat] then
    return nil, string.format("seat %d is played by the %s bot already (%s handed it over); nothing "
      .. "was changed", seat, handed[seat].bot, handed[seat].by)
  end
  if kinds[seat] ~= "human" then
    return nil, string.format("seat %d is played by a bot (%s), not by a person; nothing was changed",
      seat, kinds[seat])
  end
  local r = m:request()
  if r.seat ~= seat then
    return nil, string.format("the table waits for seat %d, not for seat %d: only the seat the table "
      .. "waits for can be handed to a bot; nothing was changed", r.seat, seat)
  end
  local bot = best_bot()
  kinds[seat] = bot
  handed[seat] = { bot = bot, by = by }
  seat_notes[#seat_notes + 1] = { after = m:count(), text = string.format(
    "%s handed seat %d, whose person was away, to the %s bot", by:gsub("^%l", string.upper), seat, bot) }
  save()
  return bot
end

-- T.take(seat): the person of a seat handed to a bot takes it back; the bot
-- answers no more for it. Gives the seat's kind ("human"), or nil and why.
function T.take(seat)
  if replay_data then return nil, "this is a replay: no seat is played" end
  if not handed[seat] then
    return nil, string.format("seat %d is yours already: no bot plays it; nothing was changed", seat)
  end
  if m:status() ~= "waiting" then
    return nil, m:status_phrase() .. ": there is nothing left to play; nothing was changed"
  end
  local bot = handed[seat].bot
  kinds[seat] = "human"
  handed[seat] = nil
  seat_notes[#seat_notes + 1] = { after = m:count(), text = string.format(
    "Seat %d's person is back and took the seat back from the %s bot", seat, bot) }
  save()
  return "human"
end

-- The save file's text; for a seat (a socket's request), only when it may
-- have it (save_refusal), else nil and why.
function T.save_text(seat)
  if seat ~= nil then
    local why = save_refusal(seat, m)
    if why then return nil, why end
  end
  return savefile.encode(m, kinds, true)
end

-- T.replay_frame(step, seat): a replay's table after `step` answers.
function T.replay_frame(step, seat)
  if not replay_data then return nil, "this table is not a replay" end
  step = math.max(0, math.min(step, #replay_data.answers))
  local at = rebuild({ players = replay_data.players, seed = replay_data.seed,
                       options = replay_data.options }, replay_data.answers, step, replay_data.edits)
  -- the whole game's history stays known for the log up to the step
  local f = json.decode(frame(at, seat))
  f.step, f.steps = step, #replay_data.answers
  f.can_undo = false
  return json.encode(f)
end

function T.title()
  return def.title, render.count(m.config.players, "player")
end

return T
