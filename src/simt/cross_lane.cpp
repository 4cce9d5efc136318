// The cross-lane builtins other than the matrix ones (lane.hpp's WaveOp): DPP, DPP8, ds_swizzle,
// ds_permute/ds_bpermute, readlane, ballot, the wave reductions, the permlanes, and the scalar
// clocks. Each is one row: its builtin, the clang-22 target feature it needs, the words a lane
// deposits and takes back, and the function that computes the wave's results when every live lane
// has arrived. The lane maps are the ISA's pseudocode [DOC: CDNA3 ISA Table 94 (DPP_CTRL); RDNA3
// ISA DS_SWIZZLE_B32, DS_PERMUTE_B32, DS_BPERMUTE_B32, V_PERMLANE16_B32, V_PERMLANEX16_B32];
// tests/hipcc checks them against maps written from the same text.
//
// A lane that has returned, or does not exist in a partial last wave, is inactive (EXEC = 0): DPP
// and the permlanes treat it as an out-of-bounds source (0 with bound_ctrl, else the lane keeps
// its old value), ds_swizzle and ds_(b)permute read 0 from it, as the ISA says. An operation that
// would read an inactive lane's register regardless of EXEC (readlane, permlane64, FI=1) stops the
// launch: that register is not emulated.

#include "block.hpp"
#include "wavemma/isa/arch.hpp"
#include "wavemma/simt/memory.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <fmt/format.h>
#include <limits>
#include <ranges>
#include <stdexcept>
#include <string>

namespace wavemma::simt::detail {
namespace {

// What a row computes with: the wave's deposits, and where the results go.
struct WaveData {
  isa::Arch const& arch;
  int wave;  // wave size
  int first; // lowest active lane
  std::vector<char> active;
  uint32_t const* in;
  int in_words;
  uint32_t* out;
  int out_words;
  uint32_t imm;

  uint32_t at(int lane, int word) const { return in[size_t(lane) * size_t(in_words) + size_t(word)]; }
  uint32_t& result(int lane, int word) { return out[size_t(lane) * size_t(out_words) + size_t(word)]; }
  bool is_active(int lane) const { return lane >= 0 && lane < wave && active[size_t(lane)]; }
};
// Why the launch stops (an empty message: it does not). A DPP control the architecture lacks is a
// compile-time error with clang, hence kInvalidDeviceFunction; the rest are launch failures.
struct Failure {
  std::string message;
  Status status = Status::kLaunchFailure;
  Failure() = default;
  Failure(std::string m, Status s = Status::kLaunchFailure) : message(std::move(m)), status(s) {}
};
using Compute = Failure (*)(WaveData&);

// The ISA's GFX9 (CDNA) behaviour where RDNA changed it: the GFX10 features mark RDNA (and gfx1250).
bool gfx9(isa::Arch const& a, int wave) { return !isa::has_feature(a, wave, isa::Feature::kGfx10Insts); }

// --- DPP ------------------------------------------------------------------------------------

// The DPP16 source lane of lane n for dpp_ctrl, or -1 when it is out of bounds; an empty
// `invalid` when the control exists on the architecture.
int dpp_source(int n, int ctrl, int wave, isa::Arch const& arch, std::string* invalid) {
  int const row = n & ~15, in_row = n & 15, count = ctrl & 15;
  auto gfx9_only = [&](char const* what) {
    if (!gfx9(arch, wave)) *invalid = fmt::format("{} is a GFX9 DPP control (not on {})", what, arch.name);
  };
  if (ctrl <= 0xFF) return (n & ~3) + ((ctrl >> (2 * (n & 3))) & 3);               // quad_perm
  if (ctrl >= 0x101 && ctrl <= 0x10F) return in_row + count < 16 ? n + count : -1; // row_shl
  if (ctrl >= 0x111 && ctrl <= 0x11F) return in_row >= count ? n - count : -1;     // row_shr
  if (ctrl >= 0x121 && ctrl <= 0x12F) return row + ((in_row - count) & 15);        // row_ror
  switch (ctrl) {
  case 0x130: // wave_shl:1
    gfx9_only("wave_shl:1");
    return n + 1 < wave ? n + 1 : -1;
  case 0x134: // wave_rol:1
    gfx9_only("wave_rol:1");
    return (n + 1) % wave;
  case 0x138: // wave_shr:1
    gfx9_only("wave_shr:1");
    return n > 0 ? n - 1 : -1;
  case 0x13C: // wave_ror:1
    gfx9_only("wave_ror:1");
    return (n + wave - 1) % wave;
  case 0x140: // row_mirror
    return row + 15 - in_row;
  case 0x141: // row_half_mirror
    return (n & ~7) + 7 - (n & 7);
  case 0x142: // row_bcast:15
    gfx9_only("row_bcast:15");
    return n > 15 ? (n & 0x30) - 1 : -1;
  case 0x143: // row_bcast:31
    gfx9_only("row_bcast:31");
    return n > 31 ? 31 : -1;
  default:
    break;
  }
  if (ctrl >= 0x150 && ctrl <= 0x15F) { // row_newbcast (gfx90a+) / row_share (GFX10+)
    if (gfx9(arch, wave) && !isa::has_feature(arch, wave, isa::Feature::kGfx90aInsts))
      *invalid = "row_newbcast needs gfx90a or later";
    return row + count;
  }
  if (ctrl >= 0x160 && ctrl <= 0x16F) { // row_xmask (GFX10+)
    if (gfx9(arch, wave)) *invalid = fmt::format("row_xmask is a GFX10+ DPP control (not on {})", arch.name);
    return row + (in_row ^ count);
  }
  *invalid = fmt::format("dpp_ctrl {:#x} is not a DPP control", ctrl);
  return -1;
}

// update_dpp(old, src, dpp_ctrl, row_mask, bank_mask, bound_ctrl); mov_dpp passes old = src.
Failure dpp(WaveData& d) {
  int const ctrl = int(d.imm & 0x1FF), row_mask = int(d.imm >> 9) & 15, bank_mask = int(d.imm >> 13) & 15;
  bool const bound_ctrl = (d.imm >> 17) & 1;
  std::string invalid;
  for (int n = 0; n < d.wave; ++n) {
    if (!d.is_active(n)) continue;
    int const s = dpp_source(n, ctrl, d.wave, d.arch, &invalid);
    if (!invalid.empty()) return {invalid, Status::kInvalidDeviceFunction};
    bool const written = ((row_mask >> (n / 16)) & 1) && ((bank_mask >> ((n & 15) / 4)) & 1);
    uint32_t const old = d.at(n, 1);
    d.result(n, 0) = !written ? old : d.is_active(s) ? d.at(s, 0) : bound_ctrl ? 0u : old;
  }
  return {};
}

// mov_dpp8: lane n reads lane (n & ~7) + sel[n & 7]; an inactive source reads 0 (FI = 0).
Failure dpp8(WaveData& d) {
  for (int n = 0; n < d.wave; ++n) {
    if (!d.is_active(n)) continue;
    int const s = (n & ~7) + int((d.imm >> (3 * (n & 7))) & 7);
    d.result(n, 0) = d.is_active(s) ? d.at(s, 0) : 0u;
  }
  return {};
}

// --- LDS crossbar -----------------------------------------------------------------------------

// ds_swizzle_b32's source lane of lane i, within its group of 32 (RDNA3 ISA pseudocode; GFX9
// assumed the same [ASSUME: llvm-mc-22 accepts the FFT and rotate modes for gfx942]).
int swizzle_source(int i, uint32_t offset) {
  int const group = i & 0x20, l = i & 0x1F;
  if (offset >= 0xE000) { // FFT
    int const mask = int(offset & 0x1F);
    int rev = 0;
    for (int b = 0; b < 5; ++b) rev |= ((l >> b) & 1) << (4 - b);
    return group | (rev >> __builtin_popcount(unsigned(mask))) | (l & mask);
  }
  if (offset >= 0xC000) { // rotate
    int rotate = int((offset >> 5) & 0x1F);
    int const mask = int(offset & 0x1F);
    if (offset & 0x400) rotate = -rotate;
    return group | (((l & mask) | ((l + rotate) & ~mask)) & 0x1F);
  }
  if (offset & 0x8000) return (i & ~3) + int((offset >> (2 * (i & 3))) & 3); // quad permute
  int const and_mask = int(offset & 0x1F), or_mask = int((offset >> 5) & 0x1F), xor_mask = int((offset >> 10) & 0x1F);
  return group | ((((l & and_mask) | or_mask) ^ xor_mask) & 0x1F);
}

Failure swizzle(WaveData& d) {
  for (int i = 0; i < d.wave; ++i) {
    if (!d.is_active(i)) continue;
    int const s = swizzle_source(i, d.imm);
    d.result(i, 0) = d.is_active(s) ? d.at(s, 0) : 0u;
  }
  return {};
}

// The lane a ds_(b)permute byte address names: modulo 64 on GFX9; on RDNA modulo 32 ("regardless
// of wave size", RDNA3 ISA), within the lane's own half of a wave64 [ASSUME: the half that runs
// in the same pass].
int permute_lane(int lane, uint32_t address, WaveData const& d) {
  int const index = int((address >> 2) & 0x3F);
  if (gfx9(d.arch, d.wave)) return index % d.wave;
  return (lane & 0x20) | (index & 0x1F);
}

Failure bpermute(WaveData& d) {
  for (int i = 0; i < d.wave; ++i) {
    if (!d.is_active(i)) continue;
    int const s = permute_lane(i, d.at(i, 0), d);
    d.result(i, 0) = d.is_active(s) ? d.at(s, 1) : 0u;
  }
  return {};
}

// Forward: each active lane writes its data to the lane it names (the highest source lane wins);
// lanes nothing writes to read 0.
Failure permute(WaveData& d) {
  std::vector<uint32_t> tmp(size_t(d.wave), 0);
  for (int i = 0; i < d.wave; ++i)
    if (d.is_active(i)) tmp[size_t(permute_lane(i, d.at(i, 0), d))] = d.at(i, 1);
  for (int i = 0; i < d.wave; ++i)
    if (d.is_active(i)) d.result(i, 0) = tmp[size_t(i)];
  return {};
}

// --- scalar results ---------------------------------------------------------------------------

std::string inactive_register(char const* what, int lane) {
  return fmt::format("{} reads lane {}, which has returned or does not exist (an inactive lane's "
                     "register is not emulated)",
                     what, lane);
}

// The lane index is uniform (an SGPR): the first active lane's; bits above the wave size are
// ignored (v_readlane_b32 reads S1[4:0] in wave32, S1[5:0] in wave64).
Failure read_lane(WaveData& d) {
  int const s = int(d.at(d.first, 1) & uint32_t(d.wave - 1));
  if (!d.is_active(s)) return inactive_register("__builtin_amdgcn_readlane", s);
  for (int i = 0; i < d.wave; ++i)
    if (d.is_active(i)) d.result(i, 0) = d.at(s, 0);
  return {};
}

void broadcast64(WaveData& d, uint64_t v) {
  for (int i = 0; i < d.wave; ++i)
    if (d.is_active(i)) {
      d.result(i, 0) = uint32_t(v);
      d.result(i, 1) = uint32_t(v >> 32);
    }
}

Failure ballot(WaveData& d) {
  uint64_t mask = 0;
  for (int i = 0; i < d.wave; ++i)
    if (d.is_active(i) && d.at(i, 0) != 0) mask |= uint64_t{1} << i;
  broadcast64(d, mask);
  return {};
}

// The wave reductions, over the active lanes in lane order; the result goes to every lane.
template <class T>
T reduce(WaveData const& d, ReduceOp op) {
  T acc{};
  switch (op) { // the identity (for fadd, -0: IEEE's additive identity)
  case ReduceOp::kAdd:
  case ReduceOp::kSub:
  case ReduceOp::kOr:
  case ReduceOp::kXor:
    acc = std::is_floating_point_v<T> ? T(-0.0) : T(0);
    break;
  case ReduceOp::kMin:
    acc = std::is_floating_point_v<T> ? std::numeric_limits<T>::quiet_NaN() : std::numeric_limits<T>::max();
    break;
  case ReduceOp::kMax:
    acc = std::is_floating_point_v<T> ? std::numeric_limits<T>::quiet_NaN() : std::numeric_limits<T>::lowest();
    break;
  case ReduceOp::kAnd:
    if constexpr (std::is_integral_v<T>) acc = T(~T(0));
    break;
  }
  for (int i = 0; i < d.wave; ++i) {
    if (!d.is_active(i)) continue;
    uint64_t const bits = uint64_t(d.at(i, 0)) | uint64_t(d.at(i, 1)) << 32;
    T v;
    std::memcpy(&v, &bits, sizeof(T));
    if constexpr (std::is_floating_point_v<T>) {
      switch (op) {
      case ReduceOp::kAdd:
        acc += v;
        break;
      case ReduceOp::kSub:
        acc -= v;
        break;
      case ReduceOp::kMin: // minnum/maxnum: a NaN operand yields the other one
        acc = std::fmin(acc, v);
        break;
      case ReduceOp::kMax:
        acc = std::fmax(acc, v);
        break;
      default:
        break;
      }
    } else {
      switch (op) {
      case ReduceOp::kAdd:
        acc = T(acc + v);
        break;
      case ReduceOp::kSub:
        acc = T(acc - v);
        break;
      case ReduceOp::kMin:
        acc = std::min(acc, v);
        break;
      case ReduceOp::kMax:
        acc = std::max(acc, v);
        break;
      case ReduceOp::kAnd:
        acc = T(acc & v);
        break;
      case ReduceOp::kOr:
        acc = T(acc | v);
        break;
      case ReduceOp::kXor:
        acc = T(acc ^ v);
        break;
      }
    }
  }
  return acc;
}

Failure wave_reduce(WaveData& d) {
  auto const op = static_cast<ReduceOp>(d.imm & 15);
  uint64_t bits = 0;
  auto put = [&](auto v) { std::memcpy(&bits, &v, sizeof v); };
  switch (static_cast<ReduceType>(d.imm >> 4)) {
  case ReduceType::kU32:
    put(reduce<uint32_t>(d, op));
    break;
  case ReduceType::kI32:
    put(reduce<int32_t>(d, op));
    break;
  case ReduceType::kU64:
    put(reduce<uint64_t>(d, op));
    break;
  case ReduceType::kI64:
    put(reduce<int64_t>(d, op));
    break;
  case ReduceType::kF32:
    put(reduce<float>(d, op));
    break;
  case ReduceType::kF64:
    put(reduce<double>(d, op));
    break;
  }
  broadcast64(d, bits);
  return {};
}

// --- permlanes ----------------------------------------------------------------------------------

// FI (fetch inactive) reads an inactive lane's register; without it an inactive source is out of
// bounds: 0 with bound_ctrl, else the lane keeps its old value.
Failure permlane_read(WaveData& d, int n, int s, char const* name, uint32_t old) {
  bool const fi = d.imm & 1, bound_ctrl = (d.imm >> 1) & 1;
  if (d.is_active(s)) {
    d.result(n, 0) = d.at(s, 0);
  } else if (fi) {
    return inactive_register(name, s);
  } else {
    d.result(n, 0) = bound_ctrl ? 0u : old;
  }
  return {};
}

// permlane16 / permlanex16: the 64-bit select {sel_hi, sel_lo} (uniform: the first active lane's)
// names, for lane i of each row, the lane of its row (or of the other row of the pair) it reads.
template <bool kCross>
Failure permlane16(WaveData& d) {
  uint64_t const sel = uint64_t(d.at(d.first, 2)) | uint64_t(d.at(d.first, 3)) << 32;
  char const* name = kCross ? "__builtin_amdgcn_permlanex16" : "__builtin_amdgcn_permlane16";
  for (int n = 0; n < d.wave; ++n) {
    if (!d.is_active(n)) continue;
    int const row = n / 16, from_row = kCross ? (row ^ 1) : row;
    int const s = from_row * 16 + int((sel >> (4 * (n & 15))) & 15);
    if (Failure e = permlane_read(d, n, s, name, d.at(n, 1)); !e.message.empty()) return e;
  }
  return {};
}

// The _var forms (gfx12): each lane's own select.
template <bool kCross>
Failure permlane16_var(WaveData& d) {
  char const* name = kCross ? "__builtin_amdgcn_permlanex16_var" : "__builtin_amdgcn_permlane16_var";
  for (int n = 0; n < d.wave; ++n) {
    if (!d.is_active(n)) continue;
    int const row = n / 16, from_row = kCross ? (row ^ 1) : row;
    int const s = from_row * 16 + int(d.at(n, 2) & 15);
    if (Failure e = permlane_read(d, n, s, name, d.at(n, 1)); !e.message.empty()) return e;
  }
  return {};
}

// permlane64 swaps the halves of a wave64; in wave32 it returns its operand.
Failure permlane64(WaveData& d) {
  for (int n = 0; n < d.wave; ++n) {
    if (!d.is_active(n)) continue;
    int const s = d.wave == 64 ? n ^ 32 : n;
    if (!d.is_active(s)) return inactive_register("__builtin_amdgcn_permlane64", s);
    d.result(n, 0) = d.at(s, 0);
  }
  return {};
}

// gfx950's swaps exchange the old destination of one group of lanes with the source of the
// partner group: permlane16_swap the odd rows of vdst with the even rows of src (rows 1 <-> 0 of
// the partner lane 16 away, 3 <-> 2), permlane32_swap the upper half of vdst with the lower half
// of src [ASSUME: LLVM's v_permlane16_swap_b32 / v_permlane32_swap_b32 semantics]. The result is
// {new vdst, new src}.
template <int kDistance>
Failure permlane_swap(WaveData& d) {
  char const* name = kDistance == 16 ? "__builtin_amdgcn_permlane16_swap" : "__builtin_amdgcn_permlane32_swap";
  bool const fi = d.imm & 1, bound_ctrl = (d.imm >> 1) & 1;
  for (int n = 0; n < d.wave; ++n) {
    if (!d.is_active(n)) continue;
    bool const upper = (n & kDistance) != 0;
    int const partner = n ^ kDistance;
    uint32_t vdst = d.at(n, 0), src = d.at(n, 1);
    uint32_t& mine = upper ? vdst : src; // the word this lane exchanges
    int const word = upper ? 1 : 0;      // the partner's word it receives
    if (d.is_active(partner)) {
      mine = d.at(partner, word);
    } else if (fi) {
      return inactive_register(name, partner);
    } else if (bound_ctrl) {
      mine = 0;
    }
    d.result(n, 0) = vdst;
    d.result(n, 1) = src;
  }
  return {};
}

// --- scalar clocks ------------------------------------------------------------------------------

// s_memtime counts shader clocks and s_memrealtime a constant 100 MHz clock; here both are the
// host's steady clock (nanoseconds, and nanoseconds / 10), read once for the wave.
Failure memtime(WaveData& d) {
  auto const ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
  broadcast64(d, uint64_t(ns));
  return {};
}
Failure memrealtime(WaveData& d) {
  auto const ns =
      std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch()).count();
  broadcast64(d, uint64_t(ns) / 10);
  return {};
}

// --- global_load_lds ----------------------------------------------------------------------------

// global_load_lds (global_load_lds_dword and its byte, short, dwordx3, dwordx4 forms): each active
// lane loads `size` bytes from its global address and the wave writes them to LDS at M0 + offset
// + lane * max(size, 4), M0 being the LDS address of the lowest active lane (clang takes
// readfirstlane of the pointer) [DOC: CDNA3 ISA, global load to LDS: LDS_ADDR = LDS_base +
// inst_offset + TID * 4 for the dword form]. A 1- or 2-byte load still takes a dword of LDS per
// lane, its value zero-extended [ASSUME: rocRoller's sub-dword BufferToLDS test, ROCm/rocm-libraries
// #5084, finds byte loads at 4-byte strides with zeros between]. Sizes 1, 2, 4; 12 and 16 on
// gfx950 (clang-22 rejects the others as "invalid size value").
Failure global_load_lds(WaveData& d) {
  int const size = static_cast<int>(d.imm);
  bool const wide = size == 12 || size == 16;
  if (!(size == 1 || size == 2 || size == 4 || wide) ||
      (wide && !isa::has_feature(d.arch, d.wave, isa::Feature::kGfx950Insts)))
    return {fmt::format("__builtin_amdgcn_global_load_lds: invalid size value {} on {} (1, 2 or 4; 12 or 16 on gfx950)",
                        size, d.arch.name),
            Status::kInvalidDeviceFunction};
  auto pointer = [&](int lane, int word) {
    return reinterpret_cast<unsigned char*>(uintptr_t(d.at(lane, word)) | uintptr_t(d.at(lane, word + 1)) << 32);
  };
  unsigned char* const lds = pointer(d.first, 2) + static_cast<int32_t>(d.at(d.first, 4));
  int const stride = std::max(size, 4);
  for (int n = 0; n < d.wave; ++n) {
    if (!d.is_active(n)) continue;
    unsigned char const* src = pointer(n, 0);
    if (std::string const why = check_device_range(src, size_t(size)); !why.empty())
      return {
          fmt::format("lane {} passed __builtin_amdgcn_global_load_lds an address outside the device allocations ({})",
                      n, why),
          Status::kIllegalAddress};
    unsigned char slot[16] = {};
    std::memcpy(slot, src, size_t(size));
    std::memcpy(lds + n * stride, slot, size_t(stride));
  }
  return {};
}

// clang-format off
struct WaveOpRow {
  WaveOp op; // the row's index
  char const* builtin;
  char const* feature; // clang-22's requirement (BuiltinsAMDGPU.def): where the builtin exists
  int in_words, out_words;
  Compute compute;
};
constexpr WaveOpRow kWaveOps[] = {
  {WaveOp::kDpp,            "__builtin_amdgcn_update_dpp",       "dpp",             2, 1, dpp},
  {WaveOp::kDpp8,           "__builtin_amdgcn_mov_dpp8",         "gfx10-insts",     1, 1, dpp8},
  {WaveOp::kSwizzle,        "__builtin_amdgcn_ds_swizzle",       "",                1, 1, swizzle},
  {WaveOp::kPermute,        "__builtin_amdgcn_ds_permute",       "",                2, 1, permute},
  {WaveOp::kBpermute,       "__builtin_amdgcn_ds_bpermute",      "",                2, 1, bpermute},
  {WaveOp::kReadLane,       "__builtin_amdgcn_readlane",         "",                2, 1, read_lane},
  {WaveOp::kBallotW64,      "__builtin_amdgcn_ballot_w64",       "",                1, 2, ballot},
  {WaveOp::kBallotW32,      "__builtin_amdgcn_ballot_w32",       "wavefrontsize32", 1, 2, ballot},
  {WaveOp::kReduce,         "__builtin_amdgcn_wave_reduce",      "",                2, 2, wave_reduce},
  {WaveOp::kPermlane16,     "__builtin_amdgcn_permlane16",       "gfx10-insts",     4, 1, permlane16<false>},
  {WaveOp::kPermlanex16,    "__builtin_amdgcn_permlanex16",      "gfx10-insts",     4, 1, permlane16<true>},
  {WaveOp::kPermlane64,     "__builtin_amdgcn_permlane64",       "gfx11-insts",     1, 1, permlane64},
  {WaveOp::kPermlane16Var,  "__builtin_amdgcn_permlane16_var",   "gfx12-insts",     3, 1, permlane16_var<false>},
  {WaveOp::kPermlanex16Var, "__builtin_amdgcn_permlanex16_var",  "gfx12-insts",     3, 1, permlane16_var<true>},
  {WaveOp::kPermlane16Swap, "__builtin_amdgcn_permlane16_swap",  "permlane16-swap", 2, 2, permlane_swap<16>},
  {WaveOp::kPermlane32Swap, "__builtin_amdgcn_permlane32_swap",  "permlane32-swap", 2, 2, permlane_swap<32>},
  {WaveOp::kMemtime,        "__builtin_amdgcn_s_memtime",        "s-memtime-inst",  0, 2, memtime},
  {WaveOp::kMemrealtime,    "__builtin_amdgcn_s_memrealtime",    "s-memrealtime",   0, 2, memrealtime},
  {WaveOp::kGlobalLoadLds,  "__builtin_amdgcn_global_load_lds",  "vmem-to-lds-load-insts", 5, 0, global_load_lds},
};
// clang-format on
static_assert(std::size(kWaveOps) == size_t(WaveOp::kGlobalLoadLds) + 1, "one row per WaveOp");
static_assert(std::ranges::all_of(std::views::iota(size_t{0}, std::size(kWaveOps)),
                                  [](size_t i) { return size_t(kWaveOps[i].op) == i; }),
              "each row at its WaveOp's index");

} // namespace

void wave_op(WaveOp op, uint32_t imm, void const* in, int in_words, void* out, int out_words,
             ::wavemma::simt::Site site) {
  WaveOpRow const& row = kWaveOps[size_t(op)];
  if (in_words != row.in_words || out_words != row.out_words)
    throw std::logic_error(
        fmt::format("{}: {}/{} words for {}/{}", row.builtin, in_words, out_words, row.in_words, row.out_words));
  Lane& l = this_lane(row.builtin);
  Block& b = *l.block;
  Wave& w = b.waves[size_t(l.wave)];
  int const wave = b.wave_size();
  if (b.arrive(l, {OpKind::kWaveOp, static_cast<int>(op), imm, row.builtin, site})) {
    if (w.arrived == 1) w.in.assign(size_t(wave) * size_t(std::max(in_words, 1)), 0);
    if (in_words > 0) std::memcpy(&w.in[size_t(l.lane) * size_t(in_words)], in, 4 * size_t(in_words));
  }
  b.suspend(l);
  if (out_words > 0) std::memcpy(out, &w.out[size_t(l.lane) * size_t(out_words)], 4 * size_t(out_words));
}

bool complete_wave_op(Block& b, Wave& w) {
  WaveOpRow const& row = kWaveOps[size_t(w.wait.op)];
  Target const& t = b.grid().target;
  std::vector<int> waiting;
  WaveData d{*t.arch,
             t.wave,
             -1,
             std::vector<char>(size_t(t.wave), 0),
             w.in.data(),
             row.in_words,
             nullptr,
             row.out_words,
             static_cast<uint32_t>(w.wait.detail)};
  for (int i = 0; i < w.size; ++i)
    if (b.lanes[size_t(w.first + i)].state == LaneState::kWaiting) {
      d.active[size_t(i)] = 1;
      waiting.push_back(i);
      if (d.first < 0) d.first = i;
    }
  if (!isa::has_features(*t.arch, t.wave, row.feature)) {
    b.fail(Status::kInvalidDeviceFunction,
           fmt::format("{}: {} reached {}: '{}' needs target feature {} (the launch targets {} wave{})",
                       b.where(w.index), lanes_text(waiting), op_text(w.wait), row.builtin, row.feature, t.arch->name,
                       t.wave));
    return false;
  }
  w.out.assign(size_t(t.wave) * size_t(row.out_words), 0);
  d.out = w.out.data();
  if (Failure const why = row.compute(d); !why.message.empty()) {
    b.fail(why.status,
           fmt::format("{}: {} reached {}: {}", b.where(w.index), lanes_text(waiting), op_text(w.wait), why.message));
    return false;
  }
  return true;
}

} // namespace wavemma::simt::detail
