// The cross-lane operations: what a lane deposits when it arrives, what the scheduler computes
// when the wave has met, and what each lane takes back.

#include "block.hpp"
#include "progress.hpp"
#include "wavemma/simt/memory.hpp"
#include "wavemma/isa/builtin.hpp"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <fmt/format.h>
#include <ranges>
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
  std::string const what = fmt::format("{}: {} reached {}", b.where(w.index), lanes_text(at), op_text(w.wait));
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

uint64_t pack(Immediates const& m) {
  return uint64_t(m.a_sign) | uint64_t(m.b_sign) << 1 | uint64_t(m.clamp) << 2 | uint64_t(m.opsel) << 3 |
         uint64_t(m.cbsz & 7) << 4 | uint64_t(m.abid & 15) << 8 | uint64_t(m.blgp & 7) << 12 |
         uint64_t(m.opsel_a & 3) << 16 | uint64_t(m.opsel_b & 3) << 18 | uint64_t(m.a_neg) << 20 |
         uint64_t(m.b_neg) << 21 | uint64_t(m.c_mod & 3) << 22 | uint64_t(m.fmt_a & 7) << 24 |
         uint64_t(m.fmt_b & 7) << 27 | uint64_t(m.a_scale_fmt & 3) << 32 | uint64_t(m.b_scale_fmt & 3) << 34 |
         uint64_t(m.reuse_a) << 36 | uint64_t(m.reuse_b) << 37;
}

// The modifiers of the instruction `in` that the packed immediates stand for.
isa::Modifiers modifiers(uint64_t packed, isa::Instruction const& in) {
  auto field = [&](int at, int bits) { return static_cast<int>((packed >> at) & ((1u << bits) - 1)); };
  isa::Modifiers m;
  m.neg_lo[0] = field(0, 1); // a_sign
  m.neg_lo[1] = field(1, 1); // b_sign
  m.clamp = field(2, 1);
  m.op_sel[2] = field(3, 1); // opsel: the high halves of C and D
  m.cbsz = field(4, 3);
  m.abid = field(8, 4);
  m.blgp = field(12, 3); // f64: neg:[a,b,c]; f8f6f4: B's format
  m.scale_sel = {field(16, 2), field(18, 2)};
  // gfx1250: a_neg / b_neg negate the whole operand: neg_lo, and neg_hi where the instruction
  // encodes it (16-bit types; not f32) [reference/gfx1250.md §4.2]; c_mod is neg_lo[2] | neg_hi[2] << 1.
  isa::ModRules const& r = in.mod_rules();
  for (int t = 0; t < 2; ++t)
    if (field(20 + t, 1)) {
      m.neg_lo[size_t(t)] = true;
      m.neg_hi[size_t(t)] = (r.neg_hi_legal >> t & 1) && !(r.neg_hi_dropped >> t & 1);
    }
  if (field(22, 1)) m.neg_lo[2] = true;
  if (field(23, 1)) m.neg_hi[2] = true;
  m.matrix_fmt = {field(24, 3), field(27, 3)};
  m.scale_fmt = {field(32, 2), field(34, 2)};
  m.reuse = {field(36, 1) != 0, field(37, 1) != 0};
  return m; // SWMMAC index_key: 0, as clang emits
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
        int const d = isa::vgprs(*in, b.wave, isa::Operand::kD), c = isa::vgprs(*in, b.wave, isa::Operand::kC);
        s = {isa::vgprs(*in, b.wave, isa::Operand::kA),
             isa::vgprs(*in, b.wave, isa::Operand::kB),
             c,
             in->sparse() ? std::max(c, d) : d,
             d,
             in->sparse(),
             in->mod_rules().scaled};
      }
      out.push_back({b.name.c_str(), b.wave, s});
    }
    return out;
  }();
  return entries;
}

} // namespace

uint32_t* matrix_arrive(int builtin, Immediates imm, uint32_t const bytes[4], ::wavemma::simt::Site site) {
  static std::vector<MatrixEntry> const& entries = matrix_entries();
  if (builtin < 0 || size_t(builtin) >= entries.size()) throw std::logic_error("no such matrix builtin");
  MatrixEntry const& e = entries[size_t(builtin)];
  Lane& l = this_lane(e.name);
  Block& b = *l.block;
  Wave& w = b.waves[size_t(l.wave)];
  if (!b.arrive(l, {OpKind::kMatrix, builtin, pack(imm), e.name, site})) return nullptr;
  l.depositing = true; // the inline caller copies the operands: no lockstep step (block.cpp)
  MatrixShape const& s = e.shape;
  int const wave = b.wave_size();
  // A builtin of another wave size, or of no instruction, fails when the wave has met.
  if (s.a == 0 || e.wave != wave) return nullptr;
  if (w.arrived == 1) { // the same builtin has the same operand types in every lane
    if (bytes[0] != 4u * uint32_t(s.a) || bytes[1] != 4u * uint32_t(s.b) || bytes[2] != 4u * uint32_t(s.c) ||
        bytes[3] != 4u * uint32_t(s.d))
      throw std::logic_error(fmt::format("{}: operand sizes {}/{}/{}/{} bytes for {}/{}/{}/{} VGPRs", e.name, bytes[0],
                                         bytes[1], bytes[2], bytes[3], s.a, s.b, s.c, s.d));
    w.shape = s;
    w.in.resize(size_t(wave) * size_t(s.staged()));
  }
  return &w.in[size_t(l.lane) * size_t(s.staged())];
}

uint32_t const* matrix_result() {
  Lane& l = this_lane("a matrix builtin");
  Block& b = *l.block;
  l.depositing = false;
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
                       lanes_text(waiting_lanes(b, w)), op_text(w.wait), isa::builtin_diagnostic(bi, *t.arch, t.wave),
                       t.arch->name, t.wave));
    return false;
  }
  if (!full_wave(b, w)) return false;
  // The lanes' deposits go to the emulator as they lie (lane-major), and D comes back the same way:
  // no VGPR-major copies.
  MatrixShape const& s = w.shape;
  int const wave = t.wave;
  isa::Instruction const& in = *bi.instruction_on(t.arch->gen);
  emu::Issue const issue{&in, wave, modifiers(w.wait.detail, in)};
  w.out.resize(size_t(wave) * size_t(s.d));
  try {
    int const extra = s.a + s.b + s.c; // two words each: the index, then the scales
    emu::LaneWords const in{w.in.data(),
                            s.staged(),
                            s.a,
                            s.b,
                            s.c,
                            s.sparse ? extra : -1,
                            s.scaled ? extra + 2 : -1,
                            s.scaled ? extra + 4 : -1};
    if (s.d_written == s.d) {
      emu::execute_lanes(issue, in, w.out.data());
    } else { // D is the low VGPRs of C's registers; the others keep C
      std::vector<uint32_t> d(size_t(wave) * size_t(s.d_written));
      emu::execute_lanes(issue, in, d.data());
      for (int lane = 0; lane < wave; ++lane)
        for (int v = 0; v < s.d; ++v)
          w.out[size_t(lane * s.d + v)] =
              v < s.d_written ? d[size_t(lane * s.d_written + v)] : w.in[size_t(lane * s.staged() + s.a + s.b + v)];
    }
  } catch (std::exception const& e) {
    b.fail(Status::kLaunchFailure, fmt::format("{}: {}: {}", b.where(w.index), op_text(w.wait), e.what()));
    return false;
  }
  return true;
}

// --- permutes -----------------------------------------------------------------------------------

void permute(char const* name, int source, void const* in, void* out, int words, ::wavemma::simt::Site site) {
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
      std::memcpy(&w.in[size_t(l.lane) * size_t(words) + size_t(i)], static_cast<char const*>(in) + 4 * i, 4);
    w.source[l.lane] = source & (wave - 1);
  }
  b.suspend(l);
  for (int i = 0; i < words; ++i)
    std::memcpy(static_cast<char*>(out) + 4 * i, &w.out[size_t(l.lane) * size_t(words) + size_t(i)], 4);
}

// A lane reads the value its source lane deposited; a source that has returned, or does not exist
// (a partial last wave), is inactive and reads as 0, as ds_bpermute does.
bool complete_permute(Block& b, Wave& w) {
  size_t const words = size_t(w.wait.op);
  w.out.assign(size_t(b.wave_size()) * words, 0);
  auto active = [&](int lane) { return lane < w.size && b.lanes[size_t(w.first + lane)].state == LaneState::kWaiting; };
  for (int i = 0; i < w.size; ++i) {
    int const s = w.source[size_t(i)];
    if (active(i) && active(s)) std::copy_n(&w.in[size_t(s) * words], words, &w.out[size_t(i) * words]);
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

// One transpose load: each lane loads `bytes` from its pointer, E = 8 * bytes / elem_bits elements
// of elem_bits each (element n at bits [n * elem_bits, n * elem_bits + elem_bits) of what it
// loaded); then within each group of `group` lanes, element e of lane i is element i mod E of
// lane (group / E) * e + floor(i / E) (i, and the lane, counted from the group's first lane).
// The group's loads form a matrix of E rows of `group` elements, (group / E) lanes to a row, and
// each lane receives one column of it.
//   gfx12 global_load_tr: groups of 8 lanes, E = 8: an 8x8 transpose (reference/gemm-system.md §4
//     for b128; the b64 byte form is the same transpose of bytes [ASSUME, docs/simt.md]). clang-22
//     gives them wherever gfx12-insts is, gfx1250 too (global_load_tr16_b128 there): the same map
//     [ASSUME].
//   gfx950 ds_read_b64_tr_b16: groups of 16, E = 4: lane i's 4 elements are rows 0-3 of column i
//     of a 4 x 16 matrix, each row held by 4 lanes (the seeds' MfmaCdna4F16TrPolicy passes
//     &tile_b[k + (L%16)/4][col + (L%4)*4] and receives B[k + e][col + L%16], gemm-system.md
//     §2); ds_read_b64_tr_b8: E = 8, two interleaved 8 x 8 byte transposes; ds_read_b64_tr_b4 and
//     ds_read_b96_tr_b6: E = 16, a 16 x 16 transpose of nibbles and of 6-bit fields [ASSUME the
//     same rule for the sub-byte forms, docs/simt.md].
struct TransposeInfo {
  TransposeLoad which; // the row's index
  char const* name;
  int bytes;           // loaded per lane
  int elem_bits;       // 16, 8, 6 or 4
  int group;           // lanes that exchange elements
  bool lds;            // an LDS pointer (ds_read_tr) rather than a global one
  char const* feature; // clang-22's requirement (BuiltinsAMDGPU.def): where the builtin exists
};
// clang-format off
constexpr TransposeInfo kTransposeLoads[] = {
  {TransposeLoad::kB128V8i16,       "__builtin_amdgcn_global_load_tr_b128_v8i16",  16, 16,  8, false, "gfx12-insts,wavefrontsize32"},
  {TransposeLoad::kB128V8f16,       "__builtin_amdgcn_global_load_tr_b128_v8f16",  16, 16,  8, false, "gfx12-insts,wavefrontsize32"},
  {TransposeLoad::kB128V8bf16,      "__builtin_amdgcn_global_load_tr_b128_v8bf16", 16, 16,  8, false, "gfx12-insts,wavefrontsize32"},
  {TransposeLoad::kB64V2i32,        "__builtin_amdgcn_global_load_tr_b64_v2i32",    8,  8,  8, false, "gfx12-insts,wavefrontsize32"},
  {TransposeLoad::kDsTr4B64V2i32,   "__builtin_amdgcn_ds_read_tr4_b64_v2i32",       8,  4, 16, true,  "gfx950-insts"},
  {TransposeLoad::kDsTr8B64V2i32,   "__builtin_amdgcn_ds_read_tr8_b64_v2i32",       8,  8, 16, true,  "gfx950-insts"},
  {TransposeLoad::kDsTr6B96V3i32,   "__builtin_amdgcn_ds_read_tr6_b96_v3i32",      12,  6, 16, true,  "gfx950-insts"},
  {TransposeLoad::kDsTr16B64V4i16,  "__builtin_amdgcn_ds_read_tr16_b64_v4i16",      8, 16, 16, true,  "gfx950-insts"},
  {TransposeLoad::kDsTr16B64V4f16,  "__builtin_amdgcn_ds_read_tr16_b64_v4f16",      8, 16, 16, true,  "gfx950-insts"},
  {TransposeLoad::kDsTr16B64V4bf16, "__builtin_amdgcn_ds_read_tr16_b64_v4bf16",     8, 16, 16, true,  "gfx950-insts"},
};
// clang-format on
static_assert(std::size(kTransposeLoads) == size_t(TransposeLoad::kDsTr16B64V4bf16) + 1, "one row per TransposeLoad");
static_assert(std::ranges::all_of(std::views::iota(size_t{0}, std::size(kTransposeLoads)),
                                  [](size_t i) { return size_t(kTransposeLoads[i].which) == i; }),
              "each row at its TransposeLoad's index");

// Bits [bit, bit + width) of a little-endian byte string, and their replacement.
uint32_t get_bits(unsigned char const* bytes, size_t bit, int width) {
  uint32_t v = 0;
  for (int b = 0; b < width; ++b) v |= uint32_t(bytes[(bit + size_t(b)) / 8] >> ((bit + size_t(b)) % 8) & 1u) << b;
  return v;
}
void put_bits(unsigned char* bytes, size_t bit, int width, uint32_t v) {
  for (int b = 0; b < width; ++b) {
    auto& byte = bytes[(bit + size_t(b)) / 8];
    unsigned const mask = 1u << ((bit + size_t(b)) % 8);
    byte = static_cast<unsigned char>((v >> b & 1u) ? byte | mask : byte & ~mask);
  }
}

} // namespace

void load_transpose(TransposeLoad which, void const* pointer, void* out, ::wavemma::simt::Site site) {
  TransposeInfo const& info = kTransposeLoads[static_cast<int>(which)];
  Lane& l = this_lane(info.name);
  Block& b = *l.block;
  Wave& w = b.waves[size_t(l.wave)];
  if (b.arrive(l, {OpKind::kTranspose, static_cast<int>(which), 0, info.name, site})) {
    if (w.arrived == 1) w.pointers.resize(size_t(b.wave_size()));
    w.pointers[l.lane] = pointer;
  }
  b.suspend(l);
  std::memcpy(out, reinterpret_cast<char const*>(w.out.data()) + size_t(l.lane) * size_t(info.bytes),
              size_t(info.bytes));
}

bool complete_transpose(Block& b, Wave& w) {
  TransposeInfo const& info = kTransposeLoads[w.wait.op];
  Target const& t = b.grid().target;
  if (!isa::has_features(*t.arch, t.wave, info.feature)) {
    b.fail(Status::kInvalidDeviceFunction, fmt::format("{}: {} reached {}: '{}' needs target feature "
                                                       "{} (the launch targets {} wave{})",
                                                       b.where(w.index), lanes_text(waiting_lanes(b, w)),
                                                       op_text(w.wait), info.name, info.feature, t.arch->name, t.wave));
    return false;
  }
  if (!full_wave(b, w)) return false;
  int const wave = b.wave_size();
  // Global pointers must lie in device allocations; LDS (a __shared__ variable, thread-local
  // storage of the block's OS thread here) has no table to check against.
  std::vector<int> bad;
  std::string first_reason;
  for (int i = 0; i < wave && !info.lds; ++i)
    if (auto why = check_device_range(w.pointers[size_t(i)], size_t(info.bytes)); !why.empty()) {
      if (bad.empty()) first_reason = why;
      bad.push_back(i);
    }
  if (!bad.empty()) {
    b.fail(Status::kIllegalAddress,
           fmt::format("{}: {} passed {} an address outside the device allocations (lane {}: {})", b.where(w.index),
                       lanes_text(bad), op_text(w.wait), bad.front(), first_reason));
    return false;
  }
  size_t const bytes = size_t(info.bytes);
  int const width = info.elem_bits, per_lane = info.bytes * 8 / width, group = info.group;
  w.out.assign((size_t(wave) * bytes + 3) / 4, 0);
  auto* out = reinterpret_cast<unsigned char*>(w.out.data());
  // Lane `lane`'s element e is element i % per_lane of lane src's load (i: the lane's place in its
  // group). Whole bytes move as bytes (16- and 8-bit elements, the gfx12 loads); 4- and 6-bit
  // fields bit by bit. No copy and no allocation: this runs once per wave per load.
  for (int lane = 0; lane < wave; ++lane) {
    int const first = lane - lane % group, i = lane % group;
    for (int e = 0; e < per_lane; ++e) {
      int const src = first + (group / per_lane) * e + i / per_lane;
      auto const* from = static_cast<unsigned char const*>(w.pointers[size_t(src)]);
      unsigned char* to = out + size_t(lane) * bytes;
      if (width % 8 == 0)
        std::memcpy(to + size_t(e) * size_t(width / 8), from + size_t(i % per_lane) * size_t(width / 8),
                    size_t(width / 8));
      else
        put_bits(to, size_t(e) * size_t(width), width, get_bits(from, size_t(i % per_lane) * size_t(width), width));
    }
  }
  return true;
}

// --- barriers and ids ---------------------------------------------------------------------------

void barrier(char const* name, ::wavemma::simt::Site site) {
  Lane& l = this_lane(name);
  l.wait = {OpKind::kBarrier, 0, 0, name, site};
  l.block->wait_at_barrier(l);
}

// --- the grid barrier of a resident launch ------------------------------------------------------

namespace {

std::string block_text(Dim3 b) { return fmt::format("block ({},{},{})", b.x, b.y, b.z); }

// Every block of a resident grid has returned or waits at the grid barrier, and some have
// returned: on a GPU the waiting blocks would wait for ever.
void report_returned(Grid& g) {
  auto& gb = g.barrier;
  g.fail(Status::kLaunchFailure,
         fmt::format("kernel {}: {} of the grid's {} blocks returned without reaching {}, where the grid's other {} "
                     "wait (every block of a cooperative grid must reach it; the first to return: {})",
                     g.kernel, gb.finished, g.blocks, gb.what, gb.arrived, gb.first_returned));
}

// The block's first lane past the block barrier waits here, holding the block's OS thread, until
// every block of the grid has arrived. False when the launch has failed meanwhile.
bool wait_for_grid(Block& b, std::string what) {
  Grid& g = b.grid();
  auto& gb = g.barrier;
  Activity& activity = this_thread_activity();
  std::unique_lock lock(gb.mutex);
  uint64_t const generation = gb.generation;
  if (gb.arrived++ == 0) gb.what = std::move(what);
  if (gb.arrived + gb.finished == g.blocks) {
    if (gb.finished > 0) {
      report_returned(g);
      return false;
    }
    gb.arrived = 0;
    ++gb.generation;
    gb.released.notify_all();
    return true;
  }
  while (gb.generation == generation) {
    if (g.failed) return false;
    gb.released.wait_for(lock, std::chrono::milliseconds(10));
    // Waiting is progress to the watchdog: the block is where a GPU's block would be.
    activity.passes.store(activity.passes.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
  }
  return true;
}

} // namespace

void block_finished(Grid& g, Dim3 block) {
  auto& gb = g.barrier;
  std::lock_guard lock(gb.mutex);
  if (gb.finished++ == 0) gb.first_returned = block_text(block);
  if (gb.arrived > 0 && gb.arrived + gb.finished == g.blocks) report_returned(g);
}

bool grid_resident() { return this_lane("grid_resident").block->grid().resident; }

void grid_barrier(char const* name, ::wavemma::simt::Site site) {
  Lane& l = this_lane(name);
  Block& b = *l.block;
  if (!b.grid().resident) {
    b.fail(Status::kLaunchFailure,
           fmt::format("{}: lane {} reached {}: the grid's blocks wait for one another there, which needs every "
                       "block resident at once (a cooperative launch)",
                       b.where(l.wave), l.lane, op_text(Wait{OpKind::kBarrier, 0, 0, name, site})));
    b.suspend(l); // the scheduler unwinds the lane
    return;
  }
  barrier(name, site);
  if (b.grid_barriers == l.grid_barriers++) { // the block's first lane past the block barrier
    ++b.grid_barriers;
    if (!wait_for_grid(b, op_text(l.wait))) {
      b.fail(Status::kLaunchFailure, ""); // the grid's error stands; this block stops
      b.suspend(l);
    }
  }
}

void outside_kernel(char const* what) {
  throw std::logic_error(fmt::format("{} used outside a kernel (no lane runs on this thread)", what));
}

} // namespace wavemma::simt::detail
