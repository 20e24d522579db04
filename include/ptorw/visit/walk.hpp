// Whole-tree pre-order walks built on `children.hpp`.
#pragma once
#include "ptorw/visit/children.hpp"

namespace ptorw::visit {

/// Pre-order walk of every expression under `e` (shared subtrees are visited once per occurrence).
template <class F> void walk_expr(const ir::Expr& e, F& f) {
  f(e);
  for_each_child(e, [&](const ir::Expr& c) { walk_expr(c, f); });
}

/// Pre-order walk of every statement and expression under `s`.
template <class FS, class FE> void walk(const ir::Stmt& s, FS& on_stmt, FE& on_expr) {
  on_stmt(s);
  for_each_child(
      s, [&](const ir::Expr& e) { walk_expr(e, on_expr); }, [&](const ir::Stmt& c) { walk(c, on_stmt, on_expr); });
}

/// Whether some expression inside type `t` (dims, strides, valid shapes, MemRef operands, at any
/// depth) satisfies `pred`.
template <class P> bool type_mentions(const ir::Type& t, P&& pred) {
  bool found = false;
  auto on = [&](const ir::Expr& x) { found = found || pred(x); };
  for_each_type_expr(t, [&](const ir::Expr& d) {
    if (!found) walk_expr(d, on);
  });
  return found;
}

}  // namespace ptorw::visit
