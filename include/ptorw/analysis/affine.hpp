// Affine integer forms `c0 + Σ c_k * x_k` over a caller-chosen set of atoms (variable nodes), with
// checked int64 arithmetic. Used by OptimizeOrchTensors Pattern 5
// (../shared/spec/optimize_orch_tensors.md "Output-window eligibility": "offsets must be affine in
// the surrounding loop variables accepted by the pass"; "Safety of arithmetic" in issue 4: every
// offset computation is checked int64, overflow → baseline, never a wrong window).
//
// An expression is affine when it is built from integer constants, accepted atoms, `+`, `-`, unary
// `-`, and `*` where one side is constant. Anything else (division, modulo, min/max, casts, calls,
// an atom the caller does not accept) is refused with a reason. A variable that is not an atom may
// be *expanded* by the caller (e.g. a scalar defined by `row = i * 16` in orchestration).
//
// For remarks: `affine_text` prints a form ("row_base + 32*i + 16", atoms by name), and
// `scalar_text` prints an integer expression that is not affine ("i * i").
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "ptorw/ir/expr.hpp"

namespace ptorw::analysis {

struct Affine {
  std::int64_t constant = 0;
  std::vector<std::pair<const ir::ExprNode*, std::int64_t>> terms;  // sorted by atom, no zero coefficients

  bool is_constant() const { return terms.empty(); }
  std::int64_t coeff(const ir::ExprNode* atom) const {
    for (const auto& [a, c] : terms)
      if (a == atom) return c;
    return 0;
  }
  friend bool operator==(const Affine&, const Affine&) = default;
};

/// An affine form, or why the expression is not one.
struct AffineResult {
  std::optional<Affine> value;
  std::string why;
  static AffineResult ok(Affine a) { return {std::move(a), {}}; }
  static AffineResult fail(std::string w) { return {std::nullopt, std::move(w)}; }
};

/// a + k * b, checked.
inline std::optional<Affine> affine_axpy(const Affine& a, std::int64_t k, const Affine& b) {
  Affine r = a;
  std::int64_t scaled = 0;
  if (__builtin_mul_overflow(k, b.constant, &scaled) || __builtin_add_overflow(r.constant, scaled, &r.constant))
    return std::nullopt;
  for (const auto& [atom, c] : b.terms) {
    std::int64_t kc = 0;
    if (__builtin_mul_overflow(k, c, &kc)) return std::nullopt;
    auto it = std::find_if(r.terms.begin(), r.terms.end(), [&](const auto& t) { return t.first == atom; });
    if (it == r.terms.end()) {
      r.terms.emplace_back(atom, kc);
    } else if (__builtin_add_overflow(it->second, kc, &it->second)) {
      return std::nullopt;
    }
  }
  std::erase_if(r.terms, [](const auto& t) { return t.second == 0; });
  std::sort(r.terms.begin(), r.terms.end());
  return r;
}

/// How a variable of the expression is read: as an atom of the form, by expanding it to the form of
/// its definition, or not at all (the reason says why).
struct AtomPolicy {
  std::function<bool(const ir::Expr&)> is_atom;
  std::function<AffineResult(const ir::Expr&, int depth)> expand;  // may be empty: no expansion
};

inline AffineResult affine_of(const ir::Expr& e, const AtomPolicy& policy, int depth = 0) {
  constexpr int kMaxDepth = 64;
  if (!e) return AffineResult::fail("a missing expression");
  if (depth > kMaxDepth) return AffineResult::fail("an expression nested too deeply");
  if (auto c = ir::const_int(e)) return AffineResult::ok(Affine{*c, {}});
  if (ir::is_var_like(e)) {
    if (policy.is_atom(e)) return AffineResult::ok(Affine{0, {{e.get(), 1}}});
    if (policy.expand) return policy.expand(e, depth + 1);
    return AffineResult::fail("'" + ir::var_name(e) + "' is not an accepted variable");
  }
  if (auto* u = ir::expr_as<ir::Unary>(e); u && u->op == ir::UnOp::Neg) {
    AffineResult a = affine_of(u->operand, policy, depth + 1);
    if (!a.value) return a;
    auto r = affine_axpy(Affine{}, -1, *a.value);
    return r ? AffineResult::ok(std::move(*r)) : AffineResult::fail("int64 overflow");
  }
  auto* b = ir::expr_as<ir::Binary>(e);
  if (!b || (b->op != ir::BinOp::Add && b->op != ir::BinOp::Sub && b->op != ir::BinOp::Mul))
    return AffineResult::fail("an expression other than +, - and * by a constant");
  AffineResult l = affine_of(b->lhs, policy, depth + 1);
  if (!l.value) return l;
  AffineResult r = affine_of(b->rhs, policy, depth + 1);
  if (!r.value) return r;
  std::optional<Affine> out;
  if (b->op == ir::BinOp::Add) out = affine_axpy(*l.value, 1, *r.value);
  else if (b->op == ir::BinOp::Sub) out = affine_axpy(*l.value, -1, *r.value);
  else if (r.value->is_constant()) out = affine_axpy(Affine{}, r.value->constant, *l.value);
  else if (l.value->is_constant()) out = affine_axpy(Affine{}, l.value->constant, *r.value);
  else return AffineResult::fail("a product of two variables");
  return out ? AffineResult::ok(std::move(*out)) : AffineResult::fail("int64 overflow");
}

/// The name of an atom (a Var or IterArg node).
inline std::string atom_name(const ir::ExprNode* n) {
  if (auto* v = std::get_if<ir::Var>(&n->kind)) return v->name;
  if (auto* v = std::get_if<ir::IterArg>(&n->kind)) return v->name;
  return "?";
}

/// `row_base + 32*i - 16`: terms in the order their atoms are defined (parameters before loop
/// variables; by source position, then name — deterministic, unlike the node order), then the
/// constant; `0` when empty. For remarks only.
inline std::string affine_text(const Affine& a) {
  std::vector<std::tuple<std::uint32_t, std::uint32_t, std::string, std::int64_t>> order;
  for (const auto& [atom, c] : a.terms) order.emplace_back(atom->span.line, atom->span.col, atom_name(atom), c);
  std::sort(order.begin(), order.end());
  std::vector<std::pair<std::string, std::int64_t>> terms;
  for (const auto& t : order) terms.emplace_back(std::get<2>(t), std::get<3>(t));
  std::string s;
  auto put = [&](std::int64_t c, const std::string& name) {
    const bool neg = c < 0;
    std::string mag = neg ? std::to_string(c).substr(1) : std::to_string(c);  // INT64_MIN safe
    std::string body = name.empty() ? mag : (mag == "1" ? name : mag + "*" + name);
    s += s.empty() ? (neg ? "-" + body : body) : (neg ? " - " : " + ") + body;
  };
  for (const auto& [n, c] : terms) put(c, n);
  if (a.constant != 0 || s.empty()) put(a.constant, "");
  return s;
}

/// An integer scalar expression as text (`row_base + i * i`, `b - a`), parenthesized by
/// precedence; calls and lists spelled out; `...` for anything else.
/// For remarks only.
inline std::string scalar_text(const ir::Expr& e, int depth = 0) {
  if (!e || depth > 16) return "...";
  if (auto c = ir::const_int(e)) return std::to_string(*c);
  if (ir::is_var_like(e)) return ir::var_name(e);
  auto prec = [](const ir::Expr& x) {
    auto* b = ir::expr_as<ir::Binary>(x);
    if (!b) return 3;
    if (b->op == ir::BinOp::Add || b->op == ir::BinOp::Sub) return 1;
    if (b->op == ir::BinOp::Mul || b->op == ir::BinOp::FloorDiv || b->op == ir::BinOp::Mod || b->op == ir::BinOp::Div) return 2;
    return 0;
  };
  auto sub = [&](const ir::Expr& x, bool paren) {
    std::string t = scalar_text(x, depth + 1);
    return paren ? "(" + t + ")" : t;
  };
  if (auto* u = ir::expr_as<ir::Unary>(e))
    return (u->op == ir::UnOp::Neg ? "-" : u->op == ir::UnOp::Not ? "not " : "cast ") + sub(u->operand, prec(u->operand) < 3);
  if (auto* b = ir::expr_as<ir::Binary>(e)) {
    static const char* ops[] = {"+", "-", "*", "//", "%", "/", "min", "max", "<", "<=", ">", ">=", "==", "!=", "and", "or"};
    const int p = prec(e);
    return sub(b->lhs, prec(b->lhs) < p || p == 0) + " " + ops[static_cast<int>(b->op)] + " " +
           sub(b->rhs, prec(b->rhs) <= p || p == 0);
  }
  // A call (`pl.tensor.read(idx, [i])`, `pl.tile.get_block_idx()`): named, so a remark says which
  // value blocked it (audit 2026-12-06 F4: it said "offset ...").
  auto list = [&](const std::vector<ir::Expr>& xs) {
    std::string s;
    for (std::size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + scalar_text(xs[i], depth + 1);
    return s;
  };
  if (auto* c = ir::expr_as<ir::Call>(e)) return std::string(c->callee.view()) + "(" + list(c->args) + ")";
  if (auto* t = ir::expr_as<ir::MakeTuple>(e)) return "[" + list(t->elems) + "]";
  return "...";
}

}  // namespace ptorw::analysis
