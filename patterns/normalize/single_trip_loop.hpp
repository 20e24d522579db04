// Removal of loops that run exactly once (part of "simplify"):
//
//   for i, (acc,) in pl.range(3, 4, init_values=(buf,)):       t = pl.load(src, [3 * 16, 0], [16, 32])
//       t = pl.load(src, [i * 16, 0], [16, 32])          →     nxt = pl.store(t, [3 * 16, 0], buf)
//       nxt = pl.store(t, [i * 16, 0], acc)                    return nxt
//       res = pl.yield_(nxt)
//   return res
//
// Rule: a For (range or parallel) whose start, stop and step are integer constants and that has
// exactly one trip is replaced by its body, where the loop variable becomes the constant start and
// each iter arg its init; the final pl.yield_ goes and every use of a loop result reads the yielded
// value instead. Values that are not a variable or a constant are not duplicated into every use:
// a non-trivial init is bound to a fresh variable before the body, and a non-trivial yielded value
// is assigned to the result variable itself. The index rules then fold `3 * 16`.
//
// Declines (fail-closed) when a type mentions the loop variable, an iter arg or a result: types are
// not rewritten (use_subst.hpp), so removing their definition would leave the type dangling.
// Why a Function rule: the results are read after the loop, anywhere in the rest of the function.
#pragma once
#include <boost/hana/tuple.hpp>
#include <string>
#include <unordered_set>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/patterns/normalize/use_subst.hpp"
#include "ptorw/rewrite/rule.hpp"

namespace ptorw::patterns::normalize {

namespace single_trip_detail {

/// Exactly one trip of `range(start, stop, step)` with constant bounds (Python range semantics).
inline bool one_trip(const ir::For& f) {
  auto a = ir::const_int(f.start), b = ir::const_int(f.stop), c = ir::const_int(f.step);
  if (!a || !b || !c || *c == 0) return false;
  __extension__ typedef __int128 wide;  // no overflow in the differences
  const wide lo = *a, hi = *b, step = *c;
  return step > 0 ? lo < hi && hi - lo <= step : lo > hi && lo - hi <= -step;
}

/// Whether `s` is a loop this rule removes.
inline bool removable(const ir::Stmt& s, const std::unordered_set<const ir::ExprNode*>& in_types) {
  auto* f = ir::stmt_as<ir::For>(s);
  if (!f || !one_trip(*f)) return false;
  if (in_types.count(f->loop_var.get())) return false;
  for (const auto* list : {&f->iter_args, &f->return_vars})
    for (const auto& v : *list)
      if (in_types.count(v.get())) return false;
  return true;
}

/// Inlines every removable loop (inner loops first); uses are redirected by one final substitution.
class Inliner {
 public:
  explicit Inliner(const std::unordered_set<const ir::ExprNode*>& in_types) : in_types_(in_types) {}

  ir::Stmt body(const ir::Stmt& b) { return subst_.stmt(stmt(b)); }

 private:
  ir::Stmt stmt(const ir::Stmt& s) {
    if (!s) return s;
    if (removable(s, in_types_)) return inline_loop(s, *ir::stmt_as<ir::For>(s));
    return visit::map_each_child(s, [](const ir::Expr& e) { return e; }, [&](const ir::Stmt& c) { return stmt(c); });
  }

  ir::Stmt inline_loop(const ir::Stmt& s, const ir::For& f) {
    std::vector<ir::Stmt> out;
    // Map values through the substitution so far: an init may read the result of a loop removed
    // before this one.
    const ir::DType index = ir::dtype_of(f.loop_var->type).value_or(ir::DType::INDEX);
    subst_.add(f.loop_var, ir::make_int(*ir::const_int(f.start), index, f.start->span));
    for (const auto& ia : f.iter_args) {
      auto* a = ir::expr_as<ir::IterArg>(ia);
      if (!a) continue;
      ir::Expr init = subst_.expr(a->init);
      if (!trivial_value(init)) {
        ir::Expr v = ir::make_var(a->name, ia->type, ia->span);
        out.push_back(ir::make_assign(v, init, ia->span));
        init = v;
      }
      subst_.add(ia, init);
    }
    // Keep the rewritten body alive while splicing it: the yield it ends in is read from it (a
    // temporary here was freed once a nested single-trip loop had been rewritten — found by test/fuzz).
    const ir::Stmt body = stmt(f.body);
    splice_yielding_block(body, f.return_vars, s->span, subst_, out);
    return ir::make_seq(std::move(out), s->span);
  }

  const std::unordered_set<const ir::ExprNode*>& in_types_;
  UseSubst subst_;
};

}  // namespace single_trip_detail

struct RemoveSingleTripLoops {
  static constexpr std::string_view name = "remove_single_trip_loops";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Function;
  static constexpr int benefit = 15;
  static std::string describe() {
    return "for i in pl.range(c, c + 1): body  →  body[i := c, iter args := inits], results := yielded values";
  }

  struct Bindings {
    ir::FunctionPtr fn;
    std::unordered_set<const ir::ExprNode*> in_types;
  };

  rewrite::MatchResult<Bindings> match(const ir::FunctionPtr& f, rewrite::Context&) const {
    if (!f->body) return rewrite::not_applicable();
    bool any_for = false, any_one_trip = false;
    visit::walk_stmts(f->body, [&](const ir::Stmt& s) {
      if (auto* x = ir::stmt_as<ir::For>(s)) {
        any_for = true;
        any_one_trip = any_one_trip || single_trip_detail::one_trip(*x);
      }
    });
    if (!any_for) return rewrite::not_applicable();
    if (!any_one_trip) return rewrite::decline("no loop with exactly one trip (constant start, stop and step)");
    Bindings b{f, vars_in_types(*f)};
    bool found = false;
    visit::walk_stmts(f->body, [&](const ir::Stmt& s) { found = found || single_trip_detail::removable(s, b.in_types); });
    if (!found) return rewrite::decline("a single-trip loop's variable, iter arg or result appears in a type");
    return b;
  }

  ir::FunctionPtr rewrite(const Bindings& b, rewrite::Context&) const {
    single_trip_detail::Inliner inl(b.in_types);
    ir::Stmt body = inl.body(b.fn->body);
    return ir::with_function(*b.fn, [&](ir::Function& g) { g.body = std::move(body); });
  }
};

inline constexpr auto single_trip_loop_rules = boost::hana::make_tuple(RemoveSingleTripLoops{});

}  // namespace ptorw::patterns::normalize
