-- The lab's --rotate: game i seats the --bots list moved i - 1 seats on, so
-- that a strong bot's results do not mix with its seat's; results by bot
-- beside the seat table in sim, merge, compare, --json and the reports.
--
-- The game here makes the seating visible in every record: a seat picks
-- three times, "high" worth 3 and "low" worth 1; the bot `high` always
-- picks high (9 points), the bot `low` always low (3 points). So the seat
-- that scored 9 is the one the bot `high` sat at.

local records = require "cardlab.records"
local support = require "tests.spec.support"
local cjson = require "cjson"

local cardlab = support.run_cardlab

local GAME = [[
local rules = {}
function rules.worth(answer) return answer == "high" and 3 or 1 end
return { name = "pick", players = { min = 2, max = 4 }, cards = {}, rules = rules,
  bots = {
    high = function(view, request) return "high" end,
    low = function(view, request) return "low" end,
  },
  setup = function(game)
    game.state.points = {}
    for seat = 1, game.seats:count() do game.state.points[seat] = 0 end
  end,
  standing = function(game, seat) return game.state.points[seat] end,
  play = function(game)
    local n = game.seats:count()
    local seat = 1
    for _ = 1, 3 * n do
      local a = game:ask(seat, "pick", "pick", { "low", "high" })
      game.state.points[seat] = game.state.points[seat] + game.rules.worth(a)
      seat = game.seats:next()
    end
    local p, best = game.state.points, 0
    for s = 1, n do best = math.max(best, p[s]) end
    local winners, scores = {}, {}
    for s = 1, n do
      scores[s] = p[s]
      if p[s] == best then winners[#winners + 1] = s end
    end
    return { winners = winners, scores = scores }
  end }
]]

-- a house rule: high picks are worth 5
local RICHER = "rules.worth = function(answer) return answer == 'high' and 5 or 1 end\n"

local dir, game
support.fresh_dir_each_test(function(path)
  dir = path
  game = support.write(dir, "pick.lua", GAME)
end)

local function lines_of(path)
  local list = {}
  for line in io.lines(path) do list[#list + 1] = cjson.decode(line) end
  return list
end

-- The seats that scored 9 in each game record of a records file: the seats
-- of the bot `high`.
local function high_seats(path, points)
  local seats = {}
  for _, r in ipairs(lines_of(path)) do
    if r.i then
      local at = {}
      for seat, x in ipairs(r.scores) do
        if x == (points or 9) then at[#at + 1] = seat end
      end
      seats[math.tointeger(r.i)] = at
    end
  end
  return seats
end

-- The JSON of a run without its timings (which differ from run to run).
local function json_of(out)
  local t = cjson.decode(out)
  for _, k in ipairs({ "seconds", "games_per_second", "answers_per_second" }) do t[k] = nil end
  return t
end

describe("records.seating", function()
  it("moves the list one seat on each game: bot 1 at seat 1 in game 1, at seat 2 in game 2", function()
    local kinds = { "a", "b", "c" }
    assert.same({ "a", "b", "c" }, records.seating(kinds, true, 1))
    assert.same({ "c", "a", "b" }, records.seating(kinds, true, 2))
    assert.same({ "b", "c", "a" }, records.seating(kinds, true, 3))
    assert.same({ "a", "b", "c" }, records.seating(kinds, true, 4))
    assert.same({ "a", "b", "c" }, records.seating(kinds, false, 2))
    for i = 1, 7 do
      for place = 1, 3 do
        local seat = records.seat_of(3, true, i, place)
        assert.equal((place - 1 + i - 1) % 3 + 1, seat)
        assert.equal(place, records.place_at(3, true, i, seat))
      end
    end
  end)
end)

describe("cardlab sim --rotate", function()
  it("seats each bot of the list at each seat equally often, as the records show", function()
    local k = 5
    local out, status = cardlab(string.format("sim %s --players 3 --bots high,low --rotate -n %d --jobs 1 --out %s/r.jsonl",
      game, 3 * k, dir))
    assert.equal(0, status, out)
    local header = lines_of(dir .. "/r.jsonl")[1]
    assert.same({ { "high", "low", "low" }, true }, { header.bots, header.rotate })
    local seats = high_seats(dir .. "/r.jsonl")
    local times = { 0, 0, 0 }
    for i = 1, 3 * k do
      -- the bot `high` alone scored 9, at seat 1 in game 1, seat 2 in game 2, ...
      assert.same({ (i - 1) % 3 + 1 }, seats[i])
      times[seats[i][1]] = times[seats[i][1]] + 1
    end
    assert.same({ k, k, k }, times)
    assert.matches("--rotate: each game the bots move one seat on %(bot 1 at seat 1 in game 1, seat 2 in game 2, "
      .. "...%); each bot sat at each seat 5 times", out)
    -- the bot's own table: all the wins to bot 1, at every seat in turn
    assert.matches("\n  bot   kind +wins +share", out)
    assert.matches("\n     1  high +15%.0  100%.0%%", out)
    assert.matches("\n     2  low +0%.0    0%.0%%", out)
    assert.matches("\n     1  in turn +5%.0   33%.3%%", out)
    assert.not_matches("mix seat and bot", out)
  end)

  it("gives the results by bot in --json: counts that sum to the games, the seats each sat at", function()
    local out, status = cardlab(string.format("sim %s --players 3 --bots high,low --rotate -n 12 --jobs 1 --json", game))
    assert.equal(0, status, out)
    local t = json_of(out)
    assert.is_true(t.rotate)
    assert.is_true(t.seats_even)
    assert.equal(3, #t.by_bot)
    local wins, games = 0, 0
    for place, b in ipairs(t.by_bot) do
      assert.equal(place, b.place)
      assert.equal(place == 1 and "high" or "low", b.bot)
      assert.same({ 4, 4, 4 }, b.seats)
      wins = wins + b.wins
      for _, n in ipairs(b.seats) do games = games + n end
    end
    assert.equal(12, wins)
    assert.equal(3 * 12, games)   -- each game seats every bot once
    assert.same({ 12, 1, 9, 3 }, { t.by_bot[1].wins, t.by_bot[1].win_share, t.by_bot[1].mean_score,
      t.by_bot[2].mean_score })
    -- the seats, each bot in turn: a third of the wins each
    assert.same({ 4, 4, 4 }, t.wins)
  end)

  it("without --rotate keeps every bot at its seat and every output as it was, saying a mixed table mixes seat and bot", function()
    local out, status = cardlab(string.format("sim %s --players 3 --bots high,low -n 6 --jobs 1 --out %s/r.jsonl",
      game, dir))
    assert.equal(0, status, out)
    for i = 1, 6 do assert.same({ 1 }, high_seats(dir .. "/r.jsonl")[i]) end
    assert.is_nil(lines_of(dir .. "/r.jsonl")[1].rotate)
    assert.is_nil(io.open(dir .. "/r.jsonl"):read("l"):find("rotate", 1, true))
    assert.matches("\n  the bots keep their seats: a seat's share, the seat fairness and the first player mix seat and "
      .. "bot %(%-%-rotate moves them round%)\n  seat fairness", out)
    assert.not_matches("in turn", out)
    assert.not_matches("\n  bot ", out)
    local t = json_of((cardlab(string.format("sim %s --players 3 --bots high,low -n 6 --jobs 1 --json", game))))
    assert.is_nil(t.rotate)
    assert.is_nil(t.by_bot)
    assert.is_nil(t.seats_even)
    -- one kind at every seat: nothing is said
    out = cardlab(string.format("sim %s --players 3 --bots low -n 6 --jobs 1", game))
    assert.not_matches("mix seat and bot", out)
    assert.not_matches("rotate", out)
  end)

  it("adds up a kind at several places: its bots' wins together against the share of its places", function()
    -- high, low, high, low: the two `high` bots share every win (9 points each), so each bot 1 and 3 has
    -- half of each game and the kind all of it, against the 2 places of 4 it holds
    local out, status = cardlab(string.format("sim %s --players 4 --bots high,low,high,low --rotate -n 8 --jobs 1 --json",
      game))
    assert.equal(0, status, out)
    local t = json_of(out)
    assert.same({ 4, 0, 4, 0 }, { t.by_bot[1].wins, t.by_bot[2].wins, t.by_bot[3].wins, t.by_bot[4].wins })
    assert.equal(2, #t.by_kind)
    local high, low = t.by_kind[1], t.by_kind[2]
    assert.same({ "high", { 1, 3 }, 8, 1, 0.5, 9 }, { high.bot, high.places, high.wins, high.win_share,
      high.expected_share, high.mean_score })
    assert.same({ "low", { 2, 4 }, 0, 0, 0.5, 3 }, { low.bot, low.places, low.wins, low.win_share,
      low.expected_share, low.mean_score })
    assert.is_true(high.win_ci[1] > 0.5 and high.win_ci[2] == 1)
    out = cardlab(string.format("sim %s --players 4 --bots high,low,high,low --rotate -n 8 --jobs 1", game))
    assert.matches("\n  bots  kind +wins +share +95%% interval +expected +mean score a seat +95%% interval\n"
      .. "   1,3  high +8%.0  100%.0%% +%d+%.%d%% to 100%.0%% +50%.0%% +9%.00 +9%.00 to 9%.00\n"
      .. "   2,4  low +0%.0    0%.0%% +0%.0%% to +%d+%.%d%% +50%.0%% +3%.00 +3%.00 to 3%.00\n  bots  won at seat", out)
    -- the search bot's table: bot 1 alone, the other three of one kind (a run of places: 2-4), the
    -- score a seat's mean over the kind's seats of a game
    out = cardlab(string.format("sim %s --players 4 --bots high,low --rotate -n 8 --jobs 1", game))
    assert.matches("\n   2%-4  low +0%.0    0%.0%% .- 75%.0%% +3%.00 ", out)
    assert.not_matches("\n +1  high +8%.0  100%.0%% +%d+%.%d%% to 100%.0%% +25", out)
    t = json_of((cardlab(string.format("sim %s --players 4 --bots high,low --rotate -n 8 --jobs 1 --json", game))))
    assert.equal(1, #t.by_kind)
    assert.same({ "low", { 2, 3, 4 }, 0.75 }, { t.by_kind[1].bot, t.by_kind[1].places, t.by_kind[1].expected_share })
    -- every kind at one place: no table by kind; without --rotate, none either
    out = cardlab(string.format("sim %s --players 2 --bots high,low --rotate -n 4 --jobs 1", game))
    assert.not_matches("\n  bots  kind", out)
    t = json_of((cardlab(string.format("sim %s --players 4 --bots high,low -n 8 --jobs 1 --json", game))))
    assert.is_nil(t.by_kind)
  end)

  it("gives the table of bot by seat: each kind's share won at each seat, of the games it sat there", function()
    -- high, low, high, low: a `high` bot at a seat shares the win with the other (9 points each): half of
    -- each of its games there; a `low` bot never wins
    local out, status = cardlab(string.format("sim %s --players 4 --bots high,low,high,low --rotate -n 8 --jobs 1 --json",
      game))
    assert.equal(0, status, out)
    local t = json_of(out)
    assert.equal(2, #t.by_bot_seat)
    local high, low = t.by_bot_seat[1], t.by_bot_seat[2]
    assert.same({ "high", { 1, 3 }, "low", { 2, 4 } }, { high.bot, high.places, low.bot, low.places })
    for seat = 1, 4 do
      local h, l = high.seats[seat], low.seats[seat]
      -- each bot sat at each seat 2 times: a kind of two bots 4 games at each seat
      assert.same({ 4, 2, 0.5 }, { h.games, h.wins, h.win_share })
      assert.same({ 4, 0, 0 }, { l.games, l.wins, l.win_share })
      assert.is_true(h.win_ci[1] > 0 and h.win_ci[1] < 0.5 and h.win_ci[2] > 0.5 and h.win_ci[2] < 1)
      assert.equal(0, l.win_ci[1])
    end
    out = cardlab(string.format("sim %s --players 4 --bots high,low,high,low --rotate -n 8 --jobs 1", game))
    assert.matches("\n  bots  won at seat +1 +2 +3 +4\n"
      .. "   1,3  high  +50%.0%% of 4  +50%.0%% of 4  +50%.0%% of 4  +50%.0%% of 4\n"
      .. "   2,4  low  +0%.0%% of 4  +0%.0%% of 4  +0%.0%% of 4  +0%.0%% of 4\n  seat fairness", out)
    -- -n no multiple of the players: the cells count the games each sat there (bot 1 at seats 1, 2, 3, 1,
    -- 2, 3, 1); a kind at one place is its bot's row
    t = json_of((cardlab(string.format("sim %s --players 3 --bots high,low --rotate -n 7 --jobs 1 --json", game))))
    high, low = t.by_bot_seat[1], t.by_bot_seat[2]
    assert.same({ { 1 }, { 2, 3 } }, { high.places, low.places })
    assert.same({ 3, 2, 2 }, { high.seats[1].games, high.seats[2].games, high.seats[3].games })
    assert.same({ 4, 5, 5 }, { low.seats[1].games, low.seats[2].games, low.seats[3].games })
    assert.same({ 1, 1, 1, 0, 0, 0 }, { high.seats[1].win_share, high.seats[2].win_share, high.seats[3].win_share,
      low.seats[1].win_share, low.seats[2].win_share, low.seats[3].win_share })
    out = cardlab(string.format("sim %s --players 3 --bots high,low --rotate -n 7 --jobs 1", game))
    assert.matches("\n  bots  won at seat +1 +2 +3\n"
      .. "     1  high  +100%.0%% of 3  100%.0%% of 2  100%.0%% of 2\n"
      .. "   2,3  low  +0%.0%% of 4    0%.0%% of 5    0%.0%% of 5\n", out)
    -- merge reads the same table from the records
    local path = dir .. "/r.jsonl"
    assert.equal(0, select(2, cardlab(string.format("sim %s --players 3 --bots high,low --rotate -n 7 --jobs 1 --out %s",
      game, path))))
    local merged = cardlab("merge " .. path)
    assert.equal(out:match("\n(  bots  won at seat.-)\n  seat fairness"), merged:match("\n(  bots  won at seat.-)\n  seat fairness"))
    assert.same(t.by_bot_seat, json_of((cardlab("merge --json " .. path))).by_bot_seat)
    -- without --rotate, or with one kind at every seat, no table
    t = json_of((cardlab(string.format("sim %s --players 4 --bots high,low -n 8 --jobs 1 --json", game))))
    assert.is_nil(t.by_bot_seat)
    out = cardlab(string.format("sim %s --players 4 --bots high,low -n 8 --jobs 1", game))
    assert.not_matches("won at seat", out)
    t = json_of((cardlab(string.format("sim %s --players 3 --bots low --rotate -n 6 --jobs 1 --json", game))))
    assert.is_nil(t.by_bot_seat)
  end)

  it("says in the header when -n is no multiple of the players: the seats are not evenly shared", function()
    local out, status = cardlab(string.format("sim %s --players 3 --bots high,low --rotate -n 7 --jobs 1 --json", game))
    assert.equal(0, status, out)
    local t = json_of(out)
    assert.is_false(t.seats_even)
    assert.same({ 3, 2, 2 }, t.by_bot[1].seats)
    assert.same({ 2, 3, 2 }, t.by_bot[2].seats)
    out = cardlab(string.format("sim %s --players 3 --bots high,low --rotate -n 7 --jobs 1", game))
    assert.matches("^pick: 7 games, 3 players, seeds 1 to 7\n  %-%-rotate: the seats are not evenly shared: each "
      .. "bot sat at each seat 2 to 3 times %(7 games, not a multiple of 3 players%)\n", out)
  end)

  it("with one kind at every seat plays the same games and says in one line that rotating changes nothing", function()
    local out, status = cardlab(string.format("sim %s --players 3 --bots low --rotate -n 6 --jobs 1 --json", game))
    assert.equal(0, status, out)
    local rotated = json_of(out)
    local plain = json_of((cardlab(string.format("sim %s --players 3 --bots low -n 6 --jobs 1 --json", game))))
    assert.is_true(rotated.rotate)
    assert.is_nil(rotated.by_bot)
    rotated.rotate = nil
    assert.same(plain, rotated)
    out = cardlab("sim crazyeights --bots greedy --rotate -n 4 --jobs 1")
    assert.matches("^crazyeights: 4 games, 4 players, seeds 1 to 4\n  %-%-rotate: every seat has the same bot %(greedy%), "
      .. "so rotating changes no game\n  seat  bot", out)
  end)

  it("gives the same results with --jobs 2, and with shards merged, as with one job", function()
    local run = "sim crazyeights --bots greedy,random --rotate -n 10 --seed 7"
    local one = json_of((cardlab(run .. " --jobs 1 --json")))
    local two = json_of((cardlab(run .. " --jobs 2 --json")))
    assert.same(one, two)
    assert.is_true(one.rotate)
    local files = {}
    for k = 1, 3 do
      files[k] = string.format("%s/s%d.jsonl", dir, k)
      local out, status = cardlab(string.format("%s --jobs 1 --shard %d/3 --out %s", run, k, files[k]))
      assert.equal(0, status, out)
    end
    local merged = json_of((cardlab("merge --json " .. table.concat(files, " "))))
    assert.same(one, merged)
    -- a shard played without --rotate is not one of this run
    local plain = dir .. "/plain.jsonl"
    assert.equal(0, select(2, cardlab(string.format("sim crazyeights --bots greedy,random -n 10 --seed 7 --jobs 1 "
      .. "--shard 3/3 --out %s", plain))))
    local out, status = cardlab(string.format("merge %s %s %s", files[1], files[2], plain))
    assert.equal(1, status)
    assert.equal(string.format("cardlab: merge: %s: played without --rotate, %s with it; expected shards of one run\n",
      plain, files[1]), out)
  end)

  it("reports the bots: a chart and a table of each bot's share", function()
    local path = dir .. "/r.html"
    local out, status = cardlab(string.format("sim %s --players 3 --bots high,low --rotate -n 6 --jobs 1 --report %s",
      game, path))
    assert.equal(0, status, out)
    local html = io.open(path):read("a")
    local chart = html:match('<svg id="bots".-</svg>')
    assert.truthy(chart)
    local bars = 0
    for _ in chart:gmatch('class="bar"') do bars = bars + 1 end
    assert.equal(3, bars)
    assert.truthy(html:find("bot 1 (high)", 1, true))
    assert.truthy(html:find("moved one seat on each game (--rotate)", 1, true))
    assert.truthy(html:find("each bot sat at each seat 2 times", 1, true))
    -- a kind at several places: its table
    out, status = cardlab(string.format("sim %s --players 4 --bots high,low --rotate -n 8 --jobs 1 --report %s",
      game, path))
    assert.equal(0, status, out)
    html = io.open(path):read("a")
    local kinds = html:match("<h2>Win share per kind</h2>\n(<table>.-</table>)")
    assert.truthy(kinds)
    assert.truthy(kinds:find("<tr><td>low (bots 2-4)</td><td>0.0</td><td>0.0%</td><td>0.0% to ", 1, true))
    assert.truthy(kinds:find("</td><td>75.0%</td><td>3.00</td><td>3.00 to 3.00</td></tr>", 1, true))
    -- the table of bot by seat: a heat map, a row a kind, a cell a seat, shaded by its share
    local heat = html:match('<h2>Win share per bot and seat</h2><table class="heat">(.-)</table>')
    assert.truthy(heat)
    local cells, rows = {}, {}
    for label, row in heat:gmatch("<tr><td>([^<]*)</td>(.-)</tr>") do
      rows[#rows + 1] = label
      for shade, share, games in row:gmatch('rgba%(0,114,178,([%d.]+)%)[^>]*><b>([^<]*)</b><small[^>]*>[^<]* (%d+) games<') do
        cells[#cells + 1] = { shade, share, games }
      end
    end
    assert.same({ "high (bot 1)", "low (bots 2-4)" }, rows)
    assert.same({ "1.00", "100.0%", "2" }, cells[1])
    assert.same({ "0.00", "0.0%", "6" }, cells[5])
    assert.equal(8, #cells)
    -- without --rotate, none
    out, status = cardlab(string.format("sim %s --players 4 --bots high,low -n 8 --jobs 1 --report %s", game, path))
    assert.equal(0, status, out)
    assert.falsy(io.open(path):read("a"):find("per bot and seat", 1, true))
  end)
end)

describe("cardlab compare --rotate", function()
  it("seats the same bots on the same seed in every variant, and pairs each bot's share and score", function()
    local house = support.write(dir, "richer.lua", RICHER)
    local out, status = cardlab(string.format("compare %s base %s --players 3 --bots high,low --rotate -n 9 --jobs 1 --json",
      game, house))
    assert.equal(0, status, out)
    local t = cjson.decode(out)
    local ref, var = t.variants[1].summary, t.variants[2].summary
    for place = 1, 3 do assert.same(ref.by_bot[place].seats, var.by_bot[place].seats) end
    local rows = {}
    for _, r in ipairs(t.variants[2].comparison) do rows[r.name] = r end
    -- the bot `high` scores 9 under the book, 15 with high picks worth 5: at whatever seat it sat
    assert.same({ 9, 15, 6 }, { rows["bot 1 (high) mean score"].reference, rows["bot 1 (high) mean score"].variant,
      rows["bot 1 (high) mean score"].diff })
    assert.same({ 1, 1, 0 }, { rows["bot 1 (high) win share"].reference, rows["bot 1 (high) win share"].variant,
      rows["bot 1 (high) win share"].diff })
    assert.same({ 3, 3, 0 }, { rows["bot 2 (low) mean score"].reference, rows["bot 2 (low) mean score"].variant,
      rows["bot 2 (low) mean score"].diff })
    -- a seat held the bot `high` a third of the games: its mean score moved by a third of 6
    assert.near(2, rows["seat 1 mean score"].diff, 1e-9)
    assert.equal(9, t.variants[2].paired)
    -- the text: the rows, the seating line, each bot's figures
    out = cardlab(string.format("compare %s base %s --players 3 --bots high,low --rotate -n 9 --jobs 1", game, house))
    assert.matches("\n%-%-rotate: each game the bots move one seat on .-; each bot sat at each seat 3 times\n", out)
    assert.matches("\n  bot 1 %(high%) mean score +9%.00 +15%.00 +%+6 ", out)
    assert.matches("\n  base: +bot 1 %(high%) 100%.0%% %(", out)
    -- the bots `low` at places 2 and 3 together, each variant alone (no paired rows of a kind)
    assert.matches("\n  base: +bots 2,3 %(low%) 0%.0%% %(0%.0%% to %d+%.%d%%%) of 66%.7%% expected, mean score a seat 3%.00\n", out)
    assert.matches("\n  [^\n]*richer%.lua: +bots 2,3 %(low%) 0%.0%% .- of 66%.7%% expected, mean score a seat 3%.00\n", out)
    assert.not_matches("bots 2,3 %(low%) win share", out)
    -- without --rotate a bot is its seat: no bot rows
    out = cardlab(string.format("compare %s base %s --players 3 --bots high,low -n 9 --jobs 1", game, house))
    assert.not_matches("bot 1 %(high%)", out)
    assert.matches("mix seat and bot", out)
  end)

  it("keeps the figures in their columns when a bot's name is longer than the measures' column", function()
    -- (a bot named with its parameters made its rows a column to the right)
    local out, status = cardlab("compare crazyeights base draw_limit=1 --bots ismcts:iterations=2,greedy --rotate "
      .. "-n 4 --jobs 1")
    assert.equal(0, status, out)
    -- (the reference's column is right-aligned: its head and figures end together)
    local seat = out:match("\n(  seat 1 win share +[%d.]+%%)")
    local bot = out:match("\n(  bot 1 %(ismcts:iterations=2%) win share +[%d.]+%%)")
    local head = out:match("\n(  measure +base)")
    assert.truthy(seat and bot and head, out)
    assert.same({ #head, #head }, { #seat, #bot })
  end)

  it("says what pairing saved for bot 1's win share, not seat 1's, where the bots went round", function()
    local run = "compare crazyeights base draw_limit=1 --bots greedy,random -n 40 --jobs 1"
    local out, status = cardlab(run .. " --rotate")
    assert.equal(0, status, out)
    local ratio = out:match("\ndraw_limit=1: the paired interval of bot 1 %(greedy%) win share is (%d+%.%d) times narrower "
      .. "than two independent runs of\n  40 games would give")
    assert.truthy(ratio, out)
    -- the figure is that row's
    local t = cjson.decode((cardlab(run .. " --rotate --json")))
    for _, r in ipairs(t.variants[2].comparison) do
      if r.name == "bot 1 (greedy) win share" then
        assert.equal(string.format("%.1f", r.independent_width / (r.hi - r.lo)), ratio)
      end
    end
    -- without --rotate, seat 1's (its bot's too)
    out = cardlab(run)
    assert.matches("\ndraw_limit=1: the paired interval of seat 1 win share is ", out)
  end)

  it("plays --until-ci in whole turns of the table, as one run of as many games would", function()
    local house = support.write(dir, "richer.lua", RICHER)
    local out, status = cardlab(string.format("compare crazyeights base draw_limit=1 --bots greedy,random --rotate "
      .. "-n 400 --until-ci 0.9 --jobs 2 --json", house))
    assert.equal(0, status, out)
    local t = cjson.decode(out)
    -- the first batch, 100 games, rounded up to a whole number of turns of 4 seats
    assert.equal(100, t.games)
    assert.is_true(t.until_ci.met)
    local whole = cjson.decode((cardlab("compare crazyeights base draw_limit=1 --bots greedy,random --rotate -n 100 --jobs 1 --json")))
    for k = 1, 2 do
      assert.same(whole.variants[k].summary.by_bot, t.variants[k].summary.by_bot)
      assert.same(whole.variants[k].comparison, t.variants[k].comparison)
    end
    out = cardlab(string.format("compare %s base %s --players 3 --bots high,low --rotate -n 400 --until-ci 0.99 --jobs 1 --json",
      game, house))
    t = cjson.decode(out)
    assert.equal(102, t.games)
    assert.is_true(t.variants[1].summary.seats_even)
  end)
end)
