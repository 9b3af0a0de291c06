-- Cryptocurrency: the set-ups several scenario files of this folder share (a
-- helper file: `local h = uses "_helpers.lua"`; `cardlab test` does not run it).
local M = {}

-- x repeated: a list of n times x
function M.repeated(x, n) local t = {} for i = 1, n do t[i] = x end return t end
-- one flat list of steps (or edits) from lists and single steps: a list (a
-- table with a first item, or {}, which adds nothing) gives its items, a text
-- or a check table ({ seat = 1, kind = "action" }) is one step
function M.flat(...)
  local t = {}
  for _, l in ipairs({ ... }) do
    if type(l) == "table" and (l[1] ~= nil or next(l) == nil) then
      for _, s in ipairs(l) do t[#t + 1] = s end
    else
      t[#t + 1] = l
    end
  end
  return t
end

-- the preparation phase with no replacement, loans or hires: the proposal,
-- then loan and hire for each seat ("no" to each)
function M.prep(players) return M.repeated("no", 1 + 2 * players) end
-- that preparation at this many players, then these steps (from the first action on)
function M.after_prep(players, ...) return edits.joined(M.prep(players), { ... }) end

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

-- Seed 1's rumour tracks a round from the end. At 4 players (4 rumours to the
-- end) every track holds 3 besides its 2 set-up rumours, none of the deck's top
-- four used: Flyt 0 up, -3 down, 0 up; Eruptium +1 up, +2 down, 0 up; Elvt -2
-- up, -2 down, +2 up; Quasar +1 up, -3 down, -2 up. Prices after: Flyt 3,
-- Eruptium 7, Elvt 7, Quasar 5. flyt3 ... quasar3: one track's 3 rumours.
M.flyt3 = { 'rumour Flyt "Developer quits"', 'rumour Flyt "Exchange insolvent"', 'rumour Flyt "Forum debates fork"' }
M.eru3 = { 'rumour Eruptium "Listed on a big exchange"', 'rumour Eruptium "Bank adopts the chain"', 'rumour Eruptium "Developer quits"' }
M.elvt3 = { 'rumour Elvt "Regulator bans trading"', 'rumour Elvt "Founder vanishes"', 'rumour Elvt "Bank adopts the chain"' }
M.quasar3 = { 'rumour Quasar "Listed on a big exchange"', 'rumour Quasar "Exchange insolvent"', 'rumour Quasar "Founder vanishes"' }
-- the four tracks so: at 4 players the round to come is the last
M.tracks_last_round_4_players = M.flat(M.flyt3, M.eru3, M.elvt3, M.quasar3)
-- At 2 players (5 to the end): each track 4 rumours, Flyt 0 up, -3 down, 0 up, -1 down;
-- Eruptium +1 up, +2 down, 0 up, +1 down; Elvt -2 up, -2 down, +2 up, -2 down;
-- Quasar +1 up, -3 down, -2 up, -1 down. Prices: Flyt 3, Eruptium 7, Elvt 7,
-- Quasar 5. The deck's Nation (+3) goes to the bottom, so the two tracks the
-- players leave get a Whale dumps coins (-1) each, whatever their order.
M.tracks_last_round_2_players = M.flat(M.flyt3, { 'rumour Flyt "Wallet hacked"' }, M.eru3, { 'rumour Eruptium "Listed on a big exchange"' },
                                       M.elvt3, { 'rumour Elvt "Regulator bans trading"' }, M.quasar3, { 'rumour Quasar "Wallet hacked"' },
                                       { 'move "Nation makes it legal tender" rumour_deck bottom from rumour_deck' })

return M
