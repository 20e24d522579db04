// Program-level entry of the orchestration C++ emitter (orch_cpp_emitter.hpp): one C++ translation
// unit per Orchestration function, against the task runtime of ../shared/pto_format.md.
//
//   auto r = ptorw::codegen::emit_orchestration(*program);
//   for (auto& o : r.functions) write("orchestration/" + o.name + ".cpp", o.text);
//   // r.diagnostics: one `file:line:col: error: orchestration 'f': ...` per function that has no
//   // C++ form; the other functions are still in r.functions.
//
// Kernel ids are the indices of the program's InCore/AIC/AIV functions in program order (the
// manifest's kernel list, orch_kernels.hpp), so emit from the same program the kernels come from.
// Declared here, compiled where entry bodies are (ptorw/entry.hpp): orch_emit_impl.hpp.
#pragma once
#include "ptorw/entry.hpp"
#include <string>
#include <vector>

#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/function.hpp"

namespace ptorw::codegen {

struct EmittedOrchestration {
  std::string name;  // the Orchestration function
  std::string text;  // one C++17 translation unit
};

struct OrchEmitResult {
  std::vector<EmittedOrchestration> functions;
  Diagnostics diagnostics;  // one error per function without a C++ form
  bool ok() const { return !has_errors(diagnostics); }
};

/// Every Orchestration function of `p`; `label` names the source in the generated comment
/// (default: the program's source file).
PTORW_ENTRY OrchEmitResult emit_orchestration(const ir::Program& p, const std::string& label = {});

}  // namespace ptorw::codegen

#if PTORW_ENTRY_BODIES
#include "ptorw/codegen/orch_emit_impl.hpp"
#endif
