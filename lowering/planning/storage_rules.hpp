// Storage facts of the memory-planning front half (lower_tile_to_buffer.md "Placement and API",
// "Planned storage views"): which op results get new storage and which share their source's, the
// bytes of a tile, and the per-space capacities of each target.
//
// One table (`kOpStorage`) says, per tile-producing op, how its result is stored. InitMemRef,
// storage legalization and VerifyTileStorage all read it, so they cannot disagree.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "ptorw/ir/builder.hpp"

namespace ptorw::lowering::planning {

enum class StorageRule : std::uint8_t {
  New,      // the result is a new value in new storage
  Relabel,  // the result is its first operand's bytes under another type: same storage (equal bytes)
  Refused,  // not planned yet (later issue); the pass fails with the row's reason
};

struct OpStorage {
  std::string_view op;
  StorageRule rule;
  /// The destination may be the storage of a tile operand (elementwise in place). recip (and, to be
  /// safe, rsqrt) need a distinct destination (spec "recip requires a distinct destination").
  bool in_place_ok = false;
  std::string_view refusal = {};
};

// clang-format off
inline constexpr std::array kOpStorage{
  OpStorage{"tile.load", StorageRule::New},
  OpStorage{"tile.create", StorageRule::New},
  OpStorage{"tile.full", StorageRule::New},
  OpStorage{"tile.move", StorageRule::New, true},  // a copy: an exact self-copy is harmless
  OpStorage{"tile.extract", StorageRule::New},
  OpStorage{"tile.matmul", StorageRule::New},
  OpStorage{"tile.add", StorageRule::New, true}, OpStorage{"tile.sub", StorageRule::New, true},
  OpStorage{"tile.mul", StorageRule::New, true}, OpStorage{"tile.div", StorageRule::New, true},
  OpStorage{"tile.maximum", StorageRule::New, true}, OpStorage{"tile.minimum", StorageRule::New, true},
  OpStorage{"tile.exp", StorageRule::New, true}, OpStorage{"tile.abs", StorageRule::New, true},
  OpStorage{"tile.sqrt", StorageRule::New, true}, OpStorage{"tile.neg", StorageRule::New, true},
  OpStorage{"tile.relu", StorageRule::New, true}, OpStorage{"tile.log", StorageRule::New, true},
  OpStorage{"tile.recip", StorageRule::New, false}, OpStorage{"tile.rsqrt", StorageRule::New, false},
  OpStorage{"tile.adds", StorageRule::New, true}, OpStorage{"tile.subs", StorageRule::New, true},
  OpStorage{"tile.muls", StorageRule::New, true}, OpStorage{"tile.divs", StorageRule::New, true},
  OpStorage{"tile.maximums", StorageRule::New, true}, OpStorage{"tile.minimums", StorageRule::New, true},
  OpStorage{"tile.lrelu", StorageRule::New, true},
  OpStorage{"tile.reshape", StorageRule::Relabel},
  OpStorage{"tile.transpose_view", StorageRule::Relabel},
  OpStorage{"tile.set_validshape", StorageRule::Relabel},
  // TODO(windows issue): a slice is its parent's storage at a byte offset with the parent's row pitch.
  OpStorage{"tile.slice", StorageRule::Refused, false,
            "tile.slice windows are not planned yet (a slice shares its parent's storage at an offset)"},
  // TODO(windows issue): assemble writes in place into its target's storage (snapshot when overlapping).
  OpStorage{"tile.assemble", StorageRule::Refused, false, "tile.assemble is not planned yet (it writes in place)"},
  // TODO(cube issue): matmul_acc accumulates in place; its accumulator must be dead afterwards or copied.
  OpStorage{"tile.matmul_acc", StorageRule::Refused, false,
            "tile.matmul_acc is not planned yet (it accumulates in place into its accumulator's storage)"},
};
// clang-format on

inline const OpStorage* op_storage(std::string_view op) {
  for (const auto& r : kOpStorage)
    if (r.op == op) return &r;
  return nullptr;
}

/// The space of a tile type (an unset space is Vec, as the op defaults are).
inline ir::MemSpace space_of(const ir::TileType& t) { return t.memory.value_or(ir::MemSpace::Vec); }

/// Bytes of a tile's physical shape × dtype; nullopt when a dim is not a constant.
inline std::optional<std::int64_t> tile_bytes(const ir::TileType& t) {
  std::int64_t n = ir::dtype_bytes(t.dtype);
  for (const auto& d : t.shape) {
    auto c = ir::const_int(d);
    if (!c || *c < 0 || *c > (std::int64_t{1} << 40)) return std::nullopt;
    n *= *c;
    if (n > (std::int64_t{1} << 40)) return std::nullopt;
  }
  return n;
}

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

}  // namespace ptorw::lowering::planning
