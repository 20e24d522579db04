// Ops that name storage without moving data (lower_tile_to_buffer.md, "Planned storage views"):
//
//   base = tile.alloc(space, bytes[, addr=A])  →  the allocation and its aliases, at this place
//   t = tile.create(shape, dtype)              →  nothing: t's handle is declared at its allocation
//   v = tile.reshape(t, shape)                 →  nothing: "Logical tile.reshape disappears after its
//                                                 type and preserved storage window have been checked;
//                                                 the indexed typed alias supplies its result"
//   tile.move(t, Vec) into the same storage    →  nothing: "An exact self-copy is removed"
#pragma once
#include <string_view>

#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/recipes/recipe_context.hpp"
#include "ptorw/lowering/recipes/stated_valid.hpp"
#include "ptorw/lowering/recipes/windows.hpp"

namespace ptorw::lowering::recipes {

namespace storage_detail {
/// The BufferIR rule of an allocation: a static nonnegative 32-byte-multiple address, and one
/// planner per kernel (all addressed or all addressless).
inline Refusal check_alloc(const ir::Call& c, BufferCheckContext& bx) {
  if (c.args.size() < 2) {
    ++bx.addressless;
  } else {
    ++bx.addressed;
    auto a = ir::const_int(c.args[1]);
    if (!a || *a < 0 || *a % 32 != 0) return refuse("buffer.alloc address must be a static nonnegative multiple of 32");
  }
  if (bx.addressed && bx.addressless) return refuse("a kernel's allocations must be all addressed or all addressless (one planner)");
  return std::nullopt;
}
/// A typed window's valid tuple ("Windows: slice and assemble"): "Every lowered window carries its
/// valid tuple, so PTOAS types each native dimension from it. Constant valid extents must be
/// positive and fit the window. Each literal extent requires the same static result dimension,
/// while a dynamic result dimension requires a nonconstant extent." A window whose type is
/// partially valid without the tuple would be typed from its sizes by PTOAS.
inline Refusal check_valid_tuple(const ir::BufferType& t, const ir::Call& c) {
  const std::vector<ir::Expr> none;
  const auto& rv = t.view ? t.view->valid_shape : none;
  auto* vt = c.args.size() > 3 ? ir::expr_as<ir::MakeTuple>(c.args[3]) : nullptr;
  if (!vt) {
    if (c.args.size() > 3) return refuse("buffer.subview's valid extents must be a tuple");
    if (!rv.empty()) return refuse("buffer.subview of a partially valid window must carry its valid tuple (every lowered window carries its valid tuple)");
    return std::nullopt;
  }
  if (vt->elems.size() != t.shape.size()) return refuse("buffer.subview's valid tuple must have the view's rank");
  for (std::size_t i = 0; i < t.shape.size(); ++i) {
    auto k = ir::const_int(vt->elems[i]), n = ir::const_int(t.shape[i]);
    auto want = rv.empty() ? n : ir::const_int(rv[i]);
    if (k && (*k <= 0 || (n && *k > *n))) return refuse("buffer.subview's constant valid extents must be positive and fit the window");
    if (k && (!want || *want != *k))
      return refuse(fmt::format("buffer.subview's valid extent {} in dimension {} requires the same static valid dimension of its type", *k, i));
    if (!k && (!want || *want != -1))
      return refuse(fmt::format("buffer.subview's runtime valid extent in dimension {} requires a dynamic (-1) valid dimension of its type", i));
  }
  return std::nullopt;
}

/// The BufferIR rule of a view: same space; reshape keeps physical bytes; a subview of a byte root
/// lies inside its parent at a row offset.
inline Refusal check_view(const ir::BufferType& t, const ir::Call& c) {
  const std::string op = c.callee.str();
  auto* src = ir::type_as<ir::BufferType>(c.args[0]->type);
  if (!src) return std::nullopt;
  if (src->memory != t.memory) return refuse(op + " changes the memory space");
  if (ir::op_id(c.callee) == ir::op::id("buffer.reshape")) {
    auto a = static_bytes(src->shape, src->dtype), b = static_bytes(t.shape, t.dtype);
    if (!a || !b || *a != *b) return refuse("buffer.reshape must preserve physical bytes");
    return std::nullopt;
  }
  auto* mt = c.args.size() > 1 ? ir::expr_as<ir::MakeTuple>(c.args[1]) : nullptr;
  if (!mt || mt->elems.size() != src->shape.size()) return refuse("buffer.subview offsets must have the parent's rank");
  if (src->dtype != ir::DType::UINT8 && src->shape.size() == 2 && t.shape.size() == 2) {
    // A typed window (a slice, "Windows: slice and assemble"): the parent's dtype, sizes equal to
    // its shape, inside the parent at static offsets, and a 32-byte-aligned static column byte
    // offset ("Vector base addresses must be 32-byte aligned"). Runtime offsets are the caller's
    // precondition ("Runtime bounds remain caller preconditions"); selection proved their alignment.
    if (src->dtype != t.dtype) return refuse("buffer.subview of a typed parent keeps its dtype");
    auto* sz = c.args.size() > 2 ? ir::expr_as<ir::MakeTuple>(c.args[2]) : nullptr;
    if (!sz || sz->elems.size() != 2) return refuse("buffer.subview of a typed parent needs its sizes");
    for (std::size_t i = 0; i < 2; ++i) {
      auto n = ir::const_int(sz->elems[i]), want = ir::const_int(t.shape[i]), p = ir::const_int(src->shape[i]);
      if (!n || !want || *n != *want) return refuse("buffer.subview sizes must equal the view's shape");
      if (auto o = ir::const_int(mt->elems[i]); o && p && (*o < 0 || *o + *n > *p))
        return refuse(fmt::format("buffer.subview window [{}, {}) in dimension {} exceeds the parent's {}", *o, *o + *n, i, *p));
    }
    if (auto col = ir::const_int(mt->elems[1]); col && (*col * ir::dtype_bytes(t.dtype)) % 32 != 0)
      return refuse(fmt::format("buffer.subview column offset {} is {} bytes, not 32-byte aligned", *col,
                                *col * ir::dtype_bytes(t.dtype)));
    if (auto why = check_valid_tuple(t, c)) return why;
  }
  if (src->dtype == ir::DType::UINT8 && t.dtype == ir::DType::UINT8 && src->shape.size() == 2) {
    auto r = ir::const_int(mt->elems[0]);
    auto prow = ir::const_int(src->shape[0]), crow = ir::const_int(t.shape[0]);
    if (r && prow && crow && (*r < 0 || *r + *crow > *prow))
      return refuse("buffer.subview rows [" + std::to_string(*r) + ", " + std::to_string(*r + *crow) + ") exceed the parent's " +
                    std::to_string(*prow) + " rows");
  }
  return std::nullopt;
}
}  // namespace storage_detail

/// tile.alloc: the storage index's definitions (allocation, subviews, reshapes) at this place.
struct AllocDefinition {
  static constexpr std::string_view name = "alloc_definition";
  static constexpr bool default_rollout = true;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.alloc"); }
  static bool produces(ir::OpId op) {
    return op == ir::op::id("buffer.alloc") || op == ir::op::id("buffer.subview") || op == ir::op::id("buffer.reshape");
  }
  static Refusal applies(const ir::Expr&, const ir::Call&, const ApplyContext&) { return std::nullopt; }
  static void lower(const ir::Expr& target, const ir::Call&, ir::Span, RecipeContext& cx) {
    for (auto& s : cx.index().definitions(target)) cx.out.push_back(std::move(s));
  }
  /// Every definition names an annotated handle; Vec rows are 32-byte aligned ("Physical rows must
  /// be 32-byte aligned"); then the allocation or view rule.
  static Refusal check_buffer(const ir::Expr& target, const ir::Call& c, BufferCheckContext& bx) {
    const std::string op = c.callee.str();
    auto* t = target ? ir::type_as<ir::BufferType>(target->type) : nullptr;
    if (!t) return refuse(op + " must define a handle annotated pl.Buffer[...]");
    if (t->memory == ir::MemSpace::Vec && t->shape.size() == 2) {
      auto cols = ir::const_int(t->shape[1]);
      if (!cols || (*cols * ir::dtype_bytes(t->dtype)) % 32 != 0) return refuse("Vec buffer rows must be 32-byte aligned");
    }
    if (ir::op_id(c.callee) == ir::op::id("buffer.alloc")) return storage_detail::check_alloc(c, bx);
    return storage_detail::check_view(*t, c);
  }
};

/// tile.create: nothing; the tile's handle is declared at its allocation.
struct CreateTile {
  static constexpr std::string_view name = "create_tile";
  static constexpr bool default_rollout = true;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.create"); }
  static bool produces(ir::OpId) { return false; }
  static Refusal applies(const ir::Expr&, const ir::Call&, const ApplyContext&) { return std::nullopt; }
  static void lower(const ir::Expr& target, const ir::Call&, ir::Span sp, RecipeContext& cx) { cx.handle(target, sp); }
  static Refusal check_buffer(const ir::Expr&, const ir::Call&, BufferCheckContext&) { return std::nullopt; }
};

/// tile.reshape: nothing once its storage window is checked. The default rollout needs equal
/// physical bytes ("Reshape and reinterpret preserve equal physical bytes"). A relabel of a slice
/// window is the exception: the window is defined where the slice is written, "and a relabel of a
/// window is a buffer.reshape of it at the same place" (recipes/windows.hpp has the window rules).
struct ReshapeView {
  static constexpr std::string_view name = "reshape_view";
  static constexpr bool default_rollout = true;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.reshape"); }
  static bool produces(ir::OpId) { return false; }
  static Refusal applies(const ir::Expr& target, const ir::Call& c, const ApplyContext& ax) {
    auto* src = ir::type_as<ir::TileType>(c.args[0]->type);
    auto* dst = target ? ir::type_as<ir::TileType>(target->type) : nullptr;
    // A reshape's result is fully valid (semantics: "the padding of a partially valid source becomes
    // visible"); a relabel typed narrower would describe another region. In every mode.
    if (dst)
      if (auto r = stated_valid_refusal(*dst, dst->shape, "tile.reshape")) return r;
    if (!ax.default_rollout()) return std::nullopt;  // conversion checks the storage window itself
    if (!src || !dst || static_bytes(src->shape, src->dtype) != static_bytes(dst->shape, dst->dtype))
      return refuse("tile.reshape must preserve physical bytes");
    if (!ax.tile_defs) return refuse("tile.reshape needs SSA tile definitions to know whether it relabels a window");
    if (provenance::is_window(c.args[0], *ax.tile_defs)) return window_detail::window_relabel_refusal(c.args[0], *ax.tile_defs);
    return std::nullopt;
  }
  static Refusal check_buffer(const ir::Expr&, const ir::Call&, BufferCheckContext&) { return std::nullopt; }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    auto* t = ir::type_as<ir::TileType>(target->type);
    const std::string base = ir::var_name(target).empty() ? std::string("relabel") : ir::var_name(target);
    // A relabel reinterprets its window's bytes in place, which is the Tile reshape (row-major
    // values) only when the window's rows are dense: "strided relabels" retain Tile IR in selection
    // (window_detail::window_relabel_refusal), and explicit conversion — the form `emit` writes a
    // kernel kept on Tile in — refuses them too (36th session: it wrote a buffer.reshape of a
    // 128-byte-row window at a 256-byte pitch, which the interpreter refuses to run).
    if (auto* s = ir::type_as<ir::TileType>(c.args[0]->type); s && cx.is_window(c.args[0])) {
      if (auto why = window_detail::window_rows_not_dense(s->shape, s->dtype, cx.window_pitch(c.args[0]))) {
        if (!why->strided) return cx.fail(sp, "tile.reshape of a window " + why->what);
        return cx.fail(sp, "tile.reshape of a window " + why->what +
                               " has no Buffer form: a relabel reinterprets the window's bytes in place; copy the window "
                               "first (tile.move)");
      }
    }
    if (cx.deferred(c.args[0]))  // a window with runtime valid extents: reshaped inside each consumer's guard
      return cx.defer_view_of(target, c.args[0], base + "_view", buffer_descriptor(*t), "buffer.reshape");
    ir::Expr h = cx.handle(c.args[0], sp);
    if (!h) return;
    if (cx.definition(h)) {  // a window, defined where it was cut: reshape it here
      ir::Expr v = ir::make_var(base + "_view", buffer_descriptor(*t), target->span);
      cx.define(v, "buffer.reshape", {h}, sp);
      cx.bind(target, v);
      return;
    }
    check_relabel_window(target, c, sp, cx);
  }
};

}  // namespace ptorw::lowering::recipes
