// The valid extents a tile's type states against those its defining op gives it.
//
// A tile type states valid extents (its TileView's valid_shape, else its physical shape), and an
// annotation may state them on any assigned result (../shared/dsl.md "Statements": it "may add
// information the inference lacks (... a TileView)"). The Buffer recipes size each native op from
// the destination's stated extents — a load's window, a copy's, a fill's, an elementwise op's —
// while the Tile semantics give the result the extents its op defines (docs/semantics.md "Tiles":
// a load its valid_shape, else its shape; a move the source's; a fill and a reshape the whole tile;
// an elementwise op its first operand's). Where the two differ the lowered kernel would compute and
// store another region than the Tile program (an 8×32 load into a tile typed 8×32 where the Tile
// program loads and stores 16×64): the recipe refuses, in every mode, so the kernel stays on Tile IR
// (selection) or conversion names the statement (explicit pipelines, emission of Tile kernels).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "ptorw/ir/expr.hpp"
#include "ptorw/ir/type.hpp"
#include "ptorw/lowering/recipes/entry.hpp"
#include "ptorw/lowering/storage_index.hpp"
#include "ptorw/visit/describe.hpp"

namespace ptorw::lowering {

/// The valid extents a tile type states (the physical shape when its view states none).
inline const std::vector<ir::Expr>& stated_valid_dims(const ir::TileType& t) {
  return t.view && !t.view->valid_shape.empty() ? t.view->valid_shape : t.shape;
}

/// Whether two valid-extent lists name the same extents: equal rank, and per dim the same constant
/// or the same expression (lowering::same_value_expr; conservative: unproven means different).
inline bool same_valid_dims(const std::vector<ir::Expr>& a, const std::vector<ir::Expr>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!same_value_expr(a[i], b[i])) return false;
  return true;
}

/// nullopt when `result` states the extents `defined` (the same constants or the same expressions,
/// lowering::same_value_expr); otherwise why `op`'s recipe refuses. An empty `defined` (an operand
/// list that is not written out) is not judged.
inline Refusal stated_valid_refusal(const ir::TileType& result, const std::vector<ir::Expr>& defined, std::string_view op) {
  if (defined.empty()) return std::nullopt;
  const std::vector<ir::Expr>& stated = stated_valid_dims(result);
  if (same_valid_dims(stated, defined)) return std::nullopt;
  return refuse(std::string(op) + "'s result is typed with valid extents " + "[" + visit::describe_list(stated) + "]" +
                " but the op gives it " + "[" + visit::describe_list(defined) + "]" +
                " (docs/semantics.md, Tiles): its Buffer op would compute the typed region instead");
}

}  // namespace ptorw::lowering
