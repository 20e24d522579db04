// tile.cast (interp/tile_cast_ops.hpp; docs/semantics.md "tile.cast") run by the interpreter, against
// formulas written here apart from it: FP32 -> BF16 round-to-nearest-even on the bit pattern,
// FP32 -> INT8 by each rounding mode with saturation, INT32 -> INT8 saturation, and the refusals
// (a directed mode on an inexact float value, NaN to an integer, "odd" to an integer, a bad mode,
// a tensor operand). Value mode and a hand-planned kernel in buffer mode agree.
#include <bit>
#include <cmath>
#include <cstring>

#include "op_coverage.hpp"
#include "oracle_harness.hpp"
#include "ptorw/text/printer.hpp"

using namespace oracle_run;

bool cast_test_has_formula(std::string_view op) { return op == "tile.cast"; }

namespace {

const DType F32 = DType::FP32;

/// A kernel casting x [1, n] of `from` to `to` (`extra` kwargs after target_type) into out.
std::string kernel(const std::string& from, const std::string& to, std::size_t n, const std::string& extra = "") {
  const std::string N = std::to_string(n);
  return "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
         "    def main(self, x: pl.Tensor[[1, " + N + "], pl." + from + "], out: pl.Out[pl.Tensor[[1, " + N + "], pl." + to +
         "]]) -> pl.Tensor[[1, " + N + "], pl." + to + "]:\n"
         "        t = pl.load(x, [0, 0], [1, " + N + "])\n"
         "        c = pl.cast(t, target_type=pl." + to + extra + ")\n"
         "        r = pl.store(c, [0, 0], out)\n        return r\n";
}

Value f32s(const std::vector<float>& xs) {
  std::vector<u64> b;
  for (float f : xs) b.push_back(std::bit_cast<std::uint32_t>(f));
  return tensor(F32, b);
}

RunResult run(const std::string& src, Value x, DType to, std::size_t n, ModePolicy mode = ModePolicy::Value) {
  return run_main(*parse_ok(src), {std::move(x), out_tensor(to, {1, static_cast<i64>(n)})}, mode);
}

/// FP32 -> BF16, round to nearest, ties to even, on the bit pattern (NaN stays a quiet NaN).
std::uint16_t bf16_rne(float f) {
  const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
  if (std::isnan(f)) return static_cast<std::uint16_t>((u >> 16) | 0x40);
  const std::uint32_t lsb = (u >> 16) & 1;
  return static_cast<std::uint16_t>((u + 0x7fff + lsb) >> 16);
}

const std::vector<float> kFloats = {1.0f, -2.5f, 2.5f, 3.5f, -3.5f, 0.1f, 1.00390625f, 1.01171875f, 127.4f, 128.5f,
                                    -129.0f, 300.0f, -1e10f, 1e10f, -0.0f, 65504.0f};

}  // namespace

TEST_CASE("tile.cast: FP32 -> BF16 rounds to nearest even (mode omitted or \"rint\")") {
  for (const std::string extra : {"", ", mode=\"rint\""}) {
    CAPTURE(extra);
    RunResult r = run(kernel("FP32", "BF16", kFloats.size(), extra), f32s(kFloats), DType::BF16, kFloats.size());
    REQUIRE_MESSAGE(r.ok(), r.error->str());
    const Output& o = out(r, "out");
    for (std::size_t k = 0; k < kFloats.size(); ++k)
      CHECK_MESSAGE((o.data[k] & 0xffff) == bf16_rne(kFloats[k]), kFloats[k]);
  }
  // 1 + 2^-8 is a tie in BF16 (7 fraction bits): to even, 1.0; 1 + 3 * 2^-8 ties up to 1 + 2^-6.
  CHECK(bf16_rne(1.00390625f) == 0x3f80);
  CHECK(bf16_rne(1.01171875f) == 0x3f82);
}

TEST_CASE("tile.cast: FP32 -> INT8 by mode, saturating") {
  const struct { const char* mode; double (*f)(double); } modes[] = {
      {"rint", [](double d) { return std::nearbyint(d); }}, {"round", [](double d) { return std::round(d); }},
      {"floor", [](double d) { return std::floor(d); }},    {"ceil", [](double d) { return std::ceil(d); }},
      {"trunc", [](double d) { return std::trunc(d); }}};
  for (const auto& m : modes) {
    CAPTURE(m.mode);
    RunResult r = run(kernel("FP32", "INT8", kFloats.size(), std::string(", mode=\"") + m.mode + "\""), f32s(kFloats), DType::INT8,
                      kFloats.size());
    REQUIRE_MESSAGE(r.ok(), r.error->str());
    const Output& o = out(r, "out");
    for (std::size_t k = 0; k < kFloats.size(); ++k) {
      const double i = m.f(static_cast<double>(kFloats[k]));
      const std::int64_t want = i <= -128 ? -128 : i >= 127 ? 127 : static_cast<std::int64_t>(i);
      CHECK_MESSAGE(int_value(o.data[k]) == want, kFloats[k]);
    }
  }
  // The modes differ where they should: 2.5 is 2 (rint), 3 (round), 2 (floor), 3 (ceil), 2 (trunc).
  CHECK(std::nearbyint(2.5) == 2.0);
  CHECK(std::round(2.5) == 3.0);
}

TEST_CASE("tile.cast: INT32 -> INT8 and -> FP32; BOOL is x != 0") {
  const std::vector<i64> xs = {0, 1, -1, 127, 128, -128, -129, 100000, -100000, 16777217};
  std::vector<u64> b;
  for (i64 v : xs) b.push_back(oracle::iv(DType::INT32, v).bits);
  RunResult r = run(kernel("INT32", "INT8", xs.size()), tensor(DType::INT32, b), DType::INT8, xs.size());
  REQUIRE_MESSAGE(r.ok(), r.error->str());
  for (std::size_t k = 0; k < xs.size(); ++k) CHECK(int_value(out(r, "out").data[k]) == std::clamp<i64>(xs[k], -128, 127));
  RunResult f = run(kernel("INT32", "FP32", xs.size()), tensor(DType::INT32, b), F32, xs.size());
  REQUIRE_MESSAGE(f.ok(), f.error->str());
  for (std::size_t k = 0; k < xs.size(); ++k)
    CHECK(static_cast<std::uint32_t>(out(f, "out").data[k]) == std::bit_cast<std::uint32_t>(static_cast<float>(xs[k])));
  RunResult t = run(kernel("INT32", "BOOL", xs.size()), tensor(DType::INT32, b), DType::BOOL, xs.size());
  REQUIRE_MESSAGE(t.ok(), t.error->str());
  for (std::size_t k = 0; k < xs.size(); ++k) CHECK(out(t, "out").data[k] == (xs[k] != 0 ? 1u : 0u));
}

TEST_CASE("tile.cast: what the interpreter does not model is an error, never a guess") {
  // floor on a value BF16 cannot hold; exact values are fine under any mode.
  check_error(run(kernel("FP32", "BF16", 1, ", mode=\"floor\""), f32s({0.1f}), DType::BF16, 1),
              "tile.cast mode 'floor' from FP32 to BF16 rounds an inexact value", "floor");
  CHECK(run(kernel("FP32", "BF16", 1, ", mode=\"floor\""), f32s({1.5f}), DType::BF16, 1).ok());
  check_error(run(kernel("FP32", "INT32", 1), f32s({NAN}), DType::INT32, 1), "tile.cast: NaN has no integer value", "nan");
  check_error(run(kernel("FP32", "INT32", 1, ", mode=\"odd\""), f32s({1.5f}), DType::INT32, 1),
              "tile.cast mode 'odd' to an integer dtype is not modeled", "odd");
  auto bad = text::parse_program(kernel("FP32", "BF16", 1, ", mode=\"nearest\""), "t.py");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.errors.front().str().find("tile.cast mode must be one of") != std::string::npos);
  auto tensor_cast = text::parse_program(
      "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[4], pl.FP32]) -> pl.Tensor[[4], pl.FP32]:\n        y = pl.cast(x, pl.BF16)\n        return x\n",
      "t.py");
  REQUIRE_FALSE(tensor_cast.ok());
  CHECK(tensor_cast.errors.front().str().find("pl.cast has no tensor form here") != std::string::npos);
  // Printed in its canonical spelling, and read back.
  auto p = parse_ok(kernel("FP32", "FP16", 4, ", mode=\"round\""));
  CHECK(text::print_program(*p).find("c: pl.Tile[[1, 4], pl.FP16, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP16, mode=\"round\")") !=
        std::string::npos);
}

TEST_CASE("tile.cast: a hand-planned kernel in buffer mode gives the value-mode result; over its operand it is refused") {
  auto planned = [](int addr) {
    return "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
           "    def main(self, x: pl.Tensor[[1, 16], pl.FP32], out: pl.Out[pl.Tensor[[1, 16], pl.FP16]]) -> pl.Tensor[[1, 16], pl.FP16]:\n"
           "        m0: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 64, addr=0)\n"
           "        m1: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 32, addr=" + std::to_string(addr) + ")\n"
           "        t: pl.Tile[[1, 16], pl.FP32, pl.MemRef(m0, 0, 64), pl.Mem.Vec] = pl.tile.load(x, [0, 0], [1, 16])\n"
           "        c: pl.Tile[[1, 16], pl.FP16, pl.MemRef(m1, 0, 32), pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP16)\n"
           "        r: pl.Tensor[[1, 16], pl.FP16] = pl.tile.store(c, [0, 0], out)\n        return r\n";
  };
  const std::vector<float> xs(kFloats.begin(), kFloats.end());
  RunResult v = run(planned(256), f32s(xs), DType::FP16, 16, ModePolicy::Value);
  RunResult b = run(planned(256), f32s(xs), DType::FP16, 16, ModePolicy::Auto);
  REQUIRE_MESSAGE(v.ok(), v.error->str());
  REQUIRE_MESSAGE(b.ok(), b.error->str());
  CHECK(out(v, "out").data == out(b, "out").data);
  RunResult over = run(planned(0), f32s(xs), DType::FP16, 16, ModePolicy::Auto);
  REQUIRE_FALSE(over.ok());
  CHECK_MESSAGE(over.error->str().find("this op needs a distinct destination") != std::string::npos, over.error->str());
}
