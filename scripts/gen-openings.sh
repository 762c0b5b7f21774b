#!/usr/bin/env bash
# Regenerates openings/<variant>.txt for every supported variant: 60 six-ply lines from
# seeded playouts, each kept only if a depth-5 search scores it within 100 centipawns.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release
# Variants to do: all by default (override with VARIANTS="chu tai").
variants=${VARIANTS:-$(./target/release/largeshogi variants)}
for v in $variants; do
  # The balance check searches depth 5 for Chu, 4 for Yanxin (drops), 3 for Tai, 2 for Ko
  # (its quiescence over shots is wide).
  case "$v" in tai) depth=3 ;; ko) depth=2 ;; yanxin) depth=4 ;; *) depth=5 ;; esac
  ./target/release/largeshogi openings --variant "$v" --count 60 --plies 6 --max-cp 100 \
    --depth "$depth" --seed 7 --out "openings/$v.txt"
  echo "openings/$v.txt: $(grep -vc '^#' "openings/$v.txt") lines"
done
