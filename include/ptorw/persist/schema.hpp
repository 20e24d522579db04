// What the encoder and the decoder agree on beyond MessagePack itself (docs/persist.md): the order
// in which a node kind's fields are written, how many MessagePack values each field takes, and
// the number of enumerators of each enum. Both directions walk the IR's plain aggregates with
// Boost.PFR through `for_each_persisted_field`, so a node kind is described once, by its struct.
#pragma once
#include <boost/pfr/core.hpp>
#include <cstddef>
#include <type_traits>
#include <utility>

#include "ptorw/ir/function.hpp"

namespace ptorw::persist::schema {

/// The fields of a kind in the order they are written. Field order, except for While: "Binary
/// round trips restore While carry definitions before decoding their condition, preserving shared
/// references from both the condition and body" (lower_tile_to_buffer.md), so a While writes its
/// iter args — their first occurrence, which carries their definition — before its condition.
template <class K, class F> void for_each_persisted_field(K& k, F&& f) {
  if constexpr (std::is_same_v<std::remove_const_t<K>, ir::While>) {
    f(k.iter_args);
    f(k.cond);
    f(k.body);
    f(k.return_vars);
  } else {
    boost::pfr::for_each_field(k, f);
  }
}

/// Whether field `i` of K may hold a null handle. The IR's comments name the two that may: an
/// If's `else_body` and a MemRef's `base` (named by `base_name` instead). Every other Expr, Type
/// and Stmt handle is required, and the decoder refuses nil there: the printer, the verifier and
/// the passes read those fields without asking (the decoder fuzzer found a null operand reaching
/// the verifier's messages, visit/describe.hpp).
template <class K> constexpr bool nullable_field(std::size_t i) {
  if constexpr (std::is_same_v<K, ir::If>) return i == 2;
  else if constexpr (std::is_same_v<K, ir::MemRef>) return i == 0;
  else return false;
}

/// MessagePack values a field of type T takes: a Span is flattened into line and column, every
/// other field is one value (a nested aggregate is an array of its own).
template <class T> constexpr std::size_t width() { return std::is_same_v<T, ir::Span> ? 2 : 1; }

template <class K, std::size_t... I> constexpr std::size_t fields_width(std::index_sequence<I...>) {
  return (std::size_t{0} + ... + width<boost::pfr::tuple_element_t<I, K>>());
}
/// MessagePack values taken by all fields of aggregate K.
template <class K> constexpr std::size_t fields_width() {
  return fields_width<K>(std::make_index_sequence<boost::pfr::tuple_size_v<K>>{});
}

/// The number of enumerators of E: the DSL spelling table where there is one (ir/enums.hpp),
/// otherwise one past the enum's last enumerator as named here (an enumerator added after it must
/// be named here instead, or the decoder refuses it as out of range: a failing round trip).
template <class E> constexpr std::size_t enum_count() {
  if constexpr (requires { ir::EnumInfo<E>::names; }) return ir::EnumInfo<E>::names.size();
  else if constexpr (std::is_same_v<E, ir::BinOp>) return static_cast<std::size_t>(ir::BinOp::Or) + 1;
  else if constexpr (std::is_same_v<E, ir::UnOp>) return static_cast<std::size_t>(ir::UnOp::Cast) + 1;
  else if constexpr (std::is_same_v<E, ir::CallKind>) return static_cast<std::size_t>(ir::CallKind::Function) + 1;
  else if constexpr (std::is_same_v<E, ir::NameBinding>) return static_cast<std::size_t>(ir::NameBinding::Text) + 1;
  else static_assert(sizeof(E) == 0, "persist/schema.hpp: give this enum its enumerator count");
}

template <class T> struct is_vector : std::false_type {};
template <class T, class A> struct is_vector<std::vector<T, A>> : std::true_type {};
template <class T> struct is_optional : std::false_type {};
template <class T> struct is_optional<std::optional<T>> : std::true_type {};

}  // namespace ptorw::persist::schema
