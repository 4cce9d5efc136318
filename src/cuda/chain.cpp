// wavemma::cuda on the host: what the kernel needs of an issue (emu's plan: the numeric model,
// the broadcasts and sign modifiers per element of one instruction), the checks emu::chain makes,
// and the CUDA runtime calls.

#include "wavemma/cuda/chain.hpp"

#include <algorithm>
#include <fmt/format.h>
#include <memory>
#include <stdexcept>
#include <vector>

#include "../emu/plan.hpp"
#include "kernels.hpp"
#include "wavemma/numeric/core/rdna4_binary64.hpp"

namespace wavemma::cuda {
namespace {

void require(int error, char const* what) {
  if (error != 0) throw std::runtime_error(fmt::format("CUDA: {}: {}", what, detail::error_string(error)));
}

// A device buffer freed when it goes out of scope.
class DeviceBuffer {
public:
  explicit DeviceBuffer(size_t bytes) { require(detail::device_alloc(&p_, bytes), "cudaMalloc"); }
  ~DeviceBuffer() { detail::device_free(p_); }
  DeviceBuffer(DeviceBuffer const&) = delete;
  DeviceBuffer& operator=(DeviceBuffer const&) = delete;
  template <class T>
  T* as() const {
    return static_cast<T*>(p_);
  }

private:
  void* p_ = nullptr;
};

template <class T>
void upload(T* device, std::vector<T> const& host, CUstream_st* stream) {
  require(detail::copy_to_device(device, host.data(), host.size() * sizeof(T), stream), "cudaMemcpyAsync");
}

// The fast path that computes an issue (docs/cuda.md): dense forms whose operands go to the engine
// as they are in the product (no broadcasts, no sign modifiers), of a model with a fast formulation.
detail::FastPath fast_path(emu::detail::Plan const& plan) {
  using detail::FastPath;
  auto const& in = *plan.issue.instruction;
  numeric::Model const& m = plan.model;
  auto const [lo, hi, f64_neg] = emu::detail::value_modifiers(plan);
  if (in.sparse() || plan.scaled || !plan.a_identity || !plan.b_identity || (lo | hi | f64_neg) != 0 || plan.kc != in.k)
    return FastPath::kNone;
  switch (m.engine) {
  case numeric::Engine::kRdna4Dot4:
    return m.group == 4 && m.out == numeric::Format::kF32 && numeric::core::b64_products_exact(m.a) &&
                   numeric::core::b64_products_exact(m.b) && in.k % 4 == 0
               ? FastPath::kDot4Binary64
               : FastPath::kNone;
  case numeric::Engine::kFmaChain:
    return m.out == numeric::Format::kF64 ? FastPath::kFmaF64 : FastPath::kFmaF32;
  case numeric::Engine::kIntegerDot:
    return in.k % 4 == 0 ? FastPath::kIntegerSum : FastPath::kNone;
  default:
    return FastPath::kNone;
  }
}

} // namespace

bool available(std::string* why) {
  int count = 0;
  int const e = detail::device_count(&count);
  if (e != 0 || count == 0) {
    if (why != nullptr) *why = e != 0 ? fmt::format("no CUDA device: {}", detail::error_string(e)) : "no CUDA device";
    return false;
  }
  return true;
}

char const* formulation(emu::Issue const& is) {
  if (!emu::check(is).empty()) return "reference";
  switch (fast_path(emu::detail::plan_for(is))) {
  case detail::FastPath::kDot4Binary64:
    return "binary64";
  case detail::FastPath::kFmaF32:
  case detail::FastPath::kFmaF64:
    return "fma";
  case detail::FastPath::kIntegerSum:
    return "integer";
  case detail::FastPath::kNone:
    break;
  }
  return "reference";
}

std::string device_name() {
  char name[256];
  int major = 0, minor = 0;
  require(detail::device_properties(name, sizeof name, &major, &minor), "cudaGetDeviceProperties");
  return fmt::format("{} (sm_{}{})", name, major, minor);
}

void chain(emu::Issue const& is, emu::Product const& p, uint64_t* d, CUstream_st* stream, Path path) {
  emu::check_chain(is, p);
  auto const& in = *is.instruction;
  bool const sparse = in.sparse();
  emu::detail::Plan const& plan = emu::detail::plan_for(is);
  if (plan.scaled && plan.model.group < detail::kMinScaleBlock)
    throw std::logic_error(fmt::format("{}: scale blocks of {} are smaller than the kernel's {}", in.mnemonic,
                                       plan.model.group, detail::kMinScaleBlock));
  if (plan.kc > detail::kMaxKc)
    throw std::invalid_argument(fmt::format("{}: {} products per instruction, more than the {} the GPU kernel holds",
                                            in.mnemonic, plan.kc, detail::kMaxKc));
  if (p.m <= 0 || p.n <= 0) return;

  detail::ChainArgs g;
  g.model = plan.model;
  g.m = p.m, g.n = p.n, g.k = p.k;
  g.in_m = in.m, g.in_n = in.n, g.in_k = in.k, g.kc = plan.kc;
  g.steps = (p.k + in.k - 1) / in.k;
  // Engine calls over whole blocks of an instruction where the engine hands its accumulator on
  // between them (numeric::splits_at_steps), in the smallest staging that holds them.
  int const group = plan.model.group;
  g.chunk = plan.kc;
  if (numeric::splits_at_steps(plan.model) && plan.kc % group == 0)
    for (int const size : detail::kChunks) {
      int const chunk = size / group * group; // whole blocks that fit, and divide the instruction
      if (chunk > 0 && plan.kc % chunk == 0) {
        g.chunk = chunk;
        break;
      }
      if (group <= size) { // the blocks fit but do not divide kc: one block per call
        g.chunk = group;
        break;
      }
    }
  g.a_cols = sparse ? p.k / 2 : p.k;
  g.sparse = sparse, g.scaled = plan.scaled;
  if (plan.scaled) {
    g.kb = in.k / plan.model.group;
    g.scale_blocks = (p.k + plan.model.group - 1) / plan.model.group;
  }
  g.a = p.a, g.index = p.index, g.b = p.b, g.c = p.c, g.scale_a = p.scale_a, g.scale_b = p.scale_b, g.d = d;

  // The sign modifiers (emu::detail::apply_value_modifiers) and broadcasts per element of one
  // instruction (the blocks of a multi-block one are alike: identity layouts, f64 neg on all).
  auto const [lo, hi, f64_neg] = emu::detail::value_modifiers(plan);
  auto const sign = [](int bits) { return uint64_t{1} << (bits - 1); };
  g.a_sign = sign(numeric::storage_bits(in.a)), g.b_sign = sign(numeric::storage_bits(in.b)),
  g.c_sign = sign(numeric::storage_bits(in.cd));
  g.c_abs = (hi & 4) != 0;
  g.c_neg = ((lo | f64_neg) & 4) != 0;
  size_t const na = size_t(in.m) * size_t(plan.kc), nb = size_t(in.k) * size_t(in.n);
  auto const flags = [&](std::vector<uint8_t> const& high, size_t n, int bit) {
    std::vector<uint8_t> f(n);
    bool const l = lo & (1 << bit), h = hi & (1 << bit), all = f64_neg & (1 << bit);
    for (size_t e = 0; e < n; ++e) f[e] = all || ((!high.empty() && high[e % high.size()]) ? h : l);
    return f;
  };
  auto const sources = [](std::vector<uint32_t> const& src, bool identity, size_t n) {
    std::vector<uint32_t> s(n);
    for (size_t e = 0; e < n; ++e) s[e] = identity ? uint32_t(e) : src[e];
    return s;
  };
  std::vector<uint8_t> const a_neg = flags(plan.a_high, na, 0), b_neg = flags(plan.b_high, nb, 1);
  std::vector<uint32_t> const a_src = sources(plan.a_source, plan.a_identity, na);
  std::vector<uint32_t> const b_src = sources(plan.b_source, plan.b_identity, nb);
  DeviceBuffer tables(4 * (na + nb) + na + nb);
  auto* dev_a_src = tables.as<uint32_t>();
  auto* dev_b_src = dev_a_src + na;
  auto* dev_a_neg = reinterpret_cast<uint8_t*>(dev_b_src + nb);
  auto* dev_b_neg = dev_a_neg + na;
  upload(dev_a_src, a_src, stream);
  upload(dev_b_src, b_src, stream);
  upload(dev_a_neg, a_neg, stream);
  upload(dev_b_neg, b_neg, stream);
  g.a_src = dev_a_src, g.b_src = dev_b_src, g.a_neg = dev_a_neg, g.b_neg = dev_b_neg;
  g.gathers = !(plan.a_identity && plan.b_identity);
  g.negates = ((lo | hi | f64_neg) & 3) != 0;
  if (detail::FastPath const fast = path == Path::kAuto ? fast_path(plan) : detail::FastPath::kNone;
      fast != detail::FastPath::kNone) {
    // The fast path, then the reference kernel on the elements it hands over.
    auto const round_up = [](int x, int to) { return (x + to - 1) / to * to; };
    detail::TileArgs f;
    f.m = p.m, f.n = p.n, f.k = p.k;
    f.mp = round_up(p.m, detail::kTile), f.np = round_up(p.n, detail::kTile);
    f.k_steps = g.steps * in.k, f.k_alloc = round_up(f.k_steps, detail::kSlice);
    f.in_k = in.k, f.clamp = plan.model.clamp;
    size_t const value = detail::tile_value_bytes(fast);
    size_t const na = size_t(f.k_alloc) * size_t(f.mp) * value, nb = size_t(f.k_alloc) * size_t(f.np) * value;
    DeviceBuffer decoded(na + nb + size_t(f.mp) + size_t(f.np) + size_t(p.m) * size_t(p.n));
    f.a = decoded.as<unsigned char>(), f.b = decoded.as<unsigned char>() + na;
    f.a_special = decoded.as<uint8_t>() + na + nb, f.b_special = f.a_special + f.mp;
    f.redo = f.b_special + f.np;
    f.c = p.c, f.d = d;
    require(detail::launch_tiles(fast, f, plan.model.a, plan.model.b, p.a, p.b, stream), "kernel launch");
    g.only = f.redo;
    require(detail::launch_chain(g, stream), "kernel launch");
    require(detail::synchronize(stream), "the chain kernels");
    return;
  }
  require(detail::launch_chain(g, stream), "kernel launch");
  require(detail::synchronize(stream), "the chain kernel");
}

void chain_from_host(emu::Issue const& is, emu::Product const& p, uint64_t* d, CUstream_st* stream, Path path) {
  emu::check_chain(is, p);
  bool const sparse = is.instruction->sparse();
  size_t const m = size_t(std::max(p.m, 0)), n = size_t(std::max(p.n, 0)), k = size_t(std::max(p.k, 0));
  size_t const a_cols = sparse ? k / 2 : k;
  auto const group = size_t(std::max(emu::numeric_model(is).group, 1));
  size_t const kb = (k + group - 1) / group;
  auto const copy_in = [&](uint64_t const* host, size_t count) -> std::unique_ptr<DeviceBuffer> {
    if (host == nullptr) return nullptr;
    auto buf = std::make_unique<DeviceBuffer>(count * sizeof(uint64_t));
    require(detail::copy_to_device(buf->as<void>(), host, count * sizeof(uint64_t), stream), "cudaMemcpyAsync");
    return buf;
  };
  auto const a = copy_in(p.a, m * a_cols), index = copy_in(sparse ? p.index : nullptr, m * a_cols);
  auto const b = copy_in(p.b, k * n), c = copy_in(p.c, m * n);
  auto const sa = copy_in(p.scale_a, m * kb), sb = copy_in(p.scale_b, kb * n);
  DeviceBuffer dd(m * n * sizeof(uint64_t));
  auto const dev = [](std::unique_ptr<DeviceBuffer> const& x) { return x ? x->as<uint64_t const>() : nullptr; };
  emu::Product const q{p.m, p.n, p.k, dev(a), dev(index), dev(b), dev(c), dev(sa), dev(sb)};
  chain(is, q, dd.as<uint64_t>(), stream, path);
  require(detail::copy_to_host(d, dd.as<void>(), m * n * sizeof(uint64_t), stream), "cudaMemcpyAsync");
  require(detail::synchronize(stream), "copying D back");
}

void chain_arrays(emu::Issue const& is, int m, int n, int k, DeviceArray a, DeviceArray b, DeviceArray c, void* d,
                  int d_bytes, CUstream_st* stream, Path path) {
  if (std::string const err = emu::check(is); !err.empty()) throw std::invalid_argument(err);
  if (is.instruction->sparse() || emu::detail::plan_for(is).scaled)
    throw std::invalid_argument(
        fmt::format("{}: chain_arrays takes dense, unscaled instructions", is.instruction->mnemonic));
  for (int const bytes : {a.bytes, b.bytes, c.data ? c.bytes : 1, d_bytes})
    if (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8)
      throw std::invalid_argument(fmt::format("elements of {} bytes: 1, 2, 4 or 8 are stored", bytes));
  if (m <= 0 || n <= 0 || k < 0) return;
  size_t const na = size_t(m) * size_t(k), nb = size_t(k) * size_t(n), nc = size_t(m) * size_t(n);
  DeviceBuffer wide((na + nb + 2 * nc) * sizeof(uint64_t));
  auto* wa = wide.as<uint64_t>();
  auto *wb = wa + na, *wc = wb + nb, *wd = wc + nc;
  require(detail::widen(a.data, a.bytes, na, wa, stream), "widening A");
  require(detail::widen(b.data, b.bytes, nb, wb, stream), "widening B");
  if (c.data) require(detail::widen(c.data, c.bytes, nc, wc, stream), "widening C");
  emu::Product const p{m, n, k, wa, nullptr, wb, c.data ? wc : nullptr, nullptr, nullptr};
  chain(is, p, wd, stream, path);
  require(detail::narrow(wd, d_bytes, nc, d, stream), "narrowing D");
  require(detail::synchronize(stream), "the chain");
}

void dot_batch(numeric::Model const& m, int K, int count, uint64_t const* a, uint64_t const* b, uint64_t const* c,
               uint64_t* d, CUstream_st* stream) {
  if (auto err = numeric::check_model(m)) throw std::invalid_argument(*err);
  bool const stepped = m.engine == numeric::Engine::kRdna3Dot2 || m.engine == numeric::Engine::kRdna4Dot4;
  if (K < 0 || (stepped && K % m.group != 0))
    throw std::invalid_argument(fmt::format("K = {} is not a multiple of the step size", K));
  if (K > detail::kMaxKc)
    throw std::invalid_argument(
        fmt::format("K = {}: more than the {} products the GPU kernel holds", K, detail::kMaxKc));
  if (count <= 0) return;
  size_t const n = size_t(count), nk = n * size_t(K);
  DeviceBuffer buf((2 * nk + 2 * n) * sizeof(uint64_t));
  auto* da = buf.as<uint64_t>();
  auto* db = da + nk;
  auto* dc = db + nk;
  auto* dd = dc + n;
  require(detail::copy_to_device(da, a, nk * sizeof(uint64_t), stream), "cudaMemcpyAsync");
  require(detail::copy_to_device(db, b, nk * sizeof(uint64_t), stream), "cudaMemcpyAsync");
  require(detail::copy_to_device(dc, c, n * sizeof(uint64_t), stream), "cudaMemcpyAsync");
  detail::DotArgs const g{m, K, count, da, db, dc, dd};
  require(detail::launch_dot(g, stream), "kernel launch");
  require(detail::copy_to_host(d, dd, n * sizeof(uint64_t), stream), "cudaMemcpyAsync");
  require(detail::synchronize(stream), "the dot kernel");
}

} // namespace wavemma::cuda
