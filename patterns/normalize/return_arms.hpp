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

namespace ptorw::patterns::normalize::ssa {

inline bool arm_returns(const ir::Stmt& s) {
  const ir::Stmt* l = ir::last_stmt(s);
  return l && ir::stmt_as<ir::Return>(*l);
}

inline ir::Stmt rest_into_arms(const ir::Stmt& s);

/// The statements of `seq` (flattened one level where a Seq nests), each rewritten, with the
/// statements after a one-arm-returning If moved into its other arm when the list ends with a return.
inline std::vector<ir::Stmt> rest_into_arms(const std::vector<ir::Stmt>& in) {
  std::vector<ir::Stmt> stmts;
  for (const auto& s : in) {
    if (auto* q = ir::stmt_as<ir::Seq>(s)) {
      for (const auto& t : rest_into_arms(q->stmts)) stmts.push_back(t);
    } else {
      stmts.push_back(rest_into_arms(s));
    }
  }
  const bool ends_with_return = !stmts.empty() && ir::stmt_as<ir::Return>(stmts.back());
  for (std::size_t i = 0; ends_with_return && i + 1 < stmts.size(); ++i) {
    auto* f = ir::stmt_as<ir::If>(stmts[i]);
    if (!f || !f->return_vars.empty()) continue;
    const bool then_returns = arm_returns(f->then_body), else_returns = arm_returns(f->else_body);
    if (then_returns == else_returns) continue;
    std::vector<ir::Stmt> rest(stmts.begin() + static_cast<std::ptrdiff_t>(i) + 1, stmts.end());
    const ir::Stmt& open = then_returns ? f->else_body : f->then_body;  // the arm that falls through
    std::vector<ir::Stmt> arm;
    if (open) arm.push_back(open);
    arm.insert(arm.end(), rest.begin(), rest.end());
    ir::Stmt joined = ir::make_seq(rest_into_arms(arm), open ? open->span : rest.front()->span);
    ir::If g{f->cond, then_returns ? f->then_body : joined, then_returns ? joined : f->else_body, {}};
    ir::Stmt moved = ir::make_stmt(std::move(g), stmts[i]->span);
    stmts.resize(i);
    stmts.push_back(std::move(moved));
    break;
  }
  return stmts;
}

/// `s` with every block below it rewritten as above (If arms, loop bodies, scopes).
inline ir::Stmt rest_into_arms(const ir::Stmt& s) {
  if (!s) return s;
  if (auto* q = ir::stmt_as<ir::Seq>(s)) return ir::make_seq(rest_into_arms(q->stmts), s->span);
  if (auto* f = ir::stmt_as<ir::If>(s)) {
    ir::If g = *f;
    g.then_body = rest_into_arms(f->then_body);
    g.else_body = rest_into_arms(f->else_body);
    return ir::make_stmt(std::move(g), s->span);
  }
  if (auto* l = ir::stmt_as<ir::For>(s)) {
    ir::For g = *l;
    g.body = rest_into_arms(l->body);
    return ir::make_stmt(std::move(g), s->span);
  }
  if (auto* w = ir::stmt_as<ir::While>(s)) {
    ir::While g = *w;
    g.body = rest_into_arms(w->body);
    return ir::make_stmt(std::move(g), s->span);
  }
  if (auto* sc = ir::stmt_as<ir::Scope>(s)) {
    ir::Scope g = *sc;
    g.body = rest_into_arms(sc->body);
    return ir::make_stmt(std::move(g), s->span);
  }
  return s;
}

}  // namespace ptorw::patterns::normalize::ssa
