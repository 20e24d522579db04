// Renderings of IR pieces for reports: the two sides of an equality mismatch and the types named in
// verifier messages. This is the one seam between reporting and the text printer
// (ptorw/text/printer.hpp), so reports read like the DSL the user wrote (../shared/dsl.md).
// A statement or function is shown by its first line (a loop's header, a function's signature):
// a report names the differing piece, not a whole body.
//
// Precondition: no null children below the top-level node (the printer's own precondition; the
// parser and builders never produce them). A null top-level node renders as a placeholder.
#pragma once
#include <string>
#include <string_view>

#include "ptorw/text/printer.hpp"

namespace ptorw::visit {

namespace detail {
/// The printer's text up to the first line break (its output ends each line with '\n').
inline std::string first_line(std::string_view text) {
  auto nl = text.find('\n');
  return std::string(text.substr(0, nl));
}
template <class E> std::string enum_text(E e) {
  return std::string(ir::EnumInfo<E>::prefix) + std::string(ir::name_of(e));
}
}  // namespace detail

inline std::string describe(const ir::Expr& e) { return e ? text::print_expr(e) : "<none>"; }
inline std::string describe(const ir::Type& t) { return t ? text::print_type(t) : "<no type>"; }
inline std::string describe(const ir::Stmt& s) { return s ? detail::first_line(text::print_stmt(s)) : "<no statement>"; }

/// Decorator and signature, e.g. `@pl.function(type=pl.FunctionType.InCore) def k(self, a: ...) -> ...`.
inline std::string describe(const ir::Function& f) {
  std::string text = text::print_function(f);
  auto nl = text.find('\n');
  std::string head = detail::first_line(text);
  if (nl != std::string::npos) {
    std::string sig = detail::first_line(std::string_view(text).substr(nl + 1));
    if (!sig.empty() && sig.back() == ':') sig.pop_back();
    head += " " + sig;
  }
  return head;
}

/// A kwarg or attr value as written after `key=`.
inline std::string describe(const ir::AttrValue& v) {
  return std::visit([](const auto& x) -> std::string {
    using T = std::decay_t<decltype(x)>;
    if constexpr (std::is_same_v<T, bool>) return x ? "True" : "False";
    else if constexpr (std::is_same_v<T, std::int64_t>) return std::to_string(x);
    else if constexpr (std::is_same_v<T, double>) return text::print_expr(ir::make_float(x));
    else if constexpr (std::is_same_v<T, std::string>) return "\"" + x + "\"";
    else if constexpr (std::is_same_v<T, ir::EnumRef>) return x.text;
    else if constexpr (std::is_same_v<T, ir::Expr>) return describe(x);
    else return detail::enum_text(x);
  }, v);
}

/// Comma-separated renderings of a list of expressions (yield values, definitions).
inline std::string describe_list(const std::vector<ir::Expr>& v) {
  std::string out;
  for (std::size_t i = 0; i < v.size(); ++i) out += (i ? ", " : "") + describe(v[i]);
  return out;
}

}  // namespace ptorw::visit
