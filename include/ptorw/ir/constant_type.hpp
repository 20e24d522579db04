// Whether a type holds no expression but integer constants (static shapes, scalars, pointers).
//
// Why: analyses that count variable occurrences "types included" (dead-assignment removal,
// use substitution) must look into every expression's type, and the type-erased type walk
// (visit::each_type_expr) is an indirect call per shape dimension. Almost every type of a real
// program is static; this inline check lets them skip it.
#pragma once
#include <type_traits>
#include <variant>
#include <vector>

#include "ptorw/ir/expr.hpp"
#include "ptorw/ir/type.hpp"

namespace ptorw::ir {

/// True when every expression inside `ty` is a ConstInt (or it has none): then it mentions no variable.
inline bool holds_only_constants(const Type& ty) {
  if (!ty) return true;
  auto consts = [](const std::vector<Expr>& v) {
    for (const auto& x : v)
      if (x && !expr_as<ConstInt>(x)) return false;
    return true;
  };
  return std::visit([&](const auto& k) -> bool {
    using K = std::decay_t<decltype(k)>;
    if constexpr (std::is_same_v<K, TensorType>)
      return !k.memref && consts(k.shape) && (!k.view || (consts(k.view->stride) && consts(k.view->valid_shape)));
    else if constexpr (std::is_same_v<K, TileType>)
      return !k.memref && consts(k.shape) && (!k.view || consts(k.view->valid_shape));
    else if constexpr (std::is_same_v<K, BufferType>)
      return consts(k.shape) && (!k.view || consts(k.view->valid_shape));
    else if constexpr (std::is_same_v<K, TupleType>) {
      for (const auto& x : k.elems)
        if (!holds_only_constants(x)) return false;
      return true;
    } else {
      return true;  // scalar, pointer, unknown: no expressions
    }
  }, ty->kind);
}

}  // namespace ptorw::ir
