// Binary IR against text, in one run (issue 23: "1M statements: encode + decode <= 1 s and <= 2x
// the text file's size, both measured against the text parse in one run"):
//   persist_bench FILE.py [-o OUT.msgpack]
//   persist_bench FILE.msgpack [decode]  (decode and encode only, or decode only: for profiling)
// parses FILE, encodes it, decodes the bytes, re-encodes the decoded program (must give the same
// bytes) and prints each phase's wall and CPU time, the sizes and the ratios. Header-only build at
// -O2 like the other benches.
// A one-file program: the library's code is compiled here, once (ptorw/entry.hpp).
#include "ptorw/define_entries.hpp"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "bench_util.hpp"
#include "ptorw/persist/persist.hpp"
#include "ptorw/text/parser.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: persist_bench FILE.py [-o OUT.msgpack]\n");
    return 2;
  }
  using clock = std::chrono::steady_clock;
  const std::string text = bench::read_file(argv[1]);
  auto phase = [](const char* name, clock::time_point t0, double c0) {
    const double wall = bench::seconds_since(t0), cpu = bench::thread_cpu_seconds() - c0;
    std::printf("%-8s %7.3f s wall  %7.3f s cpu\n", name, wall, cpu);
    return cpu;
  };
  if (ptorw::persist::is_binary_ir(text)) {
    auto t0 = clock::now();
    double c0 = bench::thread_cpu_seconds();
    auto decoded = ptorw::persist::decode(text, argv[1]);
    phase("decode", t0, c0);
    if (!decoded.ok()) return 1;
    if (argc > 2 && std::strcmp(argv[2], "decode") == 0) std::fflush(stdout), std::_Exit(0);
    t0 = clock::now();
    c0 = bench::thread_cpu_seconds();
    const bool same = ptorw::persist::encode(*decoded.program) == text;
    phase("encode", t0, c0);
    std::fflush(stdout);
    std::_Exit(same ? 0 : 1);  // the program's destruction is no phase of interest
  }
  auto t0 = clock::now();
  double c0 = bench::thread_cpu_seconds();
  auto parsed = ptorw::text::parse_program(text, argv[1]);
  const double parse = phase("parse", t0, c0);
  if (!parsed.ok()) {
    std::fprintf(stderr, "%s\n", parsed.errors[0].str().c_str());
    return 1;
  }
  t0 = clock::now();
  c0 = bench::thread_cpu_seconds();
  const std::string bytes = ptorw::persist::encode(*parsed.program);
  const double enc = phase("encode", t0, c0);
  t0 = clock::now();
  c0 = bench::thread_cpu_seconds();
  auto decoded = ptorw::persist::decode(bytes, "bench.msgpack");
  const double dec = phase("decode", t0, c0);
  if (!decoded.ok()) {
    std::fprintf(stderr, "%s\n", decoded.errors[0].str().c_str());
    return 1;
  }
  const bool same = ptorw::persist::encode(*decoded.program) == bytes;
  std::printf("text %zu bytes, binary %zu bytes: binary/text size %.2f\n", text.size(), bytes.size(),
              static_cast<double>(bytes.size()) / static_cast<double>(text.size()));
  std::printf("encode+decode %.3f s cpu; decode/parse %.2f; (encode+decode)/parse %.2f; re-encoding %s\n", enc + dec,
              dec / parse, (enc + dec) / parse, same ? "identical" : "DIFFERS");
  std::printf("peak RSS %ld MiB\n", bench::peak_rss_mib());
  if (argc > 3 && std::strcmp(argv[2], "-o") == 0) {
    std::FILE* f = std::fopen(argv[3], "wb");
    if (!f || std::fwrite(bytes.data(), 1, bytes.size(), f) != bytes.size()) return 1;
    std::fclose(f);
  }
  std::fflush(stdout);
  std::_Exit(same ? 0 : 1);  // freeing three programs is no phase of interest
}
