-- Scenario helpers shared by the Letter Tycoon specs (not a spec itself).

local match = require "cardlab.match"
local assert = require "luassert"  -- busted gives specs its assert, not modules

local M = {}

-- A match of def on the word list at `list` (a path), waiting for its first
-- answer.
function M.new(def, list, players, options, seed)
  local opts = { dictionary = list }
  for k, v in pairs(options or {}) do opts[k] = v end
  local m, err = match.new(def, { players = players or 3, seed = seed or 1, options = opts })
  assert(m, err)
  assert.equal("waiting", m:status(), select(2, m:result()))
  return m
end

-- Puts every card in the box, then lays out letters (texts, first letter on
-- top): hand = {[seat] = "..."}, pool, deck (then the rest of the cards, in
-- id order, unless rest = false), discard.
function M.arrange(m, layout)
  local z = m.game.zones
  for id = 1, #m.game.cards do z.box:insert(id) end
  local function fill(zone, letters)
    for i = 1, #(letters or "") do
      local l = letters:sub(i, i)
      local found
      for _, id in ipairs(z.box:cards()) do
        if m.game.cards[id].letter == l then found = id break end
      end
      assert(found, "no card " .. l .. " left")
      zone:insert(found, "bottom")
    end
  end
  for seat = 1, m.game.players do fill(z.hand[seat], layout.hand and layout.hand[seat]) end
  fill(z.pool, layout.pool)
  fill(z.discard, layout.discard)
  fill(z.deck, layout.deck)
  if layout.rest ~= false then
    for _, id in ipairs(z.box:cards()) do z.deck:insert(id, "bottom") end
  end
end

-- Gives seat the patents of the letters in `list`.
function M.own(m, seat, list)
  for l in list:gmatch("%u") do m.game.state.patents[l] = seat end
end

return M
