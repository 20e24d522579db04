// Deciding one callee parameter's strides from all its call sites — the shared decision of
// OptimizeOrchTensors Patterns 2 and 4 (../shared/spec/optimize_orch_tensors.md).
//
// Every call site *votes*: the strides of the memory it binds to the parameter (Pattern 2: the
// parent the result is assembled into, else the Out argument's own; Pattern 4: the parent of a
// sliced argument, else the argument's own). A parameter has one type for all its callers, so the
// decision, in order:
//   1. no call site shows the pattern (nothing assembled / no slice)     → not concerned
//   2. the parameter already declares explicit strides                   → it keeps them (spec P4)
//   3. some site's strides are unknown (dynamic shape, ...)              → no strides (static only)
//   4. two sites disagree                                                → no strides (conflict)
//   5. the agreed strides are the parameter's own packed strides         → nothing to attach
//      (a default view is the same type as no view, ../shared/dsl.md "Types")
//   6. the callee cannot give the memory these strides consistently      → no strides (param_strides.hpp)
//   7. otherwise                                                         → attach the agreed strides
// Checks 1–6 are the named table kStrideChecks, asked in order. `site_text` says, per call site,
// which of them settled the parameter: the remarks of the pass. A StridePlan collects the
// parameters to attach; apply_stride_plan rewrites their callees.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ptorw/ir/function.hpp"
#include "ptorw/patterns/caller_values.hpp"
#include "ptorw/patterns/common/call_result_types.hpp"
#include "ptorw/analysis/call_sites.hpp"
#include "ptorw/patterns/param_strides.hpp"
#include "ptorw/rewrite/rule.hpp"

namespace ptorw::patterns {

/// One call site's claim about the strides of one parameter's memory.
struct StrideVote {
  const ir::Function* caller = nullptr;
  ir::Span span;          // of the call
  KnownStrides strides;   // what this site binds
  std::string source;     // where they come from ("parent 'acc' assembled at 14:13"); remarks only
  bool exhibits = false;  // the site shows the pattern (result assembled / argument sliced)
  bool pending = false;   // `strides` not asked yet (ask_pending)
};

/// A site that does not exhibit the pattern has strides that matter only when another site does
/// (shows_pattern: a parameter no site exhibits it for is not concerned), so the patterns leave them
/// pending and ask them here, for the parameters that need them: following a call-site argument to
/// its memory is a chain of dependent loads, and most kernel parameters get no slice and no
/// assemble at any site (issue 20).
template <class Scan, class Sites>
inline void ask_pending(const Scan& scan, const Sites& sites, std::size_t param, std::vector<StrideVote>& votes) {
  bool any = false;
  for (const auto& v : votes) any = any || v.exhibits;
  if (!any) return;
  for (std::size_t i = 0; i < votes.size(); ++i)
    if (votes[i].pending) {
      votes[i].strides = scan.memory_strides(sites[i].caller, sites[i].args()[param]);
      votes[i].pending = false;
    }
}

/// The vote of a call inside a Group function: no strides. Spec "Scope": Group functions are
/// "Unchanged" — for Pattern 2 an Out param's strides are part of the call's result type inside the
/// Group; Pattern 4 analyzes "tensor.slice ... patterns in orchestration" — so a kernel a Group
/// calls keeps its signature, as in Patterns 1 and 5. `exhibits`: the site shows the pattern.
inline StrideVote group_call_vote(const analysis::CallSite& s, bool exhibits, bool remarks) {
  StrideVote v{s.caller, s.span, {}, {}, exhibits};
  if (remarks) v.source = "the call inside Group function '" + s.caller->name + "'";
  v.strides = KnownStrides::unknown("the pass leaves a Group function unchanged (spec \"Scope\"), so the kernel keeps its "
                                    "signature");
  return v;
}

enum class StrideVerdict : std::uint8_t { NotConcerned, KeepExplicit, Holds, Unknown, Conflict, Packed, Blocked, Attach };

struct StrideDecision {
  StrideVerdict verdict = StrideVerdict::NotConcerned;
  std::vector<std::int64_t> strides;  // Attach, Holds, Packed: the agreed ones; KeepExplicit: the param's
  std::string why;                    // Blocked: the callee's blocker; Unknown: when the param is at fault
};

/// What the checks of one decision see.
struct StrideQuestion {
  const ir::Function& callee;
  std::size_t param;
  const std::vector<StrideVote>& votes;
  const ParamMemories& memory;  // the callee's (an analysis of the pass run)

  const ir::Type& type() const { return callee.params[param].var->type; }
  bool all_known() const {
    for (const auto& v : votes)
      if (!v.strides.value) return false;
    return true;
  }
};

/// One named eligibility check of the decision. `decides` either settles the parameter (true, the
/// verdict in `d`) or lets it through to the next check (false; it may record what it established,
/// e.g. the agreed strides). `rule` quotes the rule it implements; the remark each verdict produces
/// at a call site is `site_text` below.
struct StrideCheck {
  std::string_view name;
  std::string_view rule;
  bool (*decides)(const StrideQuestion&, StrideDecision&);
};

namespace stride_checks {

inline bool shows_pattern(const StrideQuestion& q, StrideDecision& d) {
  for (const auto& v : q.votes)
    if (v.exhibits) return false;
  d.verdict = StrideVerdict::NotConcerned;
  return true;
}

inline bool keeps_explicit(const StrideQuestion& q, StrideDecision& d) {
  if (!has_explicit_strides(q.type())) return false;
  KnownStrides own = declared_strides(q.type());
  d.verdict = StrideVerdict::KeepExplicit;
  if (own.value) {
    d.strides = *own.value;
    bool agree = q.all_known();
    for (const auto& v : q.votes) agree = agree && *v.strides.value == *own.value;
    if (agree) d.verdict = StrideVerdict::Holds;
  }
  return true;
}

inline bool strides_known(const StrideQuestion& q, StrideDecision& d) {
  if (q.all_known()) return false;
  d.verdict = StrideVerdict::Unknown;
  return true;
}

inline bool sites_agree(const StrideQuestion& q, StrideDecision& d) {
  for (const auto& v : q.votes)
    if (*v.strides.value != *q.votes.front().strides.value) {
      d.verdict = StrideVerdict::Conflict;
      return true;
    }
  d.strides = *q.votes.front().strides.value;  // the agreed strides, for the checks below
  return false;
}

inline bool not_packed(const StrideQuestion& q, StrideDecision& d) {
  KnownStrides packed = declared_strides(q.type());
  if (!packed.value) {
    d.verdict = StrideVerdict::Unknown;
    d.why = "its shape is not static (strides are attached for static shapes only)";
    return true;
  }
  if (*packed.value != d.strides) return false;
  d.verdict = StrideVerdict::Packed;
  return true;
}

inline bool memory_consistent(const StrideQuestion& q, StrideDecision& d) {
  const ParamMemory& mem = q.memory.of(q.param);
  if (mem.blocker().empty()) return false;
  d.verdict = StrideVerdict::Blocked;
  d.why = mem.blocker();
  return true;
}

}  // namespace stride_checks

/// The checks, in the order they are asked (the numbers of the file comment). A parameter that
/// passes them all gets the agreed strides attached (7).
inline constexpr StrideCheck kStrideChecks[] = {
    {"shows_pattern",
     "1. spec P2 \"Analyze tensor.assemble(parent, incore_result, offset) patterns in orchestration\"; P4 \"When "
     "orchestration passes a sliced tensor (tensor.slice) as an In argument\"",
     stride_checks::shows_pattern},
    {"keeps_explicit", "2. explicit strides on the parameter are kept (issue 3; spec P4: the parameter otherwise has "
                       "\"contiguous strides (computed from its own shape)\")",
     stride_checks::keeps_explicit},
    {"strides_known", "3. static shapes only: a site whose strides are unknown blocks (issue 3; fail closed)",
     stride_checks::strides_known},
    {"sites_agree", "4. a parameter has one type for all its callers: every call site must bind the same strides",
     stride_checks::sites_agree},
    {"not_packed", "5. a default view is the same type as no view (../shared/dsl.md \"Types\"): packed strides are "
                   "not attached",
     stride_checks::not_packed},
    {"memory_consistent", "6. spec P2 \"so tile.store can use the correct memory layout\", P4 \"so tile.load uses "
                          "the correct memory layout\": every variable that is the parameter's memory takes the "
                          "strides (param_strides.hpp)",
     stride_checks::memory_consistent},
};

inline StrideDecision decide_strides(const ir::Function& callee, const ParamMemories& memory, std::size_t param,
                                     const std::vector<StrideVote>& votes) {
  const StrideQuestion q{callee, param, votes, memory};
  StrideDecision d;
  for (const StrideCheck& c : kStrideChecks)
    if (c.decides(q, d)) return d;
  d.verdict = StrideVerdict::Attach;  // 7
  return d;
}

/// What happened to the parameter, as seen from call site `site` (one remark clause). Not for
/// NotConcerned: each pattern words that case itself.
inline std::string site_text(const StrideDecision& d, const std::vector<StrideVote>& votes, std::size_t site) {
  const StrideVote& me = votes[site];
  auto where = [](const StrideVote& v) {
    return "the call at " + span_text(v.span) + (v.caller ? " in '" + v.caller->name + "'" : std::string());
  };
  auto claim = [](const StrideVote& v) {
    return v.source + (v.strides.value ? " has strides " + strides_text(*v.strides.value)
                                       : " gives no strides (" + v.strides.why + ")");
  };
  switch (d.verdict) {
    case StrideVerdict::NotConcerned:
      return "not concerned";
    case StrideVerdict::KeepExplicit:
      return "keeps its explicit strides" + (d.strides.empty() ? std::string() : " " + strides_text(d.strides)) +
             "; here " + claim(me);
    // An attached param is described as the rule's output will read: the notes go with the
    // application (a complete rule is not asked about its own output; review rev12 M-B).
    case StrideVerdict::Holds:
    case StrideVerdict::Attach:
      return "applied: has the strides " + strides_text(d.strides) + " of " + me.source;
    case StrideVerdict::Unknown:
      if (!d.why.empty()) return "no strides: " + d.why;
      if (!me.strides.value) return "no strides: " + claim(me);
      for (const auto& v : votes)
        if (!v.strides.value) return "no strides: at " + where(v) + ", " + claim(v);
      return "no strides";
    case StrideVerdict::Conflict:
      for (const auto& v : votes)
        if (v.strides.value && *v.strides.value != *me.strides.value)
          return "conflict, no strides: here " + claim(me) + " but at " + where(v) + " " + claim(v);
      return "conflict, no strides";
    case StrideVerdict::Packed:
      return "nothing to attach: " + claim(me) + ", the packed strides of the parameter";
    case StrideVerdict::Blocked:
      return "not attached (" + strides_text(d.strides) + " of " + me.source + "): " + d.why;
  }
  return {};
}

/// One callee's parameters to give strides, with the callee's ParamMemories (the decision's, reused
/// by the rewrite).
struct PlannedStrides {
  std::string callee;
  std::vector<std::pair<std::size_t, std::vector<std::int64_t>>> attach;
  std::shared_ptr<const ParamMemories> memory;
};

/// The program matched and the callees to rewrite (Patterns 2 and 4).
struct StridePlan {
  ir::ProgramPtr program;
  std::vector<PlannedStrides> callees;
};

/// The program with each planned callee rewritten by with_param_strides, and the calls of those whose
/// result types changed re-typed in every function.
inline ir::ProgramPtr apply_stride_plan(const StridePlan& plan) {
  auto out = std::make_shared<ir::Program>(*plan.program);
  std::unordered_map<std::string, std::size_t> index;  // the first function of a name wins
  for (std::size_t i = 0; i < out->functions.size(); ++i)
    if (out->functions[i]) index.try_emplace(out->functions[i]->name, i);
  std::unordered_map<std::string, const ir::Function*> retyped;  // callees whose result types changed
  for (const auto& c : plan.callees) {
    auto& f = out->functions[index.at(c.callee)];
    ir::FunctionPtr g = with_param_strides(*f, *c.memory, c.attach);
    if (g->return_types != f->return_types) retyped[c.callee] = g.get();
    f = std::move(g);
  }
  refresh_call_result_types(*out, retyped);  // the calls (and what is typed from them) follow
  return out;
}

/// Joins the per-parameter clauses of one call site into one note.
inline void add_site_note(std::vector<rewrite::Note>& notes, const analysis::CallSite& s, const std::string& callee,
                          const std::vector<std::string>& clauses) {
  if (clauses.empty()) return;
  std::string text = "'" + callee + "' ";
  for (std::size_t i = 0; i < clauses.size(); ++i) text += (i ? "; " : "") + clauses[i];
  notes.push_back(rewrite::Note{s.caller->name, s.span, std::move(text)});
}

}  // namespace ptorw::patterns
