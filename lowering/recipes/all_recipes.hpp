// The recipe table of LowerTileToBuffer: a flat hana::tuple, one entry per recipe family (the
// contract of an entry: recipes/entry.hpp). The first entry whose `matches(op)` holds is *the*
// entry of a Tile op, and the entry whose `produces(op)` holds is the entry of a Buffer op; every
// consumer reaches an entry only through the functions below, so they cannot disagree:
//   selection   applies_default  (Acceptance::Default; select_buffer_ir.hpp)
//   conversion  lower_call       (asks `applies` with Acceptance::Explicit, then lowers; convert_body.hpp)
//   verifier    check_buffer_call (the producing entry's operand rule; buffer_verify.hpp)
//   emitter     producer_name    (a Buffer op no entry produces fails closed; codegen/pto_emitter.hpp)
// A new family is one struct and one entry here; a new elementwise op is one row of
// ir/elementwise_ops.hpp. Statement kinds are entries of recipes/control_flow.hpp.
//
// Why not the fixed-point rewrite driver: conversion is a single indexed map from Tile to Buffer
// (the spec's "second traversal replaces each Tile use with its Buffer handle"), with a private
// storage index; every call is converted exactly once and nothing is re-matched.
#pragma once
#include <boost/hana/for_each.hpp>
#include <boost/hana/tuple.hpp>

#include "ptorw/lowering/recipes/block_query.hpp"
#include "ptorw/lowering/recipes/copy.hpp"
#include "ptorw/lowering/recipes/cube.hpp"
#include "ptorw/lowering/recipes/elementwise.hpp"
#include "ptorw/lowering/recipes/no_recipe.hpp"
#include "ptorw/lowering/recipes/storage_ops.hpp"
#include "ptorw/lowering/recipes/transfer.hpp"
#include "ptorw/lowering/recipes/valid_shape.hpp"
#include "ptorw/lowering/recipes/windows.hpp"

namespace ptorw::lowering {

inline constexpr auto kRecipes =
    boost::hana::make_tuple(recipes::AllocDefinition{}, recipes::CreateTile{}, recipes::ReshapeView{}, recipes::GmLoad{},
                            recipes::GmStore{}, recipes::Elementwise{}, recipes::MoveCopy{}, recipes::BlockQuery{},
                            recipes::Matmul{}, recipes::Extract{}, recipes::TransposeView{}, recipes::SetValidShape{},
                            recipes::SliceWindow{}, recipes::AssembleWindow{}, recipes::NoSpecRecipe{});

/// The pipeline-stage membership call attribute (docs/dsl.md "Call attributes"):
/// `pl.tile.load(..., attrs={"pipeline_stage": 1})`.
inline constexpr std::string_view kPipelineStageAttr = "pipeline_stage";

/// lower_tile_to_buffer.md "Matrix storage and cube recipes": "Pipeline-stage membership attributes
/// only constrain storage planning, which the MemRefs already record. The pass drops that attribute
/// ... Any other call attribute still needs an explicit conversion contract." Asked before any
/// entry, by selection (a refusal) and by conversion (an error); every entry builds its Buffer calls
/// without attributes, so the stage attribute is dropped there.
inline Refusal call_attributes_rule(const ir::Call& c) {
  for (const auto& kv : c.attrs)
    if (kv.first != kPipelineStageAttr)
      return refuse(c.callee + " carries the call attribute '" + kv.first +
                    "', which has no conversion contract (only pipeline-stage membership, '" +
                    std::string(kPipelineStageAttr) + "', is dropped)");
  return std::nullopt;
}

/// Calls `f(entry)` with the entry converting Tile op `id`; false when no entry knows the op.
template <class F>
bool with_recipe(ir::OpId id, F&& f) {
  bool done = false;
  boost::hana::for_each(kRecipes, [&](auto r) {
    if (done || !decltype(r)::matches(id)) return;
    done = true;
    f(r);
  });
  return done;
}

/// Calls `f(entry)` with the entry whose lowering produces Buffer op `id`; false when none does.
template <class F>
bool with_producer(ir::OpId id, F&& f) {
  bool done = false;
  boost::hana::for_each(kRecipes, [&](auto r) {
    if (done || !decltype(r)::produces(id)) return;
    done = true;
    f(r);
  });
  return done;
}

/// Whether some entry converts `op`.
inline bool has_recipe(ir::OpId op) {
  return with_recipe(op, [](auto) {});
}

/// Whole-kernel selection's question about one op call (lower_tile_to_buffer.md, "Default
/// whole-kernel selection"): nullopt, or why the default rollout does not convert it. An op
/// without an entry, or whose entry is outside the default rollout, "has no default Buffer recipe".
/// `operands_ok` runs the kernel-wide tile rules between the two (they refuse first for an op the
/// rollout knows).
template <class OperandRule>
Refusal applies_default(const ir::Expr& target, const ir::Call& c, OperandRule&& operands_ok,
                        const std::unordered_map<const ir::ExprNode*, ir::Expr>* scalar_defs = nullptr,
                        const std::unordered_map<const ir::ExprNode*, ir::Expr>* tile_defs = nullptr) {
  const ir::OpId id = ir::op_id(c.callee);
  Refusal why = refuse(c.callee + " has no default Buffer recipe in this release");
  with_recipe(id, [&](auto r) {
    if (!decltype(r)::default_rollout) return;
    if ((why = call_attributes_rule(c))) return;
    if ((why = operands_ok())) return;
    why = decltype(r)::applies(target, c, ApplyContext{Acceptance::Default, scalar_defs, tile_defs});
  });
  return why;
}

/// Converts one op call through its entry: the entry's explicit applicability first (its reason is
/// the error), then its lowering. False when no entry knows the op.
inline bool lower_call(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
  return with_recipe(ir::op_id(c.callee), [&](auto r) {
    if (auto why = call_attributes_rule(c)) return cx.fail(sp, why->text);
    if (auto why = decltype(r)::applies(target, c, ApplyContext{Acceptance::Explicit})) return cx.fail(sp, why->text);
    decltype(r)::lower(target, c, sp, cx);
  });
}

/// The BufferIR rule of one Buffer op call: its producing entry's check; a Buffer op that no entry
/// produces is not LowerTileToBuffer output.
inline Refusal check_buffer_call(const ir::Expr& target, const ir::Call& c, BufferCheckContext& bx) {
  Refusal why = refuse(c.callee + " is produced by no recipe entry (lowering/recipes/all_recipes.hpp)");
  with_producer(ir::op_id(c.callee), [&](auto r) { why = decltype(r)::check_buffer(target, c, bx); });
  return why;
}

/// The name of the entry producing Buffer op `id` (empty when none).
inline std::string_view producer_name(ir::OpId id) {
  std::string_view n;
  with_producer(id, [&](auto r) { n = decltype(r)::name; });
  return n;
}

}  // namespace ptorw::lowering
