-- Online: the rules of the rule book (docs/games/online.md), one scenario
-- each. Hands are set up by edits taking cards from the deck; "top" puts the
-- card seat 1 draws for its 8th on the deck.

local function hand(seat, ...)
  local list = { "empty hand[" .. seat .. "] deck" }
  for _, c in ipairs({ ... }) do list[#list + 1] = string.format('move "%s" hand[%d] bottom from deck', c, seat) end
  return list
end
local function row(name, ...)
  local list = {}
  for _, c in ipairs({ ... }) do list[#list + 1] = string.format('move "%s" %s top from deck', c, name) end
  return list
end
local function joined(...)
  local out = {}
  for _, l in ipairs({ ... }) do for _, e in ipairs(l) do out[#out + 1] = e end end
  return out
end
local function top(card) return { string.format('move "%s" deck top from deck', card) } end

return {
  game = "online", players = 2, seed = 1,
  scenarios = {
    { name = "online: everyone gets 7 cards, seat 1 begins with draw or exchange",
      expect = { zones = { ["hand[1]"] = { count = 7 }, ["hand[2]"] = { count = 7 }, deck = { count = 98 } },
                 seat = 1, kind = "turn", answers = { "draw", "exchange" } } },
    { name = "online: the start_player option lets another seat begin (the youngest, the last winner)",
      options = { start_player = 2 },
      expect = { seat = 2, kind = "turn", state = { start_player = 2 } } },
    { name = "online: four players play in two teams, seats 1+3 and 2+4",
      players = 4,
      expect = { state = { sides = { { 1, 3 }, { 2, 4 } } } } },
    { name = "online: drawing an 8th card, then an Online goes in the Online row",
      set = joined(hand(1, "Online", "E-Mail", "Music", "Music", "Music", "Music", "Music"), top("Music")),
      steps = { "draw", { kind = "play", legal = { "play Online" }, not_legal = { "download E-Mail" } }, "play Online" },
      expect = { zones = { ["online[1]"] = { "Online" } }, legal = { "download E-Mail" } } },
    { name = "online: a file is refused while not online, with the reason",
      set = joined(hand(1, "E-Mail", "Music", "Music", "Music", "Music", "Music", "Music"), top("Music")),
      steps = { "draw", { refused = "download E-Mail", reason = "you are not online" } } },
    { name = "online: online, one download a turn",
      set = joined(hand(1, "E-Mail", "E-Mail", "Music", "Music", "Music", "Music", "Music"), top("Music"), row("online[1]", "Online")),
      steps = { "draw", "download E-Mail", { not_legal = { "download E-Mail" } } },
      expect = { zones = { ["email[1]"] = { "E-Mail" } }, state = { ["megabytes[1]"] = 25 } } },
    { name = "online: Turbo-Line on top gives two downloads a turn",
      set = joined(hand(1, "E-Mail", "E-Mail", "Music", "Music", "Music", "Music", "Music"), top("Music"),
                   row("online[1]", "Online", "Turbo-Line")),
      steps = { "draw", "download E-Mail", "download E-Mail" },
      expect = { zones = { ["email[1]"] = { count = 2 } } } },
    { name = "online: a large file (Game, Movie) needs a free Extra Memory",
      set = joined(hand(1, "Game", "Game", "Music", "Music", "Music", "Music", "Music"), top("Music"), row("online[1]", "Online")),
      steps = { "draw", { refused = "download Game" } } },
    { name = "online: with an Extra Memory on top, a Game comes down",
      set = joined(hand(1, "Game", "Music", "Music", "Music", "Music", "Music", "Music"), top("Music"),
                   row("online[1]", "Online"), row("memory[1]", "Extra Memory")),
      steps = { "draw", "download Game" },
      expect = { zones = { ["game[1]"] = { "Game" } } } },
    { name = "online: a Virus goes on another player's top Online and blocks downloads",
      options = { unblock_at_once = false },
      set = joined(hand(1, "Virus", "Music", "Music", "Music", "Music", "Music", "Music"), top("Music"),
                   row("online[2]", "Online")),
      steps = { "draw", "block 2 Virus" },
      expect = { zones = { ["online[2]"] = { top = "Virus", count = 2 } } } },
    { name = "online: a blocking card does not go on a row without Online",
      set = joined(hand(1, "Virus", "Music", "Music", "Music", "Music", "Music", "Music"), top("Music")),
      steps = { "draw", { refused = "block 2 Virus", reason = "Virus goes on Online or Turbo-Line" } } },
    { name = "online: a blocked player may lift the block at once with the fitting card",
      set = joined(hand(1, "Virus", "Music", "Music", "Music", "Music", "Music", "Music"), top("Music"),
                   row("online[2]", "Online"), hand(2, "Antivirus", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail")),
      steps = { "draw", "block 2 Virus", { seat = 2, kind = "unblock", legal = { "play Antivirus", "pass" } },
                "play Antivirus" },
      expect = { zones = { ["online[2]"] = { top = "Antivirus" } } } },
    { name = "online: Antivirus does not lift a Password Error",
      set = joined(hand(1, "Antivirus", "Music", "Music", "Music", "Music", "Music", "Music"), top("Music"),
                   row("online[1]", "Online", "Password Error")),
      steps = { "draw", { refused = "play Antivirus" } } },
    { name = "online: with 8 cards, no stop: play or discard one",
      set = joined(hand(1, "Music", "Music", "Music", "Music", "Music", "Music", "Music"), top("Music")),
      steps = { "draw", { not_legal = { "stop" }, legal = { "discard Music" } }, "discard Music" },
      expect = { seat = 2, zones = { ["hand[1]"] = { count = 7 }, discard = { "Music" } } } },
    { name = "online: an exchange of cards is the whole turn; they go to the discard pile",
      set = hand(1, "Music", "Music", "Music", "Music", "Music", "Music", "Virus"),
      steps = { "exchange", { kind = "exchange" }, "exchange Virus", "done" },
      expect = { seat = 2, zones = { discard = { "Virus" }, ["hand[1]"] = { count = 7 } } } },
    { name = "online: the Hacker (C) takes the top card of the discard pile and plays it at once",
      set = joined(hand(1, "Hacker", "Music", "Music", "Music", "Music", "Music", "Music"), top("Music"),
                   { 'move Online discard from deck' }),
      steps = { "draw", "hacker", { kind = "hack", legal = { "take discard Online to me" } }, "take discard Online to me" },
      expect = { zones = { ["online[1]"] = { "Online" }, discard = { "Hacker" } } } },
    { name = "online: a Cyber Patrol stops a Hacker; the hacker's turn ends",
      set = joined(hand(1, "Hacker", "Music", "Music", "Music", "Music", "Music", "Music"), top("Music"),
                   { 'move Online discard from deck' },
                   hand(2, "Cyber Patrol", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail", "E-Mail")),
      steps = { "draw", "hacker", { seat = 2, kind = "patrol" }, "patrol yes" },
      expect = { seat = 2, zones = { discard = { has = { "Hacker", "Cyber Patrol" } } } } },
    { name = "online: every category at its goal wins at once",
      options = { goal_email = 1, goal_music = 1, goal_game = 1, goal_movie = 1 },
      set = joined(hand(1, "Movie", "Music", "Music", "Music", "Music", "Music", "Music"), top("Music"),
                   row("online[1]", "Online"), row("memory[1]", "Extra Memory"),
                   row("email[1]", "E-Mail"), row("music[1]", "Music"), row("game[1]", "Game")),
      steps = { "draw", "download Movie" },
      expect = { over = true, winners = { 1 }, reason = "downloaded every category" } },
    { name = "online: the round_limit option ends the game, the most megabytes winning",
      options = { round_limit = 1 },
      set = joined(row("music[2]", "Music")),
      steps = { "exchange", "done", "exchange", "done" },
      expect = { over = true, winners = { 2 }, scores = { 0, 50 } } },
  },
}
