-- Cryptocurrency: the set-ups several scenario files of this folder share (a
-- helper file: `local h = uses "_helpers.lua"`; `cardlab test` does not run it).
local M = {}

-- a list of n times x
function M.rep(x, n) local t = {} for i = 1, n do t[i] = x end return t end
-- one list of steps from lists and single steps (a text or a check table)
function M.j(...)
  local t = {}
  for _, l in ipairs({ ... }) do
    if type(l) == "table" and l[1] ~= nil then for _, s in ipairs(l) do t[#t + 1] = s end else t[#t + 1] = l end
  end
  return t
end

-- the preparation phase with no replacement, loans or hires: the proposal,
-- then loan and hire for each seat ("no" to each)
function M.prep(players) return M.rep("no", 1 + 2 * players) end
-- 3 players: that preparation, then the steps (from the first action on)
function M.steps(...) return edits.joined(M.prep(3), { ... }) end

-- n Interns of the seat's team out, the experts in
function M.swap(seat, n, experts)
  local t = {}
  for _ = 1, n do t[#t + 1] = string.format("move Intern box from team[%d]", seat) end
  for _, e in ipairs(experts) do t[#t + 1] = string.format("move %q team[%d]", e, seat) end
  return t
end

-- every track has had n rumours placed
function M.placed(n)
  local list = {}
  for _, cur in ipairs({ "Flyt", "Eruptium", "Elvt", "Quasar" }) do
    list[#list + 1] = string.format("state placed.%s %d", cur, n)
  end
  return list
end

-- Seed 1's tracks one round from the end. Every track three rumours short of
-- the end at 4 players (4), none of the deck's top four used: Flyt 0 up, -3
-- down, 0 up; Eruptium +1 up, +2 down, 0 up; Elvt -2 up, -2 down, +2 up;
-- Quasar +1 up, -3 down, -2 up. Prices after: Flyt 3, Eruptium 7, Elvt 7, Quasar 5.
M.flyt3 = { 'rumour Flyt "Developer quits"', 'rumour Flyt "Exchange insolvent"', 'rumour Flyt "Forum debates fork"' }
M.eru3 = { 'rumour Eruptium "Listed on a big exchange"', 'rumour Eruptium "Bank adopts the chain"', 'rumour Eruptium "Developer quits"' }
M.elvt3 = { 'rumour Elvt "Regulator bans trading"', 'rumour Elvt "Founder vanishes"', 'rumour Elvt "Bank adopts the chain"' }
M.quasar3 = { 'rumour Quasar "Listed on a big exchange"', 'rumour Quasar "Exchange insolvent"', 'rumour Quasar "Founder vanishes"' }
M.tracks3 = M.j(M.flyt3, M.eru3, M.elvt3, M.quasar3)
-- 2 players (5 to end): each track 4 rumours, Flyt 0 up, -3 down, 0 up, -1 down;
-- Eruptium +1 up, +2 down, 0 up, +1 down; Elvt -2 up, -2 down, +2 up, -2 down;
-- Quasar +1 up, -3 down, -2 up, -1 down. Prices: Flyt 3, Eruptium 7, Elvt 7,
-- Quasar 5. The deck's Nation (+3) goes to the bottom, so the two tracks the
-- players leave get a Whale dumps coins (-1) each, whatever their order.
M.tracks4 = M.j(M.flyt3, { 'rumour Flyt "Wallet hacked"' }, M.eru3, { 'rumour Eruptium "Listed on a big exchange"' },
                M.elvt3, { 'rumour Elvt "Regulator bans trading"' }, M.quasar3, { 'rumour Quasar "Wallet hacked"' },
                { 'move "Nation makes it legal tender" rumour_deck bottom from rumour_deck' })

return M
