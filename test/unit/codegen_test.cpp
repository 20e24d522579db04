// The PTO emitter (codegen/): expected text written by hand from ../shared/pto_format.md for the
// spec's examples (lower_tile_to_buffer.md "Representation example", "Planned storage views") and
// for scalars, scf.for/if/while, precision attributes, block queries, the cube path, both
// assembler spellings, the generic form, and fail-closed diagnostics. Inputs: test/codegen/*.py.
#include <fstream>
#include <sstream>
#include <cmath>
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "ptorw/codegen/emit.hpp"
#include "ptorw/text/parser.hpp"
namespace ut_codegen_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

ir::ProgramPtr parse_file(const std::string& name) {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  REQUIRE(root);
  auto r = text::parse_file(std::string(root) + "/test/codegen/" + name);
  for (const auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  return r.program;
}

/// The module of the single kernel of test/codegen/NAME.
std::string emit(const std::string& name, codegen::EmitOptions o = {}) {
  auto p = parse_file(name);
  auto r = codegen::emit_program(*p, o);
  for (const auto& d : r.diagnostics) FAIL_CHECK(d.str());
  REQUIRE(r.kernels.size() == 1);
  return r.kernels[0].text;
}

/// A program whose kernel `kernel(self, <params>)` at Buffer stage has `body` (8-space indented).
ir::ProgramPtr inline_kernel(const std::string& params, const std::string& body,
                             const std::string& type = "InCore") {
  std::string src = "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType." + type +
                    ", stage=pl.FunctionIRStage.Buffer)\n    def kernel(self, " + params + "):\n" + body;
  auto r = text::parse_program(src, "t.py");
  for (const auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  return r.program;
}

/// The one diagnostic of a failed emission; also checks that nothing was emitted.
std::string failure(const ir::Program& p, codegen::EmitOptions o = {}) {
  auto r = codegen::emit_program(p, o);
  CHECK_FALSE(r.ok());
  CHECK(r.kernels.empty());
  REQUIRE(r.diagnostics.size() == 1);
  return r.diagnostics[0].str();
}

// Types of the examples, spelled once (pto_format.md "Types": keyword form, Vec defaults).
const std::string T = "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=16, v_col=32, blayout=row_major, "
                      "slayout=none_box, fractal=512, pad=0>";
const std::string TV = "!pto.tensor_view<?x?xf32>";
const std::string PV = "!pto.partition_tensor_view<16x32xf32>";

const std::string kRepHead =
    "module attributes {pto.target_arch = \"a2a3\"} {\n"
    "  func.func @kernel(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %arg2: !pto.ptr<f32>) {\n";
const std::string kRepViews =
    "    %tv0 = pto.make_tensor_view %arg0, shape = [%c16, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : " + TV + "\n"
    "    %tv1 = pto.make_tensor_view %arg1, shape = [%c16, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : " + TV + "\n"
    "    %tv2 = pto.make_tensor_view %arg2, shape = [%c16, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : " + TV + "\n";
const std::string kRepBody =
    "    %pv0 = pto.partition_view %tv0, offsets = [%c0, %c0], sizes = [%c16, %c32] : " + TV + " -> " + PV + "\n"
    "    pto.tload ins(%pv0 : " + PV + ") outs(%a_buf : " + T + ")\n"
    "    %pv1 = pto.partition_view %tv1, offsets = [%c0, %c0], sizes = [%c16, %c32] : " + TV + " -> " + PV + "\n"
    "    pto.tload ins(%pv1 : " + PV + ") outs(%b_buf : " + T + ")\n"
    "    pto.tadd ins(%a_buf, %b_buf : " + T + ", " + T + ") outs(%r_buf : " + T + ")\n"
    "    %pv2 = pto.partition_view %tv2, offsets = [%c0, %c0], sizes = [%c16, %c32] : " + TV + " -> " + PV + "\n"
    "    pto.tstore ins(%r_buf : " + T + ") outs(%pv2 : " + PV + ")\n"
    "    return\n"
    "  }\n"
    "}\n";

}  // namespace

TEST_CASE("representation example, addressed planner: alloc_tile carries addr = %cN_i64") {
  std::string want = kRepHead +
      "    %c16 = arith.constant 16 : index\n"
      "    %c32 = arith.constant 32 : index\n"
      "    %c1 = arith.constant 1 : index\n"
      "    %c0_i64 = arith.constant 0 : i64\n"
      "    %c2048_i64 = arith.constant 2048 : i64\n"
      "    %c4096_i64 = arith.constant 4096 : i64\n"
      "    %c0 = arith.constant 0 : index\n" + kRepViews +
      "    %a_buf = pto.alloc_tile addr = %c0_i64 : " + T + "\n"
      "    %b_buf = pto.alloc_tile addr = %c2048_i64 : " + T + "\n"
      "    %r_buf = pto.alloc_tile addr = %c4096_i64 : " + T + "\n" + kRepBody;
  CHECK(emit("representation.py") == want);
  // Only the orchestration function besides the kernel: it is not emitted.
  CHECK(codegen::emit_program(*parse_file("representation.py")).kernels.size() == 1);
}

TEST_CASE("representation example, PTOAS planner: no addr clause, no address constants") {
  std::string want = kRepHead +
      "    %c16 = arith.constant 16 : index\n"
      "    %c32 = arith.constant 32 : index\n"
      "    %c1 = arith.constant 1 : index\n"
      "    %c0 = arith.constant 0 : index\n" + kRepViews +
      "    %a_buf = pto.alloc_tile : " + T + "\n"
      "    %b_buf = pto.alloc_tile : " + T + "\n"
      "    %r_buf = pto.alloc_tile : " + T + "\n" + kRepBody;
  CHECK(emit("representation_ptoas.py") == want);
}

TEST_CASE("arch and kernel kind: module target_arch, AIC cube / AIV vector attributes") {
  codegen::EmitOptions o;
  o.arch = codegen::Arch::A5;
  CHECK(emit("representation.py", o).rfind("module attributes {pto.target_arch = \"a5\"} {\n", 0) == 0);
  CHECK(emit("cube.py").find("attributes {pto.kernel_kind = #pto.kernel_kind<cube>} {\n") != std::string::npos);
  CHECK(emit("precision.py").find("attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {\n") != std::string::npos);
  CHECK(emit("representation.py").find("kernel_kind") == std::string::npos);
}

TEST_CASE("storage view: root / subview / reshape, newer assembler spellings") {
  const std::string R = "!pto.tile_buf<loc=vec, dtype=ui8, rows=128, cols=32, v_row=128, v_col=32, blayout=row_major, "
                        "slayout=none_box, fractal=512, pad=0>";
  const std::string W = "!pto.tile_buf<loc=vec, dtype=ui8, rows=64, cols=32, v_row=64, v_col=32, blayout=row_major, "
                        "slayout=none_box, fractal=512, pad=0>";
  std::string head =
      "module attributes {pto.target_arch = \"a2a3\"} {\n"
      "  func.func @kernel(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>) {\n"
      "    %c16 = arith.constant 16 : index\n"
      "    %c32 = arith.constant 32 : index\n"
      "    %c1 = arith.constant 1 : index\n"
      "    %c8192_i64 = arith.constant 8192 : i64\n"
      "    %c2 = arith.constant 2 : index\n"
      "    %c0 = arith.constant 0 : index\n";
  std::string views =
      "    %tv0 = pto.make_tensor_view %arg0, shape = [%c16, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : " + TV + "\n"
      "    %tv1 = pto.make_tensor_view %arg1, shape = [%c16, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : " + TV + "\n"
      "    %root = pto.alloc_tile addr = %c8192_i64 : " + R + "\n";
  std::string tail =
      "    %pv0 = pto.partition_view %tv0, offsets = [%c0, %c0], sizes = [%c16, %c32] : " + TV + " -> " + PV + "\n"
      "    pto.tload ins(%pv0 : " + PV + ") outs(%value : " + T + ")\n"
      "    pto.texp ins(%value : " + T + ") outs(%value : " + T + ")\n"
      "    %pv1 = pto.partition_view %tv1, offsets = [%c0, %c0], sizes = [%c16, %c32] : " + TV + " -> " + PV + "\n"
      "    pto.tstore ins(%value : " + T + ") outs(%pv1 : " + PV + ")\n"
      "    return\n"
      "  }\n"
      "}\n";
  SUBCASE("new: pto.subview ... -> Tview, SSA pto.treshape") {
    CHECK(emit("storage_view.py") ==
          head + views +
              "    %window = pto.subview %root[%c2, %c0] sizes [64, 32] : " + R + " -> " + W + "\n"
              "    %value = pto.treshape %window : " + W + " -> " + T + "\n" + tail);
  }
  SUBCASE("old: pto.subset ... : Tparent; treshape in SSA form too (pto_format.md: every release spells it so)") {
    codegen::EmitOptions o;
    o.version = codegen::PtoVersion::Old;
    CHECK(emit("storage_view.py", o) ==
          head + views +
              "    %window = pto.subset %root[%c2, %c0] sizes [64, 32] : " + R + "\n"
              "    %value = pto.treshape %window : " + W + " -> " + T + "\n" + tail);
  }
}

TEST_CASE("scalar arithmetic and a For carrying a scalar") {
  std::string want =
      "module attributes {pto.target_arch = \"a2a3\"} {\n"
      "  func.func @kernel(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %arg2: index) {\n"
      "    %c64 = arith.constant 64 : index\n"
      "    %c32 = arith.constant 32 : index\n"
      "    %c1 = arith.constant 1 : index\n"
      "    %c0_i64 = arith.constant 0 : i64\n"
      "    %c0 = arith.constant 0 : index\n"
      "    %c16 = arith.constant 16 : index\n"
      "    %cst = arith.constant 2.0 : f32\n"
      "    %tv0 = pto.make_tensor_view %arg0, shape = [%c64, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : " + TV + "\n"
      "    %tv1 = pto.make_tensor_view %arg1, shape = [%c64, %c32], strides = [%c32, %c1] {layout = #pto.layout<nd>} : " + TV + "\n"
      "    %t = pto.alloc_tile addr = %c0_i64 : " + T + "\n"
      "    %row_out = scf.for %i = %c0 to %arg2 step %c1 iter_args(%row = %c0) -> (index) {\n"
      "      %pv0 = pto.partition_view %tv0, offsets = [%row, %c0], sizes = [%c16, %c32] : " + TV + " -> " + PV + "\n"
      "      pto.tload ins(%pv0 : " + PV + ") outs(%t : " + T + ")\n"
      "      pto.tmuls ins(%t, %cst : " + T + ", f32) outs(%t : " + T + ")\n"
      "      %pv1 = pto.partition_view %tv1, offsets = [%row, %c0], sizes = [%c16, %c32] : " + TV + " -> " + PV + "\n"
      "      pto.tstore ins(%t : " + T + ") outs(%pv1 : " + PV + ")\n"
      "      %nxt = arith.addi %row, %c16 : index\n"
      "      scf.yield %nxt : index\n"
      "    }\n"
      "    return\n"
      "  }\n"
      "}\n";
  CHECK(emit("scalar_for.py") == want);
}

TEST_CASE("an If with a scalar result: scf.if -> (index), both arms yield") {
  std::string out = emit("if_results.py");
  std::string want_if =
      "    %selected_offset = scf.if %arg3 -> (index) {\n"
      "      pto.tmul ins(%a_buf, %b_buf : " + T + ", " + T + ") outs(%destination : " + T + ")\n"
      "      scf.yield %c16 : index\n"
      "    } else {\n"
      "      pto.tmov ins(%a_buf : " + T + ") outs(%destination : " + T + ")\n"
      "      scf.yield %c0 : index\n"
      "    }\n"
      "    %pv2 = pto.partition_view %tv2, offsets = [%selected_offset, %c0], sizes = [%c16, %c32] : " + TV + " -> " + PV + "\n";
  CHECK(out.find(want_if) != std::string::npos);
  // Parameter order: GM tensors first, then the BOOL scalar as i1.
  CHECK(out.find("@kernel(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %arg2: !pto.ptr<f32>, %arg3: i1)") != std::string::npos);
  // The Out tensor is [32, 32]: its shape and strides come from the tensor type.
  CHECK(out.find("%tv2 = pto.make_tensor_view %arg2, shape = [%c32, %c32], strides = [%c32, %c1]") != std::string::npos);
}

TEST_CASE("a While carrying two scalars: condition region, do region with its own block arguments") {
  std::string want =
      "    %t = pto.alloc_tile : " + T + "\n"
      "    %row_out:2 = scf.while (%row = %c0, %k = %c0) : (index, index) -> (index, index) {\n"
      "      %0 = arith.cmpi slt, %k, %arg2 : index\n"
      "      scf.condition(%0) %row, %k : index, index\n"
      "    } do {\n"
      "    ^bb0(%row_1: index, %k_1: index):\n"
      "      %pv0 = pto.partition_view %tv0, offsets = [%row_1, %c0], sizes = [%c16, %c32] : " + TV + " -> " + PV + "\n"
      "      pto.tload ins(%pv0 : " + PV + ") outs(%t : " + T + ")\n"
      "      pto.trelu ins(%t : " + T + ") outs(%t : " + T + ")\n"
      "      %pv1 = pto.partition_view %tv1, offsets = [%row_1, %c0], sizes = [%c16, %c32] : " + TV + " -> " + PV + "\n"
      "      pto.tstore ins(%t : " + T + ") outs(%pv1 : " + PV + ")\n"
      "      %1 = arith.addi %row_1, %c16 : index\n"
      "      %2 = arith.addi %k_1, %c1 : index\n"
      "      scf.yield %1, %2 : index, index\n"
      "    }\n"
      "    return\n";
  CHECK(emit("while_loop.py").find(want) != std::string::npos);
}

TEST_CASE("nested regions: an If without else and result, a For without carries, an If with a result inside a carrying For") {
  std::string want =
      "    %limit = arith.index_cast %arg2 : i32 to index\n"
      "    scf.for %i = %c0 to %c4 step %c1 {\n"
      "      %row = arith.muli %i, %c16 : index\n"
      "      %pv0 = pto.partition_view %tv0, offsets = [%row, %c0], sizes = [%c16, %c32] : " + TV + " -> " + PV + "\n"
      "      pto.tload ins(%pv0 : " + PV + ") outs(%t : " + T + ")\n"
      "      %0 = arith.cmpi slt, %row, %limit : index\n"
      "      %1 = arith.andi %arg3, %0 : i1\n"
      "      scf.if %1 {\n"
      "        pto.tneg ins(%t : " + T + ") outs(%t : " + T + ")\n"
      "      }\n"
      "      %acc_out = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc = %row) -> (index) {\n"
      "        %2 = arith.cmpi eq, %j, %c1 : index\n"
      "        %nxt = scf.if %2 -> (index) {\n"
      "          pto.tsqrt ins(%t : " + T + ") outs(%u : " + T + ")\n"
      "          scf.yield %acc : index\n"
      "        } else {\n"
      "          pto.tabs ins(%t : " + T + ") outs(%u : " + T + ")\n"
      "          %3 = arith.addi %acc, %c0 : index\n"
      "          scf.yield %3 : index\n"
      "        }\n"
      "        scf.yield %nxt : index\n"
      "      }\n"
      "      %pv1 = pto.partition_view %tv1, offsets = [%acc_out, %c0], sizes = [%c16, %c32] : " + TV + " -> " + PV + "\n"
      "      pto.tstore ins(%u : " + T + ") outs(%pv1 : " + PV + ")\n"
      "    }\n"
      "    return\n";
  CHECK(emit("nested_control.py").find(want) != std::string::npos);
  // The generic form spells the empty terminators and the absent else region.
  codegen::EmitOptions o;
  o.generic = true;
  CHECK(emit("nested_control.py", o).find("        \"pto.tneg\"(%t, %t) : (" + T + ", " + T + ") -> ()\n"
                                          "        \"scf.yield\"() : () -> ()\n"
                                          "      }, {\n"
                                          "      }) : (i1) -> ()\n") != std::string::npos);
}

TEST_CASE("precision attribute rides in the trailing dict") {
  CHECK(emit("precision.py").find("    pto.tdiv ins(%a_buf, %b_buf : " + T + ", " + T + ") outs(%a_buf : " + T +
                                  ") {precisionType = #pto<div_precision high_precision>}\n") != std::string::npos);
  // Older assemblers do not know the attribute (pto_format.md "Version drift"): a non-default
  // precision cannot be expressed there, so it is an error, never dropped.
  codegen::EmitOptions o;
  o.version = codegen::PtoVersion::Old;
  auto p = parse_file("precision.py");
  auto r = codegen::emit_program(*p, o);
  CHECK_FALSE(r.ok());
  REQUIRE_FALSE(r.diagnostics.empty());
  CHECK(r.diagnostics[0].str().find("the older assembler has no precisionType attribute; emit with --pto-version=new") !=
        std::string::npos);
}

TEST_CASE("block queries: SPMD ABI parameters after the scalars, read with index_cast") {
  std::string out = emit("block_query.py");
  CHECK(out.find("@kernel(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %arg2: f32, %__pypto_spmd_block_idx: i32, "
                 "%__pypto_spmd_block_num: i32, %__pypto_spmd_subblock_idx: i32)") != std::string::npos);
  CHECK(out.find("    %b = arith.index_cast %__pypto_spmd_block_idx : i32 to index\n"
                 "    %row = arith.muli %b, %c16 : index\n") != std::string::npos);
  // The scalar operand of tmuls is the f32 parameter itself.
  CHECK(out.find("    pto.tmuls ins(%t, %arg2 : " + T + ", f32) outs(%t : " + T + ")\n") != std::string::npos);
  // No query, no ABI parameters.
  CHECK(emit("scalar_for.py").find("__pypto_spmd") == std::string::npos);
}

TEST_CASE("cube path: Mat/Left/Right/Acc default layouts, tmov, tmatmul, tmatmul.acc with the accumulator first") {
  auto tb = [](const char* loc, const char* dt, const char* bl, const char* sl, int fractal) {
    return std::string("!pto.tile_buf<loc=") + loc + ", dtype=" + dt + ", rows=64, cols=64, v_row=64, v_col=64, blayout=" + bl +
           ", slayout=" + sl + ", fractal=" + std::to_string(fractal) + ", pad=0>";
  };
  std::string mat = tb("mat", "f16", "col_major", "row_major", 512), left = tb("left", "f16", "col_major", "row_major", 512);
  std::string right = tb("right", "f16", "row_major", "col_major", 512), acc = tb("acc", "f32", "col_major", "row_major", 1024);
  std::string out = emit("cube.py");
  CHECK(out.find("    %a_mat = pto.alloc_tile addr = %c0_i64 : " + mat + "\n"
                 "    %b_mat = pto.alloc_tile addr = %c8192_i64 : " + mat + "\n"
                 "    %a_l0 = pto.alloc_tile addr = %c0_i64 : " + left + "\n"
                 "    %b_l0 = pto.alloc_tile addr = %c0_i64 : " + right + "\n"
                 "    %acc = pto.alloc_tile addr = %c0_i64 : " + acc + "\n") != std::string::npos);
  CHECK(out.find("    pto.tmov ins(%a_mat : " + mat + ") outs(%a_l0 : " + left + ")\n"
                 "    pto.tmov ins(%b_mat : " + mat + ") outs(%b_l0 : " + right + ")\n"
                 "    pto.tmatmul ins(%a_l0, %b_l0 : " + left + ", " + right + ") outs(%acc : " + acc + ")\n"
                 "    pto.tmatmul.acc ins(%acc, %a_l0, %b_l0 : " + acc + ", " + left + ", " + right + ") outs(%acc : " + acc + ")\n") !=
        std::string::npos);
  CHECK(out.find("@kernel(%arg0: !pto.ptr<f16>, %arg1: !pto.ptr<f16>, %arg2: !pto.ptr<f32>)") != std::string::npos);
}

TEST_CASE("runtime valid extents: alloc_tile valid_row/valid_col, v_row=?, set_validshape, subview valid clause") {
  auto p = inline_kernel(
      "X: pl.Tensor[[16, 64], pl.FP32], cols: pl.Scalar[pl.INDEX], Out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]",
      "        t: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.alloc((16, cols), 0)\n"
      "        pl.buffer.set_validshape(t, (16, cols))\n"
      "        pl.buffer.load(X, (0, 0), (16, cols), t)\n"
      "        w: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, -1])] = pl.buffer.subview(t, (0, 32), (16, 32), (16, cols))\n"
      "        pl.buffer.store(w, (0, 0), (16, 32), Out)\n");
  const std::string D = "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?, blayout=row_major, "
                        "slayout=none_box, fractal=512, pad=0>";
  // The window's descriptor is [16, -1]; its tile_buf is dynamic on both axes (pto_format.md, Types:
  // "`v_row`/`v_col` are `?` when the valid extent is dynamic (both axes at once)"), the subview's
  // valid operands carry the static 16.
  const std::string W = "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=32, v_row=?, v_col=?, blayout=row_major, "
                        "slayout=none_box, fractal=512, pad=0>";
  auto r = codegen::emit_program(*p);
  REQUIRE(r.ok());
  const std::string& out = r.kernels[0].text;
  CHECK(out.find("    %t = pto.alloc_tile addr = %c0_i64 valid_row = %c16 valid_col = %arg2 : " + D + "\n"
                 "    pto.set_validshape %t, %c16, %arg2 : " + D + "\n") != std::string::npos);
  CHECK(out.find("sizes = [%c16, %arg2] : " + TV + " -> !pto.partition_tensor_view<16x?xf32>\n") != std::string::npos);
  CHECK(out.find("    %w = pto.subview %t[%c0, %c32] sizes [16, 32] valid [%c16, %arg2] : " + D + " -> " + W + "\n") !=
        std::string::npos);
  // The older pto.subset has no valid clause: fail closed instead of dropping it.
  codegen::EmitOptions o;
  o.version = codegen::PtoVersion::Old;
  CHECK(failure(*p, o) == "t.py:8:90: error: the older pto.subset has no valid clause; emit with --pto-version=new "
                          "(in kernel 'kernel')");
}

TEST_CASE("a static partially valid view: subview with its valid tuple; the older releases' spelling of the zero-offset relabel") {
  // lower_tile_to_buffer.md: "Every lowered window carries its valid tuple"; "Static valid rectangles
  // use independent zero-offset subviews". pto_format.md: the older pto.subset has no valid clause,
  // and every release spells treshape in SSA form.
  const std::string params = "A: pl.Tensor[[16, 64], pl.FP32], Out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]";
  const std::string head =
      "        x: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())\n"
      "        pl.buffer.load(A, (0, 0), (16, 64), x)\n";
  auto relabel = inline_kernel(params, head +
      "        y: pl.Buffer[[16, 64], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[16, 32])] = pl.buffer.subview(x, (0, 0), (16, 64), (16, 32))\n"
      "        pl.buffer.store(y, (0, 0), (16, 32), Out)\n");
  const std::string X = "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=64, blayout=row_major, "
                        "slayout=none_box, fractal=512, pad=0>";
  const std::string Y = "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=16, v_col=32, blayout=row_major, "
                        "slayout=none_box, fractal=512, pad=0>";
  auto r = codegen::emit_program(*relabel);
  REQUIRE(r.ok());
  CHECK(r.kernels[0].text.find("    %y = pto.subview %x[%c0, %c0] sizes [16, 64] valid [%c16, %c32] : " + X + " -> " + Y + "\n") !=
        std::string::npos);
  codegen::EmitOptions old;
  old.version = codegen::PtoVersion::Old;
  auto ro = codegen::emit_program(*relabel, old);
  REQUIRE(ro.ok());
  CHECK(ro.kernels[0].text.find("    %y = pto.treshape %x : " + X + " -> " + Y + "\n") != std::string::npos);
  // A window that is not the whole parent has no older spelling: an error, never a dropped clause.
  auto window = inline_kernel(params, head +
      "        w: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[8, 32])] = pl.buffer.subview(x, (0, 32), (16, 32), (8, 32))\n"
      "        pl.buffer.store(w, (0, 0), (8, 32), Out)\n");
  CHECK(failure(*window, old).find("the older pto.subset has no valid clause") != std::string::npos);
}

TEST_CASE("GM tensor views: TensorView strides honoured, symbolic dims read from the scalar of that name") {
  std::string src =
      "M = pl.dynamic(\"M\")\n"
      "@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)\n"
      "    def kernel(self, X: pl.Tensor[[M, 32], pl.FP32, pl.TensorView(stride=[64, 1], layout=pl.TensorLayout.DN)],\n"
      "               M: pl.Scalar[pl.INDEX], Y: pl.Tensor[[M, 32], pl.FP32]):\n"
      "        t: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())\n"
      "        pl.buffer.load(X, (0, 0), (16, 32), t)\n"
      "        pl.buffer.store(t, (0, 0), (16, 32), Y)\n";
  auto r0 = text::parse_program(src, "t.py");
  for (const auto& d : r0.errors) FAIL_CHECK(d.str());
  REQUIRE(r0.ok());
  auto r = codegen::emit_program(*r0.program);
  for (const auto& d : r.diagnostics) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  const std::string& out = r.kernels[0].text;
  CHECK(out.find("@kernel(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %arg2: index)") != std::string::npos);
  CHECK(out.find("    %tv0 = pto.make_tensor_view %arg0, shape = [%arg2, %c32], strides = [%c64, %c1] "
                 "{layout = #pto.layout<dn>} : " + TV + "\n") != std::string::npos);
  CHECK(out.find("    %tv1 = pto.make_tensor_view %arg1, shape = [%arg2, %c32], strides = [%c32, %c1] "
                 "{layout = #pto.layout<nd>} : " + TV + "\n") != std::string::npos);
}

TEST_CASE("scalar ops: casts, floor division, Python modulo, comparisons, negation") {
  auto p = inline_kernel(
      "X: pl.Tensor[[64, 32], pl.FP32], n: pl.Scalar[pl.INT32], f: pl.Scalar[pl.FP32]",
      "        t: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())\n"
      "        k: pl.Scalar[pl.INDEX] = pl.cast(n, target_type=pl.INDEX)\n"
      "        q: pl.Scalar[pl.INDEX] = k // 4\n"
      "        m: pl.Scalar[pl.INDEX] = k % 4\n"
      "        g: pl.Scalar[pl.FP32] = -f\n"
      "        c: pl.Scalar[pl.BOOL] = g >= 1.5\n"
      "        pl.buffer.load(X, (q * 16 + m, 0), (16, 32), t)\n"
      "        pl.buffer.adds(t, g, t)\n");
  auto r = codegen::emit_program(*p);
  for (const auto& d : r.diagnostics) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  std::string want =
      "    %k = arith.index_cast %arg1 : i32 to index\n"
      "    %q = arith.floordivsi %k, %c4 : index\n"
      "    %0 = arith.floordivsi %k, %c4 : index\n"
      "    %1 = arith.muli %0, %c4 : index\n"
      "    %m = arith.subi %k, %1 : index\n"
      "    %g = arith.negf %arg2 : f32\n"
      "    %c = arith.cmpf oge, %g, %cst : f32\n"
      "    %2 = arith.muli %q, %c16 : index\n"
      "    %3 = arith.addi %2, %m : index\n"
      "    %pv0 = pto.partition_view %tv0, offsets = [%3, %c0], sizes = [%c16, %c32] : " + TV + " -> " + PV + "\n";
  CHECK(r.kernels[0].text.find(want) != std::string::npos);
  CHECK(r.kernels[0].text.find("    %cst = arith.constant 1.5 : f32\n") != std::string::npos);
}

TEST_CASE("scalar ops of mixed dtypes: both operands converted to the expression's dtype first") {
  // docs/semantics.md "Scalar expressions", ir/scalar_promotion.hpp; review rev44d 2: `a + b` with
  // an INT8 `a` and an INT32 `b` was refused ("convert it with pl.cast") though the interpreter ran it.
  auto p = inline_kernel(
      "X: pl.Tensor[[64, 32], pl.FP32], a: pl.Scalar[pl.INT8], b: pl.Scalar[pl.INT32], f: pl.Scalar[pl.FP32], "
      "h: pl.Scalar[pl.FP16]",
      "        t: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())\n"
      "        n: pl.Scalar[pl.INT32] = a + b\n"
      "        g: pl.Scalar[pl.FP32] = n * f\n"
      "        w: pl.Scalar[pl.FP32] = h + g\n"
      "        c: pl.Scalar[pl.BOOL] = a < b\n"
      "        d: pl.Scalar[pl.BOOL] = a < 1000\n"
      "        k: pl.Scalar[pl.INT32] = pl.cast(f, target_type=pl.INT32)\n"
      "        q: pl.Scalar[pl.INT32] = n // b\n"
      "        pl.buffer.load(X, (0, 0), (16, 32), t)\n"
      "        pl.buffer.adds(t, w, t)\n");
  auto r = codegen::emit_program(*p);
  for (const auto& d : r.diagnostics) FAIL_CHECK(d.str());
  REQUIRE(r.ok());
  const std::string want =
      "    %0 = arith.extsi %arg1 : i8 to i32\n"
      "    %n = arith.addi %0, %arg2 : i32\n"
      "    %1 = arith.sitofp %n : i32 to f32\n"
      "    %g = arith.mulf %1, %arg3 : f32\n"
      "    %2 = arith.extf %arg4 : f16 to f32\n"
      "    %w = arith.addf %2, %g : f32\n"
      // a comparison converts to a dtype holding both: INT8 with INT32 is INT32; 1000 does not fit
      // INT8, so that one compares in INT64
      "    %3 = arith.extsi %arg1 : i8 to i32\n"
      "    %c = arith.cmpi slt, %3, %arg2 : i32\n"
      "    %4 = arith.extsi %arg1 : i8 to i64\n"
      "    %d = arith.cmpi slt, %4, %c1000_i64 : i64\n"
      // float to INT32 truncates, then wraps: through i64 (fptosi to i32 is poison beyond it; rev45a 1)
      "    %5 = arith.fptosi %arg3 : f32 to i64\n"
      "    %k = arith.trunci %5 : i64 to i32\n"
      // an INT32 `//` runs on i64 and wraps back: INT_MIN // -1 is INT_MIN, as the interpreter
      // says; floordivsi on i32 would be undefined there (rev45c 3)
      "    %6 = arith.extsi %n : i32 to i64\n"
      "    %7 = arith.extsi %arg2 : i32 to i64\n"
      "    %8 = arith.floordivsi %6, %7 : i64\n"
      "    %q = arith.trunci %8 : i64 to i32\n";
  CHECK_MESSAGE(r.kernels[0].text.find(want) != std::string::npos, r.kernels[0].text);
}

TEST_CASE("generic form: the same module in MLIR's generic syntax") {
  codegen::EmitOptions o;
  o.generic = true;
  std::string out = emit("representation.py", o);
  CHECK(out.rfind("\"builtin.module\"() ({\n  \"func.func\"() ({\n  ^bb0(%arg0: !pto.ptr<f32>, %arg1: !pto.ptr<f32>, %arg2: !pto.ptr<f32>):\n"
                  "    %c16 = \"arith.constant\"() {value = 16 : index} : () -> index\n", 0) == 0);
  CHECK(out.find("    %a_buf = \"pto.alloc_tile\"(%c0_i64) {operandSegmentSizes = array<i32: 1, 0, 0>} : (i64) -> " + T + "\n") !=
        std::string::npos);
  CHECK(out.find("    \"pto.tadd\"(%a_buf, %b_buf, %r_buf) : (" + T + ", " + T + ", " + T + ") -> ()\n") != std::string::npos);
  CHECK(out.find("    %pv0 = \"pto.partition_view\"(%tv0, %c0, %c0, %c16, %c32) {operandSegmentSizes = array<i32: 1, 2, 2>} : (" +
                 TV + ", index, index, index, index) -> " + PV + "\n") != std::string::npos);
  CHECK(out.find("    \"func.return\"() : () -> ()\n"
                 "  }) {function_type = (!pto.ptr<f32>, !pto.ptr<f32>, !pto.ptr<f32>) -> (), sym_name = \"kernel\"} : () -> ()\n"
                 "}) {pto.target_arch = \"a2a3\"} : () -> ()\n") != std::string::npos);
  std::string loop = emit("scalar_for.py", o);
  CHECK(loop.find("    %row_out = \"scf.for\"(%c0, %arg2, %c1, %c0) ({\n    ^bb0(%i: index, %row: index):\n") != std::string::npos);
  CHECK(loop.find("      \"scf.yield\"(%nxt) : (index) -> ()\n    }) : (index, index, index, index) -> index\n") != std::string::npos);
}

TEST_CASE("locations: loc(\"file\":line:col) after ops with a source position") {
  codegen::EmitOptions o;
  o.locations = true;
  std::string out = emit("representation.py", o);
  CHECK(out.find("    pto.tadd ins(%a_buf, %b_buf : " + T + ", " + T + ") outs(%r_buf : " + T + ") loc(\"") != std::string::npos);
  CHECK(out.find("representation.py\":13:9)\n") != std::string::npos);
}

TEST_CASE("locations: the file name is an MLIR string, with '\"' and '\\\\' escaped") {
  const char* root = std::getenv("PTORW_SOURCE_ROOT");
  REQUIRE(root);
  std::ifstream in(std::string(root) + "/test/codegen/representation.py");
  std::stringstream text;
  text << in.rdbuf();
  auto r = text::parse_program(text.str(), "we\"ird\\k.py");
  REQUIRE(r.ok());
  codegen::EmitOptions o;
  o.locations = true;
  auto out = codegen::emit_program(*r.program, o);
  REQUIRE(out.ok());
  CHECK(out.kernels[0].text.find("loc(\"we\\\"ird\\\\k.py\":13:9)\n") != std::string::npos);
}

// MLIR spells an infinite float constant only by its bits (`inf.0` does not parse). A finite source
// value rounds to infinity in the target type at the halfway point above its largest finite value
// (round to nearest, ties to even: the largest value has an odd significand).
TEST_CASE("float constants: values that round to infinity in the dtype are hex bit patterns") {
  using codegen::detail::float_literal;
  CHECK(float_literal(1e39, ir::DType::FP32) == std::optional<std::string>("0x7F800000"));
  CHECK(float_literal(-1e39, ir::DType::FP32) == std::optional<std::string>("0xFF800000"));
  // (2 - 2^-24) * 2^127 is the FP32 overflow threshold; just below it rounds to FLT_MAX.
  CHECK(float_literal(std::ldexp(2.0 - std::ldexp(1.0, -24), 127), ir::DType::FP32) == std::optional<std::string>("0x7F800000"));
  CHECK(float_literal(std::ldexp(2.0 - std::ldexp(1.0, -23), 127), ir::DType::FP32) == std::optional<std::string>("3.4028235e+38"));
  CHECK(float_literal(65520.0, ir::DType::FP16) == std::optional<std::string>("0x7C00"));
  CHECK(float_literal(-65520.0, ir::DType::FP16) == std::optional<std::string>("0xFC00"));
  CHECK(float_literal(65504.0, ir::DType::FP16) == std::optional<std::string>("65504.0"));
  CHECK(float_literal(std::ldexp(2.0 - std::ldexp(1.0, -8), 127), ir::DType::BF16) == std::optional<std::string>("0x7F80"));
  CHECK(float_literal(1.5, ir::DType::FP32) == std::optional<std::string>("1.5"));
  CHECK_FALSE(float_literal(std::nan(""), ir::DType::FP32).has_value());
}

TEST_CASE("fail closed: an op, dtype, type or statement without a spelling is named at file:line:col, nothing is emitted") {
  const std::string params = "A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]";
  const std::string alloc = "        a: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())\n";
  SUBCASE("a row outside the default rollout keeps its dtype list (rsqrt is FP32 only)") {
    CHECK(failure(*inline_kernel("A: pl.Tensor[[16, 32], pl.FP16]",
                                 "        a: pl.Buffer[[16, 32], pl.FP16, pl.Mem.Vec] = pl.buffer.alloc(())\n"
                                 "        pl.buffer.rsqrt(a, a)\n")) ==
          "t.py:6:9: error: 'pl.buffer.rsqrt' has no recipe for FP16 (in kernel 'kernel')");
  }
  SUBCASE("a registry op with neither a recipe row nor a spelling row (a tile query left in a Buffer kernel)") {
    // Every buffer.* op of the registry has a row today; tile.* ops have none at Buffer stage.
    CHECK(failure(*inline_kernel(params, "        n: pl.Scalar[pl.INDEX] = pl.tile.get_block_idx()\n")) ==
          "t.py:5:34: error: 'pl.tile.get_block_idx' has no PTO spelling (in kernel 'kernel')");
  }
  SUBCASE("rsqrt (a row outside the default rollout) still wants a distinct destination") {
    CHECK(failure(*inline_kernel(params, alloc + "        pl.buffer.rsqrt(a, a)\n")) ==
          "t.py:6:9: error: 'pl.buffer.rsqrt' needs a destination distinct from its operand (recipe table) (in kernel 'kernel')");
  }
  SUBCASE("a recipe row used with a dtype it does not list (sub is FP32 only)") {
    CHECK(failure(*inline_kernel("A: pl.Tensor[[16, 32], pl.INT32]",
                                 "        a: pl.Buffer[[16, 32], pl.INT32, pl.Mem.Vec] = pl.buffer.alloc(())\n"
                                 "        pl.buffer.sub(a, a, a)\n")) ==
          "t.py:6:9: error: 'pl.buffer.sub' has no recipe for INT32 (in kernel 'kernel')");
  }
  SUBCASE("a Tile op left in a Buffer-stage kernel") {
    CHECK(failure(*inline_kernel(params, "        t: pl.Tile[[16, 32], pl.FP32] = pl.tile.load(A, [0, 0], [16, 32])\n")) ==
          "t.py:5:41: error: 'pl.tile.load' has no PTO spelling (in kernel 'kernel')");
  }
  SUBCASE("a GM tensor whose packed strides overflow int64 (no INDEX constant holds them; ASan/UBSan 2026-12-05)") {
    const std::string msg = failure(*inline_kernel("A: pl.Tensor[[2, 4611686018427387904, 4], pl.FP32]", alloc));
    CHECK(msg.find("error: the packed strides of 'A' overflow int64 (the product of its trailing dims) (in kernel 'kernel')") !=
          std::string::npos);
    CHECK(msg.rfind("t.py:4:", 0) == 0);  // at the parameter's line
  }
  SUBCASE("a memory space without a tile_buf spelling (Bias)") {
    CHECK(failure(*inline_kernel(params, "        b: pl.Buffer[[1, 32], pl.FP32, pl.Mem.Bias] = pl.buffer.alloc(())\n")) ==
          "t.py:5:9: error: no PTO tile_buf spelling for memory space Bias (in kernel 'kernel')");
  }
  SUBCASE("a GM tensor carried through a loop") {
    CHECK(failure(*inline_kernel(params, alloc +
                                             "        for i, (o,) in pl.range(2, init_values=(Out,)):\n"
                                             "            pl.buffer.store(a, (0, 0), (16, 32), o)\n"
                                             "            o2 = pl.yield_(o)\n")) ==
          "t.py:6:17: error: only scalars flow through scf.for iter_args; 'o' is not a scalar (in kernel 'kernel')");
  }
  SUBCASE("a parallel loop") {
    CHECK(failure(*inline_kernel(params, alloc + "        for i in pl.parallel(2):\n            pl.buffer.exp(a, a)\n")) ==
          "t.py:6:9: error: pl.parallel has no PTO spelling (in kernel 'kernel')");
  }
  SUBCASE("a While without carried scalars") {
    CHECK(failure(*inline_kernel("c: pl.Scalar[pl.BOOL]", "        for () in pl.while_(init_values=()):\n            pl.cond(c)\n")) ==
          "t.py:5:9: error: a pl.while_ without carried scalars has no PTO spelling (in kernel 'kernel')");
  }
  SUBCASE("set_validshape of a static-valid handle, or of a window (pto_format.md: alloc-backed v_row=?, v_col=? only)") {
    CHECK(failure(*inline_kernel(params, alloc + "        pl.buffer.set_validshape(a, (16, 32))\n")) ==
          "t.py:6:9: error: set_validshape needs an alloc_tile handle with v_row=?, v_col=? (in kernel 'kernel')");
    CHECK(failure(*inline_kernel(params,
                                 "        r: pl.Buffer[[32, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())\n"
                                 "        w: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec, pl.TileView(valid_shape=[-1, -1])] = pl.buffer.subview(r, (0, 0))\n"
                                 "        pl.buffer.set_validshape(w, (16, 32))\n")) ==
          "t.py:7:9: error: set_validshape needs an alloc_tile handle with v_row=?, v_col=? (in kernel 'kernel')");
  }
  SUBCASE("runtime valid extents on a static descriptor") {
    CHECK(failure(*inline_kernel("n: pl.Scalar[pl.INDEX]",
                                 "        a: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc((16, n))\n")) ==
          "t.py:5:55: error: valid_row/valid_col need a descriptor with v_row=?, v_col=? (in kernel 'kernel')");
  }
  SUBCASE("recip into its own operand (the recipe row asks for a distinct destination)") {
    CHECK(failure(*inline_kernel(params, alloc + "        pl.buffer.recip(a, a)\n")) ==
          "t.py:6:9: error: 'pl.buffer.recip' needs a destination distinct from its operand (recipe table) (in kernel 'kernel')");
  }
  SUBCASE("a UINT8 scalar parameter (arith is signless)") {
    CHECK(failure(*inline_kernel("s: pl.Scalar[pl.UINT8]", "        return\n")) ==
          "t.py:4:22: error: no scalar PTO type for UINT8 (in kernel 'kernel')");
  }
  SUBCASE("a precision value without a row") {
    CHECK(failure(*inline_kernel(params, alloc + "        pl.buffer.div(a, a, a, precision=pl.Precision.low)\n")) ==
          "t.py:6:9: error: 'pl.buffer.div' keyword 'precision' has no PTO spelling (in kernel 'kernel')");
  }
  SUBCASE("one failing kernel: the others are still emitted (issue 17); fail_fast emits none") {
    std::string src =
        "@pl.program\nclass P:\n"
        "    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)\n"
        "    def good(self, A: pl.Tensor[[16, 32], pl.FP32]):\n"
        "        a: pl.Buffer[[16, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())\n"
        "        pl.buffer.load(A, (0, 0), (16, 32), a)\n"
        "    @pl.function(type=pl.FunctionType.InCore, stage=pl.FunctionIRStage.Buffer)\n"
        "    def bad(self, A: pl.Tensor[[16, 32], pl.FP32]):\n"
        "        a: pl.Buffer[[16, 32], pl.FP16, pl.Mem.Vec] = pl.buffer.alloc(())\n"
        "        pl.buffer.rsqrt(a, a)\n";
    auto r = text::parse_program(src, "t.py");
    REQUIRE(r.ok());
    auto e = codegen::emit_program(*r.program);
    CHECK_FALSE(e.ok());
    REQUIRE(e.kernels.size() == 1);
    CHECK(e.kernels[0].name == "good");
    CHECK(e.failed == std::vector<std::string>{"bad"});
    REQUIRE(e.diagnostics.size() == 1);
    CHECK(e.diagnostics[0].str() == "t.py:10:9: error: 'pl.buffer.rsqrt' has no recipe for FP16 (in kernel 'bad')");
    codegen::EmitOptions o;
    o.fail_fast = true;
    CHECK(failure(*r.program, o) == "t.py:10:9: error: 'pl.buffer.rsqrt' has no recipe for FP16 (in kernel 'bad')");
  }
}

TEST_CASE("kernels still at Tile stage are reported, not emitted") {
  std::string src =
      "@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, A: pl.Tensor[[16, 32], pl.FP32], Out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        t: pl.Tile[[16, 32], pl.FP32] = pl.load(A, [0, 0], [16, 32])\n"
      "        r: pl.Tensor[[16, 32], pl.FP32] = pl.store(t, [0, 0], Out)\n"
      "        return r\n";
  auto p = text::parse_program(src, "t.py");
  REQUIRE(p.ok());
  auto r = codegen::emit_program(*p.program);
  CHECK(r.ok());
  CHECK(r.kernels.empty());
  CHECK(r.tile_stage == std::vector<std::string>{"k"});
}
}  // namespace ut_codegen_test
