#!/usr/bin/env bash
# pip install . into a fresh virtual environment (python3 -m venv --system-site-packages: NumPy is
# Debian's), import wavemma from it and check a product against the exact one; then pip uninstall
# wavemma, after which the module is gone. Usage: pip_install_check.sh PYTHON SOURCE_DIR WORK_DIR
set -euo pipefail
python=$1 source=$2 work=$3
rm -rf "$work/venv"
mkdir -p "$work"
"$python" -m venv --system-site-packages "$work/venv"
venv_python="$work/venv/bin/python"
export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INDEX=1 # nothing to download: no index is reachable
# The CMake build directory outside the source tree, kept between runs (an incremental build).
"$venv_python" -m pip install --config-settings build-dir="$work/build" "$source"

cd "$work" # not the source tree: the module must come from the environment
"$venv_python" - <<'PY'
import importlib.metadata
import sys

import numpy as np
import wavemma

assert wavemma.__file__.startswith(sys.prefix), f"{wavemma.__file__} is not in the venv {sys.prefix}"
assert importlib.metadata.version("wavemma") == wavemma.__version__, "the wheel's version is the module's"
rng = np.random.default_rng(1)
a = rng.integers(-2, 3, (64, 32)).astype(np.float16)  # small integers: every product and sum is exact
b = rng.integers(-2, 3, (32, 64)).astype(np.float16)
d = wavemma.matmul(a, b, instruction="v_mfma_f32_32x32x8_f16")
assert np.array_equal(d, a.astype(np.float64) @ b.astype(np.float64)), "not the exact product"
print("pip-installed", wavemma.__version__, "at", wavemma.__file__, "gives the exact product")
PY

"$venv_python" -m pip uninstall -y wavemma
if "$venv_python" -c "import wavemma" 2>/dev/null; then
  echo "wavemma is still importable after pip uninstall" >&2
  exit 1
fi
echo "pip uninstall wavemma removed it"
