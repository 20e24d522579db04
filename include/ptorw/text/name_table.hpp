// The parser's name → definition table. Python scoping keeps every name of a function visible, so
// a generated 1M-statement function holds a million names; a node-based std::unordered_map costs
// three cache misses per lookup there. This open-addressing table keeps the 64-bit hash and the
// handle inline (one miss), and compares the key against the definition's own name, which is
// always the bound name.
#pragma once
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "ptorw/ir/expr.hpp"

namespace ptorw::text {

class NameTable {
 public:
  NameTable() = default;
  // A copy has its own slots: the recent-slot cache is not copied (it would point into the
  // source's). A move keeps the slot buffer, so the cache stays valid.
  NameTable(const NameTable& o) : slots_(o.slots_), mask_(o.mask_), live_(o.live_), dead_(o.dead_) {}
  NameTable& operator=(const NameTable& o) {
    if (this != &o) *this = NameTable(o);
    return *this;
  }
  NameTable(NameTable&&) noexcept = default;
  NameTable& operator=(NameTable&&) noexcept = default;
  ~NameTable() = default;

  const ir::Expr* find(std::string_view name) const {
    if (slots_.empty()) return nullptr;
    std::uint64_t h = hash(name);
    // Most uses name something defined a few statements back: its slot is remembered in a small
    // direct-mapped cache (in L1), which saves the miss into the big table. A stale entry (slot
    // emptied or reused) fails the hash or name check and the probe below decides.
    if (const Slot* r = recent_[h % kRecent]; r && r->hash == h && r->value && ir::var_name(r->value) == name) return &r->value;
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (!s.value && s.hash == 0) return nullptr;  // empty: end of the probe chain
      if (s.value && s.hash == h && ir::var_name(s.value) == name) return &s.value;
    }
  }

  /// Binds the definition's own name to it (replacing an earlier binding of that name).
  void bind(const ir::Expr& def) {
    if ((live_ + dead_ + 1) * 4 > slots_.size() * 3) grow();
    std::string_view name = ir::var_name(def);
    std::uint64_t h = hash(name);
    Slot* tomb = nullptr;
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (!s.value && s.hash == 0) {
        Slot& dst = tomb ? *tomb : s;
        if (tomb) --dead_;
        dst = {h, def};
        ++live_;
        recent_[h % kRecent] = &dst;
        return;
      }
      if (!s.value) {
        if (!tomb) tomb = &s;
      } else if (s.hash == h && ir::var_name(s.value) == name) {
        s.value = def;
        recent_[h % kRecent] = &s;
        return;
      }
    }
  }

  void erase(std::string_view name) {
    if (slots_.empty()) return;
    std::uint64_t h = hash(name);
    for (std::size_t i = h & mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (!s.value && s.hash == 0) return;
      if (s.value && s.hash == h && ir::var_name(s.value) == name) {
        s.value.reset();  // tombstone: empty value, nonzero hash
        --live_;
        ++dead_;
        return;
      }
    }
  }

  std::size_t size() const { return live_; }
  /// Starts loading the slot of `name` into the cache: the parser knows an assignment's target
  /// before it parses the value, and binds it after.
  void prefetch(std::string_view name) const {
    if (slots_.empty()) return;
    // Kept in a member: GCC drops a prefetch whose address is computed by a loop and used nowhere else.
    hint_ = hash(name) & mask_;
    __builtin_prefetch(&slots_[hint_]);
  }
  void clear() { *this = NameTable{}; }

 private:
  struct Slot {
    std::uint64_t hash = 0;
    ir::Expr value;
  };
  static std::uint64_t hash(std::string_view s) {
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a, then a finalizer for the low bits
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h | 1;  // never 0: 0 marks an empty slot
  }
  /// Rehashes from the stored hashes: the definitions' names are not read again (each would be a
  /// cache miss into the IR).
  void grow() {
    recent_.fill(nullptr);  // it points into the old slots
    std::vector<Slot> old = std::move(slots_);
    std::size_t cap = old.empty() ? 64 : (live_ * 2 > old.size() ? old.size() * 2 : old.size());
    slots_.assign(cap, Slot{});
    mask_ = cap - 1;
    live_ = dead_ = 0;
    for (auto& s : old) {
      if (!s.value) continue;
      std::size_t i = s.hash & mask_;
      while (slots_[i].hash != 0) i = (i + 1) & mask_;
      slots_[i] = std::move(s);
      ++live_;
    }
  }

  static constexpr std::size_t kRecent = 64;
  std::vector<Slot> slots_;
  std::array<Slot*, kRecent> recent_{};  // slots of recent bindings, by hash
  std::size_t mask_ = 0, live_ = 0, dead_ = 0;
  mutable std::size_t hint_ = 0;  // the last prefetched slot (see prefetch)
};

}  // namespace ptorw::text
