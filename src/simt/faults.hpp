#pragma once
// A fault inside a kernel says where it was. Signal handlers (SIGSEGV, SIGBUS, SIGFPE, SIGILL,
// SIGABRT) on an alternate stack (the lane's own may be what overflowed) write one line naming the
// signal, kernel, block, wave and lane, then hand the signal to the disposition the program had, so
// that the process ends as it would have (or a sanitizer's handler reports it too). Everything
// the handler prints is formatted beforehand or with async-signal-safe code, and written with
// write(2). An integer division by zero (or INT_MIN / -1) of 32 bits in a lane gives what AMDGPU's
// expansion of the division gives, as on the GPU, and the lane goes on.

#include "wavemma/simt/runtime.hpp"

#include <string_view>

namespace wavemma::simt::detail {

void install_fault_handlers();                         // once per process (the first launch)
void prepare_fault_thread();                           // per OS thread that runs blocks: the alternate stack
void enter_block(std::string_view kernel, Dim3 block); // preformats the block's part of the line
void leave_block();
void fault_reported(); // the program's end was already explained (a device assert): no second line

// AMDGPU's 32-bit unsigned division and remainder (AMDGPUCodeGenPrepare::expandDivRem32, the DAG's
// LowerUDIVREM the same): exact for y != 0; for y == 0 the reciprocal is +inf, which v_cvt_u32_f32
// saturates to 0xffffffff, and the two refinement steps each add 1: x / 0 = x + 1 (0 / 0 = 2),
// x % 0 = x. Signed: on magnitudes, then the signs (INT_MIN / -1 = INT_MIN, remainder 0).
struct DivRem32 {
  uint32_t quotient, remainder;
};
DivRem32 amdgpu_udivrem32(uint32_t x, uint32_t y);
DivRem32 amdgpu_sdivrem32(int32_t x, int32_t y);

} // namespace wavemma::simt::detail
