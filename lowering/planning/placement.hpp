// Address placement of the two addressed planners (issue 6 "three planners"; pto_format.md
// "Addresses and planners": an address is a byte offset inside its own memory space, spaces are
// independent, two allocations at one address is how reuse is expressed).
//
//  * PYPTO — linear scan in order of first use: each allocation takes the lowest 32-byte aligned
//    address not occupied by an allocation live at the same time. Allocations whose intervals have
//    ended are retired, so a dead storage's address is reused by the next one that fits.
//  * DSA_RP — offline interval packing: largest allocation first (then earliest), each into the
//    smallest free gap (best fit) left by the already placed allocations it is live with; lowest
//    address among equal gaps. Conflicts come from one sweep (live_neighbours), so the cost is the
//    number of live-together pairs, not n².
// Both fail when an allocation does not fit in its space's capacity (ptorw/target/capacities.hpp); the
// diagnostic names the allocation, its size, the bytes live with it and the capacity.
#pragma once
#include <algorithm>
#include <climits>
#include <optional>
#include <string>
#include <vector>

#include "ptorw/lowering/planning/lifetimes.hpp"

namespace ptorw::lowering::planning {

struct PlacementResult {
  std::vector<std::int64_t> addr;  // per allocation
  std::vector<PlanError> errors;
};

namespace place_detail {

struct Placed {
  std::int64_t addr, size;
};

inline std::string no_fit(const AllocFact& a, std::int64_t live_bytes, const TargetCapacities& t, std::string_view planner) {
  return "plan-memory (" + std::string(planner) + "): storage '" + ir::var_name(a.var) + "' (" +
         std::to_string(a.capacity) + " bytes) does not fit in " + std::string(ir::name_of(a.space)) + ": " +
         std::to_string(live_bytes) + " bytes are live with it, the " + std::string(t.target) + " " +
         std::string(ir::name_of(a.space)) + " capacity is " + std::to_string(capacity_of(t, a.space)) + " bytes";
}

/// Lowest aligned address where `size` bytes avoid every block of `busy` (any order).
inline std::int64_t lowest_fit(std::vector<Placed> busy, std::int64_t size) {
  std::sort(busy.begin(), busy.end(), [](const Placed& x, const Placed& y) { return x.addr < y.addr; });
  std::int64_t a = 0;
  for (const auto& b : busy) {
    if (a + size <= b.addr) break;
    a = std::max(a, round_up(b.addr + b.size));
  }
  return a;
}

/// Start of the smallest gap (between busy blocks and the capacity) that holds `size`; nullopt if none.
inline std::optional<std::int64_t> best_fit(std::vector<Placed> busy, std::int64_t size, std::int64_t cap) {
  std::sort(busy.begin(), busy.end(), [](const Placed& x, const Placed& y) { return x.addr < y.addr; });
  std::optional<std::int64_t> best;
  std::int64_t best_len = 0, cursor = 0;
  auto gap = [&](std::int64_t lo, std::int64_t hi) {
    lo = round_up(lo);
    if (hi - lo >= size && (!best || hi - lo < best_len)) {
      best = lo;
      best_len = hi - lo;
    }
  };
  for (const auto& b : busy) {
    if (b.addr > cursor) gap(cursor, b.addr);
    cursor = std::max(cursor, b.addr + b.size);
  }
  gap(cursor, cap);
  return best;
}

}  // namespace place_detail

inline PlacementResult place_pypto(const PlannedAllocs& allocs, const std::vector<Interval>& live,
                                   const TargetCapacities& t) {
  PlacementResult r;
  r.addr.assign(allocs.list.size(), 0);
  std::vector<std::size_t> order(allocs.list.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return live[a].first < live[b].first; });
  std::vector<std::vector<std::size_t>> active(7);  // per space: placed and not yet retired
  for (std::size_t i : order) {
    const AllocFact& a = allocs.list[i];
    auto& act = active[static_cast<std::size_t>(a.space)];
    // Retire allocations whose interval ended: later ones start no earlier than this one.
    std::erase_if(act, [&](std::size_t j) { return !live[j].empty() && !live[i].empty() && live[j].last < live[i].first; });
    std::vector<place_detail::Placed> busy;
    std::int64_t live_bytes = a.capacity;
    for (std::size_t j : act)
      if (live[j].overlaps(live[i]) || live[j].empty() || live[i].empty()) {
        busy.push_back({r.addr[j], allocs.list[j].capacity});
        live_bytes += allocs.list[j].capacity;
      }
    std::int64_t addr = place_detail::lowest_fit(std::move(busy), a.capacity);
    if (addr + a.capacity > capacity_of(t, a.space)) {
      r.errors.push_back({a.span, place_detail::no_fit(a, live_bytes, t, "PYPTO")});
      continue;
    }
    r.addr[i] = addr;
    act.push_back(i);
  }
  return r;
}

/// For each allocation, the allocations of its space live at the same time (a sweep over interval
/// starts: an interval overlaps exactly the earlier ones that have not ended). O(n log n + edges).
inline std::vector<std::vector<std::size_t>> live_neighbours(const PlannedAllocs& allocs, const std::vector<Interval>& live) {
  const std::size_t n = allocs.list.size();
  std::vector<std::vector<std::size_t>> out(n);
  auto lo = [&](std::size_t i) { return live[i].empty() ? INT_MIN : live[i].first; };
  auto hi = [&](std::size_t i) { return live[i].empty() ? INT_MAX : live[i].last; };
  std::vector<std::size_t> order(n);
  for (std::size_t i = 0; i < n; ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return lo(a) < lo(b); });
  std::vector<std::size_t> active;
  for (std::size_t i : order) {
    std::erase_if(active, [&](std::size_t j) { return hi(j) < lo(i); });
    for (std::size_t j : active)
      if (allocs.list[j].space == allocs.list[i].space) out[i].push_back(j), out[j].push_back(i);
    active.push_back(i);
  }
  return out;
}

inline PlacementResult place_dsa_rp(const PlannedAllocs& allocs, const std::vector<Interval>& live,
                                    const TargetCapacities& t) {
  PlacementResult r;
  r.addr.assign(allocs.list.size(), 0);
  std::vector<std::size_t> order(allocs.list.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    if (allocs.list[a].capacity != allocs.list[b].capacity) return allocs.list[a].capacity > allocs.list[b].capacity;
    return live[a].first < live[b].first;
  });
  auto neighbours = live_neighbours(allocs, live);
  std::vector<char> placed(allocs.list.size(), 0);
  for (std::size_t i : order) {
    const AllocFact& a = allocs.list[i];
    std::vector<place_detail::Placed> busy;
    std::int64_t live_bytes = a.capacity;
    for (std::size_t j : neighbours[i])
      if (placed[j]) {
        busy.push_back({r.addr[j], allocs.list[j].capacity});
        live_bytes += allocs.list[j].capacity;
      }
    auto addr = place_detail::best_fit(std::move(busy), a.capacity, capacity_of(t, a.space));
    if (!addr) {
      r.errors.push_back({a.span, place_detail::no_fit(a, live_bytes, t, "DSA_RP")});
      continue;
    }
    r.addr[i] = *addr;
    placed[i] = 1;
  }
  return r;
}

}  // namespace ptorw::lowering::planning
