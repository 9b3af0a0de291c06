-- Helpers for the explainer of a request (docs/api.md, Requests): the words
-- of a typed text, split where the engine's matching splits it, so that an
-- explainer reads "play6D" as the engine does (one word, no answer).
--
--   local explain = require "explain"
--   explain.words("  Play  7H ")   --> { "Play", "7H" }, "play"

local lpeg = require "lpeg"

local M = {}

-- The blanks the engine ignores at the ends of an answer and makes one of
-- inside it (C's isspace).
local BLANK = lpeg.S(" \t\n\v\f\r")
local WORDS = lpeg.Ct((BLANK ^ 0 * lpeg.C((1 - BLANK) ^ 1)) ^ 0)

-- The words of a text, as typed, and the first in lower case (the verb of
-- most answers; nil for a text of blanks).
function M.words(text)
  local words = lpeg.match(WORDS, text)
  return words, words[1] and words[1]:lower()
end

return M
