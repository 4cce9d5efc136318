#pragma once
// The records of a testdata/hw file, and the check that none went missing: how many a file must
// hold is counted apart from the reader, from the file's newline bytes and from the count that
// testdata/hw/README.md's table gives for it. A truncated file, a line the reader drops or merges,
// or a file the README does not list fails the test that reads it.

#include <algorithm>
#include <fstream>
#include <gtest/gtest.h>
#include <iterator>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace wavemma::test {

// The "Records" column of the README's row for `file` (| `file` | ... | N |), or -1.
inline long readme_record_count(std::string const& dir, std::string const& file) {
  std::ifstream in(dir + "/README.md");
  std::string const row = "| `" + file + "` |";
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(row, 0) != 0) continue;
    auto const end = line.find_last_not_of(" |");
    auto const start = line.find_last_of('|', end) + 1;
    return std::stol(line.substr(start, end - start + 1));
  }
  return -1;
}

// Lines of a file from its bytes: the newlines, and one more if the last line has none.
inline long line_count(std::string const& path) {
  std::ifstream in(path, std::ios::binary);
  std::string const bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return static_cast<long>(std::count(bytes.begin(), bytes.end(), '\n')) + (!bytes.empty() && bytes.back() != '\n');
}

// One JSON object per line (testdata/hw/README.md), every line one record.
inline std::vector<nlohmann::json> hw_records(std::string const& file) {
  std::string const dir = WAVEMMA_TESTDATA_DIR, path = dir + "/" + file;
  std::ifstream in(path);
  EXPECT_TRUE(in.good()) << "cannot open " << path;
  std::vector<nlohmann::json> records;
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) records.push_back(nlohmann::json::parse(line));
  long const lines = line_count(path), listed = readme_record_count(dir, file);
  EXPECT_EQ(static_cast<long>(records.size()), lines) << file << ": records read vs lines in the file";
  EXPECT_EQ(static_cast<long>(records.size()), listed)
      << file << ": records read vs the count in testdata/hw/README.md";
  return records;
}

} // namespace wavemma::test
