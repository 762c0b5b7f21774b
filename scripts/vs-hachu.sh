#!/bin/sh
# Plays largeshogi against HaChu in Chu with `largeshogi match`: both engines speak the
# XBoard protocol, largeshogi uses the HaChu-compatible rules (chu.md section 8), the
# referee validates every move and counts any move either engine rejects.
# Needs: apt-get install hachu. Extra arguments go to `largeshogi match`, e.g.
#   GAMES=40 TC=10+0.1 scripts/vs-hachu.sh --pgn /tmp/vs-hachu.pgn --concurrency 2
# LARGESHOGI=/path/to/binary skips the build; HACHU=/path/to/hachu picks the engine;
# HACHU_FIRST=1 names HaChu first (sente in every game with --noswap).
set -e
cd "$(dirname "$0")/.."
scripts/quiet-machine.sh
if [ -z "$LARGESHOGI" ]; then
  cargo build --release --quiet
  LARGESHOGI=target/release/largeshogi
fi
HACHU=${HACHU:-$(command -v hachu || echo /usr/games/hachu)}
ours="largeshogi=$LARGESHOGI --rules hachu proto=xboard"
theirs="hachu=$HACHU proto=xboard"
if [ -n "$HACHU_FIRST" ]; then
  set -- --engine "$theirs" --engine "$ours" "$@"
else
  set -- --engine "$ours" --engine "$theirs" "$@"
fi
exec "$LARGESHOGI" --rules hachu match "$@" --games "${GAMES:-10}" --tc "${TC:-20+0.2}"
