-- `cardlab check` and `cardlab sim`: many bot games in a row.
--
-- check plays N games with random bots and checks the engine's promises on
-- each: the game ends, without a script error, with a well-formed result
-- and standings that read (as sim reads them, at every new round);
-- replaying its answers gives the same game; undo then the same answer gives
-- the same state; an illegal answer changes nothing; a save file round trip
-- replays to the same game; no seat's view shows a card hidden from it, nor
-- does the public state (game.state: compared with a twin game). It
-- also formats what the game says and renders every view with the game's
-- describe, so that what would break `play` breaks here first; and asks
-- the game's constraints hook, for the search bot, of every seat at one
-- position a game: it must not fail, and must not rule out where the cards
-- really are.
--
-- (sim, compare and merge are the simulation lab: repl/lab/sim.lua.)

local common = require "repl.common"
local match = require "cardlab.match"
local options = require "cardlab.options"
local savefile = require "cardlab.savefile"
local host = require "cardlab.host"
local render = require "render"
local records = require "cardlab.records"

local say, complain = common.say, common.complain

local M = {}

-- Player counts to use: the one asked for, or every allowed count in turn.
local function player_counts(def, players)
  if players then return { players } end
  local list = {}
  for n = def.players.min, def.players.max do list[#list + 1] = n end
  return list
end

local MAX_ANSWERS = common.MAX_ANSWERS

-- An answer no list holds: it must be refused and change nothing.
local PROBE = "\1 not an answer \1"

-- Where the narration of a checked game goes: it is formatted, then dropped.
local function discard() end

-- Whether a seat's view shows what it may not see, judged from the zone
-- rules rather than from the function that made the view: a card is seen only
-- face up in a public zone or the seat's own, or after it was shown to the
-- seat; counts are seen except in "nobody" zones.
local function view_leak(m, seat)
  local t = m.table
  -- (of two zones that leak, the first by name: pairs' order changes from run
  -- to run; the zones are not sorted unless one leaks, as this runs every step)
  local leak, leak_zone
  for name, z in pairs(m:view(seat).zones) do
    if leak_zone == nil or name < leak_zone then
      local found
      local public = z.visibility == "everyone" or (z.visibility == "owner" and z.owner == seat)
      for pos, id in ipairs(z.cards or {}) do
        if id ~= 0 and not ((public and t:face(id)) or t:shown(id, seat)) then
          found = string.format("seat %d sees card %d (%s) at %s position %d", seat, id,
            m.game:card_name(id), name, pos)
          break
        end
      end
      if not found and (z.count == nil) ~= (z.visibility == "nobody") then
        found = string.format("seat %d %s how many cards %s holds", seat,
          z.count == nil and "cannot see" or "sees", name)
      end
      if found then leak, leak_zone = found, name end
    end
  end
  return leak
end

-- What `play` would fail on in showing the match: the public state is not a
-- table, or the game's describe fails for a view (seat 0 sees everything).
local function render_problem(m)
  if type(m.game.state) ~= "table" then
    return string.format("game.state must be a table (the script made it a %s)",
      type(m.game.state))
  end
  if not m.def.describe then return nil end
  for i = 1, m.config.players + 1 do
    local seat = i % (m.config.players + 1)  -- seat 0 last
    local lines, why = render.describe(m:view(seat), m.game.cards, m.def)
    if not lines then return string.format("describe failed for seat %d's view: %s", seat, why) end
  end
end

-- What the search bot would fail on, or be misled by, in the game's
-- constraints hook (read as ismcts reads it, without a reading of any seat's
-- answers) at the match's position, for each seat's view: an error, or a
-- rule that refuses a card where it really is, or a whole-deal rule that
-- refuses the real deal (what a seat knows must be true). nil when fine.
local function constraints_problem(m)
  if not m.def.constraints or m:status() ~= "waiting" then return nil end
  local ismcts = require "cardlab.ismcts"
  local t = m.table
  local real = ismcts.zone_reader(t)
  for seat = 1, m.config.players do
    local ok, refused, fits = pcall(ismcts.refusals, m, seat)
    if not ok then return string.format("%s (for seat %d's view)", tostring(refused), seat) end
    -- (zones in name order: the same game reports the same zone)
    local zones = {}
    for zone in pairs(refused or {}) do zones[#zones + 1] = zone end
    table.sort(zones, function(a, b) return tostring(a) < tostring(b) end)
    for _, zone in ipairs(zones) do
      local set = refused[zone]
      local ok_zone, where = pcall(t.zone, t, zone)
      if not ok_zone then
        return string.format("%s: the constraints hook names a zone '%s' the game does not have (for seat %d's "
          .. "view)", m.def.name, tostring(zone), seat)
      end
      for _, card in ipairs(where:cards()) do
        if set[card] then
          return string.format("%s: the constraints hook rules %s out of zone '%s', which holds it (for seat "
            .. "%d's view): what a seat knows must be true", m.def.name, m.game:card_name(card), zone, seat)
        end
      end
    end
    if fits then
      local fine, fit = require("cardlab.vm").guard(fits, real)
      if not fine then
        return string.format("%s: the constraints hook's fits failed (for seat %d's view): %s", m.def.name, seat,
          tostring(fit))
      end
      if fit ~= true then
        return string.format("%s: the constraints hook's fits gave %s for the real deal (for seat %d's view); "
          .. "expected true: what a seat knows must be true", m.def.name, tostring(fit), seat)
      end
    end
  end
end

-- The first place where two plain values differ, as a path ("state.secret",
-- "state.hands[2]") and the two values; nil when they are equal.
local function difference(a, b, path)
  if type(a) ~= "table" or type(b) ~= "table" then
    if a ~= b then return path, a, b end
    return nil
  end
  for _, k in ipairs(options.sorted_keys(a)) do
    local where = type(k) == "string" and k:match("^[%a_][%w_]*$") and path .. "." .. k
      or string.format("%s[%s]", path, type(k) == "string" and string.format("%q", k) or tostring(k))
    local p, x, y = difference(a[k], b[k], where)
    if p then return p, x, y end
  end
  -- (of keys only b has, the first by name: pairs' order changes from run to run)
  local only
  for k in pairs(b) do
    if a[k] == nil and (only == nil or tostring(k) < tostring(only)) then only = k end
  end
  if only ~= nil then return string.format("%s[%s]", path, tostring(only)), nil, b[only] end
end

-- A seat's view without the public state: what the table shows it.
local function seen_without_state(m, seat)
  local view = m:view(seat)
  view.state = nil
  if view.request then view.request.answers = nil end
  return view
end

-- Whether game.state holds what some seat cannot see (the identity of a
-- hidden card, or anything that follows from one): the game is played
-- again with the same answers as its twin, in which two cards change places
-- after every shuffle, and while the answers fit the twin and a seat has
-- seen the same table in both games so far, the state must be the same in
-- both. A seat remembers: once its tables differed (a hash card drawn face
-- up, then put back), a state that still tells the games apart tells it
-- nothing it has not seen. Gives nil, or a one-line description of the leak.
local COMPARED = 400  -- answers compared at most (then every 8th)
local function state_leak(def, config, log, seed)
  local a = match.new(def, { players = config.players, seed = config.seed, options = config.options })
  local b = match.new(def, { players = config.players, seed = config.seed, options = config.options,
                             twin = require("cardlab.vm").rng(seed) })
  if not a or not b then return nil end
  local apart = 0  -- comparisons in a row at which every seat could tell the games apart
  local told = {}  -- seats that have seen the games differ
  for k = 0, #log do
    if k > 0 then
      a:answer(log[k][2])
      if not b:answer(log[k][2]) or b:status() == "error" then return nil end
    end
    if k <= COMPARED or k % 8 == 0 then
      local same_somewhere = false
      for seat = 1, config.players do
        if not told[seat] and difference(seen_without_state(a, seat), seen_without_state(b, seat), "view") then
          told[seat] = true
        end
        if not told[seat] then
          same_somewhere = true
          -- (the states as views copy them: raw, so that no metamethod of
          -- the script's runs here, outside its limits)
          local path, x, y = difference(a:view(0).state, b:view(0).state, "state")
          if path then
            return string.format("game.state tells seat %d what it cannot see: after answer %d, "
              .. "two games that seat %d cannot tell apart have %s = %s and %s; keep the identity "
              .. "of hidden cards out of game.state (the search bot's deals rely on it; docs/bots.md)",
              seat, k, seat, path, tostring(x), tostring(y))
          end
        end
      end
      apart = same_somewhere and 0 or apart + 1
      if apart >= 10 then return nil end
    end
  end
end

-- A match of the game with its standings read at every new round, as `sim`
-- reads them (an error there ends the game in error), so that standings
-- that fail only in sim fail here first. Gives the match, or nil and why.
local function new_match(def, config)
  local m, err = match.new(def, config)
  if not m then return nil, err end
  local standing, watch = records.standings_watcher(def, config.players)
  if standing and m:status() == "waiting" then
    local bad = watch(m)
    if bad then return nil, bad end
  end
  return m, nil, standing
end

-- Checks one game; gives nil, or a one-line description of what failed.
local function check_one(def, config, rng)
  local kinds = {}
  for seat = 1, config.players do kinds[seat] = "random" end
  -- every list examined in full, whichever entry the bots pick
  local narrated = { players = config.players, seed = config.seed, options = config.options,
                     narrate = discard, check_lists = true }
  local m, err, standing = new_match(def, narrated)
  if not m then return err end
  -- an illegal answer changes nothing (checked on the first request)
  if m:status() == "waiting" then
    local typed = m:request().typed
    local before = m:snapshot()
    local ok = m:answer(PROBE)
    -- a request that fails when answered (answers that are not texts, a
    -- validator that raises) ends the game: that is the failure to report
    if m:status() == "error" then return select(2, m:result()) end
    if ok and not typed then return "an illegal answer was accepted" end
    if ok then
      -- the game's validator took it (a typed answer may be anything): the
      -- bots play the game from the start instead
      m = assert(new_match(def, narrated))
    elseif m:snapshot() ~= before then
      return "an illegal answer changed the game"
    end
  end
  local status = m:run(kinds, MAX_ANSWERS)
  if status == "error" then return select(2, m:result()) end
  if status ~= "over" then
    return string.format("the game did not end within %d answers", MAX_ANSWERS)
  end
  local bad = match.check_result(m:result(), config.players, def) or render_problem(m)
  if bad then return bad end
  if standing then
    local ok, why = m.engine:read_standings()
    if not ok then return "standing at the end: " .. tostring(why) end
  end
  for seat = 1, config.players do
    local leak = view_leak(m, seat)
    if leak then return leak end
  end
  local final = m:snapshot()
  local log = m:log()
  -- replay gives the same game
  local again, rerr = match.replay(def, config, log)
  if not again or again:snapshot() ~= final then
    return again and "replaying the answers gave another game" or "replay failed: " .. rerr
  end
  -- undo then the same answer gives the same state
  if #log > 0 then
    local k = rng:int(#log)
    local at_k = match.replay(def, config, log, k)
    local undone = at_k and at_k:undo(1)
    if not undone then return "undo failed at answer " .. k end
    local ok, why = undone:answer(log[k][2])
    if not ok then return string.format("after undo, answer %d was refused: %s", k, why) end
    if undone:snapshot() ~= at_k:snapshot() then
      return string.format("undo then answer %d again gave another state", k)
    end
    for seat = 1, config.players do
      local leak = view_leak(at_k, seat)
      if leak then return leak .. string.format(" (after answer %d)", k) end
    end
    -- (where answer k ended the game, the hook is asked one answer before)
    local asked = at_k
    if def.constraints and at_k:status() ~= "waiting" then asked = match.replay(def, config, log, k - 1) end
    bad = render_problem(at_k) or (asked and constraints_problem(asked))
    if bad then return bad .. string.format(" (after answer %d)", k) end
  end
  -- the public state holds nothing a seat cannot see
  bad = state_leak(def, config, log, rng:int(0, 0x7fffffff))
  if bad then return bad end
  -- a save file round trip replays to the same game
  local data, derr = savefile.decode(savefile.encode(m, kinds), "the save")
  if not data then return derr end
  local loaded, lerr = match.replay(def, { players = data.players, seed = data.seed,
                                           options = data.options }, data.answers)
  if not loaded then return "the saved game does not replay: " .. lerr end
  if loaded:snapshot() ~= final then return "the saved game replays to another game" end
  return nil, #log
end

-- The soak's check of one game (check --soak): random bots play it to the
-- end, which must come without a script error, within MAX_ANSWERS, with a
-- well-formed result, and with standings that read, at every new round and
-- at the end, as sim reads them (new_match). Gives nil, or what went wrong;
-- and the answers given.
local function soak_one(def, config)
  local m, err, standing = new_match(def, config)
  if not m then return err, 0 end
  local kinds = {}
  for seat = 1, config.players do kinds[seat] = "random" end
  local status = m:run(kinds, MAX_ANSWERS)
  if status == "error" then return select(2, m:result()), m:count() end
  if status ~= "over" then
    return string.format("the game did not end within %d answers", MAX_ANSWERS), m:count()
  end
  local bad = match.check_result(m:result(), config.players, def)
  if not bad and standing then
    local ok, why = m.engine:read_standings()
    if not ok then bad = "standing at the end: " .. tostring(why) end
  end
  return bad, m:count()
end

function M.check(argv)
  local opts, pos = common.parse("check", argv, { n = "integer", players = "integer",
    seed = "integer", option = "list", house = "string", soak = "flag" }, { ["-n"] = "n" }, { "GAME" })
  if not opts then return 2 end
  local def, code = common.load_game("check", pos, opts)
  if not def then return code end
  local settings = common.option_settings("check", opts.option)
  if not settings then return 2 end
  local n, seed = opts.n or (opts.soak and 100000 or 100), opts.seed or 1
  if n < 1 then complain("check: -n must be at least 1") return 2 end
  if not common.check_last_seed("check", seed, n) then return 2 end
  local counts = player_counts(def, opts.players)
  -- a configuration the game refuses is the user's mistake, said once; a
  -- validate that fails is the game's
  local refused, accepted, first_why = {}, {}, nil
  for _, players in ipairs(counts) do
    local cfg, why, broken = match.configure(def, { players = players, seed = seed,
                                                   options = settings })
    if broken then complain("check: %s", why) return 1 end
    if cfg then
      accepted[#accepted + 1] = players
    else
      refused[#refused + 1] = players
      first_why = first_why or why
    end
  end
  if #refused > 0 then
    if #accepted == 0 then
      complain("check: %s", first_why)
    else
      complain("check: %s (the game refuses %s %s with these options; give --players %s)",
        first_why, render.spoken(refused, "and"), (#refused == 1 and refused[1] == 1) and "player" or "players",
        render.spoken(accepted, "or"))
    end
    return 2
  end
  local vm = require("cardlab.vm")
  local failures, answers = 0, 0
  local first_failure
  local t0 = host.clock()
  local last_progress = t0
  for i = 1, n do
    local players = counts[(i - 1) % #counts + 1]
    local config = { players = players, seed = seed + i - 1, options = settings }
    local ok, err, length
    if opts.soak then
      ok, err, length = pcall(soak_one, def, config)
      if ok and not err then err = nil end
      -- progress on a long run, to stderr: the report stays what stdout holds
      if host.clock() - last_progress >= 10 then
        last_progress = host.clock()
        io.stderr:write(string.format("check --soak: %d of %d games, %d failed\n", i, n, failures))
      end
    else
      -- the game's own generator for the undo point and the twin, so that
      -- the line to reproduce a failure (-n 1 --seed S) checks it the same way
      ok, err, length = pcall(check_one, def, config, vm.rng(config.seed))
    end
    if not ok or err then
      failures = failures + 1
      first_failure = first_failure or { players = players, seed = config.seed }
      if opts.soak then
        -- every failure, on one line each: the seeds are the report
        say("FAIL %s, %s, seed %d: %s", def.name, render.count(players, "player"), config.seed,
          (tostring(ok and err or err):match("^[^\n]*")))
      elseif failures <= 10 then
        say("FAIL %s, %s, seed %d: %s", def.name, render.count(players, "player"), config.seed,
          (tostring(ok and err or err):gsub("\n", "\n    ")))
      end
    else
      answers = answers + length
    end
  end
  local elapsed = host.clock() - t0
  -- the counts played: with fewer games than counts, only the first ones
  local played = { table.unpack(counts, 1, math.min(n, #counts)) }
  say("%s: %s %s (%s player%s, seeds %d to %d), %d failed; %s%s, %.1f s",
    def.name, render.count(n, "game"), opts.soak and "soaked" or "checked", table.concat(played, ","), played[#played] == 1 and "" or "s",
    seed, seed + n - 1, failures, render.count(answers, "answer"),
    failures > 0 and " in the games that passed" or "", elapsed)
  if failures > 0 then
    -- a command to paste into a shell: a path with a blank (my rules.lua)
    -- or an option value with a quote in it stays one argument
    local function quoted(word)
      if word:match("^[%w@%%+=:,./_-]+$") then return word end
      return "'" .. word:gsub("'", [['\'']]) .. "'"
    end
    local extra = {}
    for _, o in ipairs(opts.option or {}) do extra[#extra + 1] = " --option " .. quoted(o) end
    if opts.house then extra[#extra + 1] = " --house " .. quoted(opts.house) end
    say("reproduce the first with: cardlab check %s%s -n 1 --players %d --seed %d%s", quoted(pos[1]),
      opts.soak and " --soak" or "", first_failure.players, first_failure.seed, table.concat(extra))
    return 1
  end
  return 0
end

return M
