-- Letter Tycoon: what people type at each request, refused with a reason
-- and nothing changed (the runner checks that for every `refused` step).
-- Hands and the pool are set up by edits that take the cards from the deck.
local h = uses "_helpers.lua"
local rack = h.rack
local joined = edits.joined
local CATDOG = joined(rack("hand[1]", "CATDOGM"), rack("pool", "BRS"))
local NOISE = { "", "   ", "-1", "1.5", "1e3", "Über", "🃏", "\255", "a\1b" }

return {
  game = "lettertycoon", players = 2, seed = 1,
  scenarios = {
    { name = "lettertycoon answers: the word request refuses noise and a menu's number",
      set = CATDOG,
      steps = joined((function()
        local list = {}
        for i, t in ipairs(NOISE) do list[i] = { refused = t, reason = "expected a word" } end
        return list
      end)(), {
        { refused = "0", reason = "numbers answer menus only" },
        { refused = "99", reason = "numbers answer menus only" },
        { refused = string.rep("x", 10000), reason = "(10000 bytes)" },
        { refused = "word tea", reason = "the play needs 1 E card" } }),
      expect = { seat = 1, kind = "word" } },

    { name = "lettertycoon answers: another request's answer at the word request says when that comes",
      set = CATDOG,
      steps = {
        { refused = "buy C", reason = "'buy' was read as a word, but a patent is bought after your word stands" },
        { refused = "discard M", reason = "you discard at the end of your turn" },
        { refused = "challenge", reason = "the play needs 2 E cards" },
        { refused = "challenge", reason = "the other players challenge your word after you play it" },
        { refused = "replace pool B", reason = "the Q patent replaces a card at the start of your turn" },
        { refused = "word", reason = "'word' alone is read as the word WORD" },
        "  word   cat " },
      expect = { seat = 1, kind = "discard", state = { ["money[1]"] = 1 } } },

    { name = "lettertycoon answers: the buy request: a no, a word, a discard, a letter not played",
      set = joined(CATDOG, { "state money[1] 20" }),
      steps = { "word CAT", { kind = "buy" },
        { refused = "no", reason = "say 'pass' to buy no patent" },
        { refused = "done", reason = "say 'pass' to buy no patent" },
        { refused = "word DOG", reason = "your word is played" },
        { refused = "discard M", reason = "first the patent" },
        { refused = "buy D", reason = "no D card was played" },
        { refused = "buy", reason = "name one letter" },
        { refused = "buy C A", reason = "say just 'buy C'" } },
      expect = { seat = 1, kind = "buy" } },

    { name = "lettertycoon answers: the players' challenge: yes and no name 'challenge' and 'pass'",
      options = { challenge = "players" },
      set = CATDOG,
      steps = { "word CAT", { seat = 2, kind = "challenge" },
        { refused = "yes", reason = "say 'challenge'" },
        { refused = "n", reason = "say 'pass'" },
        "PASS" },
      expect = { seat = 1, kind = "discard" } },

    { name = "lettertycoon answers: the discard request: a letter not held, one too many, a number",
      set = CATDOG,
      steps = { "word CAT", { kind = "discard" },
        { refused = "discard Z", reason = "your hand holds no Z" },
        { refused = "discard MM", reason = "your hand holds no more M" },
        { refused = "3", reason = "numbers answer menus only" },
        { refused = "buy C", reason = "expected 'discard' and letters of your hand" },
        " Discard  m " },
      expect = { seat = 2, kind = "word" } },

    { name = "lettertycoon answers: the discard request of a hand an edit emptied names 'pass', no letter",
      set = CATDOG,
      steps = { "word CAT", { kind = "discard" }, { set = "empty hand[1]" },
        { refused = "buy C", reason = "your hand is empty now: 'pass'" },
        "pass" },
      expect = { seat = 2, kind = "word" } },
  },
}
