-- The strength runs of docs/bots.md, one game at a time, so that a run cut
-- short still counts the games it finished:
--
--   ./build/cardlab run docs/tools/strength.lua [--duplicate] [--seed BASE] OUT.jsonl KIND OPPONENT N GAME...
--
-- (N may be FIRST-LAST: games FIRST to LAST only, to add to a run)
-- plays, for i = 1..N and each GAME in turn, a game of 4 players with seed
-- BASE + i - 1 (BASE 5000 unless given), KIND at one seat and OPPONENT at the
-- other three; the seat of KIND goes round the table (seat 1 in game 1, seat
-- 2 in game 2, ...), so that no seat's own advantage counts for or against
-- it. Each game appends a line to OUT.jsonl: game, seed, kinds, KIND's seat,
-- winners and that seat's share of the win.
--
-- --duplicate plays each seed four times instead, KIND at seat 1, 2, 3 and 4
-- in turn (as duplicate bridge replays a deal at every table), and also the
-- game of OPPONENT at every seat, whose winners it records. Among OPPONENT
-- bots the four seats of one deal share exactly one win, so a deal's four
-- games measure KIND against that deal's own fair share: the luck of the deal
-- cancels, and a game where KIND answered as OPPONENT would is the same game
-- (same winner) as OPPONENT's. The interval is then over deals (a t interval
-- of the deals' mean shares), which needs far fewer games for the same width.
--
-- Summarize with
--   ./build/cardlab run docs/tools/strength.lua --summary OUT.jsonl
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local json = require "dkjson"

local args = { ... }

-- The share of the win that seat got in a finished game (a win shared by k
-- seats counts 1/k).
local function share_of(status, result, seat)
  if status ~= "over" then return 0 end
  for _, w in ipairs(result.winners) do
    if w == seat then return 1 / #result.winners end
  end
  return 0
end

-- The two-sided 95% quantile of Student's t with df degrees of freedom
-- (Cornish-Fisher's expansion about the normal's 1.96: within 0.1% from 10 on).
local function t95(df)
  local z = 1.959964
  return z + (z ^ 3 + z) / (4 * df) + (5 * z ^ 5 + 16 * z ^ 3 + 3 * z) / (96 * df * df)
end

local function summary(file)
  local by, order = {}, {}
  for line in io.lines(file) do
    local r = json.decode(line)
    local key = r.game .. "  " .. r.kinds[1] .. " vs " .. r.kinds[2]
    if r.duplicate then key = key .. " (duplicate)" end
    if not by[key] then
      by[key] = { n = 0, share = 0, duplicate = r.duplicate, deals = {}, seeds = {} }
      order[#order + 1] = key
    end
    local b = by[key]
    b.n, b.share = b.n + 1, b.share + r.share
    if r.duplicate then
      local deal = b.deals[r.seed]
      if not deal then
        deal = { games = 0, share = 0, gained = 0, lost = 0 }
        b.deals[r.seed] = deal
        b.seeds[#b.seeds + 1] = r.seed
      end
      deal.games, deal.share = deal.games + 1, deal.share + r.share
      -- against the seat's share in the opponents' own game of that deal
      local alone = share_of("over", { winners = r.alone_winners }, r.seat)
      if r.share > alone then deal.gained = deal.gained + 1
      elseif r.share < alone then deal.lost = deal.lost + 1 end
    end
  end
  for _, key in ipairs(order) do
    local b = by[key]
    local n, p, z = b.n, b.share / b.n, 1.96
    local low, high
    if b.duplicate then
      -- deals are the independent units: the mean of their mean shares, and
      -- its t interval (only deals with all four games played count)
      local values, gained, lost = {}, 0, 0
      for _, seed in ipairs(b.seeds) do
        local deal = b.deals[seed]
        if deal.games == 4 then
          values[#values + 1] = deal.share / 4
          gained, lost = gained + deal.gained, lost + deal.lost
        end
      end
      local k, sum, sq = #values, 0, 0
      for _, v in ipairs(values) do sum = sum + v end
      p = k > 0 and sum / k or 0
      for _, v in ipairs(values) do sq = sq + (v - p) ^ 2 end
      local half = k > 1 and t95(k - 1) * math.sqrt(sq / (k - 1) / k) or 1
      low, high = p - half, p + half
      n = k * 4
      print(string.format("%-50s n=%3d (%d deals x 4 seats)  share %5.1f%%  95%% interval %5.1f%% to %5.1f%%",
        key, n, k, 100 * p, 100 * math.max(0, low), 100 * math.min(1, high)))
      print(string.format("%-50s more of the win than the opponent bot at that seat in %d games, less in %d",
        "", gained, lost))
    else
      -- the Wilson score interval (95%) of the share, the wins counted as
      -- successes (a shared win as its part): sound near 0 and 1 too
      local centre = (p + z * z / (2 * n)) / (1 + z * z / n)
      local half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
      print(string.format("%-50s n=%3d  share %5.1f%%  95%% interval %5.1f%% to %5.1f%%", key, n,
        100 * p, 100 * math.max(0, centre - half), 100 * math.min(1, centre + half)))
    end
  end
end

if args[1] == "--summary" then
  summary(args[2])
  return 0
end

local duplicate, base = false, 5000
while args[1] and args[1]:sub(1, 2) == "--" do
  local flag = table.remove(args, 1)
  if flag == "--duplicate" then duplicate = true
  elseif flag == "--seed" then base = math.tointeger(tonumber(table.remove(args, 1)))
  else io.stderr:write("strength.lua: unknown option '", flag, "'; expected --duplicate, --seed BASE or --summary\n") return 2 end
end
local out, kind, opponent = args[1], args[2], args[3]
local first, n = (args[4] or ""):match("^(%d+)-(%d+)$")
first, n = tonumber(first) or 1, tonumber(n) or tonumber(args[4])
if not (out and kind and opponent and n and base and args[5]) then
  io.stderr:write("usage: cardlab run docs/tools/strength.lua [--duplicate] [--seed BASE] OUT.jsonl KIND OPPONENT N|FIRST-LAST GAME...\n")
  return 2
end
local games = { table.unpack(args, 5) }
local defs = {}
for _, g in ipairs(games) do defs[g] = assert(loader.load(g)) end

local function play(g, seed, seat)
  local kinds = { opponent, opponent, opponent, opponent }
  if seat then kinds[seat] = kind end
  local m = assert(match.new(defs[g], { players = 4, seed = seed }))
  local status = m:run(kinds)
  local result = m:result()
  return status, result, status == "over" and result.winners or {}
end

local function record(line)
  local f = assert(io.open(out, "a"))
  f:write(json.encode(line), "\n")
  f:close()
end

for i = first, n do
  local seed = base + i - 1
  for _, g in ipairs(games) do
    if duplicate then
      local _, _, alone = play(g, seed, nil)
      for seat = 1, 4 do
        local status, result, winners = play(g, seed, seat)
        record({ game = g, seed = seed, kinds = { kind, opponent }, seat = seat, status = status,
                 winners = winners, share = share_of(status, result, seat), duplicate = true,
                 alone_winners = alone })
      end
    else
      -- the searching seat goes round the table, game by game, so that no
      -- seat's advantage (a first player's, say) counts for or against it
      local seat = (i - 1) % 4 + 1
      local status, result, winners = play(g, seed, seat)
      record({ game = g, seed = seed, kinds = { kind, opponent }, seat = seat, status = status,
               winners = winners, share = share_of(status, result, seat) })
    end
  end
end
return 0
