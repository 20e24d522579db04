// PyPTO's reductions and broadcasts (ir/reduction_ops.hpp; docs/semantics.md "Reductions and
// broadcasts") run by the interpreter, against formulas written here apart from it: a row sum is
// float additions left to right (C++ float arithmetic is IEEE single), a maximum std::max, an
// INT32 sum wraps as unsigned 32-bit arithmetic, expdif is std::exp of the double difference
// rounded once to float. Each op runs as DSL text through the parser, in value mode; row_sum and
// row_expand_sub also as a hand-planned kernel in buffer mode, where a result placed over its
// operand is refused. Valid regions: only the valid region is reduced, and the rest of the result
// is poison.
#include <bit>
#include <cmath>
#include <cstring>

#include "op_coverage.hpp"
#include "oracle_harness.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
namespace ut_interp_reductions_test {  // one namespace per file: the suite builds as one unity TU

using namespace oracle_run;

namespace {

const DType F32 = DType::FP32;
constexpr i64 R = 4, C = 8;

/// x[i][j] of the [4, 8] input: distinct values of both signs whose sums and products round.
float xin(i64 i, i64 j) { return static_cast<float>((i * 8 + j) * 0.37 - 5.1) * (j % 3 == 1 ? -1.0f : 1.0f); }
/// v[k] of a [4, 1] or [1, 8] vector input.
float vin(i64 k) { return static_cast<float>(0.75 + 0.5 * static_cast<double>(k)); }

u64 fbits(float f) { return oracle::fv(F32, static_cast<double>(f)).bits; }

Value x_tensor() {
  std::vector<u64> b;
  for (i64 i = 0; i < R; ++i)
    for (i64 j = 0; j < C; ++j) b.push_back(fbits(xin(i, j)));
  return tensor(F32, b, {R, C});
}
Value v_tensor(const Shape& shape) {
  std::vector<u64> b;
  for (i64 k = 0; k < numel(shape); ++k) b.push_back(fbits(vin(k)));
  return tensor(F32, b, shape);
}

/// A kernel `main(x [4, 8], [v,] out)` whose body loads x (valid `valid` when given) into `t`,
/// computes `expr` into `s` and stores it into out of shape `out_shape`.
std::string kernel(const std::string& expr, const std::string& out_shape, const std::string& v_shape = "",
                   const std::string& valid = "") {
  std::string src = "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
                    "    def main(self, x: pl.Tensor[[4, 8], pl.FP32], ";
  if (!v_shape.empty()) src += "v: pl.Tensor[" + v_shape + ", pl.FP32], ";
  src += "out: pl.Out[pl.Tensor[" + out_shape + ", pl.FP32]]) -> pl.Tensor[" + out_shape + ", pl.FP32]:\n";
  src += "        t = pl.load(x, [0, 0], [4, 8]" + (valid.empty() ? std::string() : ", " + valid) + ")\n";
  if (!v_shape.empty()) src += "        w = pl.load(v, [0, 0], " + v_shape + ")\n";
  src += "        s = " + expr + "\n        r = pl.store(s, [0, 0], out)\n        return r\n";
  return src;
}

/// Output `out` as floats, row-major; poison elements as NaN with `poisoned` counting them.
std::vector<float> floats_of(const RunResult& r, std::size_t* poisoned = nullptr) {
  const Output& o = out(r, "out");
  std::vector<float> v;
  for (std::size_t k = 0; k < o.data.size(); ++k) {
    if (o.poison[k]) {
      if (poisoned) ++*poisoned;
      v.push_back(NAN);
      continue;
    }
    v.push_back(static_cast<float>(double_value(o.data[k], o.dtype)));
  }
  return v;
}

/// Bitwise equality of floats (so -0 and NaN payloads count).
bool same(float a, float b) { return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b); }

RunResult run_value(const std::string& src, std::vector<Value> args) { return run_main(*parse_ok(src), std::move(args)); }

float fold(char op, float acc, float x) {
  switch (op) {
    case '+': return acc + x;
    case '*': return acc * x;
    case '>': return std::max(acc, x);
    default: return std::min(acc, x);
  }
}

}  // namespace

namespace {
struct NamedOp { const char* name; char op; };
// The ops these tests judge, with the formula each is checked against (fold / combine below).
const NamedOp kFolds[] = {{"sum", '+'}, {"prod", '*'}, {"max", '>'}, {"min", '<'}};
const NamedOp kCombines[] = {{"add", '+'}, {"sub", '-'}, {"mul", '*'}, {"div", '/'}, {"max", '>'}, {"min", '<'}, {"expdif", 'e'}, {"", '='}};
}  // namespace

bool reductions_test_has_formula(std::string_view op) {
  for (const char* axis : {"row", "col"}) {
    for (const NamedOp& f : kFolds)
      if (op == "tile." + std::string(axis) + "_" + f.name) return true;
    for (const NamedOp& c : kCombines)
      if (op == "tile." + std::string(axis) + "_expand" + (*c.name ? "_" + std::string(c.name) : std::string())) return true;
  }
  return false;
}

TEST_CASE("reductions: row and column sum, product, max and min fold left to right in the dtype") {
  for (const auto& op : kFolds) {
    CAPTURE(op.name);
    // Rows: [4, 8] -> [4, 1]; the scratch tile is optional and never read.
    for (bool with_tmp : {false, true}) {
      const std::string expr = std::string("pl.row_") + op.name + (with_tmp ? "(t, pl.create_tile([4, 8], dtype=pl.FP32))" : "(t)");
      RunResult r = run_value(kernel(expr, "[4, 1]"), {x_tensor(), out_tensor(F32, {R, 1})});
      REQUIRE_MESSAGE(r.ok(), r.error->str());
      auto got = floats_of(r);
      for (i64 i = 0; i < R; ++i) {
        float acc = xin(i, 0);
        for (i64 j = 1; j < C; ++j) acc = fold(op.op, acc, xin(i, j));
        CHECK_MESSAGE(same(got[static_cast<std::size_t>(i)], acc), "row " << i << ": " << got[static_cast<std::size_t>(i)] << " vs " << acc);
      }
    }
    // Columns: [4, 8] -> [1, 8].
    RunResult r = run_value(kernel(std::string("pl.col_") + op.name + "(t)", "[1, 8]"), {x_tensor(), out_tensor(F32, {1, C})});
    REQUIRE_MESSAGE(r.ok(), r.error->str());
    auto got = floats_of(r);
    for (i64 j = 0; j < C; ++j) {
      float acc = xin(0, j);
      for (i64 i = 1; i < R; ++i) acc = fold(op.op, acc, xin(i, j));
      CHECK_MESSAGE(same(got[static_cast<std::size_t>(j)], acc), "column " << j);
    }
  }
  // (Row 1 of this input sums to another float added right to left: a reduction that added in
  // another order fails here; a planted reversed fold failed 18 checks.)
}

TEST_CASE("reductions: an INT32 row sum wraps; only the valid region is reduced, the rest is poison") {
  const std::string src =
      "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def main(self, x: pl.Tensor[[2, 8], pl.INT32], out: pl.Out[pl.Tensor[[2, 1], pl.INT32]]) -> pl.Tensor[[2, 1], pl.INT32]:\n"
      "        t = pl.load(x, [0, 0], [2, 8])\n        s = pl.row_sum(t)\n        r = pl.store(s, [0, 0], out)\n        return r\n";
  std::vector<u64> b;
  for (i64 k = 0; k < 16; ++k) b.push_back(oracle::iv(DType::INT32, (i64{1} << 30) + k).bits);
  RunResult r = run_value(src, {tensor(DType::INT32, b, {2, 8}), out_tensor(DType::INT32, {2, 1})});
  REQUIRE_MESSAGE(r.ok(), r.error->str());
  const Output& o = out(r, "out");
  for (i64 i = 0; i < 2; ++i) {
    std::uint32_t acc = 0;
    for (i64 j = 0; j < 8; ++j) acc += static_cast<std::uint32_t>((i64{1} << 30) + i * 8 + j);
    CHECK(int_value(o.data[static_cast<std::size_t>(i)]) == static_cast<std::int32_t>(acc));
  }

  // valid [3, 5] of the [4, 8] tile: rows 0..2 reduce columns 0..4; row 3 of the result is poison.
  RunResult v = run_value(kernel("pl.row_max(t)", "[4, 1]", "", "valid_shape=[3, 5]"), {x_tensor(), out_tensor(F32, {R, 1})});
  REQUIRE_MESSAGE(v.ok(), v.error->str());
  std::size_t poisoned = 0;
  auto got = floats_of(v, &poisoned);
  CHECK(poisoned == 1);
  for (i64 i = 0; i < 3; ++i) {
    float acc = xin(i, 0);
    for (i64 j = 1; j < 5; ++j) acc = std::max(acc, xin(i, j));
    CHECK(same(got[static_cast<std::size_t>(i)], acc));
  }
  // The type says the same: [4, 1] with valid [3, 1].
  auto p = parse_ok(kernel("pl.row_max(t)", "[4, 1]", "", "valid_shape=[3, 5]"));
  CHECK(text::print_program(*p).find("s: pl.Tile[[4, 1], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[3, 1])] = pl.tile.row_max(t)") != std::string::npos);
}

TEST_CASE("reductions: a poison element inside the valid region is an error, one outside it is not") {
  std::vector<u64> b;
  for (i64 i = 0; i < R; ++i)
    for (i64 j = 0; j < C; ++j) b.push_back(fbits(xin(i, j)));
  Value inside = tensor(F32, b, {R, C}, {2 * C + 3});
  check_error(run_value(kernel("pl.row_sum(t)", "[4, 1]"), {inside, out_tensor(F32, {R, 1})}), "reads poison element [2, 3]", "row_sum");
  Value outside = tensor(F32, b, {R, C}, {2 * C + 6});
  RunResult r = run_value(kernel("pl.row_sum(t)", "[4, 1]", "", "valid_shape=[4, 6]"), {outside, out_tensor(F32, {R, 1})});
  CHECK_MESSAGE(r.ok(), r.error->str());
}

TEST_CASE("broadcasts: row_expand_* and col_expand_* apply the vector to every column / row") {
  for (bool row : {true, false}) {
    for (const auto& op : kCombines) {
      const std::string name = std::string(row ? "row_expand" : "col_expand") + (*op.name ? std::string("_") + op.name : "");
      CAPTURE(name);
      const std::string vshape = row ? "[4, 1]" : "[1, 8]";
      RunResult r = run_value(kernel("pl." + name + "(t, w)", "[4, 8]", vshape),
                              {x_tensor(), v_tensor(row ? Shape{R, 1} : Shape{1, C}), out_tensor(F32, {R, C})});
      REQUIRE_MESSAGE(r.ok(), r.error->str());
      auto got = floats_of(r);
      for (i64 i = 0; i < R; ++i)
        for (i64 j = 0; j < C; ++j) {
          const float x = xin(i, j), v = vin(row ? i : j);
          float want = 0;
          switch (op.op) {
            case '+': want = x + v; break;
            case '-': want = x - v; break;
            case '*': want = x * v; break;
            case '/': want = x / v; break;
            case '>': want = std::max(x, v); break;
            case '<': want = std::min(x, v); break;
            case 'e': want = static_cast<float>(std::exp(static_cast<double>(x) - static_cast<double>(v))); break;
            default: want = v;
          }
          CHECK_MESSAGE(same(got[static_cast<std::size_t>(i * C + j)], want), "[" << i << ", " << j << "]");
        }
    }
  }
}

TEST_CASE("broadcasts: a vector of the wrong shape is refused at run time (and by the verifier)") {
  RunResult r = run_value(kernel("pl.row_expand_sub(t, w)", "[4, 8]", "[1, 8]"),
                          {x_tensor(), v_tensor({1, C}), out_tensor(F32, {R, C})});
  check_error(r, "tile.row_expand_sub: the vector is FP32[1, 8], not FP32[4, 1]", "row vector");
}

namespace {
/// A hand-planned kernel (InitMemRef's form): t at 0, the result at `result_addr` (0: over t).
std::string planned(const std::string& op, const std::string& result_type, int result_addr, int result_bytes) {
  return "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
         "    def main(self, x: pl.Tensor[[4, 8], pl.FP32], v: pl.Tensor[[4, 1], pl.FP32], out: pl.Out[pl.Tensor[" +
         result_type + ", pl.FP32]]) -> pl.Tensor[" + result_type + ", pl.FP32]:\n"
         "        mem_vec_0: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 128, addr=0)\n"
         "        mem_vec_1: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 32, addr=256)\n"
         "        mem_vec_2: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, " + std::to_string(result_bytes) + ", addr=" +
         std::to_string(result_addr) + ")\n"
         "        t: pl.Tile[[4, 8], pl.FP32, pl.MemRef(mem_vec_0, 0, 128), pl.Mem.Vec] = pl.tile.load(x, [0, 0], [4, 8])\n"
         "        w: pl.Tile[[4, 1], pl.FP32, pl.MemRef(mem_vec_1, 0, 16), pl.Mem.Vec] = pl.tile.load(v, [0, 0], [4, 1])\n"
         "        s: pl.Tile[" + result_type + ", pl.FP32, pl.MemRef(mem_vec_2, 0, " + std::to_string(result_bytes) +
         "), pl.Mem.Vec] = " + op + "\n"
         "        r: pl.Tensor[" + result_type + ", pl.FP32] = pl.tile.store(s, [0, 0], out)\n        return r\n";
}
}  // namespace

TEST_CASE("planned Tile IR: the same values through memory; a result over its operand is refused") {
  for (const auto& [op, shape, bytes] : {std::tuple{"pl.tile.row_sum(t)", "[4, 1]", 16},
                                         std::tuple{"pl.tile.row_expand_sub(t, w)", "[4, 8]", 128}}) {
    CAPTURE(op);
    const bool sum = std::string(op).find("row_sum") != std::string::npos;
    const Shape out_shape = sum ? Shape{R, 1} : Shape{R, C};
    std::vector<Value> args = {x_tensor(), v_tensor({R, 1}), out_tensor(F32, out_shape)};
    RunResult value = run_main(*parse_ok(planned(op, shape, 512, bytes)), args, ModePolicy::Value);
    RunResult buf = run_main(*parse_ok(planned(op, shape, 512, bytes)), {x_tensor(), v_tensor({R, 1}), out_tensor(F32, out_shape)},
                             ModePolicy::Auto);
    REQUIRE_MESSAGE(value.ok(), value.error->str());
    REQUIRE_MESSAGE(buf.ok(), buf.error->str());
    auto a = floats_of(value), b = floats_of(buf);
    REQUIRE(a.size() == b.size());
    for (std::size_t k = 0; k < a.size(); ++k) CHECK(same(a[k], b[k]));
    // The result placed over t: the op reads what it writes.
    RunResult over = run_main(*parse_ok(planned(op, shape, 0, bytes)), {x_tensor(), v_tensor({R, 1}), out_tensor(F32, out_shape)},
                              ModePolicy::Auto);
    REQUIRE_FALSE(over.ok());
    CHECK_MESSAGE(over.error->str().find("which it reads: this op needs a distinct destination") != std::string::npos, over.error->str());
  }
}

TEST_CASE("reductions and broadcasts: types, spellings and refusals") {
  // The tutorial's softmax annotations: row_max of [64, 64] is [64, 1].
  auto p = parse_ok(kernel("pl.row_expand_div(t, pl.row_sum(t))", "[4, 8]"));
  const std::string printed = text::print_program(*p);
  CHECK(printed.find("s: pl.Tile[[4, 8], pl.FP32, pl.Mem.Vec] = pl.tile.row_expand_div(t, pl.tile.row_sum(t))") != std::string::npos);
  // Printed text parses back to an equal program.
  auto eq = visit::structural_equal(*p, *parse_ok(printed));
  CHECK_MESSAGE(eq.equal, eq.path);
  // A tensor has no reduction form here; a rank-1 tile none at all.
  auto bad = text::parse_program(
      "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[4, 8], pl.FP32]) -> pl.Tensor[[4, 1], pl.FP32]:\n        s = pl.row_sum(x)\n        return s\n",
      "t.py");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.errors.front().str().find("pl.row_sum has no tensor form here") != std::string::npos);
  auto rank1 = text::parse_program(
      "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def main(self, x: pl.Tensor[[8], pl.FP32], out: pl.Out[pl.Tensor[[8], pl.FP32]]) -> pl.Tensor[[8], pl.FP32]:\n"
      "        t = pl.load(x, [0], [8])\n        s = pl.row_sum(t)\n        return out\n",
      "t.py");
  REQUIRE_FALSE(rank1.ok());
  CHECK(rank1.errors.front().str().find("a row or column reduction needs a rank-2 tile") != std::string::npos);
}

TEST_CASE("reductions: an empty valid region gives the type's valid region [0, 1], which a broadcast over no rows reads") {
  const std::string src =
      "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def main(self, x: pl.Tensor[[4, 8], pl.FP32], n: pl.Scalar[pl.INDEX], out: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:\n"
      "        t = pl.load(x, [0, 0], [4, 8], valid_shape=[n, n])\n        m = pl.row_max(t)\n"
      "        u = pl.load(x, [0, 0], [4, 8], valid_shape=[n, 8])\n        s = pl.row_expand_sub(u, m)\n"
      "        r = pl.store(s, [0, 0], out)\n        return r\n";
  auto p = parse_ok(src);
  CHECK(text::print_program(*p).find("m: pl.Tile[[4, 1], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[n, 1])] = pl.tile.row_max(t)") !=
        std::string::npos);
  RunResult r = run_main(*p, {x_tensor(), scalar(oracle::iv(DType::INDEX, 0)), out_tensor(F32, {R, C})});
  CHECK_MESSAGE(r.ok(), r.error->str());
  // Rows to fill but no column to fold: no value, an error.
  const std::string rows_left = std::string(src).replace(src.find("valid_shape=[n, n]"), 18, "valid_shape=[4, n]");
  check_error(run_main(*parse_ok(rows_left), {x_tensor(), scalar(oracle::iv(DType::INDEX, 0)), out_tensor(F32, {R, C})}),
              "tile.row_max reduces an empty valid extent (valid [4, 0])", "rows left");
}

namespace {
/// A hand-planned kernel whose row_sum has a scratch tile `z` (x loaded again, so every byte is
/// defined); `after` is the statement that follows the reduction and defines `q`, which is stored.
std::string planned_scratch(const std::string& after) {
  return "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
         "    def main(self, x: pl.Tensor[[4, 8], pl.FP32], out: pl.Out[pl.Tensor[[4, 1], pl.FP32]]) -> pl.Tensor[[4, 1], pl.FP32]:\n"
         "        mem_vec_0: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 128, addr=0)\n"
         "        mem_vec_1: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 128, addr=128)\n"
         "        mem_vec_2: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 16, addr=256)\n"
         "        mem_vec_3: pl.Ptr = pl.tile.alloc(pl.Mem.Vec, 16, addr=288)\n"
         "        t: pl.Tile[[4, 8], pl.FP32, pl.MemRef(mem_vec_0, 0, 128), pl.Mem.Vec] = pl.tile.load(x, [0, 0], [4, 8])\n"
         "        z: pl.Tile[[4, 8], pl.FP32, pl.MemRef(mem_vec_1, 0, 128), pl.Mem.Vec] = pl.tile.load(x, [0, 0], [4, 8])\n"
         "        s: pl.Tile[[4, 1], pl.FP32, pl.MemRef(mem_vec_2, 0, 16), pl.Mem.Vec] = pl.tile.row_sum(t, z)\n" +
         after +
         "        r: pl.Tensor[[4, 1], pl.FP32] = pl.tile.store(q, [0, 0], out)\n        return r\n";
}
}  // namespace

TEST_CASE("planned Tile IR: a reduction overwrites its scratch tile; reading the scratch afterwards is an error") {
  const std::string q_type = "        q: pl.Tile[[4, 1], pl.FP32, pl.MemRef(mem_vec_3, 0, 16), pl.Mem.Vec] = ";
  // The scratch is not read after the op: the sums, as in value mode (hand-folded from xin).
  RunResult ok = run_main(*parse_ok(planned_scratch(q_type + "pl.tile.muls(s, 2.0)\n")),
                          {x_tensor(), out_tensor(F32, {R, 1})}, ModePolicy::Auto);
  REQUIRE_MESSAGE(ok.ok(), ok.error->str());
  auto got = floats_of(ok);
  REQUIRE(got.size() == static_cast<std::size_t>(R));
  for (i64 i = 0; i < R; ++i) {
    float acc = xin(i, 0);
    for (i64 j = 1; j < C; ++j) acc += xin(i, j);
    CHECK(same(got[static_cast<std::size_t>(i)], acc * 2.0f));
  }
  // The scratch read afterwards: the device left working data there, so z's value is gone.
  RunResult bad = run_main(*parse_ok(planned_scratch(q_type + "pl.tile.row_max(z)\n")),
                           {x_tensor(), out_tensor(F32, {R, 1})}, ModePolicy::Auto);
  REQUIRE_FALSE(bad.ok());
  CHECK_MESSAGE(bad.error->str().find("tile.row_max reads 'z' (") != std::string::npos, bad.error->str());
  CHECK_MESSAGE(bad.error->str().find("was overwritten by the tile.row_sum (its scratch working space) at line 11, column") !=
                    std::string::npos,
                bad.error->str());
  // Value mode has immutable values and does not model it (docs/semantics.md): the same program runs.
  RunResult value = run_main(*parse_ok(planned_scratch(q_type + "pl.tile.row_max(z)\n")),
                             {x_tensor(), out_tensor(F32, {R, 1})}, ModePolicy::Value);
  CHECK_MESSAGE(value.ok(), value.error->str());
}
}  // namespace ut_interp_reductions_test
// op_coverage.hpp declares it globally for op_rows_test.cpp; the definition lives in this file's namespace.
bool reductions_test_has_formula(std::string_view op) { return ut_interp_reductions_test::reductions_test_has_formula(op); }
