// The decoder's smoke corpus, run by every `meson test` (issue 23; the long run is the libFuzzer
// target test/fuzz/decode_fuzz.cpp, scripts/fuzz-decoder.sh): valid encodings of the examples and
// a sample of the goldens, each cut at many lengths and corrupted by deterministic bit flips and
// byte overwrites, and the saved inputs the fuzzer once failed on. Every input must decode or be refused with a positioned error; a decoded
// program is verified and, when it verifies, printed — as `ptorw` does with its input — so the
// consumers of a decoded program see hostile shapes too.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "decode_check.hpp"
#include "ptorw/persist/persist.hpp"
#include "ptorw/text/parser.hpp"
namespace ut_decode_smoke_test {  // one namespace per file: the suite builds as one unity TU

namespace fs = std::filesystem;
using namespace ptorw;

TEST_CASE("decoder smoke corpus: truncations and corruptions of valid encodings") {
  const char* r = std::getenv("PTORW_SOURCE_ROOT");
  const fs::path root = r ? fs::path(r) : fs::path(".");
  std::vector<fs::path> files;
  for (const char* dir : {"examples", "test/golden"})
    for (const auto& e : fs::recursive_directory_iterator(root / dir))
      if (e.path().extension() == ".py") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  std::vector<std::string> seeds;
  for (std::size_t i = 0; i < files.size(); i += 7) {  // every 7th: ~100 programs, all stages
    std::ifstream in(files[i], std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    auto p = text::parse_program(ss.str(), files[i].string());
    if (p.ok()) seeds.push_back(persist::encode(*p.program));
  }
  REQUIRE(seeds.size() > 50);
  std::uint64_t state = 0x9e3779b97f4a7c15ULL;
  auto next = [&] {  // xorshift64: the same inputs on every run
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  fuzz::DecodeTally tally;
  for (const std::string& s : seeds) {
    tally.run(s);
    for (int k = 0; k < 24; ++k) tally.run(s.substr(0, next() % s.size()));
    for (int k = 0; k < 48; ++k) {
      std::string b = s;
      const std::size_t at = next() % b.size();
      if (k % 2) b[at] = static_cast<char>(b[at] ^ (1u << (next() % 8)));
      else b[at] = static_cast<char>(next());
      tally.run(b);
    }
  }
  // Inputs the libFuzzer target once failed on (test/fuzz/regressions/decoder/).
  for (const auto& e : fs::directory_iterator(root / "test/fuzz/regressions/decoder")) {
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    tally.run(ss.str());
  }
  MESSAGE(tally.inputs << " inputs: " << tally.refused << " refused with a byte offset, " << tally.decoded
                       << " decoded (" << tally.verified << " of them verified and printed)");
  CHECK(tally.unpositioned == 0);
  CHECK(tally.refused > 0);
}
}  // namespace ut_decode_smoke_test
