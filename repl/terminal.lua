-- The table at a terminal: how `cardlab play` and `replay` print what a game
-- gives them. Every text is first escaped (vm.printable: a game cannot drive
-- the terminal), then wrapped to the width, then painted: colour and suit
-- symbols are added here, to text already escaped, never taken from a game.
--
--   local terminal = require "repl.terminal"
--   local term = terminal.new{ color = "auto", game = def.name }   -- or nil, why
--   term:say("%s", line)              -- escaped, wrapped, painted
--   term:say_as("refusal", "%s", why) -- the whole line in the refusal's colour
--
-- Colour follows the usual conventions: only when standard output is a
-- terminal, never when NO_COLOR is set (to anything but ""), or TERM is
-- "dumb"; `--color=always|never` overrides. Suit symbols (8♥ for 8H) come
-- with a terminal or --color=always, NO_COLOR or not: they are not colour.

local host = require "cardlab.host"
local printable = require("cardlab.vm").printable

local M = {}

M.DEFAULT_WIDTH = 80
M.MIN_WIDTH = 40
M.COLOR_CHOICES = { auto = true, always = true, never = true }

-- SGR codes: the colours of a line's kinds and of the words the games paint
local SGR = {
  reset = "\27[0m", bold = "\27[1m", dim = "\27[2m",
  red = "\27[31m", green = "\27[32m", yellow = "\27[33m", blue = "\27[34m",
  magenta = "\27[35m", cyan = "\27[36m", bright_red = "\27[91m",
  seat = "\27[1;36m",        -- the seat asked, "seat 2 (you)"
  prompt = "\27[1m",         -- what the seat is asked
  refusal = "\27[31m",       -- an answer refused, a command that failed
  move = "\27[2m",           -- a move seen go by (the seat's own words stay plain)
  title = "\27[1m",
}
M.SGR = SGR

-- Columns a text takes: one a character (UTF-8), one a byte if it is not
-- UTF-8. (Wide characters, CJK and emoji, take two; the games use none.)
local function columns(text) return utf8.len(text) or #text end
M.columns = columns

-- The byte position after the first n columns of text.
local function cut_at(text, n)
  if not utf8.len(text) then return n + 1 end
  return utf8.offset(text, n + 1) or #text + 1
end

-- One line (escaped, no newline) as lines of at most `width` columns, cut at
-- blanks where it can; the lines after the first are indented 4 more than
-- the first, so that a wrapped line reads as one item.
function M.wrap(line, width)
  if columns(line) <= width then return { line } end
  local indent = #line:match("^ *")
  local more = string.rep(" ", math.min(indent + 4, width // 2))
  local out, prefix, rest = {}, "", line
  while true do
    local room = width - #prefix
    if columns(rest) <= room then out[#out + 1] = prefix .. rest break end
    local limit = cut_at(rest, room)  -- the byte after the room: a blank there counts
    local at
    local lowest = (#out == 0 and indent or 0) + 2
    -- a blank after a comma, semicolon or full stop, where an item of a
    -- list or a sentence ends, if one leaves the line two thirds full:
    -- "Under Construction" or "Music 0/4" is not cut in two (not after a
    -- colon, which a label's value follows: "deck: 71 cards", nor after
    -- "...", which a text cut short ends with)
    for i = math.min(limit, #rest), lowest + 1, -1 do
      if rest:byte(i) == 32 and (rest:find("^[,;]", i - 1) or rest:find("^[^.]%.", i - 2)) then
        if columns(rest:sub(1, i - 1)) >= room * 2 // 3 then at = i end
        break
      end
    end
    for i = math.min(limit, #rest), lowest, -1 do
      if at then break end
      if rest:byte(i) == 32 then at = i break end
    end
    local piece, left
    if at then
      piece, left = (rest:sub(1, at - 1):gsub(" +$", "")), (rest:sub(at + 1):gsub("^ +", ""))
    else
      piece, left = rest:sub(1, limit - 1), rest:sub(limit)
    end
    out[#out + 1] = prefix .. piece
    prefix, rest = more, left
    if rest == "" then break end
  end
  return out
end

---------------------------------------------------------------- the games' paint

local SUIT_SYMBOL = { S = "♠", H = "♥", D = "♦", C = "♣" }
local SUIT_LETTER = { ["♠"] = "S", ["♥"] = "H", ["♦"] = "D", ["♣"] = "C" }
local SUIT_COLOUR = { S = "bold", H = "bright_red", D = "bright_red", C = "bold" }

-- A game's style: `words`, a list of { pattern, paint } where pattern finds
-- a word (a Lua pattern, frontiers included) and paint(match) gives the text
-- shown for it (same width) and its colour; `input`, the typed line read back
-- (8♥ typed, 8H answered). The games of games/ have one each; any other game
-- gets the colours of the seat asked, prompts and refusals only.
local function colour_word(colour) return function(w) return w, colour end end

local STYLES = {}

STYLES.crazyeights = {
  words = {
    -- a card: rank and suit letter, "10H", "QS"
    { "%f[%w](10)([SHDC])%f[%W]", "card" },
    { "%f[%w]([2-9JQKA])([SHDC])%f[%W]", "card" },
    { "%f[%a]hearts%f[%A]", colour_word("bright_red") },
    { "%f[%a]diamonds%f[%A]", colour_word("bright_red") },
    { "%f[%a]spades%f[%A]", colour_word("bold") },
    { "%f[%a]clubs%f[%A]", colour_word("bold") },
  },
  suits = true,
}

local RUSH_COLOURS = { red = "red", blue = "blue", yellow = "yellow", green = "green", purple = "magenta" }
STYLES.rushfortheweb = { words = {} }
for word, colour in pairs(RUSH_COLOURS) do
  table.insert(STYLES.rushfortheweb.words, { "%f[%a]" .. word .. "%f[%A]", colour_word(colour) })
end
table.insert(STYLES.rushfortheweb.words, { "%f[%w][RP]%d+%f[%W]", colour_word("bold") })

STYLES.online = {
  words = {
    { "%f[%a]E%-Mail%f[%A]", colour_word("cyan") },
    { "%f[%a]Music%f[%A]", colour_word("green") },
    { "%f[%a]Movie%f[%A]", colour_word("magenta") },
    { "%f[%a]Game%f[%A]", colour_word("yellow") },
    { "%f[%a]Hacker%f[%A]", colour_word("red") },
    { "%f[%a]Virus%f[%A]", colour_word("red") },
  },
}

STYLES.cryptocurrency = {
  words = {
    { "%f[%a]Flyt%f[%A]", colour_word("cyan") },
    { "%f[%a]Eruptium%f[%A]", colour_word("red") },
    { "%f[%a]Elvt%f[%A]", colour_word("green") },
    { "%f[%a]Quasar%f[%A]", colour_word("magenta") },
    { "%f[%d]%d+ Wonga%f[%A]", colour_word("yellow") },
  },
}

STYLES.lettertycoon = {
  words = {
    { "%$%d+", colour_word("green") },
  },
}

-- Words found in every game's lines: the seat a line is about when it is the
-- reader's ("seat 2 (you)") or the one to play.
local COMMON_WORDS = {
  { "seat %d+ %(you%)", colour_word("seat") },
  { "seat %d+ to play", colour_word("seat") },
  { "seats %d+ %(you%)", colour_word("seat") },
}

---------------------------------------------------------------- a terminal

local Terminal = {}
-- (a terminal's width is read again each time it is wanted, where it was not
-- given: a window made wider or narrower is followed from the next line)
Terminal.__index = function(t, k)
  if k == "width" then
    local now = rawget(t, "follows") and host.columns and host.columns()
    return math.max(now or rawget(t, "fixed_width"), M.MIN_WIDTH)
  end
  return Terminal[k]
end

-- Makes the terminal of a command. opts: color ("auto", "always", "never";
-- default auto), game (the game's name, for its style), out_tty and width
-- (for tests: whether standard output is a terminal, and its width), env
-- (for tests: a function like os.getenv). Gives the terminal, or nil and
-- what was wrong with opts.color.
function M.new(opts)
  opts = opts or {}
  local choice = opts.color or "auto"
  if not M.COLOR_CHOICES[choice] then
    return nil, string.format("--color: '%s' is not a choice; expected auto, always or never", choice)
  end
  local getenv = opts.env or os.getenv
  local tty = opts.out_tty
  if tty == nil then tty = host.isatty and host.isatty(1) or false end
  local no_color = getenv("NO_COLOR") ~= nil and getenv("NO_COLOR") ~= ""
  local color
  if choice == "always" then color = true
  elseif choice == "never" then color = false
  else color = tty and not no_color and getenv("TERM") ~= "dumb" end
  local width, follows = opts.width, false
  if width == nil then
    follows = tty and host.columns ~= nil
    width = follows and host.columns() or M.DEFAULT_WIDTH
  end
  local style = STYLES[opts.game] or { words = {} }
  return setmetatable({
    color = color, symbols = tty or choice == "always", tty = tty, fixed_width = width, follows = follows,
    style = style, out = opts.out or io.stdout,
  }, Terminal)
end

-- The painted text of one line (already escaped and wrapped): the game's
-- words and the common ones, each in its colour, and suit letters as
-- symbols. Where two words overlap the first found (in line order) wins.
function Terminal:paint(line, kind)
  if not self.color and not self.symbols then return line end
  local spans = {}
  local function find_all(rule)
    local pattern, paint = rule[1], rule[2]
    local init = 1
    while true do
      local s, e = line:find(pattern, init)
      if not s then break end
      local text = line:sub(s, e)
      local colour
      if paint == "card" then
        local rank, suit = text:sub(1, -2), text:sub(-1)
        text = self.symbols and rank .. SUIT_SYMBOL[suit] or text
        colour = SUIT_COLOUR[suit]
      else
        text, colour = paint(text)
      end
      spans[#spans + 1] = { s, e, text, colour }
      init = e + 1
      if e < s then init = s + 1 end
    end
  end
  for _, rule in ipairs(self.style.words) do find_all(rule) end
  if kind ~= "refusal" then
    for _, rule in ipairs(COMMON_WORDS) do find_all(rule) end
  end
  table.sort(spans, function(a, b) return a[1] < b[1] or (a[1] == b[1] and a[2] > b[2]) end)
  local base = self.color and kind and SGR[kind] or nil
  local out, at = {}, 1
  if base then out[1] = base end
  for _, sp in ipairs(spans) do
    local s, e, text, colour = sp[1], sp[2], sp[3], sp[4]
    if s >= at then
      out[#out + 1] = line:sub(at, s - 1)
      if self.color and colour and SGR[colour] then
        out[#out + 1] = SGR[colour] .. text .. SGR.reset .. (base or "")
      else
        out[#out + 1] = text
      end
      at = e + 1
    end
  end
  out[#out + 1] = line:sub(at)
  if base then out[#out + 1] = SGR.reset end
  return table.concat(out)
end

-- The lines a text is printed as: escaped, cut at its new lines, each
-- wrapped to the width and painted (kind: the colour of the whole line,
-- "prompt", "refusal", "move", "title", or nil).
function Terminal:lines(text, kind)
  local out = {}
  for part in (printable(text) .. "\n"):gmatch("(.-)\n") do
    for _, l in ipairs(M.wrap(part, self.width)) do out[#out + 1] = self:paint(l, kind) end
  end
  return out
end

function Terminal:say_as(kind, fmt, ...)
  local lines = self:lines(string.format(fmt, ...), kind)
  self.out:write(table.concat(lines, "\n"), "\n")
end

function Terminal:say(fmt, ...) return self:say_as(nil, fmt, ...) end

-- A line typed at the prompt, as the game reads it: suit symbols typed (or
-- pasted from the table) become the letters of the answers.
function Terminal:input(line)
  if line and self.style.suits then
    line = line:gsub("\226\153[\160\165\166\163]", function(sym)
      return SUIT_LETTER[sym] or sym
    end)
  end
  return line
end

-- Clears the screen and its scrollback (a terminal only): the hot-seat
-- screen, so that the next person does not scroll back to a hand.
function Terminal:clear()
  if self.tty then
    self.out:write("\27[H\27[2J\27[3J")
    self.out:flush()
  end
end

return M
