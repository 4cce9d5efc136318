// The cross-lane and id builtins: __shfl family with HIP's width parameter, ds_bpermute,
// readfirstlane, mbcnt, __lane_id, and the gfx12 transpose loads against the lane map of
// reference/gemm-system.md §4.

#include "simt_test.hpp"

#include <cstring>
#include <gtest/gtest.h>

namespace wavemma::simt::test {
namespace {

constexpr int kForms = 9;

// Each thread's value is 1000 * block + thread + 1; out[form][thread] = the form's result.
template <class T>
__global__ void shuffles(T* out) {
  int const t = static_cast<int>(threadIdx.x), n = static_cast<int>(blockDim.x);
  T const v = static_cast<T>(1000 * int(blockIdx.x) + t + 1);
  T r[kForms] = {__shfl(v, 3),          __shfl(v, 5, 16), __shfl_up(v, 1),       __shfl_up(v, 3, 8), __shfl_down(v, 2u),
                 __shfl_down(v, 1, 16), __shfl_xor(v, 1), __shfl_xor(v, 20, 16), __shfl_xor(v, 16)};
  for (int f = 0; f < kForms; ++f) out[f * n + t] = r[f];
}

// What each form gives lane l of a wave of w lanes (values are lane + 1 within one wave).
int expected(int form, int l, int w) {
  auto seg = [&](int width) { return l / width * width; };
  switch (form) {
  case 0:
    return 3 + 1;
  case 1:
    return seg(16) + 5 + 1;
  case 2:
    return (l % w >= 1 ? l - 1 : l) + 1;
  case 3:
    return (l % 8 >= 3 ? l - 3 : l) + 1;
  case 4:
    return (l % w + 2 < w ? l + 2 : l) + 1;
  case 5:
    return (l % 16 + 1 < 16 ? l + 1 : l) + 1;
  case 6:
    return (l ^ 1) + 1;
  case 7:
    return ((l ^ 20) < seg(16) + 16 ? (l ^ 20) : l) + 1; // xor leaves the segment: own value
  case 8:
    return (l ^ 16) + 1;
  }
  return -1;
}

template <class T>
void check_shuffles(char const* arch) {
  ScopedTarget t(arch);
  int const w = target().wave;
  DeviceBuffer<T> out(size_t(kForms * w));
  hipLaunchKernelGGL(shuffles<T>, dim3(1), dim3(w), 0, 0, out.get());
  ASSERT_EQ(hipGetLastError(), hipSuccess);
  auto const got = out.host();
  for (int f = 0; f < kForms; ++f)
    for (int l = 0; l < w; ++l)
      EXPECT_EQ(got[size_t(f * w + l)], static_cast<T>(expected(f, l, w))) << arch << " form " << f << " lane " << l;
}

TEST(SimtCrossLane, ShufflesWave32) {
  check_shuffles<int>("gfx1201");
  check_shuffles<float>("gfx1201");
  check_shuffles<double>("gfx1201");
  check_shuffles<unsigned long long>("gfx1201");
}

TEST(SimtCrossLane, ShufflesWave64) {
  check_shuffles<int>("gfx942");
  check_shuffles<long>("gfx942");
}

// Lanes 0-3 return first: they are inactive for the rest. readfirstlane gives lane 4's value,
// a bpermute from an inactive lane reads 0.
__global__ void after_early_exit(int* out) {
  int const l = static_cast<int>(__lane_id());
  if (l < 4) return;
  int const first = __builtin_amdgcn_readfirstlane(100 + l);
  int const rotated = __builtin_amdgcn_ds_bpermute(((l + 2) % int(warpSize)) * 4, 100 + l);
  int const from_dead = __builtin_amdgcn_ds_bpermute(4 * (l % 4), 100 + l);
  out[3 * l] = first;
  out[3 * l + 1] = rotated;
  out[3 * l + 2] = from_dead;
}

TEST(SimtCrossLane, ReadFirstLaneAndBpermuteWithInactiveLanes) {
  ScopedTarget t("gfx1201");
  DeviceBuffer<int> out(std::vector<int>(96, -1));
  hipLaunchKernelGGL(after_early_exit, dim3(1), dim3(32), 0, 0, out.get());
  ASSERT_EQ(hipGetLastError(), hipSuccess);
  auto const v = out.host();
  for (int l = 4; l < 32; ++l) {
    EXPECT_EQ(v[size_t(3 * l)], 104) << l;
    int const src = (l + 2) % 32;
    EXPECT_EQ(v[size_t(3 * l + 1)], src < 4 ? 0 : 100 + src) << l;
    EXPECT_EQ(v[size_t(3 * l + 2)], 0) << l;
  }
}

__global__ void lane_ids(unsigned* out) {
  unsigned const t = threadIdx.x;
  out[4 * t] = __lane_id();
  out[4 * t + 1] = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u)); // HIP's __lane_id
  out[4 * t + 2] = __builtin_amdgcn_mbcnt_lo(0x0000ff00u, 0u);
  out[4 * t + 3] = __builtin_amdgcn_wavefrontsize();
}

TEST(SimtCrossLane, LaneIdsAndMbcnt) {
  ScopedTarget t("gfx942");
  DeviceBuffer<unsigned> out(4 * 128);
  hipLaunchKernelGGL(lane_ids, dim3(1), dim3(128), 0, 0, out.get());
  ASSERT_EQ(hipGetLastError(), hipSuccess);
  auto const v = out.host();
  for (unsigned i = 0; i < 128; ++i) {
    unsigned const l = i % 64;
    EXPECT_EQ(v[4 * i], l);
    EXPECT_EQ(v[4 * i + 1], l);
    EXPECT_EQ(v[4 * i + 2], l <= 8 ? 0u : std::min(l, 16u) - 8) << l;
    EXPECT_EQ(v[4 * i + 3], 64u);
  }
}

// --- transpose loads ----------------------------------------------------------------------------

constexpr int kCols = 40, kRows = 20; // B is kRows x kCols of 16-bit values: B[k][n] = 1000 k + n

template <class V>
__global__ void load_b128(V* b, V* out, int k_tile, int block_n) {
  int const tx = static_cast<int>(threadIdx.x);
  // reference/gemm-system.md §4: lane tx passes 8 contiguous elements of row k_tile + tx/4.
  V* p = reinterpret_cast<V*>(reinterpret_cast<short*>(b) + (k_tile + tx / 4) * kCols + block_n + (tx % 4) * 8);
  if constexpr (std::is_same_v<V, hip::v8i16>) out[tx] = __builtin_amdgcn_global_load_tr_b128_v8i16(p);
  if constexpr (std::is_same_v<V, hip::v8fp16>) out[tx] = __builtin_amdgcn_global_load_tr_b128_v8f16(p);
  if constexpr (std::is_same_v<V, hip::v8bf16>) out[tx] = __builtin_amdgcn_global_load_tr_b128_v8bf16(p);
}

// Element values base + 1000 k + n (16 bits); base 0x7f80 puts bf16 and f16 NaN patterns among
// them.
template <class V>
void check_b128(int k_tile, int block_n, int base = 0) {
  std::vector<short> host(kRows * kCols);
  for (int k = 0; k < kRows; ++k)
    for (int n = 0; n < kCols; ++n) host[size_t(k * kCols + n)] = static_cast<short>(base + 1000 * k + n);
  DeviceBuffer<short> b(host), out(32 * 8); // 16-bit patterns: no host conversion to __bf16 needed
  hipLaunchKernelGGL(load_b128<V>, dim3(1), dim3(32), 0, 0, reinterpret_cast<V*>(b.get()),
                     reinterpret_cast<V*>(out.get()), k_tile, block_n);
  ASSERT_EQ(hipGetLastError(), hipSuccess);
  auto const got = out.host();
  for (int tx = 0; tx < 32; ++tx)
    for (int e = 0; e < 8; ++e) {
      short const s = got[size_t(tx * 8 + e)];
      // Element e of lane tx is B[k_tile + (tx/8)*2 + e/4][block_n + (e%4)*8 + tx%8].
      EXPECT_EQ(s, static_cast<short>(base + 1000 * (k_tile + (tx / 8) * 2 + e / 4) + block_n + (e % 4) * 8 + tx % 8))
          << tx << " " << e;
    }
}

TEST(SimtCrossLane, TransposeLoadsB128FollowTheSeedLaneMap) {
  ScopedTarget t("gfx1201");
  check_b128<hip::v8i16>(0, 0);
  check_b128<hip::v8fp16>(8, 0);
  check_b128<hip::v8bf16>(4, 8);
  check_b128<hip::v8bf16>(0, 0, 0x7f80); // NaNs, signalling ones too, arrive bit for bit
  check_b128<hip::v8fp16>(0, 0, 0x7c00);
}

// clang-22 gives the transpose loads wherever gfx12-insts is, gfx1250 too (the same map [ASSUME]);
// RDNA3 has none: the launch stops there as clang's "needs target feature" does.
TEST(SimtCrossLane, TransposeLoadsRunWhereClangGivesThem) {
  {
    ScopedTarget t("gfx1250");
    check_b128<hip::v8fp16>(0, 0);
  }
  ScopedTarget t("gfx1100");
  DeviceBuffer<short> b(size_t(kRows * kCols)), out(32 * 8);
  hipLaunchKernelGGL(load_b128<hip::v8i16>, dim3(1), dim3(32), 0, 0, reinterpret_cast<hip::v8i16*>(b.get()),
                     reinterpret_cast<hip::v8i16*>(out.get()), 0, 0);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidDeviceFunction);
}

__global__ void load_b64(hip::v2i32* bytes, hip::v2i32* out) {
  out[threadIdx.x] = __builtin_amdgcn_global_load_tr_b64_v2i32(bytes + threadIdx.x);
}

// The b64 form moves bytes as b128 moves 16-bit elements [ASSUME]: byte e of lane L is byte L%8
// of what lane 8*(L/8)+e loaded.
TEST(SimtCrossLane, TransposeLoadB64IsTheByteTranspose) {
  ScopedTarget t("gfx1201");
  std::vector<unsigned char> host(32 * 8);
  for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<unsigned char>(i * 7 + 3);
  DeviceBuffer<unsigned char> in(host);
  DeviceBuffer<hip::v2i32> out(32);
  hipLaunchKernelGGL(load_b64, dim3(1), dim3(32), 0, 0, reinterpret_cast<hip::v2i32*>(in.get()), out.get());
  ASSERT_EQ(hipGetLastError(), hipSuccess);
  auto const got = out.host();
  for (int lane = 0; lane < 32; ++lane)
    for (int e = 0; e < 8; ++e) {
      unsigned char byte;
      std::memcpy(&byte, reinterpret_cast<char const*>(&got[size_t(lane)]) + e, 1);
      EXPECT_EQ(byte, host[size_t((8 * (lane / 8) + e) * 8 + lane % 8)]) << lane << " " << e;
    }
}

// --- gfx950 LDS transpose reads ---------------------------------------------------------------

// The lane map as the documents state it, in matrix terms: each group of 16 lanes reads a matrix
// of R rows (the K positions of one call) by 16 columns of w-bit fields, stored row-major in LDS
// (row r: 16 fields, 2w bytes), each lane pointing at its 64 (tr6: 96) contiguous bits of it;
// lane l of the group receives column l: field e of its result is row e, column l. R = 64 / w
// rows for the b64 forms, 16 for tr6.
enum class DsTr { k4, k8, k6, k16i, k16f, k16bf };
struct DsTrForm {
  DsTr form;
  int bits, bytes; // field width, bytes per lane
};
constexpr DsTrForm kDsTrForms[] = {{DsTr::k4, 4, 8},    {DsTr::k8, 8, 8},    {DsTr::k6, 6, 12},
                                   {DsTr::k16i, 16, 8}, {DsTr::k16f, 16, 8}, {DsTr::k16bf, 16, 8}};

template <DsTr F>
__global__ void ds_read_tr(unsigned char const* in, unsigned char* out, int bytes, int rows) {
  __shared__ unsigned char lds[64 * 12] __attribute__((aligned(16)));
  int const t = static_cast<int>(threadIdx.x);
  for (int i = t; i < 64 * bytes; i += static_cast<int>(blockDim.x)) lds[i] = in[i];
  __syncthreads();
  int const group = t / 16, l = t % 16, lanes_per_row = 16 / rows, row_bytes = 16 * bytes / rows;
  unsigned char* p = lds + group * 16 * bytes + (l / lanes_per_row) * row_bytes + (l % lanes_per_row) * bytes;
  unsigned char* o = out + t * bytes;
  if constexpr (F == DsTr::k4) {
    hip::v2i32 const v = __builtin_amdgcn_ds_read_tr4_b64_v2i32(reinterpret_cast<hip::v2i32*>(p));
    std::memcpy(o, &v, 8);
  } else if constexpr (F == DsTr::k8) {
    hip::v2i32 const v = __builtin_amdgcn_ds_read_tr8_b64_v2i32(reinterpret_cast<hip::v2i32*>(p));
    std::memcpy(o, &v, 8);
  } else if constexpr (F == DsTr::k6) {
    hip::v3i32 const v = __builtin_amdgcn_ds_read_tr6_b96_v3i32(reinterpret_cast<hip::v3i32*>(p));
    std::memcpy(o, &v, 12);
  } else if constexpr (F == DsTr::k16i) {
    hip::v4i16 const v = __builtin_amdgcn_ds_read_tr16_b64_v4i16(reinterpret_cast<hip::v4i16*>(p));
    std::memcpy(o, &v, 8);
  } else if constexpr (F == DsTr::k16f) {
    hip::v4fp16 const v = __builtin_amdgcn_ds_read_tr16_b64_v4f16(reinterpret_cast<hip::v4fp16*>(p));
    std::memcpy(o, &v, 8);
  } else {
    hip::v4bf16 const v = __builtin_amdgcn_ds_read_tr16_b64_v4bf16(reinterpret_cast<hip::v4bf16*>(p));
    std::memcpy(o, &v, 8);
  }
}

template <DsTr F>
auto* ds_read_tr_kernel() {
  return &ds_read_tr<F>;
}
using DsTrKernel = void (*)(unsigned char const*, unsigned char*, int, int);
DsTrKernel ds_tr_kernel(DsTr f) {
  switch (f) {
  case DsTr::k4:
    return ds_read_tr_kernel<DsTr::k4>();
  case DsTr::k8:
    return ds_read_tr_kernel<DsTr::k8>();
  case DsTr::k6:
    return ds_read_tr_kernel<DsTr::k6>();
  case DsTr::k16i:
    return ds_read_tr_kernel<DsTr::k16i>();
  case DsTr::k16f:
    return ds_read_tr_kernel<DsTr::k16f>();
  default:
    return ds_read_tr_kernel<DsTr::k16bf>();
  }
}

// Field `index` of `width` bits of a little-endian byte string.
unsigned field(unsigned char const* bytes, int index, int width) {
  unsigned v = 0;
  for (int b = 0; b < width; ++b) {
    int const bit = index * width + b;
    v |= unsigned(bytes[bit / 8] >> (bit % 8) & 1) << b;
  }
  return v;
}

// Switches on with the architecture: gfx950 is the only target of these builtins.
TEST(SimtCrossLane, DsReadTransposeGivesEachLaneAColumnOfItsGroupsRows) {
  if (!isa::find_arch("gfx950")) GTEST_SKIP() << "gfx950 is not in the catalog yet";
  ScopedTarget t("gfx950");
  long checked = 0;
  for (DsTrForm const f : kDsTrForms) {
    int const rows = f.form == DsTr::k6 ? 16 : 64 / f.bits, row_bytes = 2 * f.bits;
    std::vector<unsigned char> host(size_t(64 * f.bytes));
    for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<unsigned char>(i * 73 + 11 + (i >> 3)); // asymmetric
    DeviceBuffer<unsigned char> in(host), out(host.size());
    hipLaunchKernelGGL(ds_tr_kernel(f.form), dim3(1), dim3(64), 0, 0, in.get(), out.get(), f.bytes, rows);
    ASSERT_EQ(hipGetLastError(), hipSuccess) << f.bits;
    auto const got = out.host();
    for (int lane = 0; lane < 64; ++lane)
      for (int e = 0; e < rows; ++e) {
        unsigned char const* row = &host[size_t((lane / 16) * 16 * f.bytes + e * row_bytes)];
        EXPECT_EQ(field(&got[size_t(lane * f.bytes)], e, f.bits), field(row, lane % 16, f.bits))
            << "tr" << f.bits << " lane " << lane << " field " << e;
        ++checked;
      }
  }
  EXPECT_EQ(checked, 64L * (16 + 8 + 16 + 4 * 3));
}

// Elsewhere they stop the launch, naming the feature.
TEST(SimtCrossLane, DsReadTransposeIsGfx950Only) {
  ScopedTarget t("gfx942");
  std::vector<unsigned char> host(64 * 8);
  DeviceBuffer<unsigned char> in(host), out(host.size());
  hipLaunchKernelGGL(ds_tr_kernel(DsTr::k16f), dim3(1), dim3(64), 0, 0, in.get(), out.get(), 8, 4);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidDeviceFunction);
}

// --- global_load_lds ----------------------------------------------------------------------------

// Lane i loads element (7 i + 3) mod 64 of `src`: LDS receives them in lane order, one per
// max(size, 4) bytes from dst + offset; a wave of 48 lanes writes 48 slots.
template <class T>
__global__ void load_to_lds(T const* src, uint32_t* out, int size, int offset) {
  __shared__ uint32_t lds[64 * 4 + 16];
  int const t = static_cast<int>(threadIdx.x);
  for (int i = t; i < 64 * 4 + 16; i += static_cast<int>(blockDim.x)) lds[i] = 0xdeadbeefu;
  __syncthreads();
  T const* p = src + (7 * t + 3) % 64;
  if (size == 1)
    __builtin_amdgcn_global_load_lds(p, lds, 1, offset, 0);
  else if (size == 2)
    __builtin_amdgcn_global_load_lds(p, lds, 2, offset, 0);
  else if (size == 4)
    __builtin_amdgcn_global_load_lds(p, lds, 4, offset, 0);
  else
    __builtin_amdgcn_global_load_lds(p, lds, 16, offset, 0);
  __syncthreads();
  for (int i = t; i < 64 * 4 + 16; i += static_cast<int>(blockDim.x)) out[i] = lds[i];
}

template <class T>
void check_load_to_lds(int size, int lanes) {
  std::vector<T> host(64 + 4);
  for (size_t i = 0; i < host.size(); ++i) host[i] = static_cast<T>(0x9e3779b97f4a7c15ull * (i + 1) >> 17);
  DeviceBuffer<T> src(host);
  DeviceBuffer<uint32_t> out(64 * 4 + 16);
  int const offset = 8; // bytes
  hipLaunchKernelGGL(load_to_lds<T>, dim3(1), dim3(lanes), 0, 0, src.get(), out.get(), size, offset);
  ASSERT_EQ(hipGetLastError(), hipSuccess);
  auto const got = out.host();
  int const words = std::max(size, 4) / 4;
  for (int w = 0; w < 64 * 4 + 16; ++w) {
    int const slot = w - offset / 4, lane = slot / words;
    uint32_t want = 0xdeadbeefu;
    if (slot >= 0 && lane < lanes) {
      T v[4] = {};
      std::memcpy(v, &host[size_t((7 * lane + 3) % 64)], size_t(size)); // size bytes from the lane's element on
      uint32_t words_of[4] = {};
      std::memcpy(words_of, v, size_t(size));
      want = words_of[slot % words];
    }
    EXPECT_EQ(got[size_t(w)], want) << "size " << size << " word " << w;
  }
}

TEST(SimtCrossLane, GlobalLoadLdsWritesTheLanesInOrder) {
  ScopedTarget t("gfx942");
  check_load_to_lds<uint32_t>(4, 64);
  check_load_to_lds<uint32_t>(4, 48); // a partial wave: the missing lanes write nothing
  check_load_to_lds<uint16_t>(2, 64); // zero-extended to a dword each [ASSUME]
  check_load_to_lds<uint8_t>(1, 64);
}

TEST(SimtCrossLane, GlobalLoadLdsSixteenBytesIsGfx950Only) {
  ScopedTarget t("gfx942");
  std::vector<uint32_t> host(68);
  DeviceBuffer<uint32_t> src(host), out(64 * 4 + 16);
  hipLaunchKernelGGL(load_to_lds<uint32_t>, dim3(1), dim3(64), 0, 0, src.get(), out.get(), 16, 0);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidDeviceFunction);
  if (!isa::find_arch("gfx950")) return; // switches on with the architecture
  ScopedTarget t950("gfx950");
  check_load_to_lds<uint32_t>(16, 16);
}

TEST(SimtCrossLane, GlobalLoadLdsIsCdnaOnly) {
  ScopedTarget t("gfx1201", 32);
  std::vector<uint32_t> host(68);
  DeviceBuffer<uint32_t> src(host), out(64 * 4 + 16);
  hipLaunchKernelGGL(load_to_lds<uint32_t>, dim3(1), dim3(32), 0, 0, src.get(), out.get(), 4, 0);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidDeviceFunction);
}

} // namespace
} // namespace wavemma::simt::test
