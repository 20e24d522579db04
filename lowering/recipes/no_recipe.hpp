// Tile ops the lowering spec has no recipe for (an entry that only refuses): the reductions and
// broadcasts of ir/reduction_ops.hpp (tile.row_sum, tile.row_expand_sub, ...), tile.cast and
// tile.read (an element of a tile as a scalar: the spec's Buffer IR has no scalar read). The
// spec's recipe table has no such recipe and ../shared/pto_format.md no instruction to emit, so a
// kernel using one stays on Tile IR under the default selection, an explicit conversion fails with
// this reason, and the PTO emitter (which converts before it emits) refuses the kernel with it. An
// entry of its own, rather than no entry, so every Tile op family is owned by exactly one entry
// (recipe_entries_test.cpp) and the refusal names what is missing.
#pragma once
#include <string_view>

#include "ptorw/ir/reduction_ops.hpp"
#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/recipes/recipe_context.hpp"

namespace ptorw::lowering::recipes {

struct NoSpecRecipe {
  static constexpr std::string_view name = "no_spec_recipe";
  static bool matches(ir::OpId op) {
    const ir::OpDef* d = ir::op_def(op);
    return d && (ir::find_row_col(d->name) != nullptr || d->name == "tile.cast" || d->name == "tile.read");
  }
  static constexpr bool default_rollout = false;
  static bool produces(ir::OpId) { return false; }
  static Refusal applies(const ir::Expr&, const ir::Call& c, const ApplyContext&) {
    return refuse(c.callee +
                  " has no recipe in the lowering spec's table and no instruction in the PTO format, so its kernel stays "
                  "on Tile IR");
  }
  static Refusal check_buffer(const ir::Expr&, const ir::Call&, BufferCheckContext&) { return std::nullopt; }
  /// Never reached: `applies` refuses every call, and conversion asks it first.
  static void lower(const ir::Expr&, const ir::Call&, ir::Span, RecipeContext&) {}
};

}  // namespace ptorw::lowering::recipes
