// Local edits of a statement tree, rebuilt bottom-up with every untouched subtree shared:
//   * `exprs`: expression node → replacement — variable uses (Pattern 1: the merged Out param
//     becomes the In param; Pattern 3: the final store's result becomes the loop result) or whole
//     calls (Pattern 1: a call site without its Out argument);
//   * `stmts`: statement node → replacement, a null replacement erases the statement (Pattern 1:
//     the dead tensor.create; Pattern 3: the dead tile.create and final store). A replacement is
//     inserted as given, not edited further.
//
// Only *uses* may be mapped in `exprs`: a node that is still defined in the tree would have its
// definition replaced too. Expressions inside types are not visited: the values these patterns
// retarget are tensors, which never occur inside a type.
//
// An iter-arg's init is part of its IterArg definition node, so when an init changes the loop gets
// a fresh IterArg (same name and type) and every use of the old one inside the loop follows it.
#pragma once
#include <unordered_map>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::patterns {

/// Expression node → its replacement.
using SubstMap = std::unordered_map<const ir::ExprNode*, ir::Expr>;

struct TreeEdits {
  SubstMap exprs;
  std::unordered_map<const ir::StmtNode*, ir::Stmt> stmts;  // null: erase
};

/// `e` with every mapped node replaced; `e` itself when nothing below it is mapped.
inline ir::Expr substitute(const ir::Expr& e, SubstMap& m) {
  if (!e) return e;
  if (auto it = m.find(e.get()); it != m.end()) return it->second;
  if (ir::is_var_like(e)) return e;
  return visit::map_each_child(e, [&](const ir::Expr& c) { return substitute(c, m); });
}

/// `s` with the edits applied; null when `s` itself is erased.
inline ir::Stmt apply_edits(const ir::Stmt& s, TreeEdits& ed) {
  if (!s) return s;
  if (auto it = ed.stmts.find(s.get()); it != ed.stmts.end()) return it->second;
  if (auto* q = ir::stmt_as<ir::Seq>(s)) {
    std::vector<ir::Stmt> out;
    out.reserve(q->stmts.size());
    bool changed = false;
    for (const auto& c : q->stmts) {
      ir::Stmt n = apply_edits(c, ed);
      changed |= n != c;
      if (n) out.push_back(std::move(n));
    }
    return changed ? ir::make_stmt(ir::Seq{std::move(out)}, s->span) : s;
  }
  const std::vector<ir::Expr>* iter_args = nullptr;
  if (auto* f = ir::stmt_as<ir::For>(s)) iter_args = &f->iter_args;
  if (auto* w = ir::stmt_as<ir::While>(s)) iter_args = &w->iter_args;
  if (iter_args)
    for (const auto& a : *iter_args)
      if (auto* it = ir::expr_as<ir::IterArg>(a); it && it->init && !ed.exprs.count(a.get()))
        if (ir::Expr init = substitute(it->init, ed.exprs); init != it->init)
          ed.exprs.emplace(a.get(), ir::make_iter_arg(it->name, a->type, std::move(init), a->span));
  return visit::map_each_child(
      s, [&](const ir::Expr& e) { return substitute(e, ed.exprs); },
      [&](const ir::Stmt& c) {
        ir::Stmt n = apply_edits(c, ed);
        return n ? n : ir::make_stmt(ir::Seq{}, c->span);
      });
}

/// A function body with the edits applied (an erased body becomes empty).
inline ir::Stmt edit_body(const ir::Stmt& body, TreeEdits& ed) {
  if (!body) return body;
  ir::Stmt n = apply_edits(body, ed);
  return n ? n : ir::make_stmt(ir::Seq{}, body->span);
}

}  // namespace ptorw::patterns
