#pragma once
// Spelling of operands, shared by the printer and the messages.

#include "wavemma/codec/codec.hpp"

#include <string>

namespace wavemma::codec::detail {

// "v5", "v[8:15]", "a[0:31]" (a one-register tuple prints without brackets).
std::string register_text(RegFile, int first, int width);
// "D (vdst)", "A (src0)", "B (src1)", "C (src2)" or "index (src2)", "the A scale (prefix src0)",
// ...
std::string slot_name(isa::Instruction const&, Slot);

} // namespace wavemma::codec::detail
