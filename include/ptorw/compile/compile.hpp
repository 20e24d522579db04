// `ptorw::compile`: the whole pipeline from a parsed program to the output tree PyPTO users know
// (issue 20) — what `ptorw compile FILE -o DIR` runs, and what a Python binding can call.
//
//   auto parsed = ptorw::text::parse_file("examples/windowed_rows.py");
//   ptorw::compile::CompileOptions o;                   // context: planner, target, enable_buffer_ir
//   auto r = ptorw::compile::compile(parsed.program, o);
//   auto w = ptorw::compile::write_tree(r, "out");      // incremental: unchanged files are not written
//   // r.ok(): every kernel and orchestration function emitted; else r.diagnostics say which did not
//   // (file:line:col, the function's name and the reason) and the others are still in r.files.
//
// The steps, in order: verify the input (as `ptorw opt` does) → the default pipeline
// (convert-to-ssa, outline-incore-scopes, flatten-call-expr, simplify, optimize-orch-tensors;
// Pattern 5 windows exactly
// the kernels the program marks `windowize`, spec "Windowize Opt-in": there is no global switch)
// → tile-to-buffer (init-memref, select-buffer-ir, plan-memory, lower-tile-to-buffer) under
// `options.context` when a kernel is still at Tile stage → emission:
//   kernels/<name>.pto          every InCore / AIC / AIV kernel (Buffer stage, or planned Tile
//                               stage converted in memory: codegen/emit.hpp)
//   kernels/<name>.entry.cpp    its entry wrapper (codegen/kernel_entry.hpp)
//   orchestration/<name>.cpp    every Orchestration function (codegen/orch_emit.hpp)
//   passes/NN_<pass>.py         the program after pass NN, for `dump_all` / `dump_after`
//   manifest.json               kernels (id, kind, parameter directions), planner, arch, PTO
//                               spelling version, pass statistics, a content hash per file
// Declared here; the bodies are compile_impl.hpp, compiled where entry bodies are (ptorw/entry.hpp).
// Not part of ptorw/ptorw.hpp: include this header where compile is called, and link the passes
// (ptorw/passes/define_all.hpp) — compile runs them by name.
#pragma once
#include "ptorw/entry.hpp"
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "ptorw/codegen/pto_emitter.hpp"
#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/passes/pass_context.hpp"

namespace ptorw::compile {

struct CompileOptions {
  /// memory_planner (PYPTO | DSA_RP | PTOAS), enable_buffer_ir, `target` (a2a3 | a5; default a2a3).
  passes::PassContext context;
  /// PTO form: generic, assembler spelling version, locations (the arch comes from `target`).
  codegen::EmitOptions emit;
  /// Write the program after these passes (step names, e.g. "simplify"), or after every pass.
  std::vector<std::string> dump_after;
  bool dump_all = false;
  /// Verify the input, check pass properties and verify the final program (as `ptorw opt`).
  bool verify = true;
  /// Compute what a step asks of its input first on a second thread while the steps before it run
  /// (passes::prefetch_steps; verified input only). The output is the same either way.
  bool prefetch = true;
  /// Emit the orchestration C++ from the default pipeline's output on a second thread while
  /// tile-to-buffer and the final verification run; the text is kept when the final program gives
  /// the emitter the same view (codegen::orch::same_emitter_view), else emitted again. The output
  /// is the same either way; a compile that fails after the default pipeline waits for it.
  bool emit_ahead = true;
  /// Called before each pass with its name, its index and the number of passes (a progress line),
  /// and once before emission with ("emission", total, total).
  std::function<void(std::string_view pass, std::size_t index, std::size_t total)> on_pass;
  /// Called while a pass's fixed-point driver runs, before each function of each round, with the
  /// functions of the round done and their number (rewrite::DriverOptions::on_function).
  std::function<void(std::size_t done, std::size_t total)> on_function;
};

/// One file of the output tree; `path` is relative to the output directory.
struct OutputFile {
  std::string path;
  std::string text;
};

struct CompileResult {
  std::vector<OutputFile> files;  // kernels/, orchestration/, passes/, buffer_ir.msgpack, then manifest.json
  Diagnostics diagnostics;        // errors name the kernel or function that was not written
  ir::ProgramPtr program;         // the program that was emitted (null when a pass failed)
  bool orchestration_ahead = false;  // the orchestration C++ emitted ahead (emit_ahead) was kept
  bool ok() const { return !has_errors(diagnostics); }
};

/// The step names of the compile pipeline, in order (what dump_after may name).
PTORW_ENTRY std::vector<std::string> pipeline_pass_names();

/// Runs the pipeline and the emitters; writes nothing.
PTORW_ENTRY CompileResult compile(const ir::ProgramPtr& program, const CompileOptions& options = {});

/// What write_tree did.
struct WriteReport {
  std::vector<std::string> written, unchanged, removed;  // paths relative to the directory
  std::vector<std::string> failed;                       // not written (each has an error below)
  Diagnostics errors;                                    // a file that could not be written
  bool ok() const { return errors.empty(); }
};

/// Writes `r.files` under `dir` (created when missing). Incremental: a file whose current content
/// has the content hash the new manifest records is left alone (its mtime does not change), so a
/// second run over an unchanged input writes nothing; a file the previous manifest listed that
/// this run does not produce is removed. When a file cannot be written, the manifest is not
/// written either (the previous one stays, and names what the tree holds) and nothing is removed.
PTORW_ENTRY WriteReport write_tree(const CompileResult& r, const std::string& dir);

/// The content hash the manifest records ("hash": "xxh3_64"): XXH3-64 (xxHash, seed 0), as 16 hex
/// digits — what `xxhsum -H3` prints.
PTORW_ENTRY std::string content_hash(std::string_view text);

}  // namespace ptorw::compile

#if PTORW_ENTRY_BODIES
#include "ptorw/compile/compile_impl.hpp"
#endif
