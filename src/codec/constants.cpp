// Inline constants (reference/encoding.md §3.3). The assembler's reading of a constant follows
// llvm-mc-22: a token's bits (an integer truncated to the operand width, or a real narrowed to the
// operand format) are inlinable when they are an integer -16..64 or one of the nine reals below.

#include "constants.hpp"

#include "operand_text.hpp"
#include "wavemma/codec/codec.hpp"

#include <array>
#include <bit>
#include <span>
#include <fmt/format.h>

namespace wavemma::codec::detail {
namespace {

struct RealConstant {
  int code;
  char const* text;
  uint16_t f16, bf16;
  uint32_t f32;
  uint64_t f64;
};

// clang-format off
constexpr std::array kReals = std::to_array<RealConstant>({
//  code  text          f16     bf16    f32         f64
  {240,  "0.5",        0x3800, 0x3f00, 0x3f000000, 0x3fe0000000000000},
  {241,  "-0.5",       0xb800, 0xbf00, 0xbf000000, 0xbfe0000000000000},
  {242,  "1.0",        0x3c00, 0x3f80, 0x3f800000, 0x3ff0000000000000},
  {243,  "-1.0",       0xbc00, 0xbf80, 0xbf800000, 0xbff0000000000000},
  {244,  "2.0",        0x4000, 0x4000, 0x40000000, 0x4000000000000000},
  {245,  "-2.0",       0xc000, 0xc000, 0xc0000000, 0xc000000000000000},
  {246,  "4.0",        0x4400, 0x4080, 0x40800000, 0x4010000000000000},
  {247,  "-4.0",       0xc400, 0xc080, 0xc0800000, 0xc010000000000000},
  {248,  "0.15915494", 0x3118, 0x3e22, 0x3e22f983, 0x3fc45f306dc9c882}, // 1/(2pi)
});
// clang-format on
constexpr char const* kInvTwoPi64Text = "0.15915494309189532";

constexpr int kZeroCode = 128; // 0; 129..192 = 1..64; 193..208 = -1..-16
constexpr int kMinInt = -16, kMaxInt = 64;

int integer_code(int64_t v) { return v >= 0 ? kZeroCode + static_cast<int>(v) : 192 - static_cast<int>(v); }

int width_of(ConstKind k) {
  switch (k) {
  case ConstKind::kF16:
  case ConstKind::kBf16:
    return 16;
  case ConstKind::kF32:
    return 32;
  case ConstKind::kF64:
    return 64;
  }
  return 32;
}

uint64_t real_bits(RealConstant const& r, ConstKind k) {
  switch (k) {
  case ConstKind::kF16:
    return r.f16;
  case ConstKind::kBf16:
    return r.bf16;
  case ConstKind::kF32:
    return r.f32;
  case ConstKind::kF64:
    return r.f64;
  }
  return r.f32;
}

// Bits of an operand of `width` -> code: the signed integer they read as, else a real pattern.
std::optional<int> code_of_bits(uint64_t bits, ConstKind kind) {
  int const w = width_of(kind);
  int64_t const as_signed = w == 64 ? static_cast<int64_t>(bits) : static_cast<int64_t>(bits << (64 - w)) >> (64 - w);
  if (as_signed >= kMinInt && as_signed <= kMaxInt) return integer_code(as_signed);
  for (auto const& r : kReals)
    if (real_bits(r, kind) == bits) return r.code;
  return std::nullopt;
}

struct Narrowed {
  uint64_t bits = 0;
  bool rejected = false; // overflow, or a tiny result that lost bits
};

// Rounds a double to nearest even in a binary format with `ebits` exponent and `mbits` fraction
// bits.
Narrowed narrow(double d, int ebits, int mbits) {
  uint64_t const x = std::bit_cast<uint64_t>(d);
  uint64_t const sign = (x >> 63) << (ebits + mbits);
  int const e = static_cast<int>((x >> 52) & 0x7ff);
  uint64_t const m = x & ((uint64_t{1} << 52) - 1);
  uint64_t const exp_ones = (uint64_t{1} << ebits) - 1;
  if (e == 0x7ff) return {sign | exp_ones << mbits | (m ? uint64_t{1} << (mbits - 1) : 0), false};
  if (e == 0 && m == 0) return {sign, false};
  int const bias = (1 << (ebits - 1)) - 1;
  uint64_t const sig = e ? (uint64_t{1} << 52) | m : m;
  int const sig_exp = (e ? e : 1) - 1023 - 52; // value = sig * 2^sig_exp
  int const top = std::bit_width(sig) - 1 + sig_exp;
  int quantum = std::max(top, 1 - bias) - mbits; // exponent of the result's last place
  int const shift = quantum - sig_exp;
  uint64_t n = sig;
  bool inexact = false;
  if (shift >= 60) {
    n = 0;
    inexact = true;
  } else if (shift > 0) {
    uint64_t const rem = sig & ((uint64_t{1} << shift) - 1), half = uint64_t{1} << (shift - 1);
    n = sig >> shift;
    inexact = rem != 0;
    if (rem > half || (rem == half && (n & 1))) ++n;
  } else {
    n = sig << -shift;
  }
  if (n >> (mbits + 1)) {
    n >>= 1;
    ++quantum;
  }
  if (n >> mbits) {
    uint64_t const biased = static_cast<uint64_t>(quantum + mbits + bias);
    if (biased >= exp_ones) return {sign | exp_ones << mbits, true};
    return {sign | biased << mbits | (n & ((uint64_t{1} << mbits) - 1)), false};
  }
  return {sign | n, inexact}; // subnormal or zero
}

struct SpecialSource {
  int code;
  std::string_view name, alias;
  bool gfx11, gfx12, gfx94x; // the assembler takes it as C (llvm-mc-22)
  bool any_width;            // the disassembler decodes it as a C of any width; otherwise only as a
                             // 2-register (64-bit) C, and the bytes of wider ones are "invalid"
};

// clang-format off
constexpr std::array kSpecials = std::to_array<SpecialSource>({
//  code  name                        alias                   gfx11  gfx12  gfx94x any_width
  {124,  "null",                     "",                     true,  true,  false, true},  // gfx942: 124 is m0, 125 null
  {235,  "src_shared_base",          "shared_base",          true,  true,  true,  false},
  {236,  "src_shared_limit",         "shared_limit",         true,  true,  true,  false},
  {237,  "src_private_base",         "private_base",         true,  true,  true,  false},
  {238,  "src_private_limit",        "private_limit",        true,  true,  true,  false},
  {239,  "src_pops_exiting_wave_id", "pops_exiting_wave_id", false, false, true,  false},
  {251,  "src_vccz",                 "vccz",                 false, false, true,  false},
  {252,  "src_execz",                "execz",                false, false, true,  false},
  {253,  "src_scc",                  "scc",                  true,  true,  true,  false},
});
// clang-format on

struct ScaleSource {
  int code;
  std::string_view name32, name64; // as printed for a 32-bit and a 64-bit operand
  std::string_view alias;          // another spelling the assembler takes
  bool assembles32, assembles64;   // llvm-mc-22's assembler takes the name (in the scaled WMMA)
  bool decodes32, decodes64;       // its disassembler decodes the code (else "invalid instruction encoding")
  bool alone = true;               // the assembler takes it in a scale prefix on its own too
};

// clang-format off
constexpr std::array kScaleSources = std::to_array<ScaleSource>({
//  code  32-bit name                  64-bit name                  alias          asm32  asm64  dec32  dec64  alone
  {106,  "vcc_lo",                    "vcc",                       "",            true,  true,  true,  true},
  {107,  "vcc_hi",                    "vcc_hi",                    "",            true,  false, true,  false},
  {124,  "null",                      "null",                      "",            true,  true,  true,  true},
  {125,  "m0",                        "m0",                        "",            true,  false, true,  false},
  {126,  "exec_lo",                   "exec",                      "",            true,  true,  true,  true},
  {127,  "exec_hi",                   "exec_hi",                   "",            true,  false, true,  false},
  {230,  "src_flat_scratch_base_lo",  "src_flat_scratch_base_lo",  "",            true,  true,  true,  true},
  {231,  "src_flat_scratch_base_hi",  "src_flat_scratch_base_hi",  "",            true,  true,  true,  false},
  {235,  "src_shared_base",           "src_shared_base",           "shared_base", true,  true,  true,  true},
  {236,  "src_shared_limit",          "src_shared_limit",          "shared_limit", true, true,  true,  true},
  {237,  "src_private_base",          "src_private_base",          "private_base", true, true,  true,  true},
  {238,  "src_private_limit",         "src_private_limit",         "private_limit", true, true, true,  true},
  {239,  "src_pops_exiting_wave_id",  "src_pops_exiting_wave_id",  "pops_exiting_wave_id", false, false, true, true}, // "not available on this GPU"
  {251,  "src_vccz",                  "src_vccz",                  "vccz",        false, false, true,  true},
  {252,  "src_execz",                 "src_execz",                 "execz",       false, false, true,  true},
  {253,  "src_scc",                   "src_scc",                   "scc",         true,  true,  true,  true},
  {254,  "src_lds_direct",            "src_lds_direct",            "lds_direct",  true,  false, false, false, false}, // decoded as a literal
});

// gfx950's v_mfma_ld_scale_b32 on its own: 32-bit sources only. [DOC: llvm-mc-22 -mcpu=gfx950, every
// code of SRC0 and SRC1 decoded, each name assembled]
constexpr std::array kGfx9ScaleSources = std::to_array<ScaleSource>({
//  code  32-bit name                  64-bit name  alias                   asm32  asm64  dec32  dec64
  {102,  "flat_scratch_lo",           "",          "",                     true,  false, true,  false},
  {103,  "flat_scratch_hi",           "",          "",                     true,  false, true,  false},
  {104,  "xnack_mask_lo",             "",          "",                     true,  false, true,  false},
  {105,  "xnack_mask_hi",             "",          "",                     true,  false, true,  false},
  {106,  "vcc_lo",                    "",          "",                     true,  false, true,  false},
  {107,  "vcc_hi",                    "",          "",                     true,  false, true,  false},
  {124,  "m0",                        "",          "",                     true,  false, true,  false},
  {125,  "null",                      "",          "",                     false, false, true,  false}, // "'null' operand is not supported on this GPU"
  {126,  "exec_lo",                   "",          "",                     true,  false, true,  false},
  {127,  "exec_hi",                   "",          "",                     true,  false, true,  false},
  {230,  "src_flat_scratch_base_lo",  "",          "",                     false, false, true,  false}, // "register not available on this GPU"
  {231,  "src_flat_scratch_base_hi",  "",          "",                     false, false, true,  false},
  {235,  "src_shared_base",           "",          "shared_base",          true,  false, true,  false},
  {236,  "src_shared_limit",          "",          "shared_limit",         true,  false, true,  false},
  {237,  "src_private_base",          "",          "private_base",         true,  false, true,  false},
  {238,  "src_private_limit",         "",          "private_limit",        true,  false, true,  false},
  {239,  "src_pops_exiting_wave_id",  "",          "pops_exiting_wave_id", true,  false, true,  false},
  {251,  "src_vccz",                  "",          "vccz",                 true,  false, true,  false},
  {252,  "src_execz",                 "",          "execz",                true,  false, true,  false},
  {253,  "src_scc",                   "",          "scc",                  true,  false, true,  false},
  {254,  "src_lds_direct",            "",          "lds_direct",           false, false, true,  false}, // "lds_direct is not supported on this GPU"
});
// clang-format on

constexpr int kTtmpBase = 108; // ttmp0's source code

std::span<ScaleSource const> scale_sources(isa::Generation gen) {
  if (gen == isa::Generation::kGfx1250) return kScaleSources;
  return kGfx9ScaleSources;
}

bool accepted(SpecialSource const& s, isa::Generation gen) {
  switch (gen) {
  case isa::Generation::kGfx11:
    return s.gfx11;
  case isa::Generation::kGfx12:
  case isa::Generation::kGfx1250:
    return s.gfx12;
  default: // CDNA
    return s.gfx94x;
  }
}

} // namespace

std::optional<int> special_code(std::string_view name, isa::Generation gen) {
  if (name == "null" && !isa::is_rdna(gen)) return 125;
  for (auto const& s : kSpecials)
    if (s.name == name || (!s.alias.empty() && s.alias == name)) return s.code;
  return std::nullopt;
}

std::string_view special_name(int code, isa::Generation gen) {
  if (code == 124 && !isa::is_rdna(gen)) return "m0";
  if (code == 125 && !isa::is_rdna(gen)) return "null";
  for (auto const& s : kSpecials)
    if (s.code == code) return s.name;
  return {};
}

bool special_is_c(int code, isa::Generation gen) {
  for (auto const& s : kSpecials)
    if (s.code == code) return accepted(s, gen);
  return false;
}

bool special_decodes(int code, int c_width) {
  for (auto const& s : kSpecials)
    if (s.code == code) return s.any_width || c_width == 2;
  return false;
}

bool scalar_scales(isa::Instruction const& row) {
  return rules_of(row.gen).scalar_scales || scale_prefix(row) != nullptr;
}

int sgpr_count(isa::Generation gen) { return gen == isa::Generation::kGfx1250 ? 106 : 102; }

std::string_view scale_source_name(int code, int width, isa::Generation gen) {
  for (auto const& s : scale_sources(gen))
    if (s.code == code) return width == 2 ? s.name64 : s.name32;
  return {};
}

bool scale_source_assembles(int code, int width, bool alone, isa::Generation gen) {
  for (auto const& s : scale_sources(gen))
    if (s.code == code) return (width == 2 ? s.assembles64 : s.assembles32) && (s.alone || !alone);
  return false;
}

bool scale_source_decodes(int code, int width, isa::Generation gen) {
  for (auto const& s : scale_sources(gen))
    if (s.code == code) return width == 2 ? s.decodes64 : s.decodes32;
  return false;
}

std::optional<int> scale_source_code(std::string_view name, int width, isa::Generation gen) {
  for (auto const& s : scale_sources(gen))
    if (!name.empty() && ((width == 2 ? s.name64 : s.name32) == name || s.alias == name)) return s.code;
  return std::nullopt;
}

std::optional<Error> check_constant_bus(MachineInstruction const& mi) {
  isa::Instruction const& row = *mi.row;
  if (isa::is_rdna(row.gen) || row.gen == isa::Generation::kGfx1250) return std::nullopt;
  std::optional<Slot> first;
  auto const code = [&](Slot s) {
    Operand const& op = mi.operand(s);
    if (op.kind == Operand::Kind::kSpecial) return static_cast<int>(op.value);
    if (op.kind != Operand::Kind::kRegister) return -1;
    if (op.file == RegFile::kSgpr) return static_cast<int>(op.value);
    if (op.file == RegFile::kTtmp) return kTtmpBase + op.value;
    return -1; // a VGPR or AccVGPR
  };
  for (Slot s : slots_of(row)) {
    if (code(s) < 0) continue;
    if (!first) {
      first = s;
      continue;
    }
    if (code(s) == code(*first)) continue;
    return Error{ErrorKind::kInvalidOperand,
                 fmt::format("invalid operand (violates constant bus restrictions): {} reads two scalar sources, {} "
                             "and {}; {} reads at most one (SGPR, ttmp, m0, vcc, exec, src_*) per instruction",
                             row.mnemonic, slot_name(row, *first), slot_name(row, s), isa::name(row.gen))};
  }
  return std::nullopt;
}

bool mfma_prefix_alone(isa::Instruction const& row) { return scale_prefix(row) && row.mod_rules().mai; }

bool is_inline_code(int code) { return (code >= 128 && code <= 208) || (code >= 240 && code <= 248); }

std::string constant_text(int code, ConstKind kind) {
  if (code >= 128 && code <= 192) return std::to_string(code - kZeroCode);
  if (code >= 193 && code <= 208) return std::to_string(192 - code);
  if (code == 248 && kind == ConstKind::kF64) return kInvTwoPi64Text;
  for (auto const& r : kReals)
    if (r.code == code) return r.text;
  return fmt::format("<source {}>", code);
}

std::optional<int> constant_from_integer(int64_t value, ConstKind kind) {
  int const w = width_of(kind);
  if (w < 64) {
    int64_t const lo = -(int64_t{1} << (w - 1)), hi = (int64_t{1} << w) - 1; // signed or unsigned
    if (value < lo || value > hi) return std::nullopt;
  }
  uint64_t const bits =
      w == 64 ? static_cast<uint64_t>(value) : static_cast<uint64_t>(value) & ((uint64_t{1} << w) - 1);
  return code_of_bits(bits, kind);
}

std::optional<int> constant_from_real(double value, ConstKind kind) {
  Narrowed n;
  switch (kind) {
  case ConstKind::kF64:
    n = {std::bit_cast<uint64_t>(value), false};
    break;
  case ConstKind::kF32:
    n = narrow(value, 8, 23);
    break;
  case ConstKind::kF16:
    n = narrow(value, 5, 10);
    break;
  case ConstKind::kBf16:
    n = narrow(value, 8, 7);
    break;
  }
  if (n.rejected) return std::nullopt;
  return code_of_bits(n.bits, kind);
}

} // namespace wavemma::codec::detail
