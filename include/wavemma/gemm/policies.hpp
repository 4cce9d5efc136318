#pragma once
// Every named GEMM policy: a TilePolicy and a ComputePolicy for a data type of a family, one line
// each. A policy is selected by its name and an architecture; the same name on two families (e.g.
// wmma_f16 on gfx11 and gfx12) is two entries. This table is read by the host registry
// (`wavemma gemm --list-policies`) and by the AMD compile checks (tests/gemm/amd).

#include <stdint.h>
#include <type_traits>
#include <utility>

#include "wavemma/gemm/compute.hpp"
#include "wavemma/gemm/kernel.hpp"
#include "wavemma/gemm/tile.hpp"
#include "wavemma/isa/types.hpp"

namespace wavemma::gemm {

using Gen = isa::Generation;

// Where a policy runs: the catalog generation of the instruction it issues, or any architecture
// (the default: the scalar fallbacks).
struct Generations {
  bool any = true;
  Gen gen{};
  constexpr Generations() = default;
  constexpr Generations(Gen g) : any(false), gen(g) {} // NOLINT: one generation
  constexpr bool runs_on(Gen g) const { return any || gen == g; }
};
inline constexpr Generations kAnyGeneration{};

template <unsigned N>
struct Name {
  char text[N];
  consteval Name(char const (&s)[N]) {
    for (unsigned i = 0; i < N; ++i) text[i] = s[i];
  }
};

// Input element types: bf16 and 8-bit floats travel as bit patterns.
using bf16_bits = uint16_t;
using fp8_bits = uint8_t;

// The matrix instruction a ComputePolicy issues, if it says (wavemma's MatrixCore does), else void.
template <class Compute>
struct instruction_of {
  using type = void;
};
template <class Compute>
  requires requires { typename Compute::instruction; }
struct instruction_of<Compute> {
  using type = typename Compute::instruction;
};

// wavemma's ComputePolicies, waiting for the TilePolicy they serve (its block width places the
// waves or threads, its staged element is what they load); a seed-style ComputePolicy is given as
// it is.
template <class I, bool ASigned = true, bool BSigned = true, int BlockRows = 1>
struct MatrixCoreFor {
  template <class Tile>
  using policy = MatrixCore<I, staged_elem_t<Tile>, Tile::block_tile_n, ASigned, BSigned, BlockRows, b_row_major<Tile>>;
};
template <class I>
struct ScaledMatrixCoreFor {
  template <class Tile>
  using policy = ScaledMatrixCore<I, staged_elem_t<Tile>, Tile::block_tile_n>;
};
// A multi-block instruction with its blocks BlockRows tiles down (the rest across).
template <class I, int BlockRows>
using MultiBlockFor = MatrixCoreFor<I, true, true, BlockRows>;
template <int TileM, int TileN>
struct ScalarFmaFor {
  template <class Tile>
  using policy = ScalarFma<staged_elem_t<Tile>, TileM, TileN, Tile::block_tile_n>;
};
template <class Compute, class Tile>
struct compute_for {
  using type = Compute;
};
template <class Compute, class Tile>
  requires requires { typename Compute::template policy<Tile>; }
struct compute_for<Compute, Tile> {
  using type = typename Compute::template policy<Tile>;
};

// A named pair of policies. Instruction: what the runner's bit-exact reference chains (void: a
// correctly rounded fma per k); a seed-style ComputePolicy, which does not say, names it here.
template <Name N, Generations F, int Wave, class Tile, class ComputeOrFor,
          class Instruction = typename instruction_of<typename compute_for<ComputeOrFor, Tile>::type>::type>
struct Policy {
  static constexpr char const* name = N.text;
  static constexpr Generations generation = F;
  static constexpr int wave = Wave; // 0: any wave size (scalar)
  using tile = Tile;
  using compute = typename compute_for<ComputeOrFor, Tile>::type;
  using instruction = Instruction;
  using elem = staged_elem_t<Tile>;
  using out = c_elem_t<compute>;
  static constexpr bool sparse = tile_member::sparse<Tile>;
  static constexpr bool scaled = scaled_compute<compute>; // matrix_multiply_scaled, with the product's scales
  static constexpr int threads = block_threads<Tile, compute>();
  static constexpr bool fits = policies_fit<Tile, compute, elem, sparse>(); // each misfit is a compile error of its own
  static_assert(F.any == (Wave == 0), "a matrix policy names its generation and wave; a scalar one runs anywhere");
};

template <class... P>
struct PolicyList {};

namespace in = instr;
// clang-format off
using AllPolicies = PolicyList<
//       name               generation        wave  TilePolicy                                   ComputePolicy
  Policy<"scalar_fma_f32",  kAnyGeneration,       0,  LdsTile<float, 64, 64, 16>,                   ScalarFmaFor<4, 4>>,
  Policy<"scalar_fma_f32_db", kAnyGeneration,     0,  LdsTile<float, 64, 64, 16, 2>,                ScalarFmaFor<4, 4>>,
  Policy<"scalar_fma_f64",  kAnyGeneration,       0,  LdsTile<double, 32, 32, 16>,                  ScalarFmaFor<2, 2>>,
  // RDNA3 (gfx11), wave32
  Policy<"wmma_f16",        Gen::kGfx11,     32,  LdsTile<_Float16, 32, 32, 32>,                MatrixCoreFor<in::gfx11_wmma_f32_16x16x16_f16_w32>>,
  Policy<"wmma_bf16",       Gen::kGfx11,     32,  LdsTile<bf16_bits, 32, 32, 32>,               MatrixCoreFor<in::gfx11_wmma_f32_16x16x16_bf16_w32>>,
  Policy<"wmma_iu8",        Gen::kGfx11,     32,  LdsTile<int8_t, 32, 32, 32>,                  MatrixCoreFor<in::gfx11_wmma_i32_16x16x16_iu8_w32>>,
  Policy<"wmma_iu4",        Gen::kGfx11,     32,  LdsTile<int8_t, 32, 32, 32>,                  MatrixCoreFor<in::gfx11_wmma_i32_16x16x16_iu4_w32>>,
  // RDNA3 (gfx11), wave64: the same instructions' wave64 forms, four waves of 64 per block
  Policy<"wmma_f16_w64",    Gen::kGfx11,     64,  LdsTile<_Float16, 32, 32, 32>,                MatrixCoreFor<in::gfx11_wmma_f32_16x16x16_f16_w64>>,
  Policy<"wmma_iu8_w64",    Gen::kGfx11,     64,  LdsTile<int8_t, 32, 32, 32>,                  MatrixCoreFor<in::gfx11_wmma_i32_16x16x16_iu8_w64>>,
  // RDNA4 (gfx12), wave32
  Policy<"wmma_f16",        Gen::kGfx12,     32,  LdsTile<_Float16, 32, 32, 32>,                MatrixCoreFor<in::gfx12_wmma_f32_16x16x16_f16_w32>>,
  Policy<"wmma_f16_db",     Gen::kGfx12,     32,  LdsTile<_Float16, 32, 32, 32, 2>,             MatrixCoreFor<in::gfx12_wmma_f32_16x16x16_f16_w32>>,
  Policy<"wmma_f16_tr",     Gen::kGfx12,     32,  TransposeLoadTile<32, 32, 32>,                MatrixCoreFor<in::gfx12_wmma_f32_16x16x16_f16_w32>>,
  Policy<"wmma_bf16",       Gen::kGfx12,     32,  LdsTile<bf16_bits, 32, 32, 32>,               MatrixCoreFor<in::gfx12_wmma_f32_16x16x16_bf16_w32>>,
  Policy<"wmma_fp8",        Gen::kGfx12,     32,  LdsTile<fp8_bits, 32, 32, 32>,                MatrixCoreFor<in::gfx12_wmma_f32_16x16x16_fp8_fp8_w32>>,
  Policy<"wmma_bf8",        Gen::kGfx12,     32,  LdsTile<fp8_bits, 32, 32, 32>,                MatrixCoreFor<in::gfx12_wmma_f32_16x16x16_bf8_bf8_w32>>,
  Policy<"wmma_iu8",        Gen::kGfx12,     32,  LdsTile<int8_t, 32, 32, 32>,                  MatrixCoreFor<in::gfx12_wmma_i32_16x16x16_iu8_w32>>,
  Policy<"wmma_iu4",        Gen::kGfx12,     32,  LdsTile<int8_t, 32, 32, 32>,                  MatrixCoreFor<in::gfx12_wmma_i32_16x16x16_iu4_w32>>,
  Policy<"wmma_iu4_k32",    Gen::kGfx12,     32,  LdsTile<int8_t, 32, 32, 32>,                  MatrixCoreFor<in::gfx12_wmma_i32_16x16x32_iu4_w32>>,
  Policy<"swmmac_f16",      Gen::kGfx12,     32,  SparseLdsTile<_Float16, 32, 32, 32>,          MatrixCoreFor<in::gfx12_swmmac_f32_16x16x32_f16_w32>>,
  // RDNA4 (gfx12), wave64
  Policy<"wmma_f16_w64",    Gen::kGfx12,     64,  LdsTile<_Float16, 32, 32, 32>,                MatrixCoreFor<in::gfx12_wmma_f32_16x16x16_f16_w64>>,
  Policy<"wmma_iu8_w64",    Gen::kGfx12,     64,  LdsTile<int8_t, 32, 32, 32>,                  MatrixCoreFor<in::gfx12_wmma_i32_16x16x16_iu8_w64>>,
  // CDNA3 (gfx942), wave64
  Policy<"mfma_xf32",       Gen::kGfx94x,    64,  LdsTile<float, 32, 32, 32>,                   MatrixCoreFor<in::gfx94x_mfma_f32_16x16x8_xf32_w64>>,
  Policy<"mfma_f16",        Gen::kGfx94x,    64,  LdsTile<_Float16, 32, 32, 32>,                MatrixCoreFor<in::gfx94x_mfma_f32_16x16x16_f16_w64>>,
  Policy<"mfma_f16_32x32",  Gen::kGfx94x,    64,  LdsTile<_Float16, 64, 64, 32>,                MatrixCoreFor<in::gfx94x_mfma_f32_32x32x8_f16_w64>>,
  Policy<"mfma_bf16_1k",    Gen::kGfx94x,    64,  LdsTile<bf16_bits, 32, 32, 32>,               MatrixCoreFor<in::gfx94x_mfma_f32_16x16x16_bf16_w64>>,
  Policy<"mfma_fp8",        Gen::kGfx94x,    64,  LdsTile<fp8_bits, 32, 32, 32>,                MatrixCoreFor<in::gfx94x_mfma_f32_16x16x32_fp8_fp8_w64>>,
  Policy<"mfma_i8",         Gen::kGfx94x,    64,  LdsTile<int8_t, 32, 32, 32>,                  MatrixCoreFor<in::gfx94x_mfma_i32_16x16x32_i8_w64>>,
  Policy<"mfma_f64",        Gen::kGfx94x,    64,  LdsTile<double, 32, 32, 16>,                  MatrixCoreFor<in::gfx94x_mfma_f64_16x16x4_f64_w64>>,
  Policy<"mfma_f32_2b",     Gen::kGfx94x,    64,  LdsTile<float, 64, 128, 16>,                  MatrixCoreFor<in::gfx94x_mfma_f32_32x32x1_2b_f32_w64>>,
  Policy<"mfma_f32_2b_m",   Gen::kGfx94x,    64,  LdsTile<float, 128, 64, 16>,                  MultiBlockFor<in::gfx94x_mfma_f32_32x32x1_2b_f32_w64, 2>>,
  Policy<"smfmac_f16",      Gen::kGfx94x,    64,  SparseLdsTile<_Float16, 32, 32, 32>,          MatrixCoreFor<in::gfx94x_smfmac_f32_16x16x32_f16_w64>>,
  // CDNA1 (gfx908), wave64
  Policy<"mfma_f32_2b",     Gen::kGfx908,    64,  LdsTile<float, 64, 128, 16>,                  MatrixCoreFor<in::gfx908_mfma_f32_32x32x1f32_w64>>,
  Policy<"mfma_f16",        Gen::kGfx908,    64,  LdsTile<_Float16, 32, 32, 32>,                MatrixCoreFor<in::gfx908_mfma_f32_16x16x16f16_w64>>,
  Policy<"mfma_bf16",       Gen::kGfx908,    64,  LdsTile<bf16_bits, 32, 32, 32>,               MatrixCoreFor<in::gfx908_mfma_f32_16x16x8bf16_w64>>,
  Policy<"mfma_i8",         Gen::kGfx908,    64,  LdsTile<int8_t, 32, 32, 32>,                  MatrixCoreFor<in::gfx908_mfma_i32_16x16x16i8_w64>>,
  // CDNA2 (gfx90a), wave64
  Policy<"mfma_f32_2b",     Gen::kGfx90a,    64,  LdsTile<float, 64, 128, 16>,                  MatrixCoreFor<in::gfx90a_mfma_f32_32x32x1f32_w64>>,
  Policy<"mfma_f16",        Gen::kGfx90a,    64,  LdsTile<_Float16, 32, 32, 32>,                MatrixCoreFor<in::gfx90a_mfma_f32_16x16x16f16_w64>>,
  Policy<"mfma_bf16_1k",    Gen::kGfx90a,    64,  LdsTile<bf16_bits, 32, 32, 32>,               MatrixCoreFor<in::gfx90a_mfma_f32_16x16x16bf16_1k_w64>>,
  Policy<"mfma_f64",        Gen::kGfx90a,    64,  LdsTile<double, 32, 32, 16>,                  MatrixCoreFor<in::gfx90a_mfma_f64_16x16x4f64_w64>>,
  Policy<"mfma_i8",         Gen::kGfx90a,    64,  LdsTile<int8_t, 32, 32, 32>,                  MatrixCoreFor<in::gfx90a_mfma_i32_16x16x16i8_w64>>,
  // CDNA4 (gfx950), wave64
  Policy<"mfma_f32_2b",     Gen::kGfx950,    64,  LdsTile<float, 64, 128, 16>,                  MatrixCoreFor<in::gfx950_mfma_f32_32x32x1_2b_f32_w64>>,
  Policy<"mfma_f16",        Gen::kGfx950,    64,  LdsTile<_Float16, 32, 32, 32>,                MatrixCoreFor<in::gfx950_mfma_f32_16x16x32_f16_w64>>,
  Policy<"mfma_f16_tr",     Gen::kGfx950,    64,  RowMajorBTile<_Float16, 32, 32, 32>,          MatrixCoreFor<in::gfx950_mfma_f32_16x16x32_f16_w64>>,
  Policy<"mfma_bf16",       Gen::kGfx950,    64,  LdsTile<bf16_bits, 32, 32, 32>,               MatrixCoreFor<in::gfx950_mfma_f32_16x16x32_bf16_w64>>,
  Policy<"mfma_fp8",        Gen::kGfx950,    64,  LdsTile<fp8_bits, 32, 32, 32>,                MatrixCoreFor<in::gfx950_mfma_f32_16x16x32_fp8_fp8_w64>>,
  Policy<"mfma_f64",        Gen::kGfx950,    64,  LdsTile<double, 32, 32, 16>,                  MatrixCoreFor<in::gfx950_mfma_f64_16x16x4_f64_w64>>,
  Policy<"smfmac_f16",      Gen::kGfx950,    64,  SparseLdsTile<_Float16, 32, 32, 64>,          MatrixCoreFor<in::gfx950_smfmac_f32_16x16x64_f16_w64>>,
  // block-scaled (MX): one E8M0 scale per 32 K of each row of A and column of B; one code per byte
  Policy<"mfma_scale_fp8",  Gen::kGfx950,    64,  LdsTile<fp8_bits, 32, 32, 128>,               ScaledMatrixCoreFor<in::gfx950_mfma_scale_f32_16x16x128_f8f6f4_fp8_w64>>,
  Policy<"mfma_scale_fp4",  Gen::kGfx950,    64,  LdsTile<fp8_bits, 32, 32, 128>,               ScaledMatrixCoreFor<in::gfx950_mfma_scale_f32_16x16x128_f8f6f4_fp4_w64>>,
  // CDNA5 (gfx1250), wave32: K 32 for 16-bit, 64 for fp8; block-scaled FP4 as gfx950's
  Policy<"wmma_f16",        Gen::kGfx1250,   32,  LdsTile<_Float16, 32, 32, 64>,                MatrixCoreFor<in::gfx1250_wmma_f32_16x16x32_f16_w32>>,
  Policy<"wmma_bf16",       Gen::kGfx1250,   32,  LdsTile<bf16_bits, 32, 32, 64>,               MatrixCoreFor<in::gfx1250_wmma_f32_16x16x32_bf16_w32>>,
  Policy<"wmma_fp8",        Gen::kGfx1250,   32,  LdsTile<fp8_bits, 32, 32, 64>,                MatrixCoreFor<in::gfx1250_wmma_f32_16x16x64_fp8_fp8_w32>>,
  Policy<"wmma_scale_fp4",  Gen::kGfx1250,   32,  LdsTile<fp8_bits, 32, 32, 128>,               ScaledMatrixCoreFor<in::gfx1250_wmma_scale_f32_16x16x128_f8f6f4_fp4_w32>>
>;
// clang-format on

} // namespace wavemma::gemm
