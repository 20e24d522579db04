// `ptorw compile FILE -o DIR`: the whole pipeline to the output tree (ptorw/compile/compile.hpp):
// DIR/kernels/<kernel>.pto and its entry wrapper <kernel>.entry.cpp, DIR/orchestration/<function>.cpp, DIR/passes/NN_<pass>.py (--dump-*),
// DIR/manifest.json. A kernel or function without an emitted form is an error naming it; the
// others are still written, and the exit code is 1. Unchanged files are not rewritten.
#include <fmt/format.h>

#include <algorithm>
#include <iostream>

#include "cli/cli.hpp"
#include "cli/emit_options.hpp"
#include "cli/progress.hpp"
#include "ptorw/compile/compile.hpp"

namespace ptorw::cli {

int cmd_compile(const Options& o) {
  compile::CompileOptions co;
  co.context = make_context(o);  // --planner, --arch, --enable-buffer-ir, --opt
  co.emit = make_emit_options(o, co.context);
  const std::vector<std::string> steps = compile::pipeline_pass_names();
  for (const auto& d : o.dump_after)
    if (std::find(steps.begin(), steps.end(), d) == steps.end())
      throw UsageError(fmt::format("--dump-after={}: no pass '{}' in the compile pipeline{} (passes: {})", d, d,
                                   did_you_mean(d, steps), fmt::join(steps, ", ")));
  co.dump_after = o.dump_after;
  co.dump_all = o.dump_all;

  auto p = load(o.file);
  if (!p) return kFailed;
  warn_planner_not_applied(o, co.context, *p);
  compile::CompileResult r;
  {
    // A pass that runs past a second shows "ptorw compile: pass 4/8 optimize-orch-tensors, functions
    // 6/7... 2 s" (the functions of the driver's current round done / their number).
    Progress progress(!o.quiet);
    std::string current;
    co.on_pass = [&](std::string_view pass, std::size_t index, std::size_t total) {
      current = index < total ? fmt::format("ptorw compile: pass {}/{} {}", index + 1, total, pass)
                              : fmt::format("ptorw compile: {}", pass);
      progress.set(current);
    };
    if (progress.active())  // (no formatting per function when nothing can show it)
      co.on_function = [&](std::size_t done, std::size_t total) {
        progress.update(fmt::format("{}, functions {}/{}", current, done, total));
      };
    r = compile::compile(p, co);
  }
  print_diagnostics(r.diagnostics);
  if (!r.program) {
    error("the pipeline failed; nothing was written");
    return kFailed;
  }
  compile::WriteReport w = compile::write_tree(r, o.output_dir);
  print_diagnostics(w.errors);
  if (!o.quiet)
    std::cerr << fmt::format("ptorw compile: {}: {} written, {} unchanged{}{}{}\n", o.output_dir,
                             counted(w.written.size(), "file"), w.unchanged.size(),
                             w.removed.empty() ? "" : fmt::format(", {} removed", w.removed.size()),
                             w.failed.empty() ? "" : fmt::format(", {} not written (errors above)", w.failed.size()),
                             r.ok() ? "" : "; some kernels or functions were not emitted (errors above)");
  // The programs are not destroyed on the way out: freeing every node of the input and of the
  // output one by one is work the process exit does at once (a twentieth of compile on the
  // 100k-statement benchmark). Held by a never-destroyed static, so they stay reachable (no leak
  // report under LeakSanitizer).
  static auto* keep = new std::vector<ir::ProgramPtr>();
  keep->push_back(std::move(p));
  keep->push_back(std::move(r.program));
  return r.ok() && w.ok() ? kOk : kFailed;
}

}  // namespace ptorw::cli
