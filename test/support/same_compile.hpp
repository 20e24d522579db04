// Two compile results are the same output: the same verdict, diagnostics and files, in order, byte
// for byte (used where an option only changes how the work is scheduled: analyses computed ahead,
// the orchestration emitted ahead).
#pragma once
#include <doctest/doctest.h>

#include "ptorw/compile/compile.hpp"

namespace ptorw::test {

inline void check_same_compile(const compile::CompileResult& a, const compile::CompileResult& b) {
  CHECK(a.ok() == b.ok());
  REQUIRE(a.diagnostics.size() == b.diagnostics.size());
  for (std::size_t i = 0; i < a.diagnostics.size(); ++i) CHECK(a.diagnostics[i].str() == b.diagnostics[i].str());
  REQUIRE(a.files.size() == b.files.size());
  for (std::size_t i = 0; i < a.files.size(); ++i) {
    CHECK(a.files[i].path == b.files[i].path);
    CHECK(a.files[i].text == b.files[i].text);
  }
}

}  // namespace ptorw::test
