-- Save files: JSON holding what makes a game (principle 1): the game's name
-- and the content hash of its scripts, the house-rule file, players, seed,
-- option values (with the content hash of each word list they name) and the
-- answers. Everything else is recomputed by replay.

-- dkjson: it writes an empty list as [] when told it is one, writes keys in a
-- fixed order (the same game gives the same file), and keeps integers whole
local json = require "dkjson"
json.use_lpeg()

local ARRAY = { __jsontype = "array" }
local OBJECT = { __jsontype = "object" }
local KEY_ORDER = { "format", "version", "game", "script", "script_hash", "house", "players",
                    "seed", "options", "word_lists", "seats", "answers", "edits" }
local vm = require "cardlab.vm"
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local options = require "cardlab.options"
local render = require "render"

local M = {}

M.FORMAT = "cardlab-save"
M.VERSION = 1

-- The option values as a JSON object, also when the game has none ({}, not
-- the [] dkjson writes for an empty table); the match's own table is left as it is.
-- A word list named by a relative path is saved by its absolute one, as
-- the house file is: a save loaded from another folder finds it still.
local function options_object(values, def)
  local copy = setmetatable({}, OBJECT)
  for k, v in pairs(values or {}) do copy[k] = v end
  for _, d in ipairs(def.options or {}) do
    local v = copy[d.name]
    if d.type == "word_list" and require("cardlab.dictionary").is_relative_path(v) then
      local dir = loader.current_dir()
      if dir then copy[d.name] = dir .. "/" .. v end
    end
  end
  return copy
end

-- The save data of a match; `seats` (optional) records who played each seat.
function M.data(m, seats)
  local answers = setmetatable({}, ARRAY)
  for i, e in ipairs(m:log()) do answers[i] = { e[1], e[2] } end
  local data = {
    format = M.FORMAT,
    version = M.VERSION,
    game = m.def.name,
    script = m.def.spec,
    script_hash = m.def.hash,
    house = m.def.house_path,
    players = m.config.players,
    -- as text: JSON numbers lose digits past 2^53 and lua-cjson keeps only 14
    seed = tostring(m.config.seed),
    options = options_object(m.config.options, m.def),
    -- a word list is named by path or name, and its file may change: its
    -- content hash says whether a replay would see the same words
    word_lists = next(m.word_lists or {}) and m.word_lists or nil,
    seats = seats,
    answers = answers,
    edits = #m.edits > 0 and m.edits or nil,
  }
  return data
end

-- `by_name`: the house file is named by its name alone, not its path (a
-- save a web page downloads: the server's folders are not the page's to
-- know, and the file is replayed from beside the save; see M.load).
function M.encode(m, seats, by_name)
  local data = M.data(m, seats)
  if by_name and data.house then data.house = data.house:match("[^/]*$") end
  local order = {}
  for _, k in ipairs(KEY_ORDER) do order[#order + 1] = k end
  for _, k in ipairs(options.sorted_keys(data.options)) do order[#order + 1] = k end
  return json.encode(data, { keyorder = order })
end

-- Writes the save file; gives true, or nil and a reason naming the file.
-- Nothing is clobbered (cardlab.files): the text goes to a temporary file in
-- the same folder, reaches the disk and is renamed over the file, so a
-- failed write leaves the last save whole; a file that exists must be a
-- regular one the user may write, and keeps its mode; a symbolic link is
-- followed (the file it points to is replaced, the link stays).
function M.write(path, m, seats)
  if type(path) ~= "string" or path == "" or path:sub(-1) == "/" then
    return nil, string.format("cannot write save file '%s': expected the name of a file",
      tostring(path))
  end
  -- ("-" reads as standard output, which the game's own screen uses)
  if path == "-" then
    return nil, "cannot write save file '-': it reads as standard output, where the game is shown; "
      .. "expected a file name (./- for a file named -)"
  end
  -- a mistyped --save (the house file's name) would put the save over the rules
  local source = loader.source_at(m.def, path)
  if source then
    return nil, string.format("cannot write save file %s: it is %s; expected a file of its own",
      path, source)
  end
  local ok, err = require("cardlab.files").replace(path, M.encode(m, seats) .. "\n")
  if not ok then return nil, string.format("cannot write save file %s: %s", path, err) end
  return true
end

local function fail(source, what)
  return nil, string.format("%s is not a valid cardlab save: %s", source, what)
end

-- The JSON type a decoded table came from ("array" or "object"), when the
-- decoder said (dkjson does; tables built in Lua say nothing).
local function json_type(t)
  local mt = getmetatable(t)
  return type(mt) == "table" and rawget(mt, "__jsontype") or nil
end

-- A JSON value that is not a number, a text or a boolean, as a person reads
-- it ("null", "a list"), where tostring would give "table: 0x...".
local function json_shown(v)
  if v == json.null then return "null" end
  return json_type(v) == "object" and "an object" or "a list"
end

local KNOWN = {}
for _, k in ipairs(KEY_ORDER) do KNOWN[k] = true end

-- Checks decoded save data; gives it or nil and a reason.
function M.check(data, source)
  if type(data) ~= "table" or data.format ~= M.FORMAT then
    return fail(source, "expected a JSON object with \"format\": \"cardlab-save\"")
  end
  if data.version ~= M.VERSION then
    local v = data.version
    if math.type(v) == "float" and math.tointeger(v) then v = math.tointeger(v) end
    local shown = v == nil and "no version" or type(v) == "string" and string.format("version %q (a text)", v)
      or type(v) == "table" and "version " .. json_shown(v) or "version " .. tostring(v)
    return fail(source, string.format("%s, expected version %d", shown, M.VERSION))
  end
  -- a misspelt key would otherwise be ignored (and its value lost); checked
  -- after the version, since another version may have other keys
  -- (in sorted order: the same file always names the same key)
  for _, k in ipairs(options.sorted_keys(data)) do
    if not KNOWN[k] then
      return fail(source, string.format("unknown key '%s'; known keys: %s", vm.shown(tostring(k)),
        table.concat(KEY_ORDER, ", ")))
    end
  end
  -- without 'script', 'game' finds the script: a name, never a path (which
  -- would load any Lua file on the disk as a game)
  -- (a path with a control character is none cardlab writes; a game's own
  -- name may hold one, and is escaped where a reason says it)
  local function one_line(v) return type(v) == "string" and not v:find("[%c\127]") end
  if type(data.game) ~= "string" or (data.script == nil and not data.game:match("^[%w_%-]+$")) then
    return fail(source, "'game' must be a game name")
  end
  if data.script ~= nil and not one_line(data.script) then
    return fail(source, "'script' must be a game's name or a path")
  end
  if type(data.script_hash) ~= "string" then return fail(source, "'script_hash' must be a text") end
  if data.house ~= nil and not one_line(data.house) then
    return fail(source, "'house' must be the path of a house-rule file")
  end
  if type(data.players) ~= "number" or not math.tointeger(data.players) then
    return fail(source, "'players' must be a whole number")
  end
  -- (checked before 'seats', whose length must match it)
  if data.players < 1 or data.players > vm.max_seats then
    return fail(source, string.format("'players' is %d; expected 1 to %d", data.players, vm.max_seats))
  end
  -- written as text (see M.data); a plain JSON number is read too
  local seed = data.seed
  if type(seed) == "string" then seed = seed:match("^%d+$") and tonumber(seed) end
  seed = type(seed) == "number" and math.tointeger(seed)
  if not seed or seed < 0 or seed > 9007199254740991 then
    return fail(source, "'seed' must be a whole number from 0 to 2^53-1")
  end
  data.seed = seed
  if type(data.answers) ~= "table" or data.answers == json.null
     or json_type(data.answers) == "object" then
    return fail(source, "'answers' must be a list")
  end
  for i, a in ipairs(data.answers) do
    if type(a) ~= "table" or type(a[1]) ~= "number" or not math.tointeger(a[1])
       or type(a[2]) ~= "string" then
      return fail(source, string.format("answer %d must be [seat, \"text\"]", i))
    end
    a[1] = math.tointeger(a[1])
  end
  if data.edits ~= nil and (type(data.edits) ~= "table" or data.edits == json.null
                            or json_type(data.edits) == "object") then
    return fail(source, "'edits' must be a list")
  end
  local after = 0
  for i, e in ipairs(data.edits or {}) do
    if type(e) ~= "table" or type(e[1]) ~= "number" or not math.tointeger(e[1])
       or type(e[2]) ~= "string" then
      return fail(source, string.format("edit %d must be [answers_before, \"text\"]", i))
    end
    e[1] = math.tointeger(e[1])
    -- edits come in the order made, each after 0 to all the answers
    if e[1] < after or e[1] > #data.answers then
      return fail(source, string.format("edit %d is after %s: expected %d to %d", i,
        render.count(e[1], "answer"), after, #data.answers))
    end
    after = e[1]
  end
  if data.options ~= nil and (type(data.options) ~= "table" or data.options == json.null
                              or json_type(data.options) == "array" and next(data.options) ~= nil) then
    return fail(source, "'options' must be an object")
  end
  if data.word_lists ~= nil then
    if type(data.word_lists) ~= "table" or data.word_lists == json.null then
      return fail(source, "'word_lists' must be an object")
    end
    for k, v in pairs(data.word_lists) do
      if type(k) ~= "string" or type(v) ~= "string" then
        return fail(source, "'word_lists' must map option names to content hashes (texts)")
      end
    end
  end
  for _, k in ipairs(options.sorted_keys(data.options or {})) do
    local v = data.options[k]
    if type(v) == "table" then
      return fail(source, string.format("option '%s' must be a number, a text or true/false (got %s)",
        tostring(k), json_shown(v)))
    end
  end
  -- JSON has one kind of number: whole ones come back as integers
  for k, v in pairs(data.options or {}) do
    if math.type(v) == "float" and math.tointeger(v) then data.options[k] = math.tointeger(v) end
  end
  data.players = math.tointeger(data.players)
  -- who held each seat: optional, but when given, a text per seat
  if data.seats ~= nil then
    local seats = data.seats
    local ok = type(seats) == "table" and seats ~= json.null and json_type(seats) ~= "object"
      and #seats == data.players
    for k, v in pairs(ok and seats or {}) do
      if math.type(k) ~= "integer" or type(v) ~= "string" then ok = false end
    end
    if not ok then
      local given = type(seats) == "table" and json_type(seats) ~= "object" and #seats ~= data.players
        and string.format(", not %d", #seats) or ""
      return fail(source, string.format("'seats' must be a list of %s, one per seat of the %s%s "
        .. "(\"human\", \"random\" or a bot's name)", render.count(data.players, "kind"),
        render.count(data.players, "player"), given))
    end
  end
  return data
end

-- Decodes save text; gives the data or nil and a reason.
function M.decode(text, source)
  -- a deep enough nesting overflows the decoder's stack: not JSON either
  local decoded, data, next_pos, err = pcall(json.decode, text, 1, json.null)
  if not decoded then
    -- the decoder's own message, without its file and line
    return fail(source, string.format("not JSON (%s)",
      (tostring(data):match("[^\n]*"):gsub("^[^:]*:%d+: ", ""))))
  end
  if err then return fail(source, "not JSON (" .. tostring(err) .. ")") end
  if type(next_pos) == "number" and text:find("%S", next_pos) then
    return fail(source, string.format("more text after the JSON object, at byte %d",
      text:find("%S", next_pos)))
  end
  return M.check(data, source)
end

-- Loads a save file and replays it. Gives the match and the data, or nil and
-- a one-line reason. A save whose scripts changed since is refused.
local load_save
function M.load(path)
  local m, data = load_save(path)
  if m then return m, data end
  -- (the reason quotes names from the file, a game's own name among them:
  -- its control characters escaped as the host escapes a game's texts)
  return nil, (tostring(data):gsub("[%c\127]", function(c) return "\\" .. c:byte() end))
end

load_save = function(path)
  local f, err = io.open(path, "rb")
  if not f then return nil, "cannot read save file " .. err end
  local text, rerr = f:read("a")
  f:close()
  if not text then
    return nil, string.format("cannot read save file %s: %s", path, rerr or "not a file")
  end
  local data, derr = M.decode(text, path)
  if not data then return nil, derr end
  -- a house file named without a folder (a save downloaded from the web
  -- table) is read from the save's own folder where it is there; any other
  -- relative path, as before, from the current folder
  local house = data.house
  if house and not house:find("/", 1, true) then
    local beside = (path:match("^(.*)/") or ".") .. "/" .. house
    if require("lfs").attributes(beside, "mode") == "file" then house = beside end
  end
  local def, lerr = loader.load(data.script or data.game, house)
  -- the game or house file it names is gone or broken: say which save named it
  if not def then return nil, string.format("%s names a game that does not load: %s", path, lerr) end
  if def.name ~= data.game then
    return nil, string.format("%s is not a valid cardlab save: it names the game '%s', but its "
      .. "script %s is the game '%s'", path, data.game, data.script or data.game, def.name)
  end
  -- the hash first: under other rules a seat's bot may have been renamed or
  -- dropped, and then the changed rules are the cause to name, not the kind
  if def.hash ~= data.script_hash then
    return nil, string.format("%s was saved with other rules: the scripts of '%s' (its own or "
      .. "the library's)%s changed since (hash %s, now %s); replaying it would not give the same game",
      path, data.game, data.house and " or the house rules " .. data.house or "",
      tostring(data.script_hash), def.hash)
  end
  for seat, kind in ipairs(data.seats or {}) do
    if kind ~= "human" and kind ~= "random" and not def.bots[kind] and not match.search_kind(def, kind) then
      return nil, string.format("%s is not a valid cardlab save: seat %d is held by '%s', which is "
        .. "not a player kind of %s; valid kinds: %s", path, seat, kind, def.name,
        table.concat(match.player_kinds(def), ", "))
    end
  end
  local config = { players = data.players, seed = data.seed, options = data.options }
  -- a word list that changed since would judge the words otherwise: refused
  -- like changed scripts (a configuration or list that cannot be had is the
  -- replay's error)
  local cfg = data.word_lists and match.configure(def, config)
  local hashes = cfg and match.word_list_hashes(def, cfg.options) or {}
  for _, name in ipairs(cfg and options.sorted_keys(data.word_lists) or {}) do
    local now, saved = hashes[name], data.word_lists[name]
    if now and now ~= saved then
      return nil, string.format("%s was saved with another word list: option '%s' (%s) has "
        .. "changed since (hash %s, now %s); replaying it would not give the same game",
        path, name, tostring(cfg.options[name]), saved, now)
    end
  end
  local m, why = match.replay(def, config, data.answers, nil, data.edits)
  if not m then return nil, string.format("%s does not replay: %s", path, why) end
  return m, data
end

return M
