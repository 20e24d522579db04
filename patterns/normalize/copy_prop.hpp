// Copy propagation (part of "simplify"): `fed = result; pl.yield_(fed)` becomes `pl.yield_(result)`,
// and dead-assignment removal then drops `fed = result`.
//
// Why: convert-to-ssa turns a natural rebinding (`acc = out` at the end of a loop body) into such a
// copy, and the patterns that match a value by identity — Pattern 1's "the result is yielded back
// to an iter-arg passed to the call", Pattern 3's "the loop result is used only by a tile.store" —
// saw the copy, not the value, so a program written the natural way never got them (audit
// 2026-12-05; Patterns 2, 4 and 5 follow copies through their caller facts).
//
// Rule: a variable assigned exactly once, whose value is a variable (or iter arg) of the same type,
// is replaced by that variable at every use (use_subst.hpp). Safe in SSA: the copy's uses are
// inside the copy's scope, which lies inside the scope of the variable it copies. Not propagated:
// a copy some type mentions (types keep the variables they were written with), a copy whose annotation
// gives another type than its value's (the copy then changes the type the uses see), and text
// read by names (not SSA: `y = x; x = ...; use(y)` — convert-to-ssa runs first).
#pragma once
#include <boost/hana/tuple.hpp>
#include <string>
#include <unordered_map>

#include "ptorw/patterns/normalize/use_subst.hpp"
#include "ptorw/rewrite/rule.hpp"
#include "ptorw/visit/equal.hpp"

namespace ptorw::patterns::normalize {

struct PropagateCopies {
  static constexpr std::string_view name = "propagate_copies";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Function;
  static constexpr int benefit = 19;  // before dead-assignment removal, which then drops `y = x`
  static std::string describe() { return "y = x; ... f(y) ...  →  ... f(x) ...   (y assigned once, same type as x)"; }

  struct Bindings {
    ir::FunctionPtr fn;
    std::unordered_map<const ir::ExprNode*, ir::Expr> copies;  // copy → the variable it copies
  };

  rewrite::MatchResult<Bindings> match(const ir::FunctionPtr& f, rewrite::Context&) const {
    if (!f->body || f->names == ir::NameBinding::Text) return rewrite::not_applicable();
    Bindings b{f, {}};
    visit::walk_stmts(f->body, [&](const ir::Stmt& s) {
      auto* a = ir::stmt_as<ir::Assign>(s);
      if (!a || !ir::expr_as<ir::Var>(a->var) || !a->value || !ir::is_var_like(a->value) || a->value == a->var) return;
      if (a->var->type != a->value->type && !visit::structural_equal(a->var->type, a->value->type).equal) return;
      b.copies.emplace(a->var.get(), a->value);
    });
    if (b.copies.empty()) return rewrite::not_applicable();
    drop_reassigned(f->body, b.copies);
    for (const ir::ExprNode* v : vars_in_types(*f)) b.copies.erase(v);
    if (any_read(f->body, b.copies)) return b;
    return rewrite::not_applicable();  // only unused copies: dead-assignment removal's job
  }

  ir::FunctionPtr rewrite(const Bindings& b, rewrite::Context&) const {
    UseSubst subst;  // follows chains `z = y; y = x` to x
    for (const auto& [v, x] : b.copies) subst.add(v, x);
    ir::Stmt body = subst.stmt(b.fn->body);
    return ir::with_function(*b.fn, [&](ir::Function& g) { g.body = std::move(body); });
  }
};

inline constexpr auto copy_prop_rules = boost::hana::make_tuple(PropagateCopies{});

}  // namespace ptorw::patterns::normalize
