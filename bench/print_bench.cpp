// Printer benchmark: parses one program once, then prints it R times (wall and thread CPU time
// of each print, best of R). `-o FILE` writes the last printed text, for byte comparisons across
// printer changes. Under callgrind, `--toggle-collect='print_once*'` counts the
// printer's instructions alone.
// A one-file program: the library's code is compiled here, once (ptorw/entry.hpp).
#include "ptorw/define_entries.hpp"
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>

#include "bench_util.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"

// Not inlined, so that callgrind can count it: `--toggle-collect=print_once`.
[[gnu::noinline]] std::string print_once(const ptorw::ir::Program& p) { return ptorw::text::print_program(p); }

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: print_bench FILE [REPEATS] [-o OUT]\n");
    return 2;
  }
  const char* out_path = nullptr;
  int repeats = 1;
  const char* file = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "-o") && i + 1 < argc) out_path = argv[++i];
    else if (!file) file = argv[i];
    else repeats = std::stoi(argv[i]);
  }
  const std::string src = bench::read_file(file);
  auto parsed = ptorw::text::parse_program(src, file);
  if (!parsed.ok()) {
    for (auto& d : parsed.errors) std::fprintf(stderr, "%s\n", d.str().c_str());
    return 1;
  }
  std::string printed;
  double best = 1e30, best_cpu = 1e30;
  for (int r = 0; r < repeats; ++r) {
    printed = std::string();
    rusage u0{}, u1{};
    getrusage(RUSAGE_SELF, &u0);
    double c0 = bench::thread_cpu_seconds();
    auto t0 = std::chrono::steady_clock::now();
    printed = print_once(*parsed.program);
    double t = bench::seconds_since(t0), c = bench::thread_cpu_seconds() - c0;
    getrusage(RUSAGE_SELF, &u1);
    if (t < best) best = t;
    if (c < best_cpu) best_cpu = c;
    std::printf("print %.3fs (cpu %.3fs)  %zu bytes  %ld page faults\n", t, c, printed.size(), u1.ru_minflt - u0.ru_minflt);
  }
  std::printf("best of %d: print %.3fs (cpu %.3fs)\n", repeats, best, best_cpu);
  if (out_path) {
    std::FILE* f = std::fopen(out_path, "wb");
    if (!f || std::fwrite(printed.data(), 1, printed.size(), f) != printed.size() || std::fclose(f)) {
      std::fprintf(stderr, "cannot write %s\n", out_path);
      return 1;
    }
  }
  std::fflush(stdout);
  std::quick_exit(0);
}
