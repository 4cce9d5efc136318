// Calls of gfx1250's matrix builtins with constant arguments clang-22 takes and then crashes on
// or silently truncates (reference/gfx1250.md §4.2, "the compiler's traps"): wavemma-hipcc stops each
// at compile time with an error naming the operand. TRAP picks the call (tests/hipcc/CMakeLists.txt);
// 6 and 7 are arguments that are not constants, 0 and 8 calls that compile.

#include <hip/hip_runtime.h>

typedef int v16i __attribute__((ext_vector_type(16)));
typedef int v8i __attribute__((ext_vector_type(8)));
typedef float v8f __attribute__((ext_vector_type(8)));
typedef float v16f __attribute__((ext_vector_type(16)));

__global__ void trap(v16i const* a, v8i const* a8, v8f* d, v16f* d16, v8i* a8_out, int scale) {
  int const l = static_cast<int>(threadIdx.x);
  v8f const c{};
#if TRAP == 1 // a format of 5 (also 6, 7, -1): the backend crashes ("Do not know how to widen ...")
  d[l] = __builtin_amdgcn_wmma_f32_16x16x128_f8f6f4(5, a[l], 0, a[l], 0, c);
#elif TRAP == 2 // c_mod 4: bit 2 dropped
  d[l] = __builtin_amdgcn_wmma_f32_16x16x128_fp8_fp8(a[l], a[l], 4, c, false, false);
#elif TRAP == 3 // a_scale_sel 2: bit 1 dropped
  d[l] =
      __builtin_amdgcn_wmma_scale_f32_16x16x128_f8f6f4(0, a[l], 0, a[l], 0, c, 2, 0, scale, 0, 0, scale, false, false);
#elif TRAP == 4 // b_scale_fmt 3: emitted as matrix_b_scale_fmt:3, which the assembler rejects
  d16[l] = __builtin_amdgcn_wmma_scale_f32_32x16x128_f4(a[l], a8[l], 0, v16f{}, 0, 0, scale, 0, 3, scale, false, false);
#elif TRAP == 5 // fmt_b 7 in the scale16 form
  d[l] = __builtin_amdgcn_wmma_scale16_f32_16x16x128_f8f6f4(0, a[l], 7, a[l], 0, c, 0, 0, long(scale), 0, 0,
                                                            long(scale), false, false);
#elif TRAP == 6 // a flag that is not a constant: clang's Sema error
  d[l] = __builtin_amdgcn_wmma_f32_16x16x128_fp8_fp8(a[l], a[l], 0, c, scale > 0, false);
#elif TRAP == 7 // the optional clamp of the iu8 forms, not a constant
  v8i const ci{};
  a8_out[l] = __builtin_amdgcn_wmma_i32_16x16x64_iu8(true, a8[l], true, a8[l], ci, false, false, scale > 0);
#elif TRAP == 8 // the optional clamp, left out and given: no error
  v8i const ci{};
  a8_out[l] = __builtin_amdgcn_wmma_i32_16x16x64_iu8(true, a8[l], true, a8[l], ci, false, false);
  a8_out[l] = __builtin_amdgcn_wmma_i32_16x16x64_iu8(true, a8[l], true, a8[l], a8_out[l], false, false, true);
#endif
  (void)a8, (void)d16, (void)a8_out, (void)scale, (void)c, (void)l;
}

int main() { return 0; }
