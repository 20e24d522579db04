// OptimizeOrchTensors Pattern 2: Assemble Parent Strides (AssembleParentStridesOptimizer) —
// ../shared/spec/optimize_orch_tensors.md "Pattern 2", issue 3.
//
//   Spec: "Analyze tensor.assemble(parent, incore_result, offset) patterns in orchestration. Attach
//   the parent tensor's shape as TensorView strides on the InCore function's Out param type, so
//   tile.store can use the correct memory layout."
//
// Before (orchestration)                         After (callee `k`; in callers only the call's type follows)
//   tmp = pl.tensor.create([16, 32], ...)          def k(..., out: pl.Out[pl.Tensor[[16, 32], pl.FP32,
//   r = self.k(x, tmp)                                  pl.TensorView(stride=[64, 1], layout=ND)]]) -> <same view>:
//   acc2 = pl.tensor.assemble(acc, r, [0, 0])          r: <same view> = pl.store(t, [0, 0], out)
//   # acc: pl.Tensor[[128, 64], pl.FP32]               return r
// A returned value that is the Out param's memory is the param (the lowering resolves it so), so the
// declared result type takes the view too, and so does `r = self.k(...)` in the caller
// (param_strides.hpp, common/call_result_types.hpp).
//
// Eligibility, as named checks (each failure is a remark at the call site, per callee parameter):
//  * the callee is InCore-type (InCore, AIC, AIV — spec "Scope"); the caller is any other function
//    (or another InCore function: every call site counts, so that no caller is surprised);
//  * the parameter is an Out param (an InOut param's buffer also carries input data laid out by its
//    producer, so parent strides are not the layout of that data — remark, unchanged);
//  * the call's result for that parameter — the return value that carries it
//    (BuildOutParamReturnMappings, common/out_param_returns.hpp, or a loop / If result carrying the
//    param's memory, param_strides.hpp), read directly, through `t[i]`, or `a, b = self.k(...)`,
//    or else the Out argument variable itself, assembled after the call and passed to no other
//    call (OrchCallScan::assembled_arg) — is the `part` of a `tensor.assemble(parent, part, offset)`; its strides
//    are the parent's row-major strides (ComputeRowMajorStrides), the trailing ones when the part's
//    rank is smaller (issue 3), the parent's explicit strides when it declares some;
//  * static strides only: a parameter with a `pl.dynamic` dim, or a parent with one other than its
//    leading dim (which enters no row-major stride: [M, 128] has [128, 1]), gives no strides;
//  * the Out argument of an assembling call is a fresh `tensor.create` (layout ND) — a buffer whose
//    layout the orchestration may still choose — written by that call once (no other use, not
//    created outside a loop around the call: written_once), or memory that already has the
//    parent's strides;
//  * every call site agrees (stride_votes.hpp): a call whose result is not assembled binds its Out
//    argument's own strides, so one such call next to an assembling one is a conflict — the callee
//    would otherwise store with parent strides into a packed buffer;
//  * explicit strides on the parameter are kept; strides equal to its packed strides are not
//    attached (a default view is no view);
//  * the callee can give the memory the strides consistently (param_strides.hpp): the param, the
//    results of tile.store into it, loop-carried / If-carried copies of them, and the declared result
//    types that return that memory all get the view.
//
// One Program rule: the decision needs every caller and the callee body together. All parameters
// decided in one match are rewritten at once; the next match finds them holding their strides and
// declines, and its notes (one per call site) are the pass's remarks for this pattern.
#pragma once
#include <boost/hana/tuple.hpp>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ptorw/patterns/common/out_param_returns.hpp"
#include "ptorw/patterns/orch_call_scan.hpp"
#include "ptorw/patterns/param_strides.hpp"
#include "ptorw/patterns/stride_plan_rule.hpp"
#include "ptorw/patterns/stride_votes.hpp"
#include "ptorw/patterns/vote_prefetch.hpp"
#include "ptorw/rewrite/rule.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::patterns {

namespace assemble_parent_strides_detail {

/// The return positions of `callee` that give back Out param `p`: BuildOutParamReturnMappings, plus
/// results that reach `return` through loops and Ifs (ParamMemory). `blocker` says why the param's
/// memory could not be followed, when it could not.
struct OutReturns {
  std::vector<std::size_t> positions;
  std::string blocker;
};
inline OutReturns returns_of(const ParamMemories& memory, std::size_t p,
                             const std::vector<std::optional<std::size_t>>& mapping) {
  OutReturns out;
  for (std::size_t r = 0; r < mapping.size(); ++r)
    if (mapping[r] == p) out.positions.push_back(r);
  const ParamMemory& mem = memory.of(p);
  for (std::size_t r : mem.returned_at())
    if (r < mapping.size() && !mapping[r]) out.positions.push_back(r);
  out.blocker = mem.blocker();
  return out;
}

/// Why the fresh buffer `arg` (a tensor.create, through plain aliases) cannot take the parent's
/// strides at call `call`, or "" when it can: it must be written by this one call, once. The
/// orchestration then allocates it as the parent's window at the assemble's offset
/// (codegen/orch_window_alloc.hpp); a buffer also passed to another call, or created outside a
/// loop around the call, would be one window for several offsets, and the kernel would store with
/// the parent's strides into a packed buffer (review rev42c 1: the interpreter refused the
/// rewritten program). Its uses: the Out argument, plus the `assembled` assembles of the variable
/// itself (OrchCallScan::assembled_arg); an alias on the way is used by nothing else.
inline std::string written_once(const FunctionFacts& F, const ir::Expr& arg, const ir::Expr& call,
                                std::size_t assembled) {
  const int uses = F.uses_of(arg);
  if (uses != 1 + static_cast<int>(assembled))
    return "the Out argument " + value_text(arg) + " is used " + std::to_string(uses) +
           " times, not only as this call's Out argument: one buffer cannot be the parent's window at each use";
  ir::Expr root = arg;
  for (int depth = 0; depth < 64; ++depth) {
    const ir::Expr* src = F.alias_source(root);
    if (!src) break;
    if (F.uses_of(*src) != 1)
      return "the Out argument " + value_text(arg) + " is a copy of " + value_text(*src) +
             ", which is used elsewhere too: one buffer cannot be the parent's window at each use";
    root = *src;
  }
  const ir::StmtNode* at = F.stmt_of_call(call);
  const ir::StmtNode* const* def = F.def.find(root.get());
  if (!at || !def) return "the place of the call or of " + value_text(root) + "'s definition is not known";
  if (F.body_of(*def).loop_depth != F.body_of(at).loop_depth)
    return value_text(root) + " is created outside the loop around the call, so every iteration writes the same "
           "buffer: it cannot be the parent's window at each iteration's offset";
  return {};
}

/// What call site `s` binds to Out param `p` of `callee` (see the checks above).
inline StrideVote vote(const OrchCallScan& scan, const ir::Function& callee, std::size_t p, const analysis::CallSite& s,
                       const std::vector<std::size_t>& returns, bool remarks) {
  if (s.caller->type == ir::FunctionType::Group) {
    bool assembled = false;
    for (std::size_t r : returns) assembled |= !scan.assembled(s.call, r).empty();
    return group_call_vote(s, assembled, remarks);
  }
  const CallerValues& vals = scan.values(s.caller);
  const ir::Expr& arg = s.args()[p];
  const std::size_t rank = rank_of(callee.params[p].var->type);
  StrideVote v{s.caller, s.span, {}, {}, false};
  // Pointers into the scan, not copies: most results are not assembled, and a copy would touch the
  // reference count of every parent.
  std::vector<const OrchCallScan::Assembled*> parts;
  for (std::size_t r : returns)
    for (const auto& a : scan.assembled(s.call, r)) parts.push_back(&a);
  const bool from_arg = parts.empty();
  if (from_arg) parts = scan.assembled_arg(arg, s.span);  // `self.k(x, tmp)`, then `assemble(acc, tmp, ...)`
  if (parts.empty()) {
    v.pending = true;  // asked by ask_pending when another site assembles
    if (remarks) v.source = "the Out argument " + value_text(arg) + " (the result is not assembled here)";
    return v;
  }
  v.exhibits = true;
  if (remarks) v.source = "parent " + value_text(parts[0]->parent) + " assembled at " + span_text(parts[0]->span);
  v.strides = trailing_strides(scan.memory_strides(s.caller, parts[0]->parent), rank);
  for (std::size_t i = 1; i < parts.size() && v.strides.value; ++i) {
    KnownStrides other = trailing_strides(scan.memory_strides(s.caller, parts[i]->parent), rank);
    if (!other.value || *other.value != *v.strides.value)
      v.strides = KnownStrides::unknown("the result is also assembled into " + value_text(parts[i]->parent) + " at " +
                                        span_text(parts[i]->span) + ", with other strides");
  }
  if (!v.strides.value) return v;
  if (const ir::Call* create = vals.defining_op(arg, ir::op::id("tensor.create"))) {
    auto layout = ir::kwarg_as<ir::TensorLayout>(create->kwargs, "layout");
    if (!layout || *layout == ir::TensorLayout::ND) {
      // A create bound to a type that declares strides is laid out by them (docs/semantics.md): it is
      // not a packed buffer the parent's window can replace (review rev44b 2: the kernel was given
      // the parent's strides while the buffer kept its own, a meaning change).
      if (has_explicit_strides(arg->type)) {
        v.strides = KnownStrides::unknown("the Out argument " + value_text(arg) + " is a tensor.create whose type declares strides " +
                                          (declared_strides(arg->type).value ? strides_text(*declared_strides(arg->type).value) : std::string("(symbolic)")) +
                                          ": its storage keeps them, so it cannot be the parent's window");
        return v;
      }
      if (std::string why = written_once(vals.facts(), arg, s.call, from_arg ? parts.size() : 0); !why.empty())
        v.strides = KnownStrides::unknown(std::move(why));
      return v;
    }
  }
  KnownStrides own = scan.memory_strides(s.caller, arg);
  if (!own.value || *own.value != *v.strides.value)
    v.strides = KnownStrides::unknown("the Out argument " + value_text(arg) +
                                      " is not a fresh ND tensor.create buffer and its memory " +
                                      (own.value ? "has strides " + strides_text(*own.value) : "has unknown strides"));
  return v;
}

/// Decides every Out param of one callee from all its call sites; adds the attachments to `plan`
/// and, with remarks on, one note per call site.
inline void callee_sites(const OrchCallScan& scan, const OrchCallScan::Callee& c, analysis::AnalysisCache& cache,
                         bool remarks, StridePlan& plan, std::vector<rewrite::Note>& notes) {
  const ir::Function& callee = *c.fn;
  const std::shared_ptr<const ParamMemories> memory = cache.share<ParamMemories>(c.fn);
  const auto& sites = *c.sites;
  for (const auto& s : sites)
    if (s.args().size() != callee.params.size()) return;  // an ill-formed call (the verifier reports it)
  const auto& mapping = cache.get<OutParamReturns>(c.fn).map;
  std::vector<std::vector<std::string>> clauses(sites.size());
  std::vector<std::pair<std::size_t, std::vector<std::int64_t>>> attach;
  std::vector<bool> claimed(callee.return_types.size(), false);  // return positions some param carries
  std::string untraced;  // why a param's memory could not be followed to a return
  bool has_out = false;
  for (std::size_t p = 0; p < callee.params.size(); ++p) {
    const ir::Param& param = callee.params[p];
    if (param.dir == ir::Direction::In || !ir::type_as<ir::TensorType>(param.var->type)) continue;
    const OutReturns returns = returns_of(*memory, p, mapping);
    for (std::size_t r : returns.positions) claimed[r] = true;
    if (untraced.empty() && !returns.blocker.empty()) untraced = value_text(param.var) + ": " + returns.blocker;
    std::vector<StrideVote> votes;
    votes.reserve(sites.size());
    VotePrefetch ahead(scan, sites, p, true);
    for (std::size_t i = 0; i < sites.size(); ++i) {
      ahead.at(i);
      votes.push_back(vote(scan, callee, p, sites[i], returns.positions, remarks));
    }
    if (param.dir == ir::Direction::InOut) {
      if (remarks)
        for (std::size_t i = 0; i < sites.size(); ++i)
          if (votes[i].exhibits)
            clauses[i].push_back("param " + value_text(param.var) +
                                 " is InOut, not Out: its buffer also carries input data, so parent strides are not "
                                 "attached (spec Pattern 2: Out params)");
      continue;
    }
    has_out = true;
    ask_pending(scan, sites, p, votes);  // (InOut params decide nothing: their strides are not asked)
    const StrideDecision d = decide_strides(callee, *memory, p, votes);
    // The notes go with the application: an attached param says "applied: ..." (site_text), every
    // other param why it is left alone.
    if (d.verdict == StrideVerdict::Attach) attach.emplace_back(p, d.strides);
    if (remarks && d.verdict != StrideVerdict::NotConcerned)
      for (std::size_t i = 0; i < sites.size(); ++i)
        clauses[i].push_back("Out param " + value_text(param.var) + ": " + site_text(d, votes, i));
  }
  const bool attached = !attach.empty();
  if (attached) plan.callees.push_back({callee.name, std::move(attach), memory});
  if (!remarks) return;
  for (std::size_t i = 0; i < sites.size(); ++i) {
    for (std::size_t r = 0; r < claimed.size(); ++r) {
      const auto& parts = scan.assembled(sites[i].call, r);
      if (claimed[r] || parts.empty()) continue;
      clauses[i].push_back("result " + std::to_string(r) + " is assembled into " + value_text(parts[0].parent) +
                           " at " + span_text(parts[0].span) + " but is not traced back to an Out param" +
                           (untraced.empty() ? std::string() : " (" + untraced + ")"));
    }
    if (clauses[i].empty() && has_out && !attached) clauses[i].push_back("has no Out result assembled into a parent tensor");
    add_site_note(notes, sites[i], callee.name, clauses[i]);
  }
}

/// Remarks only: a Group call one of whose results the caller assembles into a parent (Pattern 2's
/// shape; a walk of the caller per such call, with remarks on only).
inline bool group_call_shape(const analysis::CallSite& s, const ir::Function&, const CallerValues& vals) {
  bool assembled = false;
  visit::walk_all(s.caller->body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) {
    if (assembled || !ir::is_op_call(e, ir::op::id("tensor.assemble"))) return;
    const auto& args = ir::expr_as<ir::Call>(e)->args;
    if (args.size() < 2) return;
    const auto origin = vals.result_of(args[1]);
    assembled = origin && origin->call == s.call.get();
  });
  return assembled;
}

}  // namespace assemble_parent_strides_detail

struct AttachAssembleParentStrides
    : StridePlanRule<&assemble_parent_strides_detail::callee_sites, &assemble_parent_strides_detail::group_call_shape> {
  static constexpr std::string_view name = "assemble_parent_strides";
  static std::string describe() {
    return "tensor.assemble(parent, self.k(..., out), offset) -> k's Out param out: "
           "pl.TensorView(stride = parent's row-major strides)";
  }
};

inline const auto assemble_parent_strides_rules = boost::hana::make_tuple(AttachAssembleParentStrides{});

}  // namespace ptorw::patterns
