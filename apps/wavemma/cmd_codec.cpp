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

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <memory>

namespace wavemma::cli {
namespace {

struct CodecOptions {
  std::string arch;
  int wave = 0; // 0: the architecture's default
  std::string item;
  std::string file;
};

// An encoding depends on the architecture and nothing in the item names it: --arch is required.
codec::Target resolve(CodecOptions const& o) {
  isa::Arch const& arch = find_arch_or_throw(o.arch);
  return codec::target_of(arch, wave_on(arch, o.wave));
}

// No instruction's text or bytes come near this; a longer line is refused, not buffered.
constexpr size_t kMaxLineBytes = 4096;
// A --file blob: far more than any kernel's matrix code.
constexpr size_t kMaxBlobBytes = size_t{16} << 20;

std::string_view trim(std::string_view s) {
  size_t const b = s.find_first_not_of(" \t\r"), e = s.find_last_not_of(" \t\r");
  return b == std::string_view::npos ? std::string_view() : s.substr(b, e - b + 1);
}

// What of a line of an assembler file is an item: comments (";", "//", a leading "#", a "/* */"
// on the line) are not, and for the assembler neither are directives (".text") and labels
// ("main:"), which llvm-mc takes but which encode nothing. An empty result prints as a blank line.
std::string item_of(std::string line, bool assembler) {
  for (size_t open; (open = line.find("/*")) != std::string::npos;) {
    size_t const close = line.find("*/", open + 2);
    if (close == std::string::npos) break; // unterminated: the item's error says so
    line.replace(open, close + 2 - open, " ");
  }
  std::string_view text = trim(std::string_view(line).substr(0, std::min(line.find(';'), line.find("//"))));
  if (text.starts_with('#')) return {};
  if (!assembler) return std::string(text);
  size_t const end = text.find_first_of(" \t:");
  bool const is_label = end != std::string_view::npos && end > 0 && text[end] == ':' &&
                        std::all_of(text.begin(), text.begin() + static_cast<long>(end), [](char c) {
                          return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$';
                        });
  if (is_label) text = trim(text.substr(end + 1));
  return text.starts_with('.') ? std::string() : std::string(text);
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
  if (bytes->size() != codec::kWordBytes && bytes->size() != codec::kMaxInstructionBytes) {
    line = fmt::format("error: expected the {} bytes of one instruction ({} for a scaled MFMA or WMMA), got {}",
                       codec::kWordBytes, codec::kMaxInstructionBytes, bytes->size());
    return false;
  }
  auto const mi = codec::decode(*bytes, target);
  if (!mi) {
    line = error_line(mi.error());
    return false;
  }
  if (static_cast<size_t>(codec::size_of(*mi)) != bytes->size()) {
    line = fmt::format("error: the {} bytes hold more than one instruction: the first, {}, has {}", bytes->size(),
                       mi->row->mnemonic, codec::size_of(*mi));
    return false;
  }
  line = codec::print(*mi);
  return true;
}

// One positional item, or one item per stdin line (a line that holds none stays blank).
void run_items(CodecOptions const& o, ItemFn fn, std::string_view verb, bool assembler) {
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
    LineReader in{stdin, kMaxLineBytes};
    std::string line;
    bool too_long = false;
    while (in.next(line, too_long)) {
      if (too_long) {
        ++items, ++failed;
        fmt::print("error: the line is longer than {} bytes\n", kMaxLineBytes);
        continue;
      }
      std::string const item = item_of(line, assembler);
      if (item.empty())
        fmt::print("\n");
      else
        one(item);
    }
    if (std::ferror(stdin)) throw UsageError(fmt::format("cannot read standard input: {}", std::strerror(errno)));
  }
  if (failed) throw Failure(fmt::format("{} of {} item{} could not be {}", failed, items, items == 1 ? "" : "s", verb));
}

std::string dword_text(std::span<uint8_t const> b) {
  uint32_t v = 0;
  for (size_t i = 0; i < b.size() && i < 4; ++i) v |= uint32_t{b[i]} << (8 * i);
  return fmt::format("0x{:08x}", v);
}

// A listing of consecutive instructions (8 bytes, 16 for a scaled MFMA or WMMA). Bytes that are not one of
// ours are shown as a `.long` (a `.byte` line for a trailing partial dword), reported on stderr
// with their offset, and decoding resumes 4 bytes later, as llvm-mc does.
void run_file(CodecOptions const& o) {
  codec::Target const target = resolve(o);
  std::string const bytes = read_bounded(o.file, kMaxBlobBytes, "--file");
  std::vector<uint8_t> const blob(bytes.begin(), bytes.end());
  size_t bad = 0;
  size_t off = 0;
  while (off < blob.size()) {
    std::span<uint8_t const> const rest(blob.data() + off, blob.size() - off);
    if (rest.size() < 4) {
      std::string bytes;
      for (size_t i = 0; i < rest.size(); ++i) bytes += fmt::format("{}0x{:02x}", i ? "," : "", rest[i]);
      fmt::print("0x{:04x}: .byte {}\n", off, bytes);
      note(fmt::format("warning: trailing {} byte{} at offset 0x{:x} do not make an instruction\n", rest.size(),
                       rest.size() == 1 ? "" : "s", off));
      ++bad;
      break;
    }
    auto const mi = codec::decode(rest, target);
    if (mi) {
      size_t const size = static_cast<size_t>(codec::size_of(*mi));
      fmt::print("0x{:04x}: {} ; {}\n", off, codec::print(*mi), codec::format_bytes(rest.first(size)));
      off += size;
      continue;
    }
    std::string_view const what = mi.error().kind == codec::ErrorKind::kNotMatrix   ? "not a matrix instruction"
                                  : mi.error().kind == codec::ErrorKind::kTruncated ? "truncated instruction"
                                                                                    : "invalid instruction encoding";
    fmt::print("0x{:04x}: .long {} ; {}\n", off, dword_text(rest), codec::format_bytes(rest.first(4)));
    note(fmt::format("warning: {} at offset 0x{:x}: {}\n", what, off, mi.error().message));
    ++bad;
    off += 4;
  }
  if (bad)
    throw Failure(fmt::format("{}: {} place{} where bytes did not decode (see the warnings)", excerpt(o.file, 200), bad,
                              bad == 1 ? "" : "s"));
}

void add_target_options(CLI::App& cmd, CodecOptions& o) {
  add_arch(cmd, o.arch, "required: an encoding depends on it");
  cmd.get_option("--arch")->required();
  add_wave(cmd, o.wave);
}

} // namespace

void add_codec(CLI::App& app) {
  auto e = std::make_shared<CodecOptions>();
  auto* enc =
      app.add_subcommand("encode", "Assemble matrix instructions to bytes, as llvm-mc -show-encoding prints them");
  add_target_options(*enc, *e);
  add_text(*enc, "asm", e->item,
           "One instruction; without it, one per line from stdin (comments, directives and labels give a "
           "blank line)");
  enc->footer("Examples:\n"
              "  wavemma encode --arch gfx1200 \"v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], "
              "v[8:15]\"\n"
              "    [0x08,0x40,0x40,0xcc,0x00,0x09,0x22,0x1c]\n"
              "  wavemma encode --arch gfx942 \"v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31] "
              "cbsz:1 abid:1 blgp:3\"\n"
              "  wavemma encode --arch gfx1100 --wave 64 < kernel_matrix_ops.s\n"
              "An item that cannot be encoded prints \"error: <kind>: <reason>\" in its place; the "
              "exit status is then 1.\nFrom stdin, a line that holds no instruction (blank, a comment "
              "after ; // or a leading #,\na directive such as .text, a label alone) prints a blank "
              "line, so that output line n answers input line n.");
  enc->callback([e] { run_items(*e, encode_item, "encoded", true); });

  auto d = std::make_shared<CodecOptions>();
  auto* dec = app.add_subcommand("decode", "Disassemble matrix instructions, as llvm-mc -disassemble prints them");
  add_target_options(*dec, *d);
  add_text(*dec, "bytes", d->item,
           "The 8 bytes of one instruction, 16 for a scaled MFMA or WMMA (\"0x08,0x40,...\" or "
           "\"0x08 0x40 ...\"); without it, one per line from stdin (comments give a blank line)");
  add_text(*dec, "--file", d->file,
           "A raw binary of consecutive instructions (at most 16 MiB): print a listing with byte offsets");
  dec->footer("Examples:\n"
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
      run_items(*d, decode_item, "decoded", false);
    }
  });
}

} // namespace wavemma::cli
