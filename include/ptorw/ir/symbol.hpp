// Interned names: what a Call or Submit calls (an op such as "tile.add", or a function of the
// program). One pooled string per distinct text, so a Symbol is a single pointer — a call node
// is 24 bytes smaller than with a std::string (issue 2: node size is most of the front end's cost
// at 1M statements) — copies are free and equality is a pointer comparison.
//
// A registry op's pool entry also holds the op's interned id (op_id.hpp), set once when the op
// table is first used, so "which op is this call" is one load, not a string comparison.
//
// The pool only grows: it holds op names (a fixed set) and function names, a few per program.
// It is shared by all threads (one mutex; the parser asks it once per function or op, not per
// call: see text/parse_expr.hpp). Variable names are not Symbols: a program has millions of them.
#pragma once
#include <compare>
#include <cstdint>
#include <cstddef>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_set>

#include "ptorw/ir/string_hash.hpp"

namespace ptorw::ir {

/// The interned id of a registry op: its index in the op table (op_registry.hpp); kNoOp for a
/// name that is no op (a user function).
inline constexpr std::uint16_t kNoOp = 0xffff;

namespace symbol_detail {
/// One pooled name. `op` is written once, under the op table's one-time initialisation, before
/// any reader can ask for it (ir::op_id goes through that initialisation first).
struct Entry {
  std::string text;
  mutable std::uint16_t op = kNoOp;
};
struct EntryHash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const noexcept { return StringHash{}(s); }
  std::size_t operator()(const Entry& e) const noexcept { return StringHash{}(e.text); }
};
struct EntryEq {
  using is_transparent = void;
  bool operator()(const Entry& a, const Entry& b) const noexcept { return a.text == b.text; }
  bool operator()(std::string_view a, const Entry& b) const noexcept { return a == b.text; }
  bool operator()(const Entry& a, std::string_view b) const noexcept { return a.text == b; }
};
inline const Entry& empty_symbol_text() {
  static const Entry empty;
  return empty;
}
/// The pooled string equal to `s` (added on first use). Never freed, so the addresses stay valid
/// through static destruction too.
inline const Entry* intern_symbol(std::string_view s) {
  if (s.empty()) return &empty_symbol_text();
  struct Pool {
    std::mutex m;
    std::unordered_set<Entry, EntryHash, EntryEq> texts;
  };
  static Pool* pool = new Pool;
  std::lock_guard<std::mutex> lock(pool->m);
  auto it = pool->texts.find(s);
  if (it == pool->texts.end()) it = pool->texts.emplace(Entry{std::string(s)}).first;
  return &*it;
}
}  // namespace symbol_detail

class Symbol {
 public:
  Symbol() noexcept : s_(&symbol_detail::empty_symbol_text()) {}
  Symbol(std::string_view s) : s_(symbol_detail::intern_symbol(s)) {}  // NOLINT: a name is its text
  Symbol(const std::string& s) : Symbol(std::string_view(s)) {}  // NOLINT
  Symbol(const char* s) : Symbol(std::string_view(s)) {}         // NOLINT

  const std::string& str() const noexcept { return s_->text; }
  std::string_view view() const noexcept { return s_->text; }
  operator const std::string&() const noexcept { return s_->text; }  // NOLINT: reads as the string it was
  operator std::string_view() const noexcept { return s_->text; }      // NOLINT

  /// The op id stored with this name (kNoOp until the op table is initialised, and for names that
  /// are no op): read it through ir::op_id, which initialises the table first.
  std::uint16_t raw_op_index() const noexcept { return s_->op; }
  /// Called once per op by the op table's initialisation (op_id.hpp).
  void bind_op_index(std::uint16_t id) const noexcept { s_->op = id; }

  // The read-only part of std::string's interface, as code used it when the field was one.
  std::size_t size() const noexcept { return s_->text.size(); }
  bool empty() const noexcept { return s_->text.empty(); }
  const char* data() const noexcept { return s_->text.data(); }
  const char* c_str() const noexcept { return s_->text.c_str(); }
  auto begin() const noexcept { return s_->text.begin(); }
  auto end() const noexcept { return s_->text.end(); }
  std::size_t rfind(std::string_view t, std::size_t pos = std::string::npos) const noexcept { return s_->text.rfind(t, pos); }
  std::size_t find(std::string_view t, std::size_t pos = 0) const noexcept { return s_->text.find(t, pos); }
  std::size_t find(char c, std::size_t pos = 0) const noexcept { return s_->text.find(c, pos); }
  std::string substr(std::size_t pos, std::size_t n = std::string::npos) const { return s_->text.substr(pos, n); }
  bool starts_with(std::string_view t) const noexcept { return view().starts_with(t); }

  /// Same text, same pool entry: one pointer comparison.
  friend bool operator==(const Symbol& a, const Symbol& b) noexcept { return a.s_ == b.s_; }
  friend bool operator==(const Symbol& a, std::string_view b) noexcept { return a.view() == b; }
  friend bool operator==(const Symbol& a, const std::string& b) noexcept { return a.view() == b; }
  friend bool operator==(const Symbol& a, const char* b) noexcept { return a.view() == b; }
  /// Ordered by text (not by address), so sorted output does not depend on interning order.
  friend std::strong_ordering operator<=>(const Symbol& a, const Symbol& b) noexcept {
    if (a.s_ == b.s_) return std::strong_ordering::equal;
    return a.view() <=> b.view();
  }
  friend std::string operator+(const std::string& a, const Symbol& b) { return a + b.str(); }
  friend std::string operator+(const char* a, const Symbol& b) { return a + b.str(); }
  friend std::string operator+(const Symbol& a, const std::string& b) { return a.str() + b; }
  friend std::string operator+(const Symbol& a, const char* b) { return a.str() + b; }
  friend std::string operator+(const Symbol& a, char b) { return a.str() + b; }
  template <class Os> friend Os& operator<<(Os& os, const Symbol& s) {
    os << s.str();
    return os;
  }

 private:
  const symbol_detail::Entry* s_;
};

}  // namespace ptorw::ir

template <> struct std::hash<ptorw::ir::Symbol> {
  std::size_t operator()(const ptorw::ir::Symbol& s) const noexcept { return std::hash<std::string_view>{}(s.view()); }
};
