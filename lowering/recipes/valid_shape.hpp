// Runtime valid extents (lower_tile_to_buffer.md, "Runtime valid extents"): "tile.set_validshape
// updates the shared handle directly" as buffer.set_validshape. The entry exists so that the Buffer
// op has an owner (the verifier and the emitter find it here), but its conversion is a later slice:
// it refuses every call with a reason, and it is outside the default rollout of this release
// ("User control flow with dynamic valid state ... retain Tile IR"; the runtime-valid selection is
// not implemented yet).
#pragma once
#include <string_view>

#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/recipes/recipe_context.hpp"

namespace ptorw::lowering::recipes {

struct SetValidShape {
  static constexpr std::string_view name = "set_validshape";
  static constexpr bool default_rollout = false;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.set_validshape"); }
  static bool produces(ir::OpId op) { return op == ir::op::id("buffer.set_validshape"); }
  static Refusal applies(const ir::Expr&, const ir::Call&, const ApplyContext&) {
    return refuse("no Buffer recipe for tile.set_validshape (runtime valid extents are a later recipe)");
  }
  static void lower(const ir::Expr&, const ir::Call&, ir::Span, RecipeContext&) {}  // never reached: `applies` refuses
  static Refusal check_buffer(const ir::Expr&, const ir::Call&, BufferCheckContext&) { return std::nullopt; }
};

}  // namespace ptorw::lowering::recipes
