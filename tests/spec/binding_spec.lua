-- The userdata types of the "cardlab.vm" module: cl.Rng, cl.Table, cl.Zone,
-- cl.Seats. (cl.Engine has engine_spec.lua.)

local vm = require "cardlab.vm"

-- Lua numbers arguments of a method call from the first one after the object
-- (as io does: f:write(nil) is "bad argument #1 to 'write'").

describe("the vm module", function()
  it("has a version and the seat limit", function()
    assert.matches("^%d+%.%d+%.%d+$", vm.version)
    assert.equal(8, vm.max_seats)
  end)

  it("hashes text with 64-bit FNV-1a, chainable", function()
    assert.equal("cbf29ce484222325", vm.hash(""))
    assert.equal("af63dc4c8601ec8c", vm.hash("a"))
    assert.equal(vm.hash("abc"), vm.hash("c", vm.hash("ab")))
    assert.not_equal(vm.hash("abc"), vm.hash("abd"))
  end)

  it("writes plain data as JSON as the records do, and leaves the rest to the caller", function()
    local cjson = require "cjson"
    -- lists, numbers and texts as lua-cjson writes them; an integer in all
    -- its digits (a seed past 10^14 comes back as it was), any other number
    -- as "%.14g"
    for _, t in ipairs({ { 1, -2, 3 }, { 0, 99999999999999, -99999999999999 }, { { 1, 2 }, { 3 } },
                         { { 1, { 2, { 3 } } } }, { 1.5, -0.0, 1 / 3, 1e300, 5e-324, 2 ^ 53 },
                         { true, false, "x" } }) do
      assert.equal(cjson.encode(t), vm.json(t))
    end
    assert.equal("[100000000000000,-9223372036854775808,9223372036854775807,123456789012345]",
      vm.json({ 100000000000000, math.mininteger, math.maxinteger, 123456789012345 }))
    assert.equal('{"seed":9007199254740991}', vm.json({ seed = 9007199254740991 }))
    for b = 0, 255 do assert.equal(cjson.encode(string.char(b)), vm.json(string.char(b))) end
    local long = {}
    for i = 1, 500 do long[i] = { i, -i * 1000003 } end  -- (past the first room on the C stack)
    assert.equal(cjson.encode(long), vm.json(long))
    -- objects: keys sorted by their texts (numbers as tostring writes them),
    -- or those of an order first; an empty table is {}
    assert.equal('{"10":3,"2.5":4,"9":2,"a":{},"b\\/":[1]}',
      vm.json({ [9] = 2, [10] = 3, [2.5] = 4, a = {}, ["b/"] = { 1 } }))
    assert.equal('{"z":1,"a":2,"b":3}', vm.json({ a = 2, b = 3, z = 1 }, { "z", "y" }))
    assert.equal('[1,2]', vm.json({ 1, 2 }, { "z" }))
    assert.equal('{"1":1,"x":2}', vm.json({ 1, x = 2 }))
    assert.equal("5", vm.json(5))
    -- anything else: nil (records.encode writes it, or lua-cjson refuses it)
    for _, t in ipairs({ setmetatable({ 1 }, {}), { [true] = 1 }, { [1] = 1, ["1"] = 2 }, { 0 / 0 },
                         { math.huge }, { print } }) do
      assert.is_nil(vm.json(t))
    end
  end)

  it("reads the standings of every seat into one list, and the metrics from it", function()
    local points = {}
    local function standing(game, seat) return game[seat] end
    assert.same({ 1, 2 }, vm.standings(standing, { 1, 2 }, 2))
    assert.equal(points, vm.standings(standing, { 2, 0 }, 2, points))
    vm.standings(standing, { 3, 4 }, 2, points)
    assert.same({ 2, 0, 3, 4 }, points)
    assert.has_error(function() vm.standings(standing, { 1, "x" }, 2, points) end,
      "standing(game, 2) gave x; expected a finite number")
    -- the same metrics as from a list per point
    local flat = { 2, 0, 3, 2, 3, 4, 3, 4 }
    assert.same({ vm.standing_metrics({ { 2, 0 }, { 3, 2 }, { 3, 4 }, { 3, 4 } }, { 2 }) },
      { vm.standing_metrics(flat, { 2 }, 2) })
    assert.same({ 0, 0, 0 }, { vm.standing_metrics({}, { 1 }, 2) })
    assert.has_error(function() vm.standing_metrics({ 1, 2, 3 }, { 1 }, 2) end,
      "bad argument #1 to 'standing_metrics' (a whole number of points expected)")
  end)

  it("shows a text as a refusal quotes it: one line, at most 60 columns", function()
    assert.equal("a\\0b\\0001\\9", vm.shown("a\0b\0" .. "1\t"))  -- %q's escapes
    assert.equal(string.rep("x", 60), vm.shown(string.rep("x", 60)))
    -- (cut, with the length of the text)
    assert.equal(string.rep("x", 57) .. "... (61 bytes)", vm.shown(string.rep("x", 61)))
    -- a character of several bytes is one column; a byte that is not UTF-8 is
    -- escaped, as wide as its escape, and not cut in two
    assert.equal(string.rep("\u{20AC}", 60), vm.shown(string.rep("\u{20AC}", 60)))
    assert.equal(string.rep("\\128", 14) .. "... (1000 bytes)", vm.shown(string.rep("\x80", 1000)))
    -- an escape is not cut in two
    assert.equal(string.rep("x", 56) .. "... (67 bytes)", vm.shown(string.rep("x", 56) .. "\0" .. string.rep("x", 10)))
  end)

  it("makes a text printable as the host prints a game's: control bytes escaped but newline and tab", function()
    assert.equal("a\\27[2Jb\\13c\\0d\\127", vm.printable("a\27[2Jb\rc\0d\127"))
    assert.equal("\\0001\\0071", vm.printable("\0" .. "1\a1"))  -- %q's escapes before a digit
    for _, c in ipairs({ 1, 8, 11, 12, 31 }) do
      assert.equal("\\" .. c, vm.printable(string.char(c)))
    end
    -- C1 control characters (U+0080 to U+009F; U+009B is CSI) as their two bytes
    assert.equal("a\\194\\1552Jb", vm.printable("a\u{9B}2Jb"))
    assert.equal("\\194\\128\\194\\159", vm.printable("\u{80}\u{9F}"))
    assert.equal("\\194\\155x", vm.shown("\u{9B}x"))
    -- lines stay lines; other UTF-8 (U+00A0 next to the C1 range) and long
    -- texts are kept as they are; bytes that are not UTF-8 (a lead byte cut
    -- short, a stray continuation, 0xFF) are escaped, so that what was typed shows
    assert.equal("one\n\ttwo", vm.printable("one\n\ttwo"))
    assert.equal("\u{A0}\u{7FF}\\194", vm.printable("\u{A0}\u{7FF}\xC2"))
    assert.equal("é ♠ \u{1F0A1} \\128\\255", vm.printable("é ♠ \u{1F0A1} \x80\xff"))
    local long = string.rep("x", 5000)
    assert.equal(long, vm.printable(long))
    assert.equal(long .. "\\27", vm.printable(long .. "\27"))
    assert.equal("42", vm.printable(42))
    assert.has_error(function() vm.printable({}) end,
      "bad argument #1 to 'printable' (string expected, got table)")
  end)
end)

describe("cl.Rng", function()
  local function ints(r, n, a, b)
    local out = {}
    for i = 1, n do out[i] = r:int(a, b) end
    return out
  end

  it("gives the same stream for the same seed, another for another seed", function()
    local a, b, c = vm.rng(42), vm.rng(42), vm.rng(43)
    local xa, xb, xc = ints(a, 50, 1000000), ints(b, 50, 1000000), ints(c, 50, 1000000)
    assert.same(xa, xb)
    assert.not_same(xa, xc)
  end)

  it("gives a fixed stream for a seed on every machine", function()
    assert.same({ 1, 3, 5, 6, 6, 5, 5, 6, 5, 4 }, ints(vm.rng(42), 10, 6))
  end)

  it("keeps r:int(n) within 1..n and hits every value", function()
    local r = vm.rng(1)
    local seen = {}
    for _ = 1, 2000 do
      local x = r:int(6)
      assert.is_true(math.type(x) == "integer" and x >= 1 and x <= 6)
      seen[x] = true
    end
    assert.same({ true, true, true, true, true, true }, seen)
  end)

  it("keeps r:int(a, b) within a..b, negative bounds included", function()
    local r = vm.rng(2)
    local seen = {}
    for _ = 1, 500 do
      local x = r:int(-2, 2)
      assert.is_true(x >= -2 and x <= 2)
      seen[x] = true
    end
    assert.same({ [-2] = true, [-1] = true, [0] = true, [1] = true, [2] = true }, seen)
    assert.equal(7, r:int(7, 7))
    assert.equal(-3, r:int(-3, -3))
  end)

  it("refuses an empty or too large interval", function()
    local r = vm.rng(1)
    assert.has_error(function() r:int(0) end, "bad argument #1 to 'int' (interval is empty or too large)")
    assert.has_error(function() r:int(5, 2) end, "bad argument #1 to 'int' (interval is empty or too large)")
    assert.has_error(function() r:int(0, 1 << 32) end, "bad argument #1 to 'int' (interval is empty or too large)")
    -- bounds so far apart that b - a overflows (undefined in C: the sanitizer build aborts)
    assert.has_error(function() r:int(math.mininteger, math.maxinteger) end,
      "bad argument #1 to 'int' (interval is empty or too large)")
    assert.has_error(function() r:int(-1, math.maxinteger) end,
      "bad argument #1 to 'int' (interval is empty or too large)")
    assert.has_error(function() r:int("x") end, "bad argument #1 to 'int' (number expected, got string)")
  end)

  it("gives floats in [0, 1)", function()
    local r = vm.rng(5)
    for _ = 1, 1000 do
      local x = r:float()
      assert.is_true(math.type(x) == "float" and x >= 0 and x < 1)
    end
  end)

  it("shuffles the array part of a Lua table in place, by seed", function()
    local t = { 1, 2, 3, 4, 5, 6, 7, 8 }
    local back = vm.rng(1):shuffle(t)
    assert.equal(t, back)
    assert.same({ 5, 8, 1, 3, 2, 7, 4, 6 }, t)
    local u = { 1, 2, 3, 4, 5, 6, 7, 8 }
    vm.rng(1):shuffle(u)
    assert.same(t, u)
    -- a permutation: the same values
    table.sort(u)
    assert.same({ 1, 2, 3, 4, 5, 6, 7, 8 }, u)
    -- empty and one-element tables are left alone
    assert.same({}, vm.rng(1):shuffle({}))
    assert.same({ "x" }, vm.rng(1):shuffle({ "x" }))
  end)

  it("saves and restores its state as 64 hex digits", function()
    local r = vm.rng(9)
    r:int(100)
    local state = r:state()
    assert.matches("^[0-9a-f]+$", state)
    assert.equal(64, #state)
    local ahead = ints(r, 20, 1000)
    local other = vm.rng(12345)
    other:set_state(state)
    assert.same(ahead, ints(other, 20, 1000))
    assert.equal(r:state(), other:state())
    -- rewinding the same generator
    r:set_state(state)
    assert.same(ahead, ints(r, 20, 1000))
  end)

  it("refuses a state that did not come from 'state'", function()
    local r = vm.rng(1)
    local before = r:state()
    local msg = "bad argument #1 to 'set_state' (expected a state string from 'state' (64 hex digits))"
    assert.has_error(function() r:set_state("xyz") end, msg)
    assert.has_error(function() r:set_state(string.rep("0", 64)) end, msg)  -- all zero: a dead generator
    assert.has_error(function() r:set_state(string.rep("g", 64)) end, msg)
    assert.has_error(function() r:set_state(before .. "0") end, msg)
    assert.has_error(function() r:set_state(before:sub(1, 63) .. "\0") end, msg)
    assert.equal(before, r:state())
  end)

  it("clones into an independent generator in the same state", function()
    local r = vm.rng(3)
    r:int(10)
    local c = r:clone()
    assert.not_equal(r, c)
    assert.equal(r:state(), c:state())
    local a = ints(r, 10, 1000)
    assert.same(a, ints(c, 10, 1000))
    c:int(10)
    assert.not_equal(r:state(), c:state())
  end)

  it("names its type in errors and tostring", function()
    assert.matches("^cl%.Rng: ", tostring(vm.rng(1)))
    assert.has_error(function() vm.rng("x") end, "bad argument #1 to 'rng' (number expected, got string)")
    local t = vm.table(1)
    assert.has_error(function() t:zone("box"):shuffle(nil) end,
      "bad argument #1 to 'shuffle' (cl.Rng expected, got nil)")
  end)
end)

describe("cl.Table and cl.Zone", function()
  local t, box

  before_each(function()
    t = vm.table(10)
    box = t:zone("box")
  end)

  describe("zones", function()
    it("start with every card in the box, the highest id on top", function()
      assert.equal(10, t:ncards())
      assert.equal(10, #box)
      assert.same({ 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 }, box:cards())
      assert.equal("box", box:name())
      assert.equal("nobody", box:visibility())
    end)

    it("are made from a spec with defaults", function()
      local a = t:zone("a", {})
      assert.equal("a", a:name())
      assert.equal(0, a:owner())
      assert.equal("everyone", a:visibility())
      assert.equal(0, #a)
      local h = t:zone("h", { owner = 3, visibility = "owner", face = "down" })
      assert.equal(3, h:owner())
      assert.equal("owner", h:visibility())
      assert.equal(3, #t:zones())
      assert.equal(box, t:zones()[1])
      assert.equal(a, t:zones()[2])
      assert.equal(h, t:zones()[3])
    end)

    it("refuse a second zone of the same name", function()
      t:zone("x", {})
      assert.has_error(function() t:zone("x", {}) end, "a zone named 'x' exists already")
      assert.has_error(function() t:zone("box", {}) end, "a zone named 'box' exists already")
    end)

    it("refuse a name holding a NUL byte, made or looked up (the core keeps C strings)", function()
      t:zone("a", {})
      assert.has_error(function() t:zone("a\0b", {}) end, "a zone's name cannot hold a NUL byte")
      assert.has_error(function() t:zone("a\0b") end, "a zone's name cannot hold a NUL byte")
    end)

    it("are found by name, or the error names the zone", function()
      assert.has_error(function() t:zone("nope") end, "no zone named 'nope'")
    end)

    it("refuse an owner that is not a seat, and 'owner' visibility without one", function()
      assert.has_error(function() t:zone("b", { owner = 9 }) end, "zone 'b': owner 9 is not a seat (0..8)")
      assert.has_error(function() t:zone("b", { owner = -1 }) end, "zone 'b': owner -1 is not a seat (0..8)")
      assert.has_error(function() t:zone("b", { visibility = "owner" }) end,
        "zone 'b': visibility 'owner' needs an owner seat")
    end)

    it("refuse a bad visibility or face, naming the field", function()
      -- the error must say which field of the spec is wrong, not point at a
      -- meaningless argument number
      local ok, msg = pcall(t.zone, t, "b", { visibility = "bogus" })
      assert.is_false(ok)
      assert.matches("'bogus'", msg, 1, true)
      assert.matches("visibility", msg, 1, true)
      assert.not_matches("#-", msg, 1, true)
      ok, msg = pcall(t.zone, t, "c", { face = "sideways" })
      assert.is_false(ok)
      assert.matches("'sideways'", msg, 1, true)
      assert.matches("face", msg, 1, true)
      assert.not_matches("#-", msg, 1, true)
      ok, msg = pcall(t.zone, t, "d", { owner = "x" })
      assert.is_false(ok)
      assert.matches("owner", msg, 1, true)
      assert.not_matches("#-", msg, 1, true)
    end)

    it("have one userdata each: equal handles, usable as table keys", function()
      local a = t:zone("a", {})
      assert.equal(a, t:zone("a"))
      assert.is_true(rawequal(t:zone("a"), t:zone("a")))
      assert.is_true(rawequal(box, t:zones()[1]))
      local seen = {}
      seen[t:zone("a")] = "first"
      seen[t:zone("a")] = "second"
      local n = 0
      for _ in pairs(seen) do n = n + 1 end
      assert.equal(1, n)
      assert.equal("second", seen[a])
      -- a zone that t:where gives is the same value too
      a:insert(3)
      assert.is_true(rawequal(a, (t:where(3))))
    end)

    it("print their name and count", function()
      assert.equal("cl.Zone 'box' (10 cards)", tostring(box))
      assert.equal("cl.Table (10 cards, 1 zones)", tostring(t))
    end)
  end)

  describe("reading", function()
    local a
    before_each(function()
      a = t:zone("a", {})
      box:move_all(a)
    end)

    it("peeks at a position, top by default, nil past the end", function()
      assert.equal(10, a:peek())
      assert.equal(9, a:peek(2))
      assert.equal(1, a:peek(10))
      assert.is_nil(a:peek(11))
      assert.is_nil(a:peek(0))
      assert.is_nil(t:zone("e", {}):peek())
    end)

    it("finds a card's position, nil when elsewhere", function()
      assert.equal(1, a:find(10))
      assert.equal(10, a:find(1))
      assert.is_nil(box:find(1))
      assert.has_error(function() a:find(11) end, "bad argument #1 to 'find' (no such card)")
      assert.has_error(function() a:find(0) end, "bad argument #1 to 'find' (no such card)")
    end)

    it("tells where a card is: its zone and position", function()
      local z, pos = t:where(7)
      assert.equal(a, z)
      assert.equal(4, pos)
      assert.has_error(function() t:where(11) end, "bad argument #1 to 'where' (no such card)")
    end)

    it("lists cards top first, filling a given table and clearing what is past them", function()
      assert.same({ 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 }, a:cards())
      local b = t:zone("b", {})
      a:move(b)
      a:move(b)
      local into = { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, keep = "me" }
      local back = b:cards(into)
      assert.equal(into, back)
      assert.same({ 9, 10, keep = "me" }, into)
      assert.equal(2, #into)
      -- an empty zone clears the table
      assert.same({ keep = "me" }, t:zone("c", {}):cards(into))
      assert.has_error(function() a:cards(5) end, "bad argument #1 to 'cards' (table expected, got number)")
    end)

    it("selects the cards whose data match, top first, into a table it clears past them", function()
      local parity, size = {}, {}
      for c = 1, 10 do parity[c], size[c] = c % 2 == 0 and "even" or "odd", c > 8 and "big" or "small" end
      local cards = a:cards()
      local odd, n, looked = a:select(nil, parity, "odd")
      assert.equal(5, n)
      assert.equal(#cards, looked)  -- every card looked at: the calls a rule per card would be
      local expect = {}
      for _, c in ipairs(cards) do if c % 2 == 1 then expect[#expect + 1] = c end end
      assert.same(expect, odd)
      -- either pair may match; the table given is filled and cleared past them
      local into = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 }
      local back, m = a:select(into, parity, "odd", size, "big")
      assert.equal(into, back)
      assert.equal(6, m)
      assert.equal(6, #into)
      -- numbers and long texts are compared as values
      local long = string.rep("x", 50)
      local keys = {}
      for c = 1, 10 do keys[c] = c == 3 and long or c end
      assert.same({ 7 }, (a:select(nil, keys, 7)))
      assert.same({ 3 }, (a:select(nil, keys, string.rep("x", 50))))
      assert.has_error(function() a:select(nil, parity) end,
        "select: expected into (or nil), then pairs of a table by card (or a card field's name) and a value")
      assert.has_error(function() a:select(nil, 5, "odd") end,
        "bad argument #2 to 'select' (table or field name expected, got number)")
    end)

    it("tallies the cards select looks at, when the table is given a tally", function()
      local parity = {}
      for c = 1, 10 do parity[c] = c % 2 == 0 and "even" or "odd" end
      local tally = vm.tally()
      assert.equal(0, tally.calls)
      t:tally_select(tally)
      local _, _, looked = a:select(nil, parity, "odd")
      assert.equal(10, looked)
      assert.equal(10, tally.calls)
      local b = t:zone("b", {})
      a:move(b)
      a:select(nil, parity, "even")
      b:select(nil, parity, "even")
      assert.equal(20, tally.calls)
      -- its calls are a field as a table's would be; nothing else is
      tally.calls = tally.calls + 10
      assert.equal(30, tally.calls)
      assert.equal("cl.Tally (" .. tally.calls .. " calls)", tostring(tally))
      assert.is_nil(tally.other)
      assert.has_error(function() tally.other = 1 end, "a tally has only 'calls' (got 'other')")
      assert.has_error(function() tally.calls = 1.5 end, "a tally's calls must be an integer (got 1.5)")
      assert.equal(7, vm.tally(7).calls)
      -- no tally: none
      t:tally_select(nil)
      local before = tally.calls
      a:select(nil, parity, "odd")
      assert.equal(before, tally.calls)
      assert.has_error(function() t:tally_select({}) end,
        "bad argument #1 to 'tally_select' (cl.Tally expected, got table)")
    end)

    it("selects by a field of the cards' data, read once, as a table by card would", function()
      local long = string.rep("y", 60)
      local data = {}
      for c = 1, 10 do
        data[c] = { parity = c % 2 == 0 and "even" or "odd", size = c > 8 and "big" or nil,
                    value = c <= 5 and c or c + 0.5, flag = c == 4, note = c == 2 and long or nil,
                    weird = c == 6 and 0 / 0 or nil }
      end
      data[7] = "not a table"  -- a card without data has no field
      assert.has_error(function() a:select(nil, "parity", "odd") end,
        "select: cards are selected by 'parity', a field of their data, but the table has no card data (t:card_data)")
      t:card_data(data)
      local function by_table(field, value)
        local by = {}
        for c = 1, 10 do
          if type(data[c]) == "table" then by[c] = data[c][field] end
        end
        return (a:select(nil, by, value))
      end
      for _, case in ipairs({ { "parity", "odd" }, { "parity", "even" }, { "size", "big" },
          { "size", nil }, { "value", 3 }, { "value", 3.0 }, { "value", 7.5 }, { "value", "3" },
          { "flag", true }, { "flag", false }, { "note", string.rep("y", 60) }, { "note", "y" },
          { "weird", 0 / 0 }, { "nothing", "at all" }, { "parity", "neither" } }) do
        assert.same(by_table(case[1], case[2]), (a:select(nil, case[1], case[2])), case[1])
      end
      -- fields and tables mixed, a field twice, into a table given
      local into = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 }
      local back, m = a:select(into, "size", "big", "value", 2, "value", 4)
      assert.equal(into, back)
      local expect = {}
      for _, c in ipairs(a:cards()) do if c >= 9 or c == 2 or c == 4 then expect[#expect + 1] = c end end
      assert.same(expect, into)
      assert.equal(#expect, m)
      -- another table of the same cards (the next game) selects alike
      local t2 = vm.table(10)
      local a2 = t2:zone("a2", {})
      t2:zone("box"):move_all(a2)
      t2:card_data(data)
      assert.same(by_table("parity", "odd"), (a2:select(nil, "parity", "odd")))
      -- new card data: the columns are made again
      local other = {}
      for c = 1, 10 do other[c] = { parity = "odd" } end
      t:card_data(other)
      assert.equal(10, select(2, a:select(nil, "parity", "odd")))
    end)

    it("brings read-only views up to date in one call, where their zones changed", function()
      local hand = t:zone("hand", { owner = 1, visibility = "owner" })
      local pile = t:zone("pile", {})
      for _ = 1, 3 do a:move(hand) end
      local hv, hz = t:version("hand")
      local pv, pz = t:version("pile")
      assert.same({ 2, 3 }, { hz, pz })  -- the zones' numbers, the box 0
      assert.is_nil(t:version("box"))
      local views = { [hz] = t:view(1, "hand", "read-only"), [pz] = t:view(1, "pile", "read-only") }
      local versions = { [hz] = hv, [pz] = pv }
      local hand_view, pile_view = views[hz], views[pz]
      assert.same({ 8, 9, 10 }, { hand_view.cards[1], hand_view.cards[2], hand_view.cards[3] })
      hand:move(pile)
      t:refresh_views(1, views, versions)
      assert.equal(hand_view, views[hz])  -- in place
      assert.same({ 2, 9, 10 }, { hand_view.count, hand_view.cards[1], hand_view.cards[2] })
      assert.is_nil(hand_view.cards[3])
      assert.same({ 1, 8 }, { pile_view.count, pile_view.cards[1] })
      assert.equal((t:version("hand")), versions[hz])
      -- unchanged zones are left as they are; a key that is no zone is an error
      local before = versions[pz]
      t:refresh_views(1, views, versions)
      assert.equal(before, versions[pz])
      assert.has_error(function() t:refresh_views(1, { [9] = hand_view }, {}) end,
        "refresh_views: 9 is no zone number of the table")
      assert.has_error(function() t:refresh_views(1, { [hz] = {} }, {}) end,
        "bad argument #2 to 'refresh_views' (a read-only view of zone 'hand' expected)")
    end)

    it("tallies the cards by kind, zeros included, and names a card without a kind", function()
      local parity = {}
      for c = 1, 10 do parity[c] = c % 2 + 1 end  -- even cards kind 1, odd kind 2
      assert.same({ 5, 5, 0 }, a:tally(parity, 3))
      -- into a table given: filled and given back
      local into = { 9, 9, 9 }
      assert.equal(into, a:tally(parity, 3, into))
      assert.same({ 5, 5, 0 }, into)
      assert.has_error(function() a:tally(parity, 3, "x") end)
      assert.same({ 0, 0 }, t:zone("empty", {}):tally(parity, 2))
      local b = t:zone("b", {})
      a:move(b)  -- card 10
      assert.same({ 1, 0 }, b:tally(parity, 2))
      parity[10] = 3
      assert.has_error(function() b:tally(parity, 2) end, "tally: card 10 has no kind from 1 to 2")
      parity[10] = "one"
      assert.has_error(function() b:tally(parity, 2) end, "tally: card 10 has no kind from 1 to 2")
      assert.has_error(function() b:tally(parity, 0) end,
        "bad argument #2 to 'tally' (expected a number of kinds from 1 to 4096)")
    end)

    it("takes the first cards of each kind onto another zone, as many as counts say", function()
      local parity = {}
      for c = 1, 10 do parity[c] = c % 2 + 1 end  -- even cards kind 1, odd kind 2
      local top = a:cards()
      local b = t:zone("b", {})
      b:insert(top[10])
      -- two even cards and one odd, the first of each top first, each in
      -- turn to the bottom of b
      local want, even, odd = {}, 0, 0
      for _, c in ipairs(top) do
        if parity[c] == 1 and even < 2 then even = even + 1 want[#want + 1] = c end
        if parity[c] == 2 and odd < 1 then odd = odd + 1 want[#want + 1] = c end
      end
      local moved, n = a:take(b, parity, { 2, 1 }, "bottom")
      assert.same({ want, 3 }, { moved, n })
      assert.same({ top[10], want[1], want[2], want[3] }, b:cards())
      assert.equal(6, a:count())
      -- more than it holds: what it holds, appended to a table given; to
      -- the top by default, one by one
      local into = { "x" }
      local left = a:cards()
      local _, m = a:take(b, parity, { 0, 9 }, nil, into)
      local odds = {}
      for _, c in ipairs(left) do if parity[c] == 2 then odds[#odds + 1] = c end end
      assert.equal(#odds, m)
      assert.same({ "x", table.unpack(odds) }, into)
      assert.equal(odds[#odds], b:cards()[1])
      assert.has_error(function() a:take(b, parity, { -1, 0 }) end, "take: counts[1] must be a whole number >= 0")
      local card = a:cards()[1]
      parity[card] = 3
      assert.has_error(function() a:take(b, parity, { 1, 1 }) end, "take: card " .. card .. " has no kind from 1 to 2")
      assert.has_error(function() a:take(b, parity, "x") end,
        "bad argument #3 to 'take' (table expected, got string)")
    end)

    it("counts with # and count()", function()
      assert.equal(10, #a)
      assert.equal(10, a:count())
      assert.equal(0, #box)
    end)
  end)

  describe("moving", function()
    local a, b
    before_each(function()
      a = t:zone("a", {})
      b = t:zone("b", {})
      box:move_all(a)  -- a: 10 9 8 ... 1, top first
    end)

    it("moves the top card onto the top of another zone and gives it", function()
      assert.equal(10, a:move(b))
      assert.equal(9, a:move(b))
      assert.same({ 9, 10 }, b:cards())
      assert.same({ 8, 7, 6, 5, 4, 3, 2, 1 }, a:cards())
    end)

    it("moves from a position to a position, 'top' or 'bottom'", function()
      b:insert(1)
      b:insert(2)  -- b: 2 1
      assert.equal(8, a:move(b, 3, "bottom"))
      assert.same({ 2, 1, 8 }, b:cards())
      assert.equal(10, a:move(b, 1, "top"))
      assert.same({ 10, 2, 1, 8 }, b:cards())
      assert.equal(9, a:move(b, 1, 2))
      assert.same({ 10, 9, 2, 1, 8 }, b:cards())
      assert.equal(7, a:move(b, 1, 6))  -- count + 1: under the bottom
      assert.same({ 10, 9, 2, 1, 8, 7 }, b:cards())
      assert.same({ 6, 5, 4, 3 }, a:cards())
    end)

    it("moves a card within its own zone", function()
      assert.equal(10, a:move(a, 1, "bottom"))
      assert.same({ 9, 8, 7, 6, 5, 4, 3, 2, 1, 10 }, a:cards())
      assert.equal(1, a:move(a, 9, 1))
      assert.same({ 1, 9, 8, 7, 6, 5, 4, 3, 2, 10 }, a:cards())
    end)

    it("gives nil when moving from an empty zone", function()
      assert.is_nil(b:move(a))
      assert.equal(10, #a)
    end)

    it("refuses a position out of range and changes nothing", function()
      assert.has_error(function() a:move(b, 11) end, "bad argument #2 to 'move' (position out of range)")
      assert.has_error(function() a:move(b, 0) end, "bad argument #2 to 'move' (position out of range)")
      assert.has_error(function() a:move(b, 1, "middle") end,
        "bad argument #3 to 'move' (invalid option 'middle')")
      assert.has_error(function() a:move(b, 1, 0) end, "bad argument #3 to 'move' (position out of range)")
      assert.equal(10, #a)
      assert.equal(0, #b)
    end)

    it("refuses a missing zone in Lua's wording", function()
      assert.has_error(function() a:move(nil) end, "bad argument #1 to 'move' (cl.Zone expected, got nil)")
      assert.has_error(function() a.move(a, nil) end, "bad argument #2 to 'move' (cl.Zone expected, got nil)")
      assert.has_error(function() a:move(t) end, "bad argument #1 to 'move' (cl.Zone expected, got cl.Table)")
      assert.has_error(function() a:move_all("b") end,
        "bad argument #1 to 'move_all' (cl.Zone expected, got string)")
      assert.has_error(function() a.count(nil) end, "bad argument #1 to 'count' (cl.Zone expected, got nil)")
    end)

    it("refuses a zone of another table", function()
      local other = vm.table(3)
      local c = other:zone("c", {})
      assert.has_error(function() a:move(c) end, "bad argument #1 to 'move' (zone of another table)")
      assert.has_error(function() a:move_all(c) end, "bad argument #1 to 'move_all' (zone of another table)")
      assert.has_error(function() a:draw(c, 1) end, "bad argument #1 to 'draw' (zone of another table)")
      assert.has_error(function() a:deal({ b, c }, 1) end, "deal: entry 2 is not a zone of this table")
      assert.equal(10, #a)
      assert.equal(0, #b)
      assert.equal(0, #c)
    end)

    it("inserts a card from wherever it is, on top, at the bottom or at a position", function()
      b:insert(5)
      b:insert(6, "top")
      b:insert(7, "bottom")
      b:insert(8, 2)
      assert.same({ 6, 8, 5, 7 }, b:cards())
      assert.is_nil(a:find(5))
      assert.equal(6, #a)
      assert.has_error(function() b:insert(9, 6) end, "insert: out of range")
      assert.has_error(function() b:insert(11) end, "bad argument #1 to 'insert' (no such card)")
      assert.has_error(function() b:insert(1, "middle") end, "bad argument #2 to 'insert' (invalid option 'middle')")
      assert.equal(4, #b)
      assert.equal(a, (t:where(9)))
    end)

    it("removes a card of the zone into the box, and refuses one that is not there", function()
      a:remove(4)
      assert.equal(box, (t:where(4)))
      assert.is_nil(a:find(4))
      assert.equal(9, #a)
      assert.has_error(function() b:remove(3) end, "remove: card 3 is not in zone 'b'")
      assert.has_error(function() a:remove(4) end, "remove: card 4 is not in zone 'a'")
    end)

    it("moves all but the top `keep` cards, keeping their order, on top or under", function()
      b:insert(1)
      b:insert(2)  -- b: 2 1; a: 10 .. 3
      assert.equal(6, a:move_all(b, 2))
      assert.same({ 10, 9 }, a:cards())
      assert.same({ 8, 7, 6, 5, 4, 3, 2, 1 }, b:cards())
      local c = t:zone("c", {})
      c:insert(10)  -- c: 10; a: 9
      assert.equal(1, a:move_all(c, 0, "bottom"))
      assert.same({ 10, 9 }, c:cards())
      assert.equal(0, #a)
      assert.equal(0, b:move_all(c, 8))
      assert.equal(0, b:move_all(b))
      assert.same({ 8, 7, 6, 5, 4, 3, 2, 1 }, b:cards())
    end)

    it("deals n cards to each zone in turn, the way a dealer does", function()
      local c = t:zone("c", {})
      assert.equal(6, a:deal({ b, c }, 3))
      assert.same({ 6, 8, 10 }, b:cards())
      assert.same({ 5, 7, 9 }, c:cards())
      assert.same({ 4, 3, 2, 1 }, a:cards())
      -- running out deals fewer
      assert.equal(4, a:deal({ b, c }, 5))
      assert.same({ 2, 4, 6, 8, 10 }, b:cards())
      assert.same({ 1, 3, 5, 7, 9 }, c:cards())
      assert.equal(0, a:deal({ b, c }, 1))
      assert.equal(0, b:deal({}, 3))
      assert.has_error(function() b:deal({ c }, -1) end, "bad argument #2 to 'deal' (negative count)")
      assert.has_error(function() b:deal({ c, "x" }, 1) end, "deal: entry 2 is not a zone of this table")
      assert.same({ 2, 4, 6, 8, 10 }, b:cards())
    end)

    it("shuffles a zone by the generator's seed", function()
      local r1, r2 = vm.rng(11), vm.rng(11)
      a:shuffle(r1)
      local once = a:cards()
      assert.not_same({ 10, 9, 8, 7, 6, 5, 4, 3, 2, 1 }, once)
      local sorted = a:cards()
      table.sort(sorted)
      assert.same({ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 }, sorted)
      a:move_all(b)
      b:move_all(a)  -- back to the order before the shuffle
      assert.same(once, a:cards())
      local t2 = vm.table(10)
      local a2 = t2:zone("a", {})
      t2:zone("box"):move_all(a2)
      a2:shuffle(r2)
      assert.same(once, a2:cards())
    end)

    it("draws n cards onto another zone's top", function()
      assert.equal(3, a:draw(b, 3))
      assert.same({ 8, 9, 10 }, b:cards())
      assert.equal(1, a:draw(b))
      assert.same({ 7, 8, 9, 10 }, b:cards())
      assert.equal(6, a:draw(b, 10))  -- no refill: stops when empty
      assert.equal(0, #a)
      assert.equal(0, a:draw(b, 1))
      assert.has_error(function() a:draw(b, -1) end, "bad argument #2 to 'draw' (negative count)")
    end)

    it("refills from another zone but its top `keep` cards, shuffled, when it runs out", function()
      local stock, pile, hand = t:zone("stock", {}), b, t:zone("hand", {})
      -- stock: 10 9; pile: 8 7 6 5 4 3 2 1 (top 8)
      a:move(stock, 1, "bottom")
      a:move(stock, 1, "bottom")
      a:move_all(pile)
      local r = vm.rng(4)
      assert.equal(5, stock:draw(hand, 5, r, pile))  -- keep defaults to 1
      assert.same({ 8 }, pile:cards())
      assert.equal(4, #stock)
      assert.equal(5, #hand)
      assert.same({ 9, 10 }, { hand:peek(4), hand:peek(5) })  -- the stock's own cards first
      local all = {}
      for _, id in ipairs(hand:cards()) do all[#all + 1] = id end
      for _, id in ipairs(stock:cards()) do all[#all + 1] = id end
      table.sort(all)
      assert.same({ 1, 2, 3, 4, 5, 6, 7, 9, 10 }, all)
      -- with keep 0 the whole pile goes (all 10 cards); when both are out,
      -- fewer are drawn
      stock:move_all(pile)
      hand:move_all(pile)
      assert.equal(10, stock:draw(hand, 20, r, pile, 0))
      assert.equal(0, #pile)
      assert.equal(0, #stock)
      -- the refill's order is the generator's: the same seed draws the same cards
      local function run(seed)
        local tt = vm.table(10)
        local s, p, h = tt:zone("s", {}), tt:zone("p", {}), tt:zone("h", {})
        tt:zone("box"):move_all(p)
        s:draw(h, 6, vm.rng(seed), p)
        return h:cards()
      end
      assert.same(run(5), run(5))
      assert.not_same(run(5), run(6))
    end)

    it("needs a generator to refill", function()
      assert.has_error(function() b:draw(t:zone("h", {}), 1, nil, a) end,
        "bad argument #3 to 'draw' (a refill needs a generator to shuffle with)")
    end)
  end)

  describe("visibility", function()
    local pub, down, mine, counted, secret
    before_each(function()
      pub = t:zone("pub", {})
      down = t:zone("down", { face = "down" })
      mine = t:zone("mine", { owner = 2, visibility = "owner" })
      counted = t:zone("counted", { visibility = "count" })
      secret = t:zone("secret", { visibility = "nobody" })
      pub:insert(1); pub:insert(2)
      down:insert(3); down:insert(4)
      mine:insert(5); mine:insert(6)
      counted:insert(7)
      secret:insert(8)
    end)

    it("shows a public zone's cards to everyone", function()
      assert.same({ name = "pub", owner = 0, visibility = "everyone", count = 2, cards = { 2, 1 } }, pub:view(1))
      assert.same(pub:view(1), pub:view(7))
    end)

    it("shows an owner's zone to its owner, only the count to the others", function()
      assert.same({ name = "mine", owner = 2, visibility = "owner", count = 2, cards = { 6, 5 } }, mine:view(2))
      assert.same({ name = "mine", owner = 2, visibility = "owner", count = 2 }, mine:view(1))
      assert.is_true(t:visible(5, 2))
      assert.is_false(t:visible(5, 1))
    end)

    it("shows only the count of a 'count' zone, nothing of a 'nobody' zone", function()
      assert.same({ name = "counted", owner = 0, visibility = "count", count = 1 }, counted:view(1))
      assert.same({ name = "secret", owner = 0, visibility = "nobody" }, secret:view(1))
    end)

    it("hides face-down cards, and cards turned face down, even in a public zone", function()
      assert.same({ name = "down", owner = 0, visibility = "everyone", count = 2 }, down:view(1))
      assert.is_false(t:face(3))
      assert.is_true(t:face(1))
      assert.is_false(t:face(1, false))
      assert.same({ 2, 0 }, pub:view(1).cards)
      assert.is_true(t:face(1, true))
      assert.same({ 2, 1 }, pub:view(1).cards)
    end)

    it("shows a card to one seat until it moves", function()
      t:show(4, 3)
      assert.is_true(t:shown(4, 3))
      assert.is_false(t:shown(4, 1))
      assert.same({ 4, 0 }, down:view(3).cards)
      assert.is_nil(down:view(1).cards)
      down:move(down, 1, "bottom")  -- moving forgets
      assert.is_false(t:shown(4, 3))
      assert.is_nil(down:view(3).cards)
    end)

    it("takes a card's face from the zone it arrives in", function()
      down:move(pub)
      assert.is_true(t:face(4))
      pub:move(down)
      assert.is_false(t:face(4))
    end)

    it("gives the whole table as a seat sees it, box left out; seat 0 sees everything", function()
      local v = t:view(2)
      assert.is_nil(v.box)
      assert.same({ "counted", "down", "mine", "pub", "secret" }, (function()
        local names = {}
        for k in pairs(v) do names[#names + 1] = k end
        table.sort(names)
        return names
      end)())
      assert.same({ 6, 5 }, v.mine.cards)
      assert.is_nil(t:view(1).mine.cards)
      local all = t:view(0)
      assert.same({ 4, 3 }, all.down.cards)
      assert.same({ 6, 5 }, all.mine.cards)
      assert.same({ 7 }, all.counted.cards)
      assert.same({ 8 }, all.secret.cards)
      assert.equal(1, all.secret.count)
      assert.has_error(function() t:view(9) end, "bad argument #1 to 'view' (seat out of range)")
      -- one zone by name, with no third argument (docs/api.md, cl.Table):
      -- the view it pushed was read as that argument, and refused
      assert.same({ name = "mine", owner = 2, visibility = "owner", count = 2, cards = { 6, 5 } },
        t:view(2, "mine"))
      assert.same({ name = "mine", owner = 2, visibility = "owner", count = 2 }, t:view(1, "mine"))
      assert.is_nil(t:view(1, "box"))
      assert.equal(6, t:view(2, "mine", "read-only").cards[1])
      assert.has_error(function() pub:view(0 - 1) end, "bad argument #1 to 'view' (seat out of range)")
    end)
  end)

  describe("release", function()
    it("makes every later use of the table or its zones an error", function()
      local a = t:zone("a", {})
      box:move_all(a)
      t:release()
      local released = "cannot use object after it has been released"
      assert.has_error(function() t:zone("a") end, released)
      assert.has_error(function() t:ncards() end, released)
      assert.has_error(function() t:view(1) end, released)
      assert.has_error(function() a:count() end, released)
      assert.has_error(function() return #a end, released)
      assert.has_error(function() a:cards() end, released)
      assert.has_error(function() a:move(box) end, released)
      assert.equal("cl.Table (released)", tostring(t))
      assert.equal("cl.Zone (released)", tostring(a))
      t:release()  -- twice is harmless
    end)

    it("happens when a to-be-closed table goes out of scope", function()
      local z
      do
        local tt <close> = vm.table(2)
        z = tt:zone("z", {})
        assert.equal(0, #z)
      end
      assert.has_error(function() return #z end, "cannot use object after it has been released")
    end)

    it("refuses a table with an impossible card count", function()
      assert.has_error(function() vm.table(-1) end, "bad argument #1 to 'table' (-1 cards; a table holds 0 to 65535)")
      assert.has_error(function() vm.table(65536) end, "bad argument #1 to 'table' (65536 cards; a table holds 0 to 65535)")
      assert.equal(0, vm.table(0):ncards())
    end)
  end)
end)

describe("cl.Seats", function()
  it("lets any seat begin without counting a turn (begin)", function()
    local s = vm.seats(4)
    s:begin(3)
    assert.same({ 3, 3, 1, 1 }, { s:current(), s:start(), s:round(), s:turn() })
    assert.equal(4, s:next())
    assert.same({ 1, 2 }, { s:round(), s:turn() })
    s:next() s:next()
    assert.equal(3, s:next())       -- back at the first seat: a new round
    assert.same({ 2, 5 }, { s:round(), s:turn() })
    assert.has_error(function() s:begin(5) end, "bad argument #1 to 'begin' (no such seat)")
  end)

  it("gives a new round to the winner of the last (lead), as in a game of tricks", function()
    local s = vm.seats(3)
    s:next() s:next()               -- seats 1, 2 and 3 play a trick: seat 3 wins it
    s:lead(3)
    assert.same({ 3, 3, 2, 4 }, { s:current(), s:start(), s:round(), s:turn() })
    assert.equal(1, s:next())
    s:next()                        -- seat 2 plays last and wins: it leads again
    s:lead(2)
    assert.same({ 2, 2, 3, 7 }, { s:current(), s:start(), s:round(), s:turn() })
    assert.equal(3, s:next())
    assert.has_error(function() s:lead(0) end, "bad argument #1 to 'lead' (no such seat)")
  end)

  it("opens round 1 with the lead of the opening trick, before any turn ended", function()
    local s = vm.seats(4)
    s:lead(3)                       -- seat 3 leads the first trick of the game
    assert.same({ 3, 3, 1, 1 }, { s:current(), s:start(), s:round(), s:turn() })
    s:next() s:next() s:next()      -- seats 4, 1 and 2 follow: still trick 1
    assert.same({ 1, 4 }, { s:round(), s:turn() })
    s:lead(1)                       -- seat 1 won it and leads trick 2
    assert.same({ 1, 1, 2, 5 }, { s:current(), s:start(), s:round(), s:turn() })
  end)

  local function take(s, n)
    local out = {}
    for i = 1, n do out[i] = s:next() end
    return out
  end

  it("starts at seat 1, clockwise, round 1, turn 1, marker at seat 1", function()
    local s = vm.seats(4)
    assert.same({ 4, 4, 1, 1, 1, 1, 1 }, { #s, s:count(), s:current(), s:direction(), s:start(), s:round(), s:turn() })
    assert.equal("cl.Seats (4 seats, seat 1 to play, round 1)", tostring(s))
    assert.has_error(function() vm.seats(0) end, "bad argument #1 to 'seats' (seat count out of range (1..8))")
    assert.has_error(function() vm.seats(9) end, "bad argument #1 to 'seats' (seat count out of range (1..8))")
  end)

  it("goes round, counting turns and a round each time the marker's seat comes", function()
    local s = vm.seats(4)
    assert.same({ 2, 3, 4, 1, 2, 3 }, take(s, 6))
    assert.equal(2, s:round())
    assert.equal(7, s:turn())
    assert.same({ 4, 1 }, take(s, 2))
    assert.equal(3, s:round())
  end)

  it("skips a seat's next turns, n at a time, and forgives with a negative n", function()
    local s = vm.seats(4)
    assert.equal(1, s:skip(3))
    assert.equal(3, s:skip(3, 2))
    assert.equal(3, s:skips(3))
    assert.equal(1, s:skip(3, -2))
    assert.equal(0, s:skip(3, -5))  -- not below 0
    s:skip(3)
    assert.same({ 2, 4, 1, 2, 3 }, take(s, 5))
    assert.equal(0, s:skips(3))
    s:skip(2, 2)
    assert.same({ 4, 1, 3, 4, 1, 3, 4, 1, 2 }, take(s, 9))
    assert.has_error(function() s:skip(1, 70000) end, "bad argument #2 to 'skip' (count out of range)")
    assert.has_error(function() s:skips(5) end, "bad argument #1 to 'skips' (no such seat)")
  end)

  it("owes a seat at most 65535 turns, lost or extra: the turn order walks them in C", function()
    -- (a script could pile up 2^31 lost turns a seat, overflowing the
    -- count, and one s:next() then stepped round the table for minutes, out
    -- of the instruction limit's reach)
    local s = vm.seats(8)
    assert.equal(65535, s:skip(1, 65534) + s:skip(1, 1) - 65534)
    assert.has_error(function() s:skip(1, 1) end, "a seat may owe at most 65535 turns (it owes 65535; 1 more asked)")
    assert.equal(65535, s:skips(1))
    assert.equal(65534, s:extra(2, 65534))
    assert.has_error(function() s:extra(2, 2) end, "a seat may owe at most 65535 turns (it owes 65534; 2 more asked)")
    -- every seat owing the most: the first to play is found, its debt paid off
    s = vm.seats(3)
    for seat = 1, 3 do s:skip(seat, 65535 - seat) end
    assert.equal(3, s:next())
    assert.same({ 2, 0, 0 }, { s:skips(1), s:skips(2), s:skips(3) })
  end)

  it("gives extra turns right after the seat's own", function()
    local s = vm.seats(3)
    assert.equal(2, s:extra(1, 2))
    assert.equal(2, s:extras(1))
    assert.same({ 1, 1, 2, 3, 1, 2 }, take(s, 6))
    assert.equal(0, s:extras(1))
    assert.equal(7, s:turn())
  end)

  it("reverses the direction", function()
    local s = vm.seats(4)
    s:reverse()
    assert.equal(-1, s:direction())
    assert.same({ 4, 3, 2, 1, 4 }, take(s, 5))
    assert.equal(2, s:round())
    s:reverse()
    assert.equal(1, s:direction())
    assert.same({ 1, 2 }, take(s, 2))
  end)

  it("lists the turn order from a seat, in a direction", function()
    local s = vm.seats(4)
    assert.same({ 1, 2, 3, 4 }, s:order())
    assert.same({ 3, 4, 1, 2 }, s:order(3))
    assert.same({ 3, 2, 1, 4 }, s:order(3, -1))
    s:reverse()
    assert.same({ 1, 4, 3, 2 }, s:order())
    assert.has_error(function() s:order(2, 0) end, "bad argument #2 to 'order' (direction must be 1 or -1)")
    assert.has_error(function() s:order(5) end, "bad argument #1 to 'order' (no such seat)")
  end)

  it("gives the seat k places after another", function()
    local s = vm.seats(4)
    assert.same({ 2, 3, 3, 4, 1 }, { s:after(1), s:after(1, 2), s:after(1, -2), s:after(1, -1), s:after(4, 5) })
    s:reverse()
    assert.same({ 4, 2 }, { s:after(1), s:after(1, -1) })
  end)

  it("jumps to a seat, counting the rounds passed and a turn", function()
    local s = vm.seats(4)
    s:next()
    s:next()  -- seat 3, turn 3, round 1
    s:jump(2)  -- through 4 and 1: a new round
    assert.same({ 2, 2, 4 }, { s:current(), s:round(), s:turn() })
    s:jump(2)  -- to itself: a turn, nothing else
    assert.same({ 2, 2, 5 }, { s:current(), s:round(), s:turn() })
    assert.same({ 3 }, take(s, 1))
    assert.has_error(function() s:jump(5) end, "bad argument #1 to 'jump' (no such seat)")
  end)

  it("moves the start-player marker, which decides when a round begins", function()
    local s = vm.seats(4)
    s:set_start(3)
    assert.equal(3, s:start())
    assert.same({ 2, 3 }, take(s, 2))
    assert.equal(2, s:round())
    s:pass_marker()
    assert.equal(4, s:start())
    s:pass_marker(3)
    assert.equal(3, s:start())
    s:reverse()
    s:pass_marker()
    assert.equal(2, s:start())
    assert.has_error(function() s:set_start(0) end, "bad argument #1 to 'set_start' (no such seat)")
  end)

  it("keeps teams and lists a seat's teammates in seat order", function()
    local s = vm.seats(5)
    assert.equal(0, s:team(1))
    assert.same({}, s:teammates(1))  -- no team, no teammates
    assert.equal(1, s:team(1, 1))
    s:team(3, 1)
    s:team(5, 1)
    s:team(2, 2)
    s:team(4, 2)
    assert.same({ 3, 5 }, s:teammates(1))
    assert.same({ 1, 5 }, s:teammates(3))
    assert.same({ 4 }, s:teammates(2))
    assert.equal(2, s:team(4))
    assert.has_error(function() s:team(6) end, "bad argument #1 to 'team' (no such seat)")
  end)
end)
