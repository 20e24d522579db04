// The parser must never crash: every input the parser fuzzer (test/fuzz/parse_fuzz.cpp,
// scripts/fuzz-parser.sh) found troublesome is kept under test/fuzz/regressions/parser/ and
// parsed here; the parser may reject it with diagnostics, but must return (no crash, no escaping
// exception), and an accepted program must print to text that parses back to an equal program.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "ptorw/text/parser.hpp"
#include "round_trip.hpp"
namespace ut_parse_regress_test {  // one namespace per file: the suite builds as one unity TU

TEST_CASE("the parser survives every saved fuzz input") {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  const std::filesystem::path dir = std::filesystem::path(root ? root : ".") / "test/fuzz/regressions/parser";
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (!e.is_regular_file() || e.path().filename().string().front() == '.') continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    CAPTURE(e.path().string());
    ptorw::text::ParseResult r;
    CHECK_NOTHROW(r = ptorw::text::parse_program(ss.str(), e.path().string()));
    if (r.ok()) {
      // Accepted inputs also keep the printer's promise (the libFuzzer target traps otherwise).
      std::string failure;
      CHECK_NOTHROW(failure = ptorw::fuzz::round_trip_failure(*r.program));
      CHECK_MESSAGE(failure.empty(), failure);
    }
    ++n;
  }
  MESSAGE(n << " saved parser inputs");
}
}  // namespace ut_parse_regress_test
