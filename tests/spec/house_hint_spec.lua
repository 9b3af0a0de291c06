-- A game that ends in error under a house file names the house file and the
-- piece it changed that the error involves (cardlab.house_hint, added by
-- Match:result), so that the author of the house rule is not left with a
-- line of the game's script alone.
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local support = require "tests.spec.support"

local dir
support.fresh_dir_each_test(function(path) dir = path end)

-- The error a game of random bots ends in (seed 1), and the match.
local function error_of(def, players)
  local m = assert(match.new(def, { players = players or 2, seed = 1 }))
  local kinds = {}
  for s = 1, players or 2 do kinds[s] = "random" end
  m:run(kinds)
  assert.equal("error", m:status())
  return select(2, m:result()), m
end

local function load_with(game, house_text)
  local house = support.write(dir, "house.lua", house_text)
  return assert(loader.load(game, house)), house
end

-- A two-seat game with a number piece `points`, a table piece `prices` and
-- a function piece `bonus`, whose body is `body`.
local function small_game(body)
  return support.write_game(dir, body, [[
  rules = { points = function() return 1 end, prices = { low = 1, high = 3 },
            bonus = function(n) return n + 1 end },]])
end

describe("an error of a game under a house file", function()
  it("names the piece read on the failing line and where the house file replaced it", function()
    local def, house = load_with("crazyeights", "-- penalties forgotten\nrules.penalty = function(card) end\n")
    local err = error_of(def)
    local first = err:match("^[^\n]*")
    assert.matches("^games/crazyeights/game%.lua:%d+: attempt to perform arithmetic on a nil value", first)
    assert.equal(" (rules.penalty, read on this line, is replaced by " .. house .. ":2; check what it returns)",
      first:match(" %(rules.*$"))
    -- the traceback is as it was, under the first line
    assert.matches("\nstack traceback:\n\tgames/crazyeights/game%.lua:%d+: in upvalue 'penalties'", err)
  end)

  it("names a piece read by a caller of the failing line", function()
    -- Rush for the Web's pool_reward goes to gain(), which fails on its own line
    local def, house = load_with("rushfortheweb", "\n\nrules.pool_reward = function(game, seat) return nil end\n")
    local first = error_of(def):match("^[^\n]*")
    assert.matches("^games/rushfortheweb/game%.lua:%d+: attempt to perform arithmetic on a nil value", first)
    assert.matches(" %(rules%.pool_reward, read by the caller at games/rushfortheweb/game%.lua:%d+, is replaced by "
      .. house:gsub("%p", "%%%0") .. ":3; check what it returns%)$", first)
  end)

  it("names the piece the house file put in place when the error is in it", function()
    local def, house = load_with("crazyeights", "local turns = 0\nrules.turn = function(game, seat)\n"
      .. "  turns = turns + 1\n  if turns > 3 then return game.nothing.here end\nend\n")
    local first = error_of(def):match("^[^\n]*")
    assert.equal(house .. ":4: attempt to index a nil value (field 'nothing') (in rules.turn, the piece "
      .. house .. ":2 put in place)", first)
  end)

  it("names a key of a table piece the house file changed", function()
    small_game([[return { winners = { 1 }, scores = { 12 // game.rules.prices.high, 0 } }]])
    local def, house = load_with(dir .. "/game.lua", "rules.prices.low = 2\nrules.prices.high = 0\n")
    local first = error_of(def):match("^[^\n]*")
    assert.equal(dir .. "/game.lua:5: attempt to divide by zero (rules.prices, read on this line, is changed by "
      .. house .. ":1 (rules.prices.low), " .. house .. ":2 (rules.prices.high); check its values)", first)
  end)

  it("lists what the house file changed when no frame reads it", function()
    small_game([[
    local n = game.rules.points()
    return { winners = { 1 }, scores = { n + nil, 0 } }]])
    local def, house = load_with(dir .. "/game.lua", "rules.bonus = function(n) return n end\n"
      .. "rules.prices.low = 0\n")
    local first = error_of(def):match("^[^\n]*")
    assert.equal(" (the game ran under house rules: " .. house .. ":1 replaced rules.bonus, " .. house
      .. ":2 changed rules.prices.low)", first:match(" %(the game.*$"))
  end)

  it("reads a bot's error, said after 'bot for seat N: ', as the game's", function()
    local changes = { texts = { ["g/greedy.lua"] = "local a\nlocal v = rules.worth(x) + 1\n" },
                      pieces = { worth = { at = "h.lua:4", src = "h.lua", first = 4, last = 4 } } }
    assert.equal("bot for seat 2: g/greedy.lua:2: attempt to perform arithmetic on a nil value (rules.worth, read "
      .. "on this line, is replaced by h.lua:4; check what it returns)\nstack traceback:\n\tg/game.lua:9: in x",
      require("cardlab.house_hint").hint(changes, "bot for seat 2: g/greedy.lua:2: attempt to perform arithmetic on a nil value"
        .. "\nstack traceback:\n\tg/game.lua:9: in x"))
  end)

  it("is the game's error alone without a house file, or with one that sets options only", function()
    local plain = assert(loader.load("crazyeights"))
    assert.is_nil(plain.house_changes)
    local def = load_with("crazyeights", "options.draw_limit = 1\n")
    assert.is_nil(def.house_changes)
    small_game([[return { winners = { 1 }, scores = { nil + 1, 0 } }]])
    local err = error_of(assert(loader.load(dir .. "/game.lua")))
    assert.equal("game.lua:5: attempt to perform arithmetic on a nil value",
      err:match("^[^\n]*"):match("game%.lua:.*$"))
  end)

  it("leaves the house file's pieces as they are: nothing wraps them", function()
    local def = load_with("crazyeights", "rules.penalty = function(card) return 1 end\n")
    local info = debug.getinfo(def.rules.penalty, "S")
    assert.equal(dir .. "/house.lua", info.short_src)
  end)

  it("is said by sim and check", function()
    local house = support.write(dir, "house.lua", "rules.penalty = function(card) end\n")
    local hint = "(rules.penalty, read on this line, is replaced by " .. house .. ":1; check what it returns)"
    local out, status = support.run_cardlab("sim crazyeights -n 2 --house " .. house)
    assert.equal(1, status, out)
    assert.truthy(out:find("first: seed 1: games/crazyeights/game.lua:", 1, true), out)
    assert.truthy(out:find(hint, 1, true), out)
    out, status = support.run_cardlab("check crazyeights -n 1 --house " .. house)
    assert.equal(1, status, out)
    assert.truthy(out:find(hint, 1, true), out)
  end)
end)
