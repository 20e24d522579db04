// The printer's names (../shared/dsl.md "Printing"): a variable prints as its name hint, made
// unique within its function — hint_N when the hint is taken (N counting per hint), keywords get
// "_", other characters become "_", a leading digit or an empty hint gets "v". Split from
// printer.hpp; test/unit/printer_names_test.cpp holds the rule's cases.
//
// Built for a 1M-statement function (issue 2): one name-set probe per definition, and uses
// answered from a per-node memo without reading the node.
#pragma once
#include <array>
#include <cctype>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "ptorw/ir.hpp"
#include "ptorw/text/python_names.hpp"
#include "ptorw/text/string_set.hpp"
#include "ptorw/visit/ptr_map.hpp"

namespace ptorw::text {

class PrintNames {
 public:
  /// Forgets every name, then holds the program's symbolic dims under their printed names
  /// (node, name), as every function sees them.
  /// `verbatim`: the function is read by names (ir::NameBinding::Text, hand-written non-SSA text),
  /// so its definitions print under their own names, repeats included — renaming a rebinding
  /// (`t = t + 1` → `t_1 = t + 1`) would change which value a later use reads.
  void begin_function(const std::vector<std::pair<const ir::ExprNode*, std::string>>& globals, bool verbatim = false) {
    verbatim_ = verbatim;
    names_ = visit::PtrMap<std::uint32_t>{};
    name_store_.clear();
    used_.clear();
    suffix_.clear();
    // A small memo first (a function printed for a diagnostic clears little); name_of_def
    // enlarges it once the function proves long.
    memo_bits_ = kSmallMemoBits;
    memo_.assign(std::size_t{1} << memo_bits_, Memo{});
    defs_ = 0;
    for (const auto& [node, name] : globals) {
      name_store_.push_back(name);
      names_.try_emplace(node, static_cast<std::uint32_t>(name_store_.size() - 1));
      used_.insert(name_store_.back());
    }
  }

  /// The unique printed name of a definition: its hint, or hint_N when taken (N counts per hint,
  /// so a name reused a million times stays linear).
  ///
  /// `used_` holds every printed name of the function. A definition whose hint is printable as is
  /// and was free is printed under it, and `used_` keeps a view of the node's own name string: the
  /// definition that holds a name is the one whose string the stored view is (a pointer
  /// comparison, no table by node). Only renamed definitions (taken, unprintable or empty hints)
  /// are in `names_`, their names in `name_store_`.
  ///
  /// A node's printed name never changes within a function, so the last few thousand answers are
  /// kept by node address in `memo_` (a direct-mapped table that stays in the cache): a use
  /// usually follows its definition closely and is answered there, without hashing the name or
  /// touching `used_` (a million entries on a 1M-statement function, a cache miss per probe).
  std::string_view def_name(const ir::Expr& e) {
    const void* key = e.get();
    if (!key || memo_.empty()) return name_of_def(e);
    if (const Memo& m = memo_[memo_slot(key)]; m.node == key) return {m.text, m.size};
    std::string_view name = name_of_def(e);  // may enlarge memo_: index it again
    // Only variables: put_expr answers a node found here with its name, without reading the node.
    if (ir::is_var_like(e)) memo_[memo_slot(key)] = Memo{key, name.data(), name.size()};
    return name;
  }
  /// The printed name of `node` when it is a variable whose name is memoized; does not read the
  /// node (see def_name).
  bool known(const void* node, std::string_view& name) const {
    if (!node || memo_.empty()) return false;
    const Memo& m = memo_[memo_slot(node)];
    if (m.node != node) return false;
    name = {m.text, m.size};
    return true;
  }
  /// Prints definition `e` under its own name even though a symbolic dim holds that name: a
  /// parameter named like a dim that the function reads only before the parameter binds the name
  /// (Printer::visible_globals). Call after begin_function, before `e` is printed.
  void keep_own_name(const ir::Expr& e) {
    const std::string* own = own_name(e);
    if (!own || !is_clean(*own)) return;
    name_store_.push_back(*own);
    names_.try_emplace(e.get(), static_cast<std::uint32_t>(name_store_.size() - 1));
  }
  /// The hint a variable is named from: its own name, or "v" (no hint, or not a variable).
  static const std::string& var_name_or(const ir::Expr& e) {
    static const std::string v = "v";
    const std::string* name = own_name(e);
    return name ? *name : v;
  }

 private:
  static bool is_keyword(std::string_view s) { return is_reserved_name(s); }  // python_names.hpp
  /// Whether `s` is printed as is (sanitize would not change it).
  /// Called for every definition, so one table-driven pass (isalnum is a libc call per character)
  /// and the keyword list only for all-letter names (every keyword is one).
  static bool is_clean(std::string_view s) {
    static constexpr auto kind = [] {
      std::array<std::uint8_t, 256> t{};  // 0 other, 1 letter, 2 digit or '_'
      for (int c = 'a'; c <= 'z'; ++c) t[static_cast<std::size_t>(c)] = 1;
      for (int c = 'A'; c <= 'Z'; ++c) t[static_cast<std::size_t>(c)] = 1;
      for (int c = '0'; c <= '9'; ++c) t[static_cast<std::size_t>(c)] = 2;
      t['_'] = 2;
      return t;
    }();
    if (s.empty() || (s[0] >= '0' && s[0] <= '9')) return false;
    std::uint8_t all = 1, any = 1;
    for (char c : s) {
      std::uint8_t k = kind[static_cast<unsigned char>(c)];
      all &= k ? 1 : 0;
      any |= k;
    }
    if (!all) return false;
    return any != 1 || !is_keyword(s);  // a digit or '_' rules out every keyword
  }
  static std::string sanitize(const std::string& hint) {
    std::string s;
    for (char c : hint) s += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) s = "v" + s;
    if (is_keyword(s)) s += "_";
    return s;
  }
  /// A variable's own name string, or nullptr (not a variable, or no hint: printed as "v").
  static const std::string* own_name(const ir::Expr& e) {
    const std::string* name = nullptr;
    if (e) {
      if (auto* x = std::get_if<ir::Var>(&e->kind)) name = &x->name;
      else if (auto* y = std::get_if<ir::IterArg>(&e->kind)) name = &y->name;
    }
    return name && !name->empty() ? name : nullptr;
  }
  std::string_view name_of_def(const ir::Expr& e) {
    if (++defs_ == kGrowMemoAfter && memo_bits_ < kMemoBits) {
      memo_bits_ = kMemoBits;  // a cache: dropping what it holds changes no answer
      memo_.assign(std::size_t{1} << memo_bits_, Memo{});
    }
    const std::string* own = own_name(e);
    const std::string& raw = own ? *own : var_name_or(e);
    const bool clean = is_clean(raw);
    if (clean && own && verbatim_) {
      used_.try_insert(raw);
      return raw;
    }
    if (clean && own) {
      // Views the node's own name: the IR outlives the printer's use.
      auto [holder, inserted] = used_.try_insert(raw);
      if (inserted || holder == own->data()) return raw;
    }
    if (const std::uint32_t* i = names_.find(e.get())) return name_store_[*i];
    std::string base = clean ? raw : sanitize(raw), name = base;
    if (used_.contains(name)) {
      int& n = suffix_[base];
      do name = base + "_" + std::to_string(++n);
      while (used_.contains(name));
    }
    name_store_.push_back(std::move(name));  // a deque never moves its elements
    names_.try_emplace(e.get(), static_cast<std::uint32_t>(name_store_.size() - 1));
    used_.insert(name_store_.back());
    return name_store_.back();
  }

  struct Memo {
    const void* node = nullptr;
    const char* text = nullptr;
    std::size_t size = 0;
  };
  static constexpr unsigned kSmallMemoBits = 8, kMemoBits = 12, kGrowMemoAfter = 1024;  // definitions
  std::size_t memo_slot(const void* node) const {  // Fibonacci hashing, as in PtrMap
    auto x = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(node));
    return static_cast<std::size_t>((x * 0x9e3779b97f4a7c15ULL) >> (64 - memo_bits_));
  }
  std::vector<Memo> memo_;  // node → printed name, this function only (see def_name)
  unsigned memo_bits_ = kSmallMemoBits;
  std::size_t defs_ = 0;  // name_of_def calls in this function
  visit::PtrMap<std::uint32_t> names_;  // renamed definition → index into name_store_
  std::deque<std::string> name_store_;
  StringSet used_;  // the printed names of this function (see def_name)
  std::unordered_map<std::string, int> suffix_;
  bool verbatim_ = false;  // see begin_function
};

}  // namespace ptorw::text
