#!/bin/sh
# Exits 1, saying so, when an engine match is already running on this machine: a match
# measures strength by the clock, and a second one beside it (four engines on two cores)
# skews both. sprt.sh and vs-hachu.sh call it before they start.
others=$(pgrep -af -- ' match .*--engine' 2>/dev/null) || exit 0
echo "another match is running; wait for it or stop it first:" >&2
echo "$others" >&2
exit 1
