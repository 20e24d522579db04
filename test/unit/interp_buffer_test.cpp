// The reference interpreter, buffer mode (docs/semantics.md "Buffer mode"): planned Tile IR and
// Buffer IR over one byte array per memory space — aliasing through shared addresses (a planned
// tile overwritten while live is a named clobber), subviews at
// byte offsets with the parent's row pitch, reshape as reinterpreted bytes, poison of fresh
// allocations, out-of-bounds windows, partial overlaps, and diffcheck catching wrong placements.
#include "interp_helpers.hpp"
#include "ptorw/interp/pass_steps.hpp"
#include "ptorw/passes/registry.hpp"  // passes come from test/support/all_passes.cpp
namespace ut_interp_buffer_test {  // one namespace per file: the suite builds as one unity TU

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

// ---- aliasing through shared addresses ----

TEST_CASE("planned Tile: a tile overwritten while live is a named error (a clobber)") {
  // b is placed over a while a is live: loading B changes A's bytes, and a + b reads a.
  std::string src = kernel(R"(        ma = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mb = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mr = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mb, 0, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        r: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mr, 0, 2048), pl.Mem.Vec] = pl.tile.add(a, b)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(r, [0, 0], Out)
        return result
)");
  std::string e = run_k_err(src);
  CHECK(e.find(loc(src, "r:")) == 0);
  // The writer is named by its line and column (loc() spells them "t.py:L:C").
  std::string at_b = loc(src, "pl.load(B").substr(5);
  at_b = "line " + at_b.substr(0, at_b.find(':')) + ", column " + at_b.substr(at_b.find(':') + 1);
  CHECK(e.find("tile.add reads 'a' (FP32[16, 32] at Vec byte 0), whose element [0, 0] was overwritten by the tile.load at " +
               at_b + " while 'a' was live: two live tiles share storage (a clobbered tile)") != std::string::npos);
  // Value mode ignores the placement: a + b.
  RunResult run_v = run_k_ok(src, ModePolicy::Value);
  const Output& v = out(run_v, "k.Out");
  CHECK(at(v, {0, 0}) == doctest::Approx(input(0, {0, 0}) + input(1, {0, 0})));
}

TEST_CASE("planned Tile: shared bytes rewritten with their own values, or outside the valid region, are no clobber") {
  // b loads A again over a: the bytes do not change, so a is intact and a + b = 2 A.
  std::string same = kernel(R"(        ma = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mr = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        r: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mr, 0, 2048), pl.Mem.Vec] = pl.tile.add(a, b)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(r, [0, 0], Out)
        return result
)");
  CHECK(at(out(run_k_ok(same), "k.Out"), {7, 9}) == doctest::Approx(2 * input(0, {7, 9})));
  // a is valid over [16, 16]; p writes row 0's padding (bytes 64..127): a's valid bytes are intact.
  std::string pad = kernel(R"(        ma = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mr = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(ma, 0, 2048), pl.Mem.Vec, pl.TileView(valid_shape=[16, 16])] = pl.load(A, [0, 0], [16, 32], [16, 16])
        p: pl.Tile[[1, 16], pl.FP32, pl.MemRef(ma, 64, 64), pl.Mem.Vec] = pl.load(B, [0, 0], [1, 16])
        r: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mr, 0, 2048), pl.Mem.Vec, pl.TileView(valid_shape=[16, 16])] = pl.tile.adds(a, 1.0)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(r, [0, 0], Out)
        return result
)");
  CHECK(at(out(run_k_ok(pad), "k.Out"), {0, 15}) == doctest::Approx(input(0, {0, 15}) + 1.0));
  // The same write one row further left changes a valid element.
  std::string hit = pad;
  hit.replace(hit.find("pl.MemRef(ma, 64, 64)"), 21, "pl.MemRef(ma, 32, 64)");
  CHECK(run_k_err(hit).find("whose element [0, 8] was overwritten by the tile.load") != std::string::npos);
}

TEST_CASE("planned Tile: a MemRef offset inside one allocation is a byte offset") {
  // r lives in the second half of the allocation that holds a: no overlap, a + b.
  std::string src = kernel(R"(        m = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        mb = pl.tile.alloc(pl.Mem.Vec, 2048, addr=4096)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        b: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mb, 0, 2048), pl.Mem.Vec] = pl.load(B, [0, 0], [16, 32])
        r: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m, 2048, 2048), pl.Mem.Vec] = pl.tile.add(a, b)
        s: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m, 0, 2048), pl.Mem.Vec] = pl.tile.add(r, a)
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(s, [0, 0], Out)
        return result
)");
  // s = r + a written exactly in place over a: allowed.
  RunResult run_o = run_k_ok(src);
  const Output& o = out(run_o, "k.Out");
  CHECK(at(o, {4, 7}) == doctest::Approx(2 * input(0, {4, 7}) + input(1, {4, 7})));
}

TEST_CASE("planned Tile: reshape sharing its source's window relabels the same bytes") {
  std::string src = kernel(R"(        m = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mr = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        flat: pl.Tile[[8, 64], pl.FP32, pl.MemRef(m, 0, 2048), pl.Mem.Vec] = pl.tile.reshape(a, [8, 64])
        e: pl.Tile[[8, 64], pl.FP32, pl.MemRef(mr, 0, 2048), pl.Mem.Vec] = pl.tile.muls(flat, 2.0)
        back: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mr, 0, 2048), pl.Mem.Vec] = pl.tile.reshape(e, [16, 32])
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(back, [0, 0], Out)
        return result
)");
  RunResult b = run_k_ok(src);
  CHECK(at(out(b, "k.Out"), {9, 3}) == doctest::Approx(2 * input(0, {9, 3})));
  CHECK_FALSE(compare(run_k_ok(src, ModePolicy::Value), b).has_value());
}

TEST_CASE("Buffer IR: addressless allocations never alias; an exact self-write is in place") {
  std::string src = kernel(R"(        a: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        b: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())
        pl.buffer.load(A, (0, 0), (16, 32), a)
        pl.buffer.load(B, (0, 0), (16, 32), b)
        pl.buffer.add(a, b, a)
        pl.buffer.store(a, (0, 0), (16, 32), Out)
        return Out
)", "Buffer");
  RunResult run_o = run_k_ok(src);
  const Output& o = out(run_o, "k.Out");
  CHECK(at(o, {2, 30}) == doctest::Approx(input(0, {2, 30}) + input(1, {2, 30})));
}

// ---- views: subview offsets with the parent's row pitch, reshape ----

TEST_CASE("Buffer IR: a subview is a byte offset inside its parent and keeps the parent's row pitch") {
  std::string src = kernel(R"(        whole: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        pl.buffer.load(A, (0, 0), (16, 32), whole)
        win: pl.Buffer[[4, 8], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(whole, (2, 8))
        pl.buffer.muls(win, 10.0, win)
        pl.buffer.store(whole, (0, 0), (16, 32), Out)
        return Out
)", "Buffer");
  RunResult run_o = run_k_ok(src);
  const Output& o = out(run_o, "k.Out");
  // Inside the window (rows 2..5, cols 8..15: each row 128 bytes further, inherited pitch) x10.
  CHECK(at(o, {2, 8}) == doctest::Approx(10 * input(0, {2, 8})));
  CHECK(at(o, {5, 15}) == doctest::Approx(10 * input(0, {5, 15})));
  // Just outside it: untouched.
  CHECK(at(o, {2, 7}) == doctest::Approx(input(0, {2, 7})));
  CHECK(at(o, {2, 16}) == doctest::Approx(input(0, {2, 16})));
  CHECK(at(o, {6, 8}) == doctest::Approx(input(0, {6, 8})));
  CHECK(at(o, {1, 8}) == doctest::Approx(input(0, {1, 8})));
}

TEST_CASE("Buffer IR: a UINT8 byte root, a row subview and a reshape name the same bytes") {
  // value = FP32[16, 32] at byte 64 of the root (row 2 of UINT8[128, 32]); `whole` reinterprets the
  // root as FP32[32, 32] (128-byte rows), so value[0][0..15] is whole[0][16..31].
  std::string src = kernel(R"(        root: pl.Buffer[[128, 32], pl.UINT8, pl.Mem.Vec] = pl.buffer.alloc((), 8192)
        window: pl.Buffer[[64, 32], pl.UINT8, pl.Mem.Vec] = pl.buffer.subview(root, (2, 0))
        value: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.reshape(window)
        whole: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.reshape(root)
        part: pl.Buffer[[1, 16], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(whole, (0, 16))
        pl.buffer.load(A, (0, 0), (16, 32), value)
        pl.buffer.store(part, (0, 0), (1, 16), Out)
        return Out
)", "Buffer", "[1, 16]");
  RunResult run_o = run_k_ok(src);
  const Output& o = out(run_o, "k.Out");
  for (std::int64_t j = 0; j < 16; ++j) CHECK(at(o, {0, j}) == doctest::Approx(input(0, {0, j})));
}

TEST_CASE("Buffer IR: reshape needs dense bytes and an equal byte count") {
  std::string strided = kernel(R"(        whole: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        win: pl.Buffer[[4, 8], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(whole, (0, 0))
        flat: pl.Buffer[[1, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.reshape(win)
        return Out
)", "Buffer");
  std::string e = run_k_err(strided);
  CHECK(e.find(loc(strided, "flat:")) == 0);
  CHECK(e.find("not dense (row pitch 128 bytes)") != std::string::npos);
  std::string bigger = kernel(R"(        whole: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        flat: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.reshape(whole)
        return Out
)", "Buffer");
  CHECK(run_k_err(bigger).find("changes the byte count") != std::string::npos);
}

TEST_CASE("Buffer IR: set_validshape changes the handle's valid extents for every later use") {
  std::string src = kernel(R"(        x: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc((16, 32), 0)
        pl.buffer.set_validshape(x, (4, 8))
        pl.buffer.load(A, (0, 0), (4, 8), x)
        pl.buffer.adds(x, 1.0, x)
        pl.buffer.store(x, (0, 0), (4, 8), Out)
        return Out
)", "Buffer");
  RunResult run_o = run_k_ok(src);
  const Output& o = out(run_o, "k.Out");
  CHECK(at(o, {3, 7}) == doctest::Approx(input(0, {3, 7}) + 1.0));
  CHECK(poison_at(o, {4, 0}));  // never stored: the Out tensor's own poison
  CHECK(poison_at(o, {0, 8}));
  // Storing more than the valid region reads outside it.
  std::string wide = src;
  wide.replace(wide.find("pl.buffer.store(x, (0, 0), (4, 8), Out)"), 39, "pl.buffer.store(x, (0, 0), (4, 9), Out)");
  CHECK(run_k_err(wide).find("out of bounds") != std::string::npos);
}

// ---- poison ----

TEST_CASE("freshly allocated bytes are poison: computing on them is an error naming the statement") {
  std::string src = kernel(R"(        x: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        y: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        pl.buffer.exp(x, y)
        pl.buffer.store(y, (0, 0), (16, 32), Out)
        return Out
)", "Buffer");
  std::string e = run_k_err(src);
  CHECK(e.find(loc(src, "pl.buffer.exp")) == 0);
  CHECK(e.find("buffer.exp reads poison element [0, 0] of 'x'") != std::string::npos);
}

TEST_CASE("poison: data movement carries it, a reallocation brings it back") {
  // Storing an unwritten buffer moves poison marks into GM (reported, not an error).
  std::string moved = kernel(R"(        x: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        pl.buffer.store(x, (0, 0), (16, 32), Out)
        return Out
)", "Buffer");
  CHECK(out(run_k_ok(moved), "k.Out").poison_count() == 512);
  // buffer.copy carries the marks too: a copy of an unwritten buffer is unwritten (stored: poison
  // in GM; computed on: an error at the consumer, naming the copy's destination).
  std::string copied = kernel(R"(        x: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        y: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        pl.buffer.copy(x, y)
        pl.buffer.store(y, (0, 0), (16, 32), Out)
        return Out
)", "Buffer");
  CHECK(out(run_k_ok(copied), "k.Out").poison_count() == 512);
  std::string copied_then_read = kernel(R"(        x: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        y: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        z: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 4096)
        pl.buffer.load(A, (0, 0), (16, 32), y)
        pl.buffer.copy(x, y)
        pl.buffer.exp(y, z)
        pl.buffer.store(z, (0, 0), (16, 32), Out)
        return Out
)", "Buffer");
  std::string ce = run_k_err(copied_then_read);
  CHECK(ce.find(loc(copied_then_read, "pl.buffer.exp")) == 0);
  CHECK(ce.find("buffer.exp reads poison element [0, 0] of 'y'") != std::string::npos);
  // A partly written source: only the unwritten half travels as poison.
  std::string half = kernel(R"(        x: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        y: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        top: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(x, (0, 0))
        pl.buffer.load(A, (0, 0), (8, 32), top)
        pl.buffer.copy(x, y)
        pl.buffer.store(y, (0, 0), (16, 32), Out)
        return Out
)", "Buffer");
  RunResult run_half = run_k_ok(half);
  const Output& oh = out(run_half, "k.Out");
  CHECK(oh.poison_count() == 256);
  CHECK(at(oh, {7, 31}) == doctest::Approx(input(0, {7, 31})));
  CHECK(poison_at(oh, {8, 0}));
  // A planned tile whose allocation is made again inside a loop is poison again each iteration:
  // reading the previous iteration's bytes is an error.
  std::string again = R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        for i in pl.range(2):
            m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
            y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.exp(x)
        return Out
)";
  std::string e = run_k_err(again);
  CHECK(e.find(loc(again, "y:")) == 0);
  CHECK(e.find("tile.exp reads poison element [0, 0] of 'x'") != std::string::npos);
}

TEST_CASE("poison: a planned tile's partially valid load leaves its padding's bytes as they were") {
  std::string src = kernel(R"(        m = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        mr = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m, 0, 2048), pl.Mem.Vec, pl.TileView(valid_shape=[16, 16])] = pl.load(A, [0, 0], [16, 32], [16, 16])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(mr, 0, 2048), pl.Mem.Vec] = pl.tile.reshape(x, [16, 32])
        result: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return result
)");
  RunResult run_o = run_k_ok(src);
  const Output& o = out(run_o, "k.Out");
  CHECK(at(o, {0, 15}) == doctest::Approx(input(0, {0, 15})));
  CHECK(poison_at(o, {0, 16}));  // padding: the allocation's poison, copied along by the reshape
}

// ---- out-of-bounds windows and overlaps ----

TEST_CASE("out-of-bounds windows are errors naming the statement") {
  std::string sub = kernel(R"(        whole: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        win: pl.Buffer[[4, 8], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(whole, (13, 0))
        return Out
)", "Buffer");
  std::string e = run_k_err(sub);
  CHECK(e.find(loc(sub, "win:")) == 0);
  CHECK(e.find("buffer.subview of 'whole': window at offset [13, 0] with extent [4, 8] is out of bounds of [16, 32]") !=
        std::string::npos);

  std::string memref = kernel(R"(        m = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m, 1024, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        return Out
)");
  e = run_k_err(memref);
  CHECK(e.find(loc(memref, "a:")) == 0);
  CHECK(e.find("MemRef window [1024, 3072) is out of bounds of its allocation of 2048 bytes") != std::string::npos);

  std::string capacity = kernel(R"(        m = pl.tile.alloc(pl.Mem.Vec, 2048, addr=196096)
        return Out
)");
  CHECK(run_k_err(capacity).find("outside the Vec space (196608 bytes on target a2a3)") != std::string::npos);

  std::string load = kernel(R"(        x: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        pl.buffer.load(A, (1, 0), (16, 32), x)
        return Out
)", "Buffer");
  CHECK(run_k_err(load).find("buffer.load from 'A': window at offset [1, 0] with extent [16, 32] is out of bounds") !=
        std::string::npos);
}

TEST_CASE("a destination that partially overlaps an operand is an error; recip needs a distinct one") {
  std::string partial = kernel(R"(        m = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        a: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        r: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m, 1024, 2048), pl.Mem.Vec] = pl.tile.exp(a)
        return Out
)");
  std::string e = run_k_err(partial);
  CHECK(e.find(loc(partial, "r:")) == 0);
  CHECK(e.find("only partially overlaps (not exactly in place)") != std::string::npos);

  std::string recip = kernel(R"(        x: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        pl.buffer.load(A, (0, 0), (16, 32), x)
        pl.buffer.recip(x, x)
        return Out
)", "Buffer");
  CHECK(run_k_err(recip).find("this op needs a distinct destination") != std::string::npos);
}

// ---- diffcheck across stages catches wrong rewrites ----

namespace {
const char* kUnplanned = R"(        a = pl.load(A, [0, 0], [16, 32])
        b = pl.load(B, [0, 0], [16, 32])
        r = pl.tile.add(a, b)
        result = pl.store(r, [0, 0], Out)
        return result
)";
}  // namespace

TEST_CASE("diffcheck: a correct placement is equal, two live tiles at one address are caught") {
  auto before = parse_ok(kernel(kUnplanned));
  auto good = parse_ok(kernel(kPlannedAdd));
  std::string bad_src = kPlannedAdd;
  bad_src.replace(bad_src.find("2048, addr=2048"), 15, "2048, addr=0   ");
  auto bad = parse_ok(kernel(bad_src));
  CHECK(diffcheck(*before, *good).ok());
  DiffReport r = diffcheck(*before, *bad);
  REQUIRE(r.status == DiffStatus::Different);
  CHECK(r.str().find("'after' changes the result") != std::string::npos);
  CHECK(r.str().find("two live tiles share storage (a clobbered tile)") != std::string::npos);
  // Across three stages: the lowered Buffer IR of the good placement agrees too.
  auto lowered = parse_ok(kernel(R"(        a: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        b: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        r: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 4096)
        pl.buffer.load(A, (0, 0), (16, 32), a)
        pl.buffer.load(B, (0, 0), (16, 32), b)
        pl.buffer.add(a, b, r)
        pl.buffer.store(r, (0, 0), (16, 32), Out)
        return Out
)", "Buffer"));
  DiffReport three = diffcheck_legs({{"Tile", before.get(), ModePolicy::Value},
                                     {"planned", good.get(), ModePolicy::Auto},
                                     {"buffer", lowered.get(), ModePolicy::Auto}});
  CHECK(three.ok());
  CHECK(three.runs == 9);
  DiffReport caught = diffcheck_legs({{"Tile", before.get(), ModePolicy::Value},
                                      {"planned", good.get(), ModePolicy::Auto},
                                      {"wrongly planned", bad.get(), ModePolicy::Auto}});
  CHECK(caught.status == DiffStatus::Different);
  CHECK(caught.stage == "wrongly planned");
}

TEST_CASE("diffcheck: a window at the wrong offset is caught") {
  auto window = [](const std::string& off) {
    return kernel(R"(        x: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        pl.buffer.load(A, (0, 0), (16, 32), x)
        w: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(x, )" + off + R"()
        pl.buffer.store(w, (0, 0), (8, 32), Out)
        return Out
)", "Buffer", "[8, 32]");
  };
  auto right = parse_ok(window("(8, 0)"));
  auto wrong = parse_ok(window("(7, 0)"));
  DiffReport r = diffcheck(*right, *wrong);
  REQUIRE(r.status == DiffStatus::Different);
  CHECK(r.diff->index == Shape{0, 0});
}

TEST_CASE("diffcheck_pipeline: init-memref then lowering, each step judged across modes") {
  auto spec = passes::parse_pipeline("init-memref,select-buffer-ir,lower-tile-to-buffer");
  REQUIRE(spec.error.empty());
  auto p = parse_ok(kernel(kUnplanned));
  DiffReport r = diffcheck_pipeline(*p, steps_of(spec.passes));
  CHECK_MESSAGE(r.ok(), r.str());
  CHECK(r.runs >= 6);
}
}  // namespace ut_interp_buffer_test
