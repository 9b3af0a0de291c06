-- Game options: a game declares them as a list of
--   { name = "hand_size", type = "integer", default = 0, doc = "one line",
--     choices = {...} (type "choice"), min = , max = (numbers) }
-- and players set them with `--option name=value`, in a house-rule file, or
-- in the REPL. Every mistake is an error that lists what would be valid.
--
-- Types: integer, number, boolean, string, choice; word_list: a word list by
-- name (sowpods, wordlist) or path, which must load (cardlab.dictionary) for
-- the options to resolve, so that a list that cannot be had is the player's
-- mistake, named before the game starts; seat: 0 or a seat of the table,
-- checked against the player count when the options resolve.

local lpeg = require "lpeg"
local vm = require "cardlab.vm"
local P, R, S, C = lpeg.P, lpeg.R, lpeg.S, lpeg.C

local M = {}

local TYPES = { integer = true, number = true, boolean = true, string = true, choice = true,
                word_list = true, seat = true }
-- the types whose values are texts as typed
local TEXTUAL = { string = true, choice = true, word_list = true }
local FIELDS = { name = true, type = true, default = true, doc = true, min = true, max = true,
                 choices = true }

local blank = S" \t"^0
local name = C((R("az", "AZ") + P"_") * (R("az", "AZ", "09") + P"_")^0)
-- (a setting's name may be mistyped, 'round-limit': it is read, and told
-- as an unknown option with the one it is near)
local assignment = blank * C((R("az", "AZ") + P"_") * (R("az", "AZ", "09") + S"_-")^0) * blank * P"=" * blank * C(P(1)^0) * -1
local integer = blank * C(S"+-"^-1 * R"09"^1) * blank * -1
local digits = R"09"^1
local number = blank * C(S"+-"^-1 * (digits * (P"." * digits^-1)^-1 + P"." * digits)
  * (S"eE" * S"+-"^-1 * digits)^-1) * blank * -1
local BOOLEANS = { ["true"] = true, yes = true, on = true, ["1"] = true,
                   ["false"] = false, no = false, off = false, ["0"] = false }

-- Checks a game's option declarations; gives them by name.
function M.declare(decls, game)
  local by_name, index_of = {}, {}
  for i, d in ipairs(decls or {}) do
    local where = string.format("game '%s', option %d", game, i)
    if type(d) ~= "table" then error(where .. ": a declaration must be a table", 0) end
    if type(d.name) ~= "string" or not lpeg.match(name * -1, d.name) then
      error(where .. ": 'name' must be an identifier", 0)
    end
    for _, k in ipairs(M.sorted_keys(d)) do  -- (of two wrong fields, the same named every run)
      if not FIELDS[k] then
        error(string.format("%s ('%s'): unknown field '%s'; known fields: name, type, default, "
          .. "doc, min, max, choices", where, tostring(d.name), tostring(k)), 0)
      end
    end
    if not TYPES[d.type] then
      error(string.format("%s ('%s'): type must be one of integer, number, boolean, string, choice, word_list, seat",
        where, d.name), 0)
    end
    -- (one line: `cardlab list` and the web lobby give each option a line;
    -- other control characters are shown escaped, as every game text is)
    if type(d.doc) ~= "string" or d.doc:find("\n") then
      error(string.format("%s ('%s'): 'doc' must be a one-line text", where, d.name), 0)
    end
    if d.type == "choice" and (type(d.choices) ~= "table" or #d.choices == 0) then
      error(string.format("%s ('%s'): a choice needs a list of choices", where, d.name), 0)
    end
    -- choices are matched as typed texts: a number among them could never be chosen
    for k, c in ipairs(d.type == "choice" and d.choices or {}) do
      if type(c) ~= "string" then
        error(string.format("%s ('%s'): choice %d must be a text (got %s)", where, d.name, k, type(c)), 0)
      end
    end
    -- a second declaration of a name would silently replace the first
    if index_of[d.name] ~= nil then
      error(string.format("%s ('%s'): option %d has that name already", where, d.name,
        index_of[d.name]), 0)
    end
    index_of[d.name] = i
    local ok, err = M.check(d, d.default)
    if not ok then error(string.format("%s ('%s'): default %s", where, d.name, err), 0) end
    by_name[d.name] = d
  end
  return by_name
end

local function names(decls)
  local list = {}
  for _, d in ipairs(decls) do list[#list + 1] = d.name end
  return #list > 0 and table.concat(list, ", ") or "(this game has no options)"
end

local function expected(d, players)
  if d.type == "choice" then return "one of " .. table.concat(d.choices, ", ") end
  if d.type == "word_list" then return "a word list: sowpods, wordlist, or the path of a file" end
  if d.type == "seat" then
    return players and string.format("0 or a seat from 1 to %d", players) or "0 or a seat number"
  end
  local range = ""
  if d.min and d.max then range = string.format(" from %s to %s", d.min, d.max)
  elseif d.min then range = string.format(" of at least %s", d.min)
  elseif d.max then range = string.format(" of at most %s", d.max) end
  return (d.type == "integer" and "an integer" or d.type == "number" and "a number"
    or d.type == "boolean" and "true or false" or "a text") .. range
end

-- Checks a value against a declaration (a seat against `players`, when
-- known): true, or nil and what was expected.
function M.check(d, value, players)
  local ok
  if d.type == "integer" then ok = math.type(value) == "integer"
  elseif d.type == "seat" then
    ok = math.type(value) == "integer" and value >= 0 and (not players or value <= players)
  elseif d.type == "number" then
    -- finite: a save file writes NaN and infinity as null, which loads as no number
    ok = type(value) == "number" and value == value and value ~= math.huge and value ~= -math.huge
  elseif d.type == "boolean" then ok = type(value) == "boolean"
  elseif d.type == "string" then ok = type(value) == "string"
  elseif d.type == "word_list" then ok = type(value) == "string" and value ~= ""
  else
    for _, c in ipairs(d.choices) do ok = ok or c == value end
  end
  if ok and type(value) == "number" then
    ok = (not d.min or value >= d.min) and (not d.max or value <= d.max)
  end
  if ok then return true end
  -- a text where a number or a boolean belongs is quoted, so "2" is not read as 2
  local quote = type(value) == "string" and not TEXTUAL[d.type]
  -- (said as a refusal quotes a text: escaped, and cut when long, as a
  -- save file's or a page's text may be anything)
  local shown = quote and '"' .. vm.shown(value) .. '" (a text)' or value == "" and '""'
    or vm.shown(tostring(value))
  return nil, string.format("%s is not valid: expected %s", shown, expected(d, players))
end

-- Converts the text of a value to the option's type; gives the value, or nil
-- and a reason.
function M.parse_value(d, text)
  local value
  if d.type == "integer" or d.type == "seat" then
    value = lpeg.match(integer, text) and math.tointeger(tonumber(text))
  elseif d.type == "number" then
    value = lpeg.match(number, text) and tonumber(text)
    if value and (value ~= value or value == math.huge or value == -math.huge) then value = nil end
  elseif d.type == "boolean" then value = BOOLEANS[text:lower()]
  else value = text end
  if value == nil then
    return nil, string.format("option '%s': '%s' is not valid: expected %s", d.name, vm.shown(text),
      d.type == "boolean" and "true or false (or yes/no, on/off, 1/0)" or expected(d))
  end
  local ok, err = M.check(d, value)
  if not ok then return nil, string.format("option '%s': %s", d.name, err) end
  return value
end

-- The number of single-letter edits (insert, delete, change, swap two
-- neighbours) from a to b, or more than `limit` once it exceeds it.
function M.edit_distance(a, b, limit)
  if math.abs(#a - #b) > limit then return limit + 1 end
  local d = {}
  for i = 0, #a do d[i] = { [0] = i } end
  for j = 0, #b do d[0][j] = j end
  for i = 1, #a do
    for j = 1, #b do
      local cost = a:byte(i) == b:byte(j) and 0 or 1
      local best = math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
      if i > 1 and j > 1 and a:byte(i) == b:byte(j - 1) and a:byte(i - 1) == b:byte(j) then
        best = math.min(best, d[i - 2][j - 2] + 1)
      end
      d[i][j] = best
    end
  end
  return d[#a][#b]
end

-- Parses "name=value"; gives name, text of the value, or nil and a reason.
function M.parse_assignment(text)
  local k, v = lpeg.match(assignment, text)
  if not k then
    return nil, string.format("'%s' is not an option setting: expected name=value", vm.shown(text))
  end
  return k, v
end

-- " (did you mean 'NAME'?)" for the declared option an unknown name is a
-- slip of (a letter or two off, '-' for '_', another case), or "".
local function near_miss(k, decls)
  local typed = k:lower():gsub("-", "_")
  local best, best_distance
  for _, d in ipairs(decls) do
    -- (two slips in a short name would make any name near: 'zz' of 'n')
    local distance = M.edit_distance(typed, d.name:lower(), 2)
    if distance <= (#d.name >= 6 and 2 or 1) and (not best or distance < best_distance) then best, best_distance = d.name, distance end
  end
  return best and string.format(" (did you mean '%s'?)", best) or ""
end

-- Resolves options for `players` seats: the defaults, then `settings` (a map
-- of name to a value or to its text). Gives a values table, or nil and a
-- one-line reason.
function M.resolve(decls, settings, game, players)
  local values = {}
  for _, d in ipairs(decls) do values[d.name] = d.default end
  for _, k in ipairs(M.sorted_keys(settings or {})) do
    local v = settings[k]
    local d
    for _, decl in ipairs(decls) do if decl.name == k then d = decl end end
    if not d then
      return nil, string.format("unknown option '%s' for %s%s; valid options: %s", vm.shown(tostring(k)), game,
        near_miss(tostring(k), decls), names(decls))
    end
    if type(v) == "string" and not TEXTUAL[d.type] then
      local parsed, err = M.parse_value(d, v)
      if parsed == nil then return nil, err end
      v = parsed
    else
      local ok, err = M.check(d, v)
      if not ok then return nil, string.format("option '%s': %s", k, err) end
    end
    values[k] = v
  end
  for _, d in ipairs(decls) do
    if d.type == "seat" and players then
      local ok, err = M.check(d, values[d.name], players)
      if not ok then return nil, string.format("option '%s': %s", d.name, err) end
    end
    if d.type == "word_list" then
      local dict, err = require("cardlab.dictionary").load(values[d.name])
      if not dict then return nil, string.format("option '%s': %s", d.name, err) end
    end
  end
  return values
end

function M.sorted_keys(t)
  local keys = {}
  for k in pairs(t) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  return keys
end

-- The options of `values` set away from their declarations' defaults, as
-- "name=value" texts in name order: what a table says it plays, beside the
-- game's title (a Memory Full that lets E-Mail through is then explained).
function M.changed(decls, values)
  local list = {}
  for _, d in ipairs(decls or {}) do
    local v = values[d.name]
    -- (a known word list named in other capitals is that list: SOWPODS)
    if d.type == "word_list" and type(v) == "string" and require("cardlab.dictionary").KNOWN[v:lower()] then
      v = v:lower()
    end
    if v ~= nil and v ~= d.default then
      list[#list + 1] = d.name .. "=" .. tostring(math.type(v) == "float" and math.tointeger(v) or v)
    end
  end
  table.sort(list)
  return list
end

-- A read-only view of option values: reading an unknown name is an error.
-- A known one is read from a copy on Lua's own path (an __index table, no
-- call: rules read options in their turns); only a name the copy lacks
-- reaches its own __index, the error.
function M.frozen(values, game)
  local copy = setmetatable({}, {
    __index = function(_, k)
      error(string.format("unknown option '%s' for %s", tostring(k), game), 2)
    end,
  })
  for k, v in pairs(values) do rawset(copy, k, v) end
  return setmetatable({}, {
    __index = copy,
    __newindex = function(_, k)
      error(string.format("options are read-only during a game (tried to set '%s')", tostring(k)), 2)
    end,
    __pairs = function() return next, values, nil end,
  })
end

return M
