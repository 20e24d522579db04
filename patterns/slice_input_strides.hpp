// OptimizeOrchTensors Pattern 4: Slice Input Strides (SliceInputStridesOptimizer) — ../shared/spec/optimize_orch_tensors.md.
// PLACEHOLDER: the rule table is empty until this pattern lands (issue 3).
#pragma once
#include <boost/hana/tuple.hpp>

namespace ptorw::patterns {

inline const auto slice_input_strides_rules = boost::hana::make_tuple();

}  // namespace ptorw::patterns
