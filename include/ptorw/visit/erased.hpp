// Non-template entry points to the PFR child visitors of children.hpp.
//
// Why: `for_each_child` / `map_children` are templates over the callback, and each instantiation
// expands std::visit × PFR over every node kind. A rewrite driver instantiated per table, plus
// rules with their own lambdas, multiplied that into seconds of compile time per TU. These
// wrappers take a non-owning callable reference (FnRef), so the PFR machinery is instantiated once
// per TU whatever the number of callers; the price is one indirect call per child.
#pragma once
#include <memory>
#include <type_traits>
#include <utility>

#include "ptorw/visit/children.hpp"

namespace ptorw::visit {

/// A non-owning reference to a callable (like C++26 std::function_ref). The callable must outlive
/// the call it is passed to — always true for a lambda argument.
template <class Sig> class FnRef;
template <class R, class... A> class FnRef<R(A...)> {
 public:
  template <class F>
    requires(!std::is_same_v<std::remove_cvref_t<F>, FnRef> && std::is_invocable_r_v<R, F&, A...>)
  FnRef(F&& f) noexcept  // NOLINT: implicit, like std::function_ref
      : obj_(const_cast<void*>(static_cast<const void*>(std::addressof(f)))),
        call_([](void* o, A... a) -> R { return (*static_cast<std::remove_reference_t<F>*>(o))(std::forward<A>(a)...); }) {}
  R operator()(A... a) const { return call_(obj_, std::forward<A>(a)...); }

 private:
  void* obj_;
  R (*call_)(void*, A...);
};

using ExprFn = FnRef<void(const ir::Expr&)>;
using StmtFn = FnRef<void(const ir::Stmt&)>;
using ExprMapFn = FnRef<ir::Expr(const ir::Expr&)>;
using StmtMapFn = FnRef<ir::Stmt(const ir::Stmt&)>;

inline void each_child(const ir::Expr& e, ExprFn fe) { for_each_child(e, fe); }
inline void each_child(const ir::Stmt& s, ExprFn fe, StmtFn fs) { for_each_child(s, fe, fs); }
inline ir::Expr map_each_child(const ir::Expr& e, ExprMapFn fe) { return map_children(e, fe); }
inline ir::Stmt map_each_child(const ir::Stmt& s, ExprMapFn fe, StmtMapFn fs) { return map_children(s, fe, fs); }

/// Pre-order walk of every expression under `e`.
inline void walk_exprs(const ir::Expr& e, ExprFn f) {
  f(e);
  each_child(e, [&](const ir::Expr& c) { walk_exprs(c, f); });
}
/// Pre-order walk of every statement and expression under `s`.
inline void walk_all(const ir::Stmt& s, StmtFn on_stmt, ExprFn on_expr) {
  on_stmt(s);
  each_child(s, [&](const ir::Expr& e) { walk_exprs(e, on_expr); }, [&](const ir::Stmt& c) { walk_all(c, on_stmt, on_expr); });
}
/// Every expression inside a type.
inline void each_type_expr(const ir::Type& t, ExprFn fe) { for_each_type_expr(t, fe); }

}  // namespace ptorw::visit
