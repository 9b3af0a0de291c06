#!/usr/bin/env bash
# Runs one browser test (tests/e2e/web/NAME.js) against the cardlab program
# given. Skips (status 77, which ctest reports as skipped) when Debian's
# chromium or the npm package puppeteer-core is not installed (.ci/setup
# installs both), saying so.
set -euo pipefail
cardlab="$1"; test="$2"; shift 2
here="$(cd "$(dirname "$0")" && pwd)"
if [ ! -x /usr/bin/chromium ] || [ ! -d "$here/node_modules/puppeteer-core" ] || ! command -v node > /dev/null; then
  echo "skipped: the browser tests need /usr/bin/chromium, node and tests/e2e/web/node_modules (run .ci/setup)"
  exit 77
fi
cd "$here"
CARDLAB="$cardlab" exec node "$test.js" "$@"
