-- cardlab serve's protocol, in process: the server of repl/serve.lua with a
-- transport that collects the frames it sends instead of a socket, and real
-- worlds (one Lua state per table). Every message and every refusal; the
-- refusals made in C (frames over 64 KiB, other frames, paths) are tested in
-- a real browser by tests/e2e/web/protocol.js.

local support = require "tests.spec.support"
local cs = require "cardlab.serve"
local json = require "cjson"
local serve = require "repl.serve"

-- A server whose sockets are numbers; sent[id] lists the decoded frames.
local function server(opts)
  local sent, clock, tokens = {}, 0, 0
  local transport = {
    send = function(id, text)
      sent[id] = sent[id] or {}
      table.insert(sent[id], json.decode(text))
      return true
    end,
    token = function() tokens = tokens + 1 return string.format("token%d", tokens) end,
    now = function() return clock end,
    world = cs.world,
    seed = function() return 1 end,
  }
  local s = serve.new(transport, { base = "http://test", bot_delay = opts and opts.bot_delay or 0,
                                   lobby = not (opts and opts.single) })
  s.sent = sent
  s.advance = function(ms) clock = clock + ms end
  -- sends a message from socket id; gives the frames it got back
  s.say = function(id, msg)
    if not s.conns[id] then s:open(id) end
    local before = #(sent[id] or {})
    s:message(id, type(msg) == "string" and msg or json.encode(msg))
    local got = {}
    for i = before + 1, #(sent[id] or {}) do got[#got + 1] = sent[id][i] end
    return got
  end
  s.last = function(id) return sent[id][#sent[id]] end
  return s
end

local function crazy(s, extra)
  local config = { game = "crazyeights", players = 2, seed = 11, seats = { "human", "greedy" } }
  for k, v in pairs(extra or {}) do config[k] = v end
  return assert(s:add_table(config))
end

-- Every card id in a frame's zones that is not hidden (0).
local function seen_cards(frame, zone)
  local z = frame.view.zones[zone]
  local ids = {}
  for _, id in ipairs(z and z.cards or {}) do if id ~= 0 then ids[#ids + 1] = id end end
  return ids
end

describe("cardlab serve protocol", function()
  local s
  before_each(function() s = server() end)
  after_each(function() s:shutdown() end)

  it("join: a seat with its token gets the game once, then its own view", function()
    local t = crazy(s)
    local got = s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    assert.equal("welcome", got[1].type)
    assert.equal("Crazy Eights", got[1].game.title)
    assert.equal(52, #got[1].game.cards)
    assert.same({ "human", "greedy" }, got[1].game.kinds)
    assert.equal("table", got[2].type)
    assert.equal(1, got[2].seat)
    assert.equal(7, #seen_cards(got[2], "hand[1]"))
    assert.same({}, seen_cards(got[2], "hand[2]"))
    assert.equal(7, got[2].view.zones["hand[2]"].count)
    assert.equal(1, got[2].request.seat)
    assert.truthy(got[2].request.answers)
    assert.is_true(got[2].can_undo)
  end)

  it("join: a wrong token, a bot's seat, no such seat or table are refused with reasons", function()
    local t = crazy(s)
    local function refused(msg, pattern)
      local got = s.say(7, msg)
      assert.equal(1, #got)
      assert.equal("error", got[1].type)
      assert.matches(pattern, got[1].reason)
    end
    refused({ type = "join", table = t.id, seat = 1, token = "guess" }, "wrong token for seat 1 of table 1")
    refused({ type = "join", table = t.id, seat = 1 }, "wrong token")
    refused({ type = "join", table = t.id, seat = 2, token = t.tokens[1] }, "seat 2 is played by a bot %(greedy%)")
    refused({ type = "join", table = t.id, seat = 3, token = "x" }, "'seat' must be a seat of table 1, 1 to 2")
    refused({ type = "join", table = 9, seat = 1, token = "x" }, "there is no table 9")
    refused({ type = "join", table = "one" }, "'table' must be a table's number")
    -- nothing was joined: an answer from that socket is refused too
    refused({ type = "answer", text = "draw" }, "this socket holds no seat")
  end)

  it("watch: the public view, with no hand and no legal answers of any seat", function()
    local t = crazy(s)
    local got = s.say(2, { type = "watch", table = t.id })
    assert.equal("welcome", got[1].type)
    assert.equal(0, got[1].seat)
    local f = got[2]
    assert.same({}, seen_cards(f, "hand[1]"))
    assert.same({}, seen_cards(f, "hand[2]"))
    assert.equal(1, #seen_cards(f, "discard"))
    assert.equal(1, f.request.seat)
    assert.is_nil(f.request.answers)
    assert.is_false(f.can_undo)
    -- and a watcher cannot answer
    local r = s.say(2, { type = "answer", text = "draw" })
    assert.matches("this socket holds no seat", r[1].reason)
  end)

  it("answer: a legal one moves the game, the bot answers, every socket gets its own view", function()
    local t = crazy(s)
    s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    s.say(2, { type = "watch", table = t.id })
    local got = s.say(1, { type = "answer", text = "draw" })
    assert.equal("table", got[1].type)
    assert.equal(1, got[1].request.seat)
    -- the bot answered already (no delay): two answers given
    assert.is_true(got[1].answers >= 1)
    assert.equal(8, #seen_cards(got[1], "hand[1]"))
    local watched = s.last(2)
    assert.equal("table", watched.type)
    assert.equal(got[1].answers, watched.answers)
    assert.same({}, seen_cards(watched, "hand[1]"))
    assert.equal(8, watched.view.zones["hand[1]"].count)
    assert.equal("draw", got[1].log[1].text)
  end)

  it("answer: an illegal one is refused with the game's reason, and nothing changes", function()
    local t = crazy(s)
    s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    local _, before = t.world:call("save_text")
    local got = s.say(1, { type = "answer", text = "play 2C" })
    assert.equal(1, #got)
    assert.equal("refused", got[1].type)
    assert.matches("'play 2C' is not a legal answer: your hand holds no 2C; legal answers: ", got[1].reason, 1, true)
    local _, after = t.world:call("save_text")
    assert.equal(before, after)
    -- not a text
    got = s.say(1, { type = "answer", text = 5 })
    assert.equal("answer: 'text' must be the answer's text", got[1].reason)
  end)

  it("answer: for another seat, or out of turn, is refused and changes nothing", function()
    local t = crazy(s, { seats = { "human", "human" } })
    s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    s.say(2, { type = "join", table = t.id, seat = 2, token = t.tokens[2] })
    local got = s.say(1, { type = "answer", seat = 2, text = "draw" })
    assert.equal("answer: this socket holds seat 1; nothing is done for seat 2", got[1].reason)
    got = s.say(2, { type = "answer", text = "draw" })
    assert.equal("refused", got[1].type)
    assert.equal("it is seat 1's turn to play a card or draw, not seat 2's", got[1].reason)
    local _, info = t.world:call("describe")
    assert.equal(0, json.decode(info).answers)
  end)

  it("refuses malformed JSON, a frame that is not an object, no or an unknown type, bad UTF-8", function()
    local function refused(text, reason)
      local got = s.say(5, text)
      assert.equal(1, #got)
      assert.equal("error", got[1].type)
      assert.matches(reason, got[1].reason, 1, true)
    end
    refused("{not json", "malformed JSON refused (")
    refused("[1,2]", "malformed JSON refused (expected a JSON object); nothing was changed")
    refused("42", "malformed JSON refused (expected a JSON object)")
    refused("{}", "unknown message type (none); types: answer, create, join, lobby, replay, save, undo, watch")
    refused('{"type":"hack"}', "unknown message type 'hack'")
    refused('{"type":"answer","text":"\255"}', "frame refused: not valid UTF-8; nothing was changed")
  end)

  it("undo: takes back the person's last decision and the bots' answers after it", function()
    local t = crazy(s)
    local start = s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })[2]
    local first = s.say(1, { type = "undo" })
    assert.equal("refused", first[1].type)
    assert.equal("nothing to undo: no decision of yours yet", first[1].reason)
    s.say(1, { type = "answer", text = "draw" })
    local got = s.say(1, { type = "undo" })
    assert.equal("table", got[1].type)
    assert.equal(0, got[1].answers)
    assert.same(seen_cards(start, "hand[1]"), seen_cards(got[1], "hand[1]"))
  end)

  it("undo: refused at a table of two people", function()
    local t = crazy(s, { seats = { "human", "human" } })
    s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    s.say(1, { type = "answer", text = "draw" })
    local got = s.say(1, { type = "undo" })
    assert.equal("refused", got[1].type)
    assert.equal("undo is for a table with one person, who plays against bots", got[1].reason)
  end)

  it("save: gives the save file's text, which replays to the same game", function()
    local t = crazy(s)
    s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    s.say(1, { type = "answer", text = "draw" })
    local got = s.say(1, { type = "save" })
    assert.equal("saved", got[1].type)
    assert.equal("crazyeights-table1.json", got[1].name)
    local data = json.decode(got[1].text)
    assert.equal("cardlab-save", data.format)
    assert.same({ "human", "greedy" }, data.seats)
    assert.equal("draw", data.answers[1][2])
    assert.matches("this socket holds no seat", s.say(3, { type = "save" })[1].reason)
  end)

  it("saves after every answer, atomically, and --resume continues the game", function()
    local dir = support.tmpdir()
    local path = dir .. "/game.json"
    local t = crazy(s, { save = path })
    s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    s.say(1, { type = "answer", text = "draw" })
    local f = s.last(1)
    local saved = json.decode(support.read(path))
    assert.equal(f.answers, #saved.answers)
    assert.is_nil(io.open(path .. ".tmp"))
    local s2 = server()
    local t2 = assert(s2:add_table({ resume = path }))
    local got = s2.say(1, { type = "join", table = t2.id, seat = 1, token = t2.tokens[1] })
    assert.equal(f.answers, got[2].answers)
    assert.same(seen_cards(f, "hand[1]"), seen_cards(got[2], "hand[1]"))
    s2.say(1, { type = "answer", text = "draw" })
    assert.is_true(#json.decode(support.read(path)).answers > f.answers)
    s2:shutdown()
    support.rmtree(dir)
  end)

  it("bots wait their delay, so people can follow", function()
    s = server({ bot_delay = 500 })
    local t = crazy(s, { seats = { "greedy", "human" }, bot_delay = 500 })
    s.say(2, { type = "join", table = t.id, seat = 2, token = t.tokens[2] })
    assert.equal(0, s.last(2).answers)
    s.advance(499)
    s:tick()
    assert.equal(0, s.last(2).answers)
    s.advance(1)
    s:tick()
    assert.equal(1, s.last(2).answers)
  end)

  it("lobby and create: the games, a new table with a link per person, the tables", function()
    local got = s.say(1, { type = "lobby" })
    assert.equal("lobby", got[1].type)
    local names = {}
    for _, g in ipairs(got[1].games) do names[#names + 1] = g.name end
    assert.same({ "crazyeights", "cryptocurrency", "lettertycoon", "online", "rushfortheweb" }, names)
    got = s.say(1, { type = "create", game = "crazyeights", players = 3, seed = 4,
                     seats = { "human", "random", "human" }, options = { draw_limit = 1 } })
    assert.equal("created", got[1].type, got[1].reason)
    assert.equal(3, #got[1].links)
    assert.matches("^http://test/play%?table=1&seat=1&token=token%d+$", got[1].links[1].url)
    assert.is_nil(got[1].links[2].url)
    assert.equal("http://test/watch?table=1", got[1].watch)
    got = s.say(1, { type = "lobby" })
    assert.equal(1, #got[1].tables)
    assert.equal("Crazy Eights", got[1].tables[1].title)
  end)

  it("create: refusals name what was wrong", function()
    local function refused(msg, reason)
      local got = s.say(1, msg)
      assert.equal("error", got[1].type)
      assert.matches(reason, got[1].reason, 1, true)
    end
    refused({ type = "create", game = "poker" }, "create: no game 'poker'; games: crazyeights,")
    refused({ type = "create", game = "crazyeights", players = 9 }, "create: crazyeights is for 2 to 7 players (got 9)")
    refused({ type = "create", game = "crazyeights", players = 2, seats = { "human", "smart" } },
      "create: unknown player kind 'smart' for seat 2; valid kinds: human, random")
    refused({ type = "create", game = "crazyeights", options = { foo = 1 } },
      "create: unknown option 'foo' for crazyeights")
    refused({ type = "create", game = "crazyeights", seats = "all" }, "create: 'seats' must be a list of kinds")
    local single = server({ single = true })
    local got = single.say(1, { type = "create", game = "crazyeights" })
    assert.matches("this server plays one game", got[1].reason)
    single:shutdown()
  end)

  it("each table is a world of its own: a table's globals do not reach another", function()
    local a, b = crazy(s), crazy(s)
    assert.are_not.equal(a.world, b.world)
    s.say(1, { type = "join", table = a.id, seat = 1, token = a.tokens[1] })
    s.say(1, { type = "answer", text = "draw" })
    local _, ia = a.world:call("describe")
    local _, ib = b.world:call("describe")
    assert.are_not.equal(json.decode(ia).answers, json.decode(ib).answers)
    assert.are_not.equal(a.tokens[1], b.tokens[1])
  end)

  it("replay: steps through a save file as a watcher or as any seat", function()
    local dir = support.tmpdir()
    local path = dir .. "/game.json"
    local t = crazy(s, { save = path })
    s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    s.say(1, { type = "answer", text = "draw" })
    s.say(1, { type = "answer", text = "draw" })
    local r = assert(s:add_table({ replay = path }))
    local got = s.say(4, { type = "replay", table = r.id, step = 0 })
    assert.equal("welcome", got[1].type)
    assert.equal(0, got[2].step)
    assert.is_true(got[2].steps >= 2)
    assert.same({}, seen_cards(got[2], "hand[1]"))
    got = s.say(4, { type = "replay", table = r.id, step = 1, seat = 1 })
    assert.equal(1, got[1].step)
    assert.equal(8, #seen_cards(got[1], "hand[1]"))
    assert.equal("replay: 'seat' must be 0 (a watcher) or a seat, 1 to 2",
      s.say(4, { type = "replay", table = r.id, seat = 5 })[1].reason)
    assert.equal("replay: table 1 is not a replay", s.say(4, { type = "replay", table = t.id })[1].reason)
    assert.equal("watch: table 2 is a replay; open it with 'replay'", s.say(5, { type = "watch", table = r.id })[1].reason)
    support.rmtree(dir)
  end)

  it("a closed socket leaves its table; the others still get frames", function()
    local t = crazy(s)
    s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    s.say(2, { type = "watch", table = t.id })
    s:close(2)
    local n = #s.sent[2]
    s.say(1, { type = "answer", text = "draw" })
    assert.equal(n, #s.sent[2])
    -- reconnecting with the token restores the seat
    local got = s.say(3, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    assert.equal("table", got[2].type)
    assert.equal(8, #seen_cards(got[2], "hand[1]"))
  end)
end)

describe("cardlab serve tokens", function()
  it("are 32 hex digits from /dev/urandom, different each time", function()
    local a, b = cs.token(), cs.token()
    assert.matches("^%x+$", a)
    assert.equal(32, #a)
    assert.are_not.equal(a, b)
  end)
end)

describe("cardlab serve on the command line", function()
  it("refuses bad flags before it listens", function()
    local cardlab = support.run_cardlab
    local out, status = cardlab("serve crazyeights --port 70000")
    assert.equal(2, status)
    assert.equal("cardlab: serve: --port 70000: expected 0 (any free port) to 65535\n", out)
    out, status = cardlab("serve crazyeights --resume x.json")
    assert.equal(2, status)
    assert.equal("cardlab: serve: give one of GAME, --resume FILE and --replay FILE\n", out)
    out, status = cardlab("serve crazyeights --seat 2=smart")
    assert.equal(2, status)
    assert.matches("unknown player kind 'smart' for seat 2", out)
    out, status = cardlab("serve --resume /nonexistent/x.json")
    assert.equal(1, status)
    assert.matches("cannot read save file", out)
    out, status = cardlab("serve --players 3")
    assert.equal(2, status)
    assert.equal("cardlab: serve: --players needs a GAME (the lobby sets up each table)\n", out)
  end)
end)
