// Removal of dead pure assignments: `v = e` is erased when v has no use anywhere in the function
// and e is pure (ptorw/analysis/purity.hpp: scalar arithmetic, constants, registry-Pure op calls;
// never user-function calls or pl.submit).
//
// Why a Function rule and not a Stmt rule: deadness is a whole-function fact, and removing one
// assignment can make the assignments feeding it dead. Rooted at the function, one match counts
// uses once and then erases whole dead chains with a worklist — O(n) — where a statement rule
// would need one sweep per link of the chain.
//
// What counts as a use: every occurrence of the variable except its definitions (assignment
// targets, loop variables, iter args, return vars), *including occurrences inside types*: in
// `t: pl.Tensor[[n], pl.FP32] = ...`, `n` is used by t's type. Counting walks the type of every
// occurrence, so removing a statement subtracts exactly what counting it added.
// Conservative corners: a variable assigned more than once, or a tuple-unpacking target, is kept.
#pragma once
#include <boost/hana/tuple.hpp>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ptorw/analysis/purity.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/rewrite/rule.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::patterns::normalize {

namespace dead_assign_detail {
using NodeCount = std::unordered_map<const ir::ExprNode*, std::int64_t>;

/// Adds `delta` for every variable occurrence under `e`, types included; reports each variable
/// whose count changed to `touched`.
template <class F> void count_expr(const ir::Expr& e, NodeCount& occ, int delta, F& touched);
template <class F> void count_type(const ir::Type& t, NodeCount& occ, int delta, F& touched) {
  visit::each_type_expr(t, [&](const ir::Expr& x) { count_expr(x, occ, delta, touched); });
}
template <class F> void count_expr(const ir::Expr& e, NodeCount& occ, int delta, F& touched) {
  auto on = [&](const ir::Expr& n) {
    if (ir::is_var_like(n)) {
      occ[n.get()] += delta;
      touched(n.get());
    }
    count_type(n->type, occ, delta, touched);
  };
  visit::walk_exprs(e, on);
}

/// Definition occurrences of a statement (they are occurrences but not uses).
inline void count_defs(const ir::Stmt& s, NodeCount& defs) {
  auto add = [&](const ir::Expr& v) {
    if (auto* t = ir::expr_as<ir::MakeTuple>(v)) {
      for (const auto& x : t->elems) defs[x.get()]++;
    } else if (v) {
      defs[v.get()]++;
    }
  };
  auto list = [&](const std::vector<ir::Expr>& vs) { for (const auto& v : vs) add(v); };
  std::visit([&](const auto& k) {
    using K = std::decay_t<decltype(k)>;
    if constexpr (std::is_same_v<K, ir::Assign>) add(k.var);
    if constexpr (std::is_same_v<K, ir::For>) add(k.loop_var);
    if constexpr (std::is_same_v<K, ir::For> || std::is_same_v<K, ir::While>) list(k.iter_args);
    if constexpr (requires { k.return_vars; }) list(k.return_vars);
  }, s->kind);
}

inline ir::Stmt erase(const ir::Stmt& s, const std::unordered_set<const ir::StmtNode*>& dead) {
  if (dead.count(s.get())) return nullptr;
  if (auto* q = ir::stmt_as<ir::Seq>(s)) {
    std::vector<ir::Stmt> out;
    bool changed = false;
    for (std::size_t i = 0; i < q->stmts.size(); ++i) {
      ir::Stmt n = q->stmts[i] ? erase(q->stmts[i], dead) : q->stmts[i];
      if (!changed && n == q->stmts[i]) continue;
      if (!changed) {
        changed = true;
        out.assign(q->stmts.begin(), q->stmts.begin() + static_cast<std::ptrdiff_t>(i));
      }
      if (n) out.push_back(std::move(n));
    }
    return changed ? ir::make_stmt(ir::Seq{std::move(out)}, s->span) : s;
  }
  return visit::map_each_child(
      s, [](const ir::Expr& e) { return e; },
      [&](const ir::Stmt& c) {
        ir::Stmt n = erase(c, dead);
        return n ? n : ir::make_stmt(ir::Seq{}, c->span);
      });
}
}  // namespace dead_assign_detail

struct RemoveDeadPureAssigns {
  static constexpr std::string_view name = "remove_dead_pure_assigns";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Function;
  static constexpr int benefit = 10;
  static std::string describe() { return "v = e  →  (nothing), if v has no use (types included) and e is pure"; }

  struct Bindings {
    ir::FunctionPtr fn;
    std::unordered_set<const ir::StmtNode*> dead;
  };

  rewrite::MatchResult<Bindings> match(const ir::FunctionPtr& f, rewrite::Context& ctx) const {
    using namespace dead_assign_detail;
    if (!f->body) return rewrite::not_applicable();
    NodeCount occ, defs;
    auto ignore = [](const ir::ExprNode*) {};
    std::unordered_map<const ir::ExprNode*, const ir::StmtNode*> assign_of;  // var → its assignment
    std::vector<std::pair<const ir::StmtNode*, const ir::Assign*>> assigns;

    for (const auto& p : f->params) {
      count_expr(p.var, occ, 1, ignore);
      defs[p.var.get()]++;
    }
    for (const auto& t : f->return_types) count_type(t, occ, 1, ignore);
    auto on_stmt = [&](const ir::Stmt& s) {
      count_defs(s, defs);
      if (auto* a = ir::stmt_as<ir::Assign>(s); a && ir::expr_as<ir::Var>(a->var)) assigns.emplace_back(s.get(), a);
    };
    auto on_expr = [&](const ir::Expr& e) {
      if (ir::is_var_like(e)) occ[e.get()]++;
      count_type(e->type, occ, 1, ignore);
    };
    visit::walk_all(f->body, on_stmt, on_expr);

    auto uses = [&](const ir::ExprNode* v) { return occ[v] - defs[v]; };
    std::vector<const ir::StmtNode*> work;
    std::unordered_map<const ir::StmtNode*, const ir::Assign*> pure_assign;
    std::vector<std::string> unused_impure;
    for (auto [s, a] : assigns) {
      if (defs[a->var.get()] != 1) continue;
      if (!analysis::is_pure(a->value)) {
        if (ctx.remarks_enabled() && uses(a->var.get()) == 0) unused_impure.push_back(ir::var_name(a->var));
        continue;
      }
      pure_assign.emplace(s, a);
      assign_of.emplace(a->var.get(), s);
      if (uses(a->var.get()) == 0) work.push_back(s);
    }

    // Erasing a statement removes its uses; any pure assignment whose last use goes becomes dead.
    Bindings b{f, {}};
    auto touched = [&](const ir::ExprNode* v) {
      if (occ[v] - defs[v] != 0) return;
      if (auto it = assign_of.find(v); it != assign_of.end() && !b.dead.count(it->second)) work.push_back(it->second);
    };
    while (!work.empty()) {
      const ir::StmtNode* s = work.back();
      work.pop_back();
      if (!b.dead.insert(s).second) continue;
      const ir::Assign* a = pure_assign.at(s);
      count_expr(a->value, occ, -1, touched);
      count_type(a->var->type, occ, -1, touched);
    }
    if (b.dead.empty()) {
      if (!unused_impure.empty()) {
        std::string why = "no dead pure assignment; unused but not pure:";
        for (const auto& n : unused_impure) why += " " + n;
        return rewrite::decline(std::move(why));
      }
      return rewrite::decline("no dead pure assignment");
    }
    return b;
  }

  ir::FunctionPtr rewrite(const Bindings& b, rewrite::Context&) const {
    ir::Stmt body = dead_assign_detail::erase(b.fn->body, b.dead);
    if (!body) body = ir::make_stmt(ir::Seq{}, b.fn->body->span);
    return ir::with_function(*b.fn, [&](ir::Function& g) { g.body = std::move(body); });
  }
};

inline constexpr auto dead_assign_rules = boost::hana::make_tuple(RemoveDeadPureAssigns{});

}  // namespace ptorw::patterns::normalize
