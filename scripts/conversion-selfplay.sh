#!/bin/sh
# Self-play conversion suite: a quick first filter for a conversion change, before the
# SPRT and the runs against HaChu. 39 positions (scripts/data/chu-conversion-selfplay.txt:
# USI moves from the start, each line ending "# <run> game N ply P ahead sente|gote")
# from the 400-ply draws of two self-play SPRT runs at 2+0.02, each taken at the ply from
# which one side stayed 5 pawns or more ahead by its own score (ply 100 at the earliest).
# The same binary plays both sides (--noswap), ply cap 400, and the script counts the
# games the side ahead won, drew and lost, in about 4 minutes on 2 cores. c0b0988 won 16
# and 14 in two runs, 5de96d4 (mate-bound pruning) 20 and 18, 1c190a6 (history kept
# between searches) 13 and 14; one standard deviation is about 3 wins, so one run of
# each side says little below a difference of 6.
#   scripts/conversion-selfplay.sh [BINARY]   (default: a fresh release build)
# TC (2+0.02) is the clock, PGN (/tmp/conversion-selfplay.pgn) where the games go.
set -e
cd "$(dirname "$0")/.."
bin=${1:-}
if [ -z "$bin" ]; then
  cargo build --release --quiet
  bin=target/release/largeshogi
fi
positions=scripts/data/chu-conversion-selfplay.txt
pgn=${PGN:-/tmp/conversion-selfplay.pgn}
"$bin" match --engine "a=$bin option.Threads=1" --engine "b=$bin option.Threads=1" \
  --noswap --games "$(wc -l < "$positions")" --tc "${TC:-2+0.02}" --max-plies 400 \
  --openings "$positions" --pgn "$pgn" >&2
python3 - "$pgn" "$positions" <<'PY'
import re, sys
games = [g for g in re.split(r'\n(?=\[Event )', open(sys.argv[1]).read()) if '[Result ' in g]
lines = open(sys.argv[2]).read().splitlines()
won = drawn = lost = 0
for game, line in zip(games, lines):
    result = re.search(r'\[Result "([^"]*)"\]', game).group(1)
    if result == '1/2-1/2':
        drawn += 1
    elif (result == '1-0') == line.rstrip().endswith('ahead sente'):
        won += 1
    else:
        lost += 1
print(f"side ahead: won {won}, drew {drawn}, lost {lost} of {len(games)}")
PY
