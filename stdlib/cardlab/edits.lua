-- Edits: changes made to a game by hand between two answers (the REPL's :set,
-- "god mode" for building scenarios). An edit is a line of text, so that it
-- can be logged, saved and replayed like an answer:
--   move CARD ZONE [top|bottom|N]   CARD is a card name or #ID
--   face CARD up|down
--   turn SEAT                       SEAT takes the next turn (once the pending
--                                   request is answered and the turn ends)
--   state KEY VALUE                 a public counter: a number, true, false or a word
--                                   (not a key that holds a table)
-- A name that several cards share means the first of them, by id, that is not
-- already in the target zone.

local lpeg = require "lpeg"
local P, R, S, C, Cc, Ct, Cmt = lpeg.P, lpeg.R, lpeg.S, lpeg.C, lpeg.Cc, lpeg.Ct, lpeg.Cmt

local M = {}

local space = S" \t"^1
local blank = S" \t"^0
local word = (1 - S" \t")^1
-- digits that fit a Lua integer (more would turn into a float, and then into
-- a position or id no message can print)
local integer = Cmt(C(S"-"^-1 * R"09"^1), function(_, i, digits)
  local n = math.tointeger(tonumber(digits))
  if n then return i, n end
end)
local card = P"#" * integer / function(id) return { id = id } end + C(word) / function(n) return { name = n } end
local position = C(P"top" + P"bottom") * -word + integer * -word
local value = integer * -word / function(n) return n end
  + P"true" * -word * Cc(true) + P"false" * -word * Cc(false) + C((1 - S"\n")^1)

local edit = blank * (
    Ct(C"move" * space * card * space * C(word) * (space * position)^-1)
  + Ct(C"face" * space * card * space * C(P"up" + P"down") * -word)
  + Ct(C"turn" * space * integer * -word)
  + Ct(C"state" * space * C(word) * space * value)
) * blank * -1

M.SYNTAX = "move CARD ZONE [top|bottom|N], face CARD up|down, turn SEAT, or state KEY VALUE"

-- Parses an edit; gives its parts or nil and what was expected.
function M.parse(text)
  local e = lpeg.match(edit, text)
  if not e then
    return nil, string.format("cannot read edit '%s': expected %s", require("cardlab.vm").shown(text), M.SYNTAX)
  end
  return e
end

-- Finds a card of the game; gives its id or nil and a reason.
local function find_card(game, ref, not_in)
  if ref.id then
    if game.cards[ref.id] then return ref.id end
    return nil, string.format("there is no card #%d (cards are #1 to #%d)", ref.id, #game.cards)
  end
  local first
  for id, c in ipairs(game.cards) do
    if c.name == ref.name then
      first = first or id
      if not not_in or game.table:where(id) ~= not_in then return id end
    end
  end
  if first then return first end
  return nil, string.format("no card is named '%s'", ref.name)
end

-- Applies an edit to a match's game; gives true (and a note when the edit
-- added a state key the game did not have: more often a typo of one it has,
-- 'pases', than a key the rules will read), or nil and a reason (the game is
-- then unchanged).
function M.apply(game, text)
  local e, err = M.parse(text)
  if not e then return nil, err end
  local verb = e[1]
  if verb == "move" then
    local ok, zone = pcall(game.table.zone, game.table, e[3])
    if not ok then return nil, string.format("no zone named '%s'", e[3]) end
    local id, why = find_card(game, e[2], zone)
    if not id then return nil, why end
    local pos = e[4] or "top"
    if type(pos) == "number" and (pos < 1 or pos > zone:count() + 1) then
      return nil, string.format("position %d is outside 1..%d of %s", pos, zone:count() + 1, e[3])
    end
    zone:insert(id, pos)
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
    if type(game.state) ~= "table" then
      return nil, string.format("the game's state is %s, not a table: the script replaced it, "
        .. "and there is no counter to set", game.state == nil and "nil" or "a " .. type(game.state))
    end
    -- a list or a record (points per seat) is not a counter: a value in its
    -- place would fail the script at its next use
    if type(game.state[e[2]]) == "table" then
      return nil, string.format("state '%s' is a table, not a counter: an edit sets a number, "
        .. "true, false or a text", e[2])
    end
    local note = game.state[e[2]] == nil and string.format("state had no key '%s'; it was added", e[2])
    game.state[e[2]] = e[3]
    return true, note or nil
  end
  return true
end

return M
