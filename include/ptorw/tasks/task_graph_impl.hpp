// The body of tasks::build_task_graph (task_graph.hpp), compiled where entry bodies are.
#pragma once
#include "ptorw/tasks/symbolic_exec.hpp"

namespace ptorw::tasks {

PTORW_ENTRY GraphResult build_task_graph(const ir::Program& p, const GraphOptions& o) {
  GraphResult r;
  const std::string file = p.source_file.empty() ? "<input>" : p.source_file;
  ir::FunctionPtr f = p.find(o.entry);
  if (!f || f->type != ir::FunctionType::Orchestration) {
    std::string names;
    for (const auto& g : p.functions)
      if (g->type == ir::FunctionType::Orchestration) names += (names.empty() ? "" : ", ") + g->name;
    r.diagnostics.push_back(Diagnostic{file, f ? f->span : ir::Span{}, Severity::Error,
                                       fmt::format("no Orchestration function '{}' (the program's: {})", o.entry,
                                                   names.empty() ? "none" : names)});
    return r;
  }
  if (f->names == ir::NameBinding::Text) {
    // A use reads what its *name* holds in hand-written text that rebinds names (docs/semantics.md,
    // "Names"); the executor follows definition nodes, the meaning of every pass output.
    r.diagnostics.push_back(Diagnostic{file, f->span, Severity::Error,
                                       fmt::format("task graph of '{}': the function rebinds names as Python does; run "
                                                   "convert-to-ssa first (--passes=convert-to-ssa)",
                                                   f->name)});
    return r;
  }
  try {
    detail::Executor ex(p, *f, o);
    r.graph = ex.run();
    for (auto& w : ex.take_warnings()) {
      w.file = file;
      w.message = fmt::format("task graph of '{}': {}", f->name, w.message);
      r.diagnostics.push_back(std::move(w));
    }
  } catch (const StageError& e) {
    r.diagnostics.push_back(e.diagnostic(file));
  } catch (const RegionTooLarge& e) {
    r.diagnostics.push_back(Diagnostic{file, f->span, Severity::Error, fmt::format("task graph of '{}': {}", f->name, e.what())});
  }
  return r;
}

}  // namespace ptorw::tasks
