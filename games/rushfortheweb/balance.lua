-- Win share of each persona of Rush for the Web in greedy-bot games.
--   ./build/cardlab run games/rushfortheweb/balance.lua [GAMES [PLAYERS [SEED [key=value ...]]]]
-- e.g. ./build/cardlab run games/rushfortheweb/balance.lua 10000 4
-- Plays GAMES games (default 10000) of PLAYERS players (default 4) with the
-- greedy bot at every seat, seeds SEED.. (default 1), and prints for every
-- persona how often it was dealt, its wins (a shared win counts its share),
-- its win share when dealt against the fair 1/PLAYERS, and its mean credits.
-- Options of the game may follow as key=value.
local loader = require "cardlab.loader"
local match = require "cardlab.match"

local study = require "cardlab.study"

local games, players, seed, options, kinds = study.args(arg, 10000)

local def = assert(loader.load("rushfortheweb"))

local stats, order = {}, {}
for _, card in ipairs(def.cards) do
  if card.type == "persona" then
    stats[card.name] = { dealt = 0, wins = 0, credits = 0, sold = 0 }
    order[#order + 1] = card.name
  end
end
local seat_wins, total_credits, ties = {}, 0, 0
for s = 1, players do seat_wins[s] = 0 end

for i = 1, games do
  local m = assert(match.new(def, { players = players, seed = seed + i - 1, options = options }))
  local status = m:run(kinds)
  local result, err = m:result()
  if status ~= "over" or not result then error(string.format("seed %d: %s", seed + i - 1, err or status)) end
  local st = m.game.state
  if #result.winners > 1 then ties = ties + 1 end
  for s = 1, players do
    local p = stats[st.persona[s]]
    p.dealt = p.dealt + 1
    p.credits = p.credits + st.credits[s]
    p.sold = p.sold + st.sold[s]
    total_credits = total_credits + st.credits[s]
  end
  for _, w in ipairs(result.winners) do
    local share = 1 / #result.winners
    stats[st.persona[w]].wins = stats[st.persona[w]].wins + share
    seat_wins[w] = seat_wins[w] + share
  end
end

print(string.format("rushfortheweb: %d greedy games, %d players, seeds %d to %d%s", games, players, seed,
  seed + games - 1, next(options) and " (options set)" or ""))
print(string.format("  %-14s %7s %9s %8s %8s %9s %7s", "persona", "dealt", "wins", "share", "fair", "credits", "sold"))
for _, name in ipairs(order) do
  local p = stats[name]
  if p.dealt > 0 then
    print(string.format("  %-14s %7d %9.1f %7.1f%% %7.1f%% %9.2f %7.2f", name, p.dealt, p.wins,
      100 * p.wins / p.dealt, 100 / players, p.credits / p.dealt, p.sold / p.dealt))
  end
end
local seats = {}
for s = 1, players do seats[s] = string.format("%.1f%%", 100 * seat_wins[s] / games) end
print(string.format("  per seat: %s; shared wins %d; mean credits %.2f", table.concat(seats, " "),
  ties, total_credits / (games * players)))
