// The cross-lane operations: what a lane deposits when it arrives, what the scheduler computes
// when the wave has met, and what each lane takes back.

#include "block.hpp"
#include "memory.hpp"
#include "wavemma/isa/builtin.hpp"

#include <algorithm>
#include <cstring>
#include <fmt/format.h>
#include <stdexcept>

namespace wavemma::simt::detail {
namespace {

std::vector<int> waiting_lanes(Block const& b, Wave const& w) {
  std::vector<int> out;
  for (int i = 0; i < w.size; ++i)
    if (b.lanes[size_t(w.first + i)].state == LaneState::kWaiting) out.push_back(i);
  return out;
}

// Matrix instructions and transpose loads read every lane's registers: EXEC must be all ones.
bool full_wave(Block& b, Wave const& w) {
  int const size = b.wave_size();
  // The wave completes when all its live lanes wait here: all of them iff none has returned.
  if (w.size == size && w.live == size) return true;
  auto const at = waiting_lanes(b, w);
  std::string const what =
      fmt::format("{}: {} reached {}", b.where(w.index), lanes_text(at), op_text(w.wait));
  std::string why;
  if (w.size < size) {
    why = fmt::format("the block's {} threads leave only {} in this wave", b.lanes.size(), w.size);
  } else {
    std::vector<int> gone;
    for (int i = 0; i < w.size; ++i)
      if (b.lanes[size_t(w.first + i)].state == LaneState::kExited) gone.push_back(i);
    why = fmt::format("{} {} returned", lanes_text(gone), gone.size() == 1 ? "has" : "have");
  }
  b.fail(Status::kLaunchFailure,
         fmt::format("{}, {}: it needs all {} lanes of the wave (EXEC all ones)", what, why, size));
  return false;
}

// --- matrix builtins ----------------------------------------------------------------------------

uint32_t pack(Immediates const& m) {
  return uint32_t(m.a_sign) | uint32_t(m.b_sign) << 1 | uint32_t(m.clamp) << 2 |
         uint32_t(m.opsel) << 3 | uint32_t(m.cbsz & 7) << 4 | uint32_t(m.abid & 15) << 8 |
         uint32_t(m.blgp & 7) << 12;
}

isa::Modifiers modifiers(uint32_t packed) {
  isa::Modifiers m;
  m.neg_lo[0] = packed & 1;        // a_sign
  m.neg_lo[1] = (packed >> 1) & 1; // b_sign
  m.clamp = (packed >> 2) & 1;
  m.op_sel[2] = (packed >> 3) & 1; // opsel: the high halves of C and D
  m.cbsz = static_cast<int>((packed >> 4) & 7);
  m.abid = static_cast<int>((packed >> 8) & 15);
  m.blgp = static_cast<int>((packed >> 12) & 7); // f64: neg:[a,b,c]
  return m;                                      // SWMMAC index_key: 0, as clang emits
}

// What a lane needs to know of each builtin, computed once.
struct MatrixEntry {
  char const* name;
  int wave;
  MatrixShape shape;
};
std::vector<MatrixEntry> const& matrix_entries() {
  static std::vector<MatrixEntry> const entries = [] {
    std::vector<MatrixEntry> out;
    for (auto const& b : isa::builtins()) {
      MatrixShape s;
      if (auto const* in = b.instruction) {
        s = {isa::vgprs(*in, b.wave, isa::Operand::kA), isa::vgprs(*in, b.wave, isa::Operand::kB),
             isa::vgprs(*in, b.wave, isa::Operand::kC), isa::vgprs(*in, b.wave, isa::Operand::kD),
             in->sparse()};
      }
      out.push_back({b.name.c_str(), b.wave, s});
    }
    return out;
  }();
  return entries;
}

} // namespace

uint32_t* matrix_arrive(int builtin, Immediates imm, uint32_t const bytes[4],
                        ::wavemma::simt::Site site) {
  static std::vector<MatrixEntry> const& entries = matrix_entries();
  if (builtin < 0 || size_t(builtin) >= entries.size())
    throw std::logic_error("no such matrix builtin");
  MatrixEntry const& e = entries[size_t(builtin)];
  Lane& l = this_lane(e.name);
  Block& b = *l.block;
  Wave& w = b.waves[size_t(l.wave)];
  if (!b.arrive(l, {OpKind::kMatrix, builtin, pack(imm), e.name, site})) return nullptr;
  MatrixShape const& s = e.shape;
  int const wave = b.wave_size();
  // A builtin of another wave size, or of no instruction, fails when the wave has met.
  if (s.a == 0 || e.wave != wave) return nullptr;
  if (w.arrived == 1) { // the same builtin has the same operand types in every lane
    if (bytes[0] != 4u * uint32_t(s.a) || bytes[1] != 4u * uint32_t(s.b) ||
        bytes[2] != 4u * uint32_t(s.c) || bytes[3] != 4u * uint32_t(s.d))
      throw std::logic_error(fmt::format("{}: operand sizes {}/{}/{}/{} bytes for {}/{}/{}/{} VGPRs",
                                         e.name, bytes[0], bytes[1], bytes[2], bytes[3], s.a, s.b,
                                         s.c, s.d));
    w.shape = s;
    w.in.resize(size_t(wave) * size_t(s.staged()));
  }
  return &w.in[size_t(l.lane) * size_t(s.staged())];
}

uint32_t const* matrix_result() {
  Lane& l = this_lane("a matrix builtin");
  Block& b = *l.block;
  b.suspend(l);
  Wave const& w = b.waves[size_t(l.wave)];
  return &w.out[size_t(l.lane) * size_t(w.shape.d)];
}

bool complete_matrix(Block& b, Wave& w) {
  isa::Builtin const& bi = isa::builtins()[size_t(w.wait.op)];
  Target const& t = b.grid().target;
  if (isa::builtin_status(bi, *t.arch, t.wave) != isa::BuiltinStatus::kOk) {
    b.fail(Status::kInvalidDeviceFunction,
           fmt::format("{}: {} reached {}: {} (the launch targets {} wave{})", b.where(w.index),
                       lanes_text(waiting_lanes(b, w)), op_text(w.wait),
                       isa::builtin_diagnostic(bi, *t.arch, t.wave), t.arch->name, t.wave));
    return false;
  }
  if (!full_wave(b, w)) return false;
  // The lanes' deposits go to the emulator as they lie (lane-major), and D comes back the same way:
  // no VGPR-major copies.
  MatrixShape const& s = w.shape;
  int const wave = t.wave;
  emu::Issue const issue{bi.instruction_on(t.arch->gen), wave, modifiers(w.wait.detail)};
  w.out.resize(size_t(wave) * size_t(s.d));
  try {
    emu::execute_lanes(issue, {w.in.data(), s.staged(), s.a, s.b, s.c, s.sparse ? s.a + s.b + s.c : -1},
                       w.out.data());
  } catch (std::exception const& e) {
    b.fail(Status::kLaunchFailure,
           fmt::format("{}: {}: {}", b.where(w.index), op_text(w.wait), e.what()));
    return false;
  }
  return true;
}

// --- permutes -----------------------------------------------------------------------------------

void permute(char const* name, int source, void const* in, void* out, int words,
             ::wavemma::simt::Site site) {
  Lane& l = this_lane(name);
  Block& b = *l.block;
  Wave& w = b.waves[size_t(l.wave)];
  int const wave = b.wave_size();
  if (b.arrive(l, {OpKind::kPermute, words, 0, name, site})) {
    if (w.arrived == 1) {
      w.in.resize(size_t(wave) * size_t(words));
      w.source.resize(size_t(wave));
    }
    for (int i = 0; i < words; ++i)
      std::memcpy(&w.in[size_t(l.lane) * size_t(words) + size_t(i)],
                  static_cast<char const*>(in) + 4 * i, 4);
    w.source[l.lane] = source & (wave - 1);
  }
  b.suspend(l);
  for (int i = 0; i < words; ++i)
    std::memcpy(static_cast<char*>(out) + 4 * i, &w.out[size_t(l.lane) * size_t(words) + size_t(i)],
                4);
}

// A lane reads the value its source lane deposited; a source that has returned, or does not exist
// (a partial last wave), is inactive and reads as 0, as ds_bpermute does.
bool complete_permute(Block& b, Wave& w) {
  size_t const words = size_t(w.wait.op);
  w.out.assign(size_t(b.wave_size()) * words, 0);
  auto active = [&](int lane) {
    return lane < w.size && b.lanes[size_t(w.first + lane)].state == LaneState::kWaiting;
  };
  for (int i = 0; i < w.size; ++i) {
    int const s = w.source[size_t(i)];
    if (active(i) && active(s))
      std::copy_n(&w.in[size_t(s) * words], words, &w.out[size_t(i) * words]);
  }
  return true;
}

uint32_t read_first_lane(uint32_t value, ::wavemma::simt::Site site) {
  char const* const name = "__builtin_amdgcn_readfirstlane";
  Lane& l = this_lane(name);
  Block& b = *l.block;
  Wave& w = b.waves[size_t(l.wave)];
  if (b.arrive(l, {OpKind::kReadFirstLane, 1, 0, name, site})) {
    if (w.arrived == 1) w.in.resize(size_t(b.wave_size()));
    w.in[l.lane] = value;
  }
  b.suspend(l);
  return w.out[l.lane];
}

bool complete_read_first_lane(Block& b, Wave& w) {
  int first = 0;
  while (b.lanes[size_t(w.first + first)].state != LaneState::kWaiting) ++first;
  w.out.assign(size_t(b.wave_size()), w.in[size_t(first)]);
  return true;
}

// --- transpose loads ----------------------------------------------------------------------------

namespace {

struct TransposeInfo {
  char const* name;
  int bytes;      // loaded per lane
  int elem_bytes; // 16-bit elements (b128) or bytes (b64)
};
// clang-format off
constexpr TransposeInfo kTransposeLoads[] = {
  /* kB128V8i16  */ {"__builtin_amdgcn_global_load_tr_b128_v8i16",  16, 2},
  /* kB128V8f16  */ {"__builtin_amdgcn_global_load_tr_b128_v8f16",  16, 2},
  /* kB128V8bf16 */ {"__builtin_amdgcn_global_load_tr_b128_v8bf16", 16, 2},
  /* kB64V2i32   */ {"__builtin_amdgcn_global_load_tr_b64_v2i32",    8, 1},
};
// clang-format on

} // namespace

void load_transpose(TransposeLoad which, void const* pointer, void* out,
                    ::wavemma::simt::Site site) {
  TransposeInfo const& info = kTransposeLoads[static_cast<int>(which)];
  Lane& l = this_lane(info.name);
  Block& b = *l.block;
  Wave& w = b.waves[size_t(l.wave)];
  if (b.arrive(l, {OpKind::kTranspose, static_cast<int>(which), 0, info.name, site})) {
    if (w.arrived == 1) w.pointers.resize(size_t(b.wave_size()));
    w.pointers[l.lane] = pointer;
  }
  b.suspend(l);
  std::memcpy(out,
              reinterpret_cast<char const*>(w.out.data()) + size_t(l.lane) * size_t(info.bytes),
              size_t(info.bytes));
}

// Each lane loads `bytes` from its pointer; within each group of 8 lanes, element e of lane L's
// result is element L%8 of what lane 8*(L/8)+e loaded (reference/gemm-system.md §4 for b128;
// the b64 byte form is the same transpose of bytes [ASSUME, docs/simt.md]).
bool complete_transpose(Block& b, Wave& w) {
  TransposeInfo const& info = kTransposeLoads[w.wait.op];
  Target const& t = b.grid().target;
  if (t.arch->gen != isa::Generation::kGfx12 || t.wave != 32) {
    b.fail(Status::kInvalidDeviceFunction,
           fmt::format("{}: {} reached {}: '{}' needs target feature "
                       "gfx12-insts,wavefrontsize32 (the launch targets {} wave{})",
                       b.where(w.index), lanes_text(waiting_lanes(b, w)), op_text(w.wait),
                       info.name, t.arch->name, t.wave));
    return false;
  }
  if (!full_wave(b, w)) return false;
  int const wave = b.wave_size();
  std::vector<int> bad;
  std::string first_reason;
  for (int i = 0; i < wave; ++i)
    if (auto why = check_device_range(w.pointers[size_t(i)], size_t(info.bytes)); !why.empty()) {
      if (bad.empty()) first_reason = why;
      bad.push_back(i);
    }
  if (!bad.empty()) {
    b.fail(Status::kIllegalAddress,
           fmt::format("{}: {} passed {} an address outside the device allocations (lane {}: {})",
                       b.where(w.index), lanes_text(bad), op_text(w.wait), bad.front(),
                       first_reason));
    return false;
  }
  size_t const bytes = size_t(info.bytes), eb = size_t(info.elem_bytes), n = bytes / eb;
  std::vector<char> loaded(size_t(wave) * bytes);
  for (int i = 0; i < wave; ++i)
    std::memcpy(&loaded[size_t(i) * bytes], w.pointers[size_t(i)], bytes);
  w.out.assign(size_t(wave) * bytes / 4, 0);
  char* out = reinterpret_cast<char*>(w.out.data());
  for (size_t lane = 0; lane < size_t(wave); ++lane)
    for (size_t e = 0; e < n; ++e)
      std::memcpy(out + lane * bytes + e * eb,
                  &loaded[(8 * (lane / 8) + e) * bytes + (lane % 8) * eb], eb);
  return true;
}

// --- barriers and ids ---------------------------------------------------------------------------

void barrier(char const* name, ::wavemma::simt::Site site) {
  Lane& l = this_lane(name);
  l.wait = {OpKind::kBarrier, 0, 0, name, site};
  l.block->wait_at_barrier(l);
}

void outside_kernel(char const* what) {
  throw std::logic_error(
      fmt::format("{} used outside a kernel (no lane runs on this thread)", what));
}

} // namespace wavemma::simt::detail
