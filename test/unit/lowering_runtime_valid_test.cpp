// Runtime valid extents (lower_tile_to_buffer.md, "Runtime valid extents"; issue 17): the golden
// lower-tile-to-buffer/runtime_valid_extents judged on explicit runtime values — empty (0), partial
// and full — by the three stages: the Tile kernel in value mode, the planned kernel in buffer mode
// and its Buffer IR in buffer mode compute the same outputs. The expected output is also written
// here apart from every interpreter (out[r][c] = 2 * x[r][c] inside the valid rectangle, the
// initial contents of `out` elsewhere), so a lowering that ignored the extent, or a guard that ran
// the store on an empty rectangle, is caught.
#include <doctest/doctest.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/text/parser.hpp"
#include "../support/golden_file.hpp"

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
