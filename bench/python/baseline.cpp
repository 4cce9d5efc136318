// The C++ side of bench/python/matmul_bench.py, a module of its own (wavemma_bench) so that the
// shipped wavemma module carries no benchmark code. On raw bits prepared outside the timing:
//   engine():       the bare engine, numeric::dot_tile once per output tile over the whole K (no
//                   emulator, no K-order chaining), tiles spread over the cores;
//   engine_steps(): the engine called once per instruction K step, D as the next C: what chaining
//                   literally, one instruction at a time, costs;
//   chain():        emu::chain, the code path wavemma.matmul runs, without the binding.
// Both release the GIL and return seconds; the script checks that every result has the same bits.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <chrono>

#include "wavemma/emu/chain.hpp"
#include "wavemma/isa/resolve.hpp"

namespace py = pybind11;
using namespace wavemma;

namespace {

using Bits = py::array_t<uint64_t, py::array::c_style>;

emu::Issue issue(std::string const& instr, std::string const& arch) {
  auto const t = isa::resolve_target(instr, arch, 0);
  return {t.instruction, t.wave, {}};
}

template <class F>
double seconds(F const& f) {
  py::gil_scoped_release released;
  auto const t0 = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// Runs tile(model, in, ti, tj, A, Bt, K, acc) for every output tile of a: M x K and bt: B
// transposed (N x K) on every thread, acc (the tile's D, from +0) then stored into d (M x N).
// Dense single-block instructions.
template <class Tile>
double each_tile(std::string const& instr, std::string const& arch, Bits const& a, Bits const& bt, Bits& d, int threads,
                 Tile const& tile) {
  auto const is = issue(instr, arch);
  auto const& in = *is.instruction;
  auto const model = emu::numeric_model(is);
  int const M = int(a.shape(0)), K = int(a.shape(1)), N = int(bt.shape(0));
  uint64_t const* A = a.data();
  uint64_t const* Bt = bt.data();
  uint64_t* D = d.mutable_data();
  int const tiles_n = N / in.n, tiles = (M / in.m) * tiles_n;
  return seconds([&] {
    emu::parallel_ranges(tiles, threads, [&](int first, int last) {
      std::vector<uint64_t> acc(size_t(in.m) * in.n);
      for (int t = first; t < last; ++t) {
        int const ti = t / tiles_n, tj = t % tiles_n;
        std::fill(acc.begin(), acc.end(), 0);
        tile(model, in, A + size_t(ti) * in.m * K, Bt + size_t(tj) * in.n * K, K, acc);
        for (int i = 0; i < in.m; ++i)
          std::copy_n(&acc[size_t(i) * in.n], in.n, D + size_t(ti * in.m + i) * N + size_t(tj) * in.n);
      }
    });
  });
}

double engine(std::string const& instr, std::string const& arch, Bits const& a, Bits const& bt, Bits& d, int threads) {
  return each_tile(
      instr, arch, a, bt, d, threads,
      [](numeric::Model const& model, isa::Instruction const& in, uint64_t const* A, uint64_t const* Bt, int K,
         std::vector<uint64_t>& acc) { numeric::dot_tile(model, in.m, in.n, K, A, Bt, acc.data(), acc.data()); });
}

double engine_steps(std::string const& instr, std::string const& arch, Bits const& a, Bits const& bt, Bits& d,
                    int threads) {
  return each_tile(instr, arch, a, bt, d, threads,
                   [](numeric::Model const& model, isa::Instruction const& in, uint64_t const* A, uint64_t const* Bt,
                      int K, std::vector<uint64_t>& acc) {
                     thread_local std::vector<uint64_t> ta, tb;
                     ta.resize(size_t(in.m) * in.k);
                     tb.resize(size_t(in.n) * in.k);
                     for (int s = 0; s < K; s += in.k) {
                       for (int i = 0; i < in.m; ++i) std::copy_n(A + size_t(i) * K + s, in.k, &ta[size_t(i) * in.k]);
                       for (int j = 0; j < in.n; ++j) std::copy_n(Bt + size_t(j) * K + s, in.k, &tb[size_t(j) * in.k]);
                       numeric::dot_tile(model, in.m, in.n, in.k, ta.data(), tb.data(), acc.data(), acc.data());
                     }
                   });
}

double chain(std::string const& instr, std::string const& arch, Bits const& a, Bits const& b, Bits& d, int threads) {
  auto const is = issue(instr, arch);
  emu::Product const p{int(a.shape(0)), int(b.shape(1)), int(a.shape(1)), a.data(), nullptr, b.data()};
  uint64_t* D = d.mutable_data();
  return seconds([&] { emu::chain(is, p, D, threads); });
}

} // namespace

PYBIND11_MODULE(wavemma_bench, m) {
  m.doc() = "Baselines of bench/python/matmul_bench.py on raw bits (uint64 arrays).";
  m.def("engine", &engine, py::arg("instr"), py::arg("arch"), py::arg("a"), py::arg("bt"), py::arg("d"),
        py::arg("threads"));
  m.def("engine_steps", &engine_steps, py::arg("instr"), py::arg("arch"), py::arg("a"), py::arg("bt"), py::arg("d"),
        py::arg("threads"));
  m.def("chain", &chain, py::arg("instr"), py::arg("arch"), py::arg("a"), py::arg("b"), py::arg("d"),
        py::arg("threads"));
}
