// Types of the IR (../shared/dsl.md "Types"). Shapes are expressions so that symbolic dims
// (`pl.dynamic`) and integer expressions of them are first-class.
#pragma once
#include <array>
#include <optional>
#include <variant>
#include <vector>

#include "ptorw/ir/attr.hpp"
#include "ptorw/ir/enums.hpp"
#include "ptorw/ir/node_fwd.hpp"

namespace ptorw::ir {

struct TensorView {
  std::vector<Expr> stride;       // empty = packed row-major
  TensorLayout layout = TensorLayout::ND;
  std::vector<Expr> valid_shape;  // empty = full
  std::optional<PadValue> pad;
};
/// Whether a view carries valid_shape/pad metadata (a GM tensor_view of PTO has no spelling for it:
/// the emitter refuses it and select-buffer-ir keeps such a kernel on Tile).
inline bool has_valid_or_pad(const std::optional<TensorView>& v) { return v && (!v->valid_shape.empty() || v->pad); }

/// Planned storage: `pl.MemRef(base, byte_offset, bytes)`. `base` is the Ptr variable defined by
/// `pl.tile.alloc`; signatures may name it with a string literal instead (`base_name`).
struct MemRef {
  Expr base;              // may be null when base_name is used
  std::string base_name;  // only when base is null
  Expr offset;
  Expr size;
};

struct TileView {
  std::vector<Expr> valid_shape;  // empty = full
  std::optional<TileLayout> blayout;
  std::optional<TileLayout> slayout;
  std::optional<std::int64_t> fractal;
  std::optional<PadValue> pad;
};

struct ScalarType { DType dtype; };
struct TensorType {
  std::vector<Expr> shape;
  DType dtype;
  std::optional<TensorView> view;
  std::optional<MemRef> memref;
};
struct TileType {
  std::vector<Expr> shape;
  DType dtype;
  std::optional<MemRef> memref;
  std::optional<MemSpace> memory;
  std::optional<TileView> view;
};
/// Buffer IR (lower_tile_to_buffer.md): an explicit on-chip buffer descriptor — physical shape,
/// dtype, memory space and layout/valid fields (`pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec,
/// pl.TileView(valid_shape=[16, -1])]`). A valid extent of -1 is dynamic (set by
/// buffer.set_validshape). Unlike a Tile it names no value: storage is the handle itself.
struct BufferType {
  std::vector<Expr> shape;
  DType dtype;
  MemSpace memory;
  std::optional<TileView> view;
};
struct TupleType { std::vector<Type> elems; };
struct PtrType {};
struct UnknownType {};

using TypeKind = std::variant<ScalarType, TensorType, TileType, TupleType, PtrType, UnknownType, BufferType>;

struct TypeNode {
  TypeKind kind;
};

template <class K> Type make_type(K k) { return std::make_shared<const TypeNode>(TypeNode{TypeKind{std::move(k)}}); }
template <class K> const K* type_as(const Type& t) { return t ? std::get_if<K>(&t->kind) : nullptr; }
/// Scalar and unknown types are immutable singletons: constants and loop variables share them.
inline Type scalar_type(DType d) {
  static const auto table = [] {
    std::array<Type, static_cast<std::size_t>(DType::TASK_ID) + 1> t;
    for (std::size_t i = 0; i < t.size(); ++i) t[i] = make_type(ScalarType{static_cast<DType>(i)});
    return t;
  }();
  return table[static_cast<std::size_t>(d)];
}
/// The result of ops that only write a destination (buffer.add, buffer.store, ...): the spec's
/// VoidType, represented as the empty tuple.
inline Type void_type() {
  static const Type t = make_type(TupleType{});
  return t;
}
inline Type unknown_type() {
  static const Type t = make_type(UnknownType{});
  return t;
}

/// Shape and dtype of a tensor or tile type; nullptr/nullopt for other kinds.
inline const std::vector<Expr>* shape_of(const Type& t) {
  if (auto* x = type_as<TensorType>(t)) return &x->shape;
  if (auto* x = type_as<TileType>(t)) return &x->shape;
  if (auto* x = type_as<BufferType>(t)) return &x->shape;
  return nullptr;
}
inline std::optional<DType> dtype_of(const Type& t) {
  if (!t) return std::nullopt;
  return std::visit([](const auto& k) -> std::optional<DType> {
    if constexpr (requires { k.dtype; }) return k.dtype;
    else return std::nullopt;
  }, t->kind);
}

}  // namespace ptorw::ir
