// OptimizeOrchTensors Pattern 1: Iter-Arg Reuse (IterArgReuseOptimizer) — ../shared/spec/optimize_orch_tensors.md.
// PLACEHOLDER: the rule table is empty until this pattern lands (issue 3).
#pragma once
#include <boost/hana/tuple.hpp>

namespace ptorw::patterns {

inline const auto iter_arg_reuse_rules = boost::hana::make_tuple();

}  // namespace ptorw::patterns
