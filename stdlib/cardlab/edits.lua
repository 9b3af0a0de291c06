-- Edits: changes made to a game by hand between two answers (the REPL's :set,
-- "god mode" for building scenarios, and the set-up of scenario files). An
-- edit is a line of text, so that it can be logged, saved and replayed like
-- an answer:
--   move CARD ZONE [top|bottom|N] [from ZONE2]
--                                   CARD is a card's code (R16), its name (8H,
--                                   "Under Construction" in quotes) or #ID;
--                                   with from, the first such card in ZONE2
--   face CARD up|down
--   turn SEAT                       SEAT takes the next turn (once the pending
--                                   request is answered and the turn ends)
--   empty ZONE [ZONE2]              every card of ZONE goes on top of ZONE2
--                                   (default: the box, out of play), in order
--   state PATH VALUE                any value of game.state that is not a table,
--                                   by path: round, money[2], price.Flyt,
--                                   stock[1]["Web Magazine"]; VALUE must be of
--                                   the type the value has now
--   NAME ARG...                     an edit the game declares (def.edits), for
--                                   changes that keep several things in step
--                                   (what its `keeps` names, the built-in
--                                   edits refuse to change alone)
-- A name that several cards share means the first of them, by id, that is not
-- already in the target zone.

local lpeg = require "lpeg"
local P, R, S, C, Cc, Ct, Cmt, Cs = lpeg.P, lpeg.R, lpeg.S, lpeg.C, lpeg.Cc, lpeg.Ct, lpeg.Cmt, lpeg.Cs

local M = {}

local space = S" \t"^1
local blank = S" \t"^0
local word = (1 - S" \t\"")^1
-- digits that fit a Lua integer (more would turn into a float, and then into
-- a position or id no message can print)
local integer = Cmt(C(S"-"^-1 * R"09"^1), function(_, i, digits)
  local n = math.tointeger(tonumber(digits))
  if n then return i, n end
end)
-- a quoted text: "..." with \" and \\ inside
local quoted = P'"' * Cs(((P"\\" * C(S'"\\')) / "%1" + (1 - S'"\\'))^0) * P'"'
local argument = quoted + C(word)
local card = P"#" * integer * -word / function(id) return { id = id } end
  + quoted / function(n) return { name = n, quoted = true } end
  + C(word) / function(n) return { name = n } end
local position = C(P"top" + P"bottom") * -word + integer * -word

-- a state path: a key, then .key, [N] or ["key"] steps
local ident = (R("az", "AZ", "09") + S"_-")^1
local step = P"." * C(ident) + P"[" * integer * P"]" + P"[" * quoted * P"]"
local path = Ct(C(ident) * step^0) * #(S" \t" + -1)
local value = C((1 - S"\n")^1)

local builtin = blank * (
    Ct(C"move" * space * card * space * C(word) * (space * position)^-1
       * (space * P"from" * space * lpeg.Cg(C(word), "from"))^-1)
  + Ct(C"face" * space * card * space * C(P"up" + P"down") * -word)
  + Ct(C"turn" * space * integer * -word)
  + Ct(C"empty" * space * C(word) * (space * C(word))^-1)
  + Ct(C"state" * space * (path * C"" + C(word) * Cc"badpath") * space * value)
) * blank * -1

-- a game's own edit: its name and arguments (words, or texts in quotes)
local named = blank * Ct(C(ident) * (space * argument)^0) * blank * -1

local BUILTIN = { move = true, face = true, turn = true, state = true, empty = true }

M.SYNTAX = "move CARD ZONE [top|bottom|N] [from ZONE], face CARD up|down, turn SEAT, empty ZONE [ZONE], or state PATH VALUE"

-- The syntax line for a game: the built-in edits and its own.
-- A game's own edit as typed: its name and its arguments' form ("price
-- CURRENCY FIELD"; the name alone when it takes none, `args` "" included).
function M.usage(name, spec)
  local args = spec and spec.args
  return name .. ((args or "") ~= "" and " " .. args or "")
end

function M.syntax(def)
  local own = {}
  for _, name in ipairs(M.names(def)) do
    own[#own + 1] = M.usage(name, def.edits[name])
  end
  if #own == 0 then return M.SYNTAX end
  return "move CARD ZONE [top|bottom|N] [from ZONE], face CARD up|down, turn SEAT, empty ZONE [ZONE], state PATH VALUE, or this "
    .. "game's " .. table.concat(own, ", ")
end

-- The names of a game's own edits, sorted.
function M.names(def)
  local list = {}
  for k in pairs(def and def.edits or {}) do list[#list + 1] = k end
  table.sort(list)
  return list
end

-- Parses an edit; gives its parts or nil and what was expected. `def`, if
-- given, supplies the game's own edits.
function M.parse(text, def)
  local e = lpeg.match(builtin, text)
  if e and e[1] == "state" and e[3] == "badpath" then
    return nil, string.format("cannot read the state path '%s': expected a key followed by .key, "
      .. "[N] or [\"key\"] steps, e.g. money[2] or price.Flyt", e[2])
  end
  if not e and def and def.edits then
    local n = lpeg.match(named, text)
    if n and not BUILTIN[n[1]] and def.edits[n[1]] then
      n.own = true
      return n
    end
  end
  if not e then
    return nil, string.format("cannot read edit '%s': expected %s", require("cardlab.vm").shown(text),
      M.syntax(def))
  end
  return e
end

-- The zone of the game named `name`, or nil, why not and the list of zones
-- there are, so that a misspelt name ('hands[1]', 'trik') says which were meant;
-- a per-seat zone's names read as one, 'hand[1] to hand[4]'.
function M.zone(game, name)
  local ok, zone = pcall(game.table.zone, game.table, name)
  if ok then return zone end
  local names, seats = {}, {}
  for _, z in ipairs(game.table:zones()) do
    local zname = z:name()
    local base, seat = zname:match("^(.*)%[(%d+)%]$")
    if not base then
      names[#names + 1] = zname
    elseif not seats[base] then
      seats[base] = { first = seat, last = seat }
      names[#names + 1] = seats[base]
      seats[base].base = base
    else
      seats[base].last = seat
    end
  end
  for i, n in ipairs(names) do
    if type(n) == "table" then
      local first, last = tonumber(n.first), tonumber(n.last)
      names[i] = first == last and string.format("%s[%d]", n.base, first)
        or string.format(last == first + 1 and "%s[%d], %s[%d]" or "%s[%d] to %s[%d]", n.base, first, n.base, last)
    end
  end
  table.sort(names)
  local list = table.concat(names, ", ")
  return nil, string.format("no zone named '%s'; zones: %s", name, list), list
end

-- Where the cards named `name` are, for an edit that took one from a zone
-- holding none (a set-up of six hands runs out of a kind): " (the Game
-- cards: 3 in hand[2], 1 in discard)", or "" when the game has none.
local function held_elsewhere(game, name)
  local counts, zones = {}, {}
  for id, c in ipairs(game.cards) do
    if c.code == name or c.name == name then
      local zone = game.table:where(id)
      local zname = zone and zone:name() or "no zone"
      if not counts[zname] then zones[#zones + 1] = zname end
      counts[zname] = (counts[zname] or 0) + 1
    end
  end
  if #zones == 0 then return "" end
  table.sort(zones)
  for i, z in ipairs(zones) do zones[i] = counts[z] .. " in " .. z end
  return string.format(" (the %s cards: %s)", name, table.concat(zones, ", "))
end

-- For a card named in another case than the game's ('online'; answers take
-- any case, edits a card's code or name as the game spells it): " (card
-- codes and names are matched as written: 'Online')", else "".
local function as_spelled(game, name)
  local lower = name:lower()
  local function same(v) return type(v) == "string" and v ~= name and v:lower() == lower end
  for _, c in ipairs(game.cards) do
    local v = same(c.code) and c.code or same(c.name) and c.name
    if v then return string.format(" (card codes and names are matched as written: '%s')", v) end
  end
  return ""
end

-- Finds a card of the game by its code (the one answers use, R16), its name
-- or #ID; gives its id or nil and a reason. When several cards share the
-- name, the first one not in `not_in`; with `from`, the first one in it.
local function find_card(game, ref, not_in, from)
  if from then
    for _, id in ipairs(from:cards()) do
      local c = game.cards[id]
      if (ref.id and ref.id == id) or (c and (c.code == ref.name or c.name == ref.name)) then return id end
    end
    local where = ref.name and held_elsewhere(game, ref.name) or ""
    if ref.name and where == "" then where = as_spelled(game, ref.name) end
    return nil, string.format("%s holds no card '%s'%s", from:name(), ref.name or "#" .. ref.id, where)
  end
  if ref.id then
    if game.cards[ref.id] then return ref.id end
    return nil, string.format("there is no card #%d (cards are #1 to #%d)", ref.id, #game.cards)
  end
  local first
  local function try(field)
    for id, c in ipairs(game.cards) do
      if c[field] == ref.name then
        first = first or id
        if not not_in or game.table:where(id) ~= not_in then return id end
      end
    end
  end
  -- a code names one card; a name may be shared
  local id = try("code")
  if id then return id end
  if not first then id = try("name") end
  if id then return id end
  if first then return first end
  return nil, string.format("no card has the code or name '%s'%s", ref.name, as_spelled(game, ref.name))
end
M.find_card = find_card

-- A path as it is written (money[2], price.Flyt).
local function path_text(keys, n)
  local out = { keys[1] }
  for i = 2, n or #keys do
    local k = keys[i]
    if math.type(k) == "integer" then out[#out + 1] = "[" .. k .. "]"
    elseif k:match("^[%a_][%w_]*$") then out[#out + 1] = "." .. k
    else out[#out + 1] = string.format("[%q]", k) end
  end
  return table.concat(out)
end
M.path_text = path_text

-- The value at a state path: the table holding it, its last key, and the
-- value; or nil and a reason.
function M.lookup(state, keys)
  if type(state) ~= "table" then
    return nil, string.format("the game's state is %s, not a table: the script replaced it, "
      .. "and there is nothing to set", state == nil and "nil" or "a " .. type(state))
  end
  local t = state
  for i = 1, #keys - 1 do
    local v = t[keys[i]]
    if type(v) ~= "table" then
      -- (in the words the other edit errors use: "holds a whole number")
      local what = v == nil and "not set" or math.type(v) == "integer" and "a whole number"
        or math.type(v) == "float" and "a number" or type(v) == "string" and "a text"
        or type(v) == "boolean" and "true or false" or "a " .. type(v)
      return nil, string.format("state '%s' is %s, not a table: '%s' cannot be in it",
        path_text(keys, i), what, path_text(keys))
    end
    t = v
  end
  return t, keys[#keys], t[keys[#keys]]
end

-- A key of a table, as an example of a path inside it.
local function some_key(t)
  if t[1] ~= nil then return 1 end
  local keys = {}
  for k in pairs(t) do if type(k) == "string" or math.type(k) == "integer" then keys[#keys + 1] = k end end
  table.sort(keys, function(a, b)
    if type(a) ~= type(b) then return type(a) == "number" end
    return a < b
  end)
  return keys[1]
end

-- The text of VALUE as a value of the type `now` has; nil and a reason when
-- it is not one.
local function typed_value(text, now, where)
  local unquoted = lpeg.match(quoted * -1, text)
  local kind = math.type(now) or type(now)
  if kind == "integer" then
    local n = not unquoted and text:match("^%-?%d+$") and math.tointeger(tonumber(text))
    if n then return n end
    return nil, string.format("state '%s' holds a whole number (%d); '%s' is not one", where, now, text)
  elseif kind == "float" then
    local n = not unquoted and tonumber(text)
    if n then return n + 0.0 end
    return nil, string.format("state '%s' holds a number (%s); '%s' is not one", where, tostring(now), text)
  elseif kind == "boolean" then
    if text == "true" then return true elseif text == "false" then return false end
    return nil, string.format("state '%s' holds %s; expected true or false, not '%s'", where,
      tostring(now), text)
  elseif kind == "string" then
    return unquoted or text
  elseif kind == "nil" then
    if unquoted then return unquoted end
    local n = text:match("^%-?%d+$") and math.tointeger(tonumber(text))
    if n then return n end
    if text == "true" then return true elseif text == "false" then return false end
    return text
  end
  return nil, string.format("state '%s' holds a %s, which an edit cannot set", where, type(now))
end

-- A reason on one line: a script's error or refusal may hold new lines.
local function one_line(text)
  return (tostring(text):gsub("%s*\n%s*", " "))
end

-- Applies a game's own edit: def.edits[name].apply(game, args...) gives
-- true (or a note), or nil and a reason. apply is the script's code, run
-- as a step is (under the instruction limit): one that refuses or fails may
-- have changed the game first, so a refusal after it ran gives true third
-- (Match:edit then makes the game again without it).
local function apply_own(def, game, e)
  local spec = def.edits[e[1]]
  local args = {}
  for i = 2, #e do args[#args + 1] = e[i] end
  local min = spec.min_args or 0
  if #args < min then
    return nil, string.format("edit '%s' expects %s", e[1], M.usage(e[1], spec))
  end
  local ok, done, why = require("cardlab.vm").guard(spec.apply, game, table.unpack(args))
  if not ok then
    return nil, string.format("edit '%s' failed: %s", e[1], require("cardlab.loader").error_text(done)), true
  end
  if not done then
    return nil, why ~= nil and one_line(why) or string.format("edit '%s' was refused", e[1]), true
  end
  return true, type(done) == "string" and done or nil
end

-- The game's own edits that keep a state key or a zone in step with other
-- values (their `keeps = { state = {KEY...}, zones = {NAME...} }`; a per-seat
-- zone by its name without [N]), as "price CURRENCY FIELD" texts, or nil: a
-- built-in edit of that key or zone alone would leave the game inconsistent
-- (a persona card beside the one the state names, a price off its field).
local function keepers(def, what, name)
  local list = {}
  for _, own in ipairs(M.names(def)) do
    local spec = def.edits[own]
    for _, kept in ipairs(spec.keeps and spec.keeps[what] or {}) do
      if kept == name then
        list[#list + 1] = M.usage(own, spec)
        break
      end
    end
  end
  if #list > 0 then return table.concat(list, " or ") end
end

local function kept_by(what, own)
  return string.format("%s is kept in step with other values by this game's own edit: expected %s", what, own)
end

-- Refuses a state edit of a key the game names in `fixed_state`: a copy of
-- an option for the table and the bots to read, which the rules never read
-- again, so an edit would change what is shown and nothing of the game.
local function fixed_for_game(def, key)
  for _, fixed in ipairs(def and def.fixed_state or {}) do
    if fixed == key then
      local option = false
      for _, o in ipairs(def.options or {}) do option = option or o.name == key end
      if option then
        return string.format("state '%s' is the option %s, fixed for the whole game: start a game with "
          .. "another value (:new %s %s=VALUE, or --option %s=VALUE)", key, key, def.name, key, key)
      end
      return string.format("state '%s' is fixed for the whole game by its rules", key)
    end
  end
end

-- Refuses a move or empty that takes a card into or out of a zone that a game's
-- own edit keeps in step.
local function zone_kept(def, zone)
  if not zone then return end
  local name = zone:name()
  local own = keepers(def, "zones", name:match("^(.*)%[%d+%]$") or name)
  if own then return kept_by("zone '" .. name .. "'", own) end
end

-- "; a card name with blanks goes in quotes: ..." when the first words after
-- move or face, quoted, are a card's name of `game` and make the line an edit
-- (move Extra Memory memory[1]: the name as it is printed), or "".
function M.quoting_hint(game, text)
  local verb, rest = text:match('^[ \t]*(%a+)[ \t]+([^"]*)$')
  if verb ~= "move" and verb ~= "face" then return "" end
  local words = {}
  for w in rest:gmatch("%S+") do words[#words + 1] = w end
  for n = 2, #words - 1 do
    local name = table.concat(words, " ", 1, n)
    local line = string.format('%s "%s" %s', verb, name, table.concat(words, " ", n + 1))
    if lpeg.match(builtin, line) and find_card(game, { name = name }) then
      return "; a card name with blanks goes in quotes: " .. require("cardlab.vm").shown(line)
    end
  end
  return ""
end

-- Applies an edit to a match's game; gives true (and a note when the edit
-- added a state key the game did not have: more often a typo of one it has,
-- 'pases', than a key the rules will read), or nil and a reason. A built-in
-- edit refuses before it changes anything; a game's own edit (`def`
-- supplies them) is the script's code, which may refuse or fail after a
-- change: its refusal gives true third, and the game may be changed
-- (Match:edit, which records edits, makes it again as it was).
-- Whether several cards answer to `name` (a code or a name): an edit by it
-- takes the first of them by id.
function M.shared(game, name)
  local sharing = 0
  for _, c in ipairs(game.cards) do
    if c.code == name or c.name == name then
      sharing = sharing + 1
      if sharing > 1 then return true end
    end
  end
  return false
end

-- For a move or a face edit of a card named by a name several cards share,
-- where the card it would take (or turn) is: its id, zone's name and the
-- edit's verb; else nil. (The first of them by id may be one the person did not mean, on a
-- track or in a hand: the REPL says which it took.)
function M.shared_source(game, text, def)
  local e = M.parse(text, def)
  if not e or e.own or (e[1] ~= "move" and e[1] ~= "face") or not e[2].name then return nil end
  if not M.shared(game, e[2].name) then return nil end
  if e[1] == "face" then
    local id = find_card(game, e[2])
    local where = id and game.table:where(id)
    if not where then return nil end
    return id, where:name(), "face"
  end
  local zone = M.zone(game, e[3])
  local from = e.from and M.zone(game, e.from)
  if not zone or (e.from and not from) then return nil end
  local id = find_card(game, e[2], zone, from or nil)
  local where = id and game.table:where(id)
  if not where then return nil end
  return id, where:name()
end

local apply_edit

-- Makes an edit: gives true (and a note), or nil and why not (and true when
-- the game's code ran, which may have changed the game before it refused).
-- Then the game's `edited`, if any, makes anew what it keeps for the table
-- and the bots from its zones (Cryptocurrency's tracks as lists): a card
-- moved by hand is shown where it is. An error it raises refuses the edit
-- (error(reason, 0): what the edit would leave that the rules cannot play on
-- from), and is said as the reason.
function M.apply(game, text, def)
  local ok, note, ran = apply_edit(game, text, def)
  if not ok or not (def and def.edited) then return ok, note, ran end
  local fine, err = require("cardlab.vm").guard(def.edited, game)
  if not fine then
    return nil, string.format("the edit was refused: %s", require("cardlab.loader").error_text(err)), true
  end
  return ok, note
end

function apply_edit(game, text, def)
  local e, err = M.parse(text, def)
  if not e then return nil, err .. M.quoting_hint(game, text) end
  if e.own then return apply_own(def, game, e) end
  local verb = e[1]
  if verb == "move" then
    local zone, why = M.zone(game, e[3])
    if not zone then return nil, why end
    local from
    if e.from then
      from, why = M.zone(game, e.from)
      if not from then return nil, why end
    end
    local id
    id, why = find_card(game, e[2], zone, from)
    if not id then return nil, why end
    local kept = zone_kept(def, zone) or zone_kept(def, game.table:where(id))
    if kept then return nil, kept end
    local pos = e[4] or "top"
    if type(pos) == "number" and (pos < 1 or pos > zone:count() + 1) then
      return nil, string.format("position %d is outside 1..%d of %s", pos, zone:count() + 1, e[3])
    end
    zone:insert(id, pos)
  elseif verb == "empty" then
    local zone, why = M.zone(game, e[2])
    if not zone then return nil, why end
    local into = e[3] or "box"
    local target
    target, why = M.zone(game, into)
    if not target then return nil, why end
    if target == zone then return nil, string.format("'%s' cannot be emptied into itself", e[2]) end
    local kept = zone_kept(def, zone) or zone_kept(def, target)
    if kept then return nil, kept end
    zone:move_all(target)
  elseif verb == "face" then
    local id, why = find_card(game, e[2])
    if not id then return nil, why end
    game.table:face(id, e[3] == "up")
  elseif verb == "turn" then
    if e[2] < 1 or e[2] > game.players then
      return nil, string.format("there are seats 1 to %d", game.players)
    end
    -- the script ends the turn it is in and asks the seats for the next one
    game.seats:jump(game.seats:after(e[2], -1))
  else
    local keys, text = e[2], e[4]
    local fixed = fixed_for_game(def, keys[1])
    if fixed then return nil, fixed end
    local own = keepers(def, "state", keys[1])
    if own then return nil, kept_by("state '" .. path_text(keys) .. "'", own) end
    local t, key, now = M.lookup(game.state, keys)
    if not t then return nil, key end
    local where = path_text(keys)
    -- a list or a record (points per seat) is not one value: a value in its
    -- place would fail the script at its next use
    if type(now) == "table" then
      local k = some_key(now)
      return nil, string.format("state '%s' is a table: set one of its values%s", where,
        k ~= nil and string.format(", e.g. state %s", path_text({ keys[1], table.unpack(keys, 2) }) ..
          (math.type(k) == "integer" and "[" .. k .. "]" or (k:match("^[%a_][%w_]*$") and "." .. k
            or string.format("[%q]", k))) .. " VALUE") or "")
    end
    local v, why = typed_value(text, now, where)
    if v == nil then return nil, why end
    t[key] = v
    if now == nil then return true, string.format("state had no key '%s'; it was added", where) end
  end
  return true
end

return M
