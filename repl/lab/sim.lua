-- The simulation lab: `cardlab sim`, `cardlab compare` and `cardlab merge`.
--
-- Records first: every game played becomes a record line (cardlab.records)
-- and every summary is computed from the lines, decoded, never from the
-- games directly. So a run in one process, a run in J worker processes
-- (each playing an interleaved share of the game indices into a file of
-- its own) and N shards merged later all summarize the same lines the same
-- way. Game i is played with seed S+i-1, whoever plays it.

local common = require "repl.common"
local match = require "cardlab.match"
local records = require "cardlab.records"
local summary = require "cardlab.summary"
local options = require "cardlab.options"
local host = require "cardlab.host"
local render = require "render"
local vm = require "cardlab.vm"
local lfs = require "lfs"

local say, complain = common.say, common.complain

local M = {}

---------------------------------------------------------------- files

-- Gives an error text if `path` is empty, or exists and is not a regular
-- file (files are written only over regular files).
local function not_regular(path)
  if path == "" then return "cannot write '': expected the name of a file" end
  local mode = lfs.attributes(path, "mode")
  if mode and mode ~= "file" then
    return string.format("'%s' is a %s, not a regular file; expected a file name to write to", path, mode)
  end
end

-- Gives an error text if a file a command writes is also another file it
-- is given (as {flag, path} pairs, flag nil for an input): writing one would
-- destroy the other. (An input given twice is the command's to judge.)
local function same_files(command, files)
  local seen = {}
  for _, f in ipairs(files) do
    local id = require("cardlab.loader").file_identity(f[2])
    local before = seen[id]
    if before and (before[1] or f[1]) then
      local function named(g) return g[1] and "--" .. g[1] .. " " .. g[2] or "the input " .. g[2] end
      return string.format("%s: %s and %s are the same file; expected a file of its own for each",
        command, named(before), named(f))
    end
    seen[id] = before or f
  end
end

-- Gives an error text if a file to write (--out, --report) is one the game
-- was loaded from: its rule script, a module or the house-rule file.
local function game_file(command, opts, def)
  for _, flag in ipairs({ "out", "report" }) do
    local source = opts[flag] and require("cardlab.loader").source_at(def, opts[flag])
    if source then
      return string.format("%s: --%s: cannot write '%s': it is %s; expected a file of its own",
        command, flag, opts[flag], source)
    end
  end
end

-- Gives an error text if a file to write (--out, --report) is a house-rule
-- file that records `files` were played with, found from here: merge and
-- compare --records would destroy the rules, as sim refuses to.
local function records_house_file(command, opts, files)
  local loader = require "cardlab.loader"
  for _, flag in ipairs({ "out", "report" }) do
    local target = opts[flag] and lfs.attributes(opts[flag], "mode") == "file" and loader.file_identity(opts[flag])
    for _, f in ipairs(target and files or {}) do
      for _, h in ipairs(type(f.header.house) == "table" and f.header.house or {}) do
        if type(h.path) == "string" and loader.file_identity(h.path) == target then
          return string.format("%s: --%s: cannot write '%s': it is the house-rule file %s was played with; "
            .. "expected a file of its own", command, flag, opts[flag], f.path)
        end
      end
    end
  end
end

-- Opens path's temporary twin for writing: gives the handle, the temporary
-- name and finish(ok): closes it and renames it over path (ok) or removes it.
local function open_for_write(path)
  local bad = not_regular(path)
  if bad then return nil, bad end
  local tmp = string.format("%s.part%d", path, math.random(0, 0x7fffffff))
  local f, err = io.open(tmp, "wb")
  if not f then
    -- (the reason without the temporary name, which the user never gave)
    local why = tostring(err)
    if why:sub(1, #tmp + 2) == tmp .. ": " then why = why:sub(#tmp + 3) end
    return nil, string.format("cannot write '%s': %s", path, why)
  end
  return f, tmp, function(ok)
    local closed, cerr = f:close()
    if ok and closed then
      local renamed, rerr = os.rename(tmp, path)
      if renamed then return true end
      os.remove(tmp)
      return nil, string.format("cannot write '%s': %s", path, rerr)
    end
    os.remove(tmp)
    return nil, cerr and string.format("cannot write '%s': %s", path, cerr)
  end
end
M.open_for_write = open_for_write

-- Gives an error text if `path` could not be written: not a regular file, or
-- in a folder that does not exist or may not be written. Tried before the
-- games are played, so that a long run is not lost for a mistyped --report.
-- "-" is refused rather than taken as a file of that name: it reads as
-- standard output, where the summary goes (and a worker's progress).
local function unwritable(path)
  if path == "-" then
    return "'-' (standard output) cannot be used: the summary is printed there; expected a file "
      .. "name (./- for a file named -)"
  end
  local f, tmp, finish = open_for_write(path)
  if not f then return tmp end
  finish(false)
end

function M.write_file(path, text)
  local f, tmp, finish = open_for_write(path)
  if not f then return nil, tmp end
  local ok, err = f:write(text)
  if not ok then finish(false) return nil, string.format("cannot write '%s': %s", path, err) end
  return finish(true)
end

-- Makes a folder of its own for a run's temporary files, under $TMPDIR (or
-- /tmp); gives its path, or nil and why not. The run removes it with what it
-- holds, also when Ctrl-C or SIGTERM stops it.
local function temp_dir()
  local base = os.getenv("TMPDIR")
  if not base or base == "" then base = "/tmp" end
  local why
  for _ = 1, 100 do
    local dir = string.format("%s/cardlab-sim-%08x", base:gsub("/+$", ""), math.random(0, 0x7fffffff))
    local made, err = lfs.mkdir(dir)
    if made then return dir end
    why = err
    -- (only a name taken is worth another try)
    if lfs.attributes(dir, "mode") == nil then break end
  end
  return nil, string.format("cannot make a temporary folder in '%s' (%s); expected $TMPDIR (or /tmp) "
    .. "to be a folder this user may write to", base, tostring(why))
end

-- Removes a folder made by temp_dir and the files in it.
local function remove_dir(dir)
  for entry in lfs.dir(dir) do
    if entry ~= "." and entry ~= ".." then os.remove(dir .. "/" .. entry) end
  end
  lfs.rmdir(dir)
end

---------------------------------------------------------------- configuration

-- Parses --bots against a game: gives the kind of each seat, or nil.
local function parse_bots(command, def, text, players)
  local kinds = {}
  local bot_names = match.player_kinds(def)
  table.remove(bot_names, 1)  -- "human"
  -- (a search bot's parameters hold commas too: ismcts:iterations=50,c=1)
  for _, kind in ipairs(require("cardlab.ismcts").split_kinds(text or "random")) do
    kind = kind:match("^%s*(.-)%s*$")  -- ("greedy, random" as typed)
    kinds[#kinds + 1] = kind
    local search, why = match.search_kind(def, kind)
    if search == nil then
      complain("%s: --bots: %s", command, why)
      return nil
    end
    if kind ~= "random" and not def.bots[kind] and not search then
      complain("%s: --bots: %s at place %d is not a bot; expected a comma-separated list of: %s",
        command, kind == "" and "an empty name" or "'" .. kind .. "'", #kinds,
        table.concat(bot_names, ", "))
      return nil
    end
  end
  for seat = #kinds + 1, players do kinds[seat] = kinds[#kinds] end
  if #kinds > players then
    complain("%s: --bots names %s for %s; expected at most %d, a bot per seat (the last is "
      .. "repeated for the seats after it)", command, render.count(#kinds, "bot"),
      render.count(players, "player"), players)
    return nil
  end
  return kinds
end

-- A configuration to play: the game's spec and house file as given, the
-- option texts, players, seed, bots; loaded and checked. Gives it, or nil
-- and the exit status.
-- `variant` names a compare's variant as given, for its errors to say which.
-- `rotate`: the bots of the list go round the seats, a place a game
-- (records.seating).
local function configure(command, spec, house, option_texts, players, seed, bots_text, variant, rotate)
  local label = variant and string.format("variant '%s': ", variant) or ""
  local def, err = require("cardlab.loader").load(spec, house)
  if not def then complain("%s: %s%s", command, label, err) return nil, 1 end
  local settings = common.option_settings(command, option_texts)
  if not settings then return nil, 2 end
  players = players or def.players.default
  local cfg, why, broken = match.configure(def, { players = players, seed = seed, options = settings })
  if not cfg then complain("%s: %s%s", command, label, why) return nil, broken and 1 or 2 end
  local kinds = parse_bots(command, def, bots_text, players)
  if not kinds then return nil, 2 end
  local house_list = {}
  if house then
    local f = assert(io.open(house, "rb"))
    house_list[1] = { path = house, hash = vm.hash(f:read("a")) }
    f:close()
  end
  return { def = def, spec = spec, house = house, option_texts = option_texts or {},
    settings = settings, players = players, seed = seed, kinds = kinds, bots_text = bots_text,
    values = cfg.options, house_list = house_list, rotate = rotate or nil }
end

-- The header of a records file of a configuration.
local function header_of(c, first, games, shard)
  local values = {}
  for k, v in pairs(c.values) do values[k] = v end
  return { format = records.FORMAT, version = records.VERSION, cardlab = vm.version,
    game = c.def.name, script_hash = c.def.hash, options = values, house = c.house_list,
    bots = c.kinds, rotate = c.rotate, players = c.players, seed = c.seed, first = first, games = games,
    shard = shard }
end

-- --shard I/N, or auto from Slurm's or Kubernetes' variables.
local function parse_shard(command, text)
  if not text then return { 1, 1 } end
  local source = ""
  if text == "auto" then
    local id, count = os.getenv("SLURM_ARRAY_TASK_ID"), os.getenv("SLURM_ARRAY_TASK_COUNT")
    local min = os.getenv("SLURM_ARRAY_TASK_MIN") or "0"
    if id and count then
      text = string.format("%d/%s", (tonumber(id) or -1) - (tonumber(min) or 0) + 1, count)
      source = " (from SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT)"
    elseif os.getenv("JOB_COMPLETION_INDEX") then
      local n = os.getenv("CARDLAB_SHARDS")
      if not n then
        complain("%s: --shard auto: JOB_COMPLETION_INDEX is set but CARDLAB_SHARDS is not; expected "
          .. "the number of shards in CARDLAB_SHARDS (the Job's completions)", command)
        return nil
      end
      text = string.format("%d/%s", (tonumber(os.getenv("JOB_COMPLETION_INDEX")) or -2) + 1, n)
      source = " (from JOB_COMPLETION_INDEX and CARDLAB_SHARDS)"
    else
      complain("%s: --shard auto: no shard in the environment; expected SLURM_ARRAY_TASK_ID and "
        .. "SLURM_ARRAY_TASK_COUNT (a Slurm job array) or JOB_COMPLETION_INDEX and CARDLAB_SHARDS "
        .. "(a Kubernetes Indexed Job)", command)
      return nil
    end
  end
  local k, n = text:match("^(%d+)/(%d+)$")
  k, n = math.tointeger(tonumber(k)), math.tointeger(tonumber(n))
  if not k or n < 1 or k < 1 or k > n then
    complain("%s: --shard %s%s: expected I/N with 1 <= I <= N, e.g. --shard 2/4, or auto",
      command, text, source)
    return nil
  end
  return { k, n }
end

---------------------------------------------------------------- progress

-- The progress line's text after `done` of `total` games in `elapsed`
-- seconds: games done, games a second, time left at that rate. A slow run
-- (the search bot: 0.4 games a second) shows its rate in hundredths, where
-- "%.0f" said "0 games/s" beside a time left that was not 0.
function M.progress_text(done, total, elapsed)
  local rate = done / math.max(elapsed, 1e-9)
  local left = rate > 0 and (total - done) / rate or 0
  return string.format("%d/%d games, %s games/s, %s left", done, total,
    string.format(rate >= 10 and "%.0f" or rate >= 1 and "%.1f" or "%.2f", rate),
    left >= 60 and string.format("%dm%02ds", left // 60, math.floor(left % 60))
      or string.format("%.0f s", left))
end

-- A progress line on stderr when it is a terminal: games done, games/s,
-- time left. Gives update(done), finish().
local stderr_is_terminal
local function progress(total)
  if stderr_is_terminal == nil then
    stderr_is_terminal = os.getenv("CARDLAB_PROGRESS") == "1"
      or (os.getenv("CARDLAB_PROGRESS") ~= "0" and os.execute("test -t 2") == true)
  end
  if not stderr_is_terminal then return function() end, function() end end
  local t0, last = host.now(), 0
  local shown = false
  local function update(done, force)
    local now = host.now()
    if not force and now - last < 0.25 then return end
    last = now
    io.stderr:write("\r\27[K" .. M.progress_text(done, total, now - t0))
    shown = true
  end
  local function finish()
    if shown then io.stderr:write("\r\27[K") end
  end
  return update, finish
end

---------------------------------------------------------------- playing

-- Plays the games of shard (k, n) of games first..first+games-1 of
-- configuration c in this process, each record line written to `out` as it
-- is played (none kept: a run of any length plays in bounded memory).
-- Gives the number played, what stopped the run (nil, "Ctrl-C" or
-- "SIGTERM") and seconds. on_game(count) is told the count after each game.
local function play_here(c, first, games, k, n, out, on_game)
  local play = records.player(c.def, c.settings, c.players, c.kinds, c.seed, common.MAX_ANSWERS, c.rotate)
  local count, stopped = 0, nil
  local t0 = host.now()
  for j = 1, records.shard_count(games, k, n) do
    local record = play(records.shard_index(first, k, n, j))
    local interrupted, how = host.interrupted()
    if interrupted then stopped = how break end
    -- (a full disk stops the run at once, rather than after every game)
    local written, werr = out:write(records.encode_record(record), "\n")
    if not written then
      return nil, string.format("cannot write the records after %d games: %s", count, tostring(werr))
    end
    count = count + 1
    if on_game then on_game(count) end
  end
  return count, stopped, host.now() - t0
end

local function quote(s) return "'" .. tostring(s):gsub("'", "'\\''") .. "'" end

local function program()
  local exe = lfs.symlinkattributes("/proc/self/exe", "target")
  if exe and exe:match("cardlab$") then return exe end
  return arg and arg[0] or "cardlab"
end
M.program = program
M.quote = quote

-- The command line of a worker process playing shard (k, n) of games
-- first..first+games-1 of configuration c into file `out`.
local function worker_command(c, first, games, k, n, out)
  local words = { program(), "sim", c.spec, "--players", c.players, "--seed", c.seed,
    "--bots", table.concat(c.kinds, ","), "-n", games, "--first", first,
    "--shard", k .. "/" .. n, "--jobs", 1, "--out", out, "--worker" }
  if c.house then words[#words + 1] = "--house"; words[#words + 1] = c.house end
  if c.rotate then words[#words + 1] = "--rotate" end
  for _, o in ipairs(c.option_texts) do words[#words + 1] = "--option"; words[#words + 1] = o end
  for i, w in ipairs(words) do words[i] = quote(w) end
  return table.concat(words, " ")
end

-- Plays shard (k, n) of games first..first+games-1 in `jobs` worker
-- processes, each a share of it (an interleaved sub-shard) into a temporary
-- file, then copies their lines to `out` in index order (read line by line,
-- not kept). Gives the number played, what stopped the run, the seconds;
-- or nil and an error. A stop (Ctrl-C, SIGTERM) that reaches this process
-- alone (kill, timeout -s INT) is passed on to the workers, which close
-- their files; a run whose every game was played is not stopped.
local function play_in_workers(c, first, games, k, n, jobs, out, on_game)
  local dir, why = temp_dir()
  if not dir then return nil, why end
  local parts = {}
  local script = {}
  for j = 1, jobs do
    parts[j] = string.format("%s/part%d.jsonl", dir, j)
    -- job j of shard k/n plays shard k + n(j-1) of n*jobs
    script[#script + 1] = string.format("(%s; echo \"exit %d $?\") &",
      worker_command(c, first, games, k + n * (j - 1), n * jobs, parts[j]), j)
  end
  script[#script + 1] = "wait"
  local t0 = host.now()
  local pipe, failed = io.popen(table.concat(script, "\n"), "r")
  if not pipe then
    remove_dir(dir)
    return nil, "cannot start the worker processes: " .. tostring(failed)
  end
  local done, status, problem = {}, {}, nil
  local pids, told, stopped = {}, {}, nil
  -- passes the stop on to the workers not yet told (SIGTERM: each closes its
  -- file as after Ctrl-C)
  local function pass_on()
    local list = {}
    for j, pid in pairs(pids) do
      if not told[j] then told[j] = true; list[#list + 1] = tostring(pid) end
    end
    if #list > 0 then os.execute("kill -TERM " .. table.concat(list, " ") .. " 2>/dev/null") end
  end
  while true do
    -- a stop interrupts the read (the workers stop too, close their files
    -- and say so): read on
    local line, err = pipe:read("l")
    local interrupted, how = host.interrupted()
    if interrupted then stopped = stopped or how end
    if not line and not err then break end
    line = line or ""
    local j, count = line:match("^progress (%d+) (%d+)$")
    if j then
      done[tonumber(j)] = tonumber(count)
      local total = 0
      for _, d in pairs(done) do total = total + d end
      if on_game then on_game(total) end
    else
      local jj, pid = line:match("^pid (%d+) (%d+)$")
      if jj then
        pids[tonumber(jj)] = tonumber(pid)
      else
        local jx, code = line:match("^exit (%d+) (%d+)$")
        if jx then
          status[tonumber(jx)] = tonumber(code)
          pids[tonumber(jx)] = nil
        end
      end
    end
    if stopped then pass_on() end
  end
  pipe:close()
  local seconds = host.now() - t0
  local readers = {}
  for j = 1, jobs do
    local reader, err = records.open(parts[j])
    if not reader then
      problem = problem or string.format("worker %d of %d failed (status %s): %s", j, jobs,
        tostring(status[j]), err)
    else
      readers[#readers + 1] = reader
      if reader.closing.interrupted then stopped = stopped or "Ctrl-C" end
    end
  end
  local played = 0
  if not problem then
    local write_error
    local ok, err = records.each_game(readers, false, false, function(line)
      if write_error then return end
      local written, werr = out:write(line, "\n")
      if not written then
        write_error = string.format("cannot write the records after %d games: %s", played, tostring(werr))
      end
      played = played + 1
    end)
    if not ok then problem = err end
    problem = problem or write_error
  end
  -- (with what a worker stopped at once may have left: its part's twin)
  remove_dir(dir)
  if problem then return nil, problem end
  if played == records.shard_count(games, k, n) then stopped = nil end
  return played, stopped, seconds
end

-- Plays shard (k, n) of games first..first+games-1 of c, in this process
-- (jobs 1) or in workers, writing the record lines to `out` in index order;
-- gives the number played, what stopped the run, and seconds, or nil and
-- an error.
local function play_games(c, first, games, shard, jobs, out, on_game)
  local count = records.shard_count(games, shard[1], shard[2])
  if jobs <= 1 or count < 2 then
    return play_here(c, first, games, shard[1], shard[2], out, on_game)
  end
  jobs = math.min(jobs, count)
  return play_in_workers(c, first, games, shard[1], shard[2], jobs, out, on_game)
end

-- A summary's record source: calls fn(record) for each game of the file
-- of `reader` (records.open), decoded, in index order, read once per pass.
local function records_of(reader)
  return function(fn)
    assert(records.each_game({ reader }, true, false, function(_, _, r) fn(r) end))
  end
end

-- The number of processor cores, for the default of --jobs.
local function cores()
  local p = io.popen("nproc 2>/dev/null")
  local n = p and tonumber(p:read("a"))
  if p then p:close() end
  return math.tointeger(n) or 1
end

---------------------------------------------------------------- output

local function print_json(t)
  local json = require "dkjson"
  local seen = {}
  local function collect(v)
    if type(v) == "table" then
      for k, x in pairs(v) do
        if type(k) == "string" then seen[k] = true end
        collect(x)
      end
    end
  end
  collect(t)
  local keys = options.sorted_keys(seen)
  say("%s", json.encode(t, { keyorder = keys }))
end

local function add_timing(s, seconds, stopped)
  s.seconds = seconds
  s.games_per_second = seconds > 0 and s.games / seconds or 0
  s.answers_per_second = seconds > 0 and s.answers / seconds or 0
  s.interrupted = stopped and true or nil
  s.stopped_by = stopped or nil
end

local function show_summary(command, s, json, report_path, title)
  if json then
    print_json(summary.json_table(s))
  else
    if s.interrupted then
      say("stopped by %s: the summary of the %d games finished", s.stopped_by or "Ctrl-C", s.games)
    end
    for _, line in ipairs(summary.lines(s)) do say("%s", line) end
  end
  if report_path then
    local html = require("repl.lab.report").sim(s, title)
    local ok, err = M.write_file(report_path, html)
    if not ok then complain("%s: --report: %s", command, err) return 1 end
  end
  return 0
end

---------------------------------------------------------------- sim

local SIM_FLAGS = { n = "integer", players = "integer", seed = "integer", bots = "string",
  option = "list", house = "string", json = "flag", out = "string", report = "string",
  jobs = "integer", shard = "string", first = "integer", worker = "flag", rotate = "flag" }

function M.sim(argv)
  -- Ctrl-C and SIGTERM stop the run: the files are closed, the games
  -- finished summed up
  host.catch_interrupts(true)
  local opts, pos = common.parse("sim", argv, SIM_FLAGS, { ["-n"] = "n" }, { "GAME" },
    { first = true, worker = true })
  if not opts then return 2 end
  if not pos[1] then complain("sim: which game? expected a name from 'cardlab list'") return 2 end
  local n, first = opts.n or 1000, opts.first or 1
  if n < 1 then complain("sim: -n must be at least 1") return 2 end
  if first < 1 then complain("sim: --first must be at least 1") return 2 end
  local jobs = opts.jobs or cores()
  if jobs < 1 then complain("sim: --jobs must be at least 1") return 2 end
  local shard = parse_shard("sim", opts.shard)
  if not shard then return 2 end
  for _, flag in ipairs({ "out", "report" }) do
    local bad = opts[flag] and unwritable(opts[flag])
    if bad then complain("sim: --%s: %s", flag, bad) return 2 end
  end
  local same = opts.out and opts.report and same_files("sim", { { "out", opts.out }, { "report", opts.report } })
  if same then complain("%s", same) return 2 end
  if records.shard_count(n, shard[1], shard[2]) == 0 then
    complain("sim: --shard %d/%d: shard %d of %d games holds no game; expected -n of at least %d, "
      .. "or fewer shards", shard[1], shard[2], shard[1], n, shard[1])
    return 2
  end
  if not common.check_last_seed("sim", opts.seed or 1, n, first) then return 2 end
  local c, code = configure("sim", pos[1], opts.house, opts.option, opts.players, opts.seed or 1, opts.bots,
    nil, opts.rotate)
  if not c then return code end
  local clash = game_file("sim", opts, c.def)
  if clash then complain("%s", clash) return 2 end
  local header = header_of(c, first, n, shard)
  -- the records go to --out's temporary twin, or to a temporary file of
  -- their own: the summary is read back from them, never kept in memory
  local out, tmp, finish, path, spill
  if opts.out then
    out, tmp, finish = open_for_write(opts.out)
    if not out then complain("sim: --out: %s", tmp) return 2 end
    path = opts.out
  else
    local why
    spill, why = temp_dir()
    if not spill then complain("sim: %s", why) return 1 end
    path = spill .. "/records.jsonl"
    out, why = io.open(path, "wb")
    if not out then
      remove_dir(spill)
      complain("sim: cannot write a temporary file: %s", why)
      return 1
    end
    finish = function()
      out:close()
      return true
    end
  end
  out:write(records.encode_header(header), "\n")
  local total = records.shard_count(n, shard[1], shard[2])
  local update, done_progress
  if opts.worker then
    -- a worker tells its parent its process (to pass a stop on) and how far
    -- it is, now and then
    io.stdout:write(string.format("pid %d %d\n", shard[1], host.pid()))
    io.stdout:flush()
    local last = host.now()
    local label = shard[1]
    update = function(k)
      local now = host.now()
      if now - last >= 0.2 or k == total then
        last = now
        io.stdout:write(string.format("progress %d %d\n", label, k))
        io.stdout:flush()
      end
    end
    done_progress = function() end
  else
    update, done_progress = progress(total)
  end
  local played, stopped, seconds = play_games(c, first, n, shard, jobs, out, update)
  done_progress()
  if not played then
    finish(false)
    if spill then remove_dir(spill) end
    complain("sim: %s", stopped)
    return 1
  end
  out:write(records.encode(
    { done = true, played = played, interrupted = stopped and true or false, seconds = seconds }), "\n")
  local ok, err = finish(true)
  if not ok then
    if spill then remove_dir(spill) end
    complain("sim: --out: %s", err)
    return 1
  end
  if opts.worker then return 0 end
  -- the header as the file gives it back, as merge reads it
  local reader, rerr = records.open(path)
  local s = reader and summary.summarize(reader.header, records_of(reader))
  if spill then remove_dir(spill) end
  if not s then complain("sim: %s", rerr) return 1 end
  add_timing(s, seconds, stopped)
  local status = show_summary("sim", s, opts.json, opts.report, string.format("cardlab sim %s", table.concat(argv, " ")))
  if status ~= 0 then return status end
  return (s.errors > 0 or stopped) and 1 or 0
end

---------------------------------------------------------------- merge

function M.merge(argv)
  local opts, pos = common.parse("merge", argv, { json = "flag", report = "string", out = "string" })
  if not opts then return 2 end
  if #pos == 0 then
    complain("merge: which files? expected the records files of the shards of one run "
      .. "('cardlab sim --out FILE --shard I/N')")
    return 2
  end
  for _, flag in ipairs({ "out", "report" }) do
    local bad = opts[flag] and unwritable(opts[flag])
    if bad then complain("merge: --%s: %s", flag, bad) return 2 end
  end
  local named = {}
  for _, flag in ipairs({ "out", "report" }) do
    if opts[flag] then named[#named + 1] = { flag, opts[flag] } end
  end
  for _, path in ipairs(pos) do named[#named + 1] = { nil, path } end
  local same = #named > #pos and same_files("merge", named)
  if same then complain("%s", same) return 2 end
  local files = {}
  local seconds = 0
  for _, path in ipairs(pos) do
    local f, err = records.open(path)
    -- (a path that names no regular file is a usage error; a file's
    -- content that is not a shard's, a refusal)
    if not f then complain("merge: %s", err) return lfs.attributes(path, "mode") == "file" and 1 or 2 end
    files[#files + 1] = f
    seconds = seconds + (tonumber(f.closing.seconds) or 0)
  end
  local clash = records_house_file("merge", opts, files)
  if clash then complain("%s", clash) return 2 end
  local header, why = records.merge(files)
  if not header then complain("merge: %s", why) return 1 end
  -- every game's line checked (in order, its fields), and written to --out
  -- if wanted, in one pass; the summary then reads them again
  local out, tmp, finish
  if opts.out then
    out, tmp, finish = open_for_write(opts.out)
    if not out then complain("merge: --out: %s", tmp) return 1 end
    out:write(records.encode_header(header), "\n")
  end
  local played = 0
  local ok, err = records.each_game(files, true, true, function(line)
    played = played + 1
    if out then out:write(line, "\n") end
  end)
  if not ok then
    if finish then finish(false) end
    complain("merge: %s", err)
    return 1
  end
  if out then
    out:write(records.encode({ done = true, played = played, interrupted = false,
      seconds = seconds }), "\n")
    local done, ferr = finish(true)
    if not done then complain("merge: --out: %s", ferr) return 1 end
  end
  local s = summary.summarize(header, function(fn)
    assert(records.each_game(files, true, false, function(_, _, r) fn(r) end))
  end)
  add_timing(s, seconds, false)
  local status = show_summary("merge", s, opts.json, opts.report, "cardlab merge " .. table.concat(pos, " "))
  if status ~= 0 then return status end
  return s.errors > 0 and 1 or 0
end

---------------------------------------------------------------- compare

-- The option settings k=v[,k=v] of variant `text`: the list of "k=v", or
-- nil and why.
local function option_settings(text, settings)
  local list, seen = {}, {}
  for part in (settings .. ","):gmatch("([^,]*),") do
    -- (any name before '=': one that is no option is told as such, with the
    -- game's options, when the variant is configured)
    local k, v = part:match("^([^=]+)=(.*)$")
    if not k then
      return nil, string.format("variant '%s': '%s' is not an option setting; expected k=v[,k=v]", text, part)
    end
    if seen[k] then
      return nil, string.format("variant '%s': option '%s' set twice ('%s', then '%s'); expected "
        .. "each option once", text, k, seen[k], v)
    end
    seen[k] = v
    list[#list + 1] = part
  end
  return list
end

-- A variant: "base", a house file, option settings k=v[,k=v], or a house
-- file with option settings, FILE,k=v[,k=v]. Gives it, or nil, the reason
-- and the exit status: 2 for a malformed setting (bad usage), 1 for a house
-- file that is not there, as for --house in play, sim and check (a
-- house-rule file that cannot be loaded).
local function parse_variant(text)
  if text == "base" then return { name = "base", options = {} } end
  local function not_a_file(path, mode)
    local named = path == text and "" or " '" .. path .. "'"
    return nil, string.format("variant '%s': %s; expected base, a house-rule file, option "
      .. "settings k=v[,k=v], or FILE,k=v[,k=v]", text, mode and (named ~= "" and named:sub(2) .. " is " or "")
        .. "a " .. mode .. ", not a house-rule file" or "no such house-rule file" .. named), 1
  end
  -- a house-rule file with option settings (its own new_option's, or the
  -- game's): FILE,k=v[,k=v]; a FILE part that is no setting names a file,
  -- there or not (a path mistyped is told as such, not as a bad setting)
  local file, settings = text:match("^([^,]*),(.*)$")
  if file and not file:find("=", 1, true) and not lfs.attributes(text) then
    local mode = lfs.attributes(file, "mode")
    if mode ~= "file" then return not_a_file(file, mode) end
    local list, why = option_settings(text, settings)
    if not list then return nil, why end
    return { name = text, house = file, options = list }
  end
  if text:find("=", 1, true) and not lfs.attributes(text) then
    local list, why = option_settings(text, text)
    if not list then return nil, why end
    return { name = text, options = list }
  end
  local mode = lfs.attributes(text, "mode")
  if mode ~= "file" then return not_a_file(text, mode) end
  return { name = text, house = text, options = {} }
end

-- Plays games first..first+games-1 of c and adds their records, decoded,
-- to the list `into` (a comparison pairs them game by game, so keeps them:
-- its -n has a maximum): the lines play_games writes go straight to the
-- list. Gives the number played, what stopped the run and seconds, or nil
-- and an error.
local function play_to_list(c, first, games, jobs, on_game, into)
  local problem
  local sink = { write = function(sink, line)
    if problem then return sink end
    local r, why = records.decode_record(line)
    if r then into[#into + 1] = r else problem = why end
    return sink
  end }
  local played, stopped, seconds = play_games(c, first, games, { 1, 1 }, jobs, sink, on_game)
  if not played then return nil, stopped end
  if problem then return nil, problem end
  return played, stopped, seconds
end

-- Sums up and prints the comparison of variants played on the same seeds
-- (each { name, header, records }, the first the reference): text or
-- --json, and --report. `run` says how the games came: paired (the games
-- compared), and for a run played here asked (-n), played, seconds,
-- stopped (what stopped it, if anything), widest and until_ci. Gives the
-- results, or nil when the report could not be written (said).
local function show_comparison(argv, opts, main, variants, run)
  local reference = variants[1].header
  local players = reference.players
  -- with --rotate on a mixed table, each bot's rows too
  local seating = summary.by_bot_seating(reference.bots, reference.rotate)
  local results = {}
  for k, v in ipairs(variants) do
    local s = summary.summarize(v.header, v.records)
    results[k] = { name = v.name, summary = s,
      cmp = k > 1 and summary.compare(players, variants[1].records, v.records, seating) or nil }
  end
  -- every row of every variant was tested: Holm's correction over them all
  local cmps = {}
  for k = 2, #results do cmps[#cmps + 1] = results[k].cmp end
  summary.adjust(cmps, main)
  local stopped, widest, until_ci = run.stopped, run.widest, run.until_ci
  local stop_text = stopped and string.format("stopped by %s after %d of the %d games asked: the comparison of "
    .. "the games every variant finished", stopped, run.paired, run.asked)
  if opts.json then
    local out = { game = reference.game, games = run.paired, seconds = run.seconds,
      interrupted = stopped and true or nil, variants = {},
      until_ci = widest and not stopped and { target = until_ci, widest = widest, met = widest <= until_ci } or nil,
      main = main and summary.main_text(main) or nil }
    for k, r in ipairs(results) do
      out.variants[k] = { name = r.name, summary = summary.json_table(r.summary),
        comparison = r.cmp and r.cmp.rows, paired = r.cmp and r.cmp.paired }
    end
    print_json(out)
  else
    if stopped then say("%s", stop_text) end
    for _, line in ipairs(summary.compare_lines(reference.game, results)) do say("%s", line) end
    -- why the run has the games it has: a designer reading 6000 games of
    -- -n 20000 is told that the intervals were narrow enough, or were not
    if widest and not stopped then
      say("")
      if widest <= until_ci then
        say("--until-ci %s: stopped after %d of %d games: the widest 95%% interval of a win share's difference "
          .. "is %.1f points, at most the %.1f asked", opts.until_ci, run.played, run.asked, 100 * widest,
          100 * until_ci)
      else
        say("--until-ci %s: not reached in %d games: the widest 95%% interval of a win share's difference is "
          .. "still %.1f points, wider than the %.1f asked (play more: -n)", opts.until_ci, run.played,
          100 * widest, 100 * until_ci)
      end
    end
  end
  if opts.report then
    local html = require("repl.lab.report").compare(results, "cardlab compare " .. table.concat(argv, " "),
      stop_text)
    local ok, err = M.write_file(opts.report, html)
    if not ok then complain("compare: --report: %s", err) return nil end
  end
  return results
end

-- The names of variants read from records files, as compare's own are
-- named: "base", or the house files and the options set (FILE,k=v): those
-- that are not the same in every variant, and not the game's default where
-- the game loads here. Where two come out alike (a house file changed
-- between the runs), each is followed by its first file.
local function name_records_variants(variants)
  local header = variants[1].header
  local loader = require "cardlab.loader"
  local function defaults_with(house)
    local def = loader.load(header.game, house)
    local cfg = def and match.configure(def, { players = header.players, seed = 1, options = {} })
    return cfg and cfg.options
  end
  local defaults = defaults_with(nil) or {}
  -- a house file's own values (options it sets, options it declares) are
  -- its rules, not settings, as compare names them: read from the file
  -- where it is found here as it was played, else the game's are the
  -- defaults (and such a value is named)
  local function defaults_of(v)
    local house = v.header.house
    if #house ~= 1 or type(house[1].path) ~= "string" then return defaults end
    local f = io.open(house[1].path, "rb")
    local text = f and f:read("a")
    if f then f:close() end
    if not text or vm.hash(text) ~= house[1].hash then return defaults end
    return defaults_with(house[1].path) or defaults
  end
  -- (JSON gives whole numbers back as floats)
  local function text(value) return tostring(math.tointeger(value) or value) end
  local differ = {}
  for _, v in ipairs(variants) do
    for name, value in pairs(v.header.options) do
      for _, w in ipairs(variants) do
        if text(w.header.options[name]) ~= text(value) then differ[name] = true end
      end
    end
  end
  local count = {}
  for _, v in ipairs(variants) do
    local parts = {}
    for _, h in ipairs(v.header.house) do parts[#parts + 1] = tostring(h.path) end
    local own = defaults_of(v)
    for _, name in ipairs(options.sorted_keys(v.header.options)) do
      local value = v.header.options[name]
      -- (a value set back from the house file's own is named even where
      -- every variant plays it: 'h.lua' alone would read as the file's value)
      if text(own[name]) ~= text(value) and (differ[name] or text(own[name]) ~= text(defaults[name])) then
        parts[#parts + 1] = name .. "=" .. text(value)
      end
    end
    v.name = #parts > 0 and table.concat(parts, ",") or "base"
    count[v.name] = (count[v.name] or 0) + 1
  end
  for _, v in ipairs(variants) do
    if count[v.name] > 1 then v.name = string.format("%s (%s)", v.name, v.files[1].path) end
  end
end

-- A file of another variant than v, of v's split, holding shard k, where
-- that variant holds none of v's shards: a shard of v played under other
-- rules; or nil. (Two runs of their own, each missing a shard, share the
-- others: neither holds the other's stray.)
local function stray_shard(variants, v, k)
  local n = v.files[1].header.shard[2]
  local held = {}
  for _, f in ipairs(v.files) do held[f.header.shard[1]] = true end
  for _, w in ipairs(variants) do
    local found, apart = nil, w ~= v
    for _, f in ipairs(w.files) do
      if held[f.header.shard[1]] then apart = false end
      if f.header.shard[1] == k and f.header.shard[2] == n then found = f end
    end
    if apart and found then return found end
  end
end

-- compare --records FILE...: variants played elsewhere, each by
-- `cardlab sim --out` whole or in shards (on many machines, as a Slurm
-- array), on the same seeds. The files of a variant are those of the same
-- house files, script and options, merged as `merge` merges them; the
-- first file's variant is the reference.
local function compare_records(argv, opts, paths, main)
  for _, flag in ipairs({ "n", "players", "seed", "bots", "jobs", "until_ci", "rotate" }) do
    if opts[flag] ~= nil then
      complain("compare: --records: %s does not go with --records, whose files hold the games played "
        .. "(their number, players, seeds and bots); expected only --json, --report and --main with them",
        flag == "n" and "-n" or "--" .. flag:gsub("_", "-"))
      return 2
    end
  end
  if #paths < 2 then
    complain("compare: --records: expected the records files of two or more variants ('cardlab sim --out "
      .. "FILE.jsonl', whole runs or shards), the first the reference; got %d file%s", #paths,
      #paths == 1 and "" or "s")
    return 2
  end
  -- (said before the files are read, as when compare plays them)
  local bad = opts.report and unwritable(opts.report)
  if bad then complain("compare: --report: %s", bad) return 2 end
  local named, given = {}, {}
  if opts.report then named[1] = { "report", opts.report } end
  for k, path in ipairs(paths) do
    named[#named + 1] = { nil, path }
    local id = require("cardlab.loader").file_identity(path)
    if given[id] then
      complain("compare: --records: %s is given twice (files %d and %d); expected each file once", path,
        given[id], k)
      return 2
    end
    given[id] = k
  end
  local clash = opts.report and same_files("compare", named)
  if clash then complain("%s", clash) return 2 end
  local variants, of_rules = {}, {}
  for _, path in ipairs(paths) do
    local f, err = records.open(path)
    if not f then complain("compare: %s", err) return lfs.attributes(path, "mode") == "file" and 1 or 2 end
    local rules = records.encode({ f.header.house, f.header.script_hash, f.header.options })
    local v = of_rules[rules]
    if not v then
      v = { files = {} }
      of_rules[rules] = v
      variants[#variants + 1] = v
    end
    v.files[#v.files + 1] = f
  end
  local files = {}
  for _, v in ipairs(variants) do
    for _, f in ipairs(v.files) do files[#files + 1] = f end
  end
  local house_clash = records_house_file("compare", opts, files)
  if house_clash then complain("%s", house_clash) return 2 end
  if #variants < 2 then
    -- (files of one variant's rules that are not one run: told how they
    -- differ, a player count say, which is likelier the mistake)
    local _, why = records.merge(variants[1].files)
    if why then
      complain("compare: %s (and every file is of the same house files, script and options: one variant)", why)
    else
      complain("compare: --records: every file is of one variant (the same house files, script and options); "
        .. "expected the runs of two or more variants")
    end
    return 1
  end
  local seconds = 0
  for k, v in ipairs(variants) do
    local header, why, missing = records.merge(v.files)
    if not header then
      -- a missing shard played under other rules (a house file edited
      -- between the shards) was read as another variant's: name it
      local stray = missing and stray_shard(variants, v, missing[1])
      if stray then
        why = string.format("%s (%s holds shard %d/%d, but was played under other rules: a house file or "
          .. "options changed between the shards?)", why, stray.path, missing[1], stray.header.shard[2])
      end
      complain("compare: %s", why)
      return 1
    end
    v.header, v.path = header, v.files[1].path
    local unpaired = k > 1 and records.unpaired(variants[1], v)
    if unpaired then complain("compare: %s", unpaired) return 1 end
    v.records = {}
    local ok, err = records.each_game(v.files, true, true, function(_, _, r) v.records[#v.records + 1] = r end)
    if not ok then complain("compare: %s", err) return 1 end
    for _, f in ipairs(v.files) do seconds = seconds + (tonumber(f.closing.seconds) or 0) end
  end
  name_records_variants(variants)
  local results = show_comparison(argv, opts, main, variants, { paired = variants[1].header.games,
    seconds = seconds })
  if not results then return 1 end
  for _, r in ipairs(results) do
    if r.summary.errors > 0 then return 1 end
  end
  return 0
end

-- The most games compare plays a variant: it keeps every game's record
-- (a few kilobytes each) to pair them.
M.COMPARE_MAX = 1000000

function M.compare(argv)
  -- Ctrl-C and SIGTERM stop the run: the games finished are compared
  host.catch_interrupts(true)
  local opts, pos = common.parse("compare", argv, { n = "integer", players = "integer",
    seed = "integer", bots = "string", jobs = "integer", until_ci = "string", json = "flag",
    report = "string", main = "string", rotate = "flag", records = "flag" }, { ["-n"] = "n" })
  if not opts then return 2 end
  -- --main: the rows that answer the question, chosen before the run: Holm's
  -- family (the others are exploratory)
  local main
  if opts.main then
    main = {}
    for g in (opts.main .. ","):gmatch("([^,]*),") do
      local known = false
      for _, k in ipairs(summary.MAIN_GROUPS) do known = known or k == g end
      if not known then
        complain("compare: --main: '%s' is not a group of rows; expected some of %s, joined by commas "
          .. "(e.g. --main wins)", g, table.concat(summary.MAIN_GROUPS, ", "))
        return 2
      end
      main[g] = true
    end
  end
  if opts.records then return compare_records(argv, opts, pos, main) end
  local spec = pos[1]
  if not spec then complain("compare: which game? expected a name from 'cardlab list'") return 2 end
  if #pos < 3 then
    complain("compare: expected GAME and two or more variants (base, a house-rule file, k=v[,k=v], or FILE,k=v[,k=v]), "
      .. "the first the reference; got %d", #pos - 1)
    return 2
  end
  local n = opts.n or 1000
  if n < 2 then complain("compare: -n must be at least 2") return 2 end
  if n > M.COMPARE_MAX then
    complain("compare: -n %d: at most %d games a variant (compare keeps every game's record to "
      .. "pair them); expected -n from 2 to %d", n, M.COMPARE_MAX, M.COMPARE_MAX)
    return 2
  end
  local jobs = opts.jobs or cores()
  if jobs < 1 then complain("compare: --jobs must be at least 1") return 2 end
  local until_ci
  if opts.until_ci then
    until_ci = tonumber(opts.until_ci)
    -- (a share is a fraction: 2 would be 200 points, met by any first batch)
    if not until_ci or until_ci <= 0 or until_ci >= 1 then
      complain("compare: --until-ci %s: expected the widest 95%% interval wanted, a fraction between 0 and 1 "
        .. "(e.g. 0.04: 4 points of win share)%s", opts.until_ci, until_ci and until_ci >= 1 and until_ci < 100
        and string.format("; for %s points, --until-ci %s", opts.until_ci, until_ci / 100) or "")
      return 2
    end
  end
  local bad = opts.report and unwritable(opts.report)
  if bad then complain("compare: --report: %s", bad) return 2 end
  if not common.check_last_seed("compare", opts.seed or 1, n) then return 2 end
  -- the game, the player count and the bots are every variant's: checked
  -- once, so that a mistake in them is not told as the first variant's
  local game_checked, game_status = configure("compare", spec, nil, {}, opts.players, opts.seed or 1, opts.bots)
  if not game_checked then return game_status end
  local variants = {}
  for k = 2, #pos do
    for j = 2, k - 1 do
      if pos[j] == pos[k] then
        complain("compare: variant '%s' given twice (variants %d and %d); expected different variants", pos[k],
          j - 1, k - 1)
        return 2
      end
    end
    local v, why, code = parse_variant(pos[k])
    if not v then complain("compare: %s", why) return code or 2 end
    local c, status = configure("compare", spec, v.house, v.options, opts.players, opts.seed or 1, opts.bots,
      pos[k], opts.rotate)
    if not c then return status end
    local clash = game_file("compare", opts, c.def)
    if clash then complain("%s", clash) return 2 end
    v.config, v.records = c, {}
    variants[#variants + 1] = v
  end
  -- with --rotate on a mixed table, each bot's rows too
  local seating = summary.by_bot_seating(variants[1].config.kinds, opts.rotate)
  -- batches, each played by every variant in turn: a tenth of the games at
  -- a time, at least 100 with --until-ci (which looks at the intervals after
  -- each), else at least 1000 (each batch starts its workers again, which
  -- load the game; a stop keeps the games every variant finished)
  -- (with --rotate, a whole number of turns of the table: a stop between
  -- batches leaves each bot as often at each seat)
  local batch = math.max(until_ci and 100 or 1000, n // 10)
  local players = variants[1].config.players
  if opts.rotate then batch = (batch + players - 1) // players * players end
  local first, stopped, seconds = 1, nil, 0
  local widest
  local total = n * #variants
  local update, finish_progress = progress(total)
  local finished = 0
  while first <= n and not stopped do
    local games = math.min(batch, n - first + 1)
    for _, v in ipairs(variants) do
      local played, how, secs = play_to_list(v.config, first, games, jobs,
        function(k) update(finished + k) end, v.records)
      if not played then finish_progress() complain("compare: %s", how) return 1 end
      finished = finished + games
      seconds = seconds + secs
      if how then stopped = how break end
    end
    first = first + games
    if until_ci and not stopped then
      widest = 0
      for k = 2, #variants do
        local w = summary.widest(summary.compare(variants[1].config.players, variants[1].records,
          variants[k].records, seating))
        if w > widest then widest = w end
      end
      if widest <= until_ci then break end
    end
  end
  finish_progress()
  -- a stop leaves the variant it stopped in, and those after it, short of
  -- the others: each is summed up over the games every variant finished,
  -- so that every figure is of the same games
  local paired = first - 1
  if stopped then
    local finished_by = {}
    for _, v in ipairs(variants) do
      for _, r in ipairs(v.records) do finished_by[r.i] = (finished_by[r.i] or 0) + 1 end
    end
    for _, v in ipairs(variants) do
      local kept = {}
      for _, r in ipairs(v.records) do
        if finished_by[r.i] == #variants then kept[#kept + 1] = r end
      end
      v.records = kept
    end
    paired = #variants[1].records
    if paired == 0 then
      complain("compare: stopped by %s before every variant had finished a game: nothing to compare", stopped)
      return 1
    end
  end
  for _, v in ipairs(variants) do v.header = header_of(v.config, 1, paired, { 1, 1 }) end
  local results = show_comparison(argv, opts, main, variants, { paired = paired, asked = n, seconds = seconds,
    stopped = stopped, widest = widest, until_ci = until_ci, played = first - 1 })
  if not results then return 1 end
  if stopped then return 1 end
  -- a game ended in error in some variant: a failure, as in sim
  for _, r in ipairs(results) do
    if r.summary.errors > 0 then return 1 end
  end
  return 0
end

return M
