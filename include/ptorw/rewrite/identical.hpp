// Exact sameness of IR, for the driver's checking mode.
//
// `identical(a, b)`: same tree, where variables are compared by identity (the node), spans are
// ignored and everything else is compared by value. This is deliberately *not* the alpha-renaming
// equality of golden tests: a rule that rebuilds a node identical to its input has made no change,
// and claiming one anyway is the classic cause of a rewrite loop that never converges.
//
// `fingerprint(program)`: a hash of the same content (variables by address and content), taken
// before and after a run to prove that no rule changed the input behind the driver's back.
//
// Both are one generic walk over node fields (Boost.PFR, so new node kinds need no edits here)
// that emits a self-delimiting stream of words: sizes before lists and strings, tags before
// variant alternatives and optionals. Equal streams of the same static type mean equal trees.
// The walk is instantiated once per TU (its sink is type-erased) because PFR over the whole IR is
// a noticeable part of compile time.
#pragma once
#include <algorithm>
#include <bit>
#include <boost/pfr/core.hpp>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "ptorw/ir/function.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::rewrite {

namespace detail::same {
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

using Sink = visit::FnRef<void(std::uint64_t)>;

/// `var_content`: also emit what is inside Var/IterArg nodes (fingerprint); identity alone
/// decides sameness of variables (identical).
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

// The entry points the rest of the library uses: non-templates, so `emit` is instantiated once.
inline void emit_expr(const ir::Expr& x, Sink out, bool v) { emit(x, out, v); }
inline void emit_stmt(const ir::Stmt& x, Sink out, bool v) { emit(x, out, v); }
inline void emit_function(const ir::FunctionPtr& x, Sink out, bool v) { emit(x, out, v); }
inline void emit_program(const ir::Program& x, Sink out, bool v) { emit(x, out, v); }

inline void emit_any(const ir::Expr& x, Sink out) { emit_expr(x, out, false); }
inline void emit_any(const ir::Stmt& x, Sink out) { emit_stmt(x, out, false); }
inline void emit_any(const ir::FunctionPtr& x, Sink out) { emit_function(x, out, false); }
inline void emit_any(const ir::ProgramPtr& x, Sink out) {
  if (!x) return out(0);
  out(1);
  emit_program(*x, out, false);
}
}  // namespace detail::same

/// Same IR up to spans, with variables compared by identity. Handle: Expr, Stmt, FunctionPtr or
/// ProgramPtr.
template <class Handle> bool identical(const Handle& a, const Handle& b) {
  if (a == b) return true;
  std::vector<std::uint64_t> wa, wb;
  detail::same::emit_any(a, [&](std::uint64_t w) { wa.push_back(w); });
  detail::same::emit_any(b, [&](std::uint64_t w) { wb.push_back(w); });
  return wa == wb;
}

/// A hash of everything `identical` compares, plus the content of variable nodes.
inline std::uint64_t fingerprint(const ir::Program& p) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  detail::same::emit_program(p, [&](std::uint64_t w) { h = (h ^ w) * 0x100000001b3ull + (h >> 29); }, true);
  return h;
}

}  // namespace ptorw::rewrite
