// Random tile kernels through the tile-to-buffer pipeline at scale (issue 14):
// `fuzz_kernels --count N --seed S [--planner PYPTO|DSA_RP|PTOAS|all] [--seconds T] [--keep-going]
// [--dump DIR] [--isolate] [--print SEED] [--file F] [--cube]` generates the kernels of seeds S, S+1,
// ... (test/fuzz/gen_tile_kernel.hpp; with --cube the cube kernels of test/fuzz/gen_cube_kernel.hpp,
// issue 18) and judges each under the planner(s) with
// test/fuzz/fuzz_kernels.hpp: the pipeline with verification after every step, selection, the
// storage simulation of the planned program, idempotence of planning, and interp::diffcheck of
// the input against the lowered Buffer IR. Prints one block per failure (seed, planner, check,
// report, program; one line each with --keep-going), then per planner: kernels judged, failures,
// "does not fit" refusals, interpreter runs, time; and the shapes the kernels covered.
// --seconds stops after T seconds of wall time; --print SEED prints one seed's program;
// --file F judges a saved program; --dump DIR writes each failing program to DIR/kfuzz_SEED.py;
// --isolate judges each seed in a forked child first, so that a crash is reported with its seed
// and signal instead of ending the run. Exit status 1 when anything failed.
// A one-file program: the library's code is compiled here, once (ptorw/entry.hpp).
#include "ptorw/define_all.hpp"
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

#include "fuzz_kernels.hpp"
#include "gen_cube_kernel.hpp"

namespace {
struct Totals {
  std::uint64_t judged = 0, failed = 0, no_fit = 0, gen_bad = 0, not_selected = 0, runs = 0, selected = 0, kept_tile = 0,
                all_selected = 0, with_tile = 0, emission_forms = 0, emission_refused = 0;
  double ms = 0;
};
}  // namespace

int main(int argc, char** argv) {
  using ptorw::fuzz::KernelStatus;
  std::uint64_t count = 1000, seed = 1;
  double seconds = 0;
  std::string dump;
  bool keep_going = false, isolate = false, cube = false;
  ptorw::fuzz::TileKernelOptions gen;
  std::string print, file;
  std::vector<std::string> planners = ptorw::fuzz::all_planners();
  auto usage = [] {
    std::cerr << "usage: fuzz_kernels [--count N] [--seed S] [--planner PYPTO|DSA_RP|PTOAS|all] [--seconds T] "
                 "[--keep-going] [--dump DIR] [--isolate] [--print SEED] [--file F] [--cube] [--no-assembles]\n";
    return 2;
  };
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "fuzz_kernels: " << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--count") count = std::stoull(next());
    else if (a == "--seed") seed = std::stoull(next());
    else if (a == "--seconds") seconds = std::stod(next());
    else if (a == "--dump") dump = next();
    else if (a == "--keep-going") keep_going = true;
    else if (a == "--isolate") isolate = true;
    else if (a == "--cube") cube = true;
    else if (a == "--no-assembles") gen.assembles = false;  // TileKernelOptions::assembles (on by default)
    else if (a == "--planner") {
      std::string p = next();
      for (auto& c : p) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      if (p == "ALL") planners = ptorw::fuzz::all_planners();
      else if (ptorw::passes::PassContext::is_planner(p)) planners = {p};
      else {
        std::cerr << "fuzz_kernels: --planner is PYPTO, DSA_RP, PTOAS or all\n";
        return 2;
      }
    } else if (a == "--print") {
      print = next();
    } else if (a == "--file") {
      file = next();
    } else {
      return usage();
    }
  }
  if (!print.empty()) {
    const std::uint64_t ps = std::stoull(print);
    if (cube) {
      std::cout << ptorw::fuzz::generate_cube_kernel(ps).text;
      return 0;
    }
    const ptorw::fuzz::TileKernel k = ptorw::fuzz::generate_tile_kernel(ps, gen);
    for (const auto& [kernel, why] : k.expect_tile) std::cout << "# expected Tile: " << kernel << ": " << why << "\n";
    for (const auto& run : k.scalar_runs) {
      std::cout << "# run with";
      for (const auto& [name, v] : run) std::cout << " " << name << "=" << v;
      std::cout << "\n";
    }
    std::cout << k.text;
    return 0;
  }
  ptorw::fuzz::keep_freed_memory();
  ptorw::fuzz::KernelFuzz f(gen);
  ptorw::fuzz::CubeKernelFeatures cube_features;
  // One seed's judgement under the planners: the tile kernel generator, or the cube one.
  auto judge = [&](ptorw::fuzz::KernelFuzz& k, std::uint64_t s) {
    if (!cube) return k.check(s, planners);
    ptorw::fuzz::CubeKernel ck = ptorw::fuzz::generate_cube_kernel(s);
    cube_features += ck.features;
    return k.check_text(ck.text, planners, s);
  };
  auto program_of = [&](std::uint64_t s) {
    return cube ? ptorw::fuzz::generate_cube_kernel(s).text : f.generate(s).text;
  };
  if (!file.empty()) {
    std::ifstream in(file);
    if (!in) {
      std::cerr << "fuzz_kernels: cannot read " << file << "\n";
      return 2;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    int bad = 0;
    for (const auto& r : f.check_text(ss.str(), planners, 0, file)) {
      std::cout << (r.ok() ? r.planner + ": ok\n" : r.str() + "\n");
      bad += !r.ok();
    }
    return bad ? 1 : 0;
  }
  std::map<std::string, Totals> tot;
  std::uint64_t crashes = 0, done = 0, last = seed;
  bool stop = false;
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  for (std::uint64_t s = seed; s < seed + count && !stop; ++s) {
    if (seconds > 0 && elapsed() > seconds) break;
    last = s;
    if (isolate) {
      std::cout.flush();
      pid_t pid = fork();
      if (pid == 0) {
        ptorw::fuzz::KernelFuzz child(gen);
        bool ok = true;
        for (const auto& r : judge(child, s)) ok = ok && r.ok();
        _exit(ok ? 0 : 1);
      }
      int st = 0;
      waitpid(pid, &st, 0);
      if (WIFSIGNALED(st)) {
        ++crashes;
        std::cout << "seed " << s << ": crashed (signal " << WTERMSIG(st) << ") under one of the planners\n";
        if (!dump.empty()) std::ofstream(dump + "/kfuzz_crash_" + std::to_string(s) + ".py") << program_of(s);
        if (!keep_going) break;
        continue;
      }
    }
    ++done;
    for (const auto& r : judge(f, s)) {
      Totals& t = tot[r.planner];
      ++t.judged;
      t.runs += r.runs;
      t.ms += r.ms;
      t.selected += static_cast<std::uint64_t>(r.selected);
      t.kept_tile += static_cast<std::uint64_t>(r.kept_tile);
      t.emission_forms += static_cast<std::uint64_t>(r.emission_forms);
      t.emission_refused += static_cast<std::uint64_t>(r.emission_refused);
      if (r.status == KernelStatus::Ok) ++(r.kept_tile ? t.with_tile : t.all_selected);
      if (r.status == KernelStatus::DoesNotFit) ++t.no_fit;
      if (r.ok()) continue;
      ++t.failed;
      if (r.status == KernelStatus::GenInvalid || r.status == KernelStatus::GenFails) ++t.gen_bad;
      if (r.status == KernelStatus::NotSelected) ++t.not_selected;
      if (!dump.empty()) std::ofstream(dump + "/kfuzz_" + std::to_string(s) + ".py") << r.text;
      if (!keep_going) {
        std::cout << r.str() << "\n";
        stop = true;
        break;
      }
      std::cout << "seed " << s << " planner " << r.planner << ": " << (r.check.empty() ? "generator / selection" : r.check)
                << ": " << r.message.substr(0, r.message.find('\n')) << "\n";
    }
  }
  std::uint64_t failed = crashes;
  std::cout << "seeds " << seed << ".." << last << " (" << done << " kernels), " << elapsed() << " s\n";
  for (const auto& p : planners) {
    const Totals& t = tot[p];
    failed += t.failed;
    std::cout << "  " << p << ": judged " << t.judged << ", failures " << t.failed << " (generator " << t.gen_bad
              << ", not selected " << t.not_selected << "), does not fit " << t.no_fit << "; programs passing with every kernel "
              << "selected " << t.all_selected << ", with a kernel the spec keeps Tile " << t.with_tile << "; kernels selected "
              << t.selected << ", kept Tile " << t.kept_tile << " (emit converts " << t.emission_forms << ", refuses "
              << t.emission_refused << "); interpreter runs " << t.runs
              << ", " << (t.judged ? t.ms / static_cast<double>(t.judged) : 0) << " ms/kernel\n";
  }
  if (crashes) std::cout << "  crashes " << crashes << "\n";
  std::cout << "shapes: " << (cube ? cube_features.str() : f.features().str()) << "\n";
  return failed ? 1 : 0;
}
