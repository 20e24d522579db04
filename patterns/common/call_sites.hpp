// Call sites of user functions across a program, and a program-wide call rewriter. Patterns that
// change a callee's signature (Pattern 1) or a parameter type (Patterns 2, 4) must see and
// rewrite every call site of that callee, in every function, at any nesting depth.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/visit/walk.hpp"

namespace ptorw::patterns {

struct CallSite {
  const ir::Function* caller;
  ir::Expr call;      // a Call (CallKind::Function) or Submit node
  ir::Span span;      // of the call, or of its statement when the call has none
  bool is_submit = false;

  const std::vector<ir::Expr>& args() const {
    if (auto* c = ir::expr_as<ir::Call>(call)) return c->args;
    return ir::expr_as<ir::Submit>(call)->args;
  }
};

/// Every call of `callee` (by `self.callee(...)` or `pl.submit(self.callee, ...)`), in program order.
inline std::vector<CallSite> call_sites(const ir::Program& p, const std::string& callee) {
  std::vector<CallSite> out;
  for (const auto& f : p.functions) {
    if (!f->body) continue;
    ir::Span stmt_span{};
    auto fs = [&](const ir::Stmt& s) { stmt_span = s->span; };
    auto fe = [&](const ir::Expr& e) {
      if (auto* c = ir::expr_as<ir::Call>(e); c && c->kind == ir::CallKind::Function && c->callee == callee)
        out.push_back({f.get(), e, e->span.line ? e->span : stmt_span, false});
      else if (auto* s = ir::expr_as<ir::Submit>(e); s && s->callee == callee)
        out.push_back({f.get(), e, e->span.line ? e->span : stmt_span, true});
    };
    visit::walk(f->body, fs, fe);
  }
  return out;
}

/// Rebuilds `s` bottom-up with every expression passed through `f` (f returns its argument to keep
/// it). Unchanged subtrees are shared.
inline ir::Expr map_exprs(const ir::Expr& e, const std::function<ir::Expr(const ir::Expr&)>& f) {
  ir::Expr rebuilt = visit::map_children(e, [&](const ir::Expr& c) { return map_exprs(c, f); });
  return f(rebuilt);
}
inline ir::Stmt map_exprs(const ir::Stmt& s, const std::function<ir::Expr(const ir::Expr&)>& f) {
  return visit::map_children(
      s, [&](const ir::Expr& e) { return map_exprs(e, f); }, [&](const ir::Stmt& c) { return map_exprs(c, f); });
}

}  // namespace ptorw::patterns
