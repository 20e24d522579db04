// Arithmetic on single elements: the scalar expressions of the IR (`i * 64 + 32`, comparisons,
// `pl.cast`) and the per-element kernels of the tile and tensor ops share these functions, so a
// scalar `a + b` and a `tile.add` of the same values cannot disagree (docs/semantics.md
// "Arithmetic").
//
// Floats: operands are decoded exactly to double, the operation is done in double and the result
// rounded once to the result dtype (round to nearest, ties to even). For +, -, *, / and sqrt this
// is the correctly rounded result of FP32/FP16/BF16 arithmetic, since double carries more than
// 2p + 2 bits for each of them. Integers: the exact operation on the operands' 64-bit values,
// wrapped (two's complement) to the result dtype; `//` and `%` follow Python (floor, sign of the
// divisor); a zero divisor is an error.
#pragma once
#include <cmath>
#include <limits>
#include <utility>

#include "ptorw/interp/value.hpp"
#include "ptorw/ir/expr.hpp"

namespace ptorw::interp {

namespace detail {
inline double fmin_nan(double x, double y) {
  if (std::isnan(x) || std::isnan(y)) return std::numeric_limits<double>::quiet_NaN();
  return y < x ? y : x;
}
inline double fmax_nan(double x, double y) {
  if (std::isnan(x) || std::isnan(y)) return std::numeric_limits<double>::quiet_NaN();
  return y > x ? y : x;
}
/// Python's float (x // y, x % y), y != 0, as CPython computes them (floatobject.c,
/// _float_div_mod): the quotient is (x - x % y) / y floored, so `inf // y` is NaN and `x // inf`
/// is 0 or -1; a zero remainder takes the divisor's sign (`-2.0 % 2.0` is 0.0, `2.0 % -2.0` -0.0).
inline std::pair<double, double> py_float_divmod(double x, double y) {
  double mod = std::fmod(x, y);
  double div = (x - mod) / y;
  if (mod != 0) {
    if ((y < 0) != (mod < 0)) {
      mod += y;
      div -= 1.0;
    }
  } else {
    mod = std::copysign(0.0, y);
  }
  double floordiv;
  if (div != 0) {
    floordiv = std::floor(div);
    if (div - floordiv > 0.5) floordiv += 1.0;
  } else {
    floordiv = std::copysign(0.0, x / y);
  }
  return {floordiv, mod};
}
inline std::int64_t int_operand(Bits b, DType d) {
  if (ir::is_float(d)) fail("a float operand in integer arithmetic (use pl.cast)");
  return int_value(b);
}
}  // namespace detail

/// a `op` b for arithmetic ops (Add .. Max), result in dtype `r`.
inline Bits arith(ir::BinOp op, Bits a, DType da, Bits b, DType db, DType r) {
  using ir::BinOp;
  if (ir::is_float(r)) {
    const double x = double_value(a, da), y = double_value(b, db);
    double z = 0;
    switch (op) {
      case BinOp::Add: z = x + y; break;
      case BinOp::Sub: z = x - y; break;
      case BinOp::Mul: z = x * y; break;
      case BinOp::Div: z = x / y; break;  // IEEE: x/0 is ±inf, 0/0 NaN
      case BinOp::FloorDiv:
        if (y == 0) fail("floor division by zero");
        z = detail::py_float_divmod(x, y).first;
        break;
      case BinOp::Mod:
        if (y == 0) fail("modulo by zero");
        z = detail::py_float_divmod(x, y).second;
        break;
      case BinOp::Min: z = detail::fmin_nan(x, y); break;
      case BinOp::Max: z = detail::fmax_nan(x, y); break;
      default: fail("not an arithmetic operator");
    }
    return float_bits(z, r);
  }
  const std::int64_t x = detail::int_operand(a, da), y = detail::int_operand(b, db);
  const std::uint64_t ux = static_cast<std::uint64_t>(x), uy = static_cast<std::uint64_t>(y);
  constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
  switch (op) {
    case BinOp::Add: return wrap_int(ux + uy, r);
    case BinOp::Sub: return wrap_int(ux - uy, r);
    case BinOp::Mul: return wrap_int(ux * uy, r);  // the low 64 bits of the product, as two's complement
    case BinOp::FloorDiv: {
      if (y == 0) fail("integer floor division by zero");
      if (x == kMin && y == -1) return wrap_int(ux, r);  // -2^63 // -1 wraps to -2^63
      std::int64_t q = x / y;
      if (x % y != 0 && ((x < 0) != (y < 0))) --q;
      return int_bits(q, r);
    }
    case BinOp::Mod: {
      if (y == 0) fail("integer modulo by zero");
      if (y == -1) return int_bits(0, r);
      std::int64_t m = x % y;
      if (m != 0 && ((m < 0) != (y < 0))) m += y;
      return int_bits(m, r);
    }
    case BinOp::Div: fail("'/' on integers has no integer result; use '//'");
    case BinOp::Min: return int_bits(y < x ? y : x, r);
    case BinOp::Max: return int_bits(y > x ? y : x, r);
    default: fail("not an arithmetic operator");
  }
}

/// Comparisons: as doubles when either side is a float (NaN is unordered), else as integers.
inline bool compare(ir::BinOp op, Bits a, DType da, Bits b, DType db) {
  using ir::BinOp;
  if (ir::is_float(da) || ir::is_float(db)) {
    const double x = double_value(a, da), y = double_value(b, db);
    switch (op) {
      case BinOp::Lt: return x < y;
      case BinOp::Le: return x <= y;
      case BinOp::Gt: return x > y;
      case BinOp::Ge: return x >= y;
      case BinOp::Eq: return x == y;
      case BinOp::Ne: return x != y;
      default: fail("not a comparison");
    }
  }
  const std::int64_t x = int_value(a), y = int_value(b);
  switch (op) {
    case BinOp::Lt: return x < y;
    case BinOp::Le: return x <= y;
    case BinOp::Gt: return x > y;
    case BinOp::Ge: return x >= y;
    case BinOp::Eq: return x == y;
    case BinOp::Ne: return x != y;
    default: fail("not a comparison");
  }
}

/// Conversion with a located error for values that have no image (NaN or huge float -> integer).
inline Scalar convert(const Scalar& s, DType to) {
  auto b = convert_bits(s.bits, s.dtype, to);
  if (!b)
    fail("cannot convert " + std::to_string(s.as_double()) + " to " + std::string(ir::name_of(to)) +
         " (NaN, infinite or outside the int64 range)");
  return {to, *b};
}

/// A scalar binary expression; `r` is the expression's dtype from the IR. The caller converts the operands
/// to their common dtype first (eval.hpp, ir/scalar_promotion.hpp); tile ops call `arith` directly.
inline Scalar scalar_binary(ir::BinOp op, const Scalar& a, const Scalar& b, DType r) {
  using ir::BinOp;
  switch (op) {
    case BinOp::Lt: case BinOp::Le: case BinOp::Gt: case BinOp::Ge: case BinOp::Eq: case BinOp::Ne:
      return {DType::BOOL, compare(op, a.bits, a.dtype, b.bits, b.dtype) ? 1u : 0u};
    case BinOp::And: return {DType::BOOL, a.truth() && b.truth() ? 1u : 0u};
    case BinOp::Or: return {DType::BOOL, a.truth() || b.truth() ? 1u : 0u};
    default: break;
  }
  if (r == DType::BOOL) r = DType::INDEX;  // `True + True` is 2, as in Python; stored as INDEX
  return {r, arith(op, a.bits, a.dtype, b.bits, b.dtype, r)};
}

inline Scalar scalar_unary(ir::UnOp op, const Scalar& a, DType r) {
  switch (op) {
    case ir::UnOp::Not: return {DType::BOOL, a.truth() ? 0u : 1u};
    case ir::UnOp::Cast: return convert(a, r);
    case ir::UnOp::Neg:
      if (r == DType::BOOL) r = DType::INDEX;  // `-True` is -1, as in Python: BOOL arithmetic is kept in INDEX
      if (ir::is_float(r)) return {r, float_bits(-double_value(a.bits, a.dtype), r)};
      return {r, wrap_int(0 - static_cast<std::uint64_t>(detail::int_operand(a.bits, a.dtype)), r)};
  }
  fail("unknown unary operator");
}

}  // namespace ptorw::interp
