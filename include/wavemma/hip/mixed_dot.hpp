#pragma once
// HIP's amd_mixed_dot on integers (amd_math_functions.h, with its signatures): the dot product of
// two vectors of narrow integers plus an accumulator, one instruction on the GPU, which the device
// library's __ockl_sdot2/udot2/sdot4/udot4/sdot8/udot8 reach through __builtin_amdgcn_sdot2 and
// the others (V_DOT2_I32_I16, V_DOT2_U32_U16, V_DOT4_I32_I8, V_DOT4_U32_U8, V_DOT8_I32_I4,
// V_DOT8_U32_U4), emulated by lane_builtins.hpp:
//   - short2, ushort2: two 16-bit products; char4, uchar4: four 8-bit ones (their bytes as one
//     word, x in the low byte, as on the GPU: both are little-endian);
//     int, uint: eight 4-bit products, nibble 0 the low one;
//   - the products and c are summed exactly; without saturate the sum wraps to 32 bits, with it
//     it is clamped to the result type's range (the instruction's clamp bit).
// The __half2 form (amd_hip_fp16.h: float from two f16 products, V_DOT2_F32_F16) is refused at
// its first call, in not_emulated.hpp. Included by <hip/hip_runtime.h>. C++17.

#include "wavemma/hip/float_bits.hpp"
#include "wavemma/hip/lane_builtins.hpp"
#include "wavemma/hip/vector_types.hpp"

#include <cstdint>
#include <sys/types.h> // uint, as HIP's signatures spell it

inline int amd_mixed_dot(short2 a, short2 b, int c, bool saturate) {
  return __builtin_amdgcn_sdot2(a.data, b.data, c, saturate);
}
inline uint amd_mixed_dot(ushort2 a, ushort2 b, uint c, bool saturate) {
  return __builtin_amdgcn_udot2(a.data, b.data, c, saturate);
}
inline int amd_mixed_dot(char4 a, char4 b, int c, bool saturate) {
  return __builtin_amdgcn_sdot4(::wavemma::hip::fp::bits_as<uint32_t>(a.data),
                                ::wavemma::hip::fp::bits_as<uint32_t>(b.data), c, saturate);
}
inline uint amd_mixed_dot(uchar4 a, uchar4 b, uint c, bool saturate) {
  return __builtin_amdgcn_udot4(::wavemma::hip::fp::bits_as<uint32_t>(a.data),
                                ::wavemma::hip::fp::bits_as<uint32_t>(b.data), c, saturate);
}
inline int amd_mixed_dot(int a, int b, int c, bool saturate) { return __builtin_amdgcn_sdot8(a, b, c, saturate); }
inline uint amd_mixed_dot(uint a, uint b, uint c, bool saturate) { return __builtin_amdgcn_udot8(a, b, c, saturate); }
