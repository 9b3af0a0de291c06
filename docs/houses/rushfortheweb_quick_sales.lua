-- Rush for the Web, quick sales: a project may be sold with a single resource
-- on it, for 2 credits (bonuses on top, as ever). The book's sell table starts
-- at 2 resources, so the house rule prices the sale with 1 itself.
--   cardlab play rushfortheweb --house docs/houses/rushfortheweb_quick_sales.lua
rules.min_sale = function(game) return 1 end

local book_price = rules.table_price
rules.table_price = function(project, n)
  if n == 1 then return 2 end
  return book_price(project, n)
end
