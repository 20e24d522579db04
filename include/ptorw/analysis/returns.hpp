// Where a function returns. Most of ptorw reads a function's result from its trailing `return`;
// a function that also returns from inside an If arm or a loop (a *region-local* return) may hand
// back something else, so every reader that assumes one return asks `early_return` (or takes
// `sole_trailing_return`) first and declines otherwise (review rev15 H1, audit 2026-12-06: Patterns
// 3 and 5 changed meaning and the orchestration C++ spelled the wrong result for such kernels).
#pragma once
#include "ptorw/ir/function.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::analysis {

/// The first `return` of `f` that is not its last statement (a region-local one), or null.
inline const ir::StmtNode* early_return(const ir::Function& f) {
  const ir::Stmt* last = f.body ? ir::last_stmt(f.body) : nullptr;
  const ir::StmtNode* found = nullptr;
  if (f.body)
    visit::walk_all(
        f.body,
        [&](const ir::Stmt& s) {
          if (!found && ir::stmt_as<ir::Return>(s) && (!last || s.get() != last->get())) found = s.get();
        },
        [](const ir::Expr&) {});
  return found;
}

/// The function's trailing `return`, when it is its only one; null when there is no trailing
/// return or another one exists.
inline const ir::Return* sole_trailing_return(const ir::Function& f) {
  const ir::Stmt* last = f.body ? ir::last_stmt(f.body) : nullptr;
  auto* ret = last ? ir::stmt_as<ir::Return>(*last) : nullptr;
  return ret && !early_return(f) ? ret : nullptr;
}

}  // namespace ptorw::analysis
