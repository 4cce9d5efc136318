#pragma once
// The HIP builtins that reach the catalog's instructions, with clang-22's exact signatures, and
// the target gating rules of reference/instructions.md §5. Builtins are derived from the rows:
// names from the row's builtin stem, parameter types from the operand register counts.

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "wavemma/isa/arch.hpp"
#include "wavemma/isa/instruction.hpp"

namespace wavemma::isa {

enum class CScalar : uint8_t { kFloat, kDouble, kFloat16, kFp16, kShort, kInt, kInt64, kBool, kBf16 };

// A C type: a scalar or an ext_vector_type of `lanes` scalars.
struct CType {
  CScalar scalar;
  int lanes = 1;
  std::string short_name() const; // clang's builtin-table notation: "v8f32", "v16fp16", "int64_t", "bool"
  std::string c_name() const;     // "float __attribute__((ext_vector_type(8)))"
  friend bool operator==(CType const&, CType const&) = default;
};

enum class ParamRole : uint8_t {
  kA,
  kB,
  kC,
  kASign,
  kBSign,
  kClamp,
  kOpsel,
  kIndex,
  kCbsz,
  kAbid,
  kBlgp,
  kScaleSelA,
  kScaleA,
  kScaleSelB,
  kScaleB, // gfx950 mfma_scale_*: byte select (constant) and scale VGPR; gfx1250: scale row (ROW0/ROW1)
  // gfx1250 (reference/gfx1250.md §4.2)
  kANeg,      // bool: negate A (16-bit: neg_lo and neg_hi; f32: neg_lo)
  kBNeg,      // bool: negate B
  kCMod,      // short: bit 0 -C (neg_lo[2]), bit 1 |C| (neg_hi[2])
  kReuseA,    // bool: matrix_a_reuse
  kReuseB,    // bool: matrix_b_reuse
  kFmtA,      // int: matrix_a_fmt (0 fp8 ... 4 fp4)
  kFmtB,      // int: matrix_b_fmt
  kScaleFmtA, // int: matrix_a_scale_fmt (0 E8M0, 1 E5M3, 2 E4M3)
  kScaleFmtB, // int: matrix_b_scale_fmt
};

struct BuiltinParam {
  ParamRole role;
  std::string_view name; // as BuiltinsAMDGPU.td names it where it does
  CType type;
  bool constant;         // must be an integer constant expression
  bool optional = false; // clang's table ends in '.': the argument may be left out (gfx1250 clamp)
};

struct Builtin {
  std::string name;               // "__builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12"
  Instruction const* instruction; // the first row (in catalog order) the builtin reaches
  Generation gen;                 // that row's generation
  int wave;
  bool tied = false; // gfx11 _tied: D keeps C's unused halves
  CType ret;
  std::vector<BuiltinParam> params;
  std::string feature;                  // clang-22 feature string
  std::vector<Instruction const*> rows; // every row it reaches, one per generation (CDNA builtins
                                        // such as mfma_f32_32x32x1f32 exist on gfx908 to gfx950)

  Instruction const* instruction_on(Generation) const; // nullptr: not an instruction there
  std::string signature() const;                       // "v8f32 (v8f16 a, v8f16 b, v8f32 c)"
  std::string prototype() const;                       // a C declaration with full vector types
};

// Every builtin of the catalog, once per name: a CDNA builtin that several generations share (same
// name, same signature) is one builtin with a row per generation.
std::span<Builtin const> builtins();
Builtin const* find_builtin(std::string_view name); // with or without "__builtin_amdgcn_"
std::vector<Builtin const*> builtins_of(Instruction const&, int wave);

enum class BuiltinStatus : uint8_t {
  kOk,           // compiles and selects the instruction
  kSemaError,    // clang rejects it ("needs target feature ...")
  kBackendCrash, // clang accepts it, instruction selection fails: wavemma must reject it
};
BuiltinStatus builtin_status(Builtin const&, Arch const&, int wave);
std::string_view name(BuiltinStatus);
// clang-22's diagnostic for a kSemaError, or the project's message for a kBackendCrash.
std::string builtin_diagnostic(Builtin const&, Arch const&, int wave);

} // namespace wavemma::isa
