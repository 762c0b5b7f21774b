#!/usr/bin/env bash
# End-to-end test of `largeshogi gui` in a real browser: headless Chromium (Debian's
# `chromium`) driven by Playwright (npm `playwright-core`, pinned in scripts/e2e). For each
# variant it loads the page, plays a move by clicking, gets the engine's reply, has an
# illegal click refused, enters a Lion double move (Chu) and a shot (Ko), sees an analysis
# PV, and saves a screenshot to scripts/e2e/screenshots/<variant>.png.
#
#   scripts/gui_e2e.sh [variant...]        builds the release binary and runs all variants
#   LARGESHOGI_BIN=path scripts/gui_e2e.sh uses that binary instead of building
#   CHROMIUM=path                          another Chromium (default /usr/bin/chromium)
#
# Exits 0 with "gui e2e: SKIPPED ..." when Chromium, node or npm is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
chromium=${CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$chromium" ]; then
  echo "gui e2e: SKIPPED (no Chromium at $chromium; set CHROMIUM or install the chromium package)"
  exit 0
fi
for tool in node npm; do
  if ! command -v "$tool" >/dev/null; then
    echo "gui e2e: SKIPPED ($tool is not installed)"
    exit 0
  fi
done
bin=${LARGESHOGI_BIN:-}
if [ -z "$bin" ]; then
  cargo build --release --quiet
  bin=target/release/largeshogi
fi
# playwright-core only (it downloads no browser); versions pinned by package-lock.json.
if [ ! -d scripts/e2e/node_modules/playwright-core ]; then
  (cd scripts/e2e && npm ci --no-audit --no-fund --loglevel=error)
fi
CHROMIUM="$chromium" node scripts/e2e/gui.mjs "$bin" scripts/e2e/screenshots "$@"
