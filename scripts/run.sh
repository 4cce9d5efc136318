#!/usr/bin/env bash
# The main job: installs what it needs, builds wavemma (release) and runs the demo on the CPU.
# Extra arguments go to the demo command.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh >&2
cmake --preset release >/dev/null
cmake --build --preset release --target wavemma >&2
build/release/apps/wavemma/wavemma layout v_wmma_f32_16x16x16_f16 --arch gfx1201 --operand A "$@"
