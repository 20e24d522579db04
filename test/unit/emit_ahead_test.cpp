// `ptorw compile` emits the orchestration C++ from the default pipeline's output while
// tile-to-buffer and the final verification run (CompileOptions::emit_ahead), and keeps that text
// only when the final program gives the emitter the same view (codegen::orch::same_emitter_view).
// The view check is pinned change by change; the files are the same with and without emitting ahead.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "ptorw/codegen/orch_emit.hpp"
#include "ptorw/codegen/orch_kernels.hpp"
#include "ptorw/compile/compile.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/text/parser.hpp"
#include "../support/examples.hpp"
#include "../support/orch_programs.hpp"
#include "../support/same_compile.hpp"
namespace ut_emit_ahead_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;
using ptorw::test::example;
using ptorw::test::example_names;

namespace {

/// `p` with function `name` replaced by `edit` of a copy of it.
template <class F> ir::ProgramPtr with(const ir::ProgramPtr& p, const std::string& name, F edit) {
  auto q = std::make_shared<ir::Program>(*p);
  for (auto& f : q->functions)
    if (f->name == name) f = ir::with_function(*f, edit);
  return q;
}

}  // namespace

TEST_CASE("same_emitter_view: what tile-to-buffer may change, and what makes the emitter read differently") {
  // windowed_rows: InCore kernels scale_rows, bias_rows, clamp_all and the Orchestration main.
  auto p = example("windowed_rows.py");
  REQUIRE(p->find("scale_rows"));
  REQUIRE(p->find("main"));
  CHECK(codegen::orch::same_emitter_view(*p, *p));
  SUBCASE("a kernel's new stage and the same parameters: the same view") {
    CHECK(codegen::orch::same_emitter_view(*p, *with(p, "scale_rows", [](ir::Function& g) { g.stage = ir::Stage::Buffer; })));
  }
  SUBCASE("a parameter's direction") {
    auto q = with(p, "scale_rows", [](ir::Function& g) {
      for (auto& prm : g.params)
        if (prm.dir == ir::Direction::Out) prm.dir = ir::Direction::InOut;
    });
    CHECK_FALSE(codegen::orch::same_emitter_view(*p, *q));
  }
  SUBCASE("a parameter node (its type may differ)") {
    auto q = with(p, "scale_rows", [](ir::Function& g) {
      g.params[0].var = ir::make_var("src", g.params[0].var->type, g.params[0].var->span);
    });
    CHECK_FALSE(codegen::orch::same_emitter_view(*p, *q));
  }
  SUBCASE("the orchestration function, even as an equal copy") {
    CHECK_FALSE(codegen::orch::same_emitter_view(*p, *with(p, "main", [](ir::Function&) {})));
  }
  SUBCASE("a kernel's type (its kind: the submit call)") {
    CHECK_FALSE(codegen::orch::same_emitter_view(*p, *with(p, "clamp_all", [](ir::Function& g) { g.type = ir::FunctionType::AIV; })));
  }
  SUBCASE("what a kernel returns (which parameter a task's result is)") {
    CHECK_FALSE(codegen::orch::same_emitter_view(*p, *with(p, "clamp_all", [](ir::Function& g) { g.body = nullptr; })));
  }
  SUBCASE("the functions' order (the kernel ids)") {
    auto q = std::make_shared<ir::Program>(*p);
    std::swap(q->functions[0], q->functions[1]);
    CHECK_FALSE(codegen::orch::same_emitter_view(*p, *q));
  }
  SUBCASE("the source file (named in the C++)") {
    auto q = std::make_shared<ir::Program>(*p);
    q->source_file += ".other";
    CHECK_FALSE(codegen::orch::same_emitter_view(*p, *q));
  }
}

TEST_CASE("compile keeps the orchestration emitted ahead, and writes the same files as without it") {
  int kept = 0;
  for (const std::string& name : example_names()) {
    CAPTURE(name);
    auto program = example(name);
    compile::CompileOptions on, off;
    off.emit_ahead = false;
    auto a = compile::compile(program, on), b = compile::compile(program, off);
    CHECK_FALSE(b.orchestration_ahead);
    kept += a.orchestration_ahead;
    ptorw::test::check_same_compile(a, b);
  }
  CHECK(kept == static_cast<int>(example_names().size()));  // tile-to-buffer rewrites kernel bodies only
}

namespace {

constexpr const char* kSmall = R"(import ptorw.language as pl


@pl.program
class Small:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        v = pl.tensor.slice(x, [32, 32], [0, 0])
        buf = pl.create_tensor([64, 64], dtype=pl.FP32)
        r = self.k(x, buf)
        return r
)";

/// `p` with the value of main's statement `index` (an Assign of a call) given the arguments `edit`
/// makes of its own.
template <class F> ir::ProgramPtr edit_call(const ir::ProgramPtr& p, std::size_t index, F edit) {
  return with(p, "main", [&](ir::Function& g) {
    auto* seq = ir::stmt_as<ir::Seq>(g.body);
    REQUIRE(seq);
    std::vector<ir::Stmt> stmts = seq->stmts;
    auto* a = ir::stmt_as<ir::Assign>(stmts.at(index));
    REQUIRE(a);
    auto* c = ir::expr_as<ir::Call>(a->value);
    REQUIRE(c);
    ir::Call next = *c;
    edit(next.args);
    stmts[index] = ir::make_assign(a->var, ir::make_expr(std::move(next), a->value->type, a->value->span), stmts[index]->span);
    g.body = ir::make_seq(std::move(stmts), g.body->span);
  });
}

}  // namespace

TEST_CASE("the orchestration emitter refuses malformed calls with an error (compile emits ahead of the final verification)") {
  auto parsed = text::parse_program(kSmall, "small.py");
  REQUIRE(parsed.ok());
  auto good = codegen::emit_orchestration(*parsed.program);
  REQUIRE(good.ok());
  REQUIRE(good.functions.size() == 1);
  SUBCASE("a tensor.slice without its offsets") {
    auto bad = edit_call(parsed.program, 0, [](std::vector<ir::Expr>& args) { args.pop_back(); });
    auto r = codegen::emit_orchestration(*bad);
    CHECK_FALSE(r.ok());
    CHECK(r.functions.empty());
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].message.find("'tensor.slice' with 2 operands") != std::string::npos);
  }
  SUBCASE("a tensor.slice operand that is missing") {
    auto bad = edit_call(parsed.program, 0, [](std::vector<ir::Expr>& args) { args[2] = nullptr; });
    auto r = codegen::emit_orchestration(*bad);
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].message.find("missing operand") != std::string::npos);
  }
  SUBCASE("a kernel call whose created buffer sits past the kernel's parameters") {
    // self.k(x, x, buf): buf is argument 2 of a kernel with two parameters.
    auto bad = edit_call(parsed.program, 2, [](std::vector<ir::Expr>& args) { args.insert(args.begin(), args[0]); });
    auto r = codegen::emit_orchestration(*bad);
    CHECK_FALSE(r.ok());
    REQUIRE(r.diagnostics.size() == 1);
    CHECK(r.diagnostics[0].message.find("'k' takes 2 arguments") != std::string::npos);
  }
}

TEST_CASE("compile emits again when the final program gives the emitter another view, and writes what it reads") {
  // lower-tile-to-buffer replaced, for this test, by itself followed by turning kernel k's Out
  // parameter into InOut (a valid program the emitter spells differently: add_inout).
  auto& registry = passes::PassRegistry::global();
  const passes::Pass real = *passes::make_pass("lower-tile-to-buffer");
  passes::Pass changed = real;
  changed.run = [run = real.run](const ir::ProgramPtr& in, const passes::PassContext& c, const rewrite::DriverOptions& d) {
    passes::PassOutcome o = run(in, c, d);
    o.program = with(o.program, "k", [](ir::Function& g) { g.params[1].dir = ir::Direction::InOut; });
    o.verified = false;
    return o;
  };
  struct Restore {
    passes::PassRegistry& r;
    passes::Pass p;
    ~Restore() {
      r.add("lower-tile-to-buffer", [p = p] { return p; });
    }
  } restore{registry, real};
  registry.add("lower-tile-to-buffer", [changed] { return changed; });

  auto parsed = text::parse_program(kSmall, "small.py");
  REQUIRE(parsed.ok());
  compile::CompileOptions on, off;
  off.emit_ahead = false;
  auto a = compile::compile(parsed.program, on), b = compile::compile(parsed.program, off);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK_FALSE(a.orchestration_ahead);  // emitted ahead, then again from the final program
  ptorw::test::check_same_compile(a, b);
  bool inout = false;
  for (const auto& f : a.files)
    if (f.path == "orchestration/main.cpp") inout = f.text.find(".add_inout(buf)") != std::string::npos;
  CHECK(inout);
}

TEST_CASE("same_emitter_view compares a Group's mixed task (its kernels come from its body)") {
  auto parsed = text::parse_program(test::kAicAivKernels + R"(    @pl.function(type=pl.FunctionType.Group)
    def g(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]):
        r1 = self.c(a, o)
        r2 = self.v(a, o)
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:
        self.g(a, o)
        return o
)",
                                    "group.py");
  REQUIRE(parsed.ok());
  auto p = parsed.program;
  CHECK(codegen::orch::same_emitter_view(*p, *p));
  // The Group without its AIC call: same functions, names, types and parameters; another task.
  auto q = with(p, "g", [](ir::Function& g) {
    auto* seq = ir::stmt_as<ir::Seq>(g.body);
    REQUIRE(seq);
    REQUIRE(seq->stmts.size() == 2);
    g.body = ir::make_seq({seq->stmts[1]}, g.body->span);
  });
  CHECK_FALSE(codegen::orch::same_emitter_view(*p, *q));
}
}  // namespace ut_emit_ahead_test
