-- Letter Tycoon in god mode: every edit leaves a game the rules and the table
-- agree on, or is refused with what to do instead (docs/games/lettertycoon.md,
-- "Zones and state"). What the rules keep of a turn under way: the play on
-- the table (the state's `play` and its cards in the zone words, which the
-- rules give back or discard by their ids), a V play's first word while the
-- second is asked, and the answers of the penalty and of the Q patent's
-- replacement, made again after an edit.
-- 2 players, seed 1. hand_and_pool(hand, pool, extra): seat 1's hand and the
-- pool exactly, taken from the deck, then the extra edits.
local h = uses "_helpers.lua"
local hand_and_pool, quiet_round = h.hand_and_pool, h.quiet_round
local joined = edits.joined

return {
  game = "lettertycoon", players = 2, seed = 1,
  scenarios = {
    -- the play on the table: its cards leave the zone words by the rules alone
    { name = "lettertycoon edits: a card of the play on the table is not taken back while the others may challenge it",
      options = { challenge = "players" },
      set = hand_and_pool("CATBBFF", "XJW"),
      steps = { "word CAT", { seat = 2, kind = "challenge" },
                { set_refused = "move C hand[1] from words", reason = "zone 'words' holds the cards of the play on the table (seat 1: word CAT)" },
                { set_refused = "empty words deck", reason = "until its turn is over" },
                "pass", { seat = 1, kind = "discard" } },
      -- (the edit taken, the rules discarded the C from the hand it went back to)
      expect = { state = { ["money[1]"] = 1 }, zones = { ["hand[1]"] = { "B", "B", "F", "F" }, discard = { count = 3, has = { "C", "A", "T" } } } } },
    { name = "lettertycoon edits: a card is not put among the cards of the play on the table during the buy",
      set = hand_and_pool("CATBBFF", "XJW", { "state money[1] 20" }),
      steps = { "word CAT", { seat = 1, kind = "buy" },
                { set_refused = "move X words from pool", reason = "zone 'words' holds the cards of the play on the table" },
                "buy C" },
      expect = { kind = "discard", state = { ["patents.C"] = 1 }, zones = { words = { count = 0 }, discard = { count = 3 }, pool = { has = { "X" } } } } },
    { name = "lettertycoon edits: with no play on the table, a card moved into the zone words is refused (it would stay there, out of the game)",
      set = hand_and_pool("CATBBFF", "XJW"),
      steps = { { set_refused = "move X words from pool", reason = "there is none now: put the card elsewhere (the box" },
                { set = "move X box from pool" } },
      expect = { zones = { words = { count = 0 }, box = { has = { "X" } } } } },
    { name = "lettertycoon edits: the play on the table in the state is the one the rules check (the greedy bot's challenge reads it)",
      options = { challenge = "players" },
      set = hand_and_pool("CATBBFF", "XJW"),
      steps = { "word CAT", { seat = 2, kind = "challenge" },
                { set_refused = 'state play.text "word XJW"', reason = "state 'play' is the play on the table (seat 1: word CAT)" },
                { set_refused = "state play.seat 2", reason = "it changes with the answers, not by an edit" },
                { state = { ["play.text"] = "word CAT", ["play.seat"] = 1 } } } },
    { name = "lettertycoon edits: the keys the rules make (play, final, house_pieces) are not added by an edit",
      steps = { { set_refused = "state play 5", reason = "there is none now: the rules make it when a word is played" },
                { set_refused = "state final 1", reason = "the final scoring, which the rules make at the end" },
                { set_refused = "state house_pieces 1", reason = "follows the rules in force, not an edit" },
                "pass" },
      expect = { kind = "discard" } },

    -- what the play earns follows the patents until it is scored
    { name = "lettertycoon edits: the K patent given while the others may challenge the play doubles it, as if owned when playing",
      options = { challenge = "players" },
      set = hand_and_pool("CATBBFF", "XJW"),
      steps = { "word CAT", { seat = 2, kind = "challenge" }, { set = "patent K 1" }, "pass" },
      expect = { kind = "discard", state = { ["money[1]"] = 2 }, said = "seat 1 plays word CAT: $2 and 0 stock (doubled by the K patent)" } },
    { name = "lettertycoon edits: a patent given at the buy, after the play was scored, changes neither its money nor the last turn's line",
      set = hand_and_pool("CATBBFF", "XJW", { "state money[1] 20" }),
      steps = { "word CAT", { seat = 1, kind = "buy" }, { set = "patent K 1" }, "pass", "pass" },
      expect = { seat = 2, kind = "word", state = { ["money[1]"] = 21, last = "seat 1 played word CAT for $1 and 0 stock" } } },
    { name = "lettertycoon edits: state last, the line of the last turn, takes a text only",
      steps = { { set_refused = "state last true", reason = "state 'last' is the line the table shows for the last turn: a text" } } },

    -- a V play's first word, made already, while the second is asked
    { name = "lettertycoon edits: the first word of a V play stays playable while the second is asked",
      set = hand_and_pool("CATDOGM", "XJW", { "patent V 1" }),
      steps = { "word CAT +", { seat = 1, kind = "second word" },
                { set_refused = "move C deck from hand[1]", reason = "a second word after CAT (the V patent), which must stay playable, and now: the play needs 1 C card" },
                { set = "move M deck from hand[1]" },
                "word DOG" },
      expect = { state = { ["money[1]"] = 2 }, zones = { discard = { count = 6 } } } },
    { name = "lettertycoon edits: the Z patent taken while the second word is asked, after a first word with its S, is refused",
      set = hand_and_pool("CATDOGM", "XJW", { "patent V 1", "patent Z 1" }),
      steps = { "word CAT+S +", { seat = 1, kind = "second word" },
                { set_refused = "patent Z 0", reason = "adding an S (+S) needs the Z patent" },
                { set = "patent V 0" }, "pass" },
      expect = { state = { ["money[1]"] = 2 }, kind = "discard" } },

    -- requests whose answers are made again after an edit
    { name = "lettertycoon edits: the penalty's answers follow an edit of the hand (a letter moved out is no longer offered)",
      options = { retries = 0 },
      set = hand_and_pool("QDLBBFF", "XJW"),
      steps = { "word QDL", { seat = 1, kind = "penalty", legal = { "discard Q" } },
                { set = "move Q deck from hand[1]" },
                { seat = 1, kind = "penalty", answers = { "discard B", "discard D", "discard F", "discard L" } },
                { refused = "discard Q", reason = "your hand holds no Q" }, "discard B" },
      expect = { seat = 2, kind = "word", zones = { discard = { count = 1, has = { "B" } }, ["hand[1]"] = { count = 7 } } } },
    { name = "lettertycoon edits: the Q patent's answers follow an edit of the hand, and the card replaced is the one there",
      set = hand_and_pool("CATBBFF", "XJW", { "patent Q 1" }),
      steps = joined(quiet_round(2), {
                { seat = 1, kind = "replace", legal = { "replace C" } },
                { set = "move C box from hand[1]" },
                { seat = 1, kind = "replace", not_legal = { "replace C" }, legal = { "replace A", "replace pool X" } },
                { refused = "replace C", reason = "your hand holds no C" }, "replace A",
                { seat = 1, kind = "word", zones = { ["hand[1]"] = { count = 6, lacks = { "C" } }, discard = { count = 1, has = { "A" } } } } }) },
  },
}
