// Live intervals of a planned function's allocations, for the PYPTO and DSA_RP planners
// (lower_tile_to_buffer.md: "Independent allocations may still reuse physical addresses after their
// lifetimes end").
//
// Statements are numbered in text order; a loop or If has a start and an end number around its
// body. A tile value lives from its definition to its last use, with two loop rules:
//  * a use inside loop L of a value defined before L counts at L's end (every iteration reads it);
//  * storage carried by L (an iter arg or a result of L) lives from L's start to L's end.
// An allocation's interval is the hull of its values' intervals. Intervals are closed: two
// allocations conflict when their intervals share a number, so an op never writes into storage one
// of its own operands still occupies (recip needs that, the others do not mind).
// The placement validator (validate_placement.hpp) recomputes liveness its own way on purpose.
#pragma once
#include <algorithm>
#include <climits>
#include <unordered_map>
#include <vector>

#include "ptorw/lowering/planning/verify_tile_storage.hpp"

namespace ptorw::lowering::planning {

struct Interval {
  int first = INT_MAX, last = INT_MIN;
  void add(int p) {
    first = std::min(first, p);
    last = std::max(last, p);
  }
  bool empty() const { return first > last; }
  bool overlaps(const Interval& o) const { return !empty() && !o.empty() && first <= o.last && o.first <= last; }
};

class AllocLifetimes {
 public:
  AllocLifetimes(const ir::Function& f, const PlannedAllocs& allocs) : allocs_(allocs) {
    live_.resize(allocs.list.size());
    body(f.body);
    for (const auto& u : uses_) {
      int e = u.pos;
      for (int l = u.loop; l >= 0; l = loops_[static_cast<std::size_t>(l)].parent)
        if (u.def < loops_[static_cast<std::size_t>(l)].start) e = std::max(e, loops_[static_cast<std::size_t>(l)].end);
      live_[u.alloc].add(e);
    }
  }
  /// Interval per allocation (index of PlannedAllocs::list); empty when no tile uses it.
  const std::vector<Interval>& intervals() const { return live_; }

 private:
  struct Loop { int start = 0, end = 0, parent = -1; };
  struct Use { std::size_t alloc; int pos, def, loop; };
  const PlannedAllocs& allocs_;
  std::vector<Interval> live_;
  std::vector<Loop> loops_;
  std::vector<int> stack_;
  std::vector<Use> uses_;
  std::unordered_map<const ir::ExprNode*, int> def_pos_;
  int next_ = 0;

  std::optional<std::size_t> alloc_of(const ir::Expr& v) const {
    auto* t = ir::type_as<ir::TileType>(v->type);
    if (!t || !t->memref || !t->memref->base) return std::nullopt;
    auto it = allocs_.index.find(t->memref->base.get());
    if (it == allocs_.index.end()) return std::nullopt;
    return it->second;
  }
  void def(const ir::Expr& v, int pos) {
    if (auto a = alloc_of(v)) {
      def_pos_[v.get()] = pos;
      live_[*a].add(pos);
    }
  }
  void uses_in(const ir::Expr& e, int pos, int loop) {
    visit::walk_exprs(e, [&](const ir::Expr& x) {
      if (!ir::is_var_like(x)) return;
      auto a = alloc_of(x);
      auto d = def_pos_.find(x.get());
      if (a && d != def_pos_.end()) uses_.push_back({*a, pos, d->second, loop});
    });
  }
  int loop_here() const { return stack_.empty() ? -1 : stack_.back(); }
  void carried(const std::vector<ir::Expr>& vs, int start, int end) {
    for (const auto& v : vs)
      if (auto a = alloc_of(v)) {
        live_[*a].add(start);
        live_[*a].add(end);
      }
  }

  void body(const ir::Stmt& b) {
    visit::FlatStmts it(b);
    while (const ir::Stmt* s = it.next()) stmt(*s);
  }
  void stmt(const ir::Stmt& s) {
    if (auto* a = ir::stmt_as<ir::Assign>(s)) {
      int p = next_++;
      uses_in(a->value, p, loop_here());
      return def(a->var, p);
    }
    if (auto* e = ir::stmt_as<ir::Eval>(s)) return uses_in(e->value, next_++, loop_here());
    if (auto* r = ir::stmt_as<ir::Return>(s)) {
      int p = next_++;
      for (const auto& v : r->values) uses_in(v, p, loop_here());
      return;
    }
    if (auto* y = ir::stmt_as<ir::Yield>(s)) {
      int p = next_++;
      for (const auto& v : y->values) uses_in(v, p, loop_here());
      return;
    }
    if (auto* sc = ir::stmt_as<ir::Scope>(s)) return body(sc->body);
    if (auto* i = ir::stmt_as<ir::If>(s)) {
      int p = next_++;
      uses_in(i->cond, p, loop_here());
      body(i->then_body);
      body(i->else_body);
      int end = next_++;
      for (const auto& r : i->return_vars) def(r, end);
      return;
    }
    const std::vector<ir::Expr>* ias = nullptr;
    const std::vector<ir::Expr>* results = nullptr;
    const ir::Stmt* b = nullptr;
    const ir::Expr* cond = nullptr;
    if (auto* f = ir::stmt_as<ir::For>(s)) {
      ias = &f->iter_args, results = &f->return_vars, b = &f->body;
    } else if (auto* w = ir::stmt_as<ir::While>(s)) {
      ias = &w->iter_args, results = &w->return_vars, b = &w->body, cond = &w->cond;
    } else {
      return;
    }
    int start = next_++;
    for (const auto& ia : *ias) uses_in(ir::expr_as<ir::IterArg>(ia)->init, start, loop_here());
    int li = static_cast<int>(loops_.size());
    loops_.push_back({start, 0, loop_here()});
    stack_.push_back(li);
    for (const auto& ia : *ias) def(ia, start);
    if (cond) uses_in(*cond, start, li);
    body(*b);
    stack_.pop_back();
    int end = next_++;
    loops_[static_cast<std::size_t>(li)].end = end;
    for (const auto& r : *results) def(r, end);
    carried(*ias, start, end);
    carried(*results, start, end);
  }
};

}  // namespace ptorw::lowering::planning
