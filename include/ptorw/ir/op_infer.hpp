// Type inference functions of the op registry (one per result shape rule).
#pragma once
#include <string>
#include <vector>

#include "ptorw/ir/builder.hpp"

namespace ptorw::ir {

struct InferResult {
  Type type;
  std::string error;  // non-empty: the op is ill-typed
  static InferResult ok(Type t) { return {std::move(t), {}}; }
  static InferResult fail(std::string msg) { return {unknown_type(), std::move(msg)}; }
};
using InferFn = InferResult (*)(const std::vector<Expr>& args, const Kwargs& kw);

namespace infer {

inline std::vector<Expr> list_elems(const Expr& e) {
  if (auto* t = expr_as<MakeTuple>(e)) return t->elems;
  return {};
}
inline DType kw_dtype(const Kwargs& kw, DType dflt) { return kwarg_as<DType>(kw, "dtype").value_or(dflt); }

inline InferResult tensor_create(const std::vector<Expr>& a, const Kwargs& kw) {
  if (!find_kwarg(kw, "dtype")) return InferResult::fail("tensor.create needs dtype=");
  return InferResult::ok(make_type(TensorType{list_elems(a[0]), kw_dtype(kw, DType::FP32), {}, {}}));
}
inline InferResult tensor_full(const std::vector<Expr>& a, const Kwargs& kw) {
  return InferResult::ok(make_type(TensorType{list_elems(a[0]), kw_dtype(kw, DType::FP32), {}, {}}));
}
inline InferResult tensor_slice(const std::vector<Expr>& a, const Kwargs&) {
  auto* t = type_as<TensorType>(a[0]->type);
  if (!t) return InferResult::fail("tensor.slice of a non-tensor");
  auto shape = list_elems(a[1]);
  if (shape.size() != t->shape.size() || list_elems(a[2]).size() != t->shape.size())
    return InferResult::fail("tensor.slice shape and offset must have the rank of the source (" +
                             std::to_string(t->shape.size()) + ")");
  return InferResult::ok(make_type(TensorType{std::move(shape), t->dtype, {}, {}}));
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
  return InferResult::ok(make_type(TileType{t->shape, t->dtype, {}, *m, {}}));
}
inline InferResult tile_reshape(const std::vector<Expr>& a, const Kwargs&) {
  auto* t = type_as<TileType>(a[0]->type);
  if (!t) return InferResult::fail("operand 1 must be a tile");
  TileType r{list_elems(a[1]), t->dtype, {}, t->memory, {}};
  if (a.size() > 3) r.view = TileView{list_elems(a[3]), {}, {}, {}, {}};
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
  return InferResult::ok(make_type(std::move(r)));
}
inline InferResult tile_set_validshape(const std::vector<Expr>& a, const Kwargs&) {
  auto* t = type_as<TileType>(a[0]->type);
  if (!t) return InferResult::fail("tile.set_validshape of a non-tile");
  TileType r = *t;
  TileView v = r.view.value_or(TileView{});
  v.valid_shape = {a[1], a[2]};
  r.view = std::move(v);
  return InferResult::ok(make_type(std::move(r)));
}
/// FP16/BF16/FP32 accumulate in FP32; INT8 in INT32 (lower_tile_to_buffer.md, cube path).
inline InferResult tile_matmul(const std::vector<Expr>& a, const Kwargs&) {
  auto* l = type_as<TileType>(a[0]->type);
  auto* r = type_as<TileType>(a[1]->type);
  if (!l || !r || l->shape.size() != 2 || r->shape.size() != 2) return InferResult::fail("tile.matmul needs rank-2 tiles");
  DType acc = l->dtype == DType::INT8 ? DType::INT32 : DType::FP32;
  return InferResult::ok(make_type(TileType{{l->shape[0], r->shape[1]}, acc, {}, MemSpace::Acc, {}}));
}

/// Buffer IR (lower_tile_to_buffer.md "Representation example"): ops that write a destination
/// return VoidType; descriptor-defining ops (alloc, subview, reshape) take their result type from
/// the assignment's `pl.Buffer[...]` annotation, which the Buffer verifier requires.
inline InferResult void_result(const std::vector<Expr>&, const Kwargs&) { return InferResult::ok(void_type()); }
inline InferResult annotated_buffer(const std::vector<Expr>&, const Kwargs&) { return InferResult::ok(unknown_type()); }

}  // namespace infer
}  // namespace ptorw::ir
