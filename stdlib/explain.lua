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

-- A text made loose as the engine compares answers: lower case, blanks at
-- the ends dropped, a run of them inside one space.
local function loose(text)
  return table.concat((M.words(text)), " "):lower()
end

-- The runs of whole words of a name shorter than it, a hyphen parting words
-- too: "fintech specialist" gives "fintech" and "specialist", "turbo-line"
-- "turbo" and "line".
local function parts(name)
  local words = M.words((name:gsub("-", " ")))
  local list = {}
  for i = 1, #words do
    for j = i, #words do
      if j - i + 1 < #words then list[#list + 1] = table.concat(words, " ", i, j) end
    end
  end
  return list
end

-- The names of more than one word in a list of names, each with its
-- parts (" fintech ", " specialist "), made once for each list: a game asks
-- with the same list at every refusal.
local made = setmetatable({}, { __mode = "k" })
local function named_parts(names)
  local list = made[names]
  if list then return list end
  list = {}
  for _, name in ipairs(names) do
    local low = loose(name)
    if low:find("[ %-]") then
      local spaced = {}
      for i, part in ipairs(parts(low)) do spaced[i] = " " .. part .. " " end
      list[#list + 1] = { low = low, parts = spaced }
    end
  end
  made[names] = list
  return list
end

-- The legal answer that a text names by a part of a card's name (a word of
-- it, any case): the text is the answer with one of `names` in it cut to a
-- run of its whole words ("hire Specialist" for "hire Fintech Specialist",
-- "play Turbo" for "play Turbo-Line"). Gives it where exactly one answer is
-- so named, else nil (no answer, or several: "Memory" for Extra Memory and
-- Memory Full alike). Only for refused texts: it is slow beside the engine's
-- matching.
function M.meant(text, answers, names)
  local typed, found = loose(text), nil
  if typed == "" then return nil end
  -- the names the text holds a part of: most texts hold none, and then no
  -- answer is read (a list may hold a thousand, and `cardlab check` asks
  -- every explainer at every request). A name of one word has no part.
  local spaced, held = " " .. typed .. " ", {}
  for _, name in ipairs(named_parts(names)) do
    for _, part in ipairs(name.parts) do
      if spaced:find(part, 1, true) then
        held[#held + 1] = name.low
        break
      end
    end
  end
  if #held == 0 then return nil end
  for _, answer in ipairs(answers) do
    local lower = " " .. loose(answer) .. " "
    for _, low in ipairs(held) do
      local at = lower:find(" " .. low .. " ", 1, true)
      if at then
        local before, after = lower:sub(2, at), lower:sub(at + #low + 1, -2)
        for _, part in ipairs(parts(low)) do
          if before .. part .. after == typed then
            if found and found ~= answer then return nil end
            found = answer
          end
        end
      end
    end
  end
  return found
end

-- An explainer that first names the answer a unique part of a card's name
-- stands for (M.meant: 'hire Specialist' is told say 'hire Fintech
-- Specialist'), else gives explainer's reason: answers stay exact, so that
-- logs and saves read the same. `names`: the game's card names.
function M.first_meant(explainer, names)
  return function(text, seat, answers)
    local answer = answers and M.meant(text, answers, names)
    if answer then return string.format("say '%s'", answer) end
    return explainer(text, seat, answers)
  end
end

-- Whether a is b with one slip of the keys: a letter added, dropped or
-- changed, or two neighbours swapped. (The host's options.edit_distance
-- counts the same, but a game's sandbox cannot reach it, and what a game
-- requires is part of its script hash.)
local function one_slip(a, b)
  local na, nb = #a, #b
  if a == b or na - nb > 1 or nb - na > 1 then return false end
  local i = 1
  while i <= na and a:byte(i) == b:byte(i) do i = i + 1 end
  if na == nb then
    return a:sub(i + 1) == b:sub(i + 1)
      or (a:byte(i) == b:byte(i + 1) and a:byte(i + 1) == b:byte(i) and a:sub(i + 2) == b:sub(i + 2))
  elseif na > nb then
    return a:sub(i + 1) == b:sub(i)
  end
  return a:sub(i) == b:sub(i + 1)
end

-- The keyword a typed word is a slip of (M.slip_of): the first of
-- `keywords` (lower case) that the word, in any case, is one slip from: a
-- letter added, dropped or changed, or two neighbours swapped ('wrod' and
-- 'wrd' of 'word', 'by' of 'buy'). nil for a keyword itself, for a word of
-- fewer than two letters or of other characters, and for a word near none.
-- Only for refused texts, to name the answer meant: answers stay exact.
function M.slip_of(word, keywords)
  if type(word) ~= "string" or #word < 2 or word:find("%A") then return nil end
  word = word:lower()
  for _, keyword in ipairs(keywords) do
    if word == keyword then return nil end
  end
  for _, keyword in ipairs(keywords) do
    if one_slip(word, keyword) then return keyword end
  end
end

-- The first legal answer that begins with `prefix` (in lower case; 'buy 1'
-- for "buy "), or nil: an example for a refusal that is sure to be
-- accepted. answers may be nil.
function M.first_with(answers, prefix)
  for _, answer in ipairs(answers or {}) do
    if answer:sub(1, #prefix):lower() == prefix then return answer end
  end
end

return M
