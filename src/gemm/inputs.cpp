// The non-template parts of the runner's inputs (inputs.hpp).

#include "inputs.hpp"

namespace wavemma::gemm::detail {

std::vector<uint64_t> random_values(numeric::Format f, size_t count, std::mt19937_64& rng) {
  auto const& fi = numeric::info(f);
  std::vector<uint64_t> out(count);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  for (auto& v : out) {
    if (fi.is_float) {
      v = numeric::from_double(f, unit(rng));
    } else {
      long long const lo = fi.is_signed ? -(1ll << (fi.bits - 1)) : 0,
                      hi = fi.is_signed ? (1ll << (fi.bits - 1)) - 1 : (1ll << fi.bits) - 1;
      v = static_cast<uint64_t>(std::uniform_int_distribution<long long>(lo, hi)(rng)) & ((1ull << fi.bits) - 1);
    }
  }
  return out;
}

std::vector<uint64_t> small_integers(numeric::Format f, int lo, size_t count, std::mt19937_64& rng) {
  std::vector<uint64_t> out(count);
  std::uniform_int_distribution<int> pick(lo, 2);
  for (auto& v : out) {
    int const x = pick(rng);
    v = numeric::info(f).is_float ? numeric::from_double(f, x) : static_cast<uint64_t>(x) & numeric::storage_mask(f);
  }
  return out;
}

void prune_2_4(Inputs& x, int m, int k, std::mt19937_64& rng) {
  x.a_stored.resize(size_t(m) * (k / 2));
  x.a_index.resize(size_t(m) * (k / 2));
  for (int i = 0; i < m; ++i)
    for (int g = 0; g < k / 4; ++g) {
      int p0 = static_cast<int>(rng() % 4), p1 = static_cast<int>(rng() % 3);
      p1 += p1 >= p0;
      if (p0 > p1) std::swap(p0, p1);
      for (int t = 0; t < 4; ++t)
        if (t != p0 && t != p1) x.a[size_t(i) * k + 4 * g + t] = 0;
      x.a_stored[size_t(i) * (k / 2) + 2 * g] = x.a[size_t(i) * k + 4 * g + p0];
      x.a_stored[size_t(i) * (k / 2) + 2 * g + 1] = x.a[size_t(i) * k + 4 * g + p1];
      x.a_index[size_t(i) * (k / 2) + 2 * g] = static_cast<uint64_t>(p0);
      x.a_index[size_t(i) * (k / 2) + 2 * g + 1] = static_cast<uint64_t>(p1);
    }
}

void draw_scales(Inputs& x, int m, int n, int k, std::mt19937_64& rng) {
  int const kb = x.scale_blocks(k);
  std::uniform_int_distribution<int> code(127 - 4, 127 + 4);
  x.sa.resize(size_t(m) * kb);
  x.sb.resize(size_t(kb) * n);
  for (auto* s : {&x.sa, &x.sb})
    for (auto& v : *s) v = static_cast<uint64_t>(code(rng));
}

} // namespace wavemma::gemm::detail
