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
#endif

}  // namespace ptorw::visit
