-- Balance of the experts of Cryptocurrency in greedy-bot games.
--   ./build/cardlab run games/cryptocurrency/balance.lua [GAMES [PLAYERS [SEED [key=value ...]]]]
-- e.g. ./build/cardlab run games/cryptocurrency/balance.lua 2000 4
-- Plays GAMES games (default 2000) of PLAYERS players (default 4) with the
-- greedy bot at every seat, seeds SEED.. (default 1), and prints for every
-- expert how often it was in a team at the end (hired and kept), the win
-- share of those teams against the fair 1/PLAYERS, and the same for each
-- seat, the scams and the mean final wealth. Options may follow as key=value.
local loader = require "cardlab.loader"
local match = require "cardlab.match"

local study = require "cardlab.study"

local games, players, seed, options, kinds = study.args(arg, 2000)

local def = assert(loader.load("cryptocurrency"))

local stats, order = {}, {}
for _, card in ipairs(def.cards) do
  if card.type == "expert" and not stats[card.name] then
    stats[card.name] = { kept = 0, wins = 0 }
    order[#order + 1] = card.name
  end
end
local seat_wins, wealth, scams, interns = {}, 0, {}, 0
for s = 1, players do seat_wins[s] = 0 end

for i = 1, games do
  local m = assert(match.new(def, { players = players, seed = seed + i - 1, options = options }))
  local status = m:run(kinds)
  local result, err = m:result()
  if status ~= "over" or not result then error(string.format("seed %d: %s", seed + i - 1, err or status)) end
  local won = {}
  for _, w in ipairs(result.winners) do
    won[w] = 1 / #result.winners
    seat_wins[w] = seat_wins[w] + won[w]
  end
  for s = 1, players do
    wealth = wealth + result.scores[s]
    local seen = {}
    for _, id in ipairs(m.game.zones.team[s]:cards()) do
      local card = def.cards[id]
      if card.type == "expert" and not seen[card.name] then
        seen[card.name] = true
        stats[card.name].kept = stats[card.name].kept + 1
        stats[card.name].wins = stats[card.name].wins + (won[s] or 0)
      elseif card.type == "intern" then
        interns = interns + 1
      end
    end
  end
  for _, cur in ipairs(m.game.state.scam) do scams[cur] = (scams[cur] or 0) + 1 end
end

print(string.format("cryptocurrency: %d greedy games, %d players, seeds %d to %d%s", games, players, seed,
  seed + games - 1, next(options) and " (options set)" or ""))
print(string.format("  %-20s %7s %9s %8s %8s", "expert", "kept", "per game", "share", "fair"))
for _, name in ipairs(order) do
  local p = stats[name]
  print(string.format("  %-20s %7d %9.2f %7.1f%% %7.1f%%", name, p.kept, p.kept / games,
    p.kept > 0 and 100 * p.wins / p.kept or 0, 100 / players))
end
local seats = {}
for s = 1, players do seats[s] = string.format("%.1f%%", 100 * seat_wins[s] / games) end
local sc = {}
for _, cur in ipairs({ "Flyt", "Eruptium", "Elvt", "Quasar" }) do sc[#sc + 1] = cur .. " " .. (scams[cur] or 0) end
print(string.format("  per seat: %s; interns left per player %.2f; mean wealth %.1f", table.concat(seats, " "),
  interns / (games * players), wealth / (games * players)))
print("  scams: " .. table.concat(sc, ", "))

-- The controlled test: seat 1 gets each expert for free in place of an
-- intern (the Headhunter: as a fourth member) at the start (the same seeds for every expert), and its win share is
-- compared with seat 1 keeping its three interns.
local forced = math.max(1, games // 4)
local function seat1_share(name)
  local wins = 0
  for i = 1, forced do
    local m = assert(match.new(def, { players = players, seed = seed + i - 1, options = options }))
    if name then
      local team, expert = m.game.zones.team[1], nil
      local z = m.game.zones
      for id, card in ipairs(def.cards) do
        if card.name == name and (not expert or m.game.table:where(id) ~= z.seekers) then expert = id end
      end
      local from_seekers = m.game.table:where(expert) == z.seekers
      if def.cards[expert].ability ~= "headhunter" then z.box:insert(team:peek(1)) end -- a fourth member
      team:insert(expert, "bottom")
      if from_seekers then z.experts:move(z.seekers) end
    end
    m:run(kinds)
    local result = assert(m:result())
    for _, w in ipairs(result.winners) do if w == 1 then wins = wins + 1 / #result.winners end end
  end
  return 100 * wins / forced
end
print(string.format("  seat 1 given an expert for free at the start (%d games each):", forced))
print(string.format("  %-20s %7.1f%%", "(three interns)", seat1_share(nil)))
for _, name in ipairs(order) do print(string.format("  %-20s %7.1f%%", name, seat1_share(name))) end
