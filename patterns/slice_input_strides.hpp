// OptimizeOrchTensors Pattern 4: Slice Input Strides (SliceInputStridesOptimizer) —
// ../shared/spec/optimize_orch_tensors.md "Pattern 4", issue 3.
//
//   Spec: "When orchestration passes a sliced tensor (tensor.slice) as an In argument to an InCore
//   function, the InCore function's parameter has contiguous strides (computed from its own shape),
//   not the parent tensor's strides. [...] attach the parent tensor's shape-derived strides via
//   TensorView on the InCore function's In param type, so tile.load uses the correct memory layout."
//
// Before (orchestration)                          After (callee `k` only; callers are untouched)
//   blk = pl.tensor.slice(x, [16, 32], [0, 32])     def k(self, a: pl.Tensor[[16, 32], pl.FP32,
//   r = self.k(blk, tmp)                                 pl.TensorView(stride=[64, 1], layout=ND)], ...)
//   # x: pl.Tensor[[128, 64], pl.FP32]
//
// Eligibility, as named checks (each failure is a remark at the call site, per callee parameter):
//  * the callee is InCore-type (InCore, AIC, AIV — spec "Scope"); every call site of it counts, and
//    a call inside a Group function gives no strides (spec "Scope": Group functions are unchanged);
//  * the parameter is an In tensor param (an Out/InOut argument that is a slice is reported and
//    left alone: Pattern 4 covers In params);
//  * at some call site its argument is a `tensor.slice(parent, shape, offset)` (through plain
//    aliases); that site binds the parent's memory strides (caller_values.hpp: a slice of a slice has
//    the outermost parent's, the parent's explicit strides count); any other argument binds its own;
//  * static strides only: a `pl.dynamic` dim in the parameter, or in a parent other than its leading
//    dim (which enters no row-major stride: [M, 128] has [128, 1]), gives no strides;
//  * every call site agrees (stride_votes.hpp): two sites with different parent strides, or a
//    non-slice argument whose own strides differ, are a conflict — no strides;
//  * explicit strides on the parameter are kept; strides equal to its packed strides (a slice of
//    whole rows) are not attached (a default view is no view);
//  * the callee can give the parameter's memory the strides consistently (param_strides.hpp).
//
// One Program rule, like Pattern 2: all parameters decided in one match are rewritten at once; the
// declining re-match reports one note per call site.
#pragma once
#include <boost/hana/tuple.hpp>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ptorw/patterns/orch_call_scan.hpp"
#include "ptorw/patterns/stride_plan_rule.hpp"
#include "ptorw/patterns/stride_votes.hpp"
#include "ptorw/patterns/vote_prefetch.hpp"
#include "ptorw/rewrite/rule.hpp"

namespace ptorw::patterns {

namespace slice_input_strides_detail {

/// What call site `s` binds to tensor param `p` of `callee`.
inline StrideVote vote(const OrchCallScan& scan, const ir::Function& callee, std::size_t p, const analysis::CallSite& s,
                       bool remarks) {
  const CallerValues& vals = scan.values(s.caller);
  const ir::Expr& arg = s.args()[p];
  // Audit 2026-12-05 aud6 F4: a slice inside a Group attached strides to the kernel it calls.
  if (s.caller->type == ir::FunctionType::Group)
    return group_call_vote(s, vals.defining_op(arg, ir::op::id("tensor.slice")) != nullptr, remarks);
  StrideVote v{s.caller, s.span, {}, {}, false};
  if (const ir::Call* slice = vals.defining_op(arg, ir::op::id("tensor.slice")); slice && !slice->args.empty()) {
    v.exhibits = true;
    if (remarks) v.source = "the slice " + value_text(vals.resolve(arg)) + " of parent " + value_text(slice->args[0]);
    v.strides = trailing_strides(slice_strides(scan.memory_strides(s.caller, slice->args[0]), *slice), rank_of(callee.params[p].var->type));
    return v;
  }
  if (remarks) v.source = "the argument " + value_text(arg) + " (not a tensor.slice)";
  v.pending = true;  // asked by ask_pending when another site slices
  return v;
}

/// Decides every In tensor param of one callee from all its call sites; adds the attachments to
/// `plan` and, with remarks on, one note per call site.
inline void callee_sites(const OrchCallScan& scan, const OrchCallScan::Callee& c, analysis::AnalysisCache& cache,
                         bool remarks, StridePlan& plan, std::vector<rewrite::Note>& notes) {
  const ir::Function& callee = *c.fn;
  const std::shared_ptr<const ParamMemories> memory = cache.share<ParamMemories>(c.fn);
  const auto& sites = *c.sites;
  for (const auto& s : sites)
    if (s.args().size() != callee.params.size()) return;  // an ill-formed call (the verifier reports it)
  std::vector<std::vector<std::string>> clauses(sites.size());
  std::vector<std::pair<std::size_t, std::vector<std::int64_t>>> attach;
  bool has_in = false;
  for (std::size_t p = 0; p < callee.params.size(); ++p) {
    const ir::Param& param = callee.params[p];
    if (!ir::type_as<ir::TensorType>(param.var->type)) continue;
    std::vector<StrideVote> votes;
    votes.reserve(sites.size());
    VotePrefetch ahead(scan, sites, p, false);
    for (std::size_t i = 0; i < sites.size(); ++i) {
      ahead.at(i);
      votes.push_back(vote(scan, callee, p, sites[i], remarks));
    }
    if (param.dir != ir::Direction::In) {
      if (remarks)
        for (std::size_t i = 0; i < sites.size(); ++i)
          if (votes[i].exhibits)
            clauses[i].push_back(std::string(ir::name_of(param.dir)) + " param " + value_text(param.var) +
                                 ": its argument is a slice, but strides are attached to In params only "
                                 "(spec Pattern 4)");
      continue;
    }
    has_in = true;
    ask_pending(scan, sites, p, votes);  // (non-In params decide nothing: their strides are not asked)
    const StrideDecision d = decide_strides(callee, *memory, p, votes);
    // The notes go with the application: an attached param says "applied: ..." (site_text), every
    // other param why it is left alone.
    if (d.verdict == StrideVerdict::Attach) attach.emplace_back(p, d.strides);
    if (remarks && d.verdict != StrideVerdict::NotConcerned)
      for (std::size_t i = 0; i < sites.size(); ++i)
        clauses[i].push_back("In param " + value_text(param.var) + ": " + site_text(d, votes, i));
  }
  const bool attached = !attach.empty();
  if (attached) plan.callees.push_back({callee.name, std::move(attach), memory});
  if (!remarks) return;
  for (std::size_t i = 0; i < sites.size(); ++i) {
    if (clauses[i].empty() && has_in && !attached) clauses[i].push_back("gets no tensor.slice as an In tensor argument");
    add_site_note(notes, sites[i], callee.name, clauses[i]);
  }
}

/// Remarks only: a Group call passing a tensor.slice as an In tensor argument (Pattern 4's shape).
inline bool group_call_shape(const analysis::CallSite& s, const ir::Function& g, const CallerValues& vals) {
  for (std::size_t p = 0; p < g.params.size(); ++p)
    if (g.params[p].dir == ir::Direction::In && ir::type_as<ir::TensorType>(g.params[p].var->type) &&
        vals.defining_op(s.args()[p], ir::op::id("tensor.slice")))
      return true;
  return false;
}

}  // namespace slice_input_strides_detail

struct AttachSliceInputStrides
    : StridePlanRule<&slice_input_strides_detail::callee_sites, &slice_input_strides_detail::group_call_shape> {
  static constexpr std::string_view name = "slice_input_strides";
  static std::string describe() {
    return "self.k(pl.tensor.slice(parent, ...), ...) -> k's In param: pl.TensorView(stride = parent's strides)";
  }
};

inline const auto slice_input_strides_rules = boost::hana::make_tuple(AttachSliceInputStrides{});

}  // namespace ptorw::patterns
