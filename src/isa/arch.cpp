// Architecture and GPU records. CU counts, peak clocks, memory size, interface width and data rate,
// and L2 size: AMD product specification pages [DOC] (MI300X's memory and 4 MiB L2 per XCD
// rechecked against public reports; MI100 32 GB HBM2 at 1.2 TB/s, MI210 64 GB HBM2e at 1.6 TB/s,
// MI250X 128 GB HBM2e at 3.2 TB/s, 8 MB L2 per GCD; MI350X/MI355X 288 GB HBM3E at 8 TB/s, 4 MB L2
// per XCD: amd.com/en/products/accelerators/instinct/...); LDS 64 KiB per CU on CDNA1-3, RDNA3 and
// RDNA4, 160 KiB on CDNA4 [DOC: the ISA guides, CDNA4 whitepaper].
// Matrix units per CU: RDNA CUs have 2 SIMDs, CDNA CUs 4 matrix cores; with CALC's cycle counts
// (LLVM's gfx950 schedule model for CDNA4) they reproduce AMD's published peak matrix figures (e.g.
// MI100 184.6 TFLOPS f16, MI250X 383.0, MI300X 1307.4, MI355X 2516.6 dense; RX 9070 XT 195 TFLOPS
// f16 dense): tests/isa/catalog_test.cpp.

#include "wavemma/isa/arch.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <fmt/format.h>
#include <stdexcept>
#include <string>

namespace wavemma::isa {
namespace {

using enum Generation;
using enum Feature;

// clang's names, in Feature order.
constexpr std::array<std::string_view, kFeatureCount> kFeatureNames = {
    "dpp",
    "gfx8-insts",
    "gfx9-insts",
    "gfx90a-insts",
    "gfx940-insts",
    "gfx950-insts",
    "gfx10-insts",
    "gfx10-3-insts",
    "gfx11-insts",
    "gfx12-insts",
    "gfx1250-insts",
    "mai-insts",
    "fp8-insts",
    "fp8-conversion-insts",
    "permlane16-swap",
    "permlane32-swap",
    "s-memtime-inst",
    "s-memrealtime",
    "vmem-to-lds-load-insts",
    "wavefrontsize32",
    "wavefrontsize64",
};

// clang-22's target features of each line of architectures (clang++-22 -x hip --offload-arch=A
// --cuda-device-only -emit-llvm: the "target-features" of a function; vmem-to-lds-load-insts, which
// clang derives, by the builtin it gates) [DOC: clang-22]. The wave size's feature is the launch's.
constexpr FeatureSet kGfx9 = {kDpp,          kGfx8Insts,    kGfx9Insts,         kMaiInsts,
                              kSMemtimeInst, kSMemrealtime, kVmemToLdsLoadInsts};
constexpr FeatureSet kCdna1 = kGfx9;
constexpr FeatureSet kCdna2 = kCdna1 | FeatureSet{kGfx90aInsts};
constexpr FeatureSet kCdna3 = kCdna2 | FeatureSet{kGfx940Insts, kFp8Insts, kFp8ConversionInsts};
constexpr FeatureSet kCdna4 = kCdna3 | FeatureSet{kGfx950Insts, kPermlane16Swap, kPermlane32Swap};
constexpr FeatureSet kRdna3 = {kDpp, kGfx8Insts, kGfx9Insts, kGfx10Insts, kGfx10_3Insts, kGfx11Insts};
constexpr FeatureSet kRdna4 = kRdna3 | FeatureSet{kGfx12Insts, kFp8ConversionInsts};
constexpr FeatureSet kCdna5 = kRdna4 | FeatureSet{kGfx1250Insts, kPermlane16Swap};

// clang-format off
constexpr std::array kArchs = std::to_array<Arch>({
  {"gfx1100", kGfx11,  "Radeon RX 7900 XTX/XT/GRE, Radeon PRO W7900/W7800", 2,  64, true, kRdna3},
  {"gfx1101", kGfx11,  "Radeon RX 7800 XT/7700 XT, Radeon PRO W7700",        2,  64, true, kRdna3},
  {"gfx1102", kGfx11,  "Radeon RX 7600/7600 XT",                              2,  64, true, kRdna3},
  {"gfx1103", kGfx11,  "Radeon 780M/760M (Phoenix APU)",                      2,  64, true, kRdna3},
  {"gfx1150", kGfx11,  "Radeon 890M (Strix Point APU, RDNA3.5)",              2,  64, true, kRdna3},
  {"gfx1151", kGfx11,  "Radeon 8060S (Strix Halo APU, RDNA3.5)",              2,  64, true, kRdna3},
  {"gfx1152", kGfx11,  "Krackan Point APU (RDNA3.5)",                         2,  64, true, kRdna3},
  {"gfx1153", kGfx11,  "RDNA3.5 APU",                                         2,  64, true, kRdna3},
  {"gfx1200", kGfx12,  "Radeon RX 9060 XT/9060",                              2,  64, true, kRdna4},
  {"gfx1201", kGfx12,  "Radeon RX 9070 XT/9070, Radeon AI PRO R9700",         2,  64, true, kRdna4},
  {"gfx908",  kGfx908, "Instinct MI100",                                      4,  64, true, kCdna1},
  {"gfx90a",  kGfx90a, "Instinct MI210/MI250/MI250X",                         4,  64, true, kCdna2},
  {"gfx940",  kGfx94x, "Instinct MI300 (early)",                              4,  64, false, kCdna3},
  {"gfx941",  kGfx94x, "Instinct MI300 (early)",                              4,  64, false, kCdna3},
  {"gfx942",  kGfx94x, "Instinct MI300X/MI300A/MI325X",                       4,  64, true, kCdna3},
  {"gfx950",  kGfx950, "Instinct MI350X/MI355X",                              4, 160, true, kCdna4},
  // gfx1250/gfx1251: CDNA5 (MI400 series per third-party reports; AMD names no product for the gfx
  // number). LLVM 22 treats both alike. Matrix units per CU: 4 as CDNA [ASSUME]; no GPU row, since
  // AMD has published no per-CU rate or clock for them (reference/gfx1250.md §7). LDS: 320 KiB per
  // workgroup [SRC: Composable Kernel's arch table, reference/gfx1250.md §1].
  {"gfx1250", kGfx1250, "CDNA5 (Instinct MI400 series, per third-party reports)", 4, 320, true, kCdna5},
  {"gfx1251", kGfx1250, "CDNA5 (gfx1251; same matrix instructions as gfx1250 in LLVM 22)", 4, 320, true, kCdna5},
});

// Each generation's names and the architecture its family alias means.
constexpr std::array kGenerations = std::to_array<GenerationInfo>({
//  gen       name       family   default    rdna   preferred wave64
  {kGfx11,   "gfx11",   "RDNA3", "gfx1100", true,  false,    true},
  {kGfx12,   "gfx12",   "RDNA4", "gfx1201", true,  false,    true},
  {kGfx908,  "gfx908",  "CDNA1", "gfx908",  false, false,    true},
  {kGfx90a,  "gfx90a",  "CDNA2", "gfx90a",  false, false,    true},
  {kGfx94x,  "gfx94x",  "CDNA3", "gfx942",  false, true,     true},
  {kGfx950,  "gfx950",  "CDNA4", "gfx950",  false, false,    true},
  // gfx1250: WMMA in VOP3P as RDNA (rdna: the WMMA encoding and layout family), wave32 only
  {kGfx1250, "gfx1250", "CDNA5", "gfx1250", true,  false,    false},
});

// Aliases beyond the family names: RDNA3.5 is the gfx115x part of gfx11.
struct Alias {
  std::string_view alias, arch;
};
constexpr std::array kAliases = std::to_array<Alias>({
  {"rdna3.5", "gfx1151"},
  {"rdna35",  "gfx1151"},
});

constexpr std::array kGpus = std::to_array<Gpu>({
  //                                                   CUs  clock  GiB   bus    MT/s  L2 KiB APU
  {"Radeon RX 9070 XT",       "rx9070xt", "gfx1201",  64, 2970,  16,  256, 20000,  8192, false},
  {"Radeon RX 9070",          "rx9070",   "gfx1201",  56, 2520,  16,  256, 20000,  8192, false},
  {"Radeon AI PRO R9700",     "r9700",    "gfx1201",  64, 2920,  32,  256, 20000,  8192, false},
  {"Radeon RX 9060 XT",       "rx9060xt", "gfx1200",  32, 3130,  16,  128, 20000,  4096, false},
  {"Radeon RX 7900 XTX",      "rx7900xtx","gfx1100",  96, 2500,  24,  384, 20000,  6144, false},
  {"Radeon RX 7900 XT",       "rx7900xt", "gfx1100",  84, 2400,  20,  320, 20000,  6144, false},
  {"Radeon PRO W7900",        "w7900",    "gfx1100",  96, 2495,  48,  384, 18000,  6144, false},
  {"Instinct MI300X",         "mi300x",   "gfx942",  304, 2100, 192, 8192,  5200,  4096, false},
  {"Instinct MI300A",         "mi300a",   "gfx942",  228, 2100, 128, 8192,  5200,  4096, true},
  {"Instinct MI325X",         "mi325x",   "gfx942",  304, 2100, 256, 8192,  6000,  4096, false},
  {"Instinct MI100",          "mi100",    "gfx908",  120, 1502,  32, 4096,  2400,  8192, false},
  {"Instinct MI250X",         "mi250x",   "gfx90a",  220, 1700, 128, 8192,  3200,  8192, false},
  {"Instinct MI210",          "mi210",    "gfx90a",  104, 1700,  64, 4096,  3200,  8192, false},
  {"Instinct MI355X",         "mi355x",   "gfx950",  256, 2400, 288, 8192,  8000,  4096, false},
  {"Instinct MI350X",         "mi350x",   "gfx950",  256, 2200, 288, 8192,  8000,  4096, false},
});
// clang-format on

// The generation table is indexed by Generation, and each default architecture is one of its own.
static_assert([] {
  for (size_t i = 0; i < kGenerations.size(); ++i)
    if (static_cast<size_t>(kGenerations[i].gen) != i || std::ranges::none_of(kArchs, [&](Arch const& a) {
          return a.name == kGenerations[i].default_arch && a.gen == kGenerations[i].gen;
        }))
      return false;
  return true;
}());

std::string lower(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '-' && c != '_') out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

} // namespace

std::vector<int> GenerationInfo::wave_sizes() const {
  if (!rdna) return {64};
  return wave64 ? std::vector<int>{32, 64} : std::vector<int>{32};
}
int GenerationInfo::default_wave() const { return rdna ? 32 : 64; }
bool GenerationInfo::has_wave(int w) const { return (w == 64 && (wave64 || !rdna)) || (w == 32 && rdna); }

std::vector<int> Arch::wave_sizes() const { return info(gen).wave_sizes(); }
int Arch::default_wave() const { return info(gen).default_wave(); }
bool Arch::has_wave(int w) const { return info(gen).has_wave(w); }

std::span<Arch const> architectures() { return kArchs; }

// RDNA4's default architecture, gfx1201: the seeds' target.
Arch const& default_arch() { return default_arch(kGfx12); }

std::string_view name(Feature f) { return kFeatureNames.at(static_cast<size_t>(f)); }

std::optional<Feature> find_feature(std::string_view name) {
  for (size_t i = 0; i < kFeatureNames.size(); ++i)
    if (kFeatureNames[i] == name) return static_cast<Feature>(i);
  return std::nullopt;
}

bool has_feature(Arch const& arch, int wave, Feature f) {
  if (f == kWavefrontsize32 || f == kWavefrontsize64)
    return wave == (f == kWavefrontsize32 ? 32 : 64) && arch.has_wave(wave);
  return arch.features.has(f);
}

bool has_features(Arch const& arch, int wave, std::string_view required) {
  auto holds = [&](std::string_view feature) {
    auto const f = find_feature(feature);
    if (!f) throw std::logic_error(fmt::format("unknown target feature '{}' in '{}'", feature, required));
    return has_feature(arch, wave, *f);
  };
  if (required.empty()) return true;
  bool const any = required.find('|') != std::string_view::npos;
  if (any && required.find(',') != std::string_view::npos)
    throw std::logic_error(fmt::format("target features '{}' mix ',' and '|'", required));
  char const separator = any ? '|' : ',';
  for (size_t begin = 0;;) {
    size_t const end = std::min(required.find(separator, begin), required.size());
    if (holds(required.substr(begin, end - begin)) == any) return any;
    if (end == required.size()) return !any;
    begin = end + 1;
  }
}

Arch const* find_arch(std::string_view name) {
  std::string const want = lower(name);
  std::string_view arch = want;
  for (auto const& g : kGenerations)
    if (lower(g.family) == want) arch = g.default_arch;
  for (auto const& a : kAliases)
    if (a.alias == want) arch = a.arch;
  for (auto const& a : kArchs)
    if (a.name == arch) return &a;
  return nullptr;
}

std::string known_arch_names() {
  std::string out;
  for (auto const& a : kArchs) out += std::string(a.name) + ", ";
  for (auto const& g : kGenerations) out += lower(g.family) + ", ";
  return out.substr(0, out.size() - 2);
}

std::span<GenerationInfo const> generations() { return kGenerations; }

GenerationInfo const& info(Generation gen) { return kGenerations.at(static_cast<size_t>(gen)); }

Arch const& default_arch(Generation gen) { return *find_arch(info(gen).default_arch); }

std::string_view name(Generation g) { return info(g).name; }
std::string_view family_name(Generation g) { return info(g).family; }
bool is_rdna(Generation g) { return info(g).rdna; }

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
