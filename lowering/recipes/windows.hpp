// Windows (lower_tile_to_buffer.md, "Windows: slice and assemble").
//
//   w = tile.slice(x, shape, offsets)   →  w_window = buffer.subview(x_buf, offsets, shape)
//
// "tile.slice is a window of its source at possibly runtime offsets, keeping the source's row
// pitch. Its offsets exist only where the slice is written, so the window is defined there, not at
// the allocation": the subview is written at the slice and every later use of `w` names it (the
// storage index does not index slice results; planning gave them their source's whole window).
// Nested slices are subviews of subviews. tile.assemble: see AssembleWindow below.
//
// Default rollout ("Vec slices with static or runtime offsets, including nested slices, keep their
// parent's row pitch ... Vector base addresses must be 32-byte aligned ... Selection proves
// alignment from scalar SSA arithmetic and inherited row pitch ... Unproven alignment retains Tile
// IR"): a Vec source, rank 2, no clamp, static positive shape within the source, a static valid
// shape (runtime-valid windows stay Tile), and a column byte offset proven a multiple of 32 — the
// divisor known from constants through products, sums, differences, negation, min/max and scalar
// SSA definitions makes it one (`block * 8`, `(b * 4) * 2` for FP32). Row offsets need no proof: rows are
// 32-byte aligned. Slicing a relabelled window stays Tile.
#pragma once
#include <algorithm>
#include <numeric>
#include <string_view>

#include "ptorw/ir/op_infer.hpp"
#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/recipes/provenance.hpp"
#include "ptorw/lowering/recipes/recipe_context.hpp"
#include "ptorw/lowering/recipes/stated_valid.hpp"

namespace ptorw::lowering::recipes {

namespace window_detail {

/// A divisor of the integer value of `e` known from its scalar SSA arithmetic, reduced modulo 64
/// (only divisibility by 32 / element size matters): a constant k gives gcd(k, 64) (0 gives 64);
/// `a * b` multiplies its operands' divisors, `a + b`, `a - b`, `min`, `max` keep their gcd, `-a`
/// keeps a's, a variable its SSA definition's (depth-bounded); anything else is 1.
inline std::int64_t known_divisor(const ir::Expr& e, const std::unordered_map<const ir::ExprNode*, ir::Expr>* defs, int depth = 0) {
  constexpr std::int64_t cap = 64;
  if (!e || depth > 16) return 1;
  if (auto k = ir::const_int(e)) return *k == 0 ? cap : std::gcd(*k < 0 ? -*k : *k, cap);
  if (auto* u = ir::expr_as<ir::Unary>(e)) return u->op == ir::UnOp::Neg ? known_divisor(u->operand, defs, depth + 1) : 1;
  if (auto* b = ir::expr_as<ir::Binary>(e)) {
    switch (b->op) {
      case ir::BinOp::Add: case ir::BinOp::Sub: case ir::BinOp::Min: case ir::BinOp::Max:
        return std::gcd(known_divisor(b->lhs, defs, depth + 1), known_divisor(b->rhs, defs, depth + 1));
      case ir::BinOp::Mul:
        return std::gcd(known_divisor(b->lhs, defs, depth + 1) * known_divisor(b->rhs, defs, depth + 1), cap);
      default: return 1;
    }
  }
  if (defs && ir::is_var_like(e))
    if (auto it = defs->find(e.get()); it != defs->end()) return known_divisor(it->second, defs, depth + 1);
  return 1;
}

/// Whether `e` (an INDEX column offset, in elements) times `esize` bytes is provably a multiple of
/// 32 ("Selection proves alignment from scalar SSA arithmetic"): its known divisor times the element
/// size is (`block * 8`, `(b * 4) * 2` and `c * 2` with `c = b * 4` for FP32).
inline bool aligned(const ir::Expr& e, std::int64_t esize, const std::unordered_map<const ir::ExprNode*, ir::Expr>* defs) {
  return e && (known_divisor(e, defs) * esize) % 32 == 0;
}

/// Two offset/shape pairs that are the same values (constants equal, variables identical).
inline bool same_pair(const ir::Expr& a, const ir::Expr& b) {
  auto *x = ir::expr_as<ir::MakeTuple>(a), *y = ir::expr_as<ir::MakeTuple>(b);
  if (!x || !y || x->elems.size() != y->elems.size()) return false;
  for (std::size_t i = 0; i < x->elems.size(); ++i)
    if (!same_value_expr(x->elems[i], y->elems[i])) return false;
  return true;
}

/// The tuple operands after the first (offsets, sizes, valid) of two subview calls are the same values.
inline bool same_pairs(const std::vector<ir::Expr>& a, const std::vector<ir::Expr>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 1; i < a.size(); ++i)
    if (!same_pair(a[i], b[i])) return false;
  return true;
}

/// Two planned tiles in the same storage window (one MemRef base, one constant offset): "the
/// planner gave them" the same storage, whatever their descriptors, so copying one into the other
/// would be a self-copy.
inline bool same_storage(const ir::Expr& a, const ir::Expr& b) {
  auto *x = ir::type_as<ir::TileType>(a->type), *y = ir::type_as<ir::TileType>(b->type);
  if (!x || !y || !x->memref || !y->memref || !x->memref->base || x->memref->base != y->memref->base) return false;
  auto p = ir::const_int(x->memref->offset), q = ir::const_int(y->memref->offset);
  return p && q && *p == *q;
}

/// Two tiles that state the same valid rectangle (stated_valid_dims: an absent valid shape is the
/// physical shape).
inline bool same_valid(const ir::TileType& a, const ir::TileType& b) {
  const auto &x = stated_valid_dims(a), &y = stated_valid_dims(b);
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i)
    if (!same_value_expr(x[i], y[i])) return false;
  return true;
}

/// tile.assemble "keeps target's valid extents" (docs/semantics.md, Tiles); the spec lets the result
/// enlarge them ("When assemble enlarges the valid region, the preservation copy writes through a
/// view matching the target's original valid rectangle"), but a result typed with a smaller
/// rectangle than the target's would be stored over that smaller region by its Buffer consumers
/// while the Tile program keeps the target's (audit 2026-12-05 N1): refused.
inline Refusal assemble_result_valid_refusal(const ir::TileType& target, const ir::TileType& result) {
  const std::vector<ir::Expr>& tv = stated_valid_dims(target);
  const std::vector<ir::Expr>& rv = stated_valid_dims(result);
  if (tv.size() != rv.size()) return std::nullopt;
  for (std::size_t i = 0; i < tv.size(); ++i) {
    auto t = ir::const_int(tv[i]), r = ir::const_int(rv[i]);
    if (t && r && *r < *t)
      return refuse("tile.assemble's result is typed with valid extents [" + visit::describe_list(rv) + "], smaller than its target's [" +
                    visit::describe_list(tv) + "] that the op keeps (docs/semantics.md, Tiles): its Buffer consumers would use the "
                    "typed region instead");
  }
  return std::nullopt;
}

/// A slice without a valid_shape operand gives its window "the source's valid region clipped to
/// the window" (docs/semantics.md, Tiles), which the window's type must state: the Buffer window
/// carries the type's valid tuple, so a fully valid type over a partially valid source would read
/// rows the Tile program leaves out (audit 2026-12-05 N2). The refusal when they differ, or when the
/// clipped region is not known statically (a partially valid source cut at a runtime offset).
inline Refusal slice_default_valid_refusal(const ir::TileType& src, const ir::TileType& res, const ir::Call& c,
                                           const ir::MakeTuple& offs) {
  if (c.args.size() > 3 && c.args[3]) return std::nullopt;  // stated by the call: the type is inferred from it
  const std::vector<ir::Expr>& sv = stated_valid_dims(src);
  const std::vector<ir::Expr>& rv = stated_valid_dims(res);
  if (sv.size() != 2 || rv.size() != 2 || src.shape.size() != 2 || res.shape.size() != 2) return std::nullopt;
  std::vector<ir::Expr> clipped;
  for (std::size_t i = 0; i < 2; ++i) {
    auto v = ir::const_int(sv[i]), p = ir::const_int(src.shape[i]), n = ir::const_int(res.shape[i]);
    if (!v || !p || !n) return std::nullopt;  // runtime valid sources are refused by their own rule
    if (*v == *p) { clipped.push_back(ir::make_int(*n)); continue; }  // whole dimension valid: the window's
    auto o = ir::const_int(offs.elems[i]);
    if (!o) return refuse("tile.slice of a partially valid tile at a runtime offset: the window's valid region (the source's clipped to "
                          "the window) is not known statically, so it retains Tile IR");
    clipped.push_back(ir::make_int(std::clamp<std::int64_t>(*v - *o, 0, *n)));
  }
  return stated_valid_refusal(res, clipped, "tile.slice");
}

/// "Constant valid extents must be positive and fit the window ... Zero-valid slice and assemble
/// windows are rejected": the refusal for a window type whose constant valid extent is not in
/// [1, its dimension], or nullopt.
inline Refusal valid_extents_fit(const ir::TileType& w, std::string_view what) {
  if (!w.view) return std::nullopt;
  for (std::size_t i = 0; i < w.view->valid_shape.size() && i < w.shape.size(); ++i) {
    auto v = ir::const_int(w.view->valid_shape[i]), n = ir::const_int(w.shape[i]);
    if (v && *v == 0) return refuse("a zero-valid " + std::string(what) + " window is rejected");
    if (v && (*v < 0 || (n && *v > *n))) return refuse("a constant valid extent of the " + std::string(what) + " window must be positive and fit the window");
  }
  return std::nullopt;
}

/// Whether a window of `shape` (`dtype`) read at a row pitch of `pitch` bytes has dense rows, the
/// condition of every relabel ("Reshape and reinterpret preserve equal physical bytes and require
/// dense source row pitch, including single-row sources"): one row (rank 1, or one row of rank 2),
/// or rows of exactly `pitch` bytes. Returns nullopt when dense; otherwise why not, as the words
/// after "a window ": strided ("whose rows are not dense (R-byte rows at a P-byte pitch)") or not
/// known ("needs a static shape and a known row pitch"). Selection (pitch from Tile provenance) and
/// conversion (pitch from its storage views) share it.
struct NotDense {
  bool strided;
  std::string what;
};
inline std::optional<NotDense> window_rows_not_dense(const std::vector<ir::Expr>& shape, ir::DType dtype,
                                                        std::optional<std::int64_t> pitch) {
  if (shape.size() == 1 && ir::const_int(shape[0])) return std::nullopt;
  auto rows = shape.size() == 2 ? ir::const_int(shape[0]) : std::nullopt;
  auto cols = shape.size() == 2 ? ir::const_int(shape[1]) : std::nullopt;
  if (rows && *rows == 1 && cols) return std::nullopt;
  if (!rows || !cols || !pitch) return NotDense{false, "needs a static shape and a known row pitch"};
  const std::int64_t row_bytes = *cols * ir::dtype_bytes(dtype);
  if (row_bytes == *pitch) return std::nullopt;
  return NotDense{true, "whose rows are not dense (" + std::to_string(row_bytes) + "-byte rows at a " +
                           std::to_string(*pitch) + "-byte pitch)"};
}

/// A relabel of the window `src` (provenance::is_window) under the default rollout: "a relabel of a
/// window is a buffer.reshape of it at the same place"; "Reshape and reinterpret preserve equal
/// physical bytes and require dense source row pitch, including single-row sources"; and
/// "runtime-offset relabels ... strided relabels ... remain Tile in the normal pipeline". Dense: the
/// window is one row, or its rows are whole rows of the storage (row bytes equal to the inherited
/// row pitch). Every offset down the window's slice chain is a constant.
inline Refusal window_relabel_refusal(const ir::Expr& src, const provenance::TileDefs& defs) {
  if (auto* t = ir::type_as<ir::TileType>(src->type); t && runtime_valid(*t))
    return refuse("a relabel of a window with runtime valid extents retains Tile IR (dynamic-valid relabels)");
  const ir::Call* window = nullptr;  // the slice the relabelled window comes from
  ir::Expr cur = src;
  for (int depth = 0; depth < 64; ++depth) {
    const ir::Call* d = provenance::tile_def(cur, defs);
    if (provenance::is_slice_call(d)) {
      if (!window) window = d;
      auto* offs = d->args.size() > 2 ? ir::expr_as<ir::MakeTuple>(d->args[2]) : nullptr;
      if (!offs) return refuse("a relabelled window's slice offsets must be a pair");
      for (const auto& o : offs->elems)
        if (!ir::const_int(o)) return refuse("a relabel of a window cut at a runtime offset retains Tile IR (runtime-offset relabels)");
    } else if (!provenance::is_relabel_call(d)) {
      break;
    }
    cur = d->args[0];
  }
  if (!window) return refuse("the relabelled window's provenance is unknown (a variable defined more than once)");
  auto* shape = window->args.size() > 1 ? ir::expr_as<ir::MakeTuple>(window->args[1]) : nullptr;
  auto* parent = ir::type_as<ir::TileType>(window->args[0]->type);
  if (!parent || !shape || shape->elems.size() != 2)
    return refuse("a relabelled window needs a static shape and a known row pitch");
  auto why = window_rows_not_dense(shape->elems, parent->dtype, provenance::row_pitch(window->args[0], defs));
  if (!why) return std::nullopt;
  if (!why->strided) return refuse("a relabelled window " + why->what);
  return refuse("a relabel of a window " + why->what + " retains Tile IR (strided relabels)");
}

/// The descriptor of a slice's window: its shape, the source's dtype and space, its valid shape
/// when partial — per axis: "windows retain their per-axis static/dynamic descriptors" (a runtime
/// extent is -1, a constant one stays), unlike an allocation, whose two dimensions both become
/// dynamic when its metadata can change.
inline ir::Type window_type(const ir::TileType& t) {
  if (!runtime_valid(t)) return buffer_descriptor(t);
  ir::BufferType b{t.shape, t.dtype, t.memory.value_or(ir::MemSpace::Vec), t.view};
  for (auto& e : b.view->valid_shape)
    if (!ir::const_int(e)) e = ir::make_int(-1);
  return ir::make_type(std::move(b));
}

/// The operands of `buffer.subview(parent, offsets, sizes[, valid])` for a static window of type
/// `t`: "Every lowered window carries its valid tuple, so PTOAS types each native dimension from it"
/// — a partially valid window names its valid extents (the emitter writes `valid [...]`); a full one
/// is the spec's three-operand form (its valid tuple is its shape).
inline std::vector<ir::Expr> static_subview_args(ir::Expr parent, ir::Expr offsets, const ir::TileType& t, ir::Span sp) {
  std::vector<ir::Expr> args{std::move(parent), std::move(offsets), ir::make_tuple(t.shape, sp)};
  if (!full_valid(window_type(t))) args.push_back(ir::make_tuple(t.view->valid_shape, sp));
  return args;
}

}  // namespace window_detail

struct SliceWindow {
  static constexpr std::string_view name = "slice_window";
  static constexpr bool default_rollout = true;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.slice"); }
  static bool produces(ir::OpId) { return false; }  // buffer.subview: AllocDefinition owns its rule
  static Refusal applies(const ir::Expr& target, const ir::Call& c, const ApplyContext& ax) {
    auto* src = c.args.empty() ? nullptr : ir::type_as<ir::TileType>(c.args[0]->type);
    auto* res = ir::type_as<ir::TileType>(target ? target->type : nullptr);
    if (!src || !res) return refuse("tile.slice must slice a tile into an assigned tile");
    if (ir::kwarg_as<bool>(c.kwargs, "clamp").value_or(false)) return refuse("tile.slice with clamp=True has no Buffer recipe");
    if (ir::infer::slice_pads(c.kwargs)) return refuse("tile.slice with pad_value has no Buffer recipe (a window cannot hold its padding)");
    if (src->memory.value_or(ir::MemSpace::Vec) != ir::MemSpace::Vec)
      return refuse("tile.slice of a non-Vec tile has no Buffer recipe yet");
    if (src->shape.size() != 2 || res->shape.size() != 2) return refuse("tile.slice windows are rank 2 (rank-reducing slices are rejected)");
    if (runtime_valid(*src))
      return refuse("tile.slice of a tile with runtime valid extents retains Tile IR (nested dynamic-valid windows)");
    if (auto why = window_detail::valid_extents_fit(*res, "slice")) return why;
    auto* offs = c.args.size() > 2 ? ir::expr_as<ir::MakeTuple>(c.args[2]) : nullptr;
    if (!offs || offs->elems.size() != 2) return refuse("tile.slice offsets must be a pair");
    if (auto why = window_detail::slice_default_valid_refusal(*src, *res, c, *offs)) return why;
    for (std::size_t i = 0; i < 2; ++i) {
      auto n = ir::const_int(res->shape[i]), p = ir::const_int(src->shape[i]);
      if (!n || !p || *n <= 0 || *n > *p) return refuse("tile.slice shape must be static, positive and within its source");
      if (auto o = ir::const_int(offs->elems[i]); o && (*o < 0 || *o + *n > *p))
        return refuse("tile.slice window lies outside its source");
    }
    if (!ax.default_rollout()) return std::nullopt;
    if (!ax.tile_defs) return refuse("tile.slice needs SSA tile definitions to know what it slices");
    if (provenance::window_relabel(c.args[0], *ax.tile_defs))
      return refuse("tile.slice of a relabelled window retains Tile IR (slicing a relabelled window)");
    if (runtime_valid(*res) && provenance::is_window(c.args[0], *ax.tile_defs))
      return refuse("a window with runtime valid extents cut from a window retains Tile IR (nested dynamic-valid windows)");
    if (!window_detail::aligned(offs->elems[1], ir::dtype_bytes(src->dtype), ax.scalar_defs))
      return refuse("tile.slice column offset is not proven 32-byte aligned (unproven alignment retains Tile IR)");
    return std::nullopt;
  }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    ir::Expr parent = cx.handle(c.args[0], sp);
    if (!parent) return;
    auto* t = ir::type_as<ir::TileType>(target->type);
    const std::string base = ir::var_name(target).empty() ? std::string("slice") : ir::var_name(target);
    if (runtime_valid(*t)) {
      // "Every lowered window carries its valid tuple"; "Dynamic-valid subviews are materialized at
      // their guarded consumers": written inside each consumer's guard, not here.
      cx.defer(target, base + "_window", window_detail::window_type(*t), "buffer.subview",
               {parent, c.args[2], ir::make_tuple(t->shape, sp), ir::make_tuple(t->view->valid_shape, sp)});
      return;
    }
    ir::Expr w = ir::make_var(base + "_window", window_detail::window_type(*t), target->span);
    cx.define(w, "buffer.subview", window_detail::static_subview_args(parent, c.args[2], *t, sp), sp);
    cx.bind(target, w);
  }
  static Refusal check_buffer(const ir::Expr&, const ir::Call&, BufferCheckContext&) { return std::nullopt; }
};

/// tile.assemble (spec "Windows: slice and assemble"):
///
///   r = tile.assemble(t, x, offsets)  →  [buffer.copy(t_buf, r_buf)]            when planned apart
///                                         r_window = buffer.subview(r_buf, offsets, x_shape)
///                                         buffer.copy(x_buf, r_window)
///
/// "tile.assemble writes in place: the source is copied into a window of the result's storage,
/// after copying the target into the result when the planner gave them different storage" (InitMemRef
/// decides, storage_classes.hpp `decide_assembles`); "A source that already is the assembled window
/// was written in place and needs no copy". Default rollout ("Vec assemble requires a non-window
/// target and matching source/target row pitches"; "assemble with incompatible pitches or window
/// targets ... remain Tile"): Vec, rank 2, one dtype, static shapes with the source inside the
/// target, static non-zero valid extents ("Zero-valid slice and assemble windows are rejected",
/// "dynamic-valid relabels/assemble ... retain Tile IR"), a target that is not a slice window, the
/// source's inherited row pitch equal to the target's, and a column offset proven 32-byte aligned
/// ("Selection proves alignment ... for every slice and assemble destination").
struct AssembleWindow {
  static constexpr std::string_view name = "assemble_window";
  static constexpr bool default_rollout = true;
  static bool matches(ir::OpId op) { return op == ir::op::id("tile.assemble"); }
  static bool produces(ir::OpId) { return false; }  // buffer.copy / buffer.subview: their own entries
  static Refusal applies(const ir::Expr& target, const ir::Call& c, const ApplyContext& ax) {
    auto tile = [&](std::size_t i) { return c.args.size() > i ? ir::type_as<ir::TileType>(c.args[i]->type) : nullptr; };
    const ir::TileType *dst = tile(0), *src = tile(1), *res = ir::type_as<ir::TileType>(target ? target->type : nullptr);
    if (!dst || !src || !res || c.args.size() < 3) return refuse("tile.assemble must write a tile into a tile and be assigned");
    for (const ir::TileType* t : {dst, src, res})
      if (t->memory.value_or(ir::MemSpace::Vec) != ir::MemSpace::Vec)
        return refuse("tile.assemble across or into matrix memory spaces has no Buffer recipe (the fix-pipe Acc to Mat "
                      "forms are rejected until their recipes exist)");
    if (dst->shape.size() != 2 || src->shape.size() != 2) return refuse("tile.assemble windows are rank 2");
    if (dst->dtype != src->dtype) return refuse("tile.assemble of tiles with different dtypes");
    if (runtime_valid(*dst) || runtime_valid(*src) || runtime_valid(*res))
      return refuse("tile.assemble with runtime valid extents retains Tile IR (dynamic-valid assemble)");
    if (auto why = window_detail::valid_extents_fit(*src, "assemble")) return why;
    if (auto why = window_detail::assemble_result_valid_refusal(*dst, *res)) return why;
    auto* offs = ir::expr_as<ir::MakeTuple>(c.args[2]);
    if (!offs || offs->elems.size() != 2) return refuse("tile.assemble offsets must be a pair");
    for (std::size_t i = 0; i < 2; ++i) {
      auto n = ir::const_int(src->shape[i]), p = ir::const_int(dst->shape[i]);
      if (!n || !p || *n <= 0 || *n > *p) return refuse("tile.assemble shapes must be static with the source within its target");
      if (auto o = ir::const_int(offs->elems[i]); o && (*o < 0 || *o + *n > *p))
        return refuse("tile.assemble window lies outside its target");
    }
    if (!ax.default_rollout()) return std::nullopt;
    if (!ax.tile_defs) return refuse("tile.assemble needs SSA tile definitions to prove its target is not a window");
    if (provenance::is_window(c.args[0], *ax.tile_defs))
      return refuse("tile.assemble into a slice window (or a relabel of one) retains Tile IR (window targets)");
    auto sp = provenance::row_pitch(c.args[1], *ax.tile_defs), tp = provenance::row_pitch(c.args[0], *ax.tile_defs);
    if (!sp || !tp || *sp != *tp)
      return refuse("tile.assemble with incompatible pitches retains Tile IR: the source's row pitch is " +
                    (sp ? std::to_string(*sp) + " bytes" : std::string("unknown")) + ", the target's " +
                    (tp ? std::to_string(*tp) + " bytes" : std::string("unknown")));
    if (!window_detail::aligned(offs->elems[1], ir::dtype_bytes(src->dtype), ax.scalar_defs))
      return refuse("tile.assemble column offset is not proven 32-byte aligned (unproven alignment retains Tile IR)");
    return std::nullopt;
  }
  static void lower(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
    ir::Expr dst = cx.handle(target, sp), tgt = cx.handle(c.args[0], sp), src = cx.handle(c.args[1], sp);
    if (!dst || !tgt || !src) return;
    const std::string base = ir::var_name(target).empty() ? std::string("assembled") : ir::var_name(target);
    if (!window_detail::same_storage(c.args[0], target)) {
      // The preservation copy (planned apart). "When assemble enlarges the valid region, the
      // preservation copy writes through a view matching the target's original valid rectangle":
      // a zero-offset view of the result's storage with the target's descriptor.
      auto* t = ir::type_as<ir::TileType>(c.args[0]->type);
      ir::Expr into = dst;
      if (!window_detail::same_valid(*t, *ir::type_as<ir::TileType>(target->type))) {
        into = ir::make_var(base + "_pres", window_detail::window_type(*t), target->span);
        std::vector<ir::Expr> zero(t->shape.size(), ir::make_int(0, ir::DType::INDEX, sp));
        cx.define(into, "buffer.subview", window_detail::static_subview_args(dst, ir::make_tuple(zero, sp), *t, sp), sp);
      }
      cx.emit("buffer.copy", {tgt, into}, sp);
    }
    auto* s = ir::type_as<ir::TileType>(c.args[1]->type);
    std::vector<ir::Expr> args = window_detail::static_subview_args(dst, c.args[2], *s, sp);
    if (const ir::Call* d = cx.definition(src); d && d->callee == "buffer.subview" && d->args.size() == args.size() &&
                                                 d->args[0] == dst && window_detail::same_pairs(d->args, args))
      return;  // the source is the destination window: written in place
    ir::Expr w = ir::make_var(base + "_window", window_detail::window_type(*s), target->span);
    cx.define(w, "buffer.subview", std::move(args), sp);
    cx.emit("buffer.copy", {src, w}, sp);
  }
  static Refusal check_buffer(const ir::Expr&, const ir::Call&, BufferCheckContext&) { return std::nullopt; }
};

}  // namespace ptorw::lowering::recipes
