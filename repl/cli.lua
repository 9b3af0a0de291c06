-- The cardlab program's commands. main.c runs this file with the command line;
-- its return value is the exit status (0 fine, 1 a failure, 2 a usage error).

-- most garbage of a game dies young (answer lists, views): the generational
-- collector measured a few per cent faster on bot playouts
collectgarbage("generational")

local loader = require "cardlab.loader"
local match = require "cardlab.match"
local savefile = require "cardlab.savefile"
local render = require "render"
local host = require "cardlab.host"
local options = require "cardlab.options"

local USAGE = [[
usage: cardlab COMMAND [ARGS]

commands:
  list                          games with their player counts and options
  play GAME [OPTIONS]           play in the terminal (humans and bots)
      --players N  --seed S  --seat K=human|random|greedy|ismcts  --option k=v
      --house FILE  --save FILE  --color auto|always|never
      --auto-answer  --pause SECONDS  --hot-seat auto|on|off
      at the prompt: a number or an answer, hint [ismcts:...], undo [N],
      save FILE, view, help, quit; on a terminal, a line says which
      search bot (ismcts) is thinking
  play --resume FILE [--seat K=KIND] [--save FILE]
                                go on with a saved game (saved in FILE again)
  replay FILE [--seat K] [--color auto|always|never]
                                replay a save file step by step (as seat K sees it)
  serve [GAME] [OPTIONS]        play in a web browser: one link per person, a watch
                                link; without GAME a lobby that holds many tables
      --players N  --seed S  --seat K=human|random|greedy|ismcts  --option k=v
      --house FILE  --save FILE  --port P (8080)  --listen ADDR (127.0.0.1)
      --bot-delay MS (700)  --resume FILE [--seat K=KIND]  --replay FILE
      --houses DIR (a lobby: offers the house-rule files of DIR by name)
      --max-tables N (50: the lobby's most tables)
      --sockets-per-address N (32: pages open from one address)
  check GAME [-n N] [--soak] [--players N] [--seed S] [--option k=v] [--house FILE]
                                N random games: each must end without error and
                                replay, undo and save/load must give the same game;
                                --soak: 100,000 games played to the end, failures by seed
  sim GAME [-n N] [OPTIONS]     N bot games (default 1000): wins per seat with
                                95% intervals, seat fairness, scores, length,
                                design metrics, speed
      --players N  --seed S  --bots random,greedy,ismcts,...  --option k=v
      --house FILE  --json  --out FILE.jsonl  --report FILE.html
      --jobs J (default: the cores)  --shard I/N|auto
      --rotate  the bots move one seat on each game: results by bot too
  compare GAME VARIANT VARIANT... [-n N] [--players N] [--seed S]
                                the variants (base, a house-rule file,
                                k=v[,k=v], or FILE,k=v[,k=v]) on the same
                                seeds: differences to the first, with 95%
                                intervals and p-values
      --bots LIST  --rotate  --jobs J  --until-ci W  --main GROUPS  --json
      --report FILE.html
  compare --records FILE.jsonl... [--main GROUPS] [--json] [--report FILE.html]
                                the same, of runs played apart ('sim --out'
                                on the same seeds, whole or in shards)
  merge FILE.jsonl... [--json] [--report FILE.html] [--out FILE.jsonl]
                                the summary of the shards of one run
  test PATH... [--name TEXT]    run scenario files (or every .lua file in a
                                folder but _NAME.lua helper files): PASS or
                                FAIL per scenario, exit 1 on any failure;
                                --name: only those whose name holds TEXT
  bench [--quick]               the speed of the hot paths beside pure Lua
  repl [GAME] [--players N] [--seed S] [--option k=v] [--house FILE]
                                try rules out: a Lua prompt with a live game
  run FILE [ARGS]               run a Lua file with the vm loaded
  help [COMMAND]                this text, or one command's
  version                       the version of cardlab

GAME is a name from 'cardlab list' or the path of a rule script.]]

local common = require "repl.common"
local say, complain, parse = common.say, common.complain, common.parse
local load_game, option_settings = common.load_game, common.option_settings

---------------------------------------------------------------- list

-- A game's text for a padded column: escaped first, as say would (a NUL
-- would stop string.format, and an escape is as wide as it prints), then
-- padded to `width` characters (string.format's %-24s counts bytes, and a
-- title such as "Général" would be a column short).
local printable = require("cardlab.vm").printable
local function padded(text, width)
  text = printable(text)
  return text .. string.rep(" ", width - (utf8.len(text) or #text))
end

local function cmd_list(argv)
  if not parse("list", argv, {}, nil, {}) then return 2 end
  for _, name in ipairs(loader.names()) do
    local def, err = loader.load(name)
    if def then
      say("%-16s %s %-11s  %s", name, padded(def.title, 24), match.player_range(def, "-"), def.about or "")
      for _, o in ipairs(def.options) do
        local extra = o.type == "choice" and " (" .. table.concat(o.choices, "|") .. ")" or ""
        say("    %-20s %-9s default %s %s%s", o.name, o.type, padded(tostring(o.default), 8), o.doc, extra)
      end
    else
      say("%-16s (cannot load: %s)", name, err)
    end
  end
  return 0
end

---------------------------------------------------------------- play

-- The kind of each seat: seat 1 a person and the others the game's greedy
-- bot (else random), or those of `base` (a resumed game's), then --seat's.
local function seat_kinds(command, def, players, list, base)
  local kinds, given = {}, {}
  local default_bot = def.bots.greedy and "greedy" or "random"
  for seat = 1, players do kinds[seat] = base and base[seat] or seat == 1 and "human" or default_bot end
  for _, text in ipairs(list or {}) do
    -- (a search bot's parameters: 2=ismcts:iterations=400,c=0.7)
    local k, kind = text:match("^(%d+)=([%w_]%S*)$")
    k = tonumber(k)
    if not k then
      complain("%s: --seat takes K=KIND, e.g. --seat 2=random (got '%s')", command, text)
      return nil
    end
    if k < 1 or k > players then
      complain("%s: --seat %s: there are seats 1 to %d", command, text, players)
      return nil
    end
    -- the last one winning would hide a typo in the other's seat number
    if given[k] then
      complain("%s: seat %d given twice (--seat %s, then --seat %s); expected one --seat per seat",
        command, k, given[k], text)
      return nil
    end
    given[k] = text
    kinds[k] = kind
  end
  return kinds
end

-- The table, the moves and the prompts go through a terminal (repl/terminal):
-- escaped, wrapped to its width, painted when colour is on.
local terminal = require "repl.terminal"

local function show_view(m, seat, term)
  local view = m:view(seat)
  for _, line in ipairs(render.view_lines(view, m.game.cards, m.def)) do term:say("%s", line) end
end

-- The end of a game (`command` names the command in an error): the result,
-- or the error it ended in. A play function that gave no result table is a
-- bad result, as check and sim say it.
local function show_result(command, m, term, who)
  local result, err = m:result()
  if not result and err then
    say("the game ended in error:\n%s", err)
    return 1
  end
  local bad = match.check_result(result, m.config.players, m.def)
  if bad then
    complain("%s: %s: the game ended with a %s", command, m.def.name, bad)
    return 1
  end
  -- (who: the seat's holder as play says it, "seat 1 (you)", "seat 2
  -- (greedy)"; a table of the score lines and the winners)
  local function named(seat) return "seat " .. seat .. (who and who[seat] and " (" .. who[seat] .. ")" or "") end
  term:say_as("title", "game over%s", result.reason and ": " .. tostring(result.reason) or "")
  for seat, s in ipairs(result.scores or {}) do term:say("  %s: %s", named(seat), tostring(s)) end
  -- how the scores were made, if the game says (every hand is seen by now)
  if m.def.explain_result then
    local lines, why = render.game_lines(m.def.explain_result, m:view(0), result, m.game.cards)
    if lines then
      for _, line in ipairs(lines) do term:say("  %s", line) end
    else
      term:say_as("refusal", "  (the game's explain_result failed: %s)", why)
    end
  end
  local w = {}
  for i, s in ipairs(result.winners or {}) do w[i] = named(s) end
  term:say_as("title", "winner%s: %s", #w == 1 and "" or "s", table.concat(w, ", "))
  return 0
end

-- What may be typed at play's prompt, and what it does.
local PLAY_HELP = {
  { "a number or an answer's text", "answer the request" },
  { "hint [ismcts:...]", "the search bot's ranking of your answers (from your view only: what you see and have seen); "
    .. "hint ismcts:iterations=2000 searches longer" },
  { "undo [N]", "take back your last N decisions (default 1)" },
  { "save FILE", "save the game" },
  { "view", "show the table and the choices again" },
  { "help", "this text" },
  { "quit", "leave (saved only with --save, or if you saved)" },
}

-- The help in two columns, each text cut at blanks to the room left beside
-- the commands; where that is too narrow (less than 24), each text under its
-- command.
local function help_lines(width)
  local lines, left = {}, 0
  for _, h in ipairs(PLAY_HELP) do left = math.max(left, #h[1]) end
  local indent = string.rep(" ", left + 5)
  local room = width - #indent
  if room < 24 then indent, room = "      ", width - 6 end
  for _, h in ipairs(PLAY_HELP) do
    local line = #indent == 6 and "" or "  " .. h[1] .. string.rep(" ", #indent - 2 - #h[1])
    if #indent == 6 then lines[#lines + 1] = "  " .. h[1] line = indent end
    local empty = true
    for word in h[2]:gmatch("%S+") do
      if not empty and #line + 1 + #word > #indent + room then
        lines[#lines + 1] = line
        line, empty = indent, true
      end
      line, empty = line .. (empty and "" or " ") .. word, false
    end
    lines[#lines + 1] = line
  end
  return lines
end

-- An answer as a seat sees it: the answers of a kind the game declares
-- secret (def.secret_kinds) are hidden from every other seat.
local function shown_answer(def, kind, answering_seat, viewer, text)
  if def.secret_kinds and def.secret_kinds[kind] and viewer ~= answering_seat then
    return "(a secret answer)"
  end
  return text
end

-- A seat's move, in the one format play uses for every seat, bot or person:
-- "seat 4 (greedy), play: play KH" (the request's kind, then the answer as
-- the viewer may see it).
local function move_line(def, seat, who, kind, viewer, text)
  return string.format("  seat %d (%s), %s: %s", seat, who, (kind:gsub("_", " ")),
    shown_answer(def, kind, seat, viewer, text))
end

-- Lets the bots answer one at a time until a human must decide: each answer is
-- shown as the human seats may see it (say_move), then what the game narrated
-- about it (say_narration), then a pause of `pause` seconds, if any, for a
-- person to read it.
-- Gives false when the bots answered MAX_ANSWERS times without the game
-- coming back to a person.
-- Match:run's `around` for play on a terminal: while a search bot (ismcts)
-- decides, which may take seconds a move, a line says who is thinking, and
-- it is blanked out when the answer comes (or the search fails); the screen
-- does not seem stuck. Not on a pipe or in a file: nil, and nothing extra
-- in a log.
local function thinking_line(term, kinds)
  if not term.tty then return nil end
  local out = term.out
  return function(search, m, params, ...)
    local seat = m:request().seat
    local text = string.format("seat %d (%s) is thinking...", seat, kinds[seat])
    -- one line, or the carriage return would blank only its last part
    if #text > term.width - 1 then text = text:sub(1, term.width - 4) .. "..." end
    out:write(text)
    out:flush()
    local ok, answer = pcall(search, m, params, ...)
    out:write("\r", string.rep(" ", #text), "\r")
    out:flush()
    if not ok then error(answer, 0) end
    return answer
  end
end

local function run_bots(m, kinds, say_narration, viewer, say_move, pause, around)
  local answers = 0
  while m:status() == "waiting" do
    local r = m:request()
    if kinds[r.seat] == "human" then return true end
    answers = answers + 1
    if answers > common.MAX_ANSWERS then return false end
    local before = m:count()
    m:run(kinds, 1, around)
    -- a bot that failed gave no answer: the game is in error, which the
    -- caller shows (the last answer in the log is another seat's, or none)
    if m:count() == before then return true end
    local log = m:log()
    say_move(move_line(m.def, r.seat, kinds[r.seat], r.kind, viewer, log[#log][2]))
    say_narration()
    if pause > 0 then
      io.stdout:flush()
      host.sleep(pause)
    end
  end
  return true
end

-- Drops answers back to before the n-th last decision of the person at
-- `seat` (with several people at the terminal, one's undo takes back their
-- own decisions, and those of the others after them, which it says). Gives
-- the match and the other people's decisions taken back (a list of "seat
-- S: ANSWER"), or nil and why not.
local function undo_human(m, kinds, n, auto, seat)
  local log = m:log()
  local k = #log
  local undone, skipped = 0, false
  local theirs = {}
  while k > 0 and undone < n do
    -- (an answer --auto-answer gave is not a decision: taken back, it
    -- would be given again at once, and undo would seem to do nothing)
    local by = log[k][1]
    if kinds[by] == "human" and by == seat then
      if auto[k] then skipped = true else undone = undone + 1 end
    elseif kinds[by] == "human" and not auto[k] then
      table.insert(theirs, 1, string.format("seat %d: %s", by, log[k][2]))
    end
    k = k - 1
  end
  if undone < n then
    local note = skipped and " (the answers --auto-answer gave are not yours to undo)" or ""
    if undone == 0 then return nil, "no decision of yours yet" .. note end
    return nil, string.format("you have made %s: undo %s%s", render.count(undone, "decision"),
      undone == 1 and "1" or "1 to " .. undone, note)
  end
  -- (with the edits of a resumed REPL save, made where they were made)
  local back, err = match.replay(m.def, m:config_for_replay(), log, k, m.edits)
  return back, back and theirs or err
end

-- A request's prompt as the line above its answers: with a colon, unless
-- it is a question ("take a loan (+8 Wonga)?") or has its own.
local function prompt_line(prompt)
  if prompt:match("[?:]%s*$") then return prompt end
  return prompt .. ":"
end

local function is_answer_text(legal, text)
  for _, a in ipairs(legal) do if a == text then return true end end
  return false
end

-- The numbered answers, as many to a line as fit in the width less 2 (a long
-- list, such as Online's cards or Cryptocurrency's rumour slots, would
-- otherwise be one line hundreds of columns wide).
local columns = terminal.columns
local function answer_lines(legal, width)
  local lines, line = {}, nil
  for i, a in ipairs(legal) do
    local item = string.format("%2d) %s", i, a)
    if line and columns(line) + 3 + columns(item) <= width - 2 then
      line = line .. "   " .. item
    else
      if line then lines[#lines + 1] = line end
      line = "  " .. item
    end
  end
  lines[#lines + 1] = line
  return lines
end

-- What a typed request expects, for the line under its prompt: the form the
-- game gives for the request's kind (def.answer_forms), and an example legal
-- now, the shortest of the legal answers with more than one word (the first
-- of those as short): a person learns the form before the first refusal. Without a form, the
-- words the legal answers begin with.
local function typed_hint(m, request)
  local forms = type(m.def.answer_forms) == "table" and m.def.answer_forms or {}
  local form = type(forms[request.kind]) == "string" and forms[request.kind] or nil
  local ok, legal = pcall(m.legal, m)
  local example
  if ok and type(legal) == "table" then
    -- the shortest answer with more than its first word: it shows the form
    -- without solving the puzzle (a word game's longest word is its best play)
    local function better(a)
      if type(a) ~= "string" then return false end
      if not example then return true end
      local wa, we = a:find("%S%s+%S") ~= nil, example:find("%S%s+%S") ~= nil
      if wa ~= we then return wa end
      return columns(a) < columns(example)
    end
    for _, a in ipairs(legal) do
      if better(a) then example = a end
    end
  end
  if not form and ok and type(legal) == "table" then
    local verbs, seen = {}, {}
    for _, a in ipairs(legal) do
      local v = type(a) == "string" and a:match("^%S+")
      if v and not seen[v] then seen[v], verbs[#verbs + 1] = true, v end
    end
    if #verbs > 0 and #verbs <= 6 then
      form = "an answer beginning with " .. render.spoken(verbs, "or")
    end
  end
  return string.format("  type %s%s", form or "your answer",
    example and string.format(", e.g. '%s'", example) or "")
end

-- A line read at the prompt (nil at the end of input): with line editing
-- when there is a terminal, else plain. With line editing, Ctrl-C while
-- reading gives "" and true.
local function read_line(prompt)
  local line, interrupted
  if host.readline and io.stdin and os.getenv("TERM") and os.getenv("CARDLAB_PLAIN") == nil then
    line, interrupted = host.readline(prompt, true)
    if interrupted then return line, true end
    if line and line:match("%S") then host.add_history(line) end
  else
    io.stdout:write(prompt)
    io.stdout:flush()
    line = io.stdin:read("l")
  end
  return line
end

-- A line the player typed, as a refusal quotes it back: on one line, cut
-- short (vm.shown, as the engine quotes refused answers).
local echoed = require("cardlab.vm").shown

-- A file name as a shell reads it back: in single quotes when it has
-- anything but letters, digits and . / _ - +.
local function shell_word(text)
  if text:match("^[%w%./_%-+]+$") then return text end
  return "'" .. text:gsub("'", "'\\''") .. "'"
end

local HOT_SEAT_CHOICES = { auto = true, on = true, off = true }
-- the most lines of moves shown again after the hot-seat screen
local HOT_SEAT_LINES = 30

-- --pause SECONDS: a number from 0 to 60, or nil and why not.
local function pause_seconds(text)
  if text == nil then return 0 end
  local n = tonumber(text)
  if not n or n ~= n or n < 0 or n > 60 or not text:match("^%s*[%d.]+%s*$") then
    return nil, string.format("--pause: '%s' is not a number of seconds from 0 to 60 (e.g. --pause 1.5)",
      text)
  end
  return n
end

local function cmd_play(argv)
  local opts, pos = parse("play", argv, { players = "integer", seed = "integer", seat = "list",
    option = "list", house = "string", save = "string", color = "string", auto_answer = "flag",
    pause = "string", hot_seat = "string", resume = "string" }, nil, { "GAME" })
  if not opts then return 2 end
  if opts.resume and (pos[1] or opts.players or opts.seed or opts.option or opts.house) then
    complain("play: --resume FILE takes the game, players, seed, options and house rules from the "
      .. "file; expected only --seat, --save and the terminal's options with it")
    return 2
  end
  local pause, perr = pause_seconds(opts.pause)
  if not pause then complain("play: %s", perr) return 2 end
  if opts.hot_seat and not HOT_SEAT_CHOICES[opts.hot_seat] then
    complain("play: --hot-seat: '%s' is not a choice; expected auto, on or off", opts.hot_seat)
    return 2
  end
  -- a saved game goes on from where it was saved, saved again in its file
  -- unless --save names another
  local resumed, saved_data
  if opts.resume then
    resumed, saved_data = savefile.load(opts.resume)
    if not resumed then complain("play: --resume: %s", saved_data) return 1 end
    opts.save = opts.save or opts.resume
  end
  local def, code
  if resumed then def = resumed.def else def, code = load_game("play", pos, opts) end
  if not def then return code end
  local term, terr = terminal.new({ color = opts.color, game = def.name })
  if not term then complain("play: %s", terr) return 2 end
  local settings = option_settings("play", opts.option)
  if not settings then return 2 end
  local seed = resumed and resumed.config.seed or opts.seed or (os.time() % 1000000)
  -- narration waits until the answer that caused it has been shown; what
  -- setup says comes after the list of seats
  local narration = {}
  -- the moves and narration, everyone's to see: after the hot-seat screen a
  -- person sees again those said since their screen was last cleared
  local said, seen = {}, {}
  local function public(text)
    term:say("%s", text)
    said[#said + 1] = text
  end
  local function narrate(text) narration[#narration + 1] = text end
  local function say_narration()
    for _, line in ipairs(narration) do public("  " .. line) end
    for i = #narration, 1, -1 do narration[i] = nil end
  end
  local m, err, broken = resumed, nil, nil
  if not m then
    m, err, broken = match.new(def, { players = opts.players, seed = seed, options = settings,
                                      narrate = narrate })
  end
  -- a script that failed is not a usage error: status 1, as check and sim
  if not m then complain("play: %s", err) return broken and 1 or 2 end
  local kinds = seat_kinds("play", def, m.config.players, opts.seat, saved_data and saved_data.seats)
  if not kinds then return 2 end
  local ok, err2 = pcall(m.bot_table, m, kinds)
  if not ok then complain("play: %s", err2) return 2 end
  local interactive, humans = false, 0
  for seat = 1, m.config.players do
    if kinds[seat] == "human" then interactive, humans = true, humans + 1 end
  end
  -- the hot-seat screen: two or more people at one terminal
  local hot_seat = humans >= 2 and (opts.hot_seat == "on"
    or ((opts.hot_seat or "auto") == "auto" and term.tty and host.isatty(0)))
  -- a save file that cannot be written is a usage error, found before any play
  if opts.save then
    local saved, serr = savefile.write(opts.save, m, kinds)
    if not saved then complain("play: --save: %s", serr) return 2 end
  end
  term:say_as("title", "%s, %s, seed %d", def.title, render.count(m.config.players, "player"), seed)
  local changed = options.changed(def.options, m.config.options)
  if #changed > 0 then term:say("  options: %s", table.concat(changed, ", ")) end
  if resumed then term:say("  resumed from %s after %s", opts.resume, render.count(m:count(), "answer")) end
  for seat = 1, m.config.players do term:say("  seat %d: %s", seat, kinds[seat]) end
  -- all bots: nothing is narrated (setup's lines, formatted before the seats
  -- were known, are dropped)
  if interactive then say_narration() else for i = #narration, 1, -1 do narration[i] = nil end end
  m.game.narrate = interactive and narrate or nil
  -- with one human, the screen is that seat's; with several, secret answers
  -- stay hidden from all of them
  local viewer = 0
  for seat = 1, m.config.players do
    if kinds[seat] == "human" and humans == 1 then viewer = seat end
  end
  if humans > 1 then viewer = -1 end

  local function autosave()
    if opts.save then
      local saved, serr = savefile.write(opts.save, m, kinds)
      if not saved then complain("play: %s", serr) end
      return saved
    end
  end

  -- (a --save that fails here loses the game: said, and status 1)
  local function leave_at_end_of_input()
    say("")
    local saved = autosave()
    if opts.save and not saved then
      say("end of input: leaving the game, not saved")
      return 1
    end
    say("end of input: leaving the game%s", saved and " (saved in " .. opts.save .. ")" or "")
    return 0
  end

  -- the table as the seat asked sees it, the prompt and the choices (or the
  -- form of a typed answer)
  local function show_request(request)
    show_view(m, request.seat, term)
    term:say_as("prompt", "%s", prompt_line(request.prompt))
    if request.answers then
      for _, line in ipairs(answer_lines(request.answers, term.width)) do term:say("%s", line) end
    else
      term:say("%s", typed_hint(m, request))
    end
  end

  -- the person whose screen it is (hot seat): the table is shown to another
  -- only after the pass screen
  local at_screen
  -- a quit whose --save failed: the next quit leaves without saving
  local quit_unsaved = false
  -- the file of the last `save FILE` typed, and the answers it holds
  local saved_by_hand
  -- the places in the log of the answers --auto-answer gave
  local auto = {}

  -- what quit says once saved: where the game is (--save's file, or the last
  -- `save FILE` if nothing was answered since) and how to go on with it;
  -- `unsaved`: the --save file could not be written (a second quit)
  local function left_line(unsaved)
    local where = (not unsaved and opts.save)
      or (saved_by_hand and saved_by_hand[2] == m:count() and saved_by_hand[1])
    if not where then return "left the game (not saved)" end
    return string.format("left the game, saved in %s (to go on with it: cardlab play --resume %s)",
      where, shell_word(where))
  end

  -- quit, at the prompt or the pass screen: gives the exit status, or nil to
  -- stay when the --save file could not be written (a --save that fails
  -- would lose the game: the person chooses, and a second quit leaves; `stay`
  -- says how to go on)
  local function quit(stay)
    if quit_unsaved then
      term:say("%s", left_line(true))
      return 0
    end
    if not opts.save or autosave() then
      term:say("%s", left_line())
      return 0
    end
    quit_unsaved = true
    term:say_as("refusal", "the game is not saved in %s; %s", opts.save, stay)
  end

  -- Ctrl-C at a prompt leaves at once, saved as by quit (a --save that fails
  -- is said, and the status is 1); else the status is a shell's for Ctrl-C
  local function leave_at_ctrl_c()
    if opts.save and not autosave() then
      say("Ctrl-C: left the game, not saved")
      return 1
    end
    say("Ctrl-C: %s", left_line())
    return 130
  end
  local around = thinking_line(term, kinds)
  while true do
    -- what the game said on the human's last answer, before the bots go on
    say_narration()
    local ended_or_asked
    if interactive then
      ended_or_asked = run_bots(m, kinds, say_narration, viewer, public, pause, around)
    else
      ended_or_asked = m:run(kinds, common.MAX_ANSWERS, around) ~= "waiting"
    end
    if not ended_or_asked then
      complain("play: the game did not end within %d answers of its bots; stopped (an option that "
        .. "limits its length may help: see 'cardlab list')", common.MAX_ANSWERS)
      return 1
    end
    say_narration()
    local saved = autosave()
    local status = m:status()
    if status ~= "waiting" then
      if interactive or status == "error" then
        if interactive then say("") end
        show_view(m, 0, term)
      end
      -- each seat with its holder, as at the start: "(you)" for the one
      -- person at the table
      local who = {}
      for seat = 1, m.config.players do who[seat] = seat == viewer and "you" or kinds[seat] end
      local code = show_result("play", m, term, who)
      -- (the game is over, but its save is lost: said, and not a success)
      if opts.save and not saved and code == 0 then return 1 end
      return code
    end
    local request = m:request()
    local legal = request.answers
    if opts.auto_answer and legal and #legal == 1 then
      -- one legal answer: given at once, said in the format of every move
      auto[m:count() + 1] = true
      m:answer(legal[1])
      public(move_line(m.def, request.seat, humans > 1 and "human" or "you", request.kind, viewer, legal[1])
        .. " (the only answer, given by --auto-answer)")
    else
      if hot_seat and at_screen ~= request.seat then
        -- clears the last person's secrets off the screen (and its
        -- scrollback), then waits for the next person, who sees what was
        -- said since their screen was cleared (the last HOT_SEAT_LINES)
        if at_screen then seen[at_screen] = #said end
        term:clear()
        term:say_as("prompt", "pass the terminal to seat %d, then press Enter (or quit)", request.seat)
        -- (anything else typed here counts as Enter; quit leaves, as at the
        -- prompt, and a --save that fails is said here, before any hand shows)
        while true do
          local line, interrupted = read_line("")
          if interrupted then return leave_at_ctrl_c() end
          if line == nil then return leave_at_end_of_input() end
          if not line:match("^%s*quit%s*$") then break end
          local status = quit("quit again leaves without saving, and Enter goes on (save FILE at the prompt "
            .. "saves it elsewhere)")
          if status then return status end
        end
        term:clear()
        local from = (seen[request.seat] or 0) + 1
        if #said - from + 1 > HOT_SEAT_LINES then
          term:say("  (%s before these)", render.count(#said - from + 1 - HOT_SEAT_LINES, "line"))
          from = #said - HOT_SEAT_LINES + 1
        end
        for i = from, #said do term:say("%s", said[i]) end
        at_screen = request.seat
      end
      say("")
      show_request(request)
      while true do
        local typed, interrupted = read_line(string.format("seat %d> ", request.seat))
        if interrupted then return leave_at_ctrl_c() end
        local line = term:input(typed)
        if line == nil then return leave_at_end_of_input() end
        local word, rest = line:match("^%s*(%S*)%s*(.-)%s*$")
        local number = tonumber(word)
        if word == "" then  -- luacheck: ignore 542 (an empty line asks again)
        elseif word == "help" and rest == "" then
          for _, text in ipairs(help_lines(term.width)) do term:say("%s", text) end
        elseif word == "quit" and rest == "" then
          local status = quit("save FILE saves it elsewhere, and quit again leaves without saving")
          if status then return status end
        elseif word == "view" and rest == "" then
          show_request(request)
        elseif word == "hint" and (rest == "" or rest:match("^ismcts"))
            and not (legal and is_answer_text(legal, rest == "" and "hint" or "hint " .. rest)) then
          -- the search bot's ranking of the answers, from this seat's view;
          -- its parameters as the REPL's :hint takes them (iterations=2000)
          local ismcts = require "cardlab.ismcts"
          local params, why = nil, nil
          if rest ~= "" then params, why = ismcts.parse(rest) end
          if why then
            term:say_as("refusal", "hint: %s", why)
          else
            -- (a game's constraints hook that raises fails the hint, not the game)
            local ok, lines = pcall(ismcts.hint_lines, m, params, nil, kinds)
            if not ok then
              term:say_as("refusal", "hint: %s", tostring(lines))
            else
              for _, text in ipairs(lines) do term:say("%s", text) end
            end
          end
        elseif word == "undo" and (rest == "" or rest:match("^[-+]?[%d.]+$")) then
          local n = rest == "" and 1 or math.tointeger(tonumber(rest))
          local back, uerr
          if not n or n < 1 then
            uerr = string.format("expected a number of your decisions, 1 or more (got '%s')", echoed(rest))
          else
            back, uerr = undo_human(m, kinds, n, auto, request.seat)
          end
          if back then
            back.game.narrate = m.game.narrate
            m = back
            for k in pairs(auto) do if k > m:count() then auto[k] = nil end end
            -- (another person's decisions taken back with yours: everyone
            -- at the terminal is told whose, after the hot-seat screen too)
            if #uerr > 0 then
              public(string.format("seat %d undid their last %s, and with %s the decisions of the others after: %s",
                request.seat, n == 1 and "decision" or n .. " decisions", n == 1 and "it" or "them",
                table.concat(uerr, "; ")))
            else
              say("undone")
            end
            break
          end
          term:say_as("refusal", "cannot undo: %s", uerr)
        elseif word == "save" and rest ~= "" then
          local saved, serr = savefile.write(rest, m, kinds)
          if saved then
            saved_by_hand = { rest, m:count() }
            term:say("saved in %s (to go on with it: cardlab play --resume %s)", rest, shell_word(rest))
          else
            term:say_as("refusal", "%s", serr)
          end
        elseif number and legal and rest == "" and not is_answer_text(legal, word) then
          -- a number is an answer's place in the list, unless it is an answer
          if number >= 1 and number <= #legal and number % 1 == 0 then
            local text = legal[number]
            m:answer(text)
            -- said as every move is: to the others at the terminal, and to
            -- the one person, whose "2" does not say what was chosen
            public(move_line(m.def, request.seat, humans > 1 and "human" or "you", request.kind, viewer, text))
            break
          end
          term:say_as("refusal", "there is no answer %s: choose 1 to %d", echoed(word), #legal)
        else
          -- "save" alone may be an answer (a word game's word), else a hint
          local count = m:count()
          local status2, why = m:answer(line)
          if status2 then
            if humans > 1 then
              local log = m:log()
              if m:count() > count and log[count + 1] then
                public(move_line(m.def, request.seat, "human", request.kind, viewer, log[count + 1][2]))
              end
            end
            break
          end
          local aside = word == "save" and rest == "" and "; to save the game: save FILE"
            or word == "hint" and "; a longer hint: hint ismcts:iterations=2000" or ""
          term:say_as("refusal", "%s%s", why, aside)
        end
      end
    end
  end
end

---------------------------------------------------------------- replay

local function cmd_replay(argv)
  local opts, pos = parse("replay", argv, { seat = "integer", color = "string" }, nil, { "FILE" })
  if not opts then return 2 end
  if not pos[1] then complain("replay: which save file?") return 2 end
  if opts.color and not terminal.COLOR_CHOICES[opts.color] then
    complain("replay: --color: '%s' is not a choice; expected auto, always or never", opts.color)
    return 2
  end
  local m, data = savefile.load(pos[1])
  if not m then complain("replay: %s", data) return 1 end
  local term = assert(terminal.new({ color = opts.color, game = m.def.name }))
  local seat = opts.seat
  if seat and (seat < 1 or seat > data.players) then
    complain("replay: --seat %d: there are seats 1 to %d", seat, data.players)
    return 2
  end
  term:say_as("title", "%s, %s, seed %d, %s%s", m.def.title, render.count(data.players, "player"), data.seed,
    render.count(#data.answers, "answer"),
    seat and string.format(" (as seat %d sees it)", seat) or "")
  local changed = options.changed(m.def.options, m.config.options)
  if #changed > 0 then term:say("  options: %s", table.concat(changed, ", ")) end
  -- the game again, step by step, with the edits made where they were made
  -- (savefile.load replayed it whole already, so every step fits), and what
  -- the game narrated (game:say: public, as at a terminal) under each answer
  local step = assert(match.replay(m.def, { players = data.players, seed = data.seed,
    options = data.options, narrate = function(text) term:say("      %s", text) end },
    data.answers, nil, data.edits, {
      edit = function(_, text) term:say("      edit: %s", text) end,
      answer = function(at, i, by, text)
        -- a blank line sets each table apart from the answer before it
        if seat then term:say("") show_view(at, seat, term) end
        local kind = at:request().kind
        term:say("%4d. seat %d, %s: %s", i, by, kind,
          seat and shown_answer(m.def, kind, by, seat, text) or text)
      end,
    }))
  if step:status() == "waiting" then
    local r = step:request()
    term:say("the game goes on: seat %d is asked: %s", r.seat, r.prompt)
    return 0
  end
  term:say("")
  show_view(step, seat or 0, term)
  return show_result("replay", step, term)
end

---------------------------------------------------------------- repl, run

local function cmd_repl(argv)
  return require("repl.repl").run(argv)
end

local function cmd_run(argv)
  local file = argv[1]
  if not file then complain("run: which Lua file?") return 2 end
  local chunk, err = loadfile(file)
  if not chunk then complain("run: %s", err) return 1 end
  arg = { [0] = file, table.unpack(argv, 2) }
  local result = chunk(table.unpack(argv, 2))
  if math.type(result) ~= "integer" then return 0 end
  -- (the system keeps the status's low 8 bits: 256 would read as success)
  if result < 0 or result > 255 then
    complain("run: %s returned %d; an exit status is a whole number from 0 to 255", file, result)
    return 1
  end
  return result
end

---------------------------------------------------------------- help, version

-- The lines of the usage text about one command, or nil if it has none.
local function command_usage(command)
  local lines, inside = {}, false
  for line in USAGE:gmatch("[^\n]*") do
    local name = line:match("^  (%l+)")
    if name then
      inside = name == command
    elseif not line:match("^  ") then
      inside = false  -- (the blank line and the note after the last command)
    end
    if inside then lines[#lines + 1] = line end
  end
  if #lines == 0 then return nil end
  return "usage: cardlab COMMAND [ARGS]\n" .. table.concat(lines, "\n")
end

local function cmd_help(argv)
  local opts, pos = parse("help", argv, {}, nil, { "COMMAND" })
  if not opts then return 2 end
  local text = pos[1] and command_usage(pos[1])
  if pos[1] and not text then
    complain("help: no command '%s'; see 'cardlab help'", pos[1])
    return 2
  end
  say("%s", text or USAGE)
  return 0
end

local function cmd_version(argv)
  if not parse("version", argv, {}, nil, {}) then return 2 end
  say("cardlab %s", require("cardlab.vm").version)
  return 0
end

---------------------------------------------------------------- main

local COMMANDS = {
  list = cmd_list,
  play = cmd_play,
  replay = cmd_replay,
  serve = function(argv) return require("repl.serve").run(argv) end,
  check = function(argv) return require("repl.check").check(argv) end,
  sim = function(argv) return require("repl.lab.sim").sim(argv) end,
  compare = function(argv) return require("repl.lab.sim").compare(argv) end,
  merge = function(argv) return require("repl.lab.sim").merge(argv) end,
  bench = function(argv) return require("repl.bench").run(argv) end,
  test = function(argv) return require("repl.test").run(argv) end,
  repl = cmd_repl,
  run = cmd_run,
  help = cmd_help,
  version = cmd_version,
}
-- what the usage text and 'cardlab help' call them too
local ALIASES = { ["--help"] = "help", ["-h"] = "help", ["--version"] = "version" }

local function wants_help(argv)
  for _, a in ipairs(argv) do
    if a == "--help" or a == "-h" then return true end
  end
  return false
end

local function main(...)
  local argv = { ... }
  local command = table.remove(argv, 1)
  if command == nil then
    say("%s", USAGE)
    return 2
  end
  command = ALIASES[command] or command
  -- `cardlab run FILE --help` passes --help on to the file; `cardlab run
  -- --help`, with no file before it, asks for run's usage
  local asks_help = command == "run" and (argv[1] == "--help" or argv[1] == "-h")
    or command ~= "run" and wants_help(argv)
  if command_usage(command) and asks_help then
    say("%s", command_usage(command))
    return 0
  end
  local fn = COMMANDS[command]
  if not fn then
    local names = {}
    for k in pairs(COMMANDS) do names[#names + 1] = k end
    table.sort(names)
    complain("unknown command '%s'; commands: %s", command, table.concat(names, ", "))
    return 2
  end
  local status = fn(argv)
  -- output that could not be written (a full disk, a closed pipe) is a failure
  local flushed, err = io.stdout:flush()
  -- (a line print wrote and flushed at once failed then, not here)
  if flushed and host.output_failed() then flushed, err = false, "an earlier write failed" end
  if not flushed then
    complain("cannot write the output: %s", err)
    return 1
  end
  return status
end

return main(...)
