-- The hint added to the error of a game that ended in error under a house
-- file (Match:result): which piece the house file changed is involved. A
-- module of its own, loaded only then: a game that does not fail under house
-- rules never reads it.
local M = {}

-- What a house file did to a piece, for a hint: "rules.penalty is replaced
-- by house.lua:3; check what it returns", "rules.data is changed by
-- house.lua:5 (rules.data.max_loans); check its values".
local function house_change(name, change, where)
  if change.keys then
    local list = {}
    for _, key in ipairs(change.keys) do list[#list + 1] = string.format("%s (%s)", key[2], key[1]) end
    return string.format("rules.%s%s is changed by %s; check its values", name, where, table.concat(list, ", "))
  end
  return string.format("rules.%s%s is replaced by %s; check what it %s", name, where, change.at,
    change.src and "returns" or "holds")
end

-- The text of line n of text, or nil.
local function line_of(text, n)
  local k = 0
  for line in (text .. "\n"):gmatch("([^\n]*)\n") do
    k = k + 1
    if k == n then return line end
  end
end

-- An error of a game played under house rules (the engine's error text: a
-- message, then a stack traceback), with a hint added to its first line
-- naming the house file and the piece it changed that the error involves:
-- the innermost frame that runs a piece the file replaced ("in rules.turn,
-- which house.lua:3 replaced"), or that is a line of the game's files that
-- reads one ("this line calls rules.penalty, which house.lua:1 replaced:
-- ..."), else the file's changes, for the author to look at. Only ever read
-- when a game has ended in error: the pieces and their calls are the
-- house file's own, unwrapped (changes: the definition's house_changes).
function M.hint(changes, err)
  if type(err) ~= "string" or type(changes) ~= "table" then return err end
  local first, rest = err:match("^([^\n]*)(.*)$")
  -- (a bot's error is said "bot for seat N: greedy.lua:12: ...")
  local frames = { (first:gsub("^bot for seat %d+: ", "")) }
  for line in rest:gmatch("\n\t([^\n]*)") do frames[#frames + 1] = line end
  -- a long path is cut to "...its end" in a traceback
  local function same(short, name)
    if short == name then return true end
    return short:sub(1, 3) == "..." and name:sub(-(#short - 3)) == short:sub(4)
  end
  local function text_of(src)
    -- (by name: of two files a cut path fits, the same every run)
    for _, name in ipairs(require("cardlab.options").sorted_keys(changes.texts)) do
      if same(src, name) then return changes.texts[name] end
    end
  end
  local names = {}
  for name in pairs(changes.pieces) do names[#names + 1] = name end
  table.sort(names)
  local hint
  for k, frame in ipairs(frames) do
    local src, n = frame:match("^(.-):(%d+):")
    n = tonumber(n)
    if src then
      for _, name in ipairs(names) do
        local change = changes.pieces[name]
        if change.src and same(src, change.src) and n >= change.first and n <= change.last then
          hint = string.format("in rules.%s, the piece %s put in place", name, change.at)
          break
        end
      end
      if hint then break end
      local text = text_of(src)
      local line = text and line_of(text, n)
      if line then
        line = line:gsub("%-%-.*$", "")  -- (not a piece named in a comment)
        for name in line:gmatch("rules%s*%.%s*([%a_][%w_]*)") do
          local change = changes.pieces[name]
          if change then
            hint = house_change(name, change, k == 1 and ", read on this line,"
              or string.format(", read by the caller at %s:%d,", src, n))
            break
          end
        end
        if hint then break end
      end
    end
  end
  if not hint then
    local list = {}
    for _, name in ipairs(names) do
      local change = changes.pieces[name]
      if change.keys then
        for _, key in ipairs(change.keys) do list[#list + 1] = string.format("%s changed %s", key[2], key[1]) end
      else
        list[#list + 1] = string.format("%s replaced rules.%s", change.at, name)
      end
    end
    hint = "the game ran under house rules: " .. table.concat(list, ", ")
  end
  return first .. " (" .. hint .. ")" .. rest
end

return M
