-- The author helpers: card lists (stdlib/cards.lua) and scoring
-- (stdlib/score.lua).

local cards = require "cards"
local score = require "score"

describe("cards.deck", function()
  it("makes one card per suit and rank, suit by suit, with the rank's value", function()
    assert.same({
      { name = "AH", rank = "A", suit = "H", value = 1 },
      { name = "2H", rank = "2", suit = "H", value = 2 },
      { name = "AS", rank = "A", suit = "S", value = 1 },
      { name = "2S", rank = "2", suit = "S", value = 2 },
    }, cards.deck { ranks = { "A", "2" }, suits = { "H", "S" } })
  end)

  it("makes a 52-card deck from 13 ranks and 4 suits", function()
    local deck = cards.deck {
      ranks = { "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K" },
      suits = { "C", "D", "H", "S" },
    }
    assert.equal(52, #deck)
    assert.same({ name = "10D", rank = "10", suit = "D", value = 10 }, deck[23])
  end)
end)

-- The error that f(arg) raises, which must name the caller's line (in this
-- file), not the library's; gives the message after that position.
local function raised_here(f, arg)
  local ok, err = pcall(function()
    local result = f(arg)   -- not a tail call, which would lose the caller
    return result
  end)
  assert.is_false(ok)
  assert.matches("^[^:]*cards_spec%.lua:%d+: ", err)
  return (err:gsub("^.-:%d+: ", ""))
end

describe("cards.deck refuses", function()
  local function refused(spec) return raised_here(cards.deck, spec) end

  it("a missing or misspelt list, naming it", function()
    assert.equal("cards.deck: 'suits' must be a non-empty list of names (got nil)",
      refused { ranks = { "A", "K" } })
    assert.equal("cards.deck: unknown field 'rank'; expected ranks and suits",
      refused { rank = { "A" }, suits = { "S" } })
    -- of several, the first by name on every run (a child process per run:
    -- one process keeps one pairs order)
    local support = require "tests.spec.support"
    local dir = support.tmpdir()
    local path = support.write(dir, "deck.lua", [[
print(select(2, pcall(require("cards").deck, { zeta = 1, kappa = 1, alpha = 1, omega = 1, delta = 1,
  sigma = 1, gamma = 1, tau = 1, rho = 1, mu = 1 })))]])
    for _ = 1, 3 do
      assert.matches("unknown field 'alpha'", support.run_cardlab("run " .. path), 1, true)
    end
    support.rmtree(dir)
    assert.equal("cards.deck: 'ranks' must be a non-empty list of names (got an empty table)",
      refused { ranks = {}, suits = { "S" } })
    assert.equal("cards.deck: suits[2] is a table, not a name",
      refused { ranks = { "A" }, suits = { "S", {} } })
    assert.equal("bad argument #1 to 'deck' (table expected, got nil)", refused(nil))
  end)

  it("nothing else: ranks may be numbers", function()
    assert.same({ name = "2H", rank = 2, suit = "H", value = 1 }, cards.deck { ranks = { 2 }, suits = { "H" } }[1])
  end)
end)

describe("cards.list", function()
  it("expands kinds by count, each card a copy with its place among its kind", function()
    local list = cards.list { { count = 2, name = "A", v = 1 }, { name = "B" } }
    assert.same({
      { name = "A", v = 1, kind_index = 1 },
      { name = "A", v = 1, kind_index = 2 },
      { name = "B", kind_index = 1 },
    }, list)
    assert.not_equal(list[1], list[2])
    assert.same({}, cards.list { { count = 0, name = "none" } })
  end)

  it("refuses a bad count or a missing name, naming the kind", function()
    assert.has_error(function() cards.list { { count = -1, name = "A" } } end,
      "card kind 1 ('A'): count must be a whole number")
    assert.has_error(function() cards.list { { name = "B" }, { count = 1.5, name = "A" } } end,
      "card kind 2 ('A'): count must be a whole number")
    assert.has_error(function() cards.list { { count = 1 } } end, "card kind 1: a card needs a 'name'")
  end)
end)

describe("cards.parse", function()
  it("reads COUNT [x] NAME [key=value ...] lines, with comments and blank lines", function()
    local list = cards.parse [[
      # the access cards
      2 Online kind=access cost=3
      1 x "Big Deal" rare=true note="two words" n=-1.5  # a comment

      3 Bug-fix
    ]]
    assert.same({
      { name = "Online", kind = "access", cost = 3, kind_index = 1 },
      { name = "Online", kind = "access", cost = 3, kind_index = 2 },
      { name = "Big Deal", rare = true, note = "two words", n = -1.5, kind_index = 1 },
      { name = "Bug-fix", kind_index = 1 },
      { name = "Bug-fix", kind_index = 2 },
      { name = "Bug-fix", kind_index = 3 },
    }, list)
    assert.equal("integer", math.type(list[1].cost))
  end)

  it("reads a value that is not a number as a word", function()
    assert.same({ { name = "A", cost = "3x", flag = "truely", kind_index = 1 } },
      cards.parse("1 A cost=3x flag=truely"))
  end)

  it("refuses a line that does not fit, naming it", function()
    -- the message, after the caller's position
    local function message(text)
      local ok, err = pcall(function() return cards.parse(text) end)
      assert.is_false(ok)
      return (err:gsub("^[^:]+:%d+: ", ""))
    end
    assert.equal("card list line 2: expected COUNT NAME [key=value ...], got 'two Offline'",
      message("2 Online\ntwo Offline"))
    assert.equal("card list line 1: expected COUNT NAME [key=value ...], got '1 X cost='", message("1 X cost="))
    assert.equal("card list line 1: expected COUNT NAME [key=value ...], got '3'", message("  3"))
  end)

  it("gives nothing for an empty text", function()
    assert.same({}, cards.parse(""))
    assert.same({}, cards.parse("# only a comment\n\n"))
  end)
end)

describe("cards.index", function()
  it("maps each name to its ids in order", function()
    assert.same({ A = { 1, 2 }, B = { 3 } }, cards.index(cards.parse("2 A\n1 B")))
  end)
end)

describe("score", function()
  it("winners: the highest score, or the lowest; every tied seat wins", function()
    assert.same({ 2, 3 }, score.winners({ 3, 5, 5, 1 }))
    assert.same({ 4 }, score.winners({ 3, 5, 5, 1 }, true))
    assert.same({ 1, 2, 3 }, score.winners({ 0, 0, 0 }, true))
    assert.same({}, score.winners({}))
    assert.same({ 1 }, score.winners({ -2, -5 }))
  end)

  it("ranking: best first, ties in seat order sharing a place", function()
    local order, place = score.ranking({ 3, 5, 5, 1 })
    assert.same({ 2, 3, 1, 4 }, order)
    assert.same({ 3, 1, 1, 4 }, place)
    order, place = score.ranking({ 3, 5, 5, 1 }, true)
    assert.same({ 4, 1, 2, 3 }, order)
    assert.same({ 2, 3, 3, 1 }, place)
    order, place = score.ranking({ 7, 7, 7 })
    assert.same({ 1, 2, 3 }, order)
    assert.same({ 1, 1, 1 }, place)
  end)

  it("winners and ranking refuse scores that are not a list of numbers, at the caller's line", function()
    assert.equal("score.winners: the score of seat 2 is nil, not a number",
      raised_here(score.winners, { 1, nil, 3 }))
    assert.equal("score.ranking: the score of seat 1 is a string, not a number",
      raised_here(score.ranking, { "7", 3 }))
    assert.equal("bad argument #1 to 'winners' (table expected, got nil)", raised_here(score.winners))
  end)

  it("result: winners, scores and reason in one table", function()
    assert.same({ winners = { 1 }, scores = { 2, 3 }, reason = "r" }, score.result({ 1 }, { 2, 3 }, "r"))
  end)
end)
