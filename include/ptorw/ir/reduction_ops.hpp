// The row and column ops of PyPTO's catalog (ops/01-catalog.md "Reductions", "Broadcast and
// expand"; tutorials/01-reduction-softmax.md), one row each, as elementwise_ops.hpp does for the
// elementwise ops. A row is the op's whole definition at the levels it exists:
//  * its registry row (`tile.<op>` only: signature, operand names, operand rules, type rule —
//    op_registry.hpp derives it from `kind` and `axis`);
//  * its element semantics, which value mode and planned Tile IR run (interp/tile_reduce_ops.hpp
//    reads `kind`, `axis` and `op`);
//  * its storage rule for planning (a new value in new storage, never in place:
//    lowering/planning/storage_rules.hpp).
// No row has a Buffer form: the lowering spec's recipe table and ../shared/pto_format.md have no
// reduction or broadcast instruction, so a kernel using one stays on Tile IR under the default
// selection ("has no default Buffer recipe in this release") and the PTO emitter refuses it with
// its name. They exist so that programs written with them (a softmax, an RMS norm) parse, print,
// compare, verify and run, and so that OptimizeOrchTensors rewrites the orchestration around
// their kernels.
//
// Shapes (the tutorial's "shape story"): a row reduction of a rank-2 tile [R, C] is [R, 1] (the
// last axis collapsed, the dim kept), a column reduction is [1, C]; `row_expand_<op>(t, v)` applies
// the row vector v [R, 1] to every column of t [R, C], `col_expand_<op>(t, v)` the column vector
// v [1, C] to every row; the result has t's type. `row_expand(t, v)` / `col_expand(t, v)` are the
// broadcast alone: t's shape, every element the vector's.
#pragma once
#include <array>
#include <cstdint>
#include <string_view>

#include "ptorw/ir/expr.hpp"

namespace ptorw::ir {

/// Which axis a row's vector lies along: Row reduces / broadcasts along the last axis (a [R, 1]
/// vector), Col along the first (a [1, C] vector).
enum class VecAxis : std::uint8_t { Row, Col };

enum class RcKind : std::uint8_t {
  Reduce,  // tile.row_sum(tile[, tmp_tile]) -> [R, 1]: `op` folded over each row, columns ascending
  Expand,  // tile.row_expand_sub(tile, row_vec) -> tile's type: t[i, j] op v[i, 0]
  ExpDif,  // tile.row_expand_expdif(tile, row_vec): exp(t[i, j] - v[i, 0]), rounded once (fused)
  Bcast,   // tile.row_expand(tile, row_vec): v[i, 0] at every column
};

struct RcOp {
  std::string_view tile;  // registry name, "tile.row_sum"
  RcKind kind;
  VecAxis axis;
  BinOp op = BinOp::Add;  // Reduce: the fold (Add, Mul, Max, Min); Expand: the combination
  /// The documented operand names (the tutorial's `pl.row_max(tile_a, max_tmp)`; the catalog's
  /// "Several reductions accept a tmp_tile argument").
  std::string_view params = {};
};

// clang-format off
inline constexpr std::array kRowColOps{
  // Reductions: the scratch tile is optional ("Passing one changes the reduction strategy"); the
  // interpreter never reads it (it is working space, not an input).
  RcOp{"tile.row_sum",  RcKind::Reduce, VecAxis::Row, BinOp::Add, "tile,tmp_tile"},
  RcOp{"tile.row_prod", RcKind::Reduce, VecAxis::Row, BinOp::Mul, "tile,tmp_tile"},
  RcOp{"tile.row_max",  RcKind::Reduce, VecAxis::Row, BinOp::Max, "tile,tmp_tile"},
  RcOp{"tile.row_min",  RcKind::Reduce, VecAxis::Row, BinOp::Min, "tile,tmp_tile"},
  RcOp{"tile.col_sum",  RcKind::Reduce, VecAxis::Col, BinOp::Add, "tile,tmp_tile"},
  RcOp{"tile.col_prod", RcKind::Reduce, VecAxis::Col, BinOp::Mul, "tile,tmp_tile"},
  RcOp{"tile.col_max",  RcKind::Reduce, VecAxis::Col, BinOp::Max, "tile,tmp_tile"},
  RcOp{"tile.col_min",  RcKind::Reduce, VecAxis::Col, BinOp::Min, "tile,tmp_tile"},
  // Broadcasts fused with an op (the tutorial's table: row_expand_sub is `t - v` broadcast along
  // columns, row_expand_div `t / v`, row_expand_expdif `exp(t - v)`).
  RcOp{"tile.row_expand_add",    RcKind::Expand, VecAxis::Row, BinOp::Add, "tile,row_vec"},
  RcOp{"tile.row_expand_sub",    RcKind::Expand, VecAxis::Row, BinOp::Sub, "tile,row_vec"},
  RcOp{"tile.row_expand_mul",    RcKind::Expand, VecAxis::Row, BinOp::Mul, "tile,row_vec"},
  RcOp{"tile.row_expand_div",    RcKind::Expand, VecAxis::Row, BinOp::Div, "tile,row_vec"},
  RcOp{"tile.row_expand_max",    RcKind::Expand, VecAxis::Row, BinOp::Max, "tile,row_vec"},
  RcOp{"tile.row_expand_min",    RcKind::Expand, VecAxis::Row, BinOp::Min, "tile,row_vec"},
  RcOp{"tile.row_expand_expdif", RcKind::ExpDif, VecAxis::Row, BinOp::Sub, "tile,row_vec"},
  RcOp{"tile.row_expand",        RcKind::Bcast,  VecAxis::Row, BinOp::Add, "tile,row_vec"},
  RcOp{"tile.col_expand_add",    RcKind::Expand, VecAxis::Col, BinOp::Add, "tile,col_vec"},
  RcOp{"tile.col_expand_sub",    RcKind::Expand, VecAxis::Col, BinOp::Sub, "tile,col_vec"},
  RcOp{"tile.col_expand_mul",    RcKind::Expand, VecAxis::Col, BinOp::Mul, "tile,col_vec"},
  RcOp{"tile.col_expand_div",    RcKind::Expand, VecAxis::Col, BinOp::Div, "tile,col_vec"},
  RcOp{"tile.col_expand_max",    RcKind::Expand, VecAxis::Col, BinOp::Max, "tile,col_vec"},
  RcOp{"tile.col_expand_min",    RcKind::Expand, VecAxis::Col, BinOp::Min, "tile,col_vec"},
  RcOp{"tile.col_expand_expdif", RcKind::ExpDif, VecAxis::Col, BinOp::Sub, "tile,col_vec"},
  RcOp{"tile.col_expand",        RcKind::Bcast,  VecAxis::Col, BinOp::Add, "tile,col_vec"},
};
// clang-format on

/// The row of a reduction or broadcast op name; nullptr for other names.
constexpr const RcOp* find_row_col(std::string_view name) {
  for (const RcOp& r : kRowColOps)
    if (r.tile == name) return &r;
  return nullptr;
}

}  // namespace ptorw::ir
