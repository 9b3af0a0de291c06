-- The answer texts of Letter Tycoon, as an LPeg grammar (docs/games/
-- lettertycoon.md, "Answers"). Letters and keywords may be typed in any case;
-- the game logs the canonical form: keywords lower case, words upper case.
--
--   play     <- "pass" / ("word" / "words")? entry (" " entry / " +")?
--   entry    <- WORD ("+S")? (" " option)*      a word of letters A-Z
--   option   <- "x=" LETTER                     this letter appears twice, one copy
--                                              from the X patent
--             / "y=" ("vowel" / "consonant" / ("v" / "c")+)
--                                              every Y of the word counts as ...,
--                                              or one letter v/c for each Y in turn
--   discard  <- "pass" / "discard" (" "? LETTER)+
--
-- "CAT+S" is the word CATS whose S the Z patent adds. With the V patent a play
-- holds two entries: "word CAT TOOT+S x=O". The keyword "word" is optional, so
-- a bare "QUOTA" is the word QUOTA; "pass" alone passes, "word pass" plays PASS.
-- "word CAT +" (V) says that a second word follows, asked for on its own.

local lpeg = require "lpeg"
local P, R, S, C, Ct, Cc = lpeg.P, lpeg.R, lpeg.S, lpeg.C, lpeg.Ct, lpeg.Cc
local upper, concat, sort, match = string.upper, table.concat, table.sort, string.match

-- A keyword in any case.
local function K(text)
  local p = P(true)
  for ch in text:gmatch(".") do p = p * S(ch:lower() .. ch:upper()) end
  return p
end

local letter = R("az", "AZ")
local stop = -(letter + P"=" + P"+")
local blank = S" \t"^1
local blank0 = S" \t"^0

-- The choice for the Ys of a word: "vowel" and "consonant" for all of them,
-- or a letter v/c for each Y in turn ("cv": the first a consonant, the second
-- a vowel); a lone v or c is all of them.
local function y_choice(letters)
  letters = letters:lower()
  if letters == "v" then return "vowel" end
  if letters == "c" then return "consonant" end
  return letters
end
local yclass = (K"vowel" * Cc"vowel" + K"consonant" * Cc"consonant"
  + S"vVcC"^1 / y_choice) * stop
local option = K"x=" * Cc"x" * (C(letter) / upper) * stop
  + K"y=" * Cc"y" * yclass
local entry = Ct(((C(letter^1) / upper) * (P"+" * S"sS" * Cc(true) + Cc(false)) * stop)
  * Ct((blank * option)^0))
local more = blank * P"+" * Cc(true)
local entries = Ct(entry * (blank * entry)^0) * (more + Cc(false))

local pass = K"pass" * blank0 * -1 * Cc"pass"
local play = blank0 * (pass
  + (K"words" + K"word") * blank * entries * blank0 * -1
  + entries * blank0 * -1)

-- a bare word in capitals: see M.play
local bare_word = R"AZ"^1 * -1

-- what a player may type by mistake at a typed request: a menu's number,
-- and the keyword alone (read as the word WORD)
local number = blank0 * R"09"^1 * blank0 * -1
local keyword_alone = blank0 * C(K"words" + K"word") * blank0 * -1
local NUMBER = "numbers answer menus only; here you type "

local discard = blank0 * (pass
  + K"discard" * Ct((blank0 * (C(letter) / upper))^1) * blank0 * -1)

local M = {}

local find, sub = string.find, string.sub

-- One entry as the canonical text writes it ("word CAT", "word CAT+S x=A
-- y=vowel +"; see M.entry_text), read as the grammar reads it, in a few
-- string calls; nil for any other text, which the grammar reads.
local function canonical_entry(text)
  local _, stop, word = find(text, "^word (%u+)")
  if not word then return nil end
  local entry, at = { word = word, z = false }, stop + 1
  if sub(text, at, at + 1) == "+S" then entry.word, entry.z, at = word .. "S", true, at + 2 end
  local x = match(text, "^ x=(%u)", at)
  if x then entry.x, at = x, at + 4 end
  local y = match(text, "^ y=(%l+)", at)
  if y then
    -- (as the grammar gives them: a lone v or c reads as vowel or consonant)
    if y ~= "vowel" and y ~= "consonant" and not find(y, "^[vc][vc]+$") then return nil end
    entry.y, at = y, at + 3 + #y
  end
  local open
  if at == #text - 1 and sub(text, at) == " +" then open, at = true, at + 2 end
  if at ~= #text + 1 then return nil end
  return { entry, open = open }
end

-- Reads a play: gives "pass", or a list of entries {word = "CATS", z = true,
-- x = "E" or nil, y = "vowel"/"consonant"/letters v and c for each Y, or nil}, with open = true when a
-- second word follows (" +"); or nil, a reason and, where the text is no
-- play at all, true: the reason wants an example legal now.
function M.play(text)
  -- a bare word in capitals, the text of most listed plays, is read without
  -- the full grammar (the same reading, in a third of the time)
  if lpeg.match(bare_word, text) and text ~= "PASS" then return { { word = text, z = false } } end
  -- and so is one canonical entry with its keyword, as a bot answers from
  -- the list
  local list = canonical_entry(text)
  if list then return list end
  local r, open = lpeg.match(play, text)
  if r == nil then
    -- (true: the game adds an example legal now, which these cannot know)
    if lpeg.match(number, text) then return nil, NUMBER .. "a word", true end
    return nil, "expected a word, or two with the V patent (the forms: 'word CAT', 'word CAT+S', "
      .. "'word EERIE x=E', 'word EASY y=vowel')", true
  end
  if r == "pass" then return r end
  if open and #r > 1 then return nil, "' +' follows one word: the second word comes next" end
  list = { open = open or nil }
  for i, e in ipairs(r) do
    local base, z, opts = e[1], e[2], e[3]
    local entry = { word = z and base .. "S" or base, z = z }
    for k = 1, #opts, 2 do
      local key, value = opts[k], opts[k + 1]
      if entry[key] ~= nil then
        return nil, string.format("word %d gives '%s=' twice", i, key)
      end
      entry[key] = value
    end
    list[i] = entry
  end
  return list
end

-- The canonical text of one entry.
function M.entry_text(e)
  local text = e.z and e.word:sub(1, -2) .. "+S" or e.word
  if e.x then text = text .. " x=" .. e.x end
  if e.y then text = text .. " y=" .. e.y end
  return text
end

-- The canonical text of a play: "word " and the entries in alphabetical
-- order (the order of two words changes nothing). A play has one word, or
-- two with the V patent.
function M.play_text(entries, open)
  local text = M.entry_text(entries[1])
  if entries[2] then
    local second = M.entry_text(entries[2])
    text = text < second and text .. " " .. second or second .. " " .. text
  end
  return "word " .. text .. (open and " +" or "")
end

-- Reads a discard: gives "pass" or the list of letters; or nil and a reason.
function M.discard(text)
  -- the canonical texts, as bots answer, are read without the grammar
  if text == "pass" then return "pass" end
  local named = match(text, "^discard (%u+)$")
  if named then
    local list = {}
    for i = 1, #named do list[i] = named:sub(i, i) end
    return list
  end
  local r = lpeg.match(discard, text)
  if r == nil then
    -- (the game adds an example legal now, a letter of the hand)
    if lpeg.match(number, text) then return nil, NUMBER .. "'discard' and letters of your hand" end
    return nil, "expected 'discard' and letters of your hand"
  end
  return r
end

-- The keyword as typed when a play is the keyword alone ("word", which
-- reads as the word WORD), else nil: a play of WORD that fails was most
-- likely not meant as one.
function M.keyword_alone(text)
  return lpeg.match(keyword_alone, text)
end

-- The canonical text of a discard of these letters (sorted).
function M.discard_text(letters)
  if #letters == 0 then return "pass" end
  local sorted = { table.unpack(letters) }
  sort(sorted)
  return "discard " .. concat(sorted)
end

return M
