// Removal of ifs whose condition is a constant (part of "simplify"):
//
//   if True:                          t = pl.tile.minimums(u, 2.0)
//       t = pl.tile.minimums(u, 2.0)  →     (uses of r read t)
//       r = pl.yield_(t)
//   else:
//       t2 = pl.tile.abs(u)
//       r = pl.yield_(t2)
//
// Such ifs appear once constants are propagated: a single-trip loop's `if j % 2 == 0:` becomes
// `if 0 % 2 == 0:`, which the index rules fold to `if True:`.
// Rule: an If whose condition is the constant True (False) is replaced by its then (else) arm, the
// arm's final pl.yield_ removed; every use of an If result reads the yielded value (a value that is
// not a variable or a constant is assigned to the result variable itself, so it is not duplicated
// into every use). `if False:` without an else arm disappears (it has no results).
// Declines (fail-closed) when a type mentions a result: types keep the variables they were written
// with, and a result that goes away would leave them reading nothing.
// Why a Function rule: the results are read after the If, anywhere in the rest of the function.
#pragma once
#include <boost/hana/tuple.hpp>
#include <string>
#include <unordered_set>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/patterns/normalize/use_subst.hpp"
#include "ptorw/rewrite/rule.hpp"

namespace ptorw::patterns::normalize {

namespace constant_if_detail {

inline const ir::ConstBool* constant_cond(const ir::Stmt& s) {
  auto* i = ir::stmt_as<ir::If>(s);
  return i ? ir::expr_as<ir::ConstBool>(i->cond) : nullptr;
}

inline bool removable(const ir::Stmt& s, const std::unordered_set<const ir::ExprNode*>& in_types) {
  if (!constant_cond(s)) return false;
  for (const auto& v : ir::stmt_as<ir::If>(s)->return_vars)
    if (in_types.count(v.get())) return false;
  return true;
}

/// Replaces every removable If by its taken arm (inner ones first); uses are redirected by one
/// final substitution.
class Folder {
 public:
  explicit Folder(const std::unordered_set<const ir::ExprNode*>& in_types) : in_types_(in_types) {}

  ir::Stmt body(const ir::Stmt& b) { return subst_.stmt(stmt(b)); }

 private:
  ir::Stmt stmt(const ir::Stmt& s) {
    if (!s) return s;
    if (removable(s, in_types_)) return take_arm(s, *ir::stmt_as<ir::If>(s));
    return visit::map_each_child(s, [](const ir::Expr& e) { return e; }, [&](const ir::Stmt& c) { return stmt(c); });
  }

  ir::Stmt take_arm(const ir::Stmt& s, const ir::If& i) {
    const ir::Stmt& arm = ir::expr_as<ir::ConstBool>(i.cond)->value ? i.then_body : i.else_body;
    std::vector<ir::Stmt> out;
    const ir::Stmt kept = stmt(arm);  // alive while it is spliced
    splice_yielding_block(kept, i.return_vars, s->span, subst_, out);
    return ir::make_seq(std::move(out), s->span);
  }

  const std::unordered_set<const ir::ExprNode*>& in_types_;
  UseSubst subst_;
};

}  // namespace constant_if_detail

struct RemoveConstantIfs {
  static constexpr std::string_view name = "remove_constant_ifs";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Function;
  static constexpr int benefit = 15;
  static std::string describe() {
    return "if True: A else: B  →  A (if False: → B), results := the taken arm's yielded values";
  }

  struct Bindings {
    ir::FunctionPtr fn;
    std::unordered_set<const ir::ExprNode*> in_types;
  };

  rewrite::MatchResult<Bindings> match(const ir::FunctionPtr& f, rewrite::Context&) const {
    if (!f->body) return rewrite::not_applicable();
    bool any_if = false, any_constant = false;
    visit::walk_stmts(f->body, [&](const ir::Stmt& s) {
      if (ir::stmt_as<ir::If>(s)) {
        any_if = true;
        any_constant = any_constant || constant_if_detail::constant_cond(s);
      }
    });
    if (!any_if) return rewrite::not_applicable();
    if (!any_constant) return rewrite::decline("no if with a constant condition (True or False)");
    Bindings b{f, vars_in_types(*f)};
    bool found = false;
    visit::walk_stmts(f->body, [&](const ir::Stmt& s) { found = found || constant_if_detail::removable(s, b.in_types); });
    if (!found) return rewrite::decline("a constant if's result appears in a type");
    return b;
  }

  ir::FunctionPtr rewrite(const Bindings& b, rewrite::Context&) const {
    constant_if_detail::Folder fold(b.in_types);
    ir::Stmt body = fold.body(b.fn->body);
    return ir::with_function(*b.fn, [&](ir::Function& g) { g.body = std::move(body); });
  }
};

inline constexpr auto constant_if_rules = boost::hana::make_tuple(RemoveConstantIfs{});

}  // namespace ptorw::patterns::normalize
