// Ops that name storage without moving data (lower_tile_to_buffer.md, "Planned storage views"):
//
//   base = tile.alloc(space, bytes[, addr=A])  →  the allocation and its aliases, at this place
//   t = tile.create(shape, dtype)              →  nothing: t's handle is declared at its allocation
//   v = tile.reshape(t, shape)                 →  nothing: "Logical tile.reshape disappears after its
//                                                 type and preserved storage window have been checked;
//                                                 the indexed typed alias supplies its result"
//   tile.move(t, Vec) into the same storage    →  nothing: "An exact self-copy is removed"
#pragma once
#include <string_view>

#include "ptorw/lowering/recipes/recipe_context.hpp"

namespace ptorw::lowering::recipes {

struct AllocDefinition {
  static constexpr std::string_view name = "alloc_definition";
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.alloc"); }
  static void lower(const ir::Expr& target, const ir::Call&, ir::Span, RecipeContext& cx) {
    for (auto& s : cx.index().definitions(target)) cx.out.push_back(std::move(s));
  }
};

struct CreateTile {
  static constexpr std::string_view name = "create_tile";
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.create"); }
  static void lower(const ir::Expr& target, const ir::Call&, ir::Span sp, RecipeContext& cx) { cx.handle(target, sp); }
};

struct ReshapeView {
  static constexpr std::string_view name = "reshape_view";
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.reshape"); }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    const Member* src = cx.index().member_of(c.args[0]);
    const Member* dst = cx.index().member_of(target);
    if (!src || !dst) return cx.fail(sp, "tile.reshape operand or result has no planned storage");
    auto* a = ir::type_as<ir::TileType>(c.args[0]->type);
    auto* b = ir::type_as<ir::TileType>(target->type);
    if (a->memref->base != b->memref->base || src->offset != dst->offset || src->bytes != dst->bytes)
      return cx.fail(sp, "tile.reshape must preserve its source's storage window (same allocation, offset and bytes)");
  }
};

}  // namespace ptorw::lowering::recipes
