# The catalog and the layout calculator from Python against the command line (`wavemma list`,
# `show`, `layout`, `where`, `what`, the CSV contract) and against formulas of reference/layouts.md.
import json

import numpy as np
import pytest

import wavemma

LIST_FIELDS = ["arch", "wave", "mnemonic", "builtin", "m", "n", "k", "blocks", "a_type", "b_type", "c_type", "d_type",
               "sparse", "kind", "opcode", "ops", "cycles", "numeric_model", "evidence"]
SELECTIONS = [{}, {"arch": "gfx1201"}, {"arch": "gfx1201", "wave": 64}, {"arch": "gfx942", "kind": "smfmac"},
              {"wave": 64}, {"kind": "wmma"}, {"family": "wmma"}, {"arch": "rdna3"}]


def cli_args(selection):
    args = []
    for key, value in selection.items():
        args += [f"--{key}", value]
    return args


@pytest.mark.parametrize("selection", SELECTIONS, ids=lambda s: ",".join(f"{k}={v}" for k, v in s.items()) or "all")
def test_instructions_are_the_rows_of_wavemma_list(cli, selection):
    status, out, err = cli.run("list", "--format", "json", *cli_args(selection))
    assert status == 0, err
    want = json.loads(out)
    got = [{f: (r.builtin or "") if f == "builtin" else getattr(r, f) for f in LIST_FIELDS}
           for r in wavemma.instructions(**selection)]
    assert got == [{f: w[f] for f in LIST_FIELDS} for w in want]


def every_row():
    return wavemma.instructions()


def row_id(row):
    return f"{row.mnemonic}-{row.arch}-w{row.wave}"


def test_every_architecture_lists_its_generation():
    for a in wavemma.architectures():
        rows = wavemma.instructions(arch=a["name"])
        assert rows and {r.arch for r in rows} == {a["name"]} and {r.wave for r in rows} == {a["default_wave"]}
        assert all(a["name"] in r.archs for r in rows)


@pytest.mark.parametrize("row", every_row(), ids=row_id)
def test_rows_carry_what_wavemma_show_prints(cli, row):
    status, out, err = cli.run("show", row.mnemonic, "--arch", row.arch, "--wave", row.wave, "--no-snippet")
    assert status == 0, err
    lines = {line.split()[0]: line for line in out.splitlines() if line.startswith("  ") and line.split()}
    regs = ", ".join(f"{op} {n}" for op, n in row.registers.items())
    assert f"registers    {regs} VGPRs per lane" in lines["registers"]
    assert f"cost         {row.ops} ops, {row.cycles} cycles" in lines["cost"]
    assert f"shape        M={row.m} N={row.n} K={row.k}" in lines["shape"]
    assert f"types        A {row.a_type}, B {row.b_type}, C {row.c_type}, D {row.d_type}" in lines["types"]
    assert lines["modifiers"] == f"  modifiers    {row.modifiers}"
    assert lines["numerics"] == f"  numerics     {row.numeric_model} [{row.evidence}] {row.numeric_summary}"
    assert f"evidence: {row.evidence_sources}" in out
    assert f"{row.encoding} opcode {row.opcode:#04x}" in lines["encoding"]
    for b in row.builtins:
        assert f"  builtin      {b['name']}\n               {b['signature']}\n" in out
    if row.index_sets is not None:
        assert lines["index"] == f"  index sets   {row.index_sets} in wave{row.wave}"
    for op in row.registers:
        f = wavemma.formulas(row.mnemonic, op, arch=row.arch, wave=row.wave)
        block = [f"lane = {f['lane']}", f"vgpr = {f['vgpr']}", f"bits = {f['bits']}", *f["inverse"],
                 *(f"note: {n}" for n in f["notes"])]
        assert "\n".join("               " + line for line in block) in out, op


def csv_records(text):
    lines = text.splitlines()
    assert lines[0] == "block,row,col,lane,vgpr,bit_lo,bit_hi"
    return [tuple(map(int, line.split(","))) for line in lines[1:]]


def records(array):
    return [tuple(int(v) for v in r) for r in array.tolist()]


# Data-moving modifiers, one setting per kind of instruction that has them.
MODIFIED = [
    ("v_mfma_f32_4x4x4_16b_f16", "gfx942", 64, "A", {"cbsz": 2, "abid": 1}),
    ("v_mfma_f32_16x16x4_f32", "gfx942", 64, "B", {"blgp": 3}),
    ("v_wmma_f16_16x16x16_f16", "gfx1100", 64, "D", {"opsel": (0, 0, 1)}),
    ("v_swmmac_f32_16x16x32_f16", "gfx1201", 32, "K", {"index_key": 1}),
    ("v_smfmac_f32_16x16x32_f16", "gfx942", 64, "K", {"abid": 1}),
]


def modifier_flags(mods):
    flags = []
    for key, value in mods.items():
        flags += [f"--{key.replace('_', '-')}", ",".join(map(str, value)) if isinstance(value, tuple) else value]
    return flags


def test_layouts_are_the_csv_of_wavemma_layout(cli):
    cases = [(r.mnemonic, r.arch, r.wave, op, {}) for r in every_row() for op in r.registers] + MODIFIED
    for mnemonic, arch, wave, op, mods in cases:
        status, out, err = cli.run("layout", mnemonic, "--arch", arch, "--wave", wave, "--operand", op, "--format", "csv",
                                   *modifier_flags(mods))
        assert status == 0, err
        got = wavemma.layout(mnemonic, op, arch=arch, wave=wave, **mods)
        assert records(got) == csv_records(out), (mnemonic, arch, wave, op, mods)
    assert len(cases) > 400


def test_where_and_what_are_the_csv_of_the_command_line(cli, rng):
    for r in every_row()[::7]:
        for op in r.registers:
            layout = wavemma.layout(r.mnemonic, op, arch=r.arch, wave=r.wave)
            e = layout[rng.integers(len(layout))]
            where = wavemma.where(r.mnemonic, op, int(e["row"]), int(e["col"]), block=int(e["block"]), arch=r.arch,
                                  wave=r.wave)
            status, out, _ = cli.run("where", r.mnemonic, "--arch", r.arch, "--wave", r.wave, "--operand", op, "--row",
                                     e["row"], "--col", e["col"], "--block", e["block"], "--format", "csv")
            assert status == 0 and records(where) == csv_records(out)
            what = wavemma.what(r.mnemonic, op, int(e["lane"]), int(e["vgpr"]), arch=r.arch, wave=r.wave)
            status, out, _ = cli.run("what", r.mnemonic, "--arch", r.arch, "--wave", r.wave, "--operand", op, "--lane",
                                     e["lane"], "--vgpr", e["vgpr"], "--format", "csv")
            assert status == 0 and records(what) == csv_records(out)
            assert tuple(int(v) for v in e) in records(what)


def places(layout):
    return {(int(r["block"]), int(r["row"]), int(r["col"])): (int(r["vgpr"]), int(r["lane"]), int(r["bit_lo"]))
            for r in layout}


# reference/layouts.md, one formula per line: (instruction, arch, wave, operand, element count,
# place (r, L, lo) of element (b, row, col)). Asymmetric: A and B differ, rows and columns differ.
FORMULAS = [
    # §3 RDNA4 wave32, 16-bit A/B K=16: r = 2⌊k/8⌋ + (⌊k/2⌋ mod 2), lo = 16(k mod 2), L = i + 16(⌊k/4⌋ mod 2)
    ("v_wmma_f32_16x16x16_f16", "gfx1201", 32, "A", 256,
     lambda b, i, k: (2 * (k // 8) + (k // 2) % 2, i + 16 * ((k // 4) % 2), 16 * (k % 2))),
    # §3 RDNA4 wave32 32-bit C/D: r = i mod 8, lo = 0, L = 16⌊i/8⌋ + j
    ("v_wmma_f32_16x16x16_f16", "gfx1201", 32, "D", 256, lambda b, i, j: (i % 8, 16 * (i // 8) + j, 0)),
    # §3 RDNA4 wave64, A/B 8-bit: r = 0, lo = 8(k mod 4), L = 32(⌊k/4⌋ mod 2) + 16⌊k/8⌋ + i
    ("v_wmma_i32_16x16x16_iu8", "gfx1201", 64, "B", 256,
     lambda b, k, j: (0, 32 * ((k // 4) % 2) + 16 * (k // 8) + j, 8 * (k % 4))),
    # §5 MFMA A of block b: L = i + M·b + M·B·⌊k/Kl⌋, n = k mod Kl, r = ⌊n·e/32⌋, lo = (n·e) mod 32
    ("v_mfma_f32_32x32x8_f16", "gfx942", 64, "A", 256, lambda b, i, k: ((k % 4) * 16 // 32, i + 32 * (k // 4), (k % 4) * 16 % 32)),
    ("v_mfma_f32_4x4x4_16b_f16", "gfx942", 64, "B", 256, lambda b, k, j: ((k % 4) * 16 // 32, j + 4 * b, (k % 4) * 16 % 32)),
    # §5 MFMA 32x32 32-bit C/D: r = 16b + 4⌊i/8⌋ + (i mod 4); L = 32(⌊i/4⌋ mod 2) + j
    ("v_mfma_f32_32x32x8_f16", "gfx942", 64, "D", 1024, lambda b, i, j: (16 * b + 4 * (i // 8) + i % 4, 32 * ((i // 4) % 2) + j, 0)),
    # §5 f64 16x16: pair p = ⌊i/4⌋ (VGPRs 2p, 2p+1); L = 16(i mod 4) + j
    ("v_mfma_f64_16x16x4_f64", "gfx942", 64, "C", 256, lambda b, i, j: (2 * (i // 4), 16 * (i % 4) + j, 0)),
]


@pytest.mark.parametrize("mnemonic,arch,wave,op,count,formula", FORMULAS, ids=lambda v: v if isinstance(v, str) else None)
def test_layouts_follow_the_reference_formulas(mnemonic, arch, wave, op, count, formula):
    got = places(wavemma.layout(mnemonic, op, arch=arch, wave=wave))
    assert len(got) == count
    for (b, r, c), place in got.items():
        assert place == formula(b, r, c), (b, r, c)


def test_rdna3_replication_gives_one_record_per_place():
    layout = wavemma.layout("v_wmma_f32_16x16x16_f16", "A", arch="gfx1100", wave=32)
    a_3_9 = layout[(layout["row"] == 3) & (layout["col"] == 9)]
    assert sorted(a_3_9["lane"].tolist()) == [3, 19] # lanes i and i + 16 hold row i [reference/layouts.md §2.1]
    assert len(layout) == 2 * 256


def test_operand_formats_follow_signedness():
    f = wavemma.operand_formats("v_wmma_i32_16x16x16_iu8", arch="gfx1201")
    assert (f["A"], f["B"], f["C"]) == ("u8", "u8", "i32")
    f = wavemma.operand_formats("v_wmma_i32_16x16x16_iu8", arch="gfx1201", neg_lo=(1, 0, 0))
    assert (f["A"], f["B"]) == ("i8", "u8")
    assert wavemma.operand_formats("v_mfma_f32_16x16x32_fp8_bf8")["B"] == "bf8_fnuz"


def test_models_list_every_model_of_the_catalog(cli):
    status, out, _ = cli.run("list", "--models", "--format", "json")
    assert status == 0
    got = [dict(m, instructions=", ".join(m["instructions"])) for m in wavemma.models()]
    assert got == json.loads(out)
