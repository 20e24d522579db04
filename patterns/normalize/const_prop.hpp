// Integer constant propagation (part of "simplify"): `n = 16; pl.load(t, [n * i, 0], [n, 32])`
// becomes `pl.load(t, [16 * i, 0], [16, 32])`, and the index rules then fold what appears.
//
// Rule: a variable assigned exactly once, whose value is an integer constant and whose type is an
// integer scalar the constant fits, is replaced by the constant at every use in an expression:
// call arguments, offset lists (MakeTuple elements), arithmetic, loop bounds, conditions, yields,
// returns and iter-arg inits (ptorw/patterns/normalize/use_subst.hpp). Only INDEX variables: a
// constant prints as a bare literal, which reads back as INDEX — an INT32 or INT8 constant in its
// place would print `2147483647 + 1` for an INT32 sum that wraps, and the text would compute in
// INDEX (audit 2026-12-05; dsl.md: output parses back to an equal program). The assignment itself
// is left to remove_dead_pure_assigns.
// Not propagated: a variable some type mentions (`n = 16; t = pl.load(x, [0, 0], [n, 32])` gives t
// the type Tile[[n, 32]]): types keep their dims as written (use_subst.hpp would carry the constant
// into them, making a dynamic extent static, a change of form this rule does not make), and a call
// whose arguments say 16 while its type says n would print as text that no longer parses back;
// such a variable keeps its uses and its definition.
//
// Why a Function rule: the binding is in one statement and its uses anywhere below; one sweep
// collects every constant binding and replaces every use at once — O(n) per application.
#pragma once
#include <boost/hana/tuple.hpp>
#include <string>
#include <unordered_map>

#include "ptorw/ir/int_fold.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/patterns/normalize/use_subst.hpp"
#include "ptorw/rewrite/rule.hpp"

namespace ptorw::patterns::normalize {

struct PropagateIntConstants {
  static constexpr std::string_view name = "propagate_int_constants";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Function;
  static constexpr int benefit = 20;  // before dead-assignment removal, which then drops `n = 16`
  static std::string describe() {
    return "n = c; ... f(n) ...  →  ... f(c) ...   (n an integer scalar assigned once)";
  }

  struct Bindings {
    ir::FunctionPtr fn;
    std::unordered_map<const ir::ExprNode*, ir::Expr> consts;  // variable → its constant
  };

  rewrite::MatchResult<Bindings> match(const ir::FunctionPtr& f, rewrite::Context&) const {
    if (!f->body) return rewrite::not_applicable();
    Bindings b{f, {}};
    visit::walk_stmts(f->body, [&](const ir::Stmt& s) {
      auto* a = ir::stmt_as<ir::Assign>(s);
      if (!a || !ir::expr_as<ir::Var>(a->var)) return;
      auto c = ir::const_int(a->value);
      auto* st = ir::type_as<ir::ScalarType>(a->var->type);
      if (c && st && st->dtype == ir::DType::INDEX)
        b.consts.emplace(a->var.get(), ir::make_int(*c, st->dtype, a->value->span));
    });
    if (b.consts.empty()) return rewrite::not_applicable();
    drop_reassigned(f->body, b.consts);  // a node assigned twice (not SSA)
    for (const ir::ExprNode* v : vars_in_types(*f)) b.consts.erase(v);
    // An operand of arithmetic with a non-INDEX operand stays a variable: `k + x` with x INT8 is
    // INDEX arithmetic, but `100 + x` reads back as INT8 (a literal takes the other operand's width).
    visit::walk_all(f->body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) {
      auto* bin = ir::expr_as<ir::Binary>(e);
      if (!bin || !bin->lhs || !bin->rhs) return;
      auto other_narrow = [](const ir::Expr& o) {
        auto d = ir::dtype_of(o->type);
        return d && *d != ir::DType::INDEX;
      };
      if (b.consts.count(bin->lhs.get()) && other_narrow(bin->rhs)) b.consts.erase(bin->lhs.get());
      if (b.consts.count(bin->rhs.get()) && other_narrow(bin->lhs)) b.consts.erase(bin->rhs.get());
    });
    if (b.consts.empty()) return rewrite::not_applicable();
    if (b.consts.empty()) return rewrite::decline("every integer constant variable is mentioned by a type");

    if (any_read(f->body, b.consts)) return b;
    return rewrite::not_applicable();  // only unused constants: dead-assignment removal's job
  }

  ir::FunctionPtr rewrite(const Bindings& b, rewrite::Context&) const {
    UseSubst subst;
    for (const auto& [v, c] : b.consts) subst.add(v, c);
    ir::Stmt body = subst.stmt(b.fn->body);
    return ir::with_function(*b.fn, [&](ir::Function& g) { g.body = std::move(body); });
  }
};

inline constexpr auto const_prop_rules = boost::hana::make_tuple(PropagateIntConstants{});

}  // namespace ptorw::patterns::normalize
