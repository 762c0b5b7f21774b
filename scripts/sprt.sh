#!/bin/sh
# Self-play SPRT of the working tree against an earlier build: the test every search or
# evaluation change needs before it lands (the result goes in the commit message).
#   scripts/sprt.sh BASE [extra `largeshogi match` arguments]
# BASE is a git revision (built in a temporary worktree) or a path to a binary. Settings
# come from the environment: VARIANT (chu), TC (5+0.05), GAMES (400, the cap if the SPRT
# stays undecided), SPRT (elo0=-10,elo1=5,alpha=0.05,beta=0.05: "not worse"; use
# elo0=0,elo1=10 to show a gain), MAX_PLIES (400), PGN (/tmp/sprt-<variant>.pgn).
# One game at a time, one thread per engine: keep the machine otherwise quiet.
set -e
cd "$(dirname "$0")/.."
base=${1:?usage: scripts/sprt.sh BASE-REVISION-OR-BINARY [match arguments]}
shift
scripts/quiet-machine.sh
cargo build --release --quiet
new=$(mktemp -d)/largeshogi-new
cp target/release/largeshogi "$new"
if [ -x "$base" ]; then
  old=$base
else
  dir=$(mktemp -d)
  git worktree add --detach --quiet "$dir" "$base"
  (cd "$dir" && cargo build --release --quiet)
  old=$dir/target/release/largeshogi
fi
variant=${VARIANT:-chu}
echo "sprt: new=$(git describe --always --dirty) old=$base variant=$variant tc=${TC:-5+0.05}" >&2
exec "$new" match --variant "$variant" \
  --engine "new=$new option.Threads=1" \
  --engine "old=$old option.Threads=1" \
  --tc "${TC:-5+0.05}" --games "${GAMES:-400}" --max-plies "${MAX_PLIES:-400}" \
  --sprt "${SPRT:-elo0=-10,elo1=5,alpha=0.05,beta=0.05}" \
  --pgn "${PGN:-/tmp/sprt-$variant.pgn}" "$@"
