// Helpers of the interpreter suites: parse DSL text, run it, pick outputs and elements, and find
// the `file:line:col` of a piece of source text to check error locations against.
#pragma once
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ptorw/interp/interp.hpp"
#include "ptorw/text/parser.hpp"

namespace interp_test {

using namespace ptorw;
using namespace ptorw::interp;

inline ir::ProgramPtr parse_ok(const std::string& src, const std::string& file = "t.py") {
  auto r = text::parse_program(src, file);
  for (auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  return r.program;
}

inline RunResult run_ok(const std::string& src, RunOptions o = {}) {
  RunResult r = run(*parse_ok(src), "main", o);
  if (!r.ok()) FAIL_CHECK(r.error->str());
  REQUIRE(r.ok());
  return r;
}

/// Runs a program that must fail; returns the diagnostic text.
inline std::string run_err(const std::string& src, RunOptions o = {}) {
  RunResult r = run(*parse_ok(src), "main", o);
  REQUIRE_FALSE(r.ok());
  return r.error->str();
}

/// Runs the kernels of a program without `main` (each on its own random inputs; `run_program`).
inline RunResult run_k(const std::string& src, ModePolicy mode = ModePolicy::Auto, std::uint64_t seed = 1) {
  RunOptions o;
  o.seed = seed;
  o.mode = mode;
  return run_program(*parse_ok(src), "main", o);
}
inline RunResult run_k_ok(const std::string& src, ModePolicy mode = ModePolicy::Auto) {
  RunResult r = run_k(src, mode);
  if (!r.ok()) FAIL_CHECK(r.error->str());
  REQUIRE(r.ok());
  return r;
}
inline std::string run_k_err(const std::string& src) {
  RunResult r = run_k(src);
  REQUIRE_FALSE(r.ok());
  return r.error->str();
}

/// Element idx of kernel parameter `param` (a row-major FP32 tensor with `cols` columns) as run_k
/// draws it with `seed`.
inline double input(int param, const Shape& idx, std::int64_t cols = 32, std::uint64_t seed = 1) {
  Rng rng(seed, static_cast<std::uint64_t>(param));
  Bits b = 0;
  for (std::int64_t k = 0; k <= idx[0] * cols + idx[1]; ++k) b = random_element(rng, DType::FP32);
  return double_value(b, DType::FP32);
}

inline const Output& out(const RunResult& r, const std::string& name) {
  for (const auto& o : r.outputs)
    if (o.name == name) return o;
  FAIL("no output " << name);
  return r.outputs.front();
}

/// Element `idx` (row-major over the output's shape) as a double; integers exactly when small.
inline double at(const Output& o, const Shape& idx) {
  std::int64_t flat = 0;
  for (std::size_t i = 0; i < idx.size(); ++i) flat = flat * o.shape[i] + idx[i];
  auto k = static_cast<std::size_t>(flat);
  REQUIRE_FALSE(o.poison[k]);
  return double_value(o.data[k], o.dtype);
}
inline bool poison_at(const Output& o, const Shape& idx) {
  std::int64_t flat = 0;
  for (std::size_t i = 0; i < idx.size(); ++i) flat = flat * o.shape[i] + idx[i];
  return o.poison[static_cast<std::size_t>(flat)] != 0;
}
inline Bits bits_at(const Output& o, const Shape& idx) {
  std::int64_t flat = 0;
  for (std::size_t i = 0; i < idx.size(); ++i) flat = flat * o.shape[i] + idx[i];
  return o.data[static_cast<std::size_t>(flat)] & width_mask(o.dtype);
}

/// "t.py:L:C" of the first occurrence of `needle` in `src` (1-based, like the parser's spans).
inline std::string loc(const std::string& src, const std::string& needle, const std::string& file = "t.py") {
  auto p = src.find(needle);
  REQUIRE(p != std::string::npos);
  int line = 1, col = 1;
  for (std::size_t i = 0; i < p; ++i) {
    if (src[i] == '\n') { ++line; col = 1; } else { ++col; }
  }
  return file + ":" + std::to_string(line) + ":" + std::to_string(col);
}

/// Reads a file of the source tree (examples/...).
inline std::string source_path(const std::string& rel) {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  return std::string(root ? root : ".") + "/" + rel;
}

}  // namespace interp_test
