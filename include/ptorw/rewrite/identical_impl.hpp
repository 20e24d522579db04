// The PFR walk behind rewrite/identical.hpp, and the bodies of its four entry points.
#pragma once
// Included only by identical.hpp, after its declarations (never directly).
#include <algorithm>
#include <bit>
#include <boost/pfr/core.hpp>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

namespace ptorw::rewrite::detail::same {

template <class T> struct is_vector : std::false_type {};
template <class T, class A> struct is_vector<std::vector<T, A>> : std::true_type {};
template <class T> struct is_optional : std::false_type {};
template <class T> struct is_optional<std::optional<T>> : std::true_type {};
template <class T> struct is_variant : std::false_type {};
template <class... Ts> struct is_variant<std::variant<Ts...>> : std::true_type {};
template <class T> struct is_pair : std::false_type {};
template <class A, class B> struct is_pair<std::pair<A, B>> : std::true_type {};
template <class T> struct is_handle : std::false_type {};
template <class T> struct is_handle<std::shared_ptr<const T>> : std::true_type {};

template <class T> void emit(const T& x, Sink out, bool var_content) {
  if constexpr (std::is_same_v<T, ir::Span>) {
    // positions are not content
  } else if constexpr (std::is_same_v<T, double>) {
    out(std::bit_cast<std::uint64_t>(x));
  } else if constexpr (ir::is_boxed<T>::value) {
    emit(x.get(), out, var_content);  // a boxed statement kind: its content, as when it was inline
  } else if constexpr (std::is_same_v<T, ir::Symbol>) {
    emit(x.str(), out, var_content);  // its text, as when the field was a std::string
  } else if constexpr (std::is_same_v<T, std::string>) {
    out(x.size());
    for (std::size_t i = 0; i < x.size(); i += 8) {
      std::uint64_t w = 0;
      std::memcpy(&w, x.data() + i, std::min<std::size_t>(8, x.size() - i));
      out(w);
    }
  } else if constexpr (is_handle<T>::value) {
    if (!x) return out(0);
    out(1);
    if constexpr (std::is_same_v<T, ir::Expr>) {
      if (std::holds_alternative<ir::Var>(x->kind) || std::holds_alternative<ir::IterArg>(x->kind)) {
        out(reinterpret_cast<std::uintptr_t>(x.get()));  // a variable is its node
        if (!var_content) return;
      }
    }
    emit(*x, out, var_content);
  } else if constexpr (is_vector<T>::value || std::is_same_v<T, ir::Kwargs>) {
    out(x.size());
    for (const auto& e : x) emit(e, out, var_content);
  } else if constexpr (is_optional<T>::value) {
    out(x.has_value());
    if (x) emit(*x, out, var_content);
  } else if constexpr (is_variant<T>::value) {
    out(x.index());
    std::visit([&](const auto& v) { emit(v, out, var_content); }, x);
  } else if constexpr (is_pair<T>::value) {
    emit(x.first, out, var_content);
    emit(x.second, out, var_content);
  } else if constexpr (std::is_class_v<T> && std::is_aggregate_v<T>) {
    boost::pfr::for_each_field(x, [&](const auto& f) { emit(f, out, var_content); });
  } else if constexpr (std::is_enum_v<T>) {
    out(static_cast<std::uint64_t>(x));
  } else {
    static_assert(std::is_integral_v<T>, "IR field of an unexpected type");
    out(static_cast<std::uint64_t>(x));
  }
}

#if PTORW_ENTRY_BODIES
PTORW_ENTRY void emit_expr(const ir::Expr& x, Sink out, bool var_content) { emit(x, out, var_content); }
PTORW_ENTRY void emit_stmt(const ir::Stmt& x, Sink out, bool var_content) { emit(x, out, var_content); }
PTORW_ENTRY void emit_function(const ir::FunctionPtr& x, Sink out, bool var_content) { emit(x, out, var_content); }
PTORW_ENTRY void emit_program(const ir::Program& x, Sink out, bool var_content) { emit(x, out, var_content); }

#endif

}  // namespace ptorw::rewrite::detail::same
