// Value-mode semantics of the row and column ops (ir/reduction_ops.hpp; docs/semantics.md
// "Reductions and broadcasts"). Like every computing op (tile_compute_ops.hpp) they read only valid,
// non-poison elements of their operands, and the result's padding is poison.
//  * tile.row_<op>(a[, tmp]): result [R, 1], valid [vr, 1]; element i is a[i, 0] op a[i, 1] op ...
//    op a[i, vc - 1], folded left to right with each step in a's dtype (rounded once per step, as
//    the binary ops round). col_<op> folds the rows of each column: [1, C], valid [1, vc]. The
//    scratch tile is working space and is never read. A reduction over an empty valid extent with
//    rows (columns) left to fill is an error: it has no value.
//  * tile.row_expand_<op>(t, v): t's type; t[i, j] op v[i, 0] over t's valid region (col_: v[0, j]);
//    expdif is exp(t - v), both in double, rounded once to the dtype (fused); row_expand is v[i, 0] alone
//    (t gives only the shape and valid region; its elements are not read).
//
// Note: PyPTO's tutorial says the device's reduction reads a tile's padding too ("Reductions over a
// partially valid tile depend on the pad value"). The interpreter does not model padding contents,
// so a reduction reads the valid region only; ptorw's checks compare runs of this one definition.
#pragma once
#include <cmath>

#include "ptorw/interp/tile_compute_ops.hpp"
#include "ptorw/ir/reduction_ops.hpp"

namespace ptorw::interp {

namespace tile_ops {

template <std::size_t I> Value row_col_op(OpCall& c) {
  constexpr const ir::RcOp& Op = ir::kRowColOps[I];
  constexpr bool Row = Op.axis == ir::VecAxis::Row;
  constexpr std::size_t kAxis = Row ? 1 : 0;  // the axis a reduction collapses, a vector spans as 1
  const TileVal& a = c.arg<TileVal>(0);
  if (a->shape.size() != 2) fail(c.op() + " needs a rank-2 tile, got " + dims_str(a->shape));
  const DType d = a->dtype;
  if constexpr (Op.kind == ir::RcKind::Reduce) {
    Shape rs = a->shape, rv = a->valid;
    rs[kAxis] = 1;
    rv[kAxis] = 1;
    // The type's valid region [vr, 1] / [1, vc] (op_infer.hpp tile_reduce), also when vr is 0.
    if (a->valid[kAxis] == 0 && a->valid[1 - kAxis] > 0)
      fail(c.op() + " reduces an empty valid extent (valid " + dims_str(a->valid) + ")");
    auto r = new_tile(d, a->mem, rs);
    r->valid = rv;
    for (std::int64_t k = 0; k < a->valid[1 - kAxis]; ++k) {
      Bits acc = 0;
      for (std::int64_t m = 0; m < a->valid[kAxis]; ++m) {
        const Shape idx = Row ? Shape{k, m} : Shape{m, k};
        auto l = static_cast<std::size_t>(a->linear(idx));
        if (a->poison[l]) poison_read(c, 0, idx);
        acc = m == 0 ? a->data[l] : binary_elem(c, Op.op, acc, a->data[l], d);
      }
      auto o = static_cast<std::size_t>(r->linear(Row ? Shape{k, 0} : Shape{0, k}));
      r->data[o] = acc;
      r->poison[o] = 0;
    }
    return {TileVal(r)};
  } else {
    const TileVal& v = c.arg<TileVal>(1);
    Shape want = a->shape;
    want[kAxis] = 1;
    if (v->dtype != d || v->shape != want)
      fail(c.op() + ": the vector is " + std::string(ir::name_of(v->dtype)) + dims_str(v->shape) + ", not " +
           std::string(ir::name_of(d)) + dims_str(want));
    Shape need = a->valid;
    need[kAxis] = a->valid[kAxis] > 0 ? 1 : 0;
    check_covers(c, 1, *v, need);
    if constexpr (Op.kind == ir::RcKind::ExpDif)
      if (!ir::is_float(d)) fail(c.op() + " is defined for float tiles only, not " + std::string(ir::name_of(d)));
    auto r = result_like(*a);
    for_each_index(a->valid, [&](const Shape& idx) {
      auto l = static_cast<std::size_t>(a->linear(idx));
      Shape vi = idx;
      vi[kAxis] = 0;
      auto lv = static_cast<std::size_t>(v->linear(vi));
      if (v->poison[lv]) poison_read(c, 1, vi);
      Bits z = v->data[lv];
      if constexpr (Op.kind != ir::RcKind::Bcast) {
        if (a->poison[l]) poison_read(c, 0, idx);
        if constexpr (Op.kind == ir::RcKind::ExpDif)
          z = float_bits(std::exp(double_value(a->data[l], d) - double_value(v->data[lv], d)), d);
        else
          z = binary_elem(c, Op.op, a->data[l], v->data[lv], d);
      }
      r->data[l] = z;
      r->poison[l] = 0;
    });
    return {TileVal(r)};
  }
}

}  // namespace tile_ops

/// Value mode: every row of ir::kRowColOps.
inline void add_tile_reduce_ops(OpTable& t) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    ((t[ir::kRowColOps[I].tile] = tile_ops::row_col_op<I>), ...);
  }(std::make_index_sequence<ir::kRowColOps.size()>{});
}

}  // namespace ptorw::interp
