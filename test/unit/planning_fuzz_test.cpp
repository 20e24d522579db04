// Random tile kernels (test/fuzz/gen_tile_kernel.hpp) through the whole tile-to-buffer pipeline
// under all three planners (test/fuzz/fuzz_kernels.hpp). Each kernel must plan (or be refused with
// "does not fit"), be selected for Buffer IR, pass the storage simulation of its planned program
// (clobbers value mode cannot see: address reuse of a live value, a carry overwritten while still
// read, a swap without a snapshot), plan idempotently, lower, verify after every step, and keep
// its meaning from the input (value mode) to the Buffer IR (buffer mode), read by nodes and printed
// back. Kernels mix short-lived values (one or two uses, then dead) with long-lived ones and dead
// writes, several stores into several Out parameters, For / While loops and Ifs nested two deep
// with tile and GM carries, values dead inside bodies and arms, and carry inits that die at the loop;
// and (issue 17) slices of wide tiles at static, runtime, loop-variable and nested offsets, a
// straight-line runtime-valid family driven with extents 0 / partial / full, reshapes of equal
// bytes, rebinding (non-SSA) text, a second kernel the spec selects or keeps Tile, multi-return
// kernels. Kernels the spec keeps Tile are counted apart and judged on their Tile path; one the
// spec selects and selection refuses is a failure.
// PTORW_PLAN_FUZZ_COUNT changes the number of kernels (default 100: a few seconds in CI),
// PTORW_PLAN_FUZZ_SEED the first seed (default 1); bench/fuzz_kernels runs the same checks at scale
// (20,000 kernels x 3 planners: bench/README.md).
#include <doctest/doctest.h>

#include <chrono>
#include <cstdlib>
#include <map>
#include <string>

#include "../fuzz/fuzz_kernels.hpp"
namespace ut_planning_fuzz_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

TEST_CASE("random kernels through tile-to-buffer keep meaning and never clobber a live value (3 planners)") {
  const std::uint64_t count = fuzz::env_or("PTORW_PLAN_FUZZ_COUNT", 100), first = fuzz::env_or("PTORW_PLAN_FUZZ_SEED", 1);
  fuzz::keep_freed_memory();
  fuzz::KernelFuzz f;
  struct Tot {
    std::uint64_t judged = 0, ok = 0, no_fit = 0, selected = 0, kept_tile = 0, emission_forms = 0, emission_refused = 0;
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
      t.selected += static_cast<std::uint64_t>(r.selected);
      t.kept_tile += static_cast<std::uint64_t>(r.kept_tile);
      t.emission_forms += static_cast<std::uint64_t>(r.emission_forms);
      t.emission_refused += static_cast<std::uint64_t>(r.emission_refused);
      if (r.ok()) continue;
      if (shown++ < 3) FAIL_CHECK(r.str());
      else FAIL_CHECK("seed " << s << " planner " << r.planner << ": " << r.check << ": " << r.message.substr(0, r.message.find('\n')));
    }
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  for (const auto& p : fuzz::all_planners()) {
    const Tot& t = tot[p];
    MESSAGE(p << ": " << t.judged << " kernels (seeds " << first << ".." << first + count - 1 << "), " << t.ok
              << " lowered and equal, " << t.no_fit << " do not fit; kernels selected " << t.selected << ", kept Tile as the spec says "
              << t.kept_tile << " (emit converts " << t.emission_forms << ", judged equal; refuses " << t.emission_refused << ")");
    // Most kernels are selected; the stays-Tile ones are a minority made on purpose (about 2.3 : 1
    // over 20,000 seeds; 1.9 to 2.6 : 1 over 100, so a run of 100 checks the majority only).
    CHECK(t.selected > t.kept_tile);
    CHECK(t.kept_tile > 0);
    // Kernels kept on Tile are judged in the form `emit` converts them to as well (fuzz_kernels.hpp
    // step 6): that check judges something.
    CHECK(t.emission_forms > 0);
    CHECK(t.judged == count);
    // Short-lived values keep storage small: almost every random kernel fits.
    CHECK(t.no_fit * 50 <= count);
  }
  MESSAGE(count << " kernels x 3 planners in " << secs << " s; shapes: " << f.features().str());
}

// The shapes the generator is for appear in any run of a few hundred seeds. Judged on generation
// alone over 500 seeds from the same first seed (cheap), so the rare kept-Tile shapes (2-4 % of
// kernels each) are not left to the luck of 100 seeds.
TEST_CASE("the kernel generator covers every shape it is for (500 seeds, generation only)") {
  const std::uint64_t first = fuzz::env_or("PTORW_PLAN_FUZZ_SEED", 1), count = 500;
  fuzz::TileKernelFeatures ft;
  for (std::uint64_t s = first; s < first + count; ++s) ft += fuzz::generate_tile_kernel(s).features;
  MESSAGE("shapes over seeds " << first << ".." << first + count - 1 << ": " << ft.str());
  // Kernels the spec keeps Tile are a minority made on purpose: every program has a main kernel,
  // side_kernels more, and expect_tile of them stay Tile. The selected ones outnumber them about
  // 2.3 : 1 (2.0 to 2.6 over 500 seeds), checked as at least 3 : 2.
  CHECK(2 * (count + ft[fuzz::Shape::SideKernels] - ft[fuzz::Shape::ExpectTile]) > 3 * ft[fuzz::Shape::ExpectTile]);
  {
    for (std::size_t i = 0; i < ft.n.size(); ++i) CHECK_MESSAGE(ft.n[i] > 0, "no " << std::string(fuzz::kShapeNames[i]) << " in " << count << " kernels");
    CHECK(ft[fuzz::Shape::ShortLived] * 3 >= ft[fuzz::Shape::Values]);
    CHECK(ft[fuzz::Shape::Stores] >= 2 * count);
    CHECK(ft[fuzz::Shape::Outs] >= count * 3 / 2);
    CHECK(ft[fuzz::Shape::DyingInits] * 5 >= ft[fuzz::Shape::TileCarries]);
    CHECK(ft[fuzz::Shape::StoresInLoop] > count / 20);  // 10-16 % of kernels over 500 seeds
    CHECK(ft[fuzz::Shape::StoresInArm] > count / 10);
    CHECK(ft[fuzz::Shape::Slices] >= count);
    CHECK(ft[fuzz::Shape::RuntimeOffsets] * 2 >= ft[fuzz::Shape::Slices]);
    CHECK(ft[fuzz::Shape::ValidKernels] * 8 >= count);
    CHECK(ft[fuzz::Shape::NonSsa] * 5 >= count);
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

TEST_CASE("the kernel fuzz flags a kernel the spec selects that stays Tile, and a selected one the spec keeps Tile") {
  fuzz::keep_freed_memory();
  fuzz::KernelFuzz f;
  const std::string head =
      "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, c: pl.Tensor[[64, 64], pl.FP32], q: pl.Scalar[pl.INDEX], so: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> "
      "pl.Tensor[[16, 32], pl.FP32]:\n        w = pl.tile.load(c, (0, 0), (32, 64))\n";
  const std::string tail =
      "        y = pl.tile.muls(v, 2.0)\n        o = pl.tile.store(y, (0, 0), so)\n        return o\n"
      "\n    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, c: pl.Tensor[[64, 64], pl.FP32], q: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        so = pl.create_tensor([16, 32], dtype=pl.FP32)\n        r = self.k(c, q, so)\n        return r\n";
  const std::string unaligned = head + "        v = pl.tile.slice(w, [16, 32], [0, q * 4])\n" + tail;
  const std::string aligned = head + "        v = pl.tile.slice(w, [16, 32], [0, q * 8])\n" + tail;
  fuzz::TileKernel expect;
  expect.scalar_runs = {{{"q", 0}}, {{"q", 2}}};
  // Expected selected (no expectation of Tile), but the spec keeps it Tile: reported as not selected.
  for (const auto& r : f.check_text(unaligned, fuzz::all_planners(), 0, "", &expect)) {
    CHECK(r.status == fuzz::KernelStatus::NotSelected);
    CHECK(r.kept_tile == 1);
  }
  // With the spec's reason it passes (and its Tile path is judged).
  expect.expect_tile["k"] = "Unproven alignment retains Tile IR";
  for (const auto& r : f.check_text(unaligned, fuzz::all_planners(), 0, "", &expect)) CHECK_MESSAGE(r.ok(), r.str());
  // Expected Tile but selected: a failure of the selection check.
  for (const auto& r : f.check_text(aligned, fuzz::all_planners(), 0, "", &expect)) {
    CHECK(r.status == fuzz::KernelStatus::Failed);
    CHECK(r.check == "selection");
  }
  expect.expect_tile.clear();
  for (const auto& r : f.check_text(aligned, fuzz::all_planners(), 0, "", &expect)) {
    CHECK_MESSAGE(r.ok(), r.str());
    CHECK(r.selected == 1);
  }
}

TEST_CASE("the kernel fuzz's window-destination check: a destination overlapping a window it reads is flagged") {
  // Hand-planned (PYPTO-style addresses): `y = exp(w)` where w is a window of x. At addr 0 (x's
  // storage [0, 8192)) it overlaps; at 8192 it does not. The lowering's planner never does the
  // first (lifetimes are closed intervals), so only a planted bug reaches it: the planted lifetime
  // bug of bench/README.md is caught first by plan-memory's validator, this is the second line.
  auto text = [](int y_addr) {
    return "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
           "    def k(self, c: pl.Tensor[[64, 64], pl.FP32], r: pl.Scalar[pl.INDEX], o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> "
           "pl.Tensor[[16, 32], pl.FP32]:\n"
           "        m0 = pl.tile.alloc(pl.Mem.Vec, 8192, addr=0)\n"
           "        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=" + std::to_string(y_addr) + ")\n"
           "        x: pl.Tile[[32, 64], pl.FP32, pl.MemRef(m0, 0, 8192), pl.Mem.Vec] = pl.tile.load(c, (0, 0), (32, 64))\n"
           "        w: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 8192), pl.Mem.Vec] = pl.tile.slice(x, [16, 32], [r, 8])\n"
           "        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.exp(w)\n"
           "        o2: pl.Tensor[[16, 32], pl.FP32] = pl.tile.store(y, (0, 0), o)\n"
           "        return o2\n";
  };
  for (int addr : {0, 4096, 8192}) {
    CAPTURE(addr);
    auto p = text::parse_program(text(addr), "window_dest.py");
    REQUIRE(p.ok());
    const std::string m = fuzz::fuzz_detail::window_destinations(*p.program->functions.at(0));
    if (addr < 8192) CHECK(m.find("overlapping the window 'w'") != std::string::npos);
    else CHECK(m.empty());
  }
}

// Seeds bench/fuzz_kernels found failing (2026-12-04, seeds 91,000,000 on: the storage simulation
// saw a loop carry read in an If arm after that arm wrote the carry's storage; storage_classes.hpp
// read_after_a_write). Kept as a regression list: each must pass under every planner.
TEST_CASE("random kernels: the seeds the scale fuzzer found") {
  fuzz::keep_freed_memory();
  fuzz::KernelFuzz f;
  for (std::uint64_t s : {91000998u, 91001014u, 91001265u, 91001811u, 91002030u, 91005247u, 91005915u})
    for (const fuzz::KernelResult& r : f.check(s)) {
      CAPTURE(s);
      if (!r.ok()) FAIL_CHECK(r.str());
    }
}
}  // namespace ut_planning_fuzz_test
