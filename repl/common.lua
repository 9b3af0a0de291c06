-- Helpers shared by the cardlab commands: output, flag parsing, loading the
-- game a command names, and --option settings.

local args = require "repl.args"
local loader = require "cardlab.loader"
local options = require "cardlab.options"
local printable = require("cardlab.vm").printable

local M = {}

-- A game of bots longer than this many answers is taken as never ending
-- (an option combination no one can win, a rule that loops).
M.MAX_ANSWERS = 1000000

-- The largest seed (2^53-1: past it a seed read back from JSON loses digits).
M.MAX_SEED = 9007199254740991

-- Refuses (with the error, status 2) a run of games first..first+n-1 played
-- with seeds seed+i-1 whose last seed would pass the largest; gives true
-- when it fits. A seed out of range altogether is left to the game's
-- configuration, which names it.
function M.check_last_seed(command, seed, n, first)
  first = first or 1
  if seed < 0 or seed > M.MAX_SEED or n < 1 or first < 1 then return true end
  if n - 1 <= M.MAX_SEED - seed - (first - 1) then return true end
  -- (in floats when the sum would pass the integers)
  local last = seed + (first - 1) + (n - 1)
  if last < seed then last = string.format("%.0f", seed + (first - 1.0) + (n - 1.0)) end
  M.complain("%s: --seed %d with %s-n %d: the last seed would be %s; the largest is %d", command,
    seed, first > 1 and string.format("--first %d and ", first) or "", n, tostring(last), M.MAX_SEED)
  return false
end

-- Every line the commands print goes through these two, so that what a
-- game wrote in its texts (its narration, view, prompts, answers, result,
-- errors) cannot drive the terminal: control characters other than newline
-- and tab come out escaped (vm.printable: ESC as \27, a carriage return as
-- \13). A text without them prints as it is.
function M.say(fmt, ...) io.stdout:write(printable(string.format(fmt, ...)), "\n") end
function M.complain(fmt, ...) io.stderr:write("cardlab: ", printable(string.format(fmt, ...)), "\n") end

-- Parses the command's flags or reports the mistake; gives opts, positional.
-- `positional` names the arguments the command takes besides flags (e.g.
-- {"GAME"}); one more is a mistake too (a misspelt flag such as -players
-- would otherwise be ignored). Without it any number is taken. `hidden`
-- names the flags that only cardlab itself gives (not listed to people).
function M.parse(command, argv, spec, aliases, positional, hidden)
  local opts, pos = args.parse(argv, spec, aliases, hidden)
  if not opts then
    M.complain("%s: %s", command, pos)
    return nil
  end
  if positional and #pos > #positional then
    local flags = next(spec) ~= nil
    local expected = #positional == 0 and (flags and "only flags" or "no arguments")
      or table.concat(positional, " ") .. (flags and " and flags" or "")
    M.complain("%s: unexpected argument '%s'; expected %s (see 'cardlab help %s')", command,
      pos[#positional + 1], expected, command)
    return nil
  end
  return opts, pos
end

-- Loads the game named in the positional arguments, with --house. Gives the
-- definition, or nil and the exit status (2 when no game was named, 1 when it
-- did not load).
function M.load_game(command, pos, opts)
  if not pos[1] then
    M.complain("%s: which game? expected a name from 'cardlab list'", command)
    return nil, 2
  end
  local def, err = loader.load(pos[1], opts.house)
  if not def then
    M.complain("%s: %s", command, err)
    return nil, 1
  end
  return def
end

-- Turns --option k=v flags into a settings map.
function M.option_settings(command, list)
  local settings = {}
  for _, text in ipairs(list or {}) do
    local k, v = options.parse_assignment(text)
    if not k then
      M.complain("%s: %s", command, v)
      return nil
    end
    if settings[k] ~= nil then
      M.complain("%s: option '%s' given twice (--option %s=%s, then --option %s=%s); expected one "
        .. "--option per option", command, k, k, settings[k], k, v)
      return nil
    end
    settings[k] = v
  end
  return settings
end

return M
