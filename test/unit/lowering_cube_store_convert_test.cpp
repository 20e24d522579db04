// An Acc tile's store narrows FP32 to FP16 or BF16 (lower_tile_to_buffer.md, "Matrix storage and
// cube recipes": "Acc stores drain through the fix-pipe with its unscaled conversions only"; the
// dtype rule is ir/store_dtype.hpp, the rounding docs/semantics.md "tile.store": to nearest, ties
// to even). Two judgments:
//  * the rounding, pinned by encodings worked out by hand (below), not by the interpreter's own
//    conversion functions: each stage (Tile in value mode, planned Tile and Buffer IR in buffer
//    mode) must produce them;
//  * the kernel is selected and lowered (buffer.store from the Acc buffer into the narrower tensor)
//    under all three planners, and the three stages agree on random inputs.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "../support/three_stages.hpp"
#include "ptorw/interp/dtype.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/text/printer.hpp"
namespace ut_lowering_cube_store_convert_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

std::string kernel(const std::string& out) {
  return "@pl.program\nclass Cube:\n"
         "    @pl.function(type=pl.FunctionType.AIC)\n"
         "    def kernel(self, A: pl.Tensor[[32, 32], pl.FP16], B: pl.Tensor[[32, 32], pl.FP16], Out: pl.Out[pl.Tensor[[32, 32], " +
         out + "]]) -> pl.Tensor[[32, 32], " + out + "]:\n"
         "        a = pl.load(A, [0, 0], [32, 32], target_memory=pl.Mem.Mat)\n"
         "        b = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)\n"
         "        l = pl.tile.move(a, target_memory=pl.Mem.Left)\n"
         "        r = pl.tile.move(b, target_memory=pl.Mem.Right)\n"
         "        c = pl.tile.matmul(l, r)\n"
         "        result = pl.store(c, [0, 0], Out)\n"
         "        return result\n";
}

// A[i][0] = A[i][1] = 1, B[0][j] = 1, B[1][j] = d_j, everything else 0: the FP32 product is
// exactly 1 + d_j in every row (each term is exact and two FP16 values sum exactly in FP32).
// d_j, and 1 + d_j rounded by hand (FP16: 10 fraction bits, 1.0 = 0x3C00; BF16: 7, 1.0 = 0x3F80):
struct Case {
  double d;
  std::uint64_t fp16, bf16;
};
constexpr Case kCases[] = {
    {0.0, 0x3C00, 0x3F80},
    {0x1p-8, 0x3C04, 0x3F80},            // BF16: 1 + 2^-8 is half an ulp (2^-7): tie, to even 1.0
    {0x1p-8 + 0x1p-10, 0x3C05, 0x3F81},  // BF16: above the tie, up to 1 + 2^-7
    {3 * 0x1p-8, 0x3C0C, 0x3F82},        // BF16: tie between 1 + 2^-7 (odd) and 1 + 2^-6 (even)
    {0x1p-11, 0x3C00, 0x3F80},           // FP16: half an ulp (2^-10): tie, to even 1.0
    {3 * 0x1p-12, 0x3C01, 0x3F80},       // FP16: above the tie, up to 1 + 2^-10
    {-2.0, 0xBC00, 0xBF80},              // exactly -1
};

interp::RunOptions::Tensor fp16_tensor(const std::vector<double>& v) {
  interp::RunOptions::Tensor t{ir::DType::FP16, {32, 32}, {}};
  for (double x : v) t.data.push_back(interp::float_bits(x, ir::DType::FP16));  // exact: every value is an FP16
  return t;
}

}  // namespace

TEST_CASE("Acc store into FP16/BF16: hand-rounded encodings in all three stages, three planners") {
  std::vector<double> a(32 * 32, 0.0), b(32 * 32, 0.0);
  for (int i = 0; i < 32; ++i) a[i * 32 + 0] = a[i * 32 + 1] = 1.0;
  for (int j = 0; j < 32; ++j) b[0 * 32 + j] = 1.0;
  for (std::size_t j = 0; j < std::size(kCases); ++j) b[1 * 32 + j] = kCases[j].d;
  for (const std::string out : {"pl.BF16", "pl.FP16"})
    for (const std::string planner : {"PYPTO", "DSA_RP", "PTOAS"}) {
      CAPTURE(out);
      CAPTURE(planner);
      const testing::Stages st = testing::three_stages(kernel(out), planner);
      // The Buffer IR stores the FP32 Acc buffer into the narrower tensor itself.
      CHECK(text::print_program(*st.buffer).find("pl.buffer.store(c_buf, [0, 0], [32, 32], Out)") != std::string::npos);
      for (const ir::Program* p : {st.tile.get(), st.planned.get(), st.buffer.get()}) {
        interp::RunOptions ro;
        ro.mode = p == st.tile.get() ? interp::ModePolicy::Value : interp::ModePolicy::Auto;
        ro.tensors["A"] = fp16_tensor(a);
        ro.tensors["B"] = fp16_tensor(b);
        auto r = interp::run_program(*p, "kernel", ro);
        REQUIRE_MESSAGE(r.ok(), r.error->str());
        REQUIRE(!r.outputs.empty());
        const auto& o = r.outputs[0];
        REQUIRE(o.data.size() == 32 * 32);
        for (int i : {0, 17, 31})
          for (std::size_t j = 0; j < 32; ++j) {
            const Case c = j < std::size(kCases) ? kCases[j] : kCases[0];
            CAPTURE(i);
            CAPTURE(j);
            CHECK(o.data[static_cast<std::size_t>(i) * 32 + j] == (out == "pl.BF16" ? c.bf16 : c.fp16));
          }
      }
      testing::judge_three(st, {});  // and on random inputs, the stages agree
    }
}

TEST_CASE("an Acc store into INT32 does not verify (a Vec store that converts: verify_ops_test)") {
  auto parsed = text::parse_program(kernel("pl.INT32"), "kernel.py");
  REQUIRE(parsed.ok());
  auto ds = ir::verify(*parsed.program);
  REQUIRE(ds.size() == 1);
  CHECK(ds[0].str().find("tile.store operand 1 ('c') has dtype pl.FP32 but operand 3 ('Out') has pl.INT32") != std::string::npos);
}
}  // namespace ut_lowering_cube_store_convert_test
