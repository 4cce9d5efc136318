// The cross-lane builtins, as a HIP program: each kernel runs one wave, every lane writes what each
// builtin gave it, and the host compares with lane maps written here from the ISA guides' text
// (CDNA3 ISA Table 94 DPP_CTRL; RDNA3 ISA DS_SWIZZLE_B32, DS_PERMUTE_B32, DS_BPERMUTE_B32,
// V_PERMLANE16_B32, V_PERMLANEX16_B32 and their examples), plus literal spot checks copied from
// those examples. Builtins a target lacks are guarded by target macros, as a HIP program guards
// them; one kernel uses one anyway, and the launch must fail naming the feature.

#include <hip/hip_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

static int failures = 0;
#define EXPECT(cond, ...)                                                                                              \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      if (++failures <= 20) {                                                                                          \
        std::printf("FAILED %s:%d: ", __FILE__, __LINE__);                                                             \
        std::printf(__VA_ARGS__);                                                                                      \
        std::printf("\n");                                                                                             \
      }                                                                                                                \
    }                                                                                                                  \
  } while (0)
#define HIP_CHECK(call)                                                                                                \
  do {                                                                                                                 \
    hipError_t const e = (call);                                                                                       \
    if (e != hipSuccess) {                                                                                             \
      std::printf("FAILED %s: %s\n", #call, hipGetErrorString(e));                                                     \
      std::exit(1);                                                                                                    \
    }                                                                                                                  \
  } while (0)

__host__ __device__ inline int value_of(int lane) { return 1000 + 7 * lane; }
__host__ __device__ inline int old_of(int lane) { return 5000 + lane; }

// --- DPP -------------------------------------------------------------------------------------------
// (dpp_ctrl, row_mask, bank_mask, bound_ctrl) for every target, for GFX9 only, for GFX10+ only.
// clang-format off: three cases a line (clang-format cannot settle on a layout for these lists)
#define DPP_ALL(X)                                                                                 \
  X(0x1B, 0xF, 0xF, false) X(0xB1, 0xF, 0xF, false) X(0x4E, 0xF, 0xF, false)                      \
  X(0x00, 0xF, 0xF, false) X(0x101, 0xF, 0xF, false) X(0x103, 0xF, 0xF, true)                     \
  X(0x10F, 0xF, 0xF, false) X(0x111, 0xF, 0xF, false) X(0x114, 0xF, 0xF, true)                    \
  X(0x11F, 0xF, 0xF, true) X(0x121, 0xF, 0xF, false) X(0x127, 0xF, 0xF, false)                    \
  X(0x12F, 0xF, 0xF, false) X(0x140, 0xF, 0xF, false) X(0x141, 0xF, 0xF, false)                   \
  X(0x153, 0xF, 0xF, false) X(0x111, 0xA, 0xF, false) X(0x111, 0xF, 0x5, true)                    \
  X(0x121, 0x1, 0x9, false)
#define DPP_GFX9(X)                                                                                \
  X(0x130, 0xF, 0xF, false) X(0x130, 0xF, 0xF, true) X(0x134, 0xF, 0xF, false)                    \
  X(0x138, 0xF, 0xF, true) X(0x13C, 0xF, 0xF, false) X(0x142, 0xA, 0xF, false)                    \
  X(0x142, 0xF, 0xF, true) X(0x143, 0xC, 0xF, false) X(0x143, 0xF, 0xF, true)
#define DPP_GFX10(X) X(0x160, 0xF, 0xF, false) X(0x165, 0xF, 0xF, false) X(0x16F, 0x3, 0xF, false)
// clang-format on

struct DppCase {
  int ctrl, row_mask, bank_mask;
  bool bound_ctrl;
};
#define DPP_ROW(c, r, b, bc) {c, r, b, bc},
static DppCase const kDppAll[] = {DPP_ALL(DPP_ROW)};
static DppCase const kDppGfx9[] = {DPP_GFX9(DPP_ROW)};
static DppCase const kDppGfx10[] = {DPP_GFX10(DPP_ROW)};

#define DPP_STORE(c, r, b, bc) out[(n++) * w + l] = __builtin_amdgcn_update_dpp(old_of(l), value_of(l), c, r, b, bc);
__global__ void dpp_all(int* out) {
  int const l = threadIdx.x, w = warpSize;
  int n = 0;
  DPP_ALL(DPP_STORE)
}
__global__ void dpp_gfx9(int* out) {
  int const l = threadIdx.x, w = warpSize;
  int n = 0;
#if defined(__GFX9__)
  DPP_GFX9(DPP_STORE)
#endif
  (void)l, (void)w, (void)n, (void)out;
}
__global__ void dpp_gfx10(int* out) {
  int const l = threadIdx.x, w = warpSize;
  int n = 0;
#if defined(__GFX11__) || defined(__GFX12__)
  DPP_GFX10(DPP_STORE)
#endif
  (void)l, (void)w, (void)n, (void)out;
}
// mov_dpp: the lanes DPP does not write keep the source (clang's register allocation).
__global__ void mov_dpp(int* out) {
  int const l = threadIdx.x;
  out[l] = __builtin_amdgcn_mov_dpp(value_of(l), 0x111, 0xF, 0xF, false); // row_shr:1
  float const f = static_cast<float>(value_of(l)) + 0.5f;
  int const moved = __builtin_amdgcn_mov_dpp(__float_as_int(f), 0xB1, 0xF, 0xF, false);
  out[warpSize + l] = static_cast<int>(__int_as_float(moved) * 2); // the bits moved, not the value
}
// A row_bcast on RDNA: the launch stops (clang-22's backend rejects it there).
__global__ void dpp_bcast_anywhere(int* out) {
  out[threadIdx.x] = __builtin_amdgcn_mov_dpp(value_of(threadIdx.x), 0x142, 0xF, 0xF, false);
}

// The DPP16 source lane of lane n, transcribed from Table 94 (rows of 16 lanes; "mirror within
// row" and the row broadcasts read as their descriptions say), or -1 out of bounds.
int dpp_reference_source(int ctrl, int n, int wave) {
  int const cnt = ctrl & 0xF, row = n & ~0xF;
  if (ctrl <= 0xFF) return (n & 0x3C) + ((ctrl >> ((n % 4) * 2)) & 3);
  if (ctrl > 0x100 && ctrl < 0x110) return (n & 0xF) < 16 - cnt ? n + cnt : -1;
  if (ctrl > 0x110 && ctrl < 0x120) return (n & 0xF) >= cnt ? n - cnt : -1;
  if (ctrl > 0x120 && ctrl < 0x130) return (n & 0xF) >= cnt ? n - cnt : n + 16 - cnt;
  if (ctrl == 0x130) return n < wave - 1 ? n + 1 : -1;
  if (ctrl == 0x134) return n < wave - 1 ? n + 1 : 0;
  if (ctrl == 0x138) return n > 0 ? n - 1 : -1;
  if (ctrl == 0x13C) return n > 0 ? n - 1 : wave - 1;
  if (ctrl == 0x140) return row + 15 - (n & 0xF);
  if (ctrl == 0x141) return (n & ~7) + 7 - (n & 7);
  if (ctrl == 0x142) return n > 15 ? (n & 0x30) - 1 : -1;
  if (ctrl == 0x143) return n > 31 ? (n & 0x20) - 1 : -1;
  if (ctrl >= 0x150 && ctrl <= 0x15F) return row + cnt;
  if (ctrl >= 0x160 && ctrl <= 0x16F) return row + ((n & 0xF) ^ cnt); // RDNA3 ISA DPP_ROW_XMASK
  return -2;
}
int dpp_expected(DppCase const& c, int n, int wave, std::vector<char> const& active) {
  // ROW_MASK and BANK_MASK gate the write; an invalid or inactive source is BC's case.
  bool const row_on = (c.row_mask >> (n / 16)) & 1, bank_on = (c.bank_mask >> ((n % 16) / 4)) & 1;
  if (!row_on || !bank_on) return old_of(n);
  int const s = dpp_reference_source(c.ctrl, n, wave);
  if (s < 0 || s >= wave || !active[size_t(s)]) return c.bound_ctrl ? 0 : old_of(n);
  return value_of(s);
}

// --- swizzle, permutes, readlane, ballot -----------------------------------------------------------
#define SWIZZLE_OFFSETS(X)                                                                                             \
  X(0x101F) X(0x01E0) X(0x401F) X(0x7C1F) X(0x00B8) X(0x80B1) X(0x8000) X(0xC060) X(0xC461) X(0xE000) X(0xE003)
static int const kSwizzles[] = {
#define SWIZZLE_ROW(o) o,
    SWIZZLE_OFFSETS(SWIZZLE_ROW)};
#define SWIZZLE_STORE(o) out[(n++) * w + l] = __builtin_amdgcn_ds_swizzle(value_of(l), o);
__global__ void swizzles(int* out) {
  int const l = threadIdx.x, w = warpSize;
  int n = 0;
  SWIZZLE_OFFSETS(SWIZZLE_STORE)
}
int rev5(int x) {
  int r = 0;
  for (int b = 0; b < 5; ++b)
    if (x & (1 << b)) r |= 1 << (4 - b);
  return r;
}
// DS_SWIZZLE_B32's pseudocode: FFT (offset >= 0xe000), rotate (>= 0xc000), QDMode (offset[15]),
// BitMode; the rotate's lane stays in its group of 32 [ASSUME: the pseudocode's ~mask read as 5
// bits, the reverse as a 5-bit one].
int swizzle_source(int i, int offset) {
  if (offset >= 0xE000) {
    int const mask = offset & 0x1F;
    return (i & 0x20) | (rev5(i & 0x1F) >> __builtin_popcount(mask)) | (i & mask);
  }
  if (offset >= 0xC000) {
    int rotate = (offset >> 5) & 0x1F, mask = offset & 0x1F;
    if (offset & (1 << 10)) rotate = -rotate;
    return (i & 0x20) | ((((i & mask) | ((i + rotate) & ~mask)) % 32 + 32) % 32);
  }
  if (offset & 0x8000) return (i / 4) * 4 + ((offset >> ((i % 4) * 2)) & 3);
  int const and_mask = offset & 0x1F, or_mask = (offset >> 5) & 0x1F, xor_mask = (offset >> 10) & 0x1F;
  return (i & 0x20) | ((((i & 0x1F) & and_mask) | or_mask) ^ xor_mask);
}

// The lane a ds_(b)permute address names: all 64 on GFX9; on RDNA, modulo 32 "regardless of wave
// size", within the lane's half of a wave64 [ASSUME].
int permute_lane(int lane, int address, bool rdna, int wave) {
  int const index = (address / 4) & 63;
  return rdna ? (lane & 32) | (index & 31) : index % wave;
}
__device__ int bpermute_address(int l, int w) { return ((l * 5 + 3) % w) * 4 + (l == 1 ? 4 * 40 : 0); }
int bpermute_address_host(int l, int w) { return ((l * 5 + 3) % w) * 4 + (l == 1 ? 4 * 40 : 0); }
__device__ int permute_address(int l) { return l == 0 || l == 1 ? 0 : l == 2 ? 12 : l == 3 ? 4 : 4 * l; }

__global__ void lds_crossbar(int* out) {
  int const l = threadIdx.x, w = warpSize;
  out[l] = __builtin_amdgcn_ds_bpermute(bpermute_address(l, w), value_of(l));
  out[w + l] = __builtin_amdgcn_ds_permute(permute_address(l), value_of(l));
  out[2 * w + l] = __builtin_amdgcn_readlane(value_of(l), 5);
  out[3 * w + l] = __builtin_amdgcn_readlane(value_of(l), 37 + 64); // bits above the wave size are ignored
  unsigned long long const b64 = __builtin_amdgcn_ballot_w64(l % 3 == 0);
  out[4 * w + l] = static_cast<int>(b64);
  out[5 * w + l] = static_cast<int>(b64 >> 32);
  out[6 * w + l] = static_cast<int>(__ballot(l % 5 == 1) >> (l % 2 ? 32 : 0));
  out[7 * w + l] = __any(l == w - 1) + 2 * __all(l < w) + 4 * __all(l != 7);
  out[8 * w + l] = static_cast<int>(__builtin_amdgcn_mbcnt_lo(0xFFFFFFFFu, 0u));
}
#if defined(__gfx1100__) || defined(__gfx1201__)
#define HAVE_WAVE32_BALLOT 1
#endif
__global__ void ballot32(int* out) {
#if HAVE_WAVE32_BALLOT
  if (warpSize == 32) out[threadIdx.x] = static_cast<int>(__builtin_amdgcn_ballot_w32(threadIdx.x % 4 == 2));
#endif
  (void)out;
}

// Lanes 7, 15, 23, ... return first; the rest read from them.
__global__ void with_inactive_lanes(int* out) {
  int const l = threadIdx.x, w = warpSize;
  if (l % 8 == 7) return;
  out[l] = __builtin_amdgcn_ds_bpermute(((l + 1) % w) * 4, value_of(l));
  out[w + l] = __builtin_amdgcn_update_dpp(old_of(l), value_of(l), 0x111, 0xF, 0xF, false);
  out[2 * w + l] = __builtin_amdgcn_update_dpp(old_of(l), value_of(l), 0x111, 0xF, 0xF, true);
  out[3 * w + l] = __builtin_amdgcn_ds_swizzle(value_of(l), 0x041F); // xor 1
  out[4 * w + l] = static_cast<int>(__activemask() >> (l % 2 ? 32 : 0));
  out[5 * w + l] = __builtin_amdgcn_wave_reduce_add_u32(1u, 0);
}
// readlane of a lane that has returned: its register is not emulated.
__global__ void readlane_from_returned(int* out) {
  if (threadIdx.x == 3) return;
  out[threadIdx.x] = __builtin_amdgcn_readlane(value_of(threadIdx.x), 3);
}

// --- wave reductions -----------------------------------------------------------------------------
__device__ __host__ inline int signed_value(int l) { return (l * 37) % 23 - 11; }
__global__ void reductions(int* out) {
  int const l = threadIdx.x;
  unsigned const u = static_cast<unsigned>(value_of(l));
  int const s = signed_value(l);
  int k = 0;
  out[k++ * 64 + l] = static_cast<int>(__builtin_amdgcn_wave_reduce_add_u32(u, 0));
  out[k++ * 64 + l] = static_cast<int>(__builtin_amdgcn_wave_reduce_sub_u32(u, 1));
  out[k++ * 64 + l] = __builtin_amdgcn_wave_reduce_min_i32(s, 0);
  out[k++ * 64 + l] = __builtin_amdgcn_wave_reduce_max_i32(s, 2);
  out[k++ * 64 + l] = static_cast<int>(__builtin_amdgcn_wave_reduce_min_u32(static_cast<unsigned>(s), 0));
  out[k++ * 64 + l] = static_cast<int>(__builtin_amdgcn_wave_reduce_max_u32(u, 0));
  out[k++ * 64 + l] = __builtin_amdgcn_wave_reduce_and_b32(~(1 << (l % 31)), 0);
  out[k++ * 64 + l] = __builtin_amdgcn_wave_reduce_or_b32(1 << (l % 29), 0);
  out[k++ * 64 + l] = __builtin_amdgcn_wave_reduce_xor_b32(value_of(l), 0);
  unsigned long long const big = (1ull << 40) + static_cast<unsigned long long>(value_of(l));
  out[k++ * 64 + l] = static_cast<int>(__builtin_amdgcn_wave_reduce_add_u64(big, 0) >> 8);
  out[k++ * 64 + l] = static_cast<int>(__builtin_amdgcn_wave_reduce_max_i64(-static_cast<long long>(big), 0) >> 8);
  out[k++ * 64 + l] = static_cast<int>(__builtin_amdgcn_wave_reduce_fadd_f32(static_cast<float>(s), 0) * 4);
  out[k++ * 64 + l] = static_cast<int>(__builtin_amdgcn_wave_reduce_fmin_f32(static_cast<float>(s) + 0.25f, 0) * 4);
}

// --- permlanes (RDNA) ------------------------------------------------------------------------------
__global__ void permlanes(int* out) {
  int const l = threadIdx.x, w = warpSize;
#if defined(__GFX11__) || defined(__GFX12__)
  unsigned const v = static_cast<unsigned>(value_of(l)), o = static_cast<unsigned>(old_of(l));
  // The ISA's example: a rotation within each row.
  out[l] = static_cast<int>(__builtin_amdgcn_permlane16(o, v, 0x87654321u, 0x0fedcba9u, false, false));
  // Identity selects: the same position of the other row.
  out[w + l] = static_cast<int>(__builtin_amdgcn_permlanex16(o, v, 0x76543210u, 0xfedcba98u, false, false));
  out[2 * w + l] = static_cast<int>(__builtin_amdgcn_permlane16(o, v, 0x01234567u, 0x89abcdefu, false, false));
  out[3 * w + l] = static_cast<int>(__builtin_amdgcn_permlane64(v));
  out[4 * w + l] = static_cast<int>(
      __builtin_amdgcn_mov_dpp8(v, 0u | 7u | 6u << 3 | 5u << 6 | 4u << 9 | 3u << 12 | 2u << 15 | 1u << 18 | 0u << 21));
#if defined(__GFX12__)
  out[5 * w + l] = static_cast<int>(__builtin_amdgcn_permlane16_var(o, v, static_cast<unsigned>(l * 3), false, false));
  out[6 * w + l] =
      static_cast<int>(__builtin_amdgcn_permlanex16_var(o, v, static_cast<unsigned>(15 - l % 16), false, false));
#endif
#endif
  (void)l, (void)w, (void)out;
}
// permlane64 on CDNA3: the launch stops.
__global__ void permlane64_anywhere(int* out) {
  out[threadIdx.x] = static_cast<int>(__builtin_amdgcn_permlane64(static_cast<unsigned>(threadIdx.x)));
}

template <class Kernel>
std::vector<int> run(Kernel kernel, int threads, int slots, int wave) {
  int* d = nullptr;
  size_t const n = size_t(slots) * size_t(std::max(wave, 64));
  HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  HIP_CHECK(hipMemset(d, 0xEE, n * sizeof(int)));
  kernel<<<1, threads>>>(d);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  std::vector<int> h(n);
  HIP_CHECK(hipMemcpy(h.data(), d, n * sizeof(int), hipMemcpyDeviceToHost));
  HIP_CHECK(hipFree(d));
  return h;
}

// A launch the architecture cannot run: hipErrorInvalidDeviceFunction naming the feature.
template <class Kernel>
void expect_refused(Kernel kernel, int wave, char const* fragment) {
  int* d = nullptr;
  HIP_CHECK(hipMalloc(&d, 64 * sizeof(int)));
  kernel<<<1, wave>>>(d);
  hipError_t const e = hipGetLastError();
  std::string const why = hipGetErrorString(e);
  EXPECT(e == hipErrorInvalidDeviceFunction, "expected hipErrorInvalidDeviceFunction, got %s", hipGetErrorName(e));
  EXPECT(why.find(fragment) != std::string::npos, "message '%s' lacks '%s'", why.c_str(), fragment);
  (void)hipDeviceSynchronize();
  HIP_CHECK(hipFree(d));
}

void check_dpp(DppCase const* cases, size_t count, std::vector<int> const& got, int w) {
  std::vector<char> all(size_t(w), 1);
  for (size_t c = 0; c < count; ++c)
    for (int n = 0; n < w; ++n)
      EXPECT(got[c * size_t(w) + size_t(n)] == dpp_expected(cases[c], n, w, all),
             "dpp_ctrl %#x row_mask %#x bank_mask %#x bound_ctrl %d lane %d: got %d, expected %d", cases[c].ctrl,
             cases[c].row_mask, cases[c].bank_mask, cases[c].bound_ctrl, n, got[c * size_t(w) + size_t(n)],
             dpp_expected(cases[c], n, w, all));
}

int main() {
  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  std::string const arch = props.gcnArchName;
  int const w = props.warpSize;
  bool const gfx9 = arch.rfind("gfx9", 0) == 0;
  bool const gfx12 = arch.rfind("gfx12", 0) == 0;
  std::printf("%s, wave%d\n", arch.c_str(), w);

  // DPP.
  check_dpp(kDppAll, std::size(kDppAll), run(dpp_all, w, int(std::size(kDppAll)), w), w);
  if (gfx9)
    check_dpp(kDppGfx9, std::size(kDppGfx9), run(dpp_gfx9, w, int(std::size(kDppGfx9)), w), w);
  else
    check_dpp(kDppGfx10, std::size(kDppGfx10), run(dpp_gfx10, w, int(std::size(kDppGfx10)), w), w);
  {
    auto const got = run(dpp_all, w, int(std::size(kDppAll)), w);
    // Literal spot checks: quad_perm [3,2,1,0] reverses each quad; row_shr:1 without bound_ctrl
    // leaves lane 16 its old value; row_mirror sends lane 0 lane 15's value.
    EXPECT(got[0] == value_of(3) && got[3] == value_of(0) && got[4] == value_of(7), "quad_perm [3,2,1,0]");
    EXPECT(got[7 * size_t(w) + 16] == old_of(16) && got[7 * size_t(w) + 17] == value_of(16), "row_shr:1");
    EXPECT(got[13 * size_t(w)] == value_of(15) && got[13 * size_t(w) + 31] == value_of(16), "row_mirror");
  }
  if (gfx9) {
    auto const got = run(dpp_gfx9, w, int(std::size(kDppGfx9)), w);
    EXPECT(got[5 * size_t(w) + 16] == value_of(15) && got[5 * size_t(w) + 47] == old_of(47),
           "row_bcast:15 row_mask 0xa");
    EXPECT(got[4 * size_t(w) + 0] == value_of(63), "wave_ror:1 lane 0 reads lane 63");
  } else {
    expect_refused(dpp_bcast_anywhere, w, "row_bcast:15 is a GFX9 DPP control");
  }
  {
    auto const got = run(mov_dpp, w, 2, w);
    for (int n = 0; n < w; ++n) {
      EXPECT(got[size_t(n)] == (n % 16 == 0 ? value_of(n) : value_of(n - 1)), "mov_dpp row_shr:1 lane %d", n);
      EXPECT(got[size_t(w + n)] == 2 * value_of(n ^ 1) + 1, "mov_dpp of float bits, lane %d", n);
    }
  }

  // ds_swizzle: the ISA's named patterns among them (SWAPX16 0x401f, REVERSEX32 0x7c1f, BCASTX8
  // of thread 5 0x00b8) and the example program's two (0x101f: lane ^ 4; 0x01e0: lane 15).
  {
    auto const got = run(swizzles, w, int(std::size(kSwizzles)), w);
    for (size_t c = 0; c < std::size(kSwizzles); ++c)
      for (int i = 0; i < w; ++i)
        EXPECT(got[c * size_t(w) + size_t(i)] == value_of(swizzle_source(i, kSwizzles[c])),
               "ds_swizzle %#x lane %d: got %d, expected lane %d", kSwizzles[c], i, got[c * size_t(w) + size_t(i)],
               swizzle_source(i, kSwizzles[c]));
    EXPECT(got[0] == value_of(4) && got[5] == value_of(1), "0x101f swaps groups of 4");
    EXPECT(got[size_t(w) + 3] == value_of(15) && got[size_t(w) + 20] == value_of(15), "0x01e0 broadcasts lane 15");
    EXPECT(got[3 * size_t(w) + 0] == value_of(31) && got[3 * size_t(w) + 31] == value_of(0), "REVERSEX32");
  }

  // ds_bpermute, ds_permute (the ISA's example: addresses {0, 0, 12, 4} give {B, D, 0, C}),
  // readlane, ballots, votes, mbcnt.
  {
    bool const rdna = !gfx9;
    auto const got = run(lds_crossbar, w, 9, w);
    for (int l = 0; l < w; ++l) {
      int const s = permute_lane(l, bpermute_address_host(l, w), rdna, w);
      EXPECT(got[size_t(l)] == value_of(s), "ds_bpermute lane %d: got %d, expected lane %d", l, got[size_t(l)], s);
    }
    EXPECT(got[size_t(w) + 0] == value_of(1) && got[size_t(w) + 1] == value_of(3) && got[size_t(w) + 2] == 0 &&
               got[size_t(w) + 3] == value_of(2) && got[size_t(w) + 9] == value_of(9),
           "ds_permute {0,0,12,4}: got %d %d %d %d", got[size_t(w)], got[size_t(w) + 1], got[size_t(w) + 2],
           got[size_t(w) + 3]);
    uint64_t mask3 = 0, mask5 = 0;
    for (int l = 0; l < w; ++l) {
      if (l % 3 == 0) mask3 |= uint64_t{1} << l;
      if (l % 5 == 1) mask5 |= uint64_t{1} << l;
    }
    for (int l = 0; l < w; ++l) {
      EXPECT(got[2 * size_t(w) + size_t(l)] == value_of(5), "readlane 5, lane %d", l);
      EXPECT(got[3 * size_t(w) + size_t(l)] == value_of(101 & (w - 1)), "readlane 101, lane %d", l);
      EXPECT(uint32_t(got[4 * size_t(w) + size_t(l)]) == uint32_t(mask3) &&
                 uint32_t(got[5 * size_t(w) + size_t(l)]) == uint32_t(mask3 >> 32),
             "ballot_w64 lane %d", l);
      EXPECT(uint32_t(got[6 * size_t(w) + size_t(l)]) == uint32_t(mask5 >> (l % 2 ? 32 : 0)), "__ballot lane %d", l);
      EXPECT(got[7 * size_t(w) + size_t(l)] == 1 + 2 + 0, "__any/__all lane %d: %d", l, got[7 * size_t(w) + size_t(l)]);
      EXPECT(got[8 * size_t(w) + size_t(l)] == std::min(l, 32), "mbcnt_lo lane %d", l);
    }
    if (w == 32) {
      auto const b = run(ballot32, w, 1, w);
      for (int l = 0; l < w; ++l) EXPECT(uint32_t(b[size_t(l)]) == 0x44444444u, "ballot_w32 lane %d", l);
    }
  }

  // Inactive lanes: bpermute and swizzle read 0 from them, DPP treats them as out of bounds,
  // __activemask leaves them out, the reduction counts the live ones.
  {
    auto const got = run(with_inactive_lanes, w, 6, w);
    uint64_t live = 0;
    for (int l = 0; l < w; ++l)
      if (l % 8 != 7) live |= uint64_t{1} << l;
    for (int l = 0; l < w; ++l) {
      if (l % 8 == 7) continue;
      int const next = (l + 1) % w;
      EXPECT(got[size_t(l)] == (next % 8 == 7 ? 0 : value_of(next)), "bpermute from an inactive lane, lane %d", l);
      int const prev = l - 1;
      bool const prev_ok = l % 16 != 0 && prev % 8 != 7;
      EXPECT(got[size_t(w + l)] == (prev_ok ? value_of(prev) : old_of(l)), "row_shr:1 without bound_ctrl, lane %d", l);
      EXPECT(got[size_t(2 * w + l)] == (prev_ok ? value_of(prev) : 0), "row_shr:1 with bound_ctrl, lane %d", l);
      EXPECT(got[size_t(3 * w + l)] == ((l ^ 1) % 8 == 7 ? 0 : value_of(l ^ 1)),
             "swizzle from an inactive lane, lane %d", l);
      EXPECT(uint32_t(got[size_t(4 * w + l)]) == uint32_t(live >> (l % 2 ? 32 : 0)), "__activemask lane %d", l);
      EXPECT(got[size_t(5 * w + l)] == w - w / 8, "wave_reduce_add over live lanes, lane %d", l);
    }
    int* d = nullptr;
    HIP_CHECK(hipMalloc(&d, 64 * sizeof(int)));
    readlane_from_returned<<<1, w>>>(d);
    hipError_t const e = hipGetLastError();
    EXPECT(e == hipErrorLaunchFailure, "readlane of a returned lane: %s", hipGetErrorName(e));
    EXPECT(std::string(hipGetErrorString(e)).find("reads lane 3, which has returned") != std::string::npos, "message");
    (void)hipDeviceSynchronize();
    HIP_CHECK(hipFree(d));
  }

  // Wave reductions.
  {
    auto const got = run(reductions, w, 13, 64);
    unsigned sum = 0, sub = 0, max_u = 0, min_us = ~0u;
    int min_s = 1 << 30, max_s = -(1 << 30), x = 0;
    unsigned and_ = ~0u, or_ = 0;
    unsigned long long sum64 = 0;
    long long max64 = -(1ll << 62);
    float fsum = -0.0f, fmin = 1e30f;
    for (int l = 0; l < w; ++l) {
      unsigned const u = unsigned(value_of(l));
      int const s = signed_value(l);
      sum += u;
      sub -= u;
      max_u = std::max(max_u, u);
      min_us = std::min(min_us, unsigned(s));
      min_s = std::min(min_s, s);
      max_s = std::max(max_s, s);
      and_ &= ~(1u << (l % 31));
      or_ |= 1u << (l % 29);
      x ^= value_of(l);
      unsigned long long const big = (1ull << 40) + u;
      sum64 += big;
      max64 = std::max(max64, -static_cast<long long>(big));
      fsum += float(s);
      fmin = std::min(fmin, float(s) + 0.25f);
    }
    int const expected[] = {int(sum),        int(sub),      min_s,        max_s, int(min_us),
                            int(max_u),      int(and_),     int(or_),     x,     int(sum64 >> 8),
                            int(max64 >> 8), int(fsum * 4), int(fmin * 4)};
    for (size_t k = 0; k < std::size(expected); ++k)
      for (int l = 0; l < w; ++l)
        EXPECT(got[k * 64 + size_t(l)] == expected[k], "wave_reduce #%zu lane %d: got %d, expected %d", k, l,
               got[k * 64 + size_t(l)], expected[k]);
  }

  // permlane16 / permlanex16 / permlane64 / mov_dpp8 (RDNA), the _var forms (gfx12).
  if (!gfx9) {
    auto const got = run(permlanes, w, 7, w);
    for (int l = 0; l < w; ++l) {
      int const row = l / 16, i = l % 16;
      EXPECT(got[size_t(l)] == value_of(row * 16 + (i + 1) % 16), "permlane16 rotation lane %d", l);
      EXPECT(got[size_t(w + l)] == value_of((row ^ 1) * 16 + i), "permlanex16 lane %d", l);
      // Selects 0x01234567/0x89abcdef: lane i reads 7 - i for i < 8, 23 - i for the rest.
      EXPECT(got[size_t(2 * w + l)] == value_of(row * 16 + (i < 8 ? 7 - i : 23 - i)), "permlane16 reverse lane %d", l);
      EXPECT(got[size_t(3 * w + l)] == value_of(w == 64 ? l ^ 32 : l), "permlane64 lane %d", l);
      EXPECT(got[size_t(4 * w + l)] == value_of((l & ~7) + 7 - (l & 7)), "mov_dpp8 reverse lane %d", l);
      if (gfx12) {
        EXPECT(got[size_t(5 * w + l)] == value_of(row * 16 + (l * 3) % 16), "permlane16_var lane %d", l);
        EXPECT(got[size_t(6 * w + l)] == value_of((row ^ 1) * 16 + 15 - i), "permlanex16_var lane %d", l);
      }
    }
  } else {
    expect_refused(permlane64_anywhere, w, "'__builtin_amdgcn_permlane64' needs target feature gfx11-insts");
  }

  if (failures) {
    std::printf("FAILED: %d checks\n", failures);
    return 1;
  }
  std::printf("cross-lane builtins: PASSED\n");
  return 0;
}
