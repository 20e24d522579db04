// Differential fuzzing in CI (issue 5): programs from test/fuzz/gen_program.hpp go through the
// whole `default` pipeline under interp::diffcheck; the first mismatch fails with its seed, the pass
// to blame, the output element and the program text. PTORW_FUZZ_COUNT / PTORW_FUZZ_SEED change
// the number of programs (default 1000, issue 14: CI runs at least 1,000) and the first seed (default 1); bench/fuzz_diff runs more.
// Issue 14: hand-written programs that rebind names (test/fuzz/gen_text_program.hpp), read as
// written against the pipeline's output read by nodes and printed back; PTORW_FUZZ_TEXT_COUNT /
// PTORW_FUZZ_TEXT_SEED (default 1000 from seed 1); `bench/fuzz_diff --style text` runs more.
// 38th session: views passed through ifs, loops and calls (test/fuzz/gen_strided_program.hpp), for
// the stride proof of Patterns 2, 4 and 5; PTORW_FUZZ_STRIDED_COUNT / PTORW_FUZZ_STRIDED_SEED
// (default 1000 from seed 1).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "fuzz_diff.hpp"
#include "gen_program.hpp"
#include "gen_strided_program.hpp"
#include "gen_text_program.hpp"
#include "ptorw/compile/compile.hpp"
#include "ptorw/text/parser.hpp"
#include "../support/same_compile.hpp"
namespace ut_fuzz_diff_test {  // one namespace per file: the suite builds as one unity TU

namespace {

std::uint64_t env_or(const char* name, std::uint64_t fallback) {
  const char* v = std::getenv(name);
  return v && *v ? std::stoull(v) : fallback;
}

std::string source_root() {
  const char* v = std::getenv("PTORW_SOURCE_ROOT");
  return v ? v : ".";
}

std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("the generator is deterministic and varied") {
  CHECK(ptorw::fuzz::generate_program(7) == ptorw::fuzz::generate_program(7));
  CHECK(ptorw::fuzz::generate_program(7) != ptorw::fuzz::generate_program(8));
}

TEST_CASE("the hand-written-text generator is deterministic and varied") {
  CHECK(ptorw::fuzz::generate_text_program(7) == ptorw::fuzz::generate_text_program(7));
  CHECK(ptorw::fuzz::generate_text_program(7) != ptorw::fuzz::generate_text_program(8));
  CHECK(ptorw::fuzz::generate_text_program(7) != ptorw::fuzz::generate_program(7));
}

TEST_CASE("hand-written programs that rebind names keep their results through the default pipeline") {
  const std::uint64_t count = env_or("PTORW_FUZZ_TEXT_COUNT", 1000), first = env_or("PTORW_FUZZ_TEXT_SEED", 1);
  ptorw::fuzz::FuzzDiff f;
  f.set_style(ptorw::fuzz::Style::Text);
  std::uint64_t text = 0, runs = 0, lowered = 0, emission_forms = 0;
  double ms = 0;
  // The shapes the generator is there for: each must appear in some program (a generator change
  // that loses one fails here rather than silently testing less).
  const std::vector<std::pair<std::string, std::string>> shapes{
      {"While loop", "pl.while_("},
      {"condition on a rebound name", "pl.cond(k"},
      {"existing init_values", "init_values=("},
      {"else arm", "else:"},
      {"tile accumulator", "= pl.tile.add(acc"},
      {"tile.assemble accumulator", "= pl.tile.assemble(w"},
      {"assemble into a rebound parent", "= pl.tensor.assemble("},
      {"InOut parameter", "pl.InOut["},
      {"multi-return", ", hi: pl.Out["},
      {"row kernel", "row: pl.Scalar[pl.INDEX]"},
      {"Out parameter rebound in a kernel", "out = pl.store("},
      {"early return from an if arm of main", "main:\n            return "},
      {"early return in a kernel", "\n            return out\n"},
      {"pl.at scope in main", "main:with pl.at(level=pl.Level.CORE_GROUP):"},
      {"valid rows a scalar gives (types read it)", "main:valid_shape=[vr, "},
      {"that scalar rebound after the load", "main:vr = vr + 1"},
      {"valid rows carried by a kernel's loop", "vr = vr % "},
      {"mixed task (a Group)", "pl.FunctionType.Group"},
  };
  std::vector<int> seen(shapes.size(), 0);
  for (std::uint64_t s = first; s < first + count; ++s) {
    ptorw::fuzz::SeedResult r = f.check(s);
    if (!r.ok()) FAIL(r.str());
    text += r.text_input;
    lowered += r.lowered;
    emission_forms += r.emission_forms;
    runs += r.runs;
    ms += r.ms;
    for (std::size_t k = 0; k < shapes.size(); ++k) {  // "main:" looks in main only (after the kernels)
      const bool in_main = shapes[k].second.rfind("main:", 0) == 0;
      const std::size_t from = in_main ? r.text.find("def main(") : 0;
      seen[k] += from != std::string::npos &&
                 r.text.find(in_main ? shapes[k].second.substr(5) : shapes[k].second, from) != std::string::npos;
    }
  }
  std::ostringstream rules, shape_counts;
  for (const auto& [rule, n] : f.applied()) rules << " " << rule << "=" << n;
  for (std::size_t k = 0; k < shapes.size(); ++k) shape_counts << " " << shapes[k].first << "=" << seen[k];
  MESSAGE(count << " hand-written programs from seed " << first << ": 0 mismatches, " << text
                << " with functions read by names, " << lowered << " also through tile-to-buffer (" << emission_forms
                << " kernels it left on Tile judged in the form emission writes), " << runs << " interpreter runs, " << ms / static_cast<double>(count)
                << " ms/program; shapes:" << shape_counts.str() << "; rules applied:" << rules.str());
  // Nearly every program must rebind a name (else it tests the SSA path again), and convert-to-ssa
  // must have had work to do.
  CHECK(text * 10 >= count * 9);
  CHECK(f.applied().count("convert_to_ssa"));
  if (count >= 200) CHECK(lowered * 5 >= count);  // every fourth seed of those read by names
  // The emission-form step judges something: kernels tile-to-buffer leaves on Tile that `emit`
  // converts in memory (codegen/tile_kernel_form.hpp).
  if (count >= 200) CHECK(emission_forms > 0);
  if (count >= 200)
    for (std::size_t k = 0; k < shapes.size(); ++k) CHECK_MESSAGE(seen[k] > 0, "no program has a " << shapes[k].first);
  // Mixed tasks in at least 5 % of the programs (about 15 % by design), as in the node-built ones;
  // half of them followed by a Pattern 1 loop calling the Group's vector kernel directly.
  if (count >= 200) CHECK(seen.back() * 20 >= static_cast<int>(count));
}

TEST_CASE("views passed through ifs, loops and calls keep their results through the default pipeline") {
  // The stride proof (patterns/memory_strides.hpp) against the interpreter, which checks a declared
  // TensorView against the view a kernel receives. The pre-session binary (the proof read declared
  // types of If, loop and call results and of tensor.write) fails 154 of seeds 1-300 (Pattern 4:
  // 'declares TensorView strides [64, 1] but receives a view with strides [128, 1]', 61 of them
  // inside 'inner'; Pattern 5 the same for 'rd__windowed'); with the loop-carried Out fixpoint of
  // carried_param_returns disabled, 6 of the 51 programs calling 'swap' fail.
  const std::uint64_t count = env_or("PTORW_FUZZ_STRIDED_COUNT", 1000), first = env_or("PTORW_FUZZ_STRIDED_SEED", 1);
  ptorw::fuzz::FuzzDiff f;
  const std::vector<std::pair<std::string, std::string>> shapes{
      {"If result", "if c > "},            {"loop carrying a view", "init_values=("},
      {"helper's view", "self.view_of(x"}, {"tensor.write", "pl.tensor.write("},
      {"call carrying an Out", "self.fill("}, {"windowize consumer", "self.rd("},
      {"assemble into a view", "self.shift("},  {"loop yielding the other Out", "self.swap("},
      {"helper slicing its parameter", "self.inner("},
  };
  std::vector<int> seen(shapes.size(), 0);
  for (std::uint64_t s = first; s < first + count; ++s) {
    ptorw::fuzz::SeedResult r = f.check_text(ptorw::fuzz::generate_strided_program(s), "strided_" + std::to_string(s) + ".py");
    if (!r.ok()) FAIL("seed " << s << ": " << r.str() << "\n" << r.text);
    for (std::size_t k = 0; k < shapes.size(); ++k) seen[k] += r.text.find(shapes[k].second) != std::string::npos;
  }
  std::ostringstream rules;
  for (const auto& [rule, n] : f.applied()) rules << " " << rule << "=" << n;
  MESSAGE(count << " strided-view programs from seed " << first << ": 0 mismatches; rules applied:" << rules.str());
  CHECK(ptorw::fuzz::generate_strided_program(5) == ptorw::fuzz::generate_strided_program(5));
  if (count < 200) return;
  for (std::size_t k = 0; k < shapes.size(); ++k) CHECK_MESSAGE(seen[k] > 0, "no program has a " << shapes[k].first);
  // Each pattern the proof serves must apply in some programs (else the test proves nothing).
  for (const char* rule : {"slice_input_strides", "assemble_parent_strides", "out_window_externalizer"})
    CHECK_MESSAGE(f.applied().count(rule), std::string(rule) << " never applied");
}

TEST_CASE("generated programs keep their results through the default pipeline") {
  const std::uint64_t count = env_or("PTORW_FUZZ_COUNT", 1000), first = env_or("PTORW_FUZZ_SEED", 1);
  ptorw::fuzz::FuzzDiff f;
  std::uint64_t changed = 0, runs = 0, mixed = 0;
  double ms = 0;
  for (std::uint64_t s = first; s < first + count; ++s) {
    ptorw::fuzz::SeedResult r = f.check(s);
    if (!r.ok()) FAIL(r.str());
    mixed += r.text.find("pl.FunctionType.Group") != std::string::npos;
    changed += r.changed;
    runs += r.runs;
    ms += r.ms;
  }
  std::ostringstream rules;
  for (const auto& [rule, n] : f.applied()) rules << " " << rule << "=" << n;
  MESSAGE(count << " programs from seed " << first << ": 0 mismatches, " << changed << " rewritten, " << runs
                << " interpreter runs, " << ms / static_cast<double>(count) << " ms/program; " << mixed
                << " with a mixed task (a Group); rules applied:" << rules.str());
  // The generator must keep exercising the patterns it is shaped after, and mixed tasks (with
  // the call-site index leaving out the calls made in Group functions, in a scratch copy, Pattern 1
  // rewrites a Group's AIV kernel and seed 30 fails here, seed 54 in the hand-written test).
  if (count >= 200) CHECK(mixed * 20 >= count);
  CHECK(f.applied().count("iter_arg_reuse"));
  CHECK(f.applied().count("assemble_loop_to_store"));
  CHECK(f.applied().count("out_window_externalizer"));
}

// One buffer as a kernel's In and Out (GenOptions::alias_percent): the kernel reads its row
// blocks in reverse order into a tile.create before its one store, so Pattern 3's rewrite would
// read rows it already wrote (audit 2026-12-06 F2). With the call-site check removed, seeds of
// this test fail with a changed output.
TEST_CASE("generated programs passing one buffer as In and Out keep their results") {
  const std::uint64_t count = env_or("PTORW_FUZZ_COUNT", 1000) / 5, first = env_or("PTORW_FUZZ_SEED", 1);
  ptorw::fuzz::GenOptions gen;
  gen.alias_percent = 40;
  ptorw::fuzz::FuzzDiff f(gen);
  std::uint64_t aliased = 0;
  for (std::uint64_t s = first; s < first + count; ++s) {
    ptorw::fuzz::SeedResult r = f.check(s);
    if (!r.ok()) FAIL(r.str());
    aliased += r.text.find("def k_asm") != std::string::npos;
  }
  MESSAGE(count << " programs from seed " << first << ": 0 mismatches, " << aliased << " with an aliased call");
  if (count >= 100) CHECK(aliased * 2 >= count);
}

// Programs the fuzzer found, kept as files. Each must pass diffcheck once its pass is fixed; the
// ones that still crash a pass are listed in `crashing` (a crash would take the whole suite down).
TEST_CASE("fuzz regressions keep their results through the default pipeline") {
  const std::filesystem::path dir = std::filesystem::path(source_root()) / "test/fuzz/regressions";
  const std::vector<std::string> crashing{};  // none now: the nested single-trip loop crash is fixed
  ptorw::fuzz::FuzzDiff f;
  int checked = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.path().extension() != ".py") continue;
    const std::string name = e.path().filename().string();
    bool skip = false;
    for (const auto& c : crashing) skip = skip || c == name;
    if (skip) {
      MESSAGE("skipped (still crashes its pass): " << name);
      continue;
    }
    CAPTURE(name);
    ptorw::fuzz::SeedResult r = f.check_text(slurp(e.path()), e.path().string());
    CHECK_MESSAGE(r.ok(), r.str());
    ++checked;
  }
  MESSAGE(checked << " regression programs checked");
}

// `ptorw compile` schedules work ahead on a second thread (OptimizeOrchTensors' analyses, the
// orchestration C++ from the default pipeline's output): over generated programs of both styles
// (node-built, and hand-written text that rebinds names in loops and branches), the output is the
// same as with nothing done ahead. PTORW_FUZZ_COMPILE_COUNT programs of each style (default 300).
TEST_CASE("generated programs compile to the same files with and without the work done ahead") {
  const std::uint64_t count = env_or("PTORW_FUZZ_COMPILE_COUNT", 300);
  std::uint64_t compiled = 0, kept = 0;
  for (int style = 0; style < 2; ++style)
    for (std::uint64_t s = 1; s <= count; ++s) {
      const std::string src = style == 0 ? ptorw::fuzz::generate_program(s) : ptorw::fuzz::generate_text_program(s);
      CAPTURE(style);
      CAPTURE(s);
      auto parsed = ptorw::text::parse_program(src, "gen.py");
      REQUIRE(parsed.ok());
      ptorw::compile::CompileOptions ahead, sequential;
      sequential.prefetch = false;
      sequential.emit_ahead = false;
      auto a = ptorw::compile::compile(parsed.program, ahead), b = ptorw::compile::compile(parsed.program, sequential);
      ptorw::test::check_same_compile(a, b);
      compiled += a.program != nullptr;
      kept += a.orchestration_ahead;
    }
  MESSAGE((2 * count) << " programs: " << compiled << " through the pipeline, the orchestration emitted ahead and kept in " << kept);
  CHECK(compiled * 10 >= 2 * count * 9);  // the comparison is of real outputs, not of two failures
  CHECK(kept == compiled);
}
}  // namespace ut_fuzz_diff_test
