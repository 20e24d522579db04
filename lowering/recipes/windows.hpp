// Windows (lower_tile_to_buffer.md, "Windows: slice and assemble"): tile.slice becomes a
// buffer.subview at the slice, tile.assemble a copy into a window of the result's storage. Neither
// is converted in this release: the entry owns the family's refusal, names it, and keeps it out of
// the default rollout ("Vec slices ... keep their parent's row pitch" and the assemble rules arrive
// with the window recipe; "Unproven alignment retains Tile IR"). It produces no Buffer op yet: the
// subview and copy it will write are today produced by the storage and move entries.
#pragma once
#include <string_view>

#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/recipes/recipe_context.hpp"

namespace ptorw::lowering::recipes {

struct Windows {
  static constexpr std::string_view name = "windows";
  static constexpr bool default_rollout = false;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.slice") || op == ir::op::id("tile.assemble"); }
  static bool produces(ir::OpId) { return false; }
  static Refusal applies(const ir::Expr&, const ir::Call& c, const ApplyContext&) {
    return refuse("no Buffer recipe for " + c.callee + " (slice and assemble windows are a later recipe)");
  }
  static void lower(const ir::Expr&, const ir::Call&, ir::Span, RecipeContext&) {}  // never reached: `applies` refuses
  static Refusal check_buffer(const ir::Expr&, const ir::Call&, BufferCheckContext&) { return std::nullopt; }
};

}  // namespace ptorw::lowering::recipes
