// Bodies of the entry points declared in visit/erased.hpp (see there).
#pragma once
// Included only by erased.hpp, after its declarations (never directly).
#include "ptorw/visit/children.hpp"

namespace ptorw::visit {

#if PTORW_ENTRY_BODIES
PTORW_ENTRY void each_child(const ir::Expr& e, ExprFn fe) { for_each_child(e, fe); }
PTORW_ENTRY void each_child(const ir::Stmt& s, ExprFn fe, StmtFn fs) { for_each_child(s, fe, fs); }
PTORW_ENTRY ir::Expr map_each_child(const ir::Expr& e, ExprMapFn fe) { return map_children(e, fe); }
PTORW_ENTRY ir::Stmt map_each_child(const ir::Stmt& s, ExprMapFn fe, StmtMapFn fs) { return map_children(s, fe, fs); }
PTORW_ENTRY void each_type_expr(const ir::Type& t, ExprFn fe) { for_each_type_expr(t, fe); }

// The walks recurse through the templated child visitors directly: only the caller's callbacks
// are type-erased, one indirect call per node (recursing through `each_child` cost two more per
// node and a non-inlined call per level; the passes walk whole functions many times).
namespace walk_detail {
inline void exprs(const ir::Expr& e, ExprFn f) {
  f(e);
  for_each_child(e, [&](const ir::Expr& c) { exprs(c, f); });
}
inline void all(const ir::Stmt& s, StmtFn on_stmt, ExprFn on_expr) {
  on_stmt(s);
  for_each_child(s, [&](const ir::Expr& e) { exprs(e, on_expr); }, [&](const ir::Stmt& c) { all(c, on_stmt, on_expr); });
}
inline void stmts(const ir::Stmt& s, StmtFn on_stmt) {
  if (!s) return;
  on_stmt(s);
  for_each_child(s, [](const ir::Expr&) {}, [&](const ir::Stmt& c) { stmts(c, on_stmt); });
}
}  // namespace walk_detail
PTORW_ENTRY void walk_exprs(const ir::Expr& e, ExprFn f) { walk_detail::exprs(e, f); }
PTORW_ENTRY void walk_all(const ir::Stmt& s, StmtFn on_stmt, ExprFn on_expr) { walk_detail::all(s, on_stmt, on_expr); }
PTORW_ENTRY void walk_stmts(const ir::Stmt& s, StmtFn on_stmt) { walk_detail::stmts(s, on_stmt); }
#endif

}  // namespace ptorw::visit
