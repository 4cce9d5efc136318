// Fiber stacks: mmap'd with a guard page, pooled per OS thread. The ucontext fibers used under
// AddressSanitizer need the per-thread "current fiber" record that Boost.Context's compiled
// library provides only in its ucontext build; Debian ships the fcontext build, so it is here.

#include "environment.hpp"
#include "fiber.hpp"

#include <cstdlib>
#include <new>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

namespace wavemma::simt::detail {
namespace {

size_t page_size() {
  static size_t const size = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

} // namespace

size_t StackPool::stack_size() {
  static size_t const size = [] {
    size_t const wanted = env_fiber_stack();
    size_t const bytes = wanted ? wanted : 256 * 1024;
    return (bytes + page_size() - 1) / page_size() * page_size();
  }();
  return size;
}

StackPool& StackPool::local() {
  thread_local StackPool pool;
  return pool;
}

boost::context::stack_context StackPool::allocate() {
  if (!free_.empty()) {
    auto sc = free_.back();
    free_.pop_back();
    return sc;
  }
  size_t const size = stack_size(), guard = page_size();
  void* base = mmap(nullptr, size + guard, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED) throw std::bad_alloc();
  mprotect(base, guard, PROT_NONE);
  // Stacks start at different offsets within a page (multiples of 256 bytes: Boost.Context aligns
  // its record to 256), so that the lanes' hot frames do not all fall into the same cache sets.
  size_t const color = 256 * (created_++ % 64);
  boost::context::stack_context sc;
  sc.size = size - color;
  sc.sp = static_cast<char*>(base) + guard + size - color; // stacks grow down from sp
  return sc;
}

void StackPool::deallocate(boost::context::stack_context& sc) noexcept {
#if defined(WAVEMMA_SIMT_ASAN)
  // A fiber destroyed mid-kernel leaves ASan's redzones of its frames behind.
  ASAN_UNPOISON_MEMORY_REGION(static_cast<char*>(sc.sp) - sc.size, sc.size);
#endif
  free_.push_back(sc);
}

StackPool::~StackPool() {
  for (auto const& sc : free_) {
    char* const base = static_cast<char*>(sc.sp) - sc.size - page_size();
    munmap(base, stack_size() + page_size());
  }
}

} // namespace wavemma::simt::detail

#if defined(WAVEMMA_SIMT_ASAN)
namespace boost::context::detail {
// The record of the fiber running on this thread; the thread's own context until a fiber runs.
fiber_activation_record*& fiber_activation_record::current() noexcept {
  thread_local fiber_activation_record thread_context;
  thread_local fiber_activation_record* running = &thread_context;
  return running;
}
} // namespace boost::context::detail

// ASan's fake stacks for use-after-return checks grow with every fiber a process runs and are not
// reclaimed across ucontext switches: rocm-examples' saxpy (a million threads), built by this
// build's wavemma-hipcc, was killed at 21 GB. Programs linked with the ASan-built runtime turn the
// check off by default, as the asan test preset does; ASAN_OPTIONS still decides.
extern "C" char const* __asan_default_options() { return "detect_stack_use_after_return=0"; }
#endif
