-- A house rule for Cryptocurrency that replaces the rule piece `board`:
-- mining Flyt takes one energy on every field, and mining Eruptium pays no
-- coins and no fees. The greedy bot and the table used to read the book's
-- boards (tests/spec/cryptocurrency_spec.lua).
local board = rules.board
local houses = {}
rules.board = function(game, cur)
  local b = board(game, cur)
  if cur ~= "Flyt" and cur ~= "Eruptium" then return b end
  local key = game.options.boards .. cur
  if not houses[key] then
    local m = b.mining
    local mining = { difficulty = {}, reward = {}, fee = {} }
    for i = 1, #m.difficulty do
      mining.difficulty[i] = cur == "Flyt" and 1 or m.difficulty[i]
      mining.reward[i] = cur == "Flyt" and m.reward[i] or 0
      mining.fee[i] = cur == "Flyt" and m.fee[i] or 0
    end
    houses[key] = { prices = b.prices, start = b.start, stock = b.stock, mining = mining }
  end
  return houses[key]
end
