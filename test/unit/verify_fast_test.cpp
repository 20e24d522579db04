// The verifier's fast paths (ir/verify_fast.hpp): each one accepts what it should and leaves every
// diagnostic where the general path puts it, including on programs large enough to grow the tables.
#include <doctest/doctest.h>

#include <array>
#include <map>
#include <string>
#include <tuple>

#include "ir_samples.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/ir/verify_impl.hpp"  // the verifier's internals under test (verify_detail)
#include "ptorw/visit/flat_seq.hpp"
namespace ut_verify_fast_test {  // one namespace per file: the suite builds as one unity TU

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
  CHECK(text(ds) == "t.py:2:13: error: tensor.slice offset must have the rank of the source (2)\n");
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

TEST_CASE("op fast path: a call it accepts is still judged by the operand rules of its row") {
  // The three calls of issue 14 pass check_and_infer, so the fast path proves them fine for it; the
  // verifier must still report the rule each breaks, after many calls of the same op that keep it.
  auto f32 = make_var("a", tile_t({16, 32}), {1, 11});
  auto f16 = make_var("b", tile_t({16, 32}, DType::FP16), {1, 30});
  auto narrow = make_var("c", tile_t({16, 16}), {1, 50});
  auto t = make_var("t", tensor_t({16, 32}), {1, 70});
  struct Case {
    const char* op;
    std::vector<Expr> args;
    std::string message;
  };
  const Case cases[] = {
      {"tile.add", {f32, f16}, "tile.add operand 2 ('b') has dtype pl.FP16 but operand 1 ('a') has pl.FP32"},
      {"tile.add", {f32, narrow}, "tile.add operand 2 ('c') has shape [16, 16] but operand 1 ('a') has [16, 32]"},
      {"tile.load", {t, list({idx(8), idx(0)}), list({idx(16), idx(32)})},
       "tile.load window [8, 24) in dimension 0 is outside operand 1 ('t') of shape [16, 32]"},
  };
  for (const Case& c : cases) {
    CAPTURE(c.message);
    const OpDef* d = find_op(c.op);
    REQUIRE(d);
    CHECK(op_surely_ok(OpSig(d), c.args, {}));  // the fast path does answer for these calls
    CHECK(check_and_infer(*d, c.args, {}).error.empty());
    std::vector<Stmt> body;
    const std::size_t good = 300;
    for (std::size_t i = 0; i < good; ++i) {
      auto ok = c.op == std::string("tile.add") ? op("tile.add", {f32, f32}, {}, at(i + 2, 13))
                                                : op("tile.load", {t, list({idx(0), idx(0)}), list({idx(16), idx(32)})}, {}, at(i + 2, 13));
      body.push_back(eval(ok, at(i + 2)));
    }
    CHECK(verify(*fprog({{f32}, {f16}, {narrow}, {t}}, body)).empty());
    auto bad = op(c.op, c.args, {}, at(good + 2, 13));
    body.push_back(eval(bad, at(good + 2)));
    CHECK(text(verify(*fprog({{f32}, {f16}, {narrow}, {t}}, body))) ==
          "t.py:" + std::to_string(good + 2) + ":13: error: " + c.message + "\n");
  }
}

TEST_CASE("memo of operand rules: a call the rules can tell apart from the kept ones is judged") {
  auto src = make_var("src", tensor_t({32, 64}), {1, 11});
  auto i = make_var("i", index_t(), {1, 40});
  auto shape = list({idx(8), idx(8)});      // one node for every call, as the parser shares constant lists
  auto offs = [&] { return list({i, i}); };  // a new node per call: only its length is kept
  std::vector<Stmt> body;
  for (std::size_t n = 0; n < 300; ++n)
    body.push_back(eval(op("tensor.slice", {src, shape, offs()}, {}, at(n + 2, 13)), at(n + 2)));
  CHECK(verify(*fprog({{src}, {i}}, body)).empty());
  // The operand types and list lengths of the kept calls, another constant shape list.
  body.push_back(eval(op("tensor.slice", {src, list({idx(40), idx(8)}), offs()}, {}, at(400, 13)), at(400)));
  // Constant offsets where the kept calls had none.
  body.push_back(eval(op("tensor.slice", {src, shape, list({idx(30), idx(0)})}, {}, at(401, 13)), at(401)));
  CHECK(text(verify(*fprog({{src}, {i}}, body))) ==
        "t.py:400:13: error: tensor.slice window extent 40 in dimension 0 exceeds operand 1 ('src') of shape [32, 64]\n"
        "t.py:401:13: error: tensor.slice window [30, 38) in dimension 0 is outside operand 1 ('src') of shape [32, 64]\n");
  // Soundness: over random calls of every op with rules, calls with one key get one verdict.
  std::vector<Expr> typed{src,
                          make_var("h", tensor_t({32, 64}, DType::FP16), {1, 1}),
                          make_var("w", tensor_t({8, 64}), {1, 1}),
                          make_var("v", tensor_t({64}), {1, 1}),
                          make_var("a", tile_t({16, 32}), {1, 1}),
                          make_var("b", tile_t({16, 32}, DType::FP16), {1, 1}),
                          make_var("c", tile_t({32, 16}), {1, 1}),
                          make_var("m", make_type(TileType{{idx(16), idx(32)}, DType::FP32, {}, MemSpace::Mat, {}}), {1, 1}),
                          make_var("l", make_type(TileType{{idx(16), idx(32)}, DType::FP16, {}, MemSpace::Left, {}}), {1, 1}),
                          make_var("r", make_type(TileType{{idx(32), idx(16)}, DType::FP16, {}, MemSpace::Right, {}}), {1, 1}),
                          i,
                          idx(0),
                          idx(8),
                          idx(40)};
  std::vector<Expr> const_lists{shape, list({idx(0), idx(0)}), list({idx(16), idx(32)}), list({idx(40), idx(8)}),
                                list({idx(30), idx(0)}), list({idx(64)}), list({idx(1), idx(16), idx(32)})};
  std::map<std::tuple<const void*, std::array<std::uint64_t, 4>, std::array<std::uint8_t, 4>>, bool> verdicts;
  std::uint64_t rng = 7;
  auto pick = [&](std::size_t n) {
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return static_cast<std::size_t>(rng >> 33) % n;
  };
  int kept = 0, agreed = 0;
  for (const OpDef& d : all_ops()) {
    if (d.rules.empty()) continue;
    const auto [req, max] = operand_arity(d.operands);
    for (int trial = 0; trial < 3000; ++trial) {
      std::vector<Expr> args;
      const int n = req + static_cast<int>(pick(static_cast<std::size_t>(max - req + 1)));
      for (int a = 0; a < n; ++a) {
        const std::size_t what = pick(3);
        if (what == 0) args.push_back(typed[pick(typed.size())]);
        else if (what == 1) args.push_back(const_lists[pick(const_lists.size())]);
        else args.push_back(list(std::vector<Expr>(1 + pick(3), i)));
      }
      RuleMemo::Key key;
      if (!RuleMemo::key(&d, args, {}, key)) continue;
      ++kept;
      const bool holds = check_operand_rules(d, args, {}).empty();
      auto [it, fresh] = verdicts.try_emplace({key.op, key.part, key.tag}, holds);
      if (!fresh) {
        CAPTURE(d.name);
        CHECK(it->second == holds);
        ++agreed;
      }
    }
  }
  CHECK(kept > 10000);
  CHECK(agreed > 5000);
  // Not kept at all: calls with kwargs, lists mixing constants with other expressions.
  RuleMemo::Key k;
  CHECK(RuleMemo::key(find_op("tensor.slice"), {src, shape, offs()}, {}, k));
  CHECK_FALSE(RuleMemo::key(find_op("tensor.slice"), {src, shape, list({i, idx(0)})}, {}, k));
  CHECK_FALSE(RuleMemo::key(find_op("tile.load"), {src, list({idx(0), idx(0)}), shape}, {{"target_memory", MemSpace::Mat}}, k));
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
}  // namespace ut_verify_fast_test
