// Pattern 1 (iter-arg reuse), the callee's side: may Out param `p_out` of an InCore-type kernel be
// merged into its In param `p_in` (spec Pattern 1 "Solution": "Merge the Out param into the
// corresponding In param (promoted to InOut) ... redirect tile.store to write into the reused
// buffer"), and the merge itself.
//
// After the merge the kernel writes into the buffer it reads. That keeps the meaning only when
// every read of `p_in` happens before the first write, so the checks are (all must hold; each is a
// named row of kMergeChecks below, quoting its rule):
//   * `p_in` is In and `p_out` is Out, and their static types are identical (spec);
//   * some return value carries `p_out` (BuildOutParamReturnMappings), exactly one;
//   * `p_in` is read only by `tile.load`, and every top-level statement that reads it comes
//     before the first top-level statement that mentions `p_out` (conservative: a read inside a
//     loop that also writes is refused even when the windows happen not to overlap).
// The standalone form (issue 3) further needs the callee to "fully load an In tensor (offset 0,
// full shape) into a tile, carry it through a loop and store it to an Out param"; that shape also
// names which In param the Out merges into.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "ptorw/analysis/cache.hpp"
#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/patterns/common/function_facts.hpp"
#include "ptorw/patterns/common/named_check.hpp"
#include "ptorw/patterns/common/out_param_returns.hpp"
#include "ptorw/patterns/common/same_type.hpp"
#include "ptorw/visit/tree_edit.hpp"
#include "ptorw/patterns/common/var_uses.hpp"
#include "ptorw/visit/describe.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::patterns::iter_arg_reuse {

/// One Out param merged into one In param.
struct Merge {
  std::size_t in;
  std::size_t out;
};

inline std::string quoted(const std::string& s) { return "'" + s + "'"; }
inline std::string at_text(ir::Span s) { return std::to_string(s.line) + ":" + std::to_string(s.col); }
inline std::string param_name(const ir::Function& f, std::size_t i) { return quoted(ir::var_name(f.params[i].var)); }

/// A kernel as Pattern 1 sees it: its facts and BuildOutParamReturnMappings, both analyses of the
/// pass run (computed once per kernel version, shared with the kernel's other roles).
struct Callee {
  const ir::Function& fn;
  const FunctionFacts& facts;
  const std::vector<std::optional<std::size_t>>& returns;  // return position → param it carries

  Callee(const ir::FunctionPtr& f, analysis::AnalysisCache& cache)
      : fn(*f), facts(cache.get<FunctionFacts>(f)), returns(cache.get<OutParamReturns>(f).map) {}

  /// The return positions that carry param `p`.
  std::vector<std::size_t> returns_of(std::size_t p) const {
    std::vector<std::size_t> out;
    for (std::size_t j = 0; j < returns.size(); ++j)
      if (returns[j] == p) out.push_back(j);
    return out;
  }
  const std::vector<ir::Stmt>& top() const { return facts.bodies[0].stmts; }
};

/// What a callee-side check sees: the kernel and the pair (Out `out` into In `in`) to merge.
struct MergeQuestion {
  const Callee& k;
  std::size_t in, out;
  const ir::Param& in_param() const { return k.fn.params[in]; }
  const ir::Param& out_param() const { return k.fn.params[out]; }
};

/// One named eligibility check of the callee side: its refusal (the remark's text), or nullopt when
/// the pair passes. `rule` quotes the spec bullet or issue rule it implements.
using MergeCheck = NamedCheck<const MergeQuestion&>;

namespace merge_checks {

inline std::optional<std::string> in_is_in(const MergeQuestion& q) {
  if (q.in_param().dir == ir::Direction::In) return std::nullopt;
  return param_name(q.k.fn, q.in) + " is " + std::string(ir::name_of(q.in_param().dir)) + ", not an In param";
}

inline std::optional<std::string> same_types(const MergeQuestion& q) {
  const ir::Function& f = q.k.fn;
  if (same_type(q.in_param().var->type, q.out_param().var->type)) return std::nullopt;
  return "In param " + param_name(f, q.in) + " has type " + visit::describe(q.in_param().var->type) +
         " but Out param " + param_name(f, q.out) + " has type " + visit::describe(q.out_param().var->type) +
         " (the spec requires identical types)";
}

inline std::optional<std::string> one_return(const MergeQuestion& q) {
  const std::size_t n = q.k.returns_of(q.out).size();
  if (n == 1) return std::nullopt;
  return "Out param " + param_name(q.k.fn, q.out) + " is carried by " + std::to_string(n) +
         " return values (BuildOutParamReturnMappings needs exactly one)";
}

inline std::optional<std::string> in_read_by_loads_only(const MergeQuestion& q) {
  const ir::Expr& in = q.in_param().var;
  int loads = 0;
  visit::walk_all(q.k.fn.body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) {
    if (auto* c = ir::expr_as<ir::Call>(e); c && ir::is_op_call(e, ir::op::id("tile.load")) && !c->args.empty() &&
                                            c->args[0].get() == in.get())
      ++loads;
  });
  if (loads == q.k.facts.uses_of(in)) return std::nullopt;
  return "In param " + param_name(q.k.fn, q.in) +
         " is used other than as the source of tile.load, so the reused buffer could be read after it is written";
}

inline std::optional<std::string> reads_before_write(const MergeQuestion& q) {
  const auto& top = q.k.top();
  std::optional<std::size_t> last_read, first_write;
  for (std::size_t i = 0; i < top.size(); ++i) {
    if (mentions(top[i], q.in_param().var.get())) last_read = i;
    if (!first_write && mentions(top[i], q.out_param().var.get())) first_write = i;
  }
  if (!last_read || !first_write || *last_read < *first_write) return std::nullopt;
  return "In param " + param_name(q.k.fn, q.in) + " is read at " + at_text(top[*last_read]->span) +
         ", not before the first write to Out param " + param_name(q.k.fn, q.out) + " at " +
         at_text(top[*first_write]->span) + ": after the merge that read would see the new values";
}

}  // namespace merge_checks

/// The callee-side checks, asked in order (the list at the top of this file).
inline constexpr MergeCheck kMergeChecks[] = {
    {"in_is_in", "spec P1 \"Merge the Out param into the corresponding In param (promoted to InOut)\"",
     merge_checks::in_is_in},
    {"same_types", "spec \"Overview\": \"the same buffer could be reused\": the In and Out params have identical "
                   "types",
     merge_checks::same_types},
    {"one_return", "spec \"Key Components\": BuildOutParamReturnMappings \"maps Out params to return indices via "
                   "tile.store\": exactly one return value carries the Out param",
     merge_checks::one_return},
    {"in_read_by_loads_only", "spec P1 \"redirect tile.store to write into the reused buffer\": the In param is "
                              "read by tile.load only (issue 3; fail closed)",
     merge_checks::in_read_by_loads_only},
    {"reads_before_write", "spec P1 \"redirect tile.store to write into the reused buffer\": every read of the In "
                           "param comes before the first write (issue 3; fail closed)",
     merge_checks::reads_before_write},
};

/// Why merging Out `p_out` into In `p_in` would change what the kernel computes, or nullopt when
/// it would not: the first check of kMergeChecks that refuses.
inline std::optional<std::string> merge_refused(const Callee& k, std::size_t p_in, std::size_t p_out) {
  const MergeQuestion q{k, p_in, p_out};
  return first_refusal(kMergeChecks, q);
}

/// The standalone form's callee shape (issue 3): returns the In param that Out `p_out` merges into,
/// or why the callee does not have the shape
///     t = tile.load(x, [0, ...], <full shape of x>)
///     for ..., (acc, ...) in ...(init_values=(t, ...)): ...      (t used only here)
///     r = tile.store(<that loop's result>, [0, ...], p_out)
///     return ..., r, ...
struct StandaloneInput {
  std::optional<std::size_t> in;
  std::string why;
};

inline StandaloneInput standalone_input(const Callee& k, std::size_t p_out) {
  const ir::Function& f = k.fn;
  auto no = [](std::string why) { return StandaloneInput{std::nullopt, std::move(why)}; };
  const auto rets = k.returns_of(p_out);
  const auto& top = k.top();
  auto* ret = top.empty() ? nullptr : ir::stmt_as<ir::Return>(top.back());
  if (rets.size() != 1 || !ret || rets[0] >= ret->values.size())
    return no("the callee does not return " + param_name(f, p_out) + " through a single tile.store");
  const ir::Assign* store = k.facts.assign_defining(ret->values[rets[0]]);
  if (!store || !ir::is_op_call(store->value, ir::op::id("tile.store")))
    return no("the value returned for " + param_name(f, p_out) + " is not defined by tile.store");
  const auto& sargs = ir::expr_as<ir::Call>(store->value)->args;
  if (sargs.size() != 3 || sargs[2].get() != f.params[p_out].var.get() || !all_zero(sargs[1]))
    return no("the callee's store into " + param_name(f, p_out) + " is not one whole store at offset 0");
  // The stored tile is the result of a loop at the top level of the body.
  const ir::Expr* init = nullptr;
  for (const auto& s : top) {
    const std::vector<ir::Expr>* results = nullptr;
    const std::vector<ir::Expr>* iters = nullptr;
    if (auto* fo = ir::stmt_as<ir::For>(s)) results = &fo->return_vars, iters = &fo->iter_args;
    if (auto* wh = ir::stmt_as<ir::While>(s)) results = &wh->return_vars, iters = &wh->iter_args;
    if (!results) continue;
    for (std::size_t p = 0; p < results->size() && p < iters->size(); ++p)
      if ((*results)[p].get() == sargs[0].get()) init = &ir::expr_as<ir::IterArg>((*iters)[p])->init;
  }
  if (!init || !*init)
    return no("the tile stored into " + param_name(f, p_out) + " is not carried through a loop of the callee");
  const ir::Assign* load = k.facts.assign_defining(*init);
  if (!load || !ir::is_op_call(load->value, ir::op::id("tile.load")))
    return no("the loop carrying the tile stored into " + param_name(f, p_out) + " does not start from a tile.load");
  const auto& largs = ir::expr_as<ir::Call>(load->value)->args;
  if (largs.size() != 3) return no("the carried tile is not loaded by a plain full tile.load");
  const std::size_t* src = largs[0] ? k.facts.param.find(largs[0].get()) : nullptr;
  if (!src || f.params[*src].dir != ir::Direction::In)
    return no("the carried tile is not loaded from an In param");
  const std::size_t x = *src;
  auto* tensor = ir::type_as<ir::TensorType>(f.params[x].var->type);
  auto* shape = ir::expr_as<ir::MakeTuple>(largs[2]);
  if (!all_zero(largs[1]) || !tensor || !shape || !same_dims(shape->elems, tensor->shape) ||
      ir::kwarg_as<bool>(ir::expr_as<ir::Call>(load->value)->kwargs, "transpose").value_or(false))
    return no("the load of " + param_name(f, x) + " is not a full load (offset 0, full shape)");
  if (k.facts.uses_of(*init) != 1)
    return no("the tile loaded from " + param_name(f, x) + " is used other than as the loop's init");
  if (k.facts.uses_of(f.params[x].var) != 1) return no(param_name(f, x) + " is used other than by its full load");
  return {x, {}};
}

/// The merged kernel: each `out` dropped, each `in` promoted to InOut, every use of `out` in the
/// body (the tile.store targets, loop inits carrying it) now `in`.
inline ir::FunctionPtr merge_params(const ir::Function& k, const std::vector<Merge>& merges) {
  visit::TreeEdit ed;
  std::vector<char> dropped(k.params.size(), 0), promoted(k.params.size(), 0);
  for (const Merge& g : merges) {
    ed.exprs.emplace(k.params[g.out].var.get(), k.params[g.in].var);
    dropped[g.out] = 1;
    promoted[g.in] = 1;
  }
  return ir::with_function(k, [&](ir::Function& g) {
    g.params.clear();
    for (std::size_t i = 0; i < k.params.size(); ++i) {
      if (dropped[i]) continue;
      g.params.push_back(k.params[i]);
      if (promoted[i]) g.params.back().dir = ir::Direction::InOut;
    }
    g.body = ed.body(k.body);
  });
}

}  // namespace ptorw::patterns::iter_arg_reuse
