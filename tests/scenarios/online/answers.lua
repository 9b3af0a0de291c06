-- Online: what people type at each request, refused with a reason and
-- nothing changed (the runner checks that for every `refused` step).
local h = uses "_helpers.lua"
local hand, row, QUIET = h.hand, h.row, h.QUIET
-- kept, not h.top: h.top quotes the name ('move "E-Mail" deck from deck'), an
-- edit the game reads the same, but the scenarios' text would change, and the
-- move to the shared _helpers.lua kept every scenario's text byte for byte
local function top(card) return { "move " .. card .. " deck from deck" } end
local J = edits.joined
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

    { name = "online answers: the Hacker's request: a take without its seat, card or place, a move and a take that cannot be",
      players = 3,
      set = J(row("online[1]", { "Online", "Virus" }), row("email[2]", { "E-Mail" }), row("online[3]", { "Online" }),
        { "move Antivirus discard from deck" },
        hand(1, { "Hacker", "E-Mail", "E-Mail", "Music", "Music", "Movie", "Game" }), hand(2, QUIET), hand(3, QUIET),
        top("E-Mail")),
      steps = { "draw", "hacker", { kind = "hack" },
        { refused = "take", reason = "name whose row the card is taken from (a seat, or 'discard'), the card, then "
          .. "where it goes, as in 'take 2 E-Mail to discard'" },
        { refused = "take 2", reason = "name the top card of one of its rows, as in 'take 2 E-Mail to discard'" },
        { refused = "take me", reason = "name whose row the card is taken from" },
        { refused = "take 2 E-Mail", reason = "name where it goes, as in 'take 2 E-Mail to discard'" },
        { refused = "take 2 Music to me", reason = "the Music row of seat 2 is empty: a Hacker takes a row's top card" },
        { refused = "take 2 E-Mail to me", reason = "you are not online: your Online row shows Virus" },
        { refused = "take 2 E-Mail to 3", reason = "a hacker who is not online may only throw another player's file on the discard pile" },
        { refused = "take 2 E-Mail to 2", reason = "not back to seat 2" },
        { refused = "take 1 Virus to 2", reason = "the Hacker takes a card of another player's rows; a block on your own rows is moved, as in 'move Virus to 3'" },
        { refused = "take E-Mail to discard", reason = "name the seat whose row it lies on, as in 'take 2 E-Mail to discard'" },
        { refused = "move Virus", reason = "name where it goes, as in 'move Virus to 3'" },
        { refused = "move Virus to me", reason = "your block goes to another player or the discard pile" },
        { refused = "move Virus to seat 3", reason = "say 'move Virus to 3'" },
        { refused = "take discard Virus to me", reason = "only the discard pile's top card may be taken: it is Antivirus" },
        { refused = "take discard Antivirus to 2", reason = "Antivirus is no blocking card: it goes on your own row" },
        { refused = "no", reason = "a Hacker, once played, hacks one card" },
        { refused = "play Online", reason = "first your Hacker hacks one card" },
        { refused = "E-Mail", reason = "say where it comes from and where it goes, as in 'take 2 E-Mail to discard'" },
        { refused = "take 2 Mail to discard", reason = "say 'take 2 E-Mail to discard'" },
        "take 2 E-Mail to discard" },
      expect = { seat = 1, kind = "play", zones = { ["email[2]"] = { count = 0 } } } },

    { name = "online answers: play: pass and done are told 'stop' (or the discard, with 8 cards), a card's name alone its answers",
      set = J(hand(1, { "Online", "Extra Memory", "E-Mail", "Music", "Music", "Game", "Movie" }), hand(2, QUIET), top("Turbo-Line")),
      steps = { "draw", { kind = "play" },
        { refused = "pass", reason = "you hold 8 cards: discard one to end your turn with at most 7" },
        { refused = "Online", reason = "say 'play Online' or 'discard Online'" },
        { refused = "Memory", reason = "say 'play Extra Memory' or 'discard Extra Memory'" },
        { refused = "Virus", reason = "your hand holds no Virus" },
        "play Online",
        { refused = "pass", reason = "say 'stop': it ends your turn" },
        { refused = "done", reason = "say 'stop': it ends your turn" },
        { refused = "end turn", reason = "say 'stop': it ends your turn" },
        { refused = "Turbo", reason = "say 'play Turbo-Line'" },
        { refused = "Music", reason = "say 'download Music'" } },
      expect = { seat = 1, kind = "play" } },

    { name = "online answers: a unique part of a card's name is told the answer meant; a part of several names to name it in full",
      set = J(hand(1, { "Turbo-Line", "Extra Memory", "E-Mail", "Music", "Music", "Game", "Movie" }), hand(2, QUIET), top("E-Mail")),
      steps = { "draw",
        { refused = "play Turbo", reason = "say 'play Turbo-Line'" },
        { refused = "play memory", reason = "say 'play Extra Memory'" },
        { refused = "play Patrol", reason = "your hand holds no Cyber Patrol" },
        { refused = "block 2 Memory", reason = "'Memory' is part of the names Extra Memory and Memory Full: name the card in full" },
        "play Turbo-Line",
        { refused = "download Mail", reason = "say 'download E-Mail'" } },
      expect = { seat = 1, kind = "play" } },
  },
}
