// IR-building helpers shared by the rewrite tests (driver, pass manager, simplify).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "ptorw/ir/builder.hpp"

namespace fx {
using namespace ptorw::ir;

inline Type idx() { return scalar_type(DType::INDEX); }
inline Expr var(const std::string& n, DType d = DType::INDEX) { return make_var(n, scalar_type(d)); }
inline Expr I(std::int64_t v, DType d = DType::INDEX) { return make_int(v, d); }

inline bool is_cmp(BinOp op) {
  return op == BinOp::Lt || op == BinOp::Le || op == BinOp::Gt || op == BinOp::Ge || op == BinOp::Eq || op == BinOp::Ne;
}
/// A binary node typed like the DSL types it: comparisons are BOOL, arithmetic takes the lhs type.
inline Expr bin(BinOp op, Expr a, Expr b, Span sp = {}) {
  Type t = is_cmp(op) ? scalar_type(DType::BOOL) : a->type;
  return make_expr(Binary{op, std::move(a), std::move(b)}, std::move(t), sp);
}
inline Expr add(Expr a, Expr b) { return bin(BinOp::Add, std::move(a), std::move(b)); }
inline Expr sub(Expr a, Expr b) { return bin(BinOp::Sub, std::move(a), std::move(b)); }
inline Expr mul(Expr a, Expr b) { return bin(BinOp::Mul, std::move(a), std::move(b)); }

inline Stmt assign(Expr v, Expr e, Span sp = {}) { return make_assign(std::move(v), std::move(e), sp); }
inline Stmt ret(std::vector<Expr> vs) { return make_stmt(Return{std::move(vs)}); }
inline Stmt eval(Expr e) { return make_stmt(Eval{std::move(e)}); }

inline FunctionPtr function(std::string name, std::vector<Expr> params, std::vector<Stmt> body,
                            std::vector<Type> rets = {}) {
  Function f;
  f.name = std::move(name);
  for (auto& p : params) f.params.push_back(Param{p, Direction::In});
  f.return_types = std::move(rets);
  f.body = make_seq(std::move(body));
  return std::make_shared<const Function>(std::move(f));
}
inline ProgramPtr program(std::vector<FunctionPtr> fns) {
  return std::make_shared<const Program>(Program{"P", {}, std::move(fns), "t.py"});
}
/// A one-function program `def f(params): body`.
inline ProgramPtr program_of(std::vector<Expr> params, std::vector<Stmt> body) {
  return program({function("f", std::move(params), std::move(body))});
}
inline std::vector<Stmt> body_of(const ProgramPtr& p, const std::string& fn = "f") { return stmts_of(p->find(fn)->body); }

}  // namespace fx
