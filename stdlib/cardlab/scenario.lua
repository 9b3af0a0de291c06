-- Scenario files: a position set up by edits, answers given, and what must
-- hold then (docs/authoring.md, "Scenarios"). `cardlab test` runs them. A
-- file is Lua returning a table: the game, players, seed and options, and
-- either `scenarios`, a list of scenarios that take those as defaults, or
-- the fields of one scenario. A scenario has a name, `set` (edits made before
-- anything is answered), `steps` (answers, edits, refusals, bot runs and
-- checks, in order) and `expect` (checks made at the end).

local loader = require "cardlab.loader"
local match = require "cardlab.match"
local edits = require "cardlab.edits"
local dictionary = require "cardlab.dictionary"
local lpeg = require "lpeg"
local render = require "render"

local M = {}

---------------------------------------------------------------- values as text

local function show(v)
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) ~= "table" then return tostring(v) end
  local keys = {}
  for k in pairs(v) do keys[#keys + 1] = k end
  table.sort(keys, function(a, b)
    if type(a) ~= type(b) then return type(a) == "number" end
    return a < b
  end)
  local parts, n = {}, #v
  for _, k in ipairs(keys) do
    if math.type(k) == "integer" and k >= 1 and k <= n then
      parts[#parts + 1] = show(v[k])
    else
      parts[#parts + 1] = (type(k) == "string" and k:match("^[%a_][%w_]*$") and k or "[" .. show(k) .. "]")
        .. " = " .. show(v[k])
    end
  end
  return "{" .. table.concat(parts, ", ") .. "}"
end
M.show = show

local function same(a, b)
  if type(a) ~= "table" or type(b) ~= "table" then
    if type(a) == "number" and type(b) == "number" then return a == b end
    return a == b
  end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

-- A failure: raised as a table so that the runner tells it from a bug.
local Failure = {}
local function fail(fmt, ...)
  error(setmetatable({ text = string.format(fmt, ...) }, Failure), 0)
end

---------------------------------------------------------------- state paths

local path_grammar
do
  local P, R, S, C, Ct, Cs, Cmt = lpeg.P, lpeg.R, lpeg.S, lpeg.C, lpeg.Ct, lpeg.Cs, lpeg.Cmt
  local integer = Cmt(C(S"-"^-1 * R"09"^1), function(_, i, d)
    local n = math.tointeger(tonumber(d))
    if n then return i, n end
  end)
  local quoted = P'"' * Cs(((P"\\" * C(S'"\\')) / "%1" + (1 - S'"\\'))^0) * P'"'
  local ident = (R("az", "AZ", "09") + S"_-")^1
  path_grammar = Ct(C(ident) * (P"." * C(ident) + P"[" * integer * P"]" + P"[" * quoted * P"]")^0) * -1
end

local function state_at(m, path)
  local keys = lpeg.match(path_grammar, path)
  if not keys then
    fail("a state path, a key followed by .key, [N] or [\"key\"] steps (money[2], price.Flyt, patents[\"Q\"]), not '%s'",
      path)
  end
  local t, parent = m.game.state, nil
  for i, k in ipairs(keys) do
    if type(t) ~= "table" then return nil end
    parent, t = t, t[k]
    -- (a key not there before the last: the note names it, 'mony' of mony[1])
    if t == nil and i < #keys then return nil, parent, k end
  end
  return t, parent, keys[#keys]
end

-- A note for a state path that reads nil because its last key is not there
-- (more often a typo, 'trick' for 'tricks', than a value the rules left
-- unset): the keys there are.
local function missing_key_note(parent, key)
  if type(parent) ~= "table" or parent[key] ~= nil then return "" end
  if math.type(key) == "integer" and #parent > 0 then
    return string.format(" (no index %d there; it holds %d)", key, #parent)
  end
  -- (money.2 reads the text key "2"; a list's index is written money[2])
  local index = type(key) == "string" and math.tointeger(tonumber(key))
  if index and parent[index] ~= nil then
    return string.format(" (no key '%s' there: a list's index is written [%d])", key, index)
  end
  local names = {}
  for k in pairs(parent) do
    if type(k) == "string" then names[#names + 1] = string.format("'%s'", k) end
  end
  if #names == 0 then return "" end
  table.sort(names)
  return string.format(" (no key '%s' there; its keys: %s)", tostring(key), table.concat(names, ", "))
end

---------------------------------------------------------------- cards and zones

-- The text a card is known by in expectations: its code if it has a text
-- one (R16), else its name.
local function card_label(m, id)
  local c = m.game.cards[id]
  if id == 0 or not c then return "(hidden)" end
  if type(c.code) == "string" then return c.code end
  return tostring(c.name)
end

-- Whether card id answers to `label`: its code, its name or #ID.
local function is_card(m, id, label)
  local c = m.game.cards[id]
  return c and (label == "#" .. id or label == c.code or label == c.name)
end

local function zone_of(m, name)
  local z, _, zones = edits.zone(m.game, name)
  if not z then fail("a zone named '%s' (there is none; zones: %s)", name, zones) end
  return z
end

local function labels(m, ids)
  local out = {}
  for i, id in ipairs(ids) do out[i] = card_label(m, id) end
  return out
end

-- Runs f(...) as one check: a failure it raises is kept in `failures` (the
-- scenario goes on to its next check), anything else is raised again. Gives
-- whether it passed.
local function try(failures, f, ...)
  local ok, err = pcall(f, ...)
  if ok then return true end
  if getmetatable(err) ~= Failure then error(err, 0) end
  failures[#failures + 1] = err.text
  return false
end

-- Names in a fixed order, so that the failures of one run read the same in
-- the next (pairs has no order).
local function sorted_names(t)
  local names = {}
  for k in pairs(t) do names[#names + 1] = k end
  table.sort(names, function(a, b)
    if type(a) ~= type(b) then return type(a) < type(b) end
    return a < b
  end)
  return names
end

-- The `view` check: what a seat is shown (Match:view, as the table, the web
-- page and the bots see it): `sees` zones whose every card it is shown,
-- `hides` zones of which it is shown no card, only the count; `shown` and
-- `not_shown` cards (a code, a name or #ID) wherever they lie, for a zone
-- that holds both (a face-down rumour on a track beside a face-up one).
local VIEW_FORM = "view = { seat = S, sees = { ZONE, ... }, hides = { ZONE, ... }, shown = { CARD, ... }, "
  .. "not_shown = { CARD, ... } }"
local VIEW_FIELDS = { seat = true, sees = true, hides = true, shown = true, not_shown = true }
local function check_view(m, want, failures)
  local seat = type(want) == "table" and want.seat
  if math.type(seat) ~= "integer" or seat < 0 or seat > m.config.players then
    return try(failures, fail, "%s with a seat from 0 (the whole table) to %d, got seat = %s", VIEW_FORM,
      m.config.players, show(seat))
  end
  -- (a misspelt field, shwn, would check nothing and pass)
  for _, k in ipairs(sorted_names(want)) do
    if not VIEW_FIELDS[k] then return try(failures, fail, "%s, not '%s'", VIEW_FORM, tostring(k)) end
  end
  local zones = m:view(seat).zones
  for _, field in ipairs({ "sees", "hides" }) do
    local names = want[field] or {}
    if type(names) == "string" then names = { names } end
    if type(names) ~= "table" then return try(failures, fail, "%s, got %s = %s", VIEW_FORM, field, show(names)) end
    for _, name in ipairs(names) do
      if try(failures, zone_of, m, name) then
        local z = zones[zone_of(m, name):name()]
        local shown = {}
        for _, id in ipairs(z and z.cards or {}) do
          if id ~= 0 then shown[#shown + 1] = card_label(m, id) end
        end
        local count = z and z.count or 0
        if field == "sees" and #shown < count then
          try(failures, fail, "seat %d to see the cards of %s, got %s", seat, name,
            #shown == 0 and string.format("its count only (%d)", count)
            or string.format("%d of its %d: %s", #shown, count, show(shown)))
        elseif field == "hides" and #shown > 0 then
          try(failures, fail, "seat %d to be shown no card of %s, got %d of its %d: %s", seat, name, #shown, count,
            show(shown))
        end
      end
    end
  end
  for _, field in ipairs({ "shown", "not_shown" }) do
    local labels = want[field] or {}
    if type(labels) == "string" then labels = { labels } end
    if type(labels) ~= "table" then return try(failures, fail, "%s, got %s = %s", VIEW_FORM, field, show(labels)) end
    for _, label in ipairs(labels) do
      -- where the card is shown (a name several cards share: any of them)
      local at
      for _, name in ipairs(sorted_names(zones)) do
        for _, id in ipairs(zones[name].cards or {}) do
          if id ~= 0 and is_card(m, id, label) then at = at or name end
        end
      end
      local exists = false
      for id in pairs(m.game.cards) do exists = exists or is_card(m, id, label) end
      if not exists then
        try(failures, fail, "a card's code, name or #ID in %s, got '%s' (no such card)", field, tostring(label))
      elseif field == "shown" and not at then
        try(failures, fail, "seat %d to be shown %s, got it hidden (or in no zone)", seat, label)
      elseif field == "not_shown" and at then
        try(failures, fail, "seat %d not to be shown %s, got it shown in %s", seat, label, at)
      end
    end
  end
end

-- The checks of one zone, each kept on its own in `failures`.
local function check_zone(m, name, want, failures)
  if not try(failures, zone_of, m, name) then return end
  local ids = zone_of(m, name):cards()
  local got = labels(m, ids)
  if type(want) == "number" then want = { count = want } end
  if type(want) ~= "table" then
    return try(failures, fail, "zones['%s'] to be a list of cards or a table of checks", name)
  end
  local function must(ok, ...)
    if not ok then try(failures, fail, ...) end
  end
  if #want > 0 or next(want) == nil then
    local ok = #want == #ids
    for i = 1, #ids do ok = ok and is_card(m, ids[i], want[i]) end
    must(ok, "%s to hold %s, got %s", name, show(want), show(got))
  end
  must(not want.count or #ids == want.count, "%s to hold %s, got %d %s", name,
    want.count == 1 and "1 card" or string.format("%d cards", want.count or 0), #ids,
    show(got))
  must(not want.top or (ids[1] and is_card(m, ids[1], want.top)), "%s to have %s on top, got %s", name,
    want.top, ids[1] and got[1] or "an empty zone")
  must(not want.bottom or (ids[#ids] and is_card(m, ids[#ids], want.bottom)), "%s to have %s at the bottom, got %s",
    name, want.bottom, ids[#ids] and got[#ids] or "an empty zone")
  for _, label in ipairs(want.has or {}) do
    local found = false
    for _, id in ipairs(ids) do found = found or is_card(m, id, label) end
    must(found, "%s to hold %s, got %s", name, label, show(got))
  end
  for _, label in ipairs(want.lacks or {}) do
    local found = false
    for _, id in ipairs(ids) do found = found or is_card(m, id, label) end
    must(not found, "%s not to hold %s, got %s", name, label, show(got))
  end
end

---------------------------------------------------------------- checks

local CHECKS = { "seat", "kind", "prompt", "legal", "not_legal", "answers", "state", "zones", "over",
                 "winners", "scores", "reason", "said", "not_said", "round", "current", "view" }
local CHECK_SET = {}
for _, k in ipairs(CHECKS) do CHECK_SET[k] = true end

local function pending(m, what)
  local r = m:request()
  if not r then fail("%s, but %s", what, m:status_phrase()) end
  return r
end

-- The requests that edits left with the answers they were asked with (the
-- game's ask or choose gave no refresh): match -> its answer count then.
local stale_at = setmetatable({}, { __mode = "k" })

-- What to add to a failure about the pending request's answers when edits
-- left it stale: the answers were not made again, which the author did not
-- see (the list matches no hand the set-up made).
local function stale_note(m)
  if stale_at[m] ~= m:count() then return "" end
  return " (the set-up's edits left this request with the answers it was asked with: the game's "
    .. "game:ask or game:choose gives no refresh to make them again; see 'Scenarios' in docs/authoring.md)"
end

-- A list of answers as a failure shows it: the first 12, then how many
-- more (as the engine's refusals list them: Letter Tycoon's words run to
-- hundreds).
local SHOWN_ANSWERS = 12
local function show_answers(list)
  if #list <= SHOWN_ANSWERS then return show(list) end
  return string.format("%s, ... (%d more)}", show(table.move(list, 1, SHOWN_ANSWERS, 1, {})):sub(1, -2),
    #list - SHOWN_ANSWERS)
end

-- What an `answers` check that failed got: the list, with what it lacked and
-- held besides, or that it was another order (the list is compared in order).
local function answers_got(want, list)
  local wanted, held = {}, {}
  for _, a in ipairs(want) do wanted[a] = true end
  for _, a in ipairs(list) do held[a] = true end
  local missing, extra = {}, {}
  for _, a in ipairs(want) do if not held[a] then missing[#missing + 1] = a end end
  for _, a in ipairs(list) do if not wanted[a] then extra[#extra + 1] = a end end
  if #missing == 0 and #extra == 0 then
    return show_answers(list) .. " (the same answers in another order: the list is compared in order)"
  end
  local parts = {}
  if #missing > 0 then parts[#parts + 1] = "without " .. show_answers(missing) end
  if #extra > 0 then parts[#parts + 1] = "with " .. show_answers(extra) .. " besides" end
  return string.format("%s (%s)", show_answers(list), table.concat(parts, ", "))
end

local function legal_set(m)
  local r = m:request()
  local list = r.answers or m:legal()
  local set = {}
  for _, a in ipairs(list) do set[a] = true end
  return list, set
end

local function error_line(m)
  return tostring(select(2, m:result())):match("[^\n]*")
end

-- Whether the game is over, else fails saying what there is instead.
local function over(m)
  if m:status() == "over" then return end
  if m:status() == "error" then fail("the game over, got an error: %s", error_line(m)) end
  local r = m:request()
  fail("the game over, got seat %d asked for '%s'", r.seat, r.kind)
end

-- The round as the game counts it: its own round(game) where the definition
-- has one (Cryptocurrency's phases make a round of several turns of each
-- seat), else the seats' count; the `round` check and :scenario's expect.
-- (An error of the game's own is the scenario's error, as in a simulation.)
local function round_of(m)
  if m.def.round then return m.def.round(m.game) end
  return m.game.seats:round()
end

-- Makes the checks of table c; each one that fails is kept in `failures`,
-- and the others are still made.
local function check(m, run, c, failures)
  for _, k in ipairs(sorted_names(c)) do
    if not CHECK_SET[k] then
      try(failures, fail, "a check among %s, not '%s'", table.concat(CHECKS, ", "), tostring(k))
    end
  end
  if c.over ~= nil then
    try(failures, function()
      local is_over = m:status() == "over"
      if m:status() == "error" then fail("the game %s, got an error: %s", c.over and "over" or "going on",
        error_line(m)) end
      if is_over ~= c.over then fail("the game %s, got %s", c.over and "over" or "going on",
        is_over and "it over" or "seat " .. m:request().seat .. " asked for '" .. m:request().kind .. "'") end
    end)
  end
  if c.seat ~= nil then
    try(failures, function()
      local r = pending(m, "seat " .. c.seat .. " to be asked")
      if r.seat ~= c.seat then fail("seat %d to be asked, got seat %d (%s)", c.seat, r.seat, r.kind) end
    end)
  end
  if c.kind ~= nil then
    try(failures, function()
      local r = pending(m, "a '" .. c.kind .. "' request")
      if r.kind ~= c.kind then fail("a '%s' request, got '%s' (seat %d)", c.kind, r.kind, r.seat) end
    end)
  end
  if c.prompt ~= nil then
    try(failures, function()
      local r = pending(m, "a prompt with '" .. c.prompt .. "'")
      if not r.prompt:find(c.prompt, 1, true) then fail("a prompt with '%s', got '%s'", c.prompt, r.prompt) end
    end)
  end
  if (c.legal ~= nil or c.not_legal ~= nil or c.answers ~= nil) and try(failures, pending, m, "legal answers") then
    local list, set = legal_set(m)
    for _, a in ipairs(c.legal or {}) do
      if not set[a] then try(failures, fail, "'%s' to be legal, got %s%s", a, show_answers(list), stale_note(m)) end
    end
    for _, a in ipairs(c.not_legal or {}) do
      if set[a] then try(failures, fail, "'%s' not to be legal, got %s%s", a, show_answers(list), stale_note(m)) end
    end
    if c.answers ~= nil and not same(c.answers, list) then
      try(failures, fail, "the answers %s, got %s%s", show(c.answers), answers_got(c.answers, list), stale_note(m))
    end
  end
  if c.round ~= nil and round_of(m) ~= c.round then
    try(failures, fail, "round %d, got round %d", c.round, round_of(m))
  end
  if c.current ~= nil and m.game.seats:current() ~= c.current then
    try(failures, fail, "seat %d's turn, got seat %d's", c.current, m.game.seats:current())
  end
  local state = c.state or {}
  for _, path in ipairs(sorted_names(state)) do
    try(failures, function()
      local want = state[path]
      local got, parent, key = state_at(m, path)
      if not same(want, got) then
        fail("state %s = %s, got %s%s", path, show(want), show(got), missing_key_note(parent, key))
      end
    end)
  end
  local zones = c.zones or {}
  for _, name in ipairs(sorted_names(zones)) do check_zone(m, name, zones[name], failures) end
  if c.view ~= nil then check_view(m, c.view, failures) end
  if (c.winners ~= nil or c.scores ~= nil or c.reason ~= nil) and try(failures, over, m) then
    local result = m:result()
    if c.winners ~= nil and not same(c.winners, result.winners) then
      try(failures, fail, "winners %s, got %s", show(c.winners), show(result.winners))
    end
    if c.scores ~= nil and not same(c.scores, result.scores) then
      try(failures, fail, "scores %s, got %s", show(c.scores), show(result.scores))
    end
    if c.reason ~= nil and not tostring(result.reason):find(c.reason, 1, true) then
      try(failures, fail, "the reason '%s', got '%s'", c.reason, tostring(result.reason))
    end
  end
  local said = table.concat(run.said, "\n")
  for _, text in ipairs(type(c.said) == "string" and { c.said } or c.said or {}) do
    if not said:find(text, 1, true) then
      try(failures, fail, "the game to say '%s', got %s", text, #run.said == 0 and "nothing said" or show(run.said))
    end
  end
  for _, text in ipairs(type(c.not_said) == "string" and { c.not_said } or c.not_said or {}) do
    if said:find(text, 1, true) then try(failures, fail, "the game not to say '%s', but it did", text) end
  end
end

---------------------------------------------------------------- steps

-- The moves without `from` that took a card of a name several cards share
-- (an Intern, a letter): match -> list of "'EDIT' took card #N from ZONE",
-- which a failure of the scenario says (the REPL's :set says it at once).
local taken_at = setmetatable({}, { __mode = "k" })

local function edit(m, text)
  local parsed = edits.parse(text, m.def)
  local id, source
  if parsed and not parsed.own and (parsed[1] == "move" and not parsed.from or parsed[1] == "face") then
    id, source = edits.shared_source(m.game, text, m.def)
  end
  local ok, why, how = m:edit(text)
  if ok and id then
    taken_at[m] = taken_at[m] or {}
    table.insert(taken_at[m], string.format(parsed[1] == "face" and "'%s' turned card #%d in %s"
      or "'%s' took card #%d from %s", text, id, source))
  end
  if not ok then fail("the edit '%s' to be made, got: %s", text, why) end
  -- a note of a state key the game did not have: at the REPL it is shown,
  -- here nobody would read it, and a typo ('pases') would let the scenario
  -- pass having set nothing the rules read (a game's own edit's note, what
  -- it did besides, is no failure)
  if why and why:find("^state had no key ") then
    fail("the edit '%s' to set a value the game's state has, got: %s (a scenario may not add keys; "
      .. "set a key the rules read, or set it once the rules have made it)", text, why)
  end
  if how == "stale" then stale_at[m] = m:count() end
end

local function answer(m, text, seat, kind)
  local r = pending(m, string.format("to answer '%s'", text))
  if seat and r.seat ~= seat then fail("seat %d to be asked (to answer '%s'), got seat %d (%s)", seat, text, r.seat, r.kind) end
  if kind and r.kind ~= kind then fail("a '%s' request (to answer '%s'), got '%s'", kind, text, r.kind) end
  local ok, why = m:answer(text)
  if not ok then fail("'%s' to be taken (seat %d, %s), got: %s%s", text, r.seat, r.kind, why, stale_note(m)) end
  if m:status() == "error" then
    fail("the rules to go on after '%s', got an error: %s", text, error_line(m))
  end
end

-- A refusal the game must give, of an answer (m:answer) or, with `edit`, of
-- an edit (m:edit: god mode's limits, a key only the game's own edit keeps,
-- an option's value): one taken fails and stops the scenario (the game went
-- on); a refusal whose reason says something else is kept in `failures`.
local function refused(m, text, reason, failures, edit)
  if not edit then pending(m, string.format("'%s' to be refused", text)) end
  local what = edit and string.format("the edit '%s'", text) or string.format("'%s'", text)
  local before = m:snapshot()
  local ok, why
  if edit then ok, why = m:edit(text) else ok, why = m:answer(text) end
  if ok then fail("%s to be refused, but it was %s", what, edit and "made" or "taken") end
  if reason and not why:find(reason, 1, true) then
    try(failures, fail, "the refusal of %s to say '%s', got: %s", what, reason, why)
  end
  -- (the refusal is the script's code: one after a change is the game's
  -- bug, told as a failure, not as the runner's error)
  if m:snapshot() ~= before then
    fail("the refused %s %s to change nothing, but it changed the game (a game's own %s refuses before it "
      .. "changes anything)", edit and "edit" or "answer", string.format("'%s'", text), edit and "edit" or "rule")
  end
end

local function run_bots(m, step)
  local kinds = {}
  local kind = step.run
  for seat = 1, m.config.players do
    kinds[seat] = type(kind) == "table" and (kind[seat] or "human") or kind
  end
  local ok, err = pcall(m.run, m, kinds, step.answers)
  if not ok then fail("the bots to play, got: %s", tostring(err)) end
  if m:status() == "error" then
    fail("the bots to play on, got an error: %s", error_line(m))
  end
end

-- Makes one step. A check's failures are kept in `failures` and the
-- scenario goes on; an answer, an edit, a refusal or a bot run that fails
-- raises, and the scenario stops there (what follows would run from another
-- position than the author's).
local function do_step(m, run, step, failures)
  if type(step) == "string" then return answer(m, step) end
  if type(step) ~= "table" then fail("a step as a text (an answer) or a table, not a %s", type(step)) end
  if type(step[1]) == "string" then
    -- (a list nested in steps: each of its texts was read as an unknown check)
    fail("a step, got a list of %d answer%s ('%s' first): give each answer as a step of its own, or join the lists "
      .. "with edits.joined", #step, #step == 1 and "" or "s", step[1])
  end
  if step.set ~= nil then
    for _, text in ipairs(type(step.set) == "table" and step.set or { step.set }) do edit(m, text) end
  elseif step.answer ~= nil then
    answer(m, step.answer, step.seat, step.kind)
  elseif step.refused ~= nil then
    refused(m, step.refused, step.reason, failures)
  elseif step.set_refused ~= nil then
    refused(m, step.set_refused, step.reason, failures, true)
  elseif step.run ~= nil then
    run_bots(m, step)
  else
    check(m, run, step, failures)
  end
end

---------------------------------------------------------------- files

local FILE_FIELDS = { game = true, players = true, seed = true, options = true, scenarios = true,
                      name = true, set = true, steps = true, expect = true, house = true, setup_refused = true }

-- Helpers a scenario file may use to write its edits and steps
-- (docs/authoring.md, Scenarios), a file's `edits`.
local helpers = {}

-- The lists given, one after the other, as one new list.
function helpers.joined(...)
  local out = {}
  for _, list in ipairs({ ... }) do
    for _, e in ipairs(list) do out[#out + 1] = e end
  end
  return out
end

-- The edits that make `zone` hold exactly `cards` (top first): its cards go
-- to `spare`, then each card is moved in at the bottom, taken from `source`
-- when given (a game with many cards of one code, such as a letter, names
-- where to take it). A card named with spaces is quoted.
function helpers.holding(zone, spare, cards, source)
  if type(zone) ~= "string" or type(spare) ~= "string" or type(cards) ~= "table" then
    error(string.format("edits.holding(zone, spare, cards [, source]): expected two zone names and a list "
      .. "of cards, got a %s, a %s and a %s", type(zone), type(spare), type(cards)), 2)
  end
  local list = { "empty " .. zone .. " " .. spare }
  local from = source and " from " .. source or ""
  for _, card in ipairs(cards) do
    local name = card:find(" ", 1, true) and string.format("%q", card) or card
    list[#list + 1] = "move " .. name .. " " .. zone .. " bottom" .. from
  end
  return list
end

-- The environment of a scenario file: what a game script has (the
-- sandbox's safe base functions and libraries: error, assert, select, ...;
-- nothing that reaches outside), the helpers above, and `uses`. A global
-- read or set without being declared is an error that names it.
--
-- `uses(NAME)` gives what the helper file NAME returns: a file of a game's
-- own helpers (hands, rows, quiet rounds) that its scenario files share,
-- named from the folder of the file that uses it and run in an environment
-- like this one. `loaded` keeps each helper file's result for one read, and
-- `chain` the files being read, so a loop of them is said.
local file_env
local MOST_HELPERS_DEEP = 16

-- A path with its "." parts dropped and each "NAME/.." folded, so that two
-- spellings of one file are one file ("./_a.lua" and "sub/../_a.lua").
local function tidy_path(path)
  local absolute, parts = path:sub(1, 1) == "/", {}
  for part in path:gmatch("[^/]+") do
    if part == ".." and #parts > 0 and parts[#parts] ~= ".." then
      parts[#parts] = nil
    elseif part ~= "." and not (part == ".." and absolute) then  -- ("/.." is "/")
      parts[#parts + 1] = part
    end
  end
  local tidy = table.concat(parts, "/")
  if absolute then return "/" .. tidy end
  return tidy == "" and "." or tidy
end

-- Where `uses` was called (its caller is level 3 from here): the line, or
-- the file that called it when the call left no line (`return uses "..."`
-- is a tail call).
local function used_at(file)
  local at = not debug.getinfo(2, "t").istailcall and debug.getinfo(3, "Sl")
  return at and at.currentline > 0 and at.short_src .. ":" .. at.currentline or file
end

local function helper_loader(path, loaded, chain)
  local folder = path:match("^(.*)/") or "."
  local function fail(where, fmt, ...)
    error(where .. ": uses: " .. string.format(fmt, ...), 0)
  end
  return function(name)
    local where = used_at(chain[#chain])
    local base = type(name) == "string" and name:match("[^/]*$")
    if not base or base:sub(1, 1) ~= "_" or not base:match("%.lua$") then
      fail(where, "expected the name of a helper file (_NAME.lua: '_' keeps cardlab test from running it "
        .. "as scenarios), got %s%s", type(name) == "string"
        and string.format("'%s'", require("cardlab.vm").shown(name)) or "a " .. type(name),
        base and base:sub(1, 1) == "_" and " (add '.lua')" or "")
    end
    local full = tidy_path(name:sub(1, 1) == "/" and name or folder .. "/" .. name)
    if loaded[full] ~= nil then return loaded[full] end
    for _, p in ipairs(chain) do
      if p == full then fail(where, "%s is used in a loop (%s -> %s)", full, table.concat(chain, " -> "), full) end
    end
    if #chain > MOST_HELPERS_DEEP then
      fail(where, "helper files used %d deep (%s); expected at most %d", #chain, table.concat(chain, " -> "),
        MOST_HELPERS_DEEP)
    end
    local mode = require("lfs").attributes(full, "mode")
    if mode and mode ~= "file" then fail(where, "the helper file %s is a %s; expected a file", full, mode) end
    local f, oerr = io.open(full, "rb")
    if not f then
      fail(where, "cannot read the helper file %s (%s); a name is read from the folder of the file that "
        .. "uses it", full, (tostring(oerr):gsub("^.-: ", "")))
    end
    local text = f:read("a")
    f:close()
    local inner = {}
    for i, p in ipairs(chain) do inner[i] = p end
    inner[#inner + 1] = full
    local chunk, err = load(text, "@" .. full, "t", file_env(full, loaded, inner))
    if not chunk then error(err .. " (the helper file used at " .. where .. ")", 0) end
    local ok, value = pcall(chunk)
    if not ok then
      local why = require("cardlab.loader").error_text(value)
      -- (a `uses` of its own that failed said where, and the chain of files)
      if why:find(": uses: ", 1, true) then error(why, 0) end
      error(why .. " (the helper file used at " .. where .. ")", 0)
    end
    if value == nil then
      fail(where, "the helper file %s returned nothing; expected it to return its helpers (a table)", full)
    end
    loaded[full] = value
    return value
  end
end
function file_env(path, loaded, chain)
  -- (each file its own `edits`: a file that replaces edits.joined changes
  -- no other file's)
  local own = {}
  for k, v in pairs(helpers) do own[k] = v end
  return require("cardlab.sandbox").environment({ edits = own,
    uses = helper_loader(path, loaded or {}, chain or { tidy_path(path) }) })
end

-- A file whose name begins with '_' is a helper file, not a scenario file.
function M.is_helper_file(path)
  return (path:match("[^/]*$")):sub(1, 1) == "_"
end

-- What a field of a scenario file must be: a check of its value and the
-- words for what was expected.
local function is_list_of(kind)
  return function(v)
    if type(v) ~= "table" then return false end
    for k, x in pairs(v) do
      if math.type(k) ~= "integer" or k < 1 or k > #v or type(x) ~= kind then return false end
    end
    return true
  end
end
local function is_whole(v) return math.type(v) == "integer" end
local FIELD_TYPES = {
  game = { function(v) return type(v) == "string" end, "a game's name or a path to its script" },
  players = { is_whole, "a whole number of players" },
  seed = { is_whole, "a whole number" },
  options = { function(v) return type(v) == "table" end, "a table of option values by name" },
  -- (false: none, where the file's own house would apply)
  house = { function(v) return type(v) == "string" or v == false end, "a path to a house-rule file, or false" },
  scenarios = { is_list_of("table"), "a list of scenarios (tables)" },
  name = { function(v) return type(v) == "string" end, "a text" },
  set = { function(v) return type(v) == "string" or is_list_of("string")(v) end,
          "an edit or a list of edits (texts)" },
  steps = { function(v) return type(v) == "table" end,
            "a list of steps (answers, edits, refusals, bot runs, checks)" },
  expect = { function(v) return type(v) == "table" end, "a table of checks" },
  setup_refused = { function(v) return type(v) == "string" end, "a part of the reason the game refuses to start" },
}

local function shown_value(v)
  if type(v) == "string" then return string.format('"%s"', require("cardlab.vm").shown(v)) end
  if type(v) == "table" then return "a table" end
  return string.format("%s (a %s)", tostring(v), type(v))
end

-- Checks the fields of a scenario file's table t (`where`: "" or
-- "scenarios[2]."): gives nil, or what is wrong with one.
local function field_problem(t, where, allowed, words)
  -- (in the order of their names, so that of two wrong fields the same one
  -- is named on every run: pairs' order changes from run to run)
  for _, k in ipairs(require("cardlab.options").sorted_keys(t)) do
    local v = t[k]
    if not allowed[k] then
      return string.format("unknown field '%s%s'; expected %s%s", where, require("cardlab.vm").shown(tostring(k)),
        words, type(v) == "function" and " (a helper file? its name must begin with '_', which keeps cardlab "
        .. "test from running it as scenarios)" or "")
    end
    local check = FIELD_TYPES[k]
    if check and not check[1](v) then
      return string.format("field '%s%s' is %s; expected %s", where, k, shown_value(v), check[2])
    end
  end
end
local SCENARIO_FIELDS = { game = true, players = true, seed = true, options = true, house = true,
  name = true, set = true, steps = true, expect = true, setup_refused = true }

-- Reads a scenario file; gives the list of scenarios (each with its
-- defaults filled in), or nil and why not.
function M.read(path)
  local f, oerr = io.open(path, "rb")
  if not f then return nil, oerr end
  local text = f:read("a")
  f:close()
  return M.read_text(text, path)
end

-- The same for the text of a scenario file that would be at `path`.
local read_text
function M.read_text(text, path)
  local list, why = read_text(text, path)
  -- (one line, however the file's own words or names run)
  if not list then return nil, require("cardlab.vm").oneline(tostring(why)) end
  return list
end
-- An error raised while a scenario file runs, with the line of the file
-- that led to it when it was raised elsewhere (in a helper file's function).
local function at_file_line(path)
  return function(err)
    -- (an error of `uses` says where already)
    if type(err) ~= "string" or err:find(path .. ":", 1, true) or err:find(": uses: ", 1, true)
        or err:find("(the helper file used at ", 1, true) then
      return err
    end
    for level = 2, 200 do
      local info = debug.getinfo(level, "Sl")
      if not info then break end
      if info.source == "@" .. path and info.currentline > 0 then
        return string.format("%s (called at %s:%d)", err, path, info.currentline)
      end
    end
    return err
  end
end

-- What an error of a file that is no scenario file most likely means.
local function hint(err)
  if err:find("undefined global 'rules'", 1, true) or err:find("undefined global 'options'", 1, true) then
    return err .. " (a house-rule file? cardlab test reads every .lua file of a folder as scenarios: keep house "
      .. "rules in a folder of their own)"
  end
  return err
end

function read_text(text, path)
  local loaded = {}
  local chunk, err = load(text, "@" .. path, "t", file_env(path, loaded))
  if not chunk then return nil, err end
  -- (under a game step's instruction limit: a file that loops is stopped)
  local ok, ran, data = require("cardlab.vm").guard(xpcall, chunk, at_file_line(path))
  if ok and not ran then ok = false end
  if not ok then return nil, hint(require("cardlab.loader").error_text(ran == false and data or ran)) end
  if type(data) ~= "table" then return nil, "a scenario file must return a table" end
  local problem = field_problem(data, "", FILE_FIELDS, "game, players, seed, options, house, "
    .. "scenarios, or a scenario's name, set, steps, expect, setup_refused")
  if problem then return nil, problem end
  for i, s in ipairs(data.scenarios or {}) do
    problem = field_problem(s, string.format("scenarios[%d].", i), SCENARIO_FIELDS,
      "game, players, seed, options, house, name, set, steps, expect, setup_refused")
    if problem then return nil, problem end
  end
  local list = data.scenarios or { data }
  local out = {}
  for i, s in ipairs(list) do
    local sc = {}
    for _, k in ipairs({ "game", "players", "seed", "options", "house" }) do
      if s[k] ~= nil then sc[k] = s[k] else sc[k] = data[k] end
    end
    sc.name = s.name or string.format("%s #%d", path, i)
    sc.set, sc.steps, sc.expect = s.set, s.steps or {}, s.expect
    sc.setup_refused = s.setup_refused
    -- (a helper that makes a set and forgets to return it leaves none:
    -- a failure of such a scenario says where it started)
    sc.no_set_with_helpers = s.set == nil and next(loaded) ~= nil
    -- (a scenario without either would pass, having checked nothing)
    if #sc.steps == 0 and sc.expect == nil and sc.setup_refused == nil then
      return nil, string.format("scenario '%s' checks nothing: give it steps, expect or setup_refused",
        require("cardlab.vm").shown(sc.name))
    end
    -- (a set-up that is refused leaves no game to edit, answer or check)
    if sc.setup_refused ~= nil and (sc.set ~= nil or #sc.steps > 0 or sc.expect ~= nil) then
      return nil, string.format("scenario '%s' gives setup_refused and %s: a refused set-up starts no game; "
        .. "expected one or the other", require("cardlab.vm").shown(sc.name),
        sc.set ~= nil and "set" or #sc.steps > 0 and "steps" or "expect")
    end
    sc.file = path
    out[#out + 1] = sc
  end
  return out
end

local defs = {}
-- The game a scenario plays, loaded once per run of `cardlab test`; `fresh`
-- loads it again from its files (the REPL checks a scenario against the
-- script as it is now, which may have changed since it was first loaded).
local function definition(sc, fresh)
  local spec, house = sc.game, sc.house
  -- a path is relative to the scenario file's folder, a house file's as a
  -- game's (and so is the key: "./game.lua" in two folders is two games)
  local folder = sc.file:match("^(.*)/") or "."
  if type(spec) == "string" and loader.is_path(spec) and spec:sub(1, 1) ~= "/" then
    spec = folder .. "/" .. spec
  end
  if type(house) == "string" and house:sub(1, 1) ~= "/" then house = folder .. "/" .. house end
  local key = tostring(spec) .. "\0" .. tostring(house)
  if defs[key] == nil or fresh then
    local def, err = loader.load(spec, house or nil)
    defs[key] = def or { error = err }
  end
  return defs[key]
end

-- What a scenario stopped at step i (0: its set-up) did not run, as a note;
-- nil when nothing was left.
local function not_run(sc, i)
  local parts = {}
  local rest = #sc.steps - i
  if rest == 1 then
    parts[1] = "step " .. (i + 1)
  elseif rest > 1 then
    parts[1] = string.format("steps %d to %d", i + 1, #sc.steps)
  end
  if sc.expect then parts[#parts + 1] = "expect" end
  if #parts == 0 then return nil end
  return string.format("(the scenario stopped there: %s not run)", table.concat(parts, " and "))
end

-- A scenario's setup_refused: the game must not start (the players or the
-- options refused, or an error of the game's setup), for a reason that
-- holds `part`. Gives true, or false and the failure.
local function setup_refused(part, m, err)
  local why = err
  if m and m:status() == "error" then why = error_line(m) end
  if m and not why then
    return false, string.format("expected the set-up to be refused (a reason holding '%s'), got a game that started",
      part)
  end
  if not why:find(part, 1, true) then
    return false, string.format("expected the set-up to be refused for a reason holding '%s', got: %s", part, why)
  end
  return true
end

-- The scenario's options, with a word list's relative path found in the
-- scenario file's folder when the file is there (as `house` is; a path that
-- is only there from the folder cardlab runs in is kept as given); and
-- whether a relative path was looked for there in vain.
local function beside(sc, def)
  local folder = sc.file and sc.file:match("^(.*)/")
  if not folder or type(sc.options) ~= "table" then return sc.options end
  local options, missed = sc.options, false
  for _, d in ipairs(def.options or {}) do
    local path = sc.options[d.name]
    if d.type == "word_list" and dictionary.is_relative_path(path) then
      if require("lfs").attributes(folder .. "/" .. path, "mode") == "file" then
        if options == sc.options then
          options = {}
          for k, v in pairs(sc.options) do options[k] = v end
        end
        options[d.name] = folder .. "/" .. path
      else
        missed = true
      end
    end
  end
  return options, missed
end

-- Runs one scenario (with `fresh`, its game is loaded again: see
-- definition). Gives true, or false, the failures' text and their list.
-- Every check is made: a check that fails is reported and the next one is
-- made; an answer, an edit, a refusal or a bot run that fails stops the
-- scenario, since what follows would start from another position.
function M.run(sc, fresh)
  if type(sc.game) ~= "string" then return false, "no game: give game = NAME" end
  local def = definition(sc, fresh)
  if def.error then return false, "cannot load " .. sc.game .. ": " .. def.error end
  local run = { said = {} }
  local options, missed = beside(sc, def)
  local m, err = match.new(def, { players = sc.players, seed = sc.seed or 1, options = options,
                                  narrate = function(text) run.said[#run.said + 1] = text end })
  -- (the list was looked for beside the scenario file first: say so)
  if not m and missed and err and err:find("not found at", 1, true) then
    err = string.format("%s (nor beside %s)", err, sc.file)
  end
  if sc.setup_refused then return setup_refused(sc.setup_refused, m, err) end
  if not m then return false, err end
  if m:status() == "error" then return false, "the game to start, got an error: " .. error_line(m) end
  local failures = {}
  -- Runs f(kept) for one part of the scenario (`where` names it); keeps
  -- the failures it kept and the one it raised. Gives false when it raised.
  local function part(where, f)
    local kept = {}
    local ok, problem = pcall(f, kept)
    if not ok and getmetatable(problem) == Failure then kept[#kept + 1] = problem.text end
    for _, text in ipairs(kept) do failures[#failures + 1] = where .. "expected " .. text end
    if not ok and getmetatable(problem) ~= Failure then
      failures[#failures + 1] = where .. "error: " .. tostring(problem)
    end
    return ok
  end
  local stopped = not part("set-up: ", function()
    for _, text in ipairs(type(sc.set) == "string" and { sc.set } or sc.set or {}) do edit(m, text) end
  end) and 0 or nil
  for i, step in ipairs(stopped and {} or sc.steps) do
    if not part(string.format("step %d: ", i), function(kept) do_step(m, run, step, kept) end) then
      stopped = i
      break
    end
  end
  if not stopped and sc.expect then
    part("", function(kept) check(m, run, sc.expect, kept) end)
  end
  if #failures == 0 then return true end
  local text = failures[1]
  if #failures > 1 then
    text = string.format("%d failures:\n  %s", #failures, table.concat(failures, "\n  "))
  end
  local note = stopped and not_run(sc, stopped)
  if note then text = text .. "\n  " .. note end
  local taken = taken_at[m]
  if taken then
    local shown = table.concat(taken, "; ", 1, math.min(#taken, 3))
    if #taken > 3 then shown = shown .. string.format("; and %d more", #taken - 3) end
    text = text .. string.format("\n  (edits without 'from' took cards of names several cards share where they "
      .. "found them: %s; name the zone with 'from', or the card by '#ID', where it matters)", shown)
  end
  if sc.no_set_with_helpers then
    text = text .. "\n  (this scenario has no set, so it started from the deal of seed " .. (sc.seed or 1)
      .. "; a helper function that makes a set must return it)"
  end
  return false, text, failures
end

---------------------------------------------------------------- keeping a session

-- The line of a file written by `:scenario` (docs/repl.md) below its last
-- scenario: where the next one is added.
M.MARK = "-- (:scenario adds the next scenario above this line)"

local HEADER = [[
-- Scenarios kept at the cardlab REPL with :scenario FILE [NAME]; run them with
-- `cardlab test FILE` (docs/authoring.md, "Scenarios"). Each one replays a
-- session: its edits before the first answer (set), then its answers and
-- later edits in order (steps), and checks what the table showed then
-- (expect). Edit the names and the checks as you like; keep the line below
-- the last scenario, where :scenario adds the next one.
return {
  scenarios = {
]]
local FOOTER = "    " .. M.MARK .. "\n  },\n}\n"

-- A name Lua reads as a table key without brackets
local IDENT = (lpeg.R("az", "AZ") + lpeg.P"_") * (lpeg.R("az", "AZ", "09") + lpeg.P"_")^0 * -1
local KEYWORDS = {}
for w in ("and break do else elseif end false for function goto if in local nil not or repeat return "
  .. "then true until while"):gmatch("%a+") do KEYWORDS[w] = true end

-- A value as Lua source that reads back as the same value: nil when it has
-- none (a function, an infinite number).
local function literal(v)
  if type(v) == "string" then return string.format("%q", v) end
  if type(v) == "boolean" then return tostring(v) end
  if math.type(v) == "integer" then
    return v == math.mininteger and "math.mininteger" or string.format("%d", v)
  end
  if math.type(v) == "float" then
    if v ~= v or v == math.huge or v == -math.huge then return nil end
    local text = tostring(v)
    if tonumber(text) ~= v then text = string.format("%.17g", v) end
    return text
  end
end

local function key_literal(k)
  if lpeg.match(IDENT, k) and not KEYWORDS[k] then return k end
  return "[" .. literal(k) .. "]"
end

-- A table as one line of Lua: a list's items, then `key = value` in key
-- order (keys are texts).
local function inline(t)
  local parts = {}
  for _, v in ipairs(t) do parts[#parts + 1] = type(v) == "table" and inline(v) or literal(v) end
  local keys = {}
  for k in pairs(t) do if type(k) == "string" then keys[#keys + 1] = k end end
  table.sort(keys)
  for _, k in ipairs(keys) do
    local v = t[k]
    parts[#parts + 1] = key_literal(k) .. " = " .. (type(v) == "table" and inline(v) or literal(v))
  end
  if #parts == 0 then return "{}" end
  return "{ " .. table.concat(parts, ", ") .. " }"
end

-- The state's values that are numbers, texts or booleans, as { path, value }
-- in path order (paths as checks read them: money[2], price.Flyt).
local MOST_STATE = 40
local function state_values(state)
  local out = {}
  local function walk(t, path, depth)
    if depth > 4 then return end
    local keys = {}
    for k in pairs(t) do
      if math.type(k) == "integer" or (type(k) == "string" and k ~= "") then keys[#keys + 1] = k end
    end
    table.sort(keys, function(a, b)
      if type(a) ~= type(b) then return type(a) == "number" end
      return a < b
    end)
    for _, k in ipairs(keys) do
      local sub
      if path == nil then
        -- the first key of a path is a name
        sub = type(k) == "string" and k:match("^[%w_%-]+$") and k or nil
      elseif math.type(k) == "integer" then
        sub = string.format("%s[%d]", path, k)
      elseif k:match("^[%w_%-]+$") then
        sub = path .. "." .. k
      else
        sub = path .. '["' .. k:gsub('[\\"]', "\\%0") .. '"]'
      end
      local v = t[k]
      if sub and type(v) == "table" then
        walk(v, sub, depth + 1)
      elseif sub and literal(v) then
        out[#out + 1] = { sub, v }
      end
    end
  end
  walk(state, nil, 1)
  return out
end
M.state_values = state_values

-- Of the state's values (state_values), at most MOST_STATE to check, in
-- path order: first those the answers and edits changed since the deal
-- (`start`: the values at the start, by path), then the others; and how
-- many were left out. (Taken in path order alone, Cryptocurrency's 40 were
-- all before its money, stock and supply.)
local function checked_values(values, start)
  if #values <= MOST_STATE then return values, 0 end
  local keep, kept = {}, 0
  for pass = 1, 2 do
    for i, pv in ipairs(values) do
      local changed = start[pv[1]] ~= pv[2]
      if kept < MOST_STATE and not keep[i] and (pass == 2 or changed) then keep[i], kept = true, kept + 1 end
    end
  end
  local out = {}
  for i, pv in ipairs(values) do if keep[i] then out[#out + 1] = pv end end
  return out, #values - #out
end

-- What the table shows now, as checks: whose turn and what is asked (or
-- how the game ended), every zone's count (and top card where everyone
-- sees it), and the state's plain values.
function M.expect_of(m)
  local e = { zones = {}, state = {} }
  if m:status() == "over" then
    local r = m:result()
    e.over, e.winners, e.scores = true, r.winners, r.scores
    if type(r.reason) == "string" then e.reason = r.reason end
  else
    local r = m:request()
    e.seat, e.kind = r.seat, r.kind
  end
  e.current, e.round = m.game.seats:current(), round_of(m)
  -- (a card face down in a zone everyone sees, as Online's backed-up rows,
  -- is shown to no seat, seat 1 among them, whose view tells: its top is not
  -- what the table shows)
  local shown = m:view(1).zones
  for _, z in ipairs(m.game.table:zones()) do
    local ids = z:cards()
    local want = { count = #ids }
    local seen = shown[z:name()]
    if #ids > 0 and z:visibility() == "everyone" and seen and seen.cards and seen.cards[1] == ids[1] then
      want.top = card_label(m, ids[1])
    end
    e.zones[z:name()] = want
  end
  local start = {}
  local fresh = match.new(m.def, m:config_for_replay())
  for _, pv in ipairs(fresh and state_values(match.copy(fresh.game.state)) or {}) do start[pv[1]] = pv[2] end
  local values, more = checked_values(state_values(match.copy(m.game.state)), start)
  e.state_list, e.more_state = values, more
  for _, pv in ipairs(values) do e.state[pv[1]] = pv[2] end
  return e
end

-- The scenario a match stands for: its game, settings, edits and answers
-- (as steps, each answer with the seat that gave it), and expect_of(m).
function M.of_match(m, name, house)
  local sc = { name = name, game = m.def.spec, players = m.config.players, seed = m.config.seed,
               house = house, options = {}, set = {}, steps = {}, edits = #m.edits, answers = 0 }
  for k in pairs(m.config.given or {}) do sc.options[k] = m.config.options[k] end
  local edits_at = {}
  for _, e in ipairs(m.edits) do
    edits_at[e[1]] = edits_at[e[1]] or {}
    table.insert(edits_at[e[1]], e[2])
  end
  sc.set = edits_at[0] or {}
  for i, entry in ipairs(m:log()) do
    sc.steps[#sc.steps + 1] = { answer = entry[2], seat = entry[1] }
    if edits_at[i] then sc.steps[#sc.steps + 1] = { set = edits_at[i] } end
  end
  sc.answers = #m:log()
  sc.expect = M.expect_of(m)
  return sc
end

-- The scenario as Lua source, indented to sit in a file's `scenarios`
-- list; `force` names fields to write even when empty (so that a file's
-- own defaults do not apply: options = {}, house = false).
local function source_of(sc, force)
  local out = {}
  local function put(fmt, ...) out[#out + 1] = string.format(fmt, ...) end
  put("    { name = %s,\n", literal(sc.name))
  local head = { "game = " .. literal(sc.game), "players = " .. literal(sc.players), "seed = " .. literal(sc.seed) }
  if next(sc.options) or force.options then head[#head + 1] = "options = " .. inline(sc.options) end
  if sc.house then
    head[#head + 1] = "house = " .. literal(sc.house)
  elseif force.house then
    head[#head + 1] = "house = false"
  end
  put("      %s,\n", table.concat(head, ", "))
  if #sc.set > 0 then put("      set = %s,\n", inline(sc.set)) end
  if #sc.steps > 0 then
    put("      steps = {\n")
    for _, step in ipairs(sc.steps) do
      if step.answer then
        put("        { answer = %s, seat = %d },\n", literal(step.answer), step.seat)
      else
        put("        { set = %s },\n", #step.set == 1 and literal(step.set[1]) or inline(step.set))
      end
    end
    put("      },\n")
  end
  local e = sc.expect
  put("      expect = {\n")
  local first = {}
  for _, k in ipairs({ "over", "seat", "kind", "current", "round", "winners", "scores", "reason" }) do
    if e[k] ~= nil then
      first[#first + 1] = k .. " = " .. (type(e[k]) == "table" and inline(e[k]) or literal(e[k]))
    end
  end
  put("        %s,\n", table.concat(first, ", "))
  local names = {}
  for name in pairs(e.zones) do names[#names + 1] = name end
  table.sort(names)
  put("        zones = {\n")
  for _, name in ipairs(names) do put("          %s = %s,\n", key_literal(name), inline(e.zones[name])) end
  put("        },\n")
  if #e.state_list > 0 then
    put("        state = {\n")
    for _, pv in ipairs(e.state_list) do put("          %s = %s,\n", key_literal(pv[1]), literal(pv[2])) end
    if e.more_state > 0 then
      put("          -- (and %d more values of the state, not checked; those changed since the deal are checked first)\n",
        e.more_state)
    end
    put("        },\n")
  end
  put("      } },\n")
  return table.concat(out)
end

-- A path's parts, with "." and ".." resolved, from the current folder.
local function parts_of(path)
  if path:sub(1, 1) ~= "/" then path = require("cardlab.loader").current_dir() .. "/" .. path end
  local parts = {}
  for p in tidy_path(path):gmatch("[^/]+") do parts[#parts + 1] = p end
  return parts
end

-- A path from the current folder as a path from the scenario file's folder
-- (how a scenario file names a game script or a house file, and what moves
-- with a repository).
local function path_from_file(target, file)
  local to, from = parts_of(target), parts_of(file)
  from[#from] = nil  -- the file's folder
  local same = 0
  while same < #from and same < #to - 1 and from[same + 1] == to[same + 1] do same = same + 1 end
  local rel = {}
  for _ = same + 1, #from do rel[#rel + 1] = ".." end
  for i = same + 1, #to do rel[#rel + 1] = to[i] end
  local text = table.concat(rel, "/")
  -- (a bare "game.lua" names a script too; "./" only says so plainly)
  return text:find("/", 1, true) and text or "./" .. text
end

-- A game found by path, as a path from the scenario file's folder; a game
-- found by name stays a name.
local function game_from(spec, file)
  if not (spec:find("/", 1, true) or spec:match("%.lua$")) then return spec end
  return path_from_file(spec, file)
end

-- Keeps a match as a scenario in the file at `path`: a new file, or one
-- more scenario in a file :scenario wrote (or any scenario file holding its
-- MARK line). The scenario is checked first by running it as `cardlab test`
-- would, the game loaded again from its files; the file is written to a
-- temporary name and renamed, only over a regular file. `opts`: name (the
-- scenario's, or one made up), house (the house file as given). Gives true
-- and a line saying what was written, or nil and why nothing was.
function M.keep(path, m, opts)
  local lfs = require "lfs"
  if type(path) ~= "string" or path == "" or path:sub(-1) == "/" then
    return nil, string.format("cannot write scenario file '%s': expected the name of a file", tostring(path))
  end
  if M.is_helper_file(path) then
    return nil, string.format("cannot write scenario file %s: a name beginning with '_' is a helper file, "
      .. "which cardlab test does not run; expected another name", path)
  end
  if m:status() == "error" then
    return nil, "the game ended in error: a scenario of it could not be run (:undo goes back before the "
      .. "failure)"
  end
  local source = loader.source_at(m.def, path)
  if source then
    return nil, string.format("cannot write scenario file %s: it is %s; expected a file of its own", path, source)
  end
  local mode = lfs.attributes(path, "mode")
  local folder = path:match("^(.*)/[^/]*$") or "."
  local before, list = nil, {}
  if not mode and lfs.attributes(folder == "" and "/" or folder, "mode") ~= "directory" then
    return nil, string.format("cannot write scenario file %s: there is no folder '%s'", path, folder)
  elseif mode and mode ~= "file" then
    return nil, string.format("cannot write scenario file %s: it is a %s, not a regular file", path, mode)
  elseif mode then
    local f, err = io.open(path, "rb")
    if not f then return nil, string.format("cannot read scenario file %s: %s", path, err) end
    before = f:read("a")
    f:close()
    local read, why = M.read_text(before, path)
    if not read then
      return nil, string.format("%s exists and is not a scenario file (%s); expected a new file, or a "
        .. "scenario file to add to", path, tostring(why):match("[^\n]*"))
    end
    list = read
  end
  local sc = M.of_match(m, opts.name, opts.house)
  sc.game = game_from(sc.game, path)
  if sc.house then sc.house = path_from_file(sc.house, path) end
  -- a word list's relative path was read from the current folder: name it
  -- from the file's, as the house file (cardlab test looks there first);
  -- cardlab test gives the game that path joined to the file's folder, so a
  -- copy of the path in the state (Letter Tycoon's) is not expected
  for _, d in ipairs(m.def.options or {}) do
    local given = sc.options[d.name]
    if d.type == "word_list" and dictionary.is_relative_path(given) and lfs.attributes(given, "mode") == "file" then
      local rel = path_from_file(given, path)
      if rel ~= "./" .. given then sc.options[d.name] = rel end
      local e, kept = sc.expect, {}
      for _, pv in ipairs(e.state_list) do
        if pv[2] == given then e.state[pv[1]] = nil else kept[#kept + 1] = pv end
      end
      e.state_list = kept
    end
  end
  local taken = {}
  for _, old in ipairs(list) do taken[old.name] = true end
  if not sc.name then
    local base = string.format("%s, seed %d: %s%s", m.def.name, m.config.seed,
      sc.answers == 1 and "1 answer" or sc.answers .. " answers",
      sc.edits == 0 and "" or sc.edits == 1 and ", 1 edit" or ", " .. sc.edits .. " edits")
    sc.name = base
    local n = 1
    while taken[sc.name] do
      n = n + 1
      sc.name = string.format("%s (%d)", base, n)
    end
  elseif taken[sc.name] then
    return nil, string.format("%s already holds a scenario named '%s'; give another NAME", path, sc.name)
  end
  -- the text of the file with the scenario in it; read back as it will be
  local function text_with(force)
    local entry = source_of(sc, force)
    if not before then return HEADER .. entry .. FOOTER end
    -- before the last MARK line, at its indentation
    local at, indent
    local pos = 1
    while true do
      local s, e, ind = before:find("\n([ \t]*)" .. M.MARK:gsub("%p", "%%%0") .. "[ \t]*\n", pos)
      if not s then break end
      at, indent, pos = s + 1, ind, e
    end
    if not at and before:sub(1, #M.MARK) == M.MARK then at, indent = 1, "" end
    if not at then return nil end
    entry = entry:gsub("^    ", indent):gsub("\n    ", "\n" .. indent)
    return before:sub(1, at - 1) .. entry .. before:sub(at)
  end
  local force = {}
  local text = text_with(force)
  if not text then
    return nil, string.format("%s is a scenario file without the line '%s': cannot tell where to add a "
      .. "scenario; put that line in its scenarios list below the last one, or name another file", path, M.MARK)
  end
  local after, why = M.read_text(text, path)
  -- a file's own options or house would apply to a scenario without them
  if after and #after == #list + 1 then
    local last = after[#after]
    if not next(sc.options) and last.options ~= nil and next(last.options) then force.options = true end
    if not sc.house and last.house then force.house = true end
    if force.options or force.house then
      text = text_with(force)
      after, why = M.read_text(text, path)
    end
  end
  if not after or #after ~= #list + 1 or after[#after].name ~= sc.name then
    return nil, string.format("cannot add to %s: with the scenario in it, the file does not read as %d "
      .. "scenarios, the new one last (%s); nothing was written", path, #list + 1,
      why and tostring(why):match("[^\n]*") or "its MARK line is not inside its scenarios list")
  end
  local ok, problem = M.run(after[#after], true)
  if not ok then
    -- the run read the game's files again: changed since the game was
    -- loaded, they, not the scenario, are why it fails
    local now = definition(after[#after])
    local changed = now.hash and m.def.hash and now.hash ~= m.def.hash
    -- or a change made at the Lua prompt, which no replay makes
    local again = not changed and match.replay(m.def, m:config_for_replay(), m:log(), nil, m.edits)
    local unrecorded = again and again:snapshot() ~= m:snapshot()
    return nil, string.format("not written: the scenario would fail under 'cardlab test':\n  %s%s",
      (problem:gsub("\n", "\n  ")), changed and "\n  (the rule script or the house file changed since the game "
      .. "was loaded: :reload plays the game under them)" or unrecorded and "\n  (the game differs from a replay "
      .. "of its answers and edits: a change made from Lua is not recorded; make it with :set)" or "")
  end
  local written, werr = require("cardlab.files").replace(path, text)
  if not written then return nil, string.format("cannot write scenario file %s: %s", path, werr) end
  local e = sc.expect
  local zones = 0
  for _ in pairs(e.zones) do zones = zones + 1 end
  local shell = path:match("^[%w%._/%-]+$") and path or "'" .. path:gsub("'", "'\\''") .. "'"
  return true, string.format("%s scenario '%s' to %s%s: %s, %s; expect: %s, %d zones, %d state values "
    .. "(cardlab test %s runs %s)",
    before and "added" or "wrote", sc.name, path, before and string.format(" (now %d scenarios)", #after) or "",
    render.count(sc.answers, "answer"), render.count(sc.edits, "edit"),
    e.over and "the result" or string.format("seat %d asked '%s'", e.seat, e.kind), zones, #e.state_list,
    shell, before and "them" or "it")
end

return M
