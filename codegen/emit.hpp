// Program-level entry of the PTO emitter: one `.pto` module per kernel (InCore / AIC / AIV
// functions at FunctionIRStage.Buffer; orchestration functions are not emitted).
//
//   auto r = ptorw::codegen::emit_program(*lowered, {.arch = Arch::A2A3, .generic = false});
//   for (auto& k : r.kernels) write(k.name + ".pto", k.text);
//
// `emit_program` takes an already-lowered Program: running SelectBufferIRFunctions and
// LowerTileToBuffer (with the chosen planner) before it is the caller's job. Fail closed: when any
// kernel has a construct without a spelling, the result holds the diagnostics and no kernels.
#pragma once
#include <string>
#include <vector>

#include "ptorw/codegen/mlir_print.hpp"
#include "ptorw/codegen/pto_emitter.hpp"
#include "ptorw/ir/diagnostic.hpp"

namespace ptorw::codegen {

struct EmittedKernel {
  std::string name;
  std::string text;  // one module
};

struct EmitResult {
  std::vector<EmittedKernel> kernels;
  std::vector<std::string> tile_stage;  // kernels still at FunctionIRStage.Tile (not emitted)
  Diagnostics diagnostics;
  bool ok() const { return !has_errors(diagnostics); }
};

/// The module of one Buffer-stage kernel, or an EmitError.
inline std::string emit_kernel(const ir::Program& p, const ir::Function& f, const EmitOptions& o) {
  Kernel k = KernelEmitter(p, f, o).run();
  return print_module(k, arch_name(o.arch), PrintOptions{o.generic, o.locations, p.source_file});
}

inline EmitResult emit_program(const ir::Program& p, const EmitOptions& o = {}) {
  EmitResult r;
  for (const auto& f : p.functions) {
    if (!ir::is_incore_like(f->type)) continue;
    if (f->stage != ir::Stage::Buffer) {
      r.tile_stage.push_back(f->name);
      continue;
    }
    try {
      r.kernels.push_back({f->name, emit_kernel(p, *f, o)});
    } catch (const EmitError& e) {
      r.diagnostics.push_back(Diagnostic{p.source_file, e.span, Severity::Error, e.message + " (in kernel '" + f->name + "')"});
    }
  }
  if (!r.ok()) r.kernels.clear();  // no partial output
  return r;
}

}  // namespace ptorw::codegen
