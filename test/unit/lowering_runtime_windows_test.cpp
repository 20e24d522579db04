// Windows with runtime valid extents and relabels of windows (lower_tile_to_buffer.md "Runtime
// valid extents", "Runtime-valid default selection", "Windows: slice and assemble"; issue 17):
// stage checks of their tile-to-buffer goldens on explicit runtime values.
//
// Each golden's kernel is called by a hand-written `main` three times in one run — with the extent
// 0 (the empty path: no subview may be constructed, nothing written), with the runtime value and
// with the full extent — and `main` runs with the runtime value 0, 1, 7 and the full extent. Legs:
// the input in value mode, the hand-written expected output, and for every planner the input
// planned by init-memref + plan-memory and the tile-to-buffer output (buffer mode). The outputs must
// agree and equal a formula written here apart from the interpreter (inside each call's valid
// rectangle the kernel's function of `a`, elsewhere the output's sentinels), so a subview written
// outside its guard, an extent ignored or a window at the wrong offset is caught.
#include <doctest/doctest.h>

#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "ptorw/interp/diffcheck.hpp"
#include "../support/golden_stages.hpp"
namespace ut_lowering_runtime_windows_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

interp::Bits f32_bits(float f) {
  std::uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float a_at(int r, int c) { return static_cast<float>((r * 64 + c) % 97) - 40.0f; }  // a: [16, 64]
float sentinel(int call, int out, int i) { return 1000.0f * static_cast<float>(call * 4 + out + 1) + static_cast<float>(i); }

struct WindowCase {
  std::string stem;
  std::string scalar;  // the kernel's runtime extent parameter
  int full = 0;        // its full value
  int outs = 1;        // [16, out_cols] GM outputs per call
  int out_cols = 32;
  std::string call;    // the kernel call: OUT0, OUT1 for its outputs, EXT for the extent
  /// out[j][r][c] of a call with extent e inside its valid rectangle, or nullopt (untouched); null:
  /// no formula (the legs must still agree).
  std::function<std::optional<float>(int j, int r, int c, int e)> want;
};

/// The legs every case is judged by: the input in value mode, the hand-written expected output, and
/// per planner the input planned by init-memref + plan-memory and the tile-to-buffer output (buffer
/// mode). `keep` owns the programs the legs point to.
std::vector<interp::Leg> stage_legs(const ir::ProgramPtr& before, const ir::ProgramPtr& after, std::vector<ir::ProgramPtr>& keep) {
  std::vector<interp::Leg> legs{{"Tile (value mode)", before.get(), interp::ModePolicy::Value},
                                {"expected output (hand-written)", after.get(), interp::ModePolicy::Auto}};
  for (const std::string planner : {"PYPTO", "DSA_RP", "PTOAS"}) {
    keep.push_back(test_support::run_passes(before, "init-memref,plan-memory", planner));
    legs.push_back({"planned Tile, " + planner, keep.back().get(), interp::ModePolicy::Auto});
    keep.push_back(test_support::run_passes(before, "tile-to-buffer", planner));
    legs.push_back({"tile-to-buffer, " + planner, keep.back().get(), interp::ModePolicy::Auto});
  }
  return legs;
}

void check_window_golden(const WindowCase& wc) {
  CAPTURE(wc.stem);
  const std::string out_t = "pl.Tensor[[16, " + std::to_string(wc.out_cols) + "], pl.FP32]";
  std::string params = "self, a: pl.Tensor[[16, 64], pl.FP32]", results, rets;
  for (int k = 0; k < 3; ++k)
    for (int j = 0; j < wc.outs; ++j) {
      params += ", o" + std::to_string(k) + "_" + std::to_string(j) + ": pl.InOut[" + out_t + "]";
      results += std::string(results.empty() ? "" : ", ") + out_t;
      rets += std::string(rets.empty() ? "" : ", ") + "r" + std::to_string(k) + "_" + std::to_string(j);
    }
  params += ", " + wc.scalar + ": pl.Scalar[pl.INDEX]";
  std::string text = "\n    @pl.function(type=pl.FunctionType.Orchestration)\n    def main(" + params + ") -> tuple[" + results + "]:\n";
  const std::string ext[] = {"0", wc.scalar, std::to_string(wc.full)};
  for (int k = 0; k < 3; ++k) {
    std::string c = wc.call, lhs;
    for (int j = 0; j < wc.outs; ++j) {
      const std::string name = "o" + std::to_string(k) + "_" + std::to_string(j);
      c.replace(c.find("OUT" + std::to_string(j)), 4, name);
      lhs += std::string(lhs.empty() ? "" : ", ") + "r" + std::to_string(k) + "_" + std::to_string(j);
    }
    c.replace(c.find("EXT"), 3, ext[k]);
    text += "        " + lhs + " = " + c + "\n";
  }
  text += "        return " + rets + "\n";
  auto before = test_support::parse_golden(test_support::golden_text("tile-to-buffer", wc.stem + ".before.py") + text, wc.stem + ".before.py");
  auto after = test_support::parse_golden(test_support::golden_text("tile-to-buffer", wc.stem + ".after.py") + text, wc.stem + ".after.py");
  REQUIRE(before);
  REQUIRE(after);
  std::vector<ir::ProgramPtr> keep;
  const std::vector<interp::Leg> legs = stage_legs(before, after, keep);
  interp::RunOptions::Tensor a{ir::DType::FP32, {16, 64}, {}};
  for (int r = 0; r < 16; ++r)
    for (int c = 0; c < 64; ++c) a.data.push_back(f32_bits(a_at(r, c)));
  for (int value : {0, 1, 7, wc.full}) {
    CAPTURE(value);
    interp::DiffOptions o;
    o.seeds = {1};
    o.run.scalars[wc.scalar] = value;
    o.run.tensors["a"] = a;
    for (int k = 0; k < 3; ++k)
      for (int j = 0; j < wc.outs; ++j) {
        interp::RunOptions::Tensor out{ir::DType::FP32, {16, wc.out_cols}, {}};
        for (int i = 0; i < 16 * wc.out_cols; ++i) out.data.push_back(f32_bits(sentinel(k, j, i)));
        o.run.tensors["o" + std::to_string(k) + "_" + std::to_string(j)] = out;
      }
    auto d = interp::diffcheck_legs(legs, o);
    CHECK_MESSAGE(d.ok(), d.str() << "\n" << d.message);
    if (!wc.want) continue;
    for (const auto& leg : legs) {
      CAPTURE(leg.name);
      interp::RunOptions ro = o.run;
      ro.mode = leg.mode;
      auto r = interp::run_program(*leg.program, "main", ro);
      REQUIRE_MESSAGE(r.ok(), r.error->str());
      REQUIRE(r.outputs.size() >= static_cast<std::size_t>(3 * wc.outs));
      const int extents[] = {0, value, wc.full};
      for (int k = 0; k < 3; ++k)
        for (int j = 0; j < wc.outs; ++j) {
          const auto& got = r.outputs[static_cast<std::size_t>(k * wc.outs + j)].data;
          REQUIRE(got.size() == static_cast<std::size_t>(16 * wc.out_cols));
          int wrong = 0;
          for (int row = 0; row < 16; ++row)
            for (int c = 0; c < wc.out_cols; ++c) {
              const int i = row * wc.out_cols + c;
              const float w = wc.want(j, row, c, extents[k]).value_or(sentinel(k, j, i));
              if (got[static_cast<std::size_t>(i)] != f32_bits(w)) ++wrong;
            }
          CHECK_MESSAGE(wrong == 0, "call " << k << " output " << j << " (extent " << extents[k] << "): " << wrong << " wrong elements");
        }
    }
  }
}

}  // namespace

TEST_CASE("runtime-valid windows: a window with valid [16, cols] read by neg, cols = 0, 1, 7, 32 per run and 0 / cols / 32 per call") {
  // y = neg(a[:, 32:64]) inside [16, cols].
  check_window_golden({"runtime_valid_window_elementwise", "cols", 32, 1, 32, "self.k(a, OUT0, EXT)",
                       [](int, int r, int c, int e) -> std::optional<float> {
                         if (c < e) return -a_at(r, 32 + c);
                         return std::nullopt;
                       }});
}

TEST_CASE("runtime-valid windows: one window stored and added, rows = 0, 1, 7, 16") {
  // out = a[:, 0:32] and out2 = 2 * a[:, 0:32] inside [rows, 32].
  check_window_golden({"runtime_valid_window_two_consumers", "rows", 16, 2, 32, "self.k(a, OUT0, OUT1, EXT)",
                       [](int j, int r, int c, int e) -> std::optional<float> {
                         if (r >= e) return std::nullopt;
                         return j == 0 ? a_at(r, c) : a_at(r, c) + a_at(r, c);
                       }});
}

TEST_CASE("runtime-valid windows kept on Tile: a nested dynamic-valid window, cols = 0, 1, 7, 16") {
  // y = neg(a[:, 32:48]) inside [16, cols].
  check_window_golden({"runtime_valid_nested_window_stays_tile", "cols", 16, 1, 16, "self.k(a, OUT0, EXT)",
                       [](int, int r, int c, int e) -> std::optional<float> {
                         if (c < e) return -a_at(r, 32 + c);
                         return std::nullopt;
                       }});
}

TEST_CASE("runtime-valid windows kept on Tile: the relabel of a dynamic-valid window (the legs agree)") {
  // The reshape reads the window's invalid columns, which the value mode leaves undefined: no formula.
  check_window_golden({"runtime_valid_window_relabel_stays_tile", "cols", 64, 1, 32, "self.k(a, OUT0, EXT)", nullptr});
}

TEST_CASE("relabels of static windows: the reshape of whole rows and of one row, three ways under every planner") {
  // Whole rows: r = reshape(a[8:16, :], [16, 16]) (a [16, 32] FP32 input there), y = exp(r): the
  // legs agree on seeded inputs. One row: y = 2 * reshape(a[3, 16:32], [2, 8]): also by formula.
  for (const char* stem : {"relabel_window_reshape_pypto", "relabel_single_row_window", "tile_alias_of_window_relabel",
                           "relabel_runtime_offset_window_stays_tile", "relabel_strided_window_stays_tile",
                           "slice_relabelled_window_stays_tile"}) {
    CAPTURE(stem);
    auto before = test_support::load_golden("tile-to-buffer", std::string(stem) + ".before.py");
    auto after = test_support::load_golden("tile-to-buffer", std::string(stem) + ".after.py");
    std::vector<ir::ProgramPtr> keep;
    const std::vector<interp::Leg> legs = stage_legs(before, after, keep);
    for (int row : {0, 5, 8}) {
      interp::DiffOptions o;
      o.seeds = {1, 2, 3};
      if (std::string(stem) == "relabel_runtime_offset_window_stays_tile") o.run.scalars["row"] = row;
      auto d = interp::diffcheck_legs(legs, o);
      CHECK_MESSAGE(d.ok(), d.str() << "\n" << d.message);
    }
  }
  // The one-row relabel by formula: A[r][c] = a_at-like values, Out = 2 * A[3][16 + 8 * r + c].
  auto after = test_support::load_golden("tile-to-buffer", "relabel_single_row_window.after.py");
  interp::RunOptions ro;
  ro.mode = interp::ModePolicy::Auto;
  interp::RunOptions::Tensor A{ir::DType::FP32, {16, 32}, {}};
  for (int i = 0; i < 16 * 32; ++i) A.data.push_back(f32_bits(static_cast<float>(i % 89) - 30.0f));
  ro.tensors["A"] = A;
  auto r = interp::run_kernels(*after, ro);
  REQUIRE_MESSAGE(r.ok(), r.error->str());
  REQUIRE(!r.outputs.empty());
  const auto& got = r.outputs[0].data;
  REQUIRE(got.size() == 16);
  for (int i = 0; i < 16; ++i) {
    const float v = static_cast<float>((3 * 32 + 16 + i) % 89) - 30.0f;
    CHECK(got[static_cast<std::size_t>(i)] == f32_bits(v + v));
  }
}
}  // namespace ut_lowering_runtime_windows_test
