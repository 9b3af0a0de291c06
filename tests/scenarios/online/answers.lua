-- Online: what people type at each request, refused with a reason and
-- nothing changed (the runner checks that for every `refused` step).
local function hand(seat, cards)
  return edits.holding("hand[" .. seat .. "]", "deck", cards, "deck")
end
local function row(zone, cards) -- bottom first
  local list = {}
  for _, c in ipairs(cards) do list[#list + 1] = 'move "' .. c .. '" ' .. zone .. " from deck" end
  return list
end
local function top(card) return { "move " .. card .. " deck from deck" } end
local J = edits.joined
local QUIET = { "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie", "E-Mail" }
local NOISE = { "", "   ", "0", "-1", "99", "1.5", "1e3", "Über", "🃏", "\255", "a\1b", string.rep("x", 10000) }

return {
  game = "online", players = 2, seed = 5,
  scenarios = {
    { name = "online answers: the turn request refuses noise; words to spare name the answer",
      set = J(hand(1, QUIET), hand(2, QUIET)),
      steps = J((function()
        local list = {}
        for i, t in ipairs(NOISE) do list[i] = { refused = t, reason = "legal answers: draw, exchange" } end
        return list
      end)(), { { refused = "draw a card", reason = "say just 'draw'" }, " DRAW " }),
      expect = { seat = 1, kind = "play" } },

    { name = "online answers: play: a card not held, a verb without its card",
      set = J(hand(1, { "Online", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", { kind = "play" },
        { refused = "play", reason = "name the card" },
        { refused = "play Virus", reason = "your hand holds no Virus" } },
      expect = { seat = 1, kind = "play" } },

    { name = "online answers: the Cyber Patrol's question: yes, no, y and n name the answers",
      players = 3,
      set = J(row("email[2]", { "E-Mail" }), hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }),
        hand(2, QUIET), hand(3, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }), top("E-Mail")),
      steps = { "draw", "hacker", { seat = 3, kind = "patrol" },
        { refused = "yes", reason = "say 'patrol yes'" },
        { refused = "y", reason = "say 'patrol yes'" },
        { refused = "N", reason = "say 'patrol no'" },
        "Patrol  Yes" },
      expect = { seat = 3, kind = "turn" } },
  },
}
