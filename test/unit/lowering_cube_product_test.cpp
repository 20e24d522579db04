// Product-shaped accumulator views (lower_tile_to_buffer.md, "Matrix storage and cube recipes":
// "An accumulator whose valid rectangle is wider than the product is written through a
// product-shaped view of the same storage (another addressed allocation, or a PTOAS
// buffer.reshape) ... whole fractal boxes outside the product keep their data, the rest of a
// partially covered box does not"), and While carries of matmul_acc ("Matrix region carries must
// preserve one storage alias").
//
// The product kernel: acc0 = A0 @ B0 is a fully valid [16, 32] accumulator, stored to Out0; then
// acc1 = matmul_acc(acc0, A1, B1) where B1's Right tile is valid over `n` of its 32 columns, so the
// product is [16, n]; acc1 is stored whole to Out. Three stages agree (Tile value mode, planned Tile
// and Buffer IR in buffer mode) for four dtypes and three planners, and the Buffer leg's outputs
// show the box rule: with n = 16 the product covers the first 16 x 16 Acc box column exactly, the
// second box column keeps acc0 (Out[:, 16:] == Out0[:, 16:]); with n = 8 the rest of the first box
// column (columns 8..15) is poison and columns 16..31 still keep acc0.
#include <doctest/doctest.h>

#include <string>

#include "../support/three_stages.hpp"
#include "ptorw/lowering/buffer_verify.hpp"
#include "ptorw/text/printer.hpp"
namespace ut_lowering_cube_product_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

std::string product_kernel(const std::string& d, const std::string& acc, int n) {
  const std::string nn = std::to_string(n);
  return "@pl.program\nclass Product:\n    @pl.function(type=pl.FunctionType.AIC)\n"
         "    def kernel(self, A: pl.Tensor[[16, 64], " + d + "], B: pl.Tensor[[64, 32], " + d +
         "], Out0: pl.Out[pl.Tensor[[16, 32], " + acc + "]], Out: pl.Out[pl.Tensor[[16, 32], " + acc +
         "]]) -> tuple[pl.Tensor[[16, 32], " + acc + "], pl.Tensor[[16, 32], " + acc + "]]:\n"
         "        a0 = pl.load(A, [0, 0], [16, 32], target_memory=pl.Mem.Mat)\n"
         "        b0 = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)\n"
         "        l0 = pl.tile.move(a0, target_memory=pl.Mem.Left)\n"
         "        r0 = pl.tile.move(b0, target_memory=pl.Mem.Right)\n"
         "        acc0 = pl.tile.matmul(l0, r0)\n"
         "        first = pl.store(acc0, [0, 0], Out0)\n"
         "        a1 = pl.load(A, [0, 32], [16, 32], target_memory=pl.Mem.Mat)\n"
         "        b1 = pl.load(B, [32, 0], [32, 32], [32, " + nn + "], target_memory=pl.Mem.Mat)\n"
         "        l1 = pl.tile.move(a1, target_memory=pl.Mem.Left)\n"
         "        r1: pl.Tile[[32, 32], " + d + ", pl.Mem.Right, pl.TileView(valid_shape=[32, " + nn +
         "])] = pl.tile.move(b1, target_memory=pl.Mem.Right)\n"
         "        acc1 = pl.tile.matmul_acc(acc0, l1, r1)\n"
         "        result = pl.store(acc1, [0, 0], Out)\n"
         "        return first, result\n";
}

const interp::Output& output_named(const std::vector<interp::Output>& outs, const std::string& name) {
  for (const auto& o : outs)
    if (o.name == name) return o;
  FAIL("no output " << name);
  return outs.front();
}

}  // namespace

TEST_CASE("product-shaped Acc view: FP16/BF16/FP32/INT8 x three planners x products [16, 16] and [16, 8] agree in three stages; outside boxes keep their data") {
  int judged = 0;
  for (const testing::CubeDtypes& c : testing::kCubeDtypes)
    for (const std::string planner : {"PYPTO", "DSA_RP", "PTOAS"})
      for (int n : {16, 8}) {
        CAPTURE(c.d);
        CAPTURE(planner);
        CAPTURE(n);
        const testing::Stages st = testing::three_stages(product_kernel(c.d, c.acc, n), planner);
        const auto outs = testing::judge_three(st, {});
        ++judged;
        // The view: a PTOAS buffer.reshape, or another addressed buffer.alloc, typed with the product.
        const std::string text = text::print_program(*st.buffer);
        const std::string view = "pl.Mem.Acc, pl.TileView(valid_shape=[16, " + std::to_string(n) + "])] = pl.buffer." +
                                 std::string(planner == "PTOAS" ? "reshape(" : "alloc([], ");
        REQUIRE_MESSAGE(text.find(view) != std::string::npos, text);
        // The box rule in the Buffer leg's output (row-major [16, 32]).
        const interp::Output& first = output_named(outs, "Out0");
        const interp::Output& out = output_named(outs, "Out");
        REQUIRE(out.data.size() == 16 * 32);
        int kept = 0, poison = 0, written = 0;
        for (int i = 0; i < 16; ++i)
          for (int j = 0; j < 32; ++j) {
            const std::size_t k = static_cast<std::size_t>(i * 32 + j);
            if (j >= 16) {  // a whole Acc box column the product does not touch
              CHECK(out.poison[k] == 0);
              kept += out.data[k] == first.data[k];
            } else if (j >= n) {  // the rest of a box the product partly covers
              poison += out.poison[k];
            } else {
              written += out.poison[k] == 0;
            }
          }
        CHECK(kept == 16 * 16);
        CHECK(poison == 16 * (16 - n));
        CHECK(written == 16 * n);
      }
  CHECK(judged == 24);
}

TEST_CASE("a native matmul destination matches the product: writing the wider accumulator directly is refused by the Buffer verifier and the interpreter") {
  // The planted bug of the product-view recipe (the matmul_acc written to the accumulator's own
  // handle) as a Buffer program: the verifier rejects it, and so does the interpreter in buffer mode.
  const testing::Stages st = testing::three_stages(product_kernel("pl.FP16", "pl.FP32", 16), "PTOAS");
  std::string text = text::print_program(*st.buffer);
  const std::string via_view = "pl.buffer.matmul_acc(l1_buf, r1_buf, acc1_product_buf)";
  REQUIRE_MESSAGE(text.find(via_view) != std::string::npos, text);
  text.replace(text.find(via_view), via_view.size(), "pl.buffer.matmul_acc(l1_buf, r1_buf, acc0_buf)");
  auto mutant = text::parse_program(text, "mutant.py");
  REQUIRE(mutant.ok());
  const auto diags = lowering::verify_buffer_ir(*mutant.program);
  std::string all;
  for (const auto& d : diags) all += d.str() + "\n";
  CHECK_MESSAGE(all.find("a native matmul destination matches the product") != std::string::npos, all);
  interp::RunOptions ro;
  ro.mode = interp::ModePolicy::Auto;
  auto r = interp::run_program(*mutant.program, "kernel", ro);
  REQUIRE_FALSE(r.ok());
  CHECK(r.error->str().find("a native matmul destination matches the product") != std::string::npos);
}

TEST_CASE("an accumulator narrower than its product stays on Tile IR, naming the rule") {
  // acc0 is valid over the product [16, 16] of a half-valid Right operand; a full product [16, 32]
  // into it has no product-shaped view (the view would be wider than the accumulator).
  const std::string src =
      "@pl.program\nclass Narrow:\n    @pl.function(type=pl.FunctionType.AIC)\n"
      "    def kernel(self, A: pl.Tensor[[16, 64], pl.FP16], B: pl.Tensor[[64, 32], pl.FP16], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        a0 = pl.load(A, [0, 0], [16, 32], target_memory=pl.Mem.Mat)\n"
      "        b0 = pl.load(B, [0, 0], [32, 32], [32, 16], target_memory=pl.Mem.Mat)\n"
      "        l0 = pl.tile.move(a0, target_memory=pl.Mem.Left)\n"
      "        r0: pl.Tile[[32, 32], pl.FP16, pl.Mem.Right, pl.TileView(valid_shape=[32, 16])] = pl.tile.move(b0, target_memory=pl.Mem.Right)\n"
      "        acc0: pl.Tile[[16, 32], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[16, 16])] = pl.tile.matmul(l0, r0)\n"
      "        a1 = pl.load(A, [0, 32], [16, 32], target_memory=pl.Mem.Mat)\n"
      "        b1 = pl.load(B, [32, 0], [32, 32], target_memory=pl.Mem.Mat)\n"
      "        l1 = pl.tile.move(a1, target_memory=pl.Mem.Left)\n"
      "        r1 = pl.tile.move(b1, target_memory=pl.Mem.Right)\n"
      "        acc1 = pl.tile.matmul_acc(acc0, l1, r1)\n"
      "        result = pl.store(acc1, [0, 0], Out)\n"
      "        return result\n";
  for (const std::string planner : {"PYPTO", "PTOAS"}) {
    CAPTURE(planner);
    const std::string remarks = testing::selection_remarks(src, planner);
    CHECK_MESSAGE(remarks.find("stays on Tile IR: tile.matmul_acc: the accumulator's valid rectangle does not contain the product [16, 32]") !=
                      std::string::npos,
                  remarks);
  }
}

TEST_CASE("a Mat tile moved to Left without its valid rectangle stays on Tile IR, naming the rule") {
  // The move's deduced type keeps the source's rectangle (docs/semantics.md: "the same value in
  // another memory space"; review rev43b F3); a result typed otherwise — here stated fully valid —
  // is what the rule refuses.
  auto src = [](const std::string& l) {
    return "@pl.program\nclass Drop:\n    @pl.function(type=pl.FunctionType.AIC)\n"
           "    def kernel(self, A: pl.Tensor[[16, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
           "        a = pl.load(A, [0, 0], [16, 32], [10, 32], target_memory=pl.Mem.Mat)\n"
           "        b = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)\n"
           "        " + l + " = pl.tile.move(a, target_memory=pl.Mem.Left)\n"
           "        r = pl.tile.move(b, target_memory=pl.Mem.Right)\n"
           "        y = pl.tile.matmul(l, r)\n"
           "        result = pl.store(y, [0, 0], Out)\n"
           "        return result\n";
  };
  const std::string rule = "stays on Tile IR: tile.move from pl.Mem.Mat must keep the valid rectangle";
  CHECK(testing::selection_remarks(src("l: pl.Tile[[16, 32], pl.FP16, pl.Mem.Left, pl.TileView(valid_shape=[16, 32])]"), "PTOAS")
            .find(rule) != std::string::npos);
  CHECK(testing::selection_remarks(src("l"), "PTOAS").find(rule) == std::string::npos);
}

namespace {

std::string while_kernel(const std::string& d, const std::string& acc) {
  return "@pl.program\nclass WhileK:\n    @pl.function(type=pl.FunctionType.AIC)\n"
         "    def kernel(self, A: pl.Tensor[[32, 128], " + d + "], B: pl.Tensor[[128, 32], " + d +
         "], n: pl.Scalar[pl.INDEX], Out: pl.Out[pl.Tensor[[32, 32], " + acc + "]]) -> pl.Tensor[[32, 32], " + acc + "]:\n"
         "        a0 = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)\n"
         "        b0 = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)\n"
         "        l0 = pl.tile.move(a0, target_memory=pl.Mem.Left)\n"
         "        r0 = pl.tile.move(b0, target_memory=pl.Mem.Right)\n"
         "        acc0 = pl.tile.matmul(l0, r0)\n"
         "        for (acc, k) in pl.while_(init_values=(acc0, 1)):\n"
         "            pl.cond(k < n)\n"
         "            ak = pl.load(A, [0, k * 32], [32, 32], target_memory=pl.Mem.Mat)\n"
         "            bk = pl.load(B, [k * 32, 0], [32, 32], target_memory=pl.Mem.Mat)\n"
         "            lk = pl.tile.move(ak, target_memory=pl.Mem.Left)\n"
         "            rk = pl.tile.move(bk, target_memory=pl.Mem.Right)\n"
         "            nxt = pl.tile.matmul_acc(acc, lk, rk)\n"
         "            acc_out, k_out = pl.yield_(nxt, k + 1)\n"
         "        result = pl.store(acc_out, [0, 0], Out)\n"
         "        return result\n";
}

}  // namespace

TEST_CASE("While K loop of matmul_acc: one Acc alias; FP16/BF16/FP32/INT8 x three planners x n = 1, 2, 4 agree in three stages") {
  int judged = 0;
  for (const testing::CubeDtypes& c : testing::kCubeDtypes)
    for (const std::string planner : {"PYPTO", "DSA_RP", "PTOAS"}) {
      CAPTURE(c.d);
      CAPTURE(planner);
      const testing::Stages st = testing::three_stages(while_kernel(c.d, c.acc), planner);
      const std::string text = text::print_program(*st.buffer);
      // Only the scalar k is carried; one Acc handle is written by both matmul forms.
      CHECK_MESSAGE(text.find("pl.while_(init_values=(1,))") != std::string::npos, text);
      CHECK(text.find("pl.Mem.Acc] = pl.buffer.alloc") != std::string::npos);
      for (std::int64_t n : {1, 2, 4}) {
        CAPTURE(n);
        testing::judge_three(st, {{"n", n}});
        ++judged;
      }
    }
  CHECK(judged == 36);
}

TEST_CASE("an arbitrary matrix carry copy (two Acc carries swapped) stays on Tile IR, naming the rule") {
  // "Matrix region carries must preserve one storage alias; arbitrary matrix carry copies ... remain
  // excluded": swapping two accumulators through a loop needs Acc-to-Acc copies.
  const std::string src =
      "@pl.program\nclass Swap:\n    @pl.function(type=pl.FunctionType.AIC)\n"
      "    def kernel(self, A: pl.Tensor[[16, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16], n: pl.Scalar[pl.INDEX], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        a = pl.load(A, [0, 0], [16, 32], target_memory=pl.Mem.Mat)\n"
      "        b = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)\n"
      "        l = pl.tile.move(a, target_memory=pl.Mem.Left)\n"
      "        r = pl.tile.move(b, target_memory=pl.Mem.Right)\n"
      "        p = pl.tile.matmul(l, r)\n"
      "        q0 = pl.tile.matmul(l, r)\n"
      "        q = pl.tile.matmul_acc(q0, l, r)\n"
      "        for k, (x, y) in pl.range(0, n, 1, init_values=(p, q)):\n"
      "            xo, yo = pl.yield_(y, x)\n"
      "        result = pl.store(xo, [0, 0], Out)\n"
      "        return result\n";
  for (const std::string planner : {"PYPTO", "DSA_RP", "PTOAS"}) {
    CAPTURE(planner);
    const std::string remarks = testing::selection_remarks(src, planner);
    CHECK_MESSAGE(remarks.find("stays on Tile IR: tile.move within pl.Mem.Acc (a matrix carry copy) has no default Buffer recipe: "
                               "arbitrary matrix carry copies remain excluded") != std::string::npos,
                  remarks);
  }
}
}  // namespace ut_lowering_cube_product_test
