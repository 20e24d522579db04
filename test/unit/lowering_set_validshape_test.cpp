// tile.set_validshape (lower_tile_to_buffer.md "Runtime valid extents": "tile.set_validshape updates
// the shared handle directly"; issue 17) judged by three legs that must agree on explicit runtime
// extents 0, partial and full: the Tile kernel in value mode, the planned kernel in buffer mode
// (under PYPTO and DSA_RP), and the hand-written Buffer IR golden in buffer mode. Different extents
// must give different outputs, so a lowering that ignored the setter would be caught.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/passes/all.hpp"
#include "../support/golden_file.hpp"

using namespace ptorw;

namespace {

ir::ProgramPtr planned(const ir::ProgramPtr& p, const std::string& planner) {
  passes::PassContext ctx;
  ctx.memory_planner = planner;
  auto pipeline = passes::parse_pipeline("init-memref,plan-memory");
  REQUIRE_MESSAGE(pipeline.error.empty(), pipeline.error);
  ir::ProgramPtr out = p;
  for (const auto& pass : pipeline.passes) out = pass(out, ctx);
  return out;
}

std::vector<interp::Output> judge(const std::string& stem, double cols) {
  auto before = test_support::load_golden("tile-to-buffer", stem + ".before.py");
  auto after = test_support::load_golden("tile-to-buffer", stem + ".after.py");
  interp::DiffOptions o;
  o.run.scalars["cols"] = cols;
  for (const std::string planner : {"PYPTO", "DSA_RP"}) {
    CAPTURE(planner);
    auto plan = planned(before, planner);
    std::vector<interp::Leg> legs{{"Tile (value mode)", before.get(), interp::ModePolicy::Value},
                                  {"planned Tile (buffer mode)", plan.get(), interp::ModePolicy::Auto},
                                  {"Buffer IR (buffer mode)", after.get(), interp::ModePolicy::Auto}};
    auto d = interp::diffcheck_legs(legs, o);
    CHECK_MESSAGE(d.ok(), stem << " with cols = " << cols << ": " << d.str() << "\n" << d.message);
  }
  interp::RunOptions ro = o.run;
  ro.seed = 7;
  ro.mode = interp::ModePolicy::Auto;
  auto r = interp::run_kernels(*after, ro);
  REQUIRE_MESSAGE(r.ok(), r.error->str());
  return r.outputs;
}

}  // namespace

TEST_CASE("set_validshape on a shared dynamic handle: cols = 0, 5, 64") {
  auto a = judge("set_validshape_shared_handle", 0);
  auto b = judge("set_validshape_shared_handle", 5);
  auto c = judge("set_validshape_shared_handle", 64);
  CHECK_FALSE(test_support::same_outputs(a, b));
  CHECK_FALSE(test_support::same_outputs(b, c));
}
