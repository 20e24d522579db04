// The encoder's table of shared nodes: node address -> number. Open addressing with linear probing
// like visit::PtrMap, with one difference that matters at 1M statements: the slot of an address is
// the address itself (in units of 64 bytes, the least distance between two nodes of a table), not
// a hash of it. The parser and the passes allocate a statement's nodes one after another, and a
// program uses a value soon after defining it, so neighbouring definitions land in neighbouring
// slots (four to a cache line) and a use usually finds its definition's slot still in cache; with
// a scattering hash every one of them was a cache miss, and those misses were half of the
// encoder's time. Addresses only wrap around the table (size x 64 bytes of address space), so
// collisions stay rare at a load factor of at most 1/2. Std only.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ptorw::persist::detail {

class NodeNumbers {
 public:
  /// The number stored for `node`, or nullptr.
  const std::uint32_t* find(const void* node) const {
    if (slots_.empty()) return nullptr;
    for (std::size_t i = slot_of(node);; i = (i + 1) & mask_) {
      if (slots_[i].key == node) return &slots_[i].number;
      if (!slots_[i].key) return nullptr;
    }
  }
  /// Stores `number` for `node` (not present yet).
  void insert(const void* node, std::uint32_t number) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    place(Slot{node, number});
    ++size_;
  }
  std::size_t size() const { return size_; }

 private:
  struct Slot {
    const void* key = nullptr;
    std::uint32_t number = 0;
  };
  std::vector<Slot> slots_;
  std::size_t size_ = 0;
  std::size_t mask_ = 0;

  std::size_t slot_of(const void* node) const {
    return static_cast<std::size_t>(reinterpret_cast<std::uintptr_t>(node) >> 6) & mask_;
  }
  void place(const Slot& s) {
    std::size_t i = slot_of(s.key);
    while (slots_[i].key) i = (i + 1) & mask_;
    slots_[i] = s;
  }
  void grow() {
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(old.empty() ? 1024 : 2 * old.size(), Slot{});
    mask_ = slots_.size() - 1;
    for (const Slot& s : old)
      if (s.key) place(s);
  }
};

}  // namespace ptorw::persist::detail
