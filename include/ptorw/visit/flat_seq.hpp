// The statements of a body as one flat list (ir::FlatStmts, ir/stmt.hpp: nested `Seq`s spliced in
// place, a null body empty). Equality, hashing and verification see bodies through this cursor.
#pragma once
#include "ptorw/ir/stmt.hpp"

namespace ptorw::visit {

using FlatStmts = ir::FlatStmts;

/// The Yield ending a region body (the last flat statement), or nullptr when it ends otherwise.
inline const ir::Yield* final_yield(const ir::Stmt& body) {
  const ir::Stmt* last = ir::last_stmt(body);
  return last ? ir::stmt_as<ir::Yield>(*last) : nullptr;
}

}  // namespace ptorw::visit
