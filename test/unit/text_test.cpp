// Parser and printer: what each construct parses to, and print→parse round trips.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "ptorw/ir.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
namespace ut_text_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;
using namespace ptorw::ir;

namespace {
ProgramPtr parse_ok(const std::string& src) {
  auto r = text::parse_program(src, "t.py");
  for (auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  return r.program;
}
const Function& fn(const ProgramPtr& p, const char* name) {
  auto f = p->find(name);
  REQUIRE(f);
  return *f;
}
std::vector<Stmt> body(const Function& f) { return stmts_of(f.body); }

/// print → parse → print must be a fixpoint, and the reparse must succeed.
void check_round_trip(const std::string& src, const std::string& file) {
  auto r = text::parse_program(src, file);
  for (auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  std::string once = text::print_program(*r.program);
  auto r2 = text::parse_program(once, file + " (reprinted)");
  for (auto& d : r2.errors) FAIL_CHECK(d.str() << "\n" << once);
  REQUIRE(r2.ok());
  CHECK(text::print_program(*r2.program) == once);
}
}  // namespace

TEST_CASE("the dsl.md example parses with inferred and annotated types") {
  auto p = parse_ok(R"(import pypto.language as pl

@pl.program
class Scale:
    @pl.function(type=pl.FunctionType.InCore, attrs={"windowize": True})
    def scale(self, src: pl.Tensor[[128, 32], pl.FP32], row: pl.Scalar[pl.INDEX],
              dst: pl.Out[pl.Tensor[[128, 32], pl.FP32]]) -> pl.Tensor[[128, 32], pl.FP32]:
        t: pl.Tile[[16, 32], pl.FP32] = pl.load(src, [row, 0], [16, 32])
        u = pl.tile.muls(t, 2.0)                 # annotation optional: type is inferred
        r: pl.Tensor[[128, 32], pl.FP32] = pl.store(u, [row, 0], dst)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[128, 32], pl.FP32]) -> pl.Tensor[[128, 32], pl.FP32]:
        buf = pl.create_tensor([128, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(8, init_values=(buf,)):
            nxt = self.scale(a, i * 16, acc)
            res = pl.yield_(nxt)
        return res
)");
  const Function& k = fn(p, "scale");
  CHECK(k.type == FunctionType::InCore);
  CHECK(attr_true(k.attrs, "windowize"));
  REQUIRE(k.params.size() == 3);
  CHECK(k.params[2].dir == Direction::Out);
  auto kb = body(k);
  REQUIRE(kb.size() == 4);
  auto* load = stmt_as<Assign>(kb[0]);
  REQUIRE(load);
  CHECK(is_op_call(load->value, "tile.load"));
  CHECK(type_as<TileType>(load->var->type)->memory == MemSpace::Vec);
  CHECK(is_op_call(stmt_as<Assign>(kb[1])->value, "tile.muls"));
  CHECK(is_op_call(stmt_as<Assign>(kb[2])->value, "tile.store"));

  const Function& m = fn(p, "main");
  auto mb = body(m);
  REQUIRE(mb.size() == 3);
  auto* create = stmt_as<Assign>(mb[0]);
  CHECK(is_op_call(create->value, "tensor.create"));
  CHECK(expr_as<Call>(create->value)->kwargs.size() == 1);  // the default layout=ND is not stored
  auto* loop = stmt_as<For>(mb[1]);
  REQUIRE(loop);
  REQUIRE(loop->iter_args.size() == 1);
  CHECK(expr_as<IterArg>(loop->iter_args[0])->init == create->var);
  REQUIRE(loop->return_vars.size() == 1);
  auto* ret = stmt_as<Return>(mb[2]);
  CHECK(ret->values[0] == loop->return_vars[0]);  // the yield's target is the loop result
  auto lb = stmts_of(loop->body);
  auto* call = expr_as<Call>(stmt_as<Assign>(lb[0])->value);
  REQUIRE(call);
  CHECK(call->kind == CallKind::Function);
  CHECK(call->args[2] == loop->iter_args[0]);
}

TEST_CASE("generic pl.add dispatches on operand kinds") {
  auto p = parse_ok(R"(
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16], pl.FP32], s: pl.Scalar[pl.FP32], n: pl.Scalar[pl.INDEX]):
        t = pl.load(x, [0], [16])
        a = pl.add(t, t)
        b = pl.add(t, s)
        c = pl.add(n, 1)
        d = pl.maximum(t, 0.5)
)");
  auto b = body(fn(p, "k"));
  CHECK(is_op_call(stmt_as<Assign>(b[1])->value, "tile.add"));
  CHECK(is_op_call(stmt_as<Assign>(b[2])->value, "tile.adds"));
  CHECK(expr_as<Binary>(stmt_as<Assign>(b[3])->value)->op == BinOp::Add);
  CHECK(is_op_call(stmt_as<Assign>(b[4])->value, "tile.maximums"));
}

TEST_CASE("while loops, if results, scopes, submit, symbolic dims and tuple unpacking") {
  const char* src = R"(import pypto.language as pl
M = pl.dynamic("M")

@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def pair(self, x: pl.Tensor[[M, 32], pl.FP32], o1: pl.Out[pl.Tensor[[M, 32], pl.FP32]], o2: pl.Out[pl.Tensor[[M, 32], pl.FP32]]) -> tuple[pl.Tensor[[M, 32], pl.FP32], pl.Tensor[[M, 32], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 32])
        r1 = pl.store(t, [0, 0], o1)
        r2 = pl.store(t, [0, 0], o2)
        return r1, r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[M, 32], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[M, 32], pl.FP32]:
        a = pl.create_tensor([M, 32], dtype=pl.FP32)
        b = pl.create_tensor([M, 32], dtype=pl.FP32)
        for (acc, k) in pl.while_(init_values=(a, 0)):
            pl.cond(k < n)
            if k % 2 == 0:
                r = pl.yield_(acc)
            else:
                r = pl.yield_(x)
            k2 = k + 1
            out_a, out_k = pl.yield_(r, k2)
        with pl.manual_scope():
            y1, y2, tid = pl.submit(self.pair, x, out_a, b)
        with pl.at(level=pl.Level.CORE_GROUP, windowize=True, name_hint="qk"):
            p1, p2 = self.pair(x, y1, y2)
        return p1
)";
  auto p = parse_ok(src);
  REQUIRE(p->dyn_dims.size() == 1);
  auto mb = body(fn(p, "main"));
  auto* w = stmt_as<While>(mb[2]);
  REQUIRE(w);
  CHECK(w->iter_args.size() == 2);
  CHECK(w->return_vars.size() == 2);
  auto* cond = expr_as<Binary>(w->cond);
  REQUIRE(cond);
  CHECK(cond->lhs == w->iter_args[1]);
  auto wb = stmts_of(w->body);
  auto* iff = stmt_as<If>(wb[0]);
  REQUIRE(iff);
  CHECK(iff->return_vars.size() == 1);
  auto* manual = stmt_as<Scope>(mb[3]);
  REQUIRE(manual);
  CHECK(manual->kind == ScopeKind::Manual);
  auto sb = stmts_of(manual->body);
  REQUIRE(sb.size() == 4);  // the tuple and three projections
  CHECK(expr_as<Submit>(stmt_as<Assign>(sb[0])->value));
  CHECK(type_as<ScalarType>(stmt_as<Assign>(sb[3])->var->type)->dtype == DType::TASK_ID);
  auto* at = stmt_as<Scope>(mb[4]);
  CHECK(at->kind == ScopeKind::At);
  CHECK(attr_true(at->attrs, "windowize"));
  // The shape of `x` refers to the program's symbolic dim M.
  auto* xt = type_as<TensorType>(fn(p, "main").params[0].var->type);
  CHECK(xt->shape[0] == p->dyn_dims[0]);
  check_round_trip(src, "t.py");
  // The printer re-sugars the tuple unpacking it was given.
  CHECK(text::print_program(*p).find("p1, p2 = self.pair(x, y1, y2)") != std::string::npos);
}

TEST_CASE("views, MemRefs, tile views and allocations round-trip") {
  const char* src = R"(
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32, pl.TensorView(stride=[128, 1], layout=pl.TensorLayout.ND)], o: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        mem = pl.tile.alloc(pl.Mem.Vec, 4096)
        t: pl.Tile[[16, 64], pl.FP32, pl.MemRef(mem, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, 32], pad=pl.PadValue.zero)] = pl.load(x, [0, 0], [16, 64])
        u = pl.tile.set_validshape(t, 8, 32)
        v = pl.tile.div(t, t, precision=pl.Precision.high)
        r = pl.store(v, [0, 0], o)
        return r
)";
  auto p = parse_ok(src);
  auto b = body(fn(p, "k"));
  auto* t = type_as<TileType>(stmt_as<Assign>(b[1])->var->type);
  REQUIRE(t->memref);
  CHECK(t->memref->base == stmt_as<Assign>(b[0])->var);
  REQUIRE(t->view);
  CHECK(t->view->pad == PadValue::zero);
  auto* xt = type_as<TensorType>(fn(p, "k").params[0].var->type);
  REQUIRE(xt->view);
  CHECK(const_int(xt->view->stride[0]) == 128);
  check_round_trip(src, "t.py");
}

TEST_CASE("a type copied from an operand before its variable is rebound prints and parses back the same") {
  // u's type is t's (the op gives it t's extent): it reads the `k` t was loaded with, which the
  // printer writes as `k` after `k = k + 4`. Reading that annotation back, the parser takes the
  // inferred valid shape it is written as (parse_type.hpp keep_inferred_valid), not the newest `k`.
  const char* src = R"(
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        k = 2
        t = pl.load(x, [0, 0], [16, 64], valid_shape=[k, 64])
        k = k + 4
        u = pl.tile.adds(t, 1.0)
        out = pl.store(u, [0, 0], out)
        return out
)";
  auto p = parse_ok(src);
  auto b = body(fn(p, "main"));
  const Expr first_k = stmt_as<Assign>(b[0])->var;
  auto* ut = type_as<TileType>(stmt_as<Assign>(b[3])->var->type);
  REQUIRE(ut->view);
  CHECK(ut->view->valid_shape[0] == first_k);
  auto back = parse_ok(text::print_program(*p));
  CHECK(visit::structural_equal(*p, *back).equal);
  auto* ut2 = type_as<TileType>(stmt_as<Assign>(body(fn(back, "main"))[3])->var->type);
  CHECK(ut2->view->valid_shape[0] == stmt_as<Assign>(body(fn(back, "main"))[0])->var);
  // An annotation that states another extent than the op's is kept as written (the newest `k`).
  auto q = parse_ok(std::string(src).replace(std::string(src).find("u = pl.tile.adds"), 4,
                                             "u: pl.Tile[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[k + 1, 64])] = "));
  auto* qt = type_as<TileType>(stmt_as<Assign>(body(fn(q, "main"))[3])->var->type);
  CHECK(expr_as<Binary>(qt->view->valid_shape[0])->lhs == stmt_as<Assign>(body(fn(q, "main"))[2])->var);
}

TEST_CASE("string literals decode their escapes and print back to the same value") {
  // Escapes per string_literal.hpp (Python's): \" \\ \n \t \x41, an unknown escape kept as
  // written, and a backslash-newline continuing the key on the next line (both vanish).
  const char* src = "@pl.program\n"
                    "class P:\n"
                    "    @pl.function(type=pl.FunctionType.InCore, attrs={\"a\\\"b\": \"x\\\\y\\n\", \"t\\tab\\x41\\q\": True, \"con\\\n"
                    "tinued\": 1})\n"
                    "    def k(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:\n"
                    "        return x\n";
  auto p = parse_ok(src);
  const Function& k = fn(p, "k");
  auto v = kwarg_as<std::string>(k.attrs, "a\"b");
  REQUIRE(v);
  CHECK(*v == "x\\y\n");
  CHECK(kwarg_as<bool>(k.attrs, "t\tabA\\q") == true);
  CHECK(kwarg_as<std::int64_t>(k.attrs, "continued") == 1);
  // The line after the continuation keeps its own number: `def` is on line 5.
  CHECK(k.span.line == 5);
  check_round_trip(src, "t.py");
  std::string printed = text::print_program(*p);
  CHECK(printed.find(R"("a\"b": "x\\y\n")") != std::string::npos);
  CHECK(printed.find(R"("t\tabA\\q": True)") != std::string::npos);
  // Control characters without a short escape print as \xHH.
  auto q = text::parse_program(std::string("@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore, attrs={\"b\\x01\": 2})\n"
                                           "    def k(self, x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:\n        return x\n"),
                               "q.py");
  REQUIRE(q.ok());
  CHECK(text::print_program(*q.program).find(R"("b\x01": 2)") != std::string::npos);
}

TEST_CASE("negation prints back to the same tree: literals, parenthesized literals and chains") {
  // `-16` is one constant; `-(16)` and `--16` are negation nodes (Parser::parse_unary). The
  // printer must keep the three apart, and a chain must not print deeper than it parses (a
  // fuzzer found `-(-(-(...)))` exceeding the nesting limit on reparse).
  std::string chain(150, '-');
  const std::string src = "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
                          "    def k(self, n: pl.Scalar[pl.INDEX], x: pl.Scalar[pl.FP32]) -> pl.Scalar[pl.INDEX]:\n"
                          "        a = -(16)\n        b = -16\n        c = --16\n        d = -(1.5)\n        e = -1.5\n"
                          "        f = n * -(-3)\n        g = " + chain + "n\n        return a\n";
  auto p = parse_ok(src);
  auto b = body(fn(p, "k"));
  auto value = [&](std::size_t i) { return stmt_as<Assign>(b[i])->value; };
  CHECK(expr_as<Unary>(value(0)));
  CHECK(const_int(expr_as<Unary>(value(0))->operand) == 16);
  CHECK(const_int(value(1)) == -16);
  CHECK(const_int(expr_as<Unary>(value(2))->operand) == -16);
  CHECK(expr_as<Unary>(value(3)));
  CHECK(expr_as<ConstFloat>(value(4)));
  check_round_trip(src, "t.py");
  std::string printed = text::print_program(*p);
  CHECK(printed.find("a: pl.Scalar[pl.INDEX] = -(16)\n") != std::string::npos);
  CHECK(printed.find("c: pl.Scalar[pl.INDEX] = --16\n") != std::string::npos);
  CHECK(printed.find("f: pl.Scalar[pl.INDEX] = n * --3\n") != std::string::npos);
  CHECK(printed.find(" = " + chain + "n\n") != std::string::npos);
}

TEST_CASE("a file that cannot be read is reported against the file, with the system's reason") {
  auto missing = text::parse_file("/nonexistent/ptorw-missing.py");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.errors.front().str() == "/nonexistent/ptorw-missing.py: error: cannot open file: No such file or directory");
  auto dir = text::parse_file(std::filesystem::temp_directory_path().string());
  REQUIRE_FALSE(dir.ok());
  CHECK(dir.errors.front().str().find(": error: cannot read file: Is a directory") != std::string::npos);
}

TEST_CASE("an unterminated string literal is reported where it starts") {
  auto r = text::parse_program("@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore, attrs={\"ab\\\ncd: 1})\n", "u.py");
  REQUIRE_FALSE(r.ok());
  CHECK(r.errors.front().str() == "u.py:3:54: error: unterminated string literal");
}

TEST_CASE("scalar expressions keep precedence through printing") {
  const char* src = R"(
@pl.program
class P:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        x = (a + b) * (a - b) // 2 % 7
        y = a - (b - 1)
        z = -(a + 1) + min(a, b) * max(a, -3)
        c = not (a < b) and (a == b or b >= 4)
        w = pl.cast(c, target_type=pl.INT32)
        return x + y + z
)";
  auto p = parse_ok(src);
  std::string out = text::print_program(*p);
  CHECK(out.find("(a + b) * (a - b) // 2 % 7") != std::string::npos);
  CHECK(out.find("a - (b - 1)") != std::string::npos);
  check_round_trip(src, "t.py");
}

namespace {
/// `x = <e>` in a function of INDEX scalars a, b and a BOOL c.
std::string scalar_source(const std::string& e) {
  return "@pl.program\nclass P:\n    @pl.function\n    def f(self, a: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INDEX], "
         "c: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.INDEX]:\n        x = " + e + "\n        return a\n";
}
ProgramPtr scalar_assign(const std::string& e) { return parse_ok(scalar_source(e)); }
/// The first error of parsing `x = <e>` (see scalar_source); empty when it parses.
std::string scalar_error(const std::string& e) {
  auto r = text::parse_program(scalar_source(e), "e.py");
  return r.ok() ? std::string() : r.errors.front().str();
}
}  // namespace

TEST_CASE("operators bind by Python's precedence and associate to the left") {
  // Each expression must parse to the tree of its fully parenthesized form (parentheses make
  // no node), and not to the tree of the other grouping.
  struct Case {
    const char* text;
    const char* same;
    const char* other;
  };
  const Case cases[] = {
      {"a + b * 2", "a + (b * 2)", "(a + b) * 2"},
      {"a - b - 1", "(a - b) - 1", "a - (b - 1)"},
      {"a * b // 2 % 7", "((a * b) // 2) % 7", "a * (b // (2 % 7))"},
      {"a // b * 2", "(a // b) * 2", "a // (b * 2)"},
      {"-a * b", "(-a) * b", "-(a * b)"},
      {"a - -b", "a - (-b)", "(a - b)"},
      {"a < b + 1", "a < (b + 1)", "(a < b) + 1"},
      {"a + b < a * b", "(a + b) < (a * b)", "a + (b < a) * b"},
      {"not a < b", "not (a < b)", "(not a) < b"},
      {"not not a", "not (not a)", "a"},
      {"c or c and c", "c or (c and c)", "(c or c) and c"},
      {"c and c or c and c", "(c and c) or (c and c)", "c and (c or c) and c"},
      {"c and not c or c", "(c and (not c)) or c", "c and (not (c or c))"},
      {"a < b and b < a or not c", "((a < b) and (b < a)) or (not c)", "(a < b) and ((b < a) or (not c))"},
      {"c or c or c", "(c or c) or c", "c or (c or c)"},
      {"a == b and c", "(a == b) and c", "a == (b and c)"},
  };
  for (const Case& k : cases) {
    CAPTURE(k.text);
    auto p = scalar_assign(k.text);
    CHECK(visit::structural_equal(*p, *scalar_assign(k.same)).equal);
    CHECK_FALSE(visit::structural_equal(*p, *scalar_assign(k.other)).equal);
  }
}

TEST_CASE("comparisons do not chain; 'not' is no operand of a comparison or of arithmetic") {
  for (const char* e : {"a < b < 1", "a == b != 1", "a <= b >= 1", "not a < b == c"}) {
    CAPTURE(e);
    CHECK(scalar_error(e).find("error: chained comparisons are not supported; use 'and'") != std::string::npos);
  }
  for (const char* e : {"a < not b", "a + not b", "a * not b"}) {
    CAPTURE(e);
    CHECK(scalar_error(e).find("error: undefined name 'not'") != std::string::npos);
  }
}

TEST_CASE("op calls on constants repeated: each gets the type its own operands and kwargs give") {
  // The parser keeps the result types of op calls whose operands are all constants
  // (text/op_type_memo.hpp); a kept type must never answer a call that differs in op, operands or
  // kwargs, and a call that fails inference must still fail.
  const char* src = R"(
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def f(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        a = pl.create_tensor([32, 64], dtype=pl.FP32)
        b = pl.create_tensor([32, 64], dtype=pl.FP32)
        c = pl.create_tensor([32, 64], dtype=pl.FP16)
        d = pl.create_tensor([64, 32], dtype=pl.FP32)
        e = pl.create_tensor([32, 64], dtype=pl.FP32, layout=pl.TensorLayout.DN)
        g = pl.full([32, 64], 1.0, dtype=pl.FP32)
        h = pl.full([32, 64], 2, dtype=pl.INT32)
        return x
)";
  auto p = parse_ok(src);
  const auto& stmts = stmts_of(p->functions[0]->body);
  auto type_text = [&](std::size_t i) { return text::print_type(stmt_as<Assign>(stmts[i])->var->type); };
  CHECK(type_text(0) == "pl.Tensor[[32, 64], pl.FP32]");
  CHECK(type_text(1) == "pl.Tensor[[32, 64], pl.FP32]");
  CHECK(stmt_as<Assign>(stmts[0])->var->type == stmt_as<Assign>(stmts[1])->var->type);  // one interned type
  CHECK(type_text(2) == "pl.Tensor[[32, 64], pl.FP16]");
  CHECK(type_text(3) == "pl.Tensor[[64, 32], pl.FP32]");
  CHECK(type_text(5) == "pl.Tensor[[32, 64], pl.FP32]");
  CHECK(type_text(6) == "pl.Tensor[[32, 64], pl.INT32]");
  // Every call's type is the one inference gives for it alone.
  for (std::size_t i = 0; i < 7; ++i) {
    CAPTURE(i);
    const auto* call = expr_as<Call>(stmt_as<Assign>(stmts[i])->value);
    REQUIRE(call != nullptr);
    InferResult r = check_and_infer(*find_op(call->callee), call->args, call->kwargs);
    REQUIRE(r.error.empty());
    CHECK(text::print_type(r.type) == text::print_type(stmt_as<Assign>(stmts[i])->var->type));
  }
  // A failing call after successful ones with the same operands still fails.
  auto bad = text::parse_program(R"(
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def f(self, x: pl.Tensor[[32, 64], pl.FP32]) -> pl.Tensor[[32, 64], pl.FP32]:
        a = pl.create_tensor([32, 64], dtype=pl.FP32)
        b = pl.create_tensor([32, 64])
        return x
)", "m.py");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.errors.front().str() == "m.py:7:13: error: tensor.create needs dtype=");
}

TEST_CASE("names are made unique per function by suffixes") {
  const char* src = R"(
@pl.program
class P:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        x = a + 1
        x = x + 1
        x = x * 2
        return x
)";
  auto p = parse_ok(src);
  // Hand-written text that rebinds `x` is read by names (docs/semantics.md "Names"): it prints
  // verbatim, since renaming a rebinding can change which value a later use reads.
  REQUIRE(p->functions[0]->names == ir::NameBinding::Text);
  std::string text = text::print_program(*p);
  CHECK(text.find("x: pl.Scalar[pl.INDEX] = x + 1") != std::string::npos);
  CHECK(text.find("x: pl.Scalar[pl.INDEX] = x * 2") != std::string::npos);
  check_round_trip(src, "t.py");
  // The same nodes read by nodes (what every pass builds): the names are made unique.
  auto q = std::make_shared<ir::Program>(*p);
  q->functions[0] = ir::with_function(*p->functions[0], [](ir::Function& g) { g.names = ir::NameBinding::Nodes; });
  std::string out = text::print_program(*q);
  CHECK(out.find("x_1: pl.Scalar[pl.INDEX] = x + 1") != std::string::npos);
  CHECK(out.find("x_2: pl.Scalar[pl.INDEX] = x_1 * 2") != std::string::npos);
  auto back = parse_ok(out);
  CHECK(back->functions[0]->names == ir::NameBinding::Nodes);
  CHECK(visit::structural_equal(*q, *back).equal);
}

TEST_CASE("the parser marks hand-written rebinding as read by names, and only that") {
  auto marked = [](const char* body) {
    auto p = parse_ok(std::string(R"(
@pl.program
class P:
    @pl.function
    def f(self, a: pl.Scalar[pl.INDEX], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
)") + body);
    return p->functions[0]->names == ir::NameBinding::Text;
  };
  // Definitions that shadow another definition: assignment over assignment or parameter, results.
  CHECK(marked("        a = a + 1\n        return a\n"));
  CHECK(marked("        x = a\n        for i in pl.range(n):\n            x = x + i\n        return x\n"));
  CHECK(marked("        x = a\n        if n > 0:\n            x = 1\n        else:\n            x = 2\n        return x\n"));
  // SSA text, and loop-header names (scoped to their loop), shadowed or reused, are not.
  CHECK_FALSE(marked("        x = a + 1\n        return x\n"));
  CHECK_FALSE(marked("        for i in pl.range(n):\n            y = i\n        for i in pl.range(n):\n            z = i\n"
                     "        return a\n"));
  CHECK_FALSE(marked("        for i, (c,) in pl.range(n, init_values=(a,)):\n            c = c + 1\n"
                     "            r = pl.yield_(c)\n        return r\n"));
  CHECK_FALSE(marked("        for i in pl.range(n):\n            i = i + 1\n        return a\n"));
}

TEST_CASE("every example and golden file round-trips through print and parse") {
  namespace fs = std::filesystem;
  const char* root_env = std::getenv("PTORW_SOURCE_ROOT");
  fs::path root = root_env ? root_env : ".";
  int files = 0;
  for (const char* dir : {"examples", "test/golden"}) {
    if (!fs::exists(root / dir)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root / dir)) {
      if (e.path().extension() != ".py") continue;
      std::ifstream in(e.path());
      std::stringstream ss;
      ss << in.rdbuf();
      std::string name = e.path().string();
      CAPTURE(name);
      check_round_trip(ss.str(), name);
      ++files;
    }
  }
  MESSAGE("round-tripped ", files, " files");
}

TEST_CASE("stmts_of and last_stmt see a body as printed: nested Seqs spliced") {
  // A rewrite replacing one statement by several leaves a Seq inside the body
  // (flatten-call-expr); rules read the body through stmts_of, so they must see the statements the
  // printer prints and the parser reads back (end-to-end audit 2026-12-05 F3).
  auto v = [](const char* n) { return make_var(n, scalar_type(DType::INDEX)); };
  auto a = v("a"), b = v("b"), c = v("c"), d = v("d");
  Stmt sa = make_assign(a, make_int(1)), sb = make_assign(b, make_int(2)), sc = make_assign(c, make_int(3)),
       sd = make_assign(d, make_int(4));
  Stmt nested = make_seq({sa, make_seq({sb, make_seq({sc})}), sd});
  CHECK(stmts_of(nested) == std::vector<Stmt>{sa, sb, sc, sd});
  REQUIRE(last_stmt(nested) != nullptr);
  CHECK(*last_stmt(nested) == sd);
  // The last flat statement inside a trailing nested Seq, past an empty one.
  Stmt tail = make_seq({sa, make_seq({sb, make_seq({sc})}), make_seq({})});
  REQUIRE(last_stmt(tail) != nullptr);
  CHECK(*last_stmt(tail) == sc);
  CHECK(last_stmt(make_seq({make_seq({})})) == nullptr);
  // Without nesting: the list itself; a single statement: itself.
  CHECK(stmts_of(make_seq({sa, sb})) == std::vector<Stmt>{sa, sb});
  CHECK(stmts_of(sa) == std::vector<Stmt>{sa});
  CHECK(*last_stmt(sa) == sa);
  // flat_stmts hands back the Seq's own list when nothing is nested (no copy of a huge body), and
  // the spliced statements in its storage otherwise; FlatStmts yields the same one at a time.
  Stmt plain = make_seq({sa, sb});
  std::vector<Stmt> storage;
  CHECK(&flat_stmts(plain, storage) == &stmt_as<Seq>(plain)->stmts);
  CHECK(storage.empty());
  CHECK(&flat_stmts(nested, storage) == &storage);
  CHECK(storage == std::vector<Stmt>{sa, sb, sc, sd});
  CHECK(flat_stmts(Stmt{}, storage).empty());
  FlatStmts it(nested);
  std::vector<Stmt> yielded;
  while (const Stmt* s = it.next()) yielded.push_back(*s);
  CHECK(yielded == std::vector<Stmt>{sa, sb, sc, sd});
  // The printer prints the nested form in the same order.
  std::string text = text::print_stmt(nested);
  CHECK(text.find("= 1") < text.find("= 2"));
  CHECK(text.find("= 2") < text.find("= 3"));
  CHECK(text.find("= 3") < text.find("= 4"));
  CHECK(text.find("= 4") != std::string::npos);
}
}  // namespace ut_text_test

namespace ut_text_test {
TEST_CASE("an elif chain prints as elif, one level deep, and parses back equal (review rev42a 2)") {
  // 250 arms: printed as nested `else: if`, the text went 250 blocks deep, past the parser's limit.
  std::string src = "import ptorw.language as pl\n@pl.program\nclass P:\n"
                    "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                    "    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
                    "        s = -1\n        if n == 0:\n            s = 0\n";
  for (int k = 1; k < 250; ++k) src += "        elif n == " + std::to_string(k) + ":\n            s = " + std::to_string(k * 2) + "\n";
  src += "        else:\n            s = 7\n        return s\n";
  auto p = parse_ok(src);
  const std::string once = text::print_program(*p);
  CHECK(once.find("        elif n == 249:\n") != std::string::npos);
  CHECK(once.find("\n                if ") == std::string::npos);  // nothing nested under an else
  auto back = text::parse_program(once, "t.py (printed)");
  for (auto& d : back.errors) FAIL_CHECK(d.str());
  REQUIRE(back.ok());
  CHECK(visit::structural_equal(*back.program, *p).equal);
  check_round_trip(src, "elif.py");
  // Without results (a statement if) and with an else arm that holds more than the inner if: the
  // latter stays `else:` with the if nested in it.
  check_round_trip("import ptorw.language as pl\n@pl.program\nclass P:\n"
                   "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                   "    def main(self, x: pl.Tensor[[16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
                   "        if n == 0:\n            v = pl.tensor.read(x, [0])\n"
                   "        elif n == 1:\n            v = pl.tensor.read(x, [1])\n"
                   "        else:\n            m = n + 1\n            if m == 3:\n                w = m\n"
                   "        return n\n",
                   "elif2.py");
  // An else arm whose if is followed by the yield of other values than that if's results is no
  // elif: printed as one, the outer if would yield the inner one's results.
  auto other = parse_ok("import ptorw.language as pl\n@pl.program\nclass P:\n"
                        "    @pl.function(type=pl.FunctionType.Orchestration)\n"
                        "    def main(self, n: pl.Scalar[pl.INDEX], m: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
                        "        if n == 0:\n            s = pl.yield_(n)\n"
                        "        else:\n"
                        "            if n == 1:\n                t = pl.yield_(n)\n"
                        "            else:\n                t = pl.yield_(m)\n"
                        "            s = pl.yield_(m)\n"
                        "        return s\n");
  const std::string other_text = text::print_program(*other);
  CHECK(other_text.find("elif") == std::string::npos);
  auto other_back = text::parse_program(other_text, "t.py (printed)");
  REQUIRE(other_back.ok());
  CHECK(visit::structural_equal(*other_back.program, *other).equal);
}
}  // namespace ut_text_test
