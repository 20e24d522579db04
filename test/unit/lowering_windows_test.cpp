// Slice windows (lower_tile_to_buffer.md "Windows: slice and assemble"; issue 17) judged on
// explicit runtime offsets that change per call: the hand-written goldens
// tile-to-buffer/slice_runtime_row_nested and slice_runtime_column_block run as the Tile kernel in
// value mode, as the planned kernel (init-memref + plan-memory under each addressed planner) in
// buffer mode — where a slice is a view of its source's bytes — and as the hand-written Buffer IR
// in buffer mode; the outputs must agree, and different offsets must give different outputs (so a
// lowering that ignored the offset would be caught).
#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/passes/all.hpp"
#include "ptorw/text/parser.hpp"
#include "../support/golden_stages.hpp"
namespace ut_lowering_windows_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

using test_support::judge_stages;
using test_support::run_passes;

}  // namespace

TEST_CASE("slice at a runtime row, then a nested static slice: row = 0, 5, 16") {
  auto a = judge_stages("slice_runtime_row_nested", "row", 0);
  auto b = judge_stages("slice_runtime_row_nested", "row", 5);
  auto c = judge_stages("slice_runtime_row_nested", "row", 16);
  CHECK_FALSE(test_support::same_outputs(a, b));
  CHECK_FALSE(test_support::same_outputs(b, c));
}

TEST_CASE("slice at runtime column block * 8: block = 0, 3, 8") {
  auto a = judge_stages("slice_runtime_column_block", "block", 0);
  auto b = judge_stages("slice_runtime_column_block", "block", 3);
  auto c = judge_stages("slice_runtime_column_block", "block", 8);
  CHECK_FALSE(test_support::same_outputs(a, b));
  CHECK_FALSE(test_support::same_outputs(b, c));
}

// Offsets that change per call (issue 17): a hand-written `main` calls the golden's kernel three
// times in one run with different offsets — the runtime value, its mirror and a constant — so one
// interpreter run of each stage sees three windows of one kernel; `main` runs with each value. The
// stages must agree (Tile value, planned under PYPTO / DSA_RP / PTOAS, the hand-written Buffer IR,
// and tile-to-buffer's output under each planner), and the column case is also checked against
// its formula out = 2 * A[:, block * 8 : block * 8 + 32].
namespace {

std::vector<interp::Output> per_call(const std::string& stem, const std::string& main_text, const std::string& scalar, int value) {
  auto before = test_support::parse_golden(test_support::golden_text("tile-to-buffer", stem + ".before.py") + main_text, stem);
  auto after = test_support::parse_golden(test_support::golden_text("tile-to-buffer", stem + ".after.py") + main_text, stem);
  std::vector<ir::ProgramPtr> keep;
  std::vector<interp::Leg> legs{{"Tile (value mode)", before.get(), interp::ModePolicy::Value},
                                {"Buffer IR (hand-written)", after.get(), interp::ModePolicy::Auto}};
  for (const std::string planner : {"PYPTO", "DSA_RP", "PTOAS"}) {
    keep.push_back(run_passes(before, "init-memref,plan-memory", planner));
    legs.push_back({"planned Tile, " + planner, keep.back().get(), interp::ModePolicy::Auto});
    passes::PassContext ctx;
    ctx.memory_planner = planner;
    keep.push_back((*passes::make_pass("tile-to-buffer"))(before, ctx));
    legs.push_back({"tile-to-buffer, " + planner, keep.back().get(), interp::ModePolicy::Auto});
  }
  interp::DiffOptions o;
  o.seeds = {3};
  o.run.scalars[scalar] = value;
  auto d = interp::diffcheck_legs(legs, o);
  CHECK_MESSAGE(d.ok(), stem << " with " << scalar << " = " << value << ": " << d.str() << "\n" << d.message);
  interp::RunOptions ro = o.run;
  ro.seed = 3;
  auto r = interp::run_program(*after, "main", ro);
  REQUIRE_MESSAGE(r.ok(), r.error->str());
  return r.outputs;
}

/// An orchestration `main(A, <scalar>)` calling `kernel` three times, each into its own [rows, 32]
/// output, with the three argument lists given.
std::string three_calls(const std::string& a_shape, const std::string& scalar, const std::string& out_shape,
                        const std::vector<std::string>& calls) {
  const std::string t = "pl.Tensor[" + out_shape + ", pl.FP32]";
  std::string m = "\n    @pl.function(type=pl.FunctionType.Orchestration)\n    def main(self, A: pl.Tensor[" + a_shape +
                  ", pl.FP32], " + scalar + ": pl.Scalar[pl.INDEX]) -> tuple[" + t + ", " + t + ", " + t + "]:\n";
  for (int i = 0; i < 3; ++i)
    m += "        o" + std::to_string(i) + " = pl.create_tensor(" + out_shape + ", dtype=pl.FP32)\n        r" + std::to_string(i) +
         " = self.kernel(" + calls[static_cast<std::size_t>(i)] + ", o" + std::to_string(i) + ")\n";
  return m + "        return r0, r1, r2\n";
}

}  // namespace

TEST_CASE("slice at a runtime row: three calls per run with row, 16 - row, 8; row = 0, 5, 16") {
  const std::string main_text = three_calls("[32, 64]", "row", "[8, 32]", {"A, row", "A, 16 - row", "A, 8"});
  for (int row : {0, 5, 16}) {
    CAPTURE(row);
    auto out = per_call("slice_runtime_row_nested", main_text, "row", row);
    REQUIRE(out.size() == 3);
    CHECK(out[0].data != out[1].data);  // row != 16 - row for these values
    CHECK(out[0].data != out[2].data);
  }
}

TEST_CASE("slice at runtime column block * 8: three calls per run with block, 8 - block, 3; block = 0, 3, 8; formula") {
  const std::string main_text = three_calls("[16, 96]", "block", "[16, 32]", {"A, block", "A, 8 - block", "A, 3"});
  // A's contents, given explicitly so that the formula can be checked.
  for (int block : {0, 3, 8}) {
    CAPTURE(block);
    auto out = per_call("slice_runtime_column_block", main_text, "block", block);
    REQUIRE(out.size() == 3);
    CHECK(out[0].data != out[1].data);
  }
  auto before = test_support::load_golden("tile-to-buffer", "slice_runtime_column_block.after.py");
  interp::RunOptions ro;
  interp::RunOptions::Tensor a{ir::DType::FP32, {16, 96}, {}};
  for (int i = 0; i < 16 * 96; ++i) {
    const float f = static_cast<float>(i % 89) - 30.0f;
    std::uint32_t u;
    std::memcpy(&u, &f, 4);
    a.data.push_back(u);
  }
  ro.tensors["A"] = a;
  for (int block : {0, 3, 8}) {
    CAPTURE(block);
    ro.scalars["block"] = block;
    auto r = interp::run_kernels(*before, ro);
    REQUIRE_MESSAGE(r.ok(), r.error->str());
    REQUIRE(!r.outputs.empty());
    const auto& got = r.outputs[0].data;
    REQUIRE(got.size() == 16 * 32);
    int wrong = 0;
    for (int row = 0; row < 16; ++row)
      for (int c = 0; c < 32; ++c) {
        const float want = 2.0f * (static_cast<float>((row * 96 + block * 8 + c) % 89) - 30.0f);
        std::uint32_t u;
        std::memcpy(&u, &want, 4);
        if (got[static_cast<std::size_t>(row * 32 + c)] != u) ++wrong;
      }
    CHECK(wrong == 0);
  }
}
}  // namespace ut_lowering_windows_test
