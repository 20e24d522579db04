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
//   window_candidate.hpp   the two above as one analysis of the pass run, per callee version
//   caller_facts.hpp       call statements, loops, parent families, loop-return aliases (and
//                          whether a loop writes its init in place), affine call-site offsets,
//                          tuple projections
//   call_site_rewrite.hpp  per call: proven → slice + windowed call + assemble; else full
//
// One Program rule: the decision needs callee bodies and every call site together. The match only
// decides (callee windows — an analysis of the pass run per callee version — and per call site a
// SiteDecision); the rewrite builds each caller's new body from those decisions, replacing each
// accepted call statement (call_site_rewrite.hpp, rewrite_caller). Everything decided in one match
// is rewritten at once; the next match finds the calls using the clones and
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

#include "ptorw/analysis/call_sites.hpp"
#include "ptorw/patterns/window/call_site_rewrite.hpp"
#include "ptorw/patterns/window/window_candidate.hpp"
#include "ptorw/rewrite/rule.hpp"

namespace ptorw::patterns {

/// What the match decided: the windowed callees, per caller the decisions about its calls, and the
/// clones to add. The rewrite builds the callers' new bodies from the decisions.
struct WindowPlan {
  ir::ProgramPtr program;
  // Shared and never moved: the decisions point into it.
  std::shared_ptr<const std::unordered_map<std::string, window::WindowedCallee>> callees;
  std::unordered_map<std::string, window::CallerDecision> callers;  // caller name → its decisions
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
    auto owned = std::make_shared<std::unordered_map<std::string, WindowedCallee>>();
    auto& callees = *owned;
    for (const auto& f : prog->functions) {
      if (remarks && f && !ir::is_incore_like(f->type) && ir::attr_true(f->attrs, "windowize"))
        notes.push_back(rewrite::Note{f->name, f->span,
                                      "'" + f->name + "' carries windowize=True but is " +
                                          std::string(ir::name_of(f->type)) +
                                          ": Pattern 5 runs only on InCore-type functions (InCore, AIC, or AIV)"});
      // A user kernel named like a clone is not a candidate (that is how a second run leaves the
      // clones alone); said, not skipped silently, when no function it could be a clone of exists.
      if (remarks && f && ir::is_incore_like(f->type) && ir::attr_true(f->attrs, "windowize") &&
          is_windowed_clone_name(f->name) && !prog->find(f->name.substr(0, f->name.size() - kWindowedSuffix.size())))
        notes.push_back(rewrite::Note{f->name, f->span,
                                      "'" + f->name + "' carries windowize=True but is not windowed: names ending in '" +
                                          std::string(kWindowedSuffix) +
                                          "' are reserved for Pattern 5's clones (rename the kernel to window it)"});
      if (!f || !is_window_candidate(*f)) continue;
      // The callee side is an analysis of the pass run, computed once per callee version.
      const WindowCandidate& cand = ctx.analyses().get<WindowCandidate>(f);
      const CalleeWindows& cw = cand.windows;
      if (remarks)
        for (const auto& r : cw.remarks) notes.push_back(rewrite::Note{f->name, f->span, "'" + f->name + "' " + r});
      if (!cw.any()) continue;
      ir::FunctionPtr clone = cand.clone;
      if (ir::FunctionPtr existing = prog->find(clone->name)) {
        if (!visit::structural_equal(*existing, *clone).equal) {
          if (remarks)
            notes.push_back(rewrite::Note{f->name, f->span, "'" + f->name + "' stays full: the name '" + clone->name +
                                                                 "' is taken by another function"});
          continue;
        }
        clone = existing;
      }
      ir::Symbol clone_name(clone->name);
      callees.emplace(f->name, WindowedCallee{cw, std::move(clone), clone_name});
    }
    if (callees.empty()) return rewrite::decline_at(std::move(notes));
    WindowPlan plan{prog, owned, {}, {}};
    std::unordered_set<std::string> used;
    const analysis::CallSiteIndex& index = ctx.analyses().get<analysis::CallSiteIndex>(prog);
    for (const auto& f : prog->functions) {
      if (!f || !f->body) continue;
      if (auto d = decide_caller(*prog, f, ctx.analyses(), callees, notes, remarks, used, !index.of(f->name).empty()))
        plan.callers.emplace(f->name, std::move(*d));
    }
    if (plan.callers.empty()) return rewrite::decline_at(std::move(notes));
    for (const auto& f : prog->functions)
      if (f && used.count(f->name) && !prog->find(callees.at(f->name).clone->name))
        plan.clones.emplace_back(f->name, callees.at(f->name).clone);
    // (A complete rule is not asked again about its own output: the notes of what it leaves alone
    // go with the application.)
    return rewrite::MatchResult<WindowPlan>(std::move(plan), std::move(notes));
  }

  ir::ProgramPtr rewrite(const WindowPlan& plan, rewrite::Context& ctx) const {
    auto out = std::make_shared<ir::Program>(*plan.program);
    std::vector<ir::FunctionPtr> fns;
    for (const auto& f : plan.program->functions) {
      if (!f) continue;
      auto it = plan.callers.find(f->name);  // caller side: the rewrite is rooted at each call site
      bool copies = false;
      fns.push_back(it == plan.callers.end() ? f : ir::with_function(*f, [&](ir::Function& g) {
        g.body = window::rewrite_caller(it->second, &copies);
      }));
      if (copies) ctx.mark_untidy(f->name);  // `y = x`, `i * 16 + 16 - 16` (optimize_orch_tensors.hpp)
      for (const auto& [orig, clone] : plan.clones)
        if (orig == f->name) {
          fns.push_back(clone);
          // Its localized offsets may leave local definitions unread, which the pass removes
          // afterwards (optimize_orch_tensors.hpp). A kernel: small to simplify.
          ctx.mark_untidy(clone->name);
        }
    }
    out->functions = std::move(fns);
    return out;
  }
};

inline const auto out_window_externalizer_rules = boost::hana::make_tuple(ExternalizeStaticWindows{});

}  // namespace ptorw::patterns
