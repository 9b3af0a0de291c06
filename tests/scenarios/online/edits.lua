-- Online: positions made by edits (docs/games/online.md, "Zones and state"):
-- each edit leaves a game the rules and the table agree on, or is refused
-- with what to do instead; a request pending is asked again from the table
-- as the edit left it. Each scenario failed before its fix (but one, below).
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

    -- the requests out of the play request are asked again too
    { name = "online edits: a card moved out of the hand at the exchange request is no longer offered",
      set = J(hand(1, { "Music", "E-Mail", "E-Mail", "Game", "Movie", "Virus", "Online" }), quiet(2)),
      steps = { "exchange", { set = "move Music discard from hand[1]" },
                { kind = "exchange", not_legal = { "exchange Music" }, legal = { "exchange E-Mail" } }, "done" },
      expect = { seat = 2, kind = "turn", zones = { ["hand[1]"] = { count = 6 } } } },

    { name = "online edits: the Hacker's options follow an edit at its request",
      set = J(row("email[2]", { "E-Mail" }), row("music[2]", { "Music" }),
        hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Game", "Movie", "Game" }), quiet(2), top("E-Mail")),
      steps = { "draw", "hacker", { kind = "hack", legal = { "take 2 E-Mail to discard" } },
                { set = "move E-Mail hand[2] from email[2]" },
                { kind = "hack", not_legal = { "take 2 E-Mail to discard" }, legal = { "take 2 Music to discard" } },
                "take 2 Music to discard" },
      expect = { seat = 1, kind = "play", zones = { ["music[2]"] = { count = 0 }, ["email[2]"] = { count = 0 } } } },

    { name = "online edits: the Search's offers follow the deck an edit makes",
      set = J(hand(1, { "Search", "E-Mail", "E-Mail", "Music", "Game", "Movie", "Game" }), quiet(2), top("E-Mail")),
      steps = { "draw", "search", { set = { "empty deck box", "move #1 deck" } },
                { kind = "search", answers = { "take Online to me", "nothing" } }, "take Online to me" },
      expect = { seat = 1, kind = "play", zones = { ["online[1]"] = { "#1" } } } },

    { name = "online edits: a Cyber Patrol moved out of the hand at the patrol request leaves only 'patrol no'",
      set = J(row("email[2]", { "E-Mail" }), hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Game", "Movie", "Game" }),
        hand(2, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = { "draw", "hacker", { seat = 2, kind = "patrol" }, { set = 'move "Cyber Patrol" discard from hand[2]' },
                { seat = 2, kind = "patrol", answers = { "patrol no" } }, "patrol no" },
      expect = { seat = 1, kind = "hack" } },

    { name = "online edits: an Antivirus moved out of the hand at the unblock request leaves only 'pass'",
      set = J(row("online[2]", { "Online" }), hand(1, { "Virus", "E-Mail", "E-Mail", "Music", "Game", "Movie", "Game" }),
        hand(2, { "Antivirus", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = { "draw", "block 2 Virus", { seat = 2, kind = "unblock" }, { set = "move Antivirus discard from hand[2]" },
                { seat = 2, kind = "unblock", answers = { "pass" } }, "pass" },
      expect = { seat = 1, kind = "play", zones = { ["online[2]"] = { top = "Virus" } } } },

    { name = "online edits: an Online moved out of the hand at the connect request leaves only 'pass'",
      set = J(row("online[2]", { "Online" }), hand(1, { "Virus", "E-Mail", "E-Mail", "Music", "Game", "Movie", "Game" }),
        hand(2, { "Antivirus", "Online", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = { "draw", "block 2 Virus", { seat = 2, kind = "unblock" }, "play Antivirus",
                { seat = 2, kind = "connect", legal = { "play Online" } }, { set = "move Online discard from hand[2]" },
                { seat = 2, kind = "connect", answers = { "pass" } }, "pass" },
      expect = { seat = 1, kind = "play", zones = { ["online[2]"] = { top = "Antivirus" } } } },

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

    { name = "online edits: the hands and the discard pile lie face up (a card face down in a hand is hidden from its holder)",
      set = { "move #14 hand[1]", "move #15 discard" },
      steps = { { set_refused = "face #14 down", reason = "the cards of hand[1] lie face up" },
                { set_refused = "face #15 down", reason = "the cards of discard lie face up" },
                { view = { seat = 1, sees = { "hand[1]", "discard" } } } },
      expect = { seat = 1, kind = "turn" } },

    -- the set that wins
    -- (kept, not refused: the rules look for a complete set when a file is laid,
    -- and an auditor's scenario may build a won position by edits, then download)
    { name = "online edits: a set completed by an edit is counted, and the side's next download ends the game",
      set = J(almost_won(1), { "move Movie movie[1] from deck" },
        hand(1, { "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie", "E-Mail" }), quiet(2), top("E-Mail")),
      steps = { { seat = 1, kind = "turn", state = { ["megabytes[1]"] = 950 } }, "draw", "download E-Mail" },
      expect = { over = true, winners = { 1 } } },

    -- what the rules fixed at the start
    { name = "online edits: the sides and the start player are fixed for the game",
      steps = { { set_refused = "state start_player 2", reason = "the option start_player" },
                { set_refused = "state sides[1][1] 2", reason = "fixed for the whole game" } },
      expect = { seat = 1, kind = "turn", state = { start_player = 1, ["sides[1][1]"] = 1 } } },
  },
}
