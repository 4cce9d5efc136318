#!/usr/bin/env bash
# Installs every build, test and benchmark dependency of wavemma from Debian 12 packages.
# Idempotent: packages already present are skipped. Needs root (or sudo).
set -euo pipefail

packages=(
  cmake ninja-build git
  clang-22 lld-22 llvm-22 libclang-rt-22-dev   # the one compiler; llvm-mc-22 is the encoding oracle
  clang-format-22                               # the tree's formatting (scripts/check-format.sh)
  llvm-22-dev libclang-22-dev                   # clang tooling of wavemma-hipcc (the source rewrite)
  libboost-context-dev                          # fibers for the SIMT runtime
  libfmt-dev libcli11-dev nlohmann-json3-dev    # formatting, command line, JSON
  libgtest-dev libgmock-dev libbenchmark-dev    # tests and benchmarks
  libopenblas-dev                               # sgemm baseline of the benchmarks
  libomp-22-dev                                 # OpenMP of HIP programs built with -fopenmp (tests/hipcc)
  libamdhip64-dev                               # HIP headers for the AMD compile checks
  pybind11-dev python3-dev python3-numpy        # the Python module (import wavemma)
  python3-pytest                                # its tests
  python3-venv python3-pip python3-build        # pip install . and python -m build (pyproject.toml)
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]} == 0)); then
  echo "install-deps: all ${#packages[@]} packages present" >&2
  exit 0
fi

sudo=""
if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
echo "install-deps: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
