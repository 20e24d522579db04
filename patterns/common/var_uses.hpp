// Use counts of variables: how often each variable node occurs in a body *other than* at its
// definition (assignment targets, loop variables, iter args, loop/If results). Uses inside
// kwargs (`dump_vars=[x]`) and iter-arg inits count; uses inside types do not (the patterns ask
// about tensors, which never occur in a type).
//
// Patterns 1 and 3 ask "is this value used only here?" before they move or drop it.
#pragma once
#include <type_traits>

#include "ptorw/ir/function.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/ptr_map.hpp"

namespace ptorw::patterns {

using UseCounts = visit::PtrMap<int>;  // variable node → uses (open addressing: one miss per lookup)

namespace var_uses_detail {
inline void count_defs(const ir::Stmt& s, UseCounts& n) {
  auto def = [&](const ir::Expr& v) {
    if (auto* t = ir::expr_as<ir::MakeTuple>(v)) {
      for (const auto& x : t->elems)
        if (x) --*n.try_emplace(x.get(), 0).first;
    } else if (v) {
      --*n.try_emplace(v.get(), 0).first;
    }
  };
  ir::visit_stmt([&](const auto& k) {
    using K = std::decay_t<decltype(k)>;
    if constexpr (std::is_same_v<K, ir::Assign>) def(k.var);
    if constexpr (std::is_same_v<K, ir::For>) def(k.loop_var);
    if constexpr (std::is_same_v<K, ir::For> || std::is_same_v<K, ir::While>)
      for (const auto& a : k.iter_args) def(a);
    if constexpr (requires { k.return_vars; })
      for (const auto& r : k.return_vars) def(r);
  }, s->kind);
}
}  // namespace var_uses_detail

/// Uses of every variable under `body` (occurrences minus definitions). `on_stmt` and `on_expr`
/// are called in the same walk, for every statement and every expression (walk_all's order), so an
/// analysis that needs another whole-function scan does not pay for a second walk (FunctionFacts
/// collects Pattern 2's tensor.assembles this way).
template <class OnStmt, class OnExpr> UseCounts count_uses(const ir::Stmt& body, OnStmt&& on_stmt, OnExpr&& on_expr) {
  UseCounts n;
  if (!body) return n;
  visit::walk_all(
      body,
      [&](const ir::Stmt& s) {
        var_uses_detail::count_defs(s, n);
        on_stmt(s);
      },
      [&](const ir::Expr& e) {
        if (ir::is_var_like(e)) ++*n.try_emplace(e.get(), 0).first;
        on_expr(e);
      });
  return n;
}
inline UseCounts count_uses(const ir::Stmt& body) {
  return count_uses(body, [](const ir::Stmt&) {}, [](const ir::Expr&) {});
}

inline int uses_of(const UseCounts& n, const ir::Expr& v) {
  if (!v) return 0;
  const int* c = n.find(v.get());
  return c ? *c : 0;
}

/// Whether variable `v` occurs anywhere under `s` (definitions included).
inline bool mentions(const ir::Stmt& s, const ir::ExprNode* v) {
  bool found = false;
  if (s)
    visit::walk_all(s, [](const ir::Stmt&) {}, [&](const ir::Expr& e) { found |= e.get() == v; });
  return found;
}

}  // namespace ptorw::patterns
