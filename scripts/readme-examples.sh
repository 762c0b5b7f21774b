#!/usr/bin/env bash
# Runs every example of README.md as a newcomer would: a fresh clone of this repository,
# a clean shell (only HOME and a plain PATH), each command of the README's ```sh blocks in
# order, from the clone's directory, timed. `cargo install --path .` installs into a
# scratch root (CARGO_INSTALL_ROOT) that is on the PATH, so the user's own ~/.cargo/bin is
# left alone. Prints one line per command (seconds, status) and exits 1 if any failed.
# Usage: scripts/readme-examples.sh [GIT-URL-OR-PATH]   (default: this repository's HEAD)
# SKIP_TESTS=1 skips the `cargo test` line (the longest one).
set -uo pipefail
src=${1:-$(cd "$(dirname "$0")/.." && pwd)}
work=$(mktemp -d /tmp/readme-examples.XXXXXX)
trap 'rm -rf "$work"' EXIT
git clone -q "$src" "$work/clone" || { echo "cannot clone $src"; exit 1; }
cd "$work/clone"
# The commands: lines of ```sh blocks (```text blocks are shown, not run).
mapfile -t commands < <(awk '/^```sh$/{on=1; next} /^```/{on=0} on && NF' README.md)
cargo_bin=$(dirname "$(command -v cargo)")
clean_path="$work/root/bin:$cargo_bin:/usr/local/bin:/usr/bin:/bin:/usr/games"
failed=0
total_start=$(date +%s.%N)
for cmd in "${commands[@]}"; do
  if [ -n "${SKIP_TESTS:-}" ] && [ "$cmd" = "cargo test" ]; then
    echo "skipped: $cmd"
    continue
  fi
  start=$(date +%s.%N)
  env -i HOME="$HOME" PATH="$clean_path" CARGO_INSTALL_ROOT="$work/root" \
    RUSTUP_HOME="${RUSTUP_HOME:-$HOME/.rustup}" bash -o pipefail -c "$cmd" \
    >"$work/out.txt" 2>"$work/err.txt"
  status=$?
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  printf '%8.1f s  %s  %s\n' "$secs" "$([ $status = 0 ] && echo ok || echo "FAILED ($status)")" "$cmd"
  if [ $status != 0 ]; then
    failed=1
    tail -5 "$work/err.txt" | sed 's/^/          | /'
  fi
done
printf '%8.1f s  total\n' "$(echo "$(date +%s.%N) - $total_start" | bc)"
exit $failed
