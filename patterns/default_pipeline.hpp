// The "default" pass: the pipeline a hand-written program goes through (issue 3):
//
//   convert-to-ssa → outline-incore-scopes → flatten-call-expr → simplify → optimize-orch-tensors
//
// normalization first, so OptimizeOrchTensors sees SSA form, its kernels outlined (the spec's
// input contract: SplitIncoreOrch), one call per statement and folded offsets. Outlining is a step
// because PyPTO programs mark their kernels with `with pl.at(level=pl.Level.CORE_GROUP)` in the
// orchestration body (its tutorials, and `compile`'s users, write them so; end-to-end audit
// 2026-12-05 F2); a program without such scopes passes through it unchanged, and a scope it
// declines (another level, a kernel call or return inside) leaves tile code that
// optimize-orch-tensors' SplitIncoreOrch check then reports. It is one pass to its caller (`ptorw opt FILE --passes=default`), a sequence_pass
// (passes/sequence_pass.hpp: merged statistics and diagnostics, fail-closed).
#pragma once
#include <string>

#include "ptorw/passes/registry.hpp"
#include "ptorw/passes/sequence_pass.hpp"
#include "ptorw/patterns/normalize/convert_to_ssa.hpp"
#include "ptorw/patterns/normalize/flatten_call_expr.hpp"
#include "ptorw/patterns/normalize/simplify.hpp"
#include "ptorw/patterns/optimize_orch_tensors.hpp"
#include "ptorw/patterns/outline_incore_scopes.hpp"

namespace ptorw::patterns {

inline constexpr const char* kDefaultPipeline[] = {"convert-to-ssa", "outline-incore-scopes", "flatten-call-expr",
                                                   "simplify", "optimize-orch-tensors"};

inline passes::Pass make_default_pipeline_pass() {
  using passes::IrProperty;
  passes::PassProperties props;
  // optimize-orch-tensors' IncoreTileOps; its SplitIncoreOrch is what the outlining step makes, so
  // it is checked on that step's output (sequence_pass checks each step's requirements).
  props.required = {IrProperty::IncoreTileOps};
  props.produced = {IrProperty::SSAForm, IrProperty::NoNestedCalls, IrProperty::SplitIncoreOrch,
                    IrProperty::IncoreTileOps};
  props.accepts_text = true;  // its first step, convert-to-ssa, reads hand-written non-SSA text
  return passes::sequence_pass("default", "convert-to-ssa, outline-incore-scopes, flatten-call-expr, simplify, optimize-orch-tensors", props,
                               {std::begin(kDefaultPipeline), std::end(kDefaultPipeline)});
}

inline const bool default_pipeline_registered =
    passes::PassRegistry::global().add("default", make_default_pipeline_pass);

}  // namespace ptorw::patterns
