// Which element types a GM store may write (lower_tile_to_buffer.md, "Matrix storage and cube
// recipes": "Acc stores drain through the fix-pipe with its unscaled conversions only"; "GM
// load/store preserve matching element types without casts").
//
// An accumulator drains through the fix-pipe, which may narrow FP32 to FP16 or BF16 on the way
// (round to nearest, ties to even: docs/semantics.md "tile.store"). INT32 accumulators leave as
// INT32: turning them into a float or a narrower integer needs a dequantization scale, and scaled
// writeback is excluded by the same section. Every other store (Vec, Mat, ...) keeps its dtype.
// One predicate, asked by the verifier, the interpreter and the lowering recipes alike.
#pragma once
#include <optional>

#include "ptorw/ir/enums.hpp"

namespace ptorw::ir {

/// The fix-pipe's unscaled conversions: FP32 to FP16 or BF16.
constexpr bool fixpipe_converts(DType from, DType to) {
  return from == DType::FP32 && (to == DType::FP16 || to == DType::BF16);
}

/// Whether a store from a tile/buffer of `from` in memory space `mem` may write a tensor of `to`.
constexpr bool store_dtype_ok(DType from, std::optional<MemSpace> mem, DType to) {
  return from == to || (mem == MemSpace::Acc && fixpipe_converts(from, to));
}

/// The rule in words, for messages.
inline constexpr const char* kStoreDtypeRule = "only an Acc tile's store converts: FP32 to FP16 or BF16";

}  // namespace ptorw::ir
