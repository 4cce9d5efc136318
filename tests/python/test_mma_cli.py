# mma against the command line: for every instruction of the catalog at every wave size (the rows of
# wavemma.instructions()), random operands through wavemma.mma and through `wavemma exec` give the
# same bits, with the default modifiers and with a random legal set.
import warnings

import numpy as np
import pytest

import operands
import wavemma

# Candidate modifier values; a row keeps those its checks accept (derived from the catalog's rules).
def candidates(rng):
    bits = lambda: tuple(int(b) for b in rng.integers(0, 2, 3))
    return [{"neg_lo": bits()}, {"neg_hi": bits()}, {"neg": bits()}, {"clamp": True}, {"fp16_ovfl": True},
            {"opsel": (0, 0, 1)}, {"cbsz": int(rng.integers(0, 5))}, {"abid": int(rng.integers(0, 4))},
            {"blgp": int(rng.integers(1, 8))}, {"index_key": int(rng.integers(0, 4))},
            {"scale_sel": (int(rng.integers(0, 4)), int(rng.integers(0, 4)))},
            {"matrix_fmt": (int(rng.integers(0, 5)), int(rng.integers(0, 5)))},  # gfx1250 f8f6f4
            {"reuse": (int(rng.integers(0, 2)), int(rng.integers(0, 2)))}]


def random_modifiers(row, rng):
    mods = {}
    for c in candidates(rng):
        if operands.accepted(row, {**mods, **c}):
            mods.update(c)
    return mods


def flags(mods):
    out = []
    for key, value in mods.items():
        flag = "--" + key.replace("_", "-")
        if value is True:
            out.append(flag)
        else:
            out += [flag, ",".join(map(str, value)) if isinstance(value, tuple) else str(value)]
    return out


def run_both(cli, tmp_path, row, rng, mods):
    a, b, c, f = operands.random_operands(row, rng, **mods)
    files = [("a", a, f["A"]), ("b", b, f["B"]), ("c", c, f["C"])]
    scales = {}
    if operands.scaled(row):  # the E8M0 scales: M x K/block and K/block x N (block 32, or 16 for scale16)
        scales = {"scale_a": operands.random_scales(row, rng, row.m, row.k // row.scale_block),
                  "scale_b": operands.random_scales(row, rng, row.k // row.scale_block, row.n)}
        files += [("scale-a", scales["scale_a"], "e8m0"), ("scale-b", scales["scale_b"], "e8m0")]
    for name, array, fmt in files:
        (tmp_path / f"{name}.txt").write_text(operands.matrix_text(array, fmt))
    scale_flags = [x for name in scales for x in ("--" + name.replace("_", "-"), name.replace("_", "-") + ".txt")]
    status, out, err = cli.run("exec", row.mnemonic, "--arch", row.arch, "--wave", row.wave, "--a", "a.txt", "--b", "b.txt",
                               "--c", "c.txt", *scale_flags, *flags(mods), cwd=tmp_path)
    assert status == 0, err
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # reserved bits: the command line warns on stderr
        d = wavemma.mma(row.mnemonic, a, b, c, arch=row.arch, wave=row.wave, **scales, **mods)
    want = operands.parse_matrix(out, f["D"], c.shape)
    assert d.dtype == wavemma.formats.dtype(f["D"]) and d.shape == c.shape
    mismatch = np.flatnonzero(operands.bits(d) != operands.bits(want))
    assert mismatch.size == 0, f"{mods}: {mismatch.size} elements differ, first at {np.unravel_index(mismatch[0], d.shape)}"


ROWS = wavemma.instructions()


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"{r.mnemonic}-{r.arch}-w{r.wave}")
def test_mma_equals_wavemma_exec(cli, tmp_path, rng, row):
    run_both(cli, tmp_path, row, rng, {})
    mods = random_modifiers(row, rng)
    run_both(cli, tmp_path, row, rng, mods)


def test_every_modifier_kind_was_drawn():
    # The random sets above reach every modifier the catalog has somewhere.
    rng = np.random.default_rng(7)
    seen = set()
    for row in ROWS:
        seen |= set(random_modifiers(row, rng))
    assert seen == {"neg_lo", "neg_hi", "neg", "clamp", "fp16_ovfl", "opsel", "cbsz", "abid", "blgp", "index_key", "scale_sel",
                    "matrix_fmt", "reuse"}
