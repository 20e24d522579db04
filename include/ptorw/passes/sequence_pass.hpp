// A pass made of registered passes run in order ("default", "tile-to-buffer"): one pass to its
// caller, run internally by a PassManager. The outcome merges the steps' statistics, traces,
// remarks and diagnostics. The caller's driver options (limits, checking, remarks, trace) apply to
// every step; the caller's verify-each sees the input and the final output only.
// Fail-closed: when a step fails, the outcome is the pass's input and carries the step's errors.
#pragma once
#include <string>
#include <vector>

#include "ptorw/passes/pass_manager.hpp"
#include "ptorw/passes/registry.hpp"

namespace ptorw::passes {

inline Pass sequence_pass(std::string name, std::string summary, PassProperties props, std::vector<std::string> steps) {
  Pass p{name, std::move(summary), props, {}, {}, steps};
  p.run = [name, steps = std::move(steps)](const ir::ProgramPtr& in, const PassContext& ctx,
                                           const rewrite::DriverOptions& opts) {
    PassManagerOptions o;
    o.driver = opts;
    PassManager pm(o);
    PassOutcome out;
    out.program = in;
    for (const auto& step_name : steps) {
      auto step = make_pass(step_name);
      if (!step) {
        out.diagnostics.push_back(Diagnostic{in->source_file, {}, Severity::Error,
                                             name + " pipeline: pass '" + step_name + "' is not registered"});
        return out;
      }
      pm.add(std::move(*step));
    }
    PipelineResult r = pm.run(in, ctx);
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
      // Each step is its own pass run with its own analyses (a step may change the IR the next
      // one analyses); their statistics are listed step by step.
      out.analyses.insert(out.analyses.end(), rec.analyses.begin(), rec.analyses.end());
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

}  // namespace ptorw::passes
