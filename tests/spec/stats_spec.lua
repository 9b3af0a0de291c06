-- cardlab.stats against known values. The references were computed with
-- mpmath 1.3 at 30 digits (betainc, gammainc, erfinv) where no closed form
-- exists; the rest are closed forms: chi-squared with 2 and 4 degrees of
-- freedom, Student's t with 1 and 2.

local stats = require "cardlab.stats"

local function near(expected, got, tolerance)
  tolerance = tolerance or 1e-9
  assert(math.abs(expected - got) <= tolerance * math.max(1, math.abs(expected)),
    string.format("expected %.15g, got %.15g", expected, got))
end

describe("cardlab.stats distributions", function()
  it("gives chi-squared tail probabilities", function()
    near(0.05, stats.chi2_sf(3.841458820694124, 1))
    near(0.479500122186953, stats.chi2_sf(0.5, 1))
    near(math.exp(-1.6), stats.chi2_sf(3.2, 2))           -- df 2: exp(-x/2)
    near(math.exp(-3) * (1 + 3), stats.chi2_sf(6, 4))      -- df 4: exp(-x/2)(1 + x/2)
    near(0.0500096186224055, stats.chi2_sf(11.07, 5))
    near(0.0698536606994098, stats.chi2_sf(30.0, 20))
    near(0.994828536516515, stats.chi2_sf(1.0, 7))
    near(0.0330734809113047, stats.chi2_sf(150.0, 120))
    assert.equal(1, stats.chi2_sf(0, 3))
  end)

  it("gives Student's t distribution, its quantiles and two-sided p-values", function()
    near(0.5 + math.atan(1.5) / math.pi, stats.t_cdf(1.5, 1))
    near(0.5 - 0.7 / (2 * math.sqrt(2 + 0.49)), stats.t_cdf(-0.7, 2))
    for df, q in pairs({ [1] = 12.7062047361747, [2] = 4.30265272974946, [5] = 2.57058183563632,
                         [9] = 2.26215716279821, [30] = 2.04227245630124,
                         [1000] = 1.96233908082641 }) do
      near(q, stats.t_quantile(0.975, df), 1e-12)
    end
    near(0.0620772442022186, stats.t_p(2.1, 10))
    near(0.783763292039919, stats.t_p(0.3, 3))
    near(0.000209190246364034, stats.t_p(4.0, 50))
    near(0.0894421982199314, stats.t_p(-1.7, 999))
  end)

  it("gives log gamma", function()
    near(math.log(math.sqrt(math.pi)), stats.lgamma(0.5), 1e-13)
    near(math.log(362880), stats.lgamma(10), 1e-13)
    near(math.log(math.pi / math.sin(math.pi * 0.25)) - stats.lgamma(0.75), stats.lgamma(0.25), 1e-13)
  end)
end)

local function filled(n, x)
  local t = {}
  for i = 1, n do t[i] = x end
  return t
end
local function zeros(n) return filled(n, 0) end
local function ones(n) return filled(n, 1) end

describe("cardlab.stats estimates", function()
  it("gives 95% Wilson intervals, shared (fractional) wins included", function()
    local z = 1.9599639845400542
    near(z, stats.Z95, 1e-15)
    local cases = { { 81, 263, 0.255288519878274, 0.3662095769828 },
                    { 12.5, 40, 0.190744872137749, 0.467113228311233 },
                    { 3, 1000, 0.00102078388113862, 0.00878301405350317 },
                    { 999, 1000, 0.994357441402042, 0.999823453629374 } }
    for _, c in ipairs(cases) do
      local lo, hi = stats.wilson(c[1], c[2])
      near(c[3], lo, 1e-12)
      near(c[4], hi, 1e-12)
    end
    local lo, hi = stats.wilson(0, 10)
    assert.equal(0, lo)
    near(0.277532799862889, hi, 1e-12)  -- z^2 / (n + z^2)
    assert.is_nil(stats.wilson(0, 0))
  end)

  it("tests equal shares with chi-squared", function()
    -- 30, 20, 10 of 60: expected 20 each, X^2 = (100 + 0 + 100) / 20 = 10, df 2
    local x, df, p = stats.chi2_equal({ 30, 20, 10 }, 60)
    assert.same({ 10, 2 }, { x, df })
    near(math.exp(-5), p)
    local _, _, even = stats.chi2_equal({ 25, 25 }, 50)
    assert.equal(1, even)
  end)

  it("gives a mean with its 95% t interval", function()
    -- 2, 4, 4, 4, 5, 5, 7, 9: mean 5, sample sd sqrt(32/7)
    local ci = stats.mean_ci({ 2, 4, 4, 4, 5, 5, 7, 9 })
    near(5, ci.mean)
    near(math.sqrt(32 / 7), ci.sd)
    local half = 2.36462425159278 * math.sqrt(32 / 7) / math.sqrt(8)  -- t(0.975, 7)
    near(5 - half, ci.lo, 1e-11)
    near(5 + half, ci.hi, 1e-11)
    assert.same({ n = 1, mean = 3, lo = 3, hi = 3, sd = 0 }, stats.mean_ci({ 3 }))
  end)

  it("gives the paired t test of two lists", function()
    -- differences 1, 2, 3, 4, 5: mean 3, sd sqrt(2.5), t = 3 / (sqrt(2.5)/sqrt(5)), df 4
    local r = stats.paired({ 10, 10, 10, 10, 10 }, { 11, 12, 13, 14, 15 })
    near(3, r.diff)
    near(0.0132355995636827, r.p, 1e-9)   -- mpmath: 2 P(T4 > 4.2426)
    local half = 2.77644510519779 * math.sqrt(2.5) / math.sqrt(5)  -- t(0.975, 4)
    near(3 - half, r.lo, 1e-11)
    assert.equal(1, stats.paired({ 1, 2 }, { 1, 2 }).p)
    -- every difference the same, not zero: no spread, an infinite t; the
    -- exact sign test's p-value, 2 * 0.5^n (it was 0, "significant", from
    -- 2 games)
    assert.equal(0.5, stats.paired({ 1, 2 }, { 2, 3 }).p)
    assert.equal(2 * 0.5 ^ 5, stats.paired({ 0, 0, 0, 0, 0 }, { -1, -1, -1, -1, -1 }).p)
    assert.equal(2 * 0.5 ^ 40, stats.paired(zeros(40), ones(40)).p)
  end)

  it("gives quantiles as R's and numpy's default (type 7)", function()
    local ten = { 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 }
    near(1.9, stats.quantile(ten, 0.1))
    near(5.5, stats.quantile(ten, 0.5))
    near(9.1, stats.quantile(ten, 0.9))
    assert.equal(7, stats.quantile({ 7 }, 0.9))
    assert.is_nil(stats.quantile({}, 0.5))
  end)

  it("gives the same quantiles and intervals from a histogram and sums as from the list", function()
    local values, counts = {}, {}
    for k = 1, 501 do values[k] = (k * 7919) % 97 + 0.0 end
    local by = {}
    for _, v in ipairs(values) do by[v] = (by[v] or 0) + 1 end
    for v, c in pairs(by) do counts[#counts + 1] = { v, c } end
    table.sort(counts, function(a, b) return a[1] < b[1] end)
    for _, q in ipairs({ 0, 0.1, 0.5, 0.9, 1 }) do
      assert.equal(stats.quantile(values, q), stats.quantile_of_counts(counts, #values, q))
    end
    local sum, ss = 0, 0
    for _, v in ipairs(values) do sum = sum + v end
    for _, v in ipairs(values) do ss = ss + (v - sum / #values) ^ 2 end
    assert.same(stats.mean_ci(values), stats.mean_ci_of(#values, sum, ss))
  end)
end)

describe("cardlab.stats seat fairness with few games", function()
  it("gives the exact p-value while a seat expects fewer than 10 wins", function()
    -- 4 games of 2 seats, won 4-0: the chi-squared approximation says p =
    -- 0.046, "the shares differ"; 4-0 or 0-4 happen 2/16 of the time
    local x, df, p, exact = stats.chi2_equal({ 4, 0 }, 4)
    assert.same({ 4, 1, true }, { x, df, exact })
    near(0.125, p)
    near(2 / 32, (select(3, stats.chi2_equal({ 0, 5 }, 5))))
    near(0.625, (select(3, stats.chi2_equal({ 3, 1 }, 4))))   -- all but 2-2: 1 - 6/16
    -- 3 seats, 3 games won 3-0-0: 3 of 27 outcomes are as far from even
    near(3 / 27, (select(3, stats.chi2_equal({ 3, 0, 0 }, 3))))
    -- against every one of the k^n ways the games can go, counted
    local function brute(wins, n)
      local k, e = #wins, n / #wins
      local function x2(c)
        local x = 0
        for i = 1, k do x = x + ((c[i] or 0) - e) ^ 2 / e end
        return x
      end
      local x0, hit, total, c = x2(wins), 0, 0, {}
      local function deal(g)
        if g > n then
          total = total + 1
          if x2(c) >= x0 - 1e-9 then hit = hit + 1 end
          return
        end
        for s = 1, k do c[s] = (c[s] or 0) + 1; deal(g + 1); c[s] = c[s] - 1 end
      end
      deal(1)
      return hit / total
    end
    for _, wins in ipairs({ { 2, 2, 1, 0 }, { 5, 0, 0, 1, 0 }, { 4, 3, 0 }, { 1, 1, 1 }, { 6, 1 } }) do
      local n = 0
      for _, w in ipairs(wins) do n = n + w end
      near(brute(wins, n), (select(3, stats.chi2_equal(wins, n))), 1e-12)
    end
    -- every outcome together: probability 1
    for k = 2, 7 do near(1, stats.chi2_equal_exact(0, 9, k), 1e-12) end
  end)

  it("uses the chi-squared distribution for many games, or shared (fractional) wins", function()
    local x, _, p, exact = stats.chi2_equal({ 30, 20, 10 }, 60)
    assert.same({ 10, false }, { x, exact })
    near(math.exp(-5), p)
    local _, _, q, shared = stats.chi2_equal({ 2.5, 1.5 }, 4)
    assert.is_false(shared)
    near(stats.chi2_sf(0.25, 1), q)   -- (0.5^2 + 0.5^2) / 2
  end)
end)

describe("cardlab.stats multiple comparisons", function()
  it("adjusts p-values by Holm's step-down method, as R's p.adjust(p, 'holm')", function()
    -- sorted: 0.005 x 4, 0.01 x 3, 0.03 x 2, 0.04 x 1 (raised to the running maximum)
    local adjusted = stats.holm({ 0.01, 0.04, 0.03, 0.005 })
    for k, want in ipairs({ 0.03, 0.06, 0.06, 0.02 }) do near(want, adjusted[k], 1e-12) end
    assert.same({ 1, 1 }, stats.holm({ 0.7, 0.9 }))
    assert.same({}, stats.holm({}))
  end)
end)
