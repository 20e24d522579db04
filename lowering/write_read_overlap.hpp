// Destinations against the windows they read (lower_tile_to_buffer.md, "Windows: slice and
// assemble": "BufferIR proves each window disjoint from the destinations written while it is read.
// A runtime-offset window can only be placed within its whole source window. When an addressed
// planner overlaps part of that range with such a destination, lowering fails closed instead of
// guessing that the runtime offset avoids it"; "Initial supported recipes": "recip requires a
// distinct destination"). Asked by the explicit conversion before it writes anything.
//
// Every op whose result is new storage (planning's StorageRule::New: elementwise, move, load, ...)
// is checked against each tile operand: the read range and the destination range as
// tile_ranges.hpp places them (a window's exact span with the inherited row pitch, or the whole
// source window a runtime offset can reach); exactly the same span is an in-place write, accepted
// when the op allows it (not recip); disjoint hulls are accepted; anything else is refused, naming
// both byte ranges. Values live across the write that the op does not read are live_overlap.hpp's.
// tile.assemble (its snapshot rule is InitMemRef's) and tile.matmul_acc (in place by contract) are
// not New and are not asked here.
#pragma once
#include <optional>
#include <string>

#include "ptorw/ir/function.hpp"
#include "ptorw/lowering/planning/storage_rules.hpp"
#include "ptorw/lowering/planning/window_spans.hpp"
#include "ptorw/lowering/storage_index.hpp"
#include "ptorw/lowering/tile_ranges.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::lowering {

class WriteReadOverlap {
 public:
  explicit WriteReadOverlap(const ir::Function& f) : f_(f), ranges_(f) {}

  /// The first destination that may overlap a window its op reads; nullopt when every one is proven.
  std::optional<LowerError> run() {
    std::optional<LowerError> found;
    visit::walk_all(f_.body, [&](const ir::Stmt& s) {
      auto* a = found ? nullptr : ir::stmt_as<ir::Assign>(s);
      auto* c = a ? ir::expr_as<ir::Call>(a->value) : nullptr;
      const planning::OpStorage* rule = c && c->kind == ir::CallKind::Op ? planning::op_storage(c->callee) : nullptr;
      if (!rule || rule->rule != planning::StorageRule::New) return;
      auto dst = ranges_.range(a->var, false);
      if (!dst) return;
      for (const auto& arg : c->args) {
        auto src = ir::type_as<ir::TileType>(arg ? arg->type : nullptr) ? ranges_.range(arg, true) : std::nullopt;
        if (!src || found) continue;
        if (auto why = judge(*c, a->var, *dst, arg, *src)) found = LowerError{s->span, *why};
      }
    }, [](const ir::Expr&) {});
    return found;
  }

 private:
  using Range = TileRanges::Range;
  const ir::Function& f_;
  TileRanges ranges_;

  static std::string bytes_of(const Range& r) { return TileRanges::bytes_of(r); }
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
