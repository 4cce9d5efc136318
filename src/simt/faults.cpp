// Faults in kernels: the one line that says where, and AMDGPU's integer division by zero.

#include "faults.hpp"

#include "block.hpp"
#include "fiber.hpp"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

// AddressSanitizer's, when the program has it (weak: the runtime itself is built without).
extern "C" void __asan_set_error_report_callback(void (*)(char const*)) __attribute__((weak));

namespace wavemma::simt::detail {

DivRem32 amdgpu_udivrem32(uint32_t x, uint32_t y) {
  if (y != 0) return {x / y, x % y}; // the expansion is exact
  // The steps of the expansion with its initial estimate of 2^32 / y saturated: one Newton-Raphson
  // round (z += umulh(z, -y * z): no change), q = umulh(x, z), r = x - q * y, then twice
  // "if (r >= y) ++q, r -= y", always taken.
  uint32_t const z = 0xffffffffu;
  uint32_t q = static_cast<uint32_t>((uint64_t(x) * z) >> 32), r = x - q * y;
  for (int step = 0; step < 2; ++step)
    if (r >= y) ++q, r -= y;
  return {q, r};
}

DivRem32 amdgpu_sdivrem32(int32_t x, int32_t y) {
  uint32_t const sx = x < 0 ? ~0u : 0u, sy = y < 0 ? ~0u : 0u;
  uint32_t const ax = (uint32_t(x) + sx) ^ sx, ay = (uint32_t(y) + sy) ^ sy;
  DivRem32 const u = amdgpu_udivrem32(ax, ay);
  uint32_t const sq = sx ^ sy;
  return {(u.quotient ^ sq) - sq, (u.remainder ^ sx) - sx};
}

namespace {

// --- async-signal-safe text ----------------------------------------------------------------------
struct Line {
  char text[768];
  size_t size = 0;
  Line& operator<<(char const* s) {
    while (*s && size + 1 < sizeof text) text[size++] = *s++;
    return *this;
  }
  Line& operator<<(std::string_view s) {
    for (char c : s)
      if (size + 1 < sizeof text) text[size++] = c;
    return *this;
  }
  Line& number(unsigned long long v, int base = 10) {
    char digits[24];
    int n = 0;
    do {
      digits[n++] = "0123456789abcdef"[v % unsigned(base)];
      v /= unsigned(base);
    } while (v);
    if (base == 16) *this << "0x";
    while (n) *this << std::string_view(&digits[--n], 1);
    return *this;
  }
};

// The running block's part of the line, formatted when the block starts.
thread_local Line t_block;
thread_local bool t_in_block = false;

struct sigaction g_previous[NSIG];
constexpr int kSignals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};

char const* signal_name(int sig) {
  switch (sig) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGBUS:
    return "SIGBUS";
  case SIGFPE:
    return "SIGFPE";
  case SIGILL:
    return "SIGILL";
  case SIGABRT:
    return "SIGABRT";
  default:
    return "signal";
  }
}

// --- x86-64: a faulting div/idiv ------------------------------------------------------------------
#if defined(__x86_64__) && defined(__linux__)
constexpr int kGreg[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP, REG_RSI, REG_RDI,
                           REG_R8,  REG_R9,  REG_R10, REG_R11, REG_R12, REG_R13, REG_R14, REG_R15};

// Decodes `div`/`idiv r/m32` (F7 /6, /7) at the faulting instruction and, when its dividend is a
// 32-bit value (edx its extension, as compilers emit it), completes it as AMDGPU would. False
// for any other instruction or width (then the fault is reported).
bool emulate_division(ucontext_t* uc, char const** what) {
  greg_t* const g = uc->uc_mcontext.gregs;
  auto const* ip = reinterpret_cast<unsigned char const*>(g[REG_RIP]);
  unsigned char const* at = ip;
  int rex = 0;
  if (*at >= 0x40 && *at <= 0x4f) rex = *at++;
  if (*at == 0x66 || (rex & 8)) {
    *what = "integer division by zero or overflow (16- or 64-bit: AMDGPU's result is not emulated)";
    return false;
  }
  if (*at != 0xf7) return false;
  unsigned char const modrm = *++at;
  ++at;
  int const mod = modrm >> 6, reg = (modrm >> 3) & 7, rm = modrm & 7;
  if (reg != 6 && reg != 7) return false;
  bool const is_signed = reg == 7;
  uint32_t divisor = 0;
  if (mod == 3) {
    divisor = static_cast<uint32_t>(g[kGreg[rm | ((rex & 1) << 3)]]);
  } else {
    uintptr_t address = 0;
    int base = rm;
    if (rm == 4) { // SIB
      unsigned char const sib = *at++;
      int const scale = sib >> 6, index = ((sib >> 3) & 7) | ((rex & 2) << 2);
      base = (sib & 7) | ((rex & 1) << 3);
      if (index != 4) address += uintptr_t(g[kGreg[index]]) << scale;
      if ((sib & 7) == 5 && mod == 0) {
        int32_t disp;
        std::memcpy(&disp, at, 4);
        at += 4;
        address += uintptr_t(intptr_t(disp));
        base = -1;
      }
    } else {
      base = rm | ((rex & 1) << 3);
      if (rm == 5 && mod == 0) { // rip-relative
        int32_t disp;
        std::memcpy(&disp, at, 4);
        at += 4;
        address = reinterpret_cast<uintptr_t>(at) + uintptr_t(intptr_t(disp));
        base = -2;
      }
    }
    if (base >= 0) address += uintptr_t(g[kGreg[base]]);
    if (mod == 1) address += uintptr_t(intptr_t(static_cast<int8_t>(*at++)));
    if (mod == 2) {
      int32_t disp;
      std::memcpy(&disp, at, 4);
      at += 4;
      address += uintptr_t(intptr_t(disp));
    }
    std::memcpy(&divisor, reinterpret_cast<void const*>(address), 4);
  }
  auto const eax = static_cast<uint32_t>(g[REG_RAX]), edx = static_cast<uint32_t>(g[REG_RDX]);
  uint32_t const extension = is_signed ? (int32_t(eax) < 0 ? ~0u : 0u) : 0u;
  if (edx != extension) {
    *what = "integer division whose quotient does not fit 32 bits (AMDGPU's result is not emulated)";
    return false;
  }
  DivRem32 const r = is_signed ? amdgpu_sdivrem32(int32_t(eax), int32_t(divisor)) : amdgpu_udivrem32(eax, divisor);
  g[REG_RAX] = greg_t(r.quotient); // a 32-bit result zero-extends, as the instruction writes it
  g[REG_RDX] = greg_t(r.remainder);
  g[REG_RIP] = greg_t(reinterpret_cast<uintptr_t>(at));
  return true;
}
#else
bool emulate_division(ucontext_t*, char const**) { return false; }
#endif

std::atomic<bool> g_reported{false}; // one line per process

// " in kernel k, block (x,y,z), wave w, lane l (thread (x,y,z))\n", then the line goes out.
void write_where(Line& line, Lane const& lane) {
  line << " in " << std::string_view(t_block.text, t_block.size) << ", wave ";
  line.number(unsigned(lane.wave)) << ", lane ";
  line.number(lane.lane) << " (thread (";
  line.number(lane.thread_idx.x) << ",";
  line.number(lane.thread_idx.y) << ",";
  line.number(lane.thread_idx.z) << "))\n";
  if (g_reported.exchange(true)) return;
  ssize_t const ignored = write(STDERR_FILENO, line.text, line.size);
  (void)ignored;
}

// AddressSanitizer (a program built with wavemma-hipcc -fsanitize=address) has printed its report
// of a bad access; the lane that made it is this thread's running lane.
void on_asan_report(char const*) {
  auto* const lane = static_cast<Lane*>(current_lane);
  if (!lane || !t_in_block) return;
  Line line;
  line << "wavemma: the AddressSanitizer report above is of an access";
  write_where(line, *lane);
}

void on_signal(int sig, siginfo_t* info, void* context) {
  int const saved_errno = errno;
  auto* const lane = static_cast<Lane*>(current_lane);
  if (lane && t_in_block) {
    char const* what = nullptr;
    if (sig == SIGFPE && info->si_code > 0 && emulate_division(static_cast<ucontext_t*>(context), &what)) {
      errno = saved_errno;
      return;
    }
    Line line;
    line << "wavemma: " << signal_name(sig);
    auto const address = reinterpret_cast<uintptr_t>(info->si_addr);
    size_t const stack = StackPool::stack_size(), page = size_t(sysconf(_SC_PAGESIZE));
    auto const top = reinterpret_cast<uintptr_t>(lane->stack_top);
    if ((sig == SIGSEGV || sig == SIGBUS) && top && address + stack + page >= top && address < top - stack + 20480) {
      line << " (the lane's stack overflowed: WAVEMMA_FIBER_STACK is ";
      line.number(stack) << " bytes; raise it, e.g. WAVEMMA_FIBER_STACK=";
      line.number(stack * 4 >> 10) << "K)";
    } else if (sig == SIGSEGV || sig == SIGBUS) {
      line << (address < 4096 ? " (null pointer access at " : " (invalid access at ");
      line.number(address, 16) << ")";
    } else if (sig == SIGFPE) {
      line << " (" << (what ? what : "arithmetic exception") << ")";
    } else if (sig == SIGABRT) {
      line << " (abort() or a failed check)";
    } else if (sig == SIGILL) {
      line << " (illegal instruction: __builtin_trap() or unreachable code)";
    }
    write_where(line, *lane);
  }
  // The program's own disposition takes over: a fault comes back when the instruction runs again,
  // a raised signal is raised again.
  sigaction(sig, &g_previous[sig], nullptr);
  if (info->si_code <= 0 || sig == SIGABRT) raise(sig);
  errno = saved_errno;
}

} // namespace

void install_fault_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action{};
    action.sa_sigaction = on_signal;
    action.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&action.sa_mask);
    for (int sig : kSignals) sigaction(sig, &action, &g_previous[sig]);
    if (__asan_set_error_report_callback) __asan_set_error_report_callback(on_asan_report);
  });
}

void prepare_fault_thread() {
  thread_local bool ready = false;
  if (ready) return;
  ready = true;
  stack_t current{};
  if (sigaltstack(nullptr, &current) == 0 && !(current.ss_flags & SS_DISABLE)) return; // the program's own
  size_t const size = 64 * 1024;
  void* memory = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) return;
  stack_t alt{};
  alt.ss_sp = memory;
  alt.ss_size = size;
  sigaltstack(&alt, nullptr); // kept for the thread's life: the pool's threads live until exit
}

void enter_block(std::string_view kernel, Dim3 block) {
  t_block.size = 0;
  t_block << "kernel " << kernel << ", block (";
  t_block.number(block.x) << ",";
  t_block.number(block.y) << ",";
  t_block.number(block.z) << ")";
  t_in_block = true;
}

void leave_block() { t_in_block = false; }

void fault_reported() { g_reported = true; }

} // namespace wavemma::simt::detail
