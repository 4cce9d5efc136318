#include "diagnostics.hpp"

#include <algorithm>
#include <cctype>
#include <fmt/format.h>
#include <fstream>
#include <optional>

namespace wavemma::hipcc {
namespace {

// A token of one line: enough of C++'s lexing to align a preprocessed line with the line it came
// from (identifiers and numbers, literals, punctuation one character at a time; comments skipped).
struct Token {
  std::string_view text;
  unsigned column; // 0-based
};

std::vector<Token> tokens_of(std::string_view line) {
  std::vector<Token> out;
  auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$'; };
  for (size_t i = 0; i < line.size();) {
    char const c = line[i];
    size_t end = i + 1;
    if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
      continue;
    }
    if (line.substr(i, 2) == "//") break;
    if (line.substr(i, 2) == "/*") {
      size_t const close = line.find("*/", i + 2);
      if (close == std::string_view::npos) break;
      i = close + 2;
      continue;
    }
    if (word(c) || (c == '.' && i + 1 < line.size() && std::isdigit(static_cast<unsigned char>(line[i + 1])))) {
      bool const number = std::isdigit(static_cast<unsigned char>(c)) || c == '.';
      while (
          end < line.size() &&
          (word(line[end]) || (number && (line[end] == '.' || line[end] == '\'' ||
                                          ((line[end] == '+' || line[end] == '-') &&
                                           std::string_view("eEpP").find(line[end - 1]) != std::string_view::npos)))))
        ++end;
    } else if (c == '"' || c == '\'') {
      while (end < line.size() && line[end] != c) end += line[end] == '\\' ? 2 : 1;
      end = std::min(end + 1, line.size());
    }
    out.push_back({line.substr(i, end - i), static_cast<unsigned>(i)});
    i = end;
  }
  return out;
}

// The user's files, read once each.
std::optional<std::string_view> user_line(std::string const& file, unsigned line) {
  static std::map<std::string, std::optional<std::vector<std::string>>> files;
  auto [at, inserted] = files.try_emplace(file);
  if (inserted) {
    std::ifstream in(file, std::ios::binary);
    if (in) {
      std::vector<std::string> lines;
      for (std::string l; std::getline(in, l);) {
        if (!l.empty() && l.back() == '\r') l.pop_back();
        lines.push_back(std::move(l));
      }
      at->second = std::move(lines);
    }
  }
  if (!at->second || line == 0 || line > at->second->size()) return std::nullopt;
  return std::string_view((*at->second)[line - 1]);
}

// The user's column (1-based) of a preprocessed line's column: the tokens of the two lines aligned
// by their longest common subsequence; a token only the preprocessed line has (a macro's
// expansion) maps to the first token only the user's line has there (the macro's name).
unsigned user_column(std::string_view preprocessed, unsigned column, std::string_view user) {
  std::vector<Token> const a = tokens_of(preprocessed), b = tokens_of(user);
  unsigned const at = column == 0 ? 0 : column - 1;
  size_t k = 0;
  while (k < a.size() && a[k].column + a[k].text.size() <= at) ++k;
  if (k == a.size() || a.size() * b.size() > 4'000'000) return std::min<unsigned>(column, user.size() + 1);
  std::vector<unsigned> lcs((a.size() + 1) * (b.size() + 1), 0);
  auto cell = [&](size_t i, size_t j) -> unsigned& { return lcs[i * (b.size() + 1) + j]; };
  for (size_t i = a.size(); i-- > 0;)
    for (size_t j = b.size(); j-- > 0;)
      cell(i, j) = a[i].text == b[j].text ? cell(i + 1, j + 1) + 1 : std::max(cell(i + 1, j), cell(i, j + 1));
  std::vector<long> match(a.size(), -1);
  for (size_t i = 0, j = 0; i < a.size() && j < b.size();) {
    if (a[i].text == b[j].text) {
      match[i++] = static_cast<long>(j++);
    } else if (cell(i + 1, j) >= cell(i, j + 1)) {
      ++i;
    } else {
      ++j;
    }
  }
  if (match[k] >= 0) {
    Token const& u = b[match[k]];
    unsigned const offset = at > a[k].column ? at - a[k].column : 0;
    return u.column + std::min<unsigned>(offset, u.text.size() - 1) + 1;
  }
  long before = -1, after = static_cast<long>(b.size());
  for (size_t i = k; i-- > 0;)
    if (match[i] >= 0) {
      before = match[i];
      break;
    }
  for (size_t i = k + 1; i < a.size(); ++i)
    if (match[i] >= 0) {
      after = match[i];
      break;
    }
  if (before + 1 < after) return b[before + 1].column + 1;
  if (after < static_cast<long>(b.size())) return b[after].column + 1;
  return static_cast<unsigned>(user.size()) + 1;
}

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> lines;
  for (size_t start = 0; start <= text.size();) {
    size_t const end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// A line marker's file name, unescaped: `# 12 "dir/a b.hip" 2`.
struct Marker {
  unsigned next_line; // the physical line (1-based) the marker's line number is for
  unsigned presumed;
  std::string file;
};

std::optional<Marker> marker(std::string_view line, unsigned physical) {
  size_t i = 0;
  if (line.empty() || line[0] != '#') return std::nullopt;
  ++i;
  while (i < line.size() && line[i] == ' ') ++i;
  if (line.substr(i, 4) == "line") i += 4;
  while (i < line.size() && line[i] == ' ') ++i;
  unsigned number = 0;
  size_t const digits = i;
  while (i < line.size() && std::isdigit(static_cast<unsigned char>(line[i]))) number = number * 10 + (line[i++] - '0');
  if (i == digits) return std::nullopt;
  while (i < line.size() && line[i] == ' ') ++i;
  if (i >= line.size() || line[i] != '"') return std::nullopt;
  std::string file;
  for (++i; i < line.size() && line[i] != '"'; ++i)
    file += line[i] == '\\' && i + 1 < line.size() ? line[++i] : line[i];
  return Marker{physical + 1, number, file};
}

} // namespace

UserPlace user_place(PreprocessedPlace const& place) {
  if (auto const user = user_line(place.file, place.line)) return {*user, user_column(place.text, place.column, *user)};
  return {place.text, place.column};
}

std::vector<std::string_view> token_spellings(std::string_view line) {
  std::vector<std::string_view> out;
  for (auto const& t : tokens_of(line)) out.push_back(t.text);
  return out;
}

std::string render_diagnostic(PreprocessedPlace const& place, std::string_view severity, std::string_view message,
                              bool caret) {
  auto const [text, column] = user_place(place);
  std::string out = fmt::format("{}:{}:{}: {}: {}\n", place.file, place.line, column, severity, message);
  if (!caret) return out;
  std::string shown, pad; // tabs expanded to 8 columns, as clang shows them
  for (size_t i = 0; i <= text.size(); ++i) {
    if (i + 1 == column) pad.assign(shown.size(), ' ');
    if (i == text.size()) break;
    if (text[i] == '\t')
      shown.append(8 - shown.size() % 8, ' ');
    else
      shown += text[i];
  }
  std::string const number = std::to_string(place.line);
  size_t const width = std::max<size_t>(5, number.size() + 1);
  return out + fmt::format("{:>{}} | {}\n{:>{}} | {}^\n", number, width, shown, "", width, pad);
}

std::string map_compiler_diagnostics(std::string_view output, std::string_view rewritten, std::string_view preprocessed,
                                     ColumnMaps const& columns, bool caret) {
  std::vector<std::string_view> const out_lines = lines_of(output);
  std::vector<std::string_view> rewritten_lines, preprocessed_lines;
  std::vector<Marker> markers;
  std::string mapped;
  for (size_t n = 0; n < out_lines.size(); ++n) {
    std::string_view const line = out_lines[n];
    if (n + 1 == out_lines.size() && line.empty()) break;
    // "file:line:col: severity: message"
    size_t split = std::string_view::npos;
    std::string_view severity;
    for (std::string_view s : {"fatal error", "error", "warning", "note", "remark"}) {
      size_t const at = line.find(fmt::format(": {}: ", s));
      if (at != std::string_view::npos && at < split) {
        split = at;
        severity = s;
      }
    }
    unsigned numbers[2] = {0, 0};
    size_t file_end = split;
    bool located = split != std::string_view::npos;
    for (int i = 1; located && i >= 0; --i) {
      size_t const colon = line.rfind(':', file_end - 1);
      std::string_view const digits =
          colon == std::string_view::npos ? "" : line.substr(colon + 1, file_end - colon - 1);
      located =
          !digits.empty() && std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; });
      if (located) numbers[i] = static_cast<unsigned>(std::stoul(std::string(digits)));
      file_end = colon;
    }
    if (!located) {
      mapped += fmt::format("{}\n", line);
      continue;
    }
    if (rewritten_lines.empty()) {
      rewritten_lines = lines_of(rewritten);
      preprocessed_lines = lines_of(preprocessed);
      for (unsigned i = 0; i < rewritten_lines.size(); ++i)
        if (auto m = marker(rewritten_lines[i], i + 1)) markers.push_back(std::move(*m));
    }
    std::string const file(line.substr(0, file_end));
    unsigned const presumed = numbers[0], column = numbers[1];
    // The physical line: the first marker section of that file that holds the line.
    unsigned physical = 0;
    for (size_t i = 0; i < markers.size() && physical == 0; ++i) {
      unsigned const end = i + 1 < markers.size() ? markers[i + 1].next_line - 1 : rewritten_lines.size() + 1;
      if (markers[i].file == file && presumed >= markers[i].presumed &&
          markers[i].next_line + (presumed - markers[i].presumed) < end)
        physical = markers[i].next_line + (presumed - markers[i].presumed);
    }
    if (physical == 0 || physical > preprocessed_lines.size()) {
      mapped += fmt::format("{}\n", line);
      continue;
    }
    unsigned pp_column = column;
    if (auto const edited = columns.find(physical); edited != columns.end() && column > 0) {
      auto const& to_rewritten = edited->second;
      auto const first = std::lower_bound(to_rewritten.begin(), to_rewritten.end(), column - 1);
      pp_column = static_cast<unsigned>(std::min<size_t>(first - to_rewritten.begin(), to_rewritten.size() - 1)) + 1;
    }
    mapped += render_diagnostic({file, presumed, preprocessed_lines[physical - 1], pp_column}, severity,
                                line.substr(split + severity.size() + 4), caret);
  }
  return mapped;
}

} // namespace wavemma::hipcc
