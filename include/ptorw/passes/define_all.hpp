// Every pass of the library, compiled and registered by name. Include this in exactly ONE
// translation unit of a program (the CLI's tools/all_passes.cpp, the tests'
// test/support/all_passes.cpp); every other TU includes the light ptorw/passes/all.hpp and finds
// the passes with `make_pass("...")`. Each pass instantiates the fixed-point driver over its rule
// tables, which is most of a TU's -O2 compile time: this way a program pays it once, not once per
// TU that runs a pass. Still header-only: nothing is linked that the program did not compile.
//
// A program that includes ptorw/passes/all.hpp but no TU with this header fails to link, naming
// ptorw::passes::define_all_hpp_is_included_in_one_tu(); two TUs with it fail to link with a
// duplicate definition of the same function.
#pragma once
#include "ptorw/lowering/buffer_pipeline.hpp"
#include "ptorw/lowering/lower_tile_to_buffer.hpp"
#include "ptorw/lowering/select_buffer_ir.hpp"
#include "ptorw/patterns/default_pipeline.hpp"
#include "ptorw/patterns/normalize/convert_to_ssa.hpp"
#include "ptorw/patterns/normalize/flatten_call_expr.hpp"
#include "ptorw/patterns/normalize/simplify.hpp"
#include "ptorw/patterns/optimize_orch_tensors.hpp"
#include "ptorw/lowering/planning/planning.hpp"
#include "ptorw/patterns/outline_incore_scopes.hpp"
#include "ptorw/passes/all.hpp"

// Not inline on purpose: one definition per program (see above).
void ptorw::passes::define_all_hpp_is_included_in_one_tu() {}
