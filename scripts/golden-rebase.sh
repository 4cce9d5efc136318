#!/usr/bin/env bash
# Rewrites tests/golden/cli/*.out from the current build; review `git diff tests/golden` like code.
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
cmake --build --preset "$preset" --target cli_golden_test wavemma
WAVEMMA_GOLDEN_REBASE=1 "build/$preset/tests/apps/cli_golden_test"
git diff --stat -- tests/golden
