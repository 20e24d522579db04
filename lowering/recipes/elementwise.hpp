// The elementwise recipes, driven row by row by lowering/recipes/elementwise_table.hpp
// (lower_tile_to_buffer.md: "Scalar recipe inputs are converted explicitly to the destination dtype
// before Buffer calls are constructed; fill shape/dtype select the destination descriptor";
// "recip requires a distinct destination"; "Precision attributes retain their existing native
// policy" — the `precision` kwarg is carried over unchanged).
#pragma once
#include <string_view>

#include "ptorw/lowering/recipes/elementwise_table.hpp"
#include "ptorw/lowering/recipes/recipe_context.hpp"

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

struct Elementwise {
  static constexpr std::string_view name = "elementwise";
  static bool matches(ir::OpId op) { return find_tile_recipe(op) != nullptr; }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    const ElementwiseRecipe& r = *find_tile_recipe(ir::op_id(c.callee));
    auto* tl = ir::type_as<ir::TileType>(target ? target->type : nullptr);
    if (!tl) return cx.fail(sp, std::string(r.tile_op) + " must be assigned to a tile");
    if (!supports(r, tl->dtype))
      return cx.fail(sp, "no Buffer recipe for " + std::string(r.tile_op) + " on pl." + std::string(ir::name_of(tl->dtype)));
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
    ir::Kwargs kw;
    if (auto* p = ir::find_kwarg(c.kwargs, "precision")) kw.emplace_back("precision", *p);
    cx.emit(r.buffer_op, std::move(args), sp, std::move(kw));
  }
};

}  // namespace ptorw::lowering::recipes
