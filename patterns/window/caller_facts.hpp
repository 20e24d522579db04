// What Pattern 5 of OptimizeOrchTensors needs to know about one calling function
// (../shared/spec/optimize_orch_tensors.md "Output-window eligibility"):
//   * every user call statement (`x = self.k(...)`, `a, b = self.k(...)`, `r, tid = pl.submit(...)`)
//     with the loops around it — "sequential-loop siblings" are judged per enclosing loop;
//   * tensor *families*: values that are the same parent memory — plain aliases, assemble/slice/
//     write/reshape results and their parent (a reshape is a view: review rev15 M1), a call's Out/InOut argument and the result carrying it, an
//     iter-arg with its init, its yields and the loop's result (For and While), If results with the
//     yields of both arms, tuple projections. "Sibling-writer alias collection descends into nested
//     SeqStmts, ForStmt, WhileStmt, and IfStmt bodies"; families over-approximate (fail closed);
//   * loop-return aliases and the loop's visible init tensor ("When a materialized slice would
//     otherwise use a loop-return alias as its parent, the pass rewrites that parent to the loop's
//     visible init tensor for both ForStmt and WhileStmt");
//   * the affine form of a scalar at a call site over the accepted loop variables (enclosing For
//     loop variables and the caller's scalar params; scalars assigned from such expressions are
//     expanded), and the expression resolved through them for remarks;
//   * the projections `x = t[k]` of each tuple variable, wherever they sit (spec: "tensor aliases
//     such as loop returns and tuple projections are resolved to the visible parent").
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "ptorw/visit/node_map.hpp"
#include <utility>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/analysis/affine.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/patterns/common/carried_args.hpp"
#include "ptorw/patterns/common/out_param_returns.hpp"
#include "ptorw/patterns/window/callee_scalars.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::patterns::window {

/// One user call statement of a caller.
struct CallStmt {
  const ir::StmtNode* stmt = nullptr;
  ir::Expr call;                               // Call (Function kind) or Submit
  ir::Expr target;                             // Var or MakeTuple of the Assign; null for Eval
  std::vector<const ir::StmtNode*> loops;      // enclosing For / While, outermost first
  // For a tuple-variable target `t` (the parser's form of `a, b = ...`): the projection statements
  // `a = t[0]`, `b = t[1]`, ... that immediately follow the call in its Seq, one per element in
  // order; empty when they are not all there.
  std::vector<ir::Stmt> unpack;
  const std::string& callee() const {
    if (auto* c = ir::expr_as<ir::Call>(call)) return c->callee;
    return ir::expr_as<ir::Submit>(call)->callee;
  }
  const std::vector<ir::Expr>& args() const {
    if (auto* c = ir::expr_as<ir::Call>(call)) return c->args;
    return ir::expr_as<ir::Submit>(call)->args;
  }
  bool is_submit() const { return ir::expr_as<ir::Submit>(call) != nullptr; }
};

class CallerFacts {
 public:
  CallerFacts(const ir::Function& f, const ir::Program& prog) : prog_(prog), carried_(prog) {
    for (const auto& p : f.params)
      if (affine_scalar(p.var->type)) atoms_.insert(p.var.get());
    if (f.body) walk(f.body);
  }

  const std::vector<CallStmt>& calls() const { return calls_; }

  /// The family id of a tensor value.
  std::size_t family(const ir::Expr& e) { return find(key(e.get(), -1)); }

  /// `e` with plain aliases followed and loop results replaced by their loop's init (recursively).
  /// `folded` is set when a loop result was replaced.
  ir::Expr visible_init(ir::Expr e, bool& folded) const {
    for (int depth = 0; depth < 256; ++depth) {
      if (auto it = alias_.find(e.get()); it != alias_.end()) {
        e = it->second;
        continue;
      }
      if (auto it = loop_init_.find(e.get()); it != loop_init_.end()) {
        e = it->second;
        folded = true;
        continue;
      }
      break;
    }
    return e;
  }
  /// Like visible_init, but only through loops whose result is proven to be the storage of their
  /// init: every trip yields a value written in place into its iter-arg (tensor.assemble /
  /// tensor.write / tile.store into it, a user call carrying it as Out/InOut, plain aliases, nested
  /// loops of the same kind). Then a slice of the init, placed after the loop, reads what the loop
  /// wrote (runtime tensors are buffers: `docs/semantics.md` "tensor.slice ... a view"). `proven`
  /// is false when some folded loop is not proven (the caller keeps the full tensor).
  ir::Expr in_place_init(ir::Expr e, bool& proven) {
    proven = true;
    for (int depth = 0; depth < 256; ++depth) {
      if (auto it = alias_.find(e.get()); it != alias_.end()) {
        e = it->second;
        continue;
      }
      if (auto it = loop_init_.find(e.get()); it != loop_init_.end()) {
        auto lr = loop_result_.find(e.get());
        if (lr == loop_result_.end() || !loop_in_place_top(lr->second.first, lr->second.second)) return proven = false, e;
        e = it->second;
        continue;
      }
      return e;
    }
    return proven = false, e;
  }

  bool is_loop_result(const ir::Expr& e) const {
    bool folded = false;
    (void)visible_init(e, folded);
    return folded;
  }

  /// The statements `x = t[k]` (x a variable) that project tuple variable `t`, in program order,
  /// wherever they sit ("alias collection descends into nested ... bodies"); null when none.
  const std::vector<ir::Stmt>* projections_of(const ir::Expr& t) const {
    auto it = projections_.find(t.get());
    return it == projections_.end() ? nullptr : &it->second;
  }

  /// `e` resolved through the caller's scalar definitions, as text (for remarks).
  std::string resolved(const ir::Expr& e) const {
    return resolved_text(e, [&](const ir::ExprNode* v) -> const ir::Expr* {
      auto it = scalar_defs_.find(v);
      return it == scalar_defs_.end() ? nullptr : &it->second;
    });
  }

  /// Affine form of a call-site scalar over the accepted loop variables.
  analysis::AffineResult affine(const ir::Expr& e) const {
    analysis::AtomPolicy pol;
    pol.is_atom = [&](const ir::Expr& v) { return atoms_.count(v.get()) > 0; };
    pol.expand = [&](const ir::Expr& v, int depth) -> analysis::AffineResult {
      auto it = scalar_defs_.find(v.get());
      if (it == scalar_defs_.end())
        return analysis::AffineResult::fail("'" + ir::var_name(v) + "' is not a loop variable accepted by the pass");
      return analysis::affine_of(it->second, pol, depth);
    };
    return analysis::affine_of(e, pol);
  }

 private:
  using Key = std::pair<const ir::ExprNode*, std::int64_t>;  // (value, tuple element or -1)
  std::size_t key(const ir::ExprNode* n, std::int64_t i) {
    auto [it, fresh] = ids_.try_emplace(Key{n, i}, parent_.size());
    if (fresh) parent_.push_back(parent_.size());
    return it->second;
  }
  std::size_t find(std::size_t x) {
    while (parent_[x] != x) x = parent_[x] = parent_[parent_[x]];
    return x;
  }
  void unite(const ir::Expr& a, std::int64_t ai, const ir::Expr& b, std::int64_t bi) {
    if (!a || !b) return;
    std::size_t x = find(key(a.get(), ai)), y = find(key(b.get(), bi));
    if (x != y) parent_[x] = y;
  }

  /// The results of a user call joined with the arguments whose memory they carry.
  void call_results(const ir::Expr& call, const std::vector<ir::Expr>& results) {
    const std::string& name =
        ir::expr_as<ir::Call>(call) ? ir::expr_as<ir::Call>(call)->callee : ir::expr_as<ir::Submit>(call)->callee;
    const auto& args = ir::expr_as<ir::Call>(call) ? ir::expr_as<ir::Call>(call)->args : ir::expr_as<ir::Submit>(call)->args;
    auto callee = prog_.find(name);
    if (!callee || callee->params.size() != args.size()) return;
    const auto& mapping = carried_.mapping(*callee);
    for (std::size_t r = 0; r < results.size() && r < callee->return_types.size(); ++r) {
      if (!results[r] || !ir::type_as<ir::TensorType>(callee->return_types[r])) continue;
      if (r < mapping.size() && mapping[r]) {
        unite(results[r], -1, args[*mapping[r]], -1);
        continue;
      }
      // Unknown carrier: every tensor argument, an In one included (fail closed: a callee may
      // return a view of an In parameter, e.g. from a region-local return; review rev15 H1).
      for (std::size_t p = 0; p < args.size(); ++p)
        if (!ir::type_as<ir::ScalarType>(args[p]->type)) unite(results[r], -1, args[p], -1);
    }
  }

  void assign(const ir::Assign& a) {
    const ir::Expr& v = a.value;
    const bool user_call = (ir::expr_as<ir::Call>(v) && ir::expr_as<ir::Call>(v)->kind == ir::CallKind::Function) ||
                           ir::expr_as<ir::Submit>(v);
    if (auto* t = ir::expr_as<ir::MakeTuple>(a.var)) {
      for (std::size_t i = 0; i < t->elems.size(); ++i) elem_def_[t->elems[i].get()] = {v, static_cast<std::int64_t>(i)};
      if (user_call) call_results(v, t->elems);
      else
        for (std::size_t i = 0; i < t->elems.size(); ++i) unite(t->elems[i], -1, v, static_cast<std::int64_t>(i));
      return;
    }
    value_def_[a.var.get()] = v;
    if (ir::is_var_like(v)) {
      alias_[a.var.get()] = v;
      unite(a.var, -1, v, -1);
      if (affine_scalar(v->type) && affine_scalar(a.var->type)) scalar_defs_[a.var.get()] = v;
      return;
    }
    if (affine_scalar(a.var->type)) scalar_defs_[a.var.get()] = v;
    if (auto* g = ir::expr_as<ir::TupleGetItem>(v)) return unite(a.var, -1, g->tuple, g->index);
    if (user_call) {
      if (auto* tt = ir::type_as<ir::TupleType>(v->type)) {
        std::vector<ir::Expr> elems(tt->elems.size(), a.var);  // element i of a.var, joined below
        for (std::size_t i = 0; i < elems.size(); ++i) {
          ir::Expr probe = ir::make_var("", tt->elems[i]);
          std::vector<ir::Expr> one(elems.size());
          one[i] = probe;
          call_results(v, one);
          unite(a.var, static_cast<std::int64_t>(i), probe, -1);
          probes_.push_back(std::move(probe));
        }
      } else {
        call_results(v, {a.var});
      }
      return;
    }
    if (auto* c = ir::expr_as<ir::Call>(v); c && !c->args.empty() &&
        (ir::op_id(c->callee) == ir::op::id("tensor.assemble") || ir::op_id(c->callee) == ir::op::id("tensor.slice") ||
         ir::op_id(c->callee) == ir::op::id("tensor.write") || ir::op_id(c->callee) == ir::op::id("tensor.reshape")))
      unite(a.var, -1, c->args[0], -1);
  }

  void yields(const ir::Stmt& body, const std::vector<ir::Expr>& slots) {
    const ir::Stmt* last = ir::last_stmt(body);
    if (!last) return;
    if (auto* y = ir::stmt_as<ir::Yield>(*last))
      for (std::size_t i = 0; i < y->values.size() && i < slots.size(); ++i) unite(slots[i], -1, y->values[i], -1);
  }

  void loop(const ir::Stmt& s, const std::vector<ir::Expr>& iter_args, const std::vector<ir::Expr>& results,
            const ir::Stmt& body) {
    for (std::size_t i = 0; i < iter_args.size(); ++i) {
      auto* ia = ir::expr_as<ir::IterArg>(iter_args[i]);
      if (ia && ia->init) unite(iter_args[i], -1, ia->init, -1);
      if (i < results.size()) {
        unite(results[i], -1, iter_args[i], -1);
        if (ia && ia->init) loop_init_[results[i].get()] = ia->init;
        loop_result_[results[i].get()] = {s.get(), i};
      }
    }
    yields(body, iter_args);
    loops_.push_back(s.get());
    walk(body);
    loops_.pop_back();
  }

  void walk(const ir::Stmt& s) {
    if (auto* a = ir::stmt_as<ir::Assign>(s)) {
      assign(*a);
      record(s, a->value, a->var);
      if (auto* g = ir::expr_as<ir::TupleGetItem>(a->value); g && ir::expr_as<ir::Var>(a->var))
        projections_[g->tuple.get()].push_back(s);
    } else if (auto* e = ir::stmt_as<ir::Eval>(s)) {
      record(s, e->value, nullptr);
    } else if (auto* f = ir::stmt_as<ir::For>(s)) {
      atoms_.insert(f->loop_var.get());
      loop(s, f->iter_args, f->return_vars, f->body);
    } else if (auto* w = ir::stmt_as<ir::While>(s)) {
      loop(s, w->iter_args, w->return_vars, w->body);
    } else if (auto* i = ir::stmt_as<ir::If>(s)) {
      for (std::size_t k = 0; k < i->return_vars.size(); ++k) if_result_[i->return_vars[k].get()] = {s.get(), k};
      yields(i->then_body, i->return_vars);
      if (i->else_body) yields(i->else_body, i->return_vars);
      walk(i->then_body);
      if (i->else_body) walk(i->else_body);
    } else if (ir::stmt_is<ir::Seq>(s->kind)) {
      // The body as printed: a Seq nested by a rewrite (flatten-call-expr) is spliced, so that a call
      // and its unpacking projections are adjacent here exactly when they are in the text
      // (re-audit 2026-12-05 G3: in one process the call ended a nested Seq and its projections
      // followed outside it). ir::flat_stmts copies only when something is nested (a caller's
      // body can be huge).
      std::vector<ir::Stmt> spliced;
      const std::vector<ir::Stmt>& list = ir::flat_stmts(s, spliced);
      for (std::size_t i = 0; i < list.size(); ++i) {
        const std::size_t before = calls_.size();
        walk(list[i]);
        if (calls_.size() == before + 1 && calls_.back().stmt == list[i].get())
          calls_.back().unpack = adjacent_unpack(list, i, calls_.back().target);
      }
    } else {
      visit::each_child(s, [](const ir::Expr&) {}, [&](const ir::Stmt& c) { walk(c); });
    }
  }

  /// `stmts[i+1 .. i+n]` when they are exactly `x_j = t[j]` (j = 0..n-1) for tuple variable `t`.
  static std::vector<ir::Stmt> adjacent_unpack(const std::vector<ir::Stmt>& stmts, std::size_t i, const ir::Expr& t) {
    auto* tt = t && ir::expr_as<ir::Var>(t) ? ir::type_as<ir::TupleType>(t->type) : nullptr;
    if (!tt || tt->elems.empty() || i + tt->elems.size() >= stmts.size()) return {};
    std::vector<ir::Stmt> out;
    for (std::size_t j = 0; j < tt->elems.size(); ++j) {
      const ir::Stmt& p = stmts[i + 1 + j];
      auto* a = ir::stmt_as<ir::Assign>(p);
      auto* g = a ? ir::expr_as<ir::TupleGetItem>(a->value) : nullptr;
      if (!g || g->tuple != t || g->index != static_cast<std::int64_t>(j) || !ir::expr_as<ir::Var>(a->var)) return {};
      out.push_back(p);
    }
    return out;
  }

  void record(const ir::Stmt& s, const ir::Expr& v, const ir::Expr& target) {
    if ((ir::expr_as<ir::Call>(v) && ir::expr_as<ir::Call>(v)->kind == ir::CallKind::Function) || ir::expr_as<ir::Submit>(v))
      calls_.push_back(CallStmt{s.get(), v, target, loops_, {}});
  }

  /// Does every trip of `loop` yield, at position k, a value written in place into iter-arg k?
  bool loop_in_place(const ir::StmtNode* loop, std::size_t k, int depth) {
    const std::vector<ir::Expr>* ias = nullptr;
    ir::Stmt body;
    if (auto* f = ir::kind_as<ir::For>(loop->kind)) ias = &f->iter_args, body = f->body;
    if (auto* w = ir::kind_as<ir::While>(loop->kind)) ias = &w->iter_args, body = w->body;
    if (!ias || k >= ias->size()) return false;
    const ir::Expr* v = yielded(body, k);
    return v && carries(*v, (*ias)[k].get(), depth + 1);
  }
  /// The value `body` yields at position `k` (its last statement), or null.
  static const ir::Expr* yielded(const ir::Stmt& body, std::size_t k) {
    const ir::Yield* y = body ? visit::final_yield(body) : nullptr;
    return y && k < y->values.size() ? &y->values[k] : nullptr;
  }
  /// loop_in_place from the top (depth 0), remembered: the facts never change after the walk, so
  /// the answer depends on (loop, k) alone, and every call reading a loop's result as an In window
  /// asks it again — the proof walks the loop's whole chain of in-place writers (issue 20).
  bool loop_in_place_top(const ir::StmtNode* loop, std::size_t k) {
    auto [it, fresh] = in_place_.try_emplace(std::pair{loop, static_cast<std::int64_t>(k)}, 0);
    if (!fresh) return it->second != 0;
    it->second = loop_in_place(loop, k, 0);  // (the proof does not touch in_place_: `it` stays valid)
    return it->second != 0;
  }

  /// The Out/InOut argument a call's result `index` (-1: its only result) carries, or null.
  ir::Expr carried_arg(const ir::Expr& call, std::int64_t index) const { return carried_arg(call.get(), index); }
  ir::Expr carried_arg(const ir::ExprNode* call, std::int64_t index) const {
    const ir::Expr* a = carried_.arg_of(call, index);
    return a ? *a : nullptr;
  }

 public:
  /// Which argument each callee result carries (memory_strides.hpp follows call results with it).
  const CarriedArgs& carried() const { return carried_; }

 private:
  /// Is `v` the storage of `base` (an iter-arg), by in-place writes only? (Fail closed.)
  bool carries(const ir::Expr& v, const ir::ExprNode* base, int depth) {
    if (!v || depth > 256) return false;
    if (v.get() == base) return true;
    if (auto it = value_def_.find(v.get()); it != value_def_.end()) {
      const ir::Expr& d = it->second;
      if (ir::is_var_like(d)) return carries(d, base, depth + 1);
      if (auto* c = ir::expr_as<ir::Call>(d); c && c->kind == ir::CallKind::Op) {
        if ((ir::op_id(c->callee) == ir::op::id("tensor.assemble") || ir::op_id(c->callee) == ir::op::id("tensor.write")) && !c->args.empty())
          return carries(c->args[0], base, depth + 1);
        if (ir::op_id(c->callee) == ir::op::id("tile.store") && c->args.size() == 3) return carries(c->args[2], base, depth + 1);
        return false;
      }
      if (auto* g = ir::expr_as<ir::TupleGetItem>(d)) {
        auto t = value_def_.find(g->tuple.get());
        ir::Expr a = t == value_def_.end() ? nullptr : carried_arg(t->second, g->index);
        return a && carries(a, base, depth + 1);
      }
      ir::Expr a = carried_arg(d, -1);
      return a && carries(a, base, depth + 1);
    }
    if (auto it = elem_def_.find(v.get()); it != elem_def_.end()) {
      ir::Expr a = carried_arg(it->second.first, it->second.second);
      return a && carries(a, base, depth + 1);
    }
    if (auto it = loop_result_.find(v.get()); it != loop_result_.end()) {
      auto init = loop_init_.find(v.get());
      return init != loop_init_.end() && loop_in_place(it->second.first, it->second.second, depth + 1) &&
             carries(init->second, base, depth + 1);
    }
    // An If's result: the storage of `base` when both arms yield a value that is (review rev14
    // L2: a loop writing its init in place in both arms of an If).
    if (auto it = if_result_.find(v.get()); it != if_result_.end()) {
      auto* x = ir::kind_as<ir::If>(it->second.first->kind);
      auto arm = [&](const ir::Stmt& body) {
        const ir::Expr* y = yielded(body, it->second.second);
        return y && carries(*y, base, depth + 1);
      };
      return x && x->else_body && arm(x->then_body) && arm(x->else_body);
    }
    return false;
  }

  const ir::Program& prog_;
  // Node-keyed tables: open addressing (visit/node_map.hpp), one entry per variable of the caller.
  visit::NodeMap<const ir::ExprNode*, ir::Expr> value_def_;  // variable → the value assigned to it
  visit::NodeMap<const ir::ExprNode*, std::pair<ir::Expr, std::int64_t>> elem_def_;  // `a, b = call`
  visit::NodeMap<const ir::ExprNode*, std::pair<const ir::StmtNode*, std::size_t>> loop_result_;
  visit::NodeMap<const ir::ExprNode*, std::pair<const ir::StmtNode*, std::size_t>> if_result_;  // If return var → (If, k)
  CarriedArgs carried_;  // callee → the params its results carry
  visit::NodeMap<Key, std::size_t> ids_;
  visit::NodeMap<std::pair<const ir::StmtNode*, std::int64_t>, char> in_place_;  // (loop, k) → loop_in_place_top
  std::vector<std::size_t> parent_;
  std::vector<ir::Expr> probes_;  // keeps probe nodes alive (their addresses are keys)
  visit::NodeSet<const ir::ExprNode*> atoms_;
  visit::NodeMap<const ir::ExprNode*, ir::Expr> scalar_defs_, alias_, loop_init_;
  visit::NodeMap<const ir::ExprNode*, std::vector<ir::Stmt>> projections_;  // tuple variable → `x = t[k]`
  std::vector<const ir::StmtNode*> loops_;
  std::vector<CallStmt> calls_;
};

}  // namespace ptorw::patterns::window
