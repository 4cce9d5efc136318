// The float -> __bf16 conversion routine clang emits on x86 (for __bf16 arithmetic, and for some
// copies of __bf16 vectors, which the backend moves through float), missing from Debian 12's libgcc
// (GCC 12). Weak: a toolchain that has it keeps its own. Rounds to nearest even; a NaN keeps its
// payload bits, so that a __bf16 value widened to float and narrowed back is unchanged, signalling
// NaNs included (a bf16 vector from __builtin_amdgcn_global_load_tr_b128_v8bf16 stays bit-exact).

#include <cstdint>
#include <cstring>

extern "C" __attribute__((weak)) __bf16 __truncsfbf2(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  uint16_t out;
  if ((bits & 0x7fffffffu) > 0x7f800000u) {
    out = static_cast<uint16_t>(bits >> 16); // NaN: the top bits, as a widened bf16 had them
    if ((out & 0x7fu) == 0) out |= 1;        // a float NaN whose payload is all in the low bits
  } else {
    out = static_cast<uint16_t>((bits + 0x7fffu + ((bits >> 16) & 1u)) >> 16);
  }
  __bf16 result;
  std::memcpy(&result, &out, 2);
  return result;
}
