// GM transfer recipes (lower_tile_to_buffer.md, "Initial supported recipes": ordinary packed ND GM
// load/store with default policies; GM load/store preserve matching element types without casts).
//
//   t = tile.load(A, offs, shape[, valid])   →  buffer.load(A, offs, shape, t_buf)
//   r = tile.store(t, offs, Out)             →  buffer.store(t_buf, offs, shape(t), Out); r ≡ Out
#pragma once
#include <string_view>

#include "ptorw/lowering/recipes/recipe_context.hpp"

namespace ptorw::lowering::recipes {

struct GmLoad {
  static constexpr std::string_view name = "gm_load";
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.load"); }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    if (ir::find_kwarg(c.kwargs, "transpose")) return cx.fail(sp, "tile.load with transpose has no Buffer recipe yet");
    auto* tt = ir::type_as<ir::TensorType>(c.args[0]->type);
    auto* tl = ir::type_as<ir::TileType>(target ? target->type : nullptr);
    if (!tt || !tl) return cx.fail(sp, "tile.load must load a GM tensor into an assigned tile");
    if (tt->dtype != tl->dtype) return cx.fail(sp, "tile.load changes the element type; GM transfers do not cast");
    ir::Expr dst = cx.handle(target, sp);
    if (!dst) return;
    cx.emit("buffer.load", {cx.gm(c.args[0]), c.args[1], c.args[2], dst}, sp);
  }
};

struct GmStore {
  static constexpr std::string_view name = "gm_store";
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.store"); }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    auto* tt = ir::type_as<ir::TensorType>(c.args[2]->type);
    auto* tl = ir::type_as<ir::TileType>(c.args[0]->type);
    if (!tt || !tl) return cx.fail(sp, "tile.store must store a tile into a GM tensor");
    if (tt->dtype != tl->dtype) return cx.fail(sp, "tile.store changes the element type; GM transfers do not cast");
    if (tl->memory.value_or(ir::MemSpace::Vec) == ir::MemSpace::Acc && !c.kwargs.empty())
      return cx.fail(sp, "Acc stores with conversion kwargs have no Buffer recipe yet");
    ir::Expr src = cx.handle(c.args[0], sp);
    if (!src) return;
    ir::Expr out = cx.gm(c.args[2]);
    cx.emit("buffer.store", {src, c.args[1], shape_tuple(c.args[0], sp), out}, sp);
    if (target) cx.alias_gm(target, out);  // the store result is the output tensor itself
  }
};

}  // namespace ptorw::lowering::recipes
