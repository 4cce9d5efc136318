// Which fp8 flavour the fp8/bf8 conversion builtins use on the launched target.

#include "wavemma/hip/fp8_builtins.hpp"

#include "wavemma/isa/arch.hpp"
#include "wavemma/simt/runtime.hpp"

#include <fmt/format.h>
#include <stdexcept>

namespace wavemma::simt::hip::fp8_builtins {

numeric::Format target_format(char const* builtin, Kind k) {
  isa::Arch const& arch = *::wavemma::simt::target().arch;
  // fp8-conversion-insts: gfx942 (FNUZ), gfx950 and gfx12 (OCP) [SRC: clang-22's target features;
  // MLIR's hasOcpFp8].
  bool const fnuz = arch.gen == isa::Generation::kGfx94x;
  if (!fnuz && arch.gen != isa::Generation::kGfx950 && arch.gen != isa::Generation::kGfx12)
    throw std::runtime_error(
        fmt::format("'{}' needs target feature fp8-conversion-insts (the launch targets {})", builtin, arch.name));
  if (k == Kind::kFp8) return fnuz ? numeric::Format::kFp8E4M3Fnuz : numeric::Format::kFp8E4M3;
  return fnuz ? numeric::Format::kBf8E5M2Fnuz : numeric::Format::kBf8E5M2;
}

} // namespace wavemma::simt::hip::fp8_builtins
