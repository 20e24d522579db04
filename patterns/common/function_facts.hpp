// Facts about one function that Patterns 1 and 3 ask about callers, callees and kernels:
// where every statement sits (which body, at which index, under how many loops), which
// assignment defines each variable, how often each variable is used, and the tuple projections
// `y = pair[j]` of each tuple value. Built by one walk over the function's statements and
// expressions (it was a statement walk and an expression walk: on a 1M-statement caller each is a
// pass over its nodes). Patterns 2 and 4 read the same caller (orch_call_scan.hpp): its definitions
// (CallerValues) and its `tensor.assemble` calls, which the walk also collects
// (FunctionAssembles). Pattern 1 asks for the facts of every caller first, so a caller is walked
// once for all four patterns; Pattern 1's time per statement includes those walks.
//
// A *body* is the flat statement list of the function, of a loop, of an If branch or of a `with`
// scope (nested Seqs are spliced, as the printer and the verifier see them).
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

#include "ptorw/ir/function.hpp"
#include "ptorw/ir/op_id.hpp"
#include "ptorw/patterns/common/var_uses.hpp"
#include "ptorw/visit/children.hpp"
#include "ptorw/visit/ptr_map.hpp"

namespace ptorw::patterns {

struct StmtPos {
  std::uint32_t body = 0;   // index into FunctionFacts::bodies
  std::uint32_t index = 0;  // position in that body
};

struct Body {
  std::vector<ir::Stmt> stmts;
  const ir::StmtNode* owner = nullptr;  // the For/While/If/Scope whose body this is; null: the function body
  std::uint32_t loop_depth = 0;         // enclosing For/While loops, the owner included
};

struct Projection {
  std::int64_t index;
  ir::Expr var;  // the variable the projection defines
};

struct FunctionFacts {
  static constexpr std::string_view name = "function_facts";  // an analysis (ptorw/analysis/cache.hpp)
  const ir::Function* fn = nullptr;
  std::vector<Body> bodies;
  UseCounts uses;
  // Node-keyed tables (open addressing, visit/ptr_map.hpp): a 1M-statement caller puts millions of
  // entries here, and a node-based std::unordered_map costs an allocation per entry and two cache
  // misses per lookup. `find` returns a pointer to the value, or null.
  visit::PtrMap<StmtPos> pos;                      // every non-Seq statement
  visit::PtrMap<const ir::StmtNode*> def;          // variable → defining Assign (the first one)
  visit::PtrMap<std::size_t> param;                // parameter variable → index
  visit::PtrMap<std::vector<Projection>> projections;  // tuple var → `y = var[j]`
  visit::PtrMap<const ir::StmtNode*> assign_of_call;   // user call / submit → Assign whose value it is
  visit::PtrMap<const ir::StmtNode*> eval_of_call;     // user call / submit → Eval statement `self.k(...)`
  visit::PtrMap<std::uint32_t> body_of_owner;          // For/While/Scope → its body (If: then)
  // The `tensor.assemble(parent, part, offset)` calls (op calls, at any depth), in walk order, each
  // with its span or, when it has none, the span of the nearest statement before it that has one.
  std::vector<std::pair<const ir::Call*, ir::Span>> assembles;

  explicit FunctionFacts(const ir::Function& f) : fn(&f) {
    for (std::size_t i = 0; i < f.params.size(); ++i) param.try_emplace(f.params[i].var.get(), i);
    bodies.push_back(Body{{}, nullptr, 0});
    if (f.body) walk(f.body, 0);
  }

  int uses_of(const ir::Expr& v) const { return patterns::uses_of(uses, v); }
  /// The body holding statement `s`.
  const Body& body_of(const ir::StmtNode* s) const { return bodies[pos_of(s).body]; }
  /// Where statement `s` sits; throws std::out_of_range for a statement not of this function.
  const StmtPos& pos_of(const ir::StmtNode* s) const { return at(pos, s); }
  /// The Assign statement defining `v`; throws std::out_of_range when there is none.
  const ir::StmtNode* def_of(const ir::Expr& v) const { return at(def, v.get()); }
  /// The Assign defining `v`, or null (parameters, loop-defined values, unknown nodes).
  const ir::Assign* assign_defining(const ir::Expr& v) const {
    const ir::StmtNode* const* d = v ? def.find(v.get()) : nullptr;
    return d ? std::get_if<ir::Assign>(&(*d)->kind) : nullptr;
  }
  /// `w` when `v` is bound by a plain alias `v = w` (a variable to a variable), else null.
  const ir::Expr* alias_source(const ir::Expr& v) const {
    const ir::Assign* a = assign_defining(v);
    return a && ir::is_var_like(a->var) && ir::is_var_like(a->value) ? &a->value : nullptr;
  }
  /// The statement (an Assign or an Eval) whose whole value is user call or submit `call`, or null.
  const ir::StmtNode* stmt_of_call(const ir::Expr& call) const {
    if (const ir::StmtNode* const* a = assign_of_call.find(call.get())) return *a;
    const ir::StmtNode* const* e = eval_of_call.find(call.get());
    return e ? *e : nullptr;
  }
  /// The body of loop (or scope) statement `s`.
  const Body& body_owned_by(const ir::StmtNode* s) const { return bodies[at(body_of_owner, s)]; }
  /// The For or While statement whose body is `b`, or null.
  static const ir::StmtNode* loop_owner(const Body& b) {
    if (!b.owner) return nullptr;
    return ir::stmt_is<ir::For>(b.owner->kind) || ir::stmt_is<ir::While>(b.owner->kind) ? b.owner
                                                                                                              : nullptr;
  }

 private:
  ir::Span stmt_span_{};  // while walking: the span of the last statement that has one

  template <class V> static const V& at(const visit::PtrMap<V>& m, const void* key) {
    const V* v = key ? m.find(key) : nullptr;
    if (!v) throw std::out_of_range("FunctionFacts: node not of this function");
    return *v;
  }

  // One pre-order walk (visit::walk_all's order: a statement, then its children in field order)
  // does what a statement walk building the bodies and an expression walk counting uses did apart,
  // so a caller's nodes are read once. A body gets its id when the walk reaches it, as the
  // statement walk did: an If's else branch after the bodies nested in its then branch.
  void walk(const ir::Stmt& s, std::uint32_t id) {
    if (s->span.line) stmt_span_ = s->span;
    var_uses_detail::count_defs(s, uses);
    const bool seq = ir::stmt_is<ir::Seq>(s->kind);
    if (!seq) {
      pos.try_emplace(s.get(), StmtPos{id, static_cast<std::uint32_t>(bodies[id].stmts.size())});
      bodies[id].stmts.push_back(s);
    }
    const std::uint32_t depth = bodies[id].loop_depth;
    std::uint32_t child = id;  // the body of s's next Stmt field: a Seq's children stay in id
    if (auto* a = ir::stmt_as<ir::Assign>(s)) record_assign(*a, s.get());
    else if (auto* e = ir::stmt_as<ir::Eval>(s); e && is_user_call(e->value)) eval_of_call.try_emplace(e->value.get(), s.get());
    else if (ir::stmt_is<ir::For>(s->kind) || ir::stmt_is<ir::While>(s->kind)) child = new_body(s.get(), depth + 1);
    else if (ir::stmt_is<ir::If>(s->kind) || ir::stmt_is<ir::Scope>(s->kind)) child = new_body(s.get(), depth);
    const auto* branch = ir::stmt_as<ir::If>(s);
    int stmt_fields = 0;
    visit::for_each_child(
        s, [&](const ir::Expr& e) { count_exprs(e); },
        [&](const ir::Stmt& c) {
          // An If's else branch (its Stmt field after a non-null then branch) is a body of its own.
          if (branch && (stmt_fields++ > 0 || !branch->then_body)) child = new_body(s.get(), depth);
          walk(c, child);
        });
  }

  std::uint32_t new_body(const ir::StmtNode* owner, std::uint32_t depth) {
    const auto id = static_cast<std::uint32_t>(bodies.size());
    bodies.push_back(Body{{}, owner, depth});
    body_of_owner.try_emplace(owner, id);
    return id;
  }

  // Uses of variables (occurrences; count_defs took the definitions off) and tensor.assembles.
  void count_exprs(const ir::Expr& e) {
    if (ir::is_var_like(e)) {
      ++*uses.try_emplace(e.get(), 0).first;
    } else if (auto* c = ir::expr_as<ir::Call>(e); c && c->kind != ir::CallKind::Function &&
                                                    ir::op_id(c->callee) == ir::op::id("tensor.assemble")) {
      assembles.emplace_back(c, e->span.line ? e->span : stmt_span_);
    }
    visit::for_each_child(e, [&](const ir::Expr& x) { count_exprs(x); });
  }
  static bool is_user_call(const ir::Expr& v) {
    auto* c = ir::expr_as<ir::Call>(v);
    return (c && c->kind == ir::CallKind::Function) || ir::expr_as<ir::Submit>(v);
  }
  void record_assign(const ir::Assign& a, const ir::StmtNode* st) {
    if (auto* t = ir::expr_as<ir::MakeTuple>(a.var)) {
      for (const auto& x : t->elems)
        if (x) def.try_emplace(x.get(), st);
    } else if (a.var) {
      def.try_emplace(a.var.get(), st);
    }
    if (is_user_call(a.value))
      assign_of_call.try_emplace(a.value.get(), st);
    if (auto* g = ir::expr_as<ir::TupleGetItem>(a.value); g && ir::is_var_like(g->tuple) && ir::expr_as<ir::Var>(a.var))
      projections.try_emplace(g->tuple.get(), {}).first->push_back({g->index, a.var});
  }
};

}  // namespace ptorw::patterns
