// Loop and branch goldens of LowerTileToBuffer judged on chosen trip counts and both branch arms
// (issue 6: "branch/loop cases (counts 0/1/2 of a For, While, nested loops, swaps)"): the Tile
// kernel in value mode, the planned kernel in buffer mode and its Buffer IR in buffer mode must
// compute the same outputs for every count, and the counts must actually change the result (so a
// lowering that ignored the loop would be caught).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/text/parser.hpp"
#include "../support/golden_file.hpp"
namespace ut_lowering_loop_counts_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

/// Runs the three stages with `scalar = value` and returns the reference outputs.
std::vector<interp::Output> judge(const std::string& stem, const std::string& scalar, double value) {
  auto before = test_support::load_golden("lower-tile-to-buffer", stem + ".before.py");
  auto after = test_support::load_golden("lower-tile-to-buffer", stem + ".after.py");
  interp::DiffOptions o;
  o.run.scalars[scalar] = value;
  o.run.nonneg_int_scalars = true;
  std::vector<interp::Leg> legs{{"Tile (value mode)", before.get(), interp::ModePolicy::Value},
                                {"planned Tile (buffer mode)", before.get(), interp::ModePolicy::Auto},
                                {"Buffer IR (buffer mode)", after.get(), interp::ModePolicy::Auto}};
  auto d = interp::diffcheck_legs(legs, o);
  CHECK_MESSAGE(d.ok(), stem << " with " << scalar << " = " << value << ": " << d.str() << "\n" << d.message);
  interp::RunOptions ro = o.run;
  ro.mode = interp::ModePolicy::Auto;
  auto r = interp::run_program(*after, "main", ro);
  REQUIRE_MESSAGE(r.ok(), r.error->str());
  return r.outputs;
}

}  // namespace

TEST_CASE("For with two Tile carries swapped and two scalar carries: counts 0, 1, 2, 3") {
  auto c0 = judge("loop_swap_two_scalar_carries", "count", 0);
  auto c1 = judge("loop_swap_two_scalar_carries", "count", 1);
  auto c2 = judge("loop_swap_two_scalar_carries", "count", 2);
  judge("loop_swap_two_scalar_carries", "count", 3);
  CHECK_FALSE(test_support::same_outputs(c0, c1));
  CHECK_FALSE(test_support::same_outputs(c1, c2));
}

TEST_CASE("While with an in-place Tile carry: limits 0, 1, 2") {
  auto c0 = judge("while_tile_carry_in_place", "limit", 0);
  auto c1 = judge("while_tile_carry_in_place", "limit", 1);
  auto c2 = judge("while_tile_carry_in_place", "limit", 2);
  CHECK_FALSE(test_support::same_outputs(c0, c1));
  CHECK_FALSE(test_support::same_outputs(c1, c2));
}

TEST_CASE("If with a Tile result and a scalar result: both arms") {
  auto t = judge("branch_tile_result_scalar_kept", "flag", 1);
  auto f = judge("branch_tile_result_scalar_kept", "flag", 0);
  CHECK_FALSE(test_support::same_outputs(t, f));
}

TEST_CASE("nested loops and a GM carry (fixed trip counts) agree across stages") {
  judge("nested_loops_tile_and_scalar", "unused", 0);
  judge("loop_gm_carry_same_parameter", "unused", 0);
}
}  // namespace ut_lowering_loop_counts_test
