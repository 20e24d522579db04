// The verifier: each rule once accepted and once violated, with the diagnostic's text and location.
#include <doctest/doctest.h>

#include "ir_samples.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/text/parser.hpp"
namespace ut_verify_test {  // one namespace per file: the suite builds as one unity TU

using namespace samples;
using ptorw::Diagnostics;

namespace {
/// All diagnostics as `file:line:col: error: message` lines.
std::string text(const Diagnostics& ds) {
  std::string s;
  for (const auto& d : ds) s += d.str() + "\n";
  return s;
}
/// The single diagnostic of `p` (the check fails if there is not exactly one).
std::string only(const ProgramPtr& p) {
  auto ds = verify(*p);
  CHECK_MESSAGE(ds.size() == 1, text(ds));
  return ds.empty() ? std::string() : ds[0].str();
}
/// A one-function program `f(params) -> rets` (Opaque) with `body`.
ProgramPtr fprog(std::vector<Param> params, std::vector<Type> rets, std::vector<Stmt> body,
                 std::vector<FunctionPtr> more = {}) {
  more.push_back(function("f", FunctionType::Opaque, std::move(params), std::move(rets), std::move(body), {}, {1, 5}));
  return program(std::move(more));
}
Expr ivar(const char* name, Span sp) { return make_var(name, index_t(), sp); }
Expr add1(Expr x, Span sp) { return bin(BinOp::Add, std::move(x), idx(1), sp); }

/// A kernel `k(x: Tensor[[64], FP32], o: Out[Tensor[[64], FP32]]) -> Tensor[[64], FP32]`.
FunctionPtr kernel() {
  auto x = make_var("x", tensor_t({64}), {20, 17});
  auto o = make_var("o", tensor_t({64}), {20, 40});
  return function("k", FunctionType::InCore, {{x}, {o, Direction::Out}}, {tensor_t({64})}, {ret({o}, {21, 9})}, {},
                  {19, 5});
}
}  // namespace

TEST_CASE("well-formed programs verify clean") {
  auto ds = verify(*sample());
  CHECK_MESSAGE(ds.empty(), text(ds));
  Knobs k;
  k.nested_seq = true;
  CHECK(verify(*sample(k)).empty());
}

TEST_CASE("text: every example verifies clean") {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  REQUIRE(root);
  for (const char* name : {"pattern1_iter_arg_reuse.py", "multi_return.py", "attention_qk.py", "windowed_rows.py"}) {
    CAPTURE(name);
    auto r = ptorw::text::parse_file(std::string(root) + "/examples/" + name);
    REQUIRE(r.ok());
    auto ds = verify(*r.program);
    CHECK_MESSAGE(ds.empty(), text(ds));
  }
}

TEST_CASE("SSA: a variable is defined once") {
  auto x = ivar("x", {3, 5});
  CHECK(only(fprog({}, {}, {assign(x, idx(1), {3, 5}), assign(x, idx(2), {4, 5})})) ==
        "t.py:4:5: error: 'x' is defined twice (first at 3:5)");
  auto p = ivar("p", {1, 20});
  CHECK(only(fprog({{p}}, {}, {assign(p, idx(1), {2, 5})})) == "t.py:2:5: error: 'p' is defined twice (first at 1:20)");
}

TEST_CASE("SSA: uses come after definitions; undefined names are reported") {
  auto x = ivar("x", {4, 5});
  auto e = add1(x, {3, 9});
  auto y = var_for("y", e, {3, 5});
  CHECK(only(fprog({}, {}, {assign(y, e, {3, 5}), assign(x, idx(1), {4, 5})})) ==
        "t.py:3:9: error: use of 'x' before its definition (defined at 4:5)");
  CHECK(verify(*fprog({}, {}, {assign(x, idx(1), {3, 5}), assign(y, add1(x, {4, 9}), {4, 5})})).empty());
  auto z = ivar("z", {});
  CHECK(only(fprog({}, {}, {eval(add1(z, {}), {6, 5})})) == "t.py:6:5: error: use of undefined variable 'z'");
}

TEST_CASE("SSA: loop variables and iter args are visible only inside the loop") {
  auto a = make_var("a", tensor_t({64}), {1, 20});
  auto mk = [&](bool use_after, bool use_loop_var) {
    auto i = ivar("i", {2, 13});
    auto acc = make_iter_arg("acc", tensor_t({64}), a, {2, 17});
    auto res = make_var("res", tensor_t({64}), {3, 13});
    auto loop = for_range(i, idx(4), {acc}, {yield({acc}, {3, 13})}, {res}, {2, 9});
    std::vector<Stmt> body{loop};
    if (use_after) body.push_back(use_loop_var ? eval(add1(i, {5, 9}), {5, 9}) : ret({acc}, {5, 9}));
    else body.push_back(ret({res}, {5, 9}));
    return fprog({{a}}, {tensor_t({64})}, body);
  };
  CHECK(verify(*mk(false, false)).empty());
  CHECK(only(mk(true, false)) == "t.py:5:9: error: iter arg 'acc' is visible only inside the body of its loop (at 2:9)");
  CHECK(only(mk(true, true)) == "t.py:5:9: error: loop variable 'i' is visible only inside the body of its loop (at 2:9)");
}

TEST_CASE("SSA: loop results are visible only after the loop; body names do not escape") {
  auto a = make_var("a", tensor_t({64}), {1, 20});
  auto mk = [&](int variant) {
    auto i = ivar("i", {2, 13});
    auto acc = make_iter_arg("acc", tensor_t({64}), a, {2, 17});
    auto res = make_var("res", tensor_t({64}), {4, 13});
    auto t = make_var("t", tensor_t({64}), {3, 13});
    Expr early = variant == 1 ? res : acc;
    auto loop = for_range(i, idx(4), {acc}, {assign(t, early, {3, 13}), yield({t}, {4, 13})}, {res}, {2, 9});
    return fprog({{a}}, {tensor_t({64})}, {loop, ret({variant == 2 ? t : res}, {5, 9})});
  };
  CHECK(verify(*mk(0)).empty());
  CHECK(only(mk(1)) == "t.py:3:13: error: 'res' is a result of the statement at 2:9 and is visible only after it");
  CHECK(only(mk(2)) == "t.py:5:9: error: 't' is defined inside a loop or if body (at 3:13) and is not visible here; "
                       "pass it out with pl.yield_");
}

TEST_CASE("SSA: a body name read twice in one expression after its loop is reported once") {
  // A use of a variable has no span of its own: both operands of `add(t, t)` are reported at the
  // call, so the same message at the same place came out twice before.
  const std::string src =
      "@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, a: pl.Tensor[[32, 32], pl.FP32], o: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:\n"
      "        for i in pl.range(4):\n"
      "            t = pl.load(a, [0, 0], [32, 32])\n"
      "        u = pl.tile.add(t, t)\n"
      "        r = pl.store(u, [0, 0], o)\n"
      "        return r\n";
  auto r = ptorw::text::parse_program(src, "nb.py");
  REQUIRE(r.ok());
  CHECK(only(r.program) == "nb.py:7:13: error: 't' is defined inside a loop or if body (at 6:13) and is not visible "
                           "here; pass it out with pl.yield_");
}

TEST_CASE("SSA: a function cannot use another function's variables") {
  auto x = ivar("x", {2, 5});
  auto g = function("g", FunctionType::Opaque, {}, {}, {assign(x, idx(1), {2, 5})}, {}, {1, 5});
  CHECK(only(fprog({}, {}, {eval(add1(x, {7, 9}), {7, 5})}, {g})) == "t.py:7:9: error: use of undefined variable 'x'");
}

TEST_CASE("parameters: distinct names; Out/InOut parameters are tensors") {
  auto a = make_var("a", index_t(), {1, 11});
  auto b = make_var("a", index_t(), {1, 30});
  CHECK(only(fprog({{a}, {b}}, {}, {})) == "t.py:1:30: error: parameter name 'a' is used twice in 'f'");
  auto o = make_var("o", index_t(), {1, 11});
  CHECK(only(fprog({{o, Direction::Out}}, {}, {})) ==
        "t.py:1:11: error: Out parameter 'o' of 'f' must be a tensor, got pl.Scalar[pl.INDEX]");
  auto dim = make_var("M", index_t(), {1, 1});
  auto t = make_var("t", make_type(TensorType{{dim}, DType::FP32, {}, {}}), {2, 11});
  auto p = fprog({{t}}, {}, {});
  CHECK(only(p) == "t.py:2:11: error: type of 't' refers to undefined variable 'M'");
  std::const_pointer_cast<Program>(p)->dyn_dims = {dim};  // declared with pl.dynamic: visible everywhere
  CHECK(verify(*p).empty());
}

TEST_CASE("parameters: a negative constant dimension is an error (run aborted on it, audit 2026-12-04)") {
  auto t = make_var("t", tensor_t({-16, 128}), {2, 11});
  CHECK(only(fprog({{t}}, {}, {})) == "t.py:2:11: error: parameter 't' of 'f' has a negative dimension (-16)");
  auto z = make_var("z", tensor_t({0, 128}), {2, 11});
  CHECK(verify(*fprog({{z}}, {}, {})).empty());  // an empty tensor is a tensor
}

TEST_CASE("user calls: callee, arity, argument types, Out arguments") {
  auto a = make_var("a", tensor_t({64}), {1, 11});
  auto b = make_var("b", tensor_t({64}), {1, 40});
  auto mk = [&](std::string callee, std::vector<Expr> args) {
    auto c = call(callee, std::move(args), tensor_t({64}), {2, 13});
    auto r = var_for("r", c, {2, 9});
    return fprog({{a}, {b}}, {tensor_t({64})}, {assign(r, c, {2, 9}), ret({r}, {3, 9})}, {kernel()});
  };
  CHECK(verify(*mk("k", {a, b})).empty());
  CHECK(only(mk("nope", {a, b})) == "t.py:2:13: error: call of unknown function 'nope'");
  CHECK(only(mk("k", {a})) == "t.py:2:13: error: call of 'k' passes 1 argument but 'k' takes 2");

  auto h = make_var("h", tensor_t({64}, DType::FP16), {1, 60});
  auto wrong_dtype = call("k", {h, b}, tensor_t({64}), {2, 13});
  auto r1 = var_for("r", wrong_dtype, {2, 9});
  CHECK(only(fprog({{a}, {b}, {h}}, {}, {assign(r1, wrong_dtype, {2, 9})}, {kernel()})) ==
        "t.py:2:13: error: argument 1 of 'k' has type pl.Tensor[[64], pl.FP16] but parameter 'x' expects "
        "pl.Tensor[[64], pl.FP32]");
  auto s = make_var("s", tensor_t({32}), {1, 60});
  auto wrong_shape = call("k", {s, b}, tensor_t({64}), {2, 13});
  auto r2 = var_for("r", wrong_shape, {2, 9});
  CHECK(only(fprog({{a}, {b}, {s}}, {}, {assign(r2, wrong_shape, {2, 9})}, {kernel()})).find(
            "argument 1 of 'k' has type pl.Tensor[[32], pl.FP32]") != std::string::npos);

  auto tl = make_var("tl", tile_t({64}), {1, 60});
  auto tile_out = call("k", {a, tl}, tensor_t({64}), {2, 13});
  auto r3 = var_for("r", tile_out, {2, 9});
  CHECK(only(fprog({{a}, {tl}}, {}, {assign(r3, tile_out, {2, 9})}, {kernel()})) ==
        "t.py:2:13: error: argument 2 of 'k' is passed to Out parameter 'o' and must be a tensor, got "
        "pl.Tile[[64], pl.FP32, pl.Mem.Vec]");

  auto sub = make_expr(Submit{"missing", {a}, {}}, make_type(TupleType{{scalar_type(DType::TASK_ID)}}), {4, 15});
  CHECK(only(fprog({{a}}, {}, {eval(sub, {4, 9})})) == "t.py:4:15: error: pl.submit of unknown function 'missing'");
}

TEST_CASE("op calls: the op exists and the registry accepts its operands and kwargs") {
  auto a = make_var("a", tensor_t({64}), {1, 11});
  auto bad_kind = raw_op("tile.add", {a, a}, tensor_t({64}), {}, {2, 13});
  CHECK(only(fprog({{a}}, {}, {eval(bad_kind, {2, 9})})) == "t.py:2:13: error: tile.add operand 1 must be a tile");
  auto unknown = raw_op("tile.frobnicate", {a}, tensor_t({64}), {}, {3, 13});
  CHECK(only(fprog({{a}}, {}, {eval(unknown, {3, 9})})) == "t.py:3:13: error: unknown op 'tile.frobnicate'");
  auto kw = raw_op("tensor.create", {list({idx(64)})}, tensor_t({64}), {{"dtype", DType::FP32}, {"color", true}}, {4, 13});
  CHECK(only(fprog({}, {}, {eval(kw, {4, 9})})) == "t.py:4:13: error: tensor.create has no keyword 'color'");
  auto twice = raw_op("tensor.create", {list({idx(64)})}, tensor_t({64}), {{"dtype", DType::FP32}, {"dtype", DType::FP16}}, {6, 13});
  CHECK(only(fprog({}, {}, {eval(twice, {6, 9})})) == "t.py:6:13: error: tensor.create gives keyword 'dtype' twice");
  auto ok = op("tile.load", {a, list({idx(0)}), list({idx(64)})}, {}, {5, 13});
  CHECK(verify(*fprog({{a}}, {}, {eval(ok, {5, 9})})).empty());
}

TEST_CASE("loops: pl.yield_ gives one value per iter arg, ends the body, and results match iter args") {
  auto n = make_var("n", index_t(), {1, 11});
  auto mk = [&](std::vector<int> yields, std::size_t results, bool trailing_stmt) {
    auto i = ivar("i", {2, 13});
    auto acc = make_iter_arg("acc", index_t(), n, {2, 17});
    std::vector<Stmt> body;
    std::vector<Expr> vals;
    for (int v : yields) vals.push_back(v ? add1(acc, {3, 22}) : Expr(acc));
    if (!vals.empty()) body.push_back(yield(vals, {3, 13}));
    if (trailing_stmt) body.push_back(eval(add1(acc, {4, 13}), {4, 13}));
    std::vector<Expr> res;
    for (std::size_t r = 0; r < results; ++r) res.push_back(make_var("r" + std::to_string(r), index_t(), {3, 13}));
    return fprog({{n}}, {}, {for_range(i, idx(4), {acc}, body, res, {2, 9})});
  };
  CHECK(verify(*mk({1}, 1, false)).empty());
  CHECK(only(mk({1, 0}, 1, false)) == "t.py:3:13: error: pl.yield_ gives 2 values but the loop has 1 iter arg");
  CHECK(only(mk({}, 1, false)) == "t.py:2:9: error: loop body must end with pl.yield_ of 1 value");
  auto ds = verify(*mk({1}, 1, true));
  REQUIRE(ds.size() == 2);  // in source order
  CHECK(ds[0].str() == "t.py:2:9: error: loop body must end with pl.yield_ of 1 value");
  CHECK(ds[1].str() == "t.py:3:13: error: pl.yield_ must be the last statement of its body");
  CHECK(only(mk({1}, 2, false)) == "t.py:2:9: error: loop has 1 iter arg but 2 results");
  CHECK(only(fprog({{n}}, {}, {yield({n}, {2, 9})})) == "t.py:2:9: error: pl.yield_ outside a loop or if body");
}

TEST_CASE("loops: init and yielded values must fit the iter arg's type") {
  auto n = make_var("n", index_t(), {1, 11});
  auto f = make_var("f", scalar_type(DType::FP32), {1, 30});
  auto i = ivar("i", {2, 13});
  auto acc = make_iter_arg("acc", index_t(), f, {2, 17});
  auto r = make_var("r", index_t(), {3, 13});
  CHECK(only(fprog({{n}, {f}}, {}, {for_range(i, idx(4), {acc}, {yield({n}, {3, 13})}, {r}, {2, 9})})) ==
        "t.py:2:17: error: init value of iter arg 'acc' has type pl.Scalar[pl.FP32] but the iter arg has type "
        "pl.Scalar[pl.INDEX]");
  auto acc2 = make_iter_arg("acc", index_t(), n, {2, 17});
  auto r2 = make_var("r", index_t(), {3, 13});
  CHECK(only(fprog({{n}, {f}}, {}, {for_range(i, idx(4), {acc2}, {yield({f}, {3, 13})}, {r2}, {2, 9})})) ==
        "t.py:3:13: error: pl.yield_ value 1 has type pl.Scalar[pl.FP32] but 'acc' has type pl.Scalar[pl.INDEX]");
}

TEST_CASE("if: each branch yields one value per result; results need an else; condition is BOOL") {
  auto n = make_var("n", index_t(), {1, 11});
  auto mk = [&](std::size_t then_vals, bool with_else, BinOp cmp) {
    auto c = bin(cmp, n, idx(4), {2, 12});
    std::vector<Expr> tv(then_vals, n);
    auto r = make_var("r", index_t(), {3, 13});
    Stmt els = with_else ? seq({yield({idx(0)}, {5, 13})}) : Stmt{};
    auto s = make_stmt(If{c, seq({yield(tv, {3, 13})}), els, {r}}, {2, 9});
    return fprog({{n}}, {index_t()}, {s, ret({r}, {6, 9})});
  };
  CHECK(verify(*mk(1, true, BinOp::Lt)).empty());
  CHECK(only(mk(2, true, BinOp::Lt)) == "t.py:3:13: error: pl.yield_ gives 2 values but the if has 1 result");
  CHECK(only(mk(1, false, BinOp::Lt)) == "t.py:2:9: error: an if with results needs an else branch that yields them");
  CHECK(only(mk(1, true, BinOp::Add)) == "t.py:2:12: error: if condition must be a scalar BOOL, got pl.Scalar[pl.INDEX]");
}

TEST_CASE("if: the else branch is checked like the then branch (count, type, ending yield)") {
  // The then branch is right in every case; only the else branch breaks the rule.
  auto n = make_var("n", index_t(), {1, 11});
  auto f = make_var("f", scalar_type(DType::FP32), {1, 30});
  auto mk = [&](std::vector<Expr> else_vals, bool else_yields) {
    auto c = bin(BinOp::Lt, n, idx(4), {2, 12});
    auto r = make_var("r", index_t(), {3, 13});
    Stmt els = else_yields ? seq({yield(std::move(else_vals), {5, 13})}) : seq({eval(n, {5, 13})});
    auto s = make_stmt(If{c, seq({yield({n}, {3, 13})}), els, {r}}, {2, 9});
    return fprog({{n}, {f}}, {index_t()}, {s, ret({r}, {6, 9})});
  };
  CHECK(verify(*mk({idx(0)}, true)).empty());
  CHECK(only(mk({n, n}, true)) == "t.py:5:13: error: pl.yield_ gives 2 values but the if has 1 result");
  CHECK(only(mk({}, true)) == "t.py:5:13: error: pl.yield_ gives 0 values but the if has 1 result");
  CHECK(only(mk({f}, true)) ==
        "t.py:5:13: error: pl.yield_ value 1 has type pl.Scalar[pl.FP32] but 'r' has type pl.Scalar[pl.INDEX]");
  CHECK(only(mk({}, false)) == "t.py:2:9: error: else branch must end with pl.yield_ of 1 value");
}

TEST_CASE("while: the condition is a scalar BOOL over the iter args") {
  auto n = make_var("n", index_t(), {1, 11});
  auto mk = [&](BinOp cmp) {
    auto k = make_iter_arg("k", index_t(), n, {2, 14});
    auto w = make_var("w", index_t(), {4, 9});
    auto loop = make_stmt(While{bin(cmp, k, idx(10), {3, 21}), {k}, seq({yield({add1(k, {4, 27})}, {4, 9})}), {w}}, {2, 9});
    return fprog({{n}}, {index_t()}, {loop, ret({w}, {5, 9})});
  };
  CHECK(verify(*mk(BinOp::Lt)).empty());
  CHECK(only(mk(BinOp::Sub)) == "t.py:3:21: error: while condition must be a scalar BOOL, got pl.Scalar[pl.INDEX]");
}

TEST_CASE("return: one value per declared result, of a compatible type") {
  auto a = make_var("a", tensor_t({64}), {1, 11});
  CHECK(verify(*fprog({{a}}, {tensor_t({64})}, {ret({a}, {2, 9})})).empty());
  CHECK(only(fprog({{a}}, {tensor_t({64}), tensor_t({64})}, {ret({a}, {2, 9})})) ==
        "t.py:2:9: error: return gives 1 value but 'f' declares 2 results");
  CHECK(only(fprog({{a}}, {tensor_t({64}, DType::BF16)}, {ret({a}, {2, 9})})) ==
        "t.py:2:9: error: return value 1 has type pl.Tensor[[64], pl.FP32] but 'f' declares pl.Tensor[[64], pl.BF16]");
}

TEST_CASE("loop bounds are scalar integers; functions are defined once") {
  auto f = make_var("f", scalar_type(DType::FP32), {1, 11});
  auto i = ivar("i", {2, 13});
  auto loop = make_stmt(For{ForKind::Range, i, idx(0), f, idx(1), {}, seq({}), {}}, {2, 9});
  CHECK(only(fprog({{f}}, {}, {loop})) == "t.py:2:9: error: loop stop must be a scalar integer, got pl.Scalar[pl.FP32]");
  auto p = fprog({}, {}, {});
  std::const_pointer_cast<Program>(p)->functions.push_back(function("f", FunctionType::Opaque, {}, {}, {}, {}, {9, 5}));
  CHECK(only(p) == "t.py:9:5: error: function 'f' is defined twice (first at 1:5)");
}

TEST_CASE("text: what the parser accepts but the verifier rejects is located in the source") {
  std::string src =
      "@pl.program\n"
      "class P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, x: pl.Tensor[[64], pl.FP32], o: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:\n"
      "        return o\n"
      "\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[64], pl.FP32], b: pl.Tensor[[32], pl.FP16]) -> pl.Tensor[[64], pl.FP32]:\n"
      "        for i, (acc,) in pl.range(4, init_values=(a,)):\n"
      "            nxt = self.k(acc, B)\n"
      "            res = pl.yield_(nxt)\n"
      "        return res\n";
  auto good = ptorw::text::parse_program(src.replace(src.find(", B)"), 4, ", acc)"), "prog.py");
  REQUIRE(good.ok());
  CHECK(verify(*good.program).empty());
  auto bad = ptorw::text::parse_program(src.replace(src.find(", acc)"), 6, ", b)"), "prog.py");
  REQUIRE(bad.ok());
  auto ds = verify(*bad.program);
  REQUIRE(ds.size() == 1);
  CHECK(ds[0].str() == "prog.py:10:24: error: argument 2 of 'k' has type pl.Tensor[[32], pl.FP16] but parameter 'o' "
                       "expects pl.Tensor[[64], pl.FP32]");

  std::string loop =
      "@pl.program\n"
      "class P:\n"
      "    @pl.function\n"
      "    def f(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
      "        for (k,) in pl.while_(init_values=(n,)):\n"
      "            pl.cond(k + 1)\n"
      "            k2 = pl.yield_(k + 1)\n"
      "        return k2\n";
  auto w = ptorw::text::parse_program(loop, "w.py");
  REQUIRE(w.ok());
  ds = verify(*w.program);
  REQUIRE(ds.size() == 1);
  CHECK(ds[0].str() == "w.py:6:23: error: while condition must be a scalar BOOL, got pl.Scalar[pl.INDEX]");
}

// docs/semantics.md "Calls": In parameters are read-only for the callee. The interpreter refused
// such a write when it ran, but `check` accepted it and the orchestration emitter submitted the
// parameter with add_input (audit 2026-12-04: a forgotten pl.Out).
namespace {
std::string kernel_program(const std::string& kernel_params, const std::string& body, const std::string& call_args) {
  return "@pl.program\n"
         "class P:\n"
         "    @pl.function(type=pl.FunctionType.InCore)\n"
         "    def k(self, " + kernel_params + ") -> pl.Tensor[[16, 32], pl.FP32]:\n" + body +
         "\n"
         "    @pl.function(type=pl.FunctionType.Orchestration)\n"
         "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
         "        q = self.k(" + call_args + ")\n"
         "        return q\n";
}
std::string verify_text(const std::string& src) {
  auto r = ptorw::text::parse_program(src, "k.py");
  REQUIRE_MESSAGE(r.ok(), src);
  return text(verify(*r.program));
}
const char* kTwo = "a: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32]";
const char* kTwoOut = "a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]";
const char* kTwoInOut = "a: pl.Tensor[[16, 32], pl.FP32], o: pl.InOut[pl.Tensor[[16, 32], pl.FP32]]";
}  // namespace

TEST_CASE("kernels: a store into an In parameter (or a view of one) is an error; Out/InOut are writable") {
  const std::string store =
      "        t = pl.load(a, [0, 0], [16, 32])\n"
      "        r = pl.store(t, [0, 0], o)\n"
      "        return r\n";
  // `r = pl.store(...)` is line 6; an op call is located at its start (column 13), a user call at
  // the method name (`self.v`: the `v`).
  CHECK(verify_text(kernel_program(kTwo, store, "a, b")) ==
        "k.py:6:13: error: tile.store writes 'o', a view of In parameter 'o'; a callee may write only Out/InOut "
        "parameters (declare it pl.Out or pl.InOut)\n");
  CHECK(verify_text(kernel_program(kTwoOut, store, "a, b")) == "");
  CHECK(verify_text(kernel_program(kTwoInOut, store, "a, b")) == "");
  // The other operand is In too, but only read.
  const std::string into_a =
      "        t = pl.load(o, [0, 0], [16, 32])\n"
      "        r = pl.store(t, [0, 0], a)\n"
      "        return r\n";
  CHECK(verify_text(kernel_program(kTwoOut, into_a, "a, b")) ==
        "k.py:6:13: error: tile.store writes 'a', a view of In parameter 'a'; a callee may write only Out/InOut "
        "parameters (declare it pl.Out or pl.InOut)\n");
}

// Review rev40b F4: the alias walk moved In parameter a's mask one carry per round, and stopped
// after 64 rounds: with 70 rotated iter-args (init a into c69 only, the store into c0) the write
// of a was reported for 60 carries and not for 70. The walk now runs to its fixed point.
TEST_CASE("kernels: an In parameter's view reaching the store after many rotations of loop carries is found") {
  for (int k : {3, 60, 70, 130}) {
    std::string carries, inits, yields, results;
    for (int i = 0; i < k; ++i) {
      const std::string sep = i ? ", " : "";
      carries += sep + "c" + std::to_string(i);
      inits += sep + (i + 1 < k ? "o" : "a");
      yields += sep + "c" + std::to_string(i + 1 < k ? i + 1 : k - 1);
      results += sep + "r" + std::to_string(i);
    }
    const std::string body = "        t = pl.load(o, [0, 0], [16, 32])\n"
                             "        for i, (" + carries + ",) in pl.range(" + std::to_string(k) + ", init_values=(" + inits +
                             ",)):\n"
                             "            s = pl.store(t, [0, 0], c0)\n"
                             "            " + results + " = pl.yield_(" + yields + ")\n"
                             "        return o\n";
    CAPTURE(k);
    CHECK(verify_text(kernel_program(kTwoOut, body, "a, b")) ==
          "k.py:7:17: error: tile.store writes 'c0', a view of In parameter 'a'; a callee may write only Out/InOut "
          "parameters (declare it pl.Out or pl.InOut)\n");
  }
}

TEST_CASE("kernels: a store nested inside another op's operand writes its tensor too") {
  // `pl.load(pl.store(t, [0, 0], o), ...)`: the store writes o even though the load only reads its
  // result. `check` accepted it and flatten-call-expr's output (the store on its own line) then
  // failed the same check (walker audit 2026-12-05 F2).
  const std::string nested =
      "        t = pl.load(a, [0, 0], [16, 32])\n"
      "        u = pl.load(pl.store(t, [0, 0], o), [0, 0], [16, 32])\n"
      "        return a\n";
  CHECK(verify_text(kernel_program(kTwo, nested, "a, b")) ==
        "k.py:6:21: error: tile.store writes 'o', a view of In parameter 'o'; a callee may write only Out/InOut "
        "parameters (declare it pl.Out or pl.InOut)\n");
  CHECK(verify_text(kernel_program(kTwoOut, nested, "a, b")) == "");
  // In a loop bound and an if condition (scalar positions: a read of the stored tensor's element).
  const std::string in_cond =
      "        t = pl.load(a, [0, 0], [16, 32])\n"
      "        if pl.tensor.read(pl.store(t, [0, 0], o), [0, 0]) > 0.0:\n"
      "            d = pl.yield_(a)\n"
      "        else:\n"
      "            d = pl.yield_(a)\n"
      "        return d\n";
  CHECK(verify_text(kernel_program(kTwo, in_cond, "a, b")).find("tile.store writes 'o', a view of In parameter 'o'") !=
        std::string::npos);
  CHECK(verify_text(kernel_program(kTwoOut, in_cond, "a, b")) == "");
}

TEST_CASE("kernels: views of an In parameter through slices, stores, loops and branches") {
  // A slice of the In parameter, then a store into the slice.
  const std::string slice =
      "        w = pl.tensor.slice(o, [8, 32], [8, 0])\n"
      "        t = pl.load(a, [0, 0], [8, 32])\n"
      "        r = pl.store(t, [0, 0], w)\n"
      "        return o\n";
  CHECK(verify_text(kernel_program(kTwo, slice, "a, b")) ==
        "k.py:7:13: error: tile.store writes 'w', a view of In parameter 'o'; a callee may write only Out/InOut "
        "parameters (declare it pl.Out or pl.InOut)\n");
  CHECK(verify_text(kernel_program(kTwoOut, slice, "a, b")) == "");
  // A loop carrying the In parameter: the store in the body writes it (found through the iter arg).
  const std::string loop =
      "        t = pl.load(a, [0, 0], [16, 32])\n"
      "        for i, (acc,) in pl.range(2, init_values=(o,)):\n"
      "            nxt = pl.store(t, [0, 0], acc)\n"
      "            res = pl.yield_(nxt)\n"
      "        return res\n";
  CHECK(verify_text(kernel_program(kTwo, loop, "a, b")) ==
        "k.py:7:19: error: tile.store writes 'acc', a view of In parameter 'o'; a callee may write only Out/InOut "
        "parameters (declare it pl.Out or pl.InOut)\n");
  CHECK(verify_text(kernel_program(kTwoOut, loop, "a, b")) == "");
  // A branch yields the In parameter in one arm; the store after the If writes it.
  const std::string branch =
      "        t = pl.load(a, [0, 0], [16, 32])\n"
      "        if True:\n"
      "            d = pl.yield_(a)\n"
      "        else:\n"
      "            d = pl.yield_(o)\n"
      "        r = pl.store(t, [0, 0], d)\n"
      "        return r\n";
  CHECK(verify_text(kernel_program(kTwoOut, branch, "a, b")) ==
        "k.py:10:13: error: tile.store writes 'd', a view of In parameter 'a'; a callee may write only Out/InOut "
        "parameters (declare it pl.Out or pl.InOut)\n");
  // Text read as written (a name rebound): the store writes whatever `dst` holds, here `a`.
  const std::string rebound =
      "        t = pl.load(a, [0, 0], [16, 32])\n"
      "        dst = o\n"
      "        dst = a\n"
      "        r = pl.store(t, [0, 0], dst)\n"
      "        return o\n";
  CHECK(verify_text(kernel_program(kTwoOut, rebound, "a, b")) ==
        "k.py:8:13: error: tile.store writes 'dst', a view of In parameter 'a'; a callee may write only Out/InOut "
        "parameters (declare it pl.Out or pl.InOut)\n");
}

TEST_CASE("kernels: an In view passed as an Out argument; orchestration entries and uncalled Groups are not judged") {
  const std::string group =
      "@pl.program\n"
      "class P:\n"
      "    @pl.function(type=pl.FunctionType.AIV)\n"
      "    def v(self, x: pl.Tensor[[16, 32], pl.FP32], y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        t = pl.load(x, [0, 0], [16, 32])\n"
      "        r = pl.store(t, [0, 0], y)\n"
      "        return r\n"
      "\n"
      "    @pl.function(type=pl.FunctionType.Group)\n"
      "    def g(self, x: pl.Tensor[[16, 32], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        r = self.v(x, y)\n"
      "        return r\n"
      "\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        c = pl.tensor.assemble(a, b, [0, 0])\n"
      "        q = self.g(c, b)\n"
      "        return q\n";
  CHECK(verify_text(group) ==
        "k.py:11:18: error: passes 'y', a view of In parameter 'y', as Out argument 'y' of 'v'; a callee may write "
        "only Out/InOut parameters (declare it pl.Out or pl.InOut)\n");
  // The same Group uncalled is an entry: its parameters are the host's buffers (docs/semantics.md).
  std::string entry = group;
  const std::string call_g = "        q = self.g(c, b)\n        return q\n";
  entry.replace(entry.find(call_g), call_g.size(), "        return c\n");
  CHECK(verify_text(entry) == "");
  // Declared Out, the Group passes it on.
  std::string out = group;
  out.replace(out.find("y: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n        r = self.v"), 31,
              "y: pl.Out[pl.Tensor[[16, 32], pl.FP32]]");
  CHECK(verify_text(out) == "");
}

TEST_CASE("text: annotated literals that fit their width, and float literals of any float width, are accepted") {
  const std::string src =
      "@pl.program\n"
      "class P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INT8]:\n"
      "        a: pl.Scalar[pl.INT8] = -128\n"
      "        b: pl.Scalar[pl.UINT8] = 255\n"
      "        c: pl.Scalar[pl.INT32] = 2147483647\n"
      "        h: pl.Scalar[pl.FP16] = 1.5\n"
      "        g: pl.Scalar[pl.BF16] = -0.25\n"
      "        i: pl.Scalar[pl.INDEX] = n * 2\n"
      "        return a\n";
  CHECK(verify_text(src) == "");
}

// PyPTO's user docs state these rules of the task API and the control flow; an audit of the docs
// (2026-12-05) found each accepted. Each is refused now, next to the form the docs allow.
namespace {
std::string tasks_program(const std::string& main_body, const std::string& main_params = "") {
  return "@pl.program\nclass P:\n"
         "    @pl.function(type=pl.FunctionType.InCore)\n"
         "    def k1(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:\n"
         "        return x\n\n"
         "    @pl.function(type=pl.FunctionType.Orchestration)\n"
         "    def main(self, x: pl.Tensor[[64, 64], pl.FP32]" + main_params + ") -> pl.Tensor[[64, 64], pl.FP32]:\n" +
         main_body;
}
}  // namespace

TEST_CASE("docs: pl.manual_scope() is Orchestration-only and does not nest") {
  // tasks/01-scopes: "manual_scope may not nest inside manual_scope | The runtime forbids it".
  CHECK(verify_text(tasks_program("        with pl.manual_scope():\n            with pl.manual_scope():\n"
                                  "                a, tid = pl.submit(self.k1, x)\n        return a\n")) ==
        "k.py:10:13: error: pl.manual_scope() may not nest inside another pl.manual_scope() (the runtime forbids it)\n");
  CHECK(verify_text(tasks_program("        with pl.manual_scope():\n            a, tid = pl.submit(self.k1, x)\n"
                                  "        with pl.manual_scope():\n            b, t2 = pl.submit(self.k1, a, deps=[tid])\n"
                                  "        return b\n")) == "");
  // "Orchestration only | A scope belongs to the control plane; it is not valid in an InCore function".
  CHECK(verify_text("@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
                    "    def k(self, x: pl.Tensor[[64, 64], pl.FP32], o: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> "
                    "pl.Tensor[[64, 64], pl.FP32]:\n"
                    "        with pl.manual_scope():\n            t = pl.load(x, [0, 0], [64, 64])\n"
                    "            r = pl.store(t, [0, 0], o)\n        return r\n") ==
        "k.py:5:9: error: pl.manual_scope() belongs to the orchestration; it is not valid in InCore function 'k'\n");
}

TEST_CASE("docs: pl.submit's timing_slot=, deps= and predicate= as the tasks pages spell them") {
  // tasks/02-submit: "timing_slot=N (N is an integer literal from 0 through 15)".
  CHECK(verify_text(tasks_program("        a, tid = pl.submit(self.k1, x, timing_slot=16)\n        return a\n")) ==
        "k.py:9:18: error: pl.submit timing_slot= must be an integer literal from 0 through 15\n");
  CHECK(verify_text(tasks_program("        a, tid = pl.submit(self.k1, x, timing_slot=-1)\n        return a\n")) ==
        "k.py:9:18: error: pl.submit timing_slot= must be an integer literal from 0 through 15\n");
  CHECK(verify_text(tasks_program("        a, tid = pl.submit(self.k1, x, timing_slot=0)\n"
                                  "        b, t2 = pl.submit(self.k1, a, timing_slot=15)\n        return b\n")) == "");
  // "A TaskId reached by indexing that flat tuple cannot feed deps=" / "deps= entries must be a TaskId variable".
  CHECK(verify_text(tasks_program("        with pl.manual_scope():\n            res = pl.submit(self.k1, x)\n"
                                  "            b, _ = pl.submit(self.k1, x, deps=[res[1]])\n        return b\n")) ==
        "k.py:11:51: error: deps= entries must be a TaskId variable: a TaskId reached by indexing a submit's result "
        "cannot feed deps= (bind it to a name first: tid = res[1])\n");
  CHECK(verify_text(tasks_program("        with pl.manual_scope():\n            res = pl.submit(self.k1, x)\n"
                                  "            tid = res[1]\n"
                                  "            b, _ = pl.submit(self.k1, x, deps=[tid])\n        return b\n")) == "");
  // tasks/03-tuning: "Only tensor[indices] OP int-literal is expressible: one comparison ... No chained
  // comparisons, no arithmetic, no boolean combination".
  const std::string c = ", c: pl.Tensor[[4], pl.INT32], n: pl.Scalar[pl.INDEX]";
  const std::string refused =
      "pl.submit predicate= must be one comparison 'tensor[indices] OP int-literal' (==, !=, >, <, >=, <=): no "
      "arithmetic, no boolean combination, no chained comparison; reduce anything richer to one gate value in a "
      "prior kernel\n";
  for (const char* bad : {"(n > 0)", "(c[0] > 0 and c[1] > 0)", "(c[0] + 1 > 0)", "(c[0] > 0.5)", "(c[0])"}) {
    CAPTURE(bad);
    const std::string out = verify_text(tasks_program(
        std::string("        b, _ = pl.submit(self.k1, x, predicate=") + bad + ")\n        return b\n", c));
    CHECK(out.find(refused) != std::string::npos);
    CHECK(out.rfind("k.py:9:", 0) == 0);
  }
  for (const char* good : {"(c[0] > 0)", "(c[3] == 7)", "(c[n] != -1)", "(c[1] <= 2)"}) {
    CAPTURE(good);
    CHECK(verify_text(tasks_program(
              std::string("        b, _ = pl.submit(self.k1, x, predicate=") + good + ")\n        return b\n", c)) == "");
  }
}

TEST_CASE("docs: pl.while_ requires init_values") {
  // language/02-control-flow: "pl.while_ always requires init_values".
  const std::string head = "@pl.program\nclass P:\n    @pl.function\n"
                           "    def f(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n";
  CHECK(verify_text(head + "        for () in pl.while_():\n            pl.cond(n < 10)\n        return n\n") ==
        "k.py:5:9: error: pl.while_ requires init_values: carry the state the condition reads (e.g. a counter)\n");
  CHECK(verify_text(head + "        for (i,) in pl.while_(init_values=(n,)):\n            pl.cond(i < 10)\n"
                           "            i2 = pl.yield_(i + 1)\n        return i2\n") == "");
}

TEST_CASE("docs: a scalar computed from device data inside pl.at(CORE_GROUP) is not read after the scope") {
  // language/01-functions: "The same rule applies to a scalar you assign inside with pl.at(...) and
  // read after it ... when it depends on device data, it asks you to route it through a tensor".
  const std::string head =
      "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]], "
      "n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 64], pl.FP32]:\n"
      "        with pl.at(level=pl.Level.CORE_GROUP):\n"
      "            t = pl.load(x, [0, 0], [64, 64])\n";
  CHECK(verify_text(head + "            s = pl.tile.read(t, [0, 0])\n"
                           "        o2 = pl.tensor.write(out, [0, 0], s)\n        return o2\n") ==
        "k.py:8:14: error: 's' is a scalar computed from device data inside the pl.at(level=CORE_GROUP) scope at "
        "5:9 and read after it: the scope becomes a kernel, and a kernel cannot return a scalar; route it "
        "through a tensor\n");
  // Carried out of a loop inside the scope, and computed from such a scalar: still device data.
  CHECK(verify_text(head + "            for i, (a,) in pl.range(4, init_values=(0.0,)):\n"
                           "                v = pl.tile.read(t, [i, 0])\n"
                           "                a2 = pl.yield_(a + v)\n"
                           "            w = a2 * 2.0\n"
                           "        o2 = pl.tensor.write(out, [0, 0], w)\n        return o2\n")
            .find("'w' is a scalar computed from device data") != std::string::npos);
  // Routed through a tensor (the docs' fix), or used inside the scope only, or not device data.
  CHECK(verify_text(head + "            s = pl.tile.read(t, [0, 0])\n"
                           "            u = pl.tile.adds(t, s)\n"
                           "            r = pl.store(u, [0, 0], out)\n"
                           "            m = n * 2\n"
                           "        k = m + 1\n        return r\n") == "");
}

namespace {
// Two kernels writing their Out parameter, and an orchestration body (line 17 on).
std::string predicate_program(const std::string& main_body) {
  return "@pl.program\nclass P:\n"
         "    @pl.function(type=pl.FunctionType.InCore)\n"
         "    def gate(self, x: pl.Tensor[[4], pl.INT32], rc: pl.Out[pl.Tensor[[4], pl.INT32]]) -> "
         "pl.Tensor[[4], pl.INT32]:\n"
         "        t = pl.load(x, [0], [4])\n"
         "        r = pl.store(t, [0], rc)\n"
         "        return r\n\n"
         "    @pl.function(type=pl.FunctionType.InCore)\n"
         "    def k(self, x: pl.Tensor[[4], pl.INT32], o: pl.Out[pl.Tensor[[4], pl.INT32]]) -> "
         "pl.Tensor[[4], pl.INT32]:\n"
         "        t = pl.load(x, [0], [4])\n"
         "        r = pl.store(t, [0], o)\n"
         "        return r\n\n"
         "    @pl.function(type=pl.FunctionType.Orchestration)\n"
         "    def main(self, x: pl.Tensor[[4], pl.INT32], rc: pl.Out[pl.Tensor[[4], pl.INT32]], "
         "o: pl.Out[pl.Tensor[[4], pl.INT32]]) -> pl.Tensor[[4], pl.INT32]:\n" +
         main_body;
}
const char* kStale =
    "error: the predicate reads '{}', whose producer is not in this submit's deps= (the dispatch-point read could see "
    "stale data; PyPTO tasks/03-tuning: the operand tensor's producer must be one of this submit's deps=): ";
std::string stale(const std::string& at, const std::string& tensor, const std::string& fix) {
  std::string head = kStale;
  head.replace(head.find("{}"), 2, tensor);
  return "k.py:" + at + ": " + head + fix + "\n";
}
}  // namespace

TEST_CASE("docs: a predicate's producer must be in deps= where that is statically provable") {
  // tasks/03-tuning: "Contract: the operand tensor's producer must be one of this submit's deps= ...
  // The parser enforces this where it is statically provable"; its pitfall: "predicate= over a tensor
  // whose producer is not in this submit's deps= reads whatever happened to be in memory".
  const std::string submit_gate = "        rc2, g = pl.submit(self.gate, x, rc)\n";
  // Located at the comparison's operator; the producer at its call (a submit at `pl`, a call at its name).
  // Missing: the producer's TaskId is bound but not named.
  CHECK(verify_text(predicate_program(submit_gate +
                                      "        o2, d = pl.submit(self.k, x, o, predicate=(rc2[0] > 0))\n"
                                      "        return o2\n")) ==
        stale("18:59", "rc2", "it was written by pl.submit(self.gate, ...) at 17:18; add its TaskId: deps=[g]"));
  // Named: accepted.
  CHECK(verify_text(predicate_program(submit_gate +
                                      "        o2, d = pl.submit(self.k, x, o, deps=[g], predicate=(rc2[0] > 0))\n"
                                      "        return o2\n")) == "");
  // Another task's TaskId only.
  CHECK(verify_text(predicate_program("        a, t0 = pl.submit(self.k, x, o)\n" + submit_gate +
                                      "        o2, d = pl.submit(self.k, a, o, deps=[t0], predicate=(rc2[0] > 0))\n"
                                      "        return o2\n")) ==
        stale("19:70", "rc2", "it was written by pl.submit(self.gate, ...) at 18:18; add its TaskId: deps=[..., g]"));
  // The Out argument itself, read after the submit that writes it.
  CHECK(verify_text(predicate_program(submit_gate +
                                      "        o2, d = pl.submit(self.k, x, o, predicate=(rc[0] > 0))\n"
                                      "        return o2\n")) ==
        stale("18:58", "rc", "it was written by pl.submit(self.gate, ...) at 17:18; add its TaskId: deps=[g]"));
  // A view of the produced tensor has the same producer.
  CHECK(verify_text(predicate_program(submit_gate + "        v = pl.tensor.slice(rc2, [2], [2])\n"
                                      "        o2, d = pl.submit(self.k, x, o, predicate=(v[0] > 0))\n"
                                      "        return o2\n")) ==
        stale("19:57", "v", "it was written by pl.submit(self.gate, ...) at 17:18; add its TaskId: deps=[g]"));
  // A plain kernel call has no TaskId to name.
  CHECK(verify_text(predicate_program("        rc2 = self.gate(x, rc)\n"
                                      "        o2, d = pl.submit(self.k, x, o, predicate=(rc2[0] > 0))\n"
                                      "        return o2\n")) ==
        stale("18:59", "rc2",
              "it was written by the kernel call self.gate at 17:20, which has no TaskId to name: submit it "
              "(`..., tid = pl.submit(self.gate, ...)`) and add deps=[tid]"));
  // The whole flat tuple in one name: the TaskId was never bound.
  CHECK(verify_text(predicate_program("        res = pl.submit(self.gate, x, rc)\n        rc2 = res[0]\n"
                                      "        o2, d = pl.submit(self.k, x, o, predicate=(rc2[0] > 0))\n"
                                      "        return o2\n")) ==
        stale("19:59", "rc2",
              "it was written by pl.submit(self.gate, ...) at 17:15, whose TaskId is not bound to a name: bind it "
              "(`..., tid = pl.submit(...)`) and add deps=[tid]"));
  // Bound from the flat tuple by name: accepted.
  CHECK(verify_text(predicate_program("        res = pl.submit(self.gate, x, rc)\n        rc2 = res[0]\n"
                                      "        g = res[1]\n"
                                      "        o2, d = pl.submit(self.k, x, o, deps=[g], predicate=(rc2[0] > 0))\n"
                                      "        return o2\n")) == "");
  // Not provable, accepted: a parameter no call wrote; a producer in a loop the submit is not in.
  CHECK(verify_text(predicate_program("        o2, d = pl.submit(self.k, x, o, predicate=(x[0] > 0))\n"
                                      "        return o2\n")) == "");
  CHECK(verify_text(predicate_program("        for i, (r,) in pl.range(2, init_values=(rc,)):\n"
                                      "            r2, g = pl.submit(self.gate, x, r)\n"
                                      "            r3 = pl.yield_(r2)\n"
                                      "        o2, d = pl.submit(self.k, x, o, predicate=(r3[0] > 0))\n"
                                      "        return o2\n")) == "");
  // In the same loop body it is provable again.
  CHECK(verify_text(predicate_program("        for i, (r,) in pl.range(2, init_values=(o,)):\n"
                                      "            rc2, g = pl.submit(self.gate, x, rc)\n"
                                      "            o2, d = pl.submit(self.k, x, r, predicate=(rc2[0] > 0))\n"
                                      "            o3 = pl.yield_(o2)\n"
                                      "        return o3\n")) ==
        stale("19:63", "rc2", "it was written by pl.submit(self.gate, ...) at 18:22; add its TaskId: deps=[g]"));
  // Automatic tracking orders a task after the producer of its own argument; a manual scope does not.
  CHECK(verify_text(predicate_program(submit_gate +
                                      "        o2, d = pl.submit(self.k, rc2, o, predicate=(rc2[0] > 0))\n"
                                      "        return o2\n")) == "");
  CHECK(verify_text(predicate_program("        with pl.manual_scope():\n    " + submit_gate +
                                      "            o2, d = pl.submit(self.k, rc2, o, predicate=(rc2[0] > 0))\n"
                                      "        return o2\n")) ==
        stale("19:65", "rc2", "it was written by pl.submit(self.gate, ...) at 18:22; add its TaskId: deps=[g]"));
  // Text that rebinds a name, as people write it: the name holds the submit's result.
  CHECK(verify_text(predicate_program("        rc, g = pl.submit(self.gate, x, rc)\n"
                                      "        o, d = pl.submit(self.k, x, o, predicate=(rc[0] > 0))\n"
                                      "        return o\n")) ==
        stale("18:57", "rc", "it was written by pl.submit(self.gate, ...) at 17:17; add its TaskId: deps=[g]"));
  CHECK(verify_text(predicate_program("        rc, g = pl.submit(self.gate, x, rc)\n"
                                      "        o, d = pl.submit(self.k, x, o, deps=[g], predicate=(rc[0] > 0))\n"
                                      "        return o\n")) == "");
}

TEST_CASE("a predicate's producer, as the re-audit wrote them (aud7 F5-F8)") {
  // F5: the argument rc is the tensor gate wrote (its result is rc2): automatic tracking orders it.
  CHECK(verify_text(predicate_program("        rc2, g = pl.submit(self.gate, x, rc)\n"
                                      "        o2, d = pl.submit(self.k, rc, o, predicate=(rc2[0] > 0))\n"
                                      "        return o2\n")) == "");
  // F6: a copy of the producer's TaskId.
  CHECK(verify_text(predicate_program("        rc2, g = pl.submit(self.gate, x, rc)\n        g2 = g\n"
                                      "        o2, d = pl.submit(self.k, x, o, deps=[g2], predicate=(rc2[0] > 0))\n"
                                      "        return o2\n")) == "");
  // F7: written through a copy of the tensor the predicate reads, in a manual scope.
  CHECK(verify_text(predicate_program("        with pl.manual_scope():\n            v = rc\n"
                                      "            v2, g = pl.submit(self.gate, x, v)\n"
                                      "            o2, d = pl.submit(self.k, x, o, predicate=(rc[0] > 0))\n"
                                      "        return o2\n")) ==
        stale("20:62", "rc", "it was written by pl.submit(self.gate, ...) at 19:21; add its TaskId: deps=[g]"));
  // F8: the predicate reads a projection of the flat tuple.
  CHECK(verify_text(predicate_program("        res = pl.submit(self.gate, x, rc)\n"
                                      "        o2, d = pl.submit(self.k, x, o, predicate=(res[0][0] > 0))\n"
                                      "        return o2\n")) ==
        stale("18:62", "res[0]",
              "it was written by pl.submit(self.gate, ...) at 17:15, whose TaskId is not bound to a name: bind it "
              "(`..., tid = pl.submit(...)`) and add deps=[tid]"));
  // A TaskId of unknown origin (a parameter) may be the producer's: not provable.
  std::string with_t = predicate_program("        rc2, g = pl.submit(self.gate, x, rc)\n"
                                         "        o2, d = pl.submit(self.k, x, o, deps=[t], predicate=(rc2[0] > 0))\n"
                                         "        return o2\n");
  const std::string last_param = "o: pl.Out[pl.Tensor[[4], pl.INT32]])";
  const std::size_t at = with_t.rfind(last_param);
  REQUIRE(at != std::string::npos);
  with_t.replace(at, last_param.size(), "o: pl.Out[pl.Tensor[[4], pl.INT32]], t: pl.Scalar[pl.TASK_ID])");
  CHECK(verify_text(with_t) == "");
}

TEST_CASE("docs: unpacking a pl.submit names the kernel's result count (tasks/02-submit)") {
  // "unpacks 1 result value(s) but kernel returns 0 | The kernel writes an Out parameter and declares
  // no return type | Unpack only what the kernel returns".
  const std::string head = "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
                           "    def k0(self, x: pl.Tensor[[4], pl.INT32], o: pl.Out[pl.Tensor[[4], pl.INT32]]):\n"
                           "        t = pl.load(x, [0], [4])\n        pl.store(t, [0], o)\n\n"
                           "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                           "    def main(self, x: pl.Tensor[[4], pl.INT32], o: pl.Tensor[[4], pl.INT32]) -> "
                           "pl.Tensor[[4], pl.INT32]:\n";
  auto r = ptorw::text::parse_program(head + "        _, tid = pl.submit(self.k0, x, o)\n        return o\n", "k.py");
  REQUIRE_FALSE(r.ok());
  CHECK(text(r.errors) ==
        "k.py:10:9: error: pl.submit of self.k0 unpacks 1 result value(s) but the kernel returns 0: bind the TaskId "
        "alone (tid = pl.submit(...))\n");
  CHECK(ptorw::text::parse_program(head + "        tid = pl.submit(self.k0, x, o)\n        return o\n", "k.py").ok());
  auto r2 = ptorw::text::parse_program(
      head + "        a, b, tid = pl.submit(self.k0, x, o)\n        return o\n", "k.py");
  REQUIRE_FALSE(r2.ok());
  CHECK(text(r2.errors).find("unpacks 2 result value(s) but the kernel returns 0") != std::string::npos);
}
}  // namespace ut_verify_test
