-- The rules of Rush for the Web (games/rushfortheweb/game.lua), one by one,
-- after the rule book (rules/rush-for-the-web.en.txt). Most cases set up a
-- fixed table by moving cards between zones of a match (arrange below), then
-- let the current player answer. The request pending when the cards are
-- moved was made from the old table: `refresh` asks it again (Match:reask,
-- as an edit does) from the arranged cards.

local loader = require "cardlab.loader"
local match = require "cardlab.match"
local support = require "tests.spec.support"

local def = assert(loader.load("rushfortheweb"))

---------------------------------------------------------------- helpers

-- A match with seat 1 starting and room for trades, past nothing yet.
local function new(players, options, seed)
  local opts = { starting_player = 1 }
  for k, v in pairs(options or {}) do opts[k] = v end
  return assert(match.new(def, { players = players or 2, seed = seed or 1, options = opts }))
end

local function answers(m)
  local r = m:request()
  return r and r.answers
end

local function has(list, text)
  for _, a in ipairs(list or {}) do if a == text then return true end end
  return false
end

local function ok(m, text)
  local status, why = m:answer(text)
  assert(status, why)
  return status
end

-- Answers the setup's project choices with their first answers.
local function past_setup(m)
  while m:request() and m:request().kind == "keep" do ok(m, m:request().answers[1]) end
end

local function card(m, id) return m.game.cards[id] end
-- The codes of a zone's cards, top first.
local function codes_of(m, zone)
  local out = {}
  for i, id in ipairs(zone:cards()) do out[i] = card(m, id).code end
  return out
end

-- The names of a zone's cards, top first.
local function names(m, zone)
  local out = {}
  for i, id in ipairs(zone:cards()) do out[i] = card(m, id).name end
  return out
end

local function credits(m, seat) return m.game.state.credits[seat] end

-- Lays out the table. layout: resources, resource_discard, pool, projects,
-- project_discard (names top first), hand = { [seat] = names },
-- slots = { [seat] = { { project, resource, ... }, ... } }, credits, sold,
-- persona = { [seat] = name } (default: Influencer, Podcaster, Developer,
-- Blogger, Streamer), event (a name; default none: no effects), rest =
-- "box" to leave the unnamed resources and projects out of play (default:
-- under their stacks). Names may be codes ("R12"); a name taken twice gives
-- the next card of that name. Gives code(name [, k]): the code of the k-th
-- card of that name laid out.
local DEFAULT_PERSONAS = { "Influencer", "Podcaster", "Developer", "Blogger", "Streamer" }

local function arrange(m, layout)
  local g = m.game
  local z = g.zones
  local used, placed = {}, {}
  local function id_of(name)
    for id, c in ipairs(g.cards) do
      if not used[id] and (c.name == name or c.code == name) then
        used[id] = true
        placed[name] = placed[name] or {}
        table.insert(placed[name], id)
        return id
      end
    end
    error("no free card named " .. name, 3)
  end
  for id, c in ipairs(g.cards) do
    if c.type == "resource" or c.type == "project" then z.box:insert(id) end
  end
  local function fill(zone, list)
    for _, name in ipairs(list or {}) do zone:insert(id_of(name), "bottom") end
  end
  fill(z.resources, layout.resources)
  fill(z.resource_discard, layout.resource_discard)
  fill(z.pool, layout.pool)
  fill(z.projects, layout.projects)
  fill(z.project_discard, layout.project_discard)
  for seat = 1, g.players do
    fill(z.hand[seat], layout.hand and layout.hand[seat])
    for k, slot in ipairs(g.rush.slots[seat]) do
      local list = layout.slots and layout.slots[seat] and layout.slots[seat][k]
      for _, name in ipairs(list or {}) do slot:insert(id_of(name)) end
    end
  end
  if layout.rest ~= "box" then
    for id, c in ipairs(g.cards) do
      if not used[id] and c.type == "resource" then z.resources:insert(id, "bottom") end
      if not used[id] and c.type == "project" then z.projects:insert(id, "bottom") end
    end
  end
  local personas = layout.persona or {}
  for seat = 1, g.players do z.persona[seat]:move_all(z.box) end
  for seat = 1, g.players do
    local id = id_of(personas[seat] or DEFAULT_PERSONAS[seat])
    z.persona[seat]:insert(id)
    g.state.persona[seat] = g.cards[id].name
  end
  for seat, v in pairs(layout.credits or {}) do g.state.credits[seat] = v end
  for seat, v in pairs(layout.sold or {}) do g.state.sold[seat] = v end
  if layout.event then
    z.events:insert(id_of(layout.event))
    g.rules.reveal_event(g)
  else
    g.state.effects, g.state.event = {}, nil
  end
  return function(name, k)
    local list = placed[name]
    assert(list and list[k or 1], "not laid out: " .. name)
    return g.cards[list[k or 1]].code
  end
end

-- Asks the pending step again from the arranged cards (the acquire, play
-- and sell steps give a refresh to game:ask).
local function refresh(m)
  local how = m:reask()
  assert(how == "asked again" or how == "unchanged", how)
end

-- Ends the current seat's turn from its sell step.
local function end_turn(m)
  assert.equal("sell", m:request().kind)
  ok(m, "end turn")
end

---------------------------------------------------------------- the cards

describe("Rush for the Web", function()
  describe("the card set (a reconstruction, kept as data)", function()
    local by_type = {}
    for _, c in ipairs(def.cards) do
      by_type[c.type] = by_type[c.type] or {}
      table.insert(by_type[c.type], c)
    end

    it("has personas, projects, resources and events in plausible numbers", function()
      assert.equal(10, #by_type.persona)
      assert.equal(28, #by_type.project)
      assert.equal(60, #by_type.resource)
      assert.equal(18, #by_type.event)
    end)

    it("gives every card a short unique code for the answers", function()
      local seen = {}
      for _, c in ipairs(def.cards) do
        assert.is_nil(seen[c.code], c.code)
        seen[c.code] = true
        assert.truthy(c.code:match("^[CPRE]%d+$"))
      end
    end)

    it("gives every persona its own special effect", function()
      local effects = {}
      for _, p in ipairs(by_type.persona) do
        local text = def.effect_text(p)
        assert.not_equal("", text, p.name)
        assert.is_nil(effects[text], p.name)
        effects[text] = true
      end
    end)

    it("has projects with allowed colours and a 2/3/4 sell table, the rule book's example among them", function()
      local example = false
      for _, p in ipairs(by_type.project) do
        assert.is_true(#p.colours >= 1)
        assert.is_true(p.sell[2] > 0 and p.sell[2] < p.sell[3] and p.sell[3] < p.sell[4], p.name)
        if p.sell[2] == 4 and p.sell[3] == 6 then example = true end
      end
      assert.is_true(example)
    end)

    it("has resources of five colours, twelve each, with a cost and optional icon", function()
      local colours, icons = {}, {}
      for _, r in ipairs(by_type.resource) do
        colours[r.colour] = (colours[r.colour] or 0) + 1
        assert.is_true(r.cost >= 0 and r.cost <= 3)
        if r.effect then icons[r.effect] = true end
      end
      assert.same({ red = 12, yellow = 12, green = 12, blue = 12, purple = 12 }, colours)
      assert.same({ again = true, take_pool = true, draw_another = true, swap = true, bonus = true }, icons)
    end)

    it("puts every event effect of the rule book on some event, Expansion among them", function()
      local seen = {}
      for _, e in ipairs(by_type.event) do
        for _, k in ipairs({ "bonus", "pool_bonus", "discount", "per_project", "third_project" }) do
          if e[k] then seen[k] = true end
        end
        if e.bonus and e.need then seen.colour_condition = true end
      end
      assert.same({ bonus = true, pool_bonus = true, discount = true, per_project = true,
                    third_project = true, colour_condition = true }, seen)
      local expansion
      for _, e in ipairs(by_type.event) do if e.name == "Expansion" then expansion = e end end
      assert.is_true(expansion.third_project)
    end)

    it("is read from card-list texts an owner of the printed game could overwrite", function()
      local cards = require "cards"
      local dir = def.dir
      local chunk = assert(loadfile(dir .. "/cardlist.lua"))
      local list = chunk()
      assert.equal(18, #cards.parse(list.events))
      assert.equal(60, #cards.parse(list.resources))
    end)
  end)

---------------------------------------------------------------- setup

  describe("setup", function()
    it("1-3: builds an event stack of 12 with Expansion, the others back in the box", function()
      for seed = 1, 40 do
        local m = new(2 + seed % 4, { starting_player = 0 }, seed)
        past_setup(m)
        local z = m.game.zones
        -- step 10 revealed the first event already
        assert.equal(11, z.events:count())
        assert.equal(1, z.event:count())
        local found = card(m, z.event:peek()).name == "Expansion"
        for _, id in ipairs(z.events:cards()) do
          assert.equal("event", card(m, id).type)
          if card(m, id).name == "Expansion" then found = true end
        end
        assert.is_true(found, "seed " .. seed)
        local boxed = 0
        for _, id in ipairs(z.box:cards()) do if card(m, id).type == "event" then boxed = boxed + 1 end end
        assert.equal(6, boxed)
      end
    end)

    it("1, 3, 5, 6, 8: the stacks are shuffled: from game to game the personas, projects, resources, "
      .. "the events in play and Expansion's place among them differ", function()
      local seen = { persona = {}, projects = {}, pool = {}, hand = {}, events = {}, expansion = {} }
      local function distinct(t) local n = 0; for _ in pairs(t) do n = n + 1 end; return n end
      for seed = 1, 12 do
        local m = new(3, nil, seed)
        local z = m.game.zones
        seen.persona[m.game.state.persona[1]] = true
        seen.projects[table.concat(codes_of(m, z.choice[1]), " ")] = true
        seen.pool[codes_of(m, z.pool)[1]] = true
        past_setup(m)
        seen.hand[table.concat(codes_of(m, z.hand[1]), " ")] = true
        local events = codes_of(m, z.event)
        for _, code in ipairs(codes_of(m, z.events)) do events[#events + 1] = code end
        for i, code in ipairs(events) do if code == "E1" then seen.expansion[i] = true end end
        table.sort(events)
        seen.events[table.concat(events, " ")] = true
      end
      for what, values in pairs(seen) do assert.is_true(distinct(values) > 1, what) end
    end)

    it("1-3: the option rounds sets the size of the event stack", function()
      local m = new(3, { rounds = 5 })
      past_setup(m)
      assert.equal(4, m.game.zones.events:count())
      assert.equal(5, m.game.state.rounds)
      m = new(3, { rounds = 1 })
      past_setup(m)
      assert.equal("Expansion", m.game.state.event)
    end)

    it("4: turns one resource face up to start the pool, apart from the resource discard", function()
      local m = new(4)
      local z = m.game.zones
      assert.equal(1, z.pool:count())
      assert.equal("resource", card(m, z.pool:peek()).type)
      assert.equal(0, z.resource_discard:count())
      assert.is_true(m:view(3).zones.pool.cards[1] ~= 0)
    end)

    it("5: deals each player one persona, face up; the others go back in the box", function()
      local m = new(5)
      local z = m.game.zones
      local seen = {}
      for seat = 1, 5 do
        assert.equal(1, z.persona[seat]:count())
        local p = card(m, z.persona[seat]:peek())
        assert.equal("persona", p.type)
        assert.is_nil(seen[p.name])
        seen[p.name] = true
        assert.equal(p.name, m.game.state.persona[seat])
        assert.equal(z.persona[seat]:peek(), m:view(seat % 5 + 1).zones[string.format("persona[%d]", seat)].cards[1])
      end
      assert.equal(0, z.personas:count())
    end)

    it("6: the project not kept is shuffled into the stack, not put on top (the next player may not draw it)", function()
      local places = {}
      for seed = 1, 12 do
        local m = new(3, nil, seed)
        local z = m.game.zones
        local third = z.choice[1]:cards()[3]
        ok(m, m:request().answers[1])   -- keeps the first two
        for i, id in ipairs(z.projects:cards()) do if id == third then places[i] = true end end
      end
      local n = 0
      for _ in pairs(places) do n = n + 1 end
      assert.is_true(n > 2, "places in the stack: " .. n)
    end)

    it("6: each player draws 3 projects, keeps 2 and shuffles the third back", function()
      local m = new(3)
      local z = m.game.zones
      for seat = 1, 3 do
        local r = m:request()
        assert.equal("keep", r.kind)
        assert.equal(seat, r.seat)
        assert.equal(3, #r.answers)
        local drawn = z.choice[seat]:cards()
        assert.equal(3, #drawn)
        -- others cannot see the drawn projects
        assert.is_nil(m:view(seat % 3 + 1).zones[string.format("choice[%d]", seat)].cards)
        local a, b = drawn[1], drawn[3]
        ok(m, string.format("keep %s %s", card(m, a).code, card(m, b).code))
        assert.equal(a, z.project1[seat]:peek())
        assert.equal(b, z.project2[seat]:peek())
        assert.equal(0, z.choice[seat]:count())
        -- shuffled back: the next player may draw it at once
        assert.truthy(z.projects:find(drawn[2]) or (seat < 3 and z.choice[seat + 1]:find(drawn[2])))
      end
      assert.equal(28 - 6, z.projects:count())
      assert.equal(0, z.project_discard:count())
    end)

    it("7-8: gives each player 3 credits and 3 resources, hidden from the others", function()
      local m = new(4)
      past_setup(m)
      local z = m.game.zones
      for seat = 1, 4 do
        assert.equal(3, credits(m, seat))
        assert.equal(3, z.hand[seat]:count())
        local other = m:view(seat % 4 + 1).zones[string.format("hand[%d]", seat)]
        assert.equal(3, other.count)
        assert.is_nil(other.cards)
        assert.equal(3, #m:view(seat).zones[string.format("hand[%d]", seat)].cards)
      end
      assert.equal(60 - 1 - 12, z.resources:count())
    end)

    it("7-8: the options start_credits and start_resources change the 3 credits and 3 resources", function()
      local m = new(3, { start_credits = 5, start_resources = 4 })
      past_setup(m)
      for seat = 1, 3 do
        assert.equal(5, credits(m, seat))
        assert.equal(4, m.game.zones.hand[seat]:count())
      end
      assert.equal(60 - 1 - 12, m.game.zones.resources:count())
    end)

    it("9: the starting player is the option's seat, else drawn at random", function()
      for start = 1, 4 do
        local m = new(4, { starting_player = start })
        past_setup(m)
        assert.equal(start, m:request().seat)
        assert.equal("acquire", m:request().kind)
        assert.equal(start, m.game.seats:start())
        assert.equal(1, m.game.seats:round())
      end
      local starts = {}
      for seed = 1, 60 do
        local m = new(3, { starting_player = 0 }, seed)
        past_setup(m)
        starts[m:request().seat] = true
      end
      assert.same({ true, true, true }, starts)
    end)

    it("10: the first event is revealed, face up, and lasts round 1", function()
      local m = new(2)
      past_setup(m)
      local z = m.game.zones
      assert.equal(card(m, z.event:peek()).name, m.game.state.event)
      assert.equal(1, m.game.state.round)
      assert.is_true(m:view(2).zones.event.cards[1] ~= 0)
    end)
  end)

---------------------------------------------------------------- a turn

  describe("a turn", function()
    it("acquires exactly one card: draw from the resource stack or take the top pool card", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { resources = { "Camera", "Laptop" }, pool = { "Notes", "Sketch" },
                                hand = { { "Article" } }, slots = { { { "Podcast" } } } })
      refresh(m)
      assert.same({ "draw", "take " .. code("Notes"), "trade" }, answers(m))
      ok(m, "draw")
      assert.same({ "Camera", "Article" }, names(m, m.game.zones.hand[1]))
      assert.equal("play", m:request().kind)

      m = new(2)
      past_setup(m)
      arrange(m, { resources = { "Camera" }, pool = { "Notes", "Sketch" }, hand = { { "Article" } } })
      refresh(m)
      ok(m, answers(m)[2])
      assert.same({ "Notes", "Article" }, names(m, m.game.zones.hand[1]))
      assert.same({ "Sketch" }, names(m, m.game.zones.pool))
      assert.equal("play", m:request().kind)
    end)

    it("then must play exactly one card: to an own project of a matching colour, or to the pool", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, {
        resources = { "Laptop" },
        hand = { { "Camera", "Notes" } },
        slots = { { { "Vlog" }, { "Tech Blog" } }, { { "Podcast" } } },
        credits = { 5, 5 },
      })
      refresh(m)
      ok(m, "draw")
      local camera, notes, laptop = code("Camera"), code("Notes"), code("Laptop")
      local vlog, blog = code("Vlog"), code("Tech Blog")
      table.sort(answers(m))
      local expected = {
        "play " .. laptop .. " " .. blog, "play " .. camera .. " " .. vlog, "play " .. notes .. " " .. blog,
        "pool " .. laptop, "pool " .. camera, "pool " .. notes, "trade",
      }
      table.sort(expected)
      local got = answers(m)
      table.sort(got)
      assert.same(expected, got)
      -- never to another player's project
      for _, a in ipairs(got) do assert.is_nil(a:find(code("Podcast"), 1, true)) end
    end)

    it("a resource whose colour a project does not list never goes on it, however many colours it lists", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { resources = { "Laptop" }, hand = { { "Sketch", "Camera" } },
                                slots = { { { "Web Magazine" } } }, credits = { 5, 5 } })
      refresh(m)
      ok(m, "draw")
      -- Web Magazine takes red, yellow, green and blue: not purple
      assert.is_false(has(answers(m), "play " .. code("Sketch") .. " " .. code("Web Magazine")))
      assert.is_true(has(answers(m), "play " .. code("Camera") .. " " .. code("Web Magazine")))
      assert.is_true(has(answers(m), "play " .. code("Laptop") .. " " .. code("Web Magazine")))
    end)

    it("pays the resource's cost; a card it cannot pay for is not offered to a project", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, {
        resources = { "Laptop" }, hand = { { "Drone", "Camera" } }, slots = { { { "Vlog" } } }, credits = { 2, 3 },
      })
      refresh(m)
      ok(m, "draw")
      assert.is_false(has(answers(m), "play " .. code("Drone") .. " " .. code("Vlog")))
      ok(m, "play " .. code("Camera") .. " " .. code("Vlog"))
      assert.equal(1, credits(m, 1))
      assert.same({ "Camera", "Vlog" }, names(m, m.game.zones.project1[1]))
    end)

    it("discards to the pool for 1 credit, ignoring the card's effect", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, {
        resources = { "Laptop" }, pool = { "Notes" }, hand = { { "Video Editor" } }, slots = { { { "Vlog" } } },
        credits = { 0, 3 },
      })
      refresh(m)
      ok(m, "draw")
      ok(m, "pool " .. code("Video Editor"))
      assert.equal(1, credits(m, 1))
      assert.same({ "Video Editor", "Notes" }, names(m, m.game.zones.pool))
      -- no "again" request: straight to the sell step
      assert.equal("sell", m:request().kind)
    end)

    it("then may sell one project with at least 2 resources: the rule book's example, 4 with 2 and 6 with 3", function()
      for _, case in ipairs({ { { "Documentary", "Camera", "Article" }, 4 },
                              { { "Documentary", "Camera", "Article", "Newsletter" }, 6 } }) do
        local m = new(2)
        past_setup(m)
        local code = arrange(m, {
          resources = { "Laptop" }, hand = { { "Snippet" } },
          slots = { { case[1], { "Vlog", "Phone Camera" } } }, credits = { 3, 3 },
          projects = { "Novel", "Wiki" },
        })
        refresh(m)
        ok(m, "draw")
        ok(m, "pool " .. code("Snippet"))
        -- the Vlog holds one resource: not for sale
        assert.same({ "sell " .. code("Documentary"), "trade", "end turn" }, answers(m))
        ok(m, "sell " .. code("Documentary"))
        assert.equal(3 + 1 + case[2], credits(m, 1))
        assert.equal(1, m.game.state.sold[1])
        local z = m.game.zones
        assert.same({ "Documentary" }, names(m, z.project_discard))
        assert.equal(#case[1] - 1, z.resource_discard:count())
        -- draws 2 projects, keeps 1, shuffles the other back
        assert.equal("keep", m:request().kind)
        local offered = answers(m)
        table.sort(offered)
        local expected = { "keep " .. code("Novel"), "keep " .. code("Wiki") }
        table.sort(expected)
        assert.same(expected, offered)
        local before = z.projects:count()
        ok(m, "keep " .. code("Wiki"))
        assert.same({ "Wiki" }, names(m, z.project1[1]))
        assert.equal(before + 1, z.projects:count())
        local back = false
        for _, id in ipairs(z.projects:cards()) do if card(m, id).name == "Novel" then back = true end end
        assert.is_true(back)
        -- one sale a turn
        assert.same({ "trade", "end turn" }, answers(m))
      end
    end)

    it("with project_capacity=4, sells a full project at the 4-resource price and takes no more resources", function()
      local m = new(2, { project_capacity = 4 })
      past_setup(m)
      local code = arrange(m, {
        resources = { "Laptop" }, hand = { { "Camera" } },
        slots = { { { "Podcast", "Camera", "Article", "Notes", "Phone Camera" } } }, credits = { 3, 3 },
      })
      refresh(m)
      ok(m, "draw")
      assert.same({ "pool " .. code("Laptop"), "pool " .. code("Camera"), "trade" }, answers(m))
      ok(m, "pool " .. code("Camera"))
      ok(m, "sell " .. code("Podcast"))
      assert.equal(3 + 1 + 10, credits(m, 1))
    end)

    it("with project_capacity=3, the sell step makes public (state.full) the projects with no room left, "
      .. "not one with room for a third resource", function()
      local m = new(2, { project_capacity = 3 })
      past_setup(m)
      local code = arrange(m, {
        resources = { "Laptop" }, hand = { { "Snippet" } }, credits = { 3, 3 },
        slots = { { { "Podcast", "Camera", "Article", "Notes" }, { "Vlog", "Camera", "Phone Camera" } } },
      })
      refresh(m)
      ok(m, "draw")
      ok(m, "pool " .. code("Snippet"))
      assert.equal("sell", m:request().kind)
      assert.same({ [code("Podcast")] = true }, m.game.state.full)
    end)

    it("sells only one project a turn, though two could be sold", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, {
        resources = { "Laptop" }, hand = { { "Snippet" } }, credits = { 0, 3 },
        slots = { { { "Podcast", "Camera", "Article" }, { "Vlog", "Camera", "Phone Camera" } } },
        projects = { "Novel", "Wiki" },
      })
      refresh(m)
      ok(m, "draw")
      ok(m, "pool " .. code("Snippet"))
      assert.same({ "sell " .. code("Podcast"), "sell " .. code("Vlog"), "trade", "end turn" }, answers(m))
      ok(m, "sell " .. code("Podcast"))
      ok(m, answers(m)[1])   -- keep a new project
      -- the Vlog stays unsold until a later turn
      assert.same({ "trade", "end turn" }, answers(m))
      assert.equal(1 + 4, credits(m, 1))
    end)

    it("with project_capacity=0 takes more than 4 resources and sells them at the 4-resource price", function()
      local m = new(2, { project_capacity = 0 })
      past_setup(m)
      local code = arrange(m, {
        resources = { "Laptop" }, hand = { { "Camera" } },
        slots = { { { "Podcast", "Camera", "Article", "Notes", "Phone Camera" } } }, credits = { 3, 3 },
      })
      refresh(m)
      ok(m, "draw")
      ok(m, "play " .. code("Camera") .. " " .. code("Podcast"))
      ok(m, "sell " .. code("Podcast"))
      assert.equal(3 - 1 + 10, credits(m, 1))
    end)

    it("passes the turn to the next seat after the sell step", function()
      local m = new(3)
      past_setup(m)
      ok(m, "draw")
      ok(m, answers(m)[1])
      while m:request().seat == 1 do ok(m, m:request().kind == "sell" and "end turn" or answers(m)[1]) end
      assert.equal(2, m:request().seat)
      assert.equal("acquire", m:request().kind)
    end)
  end)

---------------------------------------------------------------- refusals

  describe("saying why an answer is refused", function()
    -- the reason given between the refusal and the legal answers (nil: none)
    local why = support.refusal_reason

    -- seat 1 at its play step, the table laid out
    local function at_play(layout, options)
      local m = new(2, options)
      past_setup(m)
      layout.resources = layout.resources or { "Laptop" }
      local code = arrange(m, layout)
      refresh(m)
      ok(m, "draw")
      assert.equal("play", m:request().kind)
      return m, code
    end

    it("play: the card is not in your hand, or no resource, or named rather than coded", function()
      local m, code = at_play({ hand = { { "Social Post" } }, slots = { { { "Newsletter Series" } } },
                                pool = { "Camera" } })
      local post, ns = code("Social Post"), code("Newsletter Series")
      assert.equal("your hand holds no " .. code("Camera") .. " Camera", why(m, "play " .. code("Camera") .. " " .. ns))
      assert.equal("'R99' is no resource: resources are R1 to R60", why(m, "play R99 " .. ns))
      assert.equal("'" .. ns .. "' is no resource: resources are R1 to R60", why(m, "play " .. ns .. " " .. post))
      assert.equal("cards are named by their codes: your Social Post is " .. post, why(m, "play social post"))
      -- the examples name cards the seat holds: a legal play, where there is one
      -- (the card on top of the hand, drawn this turn, does not fit the project)
      local top = m.game.cards[m.game.zones.hand[m:request().seat]:peek()].code
      local first_play
      for _, a in ipairs(answers(m)) do first_play = first_play or a:match("^play .*") end
      assert.is_not.equal("play " .. top .. " " .. ns, first_play)
      assert.equal("name a resource of your hand and one of your projects, as in '" .. first_play .. "'",
        why(m, "play"))
      assert.equal("name a resource of your hand, as in 'pool " .. top .. "'", why(m, "pool"))
    end)

    it("play: a bare verb is shown a legal answer of it, never one the seat cannot give", function()
      local shown, pick = 0, 7
      for seed = 1, 6 do
        local m = new(2, nil, seed)
        for _ = 1, 300 do
          local r = m:request()
          if m:status() ~= "waiting" or not r.answers then break end
          if r.kind == "play" then
            local plays = {}
            for _, a in ipairs(r.answers) do if a:match("^play ") then plays[a] = true end end
            local _, why = m:answer("play")
            if next(plays) then
              local example = why:match("as in '([^']+)'")
              assert.is_true(plays[example] == true, why)
              shown = shown + 1
            end
          end
          pick = (pick * 31 + 11) % 1009
          assert(m:answer(r.answers[pick % #r.answers + 1]))
        end
      end
      assert.is_true(shown > 20, "plays seen: " .. shown)
    end)

    it("play: the project is missing, not a project, or not yours", function()
      local m, code = at_play({ hand = { { "Social Post" } },
                                slots = { { { "Newsletter Series" }, { "Zine" } }, { { "Online Community" } } } })
      local post = code("Social Post")
      local yours = code("Newsletter Series") .. " Newsletter Series and " .. code("Zine") .. " Zine"
      assert.equal("name one of your projects too: " .. code("Newsletter Series") .. " Newsletter Series or "
        .. code("Zine") .. " Zine", why(m, "play " .. post))
      assert.equal(code("Online Community") .. " Online Community is seat 2's project; yours are " .. yours,
        why(m, "play " .. post .. " " .. code("Online Community")))
      assert.equal("P1 Vlog is not one of your projects; yours are " .. yours, why(m, "play " .. post .. " P1"))
      assert.equal("'P99' is no project: projects are P1 to P28; yours are " .. yours, why(m, "play " .. post .. " P99"))
    end)

    it("play: the project is full, the colour not allowed there, the cost more than your credits", function()
      local m, code = at_play({
        hand = { { "Camera", "Drone", "Snippet" } }, credits = { 2, 3 },
        slots = { { { "Podcast", "Article", "Notes", "Phone Camera", "Camera" }, { "Vlog" } } },
      }, { project_capacity = 4 })
      local vlog = code("Vlog")
      assert.equal(code("Podcast") .. " Podcast is full: it holds 4 resources",
        why(m, "play " .. code("Camera") .. " " .. code("Podcast")))
      assert.equal(code("Snippet") .. " Snippet is blue; " .. vlog .. " Vlog allows red resources",
        why(m, "play " .. code("Snippet") .. " " .. vlog))
      assert.equal(code("Drone") .. " Drone costs 3 credits; you have 2", why(m, "play " .. code("Drone") .. " " .. vlog))
      -- the colours a project allows, and the cost after the round's and the persona's discounts
      m, code = at_play({ hand = { { "Sketch", "Design System" } }, credits = { 1, 3 }, event = "Cloud Discount",
                          slots = { { { "Newsletter Series" }, { "Zine" } } } })
      assert.equal(code("Sketch") .. " Sketch is purple; " .. code("Newsletter Series")
        .. " Newsletter Series allows yellow and green resources",
        why(m, "play " .. code("Sketch") .. " " .. code("Newsletter Series")))
      assert.equal(code("Design System") .. " Design System costs 2 credits after discounts; you have 1",
        why(m, "play " .. code("Design System") .. " " .. code("Zine")))
      -- a full project, with no limit, takes more
      m, code = at_play({ hand = { { "Camera" } }, credits = { 2, 3 }, slots = { { { "Vlog", "Camera", "Camera",
                          "Phone Camera", "Drone" } } } }, { project_capacity = 0 })
      assert.is_true(has(answers(m), "play " .. code("Camera") .. " " .. code("Vlog")))
    end)

    it("play: a legal play or discard with more words, a bare code, acquiring or selling now", function()
      local m, code = at_play({ hand = { { "Social Post" } }, slots = { { { "Newsletter Series" } } } })
      local post, ns = code("Social Post"), code("Newsletter Series")
      assert.equal("say just 'play " .. post .. " " .. ns .. "'", why(m, "play " .. post .. " " .. ns .. " please"))
      assert.equal("say just 'pool " .. post .. "'", why(m, "pool " .. post .. " " .. ns))
      assert.equal("play it to one of your projects ('play " .. post .. " P..') or discard it to the pool ('pool "
        .. post .. "')", why(m, post:lower()))
      assert.equal("you have acquired this turn's resource: now play one to a project, or discard one to the pool",
        why(m, "draw"))
      assert.equal("first play a resource to a project, or discard one to the pool: a turn does exactly one",
        why(m, "end turn"))
      -- a text that is no answer at all gets only the list
      assert.is_nil(why(m, "fold"))
    end)

    it("again: says why as the play step does", function()
      local m, code = at_play({ hand = { { "Video Editor", "Snippet" } }, credits = { 5, 3 },
                                slots = { { { "Vlog" } } }, resources = { "Laptop", "Notes" } })
      ok(m, "play " .. code("Video Editor") .. " " .. code("Vlog"))
      assert.equal("again", m:request().kind)
      assert.equal(code("Snippet") .. " Snippet is blue; " .. code("Vlog") .. " Vlog allows red resources",
        why(m, "play " .. code("Snippet") .. " " .. code("Vlog")))
      -- another request's answer: the icon comes first, with a legal example
      assert.equal("first the again icon: play or discard another card, as in '" .. m:legal()[1]
        .. "', or 'skip'; then your turn goes on", why(m, "draw"))
      -- trading is a step of its own, never offered here
      assert.equal("the again icon plays or discards one more card: no trading now", why(m, "trade 2"))
      assert.equal("the again icon plays or discards one more card: no trading now", why(m, "trade"))
    end)

    it("acquire: only the pool's top card, an empty pool or stack, playing first", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { resources = { "Laptop" }, pool = { "Notes", "Sketch" }, hand = { { "Camera" } },
                                slots = { { { "Vlog" } } } })
      refresh(m)
      assert.equal("acquire", m:request().kind)
      assert.equal("only the pool's top card may be taken: " .. code("Notes") .. " Notes",
        why(m, "take " .. code("Sketch")))
      assert.equal("name the pool card: 'take " .. code("Notes") .. "'", why(m, "take"))
      -- the card's name, or its code with a full stop, is no code
      assert.equal("cards are named by their codes: 'take " .. code("Notes") .. "'", why(m, "take Notes"))
      assert.equal("cards are named by their codes: 'take " .. code("Notes") .. "'", why(m, "take " .. code("Notes") .. "."))
      assert.equal("first acquire exactly one resource: draw one, or take the pool card",
        why(m, "play " .. code("Camera") .. " " .. code("Vlog")))
      m = new(2)
      past_setup(m)
      arrange(m, { pool = { "Notes" }, hand = { { "Camera" } }, slots = { { { "Vlog" } } }, rest = "box" })
      refresh(m)
      assert.same({ "take " .. m.game.cards[m.game.zones.pool:peek()].code, "trade" }, answers(m))
      assert.equal("the resource stack and the resource discard are empty", why(m, "draw"))
      m = new(2)
      past_setup(m)
      arrange(m, { resources = { "Notes" }, hand = { { "Camera" } }, slots = { { { "Vlog" } } } })
      refresh(m)
      assert.equal("the pool is empty", why(m, "take R1"))
    end)

    it("trade: the turn's offers are made (offers_per_turn), or the game has no trading", function()
      local m = new(2, { offers_per_turn = 1 })
      past_setup(m)
      arrange(m, { resources = { "Notes" }, hand = { { "Camera" } }, slots = { { { "Vlog" } } } })
      refresh(m)
      ok(m, "trade")
      ok(m, "cancel")   -- the one offer of the turn
      assert.equal("this turn has seen 1 offer, as many as a turn allows (offers_per_turn=1)", why(m, "trade"))
      m = new(2, { trading = "off" })
      past_setup(m)
      assert.equal("this game has no trading (trading=off)", why(m, "trade"))
    end)

    it("sell: too few resources, the turn's sales made, not your project, playing now", function()
      local m, code = at_play({ hand = { { "Snippet" } }, projects = { "Novel", "Wiki" },
                                slots = { { { "Podcast", "Camera", "Article" }, { "Vlog", "Camera" } },
                                          { { "Documentary", "Notes", "Article" } } } })
      ok(m, "pool " .. code("Snippet"))
      assert.equal("sell", m:request().kind)
      local podcast, vlog = code("Podcast"), code("Vlog")
      assert.equal(vlog .. " Vlog holds 1 resource; a sale needs at least 2", why(m, "sell " .. vlog))
      assert.equal(code("Documentary") .. " Documentary is seat 2's project; yours are " .. podcast
        .. " Podcast and " .. vlog .. " Vlog", why(m, "sell " .. code("Documentary")))
      assert.equal("name the project to sell: yours are " .. podcast .. " Podcast and " .. vlog .. " Vlog",
        why(m, "sell"))
      assert.equal("say just 'sell " .. podcast .. "'", why(m, "sell " .. podcast .. " now"))
      assert.equal("this turn's play is over: now sell a project, or 'end turn'", why(m, "pool " .. code("Laptop")))
      assert.equal("'end turn' ends your turn", why(m, "end"))
      ok(m, "sell " .. podcast)
      ok(m, answers(m)[1])   -- keep a new project
      m.game.zones.resource_discard:move(m.game.rush.slots[1][2], 1)
      m.game.zones.resource_discard:move(m.game.rush.slots[1][2], 1)
      assert.equal("you have sold 1 project this turn, as many as a turn allows", why(m, "sell " .. vlog))
    end)

    it("names a legal answer given with a word added (random games)", function()
      support.assert_legal_with_a_word(def, { 2, 4 }, 4, 50)
    end)

    it("gives a reason for every play and sale the lists leave out", function()
      -- random games: at every play and sell step, each resource in hand on each
      -- own project, and each own project for sale, that is not a legal answer
      -- is refused with a reason (the explainer words what the lists decide)
      local checked = support.assert_refusals_have_reasons(
        function(seed) return new(3, { trading = "off" }, seed) end, 6,
        function(m, r)
          local slots, texts = m.game.rush.slots[r.seat], {}
          if r.kind == "play" then
            for _, rid in ipairs(m.game.zones.hand[r.seat]:cards()) do
              for _, slot in ipairs(slots) do
                if slot:count() > 0 then
                  texts[#texts + 1] = "play " .. card(m, rid).code .. " " .. card(m, slot:peek(slot:count())).code
                end
              end
            end
          elseif r.kind == "sell" then
            for _, slot in ipairs(slots) do
              if slot:count() > 0 then texts[#texts + 1] = "sell " .. card(m, slot:peek(slot:count())).code end
            end
          end
          return texts
        end)
      assert.is_true(checked > 500, "only " .. checked .. " refusals tried")
    end)

    it("gives a reason for every card, seat and amount the dialogue's, the icons' and the choices' lists leave out",
      function()
      local checked = support.assert_refusals_have_reasons(
        function(seed) return new(3, { offers_per_turn = 4 }, seed) end, 6,
        function(m, r)
          local g, texts = m.game, {}
          local function add(fmt, ...) texts[#texts + 1] = string.format(fmt, ...) end
          local offer, st = g.state.offer, g.state
          if r.kind == "trade" then
            for k = 0, g.players + 1 do add("with seat %d", k) end
          elseif r.kind == "give_credits" or r.kind == "ask_credits" then
            local word = r.kind == "give_credits" and "give" or "ask"
            local giver = word == "give" and r.seat or offer.to
            for n = 0, st.credits[giver] + 2 do add("%s %d", word, n) end
          elseif r.kind == "give_cards" or r.kind == "offer" or r.kind == "hand_over" then
            local word = r.kind == "offer" and "accept" or "give"
            for seat = 1, g.players do
              for _, id in ipairs(g.zones.hand[seat]:cards()) do add("%s %s", word, card(m, id).code) end
            end
            if r.kind == "offer" then add("accept") add("counter") end
          elseif r.kind == "ask_card" then
            for _, c in ipairs({ "red", "yellow", "green", "blue", "purple", "any", "no" }) do add("%s", c) end
          elseif r.kind == "keep" or r.kind == "scout" then
            local ids = g.zones.choice[r.seat]:cards()
            for _, a in ipairs(ids) do
              add("keep %s", card(m, a).code)
              for _, b in ipairs(ids) do add("keep %s %s", card(m, a).code, card(m, b).code) end
            end
            for _, id in ipairs(g.zones.hand[r.seat]:cards()) do add("keep %s", card(m, id).code) end
          elseif r.kind == "discard" or r.kind == "swap" or r.kind == "take_pool" then
            local word = r.kind == "take_pool" and "take" or r.kind
            for _, id in ipairs(g.zones.hand[r.seat]:cards()) do add("%s %s", word, card(m, id).code) end
            for _, id in ipairs(g.zones.pool:cards()) do add("%s %s", word, card(m, id).code) end
          end
          return texts
        end)
      assert.is_true(checked > 500, "only " .. checked .. " refusals tried")
    end)

    it("changes nothing", function()
      local m, code = at_play({ hand = { { "Snippet", "Drone" } }, credits = { 1, 3 }, slots = { { { "Vlog" } } } })
      local before = m:snapshot()
      why(m, "play " .. code("Snippet") .. " " .. code("Vlog"))
      why(m, "play " .. code("Drone") .. " " .. code("Vlog"))
      why(m, "play Drone")
      why(m, "sell " .. code("Vlog"))
      why(m, "trade 2")
      assert.equal(before, m:snapshot())
      ok(m, "pool " .. code("Snippet"))
      before = m:snapshot()
      why(m, "sell " .. code("Vlog"))
      why(m, "sell P1")
      assert.equal(before, m:snapshot())
    end)

    it("keep: a project not drawn, or named, too many, twice, or out of the order listed", function()
      local m = new(2)
      local r = m:request()
      assert.equal("keep", r.kind)
      local ids = m.game.zones.choice[r.seat]:cards()
      assert.equal(3, #ids)
      local c, list = {}, {}
      for i, id in ipairs(ids) do
        c[i] = card(m, id).code
        list[i] = c[i] .. " " .. card(m, id).name
      end
      local drawn = list[1] .. ", " .. list[2] .. " and " .. list[3]
      local other   -- a project not drawn
      for id, x in ipairs(m.game.cards) do
        if x.type == "project" and id ~= ids[1] and id ~= ids[2] and id ~= ids[3] then other = x break end
      end
      assert.equal("name them in the order listed: 'keep " .. c[1] .. " " .. c[3] .. "'",
        why(m, "keep " .. c[3] .. " " .. c[1]))
      assert.equal("keep 2 of the projects drawn, not 1", why(m, "keep " .. c[2]))
      assert.equal("keep 2 of the projects drawn, not 3", why(m, "keep " .. c[3] .. " " .. c[2] .. " " .. c[1]))
      assert.equal(list[1] .. " is named twice", why(m, "keep " .. c[1] .. " " .. c[1]))
      assert.equal(other.code .. " " .. other.name .. " is not among the projects drawn: " .. drawn,
        why(m, "keep " .. other.code .. " " .. c[1]))
      assert.equal("'P99' is none of the projects drawn: " .. drawn, why(m, "keep P99"))
      assert.equal("cards are named by their codes: " .. card(m, ids[2]).name .. " is " .. c[2],
        why(m, "keep " .. card(m, ids[2]).name:lower()))
      assert.equal("name 2 of the projects drawn: " .. drawn, why(m, "keep"))
      assert.equal("say just 'keep " .. c[1] .. " " .. c[2] .. "'", why(m, "keep " .. c[1] .. " " .. c[2] .. " " .. c[3]))
      ok(m, "keep " .. c[1] .. " " .. c[3])
    end)

    it("scout: a resource not drawn, or named", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { persona = { "Curator", "Podcaster" }, resources = { "Snippet", "Laptop", "Sketch" },
                                hand = { { "Article" } }, credits = { 0, 0 }, slots = { { { "Novel" } } } })
      refresh(m)
      ok(m, "draw")
      assert.equal("scout", m:request().kind)
      local drawn = code("Laptop") .. " Laptop and " .. code("Snippet") .. " Snippet"
      assert.equal(code("Sketch") .. " Sketch is not among the drawn resources: " .. drawn,
        why(m, "keep " .. code("Sketch")))
      assert.equal(code("Article") .. " Article is not among the drawn resources: " .. drawn,
        why(m, "keep " .. code("Article")))
      assert.equal("cards are named by their codes: Laptop is " .. code("Laptop"), why(m, "keep laptop"))
      assert.equal("name one of the drawn resources: " .. drawn, why(m, "keep"))
      ok(m, "keep " .. code("Laptop"))
    end)
  end)

---------------------------------------------------------------- effects on resources

  describe("resource effects", function()
    local function play_first(m, layout, played)
      past_setup(m)
      local code = arrange(m, layout)
      refresh(m)
      ok(m, "draw")
      ok(m, "play " .. code(played) .. " " .. code(layout.slots[1][1][1]))
      return code
    end

    it("again: play another resource, then draw so the hand size stays", function()
      local m = new(2)
      local code = play_first(m, { resources = { "Laptop", "Snippet" }, hand = { { "Video Editor", "Camera", "Notes" } },
                                   slots = { { { "Podcast" } } }, credits = { 5, 3 } }, "Video Editor")
      assert.equal("again", m:request().kind)
      assert.is_true(has(answers(m), "skip"))
      assert.is_true(has(answers(m), "pool " .. code("Laptop")))
      -- the new card is drawn after the additional card ("if you do, draw"):
      -- it cannot be the additional card
      assert.is_false(has(answers(m), "pool " .. code("Snippet")))
      assert.equal(3, m.game.zones.hand[1]:count())
      ok(m, "play " .. code("Camera") .. " " .. code("Podcast"))
      assert.equal(5 - 2 - 1, credits(m, 1))
      assert.same({ "Camera", "Video Editor", "Podcast" }, names(m, m.game.zones.project1[1]))
      -- Laptop drawn as the acquisition, Snippet drawn to keep the hand size
      assert.same({ "Snippet", "Laptop", "Notes" }, names(m, m.game.zones.hand[1]))
      assert.equal("sell", m:request().kind)
    end)

    it("again: or discard another resource to the pool for the credit, then draw", function()
      local m = new(2)
      local code = play_first(m, { resources = { "Laptop", "Snippet" }, hand = { { "Video Editor", "Camera" } },
                                   slots = { { { "Podcast" } } }, credits = { 5, 3 } }, "Video Editor")
      ok(m, "pool " .. code("Laptop"))
      assert.equal(5 - 2 + 1, credits(m, 1))
      assert.same({ "Laptop" }, names(m, m.game.zones.pool))
      assert.same({ "Snippet", "Camera" }, names(m, m.game.zones.hand[1]))
    end)

    it("again: may be skipped, and the additional card's own effect applies", function()
      local m = new(2)
      local code = play_first(m, { resources = { "Laptop" }, hand = { { "Video Editor", "Camera" } },
                                   slots = { { { "Podcast" } } }, credits = { 5, 3 } }, "Video Editor")
      ok(m, "skip")
      assert.equal("sell", m:request().kind)
      assert.same({ "Laptop", "Camera" }, names(m, m.game.zones.hand[1]))

      m = new(2)
      code = play_first(m, { resources = { "Laptop", "Snippet", "Sketch" }, pool = { "Notes" },
                             hand = { { "Video Editor", "Stock Footage" } },
                             slots = { { { "Podcast" } } }, credits = { 5, 3 } }, "Video Editor")
      ok(m, "play " .. code("Stock Footage") .. " " .. code("Podcast"))
      assert.equal("take_pool", m:request().kind)
    end)

    it("take pool: may take the pool card, then discards one to the resource discard", function()
      local m = new(2)
      local code = play_first(m, { resources = { "Laptop" }, pool = { "Notes", "Sketch" },
                                   hand = { { "Stock Footage", "Camera" } },
                                   slots = { { { "Podcast" } } }, credits = { 5, 3 } }, "Stock Footage")
      assert.same({ "take " .. code("Notes"), "skip" }, answers(m))
      ok(m, "take " .. code("Notes"))
      assert.equal("discard", m:request().kind)
      assert.same({ "discard " .. code("Notes"), "discard " .. code("Laptop"), "discard " .. code("Camera") },
        answers(m))
      ok(m, "discard " .. code("Camera"))
      assert.same({ "Notes", "Laptop" }, names(m, m.game.zones.hand[1]))
      assert.same({ "Camera" }, names(m, m.game.zones.resource_discard))
      assert.same({ "Sketch" }, names(m, m.game.zones.pool))
      assert.equal(5 - 1, credits(m, 1))
    end)

    it("take pool: may be skipped; with an empty pool nothing is asked", function()
      local m = new(2)
      play_first(m, { resources = { "Laptop" }, pool = { "Notes" }, hand = { { "Stock Footage" } },
                      slots = { { { "Podcast" } } }, credits = { 5, 3 } }, "Stock Footage")
      ok(m, "skip")
      assert.equal("sell", m:request().kind)
      assert.same({ "Notes" }, names(m, m.game.zones.pool))
      m = new(2)
      play_first(m, { resources = { "Laptop" }, hand = { { "Stock Footage" } },
                      slots = { { { "Podcast" } } }, credits = { 5, 3 } }, "Stock Footage")
      assert.equal("sell", m:request().kind)
    end)

    it("draw another: may draw another resource, then discards one", function()
      local m = new(2)
      local code = play_first(m, { resources = { "Laptop", "Snippet" }, hand = { { "Microphone", "Camera" } },
                                   slots = { { { "Podcast" } } }, credits = { 5, 3 } }, "Microphone")
      assert.same({ "draw", "skip" }, answers(m))
      ok(m, "draw")
      ok(m, "discard " .. code("Laptop"))
      assert.same({ "Snippet", "Camera" }, names(m, m.game.zones.hand[1]))
      assert.same({ "Laptop" }, names(m, m.game.zones.resource_discard))
      m = new(2)
      play_first(m, { resources = { "Laptop", "Snippet" }, hand = { { "Microphone" } },
                      slots = { { { "Podcast" } } }, credits = { 5, 3 } }, "Microphone")
      ok(m, "skip")
      assert.same({ "Laptop" }, names(m, m.game.zones.hand[1]))
    end)

    it("swap: may exchange a hand card with the pool card", function()
      local m = new(2)
      local code = play_first(m, { resources = { "Laptop" }, pool = { "Notes", "Sketch" },
                                   hand = { { "Tripod", "Camera" } },
                                   slots = { { { "Podcast" } } }, credits = { 5, 3 } }, "Tripod")
      assert.same({ "swap " .. code("Laptop"), "swap " .. code("Camera"), "skip" }, answers(m))
      ok(m, "swap " .. code("Camera"))
      assert.same({ "Notes", "Laptop" }, names(m, m.game.zones.hand[1]))
      -- the hand card becomes the pool's top card
      assert.same({ "Camera", "Sketch" }, names(m, m.game.zones.pool))
      assert.equal(5 - 1, credits(m, 1))
    end)

    it("take pool, its discard and swap say why an answer is refused", function()
      local why = support.refusal_reason
      local m = new(2)
      local code = play_first(m, { resources = { "Laptop" }, pool = { "Notes", "Sketch" },
                                   hand = { { "Stock Footage", "Camera" } },
                                   slots = { { { "Podcast" } } }, credits = { 5, 3 } }, "Stock Footage")
      assert.equal("only the pool's top card may be taken: " .. code("Notes") .. " Notes",
        why(m, "take " .. code("Sketch")))
      assert.equal("name the pool card: 'take " .. code("Notes") .. "'", why(m, "take"))
      ok(m, "take " .. code("Notes"))
      assert.equal("discard", m:request().kind)
      assert.equal("your hand holds no " .. code("Sketch") .. " Sketch", why(m, "discard " .. code("Sketch")))
      assert.equal("this card goes to the resource discard, not the pool: 'discard " .. code("Camera") .. "'",
        why(m, "pool " .. code("Camera")))
      assert.equal("the icon gave you a card: now you discard one of your hand to the resource discard",
        why(m, "skip"))
      -- the example is the request's own answer, with a card of the hand
      local top = m.game.cards[m.game.zones.hand[m:request().seat]:peek()].code
      assert.equal("name a resource of your hand, as in 'discard " .. top .. "'", why(m, "discard"))
      assert.equal("name a resource of your hand, as in 'discard " .. top .. "'", why(m, "pool"))
      assert.equal("cards are named by their codes: your Camera is " .. code("Camera"), why(m, "discard camera"))
      ok(m, "discard " .. code("Camera"))

      m = new(2)
      code = play_first(m, { resources = { "Laptop" }, pool = { "Notes", "Sketch" },
                             hand = { { "Tripod", "Camera" } },
                             slots = { { { "Podcast" } } }, credits = { 5, 3 } }, "Tripod")
      assert.equal("swap", m:request().kind)
      assert.equal("name a card of your hand: " .. code("Notes") .. " Notes, the pool card, comes in its place",
        why(m, "swap " .. code("Notes")))
      assert.equal("your hand holds no " .. code("Sketch") .. " Sketch", why(m, "swap " .. code("Sketch")))
      local held = m.game.cards[m.game.zones.hand[m:request().seat]:peek()].code
      assert.equal("the swap gives a card of your hand for the pool card, " .. code("Notes")
        .. " Notes: say 'swap' and a card of your hand, as in 'swap " .. held .. "'", why(m, "take " .. code("Notes")))
      assert.equal("first the icon: swap a card of your hand for the pool card, as in '" .. m:legal()[1]
        .. "', or 'skip'; then your turn goes on", why(m, "draw"))
      ok(m, "swap " .. code("Camera"))
    end)

    it("sell bonus: counts when its project is sold, with its colour condition", function()
      -- Drone: +3 always; Studio Lights: +2 with a yellow resource on the project
      local m = new(2)
      past_setup(m)
      local code = arrange(m, {
        resources = { "Laptop" }, hand = { { "Snippet" } },
        slots = { { { "Podcast", "Drone", "Studio Lights" }, { "Vlog", "Camera", "Phone Camera" } } },
        credits = { 0, 3 },
      })
      refresh(m)
      ok(m, "draw")
      ok(m, "pool " .. code("Snippet"))
      ok(m, "sell " .. code("Podcast"))
      -- no yellow on the Podcast: only the Drone's bonus
      assert.equal(1 + 4 + 3, credits(m, 1))

      m = new(2)
      past_setup(m)
      code = arrange(m, {
        resources = { "Laptop" }, hand = { { "Snippet" } },
        slots = { { { "Podcast", "Studio Lights", "Notes" } } }, credits = { 0, 3 },
      })
      refresh(m)
      ok(m, "draw")
      ok(m, "pool " .. code("Snippet"))
      ok(m, "sell " .. code("Podcast"))
      assert.equal(1 + 4 + 2, credits(m, 1))
    end)

    it("sell bonus: with resource_bonus=played counts for this turn's sale instead", function()
      local m = new(2, { resource_bonus = "played" })
      past_setup(m)
      local code = arrange(m, {
        resources = { "Laptop" }, hand = { { "Drone" } },
        slots = { { { "Podcast", "Bestseller", "Camera" } } }, credits = { 3, 3 },
      })
      refresh(m)
      ok(m, "draw")
      -- the Bestseller was played in an earlier turn: no bonus; the Drone
      -- played now gives +3 on this turn's sale
      ok(m, "play " .. code("Drone") .. " " .. code("Podcast"))
      ok(m, "sell " .. code("Podcast"))
      assert.equal(3 - 3 + 7 + 3, credits(m, 1))
    end)

    it("sell bonus: with resource_bonus=played a card played in one turn counts for no later turn's sale", function()
      local m = new(2, { resource_bonus = "played" })
      past_setup(m)
      local code = arrange(m, {
        resources = { "Laptop", "Snippet" }, hand = { { "Drone" }, { "Article" } }, credits = { 3, 0 },
        persona = { "Influencer", "Developer" },
        slots = { { { "Vlog" } }, { { "Web Magazine", "Camera", "Newsletter" } } },
      })
      refresh(m)
      ok(m, "draw")
      ok(m, "play " .. code("Drone") .. " " .. code("Vlog"))
      end_turn(m)
      -- seat 2 sells in the next turn: the Drone played by seat 1 gives nothing
      ok(m, "draw")
      ok(m, "pool " .. code("Article"))
      ok(m, "sell " .. code("Web Magazine"))
      assert.equal(1 + 3, credits(m, 2))
    end)

    it("sell bonus: with resource_bonus=played counts once, though two projects are sold in the turn", function()
      local m = new(2, { resource_bonus = "played" })
      past_setup(m)
      local code = arrange(m, {
        persona = { "Entrepreneur", "Podcaster" }, resources = { "Snippet" }, hand = { { "Drone" } },
        slots = { { { "Podcast", "Camera", "Article" }, { "Mobile App", "Sketch", "Laptop" } } }, credits = { 3, 3 },
      })
      refresh(m)
      ok(m, "draw")
      ok(m, "play " .. code("Drone") .. " " .. code("Podcast"))
      ok(m, "sell " .. code("Podcast"))
      assert.equal(3 - 3 + 7 + 3, credits(m, 1))
      ok(m, answers(m)[1])   -- keep a new project
      -- the Drone's +3 went to the first sale; the second has the table and the persona's +2
      ok(m, "sell " .. code("Mobile App"))
      assert.equal(10 + 3 + 2, credits(m, 1))
    end)

    it("sell bonus: with resource_bonus=played a bonus whose colours a sale lacks waits for the next sale", function()
      local m = new(2, { resource_bonus = "played" })
      past_setup(m)
      local code = arrange(m, {
        persona = { "Entrepreneur", "Podcaster" }, resources = { "Snippet" }, hand = { { "Studio Lights" } },
        slots = { { { "Podcast", "Camera", "Article" }, { "Mobile App", "Sketch", "Laptop" } } }, credits = { 3, 3 },
      })
      refresh(m)
      ok(m, "draw")
      ok(m, "play " .. code("Studio Lights") .. " " .. code("Podcast"))
      local before = credits(m, 1)
      -- Mobile App has no yellow: the Studio Lights' +2 (needs yellow) is not counted
      ok(m, "sell " .. code("Mobile App"))
      local first = credits(m, 1) - before
      ok(m, answers(m)[1])   -- keep a new project
      -- Podcast holds an Article (yellow): the +2 counts here
      ok(m, "sell " .. code("Podcast"))
      local second = credits(m, 1) - before - first
      assert.equal(3 + 2, first)        -- the table (2 resources) and the Entrepreneur's +2 (purple)
      assert.equal(7 + 2, second)       -- the table (3 resources) and the Studio Lights' +2
    end)
  end)

---------------------------------------------------------------- events

  describe("events", function()
    it("a sell bonus with colour conditions applies to every player's sales this round", function()
      for _, case in ipairs({ { "Camera", 2 }, { "Laptop", 0 } }) do
        local m = new(2)
        past_setup(m)
        local code = arrange(m, {
          event = "Ad Boom", resources = { "Snippet" }, hand = { { "Notes" } },
          slots = { { { "Web Magazine", case[1], "Article" } } }, credits = { 0, 3 },
        })
        refresh(m)
        ok(m, "draw")
        ok(m, "pool " .. code("Notes"))
        ok(m, "sell " .. code("Web Magazine"))
        assert.equal(1 + 3 + case[2], credits(m, 1))
      end
    end)

    it("an event lasts the round: a sell bonus and a cost reduction apply in the next player's turn too", function()
      -- seat 1 starts the round and pools a card; then seat 2 plays
      local function to_seat_2(layout)
        local m = new(2)
        past_setup(m)
        local code = arrange(m, layout)
        refresh(m)
        ok(m, "draw")
        ok(m, "pool " .. code("Notes"))
        end_turn(m)
        assert.equal(2, m:request().seat)
        return m, code
      end
      local m, code = to_seat_2({ event = "Ad Boom", resources = { "Snippet", "Sketch" },
                                  hand = { { "Notes" }, { "Article" } }, persona = { "Influencer", "Developer" },
                                  slots = { { { "Vlog" } }, { { "Web Magazine", "Camera", "Laptop" } } },
                                  credits = { 0, 0 } })
      ok(m, "draw")
      ok(m, "pool " .. code("Article"))
      ok(m, "sell " .. code("Web Magazine"))
      assert.equal(1 + 3 + 2, credits(m, 2))

      m, code = to_seat_2({ event = "Hardware Sale", resources = { "Snippet", "Sketch" },
                            hand = { { "Notes" }, { "Drone" } }, slots = { { { "Vlog" } }, { { "Video Game" } } },
                            credits = { 0, 1 } })
      ok(m, "draw")
      ok(m, "play " .. code("Drone") .. " " .. code("Video Game"))
      assert.equal(0, credits(m, 2))
    end)

    it("the rule book's example: +2 on projects with blue or green resources", function()
      local any = new(2).game
      local all = new(2, { bonus_colours = "all" }).game
      local need = { "blue", "green" }
      local green_only = { green = true }
      local both = { blue = true, green = true, red = true }
      local red_only = { red = true }
      assert.is_true(def.rules.bonus_applies(any, need, green_only))
      assert.is_true(def.rules.bonus_applies(any, need, both))
      assert.is_false(def.rules.bonus_applies(any, need, red_only))
      assert.is_false(def.rules.bonus_applies(all, need, green_only))
      assert.is_true(def.rules.bonus_applies(all, need, both))
      assert.is_true(def.rules.bonus_applies(any, nil, red_only))
    end)

    it("colours named by a bonus: any one of them (default), or all of them with bonus_colours=all", function()
      for _, case in ipairs({ { "any", 3 }, { "all", 0 } }) do
        local m = new(2, { bonus_colours = case[1] })
        past_setup(m)
        local code = arrange(m, {
          event = "Crossover Hype", resources = { "Snippet" }, hand = { { "Laptop" } },
          slots = { { { "Web Magazine", "Camera", "Newsletter" } } }, credits = { 0, 3 },
        })
        refresh(m)
        ok(m, "draw")
        ok(m, "pool " .. code("Laptop"))
        ok(m, "sell " .. code("Web Magazine"))
        assert.equal(1 + 3 + case[2], credits(m, 1))
      end
    end)

    it("a discard-to-pool bonus adds to the one credit", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { event = "Swap Meet", resources = { "Snippet" }, hand = { { "Notes" } },
                                slots = { { { "Vlog" } } }, credits = { 0, 3 } })
      refresh(m)
      ok(m, "draw")
      ok(m, "pool " .. code("Notes"))
      assert.equal(3, credits(m, 1))
    end)

    it("a discard-to-pool bonus applies to the discard of again too", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { event = "Swap Meet", resources = { "Laptop", "Snippet" },
                                hand = { { "Video Editor" } }, slots = { { { "Podcast" } } }, credits = { 5, 3 } })
      refresh(m)
      ok(m, "draw")
      ok(m, "play " .. code("Video Editor") .. " " .. code("Podcast"))
      ok(m, "pool " .. code("Laptop"))
      assert.equal(5 - 2 + 1 + 2, credits(m, 1))
    end)

    it("a cost reduction lowers every play this turn, never below 0, and makes dearer cards playable", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { event = "Hardware Sale", resources = { "Snippet" },
                                hand = { { "Video Editor", "Drone", "Camera" } },
                                slots = { { { "Podcast" }, { "Vlog" } } }, credits = { 1, 3 } })
      refresh(m)
      ok(m, "draw")
      assert.is_true(has(answers(m), "play " .. code("Drone") .. " " .. code("Vlog")))
      ok(m, "play " .. code("Video Editor") .. " " .. code("Podcast"))
      assert.equal(1, credits(m, 1))
      -- the additional card of "again" costs less too: Camera (1) is free
      ok(m, "play " .. code("Camera") .. " " .. code("Podcast"))
      assert.equal(1, credits(m, 1))
    end)

    it("credits at the start of each turn for every project holding a resource", function()
      local m = new(2)
      past_setup(m)
      -- only a player's own projects count: seat 1's Vlog holds a resource too
      arrange(m, { event = "Sponsorship Round", resources = { "Snippet" }, hand = { { "Notes" } },
                   slots = { { { "Vlog", "Phone Camera" } },
                             { { "Podcast", "Camera" }, { "Novel" }, { "Wiki", "Laptop" } } },
                   credits = { 0, 1 } })
      refresh(m)
      ok(m, "draw")
      ok(m, answers(m)[#answers(m) - 1])   -- pool a card
      end_turn(m)
      assert.equal(2, m:request().seat)
      assert.equal(1 + 2 * 2, credits(m, 2))
    end)

    it("Expansion: at the start of each turn a player draws 2 projects, keeps one as a third project", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { event = "Expansion", resources = { "Snippet" }, hand = { { "Notes" } },
                                projects = { "Novel", "Wiki", "Zine", "Vlog" },
                                slots = { { { "Tech Blog" }, { "Podcast" } }, { { "Web Comic" }, { "Mobile App" } } } })
      refresh(m)
      ok(m, "draw")
      ok(m, answers(m)[#answers(m) - 1])
      end_turn(m)
      -- seat 2's turn begins with the choice
      assert.equal(2, m:request().seat)
      assert.equal("keep", m:request().kind)
      local offered = answers(m)
      table.sort(offered)
      local expected = { "keep " .. code("Novel"), "keep " .. code("Wiki") }
      table.sort(expected)
      assert.same(expected, offered)
      ok(m, "keep " .. code("Wiki"))
      local z = m.game.zones
      assert.same({ "Wiki" }, names(m, z.project3[2]))
      assert.same({ "Novel" }, names(m, z.project_discard))
      assert.equal("acquire", m:request().kind)
    end)

    it("Expansion gives no project beyond max_projects", function()
      local m = new(2)
      past_setup(m)
      arrange(m, { event = "Expansion", resources = { "Snippet" }, hand = { { "Notes" } },
                   slots = { { { "Tech Blog" } }, { { "Web Comic" }, { "Mobile App" }, { "Zine" } } } })
      refresh(m)
      ok(m, "draw")
      ok(m, answers(m)[#answers(m) - 1])
      end_turn(m)
      assert.equal("acquire", m:request().kind)
    end)

    it("a new event is revealed by the starting player at the start of each round", function()
      local m = new(2)
      past_setup(m)
      local first = m.game.state.event
      local z = m.game.zones
      local next_event = card(m, z.events:peek()).name
      for _ = 1, 2 do   -- seat 1's and seat 2's turns
        while m:request().kind ~= "sell" do ok(m, answers(m)[1] == "trade" and answers(m)[2] or answers(m)[1]) end
        end_turn(m)
      end
      assert.equal(2, m.game.state.round)
      assert.equal(next_event, m.game.state.event)
      assert.same({ first }, names(m, z.past_events))
      assert.equal(10, z.events:count())
    end)
  end)

  describe("the edit 'event CARD' (god mode)", function()
    local function code_of(m, name)
      for _, c in ipairs(m.game.cards) do if c.name == name then return c.code end end
    end

    it("mid-round: the card and its effects from now on; the one shown goes where the card was", function()
      local m = new(2)
      past_setup(m)
      local z, t = m.game.zones, m.game.table
      local shown, count = z.event:peek(), z.events:count()
      local hardware = code_of(m, "Hardware Sale")
      local hardware_id
      for id, c in ipairs(m.game.cards) do if c.code == hardware then hardware_id = id end end
      local was_in, was_at = t:where(hardware_id)
      assert(m:edit("event " .. hardware))
      assert.equal("Hardware Sale", m.game.state.event)
      assert.same({ discount = 2 }, m.game.state.effects)
      assert.same({ hardware }, codes_of(m, z.event))
      -- the card that was shown took its place: the stack keeps its count
      assert.equal(shown, was_in:peek(was_at))
      assert.equal(count, z.events:count())
      m:edit("event " .. code_of(m, "Developer Conference"))
      assert.same({ bonus = 2, need = { "blue" } }, m.game.state.effects)
    end)

    it("before the first round: the card is the first revealed, the stack keeps its count", function()
      local m = new(2)
      local z = m.game.zones
      assert.equal(0, z.event:count())
      local count = z.events:count()
      local patron = code_of(m, "Patron Day")
      assert(m:edit("event " .. patron))
      assert.equal(patron, codes_of(m, z.events)[1])
      assert.equal(count, z.events:count())
      past_setup(m)
      assert.equal("Patron Day", m.game.state.event)
      assert.same({ per_project = 1 }, m.game.state.effects)
    end)

    it("swaps within the stack before the first round, and the card shown already changes nothing", function()
      local m = new(2)
      local z = m.game.zones
      local before = codes_of(m, z.events)
      local third = before[3]
      assert(m:edit("event " .. third))
      -- the top and the third change places; the rest stays
      local after = codes_of(m, z.events)
      before[1], before[3] = before[3], before[1]
      assert.same(before, after)
      past_setup(m)
      local shown, stack = codes_of(m, z.event), codes_of(m, z.events)
      assert(m:edit("event " .. shown[1]))
      assert.same(shown, codes_of(m, z.event))
      assert.same(stack, codes_of(m, z.events))
    end)

    it("is refused for a card that is not an event", function()
      local m = new(2)
      past_setup(m)
      local _, why = m:edit("event C3")
      assert.equal("'C3' is not an event card (E1 to E18)", why)
      _, why = m:edit("event")
      assert.equal("edit 'event' expects event CARD", why)
    end)
  end)

---------------------------------------------------------------- personas

  describe("personas", function()
    -- Seat 1 with the persona sells its first project after pooling a card.
    local function sale(persona, project, options, sold)
      local m = new(2, options)
      past_setup(m)
      local code = arrange(m, { persona = { persona, "Curator" }, resources = { "Snippet" },
                                hand = { { "Notes" } }, slots = { { project } }, credits = { 0, 0 },
                                sold = { sold or 0, 0 } })
      refresh(m)
      ok(m, "draw")
      ok(m, "pool " .. code("Notes"))
      ok(m, "sell " .. code(project[1]))
      return m, code
    end

    it("Vlogger: +2 on a sale with a red resource", function()
      assert.equal(1 + 4 + 2, credits(sale("Vlogger", { "Podcast", "Camera", "Article" }), 1))
      assert.equal(1 + 4, credits(sale("Vlogger", { "Podcast", "Notes", "Article" }), 1))
    end)

    it("Podcaster: +2 on a sale with a yellow resource", function()
      assert.equal(1 + 4 + 2, credits(sale("Podcaster", { "Podcast", "Camera", "Article" }), 1))
      assert.equal(1 + 4, credits(sale("Vlogger", { "Podcast", "Notes", "Article" }), 1))
      assert.equal(1 + 4, credits(sale("Podcaster", { "Podcast", "Camera", "Phone Camera" }), 1))
    end)

    it("Influencer: +1 a sale for every project sold before", function()
      assert.equal(1 + 4 + 3, credits(sale("Influencer", { "Podcast", "Camera", "Article" }, nil, 3), 1))
      assert.equal(1 + 4, credits(sale("Influencer", { "Podcast", "Camera", "Article" }), 1))
    end)

    it("Entrepreneur: may sell two projects a turn, +2 on a sale with a purple resource", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { persona = { "Entrepreneur", "Podcaster" }, resources = { "Snippet" },
                                hand = { { "Notes" } }, credits = { 0, 0 },
                                slots = { { { "Podcast", "Camera", "Article" }, { "Mobile App", "Sketch", "Laptop" } } } })
      refresh(m)
      ok(m, "draw")
      ok(m, "pool " .. code("Notes"))
      ok(m, "sell " .. code("Podcast"))
      ok(m, answers(m)[1])   -- keep a new project
      assert.is_true(has(answers(m), "sell " .. code("Mobile App")))
      ok(m, "sell " .. code("Mobile App"))
      assert.equal(1 + 4 + 3 + 2, credits(m, 1))
      ok(m, answers(m)[1])
      assert.same({ "trade", "end turn" }, answers(m))
    end)

    it("Developer: blue and green resources cost 1 less", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { persona = { "Developer", "Podcaster" }, resources = { "Snippet" },
                                hand = { { "Pair Programmer", "Camera" } }, credits = { 1, 0 },
                                slots = { { { "Video Game" } } } })
      refresh(m)
      ok(m, "draw")
      assert.is_true(has(answers(m), "play " .. code("Pair Programmer") .. " " .. code("Video Game")))
      ok(m, "play " .. code("Pair Programmer") .. " " .. code("Video Game"))
      assert.equal(0, credits(m, 1))
    end)

    it("Developer: resources of other colours cost full price", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { persona = { "Developer", "Podcaster" }, resources = { "Snippet" },
                                hand = { { "Video Editor", "Camera" } }, credits = { 1, 0 },
                                slots = { { { "Video Game" } } } })
      refresh(m)
      ok(m, "draw")
      -- the Video Editor (red, 2) is beyond 1 credit
      assert.is_false(has(answers(m), "play " .. code("Video Editor") .. " " .. code("Video Game")))
      ok(m, "play " .. code("Camera") .. " " .. code("Video Game"))
      assert.equal(0, credits(m, 1))
    end)

    it("Blogger: +1 for a discard to the pool, yellow resources cost 1 less", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { persona = { "Blogger", "Podcaster" }, resources = { "Snippet" },
                                hand = { { "Notes" } }, credits = { 0, 0 }, slots = { { { "Novel" } } } })
      refresh(m)
      ok(m, "draw")
      ok(m, "pool " .. code("Notes"))
      assert.equal(2, credits(m, 1))
      m = new(2)
      past_setup(m)
      code = arrange(m, { persona = { "Blogger", "Podcaster" }, resources = { "Snippet" },
                          hand = { { "Article" } }, credits = { 0, 0 }, slots = { { { "Novel" } } } })
      refresh(m)
      ok(m, "draw")
      ok(m, "play " .. code("Article") .. " " .. code("Novel"))
      assert.equal(0, credits(m, 1))
    end)

    it("Curator: +1 for taking the pool card; draws 2 resources and keeps one", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { persona = { "Curator", "Podcaster" }, resources = { "Snippet", "Laptop" },
                                pool = { "Notes" }, hand = { { "Article" } }, credits = { 0, 0 },
                                slots = { { { "Novel" } } } })
      refresh(m)
      ok(m, "take " .. code("Notes"))
      assert.equal(1, credits(m, 1))
      m = new(2)
      past_setup(m)
      code = arrange(m, { persona = { "Curator", "Podcaster" }, resources = { "Snippet", "Laptop", "Sketch" },
                          hand = { { "Article" } }, credits = { 0, 0 }, slots = { { { "Novel" } } } })
      refresh(m)
      ok(m, "draw")
      assert.equal("scout", m:request().kind)
      -- the pick goes to the hidden hand: `play` shows it to the other seats
      -- as "(a secret answer)"
      assert.is_true(def.secret_kinds.scout)
      assert.same({ "keep " .. code("Laptop"), "keep " .. code("Snippet") }, answers(m))
      ok(m, "keep " .. code("Snippet"))
      assert.same({ "Snippet", "Article" }, names(m, m.game.zones.hand[1]))
      assert.same({ "Laptop" }, names(m, m.game.zones.resource_discard))
      assert.equal("Sketch", card(m, m.game.zones.resources:peek()).name)
    end)

    it("Curator: both effects belong to the turn's acquisition, not to the icons that take or draw a card", function()
      -- take pool (Stock Footage): the pool card is taken without the +1
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { persona = { "Curator", "Podcaster" }, resources = { "Snippet", "Laptop", "Sketch" },
                                pool = { "Notes" }, hand = { { "Stock Footage" } }, credits = { 1, 0 },
                                slots = { { { "Vlog" } } } })
      refresh(m)
      ok(m, "draw")
      ok(m, "keep " .. code("Snippet"))
      ok(m, "play " .. code("Stock Footage") .. " " .. code("Vlog"))
      assert.equal(0, credits(m, 1))
      ok(m, "take " .. code("Notes"))
      assert.equal(0, credits(m, 1))
      assert.equal("discard", m:request().kind)
      -- again (Video Editor): the new card is one card drawn, not a choice of 2
      m = new(2)
      past_setup(m)
      code = arrange(m, { persona = { "Curator", "Podcaster" }, pool = { "Notes" },
                          resources = { "Snippet", "Laptop", "Sketch", "Illustration" },
                          hand = { { "Video Editor", "Camera" } }, credits = { 5, 0 }, slots = { { { "Vlog" } } } })
      refresh(m)
      ok(m, "take " .. code("Notes"))
      assert.equal(6, credits(m, 1))
      ok(m, "play " .. code("Video Editor") .. " " .. code("Vlog"))
      ok(m, "play " .. code("Camera") .. " " .. code("Vlog"))
      assert.equal("sell", m:request().kind)
      assert.same({ "Snippet", "Notes" }, names(m, m.game.zones.hand[1]))
      assert.equal(0, m.game.zones.resource_discard:count())
    end)

    it("Maintainer: +1 when a neighbour sells a project with yellow, green or blue", function()
      -- seat 1 sells; the Maintainer sits at `at`: seats 2 and 4 are seat 1's neighbours
      for _, case in ipairs({ { 2, 1 }, { 4, 1 }, { 3, 0 } }) do
        local personas = { "Influencer", "Podcaster", "Blogger", "Streamer" }
        personas[case[1]] = "Maintainer"
        local m = new(4)
        past_setup(m)
        local code = arrange(m, { persona = personas, resources = { "Snippet" }, hand = { { "Notes" } },
                                  slots = { { { "Podcast", "Camera", "Article" } } }, credits = { 0, 0, 0, 0 } })
        refresh(m)
        ok(m, "draw")
        ok(m, "pool " .. code("Notes"))
        ok(m, "sell " .. code("Podcast"))
        assert.equal(case[2], credits(m, case[1]), "Maintainer at seat " .. case[1])
      end
      -- no royalty without the colours
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { persona = { "Influencer", "Maintainer" }, resources = { "Snippet" },
                                hand = { { "Notes" } }, slots = { { { "Vlog", "Camera", "Phone Camera" } } },
                                credits = { 0, 0 } })
      refresh(m)
      ok(m, "draw")
      ok(m, "pool " .. code("Notes"))
      ok(m, "sell " .. code("Vlog"))
      assert.equal(0, credits(m, 2))
    end)

    it("Maintainer: no royalty on its own sales", function()
      assert.equal(1 + 4, credits(sale("Maintainer", { "Podcast", "Camera", "Article" }), 1))
    end)

    it("royalties may come from any other player, the next player or a neighbour (rule piece)", function()
      local m = new(5)
      local g = m.game
      assert.is_true(def.rules.royalty_from(g, nil, 1, 3))
      assert.is_true(def.rules.royalty_from(g, "next", 1, 2))
      assert.is_false(def.rules.royalty_from(g, "next", 1, 5))
      assert.is_true(def.rules.royalty_from(g, "neighbours", 1, 5))
      assert.is_false(def.rules.royalty_from(g, "neighbours", 1, 3))
    end)

    it("a royalty card may say 'from the next player' or 'from any other player' (the card list's "
      .. "royalty_from): paid to its owner for the seller it names, never for its own sale", function()
      local maintainer
      for _, c in ipairs(def.cards) do if c.name == "Maintainer" then maintainer = c end end
      local from = maintainer.royalty_from
      finally(function() maintainer.royalty_from = from end)
      -- the Maintainer at seat `at` of 4; seat `seller` sells a Podcast with yellow
      local function royalty(royalty_from, at, seller)
        maintainer.royalty_from = royalty_from
        local personas = { "Influencer", "Podcaster", "Blogger", "Streamer" }
        personas[at] = "Maintainer"
        local m = new(4, { starting_player = seller })
        past_setup(m)
        local slots = {}
        slots[seller] = { { "Podcast", "Camera", "Article" } }
        local hand = {}
        hand[seller] = { "Notes" }
        local code = arrange(m, { persona = personas, resources = { "Snippet" }, hand = hand, slots = slots,
                                  credits = { 0, 0, 0, 0 } })
        refresh(m)
        ok(m, "draw")
        ok(m, "pool " .. code("Notes"))
        ok(m, "sell " .. code("Podcast"))
        return credits(m, at) - (at == seller and 1 + 4 or 0)
      end
      -- from the next player: seat 2 follows seat 1; seat 4 is before it
      assert.equal(1, royalty("next", 1, 2))
      assert.equal(0, royalty("next", 1, 4))
      assert.equal(1, royalty("next", 4, 1))
      -- from any other player, but not from its own sale
      assert.equal(1, royalty(nil, 1, 3))
      assert.equal(0, royalty(nil, 1, 1))
    end)

    it("Illustrator: purple resources fit every project and cost 1 less", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { persona = { "Illustrator", "Podcaster" }, resources = { "Snippet" },
                                hand = { { "Animator" } }, credits = { 1, 0 }, slots = { { { "Vlog" } } } })
      refresh(m)
      ok(m, "draw")
      ok(m, "play " .. code("Animator") .. " " .. code("Vlog"))
      assert.equal(0, credits(m, 1))
    end)

    it("Streamer: +1 at the start of each turn while a project holds a red or purple resource", function()
      for _, case in ipairs({ { "Camera", 1 }, { "Notes", 0 } }) do
        local m = new(2)
        past_setup(m)
        local code = arrange(m, { persona = { "Influencer", "Streamer" }, resources = { "Snippet" },
                                  hand = { { "Notes" } }, slots = { { { "Vlog" } }, { { "Podcast", case[1] } } },
                                  credits = { 0, 0 } })
        refresh(m)
        ok(m, "draw")
        ok(m, "pool " .. code("Notes"))
        end_turn(m)
        assert.equal(case[2], credits(m, 2))
      end
    end)

    it("Streamer: the income is +1 a turn, however many projects hold red or purple", function()
      local m = new(2)
      past_setup(m)
      arrange(m, { persona = { "Influencer", "Streamer" }, resources = { "Snippet" }, hand = { { "Notes" } },
                   slots = { { { "Vlog" } }, { { "Podcast", "Camera" }, { "Mobile App", "Sketch" } } },
                   credits = { 0, 0 } })
      refresh(m)
      ok(m, "draw")
      ok(m, answers(m)[#answers(m) - 1])
      end_turn(m)
      assert.equal(1, credits(m, 2))
    end)
  end)

---------------------------------------------------------------- trade

  describe("negotiation and trade", function()
    local function to_offer(m, layout)
      past_setup(m)
      local code = arrange(m, layout)
      refresh(m)
      return code
    end

    -- the usual table: seat 1 holds Camera (red) and Notes (yellow), seat 2
    -- Laptop and Snippet (blue) and Sketch (purple)
    local HANDS = { hand = { { "Camera", "Notes" }, { "Laptop", "Snippet", "Sketch" }, {} },
                    credits = { 5, 4, 0 }, resources = { "Article" } }

    it("an offer combines credits and cards both ways; the other side accepts and picks the cards asked", function()
      local m = new(3)
      local code = to_offer(m, HANDS)
      ok(m, "trade")
      assert.same({ "with seat 2", "with seat 3", "cancel" }, answers(m))
      ok(m, "with seat 2")
      ok(m, "give 2")
      ok(m, "give " .. code("Camera"))
      ok(m, "give " .. code("Notes"))
      -- no more than the other player has
      assert.same({ "ask 0", "ask 1", "ask 2", "ask 3", "ask 4", "cancel" }, answers(m))
      ok(m, "ask 1")
      -- cards asked one at a time, as many as seat 2 holds; the texts never change
      local ASK = { "any card", "red card", "yellow card", "green card", "blue card", "purple card", "done", "cancel" }
      assert.same(ASK, answers(m))
      ok(m, "blue card")
      assert.same(ASK, answers(m))
      ok(m, "any card")
      ok(m, "done")
      local r = m:request()
      assert.same({ 2, "offer" }, { r.seat, r.kind })
      assert.same({ "accept", "counter", "refuse" }, r.answers)
      -- the offer is made in the open
      local offer = m.game.state.offer
      assert.same({ 1, 2, 2, 1 }, { offer.from, offer.to, offer.give_credits, offer.ask_credits })
      assert.same({ "blue", "any" }, offer.ask_cards)
      assert.same({ "Camera", "Notes" }, { card(m, offer.give_cards[1]).name, card(m, offer.give_cards[2]).name })
      ok(m, "accept")
      -- the blue card first, then any other
      r = m:request()
      assert.same({ 2, "hand_over" }, { r.seat, r.kind })
      assert.same({ "give " .. code("Laptop"), "give " .. code("Snippet") }, r.answers)
      ok(m, "give " .. code("Snippet"))
      assert.same({ "give " .. code("Laptop"), "give " .. code("Sketch") }, answers(m))
      ok(m, "give " .. code("Sketch"))
      assert.equal(5 - 2 + 1, credits(m, 1))
      assert.equal(4 + 2 - 1, credits(m, 2))
      assert.same({ "Sketch", "Snippet" }, names(m, m.game.zones.hand[1]))
      assert.same({ "Notes", "Camera", "Laptop" }, names(m, m.game.zones.hand[2]))
      assert.is_nil(m.game.state.offer)
      -- back to the step where it started
      assert.same({ 1, "acquire" }, { m:request().seat, m:request().kind })
    end)

    it("the other side may counter; the sides take turns until one accepts", function()
      local m = new(3)
      local code = to_offer(m, HANDS)
      ok(m, "trade")
      ok(m, "with seat 2")
      ok(m, "give 2")
      ok(m, "done")
      ok(m, "ask 0")
      ok(m, "blue card")
      ok(m, "done")
      ok(m, "counter")
      -- seat 2 makes its offer to seat 1, from its own credits and hand
      local r = m:request()
      assert.same({ 2, "give_credits" }, { r.seat, r.kind })
      assert.equal("give 4", r.answers[#r.answers - 1])
      ok(m, "give 0")
      ok(m, "give " .. code("Laptop"))
      ok(m, "done")
      assert.equal("ask 5", answers(m)[#answers(m) - 1])
      ok(m, "ask 3")
      ok(m, "done")
      local offer = m.game.state.offer
      assert.same({ 2, 1, 0, 3 }, { offer.from, offer.to, offer.give_credits, offer.ask_credits })
      assert.same({ 1, "offer" }, { m:request().seat, m:request().kind })
      -- seat 1 counters again: 2 credits and its Notes
      ok(m, "counter")
      ok(m, "give 2")
      ok(m, "give " .. code("Notes"))
      ok(m, "done")
      ok(m, "ask 0")
      ok(m, "blue card")
      ok(m, "done")
      assert.equal(3, m.game.state.offers)
      assert.same({ 2, "offer" }, { m:request().seat, m:request().kind })
      ok(m, "accept")
      ok(m, "give " .. code("Laptop"))
      assert.same({ 3, 6 }, { credits(m, 1), credits(m, 2) })
      assert.same({ "Laptop", "Camera" }, names(m, m.game.zones.hand[1]))
      assert.same({ "Notes", "Snippet", "Sketch" }, names(m, m.game.zones.hand[2]))
      assert.same({ 1, "acquire" }, { m:request().seat, m:request().kind })
    end)

    it("either side ends the negotiation: 'refuse' to an offer, 'cancel' while making one; nothing changes", function()
      for _, ending in ipairs({
        { "with seat 2", "give 1", "done", "ask 0", "done", "refuse" },
        { "with seat 2", "give 1", "done", "ask 0", "done", "counter", "cancel" },
        { "with seat 2", "give 1", "done", "ask 0", "done", "counter", "give 1", "done", "ask 0", "done", "refuse" },
        { "with seat 2", "give 1", "done", "ask 0", "done", "counter", "give 1", "done", "ask 0", "done", "counter",
          "give 0", "cancel" },
      }) do
        local m = new(2)
        to_offer(m, { hand = { { "Camera" }, { "Laptop" } }, credits = { 5, 4 }, resources = { "Article" } })
        local before = m:view(0)
        ok(m, "trade")
        for _, a in ipairs(ending) do ok(m, a) end
        assert.same({ 1, "acquire" }, { m:request().seat, m:request().kind })
        assert.is_nil(m.game.state.offer)
        assert.same(before.zones, m:view(0).zones)
        assert.same({ 5, 4 }, m.game.state.credits)
      end
    end)

    it("an offer may be withdrawn at every step of making it, by either side; nothing changes", function()
      local steps = {
        { kind = "trade", before = {} },
        { kind = "give_credits", before = { "with seat 2" } },
        { kind = "give_cards", before = { "with seat 2", "give 2" } },
        { kind = "give_cards", before = { "with seat 2", "give 2", "give R3" } },
        { kind = "ask_credits", before = { "with seat 2", "give 2", "give R3", "done" } },
        { kind = "ask_card", before = { "with seat 2", "give 2", "give R3", "done", "ask 1" } },
        { kind = "ask_card", before = { "with seat 2", "give 2", "give R3", "done", "ask 1", "red card" } },
        { kind = "give_credits", before = { "with seat 2", "give 2", "done", "ask 1", "done", "counter" } },
        { kind = "ask_card", before = { "with seat 2", "give 2", "done", "ask 1", "done", "counter", "give 1",
                                        "give R39", "done", "ask 0" } },
        { kind = "ask_card", before = { "with seat 2", "give 2", "done", "ask 1", "any card", "done", "counter", "give 1",
                                        "done", "ask 0", "red card" } },
      }
      for _, step in ipairs(steps) do
        local m = new(2)
        to_offer(m, { hand = { { "R3", "Notes" }, { "R39", "Sketch" } }, credits = { 5, 4 }, resources = { "Article" } })
        local z = m.game.zones
        ok(m, "trade")
        for _, a in ipairs(step.before) do ok(m, a) end
        assert.equal(step.kind, m:request().kind)
        assert.equal("cancel", answers(m)[#answers(m)])
        ok(m, "cancel")
        assert.is_nil(m.game.state.offer)
        assert.same({ 5, 4 }, m.game.state.credits)
        assert.same({ "Camera", "Notes" }, names(m, z.hand[1]))
        assert.same({ "Laptop", "Sketch" }, names(m, z.hand[2]))
        assert.same({ 1, "acquire" }, { m:request().seat, m:request().kind })
      end
    end)

    it("'accept' is offered only when the other side can meet the offer, and says why not", function()
      local why = support.refusal_reason
      local function offer_of(asks)
        local m = new(2)
        to_offer(m, { hand = { { "Camera" }, { "Laptop", "Sketch" } }, credits = { 5, 2 }, resources = { "Article" } })
        ok(m, "trade")
        ok(m, "with seat 2")
        ok(m, "give 1")
        ok(m, "done")
        for _, a in ipairs(asks) do ok(m, a) end
        return m
      end
      local m = offer_of({ "ask 2", "blue card", "purple card" })
      assert.same({ "accept", "counter", "refuse" }, answers(m))
      m = offer_of({ "ask 0", "red card", "done" })
      assert.same({ "counter", "refuse" }, answers(m))
      -- the prompt, which every seat reads, says when 'accept' is open, not
      -- whether it is (that would tell the table what seat 2's hand lacks);
      -- and the offer is "on the table", which a phone draws below it
      local prompt = "seat 1 makes the offer on the table: accept (if you have what it asks for), counter or refuse?"
      assert.equal(prompt, m:request().prompt)
      assert.equal(prompt, offer_of({ "ask 2", "blue card", "purple card" }):request().prompt)
      assert.equal("you cannot meet this offer: the offer asks for 1 red card and your hand holds 0", why(m, "accept"))
      m = offer_of({ "ask 0", "blue card", "blue card" })
      assert.equal("you cannot meet this offer: the offer asks for 2 blue cards and your hand holds 1", why(m, "accept"))
      assert.equal("you cannot meet this offer: the offer asks for 2 blue cards and your hand holds 1", why(m, "deal"))
      -- the credits: a counter-offer cannot ask more than the other side has,
      -- but seat 2 has spent none; the test is the rule piece's
      local offer = { ask_credits = 3, ask_cards = {} }
      local ok_, reason = m.game.rules.can_meet(m.game, 2, offer)
      assert.is_nil(ok_)
      assert.equal("the offer asks for 3 credits and you have 2", reason)
      offer = { ask_credits = 2, ask_cards = { "any", "any", "any" } }
      ok_, reason = m.game.rules.can_meet(m.game, 2, offer)
      assert.equal("the offer asks for 3 cards and your hand holds 2", reason)
      -- one that gives and asks nothing ends the negotiation without asking
      m = new(2)
      to_offer(m, { hand = { { "Camera" }, { "Laptop" } }, credits = { 0, 0 }, resources = { "Article" } })
      ok(m, "trade")
      ok(m, "with seat 2")
      ok(m, "done")
      ok(m, "done")
      assert.same({ 1, "acquire" }, { m:request().seat, m:request().kind })
    end)

    it("offers_per_turn limits the offers of a turn, counter-offers included; trading=off has none", function()
      local m = new(2, { offers_per_turn = 2 })
      to_offer(m, { hand = { { "Camera" }, { "Laptop" } }, credits = { 3, 3 }, resources = { "Article" } })
      ok(m, "trade")
      ok(m, "with seat 2")
      ok(m, "give 1")
      ok(m, "done")
      ok(m, "ask 0")
      ok(m, "done")
      ok(m, "counter")
      ok(m, "give 0")
      ok(m, "done")
      ok(m, "ask 2")
      ok(m, "done")
      -- two offers made: seat 1 may accept or refuse, not counter, as the
      -- prompt says (the turn's count of offers is public)
      assert.same({ "accept", "refuse" }, answers(m))
      assert.equal("seat 2 makes the offer on the table; no counter-offer: this turn has seen 2 offers, as many as a "
        .. "turn allows (offers_per_turn=2). Accept (if you have what it asks for) or refuse?", m:request().prompt)
      assert.equal("no counter-offer: this turn has seen 2 offers, as many as a turn allows (offers_per_turn=2)",
        support.refusal_reason(m, "counter"))
      ok(m, "refuse")
      assert.same({ "draw" }, answers(m))
      ok(m, "draw")
      assert.is_false(has(answers(m), "trade"))
      -- the next turn may trade again
      ok(m, "pool " .. m.game.cards[m.game.zones.hand[1]:peek()].code)
      assert.same({ 2, "acquire" }, { m:request().seat, m:request().kind })
      assert.is_true(has(answers(m), "trade"))
      m = new(2, { trading = "off" })
      past_setup(m)
      assert.is_false(has(answers(m), "trade"))
      -- no limit by default: the book lets players negotiate freely
      m = new(2)
      to_offer(m, { hand = { { "Camera" }, { "Laptop" } }, credits = { 3, 3 }, resources = { "Article" } })
      for _ = 1, 12 do
        ok(m, "trade")
        ok(m, "with seat 2")
        ok(m, "give 1")
        ok(m, "done")
        ok(m, "ask 0")
        ok(m, "done")
        ok(m, "counter")
        ok(m, "cancel")
      end
      assert.equal(24, m.game.state.offers)
      assert.is_true(has(answers(m), "trade"))
    end)

    it("says why an answer of the negotiation is refused, at every step, and changes nothing", function()
      local why = support.refusal_reason
      local m = new(3)
      local code = to_offer(m, HANDS)
      local camera, notes, laptop = code("Camera"), code("Notes"), code("Laptop")
      ok(m, "trade")
      -- the player to trade with
      assert.equal("you are seat 1: a trade is between you and one other player", why(m, "with seat 1"))
      assert.equal("there is no seat 4: the seats are 1 to 3", why(m, "with seat 4"))
      assert.equal("say 'with seat 2'", why(m, "seat 2"))
      assert.equal("name the other player, as in 'with seat 2'", why(m, "with seat"))
      assert.equal("'cancel' ends the negotiation", why(m, "skip"))
      ok(m, "with seat 2")
      -- the credits given
      assert.equal("give_credits", m:request().kind)
      assert.equal("you have 5 credits: 'give 0' to 'give 5'", why(m, "give 6"))
      assert.equal("first the credits you give, 'give 0' to 'give 5'; the cards come next", why(m, "give " .. camera))
      assert.equal("your hand holds no " .. laptop .. " Laptop", why(m, "give " .. laptop))
      assert.equal("this step names the credits you give: 'give 0' to 'give 5'", why(m, "give -1"))
      assert.equal("this step names the credits you give: 'give 0' to 'give 5'", why(m, "ask 2"))
      assert.is_nil(why(m, "give 02"))   -- a legal amount, typed otherwise: the list says it
      ok(m, "give 2")
      -- the cards given
      assert.equal("give_cards", m:request().kind)
      assert.equal("your hand holds no " .. laptop .. " Laptop", why(m, "give " .. laptop))
      assert.equal("the credits you give are set (2): now the cards of your hand, then 'done'", why(m, "give 3"))
      ok(m, "give " .. camera)
      local before = m:snapshot()
      assert.equal(camera .. " Camera is in the offer already", why(m, "give " .. camera))
      assert.equal("cards are named by their codes: your Notes is " .. notes, why(m, "give notes"))
      assert.equal("first the cards you give, then 'done'; what you ask for comes next", why(m, "ask 1"))
      assert.equal("'cancel' withdraws the offer and ends the negotiation", why(m, "withdraw"))
      assert.equal(before, m:snapshot())
      ok(m, "done")
      -- the credits asked for
      assert.equal("ask_credits", m:request().kind)
      assert.equal("seat 2 has 4 credits: 'ask 0' to 'ask 4'", why(m, "ask 5"))
      assert.equal("first the credits you ask for, 'ask 0' to 'ask 4'; the cards come next", why(m, "ask blue"))
      assert.equal("first the credits you ask for, 'ask 0' to 'ask 4'; the cards come next", why(m, "ask " .. laptop))
      assert.equal("this step names the credits you ask for: 'ask 0' to 'ask 4'", why(m, "give 1"))
      ok(m, "ask 1")
      -- the cards asked for
      assert.equal("ask_card", m:request().kind)
      assert.equal("say 'blue card'", why(m, "blue"))
      assert.equal("say 'blue card'", why(m, "ask blue"))
      assert.equal("say 'done'", why(m, "none"))
      assert.equal("say 'done'", why(m, "no card"))
      assert.equal("ask for one card a step: say 'blue card' 2 times, then 'done'", why(m, "2 blue cards"))
      assert.equal("'pink' is no colour: the colours are red, yellow, green, blue and purple", why(m, "pink card"))
      assert.equal("you ask for a colour of card, or any card: seat 2 picks which cards on accepting",
        why(m, "ask " .. laptop))
      assert.equal("the credits you ask for are set (1): now a card, as in 'red card', or 'any card', or 'done'",
        why(m, "ask 2"))
      ok(m, "blue card")
      ok(m, "done")
      -- the other side's answer
      local r = m:request()
      assert.same({ 2, "offer" }, { r.seat, r.kind })
      before = m:snapshot()
      assert.equal("say just 'accept'", why(m, "accept " .. laptop))
      assert.equal("'refuse' refuses the offer and ends the negotiation", why(m, "reject"))
      assert.equal("'accept' accepts the offer", why(m, "yes"))
      assert.equal("say 'counter': then you name what you give and what you ask for, step by step", why(m, "ask 3"))
      assert.equal(before, m:snapshot())
      ok(m, "accept")
      -- the blue card given
      assert.equal("hand_over", m:request().kind)
      assert.equal(code("Sketch") .. " Sketch is purple; this card of the offer is a blue card",
        why(m, "give " .. code("Sketch")))
      assert.equal("your hand holds no " .. camera .. " Camera", why(m, "give " .. camera))
      assert.equal("you accepted: name the card you give for a blue card, as in 'give " .. laptop .. "'", why(m, "ok"))
      assert.equal(before ~= m:snapshot(), true)
      ok(m, "give " .. laptop)
      -- an offer that asks for no card is accepted with plain 'accept'
      ok(m, "trade")
      ok(m, "with seat 2")
      ok(m, "give 1")
      ok(m, "done")
      ok(m, "ask 0")
      ok(m, "done")
      assert.equal("say just 'accept'", why(m, "accept " .. laptop))
      assert.equal("'accept' accepts the offer", why(m, "ok"))
    end)

    it("a player who trades away its whole hand before playing has nothing to play: the play step passes", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { resources = { "Laptop" }, hand = { { "Camera" }, { "Notes" } },
                                slots = { { { "Podcast" } } }, credits = { 5, 3 } })
      refresh(m)
      ok(m, "draw")
      ok(m, "trade")
      ok(m, "with seat 2")
      ok(m, "give 0")
      ok(m, "give " .. code("Laptop"))
      ok(m, "give " .. code("Camera"))
      ok(m, "ask 0")
      ok(m, "done")
      ok(m, "accept")
      assert.equal(0, m.game.zones.hand[1]:count())
      assert.equal(3, m.game.zones.hand[2]:count())
      assert.equal("sell", m:request().kind)
      assert.equal(1, m:request().seat)
      assert.equal(5, credits(m, 1))
    end)

    it("trading happens only in the current player's turn, between the current player and one other", function()
      for players = 2, 5 do
        local m = new(players, { offers_per_turn = 4 }, players)
        local count, offers, counters = 0, 0, 0
        local function bot(seat, kind, prompt, legal)
          local offer, current = m.game.state.offer, m.game.seats:current()
          if offer then
            -- every request of a negotiation goes to one of its two sides
            assert.is_true(offer.from == current or offer.to == current)
            assert.is_true(seat == offer.from or seat == offer.to)
            if kind == "offer" then
              offers = offers + 1
              assert.equal(offer.to, seat)
              if offer.from ~= current then counters = counters + 1 end
            end
          elseif m.game.state.round and kind ~= "hand_over" then   -- (in setup every player chooses projects)
            assert.equal(current, seat)
          end
          count = count + 1
          -- every first offer is met with a counter-offer
          if kind == "offer" and offer.from == current and has(legal, "counter") then
            return "counter"
          end
          return legal[count % #legal + 1]
        end
        local kinds = {}
        for s = 1, players do kinds[s] = bot end
        assert.equal("over", m:run(kinds))
        assert.is_true(offers > 0)
        assert.is_true(counters > 0)
      end
    end)
  end)

---------------------------------------------------------------- empty stacks

  describe("empty stacks", function()
    it("an empty resource stack takes the whole resource discard, shuffled", function()
      local m = new(2)
      past_setup(m)
      arrange(m, { resource_discard = { "Camera", "Laptop", "Notes" }, hand = { { "Sketch" } },
                   slots = { { { "Vlog" } } }, rest = "box" })
      refresh(m)
      assert.same({ "draw", "trade" }, answers(m))
      ok(m, "draw")
      local z = m.game.zones
      assert.equal(0, z.resource_discard:count())
      assert.equal(2, z.resources:count())
      assert.equal(2, z.hand[1]:count())
    end)

    it("with no resource stack, discard or pool, nothing is acquired", function()
      local m = new(2)
      past_setup(m)
      arrange(m, { hand = { { "Sketch" } }, slots = { { { "Vlog" } } }, rest = "box" })
      -- nothing to acquire: the pending acquire is asked again with its one
      -- way on, which the turn takes as it would have passed the step over
      assert.equal("asked again", m:reask())
      assert.same({ "skip" }, answers(m))
      assert.equal("there is no resource left to acquire: skip", m:request().prompt)
      ok(m, "skip")
      assert.equal("play", m:request().kind)
      assert.equal(1, m.game.zones.hand[1]:count())
    end)

    it("an empty project stack takes the project discard, shuffled", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { resources = { "Snippet" }, hand = { { "Notes" } }, project_discard = { "Novel", "Wiki" },
                                slots = { { { "Podcast", "Camera", "Article" } } }, rest = "box" })
      refresh(m)
      ok(m, "draw")
      ok(m, "pool " .. code("Notes"))
      ok(m, "sell " .. code("Podcast"))
      -- the discard (the sold Podcast included) became the stack
      assert.equal("keep", m:request().kind)
      assert.equal(2, #answers(m))
      ok(m, answers(m)[1])
      local z = m.game.zones
      assert.equal(0, z.project_discard:count())
      assert.equal(2, z.projects:count())
    end)
  end)

  describe("the keep request asked again after an edit", function()

    it("of the setup: a drawn project put in the box is no longer offered, nor taken out of the box", function()
      local m = new(2)
      assert.same({ "keep P23 P9", "keep P23 P1", "keep P9 P1" }, answers(m))
      local done, _, how = m:edit("move P23 box")
      assert.truthy(done)
      assert.equal("asked again", how)
      assert.same({ "keep P9 P1" }, answers(m))
      local accepted, why = m:answer("keep P23 P9")
      assert.is_nil(accepted)
      assert.matches("P23 Zine is not among the projects drawn", why)
      ok(m, "keep P9 P1")
      local z = m.game.zones
      assert.truthy(has(codes_of(m, z.box), "P23"))
      assert.same({ "P9" }, codes_of(m, m.game.rush.slots[1][1]))
      assert.same({ "P1" }, codes_of(m, m.game.rush.slots[1][2]))
    end)

    it("of a sale: one project left of the two drawn is the one answer, and kept", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { resources = { "Snippet" }, hand = { { "Notes" } }, projects = { "Novel", "Wiki" },
                                slots = { { { "Podcast", "Camera", "Article" } } }, rest = "box" })
      refresh(m)
      ok(m, "draw")
      ok(m, "pool " .. code("Notes"))
      ok(m, "sell " .. code("Podcast"))
      assert.equal("keep", m:request().kind)
      assert.same({ "keep " .. code("Wiki"), "keep " .. code("Novel") }, answers(m))   -- (the last drawn first)
      local done, _, how = m:edit("move " .. code("Novel") .. " box")
      assert.truthy(done)
      assert.equal("asked again", how)
      assert.same({ "keep " .. code("Wiki") }, answers(m))
      assert.is_nil((m:answer("keep " .. code("Novel"))))
      ok(m, "keep " .. code("Wiki"))
      assert.truthy(has(codes_of(m, m.game.zones.box), code("Novel")))
      local kept = {}
      for _, slot in ipairs(m.game.rush.slots[1]) do
        for _, c in ipairs(codes_of(m, slot)) do kept[#kept + 1] = c end
      end
      assert.truthy(has(kept, code("Wiki")))
      assert.falsy(has(kept, code("Novel")))
    end)

    it("with no drawn project left: skip alone, and nothing kept", function()
      local m = new(2)
      m:edit("move P23 box")
      m:edit("move P9 box")
      local _, _, how = m:edit("move P1 box")
      assert.equal("asked again", how)
      assert.same({ "skip" }, answers(m))
      assert.equal("no project left to keep: skip", m:request().prompt)
      ok(m, "skip")
      assert.equal(0, m.game.rush.slots[1][1]:count())
      assert.same({ 2, "keep" }, { m:request().seat, m:request().kind })
    end)
  end)

---------------------------------------------------------------- the end

  describe("the end", function()
    it("comes after 12 rounds: every player has exactly 12 turns, every event was revealed", function()
      for players = 2, 5 do
        -- (this bot never sells: with no limit on a project, the resources
        -- would all end up in projects and the stack run dry)
        local m = assert(match.new(def, { players = players, seed = players,
                                          options = { project_capacity = 4 } }))
        local turns = {}
        local function bot(seat, kind, prompt, legal)
          if kind == "acquire" then turns[seat] = (turns[seat] or 0) + 1 end
          if kind == "sell" then return "end turn" end
          if legal[1] == "trade" or legal[1]:match("^with") then return legal[#legal] end
          return legal[1]
        end
        local kinds = {}
        for s = 1, players do kinds[s] = bot end
        assert.equal("over", m:run(kinds))
        for s = 1, players do assert.equal(12, turns[s]) end
        local z = m.game.zones
        assert.equal(0, z.events:count())
        assert.equal(11, z.past_events:count())
        assert.equal(12, m.game.state.round)
      end
    end)

    it("a round begins with the starting player, whoever it is, who reveals its event; the game ends after "
      .. "the player before the starting player", function()
      for _, t in ipairs({ { players = 3, start = 2 }, { players = 5, start = 4 }, { players = 2, start = 2 } }) do
        local m = assert(match.new(def, { players = t.players, seed = t.start,
                                          options = { starting_player = t.start, project_capacity = 4 } }))
        -- at each turn's first request: the seat, the event in play, the
        -- events revealed so far
        local turns, seen = {}, {}
        local function bot(seat, kind, prompt, legal)
          if kind == "acquire" and seen[#seen] ~= m.game.seats:turn() then
            seen[#seen + 1] = m.game.seats:turn()
            turns[#turns + 1] = { seat = seat, event = m.game.state.event,
                                  revealed = m.game.zones.past_events:count() + 1 }
          end
          if kind == "sell" then return "end turn" end
          if legal[1] == "trade" or legal[1]:match("^with") then return legal[#legal] end
          return legal[1]
        end
        local bots = {}
        for s = 1, t.players do bots[s] = bot end
        assert.equal("over", m:run(bots))
        assert.equal(12 * t.players, #turns)
        local events = {}
        for k, turn in ipairs(turns) do
          local round, i = (k - 1) // t.players + 1, (k - 1) % t.players
          -- seat order from the starting player
          assert.equal((t.start - 1 + i) % t.players + 1, turn.seat, "turn " .. k)
          -- the round's event, revealed as the starting player's turn began,
          -- is in play for every turn of the round
          assert.equal(round, turn.revealed, "turn " .. k)
          if i == 0 then
            assert.is_nil(events[turn.event], "a new event in round " .. round)
            events[round] = turn.event
            events[turn.event] = true
          else
            assert.equal(events[round], turn.event, "turn " .. k)
          end
        end
        -- the last turn is the one before the starting player's
        assert.equal((t.start - 2) % t.players + 1, turns[#turns].seat)
        -- and the game stops there: the engine's round (the web page's header) is the 12th,
        -- its turn that last player's
        assert.equal(12, m.game.seats:round())
        assert.equal(turns[#turns].seat, m.game.seats:current())
      end
    end)

    it("the most credits win", function()
      local g = { state = { credits = { 10, 12, 11 }, sold = { 5, 0, 3 } } }
      local winners, reason = def.rules.winners(g)
      assert.same({ 2 }, winners)
      assert.equal("most credits", reason)
    end)

    it("a tie on credits goes to the most projects sold; a further tie is a shared win", function()
      local winners = def.rules.winners({ state = { credits = { 12, 12, 11 }, sold = { 2, 3, 9 } } })
      assert.same({ 2 }, winners)
      winners = def.rules.winners({ state = { credits = { 12, 12, 12, 1 }, sold = { 3, 3, 2, 9 } } })
      assert.same({ 1, 2 }, winners)
    end)

    it("the result gives the credits as scores, and the tie-break in a played game", function()
      local m = new(2, { rounds = 1 })
      past_setup(m)
      arrange(m, { resources = { "Snippet", "Laptop" }, hand = { { "Notes" }, { "Article" } },
                   slots = { { { "Vlog" } }, { { "Novel" } } }, credits = { 4, 4 }, sold = { 1, 2 } })
      refresh(m)
      ok(m, "draw")
      ok(m, answers(m)[#answers(m) - 1])
      end_turn(m)
      ok(m, "draw")
      ok(m, answers(m)[#answers(m) - 1])
      end_turn(m)
      assert.equal("over", m:status())
      local result = m:result()
      assert.same({ 5, 5 }, result.scores)
      assert.same({ 2 }, result.winners)
      assert.equal("tied on credits; most projects sold", result.reason)
      assert.same({ 1, 2 }, result.sold)
    end)

    it("an edit of the event stack changes the rounds at once: the state and the table say so", function()
      local m = new(2)
      past_setup(m)
      local st = m.game.state
      local function header() return def.describe(m:view(1), m.game.cards)[1] end
      assert.equal(12, st.rounds)
      assert.matches("^round 1 of 12%.", header())
      -- at the acquire step: the next event out of the game, then back
      local next_event = card(m, m.game.zones.events:peek()).code
      assert(m:edit("move " .. next_event .. " box"))
      assert.equal(11, st.rounds)
      assert.matches("^round 1 of 11%.", header())
      assert(m:edit("move " .. next_event .. " events from box"))
      assert.equal(12, st.rounds)
      -- emptied at the play step: round 1 is the last
      ok(m, "draw")
      assert(m:edit("empty events box"))
      assert.equal(1, st.rounds)
      assert.matches("^round 1 of 1%.", header())
      -- an event back from the box: one round more
      assert(m:edit("move E9 events from box"))
      assert.equal(2, st.rounds)
      assert.matches("^round 1 of 2%.", header())
      -- in the trade dialogue (no refresh) the table follows the stack at once, the
      -- state from the next turn on
      ok(m, "trade")
      assert(m:edit("move E10 events from box"))
      assert.matches("^round 1 of 3%.", header())
      ok(m, "cancel")
      ok(m, answers(m)[#answers(m) - 1])   -- a discard to the pool
      end_turn(m)
      assert.equal(3, st.rounds)
    end)
  end)

---------------------------------------------------------------- bots and the terminal

  describe("bots", function()
    it("greedy plays whole games at every table size and beats random players", function()
      local greedy_wins = 0
      for seed = 1, 40 do
        local players = 2 + seed % 4
        local m = assert(match.new(def, { players = players, seed = seed }))
        local kinds = { "greedy" }
        for s = 2, players do kinds[s] = "random" end
        assert.equal("over", m:run(kinds), select(2, m:result()))
        for _, w in ipairs(m:result().winners) do if w == 1 then greedy_wins = greedy_wins + 1 end end
      end
      assert.is_true(greedy_wins >= 30, greedy_wins)
    end)

    it("greedy proposes a trade of a card it cannot use for a colour it needs", function()
      local m = new(2)
      past_setup(m)
      arrange(m, { persona = { "Influencer", "Podcaster" }, resources = { "Snippet" },
                   hand = { { "Camera" }, { "Laptop", "Notes" } }, credits = { 3, 3 },
                   slots = { { { "Tech Blog", "Article" } }, { { "Vlog" } } } })
      ok(m, "draw")   -- no refresh: the bot proposes only its turn's first trade
      local status = m:run({ "greedy", "human" })
      assert.equal("waiting", status)
      local r = m:request()
      assert.equal(2, r.seat)
      assert.equal("offer", r.kind)
      local offer = m.game.state.offer
      assert.equal(1, #offer.give_cards)
      assert.equal("Camera", card(m, offer.give_cards[1]).name)
      -- the hand holds blue (the Snippet drawn): it asks for yellow
      assert.same({ "yellow" }, offer.ask_cards)
      assert.same({ "accept", "counter", "refuse" }, r.answers)
      ok(m, "accept")   -- seat 2's only yellow card goes without asking
      assert.same({ "Notes", "Snippet" }, names(m, m.game.zones.hand[1]))
    end)

    it("greedy accepts an offer it gains by and refuses one it loses by", function()
      local function answer_of(give_credits, ask_credits)
        local m = new(2)
        past_setup(m)
        local code = arrange(m, { hand = { { "Camera" }, { "Laptop" } }, credits = { 5, 5 }, resources = { "Notes" },
                                  slots = { { { "Vlog" } }, { { "Tech Blog" } } } })
        refresh(m)
        ok(m, "trade")
        ok(m, "with seat 2")
        ok(m, "give " .. give_credits)
        ok(m, "done")
        ok(m, "ask " .. ask_credits)
        ok(m, "done")
        return def.bots.greedy(m:view(2), { seat = 2, kind = "offer", answers = answers(m) })
      end
      assert.equal("accept", answer_of(3, 0))
      assert.equal("refuse", answer_of(0, 3))
    end)

    it("greedy sells a full project and waits on a young one", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { resources = { "Snippet" }, hand = { { "Notes" } }, credits = { 3, 3 },
                                slots = { { { "Podcast", "Camera", "Article", "Notes", "Phone Camera" },
                                            { "Vlog", "Camera", "Phone Camera" } } } })
      refresh(m)
      ok(m, "draw")
      ok(m, "pool " .. code("Snippet"))
      assert.equal("sell " .. code("Podcast"), def.bots.greedy(m:view(1), m:request()))
    end)

    it("greedy sells a project full at the project_capacity, or at a house rule's has_room, at once", function()
      -- 3 resources on a Podcast: with room for a 4th, greedy waits (7 now, 10 with 4)
      local function answer(m_def, options)
        local m = assert(match.new(m_def, { players = 2, seed = 1, options = options }))
        past_setup(m)
        local code = arrange(m, { resources = { "Snippet" }, hand = { { "Notes" } }, credits = { 3, 3 },
                                  slots = { { { "Podcast", "Camera", "Article", "Notes" } } } })
        refresh(m)
        ok(m, "draw")
        ok(m, "pool " .. code("Snippet"))
        return m_def.bots.greedy(m:view(1), m:request()), code("Podcast")
      end
      assert.equal("end turn", (answer(def, { starting_player = 1 })))
      local sold, podcast = answer(def, { starting_player = 1, project_capacity = 3 })
      assert.equal("sell " .. podcast, sold)
      local hdef = support.load_with_house("rushfortheweb", "rules.has_room = function(game, n) return n < 3 end")
      sold, podcast = answer(hdef, { starting_player = 1 })
      assert.equal("sell " .. podcast, sold)
    end)

    it("greedy weighs a discard to the pool at a house rule's pool_reward, made public at the play step", function()
      local function answer(m_def)
        local m = assert(match.new(m_def, { players = 2, seed = 1, options = { starting_player = 1 } }))
        past_setup(m)
        local code = arrange(m, { resources = { "Snippet" }, hand = { { "Camera" } }, credits = { 3, 3 },
                                  slots = { { { "Vlog", "Phone Camera" } } } })
        refresh(m)
        ok(m, "draw")
        return m_def.bots.greedy(m:view(1), m:request()), code, m.game.state.pool_reward
      end
      local played, code, reward = answer(def)
      assert.equal("play " .. code("Camera") .. " " .. code("Vlog"), played)
      assert.is_nil(reward)
      local hdef = support.load_with_house("rushfortheweb",
        "local book = rules.pool_reward\nrules.pool_reward = function(game, seat) return book(game, seat) + 5 end")
      played, code, reward = answer(hdef)
      assert.equal(6, reward)
      assert.matches("^pool R%d+$", played)
    end)

    -- The sell step with a Vlog of 2 resources (5 credits now, 8 with a 3rd):
    -- by the book greedy waits. Gives the answer and the Vlog's code.
    local function vlog_of_two(m_def, layout)
      local m = assert(match.new(m_def, { players = 2, seed = 1, options = { starting_player = 1 } }))
      past_setup(m)
      layout.resources, layout.hand = { "Snippet" }, { { "Notes" } }
      layout.credits = layout.credits or { 3, 3 }
      local code = arrange(m, layout)
      refresh(m)
      ok(m, "draw")
      ok(m, "pool " .. code("Snippet"))
      return m_def.bots.greedy(m:view(1), m:request()), code(layout.slots[1][1][1]), m
    end

    it("greedy sells at a house rule's sale price (a royalty for every project sold before), public at the sell step", function()
      local layout = { sold = { 3, 0 }, persona = { "Developer" }, slots = { { { "Vlog", "Camera", "Phone Camera" } } } }
      local answer, vlog, m = vlog_of_two(def, layout)
      assert.equal("end turn", answer)
      assert.is_nil(m.game.state.house_pieces)
      -- the modders' royalties: +1 a sale for each project sold before (8 now, 7 by waiting)
      local royalties = support.load_with_house("rushfortheweb", [[
local book = rules.sell_price
rules.sell_price = function(game, seat, zone)
  local price, base = book(game, seat, zone)
  return price + game.state.sold[seat], base
end]])
      layout = { sold = { 3, 0 }, persona = { "Developer" }, slots = { { { "Vlog", "Camera", "Phone Camera" } } } }
      answer, vlog, m = vlog_of_two(royalties, layout)
      assert.equal(8, m.game.state.prices[vlog])
      assert.is_true(m.game.state.house_pieces.sell_price)
      assert.equal("sell " .. vlog, answer)
    end)

    it("greedy sells under royalties more than under the book's rules: the game's length moves", function()
      local royalties = support.load_with_house("rushfortheweb", [[
local book = rules.sell_price
rules.sell_price = function(game, seat, zone)
  local price, base = book(game, seat, zone)
  return price + game.state.sold[seat], base
end]])
      local function totals(m_def)
        local sold, answers = 0, 0
        for seed = 1, 20 do
          local m = assert(match.new(m_def, { players = 2, seed = seed }))
          assert.equal("over", m:run({ "greedy", "greedy" }))
          sold = sold + m.game.state.sold[1] + m.game.state.sold[2]
          answers = answers + m:count()
        end
        return sold, answers
      end
      local base_sold, base_answers = totals(def)
      local sold, answers = totals(royalties)
      assert.is_true(sold > base_sold, sold .. " sales, " .. base_sold .. " by the book")
      assert.are_not.equal(base_answers, answers)
    end)

    it("greedy sells at once where a house rule's winners rank projects sold first", function()
      local answer, vlog, m = vlog_of_two(def, { slots = { { { "Vlog", "Camera", "Phone Camera" } } } })
      assert.equal("end turn", answer)
      -- the modders' most_sales_win: most projects sold wins, credits break ties
      local most_sales = support.load_with_house("rushfortheweb", [[
rules.winners = function(game)
  local credits, sold = game.state.credits, game.state.sold
  local best, most = {}, -1
  for seat = 1, game.players do
    if sold[seat] > most then best, most = { seat }, sold[seat]
    elseif sold[seat] == most then best[#best + 1] = seat end
  end
  if #best == 1 then return best, "most projects sold" end
  local top, winners = -math.huge, {}
  for _, s in ipairs(best) do
    if credits[s] > top then winners, top = { s }, credits[s]
    elseif credits[s] == top then winners[#winners + 1] = s end
  end
  return winners, "tied on projects sold; most credits"
end]])
      answer, vlog, m = vlog_of_two(most_sales, { slots = { { { "Vlog", "Camera", "Phone Camera" } } } })
      assert.equal("projects sold", m.game.state.house_pieces.winners)
      assert.equal("sell " .. vlog, answer)
      -- a winners piece that ranks credits first, as the book's, changes nothing
      local richest = support.load_with_house("rushfortheweb", [[
local book = rules.winners
rules.winners = function(game) return book(game) end]])
      answer, vlog, m = vlog_of_two(richest, { slots = { { { "Vlog", "Camera", "Phone Camera" } } } })
      assert.equal("credits", m.game.state.house_pieces.winners)
      assert.equal("end turn", answer)
    end)

    it("greedy weighs a bonus by a house rule's bonus_applies (colours: all of them)", function()
      -- Crossover Hype: +3 a sale with red or yellow; a Podcast with 2 red
      -- resources sells for 7 by the book (greedy sells: 6 by waiting), 4
      -- when a bonus needs every colour it names (greedy waits)
      local layout = { event = "Crossover Hype", slots = { { { "Podcast", "Camera", "Phone Camera" } } } }
      local answer, podcast = vlog_of_two(def, layout)
      assert.equal("sell " .. podcast, answer)
      local all_colours = support.load_with_house("rushfortheweb", [[
rules.bonus_applies = function(game, need, present)
  for _, c in ipairs(need or {}) do if not present[c] then return false end end
  return true
end]])
      layout = { event = "Crossover Hype", slots = { { { "Podcast", "Camera", "Phone Camera" } } } }
      local m
      answer, podcast, m = vlog_of_two(all_colours, layout)
      assert.equal(4, m.game.state.prices[podcast])
      assert.equal("end turn", answer)
    end)

    it("greedy pays a house rule's cost, public at the play step for the current seat", function()
      local function answer(m_def)
        local m = assert(match.new(m_def, { players = 2, seed = 1, options = { starting_player = 1 } }))
        past_setup(m)
        local code = arrange(m, { resources = { "Snippet" }, hand = { { "Camera" } }, credits = { 3, 3 },
                                  persona = { "Developer" }, slots = { { { "Vlog", "Phone Camera" } } } })
        refresh(m)
        ok(m, "draw")
        return m_def.bots.greedy(m:view(1), m:request()), code, m.game.state.costs
      end
      local played, code, costs = answer(def)
      assert.equal("play " .. code("Camera") .. " " .. code("Vlog"), played)
      assert.is_nil(costs)
      -- red resources cost 2 more: Camera costs 3, all the seat's credits, for
      -- a Vlog's 3 credits more; a discard to the pool pays 1
      local dear_red = support.load_with_house("rushfortheweb", [[
local book = rules.cost
rules.cost = function(game, seat, resource) return book(game, seat, resource) + (resource.colour == "red" and 2 or 0) end]])
      played, code, costs = answer(dear_red)
      assert.equal(3, costs[code("Camera")])
      assert.equal(2, costs["R1"])          -- every resource's cost, not only the hand's
      -- (the Snippet drawn fits no project: greedy discards it, and keeps the Camera)
      assert.equal("pool " .. code("Snippet"), played)
    end)

    it("greedy plays a 5th resource when a house rule's sell table pays for it", function()
      local hdef = support.load_with_house("rushfortheweb", [[
local book = rules.table_price
rules.table_price = function(project, n) return book(project, n) + (n > 4 and 3 * (n - 4) or 0) end]])
      local fifth = 0
      for seed = 1, 3 do
        local m = assert(match.new(hdef, { players = 2, seed = seed }))
        while m:status() == "waiting" do
          m:run({ "greedy", "greedy" }, 1)
          for seat = 1, 2 do
            for k = 1, 3 do
              if m.game.zones["project" .. k][seat]:count() > 5 then fifth = fifth + 1 end
            end
          end
        end
      end
      assert.is_true(fifth > 0)
    end)
  end)

  describe("god mode", function()
    -- Random answers with random edits (the built-in ones and the game's own):
    -- every edit the game takes leaves the state's persona names, event,
    -- effects, rounds and prices as the zones say, every seat's table can be
    -- drawn, and no game ends in error (the game's edited hook refuses the
    -- edits that would leave the rules and the table disagreeing).
    it("keeps the state in step with the zones after random edits, and plays on without error", function()
      local lcg = 5
      local function rand(n) lcg = (lcg * 1103515245 + 12345) % 2147483648; return lcg % n + 1 end
      local made = 0
      for g = 1, 6 do
        local players = 2 + g % 4
        local m = new(players, { project_capacity = g % 3 == 0 and 3 or 0 }, g)
        local names = {}
        for _, zone in ipairs(m.game.table:zones()) do names[#names + 1] = zone:name() end
        local ncards, steps = #m.game.cards, 0
        while m:status() == "waiting" and steps < 3000 do
          steps = steps + 1
          if rand(100) <= 8 then
            local k, text = rand(9)
            if k <= 4 then text = string.format("move #%d %s", rand(ncards), names[rand(#names)])
            elseif k == 5 then text = string.format("empty %s %s", names[rand(#names)], names[rand(#names)])
            elseif k == 6 then text = string.format("face #%d %s", rand(ncards), rand(2) == 1 and "up" or "down")
            elseif k == 7 then text = string.format("state credits[%d] %d", rand(players), rand(12) - 1)
            elseif k == 8 then text = string.format("turn %d", rand(players))
            elseif rand(2) == 1 then text = string.format("persona %d C%d", rand(players), rand(10))
            else text = string.format("event E%d", rand(18)) end
            if m:edit(text) and m:status() == "waiting" then
              made = made + 1
              local st, z, where = m.game.state, m.game.zones, string.format("game %d, after '%s'", g, text)
              assert.equal((st.round or 0) + z.events:count(), st.rounds, where)
              for seat = 1, players do
                local id = z.persona[seat]:peek()
                assert.equal(id and card(m, id).name or "no persona", st.persona[seat], where)
              end
              assert.is_true(z.event:count() <= 1, where)
              local ev = z.event:peek()
              if ev then
                assert.equal(card(m, ev).name, st.event, where)
                for _, key in ipairs({ "bonus", "pool_bonus", "discount", "per_project", "third_project" }) do
                  assert.equal(card(m, ev)[key], st.effects[key], where)
                end
              end
              for seat = 0, players do def.describe(m:view(seat), m.game.cards) end
            end
          else
            local legal = m:legal()
            ok(m, legal[rand(#legal)])
          end
        end
        assert.are_not.equal("error", m:status(), select(2, m:result()))
      end
      assert.is_true(made > 150, made)
    end)

    -- The offer while its steps make it (before it waits for its answer): an
    -- edit of its amounts or cards was taken, then overwritten by the next
    -- answer or kept in an offer the seat never chose (found at the REPL:
    -- 'give 1', 'blue card', and the offer made was 3 credits for a red card).
    it("refuses an edit of the offer while its steps make it, and the offer made is the one chosen", function()
      local m = new(2)
      past_setup(m)
      ok(m, "trade")
      ok(m, "with seat 2")
      local function refused(text)
        local done, why = m:edit(text)
        assert.is_nil(done, text)
        assert.truthy(tostring(why):find("an edit changed the offer", 1, true), why)
      end
      refused("state offer.give_credits 2")
      ok(m, "give 1")
      ok(m, "done")
      refused("state offer.give_credits 3")
      ok(m, "ask 0")
      ok(m, "blue card")
      refused("state offer.ask_cards[1] red")
      assert.equal(1, m.game.state.offer.give_credits)
      ok(m, "done")
      assert.equal("offer", m:request().kind)
      assert.equal("seat 1 offers seat 2 1 credit for a blue card", m.game.state.offer_text)
    end)
  end)

  describe("the terminal", function()
    it("describes the round, the event, the pool and every player's table", function()
      local m = new(3)
      past_setup(m)
      local lines = def.describe(m:view(1), m.game.cards)
      assert.truthy(lines[1]:match("^round 1 of 12%. event: "))
      assert.truthy(lines[2]:match("^pool: R%d+"))
      local text = table.concat(lines, "\n")
      assert.truthy(text:find("seat 1 (you) to play", 1, true))
      assert.truthy(text:find("hand: 3 cards", 1, true))
    end)

    it("shows the seller's prices after a turn edit moved the seats' current one to another seat", function()
      local m = new(2)   -- (seed 1: seat 1 keeps P23 Zine and P9 Animated Short)
      past_setup(m)
      for _, e in ipairs({ "empty project2[1] projects", "move P9 project2[1]", "move R11 project2[1]",
                           "move R12 project2[1]" }) do
        assert(m:edit(e))
      end
      ok(m, "draw")
      ok(m, "pool R59")
      assert(m:edit("turn 1"))   -- seat 1 plays next too: the seats' current one is seat 2 now
      assert.equal(1, m:request().seat)
      for _, viewer in ipairs({ 0, 1, 2 }) do
        local text = table.concat(def.describe(m:view(viewer), m.game.cards), "\n")
        assert.truthy(text:find("P9 Animated Short (takes red/purple; sold with 2/3/4 resources: 5/7/9): "
          .. "R12 red (+3 a sale), R11 red (+2 a sale with yellow); sells now for 8", 1, true), text)
      end
    end)

    it("shows every hand by card to a view of everything (:show), a count of the others' to a seat", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, { hand = { { "Notes" }, { "Camera", "Laptop" } } })
      local all = table.concat(def.describe(m:view(0), m.game.cards), "\n")
      assert.truthy(all:find("hand: " .. code("Notes") .. " Notes", 1, true))
      assert.truthy(all:find("hand: " .. code("Camera") .. " Camera", 1, true))
      assert.truthy(all:find("hand: " .. code("Laptop") .. " Laptop", 1, true))
      local mine = table.concat(def.describe(m:view(1), m.game.cards), "\n")
      assert.truthy(mine:find("hand: " .. code("Notes") .. " Notes", 1, true))
      assert.falsy(mine:find("Camera", 1, true))
      assert.truthy(mine:find("hand: 2 cards", 1, true))
      -- a card of the other's hand shown to the seat: still a count, not one card
      local camera
      for _, id in ipairs(m.game.zones.hand[2]:cards()) do
        if card(m, id).name == "Camera" then camera = id end
      end
      m.game.table:show(camera, 1)
      mine = table.concat(def.describe(m:view(1), m.game.cards), "\n")
      assert.falsy(mine:find("Camera", 1, true))
      assert.truthy(mine:find("hand: 2 cards", 1, true))
    end)

    it("puts the seat's own block last, next to the prompt, the others from its left neighbour on", function()
      local m = new(4)
      past_setup(m)
      for viewer, order in pairs({ [1] = "2341", [3] = "4123", [4] = "1234", [0] = "1234" }) do
        local seats = {}
        for _, l in ipairs(def.describe(m:view(viewer), m.game.cards)) do
          seats[#seats + 1] = l:match("^seat (%d+)")
        end
        assert.equal(order, table.concat(seats), "as seat " .. viewer .. " sees it")
      end
    end)

    -- the lines of a seat's block in the table that a seat sees, after its
    -- header line
    local function block(m, viewer, seat)
      local lines, out, inside = def.describe(m:view(viewer), m.game.cards), {}, false
      for _, l in ipairs(lines) do
        if l:match("^seat ") then inside = l:match("^seat (%d+)") == tostring(seat)
        elseif inside then out[#out + 1] = l end
      end
      return out
    end

    it("shows every seat's persona with its effect in words, to every seat", function()
      local m = new(3)
      past_setup(m)
      arrange(m, { persona = { "Streamer", "Curator", "Vlogger" } })
      for viewer = 1, 3 do
        assert.equal("    persona: Streamer (+1 at the start of each of its turns with a project holding red or purple)",
          block(m, viewer, 1)[1])
        assert.equal("    persona: Curator (draws 2 resources when acquiring, keeps 1; +1 for taking the pool card when acquiring)",
          block(m, viewer, 2)[1])
        assert.equal("    persona: Vlogger (+2 a sale with red)", block(m, viewer, 3)[1])
      end
    end)

    it("shows the colour and sell bonus of each resource on a project; the price while its player may sell", function()
      local m = new(2)
      past_setup(m)
      local code = arrange(m, {
        resources = { "Laptop" }, hand = { { "Notes" } }, credits = { 3, 3 },
        persona = { "Podcaster", "Influencer" },
        slots = { { { "Newsletter Series", "Fan Club", "Article" }, { "Novel" } }, { { "Vlog", "Camera" } } },
      })
      refresh(m)
      local project = "    P10 Newsletter Series (takes yellow/green; sold with 2/3/4 resources: 5/7/9): "
        .. code("Article") .. " yellow, " .. code("Fan Club") .. " green (+2 a sale with blue)"
      local others = { "    P2 Novel (takes yellow; sold with 2/3/4 resources: 5/8/11): no resources",
        "    hand: R13 Notes (yellow, costs 0)" }
      -- no price before the sell step
      assert.same({ "    persona: Podcaster (+2 a sale with yellow)", project, others[1], others[2] }, block(m, 1, 1))
      assert.same({ "    persona: Influencer (+1 a sale for every project sold before)",
                    "    P1 Vlog (takes red; sold with 2/3/4 resources: 5/8/11): " .. code("Camera") .. " red", "    hand: 0 cards" }, block(m, 2, 2))
      ok(m, "draw")
      ok(m, "pool " .. code("Notes"))
      -- 5 for 2 resources, +2 the Podcaster's with yellow; Fan Club's +2 needs blue
      assert.same({ "sell P10", "trade", "end turn" }, answers(m))
      for viewer = 1, 2 do
        assert.equal(project .. "; sells now for 7", block(m, viewer, 1)[2])
        assert.equal(others[1], block(m, viewer, 1)[3])
      end
      ok(m, "sell P10")
      assert.equal(3 + 1 + 7, credits(m, 1))
      ok(m, answers(m)[1])   -- keep a new project
      assert.is_nil(m.game.state.prices)
      for _, l in ipairs(block(m, 1, 1)) do assert.falsy(l:find("sells now", 1, true)) end
    end)
  end)
end)

describe("the starting_player option", function()
  it("names a seat at the table, or 0 for a draw", function()
    local m, err = match.new(def, { players = 2, options = { starting_player = 5 } })
    assert.is_nil(m)
    assert.equal("option 'starting_player': 5 is not valid: expected 0 or a seat from 1 to 2", err)
    -- seat 2 starts once the projects are chosen (setup's own requests)
    m = assert(match.new(def, { players = 2, options = { starting_player = 2 } }))
    while m:status() == "waiting" and m:request().kind == "keep" do m:run({ "random", "random" }, 1) end
    assert.equal(2, m.game.seats:start())
  end)
end)

describe("the project_capacity option", function()
  it("refuses a capacity below the 2 resources a sale needs; 0 (no limit) and 2 play", function()
    local m, err = match.new(def, { players = 2, options = { project_capacity = 1 } })
    assert.is_nil(m)
    assert.equal("rushfortheweb: project_capacity=1: a project is sold with at least 2 resources, "
      .. "so it must hold 2 or more (0: no limit)", err)
    for _, cap in ipairs({ 0, 2 }) do
      m = assert(match.new(def, { players = 2, options = { project_capacity = cap } }))
      assert.equal("over", m:run({ "greedy", "greedy" }))
    end
  end)

  it("follows the rule piece min_sale: a house rule selling with 1 resource allows a capacity of 1", function()
    local saved, saved_price = def.rules.min_sale, def.rules.table_price
    def.rules.min_sale = function() return 1 end
    -- (a sale with 1 resource needs its price: see "house rules on the sale")
    def.rules.table_price = function(project, n) return n == 1 and 1 or saved_price(project, n) end
    local m, err = match.new(def, { players = 2, options = { project_capacity = 1 } })
    def.rules.min_sale, def.rules.table_price = saved, saved_price
    assert.is_nil(err)
    assert.truthy(m)
    m, err = match.new(def, { players = 2, options = { project_capacity = 1 } })
    assert.is_nil(m)
    assert.truthy(err:find("at least 2 resources", 1, true))
  end)
end)

describe("house rules on the sale", function()
  it("refuse a sale with 1 resource while the sell table is the book's, which prices 2 to 4", function()
    local hdef = support.load_with_house("rushfortheweb", "rules.min_sale = function(game) return 1 end")
    local m, err = match.new(hdef, { players = 2, seed = 1 })
    assert.is_nil(m)
    assert.equal("rushfortheweb: a sale needs 1 resource (rules.min_sale), and the book's sell table (rules.table_price) "
      .. "prices only 2, 3 and 4: replace table_price too", err)
  end)

  it("name a sell table that gives no price, rather than fail on the nil", function()
    local hdef = support.load_with_house("rushfortheweb",
      "rules.min_sale = function(game) return 1 end\nrules.table_price = function(project, n) return project.sell[n] end")
    local m = assert(match.new(hdef, { players = 2, seed = 1 }))
    m:run({ "random", "random" })
    assert.equal("error", m:status())
    assert.matches("^rules%.table_price gave no price for P%d+ [^\n]* with 1 resource; expected a number of credits "
      .. "%(the book's table prices 2, 3 and 4", tostring(select(2, m:result())))
  end)

  it("are the sell table the terminal shows: the house's prices, with 1 resource when it sells with 1", function()
    local function shown(hdef)
      local m = assert(match.new(hdef, { players = 2, seed = 4, options = { starting_player = 1 } }))
      past_setup(m)
      local code = arrange(m, { slots = { { { "Podcast" } } } })
      return table.concat(hdef.describe(m:view(1), m.game.cards), "\n"):gsub("%s+", " "), code("Podcast")
    end
    local text, podcast = shown(def)
    assert.truthy(text:find(podcast .. " Podcast (takes red/yellow; sold with 2/3/4 resources: 4/7/10)", 1, true), text)
    text = shown(support.load_with_house("rushfortheweb", [[
rules.min_sale = function(game) return 1 end
local table_price = rules.table_price
rules.table_price = function(project, n) return n == 1 and 2 or table_price(project, n) + 1 end]]))
    assert.truthy(text:find(podcast .. " Podcast (takes red/yellow; sold with 1/2/3/4 resources: 2/5/8/11)", 1, true), text)
  end)

  it("are the sell table the terminal shows under the game's options: the sizes a sale may have, at the prices charged", function()
    -- the label of the Podcast on seat 1's first project, holding `held` resources,
    -- and the table price a sale of it charges now
    local function shown(hdef, options, held)
      options.starting_player = 1
      local m = assert(match.new(hdef, { players = 2, seed = 4, options = options }))
      past_setup(m)
      local slot = { "Podcast" }
      for i = 1, held do slot[#slot + 1] = i % 2 == 1 and "Camera" or "Article" end
      local code = arrange(m, { slots = { { slot } } })
      local text = table.concat(hdef.describe(m:view(1), m.game.cards), "\n"):gsub("%s+", " ")
      local words = text:match(code("Podcast") .. " Podcast %(takes red/yellow; (sold with [^)]*)%)")
      local _, base = m.game.rules.sell_price(m.game, 1, m.game.rush.slots[1][1])
      return words, base
    end
    assert.same({ "sold with 2/3/4 resources: 4/7/10", 10 }, { shown(def, {}, 4) })
    -- a project holds at most 3: the 4-resource price is never charged
    assert.same({ "sold with 2/3 resources: 4/7", 7 }, { shown(def, { project_capacity = 3 }, 3) })
    assert.same({ "sold with 2 resources: 4", 4 }, { shown(def, { project_capacity = 2 }, 2) })
    -- more than 4 sell as 4, as in the book
    assert.same({ "sold with 2/3/4 resources: 4/7/10", 10 }, { shown(def, { project_capacity = 6 }, 6) })
    -- a house rule's sizes and prices with the option's limit (docs/houses' small projects)
    local small = assert(loader.load("rushfortheweb", "docs/houses/rushfortheweb_small_projects.lua"))
    assert.same({ "sold with 1/2/3 resources: 2/4/7", 7 }, { shown(small, {}, 3) })
    -- a house rule that sells from 3 on, priced past 4, within a capacity of 5
    local hdef = support.load_with_house("rushfortheweb", [[
rules.min_sale = function(game) return 3 end
local table_price = rules.table_price
rules.table_price = function(project, n) return table_price(project, n) + (n > 4 and n - 4 or 0) end]])
    assert.same({ "sold with 3/4/5 resources: 7/10/11", 11 }, { shown(hdef, { project_capacity = 5 }, 5) })
    -- a book game's state has no sizes: nothing new in its views
    local m = assert(match.new(def, { players = 2, seed = 4 }))
    assert.is_nil(m:view(1).state.sale_sizes)
  end)

  it("play a sale with 1 resource at the house's price, greedy bots too, which weigh the house's table", function()
    local hdef = support.load_with_house("rushfortheweb", [[
rules.min_sale = function(game) return 1 end
local table_price = rules.table_price
rules.table_price = function(project, n)
  if n == 1 then return 2 end
  return table_price(project, n)
end]])
    local priced_with_one = 0
    local sell_price = hdef.rules.sell_price
    hdef.rules.sell_price = function(game, seat, slot)
      local price, base = sell_price(game, seat, slot)
      if slot:count() == 2 then priced_with_one = priced_with_one + 1; assert.equal(2, base) end
      return price, base
    end
    for seed = 1, 5 do
      local m = assert(match.new(hdef, { players = 3, seed = seed }))
      m:run({ "greedy", "greedy", "greedy" })
      assert.equal("over", m:status())
    end
    assert.is_true(priced_with_one > 0)
  end)
end)
