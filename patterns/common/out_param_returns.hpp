// BuildOutParamReturnMappings (spec "Key Components"): which return value of an InCore function
// carries which Out/InOut parameter. Return value i maps to parameter p when it is the result of a
// `tile.store(tile, offsets, p)` — directly or through a chain of stores into that result (a store
// into the value a previous store returned writes the same tensor). `carried_param_returns` also
// follows loops (a loop result whose trips carry the parameter); Pattern 5's caller families and
// Pattern 3's call-site storage check (storage_roots.hpp) read callees with it. Both know nothing
// of a function that also returns from inside an If arm or a loop (analysis::sole_trailing_return).
#pragma once
#include <functional>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ptorw/analysis/returns.hpp"
#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"
#include "ptorw/visit/walk.hpp"

namespace ptorw::patterns {

/// The parameter index each value defined in `f` stores into (values defined by tile.store).
inline std::unordered_map<const ir::ExprNode*, std::size_t> stored_params(const ir::Function& f) {
  std::unordered_map<const ir::ExprNode*, std::size_t> param_of;  // value → param index
  for (std::size_t i = 0; i < f.params.size(); ++i) param_of[f.params[i].var.get()] = i;
  std::unordered_map<const ir::ExprNode*, std::size_t> out;
  auto fs = [&](const ir::Stmt& s) {
    auto* a = ir::stmt_as<ir::Assign>(s);
    if (!a || !ir::is_op_call(a->value, ir::op::id("tile.store"))) return;
    const auto& args = ir::expr_as<ir::Call>(a->value)->args;
    if (args.size() < 3) return;
    auto it = param_of.find(args[2].get());
    if (it != param_of.end()) {
      out[a->var.get()] = it->second;
      param_of[a->var.get()] = it->second;
    }
  };
  auto fe = [](const ir::Expr&) {};
  if (f.body) visit::walk(f.body, fs, fe);
  return out;
}

/// For each return position, the Out/InOut parameter index it carries, if any. Looks at the
/// function's trailing `return` statement (none known when the function returns elsewhere too).
inline std::vector<std::optional<std::size_t>> out_param_return_mapping(const ir::Function& f) {
  std::vector<std::optional<std::size_t>> map(f.return_types.size());
  const ir::Return* ret = analysis::sole_trailing_return(f);
  if (!ret) return map;
  auto stored = stored_params(f);
  // The parameter a returned value stores into: a value a tile.store defined, or a tile.store
  // written in the return itself (`return pl.store(t, [0, 0], out)`, as PyPTO's docs write
  // kernels; walker audit 2026-12-05: such a kernel's Out result was not recognized until
  // flatten-call-expr had split the store off).
  auto param_of = [&](const ir::Expr& v) -> std::optional<std::size_t> {
    if (auto it = stored.find(v.get()); it != stored.end()) return it->second;
    if (!ir::is_op_call(v, ir::op::id("tile.store"))) return std::nullopt;
    const auto& args = ir::expr_as<ir::Call>(v)->args;
    if (args.size() < 3) return std::nullopt;
    if (auto it = stored.find(args[2].get()); it != stored.end()) return it->second;
    for (std::size_t p = 0; p < f.params.size(); ++p)
      if (f.params[p].var == args[2]) return p;
    return std::nullopt;
  };
  for (std::size_t i = 0; i < ret->values.size() && i < map.size(); ++i)
    if (auto p = param_of(ret->values[i]); p && f.params[*p].dir != ir::Direction::In) map[i] = *p;
  return map;
}

/// BuildOutParamReturnMappings of one function version, as an analysis of the pass run
/// (ptorw/analysis/cache.hpp): Patterns 1, 2 and 5 ask it of the same callees.
struct OutParamReturns {
  static constexpr std::string_view name = "out_param_returns";
  std::vector<std::optional<std::size_t>> map;
  explicit OutParamReturns(const ir::Function& f) : map(out_param_return_mapping(f)) {}
};

/// For each return position of `f`, the Out/InOut parameter whose memory it carries: the result
/// of a tile.store into the parameter (or into a value carrying it), followed through loops — an
/// iter-arg started from a carrier carries it when every trip yields that carrier back, and so does the loop result at a position whose
/// yield is a carrier of the same parameter (AggregateWindowLoop callees return such results).
/// Unknown positions stay empty (the caller then joins every tensor argument: fail closed).
inline std::vector<std::optional<std::size_t>> carried_param_returns(const ir::Function& f) {
  std::vector<std::optional<std::size_t>> map(f.return_types.size());
  const ir::Return* ret = analysis::sole_trailing_return(f);
  if (!ret) return map;
  std::unordered_map<const ir::ExprNode*, std::size_t> carrier;  // value → param index
  std::unordered_set<const ir::ExprNode*> dropped;                // iter-args a trip yields other memory into
  bool again = false;                                             // a walk dropped an iter-arg
  auto set = [&](const ir::ExprNode* v, std::size_t p) { carrier[v] = p; };
  std::function<std::optional<std::size_t>(const ir::Expr&)> of = [&](const ir::Expr& e) -> std::optional<std::size_t> {
    // A store written in the return itself (`return pl.store(t, [0, 0], out)`) carries its
    // destination, as out_param_return_mapping reads it (review rev15 L).
    if (ir::is_op_call(e, ir::op::id("tile.store")) && ir::expr_as<ir::Call>(e)->args.size() == 3)
      return of(ir::expr_as<ir::Call>(e)->args[2]);
    auto it = e ? carrier.find(e.get()) : carrier.end();
    return it == carrier.end() ? std::nullopt : std::optional<std::size_t>(it->second);
  };
  std::function<void(const ir::Stmt&)> walk = [&](const ir::Stmt& s) {
    if (auto* a = ir::stmt_as<ir::Assign>(s)) {
      if (ir::is_op_call(a->value, ir::op::id("tile.store")) && ir::expr_as<ir::Call>(a->value)->args.size() == 3)
        if (auto p = of(ir::expr_as<ir::Call>(a->value)->args[2])) set(a->var.get(), *p);
      return;
    }
    const std::vector<ir::Expr>* ias = nullptr;
    const std::vector<ir::Expr>* rets = nullptr;
    ir::Stmt body;
    if (auto* l = ir::stmt_as<ir::For>(s)) ias = &l->iter_args, rets = &l->return_vars, body = l->body;
    if (auto* w = ir::stmt_as<ir::While>(s)) ias = &w->iter_args, rets = &w->return_vars, body = w->body;
    if (!ias) {
      visit::each_child(s, [](const ir::Expr&) {}, [&](const ir::Stmt& c) { walk(c); });
      return;
    }
    // An iter-arg carries p when its init does and every trip yields p back into it: assumed from
    // the init unless an earlier walk dropped it, checked against the yield after the body (review,
    // 38th session: `for (a, b) in ...(init_values=(o1, o1))` with `yield_(pl.store(t, 0, b), o2)`
    // returned o2's memory as o1's). A drop walks the whole function again (below): one round per
    // dropped iter-arg, each linear, where re-walking the loop in place multiplied the rounds of
    // nested loops (2^depth walks; review, 38th session).
    const ir::Yield* y = visit::final_yield(body);
    for (std::size_t k = 0; k < ias->size(); ++k)
      if (auto* it = ir::expr_as<ir::IterArg>((*ias)[k]); it && !dropped.count((*ias)[k].get()))
        if (auto p = of(it->init)) carrier[(*ias)[k].get()] = *p;
    walk(body);
    for (std::size_t k = 0; k < ias->size(); ++k) {
      auto p = of((*ias)[k]);
      if (p && !(y && k < y->values.size() && of(y->values[k]) == p)) {
        dropped.insert((*ias)[k].get());
        carrier.erase((*ias)[k].get());
        again = true;
      }
    }
    for (std::size_t k = 0; y && k < rets->size() && k < y->values.size() && k < ias->size(); ++k) {
      auto p = of(y->values[k]);
      if (p && p == of((*ias)[k])) set((*rets)[k].get(), *p);
    }
  };
  // Dropping only shrinks the assumptions, so this ends after one walk per iter-arg at most.
  do {
    again = false;
    carrier.clear();
    for (std::size_t i = 0; i < f.params.size(); ++i) carrier[f.params[i].var.get()] = i;
    walk(f.body);
  } while (again);
  for (std::size_t i = 0; i < ret->values.size() && i < map.size(); ++i)
    if (auto p = of(ret->values[i]); p && f.params[*p].dir != ir::Direction::In) map[i] = p;
  return map;
}

}  // namespace ptorw::patterns
