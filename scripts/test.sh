#!/usr/bin/env bash
# Every test of wavemma: installs the Debian packages it needs, builds the release preset and runs
# ctest (unit, property, golden, oracle and amd labels). Usage: scripts/test.sh [ctest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release
cmake --build --preset release
ctest --preset release "$@"
