#include "environment.hpp"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace wavemma::simt::detail {
namespace {

[[noreturn]] void refuse(char const* name, char const* value, char const* why) {
  std::fflush(stdout);
  std::fprintf(stderr, "wavemma: %s=%s: %s\n", name, value, why);
  std::exit(2);
}

char const* get(char const* name) {
  char const* v = std::getenv(name);
  return v && *v ? v : nullptr;
}

// A whole decimal number of seconds, finite and >= 0.
double seconds(char const* name, double unset) {
  char const* text = get(name);
  if (!text) return unset;
  char* end = nullptr;
  errno = 0;
  double const v = std::strtod(text, &end);
  if (end == text || *end != '\0' || errno == ERANGE || !std::isfinite(v) || v < 0)
    refuse(name, text, "not a number of seconds (a decimal >= 0; 0 turns it off)");
  return v;
}

} // namespace

int env_threads() {
  static int const n = [] {
    char const* text = get("WAVEMMA_THREADS");
    if (!text) return 0;
    char* end = nullptr;
    errno = 0;
    long const v = std::strtol(text, &end, 10);
    if (end == text || *end != '\0' || errno == ERANGE || v < 1 || v > 4096)
      refuse("WAVEMMA_THREADS", text, "not a number of OS threads from 1 to 4096");
    return static_cast<int>(v);
  }();
  return n;
}

size_t env_fiber_stack() {
  static size_t const bytes = [] {
    char const* text = get("WAVEMMA_FIBER_STACK");
    if (!text) return size_t{0};
    char const* why = "not a stack size from 16K to 1G (bytes, or with a K, M or G suffix)";
    if (*text < '0' || *text > '9') refuse("WAVEMMA_FIBER_STACK", text, why);
    char* end = nullptr;
    errno = 0;
    unsigned long long v = std::strtoull(text, &end, 10);
    int shift = 0;
    if (*end == 'k' || *end == 'K') shift = 10;
    if (*end == 'm' || *end == 'M') shift = 20;
    if (*end == 'g' || *end == 'G') shift = 30;
    if (shift) ++end;
    if (*end != '\0' || errno == ERANGE || v > (1ull << 30) >> shift) refuse("WAVEMMA_FIBER_STACK", text, why);
    v <<= shift;
    if (v < 16 * 1024) refuse("WAVEMMA_FIBER_STACK", text, why);
    return static_cast<size_t>(v);
  }();
  return bytes;
}

double env_progress() {
  static double const s = seconds("WAVEMMA_PROGRESS", 0);
  return s;
}

double env_watchdog() {
  static double const s = seconds("WAVEMMA_WATCHDOG", 300);
  return s;
}

bool env_lockstep_memory() {
  static bool const memory = [] {
    char const* text = get("WAVEMMA_LOCKSTEP");
    if (!text || std::strcmp(text, "memory") == 0) return true;
    if (std::strcmp(text, "collectives") != 0)
      refuse("WAVEMMA_LOCKSTEP", text, "not a lockstep (memory or collectives)");
    return false;
  }();
  return memory;
}

void check_environment() {
  env_lockstep_memory();
  env_threads();
  env_fiber_stack();
  env_progress();
  env_watchdog();
}

} // namespace wavemma::simt::detail
