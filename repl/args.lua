-- Command-line parsing for the cardlab program. A command declares its flags:
--   { players = "integer", seed = "integer", seat = "list", json = "flag", ... }
-- and gets back a table of values plus the positional arguments. Mistakes give
-- one line saying what was wrong and what is valid.

local M = {}

-- The flags to list after an unknown one: by their short names where they
-- have one (-n, not --n), and not those only cardlab itself gives (hidden:
-- a worker's --first).
local function valid(spec, aliases, hidden)
  local short = {}
  for alias, name in pairs(aliases or {}) do short[name] = alias end
  local names = {}
  for name in pairs(spec) do
    if not (hidden and hidden[name]) then names[#names + 1] = short[name] or "--" .. name:gsub("_", "-") end
  end
  table.sort(names, function(a, b) return a:gsub("^%-+", "") < b:gsub("^%-+", "") end)
  return #names > 0 and table.concat(names, ", ") or "none (this command takes no options)"
end

-- Parses argv (a list) against spec; aliases maps short names ("-n") to flag
-- names; hidden names flags that are not listed to people. Gives opts,
-- positional, or nil and a reason.
function M.parse(argv, spec, aliases, hidden)
  local opts, positional = {}, {}
  local i = 1
  while i <= #argv do
    local a = argv[i]
    local name, inline = a:match("^%-%-([%w%-]+)=(.*)$")
    if not name then name = a:match("^%-%-([%w%-]+)$") end
    if not name and aliases and aliases[a] then name = aliases[a] end
    if name then
      local key = name:gsub("%-", "_")
      local kind = spec[key]
      if not kind then
        return nil, string.format("unknown option '%s'; valid options: %s", a, valid(spec, aliases, hidden))
      end
      if kind == "flag" then
        opts[key] = true
      else
        local value = inline
        if value == nil then
          i = i + 1
          value = argv[i]
          if value == nil then return nil, string.format("option '%s' needs a value", a) end
        end
        if kind == "integer" then
          local n = math.tointeger(tonumber(value))
          if not n or not value:match("^%s*[+-]?%d+%s*$") then
            -- the flag as named, without an =value written with it
            local flag = a:match("^[^=]*")
            if value:match("^%s*[+-]?%d+%s*$") then
              return nil, string.format("option '%s': '%s' has too many digits", flag, value)
            end
            return nil, string.format("option '%s': '%s' is not a whole number", flag, value)
          end
          value = n
        end
        if kind == "list" then
          opts[key] = opts[key] or {}
          table.insert(opts[key], value)
        elseif opts[key] ~= nil then
          -- only a list may be repeated: the last one winning would hide a slip
          return nil, string.format("option '%s' given twice ('%s', then '%s'); it takes one value",
            a:match("^[^=]*"), tostring(opts[key]), tostring(value))
        else
          opts[key] = value
        end
      end
    else
      positional[#positional + 1] = a
    end
    i = i + 1
  end
  return opts, positional
end

return M
