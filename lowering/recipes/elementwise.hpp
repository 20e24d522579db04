// The elementwise recipes, driven row by row by lowering/recipes/elementwise_table.hpp
// (lower_tile_to_buffer.md: "Scalar recipe inputs are converted explicitly to the destination dtype
// before Buffer calls are constructed; fill shape/dtype select the destination descriptor";
// "recip requires a distinct destination"; "Precision attributes retain their existing native
// policy" — the `precision` kwarg is carried over unchanged).
#pragma once
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptorw/lowering/recipes/elementwise_table.hpp"
#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/recipes/recipe_context.hpp"
#include "ptorw/lowering/recipes/stated_valid.hpp"
#include "ptorw/visit/equal.hpp"

namespace ptorw::lowering::recipes {

/// `s` as a scalar of dtype `d`: constants are retyped, other values get an explicit pl.cast.
inline ir::Expr convert_scalar(const ir::Expr& s, ir::DType d, ir::Span sp) {
  auto* st = ir::type_as<ir::ScalarType>(s->type);
  if (st && st->dtype == d) return s;
  if (auto* f = ir::expr_as<ir::ConstFloat>(s)) {
    if (ir::is_float(d)) return ir::make_float(f->value, d, sp);
  }
  if (auto* i = ir::expr_as<ir::ConstInt>(s)) {
    if (ir::is_float(d)) return ir::make_float(static_cast<double>(i->value), d, sp);
    return ir::make_int(i->value, d, sp);
  }
  return ir::make_expr(ir::Unary{ir::UnOp::Cast, s}, ir::scalar_type(d), sp);
}

namespace elementwise_detail {
/// Physical shape and dtype of a tile, and its valid extents (-1 where not constant).
inline bool same_physical(const ir::TileType& a, const ir::TileType& b) {
  if (a.shape.size() != b.shape.size() || a.dtype != b.dtype) return false;
  for (std::size_t i = 0; i < a.shape.size(); ++i)
    if (ir::const_int(a.shape[i]) != ir::const_int(b.shape[i])) return false;
  return true;
}
inline std::vector<std::int64_t> valid_extents(const ir::TileType& t) {
  std::vector<std::int64_t> v;
  for (const auto& e : stated_valid_dims(t)) v.push_back(ir::const_int(e).value_or(-1));
  return v;
}
inline bool same_valid_exprs(const ir::TileType& a, const ir::TileType& b) {
  const auto& x = stated_valid_dims(a);
  const auto& y = stated_valid_dims(b);
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i)
    if (!same_value_expr(x[i], y[i])) return false;
  return true;
}
inline bool same_buffer_shape(const ir::BufferType& a, const ir::BufferType& b) {
  if (a.dtype != b.dtype || a.shape.size() != b.shape.size()) return false;
  for (std::size_t i = 0; i < a.shape.size(); ++i) {
    auto x = ir::const_int(a.shape[i]), y = ir::const_int(b.shape[i]);
    if (!x || !y || *x != *y) return false;
  }
  return true;
}
/// "When arithmetic combines window and allocation handles with different valid descriptors,
/// zero-offset subviews give the operands and destination matching per-dimension descriptors ...
/// These views preserve storage and use the current explicit valid extents; they add no data copies
/// or metadata updates to a window" (lower_tile_to_buffer.md "Runtime valid extents"). A window
/// keeps per-axis descriptors (a constant extent stays static) while an allocation whose metadata
/// can change has both dimensions dynamic: every handle typed unlike the window operand is read
/// (or written) through `h_view = buffer.subview(h, (0, 0), shape, valid)` typed like it.
inline void bridge_valid_descriptors(std::vector<ir::Expr>& handles, const ir::TileType& result, ir::Span sp,
                                     RecipeContext& cx) {
  if (!runtime_valid(result)) return;
  ir::Type want;
  for (const auto& h : handles)
    if (const ir::Call* d = ir::type_as<ir::BufferType>(h->type) ? cx.definition(h) : nullptr;
        d && ir::op_id(d->callee) == ir::op::id("buffer.subview")) {
      want = h->type;
      break;
    }
  if (!want) return;
  std::unordered_map<const ir::ExprNode*, ir::Expr> bridged;  // one view per handle (`add(x, x)`)
  for (auto& h : handles) {
    auto* b = ir::type_as<ir::BufferType>(h->type);
    if (!b || visit::structural_equal(h->type, want).equal) continue;
    auto [it, fresh] = bridged.emplace(h.get(), nullptr);
    if (fresh) {
      std::vector<ir::Expr> zeros(b->shape.size(), ir::make_int(0));
      it->second = ir::make_var(ir::var_name(h) + "_view", want, sp);
      cx.define(it->second, "buffer.subview",
                {h, ir::make_tuple(std::move(zeros), sp), ir::make_tuple(b->shape, sp), ir::make_tuple(result.view->valid_shape, sp)},
                sp);
    }
    h = it->second;
  }
}
}  // namespace elementwise_detail

struct Elementwise {
  static constexpr std::string_view name = "elementwise";
  static constexpr bool default_rollout = true;
  static bool matches(ir::OpId op) { return find_tile_recipe(op) != nullptr; }
  static bool produces(ir::OpId op) { return find_buffer_recipe(op) != nullptr; }
  /// The row's rules: an assigned tile of a dtype the row lists; the default rollout also needs a
  /// row of the spec's table and, for tile operands, "matching physical shapes and valid extents;
  /// matching valid extents alone do not qualify".
  static Refusal applies(const ir::Expr& target, const ir::Call& c, const ApplyContext& ax) {
    const ElementwiseRecipe& r = *find_tile_recipe(ir::op_id(c.callee));
    const std::string op(r.tile_op);
    if (ax.default_rollout() && !r.default_rollout) return refuse(op + " is outside the default rollout's recipe table");
    auto* tl = ir::type_as<ir::TileType>(target ? target->type : nullptr);
    if (!tl) return refuse(op + " must be assigned to a tile");
    if (!supports(r, tl->dtype)) return refuse("no Buffer recipe for " + op + " on pl." + std::string(ir::name_of(tl->dtype)));
    for (const auto& a : c.args) {
      auto* src = a ? ir::type_as<ir::TileType>(a->type) : nullptr;
      if (!src) continue;
      if (ax.default_rollout() && (!elementwise_detail::same_physical(*src, *tl) ||
                                   elementwise_detail::valid_extents(*src) != elementwise_detail::valid_extents(*tl)))
        return refuse(op + " operands and destination must have matching physical shapes and valid extents");
      // "Valid expressions must match structurally across arithmetic operands and result; two -1
      // descriptor dimensions alone do not prove matching runtime values" (Runtime-valid default
      // selection). Also in explicit pipelines: the one set_validshape of the destination is all
      // the native op sees.
      if ((runtime_valid(*src) || runtime_valid(*tl)) && !elementwise_detail::same_valid_exprs(*src, *tl))
        return refuse(op + " operands and destination with runtime valid extents must have structurally equal valid "
                           "expressions");
    }
    // The Buffer op computes the destination's valid region; the result of a fill is the whole tile
    // and an elementwise result has its first operand's valid region (semantics, Tiles). In every
    // mode (explicit conversion too: it would otherwise compute and store another region).
    const ir::TileType* first = nullptr;
    for (const auto& a : c.args)
      if (auto* t = a ? ir::type_as<ir::TileType>(a->type) : nullptr; t && !first) first = t;
    return stated_valid_refusal(*tl, first ? stated_valid_dims(*first) : tl->shape, op);
  }
  /// The BufferIR rule of a row's Buffer op: operand and destination descriptors have one physical
  /// shape and dtype, the dtype is listed, scalar operands have the destination dtype, and a row
  /// that needs it writes a distinct destination.
  static Refusal check_buffer(const ir::Expr&, const ir::Call& c, BufferCheckContext&) {
    const ElementwiseRecipe& r = *find_buffer_recipe(ir::op_id(c.callee));
    const std::string op(r.buffer_op);
    if (c.args.empty()) return std::nullopt;
    const ir::Expr& dst = c.args.back();
    auto* d = ir::type_as<ir::BufferType>(dst->type);
    if (!d) return std::nullopt;
    if (!supports(r, d->dtype)) return refuse(op + " has no recipe for pl." + std::string(ir::name_of(d->dtype)));
    for (std::size_t i = 0; i + 1 < c.args.size(); ++i) {
      const ir::Expr& a = c.args[i];
      if (auto* s = ir::type_as<ir::ScalarType>(a->type)) {
        if (s->dtype != d->dtype) return refuse(op + " scalar operand must be converted to the destination dtype");
        continue;
      }
      auto* b = ir::type_as<ir::BufferType>(a->type);
      if (!b) continue;
      if (!elementwise_detail::same_buffer_shape(*b, *d))
        return refuse(op + " operand " + std::to_string(i + 1) + " and destination must have one physical shape and dtype");
      if (r.distinct_destination && a == dst) return refuse(op + " requires a destination distinct from its operand");
    }
    return std::nullopt;
  }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    const ElementwiseRecipe& r = *find_tile_recipe(ir::op_id(c.callee));
    auto* tl = ir::type_as<ir::TileType>(target->type);  // `applies` asked: an assigned tile
    ir::Expr dst = cx.handle(target, sp);
    if (!dst) return;
    std::vector<ir::Expr> args;
    switch (r.arity) {
      case Arity::Binary:
      case Arity::Unary:
        for (const auto& a : c.args) {
          ir::Expr h = cx.handle(a, sp);
          if (!h) return;
          if (r.distinct_destination && h == dst)
            return cx.fail(sp, std::string(r.tile_op) + " requires a destination distinct from its operand");
          args.push_back(h);
        }
        break;
      case Arity::Scalar: {
        ir::Expr h = cx.handle(c.args[0], sp);
        if (!h) return;
        args = {h, convert_scalar(c.args[1], tl->dtype, sp)};
        break;
      }
      case Arity::Fill:
        args = {convert_scalar(c.args[1], tl->dtype, sp)};
        break;
    }
    args.push_back(dst);
    elementwise_detail::bridge_valid_descriptors(args, *tl, sp, cx);
    ir::Kwargs kw;
    if (auto* p = ir::find_kwarg(c.kwargs, "precision")) kw.emplace_back("precision", *p);
    cx.emit(r.buffer_op, std::move(args), sp, std::move(kw));
  }
};

}  // namespace ptorw::lowering::recipes
