// A set of string views: the printer's "names already taken in this function" (a million entries
// for a generated 1M-statement function). Views must outlive the set.
//
// Almost every query is for a name not in the set (a new definition; issue 2's 1M program asks
// 1.14 M times and finds a name 9 times), and any hash table of a million names answers that with
// a cache miss — in a printer that does little else, the set was 0.25 s of a 0.45 s print. So the
// set has three parts:
//   * the entries, appended in insertion order (sequential writes, in chunks that never move);
//   * a blocked Bloom filter (8–16 bits per entry: 2 MB at 1M names) that answers "surely
//     absent" for nearly every new name, with one cache line read;
//   * an exact open-addressing index over the entries, brought up to date only when the filter
//     says "maybe": the entries appended since are then inserted in one batch, with prefetching,
//     so their misses overlap instead of each stalling the print.
// A string found by the index is the answer; the filter alone never decides "present".
// `try_insert` tells the caller *which* view holds a name: the printer inserts a definition's own
// name string, and a pointer comparison then says whether that definition is the holder
// (printer_names_test). The index is a cache of the entries, so `find` is const but brings it up
// to date: a set is not for concurrent use.
#pragma once
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string_view>
#include <utility>
#include <vector>

#include "ptorw/text/append_list.hpp"

namespace ptorw::text {

class StringSet {
 public:
  StringSet() { reset_filter(); }

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
    const std::uint32_t t = tag(h);
    return may_contain(t) ? find_indexed(s, t) : nullptr;
  }
  bool contains(std::string_view s) const { return find(s) != nullptr; }

  /// Inserts the view `s` unless an equal string is present. Returns the data pointer of the view
  /// now stored for that string, and whether it is `s`'s.
  std::pair<const char*, bool> try_insert(std::string_view s) { return try_insert(s, hash(s)); }
  std::pair<const char*, bool> try_insert(std::string_view s, std::uint64_t h) {
    if (!s.data()) s = std::string_view("", 0);  // the caller compares holders by pointer
    const std::uint32_t t = tag(h);
    if (may_contain(t))
      if (const char* held = find_indexed(s, t)) return {held, false};
    append(s, t);
    return {s.data(), true};
  }
  bool insert(std::string_view s) { return try_insert(s).second; }

  /// Empties the set; keeps the entry chunks for the next function.
  void clear() {
    entries_.clear();
    indexed_ = 0;
    slots_.clear();
    mask_ = 0;
    reset_filter();
  }
  std::size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    const char* text;
    std::uint32_t size;
    std::uint32_t tag;
  };
  /// The hash's low 32 bits: the filter's bits and the index's home slot both come from it, so
  /// neither a filter rebuild nor an index growth reads a name again (names live in scattered IR
  /// nodes).
  static std::uint32_t tag(std::uint64_t h) { return static_cast<std::uint32_t>(h); }
  static bool equal(const Entry& e, std::string_view s) {
    return e.size == s.size() && (e.text == s.data() || std::memcmp(e.text, s.data(), s.size()) == 0);
  }
  template <class T> static T load(const char* p) {
    T v;
    std::memcpy(&v, p, sizeof v);
    return v;
  }

  // ---- entries, in insertion order (append_list.hpp: chunks that never move) ----
  const Entry& entry(std::size_t i) const { return entries_[i]; }
  void append(std::string_view s, std::uint32_t t) {
    if (s.size() > UINT32_MAX || entries_.size() == UINT32_MAX) throw std::length_error("StringSet: too large");
    entries_.push_back(Entry{s.data(), static_cast<std::uint32_t>(s.size()), t});
    if (entries_.size() > filter_.size() * kKeysPerBlock) rebuild_filter(filter_.size() * 2);
    else set_bits(t);
  }

  // ---- filter: 32-byte blocks, one bit per 32-bit word, so a query reads one cache line ----
  // Rebuilt twice as large from the entries' tags when it drops below 8 bits per entry. A false
  // "maybe" (~1 %) costs an index update and a probe, never a wrong answer; a larger filter (16–32
  // bits per entry) made fewer of them but missed the L2 cache on most queries: the 1M print took
  // 0.29–0.31 s with it, 0.25–0.28 s with this one.
  struct alignas(32) Block {
    std::uint32_t w[8];
  };
  static constexpr std::size_t kKeysPerBlock = 32, kMinBlocks = 64;
  std::size_t block_of(std::uint32_t t) const {
    return static_cast<std::size_t>((std::uint64_t{t} * 0x9e3779b97f4a7c15ULL) >> 32) & (filter_.size() - 1);
  }
  /// Bit of word i: the top five bits of the tag times an odd constant of its own.
  static std::uint32_t bit(std::uint32_t t, int i) {
    static constexpr std::uint32_t kOdd[8] = {0x2545f491U, 0x9e3779b1U, 0x85ebca77U, 0xc2b2ae3dU,
                                              0x27d4eb2fU, 0x165667b1U, 0xd3a2646dU, 0xfd7046c5U};
    return std::uint32_t{1} << ((t * kOdd[i]) >> 27);
  }
  bool may_contain(std::uint32_t t) const {
    const Block& b = filter_[block_of(t)];
    for (int i = 0; i < 8; ++i)
      if (!(b.w[i] & bit(t, i))) return false;
    return true;
  }
  void set_bits(std::uint32_t t) {
    Block& b = filter_[block_of(t)];
    for (int i = 0; i < 8; ++i) b.w[i] |= bit(t, i);
  }
  void reset_filter() { filter_.assign(kMinBlocks, Block{}); }  // keeps a big filter's capacity
  void rebuild_filter(std::size_t blocks) {
    filter_.assign(blocks, Block{});
    for (std::size_t i = 0; i < entries_.size(); ++i) set_bits(entry(i).tag);
  }

  // ---- index: brought up to date on demand (see the file comment) ----
  struct Slot {
    std::uint32_t index;  // entry + 1; 0: empty
    std::uint32_t tag;
  };
  const char* find_indexed(std::string_view s, std::uint32_t t) const {
    update_index();
    for (std::size_t i = t & mask_;; i = (i + 1) & mask_) {
      const Slot& x = slots_[i];
      if (!x.index) return nullptr;
      if (x.tag == t && equal(entry(x.index - 1), s)) return entry(x.index - 1).text;
    }
  }
  /// Inserts the entries added since the last update. Load ≤ 3/4 (8-byte slots: a probe sequence
  /// stays within a line or two); a growth re-inserts every entry from the entry list.
  void update_index() const {
    const std::size_t size = entries_.size();
    if (indexed_ == size && !slots_.empty()) return;
    std::size_t cap = slots_.empty() ? 64 : mask_ + 1;
    while (size * 4 >= cap * 3) cap *= 2;
    if (cap != mask_ + 1 || slots_.empty()) {
      slots_.assign(cap, Slot{0, 0});
      mask_ = cap - 1;
      indexed_ = 0;
    }
    // Each entry's home slot is a likely miss: start loading the one a few entries ahead.
    constexpr std::size_t kAhead = 8;
    for (std::size_t j = indexed_; j < size; ++j) {
      if (j + kAhead < size) __builtin_prefetch(&slots_[entry(j + kAhead).tag & mask_]);
      const std::uint32_t t = entry(j).tag;
      std::size_t i = t & mask_;
      while (slots_[i].index) i = (i + 1) & mask_;
      slots_[i] = Slot{static_cast<std::uint32_t>(j + 1), t};
    }
    indexed_ = size;
  }

  AppendList<Entry> entries_;
  std::vector<Block> filter_;  // a power of two of blocks
  mutable std::vector<Slot> slots_;  // mask_ + 1 slots
  mutable std::size_t mask_ = 0, indexed_ = 0;  // indexed_: entries [0, indexed_) are in slots_
};

}  // namespace ptorw::text
