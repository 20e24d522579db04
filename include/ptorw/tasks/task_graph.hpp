// The orchestration task graph (issue 21): an Orchestration function executed symbolically in
// program order — loops unrolled with their real trip counts, Ifs decided on known scalars — giving
// one task per kernel call with its kernel, its core kind and, per tensor argument, the descriptor
// it hands the runtime and so the bytes it reads and writes. Edges are the runtime's: in an
// automatic scope it derives producer→consumer edges from overlapping read/write regions of the
// submitted descriptors (../shared/pto_format.md, orchestration section; tensor_map.hpp has the
// rule); in a manual scope only the explicit `deps=[...]` of `pl.submit` order tasks.
//
// The kernel list, kinds and directions are `ptorw compile`'s own (codegen/orch_kernels.hpp), and a
// tensor.create that the orchestration emitter allocates as a window of its assemble target
// (codegen/orch_window_alloc.hpp, Pattern 2) is that window here too: the graph is what the
// emitted C++ would submit. Two things the runtime API cannot spell are still pictured, marked:
// `tensor.full` is a fresh storage (filled at allocation, no task) and an assemble that copies is
// a task of core kind `copy` (reads the part, writes the parent's window).
//
//   tasks::GraphOptions o;  o.dims["M"] = 64;
//   auto r = tasks::build_task_graph(*program, o);     // r.diagnostics: file:line:col errors
//   for (auto& e : r.graph.edges) ...                   // e.from < e.to, task indices
//
// Declared here, compiled where entry bodies are (ptorw/entry.hpp): task_graph_impl.hpp.
#pragma once
#include "ptorw/entry.hpp"
#include "ptorw/tasks/task_model.hpp"

namespace ptorw::tasks {

PTORW_ENTRY GraphResult build_task_graph(const ir::Program& p, const GraphOptions& o = {});

}  // namespace ptorw::tasks

#if PTORW_ENTRY_BODIES
#include "ptorw/tasks/task_graph_impl.hpp"
#endif
