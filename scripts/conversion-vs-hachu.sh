#!/bin/sh
# How well largeshogi converts a won Chu game against HaChu: plays out 14 positions from
# earlier games against HaChu that ended as 400-ply draws, each taken at ply 250 or 251
# with largeshogi 11 to 38 pawns ahead and to move (scripts/data/chu-conversion-*.txt:
# the games' USI moves up to there). largeshogi keeps its side (--noswap), the ply cap
# stays 400, so 150 plies are left to capture HaChu's King. Reports the wins; today's
# engine wins about 4 to 6 of the 14. A run is a coarse measure: one standard deviation is
# about 2 wins, so two single runs must differ by about 5 wins to mean anything.
# SUITE=late plays a second set (scripts/data/chu-conversion-late-*.txt): 14 positions
# at ply 300 or 301 of the 400-ply draws of a 120-game run against HaChu at 10+0.1,
# largeshogi 12 to 41 pawns ahead by its own score and HaChu down to 7 to 14 pieces,
# so 100 plies are left; the engine of that run wins 5 of them.
# SUITE=crush plays a third (scripts/data/chu-conversion-crush-*.txt): 40 positions of the
# landed build's games against HaChu at 10+0.1 (stops 60-68), each at the first ply with
# largeshogi to move and 24 fitted pawns (2000 cp) or more ahead in material, no later
# than ply 300: the 10 such positions of the games that were capped draws and 30 drawn at
# random from the wins. Measure it with TC=2+0.1 (about the clock the games had left
# there; 10 minutes a run) and scripts/conversion-speed.py, which pairs two runs
# position by position: plies to the win, a game not won counting the plies to the cap.
# The build of stops 61-69 took about 100 plies a position there on one machine (101.8
# and 98.3 in two runs, +37 =3 -0 in both) and 79.3 on another (stop 70): play the
# baseline in the same session as the change it is compared with.
# SUITE=capped plays a fourth (scripts/data/chu-conversion-capped-*.txt): the 20 capped
# draws with largeshogi 5 pawns or more ahead in the landed play's games against HaChu at
# 10+0.1 (stops 105-111), each at ply 250 or 251. Measure it as the crush suite
# (TC=2+0.1, 4 minutes a run); the build of e5d6113 won 36 of 60 games there in three
# runs. A position's runs vary a lot: pool two or more runs a side
# (scripts/conversion-speed.py averages them per position).
# Runs scripts/vs-hachu.sh (LARGESHOGI, HACHU as there); TC (10+0.1) is the clock, OUT
# (/tmp) where the PGNs go.
set -e
cd "$(dirname "$0")/.."
for side in sente gote; do
  positions=scripts/data/chu-conversion-${SUITE:+$SUITE-}$side.txt
  first=
  if [ $side = gote ]; then first=1; fi
  HACHU_FIRST=$first GAMES=$(wc -l < "$positions") TC=${TC:-10+0.1} scripts/vs-hachu.sh \
    --noswap --max-plies 400 --openings "$positions" --pgn "${OUT:-/tmp}/conversion-$side.pgn"
done
