-- Rush for the Web: the rule book's worked examples (rule book EN-1.1), one
-- scenario each. Seed 1, 2 players, seat 1 starting; the round's event is
-- put on top of the event stack before it is revealed, and seat 1's persona
-- is the Influencer (C7: +1 a sale for every project sold before, none yet),
-- which changes none of these figures. The card set is a reconstruction
-- (docs/games/rushfortheweb.md): where the book's example names a card that
-- is not in it, the nearest card is used and the scenario says so.

local h = uses "_helpers.lua"
local SEED1_KEEPS = h.SEED1_KEEPS
local function event(code) return { "move " .. code .. " events top", "persona 1 C7" } end
local function steps(set, ...) return edits.joined(SEED1_KEEPS, { { set = set } }, { ... }) end
-- seat 1's first project becomes P16 Documentary (red/yellow/green, 4/6/9)
-- holding the resources named; its hand holds R13 Notes only
local function documentary(...)
  local list = { "empty project1[1] projects", "move P16 project1[1]", "empty hand[1] resources", "move R13 hand[1]" }
  for _, r in ipairs({ ... }) do list[#list + 1] = "move " .. r .. " project1[1] top" end
  return list
end

return {
  game = "rushfortheweb", players = 2, seed = 1, options = { starting_player = 1 },
  scenarios = {
    { name = "rushfortheweb example: a project sold with 2 resources fetches its table's 4 credits",
      set = event("E10"),
      steps = steps(documentary("R3", "R4"), "draw", "pool R13", "sell P16"),
      expect = { said = "seat 1 sells Documentary for 4 credits" } },
    { name = "rushfortheweb example: with a third resource added before the sale, 6 credits",
      set = event("E10"),
      steps = steps(documentary("R3", "R4", "R5"), "draw", "pool R13", "sell P16"),
      expect = { said = "seat 1 sells Documentary for 6 credits" } },
    { name = "rushfortheweb example: a sell bonus with colours applies to a project holding one of them "
        .. "(the book's '+2 with blue or green'; here E9 Tech Meets Art, +3 with blue or purple)",
      set = event("E9"),
      steps = steps({ "empty project1[1] projects", "move P15 project1[1]", "move R37 project1[1] top",
                      "move R38 project1[1] top", "empty hand[1] resources", "move R13 hand[1]" },
                    "draw", "pool R13", "sell P15"),
      expect = { said = "seat 1 sells Mobile App for 6 credits" } },
    { name = "rushfortheweb example: the same sale with bonus_colours=all (the English sentence) has no bonus",
      options = { starting_player = 1, bonus_colours = "all" },
      set = event("E9"),
      steps = steps({ "empty project1[1] projects", "move P15 project1[1]", "move R37 project1[1] top",
                      "move R38 project1[1] top", "empty hand[1] resources", "move R13 hand[1]" },
                    "draw", "pool R13", "sell P15"),
      expect = { said = "seat 1 sells Mobile App for 3 credits" } },
    { name = "rushfortheweb example: a resource showing +3 costs 3 credits (R12 Drone, no discount this round)",
      set = event("E10"),
      steps = steps({ "empty hand[1] resources", "move R12 hand[1]", "state credits[1] 3" },
                    "draw", { legal = { "play R12 P9" } }, "play R12 P9"),
      expect = { state = { ["credits[1]"] = 0 }, zones = { ["project2[1]"] = { "R12", "P9" } } } },
    { name = "rushfortheweb example: a pool bonus of +2 makes a discard to the pool pay 3 credits in all (E11 Swap Meet)",
      set = event("E11"),
      steps = steps({ "empty hand[1] resources", "move R13 hand[1]", "state credits[1] 0" }, "draw", "pool R13"),
      expect = { state = { ["credits[1]"] = 3 } } },
    { name = "rushfortheweb example: 2 credits less, to a minimum of free (E13 Hardware Sale: Studio Lights, 2, is free)",
      set = event("E13"),
      steps = steps({ "empty hand[1] resources", "move R11 hand[1]", "move R12 hand[1]", "state credits[1] 0" },
                    "draw", { legal = { "play R11 P9" } },
                    { refused = "play R12 P9", reason = "costs 1 credit after discounts; you have 0" },
                    "play R11 P9"),
      expect = { state = { ["credits[1]"] = 0 }, zones = { ["project2[1]"] = { "R11", "P9" } } } },
    { name = "rushfortheweb example: at the start of a turn, a credit for each own project holding a resource "
        .. "(E14 Patron Day; seat 2's two projects)",
      set = event("E14"),
      steps = steps({ "persona 2 C7", "move R3 project1[2] top", "move R4 project2[2] top", "state credits[2] 3",
                      "empty hand[1] resources", "move R13 hand[1]" },
                    "draw", "pool R13", "end turn", { seat = 2, kind = "acquire" }),
      expect = { state = { ["credits[2]"] = 5 } } },
  },
}
