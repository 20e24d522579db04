// Differential fuzzing at scale: `fuzz_diff --count N --seed S [--style ssa|text|mixed] [--dump DIR]
// [--keep-going] [--print SEED] [--seconds T]` generates N programs from seeds S, S+1, ...
// (--style ssa: test/fuzz/gen_program.hpp, the default; text: hand-written programs that rebind
// names, test/fuzz/gen_text_program.hpp; mixed: even seeds ssa, odd seeds text) and judges the
// default pipeline on each with interp::diffcheck (test/fuzz/fuzz_diff.hpp); --seconds stops
// early after T seconds of wall time; --max-steps N lowers the interpreter's step limit (50M: a
// pass that makes a loop endless costs minutes per program at that limit). Prints
// one line per failing seed (the whole report with --keep-going off), then totals: programs,
// mismatches, generator failures, programs rewritten, time per program, and the rules that fired.
// `--print SEED` only prints the program of one seed; `--file F` judges one saved program;
// `--isolate` runs each program in a forked child, so that a pass that crashes is reported (with
// its seed and signal) instead of ending the run. `--alias P` makes P percent of the SSA
// generator's blocks hand one buffer to a kernel as its In and its Out (GenOptions::alias_percent).
// `--lower-every N`: hand-written programs whose seed N divides also run tile-to-buffer after the
// default pipeline, judged the same way (FuzzDiff::set_lower_every; default 4, 0: never).
// Exit status 1 when anything failed.
// A one-file program: the library's code is compiled here, once (ptorw/entry.hpp).
#include "ptorw/define_all.hpp"
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

#include "fuzz_diff.hpp"

int main(int argc, char** argv) {
  std::uint64_t count = 1000, seed = 1;
  double seconds = 0;
  ptorw::interp::DiffOptions diff;
  ptorw::fuzz::GenOptions gen;
  std::string dump;
  bool keep_going = false, isolate = false;
  std::uint64_t lower_every = 4;
  ptorw::fuzz::Style style = ptorw::fuzz::Style::Ssa;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::cerr << "fuzz_diff: " << a << " needs a value\n";
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--count") count = std::stoull(next());
    else if (a == "--seed") seed = std::stoull(next());
    else if (a == "--dump") dump = next();
    else if (a == "--seconds") seconds = std::stod(next());
    else if (a == "--max-steps") diff.run.eval.max_steps = std::stoull(next());
    else if (a == "--style") {
      auto st = ptorw::fuzz::parse_style(next());
      if (!st) {
        std::cerr << "fuzz_diff: --style is ssa, text or mixed\n";
        return 2;
      }
      style = *st;
    }
    else if (a == "--alias") gen.alias_percent = std::stoi(next());
    else if (a == "--lower-every") lower_every = std::stoull(next());
    else if (a == "--keep-going") keep_going = true;
    else if (a == "--isolate") isolate = true;
    else if (a == "--file") {
      std::ifstream in(next());
      std::stringstream ss;
      ss << in.rdbuf();
      ptorw::fuzz::FuzzDiff f({}, diff);
      auto r = f.check_text(ss.str(), argv[i]);
      std::cout << (r.ok() ? "ok" : r.str()) << "\n";
      return r.ok() ? 0 : 1;
    }
    else if (a == "--print") {
      ptorw::fuzz::FuzzDiff f(gen);
      f.set_style(style);
      std::cout << f.generate(std::stoull(next()));
      return 0;
    } else {
      std::cerr << "usage: fuzz_diff [--count N] [--seed S] [--style ssa|text|mixed] [--seconds T] [--max-steps N] [--dump DIR] "
                   "[--alias PERCENT] [--lower-every N] [--keep-going] [--isolate] [--print SEED] [--file F]\n";
      return 2;
    }
  }
  ptorw::fuzz::FuzzDiff f(gen, diff);
  f.set_style(style);
  f.set_lower_every(lower_every);
  std::uint64_t mismatches = 0, gen_bad = 0, changed = 0, runs = 0, done = 0, crashes = 0, text_inputs = 0;
  double ms = 0, worst = 0;
  std::uint64_t worst_seed = 0, last = seed;
  const auto t0 = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
  for (std::uint64_t s = seed; s < seed + count; ++s) {
    if (seconds > 0 && elapsed() > seconds) break;
    last = s;
    if (isolate) {
      std::cout.flush();
      pid_t pid = fork();
      if (pid == 0) _exit(f.check(s).ok() ? 0 : 1);
      int st = 0;
      waitpid(pid, &st, 0);
      if (WIFSIGNALED(st)) {
        ++crashes;
        std::cout << "seed " << s << ": the pipeline crashed (signal " << WTERMSIG(st) << ")\n";
        if (!dump.empty()) std::ofstream(dump + "/crash_" + std::to_string(s) + ".py") << f.generate(s);
        if (!keep_going) break;
        continue;
      }
    }
    ptorw::fuzz::SeedResult r = f.check(s);
    ++done;
    ms += r.ms;
    runs += r.runs;
    changed += r.changed;
    text_inputs += r.text_input;
    if (r.ms > worst) worst = r.ms, worst_seed = s;
    if (r.ok()) continue;
    (r.status == ptorw::fuzz::SeedStatus::Mismatch ? mismatches : gen_bad)++;
    if (!dump.empty()) std::ofstream(dump + "/fuzz_" + std::to_string(s) + ".py") << r.text;
    if (!keep_going) {
      std::cout << r.str() << "\n";
      break;
    }
    std::cout << "seed " << s << ": " << r.message.substr(0, r.message.find('\n')) << "\n";
    if (!r.blame.empty()) std::cout << "  pass by pass: " << r.blame.substr(0, r.blame.find('\n')) << "\n";
  }
  std::cout << "style " << ptorw::fuzz::style_name(style) << ", seeds " << seed << ".." << last << ", " << elapsed() << " s\n";
  std::cout << "programs " << done << " (" << text_inputs << " with functions read by names), mismatches " << mismatches
            << ", generator failures " << gen_bad
            << ", crashes " << crashes << ", rewritten by the pipeline " << changed << ", interpreter runs " << runs << ", " << (done ? ms / static_cast<double>(done) : 0)
            << " ms/program (slowest " << worst << " ms, seed " << worst_seed << ")\n";
  for (const auto& [rule, n] : f.applied()) std::cout << "  " << rule << ": " << n << "\n";
  return mismatches + gen_bad + crashes ? 1 : 0;
}
