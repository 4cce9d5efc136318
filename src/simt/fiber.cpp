// wavemma's own fiber switch (x86-64 System V, ELF): see fiber.hpp for why.
//
// A suspended context is its stack pointer; below it lie r12, r13, r14, r15, rbx, rbp and the
// return address, pushed by the jump that suspended it. A jump hands the context it leaves to the
// one it continues in %rax: that is the value wavemma_fiber_jump returns there.

#include "fiber.hpp"

#if defined(WAVEMMA_SIMT_OWN_FIBERS)

// clang-format off
asm(R"(
  .text

  # wavemma_fiber_jump(to, tag): the context it leaves, tagged, goes to `to` in %rax.
  .globl wavemma_fiber_jump
  .type wavemma_fiber_jump, @function
  .p2align 4
wavemma_fiber_jump:
  pushq %rbp
  pushq %rbx
  pushq %r15
  pushq %r14
  pushq %r13
  pushq %r12
  movq %rsp, %rax
  orq %rsi, %rax
  movq %rdi, %rsp
.Lwavemma_fiber_restore:
  popq %r12
  popq %r13
  popq %r14
  popq %r15
  popq %rbx
  popq %rbp
  ret
  .size wavemma_fiber_jump, .-wavemma_fiber_jump

  .globl wavemma_fiber_exit
  .type wavemma_fiber_exit, @function
  .p2align 4
wavemma_fiber_exit:
  movq %rdi, %rsp
  xorl %eax, %eax
  jmp .Lwavemma_fiber_restore
  .size wavemma_fiber_exit, .-wavemma_fiber_exit

  # The first code of a fiber: %rax = the context that started it, %r12 = its record,
  # %r13 = fiber_main. The return address above it is 0: unwinders stop here.
  .type wavemma_fiber_trampoline, @function
  .p2align 4
wavemma_fiber_trampoline:
  .cfi_startproc
  .cfi_undefined rip
  movq %rax, %rdi
  movq %r12, %rsi
  andq $-16, %rsp
  callq *%r13
  ud2
  .cfi_endproc
  .size wavemma_fiber_trampoline, .-wavemma_fiber_trampoline
)");
// clang-format on

extern "C" void wavemma_fiber_trampoline();

namespace wavemma::simt::detail {

void fiber_main(void* from, FiberRecord* r) noexcept { wavemma_fiber_exit(r->run(r, from)); }

void* Fiber::initial_context(void* record_top, FiberRecord* r) noexcept {
  auto const below = (reinterpret_cast<uintptr_t>(record_top) - 8 * sizeof(void*)) & ~uintptr_t{15};
  auto* slots = reinterpret_cast<void**>(below);
  slots[0] = r;                                                  // r12
  slots[1] = reinterpret_cast<void*>(&fiber_main);               // r13
  slots[2] = slots[3] = slots[4] = slots[5] = nullptr;           // r14, r15, rbx, rbp
  slots[6] = reinterpret_cast<void*>(&wavemma_fiber_trampoline); // return address
  slots[7] = nullptr;
  return slots;
}

} // namespace wavemma::simt::detail

#endif
