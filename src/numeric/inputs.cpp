// Operand preparation for RDNA instructions (numerics.md §2).

#include "wavemma/numeric/inputs.hpp"

#include <stdexcept>
#include <string>

namespace wavemma::numeric {
namespace {

struct FloatConstant {
  int code;
  uint32_t f32;
};
// AMDGPU source-operand float inline constants.
constexpr FloatConstant kFloatConstants[] = {
    {240, 0x3F000000}, // 0.5
    {241, 0xBF000000}, // -0.5
    {242, 0x3F800000}, // 1.0
    {243, 0xBF800000}, // -1.0
    {244, 0x40000000}, // 2.0
    {245, 0xC0000000}, // -2.0
    {246, 0x40800000}, // 4.0
    {247, 0xC0800000}, // -4.0
    {248, 0x3E22F983}, // 1/(2π)
};

bool is_integer_constant(int code) { return code >= 128 && code <= 208; }

int32_t integer_constant(int code) { return code <= 192 ? code - 128 : 192 - code; }

FloatConstant const* float_constant(int code) {
  for (auto const& c : kFloatConstants) {
    if (c.code == code) return &c;
  }
  return nullptr;
}

void require_16bit(Format f) {
  if (f != Format::kF16 && f != Format::kBf16) throw std::invalid_argument("expected kF16 or kBf16");
}

} // namespace

uint32_t widen_to_f32(Format from16, uint16_t bits) {
  require_16bit(from16);
  return core::widen16_to_f32(from16, bits);
}

bool is_inline_constant(int src_code) { return is_integer_constant(src_code) || float_constant(src_code) != nullptr; }

uint32_t inline_constant_32(int src_code) {
  if (is_integer_constant(src_code)) return static_cast<uint32_t>(integer_constant(src_code));
  if (auto const* c = float_constant(src_code)) return c->f32;
  throw std::out_of_range("not an inline constant: " + std::to_string(src_code));
}

uint16_t inline_constant_16(Format f16_or_bf16, int src_code) {
  require_16bit(f16_or_bf16);
  uint32_t const word = inline_constant_32(src_code);
  if (is_integer_constant(src_code)) return static_cast<uint16_t>(word & 0xFFFF);
  if (f16_or_bf16 == Format::kBf16) return static_cast<uint16_t>(word >> 16);
  // f16: round the f32 value to nearest even (exact for all constants except 1/(2π)).
  Decoded const d = decode(Format::kF32, word);
  return static_cast<uint16_t>(encode(Format::kF16, d.neg, d.sig, d.exp, Rounding::kNearestEven));
}

uint32_t inline_constant_packed(Format f16_or_bf16, int src_code) {
  uint16_t const half = inline_constant_16(f16_or_bf16, src_code);
  if (f16_or_bf16 == Format::kBf16) return uint32_t{half} << 16 | half;
  if (is_integer_constant(src_code)) return inline_constant_32(src_code);
  return half;
}

} // namespace wavemma::numeric
