// "Identical static type" (spec Pattern 1): two types are the same when they are the same tree —
// dtype, every shape dim (a `pl.dynamic` dim by its variable node), view, memory space, MemRef.
// This is stricter than the verifier's call compatibility, which lets symbolic dims differ.
#pragma once
#include "ptorw/ir/builder.hpp"
#include "ptorw/rewrite/identical.hpp"

namespace ptorw::patterns {

inline bool same_type(const ir::Type& a, const ir::Type& b) {
  if (a == b) return true;
  if (!a || !b) return false;
  // `identical` compares expression trees, types included: compare two empty tuples carrying them.
  return rewrite::identical(ir::make_expr(ir::MakeTuple{}, a), ir::make_expr(ir::MakeTuple{}, b));
}

/// Two shape lists with the same dims (constants by value, symbolic dims by variable).
inline bool same_dims(const std::vector<ir::Expr>& a, const std::vector<ir::Expr>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    auto x = ir::const_int(a[i]), y = ir::const_int(b[i]);
    if (x && y ? *x != *y : !rewrite::identical(a[i], b[i])) return false;
  }
  return true;
}

/// An offset list of constant zeros (`[0, 0]`, `(0,)`).
inline bool all_zero(const ir::Expr& offsets) {
  auto* t = ir::expr_as<ir::MakeTuple>(offsets);
  if (!t) return false;
  for (const auto& e : t->elems)
    if (ir::const_int(e) != std::optional<std::int64_t>(0)) return false;
  return true;
}

}  // namespace ptorw::patterns
