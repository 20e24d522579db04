// tile.set_validshape (lower_tile_to_buffer.md, "Runtime valid extents"):
//
//   y = tile.set_validshape(x, rows, cols)  →  buffer.set_validshape(x_buf, (rows, cols))
//
// "tile.set_validshape updates the shared handle directly": x and y name one storage window and
// differ only in valid extents, so they "share one dynamic handle" (storage_index.hpp) and the
// setter is a metadata update of it. Default rollout ("Runtime valid shapes are enabled for ...
// allocation-backed set_validshape with an assigned result"): an assigned Vec setter to runtime
// extents on a tile that is not a slice window ("window setters ... retain Tile IR"); "Standalone
// setters retain Tile IR, since metadata version tracking requires an explicit SSA result". The
// forward version analysis that rejects reads of the old version is the selector's
// (select_buffer_ir.hpp, `metadata_versions`).
//
// A setter to constant extents on a tile with constant extents changes no runtime metadata: the
// result is another static descriptor of the same storage window, which storage indexing declares
// like any same-size Vec relabel (a buffer.reshape of the source's handle, under every planner), so
// no call is written, as for tile.transpose_view. Constant extents on a runtime-valid tile would need a
// static rectangle on a shared dynamic handle, and a zero extent an empty tile: both retain Tile
// IR; so does a runtime setter on a tile whose static rectangle is partial (the shared handle
// would start at physical extents the source does not have).
#pragma once
#include <string_view>

#include "ptorw/lowering/product_view.hpp"
#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/recipes/provenance.hpp"
#include "ptorw/lowering/recipes/recipe_context.hpp"
#include "ptorw/lowering/recipes/stated_valid.hpp"

namespace ptorw::lowering::recipes {

struct SetValidShape {
  static constexpr std::string_view name = "set_validshape";
  static constexpr bool default_rollout = true;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.set_validshape"); }
  static bool produces(ir::OpId op) { return op == ir::op::id("buffer.set_validshape"); }
  static Refusal applies(const ir::Expr& target, const ir::Call& c, const ApplyContext& ax) {
    if (!target)
      return refuse("a standalone tile.set_validshape retains Tile IR (metadata version tracking requires an assigned result)");
    auto* src = c.args.empty() ? nullptr : ir::type_as<ir::TileType>(c.args[0]->type);
    auto* res = ir::type_as<ir::TileType>(target->type);
    if (!src || !res) return refuse("tile.set_validshape must relabel a tile into an assigned tile");
    // The result must be typed with the extents the call sets: the Buffer handle takes the typed
    // ones (a `[8, 32]` annotation on set_validshape(x, n, 32) lowered to a subview of 8 rows and
    // dropped n: review rev41b F2), as every other recipe checks (stated_valid.hpp).
    if (c.args.size() >= 3)
      if (auto r = stated_valid_refusal(*res, {c.args[1], c.args[2]}, "tile.set_validshape")) return r;
    if (src->memory.value_or(ir::MemSpace::Vec) != ir::MemSpace::Vec)
      return refuse("tile.set_validshape of a non-Vec tile has no Buffer recipe");
    if (!runtime_valid(*res)) {
      if (runtime_valid(*src))
        return refuse("tile.set_validshape to constant extents on a tile with runtime valid extents retains Tile IR "
                      "(a shared dynamic handle starts with its physical extents)");
      if (auto v = static_valid(*res); v && (v->first <= 0 || v->second <= 0))
        return refuse("tile.set_validshape to a zero valid extent retains Tile IR");
    } else if (!runtime_valid(*src) && !full_valid(buffer_descriptor(*src))) {
      // The handle the setter updates is the source's; a shared dynamic handle starts with its
      // physical extents, so a static source must be fully valid to share it — the storage
      // index's own test ("A static member must be fully valid", storage_index.hpp).
      return refuse("tile.set_validshape to runtime extents on a tile with a partial static valid rectangle "
                    "retains Tile IR (a shared dynamic handle starts with its physical extents)");
    }
    if (!ax.default_rollout()) return std::nullopt;
    if (!ax.tile_defs) return refuse("tile.set_validshape needs SSA tile definitions (names are rebound)");
    if (provenance::is_window(c.args[0], *ax.tile_defs))
      return refuse("a tile.set_validshape of a slice window retains Tile IR (window setters)");
    return std::nullopt;
  }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    ir::Expr h = cx.handle(c.args[0], sp);
    if (!h) return;
    // A setter on a slice window (selection keeps it Tile: "window setters") has no Buffer form:
    // storage indexing never declares its result, so a handle found for it is another tile's that
    // shares allocation, offset and descriptor, and its readers would read that tile's dense bytes
    // instead of the strided window (golden error_set_validshape_window_shared_descriptor). It
    // said "no Buffer handle ... (is it planned?)" otherwise, of a planned tile.
    if (cx.is_window(c.args[0]))
      return cx.fail(sp, "tile.set_validshape of a slice window has no Buffer form (window setters retain Tile IR)");
    ir::Expr r = cx.handle(target, sp);
    if (!r) return;
    auto* res = ir::type_as<ir::TileType>(target->type);
    if (!runtime_valid(*res)) return;  // a static relabel: storage indexing declared `r` over `h`'s window
    if (h != r) return cx.fail(sp, "tile.set_validshape must update its source's handle (the two must share one dynamic handle)");
    cx.emit("buffer.set_validshape", {h, ir::make_tuple(res->view->valid_shape, sp)}, sp);
  }
  static Refusal check_buffer(const ir::Expr&, const ir::Call&, BufferCheckContext&) { return std::nullopt; }
};

}  // namespace ptorw::lowering::recipes
