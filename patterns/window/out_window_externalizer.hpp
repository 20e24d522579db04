// OptimizeOrchTensors Pattern 5: Static Window Externalization (OutWindowExternalizer) —
// ../shared/spec/optimize_orch_tensors.md "Pattern 5" and "Windowize Opt-in" (issue 4).
//
//   Spec: "Clone the callee to a __windowed variant with narrowed rewritten tensor parameter types
//   and localized internal offsets. Rewrite the orchestration call site to explicit local slices."
//
// Pieces (each its own file):
//   window.hpp             the vocabulary: a window, the per-callee decision, shared helpers
//   callee_scalars.hpp     callee offsets and loop bounds read through pure scalar definitions
//   callee_windows.hpp     which params of a windowize=True InCore/AIC/AIV callee touch one static
//                          window: FinalStore (Out), PureInputWindowConsumer (In)
//   aggregate_windows.hpp  AggregateWindowLoop (Out carried through a static loop) and
//                          AggregateInputWindowLoop (In read across that loop)
//   windowed_clone.hpp     the `<callee>__windowed` clone, made once; the original stays
//   caller_facts.hpp       call statements, loops, parent families, loop-return aliases (and
//                          whether a loop writes its init in place), affine call-site offsets,
//                          tuple projections
//   call_site_rewrite.hpp  per call: proven → slice + windowed call + assemble; else full
//
// One Program rule: the decision needs callee bodies and every call site together. Everything
// decided in one match is rewritten at once; the next match finds the calls using the clones and
// declines with its notes — the remarks: one per candidate callee parameter (at the callee), one
// per call of a candidate (at the call).
#pragma once
#include <boost/hana/tuple.hpp>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ptorw/patterns/window/call_site_rewrite.hpp"
#include "ptorw/rewrite/rule.hpp"

namespace ptorw::patterns {

struct WindowPlan {
  ir::ProgramPtr program;
  std::unordered_map<std::string, ir::Stmt> bodies;        // caller name → new body
  std::vector<std::pair<std::string, ir::FunctionPtr>> clones;  // original name → clone to add after it
};

struct ExternalizeStaticWindows {
  static constexpr std::string_view name = "out_window_externalizer";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Program;
  static constexpr int benefit = 1;
  // One application windows every eligible kernel and rewrites all of its call sites.
  static constexpr bool complete = true;
  static std::string describe() {
    return "r = self.k(..., out) with k windowize=True writing one static window -> w = tensor.slice(out, shape, "
           "offset); w2 = self.k__windowed(..., w); r = tensor.assemble(out, w2, offset)";
  }

  rewrite::MatchResult<WindowPlan> match(const ir::ProgramPtr& prog, rewrite::Context& ctx) const {
    using namespace window;
    const bool remarks = ctx.remarks_enabled();
    std::vector<rewrite::Note> notes;
    std::unordered_map<std::string, WindowedCallee> callees;
    for (const auto& f : prog->functions) {
      if (!f || !is_window_candidate(*f)) continue;
      CalleeWindows cw = analyse_callee(*f);
      if (remarks)
        for (const auto& r : cw.remarks) notes.push_back(rewrite::Note{f->name, f->span, "'" + f->name + "' " + r});
      if (!cw.any()) continue;
      ir::FunctionPtr clone = make_windowed_clone(*f, cw);
      if (ir::FunctionPtr existing = prog->find(clone->name)) {
        if (!visit::structural_equal(*existing, *clone).equal) {
          if (remarks)
            notes.push_back(rewrite::Note{f->name, f->span, "'" + f->name + "' stays full: the name '" + clone->name +
                                                                 "' is taken by another function"});
          continue;
        }
        clone = existing;
      }
      callees.emplace(f->name, WindowedCallee{std::move(cw), std::move(clone)});
    }
    if (callees.empty()) return rewrite::decline_at(std::move(notes));
    WindowPlan plan{prog, {}, {}};
    std::unordered_set<std::string> used;
    for (const auto& f : prog->functions) {
      if (!f || !f->body) continue;
      if (ir::Stmt body = rewrite_caller(*prog, *f, callees, notes, remarks, used)) plan.bodies.emplace(f->name, body);
    }
    if (plan.bodies.empty()) return rewrite::decline_at(std::move(notes));
    for (const auto& f : prog->functions)
      if (f && used.count(f->name) && !prog->find(callees.at(f->name).clone->name))
        plan.clones.emplace_back(f->name, callees.at(f->name).clone);
    return plan;
  }

  ir::ProgramPtr rewrite(const WindowPlan& plan, rewrite::Context&) const {
    auto out = std::make_shared<ir::Program>(*plan.program);
    std::vector<ir::FunctionPtr> fns;
    for (const auto& f : plan.program->functions) {
      if (!f) continue;
      auto it = plan.bodies.find(f->name);
      fns.push_back(it == plan.bodies.end() ? f : ir::with_function(*f, [&](ir::Function& g) { g.body = it->second; }));
      for (const auto& [orig, clone] : plan.clones)
        if (orig == f->name) fns.push_back(clone);
    }
    out->functions = std::move(fns);
    return out;
  }
};

inline const auto out_window_externalizer_rules = boost::hana::make_tuple(ExternalizeStaticWindows{});

}  // namespace ptorw::patterns
