#!/usr/bin/env bash
# End-to-end test of `cardlab play` in a real terminal 80 columns wide: every
# game is played a few answers into a detached tmux session (send-keys), and
# the screen is read back (capture-pane, -e for its colours). Checks that no
# line is wider than 80 columns, that colour is there on a terminal and not
# with NO_COLOR=1, --color=never or when standard output is piped, that Crazy
# Eights shows suit symbols, and that the hot-seat screen leaves seat 1's hand
# nowhere in what seat 2 can see, scrollback included; and that a search
# bot's thinking is said on a terminal and not in a pipe.
#
# usage: play_tmux.sh PATH/TO/cardlab
# Skips (exit 0) when tmux is not installed; otherwise exits 1 if a check
# failed. The last line is "N passed, M failed".

set -u

cardlab=${1:?usage: play_tmux.sh PATH/TO/cardlab}
if ! command -v tmux > /dev/null 2>&1; then
  echo "SKIP: tmux is not installed (Debian package 'tmux'); play's end-to-end test did not run"
  exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/cardlab-play-tmux.XXXXXX")
socket="cardlab-play-test-$$"  # our own tmux server: no other session is touched
passed=0
failed=0
starts=0
session=""
ESC=$'\033'

t() { tmux -L "$socket" -f /dev/null "$@"; }
cleanup() {
  t kill-server > /dev/null 2>&1
  rm -rf "$tmp"
}
trap cleanup EXIT

# The screen and its scrollback, wrapped lines joined (a line wider than the
# pane comes back whole); with -e, its colours as escape sequences.
screen() { t capture-pane -p -J -t "$session" -S -10000 "$@" 2> /dev/null; }
last_line() { screen | grep -v '^[[:space:]]*$' | tail -n 1; }
prompts() { screen | grep -c '^seat [0-9]> '; }

# wait_for PATTERN [SECONDS]: polls until PATTERN (grep -E) is on the screen.
wait_for() {
  local pattern=$1 tries=$((${2:-10} * 20)) i
  for ((i = 0; i < tries; i++)); do
    screen | grep -Eq -- "$pattern" && return 0
    sleep 0.05
  done
  return 1
}
# wait_prompts N: until the screen holds N prompts (or the game is over).
wait_prompts() {
  local n=$1 i
  for ((i = 0; i < 200; i++)); do
    [ "$(prompts)" -ge "$n" ] && return 0
    screen | grep -q '^winners\?: ' && return 0
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
  echo "  the screen's last lines:"
  screen | grep -v '^[[:space:]]*$' | tail -n 12 | sed 's/^/  | /'
}
keys() { t send-keys -t "$session" "$@"; }
type_line() { t send-keys -t "$session" -l "$1"; t send-keys -t "$session" Enter; }

# start ENV ARGS...: `cardlab play ARGS` in a new 80x40 pane, with ENV (a
# text of assignments, or "") in its environment.
start() {
  local env=$1 cmd
  shift
  starts=$((starts + 1))
  session="play$starts"
  cmd=$(printf 'env HOME=%q CARDLAB_HISTORY=/dev/null %s %q play' "$tmp" "$env" "$cardlab")
  cmd="$cmd$(printf ' %q' "$@")"
  # with exit_file set: the program's exit status is written there (tmux's
  # own #{pane_dead_status} came empty at times under load)
  if [ -n "${exit_file:-}" ]; then cmd=$(printf 'bash -c %q' "$cmd; echo \$? > $(printf %q "$exit_file")"); fi
  t new-session -d -s "$session" -x "${pane_width:-80}" -y 40 \; set-option -g remain-on-exit on \; \
    respawn-pane -k -t "$session" "$cmd"
}

# play_some GAME ENV ANSWER...: starts GAME (3 players, seed 3, you at seat
# 1), gives the answers one prompt after another, then 'view'.
play_some() {
  local game=$1 env=$2 n=1 a
  shift 2
  start "$env" "$game" --players 3 --seed 3
  if ! wait_prompts 1; then fail "$game starts and asks seat 1"; return 1; fi
  for a in "$@" view; do
    type_line "$a"
    n=$((n + 1))
    wait_prompts "$n" || true
  done
  return 0
}

# wider_than_80 [WIDTH]: the lines of the screen wider than 80 (or WIDTH)
# columns (UTF-8 read as characters).
wider_than_80() { screen | perl -CS -ne 'chomp; print "$_\n" if length > '"${1:-80}"; }

answers_for() {
  case $1 in
    lettertycoon) echo "pass pass pass" ;;
    *) echo "1 1 1" ;;
  esac
}

for game in crazyeights online lettertycoon rushfortheweb cryptocurrency; do
  # shellcheck disable=SC2046
  play_some "$game" "" $(answers_for "$game") || continue
  wide=$(wider_than_80)
  if [ -z "$wide" ]; then pass "$game: no line wider than 80 columns"
  else fail "$game: no line wider than 80 columns"; echo "$wide" | head -5 | sed 's/^/  > /'; fi
  if screen -e | grep -q "$ESC\\["; then pass "$game: colours on a terminal"
  else fail "$game: colours on a terminal"; fi
  if [ "$game" = crazyeights ]; then
    if screen | grep -q '[♠♥♦♣]'; then pass "crazyeights: suit symbols"
    else fail "crazyeights: suit symbols"; fi
  fi
  type_line quit

  play_some "$game" "NO_COLOR=1" $(answers_for "$game") || continue
  if screen -e | grep -q "$ESC"; then fail "$game: no colour with NO_COLOR=1"
  else pass "$game: no colour with NO_COLOR=1"; fi
  [ -z "$(wider_than_80)" ] && pass "$game: 80 columns with NO_COLOR=1" || fail "$game: 80 columns with NO_COLOR=1"
  type_line quit

  # piped: standard output to a file, from a terminal all the same
  out="$tmp/$game.out"
  printf '%s\nview\nquit\n' "$(answers_for "$game" | tr ' ' '\n')" \
    | TERM=xterm-256color "$cardlab" play "$game" --players 3 --seed 3 > "$out" 2>&1
  if grep -q "$ESC" "$out"; then fail "$game: no colour when piped"
  else pass "$game: no colour when piped"; fi
  # (a prompt is followed by the next line: what was typed is not echoed)
  if perl -CS -ne 'chomp; s/^(seat \d> )+//; $w = 1 if length > 80; END { exit($w ? 1 : 0) }' "$out"; then
    pass "$game: 80 columns when piped"
  else
    fail "$game: 80 columns when piped"
  fi
done

# a narrow terminal, 60 columns: every line fits it, the help included, whose
# texts are cut beside their commands
pane_width=60
for game in crazyeights online lettertycoon rushfortheweb cryptocurrency; do
  # shellcheck disable=SC2046
  play_some "$game" "" $(answers_for "$game") help || continue
  wide=$(wider_than_80 60)
  if [ -z "$wide" ]; then pass "$game: no line wider than 60 columns on a terminal 60 wide"
  else fail "$game: no line wider than 60 columns on a terminal 60 wide"; echo "$wide" | head -5 | sed 's/^/  > /'; fi
  type_line quit
done
if screen | grep -qE "^  hint \[ismcts:\.\.\.\] +the search bot's ranking of\$" \
    && screen | grep -qE "^ {33}your answers \(from your\$"; then
  pass "help at 60 columns: its texts beside their commands"
else
  fail "help at 60 columns: its texts beside their commands"
fi
pane_width=80

# a refusal is painted, and --color=never is plain on a terminal
start "" crazyeights --players 3 --seed 3
wait_prompts 1
type_line "play ZZ"
wait_for "is not a legal answer"
if screen -e | grep "is not a legal" | grep -q "$ESC\\[[0-9;]*31m"; then pass "a refusal in red"
else fail "a refusal in red"; fi
type_line quit
start "" crazyeights --players 3 --seed 3 --color=never
wait_prompts 1
if screen -e | grep -q "$ESC"; then fail "--color=never: no colour on a terminal"
else pass "--color=never: no colour on a terminal"; fi
type_line quit

# Ctrl-C at the prompt leaves the game as quit does, saved, with a shell's
# status for Ctrl-C (130); before, it ended the program mid-line, unsaid
exit_file="$tmp/ctrl-c.status" start "" crazyeights --players 3 --seed 3 --save "$tmp/ctrl-c.json"
wait_prompts 1
type_line 1
wait_prompts 2
keys C-c
if wait_for "^Ctrl-C: left the game, saved in $tmp/ctrl-c.json \\(to go on with it: cardlab play --resume "; then
  pass "Ctrl-C at the prompt: left the game, saved"
else
  fail "Ctrl-C at the prompt: left the game, saved"
fi
for _ in $(seq 200); do  # (the program may still be closing after its last line)
  [ -s "$tmp/ctrl-c.status" ] && break
  sleep 0.05
done
status=$(cat "$tmp/ctrl-c.status" 2> /dev/null)
[ "$status" = "130" ] && pass "Ctrl-C at the prompt: status 130" || fail "Ctrl-C at the prompt: status 130 (got '$status')"
if "$cardlab" play --resume "$tmp/ctrl-c.json" < /dev/null 2>&1 | grep -qE '^  resumed from .* after [1-9][0-9]* answers?'; then
  pass "Ctrl-C at the prompt: the save goes on"
else
  fail "Ctrl-C at the prompt: the save goes on"
fi

# hot seat: two people at seats 1 and 2 of Crazy Eights; seat 1's hand must
# not be on seat 2's screen, nor in its scrollback
start "" crazyeights --players 2 --seed 3 --seat 2=human
check_pass() {
  if wait_for "pass the terminal to seat $1, then press Enter"; then pass "hot seat: the screen asks to pass to seat $1"
  else fail "hot seat: the screen asks to pass to seat $1"; fi
}
check_pass 1
keys Enter
wait_prompts 1
hand1=$(screen | grep '^  seat 1 (you): ' | tail -n 1)
if [ -n "$hand1" ]; then pass "hot seat: seat 1 sees its hand"; else fail "hot seat: seat 1 sees its hand"; fi
# seat 1 answers until the game asks seat 2
for _ in 1 2 3 4 5; do
  screen | grep -q "pass the terminal to seat 2" && break
  n=$(prompts)
  type_line 1
  wait_prompts $((n + 1)) || true
done
check_pass 2
if screen | grep -qF "seat 1 (you)"; then fail "hot seat: the pass screen hides seat 1's hand"
else pass "hot seat: the pass screen hides seat 1's hand"; fi
keys Enter
wait_for '^seat 2> '
seen=$(screen)
if [ -n "$hand1" ] && ! grep -qF -- "$hand1" <<< "$seen" && ! grep -qF "seat 1 (you)" <<< "$seen"; then
  pass "hot seat: seat 2's screen and scrollback hold nothing of seat 1's hand"
else
  fail "hot seat: seat 2's screen and scrollback hold nothing of seat 1's hand"
fi
if grep -q '^  seat 2 (you): ' <<< "$seen" && grep -q '^  seat 1 (human), play: ' <<< "$seen"; then
  pass "hot seat: seat 2 sees its hand and seat 1's move"
else
  fail "hot seat: seat 2 sees its hand and seat 1's move"
fi
type_line quit

# every seat a bot, one a search bot: while it thinks, a line says so; it is
# blanked out when the answer comes, and a pipe gets none of it
cat > "$tmp/slow.lua" <<'LUA'
-- one decision, then a long count that each of the search's playouts pays for
return {
  name = "slow", players = { min = 2, max = 2 }, cards = {},
  setup = function(game) end,
  play = function(game)
    local a = game:ask(1, "pick", "pick", { "low", "high" })
    local x = 0
    for i = 1, 100000 do x = x + i % 7 end
    return { winners = { a == "high" and 1 or 2 }, scores = { a == "high" and 1 or 0, x % 2 } }
  end,
}
LUA
slow=(--seat 1=ismcts:iterations=1000 --seat 2=random --seed 1)
start "" "$tmp/slow.lua" "${slow[@]}"
if wait_for '^seat 1 \(ismcts:iterations=1000\) is thinking\.\.\.$'; then
  pass "all bots: the screen says seat 1 is thinking while its search runs"
else
  fail "all bots: the screen says seat 1 is thinking while its search runs (expected /^seat 1 (ismcts:iterations=1000) is thinking...$/ within 10 s)"
fi
if wait_for '^winner' 60; then pass "all bots: the game ends"; else fail "all bots: the game ends (expected /^winner/ within 60 s)"; fi
if screen | grep -q 'thinking'; then fail "all bots: the thinking line is gone once the answer came"
else pass "all bots: the thinking line is gone once the answer came"; fi
"$cardlab" play "$tmp/slow.lua" "${slow[@]}" > "$tmp/slow.out" 2>&1 < /dev/null
if grep -q 'thinking' "$tmp/slow.out"; then fail "all bots, piped: no thinking line"
elif grep -q '^winner' "$tmp/slow.out"; then pass "all bots, piped: no thinking line"
else fail "all bots, piped: the game ends"; sed 's/^/  > /' "$tmp/slow.out" | tail -5; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
