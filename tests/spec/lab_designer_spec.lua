-- The simulation lab as a designer reads it: what a comparison says of the
-- seats' fairness, charts whose rows can be told apart, a forest plot that
-- does not show a difference Holm's correction drops as a finding, and a
-- progress line that gives a slow run's rate.

local records = require "cardlab.records"
local summary = require "cardlab.summary"
local report = require "repl.lab.report"
local support = require "tests.spec.support"

local cardlab = support.run_cardlab

local dir
support.fresh_dir_each_test(function(path) dir = path end)

-- The header and the decoded game lines of a records file.
local function read_records(path)
  local header, games = nil, {}
  for line in io.lines(path) do
    if not header then
      header = require("cjson").decode(line)
    elseif not line:find('"done"', 1, true) then
      games[#games + 1] = assert(records.decode_record(line))
    end
  end
  return header, games
end

-- A comparison of crazyeights' base against draw_limit=1 from real records,
-- as compare makes it: results {name, summary, cmp}.
local function results_of(names)
  local a, b = dir .. "/a.jsonl", dir .. "/b.jsonl"
  assert.equal(0, select(2, cardlab("sim crazyeights -n 40 --jobs 1 --bots greedy,random --out " .. a)))
  assert.equal(0, select(2, cardlab("sim crazyeights -n 40 --jobs 1 --bots greedy,random --option draw_limit=1 --out " .. b)))
  local ha, ga = read_records(a)
  local hb, gb = read_records(b)
  local cmp = summary.compare(4, ga, gb)
  summary.adjust({ cmp })
  return { { name = names[1], summary = summary.summarize(ha, ga) },
           { name = names[2], summary = summary.summarize(hb, gb), cmp = cmp } }
end

describe("the lab for a designer", function()
  it("compare's report: two house files in one folder are two rows and a legend, not one name cut short", function()
    -- (each name was cut to 14 characters: docs/houses/lettertycoon_two_letter_words.lua
    -- and docs/houses/lettertycoon_long_words_pay.lua were both 'docs/houses/le')
    support.write(dir, "house_rule_draw_one.lua", "options.draw_limit = 1\n")
    support.write(dir, "house_rule_draw_two.lua", "options.draw_limit = 2\n")
    local html_path = dir .. "/c.html"
    local one, two = dir .. "/house_rule_draw_one.lua", dir .. "/house_rule_draw_two.lua"
    local out, status = cardlab(string.format("compare crazyeights base %s %s -n 10 --jobs 1 --report %s",
      one, two, html_path))
    assert.equal(0, status, out)
    local html = support.read(html_path)
    local chart = html:match('<svg id="wins".-</svg>')
    local labels = {}
    for label in chart:gmatch('text%-anchor="end" dominant%-baseline="middle">(seat 1, [^<]*)<') do
      labels[#labels + 1] = label
    end
    assert.same({ "seat 1, base", "seat 1, variant 2", "seat 1, variant 3" }, labels)
    local legend = html:match('<p class="note variants">(.-)</p>')
    assert.truthy(legend:find("variant 2: " .. one, 1, true), legend)
    assert.truthy(legend:find("variant 3: " .. two, 1, true), legend)
    -- a name that fits is itself, a long file's name without its folder when that fits
    support.write(dir, "short.lua", "options.draw_limit = 1\n")
    out, status = cardlab(string.format("compare crazyeights base draw_limit=2 %s -n 10 --jobs 1 --report %s",
      dir .. "/short.lua", html_path))
    assert.equal(0, status, out)
    html = support.read(html_path)
    assert.truthy(html:find(">seat 2, draw_limit=2<", 1, true))
    assert.truthy(html:find(">seat 2, short<", 1, true))
  end)

  it("compare's report: a difference significant alone but not with Holm's correction is a hollow dot", function()
    local results = results_of({ "base", "draw_limit=1" })
    local rows = results[2].cmp.rows
    assert.equal("seat 1 win share", rows[1].name)
    -- the marks as a run with many rows gives them: seat 1 '*' alone, seat 2 '**',
    -- seat 3 neither
    rows[1].significant, rows[1].significant_holm = true, false
    rows[2].significant, rows[2].significant_holm = true, true
    rows[3].significant, rows[3].significant_holm = false, false
    local html = report.compare(results, "cardlab compare crazyeights base draw_limit=1")
    local dots = {}
    for fill, stroke in html:match('<svg id="diff2".-</svg>'):gmatch('<circle class="diff"[^>]* fill="([^"]*)" stroke="([^"]*)"') do
      dots[#dots + 1] = fill .. " " .. stroke
    end
    assert.same({ "#fff #D55E00", "#D55E00 #D55E00", "#5b6475 #5b6475" }, { dots[1], dots[2], dots[3] })
    assert.truthy(html:find("hollow (*) where it does not", 1, true))
  end)

  it("compare: says each variant's seat fairness and first-player advantage, in its text and report", function()
    -- (the paired rows say how each seat's share moved, not whether a variant
    -- favours a seat: a designer asking "is it fairer?" had to run sim again)
    local html_path = dir .. "/c.html"
    local out, status = cardlab("compare crazyeights base draw_limit=1 -n 60 --jobs 1 --bots greedy,random --report "
      .. html_path)
    assert.equal(0, status, out)
    local t = require("cjson").decode((cardlab("compare crazyeights base draw_limit=1 -n 60 --jobs 1 --bots greedy,random --json")))
    for k, name in ipairs({ "base", "draw_limit=1" }) do
      local s = t.variants[k].summary
      local line = string.format("\n  %-13s chi-squared %.2f, %d df, p < 0.0001, the shares differ; first player %+.1f "
        .. "points (%+.1f to %+.1f: %s)\n", name .. ":", s.fairness.chi2, s.fairness.df, 100 * s.seat_advantage.diff,
        100 * s.seat_advantage.lo, 100 * s.seat_advantage.hi, summary.advantage_text(s.seat_advantage))
      assert.truthy(out:find(line, 1, true), line .. "\n" .. out)
    end
    assert.matches("\nseat fairness, each variant alone %(chi%-squared test", out)
    local html = support.read(html_path)
    assert.matches("<h2>Seat fairness, each variant alone</h2>", html)
    assert.equal(2, select(2, html:gsub("<td>the shares differ</td>", "")))
  end)

  it("compare: a variant whose every game ended in error gets no fairness figures, in its text or report", function()
    -- (its report's row read 'p = 1.0000, no evidence they differ' and '-25.0 points:
    -- the first player is at a disadvantage', from no game)
    local house = support.write(dir, "broken.lua", 'rules.penalty = function() error("broken") end\n')
    local html_path = dir .. "/c.html"
    local out, status = cardlab(string.format("compare crazyeights base %s -n 10 --jobs 1 --report %s", house, html_path))
    assert.equal(1, status, out)
    assert.matches("\n  base: +chi%-squared ", out)
    assert.is_nil(out:find("broken.lua: chi-squared", 1, true), out)
    local html = support.read(html_path)
    assert.truthy(html:find("broken.lua</td><td></td><td></td><td>every game ended in error</td>", 1, true))
    assert.is_nil(html:find("at a disadvantage", 1, true))
  end)

  it("a first player's advantage is flagged in words where its interval leaves out the fair share", function()
    -- (Cryptocurrency draws its start player: among greedy bots the seats' shares
    -- did not differ, p = 0.24, while the first player won 3.5 points more than
    -- 1/4, 95% interval +2.1 to +4.9; the line gave the figures and no verdict,
    -- beside the test's 'no evidence the shares differ')
    assert.equal("the first player is favoured", summary.advantage_text { diff = 0.035, lo = 0.021, hi = 0.049 })
    assert.equal("the first player is at a disadvantage", summary.advantage_text { diff = -0.05, lo = -0.08, hi = -0.01 })
    assert.equal("no evidence of an advantage", summary.advantage_text { diff = 0.035, lo = -0.023, hi = 0.101 })
    local html_path = dir .. "/s.html"
    local out, status = cardlab("sim crazyeights -n 300 --jobs 1 --bots greedy,random --report " .. html_path)
    assert.equal(0, status, out)
    -- seat 1's greedy bot wins most, and crazyeights' first player is seat 1 in
    -- about a quarter of the games: favoured
    assert.matches("\n  first player: wins [%d.]+%%, %+[%d.]+ points against 1/4 %(95%% interval %+[%d.]+ to %+[%d.]+: "
      .. "the first player is favoured%)\n", out)
    assert.matches("<span>95%% interval %+[%d.]+ to %+[%d.]+: the first player is favoured</span>", support.read(html_path))
  end)

  it("compare: the first player's win share is a paired row where the first player is not always seat 1", function()
    local out, status = cardlab("compare cryptocurrency base events=true -n 40 --jobs 1 --bots greedy")
    assert.equal(0, status, out)
    assert.matches("\n  seat 4 win share [^\n]+\n  first player win share +[%d.]+%% +[%d.]+%% +[-+][%d.]+ pt ", out)
    -- Letter Tycoon's seat 1 starts every game: its row would repeat seat 1's
    out, status = cardlab("compare lettertycoon base hand_size=8 -n 10 --jobs 1 --bots greedy")
    assert.equal(0, status, out)
    assert.matches("seat 2 win share", out)
    assert.is_nil(out:find("first player win share", 1, true), out)
  end)

  it("merge's report names the house-rule file and gives whole options as whole numbers", function()
    -- (the merged report's command names only the shards: the house rule was
    -- nowhere on the page, and an option read back from JSON said hand_size=3.0)
    local house = support.write(dir, "draw_one.lua", "options.draw_limit = 1\n")
    for k = 1, 2 do
      local out, status = cardlab(string.format("sim crazyeights -n 6 --jobs 1 --house %s --option hand_size=3 "
        .. "--shard %d/2 --out %s/s%d.jsonl", house, k, dir, k))
      assert.equal(0, status, out)
    end
    local out, status = cardlab(string.format("merge %s/s1.jsonl %s/s2.jsonl --report %s/m.html", dir, dir, dir))
    assert.equal(0, status, out)
    local html = support.read(dir .. "/m.html")
    assert.truthy(html:find("<p>options: draw_limit=1, hand_size=3, turn_limit=1000</p>", 1, true), html:sub(1, 2000))
    assert.matches("<p>house rules: [^<]*draw_one%.lua %(content hash %x+%)</p>", html)
    out, status = cardlab(string.format("sim crazyeights -n 4 --jobs 1 --report %s/b.html", dir))
    assert.equal(0, status, out)
    assert.truthy(support.read(dir .. "/b.html"):find("<p>house rules: none (the book's rules)</p>", 1, true))
  end)

  it("compare --until-ci says why the run has the games it has: the widest interval, met or not", function()
    -- (a run of -n 20000 that stopped at 6000 said only '6000 games')
    local out, status = cardlab("compare crazyeights base draw_limit=1 --bots greedy -n 400 --until-ci 0.5 --jobs 1 --json")
    assert.equal(0, status, out)
    local t = require("cjson").decode(out)
    assert.equal(100, t.games)
    local widest = 0
    for _, row in ipairs(t.variants[2].comparison) do
      if row.name:match("win share$") then widest = math.max(widest, row.hi - row.lo) end
    end
    assert.is_true(math.abs(widest - t.until_ci.widest) < 1e-12)
    assert.is_true(t.until_ci.met)
    out = cardlab("compare crazyeights base draw_limit=1 --bots greedy -n 400 --until-ci 0.5 --jobs 1")
    assert.matches(string.format("\n%%-%%-until%%-ci 0%%.5: stopped after 100 of 400 games: the widest 95%%%% interval "
      .. "of a win share's difference is %.1f points, at most the 50%%.0 asked\n", 100 * widest), out)
    out = cardlab("compare crazyeights base draw_limit=1 --bots greedy -n 200 --until-ci 0.01 --jobs 1")
    assert.matches("\n%-%-until%-ci 0%.01: not reached in 200 games: the widest 95%% interval of a win share's "
      .. "difference is still [%d.]+ points, wider than the 1%.0 asked %(play more: %-n%)\n", out)
  end)

  it("the progress line gives a slow run's rate, not '0 games/s'", function()
    local sim = require "repl.lab.sim"
    assert.equal("3/240 games, 0.40 games/s, 9m52s left", sim.progress_text(3, 240, 7.5))
    assert.equal("30/240 games, 2.5 games/s, 1m24s left", sim.progress_text(30, 240, 12))
    assert.equal("500/1000 games, 250 games/s, 2 s left", sim.progress_text(500, 1000, 2))
  end)
end)
