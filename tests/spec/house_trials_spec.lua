-- House rules a modder tried on Rush for the Web and Online (docs/houses/
-- rushfortheweb_small_projects.lua, rushfortheweb_rich_pool.lua,
-- online_turbo_movies.lua): each does what its comment says (that it plays
-- to the end and is on its page: house_examples_spec); and what the trial
-- found a house file could not reach, or was not told.
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local support = require "tests.spec.support"

local EXAMPLES = {
  { "rushfortheweb", "docs/houses/rushfortheweb_small_projects.lua" },
  { "rushfortheweb", "docs/houses/rushfortheweb_rich_pool.lua" },
  { "online", "docs/houses/online_turbo_movies.lua" },
}

-- Plays a game of `bots` to the end; `look(m)`, if given, sees the game
-- before each answer. Gives the match.
local function played(def, players, seed, bots, look)
  local m = assert(match.new(def, { players = players, seed = seed }))
  local kinds = {}
  for s = 1, players do kinds[s] = bots end
  while m:status() == "waiting" do
    if look then look(m) end
    m:run(kinds, 1)
  end
  local _, err = m:result()
  assert.equal("over", m:status(), tostring(err))
  return m
end

describe("the modder's house rules of docs/houses", function()
  -- (each plays to the end and is on its page: house_examples_spec)

  it("small projects: no project holds more than 3 resources, greedy bots sell with 1 and with 3", function()
    local def = assert(loader.load("rushfortheweb", EXAMPLES[1][2]))
    local sold, pending = {}, nil
    for seed = 1, 4 do
      played(def, 3, seed, "greedy", function(m)
        -- the sale answered last, with the resources its project held
        if pending then
          local entry = m:log()[pending.before + 1]
          local held = entry and pending.held[entry[2]]
          if held then sold[held] = (sold[held] or 0) + 1 end
          pending = nil
        end
        for seat = 1, 3 do
          for k = 1, 3 do
            local held = m.game.zones["project" .. k][seat]:count() - 1
            assert.is_true(held <= 3, "a project holds " .. held)
          end
        end
        local req = m:request()
        if req.kind == "sell" then
          pending = { before = #m:log(), held = {} }
          for k = 1, 3 do
            local slot = m.game.zones["project" .. k][req.seat]
            if slot:count() > 0 then
              pending.held["sell " .. m.game.cards[slot:peek(slot:count())].code] = slot:count() - 1
            end
          end
        end
      end)
      pending = nil
    end
    assert.is_true((sold[1] or 0) > 0, "sales with 1 resource")
    assert.is_true((sold[3] or 0) > 0, "sales with 3 resources")
  end)

  it("rich pool: a discard to the pool pays the house option's pool_extra more, 1 unless the players say", function()
    local def = assert(loader.load("rushfortheweb", EXAMPLES[2][2]))
    local book = assert(loader.load("rushfortheweb"))
    for extra, options in pairs({ [1] = {}, [3] = { pool_extra = 3 }, [0] = { pool_extra = "0" } }) do
      local m = assert(match.new(def, { players = 3, seed = 2, options = options }))
      for seat = 1, 3 do
        assert.equal(book.rules.pool_reward(m.game, seat) + extra, m.game.rules.pool_reward(m.game, seat))
      end
    end
    local _, err = match.new(def, { players = 3, seed = 2, options = { pool_extra = 6 } })
    assert.equal("option 'pool_extra': 6 is not valid: expected an integer from 0 to 5", err)
  end)

  it("turbo movies: a Movie is offered for download only over a Turbo-Line, where the book offers it", function()
    local def = assert(loader.load("online", EXAMPLES[3][2]))
    local book = assert(loader.load("online"))
    local refused, turbo = 0, 0
    for seed = 1, 3 do
      played(def, 2, seed, "greedy", function(m)
        local req = m:request()
        if req.kind ~= "play" then return end
        local g = m.game
        local top = g.zones["online[" .. g.side_of[req.seat] .. "]"]:peek()
        local over_turbo = top ~= nil and g.cards[top].name == "Turbo-Line"
        local offered = false
        for _, a in ipairs(req.answers) do if a == "download Movie" then offered = true end end
        if offered then
          assert.is_true(over_turbo, "a Movie offered without a Turbo-Line")
          turbo = turbo + 1
        elseif book.rules.can_download(g, req.seat, g.kind_named["Movie"]) then
          local holds = false
          for _, id in ipairs(g.zones.hand[req.seat]:cards()) do
            if g.cards[id].name == "Movie" then holds = true end
          end
          if holds then refused = refused + 1 end
        end
      end)
    end
    assert.is_true(refused > 0, "the book would have offered a Movie the house refused")
    assert.is_true(turbo > 0, "a Movie came down over a Turbo-Line")
  end)
end)

describe("what a house file is told", function()
  it("a side's rows in Online are zones of their own: game.zones.email[side] says how to read one", function()
    local def = support.load_with_house("online", [[
local book = rules.megabytes
rules.megabytes = function(game, side) return book(game, side) + 25 * game.zones.email[side]:count() end]])
    local m = assert(match.new(def, { players = 2, seed = 1 }))
    m:run({ "random", "random" })
    assert.equal("error", m:status())
    local _, err = m:result()
    assert.truthy(tostring(err):find("no zone named 'email'; zones: box, deck, discard, email[1], email[2], ", 1, true), tostring(err))
    assert.truthy(tostring(err):find("('email[1]' is a zone of its own, not a list: game.zones[\"email[1]\"])", 1, true),
      tostring(err))
  end)

  it("a bad result of a game under house rules names what the house file changed", function()
    local def = support.load_with_house("rushfortheweb", "rules.winners = function(game) return 1, \"mine\" end")
    local m = assert(match.new(def, { players = 2, seed = 1 }))
    m:run({ "random", "random" })
    assert.equal("over", m:status())
    local bad = match.check_result(m:result(), 2, def)
    assert.matches("^bad result from play %(games/rushfortheweb/game%.lua:%d+%): 'winners' must be a non%-empty "
      .. "list of seats %(the game ran under house rules: .*:1 replaced rules%.winners%)$", bad)
    -- the book's game: no hint
    assert.matches("seats$", match.check_result({ winners = 1, scores = { 0, 0 } }, 2, assert(loader.load("rushfortheweb"))))
  end)

  it("a house rule reads an Online card kind's name and number (game.kinds, game.kind_named)", function()
    local m = assert(match.new(assert(loader.load("online")), { players = 2, seed = 1 }))
    local g = m.game
    for k, kind in ipairs(g.kinds) do assert.equal(k, g.kind_named[kind.name]) end
    assert.equal("category", g.kinds[g.kind_named["Movie"]].group)
  end)
end)
