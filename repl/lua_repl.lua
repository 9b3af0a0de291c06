-- `cardlab repl`: a plain Lua prompt with the vm loaded, in the manner of lua.c:
-- a line is tried as `return <line>` first so that expressions print their
-- value; an incomplete chunk (one that ends at <eof>) asks for more lines;
-- everything runs in protected mode with a traceback. The full REPL with a
-- live game and its commands is a later step (docs/cli.md).

local host = require "cardlab.host"

local M = {}

local HELP = [[
a Lua prompt with cardlab loaded:
  vm       the C runtime (vm.table, vm.rng, vm.seats, vm.engine)
  loader   loader.load("crazyeights") gives a game definition
  match    match.new(def, {players = 4, seed = 1}) gives a match to answer or run
  render   render.view_lines(m:view(1), m.game.cards)
Ctrl-D leaves.]]

local function incomplete(err)
  return err:sub(-5) == "<eof>"
end

local function show(...)
  if select("#", ...) == 0 then return end
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
  print(table.concat(parts, "\t"))
end

local function traceback(msg)
  return debug.traceback(tostring(msg), 2)
end

function M.run()
  local env = setmetatable({
    vm = require "cardlab.vm",
    loader = require "cardlab.loader",
    match = require "cardlab.match",
    render = require "render",
    help = function() print(HELP) end,
  }, { __index = _G })
  print(string.format("cardlab %s repl; help() for what is loaded, Ctrl-D to leave", env.vm.version))
  local history = (os.getenv("HOME") or ".") .. "/.cardlab_history"
  host.read_history(history)
  while true do
    local line = host.readline("> ")
    if line == nil then break end
    local chunk, err = load("return " .. line, "=stdin", "t", env)
    if not chunk then
      local text = line
      chunk, err = load(text, "=stdin", "t", env)
      while not chunk and incomplete(err) do
        local more = host.readline(">> ")
        if more == nil then break end
        text = text .. "\n" .. more
        chunk, err = load(text, "=stdin", "t", env)
      end
      line = text
    end
    if line:match("%S") then host.add_history(line) end
    if chunk then
      host.interrupted()
      local results = table.pack(xpcall(chunk, traceback))
      if results[1] then show(table.unpack(results, 2, results.n)) else print(results[2]) end
    else
      print(err)
    end
  end
  host.write_history(history)
  print()
  return 0
end

return M
