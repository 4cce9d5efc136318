// The lanes' fiber switch itself (src/simt/fiber.hpp, fiber.cpp), as documented there and in
// docs/simt.md: a switch preserves the six callee-saved registers and the stack pointer; it does
// not switch the floating-point control state (MXCSR, the x87 control word), which the lanes of a
// block share with their OS thread; and every fiber stack has a guard page below it, so an
// overflow faults instead of overwriting a neighbour.

#include "fiber.hpp"
#include "simt_test.hpp"

#include <cfenv>
#include <csignal>
#include <cstdint>
#include <gtest/gtest.h>

namespace wavemma::simt::test {
namespace {

using detail::Fiber;
using detail::PooledStack;
using detail::StackPool;

#if defined(WAVEMMA_SIMT_OWN_FIBERS)

// wavemma_test_probe(fn, arg, seed): loads rbx, rbp, r12, r13, r14, r15 with seed + 1 .. seed + 6,
// calls fn(arg), and returns a mask of the registers that came back changed (bit 0: rbx, ...,
// bit 5: r15). An ABI-conforming fn -- one whose switches preserve what they must -- returns 0.
// wavemma_test_clobber is a function that breaks the ABI, to show that the probe can see it.
// clang-format off
asm(R"(
  # wavemma_test_check reg, k, bit: sets `bit` in %eax unless reg == seed (%rdx) + k.
  .macro wavemma_test_check reg, k, bit
  leaq \k(%rdx), %rcx
  cmpq %rcx, \reg
  je 1f
  orl $\bit, %eax
1:
  .endm

  .text
  .globl wavemma_test_probe
  .type wavemma_test_probe, @function
  .p2align 4
wavemma_test_probe:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  pushq %rdx                # the seed, and the 16-byte alignment of the call
  movq %rdi, %rax
  movq %rsi, %rdi
  leaq 1(%rdx), %rbx
  leaq 2(%rdx), %rbp
  leaq 3(%rdx), %r12
  leaq 4(%rdx), %r13
  leaq 5(%rdx), %r14
  leaq 6(%rdx), %r15
  callq *%rax
  movq (%rsp), %rdx
  xorl %eax, %eax
  wavemma_test_check %rbx, 1, 1
  wavemma_test_check %rbp, 2, 2
  wavemma_test_check %r12, 3, 4
  wavemma_test_check %r13, 4, 8
  wavemma_test_check %r14, 5, 16
  wavemma_test_check %r15, 6, 32
  popq %rdx
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size wavemma_test_probe, .-wavemma_test_probe

  .globl wavemma_test_clobber
  .type wavemma_test_clobber, @function
  .p2align 4
wavemma_test_clobber:
  xorl %ebx, %ebx
  xorl %ebp, %ebp
  xorl %r12d, %r12d
  xorl %r13d, %r13d
  xorl %r14d, %r14d
  xorl %r15d, %r15d
  ret
  .size wavemma_test_clobber, .-wavemma_test_clobber
)");
// clang-format on

extern "C" uint64_t wavemma_test_probe(void (*fn)(void*), void* arg, uint64_t seed);
extern "C" void wavemma_test_clobber(void*);

TEST(FiberSwitch, TheProbeSeesClobberedRegisters) {
  EXPECT_EQ(wavemma_test_probe(wavemma_test_clobber, nullptr, 0x1000), 0x3fu);
  EXPECT_EQ(wavemma_test_probe([](void*) {}, nullptr, 0x1000), 0u);
}

// The main context and a fiber each hold their own values in every callee-saved register while
// they switch to the other, twice each way.
TEST(FiberSwitch, CalleeSavedRegistersSurviveEverySwitch) {
  struct State {
    Fiber fiber, main;
    uint64_t fiber_mask = ~0ull;
  } s;
  auto resume_fiber = [](void* p) {
    auto* st = static_cast<State*>(p);
    st->fiber = std::move(st->fiber).resume();
  };
  s.fiber = Fiber(std::allocator_arg, PooledStack{&StackPool::local()}, [&s](Fiber&& main) {
    s.main = std::move(main);
    s.fiber_mask = wavemma_test_probe(
        [](void* p) {
          auto* st = static_cast<State*>(p);
          st->main = std::move(st->main).resume(); // back to the main context, until it resumes us
        },
        &s, 0x5a5a5a5a00000000ull);
    return std::move(s.main);
  });
  // First: the fiber starts, loads its values, switches back. Second: it resumes, checks, ends.
  EXPECT_EQ(wavemma_test_probe(resume_fiber, &s, 0x1111111100000000ull), 0u)
      << "main's registers after the fiber switched back";
  EXPECT_TRUE(s.fiber) << "the fiber is suspended";
  EXPECT_EQ(wavemma_test_probe(resume_fiber, &s, 0x2222222200000000ull), 0u)
      << "main's registers after the fiber ended";
  EXPECT_EQ(s.fiber_mask, 0u) << "the fiber's registers after main resumed it";
  EXPECT_FALSE(s.fiber) << "the fiber has finished";
}

uint32_t mxcsr() {
  uint32_t v;
  asm volatile("stmxcsr %0" : "=m"(v));
  return v;
}
void set_mxcsr(uint32_t v) { asm volatile("ldmxcsr %0" : : "m"(v)); }
uint16_t x87_control() {
  uint16_t v;
  asm volatile("fnstcw %0" : "=m"(v));
  return v;
}
void set_x87_control(uint16_t v) { asm volatile("fldcw %0" : : "m"(v)); }

// Documented: the switch leaves MXCSR and the x87 control word alone, so what one context sets
// the other sees.
TEST(FiberSwitch, FloatingPointControlWordsAreSharedNotSwitched) {
  uint32_t const saved_mxcsr = mxcsr();
  uint16_t const saved_x87 = x87_control();
  uint32_t const toward_zero = (saved_mxcsr & ~0x6000u) | 0x6000u, upward = (saved_mxcsr & ~0x6000u) | 0x4000u;
  uint16_t const x87_single = static_cast<uint16_t>(saved_x87 & ~0x0300u),
                 x87_double = static_cast<uint16_t>((saved_x87 & ~0x0300u) | 0x0200u);
  uint32_t seen_mxcsr = 0;
  uint16_t seen_x87 = 0;
  Fiber f(std::allocator_arg, PooledStack{&StackPool::local()}, [&](Fiber&& main) {
    seen_mxcsr = mxcsr(), seen_x87 = x87_control();
    set_mxcsr(upward);
    set_x87_control(x87_double);
    return std::move(main);
  });
  set_mxcsr(toward_zero);
  set_x87_control(x87_single);
  f = std::move(f).resume();
  uint32_t const back_mxcsr = mxcsr();
  uint16_t const back_x87 = x87_control();
  set_mxcsr(saved_mxcsr);
  set_x87_control(saved_x87);
  EXPECT_EQ(seen_mxcsr, toward_zero) << "the fiber runs with the MXCSR its OS thread had";
  EXPECT_EQ(seen_x87, x87_single);
  EXPECT_EQ(back_mxcsr, upward) << "what the fiber set stays when it switches back";
  EXPECT_EQ(back_x87, x87_double);
}

#else

TEST(FiberSwitch, CalleeSavedRegistersSurviveEverySwitch) {
  GTEST_SKIP() << "not wavemma's own x86-64 switch (Boost.Context fibers: under ASan, or another CPU)";
}

#endif

// docs/simt.md: the lanes of a block share their OS thread's floating-point control state. A lane
// of one wave sets the rounding mode; after a barrier every lane of both waves divides in it.
__global__ void rounding_kernel(int* modes, uint32_t* quotients) {
  int const t = static_cast<int>(threadIdx.x);
  if (t == 0) std::fesetround(FE_TOWARDZERO);
  __syncthreads();
  float volatile one = 1.0f, three = 3.0f;
  float const q = one / three;
  modes[t] = std::fegetround();
  quotients[t] = __builtin_bit_cast(uint32_t, q);
  __syncthreads();
  if (t == 0) std::fesetround(FE_TONEAREST);
}

TEST(FiberSwitch, TheLanesOfABlockShareTheRoundingMode) {
#if !defined(WAVEMMA_SIMT_OWN_FIBERS)
  GTEST_SKIP() << "documented for wavemma's own switch; the Boost.Context fibers used here may switch the "
                  "floating-point environment";
#endif
  ScopedTarget target("gfx1201"); // wave32: two waves in a block of 64
  ScopedThreads one(1);
  DeviceBuffer<int> modes(64);
  DeviceBuffer<uint32_t> quotients(64);
  hipLaunchKernelGGL(rounding_kernel, dim3(1), dim3(64), 0, 0, modes.get(), quotients.get());
  ASSERT_EQ(hipGetLastError(), hipSuccess);
  auto const m = modes.host();
  auto const q = quotients.host();
  for (int t = 0; t < 64; ++t) {
    EXPECT_EQ(m[size_t(t)], FE_TOWARDZERO) << "lane " << t;
    EXPECT_EQ(q[size_t(t)], 0x3eaaaaaau) << "lane " << t << ": 1/3 rounded toward zero (to nearest: 0x3eaaaaab)";
  }
  EXPECT_EQ(std::fegetround(), FE_TONEAREST);
}

// --- the guard page ------------------------------------------------------------------------------

// The lowest byte of a fiber stack is usable; the byte below it is the guard page.
TEST(FiberStackDeathTest, TheByteBelowAStackIsAGuardPage) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  auto touch = [](std::ptrdiff_t below_lowest) {
    auto sc = StackPool::local().allocate();
    char volatile* const lowest = static_cast<char*>(sc.sp) - sc.size;
    lowest[-below_lowest] = 1;
    StackPool::local().deallocate(sc);
  };
  touch(0); // lives
#if defined(WAVEMMA_SIMT_ASAN)
  EXPECT_DEATH(touch(1), "");
#else
  EXPECT_EXIT(touch(1), ::testing::KilledBySignal(SIGSEGV), "");
#endif
}

// A kernel that recurses past its lane's stack (WAVEMMA_FIBER_STACK, 256 KiB by default) faults
// on the guard page: the process dies of it rather than running on over other memory.
// Small frames, each written at both ends, so that the descent cannot step over the guard page.
__device__ int deep(int n) {
  char volatile frame[64];
  frame[0] = static_cast<char>(n);
  frame[63] = static_cast<char>(n);
  return n == 0 ? frame[0] : deep(n - 1) + frame[0] + frame[63];
}
__global__ void overflow_kernel(int* out) {
  out[threadIdx.x] = deep(1 << 16); // several MiB of frames
}

TEST(FiberStackDeathTest, AKernelThatOverflowsItsStackDiesOnTheGuardPage) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  auto run = [] {
    ScopedThreads one(1);
    DeviceBuffer<int> out(32);
    hipLaunchKernelGGL(overflow_kernel, dim3(1), dim3(32), 0, 0, out.get());
  };
#if defined(WAVEMMA_SIMT_ASAN)
  EXPECT_DEATH(run(), "");
#else
  EXPECT_EXIT(run(), ::testing::KilledBySignal(SIGSEGV), "");
#endif
}

} // namespace
} // namespace wavemma::simt::test
