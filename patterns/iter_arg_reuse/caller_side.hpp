// Pattern 1 (iter-arg reuse), the caller's side: does one call site `r = self.k(..., a, ..., o, ...)`
// let Out param `p_out` of k merge into an In param, and into which one?
//
// The site qualifies when (each a named row of kSiteChecks below, quoting its rule; spec Pattern 1
// and issue 3; the ownership rule below is where the spec is silent and we fail closed):
//   * it is a plain assignment of a `self.k(...)` call in a non-InCore, non-Group function
//     (spec "Scope": Group functions stay unchanged), not a `pl.submit`;
//   * the Out argument `o` is defined by `tensor.create` in the same body as the call and used
//     nowhere else (spec: "the tensor.create is eliminated");
//   * the In param is named either by the *loop form* — the call's result for `p_out` (through a
//     tuple projection for multi-return kernels) is yielded by the enclosing loop at the position
//     of an iter-arg that the call passes to an In param — or by the *standalone form* — the
//     callee's full-load/loop/store shape (callee_side.hpp);
//   * the buffer of the In argument may be overwritten by the call (`buffer_refused`).
//
// Buffer ownership. After the merge the call writes into the buffer of its In argument, so that
// buffer must hold nothing anyone reads later. A value `v` consumed by statement S (the call, or a
// loop taking `v` as an iter-arg init) owns its buffer when `v` has no other use and
//   (a) it is a `tensor.create`/`tensor.full` with no loop boundary between it and S (a fresh
//       allocation per execution of S), or
//   (b) it is the result `v = self.k2(..., o, ...)` of an InCore-type kernel whose returned value
//       carries an Out/InOut param (BuildOutParamReturnMappings) that no other result carries,
//       again with no loop boundary between it and S, and — recursively — `o` owns its buffer
//       with respect to that call, or
//   (c) it is an In param of a function nobody in the program calls (the spec's own example
//       reuses `buf` of `main`) and S runs at most once (not inside a loop), or
//   (d) it is an iter-arg of the loop whose body holds S, that loop is not `pl.parallel`, it
//       yields at v's position the value that now holds the buffer (the call's result, or the
//       result of the inner loop S) and nothing else uses that value, and — recursively — the
//       iter-arg's init owns its buffer with respect to the loop, or
//   (e) it is a plain alias `v = w` (what convert-to-ssa writes for `acc = buf` before a loop
//       that rebinds acc), again with no loop boundary between it and S, and — recursively — `w`
//       owns its buffer with respect to the alias (the spec puts no condition on how the loop's
//       init is spelled; audit of the Python surface, 2026-12-05).
// Anything else (slices and other views, Out/InOut params, tuple projections, values reused by
// every iteration of a loop) is refused.
//
// A proof through (b) stays valid when the same step merges k2's param q into its In param p:
// `v` then holds the buffer of k2's argument for p instead of `o`, and that merge was only planned
// because that argument owns its buffer with respect to the k2 call by (a), (b) or (c) — (d) cannot
// hold there, since it would need `v`'s only use to be a yield. Either way `v`'s buffer is
// exclusive to `v`, so independent merges can all be applied in one step.
#pragma once
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/analysis/call_sites.hpp"
#include "ptorw/patterns/common/named_check.hpp"
#include "ptorw/patterns/iter_arg_reuse/callee_side.hpp"

namespace ptorw::patterns::iter_arg_reuse {

/// What ownership proofs need to know about the rest of the program.
class ProgramView {
 public:
  ProgramView(const ir::Program& p, const analysis::CallSiteIndex& sites, analysis::AnalysisCache& cache)
      : program(p), sites_(sites), cache_(cache) {}
  const ir::Program& program;

  /// Whether function `name` has call sites.
  bool called(std::string_view name) const { return sites_.called(name); }

  /// BuildOutParamReturnMappings of InCore-type function `name` (null for other functions).
  const std::vector<std::optional<std::size_t>>* returns_of(std::string_view name) const {
    auto it = returns_.find(name);
    if (it == returns_.end()) {
      const ir::FunctionPtr f = program.find(name);
      const std::vector<std::optional<std::size_t>>* r = nullptr;
      if (f && ir::is_incore_like(f->type) && f->body) r = &cache_.get<OutParamReturns>(f).map;
      it = returns_.emplace(name, r).first;
    }
    return it->second;
  }

 private:
  const analysis::CallSiteIndex& sites_;
  analysis::AnalysisCache& cache_;
  mutable std::unordered_map<std::string_view, const std::vector<std::optional<std::size_t>>*> returns_;
};

/// Why the buffer of `v` may not be overwritten by `consumer`, whose value `successor` (may be
/// null) holds that buffer afterwards; nullopt when it may (rules (a)–(d) above).
inline std::optional<std::string> buffer_refused(const ProgramView& view, const FunctionFacts& F, const ir::Expr& v,
                                                 const ir::StmtNode* consumer, const ir::Expr& successor) {
  if (!v || !ir::is_var_like(v)) return std::string("the In argument is not a variable");
  const std::string name = quoted(ir::var_name(v));
  if (int n = F.uses_of(v); n != 1)
    return name + " has " + std::to_string(n - 1) + " other use" + (n == 2 ? "" : "s") +
           ", which would see its buffer overwritten";
  const Body& body = F.body_of(consumer);

  if (const ir::Assign* a = F.assign_defining(v)) {
    const ir::StmtNode* def = F.def_of(v);
    if (const ir::Expr* source = F.alias_source(v)) {  // (e)
      if (F.bodies[F.pos_of(def).body].loop_depth != body.loop_depth)
        return name + " is defined outside the loop around its use, so every iteration would reuse its buffer";
      // The value holding the buffer after S is S's successor, as if S consumed `w` itself: an
      // alias of a loop's iter-arg is judged by what the loop yields (review rev10 F2).
      if (auto why = buffer_refused(view, F, *source, def, successor))
        return name + " is an alias of " + quoted(ir::var_name(*source)) + ": " + *why;
      return std::nullopt;
    }
    const auto* c = ir::expr_as<ir::Call>(a->value);
    const bool fresh = ir::is_op_call(a->value, ir::op::id("tensor.create")) || ir::is_op_call(a->value, ir::op::id("tensor.full"));
    const bool kernel_result = c && c->kind == ir::CallKind::Function && view.returns_of(c->callee);
    if (!fresh && !kernel_result)
      return name + " is defined by " + (c ? c->callee.str() : std::string("an expression")) +
             ", not by a fresh tensor.create/tensor.full or a kernel's Out result (its buffer may be shared)";
    if (F.bodies[F.pos_of(def).body].loop_depth != body.loop_depth)
      return name + " is defined outside the loop around its use, so every iteration would reuse its buffer";
    if (fresh) return std::nullopt;  // (a)
    // (b): `v = self.k2(..., o, ...)` where the returned value carries Out/InOut param q of k2.
    std::size_t j = 0;
    if (auto* t = ir::expr_as<ir::MakeTuple>(a->var))
      while (j < t->elems.size() && t->elems[j].get() != v.get()) ++j;
    else if (!ir::type_as<ir::TensorType>(a->var->type))
      return name + " is a tuple result of " + quoted(c->callee) + " (only `r = ` or `a, b = ` results are followed)";
    const auto& returns = *view.returns_of(c->callee);
    if (j >= returns.size() || !returns[j])
      return name + " is a result of " + quoted(c->callee) + " that carries no Out/InOut param";
    if (std::count(returns.begin(), returns.end(), returns[j]) != 1)
      return name + " shares its buffer with another result of " + quoted(c->callee);
    if (*returns[j] >= c->args.size()) return name + " is a result of a malformed call of " + quoted(c->callee);
    if (auto why = buffer_refused(view, F, c->args[*returns[j]], def, v))
      return name + " is the buffer written by " + quoted(c->callee) + ": " + *why;
    return std::nullopt;
  }

  if (const std::size_t* p = F.param.find(v.get())) {  // (c)
    const ir::Param& param = F.fn->params[*p];
    if (param.dir != ir::Direction::In)
      return name + " is an " + std::string(ir::name_of(param.dir)) + " param of " + quoted(F.fn->name) +
             ", whose final contents are a result";
    if (view.called(F.fn->name))
      return name + " is a param of " + quoted(F.fn->name) + ", which is itself called: its caller may read it later";
    if (body.loop_depth != 0)
      return name + " is a param used inside a loop, so every iteration would reuse its buffer";
    return std::nullopt;
  }

  if (ir::expr_as<ir::IterArg>(v)) {  // (d)
    const ir::StmtNode* loop = FunctionFacts::loop_owner(body);
    const std::vector<ir::Expr>* iters = nullptr;
    const std::vector<ir::Expr>* results = nullptr;
    if (loop) {
      if (auto* f = ir::kind_as<ir::For>(loop->kind)) {
        if (f->kind == ir::ForKind::Parallel)
          return name + " is carried by a pl.parallel loop, whose iterations must not share one buffer";
        iters = &f->iter_args, results = &f->return_vars;
      } else {
        const auto& w = ir::kind_get<ir::While>(loop->kind);
        iters = &w.iter_args, results = &w.return_vars;
      }
    }
    std::size_t pos = 0;
    while (iters && pos < iters->size() && (*iters)[pos].get() != v.get()) ++pos;
    if (!iters || pos == iters->size()) return name + " is an iter-arg of an outer loop, not of the loop around its use";
    auto* y = body.stmts.empty() ? nullptr : ir::stmt_as<ir::Yield>(body.stmts.back());
    if (!successor || !y || pos >= y->values.size() || y->values[pos].get() != successor.get())
      return "the loop does not yield the value written into " + name + "'s buffer at " + name + "'s position";
    if (F.uses_of(successor) != 1)
      return quoted(ir::var_name(successor)) + " (yielded to " + name + ") has other uses besides the yield";
    const ir::Expr& init = ir::expr_as<ir::IterArg>(v)->init;
    if (auto why = buffer_refused(view, F, init, loop, (*results)[pos]))
      return "the init of iter-arg " + name + ": " + *why;
    return std::nullopt;
  }
  return name + " is not a fresh tensor.create, a kernel's Out result, an In param of an uncalled function, or a "
                "loop-carried buffer";
}

/// The outcome at one call site: the In param the Out merges into and the tensor.create that then
/// disappears, or why not.
struct SiteVerdict {
  std::optional<std::size_t> in;
  const ir::StmtNode* create = nullptr;
  std::string why;
};

/// The caller's result value for callee return position `j` at `stmt`: the assigned variable, the
/// j-th unpacked variable, or the one projection `y = r[j]` of a tuple result (null when the value
/// is unused or cannot be followed).
inline ir::Expr result_value(const FunctionFacts& F, const ir::Assign& a, std::size_t j, std::size_t n_results) {
  if (auto* t = ir::expr_as<ir::MakeTuple>(a.var)) return j < t->elems.size() ? t->elems[j] : nullptr;
  if (n_results == 1) return a.var;
  const std::vector<Projection>* proj = a.var ? F.projections.find(a.var.get()) : nullptr;
  if (!proj || static_cast<int>(proj->size()) != F.uses_of(a.var)) return nullptr;
  ir::Expr found;
  for (const auto& p : *proj) {
    if (p.index != static_cast<std::int64_t>(j)) continue;
    if (found) return nullptr;  // projected twice: two values would share the buffer
    found = p.var;
  }
  return found;
}

/// Per (callee, Out param): lazily computed callee facts shared by all of its call sites.
struct OutParamCase {
  const Callee& k;
  std::size_t out;
  std::size_t ret;  // the return position carrying `out`
  std::optional<StandaloneInput> standalone{};
  std::unordered_map<std::size_t, std::optional<std::string>> merge{};  // in → refusal

  const StandaloneInput& standalone_shape() {
    if (!standalone) standalone = standalone_input(k, out);
    return *standalone;
  }
  const std::optional<std::string>& merge_check(std::size_t in) {
    auto it = merge.find(in);
    if (it == merge.end()) it = merge.emplace(in, merge_refused(k, in, out)).first;
    return it->second;
  }
};

/// What the caller-side checks of one call site see, and what each establishes for the next.
struct SiteQuestion {
  const analysis::CallSite& site;
  const ProgramView& view;
  const FunctionFacts& F;
  OutParamCase& c;
  const ir::StmtNode* stmt = nullptr;    // whole_assignment: the Assign `r = self.k(...)`
  const ir::StmtNode* create = nullptr;  // out_is_create: the tensor.create of the Out argument
  ir::Expr result;                       // names_in_param: the call's result for the Out param
  std::optional<std::size_t> in;         // names_in_param: the In param the Out merges into

  const ir::Expr& out_arg() const { return site.args()[c.out]; }
};

/// One named eligibility check of a call site: its refusal (the remark's text) or nullopt. `rule`
/// quotes the spec bullet or issue rule it implements.
using SiteCheck = NamedCheck<SiteQuestion&>;

namespace site_checks {

using Why = std::optional<std::string>;

inline Why caller_not_incore(SiteQuestion& q) {
  const ir::Function& caller = *q.F.fn;
  if (!ir::is_incore_like(caller.type)) return std::nullopt;
  return "the call is inside InCore-type function " + quoted(caller.name) + ", which is a callee, not a caller";
}

inline Why caller_not_group(SiteQuestion& q) {
  const ir::Function& caller = *q.F.fn;
  if (caller.type != ir::FunctionType::Group) return std::nullopt;
  return "the call is inside Group function " + quoted(caller.name) + ", which the pass leaves unchanged";
}

inline Why not_submit(SiteQuestion& q) {
  if (!q.site.is_submit) return std::nullopt;
  return std::string("the call is a pl.submit task launch");
}

inline Why whole_assignment(SiteQuestion& q) {
  const ir::StmtNode* const* at = q.F.assign_of_call.find(q.site.call.get());
  if (!at) return std::string("the call is not the whole value of an assignment `r = self.k(...)`");
  q.stmt = *at;
  return std::nullopt;
}

inline Why one_arg_per_param(SiteQuestion& q) {
  if (q.site.args().size() == q.c.k.fn.params.size()) return std::nullopt;
  return std::string("the call does not pass one argument per parameter");
}

inline Why out_is_create(SiteQuestion& q) {
  const ir::Expr& o = q.out_arg();
  if (ir::is_op_call(o, ir::op::id("tensor.create")))  // nested: the pattern eliminates a statement
    return std::string("the Out argument is a tensor.create nested in the call (run flatten-call-expr first, as the default "
                       "pipeline does, so that it is a statement the pattern can remove)");
  const ir::Assign* create = q.F.assign_defining(o);
  if (!create || !ir::is_op_call(create->value, ir::op::id("tensor.create")))
    return "the Out argument " + quoted(ir::var_name(o)) + " is not defined by tensor.create";
  q.create = q.F.def_of(o);
  return std::nullopt;
}

inline Why create_in_same_body(SiteQuestion& q) {
  if (q.F.pos_of(q.create).body == q.F.pos_of(q.stmt).body) return std::nullopt;
  return "the tensor.create of " + quoted(ir::var_name(q.out_arg())) + " is not in the same body as the call";
}

inline Why out_used_once(SiteQuestion& q) {
  if (q.F.uses_of(q.out_arg()) == 1) return std::nullopt;
  return quoted(ir::var_name(q.out_arg())) + " is used other than as the Out argument";
}

inline Why names_in_param(SiteQuestion& q) {
  const auto& a = std::get<ir::Assign>(q.stmt->kind);
  const auto& args = q.site.args();
  q.result = result_value(q.F, a, q.c.ret, q.c.k.fn.return_types.size());
  // Loop form: the result is yielded at the position of an iter-arg the call passes.
  const Body& body = q.F.body_of(q.stmt);
  std::string loop_why;
  if (const ir::StmtNode* loop = FunctionFacts::loop_owner(body); loop && q.result) {
    const auto* for_loop = ir::kind_as<ir::For>(loop->kind);
    const auto& iters = for_loop ? for_loop->iter_args : ir::kind_get<ir::While>(loop->kind).iter_args;
    auto* y = ir::stmt_as<ir::Yield>(body.stmts.back());
    // The iter-arg itself or a plain alias of it (`b = acc`, rule (e) of buffer_refused).
    auto through_aliases = [&](const ir::Expr& e) {
      const ir::Expr* r = &e;
      for (int depth = 0; depth < 64; ++depth) {
        const ir::Expr* source = q.F.alias_source(*r);
        if (!source) break;
        r = source;
      }
      return r->get();
    };
    for (std::size_t p = 0; y && p < y->values.size() && p < iters.size(); ++p) {
      if (y->values[p].get() != q.result.get()) continue;
      for (std::size_t i = 0; i < args.size() && !q.in; ++i)
        if (args[i].get() == iters[p].get() || through_aliases(args[i]) == iters[p].get()) q.in = i;
      if (!q.in)
        loop_why = "the result " + quoted(ir::var_name(q.result)) + " is yielded to iter-arg " +
                   quoted(ir::var_name(iters[p])) + ", which the call does not pass";
      break;
    }
  }
  if (q.in) return std::nullopt;
  // Standalone form: the callee's shape names the In param.
  const StandaloneInput& s = q.c.standalone_shape();
  if (!s.in)
    return !loop_why.empty() ? loop_why
                             : "not the loop form (the result for the Out param is not yielded back to an "
                               "iter-arg passed to the call) and not the standalone form: " +
                                   s.why;
  q.in = s.in;
  return std::nullopt;
}

inline Why merge_allowed(SiteQuestion& q) { return q.c.merge_check(*q.in); }

inline Why buffer_owned(SiteQuestion& q) { return buffer_refused(q.view, q.F, q.site.args()[*q.in], q.stmt, q.result); }

}  // namespace site_checks

/// The caller-side checks, asked in order (the list at the top of this file).
inline constexpr SiteCheck kSiteChecks[] = {
    {"caller_not_incore", "spec \"Scope\": InCore functions are callees (params/body rewritten), not callers",
     site_checks::caller_not_incore},
    {"caller_not_group", "spec \"Scope\": Group functions \"Unchanged\"", site_checks::caller_not_group},
    {"not_submit", "issue 3: a plain assignment of a `self.k(...)` call, not a pl.submit task launch",
     site_checks::not_submit},
    {"whole_assignment", "spec P1 example `result = self.incore_fn(iter_arg, out)`: the call is an assignment's "
                         "whole value",
     site_checks::whole_assignment},
    {"one_arg_per_param", "a well-formed call (the verifier reports others)", site_checks::one_arg_per_param},
    {"out_is_create", "spec P1 \"each iteration allocates a new output tensor via tensor.create\"",
     site_checks::out_is_create},
    {"create_in_same_body", "spec P1 \"remove the tensor.create\": it is in the call's body", site_checks::create_in_same_body},
    {"out_used_once", "spec P1 \"The tensor.create is eliminated\": the Out argument has no other use",
     site_checks::out_used_once},
    {"names_in_param", "spec P1 \"the InCore result feeds back as an iter-arg to the next iteration\" (loop form), "
                       "or issue 3's standalone form",
     site_checks::names_in_param},
    {"merge_allowed", "the callee-side checks (kMergeChecks, callee_side.hpp)", site_checks::merge_allowed},
    {"buffer_owned", "spec P1 \"reuses iter-arg buffer\": nothing reads the reused buffer later (ownership "
                     "rules (a)-(d) above; fail closed)",
     site_checks::buffer_owned},
};

inline SiteVerdict judge_site(const analysis::CallSite& site, const ProgramView& view, const FunctionFacts& F,
                              OutParamCase& c) {
  SiteQuestion q{site, view, F, c, nullptr, nullptr, nullptr, std::nullopt};
  if (auto why = first_refusal(kSiteChecks, q)) return SiteVerdict{std::nullopt, nullptr, std::move(*why)};
  return {q.in, q.create, {}};
}

}  // namespace ptorw::patterns::iter_arg_reuse
