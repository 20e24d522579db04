// A b_trans matmul through tile.transpose_view (lower_tile_to_buffer.md, "Matrix storage and cube
// recipes": "tile.transpose_view needs no call: storage indexing has already declared the
// relabelled window"; "Torch debugging models fractal layouts ..., including transpose relabels").
// B is stored [N, K], loaded into Mat (NZ), relabelled [K, N] (its boxes read transposed: ZN) and
// moved to Right. Three stages agree — Tile in value mode (the transpose as data), planned Tile and
// Buffer IR in buffer mode (the transpose as a relabel of the same bytes) — for FP16, BF16, FP32
// and INT8 operands under all three planners. The check is shown to see the layout: the same
// Buffer IR with the relabel typed NZ (the space's implicit layout) instead of ZN differs.
#include <doctest/doctest.h>

#include <string>

#include "../support/three_stages.hpp"
#include "ptorw/text/printer.hpp"
namespace ut_lowering_cube_transpose_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

/// M = 32, K = 64, N = 48 (N differs from M and K, so a transpose that kept the shape would not type).
std::string b_trans_kernel(const std::string& d, const std::string& acc) {
  return "@pl.program\nclass BTrans:\n    @pl.function(type=pl.FunctionType.AIC)\n"
         "    def kernel(self, A: pl.Tensor[[32, 64], " + d + "], B: pl.Tensor[[48, 64], " + d +
         "], Out: pl.Out[pl.Tensor[[32, 48], " + acc + "]]) -> pl.Tensor[[32, 48], " + acc + "]:\n"
         "        a_mat = pl.load(A, [0, 0], [32, 64], target_memory=pl.Mem.Mat)\n"
         "        b_mat = pl.load(B, [0, 0], [48, 64], target_memory=pl.Mem.Mat)\n"
         "        b_t = pl.tile.transpose_view(b_mat)\n"
         "        a_l0 = pl.tile.move(a_mat, target_memory=pl.Mem.Left)\n"
         "        b_l0 = pl.tile.move(b_t, target_memory=pl.Mem.Right)\n"
         "        x = pl.tile.matmul(a_l0, b_l0)\n"
         "        result = pl.store(x, [0, 0], Out)\n"
         "        return result\n";
}

}  // namespace

TEST_CASE("b_trans matmul through transpose_view: FP16/BF16/FP32/INT8, three planners agree across the three stages") {
  int judged = 0;
  for (const testing::CubeDtypes& c : testing::kCubeDtypes)
    for (const std::string planner : {"PYPTO", "DSA_RP", "PTOAS"}) {
      CAPTURE(c.d);
      CAPTURE(planner);
      const testing::Stages st = testing::three_stages(b_trans_kernel(c.d, c.acc), planner);
      testing::judge_three(st, {});
      ++judged;
      // The relabel is a typed alias of B's Mat window, read as ZN; no call stands for the transpose.
      const std::string text = text::print_program(*st.buffer);
      const std::string zn = ", pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.buffer.reshape(";
      REQUIRE_MESSAGE(text.find(zn) != std::string::npos, text);
      CHECK(text.find("transpose") == std::string::npos);
      // Mutant: the relabel typed NZ reads other bytes; the three-way check must notice.
      std::string nz = text;
      nz.replace(nz.find(zn), zn.size(), "] = pl.buffer.reshape(");
      auto mutant = text::parse_program(nz, "mutant.py");
      REQUIRE(mutant.ok());
      interp::DiffOptions o;
      o.entry = "kernel";
      std::vector<interp::Leg> legs{{"Tile (value mode)", st.tile.get(), interp::ModePolicy::Value},
                                    {"Buffer IR, relabel typed NZ", mutant.program.get(), interp::ModePolicy::Auto}};
      CHECK_FALSE(interp::diffcheck_legs(legs, o).ok());
    }
  CHECK(judged == 12);
}

TEST_CASE("a row-major (Vec) transpose_view is not a relabel: the kernel stays on Tile IR, naming the rule") {
  // "tile.transpose_view needs no call" holds for fractal boxes read transposed; a Vec tile has none.
  const std::string src =
      "@pl.program\nclass VecT:\n    @pl.function(type=pl.FunctionType.AIV)\n"
      "    def kernel(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[32, 16], pl.FP32]]) -> pl.Tensor[[32, 16], pl.FP32]:\n"
      "        a = pl.load(A, [0, 0], [16, 32])\n"
      "        t = pl.tile.transpose_view(a)\n"
      "        result = pl.store(t, [0, 0], Out)\n"
      "        return result\n";
  for (const std::string planner : {"PYPTO", "PTOAS"}) {
    CAPTURE(planner);
    CHECK(testing::selection_remarks(src, planner).find(
              "stays on Tile IR: tile.transpose_view of a row-major (pl.Mem.Vec) tile moves data") != std::string::npos);
  }
}
}  // namespace ut_lowering_cube_transpose_test
