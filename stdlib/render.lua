-- Terminal rendering of a seat's view: what `cardlab play` and the REPL show.
-- A game may give `describe(view, cards)` for its own lines; these helpers
-- render the rest.

local M = {}

-- Names of the cards in a zone view: hidden cards as "??", and a card
-- without a name (a text) as its id, "#3".
function M.card_names(ids, cards)
  local names = {}
  for i, id in ipairs(ids or {}) do
    local card = cards[id]
    names[i] = id == 0 and "??"
      or (type(card) == "table" and type(card.name) == "string" and card.name or "#" .. id)
  end
  return names
end

local MAX_SHOWN = 12  -- cards of one zone shown on its line; the rest are counted

-- "1 card", "5 cards". A count that is not a number is the caller's mistake,
-- named at its line (a describe's, usually) rather than here.
function M.count(n, noun)
  if type(n) ~= "number" then
    error(string.format("bad argument #1 to 'count' (number expected, got %s)", type(n)), 2)
  end
  noun = noun or "card"
  return string.format("%d %s%s", n, noun, n == 1 and "" or "s")
end

-- A list in words: "2", "2 and 3", "red, yellow or blue" (word: "and", "or").
function M.spoken(list, word)
  if #list == 1 then return tostring(list[1]) end
  return table.concat(list, ", ", 1, #list - 1) .. " " .. word .. " " .. list[#list]
end

-- A name padded with blanks to 14 bytes, the column of zone lines and state
-- lines (as %-14s would pad it, but that refuses a text holding a NUL byte,
-- which a state key may).
local function column(name)
  name = tostring(name)
  return name .. string.rep(" ", 14 - #name)
end

-- One line for a zone: its name, then its cards (top first, the first dozen)
-- or its count.
function M.zone_line(zone, cards)
  if zone.count == nil then return column(zone.name) .. " (hidden)" end
  if zone.cards then
    local names = M.card_names(zone.cards, cards)
    local more = ""
    if #names > MAX_SHOWN then
      more = string.format(" ... (%s in all)", M.count(#names))
      for i = #names, MAX_SHOWN + 1, -1 do names[i] = nil end
    end
    return column(zone.name) .. " " .. table.concat(names, " ") .. more
  end
  return column(zone.name) .. " " .. M.count(zone.count)
end

-- A value of the public state as text; a table met again inside itself is
-- "{...}".
local function plain(v, open)
  if type(v) ~= "table" then return tostring(v) end
  open = open or {}
  if open[v] then return "{...}" end
  open[v] = true
  local parts = {}
  for i, x in ipairs(v) do parts[i] = plain(x, open) end
  local keys = {}
  for k in pairs(v) do
    if math.type(k) ~= "integer" or k < 1 or k > #v then keys[#keys + 1] = k end
  end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. "=" .. plain(v[k], open) end
  open[v] = nil
  return "{" .. table.concat(parts, ", ") .. "}"
end

-- The game's own lines for a view: def.describe(view, cards), run under the
-- instruction limit. Gives the list of texts, or nil and why describe failed.
function M.describe(view, cards, def)
  return M.game_lines(def.describe, view, cards)
end

-- The list of texts a game's function gives (describe, explain_result), run
-- under the instruction limit; or nil and why it failed.
function M.game_lines(fn, ...)
  local vm = require "cardlab.vm"
  local ok, lines = vm.guard(fn, ...)
  if not ok then return nil, require("cardlab.loader").error_text(lines) end
  if type(lines) ~= "table" then
    return nil, string.format("it gave %s, not a list of texts", lines == nil and "nothing"
      or "a " .. type(lines))
  end
  -- read raw: the list's own metamethods (__len, __index) are the script's
  -- code, which runs under the limit only inside vm.guard
  local plain = {}
  for i = 1, rawlen(lines) do
    local line = rawget(lines, i)
    if type(line) ~= "string" then
      return nil, string.format("its line %d is a %s, not a text", i, type(line))
    end
    plain[i] = line
  end
  return plain
end

-- The view as lines of text: the game's own description when it has one
-- (def.describe(view, cards) giving lines), else the turn, zones in name
-- order and the public state.
function M.view_lines(view, cards, def)
  if def and def.describe then
    -- a broken describe falls back to the plain view below, saying why
    local lines, why = M.describe(view, cards, def)
    if lines then return lines end
    local plain_lines = M.view_lines(view, cards)
    table.insert(plain_lines, 1, "(the game's describe failed: " .. why .. ")")
    return plain_lines
  end
  local lines = {}
  -- the seat asked, which is the seat to play unless the game asks others
  -- out of turn (or does not keep turns with game.seats)
  local asked = view.request and view.request.seat or view.current
  lines[#lines + 1] = string.format("round %d, turn %d, seat %d to play", view.round, view.turn, asked)
  local names = {}
  for name in pairs(view.zones) do names[#names + 1] = name end
  table.sort(names)
  for _, name in ipairs(names) do
    local z = view.zones[name]
    if z.count ~= nil then lines[#lines + 1] = "  " .. M.zone_line(z, cards) end
  end
  if type(view.state) ~= "table" then
    lines[#lines + 1] = "  " .. column("state") .. " " .. plain(view.state)
    return lines
  end
  local keys = {}
  for k in pairs(view.state) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, k in ipairs(keys) do
    lines[#lines + 1] = "  " .. column(k) .. " " .. plain(view.state[k])
  end
  return lines
end

return M
