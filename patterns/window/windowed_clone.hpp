// The `<callee>__windowed` clone of OptimizeOrchTensors Pattern 5
// (../shared/spec/optimize_orch_tensors.md "Pattern 5", Solution): "Clone the callee to a __windowed
// variant with narrowed rewritten tensor parameter types and localized internal offsets."
//
//   * each windowed parameter becomes a tensor of the window shape whose TensorView carries the
//     parent's strides (the window is a view of the parent's memory, issue 4 "Rewrite shapes");
//   * the final tile.store into a windowed Out param stores at [0, ...]; its result and the return
//     type at its position take the window type;
//   * every tile.load / tensor.slice of a PureInputWindowConsumer In param reads at [0, ...];
//   * AggregateWindowLoop: the iter-arg started from the Out param, the store result inside the
//     loop and the loop result take the window type, and the loop's store writes at its offsets
//     relative to the aggregate window (`[row, j * 64]` → `[0, j * 64]`);
//   * an AggregateInputWindowLoop In param is the whole parameter read through the parent's
//     strides: only its type changes;
//   * everything else (name aside) is the callee as it was; the original callee stays.
#pragma once
#include <functional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/visit/tree_edit.hpp"
#include "ptorw/patterns/common/row_major_strides.hpp"
#include "ptorw/patterns/window/callee_windows.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::patterns::window {

inline std::string windowed_name(const std::string& callee) { return callee + "__windowed"; }

/// Tensor type of a window: the window shape, the parent's dtype, the parent's strides as view.
inline ir::Type window_type(const ir::Type& parent, const Window& w) {
  const auto* pt = ir::type_as<ir::TensorType>(parent);
  std::vector<ir::Expr> shape;
  for (auto d : w.shape) shape.push_back(ir::make_int(d));
  ir::TensorView view;
  view.stride = stride_exprs(w.strides);
  return ir::make_type(ir::TensorType{std::move(shape), pt->dtype, std::move(view), {}});
}

inline ir::Expr zero_offsets(std::size_t rank) {
  std::vector<ir::Expr> z;
  for (std::size_t i = 0; i < rank; ++i) z.push_back(ir::make_int(0));
  return ir::make_tuple(std::move(z));
}

/// The body with each AggregateWindowLoop store's offsets replaced by its localized offsets (the
/// variables are still the original ones; make_windowed_clone renames them afterwards).
inline ir::Stmt localize_loop_stores(const ir::Stmt& s, const std::unordered_map<const ir::StmtNode*, const OutWindow*>& stores) {
  if (auto it = stores.find(s.get()); it != stores.end()) {
    const auto* a = ir::stmt_as<ir::Assign>(s);
    ir::Call c = *ir::expr_as<ir::Call>(a->value);
    c.args[1] = ir::make_tuple(it->second->local_offsets, c.args[1]->span);
    return ir::make_assign(a->var, ir::make_expr(std::move(c), a->value->type, a->value->span), s->span);
  }
  return visit::map_each_child(s, [](const ir::Expr& e) { return e; },
                               [&](const ir::Stmt& c) { return localize_loop_stores(c, stores); });
}

inline ir::FunctionPtr make_windowed_clone(const ir::Function& f, const CalleeWindows& cw) {
  std::unordered_map<const ir::ExprNode*, ir::Expr> vars;  // old variable → narrowed one
  std::unordered_map<const ir::ExprNode*, ir::Type> retype;  // old definition → its window type
  std::unordered_set<const ir::ExprNode*> agg_iter_args;    // old iter-args carrying an aggregate window
  std::unordered_set<const ir::ExprNode*> stores_into;       // narrowed nodes a tile.store targets (new)
  std::unordered_map<const ir::ExprNode*, std::size_t> outs, ins;  // narrowed param → rank (offsets zeroed)
  std::unordered_map<const ir::StmtNode*, const OutWindow*> loop_stores;
  std::vector<ir::Type> returns = f.return_types;
  std::vector<ir::Param> params = f.params;
  for (const auto& o : cw.outs) {
    const ir::Expr& old = f.params[o.param].var;
    ir::Type t = window_type(old->type, o.w);
    ir::Expr nv = ir::make_var(ir::var_name(old), t, old->span);
    vars[old.get()] = nv;
    params[o.param].var = nv;
    retype[o.store_var.get()] = t;
    returns[o.ret] = t;
    if (o.shape == Shape::FinalStore) {
      outs[nv.get()] = o.w.shape.size();
      stores_into.insert(nv.get());
    } else {  // AggregateWindowLoop: the carried iter-arg and the loop result take the window type
      retype[o.iter_arg.get()] = t;
      retype[o.loop_result.get()] = t;
      agg_iter_args.insert(o.iter_arg.get());
      loop_stores[o.store] = &o;
    }
  }
  for (const auto& in : cw.ins) {
    const ir::Expr& old = f.params[in.param].var;
    ir::Expr nv = ir::make_var(ir::var_name(old), window_type(old->type, in.w), old->span);
    vars[old.get()] = nv;
    // PureInputWindowConsumer reads at [0, ...]; an AggregateInputWindowLoop window is the whole
    // parameter at offset zero, so its reads keep their offsets.
    if (in.shape == Shape::PureInputWindowConsumer) ins[nv.get()] = in.w.shape.size();
    params[in.param].var = nv;
  }
  // Every other definition gets a fresh node too: a variable's identity is its node, and the clone
  // is a function of its own (../shared/design.md "The IR").
  for (std::size_t i = 0; i < f.params.size(); ++i)
    if (const ir::Expr& old = f.params[i].var; !vars.count(old.get()))
      params[i].var = vars[old.get()] = ir::make_var(ir::var_name(old), old->type, old->span);
  auto type_of = [&](const ir::Expr& d) {
    auto it = retype.find(d.get());
    return it == retype.end() ? d->type : it->second;
  };
  auto fresh = [&](const ir::Expr& d) {
    if (d && ir::expr_as<ir::Var>(d) && !vars.count(d.get())) vars[d.get()] = ir::make_var(ir::var_name(d), type_of(d), d->span);
  };
  visit::walk_all(f.body, [&](const ir::Stmt& s) {
    if (auto* a = ir::stmt_as<ir::Assign>(s)) {
      if (auto* t = ir::expr_as<ir::MakeTuple>(a->var)) for (const auto& x : t->elems) fresh(x);
      else fresh(a->var);
    } else if (auto* l = ir::stmt_as<ir::For>(s)) {
      fresh(l->loop_var);
      for (const auto& r : l->return_vars) fresh(r);
    } else if (auto* w = ir::stmt_as<ir::While>(s)) {
      for (const auto& r : w->return_vars) fresh(r);
    } else if (auto* i = ir::stmt_as<ir::If>(s)) {
      for (const auto& r : i->return_vars) fresh(r);
    }
  }, [](const ir::Expr&) {});
  std::function<ir::Expr(const ir::Expr&)> edit;
  auto subst = [&](const ir::Expr& e) { return visit::map_exprs(e, edit); };
  edit = [&](const ir::Expr& e) -> ir::Expr {
    if (auto it = vars.find(e.get()); it != vars.end()) return it->second;
    if (auto* ia = ir::expr_as<ir::IterArg>(e)) {  // first met at its definition (the loop header)
      ir::Expr n = ir::make_iter_arg(ia->name, type_of(e), ia->init ? subst(ia->init) : ia->init, e->span);
      vars[e.get()] = n;
      if (agg_iter_args.count(e.get())) stores_into.insert(n.get());
      return n;
    }
    auto* c = ir::expr_as<ir::Call>(e);
    if (!c || c->kind != ir::CallKind::Op) return e;
    if (ir::op_id(c->callee) == ir::op::id("tile.store") && c->args.size() == 3 && stores_into.count(c->args[2].get())) {
      ir::Call n = *c;
      if (outs.count(c->args[2].get())) n.args[1] = zero_offsets(outs.at(c->args[2].get()));  // FinalStore
      return ir::make_expr(std::move(n), c->args[2]->type, e->span);
    }
    if ((ir::op_id(c->callee) == ir::op::id("tile.load") || ir::op_id(c->callee) == ir::op::id("tensor.slice")) &&
        !c->args.empty() && ins.count(c->args[0].get())) {
      ir::Call n = *c;
      n.args[ir::op_id(c->callee) == ir::op::id("tile.load") ? 1 : 2] = zero_offsets(ins.at(c->args[0].get()));
      return ir::make_expr(std::move(n), e->type, e->span);
    }
    return e;
  };
  ir::Stmt body = visit::map_exprs(loop_stores.empty() ? f.body : localize_loop_stores(f.body, loop_stores), edit);
  return ir::with_function(f, [&](ir::Function& g) {
    g.name = windowed_name(f.name);
    g.params = std::move(params);
    g.return_types = std::move(returns);
    g.body = std::move(body);
  });
}

}  // namespace ptorw::patterns::window
