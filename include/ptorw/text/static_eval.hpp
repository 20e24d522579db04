// Values the parser knows while it reads: integer and boolean expressions over constants, folded
// as the DSL (Python) defines them (ir/int_fold.hpp: // and % round toward negative
// infinity, checked int64). Used where PyPTO evaluates at parse time: `pl.static_assert(cond, ...)`
// and top-level constants (`K = 512 // 4`, user docs "Closure capture": "Integer constants and
// constant arithmetic fold into the IR").
#pragma once
#include <cstdint>
#include <optional>

#include "ptorw/ir/expr.hpp"
#include "ptorw/ir/int_fold.hpp"

namespace ptorw::text {

/// The value of `e` (a boolean as 0 or 1), or nullopt when it is not known while parsing (a
/// variable, a call, a float, an overflow, a division by zero): ir::fold_constant with booleans.
inline std::optional<std::int64_t> static_int(const ir::Expr& e) { return ir::fold_constant(e, /*bools=*/true, 256); }

/// Whether `e` is boolean-typed (a comparison, and/or/not, True/False).
inline bool is_bool_valued(const ir::Expr& e) {
  auto* s = ir::type_as<ir::ScalarType>(e->type);
  return s && s->dtype == ir::DType::BOOL;
}

/// What Python's value of a constant expression is: a bool (True/False, a comparison, `not`, and/or
/// of bools), an int (arithmetic, even on bools: `True + 1` is 2), or, for and/or with an integer
/// operand, an operand (`0 or 8` is 8), which static_int does not compute (Ambiguous).
enum class PyBool : unsigned char { Bool, Int, Ambiguous };
inline PyBool python_bool_kind(const ir::Expr& e) {
  if (ir::expr_as<ir::ConstBool>(e)) return PyBool::Bool;
  if (auto* u = ir::expr_as<ir::Unary>(e)) return u->op == ir::UnOp::Not ? PyBool::Bool : PyBool::Int;
  auto* b = ir::expr_as<ir::Binary>(e);
  if (!b) return PyBool::Int;
  if (ir::is_comparison(b->op)) return PyBool::Bool;
  if (b->op != ir::BinOp::And && b->op != ir::BinOp::Or) return PyBool::Int;
  return python_bool_kind(b->lhs) == PyBool::Bool && python_bool_kind(b->rhs) == PyBool::Bool ? PyBool::Bool : PyBool::Ambiguous;
}

}  // namespace ptorw::text
