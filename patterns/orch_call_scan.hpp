// What the orchestration-side patterns 2 and 4 of OptimizeOrchTensors
// (../shared/spec/optimize_orch_tensors.md) look at, as one analysis of a program version: every
// call of an InCore-type callee (spec "Scope": InCore, AIC, AIV; by `self.k(...)` or
// `pl.submit(self.k, ...)`) and every `tensor.assemble` whose part is the result of such a call,
// with the definitions of each function that makes such calls (caller_values.hpp). Every other
// function is a caller that is analysed (issue 3); callers are never rewritten here.
//
// Built from the analyses of the pass run (ptorw/analysis/cache.hpp): the call-site index, and per
// calling function its CallerValues and its tensor.assembles — each computed once per function
// version, so Pattern 4 reuses what Pattern 2 computed for every function that did not change.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ptorw/analysis/cache.hpp"
#include "ptorw/analysis/call_sites.hpp"
#include "ptorw/ir/op_id.hpp"
#include "ptorw/patterns/caller_values.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::patterns {

/// The `tensor.assemble(parent, part, offset)` calls of one function, with their places.
struct FunctionAssembles {
  static constexpr std::string_view name = "function_assembles";
  std::vector<std::pair<const ir::Call*, ir::Span>> calls;  // nodes of the held function version

  explicit FunctionAssembles(const ir::Function& f) {
    if (!f.body) return;
    ir::Span stmt_span{};
    visit::walk_all(
        f.body, [&](const ir::Stmt& s) { if (s->span.line) stmt_span = s->span; },
        [&](const ir::Expr& e) {
          if (auto* c = ir::expr_as<ir::Call>(e); c && c->kind != ir::CallKind::Function &&
                                                   ir::op_id(c->callee) == ir::op::id("tensor.assemble"))
            calls.emplace_back(c, e->span.line ? e->span : stmt_span);
        });
  }
};

class OrchCallScan {
 public:
  static constexpr std::string_view name = "orch_call_scan";

  /// `tensor.assemble(parent, part, offset)` whose part is result `index` of a call.
  struct Assembled {
    ir::Expr parent;
    ir::Span span;
  };
  struct Callee {
    ir::FunctionPtr fn;
    std::vector<analysis::CallSite> sites;  // program order
  };

  OrchCallScan(const ir::ProgramPtr& p, analysis::AnalysisCache& cache) {
    std::unordered_map<std::string_view, const ir::FunctionPtr*> incore;
    for (const auto& f : p->functions)
      if (f && ir::is_incore_like(f->type)) incore.try_emplace(f->name, &f);
    if (incore.empty()) return;
    const analysis::CallSiteIndex& index = cache.get<analysis::CallSiteIndex>(p);
    std::unordered_set<const ir::Function*> calling;  // callers of InCore callees
    for (std::string_view callee : index.callees()) {
      auto it = incore.find(callee);
      if (it == incore.end()) continue;
      callees_.push_back({*it->second, index.of(callee)});
      for (const auto& s : callees_.back().sites) calling.insert(s.caller);
    }
    if (calling.empty()) return;
    for (const auto& f : p->functions) {
      if (!f || !calling.count(f.get())) continue;
      auto vals = cache.share<CallerValues>(f);
      for (const auto& [c, at] : cache.get<FunctionAssembles>(f).calls) {
        if (c->args.size() < 2) continue;
        if (auto o = vals->result_of(c->args[1])) {
          auto& per_result = uses_[o->call];
          if (per_result.size() <= o->index) per_result.resize(o->index + 1);
          per_result[o->index].push_back({c->args[0], at});
        }
      }
      values_.emplace(f.get(), std::move(vals));
    }
  }

  /// InCore-type callees that are called, in order of their first call.
  const std::vector<Callee>& callees() const { return callees_; }
  /// The definitions of a function that calls an InCore callee.
  const CallerValues& values(const ir::Function* f) const { return *values_.at(f); }
  /// The tensor.assembles whose part is result `index` of `call`.
  const std::vector<Assembled>& assembled(const ir::Expr& call, std::size_t index) const {
    static const std::vector<Assembled> none;
    auto it = uses_.find(call.get());
    return it == uses_.end() || index >= it->second.size() ? none : it->second[index];
  }

 private:
  std::vector<Callee> callees_;
  std::unordered_map<const ir::Function*, std::shared_ptr<const CallerValues>> values_;
  std::unordered_map<const ir::ExprNode*, std::vector<std::vector<Assembled>>> uses_;
};

}  // namespace ptorw::patterns
