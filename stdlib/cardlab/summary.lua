-- Summaries of simulated games, computed from their records alone (see
-- cardlab.records): wins per seat with Wilson intervals, the chi-squared
-- test of seat fairness, means with t intervals, length quantiles, the
-- design metrics; and the paired comparison of variants played on the same
-- seeds. Text and JSON forms of both.

local stats = require "cardlab.stats"
local options = require "cardlab.options"

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

local function ci_table(values)
  local ci = stats.mean_ci(values)
  return { mean = ci.mean or 0, lo = ci.lo or 0, hi = ci.hi or 0, n = ci.n }
end

local function spread(values)
  local t = ci_table(values)
  t.median = stats.quantile(values, 0.5) or 0
  t.p10 = stats.quantile(values, 0.1) or 0
  t.p90 = stats.quantile(values, 0.9) or 0
  return t
end

-- The summary of a run: header (the records file's header) and its game
-- records. Timing (seconds) is added by the caller.
function M.summarize(header, records)
  -- numbers read from JSON are floats: whole ones become integers again
  local int = math.tointeger
  header = { game = header.game, players = int(header.players), seed = int(header.seed),
    bots = header.bots, first = int(header.first), games = int(header.games),
    options = header.options, house = header.house }
  local players = header.players
  local done, errors, first_error = {}, 0, nil
  local ended = { normal = 0, tie = 0, limit = 0, error = 0 }
  for _, r in ipairs(records) do
    ended[r.ended] = (ended[r.ended] or 0) + 1
    if r.ended == "error" then
      errors = errors + 1
      first_error = first_error or string.format("seed %d: %s", r.seed, r.error)
    else
      done[#done + 1] = r
    end
  end
  local nd = #done
  local s = {
    game = header.game, players = players, seed = header.seed, bots = header.bots,
    games = #records, errors = errors, first_error = first_error,
    first_game = header.first, last_game = header.first + header.games - 1,
    options = header.options, house = header.house,
    ties = ended.tie, limits = ended.limit, tie_rate = nd > 0 and ended.tie / nd or 0,
    wins = {}, win_share = {}, win_ci = {}, mean_score = {}, score_ci = {},
  }
  local has_scores = true
  for _, r in ipairs(done) do if not r.scores then has_scores = false end end
  for seat = 1, players do
    local w, scores = 0, {}
    for k, r in ipairs(done) do
      w = w + win_part(r, seat)
      scores[k] = r.scores and r.scores[seat] or 0
    end
    s.wins[seat] = w
    s.win_share[seat] = nd > 0 and w / nd or 0
    local lo, hi = stats.wilson(w, nd)
    s.win_ci[seat] = { lo or 0, hi or 0 }
    local ci = ci_table(scores)
    s.mean_score[seat] = ci.mean
    s.score_ci[seat] = { ci.lo, ci.hi }
  end
  s.has_scores = has_scores
  local x, df, p = stats.chi2_equal(s.wins, nd)
  s.fairness = { chi2 = x, df = df, p = p }
  -- the first player: the seat of the first decision of each game
  local first_wins = 0
  for _, r in ipairs(done) do
    if r.first then first_wins = first_wins + win_part(r, r.first) end
  end
  local lo, hi = stats.wilson(first_wins, nd)
  s.seat_advantage = { share = nd > 0 and first_wins / nd or 0, expected = 1 / players,
    lo = (lo or 0) - 1 / players, hi = (hi or 0) - 1 / players }
  s.seat_advantage.diff = s.seat_advantage.share - 1 / players
  local answers, rounds = {}, {}
  for k, r in ipairs(done) do answers[k], rounds[k] = r.answers, r.rounds end
  s.length = spread(answers)
  s.rounds = spread(rounds)
  s.mean_answers = s.length.mean
  s.answers = 0
  for _, r in ipairs(records) do s.answers = s.answers + (r.answers or 0) end
  -- design metrics
  s.metrics = {}
  for _, m in ipairs(M.METRICS) do
    local values = {}
    for _, r in ipairs(done) do
      if r[m[1]] ~= nil then values[#values + 1] = r[m[1]] end
    end
    local t = ci_table(values)
    t.name, t.key = m[2], m[1]
    s.metrics[#s.metrics + 1] = t
  end
  for seat = 1, players do
    local values = {}
    for k, r in ipairs(done) do values[k] = r.decisions[seat] end
    local t = ci_table(values)
    t.name, t.key = "decisions of seat " .. seat, "decisions_" .. seat
    s.metrics[#s.metrics + 1] = t
  end
  -- rule pieces and counters: calls a game, and the share of games with any
  for _, part in ipairs({ "rules", "counters" }) do
    local names = {}
    for _, r in ipairs(done) do
      for k in pairs(r[part] or {}) do names[k] = true end
    end
    local out = {}
    for _, name in ipairs(sorted_keys(names)) do
      local values, any = {}, 0
      for k, r in ipairs(done) do
        values[k] = (r[part] or {})[name] or 0
        if values[k] ~= 0 then any = any + 1 end
      end
      local t = ci_table(values)
      t.name, t.games = name, nd > 0 and any / nd or 0
      out[#out + 1] = t
    end
    s[part] = out
  end
  -- the traced games' standings, for the report
  s.traces = {}
  for _, r in ipairs(done) do
    if r.trace then s.traces[#s.traces + 1] = { i = r.i, seed = r.seed, winners = r.winners, points = r.trace } end
  end
  s.histogram = answers
  return s
end

---------------------------------------------------------------- comparison

-- The values of each measure of a game record, by measure name, in order:
-- each seat's win and score, length, rounds, metrics, rule calls, counters.
local function measures(r, players, names)
  local out = {}
  for seat = 1, players do out[#out + 1] = { "seat " .. seat .. " win share", win_part(r, seat) } end
  if r.scores then
    for seat = 1, players do out[#out + 1] = { "seat " .. seat .. " mean score", r.scores[seat] } end
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
-- left out (counted in `unpaired`).
function M.compare(players, reference, variant)
  local by_index = {}
  for _, r in ipairs(reference) do by_index[r.i] = r end
  local pairs_, unpaired = {}, 0
  local names = { rules = {}, counters = {} }
  local seen = { rules = {}, counters = {} }
  for _, v in ipairs(variant) do
    local r = by_index[v.i]
    if r and r.ended ~= "error" and v.ended ~= "error" then
      pairs_[#pairs_ + 1] = { r, v }
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
    local ma, mb = measures(pr[1], players, names), measures(pr[2], players, names)
    local index_b = {}
    for _, e in ipairs(mb) do index_b[e[1]] = e[2] end
    for _, e in ipairs(ma) do
      if not a[e[1]] then a[e[1]], b[e[1]] = {}, {}; order[#order + 1] = e[1] end
      a[e[1]][k] = e[2]
      b[e[1]][k] = index_b[e[1]] or 0
    end
  end
  local rows = {}
  for _, name in ipairs(order) do
    local xa, xb = {}, {}
    -- a measure missing from some games (branching without lists) is paired where present
    for k = 1, #pairs_ do
      if a[name][k] ~= nil then xa[#xa + 1], xb[#xb + 1] = a[name][k], b[name][k] end
    end
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
  end
  return { rows = rows, paired = #pairs_, unpaired = unpaired }
end

-- The widest interval of the differences (hi - lo) among a comparison's
-- rows that are win shares, scores or length (the measures --until-ci
-- watches).
function M.widest(cmp)
  local w = 0
  for _, r in ipairs(cmp.rows) do
    if r.hi - r.lo > w then w = r.hi - r.lo end
  end
  return w
end

---------------------------------------------------------------- text

local function pct(x) return string.format("%.1f%%", 100 * x) end

local function num(x)
  if x == nil then return "-" end
  if x ~= 0 and math.abs(x) < 0.01 then return string.format("%.2g", x) end
  if math.abs(x) >= 1000 then return string.format("%.0f", x) end
  return string.format("%.2f", x)
end
M.num = num

local function p_text(p)
  if p < 0.0001 then return "p < 0.0001" end
  return string.format("p = %.4f", p)
end
M.p_text = p_text

-- The lines of a summary as text.
function M.lines(s)
  local out = {}
  local function say(fmt, ...) out[#out + 1] = string.format(fmt, ...) end
  say("%s: %d games, %d players, seeds %d to %d", s.game, s.games, s.players,
    s.seed + s.first_game - 1, s.seed + s.last_game - 1)
  say("  seat  bot           wins   share   95%% interval     mean score   95%% interval")
  for seat = 1, s.players do
    say("  %4d  %-10s %8.1f  %5.1f%%  %5.1f%% to %5.1f%%  %10s   %s to %s", seat, s.bots[seat],
      s.wins[seat], 100 * s.win_share[seat], 100 * s.win_ci[seat][1], 100 * s.win_ci[seat][2],
      num(s.mean_score[seat]), num(s.score_ci[seat][1]), num(s.score_ci[seat][2]))
  end
  local f = s.fairness
  say("  seat fairness: chi-squared %.2f, %d df, %s%s", f.chi2, f.df, p_text(f.p),
    f.p < 0.05 and " (the seats' shares differ)" or " (no evidence the shares differ)")
  local a = s.seat_advantage
  say("  first player: wins %s, %+.1f points against 1/%d (95%% interval %+.1f to %+.1f)",
    pct(a.share), 100 * a.diff, s.players, 100 * a.lo, 100 * a.hi)
  local L, R = s.length, s.rounds
  say("  length: %.1f answers (95%% interval %.1f to %.1f), median %s, p10 %s, p90 %s",
    L.mean, L.lo, L.hi, num(L.median), num(L.p10), num(L.p90))
  say("          %.1f rounds, median %s, p10 %s, p90 %s", R.mean, num(R.median), num(R.p10), num(R.p90))
  local played = s.games - s.errors
  say("  ended: %d normally, %d in a tie (%s), %d at a limit (%s), %d in error", played - s.ties - s.limits,
    s.ties, pct(s.tie_rate), s.limits, pct(played > 0 and s.limits / played or 0), s.errors)
  say("  %-26s %10s   %s", "metric (a game)", "mean", "95% interval")
  for _, m in ipairs(s.metrics) do
    say("  %-26s %10s   %s to %s", m.name, num(m.mean), num(m.lo), num(m.hi))
  end
  for _, part in ipairs({ { "rules", "rule piece" }, { "counters", "counter" } }) do
    if #s[part[1]] > 0 then
      say("  %-26s %10s   %-20s %s", part[2], "a game", "95% interval", "games with any")
      for _, m in ipairs(s[part[1]]) do
        say("  %-26s %10s   %-20s %s", m.name, num(m.mean), num(m.lo) .. " to " .. num(m.hi), pct(m.games))
      end
    end
  end
  if s.seconds then
    say("  mean length %.1f answers; %.0f games/s, %.0f answers/s", s.mean_answers,
      s.games_per_second, s.answers_per_second)
  end
  if s.errors > 0 then say("  %d games ended in error; first: %s", s.errors, s.first_error) end
  return out
end

-- The lines of a comparison of variants (results: {name, summary, cmp}, the
-- first the reference).
function M.compare_lines(game, variants)
  local out = {}
  local function say(fmt, ...) out[#out + 1] = string.format(fmt, ...) end
  local ref = variants[1]
  say("%s: %d variants on the same %d games (seeds %d to %d), %d players; reference: %s",
    game, #variants, ref.summary.games, ref.summary.seed + ref.summary.first_game - 1,
    ref.summary.seed + ref.summary.last_game - 1, ref.summary.players, ref.name)
  for k = 2, #variants do
    local v = variants[k]
    say("")
    say("%s against %s (%d paired games%s):", v.name, ref.name, v.cmp.paired,
      v.cmp.unpaired > 0 and string.format(", %d left out: an error in either", v.cmp.unpaired) or "")
    say("  %-30s %10s %10s %10s   %-22s %s", "measure", ref.name:sub(1, 10), v.name:sub(1, 10),
      "difference", "95% interval", "paired t test")
    for _, r in ipairs(v.cmp.rows) do
      local share = r.name:match("win share$")
      local f = share and function(x) return string.format("%.1f%%", 100 * x) end or num
      local d = share and string.format("%+.1f pt", 100 * r.diff) or string.format("%+.3g", r.diff)
      say("  %-30s %10s %10s %10s   %-22s %s%s", r.name, f(r.reference), f(r.variant), d,
        share and string.format("%+.1f to %+.1f", 100 * r.lo, 100 * r.hi)
          or string.format("%+.3g to %+.3g", r.lo, r.hi),
        p_text(r.p), r.significant and "  *" or "")
    end
  end
  -- what pairing saved: for the first seat's win share of each variant
  for k = 2, #variants do
    local row = variants[k].cmp.rows[1]
    if row and row.hi > row.lo then
      local ratio = row.independent_width / (row.hi - row.lo)
      say("")
      say("%s: the paired interval of %s is %.1f times narrower than two independent runs of",
        variants[k].name, row.name, ratio)
      say("  %d games would give: as narrow as independent runs of about %.0f games each",
        row.n, row.n * ratio * ratio)
    end
  end
  say("")
  say("%s", "* the difference is significant at the 5% level (paired t test on the same seeds);")
  say("  win shares in percentage points")
  return out
end

---------------------------------------------------------------- JSON

-- The summary as the --json object: the keys of earlier versions (game,
-- games, players, seed, bots, errors, wins, win_share, mean_score,
-- mean_answers, seconds, games_per_second, answers_per_second) and the new.
function M.json_table(s)
  local t = {}
  for _, k in ipairs({ "game", "games", "players", "seed", "bots", "errors", "wins", "win_share",
    "win_ci", "mean_score", "score_ci", "mean_answers", "fairness", "seat_advantage", "length",
    "rounds", "ties", "tie_rate", "limits", "metrics", "rules", "counters", "first_error",
    "seconds", "games_per_second", "answers_per_second", "interrupted" }) do
    t[k] = s[k]
  end
  return t
end

return M
