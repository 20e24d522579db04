// Kernels that stay on Tile IR are emitted by the same emitter from the same op tables (issue 6:
// "one emitter for Buffer-stage kernels and kernels that stay Tile (same op set)"): a planned Tile
// kernel emits exactly the PTO of its hand-written Buffer form; the program itself is not changed.
#include <doctest/doctest.h>

#include "ptorw/codegen/emit.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/visit/equal.hpp"
namespace ut_codegen_tile_stage_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

ir::ProgramPtr parse(const std::string& src) {
  auto p = text::parse_program(src, "t.py");
  for (const auto& e : p.errors) FAIL_CHECK(e.str());
  REQUIRE(p.ok());
  return p.program;
}

// rsqrt is outside the default rollout: selection keeps this kernel on Tile IR.
const char* kPlannedTile = R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def k(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 2048, addr=2048)
        x: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m0, 0, 2048), pl.Mem.Vec] = pl.load(A, [0, 0], [16, 32])
        y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.rsqrt(x)
        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)
        return r
)";

const char* kBufferForm = R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def k(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 0)
        y_buf: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((), 2048)
        pl.buffer.load(A, (0, 0), (16, 32), x_buf)
        pl.buffer.rsqrt(x_buf, y_buf)
        pl.buffer.store(y_buf, (0, 0), (16, 32), Out)
        return Out
)";

}  // namespace

TEST_CASE("a planned kernel that stays on Tile IR emits the PTO of its Buffer form") {
  auto tile = parse(kPlannedTile);
  auto before = parse(kPlannedTile);
  auto r = codegen::emit_program(*tile);
  for (const auto& d : r.diagnostics) FAIL_CHECK(d.str());
  REQUIRE(r.kernels.size() == 1);
  CHECK(r.tile_stage.empty());
  auto want = codegen::emit_program(*parse(kBufferForm));
  REQUIRE(want.kernels.size() == 1);
  CHECK(r.kernels[0].text == want.kernels[0].text);
  CHECK(r.kernels[0].text.find("pto.trsqrt ins(") != std::string::npos);
  CHECK(visit::structural_equal(*tile, *before).equal);  // emission does not change the program
}

TEST_CASE("a planned Tile kernel without a PTO form fails closed with the reason") {
  // tile.rsqrt in place: a distinct destination is required; no partial output.
  std::string src = kPlannedTile;
  src.replace(src.find("MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.rsqrt"), 9, "MemRef(m0");
  auto r = codegen::emit_program(*parse(src));
  CHECK_FALSE(r.ok());
  CHECK(r.kernels.empty());
  REQUIRE_FALSE(r.diagnostics.empty());
  CHECK(r.diagnostics[0].str().find("stays on Tile IR and has no PTO form") != std::string::npos);
  CHECK(r.diagnostics[0].str().find("distinct") != std::string::npos);
  CHECK(r.diagnostics[0].span.line == 8);
}

/// kPlannedTile with `y`'s line and the store's line replaced (the same two places each time).
std::string planned_with(const std::string& y_line, const std::string& store_line) {
  std::string src = kPlannedTile;
  auto put = [&](const std::string& from, const std::string& to) { src.replace(src.find(from), from.size(), to); };
  put("y: pl.Tile[[16, 32], pl.FP32, pl.MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.rsqrt(x)", y_line);
  put("r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 0], Out)", store_line);
  return src;
}

TEST_CASE("a planned kernel with a reduction or broadcast has no PTO form, and says which op") {
  // col_sum of [16, 32] into [1, 32]: both tiles are 32-byte rows, so the op is the first reason.
  auto r = codegen::emit_program(*parse(planned_with("y: pl.Tile[[1, 32], pl.FP32, pl.MemRef(m1, 0, 128), pl.Mem.Vec] = pl.tile.col_sum(x)",
                                                     "r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [3, 0], Out)")));
  CHECK_FALSE(r.ok());
  CHECK(r.kernels.empty());
  REQUIRE_FALSE(r.diagnostics.empty());
  CHECK(r.diagnostics[0].str() ==
        "t.py:8:9: error: kernel 'k' stays on Tile IR and has no PTO form: tile.col_sum has no recipe in the lowering spec's table "
        "and no instruction in the PTO format, so its kernel stays on Tile IR");
  // row_sum into [16, 1]: its 4-byte rows fit no Buffer descriptor, but the reason given is still
  // the op (asked before the storage is indexed).
  auto rr = codegen::emit_program(*parse(planned_with("y: pl.Tile[[16, 1], pl.FP32, pl.MemRef(m1, 0, 64), pl.Mem.Vec] = pl.tile.row_sum(x)",
                                                      "r: pl.Tensor[[16, 32], pl.FP32] = pl.store(y, [0, 5], Out)")));
  REQUIRE_FALSE(rr.diagnostics.empty());
  CHECK(rr.diagnostics[0].str().find("t.py:8:9: error: kernel 'k' stays on Tile IR and has no PTO form: tile.row_sum has no recipe") == 0);
}

// Issue 17, finding 2 ("a silent miscompile in emission"): a planned kernel loading a [16, cols]
// valid region of [16, 64] stays on Tile IR; its emission used to exit 0 with `v_row=16, v_col=?`
// descriptors, no operand stating `cols`, a 16x64 partition and `cols` unused. A runtime valid
// extent is a value the emitter must express or refuse (lower_tile_to_buffer.md "Runtime valid
// extents": it "makes both descriptor dimensions dynamic"): refused until the runtime-valid recipe
// exists, naming the variable, its valid shape and the kernel.
TEST_CASE("a runtime valid extent is stated (set_validshape, guarded ops), never dropped") {
  // Issue 17, finding 2: this planned kernel used to be emitted as v_row=16, v_col=? with no
  // operand stating `cols`. Its Buffer form now carries the extent (lower_tile_to_buffer.md
  // "Runtime valid extents"): v_row=?, v_col=? allocations starting at their physical extents, a
  // set_validshape before each defining op, and load/add/store under `cols > 0`.
  const char* src = R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, attrs={"buffer_ir_selected": False})
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        m0 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=0)
        m1 = pl.tile.alloc(pl.Mem.Vec, 4096, addr=4096)
        loaded: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m0, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.load(x, [0, 0], [16, 64], [16, cols])
        doubled: pl.Tile[[16, 64], pl.FP32, pl.MemRef(m1, 0, 4096), pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.tile.add(loaded, loaded)
        o: pl.Tensor[[16, 64], pl.FP32] = pl.tile.store(doubled, [0, 0], out)
        return o
)";
  auto r = codegen::emit_program(*parse(src));
  for (const auto& d : r.diagnostics) FAIL_CHECK(d.str());
  REQUIRE(r.kernels.size() == 1);
  const std::string& t = r.kernels[0].text;
  auto count = [&](const std::string& needle) {
    std::size_t n = 0;
    for (std::size_t at = t.find(needle); at != std::string::npos; at = t.find(needle, at + 1)) ++n;
    return n;
  };
  CHECK(count("pto.alloc_tile addr = %c0_i64 valid_row = %c16 valid_col = %c64 : !pto.tile_buf<loc=vec, dtype=f32, "
              "rows=16, cols=64, v_row=?, v_col=?") == 1);
  CHECK(count("pto.set_validshape %loaded_buf, %c16, %arg2 :") == 1);
  CHECK(count("pto.set_validshape %doubled_buf, %c16, %arg2 :") == 1);
  CHECK(count("arith.cmpi sgt, %arg2, %c0 : index") == 3);
  CHECK(count("scf.if") == 3);
  CHECK(count("sizes = [%c16, %arg2] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x?xf32>") == 2);
  CHECK(t.find("v_col=64") == std::string::npos);
  CHECK(t.find("v_row=16") == std::string::npos);

  // A Buffer-stage kernel written by hand with a runtime extent in its descriptor (no -1s, no
  // starting extents) is still an error at its allocation: the emitter never guesses.
  const char* buf = R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def k(self, x: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]], cols: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 64], pl.FP32]:
        b: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, cols])] = pl.buffer.alloc((), 0)
        pl.buffer.load(x, [0, 0], [16, 64], b)
        pl.buffer.store(b, [0, 0], [16, 64], out)
        return out
)";
  auto bad = codegen::emit_program(*parse(buf));
  CHECK_FALSE(bad.ok());
  CHECK(bad.kernels.empty());
  REQUIRE_FALSE(bad.diagnostics.empty());
  const std::string msg = bad.diagnostics[0].str();
  CHECK(msg.find("runtime valid extent (valid_shape=[16, cols])") != std::string::npos);
  CHECK(msg.find("kernel 'k'") != std::string::npos);
  CHECK(bad.diagnostics[0].span.line == 5);
}

// Issue 17, finding 3: a rank-1 buffer [N] is one 1×N tile_buf row (its valid extent is the
// column's); rank 3 stays refused with the reason.
TEST_CASE("rank-1 buffers are one-row tile_bufs; rank 3 is refused") {
  const char* src = R"(@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)
    def k(self, A: pl.Tensor[[64], pl.FP32], Out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:
        a: pl.Buffer[[64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[48])] = pl.buffer.alloc((), 0)
        pl.buffer.load(A, (0,), (48,), a)
        pl.buffer.store(a, (0,), (48,), Out)
        return Out
)";
  auto r = codegen::emit_program(*parse(src));
  for (const auto& d : r.diagnostics) FAIL_CHECK(d.str());
  REQUIRE(r.kernels.size() == 1);
  CHECK(r.kernels[0].text.find("rows=1, cols=64, v_row=1, v_col=48,") != std::string::npos);
  CHECK(r.kernels[0].text.find("!pto.partition_tensor_view<48xf32>") != std::string::npos);

  std::string rank3 = src;
  for (auto [from, to] : {std::pair<std::string, std::string>{"[[64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[48])]", "[[2, 4, 8], pl.FP32, pl.Mem.Vec]"}}) {
    REQUIRE(rank3.find(from) != std::string::npos);
    rank3.replace(rank3.find(from), from.size(), to);
  }
  auto bad = codegen::emit_program(*parse(rank3));
  CHECK_FALSE(bad.ok());
  REQUIRE_FALSE(bad.diagnostics.empty());
  CHECK(bad.diagnostics[0].str().find("this buffer has rank 3") != std::string::npos);
}

// Issue 17: one kernel without a PTO form does not take the others down; fail_fast restores
// all-or-nothing. A failing kernel is never emitted partly.
TEST_CASE("emit_program: per-kernel results; fail_fast stops at the first failure") {
  std::string two = kPlannedTile;
  std::string broken = kPlannedTile;  // the in-place rsqrt of the test above, renamed 'bad'
  broken.replace(broken.find("MemRef(m1, 0, 2048), pl.Mem.Vec] = pl.tile.rsqrt"), 9, "MemRef(m0");
  broken.replace(broken.find("def k("), 6, "def bad(");
  const std::string fn = broken.substr(broken.find("    @pl.function"));
  two.insert(two.find("    @pl.function"), fn);  // bad first, then k
  auto p = parse(two);
  auto r = codegen::emit_program(*p);
  CHECK_FALSE(r.ok());
  REQUIRE(r.kernels.size() == 1);
  CHECK(r.kernels[0].name == "k");
  CHECK(r.failed == std::vector<std::string>{"bad"});
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].str().find("kernel 'bad' stays on Tile IR") != std::string::npos);

  codegen::EmitOptions o;
  o.fail_fast = true;
  auto ff = codegen::emit_program(*p, o);
  CHECK_FALSE(ff.ok());
  CHECK(ff.kernels.empty());
  CHECK(ff.failed == std::vector<std::string>{"bad"});
}

TEST_CASE("emit_program: a kernel InitMemRef could not plan is a failure with its reason, at its statement") {
  // issue 17 "One kernel stops the whole program": the recorded refusal (init_memref_refused) is
  // reported as a kernel without a PTO form; the planned kernel next to it is still emitted. A
  // kernel that is merely unplanned (no planning ran) is listed in tile_stage instead.
  std::string two = kPlannedTile;
  const std::string refused = R"X(    @pl.function(type=pl.FunctionType.InCore, attrs={"init_memref_refused": "tile.assemble into the slice window 'v' is not planned (an assemble into a window target retains Tile IR)"})
    def s(self, A: pl.Tensor[[16, 64], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 64])
        v = pl.tile.slice(x, [16, 32], [0, 0])
        w = pl.tile.assemble(v, v, [0, 0])
        r = pl.store(w, [0, 0], Out)
        return r
    @pl.function(type=pl.FunctionType.InCore)
    def u(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:
        x = pl.load(A, [0, 0], [16, 32])
        r = pl.store(x, [0, 0], Out)
        return r
)X";
  two.insert(two.find("    @pl.function"), refused);
  auto p = parse(two);
  auto r = codegen::emit_program(*p);
  CHECK_FALSE(r.ok());
  REQUIRE(r.kernels.size() == 1);
  CHECK(r.kernels[0].name == "k");
  CHECK(r.failed == std::vector<std::string>{"s"});
  CHECK(r.tile_stage == std::vector<std::string>{"u"});
  REQUIRE(r.diagnostics.size() == 1);
  const std::string d = r.diagnostics[0].str();
  CHECK(d.find("t.py:7:9: error: kernel 's' stays on unplanned Tile IR and has no PTO form: InitMemRef: tile.assemble "
               "into the slice window 'v' is not planned") == 0);
}
}  // namespace ut_codegen_tile_stage_test
