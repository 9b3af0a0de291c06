-- Letter Tycoon (Brad Brooks, 2013), after the rule book of the online version
-- (../shared/rules/letter-tycoon.de.txt). In short:
--   102 letter cards. Each player holds 7; a community pool of 3 lies open.
--   On your turn you may form a word of at least 3 letters from your hand and
--   the pool, with at least one card from your hand. It earns money and stock
--   by its length (the scoring table); a Q doubles it. The owners of the
--   patents of its letters earn $1 royalty per letter from the bank (not for
--   their own words, nor for letters that patents make). Then you may buy one
--   patent of a letter you played, if nobody owns it and you can pay; the S
--   patent needs a real S card. The pool is refilled, you may discard any
--   cards of your hand, and you draw back to 7.
--   Patent abilities, each once a turn: B, J, K double a word (it starts and
--   ends with a vowel; vowels are at least half of it; it has one vowel only);
--   Q replaces a card at the start of the turn; V allows two words; X uses a
--   card twice; Z appends an S. The player says whether a Y is a vowel.
--   Challenges: automatic (a play that is not in the dictionary may be tried
--   again, 3 times by default, then the turn is lost and a card discarded) or
--   by the players (a wrong challenge pays the player $1).
--   A player with patents worth the goal (and at least the goal's number of
--   patents) triggers the last round; after it, the highest total of patent
--   values, money and stock wins.
-- Where the rules are unclear, the choices made are rule pieces or options,
-- and docs/games/lettertycoon.md explains each.

local cards = require "cards"
local score = require "score"
local render = require "render"
local answers = require "answers"
local words = require "words"
local explain = require "explain"
local greedy = require "greedy"

local lettertycoon = {
  name = "lettertycoon",
  title = "Letter Tycoon",
  about = "spell words from your hand and a common pool; earn money and stock; buy letter patents",
  players = { min = 2, max = 5, default = 4 },
  options = {
    { name = "dictionary", type = "word_list", default = "sowpods",
      doc = "word list: sowpods, wordlist, or the path of a file with one word per line" },
    { name = "challenge", type = "choice", default = "automatic", choices = { "automatic", "players" },
      doc = "automatic: each play is checked, a wrong one may be tried again; players: the others may challenge" },
    { name = "retries", type = "integer", default = 3, min = 0, max = 20,
      doc = "automatic challenge: more tries after a play that is not in the dictionary" },
    { name = "doubling", type = "choice", default = "multiply", choices = { "multiply", "add", "one" },
      doc = "several doublings of one word: multiply (x2, x4, x8), add (x2, x3, x4), or one (at most x2)" },
    { name = "hand_size", type = "integer", default = 7, min = 3, max = 10,
      doc = "cards in a hand" },
    { name = "pool_size", type = "integer", default = 3, min = 0, max = 6,
      doc = "cards in the community pool" },
    { name = "idle_rounds", type = "integer", default = 0, min = 0, max = 1000,
      doc = "not in the book: end the game after this many whole rounds in a row without a word; 0: never" },
  },
  bots = {},
  -- what `cardlab play` shows under a typed request (docs/games/lettertycoon.md, "Answers")
  answer_forms = {
    word = "a WORD from your hand and the pool, or pass",
    ["second word"] = "a second WORD, or pass",
    discard = "discard and the letters of the cards, or pass",
  },
  -- how the web page draws the table (docs/web.md, "Presentation hints")
  presentation = {
    felt = "#1d4e6b", card_label = "letter", zones = { "deck", "pool", "discard", "words" },
    seat_state = { "money", "stock", "patents" },
    markers = { "last_round" }, stacked = { discard = true },
    -- the word on the table reads as played: its cards came from pool and hand apart
    spelled = { words = "play.text" },
    -- (the play of the turn under way, {seat, text}, reads "this turn: seat 1 · plays word
    -- EELPOUT": "on the table" would say it may be challenged, which only the players' challenge
    -- allows, and only while the others are asked)
    labels = { pool = "community pool", words = "words played", last_round = "reached the goal",
               goal = "to win: patents", count = "at least", value = "worth", play = "this turn",
               text = "plays", last = "last turn" },
    hidden = { dictionary = true, challenge = true, doubling = true },
  },
  -- what `cardlab bench` measures (the issue's target: 5,000 random playouts/s)
  bench = { { players = 4 }, { players = 4, bots = "greedy", games = 200 } },
  -- the search bot's games per decision: its default answers within 200 ms (docs/bots.md)
  search = { iterations = 30 },
}

---------------------------------------------------------------- the cards

-- The 102 letter cards and the price of each letter's patent (../shared/
-- data/CARDS.md), with the abilities of the patents that have one.
local LETTERS = {
  -- letter, cards, patent ($)
  { "A", 9, 8 }, { "B", 2, 2 }, { "C", 2, 3 }, { "D", 4, 4 }, { "E", 12, 10 },
  { "F", 2, 3 }, { "G", 3, 3 }, { "H", 4, 5 }, { "I", 9, 7 }, { "J", 1, 2 },
  { "K", 1, 2 }, { "L", 4, 4 }, { "M", 2, 3 }, { "N", 6, 7 }, { "O", 8, 7 },
  { "P", 2, 3 }, { "Q", 1, 2 }, { "R", 6, 6 }, { "S", 6, 6 }, { "T", 6, 8 },
  { "U", 4, 3 }, { "V", 2, 2 }, { "W", 2, 3 }, { "X", 1, 2 }, { "Y", 2, 3 },
  { "Z", 1, 2 },
}

local ABILITIES = {
  B = "doubles a word that starts and ends with a vowel",
  J = "doubles a word whose vowels are at least half of its letters",
  K = "doubles a word with only one vowel",
  Q = "may replace a card of your hand or the pool at the start of your turn",
  V = "may play two words",
  X = "may use one card twice",
  Z = "may add an S to the end of a word",
}

local kinds = {}
for _, l in ipairs(LETTERS) do
  kinds[#kinds + 1] = { count = l[2], name = l[1], letter = l[1], code = words.code(l[1]) }
end
local DECK = cards.list(kinds)
local CODE_OF_CARD = {}  -- card -> its letter's code (A = 1), for zone:tally
for id, card in ipairs(DECK) do CODE_OF_CARD[id] = card.code end
local LETTER_OF_CODE = words.letters  -- code -> letter
lettertycoon.cards = DECK

-- Money and stock a word earns by its length (longer words: the last row).
local WORD_VALUES = {
  -- letters = { money, stock }
  [3] = { 1, 0 }, [4] = { 2, 0 }, [5] = { 3, 0 }, [6] = { 4, 1 }, [7] = { 6, 1 },
  [8] = { 6, 2 }, [9] = { 6, 3 }, [10] = { 6, 4 }, [11] = { 6, 5 }, [12] = { 6, 6 },
}

-- The goal by the number of players: patents worth this much in all, and at
-- least this many of them.
local GOALS = {
  [2] = { value = 45, count = 6 },
  [3] = { value = 34, count = 5 },
  [4] = { value = 26, count = 3 },
  [5] = { value = 21, count = 3 },
}

---------------------------------------------------------------- the rules
-- Each piece may be replaced by a house-rule file (docs/games/lettertycoon.md).

local rules = {}
lettertycoon.rules = rules

rules.patents = {}        -- letter -> price
for _, l in ipairs(LETTERS) do rules.patents[l[1]] = l[3] end
rules.abilities = ABILITIES
rules.word_values = WORD_VALUES
rules.goals = GOALS
rules.vowels = "AEIOU"
rules.min_letters = 3     -- a word has at least 3 letters
rules.min_cards = 3       -- ... of which at least 3 are cards (not doubled by X nor added by Z)
-- the longest word looked for; nil: as long as the cards of hand and pool
-- make one (with a doubled letter and an added S: 12 letters in the book's
-- game, more under larger hand_size and pool_size options or edits), up to
-- the word list's own longest
rules.max_letters = nil

-- Whether a letter other than Y is a vowel (a Y is as the player says: see
-- y_is_vowel).
function rules.is_vowel(letter)
  return rules.vowels:find(letter, 1, true) ~= nil
end

-- Whether the j-th Y of a word is a vowel by the player's choice y: "vowel"
-- or "consonant" for every Y, or a letter v or c for each Y in turn ("cv");
-- nil (no choice asked for) is a consonant.
function rules.y_is_vowel(y, j)
  if y == "vowel" then return true end
  if y == nil or y == false or y == "consonant" then return false end
  return y:sub(j, j) == "v"
end

-- The number of Ys in a word.
function rules.y_count(word)
  return select(2, word:gsub("Y", ""))
end

local byte = string.byte
local BYTE_Y, BYTE_S = byte("Y"), byte("S")

-- rules.is_vowel of each letter A-Z but Y (y_is_vowel's), by byte: asked
-- again only when a house rule replaced is_vowel or vowels (the greedy bot
-- weighs hundreds of words), and in each game (setup forgets it), so that
-- a simulation counts the same calls of is_vowel in a game whichever games
-- its process played before.
local vowel_of = { is_vowel = nil, vowels = nil }
local function vowel_table()
  if vowel_of.is_vowel ~= rules.is_vowel or vowel_of.vowels ~= rules.vowels then
    vowel_of.is_vowel, vowel_of.vowels = rules.is_vowel, rules.vowels
    for b = 65, 90 do
      if b ~= BYTE_Y then vowel_of[b] = rules.is_vowel(string.char(b)) end
    end
  end
  return vowel_of
end

-- The patent abilities that would double a word (B, J, K), as a set, with
-- its Ys counted by the choice y (see y_is_vowel).
function rules.patent_doublings(word, y)
  local n, vowels, ys = #word, 0, 0
  local first, last
  local is_vowel = vowel_table()
  for i = 1, n do
    local b = word:byte(i)
    local vowel
    if b == BYTE_Y then
      ys = ys + 1
      vowel = rules.y_is_vowel(y, ys)
    else
      vowel = is_vowel[b]
    end
    if vowel then vowels = vowels + 1 end
    if i == 1 then first = vowel end
    if i == n then last = vowel end
  end
  local set = {}
  if first and last then set.B = true end
  if 2 * vowels >= n then set.J = true end
  if vowels == 1 then set.K = true end
  return set
end

-- The letter abilities that double a word: a Q.
function rules.letter_doublings(word)
  return word:find("Q", 1, true) and 1 or 0
end

-- The factor of n doublings, by the `doubling` option.
function rules.multiplier(n, doubling)
  if n == 0 then return 1 end
  if doubling == "add" then return 1 + n end
  if doubling == "one" then return 2 end
  return 1 << n
end

-- Money and stock of a word of n letters.
function rules.word_value(n)
  local row = rules.word_values[n]
  if not row then
    local longest = 0
    for len in pairs(rules.word_values) do
      if len > longest then longest = len end
    end
    row = n > longest and rules.word_values[longest] or { 0, 0 }
  end
  return row[1], row[2]
end

-- The values of the words of a play for a player owning the patents in
-- `owns` (a set of letters): each word's money, stock and doublings. Y counts
-- as a vowel or not as each entry says; where an entry leaves it open (nil),
-- and where two words could each take a doubling ability, the choice that
-- earns most is made (money and stock together, then money, then the first
-- word). Gives {money, stock, words = {{money, stock, doublings}}, y = {...}}.
local DOUBLING_PATENTS = { "B", "J", "K" }

-- Every choice for n Ys: "consonant", then those with one vowel, and so on,
-- earlier Ys consonants first; "vowel" last. Of choices that earn the same,
-- score_play keeps the first.
function rules.y_choices(n)
  if n == 1 then return { "consonant", "vowel" } end
  local list = {}
  for bits = 0, (1 << n) - 1 do
    local letters = {}
    for j = 1, n do letters[j] = (bits >> (n - j)) & 1 == 1 and "v" or "c" end
    list[#list + 1] = table.concat(letters)
  end
  local function vowels(p) return select(2, p:gsub("v", "")) end
  table.sort(list, function(a, b)
    if vowels(a) ~= vowels(b) then return vowels(a) < vowels(b) end
    return a < b
  end)
  list[1], list[#list] = "consonant", "vowel"
  return list
end

-- score_play for one word: each doubling ability owned applies when the word
-- meets its condition, so no ability is to be shared out. The same result,
-- without the search over assignments that two words need; most plays have
-- one word.
local function score_word(e, ychoices, owns, doubling)
  local word = e.word
  local money, stock = rules.word_value(#word)
  local q = rules.letter_doublings(word) > 0
  -- the first choice of Y that earns most: money and stock, then money
  local best_m, best_s, best_y, best_set
  for _, y in ipairs(ychoices) do
    local set = rules.patent_doublings(word, y)
    local n = q and 1 or 0
    for _, p in ipairs(DOUBLING_PATENTS) do
      if owns[p] and set[p] then n = n + 1 end
    end
    local f = rules.multiplier(n, doubling)
    local m, s = money * f, stock * f
    if not best_m or m + s > best_m + best_s or (m + s == best_m + best_s and m > best_m) then
      best_m, best_s, best_y, best_set = m, s, y, set
    end
  end
  local doublings = {}
  if q then doublings[1] = "Q" end
  for _, p in ipairs(DOUBLING_PATENTS) do
    if owns[p] and best_set[p] then doublings[#doublings + 1] = p end
  end
  return { money = best_m, stock = best_s, words = { { money = best_m, stock = best_s, doublings = doublings } },
           y = { best_y } }
end

function rules.score_play(entries, owns, doubling)
  if not (owns.B or owns.J or owns.K) then
    -- no choice to make: only a Q doubles
    local total_money, total_stock, values, ys = 0, 0, {}, {}
    for i = 1, #entries do
      local word = entries[i].word
      local money, stock = rules.word_value(#word)
      local q = rules.letter_doublings(word)
      local f = rules.multiplier(q, doubling)
      money, stock = money * f, stock * f
      values[i] = { money = money, stock = stock, doublings = q > 0 and { "Q" } or {} }
      total_money, total_stock = total_money + money, total_stock + stock
      ys[i] = false   -- nothing asks whether Y is a vowel
    end
    return { money = total_money, stock = total_stock, words = values, y = ys }
  end
  local ychoices = {}
  for i, e in ipairs(entries) do
    if e.y then
      ychoices[i] = { e.y }
    elseif e.word:find("Y", 1, true) and (owns.B or owns.J or owns.K) then
      ychoices[i] = rules.y_choices(rules.y_count(e.word))
    else
      ychoices[i] = { false }
    end
  end
  if #entries == 1 then return score_word(entries[1], ychoices[1], owns, doubling) end
  local best
  local n = #entries
  local ys = {}
  local function evaluate()
    local sets = {}
    for i, e in ipairs(entries) do sets[i] = rules.patent_doublings(e.word, ys[i]) end
    -- each owned doubling ability goes to one word: every assignment
    local abilities = {}
    for _, p in ipairs(DOUBLING_PATENTS) do
      if owns[p] then abilities[#abilities + 1] = p end
    end
    local assign = {}
    local function go(a)
      if a > #abilities then
        local result = { money = 0, stock = 0, words = {}, y = {} }
        for i, e in ipairs(entries) do
          local doublings = {}
          if rules.letter_doublings(e.word) > 0 then doublings[#doublings + 1] = "Q" end
          for j, p in ipairs(abilities) do
            if assign[j] == i then doublings[#doublings + 1] = p end
          end
          local money, stock = rules.word_value(#e.word)
          local f = rules.multiplier(#doublings, doubling)
          result.words[i] = { money = money * f, stock = stock * f, doublings = doublings }
          result.money, result.stock = result.money + money * f, result.stock + stock * f
          result.y[i] = ys[i]
        end
        if not best or result.money + result.stock > best.money + best.stock
          or (result.money + result.stock == best.money + best.stock and result.money > best.money) then
          best = result
        end
        return
      end
      local used = false
      for i = 1, n do
        if sets[i][abilities[a]] then
          assign[a] = i
          used = true
          go(a + 1)
        end
      end
      if not used then
        assign[a] = nil
        go(a + 1)
      end
    end
    go(1)
  end
  local function choose(i)
    if i > n then return evaluate() end
    for _, y in ipairs(ychoices[i]) do
      ys[i] = y
      choose(i + 1)
    end
  end
  choose(1)
  return best
end

local book_score_play = rules.score_play
-- The book's pieces whose shortcuts the greedy bot takes (its bound on a
-- word's worth, the rack's letters), as the script defines them.
local BOOK_PIECES = { score_play = rules.score_play, letter_doublings = rules.letter_doublings,
                      ask_play = rules.ask_play, read_play = rules.read_play }

-- The royalties of a play: owner seat -> dollars, $1 for each card of a
-- letter whose patent another player owns. `cards` counts the letters on the
-- cards played (not the X's second copy, not the Z's S).
function rules.royalties(patents, seat, played)
  local pay = {}
  for k = 1, 26 do
    local cards = played[k]
    if cards > 0 then
      local owner = patents[LETTER_OF_CODE[k]]
      if owner and owner ~= seat then pay[owner] = (pay[owner] or 0) + cards end
    end
  end
  return pay
end

-- The patents a player may buy after a play: of a letter on a card played
-- (so an S added by Z never allows the S patent), owned by nobody, and paid
-- for with the money the player has.
function rules.buyable(patents, money, played)
  local list = {}
  for k = 1, 26 do
    if played[k] > 0 then
      local letter = LETTER_OF_CODE[k]
      if not patents[letter] and rules.patents[letter] <= money then list[#list + 1] = letter end
    end
  end
  return list
end

-- The goal of the game for this many players.
function rules.goal(players)
  return rules.goals[players]
end

-- The value and number of a seat's patents.
function rules.patent_worth(patents, seat)
  local value, count = 0, 0
  for letter, owner in pairs(patents) do
    if owner == seat then value, count = value + rules.patents[letter], count + 1 end
  end
  return value, count
end

function rules.goal_reached(game, seat)
  local goal = rules.goal(game.players)
  local value, count = rules.patent_worth(game.state.patents, seat)
  return value >= goal.value and count >= goal.count
end

---------------------------------------------------------------- setup

-- The pieces of BOOK_PIECES a house rule replaced, as a set, or nil (a book
-- game): seen through a simulation's counting wrappers (game:uncounted).
local function house_pieces(game)
  local house
  for name, book in pairs(BOOK_PIECES) do
    if game:uncounted(rules[name]) ~= book then house = house or {}; house[name] = true end
  end
  return house
end

-- Why an answer is refused, for people: at the buy request (with the buying),
-- the penalty and the Q patent's replace request (with the challenges, below).
local refusal_of_buy, refusal_of_penalty, refusal_of_replace

function lettertycoon.setup(game)
  local deck = game:zone("deck", { visibility = "count", face = "down" })
  game:zone("pool", { visibility = "everyone" })
  game:zone("hand", { per_seat = true, visibility = "owner" })
  game:zone("words", { visibility = "everyone" })   -- the cards of the play on the table
  game:zone("discard", { visibility = "everyone" })
  game.dict = words.dictionary(game, game.options.dictionary)
  game.zones.box:move_all(deck)
  game:shuffle(deck)
  vowel_of.is_vowel = nil   -- (asked anew in each game: see vowel_table)
  deck:deal(game.zones.hand, game.options.hand_size)
  game:draw(deck, game.zones.pool, game.options.pool_size)
  local state = game.state
  state.money, state.stock = {}, {}
  for seat = 1, game.players do state.money[seat], state.stock[seat] = 0, 0 end
  state.patents = {}            -- letter -> seat
  local goal = rules.goal(game.players)
  state.goal = { value = goal.value, count = goal.count }
  state.doubling = game.options.doubling
  state.challenge = game.options.challenge
  state.dictionary = game.options.dictionary
  state.hand_size = game.options.hand_size
  state.last_round = false      -- the seat that reached the goal
  -- the pieces of BOOK_PIECES a house rule replaced, for the greedy bot,
  -- which takes the book's shortcuts only where they hold: seen through a
  -- simulation's counting wrappers (game:uncounted), which the bot cannot
  -- see through (it compared the pieces themselves, and in `cardlab sim`
  -- weighed every word, a third as fast); only then, so a book game's state
  -- is as it was
  state.house_pieces = house_pieces(game)
  state.play = nil              -- the play on the table: {seat =, text =}
  state.last = nil              -- what the last turn did, one line
  state.final = nil             -- at the end: {totals =, patent_values =, tie_break =} for describe
  -- the letters on the cards just played, while a patent may be bought: for
  -- the buy request's explainer, made once (rules.buy_patent)
  game.buy_played = nil
  -- the play the rules put on the table, {seat, text, cards, play, scored}, and the first
  -- word of a V play while its second is asked, {seat, first}: what
  -- lettertycoon.edited holds an edit to
  game.on_table, game.second_word = nil, nil
  game.refusal_of_buy = function(text, seat, legal) return refusal_of_buy(game, text, seat, legal) end
  game.refusal_of_penalty = function(text, seat) return refusal_of_penalty(game, text, seat) end
  game.refusal_of_replace = function(text, seat) return refusal_of_replace(game, text, seat) end
end

---------------------------------------------------------------- helpers

local function letter_of(id) return DECK[id].letter end

-- The text of a whole number, as %d writes it: made once for the numbers a
-- game writes every turn (the last turn, the prices in the buy request),
-- which string.format would write again each time.
local NUMBER_TEXT = {}
for n = 0, 255 do NUMBER_TEXT[n] = string.format("%d", n) end
local function number_text(n)
  return NUMBER_TEXT[n] or string.format("%d", n)
end

-- Letter counts of a zone.
local function zone_counts(zone)
  return zone:tally(CODE_OF_CARD, 26)
end

local function owned_set(patents, seat)
  local set = {}
  for letter, owner in pairs(patents) do
    if owner == seat then set[letter] = true end
  end
  return set
end

-- Draws from the deck; when it is empty, the discard pile is shuffled into a
-- new deck, which is said (the deck's count jumps). (game:draw, less the
-- checks of its arguments.)
local function draw(game, to, n)
  if n <= 0 then return 0 end
  local zones = game.zones
  local deck, pile = zones.deck, zones.discard
  if deck:count() < n and pile:count() > 0 then
    local n_pile = pile:count()
    game:say("the deck runs out: the %s of the discard pile %s shuffled into it", render.count(n_pile),
      n_pile == 1 and "is" or "are")
  end
  return deck:draw(to, n, game.rng, pile, 0)
end

-- What the enumerators need to know of a seat's cards and patents (of
-- these only X, Z and V change which plays are legal).
-- With the patents owned (owns), and the rules' reading of the Ys of a
-- word (y_of), for the canonical texts of the plays listed.
-- One per game, brought up to date at each request for a word: a list
-- made for one request is not read at the next.
local function play_context(game, seat)
  local ctx = game.play_context
  if not ctx then
    ctx = { dict = game.dict, H = words.zeros(), P = words.zeros(), play_text = answers.play_text }
    game.play_context = ctx
  end
  local patents = game.state.patents
  game.zones.hand[seat]:tally(CODE_OF_CARD, 26, ctx.H)
  game.zones.pool:tally(CODE_OF_CARD, 26, ctx.P)
  local owns = owned_set(patents, seat)
  ctx.owns, ctx.x, ctx.z, ctx.v = owns, patents.X == seat, patents.Z == seat, patents.V == seat
  ctx.min_letters, ctx.max_letters, ctx.min_cards = rules.min_letters, rules.max_letters, rules.min_cards
  -- (the book's score_play reads a Y only for the B, J and K patents; a
  -- simulation that counts its calls wraps it: game:uncounted sees through)
  if owns.B or owns.J or owns.K or game:uncounted(rules.score_play) ~= book_score_play then
    local doubling = game.options.doubling
    ctx.y_of = function(e) return rules.score_play({ e }, owns, doubling).y[1] or nil end
    -- (a second word is read with the first: a doubling goes to one of them)
    ctx.y_of_second = function(first, e) return rules.score_play({ first, e }, owns, doubling).y[2] or nil end
  else
    ctx.y_of = false
  end
  return ctx
end

---------------------------------------------------------------- a play

-- The example a refused play gives, legal now: the first the list of legal
-- plays holds (a shortest word, as the prompt's), or of second words after
-- the entry `first` (the V patent); then "or 'pass'". Made only for a
-- refusal: it asks the dictionary.
local function play_example(game, seat, first)
  local ctx = play_context(game, seat)
  local list = first and words.seconds(ctx, first) or words.plays(ctx)
  local example = explain.first_with(list, "word ")
  if not example then return "or 'pass': no word fits your cards now" end
  return string.format("e.g. '%s', or 'pass'", example)
end

-- The play read with abilities its text does not name, where the reading as
-- typed failed: fewest abilities first, an added S (Z) before a doubled
-- letter (X). free_z, free_x: the text names no +S, no x=. Gives the play or
-- nil.
local function other_reading(game, seat, list, H, P, owns, free_z, free_x)
  -- one reading: the entries with the word zi's S added by Z and the letter
  -- xi = {word, letter} doubled by X (false: none)
  local function try(zi, xi)
    local entries = {}
    for i, e in ipairs(list) do
      entries[i] = { word = e.word, z = e.z or zi == i, x = e.x or (xi and xi[1] == i and xi[2]) or nil,
                     y = e.y }
    end
    return (rules.check_play(game, seat, entries, H, P, owns, list.open))
  end
  local zs, xs = {}, {}
  if free_z and owns.Z then
    for i, e in ipairs(list) do
      if not e.fixed and e.word:sub(-1) == "S" then zs[#zs + 1] = i end
    end
  end
  if free_x and owns.X then
    for i, e in ipairs(list) do
      local seen = {}
      for j = 1, e.fixed and 0 or #e.word do
        local l = e.word:sub(j, j)
        if not seen[l] then
          seen[l] = true
          xs[#xs + 1] = { i, l }
        end
      end
    end
  end
  for _, zi in ipairs(zs) do
    local play = try(zi, false)
    if play then return play end
  end
  for _, xi in ipairs(xs) do
    local play = try(false, xi)
    if play then return play end
  end
  for _, zi in ipairs(zs) do
    for _, xi in ipairs(xs) do
      local play = try(zi, xi)
      if play then return play end
    end
  end
end

-- Reads a play for `seat` from its text, as the cards and patents allow. The
-- dictionary is not asked here: that is the challenge. With `first` (an
-- entry read before, which " +" left open for a second word: the V patent)
-- the text is the second word. Gives the play {pass = true} or {entries,
-- text, open, second, played (counts of the letters on cards), from_hand,
-- from_pool, value}, or nil and a reason.
function rules.read_play(game, seat, text, first)
  local list, err, example = answers.play(text)
  if not list then return nil, example and err .. ", " .. play_example(game, seat, first) or err end
  if list == "pass" then return { pass = true, text = "pass" } end
  local owns = owned_set(game.state.patents, seat)
  if first then
    if #list ~= 1 or list.open then return nil, "give the second word only, " .. play_example(game, seat, first) end
    list = { { word = first.word, z = first.z, x = first.x, y = first.y, fixed = true }, list[1] }
  end
  -- (the keyword is optional, so 'discard CAT' typed here reads as two words)
  if #list > 2 then
    return nil, "at most two words (with the V patent); expected a word, " .. play_example(game, seat)
  end
  if (#list == 2 or list.open) and not owns.V then
    return nil, "two words need the V patent; expected one word, " .. play_example(game, seat)
  end
  local explicit_z, explicit_x = 0, 0
  for _, e in ipairs(list) do
    if e.z then
      if not owns.Z then return nil, "adding an S (+S) needs the Z patent" end
      explicit_z = explicit_z + 1
    end
    if e.x then
      if not owns.X then return nil, "doubling a letter (x=) needs the X patent" end
      explicit_x = explicit_x + 1
    end
    if e.y then
      local ys = rules.y_count(e.word)
      if ys == 0 then return nil, string.format("%s has no Y to count (y=)", e.word) end
      if e.y ~= "vowel" and e.y ~= "consonant" then
        if #e.y ~= ys then
          return nil, string.format("y=%s gives %d choices for the %d Y%s of %s", e.y, #e.y, ys,
            ys == 1 and "" or "s", e.word)
        end
        -- the same for every Y: logged as such
        if not e.y:find("c", 1, true) then
          e.y = "vowel"
        elseif not e.y:find("v", 1, true) then
          e.y = "consonant"
        end
      end
    end
  end
  if explicit_z > 1 then return nil, "the Z patent adds one S a turn" end
  if explicit_x > 1 then return nil, "the X patent doubles one letter a turn" end
  -- (counted into tables of the game's own: the play keeps neither)
  local counts = game.read_counts
  if not counts then
    counts = { words.zeros(), words.zeros() }
    game.read_counts = counts
  end
  local H = game.zones.hand[seat]:tally(CODE_OF_CARD, 26, counts[1])
  local P = game.zones.pool:tally(CODE_OF_CARD, 26, counts[2])
  -- the reading as typed; if it fails, those with abilities the text leaves out
  local play, why = rules.check_play(game, seat, list, H, P, owns, list.open)
  if not play then
    play = other_reading(game, seat, list, H, P, owns, explicit_z == 0, explicit_x == 0)
    if not play then return nil, why end
  end
  if first then play.second = play.entries[2] end
  return play
end
local standard_read_play = rules.read_play

-- Checks one reading of a play (entries with z and x decided) against the
-- rules and the cards; gives the play or nil and a reason. `open`: a second
-- word follows, so Y stays open unless the entry says.
function rules.check_play(game, seat, entries, H, P, owns, open)
  local count = #entries
  local needs_list = {}
  for i = 1, count do
    local e = entries[i]
    local word = e.word
    local letters = #word
    if e.z and byte(word, letters) ~= BYTE_S then
      local name = count == 1 and "the word" or (i == 1 and "the first word" or "the second word")
      return nil, name .. " must end with the S the Z patent adds"
    end
    if letters < rules.min_letters then
      return nil, string.format("%s has %d letter%s; a word has at least %d", word, letters,
        letters == 1 and "" or "s", rules.min_letters)
    end
    local needs, n = words.needs(e)
    if not needs then return nil, string.format("%s has no %s to double", word, e.x) end
    if n < rules.min_cards then
      return nil, string.format("%s takes %d cards; a word needs at least %d real cards", word, n, rules.min_cards)
    end
    needs_list[i] = needs
  end
  -- the letters on the cards played, for royalties and buying
  local played = needs_list[1]
  if count == 2 then
    local a, b = needs_list[1], needs_list[2]
    played = words.zeros()
    for k = 1, 26 do played[k] = a[k] + b[k] end
  end
  -- a doubled letter is a copy of a card of the play (with two words, of
  -- either word)
  for i = 1, count do
    local x = entries[i].x
    if x and played[byte(x) - 64] == 0 then
      return nil, string.format("x=%s doubles a card, but no %s card is played", x, x)
    end
  end
  local from_hand, from_pool = words.assign(needs_list, H, P)
  if not from_hand then return nil, from_pool end
  local value = rules.score_play(entries, owns, game.options.doubling)
  local final = {}
  for i = 1, count do
    local e = entries[i]
    local y = e.y
    if not open then y = value.y[i] or nil end
    final[i] = { word = e.word, z = e.z or nil, x = e.x or nil, y = y }
  end
  return { entries = final, text = answers.play_text(final, open), open = open, played = played,
           from_hand = from_hand, from_pool = from_pool, value = value }
end


-- Whether every word of the play is in the dictionary.
function rules.in_dictionary(game, play)
  for _, e in ipairs(play.entries) do
    if not game.dict:contains(e.word) then return false, e.word end
  end
  return true
end

-- The cards of a zone, for the discard (no request comes while they are in
-- use, so one serves every game).
local ids_scratch = {}

-- Moves the cards of a play from pool and hand onto the table (the first
-- cards of each letter, as many as the play takes); gives their ids, the
-- pool's first, and how many of them the pool's.
local function take_cards(game, seat, play)
  local zones = game.zones
  local taken, from_pool = zones.pool:take(zones.words, CODE_OF_CARD, play.from_pool, "bottom")
  zones.hand[seat]:take(zones.words, CODE_OF_CARD, play.from_hand, "bottom", taken)
  game.state.play = { seat = seat, text = play.text }
  -- what the rules put on the table, to which `edited` holds the state's
  -- play and the zone words: the play's cards leave it by the rules alone
  game.on_table = { seat = seat, text = play.text, cards = taken, play = play }
  return taken, from_pool
end

local function give_back(game, seat, taken, from_pool)
  local pool, hand = game.zones.pool, game.zones.hand[seat]
  for i, id in ipairs(taken) do (i <= from_pool and pool or hand):insert(id, "bottom") end
  game.state.play, game.on_table = nil, nil
end

---------------------------------------------------------------- challenges

-- The automatic challenge: the play stands if its words are in the
-- dictionary.
function rules.automatic_challenge(game, seat, play)
  local ok, word = rules.in_dictionary(game, play)
  if not ok then game:say("seat %d: %s is not in the dictionary", seat, word) end
  return ok
end

-- A wrong challenge: the challenger pays the player $1 (the player takes it
-- from the bank if the challenger has nothing).
function rules.wrong_challenge(game, challenger, seat)
  local money = game.state.money
  if money[challenger] > 0 then money[challenger] = money[challenger] - 1 end
  money[seat] = money[seat] + 1
  game:say("seat %d challenges and is wrong: seat %d gets $1", challenger, seat)
end

-- Why an answer to the players' challenge is refused: a slip of one of its
-- two answers ('chalenge', 'pas') is told that answer; nil otherwise (a yes
-- or a no the engine reads itself).
local function refusal_of_challenge(text)
  local typed, verb = explain.words(text)
  local slip = #typed == 1 and explain.slip_of(verb, { "challenge", "pass" })
  if slip then return string.format("say '%s'", slip) end
end

-- The challenge's answers, the same after any edit (the refresh says so, for
-- the REPL not to call them stale; a request is asked with a list of its own,
-- into which a refresh's answers are copied).
local CHALLENGE_ANSWERS = { "pass", "challenge" }
local function challenge_answers() return CHALLENGE_ANSWERS end

-- The players' challenge: each other player in turn may challenge. A right
-- challenge (a word not in the dictionary) voids the play; a wrong one costs
-- the challenger (rules.wrong_challenge). Gives whether the play stands.
function rules.players_challenge(game, seat, play)
  for _, other in ipairs(game.seats:order(game.seats:after(seat))) do
    if other ~= seat then
      local prompt = string.format("seat %d plays %s: challenge it?", seat, play.text)
      if game:ask(other, "challenge", prompt, { CHALLENGE_ANSWERS[1], CHALLENGE_ANSWERS[2] }, refusal_of_challenge,
          challenge_answers) == "challenge" then
        local ok, word = rules.in_dictionary(game, play)
        if not ok then
          game:say("seat %d challenges: %s is not in the dictionary", other, word)
          return false
        end
        rules.wrong_challenge(game, other, seat)
        return true
      end
    end
  end
  return true
end

-- The penalty of a play that failed its challenge: discard one card.
function rules.penalty(game, seat)
  local hand = game.zones.hand[seat]
  -- one answer for each letter of the hand, made again after an edit while
  -- it is asked (a letter moved out of the hand is no longer offered)
  local function choices()
    local letters, seen = {}, {}
    for _, id in ipairs(hand:cards()) do
      local l = letter_of(id)
      if not seen[l] then
        seen[l] = true
        letters[#letters + 1] = "discard " .. l
      end
    end
    table.sort(letters)
    return letters
  end
  local letters = choices()
  if #letters == 0 then return end
  local answer = game:ask(seat, "penalty", "your play failed: discard one card", letters, game.refusal_of_penalty,
    choices)
  local l = answer:sub(-1)
  -- (no card of it only when an edit emptied the hand while it was asked:
  -- the answers stay those before, and there is nothing to discard)
  for _, id in ipairs(hand:cards()) do
    if letter_of(id) == l then
      game.zones.discard:insert(id)
      return
    end
  end
end

-- The letter of one card in `counts` (the first in the alphabet), for the
-- examples of a refusal; nil for none.
local function first_letter(counts)
  for k = 1, 26 do
    if counts[k] > 0 then return words.letter(k) end
  end
end

-- The typed letter of a one-card answer ("discard Q"), upper case; or nil
-- and "several" (more than one letter named) or "none" (no letter).
local function one_letter(word, rest)
  if rest or (word and #word > 1 and word:match("^%a+$")) then return nil, "several" end
  if not word or not word:match("^%a$") then return nil, "none" end
  return word:upper()
end

-- Why a penalty discard is refused, for a person who typed it: the rule
-- book's penalty is one card of the hand ("muss zur Strafe eine Karte
-- ablegen"), and the rest of the turn is lost. nil where there is nothing to
-- add.
local PENALTY_KEYWORDS = { "discard", "pass", "word", "buy" }
function refusal_of_penalty(game, text, seat)
  local typed, verb = explain.words(text)
  verb = explain.slip_of(verb, PENALTY_KEYWORDS) or verb   -- 'dsicard Q' reads as 'discard Q'
  local have = zone_counts(game.zones.hand[seat])
  local example = string.format("'discard %s'", first_letter(have))
  local word, rest
  if verb == "discard" then
    word, rest = typed[2], typed[3]
  elseif #typed == 1 and typed[1]:match("^%a$") then
    word = typed[1]
  elseif verb == "pass" then
    return "a play that failed its challenge costs one card of your hand: discard one, e.g. " .. example
  elseif verb == "word" or verb == "buy" then
    return "the play failed its challenge: the rest of the turn is lost, and one card is discarded, e.g. " .. example
  else
    return nil
  end
  local letter, wrong = one_letter(word, rest)
  if wrong == "several" then return "the penalty is one card: name one letter, e.g. " .. example end
  if not letter then return "name the letter of the card you discard, e.g. " .. example end
  if have[words.code(letter)] == 0 then return "your hand holds no " .. letter end
  return string.format("say 'discard %s'", letter)
end

---------------------------------------------------------------- a turn

-- The Q patent: at the start of the turn, one card of the hand or the pool
-- may go to the discard pile, replaced from the deck.
function rules.replace_card(game, seat)
  local hand, pool = game.zones.hand[seat], game.zones.pool
  -- the answers and the card each names, made again after an edit while the
  -- request waits (the card named is then the one where it is now)
  local function choices()
    local list, seen = {}, {}
    for _, spec in ipairs({ { hand, "replace " }, { pool, "replace pool " } }) do
      for _, id in ipairs(spec[1]:cards()) do
        local text = spec[2] .. letter_of(id)
        if not seen[text] then
          seen[text] = id
          list[#list + 1] = text
        end
      end
    end
    table.sort(list)
    table.insert(list, 1, "pass")
    return list, seen
  end
  local list = choices()
  if #list == 1 then return end
  local answer = game:ask(seat, "replace", "Q patent: replace a card of your hand or the pool?", list,
    game.refusal_of_replace, function() return (choices()) end)
  if answer == "pass" then return end
  local _, seen = choices()
  local id = seen[answer]
  local zone = answer:find("pool", 1, true) and pool or hand
  game.zones.discard:insert(id)
  draw(game, zone, 1)
  game:say("seat %d replaces %s%s", seat, letter_of(id), zone == pool and " in the pool" or "")
end

-- Why a Q patent replacement is refused, for a person who typed it: the card
-- named is not in the hand, or not in the pool ("replace pool E"); the
-- patent replaces one card, and before the word. nil where there is nothing
-- to add.
local REPLACE_KEYWORDS = { "replace", "pool", "pass", "discard", "word" }
function refusal_of_replace(game, text, seat)
  local typed, verb = explain.words(text)
  -- a slip of a keyword ('replce E') reads as the keyword
  local slip = explain.slip_of(verb, REPLACE_KEYWORDS)
  verb = slip or verb
  if verb == "pass" then return "say 'pass'" end
  if verb == "word" then
    return "first the Q patent: replace a card of your hand or the pool, or 'pass'; then you form a word"
  end
  if verb ~= "replace" and verb ~= "pool" and verb ~= "discard" then return nil end
  local hand, pool = zone_counts(game.zones.hand[seat]), zone_counts(game.zones.pool)
  local in_hand, in_pool = first_letter(hand), first_letter(pool)
  if #typed == 1 and verb ~= "pool" then
    local examples = {}
    if in_hand then examples[1] = string.format("'replace %s' for a card of your hand", in_hand) end
    if in_pool then examples[#examples + 1] = string.format("'replace pool %s' for one of the pool", in_pool) end
    return "name the letter of the card: " .. table.concat(examples, ", ")
  end
  -- the zone: "pool E", "replace pool E", "replace hand E" or "replace E";
  -- then the letter, at typed[at]
  local zone, at = "hand", 2
  local named = explain.slip_of(typed[2], { "pool", "hand" })
  slip = slip or named
  named = named or (typed[2] and typed[2]:lower())
  if verb == "pool" then
    zone = "pool"
  elseif named == "pool" or named == "hand" then
    zone, at = named, 3
  end
  local of_pool, named_hand = zone == "pool", zone == "hand" and at == 3
  if of_pool and not in_pool then
    return "the pool is empty" .. (in_hand and string.format("; 'replace %s' replaces a card of your hand", in_hand) or "")
  end
  if not of_pool and not in_hand then
    return "your hand is empty; " .. string.format("'replace pool %s' replaces a card of the pool", in_pool)
  end
  local example = of_pool and string.format("'replace pool %s'", in_pool) or string.format("'replace %s'", in_hand)
  local letter, wrong = one_letter(typed[at], typed[at + 1])
  if wrong == "several" then return "the Q patent replaces one card: name one letter, e.g. " .. example end
  if not letter then return "name the letter of the card, e.g. " .. example end
  local k = words.code(letter)
  if of_pool and pool[k] == 0 then
    return "the pool holds no " .. letter
      .. (hand[k] > 0 and string.format("; your hand holds one: 'replace %s'", letter) or "")
  elseif not of_pool and hand[k] == 0 then
    return "your hand holds no " .. letter
      .. (pool[k] > 0 and string.format("; the pool holds one: 'replace pool %s'", letter) or "")
  end
  local answer = string.format("'replace %s%s'", of_pool and "pool " or "", letter)
  if named_hand then return "a card of your hand is named without 'hand': " .. answer end
  -- the rule book's words: the card is discarded, and another drawn
  if verb == "discard" then return "say " .. answer .. ": the card is discarded and another drawn in its place" end
  if verb == "pool" or slip then return "say " .. answer end
  return nil
end

-- The reason a play is refused, with a hint when the text was the keyword
-- alone: the keyword is optional, so "word" is the word WORD, and the reason
-- (no O card, say) would baffle.
local LATER = {
  buy = "a patent is bought after your word stands",
  discard = "you discard at the end of your turn",
  challenge = "the other players challenge your word after you play it",
  replace = "the Q patent replaces a card at the start of your turn, before the word",
}
-- The keywords a slip of which the reason names ('wrod QUID', 'by S',
-- 'pas'), where the text, read as words, failed.
local PLAY_KEYWORDS = { "word", "words", "pass", "buy", "discard", "challenge", "replace" }

local function refusal(game, seat, text, why, first)
  local typed, verb = explain.words(text)
  local keyword = answers.keyword_alone(text)
  local slip = not keyword and explain.slip_of(verb, PLAY_KEYWORDS)
  -- a slip of the keyword 'word' that is a word itself (LORD, WARD) may
  -- have been meant as one
  if (slip == "word" or slip == "words") and game.dict:contains(verb:upper()) then slip = nil end
  if (slip == "word" or slip == "words") and #typed == 1 then
    keyword = typed[1]
  elseif slip == "word" or slip == "words" then
    -- the rest as the play it would be with the keyword
    local meant = "word " .. table.concat(typed, " ", 2)
    local play, why_meant = rules.read_play(game, seat, meant, first)
    if not play then return string.format("'%s' was read as a word; if you meant 'word': %s", typed[1], why_meant) end
    return string.format("'%s' was read as a word; if you meant 'word', say '%s'", typed[1],
      first and "word " .. answers.entry_text(play.second) or play.text)
  elseif slip == "pass" and #typed == 1 then
    return string.format("%s; '%s' was read as the word %s: to pass, say 'pass'", why, typed[1], verb:upper())
  end
  if not keyword then
    -- the keyword of another request (or a slip of it), read as a word that
    -- failed: most likely not meant as one
    local later = LATER[verb] and verb or LATER[slip] and slip
    if later then
      -- (a reason about two words would only puzzle: the text was no word)
      return string.format("%s'%s' was read as a word, but %s%s: type your word, %s",
        #typed == 1 and why .. "; " or "", later == verb and verb or typed[1],
        later == verb and "" or "if you meant '" .. later .. "', ", LATER[later], play_example(game, seat, first))
    end
    return why
  end
  return string.format("%s; '%s' alone is read as the word %s: type the word you mean, %s",
    why, keyword, keyword:upper(), play_example(game, seat, first))
end

-- Asks for a play: a word, or with the V patent two words (in one answer,
-- or the first with " +" and the second in a request of its own). Gives the
-- play, or {pass = true}.
function rules.ask_play(game, seat, prompt)
  -- the validator keeps what it read: the accepted answer is read once
  local read, ctx, listed, entry_of
  local text, k = game:text(seat, "word", prompt,
    function(t)
      local play, why = rules.read_play(game, seat, t)
      if not play then return nil, refusal(game, seat, t, why) end
      read = play
      return play.text
    end,
    function(pick)
      ctx = play_context(game, seat)
      listed, entry_of = words.plays(ctx, pick)
      -- the list vouches for its plays while the rules read a play as it
      -- lists them (a house rule's read_play may refuse more)
      return listed, game:uncounted(rules.read_play) == standard_read_play
    end)
  local play
  if k then
    -- picked from the list: checked once by the rules, from its entry
    local e, open = entry_of(k)
    if not e then return { pass = true, text = "pass" } end
    play = assert(rules.check_play(game, seat, { e }, ctx.H, ctx.P, ctx.owns, open or nil))
  else
    play = (read and read.text == text) and read or assert(rules.read_play(game, seat, text))
  end
  if not play.open then return play end
  local first = play.entries[1]
  local second_of
  -- (while it is asked, `edited` holds an edit to leave the first word playable)
  game.second_word = { seat = seat, first = first }
  local second, k2 = game:text(seat, "second word",
    string.format("V patent: a second word after %s, or pass", first.word),
    function(t)
      local p, why = rules.read_play(game, seat, t, first)
      if not p then return nil, refusal(game, seat, t, why, first) end
      if p.pass then return "pass" end
      return "word " .. answers.entry_text(p.second)
    end,
    function(pick)
      ctx = play_context(game, seat)
      local list
      list, second_of = words.seconds(ctx, first, pick)
      return list, game:uncounted(rules.read_play) == standard_read_play
    end)
  game.second_word = nil
  if k2 then
    -- picked from the list: checked once by the rules, from its entries
    -- (the first word's as read_play takes it)
    local e = second_of(k2)
    local entries = { { word = first.word, z = first.z, x = first.x, y = first.y, fixed = e and true or nil }, e }
    local p = rules.check_play(game, seat, entries, ctx.H, ctx.P, ctx.owns, nil)
    if p then
      if e then p.second = p.entries[2] end
      return p
    end
  end
  if second == "pass" then
    return assert(rules.read_play(game, seat, answers.play_text({ first })))
  end
  return assert(rules.read_play(game, seat, second, first))
end

-- Asks for a play until one stands, the player passes, or the play fails its
-- challenge. Gives the play that stands and the cards taken, or nil and
-- "pass" or "failed".
function rules.play_words(game, seat)
  local tries = 0
  local prompt = "form a word from your hand and the pool, or pass"
  while true do
    local play = rules.ask_play(game, seat, prompt)
    if play.pass then return nil, "pass" end
    if game.options.challenge == "players" then
      local taken, from_pool = take_cards(game, seat, play)
      if rules.players_challenge(game, seat, play) then return play, taken end
      give_back(game, seat, taken, from_pool)
      rules.penalty(game, seat)
      return nil, "failed"
    end
    if rules.automatic_challenge(game, seat, play) then
      return play, (take_cards(game, seat, play))
    end
    tries = tries + 1
    if tries > game.options.retries then
      rules.penalty(game, seat)
      return nil, "failed"
    end
    local left = game.options.retries - tries + 1
    prompt = string.format("%s is not in the dictionary; %d %s left: form a word, or pass",
      play.text, left, left == 1 and "try" or "tries")
  end
end

-- What doubled the words of a play, for people: "" if nothing did, else
-- " (doubled by the B patent)", " (x4: its Q and the K patent)", or with
-- two words (V) the word each doubling went to.
local function doublings_text(game, play)
  local parts = {}
  for i, v in ipairs(play.value.words) do
    local n = #v.doublings
    if n > 0 then
      local by = {}
      for j, d in ipairs(v.doublings) do by[j] = d == "Q" and "its Q" or "the " .. d .. " patent" end
      local text = n == 1 and "doubled by " .. by[1]
        or string.format("x%d: %s", rules.multiplier(n, game.options.doubling), render.spoken(by, "and"))
      parts[#parts + 1] = #play.entries > 1 and play.entries[i].word .. " " .. text or text
    end
  end
  return #parts > 0 and " (" .. table.concat(parts, "; ") .. ")" or ""
end

-- Money and stock for the words of a play that stands.
function rules.score(game, seat, play)
  local state = game.state
  state.money[seat] = state.money[seat] + play.value.money
  state.stock[seat] = state.stock[seat] + play.value.stock
  -- (made only for people: a simulation counts the rule pieces' calls)
  if game.narrate then
    game:say("seat %d plays %s: $%d and %d stock%s", seat, play.text, play.value.money, play.value.stock,
      doublings_text(game, play))
  end
end

function rules.pay_royalties(game, seat, play)
  local money = game.state.money
  for owner, dollars in pairs(rules.royalties(game.state.patents, seat, play.played)) do
    money[owner] = money[owner] + dollars
    game:say("seat %d earns $%d in royalties", owner, dollars)
  end
end

-- The buy request's answers (pass, buy L for each letter buyable) and its
-- prompt, with the seat's money and the prices: "buy S" stays the answer text.
local BUY = {}   -- letter -> its answer text
for _, l in ipairs(LETTERS) do BUY[l[1]] = "buy " .. l[1] end

local function buy_offer(state, seat, letters)
  local list, prices = { "pass" }, {}
  for i = 1, #letters do
    local l = letters[i]
    list[i + 1] = BUY[l] or "buy " .. l
    prices[i] = l .. " $" .. number_text(rules.patents[l])
  end
  if #letters == 0 then
    return list, "no patent you can buy: you have $" .. number_text(state.money[seat])
  end
  return list, "buy a patent? you have $" .. number_text(state.money[seat]) .. " (" .. table.concat(prices, ", ") .. ")"
end

-- One patent of a letter played, if the player wants it.
function rules.buy_patent(game, seat, play)
  local state = game.state
  local letters = rules.buyable(state.patents, state.money[seat], play.played)
  if #letters == 0 then return end
  local list, prompt = buy_offer(state, seat, letters)
  game.buy_played = play.played
  -- an edit made while the patent is offered (:set, a scenario's set-up; the
  -- money, the patents owned) asks again with the letters buyable then, and
  -- the money and prices in the prompt
  local function refresh()
    return buy_offer(state, seat, rules.buyable(state.patents, state.money[seat], play.played))
  end
  local answer = game:ask(seat, "buy", prompt, list, game.refusal_of_buy, refresh)
  game.buy_played = nil
  if answer == "pass" then return end
  local letter = answer:sub(-1)
  state.money[seat] = state.money[seat] - rules.patents[letter]
  state.patents[letter] = seat
  game:say("seat %d buys the %s patent for $%d", seat, letter, rules.patents[letter])
  return letter
end

-- Why "buy X" is refused, for a person who typed it: what rules.buyable
-- decided, in words (a letter not on a card just played, a patent owned,
-- one too dear), or the answer a slip of its keyword meant; nil where there
-- is nothing to add.
local BUY_KEYWORDS = { "buy", "pass", "word", "discard" }
function refusal_of_buy(game, text, seat, legal)
  local typed, verb = explain.words(text)
  -- a slip of a keyword ('by S', 'pas') reads as the keyword
  local slip = explain.slip_of(verb, BUY_KEYWORDS)
  verb = slip or verb
  if verb == "no" or verb == "none" or verb == "skip" or verb == "done" or verb == "pass" then
    return "say 'pass' to buy no patent"
  elseif verb == "word" then
    return "your word is played: now buy a patent of a letter of it, or 'pass'"
  elseif verb == "discard" then
    return "first the patent: buy one, or 'pass'; you discard after it"
  elseif verb ~= "buy" then
    return nil
  end
  local letter = typed[2] and typed[2]:upper()
  local patents, money = game.state.patents, game.state.money[seat]
  if not letter or #typed > 2 or not letter:match("^%u$") then
    -- an example legal now (an edit at the request may have left none)
    local buyable = rules.buyable(patents, money, game.buy_played or words.zeros())
    if not buyable[1] then return "no patent can be bought now: 'pass'" end
    return string.format("name one letter, e.g. 'buy %s'", buyable[1])
  end
  if not game.buy_played or game.buy_played[words.code(letter)] == 0 then
    return string.format("a patent is bought for a letter on a card of the play; no %s card was played", letter)
  elseif patents[letter] == seat then
    return string.format("you own the %s patent already", letter)
  elseif patents[letter] then
    return string.format("seat %d owns the %s patent", patents[letter], letter)
  elseif rules.patents[letter] > money then
    return string.format("the %s patent costs $%d; you have $%d", letter, rules.patents[letter], money)
  end
  local answer = "buy " .. letter
  for _, t in ipairs(slip and legal or {}) do
    if t == answer then return string.format("say '%s'", answer) end
  end
end

function rules.refill_pool(game)
  draw(game, game.zones.pool, game.options.pool_size - game.zones.pool:count())
end

-- Any cards of the hand to the discard pile.
local DISCARD_KEYWORDS = { "discard", "pass" }
function rules.discard(game, seat)
  local hand = game.zones.hand[seat]
  if hand:count() == 0 then return end
  local function validate(t)
    local list, why = answers.discard(t)
    if not list then
      -- an example legal now: a letter of the hand (an edit at the
      -- request may have emptied it)
      local letter = first_letter(zone_counts(hand))
      if not letter then return nil, why .. "; your hand is empty now: 'pass'" end
      return nil, string.format("%s, e.g. 'discard %s', or 'pass'", why, letter)
    end
    if list == "pass" then return "pass" end
    local have, named = zone_counts(hand), words.zeros()
    for _, l in ipairs(list) do
      local k = words.code(l)
      if have[k] == 0 then
        -- "no more" only when the hand held some, fewer than named
        return nil, string.format("your hand holds no %s%s", named[k] > 0 and "more " or "", l)
      end
      have[k], named[k] = have[k] - 1, named[k] + 1
    end
    return answers.discard_text(list)
  end
  local text = game:text(seat, "discard", "discard any cards of your hand, or pass",
    function(t)
      local answer, why = validate(t)
      if answer then return answer end
      -- a slip of a keyword ('dsicard QX', 'pas'): the answer it meant
      local typed, verb = explain.words(t)
      local slip = explain.slip_of(verb, DISCARD_KEYWORDS)
      if slip == "pass" and #typed == 1 then return nil, "say 'pass'" end
      if slip ~= "discard" then return nil, why end
      local meant, why_meant = validate("discard " .. table.concat(typed, " ", 2))
      if not meant then return nil, "if you meant 'discard': " .. why_meant end
      return nil, string.format("say '%s'", meant)
    end,
    -- canonical and legal, as the validator would give them back
    function()
      local list = game.discard_list
      if not list then
        list = words.discards(words.zeros())
        game.discard_list, game.discard_held = list, words.zeros()
      end
      return words.discards(hand:tally(CODE_OF_CARD, 26, game.discard_held), list), true
    end)
  if text == "pass" then return end
  -- each letter after "discard ": the first card of it in the hand not yet
  -- discarded
  local ids, pile = hand:cards(ids_scratch), game.zones.discard
  for i = 9, #text do
    local k = byte(text, i) - 64
    for j = 1, #ids do
      local id = ids[j]
      if id and CODE_OF_CARD[id] == k then
        pile:insert(id)
        ids[j] = false
        break
      end
    end
  end
end

function rules.refill_hand(game, seat)
  local hand = game.zones.hand[seat]
  draw(game, hand, game.options.hand_size - hand:count())
end

-- One turn of `seat`. Gives true if a word was played.
function rules.turn(game, seat)
  local state = game.state
  if state.patents.Q == seat then rules.replace_card(game, seat) end
  local play, taken_or_why = rules.play_words(game, seat)
  local last
  if play then
    local taken = taken_or_why
    rules.score(game, seat, play)
    -- (scored: an edit from now on no longer changes what it earns)
    if game.on_table then game.on_table.scored = true end
    rules.pay_royalties(game, seat, play)
    local bought = rules.buy_patent(game, seat, play)
    local pile = game.zones.discard
    for i = 1, #taken do pile:insert(taken[i]) end
    state.play, game.on_table = nil, nil
    last = "seat " .. number_text(seat) .. " played " .. play.text .. " for $" .. number_text(play.value.money)
      .. " and " .. number_text(play.value.stock) .. " stock" .. (bought and ", bought " .. bought or "")
  elseif taken_or_why == "failed" then
    state.last = "seat " .. number_text(seat) .. ": the play failed its challenge"
    rules.refill_hand(game, seat)
    return false
  else
    last = "seat " .. number_text(seat) .. " passed"
  end
  rules.refill_pool(game)
  rules.discard(game, seat)
  rules.refill_hand(game, seat)
  -- (once the turn is over: at its own discard the player's table still
  -- shows the turn before as the last)
  state.last = last
  return play ~= nil
end

---------------------------------------------------------------- the game

-- The totals at the end: patent values, money and stock.
function rules.totals(game)
  local totals, patent_values = {}, {}
  for seat = 1, game.players do
    patent_values[seat] = rules.patent_worth(game.state.patents, seat)
    totals[seat] = patent_values[seat] + game.state.money[seat] + game.state.stock[seat]
  end
  return totals, patent_values
end

-- The winners: the highest total; a tie goes to the higher patent value;
-- players tied on both share the win.
function rules.winners(totals, patent_values)
  local best = score.winners(totals)
  if #best == 1 then return best end
  local values = {}
  for i, seat in ipairs(best) do values[i] = patent_values[seat] end
  local top = score.winners(values)
  local list = {}
  for _, i in ipairs(top) do list[#list + 1] = best[i] end
  return list
end

-- "seat 1", "seats 1 and 3".
local function seat_list(seats)
  local list = {}
  for i, s in ipairs(seats) do list[i] = tostring(s) end
  return (#seats == 1 and "seat " or "seats ") .. render.spoken(list, "and")
end

-- One line for people when the highest total is tied: whether the patent
-- value broke the tie (rules.winners), or the tied players share the win;
-- nil without a tie. A house rule that replaces `winners` should replace this too.
function rules.tie_break(totals, patent_values, winners)
  local tied = score.winners(totals)
  if #tied == 1 then return nil end
  local head = string.format("%s tie at %d", seat_list(tied), totals[tied[1]])
  local value = patent_values[winners[1]]
  if #winners == #tied then
    return string.format("%s, and on patent value ($%d each): they share the win", head, value)
  end
  local others, seen = {}, {}
  for _, seat in ipairs(winners) do seen[seat] = true end
  for _, seat in ipairs(tied) do
    if not seen[seat] then others[#others + 1] = "$" .. patent_values[seat] end
  end
  local against = render.spoken(others, "and")
  if #winners == 1 then
    return string.format("%s; seat %d wins the tie with patents worth $%d, against %s", head,
      winners[1], value, against)
  end
  return string.format("%s; %s share the win with patents worth $%d each, against %s", head,
    seat_list(winners), value, against)
end

-- Whether every patent has an owner. With the book's prices someone has
-- then reached the goal; under a house rule's (cheaper patents, a dearer
-- goal) nobody may, and with nothing left to buy the game ends.
local function every_patent_owned(game)
  local patents = game.state.patents
  for letter in pairs(rules.patents) do
    if not patents[letter] then return false end
  end
  return true
end

-- Whether the turn that just ended is the round's last: the turn passes next
-- to the start player (as seats:next() would give it, extra and lost turns
-- counted, without moving it).
local function round_is_over(seats)
  local seat = seats:current()
  if seats:extras(seat) > 0 then return false end
  local owed = {}
  while true do
    seat = seats:after(seat)
    local skips = owed[seat] or seats:skips(seat)
    if skips == 0 then return seat == seats:start() end
    owed[seat] = skips - 1
  end
end

-- The book ends the game only when a player reaches the goal. A table that
-- passes to fish for letters goes on; the option idle_rounds (off unless
-- set) ends a game after that many whole rounds in a row without a word:
-- like the book's end, at the end of a round, so every seat has had as many
-- turns. So does a round in which the last patent was bought, if nobody
-- reached the goal. The end is seen before the turn passes on: the seats'
-- round, which the tables show, stays the last one played.
function lettertycoon.play(game)
  local seats, state = game.seats, game.state
  local seat = seats:current()
  local idle_rounds = game.options.idle_rounds
  local idle, word_this_round = 0, false
  local reason, stopped
  while true do
    if rules.turn(game, seat) then word_this_round = true end
    if not state.last_round and rules.goal_reached(game, seat) then
      state.last_round = seat
      game:say("seat %d reaches the goal: this is the last round", seat)
    end
    if round_is_over(seats) then
      if state.last_round then
        reason = string.format("seat %d reached the goal; the last round is over", state.last_round)
        break
      end
      if every_patent_owned(game) then
        reason = "every patent is owned and nobody reached the goal"
        game:say("%s: the game ends", reason)
        break
      end
      idle = word_this_round and 0 or idle + 1
      word_this_round = false
      if idle_rounds > 0 and idle >= idle_rounds then
        reason, stopped = string.format("no word for %d round%s", idle_rounds, idle_rounds == 1 and "" or "s"), true
        break
      end
    end
    seat = seats:next()
  end
  local totals, values = rules.totals(game)
  local winners = rules.winners(totals, values)
  -- for the final table (describe): the totals' parts, and what broke a tie
  state.final = { totals = totals, patent_values = values,
                  tie_break = rules.tie_break(totals, values, winners) or false }
  if state.final.tie_break then game:say("%s", state.final.tie_break) end
  local result = score.result(winners, totals, reason)
  -- for simulations: a game stopped for want of words is counted apart
  result.limit = stopped
  return result
end

-- A seat's standing during the game, for a simulation's lead changes and
-- drama: the total the final scoring would give now (patents, money, stock).
function lettertycoon.standing(game, seat)
  return rules.totals(game)[seat]
end

-- Every seat's standing at once, from one total of all seats (which a
-- simulation reads each round: standing, seat by seat, totalled them all
-- for each seat).
function lettertycoon.standings(game, into)
  local totals = rules.totals(game)
  for seat = 1, game.players do into[seat] = totals[seat] end
  return into
end

---------------------------------------------------------------- the table at a glance

local WIDTH = 78   -- columns of a line at the terminal

-- Items after a head, joined by ", " on lines of at most WIDTH columns; the
-- lines after the first are indented by four.
local function wrapped(head, items)
  local lines, line = {}, head
  for i, item in ipairs(items) do
    local piece = (i < #items) and item .. "," or item
    if i > 1 and #line + 1 + #piece > WIDTH then
      lines[#lines + 1] = line
      line = "    " .. piece
    else
      line = line .. " " .. piece
    end
  end
  lines[#lines + 1] = line
  return lines
end

-- The patents nobody owns, grouped by price, cheapest first: {"$2 B J",
-- "$3 C"}; so a player sees what to save up for (the buy request offers
-- only what the money covers).
local function for_sale(patents)
  local by_price, prices = {}, {}
  for letter, price in pairs(rules.patents) do
    if not patents[letter] then
      if not by_price[price] then
        by_price[price] = {}
        prices[#prices + 1] = price
      end
      table.insert(by_price[price], letter)
    end
  end
  table.sort(prices)
  local groups = {}
  for i, price in ipairs(prices) do
    table.sort(by_price[price])
    groups[i] = string.format("$%d %s", price, table.concat(by_price[price], " "))
  end
  return groups
end

function lettertycoon.describe(view, deck)
  local state = view.state
  -- the cards of a zone, or "empty" (a bare "pool: " reads as a slip)
  local function names(zone)
    local list = {}
    for i, id in ipairs(zone and zone.cards or {}) do list[i] = id == 0 and "?" or deck[id].name end
    return #list > 0 and table.concat(list, " ") or "empty"
  end
  local lines = {
    string.format("round %d%s. goal: patents worth $%d, at least %d. deck: %s. pool: %s",
      view.round, state.last_round and " (the last round)" or "", state.goal.value, state.goal.count,
      render.count(view.zones.deck.count), names(view.zones.pool)),
  }
  if state.play then
    -- on the table while the others are asked to challenge it; else (the
    -- automatic challenge, or the buy after the players' challenge) it stands
    local challenged = view.request and view.request.kind == "challenge"
    lines[#lines + 1] = string.format("  %s: seat %d plays %s", challenged and "on the table" or "this turn",
      state.play.seat, state.play.text)
  end
  if state.last then lines[#lines + 1] = "  last turn: " .. state.last end
  for seat = 1, view.players do
    local owned = {}
    for letter, owner in pairs(state.patents) do
      if owner == seat then owned[#owned + 1] = letter end
    end
    table.sort(owned)
    local value = 0
    for _, l in ipairs(owned) do value = value + rules.patents[l] end
    local hand = view.zones[string.format("hand[%d]", seat)]
    lines[#lines + 1] = string.format("  seat %d%s: $%d, %d stock, patents %s ($%d). hand: %s", seat,
      seat == view.seat and " (you)" or "", state.money[seat], state.stock[seat],
      #owned > 0 and table.concat(owned, " ") or "none", value,
      (hand.cards or hand.count == 0) and names(hand) or render.count(hand.count))
  end
  local final = state.final
  if final then
    -- the totals split into their parts, and what broke a tie
    lines[#lines + 1] = "  final scores:"
    for seat = 1, view.players do
      lines[#lines + 1] = string.format("    seat %d: patents $%d + money $%d + stock %d = %d", seat,
        final.patent_values[seat], state.money[seat], state.stock[seat], final.totals[seat])
    end
    if final.tie_break then lines[#lines + 1] = "  " .. final.tie_break end
  else
    local groups = for_sale(state.patents)
    if #groups == 0 then groups = { "none" } end
    for _, line in ipairs(wrapped("  patents for sale:", groups)) do lines[#lines + 1] = line end
  end
  return lines
end

---------------------------------------------------------------- bots

lettertycoon.bots.greedy = greedy.bot {
  rules = rules, answers = answers, words = words, deck = DECK,
}

---------------------------------------------------------------- edits

-- The game's own edits (god mode, docs/repl.md).
-- the options' values in the state are there for the table and the bots to
-- read; the rules read the options, so an edit of them is refused; so is the
-- goal's copy, which the rules read from rules.goal (a house rule changes it)
lettertycoon.fixed_state = { "doubling", "challenge", "dictionary", "hand_size", "goal" }

-- After every edit: what the rules keep of a turn under way must still hold,
-- else the edit is refused (an error here), with what to do instead.
local function refuse(fmt, ...)
  error(string.format(fmt, ...), 0)
end

local function same_set(a, b)
  if a == nil or b == nil then return a == b end
  for k in pairs(a) do if b[k] ~= true then return false end end
  for k in pairs(b) do if a[k] ~= true then return false end end
  return true
end

function lettertycoon.edited(game)
  local state, words_zone = game.state, game.zones.words
  -- the play on the table: the state's copy for the table and the greedy
  -- bot's challenge, and its cards in the zone words, which the rules give
  -- back or discard by their ids when the challenge or the turn is over (a
  -- card taken out would be taken from wherever it went)
  local on = game.on_table
  if on then
    local play = state.play
    if type(play) ~= "table" or play.seat ~= on.seat or play.text ~= on.text then
      refuse("state 'play' is the play on the table (seat %d: %s), as the rules read it from its cards: "
        .. "it changes with the answers, not by an edit", on.seat, on.text)
    end
    local intact = words_zone:count() == #on.cards
    for i = 1, #on.cards do
      intact = intact and game.table:where(on.cards[i]) == words_zone
    end
    if not intact then
      refuse("zone 'words' holds the cards of the play on the table (seat %d: %s) until its turn is over: "
        .. "edit the cards before the word is played, or after the turn", on.seat, on.text)
    end
    -- while the others may challenge it, the play is not scored yet: its
    -- worth follows the B, J and K patents an edit gives or takes, as it
    -- would had the player owned them when playing it
    if not on.scored then
      on.play.value = rules.score_play(on.play.entries, owned_set(state.patents, on.seat), game.options.doubling)
    end
  else
    if state.play ~= nil then
      refuse("state 'play' is the play on the table, and there is none now: the rules make it when a word is played")
    end
    if words_zone:count() > 0 then
      refuse("zone 'words' holds only the cards of a play on the table, and there is none now: "
        .. "put the card elsewhere (the box holds cards out of play)")
    end
  end
  if state.last ~= nil and type(state.last) ~= "string" then
    refuse("state 'last' is the line the table shows for the last turn: a text")
  end
  if state.final ~= nil then
    refuse("state 'final' is the final scoring, which the rules make at the end of the game")
  end
  if not same_set(state.house_pieces, house_pieces(game)) then
    refuse("state 'house_pieces' names the rule pieces a house rule replaced, which the greedy bot reads: "
      .. "it follows the rules in force, not an edit")
  end
  -- a V play's first word, made already, while its second is asked: its
  -- cards and patents must stay, as the rules read both words together
  local second = game.second_word
  if second then
    local first = second.first
    local ok, why = rules.read_play(game, second.seat, answers.play_text({ first }))
    if not ok then
      refuse("seat %d is asked for a second word after %s (the V patent), which must stay playable, and now: "
        .. "%s; make the edit before the first word, or after the play", second.seat, first.word, why)
    end
  end
end

lettertycoon.edits = {
  patent = {
    args = "LETTER SEAT", min_args = 2,
    doc = "SEAT owns the LETTER patent (0: nobody does); money is not touched",
    keeps = { state = { "patents" } },
    apply = function(game, letter, seat_text)
      letter = letter:upper()
      if not rules.patents[letter] then return nil, string.format("no patent '%s': the patents are A to Z", letter) end
      local seat = math.tointeger(tonumber(seat_text))
      if not seat or seat < 0 or seat > game.players then
        return nil, string.format("SEAT is 0 (nobody) or 1 to %d (got '%s')", game.players, seat_text)
      end
      game.state.patents[letter] = seat > 0 and seat or nil
      return true
    end,
  },
  -- last_round is a seat or false: `state last_round` could set neither (the
  -- value's type is boolean until the goal is reached, and true is no seat)
  last_round = {
    args = "SEAT", min_args = 1,
    doc = "the last round is on, as if SEAT had reached the goal: the game ends when the round is over (0: it is not)",
    keeps = { state = { "last_round" } },
    apply = function(game, seat_text)
      local seat = math.tointeger(tonumber(seat_text))
      if not seat or seat < 0 or seat > game.players then
        return nil, string.format("SEAT is 0 (no last round) or 1 to %d (got '%s')", game.players, seat_text)
      end
      game.state.last_round = seat > 0 and seat or false
      return true
    end,
  },
}

return lettertycoon
