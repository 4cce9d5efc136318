# Every hardware vector of testdata/hw through wavemma.mma (the records as tests/emu/hw_vectors_test.cpp
# reads them): KMG dot products as one element of the MFMA the record names, the rocjitsu WMMA
# matrices and uniform vectors, and the register-level operand captures as matrices built through
# wavemma.layout. Records whose architecture or instruction the catalog lacks (the DOT2
# instructions; gfx908/gfx90a until their rows exist) are counted, never silently dropped.
import collections
import json
import warnings

import numpy as np
import pytest

import operands
import wavemma
from conftest import TESTDATA_DIR
from wavemma import formats

FILES = sorted(p.name for p in TESTDATA_DIR.glob("*.jsonl"))


def records(name):
    return [json.loads(line) for line in (TESTDATA_DIR / name).read_text().splitlines() if line.strip()]


def resolve(r):
    """The catalog row a record names, or None when the catalog does not have it."""
    try:
        return wavemma.instruction(r["instruction"], arch=r["arch"], wave=r["wave_sizes"][0])
    except ValueError:
        return None


def modifiers(r, row):
    """The record's modifiers as mma keywords. op_sel[2] is the gfx11 C/D half; the other op_sel
    bits, op_sel_hi and a float CLAMP are not modifiers of these instructions (LLVM rejects such
    encodings, the captures show the hardware ignores them): a modifier the row rejects is left out."""
    m = r["modifiers"]
    mods = {}
    for key in ("neg_lo", "neg_hi"):
        if any(m.get(key, [])):
            mods[key] = tuple(m[key])
    if row.generation == "gfx11" and m.get("op_sel", [0, 0, 0])[2]:
        mods["opsel"] = (0, 0, 1)
    for key in ("clamp", "fp16_ovfl"):
        if m.get(key):
            mods[key] = True
    for key in ("cbsz", "abid", "blgp"):
        if m.get(key):
            mods[key] = m[key]
    return {k: v for k, v in mods.items() if operands.accepted(row, {k: v})}


def mma(row, a, b, c, wave, mods):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # FP16_OVFL on a bf16 output: accepted, no effect
        return wavemma.mma(row.mnemonic, a, b, c, arch=row.arch, wave=wave, **mods)


def codes(values, fmt):
    return np.array([int(v, 16) for v in values], dtype=np.uint64).astype(formats.encode(fmt, [0]).dtype)


def array(values, fmt, shape):
    return codes(np.ravel(values), fmt).view(formats.dtype(fmt)).reshape(shape)


def check(kind, got, want_hex, fmt, what):
    if kind == "bits":
        assert int(operands.bits(np.asarray(got)).ravel()[0]) == int(want_hex, 16), what
    elif kind == "value":
        assert formats.decode(fmt, np.asarray(got).reshape(1))[0] == formats.decode(fmt, codes([want_hex], fmt))[0], what
    elif kind == "nan":
        assert np.isnan(formats.decode(fmt, np.asarray(got).reshape(1))[0]), what


def run_dot(r, row, tally):
    """KMG: row 3 of A and column 5 of B carry the vector, C[3][5] = c; every other element zero."""
    f = wavemma.operand_formats(row.mnemonic, arch=row.arch, wave=row.wave)
    sa, sb, sc = operands.shapes(row)
    a, b, c = (np.zeros(s, formats.dtype(f[x])) for s, x in ((sa, "A"), (sb, "B"), (sc, "C")))
    lead = (0,) if row.blocks > 1 else ()
    a[lead + (3, slice(None))] = array(r["a"], f["A"], (row.k,))
    b[lead + (slice(None), 5)] = array(r["b"], f["B"], (row.k,))
    c[lead + (3, 5)] = array([r["c"]], f["C"], (1,))[0]
    d = mma(row, a, b, c, row.wave, modifiers(r, row))
    if r["d_check"] != "disputed":
        check(r["d_check"], d[lead + (3, 5)], r["d"] or "0x0", f["D"], r["id"])
    tally[r["d_check"]] += 1


def run_matrices(r, row, tally):
    perm = r.get("documented_k_of_source_k")
    for wave in r["wave_sizes"]:
        f = wavemma.operand_formats(row.mnemonic, arch=row.arch, wave=wave)
        if r["kind"] == "matrix":
            a = array(r["A"], f["A"], (16, 16))
            b = array(r["B"], f["B"], (16, 16))
            c = array(r["C"], f["C"], (16, 16))
            want = array(r["D"], f["D"], (16, 16))
        else:
            a = np.tile(array(r["a_row"], f["A"], (16,)), (16, 1))
            b = np.tile(array(r["b_col"], f["B"], (16, 1)), (1, 16))
            c = np.full((16, 16), array([r["c"]], f["C"], (1,))[0])
            want = np.full((16, 16), array([r["d"]], f["D"], (1,))[0])
        if perm:  # source column k is documented K perm[k] (testdata/hw/README.md, caveat 8)
            a2, b2 = a.copy(), b.copy()
            a2[:, perm], b2[perm, :] = a, b
            a, b = a2, b2
        variants = [modifiers(r, row)]
        for em in r.get("equivalent_modifiers", []):
            variants.append({**variants[0], "opsel": tuple(em["op_sel"])} if em["op_sel"][2] else
                            {k: v for k, v in variants[0].items() if k != "opsel"})
        for mods in variants:
            d = mma(row, a, b, c, wave, mods)
            assert np.array_equal(operands.bits(d), operands.bits(want)), f"{r['id']} wave{wave} {mods}"
            tally["elements"] += d.size
    tally[r["d_check"]] += 1


def uniform(word, layout, fmt):
    """The matrix a register image of `word` in every lane and VGPR holds, through the layout."""
    m = np.zeros((int(layout["row"].max()) + 1, int(layout["col"].max()) + 1), np.uint64)
    m[layout["row"], layout["col"]] = (word >> layout["bit_lo"].astype(np.uint64)) & 0xFFFF
    return m.astype(np.uint16).view(formats.dtype(fmt))


def run_register_image(r, row, tally):
    for wave in r["wave_sizes"]:
        mods = modifiers(r, row)
        f = wavemma.operand_formats(row.mnemonic, arch=row.arch, wave=wave)
        def lay(op):
            moving = {"opsel": mods["opsel"]} if "opsel" in mods and op in "CD" else {}
            return wavemma.layout(row.mnemonic, op, arch=row.arch, wave=wave, **moving)

        a = uniform(int(r["a_vgpr_word"], 16), lay("A"), f["A"])
        b = uniform(int(r["b_vgpr_word"], 16), lay("B"), f["B"])
        src2 = r["operands"]["src2"]
        if "inline_constant" in src2:  # the 16-bit value in both halves
            value = formats.inline_constant(src2["inline_constant"], f["C"])
            c = uniform(value | value << 16, lay("C"), f["C"])
        else:
            c = uniform(int(r["c_vgpr_word"], 16), lay("C"), f["C"])
        d = mma(row, a, b, c, wave, mods)
        # D's elements in the captured word; the half gfx11 leaves alone is not an output of mma.
        want = uniform(int(r["d_word"], 16), lay("D"), f["D"])
        assert np.array_equal(operands.bits(d), operands.bits(want)), f"{r['id']} wave{wave}"
        written = wavemma.instruction(row.mnemonic, arch=row.arch, wave=wave).registers["D"]
        assert written == r["d_vgprs_written"][str(wave)], f"{r['id']}: D VGPRs per lane"
        tally["elements"] += d.size
    tally[r["d_check"]] += 1


RUNNERS = {"dot": run_dot, "matrix": run_matrices, "wmma_uniform": run_matrices, "register_image": run_register_image}


@pytest.mark.parametrize("name", FILES)
def test_hardware_vectors(name):
    tally = collections.Counter()
    for r in records(name):
        row = resolve(r)
        if row is None:
            tally["not in the catalog: " + r["arch"] + " " + r["instruction"]] += 1
            continue
        RUNNERS[r["kind"]](r, row, tally)
    ran = sum(tally[k] for k in ("bits", "value", "nan", "disputed"))
    print(f"[hw] {name}: {dict(tally)}")
    skipped = {k for k in tally if k.startswith("not in the catalog")}
    # Only DOT2 (not a matrix instruction) and architectures not in the catalog may be left out.
    known_archs = {a["name"] for a in wavemma.architectures()}
    for k in skipped:
        arch, instr = k.split(": ")[1].split(" ")
        assert arch not in known_archs or instr.startswith("v_dot2"), k
    if "dot2" not in name:
        assert ran == len(records(name))


def test_the_counts_of_the_readme():
    # testdata/hw/README.md: 406 gfx942 vectors, 46 + 92 WMMA records, 440 + 440 register captures.
    counts = {name: len(records(name)) for name in FILES}
    assert counts["cdna3_mfma_kmg.jsonl"] == 406
    assert counts["gfx1100_wmma_rocjitsu.jsonl"] + counts["gfx1201_wmma_rocjitsu.jsonl"] == 138
    assert counts["gfx1100_wmma_operands_rocjitsu.jsonl"] == counts["gfx1201_wmma_operands_rocjitsu.jsonl"] == 440
