#!/usr/bin/env bash
# Regenerates openings/<variant>.txt for every supported variant, byte for byte: 60 six-ply
# lines from seeded playouts among moves that lose no material, each kept only if a material
# search (captures followed to the end) finds it within 100 centipawns. The generator uses
# only the rules and the piece values, so engine changes do not change the files; each
# file's first line is the exact command that wrote it.
# Usage: scripts/gen-openings.sh [--check]   (--check: compare instead of writing)
set -euo pipefail
cd "$(dirname "$0")/.."
check=${1:-}
cargo build --release --quiet
# Variants to do: all by default (override with VARIANTS="chu tai").
variants=${VARIANTS:-$(./target/release/largeshogi variants)}
status=0
for v in $variants; do
  # Material search depth 3 plies, 2 for Ko (its shots make the search wide).
  case "$v" in ko) depth=2 ;; *) depth=3 ;; esac
  out="openings/$v.txt"
  [ -n "$check" ] && out=$(mktemp)
  ./target/release/largeshogi openings --variant "$v" --rules default --count 60 --plies 6 \
    --max-cp 100 --depth "$depth" --seed 7 --out "$out" 2>/dev/null
  if [ -n "$check" ]; then
    if cmp -s "$out" "openings/$v.txt"; then
      echo "openings/$v.txt: reproduced byte for byte"
    else
      echo "openings/$v.txt: differs from a fresh generation"
      status=1
    fi
    rm -f "$out"
  else
    echo "openings/$v.txt: $(grep -vc '^#' "openings/$v.txt") lines"
  fi
done
exit $status
