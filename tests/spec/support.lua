-- Helpers shared by the specs (not a spec itself): temporary folders and
-- files, and arranging the cards of a Crazy Eights match.

local lfs = require "lfs"

local M = {}

-- Makes a fresh empty folder under /tmp; gives its path.
function M.tmpdir()
  local path = os.tmpname()
  os.remove(path)
  assert(lfs.mkdir(path))
  return path
end

-- Gives each test of the enclosing block (or file) an empty temporary
-- directory of its own: set(path) is called before the test, and the
-- directory is removed after it.
function M.fresh_dir_each_test(set)
  local busted = require "busted"
  local path
  busted.before_each(function()
    path = M.tmpdir()
    set(path)
  end)
  busted.after_each(function() M.rmtree(path) end)
end

-- The game `name` loaded with a house file holding `text` (written to a
-- folder of its own, removed once loaded).
function M.load_with_house(name, text)
  local dir = M.tmpdir()
  local def, err = require("cardlab.loader").load(name, M.write(dir, "house.lua", text))
  M.rmtree(dir)
  return assert(def, err)
end

-- Writes text to dir/name (binary mode); gives the path.
function M.write(dir, name, text)
  local path = dir .. "/" .. name
  local f = assert(io.open(path, "wb"))
  f:write(text)
  f:close()
  return path
end

function M.read(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("a")
  f:close()
  return text
end

-- Removes a folder and everything in it. A link is removed, not followed:
-- what it points to stays.
function M.rmtree(dir)
  for entry in lfs.dir(dir) do
    if entry ~= "." and entry ~= ".." then
      local path = dir .. "/" .. entry
      if lfs.symlinkattributes(path, "mode") == "directory" then M.rmtree(path) else os.remove(path) end
    end
  end
  lfs.rmdir(dir)
end

-- The path of the running cardlab program, for specs that must run a game in
-- a child process (one that may hang).
function M.cardlab()
  local exe = lfs.symlinkattributes("/proc/self/exe", "target")
  if exe and exe:match("cardlab$") then return exe end
  return CARDLAB_HOME .. "/build/cardlab"
end

-- Runs `cardlab ARGS` in a child process with `input` on its stdin (none by
-- default), plain prompts and `env` (e.g. "CARDLAB_MEMORY_MB=9") set; gives
-- its output (stdout and stderr) and exit status.
function M.run_cardlab(args, input, env)
  local dir = M.tmpdir()
  local stdin = M.write(dir, "stdin", input or "")
  local p = assert(io.popen(string.format("CARDLAB_PLAIN=1 %s %s %s <%s 2>&1; echo \"exit=$?\"",
    env or "", M.cardlab(), args, stdin)))
  local out = p:read("a")
  p:close()
  M.rmtree(dir)
  return (out:gsub("exit=%d+%s*$", "")), tonumber(out:match("exit=(%d+)%s*$"))
end

-- Writes dir/game.lua: a two-seat game with no cards, with `fields` in its
-- definition and `body` as its play function's body (it should end with a
-- return); gives the path.
function M.write_game(dir, body, fields)
  return M.write(dir, "game.lua", string.format([[
return { name = "t", players = { min = 2, max = 2 }, cards = {}, %s
  setup = function(game) end,
  play = function(game)
    %s
  end }
]], fields or "", body))
end

-- Runs a Lua file with `cardlab run` in a child process, killed after
-- `seconds`; gives its output (stdout and stderr) and whether it finished.
function M.run_child(file, seconds)
  local p = assert(io.popen(string.format("timeout -s KILL %d %s run %s 2>&1; echo \"exit=$?\"",
    seconds, M.cardlab(), file)))
  local out = p:read("a")
  p:close()
  local code = tonumber(out:match("exit=(%d+)%s*$"))
  return out, code ~= 137 and code ~= 124
end

---------------------------------------------------------------- Crazy Eights

-- A map from card name ("8H") to card id in a match of a deck game.
function M.ids(m)
  local by_name = {}
  for id, card in ipairs(m.game.cards) do by_name[card.name] = id end
  return by_name
end

-- The names of a list of card ids.
function M.names(m, list)
  local out = {}
  for i, id in ipairs(list) do out[i] = m.game.cards[id].name end
  return out
end

local SUIT_NAMES = { C = "clubs", D = "diamonds", H = "hearts", S = "spades" }

-- Puts every card of a Crazy Eights match in the box, then deals the layout:
-- { stock = {names, top first}, discard = {...}, hand = { [seat] = {...} },
--   suit = "hearts" (default: the suit of the top discard) }.
-- Cards not named stay out of play, in the box. The request pending when this
-- is called was made from the old cards: answer it with "draw" (which draws
-- the top of the new stock) to get one made from the layout.
function M.arrange(m, layout)
  local zones, ids = m.game.zones, M.ids(m)
  local function fill(zone, names)
    for _, name in ipairs(names or {}) do
      local id = assert(ids[name], "no card named " .. name)
      zone:insert(id, "bottom")
    end
  end
  for id = 1, #m.game.cards do zones.box:insert(id) end
  fill(zones.stock, layout.stock)
  fill(zones.discard, layout.discard)
  for seat = 1, m.game.players do fill(zones.hand[seat], layout.hand and layout.hand[seat]) end
  local top = zones.discard:peek()
  m.game.state.suit = layout.suit or (top and SUIT_NAMES[m.game.cards[top].suit])
  m.game.state.passes = 0
end

-- The cards of a zone by name, top first.
function M.zone_names(m, zone)
  return M.names(m, zone:cards())
end

-- The reason of a refusal (what the game's explainer or the engine said
-- between "is not a legal answer: " and "; legal answers"), or nil when it
-- gives none. The text must be refused.
function M.refusal_reason(m, text)
  local ok, message = m:answer(text)
  assert(ok == nil, text .. " was accepted")
  -- an explainer that failed gives no reason either: that is a failure here
  assert(not message:find("explainer of refusals failed", 1, true), message)
  return message:match("^'[^']*' is not a legal answer: (.-); legal answers: ")
end

-- Plays the matches that new_match(seed) makes, seeds 1 to `seeds`, with
-- random bots, and at every request refuses each text of texts_of(m,
-- request) that is not a legal answer: each must get a reason. Gives how
-- many were refused.
function M.assert_refusals_have_reasons(new_match, seeds, texts_of)
  local refused = 0
  for seed = 1, seeds do
    local m = new_match(seed)
    local bots = {}
    for seat = 1, m.config.players do bots[seat] = "random" end
    while m:status() == "waiting" do
      local r = m:request()
      local legal = {}
      for _, a in ipairs(r.answers or {}) do legal[a] = true end
      for _, text in ipairs(texts_of(m, r)) do
        if not legal[text] then
          refused = refused + 1
          assert(type(M.refusal_reason(m, text)) == "string", "no reason for '" .. text .. "'")
        end
      end
      m:run(bots, 1)
    end
  end
  return refused
end

-- For each player count of `counts`, plays `games` random games of the
-- definition and, at every request with an explainer, gives each legal answer with a
-- word added ("draw now"), which must be refused with "say just 'draw'" (the
-- engine names the answer before any explainer could give a false reason),
-- and near misses of it (its first blank taken out, a full stop added, a
-- leading zero before a number), whose refusal must not find the explainer
-- failing. Gives the first failure, or nil, and how many requests were
-- asked about.
local function legal_with_a_word(def, players, games)
  local match = require "cardlab.match"
  local asked = 0
  for seed = 1, games do
    local m = assert(match.new(def, { players = players, seed = seed }))
    local kinds = {}
    for seat = 1, players do kinds[seat] = "random" end
    while m:status() == "waiting" do
      local _, kind, _, legal, explain = m.engine:request()
      if type(legal) == "table" and type(explain) == "function" then
        asked = asked + 1
        for _, text in ipairs(legal) do
          local _, why = m:answer(text .. " x")
          if not why or not why:find(": say just '" .. text .. "'; ", 1, true) then
            return string.format("%s: %s (seed %d)", kind, why or "'" .. text .. " x' was accepted", seed), asked
          end
          for _, near in ipairs({ (text:gsub(" ", "", 1)), text .. ".", (text:gsub("(%d+)", "0%1", 1)) }) do
            if near ~= text then
              local ok, refusal = m:answer(near)
              if ok then return string.format("%s: '%s' was accepted (seed %d)", kind, near, seed), asked end
              if refusal:find("explainer of refusals failed", 1, true) then
                return string.format("%s: %s (seed %d)", kind, refusal, seed), asked
              end
            end
          end
        end
      end
      m:run(kinds, 1)
    end
  end
  return nil, asked
end

-- Asserts the above for each player count, with at least `least` requests
-- asked about at each.
function M.assert_legal_with_a_word(def, counts, games, least)
  for _, players in ipairs(counts) do
    local bad, asked = legal_with_a_word(def, players, games)
    assert(bad == nil, bad)
    assert(asked >= least, string.format("only %d requests with an explainer at %d players", asked, players))
  end
end

return M
