// The PTO form options of `ptorw emit` and `ptorw compile` (--generic, --pto-version, --loc, and
// the arch of --arch / --opt target=), read in one place (defined in cmd_emit.cpp).
#pragma once
#include "cli/cli.hpp"
#include "ptorw/codegen/pto_emitter.hpp"

namespace ptorw::cli {

codegen::EmitOptions make_emit_options(const Options& o, const passes::PassContext& ctx);

/// A planner named on the command line (`--planner`, `--opt memory_planner=`) applies to the kernels
/// tile-to-buffer plans; one the input already planned (a Tile kernel with storage, a Buffer-stage
/// kernel) is not planned again: a warning per such kernel, so the option is never ignored silently.
void warn_planner_not_applied(const Options& o, const passes::PassContext& ctx, const ir::Program& p);

}  // namespace ptorw::cli
