// Every pass of the library, registered by name (include this to make `make_pass("...")` and
// `ptorw opt --passes=...` see them all).
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
