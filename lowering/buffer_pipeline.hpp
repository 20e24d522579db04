// The "tile-to-buffer" pass: the device half of the normal pipeline (lower_tile_to_buffer.md,
// "Default whole-kernel selection" and "Placement and API"), in the spec's order:
//
//   init-memref → select-buffer-ir → plan-memory → lower-tile-to-buffer
//
// InitMemRef (with storage legalization and VerifyTileStorage) first, selection right after it and
// before any storage rewrite, address placement by PassContext.memory_planner (PYPTO, DSA_RP,
// PTOAS), then conversion of the selected kernels. Unselected kernels leave it as planned Tile IR.
// One pass to its caller (`ptorw opt --passes=tile-to-buffer --opt memory_planner=PTOAS`, and what
// `ptorw emit` runs on Tile-stage input). Fail-closed: when a step reports an error, the outcome is
// the pass's input with that step's diagnostics.
#pragma once
#include <string>

#include "ptorw/lowering/lower_tile_to_buffer.hpp"
#include "ptorw/lowering/planning/planning.hpp"
#include "ptorw/lowering/select_buffer_ir.hpp"

namespace ptorw::lowering {

inline constexpr const char* kTileToBufferPipeline[] = {"init-memref", "select-buffer-ir", "plan-memory",
                                                        "lower-tile-to-buffer"};

inline passes::Pass make_tile_to_buffer_pass() {
  passes::Pass p{"tile-to-buffer", "init-memref, select-buffer-ir, plan-memory, lower-tile-to-buffer", {}, {}, {}};
  p.run = [](const ir::ProgramPtr& in, const passes::PassContext& ctx, const rewrite::DriverOptions& opts) {
    passes::PassOutcome out;
    out.program = in;
    for (const char* name : kTileToBufferPipeline) {
      auto step = passes::make_pass(name);
      if (!step) {
        out.diagnostics.push_back(Diagnostic{in->source_file, {}, Severity::Error,
                                             std::string("tile-to-buffer: pass '") + name + "' is not registered"});
        out.program = in;
        return out;
      }
      passes::PassOutcome o = step->run(out.program, ctx, opts);
      for (auto& m : o.remarks) out.remarks.push_back(std::move(m));
      for (auto& d : o.diagnostics) out.diagnostics.push_back(std::move(d));
      out.stats.insert(out.stats.end(), o.stats.begin(), o.stats.end());
      if (has_errors(out.diagnostics) || o.stop == rewrite::StopReason::CheckFailed) {
        out.program = in;  // fail closed
        out.stop = o.stop;
        out.message = o.message;
        return out;
      }
      out.program = o.program;
    }
    return out;
  };
  return p;
}
inline const bool tile_to_buffer_registered = passes::PassRegistry::global().add("tile-to-buffer", make_tile_to_buffer_pass);

}  // namespace ptorw::lowering
