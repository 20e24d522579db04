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

#include "ptorw/analysis/call_sites.hpp"
#include "ptorw/patterns/caller_values.hpp"
#include "ptorw/patterns/orch_call_scan.hpp"
#include "ptorw/patterns/stride_votes.hpp"
#include "ptorw/rewrite/rule.hpp"

namespace ptorw::patterns {

using CalleeVote = void (*)(const OrchCallScan&, const OrchCallScan::Callee&, analysis::AnalysisCache&, bool,
                            StridePlan&, std::vector<rewrite::Note>&);
/// Remarks only: whether call `s` of the Group function `g` has the pattern's shape (a slice
/// argument, an assembled result), so the remark that Group callees get no strides is given where
/// the pattern would otherwise have applied, not at every Group call.
using GroupCallShape = bool (*)(const analysis::CallSite& s, const ir::Function& g, const CallerValues& vals);

template <CalleeVote callee_sites, GroupCallShape group_call_shape> struct StridePlanRule {
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
    if (ctx.remarks_enabled()) group_callee_notes(prog, cache, notes);
    if (plan.callees.empty()) return rewrite::decline_at(std::move(notes));
    // A complete rule is not asked again about its own output (unless another rule changes the
    // program), so the notes of what it leaves alone — other params and callees, Group callees
    // (review rev10 F3, rev11 M3, rev12 M-B) — go with the application, and so does the "applied:
    // ..." of each param it attaches (callee_sites), as a re-match of its output would say it.
    return rewrite::MatchResult<StridePlan>(std::move(plan), std::move(notes));
  }

  ir::ProgramPtr rewrite(const StridePlan& plan, rewrite::Context&) const { return apply_stride_plan(plan); }

 private:
  /// Remarks only: a Group callee called from Orchestration or Opaque code in the pattern's shape
  /// gets no strides (spec "Scope": "Group | Unchanged"; Patterns 2 and 4 attach strides to the
  /// params of an "InCore / outlined non-builtin callee"), said at each such call.
  static void group_callee_notes(const ir::ProgramPtr& prog, analysis::AnalysisCache& cache,
                                 std::vector<rewrite::Note>& notes) {
    const analysis::CallSiteIndex* index = nullptr;
    for (const auto& g : prog->functions) {
      if (!g || g->type != ir::FunctionType::Group) continue;
      if (!index) index = &cache.get<analysis::CallSiteIndex>(prog);
      for (const analysis::CallSite& s : index->of(g->name)) {
        if (s.caller->type != ir::FunctionType::Orchestration && s.caller->type != ir::FunctionType::Opaque) continue;
        const ir::FunctionPtr caller = prog->find(s.caller->name);
        if (!caller || caller.get() != s.caller || s.args().size() != g->params.size()) continue;
        if (!group_call_shape(s, *g, cache.get<CallerValues>(caller))) continue;
        notes.push_back({s.caller->name, s.span,
                         "'" + g->name + "' is a Group function, which the pass leaves unchanged (spec \"Scope\"): "
                         "its parameters get no strides"});
      }
    }
  }
};

}  // namespace ptorw::patterns
