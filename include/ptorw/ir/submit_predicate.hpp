// A pl.submit's dispatch predicate, `predicate=(t[i, j] OP literal)` (PyPTO tasks/03-tuning): "Only
// `tensor[indices] OP int-literal` is expressible: one comparison, with == != > < >= <=" and it
// "is matched syntactically and never evaluated" in the orchestration — the scheduler reads the
// element at the dispatch point. One matcher for everything that treats it specially: the
// verifier (its form; its producer in deps=), flatten-call-expr and the NoNestedCalls property
// (the comparison and the read stay in the submit; calls inside their operands move like any
// other argument's).
#pragma once
#include <string_view>
#include <utility>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/expr.hpp"

namespace ptorw::ir {

/// The submit keyword the scheduler matches at dispatch.
inline constexpr std::string_view kPredicateKey = "predicate";

/// The predicate= expression of a submit, or null.
inline const Expr* submit_predicate(const Submit& s) {
  const AttrValue* v = find_kwarg(s.kwargs, kPredicateKey);
  const Expr* e = v ? std::get_if<Expr>(v) : nullptr;
  return e && *e ? e : nullptr;
}

/// The element read of a predicate shaped `tensor.read(...) OP x` with a comparison OP; null for
/// any other shape.
inline const Call* predicate_read(const Expr& p) {
  auto* b = expr_as<Binary>(p);
  if (!b || b->op < BinOp::Lt || b->op > BinOp::Ne) return nullptr;
  auto* r = expr_as<Call>(b->lhs);
  return r && r->kind == CallKind::Op && r->callee == std::string_view("tensor.read") ? r : nullptr;
}

/// The one form the runtime evaluates: the read is of a tensor and the other side an integer literal.
inline bool is_dispatch_predicate(const Expr& p) {
  const Call* r = predicate_read(p);
  return r && !r->args.empty() && r->args[0] && type_as<TensorType>(r->args[0]->type) &&
         expr_as<ConstInt>(expr_as<Binary>(p)->rhs);
}

/// The ordinary expressions of a predicate with a read (predicate_read(p) non-null): the read's
/// operands, then the other side of the comparison.
template <class F> void for_each_predicate_operand(const Expr& p, F&& f) {
  for (const Expr& a : predicate_read(p)->args) f(a);
  f(expr_as<Binary>(p)->rhs);
}

/// `p` with each ordinary operand replaced by f(operand) (same order as for_each_predicate_operand);
/// `p` itself when f changed none. Precondition: predicate_read(p) is non-null.
template <class F> Expr map_predicate_operands(const Expr& p, F&& f) {
  const auto& b = *expr_as<Binary>(p);
  Call r = *predicate_read(p);
  bool changed = false;
  for (Expr& a : r.args) {
    Expr m = f(a);
    changed = changed || m != a;
    a = std::move(m);
  }
  Expr rhs = f(b.rhs);
  changed = changed || rhs != b.rhs;
  if (!changed) return p;
  Expr lhs = make_expr(std::move(r), b.lhs->type, b.lhs->span);
  return make_expr(Binary{b.op, std::move(lhs), std::move(rhs)}, p->type, p->span);
}

}  // namespace ptorw::ir
