#!/usr/bin/env bash
# Installs the build tree into a scratch prefix, then builds and runs two outside projects against
# it: one through find_package(wavemma), one with CXX=wavemma-hipcc.
# Usage: run.sh BUILD_DIR SRC_DIR [CXX_FLAGS of the build, for a sanitizer build]
set -euo pipefail
build=$1 src=$2 flags=${3:-}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The C++ package only: the Python module (component python) goes to the interpreter's site directory.
cmake --install "$build" --prefix "$scratch/prefix" --component Unspecified >/dev/null

CXX=clang++-22 cmake -S "$src/find_package" -B "$scratch/fp" -G Ninja -DCMAKE_PREFIX_PATH="$scratch/prefix" \
  -DCMAKE_CXX_FLAGS="$flags" >/dev/null
cmake --build "$scratch/fp" >/dev/null
if grep -qE -- '-march=|-Wall|-Wpedantic' "$scratch/fp/build.ninja"; then
  echo "FAIL: wavemma's build flags reached the consumer" >&2
  exit 1
fi
"$scratch/fp/app"

CXX="$scratch/prefix/bin/wavemma-hipcc" cmake -S "$src/hipcc_project" -B "$scratch/hp" -G Ninja >/dev/null
cmake --build "$scratch/hp" >/dev/null
"$scratch/hp/prog"
