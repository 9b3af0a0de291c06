-- cardlab serve: play, watch and replay games in a web browser. The C side
-- (repl/serve.c, module cardlab.serve) runs civetweb and queues what its
-- threads receive; this file, on the program's one Lua thread, takes the
-- queue and keeps the tables, each in a world of its own (repl/serve_table.lua).
--
-- The protocol (docs/web.md): JSON objects in WebSocket text frames, each with
-- a "type". From the page: lobby, create, join, watch, answer, undo, save,
-- words, hint, replay, log (the whole log), hand (a seat whose person is
-- away, to a bot), take (the seat back, by its person). To the page: lobby,
-- tables (to the lobby's sockets, as tables are made and move), created,
-- welcome, table, presence, words, hint, log, refused, error, saved.
-- Every refusal says why and changes nothing.

local json = require "cjson"
json.decode_max_depth(32)
local dkjson = require "dkjson"
local loader = require "cardlab.loader"
local match = require "cardlab.match"

local M = {}

M.MAX_BOT_DELAY = 60000  -- milliseconds, on the command line and in the lobby
-- the lobby's sockets get the list of tables anew when a table is made or
-- moves, at most once in this many milliseconds (a table of bots moves often)
M.LOBBY_EVERY = 1000
-- The lobby's tables are bounded (each is a Lua state of some megabytes):
-- at the most, a new one is made by closing a table no page has open whose
-- game is over, or which no page has had open for IDLE_CLOSE milliseconds.
M.MAX_TABLES = 50
M.IDLE_CLOSE = 30 * 60 * 1000
-- the lobby's list of games (every game loaded, some 30 ms) is made at most
-- once in this many milliseconds, however often pages ask
M.GAMES_EVERY = 5000

local Server = {}
Server.__index = Server

-- transport: send(id, text) -> bool, token() -> text, now() -> ms, world(script).
-- opts: base (the URL the links start with), bot_delay (ms), lobby (bool),
-- houses (the lobby's offer of house files, repl/serve_house.lua's; none
-- without --houses), max_tables (the lobby's most tables, M.MAX_TABLES).
function M.new(transport, opts)
  return setmetatable({ transport = transport, opts = opts, tables = {}, order = {},
                        conns = {}, next_table = 1, closed = {} }, Server)
end

local function encode(t) return json.encode(t) end

function Server:send(id, t)
  return self.transport.send(id, type(t) == "string" and t or encode(t))
end

function Server:error(id, reason)
  self:send(id, { type = "error", reason = reason })
end

-- Links of a table: one per person's seat (with its token), the watch link,
-- and the host's link (a watch link with the table's host token, which may
-- hand a seat whose person is away to a bot).
function Server:links(t)
  local base = self.opts.base
  local links = {}
  for seat, kind in ipairs(t.kinds) do
    if t.tokens[seat] then
      links[#links + 1] = { seat = seat, kind = kind,
        url = string.format("%s/play?table=%d&seat=%d&token=%s", base, t.id, seat, t.tokens[seat]) }
    else
      links[#links + 1] = { seat = seat, kind = kind }
    end
  end
  return links, string.format("%s/watch?table=%d", base, t.id),
    string.format("%s/watch?table=%d&host=%s", base, t.id, t.host_token)
end

-- Makes a table from a configuration (see serve_table.lua's create). Gives
-- the table, or nil, a reason and an exit status.
function Server:add_table(config)
  local world, err = self.transport.world(CARDLAB_HOME .. "/repl/serve_table.lua")
  if not world then return nil, err, 1 end
  -- the seed as a text: cjson writes numbers with 14 digits, and a seed
  -- has up to 16
  local sent = {}
  for k, v in pairs(config) do sent[k] = v end
  if math.type(sent.seed) == "integer" then sent.seed = tostring(sent.seed) end
  local ok, info, why, status = world:call("create", encode(sent))
  if not ok then world:close() return nil, tostring(info):match("^[^\n]*"), 1 end
  if not info then world:close() return nil, why, status end
  info = json.decode(info)
  local id = self.next_table
  self.next_table = id + 1
  local gok, game = world:call("game")
  if not gok or type(game) ~= "string" then
    world:close()
    return nil, "the table's game cannot be shown: " .. tostring(game):match("^[^\n]*"), 1
  end
  -- (cjson reads every number as a float: a count goes out as 3, not 3.0)
  local t = { id = id, world = world, kinds = info.kinds, title = info.title, game = info.game,
              players = math.tointeger(info.players), seed = math.tointeger(tonumber(info.seed)),
              replay = math.tointeger(info.replay), house = info.house, tokens = {},
              conns = {}, game_json = game, due = nil, handed = {},
              host_token = self.transport.token(), lobby = config.lobby,
              idle_since = self.transport.now(),
              bot_delay = config.bot_delay or self.opts.bot_delay or 0 }
  for seat, kind in ipairs(t.kinds) do
    if kind == "human" then t.tokens[seat] = self.transport.token() end
  end
  self.tables[id] = t
  self.order[#self.order + 1] = id
  self:schedule(t)
  return t
end

-- Sets when the table's next bot answers (nil: no bot is asked).
function Server:schedule(t)
  if t.replay or t.bot_failed then t.due = nil return end
  local ok, seat = t.world:call("bot_pending")
  if ok and seat then
    t.due = t.due or self.transport.now() + t.bot_delay
  else
    t.due = nil
  end
end

-- The table's frame for a seat (0: a watcher). A world that fails to make
-- one (a bug; its scripts run under limits) gives an error frame: the text
-- the page gets is always JSON.
function Server:frame(t, seat)
  local ok, f = t.world:call("frame", seat)
  if ok and type(f) == "string" then return f end
  io.stderr:write("cardlab: serve: table ", t.id, ": ", tostring(f), "\n")
  return encode({ type = "error", reason = string.format("table %d cannot be shown: %s", t.id,
    tostring(f):match("^[^\n]*")) })
end

-- Sends every socket at the table its own frame.
function Server:broadcast(t)
  self.tables_moved = true   -- for the lobby's list (Server:tick)
  local frames = {}
  for id, c in pairs(t.conns) do
    local seat = c.seat
    if not c.replay then
      if not frames[seat] then frames[seat] = self:frame(t, seat) end
      self:send(id, frames[seat])
    end
  end
end

-- Runs the bots whose time has come; gives the milliseconds until the next
-- one is due (or nil).
function Server:tick()
  local now = self.transport.now()
  local soonest
  for _, id in ipairs(self.order) do
    local t = self.tables[id]
    -- with no delay, the bots answer on until a person is asked, then the table is sent
    local moved = false
    while t.due and t.due <= now do
      local ok, err = t.world:call("bot_step")
      t.due = nil
      moved = true
      if not ok then
        -- a bot that fails would fail again at once: its table waits (the
        -- others go on), and says why
        t.bot_failed = string.format("table %d: a bot failed, and the table stops here: %s", id,
          tostring(err):match("^[^\n]*"))
        io.stderr:write("cardlab: serve: table ", id, ": ", tostring(err), "\n")
        for cid in pairs(t.conns) do self:error(cid, t.bot_failed) end
      end
      self:schedule(t)
      if t.bot_delay > 0 then break end
    end
    if moved then self:broadcast(t) end
    if t.due and (not soonest or t.due - now < soonest) then soonest = math.max(0, t.due - now) end
  end
  if self.tables_moved then
    local wait = self.tables_sent and self.tables_sent + M.LOBBY_EVERY - now or 0
    if wait <= 0 then
      self:push_tables()
    elseif not soonest or wait < soonest then
      soonest = wait
    end
  end
  return soonest
end

---------------------------------------------------------------- messages

local function is_text(v) return type(v) == "string" and utf8.len(v) ~= nil end
local function is_int(v) return math.type(v) == "integer" or (type(v) == "number" and v % 1 == 0) end

-- The tables of the server, as the lobby lists them.
function Server:tables_info()
  local tables = {}
  for _, id in ipairs(self.order) do
    local t = self.tables[id]
    -- (a world's text that is not JSON must not stop the lobby)
    local ok, info = t.world:call("describe")
    local decoded, parsed = pcall(json.decode, ok and info or "")
    info = decoded and type(parsed) == "table" and parsed or { status = "error" }
    local watchers = 0
    for _ in pairs(t.conns) do watchers = watchers + 1 end
    local handed = {}
    for seat = 1, t.players do if t.handed[seat] then handed[#handed + 1] = seat end end
    tables[#tables + 1] = { id = id, title = t.title, players = t.players, kinds = t.kinds,
      handed = #handed > 0 and handed or nil, house = t.house and t.house:match("[^/]*$"),
      status = info.status, answers = math.tointeger(info.answers), replay = t.replay, sockets = watchers,
      watch = select(2, self:links(t)) }
  end
  return tables
end

-- Sends the lobby's sockets (those that asked for the lobby) the tables, as
-- a "tables" frame: a table made, a move, a game over are seen there
-- without asking again.
function Server:push_tables()
  self.tables_moved = nil
  local text
  for id, c in pairs(self.conns) do
    if c.lobby then
      -- through dkjson, as the lobby's answer (a list, never {})
      text = text or dkjson.encode({ type = "tables", tables = self:tables_info() })
      self:send(id, text)
    end
  end
  if text then self.tables_sent = self.transport.now() end
end

-- The games the lobby offers, without their house files: made anew at most
-- once in GAMES_EVERY (loading every game takes some 30 ms, and a page may
-- ask for the lobby as often as it likes).
function Server:lobby_games()
  local now = self.transport.now()
  if self.games and now - self.games_at < M.GAMES_EVERY then return self.games end
  local games = {}
  for _, name in ipairs(loader.names()) do
    local def = loader.load(name)
    if def then
      -- (told as a house file's own options are: a word list by name)
      local opts = {}
      for _, o in ipairs(def.options) do opts[#opts + 1] = require("repl.serve_house").lobby_option(o) end
      games[#games + 1] = { name = name, title = def.title, about = def.about,
                            min = def.players.min, max = def.players.max,
                            default = def.players.default, kinds = match.player_kinds(def),
                            options = opts }
    end
  end
  self.games, self.games_at = games, now
  return games
end

function Server:lobby_info()
  -- a house file added, changed or removed since is seen when a lobby page opens
  local houses = self.opts.houses
  if houses then houses:refresh() end
  local games = {}
  for k, game in ipairs(self:lobby_games()) do
    local entry = {}
    for field, v in pairs(game) do entry[field] = v end
    -- the house files that load with the game: names, never paths, and
    -- what each sets (its values of the options, its own options)
    entry.houses = houses and #houses:for_game(game.name) > 0 and houses:for_game(game.name) or nil
    games[k] = entry
  end
  return { type = "lobby", games = games, tables = self:tables_info() }
end

local handlers = {}

function handlers.lobby(self, id)
  -- through dkjson: cjson writes an empty table as {}, and a lobby of no
  -- table yet must say "tables":[] (the page goes through it as a list)
  if not self.opts.lobby then
    -- a server of one game makes no table: its page says what it plays
    -- instead of a form that every "create" would be refused from
    self:send(id, dkjson.encode({ type = "lobby", one_game = true, games = {},
                                  tables = self:tables_info() }))
  else
    self:send(id, dkjson.encode(self:lobby_info()))
  end
  -- from now on, the socket gets the tables anew as they change
  self.conns[id].lobby = true
end

function handlers.create(self, id, msg)
  if not self.opts.lobby then
    return self:error(id, "this server plays one game; start 'cardlab serve' without a game for a lobby")
  end
  if not is_text(msg.game) then return self:error(id, "create: 'game' must be a game's name") end
  local known = false
  for _, name in ipairs(loader.names()) do known = known or name == msg.game end
  if not known then
    return self:error(id, string.format("create: no game '%s'; games: %s", msg.game,
      table.concat(loader.names(), ", ")))
  end
  if msg.players ~= nil and not is_int(msg.players) then
    return self:error(id, "create: 'players' must be a whole number")
  end
  if msg.seed ~= nil and not is_int(msg.seed) then
    return self:error(id, "create: 'seed' must be a whole number")
  end
  local seats = {}
  if msg.seats ~= nil then
    if type(msg.seats) ~= "table" then return self:error(id, "create: 'seats' must be a list of kinds") end
    for i, k in ipairs(msg.seats) do
      if not is_text(k) then return self:error(id, "create: 'seats' must be a list of kinds") end
      seats[i] = k
    end
  end
  local options = {}
  if msg.options ~= nil then
    if type(msg.options) ~= "table" then return self:error(id, "create: 'options' must be an object") end
    for k, v in pairs(msg.options) do
      if type(k) ~= "string" or (type(v) ~= "string" and type(v) ~= "number" and type(v) ~= "boolean") then
        return self:error(id, "create: 'options' must map option names to values")
      end
      options[k] = tostring(math.type(v) == "float" and math.tointeger(v) or v)
    end
  end
  -- house rules by a name from the lobby's offer (--houses DIR): the page
  -- never gives a path, and a name not offered is refused
  local house
  if msg.house ~= nil and msg.house ~= json.null and msg.house ~= "" then
    if not is_text(msg.house) then
      return self:error(id, "create: 'house' must be the name of house rules from the lobby's list")
    end
    if not self.opts.houses then
      return self:error(id, "create: this server offers no house rules (its operator offers a folder "
        .. "of them with 'cardlab serve --houses DIR'); nothing was made")
    end
    local why
    house, why = self.opts.houses:path(msg.game, msg.house)
    if not house then return self:error(id, "create: " .. why .. "; nothing was made") end
  end
  local delay = self.opts.bot_delay
  if msg.bot_delay ~= nil then
    if not is_int(msg.bot_delay) or msg.bot_delay < 0 or msg.bot_delay > M.MAX_BOT_DELAY then
      return self:error(id, string.format("create: 'bot_delay' %s: expected 0 to %d milliseconds",
        tostring(msg.bot_delay), M.MAX_BOT_DELAY))
    end
    delay = math.tointeger(msg.bot_delay)
  end
  -- at the most tables, an idle or finished one makes room, else the
  -- request is refused before a world is made for it (a page sending
  -- creates at the cap would have the thread that plays every table load
  -- worlds to throw away)
  local lobby_tables, most = 0, self.opts.max_tables or M.MAX_TABLES
  for _, other in pairs(self.tables) do if other.lobby then lobby_tables = lobby_tables + 1 end end
  if lobby_tables >= most and not self:make_room() then
    return self:error(id, string.format("create: the server holds its most tables (%d), and none can be "
      .. "closed to make room (each has a page open, or a game that is not over and had a page open in the "
      .. "last %d minutes); nothing was made: try later, or ask its operator for more (--max-tables)", most,
      M.IDLE_CLOSE // 60000))
  end
  -- a seed from the server's generator (serve.seed) unless the person
  -- chose one; the world refuses a chosen one where it would tell secrets
  local t, err = self:add_table({ game = msg.game, players = msg.players and math.tointeger(msg.players),
    seed = msg.seed and math.tointeger(msg.seed) or self.transport.seed(), seed_chosen = msg.seed ~= nil,
    seats = seats, options = options, bot_delay = delay, lobby = true, house = house })
  if not t then
    -- (a house file changed or removed since the list was read: its error
    -- names the file, not the server's folder)
    return self:error(id, "create: " .. (house and self.opts.houses:unpathed(tostring(err)) or tostring(err)))
  end

  local links, watch, host = self:links(t)
  -- not the seed: whoever made the table may take a seat at it; the
  -- operator's console says it
  if self.opts.announce then self.opts.announce(t) end
  self:send(id, { type = "created", table = t.id, title = t.title, links = links, watch = watch,
                  host = host, house = t.house and t.house:match("[^/]*$") })
  self.tables_moved = true
  self:tick()
end

-- The table a message names, or nil after an error frame.
function Server:table_named(id, msg)
  if not is_int(msg.table) then
    self:error(id, string.format("%s: 'table' must be a table's number", msg.type))
    return nil
  end
  local t = self.tables[math.tointeger(msg.table)]
  if not t then
    local closed = self.closed[math.tointeger(msg.table)]
    self:error(id, string.format("%s: there is no table %s%s", msg.type, tostring(msg.table),
      closed and " (it was closed to make room for a new one: " .. closed .. ")" or ""))
  end
  return t
end

-- The seats of the table with a page open (a socket joined to the seat).
function Server:present(t)
  local open, seats = {}, {}
  for _, c in pairs(t.conns) do if c.seat and c.seat > 0 then open[c.seat] = true end end
  for seat = 1, t.players do if open[seat] then seats[#seats + 1] = seat end end
  return seats
end

-- Tells the sockets of the table which seats have a page open (a person who
-- left, or whose connection is lost, is seen as away: the others know whom
-- the table waits for); all but `except`, which its welcome told. Sent when a
-- seat is joined and when a seat's socket closes.
function Server:presence(t, except)
  if t.replay then return end
  -- (dkjson: no seat open is a list, [], not cjson's {})
  local text = dkjson.encode({ type = "presence", seats = self:present(t) })
  for cid in pairs(t.conns) do if cid ~= except then self:send(cid, text) end end
end

function Server:attach(id, t, seat, replay)
  local c = self.conns[id]
  local left, left_seat = c.table, c.seat
  if left then self:leave(left, id) end
  c.table, c.seat, c.replay, c.host = t, seat, replay, nil
  t.conns[id] = c
  t.idle_since = nil
  -- the welcome says who is there (present), so the page draws the table once
  self:send(id, string.format('{"type":"welcome","table":%d,"seat":%d,"present":%s,"game":%s}', t.id,
    seat, dkjson.encode(self:present(t)), t.game_json))
  if left and left ~= t then self:presence(left) end
  -- a seat's page that turns to watching its own table no longer holds the
  -- seat (a join tells the table itself, after its first frame)
  if left == t and left_seat and left_seat > 0 and seat == 0 then self:presence(t, id) end
end

function handlers.join(self, id, msg)
  local t = self:table_named(id, msg)
  if not t then return end
  if not is_int(msg.seat) or t.kinds[math.tointeger(msg.seat)] == nil then
    return self:error(id, string.format("join: 'seat' must be a seat of table %d, 1 to %d", t.id, t.players))
  end
  local seat = math.tointeger(msg.seat)
  -- (a person's seat handed to a bot keeps its token: its person takes it back)
  if not t.tokens[seat] then
    return self:error(id, string.format("join: seat %d is played by a bot (%s); watch the table instead",
      seat, t.kinds[seat]))
  end
  if msg.token == nil or msg.token == json.null then
    return self:error(id, string.format("join: no token for seat %d of table %d; a seat is joined by its "
      .. "link, which holds the token (the server printed one for each seat)", seat, t.id))
  end
  if msg.token ~= t.tokens[seat] then
    return self:error(id, string.format("join: wrong token for seat %d of table %d; use the link the "
      .. "server printed for that seat (a server started again prints new links)", seat, t.id))
  end
  self:attach(id, t, seat)
  self:send(id, self:frame(t, seat))
  self:presence(t, id)
  -- a second page of the seat: its other pages are told (a link opened in
  -- another tab, or by someone it was not meant for, plays the seat too)
  for cid, c in pairs(t.conns) do
    if cid ~= id and c.seat == seat then
      self:error(cid, string.format("another page joined seat %d too (its link was opened again, in another "
        .. "tab or by someone else): the answers of either page count", seat))
    end
  end
end

function handlers.watch(self, id, msg)
  local t = self:table_named(id, msg)
  if not t then return end
  if t.replay then return self:error(id, "watch: table " .. t.id .. " is a replay; open it with 'replay'") end
  -- the host's link: a watcher who may hand a seat whose person is away to a bot
  if msg.host ~= nil and msg.host ~= t.host_token then
    return self:error(id, string.format("watch: wrong host token for table %d; use the host link "
      .. "the server printed (or leave 'host' out to watch)", t.id))
  end
  self:attach(id, t, 0)
  self.conns[id].host = msg.host ~= nil or nil
  self:send(id, self:frame(t, 0))
end

function handlers.replay(self, id, msg)
  local t = self:table_named(id, msg)
  if not t then return end
  if not t.replay then return self:error(id, "replay: table " .. t.id .. " is not a replay") end
  local seat = msg.seat == nil and 0 or msg.seat
  if not is_int(seat) or seat < 0 or seat > t.players then
    return self:error(id, string.format("replay: 'seat' must be 0 (a watcher) or a seat, 1 to %d", t.players))
  end
  local step = msg.step == nil and 0 or msg.step
  if not is_int(step) then return self:error(id, "replay: 'step' must be a whole number") end
  local c = self.conns[id]
  if c.table ~= t then self:attach(id, t, 0, true) end
  local ok, f, err = t.world:call("replay_frame", math.tointeger(step), math.tointeger(seat))
  if not ok or not f then return self:error(id, "replay: " .. tostring(ok and err or f)) end
  self:send(id, f)
end

-- The socket's seat at its table, or nil after an error frame.
function Server:seated(id, msg)
  local c = self.conns[id]
  if not c.table or c.seat == 0 or c.replay then
    self:error(id, string.format("%s: this socket holds no seat; send 'join' with the seat's token first",
      msg.type))
    return nil
  end
  if msg.seat ~= nil and msg.seat ~= c.seat then
    self:error(id, string.format("%s: this socket holds seat %d; nothing is done for seat %s",
      msg.type, c.seat, tostring(msg.seat)))
    return nil
  end
  return c
end

-- A message's 'at', the number of answers of the table the page showed:
-- an answer or an undo for an older table is refused (a double click, two
-- pages of one seat). Gives the number, nil when it was not sent, or false
-- after an error frame.
function Server:answered_at(id, msg)
  -- (null, as a client may write a field it has no value for, is not sent)
  if msg.at == nil or msg.at == json.null then return nil end
  local at = is_int(msg.at) and math.tointeger(msg.at)
  if not at or at < 0 then
    self:error(id, string.format("%s: 'at' must be the number of answers of the table your page "
      .. "showed, a whole number from 0", msg.type))
    return false
  end
  return at
end

function handlers.answer(self, id, msg)
  local c = self:seated(id, msg)
  if not c then return end
  if not is_text(msg.text) then return self:error(id, "answer: 'text' must be the answer's text") end
  local at = self:answered_at(id, msg)
  if at == false then return end
  local t = c.table
  local ok, status, why = t.world:call("answer", c.seat, msg.text, at)
  if not ok then return self:error(id, "answer: " .. tostring(status)) end
  if not status then return self:send(id, { type = "refused", reason = why }) end
  self:schedule(t)
  if t.due and t.bot_delay == 0 then self:tick() else self:broadcast(t) end
end

function handlers.undo(self, id, msg)
  local c = self:seated(id, msg)
  if not c then return end
  local at = self:answered_at(id, msg)
  if at == false then return end
  local t = c.table
  local ok, status, why = t.world:call("undo", c.seat, at)
  if not ok then return self:error(id, "undo: " .. tostring(status)) end
  if not status then return self:send(id, { type = "refused", reason = why }) end
  t.due = nil
  self:schedule(t)
  self:broadcast(t)
end

-- A seat whose person is away, which the table waits for, handed to the
-- game's best bot (greedy, else random) by a seated person of the table or
-- its host; everyone's log says who handed which seat to which bot. The
-- bot's answers are ordinary answers: the game stays a function of them.
function handlers.hand(self, id, msg)
  local c = self.conns[id]
  local t = c.table
  if not t or c.replay or not (c.seat > 0 or c.host) then
    return self:error(id, "hand: only a person seated at the table, or its host (the host link), may "
      .. "hand a seat to a bot; nothing was changed")
  end
  if not is_int(msg.seat) or msg.seat < 1 or msg.seat > t.players then
    return self:error(id, string.format("hand: 'seat' must be a seat of table %d, 1 to %d", t.id, t.players))
  end
  local seat = math.tointeger(msg.seat)
  for _, s in ipairs(self:present(t)) do
    if s == seat then
      return self:send(id, { type = "refused", reason = string.format("hand: seat %d's person is "
        .. "there (a page of the seat is open): only a seat whose person is away can be handed to "
        .. "a bot; nothing was changed", seat) })
    end
  end
  local by = c.seat > 0 and string.format("seat %d", c.seat) or "the host"
  local ok, bot, why = t.world:call("hand", seat, by)
  if not ok then return self:error(id, "hand: " .. tostring(bot)) end
  if not bot then return self:send(id, { type = "refused", reason = "hand: " .. why }) end
  t.kinds[seat], t.handed[seat] = bot, by
  self:schedule(t)
  if t.due and t.bot_delay == 0 then self:tick() else self:broadcast(t) end
end

-- The person of a seat handed to a bot takes it back (from the seat's own
-- link): the bot answers no more for it.
function handlers.take(self, id, msg)
  local c = self:seated(id, msg)
  if not c then return end
  local t = c.table
  local ok, kind, why = t.world:call("take", c.seat)
  if not ok then return self:error(id, "take: " .. tostring(kind)) end
  if not kind then return self:send(id, { type = "refused", reason = "take: " .. why }) end
  t.kinds[c.seat], t.handed[c.seat] = kind, nil
  -- a bot's answer due for the seat is not given
  t.due = nil
  self:schedule(t)
  self:broadcast(t)
end

-- The table in the game's words, for the seat of the socket (a watcher:
-- the public view), as `cardlab play` prints it.
function handlers.words(self, id)
  local c = self.conns[id]
  if c.replay then
    return self:error(id, "words: this socket watches a replay, whose steps are shown as they are; "
      .. "'words' is for a table being played ('join' or 'watch')")
  end
  if not c.table then
    return self:error(id, "words: this socket is at no table; send 'join' or 'watch' first")
  end
  local ok, text, why = c.table.world:call("words", c.seat)
  if not ok or type(text) ~= "string" then
    return self:error(id, "words: " .. tostring(ok and why or text):match("^[^\n]*"))
  end
  self:send(id, text)
end

-- The whole log of the table, as the socket's seat sees it (a frame holds
-- the last entries only): the answers, a secret one hidden from the other
-- seats as in the frames, and what was said. A replay's socket names the
-- step and the seat it shows, as its 'replay' messages do.
function handlers.log(self, id, msg)
  local c = self.conns[id]
  local t = c.table
  if not t then
    return self:error(id, "log: this socket is at no table; send 'join', 'watch' or 'replay' first")
  end
  local ok, text, why
  if c.replay then
    local seat = msg.seat == nil and 0 or msg.seat
    if not is_int(seat) or seat < 0 or seat > t.players then
      return self:error(id, string.format("log: 'seat' must be 0 (a watcher) or a seat, 1 to %d", t.players))
    end
    if not is_int(msg.step) then
      return self:error(id, "log: 'step' must be the replay's step, a whole number")
    end
    ok, text, why = t.world:call("log", math.tointeger(seat), math.tointeger(msg.step))
  else
    ok, text, why = t.world:call("log", c.seat)
  end
  if not ok or type(text) ~= "string" then
    return self:error(id, "log: " .. tostring(ok and why or text):match("^[^\n]*"))
  end
  self:send(id, text)
end

-- The search bot's ranking of the answers of the seat asked, for its socket
-- (cardlab play's hint): a fraction of a second of the server's thread.
function handlers.hint(self, id, msg)
  local c = self:seated(id, msg)
  if not c then return end
  local ok, text, why = c.table.world:call("hint", c.seat)
  if ok and text == nil and why then return self:send(id, { type = "refused", reason = "hint: " .. why }) end
  if not ok or type(text) ~= "string" then
    return self:error(id, "hint: " .. tostring(text):match("^[^\n]*"))
  end
  self:send(id, text)
end

function handlers.save(self, id, msg)
  local c = self:seated(id, msg)
  if not c then return end
  local ok, text, why = c.table.world:call("save_text", c.seat)
  if ok and text == nil and why then return self:send(id, { type = "refused", reason = "save: " .. why }) end
  if not ok or type(text) ~= "string" then
    return self:error(id, "save: " .. tostring(text):match("^[^\n]*"))
  end
  self:send(id, { type = "saved", text = text,
                  name = string.format("%s-table%d.json", c.table.game, c.table.id) })
end

function Server:message(id, text)
  if not self.conns[id] then self.conns[id] = {} end
  if utf8.len(text) == nil then
    return self:error(id, "frame refused: not valid UTF-8; nothing was changed")
  end
  local ok, msg = pcall(json.decode, text)
  -- (an array, [] too, is no object: cjson reads both as a table)
  if not ok or type(msg) ~= "table" or #msg > 0 or text:match("^%s*%[") then
    local reason = ok and "expected a JSON object, got " .. (type(msg) == "table" and "an array"
      or type(msg) == "string" and "a text" or type(msg) == "number" and "a number"
      or type(msg) == "boolean" and "true or false" or "null") or tostring(msg):gsub("^.-:%d+: ", "")
    return self:error(id, "malformed JSON refused (" .. reason .. "); nothing was changed")
  end
  -- JSON numbers come as floats: whole ones as integers, as Lua writes them
  for k, v in pairs(msg) do
    if math.type(v) == "float" and math.tointeger(v) then msg[k] = math.tointeger(v) end
  end
  local handler = is_text(msg.type) and handlers[msg.type]
  if not handler then
    local names = {}
    for k in pairs(handlers) do names[#names + 1] = k end
    table.sort(names)
    return self:error(id, string.format("unknown message type %s; types: %s",
      is_text(msg.type) and "'" .. msg.type .. "'" or msg.type == nil and "(none)"
        or string.format("(%s, not a text)", json.encode(msg.type)), table.concat(names, ", ")))
  end
  -- a host bug in one message must not stop every table: it is said on
  -- standard error and to the socket, and the server goes on
  local handled, err = pcall(handler, self, id, msg)
  if not handled then
    io.stderr:write("cardlab: serve: ", tostring(err), "\n")
    self:error(id, string.format("%s: failed: %s", msg.type, tostring(err):match("^[^\n]*")))
  end
end

function Server:open(id)
  self.conns[id] = {}
end

function Server:close(id)
  local c = self.conns[id]
  self.conns[id] = nil
  if c and c.table then
    self:leave(c.table, id)
    if c.seat and c.seat > 0 and self.tables[c.table.id] then self:presence(c.table) end
  end
end

-- Takes socket id from table t; a table left with no page is idle from now.
function Server:leave(t, id)
  t.conns[id] = nil
  if next(t.conns) == nil then t.idle_since = self.transport.now() end
end

-- Closes table t and forgets it; `why` is kept to tell a link to it later.
function Server:drop(t, why)
  t.world:close()
  self.tables[t.id] = nil
  for k, id in ipairs(self.order) do
    if id == t.id then table.remove(self.order, k) break end
  end
  self.closed[t.id] = why
  self.tables_moved = true
end

-- Closes a lobby table to make room for a new one: the first made of those
-- no page has open whose game is over or which has been idle IDLE_CLOSE.
-- Gives true, or false when none may be closed.
function Server:make_room()
  local now = self.transport.now()
  for _, id in ipairs(self.order) do
    local t = self.tables[id]
    if t.lobby and next(t.conns) == nil then
      local why
      if t.idle_since and now - t.idle_since >= M.IDLE_CLOSE then
        why = string.format("no page had it open for %d minutes", M.IDLE_CLOSE // 60000)
      else
        local ok, info = t.world:call("describe")
        local decoded, parsed = pcall(json.decode, ok and info or "")
        if decoded and type(parsed) == "table" and parsed.status == "over" then why = "its game was over" end
      end
      if why then
        self:drop(t, why)
        return true
      end
    end
  end
  return false
end

-- Tells every socket the server is stopping (a page would otherwise say
-- only that its connection was lost, and try again for ever).
function Server:stopping()
  local text = encode({ type = "stopped", reason = "the server was stopped; this page connects again if it "
    .. "is started again (one started with --resume prints new seat links)" })
  for id in pairs(self.conns) do self:send(id, text) end
end

function Server:shutdown()
  for _, id in ipairs(self.order) do self.tables[id].world:close() end
  self.tables, self.order = {}, {}
end

M.Server = Server

---------------------------------------------------------------- the command

local common = require "repl.common"
local say, complain, parse = common.say, common.complain, common.parse

local function seat_kinds(list)
  local kinds, given = {}, {}
  for _, text in ipairs(list or {}) do
    -- KIND may be the search bot with parameters (2=ismcts:iterations=100):
    -- the table's world checks it
    local k, kind = text:match("^(%d+)=(%S+)$")
    k = tonumber(k)
    if not k then
      return nil, string.format("--seat takes K=KIND, e.g. --seat 2=random or --seat "
        .. "2=ismcts:iterations=100 (got '%s')", text)
    end
    if given[k] then
      return nil, string.format("seat %d given twice (--seat %s, then --seat %s); expected one "
        .. "--seat per seat", k, given[k], text)
    end
    given[k] = text
    kinds[k] = kind
  end
  return kinds
end

function M.run(argv)
  local opts, pos = parse("serve", argv, { players = "integer", seed = "integer", seat = "list",
    option = "list", house = "string", save = "string", port = "integer", listen = "string",
    resume = "string", replay = "string", bot_delay = "integer", houses = "string", max_tables = "integer",
    sockets_per_address = "integer" },
    nil, { "GAME" })
  if not opts then return 2 end
  local sources = (pos[1] and 1 or 0) + (opts.resume and 1 or 0) + (opts.replay and 1 or 0)
  if sources > 1 then
    complain("serve: give one of GAME, --resume FILE and --replay FILE")
    return 2
  end
  -- a save file holds its game, players, seed, options and house rules:
  -- a flag that would set them again is refused, not left unheeded (as play
  -- --resume does); a replay takes no seat or save either
  local from_file = opts.resume and "--resume" or opts.replay and "--replay"
  if from_file then
    local taken = { "players", "seed", "option", "house" }
    if opts.replay then taken[#taken + 1] = "seat" taken[#taken + 1] = "save" end
    for _, flag in ipairs(taken) do
      if opts[flag] and opts.resume then
        complain("serve: --resume FILE takes the game, players, seed, options and house rules from the file; "
          .. "expected only --seat and --save with it (got --%s)", flag)
        return 2
      elseif opts[flag] then
        complain("serve: --replay FILE steps through the game of the file as it was played; expected no "
          .. "--players, --seed, --seat, --option, --house or --save with it (got --%s)", flag)
        return 2
      end
    end
  end
  local cs = require "cardlab.serve"
  local listen = opts.listen or "127.0.0.1"
  if not cs.is_address(listen) then
    complain("serve: --listen '%s': expected an IP address such as 127.0.0.1 or 0.0.0.0", listen)
    return 2
  end
  -- (else civetweb says only "Failed to setup server ports")
  if listen:find(":", 1, true) and not cs.ipv6 then
    complain("serve: --listen '%s': this cardlab's web server (civetweb) was built without IPv6; listen "
      .. "on an IPv4 address such as 127.0.0.1, or 0.0.0.0 for every address", listen)
    return 2
  end
  if opts.max_tables and (pos[1] or opts.resume or opts.replay) then
    complain("serve: --max-tables bounds the lobby's tables, which a server of one game has not; leave "
      .. "the GAME out for a lobby")
    return 2
  end
  -- the whole-number flags, each within its range
  local function out_of_range(flag, value, low, high, words)
    if value and (value < low or value > high) then
      complain("serve: --%s %d: expected %s", flag, value, words)
      return true
    end
  end
  local port, delay, per_address = opts.port or 8080, opts.bot_delay or 700, opts.sockets_per_address or 32
  if out_of_range("port", port, 0, 65535, "0 (any free port) to 65535")
      or out_of_range("bot-delay", delay, 0, M.MAX_BOT_DELAY, string.format("0 to %d milliseconds", M.MAX_BOT_DELAY))
      or out_of_range("sockets-per-address", per_address, 1, 1024, "1 to 1024 sockets")
      or out_of_range("max-tables", opts.max_tables, 1, 10000, "1 to 10000 tables") then
    return 2
  end
  if opts.houses and (pos[1] or opts.resume or opts.replay) then
    complain("serve: --houses offers house rules in the lobby, which a server of one game has not; "
      .. "give --house FILE with a GAME, or leave the GAME out for a lobby")
    return 2
  end
  local houses
  if opts.houses then
    local dir = opts.houses:gsub("(.)/+$", "%1")
    local mode, err = require("lfs").attributes(dir, "mode")
    if mode ~= "directory" then
      complain("serve: --houses '%s': %s; expected a folder of house-rule files", opts.houses,
        mode and "not a folder" or tostring(err))
      return 1
    end
    houses = require("repl.serve_house").offer(dir, loader.names, loader.load,
      function(text) complain("serve: %s", text) end)
    houses:refresh()
  end
  local config
  if pos[1] then
    local settings = common.option_settings("serve", opts.option)
    if not settings then return 2 end
    local kinds, err = seat_kinds(opts.seat)
    if not kinds then complain("serve: %s", err) return 2 end
    config = { game = pos[1], house = opts.house, players = opts.players, options = settings,
               seed = opts.seed or cs.seed(), save = opts.save, seats = kinds }
    -- seats not given: the first a person, the others bots, as play does
    if not next(kinds) then config.seats = nil end
  elseif opts.resume then
    -- --seat K=human seats a person again where the save has a bot (a seat
    -- handed to a bot at the web table while its person was away)
    local kinds, err = seat_kinds(opts.seat)
    if not kinds then complain("serve: %s", err) return 2 end
    config = { resume = opts.resume, save = opts.save, seats = next(kinds) and kinds or nil }
  elseif opts.replay then
    config = { replay = opts.replay }
  end
  if not config then
    for _, flag in ipairs({ "players", "seed", "seat", "option", "house", "save" }) do
      if opts[flag] then
        complain("serve: --%s needs a GAME (the lobby sets up each table)", flag)
        return 2
      end
    end
  end
  -- a default seed from /dev/urandom: the clock's would be guessed, and
  -- two tables made in the same second would be dealt alike
  local transport = { send = cs.send, token = cs.token, now = cs.now, world = cs.world,
                      seed = cs.seed }
  local server = M.new(transport, { bot_delay = delay, lobby = config == nil, houses = houses,
    max_tables = opts.max_tables,
    announce = function(t)
      say("table %d: %s, %d players (%s), seed %d%s", t.id, t.title, t.players,
        table.concat(t.kinds, ", "), t.seed, t.house and ", house rules " .. t.house:match("[^/]*$") or "")
      io.stdout:flush()
    end })
  local t
  if config then
    local status
    -- seats given in part (--seat 2=random): the table's world completes
    -- them, the first a person, the others the game's best bot, as play does;
    -- the game and its house file are loaded only there, never here
    if config.seats then
      local given = {}
      for seat, kind in pairs(config.seats) do given[#given + 1] = { seat, kind } end
      table.sort(given, function(a, b) return a[1] < b[1] end)
      config.seats, config.seats_given = nil, given
    end
    local err
    t, err, status = server:add_table(config)
    if not t then complain("serve: %s", err) return status or 1 end
  end
  local actual, err = cs.start(listen, port, CARDLAB_HOME .. "/repl/web", 300, per_address)
  if not actual then
    server:shutdown()
    complain("serve: %s", err)
    return 1
  end
  local host = listen:find(":") and "[" .. listen .. "]" or listen
  -- (every address: the links name this machine's loopback, which works here;
  -- others need its address or name, which the server cannot know)
  local everywhere = listen == "0.0.0.0" or listen == "::"
  if listen == "0.0.0.0" then host = "127.0.0.1" elseif listen == "::" then host = "[::1]" end
  server.opts.base = string.format("http://%s:%d", host, actual)
  if t then
    say("%s, %d players, seed %d%s", t.title, t.players, t.seed,
      t.house and ", house rules " .. t.house or "")
    local links, watch, host_link = server:links(t)
    if t.replay then
      say("replay of %s (%d answers): %s/replay?table=%d", opts.replay, t.replay, server.opts.base, t.id)
    else
      for _, l in ipairs(links) do
        say("  seat %d: %s", l.seat, l.url or l.kind)
      end
      say("  watch:  %s", watch)
      -- (a watch link that may also hand a seat whose person is away to a bot)
      if next(t.tokens) then say("  host:   %s", host_link) end
    end
    if opts.save or opts.resume then say("saved after every answer in %s", opts.save or opts.resume) end
  else
    say("lobby: %s/", server.opts.base)
    if houses then
      local files, games = houses:summary()
      say("house rules offered: %d %s of %s, for %d %s", files, files == 1 and "file" or "files",
        houses.dir, games, games == 1 and "game" or "games")
    end
  end
  if everywhere then
    say("listening on every address: on another machine, use these links with this machine's address or name in place of %s", host)
  end
  say("serving on %s:%d; Ctrl-C stops", listen, actual)
  io.stdout:flush()
  while true do
    local wait = server:tick()
    local kind, id, text = cs.next(wait and math.max(0, math.floor(wait)) or 1000)
    if kind == "stop" then break
    elseif kind == "open" then server:open(id, text)
    elseif kind == "message" then server:message(id, text)
    elseif kind == "close" then server:close(id)
    end
  end
  server:stopping()
  cs.stop()
  server:shutdown()
  say("stopped")
  return 0
end

return M
