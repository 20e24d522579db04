// Small constructors for IR nodes. Every node is created through these so that spans and types are
// never forgotten; nodes stay plain aggregates.
#pragma once
#include <memory>

#include "ptorw/ir/function.hpp"

namespace ptorw::ir {

// The node is built in its shared allocation (aggregate parenthesized init): a node kind is moved
// once, not through a temporary node as well (a million-statement parse makes four million nodes).
inline Expr make_expr(ExprKind k, Type t, Span sp = {}) {
  return std::make_shared<const ExprNode>(std::move(k), std::move(t), sp);
}
inline Stmt make_stmt(StmtKind k, Span sp = {}) { return std::make_shared<const StmtNode>(std::move(k), sp); }
inline Expr make_var(std::string name, Type t, Span sp = {}) { return make_expr(Var{std::move(name)}, std::move(t), sp); }
inline Expr make_iter_arg(std::string name, Type t, Expr init, Span sp = {}) {
  return make_expr(IterArg{std::move(name), std::move(init)}, std::move(t), sp);
}
/// A new node like `e` (same kind: a Var keeps its name, an IterArg its name and init) with type
/// `t`. A rename that reaches inside a type (`valid_shape=[k, 64]`, k renamed) makes these.
inline Expr with_type(const Expr& e, Type t) { return make_expr(e->kind, std::move(t), e->span); }
inline Expr make_int(std::int64_t v, DType d = DType::INDEX, Span sp = {}) { return make_expr(ConstInt{v}, scalar_type(d), sp); }
inline Expr make_float(double v, DType d = DType::FP32, Span sp = {}) { return make_expr(ConstFloat{v}, scalar_type(d), sp); }
inline Expr make_bool(bool v, Span sp = {}) { return make_expr(ConstBool{v}, scalar_type(DType::BOOL), sp); }
inline Expr make_tuple(std::vector<Expr> elems, Span sp = {}) {
  std::vector<Type> ts;
  ts.reserve(elems.size());
  for (auto& e : elems) ts.push_back(e->type);
  return make_expr(MakeTuple{std::move(elems)}, make_type(TupleType{std::move(ts)}), sp);
}
inline Expr make_get_item(Expr tuple, std::int64_t i, Span sp = {}) {
  Type t = unknown_type();
  if (auto* tt = type_as<TupleType>(tuple->type); tt && i >= 0 && static_cast<std::size_t>(i) < tt->elems.size())
    t = tt->elems[static_cast<std::size_t>(i)];
  return make_expr(TupleGetItem{std::move(tuple), i}, std::move(t), sp);
}
inline Stmt make_seq(std::vector<Stmt> stmts, Span sp = {}) { return make_stmt(Seq{std::move(stmts)}, sp); }
inline Stmt make_assign(Expr var, Expr value, Span sp = {}) { return make_stmt(Assign{std::move(var), std::move(value)}, sp); }

/// Result type of a call of `callee`: its single return type or a tuple of them.
inline Type call_result_type(const Function& callee) {
  if (callee.return_types.size() == 1) return callee.return_types[0];
  return make_type(TupleType{callee.return_types});
}

/// Copies a Function with a changed part (functions are immutable once shared).
template <class F> FunctionPtr with_function(const Function& f, F&& edit) {
  Function g = f;
  edit(g);
  return std::make_shared<const Function>(std::move(g));
}

}  // namespace ptorw::ir
