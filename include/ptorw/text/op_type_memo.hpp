// The parser's memo of op-call result types for calls whose operands are all constants or lists of
// constants: `pl.create_tensor([32, 64], dtype=pl.FP32)` is written thousands of times in a
// generated program, and inferring and interning its type each time is ~1,500 instructions
// (issue 2). `ir::check_and_infer` is a pure function of the op, the operand nodes and the kwargs;
// constants and constant lists are shared nodes (intern.hpp), so the same call text gives the same
// operand addresses, and the interned type is kept under (op, operand addresses, kwargs).
//
// An entry pins its operand nodes: an address in a key can never be reused by another node while
// the entry lives. Only successful inferences are kept (an error is reported by the normal path).
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <variant>
#include <vector>

#include "ptorw/ir/expr.hpp"
#include "ptorw/ir/op_registry.hpp"

namespace ptorw::text {

class OpTypeMemo {
 public:
  /// Prepares the key of this call; false when the call is not kept (an operand that is not a
  /// constant or a list of constants, a kwarg holding an expression, or the memo is full).
  bool key(const ir::OpDef& def, const std::vector<ir::Expr>& args, const ir::Kwargs& kw) {
    key_.clear();
    put(&def);
    put(static_cast<std::uint32_t>(args.size()));
    for (const ir::Expr& a : args) {
      if (!constant_like(a)) return false;
      put(a.get());
    }
    put(static_cast<std::uint32_t>(kw.size()));
    for (const auto& [k, v] : kw) {
      put_text(k);
      put(static_cast<std::uint8_t>(v.index()));
      bool ok = std::visit([&](const auto& x) {
        using X = std::decay_t<decltype(x)>;
        if constexpr (std::is_same_v<X, ir::Expr>) return false;
        else if constexpr (std::is_same_v<X, std::string>) put_text(x);
        else if constexpr (std::is_same_v<X, ir::EnumRef>) put_text(x.text);
        else put(x);  // bool, int64, double, the enums: their bytes
        return true;
      }, v);
      if (!ok) return false;
    }
    return true;
  }
  /// The type kept under the prepared key, or nullptr.
  const ir::Type* find() const {
    auto it = map_.find(key_);
    return it == map_.end() ? nullptr : &it->second.type;
  }
  /// Keeps `type` (interned) under the prepared key; `args` are pinned.
  void insert(const std::vector<ir::Expr>& args, ir::Type type) {
    if (map_.size() >= kMaxEntries) return;
    map_.try_emplace(key_, Entry{args, std::move(type)});
  }

 private:
  /// Constants and lists of constants: nodes the parser shares, so their addresses repeat.
  static bool constant_like(const ir::Expr& e) {
    if (is_constant(e)) return true;
    auto* t = ir::expr_as<ir::MakeTuple>(e);
    return t && std::all_of(t->elems.begin(), t->elems.end(), is_constant);
  }
  static bool is_constant(const ir::Expr& e) {
    return ir::expr_as<ir::ConstInt>(e) || ir::expr_as<ir::ConstFloat>(e) || ir::expr_as<ir::ConstBool>(e);
  }
  template <class T> void put(const T& x) {
    static_assert(std::is_trivially_copyable_v<T>);
    key_.append(reinterpret_cast<const char*>(&x), sizeof x);
  }
  void put_text(std::string_view s) {  // length-prefixed: keys of different calls never coincide
    put(static_cast<std::uint32_t>(s.size()));
    key_.append(s);
  }

  static constexpr std::size_t kMaxEntries = 4096;
  struct Entry {
    std::vector<ir::Expr> pins;
    ir::Type type;
  };
  std::string key_;
  std::unordered_map<std::string, Entry> map_;
};

}  // namespace ptorw::text
