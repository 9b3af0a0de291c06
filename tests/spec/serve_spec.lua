-- cardlab serve's protocol, in process: the server of repl/serve.lua with a
-- transport that collects the frames it sends instead of a socket, and real
-- worlds (one Lua state per table). Every message and every refusal; the
-- refusals made in C (frames over 64 KiB, other frames, paths) are tested in
-- a real browser by tests/e2e/web/protocol.js.

local support = require "tests.spec.support"
local cs = require "cardlab.serve"
local json = require "cjson"
local serve = require "repl.serve"

-- A server whose sockets are numbers; sent[id] lists the decoded frames,
-- texts[id] the frames as sent.
local function server(opts)
  local sent, texts, clock, tokens = {}, {}, 0, 0
  local transport = {
    send = function(id, text)
      sent[id] = sent[id] or {}
      table.insert(sent[id], json.decode(text))
      texts[id] = texts[id] or {}
      table.insert(texts[id], text)
      return true
    end,
    token = function() tokens = tokens + 1 return string.format("token%d", tokens) end,
    now = function() return clock end,
    world = cs.world,
    seed = function() return 1 end,
  }
  local s = serve.new(transport, { base = "http://test", bot_delay = opts and opts.bot_delay or 0,
                                   lobby = not (opts and opts.single), houses = opts and opts.houses,
                                   max_tables = opts and opts.max_tables })
  s.sent, s.texts = sent, texts
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
  -- the last frame a socket got, but the presence frames (who has a page
  -- open) that come after a join
  s.last = function(id)
    for i = #sent[id], 1, -1 do
      if sent[id][i].type ~= "presence" then return sent[id][i] end
    end
  end
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

  it("a typed request: its seat gets the game's form and the answers' first words, no legal answer", function()
    local t = assert(s:add_table({ game = "lettertycoon", players = 2, seed = 3, seats = { "human", "human" } }))
    local mine = s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })[2]
    assert.equal("word", mine.request.kind)
    assert.is_true(mine.request.typed)
    assert.is_nil(mine.request.answers)
    assert.equal("a WORD from your hand and the pool, or pass", mine.request.form)
    assert.same({ { text = "word", whole = false }, { text = "pass", whole = true } }, mine.request.starts)
    -- the other seat and a watcher are told only who is asked for what
    local other = s.say(2, { type = "join", table = t.id, seat = 2, token = t.tokens[2] })[2]
    assert.is_nil(other.request.form)
    assert.is_nil(other.request.starts)
    local watcher = s.say(3, { type = "watch", table = t.id })[2]
    assert.is_nil(watcher.request.starts)
    -- the discard after a pass: "discard" begins an answer, "pass" is one
    s.say(1, { type = "answer", text = "pass" })
    local discard = s.last(1)
    assert.equal("discard", discard.request.kind)
    assert.equal("discard and the letters of the cards, or pass", discard.request.form)
    assert.same({ { text = "pass", whole = true }, { text = "discard", whole = false } }, discard.request.starts)
  end)

  it("join: the game says the house rules played, by the file's name and first comment line", function()
    local house = CARDLAB_HOME .. "/docs/houses/lettertycoon_two_letter_words.lua"
    local t = assert(s:add_table({ game = "lettertycoon", players = 2, seed = 3, house = house,
                                   seats = { "human", "human" } }))
    local got = s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    assert.same({ file = "lettertycoon_two_letter_words.lua", about = "Letter Tycoon with two-letter "
      .. "words (IT, OX, QI): a word needs 2 letters, both on cards, and earns $1 like a word of 3." }, got[1].game.house)
    -- the path is the server's business: it is not sent
    assert.is_nil(s.texts[1][1]:find("docs/houses", 1, true))
    assert.equal(house, t.house)
    -- without house rules, none
    local plain = crazy(s)
    assert.is_nil(s.say(2, { type = "join", table = plain.id, seat = 1, token = plain.tokens[1] })[1].game.house)
  end)

  it("join: the options badge names a word list given by path by the file's name alone, as the lobby does", function()
    local dir = support.tmpdir()
    local list = support.write(dir, "my_words.txt", "cat\ndog\nbat\n")
    local t = assert(s:add_table({ game = "lettertycoon", players = 2, seed = 3, options = { dictionary = list },
                                   seats = { "human", "human" } }))
    local got = s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    assert.same({ "dictionary=my_words.txt" }, got[1].game.options)
    -- the folder is the server's business: it is not sent
    assert.is_nil(s.texts[1][1]:find(dir, 1, true))
  end)

  it("join: the game's cards hold their lists of texts or numbers, not their sets or maps", function()
    local t = assert(s:add_table({ game = "rushfortheweb", players = 3, seed = 7, seats = { "human", "greedy", "greedy" } }))
    local cards = s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })[1].game.cards
    local vlog
    for _, c in ipairs(cards) do if c.code == "P1" then vlog = c end end
    -- a project's colours (a list), which the page draws as its band; its
    -- allows (a set) and its sell table (a map by 2, 3, 4) are not lists
    assert.same({ "red" }, vlog.colours)
    assert.is_nil(vlog.allows)
    assert.is_nil(vlog.sell)
    assert.equal("project P1 Vlog (takes red; sold with 2/3/4 resources: 5/8/11)", vlog.text)
  end)

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

  it("join: a seat's other pages are told when another page joins it", function()
    local t = crazy(s)
    s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    local before = #s.sent[1]
    s.say(2, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    local told
    for i = before + 1, #s.sent[1] do
      if s.sent[1][i].type == "error" then told = s.sent[1][i].reason end
    end
    assert.equal("another page joined seat 1 too (its link was opened again, in another tab or by someone else): "
      .. "the answers of either page count", told)
    -- a watcher joining is no second page of a seat
    before = #s.sent[1]
    s.say(3, { type = "watch", table = t.id })
    for i = before + 1, #s.sent[1] do assert.are_not.equal("error", s.sent[1][i].type) end
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
    refused({ type = "join", table = t.id, seat = 1 }, "^join: no token for seat 1 of table 1; a seat is joined by its link")
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

  it("answer and undo: refused when sent for a table that has moved on ('at'), nothing changed", function()
    local t = crazy(s)
    s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    -- a double click: two answers for the table after 0 answers
    local got = s.say(1, { type = "answer", text = "draw", at = 0 })
    assert.equal("table", got[1].type)
    local now = got[1].answers
    assert.is_true(now >= 1)
    local _, before = t.world:call("save_text")
    got = s.say(1, { type = "answer", text = "draw", at = 0 })
    assert.equal(1, #got)
    assert.equal("refused", got[1].type)
    assert.equal(string.format("the table has moved on since your page showed it (your page showed "
      .. "answer 0, the table is at answer %d): look at it again; nothing was changed", now), got[1].reason)
    got = s.say(1, { type = "undo", at = 0 })
    assert.equal("refused", got[1].type)
    assert.matches("the table has moved on", got[1].reason, 1, true)
    -- ahead of the table (it was told as moved on)
    got = s.say(1, { type = "answer", text = "draw", at = now + 5 })
    assert.equal("refused", got[1].type)
    assert.equal(string.format("your page showed answer %d, but the table is at answer %d now (answers were "
      .. "taken back since): look at it again; nothing was changed", now + 5, now), got[1].reason)
    local _, after = t.world:call("save_text")
    assert.equal(before, after)
    -- not a count
    got = s.say(1, { type = "answer", text = "draw", at = "x" })
    assert.equal("error", got[1].type)
    assert.equal("answer: 'at' must be the number of answers of the table your page showed, a whole "
      .. "number from 0", got[1].reason)
    -- a number too large to be a count
    got = s.say(1, '{"type":"answer","text":"draw","at":1e300}')
    assert.equal("error", got[1].type)
    assert.matches("'at' must be the number of answers", got[1].reason, 1, true)
    -- the table's own count goes
    got = s.say(1, { type = "undo", at = now })
    assert.equal("table", got[1].type)
    assert.equal(0, got[1].answers)
    -- null, as a client writes a field it has no value for: as if not sent
    got = s.say(1, '{"type":"answer","text":"draw","at":null}')
    assert.equal("table", got[1].type)
    assert.is_true(got[1].answers >= 1)
  end)

  it("refuses malformed JSON, a frame that is not an object, no or an unknown type, bad UTF-8", function()
    local function refused(text, reason)
      local got = s.say(5, text)
      assert.equal(1, #got)
      assert.equal("error", got[1].type)
      assert.matches(reason, got[1].reason, 1, true)
    end
    refused("{not json", "malformed JSON refused (")
    refused("[1,2]", "malformed JSON refused (expected a JSON object, got an array); nothing was changed")
    -- (an empty array read as an empty object was told "unknown message type (none)")
    refused("[]", "malformed JSON refused (expected a JSON object, got an array); nothing was changed")
    refused(" [ ] ", "malformed JSON refused (expected a JSON object, got an array)")
    refused("42", "malformed JSON refused (expected a JSON object, got a number)")
    refused('"hi"', "malformed JSON refused (expected a JSON object, got a text)")
    refused('{"type":5}', "unknown message type (5, not a text); types: answer, ")
    refused("{}", "unknown message type (none); types: answer, create, hand, hint, join, lobby, log, replay, save, take, undo, watch, words")
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

  it("save: names a table's house file by its name alone, and replays with the file beside it", function()
    -- (the save carried the server's path of the file, which web.md says no
    -- page learns, and which does not exist on the friend's machine)
    local dir = os.tmpname()
    os.remove(dir)
    assert(require("lfs").mkdir(dir))
    local house = support.write(dir, "short.lua", "-- Hands of 5.\noptions.hand_size = 5\n")
    local t = crazy(s, { house = house })
    s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    s.say(1, { type = "answer", text = "draw" })
    local text = s.say(1, { type = "save" })[1].text
    assert.equal("short.lua", json.decode(text).house)
    assert.is_nil(text:find(dir, 1, true))
    -- beside the house file it replays; elsewhere the file it names is not there
    local savefile = require "cardlab.savefile"
    support.write(dir, "game.json", text)
    assert.is_truthy(savefile.load(dir .. "/game.json"))
    local away = os.tmpname()
    os.remove(away)
    assert(require("lfs").mkdir(away))
    support.write(away, "game.json", text)
    local ok, why = savefile.load(away .. "/game.json")
    assert.is_nil(ok)
    assert.matches("game%.json names a game that does not load: .*short%.lua", why)
    -- a relative path with a folder (a save written by hand) is read from
    -- the current folder, as before
    local up = select(2, require("lfs").currentdir():gsub("/[^/]+", ""))
    local relative = string.rep("../", up) .. dir:sub(2) .. "/short.lua"
    support.write(away, "by_hand.json", (text:gsub('"house":"short%.lua"', '"house":"' .. relative .. '"')))
    assert.is_truthy(savefile.load(away .. "/by_hand.json"))
    os.execute("rm -rf " .. dir .. " " .. away)
  end)

  -- Plays a table of people to its end, each seat answering the first legal
  -- answer its socket was offered (socket id = seat).
  local function play_out(t)
    for seat = 1, t.players do s.say(seat, { type = "join", table = t.id, seat = seat, token = t.tokens[seat] }) end
    for _ = 1, 3000 do
      local f = s.last(1)
      if f.status ~= "waiting" then return f end
      local asked = f.request.seat
      local answers = s.last(asked).request.answers
      s.say(asked, { type = "answer", text = answers[1] })
    end
    error("the game did not end")
  end

  it("save: refused while a game of two people goes on (the file holds the seed), given at its end", function()
    local t = crazy(s, { seats = { "human", "human" } })
    local joined = s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    assert.is_false(joined[2].can_save)
    local got = s.say(1, { type = "save" })
    assert.equal(1, #got)
    assert.equal("refused", got[1].type)
    assert.equal("save: refused while the game goes on at a table of 2 people: the save file holds "
      .. "the seed, which tells every hidden card; it can be saved once the game is over, and the "
      .. "server's operator can save every answer with --save FILE", got[1].reason)
    -- a watcher never has it
    assert.is_false(s.say(3, { type = "watch", table = t.id })[2].can_save)
    local last = play_out(t)
    assert.equal("over", last.status)
    assert.is_true(last.can_save)
    got = s.say(2, { type = "save" })
    assert.equal("saved", got[1].type)
    assert.equal("cardlab-save", json.decode(got[1].text).format)
  end)

  it("save: the one person at a table of bots may save while the game goes on", function()
    local t = crazy(s)
    assert.is_true(s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })[2].can_save)
    assert.equal("saved", s.say(1, { type = "save" })[1].type)
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

  it("a bot that fails stops its table, saying why, and the server goes on", function()
    local t = crazy(s, { seats = { "greedy", "human" } })
    local other = crazy(s)
    local world, steps = t.world, 0
    t.world = { call = function(_, name, ...)
      if name == "bot_step" then steps = steps + 1 return false, "broken bot\ntraceback" end
      return world:call(name, ...)
    end, close = function() world:close() end }
    s.say(1, { type = "join", table = t.id, seat = 2, token = t.tokens[2] })
    local before = #s.sent[1]
    local stderr, said = io.stderr, {}
    io.stderr = { write = function(_, ...) for _, x in ipairs({ ... }) do said[#said + 1] = x end end }
    local ok, err = pcall(s.tick, s)
    io.stderr = stderr
    assert(ok, err)
    assert.equal("cardlab: serve: table 1: broken bot\ntraceback\n", table.concat(said))
    assert.equal(1, steps)
    assert.equal(before + 2, #s.sent[1])
    assert.equal("table 1: a bot failed, and the table stops here: broken bot", s.sent[1][before + 1].reason)
    assert.equal("table", s.sent[1][before + 2].type)
    assert.is_nil(s:tick())
    assert.equal(1, steps)
    -- another table still plays
    s.say(2, { type = "join", table = other.id, seat = 1, token = other.tokens[1] })
    assert.equal("table", s.say(2, { type = "answer", text = "draw" })[1].type)
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
    -- no table yet: a list the page can go through, not cjson's {}
    assert.matches('"tables":%[%]', s.texts[1][#s.texts[1]])
    local names = {}
    for _, g in ipairs(got[1].games) do names[#names + 1] = g.name end
    assert.same({ "crazyeights", "cryptocurrency", "lettertycoon", "online", "rushfortheweb" }, names)
    got = s.say(1, { type = "create", game = "crazyeights", players = 3,
                     seats = { "human", "random", "human" }, options = { draw_limit = 1 } })
    assert.equal("created", got[1].type, got[1].reason)
    -- whoever made the table may sit at it: the seed is not sent
    assert.is_nil(got[1].seed)
    assert.equal(3, #got[1].links)
    assert.matches("^http://test/play%?table=1&seat=1&token=token%d+$", got[1].links[1].url)
    assert.is_nil(got[1].links[2].url)
    assert.equal("http://test/watch?table=1", got[1].watch)
    got = s.say(1, { type = "lobby" })
    assert.equal(1, #got[1].tables)
    assert.equal("Crazy Eights", got[1].tables[1].title)
    -- counts go out as whole numbers ("players":3, not 3.0)
    assert.matches('"players":3[,}]', s.texts[1][#s.texts[1]])
    assert.matches('"answers":%d+[,}]', s.texts[1][#s.texts[1]])
  end)

  it("create: at the most tables, one no page has open whose game is over, or idle 30 minutes, makes room", function()
    -- (an anonymous page could make tables without end, each a Lua state of
    -- megabytes: 120 Letter Tycoon tables took 837 MB in 4 seconds)
    local few = server({ max_tables = 2 })
    local function create(seats)
      return few.say(1, { type = "create", game = "crazyeights", players = 2, seats = seats })[1]
    end
    assert.equal("created", create({ "human", "random" }).type)
    -- bots at every seat and no delay: played to the end at once
    assert.equal("created", create({ "random", "random" }).type)
    assert.equal("over", few.lobby_info(few).tables[2].status)
    -- the finished table 2 makes room for table 3; table 1, not over and
    -- made just now, is kept
    assert.equal("created", create({ "human", "random" }).type)
    local ids = {}
    for _, t in ipairs(few:lobby_info().tables) do ids[#ids + 1] = t.id end
    assert.same({ 1, 3 }, ids)
    -- none to close: refused, and nothing made or closed (not even a world
    -- made and thrown away, on the thread every table plays on)
    local worlds, world = 0, few.transport.world
    few.transport.world = function(...) worlds = worlds + 1 return world(...) end
    local refused = create({ "human", "random" })
    few.transport.world = world
    assert.equal(0, worlds)
    assert.equal("error", refused.type)
    assert.equal("create: the server holds its most tables (2), and none can be closed to make room (each has "
      .. "a page open, or a game that is not over and had a page open in the last 30 minutes); nothing was made: "
      .. "try later, or ask its operator for more (--max-tables)", refused.reason)
    assert.equal(2, #few:lobby_info().tables)
    -- a page open at table 1 keeps it however long; table 3, idle for 30 minutes, goes
    few.say(2, { type = "watch", table = 1 })
    few.advance(30 * 60 * 1000)
    assert.equal("created", create({ "human", "random" }).type)
    ids = {}
    for _, t in ipairs(few:lobby_info().tables) do ids[#ids + 1] = t.id end
    assert.same({ 1, 4 }, ids)
    -- a link to a table closed says why there is none
    local got = few.say(3, { type = "watch", table = 3 })
    assert.equal("watch: there is no table 3 (it was closed to make room for a new one: no page had it open "
      .. "for 30 minutes)", got[1].reason)
    got = few.say(3, { type = "watch", table = 2 })
    assert.equal("watch: there is no table 2 (it was closed to make room for a new one: its game was over)",
      got[1].reason)
    few:shutdown()
  end)

  it("lobby: the games are loaded at most once in 5 seconds, however often pages ask", function()
    local loads = 0
    local loader = require "cardlab.loader"
    local load = loader.load
    loader.load = function(...) loads = loads + 1 return load(...) end
    local ok, err = pcall(function()
      for _ = 1, 20 do s.say(1, { type = "lobby" }) end
      assert.equal(#loader.names(), loads)
      s.advance(5000)
      s.say(1, { type = "lobby" })
      assert.equal(2 * #loader.names(), loads)
    end)
    loader.load = load
    assert(ok, err)
  end)

  it("lobby: a server of one game lists its table and offers no game to make", function()
    local one = server({ single = true })
    crazy(one)
    local got = one.say(1, { type = "lobby" })
    assert.equal("lobby", got[1].type)
    assert.is_true(got[1].one_game)
    assert.same({}, got[1].games)
    assert.matches('"games":%[%]', one.texts[1][#one.texts[1]])
    assert.equal(1, #got[1].tables)
    assert.equal("http://test/watch?table=1", got[1].tables[1].watch)
    got = one.say(1, { type = "create", game = "crazyeights" })
    assert.matches("^this server plays one game", got[1].reason)
    one:shutdown()
  end)

  it("lobby: its sockets get the tables anew as tables are made and move, at most once a second", function()
    s.say(1, { type = "lobby" })
    local before = #s.sent[1]
    -- socket 2 makes a table: the lobby's socket 1 sees it without asking
    local got = s.say(2, { type = "create", game = "crazyeights", players = 2, seats = { "human", "human" } })
    assert.equal("created", got[1].type, got[1].reason)
    assert.equal(before + 1, #s.sent[1])
    local pushed = s.last(1)
    assert.equal("tables", pushed.type)
    assert.equal(1, #pushed.tables)
    assert.same({ "Crazy Eights", "waiting", 0 }, { pushed.tables[1].title, pushed.tables[1].status, pushed.tables[1].answers })
    -- only to the lobby's sockets: socket 2 never asked for the lobby
    for _, f in ipairs(s.sent[2]) do assert.are_not.equal("tables", f.type) end
    -- a move within the second: sent once the second is over
    local t = s.tables[1]
    s.say(2, { type = "join", table = 1, seat = 1, token = t.tokens[1] })
    s.say(2, { type = "answer", text = "draw" })
    assert.equal(before + 1, #s.sent[1])
    s.advance(999)
    assert.equal(1, s:tick())
    assert.equal(before + 1, #s.sent[1])
    s.advance(1)
    assert.is_nil(s:tick())
    assert.equal(before + 2, #s.sent[1])
    assert.equal(1, s.last(1).tables[1].answers)
    -- nothing moved: nothing sent
    s.advance(5000)
    s:tick()
    assert.equal(before + 2, #s.sent[1])
    -- a closed socket gets nothing
    s:close(1)
    s.say(2, { type = "create", game = "crazyeights", players = 2, seats = { "human", "human" } })
    assert.equal(before + 2, #s.sent[1])
  end)

  it("create: a lobby table's default seed is the server's, and a chosen one only for one person", function()
    local made = {}
    local draws = 0
    s.transport.seed = function() draws = draws + 1 return 1000 + draws end
    for i = 1, 2 do
      local got = s.say(1, { type = "create", game = "crazyeights", players = 2 })
      assert.equal("created", got[1].type, got[1].reason)
      made[i] = s.tables[got[1].table]
    end
    assert.equal(1001, made[1].seed)
    assert.equal(1002, made[2].seed)
    -- a person who chose the seed knows the deal: not at a table of two people
    local got = s.say(1, { type = "create", game = "crazyeights", players = 2, seed = 5,
                           seats = { "human", "human" } })
    assert.equal("error", got[1].type)
    assert.equal("create: 'seed' refused at a table of 2 people: whoever chose it could know every "
      .. "hidden card; leave it out and the server picks one no one knows", got[1].reason)
    got = s.say(1, { type = "create", game = "crazyeights", players = 2, seed = 5,
                     seats = { "human", "greedy" } })
    assert.equal("created", got[1].type, got[1].reason)
    assert.equal(5, s.tables[got[1].table].seed)
  end)

  it("create: a word list only by name; a path is refused and never read", function()
    local function create(dictionary)
      return s.say(1, { type = "create", game = "lettertycoon", players = 2,
                        options = { dictionary = dictionary } })[1]
    end
    for _, path in ipairs({ "/root/.bashrc", "/etc/passwd", "wordlists/words.txt", "../x", "SOWPODS.txt" }) do
      local got = create(path)
      assert.equal("error", got.type)
      assert.equal(string.format("create: option 'dictionary': '%s' is not a word list of this server; "
        .. "a table made in the lobby takes one by name: sowpods, wordlist (a file only with --option "
        .. "on the server's command line)", path), got.reason)
    end
    assert.equal(0, #s.order)
    local got = create("wordlist")
    assert.equal("created", got.type, got.reason)
    -- the lobby offers the names as choices
    for _, g in ipairs(s.say(1, { type = "lobby" })[1].games) do
      if g.name == "lettertycoon" then
        for _, o in ipairs(g.options) do
          if o.name == "dictionary" then assert.same({ "sowpods", "wordlist" }, o.choices) end
        end
      end
    end
  end)

  it("create: the search bot with parameters, checked, its budget bounded in the lobby", function()
    local function create(kind)
      return s.say(1, { type = "create", game = "crazyeights", players = 2, bot_delay = 0,
                        seats = { kind, "human" } })[1]
    end
    local got = create("ismcts:iterations=20,playout=random")
    assert.equal("created", got.type, got.reason)
    -- the search bot at seat 1 answered already
    local _, info = s.tables[got.table].world:call("describe")
    assert.is_true(json.decode(info).answers >= 1)
    assert.same({ "ismcts:iterations=20,playout=random", "human" }, s.tables[got.table].kinds)
    local function refused(kind, reason)
      local r = create(kind)
      assert.equal("error", r.type)
      assert.equal(reason, r.reason)
    end
    refused("ismcts:iterations=6001", "create: seat 1: ismcts:iterations=6001: iterations=6001 is over "
      .. "the lobby's limit of 6000 for crazyeights (ten times the game's own); the server's operator "
      .. "may give more with --seat")
    refused("ismcts:steps=1000001", "create: seat 1: ismcts:steps=1000001: steps=1000001 is over the "
      .. "lobby's limit of 1000000 for crazyeights (ten times the game's own); the server's operator "
      .. "may give more with --seat")
    refused("ismcts:ms=2001", "create: seat 1: ismcts:ms=2001: ms=2001 is over the lobby's limit of "
      .. "2000; the server's operator may give more with --seat")
    refused("ismcts:foo=1", "create: seat 1: ismcts:foo=1: unknown parameter 'foo'; parameters: "
      .. "iterations, steps, c, widen, playout, tree, width, depth, margin, shape, reads, ms")
    refused("ismcts:playout=smart", "create: seat 1: ismcts: playout=smart: crazyeights "
      .. "has no bot named 'smart'; expected auto, random or greedy")
    assert.equal("created", create("ismcts:iterations=6000,ms=2000,steps=1").type)
  end)

  it("create: refusals name what was wrong", function()
    local function refused(msg, reason)
      local got = s.say(1, msg)
      assert.equal("error", got[1].type)
      assert.matches(reason, got[1].reason, 1, true)
    end
    for _, delay in ipairs({ { -5, "-5" }, { 1e12, "1000000000000" }, { 60001, "60001" },
                             { 1.5, "1.5" }, { "fast", "fast" } }) do
      refused({ type = "create", game = "crazyeights", bot_delay = delay[1] },
        string.format("create: 'bot_delay' %s: expected 0 to 60000 milliseconds", delay[2]))
    end
    assert.equal(0, #s.order)
    refused({ type = "create", game = "poker" }, "create: no game 'poker'; games: crazyeights,")
    refused({ type = "create", game = "crazyeights", players = 9 }, "create: crazyeights is for 2 to 7 players (got 9)")
    refused({ type = "create", game = "crazyeights", players = 2, seats = { "human", "smart" } },
      "create: unknown player kind 'smart' for seat 2; valid kinds: human, random")
    refused({ type = "create", game = "crazyeights", options = { foo = 1 } },
      "create: unknown option 'foo' for crazyeights")
    refused({ type = "create", game = "crazyeights", seats = "all" }, "create: 'seats' must be a list of kinds")
    -- (a list cut short made the other seats people)
    refused({ type = "create", game = "crazyeights", players = 4, seats = { "human" } },
      "create: 'seats' names 1 of the 4 seats; expected a kind for every seat (or none: seat 1 a person, the "
      .. "others the game's best bot)")
    local single = server({ single = true })
    local got = single.say(1, { type = "create", game = "crazyeights" })
    assert.matches("this server plays one game", got[1].reason)
    single:shutdown()
  end)

  it("a seed of 16 digits reaches the table's world whole", function()
    local t = crazy(s, { seed = 9007199254740991 })
    assert.equal(9007199254740991, t.seed)
    local _, text = t.world:call("save_text")
    assert.equal("9007199254740991", json.decode(text).seed)
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
    -- the lobby lists its answers as a whole number ("replay":2, not 2.0)
    s.say(6, { type = "lobby" })
    assert.matches('"replay":%d+[,}]', s.texts[6][#s.texts[6]])
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
    -- a replay's whole log, up to its step, as the seat it shows sees it
    got = s.say(4, { type = "log", step = 1, seat = 1 })
    assert.equal(1, got[1].step)
    assert.same({ { n = 1, seat = 1, kind = "play", text = "draw" } }, got[1].log)
    assert.equal("log: 'step' must be the replay's step, a whole number", s.say(4, { type = "log" })[1].reason)
    assert.equal("log: 'seat' must be 0 (a watcher) or a seat, 1 to 2",
      s.say(4, { type = "log", step = 1, seat = 3 })[1].reason)
    -- a replay's socket is at a table, but its steps are not a table being played
    assert.equal("words: this socket watches a replay, whose steps are shown as they are; 'words' is for a "
      .. "table being played ('join' or 'watch')", s.say(4, { type = "words" })[1].reason)
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

  it("words: the table as cardlab play writes it, for the socket's seat only, up to date", function()
    local t = crazy(s, { seats = { "human", "human" } })
    local refused = s.say(1, { type = "words" })
    assert.equal("error", refused[1].type)
    assert.equal("words: this socket is at no table; send 'join' or 'watch' first", refused[1].reason)
    local joined = s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    local got = s.say(1, { type = "words" })
    assert.equal("words", got[1].type)
    assert.equal(0, got[1].answers)
    assert.matches("^round 1%. stock: %d+ cards%. pile: ", got[1].lines[1])
    -- seat 1's own hand by card, as its frame shows it; seat 2's by count
    assert.equal(7, #seen_cards(joined[2], "hand[1]"))
    assert.matches("^  seat 1 %(you%): %w+ %w+", got[1].lines[2])
    assert.equal("  seat 2: 7 cards", got[1].lines[3])
    -- a watcher: every hand by count
    local watched = s.say(2, { type = "watch", table = t.id })
    assert.equal("table", watched[2].type)
    got = s.say(2, { type = "words" })
    assert.same({ "  seat 1: 7 cards", "  seat 2: 7 cards" }, { got[1].lines[2], got[1].lines[3] })
    -- after an answer, the words say the table as it is now
    s.say(1, { type = "answer", text = "draw" })
    got = s.say(1, { type = "words" })
    assert.equal(1, got[1].answers)
    assert.matches("^  seat 1 %(you%): " .. string.rep("%w+ ", 7) .. "%w+$", got[1].lines[2])
  end)

  it("hint: the search bot's ranking for the seat asked, from its view; refused to the others", function()
    local t = crazy(s, { seats = { "human", "human" } })
    local legal = s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })[2].request.answers
    s.say(2, { type = "join", table = t.id, seat = 2, token = t.tokens[2] })
    local got = s.say(1, { type = "hint" })
    assert.equal("hint", got[1].type)
    assert.equal(0, got[1].answers)
    assert.matches("^search for seat 1: ", got[1].lines[1])
    -- each legal answer of seat 1 ranked, by the number the menu gives it
    local ranked = 0
    for _, line in ipairs(got[1].lines) do if line:match("^ +%d+%) ") then ranked = ranked + 1 end end
    assert.equal(math.min(10, #legal), ranked)
    -- asked again for the same table: the same ranking, not a new search
    assert.same(got[1], s.say(1, { type = "hint" })[1])
    -- seat 2 is not asked: refused, and nothing changed
    got = s.say(2, { type = "hint" })
    assert.equal("refused", got[1].type)
    assert.matches("^hint: it is seat 1's turn to .*, not seat 2's: a hint is for the seat asked$", got[1].reason)
    assert.equal("error", s.say(3, { type = "hint" })[1].type)
    local _, info = t.world:call("describe")
    assert.equal(0, json.decode(info).answers)
  end)

  it("hint: asked again for the same table, no search is made again", function()
    -- the table's functions in this process, so that the searches are counted
    local T = dofile(CARDLAB_HOME .. "/repl/serve_table.lua")
    assert(T.create(json.encode({ game = "crazyeights", players = 2, seed = "11", seats = { "human", "human" } })))
    local ismcts = require "cardlab.ismcts"
    local search, searches = ismcts.hint_lines, 0
    ismcts.hint_lines = function(...) searches = searches + 1 return search(...) end
    local ok, err = pcall(function()
      local first = assert(T.hint(1))
      for _ = 1, 5 do assert.equal(first, T.hint(1)) end
      assert.equal(1, searches)
      -- a new table (an answer given) is searched anew
      assert(T.answer(1, "draw"))
      local asked = json.decode(T.frame(0)).request.seat
      assert.equal("hint", json.decode(T.hint(asked)).type)
      assert.equal(2, searches)
    end)
    ismcts.hint_lines = search
    assert(ok, err)
  end)

  it("presence: every socket of a table learns which seats have a page open, as people come and go", function()
    local t = assert(s:add_table({ game = "crazyeights", players = 3, seed = 11,
                                   seats = { "human", "human", "greedy" } }))
    local function seats(id)
      for i = #s.sent[id], 1, -1 do
        if s.sent[id][i].type == "presence" then return s.sent[id][i].seats end
      end
    end
    -- the welcome says who is there (the joining seat too); the table follows
    local got = s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    assert.same({ "welcome", "table" }, { got[1].type, got[2].type, got[3] })
    assert.same({ 1 }, got[1].present)
    got = s.say(2, { type = "join", table = t.id, seat = 2, token = t.tokens[2] })
    assert.same({ 1, 2 }, got[1].present)
    assert.equal(2, #got)
    assert.same({ 1, 2 }, seats(1))
    -- a watcher is told in its welcome, and changes nobody's presence
    local n = #s.sent[1]
    assert.same({ 1, 2 }, s.say(3, { type = "watch", table = t.id })[1].present)
    assert.equal(n, #s.sent[1])
    -- seat 2 leaves: the others see it away; a second page of seat 1 closing
    -- leaves seat 1 present
    s:close(2)
    assert.same({ 1 }, seats(1))
    assert.same({ 1 }, seats(3))
    s.say(4, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    s:close(4)
    assert.same({ 1 }, seats(3))
    -- seat 1's socket leaves: no seat open is an empty list, not {}
    s:close(1)
    assert.same({}, seats(3))
    assert.matches('"seats":%[%]', s.texts[3][#s.texts[3]])
  end)

  it("presence: a seat's only page that turns to watching its table leaves the seat away", function()
    local t = assert(s:add_table({ game = "crazyeights", players = 2, seed = 11, seats = { "human", "human" } }))
    s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    s.say(2, { type = "join", table = t.id, seat = 2, token = t.tokens[2] })
    assert.same({ 1, 2 }, s.sent[1][#s.sent[1]].seats)
    -- socket 2 watches the table it held seat 2 of: seat 2 has no page now
    assert.same({ 1 }, s.say(2, { type = "watch", table = t.id })[1].present)
    assert.same({ type = "presence", seats = { 1 } }, s.sent[1][#s.sent[1]])
  end)
end)

describe("cardlab serve tokens", function()
  it("are 32 hex digits from /dev/urandom, different each time", function()
    local a, b = cs.token(), cs.token()
    assert.matches("^%x+$", a)
    assert.equal(32, #a)
    assert.are_not.equal(a, b)
  end)

  it("default seeds are 53 random bits from /dev/urandom, not the clock's", function()
    local seen, big = {}, 0
    for _ = 1, 50 do
      local seed = cs.seed()
      assert.equal("integer", math.type(seed))
      assert.is_true(seed >= 0 and seed <= 9007199254740991)
      assert.is_nil(seen[seed])
      seen[seed] = true
      if seed > 1000000 then big = big + 1 end
    end
    -- the clock's seeds were below a million: 50 draws of 53 bits all but never are
    assert.is_true(big >= 49)
  end)
end)

describe("cardlab serve worlds", function()
  it("refuse a call whose arguments do not fit in the world, and go on; the process is not aborted", function()
    -- (the arguments were copied into the world unprotected: a memory error
    -- there was a panic of its state, which aborted the whole server)
    local dir = os.tmpname()
    os.remove(dir)
    assert(require("lfs").mkdir(dir))
    support.write(dir, "fill.lua", "keep = {}\nreturn {\n"
      .. "  fill = function(mb) for i = 1, mb do keep[i] = string.rep(string.char(65 + i % 26), 1024 * 1024 - 64) end "
      .. "return #keep end,\n  size = function(s) return #s end }\n")
    support.write(dir, "call.lua", string.format("local w = assert(require('cardlab.serve').world(%q))\n"
      .. "print(w:call('fill', 60))\nprint(w:call('size', string.rep('y', 8 * 1024 * 1024)))\n"
      .. "print(w:call('size', 'small'))\n", dir .. "/fill.lua"))
    local p = io.popen(string.format("CARDLAB_MEMORY_MB=64 %s run %s/call.lua 2>&1; echo \"status $?\"",
      support.cardlab(), dir))
    local out = p:read("a")
    p:close()
    os.execute("rm -rf " .. dir)
    assert.equal("true\t60\nfalse\tcannot call the world's 'size': not enough memory\ntrue\t5\nstatus 0\n", out)
  end)
end)

describe("cardlab serve: the lobby's house rules (--houses DIR)", function()
  local loader = require "cardlab.loader"
  local dir, warned, s
  local TWO = "lettertycoon_two_letter_words.lua"
  before_each(function()
    dir = support.tmpdir()
    support.write(dir, TWO, support.read(CARDLAB_HOME .. "/docs/houses/" .. TWO))
    support.write(dir, "aces.lua", "-- Aces are wild as well.\nlocal w = rules.is_wild\n"
      .. "rules.is_wild = function(card) return card.rank == 'A' or w(card) end\n")
    support.write(dir, "crazyeights_broken.lua", "rules.nope = 1\n")
    support.write(dir, "two words.lua", "")
    support.write(dir, "notes.txt", "not a house file")
    warned = {}
    local offer = require("repl.serve_house").offer(dir, loader.names, loader.load,
      function(text) warned[#warned + 1] = text end)
    offer:refresh()
    s = server({ houses = offer })
  end)
  after_each(function()
    s:shutdown()
    support.rmtree(dir)
  end)

  local function houses_of(game)
    for _, g in ipairs(s.say(1, { type = "lobby" })[1].games) do
      if g.name == game then return g.houses end
    end
  end

  it("lists the house files that load with each game, by name and what they say; leaves out, saying so, one that loads with none", function()
    assert.same({ { name = "aces.lua", about = "Aces are wild as well." } }, houses_of("crazyeights"))
    assert.same({ { name = TWO, about = "Letter Tycoon with two-letter words (IT, OX, QI): a word needs 2 "
      .. "letters, both on cards, and earns $1 like a word of 3." } }, houses_of("lettertycoon"))
    assert.is_nil(houses_of("online"))
    table.sort(warned)
    assert.same({
      "--houses: leaving out 'two words.lua': a house file offered in the lobby is named with letters, "
        .. "digits, '_', '-' and '.' only",
      "--houses: leaving out crazyeights_broken.lua: it loads with no game (with crazyeights: " .. dir
        .. "/crazyeights_broken.lua:1: unknown rule piece 'nope'; valid pieces: can_play, hand_size, is_wild, "
        .. "penalty, turn)",
    }, warned)
    -- a file added, changed or removed is seen when a lobby page opens;
    -- one unchanged is not loaded again (nor warned about again)
    support.write(dir, "crazyeights_short.lua", "-- Hands of 5.\noptions.hand_size = 5\n")
    os.remove(dir .. "/aces.lua")
    local names = {}
    for _, h in ipairs(houses_of("crazyeights")) do names[#names + 1] = h.name end
    assert.same({ "crazyeights_short.lua" }, names)
    assert.equal(2, #warned)
  end)

  it("lists what each house file sets with the game: its values of the game's options, and its own options as the game's are told", function()
    for _, name in ipairs({ "rushfortheweb_small_projects.lua", "rushfortheweb_rich_pool.lua" }) do
      support.write(dir, name, support.read(CARDLAB_HOME .. "/docs/houses/" .. name))
    end
    -- an operator's file may give a word list by its path: the page is told its name alone
    local list = CARDLAB_HOME .. "/wordlists/words.txt"
    support.write(dir, "lettertycoon_american.lua", "-- The American list.\noptions.dictionary = '" .. list .. "'\n"
      .. "new_option { name = 'second_list', type = 'word_list', default = 'SOWPODS', doc = 'a list for later' }\n"
      .. "new_option { name = 'bank', type = 'choice', choices = { 'small', 'big' }, default = 'big', doc = 'its size' }\n")
    local rush = {}
    for _, h in ipairs(houses_of("rushfortheweb")) do rush[h.name] = h end
    assert.same({ project_capacity = 3 }, rush["rushfortheweb_small_projects.lua"].defaults)
    assert.is_nil(rush["rushfortheweb_small_projects.lua"].options)
    assert.same({ { name = "pool_extra", type = "integer", default = 1,
                    doc = "credits a discard to the pool pays on top of the book's" } },
      rush["rushfortheweb_rich_pool.lua"].options)
    assert.is_nil(rush["rushfortheweb_rich_pool.lua"].defaults)
    local american = houses_of("lettertycoon")[1]
    assert.equal("lettertycoon_american.lua", american.name)
    assert.same({ dictionary = "words.txt" }, american.defaults)
    assert.same({
      { name = "second_list", type = "word_list", default = "sowpods", doc = "a list for later", choices = { "sowpods", "wordlist" } },
      { name = "bank", type = "choice", default = "big", doc = "its size", choices = { "small", "big" } },
    }, american.options)
    -- a file that sets nothing says nothing; the game's own list keeps the book's
    assert.same({ { name = "aces.lua", about = "Aces are wild as well." } }, houses_of("crazyeights"))
    for _, g in ipairs(s.say(1, { type = "lobby" })[1].games) do
      if g.name == "rushfortheweb" then
        for _, o in ipairs(g.options) do
          if o.name == "project_capacity" then assert.equal(0, o.default) end
          assert.not_equal("pool_extra", o.name)
        end
      end
    end
    for _, text in ipairs(s.texts[1]) do
      assert.is_nil(text:find(dir, 1, true))
      assert.is_nil(text:find(list, 1, true))
    end
  end)

  it("create: a house file's own option is set as the game's are, and checked as theirs; a value of the book's beats the house file's", function()
    for _, name in ipairs({ "rushfortheweb_small_projects.lua", "rushfortheweb_rich_pool.lua" }) do
      support.write(dir, name, support.read(CARDLAB_HOME .. "/docs/houses/" .. name))
    end
    s.say(1, { type = "lobby" })  -- (the folder read again, as when a lobby page opens)
    -- (the save of a person alone with bots holds the options the table plays)
    local function played(house, options)
      local got = s.say(1, { type = "create", game = "rushfortheweb", players = 3, house = house,
                             seats = { "human", "random", "random" }, options = options })
      if got[1].type ~= "created" then return got[1].reason end
      local t = s.tables[got[1].table]
      s.say(2, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
      return json.decode(s.say(2, { type = "save" })[1].text).options
    end
    assert.equal(2, played("rushfortheweb_rich_pool.lua", { pool_extra = 2 }).pool_extra)
    assert.equal(1, played("rushfortheweb_rich_pool.lua", {}).pool_extra)
    assert.equal("create: option 'pool_extra': 9 is not valid: expected an integer from 0 to 5",
      played("rushfortheweb_rich_pool.lua", { pool_extra = 9 }))
    assert.equal(3, played("rushfortheweb_small_projects.lua", {}).project_capacity)
    assert.equal(0, played("rushfortheweb_small_projects.lua", { project_capacity = "0" }).project_capacity)
  end)

  it("loads a house file that runs away once, not once for each game (the tables wait meanwhile)", function()
    support.write(dir, "crazyeights_loop.lua", "while true do end\n")
    local tried = {}
    local offer = require("repl.serve_house").offer(dir, loader.names, function(game, path)
      if path and path:find("loop", 1, true) then
        tried[#tried + 1] = game
        return nil, path .. ":1: script ran for more than 1000000 instructions without asking for a "
          .. "decision (an endless loop?)"
      end
      return loader.load(game, path)
    end, function(text) warned[#warned + 1] = text end)
    offer:refresh()
    assert.equal(1, #tried)
    assert.is_true(#loader.names() > 1)
    local told
    for _, text in ipairs(warned) do
      told = told or text:match("leaving out crazyeights_loop.lua: it loads with no game %(with crazyeights: .*an endless loop%?%)%)$")
    end
    assert.truthy(told, table.concat(warned, "\n"))
  end)

  it("create: a table plays the house rules named from the list; the page and the lobby say which", function()
    local got = s.say(1, { type = "create", game = "crazyeights", players = 2, house = "aces.lua",
                           seats = { "human", "greedy" } })
    assert.equal("created", got[1].type, got[1].reason)
    assert.equal("aces.lua", got[1].house)
    local t = s.tables[got[1].table]
    assert.equal(dir .. "/aces.lua", t.house)
    local welcome = s.say(2, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })[1]
    assert.same({ file = "aces.lua", about = "Aces are wild as well." }, welcome.game.house)
    -- "in words" says what the house rules change, first
    local words = s.say(2, { type = "words" })[1]
    assert.equal("House rules aces.lua: Aces are wild as well.", words.lines[1])
    local lobby = s.say(3, { type = "lobby" })[1]
    assert.equal("aces.lua", lobby.tables[1].house)
    -- no path reaches a page
    for _, text in ipairs(s.texts[1]) do assert.is_nil(text:find(dir, 1, true)) end
    for _, text in ipairs(s.texts[3]) do assert.is_nil(text:find(dir, 1, true)) end
  end)

  it("create: a path, a name not offered, another game's house file and a file broken since are refused in one line; nothing is made", function()
    local function refused(game, house)
      local got = s.say(1, { type = "create", game = game, players = 2, house = house })
      assert.equal(1, #got)
      assert.equal("error", got[1].type)
      assert.is_nil(got[1].reason:find("\n"))
      return got[1].reason
    end
    local offered = "house rules offered for crazyeights: aces.lua"
    assert.equal("create: 'house' '../aces.lua' is a path; house rules are chosen by a name from the "
      .. "lobby's list, never by a path (" .. offered .. "); nothing was made", refused("crazyeights", "../aces.lua"))
    assert.equal("create: 'house' '" .. dir .. "/aces.lua' is a path; house rules are chosen by a name "
      .. "from the lobby's list, never by a path (" .. offered .. "); nothing was made",
      refused("crazyeights", dir .. "/aces.lua"))
    assert.equal("create: 'house' '..' is a path; house rules are chosen by a name from the lobby's list, "
      .. "never by a path (" .. offered .. "); nothing was made", refused("crazyeights", ".."))
    assert.equal("create: no house rules 'rules.lua' for crazyeights on this server (" .. offered
      .. "); nothing was made", refused("crazyeights", "rules.lua"))
    assert.equal("create: no house rules 'crazyeights_broken.lua' for crazyeights on this server ("
      .. offered .. "); nothing was made", refused("crazyeights", "crazyeights_broken.lua"))
    assert.equal("create: no house rules 'notes.txt' for crazyeights on this server (" .. offered
      .. "); nothing was made", refused("crazyeights", "notes.txt"))
    assert.equal("create: no house rules 'aces.lua' for online on this server (this server offers no "
      .. "house rules for online); nothing was made", refused("online", "aces.lua"))
    assert.equal("create: no house rules 'a?b' for crazyeights on this server (" .. offered
      .. "); nothing was made", refused("crazyeights", "a\nb"))
    assert.equal("create: 'house' must be the name of house rules from the lobby's list",
      refused("crazyeights", 7))
    -- a file offered that fails to load when the table is made: its error
    support.write(dir, "aces.lua", "-- Aces are wild as well.\nrules.is_wld = 1\n")
    local broken = refused("crazyeights", "aces.lua")
    assert.matches("^create: .*aces%.lua:2: unknown rule piece 'is_wld'", broken)
    -- its path, the server's business, is not told to the page
    assert.is_nil(broken:find(dir, 1, true), broken)
    -- nor that of a file removed since the list was read
    os.remove(dir .. "/aces.lua")
    local gone = refused("crazyeights", "aces.lua")
    assert.is_nil(gone:find(dir, 1, true), gone)
    assert.matches("aces%.lua", gone)
    assert.equal(1, s.next_table)
    assert.same({}, s.order)
    -- the server goes on: a table without house rules is made
    local got = s.say(1, { type = "create", game = "crazyeights", players = 2 })
    assert.equal("created", got[1].type, got[1].reason)
    assert.is_nil(got[1].house)
  end)

  it("create: a server without --houses offers none and takes none", function()
    local plain = server()
    local got = plain.say(1, { type = "lobby" })[1]
    for _, g in ipairs(got.games) do assert.is_nil(g.houses) end
    got = plain.say(1, { type = "create", game = "crazyeights", players = 2, house = "aces.lua" })
    assert.equal("create: this server offers no house rules (its operator offers a folder of them with "
      .. "'cardlab serve --houses DIR'); nothing was made", got[1].reason)
    assert.same({}, plain.order)
    plain:shutdown()
  end)
end)

describe("cardlab serve: the whole log", function()
  local s
  before_each(function() s = server() end)
  after_each(function() s:shutdown() end)

  -- A table of Rush for the Web (whose scouting is a secret answer) played
  -- to `answers` answers, seat 1 a person who takes the first answer.
  local function played(answers)
    local t = assert(s:add_table({ game = "rushfortheweb", players = 3, seed = 7,
                                   seats = { "human", "random", "random" } }))
    s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    s.say(2, { type = "watch", table = t.id })
    s:tick()
    for _ = 1, 1000 do
      local f = s.last(1)
      if f.answers >= answers or f.status ~= "waiting" then break end
      if f.request.seat == 1 then
        local a = f.request.answers and f.request.answers[1] or "pass"
        s.say(1, { type = "answer", text = a })
      end
      s:tick()
    end
    return t
  end

  it("log: every entry from the first answer, as the seat's frames show them: another seat's secret hidden", function()
    local short = crazy(s)
    local first = s.say(7, { type = "join", table = short.id, seat = 1, token = short.tokens[1] })[2]
    assert.is_nil(first.log_earlier)
    assert.same(first.log, s.say(7, { type = "log" })[1].log)
    local t = played(120)
    local f = s.last(1)
    assert.is_true(f.answers >= 120)
    assert.equal(40, #f.log)
    assert.is_true(f.log_earlier)
    local whole = s.say(1, { type = "log" })[1]
    assert.equal("log", whole.type)
    assert.equal(f.answers, whole.answers)
    assert.equal(f.answers, #whole.log)
    for i, e in ipairs(whole.log) do assert.equal(i, e.n) end
    -- its latest entries are the frame's
    for i = 1, 40 do assert.same(f.log[i], whole.log[#whole.log - 40 + i]) end
    assert.is_true(#whole.narration >= #f.narration)
    -- a scout of another seat is a secret to seat 1 and to a watcher, not to its seat
    local watched = s.say(2, { type = "log" })[1]
    local scouted
    for i, e in ipairs(whole.log) do
      if e.kind == "scout" and e.seat ~= 1 then
        scouted = scouted or e
        assert.equal("(a secret answer)", e.text)
        assert.equal("(a secret answer)", watched.log[i].text)
      end
    end
    assert.is_truthy(scouted, "no scouting in the game: pick another seed")
    -- (the scout's own log, as its seat's socket would get it)
    local _, own = t.world:call("log", scouted.seat)
    local e = json.decode(own).log[scouted.n]
    assert.equal("scout", e.kind)
    assert.are_not.equal("(a secret answer)", e.text)
    assert.is_true(scouted.n <= f.answers - 40, "the scouting is in the frames' log: pick a later game")
    -- a socket at no table gets an error
    assert.equal("log: this socket is at no table; send 'join', 'watch' or 'replay' first",
      s.say(9, { type = "log" })[1].reason)
  end)
end)

describe("cardlab serve on the command line", function()
  -- Runs `cardlab ARGS`, which must exit with `status` and print `expected`
  -- (or, with plain == false, a line that the pattern matches).
  local function refused(args, status, expected, plain)
    local out, got = support.run_cardlab(args)
    assert.equal(status, got, out)
    if plain == false then
      assert.matches(expected, out)
    else
      assert.matches(expected, out, 1, true)
    end
    return out
  end

  it("--houses: a folder, for a lobby only", function()
    assert.equal("cardlab: serve: --houses offers house rules in the lobby, which a server of one game has "
      .. "not; give --house FILE with a GAME, or leave the GAME out for a lobby\n",
      refused("serve crazyeights --houses docs/houses", 2, "--houses"))
    refused("serve --houses /nonexistent/houses", 1,
      "cardlab: serve: --houses '/nonexistent/houses': cannot obtain information from file '/nonexistent/houses': No such file or directory; expected a folder of house-rule files")
    refused("serve --houses docs/houses/online_turbo_movies.lua", 1,
      "cardlab: serve: --houses 'docs/houses/online_turbo_movies.lua': not a folder; expected a folder of house-rule files")
  end)

  it("refuses bad flags before it listens", function()
    assert.equal("cardlab: serve: --port 70000: expected 0 (any free port) to 65535\n",
      refused("serve crazyeights --port 70000", 2, "--port 70000"))
    assert.equal("cardlab: serve: give one of GAME, --resume FILE and --replay FILE\n",
      refused("serve crazyeights --resume x.json", 2, "give one of"))
    refused("serve crazyeights --seat 2=smart", 2, "unknown player kind 'smart' for seat 2")
    refused("serve --resume /nonexistent/x.json", 1, "cannot read save file")
    -- --seat on --resume: seats of the save only, kinds checked
    local dir = support.tmpdir()
    refused("play crazyeights --players 2 --seed 3 --seat 1=greedy --save " .. dir .. "/g.json", 0, "winner")
    assert.equal("cardlab: serve: --seat 3: there are seats 1 to 2\n",
      refused("serve --resume " .. dir .. "/g.json --seat 3=human", 2, "--seat 3"))
    refused("serve --resume " .. dir .. "/g.json --seat 1=smart", 2, "unknown player kind 'smart' for seat 1")
    refused("serve --resume " .. dir .. "/g.json --seat one", 2, "--seat takes K=KIND")
    -- what the save file holds is not set again: refused, not left unheeded
    -- (--port 70000, refused later, keeps a server from starting if it is not)
    assert.equal("cardlab: serve: --resume FILE takes the game, players, seed, options and house rules from "
      .. "the file; expected only --seat and --save with it (got --players)\n",
      refused("serve --resume " .. dir .. "/g.json --players 3 --port 70000", 2, "--resume FILE"))
    refused("serve --resume " .. dir .. "/g.json --option draw_limit=1 --port 70000", 2, "(got --option)")
    assert.equal("cardlab: serve: --replay FILE steps through the game of the file as it was played; expected "
      .. "no --players, --seed, --seat, --option, --house or --save with it (got --seat)\n",
      refused("serve --replay " .. dir .. "/g.json --seat 1=human --port 70000", 2, "--replay FILE"))
    -- --save with --resume is where the game goes on, as the console says:
    -- written at once, as a new game's is (it was left unwritten, and the
    -- answers went into the resumed file)
    local out, got = support.run_cardlab("serve --resume " .. dir .. "/g.json --save " .. dir
      .. "/on.json --port 0", nil, "timeout 3")
    assert.equal(124, got, out)
    assert.matches("saved after every answer in " .. dir .. "/on.json", out, 1, true)
    local f = io.open(dir .. "/on.json")
    assert.is_truthy(f, "the --save file is written")
    assert.matches('"seed":"3"', f:read("a"), 1, true)
    f:close()
    refused("serve --resume " .. dir .. "/g.json --save /nonexistent/x.json", 2,
      "cardlab: serve: --save: cannot write save file /nonexistent/x.json")
    support.rmtree(dir)
    assert.equal("cardlab: serve: --players needs a GAME (the lobby sets up each table)\n",
      refused("serve --players 3", 2, "--players needs a GAME"))
    for _, addr in ipairs({ "999.1.1.1", "1.2.3", "256.0.0.1", "localhost", "::g", "1.2.3.4 " }) do
      assert.equal(string.format("cardlab: serve: --listen '%s': expected an IP address such as "
        .. "127.0.0.1 or 0.0.0.0\n", addr), refused("serve crazyeights --listen '" .. addr .. "'", 2, "--listen"))
    end
    -- an IPv6 address with a civetweb built without IPv6 (Debian's): said
    -- so, where civetweb would say only "Failed to setup server ports"
    if not require("cardlab.serve").ipv6 then
      assert.equal("cardlab: serve: --listen '::1': this cardlab's web server (civetweb) was built without "
        .. "IPv6; listen on an IPv4 address such as 127.0.0.1, or 0.0.0.0 for every address\n",
        refused("serve crazyeights --listen ::1 --port 0", 2, "--listen '::1'"))
    end
    assert.equal("cardlab: serve: --bot-delay -5: expected 0 to 60000 milliseconds\n",
      refused("serve --bot-delay -5", 2, "--bot-delay -5"))
  end)

  it("--seat takes the search bot with parameters, and says what is wrong with them", function()
    -- accepted: the game is set up and then --save's folder is missing
    refused("serve crazyeights --seat 2=ismcts:iterations=100,c=1 --save /nonexistent/x.json", 2,
      "^cardlab: serve: %-%-save: ", false)
    assert.equal("cardlab: serve: seat 2: ismcts:iterations=0: iterations=0; expected a whole number "
      .. "from 1\n", refused("serve crazyeights --seat 2=ismcts:iterations=0", 2, "iterations=0"))
    refused("serve crazyeights --seat 2=ismcts:playout=smart", 2, "playout=smart: crazyeights has no bot named 'smart'")
    -- the operator is not held to the lobby's bounds
    refused("serve crazyeights --seat 2=ismcts:iterations=100000 --save /nonexistent/x.json", 2,
      "^cardlab: serve: %-%-save: ", false)
  end)

  -- the engine's watchdog (SIGPROF, vm/lguard.c) and Ctrl-C go to the main
  -- thread, which runs the tables' script code: civetweb's threads block
  -- them (they blocked SIGVTALRM, the watchdog's signal before it was
  -- SIGPROF, and let SIGPROF land on a thread that runs no script)
  it("its web threads block the watchdog's signal and Ctrl-C; the main thread takes them", function()
    local out = support.tmpdir() .. "/serve.out"
    local p = io.popen(string.format([[
%s serve crazyeights --port 0 > %s 2>&1 & pid=$!
for i in $(seq 1 100); do grep -q serving %s && break; sleep 0.1; done
for t in /proc/$pid/task/*; do echo "$([ "${t##*/}" = "$pid" ] && echo main || echo web) $(grep SigBlk $t/status)"; done
kill -INT $pid; wait $pid]], support.cardlab(), out, out))
    local text = p:read("a")
    p:close()
    local web, main = 0, 0
    local PROF, INT = 1 << (27 - 1), 1 << (2 - 1)  -- SIGPROF and SIGINT on Linux
    for who, mask in text:gmatch("(%a+) SigBlk:%s*(%x+)") do
      mask = tonumber(mask, 16)
      if who == "main" then
        main = main + 1
        assert.equal(0, mask & (PROF | INT), text)
      else
        web = web + 1
        assert.equal(PROF | INT, mask & (PROF | INT), text)
      end
    end
    assert.equal(1, main, text)
    assert.is_true(web > 0, text)
  end)
end)

describe("cardlab serve: a seat whose person is away, handed to a bot and taken back", function()
  local s
  before_each(function() s = server() end)
  after_each(function() s:shutdown() end)

  local function people(srv, n, extra)
    local seats = {}
    for i = 1, n do seats[i] = "human" end
    local config = { game = "crazyeights", players = n, seed = 11, seats = seats }
    for k, v in pairs(extra or {}) do config[k] = v end
    local t = assert(srv:add_table(config))
    for i = 1, n do srv.say(i, { type = "join", table = t.id, seat = i, token = t.tokens[i] }) end
    return t
  end

  -- The last table frame a socket got.
  local function last_table(srv, id)
    for i = #srv.sent[id], 1, -1 do
      if srv.sent[id][i].type == "table" then return srv.sent[id][i] end
    end
  end

  it("refused, in one line and changing nothing: a watcher, a seat whose person is there, a bot's, "
    .. "one the table does not wait for, no such seat, a game over", function()
    local t = people(s, 3)
    assert.equal(1, last_table(s, 2).request.seat)
    local before = s.say(9, { type = "watch", table = t.id })[2]
    local function refused(id, msg, kind, pattern)
      local got = s.say(id, msg)
      assert.equal(1, #got)
      assert.equal(kind, got[1].type)
      assert.matches(pattern, got[1].reason)
      assert.is_nil(got[1].reason:find("\n"))
      -- nothing changed: no frame to anyone, the same kinds and answers
      assert.same({ "human", "human", "human" }, t.kinds)
      assert.same(before.answers, last_table(s, 9).answers)
    end
    -- the watch link (a watcher without the host's token) may not hand a seat
    refused(9, { type = "hand", seat = 1 }, "error", "^hand: only a person seated at the table, or its host")
    -- seat 1's person is there
    refused(2, { type = "hand", seat = 1 }, "refused", "^hand: seat 1's person is there %(a page of the seat is open%)")
    -- nor one's own seat
    refused(2, { type = "hand", seat = 2 }, "refused", "^hand: seat 2's person is there")
    refused(2, { type = "hand", seat = 4 }, "error", "^hand: 'seat' must be a seat of table 1, 1 to 3$")
    refused(2, { type = "hand", seat = "one" }, "error", "^hand: 'seat' must be a seat")
    -- seat 3's person leaves; the table waits for seat 1, not for seat 3
    s:close(3)
    refused(2, { type = "hand", seat = 3 }, "refused",
      "^hand: the table waits for seat 1, not for seat 3: only the seat the table waits for")
    -- a wrong host token is refused; the host's link is not a seat's
    refused(8, { type = "watch", table = t.id, host = "guess" }, "error", "^watch: wrong host token for table 1")
    refused(8, { type = "hand", seat = 3 }, "error", "^hand: only a person seated")
    -- a seat played by a bot from the start
    local bots = assert(s:add_table({ game = "crazyeights", players = 2, seed = 11, seats = { "greedy", "human" } }))
    s.say(7, { type = "join", table = bots.id, seat = 2, token = bots.tokens[2] })
    s:tick()
    local got = s.say(7, { type = "hand", seat = 1 })
    assert.equal("refused", got[1].type)
    assert.matches("^hand: seat 1 is played by a bot %(greedy%), not by a person; nothing was changed$", got[1].reason)
    -- a game that is over: played to its end by its two people
    local over = people(s, 2, { seed = 5 })
    for _ = 1, 400 do
      local f = last_table(s, 1)
      if f.status ~= "waiting" then break end
      local mine = last_table(s, f.request.seat)
      s.say(f.request.seat, { type = "answer", text = mine.request.answers[1] })
    end
    assert.equal("over", last_table(s, 1).status)
    s:close(2)
    got = s.say(1, { type = "hand", seat = 2 })
    assert.equal("refused", got[1].type)
    assert.matches("^hand: the game is over: no seat can be handed to a bot; nothing was changed$", got[1].reason)
    assert.same({ "human", "human" }, over.kinds)
  end)

  it("handed by a seated person: everyone's log says so, the bot answers for the seat; its person "
    .. "back takes it with one message, and the bot stops", function()
    s = server({ bot_delay = 100 })
    local t = people(s, 3, { bot_delay = 100 })
    -- seat 1's person leaves while the table waits for seat 1
    s:close(1)
    local got = s.say(2, { type = "hand", seat = 1 })
    assert.equal("table", got[1].type)
    assert.same({ "greedy", "human", "human" }, got[1].kinds)
    assert.same({ { seat = 1, bot = "greedy", by = "seat 2" } }, got[1].handed)
    local line = "Seat 2 handed seat 1, whose person was away, to the greedy bot"
    local function said(f, text)
      for _, l in ipairs(f.narration) do if l.text == text then return true end end
      return false
    end
    assert.is_true(said(last_table(s, 3), line))
    -- the lobby's list of tables says so too
    local listed = s:tables_info()[1]
    assert.same({ "greedy", "human", "human" }, listed.kinds)
    assert.same({ 1 }, listed.handed)
    -- handed twice: refused
    got = s.say(3, { type = "hand", seat = 1 })
    assert.matches("^hand: seat 1 is played by the greedy bot already %(seat 2 handed it over%)", got[1].reason)
    -- the bot answers after its delay, an ordinary answer of seat 1
    s.advance(100)
    s:tick()
    local f = last_table(s, 3)
    assert.equal(1, f.answers)
    assert.equal(1, f.log[1].seat)
    assert.equal(2, f.request.seat)
    -- seats 2 and 3 answer until seat 1's bot is due again
    for _ = 1, 10 do
      local asked = last_table(s, 3).request.seat
      if asked == 1 then break end
      s.say(asked, { type = "answer", text = last_table(s, asked).request.answers[1] })
    end
    local at = last_table(s, 3).answers
    assert.equal(1, last_table(s, 3).request.seat)
    -- seat 1's person comes back with their own link: the seat is theirs
    -- to take, and the bot's until they do
    got = s.say(1, { type = "join", table = t.id, seat = 1, token = t.tokens[1] })
    assert.equal("welcome", got[1].type)
    assert.same({ { seat = 1, bot = "greedy", by = "seat 2" } }, got[2].handed)
    got = s.say(1, { type = "answer", text = got[2].request.answers[1] })
    assert.equal("refused", got[1].type)
    assert.matches("^seat 1 is played by the greedy bot, to whom it was handed while you were away: take "
      .. "your seat back first", got[1].reason)
    -- another seat cannot take it
    got = s.say(2, { type = "take" })
    assert.matches("^take: seat 2 is yours already: no bot plays it; nothing was changed$", got[1].reason)
    got = s.say(9, { type = "watch", table = t.id })
    got = s.say(9, { type = "take" })
    assert.matches("^take: this socket holds no seat", got[1].reason)
    -- taken back: everyone sees it, and the bot, due, gives no answer
    got = s.say(1, { type = "take" })
    assert.equal("table", got[1].type)
    assert.same({ "human", "human", "human" }, got[1].kinds)
    assert.is_nil(got[1].handed)
    assert.same({ "human", "human", "human" }, t.kinds)
    assert.is_true(said(last_table(s, 2), "Seat 1's person is back and took the seat back from the greedy bot"))
    assert.is_true(said(last_table(s, 2), line))
    s.advance(1000)
    s:tick()
    assert.equal(at, last_table(s, 2).answers)
    -- and the person plays on
    got = s.say(1, { type = "answer", text = last_table(s, 1).request.answers[1] })
    assert.equal(at + 1, got[1].answers)
    assert.equal(1, got[1].log[#got[1].log].seat)
  end)

  it("handed by the host (the host link), at a lobby table", function()
    local made = s.say(1, { type = "create", game = "crazyeights", players = 2, seats = { "human", "human" } })
    local created = made[#made]
    assert.equal("created", created.type)
    local host = created.host:match("host=(%x+)$") or created.host:match("host=(%w+)$")
    assert.matches("^http://test/watch%?table=1&host=", created.host)
    local t = s.tables[created.table]
    s.say(2, { type = "join", table = t.id, seat = 2, token = t.tokens[2] })
    local asked = last_table(s, 2).request.seat
    assert.equal("welcome", s.say(3, { type = "watch", table = t.id, host = host })[1].type)
    local got = s.say(3, { type = "hand", seat = asked })
    if asked == 2 then
      -- seat 2's person is there; their page closes
      assert.equal("refused", got[1].type)
      s:close(2)
      got = s.say(3, { type = "hand", seat = 2 })
    end
    assert.equal("table", got[1].type)
    assert.equal("greedy", got[1].kinds[asked])
    assert.equal("the host", got[1].handed[1].by)
    local found = false
    for _, l in ipairs(got[#got].narration) do
      found = found or l.text == string.format("The host handed seat %d, whose person was away, to the greedy bot", asked)
    end
    assert.is_true(found)
  end)

  it("a save holds the handed seat as the bot's; --resume keeps the bot (--seat K=human seats the "
    .. "person again), and the game is the same answer for answer", function()
    local dir = support.tmpdir()
    local function play(path)
      local srv = server()
      local t = people(srv, 2, { save = path })
      srv:close(1)
      srv.say(2, { type = "hand", seat = 1 })
      for _ = 1, 3 do
        local f = last_table(srv, 2)
        if f.status == "waiting" and f.request.seat == 2 then
          srv.say(2, { type = "answer", text = f.request.answers[#f.request.answers] })
        end
      end
      local f = last_table(srv, 2)
      srv:shutdown()
      return t, f
    end
    local _, f = play(dir .. "/a.json")
    local _, f2 = play(dir .. "/b.json")
    local text = support.read(dir .. "/a.json")
    -- determinism: the same answers, the same save
    assert.equal(text, support.read(dir .. "/b.json"))
    local saved = json.decode(text)
    assert.same({ "greedy", "human" }, saved.seats)
    assert.equal(f.answers, #saved.answers)
    assert.is_true(f.answers >= 3)
    assert.same(f.log, f2.log)
    -- resumed: seat 1 is the bot's (no link); the table is the same
    local s2 = server()
    local t2 = assert(s2:add_table({ resume = dir .. "/a.json" }))
    assert.same({ "greedy", "human" }, t2.kinds)
    assert.is_nil(t2.tokens[1])
    s2:tick()
    local got = s2.say(1, { type = "join", table = t2.id, seat = 2, token = t2.tokens[2] })
    assert.equal(f.answers, got[2].answers)
    assert.same(seen_cards(f, "hand[2]"), seen_cards(got[2], "hand[2]"))
    s2:shutdown()
    -- --seat 1=human on --resume: a link for seat 1's person again
    local s3 = server()
    local t3 = assert(s3:add_table({ resume = dir .. "/a.json", seats_given = { { 1, "human" } } }))
    assert.same({ "human", "human" }, t3.kinds)
    assert.is_string(t3.tokens[1])
    s3:shutdown()
    local s4 = server()
    local t4, err = s4:add_table({ resume = dir .. "/a.json", seats_given = { { 3, "human" } } })
    assert.is_nil(t4)
    assert.equal("--seat 3: there are seats 1 to 2", err)
    s4:shutdown()
    support.rmtree(dir)
  end)
end)
