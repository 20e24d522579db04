// Which storage each value of one function may live in — the question Pattern 3 of
// OptimizeOrchTensors must answer about every call of a kernel it rewrites (audit 2026-12-06 F2):
// the rewrite writes the Out param while the accumulation loop still reads the kernel's other
// params, so a call passing one storage as the Out argument and as another argument
// (`self.rev(a, a)`) would read what the loop already overwrote.
//
// A *root* is a storage the function can name: each of its params, and each allocation
// (`tensor.create`, `tensor.full`, or whatever an unknown callee returns). Every value gets the set
// of roots it may be a view of (a subset-based points-to analysis: two values whose sets are
// disjoint never share storage). A value's set includes the sets of
//   * the value it is assigned from (plain aliases; non-SSA rebinding gets every definition);
//   * the operands it is a view of: every op whose result is not a scalar takes its non-scalar
//     operands' sets, except the ops known to allocate (`tensor.create`, `tensor.full`: a new root)
//     and the ops known to return their destination (`tensor.assemble`, `tensor.write`: the
//     parent; `tile.store`: the tensor stored into) — docs/semantics.md "Tensors";
//   * for a user call or submit, the argument its callee's result carries
//     (`carried_param_returns`), else every non-scalar argument and a new root (a callee may
//     return a view of any param, an In one included, or storage of its own);
//   * for a loop's iter-arg, its init and what the body yields at its position; for a loop result,
//     the iter-arg and the yield; for an If result, what both arms yield. Tuples are followed
//     element by element.
// An allocation inside a loop is a new storage on every trip: what the body yields carries the
// allocation into the next trip as its *old* version (a root of its own), so a buffer created in
// the body is not taken for the one the iter-arg carries from the trip before (review rev15 M2:
// the spec's Pattern 1 "Before" loop, `out = tensor.create(...); r = self.k(ia, out)`). The loop
// result takes both versions: after the loop, the last trip's allocation is both.
// Unknown expressions of a tensor or tile type, and values the walk gave no storage, are "any
// storage" (fail closed).
// A subset analysis, not a unification: a call's result may be a view of either argument without
// the two arguments becoming one storage (a unification would make every call look aliased).
// Sets larger than kMaxRoots become "any storage" (fail closed). Whether two *params* share storage
// is a question about the function's own call sites (call_site_sharing.hpp).
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <iterator>
#include <optional>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ptorw/ir/function.hpp"
#include "ptorw/ir/op_id.hpp"
#include "ptorw/patterns/common/out_param_returns.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/node_map.hpp"

namespace ptorw::patterns {

class StorageRoots {
 public:
  /// The current version of a function by name, or null.
  using Lookup = std::function<const ir::Function*(std::string_view)>;
  using Roots = std::vector<std::uint32_t>;  // sorted; {kAny} is "any storage"
  static constexpr std::uint32_t kAny = 0;
  static constexpr std::size_t kMaxRoots = 64;

  StorageRoots(const ir::Function& f, Lookup callee) : callee_(std::move(callee)) {
    params_ = static_cast<std::uint32_t>(f.params.size());
    next_root_ = 1 + params_;
    any_ = node();
    roots_[any_] = {kAny};
    for (std::uint32_t i = 0; i < params_; ++i) {
      const std::uint32_t id = key(f.params[i].var.get(), -1);
      roots_[id] = {1 + i};
    }
    if (f.body) walk(f.body);
    solve();
  }

  /// The roots of value `e`: a variable of the function or an argument expression of a call in it
  /// (any other expression: any storage).
  const Roots& of(const ir::Expr& e) const {
    static const Roots any{kAny};
    if (!e) return any;
    auto it = ids_.find(Key{e.get(), -1});
    if (it == ids_.end() || (roots_[it->second].empty() && !scalar(e))) return any;
    return roots_[it->second];
  }
  /// The param index a root stands for, if it is a param's.
  std::optional<std::size_t> param_of(std::uint32_t root) const {
    if (root >= 1 && root <= params_) return root - 1;
    return std::nullopt;
  }
  static bool any(const Roots& r) { return !r.empty() && r.front() == kAny; }
  static bool intersect(const Roots& a, const Roots& b) {
    if (any(a) || any(b)) return !a.empty() && !b.empty();
    for (std::size_t i = 0, j = 0; i < a.size() && j < b.size();) {
      if (a[i] == b[j]) return true;
      a[i] < b[j] ? ++i : ++j;
    }
    return false;
  }

 private:
  using Key = std::pair<const void*, std::int64_t>;  // (node, tuple element or -1)

  /// An edge of the subset graph: `to` holds what its source holds — with the allocations made
  /// inside loop `back_edge_of` (a loop id, 0: none) turned into their old versions.
  struct Edge {
    std::uint32_t to;
    std::uint32_t back_edge_of;
  };

  std::uint32_t node() {
    roots_.emplace_back();
    succ_.emplace_back();
    return static_cast<std::uint32_t>(roots_.size() - 1);
  }
  std::uint32_t key(const void* n, std::int64_t i) {
    auto it = ids_.find(Key{n, i});
    if (it != ids_.end()) return it->second;
    const std::uint32_t id = node();
    ids_.try_emplace(Key{n, i}, id);
    return id;
  }
  void edge(std::uint32_t from, std::uint32_t to, std::uint32_t back_edge_of = 0) {
    if (from != to || back_edge_of) succ_[from].push_back({to, back_edge_of});
  }
  /// A new storage: two roots, the current one and (for an allocation inside loops) the old one.
  std::uint32_t allocation() {
    const std::uint32_t id = node();
    roots_[id] = {next_root_};
    if (!loops_.empty()) alloc_loops_.emplace(next_root_, loops_);
    next_root_ += 2;
    return id;
  }
  static bool scalar(const ir::Expr& e) { return !e || ir::type_as<ir::ScalarType>(e->type) != nullptr; }
  static std::size_t arity(const ir::Type& t) {
    auto* tt = t ? ir::type_as<ir::TupleType>(t) : nullptr;
    return tt ? tt->elems.size() : 0;
  }

  /// A value that may be a view of any non-scalar operand of `args`.
  std::uint32_t view_of_args(const std::vector<ir::Expr>& args, std::uint32_t id) {
    for (const auto& a : args) {
      const std::uint32_t v = val(a, -1);
      if (!scalar(a)) edge(v, id);
    }
    return id;
  }

  /// The node of element `i` (-1: the whole value) of expression `e`, made once per (node, i): the
  /// query `of` finds an argument expression's node by its address.
  std::uint32_t val(const ir::Expr& e, std::int64_t i) {
    if (!e) return node();
    if (ir::is_var_like(e)) return key(e.get(), arity(e->type) ? i : -1);
    if (auto it = ids_.find(Key{e.get(), i}); it != ids_.end()) return it->second;
    const std::uint32_t id = compute(e, i);
    ids_.try_emplace(Key{e.get(), i}, id);
    return id;
  }
  std::uint32_t compute(const ir::Expr& e, std::int64_t i) {
    if (auto* g = ir::expr_as<ir::TupleGetItem>(e)) return val(g->tuple, g->index);
    if (auto* t = ir::expr_as<ir::MakeTuple>(e)) {
      if (i >= 0 && static_cast<std::size_t>(i) < t->elems.size()) return val(t->elems[i], -1);
      return view_of_args(t->elems, node());
    }
    if (auto* s = ir::expr_as<ir::Submit>(e)) return call_result(s->callee, s->args, i);
    auto* c = ir::expr_as<ir::Call>(e);
    if (!c) return scalar(e) ? node() : any_;  // a constant; anything else holding storage: any
    if (c->kind == ir::CallKind::Function) return call_result(c->callee, c->args, i);
    const ir::OpId op = ir::op_id(c->callee);
    if (op == ir::op::id("tensor.create") || op == ir::op::id("tensor.full")) {
      for (const auto& a : c->args) (void)val(a, -1);
      return allocation();
    }
    std::optional<std::size_t> dest;
    if ((op == ir::op::id("tensor.assemble") || op == ir::op::id("tensor.write")) && !c->args.empty()) dest = 0;
    if (op == ir::op::id("tile.store") && c->args.size() == 3) dest = 2;
    if (dest) {
      for (const auto& a : c->args) (void)val(a, -1);
      return val(c->args[*dest], -1);
    }
    if (scalar(e)) {
      for (const auto& a : c->args) (void)val(a, -1);
      return node();
    }
    return view_of_args(c->args, node());  // a view, or an op this file does not know: fail closed
  }

  /// The node of result `i` (-1: the only result) of a call of `name` with `args`.
  std::uint32_t call_result(const std::string& name, const std::vector<ir::Expr>& args, std::int64_t i) {
    for (const auto& a : args) (void)val(a, -1);
    const ir::Function* callee = callee_ ? callee_(name) : nullptr;
    if (callee && callee->params.size() == args.size()) {
      const auto& map = carried_of(*callee);
      const std::size_t r = i < 0 ? 0 : static_cast<std::size_t>(i);
      if (r < map.size() && map[r] && (i >= 0 || map.size() == 1)) return val(args[*map[r]], -1);
    }
    return view_of_args(args, allocation());
  }
  const std::vector<std::optional<std::size_t>>& carried_of(const ir::Function& callee) {
    auto it = carried_.find(&callee);
    if (it == carried_.end()) it = carried_.emplace(&callee, carried_param_returns(callee)).first;
    return it->second;
  }

  /// `target` (a variable, iter-arg or loop/If result) may hold value `v`: element by element for
  /// tuples.
  /// `back_edge_of`: the loop whose back edge this is (what the body yields to its iter-arg), or 0.
  void bind(const ir::Expr& target, const ir::Expr& v, std::uint32_t back_edge_of = 0) {
    if (!target) return;
    if (auto* t = ir::expr_as<ir::MakeTuple>(target)) {
      for (std::size_t k = 0; k < t->elems.size(); ++k)
        bind_node(t->elems[k], val(v, static_cast<std::int64_t>(k)), back_edge_of);
      return;
    }
    if (std::size_t n = arity(target->type)) {
      for (std::size_t k = 0; k < n; ++k)
        edge(val(v, static_cast<std::int64_t>(k)), key(target.get(), static_cast<std::int64_t>(k)), back_edge_of);
      return;
    }
    bind_node(target, val(v, -1), back_edge_of);
  }
  void bind_node(const ir::Expr& target, std::uint32_t from, std::uint32_t back_edge_of) {
    if (!target) return;
    if (std::size_t n = arity(target->type)) {  // a nested tuple: each element may be any of it
      for (std::size_t k = 0; k < n; ++k) edge(from, key(target.get(), static_cast<std::int64_t>(k)), back_edge_of);
      return;
    }
    edge(from, key(target.get(), -1), back_edge_of);
  }

  static const std::vector<ir::Expr>* yields_of(const ir::Stmt& body) {
    const ir::Stmt* last = body ? ir::last_stmt(body) : nullptr;
    auto* y = last ? ir::stmt_as<ir::Yield>(*last) : nullptr;
    return y ? &y->values : nullptr;
  }
  void loop(const std::vector<ir::Expr>& iter_args, const std::vector<ir::Expr>& results, const ir::Stmt& body) {
    for (std::size_t k = 0; k < iter_args.size(); ++k) {
      if (auto* ia = ir::expr_as<ir::IterArg>(iter_args[k]); ia && ia->init) bind(iter_args[k], ia->init);
      if (k < results.size()) bind(results[k], iter_args[k]);
    }
    const std::uint32_t id = next_loop_++;
    loops_.push_back(id);
    walk(body);
    loops_.pop_back();
    if (const auto* ys = yields_of(body))
      for (std::size_t k = 0; k < ys->size() && k < iter_args.size(); ++k) {
        bind(iter_args[k], (*ys)[k], id);
        if (k < results.size()) bind(results[k], (*ys)[k]);
      }
  }

  void walk(const ir::Stmt& s) {
    if (auto* a = ir::stmt_as<ir::Assign>(s)) return bind(a->var, a->value);
    if (auto* e = ir::stmt_as<ir::Eval>(s)) return (void)val(e->value, -1);
    if (auto* f = ir::stmt_as<ir::For>(s)) return loop(f->iter_args, f->return_vars, f->body);
    if (auto* w = ir::stmt_as<ir::While>(s)) return loop(w->iter_args, w->return_vars, w->body);
    if (auto* b = ir::stmt_as<ir::If>(s)) {
      walk(b->then_body);
      if (b->else_body) walk(b->else_body);
      for (const ir::Stmt* arm : {&b->then_body, &b->else_body})
        if (const auto* ys = *arm ? yields_of(*arm) : nullptr)
          for (std::size_t k = 0; k < ys->size() && k < b->return_vars.size(); ++k) bind(b->return_vars[k], (*ys)[k]);
      return;
    }
    visit::each_child(s, [](const ir::Expr&) {}, [&](const ir::Stmt& c) { walk(c); });
  }

  /// Propagates each set along the edges until nothing changes (a set only grows; at most
  /// kMaxRoots + 1 growths per node, so this ends).
  void solve() {
    std::vector<std::uint32_t> work;
    std::vector<char> queued(roots_.size(), 0);
    for (std::uint32_t n = 0; n < roots_.size(); ++n)
      if (!roots_[n].empty()) work.push_back(n), queued[n] = 1;
    Roots merged, renamed;
    while (!work.empty()) {
      const std::uint32_t n = work.back();
      work.pop_back();
      queued[n] = 0;
      for (const Edge& e : succ_[n]) {
        const Roots& from = e.back_edge_of ? aged(roots_[n], e.back_edge_of, renamed) : roots_[n];
        if (!grow(roots_[e.to], from, merged)) continue;
        if (!queued[e.to]) work.push_back(e.to), queued[e.to] = 1;
      }
    }
  }
  /// `r` with the current version of each allocation made inside loop `loop` replaced by its old
  /// version (in `out`, which it returns).
  const Roots& aged(const Roots& r, std::uint32_t loop, Roots& out) const {
    out.clear();
    for (std::uint32_t x : r) {
      auto it = alloc_loops_.find(x);
      const bool inside =
          it != alloc_loops_.end() && std::find(it->second.begin(), it->second.end(), loop) != it->second.end();
      out.push_back(inside ? x + 1 : x);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
  }
  /// `into` |= `from`; whether `into` changed.
  static bool grow(Roots& into, const Roots& from, Roots& scratch) {
    if (any(into) || from.empty()) return false;
    if (any(from)) return into = {kAny}, true;
    scratch.clear();
    std::set_union(into.begin(), into.end(), from.begin(), from.end(), std::back_inserter(scratch));
    if (scratch.size() == into.size()) return false;
    if (scratch.size() > kMaxRoots) scratch = {kAny};
    into.swap(scratch);
    return true;
  }

  Lookup callee_;
  std::uint32_t params_ = 0;
  std::uint32_t next_root_ = 1;
  visit::NodeMap<Key, std::uint32_t> ids_;
  std::vector<Roots> roots_;
  std::vector<std::vector<Edge>> succ_;
  std::uint32_t any_ = 0;             // the node of "any storage"
  std::vector<std::uint32_t> loops_;  // while walking: the ids of the enclosing loops
  std::uint32_t next_loop_ = 1;
  std::unordered_map<std::uint32_t, std::vector<std::uint32_t>> alloc_loops_;  // current root → its loops
  std::unordered_map<const ir::Function*, std::vector<std::optional<std::size_t>>> carried_;
};

}  // namespace ptorw::patterns
