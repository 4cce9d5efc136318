# Shared pieces of the Python module's tests: the command line to compare with, the hardware
# vectors, and a random generator per test.
import os
import pathlib
import subprocess
import zlib

import numpy as np
import pytest

SOURCE_DIR = pathlib.Path(os.environ.get("WAVEMMA_SOURCE_DIR", pathlib.Path(__file__).resolve().parents[2]))
TESTDATA_DIR = pathlib.Path(os.environ.get("WAVEMMA_TESTDATA_DIR", SOURCE_DIR / "testdata" / "hw"))
WAVEMMA_BIN = os.environ.get("WAVEMMA_BIN", str(SOURCE_DIR / "build" / "release" / "apps" / "wavemma" / "wavemma"))


class Cli:
    """The wavemma command line: run(args) -> (status, stdout, stderr)."""

    def run(self, *args, cwd=None):
        p = subprocess.run([WAVEMMA_BIN, *map(str, args)], capture_output=True, text=True, cwd=cwd)
        return p.returncode, p.stdout, p.stderr

    def error(self, *args):
        """The one-line message of a rejected command, without the 'wavemma: error: ' prefix."""
        status, out, err = self.run(*args)
        assert status == 2, (args, status, out, err)
        prefix = "wavemma: error: "
        assert err.startswith(prefix) and err.count("\n") == 1, err
        return err[len(prefix):].rstrip("\n")


@pytest.fixture(scope="session")
def cli():
    return Cli()


@pytest.fixture
def rng(request):
    # A fixed seed per test, so that a failure repeats.
    return np.random.default_rng(zlib.crc32(request.node.name.encode()))
