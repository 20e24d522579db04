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
// tile.assemble is judged against its own operands (judge_assemble: the source against the window
// it is copied into, or, in other storage, the result against its target and its source);
// tile.matmul_acc accumulates in place by contract. What they write over other live values is
// live_overlap.hpp's.
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
      if (rule && rule->rule == planning::StorageRule::Assemble) {
        if (auto why = judge_assemble(*c, a->var)) found = LowerError{s->span, *why};
        return;
      }
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
  static std::string named(const ir::Expr& v, const Range& r) { return TileRanges::named(v, r); }
  /// tile.assemble's own operands against what it writes: in place, the source is copied into the
  /// result's window, so it must be that window exactly (an exact self-write) or apart from it; in
  /// other storage, the target is copied into the result first, so the result must be the target's
  /// bytes exactly or apart from them, and apart from the source (spec "An overlapping source is
  /// preserved by an explicit copy of its full typed parent before planning"; "BufferIR proves each
  /// window disjoint from the destinations written while it is read").
  std::optional<std::string> judge_assemble(const ir::Call& c, const ir::Expr& result) const {
    if (c.args.size() < 2) return std::nullopt;
    auto res = ranges_.range(result, false);
    auto src = ranges_.range(c.args[1], true);
    if (!res) return std::nullopt;
    const std::string tail = ": an overlapping source needs a snapshot before planning (InitMemRef), so lowering fails closed";
    if (TileRanges::assemble_in_place(c, result)) {
      auto w = ranges_.assemble_written(c, result);
      if (src && w && TileRanges::meet(*src, *w) && !TileRanges::same_bytes(*src, *w))
        return "the source " + named(c.args[1], *src) + " of tile.assemble overlaps the window of " + named(result, *w) +
               " it is copied into without being exactly it" + tail;
      return std::nullopt;
    }
    auto tgt = ranges_.range(c.args[0], true);
    if (tgt && TileRanges::meet(*tgt, *res) && !TileRanges::same_bytes(*tgt, *res))
      return "the result " + named(result, *res) + " of tile.assemble partly overlaps its target " + named(c.args[0], *tgt) +
             ", which is copied into it first" + tail;
    if (src && TileRanges::meet(*src, *res))
      return "the source " + named(c.args[1], *src) + " of tile.assemble lies in its result " + named(result, *res) +
             ", which the copy of the target overwrites before the source is read" + tail;
    return std::nullopt;
  }
  std::optional<std::string> judge(const ir::Call& c, const ir::Expr& dst_var, const Range& dst, const ir::Expr& src_var,
                                   const Range& src) const {
    if (!TileRanges::meet(src, dst)) return std::nullopt;  // other storage, or provably apart
    const planning::OpStorage* rule = planning::op_storage(c.callee);
    const std::string d = "'" + ir::var_name(dst_var) + "' (" + bytes_of(dst) + ")";
    const std::string s = named(src_var, src);
    if (!rule->in_place_ok)
      return std::string(c.callee) + " requires a destination distinct from its operand: " + d + " overlaps " + s;
    if (TileRanges::same_bytes(src, dst)) return std::nullopt;  // exactly in place
    return "the destination " + d + " of " + std::string(c.callee) + " may overlap the window " + s +
           " that it reads: BufferIR proves each window disjoint from the destinations written while it is read, so lowering "
           "fails closed instead of guessing";
  }
};

}  // namespace ptorw::lowering
