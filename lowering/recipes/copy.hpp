// tile.move (lower_tile_to_buffer.md: "tile.move from Mat becomes buffer.copy"; Vec→Vec moves are the
// carry and entry copies storage legalization inserts). The destination is the result's storage;
// an exact self-copy (same handle) is removed.
#pragma once
#include <string_view>

#include "ptorw/lowering/recipes/recipe_context.hpp"

namespace ptorw::lowering::recipes {

struct MoveCopy {
  static constexpr std::string_view name = "move_copy";
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.move"); }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    ir::Expr src = cx.handle(c.args[0], sp);
    ir::Expr dst = cx.handle(target, sp);
    if (!src || !dst || src == dst) return;
    cx.emit("buffer.copy", {src, dst}, sp);
  }
};

}  // namespace ptorw::lowering::recipes
