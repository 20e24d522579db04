// SPMD queries (lower_tile_to_buffer.md, "Loops", last paragraph): tile.get_block_idx,
// tile.get_block_num and tile.get_subblock_idx become the corresponding buffer.* queries with an
// INDEX result and no memory effects; they stay direct SSA assignments.
#pragma once
#include <string_view>

#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/recipes/recipe_context.hpp"

namespace ptorw::lowering::recipes {

struct BlockQuery {
  static constexpr std::string_view name = "block_query";
  static bool matches(ir::OpId op) {
    return op == ir::op::id("tile.get_block_idx") || op == ir::op::id("tile.get_block_num") || op == ir::op::id("tile.get_subblock_idx");
  }
  static constexpr bool default_rollout = true;
  static bool produces(ir::OpId op) {
    return op == ir::op::id("buffer.get_block_idx") || op == ir::op::id("buffer.get_block_num") ||
           op == ir::op::id("buffer.get_subblock_idx");
  }
  /// "These queries remain direct SSA assignments".
  static Refusal applies(const ir::Expr& target, const ir::Call& c, const ApplyContext&) {
    if (!target) return refuse(c.callee + " must be assigned (a direct SSA assignment)");
    return std::nullopt;
  }
  static Refusal check_buffer(const ir::Expr& target, const ir::Call& c, BufferCheckContext&) {
    if (!target) return refuse(c.callee + " must be assigned (a direct SSA assignment)");
    return std::nullopt;
  }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    std::string op = "buffer." + c.callee.substr(5);
    cx.out.push_back(ir::make_assign(target, ir::make_expr(ir::Call{ir::CallKind::Op, op, {}, {}, {}}, target->type, sp), sp));
  }
};

}  // namespace ptorw::lowering::recipes
