-- The games' scripts read as they run: a top-level assignment without
-- `local` (`NAME = ...`, `function NAME(...)`) reads as a global's. Where it
-- sets a local declared earlier (`local NAME`), the declaration must be
-- needed, that is, the name used between the two (as a function defined
-- before the assignment reads it); else the assignment should be the
-- `local` itself. A name assigned so that is declared nowhere would be a
-- global write, which the sandbox's scripts do not make either.

local function script_paths()
  local list = {}
  local pipe = assert(io.popen("ls games/*/*.lua"))
  for path in pipe:lines() do list[#list + 1] = path end
  pipe:close()
  return list
end

-- The lines of a file without their comments (a "--" outside a string is
-- taken as a comment: good enough for these names).
local function code_lines(path)
  local lines = {}
  for line in io.lines(path) do
    lines[#lines + 1] = (line:gsub("%-%-.*$", ""))
  end
  return lines
end

local function uses(line, name)
  return line:find("%f[%w_]" .. name .. "%f[^%w_]") ~= nil
end

-- The problems of one script: a top-level assignment to a name declared
-- local earlier but not used in between, or declared nowhere.
local function problems(path)
  local lines, declared, found = code_lines(path), {}, {}
  for n, line in ipairs(lines) do
    local names = line:match("^local%s+([%w_,%s]+)$")
    if names then
      for name in names:gmatch("[%w_]+") do declared[name] = n end
    end
    local assigned = line:match("^([%a_][%w_]*%s*,?[%w_,%s]*)=[^=]") or line:match("^function%s+([%a_][%w_]*)%s*%(")
    if assigned and not line:match("^local%s") and not line:match("^for%s") then
      for name in assigned:gmatch("[%a_][%w_]*") do
        local at = declared[name]
        if not at then
          found[#found + 1] = string.format("%s:%d: %s is assigned but declared nowhere (a global)", path, n, name)
        else
          local between = false
          for k = at + 1, n - 1 do
            if uses(lines[k], name) then between = true; break end
          end
          if not between then
            found[#found + 1] = string.format("%s:%d: %s, declared local at line %d and not used before, reads as a global: declare it here", path, n, name, at)
          end
        end
      end
    end
  end
  return found
end

describe("the games' scripts", function()
  it("assign at the top level only the locals declared ahead because a function before reads them", function()
    local all = {}
    for _, path in ipairs(script_paths()) do
      for _, p in ipairs(problems(path)) do all[#all + 1] = p end
    end
    assert.same({}, all)
  end)
end)
