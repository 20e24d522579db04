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
// targets, loop variables, iter args, return vars, params), *including occurrences inside types*:
// in `t: pl.Tensor[[n], pl.FP32] = ...`, `n` is used by t's type. Counting walks the type of every
// occurrence, so removing a statement subtracts exactly what counting it added.
// Conservative corners: a variable defined more than once, or a tuple-unpacking target, is kept.
//
// Cost: only targets of `v = e` assignments are tracked (one flat table, found through an
// open-addressing pointer map), so a 1M-statement function costs no per-variable allocation.
// Most functions have nothing dead: one walk giving a low count of each target's uses
// (every_target_used) declines when every target has one; only otherwise are the two exact walks
// below made. The first walk (statements only) also counts the definitions it finds, so the second
// looks up only the other definitions (loop variables, iter args, results, tuple targets). The
// type check of each occurrence is remembered per type node (ConstantTypes): a variable's every
// use shares its type node, and looking into a type costs a miss per node (type, shape, dims).
#pragma once
#include <array>
#include <boost/hana/tuple.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "ptorw/analysis/purity.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/constant_type.hpp"
#include "ptorw/rewrite/rule.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/ptr_map.hpp"

namespace ptorw::patterns::normalize {

namespace dead_assign_detail {

/// One `v = e` of the function (v a Var).
struct Target {
  const ir::StmtNode* stmt;
  const ir::Assign* assign;
  bool assigned_twice = false;
  std::int64_t occurrences = 0;  // of v anywhere, definitions included
  std::int64_t definitions = 0;
  bool dead = false;
  signed char pure = -1;  // unknown until asked: most assignments are used, so most never are
  std::int64_t uses() const { return occurrences - definitions; }
  bool is_pure() {
    if (pure < 0) pure = analysis::is_pure(assign->value) ? 1 : 0;
    return pure == 1;
  }
};

/// Type nodes known to hold only constants, by address (a direct-mapped memo of
/// ir::holds_only_constants; a slot holds the last such type whose address maps there). Valid while
/// the function whose types it saw is alive: one match.
class ConstantTypes {
 public:
  bool only_constants(const ir::Type& ty) {
    const ir::TypeNode* p = ty.get();
    const ir::TypeNode*& slot = slots_[(reinterpret_cast<std::uintptr_t>(p) >> 4) & (kSlots - 1)];
    if (slot == p) return true;  // a null type holds no expression either
    if (!ir::holds_only_constants(ty)) return false;
    slot = p;
    return true;
  }

 private:
  static constexpr std::size_t kSlots = 4096;
  std::array<const ir::TypeNode*, kSlots> slots_{};
};

class Targets {
 public:
  /// Tracks `v = e` and counts this definition of v.
  void add(const ir::StmtNode* s, const ir::Assign* a) {
    auto [slot, inserted] = index_.try_emplace(a->var.get(), static_cast<std::uint32_t>(all_.size()));
    if (inserted) all_.push_back(Target{s, a});
    else all_[*slot].assigned_twice = true;  // never removed
    all_[*slot].definitions++;
  }
  Target* find(const ir::ExprNode* v) {
    const std::uint32_t* i = index_.find(v);
    return i ? &all_[*i] : nullptr;
  }
  std::vector<Target>& all() { return all_; }
  ConstantTypes constant_types;  // for count_type

 private:
  visit::PtrMap<std::uint32_t> index_;
  std::vector<Target> all_;
};

/// Adds `delta` to the count of every tracked variable occurring under `e`, types included, and
/// calls `touched` for each.
template <class F> void count(const ir::Expr& e, Targets& t, int delta, F& touched);
template <class F> void count_type(const ir::Type& ty, Targets& t, int delta, F& touched) {
  if (t.constant_types.only_constants(ty)) return;
  visit::each_type_expr(ty, [&](const ir::Expr& x) { count(x, t, delta, touched); });
}
template <class F> void count(const ir::Expr& e, Targets& t, int delta, F& touched) {
  visit::walk_exprs(e, [&](const ir::Expr& n) {
    if (ir::is_var_like(n))
      if (Target* x = t.find(n.get())) {
        x->occurrences += delta;
        touched(*x);
      }
    count_type(n->type, t, delta, touched);
  });
}

/// Calls `f` for each definition occurrence of a statement (an occurrence that is not a use) except
/// the target of a `v = e` with v a Var, which the callers count themselves; tuple targets element
/// by element.
template <class F> void each_other_definition(const ir::Stmt& s, F& f) {
  auto add = [&](const ir::Expr& v) {
    if (auto* tup = ir::expr_as<ir::MakeTuple>(v)) {
      for (const auto& x : tup->elems) f(x);
    } else if (v) {
      f(v);
    }
  };
  auto list = [&](const std::vector<ir::Expr>& vs) { for (const auto& v : vs) add(v); };
  ir::visit_stmt([&](const auto& k) {
    using K = std::decay_t<decltype(k)>;
    if constexpr (std::is_same_v<K, ir::Assign>)
      if (!ir::expr_as<ir::Var>(k.var)) add(k.var);
    if constexpr (std::is_same_v<K, ir::For>) add(k.loop_var);
    if constexpr (std::is_same_v<K, ir::For> || std::is_same_v<K, ir::While>) list(k.iter_args);
    if constexpr (requires { k.return_vars; }) list(k.return_vars);
  }, s->kind);
}

/// Definition occurrences of a statement, except the target of a `v = e` with v a Var:
/// Targets::add counted those.
inline void count_defs(const ir::Stmt& s, Targets& t) {
  auto def = [&](const ir::Expr& v) {
    if (Target* d = t.find(v.get())) d->definitions++;
  };
  each_other_definition(s, def);
}

/// Whether every `v = e` target has a use, by a count that can only be low: one walk, each target
/// tracked from its own statement on (the walk is pre-order, so from its own target occurrence on),
/// types not entered. An occurrence before the target's assignment is not counted, and neither is
/// a definition before it — which the walk also visits as an occurrence — so the count is at most
/// the true one. True on the common input (every assignment is used), and then nothing is dead;
/// the exact count (two walks, types included) is needed only when this returns false.
/// Lighter than the exact count: a target is one table entry (uses so far), no Target record, and
/// the targets still without a use are counted as the walk goes, so no pass over them follows.
/// `any_target`: whether the function has a `v = e` at all.
inline bool every_target_used(const ir::Stmt& body, bool& any_target) {
  visit::PtrMap<int> uses;  // target → occurrences − definitions since its first assignment
  long short_of_use = 0;    // targets whose count is below 1
  auto add = [&](int* c, int d) {
    const bool was = *c < 1;
    *c += d;
    short_of_use += static_cast<long>(*c < 1) - static_cast<long>(was);
  };
  auto other_def = [&](const ir::Expr& v) {
    if (int* c = v ? uses.find(v.get()) : nullptr) add(c, -1);
  };
  any_target = false;
  visit::walk_all(
      body,
      [&](const ir::Stmt& s) {
        if (auto* a = ir::stmt_as<ir::Assign>(s); a && ir::expr_as<ir::Var>(a->var)) {
          auto [c, fresh] = uses.try_emplace(a->var.get(), 0);
          short_of_use += fresh;
          any_target = true;
          add(c, -1);
        }
        each_other_definition(s, other_def);
      },
      [&](const ir::Expr& e) {
        if (ir::is_var_like(e))
          if (int* c = uses.find(e.get())) add(c, 1);
      });
  return short_of_use == 0;
}

using DeadSet = visit::PtrMap<char>;

inline ir::Stmt erase(const ir::Stmt& s, const DeadSet& dead) {
  if (dead.find(s.get())) return nullptr;
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
    dead_assign_detail::DeadSet dead;
  };

  rewrite::MatchResult<Bindings> match(const ir::FunctionPtr& f, rewrite::Context& ctx) const {
    using namespace dead_assign_detail;
    if (!f->body) return rewrite::not_applicable();

    // 0. Nothing is dead when every target has a use (one walk; the decline is the same one the
    //    exact count below ends in when nothing is unused).
    {
      bool any_target = false;
      const bool used = every_target_used(f->body, any_target);
      if (!any_target) return rewrite::not_applicable();
      if (used) return rewrite::decline("no dead pure assignment");
    }

    // 1. The `v = e` statements.
    Targets t;
    visit::walk_stmts(f->body, [&](const ir::Stmt& s) {
      if (auto* a = ir::stmt_as<ir::Assign>(s); a && ir::expr_as<ir::Var>(a->var)) t.add(s.get(), a);
    });
    if (t.all().empty()) return rewrite::not_applicable();

    // 2. Their occurrences and definitions everywhere in the function.
    auto ignore = [](Target&) {};
    for (const auto& p : f->params) {
      count(p.var, t, 1, ignore);
      if (Target* d = t.find(p.var.get())) d->definitions++;
    }
    for (const auto& rt : f->return_types) count_type(rt, t, 1, ignore);
    visit::walk_all(
        f->body, [&](const ir::Stmt& s) { count_defs(s, t); },
        [&](const ir::Expr& e) {
          if (ir::is_var_like(e))
            if (Target* x = t.find(e.get())) x->occurrences++;
          count_type(e->type, t, 1, ignore);
        });

    // 3. Erasing an assignment removes its uses; a pure assignment whose last use goes is dead too.
    std::vector<Target*> work;
    std::vector<std::string> unused_impure;
    auto unused = [](const Target& x) { return !x.assigned_twice && x.definitions == 1 && !x.dead && x.uses() == 0; };
    auto removable = [&](Target& x) { return unused(x) && x.is_pure(); };
    for (Target& x : t.all()) {
      if (!unused(x)) continue;
      if (x.is_pure()) work.push_back(&x);
      else if (ctx.remarks_enabled()) unused_impure.push_back(ir::var_name(x.assign->var));
    }
    Bindings b{f, {}};
    auto touched = [&](Target& x) {
      if (removable(x)) work.push_back(&x);
    };
    while (!work.empty()) {
      Target* x = work.back();
      work.pop_back();
      if (x->dead) continue;
      x->dead = true;
      b.dead.try_emplace(x->stmt, 1);
      count(x->assign->value, t, -1, touched);
      count_type(x->assign->var->type, t, -1, touched);
    }
    if (b.dead.size() == 0) {
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
