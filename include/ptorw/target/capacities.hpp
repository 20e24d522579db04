// The target table: per memory space, the capacity in bytes of each target, and the alignment of
// rows, offsets and addresses (lower_tile_to_buffer.md "Placement and API"). Memory planning
// (lowering/planning/) places storage within these capacities and the interpreter's buffer mode
// (interp/memory.hpp) sizes its memory spaces from them: one table below both, so they cannot
// disagree and neither includes the other.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "ptorw/ir/enums.hpp"

namespace ptorw::target {

inline constexpr std::int64_t kAlign = 32;  // spec: 32-byte aligned rows, offsets and addresses
inline constexpr std::int64_t round_up(std::int64_t n, std::int64_t a = kAlign) { return (n + a - 1) / a * a; }

/// Per-space capacities in bytes of one target. a2a3 are the spec's Atlas A2/A3 sizes (Vec = UB
/// 192 KiB, Mat = L1 512 KiB, Left/Right = L0A/L0B 64 KiB, Acc = L0C 128 KiB, Bias 1 KiB). a5 is
/// this project's assumption for the A5 generation (UB 256 KiB, L1 512 KiB, L0A/L0B 64 KiB, L0C
/// 256 KiB, Bias 4 KiB) until a target description says otherwise; A5 kernels stay Tile by default
/// (spec) so only explicit pipelines use it. DDR is not planned here.
struct TargetCapacities {
  std::string_view target;
  std::array<std::int64_t, 7> bytes;  // indexed by ir::MemSpace
};
inline constexpr std::int64_t KiB = 1024;
inline constexpr std::array kTargets{
    TargetCapacities{"a2a3", {0, 192 * KiB, 512 * KiB, 64 * KiB, 64 * KiB, 128 * KiB, 1 * KiB}},
    TargetCapacities{"a5", {0, 256 * KiB, 512 * KiB, 64 * KiB, 64 * KiB, 256 * KiB, 4 * KiB}},
};
inline const TargetCapacities* find_target(std::string_view name) {
  for (const auto& t : kTargets)
    if (t.target == name) return &t;
  return nullptr;
}
inline std::int64_t capacity_of(const TargetCapacities& t, ir::MemSpace s) { return t.bytes[static_cast<std::size_t>(s)]; }
/// The end of `bytes` placed at `addr`, or nullopt past 2^63: checked, so that an address near
/// INT64_MAX cannot wrap past a capacity check (plan-memory's validator, lower-tile-to-buffer).
inline std::optional<std::int64_t> placed_end(std::int64_t addr, std::int64_t bytes) {
  std::int64_t end = 0;
  if (__builtin_add_overflow(addr, bytes, &end)) return std::nullopt;
  return end;
}

}  // namespace ptorw::target
