// Attribute and keyword-argument values: `dtype=pl.FP32`, `windowize=True`, `name_hint="qk"`,
// `level=pl.Level.CORE_GROUP`. Kwargs keep their written order for printing but compare as
// unordered maps (../shared/dsl.md "Structural equality").
#pragma once
#include <algorithm>
#include <cstddef>
#include <initializer_list>
#include <memory>
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

/// What kind of value an attribute is, for messages ("a dtype", "a memory space", ...).
inline std::string_view describe_attr_kind(const AttrValue& v) {
  static constexpr std::string_view kinds[] = {"a bool", "an integer", "a float", "a string", "a dtype",
                                               "a memory space", "a tensor layout", "an enum value", "an expression"};
  return kinds[v.index()];
}

/// Keyword arguments and attributes: (key, value) pairs in written order, with the interface of
/// the std::vector they used to be, held behind one pointer that is null when there are none.
/// Every Call node has two of these and almost all are empty: 8 bytes instead of a vector's 24
/// makes each expression node 32 bytes smaller, which a 1M-statement program feels (issue 2:
/// fewer pages to fault in, fewer cache lines per node). Copies are deep, as the vector's were.
class Kwargs {
 public:
  using value_type = std::pair<std::string, AttrValue>;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = value_type&;
  using const_reference = const value_type&;
  using iterator = value_type*;
  using const_iterator = const value_type*;

  Kwargs() = default;
  Kwargs(std::initializer_list<value_type> init) {
    if (init.size() != 0) v_ = std::make_unique<Vec>(init);
  }
  template <class It> Kwargs(It first, It last) {
    if (first != last) v_ = std::make_unique<Vec>(first, last);
  }
  Kwargs(const Kwargs& o) : v_(o.empty() ? nullptr : std::make_unique<Vec>(*o.v_)) {}
  Kwargs(Kwargs&&) noexcept = default;
  Kwargs& operator=(const Kwargs& o) {
    if (this != &o) v_ = o.empty() ? nullptr : std::make_unique<Vec>(*o.v_);
    return *this;
  }
  Kwargs& operator=(Kwargs&&) noexcept = default;
  ~Kwargs() = default;

  bool empty() const { return !v_ || v_->empty(); }
  size_type size() const { return v_ ? v_->size() : 0; }
  iterator begin() { return v_ ? v_->data() : nullptr; }
  iterator end() { return v_ ? v_->data() + v_->size() : nullptr; }
  const_iterator begin() const { return v_ ? v_->data() : nullptr; }
  const_iterator end() const { return v_ ? v_->data() + v_->size() : nullptr; }
  const_iterator cbegin() const { return begin(); }
  const_iterator cend() const { return end(); }
  reference operator[](size_type i) { return (*v_)[i]; }
  const_reference operator[](size_type i) const { return (*v_)[i]; }
  reference front() { return v_->front(); }
  const_reference front() const { return v_->front(); }
  reference back() { return v_->back(); }
  const_reference back() const { return v_->back(); }

  void reserve(size_type n) { vec().reserve(n); }
  void clear() { v_.reset(); }
  void resize(size_type n) {
    if (n == 0) v_.reset();
    else vec().resize(n);
  }
  void push_back(const value_type& x) { vec().push_back(x); }
  void push_back(value_type&& x) { vec().push_back(std::move(x)); }
  template <class... A> reference emplace_back(A&&... a) { return vec().emplace_back(std::forward<A>(a)...); }
  void pop_back() { v_->pop_back(); }
  iterator erase(const_iterator pos) { return erase(pos, pos + 1); }
  iterator erase(const_iterator first, const_iterator last) {
    if (first == last) return const_cast<iterator>(first);
    auto f = v_->begin() + (first - begin()), l = v_->begin() + (last - begin());
    return v_->data() + (v_->erase(f, l) - v_->begin());
  }
  iterator insert(const_iterator pos, value_type x) {
    auto at = empty() ? 0 : pos - begin();
    Vec& v = vec();
    return v.data() + (v.insert(v.begin() + at, std::move(x)) - v.begin());
  }

  friend bool operator==(const Kwargs& a, const Kwargs& b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
  }

 private:
  using Vec = std::vector<value_type>;
  Vec& vec() {
    if (!v_) v_ = std::make_unique<Vec>();
    return *v_;
  }
  std::unique_ptr<Vec> v_;
};

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
