// Non-template entry points to the PFR child visitors of children.hpp.
//
// Why: `for_each_child` / `map_children` are templates over the callback, and each instantiation
// expands std::visit × PFR over every node kind. A rewrite driver instantiated per table, plus
// rules with their own lambdas, multiplied that into seconds of compile time per TU. These
// wrappers take a non-owning callable reference (FnRef), so the PFR machinery is instantiated once
// per TU whatever the number of callers; the price is one indirect call per child. They are entry
// points (ptorw/entry.hpp): with separate compilation, once per program, in the TU that includes
// ptorw/define_entries.hpp, and other TUs do not parse children.hpp for them (erased_impl.hpp).
#pragma once
#include "ptorw/entry.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/visit/fn_ref.hpp"

namespace ptorw::visit {

using ExprFn = FnRef<void(const ir::Expr&)>;
using StmtFn = FnRef<void(const ir::Stmt&)>;
using ExprMapFn = FnRef<ir::Expr(const ir::Expr&)>;
using StmtMapFn = FnRef<ir::Stmt(const ir::Stmt&)>;

PTORW_ENTRY void each_child(const ir::Expr& e, ExprFn fe);
PTORW_ENTRY void each_child(const ir::Stmt& s, ExprFn fe, StmtFn fs);
PTORW_ENTRY ir::Expr map_each_child(const ir::Expr& e, ExprMapFn fe);
PTORW_ENTRY ir::Stmt map_each_child(const ir::Stmt& s, ExprMapFn fe, StmtMapFn fs);
/// Every expression inside a type.
PTORW_ENTRY void each_type_expr(const ir::Type& t, ExprFn fe);

/// Pre-order walk of every expression under `e`.
PTORW_ENTRY void walk_exprs(const ir::Expr& e, ExprFn f);
/// Pre-order walk of every statement and expression under `s`.
PTORW_ENTRY void walk_all(const ir::Stmt& s, StmtFn on_stmt, ExprFn on_expr);
/// Pre-order walk of every statement under `s` (expressions are not entered).
PTORW_ENTRY void walk_stmts(const ir::Stmt& s, StmtFn on_stmt);

}  // namespace ptorw::visit

#if PTORW_ENTRY_BODIES
#include "ptorw/visit/erased_impl.hpp"
#endif
