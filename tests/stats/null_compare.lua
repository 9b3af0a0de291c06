-- The paired comparison when nothing changed: the games of two runs of
-- the same game on different seeds, paired by index (the null holds), cut
-- into chunks of `size` games; the share of rows marked significant.
local cjson = require "cjson"
local summary = require "cardlab.summary"
local function read(path)
  local list = {}
  for line in io.lines(path) do
    local r = cjson.decode(line)
    if r.i then list[#list + 1] = r end
  end
  return list
end
local a, b = read(arg[1]), read(arg[2])
local size = tonumber(arg[3]) or 100
local players = #a[1].decisions
local rows, marked, any, chunks = 0, 0, 0, 0
local by_row = {}
for start = 1, #a - size + 1, size do
  local ca, cb = {}, {}
  for k = start, start + size - 1 do ca[#ca + 1] = a[k]; cb[#cb + 1] = b[k] end
  local cmp = summary.compare(players, ca, cb)
  chunks = chunks + 1
  local some = false
  for _, r in ipairs(cmp.rows) do
    rows = rows + 1
    by_row[r.name] = (by_row[r.name] or 0) + (r.significant and 1 or 0)
    if r.significant then marked = marked + 1; some = true end
  end
  if some then any = any + 1 end
end
print(string.format("%d comparisons of %d games, %d rows: %.1f%% of rows marked *, %.0f%% of comparisons with at least one *",
  chunks, size, rows, 100 * marked / rows, 100 * any / chunks))
local names = {}
for k in pairs(by_row) do names[#names + 1] = k end
table.sort(names)
for _, k in ipairs(names) do io.write(string.format("%s %d/%d; ", k, by_row[k], chunks)) end
print()
