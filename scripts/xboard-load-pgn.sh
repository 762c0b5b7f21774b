#!/usr/bin/env bash
# Loads a PGN written by `largeshogi match` into XBoard 4.9 under a virtual X server and
# saves a screenshot, to check that XBoard reads our game records (Lion moves included).
# Usage: scripts/xboard-load-pgn.sh GAME.pgn [SCREENSHOT.png] [GAME-INDEX]
# Needs: apt-get install xboard xvfb imagemagick
set -euo pipefail
pgn=${1:?usage: $0 GAME.pgn [SCREENSHOT.png] [GAME-INDEX]}
shot=${2:-xboard-load.png}
index=${3:-1}
xvfb-run -a -s "-screen 0 1024x900x24" sh -c "
  /usr/games/xboard -variant chu -ncp -td 0 -lgf '$pgn' -lgi $index > /dev/null 2>&1 &
  sleep 6
  import -window root '$shot'
  kill \$! 2>/dev/null || true
"
echo "screenshot: $shot (an 'Illegal move' popup means XBoard rejected a move)"
