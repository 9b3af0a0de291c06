-- Letters and words for Letter Tycoon: letter counts, the cards a word needs,
-- which cards of hand and pool a play takes, and the list of every legal play
-- that the word request's enumerator gives (through the C dictionary).
--
-- Letters are counted in arrays indexed 1..26 (A = 1, S = 19, Y = 25).

local byte, char, find, sub = string.byte, string.char, string.find, string.sub
local concat = table.concat

local M = {}

local S, Y = 19, 25
M.S, M.Y = S, Y

function M.zeros()
  return { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }
end
local zeros = M.zeros

local LETTER = {}   -- code -> letter, without a string.char call each time
for k = 1, 26 do LETTER[k] = char(k + 64) end
M.letters = LETTER

function M.code(letter) return byte(letter) - 64 end
function M.letter(code) return LETTER[code] end

-- Counts of the letters of an upper-case text.
function M.counts(text)
  local c = zeros()
  for i = 1, #text do
    local k = byte(text, i) - 64
    c[k] = c[k] + 1
  end
  return c
end

-- The cards an entry needs: the letters of its word less the S that the Z
-- patent adds and one copy of the letter that the X patent doubles. Gives the
-- counts and their sum, or nil when the doubled letter is not in the word.
function M.needs(e)
  local w = e.word
  local n = #w
  if e.z then n = n - 1 end
  local c = zeros()
  for i = 1, n do
    local k = byte(w, i) - 64
    c[k] = c[k] + 1
  end
  if e.x then
    local k = byte(e.x) - 64
    if c[k] == 0 then return nil end
    c[k] = c[k] - 1
    n = n - 1
  end
  return c, n
end

-- For each word: the letters it may take from the hand (those it needs and the
-- hand holds).
local function hand_letters(needs, H)
  local list = {}
  for k = 1, 26 do
    if needs[k] > 0 and H[k] > 0 then list[#list + 1] = k end
  end
  return list
end

-- One word, in one pass: the hand gives what the pool cannot, and if that
-- is nothing, one card of the first letter it holds. The same choice as the
-- general way below, which every play with two words takes.
-- The reason a play cannot be made: it needs t cards of letter k, and hand
-- and pool hold only held.
local function short_of(t, k, held)
  return string.format("the play needs %d %s card%s; your hand and the pool hold %d",
    t, LETTER[k], t == 1 and "" or "s", held)
end

local function assign_one(T, H, P)
  local from_hand, from_pool = zeros(), zeros()
  local forced_any, first_held = false, nil
  for k = 1, 26 do
    local t = T[k]
    if t > 0 then
      local p = P[k]
      if t > H[k] + p then return nil, short_of(t, k, H[k] + p) end
      local forced = t > p and t - p or 0
      from_hand[k], from_pool[k] = forced, t - forced
      if forced > 0 then
        forced_any = true
      elseif not first_held and H[k] > 0 then
        first_held = k
      end
    end
  end
  if not forced_any then
    if not first_held then return nil, "the word needs a letter from your hand" end
    from_hand[first_held], from_pool[first_held] = 1, from_pool[first_held] - 1
  end
  return from_hand, from_pool
end

-- Which cards a play takes, given the cards each word needs (a list of
-- counts: one word, or two with the V patent), the hand H and the pool P.
-- Pool cards go first, but every word takes at least one card from the
-- hand. Gives from_hand and from_pool (counts), or nil and a reason.
function M.assign(needs_list, H, P)
  if #needs_list == 1 then return assign_one(needs_list[1], H, P) end
  local T = zeros()
  for _, c in ipairs(needs_list) do
    for k = 1, 26 do T[k] = T[k] + c[k] end
  end
  for k = 1, 26 do
    if T[k] > H[k] + P[k] then return nil, short_of(T[k], k, H[k] + P[k]) end
  end
  -- the hand card of each word: the choice that takes the fewest hand cards
  -- beyond those the pool cannot give (the first such letter)
  local options = {}
  for i, c in ipairs(needs_list) do
    options[i] = hand_letters(c, H)
    if #options[i] == 0 then
      return nil, string.format("%s needs a letter from your hand", i == 1 and "the first word" or "the second word")
    end
  end
  local function cost(choice)
    local total = 0
    for j, k in ipairs(choice) do
      local d = (j == 2 and choice[1] == k) and 2 or 1
      local forced = math.max(T[k] - P[k], 0)
      if math.max(forced, d) > H[k] then return nil end
      if d > forced then total = total + 1 end
    end
    return total
  end
  local best, best_cost
  for _, a in ipairs(options[1]) do
    for _, b in ipairs(options[2]) do
      local c = cost({ a, b })
      if c and (not best_cost or c < best_cost) then best, best_cost = { a, b }, c end
    end
  end
  if not best then
    return nil, string.format("each word needs a letter from your hand, and your hand holds only one %s",
      char(options[1][1] + 64))
  end
  local demand = {}
  for _, k in ipairs(best) do demand[k] = (demand[k] or 0) + 1 end
  local from_hand, from_pool = zeros(), zeros()
  for k = 1, 26 do
    if T[k] > 0 then
      local h = math.max(T[k] - P[k], demand[k] or 0, 0)
      from_hand[k], from_pool[k] = h, T[k] - h
    end
  end
  return from_hand, from_pool
end

---------------------------------------------------------------- every legal play

-- A list of n answer texts made only when asked for: entry(k) gives the k-th.
-- The engine's random bot takes one entry of it; a person or another bot
-- gets it made whole. Hundreds of words are found in a turn, and making a
-- string of each cost more than finding them. The list holds n and entry;
-- one metatable serves every such list.
local Lazy = {
  __len = function(list) return list.n end,
  __index = function(list, k)
    if math.type(k) == "integer" and k >= 1 and k <= list.n then return list.entry(k) end
  end,
}

local function lazy(n, entry)
  return setmetatable({ n = n, entry = entry }, Lazy)
end

-- How many cards the counts W lack from `avail`, and the last letter short.
local function shortage(W, avail)
  local missing, short = 0, nil
  for k = 1, 26 do
    local d = W[k] - avail[k]
    if d > 0 then missing, short = missing + d, k end
  end
  return missing, short
end

-- The reading of a word found by the dictionary with the fewest abilities:
-- all cards; else the Z's S added; else a letter doubled by X (a letter of
-- this word, or of the other word's cards `cross`); else both. W (zeros on
-- entry) receives the cards the reading needs. Gives whether an S is added
-- and the doubled letter's code (or nil); or nil when no reading fits.
local function first_reading(w, W, avail, z_ok, x_ok, cross, min_cards)
  local n = #w
  -- most words fit the cards as they are: counted here, without a pass
  -- over the alphabet
  local fits = true
  for i = 1, n do
    local k = byte(w, i) - 64
    W[k] = W[k] + 1
    if W[k] > avail[k] then fits = false end
  end
  if fits then return false, nil end
  local missing, short = shortage(W, avail)
  local zs = z_ok and byte(w, n) == 83
  if zs then
    W[S] = W[S] - 1
    local m = shortage(W, avail)
    if m == 0 and n - 1 >= min_cards then return true, nil end
    W[S] = W[S] + 1
  end
  if x_ok then
    if missing == 1 and n - 1 >= min_cards and (W[short] >= 2 or (cross and cross[short] > 0)) then
      W[short] = W[short] - 1
      return false, short
    end
    if zs then
      W[S] = W[S] - 1
      local m, k = shortage(W, avail)
      if m == 1 and n - 2 >= min_cards and (W[k] >= 2 or (cross and cross[k] > 0)) then
        W[k] = W[k] - 1
        return true, k
      end
      W[S] = W[S] + 1
    end
  end
  return nil
end

local function clear(W, w)
  for i = 1, #w do W[byte(w, i) - 64] = 0 end
end

-- Every legal play of a seat, as canonical answer texts (as the word
-- request's validator gives them back: "word CAT", "word CAT+S", "word TOOT
-- x=T"), then "pass": each way the dictionary finds to form a word, which
-- uses the X and Z patents only where the cards fall short (a use by choice
-- is accepted when typed, but not listed). A word with a Y is listed once,
-- with the reading of Y that earns most, as the rules take it (y= may be
-- typed to choose otherwise). With the V patent each word comes once more
-- with " +": a second word follows, asked for next (M.seconds), or "pass"
-- plays the first alone. A lazy list (see lazy, and d:find's list of
-- answers), and entry_of: entry_of(k) gives the k-th play's entry {word, z,
-- x, y} and whether a second word follows (nil for "pass"), so that a play
-- picked from the list is read without its text.
-- ctx: dict, H and P (counts of hand and pool), x, z, v (patents owned),
-- min_letters, max_letters, min_cards, y_of(entry): the rules' reading of
-- the Ys of a word (or nil), and play_text(entries, open): the canonical text.
-- pick, the random bot's (see the engine's enumerators), if given: a list of
-- plain words is then counted, and only the word picked is found.
-- (The query is filled and read at once: one table serves every search.)
local QUERY = { hand = "", pool = "", min = 1, max = 1, min_cards = 0, need_hand = true,
                double = false, append_s = false }

function M.plays(ctx, pick)
  local x, z, y_of = ctx.x, ctx.z, ctx.y_of
  -- (no Y among the cards: no word asks the rules how to read one)
  if ctx.H[Y] + ctx.P[Y] == 0 then y_of = nil end
  local q = QUERY
  q.hand, q.pool, q.min, q.max, q.min_cards, q.double, q.append_s =
    ctx.H, ctx.P, ctx.min_letters, ctx.max_letters, ctx.min_cards, x, z
  -- most plays are a word of cards: then the list is the words found as
  -- answers (with V each again, with " +"), made by the dictionary, with
  -- no text until one is read
  local plain = not (x or z or y_of)
  local found, n
  if plain then
    found = ctx.dict:find(q, "word ", "pass", ctx.v and " +" or nil, pick)
    n = ctx.v and (#found - 1) // 2 or #found - 1
  else
    -- (its length as the list's below, for the random bot's pick; a search
    -- with X or Z is not counted first: it would walk again to find the
    -- word picked, which costs more than its list)
    found = ctx.dict:find(q, nil, "pass", ctx.v and " +" or nil, not (x or z) and pick or nil)
    n = ctx.v and (#found - 1) // 2 or #found - 1
  end
  local last = ctx.v and 2 * n + 1 or n + 1
  local word_of, how_of = found.word, found.how   -- (looked up once)
  local function entry(k)
    if k < 1 or k >= last then return nil end
    local open = k > n
    if open then k = k - n end
    local e = { word = word_of(found, k) }
    if x or z then
      local appended, doubled = how_of(found, k)
      e.z, e.x = appended or nil, doubled
    end
    -- (a second word leaves the Ys open, as the rules do)
    if y_of and not open and find(e.word, "Y", 1, true) then e.y = y_of(e) end
    return e, open
  end
  if plain then return found, entry end
  -- the canonical text, as ctx.play_text gives it for entry(k), made
  -- without the entry where no Y is read
  local list = lazy(last, function(k)
    if k == last then return "pass" end
    local open = k > n
    local i = open and k - n or k
    local w = word_of(found, i)
    local text = w
    local appended, doubled = how_of(found, i)
    if appended then text = sub(w, 1, -2) .. "+S" end
    if doubled then text = text .. " x=" .. doubled end
    if y_of and not open and find(w, "Y", 1, true) then
      local y = entry(k).y
      if y then text = text .. " y=" .. y end
    end
    return open and "word " .. text .. " +" or "word " .. text
  end)
  return list, entry
end

-- Every second word (the V patent) after the first entry `first` {word, z,
-- x} as canonical answer texts ("word CAT", "word CAT+S", "word TOOT x=T";
-- a word with a Y once, with the reading the rules take, as in M.plays),
-- then "pass" (the first word alone): the X and Z patents where the first
-- word did not use them and the cards fall short; with X the second word may
-- double a letter of the first word's cards. A lazy list, and entry_of:
-- entry_of(k) gives the k-th second word's entry {word, z, x} (nil for
-- "pass"). ctx.y_of_second(first, e), where ctx.y_of is given: the rules'
-- reading of the Ys of the second word e. pick, the random bot's, as for
-- M.plays: a list of plain words is then counted, and only the word picked
-- found.
function M.seconds(ctx, first, pick)
  local dict, H, P = ctx.dict, ctx.H, ctx.P
  local C1 = M.needs(first)
  local A, R = zeros(), zeros()
  for k = 1, 26 do
    A[k] = H[k] + P[k]
    R[k] = A[k] - C1[k]
  end
  local x_ok, z_ok = ctx.x and not first.x, ctx.z and not first.z
  local cross = x_ok and C1 or nil
  local y_of = ctx.y_of and ctx.y_of_second
  -- each word takes a card from the hand: when the first word can take only
  -- one letter of the hand, and the hand holds one card of it, that card is
  -- the first word's, and the second word needs another letter
  local h1, h1n = nil, 0
  for k = 1, 26 do
    if C1[k] > 0 and H[k] > 0 then h1, h1n = k, h1n + 1 end
  end
  local first_hand_card = (h1n == 1 and H[h1] < 2) and h1 or nil
  -- words of the cards left alone, none with a Y to read: the list is the
  -- dictionary's, as M.plays lists plain words, and the search itself
  -- keeps only words with a hand card (the first word's one is no hand
  -- letter then)
  local plain = not (x_ok or z_ok or (y_of and R[Y] > 0))
  -- the letters left; those the hand holds are hand letters (once each),
  -- so that the dictionary finds words with a possible hand card; with X,
  -- one more of each letter of the first word's cards, which may be doubled
  local hparts, pparts = {}, {}
  for k = 1, 26 do
    local r = R[k]
    if H[k] > 0 and r > 0 and not (plain and k == first_hand_card) then
      hparts[#hparts + 1] = char(k + 64)
      r = r - 1
    end
    if cross and C1[k] > 0 then r = r + 1 end
    if r > 0 then pparts[#pparts + 1] = string.rep(char(k + 64), r) end
  end
  local query = { hand = concat(hparts), pool = concat(pparts), min = ctx.min_letters,
                  max = ctx.max_letters, min_cards = ctx.min_cards, need_hand = true,
                  double = x_ok, append_s = z_ok }
  if plain then
    local found = dict:find(query, "word ", "pass", nil, pick)
    local words, word_of = #found - 1, found.word
    return found, function(k)
      if math.type(k) ~= "integer" or k < 1 or k > words then return nil end
      return { word = word_of(found, k) }
    end
  end
  -- the words kept, each with its reading: an added S, a doubled letter
  local kept, appended, doubled, n = {}, {}, {}, 0
  local W = zeros()
  for _, w in ipairs(dict:words(query)) do
    local z, x = first_reading(w, W, R, z_ok, x_ok, cross, ctx.min_cards)
    if z ~= nil then
      local hand_card = false
      for i = 1, #w do
        local k = byte(w, i) - 64
        if W[k] > 0 and H[k] > 0 and k ~= first_hand_card then
          hand_card = true
          break
        end
      end
      if hand_card then
        n = n + 1
        kept[n], appended[n], doubled[n] = w, z, x and LETTER[x] or false
      end
    end
    clear(W, w)
  end
  local function entry(k)
    if math.type(k) ~= "integer" or k < 1 or k > n then return nil end
    return { word = kept[k], z = appended[k] or nil, x = doubled[k] or nil }
  end
  local list = lazy(n + 1, function(k)
    if k == n + 1 then return "pass" end
    local w = kept[k]
    local text = "word " .. (appended[k] and sub(w, 1, -2) .. "+S" or w)
    if doubled[k] then text = text .. " x=" .. doubled[k] end
    if y_of and find(w, "Y", 1, true) then
      local y = y_of(first, entry(k))
      if y then text = text .. " y=" .. y end
    end
    return text
  end)
  return list, entry
end

---------------------------------------------------------------- word lists

-- The word list a game's option names, asked of game:dictionary at every
-- game: it reads a list again only when its file changed, so a game judges
-- words by the list that its save file's hash names. Kept by option value
-- too, for the greedy bot, which sees only its view and needs the list to
-- judge a challenge: shared read-only dictionaries, not game state.
local dictionaries = {}

function M.dictionary(game, name)
  local dict = game:dictionary(name)
  dictionaries[name] = dict
  return dict
end

-- The list a game of this definition loaded under that name, or nil.
function M.loaded_dictionary(name)
  return dictionaries[name]
end

---------------------------------------------------------------- discards

-- Every discard from a hand (the counts of its letters): "pass", then
-- "discard ..." for each distinct choice of letters, as a lazy list: the
-- i-th choice takes, of each letter, the digit of i - 1 written in the mixed
-- radix of (copies held + 1).
-- The texts are canonical (letters in alphabetical order), as the discard
-- request's validator gives them. Only the letters held are digits: a
-- hand holds a few of the 26. With `list` (a list made here before), that
-- list is made over: a discard is asked for every turn.
local Discards = {
  __len = function(list) return list.n end,
  __index = function(list, i)
    if math.type(i) ~= "integer" or i < 1 or i > list.n then return nil end
    if i == 1 then return "pass" end
    local letters, radices = list.letters, list.radices
    local rest, text = i - 1, "discard "
    for j = 1, list.digits do
      local radix = radices[j]
      local take = rest % radix
      rest = rest // radix
      if take == 1 then
        text = text .. letters[j]
      elseif take > 1 then
        text = text .. string.rep(letters[j], take)
      end
    end
    return text
  end,
}

function M.discards(held, list)
  if not list then list = setmetatable({ n = 1, digits = 0, letters = {}, radices = {} }, Discards) end
  local n, digits, letters, radices = 1, 0, list.letters, list.radices
  for k = 1, 26 do
    local h = held[k]
    if h > 0 then
      n, digits = n * (h + 1), digits + 1
      letters[digits], radices[digits] = LETTER[k], h + 1
    end
  end
  list.n, list.digits = n, digits
  return list
end

return M
