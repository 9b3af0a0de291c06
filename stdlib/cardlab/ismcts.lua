-- The search bot of every game: information-set Monte Carlo tree search
-- (Cowling, Powley and Whitehouse 2012, "single observer"). One tree over
-- what the deciding seat has seen: each iteration branches the game (a copy
-- of the position), re-deals in the copy every card the seat cannot see
-- (the table's determinize, with the game's own constraints), walks the tree
-- by UCB over the answers legal in that deal, adds one answer, plays on with
-- random answers to the end and scores the result (a win 1, a shared win
-- split, a loss up to `shape` by the seats beaten) for the seat that chose
-- each answer on the way (tree=full). In a game with a greedy bot the
-- default is a root search instead (tree=root): only the answers now, each
-- played on the same deals by greedy bots to the end, the bot's own answer
-- kept unless another gains on it surely (docs/bots.md).
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
  { name = "playout", default = "auto", text = true,
    doc = "who plays the playouts at every seat: random, a bot of the game by name (greedy), or "
      .. "auto: the game's greedy bot if it has one, else random" },
  { name = "tree", default = "auto", text = true, choices = { "full", "root", "auto" },
    doc = "full: a tree over every request on the way (UCB at each); root: only the answers now, "
      .. "each played on the same deals; auto: root when a bot plays the playouts, else full" },
  { name = "width", default = 6, min = 1, integer = true,
    doc = "with tree=root, the answers searched at most: the playout bot's own answer first, "
      .. "then others drawn at random" },
  { name = "depth", default = 0, min = 0, integer = true,
    doc = "answers a playout plays at most, then valued by the seats' standings (the part of "
      .. "the others each seat is ahead of); 0 plays to the end" },
  { name = "margin", default = 1, min = 0,
    doc = "with tree=root, how sure the search must be to leave the playout bot's own answer: "
      .. "the mean gain of another answer on the same deals, in standard errors" },
  { name = "shape", default = 0.2, min = 0, max = 1,
    doc = "what a lost game is worth by the seats beaten (their standing at the end): up to this "
      .. "much, where a win is 1; a finer reward than win or loss, 0 for win or loss only" },
  { name = "reads", default = "auto", text = true, choices = { "auto", "none" },
    doc = "auto: with tree=root and a bot of the game playing the playouts, the deals also take what "
      .. "the others' answers tell if they play as that bot does (the game's constraints hook, given "
      .. "the bot's name and the answers so far); none: only what any player's answers tell" },
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
      if p.choices then
        local known = false
        for _, c in ipairs(p.choices) do known = known or c == v end
        if not known then
          return nil, string.format("%s: %s=%s; expected %s or %s", kind, g.name, g.value,
            table.concat(p.choices, ", ", 1, #p.choices - 1), p.choices[#p.choices])
        end
      end
    elseif v == nil or v ~= v or v == huge or v < p.min or (p.max and v > p.max) then
      return nil, string.format("%s: %s=%s; expected %s from %s%s", kind, g.name, g.value,
        p.integer and "a whole number" or "a number", tostring(p.min), p.max and " to " .. tostring(p.max) or "")
    end
    params[g.name] = v
  end
  -- what was given, which a game's own defaults (its `search`) do not replace
  params.given = seen
  return params
end

-- Checks a game's own defaults of the search's parameters (its definition's
-- `search` table: name -> value). Gives them as parameters, or nil and why.
function M.game_defaults(search)
  local parts = {}
  for _, name in ipairs(require("cardlab.options").sorted_keys(search)) do
    parts[#parts + 1] = tostring(name) .. "=" .. tostring(search[name])
  end
  if #parts == 0 then return {} end
  return M.parse("ismcts:" .. table.concat(parts, ","))
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
-- docs/bots.md): def.constraints(view, models, history) gives zone name ->
-- may(card), asked here once per decision for every card the seat cannot
-- see. models, if given, names for some other seats the bot the search
-- takes each to play as (seat -> name): the hook may then also read their
-- answers as that bot's, in history, the answers so far ({seat, answer}
-- each; given only where the game has no secret kinds, whose answers a seat
-- does not see, and was not edited by hand). Gives the sets for
-- table:determinize (or nil), and the hook's second result, fits(cards) (or
-- nil): whether a whole deal could be, where cards(zone) lists the cards of
-- a zone in the deal, for what a rule about one card cannot say (how many
-- of a suit a hand holds).
-- An error of the game's constraints hook is the game's: it ends the game
-- (match:run) as a bot's error does, where any other error of a search is
-- the host's and is raised as it is. Read as text by tostring.
local HookError = { __tostring = function(e) return e.message end }
local function hook_error(format, ...)
  error(setmetatable({ message = string.format(format, ...) }, HookError), 0)
end

-- Whether an error raised by a search is the game's constraints hook's.
function M.is_hook_error(err)
  return getmetatable(err) == HookError
end

-- The hook's fits reads a deal through cards(zone), a zone's cards on table
-- t; a name no zone has is the hook's mistake, said at its line.
function M.zone_reader(t)
  return function(zone)
    local ok, z = pcall(t.zone, t, zone)
    if not ok then error(string.format("no zone named '%s'", tostring(zone)), 2) end
    return z:cards()
  end
end

function M.refusals(m, seat, models)
  local hook = m.def.constraints
  if not hook then return nil end
  local view = m:view(seat)
  -- (an edit by hand is not in the answers, which then tell what was not so)
  local history = models and not next(m.def.secret_kinds or {}) and #m.edits == 0 and m:log() or nil
  local ok, rules, fits = vm.guard(hook, view, models, history)
  if not ok then hook_error("%s: the constraints hook failed: %s", m.def.name, tostring(rules)) end
  if fits ~= nil and type(fits) ~= "function" then
    hook_error("%s: the constraints hook's second result is a %s; expected nil or "
      .. "function(cards) giving whether a deal could be", m.def.name, type(fits))
  end
  if rules == nil then return nil, fits end
  if type(rules) ~= "table" then
    hook_error("%s: the constraints hook gave a %s; expected a table of zone name -> "
      .. "function(card)", m.def.name, type(rules))
  end
  local t, refused = m.table, {}
  -- (by name, so that of two zones that fail the same is named every run:
  -- a sort of a few names, beside a guarded call per card and zone)
  for _, zone in ipairs(require("cardlab.options").sorted_keys(rules)) do
    local may = rules[zone]
    if type(may) ~= "function" then
      hook_error("%s: the constraints hook gave a %s for zone '%s'; expected a function(card)",
        m.def.name, type(may), tostring(zone))
    end
    local set = {}
    for card = 1, t:ncards() do
      if not t:visible(card, seat) then
        local fine, allowed = vm.guard(may, card)
        if not fine then
          hook_error("%s: the constraint of zone '%s' failed: %s", m.def.name, tostring(zone),
            tostring(allowed))
        end
        if not allowed then set[card] = true end
      end
    end
    refused[zone] = set
  end
  return refused, fits
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

-- The reward of each seat at the end of a branch's game: its share of the
-- win, and a lost game up to `shape` by the part of the other seats whose
-- standing (the game's, else its score) is below its own (a tie half), so
-- that of two losses the search prefers the closer.
local function rewards(copy, players, shape)
  local status = copy.engine:status()
  local out = shares(copy.engine, players)
  -- a playout cut short (depth): valued by the standings alone
  local cut = status == "waiting"
  if not cut and (shape <= 0 or status ~= "over") then return out end
  local standing = copy.def.standing
  local ok, points
  if standing then
    ok, points = vm.guard(vm.standings, standing, copy.game, players)
  else
    local result = copy.engine:result()
    ok, points = type(result) == "table" and type(result.scores) == "table", type(result) == "table" and result.scores
  end
  if not ok or type(points) ~= "table" then
    -- a game cut short has no result, and without standings (or when they
    -- fail) every seat is as far ahead as the others: half, as a tie of
    -- standings is valued below
    if cut then for s = 1, players do out[s] = 0.5 end end
    return out
  end
  if cut then
    for s = 1, players do out[s] = 0 end
    shape = 1
  end
  for s = 1, players do
    if out[s] == 0 and type(points[s]) == "number" then
      local beaten = 0
      for o = 1, players do
        local p = points[o]
        if o ~= s and type(p) == "number" then
          if p < points[s] then beaten = beaten + 1 elseif p == points[s] then beaten = beaten + 0.5 end
        end
      end
      out[s] = shape * beaten / (players - 1)
    end
  end
  return out
end

-- The seed of a decision's search: the game's seed, the answers so far and
-- the seat, hashed.
local function decision_seed(m, seat)
  local h = vm.hash(string.format("ismcts %d %d %d", m.config.seed, m:count(), seat))
  return math.tointeger(tonumber(h:sub(1, 13), 16))
end

-- Who plays the playouts: "random" or the name of a bot of the game
-- ("auto": the game's greedy bot, if it has one).
-- Whether def has the playout bot named: nil and why not, else true.
function M.check_playout(def, playout)
  if playout ~= "auto" and playout ~= "random" and not def.bots[playout] then
    local bots = require("cardlab.options").sorted_keys(def.bots)
    return nil, string.format("ismcts: playout=%s: %s has no bot named '%s'; expected auto, random%s",
      playout, def.name, playout, #bots > 0 and " or " .. table.concat(bots, ", ") or "")
  end
  return true
end

local function playout_of(def, playout)
  if playout == "auto" then return def.bots.greedy and "greedy" or "random" end
  local ok, why = M.check_playout(def, playout)
  if not ok then error(why, 0) end
  return playout
end

-- The tree's shape: "full" or "root" ("auto": root when a bot plays the
-- playouts, whose play the search then only improves on at the root).
local function tree_of(tree, playout)
  if tree == "auto" then return playout == "random" and "full" or "root" end
  if tree ~= "full" and tree ~= "root" then
    error(string.format("ismcts: tree=%s; expected full, root or auto", tree), 0)
  end
  return tree
end

-- The seats whose answers the search reads as its playout bot's: each other
-- seat that the table's kinds (seat -> kind, as Match:run takes them) give
-- that bot, or every other seat where the kinds are not known. A person, a
-- random player or another search plays otherwise, and what the bot's play
-- would tell of its hand does not hold for theirs. Gives seat -> the bot's
-- name, or nil for none.
local function models_of(m, seat, playout, kinds)
  local models = {}
  for other = 1, m.config.players do
    if other ~= seat and (kinds == nil or kinds[other] == playout) then models[other] = playout end
  end
  return next(models) and models or nil
end

-- Everything one decision's search needs: the match, the seat, the legal
-- answers, the generator, the deal's rules, the brancher, the playout bots,
-- the budget.
local function prepare(m, params, kinds)
  -- the game's defaults where the kind gave none
  if m.def.search then
    local own = assert(M.game_defaults(m.def.search))
    local merged = {}
    for k, v in pairs(params) do merged[k] = v end
    for k in pairs(own.given) do
      if not (params.given and params.given[k]) then merged[k] = own[k] end
    end
    params = merged
  end
  local seat = m.engine:request()
  assert(seat, "search: no request is pending")
  local playout = playout_of(m.def, params.playout)
  local tree = tree_of(params.tree, playout)
  -- the others' answers read as the playout bot's, where the playouts take
  -- them to play as it does
  local models = params.reads == "auto" and tree == "root" and playout ~= "random"
    and models_of(m, seat, playout, kinds) or nil
  local refused, fits = M.refusals(m, seat, models)
  local s = {
    m = m, seat = seat, params = params, players = m.config.players,
    rng = vm.rng(decision_seed(m, seat)),
    deal = { refused = refused, backs = M.backs(m.game.cards) }, fits = fits, fitted = {}, unfit = 0, again = 0,
    branch = brancher(m), playout = playout, tree = tree, models = models,
    kinds = {}, t0 = require("cardlab.host").clock(),
  }
  for k = 1, s.players do s.kinds[k] = playout end
  s.legal = select(2, legal_of(m.engine))
  return s
end

-- Whether the search has spent its budget (steps or time) after `done`
-- playouts.
local function spent(s, done, steps)
  local params = s.params
  return done > 0 and (steps >= params.steps
    or params.ms > 0 and (require("cardlab.host").clock() - s.t0) * 1000 >= params.ms)
end

-- Plays the rest of a branch's game as the playouts do. Gives whether
-- Ctrl-C stopped it.
local function play_out(s, copy)
  local engine = copy.engine
  if engine:status() ~= "waiting" then return false end
  local _, interrupted
  -- (no deeper than the decision's whole budget of steps: a playout that
  -- does not end, players who pass for ever, is cut there and valued by
  -- the standings, where it would play a million answers)
  local most = s.params.depth > 0 and s.params.depth or math.min(MAX_PLAYOUT, s.params.steps)
  if s.playout == "random" then
    _, _, interrupted = engine:run(s.kinds, most)
  else
    _, _, interrupted = copy:run(s.kinds, most)
  end
  return interrupted
end

-- Deals tried before the first that fits the hook's fits, at most: when none
-- does, the others did not play as the model would, and the search deals
-- without the model's reading for the rest of the decision. After one has
-- fit, a round tries ROUND_TRIES, and then takes again one that fit.
local FIRST_FIT_TRIES, ROUND_TRIES = 256, 64

-- The seed of a deal that fits: where the hook gave fits, deals are drawn
-- until one fits (rejection, so that every deal that fits stays as likely as
-- it was), on a scratch branch, which a deal may re-deal again: a deal
-- depends only on what the seat sees and knows. stats: unfit counts the
-- deals that did not fit, again those that fit taken again, gave_up whether
-- the reading was dropped.
local function deal_seed(s)
  local seed = s.rng:int(0, 0x7fffffff)
  local fits = s.fits
  if not fits then return seed end
  local scratch = s.scratch or s.branch()
  s.scratch = scratch
  local t = scratch.table
  local cards = M.zone_reader(t)
  local fitted = s.fitted
  for _ = 1, #fitted > 0 and ROUND_TRIES or FIRST_FIT_TRIES do
    t:determinize(s.seat, vm.rng(seed), s.deal)
    local ok, fit = vm.guard(fits, cards)
    if not ok then hook_error("%s: the constraints hook's fits failed: %s", s.m.def.name, tostring(fit)) end
    if type(fit) ~= "boolean" then
      hook_error("%s: the constraints hook's fits gave a %s; expected true or false", s.m.def.name,
        type(fit))
    end
    if fit then
      fitted[#fitted + 1] = seed
      return seed
    end
    s.unfit = s.unfit + 1
    seed = s.rng:int(0, 0x7fffffff)
  end
  if #fitted > 0 then
    s.again = s.again + 1
    return fitted[s.rng:int(1, #fitted)]
  end
  -- no deal fits: the model's reading is dropped, its rules about one card too
  s.fits, s.gave_up = nil, true
  s.deal.refused = M.refusals(s.m, s.seat)
  return seed
end

-- A branch re-dealt from the seat's view: the deal, the table's generator and
-- the engine's bots' generator from three seeds.
local function dealt_branch(s, dealt, table_seed, engine_seed)
  local copy = s.branch()
  copy.table:determinize(s.seat, vm.rng(dealt), s.deal)
  copy.rng:set_state(vm.rng(table_seed):state())
  copy.engine:reseed(engine_seed)
  return copy
end

-- The full tree (ISMCTS): UCB at every request on the way, one new answer
-- per iteration, then the playout. Gives the root's children by answer.
local function search_tree(s)
  local params, rng, players = s.params, s.rng, s.players
  local root = new_node()
  local c, widen = params.c, params.widen
  local done, errors, steps, interrupted = 0, 0, 0, false
  for _ = 1, #s.legal > 1 and params.iterations or 0 do
    if spent(s, done, steps) then break end
    local copy = dealt_branch(s, deal_seed(s), rng:int(0, 0x7fffffff), rng:int(0, 0x7fffffff))
    local engine = copy.engine
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
    if not failed then interrupted = play_out(s, copy) end
    -- Ctrl-C: the search stops, and whoever ran it is told
    if interrupted then break end
    if failed or engine:status() == "error" then
      errors = errors + 1
    else
      local share = rewards(copy, players, params.shape)
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
  return root.children, { iterations = done, errors = errors, steps = steps, interrupted = interrupted,
                          unfit = s.unfit, again = s.again, gave_up = s.gave_up }
end

-- The answers a root search plays: every legal answer when there are at
-- most `width`; else the playout bot's own answer first, then others drawn
-- at random. The bot's answer is asked of it as a seat of the game would
-- ask it, from the seat's view.
local function root_candidates(s)
  local legal, width = s.legal, s.params.width
  if #legal <= width and s.playout == "random" then return legal end
  local list, taken = {}, {}
  if s.playout ~= "random" then
    local m = s.m
    local _, kind, prompt = m.engine:request()
    local ok, pick = vm.guard(m.def.bots[s.playout], m:bot_view(s.seat),
      { seat = s.seat, kind = kind, prompt = prompt, answers = legal })
    if ok and type(pick) == "string" then
      for i = 1, #legal do
        if legal[i] == pick then list[1], taken[i], s.own = pick, true, pick break end
      end
    end
  end
  if #legal <= width then
    for i = 1, #legal do if not taken[i] then list[#list + 1] = legal[i] end end
    return list
  end
  -- the others: a uniform sample of what is left (a partial shuffle)
  local rest = {}
  for i = 1, #legal do if not taken[i] then rest[#rest + 1] = legal[i] end end
  for k = 1, math.min(width - #list, #rest) do
    local j = s.rng:int(k, #rest)
    rest[k], rest[j] = rest[j], rest[k]
    list[#list + 1] = rest[k]
  end
  return list
end

-- The root search: the answers of root_candidates, each played on the same
-- deals (a round: one deal, one generator seed, every answer), the rest of
-- the game played by the playout bot. Answers are then compared on the
-- same hidden cards and the same luck, which a few dozen deals can tell
-- apart where independent deals could not. Gives the root's children.
local function search_root(s)
  local params, rng, players, seat = s.params, s.rng, s.players, s.seat
  local candidates = #s.legal > 1 and root_candidates(s) or {}
  local children = {}
  for i, text in ipairs(candidates) do
    children[text] = { text = text, seat = seat, visits = 0, reward = 0, place = i, rounds = {} }
  end
  local done, errors, steps, interrupted, round = 0, 0, 0, false, 0
  while #candidates > 0 and (done == 0 or done + #candidates <= params.iterations)
        and not spent(s, done, steps) do
    round = round + 1
    local dealt, table_seed, engine_seed = deal_seed(s), rng:int(0, 0x7fffffff), rng:int(0, 0x7fffffff)
    for _, text in ipairs(candidates) do
      local copy = dealt_branch(s, dealt, table_seed, engine_seed)
      local engine = copy.engine
      local ok, why = engine:answer(text)
      if not ok then error(string.format("search: answer '%s' refused in a branch: %s", text, why), 0) end
      interrupted = play_out(s, copy)
      if interrupted then break end
      if engine:status() == "error" then
        errors = errors + 1
      else
        local kid = children[text]
        local r = rewards(copy, players, params.shape)[seat]
        kid.visits = kid.visits + 1
        kid.reward = kid.reward + r
        kid.rounds[round] = r
        done = done + 1
      end
      steps = steps + engine:count()
    end
    if interrupted then break end
  end
  -- the playout bot's own answer stays unless another gained on it, on the
  -- same deals, by more than `margin` standard errors of that gain (one
  -- round tells no standard error: the bot's answer stays, but at margin 0)
  local own = s.own and children[s.own]
  if own and own.visits > 0 then
    local best, best_gain = own, 0
    -- (in the order they were played: a tie goes to the earlier, on every
    -- machine, where pairs would follow the texts' hashes)
    for _, text in ipairs(candidates) do
      local kid = children[text]
      local n, sum, sq = 0, 0, 0
      for r = 1, round do
        local value, base = kid.rounds[r], own.rounds[r]
        if value and base then
          local d = value - base
          n, sum, sq = n + 1, sum + d, sq + d * d
        end
      end
      if kid ~= own and n > 0 then
        local mean = sum / n
        local sure = params.margin == 0
        if n > 1 then
          local se = sqrt(math.max(0, sq / n - mean * mean) / (n - 1))
          kid.gain, kid.se = mean, se
          sure = mean > params.margin * se
        end
        if mean > best_gain and sure then best, best_gain = kid, mean end
      end
    end
    s.chosen = best
  end
  return children, { iterations = done, errors = errors, steps = steps, interrupted = interrupted,
                     unfit = s.unfit, again = s.again, gave_up = s.gave_up }
end

-- Searches the pending request of match m for its seat. Gives the ranking
-- of the legal answers, best first: { answer, visits, win } (win: mean
-- reward, the estimated win chance; with the root search also own: the
-- playout bot's own answer, and gain, se: another answer's mean gain on it
-- over the same deals and the standard error of that gain), and stats
-- { iterations, errors, seconds, read (the seats whose answers it read as
-- its playout bot's), ... }. kinds, the table's seat kinds (as Match:run
-- takes them), tells which seats play as the playout bot (models_of);
-- without them every other seat is taken to. The full tree ranks by visits
-- (UCB spent them on the best); the root search by win, its answers having
-- had the same deals, a tie going to the one asked first (the playout bot's
-- own).
function M.search(m, params, kinds)
  params = params or M.parse("ismcts")
  local s = prepare(m, params, kinds)
  local children, stats
  if s.tree == "full" then children, stats = search_tree(s) else children, stats = search_root(s) end
  stats.seconds = require("cardlab.host").clock() - s.t0
  stats.tree, stats.playout = s.tree, s.playout
  -- the seats whose answers were read as the playout bot's
  stats.read = {}
  for seat = 1, s.players do
    if s.models and s.models[seat] then stats.read[#stats.read + 1] = seat end
  end
  local ranking = {}
  for i, text in ipairs(s.legal) do
    local kid = children[text]
    ranking[#ranking + 1] = { answer = text, visits = kid and kid.visits or 0,
                              win = kid and kid.visits > 0 and kid.reward / kid.visits or nil,
                              index = kid and kid.place or #s.legal + i, own = text == s.own or nil,
                              gain = kid and kid.gain, se = kid and kid.se }
  end
  local by_win = s.tree == "root"
  local chosen = s.chosen and s.chosen.text
  table.sort(ranking, function(a, b)
    if chosen and (a.answer == chosen) ~= (b.answer == chosen) then return a.answer == chosen end
    if by_win then
      local wa, wb = a.win or -1, b.win or -1
      if wa ~= wb then return wa > wb end
    end
    if a.visits ~= b.visits then return a.visits > b.visits end
    local wa, wb = a.win or -1, b.win or -1
    if wa ~= wb then return wa > wb end
    return a.index < b.index
  end)
  return ranking, stats
end

-- The answers of a ranking that the search did not try (at its end, in the
-- list's order), those among the first `shown` put in the order the playout
-- bot would take them: the bot is asked with those answers, then again
-- without its pick, once for each such line (a long list, Letter Tycoon's
-- hundreds of words, would otherwise show the first words of its list,
-- alphabetical). The others keep the list's order. Gives whether the bot
-- ordered any.
local function order_untried(m, ranking, shown, playout)
  local bot = playout ~= "random" and m.def.bots and m.def.bots[playout]
  if not bot then return false end
  local first
  for i = 1, #ranking do
    if ranking[i].visits == 0 then first = i break end
  end
  if not first or first > shown then return false end
  local rest, texts = {}, {}
  for i = first, #ranking do
    rest[#rest + 1] = ranking[i]
    texts[#texts + 1] = ranking[i].answer
  end
  local seat, kind, prompt = m.engine:request()
  local ordered = 0
  while first + ordered <= shown and #texts > 1 do
    local ok, pick = vm.guard(bot, m:bot_view(seat), { seat = seat, kind = kind, prompt = prompt, answers = texts })
    local at
    for i = 1, ok and #texts or 0 do
      if texts[i] == pick then at = i break end
    end
    if not at then break end
    ranking[first + ordered] = table.remove(rest, at)
    table.remove(texts, at)
    ordered = ordered + 1
  end
  for i, r in ipairs(rest) do ranking[first + ordered + i - 1] = r end
  return ordered > 0
end

-- A hint for a person: the search's ranking of the legal answers of the
-- pending request, from its seat's view only, as lines of text (at most
-- `most`, default 10): answer, visits, estimated win chance; the answers
-- not tried that are shown, in the order the playout bot would take them.
-- kinds: as M.search takes them.
function M.hint_lines(m, params, most, kinds)
  local ranking, stats = M.search(m, params, kinds)
  most = most or 10
  local by_bot = not stats.interrupted and order_untried(m, ranking, most, stats.playout)
  local seat = m:request().seat
  local lines = {}
  if stats.tree == "root" then
    lines[1] = string.format("search for seat %d: %d games played on by %s bots, in deals of what it "
      .. "cannot see, %.2f s (win: the seat's average result after the answer, a win counted 100%%)", seat, stats.iterations,
      stats.playout, stats.seconds)
  else
    -- (a loss counts up to `shape` here too: not a share of games won)
    lines[1] = string.format("search for seat %d: %d deals of what it cannot see, played out by %s bots, %.2f s "
      .. "(win: the seat's average result after the answer, a win counted 100%%)", seat, stats.iterations,
      stats.playout, stats.seconds)
  end
  -- a search Ctrl-C stopped ranks what it had: said, or it reads as finished
  if stats.interrupted then
    lines[#lines + 1] = "  (stopped by Ctrl-C: the ranking is of the games played so far)"
  end
  -- (a game's whole-deal rule may refuse deals where no seat's answers are read)
  local read = #stats.read > 0
    and (#stats.read == 1 and "seat " or "seats ") .. require("render").spoken(stats.read, "and")
  if stats.gave_up and read then
    lines[#lines + 1] = string.format("  (the answers of %s were not read: read as %s bots', they fit none "
      .. "of %d deals)", read, stats.playout, stats.unfit)
  elseif stats.gave_up then
    lines[#lines + 1] = string.format("  (the game's constraints fit none of %d deals, and were dropped)", stats.unfit)
  elseif stats.unfit > 0 and read then
    lines[#lines + 1] = string.format("  (%d deals left out: the answers of %s, read as %s bots', rule them out)",
      stats.unfit, read, stats.playout)
  elseif stats.unfit > 0 then
    lines[#lines + 1] = string.format("  (%d deals left out by the game's constraints)", stats.unfit)
  end
  -- each answer with the number the menu gives it, which a person may type
  -- (a typed request, a word say, has no numbers: its answers are typed)
  local request = m:request()
  local number_of = {}
  if not request.typed and type(request.answers) == "table" then
    for i, text in ipairs(request.answers) do number_of[text] = i end
  end
  local width = 6
  for i = 1, math.min(#ranking, most) do width = math.max(width, utf8.len(ranking[i].answer) or #ranking[i].answer) end
  for i = 1, math.min(#ranking, most) do
    local r = ranking[i]
    local pad = string.rep(" ", width - (utf8.len(r.answer) or #r.answer))
    local number = number_of[r.answer]
    lines[#lines + 1] = string.format("  %s %s%s  %5d visits  %s", number and string.format("%2d)", number) or "   ",
      r.answer, pad, r.visits, r.win and string.format("win %3.0f%%", 100 * r.win) or "(not tried)")
  end
  if #ranking > most then lines[#lines + 1] = string.format("  ... %d more answers", #ranking - most) end
  if by_bot then
    lines[#lines + 1] = string.format("  (not tried: shown in the order the %s bot would take them)", stats.playout)
  end
  if #ranking == 1 then lines[#lines + 1] = "  (the only legal answer)" end
  -- the first is the search's answer, which is not the best win where the
  -- playout bot's own was kept, or another gained on it surely where a
  -- better win did not (margin): said, as "best first" it misreads
  local first = ranking[1] and ranking[1].win
  if stats.tree == "root" and first then
    for i = 2, #ranking do
      if ranking[i].win and ranking[i].win > first then
        local why = ranking[1].own and string.format("the %s bot's own, kept as no other gained on it surely",
          stats.playout) or string.format("it gained on the %s bot's own surely, where a better win did not",
          stats.playout)
        lines[#lines + 1] = string.format("  (the first is the search's answer: %s; ismcts:margin=0 takes the "
          .. "best win)", why)
        break
      end
    end
  end
  return lines
end

-- The search's answer to the pending request: the most visited; nil when
-- Ctrl-C stopped the search.
function M.answer(m, params, kinds)
  local ranking, stats = M.search(m, params, kinds)
  if stats.interrupted then return nil end
  return ranking[1].answer
end

return M
