// wavemma.mma, explain, matmul: one instruction bit-exactly (`wavemma exec`), one element's steps
// (`--explain`), and a whole product as the chain of single-instruction emulations (emu::chain).

#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <fmt/format.h>
#include <limits>

#include "arguments.hpp"
#include "arrays.hpp"
#include "bindings.hpp"
#include "cuda.hpp"
#include "wavemma/emu/chain.hpp"

namespace wavemma::python {
namespace {

// An operand's array shape: (rows, cols), or (blocks, rows, cols) for multi-block instructions.
Shape shape_of(isa::Instruction const& in, int rows, int cols) {
  return in.blocks > 1 ? Shape{in.blocks, rows, cols} : Shape{rows, cols};
}

std::string role(isa::Instruction const& in, char const* dims, int rows, int cols) {
  std::string const blocks = in.blocks > 1 ? fmt::format("{} blocks of ", in.blocks) : "";
  return fmt::format("{}{} = {}x{} of {}", blocks, dims, rows, cols, in.mnemonic);
}

emu::Matrix matrix(std::vector<uint64_t> bits, int blocks, int rows, int cols) {
  emu::Matrix m(blocks, rows, cols);
  m.bits = std::move(bits);
  return m;
}

// Dense 2:4 A -> stored values and index; "a: A is not 2:4 sparse: ..." otherwise.
emu::CompressedA compress(isa::Instruction const& in, emu::Matrix const& dense) {
  auto packed = emu::compress_2to4(in.a, dense);
  if (auto const* err = std::get_if<std::string>(&packed)) throw py::value_error("a: " + *err);
  return std::get<emu::CompressedA>(std::move(packed));
}

// The operands of one instruction as `wavemma exec` takes them: A in mathematical orientation
// (sparse forms: the logical dense A), multi-block operands stacked along a leading axis.
// Scaled forms: scale_a M x K/32 and scale_b K/32 x N E8M0 codes (uint8), None: all 1 (0x7F).
struct Operands {
  emu::Matrix a, b, c;
  std::optional<emu::CompressedA> sparse;
  std::optional<emu::ScaleMatrices> scales;
  emu::Matrix const* index() const { return sparse ? &sparse->index : nullptr; }
  emu::ScaleMatrices const* scale() const { return scales ? &*scales : nullptr; }
};

// The E8M0 scales of a scaled instruction or product, rows x cols (None: every code 0x7F, 1.0).
std::vector<uint64_t> read_scales(py::handle h, char const* what, int rows, int cols, std::string const& role) {
  if (h.is_none()) return std::vector<uint64_t>(size_t(rows) * size_t(cols), 0x7F);
  return read_bits(h, what, numeric::Format::kE8M0, Shape{rows, cols}, role);
}
void check_no_scales(isa::Instruction const& in, py::handle sa, py::handle sb) {
  if (!sa.is_none() || !sb.is_none())
    throw py::value_error(
        fmt::format("scale_a/scale_b are for the scaled MFMAs (v_mfma_scale_*), not {}", in.mnemonic));
}

Operands read_operands(emu::Issue const& is, py::handle a, py::handle b, py::handle c, py::handle sa, py::handle sb) {
  auto const& in = *is.instruction;
  auto const model = emu::numeric_model(is);
  int const blocks = in.blocks;
  Operands o;
  o.a = matrix(read_bits(a, "a", model.a, shape_of(in, in.m, in.k),
                         role(in, in.sparse() ? "the logical dense M x K" : "M x K", in.m, in.k)),
               blocks, in.m, in.k);
  o.b = matrix(read_bits(b, "b", model.b, shape_of(in, in.k, in.n), role(in, "K x N", in.k, in.n)), blocks, in.k, in.n);
  o.c = c.is_none() ? emu::Matrix(blocks, in.m, in.n)
                    : matrix(read_bits(c, "c", model.out, shape_of(in, in.m, in.n), role(in, "M x N", in.m, in.n)),
                             blocks, in.m, in.n);
  if (in.sparse()) {
    o.sparse = compress(in, o.a);
    o.a = o.sparse->values;
  }
  if (in.has_operand(isa::Operand::kScaleA)) {
    int const kb = in.k / in.numeric().group;
    o.scales =
        emu::ScaleMatrices{matrix(read_scales(sa, "scale_a", in.m, kb, role(in, "M x K/32", in.m, kb)), 1, in.m, kb),
                           matrix(read_scales(sb, "scale_b", kb, in.n, role(in, "K/32 x N", kb, in.n)), 1, kb, in.n)};
  } else {
    check_no_scales(in, sa, sb);
  }
  return o;
}

constexpr char const* kMmaDoc =
    R"(mma(instr, a, b, c=None, arch=None, wave=None, scale_a=None, scale_b=None, **modifiers) -> numpy array D

One instruction, bit-exactly, as `wavemma exec` runs it. a is M x K, b K x N, c and the result
M x N, in mathematical orientation; multi-block instructions take and return stacks of blocks,
(blocks, M, K) and so on. Sparse instructions (SWMMAC, SMFMAC) take the logical dense M x K A,
which must be 2:4 sparse. Operands are array_likes of the operand format's type (formats.dtype):
float16, float32 (f32 and xf32), float64, int8 (i8, signed iu8), uint8 (unsigned iu8), int32
where NumPy has the type, unsigned bit patterns otherwise (bf16: uint16, fp8/bf8/fp6/bf6/fp4:
uint8 holding the code, iu4: uint8 holding 0..15, signed i4 also int8 -8..7); views, slices,
Fortran order and lists of exact values are taken (copied when needed), an ndarray of another
dtype is a TypeError (int8 for an unsigned iu8 operand names neg_lo). c=None is all zeros.
The scaled MFMAs (v_mfma_scale_*) take scale_a (M x K/32) and scale_b (K/32 x N), uint8 E8M0
codes (0x7F = 1); None: every scale 1.

modifiers, as `wavemma exec` spells them: neg_lo=(a, b, c), neg_hi=(a, b, c), opsel=(a, b, c)
(sequences of 0/1, or "1,0,0"), neg=(a, b, c) (f64 MFMA), cbsz=, abid=, blgp=, index_key=
(integers), scale_sel=(a, b) (the scale bytes 0..3 of v_mfma_scale_*), clamp=True, fp16_ovfl=True.
On the gfx950 f8f6f4 MFMAs cbsz and blgp are the A and B formats (0 fp8, 1 bf8, 2 fp6, 3 bf6,
4 fp4). On integer RDNA instructions neg_lo[0] and neg_lo[1]
make A and B signed. Bad input raises TypeError or ValueError with the command line's message;
reserved modifier bits raise a UserWarning.)";

constexpr char const* kMatmulDoc =
    R"(matmul(a, b, c=None, *, instruction, arch=None, wave=None, threads=None, scale_a=None, scale_b=None, device=None, **modifiers) -> D

The M x N product D = A @ B (+ C) as the hardware forms it: the chain of single-instruction
emulations in K order, each instruction tile of D starting from its tile of C (or +0) and taking
the instruction's K at a time, exactly like the reference check of `wavemma gemm`. M, N and K
must be multiples of the instruction's; a multi-block instruction computes several tiles per
issue. Sparse instructions take the dense 2:4 A. Arrays as for mma (slices of a bigger matrix
included); M, N, K at most 2^24. The GIL is released and the tiles spread over `threads` threads
(1..4096; None: every core). modifiers: the value modifiers neg_lo,
neg_hi, neg, clamp, fp16_ovfl (the data-moving ones would break the product apart), and cbsz/blgp
as the f8f6f4 formats. The scaled MFMAs take scale_a (M x K/32) and scale_b (K/32 x N) E8M0
codes of the whole product; None: every scale 1.

device="cuda" computes the same bits on an NVIDIA GPU (wavemma::cuda; cuda_available() says
whether it can): NumPy operands are copied in and D comes back as NumPy; CUDA arrays (PyTorch
tensors, CuPy arrays: __cuda_array_interface__, C-contiguous, a bfloat16 tensor as its uint16
bits) stay on the device, run on a's stream, and D is a new array of their kind on their device
(sparse and scaled forms copy through the host). device=None or "cpu": the CPU.)";

void check_tiling(isa::Instruction const& in, char const* dim, py::ssize_t size, int tile) {
  if (size <= 0 || size % tile != 0)
    throw py::value_error(fmt::format("{}={} is not a multiple of {}, the {} of {}: matmul issues whole instructions "
                                      "(pad the operands)",
                                      dim, size, tile, dim, in.mnemonic));
}

// A 2-D operand of the product as a C-contiguous array of its format's type (any array_like).
py::array matrix_operand(py::handle h, char const* what, numeric::Format f, char const* dims) {
  py::array a = operand_array(h, what, f);
  if (a.ndim() != 2) throw py::value_error(fmt::format("{} must be a 2-D array ({}), not {}-D", what, dims, a.ndim()));
  return a;
}

// The most threads matmul starts: far more than any machine's cores, few enough that starting
// them cannot fail.
constexpr int kMaxThreads = 4096; // as wavemma gemm --threads
// The largest M, N or K: the engines count elements and tiles in 32 bits.
constexpr py::ssize_t kMaxExtent = py::ssize_t{1} << 24;

py::object matmul(py::handle a, py::handle b, py::handle c, std::string const& instruction,
                  std::optional<std::string> const& arch, py::handle wave_arg, py::handle threads_arg,
                  py::handle scale_a, py::handle scale_b, py::handle device, py::kwargs const& kwargs) {
  std::optional<int> const wave = optional_int(wave_arg, "wave", 0, 64);
  std::optional<int> const threads = optional_int(threads_arg, "threads", 1, kMaxThreads);
  bool const on_gpu = wants_cuda(device);
  emu::Issue const is = issue(target(instruction, arch, wave), kwargs, ModifierSet::kValues, "matmul");
  auto const& in = *is.instruction;
  if (on_gpu && is_cuda_array(a)) {
    if (!in.sparse() && !in.has_operand(isa::Operand::kScaleA)) return matmul_cuda_arrays(is, a, b, c);
    // Sparse and scaled forms take emu::Product's layout: their operands go through the host.
    auto const host = [](py::handle x) {
      return is_cuda_array(x) ? to_host(x) : py::reinterpret_borrow<py::object>(x);
    };
    return to_device_like(a, matmul(host(a), host(b), host(c), instruction, arch, wave_arg, threads_arg, host(scale_a),
                                    host(scale_b), device, kwargs));
  }
  auto const model = emu::numeric_model(is);
  py::array const aa = matrix_operand(a, "a", model.a, "M x K"), ba = matrix_operand(b, "b", model.b, "K x N");
  py::ssize_t const m = aa.shape(0), k = aa.shape(1), n = ba.shape(1);
  for (auto [dim, size] : {std::pair{"M", m}, {"N", n}, {"K", k}})
    if (size > kMaxExtent)
      throw py::value_error(fmt::format("{}={} is more than matmul takes ({})", dim, size, kMaxExtent));
  check_tiling(in, "M", m, in.m);
  check_tiling(in, "N", n, in.n);
  check_tiling(in, "K", k, in.k);
  int const M = int(m), N = int(n), K = int(k);
  auto const shape = [](int r, int cols) { return Shape{r, cols}; };
  auto const what = [&](char const* dims) { return fmt::format("{} of the product", dims); };
  emu::Matrix dense = matrix(read_bits(aa, "a", model.a, shape(M, K), what("M x K")), 1, M, K);
  std::vector<uint64_t> const bb = read_bits(ba, "b", model.b, shape(K, N), what("K x N"));
  std::vector<uint64_t> const cc =
      c.is_none() ? std::vector<uint64_t>{} : read_bits(c, "c", model.out, shape(M, N), what("M x N"));
  std::optional<emu::CompressedA> sparse;
  if (in.sparse()) sparse = compress(in, dense);
  std::vector<uint64_t> sa, sb;
  if (in.has_operand(isa::Operand::kScaleA)) {
    sa = read_scales(scale_a, "scale_a", M, K / in.numeric().group, what("M x K/32"));
    sb = read_scales(scale_b, "scale_b", K / in.numeric().group, N, what("K/32 x N"));
  } else {
    check_no_scales(in, scale_a, scale_b);
  }
  std::vector<uint64_t> d(size_t(M) * size_t(N));
  emu::Product const p{M,
                       N,
                       K,
                       sparse ? sparse->values.bits.data() : dense.bits.data(),
                       sparse ? sparse->index.bits.data() : nullptr,
                       bb.data(),
                       cc.empty() ? nullptr : cc.data(),
                       sa.empty() ? nullptr : sa.data(),
                       sb.empty() ? nullptr : sb.data()};
  if (on_gpu)
    chain_on_cuda(is, p, d.data());
  else
    without_gil([&] { emu::chain(is, p, d.data(), threads.value_or(0)); });
  return to_array(d, model.out, shape(M, N));
}

} // namespace

// D's format: the engine's output format (C's), except gfx1250 bf16f32 (an f32 C, a bf16 D).
static numeric::Format d_format(emu::Issue const& is) {
  auto const& in = *is.instruction;
  return in.type_of(isa::Operand::kD) == in.cd ? emu::numeric_model(is).out : numeric::Format::kBf16;
}

void bind_products(py::module_& m) {
  m.def(
      "mma",
      [](std::string const& instr, py::handle a, py::handle b, py::handle c, std::optional<std::string> const& arch,
         py::handle wave, py::handle scale_a, py::handle scale_b, py::kwargs const& kwargs) {
        emu::Issue const is =
            issue(target(instr, arch, optional_int(wave, "wave", 0, 64)), kwargs, ModifierSet::kAll, "mma");
        auto const& in = *is.instruction;
        Operands const o = read_operands(is, a, b, c, scale_a, scale_b);
        emu::Matrix const d = without_gil([&] { return emu::execute(is, o.a, o.b, o.c, o.index(), o.scale()); });
        return to_array(d.bits, d_format(is), shape_of(in, in.m, in.n));
      },
      py::arg("instr"), py::arg("a"), py::arg("b"), py::arg("c") = py::none(), py::arg("arch") = py::none(),
      py::arg("wave") = py::none(), py::arg("scale_a") = py::none(), py::arg("scale_b") = py::none(), kMmaDoc);

  m.def(
      "explain",
      [](std::string const& instr, py::handle a, py::handle b, py::handle c, py::handle row_arg, py::handle col_arg,
         py::handle block_arg, std::optional<std::string> const& arch, py::handle wave, py::handle scale_a,
         py::handle scale_b, py::kwargs const& kwargs) {
        // Out-of-range positions get emu::explain's message; only what no int holds is refused here.
        int const row = static_cast<int>(integer_arg(row_arg, "row", 0, std::numeric_limits<int>::max()));
        int const col = static_cast<int>(integer_arg(col_arg, "col", 0, std::numeric_limits<int>::max()));
        int const block = static_cast<int>(integer_arg(block_arg, "block", 0, std::numeric_limits<int>::max()));
        emu::Issue const is =
            issue(target(instr, arch, optional_int(wave, "wave", 0, 64)), kwargs, ModifierSet::kAll, "explain");
        Operands const o = read_operands(is, a, b, c, scale_a, scale_b);
        try {
          return emu::explain(is, o.a, o.b, o.c, o.index(), block, row, col, o.scale());
        } catch (std::out_of_range const& e) {
          throw py::value_error(e.what());
        }
      },
      py::arg("instr"), py::arg("a"), py::arg("b"), py::arg("c") = py::none(), py::kw_only(), py::arg("row"),
      py::arg("col"), py::arg("block") = 0, py::arg("arch") = py::none(), py::arg("wave") = py::none(),
      py::arg("scale_a") = py::none(), py::arg("scale_b") = py::none(),
      "explain(instr, a, b, c=None, *, row, col, block=0, arch=None, wave=None, scale_a=None, scale_b=None, "
      "**modifiers) -> list[str]\n\n"
      "The lines of `wavemma exec --explain ROW,COL` for D[row][col] (of block `block`): the products in hardware "
      "order with their values, every alignment, truncation and rounding step of the engine, and the result. "
      "Operands and modifiers as for mma.");

  m.def(
      "operand_formats",
      [](std::string const& instr, std::optional<std::string> const& arch, py::handle wave, py::kwargs const& kwargs) {
        emu::Issue const is =
            issue(target(instr, arch, optional_int(wave, "wave", 0, 64)), kwargs, ModifierSet::kAll, "operand_formats");
        auto const model = emu::numeric_model(is);
        return py::dict(py::arg("A") = std::string(numeric::name(model.a)),
                        py::arg("B") = std::string(numeric::name(model.b)),
                        py::arg("C") = std::string(numeric::name(model.out)),
                        py::arg("D") = std::string(numeric::name(d_format(is))));
      },
      py::arg("instr"), py::arg("arch") = py::none(), py::arg("wave") = py::none(),
      "operand_formats(instr, arch=None, wave=None, **modifiers) -> dict\n\nThe number format of A, B, C and D as mma "
      "takes them (formats.dtype gives the array type): iu8/iu4 are i8/u8, i4/u4 by neg_lo, as the hardware reads "
      "them.");

  m.def("matmul", &matmul, py::arg("a"), py::arg("b"), py::arg("c") = py::none(), py::kw_only(), py::arg("instruction"),
        py::arg("arch") = py::none(), py::arg("wave") = py::none(), py::arg("threads") = py::none(),
        py::arg("scale_a") = py::none(), py::arg("scale_b") = py::none(), py::arg("device") = py::none(), kMatmulDoc);
}

} // namespace wavemma::python
