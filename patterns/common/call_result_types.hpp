// Call sites after a callee's declared result types changed (Patterns 2 and 4: a returned parameter's
// memory takes the parameter's TensorView, param_strides.hpp). A call's type is its callee's result
// type (ir::call_result_type; `pl.submit` adds a TASK_ID), and everything typed from that value
// follows it the way the parser types it (text/parse_stmt.hpp, text/parse_type.hpp), so that the
// program printed and read back is the program the pass returned:
//   * `r = self.k(...)` / `r: T = self.k(...)`: T read as an annotation of the new type
//     (`annotated`: a tensor annotation's view and MemRef win, the rest is inferred);
//   * `pair[i]`, unpacked `a, b = self.k(...)` (a tuple variable and projections);
//   * op calls whose operand types changed: their type is inferred again from the op table
//     (`tensor.write(r, ...)` is r's type; `tensor.assemble(acc, r, ...)` stays acc's);
//   * an iter arg takes its init's type; a loop result its iter arg's, an If result its then-arm
//     yield's, each read through its old type as an annotation.
// Only values whose inferred type changed are redefined; the function's own signature and return
// types are left alone (a function returning such a value keeps its declaration, as a hand-written
// program would).
#pragma once
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/patterns/common/same_type.hpp"
#include "ptorw/visit/call_type.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"
#include "ptorw/visit/ptr_map.hpp"

namespace ptorw::patterns {

/// The type the parser gives a value of inferred type `inferred` annotated with `ann`
/// (text/parse_type.hpp merge_annotation): a tensor or tile annotation contributes what inference
/// lacks (view, MemRef, memory space); a scalar annotation is taken as written; otherwise inferred.
inline ir::Type annotated(const ir::Type& ann, const ir::Type& inferred) {
  if (!ann || !inferred || ann->kind.index() != inferred->kind.index() || ir::type_as<ir::UnknownType>(inferred))
    return ann ? ann : inferred;
  if (ir::type_as<ir::ScalarType>(ann)) return ann;
  if (auto* a = ir::type_as<ir::TensorType>(ann)) {
    ir::TensorType r = *ir::type_as<ir::TensorType>(inferred);
    if (a->view) r.view = a->view;
    if (a->memref) r.memref = a->memref;
    return ir::make_type(std::move(r));
  }
  if (auto* a = ir::type_as<ir::TileType>(ann)) {
    ir::TileType r = *ir::type_as<ir::TileType>(inferred);
    if (a->memory) r.memory = a->memory;
    if (a->view) r.view = a->view;
    if (a->memref) r.memref = a->memref;
    return ir::make_type(std::move(r));
  }
  return inferred;
}

/// Re-types one function body after the result types of `callees` (name → new function) changed.
class CallResultTypes {
 public:
  explicit CallResultTypes(const std::unordered_map<std::string, const ir::Function*>& callees) : callees_(callees) {}

  ir::Stmt body(const ir::Stmt& s) { return stmt(s); }

 private:
  const std::unordered_map<std::string, const ir::Function*>& callees_;
  // Old definition → its retyped node. Asked at every variable occurrence of the function (a
  // million-statement caller after Patterns 2/4 retyped its kernels): open addressing, one cache
  // miss per lookup (visit/ptr_map.hpp), not a node-based std::unordered_map (issue 20 profile:
  // its hashing and bucket chase were 2.8 % of `opt --passes=default` at 1M statements).
  visit::PtrMap<ir::Expr> defs_;

  const ir::Function* changed(const ir::Symbol& name) const {
    auto it = callees_.find(name.str());
    return it == callees_.end() ? nullptr : it->second;
  }

  /// `e` with its type replaced when `t` is a different type.
  static ir::Expr typed(const ir::Expr& e, ir::Type t) {
    if (!t || same_type(t, e->type)) return e;
    return ir::make_expr(e->kind, std::move(t), e->span);
  }

  ir::Expr expr(const ir::Expr& e) {
    if (!e) return e;
    if (ir::is_var_like(e)) {
      const ir::Expr* d = defs_.find(e.get());
      return d ? *d : e;
    }
    ir::Expr n = visit::map_each_child(e, [&](const ir::Expr& c) { return expr(c); });
    if (auto* c = ir::expr_as<ir::Call>(n)) {
      if (c->kind == ir::CallKind::Function) {
        if (const ir::Function* f = changed(c->callee)) return typed(n, visit::call_result_type(*f, c->args));
      } else if (n != e) {
        if (const ir::OpDef* d = ir::find_op(c->callee.str())) {
          ir::InferResult r = ir::check_and_infer(*d, c->args, c->kwargs);
          if (r.error.empty()) return typed(n, r.type);
        }
      }
    } else if (auto* s = ir::expr_as<ir::Submit>(n)) {
      if (const ir::Function* f = changed(s->callee)) {
        ir::Type r = visit::call_result_type(*f, s->args);
        std::vector<ir::Type> ts;
        if (auto* tt = ir::type_as<ir::TupleType>(r)) ts = tt->elems;
        else ts = {r};
        ts.push_back(ir::scalar_type(ir::DType::TASK_ID));
        return typed(n, ir::make_type(ir::TupleType{std::move(ts)}));
      }
    } else if (auto* g = ir::expr_as<ir::TupleGetItem>(n); g && n != e) {
      auto* tt = ir::type_as<ir::TupleType>(g->tuple->type);
      if (tt && g->index >= 0 && static_cast<std::size_t>(g->index) < tt->elems.size())
        return typed(n, tt->elems[static_cast<std::size_t>(g->index)]);
    }
    return n;
  }

  /// Definition `d` of a value whose inferred type went from `was` to `now`: a retyped copy (also
  /// recorded for its uses) when the type it would be read with changes, else `d`.
  ir::Expr define(const ir::Expr& d, const ir::Type& was, const ir::Type& now) {
    if (!d || !ir::expr_as<ir::Var>(d) || same_type(was, now)) return d;
    ir::Type t = annotated(d->type, now);
    if (same_type(t, d->type)) return d;
    ir::Expr v = ir::make_var(ir::var_name(d), std::move(t), d->span);
    defs_[d.get()] = v;
    return v;
  }

  /// Iter args of a loop: a new node when the init changed (it carries the init), typed as the init
  /// when the init's type changed.
  std::vector<ir::Expr> iter_args(const std::vector<ir::Expr>& args, bool& changed) {
    std::vector<ir::Expr> out;
    for (const auto& a : args) {
      auto* ia = ir::expr_as<ir::IterArg>(a);
      ir::Expr init = ia ? expr(ia->init) : nullptr;
      if (!ia || init == ia->init) {
        out.push_back(a);
        continue;
      }
      ir::Type t = same_type(init->type, ia->init->type) ? a->type : init->type;
      ir::Expr n = ir::make_iter_arg(ia->name, std::move(t), init, a->span);
      defs_[a.get()] = n;
      out.push_back(n);
      changed = true;
    }
    return out;
  }

  /// Loop results after their iter args were (perhaps) retyped.
  std::vector<ir::Expr> loop_results(const std::vector<ir::Expr>& old_args, const std::vector<ir::Expr>& args,
                                     const std::vector<ir::Expr>& results, bool& changed) {
    std::vector<ir::Expr> out = results;
    for (std::size_t j = 0; j < out.size() && j < args.size(); ++j) {
      ir::Expr n = define(results[j], old_args[j]->type, args[j]->type);
      changed |= n != results[j];
      out[j] = std::move(n);
    }
    return out;
  }

  ir::Stmt stmt(const ir::Stmt& s) {
    if (!s) return s;
    if (auto* a = ir::stmt_as<ir::Assign>(s)) {
      ir::Expr v = expr(a->value);
      if (v == a->value) return s;
      ir::Expr var = define(a->var, a->value->type, v->type);
      return ir::make_stmt(ir::Assign{std::move(var), std::move(v)}, s->span);
    }
    if (auto* k = ir::stmt_as<ir::If>(s)) {
      ir::If n = *k;
      n.cond = expr(k->cond);
      n.then_body = stmt(k->then_body);
      n.else_body = stmt(k->else_body);
      bool changed = n.cond != k->cond || n.then_body != k->then_body || n.else_body != k->else_body;
      const ir::Yield* was = visit::final_yield(k->then_body);
      const ir::Yield* now = visit::final_yield(n.then_body);
      for (std::size_t j = 0; was && now && j < n.return_vars.size() && j < was->values.size(); ++j) {
        ir::Expr r = define(k->return_vars[j], was->values[j]->type, now->values[j]->type);
        changed |= r != k->return_vars[j];
        n.return_vars[j] = std::move(r);
      }
      return changed ? ir::make_stmt(std::move(n), s->span) : s;
    }
    if (auto* k = ir::stmt_as<ir::For>(s)) {
      ir::For n = *k;
      n.start = expr(k->start);
      n.stop = expr(k->stop);
      n.step = expr(k->step);
      bool changed = n.start != k->start || n.stop != k->stop || n.step != k->step;
      n.iter_args = iter_args(k->iter_args, changed);
      n.body = stmt(k->body);
      changed |= n.body != k->body;
      n.return_vars = loop_results(k->iter_args, n.iter_args, k->return_vars, changed);
      return changed ? ir::make_stmt(std::move(n), s->span) : s;
    }
    if (auto* k = ir::stmt_as<ir::While>(s)) {
      ir::While n = *k;
      bool changed = false;
      n.iter_args = iter_args(k->iter_args, changed);
      n.cond = expr(k->cond);
      n.body = stmt(k->body);
      changed |= n.cond != k->cond || n.body != k->body;
      n.return_vars = loop_results(k->iter_args, n.iter_args, k->return_vars, changed);
      return changed ? ir::make_stmt(std::move(n), s->span) : s;
    }
    // Seq, Eval, Yield, Return, Scope: no definitions, only uses and nested statements.
    return visit::map_each_child(
        s, [&](const ir::Expr& e) { return expr(e); }, [&](const ir::Stmt& c) { return stmt(c); });
  }
};

/// `p` with every function body re-typed after the result types of `callees` changed.
inline void refresh_call_result_types(ir::Program& p, const std::unordered_map<std::string, const ir::Function*>& callees) {
  if (callees.empty()) return;
  for (auto& f : p.functions) {
    if (!f || !f->body) continue;
    CallResultTypes r(callees);
    ir::Stmt body = r.body(f->body);
    if (body != f->body) f = ir::with_function(*f, [&](ir::Function& g) { g.body = std::move(body); });
  }
}

}  // namespace ptorw::patterns
