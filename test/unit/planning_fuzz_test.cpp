// Random tile kernels (test/fuzz/gen_tile_kernel.hpp) through the whole tile-to-buffer pipeline
// under all three planners (test/fuzz/fuzz_kernels.hpp). Each kernel must plan (or be refused with
// "does not fit"), be selected for Buffer IR, pass the storage simulation of its planned program
// (clobbers value mode cannot see: address reuse of a live value, a carry overwritten while still
// read, a swap without a snapshot), plan idempotently, lower, verify after every step, and keep
// its meaning from the input (value mode) to the Buffer IR (buffer mode), read by nodes and printed
// back. Kernels mix short-lived values (one or two uses, then dead) with long-lived ones and dead
// writes, several stores into several Out parameters, For / While loops and Ifs nested two deep
// with tile and GM carries, values dead inside bodies and arms, and carry inits that die at the loop.
// PTORW_PLAN_FUZZ_COUNT changes the number of kernels (default 1000), PTORW_PLAN_FUZZ_SEED the first
// seed (default 1); bench/fuzz_kernels runs the same checks at scale.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <string>

#include "../fuzz/fuzz_kernels.hpp"

using namespace ptorw;

TEST_CASE("random kernels through tile-to-buffer keep meaning and never clobber a live value (3 planners)") {
  const std::uint64_t count = fuzz::env_or("PTORW_PLAN_FUZZ_COUNT", 1000), first = fuzz::env_or("PTORW_PLAN_FUZZ_SEED", 1);
  fuzz::keep_freed_memory();
  fuzz::KernelFuzz f;
  struct Tot {
    std::uint64_t judged = 0, ok = 0, no_fit = 0;
  };
  std::map<std::string, Tot> tot;
  int shown = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (std::uint64_t s = first; s < first + count; ++s) {
    for (const fuzz::KernelResult& r : f.check(s)) {
      Tot& t = tot[r.planner];
      ++t.judged;
      t.no_fit += r.status == fuzz::KernelStatus::DoesNotFit;
      t.ok += r.status == fuzz::KernelStatus::Ok;
      if (r.ok()) continue;
      if (shown++ < 3) FAIL_CHECK(r.str());
      else FAIL_CHECK("seed " << s << " planner " << r.planner << ": " << r.check << ": " << r.message.substr(0, r.message.find('\n')));
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (const auto& p : fuzz::all_planners()) {
    const Tot& t = tot[p];
    MESSAGE(p << ": " << t.judged << " kernels (seeds " << first << ".." << first + count - 1 << "), " << t.ok
              << " lowered and equal, " << t.no_fit << " do not fit");
    CHECK(t.judged == count);
    // Short-lived values keep storage small: almost every random kernel fits.
    CHECK(t.no_fit * 50 <= count);
  }
  MESSAGE(count << " kernels x 3 planners in " << secs << " s; shapes: " << f.features().str());
  // The shapes the generator is for appear in any run of a few hundred seeds.
  if (count >= 200) {
    const fuzz::TileKernelFeatures& ft = f.features();
    for (std::size_t i = 0; i < ft.n.size(); ++i) CHECK_MESSAGE(ft.n[i] > 0, "no " << fuzz::kShapeNames[i] << " in " << count << " kernels");
    CHECK(ft[fuzz::Shape::ShortLived] * 3 >= ft[fuzz::Shape::Values]);
    CHECK(ft[fuzz::Shape::Stores] >= 2 * count);
    CHECK(ft[fuzz::Shape::Outs] >= count * 3 / 2);
    CHECK(ft[fuzz::Shape::DyingInits] * 5 >= ft[fuzz::Shape::TileCarries]);
    CHECK(ft[fuzz::Shape::StoresInLoop] > count / 10);
    CHECK(ft[fuzz::Shape::StoresInArm] > count / 10);
  }
}

TEST_CASE("the kernel generator is deterministic per seed") {
  for (std::uint64_t s : {1ull, 2ull, 77ull, 123456789ull}) {
    fuzz::TileKernel a = fuzz::generate_tile_kernel(s), b = fuzz::generate_tile_kernel(s);
    CHECK(a.text == b.text);
    CHECK(a.features.n == b.features.n);
  }
  CHECK(fuzz::generate_tile_kernel(1).text != fuzz::generate_tile_kernel(2).text);
}
