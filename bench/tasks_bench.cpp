// Task graph + schedule + swimlane SVG of one program, phase by phase (issue 21: "100k kernel
// calls: task graph + schedule + SVG in <= 2 s"):
//   tasks_bench FILE [-o OUT.svg] [--passes P]
// parses FILE (not part of the target, printed apart), builds the task graph of `main`, costs and
// schedules it on 4 vector and 2 cube lanes, renders the SVG, and prints each phase's wall and CPU
// time, the counts and the SVG size. bench/gen_tasks_program.py writes the inputs. Header-only
// build at -O2 like the other benches.
// A one-file program: the library's code is compiled here, once (ptorw/entry.hpp).
#include "ptorw/define_entries.hpp"
#include <cstdio>
#include <cstring>
#include <fstream>
#include <string>

#include "bench_util.hpp"
#include "ptorw/tasks/cost_model.hpp"
#include "ptorw/tasks/schedule.hpp"
#include "ptorw/tasks/swimlane_svg.hpp"
#include "ptorw/tasks/task_graph.hpp"
#include "ptorw/text/parser.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: tasks_bench FILE [-o OUT.svg]\n");
    return 2;
  }
  const char* out = nullptr;
  for (int i = 2; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "-o") == 0) out = argv[i + 1];
  const std::string src = bench::read_file(argv[1]);
  auto phase = [](const char* name, auto&& f) {
    auto t0 = std::chrono::steady_clock::now();
    double c0 = bench::thread_cpu_seconds();
    f();
    std::printf("%-10s wall %.3f s  cpu %.3f s\n", name, bench::seconds_since(t0), bench::thread_cpu_seconds() - c0);
  };
  ptorw::text::ParseResult parsed;
  phase("parse", [&] { parsed = ptorw::text::parse_program(src, argv[1]); });
  if (!parsed.ok()) {
    for (const auto& e : parsed.errors) std::fprintf(stderr, "%s\n", e.str().c_str());
    return 1;
  }
  auto t0 = std::chrono::steady_clock::now();
  double c0 = bench::thread_cpu_seconds();
  ptorw::tasks::GraphResult g;
  phase("graph", [&] { g = ptorw::tasks::build_task_graph(*parsed.program); });
  if (!g.ok()) {
    for (const auto& d : g.diagnostics) std::fprintf(stderr, "%s\n", d.str().c_str());
    return 1;
  }
  std::vector<double> cost;
  ptorw::tasks::CostModel model;
  phase("costs", [&] { cost = ptorw::tasks::task_costs(g.graph, *parsed.program, model); });
  ptorw::tasks::Schedule s;
  phase("schedule", [&] { s = ptorw::tasks::schedule(g.graph, cost, ptorw::tasks::Lanes{4, 2}, model.dispatch_ns); });
  std::string svg;
  phase("svg", [&] { svg = ptorw::tasks::swimlane_svg({{"bench", &g.graph, &s}}); });
  if (out) {
    phase("write", [&] { std::ofstream(out, std::ios::binary) << svg; });
  }
  std::printf("graph+schedule+svg: wall %.3f s  cpu %.3f s\n", bench::seconds_since(t0), bench::thread_cpu_seconds() - c0);
  std::printf("tasks %zu  edges %zu  storages %zu  makespan %.1f ns  svg %.1f MiB  peak %ld MiB\n", g.graph.tasks.size(),
              g.graph.edges.size(), g.graph.storages.size(), s.makespan, static_cast<double>(svg.size()) / (1 << 20),
              bench::peak_rss_mib());
  return 0;
}
