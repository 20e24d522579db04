// convert-to-ssa's second try for an If whose one arm returns (audit_ret L1): the statements after
// the If move into its other arm.
//
//   y = pl.add(x, x)                         y = pl.add(x, x)
//   if n > 3:                                if n > 3:
//       y = pl.add(y, x)             →           y = pl.add(y, x)
//       return y                                 return y
//   y = pl.mul(y, y)                         else:
//   return y                                     y = pl.mul(y, y)
//                                                return y
//
// Python runs the rest only when the returning arm did not run, so the rest is exactly the other
// arm's continuation: the same meaning, and no name has to be merged after the If (which the IR
// cannot do: an arm that returns yields nothing). Done only where the block holding the If ends with
// a return (its rest returns too, so both arms now do); a loop body or a scope keeps its shape.
// Used only after the first conversion failed on such an If, so every program it converted before
// keeps its form.
#pragma once
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/stmt.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::patterns::normalize::ssa {

inline bool arm_returns(const ir::Stmt& s) {  // its last statement (nested Seqs entered) returns
  const ir::Stmt* l = ir::last_stmt(s);
  return l && ir::stmt_as<ir::Return>(*l);
}

inline ir::Stmt rest_into_arms(const ir::Stmt& s);

/// The statements of `in` (nested Seqs spliced: ir::stmts_of), each rewritten, with the statements
/// after a one-arm-returning If moved into its other arm when the list ends with a return.
inline std::vector<ir::Stmt> rest_into_arms(const std::vector<ir::Stmt>& in) {
  std::vector<ir::Stmt> stmts;
  for (const auto& s : in)
    for (const auto& t : ir::stmts_of(s)) stmts.push_back(rest_into_arms(t));
  const bool ends_with_return = !stmts.empty() && ir::stmt_as<ir::Return>(stmts.back());
  for (std::size_t i = 0; ends_with_return && i + 1 < stmts.size(); ++i) {
    auto* f = ir::stmt_as<ir::If>(stmts[i]);
    if (!f || !f->return_vars.empty()) continue;
    const bool then_returns = arm_returns(f->then_body), else_returns = arm_returns(f->else_body);
    if (then_returns == else_returns) continue;
    const ir::Stmt& open = then_returns ? f->else_body : f->then_body;  // the arm that falls through
    std::vector<ir::Stmt> arm;
    if (open) arm.push_back(open);
    arm.insert(arm.end(), stmts.begin() + static_cast<std::ptrdiff_t>(i) + 1, stmts.end());
    ir::Stmt joined = ir::make_seq(rest_into_arms(arm), open ? open->span : stmts[i + 1]->span);
    ir::If g{f->cond, then_returns ? f->then_body : joined, then_returns ? joined : f->else_body, {}};
    ir::Stmt moved = ir::make_stmt(std::move(g), stmts[i]->span);
    stmts.resize(i);
    stmts.push_back(std::move(moved));
    break;
  }
  return stmts;
}

/// `s` with every block below it rewritten as above (If arms, loop bodies, scopes: its Stmt fields).
inline ir::Stmt rest_into_arms(const ir::Stmt& s) {
  if (!s) return s;
  if (ir::stmt_as<ir::Seq>(s)) return ir::make_seq(rest_into_arms(std::vector<ir::Stmt>{s}), s->span);
  auto same = [](const ir::Expr& e) { return e; };
  auto body = [](const ir::Stmt& b) { return rest_into_arms(b); };
  return visit::map_each_child(s, same, body);
}

}  // namespace ptorw::patterns::normalize::ssa
