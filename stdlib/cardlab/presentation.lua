-- Presentation hints: how the web page (cardlab serve) draws a game. A game
-- may give them as the field `presentation` of its definition; every field
-- is optional and the page draws any game without them (docs/web.md).
--
--   felt        the table cloth's colour (CSS colour text)
--   card_label  the card field written large on a face (default: `code` when
--               it is a text, else `name`)
--   card_detail a card field written small under it
--   card_text   a card field holding what the card is and does, in words:
--               said when the pointer rests on the card (default: its name
--               and code)
--   colour_by   the card field whose value picks the face's colour ... (or a
--               list of fields, tried in turn: the first whose value has a
--               colour gives it; a field holding a list of values, such as
--               the colours a project takes, colours the band under the card
--               in stripes, and the name takes a later field's colour)
--   colours     ... from this map of value to CSS colour
--   symbols     a map of colour_by's value to a symbol put after the label
--               (suits: { H = "♥" })
--   zones       shared zones in the order drawn (others after them)
--   seat_zones  the per-seat zones (base names, "hand" for hand[1]..) in order
--   labels      a map of zone or state name (or a key of a state map) to the
--               words shown for it
--   hidden      a set of zone or state names not drawn (a zone's cards still
--               count in answers); "state.NAME" hides only the state value
--               when a zone has the same name
--   hide_empty  a set of zones drawn only while they hold cards (a discard
--               pile, the cards of an option not in play)
--   stacked     a set of zones drawn as a pile: the top card (the last) face
--               up on the others (a discard pile)
--   spelled     a map of zone name to a state value (a name, or a path such
--               as "play.text") whose text its cards are drawn to spell: each
--               character takes the first card left whose label it is, and
--               the cards no character took follow as they lie (Letter
--               Tycoon's word on the table, whose cards came from pool and
--               hand apart). Only the drawing changes, not the zone
--   state       shared state values in the order drawn (others after them);
--               maps over the same keys (prices by currency ...) make one board
--   seat_state  the state values held one per seat (a list by seat or a map
--               by seat number), drawn under each seat, in this order; without
--               it, any list with one scalar (or map) per seat is taken
--   team_zones  the zones a team shares (base names: "online" for online[1]
--               .., numbered by team, the team of game.seats:team) in order:
--               drawn once, in a panel of the team that holds its seats
--   team_state  the state values held one per team (a list by team number
--               or a map by it), drawn under the team's name, in this order.
--               Where every seat plays alone, a team's zones and values are
--               drawn as its seat's
--   markers     state values holding a seat number (start player ...): a
--               badge on that seat
--   turned      a state value holding a set of card ids (exhausted, tapped):
--               those cards are drawn turned
--   log_steps   a set of request kinds whose answers are steps of something
--               the game then says in one line (an offer made step by step):
--               the log folds a run of them into that line, the steps shown
--               on a click
--   amounts     a set of request kinds whose answers are a word and a number
--               ("give 0" .. "give 14"): more than six numbers in a row are
--               asked with a number field and one button, not a button each

local M = {}

local FIELDS = { amounts = "set", card_detail = "string", card_label = "string", card_text = "string",
                 colour_by = "string or list", colours = "map", felt = "string", hidden = "set", hide_empty = "set",
                 labels = "map", log_steps = "set", markers = "list", seat_state = "list", seat_zones = "list",
                 spelled = "map", stacked = "set", state = "list", symbols = "map", team_state = "list",
                 team_zones = "list", turned = "string", zones = "list" }

local function names(t)
  local list = {}
  for k in pairs(t) do list[#list + 1] = k end
  table.sort(list)
  return table.concat(list, ", ")
end

-- What is wrong with a presentation table, or nil.
function M.check(p)
  if type(p) ~= "table" then return "'presentation' must be a table" end
  for _, k in ipairs(require("cardlab.options").sorted_keys(p)) do  -- (the same field named every run)
    local v = p[k]
    local kind = FIELDS[k]
    if not kind then
      return string.format("'presentation' has an unknown field '%s'; known fields: %s",
        tostring(k), names(FIELDS))
    end
    if kind == "string or list" then
      -- a field's name, or a list of them
      if type(v) == "table" then kind = "list"
      elseif type(v) ~= "string" then
        return string.format("'presentation.%s' must be a text or a list of names (got %s)", k, type(v))
      end
    end
    if kind == "string" and type(v) ~= "string" then
      return string.format("'presentation.%s' must be a text (got %s)", k, type(v))
    end
    if kind ~= "string" and kind ~= "string or list" then
      if type(v) ~= "table" then
        return string.format("'presentation.%s' must be a table (got %s)", k, type(v))
      end
      for key, x in pairs(v) do
        local ok
        if kind == "list" then ok = math.type(key) == "integer" and type(x) == "string"
        elseif kind == "set" then ok = type(key) == "string" and x == true
        else ok = (type(key) == "string" or math.type(key) == "integer") and type(x) == "string" end
        if not ok then
          return string.format("'presentation.%s' must be %s", k, kind == "list"
            and "a list of names" or kind == "set" and "a set of names, e.g. { passes = true }"
            or "a map of names to texts")
        end
      end
    end
  end
end

return M
