#pragma once
// What the registry knows of a policy type P (the registry's or a test's own): the catalog row it
// issues, its number formats, and its PolicyInfo, whose TilePolicy and ComputePolicy names are
// the ones the policies carry (`name`, policy_name.hpp).

#include <fmt/format.h>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "wavemma/emu/emulator.hpp"
#include "wavemma/gemm/policies.hpp"
#include "wavemma/gemm/runner.hpp"
#include "wavemma/numeric/format.hpp"

namespace wavemma::gemm::detail {

template <class P>
concept HasInstruction = !std::is_void_v<typename P::instruction>;

// The catalog row a matrix policy issues, and the issue with the policy's immediates.
template <class P>
emu::Issue issue_of() {
  using I = typename P::instruction;
  auto const* row = isa::find_instruction(P::generation.gen, I::mnemonic);
  if (!row) throw std::logic_error(fmt::format("policy {}: {} is not in the catalog", P::name, I::mnemonic));
  emu::Issue is{row, I::wave, {}};
  if (row->mod_rules().neg_is_signedness) is.mods.neg_lo = {true, true, false}; // a_sign = b_sign = true
  if constexpr (requires { I::cbsz; }) { // the f8f6f4 formats the instruction struct issues
    is.mods.cbsz = I::cbsz;
    is.mods.blgp = I::blgp;
  }
  if constexpr (requires { I::fmt_a; }) is.mods.matrix_fmt = {I::fmt_a, I::fmt_b}; // gfx1250's f8f6f4
  return is;
}

// Number formats of A/B and of C.
template <class P>
std::pair<numeric::Format, numeric::Format> formats() {
  if constexpr (HasInstruction<P>) {
    auto const m = emu::numeric_model(issue_of<P>());
    return {m.a, m.out};
  } else {
    constexpr bool f64 = sizeof(typename P::elem) == 8;
    return {f64 ? numeric::Format::kF64 : numeric::Format::kF32, f64 ? numeric::Format::kF64 : numeric::Format::kF32};
  }
}

// The name a policy carries, or a word saying it carries none (the seeds' own policies).
template <class Policy>
std::string_view name_of() {
  if constexpr (requires { Policy::name.view(); })
    return Policy::name.view();
  else
    return "(unnamed)";
}

template <class P>
PolicyInfo info_of() {
  PolicyInfo pi{};
  pi.name = P::name;
  if (!P::generation.any) pi.gen = P::generation.gen;
  pi.wave = P::wave;
  if constexpr (HasInstruction<P>) {
    auto const is = issue_of<P>();
    pi.instruction = is.instruction->mnemonic;
    pi.input = is.instruction->type_name(isa::Operand::kA, is.mods);
    pi.cycles = is.instruction->cycles_of(is.mods);
    pi.output = numeric::name(is.instruction->cd);
  } else {
    auto const [in, out] = formats<P>();
    pi.input = numeric::name(in);
    pi.output = numeric::name(out);
  }
  pi.block_m = P::tile::block_tile_m;
  pi.block_n = P::tile::block_tile_n;
  pi.k_tile = P::tile::k_tile_size;
  pi.threads = P::threads;
  pi.buffers = P::tile::num_buffers;
  pi.sparse = P::sparse;
  pi.scaled = P::scaled;
  pi.tile_policy = name_of<typename P::tile>();
  pi.compute_policy = name_of<typename P::compute>();
  return pi;
}

} // namespace wavemma::gemm::detail
