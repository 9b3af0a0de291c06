-- Finding and loading game definitions. A game is a rule script (games/NAME/
-- game.lua, or any path) that returns its definition table. It runs once per
-- load in a fresh sandbox; modules it requires come from its own folder or
-- from stdlib/. The content hash covers every file that was loaded, so a save
-- file can tell when the rules it was played under have changed.

local vm = require "cardlab.vm"
local sandbox = require "cardlab.sandbox"
local options = require "cardlab.options"
local lpeg = require "lpeg"

local M = {}

local HOME = CARDLAB_HOME or "."

-- A module name: dotted identifiers.
local ident = (lpeg.R("az", "AZ", "09") + lpeg.P"_")^1
local modname = ident * (lpeg.P"." * ident)^0 * -1

-- The host's modules that a script may require as they are.
local TRUSTED = { lpeg = true }

-- The current folder as the user names it: $PWD keeps the links they went
-- through, but only while it is the folder this process runs in (a program
-- that starts cardlab in another folder passes its own $PWD on).
function M.current_dir()
  local lfs = require "lfs"
  local pwd, here = os.getenv("PWD"), lfs.attributes(".")
  local at = pwd and pwd:sub(1, 1) == "/" and lfs.attributes(pwd)
  if at and here and at.dev == here.dev and at.ino == here.ino then return pwd end
  return lfs.currentdir() or pwd
end

local function absolute(path)
  if path:sub(1, 1) == "/" then return path end
  local dir = M.current_dir()
  if not dir then return path end
  return dir .. "/" .. path
end

local function relative(path)
  if path:sub(1, #HOME + 1) == HOME .. "/" then return path:sub(#HOME + 2) end
  return path
end

-- Gives the path of a game's script for a name or a path.
-- Whether a game's spec is a path rather than a name in games/: one with a
-- slash, a script's name, or the folder here or above ("." and "..", which
-- would otherwise be looked up as games/./ and games/../).
function M.is_path(spec)
  return spec:find("/", 1, true) ~= nil or spec:match("%.lua$") ~= nil or spec == "." or spec == ".."
end

function M.locate(spec)
  if M.is_path(spec) then
    if spec:match("%.lua$") then return spec end
    return (spec:gsub("/+$", "")) .. "/game.lua"
  end
  return string.format("%s/games/%s/game.lua", HOME, spec)
end

-- Lists the names of the games in games/, sorted.
function M.names()
  local lfs = require "lfs"
  local list = {}
  local ok = pcall(function()
    for entry in lfs.dir(HOME .. "/games") do
      if entry:sub(1, 1) ~= "." and lfs.attributes(string.format("%s/games/%s/game.lua", HOME, entry)) then
        list[#list + 1] = entry
      end
    end
  end)
  table.sort(list)
  return ok and list or {}
end

-- The text of an error value raised by script code: a text as it is, a value
-- with __tostring as that says, anything else named by its type rather than
-- shown as "table: 0x...". __tostring is the script's own code: it runs under
-- the instruction limit (vm.guard), and the metatable is read raw, so that no
-- other metamethod of the script's runs here. Gives nil for a value that is
-- not a text and has no __tostring.
local function shown_error(err)
  local t = type(err)
  -- (one line: a reason is said on one, and the script's own words may
  -- hold new lines or run to megabytes)
  if t == "string" then return vm.oneline(err) end
  if t == "number" then return tostring(err) end
  local mt = debug.getmetatable(err)
  if type(mt) ~= "table" or rawget(mt, "__tostring") == nil then return nil end
  local ok, text = vm.guard(tostring, err)
  if ok and type(text) == "string" then return vm.oneline(text) end
  if type(text) ~= "string" then text = "an error value that is not a text" end
  return string.format("the script's error value cannot be shown: its __tostring failed: %s",
    text:match("^[^\n]*"))
end

-- The one-line reason for an error raised while loading: running out of
-- memory and an error value that is not a text carry no position, so they
-- name the file that was running.
local function load_error(err, file)
  if err == "not enough memory" or (type(err) == "string" and err:find("^not enough memory: the script")) then
    return string.format("%s: not enough memory: the script used all the memory it may (the cap "
      .. "is set by CARDLAB_MEMORY_MB)", file or "loading the rules")
  end
  local text = shown_error(err)
  -- a text without a place (error(msg, 2) at the top level, a C stack
  -- overflow) is given the file's name
  if type(err) == "string" and file and not err:match("^[^\n]-:%d+:")
      and not err:match("^[^\n: ]+%.lua: ") then
    return string.format("%s: %s", file, text)
  end
  if type(err) ~= "string" then
    return string.format("%s: %s", file or "loading the rules", text
      or string.format("the script raised an error value that is not a text (%s)", type(err)))
  end
  return text
end

-- The text of an error value from script code the host ran through
-- vm.guard (validate, a cards function, describe): see shown_error.
function M.error_text(err)
  return shown_error(err)
    or string.format("the script raised an error value that is not a text (%s)", type(err))
end

-- A require for the sandbox: game folder first, then stdlib/. A one-file
-- game (a script not named game.lua) shares its folder with whatever else is
-- there: a file in it named like a library module (cards.lua) would silently
-- take the library's place, so that is an error saying so. A game's own
-- folder (games/NAME/game.lua) may replace a library module on purpose.
local function make_require(dir, state, one_file)
  local function require_(name)
    if type(name) ~= "string" or not lpeg.match(modname, name) then
      error(string.format("bad argument #1 to 'require' (module name expected, got %s)",
        type(name) == "string" and "'" .. name .. "'" or type(name)), 2)
    end
    -- a copy per load: the module's table is the host's, shared by every
    -- game (a script that replaced lpeg.match would poison the next game);
    -- setmaxstack changes LPeg for the whole process and is left out
    if TRUSTED[name] then
      if state.loaded[name] == nil then
        local copy = {}
        for k, v in pairs(require(name)) do copy[k] = v end
        copy.setmaxstack = nil
        state.loaded[name] = copy
      end
      return state.loaded[name]
    end
    if state.loaded[name] ~= nil then return state.loaded[name] end
    if name:match("^cardlab%.") then
      error(string.format("module '%s' is not available to rule scripts", name), 2)
    end
    local file = name:gsub("%.", "/") .. ".lua"
    local tried = {}
    for _, base in ipairs({ dir, HOME .. "/stdlib" }) do
      local path = base .. "/" .. file
      tried[#tried + 1] = relative(path)
      local text = sandbox.read(path)
      if text and one_file and base == dir and dir ~= HOME .. "/stdlib"
          and sandbox.read(HOME .. "/stdlib/" .. file) then
        error(string.format("module '%s': %s next to the one-file game would hide the library's "
          .. "stdlib/%s; rename it (and its require), or put the game in a folder of its own as "
          .. "game.lua", name, relative(path), file), 2)
      end
      if text then
        state.texts[relative(path)] = text
        local chunk, err = sandbox.compile(text, relative(path), sandbox.environment { require = require_ })
        if not chunk then error(err, 0) end
        state.hash = vm.hash(text, state.hash)
        state.sources[#state.sources + 1] = { absolute(path), "one of the game's rule modules" }
        local outer = state.running
        state.running = relative(path)
        local ok, result = pcall(chunk, name)
        state.running = outer
        -- named here: a script that catches the error goes on under its own name
        if not ok then error(load_error(result, relative(path)), 0) end
        state.loaded[name] = result == nil and true or result
        return state.loaded[name]
      end
    end
    -- the library's modules, so that a slip ('card' for 'cards') shows
    local lib = {}
    pcall(function()
      for entry in require("lfs").dir(HOME .. "/stdlib") do
        if entry:match("^[%w_]+%.lua$") then lib[#lib + 1] = entry:sub(1, -5) end
      end
    end)
    table.sort(lib)
    error(string.format("module '%s' not found (tried %s); the library's modules: %s", name,
      table.concat(tried, ", "), table.concat(lib, ", ")), 2)
  end
  return require_
end

-- The fields of a definition (docs/api.md, "The game definition table").
local FIELDS = { "about", "answer_forms", "bench", "bots", "cards", "constraints", "describe",
                 "edited", "edits", "fixed_state", "name", "options", "play", "players", "presentation", "round", "rules",
                 "search", "secret_kinds", "setup", "standing", "standings", "title", "validate" }
local PLAYER_FIELDS = { default = true, max = true, min = true }
-- the types each field takes, so that a helper of another type is never
-- taken for a slip
local FIELD_TYPES = { about = "string", answer_forms = "table", bench = "table", bots = "table",
  cards = "table function", constraints = "function", describe = "function", edited = "function", edits = "table",
  fixed_state = "table", name = "string", options = "table", play = "function", players = "table",
  presentation = "table", round = "function", rules = "table", search = "table", secret_kinds = "table",
  setup = "function", standing = "function", standings = "function table", title = "string",
  validate = "function" }

local edit_distance = options.edit_distance

-- The known field that an unknown name looks like a slip for, or nil: of
-- the type that field takes, and the same in another case, cut short by a
-- letter or two ('describ', 'secret_kind', 'bot'), or as long with a letter
-- or two off or swapped ('titel'); the closest such field. A longer name
-- ('names', 'titles') and anything else is the game's own (helpers its tests
-- call) and is kept.
local function slip_for(name, value, known)
  local lower = name:lower()
  local best, best_distance
  for _, k in ipairs(known) do
    if FIELD_TYPES[k]:find(type(value), 1, true) and #lower <= #k and #lower >= 3 then
      local distance = lower == k and 0
        or (#k - #lower <= 2 and k:sub(1, #lower) == lower) and #k - #lower
        or (#lower == #k and #lower >= 5) and edit_distance(lower, k, 2)
        or 3
      if distance <= (#k >= 8 and 2 or 1) + (k:sub(1, #lower) == lower and 1 or 0)
          and (not best or distance < best_distance) then
        best, best_distance = k, distance
      end
    end
  end
  return best
end

local function check_definition(def, where)
  local function need(cond, what)
    if not cond then error(string.format("%s: the definition %s", where, what), 0) end
  end
  -- (nil: the script's last line, `return mygame`, was left out or lost)
  need(def ~= nil, "must be a table returned by the script; the script returned nothing (does it end "
    .. "with 'return' and the definition, as 'return mygame'?)")
  need(type(def) == "table", string.format("must be a table returned by the script; the script returned a %s",
    type(def)))
  for _, k in ipairs(options.sorted_keys(def)) do
    need(type(k) == "string", string.format("has an entry [%s]; its fields are names: %s",
      tostring(k), table.concat(FIELDS, ", ")))
    local slip = slip_for(k, def[k], FIELDS)
    need(not slip or slip == k, string.format("has an unknown field '%s' (did you mean '%s'?); "
      .. "known fields: %s", k, slip, table.concat(FIELDS, ", ")))
  end
  -- a required field that is missing: a field of its type a letter or two
  -- off that the slip check let pass as the game's own ('paly') is named
  local function missing(field, what)
    local close = {}
    for k, v in pairs(def) do
      if FIELD_TYPES[k] == nil and FIELD_TYPES[field]:find(type(v), 1, true)
          and edit_distance(k:lower(), field, 2) <= 2 then
        close[#close + 1] = k
      end
    end
    table.sort(close)
    return what .. (#close > 0 and string.format(" (is '%s' it?)", close[1]) or "")
  end
  need(type(def.name) == "string", missing("name", "needs a 'name' (text)"))
  need(type(def.players) == "table" and math.type(def.players.min) == "integer"
    and math.type(def.players.max) == "integer" and def.players.min >= 1
    and def.players.max <= vm.max_seats and def.players.min <= def.players.max,
    missing("players", string.format("needs 'players' = { min = , max = } within 1..%d",
      vm.max_seats)))
  need(type(def.setup) == "function", missing("setup", "needs a 'setup' function"))
  need(type(def.play) == "function", missing("play", "needs a 'play' function"))
  need(type(def.cards) == "table" or type(def.cards) == "function",
    missing("cards", "needs 'cards' (a list of card tables, or a function giving one)"))
  def.title = def.title or def.name
  def.rules = def.rules or {}
  def.bots = def.bots or {}
  def.options = def.options or {}
  need(type(def.options) == "table", "'options' must be a list of option declarations")
  -- a list and nothing more: one declaration left unwrapped (options = {
  -- name = "speed", ... }) was read as no option at all
  local option_keys = options.sorted_keys(def.options)
  for _, k in ipairs(option_keys) do
    need(math.type(k) == "integer" and k >= 1 and k <= #option_keys, string.format(
      "'options' must be a list of option declarations (got %s%s)",
      type(k) == "string" and string.format("a field '%s'", k) or string.format("[%s]", tostring(k)),
      rawget(def.options, "name") ~= nil and "; one option is written options = { { name = ..., ... } }" or ""))
  end
  need(type(def.rules) == "table", "'rules' must be a table of named pieces")
  need(type(def.bots) == "table", "'bots' must be a table of bot functions")
  for _, k in ipairs(options.sorted_keys(def.bots)) do
    local v = def.bots[k]
    need(type(v) == "function", string.format("bot '%s' must be a function", tostring(k)))
  end
  for _, k in ipairs(options.sorted_keys(def.players)) do
    need(PLAYER_FIELDS[k], string.format("'players' has an unknown field '%s'; known fields: "
      .. "min, max, default", tostring(k)))
  end
  local default = def.players.default
  need(default == nil or (math.type(default) == "integer" and default >= def.players.min
    and default <= def.players.max), string.format("'players.default' must be a player "
    .. "count from min to max, %d to %d (got %s)", def.players.min, def.players.max,
    tostring(default)))
  def.players.default = default or def.players.min
  local SET = "'secret_kinds' must be a set of request kinds, e.g. { lay = true }"
  need(def.secret_kinds == nil or type(def.secret_kinds) == "table", SET)
  for _, k in ipairs(options.sorted_keys(def.secret_kinds or {})) do
    local v = def.secret_kinds[k]
    need(type(k) == "string" and v == true, string.format("%s (got [%s] = %s%s)", SET,
      type(k) == "string" and string.format("%q", k) or tostring(k),
      type(v) == "string" and string.format("%q", v) or tostring(v),
      type(v) == "string" and string.format("; write { %s = true }", v) or ""))
  end
  -- answer_forms: what `cardlab play` shows under a typed request's prompt
  need(def.answer_forms == nil or type(def.answer_forms) == "table",
    "'answer_forms' must be a table of texts by request kind, e.g. { word = \"a WORD, or pass\" }")
  for _, k in ipairs(options.sorted_keys(def.answer_forms or {})) do
    local v = def.answer_forms[k]
    need(type(k) == "string" and type(v) == "string", string.format("'answer_forms' must be a table "
      .. "of texts by request kind (got [%s] = %s)", type(k) == "string" and string.format("%q", k)
      or tostring(k), type(v) == "string" and string.format("%q", v) or tostring(v)))
  end
  -- the web page's hints (cardlab.presentation)
  if def.presentation ~= nil then
    local bad = require("cardlab.presentation").check(def.presentation)
    need(not bad, bad)
  end
  need(def.edits == nil or type(def.edits) == "table", "'edits' must be a table of named edits")
  for _, k in ipairs(options.sorted_keys(def.edits or {})) do
    local v = def.edits[k]
    need(type(k) == "string" and k:match("^[%w_%-]+$") and not ({ move = 1, face = 1, turn = 1,
      state = 1, empty = 1 })[k], string.format("edit '%s': a game's edit is named by a word other than "
      .. "move, face, turn, empty and state", tostring(k)))
    need(type(v) == "table" and type(v.apply) == "function", string.format("edit '%s' must be a "
      .. "table { args = 'TEXT', doc = 'TEXT', apply = function(game, ...) }", k))
    -- the state keys and zones only this edit changes (the built-in edits
    -- refuse them)
    local keeps = v.keeps
    local ok = keeps == nil or type(keeps) == "table"
    for field, list in pairs(type(keeps) == "table" and keeps or {}) do
      ok = ok and (field == "state" or field == "zones") and type(list) == "table"
      for _, name in pairs(type(list) == "table" and list or {}) do ok = ok and type(name) == "string" end
    end
    need(ok, string.format("edit '%s': 'keeps' must be { state = { KEY, ... }, zones = { NAME, ... } }, "
      .. "the state keys and zones (per-seat zones by their name without [N]) only this edit changes", k))
  end
  -- state keys that show the table what never changes in a game (an
  -- option's value): the built-in state edit refuses them
  local fixed_ok = def.fixed_state == nil or type(def.fixed_state) == "table"
  for k, v in pairs(type(def.fixed_state) == "table" and def.fixed_state or {}) do
    fixed_ok = fixed_ok and math.type(k) == "integer" and type(v) == "string"
  end
  need(fixed_ok, "'fixed_state' must be a list of state keys, { KEY, ... }")
  if def.search ~= nil then
    local _, bad = require("cardlab.ismcts").game_defaults(def.search)
    need(not bad, bad and "'search': " .. bad)
  end
  for _, f in ipairs({ "constraints", "describe", "edited", "validate", "standing", "round" }) do
    need(def[f] == nil or type(def[f]) == "function", string.format("'%s' must be a function", f))
  end
  -- standings: a function of every seat's at once, the cards in a zone of
  -- each seat, or a list of the game's state by seat (or by team)
  local STANDINGS = "'standings' must be a function(game, into), { cards = ZONE [, fewer = true] } naming "
    .. "a zone of each seat, or { state = KEY [, team = true] } naming a list of game.state"
  local standings = def.standings
  need(standings == nil or type(standings) == "function" or type(standings) == "table", STANDINGS)
  if type(standings) == "table" then
    local FIELDS = standings.cards ~= nil and { cards = "string", fewer = "boolean" }
      or { state = "string", team = "boolean" }
    local first = standings.cards ~= nil and "cards" or "state"
    need(type(standings[first]) == "string", STANDINGS)
    for _, k in ipairs(options.sorted_keys(standings)) do
      local v = standings[k]
      need(FIELDS[k] ~= nil, string.format("%s (got a field '%s')", STANDINGS, tostring(k)))
      need(type(v) == FIELDS[k], STANDINGS)
    end
  end
  options.declare(def.options, def.name)
end

-- Runs a house-rule file against a definition: it sees `options` (set a value
-- by name; checked against the declarations), `rules` (replace a named piece
-- with one of the same type), `new_option` (declare an option of its own)
-- and the game's `name`.
local function apply_house(def, path, state)
  local text, err = sandbox.read(path)
  if not text then
    error("cannot read house rules: " .. err .. " (expected a house-rule file: a Lua file as in docs/houses)", 0)
  end
  local decls = options.declare(def.options, def.name)
  local overrides = {}
  local rules = def.rules
  local function valid_names(t)
    local list = options.sorted_keys(t)
    return #list > 0 and table.concat(list, ", ") or "(none)"
  end
  local option_proxy = setmetatable({}, {
    __index = function(_, k)
      if decls[k] == nil then error(string.format("unknown option '%s'; valid options: %s", tostring(k), valid_names(decls)), 2) end
      if overrides[k] ~= nil then return overrides[k] end
      return decls[k].default
    end,
    __newindex = function(_, k, v)
      local d = decls[k]
      if d == nil then
        error(string.format("unknown option '%s'; valid options: %s (a house rule's own option is declared "
          .. "with new_option { name = '%s', type = 'integer', default = 1, doc = '...' })",
          tostring(k), valid_names(decls), tostring(k)), 2)
      end
      if type(v) == "table" then
        error(string.format("option '%s' takes a value (options.%s = %s), not a declaration",
          k, k, type(d.default) == "string" and string.format("%q", d.default) or tostring(d.default)), 2)
      end
      local ok, why = options.check(d, v)
      if not ok then error(string.format("option '%s': %s", k, why), 2) end
      overrides[k] = v
    end,
  })
  -- A table piece (Online's lays_on, Rush's effects, Cryptocurrency's data) is
  -- read through a guard, so that `rules.effects.agian = f` or
  -- `rules.data.max_loan = 0` is refused rather than added as a key the game
  -- never reads. Its string keys are guarded, and so are those of the tables
  -- within (`rules.data.basic.Flyt.strat = 4`); a new number key (Letter
  -- Tycoon's word_values[2]) is added, as to a list.
  -- What the file changed, by piece: where ("house.lua:3", the line of the
  -- last assignment), and for a function the lines it spans, so that an
  -- error of a game can be traced to the house file (cardlab.house_hint). Read
  -- here, once, at load: nothing is added to the pieces or their calls.
  local changes = {}
  state.changes, state.house_file = changes, path
  local function note(piece, v, key)
    local at = debug.getinfo(3, "Sl")
    local change = changes[piece] or {}
    changes[piece] = change
    local line = at and at.currentline > 0 and at.currentline
    change.at, change.src = nil, nil
    if key ~= nil then
      change.keys = change.keys or {}
      local where = line and string.format("%s:%d", at.short_src, line) or path
      change.keys[#change.keys + 1] = { "rules." .. key, where }
    else
      change.keys = nil
    end
    if key == nil and type(v) == "function" then
      local info = debug.getinfo(v, "S")
      change.src, change.first, change.last = info.short_src, info.linedefined, info.lastlinedefined
      -- `rules.turn = function ... end` over several lines: where it begins
      if line and info.short_src == at.short_src and line >= info.linedefined and line <= info.lastlinedefined then
        line = info.linedefined
      end
    end
    change.at = line and string.format("%s:%d", at.short_src, line) or path
  end
  local raw_of = setmetatable({}, { __mode = "k" })
  -- A value the file stores, with the guards in it taken off: the game
  -- reads its tables raw (next, rawlen, C), also those of a new table
  -- (`mining = { difficulty = rules.data.basic.Elvt.mining.difficulty }`).
  local function unguarded(v, seen)
    if raw_of[v] then return raw_of[v] end
    if type(v) ~= "table" or getmetatable(v) ~= nil or seen[v] then return v end
    seen[v] = true
    for k, x in next, v do
      local raw = unguarded(x, seen)
      if raw ~= x then rawset(v, k, raw) end
    end
    return v
  end
  -- one guard per table and path, so that `rules.data.basic == rules.data.basic`
  -- and a guard kept as a key stays the same key
  local guard_of = setmetatable({}, { __mode = "k" })
  -- `path` names the table as the house file reaches it: "data", or
  -- "data.basic.Flyt" for a table within, guarded alike
  local function guarded(piece, t, path)
    local kept = guard_of[t] and guard_of[t][path]
    if kept then return kept end
    local function at(k)
      if type(k) == "string" and k:match("^[%a_][%w_]*$") then return path .. "." .. k end
      return string.format("%s[%s]", path, type(k) == "string" and string.format("%q", k) or tostring(k))
    end
    local proxy = setmetatable({}, {
      __index = function(_, k)
        local v = t[k]
        if type(v) == "table" and getmetatable(v) == nil then return guarded(piece, v, at(k)) end
        return v
      end,
      __newindex = function(_, k, v)
        local old = rawget(t, k)
        if old == nil and type(k) == "string" and next(t) ~= nil then
          local keys = {}
          for key in pairs(t) do
            if type(key) == "string" then keys[#keys + 1] = key end
          end
          if #keys > 0 then
            table.sort(keys)
            error(string.format("unknown key '%s' in rules.%s; valid keys: %s", k, path, table.concat(keys, ", ")), 2)
          end
        end
        -- (a string key set to nil is a name the game reads, gone: refused
        -- alike; a number key may go, as from a list)
        if old ~= nil and type(v) ~= type(old) and (v ~= nil or type(k) == "string") then
          error(string.format("rules.%s must stay a %s (got %s)", at(k), type(old), type(v)), 2)
        end
        t[k] = unguarded(v, {})
        note(piece, nil, at(k))
      end,
      __len = function() return #t end,
      __pairs = function()
        return function(_, k)
          local nk, v = next(t, k)
          if type(v) == "table" and getmetatable(v) == nil then v = guarded(piece, v, at(nk)) end
          return nk, v
        end, t, nil
      end,
    })
    raw_of[proxy] = t
    guard_of[t] = guard_of[t] or {}
    guard_of[t][path] = proxy
    return proxy
  end
  local rules_proxy = setmetatable({}, {
    __index = function(_, k)
      if rules[k] == nil then error(string.format("unknown rule piece '%s'; valid pieces: %s", tostring(k), valid_names(rules)), 2) end
      if type(rules[k]) == "table" then return guarded(k, rules[k], k) end
      return rules[k]
    end,
    __newindex = function(_, k, v)
      if rules[k] == nil then error(string.format("unknown rule piece '%s'; valid pieces: %s", tostring(k), valid_names(rules)), 2) end
      if type(v) ~= type(rules[k]) then
        error(string.format("rule piece '%s' must stay a %s (got %s)", k, type(rules[k]), type(v)), 2)
      end
      -- the guard of a table piece is for the house file: the game keeps the table
      rules[k] = unguarded(v, {})
      note(k, v)
    end,
  })
  -- A house rule's own option, declared as a game declares one, so that its
  -- number can be tried at several values without a file for each
  -- (--option, compare's FILE,k=v); its pieces read game.options.NAME.
  local declared_here = {}
  local function new_option(d)
    if type(d) ~= "table" then
      error("new_option takes a declaration, e.g. new_option { name = 'bonus', type = 'integer', "
        .. "default = 2, min = 0, max = 9, doc = 'what it does' }", 2)
    end
    if type(d.name) == "string" and decls[d.name] ~= nil then
      error(string.format("new_option: %s an option '%s' already; set it with options.%s = value",
        declared_here[d.name] and "this file declared" or "the game has", d.name, d.name), 2)
    end
    local list = {}
    for i, o in ipairs(def.options or {}) do list[i] = o end
    list[#list + 1] = d
    local ok, by_name = pcall(options.declare, list, def.name)
    if not ok then
      local why = tostring(by_name):gsub("^game '[^']*', option %d+ %('([^']*)'%)", "new_option '%1'")
        :gsub("^game '[^']*', option %d+", "new_option")
      error(why, 2)
    end
    def.options, decls = list, by_name
    declared_here[d.name] = true
  end
  -- `draw_limit = 1` for `options.draw_limit = 1`: the error says so
  local function meant(k)
    if decls[k] ~= nil then return "options." .. k end
    if rules[k] ~= nil then return "rules." .. k end
  end
  local env = sandbox.environment({ require = make_require(def.dir, state) }, meant, {
    options = { option_proxy, "set one option at a time, e.g. options.NAME = value" },
    rules = { rules_proxy, "replace one piece at a time, e.g. rules.NAME = function ... end" },
    name = { def.name, "it is the game's name, which a house file does not change" },
    new_option = { new_option, "it declares a house rule's option: new_option { name = ..., ... }" },
  })
  local chunk, cerr = sandbox.compile(text, path, env)
  if not chunk then error(cerr, 0) end
  state.running = path
  -- called through pcall: error(msg, 2) at the top level must not blame
  -- the loader
  local ok, failure = pcall(chunk)
  if not ok then error(failure, 0) end
  state.running = nil
  state.hash = vm.hash(text, state.hash)
  state.sources[#state.sources + 1] = { absolute(path), "the game's house-rule file" }
  def.house_defaults = overrides
end

-- The host's own copy of a checked definition. The script keeps its
-- definition's tables and may change them after the checks (in setup, a
-- looping __index on 'players' or 'bots', a function for 'title'), where the
-- host reads them outside any limit (a web server's lobby, the next match).
-- So its data is copied raw, without metatables; the functions, 'rules'
-- (shared by design with house files and game.rules) and 'cards' (the
-- script's own card tables, which the host reads raw) stay the script's.
local SHARED = { rules = true, cards = true }
local function raw_copy(v, seen)
  if type(v) ~= "table" then return v end
  if seen[v] then return seen[v] end
  local t = {}
  seen[v] = t
  for k, x in next, v do t[raw_copy(k, seen)] = raw_copy(x, seen) end
  return t
end
local function host_copy(def)
  local copy, seen = {}, {}
  for k, v in next, def do copy[k] = SHARED[k] and v or raw_copy(v, seen) end
  return copy
end

-- A seat's standing, standing(game, seat), from a game's standings of every
-- seat at once (which a simulation reads each round), for a definition that
-- declares only those: what the search bot reads at the end of a playout.
local function standing_of(standings)
  if type(standings) == "function" then
    return function(game, seat) return standings(game, {})[seat] end
  elseif type(standings) == "table" and standings.cards then
    local name, sign = standings.cards, standings.fewer and -1 or 1
    return function(game, seat) return sign * game.zones[name][seat]:count() end
  elseif type(standings) == "table" then
    local key, team = standings.state, standings.team
    return function(game, seat) return game.state[key][team and game.seats:team(seat) or seat] end
  end
end

-- Whether `path` is one of the files the definition was loaded from (its
-- script, a module, the house-rule file), which a save or a record written
-- there would destroy: gives what the file is ("the game's house-rule file"),
-- or nil.
function M.source_at(def, path)
  local target = M.file_identity(path)
  for _, source in ipairs(def.sources or {}) do
    if M.file_identity(source[1]) == target then return source[2] end
  end
end

-- What tells one file from another, however its path is written: its
-- device and inode when it exists, else its folder's and its name (so that
-- `r.jsonl` and `./r.jsonl` agree before either is written).
function M.file_identity(path)
  local lfs = require "lfs"
  local a = lfs.attributes(path)
  if a then return string.format("%d:%d", a.dev, a.ino) end
  local folder, name = path:match("^(.*)/([^/]*)$")
  if not folder then folder, name = ".", path end
  a = lfs.attributes(folder == "" and "/" or folder)
  return a and string.format("%d:%d/%s", a.dev, a.ino, name) or path
end

-- Loads a game by name or path, with an optional house-rule file. Gives the
-- definition (fields name, title, players, options, rules, cards, bots, setup,
-- play; and path, dir, hash, house_path added), or nil and a one-line reason.
function M.load(spec, house_path)
  local path = M.locate(spec)
  local text, rerr = sandbox.read(path)
  if not text then
    -- a path names no game of the list: the file is what is missing
    if M.is_path(spec) then
      return nil, string.format("no game script at '%s' (%s)", spec, rerr)
    end
    -- a name that is also a folder or file here: it was meant as a path
    local hint = ""
    if path ~= spec and not spec:find("/", 1, true) and require("lfs").attributes(spec .. "/game.lua", "mode") == "file" then
      hint = string.format("; for the folder here, give its path: ./%s", spec)
    end
    -- a name a letter or two off one of the list: the slip said
    local closest, closest_distance
    for _, name in ipairs(M.names()) do
      local distance = edit_distance(spec:lower(), name, 2)
      if distance <= 2 and (not closest or distance < closest_distance) then
        closest, closest_distance = name, distance
      end
    end
    local guess = closest and string.format(": did you mean '%s'?", closest) or ""
    return nil, string.format("unknown game '%s'%s (%s); see 'cardlab list'%s", spec, guess, rerr, hint)
  end
  local dir = path:match("^(.*)/[^/]*$") or "."
  local state = { loaded = {}, hash = vm.hash(text), sources = { { absolute(path), "the game's rule script" } },
                  texts = { [relative(path)] = text } }
  -- the script's top level, its modules and house rules run under the same
  -- instruction limit as a game step
  local ok, def = vm.guard(function()
    local env = sandbox.environment { require = make_require(dir, state, not path:match("/game%.lua$") and path ~= "game.lua") }
    local chunk, err = sandbox.compile(text, relative(path), env)
    if not chunk then error(err, 0) end
    state.running = relative(path)
    local ran, result = pcall(chunk)
    if not ran then error(result, 0) end
    state.running = nil
    check_definition(result, relative(path))
    result.path, result.dir = relative(path), dir
    -- what finds this game again from anywhere: its name, or its absolute path
    if M.is_path(spec) then
      result.spec = absolute(path)
    else
      result.spec = spec
    end
    if house_path then
      apply_house(result, house_path, state)
      result.house_path = absolute(house_path)
    end
    result.house_defaults = result.house_defaults or {}
    return host_copy(result)
  end)
  if not ok then return nil, load_error(def, state.running) end
  def.hash = state.hash
  def.sources = state.sources
  -- what the house file changed, and the lines of the game's files, for the
  -- hint of cardlab.house_hint (read only when a game ends in error)
  if state.changes and next(state.changes) ~= nil then
    def.house_changes = { file = state.house_file, pieces = state.changes, texts = state.texts }
  end
  def.standing = def.standing or standing_of(def.standings)
  return def
end

return M
