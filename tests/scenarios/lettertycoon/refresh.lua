-- Letter Tycoon: an edit made while a patent is offered asks the buy request
-- again (refresh); the word request is a typed answer, checked against the
-- table as it is when the answer comes, so it needs no asking again.

local h = uses "_helpers.lua"
local rack = h.rack
local joined = edits.joined

return {
  game = "lettertycoon", players = 2, seed = 1,
  scenarios = {
    { name = "lettertycoon refresh: money given at the buy request offers the dearer patents too",
      set = joined(rack("hand[1]", "CATBBFF"), rack("pool", "XJW"), { "state money[1] 3" }),
      steps = { "word CAT", { seat = 1, kind = "buy", legal = { "buy C" }, not_legal = { "buy A" } },
                { set = "state money[1] 20" },
                { seat = 1, kind = "buy", legal = { "buy A", "buy C", "buy T", "pass" } },
                "buy A" },
      expect = { state = { ["patents.A"] = 1 } } },
    { name = "lettertycoon refresh: the buy request asked again quotes the money and prices after the edit",
      set = joined(rack("hand[1]", "CATBBFF"), rack("pool", "XJW"), { "state money[1] 3" }),
      steps = { "word CAT", { seat = 1, kind = "buy", prompt = "you have $4 (C $3)" },
                { set = "state money[1] 20" },
                { seat = 1, kind = "buy", prompt = "buy a patent? you have $20 (A $8, C $3, T $8)" } } },
    { name = "lettertycoon refresh: money taken away at the buy request leaves only pass, and the prompt says so",
      set = joined(rack("hand[1]", "CATBBFF"), rack("pool", "XJW"), { "state money[1] 3" }),
      steps = { "word CAT", { set = "state money[1] 0" },
                { seat = 1, kind = "buy", answers = { "pass" }, prompt = "no patent you can buy: you have $0" },
                { refused = "buy C", reason = "" }, "pass" },
      expect = { state = { ["money[1]"] = 0 }, kind = "discard" } },
    { name = "lettertycoon refresh: a patent given away at the buy request is no longer offered",
      set = joined(rack("hand[1]", "CATBBFF"), rack("pool", "XJW"), { "state money[1] 3" }),
      steps = { "word CAT", { set = "patent C 2" },
                { seat = 1, kind = "buy", not_legal = { "buy C" }, legal = { "pass" } },
                { refused = "buy C", reason = "seat 2 owns the C patent" } } },
    { name = "lettertycoon refresh: the word request reads a hand edited while it waits",
      set = joined(rack("hand[1]", "RRSSNNL"), rack("pool", "XJW")),
      steps = { { refused = "word CAT" }, { set = rack("hand[1]", "CATBBFF") }, "word CAT" },
      expect = { state = { ["money[1]"] = 1 } } },
  },
}
