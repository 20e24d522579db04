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
