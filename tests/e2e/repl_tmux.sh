#!/usr/bin/env bash
# End-to-end test of `cardlab repl` in a real terminal: runs the program in a
# detached tmux session, types into it (send-keys) and reads the screen
# (capture-pane). Checks tab completion, answers, error messages, :undo,
# multi-line Lua, Ctrl-C (stopping runaway Lua and a long :hint, at the prompt, at the
# continuation prompt, three presses in one long C call), Ctrl-D, and the
# history file ($CARDLAB_HISTORY).
#
# usage: repl_tmux.sh PATH/TO/cardlab
# Skips (exit 0) when tmux is not installed; otherwise exits 1 if a check
# failed. The last line is "N passed, M failed".

set -u

cardlab=${1:?usage: repl_tmux.sh PATH/TO/cardlab}
if ! command -v tmux > /dev/null 2>&1; then
  echo "SKIP: tmux is not installed (Debian package 'tmux'); the REPL's end-to-end test did not run"
  exit 0
fi
if [ ! -x "$cardlab" ]; then
  echo "cannot run '$cardlab'"
  echo "0 passed, 1 failed"
  exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cardlab-repl-tmux.XXXXXX")
socket="cardlab-repl-test-$$"  # our own tmux server: no other session is touched
history="$tmp/history"
passed=0
failed=0
starts=0
session=""

t() { tmux -L "$socket" -f /dev/null "$@"; }
cleanup() {
  t kill-server > /dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT

# The screen and its scrollback, wrapped lines joined.
screen() { t capture-pane -p -J -t "$session" -S -1000 2> /dev/null; }
# The last line that is not blank, trailing blanks made one (libedit may leave
# some where a longer line was erased).
last_line() { screen | grep -v '^[[:space:]]*$' | tail -n 1 | sed 's/  *$/ /'; }
# Whether the program in the pane has ended.
dead() { [ "$(t display-message -p -t "$session" '#{pane_dead}' 2> /dev/null)" = 1 ]; }

# The REPL's process id: the child of the shell in the pane.
repl_pid() {
  local shell pid=""
  shell=$(t display-message -p -t "$session" '#{pane_pid}' 2> /dev/null)
  # the list ends without a newline: read fails at its end, having read it
  read -r pid _ < "/proc/$shell/task/$shell/children" 2> /dev/null
  [ -n "$pid" ] && echo "$pid"
}
# cpu_ticks PID: the processor time PID has used, in clock ticks (utime +
# stime of /proc/PID/stat, after the command name that may hold blanks).
cpu_ticks() { sed 's/.*) //' "/proc/$1/stat" | awk '{ print $12 + $13 }'; }
# wait_busy PID TICKS: polls until PID has used TICKS more clock ticks of
# processor time than now (20 s at most): it is then past reading its line
# and running what it read, however loaded the machine.
wait_busy() {
  local pid=$1 want i
  want=$(($(cpu_ticks "$pid") + $2))
  for ((i = 0; i < 400; i++)); do
    [ "$(cpu_ticks "$pid" 2> /dev/null || echo 0)" -ge "$want" ] && return 0
    sleep 0.05
  done
  echo "  (the REPL, process $pid, did not use $2 more clock ticks of processor time in 20 s)"
  return 1
}

# wait_for WHAT PATTERN [SECONDS]: polls until PATTERN (grep -E) is on the
# screen (WHAT=screen) or is the last line (WHAT=last); default 10 seconds: a
# loaded machine (ctest -j2 beside other work) may take a while to answer.
wait_for() {
  local what=$1 pattern=$2 tries=$((${3:-10} * 20)) i
  for ((i = 0; i < tries; i++)); do
    if [ "$what" = last ]; then
      last_line | grep -Eq -- "$pattern" && return 0
    else
      screen | grep -Eq -- "$pattern" && return 0
    fi
    sleep 0.05
  done
  return 1
}

pass() {
  passed=$((passed + 1))
  echo "ok - $1"
}
fail() {
  failed=$((failed + 1))
  echo "not ok - $1"
  [ $# -lt 2 ] || echo "  $2"
  echo "  the screen's last lines:"
  screen | grep -v '^[[:space:]]*$' | tail -n 12 | sed 's/^/  | /'
}
# check NAME WHAT PATTERN [SECONDS]
check() {
  local where="on the screen"
  [ "$2" = last ] && where="as the last line"
  if wait_for "$2" "$3" "${4:-10}"; then
    pass "$1"
  else
    fail "$1" "expected /$3/ $where within ${4:-10} s"
  fi
}
# expect WHAT PATTERN [SECONDS]: waits as check does, before the next keys;
# no test of its own, but says what did not come
expect() {
  wait_for "$@" || fail "waiting for /$2/ ($1) before going on"
}
# keys KEY...: sends keys to the REPL (tmux key names: Enter, Tab, C-c, ...).
keys() { t send-keys -t "$session" "$@"; }
# type TEXT: sends TEXT literally, without Enter.
type_text() { t send-keys -t "$session" -l "$1"; }

# start [ARGS...]: runs the REPL (default: Crazy Eights, 3 players, seed 4) in
# a new pane that stays on the screen after the program ends.
start() {
  local cmd
  [ $# -gt 0 ] || set -- crazyeights --players 3 --seed 4
  starts=$((starts + 1))
  session="repl$starts"
  # a shell in the pane writes the REPL's exit status to a file: tmux notes it
  # too, but not reliably when the pane dies before the process is reaped
  cmd=$(printf 'env HOME=%q CARDLAB_HISTORY=%q %s %q repl' "$tmp" "$history" "${START_ENV:-}" "$cardlab")
  cmd="$cmd$(printf ' %q' "$@")"
  cmd="$cmd; echo \$? > $(printf '%q' "$tmp/status.$session")"
  t new-session -d -s "$session" -x 200 -y 50 \; set-option -g remain-on-exit on \; \
    respawn-pane -k -t "$session" "$cmd"
}

SEAT1='^crazyeights seat 1> '

start
check "the REPL starts with the game and a prompt" last "$SEAT1\$" 10

# tab completion of a command name
type_text ":bo"
keys Tab
check "Tab completes ':bo' to ':bot'" last "$SEAT1:bot ?\$"
keys C-u
expect last "$SEAT1\$"

# tab completion after a command typed in upper case
type_text ":NEW craz"
keys Tab
check "Tab completes ':NEW craz' to ':NEW crazyeights'" last "$SEAT1:NEW crazyeights ?\$"
keys C-u
expect last "$SEAT1\$"

# tab completion runs in the "C" locale, though libedit reads in the user's:
# in a Turkish one, the lower case of I is no i (where localedef can make one)
if mkdir -p "$tmp/loc" && localedef -i tr_TR -f ISO-8859-9 "$tmp/loc/tr_TR.ISO-8859-9" > /dev/null 2>&1; then
  keys C-d
  START_ENV="LOCPATH=$tmp/loc LC_ALL=tr_TR.ISO-8859-9"
  start
  START_ENV=""
  check "the REPL starts in a Turkish locale" last "$SEAT1\$" 10
  type_text ":QUI"
  keys Tab
  check "Tab completes ':QUI' to ':quit' in a Turkish locale" last "$SEAT1:quit ?\$"
  keys C-u
  expect last "$SEAT1\$"
else
  echo "skip - Tab completion in a Turkish locale (localedef cannot make tr_TR.ISO-8859-9)"
fi

# tab completion of an answer, after the words typed
type_text "play 6"
keys Tab
check "Tab completes 'play 6' to 'play 6S'" last "${SEAT1}play 6S ?\$"
keys C-u
expect last "$SEAT1\$"

# an answer by its number
type_text "1"
keys Enter
check "an answer by number is taken" screen "^seat 1: play 2S$"
check "the next seat is asked" last "^crazyeights seat 2> \$"

# an error of the command grammar
type_text ":frob"
keys Enter
check "an unknown command says so and lists the commands" screen "^unknown command ':frob'; commands: :new, :games"
check "the prompt comes back after an error" last "^crazyeights seat 2> \$"

# :undo
type_text ":undo"
keys Enter
check ":undo takes back the answer" screen "^took back 1 answer$"
check ":undo gives the request back to seat 1" last "$SEAT1\$"

# multi-line Lua
type_text "for i = 1, 3 do"
keys Enter
check "an incomplete chunk asks for more" last "^>> \$"
type_text "print('line' .. i)"
keys Enter
type_text "end"
keys Enter
check "the chunk runs once complete" screen "^line3$"
check "the prompt comes back after the chunk" last "$SEAT1\$"

# Ctrl-C stops runaway Lua; pressed once the loop runs (its first line has
# printed): a press while the line is still being read would discard it
type_text "print('looping') while true do end"
keys Enter
expect screen "^looping$"
keys C-c
check "Ctrl-C interrupts 'while true do end'" screen "interrupted \\(Ctrl-C\\)"
check "the prompt comes back after the interruption" last "$SEAT1\$"

# Ctrl-C stops a long :hint, which ranks the games played so far and says
# that it was stopped (it used to read as a finished search)
type_text ":hint ismcts:iterations=100000000,steps=1000000000"
keys Enter
pid=$(repl_pid) && wait_busy "$pid" 20
keys C-c
check "Ctrl-C stops :hint and says the ranking is of the games played so far" screen \
  "^  \(stopped by Ctrl-C: the ranking is of the games played so far\)$"
check "the prompt comes back after the stopped :hint" last "$SEAT1\$"

# Ctrl-C at the prompt discards what was typed and does not end the REPL
type_text "print('dropped')"
expect last "print\\('dropped'\\)\$"
keys C-c
check "Ctrl-C at the prompt discards the line typed" last "$SEAT1\$"
type_text "print('still' .. 'alive')"
keys Enter
check "Ctrl-C at the prompt does not end the REPL" screen "^stillalive$"
if dead; then fail "the REPL is running after Ctrl-C at the prompt"; else pass "the REPL is running after Ctrl-C at the prompt"; fi
if screen | grep -q '^dropped$'; then fail "the line discarded by Ctrl-C did not run"; else pass "the line discarded by Ctrl-C did not run"; fi

# Ctrl-C at the continuation prompt gives up the chunk
type_text "for i = 1, 2 do"
keys Enter
expect last "^>> \$"
keys C-c
check "Ctrl-C at the '>>' prompt gives up the incomplete chunk" last "$SEAT1\$"
if last_line | grep -Eq '^>> $'; then
  # still reading the chunk: finish it so that the rest can go on
  type_text "end"
  keys Enter
  expect last "$SEAT1\$"
fi

# a last command, for the history check
type_text ":seed"
keys Enter
check ":seed answers" screen "^4$"
expect last "$SEAT1\$"

# Ctrl-D leaves and writes the history
keys C-d
ended=0
for ((i = 0; i < 100; i++)); do
  if dead; then ended=1; break; fi
  sleep 0.05
done
if [ $ended = 1 ]; then pass "Ctrl-D ends the REPL"; else fail "Ctrl-D ends the REPL"; fi
# the status the pane's shell wrote when the REPL ended
status=""
for ((i = 0; i < 600; i++)); do
  [ -s "$tmp/status.$session" ] && status=$(cat "$tmp/status.$session") && break
  sleep 0.05
done
if [ "$status" = 0 ]; then
  pass "the REPL exits with status 0"
else
  fail "the REPL exits with status 0 (got status '$status')"
fi
if [ -f "$history" ] && grep -qx ':frob' "$history" && grep -qx ':undo' "$history" \
  && grep -qx ':seed' "$history"; then
  pass "the history is written to \$CARDLAB_HISTORY"
else
  fail "the history is written to \$CARDLAB_HISTORY"
  [ -f "$history" ] && sed 's/^/  history: /' "$history"
fi
if [ -e "$tmp/.cardlab_history" ]; then
  fail "no history is written to ~/.cardlab_history when \$CARDLAB_HISTORY is set"
else
  pass "no history is written to ~/.cardlab_history when \$CARDLAB_HISTORY is set"
fi

# the history is read back by the next REPL
start
expect last "$SEAT1\$"
keys Up
check "the next REPL reads the history back (Up gives ':seed')" last "$SEAT1:seed\$"
keys C-u C-d

# a game's texts with control characters reach the screen escaped: ESC [2J
# in its name would clear the screen at every prompt, a carriage return would
# overwrite the prompt's start
cat > "$tmp/evil.lua" <<'LUA'
local E = "<\27[2J\r\0>"
return {
  name = "evil" .. E,
  players = { min = 2, max = 2 },
  cards = { { name = "X" } },
  setup = function(game) end,
  play = function(game)
    game:ask(1, "pick", "pick one", { "answer" .. E, "other" })
    game:ask(2, "pick", "pick one", { "answer" .. E, "other" })
    return { winners = { 1 } }
  end,
}
LUA
start "$tmp/evil.lua"
check "a game's name with control characters is escaped in the prompt" last '^evil<\\27\[2J\\13\\0> seat 1> $' 10
check "the screen was not cleared" screen "^cardlab [0-9.]+; :help for commands"
type_text "ans"
keys Tab
check "Tab completes an answer with control characters escaped" last '^evil<\\27\[2J\\13\\0> seat 1> answer<\\27\[2J\\13\\0> ?$'
keys C-u C-d

# Ctrl-C stops a bot run that would never end, and the REPL goes on
cat > "$tmp/forever.lua" <<'LUA'
-- a game that never ends: each seat in turn says "tick"
return {
  name = "forever",
  players = { min = 2, max = 2 },
  cards = { { name = "X" } },
  setup = function(game) end,
  play = function(game)
    local seat = 1
    while true do
      game:ask(seat, "tick", "say tick", { "tick" })
      seat = game.seats:next()
    end
  end,
}
LUA
start "$tmp/forever.lua"
check "a game from a path starts" last "^forever seat 1> \$" 10
type_text ":bot 1 random"
keys Enter
type_text ":bot 2 random"
keys Enter
expect screen "^seat 2: random$"
# the run shows nothing until it ends: Ctrl-C is pressed once the REPL has
# spent 0.2 s of processor time on it (a press while ':run' is still being
# read would discard the line, and one before the run starts stops nothing)
pid=$(repl_pid)
type_text ":run"
keys Enter
if [ -n "$pid" ]; then
  wait_busy "$pid" 20
else
  fail "the REPL's process id (the child of the pane's shell)"
fi
keys C-c
check "Ctrl-C interrupts a bot run that never ends" screen "^interrupted after [0-9]+ answers$"
check "the prompt comes back after the bot run" last "^forever seat [12]> \$"
type_text ":seed"
keys Enter
check "the REPL goes on after the interrupted run" screen "^1$"
keys C-d

# Ctrl-C pressed three times at once does not end the REPL, even stuck in one
# long C call that no press can stop (a step may take a while to see the
# first press); three presses a second apart do
start
check "the REPL starts again" last "$SEAT1\$" 10
type_text 'print("searching") string.rep("a", 30000):find(".-.-.-.-b")'
keys Enter
expect screen '^searching$'
# The REPL counts a press only a second or more after the last one it
# counted, timed when it sees the press; these sleeps are that rule's, made
# wide so that a loaded machine, slow to pass the presses on, keeps them
# apart (or together). A little apart, or the signals would merge into fewer.
keys C-c; sleep 0.1; keys C-c; sleep 0.1; keys C-c
sleep 1
if dead; then fail "three quick Ctrl-C presses do not end the REPL"; else pass "three quick Ctrl-C presses do not end the REPL"; fi
sleep 1
keys C-c
sleep 2
keys C-c
check "three Ctrl-C presses a second apart end the REPL stuck in one long C call" \
  screen "^cardlab: stopped: Ctrl-C was pressed 3 times$"
if dead; then pass "the REPL has ended"; else fail "the REPL has ended"; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
