-- Online: positions made by edits (docs/games/online.md, "Zones and state"):
-- each edit leaves a game the rules and the table agree on, or is refused
-- with what to do instead. Each scenario failed before its fix.
local h = uses "_helpers.lua"
local hand, row, top, quiet, almost_won, PASS = h.hand, h.row, h.top, h.quiet, h.almost_won, h.PASS
local J = edits.joined

return {
  game = "online", players = 2, seed = 11,
  scenarios = {
    -- the turn moved by hand
    { name = "online edits: 'turn 1' at seat 1's play request leaves seat 1 its own plays, and seat 1 plays next",
      set = J(row("online[1]", { "Online" }), hand(1, { "E-Mail", "Music", "Music", "Movie", "Game", "Game", "Virus" }),
        quiet(2), top("E-Mail")),
      steps = { "draw", { set = "turn 1" },
                { seat = 1, kind = "play", legal = { "download E-Mail", "download Music", "discard Virus" } },
                "download E-Mail", "stop",
                { seat = 1, kind = "turn", state = { ["megabytes[1]"] = 25, ["megabytes[2]"] = 0 } } },
      expect = { zones = { ["email[1]"] = { count = 1 }, ["email[2]"] = { count = 0 } } } },

    { name = "online edits: 'turn 1' with five players (the order 1 2 3 4 5 3) gives seat 1 the next turn, not the sixth's",
      players = 5,
      steps = J(h.passes(1, 2), { { seat = 3, kind = "turn" }, { set = "turn 1" } }, PASS),
      expect = { seat = 1, kind = "turn" } },

    { name = "online edits: 'turn 3' with five players gives seat 3 its first place in the order: seats 4 and 5 follow",
      players = 5,
      steps = J({ { seat = 1, kind = "turn" }, { set = "turn 3" } }, PASS, h.passes(3)),
      expect = { seat = 4, kind = "turn" } },

    -- the megabytes and the backups follow the rows, at any request
    { name = "online edits: files moved at the exchange request count their megabytes at once and are offered for backup",
      options = { goal_music = 2 },
      set = quiet(2),
      steps = { "exchange", { kind = "exchange", set = { "move Music music[1] from deck", "move Music music[1] from deck" } },
                { kind = "exchange", state = { ["megabytes[1]"] = 100 } }, "done", { seat = 2, kind = "turn" }, "exchange",
                "done" },
      expect = { seat = 1, kind = "turn", legal = { "backup Music" } } },

    { name = "online edits: the megabytes are not set alone: they are counted from the file rows",
      steps = { { set_refused = "state megabytes[1] 500", reason = "counted from its file rows" } },
      expect = { state = { ["megabytes[1]"] = 0 } } },

    -- what a row holds and how it lies
    { name = "online edits: a card goes only in its own row (no Virus in an E-Mail row, no Hacker in an Online row)",
      steps = { { set_refused = "move Virus email[1] from deck", reason = "Virus does not go in an E-Mail row" },
                { set_refused = "move Hacker online[1] from deck", reason = "it is played, not laid in a row" },
                { set_refused = "move Movie email[1] from deck", reason = "its row is the Movie row" } },
      expect = { zones = { ["email[1]"] = { count = 0 }, ["online[1]"] = { count = 0 } } } },

    { name = "online edits: a backed-up row lies face down: no file is moved into it after the backup",
      set = { "move #51 email[1]", "move #52 email[1]", "backup 1 E-Mail" },
      steps = { { set_refused = "move E-Mail email[1] from deck", reason = "backed up and lies face down" },
                { set_refused = "face #51 up", reason = "backed up and lies face down" },
                { view = { seat = 2, hides = { "email[1]" } } } },
      expect = { zones = { ["email[1]"] = { count = 2 } }, state = { ["megabytes[1]"] = 50 } } },

    { name = "online edits: a row that is not backed up lies face up",
      set = { "move #14 online[1]" },
      steps = { { set_refused = "face #14 down", reason = "lies face up" }, { view = { seat = 2, sees = { "online[1]" } } } },
      expect = { seat = 1, kind = "turn" } },

    -- the set that wins
    { name = "online edits: a set completed by an edit is refused: the game ends with the download of its last file",
      set = almost_won(1),
      steps = { { set_refused = "move Movie movie[1] from deck", reason = "would own every category" },
                { set_refused = "state goal.movie 1", reason = "would own every category" },
                { state = { ["goal.movie"] = 2, ["megabytes[1]"] = 950 - 200 } } },
      expect = { zones = { ["movie[1]"] = { count = 1 } } } },

    -- what the rules fixed at the start
    { name = "online edits: the sides and the start player are fixed for the game",
      steps = { { set_refused = "state start_player 2", reason = "the option start_player" },
                { set_refused = "state sides[1][1] 2", reason = "fixed for the whole game" } },
      expect = { seat = 1, kind = "turn", state = { start_player = 1, ["sides[1][1]"] = 1 } } },
  },
}
