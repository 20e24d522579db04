// Giving a callee's tensor parameter explicit strides: the callee side of OptimizeOrchTensors
// Patterns 2 and 4 (../shared/spec/optimize_orch_tensors.md), which attach
// `pl.TensorView(stride=[...], layout=pl.TensorLayout.ND)` to an InCore function's Out param
// (Pattern 2) or In param (Pattern 4) "so tile.store / tile.load use the correct memory layout".
//
// The strides describe the parameter's *memory*, so every variable of the callee that is that memory
// must carry them too, or a store through it would use the packed layout:
//   * the result of `tile.store(tile, offsets, m)` into such a variable m (the spec: "the types of
//     the tile.store results into it"), and chains of stores into those results;
//   * a plain alias `x = m`;
//   * an iter arg that starts as m and is yielded such a variable every iteration, and the loop's
//     result in that position (For and While);
//   * an If result that both branches yield as such a variable.
// A use the analysis does not understand — the memory passed to a call, read by another op, yielded
// into a loop slot that does not start as it, yielded by one If branch only — blocks the attachment:
// the parameter stays packed (fail closed) and the blocker names the use.
//
// A `return` of that memory gives back the parameter itself (the lowering resolves a returned GM value
// to its parameter, lower_tile_to_buffer.md "Tensor return aliases are normalized to existing GM
// parameters"), so the declared result type at that position takes the strides as well: "GM return
// aliases must resolve to parameters whose types match the declared results, including TensorView
// metadata". A position that also returns other values, or declares other strides, blocks. The calls
// of the callee then have the new result type, and the callers' values typed from them follow
// (common/call_result_types.hpp). Expression types are recomputed where they derive from a retyped
// variable (the type of a `tile.store` call is its target's type).
#pragma once
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/patterns/caller_values.hpp"
#include "ptorw/patterns/common/row_major_strides.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"
#include "ptorw/visit/normal_form.hpp"
#include "ptorw/visit/tree_edit.hpp"

namespace ptorw::patterns {

/// The type `t` (a tensor type) with explicit ND strides; other view fields are kept.
inline ir::Type with_strides(const ir::Type& t, const std::vector<std::int64_t>& strides) {
  ir::TensorType tt = *ir::type_as<ir::TensorType>(t);
  ir::TensorView v = tt.view.value_or(ir::TensorView{});
  v.stride = stride_exprs(strides);
  v.layout = ir::TensorLayout::ND;
  tt.view = std::move(v);
  return ir::make_type(std::move(tt));
}

/// The variables of one function that are the memory of one of its tensor parameters.
class ParamMemory {
 public:
  ParamMemory(const ir::Function& f, std::size_t param) : param_(f.params[param].var) {
    add(param_, /*check_type=*/false);
    if (auto* tt = ir::type_as<ir::TensorType>(param_->type); !tt)
      block("it is not a tensor");
    else if (tt->view && tt->view->layout != ir::TensorLayout::ND)
      block("its layout is pl.TensorLayout." + std::string(ir::name_of(tt->view->layout)) + ", not ND");
    if (f.body) stmt(f.body);
    returns(f);
  }

  /// Why the parameter cannot take strides consistently; empty when it can.
  const std::string& blocker() const { return blocker_; }
  /// The parameter and every variable that is its memory, in definition order (outer loops first).
  const std::vector<ir::Expr>& members() const { return members_; }
  /// The positions of `return` that give back this memory — also through loop and If results,
  /// which BuildOutParamReturnMappings (direct tile.store chains) does not follow. Each position once;
  /// its declared result type is that memory's type, so it takes the strides too.
  const std::vector<std::size_t>& returned_at() const { return returned_at_; }

 private:
  ir::Expr param_;
  std::unordered_set<const ir::ExprNode*> in_;
  std::vector<ir::Expr> members_;
  std::vector<std::size_t> returned_at_;
  std::vector<std::size_t> returned_other_;  // positions where some `return` gives another value
  std::string blocker_;
  ir::Span at_;  // the statement being read

  bool member(const ir::Expr& e) const { return e && in_.count(e.get()); }
  std::string mem_text(const ir::Expr& e) const {
    return e == param_ ? value_text(e) : value_text(e) + " (the memory of " + value_text(param_) + ")";
  }
  void block(std::string why) {
    if (blocker_.empty()) blocker_ = std::move(why);
  }
  void add(const ir::Expr& v, bool check_type = true) {
    if (!v || !ir::is_var_like(v)) return block("it is bound to a tuple target at " + span_text(at_));
    if (check_type && has_explicit_strides(v->type) &&
        declared_strides(v->type).value != declared_strides(param_->type).value)
      return block(value_text(v) + " (the memory of " + value_text(param_) + ") declares strides of its own at " +
                   span_text(at_));
    if (in_.insert(v.get()).second) members_.push_back(v);
  }

  /// Reports a member used anywhere but as a tile.load source or a tile.store target.
  void uses(const ir::Expr& e) {
    if (!e || !blocker_.empty()) return;
    // A variable's node is shared by its definition and every use, so its span is where it is
    // defined: a use is reported at the statement being read.
    const ir::Span where = e->span.line && !ir::is_var_like(e) ? e->span : at_;
    if (ir::is_var_like(e)) {
      if (member(e))
        block(mem_text(e) + " is used at " + span_text(where) +
              "; only tile.load, tile.store, pl.yield_ and return are understood");
      return;
    }
    if (auto* c = ir::expr_as<ir::Call>(e)) {
      for (std::size_t i = 0; i < c->args.size(); ++i) {
        const bool understood = c->kind == ir::CallKind::Op && ((ir::op_id(c->callee) == ir::op::id("tile.load") && i == 0) ||
                                                                (ir::op_id(c->callee) == ir::op::id("tile.store") && i == 2));
        if (understood && ir::is_var_like(c->args[i])) continue;
        if (member(c->args[i])) {
          const std::string by = c->kind == ir::CallKind::Op ? c->callee.str() : "a call of '" + c->callee + "'";
          return block(mem_text(c->args[i]) + " is operand " + std::to_string(i + 1) + " of " + by + " at " +
                       span_text(where) + "; only tile.load, tile.store, pl.yield_ and return are understood");
        }
        uses(c->args[i]);
      }
      for (const auto* kw : {&c->kwargs, &c->attrs})
        for (const auto& [k, v] : *kw)
          if (auto* x = std::get_if<ir::Expr>(&v)) uses(*x);
      return;
    }
    visit::each_child(e, [&](const ir::Expr& c) { uses(c); });
  }
  /// Values handed on whole (yield, return, alias) are fine; anything else is checked for uses.
  void handed_on(const ir::Expr& e) {
    if (!ir::is_var_like(e)) uses(e);
  }

  /// A returned member makes its declared result type that memory's type (the lowering resolves a
  /// returned GM value to its parameter and requires the declared result to be the parameter's
  /// type, TensorView included — lower_tile_to_buffer.md), so the result type must be able to take
  /// the strides: the same position may not also return other values, nor declare strides of its own.
  void returns(const ir::Function& f) {
    for (std::size_t j : returned_at_) {
      const std::string what = "result " + std::to_string(j + 1) + " of '" + f.name + "'";
      if (std::find(returned_other_.begin(), returned_other_.end(), j) != returned_other_.end())
        return block(what + " returns the memory of " + value_text(param_) + " on one path and another value on another");
      if (j >= f.return_types.size()) continue;  // an ill-formed return (the verifier reports it)
      const ir::Type& rt = f.return_types[j];
      if (!ir::type_as<ir::TensorType>(rt))
        return block(what + " returns the memory of " + value_text(param_) + " but is not declared a tensor");
      if (auto* tt = ir::type_as<ir::TensorType>(rt); tt->view && tt->view->layout != ir::TensorLayout::ND)
        return block(what + " declares pl.TensorLayout." + std::string(ir::name_of(tt->view->layout)) + ", not ND");
      if (has_explicit_strides(rt) && declared_strides(rt).value != declared_strides(param_->type).value)
        return block(what + ", which returns the memory of " + value_text(param_) + ", declares strides of its own");
    }
  }

  static const ir::Expr* at(const ir::Yield* y, std::size_t j) {
    return y && j < y->values.size() ? &y->values[j] : nullptr;
  }

  /// A loop: iter arg j is the memory when it starts as it; then each iteration must yield it back.
  void loop(const std::vector<ir::Expr>& iter_args, const ir::Expr* cond, const ir::Stmt& body,
            const std::vector<ir::Expr>& results, ir::Span loop_at) {
    std::vector<bool> carried(iter_args.size(), false);
    for (std::size_t j = 0; j < iter_args.size(); ++j) {
      auto* ia = ir::expr_as<ir::IterArg>(iter_args[j]);
      if (!ia) continue;
      if (member(ia->init)) {
        carried[j] = true;
        add(iter_args[j]);
      } else {
        uses(ia->init);
      }
    }
    if (cond) uses(*cond);
    stmt(body);
    if (!blocker_.empty()) return;
    const ir::Yield* y = visit::final_yield(body);
    for (std::size_t j = 0; j < iter_args.size(); ++j) {
      const ir::Expr* v = at(y, j);
      const bool yields_memory = v && member(*v);
      if (carried[j] && !yields_memory)
        return block("the loop at " + span_text(loop_at) + " carries " + mem_text(iter_args[j]) +
                     " but yields " + (v ? value_text(*v) : std::string("nothing")) + ", which is not that memory");
      if (!carried[j] && yields_memory)
        return block("the loop at " + span_text(loop_at) + " yields " + mem_text(*v) + " into iter arg " +
                     value_text(iter_args[j]) + ", which does not start as that memory");
      if (carried[j] && j < results.size()) add(results[j]);
    }
  }

  void stmt(const ir::Stmt& s) {
    if (!s || !blocker_.empty()) return;
    const ir::Span outer = at_;
    if (s->span.line) at_ = s->span;
    ir::visit_stmt([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::Seq>) {
        for (const auto& x : k.stmts) stmt(x);
      } else if constexpr (std::is_same_v<K, ir::Assign>) {
        if (ir::is_var_like(k.value)) {
          if (member(k.value)) add(k.var);  // x = m
        } else {
          uses(k.value);
          if (ir::is_op_call(k.value, ir::op::id("tile.store"))) {
            const auto& args = ir::expr_as<ir::Call>(k.value)->args;
            if (args.size() > 2 && member(args[2])) add(k.var);  // r = tile.store(t, offsets, m)
          }
        }
      } else if constexpr (std::is_same_v<K, ir::Eval>) {
        uses(k.value);
      } else if constexpr (std::is_same_v<K, ir::Yield>) {
        for (const auto& v : k.values) handed_on(v);  // judged by the owning loop / If
      } else if constexpr (std::is_same_v<K, ir::Return>) {
        for (std::size_t j = 0; j < k.values.size(); ++j) {
          handed_on(k.values[j]);
          auto& at = member(k.values[j]) ? returned_at_ : returned_other_;
          if (std::find(at.begin(), at.end(), j) == at.end()) at.push_back(j);
        }
      } else if constexpr (std::is_same_v<K, ir::If>) {
        uses(k.cond);
        stmt(k.then_body);
        stmt(k.else_body);
        if (!blocker_.empty()) return;
        const ir::Yield* yt = visit::final_yield(k.then_body);
        const ir::Yield* ye = k.else_body ? visit::final_yield(k.else_body) : nullptr;
        for (std::size_t j = 0; j < k.return_vars.size(); ++j) {
          const ir::Expr* a = at(yt, j);
          const ir::Expr* b = at(ye, j);
          const bool ma = a && member(*a), mb = b && member(*b);
          if (ma && mb) add(k.return_vars[j]);
          else if (ma || mb)
            return block("the if at " + span_text(at_) + " yields " + mem_text(ma ? *a : *b) + " as result " +
                         value_text(k.return_vars[j]) + " in one branch only");
        }
      } else if constexpr (std::is_same_v<K, ir::For>) {
        uses(k.start);
        uses(k.stop);
        uses(k.step);
        loop(k.iter_args, nullptr, k.body, k.return_vars, at_);
      } else if constexpr (std::is_same_v<K, ir::While>) {
        loop(k.iter_args, &k.cond, k.body, k.return_vars, at_);
      } else if constexpr (std::is_same_v<K, ir::Scope>) {
        for (const auto& [key, v] : k.attrs)
          if (auto* x = std::get_if<ir::Expr>(&v)) uses(*x);
        stmt(k.body);
      }
    }, s->kind);
    at_ = outer;
  }
};

/// ParamMemory of each parameter of one function version, each computed on its first request — an
/// analysis of the pass run (ptorw/analysis/cache.hpp): Pattern 2 asks it while deciding (returns,
/// step 6 of stride_votes.hpp) and again while rewriting, Pattern 4 of the same callee version.
class ParamMemories {
 public:
  static constexpr std::string_view name = "param_memory";
  explicit ParamMemories(const ir::Function& f) : f_(f), memo_(f.params.size()) {}
  const ParamMemory& of(std::size_t p) const {
    if (!memo_.at(p)) memo_[p] = std::make_unique<const ParamMemory>(f_, p);
    return *memo_[p];
  }

 private:
  const ir::Function& f_;  // the cache entry holds the function version
  mutable std::vector<std::unique_ptr<const ParamMemory>> memo_;
};

namespace param_strides_detail {

/// A `tile.store` whose target changed takes the new target's type (op_registry.hpp: its result
/// type is its third operand's) — the TreeEdit hook of with_param_strides.
inline ir::Expr retype_store(const ir::Expr& old, const ir::Expr& now) {
  if (now == old || !ir::is_op_call(now, ir::op::id("tile.store"))) return now;
  const auto& args = ir::expr_as<ir::Call>(now)->args;
  return args.size() > 2 && args[2] ? ir::make_expr(now->kind, args[2]->type, now->span) : now;
}

}  // namespace param_strides_detail

/// `f` with each listed tensor parameter — every variable that is its memory (ParamMemory), and each
/// declared result type that returns that memory — given the listed strides. Precondition:
/// ParamMemory(f, i).blocker() is empty for each. The callers' call types then follow
/// (apply_stride_plan, common/call_result_types.hpp).
inline ir::FunctionPtr with_param_strides(
    const ir::Function& f, const ParamMemories& memory,
    const std::vector<std::pair<std::size_t, std::vector<std::int64_t>>>& attach) {
  visit::TreeEdit ed;  // the memory's variables, retyped; stores into them follow
  ed.rebuilt = param_strides_detail::retype_store;
  auto& map = ed.exprs;
  std::vector<ir::Type> returns = f.return_types;
  for (const auto& [i, strides] : attach) {
    const ParamMemory& mem = memory.of(i);
    for (const auto& m : mem.members()) {  // definition order: an iter arg's init is mapped first
      ir::Type t = with_strides(m->type, strides);
      if (auto* ia = ir::expr_as<ir::IterArg>(m))
        map[m.get()] = ir::make_iter_arg(ia->name, std::move(t), ed.expr(ia->init), m->span);
      else
        map[m.get()] = ir::make_expr(ir::Var{ir::var_name(m)}, std::move(t), m->span);
    }
    for (std::size_t r : mem.returned_at())
      if (r < returns.size()) returns[r] = with_strides(returns[r], strides);
  }
  return ir::with_function(f, [&](ir::Function& g) {
    for (auto& p : g.params)
      if (auto it = map.find(p.var.get()); it != map.end()) p.var = it->second;
    g.body = ed.body(g.body);
    g.return_types = std::move(returns);
  });
}

}  // namespace ptorw::patterns
