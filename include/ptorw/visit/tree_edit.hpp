// The one substitution / tree-edit utility (issue 16, "Consolidate"): a statement or expression
// tree rebuilt bottom-up with some nodes replaced, every untouched subtree shared.
//
//   TreeEdit ed;
//   ed.exprs.emplace(old_use.get(), replacement);   // a use of a variable, or a whole call
//   ed.stmts.emplace(dead.get(), nullptr);          // a statement replaced; null erases it
//   ir::Stmt body = ed.body(f.body);
//
// The rule every copy of this code had to get right: an iter-arg's init is part of its IterArg
// definition node, so when an init changes the loop gets a fresh IterArg (same name; same type
// unless `iter_arg_type` says otherwise) and every use of the old one inside the loop follows it.
// This holds at any depth: an inner loop whose init mentions a replaced value gets a fresh IterArg
// too.
//
// Only *uses* may be mapped in `exprs`: a variable still defined in the tree would have its
// definition replaced too (map its definition as well, to rename or retype a variable). A mapped
// replacement and a statement replacement are inserted as given, not edited further.
// Types follow the edits: a node whose type reads a mapped variable (`valid_shape=[k, 64]` with
// `k` mapped, or an iter arg made fresh) is rebuilt with the type mapped the same way (constant
// dims folded, as types keep them), and a variable so retyped is mapped too, so that its uses
// follow its definition.
//
// Optional hooks, for edits that are not a fixed map:
//   rebuilt(old, now)  — every other non-variable expression, after its children were edited
//                        (`now` == `old` when nothing under it changed); returns what to use;
//   iter_arg_type(old, init) — the type of the fresh IterArg made for `old` with the new `init`.
//
// `map_exprs` (below) is the same walk in functional form, for edits decided node by node.
#pragma once
#include <functional>
#include <unordered_map>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/visit/call_type.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::visit {

/// Expression node → its replacement.
using SubstMap = std::unordered_map<const ir::ExprNode*, ir::Expr>;

struct TreeEdit {
  SubstMap exprs;
  std::unordered_map<const ir::StmtNode*, ir::Stmt> stmts;  // null: erase
  std::function<ir::Expr(const ir::Expr& old, const ir::Expr& now)> rebuilt{};
  std::function<ir::Type(const ir::Expr& old, const ir::Expr& init)> iter_arg_type{};

  /// `e` with the edits applied; `e` itself when nothing at or below it changed.
  ir::Expr expr(const ir::Expr& e) {
    if (!e) return e;
    if (auto it = exprs.find(e.get()); it != exprs.end()) return it->second;
    if (ir::is_var_like(e)) return retyped_var(e);
    ir::Expr now = visit::map_each_child(e, [&](const ir::Expr& c) { return expr(c); });
    if (ir::Type t = type(now->type); t != now->type) now = ir::with_type(now, std::move(t));
    return rebuilt ? rebuilt(e, now) : now;
  }

  /// `t` with the variables inside it mapped; `t` itself when it reads none that is.
  ir::Type type(const ir::Type& t) {
    return visit::map_type_uses(t, [&](const ir::Expr& d) { return expr(d); });
  }

  /// `s` with the edits applied; null when `s` itself is erased.
  ir::Stmt stmt(const ir::Stmt& s) {
    if (!s) return s;
    if (auto it = stmts.find(s.get()); it != stmts.end()) return it->second;
    if (auto* q = ir::stmt_as<ir::Seq>(s)) {
      std::vector<ir::Stmt> out;
      out.reserve(q->stmts.size());
      bool changed = false;
      for (const auto& c : q->stmts) {
        ir::Stmt n = stmt(c);
        changed |= n != c;
        if (n) out.push_back(std::move(n));
      }
      return changed ? ir::make_stmt(ir::Seq{std::move(out)}, s->span) : s;
    }
    if (const std::vector<ir::Expr>* args = iter_args(s))
      for (const auto& a : *args) fresh_iter_arg(a);
    return visit::map_each_child(
        s, [&](const ir::Expr& e) { return expr(e); },
        [&](const ir::Stmt& c) {
          ir::Stmt n = stmt(c);
          return n ? n : ir::make_stmt(ir::Seq{}, c->span);
        });
  }

  /// A function body with the edits applied (an erased body becomes empty).
  ir::Stmt body(const ir::Stmt& b) {
    if (!b) return b;
    ir::Stmt n = stmt(b);
    return n ? n : ir::make_stmt(ir::Seq{}, b->span);
  }

  static const std::vector<ir::Expr>* iter_args(const ir::Stmt& s) {
    if (auto* f = ir::stmt_as<ir::For>(s)) return &f->iter_args;
    if (auto* w = ir::stmt_as<ir::While>(s)) return &w->iter_args;
    return nullptr;
  }

 private:
  // Maps iter-arg `a` of a loop about to be rebuilt to a fresh IterArg when its init changes.
  void fresh_iter_arg(const ir::Expr& a) {
    auto* it = ir::expr_as<ir::IterArg>(a);
    if (!it || !it->init || exprs.count(a.get())) return;
    ir::Expr init = expr(it->init);
    ir::Type t = type(iter_arg_type && init != it->init ? iter_arg_type(a, init) : a->type);
    if (init != it->init || t != a->type) exprs.emplace(a.get(), ir::make_iter_arg(it->name, std::move(t), std::move(init), a->span));
  }
  // A variable not mapped whose type reads a mapped one: a new node of the same kind, mapped.
  ir::Expr retyped_var(const ir::Expr& v) {
    ir::Type t = type(v->type);
    if (t == v->type) return v;
    ir::Expr n = ir::with_type(v, std::move(t));
    exprs.emplace(v.get(), n);
    return n;
  }
};

/// The functional form, for edits decided node by node: `e` rebuilt bottom-up with every node —
/// variables and IterArgs included, each after its children (an IterArg's init) — passed through
/// `f`, which returns its argument to keep it. No IterArg rule is applied: `f` sees each IterArg at
/// its definition first and decides (Pattern 5's windowed clone, outlining).
inline ir::Expr map_exprs(const ir::Expr& e, const std::function<ir::Expr(const ir::Expr&)>& f) {
  ir::Expr rebuilt = visit::map_each_child(e, [&](const ir::Expr& c) { return map_exprs(c, f); });
  return f(rebuilt);
}
inline ir::Stmt map_exprs(const ir::Stmt& s, const std::function<ir::Expr(const ir::Expr&)>& f) {
  return visit::map_each_child(
      s, [&](const ir::Expr& e) { return map_exprs(e, f); }, [&](const ir::Stmt& c) { return map_exprs(c, f); });
}

}  // namespace ptorw::visit
