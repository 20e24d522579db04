// The verifier's fast paths (ir/verify_fast.hpp): each one accepts what it should and leaves every
// diagnostic where the general path puts it, including on programs large enough to grow the tables.
#include <doctest/doctest.h>

#include <string>

#include "ir_samples.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/visit/flat_seq.hpp"

using namespace samples;
using ptorw::Diagnostics;
using namespace ptorw::ir::verify_detail;

namespace {
std::string text(const Diagnostics& ds) {
  std::string s;
  for (const auto& d : ds) s += d.str() + "\n";
  return s;
}
ProgramPtr fprog(std::vector<Param> params, std::vector<Stmt> body) {
  return program({function("f", FunctionType::Opaque, std::move(params), {}, std::move(body), {}, {1, 5})});
}
Expr ivar(const std::string& name, Span sp) { return make_var(name, index_t(), sp); }
Expr add1(Expr x, Span sp) { return bin(BinOp::Add, std::move(x), idx(1), sp); }
Span at(std::size_t line, std::uint32_t col = 5) { return {static_cast<std::uint32_t>(line), col}; }
}  // namespace

TEST_CASE("op fast path: accepts exactly what check_and_infer accepts, for every op and operand mix") {
  // Operands of every kind the signatures name, and lists of 0-3 elements.
  auto t2 = make_var("t2", tensor_t({32, 64}), {1, 1});
  auto t1 = make_var("t1", tensor_t({64}), {1, 1});
  auto tile = make_var("tl", tile_t({32, 64}), {1, 1});
  auto s = make_var("s", index_t(), {1, 1});
  auto f = make_var("f", scalar_type(DType::FP32), {1, 1});
  auto ptr = make_var("p", make_type(PtrType{}), {1, 1});
  auto buf = make_var("b", make_type(BufferType{{idx(16)}, DType::FP32, MemSpace::Vec, {}}), {1, 1});
  auto unk = make_var("u", unknown_type(), {1, 1});
  std::vector<Expr> pool{t2, t1, tile, s, f, ptr, buf, unk, list({}), list({idx(0)}), list({idx(0), idx(0)}),
                         list({idx(1), idx(2), idx(3)})};
  std::vector<Kwargs> kwargs{{},
                             {{"dtype", DType::FP32}},
                             {{"target_memory", MemSpace::Vec}},
                             {{"memory_space", MemSpace::Vec}},
                             {{"dtype", DType::FP16}, {"layout", TensorLayout::ND}},
                             {{"bogus", true}}};
  int accepted = 0, rejected = 0, unsure = 0;
  for (const OpDef& d : all_ops()) {
    OpSig sig(&d);
    auto [req, max] = operand_arity(d.operands);
    for (int n = std::max(0, req - 1); n <= max + 1; ++n) {
      // Every operand list of length n over the pool would be too many; vary one position at a
      // time around a base list that fits the signature where it can.
      std::vector<Expr> base;
      for (int i = 0; i < n; ++i) {
        char k = operand_kind(d.operands, static_cast<std::size_t>(i));
        base.push_back(k == 'T' ? tile : k == 'N' ? t2 : k == 'S' ? s : k == 'L' ? list({idx(0), idx(0)})
                       : k == 'P' ? ptr : k == 'B' ? buf : t2);
      }
      for (int pos = -1; pos < n; ++pos)
        for (std::size_t v = 0; v < (pos < 0 ? 1 : pool.size()); ++v) {
          auto args = base;
          if (pos >= 0) args[static_cast<std::size_t>(pos)] = pool[v];
          for (const auto& kw : kwargs) {
            CAPTURE(d.name);
            CAPTURE(n);
            CAPTURE(pos);
            CAPTURE(v);
            const bool fast = op_surely_ok(sig, args, kw);
            const bool ok = check_and_infer(d, args, kw).error.empty();
            if (fast) CHECK(ok);  // never says yes where the registry says no
            (fast ? accepted : ok ? unsure : rejected) += 1;
          }
        }
    }
  }
  CHECK(accepted > 500);  // it does decide the common cases (638 when written)
  CHECK(rejected > 1000);
  MESSAGE("op fast path: " << accepted << " accepted, " << rejected << " rejected, " << unsure
                           << " left to check_and_infer though it accepts");
}

TEST_CASE("op fast path: the ops it decides still report their errors, at the call") {
  auto src = make_var("src", tensor_t({32, 64}), {1, 11});
  // tensor.slice: offsets of the wrong rank.
  auto bad_slice = raw_op("tensor.slice", {src, list({idx(8), idx(8)}), list({idx(0)})}, tensor_t({8, 8}), {}, {2, 13});
  auto good_slice = op("tensor.slice", {src, list({idx(8), idx(8)}), list({idx(0), idx(0)})}, {}, {2, 13});
  CHECK(verify(*fprog({{src}}, {assign(var_for("w", good_slice, {2, 9}), good_slice, {2, 9})})).empty());
  auto ds = verify(*fprog({{src}}, {assign(var_for("w", bad_slice, {2, 9}), bad_slice, {2, 9})}));
  CHECK(text(ds) == "t.py:2:13: error: tensor.slice shape and offset must have the rank of the source (2)\n");
  // tensor.create without dtype=.
  auto bad_create = raw_op("tensor.create", {list({idx(8)})}, tensor_t({8}), {}, {3, 13});
  ds = verify(*fprog({}, {assign(var_for("c", bad_create, {3, 9}), bad_create, {3, 9})}));
  CHECK(text(ds) == "t.py:3:13: error: tensor.create needs dtype=\n");
  // tile.load with offsets of the wrong rank; the same call with the right rank is clean.
  auto bad_load = raw_op("tile.load", {src, list({idx(0)}), list({idx(8), idx(8)})}, tile_t({8, 8}), {}, {4, 13});
  ds = verify(*fprog({{src}}, {assign(var_for("t", bad_load, {4, 9}), bad_load, {4, 9})}));
  CHECK(text(ds) == "t.py:4:13: error: tile.load offsets must have the rank of the tensor (2)\n");
  auto good_load = op("tile.load", {src, list({idx(0), idx(0)}), list({idx(8), idx(8)})}, {}, {4, 13});
  CHECK(verify(*fprog({{src}}, {assign(var_for("t", good_load, {4, 9}), good_load, {4, 9})})).empty());
}

TEST_CASE("StmtCursor yields what FlatStmts yields (nested, empty and null bodies)") {
  auto a = [](int line) { return eval(idx(line), at(static_cast<std::size_t>(line))); };
  std::vector<Stmt> roots{
      nullptr,
      a(1),
      seq({}),
      seq({a(1), nullptr, seq({}), seq({a(2), seq({a(3), nullptr}), a(4)}), a(5), seq({seq({})})}),
      seq({seq({seq({a(1)})}), a(2), a(3), a(4), a(5), a(6), a(7), a(8)}),
  };
  StmtCursor::Stack stack;
  for (const Stmt& r : roots) {
    ptorw::visit::FlatStmts want(r);
    StmtCursor got(r, stack);
    for (;;) {
      const Stmt* w = want.next();
      const Stmt* g = got.next();
      CHECK(w == g);
      if (!w || !g) break;
      // A cursor over a nested body, used up while this one waits (as the verifier nests them).
      ptorw::visit::FlatStmts inner_want(roots[3]);
      StmtCursor inner(roots[3], stack);
      while (const Stmt* x = inner_want.next()) CHECK(inner.next() == x);
      CHECK(inner.next() == nullptr);
    }
  }
  CHECK(stack.empty());
}

TEST_CASE("big bodies: defined twice and use before definition are found across grown tables") {
  // More definitions than one chunk of the definition table and several table growths; the
  // errors point at the same places as on a small body.
  const std::size_t n = 40000;
  std::vector<Stmt> body;
  std::vector<Expr> vars;
  for (std::size_t i = 0; i < n; ++i) {
    auto v = ivar("v" + std::to_string(i), at(i + 2));
    body.push_back(assign(v, i ? add1(vars.back(), at(i + 2, 9)) : idx(0), at(i + 2)));
    vars.push_back(v);
  }
  CHECK(verify(*fprog({}, body)).empty());

  auto twice = body;
  twice.push_back(assign(vars[3], idx(1), at(n + 2)));  // v3 again, 40k definitions later
  CHECK(text(verify(*fprog({}, twice))) ==
        "t.py:" + std::to_string(n + 2) + ":5: error: 'v3' is defined twice (first at 5:5)\n");

  auto early = body;
  auto late = ivar("late", at(n + 2));
  early.insert(early.begin() + 10, eval(add1(late, at(12, 9)), at(12)));  // used long before defined
  early.push_back(assign(late, idx(7), at(n + 2)));
  CHECK(text(verify(*fprog({}, early))) ==
        "t.py:12:9: error: use of 'late' before its definition (defined at " + std::to_string(n + 2) + ":5)\n");
}

TEST_CASE("memo of compatible(): a mismatch after many matches of the same types is still reported") {
  auto x = make_var("x", tensor_t({64}), {20, 17});
  auto o = make_var("o", tensor_t({64}), {20, 40});
  auto k = function("k", FunctionType::InCore, {{x}, {o, Direction::Out}}, {tensor_t({64})}, {ret({o}, {21, 9})}, {},
                    {19, 5});
  auto a = make_var("a", tensor_t({64}), {1, 11});
  auto wrong = make_var("w", tensor_t({32}), {1, 30});
  std::vector<Stmt> body;
  for (int i = 0; i < 300; ++i) body.push_back(eval(call("k", {a, a}, tensor_t({64}), at(static_cast<std::size_t>(i) + 2, 9)), at(static_cast<std::size_t>(i) + 2)));
  auto p = program({k, function("f", FunctionType::Orchestration, {{a}, {wrong}}, {}, body, {}, {1, 5})});
  CHECK(verify(*p).empty());
  body.push_back(eval(call("k", {wrong, a}, tensor_t({64}), at(400, 9)), at(400)));
  p = program({k, function("f", FunctionType::Orchestration, {{a}, {wrong}}, {}, body, {}, {1, 5})});
  CHECK(text(verify(*p)) == "t.py:400:9: error: argument 1 of 'k' has type pl.Tensor[[32], pl.FP32] but parameter "
                            "'x' expects pl.Tensor[[64], pl.FP32]\n");
}

TEST_CASE("memo of variable-free types: a type naming a variable is checked at every definition") {
  auto dim = make_var("M", index_t(), {1, 1});
  Type t = make_type(TensorType{{dim}, DType::FP32, {}, {}});  // one interned type, used twice
  auto plain = make_var("p", tensor_t({8}), {2, 11});
  auto u = make_var("u", t, {3, 5});
  auto v = make_var("v", t, {4, 5});
  auto p = fprog({{plain}}, {assign(u, plain, {3, 5}), assign(v, plain, {4, 5})});
  CHECK(text(verify(*p)) == "t.py:3:5: error: type of 'u' refers to undefined variable 'M'\n"
                            "t.py:4:5: error: type of 'v' refers to undefined variable 'M'\n");
  std::const_pointer_cast<Program>(p)->dyn_dims = {dim};
  CHECK(verify(*p).empty());
}
