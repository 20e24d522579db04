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

using namespace ptorw;

namespace {
std::uint64_t env_or(const char* name, std::uint64_t dflt) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : dflt;
}
}  // namespace

TEST_CASE("random cube kernels through tile-to-buffer keep meaning under the three planners") {
  const std::uint64_t count = env_or("PTORW_CUBE_FUZZ_COUNT", 60), first = env_or("PTORW_CUBE_FUZZ_SEED", 1);
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
