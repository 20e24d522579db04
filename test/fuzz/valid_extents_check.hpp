// A check of the fuzz harness, apart from the passes: every tile a program assigns from an op is
// typed with the valid extents that op gives it (the op's inference over its operands as they now
// stand), variable for variable.
//
// The generators write no annotations, so in their programs a tile's type is what the parser
// inferred. A pass that renames or clones variables must rename them inside types too; when it
// does not, the type reads another variable than the op, which the verifier cannot see if that
// variable still exists (a stale `valid_shape=[vr, 16]` after `vr` was rebound). Tile-to-buffer
// refuses such a kernel quietly (it stays on Tile IR), so only this check turns it into a failure.
#pragma once
#include <string>

#include "ptorw/ir/function.hpp"
#include "ptorw/ir/op_registry.hpp"
#include "ptorw/visit/describe.hpp"
#include "ptorw/visit/erased.hpp"

namespace ptorw::fuzz {

/// Structural equality of two dim expressions, variables by node.
inline bool same_dim(const ir::Expr& a, const ir::Expr& b) {
  if (a.get() == b.get()) return true;
  if (!a || !b) return false;
  if (ir::is_var_like(a) || ir::is_var_like(b)) return false;
  if (auto x = ir::const_int(a)) return ir::const_int(b) == x;
  auto* p = ir::expr_as<ir::Binary>(a);
  auto* q = ir::expr_as<ir::Binary>(b);
  if (p && q) return p->op == q->op && same_dim(p->lhs, q->lhs) && same_dim(p->rhs, q->rhs);
  auto* u = ir::expr_as<ir::Unary>(a);
  auto* v = ir::expr_as<ir::Unary>(b);
  return u && v && u->op == v->op && same_dim(u->operand, v->operand);
}

inline const std::vector<ir::Expr>* valid_dims(const ir::Type& t) {
  auto* tt = ir::type_as<ir::TileType>(t);
  if (!tt) return nullptr;
  return tt->view && !tt->view->valid_shape.empty() ? &tt->view->valid_shape : &tt->shape;
}

/// "" when every op-assigned tile of `p` is typed with its op's valid extents; else the first
/// that is not.
inline std::string valid_extents_mismatch(const ir::Program& p) {
  std::string why;
  for (const auto& f : p.functions) {
    if (!f || !f->body || !why.empty()) continue;
    visit::walk_stmts(f->body, [&](const ir::Stmt& s) {
      auto* a = ir::stmt_as<ir::Assign>(s);
      if (!why.empty() || !a || !ir::expr_as<ir::Var>(a->var)) return;
      auto* c = ir::expr_as<ir::Call>(a->value);
      if (!c || c->kind != ir::CallKind::Op) return;
      const std::vector<ir::Expr>* stated = valid_dims(a->var->type);
      if (!stated) return;
      const ir::OpDef* d = ir::find_op(c->callee.str());
      if (!d || !d->infer) return;
      ir::InferResult r = ir::check_and_infer(*d, c->args, c->kwargs);
      const std::vector<ir::Expr>* given = r.error.empty() ? valid_dims(r.type) : nullptr;
      if (!given) return;
      bool same = given->size() == stated->size();
      for (std::size_t i = 0; same && i < given->size(); ++i) same = same_dim((*stated)[i], (*given)[i]);
      if (same) return;
      const std::string st = visit::describe_list(*stated), gv = visit::describe_list(*given);
      why = "'" + f->name + "': '" + ir::var_name(a->var) + "' is typed with valid extents [" + st + "] but its " +
            std::string(c->callee.str()) + " gives [" + gv + "]" +
            (st == gv ? " (another variable of the same name)" : "");
    });
  }
  return why;
}

}  // namespace ptorw::fuzz
