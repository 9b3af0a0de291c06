#!/usr/bin/env bash
# Four shards of one run played through GNU parallel, then merged, print the
# same summary, JSON and report as the run played whole, in one process or
# in two workers (timings aside).
set -euo pipefail
cardlab="$1"
command -v parallel > /dev/null || { echo "GNU parallel is missing: run .ci/setup"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run="online -n 240 --players 2 --seed 5 --bots greedy,random"
# the timing fields and lines, and the command line a report quotes
untimed() { sed -E 's/"(answers_per_second|games_per_second|seconds)":[^,}]*,?//g; /games\/s/d; /<code>/d' "$1"; }

"$cardlab" sim $run --jobs 1 --json > "$tmp/whole.json"
"$cardlab" sim $run --jobs 1 --report "$tmp/whole.html" > "$tmp/whole.txt"
"$cardlab" sim $run --jobs 2 --json > "$tmp/jobs2.json"
# shellcheck disable=SC2086 # $run is a list of arguments
parallel --halt now,fail=1 "$cardlab" sim $run --jobs 1 --shard {}/4 --out "$tmp/shard{}.jsonl" \
  '>' /dev/null ::: 1 2 3 4
"$cardlab" merge "$tmp"/shard{3,1,4,2}.jsonl --json > "$tmp/merged.json"
"$cardlab" merge "$tmp"/shard{1,2,3,4}.jsonl --report "$tmp/merged.html" > "$tmp/merged.txt"

status=0
for pair in "whole.json merged.json" "whole.json jobs2.json" "whole.txt merged.txt" "whole.html merged.html"; do
  set -- $pair
  if ! diff <(untimed "$tmp/$1") <(untimed "$tmp/$2") > "$tmp/diff"; then
    echo "FAIL: $1 and $2 differ:"; head -20 "$tmp/diff"; status=1
  fi
done
grep -q '"games":240' "$tmp/merged.json" || { echo "FAIL: the merge does not hold 240 games"; status=1; }
[ $status -eq 0 ] && echo "4 shards through GNU parallel merge to the whole run; --jobs 2 gives it too"
exit $status
