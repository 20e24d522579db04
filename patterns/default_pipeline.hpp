// The "default" pass: the pipeline a hand-written program goes through (issue 3):
//
//   convert-to-ssa → flatten-call-expr → simplify → optimize-orch-tensors
//
// normalization first, so OptimizeOrchTensors sees SSA form, one call per statement and folded
// offsets. It is one pass to its caller (`ptorw opt FILE --passes=default`), run internally by a
// PassManager: the outcome merges the steps' statistics, traces, remarks and diagnostics. The
// caller's driver options (limits, checking, remarks, trace) apply to every step; the caller's
// verify-each sees the input and the final output only.
// Fail-closed: when a step fails, the outcome is the pass's input and carries the step's errors.
#pragma once
#include <string>

#include "ptorw/passes/pass_manager.hpp"
#include "ptorw/passes/registry.hpp"
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
  passes::Pass p{"default", "convert-to-ssa, flatten-call-expr, simplify, optimize-orch-tensors", props, {}, {}};
  p.run = [](const ir::ProgramPtr& in, const passes::PassContext& ctx, const rewrite::DriverOptions& opts) {
    passes::PassManagerOptions o;
    o.driver = opts;
    passes::PassManager pm(o);
    passes::PassOutcome out;
    out.program = in;
    for (const char* name : kDefaultPipeline) {
      auto step = passes::make_pass(name);
      if (!step) {
        out.diagnostics.push_back(Diagnostic{in->source_file, {}, Severity::Error,
                                             std::string("default pipeline: pass '") + name + "' is not registered"});
        return out;
      }
      pm.add(std::move(*step));
    }
    passes::PipelineResult r = pm.run(in, ctx);
    for (auto& rec : r.passes) {
      if (out.stop == rewrite::StopReason::Converged && rec.stop != rewrite::StopReason::Converged &&
          rec.stop != rewrite::StopReason::CheckFailed) {
        out.stop = rec.stop;  // the caller's manager reports it (as a warning or an error, its policy)
      }
      out.iterations += rec.iterations;
      out.rewrites += rec.rewrites;
      out.stats.insert(out.stats.end(), rec.stats.begin(), rec.stats.end());
      for (auto& t : rec.trace) out.trace.push_back(std::move(t));
      for (auto& m : rec.remarks) out.remarks.push_back(std::move(m));
    }
    for (auto& d : r.diagnostics) {
      // A step that did not converge is reported once, by the caller, from `out.stop` / `message`.
      if (d.severity == Severity::Warning && d.message.find("did not converge") != std::string::npos) {
        if (out.message.empty()) out.message = d.message;
        continue;
      }
      out.diagnostics.push_back(std::move(d));
    }
    out.program = r.ok ? r.program : in;
    return out;
  };
  return p;
}

inline const bool default_pipeline_registered =
    passes::PassRegistry::global().add("default", make_default_pipeline_pass);

}  // namespace ptorw::patterns
