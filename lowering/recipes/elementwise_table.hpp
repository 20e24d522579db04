// The typed elementwise recipe table of LowerTileToBuffer (lower_tile_to_buffer.md, "Default
// whole-kernel selection" table and "Initial supported recipes"). One row per op: the Tile op it
// converts, the Buffer op it becomes, the PTO instruction that emits it, its operand shape and the
// element types it supports. Selection, conversion, the Buffer verifier and the PTO emitter all read
// this one table, so they cannot disagree (../shared/design.md "Promises").
//
// Adding an op is one row (plus its tile./buffer. registry entries), e.g.
//   {"tile.rsqrt", "buffer.rsqrt", "pto.trsqrt", Arity::Unary, kF32, true, false}.
#pragma once
#include <array>
#include <cstdint>
#include <string_view>

#include "ptorw/ir/enums.hpp"

namespace ptorw::lowering {

/// Operand shapes of a recipe: `dst` is always the last Buffer operand.
enum class Arity : std::uint8_t {
  Binary,  // tile.add(a, b)      -> buffer.add(a, b, dst)      -> pto.tadd ins(a, b) outs(dst)
  Unary,   // tile.exp(a)         -> buffer.exp(a, dst)         -> pto.texp ins(a) outs(dst)
  Scalar,  // tile.adds(a, s)     -> buffer.adds(a, s', dst)    -> pto.tadds ins(a, s') outs(dst); s' in dst's dtype
  Fill,    // tile.full(sh, v)    -> buffer.full(v', dst)       -> pto.texpands ins(v') outs(dst)
};

/// A set of element types as a bit mask over ir::DType.
using DTypeMask = std::uint32_t;
constexpr DTypeMask bit(ir::DType d) { return DTypeMask{1} << static_cast<unsigned>(d); }
inline constexpr DTypeMask kF32 = bit(ir::DType::FP32);
inline constexpr DTypeMask kAddMul = bit(ir::DType::FP16) | bit(ir::DType::FP32) | bit(ir::DType::INT32);
/// Ordinary packed ND GM load/store (BF16 transfers do not imply BF16 arithmetic).
inline constexpr DTypeMask kTransfer = kAddMul | bit(ir::DType::BF16);

struct ElementwiseRecipe {
  std::string_view tile_op;
  std::string_view buffer_op;
  std::string_view pto_op;
  Arity arity;
  DTypeMask dtypes;
  /// The destination must not share storage with an operand (spec: "recip requires a distinct
  /// destination, enforced by storage legalization and verification").
  bool distinct_destination = false;
  /// In the spec's default a2/a3 rollout table. Rows outside it are "existing production recipes"
  /// that explicit low-level pipelines and the emission of kernels that stay on Tile IR may use,
  /// but whose presence "alone does not widen default acceptance" (selection ignores them).
  bool default_rollout = true;
};

// clang-format off
inline constexpr std::array kElementwiseRecipes{
  ElementwiseRecipe{"tile.add",      "buffer.add",      "pto.tadd",     Arity::Binary, kAddMul},
  ElementwiseRecipe{"tile.mul",      "buffer.mul",      "pto.tmul",     Arity::Binary, kAddMul},
  ElementwiseRecipe{"tile.sub",      "buffer.sub",      "pto.tsub",     Arity::Binary, kF32},
  ElementwiseRecipe{"tile.div",      "buffer.div",      "pto.tdiv",     Arity::Binary, kF32},
  ElementwiseRecipe{"tile.maximum",  "buffer.maximum",  "pto.tmax",     Arity::Binary, kF32},
  ElementwiseRecipe{"tile.minimum",  "buffer.minimum",  "pto.tmin",     Arity::Binary, kF32},
  ElementwiseRecipe{"tile.abs",      "buffer.abs",      "pto.tabs",     Arity::Unary,  kF32},
  ElementwiseRecipe{"tile.exp",      "buffer.exp",      "pto.texp",     Arity::Unary,  kF32},
  ElementwiseRecipe{"tile.sqrt",     "buffer.sqrt",     "pto.tsqrt",    Arity::Unary,  kF32},
  ElementwiseRecipe{"tile.neg",      "buffer.neg",      "pto.tneg",     Arity::Unary,  kF32},
  ElementwiseRecipe{"tile.relu",     "buffer.relu",     "pto.trelu",    Arity::Unary,  kF32},
  ElementwiseRecipe{"tile.log",      "buffer.log",      "pto.tlog",     Arity::Unary,  kF32},
  ElementwiseRecipe{"tile.recip",    "buffer.recip",    "pto.trecip",   Arity::Unary,  kF32, true},
  ElementwiseRecipe{"tile.adds",     "buffer.adds",     "pto.tadds",    Arity::Scalar, kF32},
  ElementwiseRecipe{"tile.subs",     "buffer.subs",     "pto.tsubs",    Arity::Scalar, kF32},
  ElementwiseRecipe{"tile.muls",     "buffer.muls",     "pto.tmuls",    Arity::Scalar, kF32},
  ElementwiseRecipe{"tile.divs",     "buffer.divs",     "pto.tdivs",    Arity::Scalar, kF32},
  ElementwiseRecipe{"tile.maximums", "buffer.maximums", "pto.tmaxs",    Arity::Scalar, kF32},
  ElementwiseRecipe{"tile.minimums", "buffer.minimums", "pto.tmins",    Arity::Scalar, kF32},
  ElementwiseRecipe{"tile.lrelu",    "buffer.lrelu",    "pto.tlrelu",   Arity::Scalar, kF32},
  ElementwiseRecipe{"tile.full",     "buffer.full",     "pto.texpands", Arity::Fill,   kF32},
  // Outside the default rollout (see default_rollout).
  ElementwiseRecipe{"tile.rsqrt",    "buffer.rsqrt",    "pto.trsqrt",   Arity::Unary,  kF32, true, false},
};
// clang-format on

inline constexpr const ElementwiseRecipe* find_recipe_by_tile_op(std::string_view op) {
  for (const auto& r : kElementwiseRecipes)
    if (r.tile_op == op) return &r;
  return nullptr;
}
inline constexpr const ElementwiseRecipe* find_recipe_by_buffer_op(std::string_view op) {
  for (const auto& r : kElementwiseRecipes)
    if (r.buffer_op == op) return &r;
  return nullptr;
}
inline constexpr bool supports(const ElementwiseRecipe& r, ir::DType d) { return (r.dtypes & bit(d)) != 0; }

}  // namespace ptorw::lowering
