// tile.read (PyPTO's subscript sugar `t[i, j]` and `pl.read(t, [i, j])`): an element of a tile as a
// scalar of its dtype, read only inside the valid region (interp/tile_data_ops.hpp). Checked end to
// end against sums written here: out = t + t[1, 2], float additions in C++.
#include <bit>

#include "op_coverage.hpp"
#include "oracle_harness.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
namespace ut_interp_tile_read_test {  // one namespace per file: the suite builds as one unity TU

using namespace oracle_run;

bool tile_read_test_has_formula(std::string_view op) { return op == "tile.read"; }

namespace {

const DType F32 = DType::FP32;

/// out = t + <read>, where t is x [4, 8] loaded (valid `valid` when given).
std::string kernel(const std::string& read, const std::string& valid = "") {
  return "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
         "    def main(self, x: pl.Tensor[[4, 8], pl.FP32], out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:\n"
         "        t = pl.load(x, [0, 0], [4, 8]" + (valid.empty() ? std::string() : ", valid_shape=" + valid) + ")\n"
         "        s = " + read + "\n"
         "        u = pl.tile.adds(t, s)\n        r = pl.store(u, [0, 0], out)\n        return r\n";
}

float xin(i64 k) { return static_cast<float>(0.3 * static_cast<double>(k) - 2.2); }

Value x_tensor(const std::set<std::size_t>& poison = {}) {
  std::vector<u64> b;
  for (i64 k = 0; k < 32; ++k) b.push_back(std::bit_cast<std::uint32_t>(xin(k)));
  return tensor(F32, b, {4, 8}, poison);
}

}  // namespace

TEST_CASE("tile.read: t[1, 2], pl.read(t, [1, 2]) and pl.tile.read(tile=t, indices=[1, 2]) are one op and read one element") {
  const std::string forms[] = {"t[1, 2]", "pl.read(t, [1, 2])", "pl.tile.read(tile=t, indices=[1, 2])"};
  auto first = parse_ok(kernel(forms[0]));
  CHECK(text::print_program(*first).find("s: pl.Scalar[pl.FP32] = pl.tile.read(t, [1, 2])") != std::string::npos);
  for (const auto& f : forms) {
    CAPTURE(f);
    auto p = parse_ok(kernel(f));
    CHECK(visit::structural_equal(*p, *first).equal);
    for (ModePolicy mode : {ModePolicy::Value, ModePolicy::Auto}) {
      RunResult r = run_main(*p, {x_tensor(), out_tensor(F32, {4, 8})}, mode);
      REQUIRE_MESSAGE(r.ok(), r.error->str());
      const Output& o = out(r, "out");
      for (i64 k = 0; k < 32; ++k)
        CHECK(static_cast<std::uint32_t>(o.data[static_cast<std::size_t>(k)]) == std::bit_cast<std::uint32_t>(xin(k) + xin(1 * 8 + 2)));
    }
  }
}

TEST_CASE("tile.read: outside the valid region or of a poison element is an error; outside the shape the verifier says so") {
  check_error(run_main(*parse_ok(kernel("t[1, 2]", "[4, 2]")), {x_tensor(), out_tensor(F32, {4, 8})}),
              "tile.read: index [1, 2] is outside the valid region [4, 2] of 't'", "valid");
  check_error(run_main(*parse_ok(kernel("t[1, 2]")), {x_tensor({10}), out_tensor(F32, {4, 8})}),
              "reads poison element [1, 2]", "poison");  // tile.load fails first on the poison it loads
  auto p = text::parse_program(kernel("t[1, 9]"), "t.py");
  REQUIRE(p.ok());
  auto ds = ir::verify(*p.program);
  REQUIRE_FALSE(ds.empty());
  CHECK(ds.front().str() == "t.py:6:14: error: tile.read index 9 in dimension 1 is outside operand 1 ('t') of shape [4, 8]");
}
}  // namespace ut_interp_tile_read_test
// op_coverage.hpp declares it globally for op_rows_test.cpp; the definition lives in this file's namespace.
bool tile_read_test_has_formula(std::string_view op) { return ut_interp_tile_read_test::tile_read_test_has_formula(op); }
