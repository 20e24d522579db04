// The "simplify" pass: integer index simplification, integer constant and copy propagation, removal of
// single-trip loops and of ifs with a constant condition, and dead pure-assignment removal, one flat table run to a fixed point
// (expressions are folded first in each round — bottom-up sweep before Function rules — so a fold
// that removes the last use of a variable lets DCE erase it in the same round; among the Function
// rules propagation runs first, so the constant assignments it empties are erased in that round).
// Preserves every IR property.
#pragma once
#include <boost/hana/concat.hpp>

#include "ptorw/passes/registry.hpp"
#include "ptorw/patterns/normalize/const_prop.hpp"
#include "ptorw/patterns/normalize/constant_if.hpp"
#include "ptorw/patterns/normalize/copy_prop.hpp"
#include "ptorw/patterns/normalize/dead_assign.hpp"
#include "ptorw/patterns/normalize/simplify_index.hpp"
#include "ptorw/patterns/normalize/single_trip_loop.hpp"

namespace ptorw::patterns::normalize {

inline constexpr auto simplify_rules = boost::hana::concat(simplify_index_rules, dead_assign_rules);
/// What the pass runs: the rules above plus propagation and single-trip loop removal (a separate
/// name keeps `simplify_rules` the index + DCE table its unit tests document).
inline constexpr auto simplify_pass_rules = boost::hana::concat(
    simplify_rules,
    boost::hana::concat(const_prop_rules,
                        boost::hana::concat(copy_prop_rules, boost::hana::concat(single_trip_loop_rules, constant_if_rules))));

inline passes::Pass make_simplify_pass() {
  return passes::table_pass("simplify",
                            "fold integer index arithmetic, propagate integer constants and copies, remove single-trip loops, "
                            "ifs with a constant condition and dead pure assignments",
                            {}, simplify_pass_rules);
}

PTORW_REGISTER_PASS(simplify, make_simplify_pass);

}  // namespace ptorw::patterns::normalize
