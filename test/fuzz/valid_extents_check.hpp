// A check of the fuzz harness, apart from the passes: every tile a program assigns from an op is
// typed with the valid extents that op gives it (the op's inference over its operands as they now
// stand), variable for variable; and a tile a loop carries or an if yields has one valid extent.
//
// The generators write no annotations, so in their programs a tile's type is what the parser
// inferred. A pass that renames or clones variables must rename them inside types too; when it
// does not, the type reads another variable than the op, which the verifier cannot see if that
// variable still exists (a stale `valid_shape=[vr, 16]` after `vr` was rebound). Tile-to-buffer
// refuses such a kernel quietly (it stays on Tile IR), so only this check turns it into a failure.
#pragma once
#include <string>
#include <vector>

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

inline bool same_dims(const std::vector<ir::Expr>& a, const std::vector<ir::Expr>& b) {
  bool same = a.size() == b.size();
  for (std::size_t i = 0; same && i < a.size(); ++i) same = same_dim(a[i], b[i]);
  return same;
}

/// "" when every op-assigned tile of `p` is typed with its op's valid extents, and every tile a
/// loop carries or an if yields has one valid extent (iter arg, init, yielded value and result;
/// if result and each arm's yielded value); else the first that is not.
inline std::string valid_extents_mismatch(const ir::Program& p) {
  std::string why;
  auto agree = [&](const std::string& fn, const ir::Expr& x, const ir::Expr& y, const char* what) {
    if (!why.empty() || !x || !y) return;
    const std::vector<ir::Expr>* a = valid_dims(x->type);
    const std::vector<ir::Expr>* b = valid_dims(y->type);
    if (!a || !b || same_dims(*a, *b)) return;
    const std::string sa = visit::describe_list(*a), sb = visit::describe_list(*b);
    why = "'" + fn + "': '" + ir::var_name(x) + "' has valid extents [" + sa + "] but " + what + " '" + ir::var_name(y) +
          "' has [" + sb + "]" + (sa == sb ? " (another variable of the same name)" : "");
  };
  auto last_yield = [](const ir::Stmt& body) -> const ir::Yield* {
    const std::vector<ir::Stmt> st = ir::stmts_of(body);
    return st.empty() ? nullptr : ir::stmt_as<ir::Yield>(st.back());
  };
  for (const auto& f : p.functions) {
    if (!f || !f->body || !why.empty()) continue;
    visit::walk_stmts(f->body, [&](const ir::Stmt& s) {
      const std::vector<ir::Expr>* ias = nullptr;
      const std::vector<ir::Expr>* rets = nullptr;
      const ir::Stmt* body = nullptr;
      if (auto* l = ir::stmt_as<ir::For>(s)) ias = &l->iter_args, rets = &l->return_vars, body = &l->body;
      if (auto* w = ir::stmt_as<ir::While>(s)) ias = &w->iter_args, rets = &w->return_vars, body = &w->body;
      if (ias) {
        const ir::Yield* y = last_yield(*body);
        for (std::size_t i = 0; i < ias->size(); ++i) {
          const ir::Expr& ia = (*ias)[i];
          if (auto* a = ir::expr_as<ir::IterArg>(ia)) agree(f->name, ia, a->init, "its init");
          if (y && i < y->values.size()) agree(f->name, ia, y->values[i], "the value yielded for it");
          if (i < rets->size()) agree(f->name, (*rets)[i], ia, "its iter arg");
        }
      }
      if (auto* c = ir::stmt_as<ir::If>(s)) {
        for (const ir::Stmt* arm : {&c->then_body, &c->else_body}) {
          const ir::Yield* y = *arm ? last_yield(*arm) : nullptr;
          for (std::size_t i = 0; y && i < c->return_vars.size() && i < y->values.size(); ++i)
            agree(f->name, c->return_vars[i], y->values[i], "the value an arm yields for it,");
        }
      }
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
