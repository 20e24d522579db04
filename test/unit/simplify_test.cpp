// The "simplify" table: integer index simplification and dead pure-assignment removal. Each rule
// positive and negative, the refusals (division by zero, overflow, dtype range, impurity), the
// whole pass on DSL text, idempotence, immutability, and random testers fed by the table itself.
#include <doctest/doctest.h>

#include <boost/hana/for_each.hpp>
#include <functional>
#include <limits>
#include <optional>
#include <random>

#include "ptorw/patterns/normalize/simplify.hpp"
#include "ptorw/rewrite/brief_text.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "rewrite_fixtures.hpp"
namespace ut_simplify_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;
using namespace fx;
using patterns::normalize::dead_assign_rules;
using patterns::normalize::simplify_index_rules;
using patterns::normalize::simplify_rules;
using rewrite::run_table;

namespace {
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();

const Expr X = var("x"), Y = var("y");

Expr fdiv(Expr a, Expr b) { return bin(BinOp::FloorDiv, std::move(a), std::move(b)); }
Expr mod(Expr a, Expr b) { return bin(BinOp::Mod, std::move(a), std::move(b)); }

/// `def f(x, y): r = e; return r` simplified by the index table; returns r's new value.
struct Simplified {
  Expr value;
  rewrite::RunResult run;
  std::string text() const { return rewrite::brief::expr(value); }
};
Simplified simplify(const Expr& e) {
  auto r = var("r", dtype_of(e->type).value_or(DType::INDEX));
  auto p = program_of({X, Y}, {assign(r, e, {3, 5}), ret({r})});
  auto res = run_table(simplify_index_rules, p, {.check = true, .remarks = true});
  REQUIRE(res.stop == rewrite::StopReason::Converged);
  return {stmt_as<Assign>(body_of(res.program)[0])->value, std::move(res)};
}
std::string s(const Expr& e) { return simplify(e).text(); }
std::string first_remark(const Expr& e) {
  auto r = simplify(e).run;
  return r.remarks.empty() ? std::string() : r.remarks[0].rule + ": " + r.remarks[0].reason;
}

ProgramPtr parse_ok(const std::string& src) {
  auto r = text::parse_program(src, "t.py");
  for (auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  return r.program;
}
std::string simplify_text(const std::string& src) {
  auto p = parse_ok(src);
  auto pass = passes::make_pass("simplify");
  REQUIRE(pass);
  return text::print_program(*(*pass)(p));
}
}  // namespace

TEST_CASE("constant folding of every integer operator, with Python floor semantics") {
  CHECK(s(add(I(3), I(4))) == "7");
  CHECK(s(sub(I(3), I(4))) == "-1");
  CHECK(s(mul(I(-3), I(4))) == "-12");
  CHECK(s(fdiv(I(7), I(2))) == "3");
  CHECK(s(fdiv(I(-7), I(2))) == "-4");
  CHECK(s(fdiv(I(7), I(-2))) == "-4");
  CHECK(s(fdiv(I(-7), I(-2))) == "3");
  CHECK(s(fdiv(I(-8), I(2))) == "-4");
  CHECK(s(mod(I(7), I(2))) == "1");
  CHECK(s(mod(I(-7), I(2))) == "1");
  CHECK(s(mod(I(7), I(-2))) == "-1");
  CHECK(s(mod(I(-7), I(-2))) == "-1");
  CHECK(s(mod(I(-8), I(2))) == "0");
  CHECK(s(bin(BinOp::Min, I(3), I(-4))) == "-4");
  CHECK(s(bin(BinOp::Max, I(3), I(-4))) == "3");
  CHECK(s(bin(BinOp::Lt, I(3), I(4))) == "True");
  CHECK(s(bin(BinOp::Le, I(4), I(4))) == "True");
  CHECK(s(bin(BinOp::Gt, I(3), I(4))) == "False");
  CHECK(s(bin(BinOp::Ge, I(3), I(4))) == "False");
  CHECK(s(bin(BinOp::Eq, I(3), I(3))) == "True");
  CHECK(s(bin(BinOp::Ne, I(3), I(3))) == "False");
}

TEST_CASE("folding keeps the dtype and types comparisons as BOOL") {
  auto a = simplify(bin(BinOp::Add, I(3, DType::INT32), I(4, DType::INT32))).value;
  CHECK(dtype_of(a->type) == DType::INT32);
  auto c = simplify(bin(BinOp::Lt, I(3), I(4))).value;
  CHECK(dtype_of(c->type) == DType::BOOL);
  CHECK(expr_as<ConstBool>(c));
}

TEST_CASE("never folded: division by zero, int64 overflow, values outside the dtype") {
  CHECK(s(fdiv(I(5), I(0))) == "(5 // 0)");
  CHECK(first_remark(fdiv(I(5), I(0))) == "fold_floordiv: division by zero");
  CHECK(s(mod(I(5), I(0))) == "(5 % 0)");
  CHECK(first_remark(mod(I(5), I(0))) == "fold_mod: modulo by zero");
  CHECK(s(add(I(kMax), I(1))) == "(9223372036854775807 + 1)");
  CHECK(first_remark(add(I(kMax), I(1))) == "fold_add: int64 overflow");
  CHECK(s(sub(I(kMin), I(1))) == "(-9223372036854775808 - 1)");
  CHECK(s(mul(I(kMax), I(2))) == "(9223372036854775807 * 2)");
  CHECK(s(fdiv(I(kMin), I(-1))) == "(-9223372036854775808 // -1)");
  CHECK(s(mod(I(kMin), I(-1))) == "0");  // defined in Python, undefined in C++: must not crash
  CHECK(s(fdiv(I(kMin), I(1))) == "-9223372036854775808");
  // INT32 arithmetic: the folded value must fit INT32.
  CHECK(s(bin(BinOp::Add, I(2147483647, DType::INT32), I(1, DType::INT32))) == "(2147483647 + 1)");
  CHECK(first_remark(bin(BinOp::Add, I(2147483647, DType::INT32), I(1, DType::INT32))) ==
        "fold_add: folded value does not fit the result dtype");
  CHECK(s(bin(BinOp::Add, I(2147483646, DType::INT32), I(1, DType::INT32))) == "2147483647");
  CHECK(s(bin(BinOp::Sub, I(0, DType::UINT8), I(1, DType::UINT8))) == "(0 - 1)");
}

TEST_CASE("identities on integer operands") {
  CHECK(s(add(X, I(0))) == "x");
  CHECK(s(add(I(0), X)) == "x");
  CHECK(s(sub(X, I(0))) == "x");
  CHECK(s(mul(X, I(1))) == "x");
  CHECK(s(mul(I(1), X)) == "x");
  CHECK(s(mul(X, I(0))) == "0");
  CHECK(s(mul(I(0), X)) == "0");
  CHECK(s(mul(add(X, Y), I(0))) == "0");
  CHECK(s(add(mul(X, I(1)), I(0))) == "x");
}

TEST_CASE("identities do not fire where they would be wrong") {
  CHECK(s(add(X, I(1))) == "(x + 1)");
  CHECK(s(sub(I(0), X)) == "(0 - x)");
  CHECK(s(mul(X, I(2))) == "(x * 2)");
  CHECK(s(sub(X, X)) == "(x - x)");
  CHECK(s(fdiv(X, I(1))) == "(x // 1)");  // no rule for it: the table is exactly what it says
  // Floats are never touched: x + 0.0 is not x for x = -0.0.
  auto f = var("f", DType::FP32);
  CHECK(s(add(f, make_float(0.0))) == "(f + 0.000000)");
  CHECK(s(add(f, I(0))) == "(f + 0)");
  CHECK(first_remark(add(f, I(0))) == "add_zero_right: not an integer expression");
  // x keeps its dtype: an INT32 x in an INDEX sum is not the sum.
  auto n = var("n", DType::INT32);
  CHECK(s(make_expr(Binary{BinOp::Add, n, I(0)}, idx())) == "(n + 0)");
  CHECK(first_remark(make_expr(Binary{BinOp::Add, n, I(0)}, idx())) ==
        "add_zero_right: operand dtype differs from the result dtype");
  // ... but an INT32 sum with an INDEX literal is fine.
  CHECK(s(make_expr(Binary{BinOp::Add, n, I(0)}, scalar_type(DType::INT32))) == "n");
}

TEST_CASE("x * 0 keeps an operand with effects") {
  Expr user_call = make_expr(Call{CallKind::Function, "k", {X}, {}, {}}, idx());
  CHECK(s(mul(user_call, I(0))) == "(self.k(x) * 0)");
  CHECK(first_remark(mul(user_call, I(0))) == "mul_zero_right: the dropped operand may have side effects");
  Expr block_idx = make_expr(Call{CallKind::Op, "tile.get_block_idx", {}, {}, {}}, idx());
  // 0 * e is first put in canonical order, then kept.
  CHECK(s(mul(I(0), block_idx)) == "(pl.tile.get_block_idx() * 0)");
  CHECK(first_remark(mul(I(0), block_idx)) == "mul_zero_left: the dropped operand may have side effects");
  CHECK(s(mul(add(block_idx, I(0)), I(0))) == "(pl.tile.get_block_idx() * 0)");
}

TEST_CASE("affine re-association gathers the constants of offset chains") {
  CHECK(s(add(add(X, I(3)), I(4))) == "(x + 7)");
  CHECK(s(sub(add(X, I(3)), I(4))) == "(x + -1)");
  CHECK(s(add(sub(X, I(3)), I(4))) == "(x + 1)");
  CHECK(s(sub(sub(X, I(3)), I(4))) == "(x - 7)");
  CHECK(s(sub(add(X, I(3)), I(3))) == "x");
  CHECK(s(add(add(add(X, I(1)), I(1)), I(1))) == "(x + 3)");
  CHECK(s(add(add(I(3), X), I(4))) == "(x + 7)");
  CHECK(s(add(add(I(3), I(4)), X)) == "(x + 7)");
  CHECK(s(add(I(3), X)) == "(x + 3)");
  CHECK(s(mul(I(3), X)) == "(x * 3)");
  CHECK(s(add(mul(add(X, I(0)), I(1)), mul(I(2), I(3)))) == "(x + 6)");
  // Not re-associated: overflow in the gathered constant, or a non-constant term.
  CHECK(s(add(add(X, I(kMax)), I(1))) == "((x + 9223372036854775807) + 1)");
  CHECK(first_remark(add(add(X, I(kMax)), I(1))) == "reassoc_add_add: int64 overflow");
  CHECK(s(add(add(X, Y), I(1))) == "((x + y) + 1)");
  CHECK(s(add(mul(X, I(3)), I(1))) == "((x * 3) + 1)");
  CHECK(s(bin(BinOp::Lt, X, I(3))) == "(x < 3)");
}

TEST_CASE("every rule of the index table fires somewhere in these cases") {
  std::vector<Expr> cases = {
      add(I(1), I(2)), sub(I(1), I(2)), mul(I(1), I(2)), fdiv(I(1), I(2)), mod(I(1), I(2)),
      bin(BinOp::Min, I(1), I(2)), bin(BinOp::Max, I(1), I(2)), bin(BinOp::Lt, I(1), I(2)),
      bin(BinOp::Le, I(1), I(2)), bin(BinOp::Gt, I(1), I(2)), bin(BinOp::Ge, I(1), I(2)),
      bin(BinOp::Eq, I(1), I(2)), bin(BinOp::Ne, I(1), I(2)), add(X, I(0)), add(I(0), X), sub(X, I(0)),
      mul(X, I(1)), mul(I(1), X), mul(X, I(0)), mul(I(0), X), add(add(X, I(1)), I(2)), sub(add(X, I(1)), I(2)),
      add(sub(X, I(1)), I(2)), sub(sub(X, I(1)), I(2)), add(I(2), X), mul(I(2), X)};
  std::vector<Stmt> body;
  for (std::size_t i = 0; i < cases.size(); ++i) body.push_back(eval(cases[i]));
  auto r = run_table(simplify_index_rules, program_of({X}, body), {.check = true});
  CHECK(r.converged());
  for (const auto& st : r.stats) {
    INFO(st.name);
    CHECK(st.applied >= 1);
  }
  CHECK(r.stats.size() == 26);
}

TEST_CASE("the table documents its rules as one-liners") {
  auto infos = rewrite::rule_infos(simplify_rules);
  REQUIRE(infos.size() == 27);
  CHECK(infos[0].name == "fold_add");
  CHECK(infos[0].description == "c1 + c2 → fold(c1 + c2)");
  CHECK(infos[13].description == "x + 0 → x");
  CHECK(infos[18].description == "x * 0 → 0  if pure(x)");
  CHECK(infos[20].description == "(x + c1) + c2 → x + fold(c1 + c2)");
  CHECK(infos[24].description == "c1 + x → x + c1  if not_const(x)");
  CHECK(infos[26].name == "remove_dead_pure_assigns");
  CHECK(infos[26].root == rewrite::RootKind::Function);
}

// ---- dead pure assignments -------------------------------------------------------------------

namespace {
rewrite::RunResult dce(const ProgramPtr& p, bool remarks = false) {
  auto r = run_table(dead_assign_rules, p, {.check = true, .remarks = remarks});
  REQUIRE(r.converged());
  return r;
}
Type tensor_of(std::vector<Expr> shape) { return make_type(TensorType{std::move(shape), DType::FP32, {}, {}}); }
Expr op(const char* name, std::vector<Expr> args, Type t, Kwargs kw = {}) {
  return make_expr(Call{CallKind::Op, name, std::move(args), std::move(kw), {}}, std::move(t));
}
}  // namespace

TEST_CASE("dead pure assignments are removed, whole chains in one application") {
  auto a = var("a"), b = var("b"), c = var("c"), r = var("r");
  auto p = program_of({X}, {assign(a, add(X, I(1))), assign(b, mul(a, I(2))), assign(c, I(5)), assign(r, X), ret({r})});
  auto res = dce(p);
  auto body = body_of(res.program);
  REQUIRE(body.size() == 2);
  CHECK(stmt_as<Assign>(body[0])->var == r);
  CHECK(res.stats[0].applied == 1);
  CHECK(res.iterations == 2);
  CHECK(body_of(p).size() == 5);  // the input is untouched
}

TEST_CASE("assignments with effects or uses are kept") {
  auto t = var("t"), u = var("u"), w = var("w"), q = var("q"), live = var("live");
  Type tt = tensor_of({I(64)});
  auto dst = make_var("dst", tt);
  auto tile_t = make_type(TileType{{I(64)}, DType::FP32, {}, MemSpace::Vec, {}});
  auto tile = make_var("tile", tile_t);
  std::vector<Stmt> body = {
      assign(t, make_expr(Call{CallKind::Function, "k", {X}, {}, {}}, idx())),      // user function
      assign(u, make_expr(Submit{"k", {X}, {}}, idx())),                            // task launch
      assign(w, op("tile.store", {tile, make_tuple({I(0)}), dst}, tt)),              // writes dst
      assign(q, op("tile.get_block_idx", {}, idx())),                               // control
      assign(live, add(X, I(1))),                                                   // used below
      ret({live})};
  auto p = program({function("f", {X, tile, dst}, body)});
  auto res = dce(p, true);
  CHECK(res.program == p);
  CHECK(res.stats[0].matched == 0);
  REQUIRE(res.remarks.size() == 1);
  CHECK(res.remarks[0].reason == "no dead pure assignment; unused but not pure: t u w q");
}

TEST_CASE("uses inside types keep a variable alive") {
  auto n = var("n"), t = make_var("t", tensor_of({var("n")}));
  // Build t's type from the *same* n node: `t: pl.Tensor[[n], pl.FP32] = self.k(x)`.
  t = make_var("t", tensor_of({n}));
  auto keep = program_of({X}, {assign(n, I(64)), assign(t, make_expr(Call{CallKind::Function, "k", {X}, {}, {}}, t->type)),
                               ret({t})});
  CHECK(dce(keep).program == keep);

  // When t itself is dead and pure, its type's use of n goes with it.
  auto t2 = make_var("t2", tensor_of({n}));
  Expr create = op("tensor.create", {make_tuple({I(64)})}, t2->type, {{"dtype", DType::FP32}});
  auto drop = program_of({X}, {assign(n, I(64)), assign(t2, create), ret({X})});
  auto res = dce(drop);
  CHECK(body_of(res.program).size() == 1);
}

// The rule's first, one-walk count starts at a variable's assignment: a use before it (or inside a
// type, above) is not seen there, and the exact count must decide.
TEST_CASE("a use before the assignment keeps a variable alive; a dead one beside it still goes") {
  auto a = var("a"), r = var("r"), d = var("d");
  auto early = program_of({X}, {assign(r, a), assign(a, add(X, I(1))), ret({r})});
  auto kept = dce(early, true);
  CHECK(kept.program == early);
  REQUIRE(kept.remarks.size() == 1);
  CHECK(kept.remarks[0].reason == "no dead pure assignment");

  auto with_dead = program_of({X}, {assign(r, a), assign(a, add(X, I(1))), assign(d, I(3)), ret({r})});
  auto res = dce(with_dead);
  auto body = body_of(res.program);
  REQUIRE(body.size() == 3);
  CHECK(stmt_as<Assign>(body[1])->var == a);
  CHECK(res.stats[0].applied == 1);
}

TEST_CASE("dead code inside loops and branches; conservative corners are kept") {
  auto i = var("i"), d = var("d"), y = var("y"), z = var("z");
  ir::Stmt loop = make_stmt(For{ForKind::Range, i, I(0), I(4), I(1), {}, make_seq({assign(d, mul(i, I(2))), eval(i)}), {}});
  auto res = dce(program_of({X}, {loop, ret({X})}));
  auto* f = stmt_as<For>(body_of(res.program)[0]);
  REQUIRE(f);
  CHECK(stmts_of(f->body).size() == 1);

  // A variable assigned twice, and a tuple-unpacking target, are left alone.
  auto twice = program_of({X}, {assign(y, I(1)), assign(y, I(2)), ret({X})});
  CHECK(dce(twice).program == twice);
  auto unpack = program_of({X}, {assign(make_tuple({y, z}), make_tuple({I(1), I(2)})), ret({X})});
  CHECK(dce(unpack).program == unpack);
}

// ---- the pass on DSL text ----------------------------------------------------------------------

namespace {
const char* kKernel = R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, src: pl.Tensor[[128, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
          dst: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        off = row * 1 + 0
        unused = row + 16
        n = 4 + 4
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [(off + 8) + 8, 0 * row], [16, 32])
        r = pl.store(t, [off, 8 - 8], dst)
        return r
)";
const char* kKernelSimplified = R"(import pypto.language as pl

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, src: pl.Tensor[[128, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
          dst: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [row + 16, 0], [16, 32])
        r = pl.store(t, [row, 0], dst)
        return r
)";  // `off = row * 1 + 0` folds to the copy `off = row`, which copy propagation removes
}  // namespace

TEST_CASE("the simplify pass on a kernel: folded offsets, dead assignments gone") {
  CHECK(simplify_text(kKernel) == text::print_program(*parse_ok(kKernelSimplified)));
}

TEST_CASE("simplify is idempotent and leaves its input alone") {
  auto p = parse_ok(kKernel);
  const std::string before = text::print_program(*p);
  const auto fp = rewrite::fingerprint(*p);
  auto pass = *passes::make_pass("simplify");
  auto once = pass.run(p, {}, {.check = true});
  REQUIRE(once.stop == rewrite::StopReason::Converged);
  CHECK(once.rewrites > 0);
  auto twice = pass.run(once.program, {}, {.check = true});
  CHECK(twice.program == once.program);  // nothing to do: the same object comes back
  CHECK(twice.rewrites == 0);
  CHECK(twice.iterations == 1);
  CHECK(text::print_program(*p) == before);
  CHECK(rewrite::fingerprint(*p) == fp);
}

TEST_CASE("simplify on the bundled examples converges under checking and is idempotent") {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  std::string dir = std::string(root ? root : ".") + "/examples/";
  for (const char* name : {"attention_qk.py", "multi_return.py", "pattern1_iter_arg_reuse.py", "windowed_rows.py"}) {
    INFO(name);
    auto r = text::parse_file(dir + name);
    if (!r.ok()) {
      MESSAGE("skipped (cannot read or parse) " << dir + name);
      continue;
    }
    auto pass = *passes::make_pass("simplify");
    auto once = pass.run(r.program, {}, {.check = true});
    CHECK(once.stop == rewrite::StopReason::Converged);
    auto twice = pass.run(once.program, {}, {.check = true});
    CHECK(twice.program == once.program);
  }
}

// ---- random testers fed by the table ---------------------------------------------------------

namespace {
__extension__ typedef __int128 i128;

/// Python integer semantics, with int64 overflow and division by zero as "undefined".
struct Val {
  std::int64_t v;
  bool is_bool;
};
std::optional<Val> eval_expr(const Expr& e, std::int64_t xv, std::int64_t yv) {
  if (e == X) return Val{xv, false};
  if (e == Y) return Val{yv, false};
  if (auto c = const_int(e)) return Val{*c, false};
  if (auto* b = expr_as<ConstBool>(e)) return Val{b->value, true};
  auto* b = expr_as<Binary>(e);
  if (!b) return std::nullopt;
  auto l = eval_expr(b->lhs, xv, yv), r = eval_expr(b->rhs, xv, yv);
  if (!l || !r || l->is_bool || r->is_bool) return std::nullopt;
  // An independent oracle for the folder: 128-bit arithmetic, then a range check.
  i128 a = l->v, c = r->v, out = 0;
  switch (b->op) {
    case BinOp::Add: out = a + c; break;
    case BinOp::Sub: out = a - c; break;
    case BinOp::Mul: out = a * c; break;
    case BinOp::FloorDiv:
      if (c == 0) return std::nullopt;
      out = a / c;
      if ((a % c != 0) && ((a < 0) != (c < 0))) out -= 1;
      break;
    case BinOp::Mod:
      if (c == 0) return std::nullopt;
      out = a - c * ((a / c) - (((a % c != 0) && ((a < 0) != (c < 0))) ? 1 : 0));
      break;
    case BinOp::Min: out = a < c ? a : c; break;
    case BinOp::Max: out = a < c ? c : a; break;
    case BinOp::Lt: return Val{a < c, true};
    case BinOp::Le: return Val{a <= c, true};
    case BinOp::Gt: return Val{a > c, true};
    case BinOp::Ge: return Val{a >= c, true};
    case BinOp::Eq: return Val{a == c, true};
    case BinOp::Ne: return Val{a != c, true};
    default: return std::nullopt;
  }
  if (out > kMax || out < kMin) return std::nullopt;
  return Val{static_cast<std::int64_t>(out), false};
}

struct Gen {
  std::mt19937_64 rng{12345};
  const std::vector<std::int64_t> consts{0, 1, -1, 2, 3, 7, -8, 16, kMax, kMin, kMax - 1, 1LL << 32};
  const std::vector<BinOp> arith{BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::FloorDiv, BinOp::Mod, BinOp::Min, BinOp::Max};
  const std::vector<BinOp> cmp{BinOp::Lt, BinOp::Le, BinOp::Gt, BinOp::Ge, BinOp::Eq, BinOp::Ne};
  std::size_t pick(std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); }
  Expr leaf() {
    switch (pick(3)) {
      case 0: return X;
      case 1: return Y;
      default: return I(consts[pick(consts.size())]);
    }
  }
  Expr expr(int depth) {
    if (depth == 0 || pick(3) == 0) return leaf();
    return bin(arith[pick(arith.size())], expr(depth - 1), expr(depth - 1));
  }
  Expr top() { return pick(5) == 0 ? bin(cmp[pick(cmp.size())], expr(2), expr(2)) : expr(3); }
  std::pair<std::int64_t, std::int64_t> env() {
    const std::vector<std::int64_t> vals{0, 1, -1, 5, -13, 100, kMax, kMin, 1LL << 40};
    return {vals[pick(vals.size())], vals[pick(vals.size())]};
  }
};

/// Where `before` is defined, `after` must be defined and equal.
bool same_meaning(const Expr& before, const Expr& after, Gen& g, std::string& why) {
  for (int k = 0; k < 8; ++k) {
    auto [xv, yv] = k == 0 ? std::pair<std::int64_t, std::int64_t>{3, -2} : g.env();
    auto b = eval_expr(before, xv, yv);
    if (!b) continue;
    auto a = eval_expr(after, xv, yv);
    if (!a || a->v != b->v || a->is_bool != b->is_bool) {
      why = rewrite::brief::expr(before) + " => " + rewrite::brief::expr(after) + " at x=" + std::to_string(xv) +
            " y=" + std::to_string(yv);
      return false;
    }
  }
  return true;
}
}  // namespace

namespace {
using Apply = std::function<std::optional<Expr>(const Expr&)>;
/// Runs one rule over every sub-expression of the samples; returns how often it fired.
int check_rule(std::string_view name, const std::vector<Expr>& samples, const Apply& apply, Gen& g) {
  int fired = 0;
  for (const auto& root : samples) {
    visit::walk_exprs(root, [&](const Expr& e) {
      auto out = apply(e);
      if (!out) return;
      ++fired;
      std::string why;
      if (!same_meaning(e, *out, g, why)) FAIL_CHECK(name << ": " << why);
    });
  }
  return fired;
}
}  // namespace

TEST_CASE("random tester: every rule of the table preserves meaning where it fires") {
  Gen g;
  std::vector<Expr> samples;
  for (int i = 0; i < 40000; ++i) samples.push_back(g.top());
  rewrite::Context ctx;
  boost::hana::for_each(simplify_index_rules, [&](const auto& rule) {
    // Sub-expressions too: a rule fires on inner nodes far more often than at a random root.
    int fired = check_rule(rule.name, samples, [&](const Expr& e) -> std::optional<Expr> {
      auto m = rule.match(e, ctx);
      if (!m) return std::nullopt;
      return rule.rewrite(m.bindings(), ctx);
    }, g);
    INFO(rule.name);
    CHECK(fired > 0);
  });
}

TEST_CASE("random tester: the whole table preserves meaning and converges under checking") {
  Gen g;
  for (int i = 0; i < 3000; ++i) {
    Expr e = g.top();
    auto r = var("r", dtype_of(e->type).value_or(DType::INDEX));
    auto res = run_table(simplify_index_rules, program_of({X, Y}, {assign(r, e), ret({r})}), {.check = true});
    REQUIRE(res.stop == rewrite::StopReason::Converged);
    std::string why;
    if (!same_meaning(e, stmt_as<Assign>(body_of(res.program)[0])->value, g, why)) FAIL_CHECK(why);
    // Converged means a second run finds nothing.
    CHECK(run_table(simplify_index_rules, res.program).rewrites == 0);
  }
}

TEST_CASE("DriverOptions::only_functions: the first round sweeps the named functions alone") {
  // OptimizeOrchTensors simplifies only the functions its rewrites marked untidy this way: two
  // functions, each with a dead definition and a copy; only the named one is tidied.
  const std::string src = R"(import ptorw.language as pl


@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        n: pl.Scalar[pl.INDEX] = a * 2
        b: pl.Scalar[pl.INDEX] = a
        return b

    @pl.function(type=pl.FunctionType.Orchestration)
    def g(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        n: pl.Scalar[pl.INDEX] = a * 2
        b: pl.Scalar[pl.INDEX] = a
        return b
)";
  auto p = parse_ok(src);
  const std::set<std::string, std::less<>> only = {"f"};
  rewrite::DriverOptions d;
  d.only_functions = &only;
  d.check = true;
  auto r = run_table(patterns::normalize::simplify_pass_rules, p, d);
  REQUIRE(r.converged());
  const auto& fs = r.program->functions;
  REQUIRE(fs.size() == 2);
  CHECK(fs[1] == p->functions[1]);  // g: not swept
  REQUIRE(stmt_as<Seq>(fs[0]->body));
  CHECK(stmt_as<Seq>(fs[0]->body)->stmts.size() == 1);  // f: return a
  const std::set<std::string, std::less<>> none;
  d.only_functions = &none;
  CHECK(run_table(patterns::normalize::simplify_pass_rules, p, d).program == p);
}
}  // namespace ut_simplify_test
