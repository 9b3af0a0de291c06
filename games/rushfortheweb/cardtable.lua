-- Prints the card lists of Rush for the Web as Markdown tables, for
-- docs/games/rushfortheweb.md (run again after changing cardlist.lua):
--   ./build/cardlab run games/rushfortheweb/cardtable.lua
local loader = require "cardlab.loader"

local def = assert(loader.load("rushfortheweb"))

-- Kinds of card with their counts and the codes of their copies, in order.
local function kinds(type)
  local list, by_key = {}, {}
  for _, c in ipairs(def.cards) do
    if c.type == type then
      local key = c.name .. "|" .. def.effect_text(c) .. "|" .. tostring(c.colour) .. "|" .. tostring(c.cost)
      local k = by_key[key]
      if not k then
        k = { card = c, codes = {} }
        by_key[key] = k
        list[#list + 1] = k
      end
      k.codes[#k.codes + 1] = c.code
    end
  end
  return list
end

local function codes(k)
  if #k.codes == 1 then return k.codes[1] end
  return k.codes[1] .. "-" .. k.codes[#k.codes]:sub(2)
end

print("### Personas\n")
print("| code | persona | special effect |")
print("|---|---|---|")
for _, k in ipairs(kinds("persona")) do
  print(string.format("| %s | %s | %s |", codes(k), k.card.name, def.effect_text(k.card)))
end

print("\n### Projects\n")
print("| code | project | allowed colours | sells for (2/3/4 resources) |")
print("|---|---|---|---|")
for _, k in ipairs(kinds("project")) do
  local p = k.card
  print(string.format("| %s | %s | %s | %d / %d / %d |", codes(k), p.name, table.concat(p.colours, ", "),
    p.sell[2], p.sell[3], p.sell[4]))
end

print("\n### Resources\n")
print("| codes | count | resource | colour | cost | effect icon |")
print("|---|---|---|---|---|---|")
for _, k in ipairs(kinds("resource")) do
  local r = k.card
  local icon = r.effect and string.format("%s: %s", r.effect, def.effect_text(r)) or "none"
  print(string.format("| %s | %d | %s | %s | %d | %s |", codes(k), #k.codes, r.name, r.colour, r.cost, icon))
end

print("\n### Events\n")
print("| code | event | effect for the round |")
print("|---|---|---|")
for _, k in ipairs(kinds("event")) do
  print(string.format("| %s | %s | %s |", codes(k), k.card.name, def.effect_text(k.card)))
end
