#pragma once
// NumPy arrays <-> raw element bits. Each number format has one array type: the NumPy float or
// integer type where NumPy has the format (float16, float32 and xf32's f32 word, float64, int8,
// int32, uint8), unsigned bit patterns of the storage width otherwise (bf16: uint16; the 8-bit
// floats: uint8; 4-bit integers: uint8 holding the pattern 0..15; i4 also as int8 values -8..7).
// Operands are any array_like: an ndarray of the array type in any layout (views, slices, Fortran
// order, either byte order: copied to C order when needed), or nested lists whose numbers are all
// exactly values of the array type. An ndarray of another type, numbers that would round, a wrong
// shape or a bit pattern wider than the format is an exception, never a conversion.

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>
#include <vector>

#include "wavemma/numeric/format.hpp"

namespace wavemma::python {

namespace py = pybind11;

py::dtype dtype_of(numeric::Format);
std::string dtype_text(numeric::Format); // "float16", "uint16 (bf16 bit patterns)"

using Shape = std::vector<py::ssize_t>;
std::string shape_text(Shape const&); // "(16, 32)"

// An operand as a C-contiguous, native NumPy array of the format's array type (the rules above).
// TypeError: not numbers, an ndarray of another type (for 8-bit integers of the other signedness
// the message names neg_lo); ValueError: list numbers that are not exactly of the array type.
py::array operand_array(py::handle array, char const* what, numeric::Format);

// The raw bits of an operand array. `what` names it in messages ("a"); `role` says what the shape
// is ("M x K of v_wmma_..."). Throws as operand_array does, and ValueError for the shape or a bit
// pattern wider than the format.
std::vector<uint64_t> read_bits(py::handle array, char const* what, numeric::Format, Shape const& shape,
                                std::string const& role);
// Any unsigned integer array, or the format's own array type, of any shape and layout, or a list of
// non-negative integers (formats.decode).
std::vector<uint64_t> read_codes(py::handle array, numeric::Format, Shape& shape);

py::array to_array(std::vector<uint64_t> const& bits, numeric::Format, Shape const& shape);
// Unsigned bit patterns of the storage width (formats.encode).
py::array to_codes(std::vector<uint64_t> const& bits, numeric::Format, Shape const& shape);

} // namespace wavemma::python
