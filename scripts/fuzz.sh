#!/usr/bin/env bash
# The move-text / option / file fuzz tests (tests/move_fuzz.rs) at a larger scale, in
# release mode: FUZZ_SCALE multiplies the case counts (default here 10; cargo test uses 1).
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZ_SCALE="${FUZZ_SCALE:-10}" cargo test --release --test move_fuzz -- --nocapture --test-threads 1 2>&1 |
    grep -E "texts|values|lines|hostile|test result|FAILED|panicked"
