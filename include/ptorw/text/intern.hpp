// Hash-consing of the parser's most repeated nodes: integer constants and simple types (scalar,
// tensor or tile with static dims and no view/storage, tuples of those). Nodes are immutable, so
// sharing them is invisible to every consumer except memory use: a 1M-statement program repeats
// a handful of shapes. Shared constants carry no span (their enclosing call has one).
#pragma once
#include <charconv>
#include <string>
#include <unordered_map>
#include <unordered_set>

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
  /// The tuple type is looked up by the identity of the element types first (a list of index
  /// constants repeats one scalar type node), so the common case builds no throwaway type.
  /// The same for the elements [first, last), moved from: a shared list allocates nothing.
  ir::Expr tuple(ir::Expr* first, ir::Expr* last, ir::Span sp) {
    // A list of interned constants (`[32, 64]`, the shapes and offsets every call repeats) is
    // itself shared, like the constants: no span, one node for the whole program.
    const auto n = static_cast<std::size_t>(last - first);
    if (n != 0 && n <= kMaxConstTuple && all_interned_ints(first, last)) {
      std::string& ck = const_key_;
      ck.clear();
      for (ir::Expr* e = first; e != last; ++e) {
        const ir::ExprNode* p = e->get();
        ck.append(reinterpret_cast<const char*>(&p), sizeof p);
      }
      if (auto it = const_tuples_.find(ck); it != const_tuples_.end()) return it->second;
      ir::Expr t = tuple_node(std::vector<ir::Expr>(std::make_move_iterator(first), std::make_move_iterator(last)), {});
      if (const_tuples_.size() < kMaxConstTuples) const_tuples_.emplace(ck, t);
      return t;
    }
    return tuple_node(std::vector<ir::Expr>(std::make_move_iterator(first), std::make_move_iterator(last)), sp);
  }
  ir::Expr tuple(std::vector<ir::Expr> elems, ir::Span sp) { return tuple(elems.data(), elems.data() + elems.size(), sp); }

 private:
  static constexpr std::size_t kMaxConstTuple = 8;      // elements
  static constexpr std::size_t kMaxConstTuples = 4096;  // distinct lists kept
  bool all_interned_ints(const ir::Expr* first, const ir::Expr* last) const {
    for (const ir::Expr* p = first; p != last; ++p) {
      const ir::Expr& e = *p;
      auto* c = ir::expr_as<ir::ConstInt>(e);
      if (!c || c->value < -64 || c->value >= 4096 || small_ints_[static_cast<std::size_t>(c->value + 64)] != e) return false;
    }
    return true;
  }

  ir::Expr tuple_node(std::vector<ir::Expr> elems, ir::Span sp) {
    std::string& k = tuple_key_;
    k.clear();
    for (const auto& e : elems) {
      const ir::TypeNode* p = e->type.get();
      k.append(reinterpret_cast<const char*>(&p), sizeof p);
    }
    auto it = tuple_types_.find(k);
    if (it == tuple_types_.end()) {
      std::vector<ir::Type> ts;
      ts.reserve(elems.size());
      for (const auto& e : elems) ts.push_back(e->type);
      ir::Type built = ir::make_type(ir::TupleType{std::move(ts)});
      // `built` pins the element types, so the addresses in the key stay theirs.
      it = tuple_types_.try_emplace(k, TupleEntry{type(built), built}).first;
    }
    return ir::make_expr(ir::MakeTuple{std::move(elems)}, it->second.interned, sp);
  }

 public:

  /// Returns a shared node structurally equal to `t` when `t` is simple; `t` itself otherwise.
  ir::Type type(const ir::Type& t) {
    if (!t) return t;
    if (canonical_.count(t.get())) return t;  // already the shared node (a callee's return type)
    if (!key_of(t, key_)) return t;
    auto [it, inserted] = types_.try_emplace(key_, t);
    canonical_.insert(it->second.get());
    return it->second;
  }

 private:
  /// Appends the dim count and each dim as 8 raw bytes: self-delimiting, so keys of different
  /// types never coincide.
  static bool dims_key(const std::vector<ir::Expr>& dims, std::string& k) {
    auto count = static_cast<std::uint32_t>(dims.size());
    k.append(reinterpret_cast<const char*>(&count), sizeof count);
    for (const auto& d : dims) {
      auto v = ir::const_int(d);
      if (!v) return false;
      std::int64_t x = *v;
      k.append(reinterpret_cast<const char*>(&x), sizeof x);  // fixed width: no separator needed
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

  struct TupleEntry {
    ir::Type interned;
    ir::Type pinned;
  };
  std::array<ir::Expr, 64 + 4096> small_ints_{};
  std::unordered_map<std::string, TupleEntry> tuple_types_;  // by element type addresses
  std::string tuple_key_;
  std::unordered_map<std::string, ir::Expr> const_tuples_;  // by element node addresses
  std::string const_key_;
  std::unordered_map<std::string, ir::Type> types_;
  std::unordered_set<const ir::TypeNode*> canonical_;  // the nodes types_ holds
  std::string key_;
};

}  // namespace ptorw::text
