#pragma once
// Instruction modifiers: their values, and the rules of each instruction's modifier profile.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "wavemma/isa/types.hpp"

namespace wavemma::isa {

struct Instruction;

// Modifier values as the assembler spells them. Lists are ordered [src0 (A), src1 (B), src2 (C)].
struct Modifiers {
  std::array<bool, 3> neg_lo{};    // RDNA: negate A/B low halves, negate C; integer: A/B signed
  std::array<bool, 3> neg_hi{};    // RDNA: negate A/B high halves, |C|
  std::array<bool, 3> op_sel{};    // gfx11 16-bit outputs: op_sel[2] selects the C/D half
  bool clamp = false;              // integer saturation to int32
  int index_key = 0;               // SWMMAC index set (encoded in OP_SEL[1:0])
  int cbsz = 0, abid = 0;          // MFMA A-block broadcast; SMFMAC index set selection
  int blgp = 0;                    // MFMA B lane-group pattern; f64 MFMA: neg:[A,B,C] bits;
                                   // gfx950 f8f6f4: cbsz and blgp are the A and B formats
  std::array<int, 2> scale_sel{};  // gfx950 scaled MFMA: byte (0..3) of the A/B scale VGPR
                                   // (op_sel[t] | op_sel_hi[t] << 1 of the scale prefix);
                                   // gfx1250 scaled WMMA: matrix_{a,b}_scale, ROW0 = 0 / ROW1 = 1
  std::array<int, 2> matrix_fmt{}; // gfx1250 f8f6f4: matrix_a_fmt / matrix_b_fmt (f8f6f4_format codes)
  std::array<int, 2> scale_fmt{};  // gfx1250 scaled WMMA: matrix_{a,b}_scale_fmt, 0 E8M0, 1 E5M3, 2 E4M3
  std::array<bool, 2> reuse{};     // gfx1250: matrix_a_reuse / matrix_b_reuse (operand-cache hints)
  bool fp16_ovfl = false;          // MODE.FP16_OVFL (not an encoding bit): f16 outputs saturate
  friend bool operator==(Modifiers const&, Modifiers const&) = default;
};

// The modifier rules shared by a group of instructions (like LLVM's operand profiles). "legal"
// is what llvm-mc-22 accepts; "defined" is what CALC/the ISA give an effect. Bits that are legal
// but not defined are reserved: accepted, ignored by the emulator with a warning.
enum class ModProfile : uint8_t {
  kRdna3Float32Out, // gfx11 f16/bf16 -> f32
  kRdna3Float16Out, // gfx11 f16 -> f16, bf16 -> bf16 (OPSEL[2] half)
  kRdna3Int,        // gfx11 iu8/iu4
  kRdna4Float,      // gfx12 f16/bf16 (any output)
  kRdna4Fp8,        // gfx12 fp8/bf8: C modifiers only
  kRdna4Int,        // gfx12 iu8/iu4
  kSwmmacFloat16,   // gfx12 sparse f16/bf16
  kSwmmacInt,       // gfx12 sparse iu8/iu4
  kSwmmacFp8,       // gfx12 sparse fp8/bf8
  kMfmaBroadcast,   // MFMA (CDNA1-CDNA4) multi-block: CBSZ/ABID and BLGP take effect
  kMfmaBlgp,        // MFMA single-block f32: BLGP takes effect
  kMfmaPlain,       // MFMA single-block: CBSZ/ABID/BLGP encodable, no effect
  kMfmaF64,         // MFMA f64 (CDNA2 on): BLGP bits are neg:[A,B,C]
  kSmfmac,          // SMFMAC (CDNA3, CDNA4): CBSZ/ABID select the index set, no BLGP
  kMfmaF8f6f4,      // gfx950 f8f6f4: CBSZ/BLGP select the A/B formats, no ABID
  kMfmaScaled,      // gfx950 scaled f8f6f4: the formats, and the scale bytes (op_sel, op_sel_hi)
  // gfx1250 (reference/gfx1250.md §4.1): every form has the reuse hints except f8f6f4 and f4
  kG1250F32,           // f32 16x16x4: neg_lo A/B, C modifiers (neg_hi on A/B is accepted, not encoded)
  kG1250Float16,       // f16/bf16 (any output): neg_lo/neg_hi A/B, C modifiers
  kG1250Fp8,           // fp8/bf8: C modifiers only
  kG1250Int,           // iu8: signed A/B, clamp
  kG1250F8f6f4,        // 16x16x128_f8f6f4: matrix_a_fmt/matrix_b_fmt, C modifiers, no reuse
  kG1250F4,            // 32x16x128_f4: C modifiers, no reuse
  kG1250ScaledF8f6f4,  // v_wmma_scale{,16}_*_f8f6f4: formats, scale rows and formats, reuse (prefix)
  kG1250ScaledF4,      // v_wmma_scale{,16}_*_f4: scale rows and formats, reuse (prefix)
  kG1250SwmmacFloat16, // f16/bf16 SWMMAC: neg A/B, index_key
  kG1250SwmmacFp8,     // fp8/bf8 SWMMAC: index_key
  kG1250SwmmacInt,     // iu8 SWMMAC: signed A/B, clamp, index_key
};

// A profile's rules, as named fields (a row of src/isa/modifiers.cpp sets the ones that are not zero).
struct ModRules {
  uint8_t neg_lo_legal = 0, neg_lo_defined = 0; // bit t = operand t (A, B, C)
  uint8_t neg_hi_legal = 0, neg_hi_defined = 0;
  uint8_t op_sel_legal = 0, op_sel_defined = 0;
  bool neg_is_signedness = false; // integer: NEG[0]/NEG[1] choose signed A/B
  bool clamp = false;
  bool c_inline = false;         // SRC2 may be an inline constant
  bool index_key = false;        // SWMMAC
  bool mai = false;              // VOP3P-MAI: CBSZ/ABID/BLGP fields exist
  bool broadcast_effect = false; // CBSZ/ABID broadcast A blocks
  bool index_set_select = false; // SMFMAC: CBSZ=0 -> ABID selects the index set
  bool blgp_legal = false;       // llvm-mc accepts blgp:N
  bool blgp_effect = false;      // BLGP swizzles B lanes
  bool blgp_is_neg = false;      // f64: the BLGP bits are neg:[A,B,C]
  bool format_select = false;    // gfx950 f8f6f4: CBSZ/BLGP are the A/B formats (f8f6f4_format)
  bool scaled = false;           // gfx950 scaled MFMA: scale operands SA/SB and their byte selects
  bool clamp_reserved = false;   // CLAMP is encodable, llvm-mc refuses it, the hardware runs it with no effect
  bool reuse = false;            // gfx1250: matrix_a_reuse / matrix_b_reuse
  bool wmma_scaled = false;      // gfx1250 scaled WMMA: scale rows (scale_sel 0..1) and formats (scale_fmt)
  uint8_t neg_hi_dropped = 0;    // bits llvm-mc-22 accepts in neg_hi and does not encode (gfx1250 f32)
};
ModRules const& rules(ModProfile);

// Checks modifier values against an instruction as the emulator and the builtins take them:
// out-of-range values and modifiers the instruction does not have are errors (returned text);
// legal-but-reserved bits are accepted and described in `warnings`.
std::string check_modifiers(Instruction const&, int wave, Modifiers const&,
                            std::vector<std::string>* warnings = nullptr);

// The refusals that check_modifiers and the codec both give, worded once: cbsz/abid/blgp on an
// instruction that is not an MFMA, clamp on one without it, index_key where one index set fills the
// operand, and a value out of its range ("cbsz 9 out of range 0..7").
std::string mfma_modifiers_refused(std::string_view mnemonic);
std::string clamp_refused(std::string_view mnemonic);
std::string index_key_refused(std::string_view mnemonic, int wave);
std::string out_of_range(std::string_view modifier, int value, int max);

// The A/B element type a gfx950 f8f6f4 format code (CBSZ for A, BLGP for B) selects [DOC: LLVM's
// llvm.amdgcn.mfma.scale.f32.*.f8f6f4 cbsz/blgp]: 0 fp8, 1 bf8, 2 fp6, 3 bf6, 4 fp4; nullopt for the
// reserved codes 5..7 (llvm-mc-22 assembles them with 8-VGPR operands). gfx1250's matrix_a_fmt /
// matrix_b_fmt use the same codes [DOC: llvm-mc-22 MATRIX_FMT_FP8 ... MATRIX_FMT_FP4].
std::optional<numeric::Format> f8f6f4_format(int code);
// The element type of a gfx1250 scale format code (matrix_*_scale_fmt): 0 E8M0, 1 E5M3, 2 E4M3
// (OCP fp8) [DOC: llvm-mc-22 MATRIX_SCALE_FMT_E8/E5M3/E4M3]; nullopt for 3 (rejected).
std::optional<numeric::Format> scale_format(int code);

// Number of index sets of a sparse instruction at a wave size (1 when there is no choice).
int index_sets(Instruction const&, int wave);
// The index set selected by the modifiers (SWMMAC index_key; SMFMAC ABID when CBSZ = 0).
int selected_index_set(Instruction const&, Modifiers const&);

} // namespace wavemma::isa
