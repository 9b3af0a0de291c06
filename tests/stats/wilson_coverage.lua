-- Exact coverage of the 95% Wilson interval of a binomial share:
-- P(lo <= p <= hi) summed over the binomial distribution of x.
local stats = require "cardlab.stats"
local function lchoose(n, k) return stats.lgamma(n + 1) - stats.lgamma(k + 1) - stats.lgamma(n - k + 1) end
local function coverage(n, p)
  local c = 0
  for x = 0, n do
    local lo, hi = stats.wilson(x, n)
    if lo <= p and p <= hi then
      local lp
      if p == 0 then lp = x == 0 and 0 or -math.huge
      elseif p == 1 then lp = x == n and 0 or -math.huge
      else lp = lchoose(n, x) + x * math.log(p) + (n - x) * math.log(1 - p) end
      c = c + math.exp(lp)
    end
  end
  return c
end
for _, n in ipairs({ 1, 2, 5, 10, 20, 50, 100, 200, 1000 }) do
  local minc, minp, sum, cnt = 2, nil, 0, 0
  for k = 1, 999 do
    local p = k / 1000
    local c = coverage(n, p)
    sum, cnt = sum + c, cnt + 1
    if c < minc then minc, minp = c, p end
  end
  local c05, c50, c02 = coverage(n, 0.05), coverage(n, 0.5), coverage(n, 0.02)
  print(string.format("n=%4d  mean coverage over p=0.001..0.999: %.4f  min %.4f at p=%.3f  p=0.5: %.4f  p=0.05: %.4f  p=0.02: %.4f",
    n, sum / cnt, minc, minp, c50, c05, c02))
end
