-- Online: scenarios of an audit written from the German rule book and the docs
-- alone, each a position of the book with what must hold after it.
local h = uses "_helpers.lua"
local hand, row, QUIET = h.hand, h.row, h.QUIET
-- kept, not h.top: h.top quotes the name ('move "E-Mail" deck from deck'), an
-- edit the game reads the same, but the scenarios' text would change, and the
-- move to the shared _helpers.lua kept every scenario's text byte for byte
local function top(card) return { "move " .. card .. " deck from deck" } end
local J = edits.joined

return {
  game = "online", players = 2, seed = 5,
  scenarios = {
    { name = "online audit: Turbo-Line alone on an empty Online row: two files a turn",
      set = J(hand(1, { "Turbo-Line", "E-Mail", "E-Mail", "Music", "Virus", "Antivirus", "Hacker" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", "play Turbo-Line", "download E-Mail", "download E-Mail", "stop" },
      expect = { seat = 2, zones = { ["email[1]"] = { count = 2 } } } },

    { name = "online audit: Antivirus lifts the Virus, online again only with an Online card on it; then a file comes down",
      set = J(row("online[1]", { "Online", "Virus" }), hand(1, { "Antivirus", "Online", "E-Mail", "Music", "Music", "Movie", "Game" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", { not_legal = { "download E-Mail", "play Online" } }, "play Antivirus", { not_legal = { "download E-Mail" } },
        "play Online", "download E-Mail", "stop" },
      expect = { seat = 2, zones = { ["online[1]"] = { "Online", "Antivirus", "Virus", "Online" }, ["email[1]"] = { count = 1 } } } },

    { name = "online audit: Under Construction is lifted by an Online card: online at once, a file in the same turn",
      set = J(row("online[1]", { "Online", "Under Construction" }), hand(1, { "Online", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", "play Online", "download E-Mail", "stop" },
      expect = { seat = 2, zones = { ["email[1]"] = { count = 1 } } } },

    { name = "online audit: Memory Full on the Extra Memory stops Movie; Extra Memory lifts it and the Movie comes down",
      set = J(row("online[1]", { "Online" }), row("memory[1]", { "Extra Memory", "Memory Full" }), hand(1, { "Extra Memory", "Movie", "E-Mail", "Music", "Music", "Game", "Game" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", { not_legal = { "download Movie" } }, "play Extra Memory", "download Movie", "stop" },
      expect = { seat = 2, zones = { ["movie[1]"] = { count = 1 }, ["memory[1]"] = { "Extra Memory", "Memory Full", "Extra Memory" } } } },

    { name = "online audit: blocking cards go only on a top Online/Turbo-Line (Virus) or Extra Memory (Memory Full) of another player",
      set = J(hand(1, { "Virus", "Memory Full", "Password Error", "Under Construction", "Music", "Movie", "Game" }), row("memory[2]", { "Extra Memory" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", { not_legal = { "block 2 Virus", "block 2 Password Error", "block 2 Under Construction", "block 1 Memory Full" }, legal = { "block 2 Memory Full" } } },
      expect = { seat = 1, kind = "play" } },

    { name = "online audit: Hacker A: the Virus on my own row moved to the other player's Online; I am online again",
      set = J(row("online[1]", { "Online", "Virus" }), row("online[2]", { "Online" }), hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", "hacker", { kind = "hack", legal = { "move Virus to 2", "move Virus to discard" } }, "move Virus to 2",
        { seat = 1, kind = "play", legal = { "download E-Mail" } } },
      expect = { zones = { ["online[1]"] = { "Online" }, ["online[2]"] = { "Virus", "Online" }, discard = { top = "Hacker" } } } },

    { name = "online audit: Hacker B: not online, a hacker may only throw another player's file on the discard pile",
      set = J(row("email[2]", { "E-Mail", "E-Mail" }), hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", "hacker", { kind = "hack", legal = { "take 2 E-Mail to discard" }, not_legal = { "take 2 E-Mail to me" } }, "take 2 E-Mail to discard" },
      expect = { zones = { ["email[2]"] = { count = 1 }, ["email[1]"] = { count = 0 } } } },

    { name = "online audit: Hacker B online: another player's file taken for myself, as the turn's download",
      set = J(row("online[1]", { "Online" }), row("email[2]", { "E-Mail", "E-Mail" }), hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", "hacker", "take 2 E-Mail to me", { not_legal = { "download E-Mail", "download Music" } } },
      expect = { zones = { ["email[2]"] = { count = 1 }, ["email[1]"] = { count = 1 } } } },

    { name = "online audit: Hacker C: the top card of the discard pile, played at once",
      set = J(row("online[1]", { "Online", "Virus" }), { "move Antivirus discard from deck" }, hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", "hacker", { legal = { "take discard Antivirus to me" } }, "take discard Antivirus to me" },
      expect = { zones = { ["online[1]"] = { top = "Antivirus" }, ["hand[1]"] = { lacks = { "Antivirus" } } } } },

    { name = "online audit: Cyber Patrol (3 players): the hacker's turn ends, the patrol's player plays at once, seat 2 between is skipped, the hacker loses the next turn",
      players = 3,
      set = J(row("email[2]", { "E-Mail" }), hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }),
        hand(2, QUIET), hand(3, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }), top("E-Mail")),
      steps = { "draw", "hacker", { seat = 3, kind = "patrol" }, "patrol yes",
        { seat = 3, kind = "turn", zones = { discard = { has = { "Hacker", "Cyber Patrol" } }, ["email[2]"] = { count = 1 } } },
        "exchange", "done", { seat = 2, kind = "turn" } },
      expect = { seat = 2, round = 2 } },

    { name = "online audit: Search: any card from the deck, played at once; the Search to the discard pile",
      set = J(hand(1, { "Search", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", "search", { kind = "search" }, "take Online to me" },
      expect = { seat = 1, kind = "play", legal = { "download E-Mail" },
                 zones = { ["online[1]"] = { "Online" }, discard = { top = "Search" }, ["hand[1]"] = { count = 7 } } } },

    { name = "online audit: backup: a full row turned face down; a hacker can no longer take from it",
      set = J(row("email[1]", { "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail" }), row("music[1]", { "Music" }),
        hand(1, { "Music", "Game", "Game", "Music", "Music", "Movie", "Game" }), hand(2, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }), top("E-Mail")),
      steps = { { legal = { "backup E-Mail" }, not_legal = { "backup Music" } }, "backup E-Mail", "exchange", "done",
        { seat = 2 }, "draw", "hacker", { kind = "hack", not_legal = { "take 1 E-Mail to discard" }, legal = { "take 1 Music to discard" } } },
      expect = { zones = { ["email[1]"] = { count = 6 } } } },

    { name = "online audit: the first to download every category wins at once; scores are megabytes (6x25 + 4x50 + 2x100 + 2x200 = 950)",
      set = J(row("online[1]", { "Online" }), row("memory[1]", { "Extra Memory" }),
        row("email[1]", { "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail" }), row("music[1]", { "Music", "Music", "Music", "Music" }),
        row("game[1]", { "Game", "Game" }), row("movie[1]", { "Movie", "Movie" }), row("music[2]", { "Music" }),
        hand(1, { "E-Mail", "Game", "Game", "Music", "Music", "Movie", "Game" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", "download E-Mail" },
      expect = { over = true, winners = { 1 }, scores = { 950, 50 } } },

    { name = "online audit: 4 players: seats 1 and 3 share their rows; seat 3 downloads on the Online seat 1 laid",
      players = 4,
      set = J(hand(1, { "Online", "Game", "Game", "Music", "Music", "Movie", "Game" }), hand(2, QUIET),
        hand(3, { "E-Mail", "Game", "Game", "Music", "Music", "Movie", "Game" }), hand(4, QUIET), top("E-Mail")),
      steps = { "draw", "play Online", "stop", { seat = 2 }, "exchange", "done", { seat = 3 }, "draw", "download E-Mail", "stop" },
      expect = { seat = 4, zones = { ["email[1]"] = { count = 1 }, ["online[1]"] = { "Online" } } } },

    { name = "online audit: 5 players: seat 3 plays alone and twice a round: 1 2 3 4 5 3",
      players = 5,
      steps = { { seat = 1 }, "exchange", "done", { seat = 2 }, "exchange", "done", { seat = 3 }, "exchange", "done",
        { seat = 4 }, "exchange", "done", { seat = 5 }, "exchange", "done", { seat = 3, round = 1 }, "exchange", "done" },
      expect = { seat = 1, round = 2 } },

    { name = "online audit: the empty deck: the discard pile and all but the top card of the Online and Extra Memory rows become the new deck; file rows stay",
      set = J(row("online[1]", { "Online", "Virus", "Antivirus" }), row("email[1]", { "E-Mail", "E-Mail" }),
        hand(1, { "Music", "Game", "Game", "Music", "Music", "Movie", "Game" }), hand(2, QUIET),
        { "move Hacker discard from deck", "move Search discard from deck" }, { "empty deck box", "move Music deck" }),
      steps = { "draw" },
      -- the deck: Hacker, Search, Online, Virus (4 cards); Antivirus stays on top of the row
      expect = { seat = 1, kind = "play", zones = { deck = { count = 4 }, discard = { count = 0 }, ["online[1]"] = { "Antivirus" }, ["email[1]"] = { count = 2 } } } },

    { name = "online audit: two players may agree a higher goal: 6 E-Mail with goal_email=9 do not win",
      options = { goal_email = 9 },
      set = J(row("online[1]", { "Online" }), row("memory[1]", { "Extra Memory" }),
        row("email[1]", { "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail" }), row("music[1]", { "Music", "Music", "Music", "Music" }),
        row("game[1]", { "Game", "Game" }), row("movie[1]", { "Movie", "Movie" }),
        hand(1, { "E-Mail", "Game", "Game", "Music", "Music", "Movie", "Game" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", "download E-Mail" },
      expect = { over = false, seat = 1, kind = "play", state = { ["goal.email"] = 9 } } },

    { name = "online audit: a blocked player may still block another player and play a Hacker",
      set = J(row("online[1]", { "Online", "Virus" }), row("online[2]", { "Online" }),
        hand(1, { "Password Error", "Hacker", "E-Mail", "Music", "Music", "Movie", "Game" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", { legal = { "block 2 Password Error", "hacker" }, not_legal = { "download E-Mail" } }, "block 2 Password Error" },
      expect = { seat = 1, kind = "play", zones = { ["online[2]"] = { "Password Error", "Online" } } } },

    { name = "online audit: 4 players in teams: no blocking card on the own team's rows (seat 3), one on the other team's",
      players = 4,
      set = J(row("online[1]", { "Online" }), row("online[2]", { "Online" }),
        hand(1, { "Virus", "Game", "Game", "Music", "Music", "Movie", "Game" }), hand(2, QUIET), hand(3, QUIET), hand(4, QUIET), top("E-Mail")),
      steps = { "draw", { legal = { "block 2 Virus" }, not_legal = { "block 1 Virus", "block 3 Virus", "block 4 Virus" } } },
      expect = { seat = 1, kind = "play" } },

    { name = "online audit: the hand is filled to 7 before the next turn (6 left after a download and a block: 1 drawn)",
      set = J(row("online[1]", { "Online" }), row("online[2]", { "Online" }), hand(1, { "E-Mail", "Virus", "Music", "Game", "Game", "Movie", "Game" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw", "download E-Mail", "block 2 Virus", "stop", { zones = { ["hand[1]"] = { count = 6 } } }, { seat = 2 }, "exchange", "done" },
      expect = { seat = 1, kind = "turn", zones = { ["hand[1]"] = { count = 7 } }, state = { refilled = 1 } } },

    { name = "online audit: a hacker's take that completes another player's set makes that player win at once",
      players = 3,
      set = J(row("online[1]", { "Online" }), row("online[2]", { "Online" }), row("memory[2]", { "Extra Memory" }),
        row("email[2]", { "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail" }), row("music[2]", { "Music", "Music", "Music", "Music" }),
        row("game[2]", { "Game", "Game" }), row("movie[2]", { "Movie" }), row("movie[3]", { "Movie" }),
        hand(1, { "Hacker", "Game", "Game", "Music", "Music", "E-Mail", "Game" }), hand(2, QUIET), hand(3, QUIET), top("E-Mail")),
      steps = { "draw", "hacker", "take 3 Movie to 2" },
      expect = { over = true, winners = { 2 } } },

    { name = "online audit: 4 players alone with a time limit: after the last round the most megabytes win, ties share",
      players = 4, options = { teams = "alone", round_limit = 1 },
      set = J(row("music[1]", { "Music" }), row("email[2]", { "E-Mail", "E-Mail" }), row("email[3]", { "E-Mail" })),
      steps = { "exchange", "done", "exchange", "done", "exchange", "done", "exchange", "done" },
      expect = { over = true, winners = { 1, 2 }, scores = { 50, 50, 25, 0 } } },
  },
}
