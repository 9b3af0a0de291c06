-- The search bot of every game: information-set Monte Carlo tree search
-- (Cowling, Powley and Whitehouse 2012, "single observer"). One tree over
-- what the deciding seat has seen: each iteration branches the game (a copy
-- of the position), re-deals in the copy every card the seat cannot see
-- (the table's determinize, with the game's own constraints), walks the tree
-- by UCB over the answers legal in that deal, adds one answer, plays on with
-- random answers to the end and scores the result (a win 1, a shared win
-- split, a loss 0) for the seat that chose each answer on the way.
--
-- The search holds the match only to branch it: everything it decides on
-- passes through a deal that depends on nothing but the seat's view (the
-- table's known and seen cards; game.state, which must hold no hidden card:
-- `cardlab check` says when one does). Its generator is seeded from the
-- game's seed, the number of answers so far and the seat, so the same
-- decision gets the same answer on any machine (unless `ms` stops it early).

local vm = require "cardlab.vm"
local lpeg = require "lpeg"

local M = {}

local P, R, S, C, Ct, Cg = lpeg.P, lpeg.R, lpeg.S, lpeg.C, lpeg.Ct, lpeg.Cg
local log, sqrt, huge = math.log, math.sqrt, math.huge

---------------------------------------------------------------- parameters

-- The parameters, their defaults and what each means (docs/bots.md).
M.PARAMETERS = {
  { name = "iterations", default = 120, min = 1, integer = true,
    doc = "deals searched per decision (each a branch of the game played to its end)" },
  { name = "steps", default = 100000, min = 1, integer = true,
    doc = "answers played in branches per decision (their replays and playouts) after which "
      .. "the search stops: a budget of time that gives the same answers on every machine" },
  { name = "c", default = 0.7, min = 0,
    doc = "exploration constant of UCB: higher tries weaker-looking answers more" },
  { name = "widen", default = 2, min = 0,
    doc = "progressive widening: a request visited n times has at most widen*sqrt(n) answers "
      .. "tried (at least one), so that a long list (Letter Tycoon's words) gets answers tried "
      .. "several times rather than many once; 0 tries every answer first" },
  { name = "playout", default = "random", text = true,
    doc = "who plays the playouts at every seat: random, or a bot of the game by name (greedy): "
      .. "slower playouts that look like real play" },
  { name = "ms", default = 0, min = 0, integer = true,
    doc = "stop after this many milliseconds of processor time even if iterations are left "
      .. "(0: no limit); with a limit, answers depend on the machine's speed" },
}
local BY_NAME = {}
for _, p in ipairs(M.PARAMETERS) do BY_NAME[p.name] = p end

local function names()
  local list = {}
  for _, p in ipairs(M.PARAMETERS) do list[#list + 1] = p.name end
  return table.concat(list, ", ")
end

-- "ismcts" or "ismcts:iterations=400,c=0.7,ms=200"
local name = C((R("az", "AZ") + P"_")^1)
local value = C((1 - S",")^0)
local param = Ct(Cg(name, "name") * P"=" * Cg(value, "value"))
local spec = P"ismcts" * (P":" * Ct(param * (P"," * param)^0) + Ct(P(true))) * -1

-- Whether a player kind names the search bot (with or without parameters).
function M.is_kind(kind)
  return type(kind) == "string" and (kind == "ismcts" or kind:sub(1, 7) == "ismcts:")
end

-- Splits a comma-separated list of player kinds ("greedy,ismcts:c=1,
-- iterations=50,random"), where a search bot's parameters are separated by
-- commas too: a part "name=value" belongs to the kind before it. Gives the
-- list of kind texts (an empty part stays, as an empty text).
local kind_text = (1 - S",=:")^0
local more_param = P"," * name * P"="
local one_kind = C(kind_text * (P":" * (1 - S",")^0 * (#more_param * P"," * (1 - S",")^0)^0)^-1)
local kind_list = Ct(one_kind * (P"," * one_kind)^0) * -1
function M.split_kinds(text)
  return lpeg.match(kind_list, text) or { text }
end

-- Parses a kind "ismcts[:name=value,...]". Gives the parameters with the
-- defaults filled in, or nil and a one-line reason.
function M.parse(kind)
  local given = lpeg.match(spec, kind)
  if not given then
    return nil, string.format("'%s' is not a search bot: expected ismcts or "
      .. "ismcts:name=value,... (parameters: %s), e.g. ismcts:iterations=400,c=0.7", kind, names())
  end
  local params = {}
  for _, p in ipairs(M.PARAMETERS) do params[p.name] = p.default end
  local seen = {}
  for _, g in ipairs(given) do
    local p = BY_NAME[g.name]
    if not p then
      return nil, string.format("%s: unknown parameter '%s'; parameters: %s", kind, g.name, names())
    end
    if seen[g.name] then return nil, string.format("%s: parameter '%s' given twice", kind, g.name) end
    seen[g.name] = true
    local v = tonumber(g.value)
    if p.integer then v = v and math.tointeger(v) end
    if p.text then
      v = g.value:match("^[%w_]+$")
      if not v then
        return nil, string.format("%s: %s=%s; expected a name", kind, g.name, g.value)
      end
    elseif v == nil or v ~= v or v == huge or v < p.min then
      return nil, string.format("%s: %s=%s; expected %s from %s", kind, g.name, g.value,
        p.integer and "a whole number" or "a number", tostring(p.min))
    end
    params[g.name] = v
  end
  return params
end

---------------------------------------------------------------- branching

-- A branch: a copy of the match at the same point, made by replaying its
-- answers (and edits) from its seed; the answers go straight to the
-- engine. Measured against match.replay on every game (`cardlab bench`,
-- branch rows): a copy of the Lua state itself cannot be made (a suspended
-- coroutine cannot be copied), and a fork of the process costs as much as
-- the replay before its playout has even begun (docs/bots.md).
local function brancher(m)
  local match = require "cardlab.match"
  local def, log = m.def, m:log()
  local config = m:config_for_replay()
  if #m.edits > 0 then
    return function() return assert(match.replay(def, config, log, nil, m.edits)) end
  end
  local n = #log
  return function()
    local copy = assert(match.new(def, config))
    local engine = copy.engine
    for i = 1, n do
      local ok, why = engine:answer(log[i][2])
      if not ok then error(string.format("branch: answer %d: %s", i, why), 0) end
    end
    return copy
  end
end
M.brancher = brancher

---------------------------------------------------------------- constraints

-- The cards each zone cannot hold by the game's constraints hook (see
-- docs/bots.md): def.constraints(view) gives zone name -> may(card), asked
-- here once per decision for every card the seat cannot see. Gives the
-- sets for table:determinize, or nil.
function M.refusals(m, seat)
  local hook = m.def.constraints
  if not hook then return nil end
  local view = m:view(seat)
  local ok, rules = vm.guard(hook, view)
  if not ok then error(string.format("%s: the constraints hook failed: %s", m.def.name, tostring(rules)), 0) end
  if rules == nil then return nil end
  if type(rules) ~= "table" then
    error(string.format("%s: the constraints hook gave a %s; expected a table of zone name -> "
      .. "function(card)", m.def.name, type(rules)), 0)
  end
  local t, refused = m.table, {}
  for zone, may in pairs(rules) do
    if type(may) ~= "function" then
      error(string.format("%s: the constraints hook gave a %s for zone '%s'; expected a function(card)",
        m.def.name, type(may), tostring(zone)), 0)
    end
    local set = {}
    for card = 1, t:ncards() do
      if not t:visible(card, seat) then
        local fine, allowed = vm.guard(may, card)
        if not fine then
          error(string.format("%s: the constraint of zone '%s' failed: %s", m.def.name, tostring(zone),
            tostring(allowed)), 0)
        end
        if not allowed then set[card] = true end
      end
    end
    refused[zone] = set
  end
  return refused
end

---------------------------------------------------------------- backs

-- Each card's back as the table's determinize takes it: cards whose data
-- have different `back` fields (a game's decks) are told apart face down.
-- Gives the list, or nil when all cards are alike.
function M.backs(cards)
  local number, list, k = {}, {}, 0
  for id, card in ipairs(cards) do
    local b = type(card) == "table" and card.back or nil
    if b == nil then
      list[id] = 0
    else
      if not number[b] then k = k + 1; number[b] = k end
      list[id] = number[b]
    end
  end
  return k > 0 and list or nil
end

---------------------------------------------------------------- the search

local MAX_PLAYOUT = 1000000

local function new_node() return { children = {}, order = {}, passed = 0 } end

-- The child of node for answer text, made on first use: visits, total
-- reward (for the seat that chose it) and availability (how often it was
-- legal when its parent was visited).
local function child(node, text, seat)
  local c = node.children[text]
  if not c then
    c = { text = text, seat = seat, visits = 0, reward = 0, avail = 0, children = {}, order = {},
          passed = 0 }
    node.children[text] = c
    node.order[#node.order + 1] = c
  end
  return c
end

-- The legal answers of a branch's pending request: the list, or what the
-- enumerator gives for a typed answer.
local function legal_of(engine)
  local seat, _, _, legal = engine:request()
  if type(legal) ~= "table" then legal = engine:legal() end
  return seat, legal
end

-- The share of a game's result each seat gets: 1 split among the winners.
local function shares(engine, players)
  local out = {}
  for s = 1, players do out[s] = 0 end
  local status = engine:status()
  if status == "over" then
    local result = engine:result()
    local winners = type(result) == "table" and result.winners
    if type(winners) == "table" and #winners > 0 then
      for _, w in ipairs(winners) do
        if out[w] then out[w] = out[w] + 1 / #winners end
      end
      return out
    end
  end
  -- a game that did not end: a draw
  for s = 1, players do out[s] = 1 / players end
  return out
end

-- The seed of a decision's search: the game's seed, the answers so far and
-- the seat, hashed.
local function decision_seed(m, seat)
  local h = vm.hash(string.format("ismcts %d %d %d", m.config.seed, m:count(), seat))
  return math.tointeger(tonumber(h:sub(1, 13), 16))
end

-- Searches the pending request of match m for its seat. Gives the ranking
-- of the legal answers, most visited first: { answer, visits, win } (win:
-- mean reward, the estimated win chance), and stats { iterations, errors,
-- seconds }.
function M.search(m, params)
  params = params or M.parse("ismcts")
  local host = require "cardlab.host"
  local seat = m.engine:request()
  assert(seat, "search: no request is pending")
  local players = m.config.players
  local rng = vm.rng(decision_seed(m, seat))
  local deal = { refused = M.refusals(m, seat), backs = M.backs(m.game.cards) }
  local branch = brancher(m)
  local playout = params.playout
  if playout ~= "random" and not m.def.bots[playout] then
    error(string.format("ismcts: playout=%s: %s has no bot named '%s'; expected random%s", playout,
      m.def.name, playout, next(m.def.bots) and " or one of its bots" or ""), 0)
  end
  local randoms = {}
  for s = 1, players do randoms[s] = playout end
  local root = new_node()
  local c, widen = params.c, params.widen
  local t0 = host.clock()
  local done, errors, interrupted = 0, 0, false
  local _, root_legal = legal_of(m.engine)
  local steps = 0
  -- one legal answer: nothing to search
  for _ = 1, #root_legal > 1 and params.iterations or 0 do
    if done > 0 and (steps >= params.steps
                     or params.ms > 0 and (host.clock() - t0) * 1000 >= params.ms) then
      break
    end
    local copy = branch()
    copy.table:determinize(seat, rng, deal)
    copy.rng:set_state(vm.rng(rng:int(0, 0x7fffffff)):state())
    local engine = copy.engine
    engine:reseed(rng:int(0, 0x7fffffff))
    local node, path, failed = root, {}, false
    -- selection and expansion: down the tree while every answer legal here
    -- has been tried; then one new answer
    while engine:status() == "waiting" do
      local who, legal = legal_of(engine)
      if #legal == 0 then failed = true break end
      local untried, best, best_value = nil, nil, -huge
      local nu, ntried = 0, 0
      for i = 1, #legal do
        local kid = node.children[legal[i]]
        if kid == nil or kid.visits == 0 then
          nu = nu + 1
          -- one of the untried, uniformly (reservoir sampling)
          if rng:int(nu) == 1 then untried = legal[i] end
        else
          ntried = ntried + 1
        end
      end
      node.passed = node.passed + 1
      -- progressive widening: no new answer while enough are tried here
      if untried and widen > 0 and ntried > 0 and ntried >= widen * sqrt(node.passed) then
        untried = nil
      end
      local pick
      if untried then
        pick = child(node, untried, who)
      else
        for i = 1, #legal do
          local kid = node.children[legal[i]]
          if kid == nil or kid.visits == 0 then goto next end
          kid.avail = kid.avail + 1
          local v = kid.reward / kid.visits + c * sqrt(log(kid.avail) / kid.visits)
          if v > best_value then best, best_value = kid, v end
          ::next::
        end
        pick = best
      end
      path[#path + 1] = pick
      local ok, why = engine:answer(pick.text)
      if not ok then error(string.format("search: answer '%s' refused in a branch: %s", pick.text, why), 0) end
      node = pick
      if untried then break end
    end
    -- the playout: random answers to the end
    if not failed and engine:status() == "waiting" then
      local _
      if playout == "random" then
        _, _, interrupted = engine:run(randoms, MAX_PLAYOUT)
      else
        _, _, interrupted = copy:run(randoms, MAX_PLAYOUT)
      end
    end
    -- Ctrl-C: the search stops, and whoever ran it is told
    if interrupted then break end
    if failed or engine:status() == "error" then
      errors = errors + 1
    else
      local share = shares(engine, players)
      for i = 1, #path do
        local n = path[i]
        n.visits = n.visits + 1
        n.reward = n.reward + share[n.seat]
      end
      done = done + 1
    end
    steps = steps + engine:count()
    -- (a copy's table is freed by the collector: a game's table cannot be
    -- released by hand)
  end
  local ranking = {}
  for i, text in ipairs(root_legal) do
    local kid = root.children[text]
    ranking[#ranking + 1] = { answer = text, visits = kid and kid.visits or 0,
                              win = kid and kid.visits > 0 and kid.reward / kid.visits or nil, index = i }
  end
  table.sort(ranking, function(a, b)
    if a.visits ~= b.visits then return a.visits > b.visits end
    local wa, wb = a.win or -1, b.win or -1
    if wa ~= wb then return wa > wb end
    return a.index < b.index
  end)
  return ranking, { iterations = done, errors = errors, steps = steps, seconds = host.clock() - t0,
                    interrupted = interrupted }
end

-- A hint for a person: the search's ranking of the legal answers of the
-- pending request, from its seat's view only, as lines of text (at most
-- `most`, default 10): answer, visits, estimated win chance.
function M.hint_lines(m, params, most)
  local ranking, stats = M.search(m, params)
  most = most or 10
  local seat = m:request().seat
  local lines = {
    string.format("search for seat %d: %d deals of what it cannot see, %.2f s (win: the share of "
      .. "those games won after the answer)", seat, stats.iterations, stats.seconds),
  }
  local width = 6
  for i = 1, math.min(#ranking, most) do width = math.max(width, utf8.len(ranking[i].answer) or #ranking[i].answer) end
  for i = 1, math.min(#ranking, most) do
    local r = ranking[i]
    local pad = string.rep(" ", width - (utf8.len(r.answer) or #r.answer))
    lines[#lines + 1] = string.format("  %2d) %s%s  %5d visits  %s", i, r.answer, pad, r.visits,
      r.win and string.format("win %3.0f%%", 100 * r.win) or "(not tried)")
  end
  if #ranking > most then lines[#lines + 1] = string.format("  ... %d more answers", #ranking - most) end
  if #ranking == 1 then lines[#lines + 1] = "  (the only legal answer)" end
  return lines
end

-- The search's answer to the pending request: the most visited; nil when
-- Ctrl-C stopped the search.
function M.answer(m, params)
  local ranking, stats = M.search(m, params)
  if stats.interrupted then return nil end
  return ranking[1].answer
end

return M
