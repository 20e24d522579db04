// The rule shape shared by Pattern 2 (AssembleParentStrides) and Pattern 4 (SliceInputStrides):
// one Program rule reads every InCore-type call (OrchCallScan, an analysis of the pass run shared by
// both patterns), lets each callee's call sites vote on parameter strides (stride_votes.hpp) and,
// when some callee has agreed strides, applies them all in one rewrite; otherwise it declines with
// the per-call-site notes as remarks. A pattern supplies only its vote,
// `void callee_sites(scan, callee, analyses, remarks, plan, notes)`, as the template argument.
#pragma once
#include <memory>
#include <utility>
#include <vector>

#include "ptorw/patterns/orch_call_scan.hpp"
#include "ptorw/patterns/stride_votes.hpp"
#include "ptorw/rewrite/rule.hpp"

namespace ptorw::patterns {

using CalleeVote = void (*)(const OrchCallScan&, const OrchCallScan::Callee&, analysis::AnalysisCache&, bool,
                            StridePlan&, std::vector<rewrite::Note>&);

template <CalleeVote callee_sites> struct StridePlanRule {
  static constexpr rewrite::RootKind root = rewrite::RootKind::Program;
  static constexpr int benefit = 1;
  // The plan attaches every stride it votes for in one application; a param that has its stride
  // is no longer a candidate.
  static constexpr bool complete = true;

  rewrite::MatchResult<StridePlan> match(const ir::ProgramPtr& prog, rewrite::Context& ctx) const {
    analysis::AnalysisCache& cache = ctx.analyses();
    const OrchCallScan& scan = cache.get<OrchCallScan>(prog);
    StridePlan plan{prog, {}};
    std::vector<rewrite::Note> notes;
    for (const auto& callee : scan.callees())
      callee_sites(scan, callee, cache, ctx.remarks_enabled(), plan, notes);
    if (!plan.callees.empty()) return plan;
    return rewrite::decline_at(std::move(notes));
  }

  ir::ProgramPtr rewrite(const StridePlan& plan, rewrite::Context&) const { return apply_stride_plan(plan); }
};

}  // namespace ptorw::patterns
