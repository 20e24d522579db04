// Attribute and keyword-argument values: `dtype=pl.FP32`, `windowize=True`, `name_hint="qk"`,
// `level=pl.Level.CORE_GROUP`. Kwargs keep their written order for printing but compare as
// unordered maps (../shared/dsl.md "Structural equality").
#pragma once
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ptorw/ir/enums.hpp"
#include "ptorw/ir/node_fwd.hpp"

namespace ptorw::ir {

/// A dotted enum reference the IR does not interpret, kept verbatim (e.g. `pl.Level.CORE_GROUP`).
struct EnumRef {
  std::string text;
  friend bool operator==(const EnumRef&, const EnumRef&) = default;
};

using AttrValue = std::variant<bool, std::int64_t, double, std::string, DType, MemSpace, TensorLayout, EnumRef, Expr>;
using Kwargs = std::vector<std::pair<std::string, AttrValue>>;

inline const AttrValue* find_kwarg(const Kwargs& kw, std::string_view key) {
  auto it = std::find_if(kw.begin(), kw.end(), [&](const auto& p) { return p.first == key; });
  return it == kw.end() ? nullptr : &it->second;
}
template <class T> std::optional<T> kwarg_as(const Kwargs& kw, std::string_view key) {
  if (const AttrValue* v = find_kwarg(kw, key))
    if (const T* t = std::get_if<T>(v)) return *t;
  return std::nullopt;
}
/// Returns a copy of `kw` with `key` set to `v` (replacing an existing entry in place).
inline Kwargs with_kwarg(Kwargs kw, std::string key, AttrValue v) {
  for (auto& [k, old] : kw)
    if (k == key) { old = std::move(v); return kw; }
  kw.emplace_back(std::move(key), std::move(v));
  return kw;
}

}  // namespace ptorw::ir
