// Storage facts of the memory-planning front half (lower_tile_to_buffer.md "Placement and API",
// "Planned storage views"): which op results get new storage and which share their source's, the
// bytes of a tile (the per-space capacities of each target: ptorw/target/capacities.hpp).
//
// One table (`kOpStorage`) says, per tile-producing op, how its result is stored. InitMemRef,
// storage legalization and VerifyTileStorage all read it, so they cannot disagree. The elementwise
// rows are derived from the op definitions (ir/elementwise_ops.hpp): a new value in new storage,
// in place unless the op needs a distinct destination.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/elementwise_ops.hpp"
#include "ptorw/ir/op_id.hpp"
#include "ptorw/ir/reduction_ops.hpp"
#include "ptorw/target/capacities.hpp"

namespace ptorw::lowering::planning {

enum class StorageRule : std::uint8_t {
  New,      // the result is a new value in new storage
  Relabel,  // the result is its first operand's bytes under another type: same storage (equal bytes)
  Window,   // the result is a window of its first operand's storage (tile.slice: "a window of its
            // source at possibly runtime offsets, keeping the source's row pitch"); its MemRef is
            // the source's whole window, the conservative range a runtime offset can reach
  Refused,  // not planned yet (later issue); the pass fails with the row's reason
  Accumulate,  // writes in place into its first operand's storage (matmul_acc); that operand must be dead after
  Assemble,    // tile.assemble: "writes in place" into its target's (first operand's) storage when the
               // target is dead after it; otherwise new storage, and lowering copies the target first
               // ("after copying the target into the result when the planner gave them different
               // storage"). The source is copied into a window of the result (storage_classes.hpp).
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
inline constexpr std::array kOtherOpStorage{
  OpStorage{"tile.load", StorageRule::New},
  OpStorage{"tile.create", StorageRule::New},
  OpStorage{"tile.full", StorageRule::New},
  OpStorage{"tile.move", StorageRule::New, true},  // a copy: an exact self-copy is harmless
  OpStorage{"tile.extract", StorageRule::New},
  OpStorage{"tile.matmul", StorageRule::New},
  OpStorage{"tile.cast", StorageRule::New},  // the element size may change: never in place
  // tile.add ... tile.lrelu: from ir::kElementwiseOps (kOpStorage below)
  OpStorage{"tile.reshape", StorageRule::Relabel},
  OpStorage{"tile.transpose_view", StorageRule::Relabel},
  OpStorage{"tile.set_validshape", StorageRule::Relabel},
  OpStorage{"tile.slice", StorageRule::Window},
  OpStorage{"tile.assemble", StorageRule::Assemble, true},
  // "tile.matmul_acc must already accumulate in place (its accumulator and result share storage)";
  // an accumulator read afterwards is refused (storage_classes.hpp, accumulate_rule.hpp).
  OpStorage{"tile.matmul_acc", StorageRule::Accumulate, true},
};
// clang-format on

namespace detail {
constexpr auto make_op_storage() {
  std::array<OpStorage, kOtherOpStorage.size() + ir::kElementwiseOps.size() + ir::kRowColOps.size()> out{};
  std::size_t n = 0;
  for (const OpStorage& r : kOtherOpStorage) out[n++] = r;
  // Elementwise results are new values; the destination may be an operand's storage (exactly in
  // place) unless the op needs a distinct destination (spec "recip requires a distinct destination").
  for (const ir::EwOp& r : ir::kElementwiseOps) out[n++] = OpStorage{r.tile, StorageRule::New, !r.distinct_destination};
  // Reductions and broadcasts (ir/reduction_ops.hpp): a new value in new storage, never an
  // operand's — no recipe states that the device reads an operand after writing the destination.
  for (const ir::RcOp& r : ir::kRowColOps) out[n++] = OpStorage{r.tile, StorageRule::New, false};
  return out;
}
}  // namespace detail
inline constexpr auto kOpStorage = detail::make_op_storage();

/// The storage rule of op `id` (nullptr: the op produces no planned tile): one index.
inline const OpStorage* op_storage(ir::OpId id) {
  static const std::vector<const OpStorage*> index = [] {
    std::vector<const OpStorage*> v(ir::op_count());
    for (const auto& r : kOpStorage) v[ir::op_id_of_name(r.op).v] = &r;
    return v;
  }();
  return id.valid() ? index[id.v] : nullptr;
}
inline const OpStorage* op_storage(const ir::Symbol& op) { return op_storage(ir::op_id(op)); }

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

// Alignment and per-target capacities live in the target table (ptorw/target/capacities.hpp),
// below both planning and the interpreter; planning reads them under their old names.
using ::ptorw::target::capacity_of;
using ::ptorw::target::find_target;
using ::ptorw::target::kAlign;
using ::ptorw::target::KiB;
using ::ptorw::target::kTargets;
using ::ptorw::target::round_up;
using ::ptorw::target::TargetCapacities;

}  // namespace ptorw::lowering::planning
