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
      for (const Touch& t : at_[a]) lo_[a] = std::min(lo_[a], t.pos), hi_[a] = std::max(hi_[a], t.pos);
    // Loop rule. Only the loops enclosing one of an allocation's touches can contain a touch, so
    // instead of every loop x every allocation, walk each touch's chain of enclosing loops (once per
    // loop and allocation, `seen` stamps). Touched inside L and also outside L (judged on the raw
    // touch hull, as before widening) → live over the whole of L.
    std::vector<std::size_t> seen(loops_.size(), SIZE_MAX);
    for (std::size_t a = 0; a < at_.size(); ++a) {
      const int raw_lo = lo_[a], raw_hi = hi_[a];
      for (const Touch& t : at_[a])
        for (int l = t.loop; l >= 0 && seen[static_cast<std::size_t>(l)] != a; l = loop_parent_[static_cast<std::size_t>(l)]) {
          seen[static_cast<std::size_t>(l)] = a;
          const auto [s, e] = loops_[static_cast<std::size_t>(l)];
          if (!(t.pos > s && t.pos <= e)) continue;  // a loop's own header touch is not inside it
          if (raw_lo <= s || raw_hi > e) lo_[a] = std::min(lo_[a], s), hi_[a] = std::max(hi_[a], e);
        }
    }
  }
  /// Interval of allocation `a`; an allocation never touched is live everywhere (assume the worst).
  int lo(std::size_t a) const { return at_[a].empty() ? INT_MIN : lo_[a]; }
  int hi(std::size_t a) const { return at_[a].empty() ? INT_MAX : hi_[a]; }
  bool live_together(std::size_t a, std::size_t b) const {
    if (at_[a].empty() || at_[b].empty()) return true;  // unknown: assume the worst
    return lo_[a] <= hi_[b] && lo_[b] <= hi_[a];
  }

 private:
  const PlannedAllocs& allocs_;
  struct Touch {
    int pos;   // statement number
    int loop;  // innermost enclosing loop (index into loops_), -1 at top level
  };
  std::vector<std::vector<Touch>> at_;
  std::vector<int> lo_, hi_;
  std::vector<std::pair<int, int>> loops_;  // (header number, last number inside)
  std::vector<int> loop_parent_;
  int cur_loop_ = -1;
  int n_ = 0;

  void touch(const ir::Expr& e, int p) {
    visit::walk_exprs(e, [&](const ir::Expr& x) {
      if (!ir::is_var_like(x)) return;
      auto* t = ir::type_as<ir::TileType>(x->type);
      if (!t || !t->memref || !t->memref->base) return;
      auto it = allocs_.index.find(t->memref->base.get());
      if (it != allocs_.index.end()) at_[it->second].push_back({p, cur_loop_});
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
    const int id = static_cast<int>(loops_.size());
    loops_.emplace_back(me, me);
    loop_parent_.push_back(cur_loop_);
    cur_loop_ = id;
    walk(*b);
    loops_[static_cast<std::size_t>(id)].second = n_;
    for (const auto& r : *rs) touch(r, n_);  // at the loop's last number: inside it
    cur_loop_ = loop_parent_[static_cast<std::size_t>(id)];
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
    const std::optional<std::int64_t> end = ::ptorw::target::placed_end(*a.addr, a.capacity);
    if (!end || *end > capacity_of(t, a.space))
      err(a.span, "storage " + name + " [" + std::to_string(*a.addr) + ", " +
                      (end ? std::to_string(*end) : std::string("beyond 2^63")) + ") ends past the " + std::string(t.target) + " " + std::string(ir::name_of(a.space)) +
                      " capacity of " + std::to_string(capacity_of(t, a.space)) + " bytes");
  }
  if (!ds.empty()) return ds;
  validate_detail::Touches live(f, allocs);
  // Sweep over interval starts (per space): only allocations whose intervals intersect are
  // compared, so the check is near-linear in the allocations instead of quadratic. Overlapping
  // pairs are reported in (first, second) list order, as a pairwise loop would.
  std::vector<std::size_t> order(allocs.list.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return live.lo(a) < live.lo(b); });
  std::vector<std::vector<std::size_t>> active(8);  // per space
  std::vector<std::pair<std::size_t, std::size_t>> bad;
  for (std::size_t j : order) {
    const AllocFact& b = allocs.list[j];
    auto& act = active[static_cast<std::size_t>(b.space) % active.size()];
    std::erase_if(act, [&](std::size_t i) { return live.hi(i) < live.lo(j); });
    for (std::size_t i : act) {
      const AllocFact& a = allocs.list[i];
      if (*a.addr < *b.addr + b.capacity && *b.addr < *a.addr + a.capacity) bad.emplace_back(std::min(i, j), std::max(i, j));
    }
    act.push_back(j);
  }
  std::sort(bad.begin(), bad.end());
  for (const auto& [i, j] : bad) {
    const AllocFact &a = allocs.list[i], &b = allocs.list[j];
    err(b.span, "storages '" + ir::var_name(a.var) + "' [" + std::to_string(*a.addr) + ", " +
                    std::to_string(*a.addr + a.capacity) + ") and '" + ir::var_name(b.var) + "' [" +
                    std::to_string(*b.addr) + ", " + std::to_string(*b.addr + b.capacity) +
                    ") overlap while both are live");
  }
  return ds;
}

}  // namespace ptorw::lowering::planning
