// The body of codegen::emit_orchestration (orch_emit.hpp), compiled where entry bodies are.
#pragma once
#include "ptorw/codegen/orch_cpp_emitter.hpp"

namespace ptorw::codegen {

PTORW_ENTRY OrchEmitResult emit_orchestration(const ir::Program& p, const std::string& label) {
  OrchEmitResult r;
  const orch::KernelTable kernels = orch::kernel_table(p);
  const std::string source = label.empty() ? (p.source_file.empty() ? std::string("<input>") : p.source_file) : label;
  for (const auto& f : p.functions) {
    if (f->type != ir::FunctionType::Orchestration) continue;
    try {
      r.functions.push_back({f->name, orch::OrchEmitter(p, *f, kernels, source).run()});
    } catch (const StageError& e) {
      r.diagnostics.push_back(e.diagnostic(p.source_file.empty() ? "<input>" : p.source_file));
    }
  }
  return r;
}

}  // namespace ptorw::codegen
