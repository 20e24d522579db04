// The "flatten-call-expr" pass: every call gets a statement of its own.
//
//   y = self.f(self.g(a), pl.tensor.read(t, [0]) + 1)     g = self.g(a)
//                                                    →   read = pl.tensor.read(t, [0])
//                                                         y = self.f(g, read + 1)
//   return self.k(x)                                 →   k = self.k(x)
//                                                         return k
//
// A call (op call, user call or pl.submit) may stay only as the whole value of an assignment or of
// an expression statement. Anywhere else — an operand of another call or of arithmetic, an element
// of an offset list, a yielded or returned value, an if condition, a loop bound, an iter-arg init —
// it moves into a fresh assignment placed right before the statement, inner calls first and left to
// right, which is the order the nested form evaluates them in.
//
// One place cannot be flattened: a pl.while_ condition is evaluated at the start of every iteration
// and the IR has no statement position before it inside the loop, so a call there stays (the rule
// declines with that reason). A pl.submit's `predicate=(t[i, j] OP literal)` is not evaluated by the
// orchestration at all — the scheduler matches it at dispatch — so its comparison and element read
// stay in the submit; calls inside their operands move as anywhere else.
//
// `and` / `or` short-circuit (docs/semantics.md "Scalars", as in Python): the right operand runs
// only when the left does not decide. A call in the right operand therefore moves into the arm of
// an If that runs it, never before the statement (audit 2026-12-05: `a >= 0 or self.bump(buf) > 0`
// wrote buf when a >= 0, and `j < 8 and pl.tensor.read(t, [j]) > 0.0` read past t's end):
//
//   ok = a >= 0 or self.bump(buf) > 0     →   if a >= 0:  ok0 = pl.yield_(True)
//                                              else:       bump = self.bump(buf)
//                                                          ok0 = pl.yield_(a >= 0 or bump > 0)
//                                              ok = ok0
//
// (`and` runs the right operand in the then-arm and yields False in the else-arm). The arm that
// evaluates yields the operator itself over the hoisted operands, so the result is the BOOL the
// operator gives; a left operand that is not BOOL is tested as `left or False`.
// Produces NoNestedCalls; preserves SSA form (every temporary is a new variable).
#pragma once
#include <boost/hana/tuple.hpp>
#include <string>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/submit_predicate.hpp"
#include "ptorw/passes/property_check.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/patterns/normalize/use_subst.hpp"

namespace ptorw::patterns::normalize {

namespace flatten_detail {

using passes::property_detail::is_call;

/// Does `e` contain a call that must move out? With `keep_root`, `e` itself may be a call. The same
/// rule the NoNestedCalls property check applies (passes/property_check.hpp).
inline bool has_call(const ir::Expr& e, bool keep_root) {
  return passes::property_detail::nested_call(e, keep_root) != nullptr;
}

/// The temporary's name: the callee's last component (`self.k` → k, `tensor.read` → read).
inline std::string temp_name(const ir::Expr& call) {
  std::string callee;
  if (auto* c = ir::expr_as<ir::Call>(call)) callee = c->callee;
  if (auto* s = ir::expr_as<ir::Submit>(call)) callee = s->callee + "_task";
  auto dot = callee.rfind('.');
  return dot == std::string::npos ? callee : callee.substr(dot + 1);
}

/// Moves every call below `e` (and `e` itself unless `keep_root`) into `out` as `tmp = call`,
/// inner calls first, left to right; returns `e` with the temporaries in their place.
inline ir::Expr hoist(const ir::Expr& e, bool keep_root, std::vector<ir::Stmt>& out, ir::Span at);

/// `l and r` / `l or r` whose right operand holds a call: the call runs in an If arm (above).
inline ir::Expr hoist_short_circuit(const ir::Expr& e, const ir::Binary& b, std::vector<ir::Stmt>& out, ir::Span at) {
  const ir::Span sp = e->span.line ? e->span : at;
  ir::Expr lhs = hoist(b.lhs, false, out, at);
  std::vector<ir::Stmt> arm;
  ir::Expr rhs = hoist(b.rhs, false, arm, at);
  const ir::Type boolean = ir::scalar_type(ir::DType::BOOL);
  auto constant = [&](bool v) { return ir::make_bool(v, sp); };
  ir::Expr cond = lhs;
  if (auto* st = ir::type_as<ir::ScalarType>(lhs->type); !st || st->dtype != ir::DType::BOOL)
    cond = ir::make_expr(ir::Binary{ir::BinOp::Or, lhs, constant(false)}, boolean, sp);
  ir::Expr result = ir::make_var(b.op == ir::BinOp::Or ? "or_value" : "and_value", e->type, sp);
  arm.push_back(ir::make_stmt(ir::Yield{{ir::make_expr(ir::Binary{b.op, lhs, rhs}, e->type, sp)}}, sp));
  ir::Stmt evaluate = ir::make_seq(std::move(arm), sp);
  ir::Stmt decided = ir::make_stmt(ir::Yield{{constant(b.op == ir::BinOp::Or)}}, sp);
  const bool is_or = b.op == ir::BinOp::Or;
  out.push_back(ir::make_stmt(ir::If{cond, is_or ? decided : evaluate, is_or ? evaluate : decided, {result}}, sp));
  return result;
}

/// A pl.submit's arguments and keywords with their calls hoisted; of a keyword the scheduler
/// matches at dispatch (`predicate=`, passes::property_detail::dispatch_kwarg) the comparison and
/// its element read stay in the submit and only calls inside their operands move.
inline ir::Expr hoist_submit(const ir::Expr& e, const ir::Submit& s, std::vector<ir::Stmt>& out, ir::Span at) {
  bool changed = false;
  ir::Submit n{s.callee, {}, s.kwargs};
  n.args.reserve(s.args.size());
  for (const auto& a : s.args) {
    n.args.push_back(hoist(a, false, out, at));
    changed = changed || n.args.back() != a;
  }
  for (auto& kv : n.kwargs) {
    auto* x = std::get_if<ir::Expr>(&kv.second);
    if (!x) continue;
    // `t[i, j] OP literal`: the comparison and the read stay, their operands are flattened.
    const bool dispatch = passes::property_detail::dispatch_kwarg(kv.first) && ir::predicate_read(*x);
    ir::Expr h = dispatch ? ir::map_predicate_operands(*x, [&](const ir::Expr& a) { return hoist(a, false, out, at); })
                          : hoist(*x, false, out, at);
    changed = changed || h != *x;
    *x = std::move(h);
  }
  return changed ? ir::make_expr(std::move(n), e->type, e->span) : e;
}

inline ir::Expr hoist(const ir::Expr& e, bool keep_root, std::vector<ir::Stmt>& out, ir::Span at) {
  if (!e || ir::is_var_like(e)) return e;
  if (auto* b = ir::expr_as<ir::Binary>(e); b && (b->op == ir::BinOp::And || b->op == ir::BinOp::Or) && has_call(b->rhs, false))
    return hoist_short_circuit(e, *b, out, at);
  ir::Expr cur = ir::expr_as<ir::Submit>(e) ? hoist_submit(e, *ir::expr_as<ir::Submit>(e), out, at)
                                            : visit::map_each_child(e, [&](const ir::Expr& c) { return hoist(c, false, out, at); });
  if (keep_root || !is_call(cur)) return cur;
  const ir::Span sp = cur->span.line ? cur->span : at;
  ir::Expr tmp = ir::make_var(temp_name(cur), cur->type, sp);
  out.push_back(ir::make_assign(tmp, cur, sp));
  return tmp;
}

/// The hoisted assignments followed by the rewritten statement, as one Seq (spliced into the
/// enclosing body: bodies are flat statement lists, visit/flat_seq.hpp).
inline ir::Stmt with_hoisted(std::vector<ir::Stmt> hoisted, ir::Stmt s) {
  ir::Span sp = s->span;
  hoisted.push_back(std::move(s));
  return ir::make_seq(std::move(hoisted), sp);
}

struct StmtBinding {
  ir::Stmt stmt;
};

}  // namespace flatten_detail

/// `y = f(g(a))`, `f(g(a))` → `t = g(a); y = f(t)`: calls below the value of an assignment or an
/// expression statement.
struct FlattenNestedCalls {
  static constexpr std::string_view name = "flatten_nested_calls";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Stmt;
  static constexpr int benefit = 10;
  static constexpr std::uint32_t kinds = rewrite::stmt_kinds<ir::Assign, ir::Eval>;
  static std::string describe() { return "v = f(g(a))  →  t = g(a); v = f(t)   (also for expression statements)"; }

  static const ir::Expr& value(const ir::Stmt& s) {
    if (auto* a = ir::stmt_as<ir::Assign>(s)) return a->value;
    return ir::stmt_as<ir::Eval>(s)->value;
  }
  rewrite::MatchResult<flatten_detail::StmtBinding> match(const ir::Stmt& s, rewrite::Context&) const {
    if (!flatten_detail::has_call(value(s), true)) return rewrite::not_applicable();
    return flatten_detail::StmtBinding{s};
  }
  ir::Stmt rewrite(const flatten_detail::StmtBinding& b, rewrite::Context&) const {
    std::vector<ir::Stmt> hoisted;
    ir::Expr v = flatten_detail::hoist(value(b.stmt), true, hoisted, b.stmt->span);
    ir::Stmt n = b.stmt;
    if (auto* a = ir::stmt_as<ir::Assign>(b.stmt)) n = ir::make_assign(a->var, v, b.stmt->span);
    else n = ir::make_stmt(ir::Eval{v}, b.stmt->span);
    return flatten_detail::with_hoisted(std::move(hoisted), std::move(n));
  }
};

/// `return k(x)` → `r = k(x); return r`, and the same for `pl.yield_(k(x))`.
struct FlattenReturnedCalls {
  static constexpr std::string_view name = "flatten_returned_calls";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Stmt;
  static constexpr int benefit = 10;
  static constexpr std::uint32_t kinds = rewrite::stmt_kinds<ir::Return, ir::Yield>;
  static std::string describe() { return "return f(a)  →  r = f(a); return r   (also for pl.yield_)"; }

  static const std::vector<ir::Expr>& values(const ir::Stmt& s) {
    if (auto* r = ir::stmt_as<ir::Return>(s)) return r->values;
    return ir::stmt_as<ir::Yield>(s)->values;
  }
  rewrite::MatchResult<flatten_detail::StmtBinding> match(const ir::Stmt& s, rewrite::Context&) const {
    for (const auto& v : values(s))
      if (flatten_detail::has_call(v, false)) return flatten_detail::StmtBinding{s};
    return rewrite::not_applicable();
  }
  ir::Stmt rewrite(const flatten_detail::StmtBinding& b, rewrite::Context&) const {
    std::vector<ir::Stmt> hoisted;
    std::vector<ir::Expr> vs;
    for (const auto& v : values(b.stmt)) vs.push_back(flatten_detail::hoist(v, false, hoisted, b.stmt->span));
    ir::Stmt n = ir::stmt_as<ir::Return>(b.stmt) ? ir::make_stmt(ir::Return{std::move(vs)}, b.stmt->span)
                                                 : ir::make_stmt(ir::Yield{std::move(vs)}, b.stmt->span);
    return flatten_detail::with_hoisted(std::move(hoisted), std::move(n));
  }
};

/// `if f(a):` → `c = f(a); if c:`.
struct FlattenIfCondition {
  static constexpr std::string_view name = "flatten_if_condition";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Stmt;
  static constexpr int benefit = 10;
  static constexpr std::uint32_t kinds = rewrite::stmt_kinds<ir::If>;
  static std::string describe() { return "if f(a): ...  →  c = f(a); if c: ..."; }

  rewrite::MatchResult<flatten_detail::StmtBinding> match(const ir::Stmt& s, rewrite::Context&) const {
    if (!flatten_detail::has_call(ir::stmt_as<ir::If>(s)->cond, false)) return rewrite::not_applicable();
    return flatten_detail::StmtBinding{s};
  }
  ir::Stmt rewrite(const flatten_detail::StmtBinding& b, rewrite::Context&) const {
    ir::If n = *ir::stmt_as<ir::If>(b.stmt);
    std::vector<ir::Stmt> hoisted;
    n.cond = flatten_detail::hoist(n.cond, false, hoisted, b.stmt->span);
    return flatten_detail::with_hoisted(std::move(hoisted), ir::make_stmt(std::move(n), b.stmt->span));
  }
};

/// `for i in pl.range(f(a), init_values=(g(b),))` → `s = f(a); t = g(b); for i in pl.range(s, ...)`:
/// bounds and iter-arg inits are evaluated once, before the loop. A while condition cannot move.
struct FlattenLoopHeader {
  static constexpr std::string_view name = "flatten_loop_header";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Stmt;
  static constexpr int benefit = 10;
  static constexpr std::uint32_t kinds = rewrite::stmt_kinds<ir::For, ir::While>;
  static std::string describe() { return "for i in pl.range(f(a)): ...  →  n = f(a); for i in pl.range(n): ..."; }

  static bool init_has_call(const std::vector<ir::Expr>& ias) {
    for (const auto& ia : ias)
      if (auto* a = ir::expr_as<ir::IterArg>(ia); a && flatten_detail::has_call(a->init, false)) return true;
    return false;
  }
  rewrite::MatchResult<flatten_detail::StmtBinding> match(const ir::Stmt& s, rewrite::Context&) const {
    if (auto* f = ir::stmt_as<ir::For>(s)) {
      if (flatten_detail::has_call(f->start, false) || flatten_detail::has_call(f->stop, false) ||
          flatten_detail::has_call(f->step, false) || init_has_call(f->iter_args))
        return flatten_detail::StmtBinding{s};
      return rewrite::not_applicable();
    }
    auto* w = ir::stmt_as<ir::While>(s);
    if (init_has_call(w->iter_args)) return flatten_detail::StmtBinding{s};
    if (flatten_detail::has_call(w->cond, false))
      return rewrite::decline("a call in a pl.while_ condition stays: it runs every iteration and there is no "
                              "statement position before the condition");
    return rewrite::not_applicable();
  }

  ir::Stmt rewrite(const flatten_detail::StmtBinding& b, rewrite::Context&) const {
    std::vector<ir::Stmt> hoisted;
    const ir::Span at = b.stmt->span;
    // New inits mean new IterArg nodes; the body is redirected to them.
    UseSubst redirect;
    auto inits = [&](std::vector<ir::Expr>& ias) {
      for (auto& ia : ias) {
        auto* a = ir::expr_as<ir::IterArg>(ia);
        if (!a) continue;
        ir::Expr init = flatten_detail::hoist(a->init, false, hoisted, at);
        if (init == a->init) continue;
        ir::Expr fresh = ir::make_iter_arg(a->name, ia->type, std::move(init), ia->span);
        redirect.add(ia, fresh);
        ia = std::move(fresh);
      }
    };
    ir::Stmt n;
    if (auto* f = ir::stmt_as<ir::For>(b.stmt)) {
      ir::For k = *f;
      k.start = flatten_detail::hoist(k.start, false, hoisted, at);
      k.stop = flatten_detail::hoist(k.stop, false, hoisted, at);
      k.step = flatten_detail::hoist(k.step, false, hoisted, at);
      inits(k.iter_args);
      k.body = redirect.stmt(k.body);
      n = ir::make_stmt(std::move(k), at);
    } else {
      ir::While k = *ir::stmt_as<ir::While>(b.stmt);
      inits(k.iter_args);
      k.cond = redirect.expr(k.cond);
      k.body = redirect.stmt(k.body);
      n = ir::make_stmt(std::move(k), at);
    }
    return flatten_detail::with_hoisted(std::move(hoisted), std::move(n));
  }
};

inline const auto flatten_call_expr_rules = boost::hana::make_tuple(FlattenNestedCalls{}, FlattenReturnedCalls{},
                                                                    FlattenIfCondition{}, FlattenLoopHeader{});

inline passes::Pass make_flatten_call_expr_pass() {
  passes::PassProperties props;
  props.produced = {passes::IrProperty::NoNestedCalls};
  return passes::table_pass("flatten-call-expr", "give every call its own assignment (no call nested in another)",
                            props, flatten_call_expr_rules);
}

inline const bool flatten_call_expr_registered =
    passes::PassRegistry::global().add("flatten-call-expr", make_flatten_call_expr_pass);

}  // namespace ptorw::patterns::normalize
