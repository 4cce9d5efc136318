#pragma once
// Architecture records (gfx names) and the GPUs built on them.

#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "wavemma/isa/types.hpp"

namespace wavemma::isa {

struct Arch {
  std::string_view name; // "gfx1201"
  Generation gen;
  std::string_view products; // marketing names, for people
  int matrix_units_per_cu;   // SIMDs with a matrix core per CU: 2 on RDNA, 4 on CDNA3 [DOC]
  int lds_kib;               // LDS of a CU, all of which one workgroup may use (static + dynamic
                             // __shared__): 64 KiB, 160 KiB on gfx950 [DOC]
  bool clang22_target;       // clang-22 accepts it as --offload-arch (gfx940/gfx941 are gone)

  std::vector<int> wave_sizes() const; // RDNA: 32 (default) and 64; gfx1250: 32; CDNA: 64
  int default_wave() const;
  bool has_wave(int) const;
};

std::span<Arch const> architectures();
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
  int l2_kib;          // L2 cache as HIP reports it (per XCD on CDNA3)
  bool integrated;     // an APU: the GPU shares the host's memory (MI300A)
};
std::span<Gpu const> gpus();
Gpu const* find_gpu(std::string_view name_or_key);
Gpu const* flagship_gpu(std::string_view arch); // the default GPU of an architecture, if any

} // namespace wavemma::isa
