// Atomics on global and shared memory from many blocks (which run on several OS threads), the
// votes and the block-wide reductions, as a HIP program; every result is checked against exact
// arithmetic done on the host.

#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

static int failures = 0;
#define EXPECT(cond, ...)                                                                                              \
  do {                                                                                                                 \
    if (!(cond)) {                                                                                                     \
      ++failures;                                                                                                      \
      std::printf("FAILED line %d: ", __LINE__);                                                                       \
      std::printf(__VA_ARGS__);                                                                                        \
      std::printf("\n");                                                                                               \
    }                                                                                                                  \
  } while (0)
#define HIP_CHECK(call)                                                                                                \
  do {                                                                                                                 \
    hipError_t const e = (call);                                                                                       \
    if (e != hipSuccess) {                                                                                             \
      std::printf("FAILED %s: %s\n", #call, hipGetErrorString(e));                                                     \
      return 1;                                                                                                        \
    }                                                                                                                  \
  } while (0)

struct Totals {
  int i_add;
  unsigned u_add;
  unsigned long long ull_add;
  long long ll_sub;
  float f_add; // integer-valued: exact in any order
  double d_add;
  int i_min, i_max;
  unsigned u_min, u_max;
  long long ll_min;
  unsigned long long ull_max;
  float f_min, f_max;
  double d_max;
  unsigned and_bits, or_bits, xor_bits;
  unsigned inc, dec;
  int exch_seen;
  int cas_sum;
  int shared_sum; // summed by the blocks' shared-memory totals
};

constexpr int kBlocks = 48, kThreads = 192, kIncLimit = 1000, kDecLimit = 777;

__host__ __device__ inline int value(int g) { return (g * 37) % 101 - 50; }

__global__ void hammer(Totals* t, int* exch) {
  int const g = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  int const v = value(g);
  atomicAdd(&t->i_add, v);
  atomicAdd(&t->u_add, static_cast<unsigned>(g));
  atomicAdd(&t->ull_add, static_cast<unsigned long long>(g) << 20);
  atomicSub(&t->ll_sub, static_cast<long long>(v) * 3);
  atomicAdd(&t->f_add, static_cast<float>(v));
  atomicAdd_system(&t->d_add, static_cast<double>(v) * 0.5);
  atomicMin(&t->i_min, v);
  atomicMax(&t->i_max, v);
  atomicMin(&t->u_min, static_cast<unsigned>(g + 5));
  atomicMax_block(&t->u_max, static_cast<unsigned>(g * 3));
  atomicMin(&t->ll_min, -static_cast<long long>(g) * 1000000007LL);
  atomicMax(&t->ull_max, static_cast<unsigned long long>(g) * 12345ULL);
  atomicMin(&t->f_min, static_cast<float>(v) - 0.5f);
  atomicMax(&t->f_max, static_cast<float>(v) + 0.25f);
  atomicMax(&t->d_max, static_cast<double>(g) / 8);
  atomicAnd(&t->and_bits, ~(1u << (g % 32)) | (g % 64 < 32 ? 0u : 0xFFFFFFFFu));
  atomicOr(&t->or_bits, 1u << (g % 31));
  atomicXor(&t->xor_bits, static_cast<unsigned>(g));
  atomicInc(&t->inc, kIncLimit);
  atomicDec(&t->dec, kDecLimit);
  // Each thread takes one slot with atomicExch: every old value is seen exactly once.
  int const old = atomicExch(&exch[g % 64], g);
  atomicAdd(&t->exch_seen, old);
  // A CAS loop adding g + 1.
  int seen = t->cas_sum, assumed;
  do {
    assumed = seen;
    seen = atomicCAS(&t->cas_sum, assumed, assumed + g + 1);
  } while (seen != assumed);
  // Shared memory: the block's threads add into one LDS word, thread 0 publishes it.
  __shared__ int block_total;
  if (threadIdx.x == 0) block_total = 0;
  __syncthreads();
  atomicAdd(&block_total, v);
  __syncthreads();
  if (threadIdx.x == 0) atomicAdd(&t->shared_sum, block_total);
}

// The block reductions and votes: counts of a predicate across the block and across the wave.
__global__ void votes(int* out) {
  int const t = static_cast<int>(threadIdx.x), b = static_cast<int>(blockIdx.x);
  int const pred = (t * 7 + b) % 5 == 0;
  int const count = __syncthreads_count(pred);
  int const all = __syncthreads_and(t < 1000);
  int const any = __syncthreads_or(t == 77 && b == 2);
  int const none = __syncthreads_or(0);
  if (t == 0) {
    out[4 * b + 0] = count;
    out[4 * b + 1] = all;
    out[4 * b + 2] = any;
    out[4 * b + 3] = none;
  }
}

int main() {
  hipDeviceProp_t props;
  HIP_CHECK(hipGetDeviceProperties(&props, 0));
  std::printf("%s\n", props.gcnArchName);
  Totals init{};
  init.i_min = 1 << 30;
  init.i_max = -(1 << 30);
  init.u_min = ~0u;
  init.ll_min = 0;
  init.f_min = 1e30f;
  init.f_max = -1e30f;
  init.d_max = -1;
  init.and_bits = ~0u;
  init.dec = 0;
  Totals* d = nullptr;
  int* exch = nullptr;
  HIP_CHECK(hipMalloc(&d, sizeof(Totals)));
  HIP_CHECK(hipMalloc(&exch, 64 * sizeof(int)));
  HIP_CHECK(hipMemcpy(d, &init, sizeof init, hipMemcpyHostToDevice));
  std::vector<int> exch_init(64);
  for (int i = 0; i < 64; ++i) exch_init[size_t(i)] = -1 - i;
  HIP_CHECK(hipMemcpy(exch, exch_init.data(), 64 * sizeof(int), hipMemcpyHostToDevice));
  hammer<<<kBlocks, kThreads>>>(d, exch);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  Totals got;
  HIP_CHECK(hipMemcpy(&got, d, sizeof got, hipMemcpyDeviceToHost));
  std::vector<int> exch_final(64);
  HIP_CHECK(hipMemcpy(exch_final.data(), exch, 64 * sizeof(int), hipMemcpyDeviceToHost));

  // The same operations, one after another.
  Totals want = init;
  int const n = kBlocks * kThreads;
  long long exch_all = 0;
  for (int i = 0; i < 64; ++i) exch_all += exch_init[size_t(i)];
  for (int g = 0; g < n; ++g) {
    int const v = value(g);
    want.i_add += v;
    want.u_add += unsigned(g);
    want.ull_add += static_cast<unsigned long long>(g) << 20;
    want.ll_sub -= static_cast<long long>(v) * 3;
    want.f_add += float(v);
    want.d_add += double(v) * 0.5;
    want.i_min = std::min(want.i_min, v);
    want.i_max = std::max(want.i_max, v);
    want.u_min = std::min(want.u_min, unsigned(g + 5));
    want.u_max = std::max(want.u_max, unsigned(g * 3));
    want.ll_min = std::min(want.ll_min, -static_cast<long long>(g) * 1000000007LL);
    want.ull_max = std::max(want.ull_max, static_cast<unsigned long long>(g) * 12345ULL);
    want.f_min = std::min(want.f_min, float(v) - 0.5f);
    want.f_max = std::max(want.f_max, float(v) + 0.25f);
    want.d_max = std::max(want.d_max, double(g) / 8);
    want.and_bits &= ~(1u << (g % 32)) | (g % 64 < 32 ? 0u : 0xFFFFFFFFu);
    want.or_bits |= 1u << (g % 31);
    want.xor_bits ^= unsigned(g);
    want.inc = want.inc >= unsigned(kIncLimit) ? 0 : want.inc + 1;
    want.dec = want.dec == 0 || want.dec > unsigned(kDecLimit) ? unsigned(kDecLimit) : want.dec - 1;
    want.cas_sum += g + 1;
    want.shared_sum += v;
    exch_all += g;
  }
  // Every value ever stored in the slots was read back exactly once, except the final ones.
  for (int i = 0; i < 64; ++i) exch_all -= exch_final[size_t(i)];
  want.exch_seen = int(exch_all);

  EXPECT(got.i_add == want.i_add, "int add %d vs %d", got.i_add, want.i_add);
  EXPECT(got.u_add == want.u_add, "unsigned add");
  EXPECT(got.ull_add == want.ull_add, "unsigned long long add");
  EXPECT(got.ll_sub == want.ll_sub, "long long sub");
  EXPECT(got.f_add == want.f_add, "float add %g vs %g", double(got.f_add), double(want.f_add));
  EXPECT(got.d_add == want.d_add, "double add");
  EXPECT(got.i_min == want.i_min && got.i_max == want.i_max, "int min/max");
  EXPECT(got.u_min == want.u_min && got.u_max == want.u_max, "unsigned min/max");
  EXPECT(got.ll_min == want.ll_min && got.ull_max == want.ull_max, "64-bit min/max");
  EXPECT(got.f_min == want.f_min && got.f_max == want.f_max && got.d_max == want.d_max, "float min/max");
  EXPECT(got.and_bits == want.and_bits && got.or_bits == want.or_bits && got.xor_bits == want.xor_bits, "bits");
  // inc and dec wrap at their limits; from n increments the final value is n mod (limit + 1).
  EXPECT(got.inc == want.inc && got.inc == unsigned(n % (kIncLimit + 1)), "atomicInc %u vs %u", got.inc, want.inc);
  EXPECT(got.dec == want.dec, "atomicDec %u vs %u", got.dec, want.dec);
  EXPECT(got.exch_seen == want.exch_seen, "atomicExch %d vs %d", got.exch_seen, want.exch_seen);
  EXPECT(got.cas_sum == want.cas_sum, "atomicCAS loop %d vs %d", got.cas_sum, want.cas_sum);
  EXPECT(got.shared_sum == want.shared_sum, "shared-memory atomics %d vs %d", got.shared_sum, want.shared_sum);

  // Votes: count, and, or over 200 threads in each of 5 blocks.
  int* v = nullptr;
  HIP_CHECK(hipMalloc(&v, 20 * sizeof(int)));
  votes<<<5, 200>>>(v);
  HIP_CHECK(hipGetLastError());
  std::vector<int> h(20);
  HIP_CHECK(hipMemcpy(h.data(), v, 20 * sizeof(int), hipMemcpyDeviceToHost));
  for (int b = 0; b < 5; ++b) {
    int count = 0;
    for (int t = 0; t < 200; ++t) count += (t * 7 + b) % 5 == 0;
    EXPECT(h[size_t(4 * b)] == count, "__syncthreads_count block %d: %d vs %d", b, h[size_t(4 * b)], count);
    EXPECT(h[size_t(4 * b + 1)] == 1, "__syncthreads_and block %d", b);
    EXPECT(h[size_t(4 * b + 2)] == (b == 2), "__syncthreads_or block %d", b);
    EXPECT(h[size_t(4 * b + 3)] == 0, "__syncthreads_or(0) block %d", b);
  }
  HIP_CHECK(hipFree(d));
  HIP_CHECK(hipFree(exch));
  HIP_CHECK(hipFree(v));
  if (failures) return 1;
  std::printf("atomics and votes: PASSED\n");
  return 0;
}
