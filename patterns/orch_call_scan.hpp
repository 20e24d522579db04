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
#include "ptorw/patterns/common/carried_args.hpp"
#include "ptorw/patterns/memory_strides.hpp"
#include "ptorw/patterns/common/function_facts.hpp"
#include "ptorw/visit/ptr_map.hpp"

namespace ptorw::patterns {

/// The `tensor.assemble(parent, part, offset)` calls of one function, with their places. Collected
/// by the expression walk of the function's FunctionFacts (common/function_facts.hpp), which
/// Pattern 1 has already made for every caller of a kernel with an Out param: one walk of a
/// 1M-statement caller, not two.
struct FunctionAssembles {
  static constexpr std::string_view name = "function_assembles";

  FunctionAssembles(const ir::FunctionPtr& f, analysis::AnalysisCache& cache) : facts_(cache.share<FunctionFacts>(f)) {}
  /// In walk order; nodes of the held function version.
  const std::vector<std::pair<const ir::Call*, ir::Span>>& calls() const { return facts_->assembles; }

 private:
  std::shared_ptr<const FunctionFacts> facts_;
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
    const std::vector<analysis::CallSite>* sites;  // program order; owned by the held call-site index
  };

  OrchCallScan(const ir::ProgramPtr& p, analysis::AnalysisCache& cache) : program_(p), carried_(*p) {
    std::unordered_map<std::string_view, const ir::FunctionPtr*> incore;
    for (const auto& f : p->functions)
      if (f && ir::is_incore_like(f->type)) incore.try_emplace(f->name, &f);
    if (incore.empty()) return;
    index_ = cache.share<analysis::CallSiteIndex>(p);
    std::unordered_set<const ir::Function*> calling;  // callers of InCore callees
    for (std::string_view callee : index_->callees()) {
      auto it = incore.find(callee);
      if (it == incore.end()) continue;
      callees_.push_back({*it->second, &index_->of(callee)});
      // Sites come in runs of one caller: hash each caller once per run, not once per site.
      const ir::Function* last = nullptr;
      for (const auto& s : *callees_.back().sites)
        if (s.caller != last) calling.insert(last = s.caller);
    }
    if (calling.empty()) return;
    for (const auto& f : p->functions) {
      if (!f || !calling.count(f.get())) continue;
      auto vals = cache.share<CallerValues>(f);
      for (const auto& [c, at] : cache.get<FunctionAssembles>(f).calls()) {
        if (c->args.size() < 2) continue;
        if (auto o = vals->result_of(c->args[1])) {
          auto& per_result = uses_[o->call];  // valid until the next insertion: used at once
          if (per_result.size() <= o->index) per_result.resize(o->index + 1);
          per_result[o->index].push_back({c->args[0], at});
        } else if (ir::is_var_like(c->args[1])) {
          var_parts_[c->args[1].get()].push_back({c->args[0], at});
        }
      }
      values_.emplace(f.get(), std::move(vals));
    }
  }

  /// InCore-type callees that are called, in order of their first call.
  const std::vector<Callee>& callees() const { return callees_; }
  /// The definitions of a function that calls an InCore callee.
  const CallerValues& values(const ir::Function* f) const { return *values_.at(f); }
  /// The strides of the memory `e`, a value of calling function `f`, lives in (memory_strides.hpp);
  /// answers are remembered per caller for this program version.
  KnownStrides memory_strides(const ir::Function* f, const ir::Expr& e) const {
    if (f != last_caller_) {  // call sites come in runs of one caller
      auto it = strides_.find(f);
      if (it == strides_.end())
        it = strides_.emplace(f, std::make_unique<MemoryStrides>(values(f), carried_, !index_->of(f->name).empty(),
                                                             /*any_leading=*/true)).first;
      last_caller_ = f;
      last_ = it->second.get();
    }
    return last_->of(e);
  }
  /// Starts loading the slot `assembled(call, ...)` reads (vote_prefetch.hpp).
  void prefetch_assembled(const ir::ExprNode* call) const { uses_.prefetch(call); }
  /// The tensor.assembles whose part is result `index` of `call`.
  const std::vector<Assembled>& assembled(const ir::Expr& call, std::size_t index) const {
    static const std::vector<Assembled> none;
    const auto* per_result = uses_.find(call.get());
    return !per_result || index >= per_result->size() ? none : (*per_result)[index];
  }

  /// The tensor.assembles, after the call at `call_span`, whose part is the variable `arg` itself
  /// when `arg` is an argument of this one call of the program and of no other: after
  /// `self.k(x, tmp)`, `tmp` holds what the kernel wrote into it (tensors are passed by reference),
  /// so `tensor.assemble(parent, tmp, offset)` assembles the call's result as
  /// `tensor.assemble(parent, self.k(x, tmp), offset)` does (spec Pattern 2, "tensor.assemble(parent,
  /// incore_result, offset)"). outline-incore-scopes writes this form for a scope that stores into
  /// a tensor read after it (review rev41a F1: Pattern 2 declined it, and compile then refused the
  /// copying assemble). Empty when another call may write `arg` too, or the order is not known.
  std::vector<const Assembled*> assembled_arg(const ir::Expr& arg, ir::Span call_span) const {
    std::vector<const Assembled*> out;
    if (var_parts_.empty() || !ir::is_var_like(arg) || call_span.line == 0) return out;
    auto it = var_parts_.find(arg.get());
    if (it == var_parts_.end()) return out;
    if (!arg_uses_ready_) {  // once, and only for a program that assembles such a variable
      for (std::string_view callee : index_->callees())
        for (const auto& s : index_->of(callee))
          for (const auto& a : s.args())
            if (a && var_parts_.count(a.get())) ++arg_uses_[a.get()];
      arg_uses_ready_ = true;
    }
    auto u = arg_uses_.find(arg.get());
    if (u == arg_uses_.end() || u->second != 1) return out;
    for (const auto& a : it->second)
      if (a.span.line > call_span.line || (a.span.line == call_span.line && a.span.col > call_span.col)) out.push_back(&a);
    return out;
  }

 private:
  ir::ProgramPtr program_;  // carried_ reads its functions
  CarriedArgs carried_;
  mutable std::unordered_map<const ir::Function*, std::unique_ptr<MemoryStrides>> strides_;
  mutable const ir::Function* last_caller_ = nullptr;
  mutable MemoryStrides* last_ = nullptr;
  std::shared_ptr<const analysis::CallSiteIndex> index_;  // holds the sites of callees_
  std::vector<Callee> callees_;
  std::unordered_map<const ir::Function*, std::shared_ptr<const CallerValues>> values_;
  // Asked once per call site and result by both patterns: open addressing (visit/ptr_map.hpp), one
  // cache miss per lookup instead of a bucket and a node.
  visit::PtrMap<std::vector<std::vector<Assembled>>> uses_;
  // assembled_arg: the assembles whose part is a variable no call result names, and how many call
  // arguments (over every call of the program) each such variable is.
  std::unordered_map<const ir::ExprNode*, std::vector<Assembled>> var_parts_;
  mutable std::unordered_map<const ir::ExprNode*, int> arg_uses_;
  mutable bool arg_uses_ready_ = false;
};

}  // namespace ptorw::patterns
