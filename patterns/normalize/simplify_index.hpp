// Integer index simplification: the arithmetic that slicing and loop bounds produce
// (`i * 16 + 0`, `(k + 1) + 1`, `64 // 16`) folded to the form later patterns compare against.
//
// Scope: integer scalars only (INDEX, INT8..INT64, UINT8); floats are never touched (x + 0.0 is
// not x for x = -0.0). Folding follows the DSL's Python semantics (floor // and %) in checked
// int64 and declines — with the reason as a remark — on overflow, division by zero, or a value that
// does not fit the result dtype. Constants are canonicalised to the right operand, which is what
// the re-association rules expect.
#pragma once
#include <boost/hana/tuple.hpp>

#include "ptorw/rewrite/pattern.hpp"

namespace ptorw::patterns::normalize {

namespace simplify_index {
using namespace rewrite::pat::vars;
using namespace rewrite::pat::literals;
using rewrite::pat::floordiv;
using rewrite::pat::fold;
using rewrite::pat::max;
using rewrite::pat::min;
using rewrite::pat::eq;
using rewrite::pat::ne;
using rewrite::pat::not_const;
using rewrite::pat::pure;

// Constant folding: both operands are integer constants.
PTORW_INT_RULE(fold_add, 100, c1 + c2, fold(c1 + c2));
PTORW_INT_RULE(fold_sub, 100, c1 - c2, fold(c1 - c2));
PTORW_INT_RULE(fold_mul, 100, c1 * c2, fold(c1 * c2));
PTORW_INT_RULE(fold_floordiv, 100, floordiv(c1, c2), fold(floordiv(c1, c2)));
PTORW_INT_RULE(fold_mod, 100, c1 % c2, fold(c1 % c2));
PTORW_INT_RULE(fold_min, 100, min(c1, c2), fold(min(c1, c2)));
PTORW_INT_RULE(fold_max, 100, max(c1, c2), fold(max(c1, c2)));
PTORW_INT_RULE(fold_lt, 100, c1 < c2, fold(c1 < c2));
PTORW_INT_RULE(fold_le, 100, c1 <= c2, fold(c1 <= c2));
PTORW_INT_RULE(fold_gt, 100, c1 > c2, fold(c1 > c2));
PTORW_INT_RULE(fold_ge, 100, c1 >= c2, fold(c1 >= c2));
PTORW_INT_RULE(fold_eq, 100, eq(c1, c2), fold(eq(c1, c2)));
PTORW_INT_RULE(fold_ne, 100, ne(c1, c2), fold(ne(c1, c2)));

// Identities. Dropping an operand (x * 0) needs it pure: its evaluation disappears.
PTORW_INT_RULE(add_zero_right, 90, x + 0_c, x);
PTORW_INT_RULE(add_zero_left, 90, 0_c + x, x);
PTORW_INT_RULE(sub_zero, 90, x - 0_c, x);
PTORW_INT_RULE(mul_one_right, 90, x * 1_c, x);
PTORW_INT_RULE(mul_one_left, 90, 1_c * x, x);
PTORW_INT_RULE(mul_zero_right, 90, x * 0_c, 0_c, pure(x));
PTORW_INT_RULE(mul_zero_left, 90, 0_c * x, 0_c, pure(x));

// Affine re-association: gather the constants of an offset chain into one.
PTORW_INT_RULE(reassoc_add_add, 80, (x + c1) + c2, x + fold(c1 + c2));
PTORW_INT_RULE(reassoc_add_sub, 80, (x + c1) - c2, x + fold(c1 - c2));
PTORW_INT_RULE(reassoc_sub_add, 80, (x - c1) + c2, x + fold(c2 - c1));
PTORW_INT_RULE(reassoc_sub_sub, 80, (x - c1) - c2, x - fold(c1 + c2));

// Canonical order: constant on the right (`4 + i` → `i + 4`). Never for two constants, which
// fold instead; the predicate keeps the rule from swapping them back and forth.
PTORW_INT_RULE(const_to_right_add, 70, c1 + x, x + c1, not_const(x));
PTORW_INT_RULE(const_to_right_mul, 70, c1 * x, x * c1, not_const(x));
}  // namespace simplify_index

/// The table, in documentation order (the driver orders by benefit).
inline constexpr auto simplify_index_rules = boost::hana::make_tuple(
    simplify_index::fold_add{}, simplify_index::fold_sub{}, simplify_index::fold_mul{},
    simplify_index::fold_floordiv{}, simplify_index::fold_mod{}, simplify_index::fold_min{},
    simplify_index::fold_max{}, simplify_index::fold_lt{}, simplify_index::fold_le{}, simplify_index::fold_gt{},
    simplify_index::fold_ge{}, simplify_index::fold_eq{}, simplify_index::fold_ne{},
    simplify_index::add_zero_right{}, simplify_index::add_zero_left{}, simplify_index::sub_zero{},
    simplify_index::mul_one_right{}, simplify_index::mul_one_left{}, simplify_index::mul_zero_right{},
    simplify_index::mul_zero_left{}, simplify_index::reassoc_add_add{}, simplify_index::reassoc_add_sub{},
    simplify_index::reassoc_sub_add{}, simplify_index::reassoc_sub_sub{}, simplify_index::const_to_right_add{},
    simplify_index::const_to_right_mul{});

}  // namespace ptorw::patterns::normalize
