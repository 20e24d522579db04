// Addressed allocations placed over each other while both are live (lower_tile_to_buffer.md,
// "Placement and API": "The pass rechecks storage closure even when automatic verification is
// disabled. Addressed planners additionally check effective-range overlap"). Asked by the explicit
// conversion before it writes anything, so a hand-placed kernel that reaches the pass without
// plan-memory (`--passes=lower-tile-to-buffer`) is refused like plan-memory refuses it, instead of
// being lowered to a program that computes with clobbered bytes (audit 2026-12-05 aud6 F1: tile a
// in [0, 2048), b loaded into [1024, 3072) while a is still to be read).
//
// Two allocations of one memory space, both with `addr=`, whose byte ranges [addr, addr +
// capacity) intersect, conflict when their live intervals (planning/lifetimes.hpp: what the
// addressed planners place by) share more than a hand-over: an interval that ends at statement p
// (its last read) while the other begins at p (its first write). At a hand-over the statement reads
// the one and writes the other, and whether the write reaches the bytes it reads is the per-op
// proof of write_read_overlap.hpp with exact window spans — the spec's own example places a
// destination over a window parent's dead rows (golden window_disjoint_destination_lowered), which
// an allocation-wide check would refuse. Addressless allocations (PTOAS) never alias.
#pragma once
#include <fmt/format.h>

#include <optional>
#include <string>

#include "ptorw/lowering/planning/lifetimes.hpp"
#include "ptorw/lowering/planning/verify_tile_storage.hpp"
#include "ptorw/lowering/storage_index.hpp"  // LowerError

namespace ptorw::lowering {

/// The first pair of addressed allocations placed over each other while both are live; nullopt
/// when there is none (or the kernel's storage does not verify: the conversion reports that).
inline std::optional<LowerError> allocation_overlap(const ir::Function& f) {
  planning::TileStorageVerifier v(f, "");
  if (has_errors(v.run())) return std::nullopt;
  const planning::PlannedAllocs& allocs = v.allocs();
  std::size_t placed = 0;
  for (const auto& a : allocs.list) placed += a.addr.has_value();
  if (placed < 2) return std::nullopt;
  const planning::AllocLifetimes lt(f, allocs);
  const auto& live = lt.intervals();
  for (std::size_t j = 0; j < allocs.list.size(); ++j) {
    const planning::AllocFact& y = allocs.list[j];
    if (!y.addr) continue;
    for (std::size_t i = 0; i < j; ++i) {
      const planning::AllocFact& x = allocs.list[i];
      if (!x.addr || x.space != y.space) continue;
      if (!(*x.addr < *y.addr + y.capacity && *y.addr < *x.addr + x.capacity)) continue;
      const planning::Interval& a = live[i];
      const planning::Interval& b = live[j];
      if (!a.overlaps(b)) continue;
      const int lo = std::max(a.first, b.first), hi = std::min(a.last, b.last);
      const bool hand_over = lo == hi && ((a.last == lo && b.first == lo) || (b.last == lo && a.first == lo));
      if (hand_over) continue;
      return LowerError{y.span, fmt::format("storages '{}' [{}, {}) and '{}' [{}, {}) are placed over each other while "
                                            "both are live (addressed planners check effective-range overlap)",
                                            ir::var_name(x.var), *x.addr, *x.addr + x.capacity, ir::var_name(y.var),
                                            *y.addr, *y.addr + y.capacity)};
    }
  }
  return std::nullopt;
}

}  // namespace ptorw::lowering
