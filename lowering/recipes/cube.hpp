// The ordinary cube recipes (lower_tile_to_buffer.md, "Matrix storage and cube recipes"):
//
//   acc = tile.matmul(l, r)               →  buffer.matmul(l_buf, r_buf, acc_buf)
//   acc' = tile.matmul_acc(acc, l, r)     →  buffer.matmul_acc(l_buf, r_buf, acc_buf)   (acc, acc' share storage)
//   acc' = tile.matmul_acc(acc, l, r, c)  →  literal c: one of the two calls; runtime c: not yet (refused)
//   x = tile.extract(src, i, j, shape)    →  buffer.extract(src_buf, i, j, x_buf)
// Whole-kernel selection keeps cube kernels on Tile IR in this release (the Vec path comes first):
// the entries say so (`default_rollout = false`), selection does not name cube ops itself; an
// explicit low-level pipeline can use these recipes.
#pragma once
#include <string_view>

#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/recipes/recipe_context.hpp"

namespace ptorw::lowering::recipes {

struct Matmul {
  static constexpr std::string_view name = "matmul";
  static constexpr bool default_rollout = false;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.matmul") || op == ir::op::id("tile.matmul_acc"); }
  static bool produces(ir::OpId op) { return op == ir::op::id("buffer.matmul") || op == ir::op::id("buffer.matmul_acc"); }
  /// "Literal and runtime init_cond select initializing or accumulating writes": only the literal
  /// form has a recipe in this release.
  static Refusal applies(const ir::Expr&, const ir::Call& c, const ApplyContext&) {
    if (ir::op_id(c.callee) == ir::op::id("tile.matmul_acc") && c.args.size() > 3 && !ir::expr_as<ir::ConstBool>(c.args[3]))
      return refuse("a runtime init_cond of tile.matmul_acc has no Buffer recipe in this release");
    return std::nullopt;
  }
  static Refusal check_buffer(const ir::Expr&, const ir::Call&, BufferCheckContext&) { return std::nullopt; }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    const bool acc_form = ir::op_id(c.callee) == ir::op::id("tile.matmul_acc");
    const std::size_t l = acc_form ? 1 : 0;
    ir::Expr lh = cx.handle(c.args[l], sp), rh = cx.handle(c.args[l + 1], sp), dst = cx.handle(target, sp);
    if (!lh || !rh || !dst) return;
    bool accumulate = acc_form;
    if (acc_form) {
      if (cx.handle(c.args[0], sp) != dst)
        return cx.fail(sp, "tile.matmul_acc must accumulate in place (accumulator and result share storage)");
      if (c.args.size() > 3) {
        auto* b = ir::expr_as<ir::ConstBool>(c.args[3]);  // a literal: `applies` asked
        accumulate = !b->value;  // init_cond=True initializes: a plain matmul write
      }
    }
    cx.emit(accumulate ? "buffer.matmul_acc" : "buffer.matmul", {lh, rh, dst}, sp);
  }
};

struct Extract {
  static constexpr std::string_view name = "extract";
  static constexpr bool default_rollout = false;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.extract"); }
  static bool produces(ir::OpId op) { return op == ir::op::id("buffer.extract"); }
  static Refusal applies(const ir::Expr&, const ir::Call&, const ApplyContext&) { return std::nullopt; }
  static Refusal check_buffer(const ir::Expr&, const ir::Call&, BufferCheckContext&) { return std::nullopt; }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    ir::Expr src = cx.handle(c.args[0], sp), dst = cx.handle(target, sp);
    if (!src || !dst) return;
    cx.emit("buffer.extract", {src, c.args[1], c.args[2], dst}, sp);
  }
};

/// tile.transpose_view: "needs no call: storage indexing has already declared the relabelled
/// window". The storage index does not declare matrix relabels yet, so the entry refuses with that
/// reason until it does (outside the default rollout, like the rest of the cube path).
struct TransposeView {
  static constexpr std::string_view name = "transpose_view";
  static constexpr bool default_rollout = false;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.transpose_view"); }
  static bool produces(ir::OpId) { return false; }
  static Refusal applies(const ir::Expr&, const ir::Call&, const ApplyContext&) {
    return refuse("no Buffer recipe for tile.transpose_view (the storage index does not declare matrix relabels yet)");
  }
  static void lower(const ir::Expr&, const ir::Call&, ir::Span, RecipeContext&) {}  // never reached: `applies` refuses
  static Refusal check_buffer(const ir::Expr&, const ir::Call&, BufferCheckContext&) { return std::nullopt; }
};

}  // namespace ptorw::lowering::recipes
