#pragma once
// Lanes are fibers with the interface of Boost.Context's `fiber` (what Block uses of it: create on
// a pooled stack, resume() returning the context that switched back, unwinding of a suspended
// fiber on destruction).
//
// On x86-64 the switch is wavemma's own (fiber.cpp): six callee-saved registers and the stack
// pointer, nothing else. Boost.Context's fcontext switch also saves and restores MXCSR and the x87
// control word, whose load instructions cost more than the rest of the switch together; the lanes
// of a block share their OS thread's floating-point control state instead. Elsewhere, and under
// AddressSanitizer, lanes are Boost.Context fibers: the ucontext variant with BOOST_USE_ASAN, which
// tells ASan about every stack switch so that its fake stacks and the unwinding of destroyed fibers
// stay consistent. Only src/simt includes this header, so every translation unit makes the same
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
#elif defined(__x86_64__) && defined(__ELF__)
#define WAVEMMA_SIMT_OWN_FIBERS 1
#endif

#include <boost/context/stack_context.hpp>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <utility>
#include <vector>

#if !defined(WAVEMMA_SIMT_OWN_FIBERS)
#include <boost/context/fiber.hpp>
#endif

namespace wavemma::simt::detail {

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

#if defined(WAVEMMA_SIMT_OWN_FIBERS)

extern "C" {
// Saves the running context on its stack and continues `to`, which receives the context left with
// `tag` or'ed in (1: asks it to unwind); returns, when some context jumps back, that context.
void* wavemma_fiber_jump(void* to, uintptr_t tag) noexcept;
// Continues `to` for good (the running context has finished); `to` sees no context to return to.
[[noreturn]] void wavemma_fiber_exit(void* to) noexcept;
}

class Fiber;

// What sits at the top of a fiber's stack: its function and where the stack came from.
struct FiberRecord {
  PooledStack alloc;
  boost::context::stack_context stack;
  void* (*run)(FiberRecord*, void* from) noexcept; // returns the context to continue
};
// The first code of a new fiber, called by the assembly trampoline (fiber.cpp).
void fiber_main(void* from, FiberRecord*) noexcept;

// Thrown at the suspension point of a fiber that is destroyed while suspended; it unwinds the
// fiber's stack (destructors run) up to the fiber's entry, which then continues `from`.
struct ForcedUnwind {
  void* from;
};

class Fiber {
public:
  Fiber() noexcept = default;
  // A fiber that runs fn(Fiber&& caller) -> Fiber on a stack of the pool when first resumed, and
  // continues the fiber fn returns.
  template <class Fn>
  Fiber(std::allocator_arg_t, PooledStack alloc, Fn&& fn);
  Fiber(Fiber&& o) noexcept : ctx_(std::exchange(o.ctx_, nullptr)) {}
  Fiber& operator=(Fiber&& o) noexcept {
    if (this != &o) {
      Fiber dead(std::move(*this)); // unwound if it was a suspended fiber
      ctx_ = std::exchange(o.ctx_, nullptr);
    }
    return *this;
  }
  Fiber(Fiber const&) = delete;
  Fiber& operator=(Fiber const&) = delete;
  ~Fiber() {
    if (ctx_) wavemma_fiber_jump(std::exchange(ctx_, nullptr), 1);
  }
  explicit operator bool() const noexcept { return ctx_ != nullptr; }
  // Where a suspended fiber's saved registers lie, with its innermost frames just above them
  // (nullptr when not suspended): what resuming it reads first.
  void const* saved_context() const noexcept { return ctx_; }

  // Continues this fiber; returns the context that switches back to the caller.
  Fiber resume() && {
    void* const from = wavemma_fiber_jump(std::exchange(ctx_, nullptr), 0);
    if (reinterpret_cast<uintptr_t>(from) & 1) [[unlikely]]
      throw ForcedUnwind{untag(from)};
    return Fiber(from);
  }

private:
  explicit Fiber(void* ctx) noexcept : ctx_(ctx) {}
  static void* untag(void* p) { return reinterpret_cast<void*>(reinterpret_cast<uintptr_t>(p) & ~uintptr_t{1}); }

  template <class Fn>
  struct Typed : FiberRecord {
    Fn fn;
  };
  static void* initial_context(void* record_top, FiberRecord*) noexcept;

  template <class Fn>
  static void* run(FiberRecord* r, void* from) noexcept {
    auto* t = static_cast<Typed<Fn>*>(r);
    void* next;
    if (reinterpret_cast<uintptr_t>(from) & 1) {
      next = untag(from); // destroyed before it ever ran
    } else {
      try {
        Fiber n = t->fn(Fiber(from));
        next = std::exchange(n.ctx_, nullptr);
      } catch (ForcedUnwind const& u) {
        next = u.from;
      }
    }
    PooledStack alloc = t->alloc;
    boost::context::stack_context stack = t->stack;
    t->~Typed();
    // The stack goes back to the pool while this code still runs on it: nothing can take it from
    // the pool (of this thread) before the exit below leaves it.
    alloc.deallocate(stack);
    return next;
  }

  void* ctx_ = nullptr;
};

template <class Fn>
Fiber::Fiber(std::allocator_arg_t, PooledStack alloc, Fn&& fn) {
  using T = Typed<std::decay_t<Fn>>;
  boost::context::stack_context const sc = alloc.allocate();
  // The record at the top of the stack (64-byte aligned), the first frame below it.
  auto const top = reinterpret_cast<uintptr_t>(sc.sp);
  auto* t = new (reinterpret_cast<void*>((top - sizeof(T)) & ~uintptr_t{63}))
      T{{alloc, sc, &Fiber::run<std::decay_t<Fn>>}, std::forward<Fn>(fn)};
  ctx_ = initial_context(t, t);
}

#else

using Fiber = boost::context::fiber;
using ForcedUnwind = boost::context::detail::forced_unwind;

#endif

} // namespace wavemma::simt::detail
