-- Online: an edit made while a request is pending asks it again (refresh):
-- the answers follow the table as the edit left it.

local h = uses "_helpers.lua"
local hand = h.hand_of

return {
  game = "online", players = 2, seed = 1,
  scenarios = {
    { name = "online refresh: a hand edited at the play request lists the new cards' plays",
      set = { "empty hand[1] deck", 'move "E-Mail" hand[1] from deck', 'move Music deck top from deck' },
      steps = { "draw", { kind = "play", not_legal = { "play Online" } },
                { set = hand(1, "Online", "Music", "Music", "Music", "Music", "Music", "Music", "Music") },
                { kind = "play", legal = { "play Online" }, not_legal = { "download E-Mail" } },
                "play Online" },
      expect = { zones = { ["online[1]"] = { "Online" } } } },
    { name = "online refresh: music moved to its goal at the turn request offers its backup at once",
      options = { goal_music = 2 },
      steps = { { kind = "turn", answers = { "draw", "exchange" } },
                { set = { 'move Music music[1] top from deck', 'move Music music[1] top from deck' } },
                { kind = "turn", answers = { "draw", "exchange", "backup Music" } },
                "backup Music" },
      expect = { state = { ["backup[1].music"] = true } } },
  },
}
