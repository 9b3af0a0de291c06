-- Summaries of simulated games, computed from their records alone (see
-- cardlab.records): wins per seat with Wilson intervals, the chi-squared
-- test of seat fairness, means with t intervals, length quantiles, the
-- design metrics; and the paired comparison of variants played on the same
-- seeds. Text and JSON forms of both.

local stats = require "cardlab.stats"
local options = require "cardlab.options"
-- (where a bot of a rotated list sat: records.seat_of)
local seat_of = require("cardlab.records").seat_of

local M = {}

local function sorted_keys(t) return options.sorted_keys(t) end

-- The metrics of a record every summary gives, in order, with their names.
M.METRICS = {
  { "lead_changes", "lead changes" },
  { "drama", "drama" },
  { "decisiveness", "decisiveness" },
  { "branching", "branching factor" },
}

-- A seat's share of one game's win: 1, a fraction of a shared win, or 0.
local function win_part(r, seat)
  for _, w in ipairs(r.winners) do
    if w == seat then return 1 / #r.winners end
  end
  return 0
end
M.win_part = win_part

-- Whether a list of bots (a header's, one per seat) holds more than one kind.
local function mixed(bots)
  for k = 2, #(bots or {}) do
    if bots[k] ~= bots[1] then return true end
  end
  return false
end
M.mixed = mixed

-- The seating by which results are read by bot as well as by seat: {bots,
-- rotate} where the bots of a mixed list went round the seats (--rotate),
-- else nil (without rotation a bot is its seat; with one kind at every
-- seat, a place of the list is no player of its own).
function M.by_bot_seating(bots, rotate)
  if rotate and mixed(bots) then return { bots = bots, rotate = true } end
end

-- The kinds of a list of bots, in the order of their first place: {bot,
-- places} ("ismcts,greedy" at 4 players: ismcts at place 1, greedy at 2, 3, 4).
local function kinds(bots)
  local list, by_name = {}, {}
  for place, kind in ipairs(bots) do
    local k = by_name[kind]
    if not k then
      k = { bot = kind, places = {} }
      by_name[kind], list[#list + 1] = k, k
    end
    k.places[#k.places + 1] = place
  end
  return list
end

-- The kinds that fill several places: a kind at one place is its bot's row
-- already.
function M.kinds_of(bots)
  local several = {}
  for _, k in ipairs(kinds(bots)) do
    if #k.places > 1 then several[#several + 1] = k end
  end
  return several
end

-- The places of a kind as text: "2-4" for a run, "1,3" else.
function M.places_text(places)
  local run = true
  for j = 2, #places do
    if places[j] ~= places[j - 1] + 1 then run = false end
  end
  if run and #places > 2 then return places[1] .. "-" .. places[#places] end
  return table.concat(places, ",")
end

-- The table of bot by seat: for each kind of the list (kinds) and each
-- seat, the share of the games a bot of that kind sat there that it won,
-- with its Wilson interval: whether the search bot's share is its seat's.
-- sat[place][seat] and won_at[place][seat] are the games each place of the
-- list sat at each seat and its wins there. Two bots of a kind never sit at
-- one seat in a game, so a kind's games at a seat are games, and its share
-- is within 0 to 1.
function M.by_bot_seat(bots, sat, won_at)
  local rows = kinds(bots)
  for _, row in ipairs(rows) do
    row.seats = {}
    for seat = 1, #bots do
      local cell = { games = 0, wins = 0 }
      for _, place in ipairs(row.places) do
        cell.games = cell.games + sat[place][seat]
        cell.wins = cell.wins + won_at[place][seat]
      end
      local lo, hi = stats.wilson(cell.wins, cell.games)
      cell.win_share = cell.games > 0 and cell.wins / cell.games or 0
      cell.win_ci = { lo or 0, hi or 0 }
      row.seats[seat] = cell
    end
  end
  return rows
end

-- A mean and its 95% interval made in two passes over the values (a
-- record source read twice): add(a, x) in the first, deviate(a, x) in the
-- second, in the same order, settle(a) between them; then a.table() gives
-- {mean, lo, hi, n} as stats.mean_ci gives them for the list, and the
-- lowest and highest value (min, max; seen in the second pass, which sees
-- every value, made only for two values or more: of one, they are its
-- mean). (add and deviate are plain functions, not closures of each
-- accumulator: a game's record has some sixty values, each added and
-- deviated once a game.)
local NONE = {}   -- (a record's missing rules or counters: read, never written)
local function accumulator()
  local a = { n = 0, sum = 0, ss = 0 }
  function a.table()
    local ci = stats.mean_ci_of(a.n, a.sum, a.ss)
    local mean = ci.mean or 0
    return { mean = mean, lo = ci.lo or 0, hi = ci.hi or 0, n = ci.n, min = a.min or mean, max = a.max or mean }
  end
  return a
end
local function add(a, x) a.n = a.n + 1; a.sum = a.sum + x end
local function deviate(a, x)
  a.ss = a.ss + (x - a.mean) ^ 2
  if not a.min or x < a.min then a.min = x end
  if not a.max or x > a.max then a.max = x end
end
local function settle(a) a.mean = a.n > 0 and a.sum / a.n or 0 end

-- Whether a mean's t interval (a table of accumulator's) crosses zero
-- where no game's value did: below 0 for a value never negative (a score,
-- a count), above 0 for one never positive. Few games of a skewed value (a
-- score mostly 0 and sometimes 150) give such an interval: its normal
-- approximation does not hold yet. It is printed as computed, and marked
-- (docs/simulation.md, "Intervals of few games"). An interval merely
-- wider than the values seen is no sign of that: at 5 games, most are.
local function past_zero(t)
  return (t.min >= 0 and t.lo < 0) or (t.max <= 0 and t.hi > 0)
end
M.past_zero = past_zero

-- A histogram of values (game lengths): count(x), then sorted() gives the
-- list of {value, count} by value.
local function histogram()
  local counts, values = {}, {}
  local h = {}
  function h.count(x)
    -- (keyed by the number; the value kept as it came, a float from JSON)
    if counts[x] == nil then counts[x], values[#values + 1] = 0, x end
    counts[x] = counts[x] + 1
  end
  function h.sorted()
    table.sort(values)
    local list = {}
    for k, x in ipairs(values) do list[k] = { x, counts[x] } end
    return list
  end
  return h
end

-- The summary of a run: header (the records file's header) and its game
-- records, a list or a function each(fn) that calls fn(record) for each
-- in index order (called twice: a run's records are read from its file,
-- not kept). Timing (seconds) is added by the caller.
function M.summarize(header, records)
  local each = records
  if type(records) == "table" then
    each = function(fn) for _, r in ipairs(records) do fn(r) end end
  end
  -- numbers read from JSON are floats: whole ones become integers again
  local int = math.tointeger
  header = { game = header.game, players = int(header.players), seed = int(header.seed),
    bots = header.bots, first = int(header.first), games = int(header.games),
    options = header.options, house = header.house, rotate = header.rotate == true or nil }
  local players = header.players
  -- by bot (--rotate on a mixed table): each place of the list's wins and
  -- scores, and the games it sat at each seat
  local by_bot = M.by_bot_seating(header.bots, header.rotate)
  local bot_wins, bot_scores, sat, won_at = {}, {}, {}, {}
  -- and each kind at several places (the greedy bots beside the search
  -- bot): their wins together, and the mean score of its seats in a game
  local kinds = by_bot and M.kinds_of(header.bots) or {}
  local kind_wins, kind_scores = {}, {}
  if by_bot then
    for place = 1, players do
      bot_wins[place], bot_scores[place], sat[place], won_at[place] = 0, accumulator(), {}, {}
      for seat = 1, players do sat[place][seat], won_at[place][seat] = 0, 0 end
    end
    for k = 1, #kinds do kind_wins[k], kind_scores[k] = 0, accumulator() end
  end
  local games, errors, first_error, nd = 0, 0, nil, 0
  local ended = { normal = 0, tie = 0, limit = 0, error = 0 }
  local has_scores = true
  local wins, scores, decisions = {}, {}, {}
  for seat = 1, players do wins[seat], scores[seat], decisions[seat] = 0, accumulator(), accumulator() end
  local first_wins, total_answers = 0, 0
  local answers, rounds = accumulator(), accumulator()
  local answer_counts, round_counts = histogram(), histogram()
  local metrics = {}
  for k = 1, #M.METRICS do metrics[k] = accumulator() end
  -- rule pieces and counters: by name, the sum and the games with any
  local parts = { rules = {}, counters = {} }
  local traces = {}
  local metric_keys = {}
  for k, m in ipairs(M.METRICS) do metric_keys[k] = m[1] end
  -- the values of a game that have a mean and an interval, each given to
  -- fn(accumulator, value): in the first pass added (add), in the second
  -- the deviations from their means (deviate)
  local function each_value(r, fn)
    local seat_scores, seat_decisions = r.scores, r.decisions
    for seat = 1, players do
      fn(scores[seat], seat_scores and seat_scores[seat] or 0)
      fn(decisions[seat], seat_decisions[seat])
    end
    if by_bot then
      for place = 1, players do
        fn(bot_scores[place], r.scores and r.scores[seat_of(players, true, r.i, place)] or 0)
      end
      for k, kind in ipairs(kinds) do
        local sum = 0
        for _, place in ipairs(kind.places) do
          sum = sum + (r.scores and r.scores[seat_of(players, true, r.i, place)] or 0)
        end
        fn(kind_scores[k], sum / #kind.places)
      end
    end
    fn(answers, r.answers)
    fn(rounds, r.rounds)
    for k = 1, #metric_keys do
      local x = r[metric_keys[k]]
      if x ~= nil then fn(metrics[k], x) end
    end
  end
  -- the first pass: counts, sums, histograms, names
  local first_i, last_i  -- of the games finished (a run stopped early has fewer than planned)
  each(function(r)
    games = games + 1
    if not first_i or r.i < first_i then first_i = r.i end
    if not last_i or r.i > last_i then last_i = r.i end
    ended[r.ended] = (ended[r.ended] or 0) + 1
    total_answers = total_answers + (r.answers or 0)
    if r.ended == "error" then
      errors = errors + 1
      first_error = first_error or string.format("seed %d: %s", r.seed, r.error)
      return
    end
    nd = nd + 1
    if not r.scores then has_scores = false end
    for seat = 1, players do wins[seat] = wins[seat] + win_part(r, seat) end
    if by_bot then
      for place = 1, players do
        local seat = seat_of(players, true, r.i, place)
        local part = win_part(r, seat)
        bot_wins[place] = bot_wins[place] + part
        sat[place][seat] = sat[place][seat] + 1
        won_at[place][seat] = won_at[place][seat] + part
      end
      for k, kind in ipairs(kinds) do
        for _, place in ipairs(kind.places) do
          kind_wins[k] = kind_wins[k] + win_part(r, seat_of(players, true, r.i, place))
        end
      end
    end
    if r.first then first_wins = first_wins + win_part(r, r.first) end
    each_value(r, add)
    answer_counts.count(r.answers)
    round_counts.count(r.rounds)
    for part, by_name in pairs(parts) do
      local values = r[part]
      if values then
        for name, x in next, values do
          local e = by_name[name]
          if not e then e = { acc = accumulator(), any = 0 }; by_name[name] = e end
          local a = e.acc
          a.sum = a.sum + x
          if x ~= 0 then e.any = e.any + 1 end
        end
      end
    end
    if r.trace then traces[#traces + 1] = { i = r.i, seed = r.seed, winners = r.winners, points = r.trace } end
  end)
  -- (a piece or counter counts every finished game, as 0 where missing)
  local names, accs = {}, {}   -- by part: the names sorted, their accumulators in that order
  for part, by_name in pairs(parts) do
    names[part], accs[part] = sorted_keys(by_name), {}
    for k, name in ipairs(names[part]) do
      accs[part][k] = by_name[name].acc
      accs[part][k].n = nd
    end
  end
  local all = { answers, rounds }
  for seat = 1, players do all[#all + 1], all[#all + 2] = scores[seat], decisions[seat] end
  for place = 1, #bot_scores do all[#all + 1] = bot_scores[place] end
  for k = 1, #kind_scores do all[#all + 1] = kind_scores[k] end
  for _, a in ipairs(metrics) do all[#all + 1] = a end
  for _, by_name in pairs(parts) do for _, e in pairs(by_name) do all[#all + 1] = e.acc end end
  local second = false
  for _, a in ipairs(all) do
    settle(a)
    if a.n >= 2 then second = true end
  end
  -- the second pass: the deviations from the means, in the same order
  if second then
    each(function(r)
      if r.ended == "error" then return end
      each_value(r, deviate)
      for part, list in pairs(accs) do
        local values, keys = r[part] or NONE, names[part]
        for k = 1, #keys do deviate(list[k], values[keys[k]] or 0) end
      end
    end)
  end
  local s = {
    game = header.game, players = players, seed = header.seed, bots = header.bots,
    games = games, errors = errors, first_error = first_error,
    first_game = first_i or header.first, last_game = last_i or header.first + header.games - 1,
    options = header.options, house = header.house,
    ties = ended.tie, limits = ended.limit, tie_rate = nd > 0 and ended.tie / nd or 0,
    wins = {}, win_share = {}, win_ci = {}, mean_score = {}, score_ci = {}, score_range = {},
  }
  for seat = 1, players do
    local w = wins[seat]
    s.wins[seat] = w
    s.win_share[seat] = nd > 0 and w / nd or 0
    local lo, hi = stats.wilson(w, nd)
    s.win_ci[seat] = { lo or 0, hi or 0 }
    local ci = scores[seat].table()
    s.mean_score[seat] = ci.mean
    s.score_ci[seat] = { ci.lo, ci.hi }
    s.score_range[seat] = { ci.min, ci.max }
  end
  s.has_scores = has_scores
  s.rotate = header.rotate
  if by_bot then
    s.by_bot = {}
    local fewest, most
    for place = 1, players do
      local w = bot_wins[place]
      local lo, hi = stats.wilson(w, nd)
      local ci = bot_scores[place].table()
      s.by_bot[place] = { place = place, bot = header.bots[place], wins = w, win_share = nd > 0 and w / nd or 0,
        win_ci = { lo or 0, hi or 0 }, mean_score = ci.mean, score_ci = { ci.lo, ci.hi },
        score_range = { ci.min, ci.max }, seats = sat[place] }
      for seat = 1, players do
        local k = sat[place][seat]
        if not fewest or k < fewest then fewest = k end
        if not most or k > most then most = k end
      end
    end
    s.seats_even = fewest == most
    s.by_bot_seat = M.by_bot_seat(header.bots, sat, won_at)
    s.seatings = { fewest = fewest, most = most }
    -- (a game's win goes to one seat, or is shared: a kind's part of it is
    -- within 0 to 1, and its share has a Wilson interval as a bot's has)
    if #kinds > 0 then
      s.by_kind = {}
      for k, kind in ipairs(kinds) do
        local w = kind_wins[k]
        local lo, hi = stats.wilson(w, nd)
        local ci = kind_scores[k].table()
        s.by_kind[k] = { bot = kind.bot, places = kind.places, wins = w, win_share = nd > 0 and w / nd or 0,
          win_ci = { lo or 0, hi or 0 }, expected_share = #kind.places / players, mean_score = ci.mean,
          score_ci = { ci.lo, ci.hi }, score_range = { ci.min, ci.max } }
      end
    end
  end
  local x, df, p, exact = stats.chi2_equal(s.wins, nd)
  s.fairness = { chi2 = x, df = df, p = p, exact = exact }
  -- the first player: the seat of the first decision of each game
  local lo, hi = stats.wilson(first_wins, nd)
  s.seat_advantage = { share = nd > 0 and first_wins / nd or 0, expected = 1 / players,
    lo = (lo or 0) - 1 / players, hi = (hi or 0) - 1 / players }
  s.seat_advantage.diff = s.seat_advantage.share - 1 / players
  local function spread(a, h)
    local t = a.table()
    local counts = h.sorted()
    t.median = stats.quantile_of_counts(counts, a.n, 0.5) or 0
    t.p10 = stats.quantile_of_counts(counts, a.n, 0.1) or 0
    t.p90 = stats.quantile_of_counts(counts, a.n, 0.9) or 0
    return t, counts
  end
  local length_counts
  s.length, length_counts = spread(answers, answer_counts)
  s.rounds = spread(rounds, round_counts)
  s.mean_answers = s.length.mean
  s.answers = total_answers
  -- design metrics
  s.metrics = {}
  for k, m in ipairs(M.METRICS) do
    local t = metrics[k].table()
    t.name, t.key = m[2], m[1]
    s.metrics[#s.metrics + 1] = t
  end
  for seat = 1, players do
    local t = decisions[seat].table()
    t.name, t.key = "decisions of seat " .. seat, "decisions_" .. seat
    s.metrics[#s.metrics + 1] = t
  end
  -- rule pieces and counters: calls a game, and the share of games with any
  for _, part in ipairs({ "rules", "counters" }) do
    local out = {}
    for _, name in ipairs(names[part]) do
      local e = parts[part][name]
      local t = e.acc.table()
      t.name, t.games = name, nd > 0 and e.any / nd or 0
      out[#out + 1] = t
    end
    s[part] = out
  end
  -- the traced games' standings, for the report
  s.traces = traces
  -- the lengths in answers as {value, count} by value, for the report's histogram
  s.histogram = length_counts
  return s
end

---------------------------------------------------------------- comparison

-- The values of each measure of a game record, by measure name, in order:
-- each seat's win and score, length, rounds, metrics, rule calls, counters.
local function measures(r, players, names)
  local out = {}
  for seat = 1, players do out[#out + 1] = { "seat " .. seat .. " win share", win_part(r, seat) } end
  -- where the first player is not always seat 1 (a start player drawn), its
  -- own row: whether a rule makes the game fairer to the one who starts
  if names.first_varies and r.first then
    out[#out + 1] = { "first player win share", win_part(r, r.first) }
  end
  -- by bot (--rotate on a mixed table): the same game seats the same bots
  -- in every variant, so a bot's rows pair as a seat's do
  local by_bot = names.by_bot
  if by_bot then
    for place = 1, players do
      out[#out + 1] = { names.bot_names[place] .. " win share",
        win_part(r, seat_of(players, true, r.i, place)) }
    end
  end
  if r.scores then
    for seat = 1, players do out[#out + 1] = { "seat " .. seat .. " mean score", r.scores[seat] } end
    if by_bot then
      for place = 1, players do
        out[#out + 1] = { names.bot_names[place] .. " mean score", r.scores[seat_of(players, true, r.i, place)] }
      end
    end
  end
  out[#out + 1] = { "ended at a limit", r.ended == "limit" and 1 or 0 }
  out[#out + 1] = { "ended in a tie", r.ended == "tie" and 1 or 0 }
  out[#out + 1] = { "length (answers)", r.answers }
  out[#out + 1] = { "length (rounds)", r.rounds }
  for _, m in ipairs(M.METRICS) do
    if r[m[1]] ~= nil then out[#out + 1] = { m[2], r[m[1]] } end
  end
  for _, name in ipairs(names.rules) do out[#out + 1] = { "rule " .. name .. " calls", (r.rules or {})[name] or 0 } end
  for _, name in ipairs(names.counters) do out[#out + 1] = { "counter " .. name, (r.counters or {})[name] or 0 } end
  return out
end

-- The paired comparison of a variant's records with the reference's, game
-- by game (the same indices and seeds): for each measure, the reference's
-- and the variant's means, the difference with its 95% interval and the
-- p-value of the paired t test. Games that ended in error in either are
-- left out (counted in `unpaired`). With `by_bot` (M.by_bot_seating: the
-- bots went round the seats), each bot's win share and mean score too.
function M.compare(players, reference, variant, by_bot)
  local by_index = {}
  for _, r in ipairs(reference) do by_index[r.i] = r end
  local pairs_, unpaired = {}, 0
  local names = { rules = {}, counters = {}, by_bot = by_bot, bot_names = by_bot and M.bot_names(by_bot.bots) }
  local seen = { rules = {}, counters = {} }
  for _, v in ipairs(variant) do
    local r = by_index[v.i]
    if r and r.ended ~= "error" and v.ended ~= "error" then
      pairs_[#pairs_ + 1] = { r, v }
      if (r.first or 1) ~= 1 or (v.first or 1) ~= 1 then names.first_varies = true end
      for _, part in ipairs({ "rules", "counters" }) do
        for _, rec in ipairs({ r, v }) do
          for k in pairs(rec[part] or {}) do seen[part][k] = true end
        end
      end
    else
      unpaired = unpaired + 1
    end
  end
  names.rules, names.counters = sorted_keys(seen.rules), sorted_keys(seen.counters)
  local a, b, order = {}, {}, {}
  for k, pr in ipairs(pairs_) do
    for side, list in ipairs({ a, b }) do
      for _, e in ipairs(measures(pr[side], players, names)) do
        if not a[e[1]] then a[e[1]], b[e[1]] = {}, {}; order[#order + 1] = e[1] end
        list[e[1]][k] = e[2]
      end
    end
  end
  local rows = {}
  for _, name in ipairs(order) do
    local xa, xb = {}, {}
    -- a measure missing from a game of either (branching without lists,
    -- scores) is paired where both have it: not with a 0 that was never seen
    for k = 1, #pairs_ do
      if a[name][k] ~= nil and b[name][k] ~= nil then xa[#xa + 1], xb[#xb + 1] = a[name][k], b[name][k] end
    end
    -- (none: the measure is in one variant's games only, and nothing is
    -- compared; a row would read 0 against 0 and swell Holm's family)
    if #xa == 0 then goto next_measure end
    local t = stats.paired(xa, xb)
    local ca, cb = stats.mean_ci(xa), stats.mean_ci(xb)
    -- what two independent runs of as many games would give: the variance
    -- of a difference of independent means, for the games-saved ratio
    local independent = 0
    if (ca.n or 0) > 1 then
      independent = 2 * stats.t_quantile(0.975, 2 * ca.n - 2)
        * math.sqrt((ca.sd ^ 2 + cb.sd ^ 2) / ca.n)
    end
    rows[#rows + 1] = { name = name, reference = ca.mean or 0, variant = cb.mean or 0, diff = t.diff,
      lo = t.lo, hi = t.hi, p = t.p, significant = t.p < 0.05, n = t.n,
      independent_width = independent }
    ::next_measure::
  end
  return { rows = rows, paired = #pairs_, unpaired = unpaired }
end

-- Marks the rows of the comparisons of a run (a list of M.compare's
-- results, every variant against the reference) that stay significant when
-- all of them are taken together: each row gets p_holm, Holm's adjusted
-- p-value over every row of every variant, and significant_holm. (With 20
-- rows and nothing changed, about one row in 20 is marked `*` by chance, and
-- half of such comparisons have at least one.)
--
-- With `main` (a set of the groups of M.MAIN_GROUPS, chosen before the run:
-- the designer's question), the family is the rows of those groups alone,
-- each marked `main`; the other rows are exploratory, with no p_holm, so a
-- question's answer does not hang on how many rule pieces a game counts.
function M.adjust(cmps, main)
  local rows, ps = {}, {}
  for _, cmp in ipairs(cmps) do
    for _, r in ipairs(cmp.rows) do
      if not main or main[M.group_of(r.name)] then
        r.main = main and true or nil
        rows[#rows + 1], ps[#ps + 1] = r, r.p
      end
    end
  end
  local adjusted = stats.holm(ps)
  for k, r in ipairs(rows) do
    r.p_holm = adjusted[k]
    r.significant_holm = adjusted[k] < 0.05
  end
  for _, cmp in ipairs(cmps) do cmp.family, cmp.main = #rows, main end
  return #rows
end

-- The groups of a comparison's rows that `compare --main` may name.
M.MAIN_GROUPS = { "wins", "scores", "ends", "length", "metrics" }

-- A set of main groups as given ("wins,scores"), in M.MAIN_GROUPS's order.
local function main_text(main)
  local list = {}
  for _, g in ipairs(M.MAIN_GROUPS) do
    if main[g] then list[#list + 1] = g end
  end
  return table.concat(list, ",")
end
M.main_text = main_text

-- The group of a row of M.compare, or nil (a rule piece's or a counter's).
function M.group_of(name)
  if name:match("win share$") then return "wins" end
  if name:match("mean score$") then return "scores" end
  if name:match("^ended ") then return "ends" end
  if name:match("^length ") then return "length" end
  for _, m in ipairs(M.METRICS) do
    if m[2] == name then return "metrics" end
  end
end

-- The widest interval of the differences (hi - lo) among a comparison's
-- rows that are win shares: the measure --until-ci watches, in its unit (a
-- share: 0.02 is 2 points). (It took every row, scores and rule calls in
-- their own units among them, so a width meant for shares was never met
-- and every run played all -n games.)
function M.widest(cmp)
  local w = 0
  for _, r in ipairs(cmp.rows) do
    if r.name:match("win share$") and r.hi - r.lo > w then w = r.hi - r.lo end
  end
  return w
end

---------------------------------------------------------------- text

local function pct(x) return string.format("%.1f%%", 100 * x) end

-- The name of each place of a list of bots: "bot 1 (ismcts)".
function M.bot_names(bots)
  local list = {}
  for place, kind in ipairs(bots) do list[place] = string.format("bot %d (%s)", place, kind) end
  return list
end

-- The line that says how a run seated its bots where that needs saying,
-- or nil: with --rotate, how often each bot sat at each seat (and whether
-- evenly), or that one kind at every seat makes rotating change nothing.
function M.rotation_text(s)
  if not s.rotate then return nil end
  if not s.by_bot then
    return string.format("--rotate: every seat has the same bot (%s), so rotating changes no game",
      s.bots[1] or "none")
  end
  local counted = s.games - s.errors
  local n = s.seatings
  if s.seats_even then
    return string.format("--rotate: each game the bots move one seat on (bot 1 at seat 1 in game 1, seat 2 in "
      .. "game 2, ...); each bot sat at each seat %s", n.most == 1 and "once" or n.most .. " times")
  end
  return string.format("--rotate: the seats are not evenly shared: each bot sat at each seat %d to %d times (%s)",
    n.fewest, n.most, counted % s.players ~= 0
      and string.format("%d games, not a multiple of %d players", counted, s.players)
      or "the games counted are not as many of each turn of the table")
end

-- The line that says that a mixed table's seats are also its bots, or nil.
function M.fixed_seats_text(s)
  if s.rotate or not mixed(s.bots) then return nil end
  return "the bots keep their seats: a seat's share, the seat fairness and the first player mix seat and bot "
    .. "(--rotate moves them round)"
end

-- The width of a text on a terminal, in UTF-8 code points: string.format's
-- %-10s counts bytes, and a name from a game or a file ('Überraschung',
-- 'Ümlaut.lua') would push its row's later columns to the right. (Wide
-- East Asian letters and combining accents are still off by one; a text
-- that is not UTF-8 counts its bytes.)
local function width(text) return utf8.len(text) or #text end

-- `text` padded with blanks to `w` code points, on the right (left-aligned)
-- or, with `right`, on the left; a longer text is not cut.
local function pad(text, w, right)
  local blanks = string.rep(" ", w - width(text))
  return right and blanks .. text or text .. blanks
end

local function num(x)
  if x == nil then return "-" end
  if x ~= 0 and math.abs(x) < 0.01 then return string.format("%.2g", x) end
  if math.abs(x) >= 1000 then return string.format("%.0f", x) end
  return string.format("%.2f", x)
end
M.num = num

-- What the first player's interval says, in words: a seat advantage is
-- flagged where its interval leaves out the fair share. (Where the start
-- player is drawn, the chi-squared test over seats sees no difference while
-- the first player is favoured: Cryptocurrency's greedy bots, p = 0.24 over
-- seats, +3.5 points to the first player, +2.1 to +4.9.)
function M.advantage_text(a)
  if a.lo > 0 then return "the first player is favoured" end
  if a.hi < 0 then return "the first player is at a disadvantage" end
  return "no evidence of an advantage"
end

local function p_text(p)
  if p < 0.0001 then return "p < 0.0001" end
  return string.format("p = %.4f", p)
end
M.p_text = p_text

-- The seeds of a summary's games, as text: "seeds 1 to 1000", or, where
-- games between were not finished (a run stopped with jobs), "3199 seeds
-- from 1 to 3300".
function M.seeds_text(s)
  local first, last = s.seed + s.first_game - 1, s.seed + s.last_game - 1
  if s.games > 0 and s.games < s.last_game - s.first_game + 1 then
    return string.format("%d seeds from %d to %d", s.games, first, last)
  end
  return string.format("seeds %d to %d", first, last)
end

-- The lines of the table of bot by seat (M.by_bot_seat's rows): a row for
-- each kind (its places in --bots), a column for each seat, each cell the
-- share of the games it sat there that it won and of how many ("47.5% of
-- 200"), under the head "won at seat 1 2 ..."; the intervals are in --json (as wide as the cells, four of them
-- would not fit a terminal).
function M.by_bot_seat_lines(rows, bot_width)
  local cells, w = {}, 0
  for k, row in ipairs(rows) do
    cells[k] = {}
    for seat, c in ipairs(row.seats) do
      cells[k][seat] = string.format("%5.1f%% of %d", 100 * c.win_share, c.games)
      w = math.max(w, #cells[k][seat])
    end
  end
  -- (the kind column's head says what the cells are: "won at seat 1 2 3")
  bot_width = math.max(bot_width, 11)
  local out, head = {}, {}
  for seat = 1, #rows[1].seats do head[seat] = pad(tostring(seat), w, true) end
  out[1] = string.format("  bots  %s %s", pad("won at seat", bot_width), table.concat(head, "  "))
  for k, row in ipairs(rows) do
    for seat, cell in ipairs(cells[k]) do cells[k][seat] = pad(cell, w, true) end
    out[#out + 1] = string.format("  %s  %s %s", pad(M.places_text(row.places), 4, true), pad(row.bot, bot_width),
      table.concat(cells[k], "  "))
  end
  return out
end

-- The lines of a summary as text.
function M.lines(s)
  local out = {}
  local function say(fmt, ...) out[#out + 1] = string.format(fmt, ...) end
  -- " ~" after an interval that crosses zero where no game did, explained below
  local marked = false
  local function mark(t)
    if not past_zero(t) then return "" end
    marked = true
    return " ~"
  end
  -- a mean's t interval needs two games: of one, it would read as certain
  local lone = s.games - s.errors == 1
  local function ci_text(lo, hi)
    if lone then return "none (1 game)" end
    return num(lo) .. " to " .. num(hi)
  end
  say("%s: %d game%s, %d player%s, %s", s.game, s.games, s.games == 1 and "" or "s", s.players,
    s.players == 1 and "" or "s", M.seeds_text(s))
  local house = {}
  for _, h in ipairs(type(s.house) == "table" and s.house or {}) do house[#house + 1] = tostring(h.path) end
  if #house > 0 then say("  house rules: %s", table.concat(house, ", ")) end
  local rotation = M.rotation_text(s)
  if rotation then say("  %s", rotation) end
  if s.games > 0 and s.errors == s.games then
    -- a table of zeros, a fairness test and metrics of no game would read
    -- as figures: say only what happened
    say("  %d game%s ended in error; first: %s", s.errors, s.errors == 1 and "" or "s", s.first_error)
    return out
  end
  if s.errors > 0 then
    -- first: the figures below are of fewer games than the line above says
    say("  %d of the %d games ended in error, and the figures below are of the %d that did not; first: %s",
      s.errors, s.games, s.games - s.errors, s.first_error)
  end
  -- the bot column as wide as its longest name (ismcts:iterations=400,c=0.7)
  local bot_width = 10
  for seat = 1, s.players do bot_width = math.max(bot_width, width(s.bots[seat])) end
  say("  seat  %s %7s   share   95%% interval     mean score   95%% interval", pad("bot", bot_width), "wins")
  for seat = 1, s.players do
    local ci, range = s.score_ci[seat], s.score_range[seat]
    -- (rotated: every bot sat there in turn, the table below says how each did)
    say("  %4d  %s %8.1f  %5.1f%%  %5.1f%% to %5.1f%%  %10s   %s%s", seat,
      pad(s.by_bot and "in turn" or s.bots[seat], bot_width),
      s.wins[seat], 100 * s.win_share[seat], 100 * s.win_ci[seat][1], 100 * s.win_ci[seat][2],
      num(s.mean_score[seat]), ci_text(ci[1], ci[2]), mark { lo = ci[1], hi = ci[2], min = range[1], max = range[2] })
  end
  if s.by_bot then
    -- the same columns by bot: the place in the --bots list and its kind
    say("  bot   %s %7s   share   95%% interval     mean score   95%% interval", pad("kind", bot_width), "wins")
    for _, b in ipairs(s.by_bot) do
      say("  %4d  %s %8.1f  %5.1f%%  %5.1f%% to %5.1f%%  %10s   %s%s", b.place, pad(b.bot, bot_width),
        b.wins, 100 * b.win_share, 100 * b.win_ci[1], 100 * b.win_ci[2], num(b.mean_score),
        ci_text(b.score_ci[1], b.score_ci[2]), mark { lo = b.score_ci[1], hi = b.score_ci[2], min = b.score_range[1],
          max = b.score_range[2] })
    end
  end
  if s.by_kind then
    -- a kind at several places, its bots together: the share of its places
    -- is what it would win as strong as the others (expected); the score,
    -- a seat's of that kind
    say("  bots  %s %7s   share   95%% interval   expected   mean score a seat   95%% interval",
      pad("kind", bot_width), "wins")
    for _, k in ipairs(s.by_kind) do
      say("  %s  %s %8.1f  %5.1f%%  %5.1f%% to %5.1f%%   %5.1f%%   %17s   %s%s", pad(M.places_text(k.places), 4, true),
        pad(k.bot, bot_width), k.wins, 100 * k.win_share, 100 * k.win_ci[1], 100 * k.win_ci[2], 100 * k.expected_share,
        num(k.mean_score), ci_text(k.score_ci[1], k.score_ci[2]), mark { lo = k.score_ci[1], hi = k.score_ci[2],
          min = k.score_range[1], max = k.score_range[2] })
    end
  end
  if s.by_bot_seat then
    for _, line in ipairs(M.by_bot_seat_lines(s.by_bot_seat, bot_width)) do out[#out + 1] = line end
  end
  local fixed = M.fixed_seats_text(s)
  if fixed then say("  %s", fixed) end
  local f = s.fairness
  say("  seat fairness: chi-squared %.2f, %d df, %s%s%s", f.chi2, f.df, f.exact and "exact " or "", p_text(f.p),
    f.p < 0.05 and " (the seats' shares differ)" or " (no evidence the shares differ)")
  local a = s.seat_advantage
  say("  first player: wins %s, %+.1f points against 1/%d (95%% interval %+.1f to %+.1f: %s)",
    pct(a.share), 100 * a.diff, s.players, 100 * a.lo, 100 * a.hi, M.advantage_text(a))
  local L, R = s.length, s.rounds
  say("  length: %.1f answers (95%% interval %s%s), median %s, p10 %s, p90 %s",
    L.mean, lone and "none: 1 game" or string.format("%.1f to %.1f", L.lo, L.hi), mark(L), num(L.median),
    num(L.p10), num(L.p90))
  say("          %.1f rounds, median %s, p10 %s, p90 %s", R.mean, num(R.median), num(R.p10), num(R.p90))
  local played = s.games - s.errors
  say("  ended: %d normally, %d in a tie (%s), %d at a limit (%s), %d in error", played - s.ties - s.limits,
    s.ties, pct(s.tie_rate), s.limits, pct(played > 0 and s.limits / played or 0), s.errors)
  -- (the names' column as wide as the longest: a counter is named by the game)
  local name_width = 26
  for _, list in ipairs({ s.metrics, s.rules, s.counters }) do
    for _, m in ipairs(list) do name_width = math.max(name_width, width(m.name)) end
  end
  say("  %s %10s   %s", pad("metric (a game)", name_width), "mean", "95% interval")
  for _, m in ipairs(s.metrics) do
    say("  %s %10s   %s%s", pad(m.name, name_width), num(m.mean), ci_text(m.lo, m.hi), mark(m))
  end
  for _, part in ipairs({ { "rules", "rule piece" }, { "counters", "counter" } }) do
    if #s[part[1]] > 0 then
      say("  %s %10s   %-20s %s", pad(part[2], name_width), "a game", "95% interval", "games with any")
      for _, m in ipairs(s[part[1]]) do
        say("  %s %10s   %-20s %s", pad(m.name, name_width), num(m.mean), ci_text(m.lo, m.hi) .. mark(m),
          pct(m.games))
      end
    end
  end
  if marked then
    say("  ~ crosses 0, though no game's value did: %d games are too", s.games - s.errors)
    say("    few for the t interval's normal approximation; shown as computed, not cut (play more: -n)")
  end
  if s.seconds then
    say("  mean length %.1f answers; %.0f games/s, %.0f answers/s", s.mean_answers,
      s.games_per_second, s.answers_per_second)
  end
  return out
end

-- The lines of a comparison of variants (results: {name, summary, cmp}, the
-- first the reference).
function M.compare_lines(game, variants)
  local out = {}
  local function say(fmt, ...) out[#out + 1] = string.format(fmt, ...) end
  local ref = variants[1]
  say("%s: %d variants on the same %d games (%s), %d player%s; reference: %s",
    game, #variants, ref.summary.games, M.seeds_text(ref.summary), ref.summary.players,
    ref.summary.players == 1 and "" or "s", ref.name)
  -- (every variant seats the same bots on the same seed)
  local rotation = M.rotation_text(ref.summary)
  if rotation then say("%s", rotation) end
  -- whether a variant is fair to the seats is a question of each variant
  -- alone (the paired rows below say only how each seat's share moved)
  say("")
  say("seat fairness, each variant alone (chi-squared test of the wins against equal shares; the first player's")
  say("  share against 1/%d with its 95%% interval):", ref.summary.players)
  -- the names in a column as wide as the longest, up to 24 characters
  local name_width = 0
  for _, v in ipairs(variants) do name_width = math.max(name_width, math.min(24, width(v.name) + 1)) end
  for _, v in ipairs(variants) do
    local f, a = v.summary.fairness, v.summary.seat_advantage
    if v.summary.games > v.summary.errors then
      say("  %s chi-squared %.2f, %d df, %s%s%s; first player %+.1f points (%+.1f to %+.1f: %s)",
        pad(v.name .. ":", name_width), f.chi2, f.df, f.exact and "exact " or "", p_text(f.p),
        f.p < 0.05 and ", the shares differ" or ", no evidence they differ", 100 * a.diff, 100 * a.lo, 100 * a.hi,
        M.advantage_text(a))
    end
  end
  local fixed = M.fixed_seats_text(ref.summary)
  if fixed then say("  %s", fixed) end
  -- each bot's results, each variant alone (the paired rows below say how
  -- they moved)
  if ref.summary.by_bot then
    say("")
    say("each bot, each variant alone (its place in --bots and kind: share of wins with its 95%% interval; mean score):")
    local bot_width = 0
    for _, b in ipairs(ref.summary.by_bot) do bot_width = math.max(bot_width, width(b.bot)) end
    for _, v in ipairs(variants) do
      if v.summary.by_bot and v.summary.games > v.summary.errors then
        for _, b in ipairs(v.summary.by_bot) do
          say("  %s bot %d %s %5.1f%% (%.1f%% to %.1f%%), mean score %s", pad(v.name .. ":", name_width),
            b.place, pad("(" .. b.bot .. ")", bot_width + 2), 100 * b.win_share,
            100 * b.win_ci[1], 100 * b.win_ci[2], num(b.mean_score))
        end
        -- a kind at several places, its bots together (no paired rows of
        -- their own: a kind's wins are the sum of its bots' rows, and with
        -- two kinds the other's row turned round)
        for _, k in ipairs(v.summary.by_kind or {}) do
          say("  %s bots %s %.1f%% (%.1f%% to %.1f%%) of %.1f%% expected, mean score a seat %s",
            pad(v.name .. ":", name_width), M.places_text(k.places) .. " (" .. k.bot .. ")", 100 * k.win_share,
            100 * k.win_ci[1], 100 * k.win_ci[2], 100 * k.expected_share, num(k.mean_score))
        end
      end
    end
  end
  for k = 2, #variants do
    local v = variants[k]
    say("")
    say("%s against %s (%d paired games%s)%s", v.name, ref.name, v.cmp.paired,
      v.cmp.unpaired > 0 and string.format(", %d left out: an error in either", v.cmp.unpaired) or "",
      #v.cmp.rows == 0 and ": nothing to compare (the errors are below)" or ":")
    -- the measures' column as wide as its longest name, 30 at least (a bot
    -- named with its parameters: 'bot 1 (ismcts:iterations=10) win share')
    local measure_width = 30
    for _, r in ipairs(v.cmp.rows) do measure_width = math.max(measure_width, width(r.name)) end
    -- a variant's name too long for its column is said in the line above:
    -- cut short, 'trumps=true' would read 'trumps=tru'
    if #v.cmp.rows > 0 then
      say("  %s %s %s %10s   %-22s %s", pad("measure", measure_width),
        pad(width(ref.name) <= 10 and ref.name or "reference", 10, true),
        pad(width(v.name) <= 10 and v.name or "variant", 10, true), "difference", "95% interval", "paired t test")
    end
    for _, r in ipairs(v.cmp.rows) do
      local share = r.name:match("win share$")
      local f = share and function(x) return string.format("%.1f%%", 100 * x) end or num
      local d = share and string.format("%+.1f pt", 100 * r.diff) or string.format("%+.3g", r.diff)
      say("  %s %10s %10s %10s   %-22s %s%s", pad(r.name, measure_width), f(r.reference), f(r.variant), d,
        share and string.format("%+.1f to %+.1f", 100 * r.lo, 100 * r.hi)
          or string.format("%+.3g to %+.3g", r.lo, r.hi),
        p_text(r.p), r.significant_holm and "  **" or r.significant and "  *" or "")
    end
  end
  -- games that ended in error are left out of the pairs: say why, as sim
  -- does, so that a broken house rule is not read as one that changes nothing
  for _, v in ipairs(variants) do
    if v.summary.errors > 0 then
      say("")
      say("%s: %d games ended in error; first: %s", v.name, v.summary.errors, v.summary.first_error)
    end
  end
  -- what pairing saved: for the first seat's win share of each variant,
  -- or with --rotate on a mixed table bot 1's (seat 1 held every bot in
  -- turn; bot 1 is the one a designer put first: the search bot)
  local saved_name = ref.summary.by_bot and M.bot_names(ref.summary.bots)[1] .. " win share"
  for k = 2, #variants do
    local row = variants[k].cmp.rows[1]
    for _, r in ipairs(saved_name and variants[k].cmp.rows or {}) do
      if r.name == saved_name then row = r end
    end
    if row and row.hi > row.lo then
      local ratio = row.independent_width / (row.hi - row.lo)
      say("")
      -- (below 1 the pairing cost: the variants' results moved apart)
      say("%s: the paired interval of %s is %.1f times %s than two independent runs of",
        variants[k].name, row.name, ratio >= 1 and ratio or 1 / ratio, ratio >= 1 and "narrower" or "wider")
      say("  %d games would give: as narrow as independent runs of about %.0f games each",
        row.n, row.n * ratio * ratio)
    end
  end
  -- the rows were tested together: say what chance alone marks (with
  -- --main, the main rows were the family)
  local main = variants[2] and variants[2].cmp.main
  local family, marked, kept = 0, 0, 0
  for k = 2, #variants do
    for _, r in ipairs(variants[k].cmp.rows) do
      if not main or r.main then
        family = family + 1
        if r.significant then marked = marked + 1 end
        if r.significant_holm then kept = kept + 1 end
      end
    end
  end
  if family == 0 then return out end   -- no row was tested: nothing to mark
  local held = marked == 0 and "none is marked *" or string.format("%d of the %d marked", kept, marked)
  say("")
  say("%s", "* the difference is significant at the 5% level on its own (paired t test on the same seeds);")
  say("  win shares in percentage points")
  if main then
    say("** still significant with Holm's correction for the %d main rows (--main %s) tested together: %s",
      family, main_text(main), held)
    say("  the other rows are exploratory: marked * on their own only (about 1 row in 20 is marked by chance alone)")
  else
    say("** still significant with Holm's correction for the %d rows tested together: %s", family, held)
    say("  (when nothing changes, about 1 row in 20 is marked * by chance alone: %.0f of these %d)", family / 20, family)
  end
  return out
end

---------------------------------------------------------------- JSON

-- The summary as the --json object: the keys of earlier versions (game,
-- games, players, seed, bots, errors, wins, win_share, mean_score,
-- mean_answers, seconds, games_per_second, answers_per_second) and the new
-- (the options and house files too: what the figures are of). A run whose
-- every game ended in error has no figures, only its counts and first error.
function M.json_table(s)
  local t = {}
  for _, k in ipairs({ "game", "games", "players", "seed", "bots", "errors", "wins", "win_share",
    "win_ci", "mean_score", "score_ci", "score_range", "mean_answers", "fairness", "seat_advantage", "length",
    "rounds", "ties", "tie_rate", "limits", "metrics", "rules", "counters", "first_error",
    "seconds", "games_per_second", "answers_per_second", "interrupted", "rotate", "by_bot", "by_kind", "seats_even",
    "by_bot_seat", "options", "house" }) do
    t[k] = s[k]
  end
  if s.options then
    -- (read back from a records file, a whole number is a float: 6, not 6.0)
    t.options = {}
    for k, v in pairs(s.options) do t.options[k] = math.type(v) == "float" and math.tointeger(v) or v end
  end
  if s.games > 0 and s.errors == s.games then
    -- no game ended: its figures would be zeros and tests of no game
    for _, k in ipairs({ "wins", "win_share", "win_ci", "mean_score", "score_ci", "score_range", "mean_answers",
      "fairness", "seat_advantage", "length", "rounds", "ties", "tie_rate", "limits", "metrics", "rules", "counters",
      "by_bot", "by_kind", "seats_even", "by_bot_seat" }) do
      t[k] = nil
    end
  end
  return t
end

return M
