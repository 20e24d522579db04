// Random cube kernels (test/fuzz/gen_cube_kernel.hpp, issue 18) through the whole tile-to-buffer
// pipeline under all three planners, with the checks of test/fuzz/fuzz_kernels.hpp: the pipeline
// verified after every step, selection for Buffer IR (the generator stays inside the default cube
// rollout), the storage simulation of the planned program, idempotent planning, and interp
// diffcheck of the input (value mode) against the Buffer IR (buffer mode: fractal boxes, real
// aliasing at the planned addresses). A small number here; bench/fuzz_kernels --cube runs it at
// scale. PTORW_CUBE_FUZZ_COUNT / PTORW_CUBE_FUZZ_SEED change the count (default 60) and first seed.
#include <doctest/doctest.h>

#include <cstdlib>
#include <map>
#include <string>

#include "../fuzz/fuzz_kernels.hpp"
#include "../fuzz/gen_cube_kernel.hpp"
#include "../support/three_stages.hpp"
namespace ut_cube_fuzz_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

TEST_CASE("random cube kernels through tile-to-buffer keep meaning under the three planners") {
  const std::uint64_t count = fuzz::env_or("PTORW_CUBE_FUZZ_COUNT", 60), first = fuzz::env_or("PTORW_CUBE_FUZZ_SEED", 1);
  fuzz::keep_freed_memory();
  fuzz::KernelFuzz f;
  fuzz::CubeKernelFeatures ft;
  std::map<std::string, std::uint64_t> ok;
  int shown = 0;
  for (std::uint64_t s = first; s < first + count; ++s) {
    fuzz::CubeKernel k = fuzz::generate_cube_kernel(s);
    ft += k.features;
    for (const fuzz::KernelResult& r : f.check_text(k.text, fuzz::all_planners(), s)) {
      // Cube kernels are small: every one fits, so "does not fit" would be a planner regression.
      if (r.status == fuzz::KernelStatus::Ok) {
        ++ok[r.planner];
        continue;
      }
      if (shown++ < 3) FAIL_CHECK(r.str());
      else FAIL_CHECK("seed " << s << " planner " << r.planner << ": " << r.check << ": " << r.message.substr(0, r.message.find('\n')));
    }
  }
  for (const auto& p : fuzz::all_planners()) CHECK_MESSAGE(ok[p] == count, p << ": " << ok[p] << " of " << count);
  MESSAGE(count << " cube kernels x 3 planners; shapes: " << ft.str());
  // Every shape of the generator appears in a run of this size.
  for (std::size_t i = 0; i < ft.n.size(); ++i) CHECK_MESSAGE(ft.n[i] > 0, "no " << fuzz::kCubeShapeNames[i] << " in " << count << " kernels");
}

TEST_CASE("the cube kernel generator is deterministic per seed") {
  for (std::uint64_t s : {1ull, 2ull, 77ull}) CHECK(fuzz::generate_cube_kernel(s).text == fuzz::generate_cube_kernel(s).text);
  CHECK(fuzz::generate_cube_kernel(1).text != fuzz::generate_cube_kernel(2).text);
}

TEST_CASE("found by the cube fuzz: a matrix tile that is not whole fractal boxes stays on Tile IR") {
  // "Their physical extents are already whole fractal boxes": an INT8 B operand loaded into Mat as
  // [32, 16] is not whole NZ boxes (16 x 32 INT8 elements). It was selected and then failed in
  // buffer mode; now InitMemRef refuses to plan it (its planned form could not run either, and the
  // Tile-stage emitter wrote the invalid descriptor), so the kernel keeps its unplanned Tile form and
  // selection's remark names the rule.
  const std::string src =
      "@pl.program\nclass Int8Boxes:\n    @pl.function(type=pl.FunctionType.AIC)\n"
      "    def kernel(self, A: pl.Tensor[[16, 32], pl.INT8], B: pl.Tensor[[32, 16], pl.INT8], Out: pl.Out[pl.Tensor[[16, 16], pl.INT32]]) -> pl.Tensor[[16, 16], pl.INT32]:\n"
      "        a = pl.load(A, [0, 0], [16, 32], target_memory=pl.Mem.Mat)\n"
      "        b = pl.load(B, [0, 0], [32, 16], target_memory=pl.Mem.Mat)\n"
      "        l = pl.tile.move(a, target_memory=pl.Mem.Left)\n"
      "        r = pl.tile.move(b, target_memory=pl.Mem.Right)\n"
      "        y = pl.tile.matmul(l, r)\n"
      "        result = pl.store(y, [0, 0], Out)\n"
      "        return result\n";
  for (const std::string planner : {"PYPTO", "DSA_RP", "PTOAS"}) {
    CAPTURE(planner);
    CHECK(testing::selection_remarks(src, planner).find(
              "stays on Tile IR: InitMemRef could not plan its storage: tile 'b' has physical extents that are not whole fractal boxes of its layout (16 x 32 elements)") !=
          std::string::npos);
  }
  // The same kernel with whole boxes (N = 32) is selected.
  std::string whole = src;
  for (auto [from, to] : {std::pair<std::string, std::string>{"[32, 16]", "[32, 32]"}, {"[16, 16]", "[16, 32]"}})
    for (auto p = whole.find(from); p != std::string::npos; p = whole.find(from, p + to.size())) whole.replace(p, from.size(), to);
  CHECK(testing::selection_remarks(whole, "PTOAS").find("stays on Tile IR") == std::string::npos);
}
}  // namespace ut_cube_fuzz_test
