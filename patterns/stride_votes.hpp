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
// `site_text` says, per call site, which of these happened: the remarks of the pass. A StridePlan
// collects the parameters to attach; apply_stride_plan rewrites their callees.
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
#include "ptorw/patterns/common/call_sites.hpp"
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
};

enum class StrideVerdict : std::uint8_t { NotConcerned, KeepExplicit, Holds, Unknown, Conflict, Packed, Blocked, Attach };

struct StrideDecision {
  StrideVerdict verdict = StrideVerdict::NotConcerned;
  std::vector<std::int64_t> strides;  // Attach, Holds, Packed: the agreed ones; KeepExplicit: the param's
  std::string why;                    // Blocked: the callee's blocker; Unknown: when the param is at fault
};

inline StrideDecision decide_strides(const ir::Function& callee, std::size_t param, const std::vector<StrideVote>& votes) {
  StrideDecision d;
  bool exhibited = false;
  for (const auto& v : votes) exhibited |= v.exhibits;
  if (!exhibited) return d;  // 1
  const ir::Type& pt = callee.params[param].var->type;
  const bool all_known = [&] {
    for (const auto& v : votes)
      if (!v.strides.value) return false;
    return true;
  }();
  if (has_explicit_strides(pt)) {  // 2
    KnownStrides own = declared_strides(pt);
    d.verdict = StrideVerdict::KeepExplicit;
    if (own.value) {
      d.strides = *own.value;
      bool agree = all_known;
      for (const auto& v : votes) agree = agree && *v.strides.value == *own.value;
      if (agree) d.verdict = StrideVerdict::Holds;
    }
    return d;
  }
  if (!all_known) {  // 3
    d.verdict = StrideVerdict::Unknown;
    return d;
  }
  for (const auto& v : votes)
    if (*v.strides.value != *votes.front().strides.value) {  // 4
      d.verdict = StrideVerdict::Conflict;
      return d;
    }
  d.strides = *votes.front().strides.value;
  KnownStrides packed = declared_strides(pt);
  if (!packed.value) {
    d.verdict = StrideVerdict::Unknown;
    d.why = "its shape is not static (strides are attached for static shapes only)";
    return d;
  }
  if (*packed.value == d.strides) {  // 5
    d.verdict = StrideVerdict::Packed;
    return d;
  }
  ParamMemory mem(callee, param);  // 6
  if (!mem.blocker().empty()) {
    d.verdict = StrideVerdict::Blocked;
    d.why = mem.blocker();
    return d;
  }
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
    case StrideVerdict::Holds:
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
    case StrideVerdict::Attach:
      return "attaches strides " + strides_text(d.strides) + " of " + me.source;
  }
  return {};
}

/// The program matched and, by callee name, the parameters to give strides (Patterns 2 and 4).
struct StridePlan {
  ir::ProgramPtr program;
  std::vector<std::pair<std::string, std::vector<std::pair<std::size_t, std::vector<std::int64_t>>>>> callees;
};

/// The program with each planned callee rewritten by with_param_strides, and the calls of those whose
/// result types changed re-typed in every function.
inline ir::ProgramPtr apply_stride_plan(const StridePlan& plan) {
  auto out = std::make_shared<ir::Program>(*plan.program);
  std::unordered_map<std::string, std::size_t> index;  // the first function of a name wins
  for (std::size_t i = 0; i < out->functions.size(); ++i)
    if (out->functions[i]) index.try_emplace(out->functions[i]->name, i);
  std::unordered_map<std::string, const ir::Function*> retyped;  // callees whose result types changed
  for (const auto& [name, attach] : plan.callees) {
    auto& f = out->functions[index.at(name)];
    ir::FunctionPtr g = with_param_strides(*f, attach);
    if (g->return_types != f->return_types) retyped[name] = g.get();
    f = std::move(g);
  }
  refresh_call_result_types(*out, retyped);  // the calls (and what is typed from them) follow
  return out;
}

/// Joins the per-parameter clauses of one call site into one note.
inline void add_site_note(std::vector<rewrite::Note>& notes, const CallSite& s, const std::string& callee,
                          const std::vector<std::string>& clauses) {
  if (clauses.empty()) return;
  std::string text = "'" + callee + "' ";
  for (std::size_t i = 0; i < clauses.size(); ++i) text += (i ? "; " : "") + clauses[i];
  notes.push_back(rewrite::Note{s.caller->name, s.span, std::move(text)});
}

}  // namespace ptorw::patterns
