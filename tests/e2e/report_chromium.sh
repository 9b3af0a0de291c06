#!/usr/bin/env bash
# The reports of `cardlab sim` and `cardlab compare` opened in headless
# Chromium (report_chromium.js): charts present, no network, not blank. The
# screenshots are left in build/report-screenshots for a person to look at.
set -euo pipefail
cardlab="$1"
node_dir="$2"
command -v chromium > /dev/null || { echo "chromium is missing: run .ci/setup"; exit 1; }
[ -d "$node_dir/node_modules/puppeteer-core" ] || { echo "puppeteer-core is missing from $node_dir: run .ci/setup"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'options.draw_limit = 1\n' > "$tmp/draw_one.lua"
"$cardlab" sim crazyeights -n 300 --bots greedy,random --jobs 1 --report "$tmp/sim.html" > /dev/null
"$cardlab" compare crazyeights base "$tmp/draw_one.lua" -n 200 --bots greedy,random --jobs 1 \
  --report "$tmp/compare.html" > /dev/null
shots="$(dirname "$cardlab")/report-screenshots"
mkdir -p "$shots"
NODE_PATH="$node_dir/node_modules" node "$(dirname "$0")/report_chromium.js" \
  "$tmp/sim.html" "$tmp/compare.html" 4 2 "$shots"
