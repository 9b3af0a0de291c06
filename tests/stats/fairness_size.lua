-- The exact size of the seat fairness test at 5%: the probability, when
-- every seat wins with 1/k, that p < 0.05 (every outcome enumerated).
local stats = require "cardlab.stats"
local lg = stats.lgamma
local function size(n, k, test)
  local total = 0
  local counts = {}
  local function rec(seat, left)
    if seat == k then
      counts[k] = left
      local lp = lg(n + 1) - n * math.log(k)
      for i = 1, k do lp = lp - lg(counts[i] + 1) end
      local w = {}
      for i = 1, k do w[i] = counts[i] end
      local _, _, p = test(w, n)
      if p < 0.05 then total = total + math.exp(lp) end
      return
    end
    for c = 0, left do counts[seat] = c; rec(seat + 1, left - c) end
  end
  rec(1, n)
  return total
end
local test = stats.chi2_equal
print("the size of the test as cardlab makes it (exact p while a seat expects fewer than 10 wins):")
for _, k in ipairs({ 2, 3, 4, 5 }) do
  local line = {}
  for n = 1, 20 do
    line[#line + 1] = string.format("%d:%.3f", n, size(n, k, test))
  end
  print(string.format("%d seats  %s", k, table.concat(line, " ")))
end
-- the chi-squared approximation alone, as it was
local old = function(w, n) local k = #w; local e = n / k; local x = 0
  for i = 1, k do x = x + (w[i] - e)^2 / e end; return x, k - 1, stats.chi2_sf(x, k - 1) end
for _, t in ipairs({ { "old", old }, { "new", stats.chi2_equal } }) do
  local worst, at = 0, ""
  for k = 2, 5 do for n = 1, 20 do
    local s = size(n, k, t[2])
    if s > worst then worst, at = s, k .. " seats " .. n .. " games" end
  end end
  print(t[1] .. ": the largest size for 2 to 5 seats and 1 to 20 games", worst, at)
end
local worst, at = 0, ""
for k = 2, 5 do for n = 1, 20 do
  if not (n == 4 and k == 2) and not (n == 3 and k == 3) then
  local s = size(n, k, old)
  if s > worst then worst, at = s, k .. " seats " .. n .. " games" end end
end end
print("old, but for 2 seats 4 games and 3 seats 3 games", worst, at)
