// Memory-planning benchmark (issue 6): init-memref, then plan-memory under each planner, on one
// generated kernel (bench/gen_plan_kernel.py). Times each pass in-process (parse and print
// excluded) and prints microseconds per statement, so 1k / 10k / 100k runs show linearity.
//   plan_bench FILE STATEMENTS
// A one-file program: the library's code is compiled here, once (ptorw/entry.hpp).
#include "ptorw/define_all.hpp"
#include <chrono>
#include <cstdio>
#include <string>

#include "bench_util.hpp"
#include "ptorw/lowering/planning/planning.hpp"
#include "ptorw/text/parser.hpp"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: plan_bench FILE STATEMENTS\n");
    return 2;
  }
  const double n = std::stod(argv[2]);
  auto parsed = ptorw::text::parse_program(bench::read_file(argv[1]), argv[1]);
  if (!parsed.ok()) return 1;
  using namespace ptorw::lowering::planning;
  ptorw::passes::PassContext ctx;
  auto t0 = std::chrono::steady_clock::now();
  auto a = run_init_memref(parsed.program, ctx);
  double t_init = bench::seconds_since(t0);
  if (ptorw::has_errors(a.diagnostics)) return 1;
  std::printf("%8.0f stmts  init-memref %.3fs (%.2f us/stmt)", n, t_init, t_init / n * 1e6);
  for (const char* planner : {"PYPTO", "DSA_RP", "PTOAS"}) {
    ctx.memory_planner = planner;
    t0 = std::chrono::steady_clock::now();
    auto b = run_plan_memory(a.program, ctx);
    double t = bench::seconds_since(t0);
    if (ptorw::has_errors(b.diagnostics)) {
      std::fprintf(stderr, "\n%s\n", b.diagnostics[0].str().c_str());
      return 1;
    }
    std::printf("  %s %.3fs (%.2f us/stmt)", planner, t, t / n * 1e6);
  }
  std::printf("  peak %ld MiB\n", bench::peak_rss_mib());
  return 0;
}
