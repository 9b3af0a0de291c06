-- Online: a third audit written from the German rule book and the docs alone.
-- Its angle, where audit.lua and audit2.lua did not look: a block laid by a
-- power card (Hacker, Search) and lifted at once, the hand of a player who
-- lifted out of turn, the Cyber Patrol at the edges (a teammate's, two
-- holders, a Hacker found by a Search, the five and six player orders, the
-- round limit), the Hacker's option B on access and blocking cards, the
-- Search's offers, backups in a team, files beyond the goal, and the teams
-- options at five players.
local h = uses "_helpers.lua"
local hand, row, top = h.hand, h.row, h.top
local quiet, PASS, passes = h.quiet, h.PASS, h.passes
local FULL, almost_won = h.FULL, h.almost_won
local function discard(card) return { 'move "' .. card .. '" discard from deck' } end
local J = edits.joined
-- a seat's hand: a Hacker (or another card) and six files
local function with(card) return { card, "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" } end

return {
  game = "online", players = 2, seed = 11,
  scenarios = {
    -- a block laid by a power card may be lifted at once ("sobald einer deiner
    -- Mitspieler/Teams auf deine Karten eine Sperrkarte gelegt hat")
    { name = "online audit3: lift at once after Hacker A: my Virus moved onto seat 2, seat 2 lifts it with Antivirus out of turn",
      set = J(row("online[1]", { "Online", "Virus" }), row("online[2]", { "Online" }), hand(1, with("Hacker")),
        hand(2, { "Antivirus", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = { "draw", "hacker", "move Virus to 2", { seat = 2, kind = "unblock", legal = { "play Antivirus", "pass" } },
        "play Antivirus" },
      expect = { seat = 1, kind = "play", zones = { ["online[1]"] = { "Online" }, ["online[2]"] = { "Antivirus", "Virus", "Online" },
        discard = { top = "Hacker" } } } },

    { name = "online audit3: lift at once after Hacker C: a discarded Password Error laid on seat 2, lifted with Password ok, then Online at once",
      set = J(row("online[2]", { "Online" }), discard("Password Error"), hand(1, with("Hacker")),
        hand(2, { "Password ok", "Online", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = { "draw", "hacker", "take discard Password Error to 2", { seat = 2, kind = "unblock" }, "play Password ok",
        { seat = 2, kind = "connect", legal = { "play Online" } }, "play Online" },
      expect = { seat = 1, kind = "play",
        zones = { ["online[2]"] = { "Online", "Password ok", "Password Error", "Online" }, ["hand[2]"] = { count = 5 } } } },

    { name = "online audit3: lift at once after a Search: Under Construction found and laid on seat 2, lifted by seat 2's Online (online at once, no connect)",
      set = J(row("online[2]", { "Online" }), hand(1, with("Search")),
        hand(2, { "Online", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = { "draw", "search", { legal = { "take Under Construction to 2" } }, "take Under Construction to 2",
        { seat = 2, kind = "unblock", legal = { "play Online" } }, "play Online" },
      expect = { seat = 1, kind = "play", zones = { ["online[2]"] = { "Online", "Under Construction", "Online" },
        discard = { top = "Search" } } } },

    { name = "online audit3: Hacker B: a Memory Full taken off seat 2's Extra Memory onto seat 3's; seat 2 is free, seat 3 lifts it at once",
      players = 3,
      set = J(row("memory[2]", { "Extra Memory", "Memory Full" }), row("memory[3]", { "Extra Memory" }), hand(1, with("Hacker")),
        quiet(2), hand(3, { "Extra Memory", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = { "draw", "hacker",
        { legal = { "take 2 Memory Full to 3", "take 2 Memory Full to discard" }, not_legal = { "take 2 Memory Full to me" } },
        "take 2 Memory Full to 3", { seat = 3, kind = "unblock", legal = { "play Extra Memory" } }, "play Extra Memory" },
      expect = { seat = 1, kind = "play", zones = { ["memory[2]"] = { "Extra Memory" },
        ["memory[3]"] = { "Extra Memory", "Memory Full", "Extra Memory" } } } },

    -- "Wenn du mit deinem Zug fertig bist, darfst du bis zur nächsten Runde keine Karten ziehen"
    { name = "online audit3: a card laid out of turn (the lift at once) is not drawn back until the seat's own turn, then up to 7",
      set = J(row("online[2]", { "Online" }), hand(1, with("Virus")),
        hand(2, { "Antivirus", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = { "draw", "block 2 Virus", { seat = 2, kind = "unblock" }, "play Antivirus",
        { seat = 1, kind = "play", zones = { ["hand[2]"] = { count = 6 } } }, "stop" },
      expect = { seat = 2, kind = "turn", state = { refilled = 1, refilled_seat = 2 }, zones = { ["hand[2]"] = { count = 7 } } } },

    -- the Cyber Patrol at its edges
    { name = "online audit3: Cyber Patrol by the hacker's teammate (4 players): seat 3 stops seat 1, seat 2 is skipped, seat 1 loses its next turn",
      players = 4,
      set = J(row("online[2]", { "Online" }), hand(1, with("Hacker")), quiet(2, 4),
        hand(3, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = J({ "draw", "hacker", { seat = 3, kind = "patrol" }, "patrol yes" }, passes(3, 4)),
      expect = { seat = 2, kind = "turn", round = 2, said = "seat 1 loses this turn",
        zones = { ["online[2]"] = { "Online" }, discard = { has = { "Hacker", "Cyber Patrol" } } } } },

    { name = "online audit3: Cyber Patrol, two holders: seat 2 lets the Hacker pass, seat 3 stops it; seat 2 is skipped all the same",
      players = 3,
      set = J(row("email[2]", { "E-Mail" }), hand(1, with("Hacker")),
        hand(2, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }),
        hand(3, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = J({ "draw", "hacker", { seat = 2, kind = "patrol" }, "patrol no", { seat = 3, kind = "patrol" }, "patrol yes" },
        passes(3)),
      expect = { seat = 2, kind = "turn", round = 2, zones = { ["email[2]"] = { count = 1 },
        ["hand[2]"] = { has = { "Cyber Patrol" } }, ["hand[3]"] = { lacks = { "Cyber Patrol" } } } } },

    { name = "online audit3: a Hacker found by a Search is shown too: a Cyber Patrol stops it, the searcher's turn ends and its next is lost",
      set = J(row("email[2]", { "E-Mail" }), hand(1, with("Search")),
        hand(2, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = J({ "draw", "search", { legal = { "take Hacker" } }, "take Hacker", { seat = 2, kind = "patrol" }, "patrol yes",
        { seat = 2, kind = "turn", zones = { ["hand[1]"] = { count = 7 }, discard = { has = { "Search", "Hacker", "Cyber Patrol" }, count = 3 } } } },
        passes(2)),
      expect = { seat = 2, kind = "turn", said = "seat 1 loses this turn", zones = { ["email[2]"] = { count = 1 } } } },

    { name = "online audit3: the patrol's player takes a full turn: drawn back up to 7 first (the Cyber Patrol laid out)",
      players = 3,
      set = J(row("email[2]", { "E-Mail" }), hand(1, with("Hacker")), quiet(2),
        hand(3, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = { "draw", "hacker", "patrol yes" },
      expect = { seat = 3, kind = "turn", legal = { "draw", "exchange" }, state = { refilled = 1, refilled_seat = 3 },
        zones = { ["hand[3]"] = { count = 7 } } } },

    { name = "online audit3: 5 players: seat 3, the team alone, stopped by seat 4 on its first turn, loses its second (as the sixth player)",
      players = 5,
      set = J(row("online[1]", { "Online" }), quiet(1, 2, 5), hand(3, with("Hacker")),
        hand(4, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" })),
      steps = J(passes(1, 2), { { seat = 3 }, "draw", "hacker", { seat = 4, kind = "patrol" }, "patrol yes" }, passes(4, 5)),
      expect = { seat = 1, kind = "turn", round = 2, said = "seat 3 loses this turn" } },

    { name = "online audit3: 6 players: seat 5 stops seat 1's Hacker: seats 2, 3 and 4 are skipped, then 6, seat 1 loses its turn, then 2",
      players = 6,
      set = J(row("online[2]", { "Online" }), hand(1, with("Hacker")), quiet(2, 3, 4, 6),
        hand(5, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = J({ "draw", "hacker", { seat = 5, kind = "patrol" }, "patrol yes" }, passes(5, 6)),
      expect = { seat = 2, kind = "turn", round = 2, said = "seat 1 loses this turn" } },

    { name = "online audit3: round_limit=1 (3 players): seat 1's Hacker stopped by seat 3; seat 3's at-once turn is the round's last, then the end",
      players = 3, options = { round_limit = 1 },
      set = J(row("email[2]", { "E-Mail" }), hand(1, with("Hacker")), quiet(2),
        hand(3, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = { "draw", "hacker", "patrol yes", { seat = 3, kind = "turn", round = 1 }, "exchange", "done" },
      expect = { over = true, winners = { 2 }, scores = { 0, 25, 0 } } },

    -- the Hacker's option B: "Nehme eine beliebige Karte von den Kartenreihen eines
    -- anderen Spielers weg und lege sie bei dir oder einem anderen Spieler ab"
    { name = "online audit3: Hacker B: seat 2's Antivirus (its Virus lifted, no Online yet) taken onto my Virus: seat 2 shows its Virus again",
      set = J(row("online[1]", { "Online", "Virus" }), row("online[2]", { "Online", "Virus", "Antivirus" }),
        hand(1, with("Hacker")), quiet(2), top("E-Mail")),
      steps = { "draw", "hacker", { legal = { "take 2 Antivirus to me" } }, "take 2 Antivirus to me" },
      expect = { seat = 1, kind = "play", not_legal = { "download E-Mail" },
        zones = { ["online[1]"] = { "Antivirus", "Virus", "Online" }, ["online[2]"] = { "Virus", "Online" } } } },

    { name = "online audit3: Hacker B: seat 2's Online taken onto my Under Construction lifts it: online at once, a file the same turn",
      set = J(row("online[1]", { "Online", "Under Construction" }), row("online[2]", { "Online" }),
        hand(1, with("Hacker")), quiet(2), top("E-Mail")),
      steps = { "draw", "hacker", { legal = { "take 2 Online to me" } }, "take 2 Online to me",
        { kind = "play", legal = { "download E-Mail" } }, "download E-Mail" },
      expect = { seat = 1, kind = "play", zones = { ["online[1]"] = { "Online", "Under Construction", "Online" },
        ["online[2]"] = { count = 0 }, ["email[1]"] = { count = 1 } } } },

    { name = "online audit3: Hacker B: an Online given to a third player (seat 3's empty row): he is online; not back to seat 2",
      players = 3,
      set = J(row("online[2]", { "Online" }), hand(1, with("Hacker")), quiet(2, 3), top("E-Mail")),
      steps = { "draw", "hacker", { legal = { "take 2 Online to 3", "take 2 Online to me", "take 2 Online to discard" },
        not_legal = { "take 2 Online to 2" } }, "take 2 Online to 3" },
      expect = { seat = 1, kind = "play", zones = { ["online[3]"] = { "Online" }, ["online[2]"] = { count = 0 } } } },

    { name = "online audit3: Hacker B: seat 2's Extra Memory taken to my empty row; a Game comes down the same turn",
      set = J(row("online[1]", { "Online" }), row("memory[2]", { "Extra Memory" }), hand(1, with("Hacker")), quiet(2), top("E-Mail")),
      steps = { "draw", { not_legal = { "download Game" } }, "hacker", "take 2 Extra Memory to me",
        { legal = { "download Game", "download Movie" } }, "download Game" },
      expect = { seat = 1, kind = "play", zones = { ["memory[1]"] = { "Extra Memory" }, ["memory[2]"] = { count = 0 },
        ["game[1]"] = { count = 1 } } } },

    { name = "online audit3: Hacker B after the turn's one download: another player's file goes only to the discard pile, not to me",
      set = J(row("online[1]", { "Online" }), row("email[2]", { "E-Mail" }), hand(1, with("Hacker")), quiet(2), top("E-Mail")),
      steps = { "draw", "download E-Mail", "hacker",
        { kind = "hack", legal = { "take 2 E-Mail to discard" }, not_legal = { "take 2 E-Mail to me" } }, "take 2 E-Mail to discard" },
      expect = { seat = 1, kind = "play", zones = { ["email[1]"] = { count = 1 }, ["email[2]"] = { count = 0 } },
        state = { ["megabytes[2]"] = 0, ["megabytes[1]"] = 25 } } },

    { name = "online audit3: Hacker C: a discarded file is not taken by a hacker who is not online, nor given to another player",
      set = J(row("online[2]", { "Online" }), row("email[2]", { "E-Mail" }), discard("Music"), hand(1, with("Hacker")), quiet(2), top("E-Mail")),
      steps = { "draw", "hacker", { kind = "hack", legal = { "take 2 E-Mail to discard" },
        not_legal = { "take discard Music to me", "take discard Music to 2" } } },
      expect = { seat = 1, kind = "hack" } },

    { name = "online audit3: two Hackers in one turn: the turn goes on after the first ('fährst danach mit deinem Zug ... fort'), each hacks one card",
      set = J(row("email[2]", { "E-Mail" }), row("music[2]", { "Music" }),
        hand(1, { "Hacker", "Hacker", "E-Mail", "Music", "Music", "Game", "Movie" }), quiet(2), top("E-Mail")),
      steps = { "draw", "hacker", "take 2 E-Mail to discard", { seat = 1, kind = "play", legal = { "hacker" } }, "hacker",
        { answers = { "take 2 Music to discard", "take discard Hacker" } }, "take 2 Music to discard" },
      expect = { seat = 1, kind = "play", not_legal = { "hacker" }, zones = { ["email[2]"] = { count = 0 }, ["music[2]"] = { count = 0 },
        ["hand[1]"] = { count = 6 } } } },

    { name = "online audit3: Hacker C: a Cyber Patrol on top of the discard pile is no card to hack; with nothing else to take, no Hacker is offered",
      set = J(discard("Cyber Patrol"), hand(1, with("Hacker")), quiet(2), top("E-Mail")),
      steps = { "draw" },
      expect = { seat = 1, kind = "play", not_legal = { "hacker" } } },

    -- the Search's offers: "muss sofort an den Kartenreihen angelegt werden"
    { name = "online audit3: Search while online: Turbo-Line offered (on Online), not another Online; never a Cyber Patrol",
      set = J(row("online[1]", { "Online" }), hand(1, with("Search")), quiet(2), top("E-Mail")),
      steps = { "draw", "search", { kind = "search", legal = { "take Turbo-Line to me", "take E-Mail to me", "take Extra Memory to me" },
        not_legal = { "take Online to me", "take Cyber Patrol", "take Cyber Patrol to me", "take Game to me" } } },
      expect = { seat = 1, kind = "search" } },

    { name = "online audit3: Search for the access card that lifts my block (the book's own use of it): Antivirus, then an Online, then a file, in one turn",
      set = J(row("online[1]", { "Online", "Virus" }), hand(1, { "Search", "Online", "E-Mail", "Music", "Music", "Game", "Movie" }),
        quiet(2), top("E-Mail")),
      steps = { "draw", { not_legal = { "download E-Mail" } }, "search", "take Antivirus to me", "play Online", "download E-Mail" },
      expect = { seat = 1, kind = "play", zones = { ["online[1]"] = { "Online", "Antivirus", "Virus", "Online" }, ["email[1]"] = { count = 1 },
        discard = { top = "Search" } } } },

    { name = "online audit3: Search: the file that completes my set, taken from the deck, wins at once",
      set = J(almost_won(1), hand(1, { "Search", "E-Mail", "E-Mail", "Music", "Music", "Game", "Virus" }), quiet(2), top("E-Mail")),
      steps = { "draw", "search", "take Movie to me" },
      expect = { over = true, winners = { 1 }, scores = { 950, 0 } } },

    -- "Hast du deine Wunschkarte gefunden, dann wandert die SEARCH-Karte sofort in den
    -- Papierkorb": a Hacker found acts with the Search on the discard pile; the deck's
    -- last card taken, the deck is rebuilt from that pile at once (the finding of this audit)
    { name = "online audit3: Search: a Hacker that is the deck's last card is not offered when only the top discard gave it something (the rebuilt deck takes the pile)",
      set = J(hand(1, with("Search")), quiet(2),
        { "move Online discard from deck", "empty deck box", "move Hacker deck from box", "move E-Mail deck from box" }),
      steps = { "draw", { zones = { deck = { "Hacker" }, discard = { "Online" } } }, "search" },
      expect = { seat = 1, kind = "search", answers = { "nothing" } } },

    { name = "online audit3: Search: a Hacker found with cards left in the deck is not offered when only the top discard gave it something (the Search lies on it then)",
      set = J(hand(1, with("Search")), quiet(2),
        { "move Online discard from deck", "empty deck box", "move Hacker deck from box", "move E-Mail deck from box",
          "move Music deck from box" }),
      steps = { "draw", "search" },
      expect = { seat = 1, kind = "search", answers = { "nothing" } } },

    { name = "online audit3: Search: a Hacker that is the deck's last card is offered when a row gives it something, and hacks after the rebuild",
      set = J(row("email[2]", { "E-Mail" }), hand(1, with("Search")), quiet(2),
        { "move Online discard from deck", "empty deck box", "move Hacker deck from box", "move E-Mail deck from box" }),
      steps = { "draw", "search", { answers = { "take Hacker", "nothing" } }, "take Hacker",
        { seat = 1, kind = "hack", answers = { "take 2 E-Mail to discard" } }, "take 2 E-Mail to discard" },
      expect = { seat = 1, kind = "play", zones = { ["email[2]"] = { count = 0 }, deck = { count = 2 },
        discard = { "Hacker", "E-Mail" } } } },

    { name = "online audit3: Hacker B: seat 2's Turbo-Line taken onto my Online: two files this turn; seat 2 keeps the Online beneath",
      set = J(row("online[1]", { "Online" }), row("online[2]", { "Online", "Turbo-Line" }), hand(1, with("Hacker")), quiet(2), top("E-Mail")),
      steps = { "draw", "hacker", "take 2 Turbo-Line to me", "download E-Mail", { legal = { "download Music" } }, "download Music" },
      expect = { seat = 1, kind = "play", zones = { ["online[1]"] = { "Turbo-Line", "Online" }, ["online[2]"] = { "Online" } } } },

    { name = "online audit3: unblock_at_once=false: a block a Hacker moves onto seat 2 is not lifted out of turn either",
      options = { unblock_at_once = false },
      set = J(row("online[1]", { "Online", "Virus" }), row("online[2]", { "Online" }), hand(1, with("Hacker")),
        hand(2, { "Antivirus", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = { "draw", "hacker", "move Virus to 2" },
      expect = { seat = 1, kind = "play", zones = { ["online[2]"] = { "Virus", "Online" } } } },

    -- readings where the book is open (docs/games/online.md, "Choices made")
    { name = "online audit3 (a reading): round_limit=1, seat 3 hacks last in the round, seat 1's Cyber Patrol: its at-once turn would open round 2: the game ends",
      players = 3, options = { round_limit = 1 },
      set = J(row("email[2]", { "E-Mail" }), hand(1, with("Cyber Patrol")), quiet(2), hand(3, with("Hacker"))),
      steps = J(passes(1, 2), { { seat = 3 }, "draw", "hacker", { seat = 1, kind = "patrol" }, "patrol yes" }),
      expect = { over = true, winners = { 2 }, scores = { 0, 25, 0 } } },

    { name = "online audit3 (a reading): a Hacker that takes seat 2's Antivirus away uncovers its Virus; nobody laid a block, so seat 2 is not asked to lift it at once",
      set = J(row("online[2]", { "Online", "Virus", "Antivirus" }), hand(1, with("Hacker")),
        hand(2, { "Antivirus", "Online", "E-Mail", "Music", "Music", "Game", "Movie" }), top("E-Mail")),
      steps = { "draw", "hacker", "take 2 Antivirus to discard", { seat = 1, kind = "play" }, "stop", { seat = 2 }, "draw",
        { legal = { "play Antivirus" }, not_legal = { "download E-Mail" } } },
      expect = { seat = 2, kind = "play", zones = { ["online[2]"] = { "Virus", "Online" } } } },

    { name = "online audit3 (a reading): 5 players, seat 3 hacking as the sixth player: the Cyber Patrols are asked from seat 3's chair, seat 4 before seat 1",
      players = 5,
      set = J(row("online[2]", { "Online" }), hand(1, with("Cyber Patrol")), quiet(2, 5), hand(3, with("Hacker")),
        hand(4, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" })),
      steps = J(passes(1, 2, 3, 4, 5), { { seat = 3, round = 1 }, "draw", "hacker", { seat = 4, kind = "patrol" }, "patrol no",
        { seat = 1, kind = "patrol" }, "patrol yes" }),
      expect = { seat = 1, kind = "turn", round = 2 } },

    -- Turbo-Line and the top card
    { name = "online audit3: Under Construction on a Turbo-Line: lifted by Turbo-Line, two files; lifted by Online, one (the top card counts)",
      set = J(row("online[1]", { "Turbo-Line", "Under Construction" }),
        hand(1, { "Online", "Turbo-Line", "E-Mail", "E-Mail", "Music", "Music", "E-Mail" }), quiet(2), top("E-Mail")),
      steps = { "draw", { legal = { "play Online", "play Turbo-Line" } }, "play Online", "download E-Mail",
        { not_legal = { "download Music", "download E-Mail" }, legal = { "play Turbo-Line" } }, "play Turbo-Line", "download Music",
        { not_legal = { "download Music", "download E-Mail" } } },
      expect = { seat = 1, kind = "play", zones = { ["email[1]"] = { count = 1 }, ["music[1]"] = { count = 1 } } } },

    -- files beyond the goal, the set against the megabytes, the last round
    { name = "online audit3: a 7th E-Mail (beyond the goal of 6) still comes down and counts: 175 megabytes",
      set = J(row("online[1]", { "Online" }), row("email[1]", FULL.email), hand(1, with("E-Mail")), quiet(2), top("Virus")),
      steps = { "draw", { legal = { "download E-Mail", "backup E-Mail" } }, "download E-Mail" },
      expect = { seat = 1, kind = "play", state = { ["megabytes[1]"] = 175 }, zones = { ["email[1]"] = { count = 7 } } } },

    { name = "online audit3: round_limit: a set completed in the last round wins, though another side holds more megabytes",
      options = { round_limit = 1 },
      set = J(almost_won(1), row("movie[2]", { "Movie", "Movie", "Movie", "Movie", "Movie" }),
        hand(1, { "Movie", "E-Mail", "E-Mail", "Music", "Music", "Game", "Virus" }), quiet(2), top("E-Mail")),
      steps = { "draw", "download Movie" },
      expect = { over = true, winners = { 1 }, scores = { 950, 1000 } } },

    -- backups in a team: "Den Backup kannst du nur dann machen, wenn du gerade am Zug bist!"
    { name = "online audit3: 4 players: seat 3 backs up team 1+3's full E-Mail row on its turn; seat 2 is never offered team 1's backup",
      players = 4,
      set = J(row("email[1]", FULL.email), quiet(1, 2, 3, 4)),
      steps = J({ { seat = 1, legal = { "backup E-Mail" } } }, PASS, { { seat = 2, answers = { "draw", "exchange" } } }, PASS,
        { { seat = 3, legal = { "backup E-Mail" } }, "backup E-Mail", { seat = 3, kind = "turn", answers = { "draw", "exchange" } } }),
      expect = { state = { ["backup[1].email"] = true } } },

    -- the teams options at five players
    { name = "online audit3: 5 players with teams=threes play the book's teams (1+4, 2+5, 3 alone and twice a round)",
      players = 5, options = { teams = "threes" },
      steps = J({ { state = { sides = { { 1, 4 }, { 2, 5 }, { 3 } } } } }, passes(1, 2, 3, 4, 5, 3)),
      expect = { seat = 1, kind = "turn", round = 2 } },

    { name = "online audit3: 5 players alone (teams=alone, round_limit): nobody plays twice, the round is 1 2 3 4 5",
      players = 5, options = { teams = "alone", round_limit = 3 },
      steps = J({ { state = { sides = { { 1 }, { 2 }, { 3 }, { 4 }, { 5 } } } } }, passes(1, 2, 3, 4, 5)),
      expect = { seat = 1, kind = "turn", round = 2 } },

    { name = "online audit3: 3 players each alone: seat 1 may block either other player",
      players = 3,
      set = J(row("online[2]", { "Online" }), row("online[3]", { "Online" }), hand(1, with("Virus")), quiet(2, 3), top("E-Mail")),
      steps = { { state = { sides = { { 1 }, { 2 }, { 3 } } } }, "draw", { legal = { "block 2 Virus", "block 3 Virus" } } },
      expect = { seat = 1, kind = "play" } },
  },
}
