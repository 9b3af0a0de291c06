-- Scoring helpers: winners and rankings with ties, and the result table every
-- game's `play` gives back:
--   { winners = {seat, ...}, scores = {[seat] = n, ...}, reason = "text" }

local M = {}

-- Scores must be a list of numbers, one per seat; anything else is an error
-- at the line of the script that called `fname` (level 3), rather than a
-- failed comparison inside this file.
local function check_scores(fname, scores)
  if type(scores) ~= "table" then
    error(string.format("bad argument #1 to '%s' (table expected, got %s)", fname, type(scores)), 3)
  end
  for seat = 1, #scores do
    local s = scores[seat]
    if type(s) ~= "number" then
      error(string.format("score.%s: the score of seat %d is %s, not a number", fname, seat,
        s == nil and "nil" or "a " .. type(s)), 3)
    end
  end
end

-- The seats with the best score (highest, or lowest when lowest is true); all
-- tied seats are winners.
function M.winners(scores, lowest)
  check_scores("winners", scores)
  local best
  for seat = 1, #scores do
    local s = scores[seat]
    if best == nil or (lowest and s < best) or (not lowest and s > best) then best = s end
  end
  local list = {}
  for seat = 1, #scores do
    if scores[seat] == best then list[#list + 1] = seat end
  end
  return list
end

-- Seats ordered best first; ties keep seat order. Gives the order and each
-- seat's place (tied seats share a place).
function M.ranking(scores, lowest)
  check_scores("ranking", scores)
  local order = {}
  for seat = 1, #scores do order[seat] = seat end
  table.sort(order, function(a, b)
    if scores[a] ~= scores[b] then
      if lowest then return scores[a] < scores[b] end
      return scores[a] > scores[b]
    end
    return a < b
  end)
  local place = {}
  for i, seat in ipairs(order) do
    local prev = order[i - 1]
    place[seat] = (prev and scores[prev] == scores[seat]) and place[prev] or i
  end
  return order, place
end

-- Builds a result table.
function M.result(winners, scores, reason)
  return { winners = winners, scores = scores, reason = reason }
end

return M
