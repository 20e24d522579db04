// Substitution of variable *uses* by expressions, shared by the normalization rules that replace a
// variable everywhere it is read (constant propagation, single-trip loop removal, call flattening).
//
// Why not the children mapper of visit/children.hpp: it maps every Expr field of a statement,
// definitions included, and a rule that replaces the uses of `x` must leave `x = 5` a definition
// of `x`. Here the positions are spelled out per statement kind:
//  * replaced: operands of expressions, Assign/Eval values, yields, returns, conditions, loop
//    bounds, iter-arg inits and scope attributes;
//  * never replaced: assignment targets, loop variables, iter args and loop/If results;
//  * an iter arg whose init changes is a new definition (the IterArg node carries its init), so a
//    fresh IterArg is made and every use of the old one inside its loop is redirected to it.
// Types follow: a definition or expression whose type reads a mapped variable (`valid_shape=[k, 64]`,
// or an iter arg re-created above) is re-created with the type mapped, and its uses follow it.
// Rules that remove a definition still check that no type mentions it (`vars_in_types` below):
// a type keeps its dims as written, and not every replacement is worth copying into types.
#pragma once
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/constant_type.hpp"
#include "ptorw/visit/call_type.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::patterns::normalize {

/// A value that may be copied into every use of a variable it replaces (a variable or a
/// constant); anything else is bound once and its variable used (single-trip loops, constant ifs).
inline bool trivial_value(const ir::Expr& e) {
  return ir::is_var_like(e) || ir::expr_as<ir::ConstInt>(e) || ir::expr_as<ir::ConstFloat>(e) ||
         ir::expr_as<ir::ConstBool>(e);
}

class UseSubst {
 public:
  void add(const ir::ExprNode* from, ir::Expr to) { map_[from] = std::move(to); }
  void add(const ir::Expr& from, ir::Expr to) { add(from.get(), std::move(to)); }
  bool empty() const { return map_.empty(); }
  bool has(const ir::Expr& v) const { return map_.count(v.get()) != 0; }

  /// `e` with every mapped variable use replaced; `e` itself when nothing below it is mapped.
  ir::Expr expr(const ir::Expr& e) {
    if (!e) return e;
    if (ir::is_var_like(e)) {
      auto it = map_.find(e.get());
      if (it == map_.end()) return e;
      // The replacement may be a variable redirected after it was recorded: an iter arg re-created
      // because its init changed (`iter_args`), which a single-trip loop inlined in its body had
      // already been mapped to. Follow such chains to the newest node.
      const ir::Expr* to = &it->second;
      for (int hops = 0; hops < 64 && ir::is_var_like(*to); ++hops) {
        auto next = map_.find(to->get());
        if (next == map_.end() || next->second == *to) break;
        to = &next->second;
      }
      return *to;
    }
    ir::Expr now = visit::map_each_child(e, [&](const ir::Expr& c) { return expr(c); });
    if (ir::Type t = type(now->type); t != now->type) now = ir::with_type(now, std::move(t));
    return now;
  }
  ir::Type type(const ir::Type& t) {
    return visit::map_type_uses(t, [&](const ir::Expr& d) { return expr(d); });
  }

  /// `s` with every mapped variable use replaced; `s` itself when nothing changed.
  ir::Stmt stmt(const ir::Stmt& s) {
    if (!s) return s;
    return ir::visit_stmt([&](const auto& k) -> ir::Stmt {
      using K = std::decay_t<decltype(k)>;
      K n = k;
      bool changed = false;
      auto e = [&](ir::Expr& x) {
        ir::Expr y = expr(x);
        changed |= y != x;
        x = std::move(y);
      };
      auto list = [&](std::vector<ir::Expr>& xs) { for (auto& x : xs) e(x); };
      auto body = [&](ir::Stmt& b) {
        ir::Stmt y = stmt(b);
        changed |= y != b;
        b = std::move(y);
      };
      auto defs = [&](std::vector<ir::Expr>& xs) {
        for (auto& x : xs) {
          ir::Expr y = def(x);
          changed |= y != x;
          x = std::move(y);
        }
      };
      if constexpr (std::is_same_v<K, ir::Assign> || std::is_same_v<K, ir::Eval>) {
        e(n.value);
        if constexpr (std::is_same_v<K, ir::Assign>) {
          ir::Expr y = def(n.var);
          changed |= y != n.var;
          n.var = std::move(y);
        }
      } else if constexpr (std::is_same_v<K, ir::Yield> || std::is_same_v<K, ir::Return>) {
        list(n.values);
      } else if constexpr (std::is_same_v<K, ir::Seq>) {
        for (auto& x : n.stmts) body(x);
      } else if constexpr (std::is_same_v<K, ir::If>) {
        e(n.cond);
        body(n.then_body);
        body(n.else_body);
        defs(n.return_vars);
      } else if constexpr (std::is_same_v<K, ir::For>) {
        e(n.start);
        e(n.stop);
        e(n.step);
        changed |= iter_args(n.iter_args);
        body(n.body);
        defs(n.return_vars);
      } else if constexpr (std::is_same_v<K, ir::While>) {
        changed |= iter_args(n.iter_args);
        e(n.cond);  // after the iter args: the condition reads them
        body(n.body);
        defs(n.return_vars);
      } else if constexpr (std::is_same_v<K, ir::Scope>) {
        for (auto& kv : n.attrs)
          if (auto* x = std::get_if<ir::Expr>(&kv.second); x && *x) e(*x);
        body(n.body);
      }
      if (!changed) return s;
      return ir::make_stmt(std::move(n), s->span);
    }, s->kind);
  }

 private:
  /// Re-creates the iter args whose init changes (or that are themselves mapped to a new IterArg);
  /// the old nodes are mapped to the new ones so the loop body follows.
  bool iter_args(std::vector<ir::Expr>& ias) {
    bool changed = false;
    for (auto& ia : ias) {
      if (auto it = map_.find(ia.get()); it != map_.end() && ir::expr_as<ir::IterArg>(it->second)) {
        ia = it->second;
        changed = true;
        continue;
      }
      auto* a = ir::expr_as<ir::IterArg>(ia);
      if (!a) continue;
      ir::Expr init = a->init ? expr(a->init) : a->init;
      ir::Type t = type(ia->type);
      if (init == a->init && t == ia->type) continue;
      ir::Expr fresh = ir::make_iter_arg(a->name, std::move(t), std::move(init), ia->span);
      map_[ia.get()] = fresh;
      ia = std::move(fresh);
      changed = true;
    }
    return changed;
  }

  /// A definition: itself, or a new node (mapped, so its uses follow) when its type reads a mapped
  /// variable.
  ir::Expr def(const ir::Expr& v) {
    if (!v) return v;
    if (ir::expr_as<ir::MakeTuple>(v)) return visit::map_each_child(v, [&](const ir::Expr& c) { return def(c); });
    if (!ir::is_var_like(v) || map_.count(v.get())) return v;
    ir::Type t = type(v->type);
    if (t == v->type) return v;
    ir::Expr n = ir::with_type(v, std::move(t));
    map_[v.get()] = n;
    return n;
  }

  std::unordered_map<const ir::ExprNode*, ir::Expr> map_;
};

/// Splices a block that ends in a pl.yield_ into `out`: its statements without that yield, and each
/// of `results` redirected to the value yielded for it — a trivial value by substitution, anything
/// else assigned to the result itself (evaluated once, not copied into every use). `body` may be
/// null (an absent else arm); the caller keeps it alive. Shared by single-trip loop removal and
/// constant-if removal.
inline void splice_yielding_block(const ir::Stmt& body, const std::vector<ir::Expr>& results, ir::Span sp, UseSubst& subst,
                                  std::vector<ir::Stmt>& out) {
  const ir::Yield* last_yield = nullptr;
  if (body) {
    visit::FlatStmts it(body);
    while (const ir::Stmt* b = it.next()) {
      last_yield = ir::stmt_as<ir::Yield>(*b);
      if (!last_yield) out.push_back(*b);
    }
  }
  for (std::size_t k = 0; k < results.size(); ++k) {
    if (!last_yield || k >= last_yield->values.size()) break;  // (the verifier requires the yield)
    ir::Expr v = subst.expr(last_yield->values[k]);
    if (trivial_value(v)) subst.add(results[k], v);
    else out.push_back(ir::make_assign(results[k], last_yield->values[k], sp));
  }
}

/// Drops from `vars` (variable node → its replacement) every variable assigned more than once in
/// `body` (not SSA: which value a use reads is unclear). Counted for the candidates only, not for
/// every assignment of the function.
template <class Map>
void drop_reassigned(const ir::Stmt& body, Map& vars) {
  std::unordered_map<const ir::ExprNode*, int> defs;
  visit::walk_stmts(body, [&](const ir::Stmt& s) {
    if (auto* a = ir::stmt_as<ir::Assign>(s); a && vars.count(a->var.get())) ++defs[a->var.get()];
  });
  for (const auto& [v, n] : defs)
    if (n > 1) vars.erase(v);
}

/// Whether some variable of `vars` is read in `body`: every occurrence but its one definition is a
/// use (a rule with nothing to replace leaves the unused definitions to dead-assignment removal).
template <class Map>
bool any_read(const ir::Stmt& body, const Map& vars) {
  std::unordered_map<const ir::ExprNode*, int> occ;
  visit::walk_all(body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) {
    if (ir::is_var_like(e) && vars.count(e.get())) ++occ[e.get()];
  });
  for (const auto& [v, n] : occ)
    if (n > 1) return true;
  return false;
}

/// Every variable node some type in the function mentions (shape dims, strides, MemRef operands).
inline std::unordered_set<const ir::ExprNode*> vars_in_types(const ir::Function& f) {
  std::unordered_set<const ir::ExprNode*> out;
  std::unordered_set<const ir::TypeNode*> seen;  // types are shared: look into each once
  auto type = [&](const ir::Type& t, auto& self) -> void {
    if (ir::holds_only_constants(t) || !seen.insert(t.get()).second) return;
    visit::each_type_expr(t, [&](const ir::Expr& x) {
      visit::walk_exprs(x, [&](const ir::Expr& y) {
        if (ir::is_var_like(y)) out.insert(y.get());
        self(y->type, self);
      });
    });
  };
  for (const auto& p : f.params)
    if (p.var) type(p.var->type, type);
  for (const auto& t : f.return_types) type(t, type);
  if (f.body) visit::walk_all(f.body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) { type(e->type, type); });
  return out;
}

}  // namespace ptorw::patterns::normalize
