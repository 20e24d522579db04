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
// cannot do: an arm that returns yields nothing). An If neither of whose arms returns but one of
// which holds a returning If gets the rest at the end of both arms (Python runs it after either),
// so that the inner If is followed by it; the copies are bounded (Moves::max_copied). Done in every block (function body, arm, loop
// body, scope) that never falls out itself, so its rest returns too and both arms now do; a block
// that falls out (a loop body going on to its next iteration, say) keeps its shape. Used only after
// the first conversion of the function failed and only when something moved
// (convert_to_ssa.hpp convert_moving_returns), so every program that converted before keeps its
// form. An arm "returns" when control never falls out of it (always_returns).
#pragma once
#include <cstddef>
#include <vector>

#include "ptorw/ir/builder.hpp"
#include "ptorw/ir/stmt.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/walk.hpp"

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

/// What rest_into_arms did: whether something moved, and how many statements it copied (the rest
/// after an If goes into both arms when one holds a returning If: bounded, as nested copies grow).
struct Moves {
  bool moved = false;
  std::size_t copied = 0;     // statements copied (every statement of a copied subtree)
  bool over_budget = false;   // a copy was needed but would pass max_copied
  static constexpr std::size_t max_copied = 4096;
};

/// How many statements `s` holds (itself included).
inline std::size_t stmt_count(const ir::Stmt& s) {
  std::size_t n = 0;
  visit::walk_stmts(s, [&](const ir::Stmt&) { ++n; });
  return n;
}

/// Whether an If whose one arm returns is among the statements of `arm`, or inside the arms of an
/// If among them (not in loops or scopes: the rest cannot enter those).
inline bool holds_returning_if(const ir::Stmt& arm) {
  if (!arm) return false;
  for (const auto& t : ir::stmts_of(arm))
    if (auto* g = ir::stmt_as<ir::If>(t); g && g->return_vars.empty())
      if (always_returns(g->then_body) != always_returns(g->else_body) || holds_returning_if(g->then_body) ||
          holds_returning_if(g->else_body))
        return true;
  return false;
}

/// `s` with every statement node new, and the variables its loops and ifs define (loop variables,
/// iter args, results) new nodes of the same names; other expressions are shared. The rest copied
/// into two arms must not be one node in two places: convert-to-ssa's liveness keys its facts on
/// statement nodes, and a variable is defined once. (Uses inside still point at the old nodes,
/// in operands and in types alike: convert-to-ssa reads operands by name, and a variable inside a
/// type that an operand of its statement reads, or that an operand's type read, as that operand
/// is renamed; convert_to_ssa.hpp Converter::retype.) Assignments keep their targets:
/// convert-to-ssa gives a second definition of a node a fresh one.
inline ir::Expr fresh_def(const ir::Expr& v) {
  if (!v) return v;
  if (auto* ia = ir::expr_as<ir::IterArg>(v)) return ir::make_iter_arg(ia->name, v->type, ia->init, v->span);
  return ir::make_var(ir::var_name(v), v->type, v->span);
}
inline ir::Stmt fresh_stmts(const ir::Stmt& s) {
  if (!s) return s;
  auto same = [](const ir::Expr& e) { return e; };
  ir::Stmt r = visit::map_each_child(s, same, [](const ir::Stmt& b) { return fresh_stmts(b); });
  auto renew = [](std::vector<ir::Expr>& vs) {
    for (auto& v : vs) v = fresh_def(v);
  };
  if (auto* f = ir::stmt_as<ir::For>(r)) {
    ir::For k = *f;
    k.loop_var = fresh_def(k.loop_var);
    renew(k.iter_args);
    renew(k.return_vars);
    return ir::make_stmt(std::move(k), r->span);
  }
  if (auto* w = ir::stmt_as<ir::While>(r)) {
    ir::While k = *w;
    renew(k.iter_args);
    renew(k.return_vars);
    return ir::make_stmt(std::move(k), r->span);
  }
  if (auto* i = ir::stmt_as<ir::If>(r)) {
    ir::If k = *i;
    renew(k.return_vars);
    return ir::make_stmt(std::move(k), r->span);
  }
  return r != s ? r : ir::make_stmt(s->kind, s->span);
}

inline ir::Stmt rest_into_arms(const ir::Stmt& s, Moves& m);

/// The statements of `in` (nested Seqs spliced: ir::stmts_of), each rewritten. When the list never
/// falls out (it ends with a return, or with an If both of whose arms return), the statements
/// after the first If that needs it go into its arms: after a one-arm-returning If into its other
/// arm; after an If neither of whose arms returns but one holds such an If (`if a: (if b: z = …
/// else: return …)`, an elif chain), into both arms, where that If is then followed by them.
inline std::vector<ir::Stmt> rest_into_arms(const std::vector<ir::Stmt>& in, Moves& m) {
  std::vector<ir::Stmt> stmts;
  for (const auto& s : in)
    for (const auto& t : ir::stmts_of(s)) stmts.push_back(rest_into_arms(t, m));
  const bool never_falls_out = !stmts.empty() && always_returns(stmts.back());
  for (std::size_t i = 0; never_falls_out && i + 1 < stmts.size(); ++i) {
    auto* f = ir::stmt_as<ir::If>(stmts[i]);
    if (!f || !f->return_vars.empty()) continue;
    const bool then_returns = always_returns(f->then_body), else_returns = always_returns(f->else_body);
    if (then_returns && else_returns) continue;  // the rest is never reached
    const bool copy = then_returns == else_returns;  // neither returns: the rest follows each arm
    if (copy && !(holds_returning_if(f->then_body) || holds_returning_if(f->else_body))) continue;
    if (copy) {  // counted before the arms are rewritten, which may copy again
      std::size_t rest = 0;
      for (std::size_t j = i + 1; j < stmts.size(); ++j) rest += stmt_count(stmts[j]);
      if (m.copied + rest > Moves::max_copied) {
        m.over_budget = true;
        continue;
      }
      m.copied += rest;
    }
    auto followed = [&](const ir::Stmt& arm, bool fresh) {  // `arm`, then the rest (new nodes: a copy)
      std::vector<ir::Stmt> v;
      if (arm) v.push_back(arm);
      for (std::size_t j = i + 1; j < stmts.size(); ++j) v.push_back(fresh ? fresh_stmts(stmts[j]) : stmts[j]);
      return ir::make_seq(rest_into_arms(v, m), arm ? arm->span : stmts[i + 1]->span);
    };
    ir::If g{f->cond, then_returns ? f->then_body : followed(f->then_body, false),
             else_returns ? f->else_body : followed(f->else_body, copy), {}};
    ir::Stmt moved_if = ir::make_stmt(std::move(g), stmts[i]->span);
    stmts.resize(i);
    stmts.push_back(std::move(moved_if));
    m.moved = true;
    break;
  }
  return stmts;
}

/// `s` with every block below it rewritten as above (If arms, loop bodies, scopes: its Stmt fields).
inline ir::Stmt rest_into_arms(const ir::Stmt& s, Moves& m) {
  if (!s) return s;
  if (ir::stmt_as<ir::Seq>(s)) return ir::make_seq(rest_into_arms(std::vector<ir::Stmt>{s}, m), s->span);
  auto same = [](const ir::Expr& e) { return e; };
  auto body = [&m](const ir::Stmt& b) { return rest_into_arms(b, m); };
  return visit::map_each_child(s, same, body);
}

}  // namespace ptorw::patterns::normalize::ssa
