// A map keyed by node identity (`const ExprNode*` and friends) for the whole-program walks of
// equality, hashing and verification. Those walks touch one entry per variable definition and one
// per use — millions on a 1M-statement program (issue 2's benchmark) — so the table is open
// addressing with linear probing and inline slots: one cache miss per lookup, where
// `std::unordered_map` chases a bucket and then a node. The table is visit::NodeMap
// (node_map.hpp); this is its `const void*`-keyed face, returning the value rather than the entry.
#pragma once
#include <cstddef>
#include <utility>

#include "ptorw/visit/node_map.hpp"

namespace ptorw::visit {

template <class V> class PtrMap {
 public:
  /// The value stored for `key`, or nullptr. Valid until the next insertion.
  V* find(const void* key) {
    auto* e = m_.find(key);
    return e ? &e->second : nullptr;
  }
  const V* find(const void* key) const { return const_cast<PtrMap*>(this)->find(key); }

  /// Inserts `value` unless `key` is present; returns the stored value and whether it was inserted.
  /// The pointer is valid until the next insertion.
  std::pair<V*, bool> try_emplace(const void* key, V value) {
    auto [e, inserted] = m_.try_emplace(key, std::move(value));
    return {&e->second, inserted};
  }

  /// The value stored for `key`, default-constructed and inserted when missing (as
  /// `std::unordered_map::operator[]`). The reference is valid until the next insertion.
  V& operator[](const void* key) { return m_[key]; }
  std::size_t count(const void* key) const { return m_.count(key); }

  std::size_t size() const { return m_.size(); }

  /// Room for `n` entries without growing (one allocation for a table whose size is known).
  void reserve(std::size_t n) { m_.reserve(n); }

  /// Starts loading the slot of `key` into the cache (NodeMap::prefetch).
  void prefetch(const void* key) const { m_.prefetch(key); }

 private:
  NodeMap<const void*, V, NodeKeyHash, 64> m_;
};

}  // namespace ptorw::visit
