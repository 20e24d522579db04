// diffcheck over registered passes (pass_steps.hpp): each pass of a pipeline judged on its own.
#include "interp_helpers.hpp"
#include "ptorw/interp/pass_steps.hpp"
#include "ptorw/passes/pass_manager.hpp"  // passes come from test/support/all_passes.cpp
#include "ptorw/passes/registry.hpp"

using namespace interp_test;

TEST_CASE("registered passes preserve the meaning of every example") {
  auto spec = passes::parse_pipeline("simplify");
  REQUIRE(spec.error.empty());
  for (const char* name : {"attention_qk.py", "multi_return.py", "pattern1_iter_arg_reuse.py", "windowed_rows.py"}) {
    CAPTURE(name);
    auto pr = text::parse_file(source_path(std::string("examples/") + name));
    REQUIRE(pr.ok());
    DiffReport r = diffcheck_pipeline(*pr.program, steps_of(spec.passes));
    CHECK_MESSAGE(r.ok(), r.str());
  }
}

TEST_CASE("a wrong pass in a pipeline is named; a failing pass is reported") {
  auto before = parse_ok(R"(
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8], pl.FP32]) -> pl.Tensor[[8], pl.FP32]:
        k: pl.Scalar[pl.INDEX] = 2 + 0
        y = pl.tensor.mul(x, 2.0)
        return y
)");
  // A "pass" that doubles the constant operand of tensor.mul: wrong on purpose.
  auto wrong = passes::function_pass("double-the-factor", "an injected miscompile", {}, [](const ir::ProgramPtr&, const passes::PassContext&) {
    return parse_ok(R"(
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8], pl.FP32]) -> pl.Tensor[[8], pl.FP32]:
        y = pl.tensor.mul(x, 4.0)
        return y
)");
  });
  std::vector<passes::Pass> ps{*passes::make_pass("simplify"), wrong};
  DiffReport r = diffcheck_pipeline(*before, steps_of(ps));
  REQUIRE(r.status == DiffStatus::Different);
  CHECK(r.stage == "double-the-factor");
  CHECK(r.stage_index == 1);
  CHECK(r.diff->index == Shape{0});

  auto failing = passes::function_pass("fails", "reports an error", {}, [](const ir::ProgramPtr& p, const passes::PassContext&) {
    passes::PassOutcome o;
    o.program = p;
    o.diagnostics.push_back(Diagnostic{"t.py", {1, 1}, Severity::Error, "cannot do this"});
    return o;
  });
  r = diffcheck_pipeline(*before, steps_of({failing}));
  CHECK(r.status == DiffStatus::StepFailed);
  CHECK(r.message.find("cannot do this") != std::string::npos);
}

TEST_CASE("diffcheck judges verified programs only: an input or a step output that does not verify fails") {
  // docs audit 2026-12-05 F2: diffcheck said "equal" on an input `check` rejects and on a step
  // output `opt` rejects. The input is verified as the first pass reads it; each output by ir::verify.
  auto good = parse_ok(R"(
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8], pl.FP32]) -> pl.Tensor[[8], pl.FP32]:
        y = pl.tensor.mul(x, 2.0)
        return y
)");
  // A "pass" returning a program whose `y` is used before it is defined (computes nothing new).
  auto broken = passes::function_pass("breaks-ssa", "an injected malformed output", {}, [](const ir::ProgramPtr& p, const passes::PassContext&) {
    ir::Program q = *p;
    ir::Function f = *q.functions[0];
    std::vector<ir::Stmt> ss = ir::stmts_of(f.body);
    std::swap(ss[0], ss[1]);  // return y; y = ...
    f.body = ir::make_seq(ss);
    q.functions[0] = std::make_shared<const ir::Function>(std::move(f));
    return std::make_shared<const ir::Program>(std::move(q));
  });
  DiffReport r = diffcheck_passes(*good, {broken});
  REQUIRE(r.status == DiffStatus::StepFailed);
  CHECK(r.stage == "breaks-ssa");
  CHECK(r.message.find("its output does not verify") != std::string::npos);
  // The same pass through steps_of directly: the same verdict.
  CHECK(diffcheck_pipeline(*good, steps_of({broken})).status == DiffStatus::StepFailed);

  // An input that does not verify (a result declared [8] returning a [4] value) is never judged.
  auto bad = text::parse_program(R"(
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[8], pl.FP32]) -> pl.Tensor[[8], pl.FP32]:
        y = pl.tensor.slice(x, [4], [0])
        return y
)", "bad.py");
  REQUIRE(bad.ok());
  r = diffcheck_passes(*bad.program, {*passes::make_pass("simplify")});
  CHECK(r.status == DiffStatus::BeforeFailed);
  CHECK(r.message.find("the input does not verify") != std::string::npos);
  CHECK(r.str().find("(seed") == std::string::npos);  // nothing ran
}

TEST_CASE("diffcheck_passes: a step runs with its property checks, as opt runs it") {
  // User trial 2026-12-06 F1: a kernel of tensor-level ops lacks IncoreTileOps, which `default`
  // requires; `opt` refused it while diffcheck ran the pass bare and said "equal".
  auto p = text::parse_program(R"(
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        s = pl.tensor.add(a, a)
        r = pl.tensor.assemble(out, s, [0, 0])
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        o = pl.create_tensor([16, 16], dtype=pl.FP32)
        y = self.k(x, o)
        return y
)", "tensor_kernel.py");
  REQUIRE(p.ok());
  DiffReport r = diffcheck_passes(*p.program, {*passes::make_pass("default")});
  CHECK(r.status == DiffStatus::StepFailed);
  CHECK(r.message.find("pass 'default' requires IncoreTileOps") != std::string::npos);
}
