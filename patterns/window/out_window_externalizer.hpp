// OptimizeOrchTensors Pattern 5: Static Window Externalization (OutWindowExternalizer) —
// ../shared/spec/optimize_orch_tensors.md "Pattern 5" and "Windowize Opt-in".
// HOOK: the rule table is empty until issue 4 lands; optimize_orch_tensors.hpp already runs it last.
#pragma once
#include <boost/hana/tuple.hpp>

namespace ptorw::patterns {

inline const auto out_window_externalizer_rules = boost::hana::make_tuple();

}  // namespace ptorw::patterns
