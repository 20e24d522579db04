// The "outline-incore-scopes" pass: a `with pl.at(level=pl.Level.CORE_GROUP, ...)` scope of
// tile-level code in an Orchestration function becomes a call of a new InCore function
// (../shared/spec/optimize_orch_tensors.md "Windowize Opt-in": "The Python DSL currently exposes
// this attribute through pl.at(...)"; issue 4: "An outline-incore-scopes pass outlines a
// pl.at(level=pl.Level.CORE_GROUP, ...) scope of tile-level code into an InCore function that
// carries the scope's windowize"). OptimizeOrchTensors requires InCore scopes outlined.
//
//   with pl.at(level=pl.Level.CORE_GROUP, windowize=True, name_hint="qk"):      r = self.qk(x, row, out)
//       t = pl.load(x, [row, 0], [16, 32])                               →
//       r = pl.store(t, [row, 0], out)                                        @pl.function(type=pl.FunctionType.InCore,
//                                                                                          attrs={"windowize": True})
//                                                                             def qk(self, x, row, out: pl.Out[...]):
//                                                                                 t = pl.load(x, [row, 0], [16, 32])
//                                                                                 r = pl.store(t, [row, 0], out)
//                                                                                 return r
// Which scopes (each refusal is a remark at the scope):
//   * `pl.at` (not `pl.manual_scope`) with `level=pl.Level.CORE_GROUP`, in an Orchestration function;
//   * tile-level code: at least one `tile.*` op, and no user call, `pl.submit`, `return` or nested
//     scope inside (a scope that calls kernels is already outlined code; it stays).
// The new function:
//   * params: the scope's free values (defined before it, read inside it) in order of first use; a
//     tensor written inside by an op that writes an operand (tile.store, tensor.write ...; assigned
//     or as a statement; directly, through slices of it, or through values carrying it: copies,
//     slice views, store results,
//     loop iter-args and results) is Out, or InOut when the scope also reads it otherwise; the rest
//     are In. The program's symbolic dims are global, not params;
//   * returns: the values defined inside and used after the scope, in definition order (and, for a
//     windowize scope, the result of each top-level store statement into an Out parameter, bound
//     to a fresh `<param>_stored` nothing reads, so Pattern 5's FinalStore can see it); the call
//     binds them to the same variables (one result: `r = self.k(...)`; several: the parser's
//     unpacking form `t = self.k(...); a = t[0]; b = t[1]`; none: an expression statement);
//   * type InCore; attrs {"windowize": v} when the scope has `windowize=v` (absent: no attr);
//   * name: the scope's `name_hint` when given (a taken name gets a `_<n>` suffix), else
//     `<caller>_incore_<k>` with the first k (from 0) whose name is free;
//   * every definition inside gets a fresh node (a variable's identity is its node).
// The function is added right after its caller. Idempotent: the output has no such scope left.
// Remarks (`--remarks`) name the reason a CORE_GROUP scope stays; outlined scopes show in `--trace`.
#pragma once
#include <boost/hana/tuple.hpp>
#include <algorithm>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/visit/tree_edit.hpp"
#include "ptorw/rewrite/rule.hpp"
#include "ptorw/visit/call_type.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"
#include "ptorw/visit/walk.hpp"
#include "ptorw/visit/splice.hpp"

namespace ptorw::patterns {

namespace outline_detail {

inline constexpr std::string_view kNoTileOp = "it contains no tile op (not tile-level code)";

/// Why a scope is not outlined, from its own content (empty: it is).
inline std::string refusal(const ir::Scope& s) {
  if (s.kind != ir::ScopeKind::At) return "not a pl.at scope";
  auto level = ir::kwarg_as<ir::EnumRef>(s.attrs, "level");
  if (!level || level->text != "pl.Level.CORE_GROUP") return "its level is not pl.Level.CORE_GROUP";
  std::string why;
  bool tile = false;
  visit::walk_all(s.body, [&](const ir::Stmt& st) {
    if (!why.empty()) return;
    if (ir::stmt_as<ir::Return>(st)) why = "it contains a return";
    else if (ir::stmt_as<ir::Scope>(st)) why = "it contains a nested scope";
  }, [&](const ir::Expr& e) {
    if (!why.empty()) return;
    if (auto* c = ir::expr_as<ir::Call>(e)) {
      if (c->kind == ir::CallKind::Function) why = "it calls '" + c->callee + "' (not tile-level code)";
      else tile |= c->callee.rfind("tile.", 0) == 0;
    } else if (auto* sb = ir::expr_as<ir::Submit>(e)) {
      why = "it submits '" + sb->callee + "' (not tile-level code)";
    }
  });
  if (!why.empty()) return why;
  if (!tile) return std::string(kNoTileOp);
  // A tuple from outside (`pr = self.two(...)` before the scope, `pr[1]` inside) would become a
  // tuple parameter: a kernel's parameters are tensors and scalars (an Out one must be a tensor, and
  // tile-to-buffer has no GM parameter to load a tuple's element from; review rev40b F1).
  std::vector<ir::Expr> defs;
  visit::definitions(s.body, defs);
  std::unordered_set<const ir::ExprNode*> defined;
  for (const auto& d : defs) defined.insert(d.get());
  visit::walk_all(s.body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) {
    if (why.empty() && ir::is_var_like(e) && ir::type_as<ir::TupleType>(e->type) && !defined.count(e.get()))
      why = "it reads the tuple '" + ir::var_name(e) +
            "' defined outside it (a kernel's parameters are tensors and scalars: name its elements before the scope, "
            "e.g. `x1 = " + ir::var_name(e) + "[1]`)";
  });
  return why;
}

/// Why a pl.at scope of `f` stays in place (empty: it is outlined): its content, else its function
/// is not Orchestration. The rule's remark and the windowize warning say the same.
inline std::string stays_because(const ir::Function& f, const ir::Scope& s) {
  std::string why = refusal(s);
  if (why.empty() && f.type != ir::FunctionType::Orchestration)
    why = std::string(f.type == ir::FunctionType::Group ? "it is in a " : "it is in an ") + std::string(ir::name_of(f.type)) +
          " function, not Orchestration";
  return why;
}

/// Variables referenced in `s`, skipping the subtree `skip`.
inline void referenced(const ir::Stmt& s, const ir::StmtNode* skip, std::unordered_set<const ir::ExprNode*>& out) {
  if (!s || s.get() == skip) return;
  std::function<void(const ir::Expr&)> ex = [&](const ir::Expr& e) {
    if (ir::is_var_like(e)) out.insert(e.get());
    visit::each_child(e, ex);
  };
  visit::each_child(s, ex, [&](const ir::Stmt& c) { referenced(c, skip, out); });
}

/// `base`, or `base_<k>` with the first k from 1 that `taken` does not hold; recorded as taken.
inline std::string fresh_name(std::unordered_set<std::string>& taken, const std::string& base) {
  std::string n = base;
  for (int k = 1; taken.count(n); ++k) n = base + "_" + std::to_string(k);
  taken.insert(n);
  return n;
}

struct Outlined {
  ir::FunctionPtr fn;
  std::vector<ir::Stmt> call;  // the statements replacing the scope
};

/// Whether `e` is scalar arithmetic only: variables, constants, unary and binary operators.
inline bool scalar_arithmetic(const ir::Expr& e) {
  if (!e) return false;
  if (ir::is_var_like(e) || ir::expr_as<ir::ConstInt>(e) || ir::expr_as<ir::ConstFloat>(e) || ir::expr_as<ir::ConstBool>(e))
    return true;
  if (auto* b = ir::expr_as<ir::Binary>(e)) return scalar_arithmetic(b->lhs) && scalar_arithmetic(b->rhs);
  if (auto* u = ir::expr_as<ir::Unary>(e)) return scalar_arithmetic(u->operand);
  return false;
}

/// Which of `top`, the top-level statements of `scope`, move before it: PyPTO language/01-functions,
/// "a scalar you assign *inside* `with pl.at(...)` and read after it — that is a kernel return in
/// disguise. When the value only depends on things the entry body already has (a loop variable, a
/// scalar parameter), the compiler moves the computation out of the scope for you" (user trial
/// 2026-12-06 F3: the kernel returned the scalar and compile refused it). A scalar read after the
/// scope moves when it is scalar arithmetic of values from outside the scope and of other such
/// scalars of the scope, which move with it, in their order. One that depends on device data stays
/// (the verifier has refused it already: "route it through a tensor").
/// `outside`: what the caller references outside the scope (referenced(), computed once by outline).
inline std::vector<bool> scalars_to_hoist(const ir::Scope& scope, const std::vector<ir::Stmt>& top,
                                          const std::unordered_set<const ir::ExprNode*>& outside) {
  std::unordered_map<const ir::ExprNode*, std::size_t> candidate;  // scalar definition → its statement
  for (std::size_t i = 0; i < top.size(); ++i)
    if (auto* a = ir::stmt_as<ir::Assign>(top[i]))
      if (ir::expr_as<ir::Var>(a->var) && ir::type_as<ir::ScalarType>(a->var->type) && scalar_arithmetic(a->value))
        candidate.emplace(a->var.get(), i);
  std::vector<bool> take(top.size(), false);
  if (candidate.empty()) return take;
  std::vector<ir::Expr> defs;
  visit::definitions(scope.body, defs);
  std::unordered_set<const ir::ExprNode*> defined;
  for (const auto& d : defs) defined.insert(d.get());
  // Hoistable: a candidate whose operands defined in the scope are hoistable (defined earlier: no cycle).
  std::unordered_map<const ir::ExprNode*, bool> memo;
  std::function<bool(const ir::ExprNode*)> hoistable = [&](const ir::ExprNode* v) -> bool {
    if (auto m = memo.find(v); m != memo.end()) return m->second;
    auto c = candidate.find(v);
    bool ok = c != candidate.end();
    if (ok)
      visit::walk_exprs(ir::stmt_as<ir::Assign>(top[c->second])->value, [&](const ir::Expr& e) {
        if (ok && ir::is_var_like(e) && defined.count(e.get())) ok = hoistable(e.get());
      });
    return memo[v] = ok;
  };
  std::function<void(const ir::ExprNode*)> mark = [&](const ir::ExprNode* v) {
    const std::size_t i = candidate.at(v);
    if (take[i]) return;
    take[i] = true;
    visit::walk_exprs(ir::stmt_as<ir::Assign>(top[i])->value, [&](const ir::Expr& e) {
      if (ir::is_var_like(e) && defined.count(e.get())) mark(e.get());
    });
  };
  for (const auto& [v, i] : candidate)
    if (outside.count(v) && hoistable(v)) mark(v);
  return take;
}

/// The InCore function for scope `s` of `caller` and its call.
/// `caller_names`: the caller's variable names taken so far, shared by the scopes of one caller
/// (filled here on first need, so a caller is walked once however many windowize scopes it has).
inline Outlined outline(const ir::Program& prog, const ir::Function& caller, const ir::Stmt& s, const std::string& name,
                        std::unordered_set<std::string>& caller_names) {
  // What the caller references outside the scope (one walk of its body): the scalars to move out
  // and, below, the values the kernel returns.
  std::unordered_set<const ir::ExprNode*> outside;
  referenced(caller.body, s.get(), outside);
  // Scalars read after the scope that it computes from the entry body's values go before it.
  std::vector<ir::Stmt> hoisted;
  ir::Stmt kept_scope;  // the scope without them
  {
    const auto& whole = *ir::stmt_as<ir::Scope>(s);
    std::vector<ir::Stmt> top = ir::stmts_of(whole.body);
    const std::vector<bool> take = scalars_to_hoist(whole, top, outside);
    std::vector<ir::Stmt> rest;
    for (std::size_t i = 0; i < top.size(); ++i) (take[i] ? hoisted : rest).push_back(top[i]);
    if (!hoisted.empty())
      kept_scope = ir::make_stmt(ir::Scope{whole.kind, whole.attrs, ir::make_seq(std::move(rest), whole.body->span)}, s->span);
  }
  // (`s` stays the caller's own node: what is referenced outside it is looked up by it below.)
  const auto& scope = *ir::stmt_as<ir::Scope>(kept_scope ? kept_scope : s);
  std::vector<ir::Expr> defs;
  visit::definitions(scope.body, defs);
  std::unordered_set<const ir::ExprNode*> defined, globals;
  for (const auto& d : defs) defined.insert(d.get());
  for (const auto& g : prog.dyn_dims) globals.insert(g.get());
  // Free values in order of first use.
  std::vector<ir::Expr> free;
  std::unordered_set<const ir::ExprNode*> seen;
  auto note_free = [&](const ir::Expr& e) {
    if (ir::is_var_like(e) && !defined.count(e.get()) && !globals.count(e.get()) && seen.insert(e.get()).second)
      free.push_back(e);
  };
  visit::walk_all(scope.body, [](const ir::Stmt&) {}, note_free);
  // Then the variables read only inside types (`valid_shape=[i + 1, 64]` propagated to a tile no
  // operand of the scope computes from `i`), including those the free values' own types read: the
  // kernel's types must name its parameters, not the caller's variables.
  auto note_type_refs = [&](const ir::Type& t) {
    visit::for_each_type_expr(t, [&](const ir::Expr& d) { visit::walk_expr(d, note_free); });
  };
  visit::walk_all(scope.body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) { note_type_refs(e->type); });
  for (std::size_t i = 0; i < free.size(); ++i) note_type_refs(free[i]->type);  // grows while it runs
  {  // A parameter's type reads only earlier parameters (the parser reads them in order): the free
     // values a free value's type reads go before it.
    std::unordered_set<const ir::ExprNode*> is_free, placed;
    for (const auto& f : free) is_free.insert(f.get());
    std::vector<ir::Expr> ordered;
    std::function<void(const ir::Expr&)> place = [&](const ir::Expr& f) {
      if (!placed.insert(f.get()).second) return;
      auto first = [&](const ir::Expr& x) {
        if (is_free.count(x.get())) place(x);
      };
      visit::for_each_type_expr(f->type, [&](const ir::Expr& d) { visit::walk_expr(d, first); });
      ordered.push_back(f);
    };
    for (const auto& f : free) place(f);
    free = std::move(ordered);
  }
  // Carriers of free tensors and how they are used. A carrier is any expression node that may be
  // (a view of) a free tensor: the free value itself, a view of a carrier (ir::is_tensor_view_op,
  // the verifier's alias walk's list too), a write into one (tile.store, tensor.assemble ...: the
  // op's result is the written operand), a variable assigned a carrier, an iter-arg (its init on
  // the first trip, what its loop yields on the others), a loop's or an If's result (what flows
  // into it), a tuple's element. Calls count wherever they are nested: `pl.yield_(pl.store(t, offs, acc))`, `init_values=(o[0:32, :],)` (review rev40: only
  // statement-level values were followed, and such a tensor stayed In while written, which the
  // verifier then refused on the pass's own output). A carrier may stand for several free tensors:
  // a store into the iter-arg of a loop that yields p writes p from the second trip on.
  // The sets only grow: the walk repeats until none grew (pre-order, so a nested call's set is
  // known on the next walk), and the counts below are those of the last walk, which saw every set
  // whole.
  using Roots = std::vector<const ir::ExprNode*>;  // small: usually one free tensor
  std::unordered_map<const ir::ExprNode*, Roots> root;
  for (const auto& f : free) root[f.get()] = Roots{f.get()};
  auto root_of = [&](const ir::Expr& e) -> const Roots* {
    auto it = e ? root.find(e.get()) : root.end();
    return it == root.end() ? nullptr : &it->second;
  };
  bool grew = false;
  auto join = [&](const ir::Expr& to, const Roots* from) {
    if (!from || from->empty()) return;
    const Roots add = *from;  // `from` may be `to`'s own set, which grows below
    Roots& into = root[to.get()];
    for (const ir::ExprNode* r : add)
      if (std::find(into.begin(), into.end(), r) == into.end()) {
        into.push_back(r);
        grew = true;
      }
  };
  std::unordered_set<const ir::ExprNode*> written;
  std::unordered_map<const ir::ExprNode*, std::size_t> allowed;  // carrier → occurrences that are not reads
  auto allow = [&](const ir::Expr& e) {
    if (root_of(e)) ++allowed[e.get()];
  };
  // A view's source and a write's target are not read there; the call carries them.
  auto on_expr = [&](const ir::Expr& e) {
    // An element of a tuple carrier (`pr[1]` of a kernel's results) may be any of its tensors, as
    // the verifier's alias walk has it (review rev40b F1: a store into pr[1] left pr In).
    if (auto* g = ir::expr_as<ir::TupleGetItem>(e)) {
      join(e, root_of(g->tuple));
      allow(g->tuple);
      return;
    }
    auto* c = ir::expr_as<ir::Call>(e);
    if (!c || c->kind == ir::CallKind::Function || c->args.empty()) return;
    if (c->kind == ir::CallKind::Op && ir::is_tensor_view_op(c->callee.view())) {
      join(e, root_of(c->args[0]));
      allow(c->args[0]);
      return;
    }
    const ir::OpDef* d = ir::find_op(c->callee.str());
    if (!d || d->effect != ir::Effect::WritesArg || d->written_arg < 0 ||
        static_cast<std::size_t>(d->written_arg) >= c->args.size())
      return;
    const ir::Expr& target = c->args[static_cast<std::size_t>(d->written_arg)];
    if (const Roots* rs = root_of(target)) {
      for (const ir::ExprNode* r : *rs) written.insert(r);
      allow(target);
      join(e, rs);
    }
  };
  // A loop's or an If's result k carries what the k-th values flowing into it carry.
  auto join_results = [&](const std::vector<ir::Expr>& rets, std::size_t k, const ir::Expr& from) {
    if (k < rets.size()) join(rets[k], root_of(from));
  };
  auto on_stmt = [&](const ir::Stmt& st) {
    // `v = <carrier>` (a view, a copy `o = out`, a store's result): v carries it, and neither
    // occurrence is a read. A store as a statement, its result dropped (PyPTO's tutorials write
    // `pl.store(pl.add(a, b), [0, 0], out)` inside pl.at), is no read either.
    if (auto* a = ir::stmt_as<ir::Assign>(st)) {
      if (ir::expr_as<ir::Var>(a->var) && root_of(a->value)) {
        join(a->var, root_of(a->value));
        allow(a->value);
        allow(a->var);  // its definition
      }
    }
    if (auto* e = ir::stmt_as<ir::Eval>(st)) allow(e->value);
    const std::vector<ir::Expr>* ias = nullptr;
    const std::vector<ir::Expr>* rets = nullptr;
    const ir::Stmt* body = nullptr;
    if (auto* l = ir::stmt_as<ir::For>(st)) ias = &l->iter_args, rets = &l->return_vars, body = &l->body;
    if (auto* w = ir::stmt_as<ir::While>(st)) ias = &w->iter_args, rets = &w->return_vars, body = &w->body;
    if (ias) {
      const ir::Yield* y = visit::final_yield(*body);
      // Carries yielding each other (a rotation `yield_(a1, a2, ..., a0)`) settle here, in passes
      // alternating direction, instead of one step per walk of the scope (review rev40b F2: 600
      // rotated carries took 16 s).
      const bool grew_before = grew;
      bool any = false, moved = true;
      for (bool forward = true; moved; forward = !forward) {
        grew = false;
        for (std::size_t j = 0; j < ias->size(); ++j) {
          const std::size_t k = forward ? j : ias->size() - 1 - j;
          auto* ia = ir::expr_as<ir::IterArg>((*ias)[k]);
          if (!ia) continue;
          if (y && k < y->values.size()) join((*ias)[k], root_of(y->values[k]));  // later trips
          join((*ias)[k], root_of(ia->init));                                     // the first trip
        }
        moved = grew;
        any = any || moved;
      }
      grew = grew_before || any;
      for (std::size_t k = 0; k < ias->size(); ++k) {
        auto* ia = ir::expr_as<ir::IterArg>((*ias)[k]);
        if (!ia) continue;
        allow(ia->init);
        allow((*ias)[k]);  // its definition
        join_results(*rets, k, (*ias)[k]);
      }
      for (const auto& r : *rets) allow(r);  // their definitions
    }
    if (auto* i = ir::stmt_as<ir::If>(st)) {
      for (const ir::Stmt* arm : {&i->then_body, &i->else_body})
        if (const ir::Yield* y = *arm ? visit::final_yield(*arm) : nullptr)
          for (std::size_t k = 0; k < y->values.size(); ++k) join_results(i->return_vars, k, y->values[k]);
      for (const auto& r : i->return_vars) allow(r);  // their definitions
    }
    if (auto* y = ir::stmt_as<ir::Yield>(st))
      for (const auto& v : y->values) allow(v);
  };
  do {
    grew = false;
    written.clear();
    allowed.clear();
    visit::walk_all(scope.body, on_stmt, on_expr);
  } while (grew);
  // Any other occurrence of a carrier reads the tensor: a written tensor that is also read is InOut.
  std::unordered_map<const ir::ExprNode*, std::size_t> occurrences;
  visit::walk_all(scope.body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) {
    if (root_of(e)) ++occurrences[e.get()];
  });
  std::unordered_set<const ir::ExprNode*> read;
  for (const auto& [node, n] : occurrences)
    if (n > allowed[node])
      for (const ir::ExprNode* r : root.at(node)) read.insert(r);
  // Escaping values: defined inside, referenced elsewhere in the caller.
  std::vector<ir::Expr> escaping;
  for (const auto& d : defs)
    if (outside.count(d.get())) escaping.push_back(d);

  // The function: fresh params for free values, fresh nodes for every definition. A node is made
  // when first met (`edit`), after the nodes its type reads: types that read variables
  // (`valid_shape=[i + 1, 64]`) are rewritten to read the kernel's own nodes, on every node.
  std::unordered_map<const ir::ExprNode*, ir::Expr> vars;
  std::unordered_map<const ir::ExprNode*, std::string> names;  // free values and Var definitions
  // Parameter names are distinct (the verifier's rule): two free values may share a name, the
  // caller's `row` and a moved `row = row + 16` (SSA keeps one name for both; review rev13 H1).
  std::unordered_set<std::string> param_names;
  for (const auto& f : free) names[f.get()] = fresh_name(param_names, ir::var_name(f));
  for (const auto& d : defs)
    if (ir::expr_as<ir::Var>(d)) names.emplace(d.get(), ir::var_name(d));
  std::function<ir::Expr(const ir::Expr&)> edit;
  auto reads_renamed = [&](const ir::Expr& x) { return names.count(x.get()) != 0 || ir::expr_as<ir::IterArg>(x); };
  auto retype = [&](const ir::Type& t) {
    if (!visit::type_mentions(t, reads_renamed)) return t;
    return visit::map_type_exprs(t, [&](const ir::Expr& d) { return visit::map_exprs(d, edit); });
  };
  edit = [&](const ir::Expr& e) -> ir::Expr {
    if (auto it = vars.find(e.get()); it != vars.end()) return it->second;
    if (auto it = names.find(e.get()); it != names.end()) {
      ir::Expr n = ir::make_var(it->second, retype(e->type), e->span);
      vars[e.get()] = n;
      return n;
    }
    if (auto* ia = ir::expr_as<ir::IterArg>(e)) {  // first met at its definition (the loop header)
      ir::Expr n =
          ir::make_iter_arg(ia->name, retype(e->type), ia->init ? visit::map_exprs(ia->init, edit) : ia->init, e->span);
      vars[e.get()] = n;
      return n;
    }
    if (ir::Type t = retype(e->type); t != e->type) return ir::make_expr(e->kind, std::move(t), e->span);
    return e;
  };
  std::vector<ir::Param> params;
  for (const auto& f : free) {
    ir::Direction dir = ir::Direction::In;
    if (written.count(f.get())) dir = read.count(f.get()) ? ir::Direction::InOut : ir::Direction::Out;
    params.push_back(ir::Param{edit(f), dir});
  }
  std::vector<ir::Stmt> body = ir::stmts_of(visit::map_exprs(scope.body, edit));
  // What the kernel returns (its nodes) and what the call binds in the caller: the escaping values,
  // then, for a windowize scope, what its top-level store statements write (below).
  std::vector<ir::Expr> results, targets;
  for (const auto& e : escaping) {
    results.push_back(vars.at(e.get()));
    targets.push_back(e);
  }
  // A windowize scope written with store statements (`pl.store(t, [row, 0], out)`, its result
  // dropped, as PyPTO's tutorials write stores) would give a kernel that returns nothing, and
  // Pattern 5's FinalStore is "the callee returns the result of a final tile.store(...)": the
  // kernel returns each such store's result instead (a top-level store into an Out parameter
  // itself), and the call binds it to a fresh name nothing reads — the caller keeps reading the
  // tensor, which the kernel wrote in place (re-audit 2026-12-05 G2).
  if (ir::attr_true(scope.attrs, "windowize")) {
    std::unordered_set<std::string> kernel_names;
    auto names_of = [](const ir::Stmt& root, std::unordered_set<std::string>& out) {
      visit::walk_all(root, [](const ir::Stmt&) {}, [&](const ir::Expr& e) {
        if (ir::is_var_like(e)) out.insert(ir::var_name(e));
      });
    };
    for (const auto& st : body) names_of(st, kernel_names);
    for (const auto& p : params) kernel_names.insert(ir::var_name(p.var));
    if (caller_names.empty()) {
      names_of(caller.body, caller_names);
      for (const auto& p : caller.params) caller_names.insert(ir::var_name(p.var));
    }
    for (auto& st : body) {
      auto* e = ir::stmt_as<ir::Eval>(st);
      if (!e || !ir::is_op_call(e->value, ir::op::id("tile.store"))) continue;
      const auto& args = ir::expr_as<ir::Call>(e->value)->args;
      if (args.size() != 3) continue;
      std::size_t k = 0;
      while (k < params.size() && params[k].var.get() != args[2].get()) ++k;
      if (k == params.size() || params[k].dir != ir::Direction::Out) continue;
      const std::string base = ir::var_name(params[k].var) + "_stored";
      // Held here: `e` points into the node `st` owns, which the assignment below releases (the
      // sanitized suite's heap-use-after-free, 2026-12-05).
      const ir::Expr value = e->value;
      const ir::Span at = st->span;
      ir::Expr r = ir::make_var(fresh_name(kernel_names, base), value->type, at);
      st = ir::make_assign(r, value, at);
      results.push_back(r);
      targets.push_back(ir::make_var(fresh_name(caller_names, base), value->type, at));
    }
  }
  std::vector<ir::Type> returns;
  if (!results.empty()) {
    for (const auto& r : results) returns.push_back(r->type);
    body.push_back(ir::make_stmt(ir::Return{std::move(results)}, s->span));
  }
  auto fn = std::make_shared<ir::Function>();
  fn->name = name;
  fn->type = ir::FunctionType::InCore;
  fn->params = std::move(params);
  fn->return_types = std::move(returns);
  if (auto w = ir::kwarg_as<bool>(scope.attrs, "windowize")) fn->attrs.emplace_back("windowize", *w);
  fn->body = ir::make_seq(std::move(body), s->span);
  fn->span = s->span;

  // The call replacing the scope.
  std::vector<ir::Expr> args(free.begin(), free.end());
  ir::Type result = visit::call_result_type(*fn, args);
  ir::Expr call = ir::make_expr(ir::Call{ir::CallKind::Function, name, std::move(args), {}, {}}, std::move(result), s->span);
  Outlined out{fn, std::move(hoisted)};
  if (targets.empty()) {
    out.call.push_back(ir::make_stmt(ir::Eval{call}, s->span));
  } else if (targets.size() == 1) {
    out.call.push_back(ir::make_assign(targets[0], call, s->span));
  } else {  // the parser's unpacking form: one tuple-typed definition and one projection per name
    std::string tmp_name;
    for (const auto& e : targets) tmp_name += (tmp_name.empty() ? "" : "_") + ir::var_name(e);
    ir::Expr tmp = ir::make_var(tmp_name + "_tuple", call->type, s->span);
    out.call.push_back(ir::make_assign(tmp, call, s->span));
    for (std::size_t i = 0; i < targets.size(); ++i)
      out.call.push_back(ir::make_assign(targets[i], ir::make_get_item(tmp, static_cast<std::int64_t>(i), s->span), s->span));
  }
  return out;
}

using visit::splice;  // (visit/splice.hpp)

}  // namespace outline_detail

struct OutlinePlan {
  ir::ProgramPtr program;
  std::unordered_map<std::string, ir::Stmt> bodies;                  // caller → new body
  std::unordered_map<std::string, std::vector<ir::FunctionPtr>> added;  // caller → functions after it
};

struct OutlineIncoreScopes {
  static constexpr std::string_view name = "outline_incore_scopes";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Program;
  static constexpr int benefit = 1;
  // One application outlines every scope of the program.
  static constexpr bool complete = true;
  static std::string describe() {
    return "with pl.at(level=pl.Level.CORE_GROUP, windowize=w, name_hint=n): <tile code> -> r = self.n(free values) "
           "with a new InCore function n carrying attr windowize=w";
  }

  rewrite::MatchResult<OutlinePlan> match(const ir::ProgramPtr& prog, rewrite::Context& ctx) const {
    using namespace outline_detail;
    std::vector<rewrite::Note> notes;
    OutlinePlan plan{prog, {}, {}};
    std::unordered_set<std::string> taken;
    for (const auto& f : prog->functions)
      if (f) taken.insert(f->name);
    for (const auto& f : prog->functions) {
      if (!f || !f->body) continue;
      // Statements only: a scope is a statement, and on a program without one (most programs
      // `default` sees) this walk is the whole cost of the step.
      std::vector<ir::Stmt> scopes;
      visit::walk_stmts(f->body, [&](const ir::Stmt& s) {
        if (ir::stmt_as<ir::Scope>(s)) scopes.push_back(s);
      });
      std::unordered_map<const ir::StmtNode*, std::vector<ir::Stmt>> repl;
      std::unordered_set<std::string> caller_names;  // outline() fills it on first need
      int counter = 0;
      for (const auto& s : scopes) {
        const auto& sc = *ir::stmt_as<ir::Scope>(s);
        if (sc.kind != ir::ScopeKind::At) continue;
        std::string why = stays_because(*f, sc);
        // (Two outlined scopes never nest: a scope containing another one is refused.)
        if (!why.empty()) {
          if (ctx.remarks_enabled())
            notes.push_back(rewrite::Note{f->name, s->span, "scope stays: " + why});
          continue;
        }
        auto hint = ir::kwarg_as<std::string>(sc.attrs, "name_hint");
        std::string name;
        if (hint && !hint->empty()) {
          name = fresh_name(taken, *hint);
        } else {
          do name = f->name + "_incore_" + std::to_string(counter++);
          while (taken.count(name));
          taken.insert(name);
        }
        Outlined o = outline(*prog, *f, s, name, caller_names);
        repl.emplace(s.get(), std::move(o.call));
        plan.added[f->name].push_back(o.fn);
      }
      if (!repl.empty()) plan.bodies.emplace(f->name, splice(f->body, repl));
    }
    if (plan.bodies.empty()) return rewrite::decline_at(std::move(notes));
    // (A complete rule is not asked again about its own output: the scopes it leaves go with it.)
    return rewrite::MatchResult<OutlinePlan>(std::move(plan), std::move(notes));
  }

  ir::ProgramPtr rewrite(const OutlinePlan& plan, rewrite::Context&) const {
    auto out = std::make_shared<ir::Program>(*plan.program);
    std::vector<ir::FunctionPtr> fns;
    for (const auto& f : plan.program->functions) {
      if (!f) continue;
      auto it = plan.bodies.find(f->name);
      fns.push_back(it == plan.bodies.end() ? f : ir::with_function(*f, [&](ir::Function& g) { g.body = it->second; }));
      if (auto a = plan.added.find(f->name); a != plan.added.end()) fns.insert(fns.end(), a->second.begin(), a->second.end());
    }
    out->functions = std::move(fns);
    return out;
  }

};

inline const auto outline_incore_scopes_rules = boost::hana::make_tuple(OutlineIncoreScopes{});

namespace outline_detail {
/// A `windowize=True` pl.at scope the pass leaves in place is an opt-in that reaches no function
/// (spec "Windowize Opt-in": "local to that outlined function"), so Pattern 5 never sees it. Said
/// as a warning, not only as a remark: the spec's own example (`with pl.at(..., windowize=True):
/// out = self.my_kernel(...)`) is such a scope, and a silently ignored opt-in looks like a pass that
/// found nothing to window. Judged on the pass's input, with the rule's own reasons (its output
/// holds calls of the functions it outlined: review rev11 L1).
///
/// Any other pl.at scope of an Orchestration function that stays is warned about too: it has no
/// runtime spelling (compile refuses it, and optimize-orch-tensors refuses tile code left in
/// orchestration), and the reason was only a remark, so the error a user met named the wrong
/// fix (user trial 2026-12-06 F4, F6: "run outline-incore-scopes first" after it had run).
inline void warn_scopes_kept(const ir::Program& input, Diagnostics& out) {
  for (const auto& f : input.functions) {
    if (!f || !f->body) continue;
    visit::walk_stmts(f->body, [&](const ir::Stmt& s) {
      const auto* sc = ir::stmt_as<ir::Scope>(s);
      if (!sc || sc->kind != ir::ScopeKind::At) return;
      const bool windowize = ir::kwarg_as<bool>(sc->attrs, "windowize") == true;
      if (!windowize && f->type != ir::FunctionType::Orchestration) return;
      const std::string why = stays_because(*f, *sc);
      if (why.empty()) return;  // outlined (with windowize: its function carries the attr)
      const bool calls = why.rfind("it calls ", 0) == 0 || why.rfind("it submits ", 0) == 0;
      std::string text;
      if (windowize) {
        text = "the pl.at(..., windowize=True) scope stays in place because " + why +
               ", so no outlined function carries windowize=True and Pattern 5 does not see it" +
               (calls ? "; to window that kernel, give it attrs={\"windowize\": True}" : "");
      } else {
        text = "the pl.at scope stays in place because " + why +
               "; left in an orchestration function it has no runtime spelling";
        if (why == kNoTileOp)
          text += " (ptorw has no ConvertTensorToTileOps: write the scope with pl.load, tile ops and pl.store)";
        else if (calls)
          text += " (call the kernel outside the scope)";
      }
      out.push_back(Diagnostic{input.source_file, s->span, Severity::Warning, std::move(text)});
    });
  }
}

/// A kernel this pass made that returns a scalar: a scalar the scope computes and the caller reads
/// after it, which the pass could not move out (from device data, or through control flow in the
/// scope). No task returns a scalar (PyPTO language/01-functions: "A device kernel cannot return a
/// scalar"), so compile refuses the kernel later, naming internals; said here, at the scope (review
/// rev13 M2).
inline void warn_scalar_returns(const ir::Program& input, const ir::Program& output, Diagnostics& out) {
  std::unordered_set<std::string> before;
  for (const auto& f : input.functions)
    if (f) before.insert(f->name);
  for (const auto& f : output.functions) {
    if (!f || before.count(f->name) || !f->body) continue;
    const ir::Stmt* last = ir::last_stmt(f->body);
    const auto* ret = last ? ir::stmt_as<ir::Return>(*last) : nullptr;
    if (!ret) continue;
    for (const auto& v : ret->values)
      if (v && ir::type_as<ir::ScalarType>(v->type))
        out.push_back(Diagnostic{input.source_file, f->span, Severity::Warning,
                                 "the kernel '" + f->name + "' outlined from this scope returns the scalar '" +
                                     ir::var_name(v) + "', which the caller reads after the scope; a task cannot "
                                     "return a scalar: compute it before the scope, or route it through a tensor"});
  }
}
}  // namespace outline_detail

inline passes::Pass make_outline_incore_scopes_pass() {
  // No SplitIncoreOrch promise: a scope the pass declines (another level, a return or a nested
  // scope inside) leaves tile code in the orchestration function. A pass that needs the split
  // (optimize-orch-tensors) has it checked on its own input (passes/property_check.hpp).
  passes::PassProperties props;
  passes::Pass p = passes::table_pass(
      "outline-incore-scopes", "outline pl.at(level=CORE_GROUP) scopes of tile code into InCore functions (carrying windowize)",
      props, outline_incore_scopes_rules);
  p.run = [run = std::move(p.run)](const ir::ProgramPtr& in, const passes::PassContext& ctx,
                                   const rewrite::DriverOptions& opts) {
    passes::PassOutcome o = run(in, ctx, opts);
    if (in && o.program && !has_errors(o.diagnostics)) {
      outline_detail::warn_scopes_kept(*in, o.diagnostics);
      outline_detail::warn_scalar_returns(*in, *o.program, o.diagnostics);
    }
    return o;
  };
  return p;
}

inline const bool outline_incore_scopes_registered =
    passes::PassRegistry::global().add("outline-incore-scopes", make_outline_incore_scopes_pass);

}  // namespace ptorw::patterns
