# Random operands of an instruction, in the array types mma takes, and their text for `wavemma exec`.
import warnings

import numpy as np

import wavemma
from wavemma import formats


def random_values(fmt, shape, rng, raw_share=0.02):
    """Values of format `fmt` in its array type: floats mostly uniform in [-1, 1] rounded into the
    format, a share of raw bit patterns (NaN, inf, subnormals, huge values); integers over their range."""
    info = formats.info(fmt)
    if not info["is_float"]:
        low, high = int(info["min"]), int(info["max"])
        values = rng.integers(low, high + 1, size=shape)
        return formats.cast(fmt, values)
    codes = formats.encode(fmt, rng.uniform(-1, 1, size=shape))
    raw = rng.integers(0, 2 ** info["bits"], size=shape, dtype=np.uint64).astype(codes.dtype)
    codes = np.where(rng.random(shape) < raw_share, raw, codes)
    return codes.view(formats.dtype(fmt))


def prune_2to4(a, rng):
    """Zero two of every four consecutive elements along the last axis (a 2:4 sparse A)."""
    a = a.copy()
    rows, k = a.shape[-2], a.shape[-1]
    for i in range(rows):
        for g in range(k // 4):
            drop = rng.choice(4, size=2, replace=False)
            a[..., i, 4 * g + drop] = 0
    return a


def shapes(row):
    """Array shapes of A, B, C/D for an instruction row (stacked blocks for multi-block forms)."""
    lead = (row.blocks,) if row.blocks > 1 else ()
    return lead + (row.m, row.k), lead + (row.k, row.n), lead + (row.m, row.n)


def random_operands(row, rng, **modifiers):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # reserved modifier bits
        f = wavemma.operand_formats(row.mnemonic, arch=row.arch, wave=row.wave, **modifiers)
    sa, sb, sc = shapes(row)
    a = random_values(f["A"], sa, rng)
    if row.sparse:
        a = prune_2to4(a, rng)
    return a, random_values(f["B"], sb, rng), random_values(f["C"], sc, rng), f


def scaled(row):
    return "SA" in row.registers


def random_scales(row, rng, rows, cols):
    """E8M0 scale codes of a scaled MFMA (uint8), 2^-8..2^8 around 1 and now and then any code."""
    codes = rng.integers(127 - 8, 127 + 9, size=(rows, cols))
    return np.where(rng.random((rows, cols)) < 0.05, rng.integers(0, 256, size=(rows, cols)), codes).astype(np.uint8)


def matrix_text(array, fmt):
    """`wavemma exec`'s matrix format: blocks stacked vertically, floats as exact hex bit patterns,
    integers in decimal."""
    info = formats.info(fmt)
    rows = array.reshape(-1, array.shape[-1])
    if info["is_float"]:
        codes = _codes(rows)
        width = info["bits"] // 4
        return "\n".join(" ".join(f"0x{int(v):0{width}x}" for v in r) for r in codes) + "\n"
    values = formats.decode(fmt, rows)
    return "\n".join(" ".join(str(int(v)) for v in r) for r in values) + "\n"


def _codes(array):
    """The bit patterns of an operand array, as unsigned integers."""
    return array.view(f"u{array.dtype.itemsize}") if array.dtype.kind != "u" else array


def parse_matrix(text, fmt, shape):
    """D as `wavemma exec` prints it, in the array type of `fmt`."""
    info = formats.info(fmt)
    rows = [line.split() for line in text.splitlines() if line.strip()]
    if info["is_float"]:
        codes = np.array([[int(t, 16) for t in r] for r in rows], dtype=np.uint64)
    else:
        codes = np.array([[int(t) for t in r] for r in rows], dtype=np.int64) & (2 ** info["bits"] - 1)
    return codes.astype(formats.encode(fmt, [0]).dtype).view(formats.dtype(fmt)).reshape(shape)


def bits(array):
    """Bit patterns for bit-exact comparison (NaN payloads and zero signs included)."""
    return _codes(np.ascontiguousarray(array))


def accepted(row, mods):
    """Whether the row's checks accept these modifiers (reserved values, which only warn, included)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            wavemma.operand_formats(row.mnemonic, arch=row.arch, wave=row.wave, **mods)
        return True
    except ValueError:
        return False
