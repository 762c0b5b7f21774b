#!/bin/sh
# Plays largeshogi (with the HaChu rule options) against HaChu through the XBoard protocol
# and prints the result table. Needs: apt-get install hachu. Extra arguments go to the
# driver, e.g. `scripts/vs-hachu.sh --games 10 --base 20 --inc 0.2 --log /tmp/vs.log`.
set -e
cd "$(dirname "$0")/.."
# LARGESHOGI=/path/to/binary skips the build.
if [ -z "$LARGESHOGI" ]; then
  cargo build --release --quiet
  LARGESHOGI=target/release/largeshogi
fi
exec python3 scripts/vs-hachu.py --engine "$LARGESHOGI" "$@"
