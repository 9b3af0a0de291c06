-- The rules of Online (games/online/game.lua), one by one, and the rule
-- book's own examples. Most cases lay the cards out by hand (arrange) and then
-- let seat 1 answer the request it was asked before ("draw"), which draws the
-- top of the arranged deck and asks again from the arranged cards.

local loader = require "cardlab.loader"
local match = require "cardlab.match"
local support = require "tests.spec.support"

local def = assert(loader.load("online"))

local function new(players, options, seed)
  -- four or more alone need the book's time limit: one these tests never reach
  if options and options.teams == "alone" and (players or 2) >= 4 and not options.round_limit then
    options.round_limit = 100000
  end
  return assert(match.new(def, { players = players or 2, seed = seed or 1, options = options }))
end

local ROWS = { "online", "memory", "email", "music", "movie", "game" }
local CATEGORY = { email = "E-Mail", music = "Music", movie = "Movie", game = "Game" }

-- Puts every card of a match in the box, then lays the cards out:
-- { deck = {names, top first}, discard = {...}, hands = { [seat] = {...} },
--   rows = { [side] = { online = {names, top first}, email = 3, ... } },
--   rest = true (every other card goes under the deck, by id) }.
-- A number for a category row means that many cards of its category. The
-- public counters (megabytes, backups) are brought up to date.
local function arrange(m, layout)
  local g = m.game
  local zones = g.zones
  local pool = {}
  for id, card in ipairs(g.cards) do
    pool[card.name] = pool[card.name] or {}
    table.insert(pool[card.name], id)
  end
  for id = 1, #g.cards do zones.box:insert(id) end
  local function fill(zone, names)
    for _, name in ipairs(names or {}) do
      local id = assert(table.remove(assert(pool[name], "no card named " .. name), 1), "no more " .. name)
      zone:insert(id, "bottom")
    end
  end
  fill(zones.deck, layout.deck)
  fill(zones.discard, layout.discard)
  for seat = 1, g.players do fill(zones.hand[seat], layout.hands and layout.hands[seat]) end
  for side, rows in pairs(layout.rows or {}) do
    for row, names in pairs(rows) do
      if type(names) == "number" then
        local list = {}
        for i = 1, names do list[i] = CATEGORY[row] end
        names = list
      end
      fill(g:zone(string.format("%s[%d]", row, side)), names)
    end
  end
  if layout.rest then
    for id = 1, #g.cards do
      if g.table:where(id) == zones.box then zones.deck:insert(id, "bottom") end
    end
  end
  for side = 1, #g.sides do
    g.state.megabytes[side] = g.rules.megabytes(g, side)
    g.counted[side] = g.state.megabytes[side]   -- as the rules count them (online.edited)
    local ready = 0
    for r = 3, 6 do
      local row = ROWS[r]
      if not g.backed_up[side][r] and g.zones[string.format("%s[%d]", row, side)]:count() >= g.state.goal[row] then
        ready = ready + 1
      end
    end
    g.ready[side] = ready
  end
end

local function request(m) return m:request() end
local function answers(m) return m:request().answers end

local function names(m, zone)
  local out = {}
  for i, id in ipairs(zone:cards()) do out[i] = m.game.cards[id].name end
  return out
end

local function row(m, name, side) return names(m, m.game:zone(string.format("%s[%d]", name, side))) end
local function hand(m, seat) return names(m, m.game.zones.hand[seat]) end

local function has(list, text)
  for _, a in ipairs(list) do if a == text then return true end end
  return false
end

-- Answers in turn, checking each is accepted.
local function play(m, ...)
  for _, text in ipairs({ ... }) do
    local ok, why = m:answer(text)
    assert(ok, why)
  end
end

-- A bot that never hacks nor blocks: it draws, then stops or discards.
local function quiet(_, kind, _, legal)
  if kind == "turn" then return "draw" end
  return legal[#legal]
end
local QUIET = { quiet, quiet, quiet, quiet, quiet, quiet }

-- The seats whose turns begin (with the round) while `bots` answer, up to n.
local function turns(m, n, bots)
  local list = {}
  while #list < n do
    local r = request(m)
    if r.kind == "turn" then list[#list + 1] = string.format("%d@%d", r.seat, m.game.seats:round()) end
    if #list == n then break end
    m.engine:run(bots or QUIET, 1)
  end
  return list
end

-- Every card on the table, wherever it is.
local function count_cards(m)
  local total = 0
  for _, z in ipairs(m.game.table:zones()) do
    if z ~= m.game.zones.box then total = total + z:count() end
  end
  return total
end

-- Seat 1's turn with the cards laid out (every other card under the deck),
-- after it drew its 8th card: the play request.
local function start(layout, players)
  local m = new(players or 2)
  layout.rest = true
  arrange(m, layout)
  play(m, "draw")
  return m
end

describe("Online", function()
  describe("the cards", function()
    it("are the 112 cards of the rule book", function()
      local counts, groups = {}, {}
      for _, card in ipairs(def.cards) do
        counts[card.name] = (counts[card.name] or 0) + 1
        groups[card.name] = card.group
      end
      assert.equal(112, #def.cards)
      assert.same({
        ["Online"] = 13, ["Turbo-Line"] = 3, ["Extra Memory"] = 5, ["Password ok"] = 8, ["Antivirus"] = 8,
        ["Under Construction"] = 3, ["Memory Full"] = 4, ["Password Error"] = 3, ["Virus"] = 3,
        ["E-Mail"] = 22, ["Music"] = 14, ["Movie"] = 8, ["Game"] = 8,
        ["Hacker"] = 6, ["Cyber Patrol"] = 2, ["Search"] = 2,
      }, counts)
      assert.same({
        ["Online"] = "access", ["Turbo-Line"] = "access", ["Extra Memory"] = "access",
        ["Password ok"] = "access", ["Antivirus"] = "access",
        ["Under Construction"] = "blocking", ["Memory Full"] = "blocking",
        ["Password Error"] = "blocking", ["Virus"] = "blocking",
        ["E-Mail"] = "category", ["Music"] = "category", ["Movie"] = "category", ["Game"] = "category",
        ["Hacker"] = "power", ["Cyber Patrol"] = "power", ["Search"] = "power",
      }, groups)
    end)

    it("give megabytes per file: E-Mail 25, Music 50, Game 100, Movie 200; Game and Movie are large", function()
      local mb, large = {}, {}
      for _, card in ipairs(def.cards) do
        if card.group == "category" then mb[card.name], large[card.name] = card.megabytes, card.large == true end
      end
      assert.same({ ["E-Mail"] = 25, Music = 50, Game = 100, Movie = 200 }, mb)
      assert.same({ ["E-Mail"] = false, Music = false, Game = true, Movie = true }, large)
    end)

    it("set the goal at 6 E-Mail, 4 Music, 2 Game, 2 Movie; options raise it", function()
      assert.same({ email = 6, music = 4, game = 2, movie = 2 }, new(2).game.state.goal)
      assert.same({ email = 10, music = 6, game = 3, movie = 2 },
        new(2, { goal_email = 10, goal_music = 6, goal_game = 3 }).game.state.goal)
    end)
  end)

  describe("the deal", function()
    it("gives 7 cards to every player; the rest is the face-down deck; seat 1 starts", function()
      for players = 2, 6 do
        local m = new(players, nil, players)
        for seat = 1, players do assert.equal(7, m.game.zones.hand[seat]:count()) end
        assert.equal(112 - 7 * players, m.game.zones.deck:count())
        assert.equal(0, m.game.zones.discard:count())
        assert.same({ seat = 1, kind = "turn", prompt = "draw an 8th card and play, or exchange cards",
                      typed = false, answers = { "draw", "exchange" } }, request(m))
      end
    end)

    it("hides the hands from the other seats and the deck from everyone", function()
      local m = new(3)
      local view = m:view(2)
      assert.is_nil(view.zones["hand[1]"].cards)
      assert.equal(7, view.zones["hand[1]"].count)
      assert.equal(7, #view.zones["hand[2]"].cards)
      assert.is_nil(view.zones.deck.cards)
      assert.equal(91, view.zones.deck.count)
    end)

    it("start_player 0 draws the start player at random, the same for the same seed", function()
      local seen = {}
      for seed = 1, 20 do
        local m = new(4, { start_player = 0 }, seed)
        local start = m.game.state.start_player
        assert.equal(start, request(m).seat)
        assert.equal(start, new(4, { start_player = 0 }, seed).game.state.start_player)
        seen[start] = true
      end
      assert.same({ true, true, true, true }, seen)
    end)
  end)

  describe("sides and teams", function()
    local function sides(players, options)
      return new(players, options).game.sides
    end

    it("2 or 3 players play alone", function()
      assert.same({ { 1 }, { 2 } }, sides(2))
      assert.same({ { 1 }, { 2 }, { 3 } }, sides(3))
    end)

    it("4 players play in two teams, 1+3 and 2+4; 5 or 6 in three, 1+4, 2+5, 3+6", function()
      assert.same({ { 1, 3 }, { 2, 4 } }, sides(4))
      assert.same({ { 1, 4 }, { 2, 5 }, { 3 } }, sides(5))
      assert.same({ { 1, 4 }, { 2, 5 }, { 3, 6 } }, sides(6))
      local m = new(6)
      assert.equal(m.game.seats:team(1), m.game.seats:team(4))
      assert.same({ 5 }, m.game.seats:teammates(2))
    end)

    it("alone, four or more agree on a time limit (round_limit), as the rule book has them", function()
      for players = 4, 6 do
        local m, why = match.new(def, { players = players, options = { teams = "alone" } })
        assert.is_nil(m)
        assert.equal(string.format("online: %d players alone agree on a time limit (the rule book): give "
          .. "round_limit, e.g. --option round_limit=15", players), why)
      end
      assert.truthy(match.new(def, { players = 3, options = { teams = "alone" } }))
      assert.truthy(match.new(def, { players = 5, options = { teams = "book" } }))
      -- a game of five alone that would not end (seed 4): the limit ends it
      local m = assert(match.new(def, { players = 5, seed = 4, options = { teams = "alone", round_limit = 15 } }))
      assert.equal("over", m:run({ "random", "random", "random", "random", "random" }, 1000000))
      assert.matches("round", m:result().reason)
    end)

    it("may be two teams of three with 6 players, or everyone alone", function()
      assert.same({ { 1, 3, 5 }, { 2, 4, 6 } }, sides(6, { teams = "threes" }))
      assert.same({ { 1 }, { 2 }, { 3 }, { 4 } }, sides(4, { teams = "alone" }))
      assert.same({ { 1, 3 }, { 2, 4 } }, sides(4, { teams = "threes" }))
      assert.same({ { 1, 4 }, { 2, 5 }, { 3 } }, sides(5, { teams = "threes" }))
    end)

    it("share their rows: a team's player downloads into the team's rows", function()
      local m = new(4)
      arrange(m, { deck = { "Antivirus" }, rest = true, hands = { { "Music" }, {}, { "E-Mail" }, {} },
                   rows = { [1] = { online = { "Online" } } } })
      play(m, "draw", "download Music", "stop")
      -- seat 2 passes its turn by exchanging nothing
      play(m, "exchange", "done")
      assert.equal(3, request(m).seat)
      assert.equal("draw", answers(m)[1])
      play(m, "draw")
      assert.is_true(has(answers(m), "download E-Mail"))
      play(m, "download E-Mail")
      assert.same({ "E-Mail" }, row(m, "email", 1))
      assert.same({ "Music" }, row(m, "music", 1))
      assert.equal(75, m.game.state.megabytes[1])
    end)

    it("with 5 players, seat 3 plays alone, twice a round: also as the missing sixth player", function()
      assert.same({ "1@1", "2@1", "3@1", "4@1", "5@1", "3@1", "1@2", "2@2", "3@2", "4@2", "5@2", "3@2", "1@3" },
        turns(new(5), 13))
      assert.same({ "1@1", "2@1", "3@1", "4@1", "5@1", "1@2" }, turns(new(5, { teams = "alone" }), 6))
    -- seat 3's second turn, then seats 1, 2 and 3 lose theirs: a new round begins at seat 4
    local m = new(5)
    turns(m, 6)
    for seat = 1, 3 do m.game.seats:skip(seat) end
    m.game.lost_turns = 3
    assert.same({ "3@1", "4@2", "5@2", "3@2", "1@3" }, turns(m, 5))
      assert.same({ "1@1", "2@1", "3@1", "4@1", "5@1", "6@1", "1@2" }, turns(new(6), 7))
    end)
  end)
end)

describe("Online turns", function()
  it("begin by drawing up to 7 cards", function()
    local m = new(2)
    arrange(m, { deck = { "Game", "Virus", "Music", "Movie", "Search" }, rest = true,
                 hands = { { "E-Mail", "E-Mail" }, { "Online", "Online", "Online" } } })
    play(m, "draw")                    -- seat 1 draws the Game as its 8th card (the old request)
    play(m, "stop")
    assert.same({ "Search", "Movie", "Music", "Virus", "Online", "Online", "Online" }, hand(m, 2))
    assert.same({ seat = 2, kind = "turn", prompt = "draw an 8th card and play, or exchange cards",
                  typed = false, answers = { "draw", "exchange" } }, request(m))
  end)

  it("offer an exchange of any number of cards, which ends the turn", function()
    local m = new(2)
    arrange(m, { deck = { "Hacker", "Music", "Movie" }, rest = true,
                 hands = { { "E-Mail", "E-Mail", "Virus", "Online", "Search", "Game", "Music" } } })
    assert.equal("waiting", m:answer("exchange"))
    assert.same({ "exchange E-Mail", "exchange Virus", "exchange Online", "exchange Search",
                  "exchange Game", "exchange Music", "done" }, answers(m))
    play(m, "exchange E-Mail", "exchange Virus")
    assert.same({ "exchange E-Mail", "exchange Online", "exchange Search", "exchange Game",
                  "exchange Music", "done" }, answers(m))
    play(m, "exchange E-Mail", "done")
    -- three cards to the discard pile, three new ones from the deck
    assert.same({ "E-Mail", "Virus", "E-Mail" }, names(m, m.game.zones.discard))
    assert.same({ "Movie", "Music", "Hacker", "Online", "Search", "Game", "Music" }, hand(m, 1))
    assert.equal(2, request(m).seat)
    assert.equal("turn", request(m).kind)
  end)

  it("may exchange no card at all", function()
    local m = new(2)
    local before = hand(m, 1)
    play(m, "exchange", "done")
    assert.same(before, hand(m, 1))
    assert.equal(2, request(m).seat)
  end)

  it("draw an 8th card; with 8 cards the player must play or discard one; a discard ends the turn", function()
    local m = new(2)
    arrange(m, { deck = { "Music" }, rest = true,
                 hands = { { "E-Mail", "Virus", "Antivirus", "Search", "Game", "Music", "Hacker" } } })
    play(m, "draw")
    assert.equal(8, m.game.zones.hand[1]:count())
    local legal = answers(m)
    assert.is_false(has(legal, "stop"))
    assert.same({ "search", "discard Music", "discard E-Mail", "discard Virus", "discard Antivirus",
                  "discard Search", "discard Game", "discard Hacker" }, legal)
    play(m, "discard Virus")
    assert.same({ "Virus" }, names(m, m.game.zones.discard))
    assert.equal(7, m.game.zones.hand[1]:count())
    assert.equal(2, request(m).seat)
  end)

  it("allow several plays, then stop, with at most 7 cards left", function()
    local m = new(3)
    arrange(m, { deck = { "Virus" }, rest = true,
                 hands = { { "Online", "Extra Memory", "Password Error", "E-Mail", "Music", "Virus", "Game" } },
                 rows = { [2] = { online = { "Online" } }, [3] = { online = { "Turbo-Line" } } } })
    play(m, "draw", "play Online")
    assert.is_true(has(answers(m), "stop"))
    assert.is_false(has(answers(m), "discard Virus"))
    -- blocks on as many opponents as the player likes
    play(m, "block 2 Virus", "block 3 Virus", "play Extra Memory", "download Game")
    assert.same({ "Virus", "Online" }, row(m, "online", 2))
    assert.same({ "Virus", "Turbo-Line" }, row(m, "online", 3))
    -- one download a turn with Online: the E-Mail and Music must wait
    assert.same({ "stop" }, answers(m))
    play(m, "stop")
    assert.same({ "Password Error", "E-Mail", "Music" }, hand(m, 1))
    assert.equal(2, request(m).seat)
  end)

  it("follow a hand edit of the turn (the REPL's 'turn SEAT'), also in the 5-player order", function()
    for _, players in ipairs({ 3, 5 }) do
      local m = new(players)
      assert(m:edit("turn 3"))
      play(m, "exchange", "done")
      assert.same({ 3, "turn" }, { request(m).seat, request(m).kind })
    end
  end)

  it("go round the table, counting rounds", function()
    assert.same({ "1@1", "2@1", "3@1", "1@2", "2@2" }, turns(new(3), 5))
  end)
end)

describe("Online rows", function()
  it("take Online or Turbo-Line on an empty Online row; Turbo-Line also on Online, not the reverse", function()
    local m = start({ deck = { "Game" }, hands = { { "Online", "Turbo-Line", "Extra Memory" } } })
    assert.same({ "play Online", "play Turbo-Line", "play Extra Memory", "stop" }, answers(m))
    play(m, "play Online")
    assert.same({ "play Turbo-Line", "play Extra Memory", "stop" }, answers(m))
    play(m, "play Turbo-Line")
    assert.same({ "Turbo-Line", "Online" }, row(m, "online", 1))
    m = start({ deck = { "Game" }, hands = { { "Online", "Turbo-Line" } }, rows = { [1] = { online = { "Turbo-Line" } } } })
    assert.same({ "stop" }, answers(m))
  end)

  it("take Extra Memory on an empty Extra Memory row or on Memory Full, not on Extra Memory", function()
    local m = start({ deck = { "Music" }, hands = { { "Extra Memory" } }, rows = { [1] = { memory = { "Extra Memory" } } } })
    assert.same({ "stop" }, answers(m))
    m = start({ deck = { "Music" }, hands = { { "Extra Memory" } }, rows = { [1] = { memory = { "Memory Full", "Extra Memory" } } } })
    assert.same({ "play Extra Memory", "stop" }, answers(m))
  end)

  it("let nobody download without a free Online or Turbo-Line card", function()
    local m = start({ deck = { "Music" }, hands = { { "E-Mail" } } })
    assert.same({ "stop" }, answers(m))
    m = start({ deck = { "Music" }, hands = { { "E-Mail" } }, rows = { [1] = { online = { "Virus", "Online" } } } })
    assert.same({ "stop" }, answers(m))
  end)

  it("allow one download a turn with Online, two with Turbo-Line", function()
    local m = start({ deck = { "Music" }, hands = { { "E-Mail", "E-Mail", "E-Mail" } },
                      rows = { [1] = { online = { "Online" } } } })
    assert.same({ "download Music", "download E-Mail", "stop" }, answers(m))
    play(m, "download E-Mail")
    assert.same({ "stop" }, answers(m))
    m = start({ deck = { "Music" }, hands = { { "E-Mail", "E-Mail", "E-Mail" } },
                rows = { [1] = { online = { "Turbo-Line" } } } })
    play(m, "download E-Mail", "download Music")
    assert.same({ "stop" }, answers(m))
    assert.same({ "E-Mail" }, row(m, "email", 1))
    assert.same({ "Music" }, row(m, "music", 1))
    assert.equal(75, m.game.state.megabytes[1])
  end)

  it("count downloads per turn: Turbo-Line laid after a download allows a second one", function()
    local m = start({ deck = { "Music" }, hands = { { "E-Mail", "Turbo-Line" } }, rows = { [1] = { online = { "Online" } } } })
    play(m, "download Music")
    assert.same({ "play Turbo-Line", "stop" }, answers(m))
    play(m, "play Turbo-Line")
    assert.same({ "download E-Mail", "stop" }, answers(m))
  end)

  it("let large files (Movie, Game) down only with a free Extra Memory, and none with a Memory Full", function()
    local m = start({ deck = { "Movie" }, hands = { { "Game", "E-Mail" } }, rows = { [1] = { online = { "Turbo-Line" } } } })
    assert.same({ "download E-Mail", "stop" }, answers(m))
    -- "a player whose cards are blocked by blocking cards may not lay any
    -- category cards": a Memory Full stops the small files too
    m = start({ deck = { "Movie" }, hands = { { "Game", "E-Mail" } },
                rows = { [1] = { online = { "Turbo-Line" }, memory = { "Memory Full", "Extra Memory" } } } })
    assert.same({ "stop" }, answers(m))
    m = start({ deck = { "Movie" }, hands = { { "Game", "E-Mail" } },
                rows = { [1] = { online = { "Turbo-Line" }, memory = { "Extra Memory" } } } })
    assert.same({ "download Movie", "download Game", "download E-Mail", "stop" }, answers(m))
  end)

  it("give a file any order: a category may be started before another is done", function()
    local m = start({ deck = { "Music" }, hands = { { "E-Mail" } }, rows = { [1] = { online = { "Online" } } } })
    play(m, "download Music")
    assert.same({ "Music" }, row(m, "music", 1))
  end)
end)

describe("Online blocking cards", function()
  local function start(layout, players, options)
    local m = new(players or 3, options or { unblock_at_once = false })
    layout.rest = true
    arrange(m, layout)
    play(m, "draw")
    return m
  end

  it("go on another player's top Online or Turbo-Line: Virus, Password Error, Under Construction", function()
    local m = start({ deck = { "Memory Full" }, hands = { { "Virus", "Password Error", "Under Construction" } },
                      rows = { [2] = { online = { "Online" }, memory = { "Extra Memory" } },
                               [3] = { online = { "Turbo-Line" } } } })
    assert.same({ "block 2 Memory Full", "block 2 Virus", "block 3 Virus", "block 2 Password Error",
                  "block 3 Password Error", "block 2 Under Construction", "block 3 Under Construction", "stop" },
      answers(m))
  end)

  it("and Memory Full on a top Extra Memory only", function()
    local m = start({ deck = { "Memory Full" }, hands = { { "Virus" } },
                      rows = { [2] = { memory = { "Memory Full", "Extra Memory" } }, [3] = { online = { "Password ok", "Virus", "Online" } } } })
    assert.same({ "stop" }, answers(m))
  end)

  it("never go on your own rows nor on a blocked or empty row", function()
    local m = start({ deck = { "Virus" }, hands = { {} },
                      rows = { [1] = { online = { "Online" } }, [2] = { online = { "Under Construction", "Online" } } } })
    assert.same({ "stop" }, answers(m))
  end)

  it("go only on an Online or Turbo-Line: not on an empty row, nor on a row freed by Password ok or Antivirus", function()
    local m = start({ deck = { "E-Mail" }, hands = { { "Virus", "Password Error", "Under Construction" } },
                      rows = { [3] = { online = { "Antivirus", "Virus", "Online" } },
                               [4] = { online = { "Password ok", "Password Error", "Online" } } } },
      4, { teams = "alone", unblock_at_once = false })
    assert.same({ "stop" }, answers(m))
  end)

  it("stop downloads: a blocked player may still block, unblock and use power cards", function()
    local m = start({ deck = { "E-Mail" }, hands = { { "Music", "Virus", "Hacker", "Antivirus" } },
                      rows = { [1] = { online = { "Virus", "Online" } }, [2] = { online = { "Online" } } } })
    assert.same({ "block 2 Virus", "hacker", "play Antivirus", "stop" }, answers(m))
  end)

  it("are lifted by their access card, and what may follow at once (Abbildung 4)", function()
    -- Password ok on Password Error, then Online or Turbo-Line, then files
    local m = start({ deck = { "Music" }, hands = { { "Password ok", "Antivirus", "Online", "Turbo-Line" } },
                      rows = { [1] = { online = { "Password Error", "Online" } } } })
    assert.same({ "play Password ok", "stop" }, answers(m))
    play(m, "play Password ok")
    assert.same({ "play Online", "play Turbo-Line", "stop" }, answers(m))
    play(m, "play Online")
    assert.same({ "download Music", "play Turbo-Line", "stop" }, answers(m))
    -- Antivirus on Virus, the same
    m = start({ deck = { "Music" }, hands = { { "Password ok", "Antivirus", "Turbo-Line" } },
                rows = { [1] = { online = { "Virus", "Turbo-Line" } } } })
    assert.same({ "play Antivirus", "stop" }, answers(m))
    play(m, "play Antivirus", "play Turbo-Line")
    assert.same({ "download Music", "stop" }, answers(m))
    assert.same({ "Turbo-Line", "Antivirus", "Virus", "Turbo-Line" }, row(m, "online", 1))
    -- Online or Turbo-Line on Under Construction: files at once
    m = start({ deck = { "Music" }, hands = { { "Password ok", "Online" } },
                rows = { [1] = { online = { "Under Construction", "Online" } } } })
    assert.same({ "play Online", "stop" }, answers(m))
    play(m, "play Online")
    assert.same({ "download Music", "stop" }, answers(m))
    -- Extra Memory on Memory Full: large files again, when online
    m = start({ deck = { "Movie" }, hands = { { "Extra Memory" } },
                rows = { [1] = { online = { "Online" }, memory = { "Memory Full", "Extra Memory" } } } })
    assert.same({ "play Extra Memory", "stop" }, answers(m))
    play(m, "play Extra Memory")
    assert.same({ "download Movie", "stop" }, answers(m))
  end)

  it("need the right access card: Antivirus does not lift Password Error", function()
    local m = start({ deck = { "Music" }, hands = { { "Antivirus", "Extra Memory", "Online" } },
                      rows = { [1] = { online = { "Password Error", "Online" } } } })
    assert.same({ "play Extra Memory", "stop" }, answers(m))
  end)

  it("are each lifted by their own access card only", function()
    local lifts = { { "Virus", "Antivirus" }, { "Password Error", "Password ok" }, { "Under Construction", "Online" } }
    for _, lift in ipairs(lifts) do
      local block, card = lift[1], lift[2]
      local m = start({ deck = { "Music" }, hands = { { "Antivirus", "Password ok", "Online" } },
                        rows = { [1] = { online = { block, "Online" } } } })
      assert.same({ "play " .. card, "stop" }, answers(m), block)
    end
  end)

  it("may be lifted as many as you like in one turn", function()
    local m = start({ deck = { "Game" }, hands = { { "Antivirus", "Extra Memory", "Online" } },
                      rows = { [1] = { online = { "Virus", "Online" }, memory = { "Memory Full", "Extra Memory" } } } })
    play(m, "play Antivirus", "play Extra Memory", "play Online", "download Game")
    assert.same({ "Game" }, row(m, "game", 1))
  end)

  it("follow the rule book's example (Abbildung 1): player 1 needs Antivirus, then Online, then Extra Memory", function()
    -- player 2 has Turbo-Line and Extra Memory free: every category may come down
    local m = new(2, { unblock_at_once = false })
    arrange(m, { deck = { "Antivirus" }, rest = true,
                 hands = { { "Online", "Extra Memory", "E-Mail", "Music", "Game", "Movie" },
                           { "E-Mail", "Music", "Game", "Movie", "Hacker", "Search" } },
                 rows = { [1] = { online = { "Virus", "Online" } },
                          [2] = { online = { "Turbo-Line" }, memory = { "Extra Memory" } } } })
    play(m, "draw")
    assert.same({ "play Antivirus", "play Extra Memory", "stop" }, answers(m))
    play(m, "play Antivirus")
    assert.same({ "play Online", "play Extra Memory", "stop" }, answers(m))
    play(m, "play Online")
    assert.same({ "play Extra Memory", "download E-Mail", "download Music", "stop" }, answers(m))
    play(m, "play Extra Memory")
    assert.same({ "download E-Mail", "download Music", "download Game", "download Movie", "stop" }, answers(m))
    play(m, "stop", "draw")
    local legal = answers(m)
    for _, file in ipairs({ "E-Mail", "Music", "Game", "Movie" }) do
      assert.is_true(has(legal, "download " .. file), file)
    end
    play(m, "download Game", "download Movie")
    assert.is_false(has(answers(m), "download E-Mail"))
  end)
end)

describe("Online lifting a block at once", function()
  it("asks the blocked player, out of turn, to lift it and go online again", function()
    local m = new(2)
    arrange(m, { deck = { "Virus" }, rest = true,
                 hands = { { "E-Mail" }, { "Antivirus", "Online", "Music" } },
                 rows = { [2] = { online = { "Online" } } } })
    play(m, "draw", "block 2 Virus")
    assert.same({ seat = 2, kind = "unblock", prompt = "Virus blocks you: lift it at once?", typed = false,
                  answers = { "play Antivirus", "pass" } }, request(m))
    play(m, "play Antivirus")
    assert.same({ seat = 2, kind = "connect", prompt = "go online again at once?", typed = false,
                  answers = { "play Online", "pass" } }, request(m))
    play(m, "play Online")
    assert.same({ "Online", "Antivirus", "Virus", "Online" }, row(m, "online", 2))
    -- back to seat 1's turn, which may block again if it can
    assert.equal(1, request(m).seat)
    assert.same({ "stop" }, answers(m))
    assert.same({ "Music" }, hand(m, 2))
  end)

  it("lets the blocked player keep the cards", function()
    local m = new(2)
    arrange(m, { deck = { "Virus" }, rest = true, hands = { {}, { "Antivirus" } },
                 rows = { [2] = { online = { "Online" } } } })
    play(m, "draw", "block 2 Virus", "pass")
    assert.same({ "Virus", "Online" }, row(m, "online", 2))
    assert.same({ "Antivirus" }, hand(m, 2))
    assert.equal(1, request(m).seat)
  end)

  it("asks nobody without a fitting card, and nobody when the option is off", function()
    local m = new(2)
    arrange(m, { deck = { "Virus" }, rest = true, hands = { {}, { "Password ok" } },
                 rows = { [2] = { online = { "Online" } } } })
    play(m, "draw", "block 2 Virus")
    assert.equal(1, request(m).seat)
    m = new(2, { unblock_at_once = false })
    arrange(m, { deck = { "Virus" }, rest = true, hands = { {}, { "Antivirus" } },
                 rows = { [2] = { online = { "Online" } } } })
    play(m, "draw", "block 2 Virus")
    assert.equal(1, request(m).seat)
  end)

  it("asks only the blocked side: another player cannot lift it", function()
    local m = new(3)
    arrange(m, { deck = { "Virus" }, rest = true, hands = { {}, {}, { "Antivirus" } },
                 rows = { [2] = { online = { "Online" } } } })
    play(m, "draw", "block 2 Virus")
    assert.same({ 1, "play" }, { request(m).seat, request(m).kind })
    assert.same({ "Virus", "Online" }, row(m, "online", 2))
    assert.same({ "Antivirus" }, hand(m, 3))
  end)

  it("asks the team: the teammate holding the card", function()
    local m = new(4)
    arrange(m, { deck = { "Memory Full" }, rest = true,
                 hands = { {}, { "Online" }, {}, { "Extra Memory", "Online" } },
                 rows = { [2] = { memory = { "Extra Memory" } } } })
    play(m, "draw", "block 2 Memory Full")
    assert.same({ seat = 4, kind = "unblock", prompt = "Memory Full blocks you: lift it at once?", typed = false,
                  answers = { "play Extra Memory", "pass" } }, request(m))
    play(m, "play Extra Memory")
    -- the team is not online: seat 4 may go online at once too
    assert.same({ "play Online", "pass" }, answers(m))
    play(m, "pass")
    assert.same({ "Extra Memory", "Memory Full", "Extra Memory" }, row(m, "memory", 2))
  end)

  it("asks from the blocker's left, not from the team's lowest seat", function()
    -- seat 2 begins and blocks the team of seats 1 and 3, both holding an Antivirus: 3 is asked first
    local m = new(4, { start_player = 2 })
    arrange(m, { deck = { "Virus" }, rest = true,
                 hands = { { "Antivirus" }, {}, { "Antivirus" }, {} },
                 rows = { [1] = { online = { "Online" } } } })
    play(m, "draw", "block 1 Virus")
    assert.same({ 3, "unblock" }, { request(m).seat, request(m).kind })
    play(m, "pass")
    assert.same({ 1, "unblock" }, { request(m).seat, request(m).kind })
  end)

  it("asks the team's seats in turn from the blocker; the first lift ends the asking", function()
    local m = new(6, { teams = "threes" })
    arrange(m, { deck = { "Virus" }, rest = true,
                 hands = { {}, {}, {}, { "Antivirus" }, {}, { "Antivirus", "Online" } },
                 rows = { [2] = { online = { "Online" } } } })
    play(m, "draw", "block 2 Virus")
    assert.same({ 4, "unblock" }, { request(m).seat, request(m).kind })
    play(m, "play Antivirus")
    -- seat 6 could now go online with its Online, but the team's block is lifted: nobody else is asked
    assert.same({ 1, "play" }, { request(m).seat, request(m).kind })
    assert.same({ "Antivirus", "Virus", "Online" }, row(m, "online", 2))
    assert.same({ "Antivirus", "Online" }, hand(m, 6))
  end)

  it("lets only an Online or Turbo-Line follow the lift", function()
    local m = new(2)
    arrange(m, { deck = { "Memory Full" }, rest = true, hands = { {}, { "Extra Memory", "Extra Memory", "Online" } },
                 rows = { [2] = { memory = { "Extra Memory" } } } })
    play(m, "draw", "block 2 Memory Full", "play Extra Memory")
    assert.same({ seat = 2, kind = "connect", prompt = "go online again at once?", typed = false,
                  answers = { "play Online", "pass" } }, request(m))
  end)

  it("offers no Online after the lift while the Online row is still blocked", function()
    -- the Extra Memory lifts the Memory Full, but a Virus lies on the Online row: no Online goes on it
    local m = new(2)
    arrange(m, { deck = { "Memory Full" }, rest = true, hands = { {}, { "Extra Memory", "Online" } },
                 rows = { [2] = { online = { "Virus", "Online" }, memory = { "Extra Memory" } } } })
    play(m, "draw", "block 2 Memory Full", "play Extra Memory")
    assert.same({ 1, "play" }, { request(m).seat, request(m).kind })
    assert.same({ "Extra Memory", "Memory Full", "Extra Memory" }, row(m, "memory", 2))
    assert.same({ "Virus", "Online" }, row(m, "online", 2))
    assert.same({ "Online" }, hand(m, 2))
  end)
end)

describe("Online Hacker", function()
  local function start(layout, players, options)
    local m = new(players or 2, options or { unblock_at_once = false })
    layout.rest = true
    arrange(m, layout)
    play(m, "draw")
    return m
  end

  it("offers A, B and C: own blocks, others' top cards, the top discard; a hacked card is played at once", function()
    local m = start({ deck = { "Hacker" }, discard = { "Virus" }, hands = { { "E-Mail" } },
                      rows = { [1] = { online = { "Online" } }, [2] = { online = { "Online" }, music = { "Music" } } } })
    assert.is_true(has(answers(m), "hacker"))
    play(m, "hacker")
    assert.same({ seat = 1, kind = "hack", prompt = "Hacker: choose the card to hack", typed = false,
                  answers = { "take 2 Online to discard", "take 2 Music to me", "take 2 Music to discard",
                              "take discard Virus to 2" } }, request(m))
    assert.same({ "Hacker" }, names(m, m.game.zones.played))
  end)

  it("A: moves your own block to another player, which frees your row", function()
    local m = start({ deck = { "Hacker" }, hands = { { "E-Mail" } },
                      rows = { [1] = { online = { "Virus", "Online" } }, [2] = { online = { "Online" } },
                               [3] = { online = { "Password ok", "Password Error", "Online" } } } }, 3)
    play(m, "hacker")
    local legal = answers(m)
    assert.same({ "move Virus to 2", "move Virus to discard" }, { legal[1], legal[2] })
    play(m, "move Virus to 2")
    assert.same({ "Online" }, row(m, "online", 1))
    assert.same({ "Virus", "Online" }, row(m, "online", 2))
    -- the Hacker is done: on the discard pile; the freed player downloads at once
    assert.same({ "Hacker" }, names(m, m.game.zones.discard))
    assert.same({ "download E-Mail", "stop" }, answers(m))
  end)

  it("A: or moves it to the discard pile", function()
    local m = start({ deck = { "Hacker" }, hands = { {} },
                      rows = { [1] = { memory = { "Memory Full", "Extra Memory" } } } })
    play(m, "hacker")
    assert.same({ "move Memory Full to discard" }, answers(m))
    play(m, "move Memory Full to discard")
    assert.same({ "Extra Memory" }, row(m, "memory", 1))
    assert.same({ "Hacker", "Memory Full" }, names(m, m.game.zones.discard))
  end)

  it("A: moves a Memory Full on to another player's Extra Memory", function()
    local m = start({ deck = { "Hacker" }, hands = { {} },
                      rows = { [1] = { memory = { "Memory Full", "Extra Memory" } }, [2] = { memory = { "Extra Memory" } } } })
    play(m, "hacker")
    assert.same({ "move Memory Full to 2", "move Memory Full to discard", "take 2 Extra Memory to me",
                  "take 2 Extra Memory to discard" }, answers(m))
    play(m, "move Memory Full to 2")
    assert.same({ "Extra Memory" }, row(m, "memory", 1))
    assert.same({ "Memory Full", "Extra Memory" }, row(m, "memory", 2))
  end)

  it("B: takes a file from another player's row, a download of the turn", function()
    local m = start({ deck = { "Hacker" }, hands = { { "E-Mail" } },
                      rows = { [1] = { online = { "Online" } }, [2] = { music = { "Music", "Music" } } } })
    play(m, "hacker", "take 2 Music to me")
    assert.same({ "Music" }, row(m, "music", 1))
    assert.same({ "Music" }, row(m, "music", 2))
    assert.same({ 50, 50 }, m.game.state.megabytes)
    -- with Online that was the download of the turn
    assert.same({ "stop" }, answers(m))
  end)

  it("B: a hacker who is not online may only throw another player's file away", function()
    local m = start({ deck = { "Hacker" }, hands = { {} },
                      rows = { [2] = { online = { "Online" }, email = { "E-Mail" } } } })
    play(m, "hacker")
    assert.same({ "take 2 Online to me", "take 2 Online to discard", "take 2 E-Mail to discard" }, answers(m))
    play(m, "take 2 E-Mail to discard")
    assert.same({}, row(m, "email", 2))
    assert.same({ "Hacker", "E-Mail" }, names(m, m.game.zones.discard))
    assert.equal(0, m.game.state.megabytes[2])
  end)

  it("B: takes an access card to you, or a blocking card on to a third player", function()
    local m = start({ deck = { "Hacker" }, hands = { {} },
                      rows = { [2] = { online = { "Online" } },
                               [3] = { online = { "Under Construction", "Turbo-Line" } } } }, 3)
    play(m, "hacker")
    assert.same({ "take 2 Online to me", "take 2 Online to 3", "take 2 Online to discard",
                  "take 3 Under Construction to 2", "take 3 Under Construction to discard" }, answers(m))
    play(m, "take 3 Under Construction to 2")
    assert.same({ "Under Construction", "Online" }, row(m, "online", 2))
    assert.same({ "Turbo-Line" }, row(m, "online", 3))
  end)

  it("B: gives a file to another player who could download it, if the hacker is online", function()
    local layout = { deck = { "Hacker" }, hands = { {} },
                     rows = { [2] = { music = { "Music" } }, [3] = { online = { "Online" } } } }
    local m = start(layout, 3)
    play(m, "hacker")
    assert.same({ "take 2 Music to discard", "take 3 Online to me", "take 3 Online to 2",
                  "take 3 Online to discard" }, answers(m))
    layout.rows[1] = { online = { "Online" } }
    m = start(layout, 3)
    play(m, "hacker")
    assert.same({ "take 2 Music to me", "take 2 Music to 3", "take 2 Music to discard",
                  "take 3 Online to 2", "take 3 Online to discard" }, answers(m))
  end)

  it("B: gives a file to another player only as a download: online, with free memory for a large file", function()
    local layout = { deck = { "Hacker" }, hands = { {} },
                     rows = { [1] = { online = { "Online" }, memory = { "Extra Memory" } },
                              [2] = { music = { "Music" }, movie = { "Movie" } },
                              [3] = { online = { "Virus", "Online" }, memory = { "Extra Memory" } } } }
    local m = start(layout, 3)
    play(m, "hacker")
    local legal = answers(m)
    assert.is_true(has(legal, "take 2 Music to me"))
    assert.is_true(has(legal, "take 2 Movie to me"))
    assert.is_false(has(legal, "take 2 Music to 3"))
    assert.is_false(has(legal, "take 2 Movie to 3"))
    -- online, but blocked by a Memory Full: no file, small or large
    layout.rows[3] = { online = { "Online" }, memory = { "Memory Full", "Extra Memory" } }
    m = start(layout, 3)
    play(m, "hacker")
    legal = answers(m)
    assert.is_false(has(legal, "take 2 Music to 3"))
    assert.is_false(has(legal, "take 2 Movie to 3"))
    layout.rows[3] = { online = { "Online" }, memory = { "Extra Memory" } }
    m = start(layout, 3)
    play(m, "hacker")
    assert.is_true(has(answers(m), "take 2 Movie to 3"))
    -- online with no Extra Memory at all: a small file, not a large one
    layout.rows[3] = { online = { "Online" } }
    m = start(layout, 3)
    play(m, "hacker")
    legal = answers(m)
    assert.is_true(has(legal, "take 2 Music to 3"))
    assert.is_false(has(legal, "take 2 Movie to 3"))
  end)

  it("B: a file given to another player is nobody's download: the hacker may still download", function()
    local m = start({ deck = { "Hacker" }, hands = { { "E-Mail" } },
                      rows = { [1] = { online = { "Online" } }, [2] = { music = { "Music" } },
                               [3] = { online = { "Online" } } } }, 3)
    play(m, "hacker", "take 2 Music to 3")
    assert.same({ "Music" }, row(m, "music", 3))
    assert.same({ 1, "play" }, { request(m).seat, request(m).kind })
    assert.is_true(has(answers(m), "download E-Mail"))
  end)

  it("B: takes an online player's Online row card to the discard", function()
    local m = start({ deck = { "Hacker" }, hands = { {} }, rows = { [2] = { online = { "Turbo-Line", "Online" } } } })
    play(m, "hacker", "take 2 Turbo-Line to discard")
    assert.same({ "Online" }, row(m, "online", 2))
  end)

  it("C: takes the top discard and plays it at once", function()
    local m = start({ deck = { "Hacker" }, discard = { "Online", "Virus" }, hands = { { "E-Mail" } } })
    play(m, "hacker")
    assert.same({ "take discard Online to me" }, answers(m))
    play(m, "take discard Online to me")
    assert.same({ "Online" }, row(m, "online", 1))
    assert.same({ "Hacker", "Virus" }, names(m, m.game.zones.discard))
    assert.same({ "download E-Mail", "stop" }, answers(m))
  end)

  it("C: plays the top discard as from the hand: a file only to yourself", function()
    local m = start({ deck = { "Hacker" }, discard = { "Music" }, hands = { {} },
                      rows = { [1] = { online = { "Online" } }, [2] = { online = { "Online" } } } })
    play(m, "hacker")
    assert.same({ "take 2 Online to discard", "take discard Music to me" }, answers(m))
    m = start({ deck = { "Hacker" }, discard = { "Music" }, hands = { {} },
                rows = { [2] = { online = { "Online" } } } })
    play(m, "hacker")
    assert.same({ "take 2 Online to me", "take 2 Online to discard" }, answers(m))
  end)

  it("C: may take a Hacker from the discard and hack again at once", function()
    local m = start({ deck = { "Hacker" }, discard = { "Hacker", "Virus" }, hands = { {} },
                      rows = { [2] = { online = { "Online" } } } })
    play(m, "hacker")
    assert.same({ "take 2 Online to me", "take 2 Online to discard", "take discard Hacker" }, answers(m))
    play(m, "take discard Hacker")
    -- the second Hacker's options: its own C now sees the Virus
    assert.same({ "take 2 Online to me", "take 2 Online to discard", "take discard Virus to 2" }, answers(m))
    play(m, "take discard Virus to 2")
    assert.same({ "Virus", "Online" }, row(m, "online", 2))
    assert.same({ "Hacker", "Hacker" }, names(m, m.game.zones.discard))
  end)

  it("C: may take a Search from the discard, to search at once; found nothing, it is discarded", function()
    local m = start({ deck = { "Hacker" }, discard = { "Search" }, hands = { { "Search" } },
                      rows = { [2] = { online = { "Online" } } } })
    play(m, "hacker", "take discard Search")
    assert.equal("search", request(m).kind)
    play(m, "nothing")
    assert.same({ "Hacker", "Search" }, names(m, m.game.zones.discard))
    assert.same({ "Search" }, hand(m, 1))
    -- the Search in the hand is still there to use
    assert.is_true(has(answers(m), "search"))
  end)

  it("is not offered when it could do nothing", function()
    local m = start({ deck = { "Hacker" }, discard = { "Cyber Patrol" }, hands = { {} } })
    assert.same({ "stop" }, answers(m))
  end)

  it("is not offered when the others' only cards are backed up and the top discard is a Hacker", function()
    -- seat 2 backs up its Music; then seat 1 could only reach a backed-up row, or take
    -- the discarded Hacker, which could do no more
    local m = new(2, { unblock_at_once = false })
    arrange(m, { deck = { "E-Mail" }, discard = { "Hacker" }, rest = true,
                 hands = { { "Hacker", "Music", "Music", "Music", "Music", "Music", "Music" },
                           { "Game", "Game", "Game", "Game", "Game", "Game", "Game" } },
                 rows = { [2] = { music = 4 } } })
    play(m, "exchange", "done", "backup Music", "exchange", "done")
    assert.same({ 1, "turn" }, { request(m).seat, request(m).kind })
    play(m, "draw")
    assert.is_false(has(answers(m), "hacker"))
  end)

  it("cannot touch a backed-up row", function()
    local m = new(2)
    arrange(m, { deck = { "E-Mail", "Hacker" }, rest = true, hands = { {}, {} },
                 rows = { [1] = { music = 4, email = { "E-Mail" } } } })
    play(m, "draw", "backup Music", "stop")
    play(m, "draw")
    assert.is_true(has(hand(m, 2), "Hacker"))
    play(m, "hacker")
    assert.same({ "take 1 E-Mail to discard" }, answers(m))
  end)

  -- (found at the REPL trial: the request kept its answer, and the Music
  -- moved by the edit was taken off the top of the deck)
  it("takes nothing when an edit at its request took away every card it could reach", function()
    local m = new(2)
    arrange(m, { deck = { "Hacker" }, rest = true, hands = { {}, {} }, rows = { [2] = { music = 1 } } })
    play(m, "draw", "hacker")
    assert.same({ "take 2 Music to discard" }, answers(m))
    local music = m.game.zones["music[2]"]:peek()
    assert(m:edit("move #" .. music .. " deck"))
    local deck = m.game.zones.deck:count()
    play(m, "take 2 Music to discard")
    assert.equal(deck, m.game.zones.deck:count())
    assert.equal(music, m.game.zones.deck:peek())
    assert.same({ "Hacker" }, names(m, m.game.zones.discard))
  end)

  it("cannot put a file into a backed-up row", function()
    local m = new(3, { unblock_at_once = false })
    arrange(m, { deck = { "E-Mail", "Hacker" }, rest = true, hands = { {}, {}, {} },
                 rows = { [1] = { online = { "Online" }, music = 4 }, [2] = { online = { "Online" } }, [3] = { music = 1 } } })
    play(m, "draw", "backup Music", "stop")
    play(m, "draw", "hacker")
    local legal = answers(m)
    assert.is_true(has(legal, "take 3 Music to me"))
    assert.is_false(has(legal, "take 3 Music to 1"))
  end)
end)

describe("Online Cyber Patrol", function()
  -- four players alone: seat 1 plays a Hacker; seats 2 and 3 hold a Cyber Patrol
  local function hacker_at_seat_1(layout)
    local m = new(4, { teams = "alone", unblock_at_once = false })
    layout.rest = true
    arrange(m, layout)
    play(m, "draw", "hacker")
    return m
  end
  local LAYOUT = { deck = { "Hacker" }, hands = { { "E-Mail" }, { "Cyber Patrol", "Music" }, { "Cyber Patrol" }, { "Antivirus" } },
                   rows = { [2] = { online = { "Online" } } } }

  it("asks every other seat holding one, in turn from the hacker, when the Hacker is shown", function()
    local m = hacker_at_seat_1(LAYOUT)
    assert.same({ seat = 2, kind = "patrol", prompt = "seat 1 plays a Hacker: stop it with your Cyber Patrol?",
                  typed = false, answers = { "patrol yes", "patrol no" } }, request(m))
    play(m, "patrol no")
    assert.equal(3, request(m).seat)
    assert.equal("patrol", request(m).kind)
    play(m, "patrol no")
    -- nobody stopped it: the Hacker goes ahead
    assert.same({ seat = 1, kind = "hack" }, { seat = request(m).seat, kind = request(m).kind })
  end)

  it("asks from the hacker's left, not from seat 1", function()
    -- seat 3 begins and plays the Hacker; seats 4 and 1 hold a Cyber Patrol: 4 is asked first
    local m = new(4, { teams = "alone", unblock_at_once = false, start_player = 3 })
    arrange(m, { deck = { "Hacker" }, rest = true,
                 hands = { { "Cyber Patrol" }, { "Music" }, { "E-Mail" }, { "Cyber Patrol" } },
                 rows = { [2] = { online = { "Online" } } } })
    play(m, "draw", "hacker")
    assert.same({ 4, "patrol" }, { request(m).seat, request(m).kind })
    play(m, "patrol no")
    assert.same({ 1, "patrol" }, { request(m).seat, request(m).kind })
  end)

  it("is not offered to the hacker, and each other player is asked once", function()
    local m = hacker_at_seat_1({ deck = { "Hacker" }, hands = { { "Cyber Patrol" }, {}, {}, {} },
                                 rows = { [2] = { online = { "Online" } } } })
    assert.same({ 1, "hack" }, { request(m).seat, request(m).kind })
    -- both Cyber Patrols in one hand: one question
    m = hacker_at_seat_1({ deck = { "Hacker" }, hands = { {}, {}, { "Cyber Patrol", "Cyber Patrol" }, {} },
                           rows = { [2] = { online = { "Online" } } } })
    assert.same({ 3, "patrol" }, { request(m).seat, request(m).kind })
    play(m, "patrol no")
    assert.same({ 1, "hack" }, { request(m).seat, request(m).kind })
  end)

  it("stops the Hacker: the hacker's turn ends, the patrol plays at once, the seats between are passed over", function()
    local m = hacker_at_seat_1(LAYOUT)
    play(m, "patrol no", "patrol yes")
    assert.same({ "Cyber Patrol", "Hacker" }, names(m, m.game.zones.discard))
    assert.same({ seat = 3, kind = "turn" }, { seat = request(m).seat, kind = request(m).kind })
    assert.same({ "Online" }, row(m, "online", 2))   -- nothing was hacked
    assert.same({ "E-Mail" }, hand(m, 1))
    assert.equal(1, m.game.seats:skips(1))
    -- seat 3 now, then 4; seat 1 loses its next turn; seat 2 was passed over
    assert.same({ "3@1", "4@1", "2@2", "3@2", "4@2", "1@3" }, turns(m, 6))
    assert.equal(0, m.game.seats:skips(1))
  end)

  it("serves only against a Hacker: it cannot be played on one's own turn", function()
    local m = new(2)
    arrange(m, { deck = { "Music" }, rest = true, hands = { { "Cyber Patrol" } } })
    play(m, "draw")
    assert.same({ "stop" }, answers(m))
  end)

  it("may be played when blocked, or when about to lose a turn", function()
    local m = new(4, { teams = "alone", unblock_at_once = false })
    arrange(m, { deck = { "Hacker" }, rest = true,
                 hands = { {}, {}, { "Cyber Patrol" }, {} },
                 rows = { [2] = { online = { "Online" } }, [3] = { online = { "Virus", "Online" } } } })
    m.game.seats:skip(3)
    m.game.lost_turns = 1
    play(m, "draw", "hacker")
    assert.equal(3, request(m).seat)
    play(m, "patrol yes")
    -- the patrol's turn comes at once; the turn it owed is lost later
    assert.same({ "3@1", "4@1", "2@2", "4@2" }, turns(m, 4))
  end)

  it("stops a Hacker played at once from the discard too", function()
    local m = new(2, { unblock_at_once = false })
    arrange(m, { deck = { "Hacker" }, discard = { "Hacker" }, rest = true, hands = { {}, { "Cyber Patrol" } },
                 rows = { [2] = { online = { "Online" } } } })
    play(m, "draw", "hacker", "patrol no", "take discard Hacker")
    assert.equal("patrol", request(m).kind)
    play(m, "patrol yes")
    -- the stopped Hacker and the patrol, then the first Hacker, done
    assert.same({ "Hacker", "Cyber Patrol", "Hacker" }, names(m, m.game.zones.discard))
    assert.same({ "2@1", "2@2" }, turns(m, 2))
  end)

  it("with 5 players gives the patrol its next place in the order", function()
    local m = new(5, { unblock_at_once = false })
    while request(m).seat ~= 5 do m.engine:run(QUIET, 1) end
    arrange(m, { deck = { "Hacker" }, rest = true, hands = { {}, {}, { "Cyber Patrol" }, {}, {} },
                 rows = { [1] = { online = { "Online" } } } })
    play(m, "draw", "hacker", "patrol yes")
    assert.same({ "3@1", "1@2", "2@2", "3@2", "4@2", "3@2", "1@3" }, turns(m, 7))
  end)

  it("with 5 players gives seat 3 its place as the sixth player when it stops seat 4", function()
    local m = new(5, { unblock_at_once = false })
    while request(m).seat ~= 4 do m.engine:run(QUIET, 1) end
    arrange(m, { deck = { "Hacker" }, rest = true, hands = { {}, {}, { "Cyber Patrol" }, {}, {} },
                 rows = { [2] = { online = { "Online" } } } })
    play(m, "draw", "hacker", "patrol yes")
    -- seat 5 is passed over; seat 3 plays as the sixth player; seat 4 loses its turn in round 2
    assert.same({ "3@1", "1@2", "2@2", "3@2", "5@2", "3@2", "1@3" }, turns(m, 7))
  end)

  it("counts a new round when the patrol's seat is the one that begins a round", function()
    local m = new(3, { unblock_at_once = false })
    play(m, "exchange", "done")
    arrange(m, { deck = { "Hacker" }, rest = true, hands = { { "Cyber Patrol" }, {}, {} },
                 rows = { [3] = { online = { "Online" } } } })
    play(m, "draw", "hacker", "patrol yes")
    -- seat 3 is passed over; seat 1 opens round 2; seat 2 loses its turn there
    assert.same({ "1@2", "3@2", "1@3" }, turns(m, 3))
  end)
end)

describe("Online Search", function()
  local function start(layout)
    local m = new(2, { unblock_at_once = false })
    layout.rest = false
    arrange(m, layout)
    play(m, "draw")
    return m
  end

  it("takes any card from the deck, which is played at once; the deck is shuffled", function()
    local m = start({ deck = { "Search", "Music", "Antivirus", "Virus", "Cyber Patrol", "Online" },
                      hands = { { "E-Mail" } },
                      rows = { [1] = { online = { "Virus", "Online" } }, [2] = { online = { "Online" } } } })
    play(m, "search")
    assert.same({ seat = 1, kind = "search", prompt = "Search: take a card from the deck to play at once",
                  typed = false, answers = { "take Antivirus to me", "take Virus to 2", "nothing" } }, request(m))
    play(m, "take Antivirus to me")
    assert.same({ "Antivirus", "Virus", "Online" }, row(m, "online", 1))
    assert.same({ "Search" }, names(m, m.game.zones.discard))
    assert.equal(4, m.game.zones.deck:count())
    play(m, "stop", "draw")
  end)

  it("shuffles the deck after a card is found, so no one knows its order", function()
    local deck = { "Search", "Antivirus", "Music", "E-Mail", "Game", "Movie", "Hacker", "Virus",
                   "Password Error", "Memory Full", "Under Construction", "Cyber Patrol" }
    local m = start({ deck = deck, hands = { { "E-Mail" } },
                      rows = { [1] = { online = { "Virus", "Online" } }, [2] = { online = { "Online" } } } })
    -- the deck as it was, less the card the search takes
    local before = {}
    for _, name in ipairs(names(m, m.game.zones.deck)) do
      if name ~= "Antivirus" then before[#before + 1] = name end
    end
    play(m, "search", "take Antivirus to me")
    local after = names(m, m.game.zones.deck)
    assert.equal(#before, #after)
    assert.are_not.same(before, after)
  end)

  it("offers only cards the player could play from the hand", function()
    local m = start({ deck = { "Search", "Music", "Online", "Extra Memory", "Password ok" }, hands = { {} },
                      rows = { [1] = { online = { "Online" }, memory = { "Extra Memory" } },
                               [2] = { online = { "Online" } } } })
    play(m, "search")
    assert.same({ "take Music to me", "nothing" }, answers(m))
  end)

  it("found nothing: the Search goes back to the hand, not to be used again this turn", function()
    local m = start({ deck = { "Search", "Music", "Cyber Patrol" }, hands = { {} } })
    play(m, "search")
    assert.same({ "nothing" }, answers(m))
    play(m, "nothing")
    assert.same({ "Search" }, hand(m, 1))
    assert.same({ "stop" }, answers(m))
  end)

  it("that found nothing may be tried again on a later turn", function()
    local m = new(2, { unblock_at_once = false })
    arrange(m, { deck = { "Search", "Music" }, rest = true, hands = { {}, {} } })
    play(m, "draw", "search", "nothing", "stop")
    play(m, "exchange", "done")
    play(m, "draw")
    assert.is_true(has(hand(m, 1), "Search"))
    assert.is_true(has(answers(m), "search"))
  end)

  it("is not offered when the deck is empty and nothing can rebuild it", function()
    local m = start({ deck = {}, hands = { { "Search", "Music" } } })
    assert.same({ "Search", "Music" }, hand(m, 1))
    assert.same({ "stop" }, answers(m))
  end)

  it("shuffles the deck the player looked through", function()
    local deck = { "Search", "Music", "E-Mail", "Game", "Movie", "Virus", "Online", "Hacker", "Antivirus",
                   "Password ok", "Password Error", "Memory Full", "Turbo-Line", "Cyber Patrol" }
    local m = start({ deck = deck, hands = { {} } })
    play(m, "search", "nothing")
    local after = names(m, m.game.zones.deck)
    table.remove(deck, 1)
    assert.equal(#deck, #after)
    assert.not_same(deck, after)
  end)

  it("may find a Search, which searches again at once; a deck it empties is rebuilt", function()
    local m = start({ deck = { "Search", "Search", "Antivirus" }, discard = { "Music" }, hands = { {} },
                      rows = { [1] = { online = { "Virus", "Online" } } } })
    play(m, "search")
    assert.same({ "take Antivirus to me", "take Search", "nothing" }, answers(m))
    play(m, "take Search")
    assert.same({ "take Antivirus to me", "nothing" }, answers(m))
    play(m, "take Antivirus to me")
    -- the deck ran out as the Antivirus was taken: the discard pile (both Searches,
    -- the Music) and the Online under the Virus became the new deck
    assert.same({ "Antivirus", "Virus" }, row(m, "online", 1))
    local deck = names(m, m.game.zones.deck)
    table.sort(deck)
    assert.same({ "Music", "Online", "Search", "Search" }, deck)
    assert.equal(0, m.game.zones.discard:count())
  end)

  it("may find a Hacker, which is played at once", function()
    local m = start({ deck = { "Search", "Hacker", "Music" }, hands = { {} },
                      rows = { [2] = { online = { "Online" } } } })
    play(m, "search", "take Hacker")
    assert.same({ "take 2 Online to me", "take 2 Online to discard", "take discard Search" }, answers(m))
    play(m, "take 2 Online to me")
    assert.same({ "Online" }, row(m, "online", 1))
    assert.same({ "Hacker", "Search" }, names(m, m.game.zones.discard))
  end)
end)

describe("Online backup", function()
  it("turns a complete category row face down, on the player's turn, out of the hackers' reach", function()
    local m = new(2)
    arrange(m, { deck = { "E-Mail" }, rest = true, hands = { { "Music" } },
                 rows = { [1] = { online = { "Online" }, music = 3, email = 5 } } })
    play(m, "draw")
    assert.same({ "download E-Mail", "download Music", "stop" }, answers(m))
    play(m, "download Music")
    assert.same({ "backup Music", "stop" }, answers(m))
    play(m, "backup Music")
    assert.is_true(m.game.state.backup[1].music)
    assert.same({ "stop" }, answers(m))
    local view = m:view(2)
    assert.equal(4, view.zones["music[1]"].count)
    assert.is_nil(view.zones["music[1]"].cards)
    -- still counted
    assert.equal(5 * 25 + 4 * 50, m.game.state.megabytes[1])
  end)

  it("is not offered before the row is complete; it may open a turn", function()
    local m = new(2)
    arrange(m, { deck = { "Music" }, rest = true, hands = { {} },
                 rows = { [1] = { email = 5, game = 2 } } })
    play(m, "draw")
    assert.same({ "backup Game", "stop" }, answers(m))
    play(m, "stop", "exchange", "done")
    assert.same({ "draw", "exchange", "backup Game" }, answers(m))
    play(m, "backup Game")
    assert.same({ "draw", "exchange" }, answers(m))
  end)

  it("closes the row: no more files are downloaded into it", function()
    local m = new(2)
    arrange(m, { deck = { "Music" }, rest = true, hands = { { "E-Mail" } },
                 rows = { [1] = { online = { "Turbo-Line" }, music = 4 } } })
    play(m, "draw")
    assert.same({ "download Music", "download E-Mail", "backup Music", "stop" }, answers(m))
    play(m, "backup Music")
    assert.same({ "download E-Mail", "stop" }, answers(m))
  end)

  it("may be made by the game's edit 'backup SEAT ROW', for a team by any of its seats; 'state backup' alone is refused", function()
    local function position()
      local m = new(4)
      arrange(m, { deck = { "Music" }, rest = true, hands = { { "Hacker" } }, rows = { [2] = { music = 2 } } })
      return m
    end
    local free = position()
    play(free, "draw")
    assert.same({ "hacker", "stop" }, answers(free))
    local m = position()
    assert(m:edit("backup 4 Music"))
    assert.is_true(m.game.state.backup[2].music)
    assert.is_nil(m:view(1).zones["music[2]"].cards)
    for text, why in pairs({
      ["state backup[2].music false"] = "state 'backup[2].music' is kept in step with other values by this game's own edit: expected backup SEAT ROW",
      ["backup 2 Music"] = "the Music row of seat 2 is backed up already",
      ["backup 1 Extra Memory"] = "'Extra Memory' is not a file row: expected E-Mail, Music, Movie or Game",
      ["backup 5 Music"] = "there are seats 1 to 4 (got '5')",
    }) do
      local ok, err = m:edit(text)
      assert.is_nil(ok)
      assert.equal(why, err)
    end
    assert.is_true(m.game.state.backup[2].music)
    -- the rules follow: the Hacker's one target is out of reach now
    play(m, "draw")
    assert.same({ "stop" }, answers(m))
  end)
end)

describe("Online empty deck", function()
  it("is rebuilt from the discard pile and the rows but their top cards; the files stay", function()
    local m = new(2, { unblock_at_once = false })
    arrange(m, { deck = { "Music" }, discard = { "Virus", "E-Mail" }, hands = { {}, { "Game" } },
                 rows = { [1] = { online = { "Online", "Antivirus", "Virus", "Online" }, email = 3 },
                          [2] = { memory = { "Extra Memory", "Memory Full", "Extra Memory" }, music = { "Music" } } } })
    play(m, "draw")
    assert.same({ "Music" }, hand(m, 1))
    assert.same({ "Online" }, row(m, "online", 1))
    assert.same({ "Extra Memory" }, row(m, "memory", 2))
    assert.same({}, names(m, m.game.zones.discard))
    assert.equal(3, #row(m, "email", 1))
    assert.same({ "Music" }, row(m, "music", 2))
    local deck = names(m, m.game.zones.deck)
    table.sort(deck)
    assert.same({ "Antivirus", "E-Mail", "Extra Memory", "Memory Full", "Online", "Virus", "Virus" }, deck)
    -- the new deck is shuffled
    assert.not_same({ "Antivirus", "Virus", "Online", "Memory Full", "Extra Memory", "Virus", "E-Mail" },
      names(m, m.game.zones.deck))
  end)

  it("is rebuilt when a turn begins with it empty; with nothing to rebuild from, nobody draws", function()
    local m = new(2)
    arrange(m, { deck = {}, discard = { "E-Mail" }, hands = { { "Music" }, { "Game" } } })
    play(m, "draw")
    assert.same({ "E-Mail", "Music" }, hand(m, 1))
    play(m, "stop")
    assert.same({ "Game" }, hand(m, 2))
    play(m, "draw")
    assert.same({ "Game" }, hand(m, 2))
    assert.same({ "stop" }, answers(m))
  end)

  it("is shuffled when rebuilt", function()
    -- the discard pile alternates E-Mail and Music: rebuilt in its order (or the reverse)
    -- no two alike would touch
    local m = new(2)
    local discard = {}
    for i = 1, 20 do discard[i] = i % 2 == 1 and "E-Mail" or "Music" end
    arrange(m, { deck = { "Game" }, discard = discard, hands = { {}, {} } })
    play(m, "draw")
    local deck = names(m, m.game.zones.deck)
    assert.equal(20, #deck)
    local alike = 0
    for i = 2, #deck do if deck[i] == deck[i - 1] then alike = alike + 1 end end
    assert.is_true(alike > 0)
  end)
end)

describe("Online end", function()
  it("comes when a player has every category: the winner; the others rank by megabytes", function()
    local m = new(3)
    arrange(m, { deck = { "Movie" }, rest = true, hands = { {} },
                 rows = { [1] = { online = { "Online" }, memory = { "Extra Memory" }, email = 6, music = 4, game = 2, movie = 1 },
                          [2] = { email = 2, movie = 1 }, [3] = { music = 1 } } })
    play(m, "draw")
    assert.equal("over", m:answer("download Movie"))
    assert.same({ winners = { 1 }, scores = { 150 + 200 + 200 + 400, 250, 50 },
                  reason = "seat 1 downloaded every category" }, m:result())
  end)

  it("is won by the whole team", function()
    local m = new(6)
    arrange(m, { deck = { "E-Mail" }, rest = true, hands = { {} },
                 rows = { [1] = { online = { "Online" }, email = 5, music = 4, game = 2, movie = 2 },
                          [2] = { music = 1 }, [3] = { email = 1 } } })
    play(m, "draw")
    assert.equal("over", m:answer("download E-Mail"))
    local result = m:result()
    assert.same({ 1, 4 }, result.winners)
    assert.equal("team 1 (seats 1, 4) downloaded every category", result.reason)
    -- every member scores the team's megabytes, which rank the other teams
    assert.same({ 950, 50, 25, 950, 50, 25 }, result.scores)
  end)

  it("follows the goal options", function()
    local m = new(2, { goal_email = 8 })
    arrange(m, { deck = { "E-Mail" }, rest = true, hands = { {} },
                 rows = { [1] = { online = { "Online" }, email = 6, music = 4, game = 2, movie = 2 } } })
    play(m, "draw", "download E-Mail")
    assert.equal("waiting", m:status())
    assert.equal(7, #row(m, "email", 1))
  end)

  it("needs every one of the four categories: one row short of its goal keeps the game going", function()
    local full = { email = 6, music = 4, game = 2, movie = 2 }
    for _, short in ipairs({ "email", "music", "game", "movie" }) do
      local extra = short == "email" and "Music" or "E-Mail"
      local rows = { online = { "Online" }, memory = { "Extra Memory" } }
      for cat, n in pairs(full) do rows[cat] = cat == short and n - 1 or n end
      local m = new(2)
      arrange(m, { deck = { extra }, rest = true, hands = { {} }, rows = { [1] = rows } })
      play(m, "draw", "download " .. extra)
      assert.equal("waiting", m:status(), short)
    end
  end)

  it("may come by a Hacker's stolen file", function()
    local m = new(2)
    arrange(m, { deck = { "Hacker" }, rest = true, hands = { {} },
                 rows = { [1] = { online = { "Online" }, memory = { "Extra Memory" }, email = 6, music = 4, game = 2, movie = 1 },
                          [2] = { movie = 1 } } })
    play(m, "draw", "hacker")
    assert.equal("over", m:answer("take 2 Movie to me"))
    assert.same({ 1 }, m:result().winners)
  end)

  it("comes as soon as any player has every category, even by a file a Hacker gives them", function()
    local m = new(3, { unblock_at_once = false })
    arrange(m, { deck = { "Hacker" }, rest = true, hands = { {} },
                 rows = { [1] = { online = { "Online" } }, [2] = { music = 1 },
                          [3] = { online = { "Online" }, email = 6, music = 3, game = 2, movie = 2 } } })
    play(m, "draw", "hacker")
    assert.equal("over", m:answer("take 2 Music to 3"))
    assert.same({ winners = { 3 }, scores = { 0, 0, 150 + 200 + 200 + 400 },
                  reason = "seat 3 downloaded every category" }, m:result())
  end)

  it("comes after the round limit, the most megabytes winning", function()
    local m = new(4, { teams = "alone", round_limit = 2 })
    arrange(m, { deck = {}, rest = true, hands = { {}, {}, {}, {} },
                 rows = { [2] = { movie = 1 }, [3] = { email = 2 } } })
    assert.equal("over", m.engine:run(QUIET, 1000))
    assert.same({ winners = { 2 }, scores = { 0, 200, 50, 0 }, reason = "2 rounds played: the most megabytes win",
      limit = true },
      m:result())
    assert.equal(3, m.game.seats:round())
  end)

  it("at the round limit is shared by the players tied for the most megabytes", function()
    local m = new(4, { teams = "alone", round_limit = 2 })
    arrange(m, { deck = {}, rest = true, hands = { {}, {}, {}, {} },
                 rows = { [2] = { movie = 1 }, [3] = { email = 2 }, [4] = { music = 4 } } })
    assert.equal("over", m.engine:run(QUIET, 1000))
    assert.same({ winners = { 2, 4 }, scores = { 0, 200, 50, 200 }, reason = "2 rounds played: the most megabytes win",
      limit = true },
      m:result())
  end)
end)

describe("Online bots", function()
  local greedy = def.bots.greedy

  local function bot_answer(m, seat)
    local r = m:request()
    return greedy(m:view(seat or r.seat), { seat = r.seat, kind = r.kind, prompt = r.prompt, answers = r.answers })
  end

  it("greedy stops another side's Hacker with its Cyber Patrol, not its teammate's", function()
    local m = new(4, { unblock_at_once = false })
    arrange(m, { deck = { "Hacker" }, rest = true, hands = { {}, { "Cyber Patrol" }, { "Cyber Patrol" } },
                 rows = { [2] = { online = { "Online" } } } })
    play(m, "draw", "hacker")
    assert.equal(2, request(m).seat)
    assert.equal("patrol yes", bot_answer(m))
    play(m, "patrol no")
    assert.equal(3, request(m).seat)
    assert.equal("patrol no", bot_answer(m))
  end)

  it("greedy downloads what it needs, lifts its blocks, backs up, and keeps its Cyber Patrol", function()
    local m = new(2)
    arrange(m, { deck = { "Game" }, rest = true, hands = { { "E-Mail", "Virus", "Cyber Patrol", "Antivirus" } },
                 rows = { [1] = { online = { "Turbo-Line" }, memory = { "Extra Memory" } }, [2] = { online = { "Online" } } } })
    play(m, "draw")
    assert.equal("download Game", bot_answer(m))
    m = new(2)
    arrange(m, { deck = { "Antivirus" }, rest = true, hands = { { "E-Mail", "Cyber Patrol", "Music", "Music", "Game", "Movie" } },
                 rows = { [1] = { online = { "Virus", "Online" } } } })
    play(m, "draw")
    assert.equal("play Antivirus", bot_answer(m))
    play(m, "play Antivirus", "stop")
    m = new(2)
    arrange(m, { deck = { "Music" }, rest = true, hands = { { "Cyber Patrol", "Movie", "Online", "E-Mail", "Virus", "Antivirus", "Hacker" } } })
    play(m, "draw")
    local a = bot_answer(m)
    assert.not_equal("discard Cyber Patrol", a)
    m = new(2)
    arrange(m, { deck = { "Music" }, rest = true, hands = { {} }, rows = { [1] = { email = 6 } } })
    play(m, "draw")
    assert.equal("backup E-Mail", bot_answer(m))
  end)

  it("greedy blocks the player closest to winning", function()
    local m = new(3, { unblock_at_once = false })
    arrange(m, { deck = { "Virus" }, rest = true, hands = { { "E-Mail" } },
                 rows = { [2] = { online = { "Online" }, email = 1 }, [3] = { online = { "Online" }, email = 5, music = 3 } } })
    play(m, "draw")
    assert.equal("block 3 Virus", bot_answer(m))
  end)

  it("greedy beats random players", function()
    local wins = 0
    for seed = 1, 40 do
      local m = new(2, nil, seed)
      assert.equal("over", m:run({ "greedy", "random" }, 100000))
      if m:result().winners[1] == 1 then wins = wins + 1 end
    end
    assert.is_true(wins >= 36, wins)
  end)

  it("describe the table to every seat", function()
    local m = new(4)
    arrange(m, { deck = { "Hacker" }, discard = { "Virus" }, rest = true, hands = { { "E-Mail" } },
                 rows = { [1] = { online = { "Online" }, music = 4 }, [2] = { online = { "Virus", "Online" } } } })
    play(m, "draw", "backup Music", "hacker")
    local lines = def.describe(m:view(1), m.game.cards)
    assert.equal("round 1, seat 1 to play. deck: 102 cards. discard: Virus on top (1 card)", lines[1])
    assert.equal("  team 1, seats 1 (you) + 3: Online row Online; Extra Memory row -; E-Mail 0/6, "
      .. "Music 4/4 (backup), Movie 0/2, Game 0/2; 200 MB", lines[2])
    assert.equal("  team 2, seats 2 + 4: Online row Virus (2); Extra Memory row -; E-Mail 0/6, "
      .. "Music 0/4, Movie 0/2, Game 0/2; 0 MB", lines[3])
    assert.equal("  hand of seat 1 (you): E-Mail", lines[4])
    assert.equal("  hand of seat 2: 0 cards", lines[5])
    assert.equal("  being played: Hacker", lines[#lines])
    for seat = 0, 4 do assert.is_table(def.describe(m:view(seat), m.game.cards)) end
  end)

  it("random and greedy games always end, with all 112 cards on the table", function()
    for seed = 1, 60 do
      local players = 2 + seed % 5
      local m = new(players, { teams = ({ "book", "alone", "threes" })[seed % 3 + 1] }, seed)
      local kinds = {}
      for s = 1, players do kinds[s] = (seed + s) % 2 == 0 and "random" or "greedy" end
      assert.equal("over", m:run(kinds, 200000), seed)
      local result = m:result()
      assert.is_true(#result.winners >= 1)
      assert.equal(112, count_cards(m))
      assert.equal(0, m.game.zones.played:count())
      for seat = 1, players do assert.is_true(m.game.zones.hand[seat]:count() <= 7) end
    end
  end)
end)

describe("Online refusals", function()
  -- the reason a refused text is given, between the refusal and the list
  local why = support.refusal_reason

  it("say that the 8th card comes first at the start of a turn", function()
    local m = new(2)
    assert.equal("first draw an 8th card ('draw'), then play; or exchange cards ('exchange')",
      why(m, "download E-Mail"))
    assert.equal("'xyzzy' is not a legal answer; legal answers: draw, exchange", select(2, m:answer("xyzzy")))
  end)

  it("name what stops a download: no Online card, downloads used, memory, a backed-up row", function()
    local m = start({ deck = { "Music" }, hands = { { "E-Mail", "Movie" } } })
    assert.equal("you are not online: your Online row is empty", why(m, "download E-Mail"))
    assert.equal("a file is downloaded: 'download E-Mail'", why(m, "play e-mail"))
    m = start({ deck = { "Music" }, hands = { { "E-Mail", "Movie" } }, rows = { [1] = { online = { "Virus", "Online" } } } })
    assert.equal("you are not online: your Online row shows Virus", why(m, "download E-Mail"))
    m = start({ deck = { "Music" }, hands = { { "E-Mail", "Movie" } }, rows = { [1] = { online = { "Online" } } } })
    assert.equal("Movie is a large file and needs a free Extra Memory: your Extra Memory row is empty",
      why(m, "download Movie"))
    play(m, "download Music")
    assert.equal("you have made 1 download this turn, all that your Online allows", why(m, "download E-Mail"))
  end)

  it("name the row a card goes on, and what lies there", function()
    local m = start({ deck = { "Music" }, hands = { { "Password ok", "Virus", "Hacker", "Cyber Patrol" } },
                      rows = { [2] = { online = { "Antivirus" } } } })
    assert.equal("Password ok goes on Password Error; your Online row is empty", why(m, "play Password ok"))
    assert.equal("Virus blocks another player's row: 'block 2 Virus'", why(m, "play Virus"))
    assert.equal("Virus goes on Online or Turbo-Line; the Online row of seat 2 shows Antivirus",
      why(m, "block 2 Virus"))
    assert.equal("you do not block your own rows", why(m, "block 1 Virus"))
    assert.equal("there is no seat 3", why(m, "block 3 Virus"))
    -- the seat written as the answers write it: "2Virus" and "02" are not "2"
    assert.equal("name the seat to block, then the card, e.g. 'block 2 Virus'", why(m, "block 2Virus"))
    assert.equal("there is no seat 02", why(m, "block 02 Virus"))
    assert.equal("there is no seat 99999999999999999999", why(m, "block 99999999999999999999 Virus"))
    assert.equal("Password ok is no blocking card: it goes on your own row", why(m, "block 2 Password ok"))
    assert.equal("a Cyber Patrol is played only when another player plays a Hacker", why(m, "play Cyber Patrol"))
    assert.equal("your hand holds no Search", why(m, "search"))
    assert.equal("your hand holds no Online", why(m, "play Online"))
    assert.equal("no card is named 'Onlien'", why(m, "play Onlien"))
    assert.equal("name the card, e.g. 'play Online'", why(m, "play"))
    -- with every row empty and no discard, a Hacker has nothing to take
    m = start({ deck = { "Music" }, hands = { { "Hacker" } } })
    assert.equal("there is nothing a Hacker could take now", why(m, "hacker"))
    -- a Search from the hand that found nothing may not search again this turn
    m = start({ deck = { "Music" }, hands = { { "Search" } } })
    play(m, "search", "nothing")
    assert.equal("your Search found nothing this turn; it may not search again", why(m, "search"))
  end)

  it("say when a turn may end, and what a backup needs", function()
    local m = start({ deck = { "Music" }, hands = { { "Online", "Virus", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail" } },
                      rows = { [1] = { music = 3 } } })
    assert.equal("you hold 8 cards: discard one to end your turn with at most 7", why(m, "stop"))
    assert.equal("your Music row holds 3 of the 4 files it needs", why(m, "backup Music"))
    assert.equal("back up a file row: E-Mail, Music, Movie or Game", why(m, "backup Online"))
    play(m, "play Online")
    assert.equal("you hold 7 cards, no more than 7: 'stop' ends your turn", why(m, "discard Virus"))
  end)

  it("name the team to block by its first seat", function()
    local m = start({ deck = { "Music" }, hands = { { "Virus" } }, rows = { [2] = { online = { "Online" } } } }, 4)
    assert.equal("seat 4 plays in the team of seat 2: 'block 2 Virus'", why(m, "block 4 Virus"))
    assert.equal("you do not block your own rows", why(m, "block 3 Virus"))
    play(m, "block 2 Virus")
  end)

  it("exchange: a card the hand does not hold, no such card, a play now", function()
    local m = new(2)
    arrange(m, { deck = { "Hacker", "Music", "Movie" }, rest = true,
                 hands = { { "E-Mail", "Virus", "Online", "Search", "Game", "Music", "E-Mail" } } })
    play(m, "exchange")
    assert.equal("exchange", request(m).kind)
    assert.equal("your hand holds no Antivirus", why(m, "exchange Antivirus"))
    assert.equal("no card is named 'Onlien'", why(m, "exchange Onlien"))
    assert.equal("name the card, e.g. 'exchange E-Mail'", why(m, "exchange"))
    assert.equal("say 'exchange Virus'", why(m, "discard virus"))
    assert.equal("you chose to exchange, which ends your turn: choose the cards one at a time, then 'done'",
      why(m, "draw"))
    play(m, "exchange Virus")
    assert.equal("your hand holds no Virus", why(m, "exchange Virus"))
  end)

  it("unblock and connect: a card that does not lift the block, no access card, not one that goes online", function()
    local m = new(2)
    arrange(m, { deck = { "Virus" }, rest = true,
                 hands = { { "E-Mail" }, { "Antivirus", "Online", "Music", "Extra Memory", "Password ok" } },
                 rows = { [2] = { online = { "Online" } } } })
    play(m, "draw", "block 2 Virus")
    assert.equal("unblock", request(m).kind)
    assert.equal("Password ok does not lift Virus: Password ok goes on Password Error", why(m, "play Password ok"))
    assert.equal("a block is lifted with an access card, and Music is none", why(m, "play music"))
    assert.equal("your hand holds no Turbo-Line", why(m, "play Turbo-Line"))
    assert.equal("name the card, e.g. 'play Antivirus'", why(m, "play"))
    assert.equal("no card is named 'Antivirs'", why(m, "play Antivirs"))
    assert.is_nil(why(m, "lift"))
    play(m, "play Antivirus")
    assert.equal("connect", request(m).kind)
    assert.equal("at once only an Online or Turbo-Line goes online again", why(m, "play Extra Memory"))
    assert.equal("your hand holds no Turbo-Line", why(m, "play Turbo-Line"))
    play(m, "play Online")
  end)

  it("search: a card the deck lacks, a place it cannot go, a Hacker or Search with a place", function()
    local m = new(2, { unblock_at_once = false })
    arrange(m, { deck = { "Search", "Music", "Antivirus", "Virus", "Cyber Patrol", "Online" }, hands = { { "E-Mail" } },
                 rows = { [1] = { online = { "Virus", "Online" } }, [2] = { online = { "Online" } } } })
    play(m, "draw", "search")
    assert.same({ "take Antivirus to me", "take Virus to 2", "nothing" }, answers(m))
    assert.equal("Antivirus is no blocking card: it goes on your own row", why(m, "take Antivirus to 2"))
    assert.equal("a blocking card goes on an opponent's rows, as in 'take Virus to 2'", why(m, "take Virus to me"))
    assert.equal("a blocking card goes on an opponent's rows, as in 'take Virus to 2'", why(m, "take Virus to 1"))
    assert.equal("there is no seat 3", why(m, "take Virus to 3"))
    assert.equal("there is no seat 02", why(m, "take Virus to 02"))
    assert.equal("name where it goes, e.g. 'take Virus to 2'", why(m, "take Virus"))
    assert.equal("the deck holds no Hacker", why(m, "take Hacker"))
    assert.equal("the deck holds no Search", why(m, "take Search"))
    assert.equal("a Cyber Patrol is played only when another player plays a Hacker", why(m, "take Cyber Patrol"))
    assert.equal("you are not online: your Online row shows Virus", why(m, "take Music to me"))
    assert.equal("a file is downloaded to your own rows", why(m, "take Music to 2"))
    assert.equal("Online goes on an empty row, Under Construction, Password ok or Antivirus; your Online row shows Virus",
      why(m, "take Online to me"))
    assert.equal("no card is named 'Onlien'", why(m, "take Onlien to me"))
    assert.equal("name the card, e.g. 'take Online to me'", why(m, "take"))
    -- a Hacker with nothing to take
    m = new(2, { unblock_at_once = false })
    arrange(m, { deck = { "Search", "Hacker" }, hands = { {} } })
    play(m, "draw", "search")
    assert.same({ "nothing" }, answers(m))
    assert.equal("there is nothing a Hacker could take now", why(m, "take Hacker"))
    assert.equal("a Hacker is played at once, on no row: 'take Hacker'", why(m, "take Hacker to me"))
  end)

  it("exchange: the example is a card of the hand", function()
    local m = new(2)
    arrange(m, { deck = { "Music" }, rest = true, hands = { { "Virus", "Virus" } } })
    play(m, "exchange")
    assert.same({ "exchange Virus", "done" }, answers(m))
    assert.equal("name the card, e.g. 'exchange Virus'", why(m, "exchange"))
    play(m, "exchange Virus", "exchange Virus")
    assert.same({ "done" }, answers(m))
    assert.equal("your hand holds no card to exchange: 'done'", why(m, "exchange"))
  end)

  it("search: 'seat 2' names seat 2; a team's seats; a block typed for your own team", function()
    local m = new(4, { unblock_at_once = false })
    arrange(m, { deck = { "Search", "Virus", "Online", "Music" }, rest = true, hands = { { "E-Mail" } },
                 rows = { [2] = { online = { "Online" } } } })
    play(m, "draw", "search")
    assert.is_true(has(answers(m), "take Virus to 2"))
    assert.is_true(has(answers(m), "take Online to me"))
    assert.equal("say 'take Virus to 2'", why(m, "take Virus to seat 2"))
    assert.equal("say 'take Virus to 2'", why(m, "take Virus to Seat  2"))
    assert.equal("seat 4 plays in the team of seat 2: say 'take Virus to 2'", why(m, "take Virus to seat 4"))
    assert.equal("seat 3 plays in your team; a blocking card goes on an opponent's rows, as in 'take Virus to 2'",
      why(m, "take Virus to 3"))
    assert.equal("a blocking card goes on an opponent's rows, as in 'take Virus to 2'", why(m, "take Virus to seat 1"))
    assert.equal("a blocking card goes on an opponent's rows, as in 'take Virus to 2'", why(m, "take Virus to me"))
    assert.equal("seat 3 plays in your team: say 'take Online to me'", why(m, "take Online to seat 3"))
    assert.equal("say 'take Online to me'", why(m, "take Online to 1"))
    assert.equal("there is no seat 5", why(m, "take Virus to seat 5"))
    assert.equal("name where it goes, e.g. 'take Virus to 2'", why(m, "take Virus to seat"))
    assert.equal("seat 3 plays in your team; you are not online: your Online row is empty",
      why(m, "take Music to 3"))
    -- the Virus fits no row: no example
    m = new(4, { unblock_at_once = false })
    arrange(m, { deck = { "Search", "Virus", "Music" }, rest = true, hands = { { "E-Mail" } },
                 rows = { [2] = { online = { "Antivirus" } } } })
    play(m, "draw", "search")
    assert.is_false(has(answers(m), "take Virus to 2"))
    assert.equal("Virus goes on Online or Turbo-Line; the Online row of seat 2 shows Antivirus",
      why(m, "take Virus to seat 2"))
    assert.equal("seat 4 plays in the team of seat 2; Virus goes on Online or Turbo-Line; the Online row of seat 2 "
      .. "shows Antivirus", why(m, "take Virus to 4"))
    assert.equal("a blocking card goes on an opponent's rows", why(m, "take Virus to me"))
    assert.equal("no row takes the Virus now", why(m, "take Virus"))
    assert.equal("you are not online: your Online row is empty", why(m, "take Music"))
  end)

  it("give a reason for every card the exchange, search, unblock and connect lists leave out (random games)", function()
    for _, players in ipairs({ 2, 4 }) do
      local checked = support.assert_refusals_have_reasons(function(seed) return new(players, nil, seed) end, 4,
        function(m, r)
          local texts = {}
          local names = {}
          for _, card in ipairs(m.game.cards) do names[card.name] = true end
          for name in pairs(names) do
            if r.kind == "exchange" then
              texts[#texts + 1] = "exchange " .. name
            elseif r.kind == "unblock" or r.kind == "connect" then
              texts[#texts + 1] = "play " .. name
            elseif r.kind == "search" then
              texts[#texts + 1] = "take " .. name .. " to me"
              texts[#texts + 1] = "take " .. name .. " to 2"
            end
          end
          table.sort(texts)
          return texts
        end)
      assert.is_true(checked > 200, "only " .. checked .. " refusals tried at " .. players .. " players")
    end
  end)

  it("name a legal answer given with a word added (random games)", function()
    support.assert_legal_with_a_word(def, { 2, 4 }, 4, 100)
    local m = start({ deck = { "Music" }, hands = { { "E-Mail" } }, rows = { [1] = { online = { "Online" } } } })
    assert.equal("say just 'download E-Mail'", why(m, "download E-Mail now"))
    assert.equal("say just 'stop'", why(m, "STOP please"))
  end)

  it("change nothing", function()
    local m = start({ deck = { "Music" }, hands = { { "E-Mail" } } })
    local before = m:snapshot()
    why(m, "download E-Mail")
    why(m, "backup Music")
    assert.equal(before, m:snapshot())
  end)
end)

describe("Online house rules", function()
  it("may change what lifts what, and the hand size", function()
    local hdef = support.load_with_house("online",
      'rules.lays_on["Antivirus"] = { "Virus", "Password Error" }\nrules.hand_size = 8\n')
    local m = assert(match.new(hdef, { players = 2, seed = 1 }))
    for seat = 1, 2 do assert.equal(8, m.game.zones.hand[seat]:count()) end
    arrange(m, { deck = { "Antivirus" }, rest = true, hands = { { "E-Mail" } },
                 rows = { [1] = { online = { "Password Error", "Online" } } } })
    play(m, "draw")
    assert.same({ "play Antivirus", "stop" }, answers(m))
  end)
end)

describe("house rules", function()
  it("lays cards by rules.lays_on: a strong Antivirus (docs/houses) lifts a Password Error", function()
    local function play_antivirus(d)
      local m = assert(match.new(d, { players = 2, seed = 1 }))
      arrange(m, { deck = { "Music" }, rest = true,
                   hands = { { "Antivirus", "E-Mail", "E-Mail", "Music", "Game", "Movie", "Search" } },
                   rows = { { online = { "Password Error", "Online" } } } })   -- (top first)
      play(m, "draw")
      return has(answers(m), "play Antivirus")
    end
    assert.is_false(play_antivirus(def))
    assert.is_true(play_antivirus(assert(loader.load("online", "docs/houses/online_strong_antivirus.lua"))))
  end)

  it("name a card misspelt in rules.lays_on", function()
    local m = assert(match.new(support.load_with_house("online",
      'rules.lays_on["Antivirus"] = { "Virus", "Pasword Error" }'), { players = 2, seed = 1 }))
    assert.equal("error", m:status())
    local err = select(2, m:result())
    assert.truthy(err:find('^rules%.lays_on%["Antivirus"%] names "Pasword Error", which is no card\'s name; '
      .. 'expected a card or "nothing"'), err)
  end)
end)

-- The table at a terminal: the cards that came in when a seat drew back up
-- to its hand size are named to it, and counted to the others.
describe("the cards drawn at the start of a turn", function()
  it("are named to the seat that drew them while it decides, and only counted to the others", function()
    local m = new(3, nil, 4)
    local named = 0
    while m:status() == "waiting" and named < 5 do
      local r = m:request()
      local n = m.game.state.refilled
      if r.kind == "turn" and m.game.state.refilled_seat == r.seat and n > 0 then
        local top = {}
        for i, id in ipairs(m.game.zones.hand[r.seat]:cards()) do
          if i <= n then top[#top + 1] = m.game.cards[id].name end
        end
        local mine = def.describe(m:view(r.seat), m.game.cards)
        assert.equal(string.format("  you drew %d card%s: %s", n, n == 1 and "" or "s", table.concat(top, ", ")),
          mine[#mine])
        for other = 1, 3 do
          if other ~= r.seat then
            local theirs = def.describe(m:view(other), m.game.cards)
            assert.equal(string.format("  seat %d drew %d card%s at the start of the turn", r.seat, n,
              n == 1 and "" or "s"), theirs[#theirs])
            for _, line in ipairs(theirs) do assert.is_nil(line:find("drew .*:")) end
          end
        end
        named = named + 1
      end
      m:run({ "greedy", "greedy", "greedy" }, 1)
    end
    assert.equal(5, named)
  end)
end)

describe("Online when no side can complete its set", function()
  -- 8 Game and 8 Movie cards, 5 of each needed: once side 2 has backed up 5
  -- Game, side 1 can never have 5; once side 1 backs up 5 Movie, side 2
  -- cannot either, and nobody can win
  local function position()
    local m = new(2, { goal_game = 5, goal_movie = 5 })
    arrange(m, { rest = true, hands = { { "E-Mail" }, { "E-Mail" } },
                 rows = { [1] = { movie = 5 }, [2] = { game = 5 } } })
    assert(m:edit("backup 2 Game"))
    return m
  end

  it("ends after the turn that leaves every side short, the most megabytes winning", function()
    local m = position()
    assert.is_nil(m.game.stalemate)
    play(m, "backup Movie")
    assert.is_true(m.game.stalemate)
    m:run({ "random", "random" })
    assert.equal("over", m:status())
    local result = m:result()
    assert.equal("no player or team can complete its set any more (the files it lacks lie in backed-up rows): "
      .. "the most megabytes win", result.reason)
    assert.same({ 1 }, result.winners)   -- 5 Movie (1000 MB) against 5 Game (500 MB) and what came after
    assert.is_false(m.game.rules.can_complete(m.game, 1))
    assert.is_false(m.game.rules.can_complete(m.game, 2))
  end)

  it("is not judged under a house rule's own complete, unless the house gives its own can_complete", function()
    local three = [[
rules.complete = function(game, side)
  local done = 0
  for _, row in ipairs({ "email", "music", "game", "movie" }) do
    if game.zones[row .. "[" .. side .. "]"]:count() >= game.state.goal[row] then done = done + 1 end
  end
  return done >= 3
end
]]
    for text, ends in pairs({ [three] = false, [three .. "rules.can_complete = function() return false end"] = true }) do
      local m = assert(match.new(support.load_with_house("online", text), { players = 2, seed = 1,
        options = { goal_game = 5, goal_movie = 5 } }))
      arrange(m, { rest = true, hands = { { "E-Mail" }, { "E-Mail" } },
                   rows = { [1] = { movie = 5 }, [2] = { game = 5 } } })
      assert(m:edit("backup 2 Game"))
      play(m, "backup Movie")
      assert.equal(ends, m.game.stalemate == true)
    end
  end)

  it("goes on while one side can still complete it", function()
    local m = new(2, { goal_game = 5, goal_movie = 5 })
    arrange(m, { rest = true, hands = { { "E-Mail" }, { "E-Mail" } },
                 rows = { [1] = { email = 6 }, [2] = { game = 5 } } })
    assert(m:edit("backup 2 Game"))
    play(m, "backup E-Mail")
    assert.is_false(m.game.rules.can_complete(m.game, 1))
    assert.is_true(m.game.rules.can_complete(m.game, 2))
    assert.is_nil(m.game.stalemate)
    play(m, "draw")
    while m:request().seat == 1 do m:run({ "random", "random" }, 1) end
    assert.equal("waiting", m:status())
    assert.equal("turn", m:request().kind)
  end)
end)

describe("Online under a house rule's can_download", function()
  it("refuses a download the book allows with a reason that names the house rules", function()
    local hdef = support.load_with_house("online", support.read("docs/houses/online_turbo_movies.lua"))
    local m = assert(match.new(hdef, { players = 2, seed = 1 }))
    arrange(m, { rest = true, hands = { { "Movie", "Game" } },
                 rows = { [1] = { online = { "Online" }, memory = { "Extra Memory" } } } })
    play(m, "draw")
    assert.is_false(has(answers(m), "download Movie"))
    assert.equal("the house rules allow no Movie download now (rules.can_download)",
      support.refusal_reason(m, "download Movie"))
    assert.is_true(has(answers(m), "download Game"))
  end)
end)

describe("Online under a house rule's hand_size", function()
  it("deals it, draws up to it, says which card is drawn to play, and ends turns with at most it", function()
    local hdef = support.load_with_house("online", "rules.hand_size = 8")
    local m = assert(match.new(hdef, { players = 2, seed = 3 }))
    assert.equal(8, m.game.zones.hand[1]:count())
    assert.equal(8, m.game.zones.hand[2]:count())
    assert.equal("draw a 9th card and play, or exchange cards", m:request().prompt)
    assert.equal("first draw a 9th card ('draw'), then play; or exchange cards ('exchange')",
      support.refusal_reason(m, "stop"))
    local turns = 0
    while m:status() == "waiting" do
      local req = m:request()
      if req.kind == "turn" then
        turns = turns + 1
        assert.is_true(m.game.zones.hand[req.seat]:count() <= 8)
      end
      for seat = 1, 2 do assert.is_true(m.game.zones.hand[seat]:count() <= 9) end
      m:run({ "random", "random" }, 1)
    end
    assert.is_true(turns > 10)
    -- the book's prompt, unchanged
    m = assert(match.new(def, { players = 2, seed = 3 }))
    assert.equal("draw an 8th card and play, or exchange cards", m:request().prompt)
  end)
end)

describe("Online under a house rule's cyber_patrol", function()
  -- Greedy games of 4 players, seeds 1 to 20: how often a greedy bot threw
  -- a Cyber Patrol away (discarded or exchanged it), and what the patrols did.
  local function greedy_games(d)
    local thrown, patrols = 0, { let_through = 0, stopped = 0 }
    for seed = 1, 20 do
      local m = assert(match.new(d, { players = 4, seed = seed }))
      while m:status() == "waiting" do
        local r = m:request()
        local a = d.bots.greedy(m:bot_view(r.seat), r)
        if a == "discard Cyber Patrol" or a == "exchange Cyber Patrol" then thrown = thrown + 1 end
        assert(m:answer(a))
      end
      local p = m.game.state.patrols
      if p then
        patrols.let_through, patrols.stopped = patrols.let_through + p.let_through, patrols.stopped + p.stopped
      else
        patrols = nil
      end
    end
    return thrown, patrols
  end

  it("the greedy bot throws away a Cyber Patrol that a house rule made do nothing", function()
    local thrown, patrols = greedy_games(def)
    assert.equal(0, thrown)          -- by the book it keeps the card
    assert.is_nil(patrols)           -- and nothing is made public
    thrown, patrols = greedy_games(support.load_with_house("online",
      support.read("tests/houses/online_no_patrol.lua")))
    assert.is_true(thrown >= 10, "thrown " .. thrown)   -- 29; before, never
    assert.is_true(patrols.let_through > 0 and patrols.stopped == 0)
  end)

  it("keeps a Cyber Patrol under a house rule's cyber_patrol that stops Hackers", function()
    local thrown, patrols = greedy_games(support.load_with_house("online",
      "local cyber_patrol = rules.cyber_patrol\n"
      .. "rules.cyber_patrol = function(game, hacker) return cyber_patrol(game, hacker) end\n"))
    assert.equal(0, thrown)
    assert.is_true(patrols.stopped > 0)
    assert.equal(0, patrols.let_through)   -- a greedy holder of another side always stops it
  end)
end)

describe("Online, cases of the mutation check", function()
  -- each fails when one rule of games/online/game.lua is broken as its name says
  -- (docs/games/online.md, "Mutation check")

  it("puts the start marker (the view's start) on the start_player seat, and keeps it there", function()
    local m = new(3, { start_player = 2 })
    assert.equal(2, m:view(1).start)
    m:run(QUIET, 30)
    assert.equal(2, m:view(1).start)
  end)

  it("lets a side complete its set when exactly as many files as it needs are left outside backed-up rows", function()
    -- side 2 backed up 4 of the 8 Game cards: the other 4 are just the 4 side 1 needs
    local m = new(2, { goal_game = 4, goal_movie = 5 })
    arrange(m, { rest = true, hands = { { "E-Mail" }, { "E-Mail" } },
                 rows = { [1] = { movie = 5 }, [2] = { game = 4 } } })
    assert(m:edit("backup 2 Game"))
    play(m, "backup Movie")
    assert.is_true(m.game.rules.can_complete(m.game, 1))
    assert.is_false(m.game.rules.can_complete(m.game, 2))
    assert.is_nil(m.game.stalemate)
  end)

  it("counts a side's own backed-up row short of its goal as never complete (rows backed up by the edit)", function()
    local m = new(2)
    arrange(m, { rest = true, hands = { { "E-Mail" }, { "E-Mail" } },
                 rows = { [1] = { movie = 1 }, [2] = { movie = 1 } } })
    assert(m:edit("backup 1 Movie"))
    assert.is_nil(m.game.stalemate)
    assert(m:edit("backup 2 Movie"))
    assert.is_false(m.game.rules.can_complete(m.game, 1))
    assert.is_false(m.game.rules.can_complete(m.game, 2))
    assert.is_true(m.game.stalemate)
  end)

  it("judges no stalemate under a round limit: the game goes on to the limit", function()
    local m = new(2, { goal_game = 5, goal_movie = 5, round_limit = 3 })
    arrange(m, { rest = true, hands = { { "E-Mail" }, { "E-Mail" } },
                 rows = { [1] = { movie = 5 }, [2] = { game = 5 } } })
    assert(m:edit("backup 2 Game"))
    play(m, "backup Movie")
    assert.is_false(m.game.rules.can_complete(m.game, 1))
    assert.is_false(m.game.rules.can_complete(m.game, 2))
    assert.is_nil(m.game.stalemate)
    m:run(QUIET)
    assert.equal("over", m:status())
    assert.equal("3 rounds played: the most megabytes win", m:result().reason)
  end)

  it("gives a stalemate to the most megabytes, not to the side whose backup made it", function()
    -- side 2 holds 5 Movie (1000 MB) backed up; side 1 backs up 5 Game (500 MB) and ends the game
    local m = new(2, { goal_game = 5, goal_movie = 5 })
    arrange(m, { rest = true, hands = { { "E-Mail" }, { "E-Mail" } },
                 rows = { [1] = { game = 5 }, [2] = { movie = 5 } } })
    assert(m:edit("backup 2 Movie"))
    play(m, "backup Game")
    assert.is_true(m.game.stalemate)
    m:run(QUIET)
    assert.equal("over", m:status())
    assert.truthy(m:result().reason:find("no player or team can complete its set", 1, true))
    assert.same({ 2 }, m:result().winners)
  end)
end)
