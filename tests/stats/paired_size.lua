-- The exact size at 5% of the paired t test (cardlab.stats.paired) when
-- the per-game differences are +1 or -1 with probability q each, else 0
-- (a share or a yes/no measure that a variant changes in few games, with
-- no effect): every (plus, minus) count enumerated.
local stats = require "cardlab.stats"
local lg = stats.lgamma
local function size(n, q, test)
  local rej = 0
  for a = 0, math.min(n, 200) do
    for b = 0, math.min(n - a, 200) do
      local lp = lg(n + 1) - lg(a + 1) - lg(b + 1) - lg(n - a - b + 1)
        + (a + b) * math.log(q) + (n - a - b) * math.log(1 - 2 * q)
      local pr = math.exp(lp)
      if pr > 1e-12 then
        local x, y = {}, {}
        for i = 1, n do x[i] = 0; y[i] = i <= a and 1 or (i <= a + b and -1 or 0) end
        if test(x, y).p < 0.05 then rej = rej + pr end
      end
    end
  end
  return rej
end
for _, n in ipairs({ 20, 100, 1000 }) do
  local line = {}
  for _, d in ipairs({ 1, 2, 3, 4, 5, 8, 10, 20, 50 }) do
    local q = d / (2 * n)
    if 2 * q < 1 then line[#line + 1] = string.format("%d:%.3f", d, size(n, q, stats.paired)) end
  end
  print(string.format("n=%4d  expected games that differ : size   %s", n, table.concat(line, "  ")))
end
local line = {}
for _, n in ipairs({ 2, 3, 4, 5, 6, 8, 10, 15 }) do
  line[#line + 1] = string.format("%d:%.3f", n, size(n, 0.25, stats.paired))
end
print("small n, q = 0.25 (two independent fair coin games)  " .. table.concat(line, "  "))
