-- Online: a second audit written from the German rule book and the docs alone
-- (README, docs/authoring.md "Scenarios", docs/repl.md, docs/games/online.md).
-- Its angle: the most players and the options the book gives, the end of the
-- game (trigger, last round, scores, ties, the deck running out), cards acting
-- on each other, and rare positions reached only by edits.
local h = uses "_helpers.lua"
local hand, row, top = h.hand, h.row, h.top
local quiet, PASS, passes = h.quiet, h.PASS, h.passes
local FULL, almost_won = h.FULL, h.almost_won
local function times(n, edit)
  local list = {}
  for i = 1, n do list[i] = edit end
  return list
end
local J = edits.joined

return {
  game = "online", players = 2, seed = 7,
  scenarios = {
    -- the most players and the book's teams
    { name = "online audit2: 6 players (book): three teams 1+4, 2+5, 3+6; a round is 1 2 3 4 5 6",
      players = 6,
      steps = J({ { state = { sides = { { 1, 4 }, { 2, 5 }, { 3, 6 } } } } }, passes(1, 2, 3, 4, 5, 6)),
      expect = { seat = 1, kind = "turn", round = 2 } },

    { name = "online audit2: 6 players teams=threes: two teams 1+3+5 and 2+4+6; seat 5 downloads on the Online seat 1 laid",
      players = 6, options = { teams = "threes" },
      set = J(hand(1, { "Online", "E-Mail", "E-Mail", "Music", "Music", "Virus", "Hacker" }),
        hand(5, { "E-Mail", "E-Mail", "E-Mail", "Music", "Music", "Music", "Password Error" }), top("Music")),
      steps = J({ { state = { sides = { { 1, 3, 5 }, { 2, 4, 6 } } } }, "draw", "play Online", "stop" },
        passes(2, 3, 4), { { seat = 5 }, "draw", "download E-Mail", "stop" }),
      expect = { seat = 6, zones = { ["email[1]"] = { count = 1 }, ["online[1]"] = { "Online" } } } },

    { name = "online audit2: 6 players: seat 6 blocks the other teams (named by their first seat), not its own team 3+6",
      players = 6,
      set = J(row("online[1]", { "Online" }), row("online[2]", { "Online" }), row("online[3]", { "Online" }),
        quiet(1, 2, 3, 4, 5), hand(6, { "Virus", "Game", "Game", "Music", "Music", "Movie", "Game" })),
      steps = J(passes(1, 2, 3, 4, 5), { { seat = 6 }, "draw",
        { legal = { "block 1 Virus", "block 2 Virus" }, not_legal = { "block 3 Virus" } } }),
      expect = { seat = 6, kind = "play" } },

    { name = "online audit2: 6 players: seat 6 completes team 3's rows: seats 3 and 6 both win, both score 950",
      players = 6,
      set = J(hand(6, { "Movie", "E-Mail", "E-Mail", "E-Mail", "Music", "Virus", "Password Error" }),
        almost_won(3), row("music[2]", { "Music" })),
      steps = J(passes(1, 2, 3, 4, 5), { { seat = 6 }, "draw", "download Movie" }),
      expect = { over = true, winners = { 3, 6 }, scores = { 0, 50, 950, 0, 50, 950 } } },

    { name = "online audit2: 5 players: seat 3, the team alone, downloads on both of its turns of a round",
      players = 5,
      set = J(row("online[3]", { "Online" }), quiet(1, 2, 4, 5),
        hand(3, { "E-Mail", "E-Mail", "Music", "Game", "Game", "Movie", "Game" })),
      steps = J(passes(1, 2), { { seat = 3 }, "draw", "download E-Mail", "stop" }, passes(4, 5),
        { { seat = 3, round = 1 }, "draw", "download E-Mail", "stop" }),
      expect = { seat = 1, round = 2, zones = { ["email[3]"] = { count = 2 } } } },

    -- the book's options
    { name = "online audit2: 2 players agree higher goals (9, 6, 3, 3): the full higher set wins, 9x25 + 6x50 + 3x100 + 3x200 = 1425",
      options = { goal_email = 9, goal_music = 6, goal_game = 3, goal_movie = 3 },
      set = J(row("online[1]", { "Online" }), row("memory[1]", { "Extra Memory" }),
        row("email[1]", { "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail" }),
        row("music[1]", { "Music", "Music", "Music", "Music", "Music", "Music" }),
        row("game[1]", { "Game", "Game", "Game" }), row("movie[1]", { "Movie", "Movie" }),
        hand(1, { "Movie", "Game", "E-Mail", "Music", "Music", "E-Mail", "Game" }), quiet(2), top("E-Mail")),
      steps = { "draw", { state = { goal = { email = 9, music = 6, game = 3, movie = 3 } } }, "download Movie" },
      expect = { over = true, winners = { 1 }, scores = { 1425, 0 } } },

    { name = "online audit2: 4 players alone (teams=alone, round_limit): no teams, seat 1 may block seat 3",
      players = 4, options = { teams = "alone", round_limit = 5 },
      set = J(row("online[3]", { "Online" }), hand(1, { "Virus", "Game", "Game", "Music", "Music", "Movie", "Game" }),
        quiet(2, 3, 4), top("E-Mail")),
      steps = { { state = { sides = { { 1 }, { 2 }, { 3 }, { 4 } } } }, "draw", { legal = { "block 3 Virus" } }, "block 3 Virus" },
      expect = { seat = 1, kind = "play", zones = { ["online[3]"] = { "Virus", "Online" } } } },

    { name = "online audit2: unblock_at_once=false: the blocked player is not asked out of turn, lifts it on its own turn",
      options = { unblock_at_once = false },
      set = J(row("online[2]", { "Online" }), hand(1, { "Virus", "Game", "Game", "Music", "Music", "Movie", "Game" }),
        hand(2, { "Antivirus", "Online", "E-Mail", "E-Mail", "Music", "Movie", "Game" }), top("E-Mail")),
      steps = { "draw", "block 2 Virus", { seat = 1, kind = "play" }, "stop", { seat = 2 }, "draw",
        { legal = { "play Antivirus" }, not_legal = { "download E-Mail" } }, "play Antivirus", "play Online", "download E-Mail" },
      expect = { seat = 2, kind = "play", zones = { ["online[2]"] = { "Online", "Antivirus", "Virus", "Online" }, ["email[2]"] = { count = 1 } } } },

    { name = "online audit2: start_player=3 (3 players): seat 3 begins, the round is 3 1 2",
      players = 3, options = { start_player = 3 },
      steps = J(passes(3, 1, 2)),
      expect = { seat = 3, kind = "turn", round = 2 } },

    -- the end of the game
    { name = "online audit2: the set wins, not the megabytes: seat 1 completes with 950 MB, seat 2 holds 1000 MB of Movies and places 2nd",
      players = 3,
      set = J(hand(1, { "Movie", "E-Mail", "E-Mail", "Music", "Music", "E-Mail", "Virus" }),
        hand(2, { "E-Mail", "E-Mail", "E-Mail", "E-Mail", "Music", "Music", "Music" }),
        hand(3, { "Virus", "Password Error", "Memory Full", "Hacker", "Search", "E-Mail", "E-Mail" }),
        almost_won(1), row("movie[2]", { "Movie", "Movie", "Movie", "Movie", "Movie" }), row("music[3]", { "Music" }), top("E-Mail")),
      steps = { "draw", "download Movie" },
      expect = { over = true, winners = { 1 }, scores = { 950, 1000, 50 }, reason = "downloaded every category" } },

    { name = "online audit2: 4 players in teams with a round_limit: after the last round team 2+4 has the most megabytes, both win",
      players = 4, options = { round_limit = 1 },
      set = J(row("music[2]", { "Music" }), row("email[1]", { "E-Mail" })),
      steps = passes(1, 2, 3, 4),
      expect = { over = true, winners = { 2, 4 }, scores = { 25, 50, 25, 50 } } },

    { name = "online audit2: round_limit=2: the game goes on through round 2 and ends after its last seat; nobody downloaded: all share",
      options = { round_limit = 2 },
      steps = J(passes(1, 2, 1), { { over = false, seat = 2, round = 2 } }, PASS),
      expect = { over = true, winners = { 1, 2 }, scores = { 0, 0 } } },

    { name = "online audit2: 5 players with a round_limit: the last round ends after seat 3's second turn; seat 3 alone ties teams 1+4",
      players = 5, options = { round_limit = 1 },
      set = { "move Music music[3] from deck", "move Music music[1] from deck" },
      steps = J(passes(1, 2, 3, 4, 5), { { over = false, seat = 3, round = 1 } }, PASS),
      expect = { over = true, winners = { 1, 3, 4 }, scores = { 50, 0, 50, 50, 0 } } },

    { name = "online audit2: Hacker C takes a Movie from the discard pile as my download and completes my set: I win at once",
      set = J(almost_won(1), { "move Movie discard from deck" },
        hand(1, { "Hacker", "Game", "Game", "Music", "Music", "E-Mail", "Game" }), quiet(2), top("E-Mail")),
      steps = { "draw", "hacker", { legal = { "take discard Movie to me" } }, "take discard Movie to me" },
      expect = { over = true, winners = { 1 }, scores = { 950, 0 } } },

    { name = "online audit2: the deck runs out: all but the top card of each Extra Memory row go into the new deck (the Memory Full on top stays)",
      set = J(row("memory[1]", { "Extra Memory", "Memory Full", "Extra Memory", "Memory Full" }),
        row("memory[2]", { "Extra Memory", "Memory Full" }), row("online[2]", { "Online" }),
        hand(1, { "Music", "Game", "Game", "Music", "Music", "Movie", "Game" }), quiet(2),
        { "move Hacker discard from deck", "empty deck box", "move E-Mail deck from box" }),
      steps = { "draw" },
      -- the new deck: Hacker + 3 of memory[1] + 1 of memory[2] = 5
      expect = { seat = 1, kind = "play", zones = { deck = { count = 5 }, discard = { count = 0 },
        ["memory[1]"] = { "Memory Full" }, ["memory[2]"] = { "Memory Full" }, ["online[2]"] = { "Online" } } } },

    { name = "online audit2: the deck runs out in an exchange: the exchanged cards, already discarded, come back in the new deck",
      set = J(hand(1, { "Virus", "Virus", "Hacker", "Music", "Music", "Movie", "Game" }), quiet(2),
        { "empty deck box", "move E-Mail deck from box" }),
      steps = { "exchange", "exchange Virus", "exchange Virus", "exchange Hacker", "done" },
      -- 1 in the deck + 3 exchanged = 4; 3 drawn: 1 left
      expect = { seat = 2, kind = "turn", zones = { ["hand[1]"] = { count = 7 }, deck = { count = 1 }, discard = { count = 0 } } } },

    { name = "online audit2: deck and discard pile both empty: nothing to draw, the turn goes on with 7 cards",
      set = J(hand(1, { "Online", "Game", "Game", "Music", "Music", "Movie", "Game" }), quiet(2), { "empty deck box", "empty discard box" }),
      steps = { "draw", { kind = "play", zones = { ["hand[1]"] = { count = 7 } }, legal = { "play Online" } }, "play Online", "stop" },
      expect = { seat = 2, kind = "turn", zones = { ["online[1]"] = { "Online" } } } },

    -- cards acting on each other
    { name = "online audit2: Password ok lifts a Password Error, a Turbo-Line laid on it: two files the same turn",
      set = J(row("online[1]", { "Online", "Password Error" }),
        hand(1, { "Password ok", "Turbo-Line", "E-Mail", "Music", "Game", "Movie", "Game" }), quiet(2), top("E-Mail")),
      steps = { "draw", "play Password ok", "play Turbo-Line", "download E-Mail", "download Music", { not_legal = { "download E-Mail" } } },
      expect = { zones = { ["online[1]"] = { "Turbo-Line", "Password ok", "Password Error", "Online" },
        ["email[1]"] = { count = 1 }, ["music[1]"] = { count = 1 } } } },

    { name = "online audit2: Hacker A: a Memory Full fits only on an Extra Memory: with none at seat 2 it goes to the discard pile",
      set = J(row("online[1]", { "Online" }), row("memory[1]", { "Extra Memory", "Memory Full" }), row("online[2]", { "Online" }),
        hand(1, { "Hacker", "Movie", "E-Mail", "Music", "Music", "Game", "Game" }), quiet(2), top("E-Mail")),
      steps = { "draw", { not_legal = { "download Movie" } }, "hacker",
        { kind = "hack", legal = { "move Memory Full to discard" }, not_legal = { "move Memory Full to 2" } },
        "move Memory Full to discard", { legal = { "download Movie" } }, "download Movie" },
      expect = { zones = { ["memory[1]"] = { "Extra Memory" }, ["movie[1]"] = { count = 1 }, discard = { top = "Hacker", has = { "Memory Full" } } } } },

    { name = "online audit2: Hacker B: an Online taken from seat 2's row to mine: I am online, seat 2 shows the Antivirus under it",
      set = J(row("online[2]", { "Online", "Virus", "Antivirus", "Online" }),
        hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Game", "Game" }), quiet(2), top("E-Mail")),
      steps = { "draw", "hacker", "take 2 Online to me", { legal = { "download E-Mail" } } },
      expect = { zones = { ["online[1]"] = { "Online" }, ["online[2]"] = { top = "Antivirus", count = 3 } } } },

    { name = "online audit2: Hacker B: a Virus taken from seat 2's row onto seat 3's Online, not back to seat 2 nor to me",
      players = 3,
      set = J(row("online[1]", { "Online" }), row("online[2]", { "Online", "Virus" }), row("online[3]", { "Online" }),
        hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Game", "Game" }), quiet(2, 3), top("E-Mail")),
      steps = { "draw", "hacker", { kind = "hack", legal = { "take 2 Virus to 3", "take 2 Virus to discard" },
        not_legal = { "take 2 Virus to 2", "take 2 Virus to me" } }, "take 2 Virus to 3" },
      expect = { seat = 1, kind = "play", zones = { ["online[2]"] = { "Online" }, ["online[3]"] = { "Virus", "Online" } } } },

    { name = "online audit2: Hacker C takes a Hacker from the discard pile: used at once, it throws seat 2's E-Mail away",
      set = J(row("email[2]", { "E-Mail" }), { "move Hacker discard from deck" },
        hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Game", "Game" }), quiet(2), top("E-Mail")),
      steps = { "draw", "hacker", { legal = { "take discard Hacker" } }, "take discard Hacker",
        { seat = 1, kind = "hack", legal = { "take 2 E-Mail to discard" } }, "take 2 E-Mail to discard" },
      expect = { seat = 1, kind = "play", zones = { ["email[2]"] = { count = 0 }, discard = { count = 3 } } } },

    { name = "online audit2: Cyber Patrol with 4 players: seat 4 stops seat 1; seats 2 and 3 are skipped, seat 1 loses its next turn, then seat 2",
      players = 4,
      set = J(row("email[2]", { "E-Mail" }), hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }),
        quiet(2, 3), hand(4, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }), top("E-Mail")),
      steps = { "draw", "hacker", { seat = 4, kind = "patrol" }, "patrol yes",
        { seat = 4, kind = "turn", zones = { ["email[2]"] = { count = 1 } } }, "exchange", "done" },
      expect = { seat = 2, kind = "turn", round = 2 } },

    { name = "online audit2: Cyber Patrol by a blocked player: allowed; the blocked player then takes its turn",
      set = J(row("online[2]", { "Online", "Virus" }), row("email[2]", { "E-Mail" }),
        hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }),
        hand(2, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }), top("E-Mail")),
      steps = { "draw", "hacker", { seat = 2, kind = "patrol" }, "patrol yes" },
      expect = { seat = 2, kind = "turn", zones = { ["email[2]"] = { count = 1 }, ["online[2]"] = { top = "Virus" } } } },

    { name = "online audit2: a backed-up row takes no more files; the other rows still do",
      set = J(row("online[1]", { "Online", "Turbo-Line" }), row("email[1]", FULL.email),
        hand(1, { "E-Mail", "Music", "Game", "Game", "Music", "Movie", "Game" }), quiet(2), top("E-Mail")),
      steps = { "backup E-Mail", "draw", { not_legal = { "download E-Mail", "backup E-Mail" }, legal = { "download Music" } }, "download Music" },
      expect = { state = { ["backup[1].email"] = true }, zones = { ["email[1]"] = { count = 6 }, ["music[1]"] = { count = 1 } } } },

    -- rare positions through edits
    { name = "online audit2: a hand of 9 made by an edit: a discard leaving 8 does not end the turn; the turn ends with 7 (book: at most 7 at a turn's end)",
      set = J(hand(1, { "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie", "E-Mail", "Virus" }), quiet(2), top("E-Mail")),
      steps = { "draw", { zones = { ["hand[1]"] = { count = 9 } } }, { refused = "stop", reason = "play or discard cards until you hold 7" },
        "discard Virus", { seat = 1, kind = "play", not_legal = { "stop" } }, "discard Game" },
      expect = { seat = 2, kind = "turn", zones = { ["hand[1]"] = { count = 7 }, discard = { top = "Game", count = 2 } } } },

    { name = "online audit2: a hand of 9 made by an edit, then an exchange: the cards exchanged are drawn again, and the turn ends with 7, discarded by the player's choice (book: at most 7 at a turn's end)",
      set = J(hand(1, { "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie", "E-Mail", "Virus", "Hacker" }), quiet(2)),
      steps = { { kind = "turn", zones = { ["hand[1]"] = { count = 9 } } }, "exchange", "exchange Virus", "done",
        { seat = 1, kind = "discard", prompt = "you hold 9 cards: discard down to 7", not_legal = { "done", "stop" },
          zones = { ["hand[1]"] = { count = 9 }, discard = { "Virus" } } },
        { refused = "stop", reason = "your turn is over and ends with at most 7 cards: you hold 9 cards, discard 2 more" },
        { refused = "discard Antivirus", reason = "your hand holds no Antivirus" },
        { refused = "exchange Hacker", reason = "say 'discard Hacker'" },
        "discard Hacker", { seat = 1, kind = "discard", prompt = "you hold 8 cards" }, "discard Movie" },
      expect = { seat = 2, kind = "turn", zones = { ["hand[1]"] = { count = 7 }, discard = { top = "Movie", count = 3 } } } },

    { name = "online audit2: a hand of 9 made by an edit that exchanges nothing still ends the turn with 7; an edit at the discard that leaves 7 makes it 'done'",
      set = J(hand(1, { "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie", "E-Mail", "Virus", "Hacker" }), quiet(2)),
      steps = { "exchange", "done", { kind = "discard", not_legal = { "done" } }, "discard Virus",
        { set = "move Hacker box from hand[1]" },
        { seat = 1, kind = "discard", answers = { "done" }, prompt = "you hold 7 cards" },
        { refused = "discard Music", reason = "you hold 7 cards: 'done'" }, "done" },
      expect = { seat = 2, kind = "turn", zones = { ["hand[1]"] = { count = 7 }, discard = { "Virus" } } } },

    { name = "online audit2: a hand of 9 made by an edit whose Hacker a Cyber Patrol stops: the turn ends there, with a discard down to 7 first",
      set = J(hand(1, { "Hacker", "Music", "Music", "Music", "Music", "Music", "Music", "Game", "Movie" }), top("Music"),
        { "move Online discard from deck" }, hand(2, { "Cyber Patrol", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail" })),
      steps = { "draw", "hacker", "patrol yes", { seat = 1, kind = "discard", prompt = "you hold 9 cards" }, "discard Movie",
        "discard Game", { seat = 2, kind = "turn" } },
      expect = { zones = { ["hand[1]"] = { count = 7 } } } },

    { name = "online audit2: the game's edit 'backup 2 Music' backs up seat 2's row: seat 1's Hacker can no longer take from it",
      set = J(row("music[2]", { "Music", "Music" }), row("email[2]", { "E-Mail" }),
        hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Game", "Game", "Movie" }), quiet(2), top("E-Mail"), { "backup 2 Music" }),
      steps = { "draw", "hacker", { kind = "hack", legal = { "take 2 E-Mail to discard" }, not_legal = { "take 2 Music to discard" } } },
      expect = { state = { ["backup[2].music"] = true }, zones = { ["music[2]"] = { count = 2 } } } },

    { name = "online audit2: Search: a card the deck no longer holds (every Antivirus taken out by edits) is refused with the reason",
      set = J(row("online[1]", { "Online", "Virus" }), hand(1, { "Search", "E-Mail", "E-Mail", "Music", "Music", "Game", "Game" }),
        quiet(2), times(8, "move Antivirus box from deck"), top("E-Mail")),
      steps = { "draw", "search", { kind = "search" }, { refused = "take Antivirus to me", reason = "deck" } },
      expect = { seat = 1, kind = "search" } },

    { name = "online audit2: Search finds nothing: the Search goes back to the hand and cannot be tried again this turn",
      set = J(hand(1, { "Search", "E-Mail", "E-Mail", "Music", "Music", "Game", "Game" }), quiet(2), top("E-Mail")),
      steps = { "draw", "search", "nothing" },
      expect = { seat = 1, kind = "play", not_legal = { "search" }, zones = { ["hand[1]"] = { count = 8, has = { "Search" } } } } },
  },
}
