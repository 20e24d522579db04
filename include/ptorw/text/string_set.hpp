// A set of string views with open addressing: the printer's "names already taken in this
// function" (a million entries for a generated 1M-statement function; a node-based
// std::unordered_set costs three cache misses per query there). Views must outlive the set.
//
// A slot is 16 bytes (the view's pointer, its length, 32 bits of its hash), four to a cache line,
// and the load stays at most 1/2: a probe for a new name — the common case, once per definition —
// ends within one or two lines. The set keeps the view it was given, so `try_insert` tells the
// caller *which* view holds a name: the printer inserts a definition's own name string, and
// a pointer comparison then says whether that definition is the holder (string_set_test).
#pragma once
#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include "ptorw/text/huge_pages.hpp"

namespace ptorw::text {

class StringSet {
 public:
  static std::uint64_t hash(std::string_view s) {
    // Eight bytes at a time (names are short: one or two rounds), the last bytes read with
    // overlapping loads instead of a byte loop; a murmur-style finalizer mixes into the low bits.
    const char* p = s.data();
    std::size_t n = s.size();
    std::uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;
    auto mix = [](std::uint64_t x, std::uint64_t w) {
      x = (x ^ w) * 0xff51afd7ed558ccdULL;
      return x ^ (x >> 32);
    };
    for (; n > 8; p += 8, n -= 8) h = mix(h, load<std::uint64_t>(p));
    std::uint64_t w = 0;
    if (n >= 4) {
      w = load<std::uint32_t>(p) | std::uint64_t{load<std::uint32_t>(p + n - 4)} << 32;
    } else if (n > 0) {
      w = std::uint64_t{static_cast<unsigned char>(p[0])} | std::uint64_t{static_cast<unsigned char>(p[n / 2])} << 8 |
          std::uint64_t{static_cast<unsigned char>(p[n - 1])} << 16;
    }
    h = mix(h, w);
    h *= 0xc4ceb9fe1a85ec53ULL;
    return h ^ (h >> 33);
  }

  /// The stored view equal to `s`, or nullptr.
  const char* find(std::string_view s) const { return find(s, hash(s)); }
  const char* find(std::string_view s, std::uint64_t h) const {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& x = slots_[i];
      if (!x.text) return nullptr;
      if (x.tag == tag(h) && equal(x, s)) return x.text;
    }
  }
  bool contains(std::string_view s) const { return find(s) != nullptr; }

  /// Inserts the view `s` unless an equal string is present (one hash, one probe sequence).
  /// Returns the data pointer of the view now stored for that string, and whether it is `s`'s.
  std::pair<const char*, bool> try_insert(std::string_view s) { return try_insert(s, hash(s)); }
  std::pair<const char*, bool> try_insert(std::string_view s, std::uint64_t h) {
    if (!s.data()) s = std::string_view("", 0);  // a null pointer marks an empty slot
    if ((size_ + 1) * 2 > mask_ + 1) grow();  // load ≤ 1/2 (an empty table has mask_ 0)
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      Slot& x = slots_[i];
      if (!x.text) {
        x = Slot{s.data(), static_cast<std::uint32_t>(s.size()), tag(h)};
        ++size_;
        return {s.data(), true};
      }
      if (x.tag == tag(h) && equal(x, s)) return {x.text, false};
    }
  }
  bool insert(std::string_view s) { return try_insert(s).second; }

  /// Starts loading the slots of the string with hash `h` into the cache (the first probe and the
  /// line after it, where a probe sequence spills): a walk that knows the next definition ahead
  /// of time overlaps this otherwise certain miss with its other work.
  void prefetch(std::uint64_t h) const {
    if (slots_.empty()) return;
    const Slot* x = &slots_[h & mask_];
    __builtin_prefetch(x);
    __builtin_prefetch(x + 4);  // the next cache line (one past the end stays inside the vector)
  }
  void clear() {
    slots_.clear();
    size_ = mask_ = 0;
  }
  std::size_t size() const { return size_; }

 private:
  struct Slot {
    const char* text = nullptr;  // nullptr: empty (a stored view always has a non-null pointer)
    std::uint32_t size = 0;
    std::uint32_t tag = 0;
  };
  /// The hash's low 32 bits: they also give the home slot again when the table grows (no re-read
  /// of the text, which lives in scattered IR nodes).
  static std::uint32_t tag(std::uint64_t h) { return static_cast<std::uint32_t>(h); }
  static bool equal(const Slot& x, std::string_view s) {
    return x.size == s.size() && (x.text == s.data() || std::memcmp(x.text, s.data(), s.size()) == 0);
  }
  template <class T> static T load(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }
  void grow() {
    std::size_t cap = slots_.empty() ? 64 : (mask_ + 1) * 2;  // a power of two
    std::vector<Slot> old = std::move(slots_);
    slots_.reserve(cap + 4);  // + 4: prefetch reads one line past the last slot
    advise_huge_pages(slots_.data(), (cap + 4) * sizeof(Slot));  // before the slots are written
    slots_.assign(cap + 4, Slot{});
    mask_ = cap - 1;
    // Re-insert in table order; each entry's new slot is a likely miss, so start loading the
    // slot of the entry a few places ahead.
    constexpr std::size_t kAhead = 8;
    for (std::size_t j = 0; j < old.size(); ++j) {
      if (j + kAhead < old.size()) __builtin_prefetch(&slots_[old[j + kAhead].tag & mask_]);
      const Slot& x = old[j];
      if (!x.text) continue;
      for (std::size_t i = x.tag & mask_;; i = (i + 1) & mask_)
        if (!slots_[i].text) {
          slots_[i] = x;
          break;
        }
    }
  }
  std::vector<Slot> slots_;  // mask_ + 1 slots, then 4 that stay empty (prefetch overrun)
  static_assert(sizeof(Slot) == 16);
  std::size_t size_ = 0, mask_ = 0;
};

}  // namespace ptorw::text
