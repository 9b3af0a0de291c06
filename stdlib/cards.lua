-- Card-list declarations for rule scripts. Three ways to say what is in the
-- box, all giving a list of card tables (the index is the card id):
--   cards.deck { ranks = {...}, suits = {...} }   one card per rank and suit
--   cards.list { { count = 13, name = "Online", kind = "access" }, ... }
--   cards.parse [[ 13 Online kind=access ]]       the same as text
-- Every card gets a `name`; ids follow the order of declaration.

local lpeg = require "lpeg"
local P, R, S, C, Ct, Cg, Cc = lpeg.P, lpeg.R, lpeg.S, lpeg.C, lpeg.Ct, lpeg.Cg, lpeg.Cc

local M = {}

-- A full deck: the card named rank .. suit (e.g. "10H") has fields rank, suit
-- and value (the rank's place in `ranks`, 1 for the first). A spec that is
-- not two lists of names is an error at the script's line.
function M.deck(spec)
  if type(spec) ~= "table" then
    error(string.format("bad argument #1 to 'deck' (table expected, got %s)", type(spec)), 2)
  end
  -- (of several, the first by name: pairs' order changes from run to run)
  local unknown
  for k in pairs(spec) do
    if k ~= "ranks" and k ~= "suits" and (unknown == nil or tostring(k) < tostring(unknown)) then unknown = k end
  end
  if unknown ~= nil then
    error(string.format("cards.deck: unknown field '%s'; expected ranks and suits", tostring(unknown)), 2)
  end
  for _, field in ipairs({ "ranks", "suits" }) do
    local names = spec[field]
    if type(names) ~= "table" or #names == 0 then
      error(string.format("cards.deck: '%s' must be a non-empty list of names (got %s)", field,
        type(names) == "table" and "an empty table" or type(names)), 2)
    end
    for i, name in ipairs(names) do
      if type(name) ~= "string" and type(name) ~= "number" then
        error(string.format("cards.deck: %s[%d] is a %s, not a name", field, i, type(name)), 2)
      end
    end
  end
  local list = {}
  for _, suit in ipairs(spec.suits) do
    for value, rank in ipairs(spec.ranks) do
      list[#list + 1] = { name = rank .. suit, rank = rank, suit = suit, value = value }
    end
  end
  return list
end

-- Expands kinds with counts into cards: each card is a copy of its kind's
-- fields (without count) plus `kind_index`, its place among its kind.
function M.list(kinds)
  local list = {}
  for i, kind in ipairs(kinds) do
    local count = kind.count or 1
    if math.type(count) ~= "integer" or count < 0 then
      error(string.format("card kind %d ('%s'): count must be a whole number", i, tostring(kind.name)), 2)
    end
    if type(kind.name) ~= "string" then
      error(string.format("card kind %d: a card needs a 'name'", i), 2)
    end
    for k = 1, count do
      local card = { kind_index = k }
      for field, value in pairs(kind) do
        if field ~= "count" then card[field] = value end
      end
      list[#list + 1] = card
    end
  end
  return list
end

-- The card-list text grammar: a line is `COUNT [x] NAME [key=value ...]`,
-- NAME a word or "quoted text", a value a number, true/false, a word or a
-- quoted text; `#` starts a comment; blank lines are ignored.
local blank = S" \t"^0
local space = S" \t"^1
local digits = R"09"^1
local word = (R("az", "AZ", "09") + S"_-+'!?.&/")^1
local quoted = P'"' * C((1 - S'"\n')^0) * P'"'
local number = (S"-"^-1 * digits * (P"." * digits)^-1) / tonumber
local boolean = P"true" * Cc(true) + P"false" * Cc(false)
local value = quoted + number * #(space + -1 + P"#") + boolean * #(space + -1 + P"#") + C(word)
local key = C((R("az", "AZ") + P"_") * (R("az", "AZ", "09") + P"_")^0)
local field = Cg(key * blank * P"=" * blank * value)
local comment = P"#" * P(1)^0
local entry = Ct(Cg(digits / tonumber, "count") * space * (P"x" * space)^-1
  * Cg(quoted + C(word), "name") * Cg(Ct((space * field)^0), "fields"))
local line = blank * (entry + Cc(false)) * blank * comment^-1 * -1

-- Parses a card list text; gives the cards as cards.list does. A line that
-- does not fit raises an error naming it.
function M.parse(text)
  local kinds = {}
  local n = 0
  for raw in (text .. "\n"):gmatch("([^\n]*)\n") do
    n = n + 1
    local e = lpeg.match(line, raw)
    if e == nil then
      error(string.format("card list line %d: expected COUNT NAME [key=value ...], got '%s'",
        n, raw:gsub("^%s+", "")), 2)
    end
    if e then
      local kind = { count = e.count, name = e.name }
      local fields = e.fields
      for i = 1, #fields, 2 do kind[fields[i]] = fields[i + 1] end
      kinds[#kinds + 1] = kind
    end
  end
  return M.list(kinds)
end

-- Gives a map from card name to the list of ids with that name.
function M.index(list)
  local by_name = {}
  for id, card in ipairs(list) do
    local ids = by_name[card.name]
    if not ids then ids = {}; by_name[card.name] = ids end
    ids[#ids + 1] = id
  end
  return by_name
end

return M
