// Front-end benchmark (issue 2): parse, verify, print and structural equality of one generated
// program. One process per input so that peak memory (ru_maxrss) is per size; bench/run.sh drives
// it over 10k / 100k / 1M statements and reports per-statement ratios (linearity).
// Each phase is timed on the wall clock and on this thread's CPU clock: on a shared machine the
// wall time includes waiting for a core, the CPU time does not (it still includes kernel time for
// page faults, and cache sharing with other processes).
// A one-file program: the library's code is compiled here, once (ptorw/entry.hpp).
#include "ptorw/define_entries.hpp"
#include <chrono>
#include <cstdio>
#include <string>

#include "bench_util.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"

using bench::peak_rss_mib;
using bench::seconds_since;
using bench::thread_cpu_seconds;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: frontend_bench FILE STATEMENTS\n");
    return 2;
  }
  const std::string src = bench::read_file(argv[1]);
  const double n = std::stod(argv[2]);

  double c0 = thread_cpu_seconds();
  auto t0 = std::chrono::steady_clock::now();
  auto parsed = ptorw::text::parse_program(src, argv[1]);
  double t_parse = seconds_since(t0);
  double c_parse = thread_cpu_seconds() - c0;
  if (!parsed.ok()) {
    for (auto& d : parsed.errors) std::fprintf(stderr, "%s\n", d.str().c_str());
    return 1;
  }
  c0 = thread_cpu_seconds();
  t0 = std::chrono::steady_clock::now();
  auto diags = ptorw::ir::verify(*parsed.program);
  double t_verify = seconds_since(t0);
  double c_verify = thread_cpu_seconds() - c0;
  if (!diags.empty()) {
    std::fprintf(stderr, "%s\n", diags[0].str().c_str());
    return 1;
  }
  c0 = thread_cpu_seconds();
  t0 = std::chrono::steady_clock::now();
  std::string printed = ptorw::text::print_program(*parsed.program);
  double t_print = seconds_since(t0);
  double c_print = thread_cpu_seconds() - c0;
  long rss_core = peak_rss_mib();  // parse + verify + print, the target

  auto again = ptorw::text::parse_program(printed, "reprinted");
  t0 = std::chrono::steady_clock::now();
  auto eq = ptorw::visit::structural_equal(*parsed.program, *again.program);
  double t_equal = seconds_since(t0);
  if (!eq.equal) {
    std::fprintf(stderr, "round trip not equal: %s\n", eq.report().c_str());
    return 1;
  }
  double core = t_parse + t_verify + t_print;
  std::printf("%-10.0f parse %.3fs  verify %.3fs  print %.3fs  | core %.3fs (%.2f Mstmt/s, %.0f ns/stmt)  peak %ld MiB | equal %.3fs"
              " | cpu: parse %.3fs verify %.3fs print %.3fs core %.3fs\n",
              n, t_parse, t_verify, t_print, core, n / core / 1e6, core / n * 1e9, rss_core, t_equal, c_parse, c_verify,
              c_print, c_parse + c_verify + c_print);
  std::fflush(stdout);
  std::quick_exit(0);  // the OS frees the IR; destruction is not part of the measurement
}
