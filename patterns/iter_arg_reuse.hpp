// OptimizeOrchTensors Pattern 1: Iter-Arg Reuse (IterArgReuseOptimizer) —
// ../shared/spec/optimize_orch_tensors.md "Pattern 1" and issue 3.
//
//   for i, (ia,) in pl.range(N, init_values=(buf,)):        for i, (ia,) in pl.range(N, init_values=(buf,)):
//       out = pl.tensor.create(shape, dtype=pl.FP32)   →        result = self.k(ia)      # k: ia is InOut
//       result = self.k(ia, out)                                 pl.yield_(result)
//       pl.yield_(result)
//
// One Program rule, because the merge changes the callee's signature and therefore every call
// site in every function: a pair (k, Out param) is merged only when *every* call site of k
// qualifies (caller_side.hpp: loop form or standalone form, and the buffer being reused is owned)
// and the callee may write into the buffer it reads (callee_side.hpp). Several Out params of one
// kernel (multi-return) are judged and merged independently. The rewrite drops each merged Out
// param and promotes its In param to InOut, turns every use of the Out param in the callee into
// the In param, drops the Out argument at every call site (keeping the call's kwargs and attrs)
// and deletes the tensor.create statements that fed it.
//
// Remarks: a pair is a near miss (reported) when at least one call site passes a tensor.create
// as that Out argument; the remark sits at the first call site that fails (or at the callee for a
// callee-side reason) and names the failed condition.
#pragma once
#include <boost/hana/tuple.hpp>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/visit/tree_edit.hpp"
#include "ptorw/patterns/iter_arg_reuse/caller_side.hpp"
#include "ptorw/rewrite/rule.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/walk.hpp"

namespace ptorw::patterns {

namespace iter_arg_reuse {

/// One Out param merged into one In param, and the tensor.creates (per caller) that disappear.
struct PlannedMerge {
  Merge merge;
  std::vector<std::pair<const ir::Function*, const ir::StmtNode*>> creates;
};

/// Everything merged for one callee.
struct Plan {
  std::size_t callee;  // index into Program::functions
  std::vector<PlannedMerge> merges;
  std::vector<analysis::CallSite> sites;
};

}  // namespace iter_arg_reuse

struct MergeOutParamIntoIterArg {
  static constexpr std::string_view name = "iter_arg_reuse";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Program;
  static constexpr int benefit = 10;
  // One application merges every planned out-param of the program (Plan covers all call sites).
  static constexpr bool complete = true;
  static std::string describe() {
    return "out = tensor.create(..); r = self.k(.., a, .., out) with r yielded back to a (or k's full-load/loop/store "
           "shape)  →  r = self.k(.., a, ..), a InOut in k";
  }

  struct Bindings {
    ir::ProgramPtr program;
    std::vector<iter_arg_reuse::Plan> plans;
  };

  rewrite::MatchResult<Bindings> match(const ir::ProgramPtr& p, rewrite::Context& ctx) const {
    using namespace iter_arg_reuse;
    // The analyses of the pass run: the call-site index of this program version, and per function
    // version its facts — computed once, whichever pattern or round asks first.
    analysis::AnalysisCache& cache = ctx.analyses();
    const analysis::CallSiteIndex& sites = cache.get<analysis::CallSiteIndex>(p);
    ProgramView view(*p, sites, cache);
    std::unordered_map<const ir::Function*, const ir::FunctionPtr*> version;  // a caller's node → its handle
    for (const auto& f : p->functions) version.emplace(f.get(), &f);
    auto facts_of = [&](const ir::Function* f) -> const FunctionFacts& {
      return cache.get<FunctionFacts>(*version.at(f));
    };
    Bindings b{p, {}};
    std::vector<rewrite::Note> notes;
    for (std::size_t ki = 0; ki < p->functions.size(); ++ki) {
      const ir::Function& k = *p->functions[ki];
      if (!ir::is_incore_like(k.type) || !k.body || !sites.called(k.name)) continue;
      const std::vector<analysis::CallSite>& calls = sites.of(k.name);
      std::optional<Callee> callee;
      Plan plan{ki, {}, {}};  // its call sites are copied only when something merges
      for (std::size_t out = 0; out < k.params.size(); ++out) {
        if (k.params[out].dir != ir::Direction::Out) continue;
        if (!callee) callee.emplace(p->functions[ki], cache);
        if (!near_miss(calls, out, facts_of, *callee)) continue;
        const std::string what = quoted(k.name) + " Out param " + param_name(k, out) + " not merged: ";
        const auto rets = callee->returns_of(out);
        if (rets.size() != 1) {
          notes.push_back({k.name, k.span,
                           what + (rets.empty() ? "no return value is a tile.store into it (BuildOutParamReturnMappings maps an Out "
                                                   "param to the return value a tile.store into it defines; a loop or "
                                                   "If result is not one)"
                                                : "several return values carry it")});
          continue;
        }
        OutParamCase c{*callee, out, rets[0]};
        std::optional<std::size_t> in;
        PlannedMerge pm{{0, out}, {}};
        std::optional<rewrite::Note> refused;
        for (const analysis::CallSite& site : calls) {
          SiteVerdict v = judge_site(site, view, facts_of(site.caller), c);
          if (!v.in) {
            refused = rewrite::Note{site.caller->name, site.span, what + v.why};
            break;
          }
          if (in && *in != *v.in) {
            refused = rewrite::Note{site.caller->name, site.span,
                                    what + "this call reuses In param " + param_name(k, *v.in) +
                                        " where an earlier call site reuses " + param_name(k, *in)};
            break;
          }
          in = v.in;
          pm.creates.emplace_back(site.caller, v.create);
        }
        for (const PlannedMerge& m : plan.merges)
          if (!refused && in && m.merge.in == *in)
            refused = rewrite::Note{k.name, k.span,
                                    what + "In param " + param_name(k, *in) + " already takes Out param " +
                                        param_name(k, m.merge.out)};
        if (refused || !in) {
          if (refused) notes.push_back(std::move(*refused));
          continue;
        }
        pm.merge.in = *in;
        plan.merges.push_back(std::move(pm));
      }
      if (!plan.merges.empty()) {
        plan.sites = calls;
        b.plans.push_back(std::move(plan));
      }
    }
    // (A complete rule is not asked again about its own output: the notes of the calls it leaves
    // alone go with the application.)
    if (!b.plans.empty()) return rewrite::MatchResult<Bindings>(std::move(b), std::move(notes));
    return rewrite::decline_at(std::move(notes));
  }

  ir::ProgramPtr rewrite(const Bindings& b, rewrite::Context& ctx) const {
    using namespace iter_arg_reuse;
    auto prog = std::make_shared<ir::Program>(*b.program);
    std::unordered_map<const ir::Function*, visit::TreeEdit> edits;
    for (const Plan& plan : b.plans) {
      const ir::Function& k = *b.program->functions[plan.callee];
      std::vector<char> dropped(k.params.size(), 0);
      std::vector<Merge> merges;
      for (const PlannedMerge& m : plan.merges) {
        dropped[m.merge.out] = 1;
        merges.push_back(m.merge);
        for (const auto& [caller, create] : m.creates) {
          edits[caller].stmts.emplace(create, nullptr);
          // A computed shape (`n = m * 2; o = tensor.create([n, 64])`): its definitions may now be
          // unread: the pass simplifies the caller afterwards (optimize_orch_tensors.hpp).
          if (reads_a_variable(*create)) ctx.mark_untidy(caller->name);
        }
      }
      for (const analysis::CallSite& site : plan.sites) {
        const auto& call = std::get<ir::Call>(site.call->kind);
        ir::Call next{call.kind, call.callee, {}, call.kwargs, call.attrs};  // kwargs and attrs stay
        for (std::size_t i = 0; i < call.args.size(); ++i)
          if (!dropped[i]) next.args.push_back(call.args[i]);
        edits[site.caller].exprs.emplace(site.call.get(), ir::make_expr(std::move(next), site.call->type, site.call->span));
      }
      prog->functions[plan.callee] = merge_params(k, merges);
    }
    for (auto& f : prog->functions) {
      auto it = edits.find(f.get());
      if (it == edits.end()) continue;
      ir::Stmt body = it->second.body(f->body);
      f = ir::with_function(*f, [&](ir::Function& g) { g.body = std::move(body); });
    }
    return prog;
  }

 private:
  /// Whether the removed statement's value reads a variable (its shape is not all literals).
  static bool reads_a_variable(const ir::StmtNode& create) {
    const auto* a = ir::kind_as<ir::Assign>(create.kind);
    if (!a) return true;
    bool found = false;
    auto f = [&found](const ir::Expr& e) { found = found || ir::expr_as<ir::Var>(e) != nullptr; };
    visit::walk_expr(a->value, f);
    return found;
  }

  /// The near misses worth a remark: some call site passes a tensor.create as this Out argument
  /// and either sits in a loop (directly in its body: a loop-form candidate; in an If arm or a scope
  /// inside one: remarked so a user learns why the loop form does not apply) or the callee has the
  /// standalone shape. Other calls with a fresh Out buffer are simply not this pattern.
  template <class FactsOf>
  static bool near_miss(const std::vector<analysis::CallSite>& sites, std::size_t out, FactsOf& facts_of,
                        const iter_arg_reuse::Callee& callee) {
    bool fresh_out = false;
    for (const analysis::CallSite& s : sites) {
      if (out >= s.args().size()) continue;
      const FunctionFacts& F = facts_of(s.caller);
      const ir::Assign* a = F.assign_defining(s.args()[out]);
      const bool nested = ir::is_op_call(s.args()[out], ir::op::id("tensor.create"));  // remarked: flatten first
      if (!nested && (!a || !ir::is_op_call(a->value, ir::op::id("tensor.create")))) continue;
      fresh_out = true;
      const ir::StmtNode* const* at = F.assign_of_call.find(s.call.get());
      if (at && F.body_of(*at).loop_depth > 0) return true;  // in a loop body, or an If arm / scope inside one
    }
    return fresh_out && iter_arg_reuse::standalone_input(callee, out).in.has_value();
  }
};

inline const auto iter_arg_reuse_rules = boost::hana::make_tuple(MergeOutParamIntoIterArg{});

}  // namespace ptorw::patterns
