// The name-based analysis behind convert-to-ssa (convert_to_ssa.hpp): which names a loop must carry
// and which names an If must hand out as results.
//
// Why names: the input is hand-written text with Python semantics, where `x = x + 1` inside a loop
// reads the previous iteration's `x`. The parser gives every assignment its own Var node and binds a
// use to the textually latest definition of its name, so node identity does not say which value a
// use reads; the name does (../shared/dsl.md "Statements": non-SSA input).
//
// Why liveness: only names whose value is read later need a loop iter arg or an If result. Without
// pruning, a loop-local temporary that reuses an outer name (`out = pl.tensor.create(...)` at the
// top of every iteration, read only below it) would grow a useless iter arg and loop result.
//
// Model (Python function scoping as the parser implements it):
//  * a body *assigns* a name when an assignment anywhere inside it (nested bodies included) binds
//    it, or when a nested loop/If binds it as a result; a loop's header names (loop variable, iter
//    args) are local to its body and do not count;
//  * a name is *exposed* in a body when some path from the body's start reads it before assigning
//    it; a name is *killed* by a body when every path assigns it (a loop kills only its results: it
//    may run zero times);
//  * a loop carries name N when N is assigned in its body, is not a header name, and N is read by a
//    later iteration (exposed in the body, or in a while condition) or — unless N names one of the
//    loop's results, which N holds after it — after the loop;
//  * an If merges name N when N is assigned in an arm, is not already a result, and is read after it.
// Cost: a summary (assigned/exposed/killed) per body, memoized, then one backward walk per body, so
// O(statements × nesting depth); every set is keyed by views of names owned by the IR.
#pragma once
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ptorw/ir/function.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::patterns::normalize::ssa {

using Name = std::string_view;
using NameSet = std::unordered_set<Name>;

/// Names in first-seen order, without duplicates (iter args and results follow this order).
struct NameList {
  std::vector<Name> order;
  NameSet set;
  void add(Name n) {
    if (set.insert(n).second) order.push_back(n);
  }
  bool has(Name n) const { return set.count(n) != 0; }
};

struct BodySummary {
  NameList assigned;
  NameSet exposed;
  NameSet killed;
};

/// Calls f(name) for every variable read by `e`.
template <class F> void for_each_use(const ir::Expr& e, F&& f) {
  if (!e) return;
  visit::walk_exprs(e, [&](const ir::Expr& x) {
    if (ir::is_var_like(x)) f(Name(ir::var_name(x)));
  });
}
/// Calls f(name) for every variable an assignment target defines (`a, b = ...` included).
template <class F> void for_each_target(const ir::Expr& t, F&& f) {
  if (auto* tup = ir::expr_as<ir::MakeTuple>(t)) {
    for (const auto& x : tup->elems) for_each_target(x, f);
  } else if (ir::is_var_like(t)) {
    f(Name(ir::var_name(t)));
  }
}

class Liveness {
 public:
  /// Walks `body` backwards: `live` holds the names read after the body on entry and the names read
  /// before it on exit. Records the carry / merge list of every loop and If inside.
  void plan(const ir::Stmt& body, NameSet& live) {
    std::vector<const ir::Stmt*> flat = flatten(body);
    for (auto it = flat.rbegin(); it != flat.rend(); ++it) plan_stmt(**it, live);
  }

  /// The names a loop must carry as new iter args, or an If must hand out as new results, in the
  /// order of their first assignment inside it. Empty for statements `plan` did not reach.
  const std::vector<Name>& new_values(const ir::StmtNode* s) const {
    static const std::vector<Name> none;
    auto it = plans_.find(s);
    return it == plans_.end() ? none : it->second;
  }

  const BodySummary& summary(const ir::Stmt& body) {
    static const BodySummary empty;
    if (!body) return empty;
    if (auto it = summaries_.find(body.get()); it != summaries_.end()) return it->second;
    BodySummary out;
    std::vector<const ir::Stmt*> flat = flatten(body);
    for (const ir::Stmt* s : flat) assigned_by(*s, out.assigned);
    for (auto it = flat.rbegin(); it != flat.rend(); ++it) {
      kills(**it, [&](Name n) {
        out.exposed.erase(n);
        out.killed.insert(n);
      });
      gens(**it, [&](Name n) { out.exposed.insert(n); });
    }
    return summaries_.emplace(body.get(), std::move(out)).first->second;
  }

  /// Loop variable and iter-arg names of a For or While (visible only inside its body).
  static NameSet header_names(const ir::Stmt& s) {
    NameSet h;
    if (auto* f = ir::stmt_as<ir::For>(s)) {
      h.insert(ir::var_name(f->loop_var));
      for (const auto& a : f->iter_args) h.insert(ir::var_name(a));
    } else if (auto* w = ir::stmt_as<ir::While>(s)) {
      for (const auto& a : w->iter_args) h.insert(ir::var_name(a));
    }
    return h;
  }
  static NameSet result_names(const std::vector<ir::Expr>& results) {
    NameSet r;
    for (const auto& v : results) r.insert(ir::var_name(v));
    return r;
  }

 private:
  static std::vector<const ir::Stmt*> flatten(const ir::Stmt& body) {
    std::vector<const ir::Stmt*> out;
    visit::FlatStmts it(body);
    while (const ir::Stmt* s = it.next()) out.push_back(s);
    return out;
  }

  // ---- per-statement facts -------------------------------------------------------------------
  void assigned_by(const ir::Stmt& s, NameList& out) {
    if (auto* a = ir::stmt_as<ir::Assign>(s)) return for_each_target(a->var, [&](Name n) { out.add(n); });
    if (auto* f = ir::stmt_as<ir::For>(s)) return loop_assigned(s, f->body, f->return_vars, out);
    if (auto* w = ir::stmt_as<ir::While>(s)) return loop_assigned(s, w->body, w->return_vars, out);
    if (auto* i = ir::stmt_as<ir::If>(s)) {
      for (Name n : summary(i->then_body).assigned.order) out.add(n);
      for (Name n : summary(i->else_body).assigned.order) out.add(n);
      for (const auto& v : i->return_vars) out.add(ir::var_name(v));
      return;
    }
    if (auto* sc = ir::stmt_as<ir::Scope>(s))
      for (Name n : summary(sc->body).assigned.order) out.add(n);
  }
  void loop_assigned(const ir::Stmt& s, const ir::Stmt& body, const std::vector<ir::Expr>& results, NameList& out) {
    NameSet header = header_names(s);
    for (Name n : summary(body).assigned.order)
      if (!header.count(n)) out.add(n);
    for (const auto& v : results) out.add(ir::var_name(v));
  }

  /// Names every path through `s` assigns (backward transfer: erase these, then add `gens`).
  template <class F> void kills(const ir::Stmt& s, F&& f) {
    if (auto* a = ir::stmt_as<ir::Assign>(s)) return for_each_target(a->var, f);
    if (auto* x = ir::stmt_as<ir::For>(s)) { for (const auto& v : x->return_vars) f(Name(ir::var_name(v))); return; }
    if (auto* x = ir::stmt_as<ir::While>(s)) { for (const auto& v : x->return_vars) f(Name(ir::var_name(v))); return; }
    if (auto* i = ir::stmt_as<ir::If>(s)) {
      for (const auto& v : i->return_vars) f(Name(ir::var_name(v)));
      const BodySummary& t = summary(i->then_body);
      const BodySummary& e = summary(i->else_body);
      for (Name n : t.killed)
        if (e.killed.count(n)) f(n);
      return;
    }
    if (auto* sc = ir::stmt_as<ir::Scope>(s))
      for (Name n : summary(sc->body).killed) f(n);
  }

  /// Names `s` reads before assigning them.
  template <class F> void gens(const ir::Stmt& s, F&& f) {
    ir::visit_stmt([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::Assign> || std::is_same_v<K, ir::Eval>) {
        for_each_use(k.value, f);
      } else if constexpr (std::is_same_v<K, ir::Yield> || std::is_same_v<K, ir::Return>) {
        for (const auto& v : k.values) for_each_use(v, f);
      } else if constexpr (std::is_same_v<K, ir::For> || std::is_same_v<K, ir::While>) {
        if constexpr (std::is_same_v<K, ir::For>) {
          for_each_use(k.start, f);
          for_each_use(k.stop, f);
          for_each_use(k.step, f);
        }
        for (const auto& a : k.iter_args)
          if (auto* ia = ir::expr_as<ir::IterArg>(a)) for_each_use(ia->init, f);
        NameSet header = header_names(s);
        auto inner = [&](Name n) {
          if (!header.count(n)) f(n);
        };
        if constexpr (std::is_same_v<K, ir::While>) for_each_use(k.cond, inner);
        for (Name n : summary(k.body).exposed) inner(n);
      } else if constexpr (std::is_same_v<K, ir::If>) {
        for_each_use(k.cond, f);
        for (Name n : summary(k.then_body).exposed) f(n);
        for (Name n : summary(k.else_body).exposed) f(n);
      } else if constexpr (std::is_same_v<K, ir::Scope>) {
        for (const auto& kv : k.attrs)
          if (auto* x = std::get_if<ir::Expr>(&kv.second)) for_each_use(*x, f);
        for (Name n : summary(k.body).exposed) f(n);
      }
    }, s->kind);
  }

  void transfer(const ir::Stmt& s, NameSet& live) {
    kills(s, [&](Name n) { live.erase(n); });
    gens(s, [&](Name n) { live.insert(n); });
  }

  // ---- the recording walk --------------------------------------------------------------------
  void plan_stmt(const ir::Stmt& s, NameSet& live) {
    if (auto* f = ir::stmt_as<ir::For>(s)) return plan_loop(s, f->body, f->return_vars, nullptr, live);
    if (auto* w = ir::stmt_as<ir::While>(s)) return plan_loop(s, w->body, w->return_vars, &w->cond, live);
    if (auto* i = ir::stmt_as<ir::If>(s)) return plan_if(s, *i, live);
    if (auto* sc = ir::stmt_as<ir::Scope>(s)) {  // not a visibility boundary: walk straight through
      plan(sc->body, live);
      for (const auto& kv : sc->attrs)
        if (auto* x = std::get_if<ir::Expr>(&kv.second)) for_each_use(*x, [&](Name n) { live.insert(n); });
      return;
    }
    transfer(s, live);
  }

  void plan_loop(const ir::Stmt& s, const ir::Stmt& body, const std::vector<ir::Expr>& results, const ir::Expr* cond,
                 NameSet& live) {
    const BodySummary& b = summary(body);
    NameSet header = header_names(s);
    NameSet res = result_names(results);
    NameSet cond_uses;
    if (cond) for_each_use(*cond, [&](Name n) { cond_uses.insert(n); });
    std::vector<Name> carried;
    for (Name n : b.assigned.order) {
      if (header.count(n)) continue;
      const bool next_iteration = b.exposed.count(n) || cond_uses.count(n);
      // A result's name holds the loop's result after it: it is carried only when a later
      // iteration reads what the body assigned to it (`x = x + 1` ... `x = pl.yield_(v)`).
      if (res.count(n) ? next_iteration : (live.count(n) || next_iteration)) carried.push_back(n);
    }
    // At the end of the body the carried names are live: the converted loop yields them.
    NameSet at_end(carried.begin(), carried.end());
    plan(body, at_end);
    plans_[s.get()] = std::move(carried);
    transfer(s, live);
  }

  void plan_if(const ir::Stmt& s, const ir::If& k, NameSet& live) {
    const BodySummary& t = summary(k.then_body);
    const BodySummary& e = summary(k.else_body);
    NameSet res = result_names(k.return_vars);
    NameList merged;
    for (const auto* arm : {&t, &e})
      for (Name n : arm->assigned.order)
        if (!res.count(n) && live.count(n)) merged.add(n);
    // An arm's end sees the names read after the If; only those it assigns matter inside it.
    for (const auto& [body, sum] : {std::pair{&k.then_body, &t}, std::pair{&k.else_body, &e}}) {
      NameSet at_end;
      for (Name n : sum->assigned.order)
        if (merged.has(n)) at_end.insert(n);
      plan(*body, at_end);
    }
    plans_[s.get()] = std::move(merged.order);
    transfer(s, live);
  }

  std::unordered_map<const ir::StmtNode*, BodySummary> summaries_;
  std::unordered_map<const ir::StmtNode*, std::vector<Name>> plans_;
};

}  // namespace ptorw::patterns::normalize::ssa
