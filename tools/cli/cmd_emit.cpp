// `ptorw emit`: plan and lower Tile kernels (tile-to-buffer), then one PTO module per Buffer-stage
// kernel: on stdout, to -o FILE (one kernel), or to --output-dir DIR (one <kernel>.pto each).
#include <fmt/format.h>

#include <filesystem>
#include <iostream>

#include "cli/cli.hpp"
#include "cli/emit_options.hpp"
#include "ptorw/codegen/emit.hpp"
#include "ptorw/lowering/buffer_pipeline.hpp"
#include "ptorw/lowering/planning/verify_tile_storage.hpp"
#include "ptorw/passes/verify_source.hpp"
#include "ptorw/ptorw.hpp"

namespace ptorw::cli {

namespace {

int emit_lowered(const ir::Program& p, const codegen::EmitOptions& eo, const Options& o, const passes::PassContext& ctx) {
  auto r = codegen::emit_program(p, eo);
  // A kernel the lowering left at Tile stage without storage has no PTO form: an error with its
  // reason, like any kernel that cannot be emitted (audit 2026-12-06: it was a warning, exit 0).
  for (const auto& name : r.tile_stage)
    if (auto f = p.find(name)) {
      r.diagnostics.push_back(lowering::unplanned_kernel_error(p, *f, ctx));
      r.failed.push_back(name);
    }
  if (eo.fail_fast && !r.tile_stage.empty()) r.kernels.clear();  // --fail-fast: nothing written
  print_diagnostics(r.diagnostics);
  // Every module that could be emitted is written; a kernel that could not is reported (above) and
  // makes the exit status 1 (issue 17). --fail-fast: nothing is written after a failure.
  const int status = r.ok() ? kOk : kFailed;
  if (!r.ok() && r.kernels.empty()) return kFailed;
  std::string file = p.source_file.empty() ? "<input>" : display_name(p.source_file);
  if (!r.failed.empty())
    std::cerr << fmt::format("{}: note: {} not emitted ({}); {} written\n", file, counted(r.failed.size(), "kernel"),
                             fmt::join(r.failed, ", "), counted(r.kernels.size(), "module"));
  if (r.kernels.empty()) {
    if (lowering::has_scopes(p)) {  // the kernels are still pl.at scopes: an error, as emit_pto raises
      std::cerr << file << ": error: no InCore/AIC/AIV kernels to emit: the program's pl.at scopes become kernels "
                           "with outline-incore-scopes, a step of default (`ptorw compile` runs it)\n";
      return kFailed;
    }
    std::cerr << file << ": no InCore/AIC/AIV kernels; nothing to emit\n";
    return kOk;
  }
  if (!o.output_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(o.output_dir, ec);
    if (ec) {
      std::cerr << fmt::format("{}: error: cannot create directory: {}\n", o.output_dir, ec.message());
      return kFailed;
    }
    for (const auto& k : r.kernels)
      if (int rc = write_output(k.text, (std::filesystem::path(o.output_dir) / (k.name + ".pto")).string())) return rc;
    return status;
  }
  if (!o.out.empty() && o.out != "-" && r.kernels.size() > 1) {
    std::vector<std::string> names;
    for (const auto& k : r.kernels) names.push_back(k.name);
    throw UsageError(fmt::format("-o {} names one file, but {} has {} kernels ({}): use --output-dir DIR for one "
                                 "<kernel>.pto each",
                                 o.out, file, r.kernels.size(), fmt::join(names, ", ")));
  }
  std::string all;
  for (const auto& k : r.kernels) all += k.text;
  if (int rc = write_output(all, o.out)) return rc;
  return status;
}

}  // namespace

codegen::EmitOptions make_emit_options(const Options& o, const passes::PassContext& ctx) {
  codegen::EmitOptions eo;
  eo.arch = ctx.get("target").value_or("a2a3") == "a5" ? codegen::Arch::A5 : codegen::Arch::A2A3;
  eo.generic = o.generic;
  eo.version = o.pto_version == "old" ? codegen::PtoVersion::Old : codegen::PtoVersion::New;
  eo.locations = o.locations;
  eo.fail_fast = o.fail_fast;
  return eo;
}

void warn_planner_not_applied(const Options& o, const passes::PassContext& ctx, const ir::Program& p) {
  // Review rev43b F5: `emit --planner dsa_rp` of an input planned by PYPTO wrote the input's
  // addresses, identical to `--planner ptoas`, without a word.
  bool named = !o.planner.empty();
  for (const auto& kv : o.opts) named = named || kv.rfind("memory_planner=", 0) == 0;
  if (!named) return;
  Diagnostics ds;
  for (const auto& f : p.functions) {
    if (!f || !ir::is_incore_like(f->type)) continue;
    const bool lowered = f->stage == ir::Stage::Buffer;
    if (!lowered && !lowering::planning::is_planned(*f)) continue;
    ds.push_back(Diagnostic{p.source_file, f->span, Severity::Warning,
                            fmt::format("kernel '{}' is already {} in the input: memory planner {} does not plan it again; "
                                        "its storage is emitted as the input gives it (give the unplanned Tile program to re-plan)",
                                        f->name, lowered ? "lowered to Buffer IR" : "planned", ctx.memory_planner)});
  }
  print_diagnostics(ds);
}

int cmd_emit(const Options& o) {
  if (!o.out.empty() && !o.output_dir.empty()) throw UsageError("give -o FILE or --output-dir DIR, not both");
  if (!o.out.empty() && o.out != "-" && std::filesystem::is_directory(o.out))
    throw UsageError(fmt::format("-o {} is a directory: -o names a file; use --output-dir {}", o.out, o.out));
  passes::PassContext ctx = make_context(o);  // --planner, --arch
  auto p = load(o.file);
  if (!p) return kFailed;
  // Hand-written text that rebinds names means what its names hold; lowering reads nodes, so such
  // input is converted to SSA first, as `compile` does (review rev45a 5: emit refused a file compile
  // took, for an orchestration function it does not even emit).
  if (passes::has_text_functions(*p)) {
    auto convert = passes::make_pass("convert-to-ssa");
    passes::PassOutcome out = convert->run(p, {}, {});
    print_diagnostics(out.diagnostics);
    if (has_errors(out.diagnostics) || !out.program) return kFailed;
    p = out.program;
  }
  auto ds = ir::verify(*p);
  if (!has_errors(ds)) {  // Buffer-stage input kernels: the BufferIR verifier before emission
    auto bs = lowering::verify_buffer_ir(*p);
    ds.insert(ds.end(), bs.begin(), bs.end());
  }
  print_diagnostics(ds);
  if (has_errors(ds)) return kFailed;
  warn_planner_not_applied(o, ctx, *p);
  // Kernels still at Tile stage go through the device pipeline first (nested calls flattened, then
  // plan, select, lower: lowering::lower_for_emission).
  const std::string arch(ctx.get("target").value_or("a2a3"));
  if (lowering::needs_tile_to_buffer(*p)) {
    if (!ctx.get("target")) ctx.set("target", arch);
    passes::PipelineResult lo = lowering::lower_for_emission(p, ctx);
    print_diagnostics(lo.diagnostics);
    if (!lo.ok || has_errors(lo.diagnostics)) return kFailed;
    p = lo.program;
  }
  return emit_lowered(*p, make_emit_options(o, ctx), o, ctx);
}

}  // namespace ptorw::cli
