// One pass over a program collecting what the orchestration-side patterns 2 and 4 of
// OptimizeOrchTensors (../shared/spec/optimize_orch_tensors.md) look at: every call of an InCore-type
// callee (spec "Scope": InCore, AIC, AIV; by `self.k(...)` or `pl.submit(self.k, ...)`) and every
// `tensor.assemble`, with the definitions of each function that has either (caller_values.hpp).
// Every other function is a caller that is analysed (issue 3); callers are never rewritten here.
//
// Cost: one walk of each function plus one definition index per function that calls an InCore
// callee — O(program) per scan, whatever the number of callees.
#pragma once
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/patterns/caller_values.hpp"
#include "ptorw/patterns/common/call_sites.hpp"

namespace ptorw::patterns {

class OrchCallScan {
 public:
  /// `tensor.assemble(parent, part, offset)` whose part is result `index` of a call.
  struct Assembled {
    ir::Expr parent;
    ir::Span span;
  };
  struct Callee {
    const ir::Function* fn;
    std::vector<CallSite> sites;  // program order
  };

  explicit OrchCallScan(const ir::Program& p) {
    std::unordered_map<std::string_view, const ir::Function*> incore;
    for (const auto& f : p.functions)
      if (f && ir::is_incore_like(f->type)) incore.try_emplace(f->name, f.get());
    if (incore.empty()) return;
    std::unordered_map<std::string_view, std::size_t> slot;  // callee name → callees_ index
    for (const auto& f : p.functions) {
      if (!f || !f->body) continue;
      bool calls = false;
      std::vector<std::pair<const ir::Call*, ir::Span>> assembles;
      ir::Span stmt_span{};
      visit::walk_all(
          f->body, [&](const ir::Stmt& s) { if (s->span.line) stmt_span = s->span; },
          [&](const ir::Expr& e) {
            const ir::Span at = e->span.line ? e->span : stmt_span;
            const std::string* callee = nullptr;  // the pooled text of a Symbol
            bool submit = false;
            if (auto* c = ir::expr_as<ir::Call>(e)) {
              if (c->kind == ir::CallKind::Function) callee = &c->callee.str();
              else if (ir::op_id(c->callee) == ir::op::id("tensor.assemble")) assembles.emplace_back(c, at);
            } else if (auto* s = ir::expr_as<ir::Submit>(e)) {
              callee = &s->callee.str();
              submit = true;
            }
            if (!callee) return;
            auto it = incore.find(*callee);
            if (it == incore.end()) return;
            auto [k, fresh] = slot.try_emplace(it->first, callees_.size());
            if (fresh) callees_.push_back({it->second, {}});
            callees_[k->second].sites.push_back(CallSite{f.get(), e, at, submit});
            calls = true;
          });
      if (!calls && assembles.empty()) continue;
      auto& vals = values_[f.get()] = std::make_unique<CallerValues>(*f);
      for (const auto& [c, at] : assembles) {
        if (c->args.size() < 2) continue;
        if (auto o = vals->result_of(c->args[1])) {
          auto& per_result = uses_[o->call];
          if (per_result.size() <= o->index) per_result.resize(o->index + 1);
          per_result[o->index].push_back({c->args[0], at});
        }
      }
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
  std::unordered_map<const ir::Function*, std::unique_ptr<CallerValues>> values_;
  std::unordered_map<const ir::ExprNode*, std::vector<std::vector<Assembled>>> uses_;
};

}  // namespace ptorw::patterns
