// Where a PTOAS accumulator's Buffer declaration goes (lower_tile_to_buffer.md, "Conversion
// contract"): "For addressless PTOAS accumulators referenced entirely within one region, conversion
// places the descriptor declarations at the first reference, preserving the producer's local
// lifetime instead of extending it across loop backedges. Storage shared across regions or carried
// by a loop retains its original dominating declaration."
//
// InitMemRef hoists every tile.alloc to the top of the kernel. For an addressless (no `addr=`)
// pl.Mem.Acc allocation, this finds the innermost region (a loop body, an If arm or a scope body,
// as the converter sees it: nested sequences flattened) that holds every statement naming one of
// its tiles, and the first such statement there. A tile named by a compound statement's own parts
// (an iter arg, a loop or If result, a yield) is referenced in the region holding that part, so a
// carried or branch-joined accumulator stays where it was declared.
#pragma once
#include <cstddef>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/stmt.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::lowering {

/// Statement (as `visit::FlatStmts` yields it) → the alloc targets whose definitions go right
/// before it instead of at their top-level tile.alloc.
using DeferredAllocs = std::unordered_map<const ir::StmtNode*, std::vector<ir::Expr>>;

namespace region_acc_detail {

/// One position in the body: the region (the body statement a FlatStmts walks) and the index of
/// the flattened statement in it.
struct Step {
  const ir::StmtNode* region;
  std::size_t index;
  const ir::StmtNode* stmt;
};
using Path = std::vector<Step>;

class Finder {
 public:
  explicit Finder(const ir::Function& f) {
    // The candidates: top-level `m = pl.tile.alloc(pl.Mem.Acc, n)` with no address (PTOAS).
    visit::FlatStmts it(f.body);
    while (const ir::Stmt* st = it.next()) {
      auto* a = ir::stmt_as<ir::Assign>(*st);
      auto* c = a ? ir::expr_as<ir::Call>(a->value) : nullptr;
      if (!c || ir::op_id(c->callee) != ir::op::id("tile.alloc") || ir::find_kwarg(c->kwargs, "addr")) continue;
      if (ir::kwarg_as<ir::MemSpace>(c->kwargs, "memory_space") != ir::MemSpace::Acc) continue;  // as storage_index.hpp reads it
      index_.emplace(a->var.get(), bases_.size());
      bases_.push_back(Base{a->var, {}});
    }
    if (bases_.empty()) return;
    Path path;
    region(f.body, path);
  }

  DeferredAllocs result() const {
    DeferredAllocs out;
    for (const Base& b : bases_) {  // in declaration order: several may go before one statement
      if (b.paths.empty()) continue;
      // The deepest level whose steps are all in one region while every level above it passes
      // through one statement; level 0 is the function body, where the declaration already is.
      auto one_region = [&](std::size_t d) {
        for (const Path& p : b.paths)
          if (p.size() <= d || p[d].region != b.paths[0][d].region) return false;
        return true;
      };
      auto one_stmt = [&](std::size_t d) {
        for (const Path& p : b.paths)
          if (p[d].index != b.paths[0][d].index) return false;
        return true;
      };
      std::size_t level = 0;
      while (one_stmt(level) && one_region(level + 1)) ++level;
      if (level == 0) continue;
      const Step* first = nullptr;
      for (const Path& p : b.paths)
        if (!first || p[level].index < first->index) first = &p[level];
      out[first->stmt].push_back(b.var);
    }
    return out;
  }

 private:
  struct Base {
    ir::Expr var;
    std::vector<Path> paths;  // where its tiles are named
  };
  std::vector<Base> bases_;
  std::unordered_map<const ir::ExprNode*, std::size_t> index_;  // alloc variable → its entry in bases_

  /// The candidate allocation a tile-typed expression lives in, if any.
  Base* base_of(const ir::Expr& e) {
    auto* t = e ? ir::type_as<ir::TileType>(e->type) : nullptr;
    if (!t || !t->memref || !t->memref->base) return nullptr;
    auto it = index_.find(t->memref->base.get());
    return it == index_.end() ? nullptr : &bases_[it->second];
  }
  /// Every tile of a candidate named in `e` (its own parts only, not nested statements).
  void names(const ir::Expr& e, const Path& at) {
    if (!e) return;
    visit::walk_exprs(e, [&](const ir::Expr& x) {
      if (Base* b = base_of(x)) b->paths.push_back(at);
    });
  }

  void region(const ir::Stmt& body, Path& path) {
    visit::FlatStmts it(body);
    std::size_t i = 0;
    while (const ir::Stmt* st = it.next()) {
      path.push_back(Step{body.get(), i++, st->get()});
      stmt(*st, path);
      path.pop_back();
    }
  }

  void stmt(const ir::Stmt& s, Path& path) {
    ir::visit_stmt([&](const auto& k) {
      using K = std::decay_t<decltype(k)>;
      if constexpr (std::is_same_v<K, ir::Assign>) {
        // The allocation itself names the base, not a tile of it.
        names(k.var, path);
        names(k.value, path);
      } else if constexpr (std::is_same_v<K, ir::Eval>) {
        names(k.value, path);
      } else if constexpr (std::is_same_v<K, ir::Yield> || std::is_same_v<K, ir::Return>) {
        for (const auto& v : k.values) names(v, path);
      } else if constexpr (std::is_same_v<K, ir::If>) {
        names(k.cond, path);
        for (const auto& v : k.return_vars) names(v, path);
        region(k.then_body, path);
        if (k.else_body) region(k.else_body, path);
      } else if constexpr (std::is_same_v<K, ir::For>) {
        names(k.start, path);
        names(k.stop, path);
        names(k.step, path);
        for (const auto& v : k.iter_args) names(v, path);
        for (const auto& v : k.return_vars) names(v, path);
        region(k.body, path);
      } else if constexpr (std::is_same_v<K, ir::While>) {
        names(k.cond, path);
        for (const auto& v : k.iter_args) names(v, path);
        for (const auto& v : k.return_vars) names(v, path);
        region(k.body, path);
      } else if constexpr (std::is_same_v<K, ir::Scope>) {
        region(k.body, path);
      }
    }, s->kind);
  }
};

}  // namespace region_acc_detail

/// The region-local addressless accumulators of a planned kernel and where each is declared.
inline DeferredAllocs region_local_accumulators(const ir::Function& f) { return region_acc_detail::Finder(f).result(); }

}  // namespace ptorw::lowering
