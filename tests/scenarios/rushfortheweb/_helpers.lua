-- Rush for the Web: the set-ups several scenario files of this folder share
-- (a helper file: `local h = uses "_helpers.lua"`; `cardlab test` does not run
-- it). The keeps of setup step 6 ("each player draws 3 project cards, chooses
-- 2 of them") depend on the seed, so their helpers name it: seed 5 for
-- answers.lua and the audits, seed 1 for rules.lua, mutation.lua,
-- house_rules.lua, examples.lua, negotiation.lua and refresh.lua.
local M = {}

-- a seat's hand: exactly these resource cards (a list)
function M.hand(seat, cards)
  return edits.holding("hand[" .. seat .. "]", "resources", cards)
end
-- the same, the cards named one by one: hand_of(1, "R2", "R11")
function M.hand_of(seat, ...) return M.hand(seat, { ... }) end

-- a seat's project in a slot (project1..3), with the resources named on it
function M.layout(seat, slot, project, resources)
  local zone = "project" .. slot .. "[" .. seat .. "]"
  local list = { "empty " .. zone .. " projects", "move " .. project .. " " .. zone }
  for _, r in ipairs(resources or {}) do list[#list + 1] = "move " .. r .. " " .. zone end
  return list
end

-- the next projects drawn (a sale draws 2: the last named is drawn first)
function M.next_projects(...)
  local list = {}
  for _, p in ipairs({ ... }) do list[#list + 1] = "move " .. p .. " projects" end
  return list
end

-- at the first request: the round-1 event, personas that do not touch
-- what is checked (C3 Developer: green and blue cost 1 less; C9 Illustrator: purple)
function M.start(event, p1, p2)
  return { "move " .. event .. " events", "persona 1 " .. (p1 or "C3"), "persona 2 " .. (p2 or "C9") }
end

-- seed 5: the keeps of setup step 6 of seats 1 to n (P10 P2, P24 P14, P6 P9, P7 P13, P26 P19)
local SEED5_KEEPS = { "keep P10 P2", "keep P24 P14", "keep P6 P9", "keep P7 P13", "keep P26 P19" }
function M.seed5_keeps(n)
  return { table.unpack(SEED5_KEEPS, 1, n) }
end
-- seed 5, 2 players: the keeps, one step setting these edits, then the lists of steps
function M.set_after_seed5_keeps(edits_list, ...)
  return edits.joined(M.seed5_keeps(2), { { set = edits_list } }, ...)
end

-- a game of the rounds under these events (the first revealed first): the
-- event stack emptied and refilled at the first request
function M.only_events(...)
  local list = { "empty events box" }
  local events = { ... }
  for i = #events, 1, -1 do list[#list + 1] = "move " .. events[i] .. " events from box" end
  return list
end

-- seed 1, 2 players: the keeps of setup step 6 (seat 1 P23 Zine and P9 Animated
-- Short, seat 2 P12 Web Comic and P16 Documentary)
M.SEED1_KEEPS = { "keep P23 P9", "keep P12 P16" }
-- seed 1, 2 players: the keeps, then these steps (each one step)
function M.after_seed1_keeps(...) return edits.joined(M.SEED1_KEEPS, { ... }) end

return M
