// `std::unordered_map`'s lookup interface over an open-addressing table keyed by node identity (a
// `const Node*`, or a (node, index) pair): the per-caller facts of the passes hold one entry per
// variable of a function that may have millions, and a node-based map costs a bucket miss and a
// node miss per lookup, more as the heap outgrows the caches (issue 20: those tables grew 17-31x
// from 100k to 1M statements, where the statements grew 10x). The one open-addressing table of
// the project (visit::PtrMap, ptr_map.hpp, is its `const void*`-keyed face), with `find(k) != end()`, `->second`, `operator[]`, `count`,
// `try_emplace` and `emplace` spelled as the standard map's, so a declaration can change alone.
//
// Unlike std::unordered_map, an insertion moves the entries: a pointer returned by `find` is valid
// until the next insertion only. The empty key (`Key{}`: a null node) cannot be stored.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ptorw::visit {

/// The slot of a node address (and an index). Locality-preserving: nodes are allocated in program
/// order, and the passes look them up in program order, so the slot is the address in 16-byte units
/// within a 64 KiB window of the heap, plus a scrambled base per window. Walking a function then
/// moves through the table the way it moves through the heap — neighbouring lookups share cache
/// lines and pages — where a multiplicative hash sends every lookup of a million-entry table to a
/// random line and page. (Measured, issue 20 seventh round: a small gain, within the noise of a
/// whole 1M-statement compile; most of the per-statement cost of the passes is elsewhere.) The scrambled base
/// keeps regularly spaced nodes (one per page, say) from sharing slots; within a window distinct
/// 16-byte-aligned nodes get distinct slots in any table of 4096 slots or more.
struct NodeKeyHash {
  static std::uint64_t mix(const void* p) {
    const auto u = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(p));
    return (u >> 4) + (((u >> 16) * 0x9e3779b97f4a7c15ULL) >> 20);
  }
  std::uint64_t operator()(const void* p) const { return mix(p); }
  template <class P, class I> std::uint64_t operator()(const std::pair<P, I>& k) const {
    return mix(k.first) + ((static_cast<std::uint64_t>(k.second) * 0xc2b2ae3d27d4eb4fULL) >> 20);
  }
};

/// `FirstSlots`: the table's size at its first insertion (a power of two).
template <class Key, class V, class Hash = NodeKeyHash, std::size_t FirstSlots = 16> class NodeMap {
 public:
  using value_type = std::pair<Key, V>;
  using iterator = value_type*;
  using const_iterator = const value_type*;

  iterator end() { return nullptr; }
  const_iterator end() const { return nullptr; }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }

  iterator find(const Key& k) {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = slot_of(k);; i = (i + 1) & mask_) {
      if (slots_[i].first == k) return &slots_[i];
      if (slots_[i].first == Key{}) return nullptr;
    }
  }
  const_iterator find(const Key& k) const { return const_cast<NodeMap*>(this)->find(k); }
  std::size_t count(const Key& k) const { return find(k) ? 1 : 0; }

  /// Inserts (k, v) unless k is present: the entry and whether it was inserted.
  template <class... A> std::pair<iterator, bool> try_emplace(const Key& k, A&&... args) {
    if ((size_ + 1) * 4 > slots_.size() * 3) grow();  // load factor <= 3/4
    for (std::size_t i = slot_of(k);; i = (i + 1) & mask_) {
      if (slots_[i].first == k) return {&slots_[i], false};
      if (slots_[i].first == Key{}) {
        slots_[i].first = k;
        slots_[i].second = V(std::forward<A>(args)...);
        ++size_;
        return {&slots_[i], true};
      }
    }
  }
  template <class T> std::pair<iterator, bool> emplace(const Key& k, T&& v) { return try_emplace(k, std::forward<T>(v)); }
  V& operator[](const Key& k) { return try_emplace(k).first->second; }

  /// Room for `n` entries without growing (one allocation for a table whose size is known).
  void reserve(std::size_t n) {
    while (n * 4 > slots_.size() * 3) grow();
  }
  /// Starts loading the slot of `k` into the cache: a walk that knows the next key ahead of time
  /// overlaps this (otherwise certain) miss with its other work.
  void prefetch(const Key& k) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[slot_of(k)]);
  }

 private:
  std::vector<value_type> slots_;
  std::size_t size_ = 0, mask_ = 0;

  // The low bits: the hash keeps neighbouring keys in neighbouring slots (NodeKeyHash).
  std::size_t slot_of(const Key& k) const { return static_cast<std::size_t>(Hash{}(k)) & mask_; }
  void grow() {
    std::vector<value_type> old = std::move(slots_);
    const std::size_t cap = old.empty() ? FirstSlots : old.size() * 2;
    slots_.clear();
    slots_.resize(cap);
    mask_ = cap - 1;
    for (value_type& s : old)
      if (!(s.first == Key{}))
        for (std::size_t i = slot_of(s.first);; i = (i + 1) & mask_)
          if (slots_[i].first == Key{}) {
            slots_[i] = std::move(s);
            break;
          }
  }
};

/// A set of nodes: `insert` and `count`.
template <class Key> class NodeSet {
 public:
  bool insert(const Key& k) { return m_.try_emplace(k, 1).second; }
  std::size_t count(const Key& k) const { return m_.count(k); }
  std::size_t size() const { return m_.size(); }

 private:
  NodeMap<Key, char> m_;
};

}  // namespace ptorw::visit
