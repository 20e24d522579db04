// The placement validator of the addressed planners (issue 6: "an independent validator of its
// result ... fail closed"; spec: "Addressed planners additionally check effective-range overlap").
// It runs after PYPTO and DSA_RP, and on already-addressed input.
//
// Independent on purpose: liveness is recomputed here per *allocation* rather than per value
// (lifetimes.hpp), with its own numbering and its own loop rule:
//  * statements get pre-order numbers; a loop or If spans its own number to the last number inside;
//  * an allocation is touched at a statement that defines or reads a tile stored in it (iter args
//    and inits at the loop's number, loop / If results at its last number);
//  * an allocation touched inside a loop and also outside it is live over the whole loop;
//  * its interval is the hull of its touches.
// Then, per space: every allocation has an address, 32-byte aligned, ending within the target's
// capacity, and no two allocations live at once overlap in [addr, addr + capacity).
#pragma once
#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "ptorw/lowering/planning/verify_tile_storage.hpp"

namespace ptorw::lowering::planning {

namespace validate_detail {

class Touches {
 public:
  Touches(const ir::Function& f, const PlannedAllocs& allocs) : allocs_(allocs), at_(allocs.list.size()) {
    walk(f.body);
    lo_.assign(at_.size(), INT_MAX);
    hi_.assign(at_.size(), INT_MIN);
    for (std::size_t a = 0; a < at_.size(); ++a)
      for (int p : at_[a]) lo_[a] = std::min(lo_[a], p), hi_[a] = std::max(hi_[a], p);
    for (const auto& [s, e] : loops_)
      for (std::size_t a = 0; a < at_.size(); ++a) {
        bool inside = false, outside = false;
        for (int p : at_[a]) (p > s && p <= e ? inside : outside) = true;
        if (inside && outside) lo_[a] = std::min(lo_[a], s), hi_[a] = std::max(hi_[a], e);
      }
  }
  bool live_together(std::size_t a, std::size_t b) const {
    if (at_[a].empty() || at_[b].empty()) return true;  // unknown: assume the worst
    return lo_[a] <= hi_[b] && lo_[b] <= hi_[a];
  }

 private:
  const PlannedAllocs& allocs_;
  std::vector<std::vector<int>> at_;
  std::vector<int> lo_, hi_;
  std::vector<std::pair<int, int>> loops_;
  int n_ = 0;

  void touch(const ir::Expr& e, int p) {
    visit::walk_exprs(e, [&](const ir::Expr& x) {
      if (!ir::is_var_like(x)) return;
      auto* t = ir::type_as<ir::TileType>(x->type);
      if (!t || !t->memref || !t->memref->base) return;
      auto it = allocs_.index.find(t->memref->base.get());
      if (it != allocs_.index.end()) at_[it->second].push_back(p);
    });
  }
  void walk(const ir::Stmt& b) {
    visit::FlatStmts it(b);
    while (const ir::Stmt* s = it.next()) one(*s);
  }
  void one(const ir::Stmt& s) {
    int me = ++n_;
    if (auto* a = ir::stmt_as<ir::Assign>(s)) return touch(a->var, me), touch(a->value, me);
    if (auto* e = ir::stmt_as<ir::Eval>(s)) return touch(e->value, me);
    if (auto* r = ir::stmt_as<ir::Return>(s)) {
      for (const auto& v : r->values) touch(v, me);
      return;
    }
    if (auto* y = ir::stmt_as<ir::Yield>(s)) {
      for (const auto& v : y->values) touch(v, me);
      return;
    }
    if (auto* sc = ir::stmt_as<ir::Scope>(s)) return walk(sc->body);
    if (auto* i = ir::stmt_as<ir::If>(s)) {
      walk(i->then_body);
      walk(i->else_body);
      for (const auto& r : i->return_vars) touch(r, n_);
      return;
    }
    const std::vector<ir::Expr>* ias = nullptr;
    const std::vector<ir::Expr>* rs = nullptr;
    const ir::Stmt* b = nullptr;
    if (auto* f = ir::stmt_as<ir::For>(s)) ias = &f->iter_args, rs = &f->return_vars, b = &f->body;
    if (auto* w = ir::stmt_as<ir::While>(s)) ias = &w->iter_args, rs = &w->return_vars, b = &w->body, touch(w->cond, me);
    if (!b) return;
    for (const auto& ia : *ias) touch(ia, me), touch(ir::expr_as<ir::IterArg>(ia)->init, me);
    walk(*b);
    for (const auto& r : *rs) touch(r, n_);
    loops_.emplace_back(me, n_);
  }
};

}  // namespace validate_detail

/// Checks the addresses of `allocs` in `f` (see the header comment). Errors name both allocations.
inline Diagnostics validate_placement(const ir::Function& f, const PlannedAllocs& allocs, const TargetCapacities& t,
                                      const std::string& file, std::string_view planner) {
  Diagnostics ds;
  auto err = [&](ir::Span sp, std::string m) {
    ds.push_back(Diagnostic{file, sp, Severity::Error, "plan-memory validator (" + std::string(planner) + "): " + std::move(m)});
  };
  for (const auto& a : allocs.list) {
    std::string name = "'" + ir::var_name(a.var) + "'";
    if (!a.addr) {
      err(a.span, "storage " + name + " has no address");
      continue;
    }
    if (*a.addr < 0 || *a.addr % kAlign != 0) err(a.span, "storage " + name + " address " + std::to_string(*a.addr) + " is not 32-byte aligned");
    if (*a.addr + a.capacity > capacity_of(t, a.space))
      err(a.span, "storage " + name + " [" + std::to_string(*a.addr) + ", " + std::to_string(*a.addr + a.capacity) +
                      ") ends past the " + std::string(t.target) + " " + std::string(ir::name_of(a.space)) +
                      " capacity of " + std::to_string(capacity_of(t, a.space)) + " bytes");
  }
  if (!ds.empty()) return ds;
  validate_detail::Touches live(f, allocs);
  for (std::size_t i = 0; i < allocs.list.size(); ++i)
    for (std::size_t j = i + 1; j < allocs.list.size(); ++j) {
      const AllocFact &a = allocs.list[i], &b = allocs.list[j];
      if (a.space != b.space || !live.live_together(i, j)) continue;
      if (*a.addr < *b.addr + b.capacity && *b.addr < *a.addr + a.capacity)
        err(b.span, "storages '" + ir::var_name(a.var) + "' [" + std::to_string(*a.addr) + ", " +
                        std::to_string(*a.addr + a.capacity) + ") and '" + ir::var_name(b.var) + "' [" +
                        std::to_string(*b.addr) + ", " + std::to_string(*b.addr + b.capacity) +
                        ") overlap while both are live");
    }
  return ds;
}

}  // namespace ptorw::lowering::planning
