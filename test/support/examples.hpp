// The repository's examples/ programs, parsed, for tests (PTORW_SOURCE_ROOT names the checkout;
// meson test sets it).
#pragma once
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "ptorw/text/parser.hpp"

namespace ptorw::test {

inline ir::ProgramPtr example(const std::string& name) {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  REQUIRE(root);
  auto r = text::parse_file(std::string(root) + "/examples/" + name);
  REQUIRE(r.ok());
  return r.program;
}

}  // namespace ptorw::test
