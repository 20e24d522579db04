// The "simplify" pass: integer index simplification and dead pure-assignment removal, one flat
// table run to a fixed point (expressions are folded first in each round — bottom-up sweep before
// Function rules — so a fold that removes the last use of a variable lets DCE erase it in the
// same round). Preserves every IR property.
#pragma once
#include <boost/hana/concat.hpp>

#include "ptorw/passes/registry.hpp"
#include "ptorw/patterns/normalize/dead_assign.hpp"
#include "ptorw/patterns/normalize/simplify_index.hpp"

namespace ptorw::patterns::normalize {

inline constexpr auto simplify_rules = boost::hana::concat(simplify_index_rules, dead_assign_rules);

inline passes::Pass make_simplify_pass() {
  return passes::table_pass("simplify", "fold integer index arithmetic and remove dead pure assignments", {},
                            simplify_rules);
}

PTORW_REGISTER_PASS(simplify, make_simplify_pass);

}  // namespace ptorw::patterns::normalize
