// Pattern 5 callee offsets and loop bounds read through pure scalar definitions
// (../shared/spec/optimize_orch_tensors.md "Output-window eligibility": "offsets must be affine in
// the surrounding loop variables accepted by the pass" — a rule about values, not spellings;
// issue 15). In a callee
//
//     base = blk * 128                          # before the loop
//     for i, (acc,) in pl.range(4, init_values=(out,)):
//         row = base + i * 32                   # inside it (or in a nested loop)
//         s = pl.store(t, [row, 0], acc)        # offset row = 128*blk + 32*i
//
// a definition `x = e` of an INDEX/INT64 scalar variable (SSA: one per variable) is expanded to
// the form of `e`, and `e` must itself be affine over the atoms (the callee's In scalar params and,
// where the shape accepts one, the loop variable), constants and other such definitions: only pure
// INDEX arithmetic is followed. Other loops' variables, iter-args, If results, casts, division ...
// stay refused, and the refusal shows the offset resolved ("offset row_base + 32*i: 'i' is not an
// accepted variable", "offset row_base + i * i: a product of two variables").
//
// A window offset that mentions a local (or a cancelled loop variable) is materialized at the call
// site from its form over the params (`render`), never from the callee's spelling.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ptorw/analysis/affine.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/visit/tree_edit.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::patterns::window {

/// Whether a scalar of type `t` may enter an affine offset form: a signed integer of 32 bits or more
/// (INDEX, INT64, INT32). The forms are computed in 64-bit arithmetic, and a narrower value wraps
/// where they do not — an INT8 `r * 16` with r = 17 stores at row 16, while its form gives 272
/// (review, 37th session: a miscompile on both sides of the call). A wrapped INT32 value lies
/// outside every tensor extent, in the input and in the form alike.
inline bool affine_scalar(const ir::Type& t) {
  auto* s = ir::type_as<ir::ScalarType>(t);
  return s && (s->dtype == ir::DType::INDEX || s->dtype == ir::DType::INT64 || s->dtype == ir::DType::INT32);
}

/// `e` with every variable that `def_of` defines replaced by its definition (recursively), and the
/// result as text: an affine form when it is one over the remaining variables, else the expression.
template <class DefOf>
std::string resolved_text(const ir::Expr& e, const DefOf& def_of) {
  analysis::AtomPolicy any;
  any.is_atom = [&](const ir::Expr& v) { return def_of(v.get()) == nullptr; };
  any.expand = [&](const ir::Expr& v, int depth) { return analysis::affine_of(*def_of(v.get()), any, depth); };
  if (auto r = analysis::affine_of(e, any); r.value) return analysis::affine_text(*r.value);
  std::function<ir::Expr(const ir::Expr&, int)> subst = [&](const ir::Expr& x, int depth) -> ir::Expr {
    return visit::map_exprs(x, [&](const ir::Expr& v) {
      const ir::Expr* d = depth < 16 ? def_of(v.get()) : nullptr;
      return d ? subst(*d, depth + 1) : v;
    });
  };
  return analysis::scalar_text(subst(e, 0));
}

class CalleeScalars {
 public:
  explicit CalleeScalars(const ir::Function& f) : f_(f) {
    for (const auto& p : f.params)
      if (p.dir == ir::Direction::In && affine_scalar(p.var->type)) params_.insert(p.var.get());
    if (!f.body) return;
    visit::walk_all(f.body, [&](const ir::Stmt& s) {
      auto* a = ir::stmt_as<ir::Assign>(s);
      auto* t = a && ir::expr_as<ir::Var>(a->var) ? ir::type_as<ir::ScalarType>(a->var->type) : nullptr;
      if (t && (t->dtype == ir::DType::INDEX || t->dtype == ir::DType::INT64)) defs_.emplace(a->var.get(), a->value);
    }, [](const ir::Expr&) {});
  }

  /// The affine form of `e` over the In scalar params (and `loop_var`, when given), expanding pure
  /// definitions. A failure's reason starts with `e` resolved: "row_base + 32*i: 'i' is not ...".
  analysis::AffineResult form(const ir::Expr& e, const ir::Expr& loop_var = nullptr) const {
    analysis::AtomPolicy pol;
    pol.is_atom = [&](const ir::Expr& v) { return params_.count(v.get()) > 0 || (loop_var && v.get() == loop_var.get()); };
    pol.expand = [&](const ir::Expr& v, int depth) {
      const ir::Expr* d = def_of(v.get());
      return d ? analysis::affine_of(*d, pol, depth)
               : analysis::AffineResult::fail("'" + ir::var_name(v) + "' is not an accepted variable");
    };
    analysis::AffineResult r = analysis::affine_of(e, pol);
    if (!r.value) r.why = resolved(e) + ": " + r.why;
    return r;
  }

  /// `e` resolved through the definitions, as text (for remarks).
  std::string resolved(const ir::Expr& e) const {
    return resolved_text(e, [&](const ir::ExprNode* v) { return def_of(v); });
  }

  /// The window offset to materialize for callee offset `e` of form `a`: `e` itself when it
  /// mentions only params and constants (the call site substitutes the arguments), else `a`
  /// rendered over the params.
  ir::Expr window_offset(const ir::Expr& e, const analysis::Affine& a) const {
    bool params_only = true;
    visit::walk_exprs(e, [&](const ir::Expr& x) { params_only = params_only && (!ir::is_var_like(x) || params_.count(x.get())); });
    return params_only ? e : render(a);
  }

  /// An affine form over the params (and possibly `loop_var`) as an expression: the loop variable
  /// first, then params in order (`j * 64 - p * 64`), then the constant; `0` when empty. Only for
  /// offsets the pass computes, never to reprint user expressions.
  ir::Expr render(const analysis::Affine& a, const ir::Expr& loop_var = nullptr) const {
    std::vector<ir::Expr> order;
    if (loop_var) order.push_back(loop_var);
    for (const auto& p : f_.params) order.push_back(p.var);
    const ir::Type idx = ir::scalar_type(ir::DType::INDEX);
    ir::Expr out;
    auto add = [&](ir::BinOp op, ir::Expr term) {
      out = out ? ir::make_expr(ir::Binary{op, out, std::move(term)}, idx) : std::move(term);
    };
    for (const auto& v : order) {
      const std::int64_t c = a.coeff(v.get());
      if (c == 0) continue;
      const std::int64_t mag = c < 0 ? -c : c;  // c != INT64_MIN: forms come from checked arithmetic
      ir::Expr term = mag == 1 ? v : ir::make_expr(ir::Binary{ir::BinOp::Mul, v, ir::make_int(mag)}, idx);
      if (c < 0 && !out) term = ir::make_expr(ir::Unary{ir::UnOp::Neg, term}, idx);
      add(c < 0 && out ? ir::BinOp::Sub : ir::BinOp::Add, std::move(term));
    }
    if (!out) return ir::make_int(a.constant);
    if (a.constant > 0 || a.constant == INT64_MIN) add(ir::BinOp::Add, ir::make_int(a.constant));
    else if (a.constant < 0) add(ir::BinOp::Sub, ir::make_int(-a.constant));
    return out;
  }

 private:
  const ir::Expr* def_of(const ir::ExprNode* v) const {
    auto it = defs_.find(v);
    return it == defs_.end() ? nullptr : &it->second;
  }

  const ir::Function& f_;
  std::unordered_set<const ir::ExprNode*> params_;
  std::unordered_map<const ir::ExprNode*, ir::Expr> defs_;
};

}  // namespace ptorw::patterns::window
