// Architecture and GPU records. CU counts, peak clocks, memory size, interface width and data rate,
// and L2 size: AMD product specification pages [DOC] (MI300X's memory and 4 MiB L2 per XCD
// rechecked against public reports); LDS 64 KiB per CU on CDNA3, RDNA3 and RDNA4 [DOC: the ISA
// guides].
// Matrix units per CU: RDNA CUs have 2 SIMDs, CDNA3 CUs 4 matrix cores; with CALC's cycle counts
// they reproduce AMD's published peak matrix figures (e.g. MI300X 1307.4 TFLOPS f16, RX 9070 XT
// 195 TFLOPS f16 dense).

#include "wavemma/isa/arch.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace wavemma::isa {
namespace {

using enum Generation;

// clang-format off
constexpr std::array kArchs = std::to_array<Arch>({
  {"gfx1100", kGfx11,  "Radeon RX 7900 XTX/XT/GRE, Radeon PRO W7900/W7800", 2, true},
  {"gfx1101", kGfx11,  "Radeon RX 7800 XT/7700 XT, Radeon PRO W7700",        2, true},
  {"gfx1102", kGfx11,  "Radeon RX 7600/7600 XT",                              2, true},
  {"gfx1103", kGfx11,  "Radeon 780M/760M (Phoenix APU)",                      2, true},
  {"gfx1150", kGfx11,  "Radeon 890M (Strix Point APU, RDNA3.5)",              2, true},
  {"gfx1151", kGfx11,  "Radeon 8060S (Strix Halo APU, RDNA3.5)",              2, true},
  {"gfx1152", kGfx11,  "Krackan Point APU (RDNA3.5)",                         2, true},
  {"gfx1153", kGfx11,  "RDNA3.5 APU",                                         2, true},
  {"gfx1200", kGfx12,  "Radeon RX 9060 XT/9060",                              2, true},
  {"gfx1201", kGfx12,  "Radeon RX 9070 XT/9070, Radeon AI PRO R9700",         2, true},
  {"gfx940",  kGfx94x, "Instinct MI300 (early)",                              4, false},
  {"gfx941",  kGfx94x, "Instinct MI300 (early)",                              4, false},
  {"gfx942",  kGfx94x, "Instinct MI300X/MI300A/MI325X",                       4, true},
});

constexpr std::array kGpus = std::to_array<Gpu>({
  //                                                   CUs  clock  GiB   bus    MT/s  L2 KiB LDS KiB APU
  {"Radeon RX 9070 XT",       "rx9070xt", "gfx1201",  64, 2970,  16,  256, 20000,  8192, 64, false},
  {"Radeon RX 9070",          "rx9070",   "gfx1201",  56, 2520,  16,  256, 20000,  8192, 64, false},
  {"Radeon AI PRO R9700",     "r9700",    "gfx1201",  64, 2920,  32,  256, 20000,  8192, 64, false},
  {"Radeon RX 9060 XT",       "rx9060xt", "gfx1200",  32, 3130,  16,  128, 20000,  4096, 64, false},
  {"Radeon RX 7900 XTX",      "rx7900xtx","gfx1100",  96, 2500,  24,  384, 20000,  6144, 64, false},
  {"Radeon RX 7900 XT",       "rx7900xt", "gfx1100",  84, 2400,  20,  320, 20000,  6144, 64, false},
  {"Radeon PRO W7900",        "w7900",    "gfx1100",  96, 2495,  48,  384, 18000,  6144, 64, false},
  {"Instinct MI300X",         "mi300x",   "gfx942",  304, 2100, 192, 8192,  5200,  4096, 64, false},
  {"Instinct MI300A",         "mi300a",   "gfx942",  228, 2100, 128, 8192,  5200,  4096, 64, true},
  {"Instinct MI325X",         "mi325x",   "gfx942",  304, 2100, 256, 8192,  6000,  4096, 64, false},
});
// clang-format on

std::string lower(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '-' && c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

} // namespace

std::vector<int> Arch::wave_sizes() const { return is_rdna(gen) ? std::vector<int>{32, 64} : std::vector<int>{64}; }
int Arch::default_wave() const { return is_rdna(gen) ? 32 : 64; }
bool Arch::has_wave(int w) const { return w == 64 || (w == 32 && is_rdna(gen)); }

std::span<Arch const> architectures() { return kArchs; }

Arch const* find_arch(std::string_view name) {
  std::string const want = lower(name);
  std::string_view alias = want;
  if (want == "rdna3") alias = "gfx1100";
  if (want == "rdna35" || want == "rdna3.5") alias = "gfx1151";
  if (want == "rdna4") alias = "gfx1201";
  if (want == "cdna3") alias = "gfx942";
  for (auto const& a : kArchs)
    if (a.name == alias) return &a;
  return nullptr;
}

std::string known_arch_names() {
  std::string out;
  for (auto const& a : kArchs) out += std::string(a.name) + ", ";
  return out + "rdna3, rdna4, cdna3";
}

std::span<Gpu const> gpus() { return kGpus; }

Gpu const* find_gpu(std::string_view name) {
  std::string const want = lower(name);
  for (auto const& g : kGpus)
    if (lower(g.key) == want || lower(g.name) == want) return &g;
  // "9070xt" / "mi300x" without the vendor prefix
  for (auto const& g : kGpus)
    if (lower(g.name).ends_with(want)) return &g;
  return nullptr;
}

Gpu const* flagship_gpu(std::string_view arch) {
  for (auto const& g : kGpus)
    if (g.arch == arch) return &g; // the table lists each architecture's flagship first
  return nullptr;
}

} // namespace wavemma::isa
