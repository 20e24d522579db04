// Whether a value of one type may stand where another is expected: the verifier's rule for
// arguments, yields and returns, shared with convert-to-ssa, which judges a name that an if's arms
// bind to values of two types by it (review rev45a 4).
#pragma once
#include "ptorw/ir/int_fold.hpp"
#include "ptorw/ir/type.hpp"

namespace ptorw::ir::verify_detail {

/// Whether a value of type `arg` may be passed (or yielded, or returned) where `want` is expected,
/// per the "compare dtype and shape": kinds and dtypes must agree; shapes must have the same rank and agree on every dim that is a constant on both sides
/// (symbolic dims may be bound differently per call). An integer constant fits INDEX and INT64 alike.
inline bool compatible(const Type& arg, const Type& want, bool arg_is_int_const = false) {
  if (!arg || !want || type_as<UnknownType>(arg) || type_as<UnknownType>(want)) return true;
  if (arg->kind.index() != want->kind.index()) return false;
  if (auto* a = type_as<ScalarType>(arg)) {
    DType w = type_as<ScalarType>(want)->dtype;
    auto idx = [](DType d) { return d == DType::INDEX || d == DType::INT64; };
    return a->dtype == w || (arg_is_int_const && idx(a->dtype) && idx(w));
  }
  if (auto* a = type_as<TupleType>(arg)) {
    auto* w = type_as<TupleType>(want);
    if (a->elems.size() != w->elems.size()) return false;
    for (std::size_t i = 0; i < a->elems.size(); ++i)
      if (!compatible(a->elems[i], w->elems[i])) return false;
    return true;
  }
  const auto* sa = shape_of(arg);
  const auto* sw = shape_of(want);
  if (!sa || !sw) return true;  // Ptr
  if (dtype_of(arg) != dtype_of(want) || sa->size() != sw->size()) return false;
  for (std::size_t i = 0; i < sa->size(); ++i) {
    auto x = const_int((*sa)[i]), y = const_int((*sw)[i]);
    if (x && y && *x != *y) return false;
  }
  return true;
}

}  // namespace ptorw::ir::verify_detail
