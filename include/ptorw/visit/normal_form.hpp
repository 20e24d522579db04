// Normal forms shared by structural equality and hashing, so that the two cannot disagree: views,
// pads and kwarg maps. ../shared/dsl.md "Types": "A view equal to the default (packed strides, ND, full
// valid shape, no pad) is the same type as no view." Each field is normalized on its own, so an
// explicit packed stride also equals an empty one inside a view that differs elsewhere.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "ptorw/ir/expr.hpp"

namespace ptorw::visit {

/// Two dims are the same when they are one node or the same integer constant. Symbolic dims are
/// compared by identity: inside one program, `M` is one Var node everywhere it appears.
inline bool same_dim(const ir::Expr& a, const ir::Expr& b) {
  if (a == b) return true;
  auto x = ir::const_int(a);
  auto y = ir::const_int(b);
  return x && y && *x == *y;
}

namespace detail {
/// A product `c * s1 * s2 * ...` of a constant and symbolic factors (compared by node identity).
struct Factors {
  std::int64_t coeff = 1;
  std::vector<const ir::ExprNode*> syms;
  bool ok = true;  // false when a constant product overflows

  void add(const ir::Expr& e, int depth = 0) {
    if (!e || depth > 64) {
      ok = false;
      return;
    }
    if (auto c = ir::const_int(e)) {
      if (__builtin_mul_overflow(coeff, *c, &coeff)) ok = false;
      return;
    }
    if (auto* b = ir::expr_as<ir::Binary>(e); b && b->op == ir::BinOp::Mul) {
      add(b->lhs, depth + 1);
      add(b->rhs, depth + 1);
      return;
    }
    syms.push_back(e.get());
  }
  bool same_as(Factors other) const {
    Factors self = *this;
    std::sort(self.syms.begin(), self.syms.end(), std::less<>{});
    std::sort(other.syms.begin(), other.syms.end(), std::less<>{});
    return self.ok && other.ok && self.coeff == other.coeff && self.syms == other.syms;
  }
};
}  // namespace detail

/// True when `stride` is empty (type.hpp: "empty = packed row-major") or equals the packed row-major
/// strides of `shape`: stride[i] = shape[i+1] * ... * shape[rank-1], compared as products so that
/// `[N * K, K, 1]` is recognised for symbolic `N`, `K` (factor order does not matter).
inline bool is_packed_stride(const std::vector<ir::Expr>& stride, const std::vector<ir::Expr>& shape) {
  if (stride.empty()) return true;
  if (stride.size() != shape.size()) return false;
  detail::Factors suffix;  // product of the dims right of i
  for (std::size_t i = stride.size(); i-- > 0;) {
    detail::Factors s;
    s.add(stride[i]);
    if (!s.same_as(suffix)) return false;
    suffix.add(shape[i]);
  }
  return true;
}

/// True when a valid shape is absent or spells out the full shape.
inline bool is_full_valid_shape(const std::vector<ir::Expr>& valid, const std::vector<ir::Expr>& shape) {
  if (valid.empty()) return true;
  if (valid.size() != shape.size()) return false;
  for (std::size_t i = 0; i < valid.size(); ++i)
    if (!same_dim(valid[i], shape[i])) return false;
  return true;
}

/// Kwargs are maps whose first entry for a key wins (`ir::find_kwarg`); a repeated key is shadowed.
/// Equality and hashing skip shadowed entries so that both see the same map.
inline bool is_shadowed_kwarg(const ir::Kwargs& kw, std::size_t i) {
  for (std::size_t j = 0; j < i; ++j)
    if (kw[j].first == kw[i].first) return true;
  return false;
}

/// "No pad" is spelled either by leaving `pad` out or by `pl.PadValue.null`.
inline ir::PadValue normalized_pad(const std::optional<ir::PadValue>& p) { return p.value_or(ir::PadValue::null); }

struct TensorViewNorm {
  const std::vector<ir::Expr>* stride = nullptr;       // null: packed row-major
  ir::TensorLayout layout = ir::TensorLayout::ND;
  const std::vector<ir::Expr>* valid_shape = nullptr;  // null: the full shape
  ir::PadValue pad = ir::PadValue::null;

  bool is_default() const {
    return !stride && layout == ir::TensorLayout::ND && !valid_shape && pad == ir::PadValue::null;
  }
};

inline TensorViewNorm normalized_view(const ir::TensorType& t) {
  TensorViewNorm n;
  if (!t.view) return n;
  const ir::TensorView& v = *t.view;
  if (!is_packed_stride(v.stride, t.shape)) n.stride = &v.stride;
  n.layout = v.layout;
  if (!is_full_valid_shape(v.valid_shape, t.shape)) n.valid_shape = &v.valid_shape;
  n.pad = normalized_pad(v.pad);
  return n;
}

/// TileView: a full valid shape and "no pad" are dropped like in TensorView. Layout and fractal
/// fields are kept as written: their defaults depend on the memory space, and a field that is
/// present always counts (dsl.md lets the printer omit only fields equal to their defaults).
struct TileViewNorm {
  const std::vector<ir::Expr>* valid_shape = nullptr;
  std::optional<ir::TileLayout> blayout;
  std::optional<ir::TileLayout> slayout;
  std::optional<std::int64_t> fractal;
  ir::PadValue pad = ir::PadValue::null;

  bool is_default() const { return !valid_shape && !blayout && !slayout && !fractal && pad == ir::PadValue::null; }
};

/// Tile and Buffer descriptors share the TileView fields.
template <class T>
  requires std::is_same_v<T, ir::TileType> || std::is_same_v<T, ir::BufferType>
inline TileViewNorm normalized_view(const T& t) {
  TileViewNorm n;
  if (!t.view) return n;
  const ir::TileView& v = *t.view;
  if (!is_full_valid_shape(v.valid_shape, t.shape)) n.valid_shape = &v.valid_shape;
  n.blayout = v.blayout;
  n.slayout = v.slayout;
  n.fractal = v.fractal;
  n.pad = normalized_pad(v.pad);
  return n;
}

}  // namespace ptorw::visit
