// The dtype a scalar Binary's operands convert to before it runs (docs/semantics.md "Scalar
// expressions"). One rule for every consumer, so the parser's typing, the interpreter, the PTO
// emitter (arith casts) and the orchestration C++ emitter (static_cast) cannot disagree on
// `a + b` with operands of two dtypes:
//   - arithmetic (+ - * / // % min max): both operands convert to the expression's own dtype (the
//     parser gave it `common_dtype` below), then the operation runs in it; BOOL arithmetic runs in
//     INDEX (`True + True` is 2, as in Python);
//   - comparisons: both convert to `compare_dtype`, a dtype that holds both integer operands
//     exactly (a comparison has no dtype of its own to wrap into);
//   - `and` / `or`: truth values, no conversion.
// Review rev44d 2 and 6: the PTO emitter refused a mixed INT8 + INT32 expression the interpreter
// ran, and the orchestration C++ converted an int operand to float before adding while the
// interpreter added exactly and rounded once.
#pragma once
#include <cstdint>

#include "ptorw/ir/expr.hpp"
#include "ptorw/ir/int_fold.hpp"
#include "ptorw/ir/type.hpp"

namespace ptorw::ir {

namespace detail {
inline int int_width(DType t) {
  switch (t) {
    case DType::BOOL: return 1;
    case DType::INT8: case DType::UINT8: return 8;
    case DType::INT16: return 16;
    case DType::INT32: return 32;
    default: return 64;  // INT64, INDEX
  }
}
/// The integer dtype holding every value of two integer dtypes (BOOL fits any).
inline DType wider_int(DType a, DType b) {
  if (a == b || b == DType::BOOL) return a;
  if (a == DType::BOOL) return b;
  const int wa = int_width(a), wb = int_width(b);
  if (wa != wb) return wa > wb ? a : b;
  if (a == DType::UINT8 || b == DType::UINT8) return DType::INT16;  // UINT8 with INT8
  return a == DType::INDEX ? a : b;                                   // INDEX with INT64
}
inline bool is_literal(const Expr& e) {
  return expr_as<ConstInt>(e) || expr_as<ConstFloat>(e) || expr_as<ConstBool>(e);
}
}  // namespace detail

/// The dtype an operand's value is held in: its IR dtype, except BOOL arithmetic (`a + b` of two
/// BOOLs is typed BOOL but runs and is kept in INDEX: `True + True` is 2). Review rev45c 1:
/// `(a + b) > 1` converted that 2 to BOOL (1) before comparing.
inline DType value_dtype(const Expr& e) {
  const DType d = dtype_of(e->type).value_or(DType::INDEX);
  if (d != DType::BOOL) return d;
  if (auto* b = expr_as<Binary>(e); b && !is_comparison(b->op) && b->op != BinOp::And && b->op != BinOp::Or)
    return DType::INDEX;
  if (auto* u = expr_as<Unary>(e); u && u->op == UnOp::Neg) return DType::INDEX;
  return d;
}

/// The dtype of arithmetic on operands of dtypes `a` and `b` (`a_lit`/`b_lit`: the operand is a
/// literal). A literal takes the other operand's dtype; otherwise a float over an integer, FP32
/// over FP16/BF16 (and for FP16 with BF16), the wider of two fixed-width integers (UINT8 with INT8:
/// INT16), and a pl.INDEX or BOOL operand takes the other's dtype (`acc = acc + i` keeps an INT32
/// accumulator INT32). The parser checks that an integer literal fits (Parser::arith_dtype).
inline DType common_dtype(DType a, bool a_lit, DType b, bool b_lit) {
  if (is_float(a) != is_float(b)) return is_float(a) ? a : b;
  if (a_lit && !b_lit) return b;
  if (b_lit && !a_lit) return a;
  if (a_lit) return b;  // two literals: the right one's
  if (a == b) return a;
  if (a == DType::BOOL || (a == DType::INDEX && b != DType::BOOL)) return b;
  if (b == DType::BOOL || b == DType::INDEX) return a;
  if (is_float(a)) return DType::FP32;
  return detail::wider_int(a, b);
}

/// The dtype both operands of a comparison convert to: a float when either is one (as
/// `common_dtype`: a float literal takes the other float's dtype); a BOOL next to another dtype
/// counts as a pl.INDEX; for integers, a dtype holding both values exactly — an integer literal
/// takes the other's dtype when it fits there, INT64 otherwise; two integer dtypes their wider one
/// (UINT8 with INT8: INT16; a pl.INDEX is 64-bit).
inline DType compare_dtype(const Expr& l, const Expr& r) {
  // A BOOL next to a number compares as a number (Python: `True == 1`; a BOOL variable assigned
  // BOOL arithmetic holds its INDEX value, `s = a + b` then `s > 1`).
  DType a = value_dtype(l), b = value_dtype(r);
  if ((a == DType::BOOL) != (b == DType::BOOL)) (a == DType::BOOL ? a : b) = DType::INDEX;
  const bool la = detail::is_literal(l), lb = detail::is_literal(r);
  if (is_float(a) || is_float(b)) return common_dtype(a, la, b, lb);
  auto fits = [](const Expr& lit, DType t) {
    auto* c = expr_as<ConstInt>(lit);
    return !c || int_fits(t, c->value);
  };
  if (la && !lb) return fits(l, b) ? b : detail::wider_int(b, DType::INT64);
  if (lb && !la) return fits(r, a) ? a : detail::wider_int(a, DType::INT64);
  return detail::wider_int(a, b);
}

/// The dtype the operands of scalar Binary `e` convert to before it runs (see the file comment).
inline DType operand_dtype(const Expr& e) {
  const auto& b = std::get<Binary>(e->kind);
  if (is_comparison(b.op)) return compare_dtype(b.lhs, b.rhs);
  if (b.op == BinOp::And || b.op == BinOp::Or) return DType::BOOL;
  const DType d = dtype_of(e->type).value_or(DType::INDEX);
  return d == DType::BOOL ? DType::INDEX : d;
}

}  // namespace ptorw::ir
