// Whole-tree pre-order walks built on `children.hpp`.
#pragma once
#include <vector>

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

/// The definition nodes of a statement tree, in order: assignment targets (each element of a tuple
/// target), loop variables, iter args, loop and if results.
inline void definitions(const ir::Stmt& s, std::vector<ir::Expr>& out) {
  if (!s) return;
  auto on_stmt = [&](const ir::Stmt& st) {
    if (auto* a = ir::stmt_as<ir::Assign>(st)) {
      if (auto* t = ir::expr_as<ir::MakeTuple>(a->var)) out.insert(out.end(), t->elems.begin(), t->elems.end());
      else out.push_back(a->var);
    } else if (auto* l = ir::stmt_as<ir::For>(st)) {
      out.push_back(l->loop_var);
      out.insert(out.end(), l->iter_args.begin(), l->iter_args.end());
      out.insert(out.end(), l->return_vars.begin(), l->return_vars.end());
    } else if (auto* w = ir::stmt_as<ir::While>(st)) {
      out.insert(out.end(), w->iter_args.begin(), w->iter_args.end());
      out.insert(out.end(), w->return_vars.begin(), w->return_vars.end());
    } else if (auto* i = ir::stmt_as<ir::If>(st)) {
      out.insert(out.end(), i->return_vars.begin(), i->return_vars.end());
    }
  };
  auto on_expr = [](const ir::Expr&) {};
  walk(s, on_stmt, on_expr);
}

}  // namespace ptorw::visit
