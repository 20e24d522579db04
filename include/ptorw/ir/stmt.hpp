// Statements. Loops and Ifs define their results (`return_vars`); bodies end in `Yield`.
#pragma once
#include <variant>
#include <vector>

#include "ptorw/ir/expr.hpp"

namespace ptorw::ir {

struct Assign { Expr var; Expr value; };
struct Eval { Expr value; };
struct Seq { std::vector<Stmt> stmts; };
struct If {
  Expr cond;
  Stmt then_body;
  Stmt else_body;  // may be null
  std::vector<Expr> return_vars;
};
struct For {
  ForKind kind;
  Expr loop_var;
  Expr start, stop, step;
  std::vector<Expr> iter_args;  // IterArg nodes
  Stmt body;
  std::vector<Expr> return_vars;
};
/// `for (a, n) in pl.while_(init_values=...)`: `cond` is the body's leading `pl.cond(...)`.
struct While {
  Expr cond;
  std::vector<Expr> iter_args;
  Stmt body;
  std::vector<Expr> return_vars;
};
struct Yield { std::vector<Expr> values; };
struct Return { std::vector<Expr> values; };
/// `with pl.at(level=..., windowize=..., name_hint=...)` or `with pl.manual_scope()`.
struct Scope {
  ScopeKind kind;
  Kwargs attrs;
  Stmt body;
};

using StmtKind = std::variant<Assign, Eval, Seq, If, For, While, Yield, Return, Scope>;

struct StmtNode {
  StmtKind kind;
  Span span;
};

template <class K> const K* stmt_as(const Stmt& s) { return s ? std::get_if<K>(&s->kind) : nullptr; }

/// The statements of a body: a Seq's list, or the single statement.
inline std::vector<Stmt> stmts_of(const Stmt& s) {
  if (!s) return {};
  if (auto* q = stmt_as<Seq>(s)) return q->stmts;
  return {s};
}

}  // namespace ptorw::ir
