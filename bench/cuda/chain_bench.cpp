// MAC/s of wavemma::cuda per numeric model: for the first instruction of the catalog that runs each
// distinct model, an S x S x S product of uniform random operands in [-1, 1] (integers: any code;
// sparse forms: S x S x S/2 products), timed on the GPU (best of 3 after a warm-up; from S = 4096 on, one after it),
// and checked bit for bit against emu::chain on every CPU core. Prints one line per model and the device. Usage:
// cuda_chain_bench [S (2048)] [substring the mnemonic must contain ("")] [check (1) or 0] [auto or reference]
// (the kernels cuda::chain runs: the fast formulation where there is one, or the reference kernel everywhere)

#include <chrono>
#include <cstdio>
#include <cuda_runtime.h>
#include <fmt/format.h>
#include <random>
#include <string>
#include <vector>

#include "wavemma/cuda/chain.hpp"

namespace {

using namespace wavemma;

void check(cudaError_t e, char const* what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "CUDA error in %s: %s\n", what, cudaGetErrorString(e));
    std::exit(1);
  }
}

uint64_t* upload(std::vector<uint64_t> const& v) {
  if (v.empty()) return nullptr;
  void* p = nullptr;
  check(cudaMalloc(&p, v.size() * sizeof(uint64_t)), "cudaMalloc");
  check(cudaMemcpy(p, v.data(), v.size() * sizeof(uint64_t), cudaMemcpyHostToDevice), "cudaMemcpy");
  return static_cast<uint64_t*>(p);
}

} // namespace

int main(int argc, char** argv) {
  int const S = argc > 1 ? std::atoi(argv[1]) : 2048;
  std::string const only = argc > 2 ? argv[2] : "";
  bool const verify = argc > 3 ? std::atoi(argv[3]) != 0 : true;
  std::string const path_arg = argc > 4 ? argv[4] : "auto";
  if (path_arg != "auto" && path_arg != "reference") {
    std::fprintf(stderr, "cuda_chain_bench: path must be auto or reference, not '%s'\n", path_arg.c_str());
    return 2;
  }
  cuda::Path const path = path_arg == "auto" ? cuda::Path::kAuto : cuda::Path::kReference;
  std::string why;
  if (S <= 0) {
    std::fprintf(stderr, "usage: cuda_chain_bench [S > 0] [mnemonic substring] [check 0/1] [auto|reference]\n");
    return 2;
  }
  if (!cuda::available(&why)) {
    std::fprintf(stderr, "cuda_chain_bench: %s\n", why.c_str());
    return 1;
  }
  std::printf("%s, %d x %d x %d products\n", cuda::device_name().c_str(), S, S, S);
  std::printf("%-44s %-28s %-9s %10s %12s %s\n", "instruction", "model (a x b -> out)", "path", "GPU s", "MAC/s",
              "check");
  std::vector<numeric::Model> seen;
  std::mt19937_64 rng(1);
  for (auto const& in : isa::catalog()) {
    if (!only.empty() && in.mnemonic.find(only) == std::string::npos) continue;
    emu::Issue const is{&in, in.wave_sizes().front(), {}};
    auto const model = emu::numeric_model(is);
    bool known = false;
    for (auto const& m : seen) known = known || m == model;
    if (known || S % in.m != 0 || S % in.n != 0 || S % in.k != 0) continue;
    seen.push_back(model);
    auto const fill = [&](numeric::Format f, size_t n) {
      std::vector<uint64_t> v(n);
      std::uniform_real_distribution<double> unit(-1, 1);
      for (auto& x : v)
        x = numeric::info(f).is_float ? numeric::from_double(f, unit(rng)) : rng() & numeric::storage_mask(f);
      return v;
    };
    size_t const s2 = size_t(S) * size_t(S);
    std::vector<uint64_t> a = fill(model.a, in.sparse() ? s2 / 2 : s2), b = fill(model.b, s2);
    std::vector<uint64_t> index, sa, sb;
    if (in.sparse()) { // positions (0,1), (0,2), ... of each group of four, as compress_2to4 stores them
      index.resize(a.size());
      for (size_t e = 0; e < index.size(); e += 2) {
        int const first = static_cast<int>(rng() % 3);
        index[e] = first, index[e + 1] = first + 1 + static_cast<int>(rng() % (3 - first));
      }
    }
    if (in.has_operand(isa::Operand::kScaleA)) {
      sa.resize(size_t(S) * size_t(S / model.group)); // one scale per row and block of K
      sb.resize(sa.size());
      for (auto* v : {&sa, &sb})
        for (auto& x : *v) x = 0x7C + rng() % 7; // 2^-3 .. 2^3
    }
    uint64_t *da = upload(a), *db = upload(b), *di = upload(index), *dsa = upload(sa), *dsb = upload(sb), *dd = nullptr;
    check(cudaMalloc(reinterpret_cast<void**>(&dd), s2 * sizeof(uint64_t)), "cudaMalloc");
    emu::Product const dp{S, S, S, da, di, db, nullptr, dsa, dsb};
    double best = 1e30;
    for (int run = 0; run < (S >= 4096 ? 2 : 4); ++run) {
      auto const t0 = std::chrono::steady_clock::now();
      cuda::chain(is, dp, dd, nullptr, path);
      double const t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (run > 0) best = std::min(best, t); // run 0 warms up
      if (t > 20) break;                     // one slow run is measurement enough
    }
    if (best > 1e29) best = 0;
    std::vector<uint64_t> got(s2), want(s2);
    check(cudaMemcpy(got.data(), dd, s2 * sizeof(uint64_t), cudaMemcpyDeviceToHost), "cudaMemcpy");
    emu::Product const hp{S,
                          S,
                          S,
                          a.data(),
                          index.empty() ? nullptr : index.data(),
                          b.data(),
                          nullptr,
                          sa.empty() ? nullptr : sa.data(),
                          sb.empty() ? nullptr : sb.data()};
    size_t mismatches = 0;
    if (verify) {
      emu::chain(is, hp, want.data());
      for (size_t e = 0; e < s2; ++e) mismatches += got[e] != want[e];
    }
    for (uint64_t* p : {da, db, di, dsa, dsb, dd}) cudaFree(p);
    double const macs = double(S) * S * (in.sparse() ? S / 2 : S);
    std::string const m = fmt::format("{} {}x{}->{} g{}", numeric::engine_name(model.engine), numeric::name(model.a),
                                      numeric::name(model.b), numeric::name(model.out), model.group);
    std::printf("%-44s %-28s %-9s %10.4f %12.3e %s\n", std::string(in.mnemonic).c_str(), m.c_str(),
                path == cuda::Path::kReference ? "reference" : cuda::formulation(is), best,
                best > 0 ? macs / best : 0.0,
                !verify           ? "not checked"
                : mismatches == 0 ? "bit-exact"
                                  : fmt::format("{} MISMATCHES", mismatches).c_str());
    std::fflush(stdout);
  }
  return 0;
}
