// The recipe table of LowerTileToBuffer: a flat hana::tuple, one entry per recipe family; the first
// entry whose `matches(op)` holds converts the call. A new family is one struct and one entry here;
// a new elementwise op is one row of elementwise_table.hpp.
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
#include "ptorw/lowering/recipes/storage_ops.hpp"
#include "ptorw/lowering/recipes/transfer.hpp"

namespace ptorw::lowering {

inline constexpr auto kRecipes =
    boost::hana::make_tuple(recipes::AllocDefinition{}, recipes::CreateTile{}, recipes::ReshapeView{}, recipes::GmLoad{},
                            recipes::GmStore{}, recipes::Elementwise{}, recipes::MoveCopy{}, recipes::BlockQuery{},
                            recipes::Matmul{}, recipes::Extract{});

/// Converts one op call through the first matching recipe; false when no recipe knows the op.
inline bool lower_call(const ir::Expr& target, const ir::Call& c, ir::Span sp, RecipeContext& cx) {
  bool done = false;
  const ir::OpId id = ir::op_id(c.callee);
  boost::hana::for_each(kRecipes, [&](auto r) {
    if (done || !decltype(r)::matches(id)) return;
    decltype(r)::lower(target, c, sp, cx);
    done = true;
  });
  return done;
}

/// Whether some recipe converts `op` (used by selection, so the two cannot disagree).
inline bool has_recipe(ir::OpId op) {
  bool found = false;
  boost::hana::for_each(kRecipes, [&](auto r) { found = found || decltype(r)::matches(op); });
  return found;
}

}  // namespace ptorw::lowering
