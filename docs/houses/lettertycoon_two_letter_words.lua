-- Letter Tycoon with two-letter words (IT, OX, QI): a word needs 2 letters,
-- both on cards, and earns $1 like a word of 3.
--   cardlab play lettertycoon --house docs/houses/lettertycoon_two_letter_words.lua
rules.min_letters = 2
rules.min_cards = 2
rules.word_values[2] = { 1, 0 }
