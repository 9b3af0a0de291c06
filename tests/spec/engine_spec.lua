-- cl.Engine: a game body run as a coroutine that yields requests
--   seat, kind, prompt, answers (a list of texts, or a validator), enumerator
-- and gets back (answer text, index in the list or nil).

local vm = require "cardlab.vm"

local yield = coroutine.yield

-- This file's name as error messages give it.
local THIS = debug.getinfo(1, "S").short_src

local COLORS = { "red", "green", "Dark Blue" }

-- Asks seat 1 for a color, then seat 2 for a typed word; gives what it got.
local function two_questions(a, b)
  local color, index = yield(1, "color", "pick a color", COLORS)
  local word = yield(2, "word", "type a word",
    function(text)
      if text:match("^%a+$") then return text:upper() end
      return nil, "letters only"
    end,
    function() return { "CAT", "DOG" } end)
  return { a = a, b = b, color = color, index = index, word = word }
end

describe("cl.Engine", function()
  describe("a game played by answers", function()
    local e
    before_each(function()
      e = vm.engine(two_questions, 2, 5)
    end)

    it("is new until started, then waits at the first request", function()
      assert.equal("new", e:status())
      assert.equal("cl.Engine (new, 0 answers)", tostring(e))
      assert.equal("waiting", e:start("A", "B"))
      assert.equal("waiting", e:status())
      local seat, kind, prompt, legal = e:request()
      assert.same({ 1, "color", "pick a color" }, { seat, kind, prompt })
      assert.same(COLORS, legal)
      assert.same(COLORS, e:legal())
      assert.equal(0, e:count())
      assert.same({}, e:log())
      assert.has_error(function() e:start() end, "start: the game has started already")
    end)

    it("gives answers to the script, logs them and ends with the script's result", function()
      e:start("A", "B")
      assert.equal("waiting", e:answer("green"))
      assert.same({ { 1, "green" } }, e:log())
      assert.equal(1, e:count())
      local seat, kind = e:request()
      assert.same({ 2, "word" }, { seat, kind })
      assert.same({ "CAT", "DOG" }, e:legal())
      assert.equal("over", e:answer("dog"))
      assert.equal("over", e:status())
      assert.same({ a = "A", b = "B", color = "green", index = 2, word = "DOG" }, e:result())
      assert.same({ { 1, "green" }, { 2, "DOG" } }, e:log())
      assert.equal("cl.Engine (over, 2 answers)", tostring(e))
      -- nothing is pending any more
      assert.same({}, { e:request() })
      local ok, why = e:answer("x")
      assert.is_nil(ok)
      assert.equal("no request is pending (the game is over)", why)
      assert.has_error(function() e:legal() end, "legal: no request is pending")
    end)

    it("refuses an illegal answer with the reason and changes nothing", function()
      e:start()
      e:answer("red")
      local before_log = e:log()
      local ok, why = e:answer("c4t")
      assert.is_nil(ok)
      assert.equal("answer 'c4t' is not accepted: letters only", why)
      ok, why = e:answer("")
      assert.is_nil(ok)
      assert.equal("answer '' is not accepted: letters only", why)
      ok, why = e:answer(string.rep("\u{E9}", 100))
      assert.equal("answer '" .. string.rep("\u{E9}", 57) .. "... (200 bytes)' is not accepted: letters only", why)
      assert.same(before_log, e:log())
      assert.equal(1, e:count())
      assert.equal("waiting", e:status())
      local seat, kind = e:request()
      assert.same({ 2, "word" }, { seat, kind })
    end)

    it("refuses an answer that is not in the list, listing the legal ones", function()
      e:start()
      local ok, why = e:answer("purple")
      assert.is_nil(ok)
      assert.equal("'purple' is not a legal answer; legal answers: red, green, Dark Blue", why)
      -- quoted back on one line and cut short, whoever answered (play, :answer, a script)
      ok, why = e:answer("re\0d\n" .. string.rep("x", 100000))
      assert.is_nil(ok)
      assert.equal("'re\\0d\\10" .. string.rep("x", 49) .. "... (100005 bytes)' is not a legal answer; "
        .. "legal answers: red, green, Dark Blue", why)
      assert.equal(0, e:count())
      local seat, kind, prompt, legal = e:request()
      assert.same({ 1, "color", "pick a color", COLORS }, { seat, kind, prompt, legal })
      assert.has_error(function() e:answer(nil) end, "bad argument #1 to 'answer' (string expected, got nil)")
    end)

    it("matches loosely (case, blanks) and logs the canonical text", function()
      e:start()
      assert.equal("waiting", e:answer("  dark   BLUE "))
      assert.same({ { 1, "Dark Blue" } }, e:log())
      e:answer("cat")
      assert.same({ a = nil, b = nil, color = "Dark Blue", index = 3, word = "CAT" }, e:result())
    end)

    it("refuses an answer that matches several legal ones loosely", function()
      local g = vm.engine(function() return (yield(1, "k", "p", { "ab", "AB", "a b" })) end, 1, 1)
      g:start()
      local ok, why = g:answer("Ab")
      assert.is_nil(ok)
      assert.equal("'Ab' matches several legal answers; legal answers: ab, AB, a b", why)
      assert.equal(0, g:count())
      -- an exact match is never ambiguous
      assert.equal("over", g:answer("AB"))
      assert.equal("AB", g:result())
    end)

    it("lists at most 12 legal answers in a refusal", function()
      local list = {}
      for i = 1, 15 do list[i] = "a" .. i end
      local g = vm.engine(function() return yield(1, "k", "p", list) end, 1, 1)
      g:start()
      local _, why = g:answer("zz")
      assert.equal("'zz' is not a legal answer; legal answers: a1, a2, a3, a4, a5, a6, a7, a8, "
        .. "a9, a10, a11, a12 ... (3 more)", why)
    end)

    it("say why, when the script gives an explainer, and change nothing", function()
      local asked = {}
      local function explain(text, seat)
        asked[#asked + 1] = text .. " by " .. seat
        if text:match("^play ") then return "you hold no " .. text:sub(6) end
      end
      local g = vm.engine(function() return (yield(2, "k", "p", { "play 2S", "draw" }, explain)) end, 2, 1)
      g:start()
      local ok, why = g:answer("play KS")
      assert.is_nil(ok)
      assert.equal("'play KS' is not a legal answer: you hold no KS; legal answers: play 2S, draw", why)
      -- nil: no reason
      _, why = g:answer("fold")
      assert.equal("'fold' is not a legal answer; legal answers: play 2S, draw", why)
      -- asked with the text as given, and only for a text that is not legal
      assert.equal("over", g:answer("Play 2s"))
      assert.same({ "play KS by 2", "fold by 2" }, asked)
      assert.equal("play 2S", g:result())
      -- an ambiguous text needs no explaining
      g = vm.engine(function() yield(1, "k", "p", { "ab", "AB" }, explain) end, 1, 1)
      g:start()
      _, why = g:answer("Ab")
      assert.equal("'Ab' matches several legal answers; legal answers: ab, AB", why)
      assert.same({ "play KS by 2", "fold by 2" }, asked)
    end)

    it("name with explain.slip_of the keyword a typed word is one slip from", function()
      local slip_of = require("explain").slip_of
      local keywords = { "word", "words", "buy", "pass", "discard" }
      -- a letter swapped with its neighbour, dropped, added, changed; any case
      assert.equal("word", slip_of("wrod", keywords))
      assert.equal("word", slip_of("WRD", keywords))
      assert.equal("buy", slip_of("by", keywords))
      assert.equal("buy", slip_of("buys", keywords))
      assert.equal("pass", slip_of("Pas", keywords))
      assert.equal("discard", slip_of("discrad", keywords))
      assert.equal("discard", slip_of("dsicard", keywords))
      assert.equal("words", slip_of("wrods", keywords))
      assert.equal("word", slip_of("xord", keywords))
      -- the first of the list where two are near
      assert.equal("word", slip_of("wordz", keywords))
      -- a keyword itself, two slips, one letter, other characters, no word
      assert.is_nil(slip_of("Words", keywords))
      assert.is_nil(slip_of("wdro", keywords))
      assert.is_nil(slip_of("bye", keywords))
      assert.is_nil(slip_of("b", keywords))
      assert.is_nil(slip_of("b1", keywords))
      assert.is_nil(slip_of(nil, keywords))
    end)

    it("give the explainer the legal answers, and explain.meant the answer a part of a name stands for", function()
      local explain = require "explain"
      local names = { "Fintech Specialist", "Intern", "White Hat Hacker", "Black Hat Hacker", "Turbo-Line" }
      local seen
      local function explainer(text, seat, answers)
        seen = answers
        local meant = explain.meant(text, answers, names)
        return meant and "say '" .. meant .. "'"
      end
      local legal = { "hire Fintech Specialist", "hire Intern", "hire White Hat Hacker", "hire Black Hat Hacker", "no" }
      local g = vm.engine(function() return (yield(1, "k", "p", legal, explainer)) end, 1, 1)
      g:start()
      local _, why = g:answer("hire  specialist")
      assert.equal("'hire  specialist' is not a legal answer: say 'hire Fintech Specialist'; legal answers: "
        .. "hire Fintech Specialist, hire Intern, hire White Hat Hacker, hire Black Hat Hacker, no", why)
      assert.same(legal, seen)
      -- a part of two names, a name of one word (no part), a whole name without its verb: none meant
      assert.is_nil(explain.meant("hire Hacker", legal, names))
      assert.is_nil(explain.meant("hire Hat Hacker", legal, names))
      assert.equal("hire White Hat Hacker", explain.meant("hire white", legal, names))
      assert.equal("hire White Hat Hacker", explain.meant("HIRE White Hat", legal, names))
      assert.is_nil(explain.meant("hire Intern", legal, names))
      assert.is_nil(explain.meant("Specialist", legal, names))
      -- a hyphen parts words
      assert.equal("play Turbo-Line", explain.meant("play turbo", { "play Turbo-Line", "stop" }, names))
      -- explain.first_meant: the answer meant first, else the game's own reason
      local own = explain.first_meant(function(text, seat) return "own reason for " .. text .. " by " .. seat end, names)
      assert.equal("say 'hire Fintech Specialist'", own("hire specialist", 1, legal))
      assert.equal("own reason for hire Hacker by 2", own("hire Hacker", 2, legal))
      -- answers stay exact: nothing was answered
      assert.equal("over", g:answer("hire Fintech Specialist"))
      -- an explainer that empties the list it is given empties a copy: the
      -- request's own list, whose texts the refusal reads after it, stays
      local list = {}
      for i = 1, 3 do list[i] = string.rep("x", 40) .. i end
      g = vm.engine(function() return (yield(1, "k", "p", list, function(_, _, answers)
        for i = #answers, 1, -1 do answers[i] = nil end
        collectgarbage()
      end)) end, 1, 1)
      g:start()
      _, why = g:answer("yes")
      assert.matches("legal answers: " .. string.rep("x", 40) .. "1, ", why, 1, true)
      assert.equal(3, #list)
      -- one that empties the request's own list too (a closure over it)
      -- leaves its strings to the collector: the answer a text is the end
      -- of is found before it runs (after it, the refusal read freed
      -- memory: AddressSanitizer's heap-use-after-free, in CI's pass)
      local own_list = {}
      for i = 1, 3 do own_list[i] = "play " .. string.rep("x", 60) .. i end
      g = vm.engine(function() return (yield(1, "k", "p", own_list, function(_, _, answers)
        for i = 1, #own_list do own_list[i] = false end
        answers = nil
        collectgarbage()
        collectgarbage()
      end)) end, 1, 1)
      g:start()
      _, why = g:answer(string.rep("x", 60) .. "2")
      assert.matches(": say 'play " .. string.rep("x", 60) .. "2'; legal answers: ", why, 1, true)
    end)

    it("name a legal answer given with words to spare, before any explainer", function()
      local called = false
      local g = vm.engine(function()
        return (yield(1, "k", "p", { "play 7H", "play 7H clubs", "draw" }, function() called = true end))
      end, 1, 1)
      g:start()
      assert.equal("'DRAW  now' is not a legal answer: say just 'draw'; legal answers: play 7H, play 7H clubs, draw",
        select(2, g:answer("DRAW  now")))
      -- the longest legal beginning
      assert.equal("'play 7h clubs please' is not a legal answer: say just 'play 7H clubs'; legal answers: "
        .. "play 7H, play 7H clubs, draw", select(2, g:answer("play 7h clubs please")))
      assert.is_false(called)
      -- a pasted megabyte is searched no further than the longest answer
      local long = "draw " .. string.rep("y ", 500000)
      assert.matches(": say just 'draw'; ", select(2, g:answer(long)))
      assert.matches("^'play 7Hx [^;]*' is not a legal answer; legal", select(2, g:answer("play 7Hx " .. long)))
      -- a word run together is no beginning: the explainer is asked
      g:answer("draws")
      assert.is_true(called)
      -- without an explainer too
      g = vm.engine(function() return (yield(1, "k", "p", { "pass", "challenge" })) end, 1, 1)
      g:start()
      assert.equal("'pass\\9please' is not a legal answer: say just 'pass'; legal answers: pass, challenge",
        select(2, g:answer("pass\tplease")))
      assert.equal(0, g:count())
    end)

    it("name the one legal answer a text is the end of, where the explainer gives no reason", function()
      local reasons = { ["7H"] = "the game knows better" }
      local g = vm.engine(function()
        return (yield(1, "k", "p", { "play 7H", "play 8D", "discard 8D", "draw" }, function(text) return reasons[text] end))
      end, 1, 1)
      g:start()
      assert.equal("'7h' is not a legal answer: say 'play 7H'; legal answers: play 7H, play 8D, discard 8D, draw",
        select(2, g:answer("7h")))
      -- the explainer's reason first; none for an end two answers share
      reasons["7h"] = "the game knows better"
      assert.equal("'7h' is not a legal answer: the game knows better; legal answers: play 7H, play 8D, "
        .. "discard 8D, draw", select(2, g:answer("7h")))
      assert.equal("'8D' is not a legal answer; legal answers: play 7H, play 8D, discard 8D, draw",
        select(2, g:answer("8D")))
      -- without an explainer too; nothing was answered
      g = vm.engine(function() return (yield(1, "k", "p", { "pass", "buy Web Magazine" })) end, 1, 1)
      g:start()
      assert.equal("'web  magazine' is not a legal answer: say 'buy Web Magazine'; legal answers: pass, "
        .. "buy Web Magazine", select(2, g:answer("web  magazine")))
      assert.equal(0, g:count())
    end)

    it("name the answer a yes or no stands for at a question answered in other words", function()
      local function refusal(prompt, legal, text, explain)
        local g = vm.engine(function() return (yield(1, "k", prompt, legal, explain)) end, 1, 1)
        g:start()
        local ok, why = g:answer(text)
        assert.is_nil(ok)
        assert.equal(0, g:count())
        return why
      end
      local take = { "take R13", "skip" }
      assert.equal("'yes' is not a legal answer: say 'take R13'; legal answers: take R13, skip",
        refusal("take the pool card?", take, "yes"))
      assert.equal("' N ' is not a legal answer: say 'skip'; legal answers: take R13, skip",
        refusal("take the pool card? ", take, " N "))
      assert.equal("'y' is not a legal answer: say which, as in 'swap R7'; legal answers: swap R7, swap R4, pass",
        refusal("swap a card?", { "swap R7", "swap R4", "pass" }, "y"))
      -- the answer that ends with the word; "y" for "yes"
      assert.equal("'y' is not a legal answer: say 'patrol yes'; legal answers: patrol yes, patrol no",
        refusal("stop it?", { "patrol yes", "patrol no" }, "y"))
      assert.equal("'Y' is not a legal answer: say 'yes'; legal answers: yes, no", refusal("a loan?", { "yes", "no" }, "Y"))
      -- not where the prompt asks no question, names its choices, or two answers decline
      assert.equal("'no' is not a legal answer; legal answers: take R13, skip", refusal("take the pool card", take, "no"))
      assert.equal("'yes' is not a legal answer; legal answers: accept, refuse",
        refusal("accept or refuse?", { "accept", "refuse" }, "yes"))
      assert.equal("'no' is not a legal answer; legal answers: play 7H, pass, skip",
        refusal("play?", { "play 7H", "pass", "skip" }, "no"))
      -- the explainer's reason first
      assert.equal("'yes' is not a legal answer: name it; legal answers: take R13, skip",
        refusal("take the pool card?", take, "yes", function() return "name it" end))
    end)

    it("refuse without the reason when the explainer fails, and change nothing", function()
      local g = vm.engine(function() return (yield(1, "k", "p", { "a" }, function() error("no idea") end)) end, 1, 1)
      g:start()
      local ok, why = g:answer("b")
      assert.is_nil(ok)
      assert.matches("^'b' is not a legal answer; legal answers: a %(the game's explainer of refusals failed: "
        .. THIS:gsub("%p", "%%%0") .. ":%d+: no idea%)$", why)
      assert.equal("waiting", g:status())
      -- an error value that is not a text is named by its type, or says what it is
      g = vm.engine(function() return (yield(1, "k", "p", { "a" }, function() error({}) end)) end, 1, 1)
      g:start()
      assert.matches("failed: " .. THIS:gsub("%p", "%%%0") .. ":%d+: the script raised an error value that is not "
        .. "a text %(table%)%)$", select(2, g:answer("b")))
      g = vm.engine(function()
        return (yield(1, "k", "p", { "a" }, function()
          error(setmetatable({}, { __tostring = function() return "no luck" end }))
        end))
      end, 1, 1)
      g:start()
      assert.matches("failed: no luck%)$", select(2, g:answer("b")))
      -- one that never returns is stopped by the limit, and the game goes on
      g = vm.engine(function() return (yield(1, "k", "p", { "a" }, function() while true do end end)) end,
        1, 1, 100000)
      g:start()
      assert.matches("failed: [^\n]*script ran for more than 100000 instructions", select(2, g:answer("b")))
      assert.equal("over", g:answer("a"))
      assert.equal("a", g:result())
      assert.equal(1, g:count())
      -- one that is not a function is a bad request, at the line that asked
      g = vm.engine(function() yield(1, "k", "p", { "a" }, "why") end, 1, 1)
      assert.equal("error", g:start())
      assert.matches("^[^\n]*engine_spec%.lua:%d+: bad request: the explainer of refused answers must be a "
        .. "function\n", g:result())
    end)
  end)

  describe("typed answers", function()
    it("take the validator's canonical text, or the text itself when it gives true", function()
      local g = vm.engine(function()
        local a = yield(1, "w", "p", function(t) return #t == 3 end, function() return { "abc" } end)
        local b = yield(1, "w", "p", function(t) return t == "x" or nil, "not x" end, function() return { "x" } end)
        return a .. b
      end, 1, 1)
      g:start()
      local ok, why = g:answer("abcd")
      assert.is_nil(ok)
      assert.equal("answer 'abcd' is not accepted", why)
      assert.equal("waiting", g:answer("xyz"))
      ok, why = g:answer("y")
      assert.equal("answer 'y' is not accepted: not x", why)
      assert.equal("over", g:answer("x"))
      assert.equal("xyzx", g:result())
      assert.same({ { 1, "xyz" }, { 1, "x" } }, g:log())
    end)

    it("keep a reason on one line, its control characters escaped", function()
      local g = vm.engine(function()
        return yield(1, "w", "p", function(t) return nil, "no " .. t .. "\nhere" end, function() return { "x" } end)
      end, 1, 1)
      g:start()
      assert.equal("answer 'a\\9b' is not accepted: no a\\9b\\10here", select(2, g:answer("a\tb")))
      g = vm.engine(function() yield(1, "k", "p", { "a" }, function(t) return "\27[31m" .. t end) end, 1, 1)
      g:start()
      assert.equal("'b' is not a legal answer: \\27[31mb; legal answers: a", select(2, g:answer("b")))
    end)

    it("end the game in error when the validator gives something other than a text, true or nil", function()
      for _, given in ipairs({ { {}, "table" }, { 1, "number" } }) do
        local g = vm.engine(function()
          return yield(1, "w", "p", function() return given[1] end, function() return { "x" } end)
        end, 1, 1)
        g:start()
        assert.equal("error", g:answer("x"))
        assert.matches("^[^\n]*engine_spec%.lua:%d+: bad request: the validator gave a " .. given[2]
          .. "; expected true, the answer's canonical text, or nil and a reason\n", g:result())
        assert.equal(0, g:count())
      end
    end)

    it("hand a validator's error to the game, which ends in error", function()
      local g = vm.engine(function()
        return yield(1, "w", "p", function() error("validator broke") end, function() return {} end)
      end, 1, 1)
      g:start()
      assert.equal("error", g:answer("x"))
      assert.equal("error", g:status())
      assert.matches("validator broke", g:result(), 1, true)
      assert.equal(0, g:count())
    end)

    it("end the game in error when the enumerator fails or gives no list", function()
      local g = vm.engine(function()
        return yield(1, "w", "p", function() return true end, function() return "nope" end)
      end, 1, 1)
      g:start()
      assert.has_error(function() g:legal() end, "legal: the game ended in error")
      assert.equal("error", g:status())
      assert.matches("^[^\n]*engine_spec%.lua:%d+: bad request: the enumerator of legal answers must "
        .. "give a list\n", g:result())
    end)

    it("go through the validator when a random bot answers, like a human's", function()
      -- The enumerator lists candidates; the validator decides and gives the
      -- canonical text. A random bot's pick must be checked and logged the way
      -- a human's answer is, or the log does not replay to the same game.
      local validated = 0
      local function body()
        return yield(1, "word", "type a word",
          function(text)
            validated = validated + 1
            if text == "dog" then return nil, "no dogs" end
            return text:upper()
          end,
          function() return { "cat", "dog" } end)
      end
      for seed = 1, 6 do
        local g = vm.engine(body, 1, seed)
        g:start()
        g:run({ "random" })
        if g:status() == "over" then
          -- a human answering the logged text gets the same game
          local replay = vm.engine(body, 1, seed)
          replay:start()
          assert.equal("over", replay:answer(g:log()[1][2]))
          assert.equal(replay:result(), g:result())
          assert.same(replay:log(), g:log())
        else
          assert.equal("error", g:status())
        end
      end
      assert.is_true(validated > 6)
    end)
  end)

  describe("malformed requests end the game in error", function()
    local function request_of(...)
      local n, args = select("#", ...), { ... }
      local g = vm.engine(function() yield(table.unpack(args, 1, n)) end, 2, 1)
      local status = g:start()
      return status, g:result(), g
    end

    local cases = {
      { "a seat out of range", { 3, "k", "p", { "x" } }, "bad request: seat 3 is not a seat of this game (1..2)" },
      { "seat 0", { 0, "k", "p", { "x" } }, "bad request: seat 0 is not a seat of this game (1..2)" },
      { "a fractional seat", { 1.5, "k", "p", { "x" } }, "bad request: seat 1.5 is not a seat of this game (1..2)" },
      { "a seat given as text", { "1", "k", "p", { "x" } }, "bad request: seat '1' (a string) is not a seat of this game (1..2)" },
      { "a non-string kind", { 1, 2, "p", { "x" } }, "bad request: the kind must be a string" },
      { "a missing prompt", { 1, "k", nil, { "x" } }, "bad request: the prompt must be a string" },
      { "no answers", { 1, "k", "p", {} }, "bad request: no legal answers" },
      { "answers of a wrong type", { 1, "k", "p", 7 }, "bad request: the legal answers must be a list of texts or a validator" },
      { "a validator without enumerator", { 1, "k", "p", function() end }, "bad request: a validator needs an enumerator of legal answers" },
      { "too few values", { 1, "k", "p" }, "bad request: it needs a seat, a kind, a prompt and the legal answers" },
    }

    it("(a sixth part, game:ask's refresh, that is not a function)", function()
      local status, result = request_of(1, "k", "p", { "x" }, nil, 7)
      assert.equal("error", status)
      assert.matches("^[^\n]*engine_spec%.lua:%d+: bad request: the refresh of the answers must be a function", result)
      local _, _, g = request_of(1, "k", "p", { "x" }, nil, print)
      assert.equal(print, select(6, g:request()))
    end)
    for _, case in ipairs(cases) do
      it("(" .. case[1] .. ")", function()
        local status, result, g = request_of(table.unpack(case[2], 1, #case[2] == 3 and 3 or 4))
        assert.equal("error", status)
        -- at the line that made the request
        local where, what = result:match("^[^\n]*"):match("^(.-engine_spec%.lua:%d+): (.*)$")
        assert.truthy(where, result)
        assert.equal(case[3], what)
        assert.equal(0, g:count())
        assert.same({}, { g:request() })
      end)
    end

    it("(with check_lists, every entry is examined when asked, before anyone answers)", function()
      for _, case in ipairs({ { { "a", 5 }, "legal answer 2 is not a text" },
                              { { "a", "b", "a" }, "'a' is listed twice %(answers 1 and 3%); expected different texts" } }) do
        local g = vm.engine(function() yield(1, "k", "p", case[1]) end, 1, 1)
        assert.equal("waiting", g:start())  -- by default an entry is looked at when answered
        g = vm.engine(function() yield(1, "k", "p", case[1]) end, 1, 1)
        g:check_lists()
        assert.equal("error", g:start())
        assert.matches("^[^\n]*engine_spec%.lua:%d+: bad request: " .. case[2], g:result())
      end
    end)

    it("(with check_lists, the explainer is tried on texts that are not answers, when asked)", function()
      local tried = {}
      local function explain(text, seat)
        tried[#tried + 1] = text
        if text == "draw ?" then return 7 end
        if text:match("^%?") and seat == 1 then error("no reason for " .. text) end
      end
      local function game() yield(1, "k", "p", { "play 2S", "play 3S", "draw" }, explain) end
      local g = vm.engine(game, 1, 1)
      assert.equal("waiting", g:start())  -- nobody asked it anything yet
      assert.same({}, tried)
      g = vm.engine(game, 1, 1)
      g:check_lists()
      assert.equal("error", g:start())
      assert.matches("^[^\n]*engine_spec%.lua:%d+: bad request: the explainer failed on '%?': "
        .. THIS:gsub("%p", "%%%0") .. ":%d+: no reason for %?\n", g:result())
      g = vm.engine(function() yield(2, "k", "p", { "play 2S", "play 3S", "draw" }, explain) end, 2, 1)
      g:check_lists()
      assert.equal("error", g:start())
      assert.matches("^[^\n]*engine_spec%.lua:%d+: bad request: the explainer gave a number for 'draw %?'; "
        .. "expected a text, or nil for no reason\n", g:result())
      assert.same({ "?", "?", "play ?", "draw ?" }, tried)
      -- true is no reason, and not "none" either: a slip
      g = vm.engine(function() yield(1, "k", "p", { "a" }, function() return true end) end, 1, 1)
      g:check_lists()
      assert.equal("error", g:start())
      assert.matches("bad request: the explainer gave true for '%?'; expected a text, or nil for no reason", g:result())
    end)

    it("(with check_lists, the explainer tried gets a copy of the legal answers, as a refusal's does)", function()
      -- an explainer that empties the list it is given must not empty the
      -- request's: the game under check then plays as it would without
      local list, given = { "play 2S", "draw" }, nil
      local g = vm.engine(function() return (yield(1, "k", "p", list, function(_, _, answers)
        given = answers
        for i = #answers, 1, -1 do answers[i] = nil end
      end)) end, 1, 1)
      g:check_lists()
      assert.equal("waiting", g:start())
      assert.is_not_nil(given)
      assert.are_not.equal(list, given)
      assert.same({ "play 2S", "draw" }, list)
      assert.equal("over", g:answer("draw"))
    end)

    it("(a legal answer that is not a text)", function()
      local g = vm.engine(function() yield(1, "k", "p", { "a", {} }) end, 1, 1)
      g:start()
      assert.equal("error", g:answer("a"))
      -- found when answered, at the line that asked all the same
      assert.matches("^[^\n]*engine_spec%.lua:%d+: bad request: legal answer 2 is not a text\n", g:result())
    end)

    it("(numbers among the legal answers are matched safely or refused)", function()
      -- Numbers converted to text for matching must stay alive while they are
      -- compared (run under CARDLAB_SANITIZE to see a use after free).
      for round = 1, 5 do
        local list = {}
        for i = 1, 3000 do list[i] = i * 1000003 + round end
        local g = vm.engine(function() return (yield(1, "k", "p", list)) end, 1, 1)
        g:start()
        local status = g:answer(tostring(list[2999]))
        if status == "over" then
          assert.equal(list[2999], tonumber(g:result()))
        else
          assert.equal("error", status)
          assert.matches("is not a text", g:result(), 1, true)
        end
      end
    end)
  end)

  describe("script errors", function()
    it("end the game in error with file and line", function()
      local g = vm.engine(function()
        yield(1, "k", "p", { "go" })
        local t = nil
        return t.field
      end, 1, 1)
      assert.equal("waiting", g:start())
      assert.equal("error", g:answer("go"))
      local msg = g:result()
      assert.equal(THIS .. ":", msg:sub(1, #THIS + 1))
      assert.matches("^:%d+: attempt to index a nil value %(local 't'%)", msg:sub(#THIS + 1))
      assert.matches("stack traceback:", msg, 1, true)
      -- the answer that led there is logged
      assert.equal(1, g:count())
      local ok, why = g:answer("go")
      assert.is_nil(ok)
      assert.equal("no request is pending (the game is in error)", why)
    end)

    it("name an error value that is not a text by its type, at the script's line", function()
      local g = vm.engine(function() error({ code = 1 }) end, 1, 1)
      assert.equal("error", g:start())
      assert.matches("^" .. THIS:gsub("%p", "%%%0") .. ":%d+: the script raised an error value that is "
        .. "not a text %(table%)\nstack traceback:", g:result())
      -- one that says what it is (__tostring) keeps its message; one whose
      -- __tostring fails is named by its type
      g = vm.engine(function() error(setmetatable({}, { __tostring = function() return "no luck" end })) end, 1, 1)
      g:start()
      assert.matches("^no luck\nstack traceback:", g:result())
      g = vm.engine(function() error(setmetatable({}, { __tostring = function() error("worse") end })) end, 1, 1)
      g:start()
      assert.matches("^[^\n]*: the script raised an error value that is not a text %(table%)\n", g:result())
      -- a __tostring that never returns is stopped by the instruction limit
      g = vm.engine(function() error(setmetatable({}, { __tostring = function() while true do end end })) end,
        1, 1, 100000)
      assert.equal("error", g:start())
      assert.matches("^[^\n]*: the script raised an error value that is not a text %(table%)\n", g:result())
    end)

    it("name such a value raised in a validator or a bot at the line that raised it", function()
      local where = "^" .. THIS:gsub("%p", "%%%0") .. ":%d+: the script raised an error value that is not a text %(table%)\n"
      local g = vm.engine(function()
        yield(1, "w", "type", function() error({}) end, function() return { "x" } end)
      end, 1, 1)
      g:start()
      assert.equal("error", g:answer("x"))
      assert.matches(where, g:result())
      g = vm.engine(function() yield(1, "k", "p", { "a" }) end, 1, 1)
      g:start()
      g:run({ function() error({}) end })
      assert.matches(where:gsub("%^", "^bot for seat 1: ", 1), g:result())
    end)
  end)

  describe("runaway scripts", function()
    local LIMIT = "script ran for more than 1000000 instructions without asking for a decision (an endless loop?)"

    -- the message names the looping line: "...engine_spec.lua:LINE: " .. LIMIT
    local function names_line(message, line)
      local expected = string.format("engine_spec.lua:%d: %s", line, LIMIT)
      return message:match("^[^\n]*"):sub(-#expected) == expected
    end

    it("are stopped by the instruction limit", function()
      local loop_line
      local g = vm.engine(function()
        yield(1, "k", "p", { "go" })
        loop_line = debug.getinfo(1, "l").currentline + 1
        while true do end
      end, 1, 1, 1e6)
      assert.equal("waiting", g:start())
      assert.equal("error", g:answer("go"))
      assert.is_true(names_line(g:result(), loop_line), g:result())
    end)

    it("are stopped before the first request too", function()
      local loop_line = debug.getinfo(1, "l").currentline + 1
      local g = vm.engine(function() while true do end end, 1, 1, 1e6)
      assert.equal("error", g:start())
      assert.is_true(names_line(g:result(), loop_line), g:result())
    end)

    it("are stopped inside a validator", function()
      local g = vm.engine(function()
        yield(1, "k", "p", function() while true do end end, function() return { "x" } end)
      end, 1, 1, 1e6)
      g:start()
      assert.equal("error", g:answer("x"))
      assert.matches(LIMIT, g:result(), 1, true)
    end)

    it("are reported at the looping line, not at its caller's", function()
      local loop_line
      local function spin()
        loop_line = debug.getinfo(1, "l").currentline + 1
        while true do end
      end
      local g = vm.engine(function()
        spin()  -- the caller's line must not be named as where the loop is
      end, 1, 1, 1e6)
      assert.equal("error", g:start())
      local first = g:result():match("^[^\n]*")
      local where = first:match("^(.-):%d+: script ran")
      if where then
        assert.equal(THIS .. ":" .. loop_line, first:match("^(.-:%d+): script ran"))
      else
        assert.equal(LIMIT, first)
      end
    end)

    it("refuse a limit below one tick", function()
      assert.has_error(function() vm.engine(function() end, 1, 1, 10) end,
        "bad argument #4 to 'engine' (instruction limit too small)")
    end)
  end)

  describe("construction", function()
    it("checks its arguments", function()
      assert.has_error(function() vm.engine(1, 1, 1) end, "bad argument #1 to 'engine' (function expected, got number)")
      assert.has_error(function() vm.engine(function() end, 0, 1) end,
        "bad argument #2 to 'engine' (seat count out of range (1..8))")
      assert.has_error(function() vm.engine(function() end, 9, 1) end,
        "bad argument #2 to 'engine' (seat count out of range (1..8))")
      assert.has_error(function() vm.engine(function() end, 2) end,
        "bad argument #3 to 'engine' (number expected, got no value)")
    end)

    it("gives the first of several values the body returned as its result", function()
      local g = vm.engine(function() return "first", "second" end, 1, 1)
      assert.equal("over", g:start())
      assert.equal("first", g:result())
    end)

    it("ends at once for a body that asks nothing", function()
      local g = vm.engine(function(x) return x * 2 end, 1, 1)
      assert.equal("over", g:start(21))
      assert.equal(42, g:result())
      assert.equal(0, g:count())
    end)

    -- the arguments were moved onto the new coroutine's stack, which has
    -- room for 40 values: 44 of them corrupted memory (malloc aborted),
    -- 5,000 crashed
    it("passes the body thousands of arguments", function()
      local args = {}
      for i = 1, 5000 do args[i] = i end
      local g = vm.engine(function(...) return select("#", ...) + select(5000, ...) end, 1, 1)
      assert.equal("over", g:start(table.unpack(args)))
      assert.equal(10000, g:result())
      collectgarbage()
    end)

    -- (its first value is kept as the result: moved, not copied into a slot
    -- the coroutine's stack may lack after so many)
    it("takes the first of thousands of values the body returns as its result", function()
      local g = vm.engine(function()
        local many = {}
        for i = 1, 100000 do many[i] = i end
        return table.unpack(many)
      end, 1, 1)
      assert.equal("over", g:start())
      assert.equal(1, g:result())
    end)
  end)

  describe("bots", function()
    -- Ten requests to seats 1, 2, 3 in turn, five answers each; the result is
    -- the answers joined.
    local function ten(nseats)
      return function()
        local out = {}
        for i = 1, 10 do
          out[i] = yield((i - 1) % nseats + 1, "k", "p", { "a", "b", "c", "d", "e" })
        end
        return table.concat(out)
      end
    end

    local function play(seed, bots, max)
      local g = vm.engine(ten(3), 3, seed)
      g:start()
      local status, made = g:run(bots, max)
      return { status = status, made = made, result = g:result(), count = g:count() }, g
    end

    local RANDOM = { "random", "random", "random" }

    it("answer at random, the same way for the same seed", function()
      local one, g = play(1, RANDOM)
      assert.same({ status = "over", made = 10, result = "edbccebedc", count = 10 }, one)
      assert.same(one, play(1, RANDOM))
      assert.same({ 1, "e" }, g:log()[1])
      assert.not_equal(one.result, play(2, RANDOM).result)
    end)

    it("stop at a human seat (no entry) and go on from there", function()
      local r, g = play(1, { "random", nil, "random" })
      assert.same({ status = "waiting", made = 1, count = 1 }, { status = r.status, made = r.made, count = r.count })
      assert.equal(2, (g:request()))
      g:answer("c")
      local status, made = g:run({ "random", false, "random" })
      assert.equal("waiting", status)
      assert.equal(2, made)
      assert.equal(2, (g:request()))
    end)

    it("stop after max answers", function()
      local r, g = play(1, RANDOM, 4)
      assert.same({ "waiting", 4, 4 }, { r.status, r.made, r.count })
      local status, made, interrupted = g:run(RANDOM, 0)
      assert.same({ "waiting", 0, false }, { status, made, interrupted })
      status, made = g:run(RANDOM)
      assert.same({ "over", 6 }, { status, made })
      -- the random stream does not depend on where the runs were cut
      assert.equal(play(1, RANDOM).result, g:result())
    end)

    it("may be functions of (seat, kind, prompt, legal), checked like a human", function()
      local seen
      local r = play(1, { "random", function(seat, kind, prompt, legal)
        seen = { seat, kind, prompt, legal }
        return legal[#legal]:upper()  -- loose matching applies
      end, "random" })
      assert.equal("over", r.status)
      assert.same({ 2, "k", "p", { "a", "b", "c", "d", "e" } }, seen)
      assert.equal("e", r.result:sub(2, 2))
      assert.equal("e", r.result:sub(5, 5))
      assert.equal("e", r.result:sub(8, 8))
    end)

    it("end the game in error when a bot answers illegally, naming the seat", function()
      local r, g = play(1, { "random", function() return "zz" end, "random" })
      assert.same({ "error", 1, 1 }, { r.status, r.made, r.count })
      assert.equal("bot for seat 2 gave an illegal answer: 'zz' is not a legal answer; "
        .. "legal answers: a, b, c, d, e", r.result:match("^[^\n]*"))
      assert.equal("error", g:status())
      r = play(1, { "random", function() return 5 end, "random" })
      assert.equal("bot for seat 2: bot gave number instead of an answer text", r.result:match("^[^\n]*"))
      r = play(1, { "random", function() error("boom") end, "random" })
      assert.equal("error", r.status)
      assert.matches("^bot for seat 2: [^\n]*boom", r.result)
    end)

    it("name a refused bot by about(seat), asked only then", function()
      local asked = {}
      local function about(seat) asked[#asked + 1] = seat return "the bot 'b' (x.lua:3)" end
      local g = vm.engine(ten(3), 3, 1)
      g:start()
      assert.equal("over", (g:run({ "random", function(_, _, _, legal) return legal[1] end, "random" }, nil, nil, about)))
      assert.same({}, asked)  -- legal answers cost no call
      g = vm.engine(ten(3), 3, 1)
      g:start()
      assert.equal("error", (g:run({ "random", function() return "zz" end, "random" }, nil, nil, about)))
      assert.same({ 2 }, asked)
      assert.equal("bot for seat 2: the bot 'b' (x.lua:3) gave an illegal answer: 'zz' is not a legal answer; "
        .. "legal answers: a, b, c, d, e", g:result():match("^[^\n]*"))
      -- an about that gives no text, or fails, leaves the seat's name alone
      for _, broken in ipairs({ function() end, function() error("no") end }) do
        g = vm.engine(ten(3), 3, 1)
        g:start()
        g:run({ "random", function() return "zz" end, "random" }, nil, nil, broken)
        assert.matches("^bot for seat 2 gave an illegal answer: 'zz'", g:result())
      end
      assert.has_error(function() g:run({}, nil, nil, 5) end,
        "bad argument #4 to 'run' (function expected, got number)")
    end)

    it("refuse an unknown bot name", function()
      local g = vm.engine(ten(3), 3, 1)
      g:start()
      assert.has_error(function() g:run({ "smart", "random", "random" }) end, "run: unknown bot 'smart' for seat 1")
      assert.equal(0, g:count())
      assert.has_error(function() g:run({ "random", 5, "random" }) end,
        "run: the bot for seat 2 must be \"random\", a function or nil")
      assert.equal(0, g:count())
      assert.has_error(function() g:run() end, "bad argument #1 to 'run' (table expected, got no value)")
    end)

    it("pick typed answers from the enumerator", function()
      local g = vm.engine(function()
        return (yield(1, "w", "p", function() return true end, function() return { "only" } end))
      end, 1, 1)
      g:start()
      local status, made = g:run({ "random" })
      assert.same({ "over", 1 }, { status, made })
      assert.equal("only", g:result())
    end)

    it("blame the enumerator, at the line that asked, when the random bot's pick from it is refused", function()
      -- (the random bot only repeats what the enumerator listed: this read
      -- "bot for seat 1 gave an illegal answer", without a line)
      local g = vm.engine(function()
        return (yield(1, "bid", "p", function(text) if text == "bid 1" then return true end return nil, "bid 0 or 1" end,
          function() return { "bid 9" } end))
      end, 1, 1)
      g:start()
      assert.equal("error", (g:run({ "random" })))
      assert.matches("^[^\n]*engine_spec%.lua:%d+: bad request: the enumerator listed an answer that the validator "
        .. "refuses %(answer 'bid 9' is not accepted: bid 0 or 1%); expected only legal answers\n", g:result())
      -- a bot of the game's own that gives a refused text is still the bot's mistake
      g = vm.engine(function()
        return (yield(1, "bid", "p", function(text) if text == "bid 1" then return true end return nil, "bid 0 or 1" end,
          function() return { "bid 1" } end))
      end, 1, 1)
      g:start()
      assert.equal("error", (g:run({ function() return "bid 9" end })))
      assert.matches("^bot for seat 1 gave an illegal answer: answer 'bid 9' is not accepted: bid 0 or 1\n", g:result())
    end)

    it("take one entry of a lazy list (with __len and __index), and hand other bots the whole list", function()
      local made = {}
      local lazy = setmetatable({}, {
        __len = function() return 1000 end,
        __index = function(_, k) made[#made + 1] = k return "answer " .. k end,
      })
      local function body()
        local first = yield(1, "w", "p", function() return true end, function() return lazy end)
        local second = yield(1, "w", "p", function() return true end, function() return lazy end)
        return first .. ", " .. second
      end
      local g = vm.engine(body, 1, 1)
      g:start()
      local status, answered = g:run({ "random" }, 1)
      assert.same({ "waiting", 1 }, { status, answered })
      assert.equal(1, #made)   -- one entry made, not 1000
      local seen
      g:run({ function(_, _, _, legal) seen = legal return legal[1000] end })
      assert.equal("table", type(seen))
      assert.is_nil(getmetatable(seen))
      assert.equal(1000, #seen)
      assert.equal("answer " .. made[1] .. ", answer 1000", g:result())
      -- the same seed, the same pick
      local again = vm.engine(body, 1, 1)
      again:start()
      made = {}
      again:run({ "random" }, 1)
      assert.equal(g:log()[1][2], again:log()[1][2])
    end)

    it("offer the random bot's pick to an enumerator: the entry the bot would draw, once", function()
      local function lazy(n, made)
        return setmetatable({}, {
          __len = function() return n end,
          __index = function(_, k) made[#made + 1] = k return "answer " .. k end,
        })
      end
      -- the same picks as from the list, made by the enumerator or not
      local function play(use_pick)
        local made, picked = {}, {}
        local function body()
          local out = {}
          for i = 1, 20 do
            out[i] = yield(1, "w", "p", function() return true end, function(pick)
              local n = 10 + i
              if use_pick and pick then picked[#picked + 1] = pick(n) end
              return lazy(n, made)
            end)
          end
          return table.concat(out, ",")
        end
        local g = vm.engine(body, 1, 5)
        g:start()
        assert.equal("over", g:run({ "random" }))
        return g:result(), picked, made
      end
      local without, _, made_without = play(false)
      local with, picked, made = play(true)
      assert.equal(without, with)
      assert.same(made_without, made)
      assert.same(made, picked)   -- each entry made is the one picked
      -- a plain list after a pick: the entry picked
      local function plain(use_pick)
        local g = vm.engine(function()
          local out = {}
          for i = 1, 10 do
            out[i] = yield(1, "w", "p", function() return true end, function(pick)
              local list = {}
              for k = 1, 5 + i do list[k] = "entry " .. k end
              if use_pick and pick then list[pick(#list)] = "picked" end
              return list
            end)
          end
          return table.concat(out, ",")
        end, 1, 9)
        g:start()
        g:run({ "random" })
        return g:result()
      end
      assert.equal(plain(false):gsub("entry %d+", "x"), plain(true):gsub("picked", "x"))
      assert.equal(select(2, plain(true):gsub("picked", "")), 10)
      -- once only, during its enumerator; the list's length as given
      local kept
      local function body(n, twice)
        return yield(1, "w", "p", function() return true end, function(pick)
          kept = pick
          pick(n)
          if twice then pick(n) end
          return lazy(10, {})
        end)
      end
      local g = vm.engine(function() return body(10, true) end, 1, 1)
      g:start()
      assert.equal("error", g:run({ "random" }))
      assert.matches("pick: the random bot picks once, while the enumerator of its request runs", g:result(), 1, true)
      assert.has_error(function() kept(3) end, "pick: the random bot picks once, while the enumerator of its request runs")
      g = vm.engine(function() return body(9) end, 1, 1)
      g:start()
      assert.equal("error", g:run({ "random" }))
      assert.matches("the enumerator picked from a list of 9 answers, then gave 10", g:result(), 1, true)
      g = vm.engine(function() return body(0) end, 1, 1)
      g:start()
      assert.equal("error", g:run({ "random" }))
      assert.matches("bad argument #1 to 'pick' (expected the length of the list", g:result(), 1, true)
      -- other bots, and e:legal, get no pick
      local given = {}
      local function asked()
        return yield(1, "w", "p", function() return true end, function(pick)
          given[#given + 1] = pick == nil
          return { "a", "b" }
        end)
      end
      g = vm.engine(asked, 1, 1)
      g:start()
      g:legal()
      g:run({ function() return "a" end })
      assert.same({ true, true }, given)
    end)

    it("hand a function bot the lazy list as made where as_made says so, and check its answer", function()
      local made, validated = {}, 0
      local lazy = setmetatable({}, {
        __len = function() return 1000 end,
        __index = function(_, k) made[#made + 1] = k return "answer " .. k end,
      })
      local function body()
        return yield(1, "w", "p", function(t) validated = validated + 1 return t end, function() return lazy end)
      end
      local g = vm.engine(body, 1, 1)
      g:start()
      local seen, n
      local status = g:run({ function(_, _, _, legal) seen, n = legal, #legal return legal[1000] end }, nil,
        { true })
      assert.equal("over", status)
      assert.equal(lazy, seen)
      assert.equal(1000, n)
      assert.same({ 1000 }, made)    -- the one entry the bot read
      assert.equal(1, validated)     -- (it had the list to write to)
      assert.equal("answer 1000", g:result())
      -- a plain list is handed as it is; an empty lazy list is the script's error
      local empty = setmetatable({}, { __len = function() return 0 end, __index = function() end })
      g = vm.engine(function() return yield(1, "w", "p", function() return true end, function() return empty end) end, 1, 1)
      g:start()
      assert.equal("error", g:run({ function() return "x" end }, nil, { true }))
      assert.matches("the enumerator found no legal answer", g:result(), 1, true)
      assert.has_error(function() g:run({}, nil, 5) end, "bad argument #3 to 'run' (table expected, got number)")
    end)

    it("commit a pick from a list the enumerator vouches for without the validator, with its index", function()
      local validated = 0
      local function validate(t) validated = validated + 1 return "canonical " .. t end
      local function body()
        local text, index = yield(1, "w", "p", validate, function() return { "a", "b", "c" }, true end)
        local lazy_text, lazy_index = yield(1, "w", "p", validate, function()
          return setmetatable({}, { __len = function() return 50 end,
                                    __index = function(_, k) return "entry " .. k end }), true
        end)
        local typed, typed_index = yield(1, "w", "p", validate, function() return { "x" }, true end)
        return { text, index, lazy_text, lazy_index, typed, typed_index }
      end
      local g = vm.engine(body, 1, 1)
      g:start()
      assert.equal("waiting", g:run({ "random" }, 2))
      assert.equal(0, validated)
      -- a person's answer is validated, and the game gets no index
      assert.equal("over", g:answer("x"))
      assert.equal(1, validated)
      local r = g:result()
      assert.equal(({ "a", "b", "c" })[r[2]], r[1])
      assert.equal("entry " .. r[4], r[3])
      assert.same({ "canonical x" }, { r[5], r[6] })
      -- a function bot had the list to write to: its answer is validated
      validated = 0
      g = vm.engine(body, 1, 1)
      g:start()
      g:run({ function(_, _, _, legal) return legal[1] end }, 1)
      assert.equal(1, validated)
    end)

    it("check every entry of an enumerator's list with the validator when lists are checked", function()
      -- (only the random bot's pick was checked: an entry no bot picked
      -- passed check, and failed a player who typed it)
      local function bid(text) if text ~= "bid 9" then return true end return nil, "bid 0 to 8" end
      local function game(validate, list, vouched)
        return function()
          return yield(1, "bid", "p", validate, function() return list, vouched end)
        end
      end
      local listed = {}
      for i = 0, 9 do listed[#listed + 1] = "bid " .. i end
      -- seed 1's random bot picks another bid: a game of bots alone ends
      local g = vm.engine(game(bid, listed), 1, 1)
      g:start()
      assert.equal("over", g:run({ "random" }))
      assert.are_not.equal("bid 9", g:result())
      for _, case in ipairs({
        { bid, listed, false, "the enumerator of the 'bid' request listed 'bid 9' (answer 10 of 10), which "
          .. "the validator refuses: bid 0 to 8; expected only legal answers" },
        { bid, listed, true, "the enumerator of the 'bid' request vouched for 'bid 9' (answer 10 of 10), "
          .. "which the validator refuses: bid 0 to 8; expected only legal answers" },
        { function(t) return t:upper() end, { "a" }, true, "the enumerator of the 'bid' request vouched for "
          .. "'a' (answer 1 of 1), which the validator makes 'A'; expected the canonical text" },
        { function() return {} end, { "a" }, false, "the validator gave a table for 'a' (answer 1 of 1 of "
          .. "the 'bid' request); expected true, the answer's canonical text, or nil and a reason" },
        { function() return true end, { "a", 7 }, false, "the enumerator of the 'bid' request listed a number "
          .. "as answer 2 of 2; expected answer texts" },
        { function(t) error("no bids today", 0) end, { "a" }, false, "the validator failed on 'a', answer 1 "
          .. "of 1 that the enumerator of the 'bid' request listed: no bids today" },
      }) do
        g = vm.engine(game(case[1], case[2], case[3]), 1, 1)
        g:check_lists()
        assert.equal("error", g:start())  -- when asked, before anyone answers
        assert.equal("bad request: " .. case[4], g:result():match("^[^\n]*engine_spec%.lua:%d+: (bad request: [^\n]*)"))
      end
      -- an unvouched list may give a text the validator makes canonical
      g = vm.engine(game(function(t) return t:upper() end, { "a" }, false), 1, 1)
      g:check_lists()
      g:start()
      assert.equal("over", g:run({ "random" }))
      assert.equal("A", g:result())
    end)

    it("check a vouched-for pick with the validator when lists are checked", function()
      -- (the list made for the random bot's pick is not the one examined)
      local g = vm.engine(function()
        return yield(1, "w", "p", function(t) if t == "a" then return true end return nil, "no" end,
          function(pick) if pick then return { "b" }, true end return { "a" }, true end)
      end, 1, 1)
      g:check_lists()
      assert.equal("waiting", g:start())
      assert.equal("error", g:run({ "random" }))
      assert.matches("bad request: the enumerator vouched for 'b', which the validator refuses: no", g:result(), 1, true)
    end)

    it("end the game in error when a lazy list's code fails", function()
      local g = vm.engine(function()
        return yield(1, "w", "p", function() return true end,
          function() return setmetatable({}, { __len = function() error("broken length") end }) end)
      end, 1, 1)
      g:start()
      assert.equal("error", g:run({ "random" }))
      assert.matches("broken length", g:result())
    end)

    it("read the standings at each new round with the function given, and keep them", function()
      -- a round every three requests (the engine's count of answers, read raw)
      local g = vm.engine(ten(3), 3, 1)
      local into = {}
      local function read(list, a, b)
        assert.same({ "x", "y" }, { a, b })
        -- (the engine took the last round's out: false, not nil)
        for seat = 1, 3 do assert.is_true(list[seat] == nil or list[seat] == false) end
        local n = g:count()
        list[1], list[2], list[3] = n, -n, n / 2
        return list
      end
      g:start()
      g:watch_standings(function() return g:count() // 3 end, "read", read, into, "x", "y")
      assert.equal("over", g:run({ "random", "random", "random" }))
      assert.is_true(g:read_standings())
      -- at the requests after answers 3, 6 and 9 (not at the first), and once more at the end
      assert.same({ 3, -3, 1.5, 6, -6, 3.0, 9, -9, 4.5, 10, -10, 5.0 }, g:standings())
      assert.equal("integer", math.type(g:standings()[1]))
      assert.same({ vm.standing_metrics(g:standings(), { 1 }, 3) }, { g:standing_metrics({ 1 }) })
      assert.has_error(function() g:watch_standings(vm.seats(3), "read", read, 1, 2, 3, 4, 5, 6, 7, 8, 9) end,
        "bad argument #12 to 'watch_standings' (at most 8 arguments for the function reading)")
    end)

    it("end the game in error when a standing is not a finite number, naming the seat", function()
      for _, bad in ipairs({ "nil", "'3'", "0/0", "math.huge", "false" }) do
        local g = vm.engine(ten(2), 2, 1)
        local given = load("return " .. bad)()
        g:start()
        local rounds = 0
        g:watch_standings(function() return g:count() // 2 end, "standing(game, seat)",
          function() rounds = rounds + 1 return rounds < 2 and { 1, 2 } or { 1, given } end)
        assert.equal("error", g:run({ "random", "random" }))
        assert.matches("standing(game, seat) gave " .. tostring(given) .. " for seat 2; expected a finite number",
          g:result(), 1, true)
        assert.equal(4, g:count())  -- (the second new round)
        assert.same({ 1, 2 }, g:standings())
      end
      -- the reader's own error, and a reader that gives no list
      local g = vm.engine(ten(2), 2, 1)
      g:start()
      g:watch_standings(vm.seats(2), "s", function() error("no standing here") end)
      assert.is_true(g:read_standings() == nil)
      local _, why = g:read_standings()
      assert.matches("no standing here", why)
      g = vm.engine(ten(2), 2, 1)
      g:start()
      g:watch_standings(function() return g:count() end, "s", function() return 5 end)
      assert.equal("error", g:run({ "random", "random" }))
      assert.matches("the standings were read as a number; expected a list", g:result())
    end)

    it("count the cards in a zone of each seat for their standings, without script code", function()
      local t = vm.table(10)
      local hands = { t:zone("h1", {}), t:zone("h2", {}) }
      t:zone("box"):deal(hands, 3)
      local g = vm.engine(function()
        for i = 1, 4 do
          yield(1, "k", "p", { "a" })
          hands[1]:move(t:zone("box"))
        end
        return "done"
      end, 2, 1)
      g:start()
      g:watch_standings(function() return g:count() end, "cards", { zones = { hands[1], hands[2] }, factor = -1 })
      assert.equal("over", g:run({ "random", "random" }))
      assert.is_true(g:read_standings())
      assert.same({ -2, -3, -1, -3, 0, -3, 0, -3 }, g:standings())
      assert.has_error(function() g:watch_standings(vm.seats(2), "cards", { zones = { hands[1] } }) end,
        "bad argument #3 to 'watch_standings' (zones: entry 2 is nil; expected a zone for each of the 2 seats)")
      assert.has_error(function() g:watch_standings(vm.seats(2), "cards", { zones = hands }, 5) end,
        "bad argument #4 to 'watch_standings' (no arguments after a table)")
      -- a watch refused leaves the one in force as it was (the box holds cards)
      assert.has_error(function() g:watch_standings(vm.seats(2), "cards", { zones = { t:zone("box") } }) end,
        "bad argument #3 to 'watch_standings' (zones: entry 2 is nil; expected a zone for each of the 2 seats)")
      assert.is_true(g:read_standings())
      local now = g:standings()
      assert.same({ 0, -3 }, { now[#now - 1], now[#now] })
      assert.has_error(function() g:watch_standings(vm.seats(2), "cards", { zones = hands, factor = 2 ^ 31 }) end,
        "bad argument #3 to 'watch_standings' (factor must be from -2^30 to 2^30)")
      -- a released table is named, not read
      t:release()
      local ok, why = g:read_standings()
      assert.same({ nil, "the zone counted for seat 1's standing was released" }, { ok, why })
    end)

    it("read the standings from a list of the game's state, by seat or by team, without script code", function()
      local game = { state = { points = { 5, 7 } } }
      local seats = vm.seats(3)
      seats:team(1, 2)
      seats:team(2, 1)
      seats:team(3, 2)
      local g = vm.engine(function()
        for i = 1, 3 do
          yield(1, "k", "p", { "a" })
          game.state.points[1] = game.state.points[1] + 1
        end
        game.state.points = { 0.5, 1 }  -- (a new list: read anew each round)
        yield(1, "k", "p", { "a" })
        return "done"
      end, 3, 1)
      g:start()
      g:watch_standings(function() return g:count() end, "points by team",
        { game = game, state = "points", teams = seats })
      assert.equal("over", g:run({ "random", "random", "random" }))
      assert.same({ 7, 6, 7, 7, 7, 7, 1, 0.5, 1 }, g:standings())
      -- by seat; a list missing, a seat with no team, an entry not a number: errors naming it
      game.state.points = { 1, 2, 3 }
      g = vm.engine(function() yield(1, "k", "p", { "a" }) return "done" end, 3, 1)
      g:start()
      g:watch_standings(vm.seats(3), "points", { game = game, state = "points" })
      assert.is_true(g:read_standings())
      assert.same({ 1, 2, 3 }, g:standings())
      game.state.points[2] = "x"
      assert.same({ nil, "points gave x for seat 2; expected a finite number" }, { g:read_standings() })
      game.state.points = nil
      assert.same({ nil, "points: not a list (nil); expected a number for each seat" }, { g:read_standings() })
      game.state.points = { 1, 2 }
      g:watch_standings(vm.seats(3), "teams", { game = game, state = "points", teams = vm.seats(3) })
      assert.same({ nil, "teams: seat 1 has no team" }, { g:read_standings() })
      assert.has_error(function() g:watch_standings(vm.seats(3), "x", { game = game }) end,
        "bad argument #3 to 'watch_standings' (game (a table) and state (the key of a list of its state) expected)")
    end)

    it("end the game in error when the enumerator finds nothing", function()
      local g = vm.engine(function()
        return yield(1, "w", "p", function() return true end, function() return {} end)
      end, 1, 1)
      g:start()
      local status = g:run({ "random" })
      assert.equal("error", status)
      assert.matches("^bot for seat 1: [^\n]*engine_spec%.lua:%d+: bad request: the enumerator found no legal "
        .. "answer\n", g:result())
    end)
  end)
end)
