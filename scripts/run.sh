#!/usr/bin/env bash
# The main job: installs what it needs, builds wavemma (release) and runs the GEMM demo on the CPU
# (`wavemma gemm`: RDNA4 WMMA f16 on gfx1201, 512^3, checked bit for bit and against f64).
# Extra arguments go to the demo command.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh >&2
cmake --preset release >/dev/null
cmake --build --preset release --target wavemma >&2
build/release/apps/wavemma/wavemma gemm "$@"
