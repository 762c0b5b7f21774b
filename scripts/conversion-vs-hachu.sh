#!/bin/sh
# How well largeshogi converts a won Chu game against HaChu: plays out 14 positions from
# earlier games against HaChu that ended as 400-ply draws, each taken at ply 250 or 251
# with largeshogi 11 to 38 pawns ahead and to move (scripts/data/chu-conversion-*.txt:
# the games' USI moves up to there). largeshogi keeps its side (--noswap), the ply cap
# stays 400, so 150 plies are left to capture HaChu's King. Reports the wins; today's
# engine wins about 4 to 6 of the 14, which makes a single run a coarse measure.
# Needs: apt-get install hachu. LARGESHOGI=/path/to/binary skips the build,
# HACHU=/path/to/hachu picks the engine, TC (10+0.1) the clock, OUT (/tmp) the PGNs.
set -e
cd "$(dirname "$0")/.."
if [ -z "$LARGESHOGI" ]; then
  cargo build --release --quiet
  LARGESHOGI=target/release/largeshogi
fi
HACHU=${HACHU:-$(command -v hachu || echo /usr/games/hachu)}
out=${OUT:-/tmp}
ls_engine="largeshogi=$LARGESHOGI --rules hachu proto=xboard"
hachu_engine="hachu=$HACHU proto=xboard"
for side in sente gote; do
  positions=scripts/data/chu-conversion-$side.txt
  if [ $side = sente ]; then first=$ls_engine second=$hachu_engine; else first=$hachu_engine second=$ls_engine; fi
  "$LARGESHOGI" --rules hachu match --engine "$first" --engine "$second" --noswap \
    --games "$(wc -l < "$positions")" --tc "${TC:-10+0.1}" --max-plies 400 \
    --openings "$positions" --pgn "$out/conversion-$side.pgn"
done
