// The reference interpreter, buffer mode (docs/semantics.md "Buffer mode"): planned Tile IR and
// Buffer IR over one byte array per memory space — aliasing through shared addresses, subviews at
// byte offsets with the parent's row pitch, reshape as reinterpreted bytes, poison of fresh
// allocations, out-of-bounds windows, partial overlaps, and diffcheck catching wrong placements.
#include "interp_helpers.hpp"

using namespace interp_test;

namespace {

/// A program with one kernel `k(A, B, Out)` whose body is `body` (8-space indented), run directly.
std::string kernel(const std::string& body, const std::string& stage = "", const std::string& out_shape = "[16, 32]") {
  std::string deco = stage.empty() ? "@pl.function(type=pl.FunctionType.InCore)"
                                   : "@pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)";
  return "@pl.program\nclass P:\n    " + deco + R"(
    def k(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[16, 32], pl.FP32],
          Out: pl.Out[pl.Tensor[)" + out_shape + R"(, pl.FP32]]) -> pl.Tensor[)" + out_shape + R"(, pl.FP32]:
)" + body;
}

RunResult run_k(const std::string& src, ModePolicy mode = ModePolicy::Auto, std::uint64_t seed = 1) {
  RunOptions o;
  o.seed = seed;
  o.mode = mode;
  return run_program(*parse_ok(src), "main", o);
}
RunResult run_k_ok(const std::string& src, ModePolicy mode = ModePolicy::Auto) {
  RunResult r = run_k(src, mode);
  if (!r.ok()) FAIL_CHECK(r.error->str());
  REQUIRE(r.ok());
  return r;
}
std::string run_k_err(const std::string& src) {
  RunResult r = run_k(src);
  REQUIRE_FALSE(r.ok());
  return r.error->str();
}

/// The kernel's inputs for seed 1 (the same streams run_kernels draws from).
double input(int param, const Shape& idx, std::uint64_t seed = 1) {
  Rng rng(seed, static_cast<std::uint64_t>(param));
  Bits b = 0;
  for (std::int64_t k = 0; k <= idx[0] * 32 + idx[1]; ++k) b = random_element(rng, DType::FP32);
  return double_value(b, DType::FP32);
}

const char* kPlannedAdd = R"(        ma = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mb = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        mr = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mb, 0, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        r: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mr, 0, 2048), pl.Mem.Vec] = pl.tile.add(a, b)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(r, [0, 0], Out)
        return result
)";

}  // namespace

TEST_CASE("every registry op has buffer-mode semantics") {
  CHECK(missing_buffer_ops().empty());
  for (const auto& m : missing_buffer_ops()) FAIL_CHECK("no buffer-mode semantics for " << m);
}

TEST_CASE("mode selection: planned Tile and Buffer IR run in buffer mode, the rest in value mode") {
  auto planned = parse_ok(kernel(kPlannedAdd));
  CHECK(needs_buffer_mode(*planned->find("k")));
  auto plain = parse_ok(kernel(R"(        a = pl.load(A, [0, 0], [16, 32])
        result = pl.store(a, [0, 0], Out)
        return result
)"));
  CHECK_FALSE(needs_buffer_mode(*plain->find("k")));
}

TEST_CASE("a planned kernel computes what it computed before planning (value vs buffer mode)") {
  std::string src = kernel(kPlannedAdd);
  RunResult v = run_k_ok(src, ModePolicy::Value);
  RunResult b = run_k_ok(src);
  CHECK_FALSE(compare(v, b).has_value());
  const Output& o = out(b, "k.Out");
  CHECK(at(o, {3, 5}) == doctest::Approx(input(0, {3, 5}) + input(1, {3, 5})));
  CHECK(o.poison_count() == 0);
}
