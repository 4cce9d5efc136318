# Bad input: Python exceptions carrying the command line's one-line message where the same check
# applies (the same library function makes both), and clear TypeError/ValueError for what only
# arrays can get wrong: type, dtype, shape, layout, 2:4 sparsity.
import numpy as np
import pytest

import wavemma

A16 = np.zeros((16, 16), np.float16)
F32 = np.zeros((16, 16), np.float32)
MISSING = "/nonexistent"  # the command line checks the target and the modifiers before it reads files


def exec_args(instr, *flags):
    return ["exec", instr, "--a", MISSING, "--b", MISSING, *flags]


# (Python call, the same input to the command line)
SAME_CHECK = [
    (lambda: wavemma.mma("v_wmma_f32_16x16x16_f1", A16, A16, arch="gfx1201"),
     exec_args("v_wmma_f32_16x16x16_f1", "--arch", "gfx1201")),
    (lambda: wavemma.mma("v_wmma_f32_16x16x16_f16", A16, A16), exec_args("v_wmma_f32_16x16x16_f16")),
    (lambda: wavemma.mma("v_mfma_f32_16x16x16_f16", A16, A16, arch="gfx1201"),
     exec_args("v_mfma_f32_16x16x16_f16", "--arch", "gfx1201")),
    (lambda: wavemma.mma("v_mfma_f32_16x16x16_f16", A16, A16, arch="gfx9"), exec_args("v_mfma_f32_16x16x16_f16", "--arch", "gfx9")),
    (lambda: wavemma.mma("v_mfma_f32_16x16x16_f16", A16, A16, wave=32), exec_args("v_mfma_f32_16x16x16_f16", "--wave", "32")),
    (lambda: wavemma.mma("wmma_f32_16x16x16_f16_w64_gfx12", A16, A16, wave=32),
     exec_args("wmma_f32_16x16x16_f16_w64_gfx12", "--wave", "32")),
    (lambda: wavemma.mma("v_wmma_f32_16x16x16_f16", A16, A16, arch="gfx1201", neg_lo=(1, 2)),
     exec_args("v_wmma_f32_16x16x16_f16", "--arch", "gfx1201", "--neg-lo", "1,2")),
    (lambda: wavemma.mma("v_wmma_f32_16x16x16_f16", A16, A16, arch="gfx1100", clamp=True),
     exec_args("v_wmma_f32_16x16x16_f16", "--arch", "gfx1100", "--clamp")),
    (lambda: wavemma.mma("v_swmmac_f32_16x16x32_f16", A16, A16, arch="gfx1201", index_key=4, wave=64),
     exec_args("v_swmmac_f32_16x16x32_f16", "--arch", "gfx1201", "--index-key", "4", "--wave", "64")),
    (lambda: wavemma.mma("v_mfma_f32_4x4x4_16b_f16", A16, A16, cbsz=5), exec_args("v_mfma_f32_4x4x4_16b_f16", "--cbsz", "5")),
    (lambda: wavemma.mma("v_mfma_f32_16x16x16_f16", A16, A16, neg=(1, 0, 0)),
     exec_args("v_mfma_f32_16x16x16_f16", "--neg", "1,0,0")),
    (lambda: wavemma.mma("v_mfma_f64_16x16x4_f64", A16, A16, blgp=1), exec_args("v_mfma_f64_16x16x4_f64", "--blgp", "1")),
    (lambda: wavemma.mma("v_mfma_f64_16x16x4_f64", A16, A16, blgp=1, neg="1"),
     exec_args("v_mfma_f64_16x16x4_f64", "--blgp", "1", "--neg", "1")),
    (lambda: wavemma.layout("v_mfma_f32_16x16x16_f16", "Q"), ["layout", "v_mfma_f32_16x16x16_f16", "--operand", "Q"]),
    (lambda: wavemma.layout("v_mfma_f32_16x16x16_f16", "K"), ["layout", "v_mfma_f32_16x16x16_f16", "--operand", "K"]),
    (lambda: wavemma.where("v_mfma_f32_16x16x16_f16", "A", 16, 0),
     ["where", "v_mfma_f32_16x16x16_f16", "--operand", "A", "--row", "16", "--col", "0"]),
    (lambda: wavemma.where("v_mfma_f32_16x16x16_f16", "B", 0, 16),
     ["where", "v_mfma_f32_16x16x16_f16", "--operand", "B", "--row", "0", "--col", "16"]),
    (lambda: wavemma.where("v_mfma_f32_16x16x16_f16", "A", 0, 0, block=1),
     ["where", "v_mfma_f32_16x16x16_f16", "--operand", "A", "--row", "0", "--col", "0", "--block", "1"]),
    (lambda: wavemma.what("v_mfma_f32_16x16x16_f16", "A", 1, 9),
     ["what", "v_mfma_f32_16x16x16_f16", "--operand", "A", "--lane", "1", "--vgpr", "9"]),
    (lambda: wavemma.what("v_wmma_f32_16x16x16_f16", "D", 32, 0, arch="gfx1201"),
     ["what", "v_wmma_f32_16x16x16_f16", "--arch", "gfx1201", "--operand", "D", "--lane", "32", "--vgpr", "0"]),
    (lambda: wavemma.instructions(kind="wmmma"), ["list", "--kind", "wmmma"]),
    (lambda: wavemma.instructions(family="wmmma"), ["list", "--family", "wmmma"]),
    (lambda: wavemma.instructions(wave=48), ["list", "--wave", "48"]),
    (lambda: wavemma.instructions(arch="gfx942", wave=32), ["list", "--arch", "gfx942", "--wave", "32"]),
    (lambda: wavemma.instruction("v_mfma_f32_16x16x16_f16", arch="rdna4"), ["show", "v_mfma_f32_16x16x16_f16", "--arch", "rdna4"]),
]


@pytest.mark.parametrize("call,args", SAME_CHECK, ids=lambda v: " ".join(v) if isinstance(v, list) else None)
def test_the_command_lines_message(cli, call, args):
    with pytest.raises(ValueError) as e:
        call()
    assert str(e.value) == cli.error(*args)


def test_not_2to4_sparse(cli, tmp_path):
    dense = np.zeros((16, 32), np.float16)
    dense[5, 4:7] = 1
    (tmp_path / "a.txt").write_text("\n".join(" ".join(f"0x{int(v):04x}" for v in r) for r in dense.view(np.uint16)) + "\n")
    (tmp_path / "b.txt").write_text(("0x0000 " * 16 + "\n") * 32)
    message = cli.error("exec", "v_smfmac_f32_16x16x32_f16", "--a", tmp_path / "a.txt", "--b", tmp_path / "b.txt")
    with pytest.raises(ValueError) as e:
        wavemma.mma("v_smfmac_f32_16x16x32_f16", dense, np.zeros((32, 16), np.float16))
    assert str(e.value) == "a: A is not 2:4 sparse: row 5 holds 3 non-zero values in K 4..7"
    assert message == f"{tmp_path / 'a.txt'}: A is not 2:4 sparse: row 5 holds 3 non-zero values in K 4..7"


MFMA = "v_mfma_f32_16x16x16_f16"


@pytest.mark.parametrize("call,error,message", [
    (lambda: wavemma.mma(MFMA, F32, A16), TypeError, "a must be a NumPy array of float16, not float32"),
    (lambda: wavemma.mma(MFMA, A16, A16, A16), TypeError, "c must be a NumPy array of float32, not float16"),
    (lambda: wavemma.mma(MFMA, A16[:, :8].copy(), A16), ValueError,
     "a must have shape (16, 16) (M x K = 16x16 of v_mfma_f32_16x16x16_f16), not (16, 8)"),
    (lambda: wavemma.mma(MFMA, A16[::2, ::2], A16), ValueError, "a must have shape (16, 16)"),
    (lambda: wavemma.mma("v_mfma_f32_4x4x4_16b_f16", np.zeros((4, 4), np.float16), np.zeros((4, 4), np.float16)), ValueError,
     "a must have shape (16, 4, 4) (16 blocks of M x K = 4x4 of v_mfma_f32_4x4x4_16b_f16), not (4, 4)"),
    (lambda: wavemma.mma("v_wmma_f32_16x16x16_bf16", A16, A16, arch="gfx1201"), TypeError,
     "a must be a NumPy array of uint16 (bf16 bit patterns), not float16"),
    (lambda: wavemma.mma("v_wmma_i32_16x16x32_iu4", np.full((16, 32), 16, np.uint8), np.zeros((32, 16), np.uint8),
                         arch="gfx1201"), ValueError, "a: 0x10 (element 0) does not fit u4 (4 bits)"),
    (lambda: wavemma.mma("v_wmma_i32_16x16x16_iu8", np.zeros((16, 16), np.int8), np.zeros((16, 16), np.uint8), arch="gfx1201"),
     TypeError, "a must be uint8, not int8: the operand is read as unsigned (u8); on the RDNA iu8/iu4 instructions "
     "neg_lo=(a, b, c) makes A and B signed"),
    (lambda: wavemma.mma("v_wmma_i32_16x16x16_iu8", np.zeros((16, 16), np.uint8), np.zeros((16, 16), np.uint8), arch="gfx1201",
                         neg_lo=(1, 0, 0)), TypeError, "a must be int8, not uint8: the operand is read as signed (i8); "),
    (lambda: wavemma.mma("v_wmma_i32_16x16x32_iu4", np.full((16, 32), 8, np.int8), np.zeros((32, 16), np.uint8),
                         arch="gfx1201", neg_lo=(1, 0, 0)), ValueError, "a: a value outside -8..7 does not fit i4"),
    (lambda: wavemma.mma(MFMA, np.full((16, 16), 0.1).tolist(), A16), ValueError,
     "a: the numbers given as float64 are not all exactly float16 (formats.cast rounds them)"),
    (lambda: wavemma.mma("v_wmma_f32_16x16x16_bf16", np.ones((16, 16)).tolist(), A16.view(np.uint16), arch="gfx1201"),
     ValueError, "a: the numbers given as float64 are not all exactly uint16 (bf16 bit patterns)"),
    (lambda: wavemma.mma(MFMA, [["x"] * 16] * 16, A16), TypeError, "a must be an array_like of float16"),
    (lambda: wavemma.mma(MFMA, {"a": 1}, A16), TypeError, "a must be an array_like of float16"),
    # Integer arguments of any size: ValueError naming the range, never "Unable to cast".
    (lambda: wavemma.mma(MFMA, A16, A16, cbsz=10**30), ValueError, "cbsz must be 0..2147483647, not 10000"),
    (lambda: wavemma.mma(MFMA, A16, A16, cbsz=-1), ValueError, "cbsz must be 0..2147483647, not -1"),
    (lambda: wavemma.mma(MFMA, A16, A16, neg_lo=(10**30, 0, 0)), ValueError, "neg_lo must be 0..2147483647, not 1000"),
    (lambda: wavemma.mma("v_mfma_scale_f32_16x16x128_f8f6f4", A16, A16, scale_sel=(2**64, 0)), ValueError,
     "scale_sel must be 0..3, not 18446744073709551616"),
    (lambda: wavemma.mma(MFMA, A16, A16, wave=2**70), ValueError, "wave must be 0..64, not 1180591620717411303424"),
    (lambda: wavemma.mma(MFMA, A16, A16, wave=64.0), TypeError, "wave takes an integer, not float"),
    (lambda: wavemma.explain(MFMA, A16, A16, row=10**30, col=0), ValueError, "row must be 0..2147483647, not 1000"),
    (lambda: wavemma.explain(MFMA, A16, A16, row=0, col=-1), ValueError, "col must be 0..2147483647, not -1"),
    (lambda: wavemma.explain(MFMA, A16, A16, row=0, col=0, block=2**63), ValueError, "block must be 0..2147483647"),
    (lambda: wavemma.operand_formats(MFMA, wave=-2**63 - 1), ValueError, "wave must be 0..64"),
    (lambda: wavemma.mma(MFMA, A16, A16, neg_lo=1), TypeError, "neg_lo takes a sequence of up to three 0/1 values"),
    (lambda: wavemma.mma(MFMA, A16, A16, cbsz="1"), TypeError, "cbsz takes an integer"),
    (lambda: wavemma.mma(MFMA, A16, A16, clamp=1), TypeError, "clamp takes True or False"),
    (lambda: wavemma.mma(MFMA, A16, A16, op_sel=(0, 0, 1)), TypeError, "mma() got an unexpected keyword argument 'op_sel'"),
    (lambda: wavemma.layout(MFMA, "A", clamp=True), TypeError, "layout() got an unexpected keyword argument 'clamp'"),
    (lambda: wavemma.explain(MFMA, A16, A16, row=16, col=0), ValueError, "D element (0,16,0) outside 1 block(s) of 16x16"),
])
def test_array_errors(call, error, message):
    with pytest.raises(error) as e:
        call()
    assert str(e.value).startswith(message), str(e.value)


def test_reserved_bits_warn_like_the_command_line(cli):
    status, _, err = cli.run("layout", "v_mfma_f32_16x16x16_f16", "--operand", "A", "--cbsz", "1", "--format", "csv")
    assert status == 0
    with pytest.warns(UserWarning) as w:
        wavemma.layout("v_mfma_f32_16x16x16_f16", "A", cbsz=1)
    assert err == f"wavemma: warning: {w[0].message}\n"


# Issue 21 item 8: any array_like, as NumPy functions take them: views and slices of a bigger
# matrix (how people tile), Fortran order, the other byte order, lists of exact values; each gives
# the bits of its C-contiguous copy.
def test_any_array_like_gives_the_bits_of_its_copy(rng):
    big = rng.uniform(-2, 2, (64, 64)).astype(np.float16)
    views = {
        "slice": big[16:32, 8:24],
        "strided": big[::4, 1::4],
        "transposed": big[:16, :16].T,
        "fortran": np.asfortranarray(big[:16, :16]),
        "big-endian": big[:16, :16].astype(">f2"),
        "list": big[:16, :16].tolist(),
        "tuple of tuples": tuple(map(tuple, big[:16, :16].tolist())),
        "integers": np.arange(256).reshape(16, 16).tolist(),
    }
    b = np.ascontiguousarray(big[:16, 16:32])
    for name, a in views.items():
        want = wavemma.mma(MFMA, np.ascontiguousarray(np.asarray(a, dtype=np.float16)), b)
        got = wavemma.mma(MFMA, a, b[::-1][::-1])
        assert np.array_equal(got.view(np.uint32), want.view(np.uint32)), name
    # bf16 bit patterns from a list of integers; a view of C too.
    pat = rng.integers(0, 0x7F00, (16, 16)).astype(np.uint16)
    c = rng.uniform(-1, 1, (32, 32)).astype(np.float32)
    want = wavemma.mma("v_wmma_f32_16x16x16_bf16", pat, pat.T.copy(), np.ascontiguousarray(c[::2, ::2]), arch="gfx1201")
    got = wavemma.mma("v_wmma_f32_16x16x16_bf16", pat.tolist(), pat.T, c[::2, ::2], arch="gfx1201")
    assert np.array_equal(got.view(np.uint32), want.view(np.uint32))


# Signed 8-bit and 4-bit data for the iu8/iu4 instructions: taken with their sign under neg_lo,
# checked against the exact integer product.
def test_signed_integers_for_iu_instructions(rng):
    a = rng.integers(-128, 128, (16, 16)).astype(np.int8)
    b = rng.integers(0, 256, (16, 16)).astype(np.uint8)
    d = wavemma.mma("v_wmma_i32_16x16x16_iu8", a, b, arch="gfx1201", neg_lo=(1, 0, 0))
    assert np.array_equal(d, a.astype(np.int64) @ b.astype(np.int64))
    a4 = rng.integers(-8, 8, (16, 32)).astype(np.int8)
    b4 = rng.integers(-8, 8, (32, 16)).astype(np.int8)
    d4 = wavemma.mma("v_wmma_i32_16x16x32_iu4", a4, b4, arch="gfx1201", neg_lo=(1, 1, 0))
    assert np.array_equal(d4, a4.astype(np.int64) @ b4.astype(np.int64))
    d4_lists = wavemma.mma("v_wmma_i32_16x16x32_iu4", a4.tolist(), (b4 & 15).astype(np.uint8), arch="gfx1201",
                           neg_lo=(1, 1, 0))
    assert np.array_equal(d4_lists, d4)


# Issue 21 item 9: the module and the command line's exec read no WAVEMMA_* variable, so no value
# of one changes a result or fails a call (the SIMT runtime's own, docs/simt.md, are its contract).
def test_no_environment_variable_is_read(cli, tmp_path):
    import os
    import subprocess
    import sys
    bad = {"WAVEMMA_THREADS": "abc", "WAVEMMA_ARCH": "gfx0", "WAVEMMA_WAVE": "48", "WAVEMMA_PROGRESS": "maybe",
           "WAVEMMA_FIBER_STACK": "-1"}
    code = ("import numpy as np, wavemma; a = np.ones((32, 32), np.float16); "
            "print(wavemma.matmul(a, a, instruction='v_mfma_f32_16x16x16_f16').sum(), "
            "wavemma.mma('v_wmma_f32_16x16x16_f16', a[:16, :16], a[:16, :16], arch='gfx1201').sum())")
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ, **extra})
            for extra in ({}, bad)]
    assert runs[0].returncode == 0 and runs[0].stdout == "32768.0 4096.0\n", runs[0].stderr
    assert (runs[1].returncode, runs[1].stdout, runs[1].stderr) == (0, runs[0].stdout, "")
    ones = tmp_path / "ones.txt"
    ones.write_text(("1 " * 16 + "\n") * 16)
    from conftest import WAVEMMA_BIN
    argv = [WAVEMMA_BIN, "exec", "v_wmma_f32_16x16x16_f16", "--arch", "gfx1201", "--a", str(ones), "--b", str(ones)]
    runs = [subprocess.run(argv, capture_output=True, text=True, env={**os.environ, **extra}) for extra in ({}, bad)]
    assert runs[0].returncode == 0 and runs[0].stdout.startswith("0x41800000"), runs[0].stderr
    assert (runs[1].returncode, runs[1].stdout, runs[1].stderr) == (0, runs[0].stdout, "")
