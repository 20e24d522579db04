// Test support for the lowering's stage checks: run a pass pipeline under one memory planner, and
// judge a hand-written tile-to-buffer golden in three legs — its Before in value mode, its Before
// planned (init-memref, plan-memory) in buffer mode under PYPTO and DSA_RP, and its hand-written
// After in buffer mode — with one runtime scalar set. Shared by lowering_*_test.cpp.
#pragma once
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/passes/all.hpp"
#include "golden_file.hpp"

namespace ptorw::test_support {

/// `p` through the passes of `pipeline` (one pass after the other, no manager) under `planner`.
inline ir::ProgramPtr run_passes(const ir::ProgramPtr& p, const std::string& pipeline, const std::string& planner) {
  passes::PassContext ctx;
  ctx.memory_planner = planner;
  auto steps = passes::parse_pipeline(pipeline);
  REQUIRE_MESSAGE(steps.error.empty(), steps.error);
  ir::ProgramPtr out = p;
  for (const auto& pass : steps.passes) out = pass(out, ctx);
  return out;
}

/// The three legs of tile-to-buffer golden `stem` (see above), with `scalar` = `value` when a
/// scalar is named; returns the After's outputs on seed 7.
inline std::vector<interp::Output> judge_stages(const std::string& stem, const std::string& scalar = {}, double value = 0) {
  auto before = load_golden("tile-to-buffer", stem + ".before.py");
  auto after = load_golden("tile-to-buffer", stem + ".after.py");
  interp::DiffOptions o;
  if (!scalar.empty()) o.run.scalars[scalar] = value;
  o.run.seed = 7;
  for (const std::string planner : {"PYPTO", "DSA_RP"}) {
    CAPTURE(planner);
    auto plan = run_passes(before, "init-memref,plan-memory", planner);
    std::vector<interp::Leg> legs{{"Tile (value mode)", before.get(), interp::ModePolicy::Value},
                                  {"planned Tile (buffer mode)", plan.get(), interp::ModePolicy::Auto},
                                  {"Buffer IR (buffer mode)", after.get(), interp::ModePolicy::Auto}};
    auto d = interp::diffcheck_legs(legs, o);
    CHECK_MESSAGE(d.ok(), stem << " with " << scalar << " = " << value << ": " << d.str() << "\n" << d.message);
  }
  interp::RunOptions ro = o.run;
  ro.mode = interp::ModePolicy::Auto;
  auto r = interp::run_kernels(*after, ro);
  REQUIRE_MESSAGE(r.ok(), r.error->str());
  return r.outputs;
}

}  // namespace ptorw::test_support
