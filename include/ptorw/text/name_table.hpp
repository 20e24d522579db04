// The parser's name → definition table. Python scoping keeps every name of a function visible, so
// a generated 1M-statement function holds a million names; a node-based std::unordered_map costs
// three cache misses per lookup there.
//
// The definitions are appended, in binding order, to chunks that never move; an open-addressing
// index of 8-byte slots (32 bits of the name's hash, the definition's position) finds a name's
// current binding, and compares the key against the definition's own name, which is always the
// bound name. Most uses name something bound a few hundred bindings back: a direct-mapped cache
// of 1024 recent bindings answers them from the tail of the definition list, which is in the cache,
// without touching the index (a 16 MB table at 1M names, where every probe is a TLB and cache
// miss: loop variables and iter args used at the end of a loop body were 23 % of lookups and
// missed a 64-entry cache of index slots).
#pragma once
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "ptorw/ir/expr.hpp"
#include "ptorw/text/append_list.hpp"

namespace ptorw::text {

class NameTable {
 public:
  NameTable() = default;  // copies have their own definitions (find returns pointers into them)

  /// The current binding of `name`, or nullptr. The pointer stays valid until clear().
  const ir::Expr* find(std::string_view name) const {
    if (live_ == 0 || slots_.empty()) return nullptr;
    const std::uint64_t h = hash(name);
    // Invariant: a nonzero recent_ entry is the current binding of its name (bind, erase and
    // clear keep it so), so a name match there is the answer.
    std::uint32_t& r = recent_[recent_slot(h)];
    if (r && def(r) && ir::var_name(def(r)) == name) return &def(r);
    const std::uint32_t t = tag(h);
    for (std::size_t i = t & mask_;; i = (i + 1) & mask_) {
      const Slot s = slots_[i];
      if (s.index == kEmpty) return nullptr;  // the end of the probe chain
      if (s.index != kTomb && s.tag == t && ir::var_name(def(s.index)) == name) {
        r = s.index;
        return &def(s.index);
      }
    }
  }

  /// Binds the definition's own name to it; returns the binding it replaces (null if none), so
  /// that a loop header can shadow a name and restore it without a separate lookup.
  ir::Expr bind(const ir::Expr& def_node) {
    if ((live_ + dead_ + 1) * 4 > slots_.size() * 3) grow();
    const std::string_view name = ir::var_name(def_node);
    const std::uint64_t h = hash(name);
    const std::uint32_t t = tag(h);
    const std::uint32_t index = append(def_node);
    Slot* tomb = nullptr;
    ir::Expr shadowed;
    for (std::size_t i = t & mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (s.index == kEmpty) {
        if (tomb) --dead_;
        *(tomb ? tomb : &s) = Slot{t, index};
        ++live_;
        break;
      }
      if (s.index == kTomb) {
        if (!tomb) tomb = &s;
      } else if (s.tag == t && ir::var_name(def(s.index)) == name) {
        shadowed = std::move(def_slot(s.index));  // the list keeps only current bindings
        s.index = index;
        break;
      }
    }
    recent_[recent_slot(h)] = index;
    return shadowed;
  }

  void erase(std::string_view name) {
    if (live_ == 0 || slots_.empty()) return;
    const std::uint64_t h = hash(name);
    const std::uint32_t t = tag(h);
    for (std::size_t i = t & mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (s.index == kEmpty) return;
      if (s.index != kTomb && s.tag == t && ir::var_name(def(s.index)) == name) {
        if (recent_[recent_slot(h)] == s.index) recent_[recent_slot(h)] = kEmpty;
        def_slot(s.index).reset();
        s.index = kTomb;
        --live_;
        ++dead_;
        return;
      }
    }
  }

  std::size_t size() const { return live_; }
  /// Starts loading the index slot of `name` into the cache: the parser knows an assignment's
  /// target before it parses the value, and binds it after.
  void prefetch(std::string_view name) const {
    if (slots_.empty()) return;
    // Kept in a member: GCC drops a prefetch whose address is computed by a loop and used nowhere else.
    hint_ = tag(hash(name)) & mask_;
    __builtin_prefetch(&slots_[hint_]);
  }
  void clear() { *this = NameTable{}; }

 private:
  /// `index` is a definition's position + 1: 0 marks an empty slot, kTomb an erased one.
  struct Slot {
    std::uint32_t tag;
    std::uint32_t index;
  };
  static constexpr std::uint32_t kEmpty = 0, kTomb = UINT32_MAX;
  static std::uint64_t hash(std::string_view s) {
    std::uint64_t h = 1469598103934665603ULL;  // FNV-1a, then a finalizer for the low bits
    for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    return h;
  }
  /// The hash's low 32 bits: kept in the slot, they give the home slot again when the index grows
  /// (the definitions' names are not read again: each would be a cache miss into the IR).
  static std::uint32_t tag(std::uint64_t h) { return static_cast<std::uint32_t>(h); }
  static std::size_t recent_slot(std::uint64_t h) { return static_cast<std::size_t>(h >> 40) % kRecent; }

  const ir::Expr& def(std::uint32_t index) const { return defs_[index - 1]; }
  ir::Expr& def_slot(std::uint32_t index) { return defs_[index - 1]; }
  std::uint32_t append(const ir::Expr& e) {
    if (defs_.size() >= kTomb - 1) throw std::length_error("NameTable: too many definitions");
    defs_.push_back(e);
    return static_cast<std::uint32_t>(defs_.size());
  }

  /// Rehashes from the stored tags; re-inserts in table order, loading the new home slot of the
  /// entry a few places ahead (each is a likely miss).
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    std::size_t cap = old.empty() ? 64 : (live_ * 2 > old.size() ? old.size() * 2 : old.size());
    slots_.assign(cap, Slot{0, kEmpty});
    mask_ = cap - 1;
    dead_ = 0;
    constexpr std::size_t kAhead = 8;
    for (std::size_t j = 0; j < old.size(); ++j) {
      if (j + kAhead < old.size()) __builtin_prefetch(&slots_[old[j + kAhead].tag & mask_]);
      const Slot s = old[j];
      if (s.index == kEmpty || s.index == kTomb) continue;
      std::size_t i = s.tag & mask_;
      while (slots_[i].index != kEmpty) i = (i + 1) & mask_;
      slots_[i] = s;
    }
  }

  static constexpr std::size_t kRecent = 1024;
  AppendList<ir::Expr> defs_;  // the definitions, in binding order (append_list.hpp)
  std::vector<Slot> slots_;
  mutable std::array<std::uint32_t, kRecent> recent_{};  // definition index of a recent binding, by hash
  std::size_t mask_ = 0, live_ = 0, dead_ = 0;
  mutable std::size_t hint_ = 0;  // the last prefetched slot (see prefetch)
};

}  // namespace ptorw::text
