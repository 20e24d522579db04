// Exact evaluation of integer binary operators on constants, as the DSL (Python) defines them:
// `//` and `%` round toward negative infinity (-7 // 2 == -4, -7 % 2 == 1). Arithmetic is checked
// int64: a result that overflows, a division or modulo by zero, and a value outside the range of
// the destination dtype are refused (with the reason) instead of folded. In the ir layer: types
// fold the constant arithmetic of their dims with it (op_infer.hpp list_dims), and the parser,
// the rewrite rules and the analyses share it.
#pragma once
#include <cstdint>
#include <limits>
#include <optional>

#include "ptorw/ir/expr.hpp"

namespace ptorw::ir {

struct IntFold {
  std::int64_t value = 0;
  bool is_bool = false;       // comparisons produce a boolean
  const char* error = nullptr;  // set when the fold is refused
  explicit operator bool() const { return error == nullptr; }
};

inline bool is_comparison(ir::BinOp op) {
  return op == ir::BinOp::Lt || op == ir::BinOp::Le || op == ir::BinOp::Gt || op == ir::BinOp::Ge ||
         op == ir::BinOp::Eq || op == ir::BinOp::Ne;
}

/// Integer scalar dtypes the folder handles (TASK_ID is a handle, not a number).
inline bool is_int_scalar(ir::DType d) {
  using ir::DType;
  return d == DType::INT8 || d == DType::INT16 || d == DType::INT32 || d == DType::INT64 || d == DType::UINT8 ||
         d == DType::INDEX;
}

/// Does v fit the dtype? INDEX is 64-bit signed.
inline bool int_fits(ir::DType d, std::int64_t v) {
  using ir::DType;
  switch (d) {
    case DType::INT8: return v >= -128 && v <= 127;
    case DType::UINT8: return v >= 0 && v <= 255;
    case DType::INT16: return v >= -32768 && v <= 32767;
    case DType::INT32: return v >= std::numeric_limits<std::int32_t>::min() && v <= std::numeric_limits<std::int32_t>::max();
    case DType::BOOL: return v == 0 || v == 1;
    default: return true;
  }
}

inline IntFold fold_int(ir::BinOp op, std::int64_t a, std::int64_t b) {
  using ir::BinOp;
  IntFold r;
  auto fail = [&](const char* why) { r.error = why; return r; };
  switch (op) {
    case BinOp::Add:
      if (__builtin_add_overflow(a, b, &r.value)) return fail("int64 overflow");
      return r;
    case BinOp::Sub:
      if (__builtin_sub_overflow(a, b, &r.value)) return fail("int64 overflow");
      return r;
    case BinOp::Mul:
      if (__builtin_mul_overflow(a, b, &r.value)) return fail("int64 overflow");
      return r;
    case BinOp::FloorDiv: {
      if (b == 0) return fail("division by zero");
      if (a == std::numeric_limits<std::int64_t>::min() && b == -1) return fail("int64 overflow");
      std::int64_t q = a / b;
      if (a % b != 0 && ((a < 0) != (b < 0))) --q;  // C++ truncates; Python floors
      r.value = q;
      return r;
    }
    case BinOp::Mod: {
      if (b == 0) return fail("modulo by zero");
      if (b == -1) return r;  // always 0, and INT64_MIN % -1 is undefined in C++
      std::int64_t m = a % b;
      if (m != 0 && ((m < 0) != (b < 0))) m += b;  // the result takes the divisor's sign
      r.value = m;
      return r;
    }
    case BinOp::Min: r.value = a < b ? a : b; return r;
    case BinOp::Max: r.value = a < b ? b : a; return r;
    case BinOp::Lt: r.is_bool = true; r.value = a < b; return r;
    case BinOp::Le: r.is_bool = true; r.value = a <= b; return r;
    case BinOp::Gt: r.is_bool = true; r.value = a > b; return r;
    case BinOp::Ge: r.is_bool = true; r.value = a >= b; return r;
    case BinOp::Eq: r.is_bool = true; r.value = a == b; return r;
    case BinOp::Ne: r.is_bool = true; r.value = a != b; return r;
    default: return fail("not an integer operator");
  }
}

/// The value of an expression of constants, folded as fold_int does (checked int64, Python's //
/// and %); nullopt for anything else (a variable, a call, a float, an overflow, a division by
/// zero). With `bools`, booleans count as 0 / 1 (True/False, comparisons, `not`, and/or with
/// Python's short circuit: the parser's pl.static_assert and constants); without, only integers
/// and + - * // % min max and negation (the dims of types, const_int_value).
inline std::optional<std::int64_t> fold_constant(const ir::Expr& e, bool bools, int max_depth, int depth = 0) {
  if (!e || depth > max_depth) return std::nullopt;
  if (auto v = ir::const_int(e)) return v;
  if (auto* c = ir::expr_as<ir::ConstBool>(e)) return bools ? std::optional<std::int64_t>(c->value ? 1 : 0) : std::nullopt;
  if (auto* u = ir::expr_as<ir::Unary>(e)) {
    if (u->op == ir::UnOp::Not && !bools) return std::nullopt;
    auto v = fold_constant(u->operand, bools, max_depth, depth + 1);
    if (!v) return std::nullopt;
    if (u->op == ir::UnOp::Not) return *v == 0 ? 1 : 0;
    if (u->op == ir::UnOp::Neg && *v != std::numeric_limits<std::int64_t>::min()) return -*v;
    return std::nullopt;
  }
  auto* b = ir::expr_as<ir::Binary>(e);
  if (!b) return std::nullopt;
  const bool logic = b->op == ir::BinOp::And || b->op == ir::BinOp::Or;
  if (!bools && (logic || is_comparison(b->op))) return std::nullopt;
  auto l = fold_constant(b->lhs, bools, max_depth, depth + 1);
  if (!l) return std::nullopt;
  if (b->op == ir::BinOp::And && *l == 0) return 0;  // Python's short circuit
  if (b->op == ir::BinOp::Or && *l != 0) return 1;
  auto r = fold_constant(b->rhs, bools, max_depth, depth + 1);
  if (!r) return std::nullopt;
  if (logic) return *r != 0 ? 1 : 0;
  IntFold f = fold_int(b->op, *l, *r);
  if (!f) return std::nullopt;
  return f.value;
}

/// The value of an integer expression of constants (`2 * 8`, `512 // 4 - 1`, `-(16)`, min/max).
inline std::optional<std::int64_t> const_int_value(const ir::Expr& e) { return fold_constant(e, /*bools=*/false, 64); }

}  // namespace ptorw::ir
