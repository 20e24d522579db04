// Buffer mode's fractal layouts (docs/semantics.md "Fractal layouts"; interp/fractal_layout.hpp):
// byte offsets of NZ / ZN / Acc boxes pinned by hand from the documented formula, aliasing through
// shared addresses at the fractal positions (Buffer IR and planned Tile IR, transpose relabels),
// box-aligned subviews, whole-box extents, the partial-box poison rule of cube writes, and
// diffcheck catching two live Mat tiles placed over each other.
#include <algorithm>
#include <tuple>

#include "interp_helpers.hpp"
#include "ptorw/interp/pass_steps.hpp"
namespace ut_interp_fractal_test {  // one namespace per file: the suite builds as one unity TU

using namespace interp_test;

namespace {

using ir::TileLayout;
constexpr ir::TileLayoutSpec kNZ{TileLayout::col_major, TileLayout::row_major, 512};
constexpr ir::TileLayoutSpec kZN{TileLayout::row_major, TileLayout::col_major, 512};
constexpr ir::TileLayoutSpec kAcc{TileLayout::col_major, TileLayout::row_major, 1024};

std::int64_t off(const ir::TileLayoutSpec& l, std::int64_t rows, std::int64_t cols, int b, std::int64_t r, std::int64_t c) {
  return fractal_offset(l, rows, cols, b, r, c);
}

/// The message of the interpreter error `f` throws.
template <class F> std::string error_of(F f) {
  try {
    f();
  } catch (const InterpError& e) {
    return e.what();
  }
  FAIL("no error");
  return {};
}

/// A program with one kernel `k(A: FP32[16, 32], B: FP32[32, 32], Out: FP32 out_shape)`.
std::string kernel(const std::string& body, const std::string& out_shape, bool buffer_stage = true) {
  std::string deco = buffer_stage ? "@pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)"
                                  : "@pl.function(type=pl.FunctionType.InCore)";
  return "@pl.program\nclass P:\n    " + deco + R"(
    def k(self, A: pl.Tensor[[16, 32], pl.FP32], B: pl.Tensor[[32, 32], pl.FP32],
          Out: pl.Out[pl.Tensor[)" + out_shape + R"(, pl.FP32]]) -> pl.Tensor[)" + out_shape + R"(, pl.FP32]:
)" + body;
}


}  // namespace

// ---- the formula, pinned by hand (box = 16 lines of fractal/16 bytes) ----

TEST_CASE("fractal offsets: FP16 [32, 32] NZ has 16 x 16 boxes, stored down each box column first") {
  // box 16 rows x 16 cols (512 bytes, rows of 32 bytes); box (i, j) at (j * 2 + i) * 512.
  CHECK(off(kNZ, 32, 32, 2, 0, 0) == 0);
  CHECK(off(kNZ, 32, 32, 2, 0, 1) == 2);
  CHECK(off(kNZ, 32, 32, 2, 1, 0) == 32);
  CHECK(off(kNZ, 32, 32, 2, 0, 15) == 30);
  CHECK(off(kNZ, 32, 32, 2, 15, 15) == 510);
  CHECK(off(kNZ, 32, 32, 2, 16, 0) == 512);
  CHECK(off(kNZ, 32, 32, 2, 0, 16) == 1024);
  CHECK(off(kNZ, 32, 32, 2, 17, 18) == 1572);  // box (1, 1) = 1536, + (1 * 16 + 2) * 2
  CHECK(off(kNZ, 32, 32, 2, 31, 31) == 2046);
}

TEST_CASE("fractal offsets: FP16 [32, 32] ZN has column-major 16 x 16 boxes, stored along each box row") {
  CHECK(off(kZN, 32, 32, 2, 0, 0) == 0);
  CHECK(off(kZN, 32, 32, 2, 1, 0) == 2);
  CHECK(off(kZN, 32, 32, 2, 0, 1) == 32);
  CHECK(off(kZN, 32, 32, 2, 0, 16) == 512);
  CHECK(off(kZN, 32, 32, 2, 16, 0) == 1024);
  CHECK(off(kZN, 32, 32, 2, 17, 18) == 1602);  // box (1, 1) = 1536, + (2 * 16 + 1) * 2
}

TEST_CASE("fractal offsets: box widths follow the dtype (FP32 16 x 8, INT8 16 x 32, ZN FP32 8 x 16)") {
  // FP32 [32, 16] NZ: 16 x 8 boxes, 2 box rows.
  CHECK(off(kNZ, 32, 16, 4, 0, 1) == 4);
  CHECK(off(kNZ, 32, 16, 4, 1, 0) == 32);
  CHECK(off(kNZ, 32, 16, 4, 16, 0) == 512);
  CHECK(off(kNZ, 32, 16, 4, 0, 8) == 1024);
  CHECK(off(kNZ, 32, 16, 4, 16, 9) == 1540);
  // INT8 [32, 64] NZ: 16 x 32 boxes.
  CHECK(off(kNZ, 32, 64, 1, 0, 1) == 1);
  CHECK(off(kNZ, 32, 64, 1, 1, 0) == 32);
  CHECK(off(kNZ, 32, 64, 1, 16, 0) == 512);
  CHECK(off(kNZ, 32, 64, 1, 0, 32) == 1024);
  CHECK(off(kNZ, 32, 64, 1, 31, 63) == 2047);
  // FP32 [16, 32] ZN: 8 x 16 boxes (a line is a box column of 8 FP32), 2 box columns.
  CHECK(off(kZN, 16, 32, 4, 1, 0) == 4);
  CHECK(off(kZN, 16, 32, 4, 0, 1) == 32);
  CHECK(off(kZN, 16, 32, 4, 0, 16) == 512);
  CHECK(off(kZN, 16, 32, 4, 8, 0) == 1024);
  CHECK(off(kZN, 16, 32, 4, 9, 17) == 1572);
}

TEST_CASE("fractal offsets: Acc fractal=1024 has 16 x 16 FP32 / INT32 boxes") {
  CHECK(off(kAcc, 32, 32, 4, 0, 1) == 4);
  CHECK(off(kAcc, 32, 32, 4, 1, 0) == 64);
  CHECK(off(kAcc, 32, 32, 4, 16, 0) == 1024);
  CHECK(off(kAcc, 32, 32, 4, 0, 16) == 2048);
  CHECK(off(kAcc, 32, 32, 4, 31, 31) == 4092);
  CHECK(off(kAcc, 16, 64, 4, 15, 63) == 4092);  // one box row: box (0, 3) = 3072, + 255 * 4
}

TEST_CASE("fractal offsets: every element gets its own slot; NZ bytes read transposed are ZN") {
  for (auto [l, rows, cols, b] : {std::tuple{kNZ, 32, 48, 2}, std::tuple{kZN, 48, 32, 4}, std::tuple{kAcc, 32, 32, 4},
                                  std::tuple{kNZ, 16, 64, 1}}) {
    std::vector<int> seen(static_cast<std::size_t>(rows * cols), 0);
    for (int r = 0; r < rows; ++r)
      for (int c = 0; c < cols; ++c) {
        std::int64_t o = off(l, rows, cols, b, r, c);
        REQUIRE(o % b == 0);
        REQUIRE(o / b < rows * cols);
        ++seen[static_cast<std::size_t>(o / b)];
      }
    CHECK(std::count(seen.begin(), seen.end(), 1) == rows * cols);
  }
  for (int b : {1, 2, 4})
    for (int r = 0; r < 32; ++r)
      for (int c = 0; c < 64; ++c) REQUIRE(off(kNZ, 32, 64, b, r, c) == off(kZN, 64, 32, b, c, r));
  // The relabel a transpose_view makes: a view's transposed() geometry is the ZN layout.
  BoxedLayout nz = packed_boxes(kNZ, 4, 32, 16, "t");
  CHECK(nz.transposed() == packed_boxes(kZN, 4, 16, 32, "t"));
  // none_box is plain rows.
  CHECK(off(ir::TileLayoutSpec{TileLayout::row_major, TileLayout::none_box, 512}, 4, 8, 4, 1, 2) == 40);
}

TEST_CASE("fractal layouts: extents that are not whole boxes, and impossible boxes, are errors") {
  CHECK(error_of([] { off(kNZ, 20, 32, 2, 0, 0); }) ==
        "fractal_offset: physical extents [20, 32] are not whole NZ boxes of 16 x 16 elements");
  CHECK(error_of([] { off(kAcc, 16, 8, 4, 0, 0); }) ==
        "fractal_offset: physical extents [16, 8] are not whole NZ, fractal=1024 boxes of 16 x 16 elements");
  CHECK(error_of([] { off(ir::TileLayoutSpec{TileLayout::col_major, TileLayout::row_major, 100}, 16, 16, 4, 0, 0); }) ==
        "fractal_offset: a fractal of 100 bytes is not 16 lines of whole 4-byte elements");
  CHECK(ir::implicit_layout(ir::MemSpace::Mat) == kNZ);
  CHECK(ir::implicit_layout(ir::MemSpace::Left) == kNZ);
  CHECK(ir::implicit_layout(ir::MemSpace::Right) == kZN);
  CHECK(ir::implicit_layout(ir::MemSpace::Acc) == kAcc);
  CHECK_FALSE(is_boxed(*ir::implicit_layout(ir::MemSpace::Vec)));
}

// ---- aliasing through shared addresses, at the fractal positions ----

TEST_CASE("Buffer IR: views at a Mat NZ buffer's address see its bytes at the fractal positions") {
  // A = FP32[16, 32] in Mat NZ: 16 x 8 boxes, one box row, box j at byte 512 * j.
  std::string box = kernel(R"(        a: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        b1: pl.Buffer[[16, 8], pl.FP32, pl.Mem.Mat] = pl.buffer.alloc((), 512)
        pl.buffer.load(A, (0, 0), (16, 32), a)
        pl.buffer.store(b1, (0, 0), (16, 8), Out)
        return Out
)", "[16, 8]");
  RunResult r = run_k_ok(box);
  const Output& o = out(r, "k.Out");
  for (std::int64_t i : {0, 7, 15})
    for (std::int64_t j : {0, 5, 7}) CHECK(at(o, {i, j}) == doctest::Approx(input(0, {i, 8 + j})));
  // A ZN view of the transposed shape at the same address reads A transposed.
  std::string zn = kernel(R"(        a: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        t: pl.Buffer[[32, 16], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.buffer.alloc((), 0)
        pl.buffer.load(A, (0, 0), (16, 32), a)
        pl.buffer.store(t, (0, 0), (32, 16), Out)
        return Out
)", "[32, 16]");
  RunResult rt = run_k_ok(zn);
  const Output& ot = out(rt, "k.Out");
  for (std::int64_t i : {0, 9, 17, 31})
    for (std::int64_t j : {0, 3, 8, 15}) CHECK(at(ot, {i, j}) == doctest::Approx(input(0, {j, i})));
}

TEST_CASE("Buffer IR: a subview of a fractal buffer is whole boxes and keeps the parent's box strides") {
  // B = FP32[32, 32] in Mat NZ: 16 x 8 boxes, two box rows: box (i, j) at (2 j + i) * 512. The window
  // at (16, 8) of extent [16, 16] is boxes (1, 1) at 1536 and (1, 2) at 2560.
  std::string src = kernel(R"(        b: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        pl.buffer.load(B, (0, 0), (32, 32), b)
        w: pl.Buffer[[16, 16], pl.FP32, pl.Mem.Mat] = pl.buffer.subview(b, (16, 8))
        pl.buffer.store(w, (0, 0), (16, 16), Out)
        return Out
)", "[16, 16]");
  RunResult r = run_k_ok(src);
  const Output& o = out(r, "k.Out");
  for (std::int64_t i : {0, 6, 15})
    for (std::int64_t j : {0, 7, 8, 15}) CHECK(at(o, {i, j}) == doctest::Approx(input(1, {16 + i, 8 + j})));
  // Writing through a window changes exactly its boxes.
  std::string write = kernel(R"(        a: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        pl.buffer.load(A, (0, 0), (16, 32), a)
        w: pl.Buffer[[16, 8], pl.FP32, pl.Mem.Mat] = pl.buffer.subview(a, (0, 16))
        pl.buffer.muls(w, 10.0, w)
        pl.buffer.store(a, (0, 0), (16, 32), Out)
        return Out
)", "[16, 32]");
  RunResult rw = run_k_ok(write);
  const Output& ow = out(rw, "k.Out");
  CHECK(at(ow, {3, 16}) == doctest::Approx(10 * input(0, {3, 16})));
  CHECK(at(ow, {15, 23}) == doctest::Approx(10 * input(0, {15, 23})));
  CHECK(at(ow, {3, 15}) == doctest::Approx(input(0, {3, 15})));
  CHECK(at(ow, {3, 24}) == doctest::Approx(input(0, {3, 24})));
}

TEST_CASE("planned Tile: Mat tiles are NZ, and a transpose_view sharing the window reads the bytes as ZN") {
  std::string src = kernel(R"(        m = pl.tile.alloc(pl.Mem.Mat, 2048, addr=0)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m, 0, 2048), pl.Mem.Mat] = pl.load(A, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        t: pl.Tile[[32, 16], pl.FP32, pl.MemRef(m, 0, 2048), pl.Mem.Mat] = pl.tile.transpose_view(a)
        result: pl.Tensor[[32, 16], pl.FP32] = pl.store(t, [0, 0], Out)
        return result
)", "[32, 16]", false);
  RunResult b = run_k_ok(src);
  const Output& o = out(b, "k.Out");
  CHECK(at(o, {17, 3}) == doctest::Approx(input(0, {3, 17})));
  CHECK(at(o, {31, 15}) == doctest::Approx(input(0, {15, 31})));
  CHECK_FALSE(compare(run_k_ok(src, ModePolicy::Value), b).has_value());
}

// ---- errors: whole boxes, box-aligned windows, one layout per window ----

TEST_CASE("fractal errors name the statement: extents not whole boxes, misaligned subviews, relayouts") {
  std::string alloc = kernel(R"(        x: pl.Buffer[[20, 32], pl.FP16, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        return Out
)", "[16, 32]");
  std::string e = run_k_err(alloc);
  CHECK(e.find(loc(alloc, "x:")) == 0);
  CHECK(e.find("buffer.alloc (FP16[20, 32] in Mat): physical extents [20, 32] are not whole NZ boxes of 16 x 16 elements") !=
        std::string::npos);

  std::string acc = kernel(R"(        x: pl.Buffer[[16, 8], pl.FP32, pl.Mem.Acc] = pl.buffer.alloc((), 0)
        return Out
)", "[16, 32]");
  CHECK(run_k_err(acc).find("are not whole NZ, fractal=1024 boxes of 16 x 16 elements") != std::string::npos);

  std::string planned = kernel(R"(        m = pl.tile.alloc(pl.Mem.Mat, 1280, addr=0)
        a: pl.Tile[[16, 20], pl.FP32, pl.MemRef(m, 0, 1280), pl.Mem.Mat] = pl.load(A, [0, 0], [16, 20], target_memory=pl.Mem.Mat)
        return Out
)", "[16, 32]", false);
  e = run_k_err(planned);
  CHECK(e.find(loc(planned, "a:")) == 0);
  CHECK(e.find("tile.load: the result (FP32[16, 20] in Mat): physical extents [16, 20] are not whole NZ boxes of 16 x 8 "
               "elements") != std::string::npos);

  auto sub = [](const std::string& window) {
    return kernel(R"(        a: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        )" + window + R"(
        return Out
)", "[16, 32]");
  };
  std::string mis = sub("w: pl.Buffer[[16, 8], pl.FP32, pl.Mem.Mat] = pl.buffer.subview(a, (0, 4))");
  e = run_k_err(mis);
  CHECK(e.find(loc(mis, "w:")) == 0);
  CHECK(e.find("buffer.subview of 'a' (FP32[16, 32] at Mat byte 0 (NZ)): window at offset [0, 4] with extent [16, 8] is "
               "not whole 16 x 8 boxes") != std::string::npos);
  CHECK(run_k_err(sub("w: pl.Buffer[[8, 8], pl.FP32, pl.Mem.Mat] = pl.buffer.subview(a, (0, 0))"))
            .find("with extent [8, 8] is not whole 16 x 8 boxes") != std::string::npos);
  CHECK(run_k_err(sub("w: pl.Buffer[[16, 8], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, "
                      "slayout=pl.TileLayout.col_major)] = pl.buffer.subview(a, (0, 0))"))
            .find("typed with another layout (ZN): a subview keeps its parent's layout") != std::string::npos);
  // A window of bigger boxed storage has no packed boxes to reinterpret.
  std::string reshape = kernel(R"(        b: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        w: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Mat] = pl.buffer.subview(b, (0, 0))
        f: pl.Buffer[[32, 16], pl.FP32, pl.Mem.Mat] = pl.buffer.reshape(w)
        return Out
)", "[16, 32]");
  e = run_k_err(reshape);
  CHECK(e.find(loc(reshape, "f:")) == 0);
  CHECK(e.find("a window of bigger boxed storage: a reshape reinterprets packed boxes") != std::string::npos);
}

// ---- cube writes: the partial-box rule ----

TEST_CASE("Buffer IR: a partial product keeps untouched Acc boxes; the rest of a partly covered box is poison") {
  // acc FP32[16, 64] (16 x 16 boxes, box j at 1024 j) holds 1.0; the product-shaped view prod
  // FP32[16, 32] valid [16, 20] at the same address gets a product valid over [16, 20] (r's valid
  // columns: "a native matmul destination matches the product").
  std::string src = kernel(R"(        acc: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Acc] = pl.buffer.alloc((), 0)
        prod: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Acc, pl.TileView(valid_shape=[16, 20])] = pl.buffer.alloc((), 0)
        l: pl.Buffer[[16, 8], pl.FP32, pl.Mem.Left] = pl.buffer.alloc((), 0)
        r: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Right, pl.TileView(valid_shape=[8, 20])] = pl.buffer.alloc((), 0)
        pl.buffer.full(1.0, acc)
        pl.buffer.full(1.0, l)
        pl.buffer.full(2.0, r)
        pl.buffer.matmul(l, r, prod)
        pl.buffer.store(acc, (0, 0), (16, 64), Out)
        return Out
)", "[16, 64]");
  RunResult run_o = run_k_ok(src);
  const Output& o = out(run_o, "k.Out");
  for (std::int64_t i : {0, 15}) {
    CHECK(at(o, {i, 0}) == 16.0);  // 8 x (1 * 2)
    CHECK(at(o, {i, 19}) == 16.0);
    CHECK(poison_at(o, {i, 20}));  // box 1 (columns 16..31) is only partly covered
    CHECK(poison_at(o, {i, 31}));
    CHECK(at(o, {i, 32}) == 1.0);  // boxes 2 and 3 lie outside the product: kept
    CHECK(at(o, {i, 63}) == 1.0);
  }
  CHECK(o.poison_count() == 16 * 12);
  // matmul_acc accumulates over its accumulator's valid region, under the same rule.
  std::string acc = src;
  acc.replace(acc.find("pl.buffer.matmul("), 17, "pl.buffer.matmul_acc(");
  RunResult run_a = run_k_ok(acc);
  const Output& a = out(run_a, "k.Out");
  CHECK(at(a, {3, 7}) == 17.0);
  CHECK(poison_at(a, {3, 25}));
  CHECK(at(a, {3, 40}) == 1.0);
  CHECK(a.poison_count() == 16 * 12);
  // A product covering whole boxes poisons nothing.
  std::string whole = src;
  whole.replace(whole.find("valid_shape=[8, 20]"), 19, "valid_shape=[8, 16]");
  whole.replace(whole.find("valid_shape=[16, 20]"), 20, "valid_shape=[16, 16]");
  CHECK(out(run_k_ok(whole), "k.Out").poison_count() == 0);
  // A destination wider than the product is not a native matmul write (issue 18: it is written
  // through a product-shaped view instead).
  std::string wide = src;
  wide.replace(wide.find(", pl.TileView(valid_shape=[16, 20])]"), 36, "]");
  CHECK(run_k_err(wide).find("the product over [16, 20] (a native matmul destination matches the product") != std::string::npos);
}

TEST_CASE("planned Tile: a matmul valid over part of its Acc tile keeps untouched boxes, poisons the partial one") {
  std::string src = kernel(R"(        ma = pl.tile.alloc(pl.Mem.Acc, 3072, addr=0)
        ml = pl.tile.alloc(pl.Mem.Left, 512, addr=0)
        mr = pl.tile.alloc(pl.Mem.Right, 1536, addr=0)
        f: pl.Tile[[16, 48], pl.FP32, pl.MemRef(ma, 0, 3072), pl.Mem.Acc] = pl.tile.full([16, 48], 1.0, dtype=pl.FP32, target_memory=pl.Mem.Acc)
        l: pl.Tile[[16, 8], pl.FP32, pl.MemRef(ml, 0, 512), pl.Mem.Left] = pl.tile.full([16, 8], 1.0, dtype=pl.FP32, target_memory=pl.Mem.Left)
        r0: pl.Tile[[8, 48], pl.FP32, pl.MemRef(mr, 0, 1536), pl.Mem.Right] = pl.tile.full([8, 48], 2.0, dtype=pl.FP32, target_memory=pl.Mem.Right)
        r: pl.Tile[[8, 48], pl.FP32, pl.MemRef(mr, 0, 1536), pl.Mem.Right, pl.TileView(valid_shape=[8, 20])] = pl.tile.set_validshape(r0, 8, 20)
        c: pl.Tile[[16, 48], pl.FP32, pl.MemRef(ma, 0, 3072), pl.Mem.Acc, pl.TileView(valid_shape=[16, 20])] = pl.tile.matmul(l, r)
        g: pl.Tile[[16, 48], pl.FP32, pl.MemRef(ma, 0, 3072), pl.Mem.Acc] = pl.tile.set_validshape(c, 16, 48)
        result: pl.Tensor[[16, 48], pl.FP32] = pl.store(g, [0, 0], Out)
        return result
)", "[16, 48]", false);
  RunResult run_o = run_k_ok(src);
  const Output& o = out(run_o, "k.Out");
  CHECK(at(o, {5, 19}) == 16.0);
  CHECK(poison_at(o, {5, 20}));
  CHECK(poison_at(o, {5, 31}));
  CHECK(at(o, {5, 32}) == 1.0);
  CHECK(at(o, {15, 47}) == 1.0);
  CHECK(o.poison_count() == 16 * 12);
}

// ---- the cube path across stages, and a wrong placement caught ----

namespace {
const char* kCubeTile = R"(        a_mat = pl.load(A, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        b_mat = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        a_l = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        b_r = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        c = pl.tile.matmul(a_l, b_r)
        result = pl.store(c, [0, 0], Out)
        return result
)";
std::string cube_planned(const std::string& b_addr) {
  return R"(        ma = pl.tile.alloc(pl.Mem.Mat, 2048, addr=0)
        mb = pl.tile.alloc(pl.Mem.Mat, 4096, addr=)" + b_addr + R"()
        ml = pl.tile.alloc(pl.Mem.Left, 2048, addr=0)
        mr = pl.tile.alloc(pl.Mem.Right, 4096, addr=0)
        mc = pl.tile.alloc(pl.Mem.Acc, 2048, addr=0)
        a_mat: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Mat] = pl.load(A, [0, 0], [16, 32], target_memory=pl.Mem.Mat)
        b_mat: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mb, 0, 4096), pl.Mem.Mat] = pl.load(B, [0, 0], [32, 32], target_memory=pl.Mem.Mat)
        a_l: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ml, 0, 2048), pl.Mem.Left] = pl.tile.move(a_mat, target_memory=pl.Mem.Left)
        b_r: pl.Tile[[32, 32], pl.FP32, pl.MemRef(mr, 0, 4096), pl.Mem.Right] = pl.tile.move(b_mat, target_memory=pl.Mem.Right)
        c: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mc, 0, 2048), pl.Mem.Acc] = pl.tile.matmul(a_l, b_r)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(c, [0, 0], Out)
        return result
)";
}
const char* kCubeBuffer = R"(        a_mat: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Mat] = pl.buffer.alloc((), 0)
        b_mat: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Mat, pl.TileView(blayout=pl.TileLayout.row_major, slayout=pl.TileLayout.col_major)] = pl.buffer.alloc((), 2048)
        a_l: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Left] = pl.buffer.alloc((), 0)
        b_r: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Right] = pl.buffer.alloc((), 0)
        c: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Acc] = pl.buffer.alloc((), 0)
        pl.buffer.load(A, (0, 0), (16, 32), a_mat)
        pl.buffer.load(B, (0, 0), (32, 32), b_mat)
        pl.buffer.copy(a_mat, a_l)
        pl.buffer.copy(b_mat, b_r)
        pl.buffer.matmul(a_l, b_r, c)
        pl.buffer.store(c, (0, 0), (16, 32), Out)
        return Out
)";
}  // namespace

TEST_CASE("diffcheck: the cube path agrees across Tile, planned Tile and Buffer IR; overlapping Mat tiles are caught") {
  auto tile = parse_ok(kernel(kCubeTile, "[16, 32]", false));
  auto planned = parse_ok(kernel(cube_planned("2048"), "[16, 32]", false));
  auto buffer = parse_ok(kernel(kCubeBuffer, "[16, 32]"));
  DiffReport three = diffcheck_legs({{"Tile", tile.get(), ModePolicy::Value},
                                     {"planned", planned.get(), ModePolicy::Auto},
                                     {"buffer", buffer.get(), ModePolicy::Auto}});
  CHECK_MESSAGE(three.ok(), three.str());
  // Out[0][0] = sum_k A[0][k] * B[k][0].
  RunResult rb = run_k_ok(kernel(kCubeBuffer, "[16, 32]"));
  double expect = 0;
  for (std::int64_t k = 0; k < 32; ++k) expect += input(0, {0, k}) * input(1, {k, 0});
  CHECK(at(out(rb, "k.Out"), {0, 0}) == doctest::Approx(expect));
  // A broken planner puts b_mat over a_mat's boxes 2 and 3 (bytes 1024..2047) while a_mat is live.
  auto broken = parse_ok(kernel(cube_planned("1024"), "[16, 32]", false));
  DiffReport caught = diffcheck_legs({{"Tile", tile.get(), ModePolicy::Value},
                                      {"planned", planned.get(), ModePolicy::Auto},
                                      {"wrongly planned", broken.get(), ModePolicy::Auto}});
  REQUIRE(caught.status == DiffStatus::Different);
  CHECK(caught.stage == "wrongly planned");
  CHECK(caught.str().find("tile.move reads 'a_mat' (FP32[16, 32] at Mat byte 0 (NZ)), whose element [0, 16] was "
                          "overwritten by the tile.load") != std::string::npos);
}

TEST_CASE("diffcheck: FP16 and INT8 cube kernels in Buffer IR (16 x 16 / 16 x 32 / 32 x 16 boxes) match value mode") {
  for (const char* dt : {"FP16", "INT8"}) {
    CAPTURE(dt);
    const std::string acc = std::string(dt) == "INT8" ? "INT32" : "FP32";
    auto sig = [&](const std::string& stage) {
      return "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore" + stage + ")\n" +
             "    def k(self, A: pl.Tensor[[16, 32], pl." + dt + "], B: pl.Tensor[[32, 32], pl." + dt + "],\n" +
             "          Out: pl.Out[pl.Tensor[[16, 32], pl." + acc + "]]) -> pl.Tensor[[16, 32], pl." + acc + "]:\n";
    };
    std::string tile = sig("") + kCubeTile;
    std::string buffer = sig(", stage=pl.FunctionIRStage.Buffer") + kCubeBuffer;
    for (std::string* s : {&tile, &buffer}) {
      for (std::size_t p = s->find("pl.FP32", s->find("a_mat")); p != std::string::npos; p = s->find("pl.FP32", p))
        s->replace(p, 7, "pl." + std::string(dt));
    }
    // The accumulator keeps the accumulation dtype.
    const std::string wrong = "[[16, 32], pl." + std::string(dt) + ", pl.Mem.Acc]";
    buffer.replace(buffer.find(wrong), wrong.size(), "[[16, 32], pl." + acc + ", pl.Mem.Acc]");
    auto t = parse_ok(tile), b = parse_ok(buffer);
    DiffReport r = diffcheck_legs({{"Tile", t.get(), ModePolicy::Value}, {"buffer", b.get(), ModePolicy::Auto}});
    CHECK_MESSAGE(r.ok(), r.str());
  }
}
}  // namespace ut_interp_fractal_test
