// Scalar rules of whole-kernel selection (lower_tile_to_buffer.md, "Default whole-kernel selection":
// "Dynamic/negative steps, changing GM aliases, region-local returns, unsigned scalar arithmetic and
// device helper calls remain outside the default contract"). Unsigned scalar arithmetic is any scalar
// operator (arithmetic, comparison, logical, cast) with an unsigned operand or result (the DSL's
// only unsigned dtype is UINT8; the PTO emitter has no scalar type for it either). The kernel keeps
// Tile IR. (An unsigned scalar parameter is refused by selection's PTO signature rule, `abi`.)
#pragma once
#include <optional>
#include <string>
#include <utility>

#include "ptorw/ir/function.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::lowering {

inline bool unsigned_dtype(ir::DType d) { return d == ir::DType::UINT8; }

/// The statement holding the first unsigned scalar operator of `f`, with the reason; nullopt when
/// there is none.
inline std::optional<std::pair<ir::Span, std::string>> unsigned_scalar_arithmetic(const ir::Function& f) {
  std::optional<std::pair<ir::Span, std::string>> found;
  ir::Span at = f.span;  // the statement being walked (pre-order: statements before their expressions)
  auto is_unsigned = [](const ir::Expr& e) {
    auto* s = ir::type_as<ir::ScalarType>(e ? e->type : nullptr);
    return s && unsigned_dtype(s->dtype);
  };
  visit::walk_all(f.body, [&](const ir::Stmt& s) { if (!found) at = s->span; }, [&](const ir::Expr& e) {
    if (found) return;
    bool hit = false;
    if (auto* b = ir::expr_as<ir::Binary>(e)) hit = is_unsigned(e) || is_unsigned(b->lhs) || is_unsigned(b->rhs);
    else if (auto* u = ir::expr_as<ir::Unary>(e)) hit = is_unsigned(e) || is_unsigned(u->operand);
    if (hit)
      found = std::pair{at, std::string("unsigned scalar arithmetic (a pl.UINT8 scalar operator) remains outside the "
                                        "default contract")};
  });
  return found;
}

}  // namespace ptorw::lowering
