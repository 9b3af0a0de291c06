-- The greedy bot of Letter Tycoon: the play worth most this turn, counting
-- money and stock (with every doubling), the royalties it pays the others
-- (at half weight: they go to one opponent, not to all), and the patent the
-- play would let it buy. It buys the best patent it can, discards awkward
-- letters, and challenges only words that are not in the dictionary. It sees
-- only its view and the request's legal answers.

local M = {}

-- How awkward a letter is to keep in hand (higher: discard first).
local AWKWARD = { J = 3, K = 2, Q = 4, V = 3, X = 3, Z = 3, W = 1, F = 1, C = 1, B = 1, M = 1, P = 1 }
local VOWELS = { A = true, E = true, I = true, O = true, U = true }
local PLUS = string.byte("+")
local Q = string.byte("Q") - 64
local LETTER = {}   -- code -> letter
for k = 1, 26 do LETTER[k] = string.char(k + 64) end

-- Sorts the scored answers {text, worth}, most worth first, as
-- table.sort(scored, function(a, b) return a[2] > b[2] end) does: the
-- same quicksort (Lua 5.4's auxsort), whose order among equal worths is
-- its own, with the comparison written out, as a sort of hundreds of
-- answers by a Lua function is dear. Where table.sort would draw its
-- pivots at random (a partition too unequal), or finds the comparison
-- inconsistent, table.sort itself sorts them.
local function partition(a, lo, up, pivot)
  local i, j, v = lo, up - 1, pivot[2]
  while true do
    i = i + 1
    while a[i][2] > v do
      if i == up - 1 then return nil end
      i = i + 1
    end
    j = j - 1
    while v > a[j][2] do
      if j < i then return nil end
      j = j - 1
    end
    if j < i then
      a[up - 1], a[i] = a[i], pivot
      return i
    end
    a[i], a[j] = a[j], a[i]
  end
end

local function quicksort(a, lo, up)
  while lo < up do
    if a[up][2] > a[lo][2] then a[lo], a[up] = a[up], a[lo] end
    if up - lo == 1 then break end
    local p = (lo + up) // 2
    if a[p][2] > a[lo][2] then
      a[p], a[lo] = a[lo], a[p]
    elseif a[up][2] > a[p][2] then
      a[p], a[up] = a[up], a[p]
    end
    if up - lo == 2 then break end
    local pivot = a[p]
    a[p], a[up - 1] = a[up - 1], pivot
    p = partition(a, lo, up, pivot)
    if not p then return false end
    local smaller
    if p - lo < up - p then
      if not quicksort(a, lo, p - 1) then return false end
      smaller, lo = p - lo, p + 1
    else
      if not quicksort(a, p + 1, up) then return false end
      smaller, up = up - p, p - 1
    end
    if lo < up and (up - lo) // 128 > smaller then return false end
  end
  return true
end

function M.by_worth(scored)
  local as_given = table.move(scored, 1, #scored, 1, {})
  if #scored > 1 and not quicksort(scored, 1, #scored) then
    table.move(as_given, 1, #as_given, 1, scored)
    table.sort(scored, function(a, b) return a[2] > b[2] end)
  end
  return scored
end

-- Makes the bot from the game's pieces: rules, answers, words, deck.
function M.bot(ctx)
  local rules, answers, words, deck = ctx.rules, ctx.answers, ctx.words, ctx.deck
  -- whether the game plays the book's piece `name` (the state names those a
  -- house rule replaced: a simulation's counting wrappers are still the book's)
  local function book(view, name)
    local house = view.state.house_pieces
    return not (house and house[name])
  end
  local byte, find, sub = string.byte, string.find, string.sub

  -- What owning a patent is worth beyond its price: royalties from a common
  -- letter, or an ability.
  local cards_of = {}
  for _, card in ipairs(deck) do cards_of[card.letter] = (cards_of[card.letter] or 0) + 1 end
  local function patent_bonus(letter)
    return cards_of[letter] / 3 + (rules.abilities[letter] and 2 or 0)
  end
  local bonus = {}
  for letter in pairs(cards_of) do bonus[letter] = patent_bonus(letter) end

  local function hand_letters(view)
    local zone = view.zones[string.format("hand[%d]", view.seat)]
    local list = {}
    for i, id in ipairs(zone.cards or {}) do list[i] = deck[id].letter end
    return list
  end

  -- The letters on the cards an entry takes: its word less the Z's S and
  -- one copy of the X's letter.
  local function card_letters(e)
    local w = e.word
    if e.z then w = w:sub(1, -2) end
    if e.x then
      local i = find(w, e.x, 1, true)
      w = w:sub(1, i - 1) .. w:sub(i + 1)
    end
    return w
  end

  -- The appraiser of answers to the word request, for one decision: it gives
  -- an answer's money and stock, less half the royalties paid to others,
  -- plus what the best patent the play lets it buy is worth beyond its
  -- price. A request lists hundreds of words, so what is the same for all of
  -- them is looked up once, by byte: each letter's owner, price and bonus.
  local function appraiser(view, owns, doubling_owned, owner_of)
    local state, seat = view.state, view.seat
    local money_now, doubling = state.money[seat], state.doubling
    -- a bound on a word's worth by its length (most_worth) holds where the
    -- book scores plays (a Q doubles once), not under every house rule
    local bounded = book(view, "score_play") and (doubling_owned or book(view, "letter_doublings"))
    -- by letter code, A = 1: owner_of (given), price and bonus
    local price_of, bonus_of, patents = {}, {}, rules.patents
    for k = 1, 26 do
      local l = LETTER[k]
      price_of[k], bonus_of[k] = patents[l], bonus[l]
    end
    -- the letters a listed play's cards may have: those of hand and pool,
    -- where the book's rules list the plays; else any
    local book_lists = bounded and book(view, "ask_play") and book(view, "read_play")
    local rack = {}
    if book_lists then
      for _, name in ipairs({ string.format("hand[%d]", seat), "pool" }) do
        for _, id in ipairs(view.zones[name].cards or {}) do rack[#rack + 1] = deck[id].code end
      end
    else
      for k = 1, 26 do rack[k] = k end
    end
    -- the most a patent nobody owns adds, of those letters, with `budget`
    -- to buy it: with a word's money and stock, more than the word can be
    -- worth
    local bonus_upto = {}   -- budget -> bonus
    local function most_bonus(budget)
      local most = bonus_upto[budget]
      if not most then
        most = 0
        for _, k in ipairs(rack) do
          if not owner_of[k] and price_of[k] <= budget and bonus_of[k] > most then most = bonus_of[k] end
        end
        bonus_upto[budget] = most
      end
      return most
    end
    -- royalties paid and the best patent bonus, over the cards' letters in
    -- w (from its byte `from` to `to`: a word in an answer's text is read
    -- there, not copied out), with `budget` to buy a patent
    local function letters_value(w, budget, royalties, best_patent, from, to)
      for i = from or 1, to or #w do
        local k = byte(w, i) - 64
        local owner = owner_of[k]
        if owner then
          if owner ~= seat then royalties = royalties + 1 end
        elseif price_of[k] <= budget then
          local b = bonus_of[k]
          if b > best_patent then best_patent = b end
        end
      end
      return royalties, best_patent
    end

    -- money and stock of a word of n letters with q letter doublings (Q),
    -- without the B, J and K patents: asked of the rules once a decision
    local values = {}   -- q -> n -> {money, stock}
    local function word_money(n, q)
      local by_length = values[q]
      if not by_length then
        by_length = {}
        values[q] = by_length
      end
      local m = by_length[n]
      if not m then
        local money, stock = rules.word_value(n)
        local f = rules.multiplier(q, doubling)
        m = { money * f, stock * f }
        by_length[n] = m
      end
      return m[1], m[2]
    end

    -- the most a word of n letters can be worth: its money and stock with
    -- every doubling it could get (Q, and each of B, J and K owned), and the
    -- best patent that money would buy, as if it paid no royalties
    local worth_of = {}
    -- (the book's Q: a word of these cards has a Q only if they have one)
    local most_doublings = 1
    local no_q = book_lists and book(view, "letter_doublings")
    if no_q then
      most_doublings = 0
      for _, k in ipairs(rack) do
        if k == Q then most_doublings, no_q = 1, false end
      end
    end
    for _, p in ipairs({ "B", "J", "K" }) do
      if owns[p] then most_doublings = most_doublings + 1 end
    end
    local function most_worth(n)
      local most = worth_of[n]
      if most == nil then
        local money, stock = rules.word_value(n)
        for d = 0, most_doublings do
          local f = rules.multiplier(d, doubling)
          local m, s = money * f, stock * f
          local worth = m + s + most_bonus(money_now + m)
          if most == nil or worth > most then most = worth end
        end
        worth_of[n] = most
      end
      return most
    end

    -- money and stock of the word w with the B, J and K patents owned: as
    -- the book's score_play gives them for one word without a Y (the
    -- doublings it meets, and a Q), without the tables of its result
    local by_book = book(view, "score_play")
    local function doubled_money(w)
      if not by_book or find(w, "Y", 1, true) then
        local v = rules.score_play({ { word = w } }, owns, doubling)
        return v.money, v.stock
      end
      local set = rules.patent_doublings(w, false)
      local d = rules.letter_doublings(w) > 0 and 1 or 0
      if owns.B and set.B then d = d + 1 end
      if owns.J and set.J then d = d + 1 end
      if owns.K and set.K then d = d + 1 end
      return word_money(#w, d)
    end
    local q_by_book = book(view, "letter_doublings")

    -- a plain word: no Z, no X, one word, the bytes `from` to `to` of the
    -- text w (all of it if not given). With `floor`, nil for a word that
    -- cannot be worth `floor` or more (see most_worth), without weighing
    -- its letters.
    local function plain(w, floor, from, to)
      from, to = from or 1, to or #w
      local n = to - from + 1
      if floor and bounded and most_worth(n) < floor then return nil end
      local money, stock
      if doubling_owned then
        money, stock = doubled_money((from == 1 and to == #w) and w or sub(w, from, to))
      elseif no_q then
        money, stock = word_money(n, 0)
      elseif q_by_book then
        -- (the book's letter_doublings: a Q; none in "word " nor " +")
        money, stock = word_money(n, find(w, "Q", from, true) and 1 or 0)
      else
        money, stock = word_money(n, rules.letter_doublings((from == 1 and to == #w) and w or sub(w, from, to)))
      end
      if floor and money + stock + most_bonus(money_now + money) < floor then return nil end
      local royalties, best_patent = letters_value(w, money_now + money, 0, 0, from, to)
      return money + stock - royalties / 2 + best_patent
    end

    -- The most an answer whose text has n letters after its keyword can be
    -- worth (ceiling[n]), for a list the book's rules made (one word an
    -- answer, or with V " +"): its word has n letters at most. nil under
    -- house rules that list or score otherwise.
    local ceiling
    if book_lists then
      ceiling = setmetatable({ [0] = 0 }, { __index = function(most, n)
        if n < 0 then return 0 end
        local m = math.max(most[n - 1], most_worth(n))
        most[n] = m
        return m
      end })
    end

    return function(text, floor)
      -- a listed play is canonical ("word CAT"); a second word is bare
      if find(text, "^word %u+$") then return plain(text, floor, 6) end
      if find(text, "^%u+$") then return plain(text, floor) end
      local entries = answers.play(text)
      if entries == "pass" or not entries then return 0 end
      local v = rules.score_play(entries, owns, doubling)
      local royalties, best_patent = 0, 0
      for _, e in ipairs(entries) do
        royalties, best_patent = letters_value(card_letters(e), money_now + v.money, royalties, best_patent)
      end
      return v.money + v.stock - royalties / 2 + best_patent
    end, ceiling, plain
  end

  -- What the best plain second word is worth after the first word of an
  -- answer "WORD ... +", from the cards that word leaves (pool cards taken
  -- first): money and stock, a Q doubling it.
  local function second_value(view, text)
    local dict = words.loaded_dictionary(view.state.dictionary)
    if not dict then return 0 end
    local entries = answers.play(text)
    if type(entries) ~= "table" then return 0 end
    local needs = words.needs(entries[1])
    local H, P = words.zeros(), words.zeros()
    for _, id in ipairs(view.zones[string.format("hand[%d]", view.seat)].cards or {}) do
      H[deck[id].code] = H[deck[id].code] + 1
    end
    for _, id in ipairs(view.zones.pool.cards or {}) do
      P[deck[id].code] = P[deck[id].code] + 1
    end
    for k = 1, 26 do
      local from_pool = math.min(needs[k], P[k])
      P[k] = P[k] - from_pool
      H[k] = math.max(0, H[k] - (needs[k] - from_pool))
    end
    local best, doubling = 0, view.state.doubling
    -- the most a word of n letters can be worth (the book's Q doubles it
    -- once or not at all): a word that cannot beat the best is not weighed
    local most = {}
    local by_book = book(view, "letter_doublings")
    local list = dict:words { hand = H, pool = P, min = rules.min_letters, max = rules.max_letters,
                              min_cards = rules.min_cards, need_hand = true }
    for i = #list, 1, -1 do
      local w = list[i]
      local n = #w
      local m = most[n]
      if m == nil then
        local money, stock = rules.word_value(n)
        m = by_book and math.max((money + stock) * rules.multiplier(0, doubling),
                                 (money + stock) * rules.multiplier(1, doubling)) or math.huge
        most[n] = m
      end
      if m > best then
        local money, stock = rules.word_value(n)
        local v = (money + stock) * rules.multiplier(rules.letter_doublings(w), doubling)
        if v > best then best = v end
      end
    end
    return best
  end

  -- The letters to discard: awkward ones, a third copy, vowels beyond three
  -- or consonants beyond five.
  local function discards(letters, owns)
    local sorted = {}
    for i, l in ipairs(letters) do sorted[i] = l end
    table.sort(sorted, function(a, b)
      local wa, wb = AWKWARD[a] or 0, AWKWARD[b] or 0
      if wa ~= wb then return wa < wb end
      return a < b
    end)
    local out, copies, vowels, consonants = {}, {}, 0, 0
    for _, l in ipairs(sorted) do
      local awkward = (AWKWARD[l] or 0) >= 3 and not owns[l]
      if l == "Q" then
        awkward = true
        for _, m in ipairs(letters) do
          if m == "U" then awkward = false end
        end
      end
      copies[l] = (copies[l] or 0) + 1
      local vowel = VOWELS[l]
      if awkward or copies[l] > 2 or (vowel and vowels >= 3) or (not vowel and consonants >= 5) then
        out[#out + 1] = l
      elseif vowel then
        vowels = vowels + 1
      else
        consonants = consonants + 1
      end
    end
    return out
  end

  -- The most awkward letter of a hand (the first by awkwardness, in
  -- table.sort's order): what goes when the letters to discard are none.
  local function most_awkward(letters)
    local sorted = {}
    for i, l in ipairs(letters) do sorted[i] = l end
    table.sort(sorted, function(a, b) return (AWKWARD[a] or 0) > (AWKWARD[b] or 0) end)
    return sorted[1]
  end

  -- The patents the seat owns (a set of letters), whether it owns one that
  -- doubles a word (B, J, K), and with owner_of (a list by letter code) the
  -- owner of each letter's patent, or false.
  local function owned(view, owner_of)
    local set, seat = {}, view.seat
    for letter, owner in pairs(view.state.patents) do
      if owner == seat then set[letter] = true end
      if owner_of then owner_of[byte(letter) - 64] = owner end
    end
    return set, set.B or set.J or set.K or false
  end

  return function(view, request)
    local kind, list = request.kind, request.answers
    if kind == "word" or kind == "second word" then
      local owner_of = { false, false, false, false, false, false, false, false, false, false, false, false,
                         false, false, false, false, false, false, false, false, false, false, false, false,
                         false, false }
      local owns, doubling_owned = owned(view, owner_of)
      local appraise, ceiling, plain = appraiser(view, owns, doubling_owned, owner_of)
      -- the first answer worth most (more than 0), found from the last:
      -- the list puts longer words later, so that the worth of a long word
      -- rules out most short ones unweighed, by the length of their text
      -- (ceiling), or by their money and stock (appraise with a floor).
      -- The book's lists give the words shortest first (after them, with
      -- V, each again with " +"), and a text is no shorter than "word "
      -- and its word: so once a text's length rules it out, every word
      -- before it is ruled out too, and the rest of the list (a lazy list:
      -- the texts not made yet) is not read.
      local best, best_value = "pass", 0
      local opens = {}
      local keyword = 5   -- "word " before a listed play
      local may_open = kind == "word" and (owns.V or not ceiling)
      for i = #list, 1, -1 do
        local text = list[i]
        if text ~= "pass" then
          if may_open and byte(text, -1) == PLUS then   -- "WORD +": a second word follows
            opens[#opens + 1] = text
          elseif not ceiling or ceiling[#text - keyword] >= best_value then
            local v = appraise(text, best_value)
            if v and v > 0 and v >= best_value then best, best_value = text, v end
          else
            break
          end
        end
      end
      -- (in the list's order)
      for i = 1, #opens // 2 do
        local j = #opens + 1 - i
        opens[i], opens[j] = opens[j], opens[i]
      end
      -- with V: the first words worth most, each with the best second word
      -- the cards left would allow
      if #opens > 0 then
        local scored = {}
        for i, text in ipairs(opens) do
          -- (as appraise(text:sub(1, -3)) weighs it: a plain word as such,
          -- read in place)
          scored[i] = { text, find(text, "^word %u+ %+$") and plain(text, nil, 6, #text - 2)
                              or appraise(text:sub(1, -3)) }
        end
        M.by_worth(scored)
        for i = 1, math.min(5, #scored) do
          local v = scored[i][2] + second_value(view, scored[i][1])
          if v > best_value then best, best_value = scored[i][1], v end
        end
      end
      return best
    elseif kind == "buy" then
      local best, best_value = "pass", -1
      for _, text in ipairs(list) do
        local l = text:match("^buy (%u)$")
        if l then
          local v = rules.patents[l] + patent_bonus(l)
          if v > best_value then best, best_value = text, v end
        end
      end
      return best
    elseif kind == "discard" then
      local letters = hand_letters(view)
      local out = discards(letters, (owned(view)))
      -- a hand the turn left whole (no word from it: a pass) changes by a
      -- card at least, the most awkward one, as the hand kept whole may make
      -- no word again, and then for ever
      if #out == 0 and #letters >= view.state.hand_size then out[1] = most_awkward(letters) end
      return answers.discard_text(out)
    elseif kind == "penalty" or kind == "replace" then
      local letters = hand_letters(view)
      local out = discards(letters, (owned(view)))
      local worst = out[#out]
      if not worst then
        if kind == "replace" then return "pass" end
        worst = most_awkward(letters)
      end
      local want = kind == "penalty" and "discard " .. worst or "replace " .. worst
      for _, text in ipairs(list) do
        if text == want then return text end
      end
      return list[1]
    elseif kind == "challenge" then
      local dict = words.loaded_dictionary(view.state.dictionary)
      local play = view.state.play
      if dict and play then
        local entries = answers.play(play.text)
        if type(entries) == "table" then
          for _, e in ipairs(entries) do
            if not dict:contains(e.word) then return "challenge" end
          end
        end
      end
      return "pass"
    end
    return list[1]
  end
end

return M
