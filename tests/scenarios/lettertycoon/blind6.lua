-- A blind second reading of the rule book (2026-11-28,
-- written before the docs and the script were read): the points where the book
-- is open, the page was silent, and cardlab plays the reading a table would
-- expect. Each scenario fails with the other reading (checked by a mutant of
-- game.lua, reverted: see the commit).
local h = uses "_helpers.lua"

return {
  game = "lettertycoon", players = 2, seed = 1,
  scenarios = {
    -- "Der Spieler entscheidet, ob jedes 'Y' für Patentfähigkeiten als Konsonant
    -- oder als Vokal behandelt wird": one choice for each Y, which every ability
    -- reads. KEY is doubled by J with its Y a vowel (2 of 3) and by K with its Y
    -- a consonant (E alone), never by both at once.
    { name = "the Y: one choice for each Y serves J and K alike (KEY earns x2, not x4)",
      set = h.hand_and_pool("KEYDGMP", "BRS", { "patent J 1", "patent K 1" }),
      steps = { "word KEY", { state = { ["money[1]"] = 2, ["stock[1]"] = 0 } } } },

    -- "Wörter mit 'Q' bringen das Doppelte": a word with a Q, once, however many
    -- Qs it spells; the X's copy of the Q makes no second doubling.
    { name = "the Q letter doubles a word once, even with the X's copy of the Q (QUINQUINA: $12 and 6 stock)",
      set = h.hand_and_pool("QUINUIN", "ABC", { "patent X 1" }),
      steps = { "word QUINQUINA x=Q",
        { state = { ["money[1]"] = 12, ["stock[1]"] = 6 } } } },

    -- "Der Besitzer eines Buchstabenpatents verdient $1 für jeden passenden
    -- Buchstaben": the doublings are of the word's value ("Doppelter Wortwert"),
    -- not of the royalties.
    { name = "royalties are $1 a card, never doubled: QAT with the K patent earns $4, the owner of A and T $2",
      set = h.hand_and_pool("QATDGMP", "EIO", { "patent K 1", "patent A 2", "patent T 2" }),
      steps = { "word QAT", { state = { ["money[1]"] = 4, ["money[2]"] = 2 } } } },
  },
}
