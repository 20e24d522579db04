// tile.move (lower_tile_to_buffer.md: "tile.move from Mat becomes buffer.copy"; Vec→Vec moves are the
// carry and entry copies storage legalization inserts). The destination is the result's storage;
// an exact self-copy (same handle) is removed.
#pragma once
#include <string>
#include <string_view>

#include "ptorw/lowering/product_view.hpp"
#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/recipes/recipe_context.hpp"
#include "ptorw/lowering/recipes/stated_valid.hpp"

namespace ptorw::lowering::recipes {

struct MoveCopy {
  static constexpr std::string_view name = "move_copy";
  static constexpr bool default_rollout = true;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.move"); }
  static bool produces(ir::OpId op) { return op == ir::op::id("buffer.copy"); }
  /// The default rollout moves between equal Vec descriptors (the carry and entry copies of
  /// storage legalization) and, on the ordinary cube path ("GM -> Mat -> Left/Right"), from Mat to
  /// Left or Right keeping element type and shape. Any other move of a matrix space stays Tile
  /// ("arbitrary matrix carry copies ... remain excluded").
  static Refusal applies(const ir::Expr& target, const ir::Call& c, const ApplyContext& ax) {
    auto* src = ir::type_as<ir::TileType>(c.args[0]->type);
    auto* dst = target ? ir::type_as<ir::TileType>(target->type) : nullptr;
    // buffer.copy moves the destination's valid region; a move gives its result the source's
    // (semantics: "the same value in another memory space"). Both must be one rectangle, in every mode.
    if (src && dst && !(ax.default_rollout() && src->memory.value_or(ir::MemSpace::Vec) == ir::MemSpace::Mat))
      if (auto r = stated_valid_refusal(*dst, stated_valid_dims(*src), "tile.move")) return r;
    if (!ax.default_rollout()) return std::nullopt;
    bool equal = src && dst && src->dtype == dst->dtype && src->shape.size() == dst->shape.size();
    for (std::size_t i = 0; equal && i < src->shape.size(); ++i) equal = ir::const_int(src->shape[i]) == ir::const_int(dst->shape[i]);
    const auto vec = ir::MemSpace::Vec;
    const ir::MemSpace from = src ? src->memory.value_or(vec) : vec, to = dst ? dst->memory.value_or(vec) : vec;
    if (from == ir::MemSpace::Mat && (to == ir::MemSpace::Left || to == ir::MemSpace::Right)) {
      if (!equal) return refuse("tile.move from pl.Mem.Mat must keep the element type and shape");
      // buffer.copy moves the source's valid region: the result's (stated) valid rectangle must be
      // it, so a partially valid operand reaches the matmul with the rectangle its value has.
      if (static_valid(*src) != static_valid(*dst))
        return refuse("tile.move from pl.Mem.Mat must keep the valid rectangle (state the source's valid_shape on the result)");
      return std::nullopt;
    }
    // "Matrix region carries must preserve one storage alias; arbitrary matrix carry copies ...
    // remain excluded": a copy within a matrix space (the carry copy storage legalization plans
    // for a swap or a read-after-write of a carried accumulator) says so.
    if (from == to && from != vec)
      return refuse("tile.move within pl.Mem." + std::string(ir::name_of(from)) +
                    " (a matrix carry copy) has no default Buffer recipe: arbitrary matrix carry copies remain excluded");
    if (from != vec || to != vec)
      return refuse("tile.move between these memory spaces has no default Buffer recipe (the ordinary cube path moves Mat to Left/Right)");
    if (!equal) return refuse("tile.move must copy between equal Vec descriptors");
    return std::nullopt;
  }
  static Refusal check_buffer(const ir::Expr&, const ir::Call&, BufferCheckContext&) { return std::nullopt; }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    ir::Expr src = cx.handle(c.args[0], sp);
    ir::Expr dst = cx.handle(target, sp);
    if (!src || !dst || src == dst) return;
    cx.emit("buffer.copy", {src, dst}, sp);
  }
};

}  // namespace ptorw::lowering::recipes
