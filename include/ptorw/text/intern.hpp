// Hash-consing of the parser's most repeated nodes: integer constants and simple types (scalar,
// tensor or tile with static dims and no view/storage, tuples of those). Nodes are immutable, so
// sharing them is invisible to every consumer except memory use: a 1M-statement program repeats
// a handful of shapes. Shared constants carry no span (their enclosing call has one).
#pragma once
#include <string>
#include <unordered_map>

#include "ptorw/ir/builder.hpp"

namespace ptorw::text {

class Interner {
 public:
  ir::Expr int_const(std::int64_t v, ir::DType d) {
    if (v >= -64 && v < 4096 && d == ir::DType::INDEX) {
      auto& slot = small_ints_[static_cast<std::size_t>(v + 64)];
      if (!slot) slot = ir::make_int(v, d);
      return slot;
    }
    return ir::make_int(v, d);
  }

  /// A list/tuple literal whose type is shared: the node is built once, with the interned type.
  ir::Expr tuple(std::vector<ir::Expr> elems, ir::Span sp) {
    std::vector<ir::Type> ts;
    ts.reserve(elems.size());
    for (const auto& e : elems) ts.push_back(e->type);
    return ir::make_expr(ir::MakeTuple{std::move(elems)}, type(ir::make_type(ir::TupleType{std::move(ts)})), sp);
  }

  /// Returns a shared node structurally equal to `t` when `t` is simple; `t` itself otherwise.
  ir::Type type(const ir::Type& t) {
    if (!t) return t;
    if (!key_of(t, key_)) return t;
    auto [it, inserted] = types_.try_emplace(key_, t);
    return it->second;
  }

 private:
  static bool dims_key(const std::vector<ir::Expr>& dims, std::string& k) {
    for (const auto& d : dims) {
      auto v = ir::const_int(d);
      if (!v) return false;
      k += std::to_string(*v);
      k += ',';
    }
    return true;
  }
  static bool key_of(const ir::Type& t, std::string& k) {
    k.clear();
    return append_key(t, k);
  }
  static bool append_key(const ir::Type& t, std::string& k) {
    if (auto* s = ir::type_as<ir::ScalarType>(t)) {
      k += 'S';
      k += static_cast<char>('a' + static_cast<int>(s->dtype));
      return true;
    }
    if (auto* x = ir::type_as<ir::TensorType>(t)) {
      if (x->view || x->memref) return false;
      k += 'N';
      k += static_cast<char>('a' + static_cast<int>(x->dtype));
      return dims_key(x->shape, k);
    }
    if (auto* x = ir::type_as<ir::TileType>(t)) {
      if (x->view || x->memref) return false;
      k += 'T';
      k += static_cast<char>('a' + static_cast<int>(x->dtype));
      k += static_cast<char>(x->memory ? 'a' + static_cast<int>(*x->memory) : '-');
      return dims_key(x->shape, k);
    }
    if (auto* x = ir::type_as<ir::TupleType>(t)) {
      k += "U(";
      for (const auto& e : x->elems)
        if (!append_key(e, k)) return false;
      k += ')';
      return true;
    }
    return false;
  }

  std::array<ir::Expr, 64 + 4096> small_ints_{};
  std::unordered_map<std::string, ir::Type> types_;
  std::string key_;
};

}  // namespace ptorw::text
