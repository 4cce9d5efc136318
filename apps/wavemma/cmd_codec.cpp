// wavemma encode / decode: assembler text <-> bytes, as llvm-mc-22 prints them.
//
//   wavemma encode --arch A [--wave N] ["ASM"]        bytes, as `llvm-mc -show-encoding`
//   wavemma decode --arch A [--wave N] ["0x08,..."]   text, as `llvm-mc -disassemble`
//   wavemma decode --arch A [--wave N] --file F       a listing of a raw blob of instructions
//
// Without a positional item both read one item per line from stdin and print one line per item;
// an item that fails prints "error: <kind>: <reason>" in its place and the exit status is 1.

#include "cli.hpp"
#include "wavemma/codec/codec.hpp"

#include <fmt/format.h>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>

namespace wavemma::cli {
namespace {

struct CodecOptions {
  std::string arch;
  int wave = 0; // 0: the architecture's default
  std::string item;
  std::string file;
};

codec::Target resolve(CodecOptions const& o) {
  if (o.arch.empty())
    throw UsageError(fmt::format("--arch is required (known: {})", isa::known_arch_names()));
  isa::Arch const* arch = isa::find_arch(o.arch);
  if (!arch)
    throw UsageError(
        fmt::format("unknown architecture '{}' (known: {})", o.arch, isa::known_arch_names()));
  if (o.wave && !arch->has_wave(o.wave))
    throw UsageError(fmt::format("{} has no wave{} ({} runs wave64 only)", arch->name, o.wave,
                                 isa::family_name(arch->gen)));
  return codec::target_of(*arch, o.wave);
}

std::string error_line(codec::Error const& e) {
  std::string_view const kind = codec::name(e.kind);
  if (std::string_view(e.message).starts_with(kind)) return fmt::format("error: {}", e.message);
  return fmt::format("error: {}: {}", kind, e.message);
}

// Encodes or decodes one item to its output line; false if the item failed.
using ItemFn = bool (*)(std::string_view item, codec::Target, std::string& line);

bool encode_item(std::string_view text, codec::Target target, std::string& line) {
  auto const bytes = codec::assemble(text, target);
  line = bytes ? codec::format_bytes(*bytes) : error_line(bytes.error());
  return bytes.ok();
}

bool decode_item(std::string_view text, codec::Target target, std::string& line) {
  auto const bytes = codec::parse_bytes(text);
  if (!bytes) {
    line = error_line(bytes.error());
    return false;
  }
  if (bytes->size() != codec::kInstructionBytes) {
    line = fmt::format("error: expected the {} bytes of one instruction, got {}",
                       codec::kInstructionBytes, bytes->size());
    return false;
  }
  auto const text_out = codec::disassemble(*bytes, target);
  line = text_out ? *text_out : error_line(text_out.error());
  return text_out.ok();
}

// One positional item, or one item per stdin line (blank lines stay blank).
void run_items(CodecOptions const& o, ItemFn fn, std::string_view verb) {
  codec::Target const target = resolve(o);
  size_t items = 0, failed = 0;
  auto const one = [&](std::string_view item) {
    std::string line;
    ++items;
    if (!fn(item, target, line)) ++failed;
    fmt::print("{}\n", line);
  };
  if (!o.item.empty()) {
    one(o.item);
  } else {
    std::string line;
    while (std::getline(std::cin, line)) {
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.find_first_not_of(" \t") == std::string::npos) {
        fmt::print("\n");
        continue;
      }
      one(line);
    }
  }
  std::fflush(stdout);
  if (failed)
    throw Failure(
        fmt::format("{} of {} item{} could not be {}", failed, items, items == 1 ? "" : "s", verb));
}

std::string dword_text(std::span<uint8_t const> b) {
  uint32_t v = 0;
  for (size_t i = 0; i < b.size() && i < 4; ++i) v |= uint32_t{b[i]} << (8 * i);
  return fmt::format("0x{:08x}", v);
}

// A listing of consecutive 8-byte instructions. Bytes that are not one of ours are shown as a
// `.long` (a `.byte` line for a trailing partial dword), reported on stderr with their offset, and
// decoding resumes 4 bytes later, as llvm-mc does.
void run_file(CodecOptions const& o) {
  codec::Target const target = resolve(o);
  std::ifstream in(o.file, std::ios::binary);
  if (!in) throw UsageError(fmt::format("cannot read '{}'", o.file));
  std::vector<uint8_t> const blob{std::istreambuf_iterator<char>(in),
                                  std::istreambuf_iterator<char>()};
  size_t bad = 0;
  size_t off = 0;
  while (off < blob.size()) {
    std::span<uint8_t const> const rest(blob.data() + off, blob.size() - off);
    if (rest.size() < 4) {
      std::string bytes;
      for (size_t i = 0; i < rest.size(); ++i)
        bytes += fmt::format("{}0x{:02x}", i ? "," : "", rest[i]);
      fmt::print("0x{:04x}: .byte {}\n", off, bytes);
      fmt::print(stderr,
                 "warning: trailing {} byte{} at offset 0x{:x} do not make an instruction\n",
                 rest.size(), rest.size() == 1 ? "" : "s", off);
      ++bad;
      break;
    }
    auto const mi = codec::decode(rest, target);
    if (mi) {
      fmt::print("0x{:04x}: {} ; {}\n", off, codec::print(*mi),
                 codec::format_bytes(rest.first(codec::kInstructionBytes)));
      off += codec::kInstructionBytes;
      continue;
    }
    std::string_view const what =
        mi.error().kind == codec::ErrorKind::kNotMatrix   ? "not a matrix instruction"
        : mi.error().kind == codec::ErrorKind::kTruncated ? "truncated instruction"
                                                          : "invalid instruction encoding";
    fmt::print("0x{:04x}: .long {} ; {}\n", off, dword_text(rest),
               codec::format_bytes(rest.first(4)));
    fmt::print(stderr, "warning: {} at offset 0x{:x}: {}\n", what, off, mi.error().message);
    ++bad;
    off += 4;
  }
  std::fflush(stdout);
  if (bad)
    throw Failure(fmt::format("{}: {} place{} where bytes did not decode (see the warnings)",
                              o.file, bad, bad == 1 ? "" : "s"));
}

void add_target_options(CLI::App& cmd, CodecOptions& o) {
  cmd.add_option("--arch", o.arch, arch_help())->required();
  cmd.add_option("--wave", o.wave,
                 "Wave size where the architecture has both (default 32 on RDNA, 64 on CDNA)")
      ->check(CLI::IsMember({32, 64}));
}

} // namespace

void add_codec(CLI::App& app) {
  auto e = std::make_shared<CodecOptions>();
  auto* enc = app.add_subcommand(
      "encode", "Assemble matrix instructions to bytes, as llvm-mc -show-encoding prints them");
  add_target_options(*enc, *e);
  enc->add_option("asm", e->item, "One instruction; without it, one per line from stdin");
  enc->footer("Examples:\n"
              "  wavemma encode --arch gfx1200 \"v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], "
              "v[8:15]\"\n"
              "    [0x08,0x40,0x40,0xcc,0x00,0x09,0x22,0x1c]\n"
              "  wavemma encode --arch gfx942 \"v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31] "
              "cbsz:1 abid:1 blgp:3\"\n"
              "  wavemma encode --arch gfx1100 --wave 64 < kernel_matrix_ops.s\n"
              "An item that cannot be encoded prints \"error: <kind>: <reason>\" in its place; the "
              "exit status is then 1.");
  enc->callback([e] { run_items(*e, encode_item, "encoded"); });

  auto d = std::make_shared<CodecOptions>();
  auto* dec = app.add_subcommand(
      "decode", "Disassemble matrix instructions, as llvm-mc -disassemble prints them");
  add_target_options(*dec, *d);
  dec->add_option("bytes", d->item,
                  "The 8 bytes of one instruction (\"0x08,0x40,...\" or \"0x08 0x40 ...\"); "
                  "without it, one per line from stdin");
  dec->add_option("--file", d->file,
                  "A raw binary of consecutive instructions: print a listing with byte offsets")
      ->check(CLI::ExistingFile);
  dec->footer(
      "Examples:\n"
      "  wavemma decode --arch gfx1200 \"0x08,0x40,0x40,0xcc,0x00,0x09,0x22,0x1c\"\n"
      "    v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15]\n"
      "  wavemma decode --arch gfx1200 --wave 64 \"0x08 0x40 0x40 0xcc 0x00 0x09 0x22 0x1c\"\n"
      "  wavemma decode --arch gfx942 --file kernel.bin\n"
      "    0x0000: v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], v[0:3] ; "
      "[0x00,0x00,0xcd,0xd3,0x04,0x0d,0x02,0x04]\n"
      "With --file, bytes that are not a matrix instruction are listed as .long (.byte for a "
      "trailing\n"
      "partial dword) and reported on stderr with their offset; decoding resumes 4 bytes later, "
      "as\n"
      "llvm-mc does. The exit status is 1 if anything did not decode.");
  dec->callback([d] {
    if (!d->file.empty()) {
      if (!d->item.empty()) throw UsageError("give either bytes or --file, not both");
      run_file(*d);
    } else {
      run_items(*d, decode_item, "decoded");
    }
  });
}

} // namespace wavemma::cli
