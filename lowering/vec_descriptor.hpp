// Which Vec tile descriptors have a Buffer form (lower_tile_to_buffer.md). Asked by whole-kernel
// selection (`Selector::tile_rule`: the reason is the remark) and by the storage index
// (`note_tile`: the reason is the explicit conversion's error), so the two cannot disagree.
//
//  * Layout: "The default a2/a3 rollout accepts statically sized rank-2 dense Vec ..."; "Boxed
//    views and mutable view metadata remain unsupported at the allocation"; "Helper calls,
//    alternate layouts, slots ... are added in subsequent migration slices". A Vec tile must resolve
//    to plain rows (blayout row_major, slayout none_box); a boxed (NZ) or column-major Vec view is
//    refused, so no byte root is relabelled to a boxed layout.
//  * Valid extents: "A valid extent that is not a constant (or is the lane-1 [0, 0] sentinel) makes
//    both descriptor dimensions dynamic"; "An extent may be zero: allocation metadata is updated, but
//    load/store/arithmetic execute only when both valid extents are positive ... Constant-empty
//    operations are removed before constructing Buffer calls". The [0, 0] sentinel is therefore
//    runtime metadata (`runtime_valid`): its handle is dynamic and its ops are removed
//    (convert_body.hpp, `guard_runtime_valid`). Any other constant zero extent (e.g. [16, 0]) would
//    be a static empty descriptor, which the spec defines nowhere ("Constant valid extents must be
//    positive" is only said of windows): it fails closed.
#pragma once
#include <optional>
#include <string>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/tile_layout.hpp"

namespace ptorw::lowering {

/// The lane-1 [0, 0] sentinel: valid extents that are all the constant 0.
inline bool empty_sentinel(const ir::TileType& t) {
  if (!t.view || t.view->valid_shape.empty()) return false;
  for (const auto& v : t.view->valid_shape)
    if (ir::const_int(v) != std::optional<std::int64_t>(0)) return false;
  return true;
}

/// Whether the valid extents of `t` are runtime metadata: some extent is not a constant, or they
/// are the [0, 0] sentinel.
inline bool runtime_valid(const ir::TileType& t) {
  if (!t.view) return false;
  for (const auto& v : t.view->valid_shape)
    if (!ir::const_int(v)) return true;
  return empty_sentinel(t);
}

/// Why the descriptor of the Vec tile `t` (named `who` in the text) has no Buffer form; nullopt
/// when it has one, and for matrix tiles (their rules: recipes/cube.hpp).
inline std::optional<std::string> vec_descriptor_refusal(const ir::TileType& t, const std::string& who) {
  if (t.memory.value_or(ir::MemSpace::Vec) != ir::MemSpace::Vec) return std::nullopt;
  auto l = ir::resolve_layout(ir::MemSpace::Vec, t.view);
  if (!l || l->blayout != ir::TileLayout::row_major || l->slayout != ir::TileLayout::none_box)
    return who + " has a boxed or non-row-major pl.Mem.Vec layout: boxed views remain unsupported at the allocation "
                 "(only dense row-major Vec tiles have a Buffer recipe; alternate layouts come in later slices)";
  if (t.view && !runtime_valid(t))
    for (const auto& v : t.view->valid_shape)
      if (auto k = ir::const_int(v); k && *k <= 0)
        return who + " has a constant " + (*k == 0 ? "zero" : "negative") +
               " valid extent: only the [0, 0] sentinel makes an empty tile runtime metadata, and a static empty "
               "descriptor has no Buffer form (fails closed)";
  return std::nullopt;
}

}  // namespace ptorw::lowering
