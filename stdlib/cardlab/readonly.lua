-- Read-only proxies: tables that read through to others and refuse every
-- write, so that a bot can be handed live data (a game's state) or data kept
-- from one decision to the next (a zone's view) without a copy, and cannot
-- change anything through them. `pairs`, `ipairs`, `#`, `table.concat` and
-- `table.unpack` work as on the table itself, and so does a script's `next`
-- (the sandbox's reads through pairs); Lua's own `next` and `rawget` see an
-- empty table, and getmetatable gives "read-only".

local vm = require "cardlab.vm"

local type, next, error, setmetatable, rawset, tostring = type, next, error, setmetatable, rawset,
  tostring

local M = {}

local function refuse(_, key)
  error(string.format("a view is read-only: cannot set '%s'", tostring(key)), 2)
end

-- table -> its proxy (readonly.of), and every proxy made here -> what it
-- reads (proxies are given as they are, never proxied again); weak keys, so
-- that all go when the table does
local proxies = setmetatable({}, { __mode = "k" })
local target = setmetatable({}, { __mode = "k" })

-- readonly.of(t) gives the one proxy of t. Tables inside t are given as
-- their proxies in turn, when read, so that reads see the live values however
-- deep (each read is a call: for data read often and changed seldom, see
-- readonly.flat).
local function of(t)
  local p = proxies[t]
  if p then return p end
  local function wrap(k, v)
    if type(v) == "table" and target[v] == nil then v = proxies[v] or of(v) end
    return k, v
  end
  p = setmetatable({}, {
    -- (in C: t[key], a table as its proxy, made by `of` the first time)
    __index = vm.reader(t, proxies, target, of),
    __newindex = refuse,
    __len = function() return #t end,
    __pairs = function() return function(_, key) return wrap(next(t, key)) end, p, nil end,
    __metatable = "read-only",
  })
  proxies[t] = p
  target[p] = t
  return p
end
M.of = of

local function flat_len(p) return #target[p] end
local function flat_pairs(p) return next, target[p], nil end

-- readonly.flat(t [, pairs]) gives a proxy of a table that nobody else holds
-- and that holds no tables but proxies (a zone's view, its list of cards made
-- flat first): its reads take Lua's own path for an __index table, as fast as
-- a plain table's. pairs, if given, is the proxy's __pairs (for a table whose
-- metatable supplies some of its values).
function M.flat(t, pairs)
  local p = setmetatable({}, {
    __index = t, __newindex = refuse, __len = flat_len, __pairs = pairs or flat_pairs,
    __metatable = "read-only",
  })
  target[p] = t
  return p
end

-- readonly.lazy(fetch, keys) gives a read-only table whose value at key k is
-- fetch(k), asked at the first read only (until readonly.forget); keys()
-- lists every key, for `pairs`. fetch gives values read-only itself.
function M.lazy(fetch, keys)
  -- a read finds a value fetched before on Lua's own path (got is the
  -- proxy's __index table), and only a first read calls
  local got = setmetatable({}, {
    __index = function(got, key)
      local v = fetch(key)
      if v ~= nil then rawset(got, key, v) end
      return v
    end,
  })
  local p
  p = setmetatable({}, {
    __index = got,
    __newindex = refuse,
    __pairs = function()
      local list, i = keys(), 0
      return function()
        i = i + 1
        local key = list[i]
        if key == nil then return nil end
        return key, got[key]
      end, p, nil
    end,
    __metatable = "read-only",
  })
  target[p] = got
  return p
end

-- readonly.forget(p) makes the lazy table p fetch every value again at its
-- next read.
function M.forget(p)
  local got = target[p]
  for k in next, got do got[k] = nil end
end

return M
