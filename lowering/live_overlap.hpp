// A write over a value that is still live (lower_tile_to_buffer.md, "Placement and API": "PYPTO and
// DSA_RP provide final effective byte addresses ... Addressed planners additionally check
// effective-range overlap"; "Independent allocations may still reuse physical addresses after their
// lifetimes end"). Asked by the explicit conversion before it writes anything, so that a kernel
// placed by hand (an explicit pipeline without plan-memory, or one the input records as selected)
// is refused instead of lowered to a program that computes with clobbered bytes (audit aud6 F1: `a`
// in [0, 2048), `b` loaded into [1024, 3072) while `a` is still to be read).
//
// The check is per value, not per allocation (an allocation-wide check refused kernels the spec
// allows, audit aud7: a destination over a window parent's dead rows, an in-place chain reusing one
// allocation, a temp in one If arm over storage only the other arm writes). At each statement that
// writes tile storage, the bytes it writes are compared with every tile value live across it —
// defined before it and read after it — each at its effective span (tile_ranges.hpp: a
// constant-offset window at its exact rows, a runtime one at the whole range of its source):
//  * new storage (StorageRule::New): the destination; an exact self-copy (`tile.move` onto its own
//    bytes, "An exact self-copy is removed") writes nothing;
//  * tile.assemble: the source's rows inside a result placed in its target's storage, else the
//    whole result (it starts as a copy of the target);
//  * tile.matmul_acc: the accumulator it writes in place (the old accumulator read afterwards is a
//    clobber: "tile.matmul_acc must already accumulate in place").
// Values the op itself reads for the last time are not live across it: whether the write may reach
// those is write_read_overlap.hpp's per-op proof (an exact in-place write is fine).
//
// Liveness is the classic backward dataflow over the structured body: If arms are exclusive (each
// arm starts from what is live after the If), and a loop body's end sees what is live after the
// loop plus every value the body reads but does not define (needed again by the next iteration);
// a loop-carried value flows through its yield, not through the iter arg. A view (a slice, a
// relabel) reads its whole source where it is cut, as the interpreter's clobber model does (its
// buffer mode is what the golden harness diffchecks the input with): a source stays live until its
// last view is cut, and the view's own bytes after that. A value defined more than once (non-SSA
// text) counts as read in every loop that reads it. Addressed values are compared across allocations of one memory space
// (effective addresses); addressless ones (PTOAS) only within one allocation, as the per-op proof
// does (distinct PTOAS allocations never alias).
#pragma once
#include <fmt/core.h>

#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ptorw/ir/function.hpp"
#include "ptorw/lowering/planning/storage_rules.hpp"
#include "ptorw/lowering/storage_index.hpp"  // LowerError
#include "ptorw/lowering/tile_ranges.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::lowering {

class LiveOverlap {
 public:
  explicit LiveOverlap(const ir::Function& f) : f_(f), ranges_(f) {
    if (f.body) visit::walk_stmts(f.body, [&](const ir::Stmt& s) { definitions(s, [&](const ir::Expr& v) { ++defs_[v.get()]; }); });
  }

  /// The first write over a value live across it; nullopt when there is none.
  std::optional<LowerError> run() {
    Live live;
    body(f_.body, live);
    return std::move(found_);
  }

 private:
  /// A live tile: `value` is read at `at` (the nearest read after the statement being checked).
  struct Use {
    ir::Expr value;
    ir::Span at;
  };
  using Live = std::unordered_map<const ir::ExprNode*, Use>;
  const ir::Function& f_;
  TileRanges ranges_;
  std::unordered_map<const ir::ExprNode*, int> defs_;  // var -> number of definitions
  std::unordered_map<const ir::ExprNode*, std::optional<TileRanges::Range>> read_ranges_;
  std::optional<LowerError> found_;

  static bool is_tile(const ir::Expr& v) {
    auto* t = v ? ir::type_as<ir::TileType>(v->type) : nullptr;
    return t && t->memref && t->memref->base;
  }
  /// Calls `fn` for each value statement `s` itself defines (not its nested statements').
  template <class Fn> static void definitions(const ir::Stmt& s, Fn&& fn) {
    if (auto* a = ir::stmt_as<ir::Assign>(s)) return fn(a->var);
    if (auto* i = ir::stmt_as<ir::If>(s)) {
      for (const auto& r : i->return_vars) fn(r);
    } else if (auto* f = ir::stmt_as<ir::For>(s)) {
      for (const auto& v : f->iter_args) fn(v);
      for (const auto& r : f->return_vars) fn(r);
    } else if (auto* w = ir::stmt_as<ir::While>(s)) {
      for (const auto& v : w->iter_args) fn(v);
      for (const auto& r : w->return_vars) fn(r);
    }
  }
  /// Adds every tile value `e` reads (an IterArg use is a leaf: its init is read at the loop).
  static void uses(const ir::Expr& e, const ir::Span& at, Live& live) {
    if (!e) return;
    visit::walk_exprs(e, [&](const ir::Expr& x) {
      if (ir::is_var_like(x) && is_tile(x)) live.insert_or_assign(x.get(), Use{x, at});
    });
  }
  const std::optional<TileRanges::Range>& read_range(const ir::Expr& v) {
    auto it = read_ranges_.find(v.get());
    if (it == read_ranges_.end()) it = read_ranges_.emplace(v.get(), ranges_.range(v, true)).first;
    return it->second;
  }
  static const planning::OpStorage* rule_of(const ir::Expr& value) {
    auto* c = ir::expr_as<ir::Call>(value);
    return c && c->kind == ir::CallKind::Op ? planning::op_storage(c->callee) : nullptr;
  }
  void body(const ir::Stmt& b, Live& live) {
    std::vector<const ir::Stmt*> list;
    ir::FlatStmts it(b);
    while (const ir::Stmt* s = it.next()) list.push_back(s);
    for (auto i = list.rbegin(); i != list.rend() && !found_; ++i) stmt(**i, live);
  }

  void assign(const ir::Stmt& s, const ir::Assign& a, Live& live) {
    check_write(s, a, live);
    live.erase(a.var.get());
    uses(a.value, s->span, live);
  }

  void stmt(const ir::Stmt& s, Live& live) {
    if (auto* a = ir::stmt_as<ir::Assign>(s)) return assign(s, *a, live);
    if (auto* e = ir::stmt_as<ir::Eval>(s)) return uses(e->value, s->span, live);
    if (auto* r = ir::stmt_as<ir::Return>(s)) {
      for (const auto& v : r->values) uses(v, s->span, live);
      return;
    }
    if (auto* y = ir::stmt_as<ir::Yield>(s)) {
      for (const auto& v : y->values) uses(v, s->span, live);
      return;
    }
    if (auto* sc = ir::stmt_as<ir::Scope>(s)) return body(sc->body, live);
    if (auto* i = ir::stmt_as<ir::If>(s)) {
      for (const auto& r : i->return_vars) live.erase(r.get());
      Live other = live;
      body(i->then_body, live);
      if (i->else_body) body(i->else_body, other);
      for (auto& [k, v] : other) live.emplace(k, std::move(v));
      return uses(i->cond, s->span, live);
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
    for (const auto& r : *results) live.erase(r.get());
    // The body's end: what is live after the loop, and what the next iteration reads that the body
    // does not define.
    Live inner = live;
    Live read;
    ir::Span at = s->span;
    visit::walk_all(*b, [&](const ir::Stmt& st) { at = st->span; }, [&](const ir::Expr& x) {
      if (ir::is_var_like(x) && is_tile(x)) read.emplace(x.get(), Use{x, at});
    });
    if (cond) uses(*cond, s->span, read);
    std::unordered_set<const ir::ExprNode*> defined;  // by the body alone (a value defined once)
    visit::walk_stmts(*b, [&](const ir::Stmt& st) {
      definitions(st, [&](const ir::Expr& v) {
        if (defs_[v.get()] == 1) defined.insert(v.get());
      });
    });
    for (const auto& ia : *ias) defined.insert(ia.get());  // each iteration's value comes from the yield
    for (auto& [k, v] : read)
      if (!defined.count(k)) inner.emplace(k, std::move(v));
    body(*b, inner);
    if (cond) uses(*cond, s->span, inner);
    for (const auto& ia : *ias) inner.erase(ia.get());
    for (auto& [k, v] : inner) live.emplace(k, std::move(v));
    for (const auto& ia : *ias)
      if (auto* it = ir::expr_as<ir::IterArg>(ia)) uses(it->init, s->span, live);
  }

  /// The bytes `a` writes, or nullopt when it writes none (or they are unknown: the storage index
  /// reports that).
  std::optional<TileRanges::Range> written(const ir::Assign& a) {
    const planning::OpStorage* rule = rule_of(a.value);
    if (!rule) return std::nullopt;
    const ir::Call& c = std::get<ir::Call>(a.value->kind);
    switch (rule->rule) {
      case planning::StorageRule::New: {
        auto dst = ranges_.range(a.var, false);
        if (dst && ir::op_id(c.callee) == ir::op::id("tile.move") && !c.args.empty() && is_tile(c.args[0])) {
          const auto& src = read_range(c.args[0]);
          if (src && TileRanges::same_bytes(*src, *dst)) return std::nullopt;  // an exact self-copy: no byte changes
        }
        return dst;
      }
      case planning::StorageRule::Accumulate: return ranges_.range(a.var, false);
      case planning::StorageRule::Assemble: {
        auto w = ranges_.assemble_written(c, a.var);
        if (w && c.args.size() > 1 && is_tile(c.args[1]))
          if (const auto& src = read_range(c.args[1]); src && TileRanges::same_bytes(*src, *w))
            return std::nullopt;  // an exact self-write: no byte changes ("need no snapshot")
        return w;
      }
      default: return std::nullopt;
    }
  }

  /// `a` writes tile storage: the bytes it writes against every other value live after it.
  void check_write(const ir::Stmt& s, const ir::Assign& a, const Live& live) {
    if (found_ || live.empty()) return;
    auto dst = written(a);
    if (!dst) return;
    // The conflict read first after this write (then by name): the same report on every run.
    const Live::value_type* hit = nullptr;
    auto before = [](const Live::value_type& x, const Live::value_type& y) {
      const ir::Span &p = x.second.at, &q = y.second.at;
      if (p.line != q.line) return p.line < q.line;
      if (p.col != q.col) return p.col < q.col;
      return ir::var_name(x.second.value) < ir::var_name(y.second.value);
    };
    for (const auto& e : live) {
      if (e.first == a.var.get()) continue;
      const auto& v = read_range(e.second.value);
      if (!v || !TileRanges::meet(*v, *dst)) continue;
      if (!hit || before(e, *hit)) hit = &e;
    }
    if (!hit) return;
    const Use& u = hit->second;
    const auto& v = read_range(u.value);
    const std::string when = u.at.line && u.at.line <= s->span.line ? ", in the next iteration" : "";
    const auto& callee = std::get<ir::Call>(a.value->kind).callee;
    found_ = LowerError{
        s->span,
        fmt::format("the destination '{}' ({}) of {} is placed over {}, which is still live (read again at line {}{}): "
                    "these bytes are needed after this write, so lowering fails closed{}",
                    ir::var_name(a.var), TileRanges::bytes_of(*dst), std::string(callee), TileRanges::named(u.value, *v),
                    u.at.line, when, dst->alloc ? "" : " (addressed planners check effective-range overlap)")};
  }
};

}  // namespace ptorw::lowering
