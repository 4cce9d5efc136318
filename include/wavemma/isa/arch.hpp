#pragma once
// Architecture records (gfx names) and the GPUs built on them.

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "wavemma/isa/types.hpp"

namespace wavemma::isa {

// A clang-22 AMDGPU target feature, named as clang and LLVM name it (AMDGPU.td): what gates an
// instruction or a builtin, as LLVM gates them by feature rather than by target name. Only the
// features wavemma asks about; tests/isa/arch_amd_test checks every architecture's against clang-22.
enum class Feature : uint8_t {
  kDpp,                // "dpp": DPP16 controls (every target here)
  kGfx8Insts,          // "gfx8-insts"
  kGfx9Insts,          // "gfx9-insts" (RDNA has it too)
  kGfx90aInsts,        // "gfx90a-insts": CDNA2 on (DPP row_newbcast)
  kGfx940Insts,        // "gfx940-insts": CDNA3 on
  kGfx950Insts,        // "gfx950-insts": CDNA4 (LDS transpose reads, 12- and 16-byte global_load_lds)
  kGfx10Insts,         // "gfx10-insts": RDNA and gfx1250 (permlane16, DPP8, row_xmask; GFX9 DPP controls gone)
  kGfx10_3Insts,       // "gfx10-3-insts"
  kGfx11Insts,         // "gfx11-insts"
  kGfx12Insts,         // "gfx12-insts": RDNA4 and gfx1250
  kGfx1250Insts,       // "gfx1250-insts"
  kMaiInsts,           // "mai-insts": MFMA (CDNA)
  kFp8Insts,           // "fp8-insts": CDNA3 on, the fp8/bf8 MFMA
  kFp8ConversionInsts, // "fp8-conversion-insts": the fp8 conversion builtins (gfx942, gfx950, gfx12, gfx1250)
  kPermlane16Swap,     // "permlane16-swap": gfx950, gfx1250
  kPermlane32Swap,     // "permlane32-swap": gfx950
  kSMemtimeInst,       // "s-memtime-inst": GFX9
  kSMemrealtime,       // "s-memrealtime": GFX9
  kVmemToLdsLoadInsts, // "vmem-to-lds-load-insts": GFX9 (clang derives it; the IR does not list it)
  kWavefrontsize32,    // "wavefrontsize32": a wave32 launch (not part of an architecture's record)
  kWavefrontsize64,    // "wavefrontsize64": a wave64 launch
};
inline constexpr int kFeatureCount = static_cast<int>(Feature::kWavefrontsize64) + 1;
std::string_view name(Feature);                             // clang's name: "fp8-conversion-insts"
std::optional<Feature> find_feature(std::string_view name); // by clang's name

// A set of features: an architecture's, or a group several architectures share.
class FeatureSet {
public:
  constexpr FeatureSet() = default;
  constexpr FeatureSet(std::initializer_list<Feature> features) {
    for (Feature f : features) bits_ |= bit(f);
  }
  constexpr FeatureSet operator|(FeatureSet other) const {
    FeatureSet s;
    s.bits_ = bits_ | other.bits_;
    return s;
  }
  constexpr bool has(Feature f) const { return (bits_ & bit(f)) != 0; }

private:
  static constexpr uint32_t bit(Feature f) { return uint32_t{1} << static_cast<unsigned>(f); }
  uint32_t bits_ = 0;
};

struct Arch {
  std::string_view name; // "gfx1201"
  Generation gen;
  std::string_view products; // marketing names, for people
  int matrix_units_per_cu;   // SIMDs with a matrix core per CU: 2 on RDNA, 4 on CDNA [DOC]
  int lds_kib;               // LDS of a CU, all of which one workgroup may use (static + dynamic
                             // __shared__): 64 KiB, 160 KiB on gfx950 [DOC]
  bool clang22_target;       // clang-22 accepts it as --offload-arch (gfx940/gfx941 are gone)
  FeatureSet features;       // clang-22's target features of the architecture, the wave size's aside

  std::vector<int> wave_sizes() const; // RDNA: 32 (default) and 64; gfx1250: 32; CDNA: 64
  int default_wave() const;
  bool has_wave(int) const;
};

std::span<Arch const> architectures();
// The architecture a tool builds for when nothing names one (wavemma-hipcc, wavemma gemm): gfx1201.
Arch const& default_arch();

// Whether clang-22 gives a compilation for `arch` at wave size `wave` the feature: the
// architecture's record, and wavefrontsize32/64 for the wave size where the architecture has it.
bool has_feature(Arch const&, int wave, Feature);
// A requirement as clang's builtin table writes it: feature names joined by ',' (all of them) or
// '|' (any of them); empty: none. An unknown name is a std::logic_error (a typo in a table).
bool has_features(Arch const&, int wave, std::string_view required);
// A gfx name ("gfx1201") or a family alias ("rdna3" -> gfx1100, "rdna4" -> gfx1201, "cdna3" -> gfx942),
// case-insensitive.
Arch const* find_arch(std::string_view name);
std::string known_arch_names(); // for error messages

// A generation's facts that are not in its instructions' rows.
struct GenerationInfo {
  Generation gen;
  std::string_view name;         // "gfx12", as the catalog spells the generation
  std::string_view family;       // "RDNA4"; in lower case, the --arch alias of default_arch
  std::string_view default_arch; // "gfx1201": where an instruction of the generation runs when no
                                 // architecture is given
  bool rdna;                     // RDNA: WMMA in VOP3P, wave32 (and wave64 where `wave64`); gfx1250
                                 // (CDNA5) is in this family; otherwise CDNA: wave64, VOP3P-MAI
  bool preferred;                // a name several CDNA generations share means this one's when no
                                 // architecture is given (CDNA3: the first CDNA target of wavemma)
  bool wave64;                   // an RDNA-family generation also has wave64 (gfx1250: wave32 only)

  std::vector<int> wave_sizes() const; // RDNA: {32, 64}; gfx1250: {32}; CDNA: {64}
  int default_wave() const;            // 32 on RDNA (as LLVM), 64 on CDNA
  bool has_wave(int) const;
};
std::span<GenerationInfo const> generations(); // in catalog order
GenerationInfo const& info(Generation);
Arch const& default_arch(Generation);

// A GPU for peak and modelled-time figures. Figures are the vendor's public specifications [DOC].
struct Gpu {
  std::string_view name; // "Radeon RX 9070 XT"
  std::string_view key;  // "rx9070xt" (command-line spelling)
  std::string_view arch; // "gfx1201"
  int compute_units;
  int peak_clock_mhz; // peak engine (boost) clock
  // Memory and caches, for hipGetDeviceProperties [DOC: the same product pages].
  int memory_gib;      // GPU memory (HBM or GDDR6), GiB
  int memory_bus_bits; // memory interface width
  int memory_mtps;     // data rate per pin, MT/s (20000 = 20 Gbps GDDR6)
  int l2_kib;          // L2 cache as HIP reports it (per XCD on CDNA3 and CDNA4)
  bool integrated;     // an APU: the GPU shares the host's memory (MI300A)
};
std::span<Gpu const> gpus();
Gpu const* find_gpu(std::string_view name_or_key);
Gpu const* flagship_gpu(std::string_view arch); // the default GPU of an architecture, if any

} // namespace wavemma::isa
