// Type inference functions of the op registry (one per result shape rule).
#pragma once
#include <string>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/int_fold.hpp"
#include "ptorw/ir/tile_layout.hpp"

namespace ptorw::ir {

struct InferResult {
  Type type;
  std::string error;  // non-empty: the op is ill-typed
  static InferResult ok(Type t) { return {std::move(t), {}}; }
  static InferResult fail(std::string msg) { return {unknown_type(), std::move(msg)}; }
};
using InferFn = InferResult (*)(const std::vector<Expr>& args, const Kwargs& kw);

namespace infer {

/// A dim as types keep it: constant arithmetic folded (`[2 * 8, 64]` is the static shape
/// [16, 64], as PyPTO folds it while parsing: tile planning reads static dims), any other
/// expression as written. The operand itself keeps its text.
inline Expr type_dim(const Expr& d) {
  if (!d || (!expr_as<Binary>(d) && !expr_as<Unary>(d))) return d;
  if (auto v = const_int_value(d)) return make_int(*v, dtype_of(d->type).value_or(DType::INDEX), d->span);
  return d;
}
/// The elements of a list operand, each a type_dim (these lists are shapes, offsets and strides).
inline std::vector<Expr> list_elems(const Expr& e) {
  auto* t = expr_as<MakeTuple>(e);
  if (!t) return {};
  std::vector<Expr> r = t->elems;
  for (Expr& x : r) x = type_dim(x);
  return r;
}
inline DType kw_dtype(const Kwargs& kw, DType dflt) { return kwarg_as<DType>(kw, "dtype").value_or(dflt); }

inline InferResult tensor_create(const std::vector<Expr>& a, const Kwargs& kw) {
  if (!find_kwarg(kw, "dtype")) return InferResult::fail("tensor.create needs dtype=");
  return InferResult::ok(make_type(TensorType{list_elems(a[0]), kw_dtype(kw, DType::FP32), {}, {}}));
}
inline InferResult tensor_full(const std::vector<Expr>& a, const Kwargs& kw) {
  return InferResult::ok(make_type(TensorType{list_elems(a[0]), kw_dtype(kw, DType::FP32), {}, {}}));
}
/// tensor.slice(t, shape, offset[, valid_shape], drop_dims=[...]): the offset has the source's
/// rank; a shorter shape names the trailing dims (the leading ones unit and dropped), and
/// `drop_dims` drops further unit dims of the shape (docs/dsl.md "Slices").
/// The `clamp=` and `pad_value=` keywords of a slice: a bool, and one of pl.PadValue.null, zero,
/// max, min. Returns an error message, or "" when both are well formed (or absent).
inline std::string slice_keywords_error(const char* op, const Kwargs& kw, std::optional<PadValue>* pad = nullptr) {
  if (const AttrValue* c = find_kwarg(kw, "clamp"); c && !std::holds_alternative<bool>(*c))
    return std::string(op) + " clamp must be True or False";
  if (const AttrValue* p = find_kwarg(kw, "pad_value")) {
    auto* e = std::get_if<EnumRef>(p);
    std::optional<PadValue> v;
    if (e && e->text.rfind("pl.PadValue.", 0) == 0) v = enum_from<PadValue>(std::string_view(e->text).substr(12));
    if (!v) return std::string(op) + " pad_value must be pl.PadValue.null, zero, max or min";
    if (pad) *pad = v;
  }
  return {};
}

/// Whether a slice's `pad_value=` fills its padding (given, and not pl.PadValue.null; a malformed
/// value counts, the type rule reports it): such a slice is no plain window of its source.
inline bool slice_pads(const Kwargs& kw) {
  const AttrValue* p = find_kwarg(kw, "pad_value");
  if (!p) return false;
  const auto* e = std::get_if<EnumRef>(p);
  return !e || e->text != "pl.PadValue.null";
}

inline InferResult tensor_slice(const std::vector<Expr>& a, const Kwargs& kw) {
  auto* t = type_as<TensorType>(a[0]->type);
  if (!t) return InferResult::fail("tensor.slice of a non-tensor");
  if (std::string e = slice_keywords_error("tensor.slice", kw); !e.empty()) return InferResult::fail(std::move(e));
  auto shape = list_elems(a[1]);
  const std::size_t rank = t->shape.size();
  if (list_elems(a[2]).size() != rank)
    return InferResult::fail("tensor.slice offset must have the rank of the source (" + std::to_string(rank) + ")");
  if (shape.empty() || shape.size() > rank)
    return InferResult::fail("tensor.slice shape has " + std::to_string(shape.size()) + " dims; the source has rank " +
                             std::to_string(rank) + " (a shorter shape names the trailing dims)");
  if (a.size() > 3 && list_elems(a[3]).size() != shape.size())
    return InferResult::fail("tensor.slice valid_shape must have the rank of the shape (" + std::to_string(shape.size()) + ")");
  if (const AttrValue* d = find_kwarg(kw, "drop_dims")) {
    const Expr* e = std::get_if<Expr>(d);
    auto* list = e ? expr_as<MakeTuple>(*e) : nullptr;
    if (!list) return InferResult::fail("tensor.slice drop_dims must be a list of dims, e.g. drop_dims=[0]");
    std::vector<bool> drop(shape.size(), false);
    std::int64_t last = -1;
    for (const Expr& x : list->elems) {
      auto k = const_int(x);
      if (!k || *k <= last || *k >= static_cast<std::int64_t>(shape.size()))
        return InferResult::fail("tensor.slice drop_dims must list distinct dims of the shape in increasing order");
      auto n = const_int(shape[static_cast<std::size_t>(*k)]);
      if (!n || *n != 1) return InferResult::fail("tensor.slice drop_dims: dim " + std::to_string(*k) + " of the shape is not 1");
      drop[static_cast<std::size_t>(*k)] = true;
      last = *k;
    }
    if (list->elems.size() >= shape.size()) return InferResult::fail("tensor.slice drop_dims would drop every dim");
    std::vector<Expr> kept;
    for (std::size_t i = 0; i < shape.size(); ++i)
      if (!drop[i]) kept.push_back(shape[i]);
    shape = std::move(kept);
  }
  return InferResult::ok(make_type(TensorType{std::move(shape), t->dtype, {}, {}}));
}
inline InferResult tensor_reshape(const std::vector<Expr>& a, const Kwargs&) {
  auto* t = type_as<TensorType>(a[0]->type);
  if (!t) return InferResult::fail("tensor.reshape of a non-tensor");
  return InferResult::ok(make_type(TensorType{list_elems(a[1]), t->dtype, {}, {}}));
}
/// The dtype a matmul accumulates in: FP16/BF16/FP32 in FP32, INT8 in INT32 (lower_tile_to_buffer.md).
inline DType accumulation_dtype(DType operand) { return operand == DType::INT8 ? DType::INT32 : DType::FP32; }
/// tensor.matmul(a, b, out_dtype=...): [M, K] x [K, N] -> [M, N] in the accumulation dtype, or
/// converted to out_dtype (docs/semantics.md).
inline InferResult tensor_matmul(const std::vector<Expr>& a, const Kwargs& kw) {
  auto* l = type_as<TensorType>(a[0]->type);
  auto* r = type_as<TensorType>(a[1]->type);
  if (!l || !r || l->shape.size() != 2 || r->shape.size() != 2) return InferResult::fail("tensor.matmul needs rank-2 tensors");
  DType out = kwarg_as<DType>(kw, "out_dtype").value_or(accumulation_dtype(l->dtype));
  return InferResult::ok(make_type(TensorType{{l->shape[0], r->shape[1]}, out, {}, {}}));
}
inline InferResult first_operand_type(const std::vector<Expr>& a, const Kwargs&) { return InferResult::ok(a[0]->type); }
inline InferResult third_operand_type(const std::vector<Expr>& a, const Kwargs&) { return InferResult::ok(a[2]->type); }
inline InferResult element_scalar(const std::vector<Expr>& a, const Kwargs&) {
  auto d = dtype_of(a[0]->type);
  return InferResult::ok(scalar_type(d.value_or(DType::FP32)));
}
inline InferResult index_scalar(const std::vector<Expr>&, const Kwargs&) { return InferResult::ok(scalar_type(DType::INDEX)); }
inline InferResult ptr_result(const std::vector<Expr>&, const Kwargs& kw) {
  if (!kwarg_as<MemSpace>(kw, "memory_space")) return InferResult::fail("tile.alloc needs a memory space (pl.Mem.*)");
  return InferResult::ok(make_type(PtrType{}));
}
/// Elementwise results keep the operand's logical type but not its storage (a new value).
inline InferResult first_operand_tile(const std::vector<Expr>& a, const Kwargs&) {
  auto* t = type_as<TileType>(a[0]->type);
  if (!t) return InferResult::ok(a[0]->type);
  TileType r = *t;
  r.memref.reset();
  return InferResult::ok(make_type(std::move(r)));
}
inline InferResult tile_load(const std::vector<Expr>& a, const Kwargs& kw) {
  auto* t = type_as<TensorType>(a[0]->type);
  if (!t) return InferResult::fail("tile.load of a non-tensor");
  auto shape = list_elems(a[2]);
  if (list_elems(a[1]).size() != t->shape.size())
    return InferResult::fail("tile.load offsets must have the rank of the tensor (" + std::to_string(t->shape.size()) + ")");
  TileType r{std::move(shape), t->dtype, {}, kwarg_as<MemSpace>(kw, "target_memory").value_or(MemSpace::Vec), {}};
  if (a.size() > 3) r.view = TileView{list_elems(a[3]), {}, {}, {}, {}};
  return InferResult::ok(make_type(std::move(r)));
}
inline InferResult tile_create(const std::vector<Expr>& a, const Kwargs& kw) {
  return InferResult::ok(make_type(TileType{list_elems(a[0]), kw_dtype(kw, DType::FP32), {},
                                            kwarg_as<MemSpace>(kw, "target_memory").value_or(MemSpace::Vec), {}}));
}
inline InferResult tile_move(const std::vector<Expr>& a, const Kwargs& kw) {
  auto* t = type_as<TileType>(a[0]->type);
  if (!t) return InferResult::fail("tile.move of a non-tile");
  auto m = kwarg_as<MemSpace>(kw, "target_memory");
  if (!m) return InferResult::fail("tile.move needs target_memory=");
  // "The same value in another memory space" (docs/semantics.md): its valid rectangle and padding
  // go with it (review rev43b F3: the result was typed fully valid, so a moved partial tile lost
  // its valid_shape and selection kept the kernel on Tile IR); the layout is the target memory's.
  std::optional<TileView> view;
  if (t->view && (!t->view->valid_shape.empty() || t->view->pad))
    view = TileView{t->view->valid_shape, {}, {}, {}, t->view->pad};
  return InferResult::ok(make_type(TileType{t->shape, t->dtype, {}, *m, std::move(view)}));
}
/// tile.reshape and tile.slice: the shape operand; a slice's valid shape and `pad_value=` (the
/// padding the result holds, lower_tile_to_buffer.md TileView `pad`) go into its TileView.
inline InferResult tile_reshape(const std::vector<Expr>& a, const Kwargs& kw) {
  auto* t = type_as<TileType>(a[0]->type);
  if (!t) return InferResult::fail("operand 1 must be a tile");
  std::optional<PadValue> pad;
  if (std::string e = slice_keywords_error("tile.slice", kw, &pad); !e.empty()) return InferResult::fail(std::move(e));
  TileType r{list_elems(a[1]), t->dtype, {}, t->memory, {}};
  if (pad == PadValue::null) pad.reset();
  if (a.size() > 3 || pad) r.view = TileView{a.size() > 3 ? list_elems(a[3]) : std::vector<Expr>{}, {}, {}, {}, pad};
  return InferResult::ok(make_type(std::move(r)));
}
inline InferResult tile_extract(const std::vector<Expr>& a, const Kwargs& kw) {
  auto* t = type_as<TileType>(a[0]->type);
  if (!t) return InferResult::fail("tile.extract of a non-tile");
  return InferResult::ok(make_type(TileType{list_elems(a[3]), t->dtype, {},
                                            kwarg_as<MemSpace>(kw, "target_memory").value_or(MemSpace::Left), {}}));
}
inline InferResult tile_transpose(const std::vector<Expr>& a, const Kwargs&) {
  auto* t = type_as<TileType>(a[0]->type);
  if (!t) return InferResult::fail("tile.transpose_view of a non-tile");
  TileType r = *t;
  std::reverse(r.shape.begin(), r.shape.end());
  r.view.reset();
  // A fractal (boxed) tile's transpose is a relabel of its boxes: NZ bytes read transposed are ZN
  // (lower_tile_to_buffer.md "Matrix storage": these tiles "keep their resolved fractal layout";
  // "tile.transpose_view needs no call: storage indexing has already declared the relabelled
  // window"). So the result's layout swaps blayout and slayout; printing omits it when it equals the
  // space's implicit layout. Row-major (Vec) tiles keep no layout fields.
  const MemSpace m = t->memory.value_or(MemSpace::Vec);
  auto l = resolve_layout(m, t->view), base = implicit_layout(m);
  if (l && base && l->slayout != TileLayout::none_box) {
    TileView v;  // only the fields that differ from the space's implicit layout (one canonical form)
    if (l->slayout != base->blayout) v.blayout = l->slayout;
    if (l->blayout != base->slayout) v.slayout = l->blayout;
    if (l->fractal != base->fractal) v.fractal = l->fractal;
    if (v.blayout || v.slayout || v.fractal) r.view = std::move(v);
  }
  return InferResult::ok(make_type(std::move(r)));
}
inline InferResult tile_set_validshape(const std::vector<Expr>& a, const Kwargs&) {
  auto* t = type_as<TileType>(a[0]->type);
  if (!t) return InferResult::fail("tile.set_validshape of a non-tile");
  TileType r = *t;
  r.memref.reset();  // a deduced type names no storage (InitMemRef puts MemRefs on variables only)
  TileView v = r.view.value_or(TileView{});
  // Dims as types keep them (type_dim): `set_validshape(x, 1 // 6, 64)` states valid rows 0, as an
  // annotation `valid_shape=[1 // 6, 64]` reads (the parser folds annotation dims); kept as written,
  // the printed type read back as another program (parser smoke fuzz, 37th session).
  v.valid_shape = {type_dim(a[1]), type_dim(a[2])};
  r.view = std::move(v);
  return InferResult::ok(make_type(std::move(r)));
}
/// A row (`Row`) or column reduction of a rank-2 tile (reduction_ops.hpp): [R, C] -> [R, 1] or
/// [1, C], the operand's dtype and memory space, no storage. A valid region [vr, vc] of the operand
/// becomes [vr, 1] or [1, vc] (the interpreter reduces the valid region only); equal to the shape,
/// it is omitted (one canonical form).
template <bool Row> InferResult tile_reduce(const std::vector<Expr>& a, const Kwargs&) {
  auto* t = type_as<TileType>(a[0]->type);
  if (!t) return InferResult::fail("operand 1 must be a tile");
  if (t->shape.size() != 2) return InferResult::fail("a row or column reduction needs a rank-2 tile");
  const Expr one = make_int(1, dtype_of(t->shape[Row ? 1 : 0]->type).value_or(DType::INDEX));
  TileType r{Row ? std::vector<Expr>{t->shape[0], one} : std::vector<Expr>{one, t->shape[1]}, t->dtype, {}, t->memory, {}};
  if (t->view && t->view->valid_shape.size() == 2) {
    const Expr& kept = t->view->valid_shape[Row ? 0 : 1];
    const Expr& dim = t->shape[Row ? 0 : 1];
    auto kc = const_int(kept), dc = const_int(dim);
    if (kept != dim && !(kc && dc && *kc == *dc))
      r.view = TileView{Row ? std::vector<Expr>{kept, one} : std::vector<Expr>{one, kept}, {}, {}, {}, {}};
  }
  return InferResult::ok(make_type(std::move(r)));
}
/// The rounding modes `tile.cast` accepts (`mode="rint"`: PyPTO's spelling; the set is the Ascend
/// conversion modes). docs/semantics.md "tile.cast" says what each means.
inline constexpr std::string_view kCastModes[] = {"none", "rint", "round", "floor", "ceil", "trunc", "odd"};
/// tile.cast(t, target_type=pl.X[, mode="rint"]): t's tile type with the target dtype (shape,
/// memory space and view kept; no storage: the bytes per element may change).
inline InferResult tile_cast(const std::vector<Expr>& a, const Kwargs& kw) {
  auto* t = type_as<TileType>(a[0]->type);
  if (!t) return InferResult::fail("operand 1 must be a tile");
  auto to = kwarg_as<DType>(kw, "target_type");
  if (!to) return InferResult::fail("tile.cast needs target_type=pl.<dtype>");
  if (auto* m = find_kwarg(kw, "mode")) {
    auto* s = std::get_if<std::string>(m);
    bool known = false;
    for (std::string_view k : kCastModes) known = known || (s && *s == k);
    if (!known) {
      std::string all;
      for (std::string_view k : kCastModes) all += (all.empty() ? "\"" : ", \"") + std::string(k) + "\"";
      return InferResult::fail("tile.cast mode must be one of " + all);
    }
  }
  TileType r = *t;
  r.memref.reset();
  r.dtype = *to;
  return InferResult::ok(make_type(std::move(r)));
}
/// FP16/BF16/FP32 accumulate in FP32; INT8 in INT32 (lower_tile_to_buffer.md, cube path).
inline InferResult tile_matmul(const std::vector<Expr>& a, const Kwargs& kw) {
  auto* l = type_as<TileType>(a[0]->type);
  auto* r = type_as<TileType>(a[1]->type);
  if (!l || !r || l->shape.size() != 2 || r->shape.size() != 2) return InferResult::fail("tile.matmul needs rank-2 tiles");
  DType acc = accumulation_dtype(l->dtype);
  if (auto out = kwarg_as<DType>(kw, "out_dtype"); out && *out != acc)
    return InferResult::fail("tile.matmul accumulates in pl." + std::string(name_of(acc)) + " in Acc; out_dtype=pl." +
                             std::string(name_of(*out)) + " is not supported on tiles (convert after the store)");
  return InferResult::ok(make_type(TileType{{l->shape[0], r->shape[1]}, acc, {}, MemSpace::Acc, {}}));
}

/// Buffer IR (lower_tile_to_buffer.md "Representation example"): ops that write a destination
/// return VoidType; descriptor-defining ops (alloc, subview, reshape) take their result type from
/// the assignment's `pl.Buffer[...]` annotation, which the Buffer verifier requires.
inline InferResult void_result(const std::vector<Expr>&, const Kwargs&) { return InferResult::ok(void_type()); }
inline InferResult annotated_buffer(const std::vector<Expr>&, const Kwargs&) { return InferResult::ok(unknown_type()); }

}  // namespace infer
}  // namespace ptorw::ir
