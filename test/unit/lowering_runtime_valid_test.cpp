// Runtime valid extents (lower_tile_to_buffer.md, "Runtime valid extents"; issue 17): first, the golden
// lower-tile-to-buffer/runtime_valid_extents judged on explicit runtime values — empty (0), partial
// and full — by the three stages: the Tile kernel in value mode, the planned kernel in buffer mode
// and its Buffer IR in buffer mode compute the same outputs. The expected output is also written
// here apart from every interpreter (out[r][c] = 2 * x[r][c] inside the valid rectangle, the
// initial contents of `out` elsewhere), so a lowering that ignored the extent, or a guard that ran
// the store on an empty rectangle, is caught.
#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>
#include <functional>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/passes/all.hpp"
#include "ptorw/text/parser.hpp"
#include "../support/golden_stages.hpp"
namespace ut_lowering_runtime_valid_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

interp::Bits f32_bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

}  // namespace

TEST_CASE("runtime valid extents: cols = 0, 1, 17, 64 agree across the three stages and with the formula") {
  auto before = test_support::load_golden("lower-tile-to-buffer", "runtime_valid_extents.before.py");
  auto after = test_support::load_golden("lower-tile-to-buffer", "runtime_valid_extents.after.py");
  interp::RunOptions::Tensor x{ir::DType::FP32, {16, 64}, {}}, out{ir::DType::FP32, {16, 64}, {}};
  for (int i = 0; i < 16 * 64; ++i) {
    x.data.push_back(f32_bits(static_cast<float>(i % 97) - 40.0f));
    out.data.push_back(f32_bits(1000.0f + static_cast<float>(i)));  // sentinels outside the rectangle
  }
  for (int cols : {0, 1, 17, 64}) {
    CAPTURE(cols);
    interp::DiffOptions o;
    o.run.scalars["cols"] = cols;
    o.run.tensors["x"] = x;
    o.run.tensors["out"] = out;
    std::vector<interp::Leg> legs{{"Tile (value mode)", before.get(), interp::ModePolicy::Value},
                                  {"planned Tile (buffer mode)", before.get(), interp::ModePolicy::Auto},
                                  {"Buffer IR (buffer mode)", after.get(), interp::ModePolicy::Auto}};
    auto d = interp::diffcheck_legs(legs, o);
    CHECK_MESSAGE(d.ok(), d.str() << "\n" << d.message);

    interp::RunOptions ro = o.run;
    ro.mode = interp::ModePolicy::Auto;
    auto r = interp::run_program(*after, "main", ro);
    REQUIRE_MESSAGE(r.ok(), r.error->str());
    REQUIRE(r.outputs.size() == 2);  // the result and the InOut parameter, the same tensor
    CHECK(r.outputs[0].data == r.outputs[1].data);
    const auto& got = r.outputs[0].data;
    REQUIRE(got.size() == 16 * 64);
    int wrong = 0;
    for (int row = 0; row < 16; ++row)
      for (int c = 0; c < 64; ++c) {
        const int i = row * 64 + c;
        const float want = c < cols ? 2.0f * (static_cast<float>(i % 97) - 40.0f) : 1000.0f + static_cast<float>(i);
        if (got[static_cast<std::size_t>(i)] != f32_bits(want)) ++wrong;
      }
    CHECK(wrong == 0);
  }
}

// Every runtime-extent golden of tile-to-buffer (issue 17: "interpreter stage checks (Tile value
// vs planned vs Buffer) with explicit runtime values 0, partial, full"): each golden's kernel is
// called by a hand-written `main` three times in one run — with the extent 0, with the runtime
// value `cols` and with the full 64 — and `main` runs with cols = 0, 1, 17, 63, 64. Legs: the
// input in value mode, the input planned by init-memref + plan-memory under each planner (buffer
// mode), the hand-written expected output (a Buffer kernel, or a planned Tile kernel for the
// stays-Tile goldens), and the tile-to-buffer output under each planner. The outputs must agree
// and equal a formula written here (each call's valid rectangle holds the kernel's function of x,
// the rest keeps its sentinels), so a guard dropped, an extent ignored or a store window widened is
// caught.
namespace {

using test_support::run_passes;

struct ValidCase {
  std::string stem;
  std::string call;                           // the kernel call with EXT for the extent, OUT for the output
  std::function<float(float, int)> inside;    // out[r][c] in the valid rectangle, from x[r][c] and the call's extent
  std::function<bool(int, int, int)> valid;   // whether (r, c) is written by a call with extent e
};

void check_runtime_valid_golden(const ValidCase& vc) {
  CAPTURE(vc.stem);
  const std::string main_text =
      "\n    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[16, 64], pl.FP32], o0: pl.InOut[pl.Tensor[[16, 64], pl.FP32]],\n"
      "             o1: pl.InOut[pl.Tensor[[16, 64], pl.FP32]], o2: pl.InOut[pl.Tensor[[16, 64], pl.FP32]],\n"
      "             cols: pl.Scalar[pl.INDEX]) -> tuple[pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32], pl.Tensor[[16, 64], pl.FP32]]:\n";
  std::string calls;
  const char* ext[] = {"0", "cols", "64"};
  for (int i = 0; i < 3; ++i) {
    std::string c = vc.call;
    c.replace(c.find("OUT"), 3, "o" + std::to_string(i));
    c.replace(c.find("EXT"), 3, ext[i]);
    calls += "        r" + std::to_string(i) + " = " + c + "\n";
  }
  const std::string program = main_text + calls + "        return r0, r1, r2\n";
  auto before = test_support::parse_golden(test_support::golden_text("tile-to-buffer", vc.stem + ".before.py") + program, vc.stem + ".before.py");
  auto after = test_support::parse_golden(test_support::golden_text("tile-to-buffer", vc.stem + ".after.py") + program, vc.stem + ".after.py");
  std::vector<ir::ProgramPtr> keep;
  std::vector<interp::Leg> legs{{"Tile (value mode)", before.get(), interp::ModePolicy::Value},
                                {"expected output (hand-written)", after.get(), interp::ModePolicy::Auto}};
  for (const std::string planner : {"PYPTO", "DSA_RP", "PTOAS"}) {
    keep.push_back(run_passes(before, "init-memref,plan-memory", planner));
    legs.push_back({"planned Tile, " + planner, keep.back().get(), interp::ModePolicy::Auto});
    keep.push_back(run_passes(before, "tile-to-buffer", planner));
    legs.push_back({"tile-to-buffer, " + planner, keep.back().get(), interp::ModePolicy::Auto});
  }
  interp::RunOptions::Tensor x{ir::DType::FP32, {16, 64}, {}};
  for (int i = 0; i < 16 * 64; ++i) x.data.push_back(f32_bits(static_cast<float>(i % 97) - 40.0f));
  for (int cols : {0, 1, 17, 63, 64}) {
    CAPTURE(cols);
    interp::DiffOptions o;
    o.seeds = {1};
    o.run.scalars["cols"] = cols;
    o.run.tensors["x"] = x;
    for (int k = 0; k < 3; ++k) {
      interp::RunOptions::Tensor out{ir::DType::FP32, {16, 64}, {}};
      for (int i = 0; i < 16 * 64; ++i) out.data.push_back(f32_bits(1000.0f * static_cast<float>(k + 1) + static_cast<float>(i)));
      o.run.tensors["o" + std::to_string(k)] = out;
    }
    auto d = interp::diffcheck_legs(legs, o);
    CHECK_MESSAGE(d.ok(), d.str() << "\n" << d.message);
    for (const auto& leg : legs) {
      CAPTURE(leg.name);
      interp::RunOptions ro = o.run;
      ro.mode = leg.mode;
      auto r = interp::run_program(*leg.program, "main", ro);
      REQUIRE_MESSAGE(r.ok(), r.error->str());
      REQUIRE(r.outputs.size() >= 3);
      const int extents[] = {0, cols, 64};
      for (int k = 0; k < 3; ++k) {
        const auto& got = r.outputs[static_cast<std::size_t>(k)].data;
        REQUIRE(got.size() == 16 * 64);
        int wrong = 0;
        for (int row = 0; row < 16; ++row)
          for (int c = 0; c < 64; ++c) {
            const int i = row * 64 + c;
            const float xv = static_cast<float>(i % 97) - 40.0f;
            const float want = vc.valid(row, c, extents[k]) ? vc.inside(xv, extents[k])
                                                             : 1000.0f * static_cast<float>(k + 1) + static_cast<float>(i);
            if (got[static_cast<std::size_t>(i)] != f32_bits(want)) ++wrong;
          }
        CHECK_MESSAGE(wrong == 0, "call " << k << " (extent " << extents[k] << "): " << wrong << " wrong elements");
      }
    }
  }
}

}  // namespace

TEST_CASE("runtime-extent goldens of tile-to-buffer: extents 0, cols, 64 per call; cols = 0, 1, 17, 63, 64; every stage and planner") {
  auto cols_lt = [](int, int c, int e) { return c < e; };
  check_runtime_valid_golden({"runtime_valid_load_add_store", "self.k(x, OUT, EXT)",
                              [](float v, int) { return v + v; }, cols_lt});
  check_runtime_valid_golden({"runtime_valid_in_loop_stays_tile", "self.k(x, OUT, EXT)",
                              [](float v, int) { return v; }, cols_lt});
  // b's extent is 64 in every call: the second operand must cover what the first one reads.
  check_runtime_valid_golden({"runtime_valid_mismatched_exprs_stays_tile", "self.k(x, OUT, EXT, 64)",
                              [](float v, int) { return v + v; }, cols_lt});
}
}  // namespace ut_lowering_runtime_valid_test
