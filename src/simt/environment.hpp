#pragma once
// The runtime's environment variables, each read once. A malformed or impossible value ends the
// process with one line on stderr and exit status 2, before any kernel runs (check_environment at
// the first launch): a run with a setting other than the one asked for would be silently wrong.
// WAVEMMA_ARCH and WAVEMMA_WAVE are the target's (launch.cpp): a bad one is hipErrorInvalidDevice.

#include <cstddef>

namespace wavemma::simt::detail {

int env_threads();        // WAVEMMA_THREADS: 1..4096 OS threads; 0 when unset or empty
size_t env_fiber_stack(); // WAVEMMA_FIBER_STACK: 16 KiB..1 GiB, "262144", "256K", "1M"; 0 when unset
double env_progress();    // WAVEMMA_PROGRESS: seconds between reports, >= 0 (0: off, the default)
double env_watchdog();    // WAVEMMA_WATCHDOG: seconds without progress, >= 0 (0: off; default 300)
// WAVEMMA_LOCKSTEP: "memory" (the default: a wave's lanes also meet at plain stores and the loads
// after them, block.cpp) or "collectives" (only at cross-lane operations and barriers).
bool env_lockstep_memory();
void check_environment(); // reads every one of them

} // namespace wavemma::simt::detail
