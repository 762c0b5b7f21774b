#!/bin/sh
# One Chu game in the real GUI: XBoard 4.9 under a virtual X server, largeshogi (with the
# HaChu rule options) as first engine, HaChu as second, match mode. Saves the PGN, the
# XBoard debug log and screenshots (the last one shows the final position).
# -checkMates false: XBoard would otherwise adjudicate chess-style mate and stalemate (a
# stalemate as a draw); in Chu the game ends with the royal capture, which the engines claim.
# Needs: apt-get install xboard hachu xvfb imagemagick.
# Usage: scripts/xboard-chu.sh [OUTDIR] [TIME_CONTROL_MINUTES] [INCREMENT_SECONDS]
# Environment: LARGESHOGI=binary (skips the build), LIMIT=seconds before XBoard is killed.
set -e
cd "$(dirname "$0")/.."
OUT=$(realpath -m "${1:-/tmp/xboard-chu}")
TC=${2:-1}
INC=${3:-0.5}
mkdir -p "$OUT"
rm -f "$OUT"/game.pgn "$OUT"/shot-*.png "$OUT"/final.png
# LARGESHOGI=/path/to/binary skips the build.
if [ -z "$LARGESHOGI" ]; then
  cargo build --release --quiet
  LARGESHOGI=target/release/largeshogi
fi
# XBoard refuses a match when -fcp is an absolute path followed by arguments, so the
# engine is found through PATH instead.
ENGINE_DIR=$(dirname "$(realpath "$LARGESHOGI")")
# Debian installs xboard and hachu in /usr/games.
PATH="$ENGINE_DIR:$PATH:/usr/games"
HACHU=$(command -v hachu)

xvfb-run -a -s "-screen 0 1280x1024x24" \
  env PATH="$PATH" LIMIT="${LIMIT:-3600}" OUT="$OUT" TC="$TC" INC="$INC" HACHU="$HACHU" sh -c '
  timeout "$LIMIT" xboard -variant chu -mg 1 -tc "$TC" -inc "$INC" \
    -fcp "largeshogi --rules hachu" -fd "$OUT" -scp "$HACHU" -sd "$OUT" \
    -firstProtocolVersion 2 -secondProtocolVersion 2 \
    -defaultHashSize 64 -smpCores 1 -xponder \
    -autoCallFlag true -popupExitMessage false -adjudicateDrawMoves 400 \
    -checkMates false \
    -saveGameFile "$OUT/game.pgn" -debugMode true -nameOfDebugFile "$OUT/xboard.debug" \
    -size Medium 2>"$OUT/xboard.stderr" &
  pid=$!
  n=0
  # A finished child stays a zombie until waited for, so test its state, not its pid.
  while [ -n "$(ps -o stat= -p $pid | grep -v Z)" ]; do
    sleep 5
    n=$((n + 1))
    # Keep a shot only if XBoard was still up after it was taken (not a blank screen).
    import -window root "$OUT/shot.tmp.png" 2>/dev/null || true
    if [ -n "$(ps -o stat= -p $pid | grep -v Z)" ]; then
      mv "$OUT/shot.tmp.png" "$OUT/shot-$(printf %04d $n).png" 2>/dev/null || true
    fi
  done
  wait $pid
'

LAST=$(ls "$OUT"/shot-*.png 2>/dev/null | tail -1)
[ -n "$LAST" ] && cp "$LAST" "$OUT/final.png"
echo "PGN: $OUT/game.pgn"
echo "screenshot: $OUT/final.png"
grep -E '^\[(Result|Termination|White|Black)' "$OUT/game.pgn" || true
tail -1 "$OUT/game.pgn" 2>/dev/null | cut -c1-200
