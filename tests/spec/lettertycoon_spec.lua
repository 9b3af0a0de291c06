-- The rules of Letter Tycoon (games/lettertycoon/game.lua), one by one, as the
-- rule book (../shared/rules/letter-tycoon.de.txt) and issue 4 state them.
-- Most cases arrange the cards by hand (arrange below) while seat 1 is asked
-- for its first word, set patents and money in the public state, and answer.
-- The word list is a small file written here, so that no case depends on
-- what SOWPODS holds (except the one that says so).

local loader = require "cardlab.loader"
local match = require "cardlab.match"
local support = require "tests.spec.support"
local lt = require "tests.spec.lettertycoon_support"

local def = assert(loader.load("lettertycoon"))

local WORDS = [[
CAT CATS ACT DOG DOGS GOD TEA EAT SEA TEAS EATS SAT
AREA IDEA QUOTA QUIT EASY SKY STRENGTH OAT OATS TOO TOOT
EYE EYES EERIE TOOTS ARE ERA AGE ACE ICE ITS RAT RATS TAR STAR
PLANET PLANETS MEAT SEAT COAT QUOTAS GYPSY QAT
COMPLAINTS COMPLAINERS ACCOMPLISHES
]]

local dir = support.tmpdir()
local LIST = support.write(dir, "words.txt", (WORDS:gsub("%s+", "\n")))

local function new(players, options, seed) return lt.new(def, LIST, players, options, seed) end

local arrange = lt.arrange

-- The letters of a zone, sorted.
local function letters(m, zone)
  local list = {}
  for i, id in ipairs(zone:cards()) do list[i] = m.game.cards[id].letter end
  table.sort(list)
  return table.concat(list)
end

local function hand(m, seat) return letters(m, m.game.zones.hand[seat]) end

local function ok(m, text)
  local status, why = m:answer(text)
  assert(status, string.format("'%s' refused: %s", text, tostring(why)))
  if status == "error" then error(select(2, m:result())) end
  return status
end

local function refused(m, text, reason)
  local before = m:snapshot()
  local status, why = m:answer(text)
  assert.is_nil(status, string.format("'%s' was accepted", text))
  if reason then assert.equal(reason, why) end
  assert.equal(before, m:snapshot())
  return why
end

local function asked(m, seat, kind)
  local r = m:request()
  assert.is_not_nil(r, "no request")
  assert.equal(seat, r.seat, "seat asked")
  assert.equal(kind, r.kind, "kind asked")
  return r
end

local function state(m) return m.game.state end

local own = lt.own

-- Plays "pass" for the rest of a turn: the word, then the discard.
local function pass_turn(m, seat)
  asked(m, seat, "word")
  ok(m, "pass")
  asked(m, seat, "discard")
  ok(m, "pass")
end

local function legal(m)
  local list = m:legal()
  local set = {}
  for _, t in ipairs(list) do set[t] = true end
  return set, list
end

describe("Letter Tycoon", function()
  teardown(function() support.rmtree(dir) end)

  describe("the cards", function()
    it("are 102 letter cards, as many of each letter as the card data says", function()
      local cards = new().game.cards
      assert.equal(102, #cards)
      local count = {}
      for _, c in ipairs(cards) do count[c.letter] = (count[c.letter] or 0) + 1 end
      assert.same({ A = 9, B = 2, C = 2, D = 4, E = 12, F = 2, G = 3, H = 4, I = 9, J = 1, K = 1,
                    L = 4, M = 2, N = 6, O = 8, P = 2, Q = 1, R = 6, S = 6, T = 6, U = 4, V = 2,
                    W = 2, X = 1, Y = 2, Z = 1 }, count)
    end)

    it("have patents costing $2 to $10, as the card data says", function()
      assert.same({ A = 8, B = 2, C = 3, D = 4, E = 10, F = 3, G = 3, H = 5, I = 7, J = 2, K = 2,
                    L = 4, M = 3, N = 7, O = 7, P = 3, Q = 2, R = 6, S = 6, T = 8, U = 3, V = 2,
                    W = 3, X = 2, Y = 3, Z = 2 }, def.rules.patents)
    end)
  end)

  describe("setup", function()
    it("deals hands of 7 and a pool of 3; the rest is the deck", function()
      for players = 2, 5 do
        local m = new(players)
        for seat = 1, players do assert.equal(7, m.game.zones.hand[seat]:count()) end
        assert.equal(3, m.game.zones.pool:count())
        assert.equal(102 - 7 * players - 3, m.game.zones.deck:count())
        for seat = 1, players do
          assert.equal(0, state(m).money[seat])
          assert.equal(0, state(m).stock[seat])
        end
        asked(m, 1, "word")
      end
    end)

    it("shows a hand to its owner only, the deck as a count, the pool to all", function()
      local m = new(3)
      local view = m:view(2)
      assert.is_nil(view.zones["hand[1]"].cards)
      assert.equal(7, view.zones["hand[1]"].count)
      assert.equal(7, #view.zones["hand[2]"].cards)
      assert.is_nil(view.zones.deck.cards)
      assert.equal(102 - 24, view.zones.deck.count)
      assert.equal(3, #view.zones.pool.cards)
    end)

    it("takes hand and pool sizes from the options", function()
      local m = new(5, { hand_size = 10, pool_size = 6 })
      assert.equal(10, m.game.zones.hand[5]:count())
      assert.equal(6, m.game.zones.pool:count())
      assert.equal(102 - 56, m.game.zones.deck:count())
    end)

    it("refills the pool and the hand to the sizes of the options after a turn", function()
      local m = new(3, { hand_size = 9, pool_size = 5 })
      arrange(m, { hand = { "TBBFFGGMM", "DDLLNNPPR", "HHHHNNNNR" }, pool = "EAIOU" })
      ok(m, "word TEA")   -- E and A from the pool
      asked(m, 1, "discard")
      assert.equal(5, m.game.zones.pool:count())
      ok(m, "discard BB")
      assert.equal(9, m.game.zones.hand[1]:count())
      asked(m, 2, "word")
    end)

    it("refuses a word list that cannot be had before the game starts, naming the path tried", function()
      local m, err = match.new(def, { players = 2, options = { dictionary = dir .. "/none.txt" } })
      assert.is_nil(m)
      assert.equal("option 'dictionary': word list '" .. dir .. "/none.txt' not found at " .. dir
        .. "/none.txt: give the path of a word list with one word per line", err)
    end)
  end)

  describe("a word", function()
    local m
    before_each(function()
      m = new(3)
      arrange(m, { hand = { "CATBFGM", "DOGHHHH", "LLLLNNN" }, pool = "EAS", deck = "RRRRRR" })
    end)

    it("of hand and pool cards earns by its length, and the cards go to the discard pile", function()
      ok(m, "word SEAT")   -- S, E, A from the pool (pool cards go first), T from the hand
      assert.equal(2, state(m).money[1])
      assert.equal(0, state(m).stock[1])
      -- the pool is refilled before the discard, the hand after it
      asked(m, 1, "discard")
      assert.equal("RRR", letters(m, m.game.zones.pool))
      assert.equal("ABCFGM", hand(m, 1))
      assert.equal("AEST", letters(m, m.game.zones.discard))
      ok(m, "pass")
      assert.equal("ABCFGMR", hand(m, 1))
    end)

    it("needs at least 3 letters", function()
      refused(m, "word AT", "answer 'word AT' is not accepted: AT has 2 letters; a word has at least 3")
      refused(m, "word A", "answer 'word A' is not accepted: A has 1 letter; a word has at least 3")
    end)

    it("needs a card from the hand", function()
      arrange(m, { hand = { "CTBFGMW" }, pool = "EAS" })
      refused(m, "word SEA", "answer 'word SEA' is not accepted: the word needs a letter from your hand")
    end)

    it("needs the cards it spells", function()
      refused(m, "word DOGS", "answer 'word DOGS' is not accepted: the play needs 1 D card; your hand and the pool hold 0")
    end)

    it("takes a letter from the pool rather than the hand when both hold it", function()
      ok(m, "word CATS")   -- A and S from the pool, C and T from the hand
      asked(m, 1, "discard")
      assert.equal("ABFGM", hand(m, 1))
      assert.equal("ACST", letters(m, m.game.zones.discard))
      assert.equal("ERR", letters(m, m.game.zones.pool))
      ok(m, "pass")
      assert.equal("ABFGMRR", hand(m, 1))
      asked(m, 2, "word")
    end)

    it("is logged in its canonical form", function()
      ok(m, "  Cats ")
      assert.same({ 1, "word CATS" }, m:log()[1])
    end)

    it("may be skipped: pass, then discard any cards and draw back to 7", function()
      ok(m, "pass")
      asked(m, 1, "discard")
      refused(m, "discard CC", "answer 'discard CC' is not accepted: your hand holds no more C")
      ok(m, "discard bfm")
      assert.same({ 1, "discard BFM" }, m:log()[2])
      assert.equal("ACGRRRT", hand(m, 1))
      assert.equal("BFM", letters(m, m.game.zones.discard))
      asked(m, 2, "word")
    end)
  end)

  describe("the scoring table", function()
    it("gives money and stock by length, as the rule book's table", function()
      local expected = {
        [3] = { 1, 0 }, [4] = { 2, 0 }, [5] = { 3, 0 }, [6] = { 4, 1 }, [7] = { 6, 1 },
        [8] = { 6, 2 }, [9] = { 6, 3 }, [10] = { 6, 4 }, [11] = { 6, 5 }, [12] = { 6, 6 },
      }
      for n = 3, 12 do
        assert.same(expected[n], { def.rules.word_value(n) }, n .. " letters")
      end
      assert.same({ 6, 6 }, { def.rules.word_value(13) })
    end)

    local function score_of(players, layout, text, patents)
      local m = new(players)
      arrange(m, layout)
      if patents then own(m, 1, patents) end
      ok(m, text)
      return state(m).money[1], state(m).stock[1], m
    end

    it("scores words of 3 to 12 letters when played", function()
      local cases = {
        { "CATBBFF", "", "word CAT", 1, 0 },
        { "CATSBBF", "", "word CATS", 2, 0 },
        { "PLANETB", "", "word PLANET", 4, 1 },
        { "PLANETS", "", "word PLANETS", 6, 1 },
        { "STRENGH", "TBB", "word STRENGTH", 6, 2 },
        { "COMPLAI", "NTS", "word COMPLAINTS", 6, 4 },
      }
      for _, c in ipairs(cases) do
        local money, stock = score_of(3, { hand = { c[1] }, pool = c[2] }, c[3])
        assert.same({ c[4], c[5] }, { money, stock }, c[3])
      end
      -- 11 letters: ten cards and the Z's S; 12: the X's second C as well
      local money, stock = score_of(3, { hand = { "COMPLAI" }, pool = "NER" }, "word COMPLAINER+S", "Z")
      assert.same({ 6, 5 }, { money, stock })
      money, stock = score_of(3, { hand = { "ACOMPLI" }, pool = "SHE" }, "word ACCOMPLISHE+S x=C", "XZ")
      assert.same({ 6, 6 }, { money, stock })
    end)

    it("doubles a word with a Q (money and stock), whoever owns the Q patent", function()
      local money = score_of(3, { hand = { "QUOTABB" } }, "word QUOTA")
      assert.equal(6, money)
      local m = new(3)
      arrange(m, { hand = { "QUOTABB" } })
      own(m, 2, "Q")
      ok(m, "word QUOTA")
      assert.equal(6, state(m).money[1])
      -- six letters earn $4 and 1 stock: doubled, $8 and 2
      local stock
      money, stock = score_of(3, { hand = { "QUOTASB" } }, "word QUOTAS")
      assert.same({ 8, 2 }, { money, stock })
      -- any word with a Q, with a U or not
      assert.equal(2, (score_of(3, { hand = { "QATBBFF" } }, "word QAT")))
    end)
  end)

  describe("patent doublings", function()
    local function value(word, patents, y, doubling)
      local owns = {}
      for l in (patents or ""):gmatch("%u") do owns[l] = true end
      local v = def.rules.score_play({ { word = word, y = y } }, owns, doubling or "multiply")
      return v.money, v.stock, table.concat(v.words[1].doublings, ""), v.y[1]
    end

    it("B doubles a word that starts and ends with a vowel", function()
      assert.same({ 4, 0, "B", false }, { value("AREA", "B") })
      assert.same({ 2, 0, "", false }, { value("CATS", "B") })
      assert.same({ 2, 0, "", false }, { value("AREA", "") })
    end)

    it("J doubles a word whose vowels are at least half of it", function()
      assert.same({ 4, 0, "J", false }, { value("AREA", "J") })
      assert.same({ 2, 0, "J", false }, { value("TEA", "J") })
      assert.same({ 2, 0, "", false }, { value("CATS", "J") })
    end)

    it("K doubles a word with only one vowel", function()
      assert.same({ 12, 4, "K", false }, { value("STRENGTH", "K") })
      assert.same({ 2, 0, "", false }, { value("AREA", "K") })
    end)

    it("stack by multiplying (as written), adding, or at most one, by option", function()
      -- AREA: B and J; QUOTA: Q and J; IDEA: B and J
      assert.same({ 8, 0, "BJ", false }, { value("AREA", "BJK") })
      assert.same({ 6, 0, "BJ", false }, { value("AREA", "BJK", nil, "add") })
      assert.same({ 4, 0, "BJ", false }, { value("AREA", "BJK", nil, "one") })
      assert.same({ 12, 0, "QJ", false }, { value("QUOTA", "J") })
      assert.same({ 9, 0, "QJ", false }, { value("QUOTA", "J", nil, "add") })
      assert.same({ 6, 0, "QJ", false }, { value("QUOTA", "J", nil, "one") })
      assert.equal(8, def.rules.multiplier(3, "multiply"))
      assert.equal(4, def.rules.multiplier(3, "add"))
      assert.equal(2, def.rules.multiplier(3, "one"))
      assert.equal(1, def.rules.multiplier(0, "one"))
    end)

    it("count Y as the player says: a vowel or a consonant", function()
      -- EASY: B needs Y a vowel; SKY: K needs Y a vowel (its only vowel)
      assert.same({ 8, 0, "BJ", "vowel" }, { value("EASY", "BJ", "vowel") })
      assert.same({ 4, 0, "J", "consonant" }, { value("EASY", "BJ", "consonant") })
      assert.same({ 2, 0, "K", "vowel" }, { value("SKY", "K", "vowel") })
      assert.same({ 1, 0, "", "consonant" }, { value("SKY", "K", "consonant") })
      -- left open, the choice that earns most
      assert.same({ 8, 0, "BJ", "vowel" }, { value("EASY", "BJ") })
      assert.same({ 2, 0, "K", "vowel" }, { value("SKY", "K") })
    end)

    it("count each Y on its own: GYPSY has one vowel with one Y of each", function()
      assert.same({ 6, 0, "K", "cv" }, { value("GYPSY", "K", "cv") })
      assert.same({ 6, 0, "K", "vc" }, { value("GYPSY", "K", "vc") })
      assert.same({ 3, 0, "", "vowel" }, { value("GYPSY", "K", "vowel") })
      assert.same({ 3, 0, "", "consonant" }, { value("GYPSY", "K", "consonant") })
      -- left open: the first choice that earns most (fewest vowels, earlier Ys consonants)
      assert.same({ 6, 0, "K", "cv" }, { value("GYPSY", "K") })
      assert.same({ 2, 0, "B", "vowel" }, { value("YAY", "B") })
      assert.same({ 2, 0, "K", "consonant" }, { value("YAY", "K") })
      assert.same({ "consonant", "cv", "vc", "vowel" }, def.rules.y_choices(2))
      assert.same({ "consonant", "ccv", "cvc", "vcc", "cvv", "vcv", "vvc", "vowel" }, def.rules.y_choices(3))
    end)

    -- An independent statement of the rules: the value of a word for the
    -- owner of `owned` (a set among B, J, K), Y a vowel or not, by option.
    local ROWS = { [3] = { 1, 0 }, [4] = { 2, 0 }, [5] = { 3, 0 }, [6] = { 4, 1 }, [7] = { 6, 1 },
                   [8] = { 6, 2 }, [9] = { 6, 3 }, [10] = { 6, 4 }, [11] = { 6, 5 }, [12] = { 6, 6 } }
    -- y: true (every Y a vowel), false, or a list of booleans, one for each Y.
    local function by_the_book(word, owned, y, doubling)
      local n, vowels, is_vowel = #word, 0, {}
      for i = 1, n do
        local c = word:sub(i, i)
        if c == "Y" then
          local j = #word:sub(1, i):gsub("[^Y]", "")
          if type(y) == "table" then is_vowel[i] = y[j] else is_vowel[i] = y end
        else
          is_vowel[i] = ("AEIOU"):find(c, 1, true) ~= nil
        end
        if is_vowel[i] then vowels = vowels + 1 end
      end
      local d = word:find("Q") and 1 or 0
      if owned.B and is_vowel[1] and is_vowel[n] then d = d + 1 end
      if owned.J and vowels >= n / 2 then d = d + 1 end
      if owned.K and vowels == 1 then d = d + 1 end
      local f = doubling == "multiply" and 2 ^ d // 1 or doubling == "add" and 1 + d or (d > 0 and 2 or 1)
      return ROWS[n][1] * f, ROWS[n][2] * f
    end
    local SUBSETS = { "", "B", "J", "K", "BJ", "BK", "JK", "BJK" }
    local MODES = { "multiply", "add", "one" }
    local TEST_WORDS = { "AREA", "IDEA", "QUOTA", "QUIT", "AQUA", "EASY", "SKY", "STRENGTH", "CATS",
                         "EERIE", "QUEUE", "YEA", "OYEZ", "ACCOMPLISHES", "COMPLAINERS", "PLANETS",
                         "GYPSY", "YAY", "SYZYGY" }
    -- every choice for the Ys of a word, as the answer gives it and for
    -- by_the_book: "vowel", "consonant", and with 2 Ys or more each mix
    local function y_readings(word)
      local n = #word:gsub("[^Y]", "")
      if n == 0 then return { { false, false } } end
      local list = { { "vowel", true }, { "consonant", false } }
      if n > 1 then
        for bits = 1, (1 << n) - 2 do
          local text, each = "", {}
          for j = 1, n do
            each[j] = bits & (1 << (j - 1)) ~= 0
            text = text .. (each[j] and "v" or "c")
          end
          list[#list + 1] = { text, each }
        end
      end
      return list
    end

    it("score every word under every combination of B, J, K, Q, Y and doubling option", function()
      local cases = 0
      for _, word in ipairs(TEST_WORDS) do
        for _, subset in ipairs(SUBSETS) do
          for _, doubling in ipairs(MODES) do
            for _, y in ipairs(y_readings(word)) do
              local owned = {}
              for l in subset:gmatch(".") do owned[l] = true end
              local money, stock = value(word, subset, y[1] or nil, doubling)
              local m2, s2 = by_the_book(word, owned, y[2], doubling)
              assert.same({ m2, s2 }, { money, stock },
                string.format("%s, %s, y=%s, %s", word, subset, tostring(y[1]), doubling))
              cases = cases + 1
            end
          end
        end
      end
      -- 19 words: 12 without a Y, 4 with one, GYPSY and YAY with 2 (4
      -- readings), SYZYGY with 3 (8); 8 subsets and 3 options each
      assert.equal((12 + 4 * 2 + 2 * 4 + 8) * 24, cases)
    end)

    it("score one word as the search over two words scores it beside a word no ability takes", function()
      -- one word has its own path (score_word); PST takes no doubling, so
      -- the first word of the pair gets the same doublings, Y and worth
      for _, word in ipairs(TEST_WORDS) do
        for _, subset in ipairs(SUBSETS) do
          for _, doubling in ipairs(MODES) do
            local owns = { V = true }
            for l in subset:gmatch(".") do owns[l] = true end
            local one = def.rules.score_play({ { word = word } }, owns, doubling)
            local two = def.rules.score_play({ { word = word }, { word = "PST" } }, owns, doubling)
            local where = string.format("%s, %s, %s", word, subset, doubling)
            assert.same(two.words[1], one.words[1], where)
            assert.equal(two.y[1], one.y[1], where)
            assert.same({ one.words[1].money, one.words[1].stock }, { one.money, one.stock }, where)
          end
        end
      end
    end)

    it("score two words (V) under every combination: each doubling to one word, the best way", function()
      local pairs_ = { { "AREA", "IDEA" }, { "QUOTA", "AREA" }, { "STRENGTH", "SKY" }, { "EASY", "AQUA" } }
      for _, pair in ipairs(pairs_) do
        for _, subset in ipairs(SUBSETS) do
          for _, doubling in ipairs(MODES) do
            local owns = { V = true }
            local list = {}
            for l in subset:gmatch(".") do owns[l] = true; list[#list + 1] = l end
            local v = def.rules.score_play({ { word = pair[1] }, { word = pair[2] } }, owns, doubling)
            -- by the book: every way to give each owned ability to one word
            -- (or none) and every choice of Y; the most money and stock
            local best
            local ys1 = pair[1]:find("Y") and { true, false } or { false }
            local ys2 = pair[2]:find("Y") and { true, false } or { false }
            for _, y1 in ipairs(ys1) do
              for _, y2 in ipairs(ys2) do
                for mask = 0, 3 ^ #list - 1 do
                  local own1, own2, k = {}, {}, mask
                  for _, l in ipairs(list) do
                    local where = k % 3
                    k = k // 3
                    if where == 1 then own1[l] = true elseif where == 2 then own2[l] = true end
                  end
                  local ma, sa = by_the_book(pair[1], own1, y1, doubling)
                  local mb, sb = by_the_book(pair[2], own2, y2, doubling)
                  local total = ma + sa + mb + sb
                  if not best or total > best[1] or (total == best[1] and ma + mb > best[2]) then
                    best = { total, ma + mb }
                  end
                end
              end
            end
            assert.same(best, { v.money + v.stock, v.money },
              string.format("%s %s, %s, %s", pair[1], pair[2], subset, doubling))
          end
        end
      end
    end)

    it("apply when played, and the answer records the choice of Y", function()
      local m = new(3)
      arrange(m, { hand = { "EASYBBF" } })
      own(m, 1, "B")
      ok(m, "word easy")
      assert.same({ 1, "word EASY y=vowel" }, m:log()[1])
      assert.equal(4, state(m).money[1])
      m = new(3)
      arrange(m, { hand = { "EASYBBF" } })
      own(m, 1, "B")
      ok(m, "word EASY y=c")
      assert.same({ 1, "word EASY y=consonant" }, m:log()[1])
      assert.equal(2, state(m).money[1])
    end)

    it("record a choice for each Y when they differ, and refuse one that does not fit", function()
      local m = new(3)
      arrange(m, { hand = { "GYPSYBB" } })
      own(m, 1, "K")
      ok(m, "word GYPSY")
      assert.same({ 1, "word GYPSY y=cv" }, m:log()[1])
      assert.equal(6, state(m).money[1])
      m = new(3)
      arrange(m, { hand = { "GYPSYBB" } })
      own(m, 1, "K")
      refused(m, "word GYPSY y=vcv", "answer 'word GYPSY y=vcv' is not accepted: y=vcv gives 3 choices for the 2 Ys of GYPSY")
      refused(m, "word GYPSY y=v y=c", "answer 'word GYPSY y=v y=c' is not accepted: word 1 gives 'y=' twice")
      ok(m, "word GYPSY y=VV")
      assert.same({ 1, "word GYPSY y=vowel" }, m:log()[1])
      assert.equal(3, state(m).money[1])
    end)

    it("leave Y out of the answer when no patent asks whether it is a vowel", function()
      local m = new(3)
      arrange(m, { hand = { "EASYBBF" } })
      ok(m, "word EASY y=vowel")
      assert.same({ 1, "word EASY" }, m:log()[1])
      m = new(3)
      arrange(m, { hand = { "CATSBBF" } })
      own(m, 1, "B")
      refused(m, "word CATS y=vowel", "answer 'word CATS y=vowel' is not accepted: CATS has no Y to count (y=)")
    end)
  end)

  describe("royalties", function()
    it("pay a patent's owner $1 for each matching card another player plays, from the bank", function()
      local m = new(3)
      arrange(m, { hand = { "TOOTBBF" } })
      own(m, 2, "T")
      own(m, 3, "O")
      ok(m, "word TOOT")
      assert.same({ 2, 2, 2 }, state(m).money)
    end)

    it("are not paid for one's own words", function()
      local m = new(3)
      arrange(m, { hand = { "TOOTBBF" } })
      own(m, 1, "TO")
      ok(m, "word TOOT")
      assert.same({ 2, 0, 0 }, state(m).money)
    end)

    it("are not paid for the X's second copy nor the Z's S", function()
      local m = new(3)
      arrange(m, { hand = { "TOTBBFF" } })
      own(m, 1, "XZ")
      own(m, 2, "O")
      own(m, 3, "S")
      ok(m, "word TOOT+S x=O")   -- TOOTS: 5 letters, one O card, no S card
      assert.same({ 3, 1, 0 }, state(m).money)
    end)
  end)

  describe("buying a patent", function()
    it("offers the unowned, affordable patents of the letters played, once a turn", function()
      local m = new(3)
      arrange(m, { hand = { "CATSBBF" } })
      state(m).money[1] = 5
      own(m, 2, "C")
      ok(m, "word CATS")   -- $2 more: $7
      local r = asked(m, 1, "buy")
      assert.same({ "pass", "buy S" }, r.answers)   -- A costs 8, C is owned, T costs 8
      ok(m, "buy S")
      assert.equal(1, state(m).patents.S)
      assert.equal(1, state(m).money[1])
      asked(m, 1, "discard")
    end)

    it("offers the patent of a letter on a pool card as well", function()
      local m = new(3)
      arrange(m, { hand = { "CTBBFFG" }, pool = "AEI" })
      state(m).money[1] = 7
      ok(m, "word CAT")   -- the A from the pool; $8
      assert.same({ "pass", "buy A", "buy C", "buy T" }, asked(m, 1, "buy").answers)
    end)

    it("is one patent a turn, even with money for more", function()
      local m = new(3)
      arrange(m, { hand = { "CATSBBF" } })
      state(m).money[1] = 30
      ok(m, "word CATS")
      ok(m, "buy C")
      asked(m, 1, "discard")
      assert.same({ C = 1 }, state(m).patents)
      assert.equal(29, state(m).money[1])
    end)

    it("is offered when the money is just the price", function()
      local m = new(3)
      arrange(m, { hand = { "CATSBBF" } })
      state(m).money[1] = 6
      ok(m, "word CATS")   -- $8: A and T cost 8
      assert.same({ "pass", "buy A", "buy C", "buy S", "buy T" }, asked(m, 1, "buy").answers)
    end)

    it("is not offered when nothing is affordable", function()
      local m = new(3)
      arrange(m, { hand = { "CATBBFF" } })
      ok(m, "word CAT")
      asked(m, 1, "discard")
      assert.is_nil(state(m).patents.C)
    end)

    it("allows the S patent only after a real S card", function()
      local m = new(3)
      arrange(m, { hand = { "CATBBFF" } })
      state(m).money[1] = 20
      own(m, 1, "Z")
      ok(m, "word CAT+S")
      assert.same({ "pass", "buy A", "buy C", "buy T" }, asked(m, 1, "buy").answers)
      refused(m, "buy S", "'buy S' is not a legal answer: a patent is bought for a letter on a card of the play; "
        .. "no S card was played; legal answers: pass, buy A, buy C, buy T")
    end)

    it("says why a patent cannot be bought", function()
      local m = new(3)
      arrange(m, { hand = { "CATSBBF" } })
      state(m).money[1] = 5
      own(m, 2, "C")
      own(m, 1, "T")
      ok(m, "word CATS")   -- $7
      local why = function(text) return support.refusal_reason(m, text) end
      assert.equal("seat 2 owns the C patent", why("buy C"))
      assert.equal("the A patent costs $8; you have $7", why("buy a"))
      assert.equal("a patent is bought for a letter on a card of the play; no Q card was played", why("buy Q"))
      assert.equal("you own the T patent already", why("buy T"))
      -- the example is a patent buyable now (S: C is seat 2's, T its own, A too dear)
      assert.equal("name one letter, e.g. 'buy S'", why("buy CA"))
      assert.equal("name one letter, e.g. 'buy S'", why("buy"))
      assert.is_nil(why("sell S"))
      ok(m, "buy S")
    end)

    it("counts the letters of both words with the V patent", function()
      local m = new(3)
      arrange(m, { hand = { "CATDOGB" } })
      state(m).money[1] = 10
      own(m, 1, "V")
      ok(m, "word CAT DOG")
      assert.same({ "pass", "buy A", "buy C", "buy D", "buy G", "buy O", "buy T" }, asked(m, 1, "buy").answers)
    end)
  end)

  describe("the Q patent", function()
    local m
    before_each(function()
      m = new(2)
      arrange(m, { hand = { "BBFFGGM", "CATWWHH" }, pool = "EXS", deck = "DDDLLL" })
      own(m, 2, "Q")
      pass_turn(m, 1)   -- the pool is refilled (full), seat 1 draws nothing
    end)

    it("lets its owner replace a card of the hand at the start of the turn", function()
      local r = asked(m, 2, "replace")
      assert.same({ "pass", "replace A", "replace C", "replace H", "replace T", "replace W",
                    "replace pool E", "replace pool S", "replace pool X" }, r.answers)
      ok(m, "replace W")
      assert.equal("ACDHHTW", hand(m, 2))
      assert.equal("W", letters(m, m.game.zones.discard))
      asked(m, 2, "word")
    end)

    it("or a card of the pool", function()
      ok(m, "replace pool X")
      assert.equal("DES", letters(m, m.game.zones.pool))
      assert.equal("X", letters(m, m.game.zones.discard))
    end)

    it("or nothing", function()
      ok(m, "pass")
      assert.equal("ACHHTWW", hand(m, 2))
      asked(m, 2, "word")
    end)

    it("is for its owner only", function()
      ok(m, "pass")
      pass_turn(m, 2)
      asked(m, 1, "word")
    end)

    it("replaces at the start of the turn only, not again after a word that failed", function()
      ok(m, "replace W")
      ok(m, "word TAC")   -- not in the dictionary: a try is lost
      asked(m, 2, "word")
    end)

    it("says why a card cannot be replaced: not in the hand, not in the pool, one card, before the word", function()
      -- the hand holds ACHHTWW, the pool EXS
      asked(m, 2, "replace")
      local why = function(text) return support.refusal_reason(m, text) end
      assert.equal("your hand holds no Q", why("replace Q"))
      assert.equal("your hand holds no E; the pool holds one: 'replace pool E'", why("replace e"))
      assert.equal("the pool holds no W; your hand holds one: 'replace W'", why("replace pool W"))
      assert.equal("the pool holds no Q", why("replace pool Q"))
      assert.equal("name the letter of the card: 'replace A' for a card of your hand, "
        .. "'replace pool E' for one of the pool", why("replace"))
      assert.equal("name the letter of the card, e.g. 'replace pool E'", why("replace pool"))
      assert.equal("name the letter of the card, e.g. 'replace A'", why("replace 7"))
      assert.equal("the Q patent replaces one card: name one letter, e.g. 'replace A'", why("replace WH"))
      assert.equal("the Q patent replaces one card: name one letter, e.g. 'replace pool E'", why("replace pool Q U"))
      assert.equal("a card of your hand is named without 'hand': 'replace W'", why("replace hand W"))
      assert.equal("say 'replace W': the card is discarded and another drawn in its place", why("discard W"))
      assert.equal("your hand holds no X; the pool holds one: 'replace pool X'", why("discard X"))
      assert.equal("say 'replace pool S'", why("pool S"))
      assert.equal("first the Q patent: replace a card of your hand or the pool, or 'pass'; then you form a word",
        why("word CAT"))
      assert.is_nil(why("CAT"))
      -- a legal answer with a word more is named by the engine, never explained
      assert.equal("say just 'replace W'", why("replace W now"))
      ok(m, "replace W")
    end)

    it("explains every letter the replace request refuses by the cards where it looks", function()
      asked(m, 2, "replace")
      local set = legal(m)
      local counts = { hand = {}, pool = {} }
      for where, zone in pairs({ hand = m.game.zones.hand[2], pool = m.game.zones.pool }) do
        for _, id in ipairs(zone:cards()) do
          local l = m.game.cards[id].letter
          counts[where][l] = (counts[where][l] or 0) + 1
        end
      end
      local n = 0
      for k = 1, 26 do
        local l = string.char(64 + k)
        for where, text in pairs({ hand = "replace " .. l, pool = "replace pool " .. l }) do
          if set[text] then
            assert.is_true(counts[where][l] > 0)
          else
            n = n + 1
            assert.is_nil(counts[where][l])
            local zone = where == "hand" and "your hand" or "the pool"
            assert.matches("^" .. zone .. " holds no " .. l, support.refusal_reason(m, text))
          end
        end
      end
      assert.equal(52 - 8, n)
    end)
  end)

  describe("the V patent", function()
    it("allows two words, each scored on its own and each with a hand card", function()
      local m = new(3)
      arrange(m, { hand = { "CATDOGB" } })
      own(m, 1, "V")
      ok(m, "word DOG CAT")
      assert.same({ 1, "word CAT DOG" }, m:log()[1])
      assert.equal(2, state(m).money[1])
    end)

    it("reads the two-word example of the docs, with X and Z", function()
      local m = new(3)
      arrange(m, { hand = { "CATTOTB" }, pool = "DEF" })
      own(m, 1, "VXZ")
      ok(m, "word CAT TOOT+S x=O")
      assert.same({ 1, "word CAT TOOT+S x=O" }, m:log()[1])
    end)

    it("needs the patent", function()
      local m = new(3)
      arrange(m, { hand = { "CATDOGB" } })
      refused(m, "word CAT DOG", "answer 'word CAT DOG' is not accepted: two words need the V patent; "
        .. "expected one word, e.g. 'word ACT', or 'pass'")
      refused(m, "word CAT +", "answer 'word CAT +' is not accepted: two words need the V patent; "
        .. "expected one word, e.g. 'word ACT', or 'pass'")
      -- another request's answer typed here reads as two words: the reason says when that request comes
      refused(m, "discard CAT", "answer 'discard CAT' is not accepted: 'discard' was read as a word, but you "
        .. "discard at the end of your turn: type your word, e.g. 'word ACT', or 'pass'")
      own(m, 1, "V")
      refused(m, "replace pool E", "answer 'replace pool E' is not accepted: 'replace' was read as a word, but "
        .. "the Q patent replaces a card at the start of your turn, before the word: type your word, e.g. "
        .. "'word ACT', or 'pass'")
      -- a word that is such a keyword keeps the reason it failed for
      refused(m, "buy", "answer 'buy' is not accepted: the play needs 1 U card; your hand and the pool hold 0; "
        .. "'buy' was read as a word, but a patent is bought after your word stands: type your word, e.g. "
        .. "'word ACT', or 'pass'")
    end)

    it("needs a hand card in each word", function()
      local m = new(3)
      arrange(m, { hand = { "CATBBFF" }, pool = "DOG" })
      own(m, 1, "V")
      refused(m, "word CAT DOG", "answer 'word CAT DOG' is not accepted: the second word needs a letter from your hand")
      m = new(3)
      arrange(m, { hand = { "ABBFFGM" }, pool = "CTTEA" })
      own(m, 1, "V")
      refused(m, "word CAT TEA", "answer 'word CAT TEA' is not accepted: each word needs a letter from your hand, "
        .. "and your hand holds only one A")
    end)

    it("needs 3 letters in each word", function()
      local m = new(3)
      arrange(m, { hand = { "CATDOGB" } })
      own(m, 1, "V")
      refused(m, "word CAT DO", "answer 'word CAT DO' is not accepted: DO has 2 letters; a word has at least 3")
    end)

    it("gives a doubling patent to one word only", function()
      local m = new(3)
      arrange(m, { hand = { "AREAIDE" }, pool = "ABB" })
      own(m, 1, "VB")
      ok(m, "word AREA IDEA")
      assert.equal(6, state(m).money[1])   -- $2 doubled and $2
    end)

    it("may say a second word follows, and ask for it on its own", function()
      local m = new(3)
      arrange(m, { hand = { "CATDOGB" } })
      own(m, 1, "V")
      ok(m, "word CAT +")
      asked(m, 1, "second word")
      local set = legal(m)
      assert.is_true(set["word DOG"] and set["word GOD"] and set["pass"])
      -- (the example: a second word the cards left allow)
      refused(m, "word DOG GOD", "answer 'word DOG GOD' is not accepted: give the second word only, "
        .. "e.g. 'word DOG', or 'pass'")
      ok(m, "god")
      assert.same({ { 1, "word CAT +" }, { 1, "word GOD" } }, m:log())
      assert.equal(2, state(m).money[1])
      asked(m, 1, "discard")
      assert.equal("ACDGOT", letters(m, m.game.zones.discard))
    end)

    it("plays the first word alone when the second is passed", function()
      local m = new(3)
      arrange(m, { hand = { "CATDOGB" } })
      own(m, 1, "V")
      ok(m, "word CAT +")
      ok(m, "pass")
      assert.equal(1, state(m).money[1])
      asked(m, 1, "discard")
      assert.equal("BDGO", hand(m, 1))
    end)
  end)

  describe("all abilities at once", function()
    it("score each word with its own doublings, the Z's S counted in the length", function()
      local m = new(3)
      arrange(m, { hand = { "QUOTARE" }, pool = "AAB" })
      own(m, 1, "BJKVXZ")
      own(m, 2, "A")
      -- QUOTA+S: 6 letters, $4 and 1 stock, doubled by the Q and by J (half
      -- vowels): x4; AREA: $2, doubled by B (J goes to QUOTAS, where it earns more)
      ok(m, "word QUOTA+S AREA")
      assert.same({ 1, "word AREA QUOTA+S" }, m:log()[1])
      assert.equal(20, state(m).money[1])
      assert.equal(4, state(m).stock[1])
      assert.equal(3, state(m).money[2])   -- royalties: three A cards
    end)
  end)

  describe("the X patent", function()
    it("uses a card twice", function()
      local m = new(3)
      arrange(m, { hand = { "TOTBBFF" } })
      own(m, 1, "X")
      ok(m, "word TOOT")
      assert.same({ 1, "word TOOT x=O" }, m:log()[1])
      assert.equal(2, state(m).money[1])
      asked(m, 1, "discard")
      assert.equal("BBFF", hand(m, 1))
    end)

    it("needs 3 real cards", function()
      local m = new(3)
      arrange(m, { hand = { "EYBBFFG" } })
      own(m, 1, "X")
      refused(m, "word EYE", "answer 'word EYE' is not accepted: the play needs 2 E cards; your hand and the pool hold 1")
      refused(m, "word EYE x=E", "answer 'word EYE x=E' is not accepted: EYE takes 2 cards; a word needs at least 3 real cards")
    end)

    it("doubles a letter of the word, and with V one of the first word into the second", function()
      local m = new(3)
      arrange(m, { hand = { "CATOBBF" }, pool = "DGE" })
      own(m, 1, "XV")
      refused(m, "word CAT x=O", "answer 'word CAT x=O' is not accepted: CAT has no O to double")
      -- DOG and TOO: one O card, doubled into the other word
      ok(m, "word DOG COAT x=O")   -- COAT doubles the O card of DOG
      assert.same({ 1, "word COAT x=O DOG" }, m:log()[1])
      assert.equal(3, state(m).money[1])
      -- the word that doubles may come first in the answer (the game page's choice)
      m = new(3)
      arrange(m, { hand = { "CATOBBF" }, pool = "DGE" })
      own(m, 1, "XV")
      ok(m, "word COAT x=O DOG")
      assert.equal(3, state(m).money[1])
    end)

    it("needs 3 real cards in each of two words (V)", function()
      local m = new(3)
      arrange(m, { hand = { "CATTOBB" } })
      own(m, 1, "XV")
      refused(m, "word CAT TOO x=O", "answer 'word CAT TOO x=O' is not accepted: TOO takes 2 cards; a word needs at least 3 real cards")
      refused(m, "word TOO x=O CAT", "answer 'word TOO x=O CAT' is not accepted: TOO takes 2 cards; a word needs at least 3 real cards")
    end)

    it("may be used by choice, keeping a card", function()
      local m = new(3)
      arrange(m, { hand = { "TOOTBBF" } })
      own(m, 1, "X")
      ok(m, "word TOOT x=T")
      asked(m, 1, "discard")
      assert.equal("BBFT", hand(m, 1))
    end)

    it("needs the patent", function()
      local m = new(3)
      arrange(m, { hand = { "TOOTBBF" } })
      refused(m, "word TOOT x=T", "answer 'word TOOT x=T' is not accepted: doubling a letter (x=) needs the X patent")
      -- nor is a letter the cards lack read as doubled (x= left out) without it
      arrange(m, { hand = { "TOTBBFF" } })
      refused(m, "word TOOT", "answer 'word TOOT' is not accepted: the play needs 2 O cards; your hand and the pool hold 1")
    end)

    it("copies a card that is played, not a letter no card gives", function()
      local m = new(3)
      arrange(m, { hand = { "CATBBFF" } })
      own(m, 1, "X")
      refused(m, "word COAT x=O", "answer 'word COAT x=O' is not accepted: x=O doubles a card, but no O card is played")
    end)

    it("once a turn", function()
      local m = new(3)
      arrange(m, { hand = { "TOTOGDB" } })
      own(m, 1, "XV")
      refused(m, "word TOOT x=O TOOT x=T", "answer 'word TOOT x=O TOOT x=T' is not accepted: the X patent doubles one letter a turn")
    end)
  end)

  describe("the Z patent", function()
    it("adds an S to the end of a word", function()
      local m = new(3)
      arrange(m, { hand = { "CATBBFF" } })
      own(m, 1, "Z")
      ok(m, "word CATS")   -- no S card: the Z's S
      assert.same({ 1, "word CAT+S" }, m:log()[1])
      assert.equal(2, state(m).money[1])
    end)

    it("needs the patent", function()
      local m = new(3)
      arrange(m, { hand = { "CATBBFF" } })
      refused(m, "word CAT+S", "answer 'word CAT+S' is not accepted: adding an S (+S) needs the Z patent")
      refused(m, "word CATS", "answer 'word CATS' is not accepted: the play needs 1 S card; your hand and the pool hold 0")
    end)

    it("needs 3 real cards", function()
      local m = new(3)
      arrange(m, { hand = { "ITBBFFG" } })
      own(m, 1, "Z")
      refused(m, "word IT+S", "answer 'word IT+S' is not accepted: ITS takes 2 cards; a word needs at least 3 real cards")
    end)

    it("once a turn", function()
      local m = new(3)
      arrange(m, { hand = { "CATDOGB" } })
      own(m, 1, "ZV")
      refused(m, "word CAT+S DOG+S", "answer 'word CAT+S DOG+S' is not accepted: the Z patent adds one S a turn")
      ok(m, "word CAT+S DOG")
      assert.equal(3, state(m).money[1])
    end)
  end)

  describe("the automatic challenge", function()
    it("lets a player try again after a word not in the dictionary, 3 more times by default", function()
      local m = new(3)
      arrange(m, { hand = { "CATBBFF" }, deck = "EEEE" })
      for tries = 3, 1, -1 do
        ok(m, "word TAC")
        local r = asked(m, 1, "word")
        assert.equal(string.format("word TAC is not in the dictionary; %d %s left: form a word, or pass", tries,
          tries == 1 and "try" or "tries"), r.prompt)
      end
      ok(m, "word CAT")
      assert.equal(1, state(m).money[1])
    end)

    it("when no try is left: the cards go back, one is discarded, the turn is lost", function()
      local m = new(3, { retries = 1 })
      arrange(m, { hand = { "CATSBBF" }, pool = "EAR", deck = "DDDD" })
      state(m).money[1] = 10
      ok(m, "word SCAT")
      ok(m, "word TACS")
      local r = asked(m, 1, "penalty")
      assert.same({ "discard A", "discard B", "discard C", "discard F", "discard S", "discard T" }, r.answers)
      ok(m, "discard B")
      assert.equal(10, state(m).money[1])
      assert.equal("ABCDFST", hand(m, 1))   -- drew back to 7
      assert.equal("AER", letters(m, m.game.zones.pool))
      assert.equal("B", letters(m, m.game.zones.discard))
      asked(m, 2, "word")
    end)

    it("refuses a play of two words when either is not in the dictionary", function()
      for _, text in ipairs({ "word CAT BOG", "word BOG CAT" }) do
        local m = new(3)
        arrange(m, { hand = { "CATDOGB" } })
        own(m, 1, "V")
        ok(m, text)
        local r = asked(m, 1, "word")
        assert.matches("is not in the dictionary", r.prompt)
        assert.equal(0, state(m).money[1])
        assert.equal("ABCDGOT", hand(m, 1))
      end
    end)

    it("with no retries fails at once", function()
      local m = new(3, { retries = 0 })
      arrange(m, { hand = { "CATBBFF" } })
      ok(m, "word TAC")
      asked(m, 1, "penalty")
    end)

    it("says why a penalty discard is refused: no such card, one card only, no pass, the turn lost", function()
      local m = new(3, { retries = 0 })
      arrange(m, { hand = { "CATBBFF" } })
      ok(m, "word TAC")
      asked(m, 1, "penalty")
      local why = function(text) return support.refusal_reason(m, text) end
      assert.equal("your hand holds no Q", why("discard Q"))
      assert.equal("your hand holds no E", why("E"))
      assert.equal("say 'discard B'", why("b"))
      assert.equal("the penalty is one card: name one letter, e.g. 'discard A'", why("discard BF"))
      assert.equal("the penalty is one card: name one letter, e.g. 'discard A'", why("discard Q B"))
      assert.equal("name the letter of the card you discard, e.g. 'discard A'", why("discard"))
      assert.equal("name the letter of the card you discard, e.g. 'discard A'", why("discard 2"))
      assert.equal("a play that failed its challenge costs one card of your hand: discard one, e.g. 'discard A'",
        why("pass"))
      assert.equal("the play failed its challenge: the rest of the turn is lost, and one card is discarded, "
        .. "e.g. 'discard A'", why("word CAT"))
      assert.is_nil(why("fold"))
      assert.equal("say just 'discard B'", why("discard B F"))
      -- every letter the hand lacks, and none it holds
      local set = legal(m)
      for k = 1, 26 do
        local l = string.char(64 + k)
        if not set["discard " .. l] then
          assert.is_nil(("ABCFT"):find(l, 1, true))
          assert.equal("your hand holds no " .. l, why("discard " .. l))
        end
      end
      ok(m, "discard B")
    end)

    it("allows a pass after a failed try", function()
      local m = new(3)
      arrange(m, { hand = { "CATBBFF" } })
      ok(m, "word TAC")
      ok(m, "pass")
      asked(m, 1, "discard")
    end)
  end)

  describe("the players' challenge", function()
    local m
    before_each(function()
      m = new(3, { challenge = "players" })
      arrange(m, { hand = { "CATBBFF", "DOGHHMM", "EEELLLL" }, pool = "IOU", deck = "NNNN" })
    end)

    it("asks the other players in turn whether they challenge", function()
      ok(m, "word CAT")
      local r = asked(m, 2, "challenge")
      assert.equal("seat 1 plays word CAT: challenge it?", r.prompt)
      assert.same({ "pass", "challenge" }, r.answers)
      assert.same({ seat = 1, text = "word CAT" }, state(m).play)
      assert.equal("ACT", letters(m, m.game.zones.words))
      ok(m, "pass")
      asked(m, 3, "challenge")
      ok(m, "pass")
      assert.equal(1, state(m).money[1])
      asked(m, 1, "discard")
    end)

    it("is the same request after an edit: pass or challenge, never left stale", function()
      -- (the REPL said after every :set that the challenge kept "the answers it
      -- was asked with", as if they could have changed)
      ok(m, "word CAT")
      asked(m, 2, "challenge")
      local done, note, reasked = m:edit("state money[2] 5")
      assert.is_true(done, note)
      assert.equal("unchanged", reasked)
      assert.same({ "pass", "challenge" }, asked(m, 2, "challenge").answers)
    end)

    it("asks from the seat after the player, around the table", function()
      pass_turn(m, 1)
      asked(m, 2, "word")
      ok(m, "word DOG")
      asked(m, 3, "challenge")
      ok(m, "pass")
      asked(m, 1, "challenge")
      ok(m, "pass")
      assert.equal(1, state(m).money[2])
      asked(m, 2, "discard")
    end)

    it("lets a play that is not a word stand when nobody challenges it", function()
      ok(m, "word TAC")
      ok(m, "pass")
      ok(m, "pass")
      assert.equal(1, state(m).money[1])
      asked(m, 1, "discard")
      assert.equal("ACT", letters(m, m.game.zones.discard))
    end)

    it("gives the pool's cards back to the pool when a challenge voids the play", function()
      ok(m, "word TIC")   -- the I from the pool; TIC is not in the word list
      ok(m, "challenge")
      ok(m, "discard F")
      assert.equal("IOU", letters(m, m.game.zones.pool))
      assert.equal("ABBCFNT", hand(m, 1))
    end)

    it("voids a play of two words when either is not a word", function()
      local v = new(3, { challenge = "players" })
      arrange(v, { hand = { "CATDOGB", "HHMMWWP", "EEELLLL" }, pool = "IOU", deck = "NNNN" })
      own(v, 1, "V")
      ok(v, "word CAT BOG")
      ok(v, "challenge")
      asked(v, 1, "penalty")
      assert.equal(0, state(v).money[1])
    end)

    it("says why a penalty discard is refused after a challenge voided the play: the cards are back", function()
      ok(m, "word TAC")
      ok(m, "challenge")
      asked(m, 1, "penalty")
      assert.equal("your hand holds no O", support.refusal_reason(m, "discard O"))
      ok(m, "discard T")   -- T was played, and is back in the hand
    end)

    it("accepts a play that is not a word, which a challenge voids: cards back, one discarded", function()
      ok(m, "word TAC")
      ok(m, "pass")
      ok(m, "challenge")
      asked(m, 1, "penalty")
      assert.equal("ABBCFFT", hand(m, 1))
      ok(m, "discard F")
      assert.equal(0, state(m).money[1])
      assert.equal("ABBCFNT", hand(m, 1))
      assert.equal("IOU", letters(m, m.game.zones.pool))
      asked(m, 2, "word")
    end)

    it("makes a wrong challenger pay the player $1", function()
      state(m).money[2] = 3
      ok(m, "word CAT")
      ok(m, "challenge")
      assert.same({ 2, 2, 0 }, state(m).money)   -- $1 for CAT, $1 from seat 2
      asked(m, 1, "discard")
    end)

    it("pays the $1 from the bank when the challenger has none", function()
      ok(m, "word CAT")
      ok(m, "pass")
      ok(m, "challenge")
      assert.same({ 2, 0, 0 }, state(m).money)
    end)

    it("lets a house rule change what a wrong challenge costs (wrong_challenge) and drop the penalty", function()
      local hdef = support.load_with_house("lettertycoon", [[
rules.wrong_challenge = function(game, challenger, seat)
  game.state.money[challenger] = game.state.money[challenger] - 2
end
rules.penalty = function(game, seat) end]])
      local h = lt.new(hdef, LIST, 3, { challenge = "players" })
      arrange(h, { hand = { "CATBBFF", "DOGHHMM", "EEELLLL" }, pool = "IOU", deck = "NNNN" })
      state(h).money[2] = 3
      ok(h, "word CAT")
      ok(h, "challenge")
      assert.same({ 1, 1, 0 }, state(h).money)   -- $1 for CAT; seat 2 loses $2 to the bank
      asked(h, 1, "discard")
      ok(h, "pass")   -- (nothing discarded)
      asked(h, 2, "word")
      ok(h, "word HOG")   -- not in the list: a right challenge, and no card is lost
      ok(h, "pass")
      ok(h, "challenge")
      asked(h, 3, "word")
      assert.equal("DGHHMMO", hand(h, 2))
    end)
  end)

  describe("the goal", function()
    it("is the rule book's table: patent value and number by players", function()
      assert.same({ value = 45, count = 6 }, def.rules.goal(2))
      assert.same({ value = 34, count = 5 }, def.rules.goal(3))
      assert.same({ value = 26, count = 3 }, def.rules.goal(4))
      assert.same({ value = 21, count = 3 }, def.rules.goal(5))
    end)

    it("needs both the value and the number of patents", function()
      local m = new(4)
      own(m, 1, "EAT")   -- 10 + 8 + 8 = 26, 3 patents
      assert.is_true(def.rules.goal_reached(m.game, 1))
      state(m).patents.T = nil
      own(m, 1, "INO")   -- 10 + 8 + 7 + 7 + 7 = 39, 5 patents
      assert.is_true(def.rules.goal_reached(m.game, 1))
      -- enough patents, not enough value: B, J, K are worth $6
      local few = new(4)
      own(few, 1, "BJK")
      assert.is_false(def.rules.goal_reached(few.game, 1))
      own(few, 1, "E")   -- $16 in 4
      assert.is_false(def.rules.goal_reached(few.game, 1))
      -- a house rule asks for $10 in 3 patents: the E alone is not enough
      local house = support.write(dir, "goal.lua", "rules.goals = { [4] = { value = 10, count = 3 } }")
      local hdef = assert(loader.load("lettertycoon", house))
      local h = assert(match.new(hdef, { players = 4, options = { dictionary = LIST } }))
      h.game.state.patents.E = 1
      assert.is_false(hdef.rules.goal_reached(h.game, 1))
      h.game.state.patents.B, h.game.state.patents.K = 1, 1
      assert.is_true(hdef.rules.goal_reached(h.game, 1))
    end)

    it("is the goal of the number of players in the game", function()
      local function reached(players, patents)
        local m = new(players)
        own(m, 1, patents)
        return def.rules.goal_reached(m.game, 1)
      end
      assert.is_true(reached(2, "EATINO"))   -- $47 in 6
      assert.is_false(reached(2, "EATIO"))   -- $40 in 5
      assert.is_true(reached(3, "EATIO"))
      assert.is_false(reached(3, "EAT"))     -- $26 in 3: the goal of 4 players
      assert.is_true(reached(4, "EAT"))
      assert.is_false(reached(4, "EHI"))     -- $22 in 3
      assert.is_true(reached(5, "EHI"))
    end)

    it("refuses a state edit of the options' copies, which no rule reads, changing nothing", function()
      local m = new(3, { doubling = "add" })
      local ok_edit, why = m:edit("state doubling multiply")
      assert.is_nil(ok_edit)
      assert.equal("state 'doubling' is the option doubling, fixed for the whole game: start a game with "
        .. "another value (:new lettertycoon doubling=VALUE, or --option doubling=VALUE)", why)
      assert.equal("add", state(m).doubling)
      local challenge, dictionary = state(m).challenge, state(m).dictionary
      assert.is_nil((m:edit("state challenge players")))
      assert.is_nil((m:edit("state dictionary wordlist")))
      assert.equal(challenge, state(m).challenge)
      assert.equal(dictionary, state(m).dictionary)
      -- the goal's copy too: the rules ask rules.goal (the edit was made, and
      -- the table showed a goal the rules did not play to)
      local goal_edit, goal_why = m:edit("state goal.value 3")
      assert.is_nil(goal_edit)
      assert.equal("state 'goal' is fixed for the whole game by its rules", goal_why)
      assert.same({ value = 34, count = 5 }, state(m).goal)
      assert(m:edit("state money[1] 3"))
    end)

    it("is put on by the edit last_round SEAT, which state last_round may not set alone", function()
      local m = new(3)
      local ok_edit, why = m:edit("state last_round true")
      assert.is_nil(ok_edit)
      assert.matches("expected last_round SEAT", why, 1, true)
      assert.is_false(state(m).last_round)
      ok_edit, why = m:edit("last_round 4")
      assert.is_nil(ok_edit)
      assert.equal("SEAT is 0 (no last round) or 1 to 3 (got '4')", why)
      assert(m:edit("last_round 2"))
      assert.equal(2, state(m).last_round)
      assert(m:edit("last_round 0"))
      assert.is_false(state(m).last_round)
      assert(m:edit("last_round 2"))
      for seat = 1, 3 do pass_turn(m, seat) end
      assert.equal("over", m:status())
      assert.equal("seat 2 reached the goal; the last round is over", m:result().reason)
    end)

    it("counts a patent bought on the turn: bought by the last seat of a round, the game ends", function()
      local m = new(2)
      arrange(m, { hand = { "BBFFGGW", "DOGHHMM" } })
      own(m, 2, "EATIN")   -- $40 in 5; the goal of 2 players: $45 in 6
      state(m).money[2] = 7
      pass_turn(m, 1)
      asked(m, 2, "word")
      ok(m, "word DOG")   -- $8
      ok(m, "buy O")      -- $47 in 6
      ok(m, "pass")
      assert.equal("over", m:status())
      assert.equal("seat 2 reached the goal; the last round is over", m:result().reason)
    end)

    it("triggers the last round, played to its end; then the highest total wins", function()
      local m = new(3)
      arrange(m, { hand = { "BBFFGGM", "CATSHHW", "DDLLNNP" }, pool = "EIO" })
      own(m, 2, "EATIO")   -- 10 + 8 + 8 + 7 + 7 = 40 in 5 patents (the goal: 34 in 5)
      state(m).money = { 30, 0, 5 }
      state(m).stock = { 3, 1, 0 }
      pass_turn(m, 1)
      pass_turn(m, 2)
      assert.equal(2, state(m).last_round)
      pass_turn(m, 3)
      assert.equal("over", m:status())
      local result = m:result()
      assert.same({ 33, 41, 5 }, result.scores)
      assert.same({ 2 }, result.winners)
      assert.equal("seat 2 reached the goal; the last round is over", result.reason)
    end)

    it("ends the game at once when the last seat of the round reaches it", function()
      local m = new(2)
      own(m, 2, "EATINO")   -- 47 in 6
      pass_turn(m, 1)
      assert.equal("waiting", m:status())
      pass_turn(m, 2)
      assert.equal("over", m:status())
    end)

    it("breaks a tie of totals by patent value, then shares the win", function()
      local m = new(3)
      own(m, 2, "EATIO")
      state(m).money = { 40, 0, 40 }
      pass_turn(m, 1)
      pass_turn(m, 2)
      pass_turn(m, 3)
      local result = m:result()
      assert.same({ 40, 40, 40 }, result.scores)
      assert.same({ 2 }, result.winners)
      assert.same({ 1, 2, 3 }, def.rules.winners({ 40, 40, 40 }, { 0, 0, 0 }))
      assert.same({ 1, 3 }, def.rules.winners({ 40, 30, 40 }, { 5, 30, 5 }))
    end)
  end)

  describe("the deck", function()
    it("is made again from the shuffled discard pile when it runs out", function()
      local m = new(2)
      arrange(m, { hand = { "CATBBFF", "DDLLMMP" }, pool = "EIO", deck = "", discard = "RRRR", rest = false })
      ok(m, "word CAT")
      -- the played cards are on the discard pile with the four R; the pool
      -- is full; the hand draws 3 from a deck made of the 7 discards
      asked(m, 1, "discard")
      assert.equal("ACRRRRT", letters(m, m.game.zones.discard))
      local said = {}
      m.game.narrate = function(text) said[#said + 1] = text end
      ok(m, "pass")
      assert.equal(7, m.game.zones.hand[1]:count())
      assert.equal(4, m.game.zones.deck:count())
      assert.equal(0, m.game.zones.discard:count())
      -- said, as the deck's count jumps (at the terminal, 0 to 4 here)
      assert.same({ "the deck runs out: the 7 cards of the discard pile are shuffled into it" }, said)
    end)

    it("goes on however long nobody plays a word (the book ends it only at the goal)", function()
      local m = new(2)
      for _ = 1, 10 do
        pass_turn(m, 1)
        pass_turn(m, 2)
      end
      assert.equal("waiting", m:status())
      assert.equal(11, m.game.seats:round())
    end)

    it("ends the game after idle_rounds rounds without a word, when that option is set", function()
      local m = new(2, { idle_rounds = 3 })
      for _ = 1, 3 do
        pass_turn(m, 1)
        pass_turn(m, 2)
      end
      assert.equal("over", m:status())
      assert.equal("no word for 3 rounds", m:result().reason)
    end)

    it("counts only whole rounds in a row without a word for idle_rounds: a word starts the count again", function()
      local m = new(2, { idle_rounds = 1 })
      arrange(m, { hand = { "CATBBFF", "DDLLMMP" }, pool = "EIO" })
      ok(m, "word CAT")
      ok(m, "pass")   -- the discard
      pass_turn(m, 2)
      -- round 1 had a word: the count starts at round 2
      assert.equal("waiting", m:status())
      pass_turn(m, 1)
      -- two turns in a row without a word, but round 2 is not over: seat 2
      -- still has its turn, so that both seats have had as many
      assert.equal("waiting", m:status())
      assert.equal(2, m.game.seats:current())
      pass_turn(m, 2)
      assert.equal("over", m:status())
      assert.equal("no word for 1 round", m:result().reason)
    end)
  end)

  describe("at the terminal", function()
    -- the table as a seat sees it (describe)
    local function table_lines(m, seat) return def.describe(m:view(seat), m.game.cards) end

    local function has_line(lines, line)
      for _, l in ipairs(lines) do if l == line then return true end end
      return false
    end

    it("shows the prices of the patents offered in the buy prompt; the answers stay as they were", function()
      local m = new(3)
      arrange(m, { hand = { "CATSBBF" } })
      state(m).money[1] = 6
      ok(m, "word CATS")
      local r = asked(m, 1, "buy")
      assert.equal("buy a patent? you have $8 (A $8, C $3, S $6, T $8)", r.prompt)
      assert.same({ "pass", "buy A", "buy C", "buy S", "buy T" }, r.answers)
    end)

    it("lists the patents for sale by price, on lines of at most 78 columns", function()
      local m = new(3)
      local lines = table_lines(m, 1)
      assert.same({ "  patents for sale: $2 B J K Q V X Z, $3 C F G M P U W Y, $4 D L, $5 H,",
                    "    $6 R S, $7 I N O, $8 A T, $10 E" }, { lines[#lines - 1], lines[#lines] })
      for _, line in ipairs(lines) do assert(#line <= 78, line) end
      -- an owned patent is on its owner's line, not for sale
      own(m, 2, "BCDFGHIJKLMNOPQRSTUVWXYZ")
      lines = table_lines(m, 1)
      assert.equal("  patents for sale: $8 A, $10 E", lines[#lines])
      own(m, 3, "AE")
      lines = table_lines(m, 1)
      assert.equal("  patents for sale: none", lines[#lines])
      assert.matches("^  seat 3: %$0, 0 stock, patents A E %(%$18%)%.", lines[4])
    end)

    it("counts a hidden hand of one card in the singular, and says when a zone is empty", function()
      local m = new(3)
      arrange(m, { hand = { "CATBFGM", "D", "" }, pool = "", deck = "E", rest = false })
      local lines = table_lines(m, 3)
      assert.equal("round 1. goal: patents worth $34, at least 5. deck: 1 card. pool: empty", lines[1])
      assert.equal("  seat 1: $0, 0 stock, patents none ($0). hand: 7 cards", lines[2])
      assert.equal("  seat 2: $0, 0 stock, patents none ($0). hand: 1 card", lines[3])
      assert.equal("  seat 3 (you): $0, 0 stock, patents none ($0). hand: empty", lines[4])
      assert.equal("  seat 1 (you): $0, 0 stock, patents none ($0). hand: C A T B F G M", table_lines(m, 1)[2])
    end)

    it("refuses a discard of a letter the hand never held as 'no', of more than it holds as 'no more'", function()
      local m = new(3)
      arrange(m, { hand = { "CATBFGM" } })
      ok(m, "pass")
      refused(m, "discard D", "answer 'discard D' is not accepted: your hand holds no D")
      refused(m, "discard ACC", "answer 'discard ACC' is not accepted: your hand holds no more C")
    end)

    it("says that the keyword alone is the word WORD when that play fails", function()
      local m = new(3)
      arrange(m, { hand = { "CATDOGB" }, pool = "EIS" })
      -- (the example: a word the cards allow now)
      local hint = "; 'word' alone is read as the word WORD: type the word you mean, e.g. 'word ACE', or 'pass'"
      refused(m, "word", "answer 'word' is not accepted: the play needs 1 R card; your hand and the pool hold 0"
        .. hint)
      refused(m, " Words ", "answer ' Words ' is not accepted: the play needs 1 R card; your hand and the "
        .. "pool hold 0; 'Words' alone is read as the word WORDS: type the word you mean, e.g. 'word ACE', "
        .. "or 'pass'")
      -- a word that fails otherwise gets no hint
      refused(m, "word DRAG", "answer 'word DRAG' is not accepted: the play needs 1 R card; your hand and "
        .. "the pool hold 0")
      -- nor does the word WORD where the cards allow it: it is a play
      arrange(m, { hand = { "WORDCAT" }, pool = "EIS" })
      ok(m, "word")
      assert.same({ 1, "word WORD" }, m:log()[1])
    end)

    it("gives the same hint at the V patent's second word", function()
      local m = new(3)
      arrange(m, { hand = { "CATDOGB" }, pool = "EIS" })
      own(m, 1, "V")
      ok(m, "word CAT +")
      asked(m, 1, "second word")
      refused(m, "word", "answer 'word' is not accepted: the play needs 1 R card; your hand and the pool "
        .. "hold 0; 'word' alone is read as the word WORD: type the word you mean, e.g. 'word DOG', or 'pass'")
    end)

    it("reads a slip of a keyword at the word request as the keyword, where the text as words fails", function()
      local m = new(3)
      arrange(m, { hand = { "CATDOGB" }, pool = "EIS" })
      local start = "answer '%s' is not accepted: "
      local function says(text, reason) refused(m, text, string.format(start, text) .. reason) end
      says("wrod cat", "'wrod' was read as a word; if you meant 'word', say 'word CAT'")
      says("Wrd  dogs", "'Wrd' was read as a word; if you meant 'word', say 'word DOGS'")
      says("wrod quit", "'wrod' was read as a word; if you meant 'word': the play needs 1 Q card; your hand "
        .. "and the pool hold 0")
      says("wrod", "the play needs 1 R card; your hand and the pool hold 0; 'wrod' alone is read as the word WROD: "
        .. "type the word you mean, e.g. 'word ACE', or 'pass'")
      says("pas", "the play needs 1 P card; your hand and the pool hold 0; 'pas' was read as the word PAS: to pass, "
        .. "say 'pass'")
      says("by s", "'by' was read as a word, but if you meant 'buy', a patent is bought after your word stands: "
        .. "type your word, e.g. 'word ACE', or 'pass'")
      says("dsicard B", "'dsicard' was read as a word, but if you meant 'discard', you discard at the end of your "
        .. "turn: type your word, e.g. 'word ACE', or 'pass'")
      -- the keyword itself keeps its reason; so does a slip that is a word of the dictionary (LORD), which
      -- may have been meant
      says("buy S", "'buy' was read as a word, but a patent is bought after your word stands: type your word, "
        .. "e.g. 'word ACE', or 'pass'")
      local lord = support.write(dir, "lord.txt", "LORD\nCAT\nACE\n")
      local l = lt.new(def, lord, 3)
      arrange(l, { hand = { "CATDOGB" }, pool = "EIS" })
      refused(l, "lord cat", "answer 'lord cat' is not accepted: two words need the V patent; expected one word, "
        .. "e.g. 'word ACE', or 'pass'")
      refused(l, "wird cat", "answer 'wird cat' is not accepted: 'wird' was read as a word; if you meant 'word', "
        .. "say 'word CAT'")
      -- at the V patent's second word, the second word meant
      own(m, 1, "V")
      ok(m, "word CAT +")
      asked(m, 1, "second word")
      says("wrod dogs", "'wrod' was read as a word; if you meant 'word', say 'word DOGS'")
    end)

    it("reads a slip of a keyword as the keyword at the buy, discard, penalty, replace and challenge requests", function()
      local why = function(m, text) return support.refusal_reason(m, text) end
      local m = new(3)
      arrange(m, { hand = { "CATBBFF" }, pool = "EIO" })
      state(m).money[1] = 5
      ok(m, "word CAT")
      asked(m, 1, "buy")
      assert.equal("say 'buy C'", why(m, "by c"))
      assert.equal("say 'buy C'", why(m, "byu C"))
      assert.equal("the A patent costs $8; you have $6", why(m, "by A"))
      assert.equal("say 'pass' to buy no patent", why(m, "pas"))
      assert.equal("name one letter, e.g. 'buy C'", why(m, "by"))
      ok(m, "pass")
      asked(m, 1, "discard")
      refused(m, "dsicard bb", "answer 'dsicard bb' is not accepted: say 'discard BB'")
      refused(m, "discrad Z", "answer 'discrad Z' is not accepted: if you meant 'discard': your hand holds no Z")
      refused(m, "pas", "answer 'pas' is not accepted: say 'pass'")
      -- the penalty
      local p = new(3, { retries = 0 })
      arrange(p, { hand = { "CATBBFF" } })
      ok(p, "word TAC")
      asked(p, 1, "penalty")
      assert.equal("say 'discard B'", why(p, "dsicard b"))
      assert.equal("your hand holds no Q", why(p, "discrad Q"))
      -- the Q patent's replacement
      local q = new(2)
      arrange(q, { hand = { "BBFFGGM", "CATWWHH" }, pool = "EXS", deck = "DDDLLL" })
      own(q, 2, "Q")
      pass_turn(q, 1)
      asked(q, 2, "replace")
      assert.equal("say 'replace W'", why(q, "replce W"))
      assert.equal("say 'replace pool E'", why(q, "replace pol E"))
      assert.equal("your hand holds no Q", why(q, "rpelace Q"))
      assert.equal("say 'pass'", why(q, "pasw"))
      assert.equal("name the letter of the card, e.g. 'replace pool E'", why(q, "pool"))
      assert.equal("name the letter of the card, e.g. 'replace pool E'", why(q, "pol"))
      -- the players' challenge
      local c = new(3, { challenge = "players" })
      arrange(c, { hand = { "CATBBFF" }, pool = "EIO" })
      ok(c, "word CAT")
      asked(c, 2, "challenge")
      assert.equal("say 'challenge'", why(c, "chalenge"))
      assert.equal("say 'pass'", why(c, "pas"))
      assert.is_nil(why(c, "maybe"))
    end)

    it("says that numbers answer menus only, at the word and the discard, with an example legal now", function()
      local m = new(3)
      arrange(m, { hand = { "BCDFGHK" }, pool = "LMN" })
      refused(m, "1", "answer '1' is not accepted: numbers answer menus only; here you type a word, "
        .. "or 'pass': no word fits your cards now")
      arrange(m, { hand = { "CATDOGB" }, pool = "EIS" })
      refused(m, "1", "answer '1' is not accepted: numbers answer menus only; here you type a word, "
        .. "e.g. 'word ACE', or 'pass'")
      ok(m, "pass")
      asked(m, 1, "discard")
      refused(m, " 2 ", "answer ' 2 ' is not accepted: numbers answer menus only; here you type 'discard' "
        .. "and letters of your hand, e.g. 'discard A', or 'pass'")
    end)

    it("splits each total at the end into patents, money and stock", function()
      local m = new(3)
      arrange(m, { hand = { "BBFFGGM", "CATSHHW", "DDLLNNP" }, pool = "EIO" })
      own(m, 2, "EATIO")
      state(m).money = { 30, 0, 5 }
      state(m).stock = { 3, 1, 0 }
      local said = {}
      m.game.narrate = function(text) said[#said + 1] = text end
      for seat = 1, 3 do pass_turn(m, seat) end
      assert.equal("over", m:status())
      local lines = table_lines(m, 0)
      local n = #lines
      assert.same({ "  final scores:",
                    "    seat 1: patents $0 + money $30 + stock 3 = 33",
                    "    seat 2: patents $40 + money $0 + stock 1 = 41",
                    "    seat 3: patents $0 + money $5 + stock 0 = 5" }, { table.unpack(lines, n - 3, n) })
      assert.is_false(has_line(lines, "  patents for sale: $2 B J K Q V X Z, $3 C F G M P U W Y, $4 D L, $5 H,"))
      -- no tie, nothing said of one
      assert.same({ "seat 2 reaches the goal: this is the last round" }, said)
    end)

    it("says what doubled a word: the patent, its Q, and the factor of several", function()
      local function said_for(players, patents, text, options)
        local m = new(players, options)
        arrange(m, { hand = { "CATQUOT", "EEELLLL", "DOGHHMM" }, pool = "IDEA" })
        own(m, 1, patents)
        local said = {}
        m.game.narrate = function(line) said[#said + 1] = line end
        ok(m, text)
        return said[1]
      end
      assert.equal("seat 1 plays word IDEA: $4 and 0 stock (doubled by the B patent)", said_for(3, "B", "word IDEA"))
      assert.equal("seat 1 plays word CAT: $1 and 0 stock", said_for(3, "B", "word CAT"))
      -- QUOTA: its Q, and J (3 vowels of 5)
      assert.equal("seat 1 plays word QUOTA: $12 and 0 stock (x4: its Q and the J patent)",
        said_for(3, "J", "word QUOTA"))
      assert.equal("seat 1 plays word QUOTA: $9 and 0 stock (x3: its Q and the J patent)",
        said_for(3, "J", "word QUOTA", { doubling = "add" }))
      assert.equal("seat 1 plays word QUOTA: $6 and 0 stock (doubled by its Q)", said_for(3, "", "word QUOTA"))
      -- two words (V): the word each doubling went to
      assert.equal("seat 1 plays word CAT IDEA: $5 and 0 stock (IDEA doubled by the B patent)",
        said_for(3, "BV", "word CAT IDEA"))
    end)

    it("says 'on the table' only while the others may challenge the play; 'this turn' where it stands", function()
      local function line_of(lines)
        for _, l in ipairs(lines) do
          if l:find("seat 1 plays word CAT", 1, true) then return l end
        end
      end
      local m = new(3)
      arrange(m, { hand = { "CATBBFF" }, pool = "EIO" })
      state(m).money[1] = 5
      ok(m, "word CAT")
      asked(m, 1, "buy")
      assert.equal("  this turn: seat 1 plays word CAT", line_of(table_lines(m, 1)))
      assert.equal("  this turn: seat 1 plays word CAT", line_of(table_lines(m, 2)))
      local p = new(3, { challenge = "players" })
      arrange(p, { hand = { "CATBBFF" }, pool = "EIO" })
      state(p).money[1] = 5
      ok(p, "word CAT")
      asked(p, 2, "challenge")
      assert.equal("  on the table: seat 1 plays word CAT", line_of(table_lines(p, 2)))
      assert.equal("  on the table: seat 1 plays word CAT", line_of(table_lines(p, 1)))
      ok(p, "pass")
      ok(p, "pass")
      asked(p, 1, "buy")
      assert.equal("  this turn: seat 1 plays word CAT", line_of(table_lines(p, 1)))
    end)

    it("says 'last turn' of the turn before, not of the player's own turn under way", function()
      local function last_line(lines)
        for _, l in ipairs(lines) do
          if l:find("^  last turn: ") then return l end
        end
      end
      local m = new(2)
      arrange(m, { hand = { "CATBBFF", "DOGHHMM" }, pool = "EIO" })
      state(m).money[1] = 2
      ok(m, "word CAT")
      ok(m, "buy C")
      asked(m, 1, "discard")
      assert.is_nil(last_line(table_lines(m, 1)))
      ok(m, "pass")
      asked(m, 2, "word")
      assert.equal("  last turn: seat 1 played word CAT for $1 and 0 stock, bought C", last_line(table_lines(m, 2)))
      ok(m, "pass")
      asked(m, 2, "discard")
      assert.equal("  last turn: seat 1 played word CAT for $1 and 0 stock, bought C", last_line(table_lines(m, 2)))
      ok(m, "pass")
      assert.equal("  last turn: seat 2 passed", last_line(table_lines(m, 1)))
    end)

    it("names at the end the last round played, not the one after it", function()
      -- the goal: seat 2 reaches it in round 2, which is the last
      local m = new(3)
      for seat = 1, 3 do pass_turn(m, seat) end
      own(m, 2, "EATIO")
      pass_turn(m, 1)
      pass_turn(m, 2)
      local first = "^round 2 %(the last round%)%. goal: patents worth %$34, at least 5%."
      assert.matches(first, table_lines(m, 1)[1])
      pass_turn(m, 3)
      assert.equal("over", m:status())
      assert.matches(first, table_lines(m, 1)[1])
      -- the view every front end reads (the web page's status line, the
      -- REPL's table) and a simulation's count of rounds
      assert.equal(2, m:view(1).round)
      assert.equal(2, m.game.seats:round())
      -- idle_rounds: 2 rounds without a word end in round 2
      local idle = new(2, { idle_rounds = 2 })
      for _ = 1, 2 do
        pass_turn(idle, 1)
        pass_turn(idle, 2)
      end
      assert.equal("over", idle:status())
      assert.equal(2, idle:view(1).round)
    end)

    it("ends the last round where the turn passes to the start player, lost and extra turns counted", function()
      -- seat 3 loses its turn: the round is over after seat 2's
      local m = new(3)
      assert(m:edit("last_round 1"))
      m.game.seats:skip(3, 1)
      pass_turn(m, 1)
      pass_turn(m, 2)
      assert.equal("over", m:status())
      assert.equal(1, m.game.seats:round())
      -- seat 3 has an extra turn: the round is over after its second
      local x = new(3)
      assert(x:edit("last_round 1"))
      x.game.seats:extra(3, 1)
      for seat = 1, 3 do pass_turn(x, seat) end
      pass_turn(x, 3)
      assert.equal("over", x:status())
      assert.equal(1, x.game.seats:round())
    end)

    it("says at the end when the patents broke a tie of totals", function()
      local m = new(3)
      own(m, 2, "EATIO")
      state(m).money = { 40, 0, 40 }
      local said = {}
      m.game.narrate = function(text) said[#said + 1] = text end
      for seat = 1, 3 do pass_turn(m, seat) end
      local line = "seats 1, 2 and 3 tie at 40; seat 2 wins the tie with patents worth $40, against $0 and $0"
      assert.equal(line, said[#said])
      local lines = table_lines(m, 0)
      assert.equal("  " .. line, lines[#lines])
      assert.equal("    seat 3: patents $0 + money $40 + stock 0 = 40", lines[#lines - 1])
    end)

    it("says a tie the patents do not break, or break among some of the tied", function()
      local tie_break = def.rules.tie_break
      assert.is_nil(tie_break({ 40, 30, 20 }, { 5, 30, 0 }, { 1 }))
      assert.equal("seats 1 and 3 tie at 40, and on patent value ($5 each): they share the win",
        tie_break({ 40, 30, 40 }, { 5, 30, 5 }, def.rules.winners({ 40, 30, 40 }, { 5, 30, 5 })))
      assert.equal("seats 1, 2 and 3 tie at 40; seats 1 and 2 share the win with patents worth $5 each, "
        .. "against $3", tie_break({ 40, 40, 40 }, { 5, 5, 3 }, def.rules.winners({ 40, 40, 40 }, { 5, 5, 3 })))
      assert.equal("seats 1 and 2 tie at 40; seat 2 wins the tie with patents worth $9, against $5",
        tie_break({ 40, 40, 12 }, { 5, 9, 3 }, def.rules.winners({ 40, 40, 12 }, { 5, 9, 3 })))
    end)
  end)

  describe("SOWPODS (when set-up fetched it)", function()
    local dictionary = require "cardlab.dictionary"
    local path = dictionary.path("sowpods")
    local f = io.open(path, "rb")
    if f then
      f:close()
      it("is the default list, and knows QUOTA but not TACQ", function()
        local m = assert(match.new(def, { players = 2, seed = 1 }))
        assert.is_true(m.game.dict:contains("QUOTA"))
        assert.is_false(m.game.dict:contains("TACQ"))
      end)
    end
  end)
end)

describe("Letter Tycoon's greedy bot in a simulation", function()
  -- `cardlab sim` wraps every rule piece to count its calls; the bot took the
  -- wrappers for a house rule's pieces and weighed every word by calling
  -- score_play (3,253 calls a game at these seeds, and a third as many games
  -- a second). The state names the pieces a house rule replaced, seen through
  -- the wrappers, and the bot takes the book's shortcuts where none is.
  it("takes the book's shortcuts under the counting wrappers, and not under a house rule's pieces", function()
    local out, status = support.run_cardlab("sim lettertycoon -n 5 --players 2 --bots greedy --jobs 1 --json")
    assert.equal(0, status, out)
    local calls
    for _, r in ipairs(require("cjson").decode(out).rules) do
      if r.name == "score_play" then calls = r.mean end
    end
    assert.is_true(calls < 500, tostring(calls))
    local m = assert(match.new(assert(loader.load("lettertycoon")), { players = 2, seed = 1 }))
    assert.is_nil(m.game.state.house_pieces)
    local def = support.load_with_house("lettertycoon", "local score = rules.score_play\n"
      .. "rules.score_play = function(...) return score(...) end")
    m = assert(match.new(def, { players = 2, seed = 1 }))
    assert.same({ score_play = true }, m.game.state.house_pieces)
  end)
end)
