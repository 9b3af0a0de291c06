-- The sandbox that rule scripts, their modules and house-rule files run in:
-- an allow-list of the standard library with nothing that reaches outside
-- the game (no io, os, package, load, math.random), where reading or setting
-- an undefined global is an error that names it. Scripts load in text mode
-- only, so no precompiled chunk gets in.

local M = {}

local BASE = {
  "assert", "error", "ipairs", "next", "pairs", "pcall", "print", "rawequal",
  "rawget", "rawlen", "rawset", "select", "setmetatable", "getmetatable",
  "tonumber", "tostring", "type", "xpcall",
}

local LIBS = {
  string = { "byte", "char", "find", "format", "gmatch", "gsub", "len", "lower",
             "match", "pack", "packsize", "rep", "reverse", "sub", "unpack", "upper" },
  table = { "concat", "insert", "move", "pack", "remove", "sort", "unpack" },
  math = { "abs", "ceil", "floor", "fmod", "huge", "max", "maxinteger", "min",
           "mininteger", "modf", "pi", "sqrt", "tointeger", "type", "ult", "exp", "log",
           "sin", "cos", "tan" },
  utf8 = { "char", "charpattern", "codepoint", "codes", "len", "offset" },
}

-- Makes a fresh environment; `extra` adds names (e.g. require).
function M.environment(extra)
  local env = {}
  for _, name in ipairs(BASE) do env[name] = _G[name] end
  for lib, names in pairs(LIBS) do
    local t = {}
    for _, name in ipairs(names) do t[name] = _G[lib][name] end
    env[lib] = t
  end
  env._G = env
  for k, v in pairs(extra or {}) do env[k] = v end
  return setmetatable(env, {
    __index = function(_, name)
      error(string.format("undefined global '%s'", tostring(name)), 2)
    end,
    __newindex = function(_, name)
      error(string.format("assignment to undefined global '%s' (declare it local)",
        tostring(name)), 2)
    end,
  })
end

-- Reads a file; gives its text, or nil and a one-line reason.
function M.read(path)
  local f, err = io.open(path, "rb")
  if not f then return nil, "cannot open " .. (err or path) end
  local text = f:read("a")
  f:close()
  return text
end

-- Compiles text as a chunk named after path in env; text mode only.
function M.compile(text, path, env)
  return load(text, "@" .. path, "t", env)
end

return M
