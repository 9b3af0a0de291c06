-- Statistics for simulations, in plain Lua: the 95% Wilson interval of a
-- share, the chi-squared test of equal shares, Student's t intervals of a
-- mean and the paired t test, percentiles. The special functions (log
-- gamma, the regularized incomplete gamma and beta functions) follow
-- Numerical Recipes (Press et al., 3rd ed., 6.1, 6.2 and 6.4); the tests in
-- tests/spec/stats_spec.lua hold them to closed forms and published tables.

local exp, log, sqrt, abs, huge = math.exp, math.log, math.sqrt, math.abs, math.huge
local floor = math.floor

local M = {}

-- The normal quantile of 0.975: a 95% two-sided interval is +-Z95 standard errors.
M.Z95 = 1.959963984540054

---------------------------------------------------------------- special functions

-- log(Gamma(x)) for x > 0 (Lanczos, g = 7, 9 terms: about 15 digits).
local LANCZOS = { 0.99999999999980993, 676.5203681218851, -1259.1392167224028,
  771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
  9.9843695780195716e-6, 1.5056327351493116e-7 }
local function lgamma(x)
  if x < 0.5 then
    -- reflection: Gamma(x) Gamma(1-x) = pi / sin(pi x)
    return log(math.pi / abs(math.sin(math.pi * x))) - lgamma(1 - x)
  end
  x = x - 1
  local a = LANCZOS[1]
  local t = x + 7.5
  for i = 2, 9 do a = a + LANCZOS[i] / (x + i - 1) end
  return 0.5 * log(2 * math.pi) + (x + 0.5) * log(t) - t + log(a)
end
M.lgamma = lgamma

local EPS, TINY, ITERATIONS = 1e-15, 1e-300, 10000

-- The regularized lower incomplete gamma function P(a, x), a > 0, x >= 0.
local function gamma_p(a, x)
  if x <= 0 then return 0 end
  local gln = lgamma(a)
  if x < a + 1 then
    -- the series
    local ap, sum = a, 1 / a
    local del = sum
    for _ = 1, ITERATIONS do
      ap = ap + 1
      del = del * x / ap
      sum = sum + del
      if abs(del) < abs(sum) * EPS then break end
    end
    return sum * exp(-x + a * log(x) - gln)
  end
  -- the continued fraction for Q = 1 - P (modified Lentz)
  local b = x + 1 - a
  local c, d = 1 / TINY, 1 / b
  local h = d
  for i = 1, ITERATIONS do
    local an = -i * (i - a)
    b = b + 2
    d = an * d + b
    if abs(d) < TINY then d = TINY end
    c = b + an / c
    if abs(c) < TINY then c = TINY end
    d = 1 / d
    local del = d * c
    h = h * del
    if abs(del - 1) < EPS then break end
  end
  return 1 - exp(-x + a * log(x) - gln) * h
end
M.gamma_p = gamma_p

-- The continued fraction of the incomplete beta function (modified Lentz).
local function betacf(a, b, x)
  local qab, qap, qam = a + b, a + 1, a - 1
  local c, d = 1, 1 - qab * x / qap
  if abs(d) < TINY then d = TINY end
  d = 1 / d
  local h = d
  for m = 1, ITERATIONS do
    local m2 = 2 * m
    local aa = m * (b - m) * x / ((qam + m2) * (a + m2))
    d = 1 + aa * d
    if abs(d) < TINY then d = TINY end
    c = 1 + aa / c
    if abs(c) < TINY then c = TINY end
    d = 1 / d
    h = h * d * c
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
    d = 1 + aa * d
    if abs(d) < TINY then d = TINY end
    c = 1 + aa / c
    if abs(c) < TINY then c = TINY end
    d = 1 / d
    local del = d * c
    h = h * del
    if abs(del - 1) < EPS then break end
  end
  return h
end

-- The regularized incomplete beta function I_x(a, b).
local function beta_i(a, b, x)
  if x <= 0 then return 0 end
  if x >= 1 then return 1 end
  local bt = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(1 - x))
  if x < (a + 1) / (a + b + 2) then return bt * betacf(a, b, x) / a end
  return 1 - bt * betacf(b, a, 1 - x) / b
end
M.beta_i = beta_i

---------------------------------------------------------------- distributions

-- P(X > x) for X chi-squared with df degrees of freedom.
function M.chi2_sf(x, df)
  if x <= 0 then return 1 end
  return 1 - gamma_p(df / 2, x / 2)
end

-- P(T <= t) for T Student's t with df degrees of freedom.
function M.t_cdf(t, df)
  local tail = 0.5 * beta_i(df / 2, 0.5, df / (df + t * t))
  return t >= 0 and 1 - tail or tail
end

-- The two-sided p-value of t: P(|T| >= |t|).
function M.t_p(t, df)
  if t ~= t then return 1 end
  return beta_i(df / 2, 0.5, df / (df + t * t))
end

-- The quantile of Student's t: the t with P(T <= t) = p (0 < p < 1), by
-- bisection on the distribution function (60 halvings: exact to doubles).
local t_quantiles = {}
function M.t_quantile(p, df)
  local key = p .. "/" .. df
  if t_quantiles[key] then return t_quantiles[key] end
  if p == 0.5 then return 0 end
  local lo, hi = -1, 1
  while M.t_cdf(lo, df) > p do lo = lo * 2 end
  while M.t_cdf(hi, df) < p do hi = hi * 2 end
  for _ = 1, 200 do
    local mid = (lo + hi) / 2
    if M.t_cdf(mid, df) < p then lo = mid else hi = mid end
    if hi - lo <= 1e-14 * abs(mid) then break end
  end
  local q = (lo + hi) / 2
  t_quantiles[key] = q
  return q
end

---------------------------------------------------------------- estimates

-- The 95% Wilson score interval of a share: `wins` (may be fractional: a
-- shared win counts a fraction) out of n. Gives lo, hi; nil for n = 0.
function M.wilson(wins, n, z)
  if n <= 0 then return nil end
  z = z or M.Z95
  local p = wins / n
  local z2 = z * z
  local centre = (p + z2 / (2 * n)) / (1 + z2 / n)
  local half = z / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n))
  return math.max(0, centre - half), math.min(1, centre + half)
end

-- The exact p-value of Pearson's statistic x of equal shares: P(X^2 >= x)
-- when each of n games goes to one of k seats, each with 1/k. Every
-- outcome is visited as a partition of n into at most k parts (the counts
-- sorted), weighted by the number of seat orders that give it.
function M.chi2_equal_exact(x, n, k)
  local expected = n / k
  local lg = lgamma
  -- log(n! k! / k^n): the rest of an outcome's log probability is
  -- -sum log(c!) - sum log(m!) (m: how many seats share a count)
  local base = lg(n + 1) + lg(k + 1) - n * log(k)
  local cut = x - 1e-9 * math.max(1, x)   -- (equal statistics, up to rounding, count)
  local p = 0
  -- parts so far: `used` of them, each at most `max`, `left` still to place
  local function visit(used, left, max, run, ss, lp)
    if used == k then
      if left == 0 and ss / expected >= cut then p = p + exp(base + lp) end
      return
    end
    local slots = k - used
    -- the next part c: at most max and left, at least what the rest can't hold
    for c = math.min(max, left), 0, -1 do
      if c * slots < left then break end
      local r = c == max and run + 1 or 1
      visit(used + 1, left - c, c, r, ss + (c - expected) ^ 2, lp - lg(c + 1) - log(r))
    end
  end
  visit(0, n, n, 0, 0, 0)
  return math.min(1, p)
end

-- Pearson's chi-squared test that the seats' shares of `n` games are equal:
-- wins is the list of wins per seat (fractions allowed). Gives the
-- statistic, the degrees of freedom, the p-value, and whether the p-value
-- is exact. The chi-squared distribution is an approximation that says
-- "differ" too often when a seat expects few wins (4 games of 2 seats won
-- 4-0: p = 0.046, where 4-0 or 0-4 happen 12.5% of the time); so while a
-- seat expects fewer than EXACT_BELOW wins, and the wins are whole (no
-- shared win), the p-value is the exact one (M.chi2_equal_exact).
M.EXACT_BELOW = 10
function M.chi2_equal(wins, n)
  local k = #wins
  if k < 2 or n <= 0 then return 0, 0, 1, false end
  local expected = n / k
  local x, whole = 0, true
  for i = 1, k do
    x = x + (wins[i] - expected) ^ 2 / expected
    if wins[i] % 1 ~= 0 then whole = false end
  end
  if whole and expected < M.EXACT_BELOW and n % 1 == 0 then
    return x, k - 1, M.chi2_equal_exact(x, n, k), true
  end
  return x, k - 1, M.chi2_sf(x, k - 1), false
end

-- The mean of a list and its 95% t interval: gives a table {mean, lo, hi,
-- sd, n}; lo and hi are the mean itself for fewer than two values or no
-- spread.
function M.mean_ci(values)
  local n, sum, ss = #values, 0, 0
  for i = 1, n do sum = sum + values[i] end
  local mean = sum / n
  for i = 1, n do ss = ss + (values[i] - mean) ^ 2 end
  return M.mean_ci_of(n, sum, ss)
end

-- The same from n values, their sum and their sum of squared deviations
-- from the mean (sum / n), added in the same order as mean_ci adds them (a
-- summary made in two passes over records on disk gives the same figures
-- as one made from lists).
function M.mean_ci_of(n, sum, ss)
  if n == 0 then return { n = 0 } end
  local mean = sum / n
  if n < 2 then return { n = n, mean = mean, lo = mean, hi = mean, sd = 0 } end
  local sd = sqrt(ss / (n - 1))
  local half = M.t_quantile(0.975, n - 1) * sd / sqrt(n)
  return { n = n, mean = mean, lo = mean - half, hi = mean + half, sd = sd }
end

-- The paired t test of b against a (two lists of the same length, values of
-- the same games): gives {diff, lo, hi, p, n} for the mean of b[i] - a[i],
-- its 95% interval and the two-sided p-value (1 when the differences are
-- all zero). When they are all the same non-zero value the t statistic is
-- infinite and says nothing of n; the p-value is then the exact sign
-- test's, 2 * 0.5^n: n games that all moved the same way are that unlikely
-- when either way is as likely (0.5 for 2 games, below 0.05 from 6).
function M.paired(a, b)
  local d = {}
  for i = 1, #a do d[i] = b[i] - a[i] end
  local ci = M.mean_ci(d)
  local out = { n = ci.n, diff = ci.mean or 0, lo = ci.lo or 0, hi = ci.hi or 0 }
  if ci.n < 2 then
    out.p = 1
  elseif ci.sd == 0 then
    out.p = ci.mean == 0 and 1 or math.min(1, 2 * 0.5 ^ ci.n)
  else
    out.p = M.t_p(ci.mean / (ci.sd / sqrt(ci.n)), ci.n - 1)
  end
  return out
end

-- Holm's step-down adjustment of m p-values (a list) for testing them
-- together: the adjusted list, each at least its own p-value. Rejecting
-- where the adjusted p is below 0.05 keeps the chance of any false
-- "significant" among the m at 5%, however the tests depend on each other
-- (Holm 1979).
function M.holm(ps)
  local m = #ps
  local order = {}
  for i = 1, m do order[i] = i end
  table.sort(order, function(a, b)
    if ps[a] ~= ps[b] then return ps[a] < ps[b] end
    return a < b
  end)
  local adjusted, running = {}, 0
  for rank, i in ipairs(order) do
    running = math.max(running, math.min(1, (m - rank + 1) * ps[i]))
    adjusted[i] = running
  end
  return adjusted
end

-- The q-quantile (0..1) of values given as a histogram: `counts`, a list
-- of {value, count} sorted by value, of n values in all; as quantile gives
-- for the list of them (a summary keeps game lengths so, in room bounded by
-- the lengths there are rather than the games).
function M.quantile_of_counts(counts, n, q)
  if n == 0 then return nil end
  -- the k-th smallest value
  local function nth(k)
    local seen = 0
    for _, e in ipairs(counts) do
      seen = seen + e[2]
      if seen >= k then return e[1] end
    end
  end
  local h = (n - 1) * q + 1
  local lo = floor(h)
  if lo >= n then return nth(n) end
  local a = nth(lo)
  return a + (h - lo) * (nth(lo + 1) - a)
end

-- The q-quantile (0..1) of a list, by linear interpolation between order
-- statistics (Hyndman and Fan's type 7, as R's and numpy's default).
function M.quantile(values, q)
  local n = #values
  if n == 0 then return nil end
  local sorted = table.move(values, 1, n, 1, {})
  table.sort(sorted)
  local h = (n - 1) * q + 1
  local lo = floor(h)
  if lo >= n then return sorted[n] end
  return sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo])
end

M.huge = huge
return M
