// The repository's examples/ programs, parsed, for tests (PTORW_SOURCE_ROOT names the checkout;
// meson test sets it).
#pragma once
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "ptorw/text/parser.hpp"

namespace ptorw::test {

/// The file names of examples/*.py, sorted.
inline std::vector<std::string> example_names() {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  REQUIRE(root);
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(std::filesystem::path(root) / "examples"))
    if (e.path().extension() == ".py") names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  REQUIRE(!names.empty());
  return names;
}

inline ir::ProgramPtr example(const std::string& name) {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  REQUIRE(root);
  auto r = text::parse_file(std::string(root) + "/examples/" + name);
  REQUIRE(r.ok());
  return r.program;
}

}  // namespace ptorw::test
