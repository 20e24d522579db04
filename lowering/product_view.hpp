// Product-shaped accumulator views (lower_tile_to_buffer.md, "Matrix storage and cube recipes"):
// "An accumulator whose valid rectangle is wider than the product is written through a
// product-shaped view of the same storage (another addressed allocation, or a PTOAS
// buffer.reshape), because PTOAS requires a native matmul destination to match the product."
//
// The product of `tile.matmul(l, r)` / `tile.matmul_acc(acc, l, r[, c])` is valid over
// [l.valid0, r.valid1] (docs/semantics.md "Cube"). This file computes that rectangle from the
// operand types (static valid extents only) and the Tile type of the view: the accumulator's type
// with the product as its valid rectangle. The storage index (storage_index.hpp) declares a
// descriptor of it beside the allocation; the matmul recipe (recipes/cube.hpp) writes through it.
#pragma once
#include <cstdint>
#include <optional>
#include <utility>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/op_id.hpp"

namespace ptorw::lowering {

using Extents2 = std::pair<std::int64_t, std::int64_t>;

/// A rank-2 tile's static valid rectangle (its physical shape when it has no valid_shape); nullopt
/// when an extent is not a constant.
inline std::optional<Extents2> static_valid(const ir::TileType& t) {
  if (t.shape.size() != 2) return std::nullopt;
  const bool partial = t.view && t.view->valid_shape.size() == 2;
  auto r = ir::const_int(partial ? t.view->valid_shape[0] : t.shape[0]);
  auto c = ir::const_int(partial ? t.view->valid_shape[1] : t.shape[1]);
  if (!r || !c) return std::nullopt;
  return Extents2{*r, *c};
}

/// A rank-2 Buffer descriptor's static valid rectangle (its physical shape without valid_shape);
/// nullopt for a dynamic (-1) or symbolic extent.
inline std::optional<Extents2> static_valid(const ir::BufferType& b) {
  if (b.shape.size() != 2) return std::nullopt;
  const bool partial = b.view && b.view->valid_shape.size() == 2;
  auto r = ir::const_int(partial ? b.view->valid_shape[0] : b.shape[0]);
  auto c = ir::const_int(partial ? b.view->valid_shape[1] : b.shape[1]);
  if (!r || !c || *r < 0 || *c < 0) return std::nullopt;
  return Extents2{*r, *c};
}

/// The operands (left, right) of a matmul / matmul_acc call, or nulls for any other call.
inline std::pair<const ir::TileType*, const ir::TileType*> product_operands(const ir::Call& c) {
  const ir::OpId id = ir::op_id(c.callee);
  std::size_t l = 0;
  if (id == ir::op::id("tile.matmul_acc")) l = 1;
  else if (id != ir::op::id("tile.matmul")) return {nullptr, nullptr};
  if (c.args.size() < l + 2) return {nullptr, nullptr};
  return {ir::type_as<ir::TileType>(c.args[l]->type), ir::type_as<ir::TileType>(c.args[l + 1]->type)};
}

/// The product rectangle [l.valid0, r.valid1] of a matmul / matmul_acc call (static only).
inline std::optional<Extents2> product_extents(const ir::Call& c) {
  auto [l, r] = product_operands(c);
  if (!l || !r) return std::nullopt;
  auto lv = static_valid(*l), rv = static_valid(*r);
  if (!lv || !rv) return std::nullopt;
  return Extents2{lv->first, rv->second};
}

/// The accumulator's Tile type with the product as its valid rectangle (same storage, shape,
/// dtype, space and layout): the type whose Buffer descriptor is the product-shaped view.
inline ir::Type product_tile_type(const ir::TileType& acc, Extents2 p) {
  ir::TileType t = acc;
  ir::TileView v = t.view.value_or(ir::TileView{});
  v.valid_shape = {ir::make_int(p.first), ir::make_int(p.second)};
  t.view = std::move(v);
  return ir::make_type(std::move(t));
}

/// Whether the accumulator's valid rectangle is wider than (strictly contains) the product: the
/// write then needs the product-shaped view.
inline bool wider_than_product(const ir::TileType& acc, Extents2 p) {
  auto v = static_valid(acc);
  return v && v->first >= p.first && v->second >= p.second && (v->first > p.first || v->second > p.second);
}

}  // namespace ptorw::lowering
