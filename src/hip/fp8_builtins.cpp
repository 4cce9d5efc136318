// Which fp8 flavour the fp8/bf8 conversion builtins use on the launched target.

#include "wavemma/hip/fp8_builtins.hpp"

#include "wavemma/isa/arch.hpp"
#include "wavemma/simt/runtime.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace wavemma::hip::fp8_builtins {

numeric::Format target_format(char const* builtin, Kind k) {
  auto const& target = ::wavemma::simt::target();
  isa::Arch const& arch = *target.arch;
  // fp8-conversion-insts: gfx942 (FNUZ), gfx950, gfx12 and gfx1250 (OCP) [SRC: clang-22's target
  // features; MLIR's hasOcpFp8].
  bool const fnuz = arch.gen == isa::Generation::kGfx94x;
  if (!isa::has_feature(arch, target.wave, isa::Feature::kFp8ConversionInsts))
    throw std::runtime_error(
        fmt::format("'{}' needs target feature fp8-conversion-insts (the launch targets {})", builtin, arch.name));
  if (k == Kind::kFp8) return fnuz ? numeric::Format::kFp8E4M3Fnuz : numeric::Format::kFp8E4M3;
  return fnuz ? numeric::Format::kBf8E5M2Fnuz : numeric::Format::kBf8E5M2;
}

numeric::Format scaled_format(char const* builtin, Small s) {
  isa::Arch const& arch = *::wavemma::simt::target().arch;
  // fp8-, bf8- and fp4-cvt-scale-insts: gfx950 alone of wavemma's targets [SRC: clang-22's
  // __has_builtin per target, docs/hipcc.md's table].
  if (arch.gen != isa::Generation::kGfx950)
    throw std::runtime_error(fmt::format("'{}' needs target feature {}-cvt-scale-insts (the launch targets {})",
                                         builtin,
                                         s == Small::kFp8   ? "fp8"
                                         : s == Small::kBf8 ? "bf8"
                                                            : "fp4",
                                         arch.name));
  return s == Small::kFp8   ? numeric::Format::kFp8E4M3
         : s == Small::kBf8 ? numeric::Format::kBf8E5M2
                            : numeric::Format::kFp4E2M1;
}

} // namespace wavemma::hip::fp8_builtins
