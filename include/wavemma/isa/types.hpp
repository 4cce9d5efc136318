#pragma once
// Vocabulary of the instruction catalog: generations, instruction kinds, element types, operands,
// evidence tags. Names follow the ISA spelling; each enum has a table of names in types.cpp, except
// Generation, whose names and facts are one table in arch.cpp (GenerationInfo).

#include <cstdint>
#include <optional>
#include <string_view>

namespace wavemma::isa {

// An ISA generation: all architectures of one generation share the same matrix instructions.
enum class Generation : uint8_t {
  kGfx11,   // RDNA3 / RDNA3.5 WMMA
  kGfx12,   // RDNA4 WMMA and SWMMAC
  kGfx908,  // CDNA1 MFMA (C and D in AccVGPRs only)
  kGfx90a,  // CDNA2 MFMA (adds the _1k bf16 and f64 forms)
  kGfx94x,  // CDNA3 MFMA and SMFMAC
  kGfx950,  // CDNA4 MFMA and SMFMAC (wider K, OCP fp8, scaled f8f6f4)
  kGfx1250, // CDNA5 (gfx1250, gfx1251) WMMA, SWMMAC and block-scaled WMMA; wave32 only, VOP3P
};

enum class Kind : uint8_t {
  kWmma,   // RDNA dense
  kSwmmac, // RDNA 2:4 sparse A
  kMfma,   // CDNA dense
  kSmfmac, // CDNA 2:4 sparse A
};

enum class ElemType : uint8_t {
  kF32,
  kF64,
  kF16,
  kBf16,
  kXf32,    // f32 word, low 13 fraction bits dropped on input (gfx942)
  kFp8,     // OCP E4M3FN (gfx12, gfx950)
  kBf8,     // OCP E5M2 (gfx12, gfx950)
  kFp8Fnuz, // E4M3FNUZ (gfx942)
  kBf8Fnuz, // E5M2FNUZ (gfx942)
  kIu8,     // 8-bit integer, signedness chosen by a NEG bit (RDNA)
  kIu4,     // 4-bit integer, signedness chosen by a NEG bit (RDNA)
  kI8,      // signed 8-bit integer (CDNA)
  kI32,
  kFp6,  // OCP MX FP6 E2M3 (gfx950 f8f6f4 "fp6")
  kBf6,  // OCP MX FP6 E3M2 (gfx950 f8f6f4 "bf6")
  kFp4,  // OCP MX FP4 E2M1 (gfx950 f8f6f4 "fp4")
  kE8m0, // OCP MX E8M0 scale (gfx950 v_mfma_scale_*: one byte of the scale VGPR)
  kE5m3, // AMD 8-bit E5M3 scale (gfx1250 matrix_*_scale_fmt 1; its definition is not public)
};

// The operands of the layout calculator. kIndex is the sparsity index ("K" on the command line);
// kScaleA/kScaleB the block scales of the gfx950 scaled MFMA and the gfx1250 scaled WMMA ("SA", "SB").
enum class Operand : uint8_t { kA, kB, kC, kD, kIndex, kScaleA, kScaleB };
inline constexpr Operand kOperands[] = {Operand::kA,     Operand::kB,      Operand::kC,     Operand::kD,
                                        Operand::kIndex, Operand::kScaleA, Operand::kScaleB};

// Evidence behind a statement (reference/README.md).
enum class Evidence : uint8_t {
  kHw,     // validated bit for bit on silicon by the sources
  kDoc,    // AMD documentation or tooling, LLVM as the vendor compiler
  kSrc,    // read from emulator or library source only
  kAssume, // nothing found; the project's choice
};

int elem_bits(ElemType);
bool is_float(ElemType);
bool is_integer(ElemType);
bool is_sparse(Kind);
bool is_rdna(Generation);

std::string_view name(Generation);        // "gfx11", "gfx12", "gfx908", "gfx90a", "gfx94x", "gfx950", "gfx1250"
std::string_view family_name(Generation); // "RDNA3", "RDNA4", "CDNA1" ... "CDNA5"
std::string_view name(Kind);              // "wmma", "swmmac", "mfma", "smfmac"
std::string_view name(ElemType);          // "f16", "bf8_fnuz", "iu8", ...
std::string_view description(ElemType);   // "OCP E4M3FN fp8 (bias 7, no inf)", ...
std::string_view name(Operand);           // "A", "B", "C", "D", "K", "SA", "SB"
std::string_view description(Operand);    // "A (SRC0)", ..., "sparsity index (SRC2)", "A scale (E8M0)"
std::string_view name(Evidence);          // "HW", "DOC", "SRC", "ASSUME"

// A, B, C, D, K (or "index"), SA/SB (or "scale_a"/"scale_b"), case-insensitive.
std::optional<Operand> parse_operand(std::string_view);

} // namespace wavemma::isa
