-- The mistakes an author makes in a first game, each of which must give one
-- clear line naming the file and line, or the piece that is wrong, and what
-- was expected (found by writing a trick-taking game from the docs alone).

local loader = require "cardlab.loader"
local match = require "cardlab.match"
local support = require "tests.spec.support"

local dir
support.fresh_dir_each_test(function(path) dir = path end)

-- A two-seat game of four cards: setup makes the zones, `body` is the play
-- function's (it ends with a return); gives the loaded definition.
local function game(body, fields)
  local path = support.write(dir, "game.lua", string.format([[
local cards = require "cards"
local g = { name = "t", players = { min = 2, max = 2 },
  cards = cards.list { { name = "A" }, { name = "B" }, { name = "C" }, { name = "D" } },
  bots = {}, %s }
function g.setup(game)
  local deck = game:zone("deck", { visibility = "count", face = "down" })
  local hands = game:zone("hand", { per_seat = true, visibility = "owner" })
  game:zone("pile", {})
  game.zones.box:move_all(deck)
  deck:deal(hands, 2)
end
function g.play(game)
  %s
end
return g
]], fields or "", body))
  return assert(loader.load(path))
end

-- The first line of the error a match of `def` ended in, with bots `kinds`.
local function error_of(def, kinds)
  local m = assert(match.new(def, { players = 2, seed = 1 }))
  if kinds then m:run(kinds) end
  assert.equal("error", m:status())
  -- (the script's path is the temporary folder's)
  return (select(2, m:result()):match("[^\n]*"):gsub(dir:gsub("%p", "%%%0") .. "/", ""))
end

describe("a zone read under a name never made", function()
  it("is an error at the script's line naming it and the zones there are", function()
    -- (game.zones.hands was nil, and the error came at the next call:
    -- "bad argument #1 to 'deal' (table expected, got nil)")
    local def = game([[
  game.zones.pile:count()
  game.zones.hands[1]:move(game.zones.pile)
  return { winners = { 1 } }]])
    assert.equal("game.lua:14: no zone named 'hands'; zones: box, deck, hand, pile", error_of(def))
    assert.equal("game.lua:13: no zone named 'stock'; zones: box, deck, hand, pile",
      error_of(game([[return game.zones.stock:count()]])))
  end)

  it("is refused by game:zone(name) in the same words, which says how to make one", function()
    -- (game:zone(name) without a spec finds a zone; an author writing
    -- game:zone("discard") to make one with the defaults read only "no zone
    -- named 'discard'")
    assert.equal("game.lua:13: no zone named 'discard'; zones: box, deck, hand, pile (game:zone(name) "
      .. "finds a zone; to make one, give a spec: game:zone(\"discard\", {}))",
      error_of(game([[local z = game:zone("discard") return z]])))
    -- a seat's zone of a per-seat list, named as the edits name it, is no
    -- zone to make (the advice would have made a stray zone 'hand[1]')
    assert.equal("game.lua:13: no zone named 'hand[1]'; zones: box, deck, hand, pile ('hand[1]' is seat 1's zone "
      .. "of the per-seat 'hand': game.zones.hand[1])", error_of(game([[local z = game:zone("hand[1]") return z]])))
  end)

  it("leaves the zones that were made as they were: found, listed and made once", function()
    local def = game([[
  local seen = {}
  for name in pairs(game.zones) do seen[#seen + 1] = name end
  table.sort(seen)
  game.state.seen = table.concat(seen, " ")
  game.state.hand2 = game.zones.hand[2]:count()
  game:zone("pile", {})
  return { winners = { 1 } }]])
    local m = assert(match.new(def, { players = 2, seed = 1 }))
    assert.equal("error", m:status())
    assert.equal("box deck hand pile", m.game.state.seen)
    assert.equal(2, m.game.state.hand2)
    assert.equal("game.lua:18: a zone named 'pile' exists already", error_of(def))
  end)
end)

describe("a per-seat zone read at a seat that is not one", function()
  it("is an error at the script's line naming the zone and the seats", function()
    -- (game.zones.hand[3] at a table of 2 was nil, and the error came later:
    -- "attempt to index a nil value (field '?')")
    assert.equal("game.lua:13: no zone 'hand[3]': 3 is not a seat of this game (1..2)",
      error_of(game([[local h = game.zones.hand[3] return h:count()]])))
    assert.equal("game.lua:13: no zone 'hand[0]': 0 is not a seat of this game (1..2)",
      error_of(game([[local seat = 0 local h = game.zones.hand[seat] return h:count()]])))
    assert.equal([[game.lua:13: no zone 'hand["1"]': '1' (a string) is not a seat of this game (1..2)]],
      error_of(game([[local h = game.zones.hand["1"] return h:count()]])))
    assert.equal("game.lua:13: no zone 'hand[1.5]': 1.5 is not a seat of this game (1..2)",
      error_of(game([[local h = game.zones.hand[1.5] return h:count()]])))
  end)

  it("reads the seats as before: by number, by ipairs and pairs, and counted", function()
    local def = game([[
  local hand = game.zones.hand
  local seen = {}
  for seat, z in ipairs(hand) do seen[#seen + 1] = seat .. "=" .. z:count() end
  for seat in pairs(hand) do seen[#seen + 1] = seat end
  game.state.seen = table.concat(seen, " ") .. " #" .. #hand .. " " .. hand[2]:count()
  return { winners = { 1 } }]])
    local m = assert(match.new(def, { players = 2, seed = 1 }))
    assert.equal("over", m:status())
    assert.equal("1=2 2=2 1 2 #2 2", m.game.state.seen)
  end)
end)

describe("a game's bot that gives no answer text", function()
  -- (the error was "bot for seat 1: bot gave nil instead of an answer text":
  -- neither the bot nor its file, which the authoring guide promises)
  local PLAY = [[
  local hand = game.zones.hand[1]
  game:choose(1, "play", "play a card", hand:cards(), function(id) return game.cards[id].name end)
  return { winners = { 1 } }]]

  it("is named with the line where it is defined, what it gave and what was expected", function()
    for _, case in ipairs({
      { "nil", "nil" },
      { "{ request.answers[1] }", "a table" },
      { "1", "the number 1 (an index? give the text, request.answers[i])" },
    }) do
      local def = game(PLAY, string.format("\n  -- the bot\n  greedy = nil }\ng.bots.greedy = function(view, request)\n"
        .. "  return %s\nend\nlocal _ = {", case[1]))
      assert.equal("bot for seat 1: the bot 'greedy' (game.lua:7) gave " .. case[2] .. ", not an answer text; "
        .. "expected one of the legal answers, such as 'B'", error_of(def, { "greedy", "random" }))
    end
  end)

  it("that gives a text that is not a legal answer is named the same way, with the reason", function()
    -- (the error was "bot for seat 1 gave an illegal answer: ...", with
    -- neither the bot nor where it is defined)
    local def = game(PLAY, "\n  greedy = nil }\ng.bots.greedy = function(view, request)\n"
      .. "  return 'E'\nend\nlocal _ = {")
    assert.equal("bot for seat 1: the bot 'greedy' (game.lua:6) gave an illegal answer: 'E' is not a legal "
      .. "answer; legal answers: B, D", error_of(def, { "greedy", "random" }))
    -- a bot given as a function, not one of the game's, is named by its seat
    assert.equal("bot for seat 1 gave an illegal answer: 'E' is not a legal answer; legal answers: B, D",
      error_of(def, { function() return "E" end, "random" }))
  end)

  it("that gives a text plays on as before", function()
    local def = game(PLAY, "}\ng.bots.greedy = function(view, request) return request.answers[2] end\nlocal _ = {")
    local m = assert(match.new(def, { players = 2, seed = 1 }))
    assert.equal("over", m:run({ "greedy", "random" }))
  end)
end)
