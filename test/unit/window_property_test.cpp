// Property: Pattern 5's aggregate window arithmetic (AggregateWindowLoop and
// AggregateInputWindowLoop, patterns/window/aggregate_windows.hpp) against brute force. Random
// `pl.range(start, stop, step)` loops (uneven spans, where step does not divide stop - start,
// included; negative starts) store a [16, W] tile per trip at [row, j * c + k] with c * step = W
// (the trips tile one box), and read that tile from an In parameter at [0, j * cx + kx], cx of
// either sign (reads growing or shrinking with j, with gaps or overlaps between trips). The
// expected windows come from enumerating the trips and the columns each one touches — never
// from the pass's own formulas:
//   * the Out window is the bounding box of every written element: [16, hi - lo] at [row, lo];
//   * the In parameter is windowed (a full slice at [0, 0]) exactly when the bounding box of the
//     elements read is the whole parameter, and stays full-tensor when it is one column wider.
// Every rewritten program must verify and compute what the input computed (interp::diffcheck).
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/patterns/optimize_orch_tensors.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
namespace ut_window_property_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

struct Case {
  std::int64_t start, stop, step, c, k, cx, kx, out_width, in_width;
  std::int64_t tile_width() const { return c * step; }
};

/// The loop's trips by enumeration (Python's range).
std::vector<std::int64_t> trips(const Case& k) {
  std::vector<std::int64_t> js;
  for (std::int64_t j = k.start; j < k.stop; j += k.step) js.push_back(j);
  return js;
}

/// Every column a trip touches at offset j * coeff + base (a tile of the case's width).
std::set<std::int64_t> touched(const Case& k, std::int64_t coeff, std::int64_t base) {
  std::set<std::int64_t> cols;
  for (std::int64_t j : trips(k))
    for (std::int64_t x = 0; x < k.tile_width(); ++x) cols.insert(j * coeff + base + x);
  return cols;
}

std::string source(const Case& k) {
  const std::string W = std::to_string(k.tile_width()), OW = std::to_string(k.out_width), XW = std::to_string(k.in_width);
  const std::string c = std::to_string(k.c), cx = std::to_string(k.cx);
  return "@pl.program\nclass P:\n"
         "    @pl.function(type=pl.FunctionType.InCore, attrs={\"windowize\": True})\n"
         "    def cols(self, x: pl.Tensor[[16, " + XW + "], pl.FP32], row: pl.Scalar[pl.INDEX],\n"
         "             out: pl.Out[pl.Tensor[[64, " + OW + "], pl.FP32]]) -> pl.Tensor[[64, " + OW + "], pl.FP32]:\n"
         "        for j, (acc,) in pl.range(" + std::to_string(k.start) + ", " + std::to_string(k.stop) + ", " +
         std::to_string(k.step) + ", init_values=(out,)):\n"
         "            t = pl.load(x, [0, j * " + cx + " + " + std::to_string(k.kx) + "], [16, " + W + "])\n"
         "            s = pl.store(t, [row, j * " + c + " + " + std::to_string(k.k) + "], acc)\n"
         "            r = pl.yield_(s)\n"
         "        return r\n\n"
         "    @pl.function(type=pl.FunctionType.Orchestration)\n"
         "    def main(self, x: pl.Tensor[[16, " + XW + "], pl.FP32], o: pl.Tensor[[64, " + OW + "], pl.FP32]"
         ") -> pl.Tensor[[64, " + OW + "], pl.FP32]:\n"
         "        y = self.cols(x, 16, o)\n"
         "        return y\n";
}

struct Window {
  std::vector<std::int64_t> shape, offset;
};
std::vector<std::int64_t> ints(const ir::Expr& e) {
  std::vector<std::int64_t> v;
  if (auto* t = ir::expr_as<ir::MakeTuple>(e))
    for (const auto& x : t->elems) v.push_back(ir::const_int(x).value_or(-1));
  return v;
}
/// The `pl.tensor.slice(<param name>, shape, offset)` that main materializes, if any.
std::optional<Window> slice_of(const ir::Program& p, const std::string& param) {
  auto main = p.find("main");
  REQUIRE(main);
  for (const auto& s : ir::stmts_of(main->body)) {
    auto* a = ir::stmt_as<ir::Assign>(s);
    if (!a || !ir::is_op_call(a->value, "tensor.slice")) continue;
    const auto& args = ir::expr_as<ir::Call>(a->value)->args;
    if (args.size() == 3 && ir::var_name(args[0]) == param) return Window{ints(args[1]), ints(args[2])};
  }
  return std::nullopt;
}

Case random_case(std::mt19937_64& rng) {
  auto in = [&](std::int64_t lo, std::int64_t hi) { return lo + static_cast<std::int64_t>(rng() % static_cast<std::uint64_t>(hi - lo + 1)); };
  Case k{};
  k.start = in(-6, 10);
  k.step = in(1, 5);
  const std::int64_t n = in(1, 6);                             // trips
  k.stop = k.start + (n - 1) * k.step + in(1, k.step);         // the last trip's span: uneven unless it is `step`
  static const std::int64_t mags[] = {1, 2, 4, 8};
  k.c = mags[in(0, 3)];
  k.cx = mags[in(0, 3)] * (in(0, 2) == 0 ? -1 : 1);
  std::int64_t lo = INT64_MAX, lox = INT64_MAX;
  for (std::int64_t j : trips(k)) lo = std::min(lo, j * k.c), lox = std::min(lox, j * k.cx);
  k.k = -lo + in(0, 8);
  k.kx = -lox;  // the first column read is column 0 of x
  k.out_width = *touched(k, k.c, k.k).rbegin() + 1 + in(0, 8);
  k.in_width = *touched(k, k.cx, k.kx).rbegin() + 1;  // the bounding box of the reads
  return k;
}

}  // namespace

TEST_CASE("pattern 5 aggregate windows equal the brute-force box of the touched elements (uneven spans included)") {
  std::mt19937_64 rng(0x5eed5);
  int uneven = 0, shrinking = 0, gaps = 0;
  for (int i = 0; i < 250; ++i) {
    Case k = random_case(rng);
    const bool wider_input = i % 2 == 1;
    if (wider_input) k.in_width += 1;
    if ((k.stop - k.start) % k.step != 0) ++uneven;
    if (k.cx < 0) ++shrinking;
    const std::string src = source(k);
    CAPTURE(src);

    // Brute force: the box of the written columns, the columns read.
    const auto written = touched(k, k.c, k.k);
    const std::int64_t lo = *written.begin(), hi = *written.rbegin() + 1;
    REQUIRE(static_cast<std::int64_t>(written.size()) == hi - lo);  // the trips tile one box (c * step = W)
    const auto read = touched(k, k.cx, k.kx);
    const bool reads_whole_input = *read.begin() == 0 && *read.rbegin() == k.in_width - 1;
    if (static_cast<std::int64_t>(read.size()) != *read.rbegin() + 1) ++gaps;

    auto parsed = text::parse_program(src, "p5_property.py");
    for (const auto& d : parsed.errors) FAIL_CHECK(d.str());
    REQUIRE(parsed.ok());
    passes::Pass pass = patterns::make_optimize_orch_tensors_pass();
    rewrite::DriverOptions o;
    o.check = true;
    passes::PassOutcome out = pass.run(parsed.program, passes::PassContext{}, o);
    REQUIRE(out.program);
    CAPTURE(text::print_program(*out.program));
    for (const auto& d : ir::verify(*out.program)) FAIL_CHECK(d.str());

    auto ow = slice_of(*out.program, "o");
    REQUIRE_MESSAGE(ow, "the Out window was not externalized");
    CHECK(ow->shape == std::vector<std::int64_t>{16, hi - lo});
    CHECK(ow->offset == std::vector<std::int64_t>{16, lo});

    auto xw = slice_of(*out.program, "x");
    CHECK(reads_whole_input == !wider_input);
    if (reads_whole_input) {
      REQUIRE_MESSAGE(xw, "the In parameter read whole by the trips was not windowed");
      CHECK(xw->shape == std::vector<std::int64_t>{16, k.in_width});
      CHECK(xw->offset == std::vector<std::int64_t>{0, 0});
    } else {
      CHECK_MESSAGE(!xw, "an In parameter read only in part became a window");
    }

    auto d = interp::diffcheck(*parsed.program, *out.program);
    CHECK_MESSAGE(d.ok(), d.str());
  }
  MESSAGE("pattern 5 property: 250 loops, ", uneven, " with an uneven span, ", shrinking,
          " with reads shrinking with j, ", gaps, " with gaps between the reads");
  CHECK(uneven > 50);
  CHECK(shrinking > 20);
  CHECK(gaps > 20);
}
}  // namespace ut_window_property_test
