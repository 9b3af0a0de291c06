-- Online: a blind second reading of the rule book (2026-11-28), points where
-- the book is open, the page was silent, and cardlab does what a player at the
-- table would expect. Each scenario pins that behaviour.

local h = uses "_helpers.lua"
local J = edits.joined

return {
  game = "online", players = 2, seed = 1,
  scenarios = {
    -- "rufst du zunächst 'Hacker!' ... und zeigst die Karte ... In
    -- diesem Moment kann ein Mitspieler ... CYBER PATROL ... sofort einsetzen": the
    -- patrol answers the Hacker shown, before its card and option are named.
    { name = "blind6: Cyber Patrol is asked when the Hacker is shown, before the hacker names the card it takes",
      set = J(h.hand(1, { "Hacker", "Virus", "Virus", "Virus", "Password Error", "Password Error", "Under Construction" }),
        h.hand(2, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), h.top("Password Error"),
        h.row("online[2]", { "Online" }), h.row("email[2]", { "E-Mail" })),
      steps = { "draw", "hacker",
        { seat = 2, kind = "patrol", prompt = "seat 1 plays a Hacker", answers = { "patrol yes", "patrol no" } },
        "patrol no",
        { seat = 1, kind = "hack", legal = { "take 2 E-Mail to discard", "take 2 Online to discard" } },
        "take 2 E-Mail to discard" },
      expect = { seat = 1, kind = "play", zones = { ["email[2]"] = { count = 0 } } } },

    -- "Vor deinem nächsten Zug ziehst du so viele Karten ..., wie du
    -- benötigst, um wieder mit 7 Karten zu beginnen": the stopped hacker's lost turn
    -- is no turn, so he draws nothing at it; his hand is filled up at the turn he plays.
    { name = "blind6: a stopped hacker draws nothing at the turn he loses, only at the next he plays",
      set = J(h.hand(1, { "Hacker", "Online", "Virus", "Virus", "Virus", "Password Error", "Password Error" }),
        h.hand(2, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), h.top("Under Construction"),
        h.row("email[2]", { "E-Mail" })),
      steps = { "draw", "play Online", "hacker", "patrol yes",
        -- seat 2 plays at once; seat 1 then loses its turn: seat 2 again, seat 1 still at 6
        { seat = 2, kind = "turn", zones = { ["hand[1]"] = { count = 6 } } }, "exchange", "done",
        { seat = 2, kind = "turn", said = "seat 1 loses this turn", zones = { ["hand[1]"] = { count = 6 } } },
        "exchange", "done" },
      expect = { seat = 1, kind = "turn", zones = { ["hand[1]"] = { count = 7 } } } },

    -- a Hacker taken from the discard pile (option C: "Eine auf diese
    -- Weise 'gehackte' Karte muss sofort ausgespielt werden") is played, so it is
    -- shown as any Hacker is, and a Cyber Patrol may stop it; the first hack stands.
    { name = "blind6: a Hacker taken from the discard pile by a Hacker is shown again, and a Cyber Patrol may stop it",
      set = J(h.hand(1, { "Hacker", "Virus", "Virus", "Virus", "Password Error", "Password Error", "Under Construction" }),
        h.hand(2, { "Cyber Patrol", "E-Mail", "E-Mail", "Music", "Music", "Game", "Movie" }), h.top("Password Error"),
        { 'move Hacker discard from deck' }, h.row("online[2]", { "Online" }), h.row("email[2]", { "E-Mail" })),
      steps = { "draw", "hacker", { seat = 2, kind = "patrol" }, "patrol no",
        { seat = 1, kind = "hack", legal = { "take discard Hacker" } }, "take discard Hacker",
        { seat = 2, kind = "patrol", prompt = "seat 1 plays a Hacker" }, "patrol yes" },
      expect = { seat = 2, kind = "turn", zones = { ["email[2]"] = { count = 1 }, ["online[2]"] = { top = "Online" },
        ["hand[2]"] = { lacks = { "Cyber Patrol" } } } } },

    -- The other reading of a Memory Full, the option memory_full=large: it blocks
    -- the Extra Memory, which only the large files need, and E-Mail and Music need
    -- the connection alone (the caption of the book's first picture: an Antivirus
    -- and an Online "bevor er seine E MAIL- und MUSIC-Karten ablegen kann. Außerdem
    -- braucht er eine EXTRA MEMORY-Karte, um seine GAME- und MOVIE-Karten
    -- herunterzuladen"). The book's general sentence is the default (rules.lua).
    { name = "memory_full=large: a Memory Full stops Game and Movie only: online, E-Mail and Music still come down",
      options = { memory_full = "large" },
      set = J(h.hand(1, { "E-Mail", "Music", "Game", "Movie", "Virus", "Virus", "Password Error" }), h.quiet(2),
        h.top("Under Construction"), h.row("online[1]", { "Online" }), h.row("memory[1]", { "Extra Memory", "Memory Full" })),
      steps = { "draw",
        { seat = 1, kind = "play", legal = { "download E-Mail", "download Music" },
          not_legal = { "download Game", "download Movie" } },
        "download Music",
        { seat = 1, kind = "play", not_legal = { "download E-Mail" } } },
      expect = { seat = 1, kind = "play", zones = { ["music[1]"] = { count = 1 } } } },
    { name = "memory_full=large: an online hacker under a Memory Full may take another player's E-Mail for himself, not a Game",
      options = { memory_full = "large" },
      set = J(h.hand(1, { "Hacker", "Virus", "Virus", "Virus", "Password Error", "Password Error", "Under Construction" }),
        h.quiet(2), h.top("Under Construction"), h.row("online[1]", { "Online" }),
        h.row("memory[1]", { "Extra Memory", "Memory Full" }), h.row("email[2]", { "E-Mail" }), h.row("game[2]", { "Game" })),
      steps = { "draw", "hacker",
        { seat = 1, kind = "hack", legal = { "take 2 E-Mail to me", "take 2 Game to discard" },
          not_legal = { "take 2 Game to me" } },
        "take 2 E-Mail to me" },
      expect = { zones = { ["email[1]"] = { count = 1 }, ["email[2]"] = { count = 0 } } } },
    -- and a Hacker may give a small file to another player under a Memory Full
    -- (the general reading forbids it: the page's "a Hacker cannot give a file to
    -- a player so blocked")
    { name = "memory_full=large: a hacker may give an E-Mail, not a Game, to a player whose Extra Memory shows a Memory Full",
      options = { memory_full = "large" }, players = 3,
      set = J(h.hand(1, { "Hacker", "Virus", "Virus", "Virus", "Password Error", "Password Error", "Under Construction" }),
        h.quiet(2, 3), h.top("Under Construction"), h.row("online[1]", { "Online" }), h.row("online[3]", { "Online" }),
        h.row("memory[3]", { "Extra Memory", "Memory Full" }), h.row("email[2]", { "E-Mail" }), h.row("game[2]", { "Game" })),
      steps = { "draw", "hacker",
        { seat = 1, kind = "hack", legal = { "take 2 E-Mail to 3" }, not_legal = { "take 2 Game to 3" } },
        "take 2 E-Mail to 3" },
      expect = { zones = { ["email[3]"] = { count = 1 }, ["email[2]"] = { count = 0 } } } },
    { name = "memory_full=large: the lift at once says a Memory Full blocks the Game and Movie downloads",
      options = { memory_full = "large" },
      set = J(h.hand(1, { "Memory Full", "Music", "Music", "Music", "Music", "Music", "Music" }), h.top("Music"),
        h.row("memory[2]", { "Extra Memory" }), h.hand(2, { "Extra Memory", "Online", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail" })),
      steps = { "draw", "block 2 Memory Full",
        { seat = 2, kind = "unblock", prompt = "Memory Full blocks your Game and Movie downloads: lift it at once?" } } },
    { name = "memory_full=every: the lift at once of a Memory Full says it blocks you",
      set = J(h.hand(1, { "Memory Full", "Music", "Music", "Music", "Music", "Music", "Music" }), h.top("Music"),
        h.row("memory[2]", { "Extra Memory" }), h.hand(2, { "Extra Memory", "Online", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail" })),
      steps = { "draw", "block 2 Memory Full", { seat = 2, kind = "unblock", prompt = "Memory Full blocks you: lift it at once?" } } },
  },
}
