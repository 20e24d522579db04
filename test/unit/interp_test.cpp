// The reference interpreter, value mode: each op's semantics pinned on small DSL programs —
// values, valid regions, poison, views and strides, assemble windows, rounding, overflow,
// matmul accumulation, control flow, calls and their aliasing (docs/semantics.md).
#include "interp_helpers.hpp"
namespace ut_interp_test {  // one namespace per file: the suite builds as one unity TU

using namespace interp_test;

namespace {

// Fills s5 : FP32[4, 8] with s5[i, j] = 10 * i + j (tensor.write through loop-carried views).
const std::string kIota = R"(
        s0 = pl.create_tensor([4, 8], dtype=pl.FP32)
        for i, (s1,) in pl.range(4, init_values=(s0,)):
            for j, (s2,) in pl.range(8, init_values=(s1,)):
                v = pl.cast(i * 10 + j, target_type=pl.FP32)
                s3 = pl.write(s2, [i, j], v)
                s4 = pl.yield_(s3)
            s5 = pl.yield_(s4)
)";

std::string prog(const std::string& kernels, const std::string& main_sig, const std::string& main_body) {
  return "@pl.program\nclass P:\n" + kernels + "\n    @pl.function(type=pl.FunctionType.Orchestration)\n    def main(self" +
         main_sig + ":\n" + main_body;
}

}  // namespace

TEST_CASE("every op of the registry but Buffer IR's has value-mode semantics") {
  CHECK(missing_value_ops().empty());
  for (const auto& m : missing_value_ops()) FAIL_CHECK("no semantics for " << m);
}

TEST_CASE("tile.load and tile.store move only the valid region") {
  std::string src = prog(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, src: pl.Tensor[[4, 8], pl.FP32],
          dst: pl.InOut[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        t = pl.tile.load(src, [1, 2], [4, 8], [2, 5])
        u = pl.tile.adds(t, 1.0)
        r = pl.store(u, [0, 0], dst)
        return r
)", ") -> pl.Tensor[[4, 8], pl.FP32]", kIota + R"(
        dst = pl.full([4, 8], -1.0, dtype=pl.FP32)
        r = self.k(s5, dst)
        return r
)");
  auto r = run_ok(src);
  const Output& o = out(r, "return");
  CHECK(o.poison_count() == 0);
  for (std::int64_t i = 0; i < 4; ++i)
    for (std::int64_t j = 0; j < 8; ++j) {
      double want = (i < 2 && j < 5) ? (1 + i) * 10 + (2 + j) + 1.0 : -1.0;
      CHECK_MESSAGE(at(o, {i, j}) == want, "at [" << i << ", " << j << "]");
    }
}

TEST_CASE("tile padding is poison unless the declared TileView pads it") {
  std::string body = kIota + R"(
        t = pl.tile.load(s5, [0, 0], [4, 8], [2, 3])
        return t
)";
  auto r = run_ok(prog("", ") -> pl.Tile[[4, 8], pl.FP32]", body));
  const Output& o = out(r, "return");
  CHECK(o.kind == OutputKind::Tile);
  CHECK(o.poison_count() == 32 - 6);
  CHECK(at(o, {1, 2}) == 12.0);
  CHECK(poison_at(o, {2, 0}));
  CHECK(poison_at(o, {0, 3}));

  // A declared pad value fills the padding; the tile's valid region is unchanged.
  std::string padded = kIota + R"(
        t: pl.Tile[[4, 8], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[2, 3], pad=pl.PadValue.zero)] = pl.tile.load(s5, [0, 0], [4, 8], [2, 3])
        u = pl.tile.set_validshape(t, 4, 8)
        w = pl.tile.adds(u, 1.0)
        return w
)";
  auto r2 = run_ok(prog("", ") -> pl.Tile[[4, 8], pl.FP32]", padded));
  const Output& w = out(r2, "return");
  CHECK(w.poison_count() == 0);
  CHECK(at(w, {3, 7}) == 1.0);
  CHECK(at(w, {1, 1}) == 12.0);
}

TEST_CASE("tile.assemble declared with enlarged valid extents has them; gained unwritten elements are poison") {
  // lower_tile_to_buffer.md "When assemble enlarges the valid region": the Buffer recipe lowers the
  // result to its declared rectangle, and value mode kept the target's, so a store of the result
  // wrote one row where the lowered kernel wrote two (review rev41b F1). src[i, j] = 10 i + j.
  auto kernel = [](const std::string& valid) {
    return prog(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, src: pl.Tensor[[4, 8], pl.FP32],
          dst: pl.InOut[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        canvas = pl.tile.load(src, [0, 0], [4, 8], [1, 8])
        part = pl.tile.load(src, [3, 0], [1, 8])
        placed: pl.Tile[[4, 8], pl.FP32, pl.TileView(valid_shape=)" + valid + R"()] = pl.tile.assemble(canvas, part, [1, 0])
        r = pl.store(placed, [0, 0], dst)
        return r
)", ") -> pl.Tensor[[4, 8], pl.FP32]", kIota + R"(
        dst = pl.full([4, 8], -1.0, dtype=pl.FP32)
        r = self.k(s5, dst)
        return r
)");
  };
  // [2, 8]: row 0 is the canvas's, row 1 the part's, rows 2 and 3 keep dst's -1.
  auto r = run_ok(kernel("[2, 8]"));
  const Output& o = out(r, "return");
  CHECK(o.poison_count() == 0);
  for (std::int64_t i = 0; i < 4; ++i)
    for (std::int64_t j = 0; j < 8; ++j) {
      double want = i == 0 ? static_cast<double>(j) : i == 1 ? 30.0 + static_cast<double>(j) : -1.0;
      CHECK_MESSAGE(at(o, {i, j}) == want, "at [" << i << ", " << j << "]");
    }
  // [3, 8]: row 2 is gained but neither the canvas's nor written by the part: poison, stored.
  auto r3 = run_ok(kernel("[3, 8]"));
  const Output& o3 = out(r3, "return");
  CHECK(o3.poison_count() == 8);
  CHECK(poison_at(o3, {2, 5}));
  CHECK(at(o3, {1, 5}) == 35.0);
  CHECK(at(o3, {3, 5}) == -1.0);
  // [1, 8] (the target's) and no annotation: one row, as before.
  auto r1 = run_ok(kernel("[1, 8]"));
  CHECK(at(out(r1, "return"), {1, 5}) == -1.0);
}

TEST_CASE("poison: loading never-written tensor elements is an error at the load") {
  std::string src = prog(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16], pl.FP32], o: pl.Out[pl.Tensor[[16], pl.FP32]]) -> pl.Tensor[[16], pl.FP32]:
        bad = pl.load(a, [0], [16])
        r = pl.store(bad, [0], o)
        return r
)", ") -> pl.Tensor[[16], pl.FP32]", R"(
        a = pl.create_tensor([16], dtype=pl.FP32)
        o = pl.create_tensor([16], dtype=pl.FP32)
        res = self.k(a, o)
        return res
)");
  std::string e = run_err(src);
  CHECK(e.find(loc(src, "bad = ") + ": error: tile.load reads poison element [0] of 'a'") == 0);
  CHECK(e.find("in 'k' called at " + loc(src, "res = ")) != std::string::npos);
}

TEST_CASE("a recursion's trace says its repeated frame once, with the count") {
  // User trial 2026-12-06 F11: the depth limit's error listed 200 identical frames.
  std::string src = prog(R"(
    @pl.function(type=pl.FunctionType.Opaque)
    def f(self, a: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]:
        r = self.f(a)
        return r
)", ", x: pl.Tensor[[16], pl.FP32]) -> pl.Tensor[[16], pl.FP32]", R"(
        y = self.f(x)
        return y
)");
  std::string e = run_err(src);
  CHECK(e.find("call depth limit") != std::string::npos);
  const std::string inner = "in 'f' called at " + loc(src, "r = ");
  const std::size_t at = e.find(inner + " (");
  REQUIRE(at != std::string::npos);
  CHECK(e.find(inner, at + 1) == std::string::npos);  // once
  CHECK(e.find(" times)", at) != std::string::npos);
  CHECK(e.find("in 'f' called at " + loc(src, "y = ")) != std::string::npos);  // the outer frame, on its own line
}

TEST_CASE("poison: arithmetic on uninitialised tile elements is an error") {
  std::string src = prog("", ") -> pl.Tile[[2, 16], pl.FP32]", R"(
        t = pl.tile.create([2, 16], dtype=pl.FP32)
        one = pl.tile.full([1, 16], 1.0, dtype=pl.FP32)
        t2 = pl.tile.assemble(t, one, [0, 0])
        fine = pl.tile.slice(t2, [1, 16], [0, 0])
        ok = pl.tile.adds(fine, 1.0)
        bad = pl.tile.adds(t2, 1.0)
        return bad
)");
  std::string e = run_err(src);
  CHECK(e.find(loc(src, "bad = ") + ": error: tile.adds reads poison element [1, 0] of 't2'") == 0);
}

TEST_CASE("poison: an op may not read outside an operand's valid region") {
  std::string src = prog("", ") -> pl.Tile[[4, 8], pl.FP32]", R"(
        a = pl.tile.full([4, 8], 1.0, dtype=pl.FP32)
        b = pl.tile.set_validshape(a, 2, 8)
        c = pl.tile.add(a, b)
        return c
)");
  std::string e = run_err(src);
  CHECK(e.find(loc(src, "c = ") + ": error: tile.add reads 'b' outside its valid region") == 0);
}

TEST_CASE("poison: outputs that are partly unwritten are reported, not errors") {
  std::string src = prog(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def half(self, a: pl.Tensor[[4, 8], pl.FP32], o: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        t = pl.load(a, [0, 0], [2, 8])
        r = pl.store(t, [0, 0], o)
        return r
)", ", a: pl.Tensor[[4, 8], pl.FP32]) -> pl.Tensor[[4, 8], pl.FP32]", R"(
        o = pl.create_tensor([4, 8], dtype=pl.FP32)
        r = self.half(a, o)
        return r
)");
  auto r = run_ok(src);
  const Output& o = out(r, "return");
  CHECK(o.poison_count() == 16);
  CHECK_FALSE(poison_at(o, {1, 7}));
  CHECK(poison_at(o, {2, 0}));
  CHECK(digest_report(r).find("poison=16/32") != std::string::npos);
  // tensor.read of poison is an error too: a scalar cannot be poison.
  std::string e = run_err(prog("", ") -> pl.Scalar[pl.FP32]", R"(
        o = pl.create_tensor([4], dtype=pl.FP32)
        v = pl.tensor.read(o, [2])
        return v
)"));
  CHECK(e.find("tensor.read reads poison element [2] of 'o'") != std::string::npos);
}

TEST_CASE("tensor.slice is a view: nested slices, strides, writes reach the parent") {
  std::string src = prog(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def twice(self, a: pl.Tensor[[2, 3], pl.FP32], o: pl.Out[pl.Tensor[[2, 3], pl.FP32]]) -> pl.Tensor[[2, 3], pl.FP32]:
        t = pl.load(a, [0, 0], [2, 3])
        u = pl.tile.muls(t, 2.0)
        r = pl.store(u, [0, 0], o)
        return r
)", ") -> tuple[pl.Tensor[[4, 8], pl.FP32], pl.Tensor[[2, 3], pl.FP32]]", kIota + R"(
        dst = pl.full([4, 8], 0.0, dtype=pl.FP32)
        a = pl.tensor.slice(s5, [3, 6], [1, 1])
        a2 = pl.tensor.slice(a, [2, 3], [1, 2])
        w = pl.tensor.slice(dst, [2, 3], [2, 4])
        r = self.twice(a2, w)
        return dst, r
)");
  auto r = run_ok(src);
  const Output& d = out(r, "return[0]");
  const Output& w = out(r, "return[1]");
  for (std::int64_t i = 0; i < 4; ++i)
    for (std::int64_t j = 0; j < 8; ++j) {
      bool in = i >= 2 && j >= 4 && j < 7;
      double want = in ? 2.0 * ((i) * 10 + (j - 1)) : 0.0;  // a2[x, y] = s5[2 + x, 3 + y]
      CHECK_MESSAGE(at(d, {i, j}) == want, "dst [" << i << ", " << j << "]");
    }
  CHECK(at(w, {1, 2}) == at(d, {3, 6}));
}

TEST_CASE("TensorView strides: entry allocations use them, In parameters must match them") {
  std::string kernel = R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[2, 4], pl.FP32, pl.TensorView(stride=[STRIDE, 1], layout=pl.TensorLayout.ND)],
          o: pl.Out[pl.Tensor[[2, 4], pl.FP32]]) -> pl.Tensor[[2, 4], pl.FP32]:
        t = pl.load(a, [0, 0], [2, 4])
        r = pl.store(t, [0, 0], o)
        return r
)";
  auto with_stride = [&](const std::string& s) {
    std::string k = kernel;
    k.replace(k.find("STRIDE"), 6, s);
    return prog(k, ", x: pl.Tensor[[4, 8], pl.FP32, pl.TensorView(stride=[16, 1], layout=pl.TensorLayout.ND)]) -> pl.Tensor[[2, 4], pl.FP32]", R"(
        a = pl.tensor.slice(x, [2, 4], [1, 2])
        o = pl.create_tensor([2, 4], dtype=pl.FP32)
        r = self.k(a, o)
        return r
)");
  };
  auto ok = run_ok(with_stride("16"));
  CHECK(out(ok, "return").poison_count() == 0);
  std::string src = with_stride("8");
  std::string e = run_err(src);
  CHECK(e.find(loc(src, "r = self.k") + ": error: parameter 'a' of 'k' declares TensorView strides [8, 1] but receives a view "
                                        "with strides [16, 1]") == 0);
  RunOptions lax;
  lax.eval.check_in_strides = false;
  CHECK(run(*parse_ok(src), "main", lax).ok());
}

TEST_CASE("TensorView strides: Out and InOut parameters must match them unless given a fresh whole allocation") {
  // The kernel writes its [2, 4] result through declared strides [16, 1]: the rows of a [4, 16]
  // parent. main hands it (a) a window of such a parent, (b) a window of a [4, 8] parent (strides
  // [8, 1]: the kernel would write the wrong elements), (c) a fresh tensor.create (Pattern 2's
  // shape: the orchestration places it in the parent), (d) a fresh tensor written once before.
  std::string kernel = R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[2, 4], pl.FP32],
          o: pl.DIR[pl.Tensor[[2, 4], pl.FP32, pl.TensorView(stride=[16, 1], layout=pl.TensorLayout.ND)]]) -> pl.Tensor[[2, 4], pl.FP32]:
        t = pl.load(a, [0, 0], [2, 4])
        r = pl.store(t, [0, 0], o)
        return r
)";
  auto src = [&](const std::string& dir, const std::string& cols, const std::string& buf) {
    std::string k = kernel;
    k.replace(k.find("DIR"), 3, dir);
    return prog(k, ", x: pl.Tensor[[2, 4], pl.FP32], y: pl.Tensor[[4, " + cols + "], pl.FP32]) -> pl.Tensor[[2, 4], pl.FP32]",
                buf + R"(
        r = self.k(x, o)
        return r
)");
  };
  const std::string window = "\n        o = pl.tensor.slice(y, [2, 4], [1, 2])";
  const std::string fresh = "\n        o = pl.create_tensor([2, 4], dtype=pl.FP32)";
  const std::string written = fresh + "\n        o = pl.tensor.write(o, [0, 0], 1.0)";
  for (std::string dir : {"Out", "InOut"}) {
    CAPTURE(dir);
    run_ok(src(dir, "16", window));
    std::string bad = src(dir, "8", window);
    CHECK(run_err(bad).find(loc(bad, "r = self.k") + ": error: parameter 'o' of 'k' declares TensorView strides [16, 1] but "
                                                    "receives a view with strides [8, 1]") == 0);
    run_ok(src(dir, "8", fresh));
    std::string w = src(dir, "8", written);
    CHECK(run_err(w).find("declares TensorView strides [16, 1] but receives a view with strides [4, 1]") != std::string::npos);
  }
}

TEST_CASE("tensor.assemble writes the window into the parent and returns the parent") {
  std::string src = prog("", ") -> tuple[pl.Tensor[[4, 8], pl.FP32], pl.Tensor[[4, 8], pl.FP32]]", kIota + R"(
        part = pl.full([2, 3], 7.0, dtype=pl.FP32)
        p2 = pl.tensor.assemble(s5, part, [1, 4])
        return s5, p2
)");
  auto r = run_ok(src);
  for (const char* name : {"return[0]", "return[1]"}) {  // the result aliases the parent
    const Output& o = out(r, name);
    CHECK(at(o, {1, 4}) == 7.0);
    CHECK(at(o, {2, 6}) == 7.0);
    CHECK(at(o, {1, 3}) == 13.0);
    CHECK(at(o, {3, 4}) == 34.0);
  }
  // An overlapping self-assemble reads the part before writing it.
  auto r2 = run_ok(prog("", ") -> pl.Tensor[[4, 8], pl.FP32]", kIota + R"(
        part = pl.tensor.slice(s5, [2, 4], [0, 0])
        p2 = pl.tensor.assemble(s5, part, [1, 1])
        return p2
)"));
  const Output& o = out(r2, "return");
  CHECK(at(o, {1, 1}) == 0.0);
  CHECK(at(o, {2, 2}) == 11.0);
  CHECK(at(o, {2, 4}) == 13.0);
  // Out of bounds windows are errors at the statement.
  std::string bad = prog("", ") -> pl.Tensor[[4, 8], pl.FP32]", kIota + R"(
        part = pl.full([2, 3], 7.0, dtype=pl.FP32)
        p2 = pl.tensor.assemble(s5, part, [3, 4])
        return p2
)");
  std::string e = run_err(bad);
  CHECK(e.find(loc(bad, "p2 = ") + ": error: tensor.assemble into 's5': window at offset [3, 4] with extent [2, 3] is out of "
                                   "bounds of [4, 8]") == 0);
}

TEST_CASE("tensor.read/write and tensor elementwise ops") {
  auto r = run_ok(prog("", ") -> tuple[pl.Tensor[[4, 8], pl.FP32], pl.Scalar[pl.FP32]]", kIota + R"(
        a = pl.tensor.add(s5, s5)
        b = pl.tensor.mul(a, 0.5)
        c = pl.tensor.sub(b, 1.0)
        d = pl.tensor.div(c, 4.0)
        v = pl.tensor.read(d, [3, 5])
        return d, v
)"));
  CHECK(at(out(r, "return[0]"), {2, 1}) == (21.0 - 1.0) / 4.0);
  CHECK(at(out(r, "return[1]"), {}) == (35.0 - 1.0) / 4.0);
}

TEST_CASE("tile data movement: slice, assemble, reshape, move, extract, transpose_view") {
  std::string body = kIota + R"(
        t = pl.load(s5, [0, 0], [4, 8])
        sl = pl.tile.slice(t, [2, 4], [1, 2])
        canvas = pl.tile.full([4, 8], 0.0, dtype=pl.FP32)
        asm = pl.tile.assemble(canvas, sl, [2, 4])
        rs = pl.tile.reshape(asm, [8, 4])
        mv = pl.tile.move(rs, target_memory=pl.Mem.Mat)
        ex = pl.tile.extract(mv, 4, 0, [4, 4])
        tr = pl.tile.transpose_view(ex)
        o = pl.create_tensor([4, 4], dtype=pl.FP32)
        r = pl.store(tr, [0, 0], o)
        return r
)";
  auto r = run_ok(prog("", ") -> pl.Tensor[[4, 4], pl.FP32]", body));
  const Output& o = out(r, "return");
  // asm[2 + x, 4 + y] = s5[1 + x, 2 + y]; rs row 4 = asm row 2 cols 0..3, rs row 5 = asm row 2
  // cols 4..7, ...; ex = rs rows 4..7; tr = ex^T.
  CHECK(at(o, {0, 1}) == 12.0);  // tr[0,1] = ex[1,0] = rs[5,0] = asm[2,4] = s5[1,2]
  CHECK(at(o, {3, 3}) == 25.0);  // tr[3,3] = ex[3,3] = rs[7,3] = asm[3,7] = s5[2,5]
  CHECK(at(o, {2, 0}) == 0.0);   // tr[2,0] = ex[0,2] = rs[4,2] = asm[2,2] = 0
}

TEST_CASE("FP16 and BF16 round to nearest even, including ties and overflow") {
  // Direct conversions, where double -> float -> half would round twice.
  CHECK(float_bits(1.0 + std::ldexp(1.0, -11), DType::FP16) == 0x3c00);                          // tie -> even
  CHECK(float_bits(1.0 + 3 * std::ldexp(1.0, -11), DType::FP16) == 0x3c02);                      // tie -> even (up)
  CHECK(float_bits(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40), DType::FP16) == 0x3c01);   // just above the tie
  CHECK(float_bits(65519.0, DType::FP16) == 0x7bff);                                              // 65504
  CHECK(float_bits(65520.0, DType::FP16) == 0x7c00);                                              // overflows to inf
  CHECK(float_bits(std::ldexp(1.0, -25), DType::FP16) == 0x0000);                                // subnormal tie -> 0
  CHECK(float_bits(3 * std::ldexp(1.0, -25), DType::FP16) == 0x0002);
  CHECK(float_bits(std::ldexp(1023.0, -24) + std::ldexp(1.0, -25), DType::FP16) == 0x0400);      // rounds up into the normals
  CHECK(float_bits(std::nan(""), DType::FP16) == 0x7e00);
  CHECK(float_bits(1.0 + std::ldexp(1.0, -8), DType::BF16) == 0x3f80);
  CHECK(float_bits(1.0 + 3 * std::ldexp(1.0, -8), DType::BF16) == 0x3f82);
  CHECK(float_bits(-1.0 - std::ldexp(1.0, -8) - std::ldexp(1.0, -30), DType::BF16) == 0xbf81);
  CHECK(float_bits(3.5e38, DType::BF16) == 0x7f80);
  CHECK(double_value(0x3555, DType::FP16) == 0.333251953125);
  CHECK(double_value(0x0001, DType::FP16) == std::ldexp(1.0, -24));
  // int64 -> FP32 is one rounding, even above 2^53 (plain (float)(double)v would give 2^60).
  CHECK(double_value(int_to_float_bits((std::int64_t{1} << 60) + (std::int64_t{1} << 36) + 1, DType::FP32), DType::FP32) ==
        std::ldexp(1.0, 60) + std::ldexp(1.0, 37));
  CHECK(double_value(int_to_float_bits((1 << 24) + 1, DType::FP32), DType::FP32) == 16777216.0);

  // Through the DSL: FP16 / BF16 tile arithmetic rounds each result once.
  auto r = run_ok(prog("", ") -> tuple[pl.Tensor[[2, 16], pl.FP16], pl.Tensor[[2, 16], pl.BF16]]", R"(
        a = pl.tile.full([2, 16], 1.0, dtype=pl.FP16)
        b = pl.tile.full([2, 16], 0.00048828125, dtype=pl.FP16)
        c = pl.tile.add(a, b)
        d = pl.tile.add(c, b)
        e = pl.tile.add(d, d)
        h = pl.create_tensor([2, 16], dtype=pl.FP16)
        hr = pl.store(e, [0, 0], h)
        x = pl.tile.full([2, 16], 1.0, dtype=pl.BF16)
        y = pl.tile.adds(x, 0.01171875)
        g = pl.create_tensor([2, 16], dtype=pl.BF16)
        gr = pl.store(y, [0, 0], g)
        return hr, gr
)"));
  CHECK(bits_at(out(r, "return[0]"), {1, 15}) == 0x4000);  // 1 + 2^-11 -> 1 (tie, even), twice; then 2
  CHECK(bits_at(out(r, "return[1]"), {0, 0}) == 0x3f82);   // 1 + 3 * 2^-8 -> 1 + 2^-6
}

TEST_CASE("integers wrap around in two's complement; // and % follow Python") {
  auto r = run_ok(prog("", ") -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INT32], pl.Scalar[pl.INT8], pl.Scalar[pl.INDEX], "
                           "pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX], pl.Tensor[[1, 32], pl.INT8]]", R"(
        big: pl.Scalar[pl.INDEX] = 9223372036854775807
        wrapped = big + 1
        i32 = pl.cast(2147483647, target_type=pl.INT32)
        i32w = i32 + 1
        i8 = pl.cast(300, target_type=pl.INT8)
        fd = -7 // 2
        md = -7 % 2
        mn = 7 % -2
        t = pl.tile.full([1, 32], 100, dtype=pl.INT8)
        u = pl.tile.add(t, t)
        o = pl.create_tensor([1, 32], dtype=pl.INT8)
        ur = pl.store(u, [0, 0], o)
        return wrapped, i32w, i8, fd, md, mn, ur
)"));
  CHECK(out(r, "return[0]").data[0] == static_cast<Bits>(std::numeric_limits<std::int64_t>::min()));
  CHECK(int_value(out(r, "return[1]").data[0]) == -2147483648LL);
  CHECK(int_value(out(r, "return[2]").data[0]) == 44);
  CHECK(int_value(out(r, "return[3]").data[0]) == -4);
  CHECK(int_value(out(r, "return[4]").data[0]) == 1);
  CHECK(int_value(out(r, "return[5]").data[0]) == -1);
  CHECK(at(out(r, "return[6]"), {0, 31}) == -56.0);  // 200 wraps to -56
  CHECK(run_err(prog("", ") -> pl.Scalar[pl.INDEX]", R"(
        z: pl.Scalar[pl.INDEX] = 0
        q = 5 // z
        return q
)")).find("integer floor division by zero") != std::string::npos);
}

TEST_CASE("float // and % follow Python too: the remainder's zero has the divisor's sign, inf // y is NaN") {
  // Found by the oracle suite (interp_oracle_scalar_test.cpp): floor(x / y) and fmod's zero sign
  // differed from Python at these points.
  auto r = run_ok(prog("", ") -> tuple[pl.Scalar[pl.FP32], pl.Scalar[pl.FP32], pl.Scalar[pl.FP32], pl.Scalar[pl.FP32], "
                           "pl.Scalar[pl.FP32], pl.Scalar[pl.FP16]]", R"(
        a: pl.Scalar[pl.FP32] = -2.0
        b: pl.Scalar[pl.FP32] = 2.0
        z: pl.Scalar[pl.FP32] = 0.0
        c: pl.Scalar[pl.FP32] = -5.0
        h: pl.Scalar[pl.FP16] = 0.0
        inf = 1.0 / z
        m1 = a % 2.0
        m2 = b % -2.0
        q1 = inf // 1.0
        q2 = c // inf
        m3 = c % inf
        m4 = h % -3.0
        return m1, m2, q1, q2, m3, m4
)"));
  CHECK(out(r, "return[0]").data[0] == 0x00000000u);  // -2.0 % 2.0 == 0.0
  CHECK(out(r, "return[1]").data[0] == 0x80000000u);  // 2.0 % -2.0 == -0.0
  CHECK(out(r, "return[2]").data[0] == 0x7fc00000u);  // inf // 1.0 is NaN
  CHECK(out(r, "return[3]").data[0] == 0xbf800000u);  // -5.0 // inf == -1.0
  CHECK(out(r, "return[4]").data[0] == 0x7f800000u);  // -5.0 % inf == inf
  CHECK(out(r, "return[5]").data[0] == 0x8000u);      // 0.0 % -3.0 == -0.0 (FP16)
}

TEST_CASE("BOOL arithmetic is kept in INDEX, negation too: -True is -1") {
  // Found by the oracle suite (interp_oracle_scalar_test.cpp): `-t` stayed BOOL (1).
  auto r = run_ok(prog("", ") -> tuple[pl.Scalar[pl.BOOL], pl.Scalar[pl.BOOL]]", R"(
        t: pl.Scalar[pl.BOOL] = True
        n = -t
        s = t + t
        return n, s
)"));
  CHECK(out(r, "return[0]").dtype == DType::INDEX);
  CHECK(int_value(out(r, "return[0]").data[0]) == -1);
  CHECK(out(r, "return[1]").dtype == DType::INDEX);
  CHECK(int_value(out(r, "return[1]").data[0]) == 2);
}

TEST_CASE("matmul accumulates FP16/BF16/FP32 in FP32 and INT8 in INT32") {
  auto r = run_ok(prog("", ") -> tuple[pl.Tile[[16, 16], pl.FP32], pl.Tile[[16, 16], pl.INT32], pl.Tile[[16, 16], pl.FP32], "
                           "pl.Tile[[16, 16], pl.FP32]]", R"(
        a = pl.tile.full([16, 32], 1.0, dtype=pl.FP16)
        b = pl.tile.full([32, 16], 2049.0, dtype=pl.FP16)
        al = pl.tile.move(a, target_memory=pl.Mem.Left)
        br = pl.tile.move(b, target_memory=pl.Mem.Right)
        c = pl.tile.matmul(al, br)
        x = pl.tile.full([16, 4], 100, dtype=pl.INT8)
        y = pl.tile.full([4, 16], 100, dtype=pl.INT8)
        z = pl.tile.matmul(x, y)
        c2 = pl.tile.matmul_acc(c, al, br)
        c3 = pl.tile.matmul_acc(c, al, br, True)
        return c, z, c2, c3
)"));
  const Output& c = out(r, "return[0]");
  CHECK(c.dtype == DType::FP32);
  CHECK(at(c, {3, 3}) == 32 * 2048.0);  // 2049 is not an FP16 value: it rounds to 2048 (tie, even)
  const Output& z = out(r, "return[1]");
  CHECK(z.dtype == DType::INT32);
  CHECK(at(z, {0, 0}) == 40000.0);      // beyond INT8 and INT16: accumulated in INT32
  CHECK(at(out(r, "return[2]"), {0, 0}) == 2 * 32 * 2048.0);
  CHECK(at(out(r, "return[3]"), {0, 0}) == 32 * 2048.0);  // init_cond: an initialising write
  // FP32 accumulation rounds at each step, k ascending: 2^24 + 1 + 1 stays 2^24.
  auto r2 = run_ok(prog("", ") -> pl.Tile[[1, 1], pl.FP32]", R"(
        big = pl.tile.full([1, 1], 16777216.0, dtype=pl.FP32)
        one = pl.tile.full([1, 2], 1.0, dtype=pl.FP32)
        ones = pl.tile.full([2, 1], 1.0, dtype=pl.FP32)
        c = pl.tile.matmul_acc(big, one, ones)
        return c
)"));
  CHECK(at(out(r2, "return"), {0, 0}) == 16777216.0);
}

TEST_CASE("elementwise, unary and tile-scalar ops") {
  auto r = run_ok(prog("", ") -> pl.Tensor[[4, 8], pl.FP32]", kIota + R"(
        t = pl.load(s5, [0, 0], [4, 8])
        a = pl.tile.sub(t, t)
        b = pl.tile.maximum(t, a)
        c = pl.tile.minimums(b, 20.0)
        d = pl.tile.lrelu(pl.tile.subs(c, 10.0), 0.5)
        e = pl.tile.abs(pl.tile.neg(d))
        f = pl.tile.relu(pl.tile.subs(e, 3.0))
        g = pl.tile.sqrt(pl.tile.mul(f, f))
        h = pl.tile.divs(pl.tile.exp(pl.tile.log(pl.tile.adds(g, 1.0))), 2.0)
        o = pl.create_tensor([4, 8], dtype=pl.FP32)
        res = pl.store(h, [0, 0], o)
        return res
)"));
  const Output& o = out(r, "return");
  auto model = [](double s) {
    double c = std::min(s, 20.0) - 10.0;
    double d = c > 0 ? c : c * 0.5;
    double f = std::max(std::fabs(d) - 3.0, 0.0);
    return (f + 1.0) / 2.0;
  };
  for (std::int64_t i = 0; i < 4; ++i)
    for (std::int64_t j = 0; j < 8; ++j)
      CHECK(at(o, {i, j}) == doctest::Approx(model(10.0 * static_cast<double>(i) + static_cast<double>(j))).epsilon(1e-6));
}

TEST_CASE("block queries describe a single block") {
  auto r = run_ok(prog("", ") -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]", R"(
        b = pl.tile.get_block_idx()
        n = pl.tile.get_block_num()
        return b, n
)"));
  CHECK(int_value(out(r, "return[0]").data[0]) == 0);
  CHECK(int_value(out(r, "return[1]").data[0]) == 1);
}

TEST_CASE("tile.load: transposed windows and tiles of lower rank than the tensor") {
  auto r = run_ok(prog("", ") -> tuple[pl.Tile[[3, 2], pl.FP32], pl.Tile[[8], pl.FP32]]", kIota + R"(
        t = pl.tile.load(s5, [1, 4], [3, 2], transpose=True)
        row = pl.tile.load(s5, [2, 0], [8])
        return t, row
)"));
  const Output& t = out(r, "return[0]");
  CHECK(at(t, {0, 0}) == 14.0);  // t[i, j] = s5[1 + j, 4 + i]
  CHECK(at(t, {2, 1}) == 26.0);
  CHECK(at(out(r, "return[1]"), {5}) == 25.0);  // a rank-1 tile covers the trailing dim of row 2
}

TEST_CASE("integer tile division truncates toward zero; a zero divisor is an error") {
  auto r = run_ok(prog("", ") -> pl.Tile[[1, 8], pl.INT32]", R"(
        a = pl.tile.full([1, 8], -7, dtype=pl.INT32)
        b = pl.tile.divs(a, 2)
        return b
)"));
  CHECK(at(out(r, "return"), {0, 3}) == -3.0);
  std::string src = prog("", ") -> pl.Tile[[1, 8], pl.INT32]", R"(
        a = pl.tile.full([1, 8], -7, dtype=pl.INT32)
        z = pl.tile.full([1, 8], 0, dtype=pl.INT32)
        b = pl.tile.div(a, z)
        return b
)");
  CHECK(run_err(src).find(loc(src, "b = ") + ": error: tile.div: integer division by zero") == 0);
  CHECK(run_err(prog("", ") -> pl.Tile[[1, 8], pl.INT32]", R"(
        a = pl.tile.full([1, 8], 4, dtype=pl.INT32)
        b = pl.tile.exp(a)
        return b
)")).find("tile.exp is defined for float tiles only, not INT32") != std::string::npos);
}

TEST_CASE("non-SSA programs: a use reads what its name holds (Python), SSA ones what their node holds") {
  // As parsed, `return v` points at the else arm's definition and the loop body's `total` at the
  // one before the loop; the text means the value the name holds when the use runs.
  std::string src = prog("", ", x: pl.Scalar[pl.BOOL], n: pl.Scalar[pl.INDEX]) -> tuple[pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX], pl.Scalar[pl.INDEX]]", R"(
        if x:
            v = 1
        else:
            v = 2
        total = 0
        for i in pl.range(n):
            total = total + i
        acc0: pl.Scalar[pl.INDEX] = 100
        acc = acc0
        for j, (acc,) in pl.range(3, init_values=(acc0,)):
            acc2 = acc + 1
            r = pl.yield_(acc2)
        return v, total, acc
)");
  RunOptions o;
  o.scalars["x"] = 1;
  o.scalars["n"] = 5;
  auto r = run_ok(src, o);
  CHECK(int_value(out(r, "return[0]").data[0]) == 1);
  CHECK(int_value(out(r, "return[1]").data[0]) == 10);   // 0 + 1 + 2 + 3 + 4
  CHECK(int_value(out(r, "return[2]").data[0]) == 100);  // the header's `acc` is visible only in the loop
  o.scalars["x"] = 0;
  o.scalars["n"] = 0;
  r = run_ok(src, o);
  CHECK(int_value(out(r, "return[0]").data[0]) == 2);
  CHECK(int_value(out(r, "return[1]").data[0]) == 0);    // no iteration: the value before the loop
  // Read as SSA (each use its own node), the same IR has no value for `v` when the then arm ran.
  o.scalars["x"] = 1;
  o.eval.names = NameMode::Nodes;
  std::string e = run_err(src, o);
  CHECK(e.find(loc(src, "return v") + ": error: 'v' has no value here") == 0);
  CHECK(e.find("convert-to-ssa") != std::string::npos);
}

// An input too large to hold was a segfault or std::length_error in `run` (audit, 2026-12-04).
TEST_CASE("an input of more than 2^31 elements is an error, not a crash") {
  const std::string src =
      "@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[4294967296, 4294967296], pl.FP32]) -> pl.Tensor[[4294967296, 4294967296], pl.FP32]:\n"
      "        return a\n";
  CHECK(run_err(src).find("more than 2^31 elements is too large to interpret") != std::string::npos);
}

// Audit 2026-12-05 (interpreter): each of these passed silently before.
TEST_CASE("a window offset near 2^63 is out of bounds, not wrapped into the tensor") {
  const std::string src =
      "@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, a: pl.Tensor[[16, 8], pl.FP32], row: pl.Scalar[pl.INDEX],\n"
      "          o: pl.Out[pl.Tensor[[16, 8], pl.FP32]]) -> pl.Tensor[[16, 8], pl.FP32]:\n"
      "        t = pl.load(a, [0, 0], [1, 8])\n"
      "        r = pl.store(t, [row, 0], o)\n"
      "        return r\n\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[16, 8], pl.FP32]) -> pl.Tensor[[16, 8], pl.FP32]:\n"
      "        o = pl.create_tensor([16, 8], dtype=pl.FP32)\n"
      "        row = 9223372036854775807\n"
      "        r = self.k(a, row, o)\n"
      "        return r\n";
  // row + 1 overflows int64: the old check `off + ext > full` wrapped negative and passed.
  CHECK(run_err(src).find("tile.store into 'o': window at offset [9223372036854775807, 0] with extent [1, 8] is out of "
                          "bounds of [16, 8]") != std::string::npos);
  std::string slice = src;
  const std::string row_line = "        row = 9223372036854775807\n";
  slice.replace(slice.find(row_line), row_line.size(),
                "        w = pl.tensor.slice(a, [1, 8], [9223372036854775807, 0])\n        row = 0\n");
  CHECK(run_err(slice).find("tensor.slice of 'a': window at offset [9223372036854775807, 0] with extent [1, 8] is out "
                            "of bounds of [16, 8]") != std::string::npos);
}

TEST_CASE("an In parameter stays read-only when a nested call hands its view back") {
  // k's In parameter x goes through ident (whose own In parameter it becomes) and comes back as y;
  // the store into y writes x while k is still active (docs/semantics.md "Calls").
  const std::string src =
      "@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def ident(self, t: pl.Tensor[[4, 8], pl.FP32]) -> pl.Tensor[[4, 8], pl.FP32]:\n"
      "        return t\n\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, x: pl.Tensor[[4, 8], pl.FP32], o: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:\n"
      "        y = self.ident(x)\n"
      "        z = pl.tile.full([4, 8], 7.0, dtype=pl.FP32)\n"
      "        w = pl.store(z, [0, 0], y)\n"
      "        return w\n\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[4, 8], pl.FP32]) -> pl.Tensor[[4, 8], pl.FP32]:\n"
      "        o = pl.create_tensor([4, 8], dtype=pl.FP32)\n"
      "        r = self.k(a, o)\n"
      "        return r\n";
  CHECK(run_err(src).find("tile.store writes 'y', a view of In parameter 'x'; a callee may write only Out/InOut "
                          "parameters") != std::string::npos);
  std::string direct = src;  // the view kept directly: the same error (this held before)
  direct.replace(direct.find("self.ident(x)"), 13, "x");
  CHECK(run_err(direct).find("a view of In parameter 'x'") != std::string::npos);
}

TEST_CASE("pl.range near the end of int64 runs as Python's range: the step past INT64_MAX ends the loop") {
  const std::string src =
      "@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, n: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INDEX]:\n"
      "        for i, (c,) in pl.range(9223372036854775806, 9223372036854775807, 2, init_values=(0,)):\n"
      "            c2 = c + 1\n"
      "            rc = pl.yield_(c2)\n"
      "        return rc\n";
  // range(2**63 - 2, 2**63 - 1, 2) has one element; i + 2 overflowed and the loop ran on.
  CHECK(int_value(out(run_ok(src), "return").data[0]) == 1);
  std::string down = src;  // and downwards: range(-2**63 + 1, -2**63, -2) has one element too
  const std::string bounds = "9223372036854775806, 9223372036854775807, 2";
  down.replace(down.find(bounds), bounds.size(), "-9223372036854775807, -9223372036854775807 - 1, -2");
  CHECK(int_value(out(run_ok(down), "return").data[0]) == 1);
}

TEST_CASE("given scalars and tensors are taken only as exact values of the parameter's dtype") {
  const std::string src =
      "@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, n: pl.Scalar[pl.INDEX], b: pl.Scalar[pl.INT8], i: pl.Tensor[[2], pl.INDEX],\n"
      "             h: pl.Tensor[[2], pl.BF16]) -> pl.Scalar[pl.INDEX]:\n"
      "        return n\n";
  RunOptions o;
  o.scalars["n"] = 2.75;  // was truncated to 2
  CHECK(run_err(src, o).find("scalar 'n' = 2.75 has no INDEX value (not an integer, or out of its range)") != std::string::npos);
  o.scalars["n"] = 3;
  o.scalars["b"] = 300;  // was wrapped to 44
  CHECK(run_err(src, o).find("scalar 'b' = 300 has no INT8 value") != std::string::npos);
  o.scalars["b"] = -128;
  o.scalars["n"] = 9223372036854775807.0;  // 2^63 as a double: was 0
  CHECK(run_err(src, o).find("scalar 'n' = 9.223372036854776e+18 has no INDEX value") != std::string::npos);
  o.scalars["n"] = 3;
  // .npy has no INDEX or BF16: int64 and float32 (what `run --output-dir` writes) are taken back.
  o.tensors["i"] = RunOptions::Tensor{DType::INT64, {2}, {int_bits(-5, DType::INT64), int_bits(7, DType::INT64)}};
  o.tensors["h"] = RunOptions::Tensor{DType::FP32, {2}, {float_bits(1.5, DType::FP32), float_bits(-0.0078125, DType::FP32)}};
  CHECK(int_value(out(run_ok(src, o), "return").data[0]) == 3);
  o.tensors["h"].data[1] = float_bits(1.1, DType::FP32);  // not a BF16 value: refused, not rounded
  CHECK(run_err(src, o).find("input 'h' element 1 (1.100000023841858) is not a BF16 value") != std::string::npos);
  o.tensors["h"].dtype = DType::FP16;  // any other dtype is still a mismatch
  CHECK(run_err(src, o).find("input 'h' is FP16[2], but parameter 'h' is BF16[2]") != std::string::npos);
}

TEST_CASE("an annotated literal takes the annotation's dtype: the variable holds that dtype") {
  // `n: pl.Scalar[pl.INT8] = 100; return n` returned INDEX 100 and, after simplify propagated the
  // typed constant, INT8 100: diffcheck saw two dtypes (audit 2026-12-05).
  const std::string src =
      "@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Scalar[pl.INDEX]) -> pl.Scalar[pl.INT8]:\n"
      "        n: pl.Scalar[pl.INT8] = 100\n"
      "        h: pl.Scalar[pl.FP16] = 0.1\n"
      "        return n\n";
  const RunResult r = run_ok(src);
  const Output& o = out(r, "return");
  CHECK(o.dtype == DType::INT8);
  CHECK(int_value(o.data[0]) == 100);
}
}  // namespace ut_interp_test
