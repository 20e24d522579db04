// Destinations against the windows they read (lower_tile_to_buffer.md, "Windows: slice and
// assemble": "BufferIR proves each window disjoint from the destinations written while it is read.
// A runtime-offset window can only be placed within its whole source window. When an addressed
// planner overlaps part of that range with such a destination, lowering fails closed instead of
// guessing that the runtime offset avoids it"; "Initial supported recipes": "recip requires a
// distinct destination"). Asked by the explicit conversion before it writes anything.
//
// Every op whose result is new storage (planning's StorageRule::New: elementwise, move, load, ...)
// is checked against each tile operand:
//  * the read range: a window cut by constant offsets down a chain of slices (through plain
//    aliases) from a whole tile is its exact span with the inherited row pitch
//    (planning/window_spans.hpp); any other window (a runtime offset, a relabel of a window) is its
//    MemRef window, i.e. its whole source window, the range a runtime offset can reach, and is never
//    exact; a whole tile (MemRef bytes = physical bytes) is its own span;
//  * the destination range: its own span;
//  * both are placed where they live: effective addresses (allocation address + offset, per memory
//    space) when the allocations are addressed (PYPTO, DSA_RP), else within one allocation
//    (PTOAS: distinct addressless allocations never alias);
//  * exactly the same span is an in-place write, accepted when the op allows it (not recip);
//    disjoint hulls are accepted; anything else is refused, naming both byte ranges.
// tile.assemble (its snapshot rule is InitMemRef's) and tile.matmul_acc (in place by contract) are
// not New and are not asked here.
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
#include "ptorw/lowering/storage_index.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::lowering {

class WriteReadOverlap {
 public:
  explicit WriteReadOverlap(const ir::Function& f) : f_(f) {
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

  /// The first destination that may overlap a window its op reads; nullopt when every one is proven.
  std::optional<LowerError> run() {
    std::optional<LowerError> found;
    visit::walk_all(f_.body, [&](const ir::Stmt& s) {
      auto* a = found ? nullptr : ir::stmt_as<ir::Assign>(s);
      auto* c = a ? ir::expr_as<ir::Call>(a->value) : nullptr;
      const planning::OpStorage* rule = c && c->kind == ir::CallKind::Op ? planning::op_storage(c->callee) : nullptr;
      if (!rule || rule->rule != planning::StorageRule::New) return;
      auto dst = range(a->var, false);
      if (!dst) return;
      for (const auto& arg : c->args) {
        auto src = ir::type_as<ir::TileType>(arg ? arg->type : nullptr) ? range(arg, true) : std::nullopt;
        if (!src || found) continue;
        if (auto why = judge(*c, a->var, *dst, arg, *src)) found = LowerError{s->span, *why};
      }
    }, [](const ir::Expr&) {});
    return found;
  }

 private:
  struct Alloc {
    ir::MemSpace space;
    std::optional<std::int64_t> addr;
    std::string name;
  };
  /// Where a tile's bytes are: the allocation (null when addressed: one address space per memory
  /// space), and its span there (effective addresses when addressed).
  struct Range {
    const ir::ExprNode* alloc = nullptr;
    ir::MemSpace space = ir::MemSpace::Vec;
    planning::WindowSpan span;
    bool exact = true;  // false: a conservative hull (never an exact self-write)
    std::string alloc_name;
  };
  const ir::Function& f_;
  std::unordered_map<const ir::ExprNode*, Alloc> allocs_;
  std::unordered_map<const ir::ExprNode*, ir::Expr> defs_;  // tile -> its definition (null: unknown)

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
  /// The bytes `t` names (`read`: as an operand, possibly a window of a larger MemRef).
  std::optional<Range> range(const ir::Expr& t, bool read) const {
    auto* tt = ir::type_as<ir::TileType>(t ? t->type : nullptr);
    if (!tt || !tt->memref || !tt->memref->base) return std::nullopt;
    auto a = allocs_.find(tt->memref->base.get());
    auto off = ir::const_int(tt->memref->offset), size = ir::const_int(tt->memref->size);
    if (a == allocs_.end() || !off || !size) return std::nullopt;  // the storage index reports it
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
    if (!root) return hull();
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
  /// "effective bytes [a, b)" (addressed) or "bytes [a, b) of 'mem'" (addressless).
  static std::string bytes_of(const Range& r) {
    auto end = planning::hull_end(r.span);
    if (!r.alloc) return fmt::format("effective bytes [{}, {})", r.span.origin, end.value_or(-1));
    return fmt::format("bytes [{}, {}) of '{}'", r.span.origin, end.value_or(-1), r.alloc_name);
  }
  std::optional<std::string> judge(const ir::Call& c, const ir::Expr& dst_var, const Range& dst, const ir::Expr& src_var,
                                   const Range& src) const {
    if (dst.alloc != src.alloc || dst.space != src.space) return std::nullopt;  // different storage
    auto rel = planning::relate(src.span, dst.span);
    if (rel == planning::WindowRelation::Disjoint) return std::nullopt;
    const planning::OpStorage* rule = planning::op_storage(c.callee);
    const std::string d = "'" + ir::var_name(dst_var) + "' (" + bytes_of(dst) + ")";
    const std::string s = "'" + ir::var_name(src_var) + "' (" + bytes_of(src) + (src.exact ? "" : ", the whole range its window can reach") + ")";
    if (!rule->in_place_ok)
      return std::string(c.callee) + " requires a destination distinct from its operand: " + d + " overlaps " + s;
    if (rel == planning::WindowRelation::Same && src.exact && dst.exact) return std::nullopt;  // exactly in place
    return "the destination " + d + " of " + std::string(c.callee) + " may overlap the window " + s +
           " that it reads: BufferIR proves each window disjoint from the destinations written while it is read, so lowering "
           "fails closed instead of guessing";
  }
};

}  // namespace ptorw::lowering
