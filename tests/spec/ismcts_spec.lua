-- The search bot and what it stands on: determinization (a deal of what a
-- seat cannot see), what seats know of where cards are, backs, a game's
-- constraints, the search's answers and its parameters.

local vm = require "cardlab.vm"
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local ismcts = require "cardlab.ismcts"
local support = require "tests.spec.support"

local GAMES = { "crazyeights", "online", "lettertycoon", "rushfortheweb", "cryptocurrency",
                CARDLAB_HOME .. "/docs/examples/highcard.lua" }

local function randoms(n)
  local kinds = {}
  for seat = 1, n do kinds[seat] = "random" end
  return kinds
end

-- The cards at the places a seat cannot see (a sorted list), and every
-- zone's count.
local function hidden_and_counts(t, seat)
  local hidden, counts = {}, {}
  for _, z in ipairs(t:zones()) do
    counts[z:name()] = z:count()
    for _, id in ipairs(z:cards()) do
      if not t:visible(id, seat) then hidden[#hidden + 1] = id end
    end
  end
  table.sort(hidden)
  return hidden, counts
end

-- Where every card is, zone name and position, as one text.
local function layout(t)
  local out = {}
  for _, z in ipairs(t:zones()) do out[#out + 1] = z:name() .. "=" .. table.concat(z:cards(), ",") end
  return table.concat(out, ";")
end

describe("determinization", function()
  for _, name in ipairs(GAMES) do
    local def = assert(loader.load(name))
    it("keeps the seat's view, every zone's count and the hidden cards in " .. def.name, function()
      local rng = vm.rng(11)
      local deal = { backs = ismcts.backs((assert(match.new(def, { seed = 1 }))).game.cards) }
      local checked = 0
      for game = 1, 3 do
        local players = def.players.min + (game - 1) % (def.players.max - def.players.min + 1)
        local m = assert(match.new(def, { players = players, seed = 100 + game }))
        -- positions along the game: after 0, 7, 21, 42, ... answers
        local step = 0
        while m:status() == "waiting" do
          for seat = 1, players do
            local before = m:view(seat)
            local hidden, counts = hidden_and_counts(m.table, seat)
            local left = m.table:determinize(seat, rng, deal)
            assert.equal(0, left)
            local after = m:view(seat)
            assert.same(before, after)
            local hidden2, counts2 = hidden_and_counts(m.table, seat)
            assert.same(counts, counts2)
            assert.same(hidden, hidden2)
            checked = checked + 1
          end
          step = step + 1
          m:run(randoms(players), 10 * step)
        end
      end
      assert.is_true(checked >= 6)
    end)
  end

  it("depends only on what the seat sees: two deals it cannot tell apart give the same deal", function()
    local def = assert(loader.load("crazyeights"))
    local m = assert(match.new(def, { players = 4, seed = 5 }))
    m:run(randoms(4), 30)
    local a = assert(match.replay(def, m:config_for_replay(), m:log()))
    local b = assert(match.replay(def, m:config_for_replay(), m:log()))
    b.table:determinize(2, vm.rng(99))      -- b: another real deal, the same to seat 2
    assert.are_not.equal(layout(a.table), layout(b.table))
    a.table:determinize(2, vm.rng(7))
    b.table:determinize(2, vm.rng(7))
    assert.equal(layout(a.table), layout(b.table))
  end)

  it("moves nothing for seat 0, and refuses a seat out of range", function()
    local def = assert(loader.load("crazyeights"))
    local m = assert(match.new(def, { players = 3, seed = 5 }))
    local before = layout(m.table)
    assert.equal(0, m.table:determinize(0, vm.rng(1)))
    assert.equal(before, layout(m.table))
    local ok, err = pcall(function() return m.table:determinize(9, vm.rng(1)) end)
    assert.is_false(ok)
    assert.matches("bad argument #1 to 'determinize' %(seat out of range%)", err)
  end)
end)

describe("what a seat knows of where cards are", function()
  -- a table of 20 cards: a face-down stock, two hands
  local function table_of_20()
    local t = vm.table(20)
    local stock = t:zone("stock", { visibility = "count", face = "down" })
    local h1 = t:zone("hand1", { owner = 1, visibility = "owner" })
    local h2 = t:zone("hand2", { owner = 2, visibility = "owner" })
    local pile = t:zone("pile", { visibility = "everyone" })
    t:zone("box"):move_all(stock)
    stock:deal({ h1, h2 }, 5)
    return t, stock, h1, h2, pile
  end

  it("keeps a card a seat gave away in the zone it went to", function()
    local t, _, h1, h2 = table_of_20()
    local given = h1:peek()
    h2:insert(given)                     -- seat 1 saw it go into hand2
    assert.is_true(t:known(given, 1))
    assert.is_false(t:visible(given, 1))
    for seed = 1, 30 do
      t:determinize(1, vm.rng(seed))
      assert.equal("hand2", t:where(given):name())
    end
  end)

  it("forgets it once a card it cannot tell apart leaves that zone", function()
    local t, stock, h1, h2 = table_of_20()
    local given = h1:peek()
    h2:insert(given)
    h2:move(stock, 3)                    -- one of hand2's cards, unseen by seat 1
    assert.is_false(t:known(given, 1))
  end)

  it("keeps a whole zone moved and shuffled, and the zone of a card turned face down", function()
    local t, stock, h1, _, pile = table_of_20()
    local laid = h1:peek()
    pile:insert(laid)
    local other = t:zone("other", { visibility = "count", face = "down" })
    pile:move_all(other)
    other:shuffle(vm.rng(3))
    assert.is_true(t:known(laid, 2))
    pile:insert(stock:peek())
    local turned = pile:peek()
    t:face(turned, false)
    assert.is_true(t:known(turned, 2))
  end)

  it("keeps decks apart by their backs", function()
    local t = vm.table(20)
    local a = t:zone("a", { visibility = "count", face = "down" })
    local b = t:zone("b", { visibility = "count", face = "down" })
    for id = 1, 10 do a:insert(id) end
    for id = 11, 20 do b:insert(id) end
    local backs = {}
    for id = 1, 20 do backs[id] = id <= 10 and 1 or 2 end
    for seed = 1, 20 do
      t:determinize(1, vm.rng(seed), { backs = backs })
      for _, id in ipairs(a:cards()) do assert.is_true(id <= 10) end
    end
    -- without backs, they mix
    local mixed = false
    for seed = 1, 20 do
      t:determinize(1, vm.rng(seed))
      for _, id in ipairs(a:cards()) do mixed = mixed or id > 10 end
    end
    assert.is_true(mixed)
  end)

  it("keeps a card out of a zone that its refusals name", function()
    local t = vm.table(20)
    local a = t:zone("a", { visibility = "count", face = "down" })
    local b = t:zone("b", { visibility = "count", face = "down" })
    t:zone("box"):move_all(a)
    a:move(b, 1) a:move(b, 1) a:move(b, 1)
    local refused = { b = {} }
    for id = 1, 17 do refused.b[id] = true end   -- only 18, 19, 20 may be in b
    for seed = 1, 20 do
      assert.equal(0, t:determinize(1, vm.rng(seed), { refused = refused }))
      local held = b:cards()
      table.sort(held)
      assert.same({ 18, 19, 20 }, held)
    end
    assert.has_error(function() t:determinize(1, vm.rng(1), { refused = { nowhere = {} } }) end,
      "determinize: no zone named 'nowhere'")
  end)
end)

describe("Crazy Eights' constraints", function()
  it("keep out of a hand that passed every card it could have played", function()
    local def = assert(loader.load("crazyeights"))
    -- play until some seat passes
    for seed = 1, 200 do
      local m = assert(match.new(def, { players = 4, seed = seed }))
      while m:status() == "waiting" and next(m.game.state.could_not_play or {}) == nil do
        m:run(randoms(4), 1)
      end
      if m:status() == "waiting" then
        local passed, what = next(m.game.state.could_not_play)
        local seat = passed % 4 + 1
        local refused = ismcts.refusals(m, seat)
        local name = string.format("hand[%d]", passed)
        assert.is_table(refused[name])
        local deal = { refused = refused }
        for k = 1, 10 do
          m.table:determinize(seat, vm.rng(k), deal)
          for _, id in ipairs(m.game.zones.hand[passed]:cards()) do
            local card, top = def.cards[id], def.cards[what.top]
            local suit = ({ clubs = "C", diamonds = "D", hearts = "H", spades = "S" })[what.suit]
            assert.is_false(def.rules.can_play(card, top, suit))
          end
        end
        return
      end
    end
    error("no seat passed in 200 games")
  end)

  -- Tables of 2 to 7 players, with one draw a turn and with draws until a card plays.
  local CONFIGS = { { players = 4 }, { players = 2 }, { players = 3, options = { draw_limit = 1 } },
                    { players = 5, options = { draw_limit = 0 } }, { players = 7 } }

  -- Calls fn(m, seat, seed) at every decision of games of greedy bots, the
  -- seeds `seeds` of each configuration { players =, options = } in `configs`.
  -- every seat but the deciding one read as a greedy bot's
  local function others_greedy(m, seat)
    local models = {}
    for other = 1, m.config.players do
      if other ~= seat then models[other] = "greedy" end
    end
    return models
  end

  local function each_greedy_decision(def, configs, seeds, fn)
    for _, config in ipairs(configs) do
      local greedy = {}
      for s = 1, config.players do greedy[s] = "greedy" end
      for seed = 1, seeds do
        local m = assert(match.new(def, { players = config.players, seed = seed, options = config.options }))
        while m:status() == "waiting" do
          fn(m, m:request().seat, seed)
          m:run(greedy, 1)
        end
      end
    end
  end

  it("read the others' turns as the greedy bot's only when told to, and then truly of greedy bots", function()
    local def = assert(loader.load("crazyeights"))
    local held, more = 0, 0
    each_greedy_decision(def, CONFIGS, 12, function(m, seat, seed)
        local any = ismcts.refusals(m, seat) or {}
        local read = ismcts.refusals(m, seat, others_greedy(m, seat)) or {}
        for other = 1, m.config.players do
          local name = string.format("hand[%d]", other)
          local refused = read[name] or {}
          -- what any player's answers tell is kept
          for id in pairs(any[name] or {}) do assert.is_true(refused[id]) end
          for id in pairs(refused) do
            if not (any[name] or {})[id] then more = more + 1 end
          end
          -- and no card a greedy bot holds is refused to its hand
          if other ~= seat then
            for _, id in ipairs(m.game.zones.hand[other]:cards()) do
              assert.is_nil(refused[id], string.format("seed %d: seat %d holds %s", seed, other, def.cards[id].name))
              held = held + 1
            end
          end
        end
    end)
    assert.is_true(held > 10000 and more > 10000, string.format("%d cards held, %d more refused", held, more))
  end)

  it("take a greedy seat's plays since it drew to fit its true hand, and refuse hands they do not fit", function()
    local def = assert(loader.load("crazyeights"))
    local checked, refused = 0, 0
    each_greedy_decision(def, CONFIGS, 12, function(m, seat, seed)
        local rules, fits = def.constraints(m:view(seat), others_greedy(m, seat), m:log())
        assert.is_table(rules)
        if fits then
          local function truly(zone) return m.table:zone(zone):cards() end
          assert.is_true(fits(truly), string.format("seed %d: the true hands do not fit", seed))
          checked = checked + 1
          -- a hand of other cards than the true ones (the stock's) mostly does not
          local stock = m.table:zone("stock"):cards()
          local function other(zone)
            local n = #truly(zone)
            return { table.unpack(stock, 1, math.min(n, #stock)) }
          end
          if not fits(other) then refused = refused + 1 end
        end
    end)
    assert.is_true(checked > 500 and refused > checked // 10,
      string.format("%d positions checked, %d other hands refused", checked, refused))
  end)

  it("read the plays since each seat drew, and its draws and eights, from the answers", function()
    local def = assert(loader.load("crazyeights"))
    local id = {}
    for i, card in ipairs(def.cards) do id[card.name] = i end
    local view = { seat = 1, players = 3, zones = { discard = { cards = { id["8S"], id["3H"], id["7H"], id["7C"] } } } }
    local history = { { 1, "play 7H" }, { 2, "draw" }, { 2, "play 3H" }, { 3, "play 8S" }, { 3, "spades" } }
    local reads, plays = def.greedy_reading(view, history)
    assert.same({ { { top = id["7C"], suit = "clubs", card = id["7H"] } },
                  { { top = id["7H"], suit = "hearts", card = id["3H"] } },
                  { { top = id["3H"], suit = "hearts", card = id["8S"], named = "spades" } } }, plays)
    -- seat 2 drew on 7H, seat 3 played an eight without drawing on 3H
    assert.same({ {}, { { top = id["7H"], suit = "hearts" } }, { { top = id["3H"], suit = "hearts", eights = true } } },
      reads)
    -- a draw forgets what came before it
    history[#history + 1] = { 1, "draw" }
    reads, plays = def.greedy_reading(view, history)
    assert.same({}, plays[1])
    assert.same({}, reads[1])
    -- the pile's bottom card face down (an edit): the starter is not known
    view.zones.discard.cards = { id["8S"], id["3H"], id["7H"], 0 }
    table.remove(history)
    reads, plays = def.greedy_reading(view, history)
    assert.same({}, plays[1])
    assert.equal(1, #plays[2])
    history[#history + 1] = { 1, "draw" }
    -- a pile made into a new stock: the starter is not known, so the first
    -- play is not read (seat 1's 7H, were seat 1 not to draw after it)
    view.zones.discard.cards = { id["8S"], id["3H"] }
    table.remove(history)
    reads, plays = def.greedy_reading(view, history)
    assert.same({ {}, { { top = id["7H"], suit = "hearts", card = id["3H"] } },
                  { { top = id["3H"], suit = "hearts", card = id["8S"], named = "spades" } } }, plays)
  end)

  it("read nothing of the answers where a house rule replaced the turn", function()
    local def = assert(loader.load("crazyeights"))
    local m = assert(match.new(def, { players = 3, seed = 5 }))
    m:run({ "greedy", "greedy", "greedy" }, 6)
    local view, history = m:view(m:request().seat), m:log()
    local models = others_greedy(m, m:request().seat)
    local _, fits = def.constraints(view, models, history)
    assert.is_function(fits)
    -- (a house rule's turn is in place before the game is set up, which
    -- notes whether the turn is the book's)
    local book = def.rules.turn
    def.rules.turn = function(...) return book(...) end
    assert(match.new(def, { players = 3, seed = 5 }))
    local ok, rules, house_fits = pcall(def.constraints, view, models, history)
    def.rules.turn = book
    assert(match.new(def, { players = 3, seed = 5 }))
    assert.is_true(ok, rules)
    assert.is_nil(house_fits)
  end)

  it("tell from plays what a greedy player held", function()
    local def = assert(loader.load("crazyeights"))
    local id = {}
    for i, card in ipairs(def.cards) do id[card.name] = i end
    local function hand(names)
      local out = {}
      for i, n in ipairs(names) do out[i] = id[n] end
      return out
    end
    -- 7H played on 7C: a player holding more clubs would have played a club
    local play = { { top = id["7C"], suit = "clubs", card = id["7H"] } }
    assert.is_true(def.plays_fit(hand { "2H", "3H", "4C" }, play))
    assert.is_false(def.plays_fit(hand { "2C", "3C", "4H", "5C" }, play))
    -- a tie is taken to fit: the hand's order, which a deal does not keep, decided it
    assert.is_true(def.plays_fit(hand { "2C", "3H" }, play))
    -- an eight only with no other card to play, and the suit named the one held most of
    local eight = { { top = id["7C"], suit = "clubs", card = id["8D"], named = "spades" } }
    assert.is_true(def.plays_fit(hand { "2S", "3S", "4H" }, eight))
    assert.is_false(def.plays_fit(hand { "2S", "3C", "4H" }, eight))  -- a club to play
    assert.is_false(def.plays_fit(hand { "2S", "3H", "4H" }, eight))  -- more hearts
    assert.is_false(def.plays_fit(hand { "2H", "3S" }, eight))        -- a tie names hearts first
    -- the plays read back from the last: the hand before the later play holds its card
    local two = { { top = id["7C"], suit = "clubs", card = id["7H"] },
                  { top = id["7H"], suit = "hearts", card = id["2H"] } }
    assert.is_true(def.plays_fit(hand { "3H", "4C" }, two))
    assert.is_false(def.plays_fit(hand { "3C", "4C", "5C" }, two))  -- then it held more clubs than hearts
  end)
end)

describe("the search bot", function()
  it("reads its parameters", function()
    local p = assert(ismcts.parse("ismcts:iterations=400,c=0.7,ms=200"))
    assert.same({ iterations = 400, c = 0.7, ms = 200, steps = 100000, playout = "auto", widen = 2,
                  tree = "auto", width = 6, depth = 0, margin = 1, shape = 0.2, reads = "auto",
                  given = { iterations = true, c = true, ms = true } }, p)
    assert.same({ nil, "ismcts:foo=1: unknown parameter 'foo'; parameters: iterations, steps, c, widen, "
      .. "playout, tree, width, depth, margin, shape, reads, ms" },
      { ismcts.parse("ismcts:foo=1") })
    assert.same({ nil, "ismcts:iterations=0: iterations=0; expected a whole number from 1" },
      { ismcts.parse("ismcts:iterations=0") })
    assert.same({ nil, "ismcts:c=1,c=2: parameter 'c' given twice" }, { ismcts.parse("ismcts:c=1,c=2") })
    -- a lost game worth more than a win would make the search play to lose
    assert.same({ nil, "ismcts:shape=2: shape=2; expected a number from 0 to 1" }, { ismcts.parse("ismcts:shape=2") })
    assert.equal(1, ismcts.parse("ismcts:shape=1").shape)
    assert.same({ "ismcts:iterations=50,c=1", "greedy", "random" },
      ismcts.split_kinds("ismcts:iterations=50,c=1,greedy,random"))
  end)

  it("is refused in one line before the game when its parameters are wrong, wherever a kind is given", function()
    -- a playout bot the game has not, told at once (it used to fail at the first decision)
    local out, status = support.run_cardlab("play crazyeights --players 2 --seed 1 "
      .. "--seat 1=ismcts:playout=bogus --seat 2=random")
    assert.equal(2, status)
    assert.equal("cardlab: play: seat 1: ismcts: playout=bogus: crazyeights has no bot named 'bogus'; "
      .. "expected auto, random or greedy\n", out)
    out, status = support.run_cardlab("sim crazyeights -n 2 --bots ismcts:playout=bogus,random")
    assert.equal(2, status)
    assert.matches("^cardlab: sim: %-%-bots: ismcts: playout=bogus: ", out)
    -- a parameter with a minus sign gets the parser's message, not --seat's
    out, status = support.run_cardlab("play crazyeights --seat 1=ismcts:iterations=-5")
    assert.equal(2, status)
    assert.equal("cardlab: play: seat 1: ismcts:iterations=-5: iterations=-5; expected a whole number from 1\n", out)
    -- and a number written with an exponent is a number
    out, status = support.run_cardlab("play crazyeights --players 2 --seed 1 --seat 1=ismcts:c=1e-3,iterations=2 "
      .. "--seat 2=random")
    assert.equal(0, status, out)
  end)

  it("draws deals until one fits the constraints hook's fits, and gives the model's reading up when none does", function()
    local def = assert(loader.load("crazyeights"))
    -- Crazy Eights with a hook that gives the fits given, and counts how it
    -- was asked: with the model's name, or without
    local asked
    local function search_with(fits, params)
      asked = { model = 0, plain = 0 }
      local copy = {}
      for k, v in pairs(def) do copy[k] = v end
      copy.constraints = function(_, model, history)
        if model then
          asked.model = asked.model + 1
          assert.is_table(history)
        else
          asked.plain = asked.plain + 1
        end
        return {}, model and fits or nil
      end
      local m = assert(match.new(copy, { players = 4, seed = 3 }))
      while not (m:request().seat == 1 and #m:legal() > 1) do m:run({ "greedy", "greedy", "greedy", "greedy" }, 1) end
      return ismcts.search(m, assert(ismcts.parse(params or "ismcts:iterations=40,margin=0")))
    end
    local plain, plain_stats = search_with(nil)
    local all, all_stats = search_with(function() return true end)
    assert.same(plain, all)
    assert.same({ 0, 0 }, { all_stats.unfit, all_stats.again })
    assert.equal(plain_stats.iterations, all_stats.iterations)
    -- with reads=none the hook is asked without the model
    search_with(function() return true end, "ismcts:iterations=40,reads=none")
    assert.same({ model = 0, plain = 1 }, asked)
    -- none fits: given up after 256 deals, and asked again without the model
    local calls = 0
    local none, none_stats = search_with(function(cards)
      calls = calls + 1
      assert.is_true(#cards("hand[2]") > 0)
      return false
    end)
    assert.same({ 256, 256, true }, { none_stats.unfit, calls, none_stats.gave_up })
    assert.same({ model = 1, plain = 1 }, asked)
    assert.equal(plain_stats.iterations, none_stats.iterations)
    assert.equal(#plain, #none)
    -- half the deals: every deal kept fits
    local kept = 0
    local half, half_stats = search_with(function(cards)
      local fit = cards("hand[2]")[1] % 2 == 0
      if fit then kept = kept + 1 end
      return fit
    end)
    local played = 0  -- answers played every round
    for _, r in ipairs(half) do if r.visits > 0 then played = played + 1 end end
    assert.is_true(half_stats.unfit > 0 and kept * played == half_stats.iterations and not half_stats.gave_up,
      string.format("%d deals kept, %d not, %d games", kept, half_stats.unfit, half_stats.iterations))
    -- few fit: a round that finds none takes one that fit again, and the reading is kept
    local _, rare_stats = search_with(function(cards)
      local hand = cards("hand[2]")
      return hand[1] % 7 == 0 and hand[2] % 7 == 0
    end, "ismcts:iterations=200,margin=0")
    assert.is_true(rare_stats.again > 0 and not rare_stats.gave_up, string.format("%d again", rare_stats.again))
    -- a fits that fails or gives no boolean
    local ok, err = pcall(search_with, function() error("boom") end)
    assert.is_false(ok)
    assert.matches("the constraints hook's fits failed: .*boom", err)
    -- a zone the game does not have: said at the hook's line, not the search's
    ok, err = pcall(search_with, function(cards) return #cards("hands[2]") > 0 end)
    assert.is_false(ok)
    assert.matches("the constraints hook's fits failed: [^ ]*ismcts_spec.lua:%d+: no zone named 'hands%[2%]'$", err)
    ok, err = pcall(search_with, function() end)
    assert.is_false(ok)
    assert.matches("the constraints hook's fits gave a nil; expected true or false", err, 1, true)
    ok, err = pcall(search_with, 7)
    assert.is_false(ok)
    assert.matches("constraints hook's second result is a number", err, 1, true)
  end)

  it("ends its game in error, and fails a hint alone, where the game's constraints hook raises", function()
    -- (the error went up through match:run: play and sim stopped with the
    -- host's traceback, a web table waited for ever, and a hint at the play
    -- prompt ended the person's game)
    local def = assert(loader.load("crazyeights"))
    local copy = {}
    for k, v in pairs(def) do copy[k] = v end
    copy.constraints = function() return { ["hand[2]"] = function() error("boom") end } end
    local m = assert(match.new(copy, { players = 3, seed = 1 }))
    local status = m:run({ "ismcts:iterations=10", "random", "random" })
    assert.equal("error", status)
    local result, err = m:result()
    assert.is_nil(result)
    assert.matches("^search bot for seat 1: crazyeights: the constraint of zone 'hand%[2%]' failed: .*boom", err)
    local dir = support.tmpdir()
    local script = support.read(CARDLAB_HOME .. "/docs/examples/highcard.lua"):gsub("\nreturn highcard\n$",
      '\nfunction highcard.constraints() return nil, function() error("boom") end end\nreturn highcard\n')
    local out, code = support.run_cardlab(string.format("play %s --seed 1 --color=never",
      support.write(dir, "game.lua", script)), "hint\nquit\n")
    support.rmtree(dir)
    assert.equal(0, code, out)
    assert.matches("hint: highcard: the constraints hook's fits failed: .-boom\nseat 1> left the game", out)
    assert.is_nil(out:find("stack traceback", 1, true), out)
  end)

  it("raises any other error of a search as the host's, leaving the game as it was", function()
    -- (only the game's own hook ends a game; a fault of the search or of
    -- the host that drives it is not the game's to report)
    local def = assert(loader.load("crazyeights"))
    local m = assert(match.new(def, { players = 3, seed = 1 }))
    local before = m:count()
    local ok, err = pcall(m.run, m, { "ismcts:iterations=10", "random", "random" }, nil,
      function() error("a fault of the host", 0) end)
    assert.is_false(ok)
    assert.equal("a fault of the host", err)
    assert.equal("waiting", m:status())
    assert.equal(before, m:count())
  end)

  it("gives the hook no answers to read in a game edited by hand, whose answers do not tell all", function()
    local def = assert(loader.load("crazyeights"))
    local copy, got = {}, {}
    for k, v in pairs(def) do copy[k] = v end
    copy.constraints = function(_, model, history)
      got[#got + 1] = { model = model, history = history and #history }
      return {}
    end
    local m = assert(match.new(copy, { players = 3, seed = 5 }))
    m:run({ "greedy", "greedy", "greedy" }, 4)
    while not (m:request().seat == 1 and #m:legal() > 1) do m:run({ "greedy", "greedy", "greedy" }, 1) end
    ismcts.search(m, assert(ismcts.parse("ismcts:iterations=4")))
    assert.same({ model = { [2] = "greedy", [3] = "greedy" }, history = m:count() }, got[1])
    assert.is_true(m:edit("state passes 2"))
    ismcts.search(m, assert(ismcts.parse("ismcts:iterations=4")))
    assert.same({ model = { [2] = "greedy", [3] = "greedy" } }, got[2])
  end)

  it("reads as the playout bot's the answers of the seats the table gives that bot, and no others", function()
    local def = assert(loader.load("crazyeights"))
    local copy, got = {}, {}
    for k, v in pairs(def) do copy[k] = v end
    copy.constraints = function(_, models) got[#got + 1] = models or false; return {} end
    local m = assert(match.new(copy, { players = 4, seed = 5 }))
    while not (m:request().seat == 1 and #m:legal() > 1) do m:run({ "greedy", "greedy", "greedy", "greedy" }, 1) end
    local params = assert(ismcts.parse("ismcts:iterations=4"))
    ismcts.search(m, params, { "ismcts", "greedy", "human", "greedy" })
    ismcts.search(m, params, { "ismcts", "random", "ismcts", function() return "draw" end })
    local _, stats = ismcts.search(m, params)
    assert.same({ { [2] = "greedy", [4] = "greedy" }, false, { [2] = "greedy", [3] = "greedy", [4] = "greedy" } }, got)
    assert.same({ 2, 3, 4 }, stats.read)
    -- a table's run tells the search its seats
    got = {}
    local seat = m:request().seat
    m:run({ "ismcts:iterations=4", "random", "greedy", "human" }, 1)
    assert.equal(1, seat)
    assert.same({ { [3] = "greedy" } }, got)
  end)

  it("says the game's constraints left deals out where no seat's answers were read", function()
    -- a whole-deal rule of the game's own, refusing every other deal, with
    -- random bots at the other seats (whose answers are not read)
    local def = assert(loader.load("crazyeights"))
    local copy = {}
    for k, v in pairs(def) do copy[k] = v end
    local n = 0
    copy.constraints = function() return {}, function() n = n + 1; return n % 2 == 0 end end
    local m = assert(match.new(copy, { players = 3, seed = 5 }))
    while not (m:request().seat == 1 and #m:legal() > 1) do m:run({ "greedy", "greedy", "greedy" }, 1) end
    local lines = ismcts.hint_lines(m, assert(ismcts.parse("ismcts:iterations=20")), 3, { "human", "random", "random" })
    assert.matches("^  %(%d+ deals left out by the game's constraints%)$", lines[2])
    -- none fits: said so, naming no seat
    copy.constraints = function() return {}, function() return false end end
    m = assert(match.new(copy, { players = 3, seed = 5 }))
    while not (m:request().seat == 1 and #m:legal() > 1) do m:run({ "greedy", "greedy", "greedy" }, 1) end
    lines = ismcts.hint_lines(m, assert(ismcts.parse("ismcts:iterations=20")), 3, { "human", "random", "random" })
    assert.equal("  (the game's constraints fit none of 256 deals, and were dropped)", lines[2])
  end)

  it("keeps Crazy Eights' greedy reading of a seat that is not read as the greedy bot's out of its deals", function()
    local def = assert(loader.load("crazyeights"))
    -- decisions where the reading refuses cards to seat 2's hand: without
    -- seat 2 among the seats read, only what any answer tells is refused there
    local function same(a, b)
      for k in pairs(a) do if not b[k] then return false end end
      for k in pairs(b) do if not a[k] then return false end end
      return true
    end
    local compared = 0
    for seed = 1, 12 do
      local m = assert(match.new(def, { players = 3, seed = seed }))
      while m:status() == "waiting" and compared < 40 do
        local seat = m:request().seat
        if seat ~= 2 then
          local any = (ismcts.refusals(m, seat) or {})["hand[2]"] or {}
          local third = 4 - seat
          local all = (ismcts.refusals(m, seat, { [2] = "greedy", [third] = "greedy" }) or {})["hand[2]"] or {}
          local others = (ismcts.refusals(m, seat, { [third] = "greedy" }) or {})["hand[2]"] or {}
          if not same(any, all) then
            compared = compared + 1
            assert.same(any, others)
          end
        end
        m:run({ "greedy", "greedy", "greedy" }, 1)
      end
    end
    assert.is_true(compared >= 40, string.format("%d decisions compared", compared))
  end)

  it("gives the same answers for the same seed and decision", function()
    local def = assert(loader.load("cryptocurrency"))
    local function play()
      local m = assert(match.new(def, { players = 3, seed = 4 }))
      m:run({ "ismcts:iterations=8", "random", "greedy" }, 60)
      return m:log()
    end
    assert.same(play(), play())
  end)

  it("gives the same answers in another process (whose texts hash differently)", function()
    local dir = support.tmpdir()
    local path = support.write(dir, "play.lua", [[
      local loader = require "cardlab.loader"
      local match = require "cardlab.match"
      local m = assert(match.new(assert(loader.load("cryptocurrency")), { players = 4, seed = 5 }))
      m:run({ "ismcts:iterations=24", "greedy", "greedy", "greedy" }, 120)
      for _, entry in ipairs(m:log()) do print(entry[2]) end
    ]])
    local first = support.run_cardlab("run " .. path)
    local second = support.run_cardlab("run " .. path)
    support.rmtree(dir)
    assert.equal(first, second)
    assert.is_true(select(2, first:gsub("\n", "")) >= 100, first)
  end)

  it("cuts a playout that would not end at the decision's budget of steps", function()
    -- (players who pass for ever, as greedy bots once did at Letter Tycoon
    -- with 3 cards in hand: each playout went on to a million answers, and
    -- a decision took minutes)
    local dir = support.tmpdir()
    local path = support.write(dir, "stall.lua", [[
local stall = { name = "stall", title = "Stall", about = "go on until someone stops",
  players = { min = 2, max = 2, default = 2 }, cards = {}, rules = {}, bots = {} }
function stall.setup(game) game.state.turns = 0 end
function stall.play(game)
  while true do
    local seat = game.seats:current()
    if game:ask(seat, "go", "go on or stop", { "go", "stop" }) == "stop" then return { winners = { seat } } end
    game.state.turns = game.state.turns + 1
    game.seats:next()
  end
end
function stall.bots.greedy() return "go" end
return stall
]])
    local def = assert(loader.load(path))
    support.rmtree(dir)
    local m = assert(match.new(def, { players = 2, seed = 1 }))
    local _, stats = ismcts.search(m, assert(ismcts.parse("ismcts:iterations=8,steps=2000,playout=greedy")))
    -- one round, each answer once: go's playout is cut at 2,000 answers,
    -- which spends the budget (stop's ends at once)
    assert.equal(2, stats.iterations)
    assert.is_true(stats.steps <= 2002, tostring(stats.steps))
  end)

  it("ranks every legal answer (the full tree)", function()
    local def = assert(loader.load("crazyeights"))
    local m = assert(match.new(def, { players = 3, seed = 9 }))
    local ranking, stats = ismcts.search(m, assert(ismcts.parse("ismcts:iterations=40,tree=full")))
    assert.equal("full", stats.tree)
    assert.equal("greedy", stats.playout)
    assert.equal(40, stats.iterations)
    assert.equal(0, stats.errors)
    local legal, visits = m:legal(), 0
    assert.equal(#legal, #ranking)
    for _, r in ipairs(ranking) do visits = visits + r.visits end
    assert.equal(40, visits)
    for i = 2, #ranking do assert.is_true(ranking[i - 1].visits >= ranking[i].visits) end
  end)

  it("plays every answer of the root on the same deals, the greedy bot's own among them", function()
    local def = assert(loader.load("crazyeights"))
    local m = assert(match.new(def, { players = 3, seed = 9 }))
    local ranking, stats = ismcts.search(m, assert(ismcts.parse("ismcts:iterations=40")))
    assert.equal("root", stats.tree)
    local legal = m:legal()
    assert.equal(#legal, #ranking)
    -- rounds of one deal each: every answer visited as often, as many as fit
    local rounds = 40 // #legal
    assert.equal(rounds * #legal, stats.iterations)
    for _, r in ipairs(ranking) do assert.equal(rounds, r.visits) end
    -- a wide request: the bot's own answer and the others up to `width`
    local own = def.bots.greedy(m:bot_view(m:request().seat), { seat = m:request().seat,
      kind = m:request().kind, prompt = m:request().prompt, answers = legal })
    ranking = ismcts.search(m, assert(ismcts.parse("ismcts:iterations=40,width=2")))
    local tried = {}
    for _, r in ipairs(ranking) do if r.visits > 0 then tried[#tried + 1] = r.answer end end
    assert.equal(math.min(2, #legal), #tried)
    assert.truthy(tried[1] == own or tried[2] == own)
  end)

  it("keeps the playout bot's own answer unless another gained on it surely", function()
    -- an impossible margin: the search's answers are the greedy bot's, all game
    local def = assert(loader.load("crazyeights"))
    local m = assert(match.new(def, { players = 3, seed = 12 }))
    local params = assert(ismcts.parse("ismcts:iterations=30,margin=1000000"))
    local differ = 0
    for _ = 1, 12 do
      m:run({ "random", "random", "random" }, 1)
      while m:status() == "waiting" and #m:legal() < 2 do m:run({ "random", "random", "random" }, 1) end
      if m:status() ~= "waiting" then break end
      local req = m:request()
      local own = def.bots.greedy(m:bot_view(req.seat), { seat = req.seat, kind = req.kind,
        prompt = req.prompt, answers = m:legal() })
      local ranking = ismcts.search(m, params)
      assert.equal(own, ranking[1].answer)
      -- and at the default margin, the search does leave it at times
      if ismcts.search(m, assert(ismcts.parse("ismcts:iterations=30,margin=0")))[1].answer ~= own then
        differ = differ + 1
      end
    end
    assert.is_true(differ > 0, "the search never left the greedy bot's answer at margin 0")
  end)

  it("keeps the playout bot's own answer when its budget is one round, which tells no standard error", function()
    -- iterations=2: one round of every answer in play (docs/bots.md: where the
    -- search cannot tell, it trusts the bot); margin 0 still takes the best mean
    local def = assert(loader.load("crazyeights"))
    local m = assert(match.new(def, { players = 3, seed = 12 }))
    local params = assert(ismcts.parse("ismcts:iterations=2,margin=1000000"))
    local decisions, differ = 0, 0
    for _ = 1, 20 do
      m:run({ "random", "random", "random" }, 1)
      while m:status() == "waiting" and #m:legal() < 2 do m:run({ "random", "random", "random" }, 1) end
      if m:status() ~= "waiting" then break end
      local req = m:request()
      local own = def.bots.greedy(m:bot_view(req.seat), { seat = req.seat, kind = req.kind,
        prompt = req.prompt, answers = m:legal() })
      local ranking, stats = ismcts.search(m, params)
      assert.equal(math.min(#m:legal(), 6), stats.iterations)
      assert.equal(own, ranking[1].answer)
      decisions = decisions + 1
      local best = ismcts.search(m, assert(ismcts.parse("ismcts:iterations=2,margin=0")))
      if best[1].answer ~= own then
        differ = differ + 1
        assert.is_true(best[1].win > best[2].win or best[2].answer ~= own)
      end
    end
    assert.is_true(decisions >= 10 and differ > 0, decisions .. " decisions, " .. differ .. " left at margin 0")
  end)

  it("gives each answer's gain on the playout bot's own, over the same deals", function()
    local def = assert(loader.load("crazyeights"))
    local m = assert(match.new(def, { players = 3, seed = 12 }))
    while m:status() == "waiting" and #m:legal() < 3 do m:run({ "random", "random", "random" }, 1) end
    local ranking, stats = ismcts.search(m, assert(ismcts.parse("ismcts:iterations=60,margin=0")))
    assert.equal(0, stats.errors)
    local own
    for _, r in ipairs(ranking) do if r.own then own = r end end
    assert.truthy(own, "the greedy bot's own answer is marked")
    assert.is_nil(own.gain)
    for _, r in ipairs(ranking) do
      if not r.own then
        -- every answer had every round, so the mean gain is the difference
        -- of the means, and its error is a sound number
        assert.equal(own.visits, r.visits)
        assert.near(r.win - own.win, r.gain, 1e-9)
        assert.is_true(r.se >= 0 and r.se < 1, tostring(r.se))
      end
    end
  end)

  it("values a playout cut at a depth by the standings", function()
    local def = assert(loader.load("crazyeights"))
    local m = assert(match.new(def, { players = 3, seed = 9 }))
    local ranking, stats = ismcts.search(m, assert(ismcts.parse("ismcts:iterations=30,depth=1,shape=0")))
    -- after one answer, nobody has won: every value is a share of the seats
    -- beaten by hand size (Crazy Eights' standing), out of the two others
    assert.equal(0, stats.errors)
    for _, r in ipairs(ranking) do
      assert.is_true(r.win == nil or (r.win >= 0 and r.win <= 1))
      assert.is_true(r.win == nil or (r.win * r.visits * 4) % 1 == 0, tostring(r.win))
    end
    -- and the steps played stay few: a branch's replay and one answer each
    assert.is_true(stats.steps <= stats.iterations * (m:count() + 2), stats.steps)
  end)

  it("takes a game's own defaults, which a kind's parameters override", function()
    local def = assert(loader.load("crazyeights"))
    local own = setmetatable({ search = { iterations = 9, tree = "full" } }, { __index = def })
    local m = assert(match.new(def, { players = 3, seed = 9 }))
    m.def = own
    local _, stats = ismcts.search(m, assert(ismcts.parse("ismcts")))
    assert.equal(9, stats.iterations)
    assert.equal("full", stats.tree)
    _, stats = ismcts.search(m, assert(ismcts.parse("ismcts:iterations=12")))
    assert.equal(12, stats.iterations)
    assert.same({ nil, "ismcts:iterations=0: iterations=0; expected a whole number from 1" },
      { ismcts.game_defaults({ iterations = 0 }) })
  end)

  for _, name in ipairs({ "crazyeights", CARDLAB_HOME .. "/docs/examples/highcard.lua" }) do
    local def = assert(loader.load(name))
    it("plays " .. def.title .. " to the end, unchanged", function()
      local m = assert(match.new(def, { players = 3, seed = 2 }))
      local status = m:run({ "ismcts:iterations=10", "random", def.bots.greedy and "greedy" or "random" })
      assert.equal("over", status, select(2, m:result()))
    end)
  end

  it("beats random bots at a small budget (Cryptocurrency, 8 games)", function()
    local def = assert(loader.load("cryptocurrency"))
    local wins = 0
    for seed = 1, 8 do
      local m = assert(match.new(def, { players = 3, seed = seed }))
      m:run({ "ismcts:iterations=12", "random", "random" })
      for _, w in ipairs(m:result().winners) do if w == 1 then wins = wins + 1 end end
    end
    assert.is_true(wins >= 5, wins .. " wins of 8")
  end)

  it("is a kind of every game, in errors and save files", function()
    local def = assert(loader.load("crazyeights"))
    assert.same({ "human", "random", "greedy", "ismcts" }, match.player_kinds(def))
    local m = assert(match.new(def, { players = 2, seed = 1 }))
    assert.has_error(function() m:bot_table({ "ismcts:c=x", "random" }) end,
      "seat 1: ismcts:c=x: c=x; expected a number from 0")
  end)
end)

describe("cardlab check", function()
  it("reports a game whose public state holds a hidden card", function()
    local dir = support.tmpdir()
    local text = support.read(CARDLAB_HOME .. "/docs/examples/highcard.lua")
    local leaky = text:gsub("  game.state.points = {}\n",
      "  game.state.points = {}\n  game.state.secret = hands[2]:peek()\n", 1)
    local path = support.write(dir, "leaky.lua", leaky)
    local out, status = support.run_cardlab("check " .. path .. " -n 60")
    support.rmtree(dir)
    assert.equal(1, status)
    assert.truthy(out:find("game.state tells seat %d what it cannot see: after answer %d+, two games "
      .. "that seat %d cannot tell apart have state.secret = %d+ and %d+"), out)
  end)
end)

describe("hint", function()
  it("ranks the answers at the play prompt and changes nothing", function()
    local out, status = support.run_cardlab("play crazyeights --seed 3 --color=never", "hint\nquit\n")
    assert.equal(0, status, out)
    assert.truthy(out:find("search for seat 1: %d+ games played on by greedy bots"), out)
    assert.truthy(out:find("1%) play 8H%s+%d+ visits  win +%d+%%"), out)
    assert.truthy(out:find("2%) draw%s+%d+ visits  win +%d+%%"), out)
  end)

  it("says when the first answer, the greedy bot's kept, is not the best win", function()
    -- (read as "best first", the hint seemed to rank a lower win above a
    -- higher one: at seed 5, play 8D 27% above draw 28%)
    local out = support.run_cardlab("play crazyeights --seed 5 --color=never", "hint\nquit\n")
    out = out:gsub("\n    ", " ")  -- (lines wrapped at 80 columns, joined)
    assert.truthy(out:find("\n   1%) play 8D +%d+ visits  win  27%%\n   2%) draw +%d+ visits  win  28%%\n"
      .. "  %(the first is the search's answer: the greedy bot's own,%s+kept as no other gained on it surely; "
      .. "ismcts:margin=0 takes the best win%)\n"), out)
    -- where the first is the best win, nothing is said
    out = support.run_cardlab("play crazyeights --seed 4 --color=never", "hint\nquit\n")
    assert.truthy(out:find("\n   %d%) play AD%s+%d+ visits  win +%d+%%"), out)  -- (the ranking was shown)
    assert.falsy(out:find("the first is the search's answer", 1, true), out)
  end)

  it("numbers each answer as the menu does, and a typed request's answers not at all", function()
    -- at seed 4 the menu is 1) play 2C 2) play 10C 3) play AD 4) draw; the search ranks AD first
    local out = support.run_cardlab("play crazyeights --seed 4 --color=never", "hint\nquit\n")
    out = out:gsub("\n    ", " ")  -- (lines wrapped at 80 columns, joined)
    assert.truthy(out:find("win: the seat's average result after the answer, a win counted%s+100%%%)\n   3%) play AD%s+%d+ visits"), out)
    assert.truthy(out:find("\n   1%) play 2C%s+%d+ visits"), out)
    out = support.run_cardlab("play lettertycoon --seed 4 --color=never", "hint\nquit\n")
    assert.truthy(out:find("\n      word %u+%s+%d+ visits"), out)
    assert.falsy(out:find("%d%) word"), out)
  end)

  it("shows the answers it did not try in the order the playout bot would take them", function()
    -- Letter Tycoon's first word at seed 7 (2 players): the search tries 6 of
    -- 216 words; the 4 lines left show the greedy bot's next choices, not the
    -- list's first words (pass, ABS, ADS, AHS)
    local def = assert(loader.load("lettertycoon"))
    local m = assert(match.new(def, { players = 2, seed = 7 }))
    local lines = ismcts.hint_lines(m, assert(ismcts.parse("ismcts")), 10, { "human", "random" })
    local tried, untried = {}, {}
    for _, line in ipairs(lines) do
      local text = line:match("^%s+(word %u+)%s+0 visits  %(not tried%)$")
      if text then untried[#untried + 1] = text
      else
        text = line:match("^%s+(%a[%w ]-)%s+%d+ visits  win")
        if text then tried[text] = true end
      end
    end
    assert.equal(4, #untried)
    assert.equal("  (not tried: shown in the order the greedy bot would take them)", lines[#lines])
    local rest = {}
    for _, text in ipairs(m:legal()) do
      if not tried[text] then rest[#rest + 1] = text end
    end
    local seat, kind, prompt = m.engine:request()
    for i = 1, 4 do
      local pick = def.bots.greedy(m:bot_view(seat), { seat = seat, kind = kind, prompt = prompt, answers = rest })
      assert.equal(pick, untried[i])
      for j = 1, #rest do
        if rest[j] == pick then table.remove(rest, j) break end
      end
    end
    -- a random playout has no bot to ask: the list's order, unsaid
    lines = ismcts.hint_lines(m, assert(ismcts.parse("ismcts:playout=random,iterations=12")), 10, { "human", "random" })
    assert.falsy(lines[#lines]:find("not tried: shown", 1, true))
  end)

  it("takes the search's parameters at the play prompt, and refuses a wrong one in one line", function()
    local out, status = support.run_cardlab("play crazyeights --seed 4 --color=never",
      "hint ismcts:iterations=40\nhint ismcts:foo=1\nhint foo\nquit\n")
    assert.equal(0, status, out)
    out = out:gsub("\n    ", " ")  -- (lines wrapped at 80 columns, joined)
    assert.truthy(out:find("search for seat 1: 40 games played on by greedy bots"), out)
    assert.truthy(out:find("> hint: ismcts:foo=1: unknown parameter 'foo'; parameters: iterations,"), out)
    -- anything else after hint is an answer, refused with the way to a longer hint
    assert.truthy(out:find("'hint foo' is not a legal answer;.-; a longer hint: hint ismcts:iterations=2000"), out)
    assert.truthy(out:find("left the game"), out)
  end)

  it("is followed by the answer it ranked, as if not asked", function()
    local with = support.run_cardlab("play crazyeights --seed 3 --color=never", "hint\ndraw\nquit\n")
    local without = support.run_cardlab("play crazyeights --seed 3 --color=never", "draw\nquit\n")
    assert.equal(without, (with:gsub("search for seat 1:.-\n(seat 1> )", "%1", 1):gsub("seat 1> seat 1> ", "seat 1> ")))
  end)

  it("says how many deals the others' answers, read as the playout bot's, left out", function()
    local out = support.run_cardlab("repl crazyeights --players 3 --seed 5",
      "1\nspades\n:bot 2 greedy\n:bot 3 greedy\n:run\n:hint\n:hint ismcts:reads=none\n:quit\n")
    local first, second = out:match("(search for seat 1:.-)\n(search for seat 1:.-)$")
    assert.truthy(first and first:find("\n  %(%d+ deals left out: the answers of seats 2 and 3, read as greedy bots', "
      .. "rule them out%)\n"), out)
    assert.falsy(second:find("left out", 1, true), out)
    -- random bots' answers are not read as the greedy bot's
    out = support.run_cardlab("repl crazyeights --players 3 --seed 5",
      "1\nspades\n:bot 2 random\n:bot 3 random\n:run\n:hint\n:quit\n")
    assert.truthy(out:find("search for seat 1:", 1, true), out)
    assert.falsy(out:find("left out", 1, true), out)
  end)

  it("ranks with the parameters given in the REPL", function()
    local out = support.run_cardlab("repl crazyeights --seed 3", ":hint ismcts:tree=full,iterations=20\n:quit\n")
    assert.truthy(out:find("search for seat 1: 20 deals of what it cannot see"), out)
    -- the full tree's playouts are the game's greedy bot's unless playout=random,
    -- and its win, as the root's, counts a loss up to `shape`: not games won
    out = out:gsub("\n    ", " ")  -- (lines wrapped at 80 columns, joined)
    assert.truthy(out:find("20 deals of what it cannot see, played out by greedy bots, %d.%d%d s %(win: the seat's "
      .. "average result after the answer, a win counted 100%%%)"), out)
    out = support.run_cardlab("repl crazyeights --seed 3", ":hint ismcts:tree=full,playout=random,iterations=20\n:quit\n")
    assert.truthy(out:gsub("\n    ", " "):find("20 deals of what it cannot see, played out by random bots,", 1, true), out)
    out = support.run_cardlab("repl crazyeights --seed 3", ":hint ismcts:tree=bush\n:quit\n")
    assert.truthy(out:find("ismcts:tree=bush: tree=bush; expected full, root or auto", 1, true), out)
  end)
end)
