#pragma once
// Per-lane __builtin_amdgcn_* builtins beyond math.hpp's, with clang-22's signatures
// (BuiltinsAMDGPU.def), by the ISA's definitions [ASSUME: written from the RDNA3 and CDNA3 ISA
// guides' descriptions of V_SAD_U8, V_SAD_HI_U8, V_SAD_U16, V_MSAD_U8, V_LERP_U8, V_DOT*,
// V_MED3_F16, V_CMP_CLASS_F16, V_LDEXP_F16, V_FREXP_*_F16, V_FRACT_F16, V_CVT_PKRTZ_F16_F32,
// which reference/ does not hold; the masked SAD's mask is S1's zero bytes, as public translators
// of the instruction read it]:
//   - sad_u8: the sum of the four bytes' |S0 - S1| plus S2; sad_hi_u8: that sum shifted left 16,
//     plus S2; sad_u16: the two halves'; msad_u8: the bytes where S1's byte is not 0; each modulo
//     2^32;
//   - lerp: per byte, (S0 + S1 + bit 0 of S2's byte) >> 1;
//   - the integer dot products: the exact sum of the products plus S2, wrapped to 32 bits, or
//     with clamp saturated to the result type's range;
//   - the f16 forms (fmed3h, classh, ldexph, frexp_manth, frexp_exph, fracth) as the f32 ones of
//     math.hpp, in f16 (a subnormal f16 is a denormal for class); rcph, rsqh, sqrth correctly
//     rounded where the GPU's are approximate (as rcpf, rsqf, sqrtf);
//   - cvt_pkrtz: each float to f16 rounded toward zero (wavemma::numeric), a into element 0;
//   - workgroup_size_*: blockDim; grid_size_*: the grid's work-items (gridDim * blockDim);
//   - s_setprio_inc_wg, s_monitor_sleep: nothing (lanes run to their next collective in order).
// C++17.

#include "wavemma/numeric/format.hpp"
#include "wavemma/simt/lane.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace wavemma::hip::lane_builtins {

using v2fp16 = __fp16 __attribute__((ext_vector_type(2)));

inline uint32_t absdiff(uint32_t a, uint32_t b) { return a > b ? a - b : b - a; }
inline uint32_t sad(uint32_t a, uint32_t b, int width, bool masked) {
  uint32_t const mask = width == 8 ? 0xFFu : 0xFFFFu;
  uint32_t sum = 0;
  for (int i = 0; i < 32; i += width) {
    uint32_t const x = a >> i & mask, y = b >> i & mask;
    if (!masked || y != 0) sum += absdiff(x, y);
  }
  return sum;
}
inline uint32_t sad_u8(uint32_t a, uint32_t b, uint32_t c) { return sad(a, b, 8, false) + c; }
inline uint32_t sad_hi_u8(uint32_t a, uint32_t b, uint32_t c) { return (sad(a, b, 8, false) << 16) + c; }
inline uint32_t sad_u16(uint32_t a, uint32_t b, uint32_t c) { return sad(a, b, 16, false) + c; }
inline uint32_t msad_u8(uint32_t a, uint32_t b, uint32_t c) { return sad(a, b, 8, true) + c; }
inline uint32_t lerp(uint32_t a, uint32_t b, uint32_t c) {
  uint32_t out = 0;
  for (int i = 0; i < 32; i += 8) out |= ((a >> i & 0xFFu) + (b >> i & 0xFFu) + (c >> i & 1u)) >> 1 << i;
  return out;
}

// The dot products: `count` fields of `width` bits, each signed or not.
inline int64_t field(uint32_t word, int width, int i, bool is_signed) {
  uint32_t const raw = word >> (width * i) & ((1u << width) - 1);
  return is_signed && (raw >> (width - 1)) ? int64_t(raw) - (int64_t(1) << width) : int64_t(raw);
}
inline int64_t dot(uint32_t a, bool a_signed, uint32_t b, bool b_signed, int width) {
  int64_t sum = 0;
  for (int i = 0; i < 32 / width; ++i) sum += field(a, width, i, a_signed) * field(b, width, i, b_signed);
  return sum;
}
inline int32_t to_i32(int64_t v, bool clamp) {
  if (clamp) return static_cast<int32_t>(v < INT32_MIN ? INT32_MIN : v > INT32_MAX ? INT32_MAX : v);
  return static_cast<int32_t>(static_cast<uint32_t>(v));
}
inline uint32_t to_u32(int64_t v, bool clamp) {
  if (clamp) return v < 0 ? 0u : v > int64_t(UINT32_MAX) ? UINT32_MAX : static_cast<uint32_t>(v);
  return static_cast<uint32_t>(v);
}
template <class V>
uint32_t pack16(V const& v) {
  return static_cast<uint16_t>(v[0]) | static_cast<uint32_t>(static_cast<uint16_t>(v[1])) << 16;
}
inline int32_t sdot(uint32_t a, uint32_t b, int32_t c, int width, bool clamp) {
  return to_i32(dot(a, true, b, true, width) + c, clamp);
}
inline uint32_t udot(uint32_t a, uint32_t b, uint32_t c, int width, bool clamp) {
  return to_u32(dot(a, false, b, false, width) + c, clamp);
}
inline int32_t sudot(bool a_signed, uint32_t a, bool b_signed, uint32_t b, int32_t c, int width, bool clamp) {
  return to_i32(dot(a, a_signed, b, b_signed, width) + c, clamp);
}

// f16: the bits, and the value's class.
inline uint16_t half_bits(_Float16 h) {
  uint16_t b;
  std::memcpy(&b, &h, 2);
  return b;
}
inline _Float16 half_of(uint16_t b) {
  _Float16 h;
  std::memcpy(&h, &b, 2);
  return h;
}
inline _Float16 to_half(double v) { return static_cast<_Float16>(v); } // one rounding, nearest even
inline _Float16 fmed3h(_Float16 a, _Float16 b, _Float16 c) {
  double const x = a, y = b, z = c;
  if (std::isnan(x) || std::isnan(y) || std::isnan(z)) return to_half(std::fmin(std::fmin(x, y), z));
  double const hi = std::fmax(std::fmax(x, y), z);
  return to_half(hi == x ? std::fmax(y, z) : hi == y ? std::fmax(x, z) : std::fmax(x, y));
}
// V_CMP_CLASS: bit 0 signalling NaN, 1 quiet NaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0,
// 7 +denormal, 8 +normal, 9 +inf.
inline bool classh(_Float16 h, int mask) {
  uint16_t const b = half_bits(h);
  uint16_t const e = b >> 10 & 0x1F, m = b & 0x3FF;
  int bit;
  if (e == 0x1F && m != 0) {
    bit = (m & 0x200) ? 1 : 0;
  } else {
    int const kind = e == 0x1F ? 3 : e != 0 ? 2 : m != 0 ? 1 : 0;
    bit = (b & 0x8000) ? 5 - kind : 6 + kind;
  }
  return (mask >> bit) & 1;
}
inline _Float16 ldexph(_Float16 h, int e) {
  double const v = h;
  if (std::isnan(v) || std::isinf(v) || v == 0) return h;
  // Beyond these the result is 0 or infinity either way; ldexp of a double is exact within them.
  int const clamped = e < -100 ? -100 : e > 100 ? 100 : e;
  return to_half(std::ldexp(v, clamped));
}
inline _Float16 frexp_manth(_Float16 h) {
  double const v = h;
  int e;
  return std::isinf(v) || std::isnan(v) ? h : to_half(std::frexp(v, &e));
}
inline short frexp_exph(_Float16 h) {
  double const v = h;
  int e = 0;
  if (std::isinf(v) || std::isnan(v)) return 0;
  std::frexp(v, &e);
  return static_cast<short>(e);
}
inline _Float16 fracth(_Float16 h) {
  double const v = h;
  if (std::isnan(v)) return half_of(half_bits(h) | 0x200); // quieted
  if (std::isinf(v)) return half_of(0x7E00);
  _Float16 const f = to_half(v - std::floor(v));
  return static_cast<double>(f) >= 1.0 ? half_of(0x3BFF) : f; // below 1: the largest f16 below 1
}
inline _Float16 rcph(_Float16 h) { return to_half(1.0 / static_cast<double>(h)); }
inline _Float16 sqrth(_Float16 h) { return to_half(std::sqrt(static_cast<double>(h))); }
inline _Float16 rsqh(_Float16 h) { return to_half(1.0 / std::sqrt(static_cast<double>(h))); }

inline uint16_t half_rtz(float v) {
  return static_cast<uint16_t>(numeric::from_double(numeric::Format::kF16, v, numeric::Rounding::kTowardZero));
}
inline v2fp16 cvt_pkrtz(float a, float b) {
  uint16_t const bits[2] = {half_rtz(a), half_rtz(b)};
  v2fp16 out;
  std::memcpy(&out, bits, sizeof out);
  return out;
}

inline unsigned short workgroup_size(int dim) {
  auto const& d = ::wavemma::simt::detail::lane("__builtin_amdgcn_workgroup_size").block_dim;
  return static_cast<unsigned short>(dim == 0 ? d.x : dim == 1 ? d.y : d.z);
}
inline unsigned grid_size(int dim) {
  auto const& l = ::wavemma::simt::detail::lane("__builtin_amdgcn_grid_size");
  return dim == 0   ? l.grid_dim.x * l.block_dim.x
         : dim == 1 ? l.grid_dim.y * l.block_dim.y
                    : l.grid_dim.z * l.block_dim.z;
}

} // namespace wavemma::hip::lane_builtins

#define WAVEMMA_LANE_ ::wavemma::hip::lane_builtins
#define __builtin_amdgcn_sad_u8(a, b, c) WAVEMMA_LANE_::sad_u8(uint32_t(a), uint32_t(b), uint32_t(c))
#define __builtin_amdgcn_sad_hi_u8(a, b, c) WAVEMMA_LANE_::sad_hi_u8(uint32_t(a), uint32_t(b), uint32_t(c))
#define __builtin_amdgcn_sad_u16(a, b, c) WAVEMMA_LANE_::sad_u16(uint32_t(a), uint32_t(b), uint32_t(c))
#define __builtin_amdgcn_msad_u8(a, b, c) WAVEMMA_LANE_::msad_u8(uint32_t(a), uint32_t(b), uint32_t(c))
#define __builtin_amdgcn_lerp(a, b, c) WAVEMMA_LANE_::lerp(uint32_t(a), uint32_t(b), uint32_t(c))
// int (short2, short2, int, const bool clamp) and unsigned (ushort2, ushort2, unsigned, const bool)
#define __builtin_amdgcn_sdot2(a, b, c, clamp)                                                                         \
  WAVEMMA_LANE_::sdot(WAVEMMA_LANE_::pack16(a), WAVEMMA_LANE_::pack16(b), int32_t(c), 16, clamp)
#define __builtin_amdgcn_udot2(a, b, c, clamp)                                                                         \
  WAVEMMA_LANE_::udot(WAVEMMA_LANE_::pack16(a), WAVEMMA_LANE_::pack16(b), uint32_t(c), 16, clamp)
// int (int, int, int, const bool clamp): four bytes, eight nibbles
#define __builtin_amdgcn_sdot4(a, b, c, clamp) WAVEMMA_LANE_::sdot(uint32_t(a), uint32_t(b), int32_t(c), 8, clamp)
#define __builtin_amdgcn_udot4(a, b, c, clamp) WAVEMMA_LANE_::udot(uint32_t(a), uint32_t(b), uint32_t(c), 8, clamp)
#define __builtin_amdgcn_sdot8(a, b, c, clamp) WAVEMMA_LANE_::sdot(uint32_t(a), uint32_t(b), int32_t(c), 4, clamp)
#define __builtin_amdgcn_udot8(a, b, c, clamp) WAVEMMA_LANE_::udot(uint32_t(a), uint32_t(b), uint32_t(c), 4, clamp)
// int (const bool a_signed, int a, const bool b_signed, int b, int c, const bool clamp)
#define __builtin_amdgcn_sudot4(as, a, bs, b, c, clamp)                                                                \
  WAVEMMA_LANE_::sudot(as, uint32_t(a), bs, uint32_t(b), int32_t(c), 8, clamp)
#define __builtin_amdgcn_sudot8(as, a, bs, b, c, clamp)                                                                \
  WAVEMMA_LANE_::sudot(as, uint32_t(a), bs, uint32_t(b), int32_t(c), 4, clamp)
#define __builtin_amdgcn_fmed3h(a, b, c) WAVEMMA_LANE_::fmed3h(_Float16(a), _Float16(b), _Float16(c))
#define __builtin_amdgcn_classh(v, mask) WAVEMMA_LANE_::classh(_Float16(v), int(mask))
#define __builtin_amdgcn_ldexph(v, e) WAVEMMA_LANE_::ldexph(_Float16(v), int(e))
#define __builtin_amdgcn_frexp_manth(v) WAVEMMA_LANE_::frexp_manth(_Float16(v))
#define __builtin_amdgcn_frexp_exph(v) WAVEMMA_LANE_::frexp_exph(_Float16(v))
#define __builtin_amdgcn_fracth(v) WAVEMMA_LANE_::fracth(_Float16(v))
#define __builtin_amdgcn_rcph(v) WAVEMMA_LANE_::rcph(_Float16(v))
#define __builtin_amdgcn_sqrth(v) WAVEMMA_LANE_::sqrth(_Float16(v))
#define __builtin_amdgcn_rsqh(v) WAVEMMA_LANE_::rsqh(_Float16(v))
#define __builtin_amdgcn_cvt_pkrtz(a, b) WAVEMMA_LANE_::cvt_pkrtz(float(a), float(b))
#define __builtin_amdgcn_workgroup_size_x() WAVEMMA_LANE_::workgroup_size(0)
#define __builtin_amdgcn_workgroup_size_y() WAVEMMA_LANE_::workgroup_size(1)
#define __builtin_amdgcn_workgroup_size_z() WAVEMMA_LANE_::workgroup_size(2)
#define __builtin_amdgcn_grid_size_x() WAVEMMA_LANE_::grid_size(0)
#define __builtin_amdgcn_grid_size_y() WAVEMMA_LANE_::grid_size(1)
#define __builtin_amdgcn_grid_size_z() WAVEMMA_LANE_::grid_size(2)
#define __builtin_amdgcn_s_setprio_inc_wg(priority) ((void)(priority))
#define __builtin_amdgcn_s_monitor_sleep(cycles) ((void)(cycles))
