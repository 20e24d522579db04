// A region-local return: a `return` that is not the last top-level statement of a kernel body.
// lower_tile_to_buffer.md: "Dynamic/negative steps, changing GM aliases, region-local returns, ...
// remain outside the default contract", and conversion runs "once the same storage, SSA, return
// normalization ... invariants hold". Selection refuses such a kernel (it keeps the Tile
// pipeline); conversion refuses to convert one.
#pragma once
#include <optional>

#include "ptorw/ir/stmt.hpp"

namespace ptorw::lowering {

/// The first return that is not the function body's last top-level statement: a region-local
/// return ("Dynamic/negative steps, changing GM aliases, region-local returns, ... remain outside
/// the default contract"). Such a kernel keeps the Tile pipeline; conversion needs normalized returns.
inline std::optional<ir::Span> region_local_return(const ir::Stmt& s, bool top_last) {
  if (!s) return std::nullopt;
  if (auto* q = ir::stmt_as<ir::Seq>(s)) {
    for (std::size_t i = 0; i < q->stmts.size(); ++i)
      if (auto r = region_local_return(q->stmts[i], top_last && i + 1 == q->stmts.size())) return r;
    return std::nullopt;
  }
  if (ir::stmt_as<ir::Return>(s)) return top_last ? std::nullopt : std::optional<ir::Span>(s->span);
  if (auto* i = ir::stmt_as<ir::If>(s)) {
    if (auto r = region_local_return(i->then_body, false)) return r;
    return region_local_return(i->else_body, false);
  }
  if (auto* f = ir::stmt_as<ir::For>(s)) return region_local_return(f->body, false);
  if (auto* w = ir::stmt_as<ir::While>(s)) return region_local_return(w->body, false);
  if (auto* c = ir::stmt_as<ir::Scope>(s)) return region_local_return(c->body, false);
  return std::nullopt;
}

}  // namespace ptorw::lowering
