-- The strength runs of docs/bots.md, one game at a time, so that a run cut
-- short still counts the games it finished:
--
--   ./build/cardlab run docs/tools/strength.lua OUT.jsonl KIND OPPONENT N GAME...
--
-- (N may be FIRST-LAST: games FIRST to LAST only, to add to a run)
-- plays, for i = 1..N and each GAME in turn, a game of 4 players with seed
-- 5000 + i - 1, KIND at one seat and OPPONENT at the other three; the seat
-- of KIND goes round the table (seat 1 in game 1, seat 2 in game 2, ...),
-- so that no seat's own advantage counts for or against it. Each game
-- appends a line to OUT.jsonl: game, seed, kinds, KIND's seat, winners and
-- that seat's share of the win. Summarize with
--   ./build/cardlab run docs/tools/strength.lua --summary OUT.jsonl
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local json = require "dkjson"

local args = { ... }
if args[1] == "--summary" then
  local by = {}
  local order = {}
  for line in io.lines(args[2]) do
    local r = json.decode(line)
    local key = r.game .. "  " .. r.kinds[1] .. " vs " .. r.kinds[2]
    if not by[key] then by[key] = { n = 0, share = 0 }; order[#order + 1] = key end
    local b = by[key]
    b.n, b.share = b.n + 1, b.share + r.share
  end
  -- the Wilson score interval (95%) of the share, the wins counted as
  -- successes (a shared win as its part): sound near 0 and 1 too
  for _, key in ipairs(order) do
    local b = by[key]
    local n, p, z = b.n, b.share / b.n, 1.96
    local centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    local half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    print(string.format("%-50s n=%3d  share %5.1f%%  95%% interval %5.1f%% to %5.1f%%", key, n,
      100 * p, 100 * math.max(0, centre - half), 100 * math.min(1, centre + half)))
  end
  return 0
end

-- N, or FIRST-LAST to play games FIRST to LAST only (to add to a run)
local out, kind, opponent = args[1], args[2], args[3]
local first, n = args[4]:match("^(%d+)-(%d+)$")
first, n = tonumber(first) or 1, tonumber(n) or tonumber(args[4])
local games = { table.unpack(args, 5) }
local defs = {}
for _, g in ipairs(games) do defs[g] = assert(loader.load(g)) end
for i = first, n do
  for _, g in ipairs(games) do
    -- the searching seat goes round the table, game by game, so that no
    -- seat's advantage (a first player's, say) counts for or against it
    local seat = (i - 1) % 4 + 1
    local kinds = { opponent, opponent, opponent, opponent }
    kinds[seat] = kind
    local m = assert(match.new(defs[g], { players = 4, seed = 5000 + i - 1 }))
    local status = m:run(kinds)
    local result = m:result()
    local share = 0
    if status == "over" then
      for _, w in ipairs(result.winners) do if w == seat then share = 1 / #result.winners end end
    end
    local f = assert(io.open(out, "a"))
    f:write(json.encode({ game = g, seed = 5000 + i - 1, kinds = { kind, opponent }, seat = seat, status = status,
                          winners = result and result.winners or {}, share = share }), "\n")
    f:close()
  end
end
return 0
