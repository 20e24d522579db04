// The "default" pass: the pipeline a hand-written program goes through (issue 3):
//
//   convert-to-ssa → flatten-call-expr → simplify → optimize-orch-tensors
//
// normalization first, so OptimizeOrchTensors sees SSA form, one call per statement and folded
// offsets. It is one pass to its caller (`ptorw opt FILE --passes=default`), a sequence_pass
// (passes/sequence_pass.hpp: merged statistics and diagnostics, fail-closed).
#pragma once
#include <string>

#include "ptorw/passes/registry.hpp"
#include "ptorw/passes/sequence_pass.hpp"
#include "ptorw/patterns/normalize/convert_to_ssa.hpp"
#include "ptorw/patterns/normalize/flatten_call_expr.hpp"
#include "ptorw/patterns/normalize/simplify.hpp"
#include "ptorw/patterns/optimize_orch_tensors.hpp"

namespace ptorw::patterns {

inline constexpr const char* kDefaultPipeline[] = {"convert-to-ssa", "flatten-call-expr", "simplify",
                                                   "optimize-orch-tensors"};

inline passes::Pass make_default_pipeline_pass() {
  using passes::IrProperty;
  passes::PassProperties props;
  props.required = {IrProperty::SplitIncoreOrch, IrProperty::IncoreTileOps};  // optimize-orch-tensors'
  props.produced = {IrProperty::SSAForm, IrProperty::NoNestedCalls, IrProperty::SplitIncoreOrch,
                    IrProperty::IncoreTileOps};
  props.accepts_text = true;  // its first step, convert-to-ssa, reads hand-written text (`ptorw opt --passes=default`)
  return passes::sequence_pass("default", "convert-to-ssa, flatten-call-expr, simplify, optimize-orch-tensors", props,
                               {std::begin(kDefaultPipeline), std::end(kDefaultPipeline)});
}

inline const bool default_pipeline_registered =
    passes::PassRegistry::global().add("default", make_default_pipeline_pass);

}  // namespace ptorw::patterns
