#include "wavemma/isa/types.hpp"

#include <algorithm>
#include <cctype>
#include <string>

namespace wavemma::isa {

bool is_sparse(Kind k) { return k == Kind::kSwmmac || k == Kind::kSmfmac; }

std::string_view name(Kind k) {
  constexpr std::string_view kNames[] = {"wmma", "swmmac", "mfma", "smfmac"};
  return kNames[static_cast<int>(k)];
}
std::string_view name(Operand o) {
  constexpr std::string_view kNames[] = {"A", "B", "C", "D", "K", "SA", "SB"};
  return kNames[static_cast<int>(o)];
}
std::string_view description(Operand o) {
  constexpr std::string_view kNames[] = {"A (SRC0)",
                                         "B (SRC1)",
                                         "C (SRC2)",
                                         "D (VDST)",
                                         "sparsity index (SRC2)",
                                         "A scale (scale SRC0)",
                                         "B scale (scale SRC1)"};
  return kNames[static_cast<int>(o)];
}
std::string_view name(Evidence e) {
  constexpr std::string_view kNames[] = {"HW", "DOC", "SRC", "ASSUME"};
  return kNames[static_cast<int>(e)];
}

std::optional<Operand> parse_operand(std::string_view s) {
  std::string u(s);
  std::transform(u.begin(), u.end(), u.begin(), [](unsigned char c) { return std::toupper(c); });
  if (u == "A") return Operand::kA;
  if (u == "B") return Operand::kB;
  if (u == "C") return Operand::kC;
  if (u == "D") return Operand::kD;
  if (u == "K" || u == "INDEX" || u == "IDX") return Operand::kIndex;
  if (u == "SA" || u == "SCALE_A") return Operand::kScaleA;
  if (u == "SB" || u == "SCALE_B") return Operand::kScaleB;
  return std::nullopt;
}

} // namespace wavemma::isa
