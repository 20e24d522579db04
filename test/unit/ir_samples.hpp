// Programs built with the IR builders for the equality, hash and verifier suites. `sample(knobs)`
// builds the Scale program of ../shared/dsl.md "A program"; each knob changes one thing so a test can
// say exactly which difference it expects equality to report.
#pragma once
#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "ptorw/ir.hpp"

namespace samples {
using namespace ptorw::ir;

inline Expr idx(std::int64_t v) { return make_int(v); }
inline Expr list(std::vector<Expr> v) { return make_tuple(std::move(v)); }
inline Type tensor_t(std::vector<std::int64_t> shape, DType d = DType::FP32) {
  std::vector<Expr> s;
  for (auto x : shape) s.push_back(idx(x));
  return make_type(TensorType{std::move(s), d, {}, {}});
}
inline Type tile_t(std::vector<std::int64_t> shape, DType d = DType::FP32) {
  std::vector<Expr> s;
  for (auto x : shape) s.push_back(idx(x));
  return make_type(TileType{std::move(s), d, {}, MemSpace::Vec, {}});
}
inline Type index_t() { return scalar_type(DType::INDEX); }

/// An op call typed by the registry; throws if the registry rejects it (a broken test).
inline Expr op(const std::string& name, std::vector<Expr> args, Kwargs kw = {}, Span sp = {}) {
  const OpDef* d = find_op(name);
  if (!d) throw std::runtime_error("no op " + name);
  InferResult r = check_and_infer(*d, args, kw);
  if (!r.error.empty()) throw std::runtime_error(r.error);
  return make_expr(Call{CallKind::Op, name, std::move(args), std::move(kw), {}}, r.type, sp);
}
/// An op call with a given type, not checked (for verifier negatives).
inline Expr raw_op(const std::string& name, std::vector<Expr> args, Type t, Kwargs kw = {}, Span sp = {}) {
  return make_expr(Call{CallKind::Op, name, std::move(args), std::move(kw), {}}, std::move(t), sp);
}
inline Expr call(const std::string& callee, std::vector<Expr> args, Type result, Span sp = {}) {
  return make_expr(Call{CallKind::Function, callee, std::move(args), {}, {}}, std::move(result), sp);
}
inline Expr bin(BinOp op, Expr a, Expr b, Span sp = {}) {
  Type t = (op >= BinOp::Lt && op <= BinOp::Ne) || op == BinOp::And || op == BinOp::Or ? scalar_type(DType::BOOL)
                                                                                         : a->type;
  return make_expr(Binary{op, std::move(a), std::move(b)}, std::move(t), sp);
}
/// A variable typed like the value it is about to be assigned.
inline Expr var_for(const std::string& name, const Expr& value, Span sp = {}) { return make_var(name, value->type, sp); }

inline Stmt assign(Expr v, Expr value, Span sp = {}) { return make_assign(std::move(v), std::move(value), sp); }
inline Stmt eval(Expr value, Span sp = {}) { return make_stmt(Eval{std::move(value)}, sp); }
inline Stmt ret(std::vector<Expr> v, Span sp = {}) { return make_stmt(Return{std::move(v)}, sp); }
inline Stmt yield(std::vector<Expr> v, Span sp = {}) { return make_stmt(Yield{std::move(v)}, sp); }
inline Stmt seq(std::vector<Stmt> s, Span sp = {}) { return make_seq(std::move(s), sp); }
inline Stmt for_range(Expr i, Expr stop, std::vector<Expr> iter_args, std::vector<Stmt> body,
                      std::vector<Expr> results, Span sp = {}) {
  return make_stmt(For{ForKind::Range, std::move(i), idx(0), std::move(stop), idx(1), std::move(iter_args),
                       seq(std::move(body)), std::move(results)},
                   sp);
}

inline FunctionPtr function(std::string name, FunctionType type, std::vector<Param> params, std::vector<Type> rets,
                            std::vector<Stmt> body, Kwargs attrs = {}, Span sp = {}) {
  Function f;
  f.name = std::move(name);
  f.type = type;
  f.params = std::move(params);
  f.return_types = std::move(rets);
  f.attrs = std::move(attrs);
  f.body = seq(std::move(body));
  f.span = sp;
  return std::make_shared<const Function>(std::move(f));
}
inline ProgramPtr program(std::vector<FunctionPtr> fs, std::vector<Expr> dyn = {}, std::string name = "P") {
  auto p = std::make_shared<Program>();
  p->name = std::move(name);
  p->functions = std::move(fs);
  p->dyn_dims = std::move(dyn);
  p->source_file = "t.py";
  return p;
}

/// One knob per kind of difference the equality tests name.
struct Knobs {
  std::string suffix;                          // appended to every variable name (alpha-renaming)
  DType dtype = DType::FP32;
  std::int64_t rows = 128;
  Direction dst_dir = Direction::Out;
  bool windowize = true;
  bool swap_sub = false;                       // tile.sub(t, u) instead of tile.sub(u, t)
  bool kwargs_reversed = false;                // tensor.create(layout=..., dtype=...)
  TensorLayout layout = TensorLayout::ND;      // tensor.create's layout kwarg value
  FunctionType kernel_type = FunctionType::InCore;
  bool main_first = false;
  std::int64_t step_mul = 16;                  // `off = i * step_mul` in the loop body
  bool nested_seq = false;                     // wrap part of the loop body in a nested Seq
};

/// The Scale program of dsl.md, with a `tile.sub` so that argument order is observable:
///   scale(src, row, dst: Out) -> T:  t = load; u = muls(t, 2.0); v = sub(u, t); r = store(v, .., dst); return r
///   main(a) -> T:  buf = create; for i, (acc,) in range(8, init=(buf,)): off = i*16; nxt = scale(a, off, acc);
///                  res = yield(nxt);  return res
inline ProgramPtr sample(const Knobs& k = {}) {
  auto n = [&](const char* s) { return std::string(s) + k.suffix; };
  Type T = tensor_t({k.rows, 32}, k.dtype);

  auto src = make_var(n("src"), T, {4, 19});
  auto row = make_var(n("row"), index_t(), {4, 55});
  auto dst = make_var(n("dst"), T, {5, 15});
  auto load = op("tile.load", {src, list({row, idx(0)}), list({idx(16), idx(32)})}, {}, {6, 46});
  auto t = var_for(n("t"), load, {6, 9});
  auto muls = op("tile.muls", {t, make_float(2.0)}, {}, {7, 13});
  auto u = var_for(n("u"), muls, {7, 9});
  auto sub = op("tile.sub", k.swap_sub ? std::vector<Expr>{t, u} : std::vector<Expr>{u, t}, {}, {8, 13});
  auto v = var_for(n("v"), sub, {8, 9});
  auto store = op("tile.store", {v, list({row, idx(0)}), dst}, {}, {9, 45});
  auto r = var_for(n("r"), store, {9, 9});
  auto kernel = function("scale", k.kernel_type, {{src, Direction::In}, {row, Direction::In}, {dst, k.dst_dir}}, {T},
                         {assign(t, load, {6, 9}), assign(u, muls, {7, 9}), assign(v, sub, {8, 9}),
                          assign(r, store, {9, 9}), ret({r}, {10, 9})},
                         {{"windowize", k.windowize}}, {3, 5});

  auto a = make_var(n("a"), T, {13, 20});
  Kwargs ckw{{"dtype", k.dtype}, {"layout", k.layout}};
  if (k.kwargs_reversed) std::reverse(ckw.begin(), ckw.end());
  auto create = op("tensor.create", {list({idx(k.rows), idx(32)})}, ckw, {14, 15});
  auto buf = var_for(n("buf"), create, {14, 9});
  auto i = make_var(n("i"), index_t(), {15, 13});
  auto acc = make_iter_arg(n("acc"), T, buf, {15, 17});
  auto off_e = bin(BinOp::Mul, i, idx(k.step_mul), {16, 19});
  auto off = var_for(n("off"), off_e, {16, 13});
  auto kcall = call("scale", {a, off, acc}, T, {17, 19});
  auto nxt = var_for(n("nxt"), kcall, {17, 13});
  auto res = make_var(n("res"), T, {18, 13});
  std::vector<Stmt> body = {assign(off, off_e, {16, 13}), assign(nxt, kcall, {17, 13}), yield({nxt}, {18, 13})};
  if (k.nested_seq) body = {seq({body[0], seq({body[1]})}), body[2]};
  auto loop = for_range(i, idx(8), {acc}, std::move(body), {res}, {15, 9});
  auto main = function("main", FunctionType::Orchestration, {{a, Direction::In}}, {T},
                       {assign(buf, create, {14, 9}), loop, ret({res}, {19, 9})}, {}, {12, 5});
  return program(k.main_first ? std::vector<FunctionPtr>{main, kernel} : std::vector<FunctionPtr>{kernel, main}, {},
                 "Scale" + k.suffix);
}

}  // namespace samples
