-- A REPL session: the live game and what the REPL's commands do to it. Every
-- entry point gives back the text to show, so that specs can drive a session
-- without a terminal; repl/repl.lua adds the prompt, line editing and Ctrl-C.

local commands = require "repl.commands"
local loader = require "cardlab.loader"
local match = require "cardlab.match"
local options = require "cardlab.options"
local savefile = require "cardlab.savefile"
local render = require "render"
local printable = require("cardlab.vm").printable

local Session = {}
Session.__index = Session

local M = {}

-- A session; `start` (optional) = { game =, players =, seed =, options =,
-- house = } starts a game at once. Gives the session and the text to show,
-- and when that game could not be started, an exit status: 1 when its script
-- did not load, 2 for a bad setting (the text says why).
function M.new(start)
  local s = setmetatable({ out = {}, redo = {}, narration = {} }, Session)
  s.env = s:make_env()
  local failed
  if start and start.game then
    failed = select(2, s:start_game(start.game, start.players, start.seed, start.options or {}, start.house))
  end
  return s, s:flush(), failed
end

function Session:say(fmt, ...)
  self.out[#self.out + 1] = select("#", ...) > 0 and string.format(fmt, ...) or fmt
end

-- The options of match m set away from the game's defaults, as play says
-- them under its title line; nothing when there are none.
function Session:say_options(m)
  local changed = options.changed(m.def.options, m.config.options)
  if #changed > 0 then self:say("options: %s", table.concat(changed, ", ")) end
end

function Session:flush()
  self:narrated("")
  local text = table.concat(self.out, "\n")
  self.out = {}
  return text
end

---------------------------------------------------------------- the game

function Session:describe_request()
  local m = self.match
  if not m then return end
  local status = m:status()
  if status == "over" then
    local result = m:result()
    local bad = match.check_result(result, m.config.players, m.def)
    if bad then
      self:say("the game ended with a %s", bad)
      return
    end
    local w = {}
    for i, seat in ipairs(result.winners or {}) do w[i] = tostring(seat) end
    self:say("game over%s; winner%s: seat %s", result.reason and ": " .. tostring(result.reason) or "",
      #w == 1 and "" or "s", table.concat(w, ", "))
  elseif status == "error" then
    if self:before_error() then
      self:say("the game ended in error (:undo goes back before it):\n%s", select(2, m:result()))
    else
      self:say("the game ended in error before its first request (fix the rules and :reload, "
        .. "or start another with :new):\n%s", select(2, m:result()))
    end
  else
    local r = m:request()
    self:say("seat %d (%s), %s: %s", r.seat, self.kinds[r.seat], r.kind, r.prompt)
  end
end

-- Starts a game; gives true, or false and 1 (the script did not load, or
-- its validate or cards function failed) or 2 (a bad setting) once it has
-- said why.
function Session:start_game(name, players, seed, settings, house)
  local def, err = loader.load(name, house)
  if not def then
    self:say("%s", err)
    return false, 1
  end
  local m, merr, broken = match.new(def, { players = players, seed = seed or 1, options = settings })
  if not m then
    self:say("%s", merr)
    -- the game's validate or cards function failed: its script is at fault
    return false, broken and 1 or 2
  end
  self.def, self.house, self.redo = def, house, {}
  self:replace(m)
  self.kinds = {}
  for seat = 1, m.config.players do self.kinds[seat] = "human" end
  self:say("%s, %s, seed %d", def.title, render.count(m.config.players, "player"), m.config.seed)
  self:say_options(m)
  if house then self:say("(with the house rules of %s)", house) end
  self:describe_request()
  return true
end

-- For a match in error: the game as it stood before the step that failed,
-- replayed, and the number of answers that takes back: 1 when the rules failed
-- on the last answer, 0 when a bot (or the request's own enumerator or
-- validator) failed on the request that was pending. Nil when the rules failed
-- before their first request. Worked out once per failed match.
function Session:before_error()
  local m = self.match
  if self.rescued and self.rescued.from == m then return self.rescued.back, self.rescued.taken end
  local log, config = m:log(), m:config_for_replay()
  local back, taken = match.replay(m.def, config, log, #log, m.edits), 0
  if not back or back:status() ~= "waiting" then
    back, taken = #log > 0 and match.replay(m.def, config, log, #log - 1, m.edits) or nil, 1
    if back and back:status() ~= "waiting" then back = nil end
  end
  self.rescued = { from = m, back = back, taken = taken }
  return back, taken
end

-- Makes m the live match (a new game, or after undo, load, reload), keeping
-- the seat kinds. What its rules narrate from now on (game:say) is kept with
-- the number of answers given then, to be shown after the answer that caused
-- it; what a replay narrated before is not shown.
function Session:replace(m)
  self.match = m
  self.narration = {}
  m.game.narrate = function(text)
    self.narration[#self.narration + 1] = { m:count(), text }
  end
end

-- Says what the game narrated up to answer `upto` (default: all of it), each
-- line indented by `indent`; with no indent, drops it unsaid.
function Session:narrated(indent, upto)
  local kept = {}
  for _, entry in ipairs(self.narration) do
    if upto and entry[1] > upto then
      kept[#kept + 1] = entry
    elseif indent then
      self:say("%s%s", indent, entry[2])
    end
  end
  self.narration = kept
end

function Session:need_game()
  if not self.match then
    self:say("no game: start one with :new GAME (:games lists them)")
    return false
  end
  return true
end

-- Answers the pending request; gives true if it was taken.
function Session:answer(text)
  local m = self.match
  local r = m:request()
  if not r then
    self:say("no request is pending: %s", m:status_phrase())
    return false
  end
  local ok, why = m:answer(text)
  if not ok then
    self:say("%s", why)
    return false
  end
  self:answered(r)
  return true
end

-- Reports the answer just given to request r, what the game narrated after
-- it, and the next request.
function Session:answered(r)
  local log = self.match:log()
  self:say("seat %d: %s", r.seat, log[#log][2])
  self:narrated("  ")
  self.redo = {}
  self:describe_request()
end

-- The answer a number stands for, when the pending request lists answers
-- and `line` is a number: as in play, a number that is itself an answer's text
-- is that answer, and else the answer at that place in the list. Gives the
-- answer's text, or false when the number is none of them; nil when the line
-- is not a number or the request is for a typed answer.
function Session:numbered_answer(line)
  local r = self.match:request()
  local n = tonumber(line)
  if not (r and r.answers and n) then return nil end
  for _, a in ipairs(r.answers) do
    if a == line then return a end
  end
  if n >= 1 and n <= #r.answers and n % 1 == 0 then return r.answers[n] end
  return false
end

-- Whether a line typed without ':' is an answer to the pending request: a
-- number of a listed answer, or a text that the request accepts.
function Session:try_answer(line)
  local m = self.match
  if not m or m:status() ~= "waiting" then return false end
  local r = m:request()
  local numbered = self:numbered_answer(line)
  if numbered then return self:answer(numbered) end
  if numbered == false then return false end  -- a number that is no answer's is Lua
  local ok = m:answer(line)
  if not ok then return false end
  self:answered(r)
  return true
end

---------------------------------------------------------------- commands

local C = {}

function C.new(s, name, settings)
  local opts, players, seed, given = {}, nil, nil, {}
  for _, kv in ipairs(settings) do
    local k, v = kv[1], kv[2]
    if given[k] then return s:say("%s given twice (%s=%s, then %s=%s); expected one value", k, k, given[k], k, v) end
    given[k] = v
    if k == "players" or k == "seed" then
      -- decimal digits only, as on the command line (not 1e3, 0x10 or 3.0)
      local n = v:match("^[+-]?%d+$") and math.tointeger(tonumber(v))
      if not n then return s:say("%s=%s: expected a whole number", k, v) end
      if k == "players" then players = n else seed = n end
    else
      opts[k] = v
    end
  end
  -- the house rules go on with a new game of the same game, and are said to
  -- stop with another
  local house = s.house
  if house then
    local def = loader.load(name)
    if not (def and s.def and def.name == s.def.name) then
      if def then s:say("(the house rules of %s are for %s: not used)", house, s.def.name) end
      house = nil
    end
  end
  s:start_game(name, players, seed, opts, house)
end

function C.games(s)
  for _, name in ipairs(loader.names()) do
    local def = loader.load(name)
    -- (escaped before it is padded: a NUL would stop string.format)
    if def then s:say("%-16s %-24s %s", name, printable(def.title), match.player_range(def, "-")) end
  end
end

function C.options(s)
  if not s:need_game() then return end
  if #s.def.options == 0 then return s:say("%s has no options", s.def.name) end
  for _, o in ipairs(s.def.options) do
    s:say("%-16s = %-8s %s", o.name, printable(tostring(s.match.config.options[o.name])), o.doc)
  end
end

function C.show(s, seat)
  if not s:need_game() then return end
  seat = seat or 0
  if seat < 0 or seat > s.match.config.players then return s:say("there are seats 1 to %d", s.match.config.players) end
  for _, line in ipairs(render.view_lines(s.match:view(seat), s.match.game.cards, s.def)) do s:say("%s", line) end
end

function C.moves(s)
  if not s:need_game() then return end
  local m = s.match
  if m:status() ~= "waiting" then return s:describe_request() end
  s:describe_request()
  local r = m:request()
  local legal = r.answers or m:legal()
  for i, a in ipairs(legal) do
    if i > 50 then s:say("  ... (%d in all)", #legal) break end
    s:say("%4d) %s", i, a)
  end
  if r.typed then s:say("  (a typed answer: any text the rules accept)") end
end

-- As if TEXT were typed, but never Lua: a number that is no answer's is an
-- error.
function C.answer(s, text)
  if not s:need_game() then return end
  local numbered
  if s.match:status() == "waiting" then numbered = s:numbered_answer(text) end
  if numbered == false then
    return s:say("there is no answer %s: choose 1 to %d", text, #s.match:request().answers)
  end
  s:answer(numbered or text)
end

-- Takes back the last k answers (k may be 0 after an error) by replaying the
-- game without them; keeps them, and the edits that followed them, for :redo.
local function take_back(s, k)
  local m = s.match
  local log = m:log()
  local back, err = match.replay(m.def, m:config_for_replay(), log, #log - k, m.edits)
  if not back then return nil, err end
  local edits_after = {}
  for _, e in ipairs(m.edits) do
    if e[1] > #log - k then
      edits_after[e[1]] = edits_after[e[1]] or {}
      table.insert(edits_after[e[1]], e[2])
    end
  end
  for i = #log, #log - k + 1, -1 do
    s.redo[#s.redo + 1] = { log[i][1], log[i][2], edits = edits_after[i] }
  end
  s:replace(back)
  return true
end

local function answers(n) return render.count(n, "answer") end

function C.undo(s, n)
  if not s:need_game() then return end
  local m = s.match
  local given = m:count()
  if m:status() == "error" then
    -- the step that failed is the first thing taken back: the answer the
    -- rules failed on, or else the failure of a bot at the pending request
    local back, taken = s:before_error()
    if not back then
      return s:say("cannot undo: the game failed before its first request (fix the rules and :reload)")
    end
    local most = given + 1 - taken
    n = n or 1
    if n < 1 or n > most then
      return s:say("cannot undo %d: N must be from 1 to %d (%s)", n, most,
        taken == 1 and answers(given) .. " given so far"
        or given == 0 and "there is only the failed step"
        or "the failed step and the " .. answers(given) .. " before it")
    end
    if taken == 0 and n == 1 then
      s:replace(back)
    else
      local ok, err = take_back(s, n - 1 + taken)
      if not ok then return s:say("%s", err) end
    end
    if taken == 1 then
      s:say("took back %s", answers(n))
    elseif n == 1 then
      s:say("took back the failed step (no answer)")
    else
      s:say("took back the failed step and %s", answers(n - 1))
    end
    return s:describe_request()
  end
  -- an edit made since the last answer is the first thing taken back
  local edits = m.edits
  if (n or 1) == 1 and #edits > 0 and edits[#edits][1] == given then
    local kept = {}
    for i = 1, #edits - 1 do kept[i] = edits[i] end
    local back, err = match.replay(m.def, m:config_for_replay(), m:log(), nil, kept)
    if not back then return s:say("%s", err) end
    s:replace(back)
    s.redo[#s.redo + 1] = { edit = edits[#edits][2] }
    return s:say("took back the edit '%s'", edits[#edits][2])
  end
  n = n or 1
  if given == 0 then
    if n < 1 then return s:say("cannot undo %d: N must be 1 or more", n) end
    return s:say("nothing to undo: no answers given so far")
  end
  if n < 1 or n > given then
    return s:say("cannot undo %d: N must be from 1 to %d (%s given so far)", n, given, answers(given))
  end
  local ok, err = take_back(s, n)
  if not ok then return s:say("%s", err) end
  s:say("took back %s", answers(n))
  s:describe_request()
end

function C.redo(s)
  if not s:need_game() then return end
  local entry = table.remove(s.redo)
  if not entry then return s:say("nothing to redo") end
  local keep = s.redo
  local ok = true
  if not entry.edit then ok = s:answer(entry[2]) end
  for _, text in ipairs(ok and (entry.edit and { entry.edit } or entry.edits) or {}) do
    local done, err = s.match:edit(text)
    if not done then
      s:say("%s", err)
      ok = false
      break
    end
    s:say("edit: %s", text)
  end
  s.redo = ok and keep or {}
end

function C.log(s)
  if not s:need_game() then return end
  local m = s.match
  local edits_at = {}
  for _, e in ipairs(m.edits) do
    edits_at[e[1]] = edits_at[e[1]] or {}
    table.insert(edits_at[e[1]], e[2])
  end
  local log = m:log()
  for i = 0, #log do
    if i > 0 then s:say("%4d. seat %d: %s", i, log[i][1], log[i][2]) end
    for _, text in ipairs(edits_at[i] or {}) do s:say("      edit: %s", text) end
  end
  if #log == 0 and #m.edits == 0 then s:say("no answers yet") end
end

function C.save(s, path)
  if not s:need_game() then return end
  local ok, err = savefile.write(path, s.match, s.kinds)
  s:say(ok and "saved in %s" or "%s", ok and path or err)
end

function C.load(s, path)
  local m, data = savefile.load(path)
  if not m then return s:say("%s", data) end
  s.def, s.house, s.redo = m.def, data.house, {}
  s:replace(m)
  s.kinds = {}
  for seat = 1, m.config.players do
    -- savefile.load refused a kind the game does not have
    s.kinds[seat] = data.seats and data.seats[seat] or "human"
  end
  s:say("loaded %s: %s, %s, seed %d, %s%s", path, m.def.title, render.count(m.config.players, "player"),
    m.config.seed, render.count(m:count(), "answer"), #m.edits > 0 and ", " .. render.count(#m.edits, "edit") or "")
  s:say_options(m)
  s:describe_request()
end

-- :scenario FILE [NAME]: the game as a scenario file that `cardlab test`
-- runs (cardlab.scenario.keep says how, and checks it passes first).
function C.scenario(s, path, name)
  if not s:need_game() then return end
  local _, text = require("cardlab.scenario").keep(path, s.match, { name = name, house = s.house })
  s:say("%s", text)
end

-- :hint [ismcts:...]: the search's ranking of the pending request's answers.
function C.hint(s, kind)
  if not s:need_game() then return end
  local m = s.match
  if m:status() ~= "waiting" then return s:describe_request() end
  local ismcts = require "cardlab.ismcts"
  local params, why = ismcts.parse(kind or "ismcts")
  if not params then return s:say("%s", why) end
  local ok, lines = pcall(ismcts.hint_lines, m, params, nil, s.kinds)
  if not ok then return s:say("hint: %s", tostring(lines)) end
  for _, line in ipairs(lines) do s:say("%s", line) end
end

function C.seed(s)
  if s:need_game() then s:say("%d", s.match.config.seed) end
end

function C.bot(s, seat, kind)
  if not s:need_game() then return end
  if seat < 1 or seat > s.match.config.players then
    return s:say("there are seats 1 to %d", s.match.config.players)
  end
  local kinds = {}
  for i, k in ipairs(s.kinds) do kinds[i] = k end
  kinds[seat] = kind
  local ok, err = pcall(s.match.bot_table, s.match, kinds)
  -- (bot_table names the seat, as `play --seat` needs; here the command did,
  -- and "seat 2: ismcts:foo=1: ..." would read as the line that hands it over)
  if not ok then return s:say("%s", (tostring(err):gsub("^seat %d+: ", ""))) end
  s.kinds = kinds
  s:say("seat %d: %s", seat, kind)
end

function C.run(s, n)
  if not s:need_game() then return end
  if n and n < 1 then return s:say("cannot run %d answers: N must be 1 or more", n) end
  local m = s.match
  local before = m:count()
  local status, made, interrupted = m:run(s.kinds, n)
  local log = m:log()
  local first = math.max(before + 1, #log - 19)
  if first > before + 1 then s:say("  ... %s", answers(first - before - 1)) end
  s:narrated(nil, first - 1)   -- the answers :run does not show
  for i = first, #log do
    s:say("%4d. seat %d: %s", i, log[i][1], log[i][2])
    s:narrated("      ", i)
  end
  if interrupted then s:say("interrupted after %s", answers(made)) end
  if made == 0 and status == "waiting" and not interrupted and s.kinds[m:request().seat] == "human" then
    s:say("seat %d is human: answer it, or let a bot play it with :bot %d random",
      m:request().seat, m:request().seat)
  end
  s.redo = {}
  s:describe_request()
end

-- Reloads the rule script and replays answers and edits under it, step by
-- step beside the game as it was, to find the first answer after which they
-- differ.
-- How a finished game came out, as text to compare and to show.
local function outcome(m)
  local status = m:status()
  if status ~= "over" then return status, status end
  local r = m:result()
  local scores = {}
  for i, v in ipairs(type(r) == "table" and r.scores or {}) do scores[i] = tostring(v) end
  return M.pretty(r), string.format("'%s', scores %s", type(r) == "table" and r.reason or "",
    #scores > 0 and table.concat(scores, " ") or "none")
end

-- What two views of everything (Match:view(0)) differ in first, as text
-- after "the table differs": the first value of the state by its path and
-- the first zone, by name (" (state money[2]: 8, now 6; zone deck: 40
-- cards, now 41)"), or "" (the seats or the turn).
local function first_difference(a, b)
  local options = require "cardlab.options"
  local function shown(v)
    if v == nil then return "none" end
    -- (escaped: a value with a newline keeps the message on one line)
    return type(v) == "string" and '"' .. require("cardlab.vm").shown(v) .. '"' or tostring(v)
  end
  -- the state's plain values by path, in the order scenario checks list
  -- them (money[2] before money[10])
  local state_values = require("cardlab.scenario").state_values
  local before, after, paths = {}, {}, {}
  for _, pv in ipairs(state_values(a.state)) do before[pv[1]] = pv[2]; paths[#paths + 1] = pv[1] end
  for _, pv in ipairs(state_values(b.state)) do
    if before[pv[1]] == nil then paths[#paths + 1] = pv[1] end
    after[pv[1]] = pv[2]
  end
  local parts = {}
  for _, path in ipairs(paths) do
    if before[path] ~= after[path] then
      parts[1] = string.format("state %s: %s, now %s", path, shown(before[path]), shown(after[path]))
      break
    end
  end
  local zones = {}
  for name in pairs(a.zones) do zones[name] = true end
  for name in pairs(b.zones) do zones[name] = true end
  for _, name in ipairs(options.sorted_keys(zones)) do
    local x, y = a.zones[name], b.zones[name]
    local cx = x and table.concat(x.cards or {}, " ") or "none"
    local cy = y and table.concat(y.cards or {}, " ") or "none"
    if cx ~= cy then
      local nx, ny = x and x.count or 0, y and y.count or 0
      parts[#parts + 1] = nx == ny and string.format("zone %s: other cards", name)
        or string.format("zone %s: %d cards, now %d", name, nx, ny)
      break
    end
  end
  return #parts > 0 and " (" .. table.concat(parts, "; ") .. ")" or ""
end

function C.reload(s)
  if not s:need_game() then return end
  local old = s.match
  -- def.path is relative to CARDLAB_HOME for its games: find the script by
  -- the name or absolute path it was loaded by (def.spec), or else where it
  -- was found (def.dir), so that the current folder does not matter
  local script = s.def.spec or s.def.dir .. "/" .. s.def.path:match("[^/]*$")
  local def, err = loader.load(script, s.house)
  if not def then return s:say("reload failed, the game is unchanged: %s", err) end
  local config = old:config_for_replay()
  local log = old:log()
  local before = match.new(s.def, config)
  local after, aerr = match.new(def, config)
  if not after then return s:say("reload failed, the game is unchanged: %s", aerr) end
  local diverged
  local function where(i)
    return i == 0 and "at the start" or string.format("after answer %d (%s)", i, log[i][2])
  end
  local function compare(i)
    local ob, show_b = outcome(before)
    local oa, show_a = outcome(after)
    if before:status() == "over" and after:status() == "over" and ob ~= oa then
      diverged = string.format("%s: the result differs: it was %s, now %s", where(i), show_b, show_a)
      return true
    end
    if before:snapshot() ~= after:snapshot() then
      local rb, ra = before:request(), after:request()
      local what
      if (rb and rb.seat) ~= (ra and ra.seat) or (rb and rb.kind) ~= (ra and ra.kind) then
        what = string.format("seat %s was asked '%s', now seat %s is asked '%s'",
          rb and rb.seat or "-", rb and rb.kind or (before:status() == "error" and "(error)" or "(game over)"),
          ra and ra.seat or "-",
          ra and ra.kind or (after:status() == "error" and "(error)" or "(game over)"))
      else
        what = "the table differs" .. first_difference(before:view(0), after:view(0))
      end
      diverged = where(i) .. ": " .. what
      return true
    end
  end
  local edits_of = function(m, i)
    for _, e in ipairs(old.edits) do if e[1] == i then m:edit(e[2]) end end
  end
  edits_of(before, 0)
  edits_of(after, 0)
  if not compare(0) then
    for i = 1, #log do
      before:answer(log[i][2])
      local ok, why = after:answer(log[i][2])
      if not ok then
        diverged = string.format("at answer %d: '%s' is no longer legal (%s)", i, log[i][2], why)
        break
      end
      edits_of(before, i)
      edits_of(after, i)
      if compare(i) then break end
    end
  end
  -- what the new rules keep: the answers that still replay under them
  local kept, upto = after, #log
  if diverged then
    upto = 0
    for i = 1, #log do
      if not match.replay(def, config, log, i, old.edits) then break end
      upto = i
    end
    kept = assert(match.replay(def, config, log, upto, old.edits))
  end
  -- new rules that end in error where the old ones did not are a mistake in
  -- the script: the game stays as it was, for the next try
  if kept:status() == "error" and not (old:status() == "error" and upto == #log) then
    return s:say("reload failed, the game is unchanged: the new rules end in error %s: %s", where(upto),
      tostring(select(2, kept:result())):match("[^\n]*"))
  end
  s.def = def
  s:replace(kept)
  -- what was read again: the script, and the house file, whose pieces and
  -- option values the new rules hold too
  local reloaded = def.path .. (s.house and " and the house file " .. s.house or "")
  if diverged then
    s:say("reloaded %s; the game diverges %s", reloaded, diverged)
    if upto < #log then s:say("kept the first %d of %s", upto, answers(#log)) end
  else
    -- what replayed: the answers, and the edits (a position built by hand
    -- before any answer replays too)
    local parts = {}
    if #log > 0 then parts[#parts + 1] = answers(#log) end
    if #old.edits > 0 then parts[#parts + 1] = render.count(#old.edits, "edit") end
    if #parts == 0 then
      s:say("reloaded %s; the game starts the same under the new rules (no answers or edits yet)", reloaded)
    else
      s:say("reloaded %s; the %s %s the same under the new rules", reloaded, table.concat(parts, " and "),
        (#log + #old.edits == 1) and "replays" or "replay")
    end
  end
  s:describe_request()
end

function C.set(s, text)
  if not s:need_game() then return end
  -- (a name several cards share takes the first of them: said, where from)
  local id, source, verb = require("cardlab.edits").shared_source(s.match.game, text, s.def)
  local ok, err_or_note, asked = s.match:edit(text)
  if not ok then return s:say("%s", err_or_note) end
  s.redo = {}
  s:say("edit: %s%s", text, id and string.format(verb == "face" and " (card #%d, in %s)" or " (card #%d, taken from %s)",
    id, source) or "")
  if err_or_note then s:say("note: %s", err_or_note) end
  -- the pending request reflects the edit when the rules can ask it again
  if asked == "asked again" then
    s:describe_request()
  elseif asked == "stale" then
    local r = s.match:request()
    s:say("note: the pending request (seat %d, %s) keeps the answers it was asked with: the rules "
      .. "made them before the edit and cannot make them again; they apply from the next request",
      r.seat, r.kind)
  end
end

-- An example of :set in the game at hand (its own card and zones, where
-- Crazy Eights' 8H and hand[1] would mean nothing): a card the seat asked
-- sees (not the deck's hidden top), named by #ID when its name is shared,
-- moved to another zone; nil for a game without one.
function Session:edit_example()
  local m = self.match
  local game, request = m.game, m:request()
  local view = m:view(request and request.seat or 1).zones
  local names = {}
  for _, z in ipairs(game.table:zones()) do
    if z:name() ~= "box" then names[#names + 1] = z:name() end
  end
  for _, from in ipairs(names) do
    local id = view[from] and view[from].cards and view[from].cards[1]
    local card = id and id ~= 0 and game.cards[id]
    if card then
      local label = type(card.code) == "string" and card.code or tostring(card.name)
      if require("cardlab.edits").shared(game, label) then
        label = "#" .. id
      elseif label:find("%s") then
        label = string.format("%q", label)
      end
      for _, to in ipairs(names) do
        if to ~= from then return string.format(":set move %s %s", label, to) end
      end
    end
  end
end

function C.help(s, name)
  if name then
    name = name:gsub("^:", "")
    local c = commands.by_name[name:lower()]
    if not c then return s:say("no command ':%s' (:help lists them)", name) end
    local example = c.example
    if c.name == "set" and s.match then example = s:edit_example() or example end
    s:say(":%s %s\n  %s%s", c.name, c.usage, c.doc, example and "\n  e.g. " .. example or "")
    -- the game's own edits, which the line above cannot name
    local edits = require "cardlab.edits"
    if c.name == "set" and s.def and #edits.names(s.def) > 0 then
      s:say("  %s's own edits:", s.def.name)
      for _, name in ipairs(edits.names(s.def)) do
        local spec = s.def.edits[name]
        s:say("    %s%s", require("cardlab.edits").usage(name, spec), spec.doc and ": " .. spec.doc or "")
      end
    end
    return
  end
  s:say("commands:")
  for _, c in ipairs(commands.list) do s:say("  %-26s %s", ":" .. c.name .. " " .. c.usage, c.doc) end
  s:say([[
a number or an answer's text answers the pending request; anything else is Lua,
which sees game, zones, state, seats, cards, match, view(seat) and vm.]])
end

function C.quit(s)
  s.quit = true
end

-- Runs one command line; gives the text to show.
function Session:command(line)
  local name, args = commands.parse(line)
  if not name then
    self:say("%s", args)
  else
    C[name](self, table.unpack(args))
  end
  return self:flush()
end

---------------------------------------------------------------- Lua

-- The environment of Lua typed at the prompt: the host's globals plus names
-- that follow the live game.
function Session:make_env()
  local s = self
  local live = {
    game = function() return s.match and s.match.game end,
    zones = function() return s.match and s.match.game.zones end,
    state = function() return s.match and s.match.game.state end,
    seats = function() return s.match and s.match.game.seats end,
    cards = function() return s.match and s.match.game.cards end,
    match = function() return s.match end,
  }
  local fixed = {
    vm = require "cardlab.vm",
    view = function(seat) return s.match and s.match:view(seat or 0) end,
    -- as the rule scripts' print: what it prints of a game cannot drive the
    -- terminal either
    print = require("cardlab.sandbox").print,
  }
  return setmetatable({}, {
    __index = function(_, k)
      if live[k] then return live[k]() end
      if fixed[k] ~= nil then return fixed[k] end
      return _G[k]
    end,
  })
end

-- The text of a value that is neither a string nor a table, as tostring
-- gives it; a __tostring that fails is shown with its error.
local function error_text(err)
  return type(err) == "string" and err or "(a " .. type(err) .. " value)"
end

-- (__tostring and __pairs are the script's code: run under its limits)
local function text_of(v)
  local ok, text = require("cardlab.vm").guard(tostring, v)
  if ok and type(text) == "string" then return text end
  return string.format("<%s whose __tostring failed: %s>", type(v),
    ok and "it gave no string" or error_text(text))
end

-- The order of keys: numbers by value, then strings, then booleans, then the
-- rest by type and address.
local TYPE_RANK = { number = 1, string = 2, boolean = 3 }
local function key_before(a, b)
  local ta, tb = type(a), type(b)
  local ra, rb = TYPE_RANK[ta] or 4, TYPE_RANK[tb] or 4
  if ra ~= rb then return ra < rb end
  if ra <= 2 then return a < b end
  if ra == 3 then return not a and b end
  if ta ~= tb then return ta < tb end
  return string.format("%p", a) < string.format("%p", b)
end

-- The entries of a table ({key, value} pairs, sorted by key), as pairs (and
-- so __pairs) gives them; nil and the error if that fails.
local function entries_of(t)
  local list = {}
  local ok, err = require("cardlab.vm").guard(function()
    for k, v in pairs(t) do list[#list + 1] = { k, v } end
  end)
  if not ok then return nil, error_text(err) end
  table.sort(list, function(x, y) return key_before(x[1], y[1]) end)
  return list
end

local WIDTH = 78   -- of a long list's lines
local MOST = 100   -- entries shown of one table

-- Pretty-prints a value: tables with sorted keys and indentation, lists of
-- plain values on one line (wrapped when long), cycles shown as <cycle>, deep
-- or long tables cut.
function M.pretty(value)
  local out = {}
  local function put(text) out[#out + 1] = text end
  local function key_text(k)
    if type(k) == "string" and k:match("^[%a_][%w_]*$") then return k end
    return "[" .. (type(k) == "string" and string.format("%q", k) or text_of(k)) .. "]"
  end
  local function plain_text(v)
    return type(v) == "string" and string.format("%q", v) or text_of(v)
  end
  local function emit(v, indent, seen)
    if type(v) ~= "table" then return put(plain_text(v)) end
    if seen[v] then return put("<cycle>") end
    if #indent >= 16 then return put("{...}") end
    local entries, err = entries_of(v)
    if not entries then return put("<table whose __pairs failed: " .. err .. ">") end
    if #entries == 0 then return put("{}") end
    -- the list part: keys 1 to n
    local n = 0
    while entries[n + 1] and entries[n + 1][1] == n + 1 do n = n + 1 end
    local plain = n == #entries
    for i = 1, n do if type(entries[i][2]) == "table" then plain = false end end
    seen[v] = true
    local one_line
    if plain and n <= 20 then
      local items = {}
      for i = 1, n do items[i] = plain_text(entries[i][2]) end
      one_line = "{" .. table.concat(items, ", ") .. "}"
      -- long values (a game's zones) wrap as a long list does
      if #indent + #one_line > WIDTH then one_line = nil end
    end
    if one_line then
      put(one_line)
    elseif plain then
      -- a long list: as many values on a line as fit
      put("{\n")
      local line, start = nil, indent .. "  "
      for i = 1, math.min(n, MOST) do
        local item = plain_text(entries[i][2]) .. ","
        if line and #line + 1 + #item > WIDTH then
          put(line .. "\n")
          line = nil
        end
        line = line and line .. " " .. item or start .. item
      end
      put(line .. "\n")
      if n > MOST then put(string.format("%s... (%d in all)\n", start, n)) end
      put(indent .. "}")
    else
      put("{\n")
      for i, e in ipairs(entries) do
        if i > MOST then
          put(string.format("%s  ... (%d keys in all)\n", indent, #entries))
          break
        end
        put(indent .. "  " .. key_text(e[1]) .. " = ")
        emit(e[2], indent .. "  ", seen)
        put(",\n")
      end
      put(indent .. "}")
    end
    seen[v] = nil
  end
  emit(value, "", {})
  return table.concat(out)
end

-- Compiles a Lua line: tried as an expression first. Gives the function, or
-- nil and the error, and whether the chunk is incomplete.
function Session:compile(text)
  local chunk = load("return " .. text, "=stdin", "t", self.env)
  if chunk then return chunk end
  local err
  chunk, err = load(text, "=stdin", "t", self.env)
  if chunk then return chunk end
  return nil, err, err:sub(-5) == "<eof>"
end

-- A traceback of typed code, cut where the REPL's own frames begin.
local function traceback(msg)
  -- (the message joined after: debug.traceback would cut it at a NUL)
  local text = tostring(msg) .. debug.traceback("", 2)
  return (text:gsub("\n%s*%[C%]: in function 'xpcall'.*$", ""))
end

-- Runs compiled Lua; gives the text of its results or of its error.
function Session:run_lua(chunk, wrap)
  wrap = wrap or xpcall
  local results = table.pack(wrap(chunk, traceback))
  if not results[1] then return results[2] end
  -- printing runs metamethods (__pairs, __tostring): Ctrl-C stops it too
  local ok, text = wrap(function()
    local parts = {}
    for i = 2, results.n do parts[#parts + 1] = M.pretty(results[i]) end
    return table.concat(parts, "\t")
  end, traceback)
  return ok and text or "cannot print the result: " .. tostring(text)
end

local KEYWORDS = {}
for w in ("and break do else elseif end false for function goto if in local nil not or repeat return "
  .. "then true until while"):gmatch("%a+") do KEYWORDS[w] = true end

-- Handles one complete input (a command, an answer, or Lua); gives the text to
-- show. Lua that is incomplete gives nil and true: read more lines.
function Session:input(text, wrap)
  if text:match("^%s*$") then return "" end
  if commands.is_command(text) then return self:command(text) end
  if self:try_answer(text) then return self:flush() end
  self.out = {}
  -- a lone word that is no answer and names nothing in Lua ('stop' when
  -- stopping is not legal) was meant as an answer: say why it was refused,
  -- not just 'nil'
  local name = text:match("^%s*([%a_][%w_]*)%s*$")
  if name and not KEYWORDS[name] and self.match and self.match:status() == "waiting" and rawget(_G, name) == nil
      and self.env[name] == nil then
    local _, why = self.match:answer(text)
    if why then return string.format("%s\n(and as Lua: '%s' is nil)", why, name) end
  end
  local chunk, err, incomplete = self:compile(text)
  if not chunk then
    if incomplete then return nil, true end
    -- (Lua of several lines was never meant as an answer, which is one line)
    if self.match and self.match:status() == "waiting" and not text:find("\n", 1, true) then
      local _, why = self.match:answer(text)
      if why then return string.format("%s\n(and as Lua: %s)", why, err) end
    end
    return err
  end
  local shown = self:run_lua(chunk, wrap)
  -- what the game narrated while the Lua ran (game:say called from it)
  local said = self:flush()
  if said == "" then return shown end
  return shown == "" and said or shown .. "\n" .. said
end

---------------------------------------------------------------- completion

-- Candidates for tab completion of `text`, the word ending at the cursor, in
-- `line`.
function Session:complete(text, line)
  local list = {}
  local function add(c) if c:sub(1, #text) == text then list[#list + 1] = c end end
  -- command names are typed in any case
  local function add_command(c) if c:sub(1, #text) == text:lower() then list[#list + 1] = c end end
  local before = line:sub(1, #line - #text)
  local command = before:lower()
  if before:match("^%s*$") and text:sub(1, 1) == ":" then
    for _, c in ipairs(commands.list) do add_command(":" .. c.name) end
  elseif command:match("^%s*:new%s+$") then
    for _, name in ipairs(loader.names()) do add(name) end
  elseif command:match("^%s*:help%s+$") then
    for _, c in ipairs(commands.list) do add_command((text:sub(1, 1) == ":" and ":" or "") .. c.name) end
  elseif command:match("^%s*:bot%s+%d+%s+$") then
    add("human")
    add("random")
    add("ismcts")
    for _, k in ipairs(self.def and options.sorted_keys(self.def.bots) or {}) do add(k) end
  elseif command:match("^%s*:set%s+$") then
    for _, w in ipairs({ "move", "face", "turn", "empty", "state" }) do add(w) end
    for _, w in ipairs(require("cardlab.edits").names(self.def)) do add(w) end
  elseif self.match then
    for _, z in ipairs(self.match.game.table:zones()) do add(z:name()) end
    if self.match:status() == "waiting" and not before:match("^%s*:") then
      local r = self.match:request()
      for _, a in ipairs(r.answers or {}) do
        -- a multi-word answer completes from the line's start
        if before == "" or a:sub(1, #before) == before then
          local tail = a:sub(#before + 1)
          if tail:sub(1, #text) == text then list[#list + 1] = tail end
        end
      end
    end
    if before:match("^%s*$") then
      for _, k in ipairs({ "game", "zones", "state", "seats", "cards", "match", "view" }) do add(k) end
    end
  end
  table.sort(list)
  local unique = {}
  for _, c in ipairs(list) do if unique[#unique] ~= c then unique[#unique + 1] = c end end
  return unique
end

M.Session = Session
return M
