// assert() in a kernel: glibc's assert macro calls __assert_fail, which the runtime defines, so
// that a failed assertion in a lane reports the kernel, block and thread as HIP's device assert
// does, then aborts the program (as the GPU's trap ends it). Outside a kernel it prints glibc's
// message. This definition takes the place of libc's for the whole program.

#include "block.hpp"
#include "faults.hpp"

#include <cassert>
#include <cerrno> // program_invocation_short_name, for glibc's own message
#include <cstdio>
#include <cstdlib>

extern "C" [[noreturn]] void __assert_fail(char const* assertion, char const* file, unsigned int line,
                                           char const* function) noexcept {
  using wavemma::simt::detail::current_lane;
  using wavemma::simt::detail::Lane;
  std::fflush(stdout);
  if (current_lane) {
    Lane const& l = static_cast<Lane const&>(*current_lane);
    std::fprintf(stderr,
                 "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Device-side assertion `%s' failed "
                 "(kernel %.*s, wave %d, lane %u).\n",
                 file, line, function, l.block_idx.x, l.block_idx.y, l.block_idx.z, l.thread_idx.x, l.thread_idx.y,
                 l.thread_idx.z, assertion, int(l.block->grid().kernel.size()), l.block->grid().kernel.data(), l.wave,
                 l.lane);
  } else {
    std::fprintf(stderr, "%s: %s:%u: %s: Assertion `%s' failed.\n", program_invocation_short_name, file, line, function,
                 assertion);
  }
  std::fflush(stderr);
  wavemma::simt::detail::fault_reported(); // the SIGABRT handler adds nothing to this line
  std::abort();
}
