# wavemma.formats against arithmetic that does not use it: every code of every format of up to 16
# bits decoded from its fields here, round trips, every rounding boundary (the midpoints between
# neighbouring codes), NumPy's own float16/float32 conversions, and the format table of
# reference/numerics.md §1.
import numpy as np
import pytest

from wavemma import formats

SMALL = [f for f in formats.names() if formats.info(f)["bits"] <= 16]
SMALL_FLOATS = [f for f in SMALL if formats.info(f)["is_float"]]


def all_codes(fmt):
    return np.arange(2 ** formats.info(fmt)["bits"], dtype=np.uint64).astype(formats.encode(fmt, [0]).dtype)


def field_value(fmt, code):
    """The value of a code from the format's fields: sign, exponent E, fraction F, bias."""
    i = formats.info(fmt)
    bits, e_bits, f_bits, bias = i["bits"], i["exp_bits"], i["frac_bits"], i["bias"]
    if i["specials"] == "e8m0":  # OCP MX E8M0: 2^(E - 127), 0xFF NaN, no sign, no zero
        return np.nan if code == 0xFF else np.ldexp(1.0, int(code) - bias)
    sign = -1.0 if code >> (bits - 1) else 1.0
    e = (code >> f_bits) & ((1 << e_bits) - 1)
    f = code & ((1 << f_bits) - 1)
    if i["specials"] == "ieee" and e == (1 << e_bits) - 1:
        return sign * np.inf if f == 0 else np.nan
    if i["specials"] == "ocp_e4m3" and code & 0x7F == 0x7F:
        return np.nan
    if i["specials"] == "fnuz" and code == 1 << (bits - 1):
        return np.nan
    significand = f if e == 0 else (1 << f_bits) + f
    return sign * np.ldexp(float(significand), max(int(e), 1) - bias - f_bits)


@pytest.mark.parametrize("fmt", SMALL_FLOATS)
def test_decode_every_code_from_its_fields(fmt):
    codes = all_codes(fmt)
    got = formats.decode(fmt, codes)
    want = np.array([field_value(fmt, int(c)) for c in codes])
    assert np.array_equal(np.isnan(got), np.isnan(want))
    finite = ~np.isnan(want)
    assert np.array_equal(got[finite], want[finite])
    assert np.array_equal(np.signbit(got[finite]), np.signbit(want[finite]))  # -0 where the format has it


@pytest.mark.parametrize("fmt", SMALL)
def test_every_code_round_trips(fmt):
    codes = all_codes(fmt)
    values = formats.decode(fmt, codes)
    back = formats.encode(fmt, values)
    nan = np.isnan(values)
    assert np.array_equal(back[~nan], codes[~nan])
    assert np.isnan(formats.decode(fmt, back[nan])).all()


def test_integer_codes():
    assert formats.decode("i4", np.arange(16, dtype=np.uint8)).tolist() == list(range(8)) + list(range(-8, 0))
    assert formats.decode("u4", np.arange(16, dtype=np.uint8)).tolist() == list(range(16))
    assert np.array_equal(formats.decode("i8", np.arange(256, dtype=np.uint8)), np.arange(256, dtype=np.uint8).view(np.int8))
    assert formats.encode("i8", [-200.0, -1.5, 2.5, 300.0]).view(np.int8).tolist() == [-128, -2, 2, 127]  # RNE, saturate
    assert formats.cast("i32", [-(2.0 ** 40)]).tolist() == [-(2 ** 31)]


def neighbours(fmt):
    """Consecutive finite non-negative codes (lo, hi) in increasing value."""
    codes = all_codes(fmt)
    values = formats.decode(fmt, codes)
    keep = np.isfinite(values) & ~np.signbit(values)
    order = np.argsort(values[keep], kind="stable")
    c, v = codes[keep][order], values[keep][order]
    return c[:-1], c[1:], v[:-1], v[1:]


@pytest.mark.parametrize("fmt", SMALL_FLOATS)
def test_rounding_at_every_boundary(fmt):
    lo, hi, vlo, vhi = neighbours(fmt)
    mid = (vlo + vhi) / 2  # exact in binary64 for these formats
    sign = np.uint64(1 << (formats.info(fmt)["bits"] - 1)).astype(lo.dtype)
    even = np.where(lo % 2 == 0, lo, hi)
    if formats.info(fmt)["specials"] == "e8m0":
        even = hi  # one significand bit, always odd: the tie 1.5 * 2^e goes up (format.hpp)
    assert np.array_equal(formats.encode(fmt, mid), even)
    assert np.array_equal(formats.encode(fmt, np.nextafter(mid, np.inf)), hi)
    assert np.array_equal(formats.encode(fmt, np.nextafter(mid, -np.inf)), lo)
    assert np.array_equal(formats.encode(fmt, mid, rounding="toward_zero"), lo)
    assert np.array_equal(formats.encode(fmt, mid, rounding="down"), lo)
    assert np.array_equal(formats.encode(fmt, mid, rounding="up"), hi)
    if formats.info(fmt)["has_negative_zero"]:  # negative values mirror, with the sign bit set
        assert np.array_equal(formats.encode(fmt, -mid, rounding="down"), hi | sign)
        assert np.array_equal(formats.encode(fmt, -mid, rounding="up"), lo | sign)


@np.errstate(over="ignore")
def test_float16_and_float32_agree_with_numpy(rng):
    x = np.concatenate([rng.standard_normal(100_000) * 2.0 ** rng.integers(-30, 20, 100_000),
                        rng.uniform(-70000, 70000, 10_000)])
    assert np.array_equal(formats.encode("f16", x), x.astype(np.float16).view(np.uint16))
    assert np.array_equal(formats.encode("f32", x * 2.0 ** 100), (x * 2.0 ** 100).astype(np.float32).view(np.uint32))
    assert np.array_equal(formats.cast("f16", x), x.astype(np.float16))


@np.errstate(invalid="ignore")
def test_bf16_and_xf32_keep_the_upper_bits_of_an_f32(rng):
    words = rng.integers(0, 2 ** 32, 200_000, dtype=np.uint64).astype(np.uint32)
    f32 = words.view(np.float32).astype(np.float64)
    finite = np.isfinite(f32)
    bf16 = (words >> 16).astype(np.uint16)
    assert np.array_equal(formats.decode("bf16", bf16)[finite], (words & 0xFFFF0000).view(np.float32)[finite])
    # xf32 drops the low 13 fraction bits of the f32 word (numerics.md §3.2: truncation)
    assert np.array_equal(formats.decode("xf32", words)[finite], (words & 0xFFFFE000).view(np.float32)[finite])
    assert np.array_equal(formats.encode("xf32", formats.decode("xf32", words[finite])), words[finite] & 0xFFFFE000)


# reference/numerics.md §1.1: largest finite value and smallest subnormal.
@pytest.mark.parametrize("fmt,max_finite,min_subnormal,has_inf", [
    ("f16", 65504.0, 2.0 ** -24, True), ("bf16", (2 - 2 ** -7) * 2.0 ** 127, 2.0 ** -133, True),
    ("fp8", 448.0, 2.0 ** -9, False), ("bf8", 57344.0, 2.0 ** -16, True),
    ("fp8_fnuz", 240.0, 2.0 ** -10, False), ("bf8_fnuz", 57344.0, 2.0 ** -17, False),
])
def test_format_table(fmt, max_finite, min_subnormal, has_inf):
    i = formats.info(fmt)
    assert (i["max"], i["min_subnormal"], i["has_inf"]) == (max_finite, min_subnormal, has_inf)


def test_overflow_and_saturation():
    assert formats.decode("f16", formats.encode("f16", [65519.0, 65520.0, np.inf])).tolist() == [65504.0, np.inf, np.inf]
    assert formats.decode("f16", formats.encode("f16", [1e6, -np.inf], saturate=True)).tolist() == [65504.0, -65504.0]
    assert formats.decode("f16", formats.encode("f16", [1e6], rounding="toward_zero")).tolist() == [65504.0]
    # E4M3FN: 464 is the midpoint to the would-be 480 and ties to 448; above it NaN (numerics.md §2 of docs)
    fp8 = formats.decode("fp8", formats.encode("fp8", [464.0, 465.0]))
    assert fp8[0] == 448.0 and np.isnan(fp8[1])
    assert formats.decode("fp8", formats.encode("fp8", [465.0, np.inf], saturate=True)).tolist() == [448.0, 448.0]
    assert np.isnan(formats.decode("fp8_fnuz", formats.encode("fp8_fnuz", [248.0]))[0])
    assert formats.encode("fp8_fnuz", [-0.0]).tolist() == [0]  # no -0 in FNUZ
    assert formats.encode("f16", [np.nan]).tolist() == [0x7E00]


def test_inline_constants():
    # numerics.md §2 / docs/numerics.md §3: 1/(2π) -> f16 0x3118 (RNE), bf16 0x3E22 (upper half), -1 -> 0xFFFF
    assert formats.inline_constant(248, "f16") == 0x3118
    assert formats.inline_constant(248, "bf16") == 0x3E22
    assert formats.inline_constant(193, "f16") == 0xFFFF
    assert formats.inline_constant(242, "f32") == 0x3F800000
    assert formats.inline_constant(129, "i32") == 1


def test_errors():
    with pytest.raises(ValueError, match="unknown format 'f17'"):
        formats.encode("f17", [1.0])
    with pytest.raises(ValueError, match="unknown rounding 'nearest'"):
        formats.encode("f16", [1.0], rounding="nearest")
    with pytest.raises(ValueError, match="does not fit fp8"):
        formats.decode("fp8", np.array([256], dtype=np.uint16))
    with pytest.raises(TypeError, match="codes must be"):
        formats.decode("bf16", np.array([1.0], dtype=np.float32))
    with pytest.raises(ValueError, match="a negative number is not a code"):
        formats.decode("f16", [1, -1])
    # Issue 21 item 8: views and lists of codes are decoded like their copies.
    codes = np.arange(64, dtype=np.uint16).reshape(8, 8) + 0x3C00
    assert np.array_equal(formats.decode("f16", codes.T), formats.decode("f16", codes.T.copy()))
    assert np.array_equal(formats.decode("f16", codes.tolist()), formats.decode("f16", codes))
    with pytest.raises(ValueError, match="not an inline constant"):
        formats.inline_constant(100, "f16")
    for code in (-1, 512, 2**64, -(2**80)):  # any int: a ValueError, never a cast error
        with pytest.raises(ValueError, match=f"{code} is not an inline constant code"):
            formats.inline_constant(code, "f16")
    with pytest.raises(TypeError, match="code takes an integer"):
        formats.inline_constant(240.0, "f16")
    assert formats.inline_constant(np.int64(242), "f16") == formats.inline_constant(242, "f16") == 0x3C00
    assert formats.dtype("bf16") == np.uint16 and formats.dtype("xf32") == np.float32 and formats.dtype("i4") == np.uint8


# Issue 21 item 7 in Python: an integer or long double is rounded once from its exact value, not
# through float64 first (2^60 + 2^36 + 1 as f32 gave 2^60; it is above the midpoint). The truth:
# the neighbouring values from struct's IEEE decoding, as exact Fractions.
def test_encode_rounds_integers_and_long_doubles_once(rng):
    import struct
    from fractions import Fraction
    ieee = {"f32": (">I", ">f", 4), "f64": (">Q", ">d", 8)}
    for name, (int_fmt, float_fmt, size) in ieee.items():
        value = lambda c: Fraction(struct.unpack(float_fmt, struct.pack(int_fmt, c))[0])
        low = 0x5D800000 if name == "f32" else 0x43F0000000000000  # 2^60, 2^64
        codes = [low + int(x) for x in rng.integers(0, 1 << 20, 200)] + [low, low + 1, low + 2]
        texts, want = [], []
        for c in codes:
            lo, hi = value(c), value(c + 1)
            mid = (lo + hi) / 2
            assert mid.denominator == 1
            mid = int(mid)
            texts += [mid - 1, mid, mid + 1, -(mid + 1)]
            want += [c, c if c % 2 == 0 else c + 1, c + 1, c + 1 + (1 << (8 * size - 1))]
        got = formats.encode(name, texts)
        assert [int(g) for g in got] == want, name
        if name == "f32":
            assert [int(g) for g in formats.encode(name, np.array(texts, dtype=np.int64))] == want
            if np.finfo(np.longdouble).nmant >= 63:
                assert [int(g) for g in formats.encode(name, np.array(texts, dtype=np.longdouble))] == want
    # Python ints beyond any format overflow as the rounding says; saturate clamps.
    assert formats.encode("f16", [2**1100, -(2**100000)]).tolist() == [0x7C00, 0xFC00]
    assert formats.encode("f16", [2**1100], saturate=True).tolist() == [0x7BFF]
    assert formats.encode("i32", [2**63, -(2**70), 5]).view(np.int32).tolist() == [2**31 - 1, -(2**31), 5]
    with pytest.raises(TypeError, match="not complex"):
        formats.encode("f16", [1 + 2j])
