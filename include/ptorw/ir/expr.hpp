// Expressions. A variable's identity is its node (pointer), never its name: `Var` and `IterArg`
// nodes are created once at their definition and every use shares the same handle.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "ptorw/ir/attr.hpp"
#include "ptorw/ir/symbol.hpp"
#include "ptorw/ir/type.hpp"

namespace ptorw::ir {

enum class BinOp : std::uint8_t { Add, Sub, Mul, FloorDiv, Mod, Div, Min, Max, Lt, Le, Gt, Ge, Eq, Ne, And, Or };
enum class UnOp : std::uint8_t { Neg, Not, Cast };
enum class CallKind : std::uint8_t { Op, Function };

struct Var { std::string name; };
/// A loop-carried value; `init` is the value on entry (../shared/design.md).
struct IterArg { std::string name; Expr init; };
struct ConstInt { std::int64_t value; };
struct ConstFloat { double value; };
struct ConstBool { bool value; };
struct Binary { BinOp op; Expr lhs; Expr rhs; };
struct Unary { UnOp op; Expr operand; };
/// An op call (`tile.add`) or a call of a user function of the program (`self.kernel(...)`).
struct Call {
  CallKind kind;
  Symbol callee;  // interned: one pointer (symbol.hpp)
  std::vector<Expr> args;
  Kwargs kwargs;
  Kwargs attrs;
};
/// `pl.submit(self.k, args...)`: a task launch; its type is (results..., TASK_ID).
struct Submit {
  Symbol callee;
  std::vector<Expr> args;
  Kwargs kwargs;
};
/// Tuples; also the list arguments of ops (`[r0, c0]`, `(64,)`).
struct MakeTuple { std::vector<Expr> elems; };
struct TupleGetItem { Expr tuple; std::int64_t index; };

using ExprKind = std::variant<Var, IterArg, ConstInt, ConstFloat, ConstBool, Binary, Unary, Call, Submit, MakeTuple,
                              TupleGetItem>;

struct ExprNode {
  ExprKind kind;
  Type type;
  Span span;
};

template <class K> const K* expr_as(const Expr& e) { return e ? std::get_if<K>(&e->kind) : nullptr; }
inline bool is_var_like(const Expr& e) { return expr_as<Var>(e) || expr_as<IterArg>(e); }
inline const std::string& var_name(const Expr& e) {
  static const std::string empty;
  if (auto* v = expr_as<Var>(e)) return v->name;
  if (auto* v = expr_as<IterArg>(e)) return v->name;
  return empty;
}
inline std::optional<std::int64_t> const_int(const Expr& e) {
  if (auto* c = expr_as<ConstInt>(e)) return c->value;
  return std::nullopt;
}
inline bool is_op_call(const Expr& e, std::string_view op) {
  auto* c = expr_as<Call>(e);
  return c && c->kind == CallKind::Op && c->callee == op;
}

}  // namespace ptorw::ir
