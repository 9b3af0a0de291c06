-- The HTML reports of `cardlab sim`, `merge` and `compare`: one
-- self-contained file (no script, no network), charts as inline SVG, made
-- from the summaries alone (cardlab.summary).

local summary = require "cardlab.summary"

local M = {}

local fmt, concat = string.format, table.concat

local function esc(s)
  return (tostring(s):gsub("[&<>\"']", { ["&"] = "&amp;", ["<"] = "&lt;", [">"] = "&gt;",
    ['"'] = "&quot;", ["'"] = "&#39;" }))
end

local num = summary.num
-- a whole number as one, else as num
local function whole(x)
  if math.type(x) == "integer" or (x == math.floor(x) and math.abs(x) < 1e15) then return fmt("%d", x) end
  return num(x)
end
local function pct(x) return fmt("%.1f%%", 100 * x) end

-- a colour per seat (Okabe and Ito's palette, readable by the colour-blind)
local SEAT = { "#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000" }
local VARIANT = { "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9" }

local CSS = [[
:root { --ink: #1d2330; --muted: #5b6475; --rule: #d9dde5; --panel: #f6f7f9; --accent: #0072B2; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
  margin: 0; background: #fff; }
main { max-width: 980px; margin: 0 auto; padding: 28px 28px 48px; }
header h1 { font-size: 26px; margin: 0 0 4px; }
header p { margin: 2px 0; color: var(--muted); }
code { font: 13px ui-monospace, "DejaVu Sans Mono", monospace; background: var(--panel); padding: 1px 4px;
  border-radius: 3px; }
h2 { font-size: 18px; margin: 30px 0 8px; padding-bottom: 4px; border-bottom: 2px solid var(--rule); }
.cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); gap: 12px; margin-top: 18px; }
.card { background: var(--panel); border-radius: 8px; padding: 10px 14px; }
.card b { display: block; font-size: 20px; }
.card span { color: var(--muted); font-size: 13px; }
table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
th, td { text-align: right; padding: 4px 10px; border-bottom: 1px solid var(--rule); }
th:first-child, td:first-child { text-align: left; }
th { font-weight: 600; color: var(--muted); font-size: 13px; }
tr.sig td { background: #fff4e0; }
svg { display: block; max-width: 100%; height: auto; }
svg text { font: 12px system-ui, sans-serif; fill: var(--ink); }
svg .muted { fill: var(--muted); }
.grid { display: grid; grid-template-columns: repeat(auto-fit, minmax(300px, 1fr)); gap: 16px; }
figure { margin: 0; }
figcaption { color: var(--muted); font-size: 13px; margin-top: 4px; }
.note { color: var(--muted); font-size: 13px; }
p.errors { background: #fff4e0; padding: 6px 10px; border-radius: 4px; }
header p.stopped { color: #8a3b00; background: #fff4e0; padding: 4px 8px; border-radius: 4px; }
@media print { main { padding: 0; } h2 { break-after: avoid; } figure, table { break-inside: avoid; } }
]]

local function page(title, subtitle, body)
  return concat({
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
    "<title>", esc(title), "</title>\n<style>", CSS, "</style>\n</head>\n<body>\n<main>\n",
    "<header><h1>", esc(title), "</h1>", subtitle, "</header>\n", body,
    "\n</main>\n</body>\n</html>\n" })
end

---------------------------------------------------------------- charts

-- Horizontal bars with interval whiskers: rows {label, value, lo, hi,
-- colour, text}; a dashed reference line at `ref` (or none); values 0..max.
local function interval_bars(rows, max, ref, ref_label, id)
  local W, left, right, bar, gap = 640, 150, 90, 22, 10
  local H = 30 + #rows * (bar + gap)
  local plot = W - left - right
  local function x(v) return left + plot * math.max(0, math.min(1, v / max)) end
  local out = { fmt('<svg id="%s" class="chart" viewBox="0 0 %d %d" role="img" aria-label="%s">',
    id, W, H, esc(ref_label or "chart")) }
  for k = 0, 4 do
    local v = max * k / 4
    out[#out + 1] = fmt('<line x1="%.1f" y1="10" x2="%.1f" y2="%d" stroke="#eceef2"/>', x(v), x(v), H - 18)
    out[#out + 1] = fmt('<text class="muted" x="%.1f" y="%d" text-anchor="middle">%s</text>', x(v), H - 4, pct(v))
  end
  for k, r in ipairs(rows) do
    local y = 14 + (k - 1) * (bar + gap)
    out[#out + 1] = fmt('<text x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>',
      left - 10, y + bar / 2, esc(r.label))
    out[#out + 1] = fmt('<rect class="bar" x="%d" y="%d" width="%.1f" height="%d" rx="3" fill="%s" opacity="0.85"/>',
      left, y, x(r.value) - left, bar, r.colour)
    out[#out + 1] = fmt('<g class="whisker" stroke="#1d2330" stroke-width="1.5"><line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>'
      .. '<line x1="%.1f" y1="%d" x2="%.1f" y2="%d"/><line x1="%.1f" y1="%d" x2="%.1f" y2="%d"/></g>',
      x(r.lo), y + bar / 2, x(r.hi), y + bar / 2, x(r.lo), y + 5, x(r.lo), y + bar - 5, x(r.hi), y + 5,
      x(r.hi), y + bar - 5)
    out[#out + 1] = fmt('<text x="%.1f" y="%.1f" dominant-baseline="middle">%s</text>',
      W - right + 8, y + bar / 2, esc(r.text))
  end
  if ref then
    out[#out + 1] = fmt('<line x1="%.1f" y1="8" x2="%.1f" y2="%d" stroke="#c0392b" stroke-dasharray="5 4" stroke-width="1.5"/>',
      x(ref), x(ref), H - 18)
  end
  out[#out + 1] = "</svg>"
  return concat(out)
end

-- A histogram of values (game lengths) in about 24 bins; `values` is a
-- list of {value, count} (the summary's).
local function histogram(values, id, xlabel)
  local W, H, left, bottom, top = 640, 220, 46, 36, 12
  if #values == 0 then return "<p class=\"note\">no games finished</p>" end
  local lo, hi = math.huge, -math.huge
  for _, e in ipairs(values) do lo, hi = math.min(lo, e[1]), math.max(hi, e[1]) end
  local bins = 24
  local width = math.max(1, math.ceil((hi - lo + 1) / bins))
  local counts = {}
  for b = 1, bins do counts[b] = 0 end
  for _, e in ipairs(values) do
    local b = math.min(bins, (e[1] - lo) // width + 1)
    counts[b] = counts[b] + e[2]
  end
  local most = 1
  for b = 1, bins do most = math.max(most, counts[b]) end
  local plot_w, plot_h = W - left - 14, H - bottom - top
  local out = { fmt('<svg id="%s" class="chart" viewBox="0 0 %d %d" role="img" aria-label="%s">', id, W, H, esc(xlabel)) }
  for k = 0, 4 do
    local y = top + plot_h * (1 - k / 4)
    out[#out + 1] = fmt('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#eceef2"/>', left, y, W - 14, y)
    out[#out + 1] = fmt('<text class="muted" x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%d</text>',
      left - 6, y, math.floor(most * k / 4 + 0.5))
  end
  local bw = plot_w / bins
  for b = 1, bins do
    local h = plot_h * counts[b] / most
    out[#out + 1] = fmt('<rect class="bin" x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="#0072B2" opacity="0.8"><title>%s to %s: %d games</title></rect>',
      left + (b - 1) * bw + 1, top + plot_h - h, bw - 2, h, whole(lo + (b - 1) * width),
      whole(lo + b * width - 1), counts[b])
  end
  for b = 0, bins, 6 do
    out[#out + 1] = fmt('<text class="muted" x="%.1f" y="%d" text-anchor="middle">%s</text>',
      left + b * bw, H - bottom + 16, whole(lo + b * width))
  end
  out[#out + 1] = fmt('<text class="muted" x="%.1f" y="%d" text-anchor="middle">%s</text>', left + plot_w / 2, H - 4, esc(xlabel))
  out[#out + 1] = "</svg>"
  return concat(out)
end

-- The standings of one game over its rounds, a line per seat.
local function standings_chart(trace, players, id)
  local W, H, left, bottom, top = 300, 170, 52, 26, 10
  local points = trace.points
  local lo, hi = math.huge, -math.huge
  for _, p in ipairs(points) do
    for _, v in ipairs(p) do lo, hi = math.min(lo, v), math.max(hi, v) end
  end
  if hi == lo then hi = lo + 1 end
  local plot_w, plot_h = W - left - 10, H - bottom - top
  local n = math.max(2, #points)
  local function x(k) return left + plot_w * (k - 1) / (n - 1) end
  local function y(v) return top + plot_h * (1 - (v - lo) / (hi - lo)) end
  local out = { fmt('<svg id="%s" class="chart standings" viewBox="0 0 %d %d" role="img" aria-label="standings of game %d">',
    id, W, H, trace.i) }
  out[#out + 1] = fmt('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#c9ced8"/>', left, top + plot_h, W - 10, top + plot_h)
  out[#out + 1] = fmt('<text class="muted" x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>', left - 4, y(hi), whole(hi))
  out[#out + 1] = fmt('<text class="muted" x="%d" y="%.1f" text-anchor="end" dominant-baseline="middle">%s</text>', left - 4, y(lo), whole(lo))
  out[#out + 1] = fmt('<text class="muted" x="%.1f" y="%d" text-anchor="middle">round (%d points)</text>', left + plot_w / 2, H - 6, #points)
  local won = {}
  for _, w in ipairs(trace.winners) do won[w] = true end
  for seat = 1, players do
    local pts = {}
    for k, p in ipairs(points) do pts[k] = fmt("%.1f,%.1f", x(k), y(p[seat])) end
    if #pts == 1 then pts[2] = fmt("%.1f,%.1f", x(2), y(points[1][seat])) end
    out[#out + 1] = fmt('<polyline class="line" fill="none" stroke="%s" stroke-width="%s" points="%s"><title>seat %d%s</title></polyline>',
      SEAT[seat] or "#888", won[seat] and "2.6" or "1.4", concat(pts, " "), seat, won[seat] and " (won)" or "")
  end
  out[#out + 1] = "</svg>"
  return concat(out)
end

local function legend(players)
  local out = {}
  for seat = 1, players do
    out[#out + 1] = fmt('<span style="display:inline-block;width:12px;height:12px;border-radius:2px;background:%s;margin:0 4px 0 12px;vertical-align:-1px"></span>seat %d',
      SEAT[seat] or "#888", seat)
  end
  return '<p class="note">' .. concat(out) .. " (the winners' lines are thicker)</p>"
end

---------------------------------------------------------------- tables

local function table_html(head, rows, classes)
  local out = { "<table><thead><tr>" }
  for _, h in ipairs(head) do out[#out + 1] = "<th>" .. esc(h) .. "</th>" end
  out[#out + 1] = "</tr></thead><tbody>"
  for k, r in ipairs(rows) do
    out[#out + 1] = classes and classes[k] and fmt('<tr class="%s">', classes[k]) or "<tr>"
    for _, c in ipairs(r) do out[#out + 1] = "<td>" .. esc(c) .. "</td>" end
    out[#out + 1] = "</tr>"
  end
  out[#out + 1] = "</tbody></table>"
  return concat(out)
end

-- A mean's 95% interval as text, with " ~" after one that crosses 0 where
-- no game's value did (summary.past_zero); marks.any then says one was, for
-- the note PAST_ZERO explains them by.
local function interval(t, marks)
  -- (a mean's t interval needs two games: of one, it would read as certain)
  if t.n == 1 then return "none (1 game)" end
  if not summary.past_zero(t) then return num(t.lo) .. " to " .. num(t.hi) end
  marks.any = true
  return num(t.lo) .. " to " .. num(t.hi) .. " ~"
end
local PAST_ZERO = '<p class="note">~ The interval crosses 0, though no game\'s value did: the games are '
  .. "too few for the t interval's normal approximation. It is shown as "
  .. "computed, not cut; more games narrow it (docs/simulation.md, \"Intervals of few games\").</p>"

local function metric_rows(s, marks)
  local rows = {}
  for _, m in ipairs(s.metrics) do
    rows[#rows + 1] = { m.name, num(m.mean), interval(m, marks) }
  end
  return rows
end

-- A kind at several places: "greedy (bots 2-4)".
local function kind_label(k)
  return fmt("%s (bots %s)", k.bot, summary.places_text(k.places))
end
local KIND_NOTE = '<p class="note kinds">A kind at several places of the --bots list, its bots together: the share '
  .. "of games one of them won, against the share of its places (expected: places/players, what it would win as "
  .. "strong as the others); the mean score of a seat it held.</p>"

-- The table of bot by seat as a heat map: a row for each kind (its places
-- in --bots), a column for each seat, each cell the share of the games it
-- sat there that it won, its 95% interval and games, shaded by the share
-- (the darker, the more: white at 0, the accent at 1). Its styles are
-- inline: the page's style sheet is every report's, whose bytes a run
-- without --rotate keeps.
local function by_bot_seat_html(rows, players)
  local out = { "<h2>Win share per bot and seat</h2>", '<table class="heat"><thead><tr><th>bots</th>' }
  for seat = 1, players do out[#out + 1] = fmt('<th style="text-align:center">seat %d</th>', seat) end
  out[#out + 1] = "</tr></thead><tbody>"
  for _, row in ipairs(rows) do
    out[#out + 1] = fmt("<tr><td>%s</td>", esc(fmt("%s (%s %s)", row.bot, #row.places > 1 and "bots" or "bot",
      summary.places_text(row.places))))
    for _, c in ipairs(row.seats) do
      -- (white text on the darker half)
      out[#out + 1] = fmt('<td style="text-align:center;background:rgba(0,114,178,%.2f)%s"><b>%s</b>'
        .. '<small style="display:block;font-size:11px">%s to %s, %d games</small></td>',
        c.win_share, c.win_share > 0.5 and ";color:#fff" or "", pct(c.win_share), pct(c.win_ci[1]), pct(c.win_ci[2]),
        c.games)
    end
    out[#out + 1] = "</tr>"
  end
  out[#out + 1] = "</tbody></table>"
  out[#out + 1] = fmt('<p class="note">Each kind of the --bots list at each seat: the share of the games one of its bots '
    .. "sat there that it won (a shared win counts a fraction), with its 95%% Wilson interval and the games; the darker, "
    .. "the more. A fair seat among equals wins 1/%d.</p>", players)
  return concat(out)
end

local function sim_sections(s, prefix)
  local out = {}
  local function add(x) out[#out + 1] = x end
  local played = s.games - s.errors
  local marks = {}
  if s.games > 0 and played == 0 then
    -- a table of zeros and a fairness test of no game would read as
    -- figures: say only what happened
    add(fmt('<p class="errors"><b>Every game ended in error (%d).</b> The first: %s</p>', s.errors,
      esc(s.first_error or "")))
    return concat(out, "\n")
  end
  if s.errors > 0 then
    add(fmt('<p class="errors"><b>%d of the %d games ended in error</b>; the figures below are of the %d that did '
      .. 'not. The first: %s</p>', s.errors, s.games, played, esc(s.first_error or "")))
  end
  add('<div class="cards">')
  add(fmt('<div class="card"><span>games</span><b>%d</b><span>%d ended in error, %d at a limit</span></div>',
    s.games, s.errors, s.limits))
  add(fmt('<div class="card"><span>seat fairness (chi-squared)</span><b>%s%s</b><span>%.2f, %d df: %s</span></div>',
    s.fairness.exact and "exact " or "", summary.p_text(s.fairness.p), s.fairness.chi2, s.fairness.df,
    s.fairness.p < 0.05 and "the shares differ" or "no evidence they differ"))
  add(fmt('<div class="card"><span>first player advantage</span><b>%+.1f points</b><span>95%% interval %+.1f to %+.1f: %s</span></div>',
    100 * s.seat_advantage.diff, 100 * s.seat_advantage.lo, 100 * s.seat_advantage.hi,
    summary.advantage_text(s.seat_advantage)))
  add(fmt('<div class="card"><span>length (answers)</span><b>%.1f</b><span>median %s, p10 %s, p90 %s</span></div>',
    s.length.mean, num(s.length.median), num(s.length.p10), num(s.length.p90)))
  add(fmt('<div class="card"><span>ties</span><b>%s</b><span>of %d games finished</span></div>', pct(s.tie_rate), played))
  add("</div>")
  add("<h2>Win share per seat</h2>")
  local rows, max = {}, 0
  for seat = 1, s.players do
    max = math.max(max, s.win_ci[seat][2])
    rows[seat] = { label = s.by_bot and fmt("seat %d", seat) or fmt("seat %d (%s)", seat, s.bots[seat]),
      value = s.win_share[seat],
      lo = s.win_ci[seat][1], hi = s.win_ci[seat][2], colour = SEAT[seat] or "#888",
      text = pct(s.win_share[seat]) }
  end
  max = math.min(1, math.ceil(math.max(max, 1 / s.players) * 10 + 0.5) / 10)
  add("<figure>" .. interval_bars(rows, max, 1 / s.players, "win share per seat", prefix .. "wins"))
  add(fmt("<figcaption>Bars: the share of games won (a shared win counts a fraction); whiskers: 95%% Wilson intervals; dashed: 1/%d, a fair share.</figcaption></figure>", s.players))
  local score_rows = {}
  for seat = 1, s.players do
    score_rows[seat] = { s.by_bot and fmt("seat %d (every bot in turn)", seat) or fmt("seat %d (%s)", seat, s.bots[seat]),
      fmt("%.1f", s.wins[seat]), pct(s.win_share[seat]),
      pct(s.win_ci[seat][1]) .. " to " .. pct(s.win_ci[seat][2]), num(s.mean_score[seat]),
      interval({ lo = s.score_ci[seat][1], hi = s.score_ci[seat][2], min = s.score_range[seat][1],
        max = s.score_range[seat][2], n = played }, marks) }
  end
  add(table_html({ "seat", "wins", "share", "95% interval", "mean score", "95% interval" }, score_rows))
  local seating = summary.rotation_text(s) or summary.fixed_seats_text(s)
  if seating then add('<p class="note seating">' .. esc(seating) .. "</p>") end
  if s.by_bot then
    -- the same by bot: its place in the --bots list and its kind
    add("<h2>Win share per bot</h2>")
    local bot_rows, bot_max, bot_table = {}, 0, {}
    for place, b in ipairs(s.by_bot) do
      bot_max = math.max(bot_max, b.win_ci[2])
      bot_rows[place] = { label = fmt("bot %d (%s)", place, b.bot), value = b.win_share, lo = b.win_ci[1],
        hi = b.win_ci[2], colour = SEAT[place] or "#888", text = pct(b.win_share) }
      bot_table[place] = { fmt("bot %d (%s)", place, b.bot), fmt("%.1f", b.wins), pct(b.win_share),
        pct(b.win_ci[1]) .. " to " .. pct(b.win_ci[2]), num(b.mean_score),
        interval({ lo = b.score_ci[1], hi = b.score_ci[2], min = b.score_range[1], max = b.score_range[2],
          n = played }, marks) }
    end
    bot_max = math.min(1, math.ceil(math.max(bot_max, 1 / s.players) * 10 + 0.5) / 10)
    add("<figure>" .. interval_bars(bot_rows, bot_max, 1 / s.players, "win share per bot", prefix .. "bots"))
    add(fmt("<figcaption>Each bot of the --bots list (its place and kind) over every seat in turn: the share of games won, with 95%% Wilson intervals; dashed: 1/%d.</figcaption></figure>", s.players))
    add(table_html({ "bot", "wins", "share", "95% interval", "mean score", "95% interval" }, bot_table))
    if s.by_kind then
      add("<h2>Win share per kind</h2>")
      local kind_table = {}
      for k, x in ipairs(s.by_kind) do
        kind_table[k] = { kind_label(x), fmt("%.1f", x.wins), pct(x.win_share),
          pct(x.win_ci[1]) .. " to " .. pct(x.win_ci[2]), pct(x.expected_share), num(x.mean_score),
          interval({ lo = x.score_ci[1], hi = x.score_ci[2], min = x.score_range[1], max = x.score_range[2],
            n = played }, marks) }
      end
      add(table_html({ "kind", "wins", "share", "95% interval", "expected share", "mean score a seat", "95% interval" },
        kind_table))
      add(KIND_NOTE)
    end
    if s.by_bot_seat then add(by_bot_seat_html(s.by_bot_seat, s.players)) end
  end
  add("<h2>Game length</h2><figure>" .. histogram(s.histogram or {}, prefix .. "length", "answers a game"))
  local past_zero = summary.past_zero(s.length)
  marks.any = marks.any or past_zero
  add(fmt("<figcaption>%.1f answers on average (95%% interval %.1f to %.1f%s); %.1f rounds (median %s).</figcaption></figure>",
    s.length.mean, s.length.lo, s.length.hi, past_zero and " ~" or "", s.rounds.mean, num(s.rounds.median)))
  add("<h2>Design metrics</h2>")
  add(table_html({ "metric (a game)", "mean", "95% interval" }, metric_rows(s, marks)))
  add('<p class="note">Definitions and origins: docs/simulation.md, "Design metrics".</p>')
  for _, part in ipairs({ { "rules", "Rule pieces: calls a game" }, { "counters", "Counters (game:count)" } }) do
    if #s[part[1]] > 0 then
      add("<h2>" .. part[2] .. "</h2>")
      local r = {}
      for k, m in ipairs(s[part[1]]) do
        r[k] = { m.name, num(m.mean), interval(m, marks), pct(m.games) }
      end
      add(table_html({ "name", "a game", "95% interval", "games with any" }, r))
    end
  end
  if #s.traces > 0 then
    add("<h2>Standing over the game: sample games</h2>" .. legend(s.players) .. '<div class="grid">')
    for k = 1, math.min(4, #s.traces) do
      local t = s.traces[k]
      add(fmt("<figure>%s<figcaption>game %d (seed %d)</figcaption></figure>",
        standings_chart(t, s.players, prefix .. "trace" .. k), t.i, t.seed))
    end
    add("</div>")
  end
  if marks.any then add(PAST_ZERO) end
  return concat(out, "\n")
end

-- The run's configuration: games, seeds, bots, options, and the house-rule
-- file with its content hash (a merge's command names only the shards, and
-- an option read back from JSON is a float: block_bonus=6.0 is said 6).
local function subtitle_of(s, command, house_text, stopped)
  local opts = {}
  for _, k in ipairs(require("cardlab.options").sorted_keys(s.options or {})) do
    local v = s.options[k]
    opts[#opts + 1] = k .. "=" .. (type(v) == "number" and whole(v) or tostring(v))
  end
  local house = {}
  for _, h in ipairs(type(s.house) == "table" and s.house or {}) do
    house[#house + 1] = fmt("%s (content hash %s)", tostring(h.path), tostring(h.hash))
  end
  -- (a run stopped short says so first: its figures are of fewer games
  -- than its command asked)
  return fmt("%s<p>%d games, %d players, %s; bots %s</p><p>options: %s</p><p>house rules: %s</p><p><code>%s</code></p>",
    stopped and '<p class="stopped"><b>' .. esc(stopped) .. "</b></p>" or "", s.games, s.players, esc(summary.seeds_text(s)), esc(concat(s.bots, ", ") .. (s.rotate and ", moved one seat on each game (--rotate)" or "")),
    esc(concat(opts, ", ")), house_text or #house > 0 and esc(concat(house, ", ")) or "none (the book's rules)", esc(command))
end

-- The report of one run (sim, merge).
function M.sim(s, command)
  local stopped = s.interrupted and fmt("stopped by %s: the summary of the %d games finished", s.stopped_by or "Ctrl-C",
    s.games)
  return page(fmt("%s: simulation report", s.game), subtitle_of(s, command, nil, stopped), sim_sections(s, ""))
end

-- The report of a comparison: results {name, summary, cmp} (the first is
-- the reference).
-- The short names of variants on a chart's rows, each its own: the name
-- itself where it fits (14 characters), else the file's name without its
-- folder and '.lua' (docs/houses/x.lua, x), else 'variant k', which the
-- legend under the chart names in full. (Each name cut to 14 characters made
-- docs/houses/lettertycoon_two_letter_words.lua and
-- docs/houses/lettertycoon_long_words_pay.lua both 'docs/houses/le'.)
local function short_names(results)
  local names, seen = {}, {}
  for k, r in ipairs(results) do
    local name = r.name
    if utf8.len(name) and utf8.len(name) > 14 then
      local file, settings = name:match("^([^,]+)(.*)$")
      name = (file:match("([^/]+)$") or file):gsub("%.lua$", "") .. settings
    end
    if not utf8.len(name) or utf8.len(name) > 14 then name = "variant " .. k end
    names[k] = name
    seen[name] = (seen[name] or 0) + 1
  end
  for k in ipairs(names) do
    if seen[names[k]] > 1 then names[k] = "variant " .. k end
  end
  return names
end

-- The bots of a rotated run by place: "bots (their place in --bots): 1
-- greedy, 2 random, ...".
local function bots_legend(s)
  local list = {}
  for place, b in ipairs(s.by_bot) do list[place] = place .. " " .. b.bot end
  return "bots (their place in --bots): " .. concat(list, ", ")
end

-- `stopped`: what stopped the run short, said first, or nil.
function M.compare(results, command, stopped)
  local ref = results[1].summary
  local out = {}
  local function add(x) out[#out + 1] = x end
  -- what each variant played: its house files by content hash, and the
  -- options where they differ from the reference's (a report is read later,
  -- when the files may have changed)
  local variant_rows = {}
  for k, r in ipairs(results) do
    local house, opts = {}, {}
    for _, h in ipairs(type(r.summary.house) == "table" and r.summary.house or {}) do
      house[#house + 1] = fmt("%s (content hash %s)", tostring(h.path), tostring(h.hash))
    end
    for _, name in ipairs(require("cardlab.options").sorted_keys(r.summary.options or {})) do
      local v, base = r.summary.options[name], (ref.options or {})[name]
      if k == 1 or v ~= base then
        opts[#opts + 1] = name .. "=" .. (type(v) == "number" and whole(v) or tostring(v))
      end
    end
    variant_rows[k] = { r.name, #house > 0 and concat(house, ", ") or "none (the book's rules)",
      #opts > 0 and concat(opts, ", ") or (k == 1 and "none" or "as the reference's") }
  end
  add("<h2>Variants</h2>")
  add(table_html({ "variant", "house rules", "options" }, variant_rows))
  add("<h2>Win share per seat and variant</h2>")
  local rows, max = {}, 0
  local short = short_names(results)
  for seat = 1, ref.players do
    for k, r in ipairs(results) do
      local s = r.summary
      -- (a variant that finished no game has no share: a bar of 0% would read as one)
      if s.games > s.errors then
        max = math.max(max, s.win_ci[seat][2])
        rows[#rows + 1] = { label = fmt("seat %d, %s", seat, short[k]), value = s.win_share[seat],
          lo = s.win_ci[seat][1], hi = s.win_ci[seat][2], colour = VARIANT[k] or "#888",
          text = pct(s.win_share[seat]) }
      end
    end
  end
  max = math.min(1, math.ceil(math.max(max, 1 / ref.players) * 10 + 0.5) / 10)
  add("<figure>" .. interval_bars(rows, max, 1 / ref.players, "win share per seat and variant", "wins"))
  local keys = {}
  for k, r in ipairs(results) do
    keys[k] = fmt('<span style="display:inline-block;width:12px;height:12px;border-radius:2px;background:%s;margin:0 4px 0 12px;vertical-align:-1px"></span>%s%s',
      VARIANT[k] or "#888", esc(short[k]), short[k] == r.name and "" or ": " .. esc(r.name))
  end
  add('<p class="note variants">' .. concat(keys) .. "</p>")
  add("<figcaption>Whiskers: 95% Wilson intervals of each variant alone; the differences below are paired, game by game, and narrower where the variants play alike.</figcaption></figure>")
  local seating = summary.rotation_text(ref) or summary.fixed_seats_text(ref)
  if seating then add('<p class="note seating">' .. esc(seating) .. "</p>") end
  if ref.by_bot then
    add("<h2>Win share per bot and variant</h2>")
    local bot_rows, bot_max = {}, 0
    for place = 1, ref.players do
      for k, r in ipairs(results) do
        local b = r.summary.by_bot and r.summary.by_bot[place]
        if b then
          bot_max = math.max(bot_max, b.win_ci[2])
          bot_rows[#bot_rows + 1] = { label = fmt("bot %d, %s", place, short[k]), value = b.win_share,
            lo = b.win_ci[1], hi = b.win_ci[2], colour = VARIANT[k] or "#888", text = pct(b.win_share) }
        end
      end
    end
    bot_max = math.min(1, math.ceil(math.max(bot_max, 1 / ref.players) * 10 + 0.5) / 10)
    add("<figure>" .. interval_bars(bot_rows, bot_max, 1 / ref.players, "win share per bot and variant", "bots"))
    add('<p class="note bots">' .. esc(bots_legend(ref)) .. "</p>")
    add("<figcaption>Each bot of the --bots list (its place and kind) over every seat in turn, the same seats on the same seed in every variant; whiskers: 95% Wilson intervals of each variant alone. The paired differences are the rows \"bot k (kind) win share\" below.</figcaption></figure>")
    if ref.by_kind then
      local kind_table = {}
      for _, k in ipairs(ref.by_kind) do
        for j, r in ipairs(results) do
          for _, x in ipairs(r.summary.by_kind or {}) do
            if x.bot == k.bot then
              kind_table[#kind_table + 1] = { kind_label(x) .. ", " .. short[j], pct(x.win_share),
                pct(x.win_ci[1]) .. " to " .. pct(x.win_ci[2]), pct(x.expected_share), num(x.mean_score) }
            end
          end
        end
      end
      add(table_html({ "kind, variant", "share", "95% interval", "expected share", "mean score a seat" }, kind_table))
      add(KIND_NOTE)
    end
  end
  -- fairness to the seats is each variant's own: the paired rows say only
  -- how each seat's share moved
  add("<h2>Seat fairness, each variant alone</h2>")
  local fair = {}
  for k, r in ipairs(results) do
    local f, a = r.summary.fairness, r.summary.seat_advantage
    if r.summary.games <= r.summary.errors then
      -- a test of no game would read as a result
      fair[k] = { r.name, "", "", "every game ended in error", "", "", "" }
      goto next_variant
    end
    fair[k] = { r.name, fmt("%.2f, %d df", f.chi2, f.df), (f.exact and "exact " or "") .. summary.p_text(f.p),
      f.p < 0.05 and "the shares differ" or "no evidence they differ",
      fmt("%+.1f points", 100 * a.diff), fmt("%+.1f to %+.1f", 100 * a.lo, 100 * a.hi), summary.advantage_text(a) }
    ::next_variant::
  end
  add(table_html({ "variant", "chi-squared", "p", "", "first player against 1/" .. ref.players, "95% interval", "" }, fair))
  add('<p class="note">Chi-squared test of each variant\'s wins per seat against equal shares; the first player '
    .. '(the seat of the first decision) with the Wilson interval of its share. A row where the shares differ is a seat '
    .. 'advantage of that variant.</p>')
  for k = 2, #results do
    local r = results[k]
    add(fmt("<h2>%s against %s</h2>", esc(r.name), esc(results[1].name)))
    -- games that ended in error are left out of the pairs: say so here, so
    -- that a broken house rule is not read as one that changes nothing
    for _, v in ipairs({ results[1], r }) do
      if v.summary.errors > 0 then
        add(fmt('<p class="errors"><b>%s: %d of the %d games ended in error</b>, left out of the pairs. The first: '
          .. '%s</p>', esc(v.name), v.summary.errors, v.summary.games, esc(v.summary.first_error or "")))
      end
    end
    if #r.cmp.rows == 0 then
      add('<p class="errors">Nothing to compare: no seed gave a game in both variants.</p>')
      goto next_comparison
    end
    -- the win-share differences as a forest plot, in points
    local W, left, right, row = 640, 150, 110, 26
    local shares = {}
    for _, x in ipairs(r.cmp.rows) do if x.name:match("win share$") then shares[#shares + 1] = x end end
    local span = 0.02
    for _, x in ipairs(shares) do span = math.max(span, math.abs(x.lo), math.abs(x.hi)) end
    span = span * 1.15
    local H = 34 + #shares * row
    local plot = W - left - right
    local function xp(v) return left + plot * (v + span) / (2 * span) end
    local svg = { fmt('<svg id="diff%d" class="chart" viewBox="0 0 %d %d" role="img" aria-label="differences in win share">', k, W, H) }
    svg[#svg + 1] = fmt('<line x1="%.1f" y1="6" x2="%.1f" y2="%d" stroke="#1d2330"/>', xp(0), xp(0), H - 20)
    -- ticks at round points (1, 2 or 5 times a power of ten) and at 0, not
    -- at fractions of the span (-12.7)
    local step = 10 ^ math.floor(math.log(100 * span / 2, 10))
    for _, m in ipairs({ 1, 2, 5, 10 }) do
      if 100 * span / (m * step) <= 3 then step = m * step break end
    end
    for t = -math.floor(100 * span / step), math.floor(100 * span / step) do
      svg[#svg + 1] = fmt('<text class="muted" x="%.1f" y="%d" text-anchor="middle">%s</text>', xp(t * step / 100),
        H - 4, t == 0 and "0" or fmt(step < 1 and "%+.1f" or "%+.0f", t * step))
    end
    for j, x in ipairs(shares) do
      local y = 16 + (j - 1) * row
      -- orange: significant; filled only where Holm's correction keeps it
      -- (a lone * among many rows is a lead, not a finding)
      local colour = x.significant and "#D55E00" or "#5b6475"
      local fill = (x.significant_holm or not x.significant) and colour or "#fff"
      -- (a bot's row without its kind, which the legend under the bots' chart names: the column is narrow)
      svg[#svg + 1] = fmt('<text x="%d" y="%d" text-anchor="end" dominant-baseline="middle">%s</text>', left - 10, y,
        esc((x.name:gsub("^(bot %d+) %b() ", "%1 "))))
      svg[#svg + 1] = fmt('<line class="interval" x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="%s" stroke-width="2.5"/>',
        xp(x.lo), y, xp(x.hi), y, colour)
      svg[#svg + 1] = fmt('<circle class="diff" cx="%.1f" cy="%d" r="5" fill="%s" stroke="%s" stroke-width="2"/>',
        xp(x.diff), y, fill, colour)
      svg[#svg + 1] = fmt('<text x="%d" y="%d" dominant-baseline="middle">%+.1f pt%s</text>', W - right + 10, y,
        100 * x.diff, x.significant_holm and " **" or x.significant and " *" or "")
    end
    svg[#svg + 1] = "</svg>"
    add("<figure>" .. concat(svg) .. fmt("<figcaption>Difference in win share to %s, in percentage points, with 95%% intervals from the paired design (%d games on the same seeds); orange: significant at the 5%% level on its own, the dot filled (**) only where it stays significant with Holm\'s correction for %s, hollow (*) where it does not.</figcaption></figure>",
      esc(results[1].name), r.cmp.paired, r.cmp.main and fmt("the main rows (--main %s)", esc(summary.main_text(r.cmp.main)))
        or "every row compared"))
    local trs, classes = {}, {}
    for j, x in ipairs(r.cmp.rows) do
      local share = x.name:match("win share$")
      local f = share and pct or num
      trs[j] = { x.name, f(x.reference), f(x.variant),
        share and fmt("%+.1f pt", 100 * x.diff) or fmt("%+.3g", x.diff),
        share and fmt("%+.1f to %+.1f", 100 * x.lo, 100 * x.hi) or fmt("%+.3g to %+.3g", x.lo, x.hi),
        summary.p_text(x.p) .. (x.significant_holm and " **" or x.significant and " *" or "") }
      classes[j] = x.significant and "sig" or nil
    end
    add(table_html({ "measure", results[1].name, r.name, "difference", "95% interval", "paired t test" }, trs, classes))
    ::next_comparison::
  end
  local family = results[2] and results[2].cmp.family or 0
  local main = results[2] and results[2].cmp.main
  if family > 0 and main then
    add(fmt('<p class="note">* significant at the 5%% level on its own (paired t test on the same seeds); '
      .. 'highlighted rows. ** still significant with Holm\'s correction for the %d main rows (--main %s) of all '
      .. 'variants, chosen before the run; the other rows are exploratory, marked * on their own only. When '
      .. 'nothing changes, about 1 row in 20 is marked * by chance alone.</p>', family, esc(summary.main_text(main))))
  elseif family > 0 then   -- (no row tested: nothing is marked)
    add(fmt('<p class="note">* significant at the 5%% level on its own (paired t test on the same seeds); '
      .. 'highlighted rows. ** still significant with Holm\'s correction for the %d rows of all variants '
      .. 'tested together. When nothing changes, about 1 row in 20 is marked * by chance alone.</p>', family))
  end
  local marks = {}
  for k, r in ipairs(results) do
    add(fmt("<h2>Variant %s%s: design metrics</h2>", esc(r.name), k == 1 and " (reference)" or ""))
    if r.summary.games > r.summary.errors then
      add(table_html({ "metric (a game)", "mean", "95% interval" }, metric_rows(r.summary, marks)))
    else
      -- (zeros of no game would read as figures)
      add('<p class="errors">Every game ended in error: no figures.</p>')
    end
  end
  if marks.any then add(PAST_ZERO) end
  return page(fmt("%s: comparison of %d variants", ref.game, #results), subtitle_of(ref, command,
    "each variant's own, as named (the options above are the reference's)", stopped), concat(out, "\n"))
end

return M
