#pragma once
// Bit-level accumulation engines of the AMD matrix instructions (numerics.md §3–§8).
//
// An engine computes one output element d = chain over k of a[k]·b[k] starting from c, exactly as
// the hardware rounds, truncates and handles special values. `dot` is the readable reference;
// `dot_tile` is the batched form the emulator uses and is bit-identical to it. Both run the
// arithmetic of core/engines.hpp, which wavemma::cuda runs on NVIDIA GPUs.

#include "wavemma/numeric/core/model.hpp"
#include "wavemma/numeric/engine_id.hpp"
#include "wavemma/numeric/format.hpp"
#include "wavemma/numeric/inputs.hpp"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace wavemma::numeric {

// Model (the engine and its formats) and the engines' special results are in core/model.hpp.

// Human-readable steps for `wavemma exec --explain`. Tracing never changes a result.
struct Trace {
  std::vector<std::string> lines;
};

std::string_view engine_name(Engine); // "fma_chain", "cdna3_fused_dot", ...
std::optional<Engine> parse_engine(std::string_view);
// One paragraph: the model, its evidence tag (HW/DOC/SRC/ASSUME) and its assumptions.
std::string_view evidence_note(Engine);

// nullopt when the model is a supported combination, otherwise why not.
std::optional<std::string> check_model(Model const&);

// One output element. a[k], b[k]: raw input bits in hardware K order (A/B NEG modifiers already
// applied by flipping sign bits); c: raw bits in `out` format (C modifiers applied; for gfx11
// 16-bit outputs the selected 16-bit half). Returns the raw bits of d in `out` format. Throws
// std::invalid_argument for an unsupported model, a.size() != b.size(), or (RDNA engines) a K that
// is not a multiple of `group`.
uint64_t dot(Model const&, std::span<uint64_t const> a, std::span<uint64_t const> b, uint64_t c,
             Trace* trace = nullptr);

// The block-scaled engine (kCdna4ScaledDot, gfx950 v_mfma_scale_*_f8f6f4): scale_a[b] and
// scale_b[b] are the E8M0 codes of block b (products b·group .. b·group + group - 1) of A and of B,
// one per block (ceil(K / group) each). dot() and dot_tile() run that engine with every scale 1
// (0x7F), which is the unscaled f8f6f4 instruction. Throws std::invalid_argument for another
// engine, an unsupported model or a wrong number of scales.
uint64_t dot_scaled(Model const&, std::span<uint64_t const> a, std::span<uint64_t const> b,
                    std::span<uint8_t const> scale_a, std::span<uint8_t const> scale_b, uint64_t c,
                    Trace* trace = nullptr);
// dot_scaled for an M×N tile, laid out as dot_tile's: SA is M × ceil(K/group) (the scales of A's
// row i), SBt is N × ceil(K/group) (those of B's column j). Reference core per element.
void dot_tile_scaled(Model const&, int M, int N, int K, uint64_t const* A, uint8_t const* SA, uint64_t const* Bt,
                     uint8_t const* SBt, uint64_t const* C, uint64_t* D);

// D[i][j] = dot(model, A[i][0..K), Bt[j][0..K), C[i][j]) for an M×N tile: A row-major M×K, B given
// transposed as N×K, C and D row-major M×N, all raw bits. Bit-identical to `dot`. D may be C itself
// (the same array); no other overlap is allowed. Each A/B element is decoded once per call.
void dot_tile(Model const&, int M, int N, int K, uint64_t const* A, uint64_t const* Bt, uint64_t const* C, uint64_t* D);

// How dot_tile_rows reads B: row-major (KB rows of N) or by columns (N columns of KB, i.e. B
// transposed, as dot_tile takes it).
enum class BLayout : uint8_t { kRows, kColumns };

// The emulator's form of dot_tile: B with KB rows, and output row i takes its product k from B row
// rows[i * K + k] (rows == nullptr: from row k, and KB must be K). One call covers a sparse
// instruction (each row of A picks its own B rows) and every block of a multi-block one (the rows
// of block b read the B rows of block b):
//   D[i][j] = dot(model, A[i][0..K), (B[rows[i][k]][j] for k in 0..K), C[i][j]).
// Bit-identical to `dot`; D may be C itself. Throws std::invalid_argument as dot_tile does, and for
// a row index >= KB. Each B element is decoded once per call, whatever the row map.
void dot_tile_rows(Model const&, int M, int N, int K, uint64_t const* A, uint64_t const* B, int KB,
                   uint32_t const* rows, uint64_t const* C, uint64_t* D, BLayout layout = BLayout::kRows);

// Whether a dot over K products equals the dot over its last K - K1 products started from the dot
// over the first K1, for every K1 that is a multiple of `group`: every engine carries its
// accumulator from step to step (block to block, product to product) as the output format's bits,
// exactly as one instruction hands D to the next as C. Only a clamped integer sum does not: it
// saturates once, at the end. (A chain of instructions can then run as one engine call.)
bool splits_at_steps(Model const&);

// The instruction sets dot_tile's vectorised kernels are written for. The kernels are built on
// every x86-64 build, whatever its target, and dot_tile uses the best set the CPU has (kScalar: the
// reference core alone, decoded once per tile), unless use_tile_isa chose another, as the tests do
// to check each set the machine can run. There are no AVX-512 kernels (docs/performance.md says why).
enum class TileIsa : uint8_t { kScalar, kAvx2 };
inline constexpr TileIsa kTileIsas[] = {TileIsa::kScalar, TileIsa::kAvx2};
std::string_view tile_isa_name(TileIsa); // "scalar", "avx2"
bool tile_isa_available(TileIsa);        // built for, and run by this CPU
TileIsa tile_isa();                      // the set in use (process-wide)
// Throws std::invalid_argument for a set that is not available.
void use_tile_isa(TileIsa);

// Whether dot_tile has a vectorised kernel for this model with the set in use (AVX2: the aligning
// engines with their 16-bit, xf32 and 8-bit float inputs, kFmaChain with f32 or f64 inputs and
// output, kIntegerDot). Other models decode once per tile and run the reference core per element.
bool has_fast_tile(Model const&);

// What dot_tile and dot_tile_rows have computed in this process, summed over its threads: every
// output element, the elements a vectorised kernel handed to the reference core (NaN/inf and the
// overflow and underflow cases a kernel leaves to it), and the elements computed with no
// vectorised kernel at all (a model without one, or a non-default floating-point environment).
// Counted once per call, not per element. The difference of two readings measures what happened
// between them.
struct TileCounts {
  uint64_t elements = 0;
  uint64_t fallbacks = 0;
  uint64_t unvectorised = 0;

  TileCounts operator-(TileCounts const& o) const {
    return {elements - o.elements, fallbacks - o.fallbacks, unvectorised - o.unvectorised};
  }
};
TileCounts tile_counts();

} // namespace wavemma::numeric
