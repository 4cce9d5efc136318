// Every matrix builtin of the catalog, called from a kernel, equals wavemma::emu on the registers
// this test gathers itself from the lanes' inputs: random asymmetric data (A and B drawn
// independently, every lane different), each immediate variant, two waves in each of two blocks.
// The kernels (one per builtin and variant) are generated: tests/simt/builtin_cases.inc.

#include "simt_test.hpp"
#include "support/reference_registers.hpp"
#include "wavemma/emu/emulator.hpp"
#include "wavemma/isa/builtin.hpp"

#include <algorithm>
#include <cstring>
#include <gtest/gtest.h>
#include <random>
#include <set>

namespace wavemma::simt::test {
namespace {

// The builtins the SIMT runtime runs: every one of the catalog.
size_t simt_builtin_count() { return isa::builtins().size(); }

// The buffers of one case: per global lane, the words of A, B, C, the index and the two scales
// (gfx950 mfma_scale_*, gfx1250's scaled WMMA), and of D.
constexpr int kInputs = 6;
struct Io {
  uint32_t const* in[kInputs];
  int words[kInputs];
  uint32_t* out;
  int out_words;

  size_t global_lane() const { return size_t(blockIdx.x) * blockDim.x + threadIdx.x; }
  template <class T>
  void get(int operand, T& v) const {
    if (sizeof(T) != 4 * size_t(words[operand])) throw std::logic_error("operand type and VGPR count differ");
    std::memcpy(&v, in[operand] + global_lane() * size_t(words[operand]), sizeof(T));
  }
  template <class T>
  void put(T const& v) const {
    if (sizeof(T) != 4 * size_t(out_words)) throw std::logic_error("result type and VGPR count differ");
    std::memcpy(out + global_lane() * size_t(out_words), &v, sizeof(T));
  }
};

struct BuiltinCase {
  int builtin; // index in isa::builtins()
  char const* name;
  std::array<int, 10> imm; // the constant arguments, in the builtin's parameter order
  void (*kernel)(Io);
};

#include "builtin_cases.inc"

std::string_view arch_of(isa::Generation g) { return isa::default_arch(g).name; }

// The modifiers the builtin's immediates stand for (reference/instructions.md §4; gfx1250:
// reference/gfx1250.md §4.2, a_neg/b_neg set neg_lo and, on 16-bit types, neg_hi).
isa::Modifiers modifiers_of(isa::Builtin const& b, std::array<int, 10> const& imm) {
  isa::Modifiers m;
  bool const sixteen_bit = numeric::storage_bits(b.instruction->a) == 16;
  size_t k = 0;
  for (auto const& p : b.params) {
    if (!p.constant) continue;
    int const v = imm[k++];
    switch (p.role) {
    case isa::ParamRole::kASign:
      m.neg_lo[0] = v;
      break;
    case isa::ParamRole::kBSign:
      m.neg_lo[1] = v;
      break;
    case isa::ParamRole::kClamp:
      m.clamp = v;
      break;
    case isa::ParamRole::kOpsel:
      m.op_sel[2] = v;
      break;
    case isa::ParamRole::kCbsz:
      m.cbsz = v;
      break;
    case isa::ParamRole::kAbid:
      m.abid = v;
      break;
    case isa::ParamRole::kBlgp:
      m.blgp = v;
      break;
    case isa::ParamRole::kScaleSelA:
      m.scale_sel[0] = v;
      break;
    case isa::ParamRole::kScaleSelB:
      m.scale_sel[1] = v;
      break;
    case isa::ParamRole::kANeg:
    case isa::ParamRole::kBNeg: {
      size_t const t = p.role == isa::ParamRole::kANeg ? 0 : 1;
      m.neg_lo[t] = v;
      m.neg_hi[t] = v && sixteen_bit;
      break;
    }
    case isa::ParamRole::kCMod:
      m.neg_lo[2] = v & 1;
      m.neg_hi[2] = (v >> 1) & 1;
      break;
    case isa::ParamRole::kFmtA:
      m.matrix_fmt[0] = v;
      break;
    case isa::ParamRole::kFmtB:
      m.matrix_fmt[1] = v;
      break;
    case isa::ParamRole::kScaleFmtA:
      m.scale_fmt[0] = v;
      break;
    case isa::ParamRole::kScaleFmtB:
      m.scale_fmt[1] = v;
      break;
    case isa::ParamRole::kReuseA:
      m.reuse[0] = v;
      break;
    case isa::ParamRole::kReuseB:
      m.reuse[1] = v;
      break;
    default:
      break;
    }
  }
  return m;
}

// Words of moderate, exactly representable values of a format (zeros now and then), so that
// neither operand dominates and a misplaced element changes the result.
std::vector<uint32_t> random_words(numeric::Format f, size_t words, std::mt19937_64& rng) {
  auto const& fi = numeric::info(f);
  std::vector<uint32_t> out(words);
  auto element = [&]() -> uint64_t {
    if (!fi.is_float) return rng() & numeric::storage_mask(f);
    if (rng() % 16 == 0) return 0;
    double const v = std::ldexp(1.0 + double(rng() % 1024) / 1024.0, int(rng() % 6) - 3);
    return numeric::from_double(f, rng() % 2 ? -v : v);
  };
  if (fi.bits == 64) {
    for (size_t w = 0; w + 1 < words; w += 2) {
      uint64_t const e = element();
      out[w] = static_cast<uint32_t>(e);
      out[w + 1] = static_cast<uint32_t>(e >> 32);
    }
    return out;
  }
  int const per_word = 32 / fi.bits;
  for (auto& word : out) {
    word = 0;
    for (int e = 0; e < per_word; ++e) word |= static_cast<uint32_t>(element()) << (e * fi.bits);
  }
  return out;
}

emu::Registers registers_of(std::vector<uint32_t> const& lanes_words, int vgprs, int wave, int first_lane) {
  emu::Registers r(vgprs, wave);
  for (int lane = 0; lane < wave; ++lane)
    for (int v = 0; v < vgprs; ++v) r.at(v, lane) = lanes_words[size_t(first_lane + lane) * size_t(vgprs) + size_t(v)];
  return r;
}
// A run-time argument's words (`words` per lane) as the instruction's `vgprs` registers: an int
// index is zero-extended into gfx1250's index pair (as clang-22 does), so the VGPRs past the
// argument's words are 0.
emu::Registers registers_of(std::vector<uint32_t> const& lanes_words, int words, int vgprs, int wave, int first_lane) {
  emu::Registers r(vgprs, wave);
  for (int lane = 0; lane < wave; ++lane)
    for (int v = 0; v < std::min(words, vgprs); ++v)
      r.at(v, lane) = lanes_words[size_t(first_lane + lane) * size_t(words) + size_t(v)];
  return r;
}

int words_of(isa::CType const& t) {
  constexpr int kBytes[] = {4, 8, 2, 2, 2, 4, 8, 1, 2}; // float double _Float16 __fp16 short int int64_t bool __bf16
  return t.lanes * kBytes[static_cast<int>(t.scalar)] / 4;
}
// Words per lane of a parameter of the builtin (the f8f6f4 builtins pass 8 or 16 VGPRs of A and B
// whatever the format selects), 0 where it has none.
int param_words(isa::Builtin const& b, isa::ParamRole role) {
  for (auto const& p : b.params)
    if (p.role == role) return words_of(p.type);
  return 0;
}
// The words of each lane in the case's buffers: A, B, C, the index, the two scales.
std::array<int, 6> buffer_words(isa::Builtin const& b) {
  using R = isa::ParamRole;
  return {param_words(b, R::kA),     param_words(b, R::kB),      param_words(b, R::kC),
          param_words(b, R::kIndex), param_words(b, R::kScaleA), param_words(b, R::kScaleB)};
}
std::string describe(BuiltinCase const& c) {
  std::string s = c.name;
  s += " imm";
  for (int v : c.imm) s += " " + std::to_string(v);
  return s;
}

// Launches a case's kernel on `blocks` blocks of `threads`: host[op] holds the lanes' words of A, B,
// C, the index and the scales (vg[op] per lane), `got` receives their results (vd words per lane).
void launch_case(BuiltinCase const& c, std::vector<uint32_t> const (&host)[kInputs], std::array<int, kInputs> const& vg,
                 int vd, int blocks, int threads, std::vector<uint32_t>& got) {
  std::vector<std::unique_ptr<DeviceBuffer<uint32_t>>> dev;
  Io io{};
  for (int op = 0; op < kInputs; ++op) {
    dev.push_back(std::make_unique<DeviceBuffer<uint32_t>>(host[op].empty() ? std::vector<uint32_t>(1) : host[op]));
    io.in[op] = dev.back()->get();
    io.words[op] = vg[op];
  }
  DeviceBuffer<uint32_t> out(size_t(blocks * threads * vd));
  io.out = out.get();
  io.out_words = vd;
  hipLaunchKernelGGL(c.kernel, dim3(blocks), dim3(threads), 0, 0, io);
  ASSERT_EQ(hipGetLastError(), hipSuccess) << describe(c) << ": " << hipGetErrorString(hipErrorLaunchFailure);
  got = out.host();
}

// Runs one case and compares every D word of every lane with emu on the gathered registers.
void check_case(BuiltinCase const& c, isa::Instruction const& in, std::mt19937_64& rng) {
  isa::Builtin const& b = isa::builtins()[size_t(c.builtin)];
  ASSERT_EQ(b.name, c.name);
  int const wave = b.wave, blocks = 2, waves_per_block = 2, lanes = blocks * waves_per_block * wave;
  ScopedTarget target(arch_of(in.gen), wave);

  emu::Issue const issue{&in, wave, modifiers_of(b, c.imm)};
  numeric::Model const model = emu::numeric_model(issue);
  std::array<int, kInputs> const vg = buffer_words(b);
  // The result: D, and for gfx1250's swmmac_bf16f32 (8 floats, 4 VGPRs of D) C's other registers,
  // which the instruction leaves alone (SWMMAC writes D in C's registers).
  int const vr = words_of(b.ret), vd = isa::vgprs(in, wave, isa::Operand::kD);
  std::vector<uint32_t> host[kInputs] = {random_words(model.a, size_t(lanes * vg[0]), rng),
                                         random_words(model.b, size_t(lanes * vg[1]), rng),
                                         random_words(model.out, size_t(lanes * vg[2]), rng),
                                         random_words(numeric::Format::kI32, size_t(lanes * vg[3]), rng),
                                         random_words(numeric::Format::kI32, size_t(lanes * vg[4]), rng),
                                         random_words(numeric::Format::kI32, size_t(lanes * vg[5]), rng)};
  std::vector<uint32_t> got;
  launch_case(c, host, vg, vr, blocks, waves_per_block * wave, got);
  if (::testing::Test::HasFatalFailure()) return;

  for (int w = 0; w < blocks * waves_per_block; ++w) {
    emu::RegisterOperands ops;
    ops.a = registers_of(host[0], vg[0], wave, w * wave);
    ops.b = registers_of(host[1], vg[1], wave, w * wave);
    ops.c = registers_of(host[2], vg[2], wave, w * wave);
    auto vgprs = [&](isa::Operand op) { return isa::vgprs(in, wave, op, issue.mods); };
    if (in.sparse()) ops.index = registers_of(host[3], vg[3], vgprs(isa::Operand::kIndex), wave, w * wave);
    if (in.has_operand(isa::Operand::kScaleA)) {
      ops.scale_a = registers_of(host[4], vg[4], vgprs(isa::Operand::kScaleA), wave, w * wave);
      ops.scale_b = registers_of(host[5], vg[5], vgprs(isa::Operand::kScaleB), wave, w * wave);
    }
    emu::Registers const want = emu::execute(issue, ops);
    for (int lane = 0; lane < wave; ++lane)
      for (int v = 0; v < vr; ++v)
        ASSERT_EQ(got[size_t(w * wave + lane) * size_t(vr) + size_t(v)], v < vd ? want.at(v, lane) : ops.c.at(v, lane))
            << describe(c) << ": wave " << w << " lane " << lane << " VGPR " << v;
  }
}

TEST(SimtBuiltins, EveryBuiltinEqualsTheEmulatorOnGatheredRegisters) {
  std::mt19937_64 rng(2024);
  int checked = 0;
  std::set<int> builtins_checked;
  for (auto const& c : kBuiltinCases) {
    for (auto const* in : isa::builtins()[size_t(c.builtin)].rows) { // on every generation it exists on
      check_case(c, *in, rng);
      if (HasFatalFailure()) return;
      ++checked;
    }
    builtins_checked.insert(c.builtin);
  }
  EXPECT_EQ(builtins_checked.size(), simt_builtin_count());
  std::cout << "[simt] " << builtins_checked.size() << " builtins, " << checked
            << " immediate variants, equal to wavemma::emu\n";
}

// clang-22's gfx1250 8-bit SWMMAC builtins take an int index and zero-extend it into the
// instruction's VGPR pair (reference/gfx1250.md §2.3): entries 16-31 of each index set, in the second
// VGPR, are always 0, so a 2:4 index of the formulas (idx0 < idx1 in every group) cannot be passed.
bool narrow_index(isa::Builtin const& b) {
  int const words = param_words(b, isa::ParamRole::kIndex);
  return words > 0 && words < isa::vgprs(*b.instruction, b.wave, isa::Operand::kIndex);
}

// The other side: each wave's operands are small integers placed in its lanes' registers by the
// formulas of layouts.md (tests/support), not by the catalog, and D read back the same way must
// be the exact product -- for every builtin and every immediate variant that moves no data
// (signedness, clamp, OPSEL, the SMFMAC index set; not the CBSZ/ABID broadcasts and BLGP swizzles,
// which emulator_test checks against their definitions).
TEST(SimtBuiltins, EveryBuiltinOnTheFormulasPlacesGivesTheExactProduct) {
  std::mt19937_64 gen(99);
  std::set<int> builtins_checked;
  int variants = 0;
  for (auto const& c : kBuiltinCases) {
    isa::Builtin const& b = isa::builtins()[size_t(c.builtin)];
    isa::Instruction const& in = *b.instruction;
    isa::Modifiers const mods = modifiers_of(b, c.imm);
    bool const formats = in.mod_rules().format_select; // f8f6f4: cbsz and blgp choose formats, they move nothing
    bool const moves_data =
        !formats && (mods.cbsz != 0 || mods.blgp != 0 || (mods.abid != 0 && in.kind != isa::Kind::kSmfmac));
    // gfx1250's negations and non-E8M0 scale formats change values the exact product leaves alone.
    bool const changes_values = std::ranges::any_of(mods.neg_hi, std::identity{}) ||
                                (!numeric::is_integer(in.a) && std::ranges::any_of(mods.neg_lo, std::identity{})) ||
                                mods.scale_fmt[0] != 0 || mods.scale_fmt[1] != 0;
    if (moves_data || changes_values) continue;
    int const wave = b.wave, blocks = 2, waves = 2 * blocks;
    std::array<int, kInputs> const vg = buffer_words(b);
    if (narrow_index(b)) continue;
    ScopedTarget target(arch_of(in.gen), wave);
    emu::Issue const issue{&in, wave, mods};
    int const vr = words_of(b.ret), vd = isa::vgprs(in, wave, isa::Operand::kD);
    std::vector<uint32_t> host[kInputs];
    std::vector<::wavemma::test::SmallOperands> operands;
    for (int w = 0; w < waves; ++w) {
      operands.push_back(::wavemma::test::small_operands(issue, gen));
      auto const& x = operands.back();
      emu::RegisterOperands const r = ::wavemma::test::reference_operands(issue, x.a, x.b, x.c, x.index, x.scales);
      emu::Registers const* regs[kInputs] = {&r.a, &r.b, &r.c, &r.index, &r.scale_a, &r.scale_b};
      for (int op = 0; op < kInputs; ++op)
        for (int lane = 0; lane < wave; ++lane)
          for (int v = 0; v < vg[op]; ++v)
            host[op].push_back(v < regs[op]->vgprs ? regs[op]->at(v, lane) : 0xdeadbeefu);
    }
    std::vector<uint32_t> got;
    launch_case(c, host, vg, vr, blocks, 2 * wave, got);
    if (HasFatalFailure()) return;
    for (int w = 0; w < waves; ++w) {
      emu::Registers d(vd, wave);
      for (int lane = 0; lane < wave; ++lane)
        for (int v = 0; v < vd; ++v) d.at(v, lane) = got[size_t(w * wave + lane) * size_t(vr) + size_t(v)];
      ASSERT_EQ(::wavemma::test::values_of(issue, ::wavemma::test::reference_d(issue, d)),
                ::wavemma::test::exact_product(issue, operands[size_t(w)]))
          << describe(c) << ": wave " << w;
    }
    builtins_checked.insert(c.builtin);
    ++variants;
  }
  size_t narrow = 0;
  for (auto const& b : isa::builtins()) narrow += narrow_index(b);
  EXPECT_EQ(builtins_checked.size() + narrow, simt_builtin_count()) << "every builtin has a variant that moves no data";
  std::cout << "[simt] " << builtins_checked.size() << " builtins, " << variants
            << " immediate variants on the formulas' places: the exact product\n";
}

// clang-22 selects the unscaled f8f6f4 MFMA for constant zero scales (WAVEMMA_LLVM_SCALE): a call
// with literal zeros equals one with scales of 1 (0x7F) in every byte, and a zero that is not a
// constant is the E8M0 code 0 (2^-127) of the scaled instruction.
using v8i32 = int __attribute__((ext_vector_type(8)));
using v4f32 = float __attribute__((ext_vector_type(4)));
__global__ void scaled_calls(v8i32 const* a, v8i32 const* b, int const* runtime_zero, v4f32* d) {
  int const l = threadIdx.x;
  v4f32 const c{};
  d[l] = __builtin_amdgcn_mfma_scale_f32_16x16x128_f8f6f4(a[l], b[l], c, 0, 0, 0, 0, 0, 0);
  d[64 + l] = __builtin_amdgcn_mfma_scale_f32_16x16x128_f8f6f4(a[l], b[l], c, 0, 0, 0, 0x7F7F7F7F, 0, 0x7F7F7F7F);
  d[128 + l] =
      __builtin_amdgcn_mfma_scale_f32_16x16x128_f8f6f4(a[l], b[l], c, 0, 0, 2, runtime_zero[l], 1, runtime_zero[l]);
}

TEST(SimtBuiltins, ConstantZeroScalesAreTheUnscaledInstruction) {
  ScopedTarget target("gfx950", 64);
  std::mt19937_64 rng(5);
  auto words = [&] { return random_words(numeric::Format::kFp8E4M3, 64 * 8, rng); };
  std::vector<uint32_t> const aw = words(), bw = words();
  std::vector<v8i32> ah(64), bh(64);
  std::memcpy(ah.data(), aw.data(), aw.size() * 4);
  std::memcpy(bh.data(), bw.data(), bw.size() * 4);
  DeviceBuffer<v8i32> a(ah), b(bh);
  DeviceBuffer<int> zero(std::vector<int>(64, 0));
  DeviceBuffer<v4f32> d(3 * 64);
  hipLaunchKernelGGL(scaled_calls, dim3(1), dim3(64), 0, 0, a.get(), b.get(), zero.get(), d.get());
  ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  auto const out = d.host();
  // The expected D from the emulator with the scales the calls stand for.
  isa::Instruction const* in = isa::find_instruction(isa::Generation::kGfx950, "v_mfma_scale_f32_16x16x128_f8f6f4");
  ASSERT_NE(in, nullptr);
  auto expected = [&](uint32_t scale) {
    emu::RegisterOperands ops;
    ops.a = registers_of(aw, 8, 64, 0);
    ops.b = registers_of(bw, 8, 64, 0);
    ops.c = emu::Registers(4, 64);
    ops.scale_a = ops.scale_b = emu::Registers(1, 64, scale);
    return emu::execute({in, 64, {}}, ops);
  };
  emu::Registers const one = expected(0x7F7F7F7F), tiny = expected(0);
  int differ = 0;
  for (int l = 0; l < 64; ++l)
    for (int v = 0; v < 4; ++v) {
      uint32_t got[3];
      for (int call = 0; call < 3; ++call)
        std::memcpy(&got[call], reinterpret_cast<float const*>(&out[size_t(call * 64 + l)]) + v, 4);
      EXPECT_EQ(got[0], one.at(v, l)) << "lane " << l;
      EXPECT_EQ(got[1], one.at(v, l)) << "lane " << l;
      EXPECT_EQ(got[2], tiny.at(v, l)) << "lane " << l;
      differ += one.at(v, l) != tiny.at(v, l);
    }
  EXPECT_GT(differ, 0) << "the scales must change D for the test to tell the calls apart";
}

// gfx1250's scale formats E5M3 and E4M3 are legal for clang-22 but not emulated (docs/numerics.md
// §12): a call stops the launch, naming the format, rather than giving E8M0's answer.
using v16i32 = int __attribute__((ext_vector_type(16)));
using v8f32 = float __attribute__((ext_vector_type(8)));
__global__ void e5m3_scales(v16i32 const* a, v8f32* d) {
  int const l = threadIdx.x;
  d[l] = __builtin_amdgcn_wmma_scale_f32_16x16x128_f8f6f4(0, a[l], 0, a[l], 0, v8f32{}, 0, /*E5M3*/ 1, 0x38383838, 0, 0,
                                                          0x7f7f7f7f, false, false);
}

TEST(SimtBuiltins, Gfx1250ScaleFormatsThatAreNotEmulatedStopTheLaunch) {
  ScopedTarget target("gfx1250", 32);
  DeviceBuffer<v16i32> a(32);
  DeviceBuffer<v8f32> d(32);
  expect_launch_error([&] { hipLaunchKernelGGL(e5m3_scales, dim3(1), dim3(32), 0, 0, a.get(), d.get()); },
                      hipErrorLaunchFailure,
                      {"wave 0: __builtin_amdgcn_wmma_scale_f32_16x16x128_f8f6f4 (builtins_test.cpp:",
                       "matrix_a_scale_fmt 1 (E5M3) is not emulated"});
}

// The generated cases cover the catalog: every builtin, and the immediate values tested.
TEST(SimtBuiltins, CasesCoverTheCatalog) {
  std::set<int> seen;
  for (auto const& c : kBuiltinCases) {
    seen.insert(c.builtin);
    EXPECT_EQ(isa::builtins()[size_t(c.builtin)].name, c.name);
  }
  EXPECT_EQ(seen.size(), simt_builtin_count());
  // Every instruction has a builtin at each of its wave sizes, except the unscaled f8f6f4 MFMAs,
  // which clang-22 reaches only through mfma_scale_* with constant zero scales.
  for (auto const& in : isa::catalog())
    for (int wave : in.wave_sizes())
      EXPECT_EQ(isa::builtins_of(in, wave).empty(), in.builtin_stem.empty()) << in.mnemonic << " wave" << wave;
}

// The builtins clang-22 accepts on a target whose instruction is not there (the old bf16 and i8
// forms on gfx942 and gfx950, the _1k and f64 forms on gfx908, SMFMAC on gfx90a, xf32 on gfx950,
// the gfx11 WMMAs on gfx12, and the gfx11 and gfx12 WMMA/SWMMAC on gfx1250, whose features it
// implies: reference/gfx1250.md §4.2 trap 4) stop the launch.
TEST(SimtBuiltins, BuiltinsWithoutTheirInstructionAreRejected) {
  int rejected = 0, on_gfx1250 = 0;
  for (auto const& g : isa::generations()) {
    isa::Arch const& arch = isa::default_arch(g.gen);
    int const wave = arch.default_wave();
    ScopedTarget target(arch.name, wave);
    for (auto const& c : kBuiltinCases) {
      isa::Builtin const& b = isa::builtins()[size_t(c.builtin)];
      if (isa::builtin_status(b, arch, wave) != isa::BuiltinStatus::kBackendCrash) continue;
      Io io{};
      for (auto const& p : b.params)
        if (!p.constant)
          io.words[p.role == isa::ParamRole::kA        ? 0
                   : p.role == isa::ParamRole::kB      ? 1
                   : p.role == isa::ParamRole::kIndex  ? 3
                   : p.role == isa::ParamRole::kScaleA ? 4
                   : p.role == isa::ParamRole::kScaleB ? 5
                                                       : 2] = words_of(p.type);
      io.out_words = words_of(b.ret);
      DeviceBuffer<uint32_t> in(64 * 32), out(64 * 32);
      for (auto& x : io.in) x = in.get();
      io.out = out.get();
      expect_launch_error(
          [&] { hipLaunchKernelGGL(c.kernel, dim3(1), dim3(wave), 0, 0, io); }, hipErrorInvalidDeviceFunction,
          {"kernel c.kernel, block (0,0,0), wave 0: lanes 0-" + std::to_string(wave - 1) + " reached " + b.name,
           "is accepted by clang-22 on " + std::string(arch.name) + " but its instruction does not exist there",
           "the launch targets " + std::string(arch.name) + " wave" + std::to_string(wave)});
      ++rejected;
      on_gfx1250 += g.gen == isa::Generation::kGfx1250;
    }
  }
  EXPECT_GT(rejected, 0);
  EXPECT_GT(on_gfx1250, 0) << "the gfx11/gfx12 builtins on gfx1250";
  std::cout << "[simt] " << rejected << " builtin calls on targets without their instruction rejected (" << on_gfx1250
            << " of them gfx11/gfx12 builtins on gfx1250)\n";
}

} // namespace
} // namespace wavemma::simt::test
