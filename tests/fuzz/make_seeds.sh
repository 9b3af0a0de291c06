#!/usr/bin/env bash
# Makes the fuzzer's seed corpus from real games (docs/fuzzing.md): for each
# game, a save file of a random game (target 0), its answers (target 1) and
# REPL command lines (target 2); house-rule files (target 3); frames to the
# web server (target 4); and the games' scenario files (target 5).
# Usage: make_seeds.sh CARDLAB CORPUS_DIR
set -euo pipefail
cardlab=$1
corpus=$2
mkdir -p "$corpus"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
seed() {  # target byte, name; the text on stdin
  { printf "\\x$1"; cat; } > "$corpus/$2"
}
for game in crazyeights online lettertycoon rushfortheweb cryptocurrency; do
  for players in 2 3; do
    seats=""
    for s in $(seq 1 $players); do seats="$seats --seat $s=random"; done
    rm -f "$tmp/$game.json"
    # shellcheck disable=SC2086 # seats is a list of arguments
    "$cardlab" play "$game" --players $players --seed 7 $seats --save "$tmp/$game.json" \
      < /dev/null > /dev/null 2>&1 || true
    [ -s "$tmp/$game.json" ] || continue
    seed 00 "save-$game-$players" < "$tmp/$game.json"
    # the answers, one a line, after "GAME PLAYERS SEED"
    { echo "$game $players 7"
      lua5.4 -e 'local t = io.read("a"); for a in t:match("\"answers\":(%b[])"):gmatch("%[%d+,(\"[^\"]*\")%]") do print((load("return " .. a))()) end' \
        < "$tmp/$game.json"; } | seed 01 "answers-$game-$players"
  done
  printf ':new %s players=2 seed=3\n:moves\n:show 1\n:bot 2 random\n:answer 1\n:run\n:undo 2\n:redo\n:log\n:show 2\n' \
    "$game" | seed 02 "repl-$game"
  printf '%s\noptions.nonesuch = 1\n' "$game" | seed 03 "house-bad-$game"
done
printf 'crazyeights\noptions.draw_limit = 1\nlocal is_wild = rules.is_wild\nrules.is_wild = function(card)\n  return card.rank == "A" or is_wild(card)\nend\n' \
  | seed 03 house-aces
printf 'crazyeights\nrules.can_ply = function() return true end\n' | seed 03 house-typo
# web frames: a table made in the lobby (its person's token is token1), joined,
# answered, watched, undone, saved, replayed; then frames that are refused
for game in crazyeights online lettertycoon rushfortheweb cryptocurrency; do
  printf '%s\n' \
    '1 {"type":"lobby"}' \
    "1 {\"type\":\"create\",\"game\":\"$game\",\"players\":2,\"seats\":[\"human\",\"random\"],\"seed\":5}" \
    '1 {"type":"join","table":1,"seat":1,"token":"token1"}' \
    '2 {"type":"watch","table":1}' \
    '1 {"type":"answer","text":"draw"}' \
    '1 {"type":"answer","text":"pass","at":1}' \
    'tick' \
    '1 {"type":"undo"}' \
    '1 {"type":"save"}' \
    '3 {"type":"replay","table":1,"seat":1}' \
    '3 {"type":"join","table":1,"seat":2,"token":"x"}' \
    'close 2' \
    '2 {"type":"nope"}' \
    '2 [1,2]' | seed 04 "web-$game"
done
# scenario files: the games' own, read by the fuzzer from a folder of its
# own, so each is made to stand alone: a helper file it uses is put in its
# place (a function returning what the file returns), and Go Fish's path is
# Crazy Eights' name
cat > "$tmp/standalone.lua" <<'LUA'
local path = arg[1]
local f = assert(io.open(path))
local text = f:read("a")
f:close()
text = text:gsub('%f[%w_]uses%s*%(?%s*"([^"]+)"%s*%)?', function(helper)
  local h = io.open(path:match("^(.*)/") .. "/" .. helper)
  if not h then return nil end
  local body = h:read("a")
  h:close()
  return "(function()\n" .. body .. "\nend)()"
end)
io.write((text:gsub('"%.%./%.%./%.%./docs/examples/gofish%.lua"', '"crazyeights"')))
LUA
for file in tests/scenarios/*/*.lua; do
  case "$(basename "$file")" in _*) continue ;; esac
  name=$(basename "$(dirname "$file")")-$(basename "$file" .lua)
  lua5.4 "$tmp/standalone.lua" "$file" | seed 05 "scenario-$name"
done
echo "seeds: $(ls "$corpus" | wc -l) in $corpus"
