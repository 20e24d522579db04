// A map from string views to node addresses with open addressing: the printer's "names already
// taken in this function, and by which definition" (a million entries for a generated
// 1M-statement function; a node-based std::unordered_map costs three cache misses per query
// there). Views must outlive the map.
#pragma once
#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include "ptorw/text/huge_pages.hpp"

namespace ptorw::text {

class StringMap {
 public:
  /// The value stored for `s`, or nullptr.
  const void* const* find(std::string_view s) const {
    if (slots_.empty()) return nullptr;
    std::uint64_t h = hash(s);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& x = slots_[i];
      if (x.hash == 0) return nullptr;
      if (x.hash == h && x.text == s) return &x.value;
    }
  }
  bool contains(std::string_view s) const { return find(s) != nullptr; }
  /// Starts loading the slot of `s` into the cache (see PtrMap::prefetch).
  void prefetch(std::string_view s) const {
    if (slots_.empty()) return;
    // Kept in a member: GCC drops a prefetch whose address is computed by a loop and used nowhere else.
    hint_ = hash(s) & mask_;
    __builtin_prefetch(&slots_[hint_]);
  }
  /// Inserts `s` with `value`; returns false (and changes nothing) when `s` was present.
  bool insert(std::string_view s, const void* value = nullptr) {
    if ((size_ + 1) * 4 > slots_.size() * 3) grow(slots_.empty() ? 64 : slots_.size() * 2);
    std::uint64_t h = hash(s);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      Slot& x = slots_[i];
      if (x.hash == 0) {
        x = {h, s, value};
        ++size_;
        return true;
      }
      if (x.hash == h && x.text == s) return false;
    }
  }
  /// Inserts `s` with `value` unless present (one hash, one probe sequence); returns the stored
  /// value and whether it was inserted. The pointer is valid until the next insertion.
  std::pair<const void* const*, bool> try_insert(std::string_view s, const void* value) {
    if ((size_ + 1) * 4 > slots_.size() * 3) grow(slots_.empty() ? 64 : slots_.size() * 2);
    std::uint64_t h = hash(s);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      Slot& x = slots_[i];
      if (x.hash == 0) {
        x = {h, s, value};
        ++size_;
        return {&x.value, true};
      }
      if (x.hash == h && x.text == s) return {&x.value, false};
    }
  }
  void reserve(std::size_t n) {
    std::size_t cap = 64;
    while (cap * 3 < n * 4) cap *= 2;
    if (cap > slots_.size()) grow(cap);
  }
  void clear() {
    slots_.clear();
    size_ = mask_ = 0;
  }

 private:
  struct Slot {
    std::uint64_t hash = 0;
    std::string_view text;
    const void* value = nullptr;
  };
  static std::uint64_t hash(std::string_view s) {
    // Eight bytes at a time (names are short: one or two rounds), the last bytes read with
    // overlapping loads instead of a byte loop; a murmur finalizer mixes into the low bits.
    const char* p = s.data();
    std::size_t n = s.size();
    std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;
    auto mix = [](std::uint64_t x, std::uint64_t w) {
      x = (x ^ w) * 0xff51afd7ed558ccdULL;
      return x ^ (x >> 32);
    };
    for (; n > 8; p += 8, n -= 8) h = mix(h, load<std::uint64_t>(p));
    std::uint64_t w = 0;
    if (n >= 4) w = load<std::uint32_t>(p) | std::uint64_t{load<std::uint32_t>(p + n - 4)} << 32;
    else if (n > 0) w = std::uint64_t{static_cast<unsigned char>(p[0])} | std::uint64_t{static_cast<unsigned char>(p[n / 2])} << 8 |
                        std::uint64_t{static_cast<unsigned char>(p[n - 1])} << 16;
    h = mix(h, w);
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h | 1;  // 0 marks an empty slot
  }
  template <class T> static T load(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  void grow(std::size_t cap) {
    std::vector<Slot> old = std::move(slots_);
    slots_.reserve(cap);
    advise_huge_pages(slots_.data(), cap * sizeof(Slot));  // before the slots are written
    slots_.assign(cap, Slot{});
    mask_ = cap - 1;
    size_ = 0;
    for (const Slot& x : old)
      if (x.hash)
        for (std::size_t i = x.hash & mask_;; i = (i + 1) & mask_)
          if (slots_[i].hash == 0) {
            slots_[i] = x;
            ++size_;
            break;
          }
  }
  std::vector<Slot> slots_;
  std::size_t size_ = 0, mask_ = 0;
  mutable std::size_t hint_ = 0;  // the last prefetched slot (see prefetch)
};

}  // namespace ptorw::text
