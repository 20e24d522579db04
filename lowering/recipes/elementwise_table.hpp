// The typed elementwise recipe table of LowerTileToBuffer (lower_tile_to_buffer.md, "Default
// whole-kernel selection" table and "Initial supported recipes"). One row per op: the Tile op it
// converts, the Buffer op it becomes, the PTO instruction that emits it, its operand shape and the
// element types it supports. Selection, conversion, the Buffer verifier and the PTO emitter all read
// this one table, so they cannot disagree (../shared/design.md "Promises").
//
// The rows are derived from the op definitions (ir/elementwise_ops.hpp: one row per op carries its
// recipe and PTO spelling); only the fill recipe, whose Tile op is a storage op, is written here.
#pragma once
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "ptorw/ir/elementwise_ops.hpp"
#include "ptorw/ir/enums.hpp"
#include "ptorw/ir/op_id.hpp"

namespace ptorw::lowering {

/// Operand shapes of a recipe: `dst` is always the last Buffer operand.
enum class Arity : std::uint8_t {
  Binary,  // tile.add(a, b)      -> buffer.add(a, b, dst)      -> pto.tadd ins(a, b) outs(dst)
  Unary,   // tile.exp(a)         -> buffer.exp(a, dst)         -> pto.texp ins(a) outs(dst)
  Scalar,  // tile.adds(a, s)     -> buffer.adds(a, s', dst)    -> pto.tadds ins(a, s') outs(dst); s' in dst's dtype
  Fill,    // tile.full(sh, v)    -> buffer.full(v', dst)       -> pto.texpands ins(v') outs(dst)
};

/// A set of element types as a bit mask over ir::DType.
using DTypeMask = ir::DTypeMask;
constexpr DTypeMask bit(ir::DType d) { return ir::dtype_bit(d); }
inline constexpr DTypeMask kF32 = ir::kF32Only;
inline constexpr DTypeMask kAddMul = ir::kAddMulTypes;
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

namespace detail {
constexpr Arity arity_of(ir::EwShape s) {
  return s == ir::EwShape::Binary ? Arity::Binary : s == ir::EwShape::Unary ? Arity::Unary : Arity::Scalar;
}
constexpr std::size_t recipe_count() {
  std::size_t n = 1;  // tile.full
  for (const ir::EwOp& r : ir::kElementwiseOps) n += r.has_recipe() ? 1 : 0;
  return n;
}
constexpr auto make_recipes() {
  std::array<ElementwiseRecipe, recipe_count()> out{};
  std::size_t n = 0;
  for (const ir::EwOp& r : ir::kElementwiseOps)
    if (r.has_recipe())
      out[n++] = ElementwiseRecipe{r.tile, r.buffer, r.pto, arity_of(r.shape), r.dtypes, r.distinct_destination, r.default_rollout};
  // "full followed by store also qualifies without a load"; "fill shape/dtype select the
  // destination descriptor" (FP32: "BF16 transfer support does not include BF16 arithmetic or fill").
  out[n++] = ElementwiseRecipe{"tile.full", "buffer.full", "pto.texpands", Arity::Fill, kF32};
  return out;
}
}  // namespace detail

inline constexpr auto kElementwiseRecipes = detail::make_recipes();

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
namespace detail {
/// The recipe of each op id: index 0 by Tile op, index 1 by Buffer op (built once).
inline const std::array<std::vector<const ElementwiseRecipe*>, 2>& recipes_by_id() {
  static const std::array<std::vector<const ElementwiseRecipe*>, 2> index = [] {
    std::array<std::vector<const ElementwiseRecipe*>, 2> ix{std::vector<const ElementwiseRecipe*>(ir::op_count()),
                                                            std::vector<const ElementwiseRecipe*>(ir::op_count())};
    for (const auto& r : kElementwiseRecipes) {
      ix[0][ir::op_id_of_name(r.tile_op).v] = &r;
      ix[1][ir::op_id_of_name(r.buffer_op).v] = &r;
    }
    return ix;
  }();
  return index;
}
}  // namespace detail
/// The recipe converting Tile op `id` (nullptr when none): one index, no string comparison.
inline const ElementwiseRecipe* find_tile_recipe(ir::OpId id) { return id.valid() ? detail::recipes_by_id()[0][id.v] : nullptr; }
/// The recipe whose Buffer op is `id` (nullptr when none).
inline const ElementwiseRecipe* find_buffer_recipe(ir::OpId id) { return id.valid() ? detail::recipes_by_id()[1][id.v] : nullptr; }

inline constexpr bool supports(const ElementwiseRecipe& r, ir::DType d) { return (r.dtypes & bit(d)) != 0; }

}  // namespace ptorw::lowering
