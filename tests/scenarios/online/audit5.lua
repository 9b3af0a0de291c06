-- A fifth audit of Online, written from the German rule book and docs/games/online.md
-- alone (not the script, not the other scenario files; audit4's scenario names only
-- were read, not to repeat them). It goes where the earlier audits went least: the
-- options and variants the book describes (its teams at 4, 5 and 6, the two teams of
-- three, everyone alone with a time limit, higher goals for two), every player count
-- at its edges, the end of the game and the scores under each, and what a seat sees.
-- Each scenario is named by the rule it checks.

-- a seat's hand: exactly these cards, taken from the deck
local function hand(seat, cards)
  return edits.holding("hand[" .. seat .. "]", "deck", cards, "deck")
end

-- a row built bottom first, each card taken from the deck
local function row(zone, cards)
  local list = {}
  for _, name in ipairs(cards) do
    list[#list + 1] = string.format('move "%s" %s from deck', name, zone)
  end
  return list
end

-- n cards of one name
local function many(name, n)
  local list = {}
  for i = 1, n do list[i] = name end
  return list
end

-- a turn that does nothing: exchange no card (the book's option A with none)
local PASS = {}

-- the steps, each PASS written out as its two answers
local function play(...)
  local list = {}
  for _, step in ipairs({ ... }) do
    if step == PASS then
      list[#list + 1] = "exchange"
      list[#list + 1] = "done"
    else
      list[#list + 1] = step
    end
  end
  return list
end

-- a side's rows holding everything but one Movie: the next Movie wins
local function all_but_a_movie(side)
  return edits.joined(
    row("online[" .. side .. "]", { "Online" }),
    row("memory[" .. side .. "]", { "Extra Memory" }),
    row("email[" .. side .. "]", many("E-Mail", 6)),
    row("music[" .. side .. "]", many("Music", 4)),
    row("game[" .. side .. "]", many("Game", 2)),
    row("movie[" .. side .. "]", { "Movie" }))
end

return {
  game = "online",
  scenarios = {
    -- "Für 2 bis 6 Spieler"
    { name = "player count: one player is refused, the book is for 2 to 6", players = 1,
      setup_refused = "2 to 6 players" },

    -- "4 Spieler: Ihr bildet 2 Teams: Spieler 1 und 3 sowie Spieler 2 und 4. Jedes Team
    -- spielt mit gemeinsamen Kartenreihen"; "Pro Runde darf jeder Spieler ... eine
    -- Kategoriekarte herunterladen"
    { name = "four players: each teammate downloads on its own turn into the team's rows", players = 4,
      set = edits.joined(hand(1, { "E-Mail" }), hand(3, { "E-Mail" }), row("online[1]", { "Online" })),
      steps = play("draw", "download E-Mail", { not_legal = { "download E-Mail" } }, "stop",
        PASS, { seat = 3, kind = "turn" }, "draw", "download E-Mail", "stop",
        { seat = 4, zones = { ["email[1]"] = { count = 2 } }, state = { ["megabytes[1]"] = 50 } }) },
    { name = "four players: what a seat sees: the rows of both teams, its own hand, not its teammate's", players = 4,
      set = edits.joined(row("online[1]", { "Online" }), row("online[2]", { "Turbo-Line" }),
        { 'move "Virus" discard from deck' }),
      steps = play({ view = { seat = 1, sees = { "hand[1]", "online[1]", "online[2]", "discard" },
                           hides = { "hand[2]", "hand[3]", "hand[4]", "deck" } } },
                { view = { seat = 3, sees = { "hand[3]", "online[1]", "online[2]" },
                           hides = { "hand[1]", "hand[2]", "hand[4]", "deck" } } }) },
    -- "Die Spieler, der an der Reihe ist ... entsperren ... sobald einer deiner
    -- Mitspieler/Teams auf deine Karten eine Sperrkarte gelegt hat", turned off
    { name = "unblock_at_once=false with teams: nobody lifts out of turn, the block waits for the team's turn",
      players = 4, options = { unblock_at_once = false },
      set = edits.joined(hand(1, { "Virus" }), hand(2, { "Antivirus", "Online" }), hand(4, { "Antivirus" }),
        row("online[2]", { "Online" })),
      steps = play("draw", "block 2 Virus",
        { seat = 1, kind = "play", zones = { ["online[2]"] = { top = "Virus" } } },
        "stop", { seat = 2, kind = "turn" }, "draw", { legal = { "play Antivirus" } },
        "play Antivirus", { legal = { "play Online" } }, "play Online",
        { zones = { ["online[2]"] = { top = "Online", count = 4 } } }) },

    -- "5 oder 6 Spieler: Ihr bildet 3 Teams: Spieler 1 und 4, Spieler 2 und 5 sowie
    -- Spieler 3 und 6. Bei 5 Spielern spielt Spieler 3 allein als 'Team' und ist daher pro
    -- Runde zweimal an der Reihe"
    { name = "five players: seat 3, a team alone, wins alone", players = 5,
      set = edits.joined(hand(3, { "Movie" }), all_but_a_movie(3)),
      steps = play(PASS, PASS, { seat = 3 }, "draw", "download Movie",
        { over = true, winners = { 3 }, scores = { 0, 0, 950, 0, 0 } }) },
    { name = "five players: seat 3 draws back up to 7 before its second turn of the round", players = 5,
      set = edits.joined(hand(3, { "Online", "E-Mail" }), hand(4, { "Music" }), hand(5, { "Music" })),
      steps = play(PASS, PASS, { seat = 3 }, "draw", "play Online", "download E-Mail", "stop",
        { seat = 4, zones = { ["hand[3]"] = { count = 6 } } }, PASS, PASS,
        { seat = 3, kind = "turn", zones = { ["hand[3]"] = { count = 7 } },
          state = { refilled = 1, refilled_seat = 3 } }) },
    { name = "five players, start_player 5: the round is 5 3 1 2 3 4, and the time limit ends it after seat 4",
      players = 5, options = { start_player = 5, round_limit = 1 },
      steps = play({ seat = 5 }, PASS, { seat = 3 }, PASS, { seat = 1 }, PASS, { seat = 2 }, PASS,
        { seat = 3, round = 1 }, PASS, { seat = 4, over = false, round = 1 }, PASS,
        { over = true, winners = { 1, 2, 3, 4, 5 } }) },
    -- "Ihr könnt euch natürlich auch dafür entscheiden, 2 Teams mit je 3 Spielern zu bilden."
    { name = "five players with teams=threes play the book's three teams", players = 5,
      options = { teams = "threes" },
      steps = play({ state = { sides = { { 1, 4 }, { 2, 5 }, { 3 } } } },
        PASS, PASS, PASS, PASS, PASS, { seat = 3 }) },
    { name = "five players alone must agree on a time limit, as four do", players = 5, options = { teams = "alone" },
      setup_refused = "5 players alone agree on a time limit" },
    { name = "five players alone with a time limit: rows of their own, nobody plays twice", players = 5,
      options = { teams = "alone", round_limit = 3 },
      set = edits.joined(hand(4, { "Virus" }), hand(5, { "Music" }), row("online[5]", { "Online" })),
      steps = play(PASS, PASS, PASS, { seat = 4 }, "draw", { legal = { "block 5 Virus" } }, "block 5 Virus",
        { zones = { ["online[5]"] = { top = "Virus" } } }, "stop", { seat = 5 }, PASS,
        { seat = 1, round = 2 }) },

    { name = "six players: seat 6 downloads into the rows of its team with seat 3", players = 6,
      set = edits.joined(hand(6, { "E-Mail" }), row("online[3]", { "Online" })),
      steps = play(PASS, PASS, PASS, PASS, PASS, { seat = 6 }, "draw", "download E-Mail", "stop",
        { seat = 1, round = 2, zones = { ["email[3]"] = { count = 1 } }, state = { ["megabytes[3]"] = 25 } }) },
    { name = "six players in threes: no block on one's own team, only on the team of seat 2", players = 6,
      options = { teams = "threes" },
      set = edits.joined(hand(1, { "Virus" }), hand(2, { "Music" }), hand(4, { "Music" }), hand(6, { "Music" }),
        row("online[1]", { "Online" }), row("online[2]", { "Online" })),
      steps = play("draw", { legal = { "block 2 Virus" },
        not_legal = { "block 1 Virus", "block 3 Virus", "block 4 Virus", "block 5 Virus", "block 6 Virus" } }) },
    { name = "six players in threes: a seat sees its own hand, not its two teammates'", players = 6,
      options = { teams = "threes" },
      set = edits.joined(row("online[1]", { "Online" }), row("online[2]", { "Online" })),
      steps = play({ view = { seat = 1, sees = { "hand[1]", "online[1]", "online[2]" },
        hides = { "hand[2]", "hand[3]", "hand[4]", "hand[5]", "hand[6]", "deck" } } }) },
    { name = "six players in threes: seat 5's download wins for seats 1, 3 and 5", players = 6,
      options = { teams = "threes" },
      set = edits.joined(hand(5, { "Movie" }), all_but_a_movie(1)),
      steps = play(PASS, PASS, PASS, PASS, { seat = 5 }, "draw", "download Movie",
        { over = true, winners = { 1, 3, 5 }, scores = { 950, 0, 950, 0, 950, 0 } }) },
    { name = "six players in threes, time limit: the three seats of the team with more megabytes win",
      players = 6, options = { teams = "threes", round_limit = 1 },
      set = row("music[2]", { "Music" }),
      steps = play(PASS, PASS, PASS, PASS, PASS, { over = false, seat = 6 }, PASS,
        { over = true, winners = { 2, 4, 6 }, scores = { 0, 50, 0, 50, 0, 50 } }) },
    { name = "six players in threes: the blocked team's holders are asked in turn from the blocker",
      players = 6, options = { teams = "threes" },
      set = edits.joined(hand(1, { "Virus" }), hand(2, { "Music" }), hand(3, { "Music" }), hand(4, { "Antivirus" }),
        hand(5, { "Music" }), hand(6, { "Antivirus" }), row("online[2]", { "Online" })),
      steps = play("draw", "block 2 Virus", { seat = 4, kind = "unblock" }, "pass",
        { seat = 6, kind = "unblock" }, "play Antivirus",
        { seat = 1, kind = "play", zones = { ["online[2]"] = { top = "Antivirus" } } }) },
    { name = "six players alone, time limit: seat 6's download in the last turn wins", players = 6,
      options = { teams = "alone", round_limit = 1 },
      set = edits.joined(hand(6, { "E-Mail" }), row("online[6]", { "Online" })),
      steps = play(PASS, PASS, PASS, PASS, PASS, { seat = 6, over = false }, "draw", "download E-Mail", "stop",
        { over = true, winners = { 6 }, scores = { 0, 0, 0, 0, 0, 25 } }) },

    -- "Wenn 4 Spieler nicht in Teams ... einigt ihr euch über ein Zeitlimit ... errechnet
    -- ihr ... durch die Menge der heruntergeladenen Megabytes den Gewinner."
    { name = "four players alone: each may block any other, also seat 3 on seat 1", players = 4,
      options = { teams = "alone", round_limit = 5 },
      set = edits.joined(hand(3, { "Virus" }), hand(1, { "Music" }), row("online[1]", { "Online" })),
      steps = play(PASS, PASS, { seat = 3 }, "draw", { legal = { "block 1 Virus" } }) },
    -- Finding (kind 3): the page says "Exchanging no card at all is allowed: you pass",
    -- but 'pass' at the turn request was refused with the legal answers only, not
    -- told how to pass; it is now told "to pass, exchange no card: 'exchange', then 'done'"
    { name = "a pass at the turn request is told it is an exchange of no card", players = 2,
      steps = play({ refused = "pass", reason = "to pass, exchange no card: 'exchange', then 'done'" },
        { refused = "end turn", reason = "'exchange', then 'done'" }, PASS, { seat = 2, kind = "turn" }) },
    { name = "time limit at two: not over before the last seat, then more megabytes win", players = 2,
      options = { round_limit = 1 },
      set = edits.joined(row("email[1]", { "E-Mail" }), row("music[2]", { "Music" })),
      steps = play(PASS, { seat = 2, over = false }, PASS,
        { over = true, winners = { 2 }, scores = { 25, 50 } }) },
    { name = "time limit with start_player 2: the round ends after seat 1", players = 2,
      options = { round_limit = 1, start_player = 2 },
      set = row("email[1]", { "E-Mail" }),
      steps = play({ seat = 2, kind = "turn" }, PASS, { seat = 1, over = false }, PASS,
        { over = true, winners = { 1 }, scores = { 25, 0 } }) },
    { name = "time limit with teams of four: equal megabytes share the win among all four", players = 4,
      options = { round_limit = 1 },
      set = edits.joined(row("email[1]", { "E-Mail" }), row("email[2]", { "E-Mail" })),
      steps = play(PASS, PASS, PASS, PASS,
        { over = true, winners = { 1, 2, 3, 4 }, scores = { 25, 25, 25, 25 } }) },

    -- "Habt ihr nur zu Zweit gespielt ... könnt ihr euch auf eine höhere Anzahl der
    -- einzelnen Kartenkategorien einigen"
    { name = "higher goals for two: the eighth E-Mail does not win when nine are needed, the ninth does", players = 2,
      options = { goal_email = 9 },
      set = edits.joined(hand(1, { "E-Mail", "E-Mail" }), all_but_a_movie(1), row("movie[1]", { "Movie" }),
        row("email[1]", { "E-Mail" }), row("online[1]", { "Turbo-Line" })),
      steps = play("draw", "download E-Mail",
        { over = false, zones = { ["email[1]"] = { count = 8 } }, state = { ["megabytes[1]"] = 1000 } },
        "download E-Mail", { over = true, winners = { 1 }, scores = { 1025, 0 } }) },
    -- "Hast du also eine Kategorie abgedeckt und die erforderliche Menge ... gesammelt"
    { name = "higher goals: a row of six E-Mail may not be backed up when nine are needed", players = 2,
      options = { goal_email = 9 },
      set = row("email[1]", many("E-Mail", 6)),
      steps = play({ kind = "turn", not_legal = { "backup E-Mail" } }, "draw", { not_legal = { "backup E-Mail" } }) },
    { name = "goals of one each: one file of each category wins, 375 megabytes", players = 2,
      options = { goal_email = 1, goal_music = 1, goal_game = 1, goal_movie = 1 },
      set = edits.joined(hand(1, { "Movie" }), row("online[1]", { "Online" }), row("memory[1]", { "Extra Memory" }),
        row("email[1]", { "E-Mail" }), row("music[1]", { "Music" }), row("game[1]", { "Game" })),
      steps = play("draw", "download Movie", { over = true, winners = { 1 }, scores = { 375, 0 } }) },
    { name = "a goal above the cards of a kind is refused: there are 8 Game cards", players = 2,
      options = { goal_game = 9 }, setup_refused = "goal_game" },
    { name = "raised goals: a game nobody can win any more ends after the backup's turn, the most megabytes winning",
      players = 2, options = { goal_game = 5, goal_movie = 5 },
      set = edits.joined(hand(1, { "Music" }), hand(2, { "Music" }),
        row("game[1]", many("Game", 5)), row("movie[2]", many("Movie", 5)), { "backup 2 Movie" }),
      steps = play({ kind = "turn", legal = { "backup Game" } }, "backup Game", { over = false, seat = 1 }, PASS,
        { over = true, winners = { 2 }, scores = { 500, 1000 } }) },

    { name = "raised goals: a game nobody can win any more that ends in equal megabytes is shared",
      players = 2, options = { goal_game = 5, goal_movie = 5 },
      set = edits.joined(hand(1, { "Virus" }), hand(2, { "Virus" }),
        row("game[1]", many("Game", 5)), row("music[1]", many("Music", 10)),
        row("movie[2]", many("Movie", 5)), { "backup 2 Movie" }),
      steps = play("backup Game", PASS, { over = true, winners = { 1, 2 }, scores = { 1000, 1000 } }) },
    { name = "raised goals with a time limit: a game nobody can win goes on to the limit", players = 2,
      options = { goal_game = 5, goal_movie = 5, round_limit = 2 },
      set = edits.joined(hand(1, { "Virus" }), hand(2, { "Virus" }),
        row("game[1]", many("Game", 5)), row("movie[2]", many("Movie", 5)), { "backup 2 Movie" }),
      steps = play("backup Game", PASS, { over = false, seat = 2 }, PASS, { seat = 1, round = 2 }, PASS, PASS,
        { over = true, winners = { 2 }, scores = { 500, 1000 } }) },
    -- the lift at once, asked round the table from the blocker's chair (the page's choice)
    { name = "six players: seat 4 blocks the team of seats 3 and 6: seat 6 is asked before seat 3", players = 6,
      options = { start_player = 4 },
      set = edits.joined(hand(1, { "Music" }), hand(2, { "Music" }), hand(5, { "Music" }), hand(4, { "Virus" }),
        hand(3, { "Antivirus" }), hand(6, { "Antivirus" }), row("online[3]", { "Online" })),
      steps = play({ seat = 4 }, "draw", "block 3 Virus", { seat = 6, kind = "unblock" }, "pass",
        { seat = 3, kind = "unblock" }, "play Antivirus", { seat = 4, kind = "play" }) },

    -- "Der jüngste Spieler ist zuerst an der Reihe. Danach geht es reihum im Uhrzeigersinn"
    { name = "start_player 3 of 3: the order is 3 1 2 and the next round opens with seat 3", players = 3,
      options = { start_player = 3 },
      steps = play({ seat = 3, round = 1 }, PASS, { seat = 1 }, PASS, { seat = 2 }, PASS,
        { seat = 3, round = 2 }) },
    { name = "start_player beyond the players is refused", players = 2, options = { start_player = 3 },
      setup_refused = "start_player" },

    -- "Wenn die Zeit abgelaufen ist, errechnet ihr ... den Gewinner": alone, a tie at the top
    { name = "four players alone, time limit: two seats tied at the most megabytes share the win", players = 4,
      options = { teams = "alone", round_limit = 1 },
      set = edits.joined(row("email[1]", { "E-Mail" }), row("email[3]", { "E-Mail" }), row("email[4]", {})),
      steps = play(PASS, PASS, PASS, PASS, { over = true, winners = { 1, 3 }, scores = { 25, 0, 25, 0 } }) },
    { name = "five players, time limit: seat 3 alone scores its own megabytes against the two teams", players = 5,
      options = { round_limit = 1 },
      set = edits.joined(row("email[1]", { "E-Mail" }), row("music[3]", { "Music" })),
      steps = play(PASS, PASS, PASS, PASS, PASS, { seat = 3, over = false }, PASS,
        { over = true, winners = { 3 }, scores = { 25, 0, 50, 25, 0 } }) },
    { name = "six players, start_player 6: the order is 6 1 2 3 4 5, a block on seat 6's team is named 3",
      players = 6, options = { start_player = 6 },
      set = edits.joined(hand(6, { "Virus" }), hand(3, { "Music" }), row("online[3]", { "Online" }),
        row("online[1]", { "Online" })),
      steps = play({ seat = 6, round = 1 }, "draw",
        { legal = { "block 1 Virus" }, not_legal = { "block 3 Virus", "block 4 Virus", "block 6 Virus" } },
        "stop", { seat = 1 }, PASS, { seat = 2 }, PASS, { seat = 3 }, PASS, { seat = 4 }, PASS,
        { seat = 5 }, PASS, { seat = 6, round = 2 }) },
    -- "Sobald ein Spieler (bzw. ein Team) es geschafft hat ... hat er gewonnen!"; Hacker B:
    -- "lege sie bei dir oder einem anderen Spieler ab"
    { name = "a hacker's file given to another player completes that player's set: that player wins", players = 3,
      set = edits.joined(hand(1, { "Hacker" }), hand(2, { "Music" }), hand(3, { "Music" }),
        row("online[1]", { "Online" }), all_but_a_movie(2), row("movie[3]", { "Movie" })),
      steps = play("draw", "hacker", { kind = "hack", legal = { "take 3 Movie to 2" } }, "take 3 Movie to 2",
        { over = true, winners = { 2 }, scores = { 0, 950, 0 } }) },
    { name = "six players in threes: a hacker takes from the other team only, named by its first seat",
      players = 6, options = { teams = "threes" },
      set = edits.joined(hand(1, { "Hacker" }), hand(2, { "Music" }), hand(3, { "Music" }), hand(4, { "Music" }),
        hand(5, { "Music" }), hand(6, { "Music" }), row("email[1]", { "E-Mail" }), row("email[2]", { "E-Mail" })),
      steps = play("draw", "hacker",
        { kind = "hack", legal = { "take 2 E-Mail to discard" },
          not_legal = { "take 1 E-Mail to discard", "take 3 E-Mail to discard", "take 4 E-Mail to discard" } }) },
    -- Cyber Patrol: "Sollten ... andere Mitspieler, die zwischen dir und dem HACKER sitzen,
    -- übersprungen worden sein, dann haben sie leider Pech gehabt"
    { name = "six players in threes: the hacker's teammate is asked first, the next holder stops it, seats between are skipped",
      players = 6, options = { teams = "threes" },
      set = edits.joined(hand(1, { "Music" }), hand(3, { "Music" }), hand(6, { "Music" }), hand(2, { "Hacker" }),
        hand(4, { "Cyber Patrol" }), hand(5, { "Cyber Patrol" }), row("email[1]", { "E-Mail" })),
      steps = play(PASS, { seat = 2 }, "draw", "hacker",
        { seat = 4, kind = "patrol", zones = { played = { has = { "Hacker" } } }, view = { seat = 4, sees = { "played" } } },
        "patrol no",
        { seat = 5, kind = "patrol" }, "patrol yes",
        { seat = 5, kind = "turn", zones = { ["email[1]"] = { count = 1 }, discard = { has = { "Hacker", "Cyber Patrol" } } } },
        PASS, { seat = 6 }, PASS, { seat = 1, round = 2 }, PASS,
        { seat = 3, said = "seat 2 loses this turn" }) },
    { name = "raised goals with teams of four: a game nobody can win any more ends, both seats of the team ahead win",
      players = 4, options = { goal_game = 5, goal_movie = 5 },
      set = edits.joined(hand(1, { "Music" }), hand(2, { "Music" }), hand(3, { "Music" }), hand(4, { "Music" }),
        row("game[1]", many("Game", 5)), row("movie[2]", many("Movie", 5)), { "backup 2 Movie" }),
      steps = play("backup Game", { over = false }, PASS,
        { over = true, winners = { 2, 4 }, scores = { 500, 1000, 500, 1000 } }) },

    -- "...dann solltest du diese ganze Kategoriereihe umdrehen, so dass die Karten mit dem
    -- Gesicht nach unten auf dem Tisch liegen."
    { name = "backup: the backed-up row lies face down, the other seat sees only its count", players = 2,
      set = row("email[1]", many("E-Mail", 6)),
      steps = play("backup E-Mail",
        { zones = { ["email[1]"] = { count = 6 } }, view = { seat = 2, hides = { "email[1]" } } }) },
  },
}
