// An independent end-to-end check of planned storage: simulates which value occupies each storage
// window and fails when a tile is read from a window that may hold something else (a clobber by
// address reuse, a missing or misordered legalization copy, a carry overwritten too early).
//
// It knows nothing of how the planners or the legalization decide; it only reads the planned IR:
//  * a window is (space, effective address, bytes) when every alloc has an address (PYPTO,
//    DSA_RP), else (alloc, offset, bytes) (PTOAS: distinct allocs never alias);
//  * a write (a tile definition that is not a relabel) makes its window hold the new value and marks
//    every other overlapping window clobbered; relabels (reshape, transpose_view, set_validshape,
//    aliases) name the value already there;
//  * every read (operands, yields, returns, inits) must find exactly its value in its window;
//  * If: both arms from the same state, merged after (a window holds the union of possibilities);
//    the If's tile results then hold their windows;
//  * loops: the carry windows hold the iter args at the head; the head state is the merge of the
//    entry and every back edge, iterated to a fixed point (0, 1, 2, ... iterations at once); after
//    the loop the carry windows hold the results.
// Used by the tests on every planned golden and on random kernels; cheap enough for any pipeline.
#pragma once
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/lowering/planning/verify_tile_storage.hpp"

namespace ptorw::lowering::planning {

class StorageSimulation {
 public:
  StorageSimulation(const ir::Function& f, const PlannedAllocs& allocs, std::string file)
      : f_(f), allocs_(allocs), file_(std::move(file)) {
    addressed_ = !allocs.list.empty();
    for (const auto& a : allocs.list) addressed_ = addressed_ && a.addr.has_value();
  }

  Diagnostics run() {
    State st;
    body(f_.body, st);
    return std::move(ds_);
  }

 private:
  struct Key {
    int space;
    const void* alloc;  // null when addressed
    std::int64_t start, bytes;
    auto tie() const { return std::tie(space, alloc, start, bytes); }
    bool operator<(const Key& o) const { return tie() < o.tie(); }
    bool operator==(const Key& o) const { return tie() == o.tie(); }
    bool overlaps(const Key& o) const {
      return space == o.space && alloc == o.alloc && start < o.start + o.bytes && o.start < start + bytes;
    }
  };
  static constexpr int kClobbered = -1, kUnwritten = -2;
  using Occupants = std::set<int>;
  using State = std::map<Key, Occupants>;

  const ir::Function& f_;
  const PlannedAllocs& allocs_;
  std::string file_;
  bool addressed_ = false;
  Diagnostics ds_;
  std::set<std::pair<std::uint64_t, std::string>> seen_;
  std::unordered_map<const ir::ExprNode*, int> data_;
  int next_data_ = 0;

  std::optional<Key> key(const ir::Expr& v) const {
    auto* t = ir::type_as<ir::TileType>(v->type);
    if (!t || !t->memref || !t->memref->base) return std::nullopt;
    const AllocFact* a = allocs_.find(t->memref->base);
    auto off = ir::const_int(t->memref->offset), bytes = ir::const_int(t->memref->size);
    if (!a || !off || !bytes) return std::nullopt;
    if (addressed_) return Key{static_cast<int>(a->space), nullptr, *a->addr + *off, *bytes};
    return Key{static_cast<int>(a->space), a->var.get(), *off, *bytes};
  }
  int data(const ir::Expr& v) {
    auto [it, fresh] = data_.try_emplace(v.get(), 0);
    if (fresh) it->second = next_data_++;
    return it->second;
  }
  void error(ir::Span sp, std::string m) {
    std::uint64_t at = (std::uint64_t{sp.line} << 32) | sp.col;
    if (!seen_.insert({at, m}).second) return;
    ds_.push_back(Diagnostic{file_, sp, Severity::Error, "storage check: " + std::move(m)});
  }

  void read(const State& st, const ir::Expr& v, ir::Span sp) {
    auto k = key(v);
    if (!k) return;
    auto it = st.find(*k);
    int want = data(v);
    if (it == st.end() || it->second != Occupants{want}) {
      std::string why = it == st.end() || it->second.count(kUnwritten) ? "may not have been written yet"
                        : it->second.count(kClobbered)                  ? "may have been overwritten by an overlapping write"
                                                                          : "may hold another value";
      error(sp, "'" + ir::var_name(v) + "' is read here but its storage " + why);
    }
  }
  void reads(const State& st, const ir::Expr& e, ir::Span sp) {
    visit::walk_exprs(e, [&](const ir::Expr& x) {
      if (ir::is_var_like(x) && ir::type_as<ir::TileType>(x->type)) read(st, x, sp);
    });
  }
  void write(State& st, const Key& k, int d) {
    for (auto& [k2, occ] : st)
      if (!(k2 == k) && k2.overlaps(k)) occ = {kClobbered};
    st[k] = {d};
  }
  void hold(State& st, const ir::Expr& v) {  // a region result / iter arg names its window's content
    if (auto k = key(v)) st[*k] = {data(v)};
  }
  static State merge(const State& a, const State& b) {
    State out = a;
    for (auto& [k, occ] : out)
      if (!b.count(k)) occ.insert(kUnwritten);
    for (const auto& [k, occ] : b) {
      auto it = out.find(k);
      if (it == out.end()) {
        Occupants o = occ;
        o.insert(kUnwritten);
        out.emplace(k, std::move(o));
      } else {
        it->second.insert(occ.begin(), occ.end());
      }
    }
    return out;
  }

  static bool is_relabel(const ir::Assign& a) {
    if (auto* c = ir::expr_as<ir::Call>(a.value)) {
      const OpStorage* r = c->kind == ir::CallKind::Op ? op_storage(c->callee) : nullptr;
      return r && (r->rule == StorageRule::Relabel || r->rule == StorageRule::Window);
    }
    return ir::is_var_like(a.value) && ir::type_as<ir::TileType>(a.value->type);
  }

  void body(const ir::Stmt& b, State& st) {
    visit::FlatStmts it(b);
    while (const ir::Stmt* s = it.next()) stmt(*s, st);
  }

  void stmt(const ir::Stmt& s, State& st) {
    ir::Span sp = s->span;
    if (auto* a = ir::stmt_as<ir::Assign>(s)) {
      if (ir::is_op_call(a->value, ir::op::id("tile.alloc"))) return;
      reads(st, a->value, sp);
      auto k = key(a->var);
      if (!k) return;
      if (is_relabel(*a)) {
        // A relabel names the value already in its source's window; one the planner gave storage
        // of its own (the reshape of a strided slice window, a row-major transpose_view of one:
        // storage_classes.hpp `window_relabel`) is a copy, i.e. a write.
        const auto* c = ir::expr_as<ir::Call>(a->value);
        const ir::Expr& src = c ? c->args.at(0) : a->value;
        if (auto sk = key(src); !sk || *sk == *k) {
          data_[a->var.get()] = data(src);
          return;
        }
      }
      return write(st, *k, data(a->var));
    }
    if (auto* e = ir::stmt_as<ir::Eval>(s)) return reads(st, e->value, sp);
    if (auto* r = ir::stmt_as<ir::Return>(s)) {
      for (const auto& v : r->values) reads(st, v, sp);
      return;
    }
    if (auto* y = ir::stmt_as<ir::Yield>(s)) {
      for (const auto& v : y->values) reads(st, v, sp);
      return;
    }
    if (auto* sc = ir::stmt_as<ir::Scope>(s)) return body(sc->body, st);
    if (auto* i = ir::stmt_as<ir::If>(s)) {
      State t = st, e = st;
      body(i->then_body, t);
      body(i->else_body, e);
      st = merge(t, e);
      for (const auto& r : i->return_vars) hold(st, r);
      return;
    }
    const std::vector<ir::Expr>* ias = nullptr;
    const std::vector<ir::Expr>* results = nullptr;
    const ir::Stmt* b = nullptr;
    if (auto* f = ir::stmt_as<ir::For>(s)) ias = &f->iter_args, results = &f->return_vars, b = &f->body;
    if (auto* w = ir::stmt_as<ir::While>(s)) ias = &w->iter_args, results = &w->return_vars, b = &w->body;
    if (!b) return;
    for (const auto& ia : *ias) reads(st, ir::expr_as<ir::IterArg>(ia)->init, sp);
    State entry = st;
    for (const auto& ia : *ias) hold(entry, ia);
    State head = entry;
    for (int round = 0; round < 64; ++round) {
      State cur = head;
      body(*b, cur);
      for (const auto& ia : *ias) hold(cur, ia);
      State next = merge(entry, cur);
      if (next == head) break;
      head = std::move(next);
    }
    st = head;
    for (const auto& r : *results) hold(st, r);
  }
};

/// The storage simulation of one planned function (see the header comment).
inline Diagnostics check_storage(const ir::Function& f, const std::string& file) {
  TileStorageVerifier v(f, file);
  Diagnostics ds = v.run();
  if (has_errors(ds)) return ds;
  return StorageSimulation(f, v.allocs(), file).run();
}

}  // namespace ptorw::lowering::planning
