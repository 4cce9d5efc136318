#pragma once
// Reads the tables of the project's reference documents (docs/reference/*.md) so that tests can
// compare the catalog with them cell by cell: the documents are the independent source.

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace wavemma::test {

inline std::string reference_path(std::string const& file) {
  return std::string(WAVEMMA_SOURCE_DIR) + "/docs/reference/" + file;
}

inline std::string trim(std::string s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? std::string{} : s.substr(b, e - b + 1);
}

// Rows (without the header and separator) of the first table after the first line that starts
// with `heading`. Cells are trimmed; backquotes are removed.
inline std::vector<std::vector<std::string>> markdown_table(std::string const& file, std::string const& heading) {
  std::ifstream in(reference_path(file));
  if (!in) throw std::runtime_error("cannot open " + reference_path(file));
  std::string line;
  while (std::getline(in, line) && line.rfind(heading, 0) != 0) {
  }
  if (!in) throw std::runtime_error("heading not found: " + heading);
  std::vector<std::vector<std::string>> rows;
  bool in_table = false;
  int seen = 0;
  while (std::getline(in, line)) {
    if (line.rfind("|", 0) != 0) {
      if (in_table) break;
      continue;
    }
    in_table = true;
    if (++seen <= 2) continue; // header and separator
    std::vector<std::string> cells;
    std::string cell;
    std::stringstream ss(line.substr(1));
    while (std::getline(ss, cell, '|')) {
      std::string c;
      for (char ch : cell)
        if (ch != '`') c += ch;
      cells.push_back(trim(c));
    }
    if (!cells.empty() && cells.back().empty()) cells.pop_back();
    rows.push_back(cells);
  }
  return rows;
}

} // namespace wavemma::test
