// ComputeRowMajorStrides (spec "Key Components"): the packed row-major strides of a static shape,
// in elements. Checked int64 arithmetic: an overflowing or symbolic shape has no strides.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "ptorw/ir/builder.hpp"

namespace ptorw::patterns {

inline std::optional<std::vector<std::int64_t>> row_major_strides(const std::vector<ir::Expr>& shape) {
  std::vector<std::int64_t> strides(shape.size(), 1);
  std::int64_t running = 1;
  for (std::size_t i = shape.size(); i-- > 0;) {
    strides[i] = running;
    auto d = ir::const_int(shape[i]);
    if (!d || *d < 0) return std::nullopt;
    if (__builtin_mul_overflow(running, *d, &running)) return std::nullopt;
  }
  return strides;
}

/// The same with the leading dim free: it never enters a row-major stride, so a `pl.dynamic`
/// leading dim ([M, 64] -> [64, 1]) still has static strides (Pattern 5's windows, issue 4).
inline std::optional<std::vector<std::int64_t>> row_major_strides_any_leading(const std::vector<ir::Expr>& shape) {
  if (shape.empty()) return std::vector<std::int64_t>{};
  std::vector<ir::Expr> rest(shape.begin() + 1, shape.end());
  auto tail = row_major_strides(rest);
  if (!tail) return std::nullopt;
  std::int64_t lead = 1;
  if (!tail->empty()) {
    auto d = ir::const_int(rest[0]);
    if (__builtin_mul_overflow((*tail)[0], *d, &lead)) return std::nullopt;
  }
  tail->insert(tail->begin(), lead);
  return tail;
}

/// The strides as index constants, ready for a TensorView.
inline std::vector<ir::Expr> stride_exprs(const std::vector<std::int64_t>& strides) {
  std::vector<ir::Expr> out;
  out.reserve(strides.size());
  for (auto s : strides) out.push_back(ir::make_int(s));
  return out;
}

}  // namespace ptorw::patterns
