// OptimizeOrchTensors Pattern 3: Assemble-Loop Rewrite (AssembleLoopRewriter) — ../shared/spec/optimize_orch_tensors.md.
// PLACEHOLDER: the rule table is empty until this pattern lands (issue 3).
#pragma once
#include <boost/hana/tuple.hpp>

namespace ptorw::patterns {

inline const auto assemble_loop_rules = boost::hana::make_tuple();

}  // namespace ptorw::patterns
