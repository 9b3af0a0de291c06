-- `cardlab repl [GAME] [--players N] [--seed S] [--option k=v] [--house FILE]`:
-- the interactive loop around a session (repl/session.lua): line editing and
-- history (libedit), tab completion, multi-line Lua, and Ctrl-C, which stops
-- a bot run or runaway code and comes back to the prompt. Ctrl-D leaves. No
-- error ends the loop.
--
-- What reaches the terminal from here (the session's texts, the prompt with
-- the game's name, completions) goes through vm.printable, as the other
-- commands' lines go through common.say: a game's texts cannot drive the
-- terminal.

local host = require "cardlab.host"
local common = require "repl.common"
local session = require "repl.session"
local printable = require("cardlab.vm").printable

local M = {}

-- Prints a text and a newline, flushed as print is (libedit writes the
-- prompt after it).
local function show(text)
  io.stdout:write(printable(text), "\n")
  io.stdout:flush()
end

-- The prompt: the game's name and the seat asked (or the game's status).
function M.prompt(s)
  local m = s.match
  local text = "cardlab> "
  if m and m:status() == "waiting" then
    text = string.format("%s seat %d> ", m.def.name, m:request().seat)
  elseif m then
    text = string.format("%s (%s)> ", m.def.name, m:status())
  end
  return printable(text)
end

-- The candidates of tab completion (Session:complete) as libedit will list
-- them: an answer's or a zone's name is the game's text.
function M.completions(s, word, line)
  local ok, list = pcall(s.complete, s, word, line)
  if not ok then return {} end
  for i, c in ipairs(list) do list[i] = printable(c) end
  return list
end

-- Runs typed Lua so that Ctrl-C can stop it.
local function interruptible_xpcall(f, handler)
  host.interruptible(true)
  local results = table.pack(xpcall(f, handler))
  host.interruptible(false)
  return table.unpack(results, 1, results.n)
end

function M.run(argv)
  -- Ctrl-C stops what runs, not the REPL
  host.catch_interrupts()
  local opts, pos = common.parse("repl", argv or {}, { players = "integer", seed = "integer",
    option = "list", house = "string" }, nil, { "GAME" })
  if not opts then return 2 end
  -- without a GAME these would start nothing: dropping them unsaid would
  -- start the next :new without the house rules or options asked for
  if not pos[1] then
    for _, flag in ipairs({ "house", "option", "players", "seed" }) do
      if opts[flag] ~= nil then
        common.complain("repl: --%s is for the game started with it; give a GAME too "
          .. "(see 'cardlab help repl')", flag)
        return 2
      end
    end
  end
  local settings = common.option_settings("repl", opts.option)
  if not settings then return 2 end
  local s, text, failed = session.new(pos[1] and { game = pos[1], players = opts.players, seed = opts.seed,
                                                   options = settings, house = opts.house } or nil)
  if failed then
    -- as the other commands do with a game they cannot start
    common.complain("repl: %s", text)
    return failed
  end
  show(string.format("cardlab %s; :help for commands, Ctrl-D to leave", require("cardlab.vm").version))
  if text ~= "" then show(text) end
  local history = os.getenv("CARDLAB_HISTORY") or ((os.getenv("HOME") or ".") .. "/.cardlab_history")
  -- "" or /dev/null: no history kept, and nothing said
  if history == "" or history == "/dev/null" then history = nil end
  -- a history that cannot be kept is said once, in one line, and the
  -- session goes on without it
  local function cannot_keep(why)
    io.stderr:write(string.format("cardlab: repl: cannot keep the history in '%s' (%s); this session's "
      .. "lines are not saved (CARDLAB_HISTORY=FILE names another file)\n", history, why))
    history = nil
  end
  if history then
    host.read_history(history)
    local ok, why = host.history_writable(history)
    if not ok then cannot_keep(why) end
  end
  host.set_completer(function(word, line) return M.completions(s, word, line) end)
  while not s.quit do
    local line = host.readline(M.prompt(s))
    if line == nil then break end
    local input = line
    host.interrupted()  -- a Ctrl-C from before this line stops nothing in it
    local ok, out, more = pcall(s.input, s, input, interruptible_xpcall)
    while ok and more do
      local next_line, interrupted = host.readline(">> ")
      if next_line == nil then show("") end  -- Ctrl-D: the chunk is left unfinished
      if next_line == nil or interrupted then
        -- Ctrl-C or Ctrl-D drops the unfinished chunk
        ok, out = true, ""
        break
      end
      input = input .. "\n" .. next_line
      ok, out, more = pcall(s.input, s, input, interruptible_xpcall)
    end
    if input:match("%S") then host.add_history(input) end
    if not ok then
      show("internal error (the session goes on): " .. tostring(out))
    elseif out and out ~= "" then
      show(out)
    end
  end
  if history then
    local ok, why = host.write_history(history)
    if not ok then cannot_keep(why) end
  end
  show("")
  return 0
end

return M
