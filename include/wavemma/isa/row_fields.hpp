#pragma once
// The fields of a catalog row at an architecture and wave size (a Target), defined once: `wavemma
// list` renders them as a table, CSV and JSON, and the Python module as the attributes of
// wavemma.Instruction. Each rendering picks fields by name; the CSV and JSON columns are the
// fields marked `listed`, in the order of row_fields() (design.md's CSV header is its prefix).

#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "wavemma/isa/resolve.hpp"

namespace wavemma::isa {

// A field's value: none (Python's None, an empty CSV cell), a flag, an integer, text or a list.
using FieldValue = std::variant<std::monostate, bool, long, std::string, std::vector<std::string>>;

struct RowField {
  std::string_view name; // the CSV column, JSON key and Python attribute
  bool listed;           // a column of `wavemma list --format csv|json`
  FieldValue (*value)(Target const&);
  std::string_view doc; // for people (Python's docstring); may be empty
};

std::span<RowField const> row_fields();
RowField const& row_field(std::string_view name); // std::out_of_range for an unknown name

// A value as one CSV cell or table cell: none empty, flags true/false, lists space-separated.
std::string field_text(FieldValue const&);

} // namespace wavemma::isa
