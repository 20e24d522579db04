// The CI smoke run of parser fuzzing (issue 5): a few thousand deterministic mutations of the
// examples and goldens (byte edits from fuzz/mutate.hpp, line duplications, deletions, swaps and
// splices between files) go through parse, verify and print. Properties:
// - nothing escapes: the parser returns diagnostics or a program, verify and print return;
// - every diagnostic carries a position (line >= 1);
// - an accepted program prints to text that parses again to a structurally equal program.
// scripts/fuzz-parser.sh is the longer, coverage-guided libFuzzer run of the same properties.
// Local longer runs: PTORW_FUZZ_RUNS=1000000 PTORW_FUZZ_SEED=7 build/test/unit_fuzz_parse
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ptorw/ir/verify.hpp"
#include "ptorw/text/parser.hpp"
#include "mutate.hpp"
#include "round_trip.hpp"
namespace ut_parse_smoke_test {  // one namespace per file: the suite builds as one unity TU

namespace {

std::vector<std::string> seed_sources() {
  namespace fs = std::filesystem;
  const char* root_env = std::getenv("PTORW_SOURCE_ROOT");
  const fs::path root = root_env ? root_env : ".";
  std::vector<fs::path> files;
  for (const char* dir : {"examples", "test/golden"})
    if (fs::exists(root / dir))
      for (const auto& e : fs::recursive_directory_iterator(root / dir))
        if (e.is_regular_file() && e.path().extension() == ".py") files.push_back(e.path());
  std::sort(files.begin(), files.end());  // directory order differs between machines
  std::vector<std::string> out;
  for (const auto& f : files) {
    std::ifstream in(f, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    out.push_back(ss.str());
  }
  return out;
}

}  // namespace

TEST_CASE("parser smoke fuzz: mutated examples and goldens never escape and round-trip when accepted") {
  const std::vector<std::string> seeds = seed_sources();
  REQUIRE(seeds.size() >= 50);
  // PTORW_FUZZ_RUNS / PTORW_FUZZ_SEED make a longer local run; CI uses the defaults.
  const char* runs_env = std::getenv("PTORW_FUZZ_RUNS");
  const char* seed_env = std::getenv("PTORW_FUZZ_SEED");
  const int kRuns = runs_env ? std::atoi(runs_env) : 30000;
  ptorw::fuzz::Rng rng(seed_env ? std::strtoull(seed_env, nullptr, 10) : 20261129);
  int accepted = 0, rejected = 0;
  for (int run = 0; run < kRuns; ++run) {
    std::string s = seeds[rng.below(seeds.size())];
    const int edits = 1 + static_cast<int>(rng.below(3));
    for (int e = 0; e < edits; ++e) {
      if (rng.below(2)) ptorw::fuzz::mutate_once(s, rng);
      else ptorw::fuzz::mutate_lines(s, seeds[rng.below(seeds.size())], rng);
    }
    CAPTURE(run);
    ptorw::text::ParseResult r;
    REQUIRE_NOTHROW(r = ptorw::text::parse_program(s, "fuzz.py"));
    if (!r.ok()) {
      ++rejected;
      REQUIRE(!r.errors.empty());
      if (r.errors.front().span.line < 1)
        FAIL_CHECK("a diagnostic without a position: " << r.errors.front().str() << "\ninput:\n" << s);
      continue;
    }
    ++accepted;
    REQUIRE_NOTHROW((void)ptorw::ir::verify(*r.program));
    std::string failure;
    REQUIRE_NOTHROW(failure = ptorw::fuzz::round_trip_failure(*r.program));
    if (!failure.empty()) {
      CAPTURE(s);
      FAIL_CHECK(failure);
    }
  }
  MESSAGE(kRuns << " mutated inputs: " << accepted << " accepted, " << rejected << " rejected");
  CHECK(accepted > kRuns / 20);  // the line edits keep a good share well formed
  CHECK(rejected > kRuns / 5);
}
}  // namespace ut_parse_smoke_test
