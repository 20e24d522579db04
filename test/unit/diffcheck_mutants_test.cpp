// A checker counts only once it has caught deliberately injected bugs (issue 14). Each case runs
// a REAL registered pass, then breaks its output the way a one-line bug in that pass would, and
// requires interp::diffcheck_pipeline to blame the step; the unbroken step must pass, so a case
// proves that the catch comes from the planted bug. The breaks are made on the pass's printed
// output (a regex over the DSL text, parsed back), so each reads like the miscompile it stands for.
#include <regex>

#include "interp_helpers.hpp"
#include "ptorw/interp/pass_steps.hpp"
#include "ptorw/passes/registry.hpp"  // passes come from test/support/all_passes.cpp
#include "ptorw/text/printer.hpp"
namespace ut_diffcheck_mutants_test {  // one namespace per file: the suite builds as one unity TU

using namespace interp_test;

namespace {

std::string read_source(const std::string& rel) {
  auto r = text::parse_file(source_path(rel));
  REQUIRE(r.ok());
  return text::print_program(*r.program);
}

/// The real pipeline `spec` as one step, its printed output edited by `mutate` (identity: none).
PassStep mutated_step(const std::string& spec, std::function<std::string(std::string)> mutate,
                      passes::PassContext ctx = {}) {
  auto pipeline = passes::parse_pipeline(spec);
  REQUIRE_MESSAGE(pipeline.error.empty(), pipeline.error);
  return {spec, [ps = pipeline.passes, mutate, ctx](const ir::Program& in) -> ir::ProgramPtr {
            ir::ProgramPtr p = std::make_shared<const ir::Program>(in);
            for (const auto& pass : ps) p = pass(p, ctx);
            if (!mutate) return p;
            std::string before = text::print_program(*p);
            std::string after = mutate(before);
            REQUIRE_MESSAGE(after != before, "the mutation did not apply to:\n" << before);
            return parse_ok(after, "mutant.py");
          }};
}

std::string replace_first(const std::string& s, const std::string& re, const std::string& with) {
  return std::regex_replace(s, std::regex(re), with, std::regex_constants::format_first_only);
}

/// The pass's real output is judged equal; the mutant's is blamed on the step.
void check_caught(const ir::Program& input, const std::string& spec, std::function<std::string(std::string)> mutate,
                  passes::PassContext ctx = {}) {
  DiffReport clean = diffcheck_pipeline(input, {mutated_step(spec, nullptr, ctx)});
  CHECK_MESSAGE(clean.ok(), clean.str());
  DiffReport r = diffcheck_pipeline(input, {mutated_step(spec, std::move(mutate), ctx)});
  CHECK_MESSAGE(!r.ok(), "the planted bug was not caught");
  CHECK(r.stage == spec);
}

const char* kTextLoop = R"(
@pl.program
class P:
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:
        total: pl.Scalar[pl.INDEX] = 1
        for i, (c,) in pl.range(4, init_values=(n,)):
            total = total + total
            c2: pl.Scalar[pl.INDEX] = c + total
            r = pl.yield_(c2)
        return r
)";

}  // namespace

TEST_CASE("mutant: convert-to-ssa that drops a loop carry (reads the pre-loop value every iteration)") {
  auto input = parse_ok(kTextLoop);
  REQUIRE(input->functions[0]->names == ir::NameBinding::Text);
  // The bug issue 14 found: the function's nodes verify, so the pass left it alone and its output
  // was read by nodes. The mutant is exactly that: the input's nodes, marked as pass output.
  PassStep dropped{"convert-to-ssa", [](const ir::Program& in) {
                     auto out = std::make_shared<ir::Program>(in);
                     for (auto& f : out->functions)
                       f = ir::with_function(*f, [](ir::Function& g) { g.names = ir::NameBinding::Nodes; });
                     return ir::ProgramPtr(out);
                   }};
  DiffReport r = diffcheck_pipeline(*input, {dropped});
  CHECK_FALSE(r.ok());
  CHECK(r.stage == "convert-to-ssa");
  CHECK(r.leg == "read by nodes");
  // A textual variant: the carried `total` yields its iter arg instead of the updated value.
  check_caught(*input, "convert-to-ssa", [](std::string s) {
    return replace_first(s, R"(pl\.yield_\((\w+), (\w+)\))", "pl.yield_($1, total_1)");
  });
}

TEST_CASE("mutant: a pass that swaps the operands of a subtraction") {
  auto input = parse_ok(R"(
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
          out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(a, [0, 0], [16, 32])
        y = pl.load(b, [0, 0], [16, 32])
        d = pl.tile.sub(x, y)
        r = pl.store(d, [0, 0], out)
        return r
)");
  check_caught(*input, "simplify", [](std::string s) {
    return replace_first(s, R"(pl\.tile\.sub\((\w+), (\w+)\))", "pl.tile.sub($2, $1)");
  });
}

TEST_CASE("mutant: Pattern 5 with a shifted window offset") {
  auto input = parse_ok(read_source("examples/windowed_rows.py"));
  check_caught(*input, "default", [](std::string s) {
    // The input window of the first windowed call starts one row block later (wrapping around).
    return replace_first(s, R"(pl\.tensor\.slice\(x, \[32, 64\], \[i \* 32, 0\]\))",
                         "pl.tensor.slice(x, [32, 64], [(i * 32 + 32) % 256, 0])");
  });
}

TEST_CASE("mutant: a kernel whose store was dropped") {
  auto input = parse_ok(read_source("examples/pattern1_iter_arg_reuse.py"));
  check_caught(*input, "default", [](std::string s) {
    return replace_first(s, R"(= pl\.tile\.store\(\w+, \[0\], (\w+)\))", "= $1");
  });
}

TEST_CASE("mutant: Pattern 1 merging the Out into the In without promoting it to InOut (stale In alias)") {
  auto input = parse_ok(read_source("examples/pattern1_iter_arg_reuse.py"));
  check_caught(*input, "default", [](std::string s) {
    return replace_first(s, R"(x: pl\.InOut\[(pl\.Tensor\[\[64\], pl\.FP32\])\])", "x: $1");
  });
}

TEST_CASE("mutant: a memory planner that gives two live tiles one address") {
  auto input = parse_ok(R"(
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def kernel(self, a: pl.Tensor[[16, 32], pl.FP32], b: pl.Tensor[[16, 32], pl.FP32],
               out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        lhs = pl.load(a, [0, 0], [16, 32])
        rhs = pl.load(b, [0, 0], [16, 32])
        total = pl.tile.add(lhs, rhs)
        result = pl.store(total, [0, 0], out)
        return result
)");
  for (const char* planner : {"PYPTO", "DSA_RP"}) {
    CAPTURE(planner);
    passes::PassContext ctx;
    ctx.memory_planner = planner;
    check_caught(*input, "init-memref,plan-memory", [](std::string s) {
      // The second allocation placed at the first one's address: `rhs` overwrites the live `lhs`.
      std::smatch first;
      REQUIRE(std::regex_search(s, first, std::regex(R"(addr=(\d+))")));
      std::string head = s.substr(0, static_cast<std::size_t>(first.position(0) + first.length(0)));
      std::string tail = s.substr(head.size());
      return head + replace_first(tail, R"(addr=\d+)", "addr=" + first[1].str());
    }, ctx);
  }
}
}  // namespace ut_diffcheck_mutants_test
