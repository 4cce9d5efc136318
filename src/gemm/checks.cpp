// The checks of a GEMM run that do not depend on the policy's types (checks.hpp).

#include "checks.hpp"

#include <algorithm>

namespace wavemma::gemm::detail {

std::vector<uint64_t> emulation_chain(emu::Issue const& is, Inputs const& x, int m, int n, int k) {
  std::vector<uint64_t> c(size_t(m) * n);
  bool const sparse = is.instruction->sparse();
  emu::chain(is,
             {m, n, k, sparse ? x.a_stored.data() : x.a.data(), sparse ? x.a_index.data() : nullptr, x.b.data(),
              nullptr, x.sa.empty() ? nullptr : x.sa.data(), x.sb.empty() ? nullptr : x.sb.data()},
             c.data(), simt::threads());
  return c;
}

double tolerance(numeric::Format in, numeric::Format out, int k, long double abs_sum) {
  if (!numeric::info(out).is_float) return 0;
  double const unit = out == numeric::Format::kF64 ? std::ldexp(1.0, -52) : std::ldexp(1.0, -23);
  double tol = (k + 2) * unit * static_cast<double>(abs_sum);
  if (in == numeric::Format::kXf32) tol += std::ldexp(1.0, -9) * static_cast<double>(abs_sum);
  return tol + std::ldexp(1.0, -140); // the subnormal floor of f32 results
}

namespace {

void compare_bits(RunResult& r, Inputs const& x, std::vector<uint64_t> const& got, std::vector<uint64_t> const& chain,
                  int n) {
  r.mismatches = 0;
  for (size_t e = 0; e < got.size(); ++e)
    if (got[e] != chain[e]) {
      if (r.mismatches++ == 0)
        r.first_mismatch = fmt::format("C[{}][{}]: kernel {}, chain of emulations {}", e / n, e % n,
                                       numeric::format_value(x.out, got[e]), numeric::format_value(x.out, chain[e]));
    }
  r.bitwise_equal = r.mismatches == 0;
}

// The f64 reference: exact products (every input format fits a double's significand twice over),
// summed on every core: in double for f32 and integer outputs (its rounding, K * 2^-53 of
// sum |a*b| at most, is far inside the f32 tolerance), in long double for f64 outputs, whose
// tolerance is 2^-52 relative per term.
void compare_reference(RunResult& r, Inputs const& x, std::vector<uint64_t> const& got, int m, int n, int k) {
  std::vector<double> ad(x.a.size()), bt(x.b.size());
  for (size_t e = 0; e < ad.size(); ++e) ad[e] = numeric::to_double(x.in, x.a[e]);
  for (int kk = 0; kk < k; ++kk)
    for (int j = 0; j < n; ++j) bt[size_t(j) * k + kk] = numeric::to_double(x.in, x.b[size_t(kk) * n + j]);
  std::vector<double> worst_row(static_cast<size_t>(m)), err_row(static_cast<size_t>(m));
  auto check_rows = [&]<class Sum>(int i0, int i1) {
    for (int i = i0; i < i1; ++i)
      for (int j = 0; j < n; ++j) {
        Sum sum = 0, abs_sum = 0;
        double const* a = &ad[size_t(i) * k];
        double const* b = &bt[size_t(j) * k];
        for (int kk = 0; kk < k; ++kk) {
          Sum p = static_cast<Sum>(a[kk]) * b[kk];
          if (x.scale_block) { // the block's two E8M0 scales, exactly
            int const kb = x.scale_blocks(k), q = kk / x.scale_block;
            p = std::ldexp(p, static_cast<int>(x.sa[size_t(i) * kb + q] + x.sb[size_t(q) * n + j]) - 254);
          }
          sum += p;
          abs_sum += std::fabs(p);
        }
        double const err = std::fabs(numeric::to_double(x.out, got[size_t(i) * n + j]) - static_cast<double>(sum));
        double const tol = tolerance(x.in, x.out, k, abs_sum);
        err_row[size_t(i)] = std::max(err_row[size_t(i)], err);
        worst_row[size_t(i)] = std::max(worst_row[size_t(i)], tol > 0 ? err / tol : (err > 0 ? INFINITY : 0));
      }
  };
  bool const f64 = x.out == numeric::Format::kF64;
  parallel_rows(m, [&](int i0, int i1) {
    if (f64)
      check_rows.template operator()<long double>(i0, i1);
    else
      check_rows.template operator()<double>(i0, i1);
  });
  r.max_abs_error = *std::max_element(err_row.begin(), err_row.end());
  r.max_error_over_tolerance = *std::max_element(worst_row.begin(), worst_row.end());
}

} // namespace

void compare(RunResult& r, Inputs const& x, std::vector<uint64_t> const& got, std::vector<uint64_t> const& chain, int m,
             int n, int k) {
  compare_bits(r, x, got, chain, n);
  compare_reference(r, x, got, m, n, k);
  r.passed = r.bitwise_equal && r.max_error_over_tolerance <= 1.0;
}

} // namespace wavemma::gemm::detail
