-- Rush for the Web, small projects: a project holds at most 3 resources, and
-- may be sold with a single one for 2 credits (bonuses on top, as ever):
-- quicker builds, more sales. The greedy bot sells a full project at once.
--   cardlab play rushfortheweb --house docs/houses/rushfortheweb_small_projects.lua
options.project_capacity = 3
rules.min_sale = function(game) return 1 end

local book_price = rules.table_price
rules.table_price = function(project, n)
  if n == 1 then return 2 end
  return book_price(project, n)
end
