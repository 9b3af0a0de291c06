-- Letter Tycoon where long words pay: a word earns $1 for each letter beyond
-- 2 ($1 for 3 letters, $5 for 7, $10 for 12; the book stops at $6), and the
-- book's stock. The piece `word_value` gives money and stock by length; the
-- house rule keeps the book's stock and replaces the money. The greedy bot
-- weighs words with the same piece, so it hunts the long ones.
--   cardlab play lettertycoon --house docs/houses/lettertycoon_long_words_pay.lua
local word_value = rules.word_value
rules.word_value = function(n)
  local _, stock = word_value(n)
  return math.max(0, n - 2), stock
end
