// A map keyed by node identity (`const ExprNode*` and friends) for the whole-program walks of
// equality, hashing and verification. Those walks touch one entry per variable definition and one
// per use — millions on a 1M-statement program (issue 2's benchmark) — so the table is open
// addressing with linear probing and inline slots: one cache miss per lookup, where
// `std::unordered_map` chases a bucket and then a node.
#pragma once
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ptorw::visit {

template <class V> class PtrMap {
 public:
  /// The value stored for `key`, or nullptr. Valid until the next insertion.
  V* find(const void* key) {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = slot_of(key);; i = (i + 1) & mask_) {
      if (slots_[i].key == key) return &slots_[i].value;
      if (!slots_[i].key) return nullptr;
    }
  }
  const V* find(const void* key) const { return const_cast<PtrMap*>(this)->find(key); }

  /// Inserts `value` unless `key` is present; returns the stored value and whether it was inserted.
  /// The pointer is valid until the next insertion.
  std::pair<V*, bool> try_emplace(const void* key, V value) {
    if ((size_ + 1) * 4 > slots_.size() * 3) grow();  // load factor ≤ 3/4
    for (std::size_t i = slot_of(key);; i = (i + 1) & mask_) {
      if (slots_[i].key == key) return {&slots_[i].value, false};
      if (!slots_[i].key) {
        slots_[i] = Slot{key, std::move(value)};
        ++size_;
        return {&slots_[i].value, true};
      }
    }
  }

  /// The value stored for `key`, default-constructed and inserted when missing (as
  /// `std::unordered_map::operator[]`). The reference is valid until the next insertion.
  V& operator[](const void* key) { return *try_emplace(key, V{}).first; }
  std::size_t count(const void* key) const { return find(key) ? 1 : 0; }

  std::size_t size() const { return size_; }

  /// Room for `n` entries without growing (one allocation for a table whose size is known).
  void reserve(std::size_t n) {
    while (n * 4 > slots_.size() * 3) grow();
  }

  /// Starts loading the slot of `key` into the cache: a walk that knows the next definition ahead
  /// of time overlaps this (otherwise certain) miss with its other work.
  void prefetch(const void* key) const {
    if (!slots_.empty()) __builtin_prefetch(&slots_[slot_of(key)]);
  }

 private:
  struct Slot {
    const void* key = nullptr;
    V value{};
  };
  std::vector<Slot> slots_;
  std::size_t size_ = 0;
  std::size_t mask_ = 0;
  unsigned shift_ = 64;

  /// Fibonacci hashing of the address: the multiply spreads the aligned low bits over the top bits.
  std::size_t slot_of(const void* key) const {
    auto x = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(key));
    return static_cast<std::size_t>((x * 0x9e3779b97f4a7c15ULL) >> shift_);
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    std::size_t cap = old.empty() ? 64 : old.size() * 2;
    slots_.assign(cap, Slot{});
    mask_ = cap - 1;
    shift_ = 64;
    for (std::size_t c = cap; c > 1; c >>= 1) --shift_;
    for (Slot& s : old)
      if (s.key)
        for (std::size_t i = slot_of(s.key);; i = (i + 1) & mask_)
          if (!slots_[i].key) {
            slots_[i] = std::move(s);
            break;
          }
  }
};

}  // namespace ptorw::visit
