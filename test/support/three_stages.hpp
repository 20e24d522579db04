// The three-way interpreter check of the lowering tests (issue 18): one kernel judged in three
// stages — the unplanned Tile kernel in value mode, the planned Tile kernel (init-memref,
// select-buffer-ir, plan-memory) in buffer mode, and its Buffer IR (tile-to-buffer) in buffer mode
// (real aliasing at the planned addresses, fractal boxes, poison) — under one memory planner.
#pragma once
#include <doctest/doctest.h>

#include <map>
#include <string>
#include <vector>

#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/passes/pass_manager.hpp"
#include "ptorw/passes/registry.hpp"  // passes come from test/support/all_passes.cpp
#include "ptorw/text/parser.hpp"

namespace ptorw::testing {

inline ir::ProgramPtr run_pipeline(const std::string& spec, const ir::ProgramPtr& p, const std::string& planner) {
  auto pipeline = passes::parse_pipeline(spec);
  REQUIRE_MESSAGE(pipeline.error.empty(), pipeline.error);
  passes::PassContext ctx;
  REQUIRE(ctx.set("memory_planner", planner).empty());
  passes::PassManager pm{passes::PassManagerOptions{}};
  for (auto& pass : pipeline.passes) pm.add(std::move(pass));
  auto r = pm.run(p, ctx);
  for (const auto& d : r.diagnostics) INFO(d.str());
  REQUIRE(r.ok);
  return r.program;
}

inline const ir::Function& function_named(const ir::Program& p, const std::string& name) {
  for (const auto& f : p.functions)
    if (f->name == name) return *f;
  FAIL("no function " << name);
  return *p.functions.front();
}

/// The remarks `select-buffer-ir` gives when `src` runs through init-memref and select-buffer-ir
/// under `planner`, one a line (a kernel kept on Tile IR says "stays on Tile IR: <reason>").
inline std::string selection_remarks(const std::string& src, const std::string& planner) {
  auto parsed = text::parse_program(src, "kernel.py");
  REQUIRE(parsed.ok());
  auto pipeline = passes::parse_pipeline("init-memref,select-buffer-ir");
  REQUIRE(pipeline.error.empty());
  passes::PassContext ctx;
  REQUIRE(ctx.set("memory_planner", planner).empty());
  passes::PassManager pm{passes::PassManagerOptions{}};
  for (auto& pass : pipeline.passes) pm.add(std::move(pass));
  auto r = pm.run(parsed.program, ctx);
  REQUIRE(r.ok);
  std::string out;
  for (const auto& rec : r.passes)
    for (const auto& rm : rec.remarks)
      if (rec.name == "select-buffer-ir") out += rm.reason + "\n";
  return out;
}

/// The operand / accumulator dtypes of the ordinary cube path: "FP16/BF16/FP32 operands accumulate
/// in FP32; INT8 operands accumulate in INT32".
struct CubeDtypes {
  const char* d;
  const char* acc;
};
inline constexpr CubeDtypes kCubeDtypes[] = {{"pl.FP16", "pl.FP32"}, {"pl.BF16", "pl.FP32"}, {"pl.FP32", "pl.FP32"}, {"pl.INT8", "pl.INT32"}};

struct Stages {
  ir::ProgramPtr tile, planned, buffer;
};

/// The three stages of `src` under `planner`; the function `entry` must have reached Buffer stage
/// (selected by default, not only convertible).
inline Stages three_stages(const std::string& src, const std::string& planner, const std::string& entry = "kernel") {
  auto parsed = text::parse_program(src, "kernel.py");
  for (const auto& e : parsed.errors) FAIL_CHECK(e.str());
  REQUIRE(parsed.ok());
  Stages st{parsed.program, run_pipeline("init-memref,select-buffer-ir,plan-memory", parsed.program, planner),
            run_pipeline("tile-to-buffer", parsed.program, planner)};
  REQUIRE_MESSAGE(function_named(*st.buffer, entry).stage == ir::Stage::Buffer, "the kernel was not selected:\n" << src);
  return st;
}

/// The three stages agree on seeds 1..3 with the given scalar parameters; returns the Buffer leg's
/// outputs of seed 1.
inline std::vector<interp::Output> judge_three(const Stages& st, const std::map<std::string, std::int64_t>& scalars,
                                               const std::string& entry = "kernel") {
  interp::DiffOptions o;
  o.entry = entry;
  for (const auto& [k, v] : scalars) o.run.scalars[k] = v;
  std::vector<interp::Leg> legs{{"Tile (value mode)", st.tile.get(), interp::ModePolicy::Value},
                                {"planned Tile (buffer mode)", st.planned.get(), interp::ModePolicy::Auto},
                                {"Buffer IR (buffer mode)", st.buffer.get(), interp::ModePolicy::Auto}};
  auto d = interp::diffcheck_legs(legs, o);
  CHECK_MESSAGE(d.ok(), d.str() << "\n" << d.message);
  interp::RunOptions ro = o.run;
  ro.mode = interp::ModePolicy::Auto;
  auto r = interp::run_program(*st.buffer, entry, ro);
  REQUIRE_MESSAGE(r.ok(), r.error->str());
  return r.outputs;
}

}  // namespace ptorw::testing
