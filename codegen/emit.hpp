// Program-level entry of the PTO emitter: one `.pto` module per kernel (InCore / AIC / AIV
// functions at FunctionIRStage.Buffer; orchestration functions are not emitted).
//
//   auto r = ptorw::codegen::emit_program(*lowered, {.arch = Arch::A2A3, .generic = false});
//   for (auto& k : r.kernels) write(k.name + ".pto", k.text);
//
// `emit_program` takes an already-lowered Program: running SelectBufferIRFunctions and
// LowerTileToBuffer (with the chosen planner) before it is the caller's job. Per kernel (issue 17:
// "emit writes every module it can, reports each one it cannot with the reason"): a kernel with a
// construct without a spelling is an error diagnostic naming it and is listed in `failed`; the
// other kernels are still emitted, and `ok()` is false. With `EmitOptions::fail_fast` the first
// failure stops emission and the result holds no kernels. A kernel is never emitted partly.
//
// Kernels that stay on Tile IR (not selected, or A5) are emitted by the same emitter from the same
// op tables (issue 6: "one emitter for Buffer-stage kernels and kernels that stay Tile"): a
// *planned* Tile kernel is converted to its Buffer form in memory — the program is not changed —
// and that form is emitted, so both representations produce one native op set. A kernel on which
// InitMemRef recorded that it cannot plan it (`init_memref_refused`) is a failure with that reason;
// other unplanned Tile kernels (the caller ran no planning) are listed in `tile_stage`, not emitted.
#pragma once
#include "ptorw/entry.hpp"
#include <optional>
#include <string>
#include <vector>

#include "ptorw/codegen/kernel_entry.hpp"
#include "ptorw/codegen/mlir_print.hpp"
#include "ptorw/codegen/pto_emitter.hpp"
#include "ptorw/codegen/tile_kernel_form.hpp"
#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/lowering/lower_tile_to_buffer.hpp"
#include "ptorw/lowering/planning/storage_classes.hpp"
#include "ptorw/lowering/planning/verify_tile_storage.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/flat_seq.hpp"

namespace ptorw::codegen {

struct EmittedKernel {
  std::string name;
  std::string text;   // one module
  std::string entry;  // its entry wrapper, C++ (kernel_entry.hpp); empty when entry_error is set
  /// Why the kernel has no entry wrapper (a parameter type without a C++17 spelling); the module
  /// is emitted all the same (`ptorw emit` writes modules only; `ptorw compile` reports it).
  std::optional<Diagnostic> entry_error;
  /// Whether its PTO function takes the SPMD words (what a Group member's wrapper also reads).
  bool spmd = false;
};

struct EmitResult {
  std::vector<EmittedKernel> kernels;
  std::vector<std::string> tile_stage;  // kernels still at FunctionIRStage.Tile (not emitted)
  std::vector<std::string> failed;      // kernels that could not be emitted (each has a diagnostic)
  Diagnostics diagnostics;
  bool ok() const { return !has_errors(diagnostics); }
};

/// The module of one Buffer-stage kernel, or an EmitError.
PTORW_ENTRY std::string emit_kernel(const ir::Program& p, const ir::Function& f, const EmitOptions& o)
#if PTORW_ENTRY_BODIES
{
  Kernel k = KernelEmitter(p, f, o).run();
  return print_module(k, arch_name(o.arch), PrintOptions{o.generic, o.locations, p.source_file});
}
#else
;
#endif

/// The error for a Group function whose body holds tile code, or none. A Group only calls its AIC
/// and AIV kernels (the orchestration runtime submits it as a mixed task): tile code in its body
/// has no PTO form and would be lost (audit 2026-12-06: `emit` said "nothing to emit" and exited 0
/// while `compile` failed on the orchestration call). `emit_program` and `ptorw compile` report it.
inline std::optional<Diagnostic> group_tile_code_error(const ir::Program& p, const ir::Function& f) {
  if (f.type != ir::FunctionType::Group || !f.body) return std::nullopt;
  const ir::Call* tile_op = nullptr;
  ir::Span at = f.span;
  visit::walk_all(
      f.body, [&](const ir::Stmt& s) { if (!tile_op && s->span.line) at = s->span; },
      [&](const ir::Expr& e) {
        auto* c = ir::expr_as<ir::Call>(e);
        if (tile_op || !c || c->kind != ir::CallKind::Op || c->callee.view().substr(0, 5) != "tile.") return;
        tile_op = c;
        if (e->span.line) at = e->span;
      });
  if (!tile_op) return std::nullopt;
  return Diagnostic{p.source_file, at, Severity::Error,
                    "Group '" + f.name + "' holds tile code (" + std::string(tile_op->callee.view()) +
                        "), which has no PTO form: a Group only calls its AIC and AIV kernels; write the tile code in "
                        "an InCore, AIC or AIV kernel"};
}

PTORW_ENTRY EmitResult emit_program(const ir::Program& p, const EmitOptions& o = {})
#if PTORW_ENTRY_BODIES
{
  EmitResult r;
  // A kernel that cannot be emitted: its diagnostic, its name in `failed`; true when emission stops.
  auto refuse = [&](const ir::Function& f, ir::Span at, std::string message) {
    r.diagnostics.push_back(Diagnostic{p.source_file, at, Severity::Error, std::move(message)});
    r.failed.push_back(f.name);
    return o.fail_fast;
  };
  for (const auto& f : p.functions) {
    if (auto d = group_tile_code_error(p, *f)) {
      r.diagnostics.push_back(std::move(*d));
      r.failed.push_back(f->name);
      if (o.fail_fast) break;
      continue;
    }
    if (!ir::is_incore_like(f->type)) continue;
    const TileKernelForm form = tile_kernel_form(p, f);
    if (form.kind == TileKernelForm::Kind::Unplanned) {
      r.tile_stage.push_back(f->name);
      continue;
    }
    if (form.kind == TileKernelForm::Kind::Unplannable || form.kind == TileKernelForm::Kind::Refused) {
      const bool unplanned = form.kind == TileKernelForm::Kind::Unplannable;
      if (refuse(*f, form.at,
                 "kernel '" + f->name + (unplanned ? "' stays on unplanned Tile IR" : "' stays on Tile IR") +
                     " and has no PTO form: " + form.reason))
        break;
      continue;
    }
    const ir::FunctionPtr& g = form.fn;
    try {
      Kernel k = KernelEmitter(p, *g, o).run();
      EmittedKernel ek{f->name, print_module(k, arch_name(o.arch), PrintOptions{o.generic, o.locations, p.source_file}), {}, {}, false};
      try {
        ek.spmd = entry_takes_spmd(*g, k);
        ek.entry = emit_kernel_entry(*g, k);
      } catch (const EmitError& e) {
        ek.entry_error = Diagnostic{p.source_file, e.span, Severity::Error, e.message};
      }
      r.kernels.push_back(std::move(ek));
    } catch (const EmitError& e) {
      // A top-level `N = pl.dynamic("N")` the kernel reads has no value in PTO: say where one comes
      // from (docs/dsl.md: "PTO reads a dim from the kernel's scalar parameter of the same name").
      std::string hint;
      for (const auto& d : p.dyn_dims)
        if (d && e.unbound == d.get())
          hint = ": a kernel reads the dynamic dim '" + ir::var_name(d) + "' from its scalar parameter of that name; add `" +
                 ir::var_name(d) + ": pl.Scalar[pl.INDEX]` to the kernel's parameters and pass the value at its call";
      if (refuse(*f, e.span, e.message + " (in kernel '" + f->name + "')" + hint)) break;
    }
  }
  if (o.fail_fast && !r.ok()) r.kernels.clear();
  return r;
}
#else
;
#endif

}  // namespace ptorw::codegen
