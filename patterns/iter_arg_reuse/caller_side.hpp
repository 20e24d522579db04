// Pattern 1 (iter-arg reuse), the caller's side: does one call site `r = self.k(..., a, ..., o, ...)`
// let Out param `p_out` of k merge into an In param, and into which one?
//
// The site qualifies when (spec Pattern 1 and issue 3; the ownership rule below is where the spec
// is silent and we fail closed):
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
//       iter-arg's init owns its buffer with respect to the loop.
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
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/patterns/common/call_sites.hpp"
#include "ptorw/patterns/iter_arg_reuse/callee_side.hpp"

namespace ptorw::patterns::iter_arg_reuse {

/// What ownership proofs need to know about the rest of the program.
class ProgramView {
 public:
  explicit ProgramView(const ir::Program& p) : program(p) {}
  const ir::Program& program;
  std::unordered_set<std::string> called;  // functions that have call sites

  /// BuildOutParamReturnMappings of InCore-type function `name` (null for other functions).
  const std::vector<std::optional<std::size_t>>* returns_of(const std::string& name) const {
    auto it = returns_.find(name);
    if (it == returns_.end()) {
      const ir::FunctionPtr f = program.find(name);
      std::optional<std::vector<std::optional<std::size_t>>> r;
      if (f && ir::is_incore_like(f->type) && f->body) r = out_param_return_mapping(*f);
      it = returns_.emplace(name, std::move(r)).first;
    }
    return it->second ? &*it->second : nullptr;
  }

 private:
  mutable std::unordered_map<std::string, std::optional<std::vector<std::optional<std::size_t>>>> returns_;
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
    if (view.called.count(F.fn->name))
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

inline SiteVerdict judge_site(const CallSite& site, const ProgramView& view, const FunctionFacts& F, OutParamCase& c) {
  auto no = [](std::string why) { return SiteVerdict{std::nullopt, nullptr, std::move(why)}; };
  const ir::Function& caller = *F.fn;
  if (ir::is_incore_like(caller.type))
    return no("the call is inside InCore-type function " + quoted(caller.name) + ", which is a callee, not a caller");
  if (caller.type == ir::FunctionType::Group)
    return no("the call is inside Group function " + quoted(caller.name) + ", which the pass leaves unchanged");
  if (site.is_submit) return no("the call is a pl.submit task launch");
  const ir::StmtNode* const* at = F.assign_of_call.find(site.call.get());
  if (!at) return no("the call is not the whole value of an assignment `r = self.k(...)`");
  const ir::StmtNode* stmt = *at;
  const auto& a = std::get<ir::Assign>(stmt->kind);
  const auto& args = site.args();
  if (args.size() != c.k.fn.params.size()) return no("the call does not pass one argument per parameter");

  // The Out argument: a tensor.create of the same body, used only here.
  const ir::Expr& o = args[c.out];
  const ir::Assign* create = F.assign_defining(o);
  if (!create || !ir::is_op_call(create->value, ir::op::id("tensor.create")))
    return no("the Out argument " + quoted(ir::var_name(o)) + " is not defined by tensor.create");
  const ir::StmtNode* create_stmt = F.def_of(o);
  if (F.pos_of(create_stmt).body != F.pos_of(stmt).body)
    return no("the tensor.create of " + quoted(ir::var_name(o)) + " is not in the same body as the call");
  if (F.uses_of(o) != 1) return no(quoted(ir::var_name(o)) + " is used other than as the Out argument");

  const ir::Expr result = result_value(F, a, c.ret, c.k.fn.return_types.size());
  // Loop form: the result is yielded at the position of an iter-arg the call passes.
  const Body& body = F.body_of(stmt);
  std::optional<std::size_t> in;
  std::string loop_why;
  if (const ir::StmtNode* loop = FunctionFacts::loop_owner(body); loop && result) {
    const auto* for_loop = ir::kind_as<ir::For>(loop->kind);
    const auto& iters = for_loop ? for_loop->iter_args : ir::kind_get<ir::While>(loop->kind).iter_args;
    auto* y = ir::stmt_as<ir::Yield>(body.stmts.back());
    for (std::size_t p = 0; y && p < y->values.size() && p < iters.size(); ++p) {
      if (y->values[p].get() != result.get()) continue;
      for (std::size_t i = 0; i < args.size() && !in; ++i)
        if (args[i].get() == iters[p].get()) in = i;
      if (!in)
        loop_why = "the result " + quoted(ir::var_name(result)) + " is yielded to iter-arg " +
                   quoted(ir::var_name(iters[p])) + ", which the call does not pass";
      break;
    }
  }
  // Standalone form: the callee's shape names the In param.
  if (!in) {
    const StandaloneInput& s = c.standalone_shape();
    if (!s.in)
      return no(!loop_why.empty() ? loop_why
                                  : "not the loop form (the result for the Out param is not yielded back to an "
                                    "iter-arg passed to the call) and not the standalone form: " +
                                        s.why);
    in = s.in;
  }
  if (const auto& why = c.merge_check(*in)) return no(*why);
  if (auto why = buffer_refused(view, F, args[*in], stmt, result)) return no(*why);
  return {in, create_stmt, {}};
}

}  // namespace ptorw::patterns::iter_arg_reuse
