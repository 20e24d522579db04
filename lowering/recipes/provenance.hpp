// Where a tile's storage comes from, read from the kernel's SSA tile definitions (ApplyContext::
// tile_defs): whether a tile is a slice window, and the row pitch a window inherits
// (lower_tile_to_buffer.md "Windows: slice and assemble": "keeping the source's row pitch").
// Selection asks these for the assemble and set_validshape rules; a variable defined more than once
// has unknown provenance (its entry in the map is null) and proves nothing.
#pragma once
#include <cstdint>
#include <optional>
#include <unordered_map>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/op_id.hpp"
#include "ptorw/lowering/planning/storage_rules.hpp"

namespace ptorw::lowering::recipes::provenance {

using TileDefs = std::unordered_map<const ir::ExprNode*, ir::Expr>;

/// The definition of tile `t` through plain aliases (`x = y`), or null (a parameter, an iter arg,
/// or a variable defined more than once: unknown).
inline const ir::Call* tile_def(const ir::Expr& t, const TileDefs& defs,
                                ir::Expr* root = nullptr) {
  ir::Expr cur = t;
  for (int depth = 0; depth < 64; ++depth) {
    if (root) *root = cur;
    auto it = defs.find(cur.get());
    if (it == defs.end() || !it->second) return nullptr;
    if (ir::is_var_like(it->second)) {
      cur = it->second;
      continue;
    }
    return ir::expr_as<ir::Call>(it->second);
  }
  return nullptr;
}
inline bool is_slice_call(const ir::Call* d) { return d && ir::op_id(d->callee) == ir::op::id("tile.slice") && !d->args.empty(); }
/// Whether `d` relabels its first operand (planning's StorageRule::Relabel rows: reshape,
/// transpose_view, set_validshape).
inline bool is_relabel_call(const ir::Call* d) {
  if (!d || d->kind != ir::CallKind::Op || d->args.empty()) return false;
  const planning::OpStorage* rule = planning::op_storage(d->callee);
  return rule && rule->rule == planning::StorageRule::Relabel;
}
/// Whether `t` is a slice window or a relabel of one (through plain aliases and relabels); a tile
/// of unknown provenance may be one.
inline bool is_window(const ir::Expr& t, const TileDefs& defs) {
  ir::Expr cur = t;
  for (int depth = 0; depth < 64; ++depth) {
    ir::Expr root;
    const ir::Call* d = tile_def(cur, defs, &root);
    if (auto it = defs.find(root.get()); it != defs.end() && !it->second) return true;  // unknown: it may be a window
    if (is_slice_call(d)) return true;
    if (!is_relabel_call(d)) return false;
    cur = d->args[0];
  }
  return true;
}
/// The relabel of a window `t` is defined by, through plain aliases: the relabel call, or null when
/// `t` is not a relabel of a window.
inline const ir::Call* window_relabel(const ir::Expr& t, const TileDefs& defs) {
  const ir::Call* d = tile_def(t, defs);
  return is_relabel_call(d) && is_window(d->args[0], defs) ? d : nullptr;
}
/// The row pitch in bytes of the storage `t` lies in ("inherited row pitch"): the physical row of
/// the tile its slice windows were cut from. Nullopt when a shape is not static rank 2 or the
/// provenance is unknown.
inline std::optional<std::int64_t> row_pitch(const ir::Expr& t, const TileDefs& defs) {
  ir::Expr cur = t;
  for (int depth = 0; depth < 64; ++depth) {
    if (auto it = defs.find(cur.get()); it != defs.end() && !it->second) return std::nullopt;
    ir::Expr root;
    const ir::Call* d = tile_def(cur, defs, &root);
    if (d && ir::op_id(d->callee) == ir::op::id("tile.slice") && !d->args.empty()) {
      cur = d->args[0];
      continue;
    }
    auto* tt = ir::type_as<ir::TileType>(root ? root->type : cur->type);
    if (!tt || tt->shape.size() != 2) return std::nullopt;
    auto cols = ir::const_int(tt->shape[1]);
    if (!cols) return std::nullopt;
    return *cols * ir::dtype_bytes(tt->dtype);
  }
  return std::nullopt;
}
}  // namespace ptorw::lowering::recipes::provenance
