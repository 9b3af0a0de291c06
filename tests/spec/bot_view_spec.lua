-- A bot's view (Match:bot_view): read-only, made as it is read, kept from one
-- decision to the next; it must say exactly what Match:view says, at every
-- decision of every game.
local loader = require "cardlab.loader"
local match = require "cardlab.match"

-- A plain copy of a view, read through pairs, ipairs and # as a bot reads it.
local function plain(v)
  if type(v) ~= "table" then return v end
  local t = {}
  for k, x in pairs(v) do t[k] = plain(x) end
  for i = 1, #v do assert(t[i] ~= nil, "the length counts an entry pairs did not give") end
  return t
end

local GAMES = { crazyeights = 4, online = 4, lettertycoon = 3, rushfortheweb = 4, cryptocurrency = 4 }

describe("a bot's view", function()
  for name, players in pairs(GAMES) do
    it("says what the seat's view says at every decision of random games of " .. name, function()
      local def = assert(loader.load(name))
      local checked = 0
      for seed = 1, 3 do
        local m = assert(match.new(def, { players = players, seed = seed }))
        local kinds = {}
        for s = 1, players do
          kinds[s] = function(seat, kind, prompt, legal)
            -- every seat's view at every decision, the deciding seat's and
            -- the others' (whose kept zone views are brought up to date
            -- only when read)
            for other = 1, players do
              local want = m:view(other)
              local got = plain(m:bot_view(other))
              assert.are.same(want, got)
            end
            checked = checked + 1
            return legal[1 + (checked * 7919) % #legal]
          end
        end
        m:run(kinds, 200)
      end
      assert.is_true(checked > 100)
    end)
  end

  it("refuses every write, and hides its metatables", function()
    local def = assert(loader.load("crazyeights"))
    local m = assert(match.new(def, { players = 3, seed = 1 }))
    local v = m:bot_view(1)
    local writes = {
      function() v.seat = 2 end,
      function() v.zones = {} end,
      function() v.state.suit = "spades" end,
      function() v.state.anything = 1 end,
      function() v.zones["hand[1]"] = {} end,
      function() v.zones["hand[1]"].count = 0 end,
      function() v.zones["hand[1]"].cards[1] = 5 end,
      function() v.zones.discard.cards[2] = 5 end,
      function() v.seats[1].team = 2 end,
      function() v.request.answers[1] = "draw" end,
    }
    local before = m:snapshot()
    for i, write in ipairs(writes) do
      local ok, err = pcall(write)
      assert.is_false(ok, "write " .. i)
      assert.matches("a view is read%-only: cannot set", err)
    end
    assert.are.equal(before, m:snapshot())
    assert.are.equal("read-only", getmetatable(v))
    assert.are.equal("read-only", getmetatable(v.state))
    assert.are.equal("read-only", getmetatable(v.zones["hand[1]"]))
    assert.are.equal("read-only", getmetatable(v.zones["hand[1]"].cards))
  end)

  it("ends the game of a bot that writes to its view, naming the bot's line", function()
    local def = assert(loader.load("crazyeights"))
    def = setmetatable({ bots = { vandal = function(view) view.state.suit = "clubs" end } },
      { __index = def })
    local m = assert(match.new(def, { players = 2, seed = 1 }))
    assert.are.equal("error", m:run({ "vandal", "vandal" }))
    assert.matches("bot for seat 1: .*bot_view_spec%.lua:%d+: a view is read%-only: cannot set 'suit'",
      select(2, m:result()))
  end)

  it("is seen by a script's next as by its pairs", function()
    -- (next saw an empty table in every view: a bot's `next(view.state.known)
    -- == nil` held for every table, and a constraints hook's too)
    local support = require "tests.spec.support"
    local dir = support.tmpdir()
    local path = support.write(dir, "game.lua", [[
return { name = "nx", players = { min = 2, max = 2 }, cards = { { name = "A" } },
  setup = function(game) game.state.known, game.state.none, game.state.list = { seen = true }, {}, { 5, 6 } end,
  play = function(game)
    game:ask(1, "p", "pick", { "right", "wrong" })
    return { winners = { 1 } }
  end,
  bots = { nexts = function(view)
    local keys, k = 0, next(view)
    while k ~= nil do keys = keys + 1; k = next(view, k) end
    local first = next(view.state.list)
    local ok = next(view.state.known) == "seen" and next(view.state.none) == nil and first == 1
      and select(2, next(view.state.list, first)) == 6 and next(view.state.list, 2) == nil and keys == 11
      and not pcall(next, view.state.list, "nope") and next({ 1 }) == 1
    return ok and "right" or "wrong"
  end } }
]])
    local m = assert(match.new(assert(loader.load(path)), { players = 2, seed = 1 }))
    assert.are.equal("over", m:run({ "nexts", "nexts" }))
    assert.are.equal("right", m:log()[1][2])
    support.rmtree(dir)
  end)

  it("gives nil for a zone that is not there, the box among them", function()
    local m = assert(match.new(assert(loader.load("crazyeights")), { players = 2, seed = 1 }))
    local v = m:bot_view(1)
    assert.is_nil(v.zones.box)
    assert.is_nil(v.zones["no such zone"])
    assert.is_nil(v.zones[7])
    assert.is_nil(v.seats[3])
    assert.is_table(v.seats[2])
  end)
end)
