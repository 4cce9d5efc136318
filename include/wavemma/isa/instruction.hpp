#pragma once
// The instruction catalog: one row per matrix instruction of gfx11, gfx12, gfx908, gfx90a, gfx942,
// gfx950 and gfx1250.
//
// A row holds what is known of an instruction and nothing that can be derived: register counts,
// layouts, formulas, builtin names and signatures, index-set counts, ops are computed from it.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "wavemma/isa/layout.hpp"
#include "wavemma/isa/modifiers.hpp"
#include "wavemma/isa/types.hpp"
#include "wavemma/numeric/engine_id.hpp" // the enum only: isa links no other layer

namespace wavemma::isa {

enum class NumericModelId : uint8_t {
  kCdna3FmaF32,
  kCdna3FmaF64,
  kCdna3Alg1G4,
  kCdna3Alg1G8,
  kCdna3Alg2,
  kCdna3Int,
  kCdna3SparseAlg1, // SMFMAC f16/bf16 (ASSUME)
  kCdna3SparseAlg2, // SMFMAC fp8/bf8 (ASSUME)
  kCdna3SparseInt,  // SMFMAC i8 (ASSUME)
  kCdna1FmaF32,
  kCdna1DotG4, // CDNA1 f16 (KMG: 4 products and C rounded once, exactly)
  kCdna1DotG2, // CDNA1 bf16 (KMG: 2 products and C rounded once, exactly)
  kCdna1Int,
  kCdna2FmaF32,
  kCdna2FmaF64,
  kCdna2DotG4, // CDNA2 f16, bf16_1k (pairwise sums, subnormals flushed)
  kCdna2DotG2, // CDNA2 bf16 (pairwise sums, subnormals flushed)
  kCdna2Int,
  kCdna4FmaF32, // gfx950: the CDNA3 models, ASSUME
  kCdna4FmaF64,
  kCdna4Alg1G4,
  kCdna4Alg1G8,
  kCdna4Fp8, // gfx950 OCP fp8/bf8 MFMA (ASSUME: CDNA3 Algorithm 2)
  kCdna4Int,
  kCdna4F8f6f4,       // gfx950 unscaled f8f6f4 (ASSUME: exact blocks of 32, every scale 1)
  kCdna4ScaledF8f6f4, // gfx950 v_mfma_scale_*_f8f6f4 (ASSUME: the scales exact powers of two)
  kCdna4SparseAlg1,   // gfx950 SMFMAC f16/bf16 (ASSUME)
  kCdna4SparseFp8,    // gfx950 SMFMAC fp8/bf8 (ASSUME: CDNA3 Algorithm 2)
  kCdna4SparseInt,    // gfx950 SMFMAC i8 (ASSUME)
  kRdna3Dot2,
  kRdna3Int,
  kRdna4Dot4,
  kRdna4Fp8Dot4,    // gfx12 fp8/bf8 WMMA (ASSUME)
  kRdna4SparseDot4, // gfx12 float SWMMAC (ASSUME)
  kRdna4Int,
  kRdna4SparseInt,
  // gfx1250: no hardware measurement is published; every model is the nearest generation's (ASSUME)
  kGfx1250FmaF32,     // f32 16x16x4 (the CDNA3 f32 FMA chain)
  kGfx1250Dot4,       // f16/bf16 WMMA (the gfx12 DOT4 chain)
  kGfx1250Fp8Dot4,    // fp8/bf8 WMMA (the gfx12 fp8 DOT4 assumption)
  kGfx1250Int,        // iu8 (and the gfx12 iu4 forms)
  kGfx1250F8f6f4,     // f8f6f4 and f4 unscaled (the gfx950 f8f6f4 model, every scale 1)
  kGfx1250Scaled,     // v_wmma_scale_*: 32 K per scale
  kGfx1250Scaled16,   // v_wmma_scale16_*: 16 K per scale
  kGfx1250SparseDot4, // float SWMMAC (the gfx12 SWMMAC assumption)
  kGfx1250SparseInt,  // iu8 SWMMAC
};

struct NumericModel {
  NumericModelId id;
  std::string_view name;  // "rdna4.dot4"
  numeric::Engine engine; // the wavemma::numeric engine that computes it
  int group;              // products per step or block
  Evidence evidence;
  std::string_view sources; // "RJ gfx1201 captures (reference/numerics.md §5)"
  std::string_view summary; // one line for `wavemma show`
};
// The catalog's row of a model (its name, engine, evidence); emu::numeric_model(Issue) is another
// thing, the numeric::Model one issue of an instruction runs.
NumericModel const& numeric_model_row(NumericModelId);
std::span<NumericModel const> numeric_models();

struct Instruction {
  std::string_view mnemonic; // LLVM canonical spelling
  Generation gen;
  Kind kind;
  uint8_t opcode;          // 7-bit OP field of VOP3P / VOP3P-MAI
  uint8_t m, n, k, blocks; // k: dense K (sparse forms)
  // Element types; C and D share one. iu8/iu4 rows hold u8/u4, the format without NEG: NEG makes
  // A or B signed (sign_by_neg, type_of), a property of the instruction's operand, not of a format.
  numeric::Format a, b, cd;
  uint8_t cycles;      // CALC execution cycles (one SIMD)
  uint8_t valu_coexec; // VALU cycles that can issue during the instruction (CDNA3)
  ModProfile profile;
  NumericModelId model;
  std::string_view builtin_stem;           // "wmma_f32_16x16x16_f16", "mfma_f32_32x32x1f32"
  std::string_view aliases;                // space-separated mnemonics llvm-mc-22 also accepts; "~name": only
                                           // the assembler's (the CDNA2 name of another instruction, a trap)
  std::optional<numeric::Format> d_type{}; // D's type where it differs from C's (gfx1250 bf16f32: C f32, D bf16)

  bool sparse() const { return is_sparse(kind); }
  long ops() const { return 2L * m * n * k * blocks; }
  ModRules const& mod_rules() const { return rules(profile); }
  NumericModel const& numeric() const { return numeric_model_row(model); }
  std::vector<int> wave_sizes() const; // {32, 64} on RDNA, {32} on gfx1250, {64} on CDNA
  bool has_wave(int wave) const;
  int default_wave() const;
  bool has_operand(Operand) const; // the index only on sparse forms, SA/SB on scaled ones
  // A gfx12 (RDNA4) WMMA/SWMMAC form: the gfx12 rows, and the same instructions llvm-mc-22 also
  // assembles for gfx1250 (same encoding, layouts and widths; clang-22 cannot select them there).
  bool gfx12_form() const;
  // K positions that share one scale byte (scaled forms: the numeric model's group; else 0).
  int scale_block() const;
  // Cycles of an issue: `cycles`, except that the gfx950 f8f6f4 MFMAs take half as many passes when
  // neither A nor B is fp8/bf8 [DOC: LLVM's gfx950 schedule model].
  int cycles_of(Modifiers const&) const;
  // The element type of an operand; gfx950 f8f6f4: A's from CBSZ, B's from BLGP (a reserved code
  // keeps the row's fp8, whose width llvm-mc-22 uses for it); iu8/iu4: i8/i4 where NEG[0] (A) or
  // NEG[1] (B) is set, else u8/u4. kIndex: 2-bit fields, reported as kI32.
  numeric::Format type_of(Operand, Modifiers const& = {}) const;
  // Whether NEG chooses the signedness of the operand: A and B of the RDNA integer forms (iu8, iu4).
  bool sign_by_neg(Operand) const;
  // The operand's type as the ISA names it: the format's name, "iu8"/"iu4" where NEG chooses the
  // signedness; and its one-line description.
  std::string_view type_name(Operand, Modifiers const& = {}) const;
  std::string_view type_description(Operand, Modifiers const& = {}) const;
};

std::span<Instruction const> catalog();
std::vector<Instruction const*> instructions_of(Generation);
// Finds a row by mnemonic or alias (the leading "v_" is optional), within a generation. The
// assembler also takes LLVM's trap aliases: the non-_1k CDNA2 bf16 names, which llvm-mc-22
// assembles on gfx942 as the _1k instructions (a different shape on CDNA2; encoding.md §4.3).
enum class AliasUse : uint8_t { kPeople, kAssembler };
Instruction const* find_instruction(Generation, std::string_view name, AliasUse = AliasUse::kPeople);

// --- layouts ---------------------------------------------------------------------------------
// The layout of one operand at a wave size under data-moving modifiers (CBSZ/ABID on MFMA A,
// BLGP on MFMA B, OPSEL on gfx11 16-bit C/D, index_key on SWMMAC, ABID set on SMFMAC).
// The scale operands: SA holds one scale byte per row of A and block of scale_block() K. gfx950:
// in the byte of the lane's VGPR that scale_sel[0] selects; SB the same per column of B. gfx1250:
// in lane i + 16 scale_sel (ROW0/ROW1), bytes in K-block order across one VGPR (scale) or a pair
// (scale16).
BitLayout operand_layout(Instruction const&, int wave, Operand, Modifiers const& = {});
// Registers per lane of the operand (gfx950 f8f6f4 A/B: by the format the modifiers select).
int vgprs(Instruction const&, int wave, Operand, Modifiers const& = {});
AxisNames axis_names(Instruction const&, Operand);
// The evidence behind an operand's layout and where it comes from (docs/layouts.md): DOC where AMD's
// calculator or ISA guide gives it, SRC where only AMD's libraries and emulator state it (every
// gfx1250 operand), ASSUME where the project chose.
struct LayoutEvidence {
  Evidence evidence;
  std::string_view sources;
};
LayoutEvidence layout_evidence(Instruction const&, Operand);
// Bits of one element of the operand (index: 2).
int operand_elem_bits(Instruction const&, Operand, Modifiers const& = {});

} // namespace wavemma::isa
