// Interned strings for the orchestration C++ emitter (orch_cpp_emitter.hpp): every distinct string
// is stored once and named by a dense 32-bit id. The emitter makes one C++ local per variable of a
// function that may have millions (issue 20: its string-keyed `unordered_set`/`unordered_map`s and
// the malloc/free of a std::string per name, key and value were the largest part of compiling the
// 1M-statement `--windowize` program). Here:
//  - the characters live in an arena of fixed chunks that never move, so a `std::string_view` of a
//    stored string is valid as long as the interner (no std::string per entry, nothing to free one
//    by one: destruction frees a few chunks);
//  - the lookup is open addressing over 8-byte slots (the hash's low 32 bits, id + 1), linear
//    probing, load <= 1/2: one probe for most lookups, no string compared unless its hash matches,
//    and growing re-places the slots by their stored hash without reading a string.
//    (Slots holding the strings inline were tried: +70 MiB peak at 100k statements.)
// `store` copies a string into the arena without interning it (a stable view of a non-name).
#pragma once
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

namespace ptorw::codegen {

class StringInterner {
 public:
  static constexpr std::uint32_t npos = UINT32_MAX;

  /// The id of `s`, or npos.
  std::uint32_t find(std::string_view s) const {
    if (slots_.empty()) return npos;
    const std::uint32_t h = hash(s);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& sl = slots_[i];
      if (sl.id1 == 0) return npos;
      if (sl.hash == h && views_[sl.id1 - 1] == s) return sl.id1 - 1;
    }
  }

  /// The id of `s`, interned when new; and whether it was.
  std::pair<std::uint32_t, bool> insert(std::string_view s) {
    if ((views_.size() + 1) * 2 > slots_.size()) grow();
    const std::uint32_t h = hash(s);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      Slot& sl = slots_[i];
      if (sl.id1 == 0) {
        views_.push_back(store(s));
        sl = {h, static_cast<std::uint32_t>(views_.size())};
        return {sl.id1 - 1, true};
      }
      if (sl.hash == h && views_[sl.id1 - 1] == s) return {sl.id1 - 1, false};
    }
  }

  /// The interned string of `id` (valid as long as the interner).
  std::string_view view(std::uint32_t id) const { return views_[id]; }
  std::size_t size() const { return views_.size(); }

  /// Room for `n` strings without rehashing.
  void reserve(std::size_t n) {
    views_.reserve(n);
    while (n * 2 > slots_.size()) grow();
  }

  /// A copy of `s` in the arena, not interned (valid as long as the interner).
  std::string_view store(std::string_view s) {
    if (s.empty()) return {};
    if (s.size() > left_) {
      const std::size_t n = s.size() > kChunk / 4 ? s.size() : kChunk;  // a long string gets its own chunk
      chunks_.push_back(std::make_unique<char[]>(n));
      if (n == kChunk || left_ == 0) cur_ = chunks_.back().get(), left_ = n;
      else return {static_cast<const char*>(std::memcpy(chunks_.back().get(), s.data(), s.size())), s.size()};
    }
    char* p = cur_;
    std::memcpy(p, s.data(), s.size());
    cur_ += s.size();
    left_ -= s.size();
    return {p, s.size()};
  }

 private:
  static constexpr std::size_t kChunk = 64 * 1024;
  struct Slot {
    std::uint32_t hash = 0;  // the hash's low 32 bits (its low bits are the home slot)
    std::uint32_t id1 = 0;   // id + 1; 0: empty
  };
  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::vector<std::string_view> views_;  // id -> the arena's copy
  std::vector<std::unique_ptr<char[]>> chunks_;
  char* cur_ = nullptr;
  std::size_t left_ = 0;

  // (A table of more than 2^32 slots would need more stored bits; ids are 32-bit anyway.)
  static std::uint32_t hash(std::string_view s) { return static_cast<std::uint32_t>(std::hash<std::string_view>{}(s)); }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    const std::size_t cap = old.empty() ? 64 : old.size() * 2;
    slots_.assign(cap, Slot{});
    mask_ = cap - 1;
    for (const Slot& s : old)
      if (s.id1 != 0) {
        std::size_t i = s.hash & mask_;
        while (slots_[i].id1 != 0) i = (i + 1) & mask_;
        slots_[i] = s;
      }
  }
};

}  // namespace ptorw::codegen
