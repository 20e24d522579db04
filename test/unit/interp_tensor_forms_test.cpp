// The orchestration-level tensor forms of PyPTO's `pl.*` dispatcher, end to end: DSL text parsed by
// the project's parser and run by the interpreter (docs/semantics.md "Tensors"), with expected
// values computed by hand in this file — tensor.matmul / matmul_acc (accumulation dtype, k
// ascending, out_dtype conversion), maximum / minimum, the unary forms, reshape (a view of a
// dense tensor), rank-reducing tensor.slice (trailing dims, drop_dims, subscript sugar), assemble
// and element-read sugar. The per-dtype numerics of the same ops are judged by the oracle
// (interp_oracle_test.cpp); here each op is pinned on small programs a reader can check by hand.
#include <cmath>

#include "oracle_harness.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/equal.hpp"
namespace ut_interp_tensor_forms_test {  // one namespace per file: the suite builds as one unity TU

using namespace oracle_run;

namespace {

const DType F32 = DType::FP32;

/// An orchestration program `main(params) -> ret` whose body is `body` (8-space indented).
std::string orch(const std::string& params, const std::string& ret, const std::string& body) {
  return "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.Orchestration)\n    def main(self, " + params + ") -> " + ret +
         ":\n" + body;
}

/// A packed tensor of `d` holding `xs` (exact in d), row-major over `shape`.
Value ten(DType d, const Shape& shape, const std::vector<double>& xs) {
  std::vector<u64> bits;
  for (double x : xs) bits.push_back(oracle::is_fp(d) ? oracle::fv(d, x).bits : oracle::iv(d, static_cast<i64>(x)).bits);
  REQUIRE(static_cast<i64>(bits.size()) == numel(shape));
  return tensor(d, bits, shape);
}

/// Elements 0, 1, 2, ... of a packed FP32 tensor of `shape` (exact: below 2^24).
Value iota(const Shape& shape) {
  std::vector<double> xs;
  for (i64 k = 0; k < numel(shape); ++k) xs.push_back(static_cast<double>(k));
  return ten(F32, shape, xs);
}

RunResult run_ok_main(const std::string& src, std::vector<Value> args) {
  RunResult r = run_main(*parse_ok(src), std::move(args));
  if (!r.ok()) FAIL_CHECK(r.error->str() << "\n" << src);
  REQUIRE(r.ok());
  return r;
}
std::string run_err_main(const std::string& src, std::vector<Value> args) {
  RunResult r = run_main(*parse_ok(src), std::move(args));
  REQUIRE_FALSE(r.ok());
  return r.error->str();
}

/// Every element of output `name` as a double, row-major; the output has `shape`, no poison.
std::vector<double> values_of(const RunResult& r, const std::string& name, const Shape& shape) {
  const Output& o = out(r, name);
  CHECK(o.shape == shape);
  std::vector<double> v;
  for (std::size_t k = 0; k < o.data.size(); ++k) {
    CHECK_MESSAGE(!o.poison[k], name << " element " << k << " is poison");
    v.push_back(double_value(o.data[k], o.dtype));
  }
  return v;
}

/// The op names of the calls assigned in `main` (what the sugar became).
std::vector<std::string> callees(const ir::Program& p) {
  std::vector<std::string> out;
  std::function<void(const ir::Stmt&)> walk = [&](const ir::Stmt& s) {
    if (!s) return;
    if (auto* a = std::get_if<ir::Assign>(&s->kind)) {
      if (auto* c = ir::expr_as<ir::Call>(a->value)) out.push_back(c->callee);
    } else if (auto* q = std::get_if<ir::Seq>(&s->kind)) {
      for (const auto& x : q->stmts) walk(x);
    }
  };
  walk(p.find("main")->body);
  return out;
}

}  // namespace

// ---- tensor.matmul / tensor.matmul_acc ----

TEST_CASE("tensor forms: pl.matmul(a, b, out_dtype=pl.FP32) on FP16 tensors accumulates in FP32") {
  // a = [[1, 2, 3], [-1, 0.5, 4]], b = [[1, 0], [0, 1], [2, -1]] (all exact in FP16):
  // a @ b = [[1 + 6, 2 - 3], [-1 + 8, 0.5 - 4]] = [[7, -1], [7, -3.5]].
  const std::string src = orch("a: pl.Tensor[[2, 3], pl.FP16], b: pl.Tensor[[3, 2], pl.FP16]", "pl.Tensor[[2, 2], pl.FP32]",
                               "        c = pl.matmul(a, b, out_dtype=pl.FP32)\n        return c\n");
  auto p = parse_ok(src);
  CHECK(callees(*p) == std::vector<std::string>{"tensor.matmul"});
  RunResult r = run_ok_main(src, {ten(DType::FP16, {2, 3}, {1, 2, 3, -1, 0.5, 4}), ten(DType::FP16, {3, 2}, {1, 0, 0, 1, 2, -1})});
  CHECK(out(r, "return").dtype == F32);
  CHECK(values_of(r, "return", {2, 2}) == std::vector<double>{7, -1, 7, -3.5});
}

TEST_CASE("tensor forms: matmul sums k ascending in FP32, then converts to out_dtype") {
  // Row [2^24, 1, -2^24, 1] times a column of ones: in order in FP32, 2^24 + 1 rounds to 2^24,
  // - 2^24 gives 0, + 1 gives 1 (the exact sum is 2).
  const std::string src = orch("a: pl.Tensor[[1, 4], pl.FP32], b: pl.Tensor[[4, 1], pl.FP32]", "pl.Tensor[[1, 1], pl.FP32]",
                               "        c = pl.matmul(a, b)\n        return c\n");
  RunResult r = run_ok_main(src, {ten(F32, {1, 4}, {16777216, 1, -16777216, 1}), ten(F32, {4, 1}, {1, 1, 1, 1})});
  CHECK(values_of(r, "return", {1, 1}) == std::vector<double>{1});

  // out_dtype=pl.FP16: 2048 + 1 = 2049 exactly in FP32, then rounded once to FP16: a tie between
  // 2048 and 2050, to even: 2048. 1000 * 3 = 3000 is exact in FP16 (a multiple of 2).
  const std::string h = orch("a: pl.Tensor[[2, 2], pl.FP32], b: pl.Tensor[[2, 1], pl.FP32]", "pl.Tensor[[2, 1], pl.FP16]",
                             "        c = pl.matmul(a, b, out_dtype=pl.FP16)\n        return c\n");
  RunResult rh = run_ok_main(h, {ten(F32, {2, 2}, {2048, 1, 1000, 0}), ten(F32, {2, 1}, {1, 1})});
  CHECK(out(rh, "return").dtype == DType::FP16);
  CHECK(values_of(rh, "return", {2, 1}) == std::vector<double>{2048, 1000});
}

TEST_CASE("tensor forms: INT8 matmul accumulates in INT32; out_dtype=pl.INT8 wraps") {
  // a = [[100, 100], [-128, 1]], b = [[100], [-128]] (products exact, sums in INT32).
  const std::string src = orch("a: pl.Tensor[[2, 2], pl.INT8], b: pl.Tensor[[2, 1], pl.INT8]",
                               "tuple[pl.Tensor[[2, 1], pl.INT32], pl.Tensor[[2, 1], pl.INT8]]",
                               "        c = pl.matmul(a, b)\n        d = pl.matmul(a, b, out_dtype=pl.INT8)\n        return c, d\n");
  auto args = [] { return std::vector<Value>{ten(DType::INT8, {2, 2}, {100, 100, -128, 1}), ten(DType::INT8, {2, 1}, {100, -128})}; };
  // Row 0: 100 * 100 + 100 * -128 = -2800; row 1: -128 * 100 + 1 * -128 = -12928 (beyond INT16, exact in INT32).
  RunResult r = run_ok_main(src, args());
  CHECK(out(r, "return[0]").dtype == DType::INT32);
  CHECK(values_of(r, "return[0]", {2, 1}) == std::vector<double>{-2800, -12928});
  // -2800 = -11 * 256 + 16 -> 16; -12928 = -51 * 256 + 128 -> 128, as INT8 -128.
  CHECK(values_of(r, "return[1]", {2, 1}) == std::vector<double>{16, -128});
}

TEST_CASE("tensor forms: matmul_acc adds a @ b to the accumulator (which is not written)") {
  // acc = [[0.5, -1], [10, 0]], a = [[1, 2], [3, 4]], b = [[1, 1], [0, 1]] (BF16):
  // a @ b = [[1, 3], [3, 7]]; acc + a @ b = [[1.5, 2], [13, 7]].
  const std::string src = orch("acc: pl.Tensor[[2, 2], pl.FP32], a: pl.Tensor[[2, 2], pl.BF16], b: pl.Tensor[[2, 2], pl.BF16]",
                               "tuple[pl.Tensor[[2, 2], pl.FP32], pl.Tensor[[2, 2], pl.FP32]]",
                               "        c = pl.matmul_acc(acc, a, b)\n        return c, acc\n");
  auto p = parse_ok(src);
  CHECK(callees(*p) == std::vector<std::string>{"tensor.matmul_acc"});
  RunResult r = run_ok_main(src, {ten(F32, {2, 2}, {0.5, -1, 10, 0}), ten(DType::BF16, {2, 2}, {1, 2, 3, 4}),
                                  ten(DType::BF16, {2, 2}, {1, 1, 0, 1})});
  CHECK(values_of(r, "return[0]", {2, 2}) == std::vector<double>{1.5, 2, 13, 7});
  CHECK(values_of(r, "return[1]", {2, 2}) == std::vector<double>{0.5, -1, 10, 0});
}

TEST_CASE("tensor forms: matmul errors — inner extents, accumulator dtype, poison") {
  const std::string bad_acc = orch("acc: pl.Tensor[[1, 1], pl.FP16], a: pl.Tensor[[1, 2], pl.FP16], b: pl.Tensor[[2, 1], pl.FP16]",
                                   "pl.Tensor[[1, 1], pl.FP16]", "        c = pl.tensor.matmul_acc(acc, a, b)\n        return c\n");
  CHECK(run_err_main(bad_acc, {ten(DType::FP16, {1, 1}, {0}), ten(DType::FP16, {1, 2}, {1, 2}), ten(DType::FP16, {2, 1}, {1, 2})})
            .find("FP16 operands accumulate in FP32") != std::string::npos);
  const std::string mm = orch("a: pl.Tensor[[1, 2], pl.FP32], b: pl.Tensor[[2, 1], pl.FP32]", "pl.Tensor[[1, 1], pl.FP32]",
                              "        c = pl.matmul(a, b)\n        return c\n");
  std::vector<Value> args{tensor(F32, {oracle::fv(F32, 1).bits, oracle::fv(F32, 2).bits}, {1, 2}, {1}), ten(F32, {2, 1}, {1, 1})};
  CHECK(run_err_main(mm, std::move(args)).find("tensor.matmul reads poison element [0, 1] of 'a'") != std::string::npos);
}

// ---- maximum / minimum and the unary forms ----

TEST_CASE("tensor forms: pl.maximum / pl.minimum on tensors, NaN propagates") {
  const double nan = std::nan("");
  const std::string src = orch("a: pl.Tensor[[1, 4], pl.FP32], b: pl.Tensor[[1, 4], pl.FP32]",
                               "tuple[pl.Tensor[[1, 4], pl.FP32], pl.Tensor[[1, 4], pl.FP32]]",
                               "        hi = pl.maximum(a, b)\n        lo = pl.minimum(a, b)\n        return hi, lo\n");
  auto p = parse_ok(src);
  CHECK(callees(*p) == std::vector<std::string>{"tensor.maximum", "tensor.minimum"});
  RunResult r = run_ok_main(src, {ten(F32, {1, 4}, {1, -2, nan, 5}), ten(F32, {1, 4}, {3, -4, 0, nan})});
  auto hi = values_of(r, "return[0]", {1, 4}), lo = values_of(r, "return[1]", {1, 4});
  CHECK(hi[0] == 3);
  CHECK(hi[1] == -2);
  CHECK(std::isnan(hi[2]));
  CHECK(std::isnan(hi[3]));
  CHECK(lo[0] == 1);
  CHECK(lo[1] == -4);
  CHECK(std::isnan(lo[2]));
  CHECK(std::isnan(lo[3]));
  // Integers compare as values.
  const std::string i = orch("a: pl.Tensor[[1, 3], pl.INT16], b: pl.Tensor[[1, 3], pl.INT16]", "pl.Tensor[[1, 3], pl.INT16]",
                             "        m = pl.maximum(a, b)\n        return m\n");
  RunResult ri = run_ok_main(i, {ten(DType::INT16, {1, 3}, {-32768, 7, 300}), ten(DType::INT16, {1, 3}, {32767, -7, 300})});
  CHECK(values_of(ri, "return", {1, 3}) == std::vector<double>{32767, 7, 300});
}

TEST_CASE("tensor forms: pl.exp(t) and the other unary forms on tensors") {
  const std::string src = orch("t: pl.Tensor[[1, 3], pl.FP32]", "pl.Tensor[[1, 3], pl.FP32]", "        e = pl.exp(t)\n        return e\n");
  auto p = parse_ok(src);
  CHECK(callees(*p) == std::vector<std::string>{"tensor.exp"});
  const double inf = std::numeric_limits<double>::infinity();
  RunResult r = run_ok_main(src, {ten(F32, {1, 3}, {0, 1, -inf})});
  const Output& o = out(r, "return");
  CHECK(o.data[0] == 0x3f800000);  // exp(0) = 1
  CHECK(o.data[1] == 0x402df854);  // exp(1) = e rounded to FP32: 2.71828174591064453125
  CHECK(o.data[2] == 0);           // exp(-inf) = +0

  // sqrt 4 = 2, log 1 = 0, recip 4 = 0.25, rsqrt 4 = 0.5, abs -3 = 3, neg 2 = -2, relu -1 = 0.
  const std::string all = orch("t: pl.Tensor[[2, 2], pl.FP32]",
                               "tuple[pl.Tensor[[2, 2], pl.FP32], pl.Tensor[[2, 2], pl.FP32], pl.Tensor[[2, 2], pl.FP32], "
                               "pl.Tensor[[2, 2], pl.FP32], pl.Tensor[[2, 2], pl.FP32], pl.Tensor[[2, 2], pl.FP32], pl.Tensor[[2, 2], pl.FP32]]",
                               "        a = pl.sqrt(t)\n        b = pl.log(t)\n        c = pl.recip(t)\n        d = pl.rsqrt(t)\n"
                               "        e = pl.abs(t)\n        f = pl.neg(t)\n        g = pl.relu(t)\n        return a, b, c, d, e, f, g\n");
  auto q = parse_ok(all);
  CHECK(callees(*q) == std::vector<std::string>{"tensor.sqrt", "tensor.log", "tensor.recip", "tensor.rsqrt", "tensor.abs", "tensor.neg",
                                                "tensor.relu"});
  // t = [[4, 1], [16, 0.25]]
  RunResult ra = run_ok_main(all, {ten(F32, {2, 2}, {4, 1, 16, 0.25})});
  CHECK(values_of(ra, "return[0]", {2, 2}) == std::vector<double>{2, 1, 4, 0.5});
  CHECK(values_of(ra, "return[1]", {2, 2})[1] == 0);
  CHECK(values_of(ra, "return[2]", {2, 2}) == std::vector<double>{0.25, 1, 0.0625, 4});
  CHECK(values_of(ra, "return[3]", {2, 2}) == std::vector<double>{0.5, 1, 0.25, 2});
  RunResult rb = run_ok_main(all, {ten(F32, {2, 2}, {-3, 2, -1, 0})});
  CHECK(values_of(rb, "return[4]", {2, 2}) == std::vector<double>{3, 2, 1, 0});
  CHECK(values_of(rb, "return[5]", {2, 2}) == std::vector<double>{3, -2, 1, -0.0});
  CHECK(values_of(rb, "return[6]", {2, 2}) == std::vector<double>{0, 2, 0, 0});
  CHECK(out(rb, "return[6]").data[0] == 0);  // relu(-3) is +0
}

TEST_CASE("tensor forms: integer unary forms wrap; exp of an integer tensor is an error") {
  const std::string src = orch("t: pl.Tensor[[1, 3], pl.INT8]", "tuple[pl.Tensor[[1, 3], pl.INT8], pl.Tensor[[1, 3], pl.INT8]]",
                               "        a = pl.abs(t)\n        n = pl.neg(t)\n        return a, n\n");
  RunResult r = run_ok_main(src, {ten(DType::INT8, {1, 3}, {-128, -5, 7})});
  CHECK(values_of(r, "return[0]", {1, 3}) == std::vector<double>{-128, 5, 7});  // |-128| wraps to -128
  CHECK(values_of(r, "return[1]", {1, 3}) == std::vector<double>{-128, 5, -7});
  const std::string e = orch("t: pl.Tensor[[1, 3], pl.INT8]", "pl.Tensor[[1, 3], pl.INT8]", "        a = pl.tensor.exp(t)\n        return a\n");
  CHECK(run_err_main(e, {ten(DType::INT8, {1, 3}, {1, 2, 3})}).find("tensor.exp is defined for float tensors only, not INT8") !=
        std::string::npos);
}

// ---- tensor.reshape ----

TEST_CASE("tensor forms: pl.reshape of a tensor is a view of its dense storage, row-major") {
  // x = iota [2, 8]; r = reshape [4, 4]: element [i, j] is x's flat element 4i + j. A write
  // through r at [1, 0] (flat 4) is x[0, 4].
  const std::string src = orch("x: pl.Tensor[[2, 8], pl.FP32]", "tuple[pl.Tensor[[4, 4], pl.FP32], pl.Tensor[[2, 8], pl.FP32]]",
                               "        r = pl.reshape(x, [4, 4])\n        w = pl.write(r, [1, 0], -1.0)\n        return r, x\n");
  auto p = parse_ok(src);
  CHECK(callees(*p) == std::vector<std::string>{"tensor.reshape", "tensor.write"});
  RunResult r = run_ok_main(src, {iota({2, 8})});
  CHECK(values_of(r, "return[0]", {4, 4}) == std::vector<double>{0, 1, 2, 3, -1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});
  CHECK(values_of(r, "return[1]", {2, 8}) == std::vector<double>{0, 1, 2, 3, -1, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15});

  // A dense slice (row 1 of a [2, 8] tensor) reshapes from its own first element: 8 .. 15.
  const std::string row = orch("x: pl.Tensor[[2, 8], pl.FP32]", "pl.Tensor[[2, 4], pl.FP32]",
                               "        v = x[1, :]\n        r = pl.reshape(v, [2, 4])\n        return r\n");
  CHECK(values_of(run_ok_main(row, {iota({2, 8})}), "return", {2, 4}) == std::vector<double>{8, 9, 10, 11, 12, 13, 14, 15});

  // A strided window has no view under another shape.
  const std::string strided = orch("x: pl.Tensor[[2, 8], pl.FP32]", "pl.Tensor[[8], pl.FP32]",
                                   "        v = x[:, 0:4]\n        r = pl.reshape(v, [8])\n        return r\n");
  CHECK(run_err_main(strided, {iota({2, 8})}).find("only a dense row-major tensor can be reshaped") != std::string::npos);
}

// ---- rank-reducing tensor.slice and subscript sugar ----

namespace {
/// w [2, 16, 64]: w[i, j, k] = 1024 i + 64 j + k.
std::vector<double> w_slice_expect(std::int64_t i) {
  std::vector<double> v;
  for (std::int64_t j = 0; j < 16; ++j)
    for (std::int64_t k = 0; k < 64; ++k) v.push_back(static_cast<double>(1024 * i + 64 * j + k));
  return v;
}
const std::string kW = "w: pl.Tensor[[2, 16, 64], pl.FP32]";
const std::string kT1664 = "pl.Tensor[[16, 64], pl.FP32]";
}  // namespace

TEST_CASE("tensor forms: rank-reducing slice — trailing dims, drop_dims and w[1, :, :] are one view") {
  const std::string body3 = "tuple[" + kT1664 + ", " + kT1664 + ", " + kT1664 + "]";
  const std::string src = orch(kW, body3,
                               "        a = pl.slice(w, [16, 64], [1, 0, 0])\n"
                               "        b = pl.tensor.slice(w, [1, 16, 64], [1, 0, 0], drop_dims=[0])\n"
                               "        c = w[1, :, :]\n"
                               "        return a, b, c\n");
  auto p = parse_ok(src);
  CHECK(callees(*p) == std::vector<std::string>{"tensor.slice", "tensor.slice", "tensor.slice"});
  RunResult r = run_ok_main(src, {iota({2, 16, 64})});
  const auto want = w_slice_expect(1);
  CHECK(values_of(r, "return[0]", {16, 64}) == want);
  CHECK(values_of(r, "return[1]", {16, 64}) == want);
  CHECK(values_of(r, "return[2]", {16, 64}) == want);
}

TEST_CASE("tensor forms: the three spellings of the rank-reducing slice parse to equal programs") {
  auto prog = [&](const std::string& rhs) {
    return parse_ok(orch(kW, kT1664, "        a = " + rhs + "\n        return a\n"));
  };
  auto trailing = prog("pl.slice(w, [16, 64], [1, 0, 0])");
  auto dropped = prog("pl.tensor.slice(w, [1, 16, 64], [1, 0, 0], drop_dims=[0])");
  auto sugar = prog("w[1, :, :]");
  auto r1 = visit::structural_equal(*dropped, *trailing);
  CHECK_MESSAGE(r1.equal, r1.path);
  auto r2 = visit::structural_equal(*sugar, *trailing);
  CHECK_MESSAGE(r2.equal, r2.path);
  CHECK(text::print_program(*dropped) == text::print_program(*trailing));
  // A different offset is a different program.
  CHECK_FALSE(visit::structural_equal(*prog("pl.slice(w, [16, 64], [0, 0, 0])"), *trailing).equal);
}

TEST_CASE("tensor forms: drop_dims in the middle and at the end keep the other dims' strides") {
  // w[:, 3, :] is [2, 64]: element [i, k] = w[i, 3, k] = 1024 i + 192 + k (strides [1024, 1]).
  // w[1, 2:4, 5] is [2]: element [j] = w[1, 2 + j, 5] = 1024 + 64 (2 + j) + 5 (stride 64).
  const std::string src = orch(kW, "tuple[pl.Tensor[[2, 64], pl.FP32], pl.Tensor[[2], pl.FP32], pl.Tensor[[2, 64], pl.FP32]]",
                               "        m = w[:, 3, :]\n        e = w[1, 2:4, 5]\n"
                               "        n = pl.tensor.slice(w, [2, 1, 64], [0, 3, 0], drop_dims=[1])\n        return m, e, n\n");
  RunResult r = run_ok_main(src, {iota({2, 16, 64})});
  std::vector<double> mid;
  for (int i = 0; i < 2; ++i)
    for (int k = 0; k < 64; ++k) mid.push_back(1024.0 * i + 192 + k);
  CHECK(values_of(r, "return[0]", {2, 64}) == mid);
  CHECK(values_of(r, "return[1]", {2}) == std::vector<double>{1024 + 128 + 5, 1024 + 192 + 5});
  CHECK(values_of(r, "return[2]", {2, 64}) == mid);
}

TEST_CASE("tensor forms: a rank-reduced slice is a view — writes through it reach the source") {
  const std::string src = orch(kW, "pl.Tensor[[2, 16, 64], pl.FP32]",
                               "        v = pl.slice(w, [16, 64], [1, 0, 0])\n        u = pl.write(v, [2, 3], -5.0)\n        return w\n");
  RunResult r = run_ok_main(src, {iota({2, 16, 64})});
  auto all = values_of(r, "return", {2, 16, 64});
  CHECK(all[1024 + 2 * 64 + 3] == -5);
  CHECK(all[2 * 64 + 3] == 2 * 64 + 3);
}

TEST_CASE("tensor forms: a rank-reducing slice whose unit window leaves the source is an error") {
  const std::string src = orch(kW, kT1664, "        a = pl.slice(w, [16, 64], [2, 0, 0])\n        return a\n");
  CHECK(run_err_main(src, {iota({2, 16, 64})}).find("out of bounds") != std::string::npos);
}

TEST_CASE("tensor forms: x[0:8, :] slices, b[0:8, :] = top assembles, A[i, j] reads an element") {
  // x = iota [16, 4]; top = x[0:8, :] (rows 0..7); b = zeros [16, 4] with rows 0..7 = top and
  // rows 8..15 = x[8:16, :] + 100; b[i, j] with i = 9, j = 2 is 9 * 4 + 2 + 100 = 138; A[1, 3] of
  // A = iota [2, 4] is 7.
  const std::string src = orch("x: pl.Tensor[[16, 4], pl.FP32], A: pl.Tensor[[2, 4], pl.FP32], i: pl.Scalar[pl.INDEX], "
                               "j: pl.Scalar[pl.INDEX]",
                               "tuple[pl.Tensor[[16, 4], pl.FP32], pl.Scalar[pl.FP32], pl.Scalar[pl.FP32]]",
                               "        top = x[0:8, :]\n"
                               "        bot = pl.add(x[8:16, :], 100.0)\n"
                               "        b = pl.full([16, 4], 0.0, dtype=pl.FP32)\n"
                               "        b[0:8, :] = top\n"
                               "        b[8:16, :] = bot\n"
                               "        s = b[i, j]\n"
                               "        t = A[1, 3]\n"
                               "        return b, s, t\n");
  auto p = parse_ok(src);
  CHECK(callees(*p) == std::vector<std::string>{"tensor.slice", "tensor.add", "tensor.full", "tensor.assemble", "tensor.assemble",
                                                "tensor.read", "tensor.read"});
  RunResult r = run_ok_main(src, {iota({16, 4}), iota({2, 4}), scalar(oracle::iv(DType::INDEX, 9)), scalar(oracle::iv(DType::INDEX, 2))});
  std::vector<double> want;
  for (int k = 0; k < 64; ++k) want.push_back(k < 32 ? k : k + 100);
  CHECK(values_of(r, "return[0]", {16, 4}) == want);
  const Output& s = out(r, "return[1]");
  CHECK(s.kind == OutputKind::Scalar);
  CHECK(double_value(s.data[0], s.dtype) == 138);
  const Output& t = out(r, "return[2]");
  CHECK(double_value(t.data[0], t.dtype) == 7);
}

// ---- the forms together, as PyPTO's dispatcher sees them ----

TEST_CASE("tensor forms: a small orchestration pipeline (slice, matmul, maximum, exp, reshape)") {
  // w [2, 2, 3] picks layer 1: [[1, 0, -1], [2, 1, 0]]; x [2, 2] = [[1, 2], [0, -1]];
  // h = x @ layer = [[5, 2, -1], [-2, -1, 0]]; relu-by-maximum with zeros: [[5, 2, 0], [0, 0, 0]];
  // exp of the reshaped [6]: [e^5, e^2, 1, 1, 1, 1], e^x the double exp rounded once to FP32.
  const std::string src = orch("w: pl.Tensor[[2, 2, 3], pl.FP32], x: pl.Tensor[[2, 2], pl.FP32]", "pl.Tensor[[6], pl.FP32]",
                               "        layer = w[1, :, :]\n"
                               "        h = pl.matmul(x, layer, out_dtype=pl.FP32)\n"
                               "        z = pl.full([2, 3], 0.0, dtype=pl.FP32)\n"
                               "        m = pl.maximum(h, z)\n"
                               "        f = pl.reshape(m, [6])\n"
                               "        e = pl.exp(f)\n"
                               "        return e\n");
  RunResult r = run_ok_main(src, {ten(F32, {2, 2, 3}, {9, 9, 9, 9, 9, 9, 1, 0, -1, 2, 1, 0}), ten(F32, {2, 2}, {1, 2, 0, -1})});
  const Output& o = out(r, "return");
  REQUIRE(o.data.size() == 6);
  CHECK(o.data[0] == oracle::round_double(std::exp(5.0), DType::FP32));
  CHECK(o.data[1] == oracle::round_double(std::exp(2.0), DType::FP32));
  for (int k = 2; k < 6; ++k) CHECK(o.data[k] == 0x3f800000);
}

// ---- slice keywords: clamp= and pad_value= (docs/semantics.md "Tensors", "Tiles") ----

namespace {
/// An InCore `main`: x [16, 16] loaded whole, a [8, 8] slice at [12, 12] with `kw`, widened to its
/// physical shape (so the padding is stored too) and stored to the Out param.
std::string clamp_kernel(const std::string& kw) {
  return "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore)\n"
         "    def main(self, x: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[8, 8], pl.FP32]]) -> pl.Tensor[[8, 8], pl.FP32]:\n"
         "        t = pl.tile.load(x, [0, 0], [16, 16])\n"
         "        s = pl.tile.slice(t, [8, 8], [12, 12]" + kw + ")\n"
         "        w = pl.tile.set_validshape(s, 8, 8)\n"
         "        o2 = pl.tile.store(w, [0, 0], o)\n"
         "        return o2\n";
}
}  // namespace

TEST_CASE("slice keywords: tile.slice clamp=True clips to the source; pad_value fills the padding") {
  // x[i][j] = 16 i + j. The window rows/cols 12..20 reach 4 past x: element [i, j] of the slice is
  // x[12 + i][12 + j] for i, j < 4, else padding: 0 with pad_value=zero, -inf with min, poison
  // with no pad value.
  auto expect = [](double pad) {
    std::vector<double> v;
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j) v.push_back(i < 4 && j < 4 ? 16.0 * (12 + i) + (12 + j) : pad);
    return v;
  };
  RunResult z = run_ok_main(clamp_kernel(", clamp=True, pad_value=pl.PadValue.zero"), {iota({16, 16}), out_tensor(F32, {8, 8})});
  CHECK(values_of(z, "o", {8, 8}) == expect(0.0));
  RunResult m = run_ok_main(clamp_kernel(", clamp=True, pad_value=pl.PadValue.min"), {iota({16, 16}), out_tensor(F32, {8, 8})});
  CHECK(values_of(m, "o", {8, 8}) == expect(-INFINITY));
  RunResult p = run_ok_main(clamp_kernel(", clamp=True"), {iota({16, 16}), out_tensor(F32, {8, 8})});
  const Output& po = out(p, "o");
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) CHECK_MESSAGE(po.poison[static_cast<std::size_t>(i * 8 + j)] == (i < 4 && j < 4 ? 0 : 1), i << "," << j);
  // Without clamp the same window is an error (it must lie inside the source).
  auto plain = text::parse_program(clamp_kernel(""), "t.py");
  if (plain.ok()) CHECK_FALSE(run_main(*plain.program, {iota({16, 16}), out_tensor(F32, {8, 8})}).ok());
}

TEST_CASE("slice keywords: tile.slice pad_value inside the source replaces the padding only") {
  // A [8, 8] window at [0, 0] with valid_shape [2, 3]: the valid part is x's, the rest the pad.
  RunResult r = run_ok_main(clamp_kernel("").replace(clamp_kernel("").find("[12, 12])"), 9, "[0, 0], valid_shape=[2, 3], pad_value=pl.PadValue.max)"),
                            {iota({16, 16}), out_tensor(F32, {8, 8})});
  std::vector<double> want;
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j) want.push_back(i < 2 && j < 3 ? 16.0 * i + j : INFINITY);
  CHECK(values_of(r, "o", {8, 8}) == want);
}

TEST_CASE("slice keywords: tensor.slice clamp=True inside the source is the plain view; past it an error") {
  const std::string in = orch("x: pl.Tensor[[64, 64], pl.FP32]", "pl.Tensor[[16, 64], pl.FP32]",
                              "        a = pl.slice(x, [16, 64], [48, 0], clamp=True, pad_value=pl.PadValue.zero)\n        return a\n");
  RunResult r = run_ok_main(in, {iota({64, 64})});
  std::vector<double> want;
  for (int k = 0; k < 16 * 64; ++k) want.push_back(48.0 * 64 + k);
  CHECK(values_of(r, "return", {16, 64}) == want);
  const std::string past = orch("x: pl.Tensor[[64, 64], pl.FP32]", "pl.Tensor[[16, 64], pl.FP32]",
                                "        a = pl.slice(x, [16, 64], [56, 0], clamp=True)\n        return a\n");
  CHECK(run_err_main(past, {iota({64, 64})}).find("tensor.slice clamp=True: the window [16, 64] at [56, 0] reaches past 'x' [64, 64]") !=
        std::string::npos);
}
}  // namespace ut_interp_tensor_forms_test
