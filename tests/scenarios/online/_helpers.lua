-- Online: the set-ups several scenario files of this folder share (a helper
-- file: `local h = uses "_helpers.lua"`; `cardlab test` does not run it).
-- Every card comes from the deck, so the other cards stay where they were.
local J = edits.joined
local M = {}

-- a seat's hand: exactly these cards (a list)
function M.hand(seat, cards)
  return edits.holding("hand[" .. seat .. "]", "deck", cards, "deck")
end
-- the same, the cards named one by one: hand_of(1, "Online", "Music")
function M.hand_of(seat, ...) return M.hand(seat, { ... }) end

-- a row of cards (online[1], memory[2], email[1]...): these cards, bottom first
function M.row(zone, cards)
  local list = {}
  for _, c in ipairs(cards) do list[#list + 1] = 'move "' .. c .. '" ' .. zone .. " from deck" end
  return list
end

-- the card on top of the deck: the 8th card the seat to play draws
function M.top(card) return { 'move "' .. card .. '" deck from deck' } end

-- a hand that lifts no block and stops no Hacker
M.QUIET = { "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie", "E-Mail" }
-- the listed seats hold that hand
function M.quiet(...)
  local list = {}
  for _, seat in ipairs({ ... }) do list = J(list, M.hand(seat, M.QUIET)) end
  return list
end

-- a turn that exchanges nothing
M.PASS = { "exchange", "done" }
-- the listed seats pass, in order
function M.passes(...)
  local steps = {}
  for _, seat in ipairs({ ... }) do steps = J(steps, { { seat = seat, kind = "turn" } }, M.PASS) end
  return steps
end

-- the download rows of the goal, full but for the second Movie (bottom first)
M.FULL = {
  email = { "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail" },
  music = { "Music", "Music", "Music", "Music" }, game = { "Game", "Game" }, movie = { "Movie" },
}
-- a side one Movie from winning: online, a free Extra Memory, the rows of FULL
function M.almost_won(side)
  return J(M.row("online[" .. side .. "]", { "Online" }), M.row("memory[" .. side .. "]", { "Extra Memory" }),
    M.row("email[" .. side .. "]", M.FULL.email), M.row("music[" .. side .. "]", M.FULL.music),
    M.row("game[" .. side .. "]", M.FULL.game), M.row("movie[" .. side .. "]", M.FULL.movie))
end

return M
