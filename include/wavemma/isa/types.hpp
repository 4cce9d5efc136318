#pragma once
// Vocabulary of the instruction catalog: generations, instruction kinds, operands, evidence tags.
// Names follow the ISA spelling; each enum has a table of names in types.cpp, except Generation,
// whose names and facts are one table in arch.cpp (GenerationInfo). Element types are the formats
// of wavemma::numeric (numeric::Format, format_info.hpp: header only, nothing to link); the one
// thing the ISA adds, iu8/iu4's signedness chosen by NEG, is the operand's (Instruction::type_of).

#include <cstdint>
#include <optional>
#include <string_view>

#include "wavemma/numeric/format_info.hpp" // the element types: numeric::Format and its facts

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

bool is_sparse(Kind);
bool is_rdna(Generation);

std::string_view name(Generation);        // "gfx11", "gfx12", "gfx908", "gfx90a", "gfx94x", "gfx950", "gfx1250"
std::string_view family_name(Generation); // "RDNA3", "RDNA4", "CDNA1" ... "CDNA5"
std::string_view name(Kind);              // "wmma", "swmmac", "mfma", "smfmac"
std::string_view name(Operand);           // "A", "B", "C", "D", "K", "SA", "SB"
std::string_view description(Operand);    // "A (SRC0)", ..., "sparsity index (SRC2)", "A scale (E8M0)"
std::string_view name(Evidence);          // "HW", "DOC", "SRC", "ASSUME"

// A, B, C, D, K (or "index"), SA/SB (or "scale_a"/"scale_b"), case-insensitive.
std::optional<Operand> parse_operand(std::string_view);

} // namespace wavemma::isa
