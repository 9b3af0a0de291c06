-- The house rules kept as examples under docs/houses/: each loads, plays to
-- the end with random and greedy bots, does what its comment says, and is
-- shown on its game's page as it is.
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local support = require "tests.spec.support"

-- (game, file): every file of docs/houses, which the game pages show
local EXAMPLES = {
  { "rushfortheweb", "docs/houses/rushfortheweb_quick_sales.lua" },
  { "rushfortheweb", "docs/houses/rushfortheweb_small_projects.lua" },
  { "rushfortheweb", "docs/houses/rushfortheweb_rich_pool.lua" },
  { "cryptocurrency", "docs/houses/cryptocurrency_no_loans.lua" },
  { "cryptocurrency", "docs/houses/cryptocurrency_block_bonus.lua" },
  { "lettertycoon", "docs/houses/lettertycoon_two_letter_words.lua" },
  { "lettertycoon", "docs/houses/lettertycoon_long_words_pay.lua" },
  { "online", "docs/houses/online_strong_antivirus.lua" },
  { "online", "docs/houses/online_turbo_movies.lua" },
}
local EXAMPLE_OF = {}  -- the first example of each game, for the cases below
for _, e in ipairs(EXAMPLES) do EXAMPLE_OF[e[1]] = EXAMPLE_OF[e[1]] or e[2] end

-- Plays a game of `bots` to the end; gives the match.
local function played(def, players, seed, bots)
  local m = assert(match.new(def, { players = players, seed = seed }))
  local kinds = {}
  for s = 1, players do kinds[s] = bots end
  m:run(kinds)
  local _, err = m:result()
  assert.equal("over", m:status(), tostring(err))
  return m
end

-- Every answer of a game of random bots, with the kind of request it
-- answered; `look(m)`, if given, sees the game before each answer.
local function answers(def, players, seed, look)
  local m, list = assert(match.new(def, { players = players, seed = seed })), {}
  local kinds = {}
  for s = 1, players do kinds[s] = "random" end
  while m:status() == "waiting" do
    local kind = m:request().kind
    local seen = look and look(m)
    local before = #m:log()
    m:run(kinds, 1)
    local entry = m:log()[before + 1]
    if entry then list[#list + 1] = { kind = kind, text = entry[2], seen = seen } end
  end
  local _, err = m:result()
  assert.equal("over", m:status(), tostring(err))
  return list
end

describe("the house rules of docs/houses", function()
  it("are every file of docs/houses", function()
    local listed = {}
    for _, e in ipairs(EXAMPLES) do listed[e[2]] = true end
    for name in require("lfs").dir("docs/houses") do
      if name:match("%.lua$") then assert.truthy(listed["docs/houses/" .. name], name .. " is not tested here") end
    end
  end)

  for _, example in ipairs(EXAMPLES) do
    local game, path = example[1], example[2]
    it(path .. " plays to the end with random and greedy bots, and is on its page as it is", function()
      local def = assert(loader.load(game, path))
      for seed = 1, 3 do played(def, 2, seed, "random") end
      played(def, 3, 1, "greedy")
      local page = support.read("docs/games/" .. game .. ".md")
      local link = "../houses/" .. path:match("[^/]+$")
      assert.truthy(page:find(link, 1, true), "the page links " .. link)
      -- a page that shows the file shows it whole
      local marker = "<!-- include: " .. path .. " -->\n```lua\n"
      local at = page:find(marker, 1, true)
      if at then
        local text = support.read(path)
        assert.equal(text, page:sub(at + #marker, at + #marker + #text - 1))
      end
    end)
  end

  it("quick sales: a project with 1 resource is offered for sale, and sold", function()
    local def = assert(loader.load("rushfortheweb", EXAMPLE_OF.rushfortheweb))
    local offered, sold = 0, 0
    -- the sales offered of projects holding 1 resource (max_projects: 3)
    local function single(m)
      local set = {}
      if m:request().kind ~= "sell" then return set end
      local seat = m:request().seat
      for k = 1, 3 do
        local slot = m.game.zones["project" .. k][seat]
        if slot:count() == 2 then
          set["sell " .. m.game.cards[slot:peek(2)].code] = true
          offered = offered + 1
        end
      end
      return set
    end
    for seed = 1, 4 do
      for _, a in ipairs(answers(def, 2, seed, single)) do
        if a.seen[a.text] then sold = sold + 1 end
      end
    end
    assert.is_true(offered > 0 and sold > 0, offered .. " offered, " .. sold .. " sold")
    local card = { sell = { [2] = 5, [3] = 8, [4] = 11 } }
    assert.equal(2, def.rules.table_price(card, 1))
    assert.equal(8, def.rules.table_price(card, 3))
  end)

  it("no loans: nobody is asked to take one", function()
    local function loans_asked(def)
      local n = 0
      for seed = 1, 3 do
        for _, a in ipairs(answers(def, 3, seed)) do if a.kind == "loan" then n = n + 1 end end
      end
      return n
    end
    assert.is_true(loans_asked(assert(loader.load("cryptocurrency"))) > 0)
    assert.equal(0, loans_asked(assert(loader.load("cryptocurrency", EXAMPLE_OF.cryptocurrency))))
  end)

  it("two-letter words: they are played and earn $1", function()
    local def = assert(loader.load("lettertycoon", EXAMPLE_OF.lettertycoon))
    local twos = 0
    for seed = 1, 3 do
      for _, a in ipairs(answers(def, 2, seed)) do
        if a.kind == "word" and a.text:match("^word %a%a$") then twos = twos + 1 end
      end
    end
    assert.is_true(twos > 0)
    assert.same({ 1, 0 }, { def.rules.word_value(2) })
    local book = assert(loader.load("lettertycoon"))
    assert.same({ 0, 0 }, { book.rules.word_value(2) })
  end)
end)
