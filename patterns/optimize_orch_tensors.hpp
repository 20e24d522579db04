// The OptimizeOrchTensors pass (../shared/spec/optimize_orch_tensors.md): five patterns applied in
// sequence, each a rule table run to its fixed point, each seeing the results of the previous one.
//
//   Pattern 1  iter_arg_reuse.hpp            IterArgReuseOptimizer
//   Pattern 2  assemble_parent_strides.hpp   AssembleParentStridesOptimizer
//   Pattern 3  assemble_loop.hpp             AssembleLoopRewriter
//   Pattern 4  slice_input_strides.hpp       SliceInputStridesOptimizer
//   Pattern 5  window/out_window_externalizer.hpp   OutWindowExternalizer (issue 4)
//
// Pass properties (spec table): requires and produces SplitIncoreOrch and IncoreTileOps;
// invalidates nothing.
//
// Tidy output ("passes are idempotent"). Some rewrites leave work a later simplify would do:
// Pattern 5's `k__windowed` clone keeps the local definitions its localized offsets no longer read,
// its projection rewrite writes `y = x` for a second projection of a windowed result, its call-site
// offsets compose a callee expression with an argument (`i * 16 + 16 - 16`), and Pattern 1 drops a
// `tensor.create` whose computed shape (`n = m * 2`) is then unread. Those rewrites mark the
// function (rewrite::Context::mark_untidy), and after the five patterns simplify's table runs on
// the marked functions alone (DriverOptions::only_functions): a second run of the pass, or of
// `default`, then changes nothing. Marking is precise so that the callers a pattern changed tidily
// — a 100k-statement orchestration function — are not walked again (a trailing simplify of every
// changed function cost 17 % of compiling the --windowize benchmark program).
#pragma once
#include "ptorw/analysis/call_sites.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/patterns/assemble_loop.hpp"
#include "ptorw/patterns/common/function_facts.hpp"
#include "ptorw/patterns/assemble_parent_strides.hpp"
#include "ptorw/patterns/iter_arg_reuse.hpp"
#include "ptorw/patterns/normalize/simplify.hpp"
#include "ptorw/patterns/slice_input_strides.hpp"
#include "ptorw/patterns/window/out_window_externalizer.hpp"

namespace ptorw::patterns {

inline passes::Pass make_optimize_orch_tensors_pass() {
  using passes::IrProperty;
  passes::PassProperties props;
  props.required = {IrProperty::SplitIncoreOrch, IrProperty::IncoreTileOps};
  props.produced = {IrProperty::SplitIncoreOrch, IrProperty::IncoreTileOps};
  passes::Pass p = passes::table_pass(
      "optimize-orch-tensors",
      "remove redundant orchestration tensors, attach parent strides, rewrite assemble loops, "
      "externalize static windows",
      props, iter_arg_reuse_rules, assemble_parent_strides_rules, assemble_loop_rules, slice_input_strides_rules,
      out_window_externalizer_rules);
  // Pattern 1 asks first for the call sites of every function (FunctionCalls, through the
  // CallSiteIndex) and for the facts (function_facts.hpp: the callers' walk that Patterns 1-4
  // share) of the callers and of the called kernels; on a 1M-statement caller each is a walk of it.
  // The facts of every function are queued: a kernel's are small, a caller's are what matters.
  p.run = [five = std::move(p.run)](const ir::ProgramPtr& in, const passes::PassContext& ctx,
                                    const rewrite::DriverOptions& opts) {
    passes::PassContext c = ctx;  // this run's list of untidy functions (see the top of the file)
    c.untidy = std::make_shared<std::set<std::string, std::less<>>>();
    passes::PassOutcome o = five(in, c, opts);
    if (c.untidy->empty() || o.program == in || o.stop == rewrite::StopReason::CheckFailed || has_errors(o.diagnostics))
      return o;
    rewrite::DriverOptions d = opts;
    d.only_functions = c.untidy.get();
    d.remarks = false;  // simplify's declines are not this pass's remarks
    rewrite::RunResult r = rewrite::run_table(normalize::simplify_pass_rules, o.program, d, &c);
    if (r.stop == rewrite::StopReason::CheckFailed) {  // fail closed, as table_pass does
      o.stop = r.stop;
      o.message = r.message;
      o.program = in;
      return o;
    }
    o.program = r.program;
    o.iterations += r.iterations;
    o.rewrites += r.rewrites;
    for (auto& t : r.trace) o.trace.push_back(std::move(t));
    return o;
  };
  p.prefetch = [](const ir::ProgramPtr& in, analysis::Prefetched& ahead) {
    for (const auto& f : in->functions)
      if (f && f->body) {
        analysis::prefetch<FunctionFacts>(ahead, f);
        analysis::prefetch<analysis::FunctionCalls>(ahead, f);
      }
  };
  return p;
}

// Registered under the CLI spelling; the pass calls itself by the spec's name in remarks.
inline const bool optimize_orch_tensors_registered =
    passes::PassRegistry::global().add("optimize-orch-tensors", make_optimize_orch_tensors_pass);

}  // namespace ptorw::patterns
