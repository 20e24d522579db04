// The PTO form options of `ptorw emit` and `ptorw compile` (--generic, --pto-version, --loc, and
// the arch of --arch / --opt target=), read in one place (defined in cmd_emit.cpp).
#pragma once
#include "cli/cli.hpp"
#include "ptorw/codegen/pto_emitter.hpp"

namespace ptorw::cli {

codegen::EmitOptions make_emit_options(const Options& o, const passes::PassContext& ctx);

}  // namespace ptorw::cli
