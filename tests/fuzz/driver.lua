-- The fuzz driver (docs/fuzzing.md): gives a function of one input, whose
-- first byte picks the target and whose rest is the text fed to it:
--   0 a save file (decoded, checked and replayed)
--   1 answer lines to a game ("GAME\n" then one answer a line)
--   2 REPL command lines (a line without ':' is answered)
--   3 a house-rule file for a game ("GAME\n" then the file)
--   4 web frames to `cardlab serve`'s server ("K TEXT" a line: socket K's
--     frame; "tick", "close K")
--   5 a scenario file (read, and its first scenarios run)
-- Errors that cardlab returns as (nil, reason) are expected; each must be one
-- line, or the driver raises "FUZZ: ..." and the target aborts. A crash,
-- leak or hang is found by the sanitizers and libFuzzer.

local loader = require "cardlab.loader"
local match = require "cardlab.match"
local savefile = require "cardlab.savefile"
local session = require "repl.session"
local serve = require "repl.serve"
local cs = require "cardlab.serve"
local json = require "cjson"

local GAMES = { "crazyeights", "online", "lettertycoon", "rushfortheweb", "cryptocurrency" }
local defs = {}
local function def_of(name)
  if defs[name] == nil then defs[name] = loader.load(name) or false end
  return defs[name] or nil
end

local tmp = os.tmpname()

local function one_line(what, text)
  if type(text) == "string" and text:find("\n", 1, true) then
    error(string.format("FUZZ: %s gave an error of more than one line: %q", what, text:sub(1, 300)), 0)
  end
  if type(text) == "string" and #text > 2000 then
    error(string.format("FUZZ: %s gave an error of %d bytes", what, #text), 0)
  end
end

-- the game named on the first line (a known one: any other text picks one)
local function game_and_rest(text)
  local first, rest = text:match("^([^\n]*)\n?(.*)$")
  for _, g in ipairs(GAMES) do if first:match("^%S*") == g then return g, rest end end
  return GAMES[#first % #GAMES + 1], rest
end

local targets = {}

targets[0] = function(text)
  local f = assert(io.open(tmp, "wb"))
  f:write(text)
  f:close()
  local m, err = savefile.load(tmp)
  if not m then one_line("savefile.load", err) end
end

-- (the first line: "GAME PLAYERS SEED"; the counts are taken in range)
targets[1] = function(text)
  local name, rest = game_and_rest(text)
  local players, seed = text:match("^%S+ (%d+) (%d+)")
  local def = assert(def_of(name))
  players = math.max(def.players.min, math.min(def.players.max, tonumber(players) or 2))
  seed = math.tointeger(tonumber(seed))
  if not seed or seed > 2^53 - 1 then seed = 1 end
  local m = assert(match.new(def, { players = players, seed = seed }))
  for line in rest:gmatch("[^\n]*") do
    if m:status() ~= "waiting" then break end
    local ok, why = m:answer(line)
    if not ok then one_line("an answer", why) end
  end
end

-- REPL commands that neither touch files nor run Lua typed at the prompt
local SAFE = { new = true, games = true, options = true, show = true, moves = true, answer = true,
  undo = true, redo = true, log = true, seed = true, bot = true, run = true, set = true, help = true }

targets[2] = function(text)
  local s = session.new()
  local n = 0
  for line in text:gmatch("[^\n]*") do
    n = n + 1
    if n > 40 then break end
    local word = line:match("^:(%a*)")
    if word == nil then line = ":answer " .. line end
    if word == nil or SAFE[word] then
      if word == "run" then line = ":run 200" end
      s:input(line)
    end
  end
end

targets[3] = function(text)
  local name, rest = game_and_rest(text)
  local f = assert(io.open(tmp, "wb"))
  f:write(rest)
  f:close()
  local def, err = loader.load(name, tmp)
  if not def then one_line("a house file", err) return end
  local m, merr = match.new(def, { players = def.players.min, seed = 1 })
  if not m then one_line("a game with a house file", merr) return end
  m:run({ "random", "random", "random", "random", "random", "random", "random", "random" }, 500)
end

-- The server of `cardlab serve` with a transport that keeps what it sends,
-- in lobby mode (any socket may make tables) and with bots answering at once.
-- Every frame it sends must be JSON, and an error frame one line; a handler
-- that raised ("TYPE: failed: ...") is a host bug.
targets[4] = function(text)
  local tokens, clock = 0, 0
  local function check(text)
    local ok, frame = pcall(json.decode, text)
    if not ok or type(frame) ~= "table" then
      error(string.format("FUZZ: the server sent a frame that is not a JSON object: %q", text:sub(1, 300)), 0)
    end
    if frame.type == "error" or frame.type == "refused" then
      one_line("a server's " .. frame.type .. " frame", frame.reason)
      if type(frame.reason) == "string" and frame.reason:match("^%a+: failed: ") then
        error("FUZZ: a message handler raised: " .. frame.reason:sub(1, 300), 0)
      end
    end
  end
  local s = serve.new({
    send = function(_, frame) check(frame) return true end,
    token = function() tokens = tokens + 1 return "token" .. tokens end,
    now = function() return clock end,
    world = cs.world,
    seed = function() return 1 end,
  }, { base = "http://fuzz", bot_delay = 0, lobby = true })
  local ok, err = pcall(function()
    local n = 0
    for line in text:gmatch("[^\n]*") do
      n = n + 1
      if n > 40 then break end
      local id, frame = line:match("^(%d) (.*)$")
      if id then
        s:message(tonumber(id), frame)
      elseif line == "tick" then
        clock = clock + 1000
        s:tick()
      elseif line:match("^close %d$") then
        s:close(tonumber(line:sub(-1)))
      end
    end
  end)
  s:shutdown()
  if not ok then error(err, 0) end
end

-- A scenario file, as `cardlab test` reads and runs it: a file that cannot
-- be read says why in one line; a scenario's failures may take several (one
-- a check), but running it must not raise. Its game path and helper files
-- are named from a folder that does not exist (so that none is found, and
-- no folder is left behind).
local scenario = require "cardlab.scenario"
local scenario_dir = tmp .. "-no-such-folder"
targets[5] = function(text)
  local list, err = scenario.read_text(text, scenario_dir .. "/s.lua")
  if not list then one_line("a scenario file", err) return end
  for i = 1, math.min(#list, 3) do
    local ok, why = scenario.run(list[i])
    if not ok and type(why) ~= "string" then
      error(string.format("FUZZ: a failed scenario gave no reason (%s)", type(why)), 0)
    end
  end
end

return function(input)
  if #input == 0 then return end
  local target = targets[input:byte(1) % 6]
  target(input:sub(2))
  os.remove(tmp)
end
