// The normalization passes (convert-to-ssa, flatten-call-expr, the simplify extensions) and the
// `default` pipeline: the behaviour goldens cannot show — errors and their locations, fail-closed
// results, declines with reasons, dtype corners, registration and the merged pipeline outcome.
// The rewrites themselves are covered by test/golden/{convert-to-ssa,flatten-call-expr,simplify,default}.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "ptorw/ir/verify.hpp"
#include "ptorw/passes/registry.hpp"  // the passes come from test/support/all_passes.cpp
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
#include "ptorw/visit/erased.hpp"
#include "rewrite_fixtures.hpp"
namespace ut_normalize_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

constexpr const char* kSig = "(self, n: pl.Scalar[pl.INDEX], c: pl.Scalar[pl.BOOL]) -> pl.Scalar[pl.INDEX]";

/// A one-function program `def main<sig>: <body>` (the body indented by 8 spaces).
ir::ProgramPtr parse(const std::string& body, const std::string& sig = kSig) {
  std::string src =
      "import ptorw.language as pl\n\n@pl.program\nclass P:\n    @pl.function\n    def main" + sig + ":\n" + body;
  auto r = text::parse_program(src, "t.py");
  for (const auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  return r.program;
}

passes::PassOutcome run(const char* pass, const ir::ProgramPtr& p, bool remarks = false) {
  auto pp = passes::make_pass(pass);
  REQUIRE(pp);
  rewrite::DriverOptions o;
  o.check = true;
  o.remarks = remarks;
  return pp->run(p, {}, o);
}

std::string errors_of(const passes::PassOutcome& o) {
  std::string s;
  for (const auto& d : o.diagnostics)
    if (d.severity == Severity::Error) s += d.str() + "\n";
  return s;
}

bool has_remark(const passes::PassOutcome& o, const std::string& rule, const std::string& part) {
  return std::any_of(o.remarks.begin(), o.remarks.end(),
                     [&](const auto& r) { return r.rule == rule && r.reason.find(part) != std::string::npos; });
}

}  // namespace

TEST_CASE("the normalization passes and the default pipeline are registered with their properties") {
  for (const char* name : {"convert-to-ssa", "flatten-call-expr", "simplify", "default"}) {
    INFO(name);
    CHECK(passes::make_pass(name));
  }
  CHECK(passes::make_pass("convert-to-ssa")->properties.produced.has(passes::IrProperty::SSAForm));
  CHECK(passes::make_pass("flatten-call-expr")->properties.produced.has(passes::IrProperty::NoNestedCalls));
  auto d = passes::make_pass("default")->properties.produced;
  CHECK(d.has(passes::IrProperty::SSAForm));
  CHECK(d.has(passes::IrProperty::NoNestedCalls));
}

TEST_CASE("convert-to-ssa: a name read after a loop or if with no value before it is an error at the statement") {
  auto p = parse(
      "        for i in pl.range(n):\n"
      "            y = i * 2\n"
      "        if c:\n"
      "            z = 1\n"
      "        w = y + z\n"
      "        return w\n");
  auto o = run("convert-to-ssa", p);
  std::string errs = errors_of(o);
  CHECK(errs.find("t.py:7:9: error: 'y' is assigned inside this loop") != std::string::npos);
  CHECK(errs.find("t.py:9:9: error: 'z' is assigned in only one branch of this if") != std::string::npos);
  CHECK(o.program == p);  // fail-closed: the input comes back
  // The pipeline stops at the error too, with the input as its program.
  auto d = run("default", p);
  CHECK(errors_of(d).find("'y' is assigned inside this loop") != std::string::npos);
  CHECK(d.program == p);
}

TEST_CASE("convert-to-ssa: its output verifies, and a second run returns the same object") {
  auto p = parse(
      "        x = 0\n"
      "        for i in pl.range(n):\n"
      "            if i > 2:\n"
      "                x = x + i\n"
      "            elif c:\n"
      "                x = x - 1\n"
      "        return x\n");
  CHECK(has_errors(ir::verify(*p)));
  auto once = run("convert-to-ssa", p);
  REQUIRE(errors_of(once).empty());
  CHECK(once.stop == rewrite::StopReason::Converged);
  CHECK_FALSE(has_errors(ir::verify(*once.program)));
  auto twice = run("convert-to-ssa", once.program);
  CHECK(twice.program == once.program);
  CHECK(twice.rewrites == 0);
}

TEST_CASE("convert-to-ssa: a program version its driver verified whole is not verified again") {
  // Text that rebinds `x` in a loop, relabelled as read by nodes: it does not verify, so
  // convert-to-ssa converts it — unless the options say this very version verified
  // (rewrite::Options::verified_program, what `ptorw compile` sets after verifying its input).
  auto text = parse(
      "        x = 0\n"
      "        for i in pl.range(n):\n"
      "            x = x + i\n"
      "        return x\n");
  auto nodes = std::make_shared<ir::Program>(*text);
  nodes->functions[0] = ir::with_function(*text->functions[0], [](ir::Function& g) { g.names = ir::NameBinding::Nodes; });
  ir::ProgramPtr p = nodes;
  REQUIRE(has_errors(ir::verify(*p)));
  auto pp = passes::make_pass("convert-to-ssa");
  REQUIRE(pp);
  passes::PassContext ctx;
  CHECK(pp->run(p, ctx, {}).rewrites == 1);  // verified here: converted
  ctx.verified_program = std::make_shared<ir::Program>(*p);  // another version (equal, not the same)
  CHECK(pp->run(p, ctx, {}).rewrites == 1);
  ctx.verified_program = p;  // this version: taken as verifying, not walked
  auto o = pp->run(p, ctx, {});
  CHECK(o.rewrites == 0);
  CHECK(o.program == p);
}

TEST_CASE("convert-to-ssa: a function whose uses are not the parser's name binding is refused, not guessed") {
  // Built the way a pass builds IR: two variables named `t`, and a use of the first after the
  // second exists. Reading names would take the second; the function also fails verification
  // (a loop-local `u` escapes), so convert-to-ssa would otherwise try.
  using namespace fx;
  auto n = var("n"), t1 = var("t"), t2 = var("t"), i = var("i"), u = var("u"), r = var("r");
  ir::Stmt loop = make_stmt(For{ForKind::Range, i, I(0), n, I(1), {}, make_seq({assign(u, add(i, I(1)))}), {}});
  auto p = program({function("main", {n}, {assign(t1, add(n, I(1))), assign(t2, add(n, I(2))), loop,
                                           assign(r, add(add(t1, t2), u)), ret({r})},
                             {idx()})});
  auto o = run("convert-to-ssa", p);
  CHECK(errors_of(o).find("are not bound by name as in program text") != std::string::npos);
  CHECK(o.program == p);
}

TEST_CASE("flatten-call-expr: a call in a pl.while_ condition stays, with the reason as a remark") {
  auto p = parse(
      "        for (k,) in pl.while_(init_values=(n,)):\n"
      "            pl.cond(pl.tensor.read(t, [k]) > 0.0)\n"
      "            m = k + 1\n"
      "            k_out = pl.yield_(m)\n"
      "        return k_out\n",
      "(self, n: pl.Scalar[pl.INDEX], t: pl.Tensor[[8], pl.FP32]) -> pl.Scalar[pl.INDEX]");
  auto o = run("flatten-call-expr", p, true);
  CHECK(o.program == p);
  CHECK(has_remark(o, "flatten_loop_header", "pl.while_ condition stays"));
}

TEST_CASE("simplify: only INDEX constants propagate; an INT32 one stays, its text would read back as INDEX") {
  // Until 2026-12-05 an INT32 constant took the variable's dtype in place, and `k + 1` printed as
  // `2147483647 + 1`, which parses back as INDEX arithmetic (audit of the normalization passes).
  auto p = parse(
      "        a: pl.Scalar[pl.INT32] = 5\n"
      "        b: pl.Scalar[pl.INT32] = a * n32\n"
      "        return b\n",
      "(self, n32: pl.Scalar[pl.INT32]) -> pl.Scalar[pl.INT32]");
  auto o = run("simplify", p);
  CHECK(ir::stmts_of(o.program->find("main")->body).size() == 3);
  auto q = parse(
      "        a = 5\n"
      "        b = a * n\n"
      "        return b\n",
      "(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]");
  auto body = ir::stmts_of(run("simplify", q).program->find("main")->body);
  REQUIRE(body.size() == 2);
  auto* b = ir::stmt_as<ir::Assign>(body[0]);
  REQUIRE(b);
  auto* mul = ir::expr_as<ir::Binary>(b->value);  // 5 * n, put in canonical order n * 5
  REQUIRE(mul);
  CHECK(ir::const_int(mul->rhs) == 5);
}

TEST_CASE("simplify: a single-trip loop keeps a call init evaluated once, bound to a fresh variable") {
  auto p = parse(
      "        for i, (acc,) in pl.range(1, init_values=(pl.tensor.read(t, [0]),)):\n"
      "            s = acc + acc\n"
      "            r = pl.yield_(s)\n"
      "        return r\n",
      "(self, t: pl.Tensor[[8], pl.FP32]) -> pl.Scalar[pl.FP32]");
  auto o = run("simplify", p);
  auto want = parse(
      "        acc = pl.tensor.read(t, [0])\n"
      "        s = acc + acc\n"
      "        return s\n",
      "(self, t: pl.Tensor[[8], pl.FP32]) -> pl.Scalar[pl.FP32]");
  auto eq = visit::structural_equal(*o.program, *want);
  CHECK_MESSAGE(eq.equal, eq.report() << "\n" << text::print_program(*o.program));
}

TEST_CASE("simplify: a single-trip loop whose variable a type mentions is kept (types are not rewritten)") {
  auto p = parse(
      "        for i in pl.range(4, 5):\n"
      "            v = pl.tile.load(src, [0, 0], [16, 32], [i, 32])\n"
      "            w = pl.tile.store(v, [0, 0], dst)\n"
      "        return dst\n",
      "(self, src: pl.Tensor[[16, 32], pl.FP32], dst: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]");
  auto o = run("simplify", p, true);
  auto body = ir::stmts_of(o.program->find("main")->body);
  REQUIRE_FALSE(body.empty());
  CHECK(ir::stmt_as<ir::For>(body[0]));
  CHECK(has_remark(o, "remove_single_trip_loops", "appears in a type"));
}

namespace {
/// simplify's output on `body`, compared with `want` (both one-function programs of `sig`).
void simplifies_to(const std::string& body, const std::string& want, const std::string& sig = kSig) {
  auto o = run("simplify", parse(body, sig));
  REQUIRE(errors_of(o).empty());
  auto w = parse(want, sig);
  auto eq = visit::structural_equal(*o.program, *w);
  CHECK_MESSAGE(eq.equal, eq.report() << "\n" << text::print_program(*o.program));
}
}  // namespace

// Expected programs written by hand: the taken arm without its yield, uses of the results reading
// the yielded values (a computed value assigned to the result itself).
TEST_CASE("simplify: an if with a constant condition is its taken arm") {
  simplifies_to(
      "        if True:\n"
      "            a = n + 1\n"
      "            r = pl.yield_(a)\n"
      "        else:\n"
      "            b = n * 3\n"
      "            r = pl.yield_(b)\n"
      "        return r\n",
      "        a = n + 1\n"
      "        return a\n");
  simplifies_to(
      "        if 0 % 2 == 1:\n"
      "            r = pl.yield_(n)\n"
      "        else:\n"
      "            r = pl.yield_(n * 3)\n"
      "        return r\n",
      "        r = n * 3\n"
      "        return r\n");
  // Two results: each reads its own yielded value.
  simplifies_to(
      "        if True:\n"
      "            a = n + 1\n"
      "            r, q = pl.yield_(a, n)\n"
      "        else:\n"
      "            r, q = pl.yield_(n, n)\n"
      "        s = r * q\n"
      "        return s\n",
      "        a = n + 1\n"
      "        s = a * n\n"
      "        return s\n");
  // `if False:` without an else arm has no results: it goes.
  simplifies_to(
      "        if False:\n"
      "            x = pl.tensor.read(t, [0])\n"
      "        return n\n",
      "        return n\n",
      "(self, n: pl.Scalar[pl.INDEX], t: pl.Tensor[[8], pl.INDEX]) -> pl.Scalar[pl.INDEX]");
  // Nested: the inner constant if inside the taken arm goes too; a runtime condition stays.
  simplifies_to(
      "        if True:\n"
      "            if c:\n"
      "                a = pl.yield_(n)\n"
      "            else:\n"
      "                if False:\n"
      "                    b = pl.yield_(n)\n"
      "                else:\n"
      "                    b = pl.yield_(n + 2)\n"
      "                a = pl.yield_(b)\n"
      "            r = pl.yield_(a)\n"
      "        else:\n"
      "            r = pl.yield_(n)\n"
      "        return r\n",
      "        if c:\n"
      "            a = pl.yield_(n)\n"
      "        else:\n"
      "            b = n + 2\n"
      "            a = pl.yield_(b)\n"
      "        return a\n");
}

TEST_CASE("simplify: an if whose condition is not a constant, or whose result a type mentions, is kept") {
  auto p = parse(
      "        if c:\n"
      "            r = pl.yield_(n)\n"
      "        else:\n"
      "            r = pl.yield_(n + 1)\n"
      "        return r\n");
  auto o = run("simplify", p, true);
  CHECK(o.program == p);
  CHECK(has_remark(o, "remove_constant_ifs", "no if with a constant condition"));
  auto q = parse(
      "        if True:\n"
      "            k = pl.yield_(16)\n"
      "        else:\n"
      "            k = pl.yield_(32)\n"
      "        v = pl.tile.load(src, [0, 0], [16, 32], [k, 32])\n"
      "        w = pl.tile.store(v, [0, 0], dst)\n"
      "        return w\n",
      "(self, src: pl.Tensor[[16, 32], pl.FP32], dst: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]");
  auto oq = run("simplify", q, true);
  bool kept = false;
  visit::walk_stmts(oq.program->find("main")->body, [&](const ir::Stmt& s) { kept = kept || ir::stmt_as<ir::If>(s); });
  CHECK(kept);
  CHECK(has_remark(oq, "remove_constant_ifs", "appears in a type"));
}

TEST_CASE("default: one outcome with every step's statistics; a second run changes nothing") {
  auto p = parse(
      "        x = 0\n"
      "        for i in pl.range(1):\n"
      "            x = x + pl.tensor.read(t, [i + 1])\n"
      "        return x\n",
      "(self, t: pl.Tensor[[8], pl.INDEX]) -> pl.Scalar[pl.INDEX]");
  auto o = run("default", p);
  REQUIRE(errors_of(o).empty());
  auto has_rule = [&](std::string_view r) {
    return std::any_of(o.stats.begin(), o.stats.end(), [&](const auto& s) { return s.name == r; });
  };
  CHECK(has_rule("convert_to_ssa"));
  CHECK(has_rule("flatten_nested_calls"));
  CHECK(has_rule("remove_single_trip_loops"));
  CHECK(has_rule("iter_arg_reuse"));
  // x = 0 + r folds to the copy x = r, which copy propagation removes.
  auto want = parse(
      "        r = pl.tensor.read(t, [1])\n"
      "        return r\n",
      "(self, t: pl.Tensor[[8], pl.INDEX]) -> pl.Scalar[pl.INDEX]");
  auto eq = visit::structural_equal(*o.program, *want);
  CHECK_MESSAGE(eq.equal, eq.report() << "\n" << text::print_program(*o.program));
  auto again = run("default", o.program);
  CHECK(again.program == o.program);
}
}  // namespace ut_normalize_test
