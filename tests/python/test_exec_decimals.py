# wavemma exec reads a decimal as the user wrote it (issue 21 item 7): its exact value, rounded
# once to nearest even into the operand format, however many digits it has. The truth here is
# exact rational arithmetic on the formats' definitions: for each pair of neighbouring values, the
# midpoint as an exact decimal, and the midpoint plus or minus a tiny decimal epsilon written out
# as a long digit string. Each number goes in as an element of A, B is the identity, so D (f32 or
# f64, both holding every value of the input formats exactly) shows the value exec read.
import concurrent.futures
import os
import random
import struct
import tempfile
from fractions import Fraction

import subprocess

import pytest

from conftest import WAVEMMA_BIN


class Format:
    def __init__(self, name, exp_bits, frac_bits, bias, max_code, overflow_inf):
        self.name, self.exp_bits, self.frac_bits, self.bias = name, exp_bits, frac_bits, bias
        self.max_code = max_code          # code of the largest finite value
        self.overflow_inf = overflow_inf  # IEEE-like: past max + ulp/2 (ties included) is inf

    def value(self, code):
        """The exact value of a positive code, from the format's definition."""
        e, f = code >> self.frac_bits, code & ((1 << self.frac_bits) - 1)
        if e == 0:
            return Fraction(f, 1 << self.frac_bits) * Fraction(2) ** (1 - self.bias)
        return (1 + Fraction(f, 1 << self.frac_bits)) * Fraction(2) ** (e - self.bias)


def decimal(x, extra=0, delta=0):
    """The exact decimal of x (a dyadic rational), written with `extra` more digits and plus
    delta units of its last digit (delta = +-1: x +- 10^-(digits + extra))."""
    neg = x < 0
    x = abs(x)
    k = x.denominator.bit_length() - 1
    assert x.denominator == 1 << k
    digits = k + extra
    n = x.numerator * 5 ** k * 10 ** extra + delta
    assert n >= 0
    s = str(n)
    if digits:
        s = s.rjust(digits + 1, "0")
        s = s[:-digits] + "." + s[-digits:]
    return ("-" if neg else "") + s


def tie_cases(fmt, codes, signs=(1,)):
    """(text, expected value) for the midpoints of the pairs (c, c + 1) of `codes`, and just off them."""
    cases = []
    for c in codes:
        lo = fmt.value(c)
        if c == fmt.max_code:
            if not fmt.overflow_inf:
                continue
            hi = fmt.value(c) + Fraction(2) ** (((c >> fmt.frac_bits) - fmt.bias) - fmt.frac_bits)  # next binade step
            hi_value = float("inf")
        else:
            hi = hi_value = fmt.value(c + 1)
        mid = (lo + hi) / 2
        even = lo if c % 2 == 0 else hi_value
        for sign in signs:
            cases += [(decimal(sign * mid, extra=20, delta=-1), sign * lo),
                      (decimal(sign * mid), sign * even),
                      (decimal(sign * mid, extra=20, delta=1), sign * hi_value)]
    return cases


class Exec:
    """One instruction whose D shows the A it was given: B is the identity (K <= N)."""

    def __init__(self, instr, arch, m, k, n, flags=()):
        self.instr, self.arch, self.m, self.k, self.n, self.flags = instr, arch, m, k, n, list(flags)
        self.per_run = m * min(k, n)

    def run(self, texts, tmp):
        rows = [["0"] * self.k for _ in range(self.m)]
        for i, t in enumerate(texts):
            rows[i // min(self.k, self.n)][i % min(self.k, self.n)] = t
        fd, a = tempfile.mkstemp(dir=tmp, suffix=".txt")
        with os.fdopen(fd, "w") as f:
            f.write("\n".join(" ".join(r) for r in rows) + "\n")
        b = os.path.join(tmp, f"identity-{self.k}x{self.n}.txt")
        p = subprocess.run([WAVEMMA_BIN, "exec", self.instr, "--arch", self.arch, "--a", a, "--b", b, *self.flags],
                           capture_output=True, text=True)
        os.remove(a)
        assert p.returncode == 0, p.stderr
        d = [line.split() for line in p.stdout.splitlines()]
        return [d[i // min(self.k, self.n)][i % min(self.k, self.n)] for i in range(len(texts))]


def value_of(hex_text):
    """The exact value of an f32 or f64 bit pattern (inf as float, NaN as None)."""
    bits = int(hex_text, 16)
    x = struct.unpack(">f", bits.to_bytes(4, "big"))[0] if len(hex_text) == 10 else \
        struct.unpack(">d", bits.to_bytes(8, "big"))[0]
    if x != x:
        return None
    return x if x in (float("inf"), float("-inf")) else Fraction(x)


def check(ex, cases, tmp_path):
    tmp = str(tmp_path)
    with open(os.path.join(tmp, f"identity-{ex.k}x{ex.n}.txt"), "w") as f:
        f.write("\n".join(" ".join("1" if i == j else "0" for j in range(ex.n)) for i in range(ex.k)) + "\n")
    # inf x 0 is NaN: an overflowing value would spoil the rest of its row of D, so it runs alone.
    finite = [c for c in cases if not isinstance(c[1], float)]
    chunks = [finite[i:i + ex.per_run] for i in range(0, len(finite), ex.per_run)]
    chunks += [[c] for c in cases if isinstance(c[1], float)]
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda chunk: ex.run([t for t, _ in chunk], tmp), chunks))
    wrong = []
    for chunk, got in zip(chunks, results):
        for (text, want), d in zip(chunk, got):
            if value_of(d) != want:
                wrong.append(f"{text} -> {d}, want {want}")
    assert not wrong, f"{len(wrong)} of {len(cases)} wrong, e.g. " + "; ".join(wrong[:5])


F16 = Format("f16", 5, 10, 15, 0x7BFF, True)
BF16 = Format("bf16", 8, 7, 127, 0x7F7F, True)
FP8 = Format("fp8", 4, 3, 7, 0x7E, False)
BF8 = Format("bf8", 5, 2, 15, 0x7B, True)
FP8_FNUZ = Format("fp8_fnuz", 4, 3, 8, 0x7F, False)
BF8_FNUZ = Format("bf8_fnuz", 5, 2, 16, 0x7F, False)
FP6 = Format("fp6", 2, 3, 1, 0x1F, False)
BF6 = Format("bf6", 3, 2, 3, 0x1F, False)
FP4 = Format("fp4", 2, 1, 1, 0x7, False)
F32 = Format("f32", 8, 23, 127, 0x7F7FFFFF, True)
F64 = Format("f64", 11, 52, 1023, 0x7FEFFFFFFFFFFFFF, True)
XF32 = Format("xf32", 8, 10, 127, (254 << 10) | 1023, True)  # codes here: E and the 10 fraction bits kept


@pytest.mark.parametrize("fmt,ex", [
    (F16, Exec("v_wmma_f32_16x16x16_f16", "gfx1201", 16, 16, 16)),
    (BF16, Exec("v_wmma_f32_16x16x16_bf16", "gfx1201", 16, 16, 16)),
], ids=["f16", "bf16"])
def test_every_tie_of_the_16_bit_formats(fmt, ex, tmp_path):
    # Every pair of neighbouring positive values, the largest value and the overflow to inf
    # included; negative values for every fifth pair (the sign is read apart from the digits).
    codes = range(0, fmt.max_code + 1)
    cases = tie_cases(fmt, codes) + tie_cases(fmt, codes[::5], signs=(-1,))
    check(ex, cases, tmp_path)


@pytest.mark.parametrize("fmt,ex", [
    (FP8, Exec("v_wmma_f32_16x16x16_fp8_fp8", "gfx1201", 16, 16, 16)),
    (BF8, Exec("v_wmma_f32_16x16x16_bf8_bf8", "gfx1201", 16, 16, 16)),
    (FP8_FNUZ, Exec("v_mfma_f32_16x16x32_fp8_fp8", "gfx942", 16, 32, 16)),
    (BF8_FNUZ, Exec("v_mfma_f32_16x16x32_bf8_bf8", "gfx942", 16, 32, 16)),
    (FP6, Exec("v_mfma_f32_16x16x128_f8f6f4", "gfx950", 16, 128, 16, ["--cbsz", "2"])),
    (BF6, Exec("v_mfma_f32_16x16x128_f8f6f4", "gfx950", 16, 128, 16, ["--cbsz", "3"])),
    (FP4, Exec("v_mfma_f32_16x16x128_f8f6f4", "gfx950", 16, 128, 16, ["--cbsz", "4"])),
], ids=["fp8", "bf8", "fp8_fnuz", "bf8_fnuz", "fp6", "bf6", "fp4"])
def test_every_tie_of_the_narrow_formats(fmt, ex, tmp_path):
    codes = range(0, fmt.max_code + 1)
    check(ex, tie_cases(fmt, codes, signs=(1, -1)), tmp_path)


@pytest.mark.parametrize("fmt,ex", [
    (F32, Exec("v_mfma_f32_16x16x4_f32", "gfx942", 16, 4, 16)),
    (F64, Exec("v_mfma_f64_16x16x4_f64", "gfx942", 16, 4, 16)),
    (XF32, Exec("v_mfma_f32_16x16x8_xf32", "gfx942", 16, 8, 16)),
], ids=["f32", "f64", "xf32"])
def test_ties_of_the_wide_formats(fmt, ex, tmp_path):
    # Every binade's first and last pairs, the largest value, and random pairs; f64's midpoints
    # have up to 767 significant digits.
    r = random.Random(21)
    e_codes = [(e << fmt.frac_bits) + f for e in range(1 << fmt.exp_bits) for f in (0, 1)
               if (e << fmt.frac_bits) + f < fmt.max_code]
    codes = sorted(set(e_codes + [fmt.max_code, fmt.max_code - 1] + [r.randrange(fmt.max_code) for _ in range(400)]))
    check(ex, tie_cases(fmt, codes, signs=(1, -1)), tmp_path)


@pytest.mark.parametrize("text,want", [
    ("1.00048828125000000000001", 0x3C01),  # the example: once, not through double
    ("1.00048828125", 0x3C00),  # the tie itself: to even
    ("1.00048828125" + "0" * 3000, 0x3C00),  # a tie with thousands of zeros is still a tie
    ("1.00048828125" + "0" * 3000 + "1", 0x3C01),  # a digit far past any kept is still above it
    ("1.00048828124" + "9" * 3000, 0x3C00),  # and far below
    ("0." + "0" * 400 + "1", 0x0000),  # tinier than anything: +0
    ("65519.99999999999999999999999", 0x7BFF),  # just below the overflow threshold
    ("65520", 0x7C00),  # the threshold ties to inf, as IEEE rounds
    ("1e10", 0x7C00), ("1e400", 0x7C00), ("1e99999999999999999999999999", 0x7C00),  # overflow alike
    ("-1e400", 0xFC00), ("1e-400", 0x0000), ("0e999999999999", 0x0000),
    ("000000000000000000000000000000000001.5", 0x3E00), ("1" + "0" * 5000 + "e-5000", 0x3C00),
    (".5", 0x3800), ("5e-1", 0x3800), ("5E-1", 0x3800), ("0.5e+0", 0x3800),
])
def test_decimal_edges_as_f16(text, want, tmp_path):
    ex = Exec("v_wmma_f32_16x16x16_f16", "gfx1201", 16, 16, 16)
    expected = F16.value(want & 0x7FFF) if (want & 0x7FFF) != 0x7C00 else float("inf")
    if want & 0x8000:
        expected = -expected
    check(ex, [(text, expected)], tmp_path)


@pytest.mark.parametrize("text", ["1e", "e5", "1.2.3", "+1", "- 1", "1e+", "inf", "nan", "0x", "1_000", "١"])
def test_what_is_not_a_decimal_is_refused(cli, text, tmp_path):
    a = tmp_path / "a.txt"
    a.write_text((" ".join([text] + ["0"] * 15) + "\n") * 16)
    b = tmp_path / "b.txt"
    b.write_text(("0 " * 16 + "\n") * 16)
    message = cli.error("exec", "v_wmma_f32_16x16x16_f16", "--arch", "gfx1201", "--a", a, "--b", b)
    assert "is neither a hex bit pattern" in message or "is not a hex bit pattern" in message, message


# E8M0 scales written as decimals: the power of two they round to (E8M0's definition, 2^(E-127));
# what would become its NaN code (zero, a sign, beyond 2^127) is refused, not run as NaN.
def test_scale_decimals(cli, tmp_path):
    instr = ["exec", "v_mfma_scale_f32_16x16x128_f8f6f4", "--arch", "gfx950"]
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("\n".join(" ".join("1" if c == r else "0" for c in range(128)) for r in range(16)) + "\n")
    b.write_text("\n".join(" ".join("1" if c == r else "0" for c in range(16)) for r in range(128)) + "\n")

    def run(scale):
        s = tmp_path / "s.txt"
        s.write_text((" ".join([scale] * 4) + "\n") * 16)
        return cli.run(*instr, "--a", a, "--b", b, "--scale-a", s)

    for text, code in [("1", 0x7F), ("2", 0x80), ("0.5", 0x7E), ("1.4999", 0x7F), ("1.5", 0x80), ("3", 0x81),
                       ("1e-50", 0x00), ("5.877471754111438e-39", 0x00), ("1.7014118346046923e38", 0xFE)]:
        got, want = run(text), run(f"0x{code:02x}")
        assert got[0] == 0 and got == want, (text, got[2])
    for text in ["0", "-0", "-1", "-2", "1e39", "1e400"]:
        status, out, err = run(text)
        assert status == 2 and out == "" and "is not a scale of E8M0" in err and err.count("\n") == 1, (text, err)
