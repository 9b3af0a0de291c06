-- The house rules of `cardlab serve`: what a house file says it changes (its
-- opening comment), for the badge of a table and the lobby's list, and the
-- lobby's offer of a folder of house files (--houses DIR), with what each
-- sets: the page's form shows the options as a house file plays them. The
-- page names a house file by a name from that offer, never by a path: the
-- server finds the file from the name, and refuses any other.

local M = {}

-- A value of option `o` as a page is shown it: a word list by its name, one
-- given by a path (an operator's house file or --option may) by the file's
-- name alone.
function M.shown_value(o, v)
  if o.type ~= "word_list" or type(v) ~= "string" then return v end
  local known = require("cardlab.dictionary").KNOWN
  if known[v] then return v end
  if known[v:lower()] then return v:lower() end
  return v:match("[^/\\]*$")
end

-- An option as the lobby's form is told it, the game's and a house file's
-- own alike: name, type, default, doc, and the choices; a word list's are
-- the lists of this server by name (the lobby takes no path).
function M.lobby_option(o)
  local choices = o.choices
  if o.type == "word_list" then choices = require("cardlab.options").sorted_keys(require("cardlab.dictionary").KNOWN) end
  return { name = o.name, type = o.type, default = M.shown_value(o, o.default), doc = o.doc, choices = choices }
end

-- What a house file sets, loaded with a game (`def`; `book`, the game's
-- option names without it): `defaults`, the values it gives the game's
-- options, and `options`, those it declares (new_option); nil for none.
local function sets(def, book)
  local defaults, own = nil, nil
  local by_name = {}
  for _, o in ipairs(def.options) do by_name[o.name] = o end
  for name, v in pairs(def.house_defaults or {}) do
    if by_name[name] then
      defaults = defaults or {}
      defaults[name] = M.shown_value(by_name[name], v)
    end
  end
  for _, o in ipairs(def.options) do
    if not book[o.name] then
      own = own or {}
      own[#own + 1] = M.lobby_option(o)
    end
  end
  return { defaults = defaults, options = own }
end

-- What a house file says it changes: its opening comment (docs/houses/*.lua
-- have one), joined into one line, up to an indented line (the command
-- that plays it) or 8 lines. nil when it has none, or is not readable.
function M.about(path)
  local f = io.open(path, "r")
  if not f then return nil end
  local lines = {}
  for line in f:lines() do
    local text = line:match("^%-%- ?(.-)%s*$")
    if not text or text == "" or text:match("^%s") or #lines == 8 then break end
    lines[#lines + 1] = text
  end
  f:close()
  local about = table.concat(lines, " ")
  if about ~= "" and utf8.len(about) then return about end
end

-- The names a file of the folder is offered by: letters, digits, '_', '-'
-- and '.', ending in .lua, not hidden. A name from a page is checked
-- against the list made of these, so it never reaches the file system.
local NAME = "^[%w_%-][%w_%.%-]*%.lua$"

local Offer = {}
Offer.__index = Offer

-- An offer of the house files of `dir` (checked to be a folder by the
-- caller). `games()` gives the games' names; `load(game, path)` a
-- definition or nil and a one-line reason (cardlab.loader's load; without
-- a path, the game alone);
-- `warn(text)` tells the server's operator (a file left out).
function M.offer(dir, games, load, warn)
  return setmetatable({ dir = dir, games = games, load = load, warn = warn, files = {} }, Offer)
end

-- The game whose error is told for a file that fits none: the one the
-- file's name begins with (lettertycoon_two_letter_words.lua), else the first.
local function meant_game(name, games)
  for _, g in ipairs(games) do
    if name:sub(1, #g + 1) == g .. "_" or name == g .. ".lua" then return g end
  end
  return games[1]
end

-- Reads the folder again: a file added, changed (its time or size) or
-- removed since is seen, and only those are loaded again. A file is
-- offered with each game it loads with; one that loads with none is left
-- out, and the operator told once (again when it changes).
function Offer:refresh()
  local ok, seen = pcall(function()
    local lfs = require "lfs"
    local seen = {}
    for name in lfs.dir(self.dir) do
      local path = self.dir .. "/" .. name
      local a = name:sub(1, 1) ~= "." and name:match("%.lua$") and lfs.attributes(path)
      if a and a.mode == "file" then seen[name] = string.format("%d:%d", a.modification, a.size) end
    end
    return seen
  end)
  if not ok then
    if not self.unreadable then
      self.warn(string.format("--houses %s: the folder cannot be read (%s); no house rules are "
        .. "offered until it can", self.dir, tostring(seen):match("^[^\n]*")))
    end
    self.unreadable, self.files = true, {}
    return
  end
  self.unreadable = nil
  for name in pairs(self.files) do
    if not seen[name] then self.files[name] = nil end
  end
  local games = self.games()
  -- the games' own option names, loaded once here, and only for a file loaded
  local book = setmetatable({}, { __index = function(t, game)
    local names = {}
    local def = self.load(game)
    for _, o in ipairs(def and def.options or {}) do names[o.name] = true end
    t[game] = names
    return names
  end })
  for _, name in ipairs(require("cardlab.options").sorted_keys(seen)) do  -- (its warnings in one order)
    local stamp = seen[name]
    local known = self.files[name]
    if not known or known.stamp ~= stamp then
      -- fits[game]: what the file sets with the game; list: those games
      local file = { stamp = stamp, fits = {}, list = {} }
      self.files[name] = file
      local path = self.dir .. "/" .. name
      if not name:match(NAME) or name:find("..", 1, true) then
        self.warn(string.format("--houses: leaving out '%s': a house file offered in the lobby is "
          .. "named with letters, digits, '_', '-' and '.' only", name))
      else
        local errors = {}
        for _, game in ipairs(games) do
          local def, err = self.load(game, path)
          if def then
            file.fits[game] = sets(def, book[game])
            file.list[#file.list + 1] = game
          else
            errors[game] = err
            -- a file that runs away does so with every game: the server's
            -- tables wait while it runs, so once is enough
            if tostring(err):find("without asking for a decision (an endless loop?)", 1, true) then
              for _, g in ipairs(games) do errors[g] = errors[g] or err end
              break
            end
          end
        end
        file.about = M.about(path)
        if #file.list == 0 then
          local game = meant_game(name, games)
          self.warn(string.format("--houses: leaving out %s: it loads with no game (with %s: %s)",
            name, game, tostring(errors[game]):match("^[^\n]*")))
        end
      end
    end
  end
end

-- The house files offered for a game: a sorted list of { name, about,
-- defaults, options } (what it sets, see `sets`).
function Offer:for_game(game)
  local list = {}
  for name, file in pairs(self.files) do
    local set = file.fits[game]
    if set then
      list[#list + 1] = { name = name, about = file.about, defaults = set.defaults, options = set.options }
    end
  end
  table.sort(list, function(a, b) return a.name < b.name end)
  return list
end

-- The path of the house file `name` offered for `game`, or nil and why
-- (a one-line refusal: a path, a name not offered).
function Offer:path(game, name)
  -- (said as sent, but on one line and not too long)
  local shown = name:gsub("%c", "?")
  if #shown > 80 then shown = shown:sub(1, 77) .. "..." end
  local names = {}
  for _, f in ipairs(self:for_game(game)) do names[#names + 1] = f.name end
  local offered = #names > 0 and "house rules offered for " .. game .. ": " .. table.concat(names, ", ")
    or "this server offers no house rules for " .. game
  if name:find("[/\\]") or name:find("..", 1, true) or name:sub(1, 1) == "." then
    return nil, string.format("'house' '%s' is a path; house rules are chosen by a name from the "
      .. "lobby's list, never by a path (%s)", shown, offered)
  end
  local file = self.files[name]
  if not (file and file.fits[game]) then
    return nil, string.format("no house rules '%s' for %s on this server (%s)", shown, game, offered)
  end
  return self.dir .. "/" .. name
end

-- A reason about a house file (a load error) as a page may be told it: the
-- folder's path taken out, as given and as the loader names files
-- (absolute, or under cardlab's home), leaving the file's name; where the
-- server keeps its files is the server's business.
function Offer:unpathed(text)
  local loader = require "cardlab.loader"
  local whole = self.dir:sub(1, 1) == "/" and self.dir or (loader.current_dir() or ".") .. "/" .. self.dir
  local home = CARDLAB_HOME and whole:sub(1, #CARDLAB_HOME + 1) == CARDLAB_HOME .. "/" and whole:sub(#CARDLAB_HOME + 2) or nil
  for _, folder in ipairs({ whole, self.dir, home }) do
    local prefix, out, at = folder .. "/", {}, 1
    while true do
      local i, j = text:find(prefix, at, true)
      if not i then break end
      out[#out + 1] = text:sub(at, i - 1)
      at = j + 1
    end
    out[#out + 1] = text:sub(at)
    text = table.concat(out)
  end
  return text
end

-- How many files are offered, and for how many games (the server's first lines).
function Offer:summary()
  local files, games = 0, {}
  for _, file in pairs(self.files) do
    if #file.list > 0 then files = files + 1 end
    for _, g in ipairs(file.list) do games[g] = true end
  end
  local n = 0
  for _ in pairs(games) do n = n + 1 end
  return files, n
end

return M
