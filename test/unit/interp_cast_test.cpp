// tile.cast (interp/tile_cast_ops.hpp; docs/semantics.md "tile.cast") run by the interpreter, against
// expectations written here apart from it: FP32 -> BF16 to nearest (ties to even, ties away) on the
// bit pattern, hand-computed encodings for every directed mode (ties, negatives, FP16 overflow),
// hand-computed FP32 -> INT8 per mode with saturation, INT32 -> INT8 saturation, and the refusals
// (NaN to an integer, a directed mode on an integer beyond 2^53, a bad mode, a tensor operand).
// Value mode and a hand-planned kernel in buffer mode agree.
#include <bit>
#include <cmath>
#include <cstring>

#include "op_coverage.hpp"
#include "oracle_harness.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
namespace ut_interp_cast_test {  // one namespace per file: the suite builds as one unity TU

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

/// FP32 -> BF16 on the bit pattern (finite, no overflow): to nearest with ties to even, and with
/// ties away from zero (the magnitude rounds up when the dropped half-word is 0x8000 or more).
std::uint16_t bf16_rne(float f) {
  const std::uint32_t u = std::bit_cast<std::uint32_t>(f);
  const std::uint32_t lsb = (u >> 16) & 1;
  return static_cast<std::uint16_t>((u + 0x7fff + lsb) >> 16);
}
std::uint16_t bf16_away(float f) { return static_cast<std::uint16_t>((std::bit_cast<std::uint32_t>(f) + 0x8000) >> 16); }

const std::vector<float> kFloats = {1.0f, -2.5f, 2.5f, 3.5f, -3.5f, 0.1f, 1.00390625f, 1.01171875f, -1.00390625f, 127.4f,
                                    128.5f, -129.0f, 300.0f, -1e10f, 1e10f, -0.0f};

}  // namespace

TEST_CASE("tile.cast: FP32 -> BF16 to nearest; \"rint\" ties to even, \"round\" (the default) ties away") {
  for (const std::string extra : {"", ", mode=\"round\"", ", mode=\"rint\""}) {
    CAPTURE(extra);
    const bool rint = extra.find("rint") != std::string::npos;
    RunResult r = run(kernel("FP32", "BF16", kFloats.size(), extra), f32s(kFloats), DType::BF16, kFloats.size());
    REQUIRE_MESSAGE(r.ok(), r.error->str());
    const Output& o = out(r, "out");
    for (std::size_t k = 0; k < kFloats.size(); ++k)
      CHECK_MESSAGE((o.data[k] & 0xffff) == (rint ? bf16_rne(kFloats[k]) : bf16_away(kFloats[k])), kFloats[k]);
  }
  // Omitted and written at the default are one form: equal, and printed without the mode.
  auto a = parse_ok(kernel("FP32", "BF16", 4)), b = parse_ok(kernel("FP32", "BF16", 4, ", mode=\"round\""));
  CHECK(visit::structural_equal(*a, *b).equal);
  CHECK(text::print_program(*b).find("pl.tile.cast(t, target_type=pl.BF16)\n") != std::string::npos);
}

TEST_CASE("tile.cast: the directed modes between float dtypes (hand-computed encodings)") {
  // 0.1f = 0x3DCCCCCD (dropped half-word above half), 1 + 2^-8 = 0x3F808000 (a tie), and their
  // negations; 70000 is beyond FP16's 65504.
  const struct { const char* mode; std::uint16_t p01, n01, tie, ntie; } bf[] = {
      {"rint", 0x3DCD, 0xBDCD, 0x3F80, 0xBF80},  {"round", 0x3DCD, 0xBDCD, 0x3F81, 0xBF81},
      {"trunc", 0x3DCC, 0xBDCC, 0x3F80, 0xBF80}, {"floor", 0x3DCC, 0xBDCD, 0x3F80, 0xBF81},
      {"ceil", 0x3DCD, 0xBDCC, 0x3F81, 0xBF80},  {"odd", 0x3DCD, 0xBDCD, 0x3F81, 0xBF81}};
  for (const auto& m : bf) {
    CAPTURE(m.mode);
    RunResult r = run(kernel("FP32", "BF16", 4, std::string(", mode=\"") + m.mode + "\""), f32s({0.1f, -0.1f, 1.00390625f, -1.00390625f}),
                      DType::BF16, 4);
    REQUIRE_MESSAGE(r.ok(), r.error->str());
    const Output& o = out(r, "out");
    CHECK((o.data[0] & 0xffff) == m.p01);
    CHECK((o.data[1] & 0xffff) == m.n01);
    CHECK((o.data[2] & 0xffff) == m.tie);
    CHECK((o.data[3] & 0xffff) == m.ntie);
  }
  const struct { const char* mode; std::uint16_t pos, neg; } big[] = {
      {"rint", 0x7C00, 0xFC00}, {"round", 0x7C00, 0xFC00}, {"trunc", 0x7BFF, 0xFBFF},
      {"floor", 0x7BFF, 0xFC00}, {"ceil", 0x7C00, 0xFBFF}};
  for (const auto& m : big) {
    CAPTURE(m.mode);
    RunResult r = run(kernel("FP32", "FP16", 2, std::string(", mode=\"") + m.mode + "\""), f32s({70000.0f, -70000.0f}), DType::FP16, 2);
    REQUIRE_MESSAGE(r.ok(), r.error->str());
    CHECK((out(r, "out").data[0] & 0xffff) == m.pos);
    CHECK((out(r, "out").data[1] & 0xffff) == m.neg);
  }
}

TEST_CASE("tile.cast: FP32 -> INT8 by mode, saturating (hand-computed)") {
  const std::vector<float> xs = {2.5f, -2.5f, 3.5f, 0.1f, 1.7f, -1.7f, 127.4f, 128.5f, -129.0f, 300.0f, -1e10f, -0.0f};
  const struct { const char* mode; std::vector<i64> want; } modes[] = {
      {"rint", {2, -2, 4, 0, 2, -2, 127, 127, -128, 127, -128, 0}},
      {"round", {3, -3, 4, 0, 2, -2, 127, 127, -128, 127, -128, 0}},
      {"floor", {2, -3, 3, 0, 1, -2, 127, 127, -128, 127, -128, 0}},
      {"ceil", {3, -2, 4, 1, 2, -1, 127, 127, -128, 127, -128, 0}},
      {"trunc", {2, -2, 3, 0, 1, -1, 127, 127, -128, 127, -128, 0}},
      {"odd", {3, -3, 3, 1, 1, -1, 127, 127, -128, 127, -128, 0}}};
  for (const auto& m : modes) {
    CAPTURE(m.mode);
    RunResult r = run(kernel("FP32", "INT8", xs.size(), std::string(", mode=\"") + m.mode + "\""), f32s(xs), DType::INT8, xs.size());
    REQUIRE_MESSAGE(r.ok(), r.error->str());
    for (std::size_t k = 0; k < xs.size(); ++k) CHECK_MESSAGE(int_value(out(r, "out").data[k]) == m.want[k], xs[k]);
  }
  // Omitted is "round": 2.5 -> 3.
  RunResult d = run(kernel("FP32", "INT8", 1), f32s({2.5f}), DType::INT8, 1);
  REQUIRE_MESSAGE(d.ok(), d.error->str());
  CHECK(int_value(out(d, "out").data[0]) == 3);
}

TEST_CASE("tile.cast: INT32 -> INT8 and -> FP32; BOOL is x != 0") {
  const std::vector<i64> xs = {0, 1, -1, 127, 128, -128, -129, 100000, -100000, 16777217};
  std::vector<u64> b;
  for (i64 v : xs) b.push_back(oracle::iv(DType::INT32, v).bits);
  RunResult r = run(kernel("INT32", "INT8", xs.size()), tensor(DType::INT32, b), DType::INT8, xs.size());
  REQUIRE_MESSAGE(r.ok(), r.error->str());
  for (std::size_t k = 0; k < xs.size(); ++k) CHECK(int_value(out(r, "out").data[k]) == std::clamp<i64>(xs[k], -128, 127));
  // To FP32 with "rint": C++'s int -> float conversion (to nearest, ties to even). 2^24 + 1 is a tie:
  // "rint" gives 2^24 (0x4B800000), the default "round" 2^24 + 2 (0x4B800001).
  RunResult f = run(kernel("INT32", "FP32", xs.size(), ", mode=\"rint\""), tensor(DType::INT32, b), F32, xs.size());
  REQUIRE_MESSAGE(f.ok(), f.error->str());
  for (std::size_t k = 0; k < xs.size(); ++k)
    CHECK(static_cast<std::uint32_t>(out(f, "out").data[k]) == std::bit_cast<std::uint32_t>(static_cast<float>(xs[k])));
  CHECK(static_cast<std::uint32_t>(out(f, "out").data[xs.size() - 1]) == 0x4B800000u);
  RunResult fr = run(kernel("INT32", "FP32", xs.size()), tensor(DType::INT32, b), F32, xs.size());
  REQUIRE_MESSAGE(fr.ok(), fr.error->str());
  CHECK(static_cast<std::uint32_t>(out(fr, "out").data[xs.size() - 1]) == 0x4B800001u);
  RunResult t = run(kernel("INT32", "BOOL", xs.size()), tensor(DType::INT32, b), DType::BOOL, xs.size());
  REQUIRE_MESSAGE(t.ok(), t.error->str());
  for (std::size_t k = 0; k < xs.size(); ++k) CHECK(out(t, "out").data[k] == (xs[k] != 0 ? 1u : 0u));
}

TEST_CASE("tile.cast: what the interpreter does not model is an error, never a guess") {
  check_error(run(kernel("FP32", "INT32", 1), f32s({NAN}), DType::INT32, 1), "tile.cast: NaN has no integer value", "nan");
  const std::vector<u64> big = {oracle::iv(DType::INT64, (i64{1} << 60) + 1).bits};
  check_error(run(kernel("INT64", "FP32", 1, ", mode=\"trunc\""), tensor(DType::INT64, big), F32, 1),
              "tile.cast mode 'trunc' of an integer beyond 2^53 is not modeled", "int64");
  CHECK(run(kernel("INT64", "FP32", 1, ", mode=\"rint\""), tensor(DType::INT64, big), F32, 1).ok());
  // The tile may be written as a keyword.
  CHECK(text::print_program(*parse_ok(kernel("FP32", "FP16", 1).replace(kernel("FP32", "FP16", 1).find("pl.cast(t,"), 10, "pl.cast(tile=t,")))
            .find("pl.tile.cast(t, target_type=pl.FP16)") != std::string::npos);
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
  auto p = parse_ok(kernel("FP32", "FP16", 4, ", mode=\"floor\""));
  CHECK(text::print_program(*p).find("c: pl.Tile[[1, 4], pl.FP16, pl.Mem.Vec] = pl.tile.cast(t, target_type=pl.FP16, mode=\"floor\")") !=
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
}  // namespace ut_interp_cast_test
// op_coverage.hpp declares it globally for op_rows_test.cpp; the definition lives in this file's namespace.
bool cast_test_has_formula(std::string_view op) { return ut_interp_cast_test::cast_test_has_formula(op); }
