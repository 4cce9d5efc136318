"""The PEP 517 build backend of `pip install .` and `python -m build` (pyproject.toml).

It builds the extension with the project's own CMake (the target wavemma_python, for the
interpreter that runs the build: a virtual environment's included) and packs it into a wheel; an
sdist is the tracked source tree. It needs only Python's standard library, so pip's isolated build
environment needs no package index: none is reachable here, and Debian packages no CMake-driving
backend for Python 3.11 (scikit-build-core is not in bookworm).

The version is CMake's PROJECT_VERSION (the project() call of CMakeLists.txt); the rest of the
metadata is the [project] table of pyproject.toml.

Config settings (pip install -C key=value, python -m build -C key=value):
  build-dir   the CMake binary directory (default: build/pip-<interpreter tag> in the source tree)
  cmake-args  extra arguments for the configure step, split as a shell does (also the environment
              variable WAVEMMA_CMAKE_ARGS)
"""

import base64
import hashlib
import io
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = "wavemma"


def _version():
    text = (ROOT / "CMakeLists.txt").read_text()
    m = re.search(r"project\(\s*wavemma\s+VERSION\s+([0-9][0-9.]*)", text)
    if not m:
        raise RuntimeError("CMakeLists.txt: no project(wavemma VERSION x.y.z)")
    return m.group(1)


def _metadata():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {_version()}",
        f"Summary: {project.get('description', '')}",
    ]
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    lines += [f"Requires-Dist: {d}" for d in project.get("dependencies", [])]
    lines += [f"Project-URL: {k}, {v}" for k, v in project.get("urls", {}).items()]
    lines.append("Description-Content-Type: text/markdown")
    readme = ROOT / "docs" / "python.md"
    return "\n".join(lines) + "\n\n" + (readme.read_text() if readme.exists() else "")


def _tag():
    impl = f"cp{sys.version_info.major}{sys.version_info.minor}"
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    return f"{impl}-{impl}-{platform}"


def _dist_info():
    return f"{NAME}-{_version()}.dist-info"


def _setting(config_settings, key):
    value = (config_settings or {}).get(key)
    return value[-1] if isinstance(value, list) else value


def _write_dist_info(directory):
    info = Path(directory) / _dist_info()
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text(_metadata())
    (info / "WHEEL").write_text(
        f"Wheel-Version: 1.0\nGenerator: wavemma_backend\nRoot-Is-Purelib: false\nTag: {_tag()}\n")
    (info / "top_level.txt").write_text(f"{NAME}\n")
    return info


def _clean_environment():
    # pip's isolated build environment hides the interpreter's site-packages through PYTHONPATH;
    # CMake's FindPython must see NumPy where the module will run, so the build gets the
    # interpreter as it is.
    env = dict(os.environ)
    for var in ("PYTHONPATH", "PYTHONNOUSERSITE", "PYTHONHOME"):
        env.pop(var, None)
    return env


def _interpreter(env):
    # The interpreter CMake builds for: the running one, or, in an isolated environment that
    # cannot see NumPy (python -m build's), the interpreter it was made from -- the same CPython,
    # so the same extension ABI.
    for python in (sys.executable, getattr(sys, "_base_executable", sys.executable)):
        if subprocess.run([python, "-c", "import numpy"], env=env, capture_output=True).returncode == 0:
            return python
    return sys.executable


def _build_extension(config_settings):
    build = Path(_setting(config_settings, "build-dir") or ROOT / "build" / f"pip-{_tag()}").resolve()
    args = shlex.split(os.environ.get("WAVEMMA_CMAKE_ARGS", "")) + shlex.split(
        _setting(config_settings, "cmake-args") or "")
    configure = [
        "cmake", "-S", str(ROOT), "-B", str(build),
        "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_CXX_COMPILER=clang++-22", "-DCMAKE_C_COMPILER=clang-22",
        "-DWAVEMMA_PYTHON=ON",
        "-DWAVEMMA_BUILD_TESTS=OFF", "-DWAVEMMA_BUILD_APPS=OFF", "-DWAVEMMA_BUILD_EXAMPLES=OFF",
        "-DWAVEMMA_BUILD_BENCH=OFF", "-DWAVEMMA_AMD_CHECKS=OFF",
    ]
    if shutil.which("ninja") and not (build / "CMakeCache.txt").exists():
        configure += ["-G", "Ninja"]
    env = _clean_environment()
    python = _interpreter(env)
    configure.append(f"-DPython3_EXECUTABLE={python}")
    subprocess.run(configure + args, check=True, env=env, stdout=sys.stderr)
    if not (build / "python" / "CMakeFiles" / "wavemma_python.dir").exists():
        raise RuntimeError(f"wavemma: the Python module is not configured for {python}: it needs "
                           "python3-dev, python3-numpy and pybind11-dev (scripts/install-deps.sh)")
    subprocess.run(["cmake", "--build", str(build), "--target", "wavemma_python"], check=True, env=env,
                   stdout=sys.stderr)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    module = build / "python" / f"{NAME}{suffix}"
    if not module.exists():
        raise RuntimeError(f"wavemma: {module} was not built")
    return module


def _record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}\n"


# --- PEP 517 hooks ------------------------------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    return _write_dist_info(metadata_directory).name


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    module = _build_extension(config_settings)
    wheel = Path(wheel_directory) / f"{NAME}-{_version()}-{_tag()}.whl"
    files = {module.name: module.read_bytes()}
    info = _dist_info()
    staging = Path(wheel_directory) / ".wavemma-dist-info"
    for f in _write_dist_info(staging).iterdir():
        files[f"{info}/{f.name}"] = f.read_bytes()
    shutil.rmtree(staging)
    record = "".join(_record_line(name, data) for name, data in files.items()) + f"{info}/RECORD,,\n"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in files.items():
            z.writestr(_zip_info(name, 0o755 if name == module.name else 0o644), data)
        z.writestr(_zip_info(f"{info}/RECORD", 0o644), record)
    return wheel.name


def _zip_info(name, mode):
    zi = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
    zi.external_attr = (0o100000 | mode) << 16
    zi.compress_type = zipfile.ZIP_DEFLATED
    return zi


def _source_files():
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"], check=True,
                             capture_output=True).stdout
        return [p for p in out.decode().split("\0") if p and (ROOT / p).is_file()]
    except (OSError, subprocess.CalledProcessError):  # an unpacked sdist: every file but builds
        return [str(p.relative_to(ROOT)) for p in sorted(ROOT.rglob("*"))
                if p.is_file() and p.relative_to(ROOT).parts[0] not in ("build", ".git")
                and p.name != "PKG-INFO"]


def build_sdist(sdist_directory, config_settings=None):
    base = f"{NAME}-{_version()}"
    sdist = Path(sdist_directory) / f"{base}.tar.gz"
    with tarfile.open(sdist, "w:gz", format=tarfile.PAX_FORMAT) as tar:
        for rel in _source_files():
            tar.add(ROOT / rel, arcname=f"{base}/{rel}", recursive=False)
        pkg_info = _metadata().encode()
        ti = tarfile.TarInfo(f"{base}/PKG-INFO")
        ti.size = len(pkg_info)
        ti.mode = 0o644
        tar.addfile(ti, io.BytesIO(pkg_info))
    return sdist.name
