# matmul: equal to a loop of mma calls over the instruction tiles in K order, for every instruction;
# exact for integer instructions; the same on any number of threads; with the GIL released; and
# rejecting what it cannot tile.
import threading
import time
import warnings

import numpy as np
import pytest

import operands
import wavemma

ROWS = wavemma.instructions()


def value_modifiers(row, rng):
    """A random set of the value modifiers the row accepts (matmul takes no data-moving ones)."""
    bits = lambda: tuple(int(b) for b in rng.integers(0, 2, 3))
    mods = {}
    formats = ({"cbsz": int(rng.integers(0, 5))}, {"blgp": int(rng.integers(0, 5))}) if "f8f6f4" in row.mnemonic else ()
    for c in ({"neg_lo": bits()}, {"neg_hi": bits()}, {"neg": bits()}, {"clamp": True}, {"fp16_ovfl": True}, *formats):
        if operands.accepted(row, {**mods, **c}):
            mods.update(c)
    return mods


def mma_loop(row, a, b, c, mods, scales=None):
    """D tile by tile: each tile starts at its C and takes one mma per K step, in block 0; scaled
    forms with the window of the product's scales that each step covers."""
    m, n, k = row.m, row.n, row.k
    d = c.copy()
    lead = (row.blocks,) if row.blocks > 1 else ()
    at = lambda x: (0,) + x if lead else x
    for i in range(0, a.shape[0], m):
        for j in range(0, b.shape[1], n):
            acc = np.zeros(lead + (m, n), c.dtype)
            acc[at((slice(None), slice(None)))] = c[i:i + m, j:j + n]
            for s in range(0, a.shape[1], k):
                ta, tb = np.zeros(lead + (m, k), a.dtype), np.zeros(lead + (k, n), b.dtype)
                ta[at((slice(None), slice(None)))] = a[i:i + m, s:s + k]
                tb[at((slice(None), slice(None)))] = b[s:s + k, j:j + n]
                window = {}
                if scales:
                    q, kb = s // row.scale_block, k // row.scale_block
                    window = {"scale_a": np.ascontiguousarray(scales["scale_a"][i:i + m, q:q + kb]),
                              "scale_b": np.ascontiguousarray(scales["scale_b"][q:q + kb, j:j + n])}
                acc = wavemma.mma(row.mnemonic, ta, tb, acc, arch=row.arch, wave=row.wave, **window, **mods)
            d[i:i + m, j:j + n] = acc[at((slice(None), slice(None)))]
    return d


def product_operands(row, rng, mods, tiles=(2, 3, 2)):
    f = wavemma.operand_formats(row.mnemonic, arch=row.arch, wave=row.wave, **mods)
    M, N, K = row.m * tiles[0], row.n * tiles[1], row.k * tiles[2]
    a = operands.random_values(f["A"], (M, K), rng)
    if row.sparse:
        a = operands.prune_2to4(a, rng)
    return a, operands.random_values(f["B"], (K, N), rng), operands.random_values(f["C"], (M, N), rng)


@pytest.mark.parametrize("row", ROWS, ids=lambda r: f"{r.mnemonic}-{r.arch}-w{r.wave}")
def test_matmul_is_a_loop_of_mma(rng, row):
    if row.d_type != row.c_type:  # gfx1250 bf16f32: its bf16 D is no f32 C of the next K step
        a, b, c = product_operands(row, rng, {})
        with pytest.raises(ValueError, match="cannot be chained"):
            wavemma.matmul(a, b, c, instruction=row.mnemonic, arch=row.arch, wave=row.wave)
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # reserved modifier values
        for mods in ({}, value_modifiers(row, rng)):
            a, b, c = product_operands(row, rng, mods)
            scales = {}
            if operands.scaled(row):
                scales = {"scale_a": operands.random_scales(row, rng, a.shape[0], a.shape[1] // row.scale_block),
                          "scale_b": operands.random_scales(row, rng, a.shape[1] // row.scale_block, b.shape[1])}
            got = wavemma.matmul(a, b, c, instruction=row.mnemonic, arch=row.arch, wave=row.wave, **scales, **mods)
            assert np.array_equal(operands.bits(got), operands.bits(mma_loop(row, a, b, c, mods, scales))), mods
            without_c = wavemma.matmul(a, b, instruction=row.mnemonic, arch=row.arch, wave=row.wave, **scales, **mods)
            assert np.array_equal(operands.bits(without_c), operands.bits(mma_loop(row, a, b, np.zeros_like(c), mods, scales)))


@pytest.mark.parametrize("mnemonic,arch,mods", [
    ("v_mfma_i32_16x16x32_i8", "gfx942", {}),
    ("v_mfma_i32_4x4x4_16b_i8", "gfx942", {}),
    ("v_wmma_i32_16x16x16_iu8", "gfx1201", {"neg_lo": (1, 0, 0)}),  # signed A, unsigned B
    ("v_wmma_i32_16x16x16_iu4", "gfx1100", {"neg_lo": (1, 1, 0)}),
    ("v_smfmac_i32_16x16x64_i8", "gfx942", {}),
])
def test_integer_products_are_exact(rng, mnemonic, arch, mods):
    row = wavemma.instruction(mnemonic, arch=arch)
    a, b, c = product_operands(row, rng, mods, tiles=(3, 4, 5))
    d = wavemma.matmul(a, b, c, instruction=mnemonic, arch=arch, **mods)
    f = wavemma.operand_formats(mnemonic, arch=arch, **mods)
    exact = (wavemma.formats.decode(f["A"], a).astype(np.int64) @ wavemma.formats.decode(f["B"], b).astype(np.int64)
             + c.astype(np.int64))
    assert np.array_equal(d, exact.astype(np.uint64).astype(np.uint32).view(np.int32))  # wrap mod 2^32


def test_threads_do_not_change_bits(rng):
    row = wavemma.instruction("v_wmma_f32_16x16x16_bf16", arch="gfx1201")
    a, b, c = product_operands(row, rng, {}, tiles=(8, 5, 6))
    one = wavemma.matmul(a, b, c, instruction=row.mnemonic, arch="gfx1201", threads=1)
    for t in (None, 2, 3, 7):
        assert np.array_equal(operands.bits(wavemma.matmul(a, b, c, instruction=row.mnemonic, arch="gfx1201", threads=t)),
                              operands.bits(one))


def test_the_gil_is_released_while_the_engines_run(rng):
    # A Python loop in this thread keeps running while matmul computes in another: had matmul held
    # the GIL, the loop would stand still for the whole product, one gap as long as the call.
    a = rng.uniform(-1, 1, (1024, 512)).astype(np.float16)
    b = rng.uniform(-1, 1, (512, 512)).astype(np.float16)
    done = []
    worker = threading.Thread(target=lambda: done.append(wavemma.matmul(a, b, instruction="v_mfma_f32_32x32x8_f16", threads=1)))
    start = time.perf_counter()
    worker.start()
    last, longest = start, 0.0
    while worker.is_alive():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    worker.join()
    elapsed = time.perf_counter() - start
    assert done and elapsed > 0.05, elapsed
    assert longest < elapsed / 2, (longest, elapsed)


F16 = np.zeros((32, 32), np.float16)


@pytest.mark.parametrize("call,error,message", [
    (lambda: wavemma.matmul(F16[:30], F16, instruction="v_mfma_f32_16x16x16_f16"), ValueError,
     "M=30 is not a multiple of 16, the M of v_mfma_f32_16x16x16_f16: matmul issues whole instructions (pad the operands)"),
    (lambda: wavemma.matmul(F16[:, :24], F16[:24], instruction="v_mfma_f32_16x16x16_f16"), ValueError,
     "K=24 is not a multiple of 16, the K of v_mfma_f32_16x16x16_f16"),
    (lambda: wavemma.matmul(F16, F16[:16], instruction="v_mfma_f32_16x16x16_f16"), ValueError,
     "b must have shape (32, 32) (K x N of the product), not (16, 32)"),
    (lambda: wavemma.matmul(F16, F16, F16, instruction="v_mfma_f32_16x16x16_f16"), TypeError,
     "c must be a NumPy array of float32, not float16"),
    (lambda: wavemma.matmul(F16.astype(np.float32), F16, instruction="v_mfma_f32_16x16x16_f16"), TypeError,
     "a must be a NumPy array of float16, not float32"),
    (lambda: wavemma.matmul(F16.ravel(), F16, instruction="v_mfma_f32_16x16x16_f16"), ValueError,
     "a must be a 2-D array (M x K), not 1-D"),
    # Issue 21 item 8: the thread count is bounded (14,600 gave wrong elements, 40,000 aborted).
    (lambda: wavemma.matmul(F16, F16, instruction="v_mfma_f32_16x16x16_f16", threads=0), ValueError,
     "threads must be 1..4096, not 0"),
    (lambda: wavemma.matmul(F16, F16, instruction="v_mfma_f32_16x16x16_f16", threads=-1), ValueError,
     "threads must be 1..4096, not -1"),
    (lambda: wavemma.matmul(F16, F16, instruction="v_mfma_f32_16x16x16_f16", threads=14600), ValueError,
     "threads must be 1..4096, not 14600"),
    (lambda: wavemma.matmul(F16, F16, instruction="v_mfma_f32_16x16x16_f16", threads=40000), ValueError,
     "threads must be 1..4096, not 40000"),
    (lambda: wavemma.matmul(F16, F16, instruction="v_mfma_f32_16x16x16_f16", threads=2**64), ValueError,
     "threads must be 1..4096, not 18446744073709551616"),
    (lambda: wavemma.matmul(F16, F16, instruction="v_mfma_f32_16x16x16_f16", threads=2.0), TypeError,
     "threads takes an integer, not float"),
    (lambda: wavemma.matmul(F16, F16, instruction="v_mfma_f32_16x16x16_f16", threads=True), TypeError,
     "threads takes an integer, not bool"),
    (lambda: wavemma.matmul(F16, F16, instruction="v_mfma_f32_16x16x16_f16", wave=2**40), ValueError,
     "wave must be 0..64"),
    (lambda: wavemma.matmul(F16.tolist()[0], F16, instruction="v_mfma_f32_16x16x16_f16"), ValueError,
     "a must be a 2-D array (M x K), not 1-D"),
    (lambda: wavemma.matmul(np.full((32, 32), 1 / 3).tolist(), F16, instruction="v_mfma_f32_16x16x16_f16"), ValueError,
     "a: the numbers given as float64 are not all exactly float16"),
    (lambda: wavemma.matmul(F16, F16, instruction="v_mfma_f32_4x4x4_16b_f16", cbsz=1), ValueError,
     "matmul() takes no cbsz: it moves data inside one instruction"),
    (lambda: wavemma.matmul(np.ones((16, 32), np.float16), F16, instruction="v_smfmac_f32_16x16x32_f16"), ValueError,
     "a: A is not 2:4 sparse: row 0 holds 4 non-zero values in K 0..3"),
    (lambda: wavemma.matmul(F16, F16, instruction="v_wmma_f32_16x16x16_f16"), ValueError,
     "v_wmma_f32_16x16x16_f16 exists on gfx11 and gfx12: choose with --arch (e.g. --arch gfx1201)"),
    (lambda: wavemma.matmul(F16, F16, instruction="v_mfma_f32_16x16x16_f16", colour=1), TypeError,
     "matmul() got an unexpected keyword argument 'colour'"),
])
def test_rejections(call, error, message):
    with pytest.raises(error) as e:
        call()
    assert str(e.value).startswith(message), str(e.value)


# Issue 21 item 8: tiles of a bigger matrix as slices, Fortran order, lists: each the product of its
# copy; threads as any integer type up to the bound.
def test_slices_of_a_bigger_matrix_tile_the_product(rng):
    big = rng.uniform(-1, 1, (96, 96)).astype(np.float16)
    instr = "v_mfma_f32_16x16x16_f16"
    for i, k in ((0, 0), (32, 16), (64, 48)):
        a, b = big[i:i + 32, k:k + 32], big[k:k + 32, i:i + 16]
        want = wavemma.matmul(np.ascontiguousarray(a), np.ascontiguousarray(b), instruction=instr, threads=1)
        for got in (wavemma.matmul(a, b, instruction=instr, threads=np.int64(3)),
                    wavemma.matmul(np.asfortranarray(a), b.tolist(), instruction=instr, threads=4096),
                    wavemma.matmul(a, b, np.zeros((32, 16), np.float32).T.copy().T, instruction=instr)):
            assert np.array_equal(got.view(np.uint32), want.view(np.uint32))
