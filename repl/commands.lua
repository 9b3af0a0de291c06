-- The REPL's command language. A command is a line that starts with ':'; the
-- grammar reads its name, then the arguments that command takes. A mistake
-- gives one line that says what was expected, e.g.
--   ':bot' expects SEAT KIND, e.g. :bot 2 greedy

local lpeg = require "lpeg"
local P, R, S, C, Ct = lpeg.P, lpeg.R, lpeg.S, lpeg.C, lpeg.Ct

local M = {}

local blank = S" \t"^0
local space = S" \t"^1
local word = C((1 - S" \t")^1)
-- a whole number Lua can hold; more digits than that do not match
local function whole(digits)
  return lpeg.Cmt(C(digits), function(_, pos, text)
    local n = math.tointeger(tonumber(text))
    if n then return pos, n end
  end)
end
-- with a sign too, for a count or seat the command checks itself, so that a
-- negative one is refused in the same words as one too large (`:run -1` as
-- `:run 0`, `:bot -1 random` as `:bot 9 random`)
local signed = whole(P"-"^-1 * R"09"^1)
local rest = C((1 - S"\n")^1)
local finish = blank * -1
local none = P(true)
-- a file's name: a word, or quoted when it holds blanks ("my tests/a.lua")
local file = P'"' * C((1 - P'"')^1) * P'"' + #(1 - P'"') * word
local setting = Ct(C((R("az", "AZ", "09") + P"_")^1) * P"=" * C((1 - S" \t")^0))

-- Each command: its arguments' pattern (captures in order), usage, example
-- and one line of help. Kept in the order :help lists them.
M.list = {
  { name = "new", args = space * word * Ct((space * setting)^0), usage = "GAME [name=value ...]",
    example = ":new crazyeights players=3 seed=7 draw_limit=1",
    doc = "start a game; seed=N and players=N, other names are the game's options" },
  { name = "games", args = none, usage = "", doc = "list the games" },
  { name = "options", args = none, usage = "", doc = "the game's options and their values" },
  { name = "show", args = (space * signed)^-1, usage = "[SEAT]", example = ":show 2",
    doc = "the table as SEAT sees it (without SEAT: everything)" },
  { name = "moves", args = none, usage = "", doc = "the pending request and its legal answers" },
  { name = "hint", args = (space * word)^-1, usage = "[ismcts:PARAMETERS]",
    example = ":hint ismcts:iterations=2000",
    doc = "the search bot's ranking of the pending request's answers, from that seat's view only" },
  { name = "answer", args = space * rest, usage = "TEXT", example = ":answer play 7H",
    doc = "answer the pending request (a plain number or answer text works too)" },
  { name = "undo", args = (space * signed)^-1, usage = "[N]", example = ":undo 3",
    doc = "take back the last N answers (default 1)" },
  { name = "redo", args = none, usage = "", doc = "give back the last answer (or edit) taken back" },
  { name = "log", args = none, usage = "", doc = "the answers and edits so far" },
  { name = "save", args = space * rest, usage = "FILE", example = ":save game.json",
    doc = "save the game (script hash, options, seed, answers, edits)" },
  { name = "load", args = space * rest, usage = "FILE", example = ":load game.json",
    doc = "load a saved game" },
  { name = "scenario", args = space * file * (space * rest)^-1, usage = "FILE [NAME]",
    example = ":scenario tests/eights.lua an eight names the suit",
    doc = "keep the game as a scenario for cardlab test: its edits and answers, and what the table shows "
      .. "now; added to FILE if it holds scenarios" },
  { name = "seed", args = none, usage = "", doc = "the game's seed" },
  { name = "bot", args = space * signed * space * word, usage = "SEAT KIND",
    example = ":bot 2 greedy", doc = "let a bot play SEAT (KIND: human, random, ismcts or a bot of the game)" },
  { name = "run", args = (space * signed)^-1, usage = "[N]", example = ":run 10",
    doc = "bots answer until a human seat is asked, or N answers" },
  { name = "reload", args = none, usage = "",
    doc = "reload the rule script and replay the game under it; report where it diverges" },
  { name = "set", args = space * rest, usage = "EDIT",
    example = ":set move 8H hand[1]",
    doc = "change the table by hand: move CARD ZONE [top|bottom|N] [from ZONE], face CARD up|down, "
      .. "turn SEAT, empty ZONE [ZONE], state PATH VALUE, or the game's own edits" },
  { name = "help", args = (space * word)^-1, usage = "[COMMAND]", example = ":help run",
    doc = "this list, or one command" },
  { name = "quit", args = none, usage = "", doc = "leave (so does Ctrl-D)" },
}

M.by_name = {}
for _, c in ipairs(M.list) do M.by_name[c.name] = c end

local head = blank * P":" * C(R("az", "AZ")^0) * C(P(1)^0)

local function names()
  local list = {}
  for _, c in ipairs(M.list) do list[#list + 1] = ":" .. c.name end
  return table.concat(list, ", ")
end

-- Whether the line is a command (starts with ':').
function M.is_command(line)
  return lpeg.match(blank * P":", line) ~= nil
end

-- Parses a command line. Gives the command's name and its arguments (a list),
-- or nil and one line saying what was expected.
function M.parse(line)
  local name, tail = lpeg.match(head, line)
  if not name then return nil, "a command starts with ':'; commands: " .. names() end
  local c = M.by_name[name:lower()]
  if not c then
    return nil, string.format("unknown command ':%s'; commands: %s", name, names())
  end
  local args = lpeg.match(Ct(c.args) * finish, tail)
  if not args then
    local expected = c.usage == "" and "no arguments" or c.usage
    return nil, string.format("':%s' expects %s%s", c.name, expected,
      c.example and ", e.g. " .. c.example or "")
  end
  return c.name, args
end

return M
