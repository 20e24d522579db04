// Options a pipeline runs under: the C++ side of the spec's
//   passes.PassContext([], enable_buffer_ir=True, memory_planner=...)
// The type is rewrite::Options (ptorw/rewrite/options.hpp): rules read the options through
// rewrite::Context, and the rewrite layer sits below the pass layer.
#pragma once
#include "ptorw/rewrite/options.hpp"

namespace ptorw::passes {

using PassContext = rewrite::Options;

}  // namespace ptorw::passes
