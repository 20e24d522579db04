// NumPy .npy files (format 1.0-3.0, little-endian, C order) for `ptorw run --input` and
// `--output-dir`. Element types map one to one onto pl dtypes: <f2 FP16, <f4 FP32, |i1 INT8,
// <i2 INT16, <i4 INT32, <i8 INT64 (also INDEX), |u1 UINT8, |b1 BOOL. NumPy has no bfloat16: a
// BF16 output is written as <f4 (exact), and a BF16 input is refused.
#pragma once
#include <string>

#include "ptorw/interp/run.hpp"

namespace ptorw::cli {

/// Reads `path` into elements of the matching pl dtype. Throws std::runtime_error with the reason.
interp::RunOptions::Tensor read_npy(const std::string& path);

/// Writes one output; poison elements become NaN (floats) or 0 (integers), counted in the result.
/// Throws std::runtime_error when the file cannot be written.
std::size_t write_npy(const std::string& path, const interp::Output& o);

}  // namespace ptorw::cli
