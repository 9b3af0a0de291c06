-- Online: scenarios of the mutation check (docs/games/online.md, "Mutation
-- check"): each fails when one rule of games/online/game.lua is broken on
-- purpose in the way its name says, and passes as the script stands.
local h = uses "_helpers.lua"
local hand, row, top, quiet, PASS = h.hand, h.row, h.top, h.quiet, h.PASS
local J = edits.joined
-- the listed seats pass, in order, each checked to begin its turn in `round`
local function passes(round, ...)
  local steps = {}
  for _, seat in ipairs({ ... }) do steps = J(steps, { { seat = seat, kind = "turn", round = round } }, PASS) end
  return steps
end
-- the deck and the discard pile emptied (after the hands were drawn)
local EMPTY = { "empty deck box", "empty discard box" }

return {
  game = "online", players = 2, seed = 11,
  scenarios = {
    { name = "online mutation: a blocking card goes on a top Online card, not on another block (no Under Construction on a Virus)",
      set = J(row("online[2]", { "Online", "Virus" }),
        hand(1, { "Under Construction", "Password Error", "Virus", "Memory Full", "E-Mail", "Music", "Game" }), quiet(2), top("E-Mail")),
      steps = { "draw", { not_legal = { "block 2 Under Construction", "block 2 Password Error", "block 2 Virus" } } },
      expect = { seat = 1, kind = "play" } },

    -- the start player and the rounds
    { name = "online mutation: start_player=2 (3 players): the rounds are counted from seat 2, the round 2 3 1",
      players = 3, options = { start_player = 2 },
      steps = passes(1, 2, 3, 1),
      expect = { seat = 2, kind = "turn", round = 2 } },

    { name = "online mutation: start_player=4 (5 players): the round is 4 5 3 1 2 3 and the next begins at seat 4",
      players = 5, options = { start_player = 4 },
      steps = passes(1, 4, 5, 3, 1, 2, 3),
      expect = { seat = 4, kind = "turn", round = 2 } },

    { name = "online mutation: start_player=4 (5 players) with round_limit=1: the game ends after seat 3's second turn, not before",
      players = 5, options = { start_player = 4, round_limit = 1 },
      set = { "move Music music[1] from deck" },
      steps = J(passes(1, 4, 5, 3, 1, 2), { { over = false, seat = 3 } }, PASS),
      expect = { over = true, winners = { 1, 4 }, scores = { 50, 0, 0, 50, 0 } } },

    { name = "online mutation: start_player=3 (5 players): seat 3's second turn, in the middle of the round 3 4 5 3 1 2, begins no round",
      players = 5, options = { start_player = 3 },
      steps = passes(1, 3, 4, 5, 3, 1, 2),
      expect = { seat = 3, kind = "turn", round = 2 } },

    -- the deck
    { name = "online mutation: deck and discard pile empty: the refill at the turn's start draws nothing and counts 0",
      set = J(hand(1, { "Online", "Game", "Game", "Music", "Music", "Movie", "Game" }), quiet(2), EMPTY),
      steps = { "draw", "play Online", "stop", { seat = 2, kind = "turn" }, "exchange", "done" },
      expect = { seat = 1, kind = "turn", state = { refilled = 0 }, zones = { ["hand[1]"] = { count = 6 } } } },

    -- the Hacker and the Search with an empty deck
    { name = "online mutation: a Hacker is not offered when all it could do is take a discarded Search with an empty deck",
      set = J(hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), quiet(2), EMPTY),
      -- (laid after the draw, which would rebuild the deck from the discard pile)
      steps = { "draw", { set = { "move Search discard from box" } }, { kind = "play", not_legal = { "hacker" } } },
      expect = { seat = 1, kind = "play", zones = { deck = { count = 0 }, discard = { "Search" } } } },

    { name = "online mutation: the Hacker does not offer a discarded Search when the deck is empty",
      set = J(row("online[2]", { "Online" }), hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }),
        quiet(2), EMPTY),
      steps = { "draw", { set = { "move Search discard from box" } }, "hacker" },
      expect = { seat = 1, kind = "hack", legal = { "take 2 Online to discard" }, not_legal = { "take discard Search" } } },

    { name = "online mutation: a Search found by a Search that finds nothing goes to the discard pile, not to the hand",
      set = J(hand(1, { "Search", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), quiet(2), top("E-Mail")),
      steps = { "draw", "search", { kind = "search", legal = { "take Search" } }, "take Search", { kind = "search" }, "nothing" },
      expect = { seat = 1, kind = "play", zones = { ["hand[1]"] = { count = 7, lacks = { "Search" } }, discard = { top = "Search", count = 2 } } } },

    -- the Cyber Patrol's lost turn
    { name = "online mutation: the stopped hacker's lost turn is told when it is passed over",
      players = 3,
      set = J(row("email[2]", { "E-Mail" }), hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }),
        quiet(2), hand(3, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }), top("E-Mail")),
      steps = { "draw", "hacker", { seat = 3, kind = "patrol" }, "patrol yes", { seat = 3, kind = "turn" }, "exchange", "done" },
      expect = { seat = 2, kind = "turn", round = 2, said = "seat 1 loses this turn" } },

    -- an edit at the play request
    { name = "online mutation: music moved to its goal at the play request offers its backup and counts its megabytes at once",
      options = { goal_music = 2 },
      steps = { "draw", { kind = "play", not_legal = { "backup Music" } },
                { set = { 'move Music music[1] top from deck', 'move Music music[1] top from deck' } },
                { kind = "play", legal = { "backup Music" }, state = { ["megabytes[1]"] = 100 } },
                "backup Music" },
      expect = { seat = 1, kind = "play", state = { ["backup[1].music"] = true } } },
  },
}
