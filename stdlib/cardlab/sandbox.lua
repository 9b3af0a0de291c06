-- The sandbox that rule scripts, their modules and house-rule files run in:
-- an allow-list of the standard library with nothing that reaches outside
-- the game (no io, os, package, load, math.random), where reading or setting
-- an undefined global is an error that names it. Scripts load in text mode
-- only, so no precompiled chunk gets in.

local vm = require "cardlab.vm"

local M = {}

local BASE = {
  "assert", "error", "ipairs", "next", "pairs", "rawequal",
  "rawget", "rawlen", "rawset", "select", "setmetatable",
  "tonumber", "tostring", "type",
}

-- print as Lua's, but with control characters other than newline and tab
-- escaped, as the host prints every text of a game (vm.printable): a script
-- cannot drive the terminal through it. The REPL's Lua prompt has it too.
function M.print(...)
  local parts = table.pack(...)
  for i = 1, parts.n do parts[i] = tostring(parts[i]) end
  io.stdout:write(vm.printable(table.concat(parts, "\t", 1, parts.n)), "\n")
  io.stdout:flush()
end

-- pcall and xpcall that cannot catch the engine stopping a step (its
-- instruction limit, Ctrl-C): that error goes on up to the engine.
local pcall_, xpcall_, error_ = pcall, xpcall, error

local function rethrow_if_doomed(ok, ...)
  if not ok and vm.doomed() then error_((...), 0) end
  return ok, ...
end

local function safe_pcall(f, ...)
  return rethrow_if_doomed(pcall_(f, ...))
end

local function safe_xpcall(f, handler, ...)
  return rethrow_if_doomed(xpcall_(f, function(m)
    if vm.doomed() then return m end
    return handler(m)
  end, ...))
end

-- The metatables scripts set themselves (weak keys: they go with the tables).
local made_by_scripts = setmetatable({}, { __mode = "k" })

-- getmetatable for tables only, and only for a metatable a script set: the
-- metatable of strings is the host's string library, and the host's own
-- objects (a game, its options) share their metatables with every other
-- game of the process, which a script must not reach.
local getmetatable_ = getmetatable
local function safe_getmetatable(v)
  if type(v) ~= "table" then return nil end
  local mt = debug.getmetatable(v)
  if mt == nil or not made_by_scripts[mt] then return nil end
  return getmetatable_(v)
end

-- next as Lua's, but one that sees the entries of a read-only view (a bot's
-- view, the state read through it, a constraints hook's view), whose own
-- table is empty: read through the view's pairs from its first entry at
-- each call (a view's tables are small). Lua's next saw nothing there, so
-- `next(view.state.known) == nil` held for every table, without a word.
local next_, pairs_, rawequal_ = next, pairs, rawequal
local function safe_next(t, k)
  if type(t) ~= "table" then
    error(string.format("bad argument #1 to 'next' (table expected, got %s)", t == nil and "nil" or type(t)), 2)
  end
  if getmetatable_(t) ~= "read-only" then return next_(t, k) end
  local after = k == nil
  for key, value in pairs_(t) do
    if after then return key, value end
    after = rawequal_(key, k)
  end
  if not after then error("invalid key to 'next'", 2) end
  return nil
end

-- setmetatable without finalizers: a __gc runs when the collector decides,
-- in whatever code is running then (the host's, another game's, the exit),
-- outside any limit; and no rule may depend on when that is (principle 1).
local setmetatable_ = setmetatable
local function safe_setmetatable(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("bad argument #2 to 'setmetatable' (a '__gc' finalizer is not available to rule "
      .. "scripts: it would run at a time no rule can know)", 2)
  end
  if type(mt) == "table" then made_by_scripts[mt] = true end
  return setmetatable_(t, mt)
end

-- Strings index the string library through their metatable, shared by
-- the whole process: ('').dump would reach string.dump, which the sandbox
-- leaves out. Method calls on strings use a copy without it (made once;
-- scripts cannot reach the table itself, only read its functions).
do
  local methods = {}
  for k, v in pairs(string) do methods[k] = v end
  methods.dump = nil
  debug.getmetatable("").__index = methods
end

local LIBS = {
  string = { "byte", "char", "find", "format", "gmatch", "gsub", "len", "lower",
             "match", "pack", "packsize", "rep", "reverse", "sub", "unpack", "upper" },
  table = { "concat", "insert", "move", "pack", "remove", "sort", "unpack" },
  math = { "abs", "ceil", "floor", "fmod", "huge", "max", "maxinteger", "min",
           "mininteger", "modf", "pi", "sqrt", "tointeger", "type", "ult", "exp", "log",
           "sin", "cos", "tan" },
  utf8 = { "char", "charpattern", "codepoint", "codes", "len", "offset" },
}

-- Makes a fresh environment; `extra` adds names (e.g. require). `meant(name)`,
-- if given, may give what an undefined global was likely meant to be (a
-- house file's `draw_limit` for `options.draw_limit`), for the error to say.
-- `fixed` names globals that read as given but may not be assigned
-- ({name = {value, why}}): a house file's `options = {...}` would otherwise
-- replace the table it sees and change nothing.
function M.environment(extra, meant, fixed)
  fixed = fixed or {}
  local env = {}
  for _, name in ipairs(BASE) do env[name] = _G[name] end
  env.pcall, env.xpcall, env.getmetatable, env.next = safe_pcall, safe_xpcall, safe_getmetatable, safe_next
  env.setmetatable = safe_setmetatable
  env.print = M.print
  for lib, names in pairs(LIBS) do
    local t = {}
    for _, name in ipairs(names) do t[name] = _G[lib][name] end
    env[lib] = t
  end
  env._G = env
  for k, v in pairs(extra or {}) do env[k] = v end
  return setmetatable(env, {
    __index = function(_, name)
      if fixed[name] then return fixed[name][1] end
      local guess = meant and meant(name)
      error(string.format("undefined global '%s'%s", tostring(name),
        guess and string.format(" (did you mean %s?)", guess) or ""), 2)
    end,
    __newindex = function(_, name)
      if fixed[name] then error(string.format("cannot assign '%s': %s", name, fixed[name][2]), 2) end
      local guess = meant and meant(name)
      error(string.format("assignment to undefined global '%s' (%s)", tostring(name),
        guess and string.format("did you mean %s?", guess) or "declare it local"), 2)
    end,
  })
end

-- Reads a file; gives its text, or nil and a one-line reason.
function M.read(path)
  -- a FIFO or a device would block or never end: regular files only (a
  -- link is followed)
  local mode = require("lfs").attributes(path, "mode")
  if mode ~= nil and mode ~= "file" and mode ~= "directory" then
    return nil, string.format("cannot read %s: it is not a regular file (%s)", path, mode)
  end
  local f, err = io.open(path, "rb")
  if not f then return nil, "cannot open " .. (err or path) end
  -- a directory opens, but does not read
  local text, rerr = f:read("a")
  f:close()
  if not text then return nil, string.format("cannot read %s: %s", path, rerr or "not a file") end
  return text
end

-- Compiles text as a chunk named after path in env; text mode only.
-- An error without a place (a binary chunk, a C stack overflow in the
-- parser) is given the file's name.
function M.compile(text, path, env)
  local chunk, err = load(text, "@" .. path, "t", env)
  if not chunk and type(err) == "string" and not err:match("^[^\n]-:%d+:") then
    err = string.format("%s: %s", path, err)
  end
  return chunk, err
end

return M
