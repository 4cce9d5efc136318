#pragma once
// Plain aligned text tables and Markdown tables for command output.

#include <algorithm>
#include <string>
#include <vector>

namespace wavemma::cli {

class Table {
public:
  explicit Table(std::vector<std::string> header) : header_(std::move(header)) {}
  void add(std::vector<std::string> row) { rows_.push_back(std::move(row)); }
  size_t size() const { return rows_.size(); }

  std::string text() const {
    auto const w = widths();
    std::string out = line(header_, w);
    std::string rule;
    for (size_t c = 0; c < w.size(); ++c) rule += std::string(w[c], '-') + (c + 1 < w.size() ? "  " : "");
    out += rule + "\n";
    for (auto const& r : rows_) out += line(r, w);
    return out;
  }

  std::string markdown() const {
    std::string out = "|";
    for (auto const& h : header_) out += " " + h + " |";
    out += "\n|";
    for (size_t c = 0; c < header_.size(); ++c) out += " --- |";
    out += "\n";
    for (auto const& r : rows_) {
      out += "|";
      for (auto const& cell : r) out += " " + cell + " |";
      out += "\n";
    }
    return out;
  }

private:
  std::vector<size_t> widths() const {
    std::vector<size_t> w(header_.size());
    for (size_t c = 0; c < w.size(); ++c) w[c] = header_[c].size();
    for (auto const& r : rows_)
      for (size_t c = 0; c < r.size() && c < w.size(); ++c) w[c] = std::max(w[c], r[c].size());
    return w;
  }
  static std::string line(std::vector<std::string> const& r, std::vector<size_t> const& w) {
    std::string out;
    for (size_t c = 0; c < w.size(); ++c) {
      std::string const cell = c < r.size() ? r[c] : "";
      out += cell;
      if (c + 1 < w.size()) out += std::string(w[c] - cell.size() + 2, ' ');
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out + "\n";
  }

  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

// CSV field quoting (RFC 4180) where needed.
inline std::string csv_field(std::string const& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

} // namespace wavemma::cli
