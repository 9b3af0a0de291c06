-- A match is one game being played: a definition, its configuration (players,
-- seed, option values), the script-facing `game` object and the engine that
-- runs the script as a coroutine. Everything a front end does (play, replay,
-- undo, save, check, sim) goes through here.

local vm = require "cardlab.vm"
local options = require "cardlab.options"
local edits = require "cardlab.edits"
local dictionary = require "cardlab.dictionary"
local loader = require "cardlab.loader"
local render = require "render"
local readonly = require "cardlab.readonly"
local ismcts = require "cardlab.ismcts"

local M = {}

---------------------------------------------------------------- the game object

-- The methods a rule script calls on its `game`.
local Game = {}
Game.__index = Game

local yield = coroutine.yield

-- The private key of the game object's counters (game:count). (What each
-- request was, a simulation reads from the engine, which counts them:
-- e:requests.)
local COUNTERS = {}

-- The metatable every zone has, to check an argument before this file's own
-- use of it fails at this file's line.
local ZONE_MT = getmetatable(vm.table(0):zone("box"))

-- The zones check_zone has passed (weak keys: they go with their tables).
-- A userdata's metatable cannot change, so a zone once checked is a zone:
-- the hot methods (game:draw) look it up here rather than calling
-- getmetatable at every call.
local is_zone = setmetatable({}, { __mode = "k" })

-- Raises Lua's "bad argument" error at the script's line (the caller of the
-- game method that calls this) unless z is a zone.
local function check_zone(z, i, method)
  if is_zone[z] then return end
  if getmetatable(z) ~= ZONE_MT then
    local mt = getmetatable(z)
    local got = type(mt) == "table" and type(rawget(mt, "__name")) == "string" and mt.__name or type(z)
    error(string.format("bad argument #%d to '%s' (cl.Zone expected, got %s)", i, method, got), 3)
  end
  is_zone[z] = true
end

-- game:zone(name) finds a zone; game:zone(name, spec) makes one. spec has
-- visibility ("everyone", "owner", "count", "nobody"), face ("up", "down"),
-- owner (a seat) and per_seat (true: one zone per seat, named name[seat],
-- owned by it; gives the list).
local ZONE_FIELDS = { visibility = true, face = true, owner = true, per_seat = true }

-- Why there is no zone `name` in `zones` (game.zones): the names there are,
-- so that a misspelt one ('hands' for 'hand') says which were meant.
local function no_zone(zones, name)
  local names = {}
  for k in next, zones do
    if type(k) == "string" then names[#names + 1] = k end
  end
  table.sort(names)
  -- zones made one by one as 'email[1]', 'email[2]' are no list 'email'
  -- (as a per_seat 'hand' is): say how to read one
  local indexed
  if type(name) == "string" then
    for _, k in ipairs(names) do
      if k:sub(1, #name + 1) == name .. "[" then indexed = k; break end
    end
  end
  -- a seat's zone of a per-seat list named as the edits and views name it
  -- ('hand[1]'): say how a script reads it
  local base, seat
  if type(name) == "string" then base, seat = name:match("^(.+)%[(%d+)%]$") end
  local seat_zone = base and type(rawget(zones, base)) == "table" and getmetatable(rawget(zones, base)) ~= nil
    and string.format(" ('%s' is seat %s's zone of the per-seat '%s': game.zones.%s[%s])", name, seat, base,
      base, seat)
  return string.format("no zone named %s; zones: %s%s",
    type(name) == "string" and "'" .. name .. "'" or tostring(name) .. " (a " .. type(name) .. ")",
    table.concat(names, ", "),
    seat_zone or indexed and string.format(" ('%s' is a zone of its own, not a list: game.zones[\"%s\"])", indexed,
      indexed) or ""), seat_zone ~= nil
end

-- game.zones: reading a zone that was never made is an error at the script's
-- line that names it, rather than a nil that fails later and elsewhere
-- ("bad argument #1 to 'move_all' (cl.Zone expected, got nil)").
local ZONES_MT = { __index = function(zones, name) error(no_zone(zones, name), 2) end }

-- A per-seat zone list (game.zones.hand): reading a seat that is not one of
-- the game's (hand[5] at a table of 4, hand["1"]) is an error at the
-- script's line that reads it, naming the seats, rather than a nil that
-- fails later and elsewhere. Only a missing key reaches __index: reading a
-- seat costs nothing more. ipairs, which reads one past the last seat to
-- find the end, gets its nil.
local ipairs_step = ipairs({})
local per_seat_names = setmetatable({}, { __mode = "k" })  -- list -> its zones' name
local PER_SEAT_MT = { __index = function(list, seat)
  local caller = debug.getinfo(2, "f")
  if caller and caller.func == ipairs_step then return nil end
  local name = per_seat_names[list] or "?"
  local key = math.type(seat) == "integer" and tostring(seat)
    or type(seat) == "string" and string.format("%q", seat) or tostring(seat)
  local given = (math.type(seat) == "integer" or math.type(seat) == "float") and tostring(seat)
    or string.format("%s (a %s)", type(seat) == "string" and "'" .. seat .. "'" or tostring(seat), type(seat))
  error(string.format("no zone '%s[%s]': %s is not a seat of this game (1..%d)", name, key, given,
    rawlen(list)), 2)
end }

-- Makes the table's zone, with an error in the script's name (level 3: the
-- script's call of game:zone) rather than this file's.
local function new_zone(game, name, spec)
  local ok, z = pcall(game.table.zone, game.table, name, spec)
  if not ok then error(z, 3) end
  return z
end

function Game:zone(name, spec)
  if spec == nil then
    local z = rawget(self.zones, name)
    if z == nil then
      -- (game:zone(name) without a spec finds a zone; it does not make one,
      -- and a seat's zone of a list is not one to make)
      local why, of_seat = no_zone(self.zones, name)
      if of_seat then error(why, 2) end
      error(string.format("%s (game:zone(name) finds a zone; to make one, give a spec: "
        .. "game:zone(%q, {}))", why, tostring(name)), 2)
    end
    return z
  end
  if type(name) ~= "string" or type(spec) ~= "table" then
    error(string.format("game:zone(name, spec): a name and a table (got %s and %s)", type(name),
      type(spec)), 2)
  end
  for _, k in ipairs(options.sorted_keys(spec)) do  -- (of two wrong fields, the same named every run)
    if not ZONE_FIELDS[k] then
      error(string.format("zone '%s': unknown field '%s'; expected visibility, face, owner or per_seat",
        name, tostring(k)), 2)
    end
  end
  if rawget(self.zones, name) ~= nil then error(string.format("a zone named '%s' exists already", name), 2) end
  local owner = spec.owner
  if owner ~= nil and (math.type(owner) ~= "integer" or owner < 0 or owner > self.players) then
    error(string.format("zone '%s': owner %s is not a seat of this game (1..%d, or 0: shared)",
      name, tostring(owner), self.players), 2)
  end
  if spec.per_seat then
    if owner ~= nil then
      error(string.format("zone '%s': per_seat zones are owned by their seats; give no owner",
        name), 2)
    end
    local list = {}
    for seat = 1, self.players do
      list[seat] = new_zone(self, string.format("%s[%d]", name, seat),
        { owner = seat, visibility = spec.visibility, face = spec.face })
    end
    per_seat_names[list] = name
    setmetatable(list, PER_SEAT_MT)
    self.zones[name] = list
    return list
  end
  local z = new_zone(self, name, { owner = owner, visibility = spec.visibility, face = spec.face })
  self.zones[name] = z
  return z
end

-- The prompt a refresh gives second: none, or a text.
local function check_prompt(prompt)
  if prompt ~= nil and type(prompt) ~= "string" then
    error(string.format("refresh gave a %s as the prompt; expected a text (or nothing)", type(prompt)), 0)
  end
end

-- game:ask(seat, kind, prompt, answers [, explain]) asks one seat to pick one
-- of the answer texts; gives the answer and its index. explain(text, seat),
-- if given, says why a text not in the list is refused (or gives nil). With a
-- validator function in place of the list (and an enumerator of legal
-- answers for bots after it), the seat types an answer; gives the text the
-- validator accepted.
--
-- refresh, if given with a list, gives the list anew: an edit made while the
-- request is pending (the REPL's :set, a scenario's set-up) asks it again
-- with the answers refresh(seat) gives then, in place of those listed
-- before, and with the prompt it gives second, if any (a prompt that quotes
-- the table). The script reads its own answers after the edit through what
-- refresh updated (the index given is one of the new list).
--
-- The request itself holds refresh, as its sixth part (Match:reask finds it
-- there): asking writes nothing and allocates nothing, as it is the hot path
-- of every simulation.
local is_refresh = setmetatable({}, { __mode = "k" })  -- the functions checked below

function Game:ask(seat, kind, prompt, answers, explain_or_enumerate, refresh)
  if refresh ~= nil and not is_refresh[refresh] then
    if type(refresh) ~= "function" then
      error(string.format("bad argument #6 to 'ask' (function expected, got %s)", type(refresh)), 2)
    end
    is_refresh[refresh] = true
  end
  return yield(seat, kind, prompt, answers, explain_or_enumerate, refresh)
end

-- The answers for a list of items: label(item) (default tostring) must give
-- a text. Items with the same label are one answer, the first of them: an
-- answer is known by its text alone (in logs and save files), so two equal
-- texts would replay as the first whichever one a bot picked. Gives the
-- answers and, for each, the index of its item. `fname` names the caller in
-- errors, which are raised at the script's line (level 3).
local function labelled(fname, items, label)
  if label ~= nil and type(label) ~= "function" then
    -- (a field's name, "name", is a likely slip: it was called here, at the library's line)
    error(string.format("bad argument #5 to '%s' (function expected, got %s)", fname:gsub("^game:", ""),
      type(label)), 3)
  end
  local answers, index, seen = {}, {}, {}
  for i, item in ipairs(items) do
    local text
    if label then text = label(item) else text = tostring(item) end
    if type(text) ~= "string" then
      error(string.format("%s: the label of item %d is %s, not a text", fname, i,
        text == nil and "nil" or "a " .. type(text)), 3)
    end
    if not seen[text] then
      seen[text] = true
      answers[#answers + 1], index[#answers + 1] = text, i
    end
  end
  return answers, index
end

-- game:choose(seat, kind, prompt, items [, label [, explain]]) asks for one
-- of the items; label(item) gives an item's answer text (default tostring);
-- items with the same label are offered once, as the first of them.
-- explain(text, seat) says why a refused text is refused, as for game:ask.
-- Gives the item and its index in items.
-- refresh, if given, gives the items anew, as for game:ask: an edit made
-- while the request is pending asks it again.
function Game:choose(seat, kind, prompt, items, label, explain, refresh)
  local answers, index = labelled("game:choose", items, label)
  if #answers == 0 then error("game:choose: no items to choose from (an empty list)", 2) end
  if refresh ~= nil and type(refresh) ~= "function" then
    error(string.format("bad argument #7 to 'choose' (function expected, got %s)", type(refresh)), 2)
  end
  if refresh ~= nil then
    self._reask = function()
      local new, prompt = refresh(seat)
      if type(new) ~= "table" then return false end
      local a2, i2 = labelled("game:choose", new, label)
      if #a2 == 0 then return false end
      check_prompt(prompt)
      for k = 1, math.max(#answers, #a2) do answers[k] = a2[k] end
      items, index = new, i2
      return true, prompt
    end
  end
  local _, i = yield(seat, kind, prompt, answers, explain)
  self._reask = nil
  return items[index[i]], index[i]
end

local YES_NO = { "yes", "no" }

-- game:yes_no(seat, kind, prompt) gives true for yes.
function Game:yes_no(seat, kind, prompt)
  self._reask = true   -- yes and no, whatever an edit changed
  local yes = yield(seat, kind, prompt, YES_NO) == "yes"
  self._reask = nil
  return yes
end

-- game:text(seat, kind, prompt, validate, enumerate) asks for a typed answer.
-- validate(text) gives true (or the canonical text) or nil and a reason;
-- enumerate() lists the legal answers, for bots; it may vouch for them with a
-- second value true (each legal and canonical), and a bot's pick from such a
-- list is not validated. Gives the text and, for a pick from a list vouched
-- for, its index in the list (nil for a validated text).
function Game:text(seat, kind, prompt, validate, enumerate)
  self._reask = true   -- the validator reads the table as it is when the answer comes
  local text, index = yield(seat, kind, prompt, validate, enumerate)
  self._reask = nil
  return text, index
end

-- game:choose_several(seat, kind, prompt, items, label, min, max) asks for
-- between min and max of the items, one at a time, with "done" once min are
-- chosen; items with the same label are offered one at a time, as for
-- game:choose. Gives the chosen items in the order chosen.
function Game:choose_several(seat, kind, prompt, items, label, min, max)
  min, max = min or 0, max or #items
  local chosen, left = {}, {}
  for i = 1, #items do left[i] = items[i] end
  while #chosen < max and #left > 0 do
    local answers, index = labelled("game:choose_several", left, label)
    if #chosen >= min then answers[#answers + 1] = "done" end
    local _, i = yield(seat, kind, string.format("%s (%d chosen)", prompt, #chosen), answers)
    if index[i] == nil then break end
    chosen[#chosen + 1] = table.remove(left, index[i])
  end
  return chosen
end

-- game:count(name [, by]) adds `by` (default 1) to the game's counter
-- `name`: an event a designer wants counted in simulations ("patrol
-- played"). Counters are kept in every game and cost a table update; the
-- records of `cardlab sim` hold them. Gives the new count.
function Game:count(name, by)
  if type(name) ~= "string" or name == "" then
    error(string.format("bad argument #1 to 'count' (a counter's name expected, got %s)",
      name == "" and "an empty text" or type(name)), 2)
  end
  by = by == nil and 1 or by
  if type(by) ~= "number" or by ~= by or by == math.huge or by == -math.huge then
    error(string.format("bad argument #2 to 'count' (a finite number expected, got %s)",
      tostring(by)), 2)
  end
  local counters = self[COUNTERS]
  local c = (counters[name] or 0) + by
  counters[name] = c
  return c
end

-- The counters of game:count, as a map of name to count (the game's own table).
function M.counters(game) return game[COUNTERS] end

-- The counting wrappers that a simulation's records put around rule pieces
-- (records.count_rule_calls), each with { piece = the piece it counts,
-- counts = its definition's counts, index = the piece's number there }.
-- Weak keys: they go with their definition.
local counting_of = setmetatable({}, { __mode = "k" })

-- Makes wrapper known as the counting wrapper of piece: counts.tally(list)
-- gives a tally of calls of the pieces numbered in list (game:call_tally).
function M.counting(wrapper, piece, counts, index)
  local inner = counting_of[piece]
  counting_of[wrapper] = { piece = inner and inner.piece or piece, counts = counts, index = index }
end

-- game:uncounted(piece) gives the rule piece behind the wrapper with which
-- a simulation counts its calls, or piece itself. A game's faster way of
-- doing what its book's pieces do asks with it whether they are the book's:
-- `game:uncounted(game.rules.can_play) == book_can_play`.
function Game:uncounted(piece)
  local c = counting_of[piece]
  return c and c.piece or piece
end

-- game:call_tally(piece, ...) gives, when a simulation counts the calls of
-- the rule pieces given, a tally (a cl.Tally, vm.tally) whose `calls` a
-- faster way that stands for calls of them raises by the calls it stood
-- for: each piece is counted that many calls more (Crazy Eights'
-- zone:select stands for a call of can_play, and of the is_wild it asks,
-- per card in hand, and adds them to the tally given it, in C). The counts
-- are then what they would be had the pieces been called. Gives nil when
-- their calls are not counted. Ask once a game, in setup (the pieces do
-- not change during a game): an object, not a function to call, since the
-- faster way runs at every request (a call cost Crazy Eights' recorded
-- games 2%, the tally's field raised in Lua at each request 1%).
function Game:call_tally(...)
  local counts, list = nil, {}
  for i = 1, select("#", ...) do
    local piece = select(i, ...)
    if type(piece) ~= "function" then
      error(string.format("bad argument #%d to 'call_tally' (a rule piece expected, got %s)",
        i, type(piece)), 2)
    end
    local c = counting_of[piece]
    if c then counts, list[#list + 1] = c.counts, c.index end
  end
  if not counts then return nil end
  return counts.tally(list)
end

-- game:random(n) gives 1..n, game:random(n, m) n..m, from the game's seeded
-- generator.
function Game:random(n, m)
  -- whole numbers as floats (#t / 2) count, as the vm's own functions take them
  n, m = math.tointeger(n) or n, m ~= nil and math.tointeger(m) or m
  if math.type(n) ~= "integer" or (m ~= nil and math.type(m) ~= "integer")
     or (m == nil and n < 1) or (m ~= nil and n > m) then
    error(string.format("game:random(%s%s): expected an integer n >= 1, or integers n <= m",
      tostring(n), m ~= nil and ", " .. tostring(m) or ""), 2)
  end
  -- the generator draws from at most 2^32-1 numbers (the difference wraps
  -- around, to a negative, past math.maxinteger)
  local width = m ~= nil and m - n or n - 1
  if width < 0 or width >= 0xFFFFFFFF then
    error(string.format("game:random(%s%s): the range holds more than 4294967295 numbers, the "
      .. "most it draws from", tostring(n), m ~= nil and ", " .. tostring(m) or ""), 2)
  end
  return self.rng:int(n, m)
end

-- The key of a twin's generator in the game object, which no script can name.
local TWIN = {}

function Game:shuffle(zone)
  check_zone(zone, 1, "shuffle")
  zone:shuffle(self.rng)
  -- (`cardlab check`'s twin of a game: two cards of the same back change
  -- places after each shuffle, drawn from a generator of its own; see
  -- check.lua, state_leak)
  local twin = rawget(self, TWIN)
  if twin and zone:count() >= 2 then
    local ids, cards = zone:cards(), self.cards
    local function back(id) return type(cards[id]) == "table" and cards[id].back or nil end
    -- (one of the top cards, which deals give out first)
    local a = twin:int(math.min(#ids, 20))
    local alike = {}
    for p = 1, #ids do
      if p ~= a and back(ids[p]) == back(ids[a]) then alike[#alike + 1] = p end
    end
    if #alike > 0 then
      local b = alike[twin:int(#alike)]
      local i, j = math.min(a, b), math.max(a, b)
      zone:move(zone, j, i)
      zone:move(zone, i + 1, j)
    end
  end
end

-- game:draw(from, to [, n [, refill [, keep]]]) draws n cards (default 1);
-- when `from` runs out, all but the top `keep` (default 1) cards of `refill`
-- are shuffled into it. Gives the number drawn.
local SMALL_COUNT = {}  -- the counts game:draw takes without a check
for i = 0, 64 do SMALL_COUNT[i] = true end

function Game:draw(from, to, n, refill, keep)
  -- the usual call, checked at the cost of a few lookups: zones checked
  -- before, a small whole count (a float like 1.0 finds its integer key)
  if is_zone[from] and is_zone[to] and (n == nil or SMALL_COUNT[n]) and (refill == nil or is_zone[refill])
     and (keep == nil or SMALL_COUNT[keep]) then
    return from:draw(to, n or 1, self.rng, refill, keep)
  end
  n, keep = n ~= nil and math.tointeger(n) or n, keep ~= nil and math.tointeger(keep) or keep
  if n ~= nil and (math.type(n) ~= "integer" or n < 0) then
    error(string.format("game:draw: the number of cards must be an integer >= 0 (got %s)", tostring(n)), 2)
  end
  if keep ~= nil and (math.type(keep) ~= "integer" or keep < 0) then
    error(string.format("game:draw: keep must be an integer >= 0 (got %s)", tostring(keep)), 2)
  end
  check_zone(from, 1, "draw")
  check_zone(to, 2, "draw")
  if refill ~= nil then check_zone(refill, 4, "draw") end
  return from:draw(to, n or 1, self.rng, refill, keep)
end

-- game:say(format, ...) narrates, for players at a terminal; bots and
-- simulations do not pay for it.
function Game:say(fmt, ...)
  if self.narrate then
    -- a bad format is the script's error, at its line
    local ok, text = pcall(string.format, fmt, ...)
    if not ok then error("game:say: " .. text, 2) end
    self.narrate(text)
  end
end

-- game:dictionary(list) gives the word list named (sowpods, wordlist) or at a
-- path as a cl.Dict (d:contains(word), d:words(query), d:count(query),
-- d:each(query, fn)); a list that cannot be had is an error saying how to get
-- it. A list is read again only when its file changed (see
-- cardlab.dictionary), so a game may ask at every start.
--
-- A script may open only a list its game declared: the value of one of its
-- word_list options (which the player chose), a known list by name, or a
-- file in the game's own folder (a relative path, no '..'); never any path
-- on the disk. Each game gets its own handle (d:borrow) on the dictionary the
-- process shares, so releasing it ends only that handle.
local own_of = setmetatable({}, { __mode = "k" })  -- game -> { def, handles }

local function may_open(def, values, list)
  if type(list) ~= "string" or list == "" then
    return nil, "a word list is 'sowpods', 'wordlist' or the path of a file"
  end
  if dictionary.KNOWN[list] or dictionary.KNOWN[list:lower()] then return list end
  for _, d in ipairs(def and def.options or {}) do
    if d.type == "word_list" and values and values[d.name] == list then return list end
  end
  if def and def.dir and list:sub(1, 1) ~= "/" and not list:find("%.%.") then
    return def.dir .. "/" .. list
  end
  local names = {}
  for _, d in ipairs(def and def.options or {}) do
    if d.type == "word_list" then names[#names + 1] = d.name end
  end
  return nil, string.format("game:dictionary: '%s' is not a word list this game may open; "
    .. "expected a known list (sowpods, wordlist), the value of a word_list option%s, or a "
    .. "file in the game's folder", require("cardlab.vm").shown(list),
    #names > 0 and " (" .. table.concat(names, ", ") .. ")" or "")
end

function Game:dictionary(list)
  local own = own_of[self] or { handles = {} }
  own_of[self] = own
  local handle = own.handles[list]
  if handle then return handle end
  local path, why = may_open(own.def, self.options, list)
  if not path then error(why, 2) end
  local dict, err = dictionary.load(path)
  if not dict then error(err, 2) end
  handle = dict:borrow()
  own.handles[list] = handle
  return handle
end

-- game:card(id) gives the card's data; game:card_name(id) its name. (The
-- game's own name is the field game.name.)
function Game:card(id)
  return self.cards[id]
end

function Game:card_name(id)
  local c = self.cards[id]
  return c and c.name or "?"
end

---------------------------------------------------------------- matches

local Match = {}
Match.__index = Match

-- The player counts of a game as text: "4 players" or "1 player" for one,
-- else the lowest and the highest joined by `joiner` ("2 to 5 players",
-- "2-5 players").
function M.player_range(def, joiner)
  local p = def.players
  if p.min == p.max then return render.count(p.min, "player") end
  return p.min .. joiner .. p.max .. " players"
end

-- Checks a configuration (players, seed, option settings) against the
-- definition, its options and its own validate. Gives the configuration with
-- every option resolved, or nil, a one-line reason and, when the game's
-- validate itself failed (a script bug, not the player's mistake), true.
local function validate_config(def, config)
  local n = config.players or def.players.default
  if math.type(n) ~= "integer" or n < def.players.min or n > def.players.max then
    return nil, string.format("%s is for %s (got %s)", def.name, M.player_range(def, " to "),
      tostring(n))
  end
  local seed = config.seed or 1
  if math.type(seed) ~= "integer" or seed < 0 or seed > 9007199254740991 then
    -- (a float is named so: 2^53 - 1 computed in Lua is one, and its %.14g
    -- reads as a number too large)
    return nil, string.format("the seed must be an integer from 0 to 2^53-1 (got %s)",
      type(seed) == "string" and string.format("the text %q", seed)
      or math.type(seed) == "float" and seed == math.floor(seed)
        and string.format("the float %.17g; write it as an integer", seed)
      or tostring(seed))
  end
  -- the engine's limit, refused here in one line as any other setting is:
  -- vm.engine would raise on it (a count under its tick of 1,000)
  local limit = config.max_instructions
  if limit ~= nil and not (math.tointeger(limit) and limit >= 1000) then
    return nil, string.format("max_instructions must be an integer of at least 1000 (got %s)",
      type(limit) == "string" and string.format("the text %q", limit) or tostring(limit))
  end
  local settings = {}
  for k, v in pairs(def.house_defaults or {}) do settings[k] = v end
  for k, v in pairs(config.options or {}) do settings[k] = v end
  local values, err = options.resolve(def.options, settings, def.name, n)
  if not values then return nil, err end
  if def.validate then
    -- the game's own check of a combination of options and players; it reads
    -- the values as a game does, so that a misspelt name is an error, not nil
    local ok, problem = vm.guard(def.validate, options.frozen(values, def.name), n)
    if not ok then
      return nil, string.format("%s: validate failed: %s", def.name, loader.error_text(problem)), true
    end
    if problem then
      if type(problem) ~= "string" or not problem:find("%S") then
        return nil, string.format("%s: validate failed: it gave %s; it must give nil to accept, "
          .. "or a text saying why not", def.name,
          type(problem) == "string" and "an empty text" or "a " .. type(problem)), true
      end
      return nil, string.format("%s: %s", def.name, problem)
    end
  end
  -- given: the settings as given, without the house file's, which a reload
  -- of a changed house file replaces
  return { players = n, seed = seed, options = values, given = config.options,
           max_instructions = config.max_instructions }
end
M.configure = validate_config

-- What is wrong with a game's result table (see docs/api.md, "The result
-- table"), or nil when nothing is: winners a non-empty list of distinct
-- seats; scores, if given, one number per seat; reason, if given, a text.
local function result_problem(result, players)
  if type(result) ~= "table" then
    return string.format("bad result: play must return a table (got %s)", type(result))
  end
  local winners = result.winners
  if type(winners) ~= "table" or #winners == 0 then
    return "bad result: 'winners' must be a non-empty list of seats"
  end
  local seen = {}
  for i = 1, #winners do
    local w = winners[i]
    if math.type(w) ~= "integer" or w < 1 or w > players then
      return string.format("bad result: winner %s is not a seat of this game (1..%d)",
        type(w) == "string" and string.format("%q", w) or tostring(w), players)
    end
    if seen[w] then return string.format("bad result: seat %d is among the winners twice", w) end
    seen[w] = true
  end
  local scores = result.scores
  if scores ~= nil then
    if type(scores) ~= "table" then
      return string.format("bad result: 'scores' must be a list of one number per seat (got %s)",
        type(scores))
    end
    for seat = 1, players do
      local s = scores[seat]
      if type(s) ~= "number" then
        return string.format("bad result: 'scores' must be a list of one number per seat "
          .. "(seat %d's score is %s)", seat, s == nil and "missing" or "a " .. type(s))
      end
      if s ~= s or s == math.huge or s == -math.huge then
        return string.format("bad result: seat %d's score is %s; expected a finite number", seat,
          tostring(s))
      end
    end
    if #scores ~= players then
      return string.format("bad result: 'scores' has %s for %s", render.count(#scores, "score"),
        render.count(players, "seat"))
    end
  end
  if result.reason ~= nil and type(result.reason) ~= "string" then
    return string.format("bad result: 'reason' must be a text (got %s)", type(result.reason))
  end
end

-- result_problem's line; with the game's definition, it names the play
-- function that returned the result, where it is defined, since no line of
-- it is running any more to name ("bad result from play (game.lua:12): ...").
-- (Looked up only for a bad result.)
function M.check_result(result, players, def)
  local bad = result_problem(result, players)
  if bad and def and type(def.play) == "function" then
    local info = debug.getinfo(def.play, "S")
    if info.what == "Lua" then
      bad = string.format("bad result from play (%s:%d): %s", info.short_src, info.linedefined,
        bad:sub(#"bad result: " + 1))
    end
  end
  -- under house rules, what the house file changed (a winners piece that
  -- gives a seat for a list of seats is the house's mistake)
  if bad and def and def.house_changes then bad = require("cardlab.house_hint").hint(def.house_changes, bad) end
  return bad
end

-- The content hash of the word list each word_list option names (a list
-- that cannot be had: none), so that a save file can tell when a list
-- changed since.
function M.word_list_hashes(def, values)
  local hashes = {}
  for _, d in ipairs(def.options) do
    if d.type == "word_list" then
      local _, stats = dictionary.load(values[d.name])
      hashes[d.name] = stats and stats.hash
    end
  end
  return hashes
end

-- Makes a match and runs it to its first request. config: players, seed,
-- options (a map of name to value or text), and narrate: a function given
-- each line the game says (game:say), from setup on; without it nothing is
-- formatted. Gives the match, or nil, a one-line reason and, when the
-- script failed (its validate or cards function) rather than the
-- configuration, true.
function M.new(def, config)
  local cfg, err, broken = validate_config(def, config or {})
  if not cfg then return nil, err, broken end
  local n = cfg.players
  local game = setmetatable({
    name = def.name,
    players = n,
    options = options.frozen(cfg.options, def.name),
    rules = def.rules,
    state = {},
    narrate = config and config.narrate,
    [COUNTERS] = {},
    [TWIN] = config and config.twin,
    -- the methods a turn calls at each decision, found on the object itself
    -- (through __index they cost a lookup in Game more)
    ask = Game.ask, draw = Game.draw,
  }, Game)
  own_of[game] = { def = def, handles = {} }
  local cards = def.cards
  if type(cards) == "function" then
    local ok, list = vm.guard(cards, game.options, n)
    if not ok or type(list) ~= "table" then
      return nil, string.format("%s: the cards function failed: %s", def.name,
        ok and "it must give a list of cards" or loader.error_text(list)), true
    end
    -- read raw: the list's own metamethods (__len, __index) are the
    -- script's code, which runs under the limit only inside vm.guard
    cards = {}
    for i = 1, rawlen(list) do cards[i] = rawget(list, i) end
  end
  game.cards = cards
  local made, table_or_err = pcall(vm.table, #cards)
  if not made then
    -- the reason inside "bad argument #1 to 'table' (...)": the player's configuration
    return nil, string.format("%s: %s", def.name, table_or_err:match("%((.*)%)$") or table_or_err)
  end
  game.table = table_or_err
  game.table:keep()  -- a script's release would break the views and saves
  game.table:card_data(cards)  -- for zone:select by a field of the cards' data
  game.seats = vm.seats(n)
  game.rng = vm.rng(cfg.seed)
  game.zones = setmetatable({ box = game.table:zone("box") }, ZONES_MT)
  local engine = vm.engine(function()
    def.setup(game)
    return def.play(game)
  end, n, cfg.seed, cfg.max_instructions)
  -- the match keeps its own handles on what it reads: a script may reuse a
  -- field of game (game.players = {} for its list of players)
  local match = setmetatable({ def = def, config = cfg, game = game, engine = engine, edits = {}, bot_views = {},
                               word_lists = M.word_list_hashes(def, cfg.options),
                               table = game.table, seats = game.seats, rng = game.rng }, Match)
  -- (config.check_lists: each list examined in full when asked, for check)
  if config and config.check_lists then
    engine:check_lists()
    match.check_lists = true
  end
  engine:start()
  return match
end

function Match:status()
  return self.engine:status()
end

-- The status in a sentence: "the game is over", "the game is in error".
function Match:status_phrase()
  local status = self:status()
  return "the game is " .. (status == "error" and "in error" or status)
end

-- The pending request as a table {seat, kind, prompt, answers (nil for a typed
-- answer), typed}, or nil.
function Match:request()
  local seat, kind, prompt, legal = self.engine:request()
  if not seat then return nil end
  local answers
  if type(legal) == "table" then
    -- a copy: scripts may refill their list for the next request
    answers = {}
    for i = 1, #legal do answers[i] = legal[i] end
  end
  return { seat = seat, kind = kind, prompt = prompt, typed = type(legal) == "function",
           answers = answers }
end

function Match:legal()
  return self.engine:legal()
end

-- Answers the pending request. Gives the status, or nil and why the answer
-- was refused (nothing changed then).
function Match:answer(text)
  return self.engine:answer(text)
end

-- Who may hold a seat of the game: "human", "random", then its bots by name,
-- then "ismcts", the search bot of every game (docs/bots.md).
function M.player_kinds(def)
  local kinds = { "human", "random" }
  for _, k in ipairs(options.sorted_keys(def.bots)) do kinds[#kinds + 1] = k end
  if not def.bots.ismcts then kinds[#kinds + 1] = "ismcts" end
  return kinds
end

-- Whether a kind is the search bot, "ismcts" or "ismcts:name=value,...";
-- gives its parameters, or false, or nil and why its parameters are wrong.
function M.search_kind(def, kind)
  if def.bots[kind] or not ismcts.is_kind(kind) then return false end
  local params, why = ismcts.parse(kind)
  if not params then return nil, why end
  -- (a playout bot the game has not: told now, not at the first decision)
  local ok, wrong = ismcts.check_playout(def, params.playout)
  if not ok then return nil, wrong end
  return params
end

-- Turns seat kinds ("human", "random", the name of a bot of the game,
-- "ismcts[:parameters]", or a function as the engine takes it) into the
-- engine's bot table. A search bot's seat has none there: Match:run answers
-- for it, outside the engine's run (its search runs games of its own). The
-- second value is the set of seats whose bot is one of the game's own: it
-- reads a lazy list of answers as the game's enumerator made it (e:run's
-- as_made), where a function given here gets a plain table. The third, when
-- a seat has one of the game's own bots, is e:run's about(seat): the bot
-- named with the line where it is defined, for the error the engine gives
-- when its answer is refused (made here, run only then).
local not_an_answer, bot_named

function Match:bot_table(kinds)
  local bots, as_made, about = {}, {}, nil
  for seat = 1, self.config.players do
    local kind = kinds[seat] or "human"
    local search, why = M.search_kind(self.def, kind)
    if search == nil then
      error(string.format("seat %d: %s", seat, why), 0)
    elseif search then
      bots[seat] = false
    elseif type(kind) == "function" then
      bots[seat] = kind
    elseif kind == "random" then
      bots[seat] = "random"
    elseif kind ~= "human" then
      local bot = self.def.bots[kind]
      if not bot then
        error(string.format("unknown player kind '%s' for seat %d; valid kinds: %s", kind, seat,
          table.concat(M.player_kinds(self.def), ", ")), 0)
      end
      -- the request, refilled at each decision as the view is brought up
      -- to date: a bot reads both during its decision
      local request = {}
      bots[seat] = function(s, k, prompt, legal)
        request.seat, request.kind, request.prompt, request.answers = s, k, prompt, legal
        local answer = bot(self:bot_view(s), request)
        if type(answer) ~= "string" then error(not_an_answer(kind, bot, answer, legal), 0) end
        return answer
      end
      as_made[seat] = true
      if not about then
        local def = self.def
        about = function(s)
          local name = kinds[s]
          return def.bots[name] and bot_named(name, def.bots[name])
        end
      end
    end
  end
  return bots, as_made, about
end

-- A game's bot `name` (the function `bot`) as an error names it: "the bot
-- 'greedy' (game.lua:7)", with the line where it is defined, since no line
-- of it is running any more to name.
bot_named = function(name, bot)
  local info = debug.getinfo(bot, "S")
  local where = info.what == "Lua" and string.format(" (%s:%d)", info.short_src, info.linedefined) or ""
  return string.format("the bot '%s'%s", name, where)
end

-- What a game's bot `name` (the function `bot`) did wrong when it gave
-- `answer`, not a text (the engine puts "bot for seat N: " before it).
not_an_answer = function(name, bot, answer, legal)
  -- (a lazy list makes its first entry when read: read under pcall)
  local ok, first = pcall(function() return legal[1] end)
  local example = ok and type(first) == "string" and string.format(", such as '%s'", vm.shown(first)) or ""
  local gave = answer == nil and "nil" or "a " .. type(answer)
  if math.type(answer) == "integer" then gave = string.format("the number %d (an index? give the text, "
    .. "request.answers[i])", answer) end
  return string.format("%s gave %s, not an answer text; expected one of the legal "
    .. "answers%s", bot_named(name, bot), gave, example)
end

-- Lets the bots answer (kinds: per seat, as bot_table takes them) until a
-- human must decide, the game ends, or max answers were given. Gives the
-- status and the number of answers. around(search, m, params, kinds), if given,
-- runs each search of an ismcts seat and gives its answer: a simulation's
-- records keep the calls of rule pieces that the search's own games make
-- out of their counts so.
function Match:run(kinds, max, around)
  local bots, as_made, about = self:bot_table(kinds)
  local searched = {}
  for seat = 1, self.config.players do
    if bots[seat] == false then searched[seat] = assert(M.search_kind(self.def, kinds[seat])) end
  end
  if next(searched) == nil then return self.engine:run(bots, max, as_made, about) end
  -- the engine's bots answer until a search bot's seat is asked; it answers
  -- here, and so on
  max = max or math.maxinteger
  local made, status, interrupted = 0, self.engine:status(), false
  while status == "waiting" and made < max do
    local n
    status, n, interrupted = self.engine:run(bots, max - made, as_made, about)
    made = made + n
    if interrupted or status ~= "waiting" or made >= max then break end
    local seat = self.engine:request()
    if not searched[seat] then break end
    -- a search that the game's constraints hook failed ends the game in
    -- error, as a bot's error does, rather than raising through the host:
    -- play and sim report it, and a web table does not wait for ever; any
    -- other error of the search is the host's, raised as it is
    local found, answer
    if around then found, answer = pcall(around, ismcts.answer, self, searched[seat], kinds)
    else found, answer = pcall(ismcts.answer, self, searched[seat], kinds) end
    if not found then
      if not ismcts.is_hook_error(answer) then error(answer, 0) end
      self.engine:fail(string.format("search bot for seat %d: %s", seat, tostring(answer)))
      status = self.engine:status()
      break
    end
    if answer == nil then
      interrupted = true
      break
    end
    local ok, why = self.engine:answer(answer)
    if not ok then error(string.format("ismcts for seat %d gave an illegal answer: %s", seat, why), 0) end
    made = made + 1
    status = self.engine:status()
  end
  return status, made, interrupted
end

-- The result when the game is over: the script's result table; nil and the
-- error (with traceback) when it ended in error; nil when still going.
function Match:result()
  local status = self.engine:status()
  -- (a plain copy: see copy)
  if status == "over" then return M.copy(self.engine:result()) end
  if status == "error" then
    local err = self.engine:result()
    -- under house rules, the hint naming the house file (read here, once a
    -- game is in error: the decision loop does not see it)
    local changes = self.def.house_changes
    if changes then
      if self.hinted_for ~= err then
        self.hinted_for, self.hinted = err, require("cardlab.house_hint").hint(changes, err)
      end
      return nil, self.hinted
    end
    return nil, err
  end
  return nil
end

function Match:log()
  return self.engine:log()
end

-- Edits the game by hand (see cardlab.edits) before the next answer, and
-- records the edit so that replay, undo and save files repeat it. Gives true
-- (and the note of cardlab.edits.apply, if any), or nil and a one-line
-- reason (nothing changed then).
local make_edit

function Match:edit(text)
  if self:status() ~= "waiting" then
    return nil, self:status_phrase() .. ": there is nothing to edit"
  end
  return make_edit(self, text, false)
end

-- The edit made; `recorded`: one a replay repeats, which was made once.
-- A game's own edit is the script's code, which may change the game and
-- then refuse (or fail): a new one is tried first on a copy of the game,
-- replayed from its answers and edits, and made here only when the copy
-- took it, so that a refusal changes nothing here (not even the random
-- bots' stream, which a game made again would start anew). Should it
-- refuse here all the same (an edit that reads more than the game), the
-- game is made again without it.
make_edit = function(self, text, recorded)
  if not recorded then
    local parsed = edits.parse(text, self.def)
    if parsed and parsed.own then
      local copy, why = M.replay(self.def, self:config_for_replay(), self:log(), nil, self.edits)
      if not copy then
        return nil, string.format("the edit was not made: trying it on a copy of the game, the replay "
          .. "failed: %s", why)
      end
      local ok, err = edits.apply(copy.game, text, self.def)
      if not ok then return nil, err end
    end
  end
  local ok, err_or_note, ran = edits.apply(self.game, text, self.def)
  if not ok then
    if ran and not recorded then
      local put_back, why = self:rebuild()
      if not put_back then
        return nil, string.format("%s; the edit may have changed the game before it refused, and "
          .. "replaying the game to undo that failed: %s", err_or_note, why)
      end
    end
    return nil, err_or_note
  end
  self.edits[#self.edits + 1] = { self:count(), text }
  return true, err_or_note, self:reask()
end

-- Makes the game again, in place, from its configuration, answers and
-- edits, as undo makes a game: the match object stays the one its holders
-- have, with the same narrate (what the replay narrated was said before);
-- the random bots' stream starts anew. Gives true, or nil and why the
-- replay failed (the match is then as it was).
function Match:rebuild()
  local narrate = self.game.narrate
  local config = self:config_for_replay()
  -- (cardlab check's lists examined in full; its twin games make no edits)
  config.check_lists = self.check_lists
  local again, why = M.replay(self.def, config, self:log(), nil, self.edits)
  if not again then return nil, why end
  again.game.narrate = narrate
  for k in pairs(self) do self[k] = nil end
  for k, v in pairs(again) do self[k] = v end
  return true
end

-- Asks the pending request again after an edit, when the script said how
-- (game:ask's and game:choose's refresh; yes/no and typed answers need
-- nothing). Gives "asked again", "unchanged" (nothing to ask again), or
-- "stale": the request lists the answers it was made with before the edit.
-- A refresh that gives a prompt second gives the request that prompt.
function Match:reask()
  local reask = self.game._reask
  if reask == true then return "unchanged" end
  if reask == nil then
    -- game:ask's request: a typed answer is checked when it comes; a list is
    -- made again by the refresh the request holds, if any, into the list
    -- itself (the script reads its answers through it)
    local seat, _, _, list, _, refresh = self.engine:request()
    if type(list) == "function" then return "unchanged" end
    if type(refresh) ~= "function" then return "stale" end
    reask = function()
      local new, prompt = refresh(seat)
      if type(new) ~= "table" or #new == 0 then return false end
      check_prompt(prompt)
      for i = 1, math.max(#list, #new) do list[i] = new[i] end
      return true, prompt
    end
  end
  if type(reask) ~= "function" then return "stale" end
  local before = self:request()
  -- the refresh is the script's code: run it as a step is
  local ran, fresh, prompt = vm.guard(reask)
  if not ran then return "stale", loader.error_text(fresh) end
  if not fresh then return "stale" end
  if prompt ~= nil then self.engine:reprompt(prompt) end
  local after = self:request()
  if after.prompt ~= before.prompt or #after.answers ~= #before.answers then return "asked again" end
  for i, a in ipairs(after.answers) do
    if a ~= before.answers[i] then return "asked again" end
  end
  return "unchanged"
end

function Match:count()
  return self.engine:count()
end

-- A plain copy of a script's value, read raw: none of the script's
-- metamethods (__index, __pairs, __len) runs, so reading what a script left
-- (its state, its result) cannot loop or fail, and the copy has no
-- metatables. Tables nested deeper than COPY_DEPTH are cut to a text saying
-- so (a state nested 100,000 deep would overflow the host's stack).
local COPY_DEPTH = 100
local CUT = string.format("(nested more than %d deep)", COPY_DEPTH)
local function copy(v, seen, depth)
  if type(v) ~= "table" then return v end
  seen, depth = seen or {}, depth or 0
  if seen[v] then return seen[v] end
  if depth >= COPY_DEPTH then return CUT end
  local t = {}
  seen[v] = t
  for k, x in next, v do t[copy(k, seen, depth + 1)] = copy(x, seen, depth + 1) end
  return t
end
M.copy = copy

-- The table as a seat sees it (seat 0: everything), as plain tables: zones
-- (cards hidden from the seat are 0, or left out with only the count), the
-- public state, seats and turn, and the pending request.
function Match:view(seat)
  local g, t, ss, n = self.game, self.table, self.seats, self.config.players
  local seats = {}
  for s = 1, n do
    seats[s] = { team = ss:team(s), skips = ss:skips(s), extras = ss:extras(s) }
  end
  local request = self:request()
  if request and request.seat ~= seat and seat ~= 0 then
    request = { seat = request.seat, kind = request.kind, prompt = request.prompt }
  end
  return {
    seat = seat,
    players = n,
    current = ss:current(),
    round = ss:round(),
    turn = ss:turn(),
    direction = ss:direction(),
    start = ss:start(),
    seats = seats,
    zones = t:view(seat),
    state = copy(g.state),
    request = request,
  }
end

-- The table as a seat sees it, for a bot: what Match:view gives, read-only
-- and made as it is read, so that a decision costs only what the bot reads
-- (copying the whole view was most of a greedy bot's time). `state` reads the
-- live game.state through a proxy instead of a deep copy; a zone's view is
-- made at its first read and kept, and at each decision the table brings
-- every zone view made so far up to date in one call, in place, where its
-- zone has changed (its version, see table:version); a seat's, read as
-- seats[s], is kept and brought up to date the same way. Any write fails. Each
-- seat has one such view, brought up to date at each decision: a bot reads
-- it during its decision, not after.
function Match:bot_view(seat)
  local kept = self.bot_views[seat]
  if not kept then
    kept = self:new_bot_view(seat)
    self.bot_views[seat] = kept
  end
  local fields, state = kept.fields, self.game.state
  if kept.state ~= state then  -- (a script may replace game.state)
    fields.state, kept.state = readonly.of(state), state
  end
  fields.request = nil
  self.table:refresh_views(seat, kept.zone_views, kept.versions)
  local ss = self.seats
  for s, info in next, kept.seat_infos do
    info.team, info.skips, info.extras = ss:team(s), ss:skips(s), ss:extras(s)
  end
  return kept.view
end

-- Makes the view bot_view keeps for a seat.
function Match:new_bot_view(seat)
  local t, ss, n = self.table, self.seats, self.config.players
  -- the zone views made so far, by zone number, and their zones' versions
  -- then (t:refresh_views)
  local zone_views, versions = {}, {}
  -- the seats read so far: seat -> the table its view reads, brought up to
  -- date at each decision
  local seat_infos = {}
  local kept = { zone_views = zone_views, versions = versions, seat_infos = seat_infos }
  local function zone_view(name)
    local version, z = t:version(name)
    if not version then return nil end
    local view = t:view(seat, name, "read-only")
    zone_views[z], versions[z] = view, version
    return view
  end
  local function zone_names()
    local names = {}
    for i, zone in ipairs(t:zones()) do
      if i > 1 then names[#names + 1] = zone:name() end  -- not the box
    end
    return names
  end
  local seat_numbers = {}
  for s = 1, n do seat_numbers[s] = s end
  local fields = {
    seat = seat,
    players = n,
    seats = readonly.lazy(function(s)
      if math.type(s) ~= "integer" or s < 1 or s > n then return nil end
      local info = { team = ss:team(s), skips = ss:skips(s), extras = ss:extras(s) }
      seat_infos[s] = info
      return readonly.flat(info)
    end, function() return seat_numbers end),
    zones = readonly.lazy(zone_view, zone_names),
  }
  -- the turn order is read, and the request copied, only if the bot reads
  -- them
  local turn_order = {
    current = ss.current, round = ss.round, turn = ss.turn, direction = ss.direction,
    start = ss.start,
  }
  setmetatable(fields, { __index = function(_, key)
    local read = turn_order[key]
    if read then return read(ss) end
    if key ~= "request" then return nil end
    local request = self:request()
    if request and request.seat ~= seat and seat ~= 0 then
      request = { seat = request.seat, kind = request.kind, prompt = request.prompt }
    end
    if request and request.answers then request.answers = readonly.flat(request.answers) end
    request = request and readonly.flat(request)
    rawset(fields, "request", request)
    return request
  end })
  local keys = { "current", "direction", "players", "request", "round", "seat", "seats", "start",
                 "state", "turn", "zones" }
  local view = readonly.flat(fields, function(v)
    local i = 0
    return function()
      i = i + 1
      if keys[i] then return keys[i], v[keys[i]] end
    end, v, nil
  end)
  kept.fields, kept.view = fields, view
  return kept
end

-- A canonical text of everything (the all-seeing view, the generator state and
-- the answers so far): equal texts mean equal games.
function Match:snapshot()
  local out = {}
  local open = {}   -- the tables being written: one met again is a cycle
  local function emit(v)
    local t = type(v)
    if t == "table" and open[v] then
      out[#out + 1] = "{cycle}"
    elseif t == "table" then
      open[v] = true
      local keys = options.sorted_keys(v)
      out[#out + 1] = "{"
      for _, k in ipairs(keys) do
        emit(k)
        out[#out + 1] = "="
        emit(v[k])
        out[#out + 1] = ","
      end
      out[#out + 1] = "}"
      open[v] = nil
    elseif t == "string" then
      out[#out + 1] = string.format("%q", v)
    else
      out[#out + 1] = tostring(v)
    end
  end
  local view = self:view(0)
  view.request = view.request and { view.request.seat, view.request.kind, view.request.prompt,
                                    view.request.answers }
  emit(view)
  -- the result too: a script may compute it from what no state holds
  emit((self:result()))
  out[#out + 1] = self.rng:state()
  out[#out + 1] = tostring(self.engine:count())
  return table.concat(out)
end

-- Plays a match from the start with the given answers ({seat, text} pairs),
-- up to `upto` of them (default all), and the edits ({after, text} pairs: made
-- once `after` answers were given). Gives the match, or nil and which answer
-- or edit did not fit and why.
--
-- observe, if given, watches each step: observe.edit(match, text) after an
-- edit is made, observe.answer(match, i, seat, text) before the i-th answer
-- is given (`cardlab replay` shows the game step by step so).
function M.replay(def, config, answers, upto, edit_list, observe)
  local match, err = M.new(def, config)
  if not match then return nil, err end
  upto = upto or #answers
  edit_list = edit_list or {}
  local next_edit = 1
  local function edit_up_to(count)
    while edit_list[next_edit] and edit_list[next_edit][1] <= count do
      local e = edit_list[next_edit]
      if e[1] == count then
        local ok, why
        if match:status() ~= "waiting" then ok, why = nil, match:status_phrase() .. ": there is nothing to edit"
        else ok, why = make_edit(match, e[2], true) end
        if not ok then return string.format("edit '%s' after answer %d: %s", vm.shown(tostring(e[2])), e[1], why) end
        if observe then observe.edit(match, e[2]) end
      end
      next_edit = next_edit + 1
    end
  end
  local bad = edit_up_to(0)
  if bad then return nil, bad end
  for i = 1, upto do
    local entry = answers[i]
    local status = match:status()
    if status ~= "waiting" then
      return nil, string.format("answer %d: %s already", i, match:status_phrase())
    end
    local asked = match.engine:request()
    if entry[1] ~= asked then
      return nil, string.format("answer %d ('%s') is from seat %s, but seat %d is asked",
        i, vm.shown(tostring(entry[2])), vm.shown(tostring(entry[1])), asked)
    end
    if observe then observe.answer(match, i, entry[1], entry[2]) end
    local ok, why = match:answer(entry[2])
    if not ok then return nil, string.format("answer %d: %s", i, why) end
    bad = edit_up_to(i)
    if bad then return nil, bad end
  end
  return match
end

-- Undoes the last n answers (default 1): gives a new match replayed up to
-- there, or nil and a reason.
function Match:undo(n)
  n = n or 1
  local log = self:log()
  if n < 1 or n > #log then
    return nil, string.format("cannot undo %s: %d given so far", render.count(n, "answer"), #log)
  end
  return M.replay(self.def, self:config_for_replay(), log, #log - n, self.edits)
end

function Match:config_for_replay()
  return { players = self.config.players, seed = self.config.seed, options = self.config.given,
           max_instructions = self.config.max_instructions }
end

M.Game = Game
M.Match = Match
return M
