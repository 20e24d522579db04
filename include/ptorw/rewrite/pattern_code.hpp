// The runtime half of one-line int rules (pattern.hpp): a pattern is compiled at compile time to a
// flat array of PNodes, and these non-template functions match, fold, build and print it.
//
// Why an interpreter: a template instantiation per rule for matching, folding, building and
// printing made every rule cost ~70 ms of compile time per TU; with the data-driven form a rule
// is a constexpr array plus two one-line stubs, and tables can grow to hundreds of rows.
#pragma once
#include <array>
#include <cstdint>
#include <string>

#include "ptorw/ir/int_fold.hpp"
#include "ptorw/analysis/purity.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/rewrite/identical.hpp"
#include "ptorw/rewrite/rule.hpp"

namespace ptorw::rewrite::pat {

inline constexpr int kSlots = 6;
inline constexpr const char* kSlotNames[kSlots] = {"x", "y", "z", "c1", "c2", "c3"};

/// What a match binds: one expression per slot, and the matched root.
struct Binds {
  std::array<ir::Expr, kSlots> e{};
  ir::Expr root;
};

enum class PK : std::uint8_t { Wild, Const, Lit, Bin, Fold, Pure, NotConst };

/// One pattern node. Children are indices into the same array (-1: none).
struct PNode {
  PK kind = PK::Lit;
  ir::BinOp op = ir::BinOp::Add;
  std::int8_t slot = -1;
  std::int8_t l = -1, r = -1;
  std::int64_t value = 0;
};

/// A compiled rule: result root at rhs[0] (or lhs root at lhs[0]); predicates are a flat list.
struct RuleCode {
  const PNode* lhs;
  const PNode* rhs;
  const PNode* preds;
  int npreds;
  unsigned wild_mask;  // slots bound by Wild (operands kept as-is: must have the root's dtype)
};

namespace code {

inline bool bind(int slot, const ir::Expr& e, Binds& b) {
  auto& s = b.e[static_cast<std::size_t>(slot)];
  if (s) return identical(s, e);  // a variable used twice must be the same tree
  s = e;
  return true;
}

inline bool match(const PNode* p, int i, const ir::Expr& e, Binds& b) {
  const PNode& n = p[i];
  switch (n.kind) {
    case PK::Wild: return bind(n.slot, e, b);
    case PK::Const: return ir::expr_as<ir::ConstInt>(e) && bind(n.slot, e, b);
    case PK::Lit: {
      auto c = ir::const_int(e);
      return c && *c == n.value;
    }
    case PK::Bin: {
      auto* x = ir::expr_as<ir::Binary>(e);
      return x && x->op == n.op && match(p, n.l, x->lhs, b) && match(p, n.r, x->rhs, b);
    }
    default: return false;
  }
}

inline ir::DType result_int_dtype(const Binds& b) {
  auto d = ir::dtype_of(b.root->type);
  return d && ir::is_int_scalar(*d) ? *d : ir::DType::INDEX;
}

inline ir::IntFold eval(const PNode* p, int i, const Binds& b) {
  const PNode& n = p[i];
  switch (n.kind) {
    case PK::Const: return {*ir::const_int(b.e[static_cast<std::size_t>(n.slot)]), false, nullptr};
    case PK::Lit: return {n.value, false, nullptr};
    case PK::Bin: {
      ir::IntFold l = eval(p, n.l, b), r = eval(p, n.r, b);
      if (!l) return l;
      if (!r) return r;
      if (l.is_bool || r.is_bool) return {0, false, "a comparison cannot be an arithmetic operand"};
      return ir::fold_int(n.op, l.value, r.value);
    }
    default: return {0, false, "not a constant"};
  }
}

/// Null when the result can be built; otherwise why not (a fold fails, a value does not fit).
inline const char* unbuildable(const PNode* p, int i, const Binds& b) {
  const PNode& n = p[i];
  switch (n.kind) {
    case PK::Lit: return ir::int_fits(result_int_dtype(b), n.value) ? nullptr : "literal does not fit the result dtype";
    case PK::Fold: {
      ir::IntFold r = eval(p, n.l, b);
      if (!r) return r.error;
      if (!r.is_bool && !ir::int_fits(result_int_dtype(b), r.value)) return "folded value does not fit the result dtype";
      return nullptr;
    }
    case PK::Bin: {
      if (const char* w = unbuildable(p, n.l, b)) return w;
      return unbuildable(p, n.r, b);
    }
    default: return nullptr;
  }
}

inline ir::Expr build(const PNode* p, int i, const Binds& b) {
  const PNode& n = p[i];
  switch (n.kind) {
    case PK::Wild:
    case PK::Const: return b.e[static_cast<std::size_t>(n.slot)];
    case PK::Lit: return ir::make_int(n.value, result_int_dtype(b), b.root->span);
    case PK::Fold: {
      ir::IntFold r = eval(p, n.l, b);  // checked by `unbuildable` at match time
      if (r.is_bool) return ir::make_bool(r.value != 0, b.root->span);
      return ir::make_int(r.value, result_int_dtype(b), b.root->span);
    }
    case PK::Bin: {
      ir::Type t = ir::is_comparison(n.op) ? ir::scalar_type(ir::DType::BOOL) : b.root->type;
      return ir::make_expr(ir::Binary{n.op, build(p, n.l, b), build(p, n.r, b)}, std::move(t), b.root->span);
    }
    default: return nullptr;
  }
}

inline const char* check(const PNode& n, const Binds& b) {
  const ir::Expr& e = b.e[static_cast<std::size_t>(n.slot)];
  if (n.kind == PK::Pure) return analysis::is_pure(e) ? nullptr : "the dropped operand may have side effects";
  if (n.kind == PK::NotConst) return ir::expr_as<ir::ConstInt>(e) ? "operand is a constant" : nullptr;
  return nullptr;
}

/// Int rules apply to integer scalars only: the root is an int (BOOL for comparisons), every bound
/// operand is an int scalar, and an operand kept as-is has the root's dtype.
inline const char* int_guard(const Binds& b, unsigned wild_mask) {
  auto* root_t = ir::type_as<ir::ScalarType>(b.root->type);
  const bool cmp = ir::is_comparison(ir::expr_as<ir::Binary>(b.root)->op);
  if (!root_t || !(cmp ? root_t->dtype == ir::DType::BOOL : ir::is_int_scalar(root_t->dtype)))
    return "not an integer expression";
  for (int i = 0; i < kSlots; ++i) {
    const ir::Expr& e = b.e[static_cast<std::size_t>(i)];
    if (!e) continue;
    auto* t = ir::type_as<ir::ScalarType>(e->type);
    if (!t || !ir::is_int_scalar(t->dtype)) return "operand is not an integer scalar";
    if (!cmp && ((wild_mask >> i) & 1u) && t->dtype != root_t->dtype) return "operand dtype differs from the result dtype";
  }
  return nullptr;
}

inline MatchResult<Binds> match_rule(const RuleCode& rc, const ir::Expr& e) {
  Binds b;
  if (!match(rc.lhs, 0, e, b)) return not_applicable();
  b.root = e;
  if (const char* w = int_guard(b, rc.wild_mask)) return decline(w);
  for (int i = 0; i < rc.npreds; ++i)
    if (const char* w = check(rc.preds[i], b)) return decline(w);
  if (const char* w = unbuildable(rc.rhs, 0, b)) return decline(w);
  // A result that is a bound operand must have the expression's dtype: `x * 0 → 0` under an INT8
  // product would put the INDEX literal in its place, and the text of `x * 0 + 30` would print as
  // `0 + 30`, INDEX arithmetic (audit 2026-12-05).
  if (const PNode& r = rc.rhs[0]; r.kind == PK::Wild || r.kind == PK::Const)
    if (const ir::Expr& got = b.e[static_cast<std::size_t>(r.slot)]; got && ir::dtype_of(got->type) != ir::dtype_of(e->type))
      return decline("the result would have another dtype than the expression");
  return b;
}

inline const char* op_text(ir::BinOp op) {
  constexpr const char* s[] = {"+", "-", "*", "//", "%", "/", "min", "max", "<", "<=", ">", ">=", "==", "!=", "and", "or"};
  return s[static_cast<int>(op)];
}

inline std::string str(const PNode* p, int i, bool top = false) {
  const PNode& n = p[i];
  switch (n.kind) {
    case PK::Wild:
    case PK::Const: return kSlotNames[n.slot];
    case PK::Lit: return std::to_string(n.value);
    case PK::Fold: return "fold(" + str(p, n.l, true) + ")";
    case PK::Bin: {
      if (n.op == ir::BinOp::Min || n.op == ir::BinOp::Max)
        return std::string(op_text(n.op)) + "(" + str(p, n.l, true) + ", " + str(p, n.r, true) + ")";
      std::string s = str(p, n.l) + " " + op_text(n.op) + " " + str(p, n.r);
      return top ? s : "(" + s + ")";
    }
    default: return {};
  }
}

inline std::string describe(const RuleCode& rc) {
  std::string s = str(rc.lhs, 0, true) + " → " + str(rc.rhs, 0, true);
  for (int i = 0; i < rc.npreds; ++i)
    s += std::string(i ? " and " : "  if ") + (rc.preds[i].kind == PK::Pure ? "pure(" : "not_const(") +
         kSlotNames[rc.preds[i].slot] + ")";
  return s;
}

}  // namespace code
}  // namespace ptorw::rewrite::pat
