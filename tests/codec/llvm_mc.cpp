#include "llvm_mc.hpp"

#include "wavemma/isa/arch.hpp"

#include <cstdlib>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

namespace wavemma::test::llvm_mc {
namespace {

constexpr char const* kTool = "llvm-mc-22";
constexpr int kMarkers = 5;               // enough for anything llvm-mc may read on from byte 4
constexpr uint8_t kNop[2] = {0x80, 0xbf}; // s_nop: SOPP opcode bytes

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "wavemma-llvm-mc-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
    path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
};

std::string slurp(std::filesystem::path const& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Run {
  int status;
  std::string out, err;
};

Run run(std::string const& args, std::string const& input) {
  TempDir dir;
  auto const in = dir.path / "in.txt", out = dir.path / "out.txt", err = dir.path / "err.txt";
  std::ofstream(in) << input;
  std::string const cmd =
      fmt::format("{} {} < '{}' > '{}' 2> '{}'", kTool, args, in.string(), out.string(), err.string());
  int const st = std::system(cmd.c_str());
  return {st, slurp(out), slurp(err)};
}

std::vector<std::string> lines_of(std::string const& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string line;
  while (std::getline(ss, line)) out.push_back(line);
  return out;
}

std::string trim(std::string s) {
  size_t const b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? std::string{} : s.substr(b, e - b + 1);
}

// "\tTEXT<spaces>; encoding: [0x..,...]" -> (TEXT, bytes)
bool split_encoding_line(std::string const& line, std::string& text, std::vector<uint8_t>& bytes) {
  size_t const at = line.find("; encoding: [");
  if (at == std::string::npos) return false;
  text = trim(line.substr(0, at));
  auto parsed = codec::parse_bytes(line.substr(at + std::string("; encoding: ").size()));
  bytes = parsed ? parsed.value() : std::vector<uint8_t>{};
  return true;
}

std::vector<Disassembled> disassemble_batch(McTarget const& t, std::vector<codec::Bytes> const& words, size_t base,
                                            bool& crashed) {
  std::string input;
  for (size_t i = 0; i < words.size(); ++i) {
    std::vector<uint8_t> line(words[i].begin(), words[i].end());
    uint16_t const index = static_cast<uint16_t>(base + i);
    for (int m = 0; m < kMarkers; ++m)
      line.insert(line.end(), {static_cast<uint8_t>(index), static_cast<uint8_t>(index >> 8), kNop[0], kNop[1]});
    for (size_t b = 0; b < line.size(); ++b) input += fmt::format("{}0x{:02x}", b ? "," : "", line[b]);
    input += '\n';
  }
  Run const r = run("-disassemble -show-encoding " + t.args(), input);
  crashed = r.status != 0 || r.err.find("Stack dump") != std::string::npos ||
            r.err.find("PLEASE submit") != std::string::npos;
  std::vector<Disassembled> out(words.size());
  if (crashed) return out;

  std::vector<bool> invalid(words.size());
  static std::regex const warning(R"(^<stdin>:(\d+):(\d+): warning: invalid instruction encoding)");
  for (auto const& line : lines_of(r.err)) {
    std::smatch m;
    if (std::regex_search(line, m, warning) && m[2] == "1") {
      size_t const l = std::stoul(m[1]) - 1;
      if (l < invalid.size()) invalid[l] = true;
    }
  }
  // Walk the output: the first marker of item i closes it (what came before is its output); the
  // other markers of i are skipped; any other line, s_nop or not, is output of the current item.
  // When the markers of item i never show up (all read by a long instruction), the next item's
  // markers show that, and both items are left unmapped.
  static std::regex const nop(R"(^s_nop (0x[0-9a-f]+|\d+)$)");
  constexpr size_t kLookAhead = 3;
  size_t item = 0;
  std::vector<std::pair<std::string, std::vector<uint8_t>>> pending;
  for (auto const& line : lines_of(r.out)) {
    if (item >= words.size()) break;
    std::string text;
    std::vector<uint8_t> bytes;
    if (!split_encoding_line(line, text, bytes)) continue;
    std::smatch m;
    if (std::regex_match(text, m, nop)) {
      uint16_t const v = static_cast<uint16_t>(std::stoul(m[1], nullptr, 0));
      uint16_t const want = static_cast<uint16_t>(base + item);
      if (item > 0 && v == static_cast<uint16_t>(want - 1) && pending.empty())
        continue; // another marker of the previous item
      size_t const ahead = static_cast<uint16_t>(v - want);
      if (ahead == 0) {
        if (invalid[item])
          out[item].status = Disassembled::Status::kInvalid;
        else if (!pending.empty()) {
          out[item].status = Disassembled::Status::kDecoded;
          out[item].text = pending.front().first;
          out[item].bytes = pending.front().second;
        }
        pending.clear();
        ++item;
        continue;
      }
      if (ahead <= kLookAhead && item + ahead < words.size()) { // items item..item+ahead-1 lost their markers
        item += ahead + 1; // this marker closes item+ahead, which stays unmapped too
        pending.clear();
        continue;
      }
    }
    pending.emplace_back(text, bytes);
  }
  return out;
}

void disassemble_into(McTarget const& t, std::vector<codec::Bytes> const& words, size_t base,
                      std::vector<Disassembled>& out) {
  bool crashed = false;
  auto const part = disassemble_batch(t, words, base, crashed);
  if (!crashed) {
    std::copy(part.begin(), part.end(), out.begin() + static_cast<long>(base));
    return;
  }
  if (words.size() == 1) {
    out[base].status = Disassembled::Status::kCrashed;
    return;
  }
  auto const mid = words.begin() + static_cast<long>(words.size() / 2);
  disassemble_into(t, {words.begin(), mid}, base, out);
  disassemble_into(t, {mid, words.end()}, base + words.size() / 2, out);
}

} // namespace

codec::Target McTarget::target() const { return {isa::find_arch(cpu)->gen, wave}; }

std::string McTarget::label() const { return fmt::format("{} wave{}", cpu, wave); }

std::string McTarget::args() const {
  std::string a = "-triple=amdgcn -mcpu=" + cpu;
  if (wave == 64 && isa::is_rdna(isa::find_arch(cpu)->gen)) a += " -mattr=+wavefrontsize64";
  return a;
}

std::vector<McTarget> const& targets() {
  static std::vector<McTarget> const all = {{"gfx1100", 32}, {"gfx1100", 64}, {"gfx1200", 32},
                                            {"gfx1200", 64}, {"gfx908", 64},  {"gfx90a", 64},
                                            {"gfx942", 64},  {"gfx950", 64},  {"gfx1250", 32}};
  return all;
}

bool available() { return std::system(fmt::format("{} --version > /dev/null 2>&1", kTool).c_str()) == 0; }

std::vector<Assembled> assemble(McTarget const& t, std::vector<std::string> const& lines) {
  if (lines.empty()) return {};
  std::string input;
  for (auto const& l : lines) {
    if (trim(l).empty() || l.find('\n') != std::string::npos)
      throw std::invalid_argument("assemble: empty or multi-line input");
    input += l + '\n';
  }
  Run const r = run("-show-encoding " + t.args(), input);
  std::vector<Assembled> out(lines.size());
  std::vector<bool> failed(lines.size());
  static std::regex const error(R"(^<stdin>:(\d+):(\d+): error: (.*)$)");
  for (auto const& line : lines_of(r.err)) {
    std::smatch m;
    if (!std::regex_search(line, m, error)) continue;
    size_t const l = std::stoul(m[1]) - 1;
    if (l < out.size() && !failed[l]) {
      failed[l] = true;
      out[l].error = m[3];
    }
  }
  size_t next = 0;
  for (auto const& line : lines_of(r.out)) {
    std::string text;
    std::vector<uint8_t> bytes;
    if (!split_encoding_line(line, text, bytes)) continue;
    while (next < lines.size() && failed[next]) ++next;
    if (next == lines.size()) throw std::runtime_error("llvm-mc printed more instructions than it was given");
    out[next].ok = true;
    out[next].text = text;
    out[next].bytes = bytes;
    ++next;
  }
  return out;
}

std::vector<Disassembled> disassemble(McTarget const& t, std::vector<codec::Bytes> const& words) {
  std::vector<Disassembled> out(words.size());
  if (words.empty()) return out;
  constexpr size_t kChunk = 60000; // marker indices are 16 bits
  for (size_t b = 0; b < words.size(); b += kChunk) {
    std::vector<codec::Bytes> part(words.begin() + static_cast<long>(b),
                                   words.begin() + static_cast<long>(std::min(words.size(), b + kChunk)));
    std::vector<Disassembled> res(part.size());
    disassemble_into(t, part, 0, res);
    std::copy(res.begin(), res.end(), out.begin() + static_cast<long>(b));
  }
  return out;
}

} // namespace wavemma::test::llvm_mc
