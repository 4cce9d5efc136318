#pragma once
// Lanes are Boost.Context fibers: normally the fcontext switch (a few instructions, ~15 ns for a
// round trip); under AddressSanitizer the ucontext variant with BOOST_USE_ASAN, which tells ASan
// about every stack switch so that its fake stacks and the unwinding of destroyed fibers stay
// consistent. Only src/simt includes Boost.Context, so every translation unit makes the same
// choice.

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define WAVEMMA_SIMT_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(WAVEMMA_SIMT_ASAN)
#define WAVEMMA_SIMT_ASAN 1
#endif

#if defined(WAVEMMA_SIMT_ASAN)
#define BOOST_USE_UCONTEXT
#define BOOST_USE_ASAN
#include <sanitizer/asan_interface.h>
#endif

#include <boost/context/fiber.hpp>
#include <boost/context/stack_context.hpp>
#include <cstddef>
#include <vector>

namespace wavemma::simt::detail {

using Fiber = boost::context::fiber;
using ForcedUnwind = boost::context::detail::forced_unwind;

// Fiber stacks of one OS thread, reused from block to block. Each has a guard page below it, so a
// kernel that overflows its stack faults instead of overwriting a neighbour.
// Size: WAVEMMA_FIBER_STACK (bytes, or with a K/M suffix), default 256 KiB.
class StackPool {
public:
  static StackPool& local();
  static size_t stack_size();
  boost::context::stack_context allocate();
  void deallocate(boost::context::stack_context&) noexcept;
  ~StackPool();

private:
  std::vector<boost::context::stack_context> free_;
  size_t created_ = 0;
};

// Boost.Context's StackAllocator interface over the pool.
struct PooledStack {
  StackPool* pool;
  boost::context::stack_context allocate() { return pool->allocate(); }
  void deallocate(boost::context::stack_context& sc) noexcept { pool->deallocate(sc); }
};

} // namespace wavemma::simt::detail
