// Lowering benchmark (issue 6): plan + lower (+ emit) of one generated Vec kernel.
//   lower_bench FILE STATEMENTS [PIPELINE]
// PIPELINE defaults to the planned-Buffer pipeline; each pass is timed on its own, then the PTO
// emitter. One process per input so that peak memory (ru_maxrss) is per size; bench/run_lower.sh
// drives it over 1k / 10k / 100k statements and reports per-statement ratios (linearity).
// A one-file program: the library's code is compiled here, once (ptorw/entry.hpp).
#include "ptorw/define_all.hpp"
#include <chrono>
#include <cstdio>
#include <string>

#include "bench_util.hpp"
#include "ptorw/codegen/emit.hpp"
#include "ptorw/text/parser.hpp"

using bench::peak_rss_mib;
using bench::seconds_since;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: lower_bench FILE STATEMENTS [PIPELINE]\n");
    return 2;
  }
  const std::string src = bench::read_file(argv[1]);
  const double n = std::stod(argv[2]);
  const std::string spec = argc > 3 ? argv[3] : "init-memref,select-buffer-ir,plan-memory,lower-tile-to-buffer";

  auto t0 = std::chrono::steady_clock::now();
  auto parsed = ptorw::text::parse_program(src, argv[1]);
  double t_parse = seconds_since(t0);
  if (!parsed.ok()) {
    for (auto& d : parsed.errors) std::fprintf(stderr, "%s\n", d.str().c_str());
    return 1;
  }
  auto pipeline = ptorw::passes::parse_pipeline(spec);
  if (!pipeline.error.empty()) {
    std::fprintf(stderr, "%s\n", pipeline.error.c_str());
    return 2;
  }
  ptorw::ir::ProgramPtr prog = parsed.program;
  ptorw::passes::PassContext ctx;
  std::printf("%8.0f stmts  parse %.3fs", n, t_parse);
  double total = 0;
  for (const auto& p : pipeline.passes) {
    t0 = std::chrono::steady_clock::now();
    auto o = p.run(prog, ctx, {});
    double t = seconds_since(t0);
    total += t;
    for (const auto& d : o.diagnostics)
      if (d.severity == ptorw::Severity::Error) {
        std::fprintf(stderr, "\n%s\n", d.str().c_str());
        return 1;
      }
    prog = o.program;
    std::printf("  %s %.3fs", p.name.c_str(), t);
  }
  bool buffer = false;
  for (const auto& f : prog->functions) buffer = buffer || f->stage == ptorw::ir::Stage::Buffer;
  t0 = std::chrono::steady_clock::now();
  auto emitted = ptorw::codegen::emit_program(*prog, {});
  double t_emit = seconds_since(t0);
  std::size_t bytes = 0;
  for (const auto& k : emitted.kernels) bytes += k.text.size();
  total += t_emit;
  std::printf("  emit %.3fs (%zu KiB)  | plan+lower+emit %.3fs (%.2f us/stmt)  peak %ld MiB  %s\n", t_emit, bytes / 1024,
              total, total / n * 1e6, peak_rss_mib(), buffer && emitted.ok() ? "ok" : "NOT LOWERED/EMITTED");
  return buffer && emitted.ok() ? 0 : 1;
}
