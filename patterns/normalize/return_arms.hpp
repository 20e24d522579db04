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
// cannot do: an arm that returns yields nothing). Done in every block (function body, arm, loop
// body, scope) that never falls out itself, so its rest returns too and both arms now do; a block
// that falls out (a loop body going on to its next iteration, say) keeps its shape. Used only after
// the first conversion of the function failed and only when something moved
// (convert_to_ssa.hpp convert_moving_returns), so every program that converted before keeps its
// form. An arm "returns" when control never falls out of it (always_returns).
#pragma once
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/stmt.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::patterns::normalize::ssa {

/// Whether control never falls out of `s`: its last statement (nested Seqs entered) is a return, an
/// If both of whose arms never fall out, or a scope whose body never falls out. (A loop may run no
/// iteration: it falls out.)
inline bool always_returns(const ir::Stmt& s) {
  const ir::Stmt* l = ir::last_stmt(s);
  if (!l) return false;
  if (ir::stmt_as<ir::Return>(*l)) return true;
  if (auto* sc = ir::stmt_as<ir::Scope>(*l)) return always_returns(sc->body);
  auto* f = ir::stmt_as<ir::If>(*l);
  return f && f->else_body && always_returns(f->then_body) && always_returns(f->else_body);
}

inline ir::Stmt rest_into_arms(const ir::Stmt& s, bool& moved);

/// The statements of `in` (nested Seqs spliced: ir::stmts_of), each rewritten, with the statements
/// after a one-arm-returning If moved into its other arm when the list never falls out (it ends
/// with a return, or with an If both of whose arms return). `moved` is set when something moved.
inline std::vector<ir::Stmt> rest_into_arms(const std::vector<ir::Stmt>& in, bool& moved) {
  std::vector<ir::Stmt> stmts;
  for (const auto& s : in)
    for (const auto& t : ir::stmts_of(s)) stmts.push_back(rest_into_arms(t, moved));
  const bool never_falls_out = !stmts.empty() && always_returns(stmts.back());
  for (std::size_t i = 0; never_falls_out && i + 1 < stmts.size(); ++i) {
    auto* f = ir::stmt_as<ir::If>(stmts[i]);
    if (!f || !f->return_vars.empty()) continue;
    const bool then_returns = always_returns(f->then_body), else_returns = always_returns(f->else_body);
    if (then_returns == else_returns) continue;
    const ir::Stmt& open = then_returns ? f->else_body : f->then_body;  // the arm that falls through
    std::vector<ir::Stmt> arm;
    if (open) arm.push_back(open);
    arm.insert(arm.end(), stmts.begin() + static_cast<std::ptrdiff_t>(i) + 1, stmts.end());
    ir::Stmt joined = ir::make_seq(rest_into_arms(arm, moved), open ? open->span : stmts[i + 1]->span);
    ir::If g{f->cond, then_returns ? f->then_body : joined, then_returns ? joined : f->else_body, {}};
    ir::Stmt moved_if = ir::make_stmt(std::move(g), stmts[i]->span);
    stmts.resize(i);
    stmts.push_back(std::move(moved_if));
    moved = true;
    break;
  }
  return stmts;
}

/// `s` with every block below it rewritten as above (If arms, loop bodies, scopes: its Stmt fields).
inline ir::Stmt rest_into_arms(const ir::Stmt& s, bool& moved) {
  if (!s) return s;
  if (ir::stmt_as<ir::Seq>(s)) return ir::make_seq(rest_into_arms(std::vector<ir::Stmt>{s}, moved), s->span);
  auto same = [](const ir::Expr& e) { return e; };
  auto body = [&moved](const ir::Stmt& b) { return rest_into_arms(b, moved); };
  return visit::map_each_child(s, same, body);
}

}  // namespace ptorw::patterns::normalize::ssa
