// Where a planned tile's bytes are, for the conversion's two fail-closed overlap proofs
// (write_read_overlap.hpp: a destination against the windows its op reads; live_overlap.hpp: a
// destination against the values still live across its write). lower_tile_to_buffer.md: "PYPTO
// and DSA_RP provide final effective byte addresses; PTOAS provides allocation identities without
// addresses", "Vec slices ... keep their parent's row pitch", "The disjointness proof uses
// inherited row pitch and includes gaps between rows".
//  * a window cut by constant offsets down a chain of slices (through plain aliases) from a whole
//    tile, read as an operand, is its exact span with the inherited row pitch
//    (planning/window_spans.hpp); a window at a runtime offset is the whole range of the window it
//    is cut from ("A runtime-offset window can only be placed within its whole source window"), any
//    other (a relabel of a window) its MemRef window, and neither is exact; a whole tile (MemRef
//    bytes = physical bytes) is its own span;
//  * spans are effective addresses (allocation address + offset, per memory space) when the
//    allocation is addressed (PYPTO, DSA_RP), else offsets within one allocation (PTOAS: distinct
//    addressless allocations never alias).
#pragma once
#include <fmt/core.h>

#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>

#include "ptorw/ir/function.hpp"
#include "ptorw/ir/op_id.hpp"
#include "ptorw/lowering/planning/storage_rules.hpp"
#include "ptorw/lowering/planning/window_spans.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::lowering {

class TileRanges {
 public:
  /// Where a tile's bytes are: the allocation (null when addressed: one address space per memory
  /// space), and its span there (effective addresses when addressed).
  struct Range {
    const ir::ExprNode* alloc = nullptr;
    ir::MemSpace space = ir::MemSpace::Vec;
    planning::WindowSpan span;
    bool exact = true;  // false: a conservative hull (never an exact self-write)
    std::string alloc_name;
  };

  explicit TileRanges(const ir::Function& f) {
    std::unordered_set<const ir::ExprNode*> twice;
    visit::walk_all(f.body, [&](const ir::Stmt& s) {
      auto* a = ir::stmt_as<ir::Assign>(s);
      if (!a) return;
      if (auto* c = ir::expr_as<ir::Call>(a->value); c && ir::op_id(c->callee) == ir::op::id("tile.alloc")) {
        allocs_[a->var.get()] = Alloc{ir::kwarg_as<ir::MemSpace>(c->kwargs, "memory_space").value_or(ir::MemSpace::Vec),
                                      ir::kwarg_as<std::int64_t>(c->kwargs, "addr"), ir::var_name(a->var)};
      } else if (ir::type_as<ir::TileType>(a->var->type) && !defs_.emplace(a->var.get(), a->value).second) {
        twice.insert(a->var.get());
      }
    }, [](const ir::Expr&) {});
    for (const auto* v : twice) defs_[v] = nullptr;  // defined more than once: provenance unknown
  }

  /// The bytes `t` names (`read`: as an operand, possibly a window of a larger MemRef); nullopt for
  /// a value without planned storage (the storage index reports a malformed one).
  std::optional<Range> range(const ir::Expr& t, bool read) const { return range(t, read, 0); }

  /// The bytes `tile.assemble` (`c`, defining `result`) writes: the source's rows at constant
  /// offsets inside a whole result placed in its target's storage (in place); otherwise the whole
  /// result (a result in other storage is first a copy of the target), as a hull when not exact.
  std::optional<Range> assemble_written(const ir::Call& c, const ir::Expr& result) const {
    auto res = range(result, false);
    auto* rt = ir::type_as<ir::TileType>(result ? result->type : nullptr);
    if (!res || !rt || c.args.size() < 3) return res;
    auto* st = ir::type_as<ir::TileType>(c.args[1] ? c.args[1]->type : nullptr);
    if (!assemble_in_place(c, result) || !res->exact || !st || st->shape.size() != 2) return res;
    auto* offs = ir::expr_as<ir::MakeTuple>(c.args[2]);
    auto row = offs && offs->elems.size() == 2 ? ir::const_int(offs->elems[0]) : std::nullopt;
    auto col = offs && offs->elems.size() == 2 ? ir::const_int(offs->elems[1]) : std::nullopt;
    auto rows = ir::const_int(st->shape[0]), cols = ir::const_int(st->shape[1]);
    if (!row || !col || !rows || !cols) return hull_of(*res);
    auto w = planning::window_span(res->span.row_bytes, ir::dtype_bytes(rt->dtype), *row, *col, *rows, *cols);
    if (!w) return hull_of(*res);
    w->origin += res->span.origin;
    res->span = *w;
    return res;
  }

  /// Whether tile.assemble `c` writes its result in its target's storage (same allocation and
  /// offset): only the source's rows are written, else the target is first copied into the result.
  static bool assemble_in_place(const ir::Call& c, const ir::Expr& result) {
    auto* rt = ir::type_as<ir::TileType>(result ? result->type : nullptr);
    auto* tt = c.args.empty() || !c.args[0] ? nullptr : ir::type_as<ir::TileType>(c.args[0]->type);
    return rt && rt->memref && tt && tt->memref && tt->memref->base == rt->memref->base &&
           ir::const_int(tt->memref->offset) == ir::const_int(rt->memref->offset);
  }

  /// Both in one storage (one memory space when addressed, one allocation when not) and not
  /// provably apart: hull-disjointness is the proof.
  static bool meet(const Range& a, const Range& b) {
    return a.alloc == b.alloc && a.space == b.space && planning::relate(a.span, b.span) != planning::WindowRelation::Disjoint;
  }
  /// Exactly the same bytes, both known exactly: an exact self-write or self-copy changes none.
  static bool same_bytes(const Range& a, const Range& b) {
    return a.exact && b.exact && a.alloc == b.alloc && a.space == b.space && a.span == b.span;
  }
  /// "'v' (effective bytes [a, b))", with how far a window may reach when its span is not exact.
  static std::string named(const ir::Expr& v, const Range& r) {
    return "'" + ir::var_name(v) + "' (" + bytes_of(r) + (r.exact ? "" : ", the whole range its window can reach") + ")";
  }

  /// "effective bytes [a, b)" (addressed) or "bytes [a, b) of 'mem'" (addressless).
  static std::string bytes_of(const Range& r) {
    auto end = planning::hull_end(r.span);
    if (!r.alloc) return fmt::format("effective bytes [{}, {})", r.span.origin, end.value_or(-1));
    return fmt::format("bytes [{}, {}) of '{}'", r.span.origin, end.value_or(-1), r.alloc_name);
  }

 private:
  /// `r` as one conservative row.
  static Range hull_of(Range r) {
    if (auto end = planning::hull_end(r.span)) r.span = planning::WindowSpan{r.span.origin, *end - r.span.origin, 1, *end - r.span.origin};
    r.exact = false;
    return r;
  }
  std::optional<Range> range(const ir::Expr& t, bool read, int depth) const {
    auto* tt = ir::type_as<ir::TileType>(t ? t->type : nullptr);
    if (!tt || !tt->memref || !tt->memref->base) return std::nullopt;
    auto a = allocs_.find(tt->memref->base.get());
    auto off = ir::const_int(tt->memref->offset), size = ir::const_int(tt->memref->size);
    if (a == allocs_.end() || !off || !size) return std::nullopt;
    Range r{a->second.addr ? nullptr : a->first, a->second.space, {}, true, a->second.name};
    const std::int64_t base = a->second.addr.value_or(0);
    // Conservative: the whole MemRef window as one row.
    auto hull = [&]() {
      r.span = planning::WindowSpan{base + *off, *size, 1, *size};
      r.exact = false;
      return r;
    };
    auto rows = tt->shape.size() == 2 ? ir::const_int(tt->shape[0]) : std::nullopt;
    auto rb = row_bytes(*tt);
    if (!rows || !rb) return hull();
    // A whole tile: its MemRef holds exactly its physical bytes (a window's is its source's).
    auto whole = [](const ir::TileType& w) {
      auto wb = planning::tile_bytes(w);
      return wb && ir::const_int(w.memref->size) == wb;
    };
    if (!read) {
      if (!whole(*tt)) return hull();
      r.span = planning::WindowSpan{base + *off, *rb, *rows, *rb};
      return r;
    }
    auto root = slice_root(t);
    if (!root) {
      // "A runtime-offset window can only be placed within its whole source window": the source's
      // own range (a constant window of a larger tile is narrower than the MemRef window).
      if (auto src = slice_source(t); src && depth < 64)
        if (auto* st = ir::type_as<ir::TileType>(src->type); st && st->memref && st->memref->base == tt->memref->base)
          if (auto sr = range(src, true, depth + 1)) return hull_of(*sr);
      return hull();
    }
    auto& [rt, row, col] = *root;
    auto* rtt = ir::type_as<ir::TileType>(rt->type);
    if (!rtt || !rtt->memref || rtt->memref->base != tt->memref->base || !whole(*rtt) || rtt->dtype != tt->dtype) return hull();
    const std::int64_t roff = ir::const_int(rtt->memref->offset).value_or(-1), pitch = row_bytes(*rtt).value_or(0);
    if (roff < 0 || pitch <= 0) return hull();
    auto s = planning::window_span(pitch, ir::dtype_bytes(tt->dtype), row, col, *rows, *rb / ir::dtype_bytes(tt->dtype));
    if (!s) return hull();
    s->origin += base + roff;
    r.span = *s;
    return r;
  }


  struct Alloc {
    ir::MemSpace space;
    std::optional<std::int64_t> addr;
    std::string name;
  };
  std::unordered_map<const ir::ExprNode*, Alloc> allocs_;
  std::unordered_map<const ir::ExprNode*, ir::Expr> defs_;  // tile -> its definition (null: unknown)

  /// The tile `t` is sliced from (through plain aliases), when `t` is a tile.slice result.
  ir::Expr slice_source(const ir::Expr& t) const {
    ir::Expr cur = t;
    for (int depth = 0; depth < 64; ++depth) {
      auto it = defs_.find(cur.get());
      if (it == defs_.end() || !it->second) return nullptr;
      if (ir::is_var_like(it->second)) {
        cur = it->second;
        continue;
      }
      auto* c = ir::expr_as<ir::Call>(it->second);
      if (!c || ir::op_id(c->callee) != ir::op::id("tile.slice") || c->args.empty()) return nullptr;
      return c->args[0];
    }
    return nullptr;
  }

  static std::optional<std::int64_t> row_bytes(const ir::TileType& t) {
    auto cols = t.shape.size() == 2 ? ir::const_int(t.shape[1]) : std::nullopt;
    return cols ? std::optional(*cols * ir::dtype_bytes(t.dtype)) : std::nullopt;
  }
  /// The tile a window is cut from through constant slice offsets (and plain aliases), with the
  /// element offsets summed; nullopt when some offset is not a constant or provenance is unknown.
  /// `t` itself (offsets 0) when it is no slice.
  std::optional<std::tuple<ir::Expr, std::int64_t, std::int64_t>> slice_root(const ir::Expr& t) const {
    ir::Expr cur = t;
    std::int64_t row = 0, col = 0;
    for (int depth = 0; depth < 64; ++depth) {
      auto it = defs_.find(cur.get());
      if (it == defs_.end()) return std::tuple{cur, row, col};
      if (!it->second) return std::nullopt;
      if (ir::is_var_like(it->second)) {
        cur = it->second;
        continue;
      }
      auto* c = ir::expr_as<ir::Call>(it->second);
      if (!c || ir::op_id(c->callee) != ir::op::id("tile.slice") || c->args.size() < 3) return std::tuple{cur, row, col};
      auto* offs = ir::expr_as<ir::MakeTuple>(c->args[2]);
      auto r = offs && offs->elems.size() == 2 ? ir::const_int(offs->elems[0]) : std::nullopt;
      auto k = offs && offs->elems.size() == 2 ? ir::const_int(offs->elems[1]) : std::nullopt;
      if (!r || !k) return std::nullopt;
      row += *r;
      col += *k;
      cur = c->args[0];
    }
    return std::nullopt;
  }
};

}  // namespace ptorw::lowering
