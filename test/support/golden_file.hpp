// Test support: read a hand-written golden program by its folder and file name (relative to
// PTORW_SOURCE_ROOT, or the working directory), failing the test case on parse errors; and compare
// two runs' outputs. Shared by the stage-check tests of the lowering (lowering_*_test.cpp).
#pragma once
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ptorw/interp/run.hpp"
#include "ptorw/text/parser.hpp"

namespace ptorw::test_support {

/// The text of a hand-written golden file.
inline std::string golden_text(const std::string& folder, const std::string& file) {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  std::filesystem::path p = std::filesystem::path(root ? root : ".") / "test/golden" / folder / file;
  std::ifstream in(p);
  REQUIRE_MESSAGE(in, "cannot read " << p.string());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Parses program text (a golden, perhaps with a hand-written `main` appended), failing the test
/// case on parse errors.
inline ir::ProgramPtr parse_golden(const std::string& text, const std::string& name) {
  auto r = text::parse_program(text, name);
  for (const auto& e : r.errors) FAIL_CHECK(e.str());
  REQUIRE(r.ok());
  return r.program;
}

inline ir::ProgramPtr load_golden(const std::string& folder, const std::string& file) {
  return parse_golden(golden_text(folder, file), folder + "/" + file);
}

/// Whether two runs produced the same output data, output by output.
inline bool same_outputs(const std::vector<interp::Output>& a, const std::vector<interp::Output>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (a[i].data != b[i].data) return false;
  return true;
}

}  // namespace ptorw::test_support
