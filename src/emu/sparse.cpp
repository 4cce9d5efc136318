// 2:4 structured sparsity: the logical dense A <-> stored values and 2-bit positions.

#include <fmt/format.h>
#include <stdexcept>

#include "wavemma/emu/emulator.hpp"

namespace wavemma::emu {
namespace {

// ±0 of a float format, 0 of an integer: a value the compressed form may leave out.
bool is_zero(numeric::Format t, uint64_t bits) {
  int const e = numeric::storage_bits(t);
  uint64_t const mask = e == 64 ? ~0ull : (1ull << e) - 1;
  bits &= mask;
  if (t == numeric::Format::kFp8E4M3Fnuz || t == numeric::Format::kBf8E5M2Fnuz || numeric::is_integer(t))
    return bits == 0;
  return (bits & ~(1ull << (e - 1)) & mask) == 0;
}

} // namespace

std::variant<CompressedA, std::string> compress_2to4(isa::Instruction const& in, Matrix const& dense) {
  if (!in.sparse()) return fmt::format("{} is not a sparse instruction", in.mnemonic);
  if (dense.blocks != 1 || dense.rows != in.m || dense.cols != in.k)
    return fmt::format("A must be the logical dense {}x{} matrix (got {}x{})", in.m, in.k, dense.rows, dense.cols);
  return compress_2to4(in.a, dense);
}

std::variant<CompressedA, std::string> compress_2to4(numeric::Format type, Matrix const& dense) {
  if (dense.blocks != 1 || dense.cols % 4 != 0)
    return fmt::format("a 2:4 sparse A has K divisible by 4 (got {}x{})", dense.rows, dense.cols);
  int const m = dense.rows, k = dense.cols;
  CompressedA out{Matrix(1, m, k / 2), Matrix(1, m, k / 2)};
  for (int i = 0; i < m; ++i)
    for (int g = 0; g < k / 4; ++g) {
      int pos[4], n = 0;
      for (int t = 0; t < 4; ++t)
        if (!is_zero(type, dense.at(0, i, 4 * g + t))) pos[n++] = t;
      if (n > 2)
        return fmt::format("A is not 2:4 sparse: row {} holds {} non-zero values in K {}..{}", i, n, 4 * g, 4 * g + 3);
      // Fill up with the lowest free positions so that idx0 < idx1 (the ISA's constraint).
      for (int t = 0; n < 2; ++t)
        if (n == 0 || pos[0] != t) pos[n++] = t;
      if (pos[0] > pos[1]) std::swap(pos[0], pos[1]);
      for (int s = 0; s < 2; ++s) {
        out.values.at(0, i, 2 * g + s) = dense.at(0, i, 4 * g + pos[s]);
        out.index.at(0, i, 2 * g + s) = static_cast<uint64_t>(pos[s]);
      }
    }
  return out;
}

Matrix expand_2to4(isa::Instruction const& in, CompressedA const& c) {
  Matrix dense(1, in.m, in.k);
  for (int i = 0; i < in.m; ++i)
    for (int s = 0; s < in.k / 2; ++s) {
      uint64_t const idx = c.index.at(0, i, s);
      if (idx > 3) throw std::invalid_argument(fmt::format("index {} of row {} is not 0..3", idx, i));
      dense.at(0, i, 4 * (s / 2) + static_cast<int>(idx)) = c.values.at(0, i, s);
    }
  return dense;
}

} // namespace wavemma::emu
