// The ordinary cube recipes (lower_tile_to_buffer.md, "Matrix storage and cube recipes"):
//
//   acc = tile.matmul(l, r)               →  buffer.matmul(l_buf, r_buf, acc_buf)
//   acc' = tile.matmul_acc(acc, l, r)     →  buffer.matmul_acc(l_buf, r_buf, acc_buf)   (acc, acc' share storage)
//   acc' = tile.matmul_acc(acc, l, r, c)  →  literal c: one of the two calls; runtime c:
//                                            if c: buffer.matmul(...) else: buffer.matmul_acc(...)
//   x = tile.extract(src, i, j, shape)    →  buffer.extract(src_buf, i, j, x_buf)
// Whole-kernel selection accepts them ("The default a2/a3 rollout accepts ... ordinary cube
// kernels"; "The ordinary cube path uses GM -> Mat -> Left/Right -> Acc -> GM ... FP16/BF16/FP32
// operands accumulate in FP32; INT8 operands accumulate in INT32"): `cube_rules` below is that
// rule, written once and asked by the entries' `applies` under Acceptance::Default.
#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "ptorw/ir/tile_layout.hpp"
#include "ptorw/lowering/product_view.hpp"
#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/recipes/recipe_context.hpp"

namespace ptorw::lowering::recipes {

namespace cube_rules {
inline ir::MemSpace space(const ir::TileType& t) { return t.memory.value_or(ir::MemSpace::Vec); }
inline const ir::TileType* tile(const ir::Expr& e) { return e ? ir::type_as<ir::TileType>(e->type) : nullptr; }
/// Whether a tile's valid rectangle is its whole physical shape (no valid_shape, or equal to it).
inline bool fully_valid(const ir::TileType& t) {
  if (!t.view || t.view->valid_shape.empty()) return true;
  if (t.view->valid_shape.size() != t.shape.size()) return false;
  for (std::size_t i = 0; i < t.shape.size(); ++i) {
    auto v = ir::const_int(t.view->valid_shape[i]), p = ir::const_int(t.shape[i]);
    if (!v || !p || *v != *p) return false;
  }
  return true;
}
/// The kernel-wide tile rule of the cube path for one tile in a matrix space: "statically sized
/// rank-2 ... ordinary cube kernels" (the physical extents of a matrix tile are whole fractal boxes,
/// so the Vec 32-byte row rule does not apply). Bias and DDR tiles are outside the default rollout.
inline Refusal tile_rule(const ir::TileType& t, const std::string& who) {
  const ir::MemSpace m = space(t);
  if (m == ir::MemSpace::Vec) return std::nullopt;
  if (!ir::is_matrix_space(m))
    return refuse(who + " is in " + std::string(ir::EnumInfo<ir::MemSpace>::prefix) + std::string(ir::name_of(m)) +
                  ", outside the default rollout (pl.Mem.Vec and the ordinary cube path's Mat/Left/Right/Acc)");
  if (t.shape.size() != 2) return refuse(who + " is not rank 2");
  for (const auto& d : t.shape)
    if (!ir::const_int(d)) return refuse(who + " is not statically sized");
  // "Their physical extents are already whole fractal boxes": else no Buffer descriptor.
  if (auto why = ir::not_whole_boxes(ir::resolve_layout(m, t.view), t)) return refuse(who + *why);
  // A partially valid matrix tile needs a static valid rectangle inside its physical shape (the
  // product-shaped Acc views of the cube recipes are static descriptors); which ops may read or
  // write one is each entry's rule (move keeps it, matmul derives it, extract/transpose refuse it).
  if (!fully_valid(t)) {
    auto v = static_valid(t);
    if (!v || v->first <= 0 || v->second <= 0 || v->first > *ir::const_int(t.shape[0]) || v->second > *ir::const_int(t.shape[1]))
      return refuse(who + " is a matrix tile whose valid rectangle is not static, non-empty and inside its physical shape");
  }
  return std::nullopt;
}
/// "FP16/BF16/FP32 operands accumulate in FP32; INT8 operands accumulate in INT32."
inline std::optional<ir::DType> accumulation_dtype(ir::DType operand) {
  switch (operand) {
    case ir::DType::FP16:
    case ir::DType::BF16:
    case ir::DType::FP32: return ir::DType::FP32;
    case ir::DType::INT8: return ir::DType::INT32;
    default: return std::nullopt;
  }
}
/// The default-rollout rule of one matmul / matmul_acc: Left × Right operands of one cube operand
/// dtype, accumulating in Acc of its accumulation dtype (the result and, for matmul_acc, the
/// accumulator operand).
inline Refusal product(const ir::Expr& target, const ir::Expr& l, const ir::Expr& r, const ir::Expr* acc,
                       std::string_view op) {
  const ir::TileType *lt = tile(l), *rt = tile(r), *dt = tile(target);
  const std::string o(op);
  if (!lt || !rt || !dt) return refuse(o + " must multiply two tiles into an assigned tile");
  if (space(*lt) != ir::MemSpace::Left || space(*rt) != ir::MemSpace::Right)
    return refuse(o + " operands must be in pl.Mem.Left and pl.Mem.Right (the ordinary cube path)");
  if (space(*dt) != ir::MemSpace::Acc) return refuse(o + " must write a pl.Mem.Acc tile (the ordinary cube path)");
  if (lt->dtype != rt->dtype) return refuse(o + " operands of two element types have no Buffer recipe");
  auto want = accumulation_dtype(lt->dtype);
  if (!want)
    return refuse(o + " of " + std::string(ir::name_of(lt->dtype)) +
                  " operands: the ordinary cube path takes FP16/BF16/FP32 (accumulating in FP32) or INT8 (in INT32)");
  if (dt->dtype != *want || (acc && tile(*acc) && tile(*acc)->dtype != *want))
    return refuse(o + " of " + std::string(ir::name_of(lt->dtype)) + " operands must accumulate in " +
                  std::string(ir::name_of(*want)));
  if (acc && (!tile(*acc) || space(*tile(*acc)) != ir::MemSpace::Acc))
    return refuse(o + " must accumulate into a pl.Mem.Acc tile");
  // The product is valid over [l.valid0, r.valid1] (docs/semantics.md "Cube"), its inner extent
  // l.valid1 must be r.valid0 (one K for both operands of the native write).
  auto lv = static_valid(*lt), rv = static_valid(*rt), dv = static_valid(*dt);
  if (!lv || !rv || !dv) return refuse(o + " of tiles without static valid rectangles has no default Buffer recipe");
  if (lv->second != rv->first)
    return refuse(o + ": the valid inner extents of its operands differ (" + std::to_string(lv->second) + " and " +
                  std::to_string(rv->first) + ")");
  const Extents2 p{lv->first, rv->second};
  if (!acc) {
    // A fresh product is valid over the product only: a result typed wider would claim elements
    // no write defines.
    if (*dv != p)
      return refuse(o + ": its result's valid rectangle differs from the product [" + std::to_string(p.first) + ", " +
                    std::to_string(p.second) + "] (state it as the result's valid_shape)");
    return std::nullopt;
  }
  // "An accumulator whose valid rectangle is wider than the product is written through a
  // product-shaped view of the same storage": it must contain the product, and the in-place result
  // keeps the accumulator's rectangle.
  auto av = static_valid(*tile(*acc));
  if (!av || av->first < p.first || av->second < p.second)
    return refuse(o + ": the accumulator's valid rectangle does not contain the product [" + std::to_string(p.first) +
                  ", " + std::to_string(p.second) + "]");
  if (*av != *dv) return refuse(o + ": its result's valid rectangle differs from its accumulator's");
  return std::nullopt;
}
}  // namespace cube_rules

struct Matmul {
  static constexpr std::string_view name = "matmul";
  static constexpr bool default_rollout = true;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.matmul") || op == ir::op::id("tile.matmul_acc"); }
  static bool produces(ir::OpId op) { return op == ir::op::id("buffer.matmul") || op == ir::op::id("buffer.matmul_acc"); }
  /// "Literal and runtime init_cond select initializing or accumulating writes"; a runtime one is a
  /// BOOL scalar (the condition of the explicit if).
  static Refusal applies(const ir::Expr& target, const ir::Call& c, const ApplyContext& ax) {
    const bool acc_form = ir::op_id(c.callee) == ir::op::id("tile.matmul_acc");
    if (acc_form && c.args.size() > 3 && !ir::expr_as<ir::ConstBool>(c.args[3])) {
      auto* st = ir::type_as<ir::ScalarType>(c.args[3] ? c.args[3]->type : nullptr);
      if (!st || st->dtype != ir::DType::BOOL) return refuse("a runtime init_cond of tile.matmul_acc must be a BOOL scalar");
    }
    if (!ax.default_rollout()) return std::nullopt;
    // out_dtype is the result's element type (checked below); any other attribute needs a contract.
    for (const auto& kw : c.kwargs)
      if (kw.first != "out_dtype") return refuse(c.callee + " with the attribute '" + kw.first + "' has no default Buffer recipe");
    const std::size_t l = acc_form ? 1 : 0;
    if (c.args.size() < l + 2) return refuse(c.callee + " needs its operands");
    return cube_rules::product(target, c.args[l], c.args[l + 1], acc_form ? &c.args[0] : nullptr, c.callee);
  }
  /// The BufferIR rule of buffer.matmul / buffer.matmul_acc (l, r, dst): "PTOAS requires a native
  /// matmul destination to match the product", so dst is valid over [l.valid0, r.valid1] (checked
  /// where all three rectangles are static); a wider accumulator is written through its
  /// product-shaped view.
  static Refusal check_buffer(const ir::Expr&, const ir::Call& c, BufferCheckContext&) {
    if (c.args.size() != 3) return std::nullopt;
    auto valid = [&](std::size_t i) -> std::optional<Extents2> {
      auto* b = ir::type_as<ir::BufferType>(c.args[i] ? c.args[i]->type : nullptr);
      return b ? static_valid(*b) : std::nullopt;
    };
    auto l = valid(0), r = valid(1), d = valid(2);
    if (l && r && d && (d->first != l->first || d->second != r->second))
      return refuse(c.callee + ": the destination is valid over [" + std::to_string(d->first) + ", " + std::to_string(d->second) +
                    "], the product over [" + std::to_string(l->first) + ", " + std::to_string(r->second) +
                    "] (a native matmul destination matches the product; write through a product-shaped view)");
    return std::nullopt;
  }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    const bool acc_form = ir::op_id(c.callee) == ir::op::id("tile.matmul_acc");
    const std::size_t l = acc_form ? 1 : 0;
    ir::Expr lh = cx.handle(c.args[l], sp), rh = cx.handle(c.args[l + 1], sp), dst = cx.handle(target, sp);
    if (!lh || !rh || !dst) return;
    bool accumulate = acc_form;
    if (acc_form && cx.handle(c.args[0], sp) != dst)
      return cx.fail(sp, "tile.matmul_acc must accumulate in place (accumulator and result share storage)");
    // "An accumulator whose valid rectangle is wider than the product is written through a
    // product-shaped view of the same storage (another addressed allocation, or a PTOAS
    // buffer.reshape), because PTOAS requires a native matmul destination to match the product":
    // the storage index declared that view beside the allocation (storage_index.hpp).
    auto* dt = cube_rules::tile(target);
    if (auto p = product_extents(c); p && dt && wider_than_product(*dt, *p)) {
      const Member* view = cx.index().product_member(target, *p);
      if (!view) return cx.fail(sp, c.callee + ": no product-shaped view of the accumulator was declared");
      dst = view->handle;
    }
    if (acc_form) {
      if (c.args.size() > 3) {
        auto* b = ir::expr_as<ir::ConstBool>(c.args[3]);
        if (!b) {
          // "a runtime predicate becomes an explicit if whose arms are buffer.matmul and
          // buffer.matmul_acc" (init_cond true initializes, false accumulates).
          auto arm = [&](std::string_view op) {
            std::vector<ir::Stmt> saved = std::move(cx.out);
            cx.out.clear();
            cx.emit(op, {lh, rh, dst}, sp);
            ir::Stmt body = ir::make_seq(std::move(cx.out), sp);
            cx.out = std::move(saved);
            return body;
          };
          ir::Stmt init = arm("buffer.matmul"), acc = arm("buffer.matmul_acc");
          cx.out.push_back(ir::make_stmt(ir::If{c.args[3], std::move(init), std::move(acc), {}}, sp));
          return;
        }
        accumulate = !b->value;  // init_cond=True initializes: a plain matmul write
      }
    }
    cx.emit(accumulate ? "buffer.matmul_acc" : "buffer.matmul", {lh, rh, dst}, sp);
  }
};

struct Extract {
  static constexpr std::string_view name = "extract";
  static constexpr bool default_rollout = true;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.extract"); }
  static bool produces(ir::OpId op) { return op == ir::op::id("buffer.extract"); }
  /// Default rollout: "Mat to Left/Right copies and extracts", keeping the element type.
  static Refusal applies(const ir::Expr& target, const ir::Call& c, const ApplyContext& ax) {
    if (!ax.default_rollout()) return std::nullopt;
    const ir::TileType *st = cube_rules::tile(c.args[0]), *dt = cube_rules::tile(target);
    if (!st || !dt || cube_rules::space(*st) != ir::MemSpace::Mat ||
        (cube_rules::space(*dt) != ir::MemSpace::Left && cube_rules::space(*dt) != ir::MemSpace::Right))
      return refuse("tile.extract must extract from pl.Mem.Mat into pl.Mem.Left or pl.Mem.Right (the ordinary cube path)");
    if (st->dtype != dt->dtype) return refuse("tile.extract changes the element type");
    // Its result's type states no valid rectangle: only whole valid sources have one meaning.
    if (!cube_rules::fully_valid(*st) || !cube_rules::fully_valid(*dt))
      return refuse("tile.extract of a partially valid matrix tile has no default Buffer recipe");
    return std::nullopt;
  }
  static Refusal check_buffer(const ir::Expr&, const ir::Call&, BufferCheckContext&) { return std::nullopt; }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    ir::Expr src = cx.handle(c.args[0], sp), dst = cx.handle(target, sp);
    if (!src || !dst) return;
    cx.emit("buffer.extract", {src, c.args[1], c.args[2], dst}, sp);
  }
};

/// tile.transpose_view: "needs no call: storage indexing has already declared the relabelled
/// window" ("Matrix storage and cube recipes"). The result's type carries the transposed fractal
/// layout (NZ read transposed is ZN: ir/op_infer.hpp), so the storage index declares it as another
/// descriptor of the source's window: a typed `buffer.reshape` alias ("a same-size relabel of that
/// window becomes a buffer.reshape alias"). Only a boxed (matrix-space) transpose is a relabel; a
/// row-major one would move data and has no recipe.
struct TransposeView {
  static constexpr std::string_view name = "transpose_view";
  static constexpr bool default_rollout = true;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.transpose_view"); }
  static bool produces(ir::OpId) { return false; }
  static Refusal applies(const ir::Expr& target, const ir::Call& c, const ApplyContext& ax) {
    const ir::TileType *st = cube_rules::tile(c.args.empty() ? nullptr : c.args[0]), *dt = cube_rules::tile(target);
    if (!st || !dt || !ir::is_matrix_space(cube_rules::space(*st)))
      return refuse("tile.transpose_view of a row-major (pl.Mem.Vec) tile moves data: no Buffer recipe (only a matrix-space transpose is a relabel)");
    if (ax.default_rollout() && (!cube_rules::fully_valid(*st) || !cube_rules::fully_valid(*dt)))
      return refuse("tile.transpose_view of a partially valid matrix tile has no default Buffer recipe");
    return std::nullopt;
  }
  static Refusal check_buffer(const ir::Expr&, const ir::Call&, BufferCheckContext&) { return std::nullopt; }
  /// No call: the result's handle is the storage index's alias of the source's window; what is
  /// checked is that it is that window (a relabel never moves data).
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    check_relabel_window(target, c, sp, cx);
  }

};

}  // namespace ptorw::lowering::recipes
