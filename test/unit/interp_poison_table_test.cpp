// Issue 14: "Poison propagation checked per op, table-driven", in value (tile) mode and in buffer
// mode. One row per registry op (or a stated exemption: no elements to carry); each row states the
// documented rule (docs/semantics.md "Tiles", "Tensors", "Poison", "Buffer mode") and has probes:
// a program that poisons one chosen element — [3, 10] of a [16, 16] FP32 operand, off every
// diagonal and symmetry, so a transposed, shifted or mirrored mark shows — and the expectation
// written from the page, never from the interpreter: the exact set of poisoned elements of the
// output, or the error a poison read is.
//
// How poison gets into an operand, in both modes the same way: `z = pl.tile.create([1, 1])` (fully
// valid, every element poison) assembled into a loaded tile at [3, 10] (tile.assemble writes the
// source's valid region, values and poison marks); in Buffer IR a fresh [1, 1] allocation
// (poison) copied over a [1, 1] subview; GM tensors are passed in with the mark set. The result is
// observed through `tile.store` into an InOut tensor O that holds data (store writes the valid
// region, values and poison marks; so O's poison is exactly the poison of the stored valid
// region), or returned.
//
// Modes: a tile row runs as an unplanned Tile kernel in value mode and as the same kernel planned
// (every tile at its own MemRef) in buffer mode; a tensor row runs in value mode and, with a
// `tile.alloc` added (a planned function), in buffer mode; a buffer.* row runs as Buffer IR in
// buffer mode only. The test asserts which mode each program really runs in.
#include <map>
#include <tuple>

#include "op_coverage.hpp"
#include "oracle_harness.hpp"
#include "ptorw/ir/reduction_ops.hpp"
namespace ut_interp_poison_table_test {  // one namespace per file: the suite builds as one unity TU

using namespace oracle_run;

namespace {

constexpr std::int64_t kR = 3, kC = 10;  // the poisoned element of every probe

/// One line of a tile kernel: a tile definition (rendered with a MemRef in buffer mode) or, with
/// an empty `name`, a statement as written.
struct Line {
  std::string name;
  Shape shape;
  std::string mem = "Vec";
  std::string expr;
  Shape valid = {};
  std::string alias = {};  // buffer mode: placed at the MemRef of this earlier tile (a relabel)
};
Line raw(std::string stmt) { return {"", {}, "", std::move(stmt), {}, {}}; }
Line tile_def(std::string name, Shape shape, std::string expr, std::string mem = "Vec", Shape valid = {}, std::string alias = {}) {
  return {std::move(name), std::move(shape), std::move(mem), std::move(expr), std::move(valid), std::move(alias)};
}

enum class Form { Tile, Tensor, BufferIR };

struct Probe {
  Probe(std::string w, std::vector<Line> b, Shape o, bool pa, std::string err, std::set<std::size_t> poisoned = {},
        std::string out = "O", std::string r = "o", std::string rt = {})
      : what(std::move(w)), body(std::move(b)), o_shape(std::move(o)), poison_a(pa), error(std::move(err)),
        poison(std::move(poisoned)), output(std::move(out)), ret(std::move(r)), ret_type(std::move(rt)) {}
  std::string what;
  std::vector<Line> body;
  Shape o_shape = {16, 16};
  bool poison_a = false;   // GM input A has element [3, 10] poison
  std::string error;       // the run fails with this text; else
  std::set<std::size_t> poison;  // `output` is poison exactly at these flat positions
  std::string output = "O";
  std::string ret = "o";   // the returned value (and its type, default O's)
  std::string ret_type = {};
};

struct Row {
  std::string op;
  Form form;
  std::string rule;  // the documented flow (docs/semantics.md)
  std::vector<Probe> probes;
};

std::string shape_str(const Shape& s) {
  std::string o = "[";
  for (std::size_t i = 0; i < s.size(); ++i) o += (i ? ", " : "") + std::to_string(s[i]);
  return o + "]";
}
std::string tuple_str(const Shape& s) {
  std::string o = "(";
  for (std::size_t i = 0; i < s.size(); ++i) o += (i ? ", " : "") + std::to_string(s[i]);
  return o + (s.size() == 1 ? ",)" : ")");
}
std::size_t flat(std::int64_t r, std::int64_t c, std::int64_t cols) { return static_cast<std::size_t>(r * cols + c); }
std::set<std::size_t> rect(std::int64_t r0, std::int64_t r1, std::int64_t c0, std::int64_t c1, std::int64_t cols) {
  std::set<std::size_t> s;
  for (std::int64_t r = r0; r < r1; ++r)
    for (std::int64_t c = c0; c < c1; ++c) s.insert(flat(r, c, cols));
  return s;
}

/// The kernel text of a probe in one mode.
std::string render(const Row& row, const Probe& p, bool buffer_mode) {
  const std::string OT = "pl.Tensor[" + shape_str(p.o_shape) + ", pl.FP32]";
  const std::string AT = "pl.Tensor[[16, 16], pl.FP32]";
  std::string s = "@pl.program\nclass P:\n    @pl.function(type=pl.FunctionType.InCore" +
                  std::string(row.form == Form::BufferIR ? ", stage=pl.FunctionIRStage.Buffer" : "") + ")\n" +
                  "    def main(self, A: " + AT + ", B: " + AT + ", s: pl.Scalar[pl.FP32], O: pl.InOut[" + OT + "]) -> " +
                  (p.ret_type.empty() ? OT : p.ret_type) + ":\n";
  if (row.form == Form::Tensor && buffer_mode) s += "        m0 = pl.tile.alloc(pl.Mem.Vec, 64, addr=0)\n";
  std::map<std::string, std::int64_t> next_addr;          // per memory space
  std::map<std::string, std::pair<std::string, std::int64_t>> placed;  // tile -> (alloc, bytes)
  for (const Line& l : p.body) {
    if (l.name.empty()) {
      s += "        " + l.expr + "\n";
      continue;
    }
    if (!buffer_mode || row.form != Form::Tile) {
      s += "        " + l.name + " = " + l.expr + "\n";
      continue;
    }
    std::string alloc;
    std::int64_t bytes = std::max<std::int64_t>(32, numel(l.shape) * 4);
    if (!l.alias.empty()) {
      std::tie(alloc, bytes) = placed.at(l.alias);
    } else {
      alloc = "m_" + l.name;
      const std::int64_t a = next_addr[l.mem];
      next_addr[l.mem] = a + (bytes + 1023) / 1024 * 1024;
      s += "        " + alloc + " = pl.tile.alloc(pl.Mem." + l.mem + ", " + std::to_string(bytes) + ", addr=" + std::to_string(a) + ")\n";
    }
    placed[l.name] = {alloc, bytes};
    s += "        " + l.name + ": pl.Tile[" + shape_str(l.shape) + ", pl.FP32, pl.MemRef(" + alloc + ", 0, " + std::to_string(bytes) +
         "), pl.Mem." + l.mem + (l.valid.empty() ? "" : ", pl.TileView(valid_shape=" + shape_str(l.valid) + ")") + "] = " + l.expr +
         "\n";
  }
  // Buffer IR writes O in place (destination-passing): it returns O itself.
  return s + "        return " + (row.form == Form::BufferIR && p.ret == "o" ? std::string("O") : p.ret) + "\n";
}

// ---- building blocks ----

/// Tile `name` [16, 16]: B loaded, element [3, 10] then poisoned (tile.create + tile.assemble).
std::vector<Line> poisoned_tile(const std::string& name, const std::string& src = "B") {
  return {tile_def(name + "_0", {16, 16}, "pl.load(" + src + ", [0, 0], [16, 16])"),
          tile_def(name + "_z", {1, 1}, "pl.tile.create([1, 1], dtype=pl.FP32)"),
          tile_def(name, {16, 16}, "pl.tile.assemble(" + name + "_0, " + name + "_z, [3, 10])")};
}
std::vector<Line> cat(std::vector<Line> a, const std::vector<Line>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}
Line store_r(const std::string& r = "r", const std::string& off = "[0, 0]") { return raw("o = pl.store(" + r + ", " + off + ", O)"); }

/// Buffer IR: buffer `name` [16, 16] in Vec, B loaded, element [3, 10] poisoned (a fresh [1, 1]
/// allocation copied over the [1, 1] subview at [3, 10]).
std::vector<Line> poisoned_buf(const std::string& name) {
  return {raw(name + ": pl.Buffer[[16, 16], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())"),
          raw("pl.buffer.load(B, (0, 0), (16, 16), " + name + ")"),
          raw(name + "_z: pl.Buffer[[1, 1], pl.FP32, pl.Mem.Vec] = pl.buffer.alloc(())"),
          raw(name + "_w: pl.Buffer[[1, 1], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(" + name + ", (3, 10))"),
          raw("pl.buffer.copy(" + name + "_z, " + name + "_w)")};
}
std::vector<Line> clean_buf(const std::string& name, const std::string& mem = "Vec", Shape valid = {}) {
  return {raw(name + ": pl.Buffer[[16, 16], pl.FP32, pl.Mem." + mem +
              (valid.empty() ? "" : ", pl.TileView(valid_shape=" + shape_str(valid) + ")") + "] = pl.buffer.alloc(())"),
          raw("pl.buffer.load(B, (0, 0), (16, 16), " + name + ")")};
}
std::vector<Line> fresh_buf(const std::string& name, const Shape& shape, const std::string& mem = "Vec", Shape valid = {}) {
  return {raw(name + ": pl.Buffer[" + shape_str(shape) + ", pl.FP32, pl.Mem." + mem +
              (valid.empty() ? "" : ", pl.TileView(valid_shape=" + shape_str(valid) + ")") + "] = pl.buffer.alloc(())")};
}
Line bstore(const std::string& b, const Shape& shape, const std::string& off = "(0, 0)") {
  return raw("pl.buffer.store(" + b + ", " + off + ", " + tuple_str(shape) + ", O)");
}

const std::string kAt = "[3, 10]";  // as the interpreter's messages spell an index

std::string reads_poison(const std::string& op, const std::string& operand) {
  return op + " reads poison element " + kAt + " of '" + operand + "'";
}

// The computing tile ops by operand shape (docs/semantics.md "Tiles": each works on its result's
// valid region and fails on a poison element it reads; padding is never read).
const char* kBinary[] = {"add", "sub", "mul", "div", "maximum", "minimum"};
const char* kUnary[] = {"exp", "abs", "sqrt", "neg", "relu", "log", "recip", "rsqrt", "sin", "cos"};
const char* kScalar[] = {"adds", "subs", "muls", "divs", "maximums", "minimums", "lrelu"};

std::vector<Row> rows() {
  std::vector<Row> t;
  const std::int64_t P = static_cast<std::int64_t>(flat(kR, kC, 16));  // 58
  const std::string kComputeRule =
      "computing op: reads only the valid region of its operands (its result's); a poison element read is an error; "
      "padding is never read, so poison there is no error";

  // -- tile ops (value mode: unplanned Tile; buffer mode: planned Tile) --
  for (const char* b : kBinary) {
    const std::string op = std::string("tile.") + b, call = "pl.tile." + std::string(b);
    t.push_back({op, Form::Tile, kComputeRule, {
        {"poison in the first operand", cat(poisoned_tile("p"), {tile_def("c", {16, 16}, "pl.load(B, [0, 0], [16, 16])"),
                                                                  tile_def("r", {16, 16}, call + "(p, c)"), store_r()}),
         {16, 16}, false, reads_poison(op, "p")},
        {"poison in the second operand", cat(poisoned_tile("p"), {tile_def("c", {16, 16}, "pl.load(B, [0, 0], [16, 16])"),
                                                                   tile_def("r", {16, 16}, call + "(c, p)"), store_r()}),
         {16, 16}, false, reads_poison(op, "p")},
        {"poison outside the result's valid region [16, 8] (not read)",
         cat(poisoned_tile("p"), {tile_def("c", {16, 16}, "pl.load(B, [0, 0], [16, 16], [16, 8])", "Vec", {16, 8}),
                                  tile_def("r", {16, 16}, call + "(c, p)", "Vec", {16, 8}), store_r()}),
         {16, 16}, false, "", {}},
    }});
  }
  auto one_operand = [&](const std::string& op, const std::string& args_p, const std::string& args_v) {
    const std::string call = "pl." + op;
    t.push_back({op, Form::Tile, kComputeRule, {
        {"poison in the operand", cat(poisoned_tile("p"), {tile_def("r", {16, 16}, call + "(" + args_p + ")"), store_r()}),
         {16, 16}, false, reads_poison(op, "p")},
        {"poison in the operand's padding (valid [16, 8]; not read)",
         {tile_def("v", {16, 16}, "pl.load(A, [0, 0], [16, 16], [16, 8])", "Vec", {16, 8}),
          tile_def("r", {16, 16}, call + "(" + args_v + ")", "Vec", {16, 8}), store_r()},
         {16, 16}, true, "", {}},
    }});
  };
  for (const char* u : kUnary) one_operand(std::string("tile.") + u, "p", "v");
  for (const char* sc : kScalar) one_operand(std::string("tile.") + sc, "p, s", "v, s");

  t.push_back({"tile.load", Form::Tile, "GM to tile: a poison element in the valid window is an error; elements outside it are "
                                        "not read (padding: poison)", {
      {"poison inside the window", {tile_def("r", {16, 16}, "pl.load(A, [0, 0], [16, 16])"), store_r()}, {16, 16}, true,
       "tile.load reads poison element " + kAt + " of 'A'"},
      {"poison outside the valid window [3, 16]", {tile_def("r", {16, 16}, "pl.load(A, [0, 0], [16, 16], [3, 16])", "Vec", {3, 16}),
                                                   store_r()}, {16, 16}, true, "", {}},
  }});
  t.push_back({"tile.store", Form::Tile, "tile to GM: writes the valid region, values and poison marks, at the offset", {
      {"stored at [8, 4] of a [32, 32] tensor", cat(poisoned_tile("p"), {store_r("p", "[8, 4]")}), {32, 32}, false, "",
       {flat(kR + 8, kC + 4, 32)}},
      {"only the valid region [3, 16] is written", cat(poisoned_tile("p0"), {tile_def("p", {16, 16}, "pl.tile.set_validshape(p0, 3, 16)",
                                                                                      "Vec", {3, 16}), store_r("p")}),
       {16, 16}, false, "", {}},
  }});
  t.push_back({"tile.create", Form::Tile, "fresh tile: fully valid, every element poison", {
      {"a [2, 4] tile stored at [1, 2]", {tile_def("r", {2, 4}, "pl.tile.create([2, 4], dtype=pl.FP32)"), store_r("r", "[1, 2]")},
       {16, 16}, false, "", rect(1, 3, 2, 6, 16)},
  }});
  t.push_back({"tile.full", Form::Tile, "every element the value: no poison (over fresh, poison storage in buffer mode)", {
      {"a full tile", {tile_def("r", {16, 16}, "pl.tile.full([16, 16], 1.5, dtype=pl.FP32)"), store_r()}, {16, 16}, false, "", {}},
  }});
  t.push_back({"tile.move", Form::Tile, "data movement: the same value in another space, poison marks carried", {
      {"to Mat", cat(poisoned_tile("p"), {tile_def("r", {16, 16}, "pl.tile.move(p, target_memory=pl.Mem.Mat)", "Mat"), store_r()}),
       {16, 16}, false, "", {flat(kR, kC, 16)}},
  }});
  t.push_back({"tile.reshape", Form::Tile, "data movement: physical elements reinterpreted row-major, marks carried; the result "
                                           "is fully valid, so a partially valid source's padding (poison) becomes visible", {
      {"[16, 16] to [8, 32]", cat(poisoned_tile("p"), {tile_def("r", {8, 32}, "pl.tile.reshape(p, [8, 32])"), store_r()}), {8, 32},
       false, "", {static_cast<std::size_t>(P)}},
      {"in place (a relabel in buffer mode)", cat(poisoned_tile("p"), {tile_def("r", {8, 32}, "pl.tile.reshape(p, [8, 32])", "Vec", {}, "p"),
                                                                       store_r()}),
       {8, 32}, false, "", {static_cast<std::size_t>(P)}},
      {"source valid [16, 8]: its padding shows", {tile_def("v", {16, 16}, "pl.load(B, [0, 0], [16, 16], [16, 8])", "Vec", {16, 8}),
                                                   tile_def("r", {8, 32}, "pl.tile.reshape(v, [8, 32])"), store_r()},
       {8, 32}, false, "", [] {
         std::set<std::size_t> s;
         for (std::int64_t r = 0; r < 16; ++r) {
           auto x = rect(r, r + 1, 8, 16, 16);
           s.insert(x.begin(), x.end());
         }
         return s;
       }()},
  }});
  t.push_back({"tile.slice", Form::Tile, "data movement: a copy of the window, marks carried", {
      {"[8, 16] at [2, 0]", cat(poisoned_tile("p"), {tile_def("r", {8, 16}, "pl.tile.slice(p, [8, 16], [2, 0])"), store_r()}), {8, 16},
       false, "", {flat(kR - 2, kC, 16)}},
  }});
  t.push_back({"tile.extract", Form::Tile, "data movement: tile.slice at (row, col) into another space, marks carried", {
      {"[16, 8] at (0, 8) into Left", cat(poisoned_tile("p"), {tile_def("r", {16, 8}, "pl.tile.extract(p, 0, 8, [16, 8])", "Left"),
                                                                store_r()}),
       {16, 8}, false, "", {flat(kR, kC - 8, 8)}},
  }});
  t.push_back({"tile.assemble", Form::Tile, "data movement: the source's valid region (values and marks) written into the "
                                            "target at the offset; the rest of the target kept", {
      {"poisoned source at [16, 0] of [32, 16]", cat(poisoned_tile("p"), {tile_def("t", {32, 16}, "pl.tile.full([32, 16], 0.0, dtype=pl.FP32)"),
                                                                         tile_def("r", {32, 16}, "pl.tile.assemble(t, p, [16, 0])"), store_r()}),
       {32, 16}, false, "", {flat(kR + 16, kC, 16)}},
      {"a clean source over the poisoned element clears it", cat(poisoned_tile("p"), {tile_def("c", {4, 16}, "pl.load(A, [0, 0], [4, 16])"),
                                                                                      tile_def("r", {16, 16}, "pl.tile.assemble(p, c, [2, 0])"),
                                                                                      store_r()}),
       {16, 16}, false, "", {}},
      {"a clean source beside it keeps it", cat(poisoned_tile("p"), {tile_def("c", {4, 16}, "pl.load(A, [0, 0], [4, 16])"),
                                                                     tile_def("r", {16, 16}, "pl.tile.assemble(p, c, [4, 0])"), store_r()}),
       {16, 16}, false, "", {static_cast<std::size_t>(P)}},
  }});
  t.push_back({"tile.transpose_view", Form::Tile, "data movement: the transpose, marks carried ([3, 10] -> [10, 3])", {
      {"[16, 16]", cat(poisoned_tile("p"), {tile_def("r", {16, 16}, "pl.tile.transpose_view(p)"), store_r()}), {16, 16}, false, "",
       {flat(kC, kR, 16)}},
  }});
  t.push_back({"tile.set_validshape", Form::Tile, "only the valid extents change, data and marks kept: narrowing hides the "
                                                  "element, widening exposes the padding (poison)", {
      {"valid [4, 12] keeps [3, 10]", cat(poisoned_tile("p"), {tile_def("r", {16, 16}, "pl.tile.set_validshape(p, 4, 12)", "Vec", {4, 12}),
                                                               store_r()}),
       {16, 16}, false, "", {static_cast<std::size_t>(P)}},
      {"valid [3, 16] hides it", cat(poisoned_tile("p"), {tile_def("r", {16, 16}, "pl.tile.set_validshape(p, 3, 16)", "Vec", {3, 16}),
                                                          store_r()}),
       {16, 16}, false, "", {}},
      {"widening [16, 8] to [16, 16] in place exposes the padding",
       {tile_def("v", {16, 16}, "pl.load(B, [0, 0], [16, 16], [16, 8])", "Vec", {16, 8}),
        tile_def("r", {16, 16}, "pl.tile.set_validshape(v, 16, 16)", "Vec", {}, "v"), store_r()},
       {16, 16}, false, "", rect(0, 16, 8, 16, 16)},
  }});
  const std::vector<Line> cube = {tile_def("c", {16, 16}, "pl.load(B, [0, 0], [16, 16])"),
                                  tile_def("l", {16, 16}, "pl.tile.move(c, target_memory=pl.Mem.Left)", "Left"),
                                  tile_def("rr", {16, 16}, "pl.tile.move(c, target_memory=pl.Mem.Right)", "Right")};
  t.push_back({"tile.matmul", Form::Tile, "computing op: reads l[i, k] and r[k, j] for k < l's valid columns; a poison "
                                          "element read is an error; rows of r beyond them are not read", {
      {"poison in l", cat(cat(poisoned_tile("p"), cube), {tile_def("lp", {16, 16}, "pl.tile.move(p, target_memory=pl.Mem.Left)", "Left"),
                                                          tile_def("r", {16, 16}, "pl.tile.matmul(lp, rr)", "Acc"), store_r()}),
       {16, 16}, false, reads_poison("tile.matmul", "lp")},
      {"poison in row 3 of r, l valid [16, 2] (rows 0, 1 of r read)",
       cat(cat(poisoned_tile("p"), cube), {tile_def("v", {16, 16}, "pl.load(B, [0, 0], [16, 16], [16, 2])", "Vec", {16, 2}),
                                           tile_def("lv", {16, 16}, "pl.tile.move(v, target_memory=pl.Mem.Left)", "Left", {16, 2}),
                                           tile_def("rp", {16, 16}, "pl.tile.move(p, target_memory=pl.Mem.Right)", "Right"),
                                           tile_def("r", {16, 16}, "pl.tile.matmul(lv, rp)", "Acc"), store_r()}),
       {16, 16}, false, "", {}},
  }});
  const std::vector<Line> acc = cat(cube, {tile_def("a0", {16, 16}, "pl.tile.matmul(l, rr)", "Acc"),
                                           tile_def("az", {1, 1}, "pl.tile.create([1, 1], dtype=pl.FP32)"),
                                           tile_def("acc", {16, 16}, "pl.tile.assemble(a0, az, [3, 10])", "Acc")});
  t.push_back({"tile.matmul_acc", Form::Tile, "computing op: starts from acc's element over its valid region (a poison one is "
                                              "an error), or from 0 when init_cond is true (acc not read)", {
      {"poison in acc", cat(acc, {tile_def("r", {16, 16}, "pl.tile.matmul_acc(acc, l, rr)", "Acc"), store_r()}), {16, 16}, false,
       reads_poison("tile.matmul_acc", "acc")},
      {"poison in acc, init_cond true", cat(acc, {tile_def("r", {16, 16}, "pl.tile.matmul_acc(acc, l, rr, True)", "Acc"), store_r()}),
       {16, 16}, false, "", {}},
      {"poison in l", cat(cat(acc, poisoned_tile("p")), {tile_def("lp", {16, 16}, "pl.tile.move(p, target_memory=pl.Mem.Left)", "Left"),
                                                         tile_def("r", {16, 16}, "pl.tile.matmul_acc(a0, lp, rr)", "Acc"), store_r()}),
       {16, 16}, false, reads_poison("tile.matmul_acc", "lp")},
  }});

  // -- tensor ops (value mode; buffer mode: the same in a planned function) --
  const std::string N2 = "pl.Tensor[[2, 2], pl.FP32]";
  t.push_back({"tensor.create", Form::Tensor, "fresh storage: every element poison", {
      {"[2, 2]", {tile_def("r", {}, "pl.create_tensor([2, 2], dtype=pl.FP32)")}, {16, 16}, false, "", {0, 1, 2, 3}, "return", "r", N2},
  }});
  t.push_back({"tensor.full", Form::Tensor, "every element the value: no poison", {
      {"[2, 2]", {tile_def("r", {}, "pl.full([2, 2], 1.0, dtype=pl.FP32)")}, {16, 16}, false, "", {}, "return", "r", N2},
  }});
  t.push_back({"tensor.slice", Form::Tensor, "a view: the same storage, marks seen through it; a rank-reducing slice keeps "
                                             "the strides of the dims it keeps", {
      {"[8, 16] at [2, 0]", {tile_def("r", {}, "pl.tensor.slice(A, [8, 16], [2, 0])")}, {16, 16}, true, "", {flat(kR - 2, kC, 16)},
       "return", "r", "pl.Tensor[[8, 16], pl.FP32]"},
      {"row 3 as a [16] view (trailing dims)", {tile_def("r", {}, "pl.tensor.slice(A, [16], [3, 0])")}, {16, 16}, true, "",
       {static_cast<std::size_t>(kC)}, "return", "r", "pl.Tensor[[16], pl.FP32]"},
      {"column 10 as a [16] view (drop_dims=[1])", {tile_def("r", {}, "pl.tensor.slice(A, [16, 1], [0, 10], drop_dims=[1])")}, {16, 16},
       true, "", {static_cast<std::size_t>(kR)}, "return", "r", "pl.Tensor[[16], pl.FP32]"},
  }});
  t.push_back({"tensor.reshape", Form::Tensor, "a view of the dense storage under another shape: marks at the same flat position", {
      {"[16, 16] as [8, 32]", {tile_def("r", {}, "pl.tensor.reshape(A, [8, 32])")}, {16, 16}, true, "", {static_cast<std::size_t>(P)},
       "return", "r", "pl.Tensor[[8, 32], pl.FP32]"},
  }});
  t.push_back({"tensor.assemble", Form::Tensor, "copies the part's values and marks into the parent's window in place; the rest "
                                                "of the parent kept", {
      {"poisoned part at [16, 0] of [32, 16]", {tile_def("q", {}, "pl.full([32, 16], 0.0, dtype=pl.FP32)"),
                                                tile_def("r", {}, "pl.tensor.assemble(q, A, [16, 0])")},
       {16, 16}, true, "", {flat(kR + 16, kC, 16)}, "return", "r", "pl.Tensor[[32, 16], pl.FP32]"},
      {"a clean part over the poisoned element clears it", {tile_def("c", {}, "pl.tensor.slice(B, [4, 16], [0, 0])"),
                                                            tile_def("r", {}, "pl.tensor.assemble(A, c, [2, 0])")},
       {16, 16}, true, "", {}, "return", "r", "pl.Tensor[[16, 16], pl.FP32]"},
      {"a clean part beside it keeps it", {tile_def("c", {}, "pl.tensor.slice(B, [4, 16], [0, 0])"),
                                           tile_def("r", {}, "pl.tensor.assemble(A, c, [4, 0])")},
       {16, 16}, true, "", {static_cast<std::size_t>(P)}, "return", "r", "pl.Tensor[[16, 16], pl.FP32]"},
  }});
  t.push_back({"tensor.read", Form::Tensor, "reading a poison element is an error; a scalar is never poison", {
      {"the poisoned element", {tile_def("r", {}, "pl.tensor.read(A, [3, 10])")}, {16, 16}, true,
       "tensor.read reads poison element " + kAt + " of 'A'", {}, "return", "r", "pl.Scalar[pl.FP32]"},
      {"its transpose position", {tile_def("r", {}, "pl.tensor.read(A, [10, 3])")}, {16, 16}, true, "", {}, "return", "r",
       "pl.Scalar[pl.FP32]"},
  }});
  t.push_back({"tensor.write", Form::Tensor, "stores a value in place: the element is no longer poison; others kept", {
      {"over the poisoned element", {tile_def("r", {}, "pl.write(A, [3, 10], s)")}, {16, 16}, true, "", {}, "return", "r",
       "pl.Tensor[[16, 16], pl.FP32]"},
      {"at its transpose position", {tile_def("r", {}, "pl.write(A, [10, 3], s)")}, {16, 16}, true, "", {static_cast<std::size_t>(P)},
       "return", "r", "pl.Tensor[[16, 16], pl.FP32]"},
  }});
  for (const char* b : {"add", "sub", "mul", "div"}) {
    const std::string op = std::string("tensor.") + b, call = "pl.tensor." + std::string(b);
    const std::string N16 = "pl.Tensor[[16, 16], pl.FP32]";
    t.push_back({op, Form::Tensor, "elementwise: a poison operand element is an error", {
        {"poison in the first operand", {tile_def("r", {}, call + "(A, B)")}, {16, 16}, true, reads_poison(op, "A"), {}, "return", "r", N16},
        {"poison in the second operand", {tile_def("r", {}, call + "(B, A)")}, {16, 16}, true, reads_poison(op, "A"), {}, "return", "r", N16},
        {"a scalar operand", {tile_def("r", {}, call + "(B, s)")}, {16, 16}, true, "", {}, "return", "r", N16},
    }});
  }
  const std::string N16 = "pl.Tensor[[16, 16], pl.FP32]";
  for (const char* b : {"maximum", "minimum"}) {
    const std::string op = std::string("tensor.") + b, call = "pl.tensor." + std::string(b);
    t.push_back({op, Form::Tensor, "elementwise: a poison operand element is an error", {
        {"poison in the first operand", {tile_def("r", {}, call + "(A, B)")}, {16, 16}, true, reads_poison(op, "A"), {}, "return", "r", N16},
        {"poison in the second operand", {tile_def("r", {}, call + "(B, A)")}, {16, 16}, true, reads_poison(op, "A"), {}, "return", "r", N16},
        {"clean operands", {tile_def("r", {}, call + "(B, B)")}, {16, 16}, true, "", {}, "return", "r", N16},
    }});
  }
  // tensor ∘ scalar (tensor.adds/subs/muls/divs): the tensor operand as in tensor.add; the scalar
  // is never poison.
  for (const char* b : {"adds", "subs", "muls", "divs"}) {
    const std::string op = std::string("tensor.") + b, call = "pl.tensor." + std::string(b);
    t.push_back({op, Form::Tensor, "elementwise: a poison operand element is an error", {
        {"poison in the tensor operand", {tile_def("r", {}, call + "(A, s)")}, {16, 16}, true, reads_poison(op, "A"), {}, "return", "r", N16},
        {"a clean operand", {tile_def("r", {}, call + "(B, s)")}, {16, 16}, true, "", {}, "return", "r", N16},
    }});
  }
  for (const char* u : kUnary) {
    const std::string op = std::string("tensor.") + u, call = "pl.tensor." + std::string(u);
    t.push_back({op, Form::Tensor, "elementwise: a poison operand element is an error", {
        {"poison in the operand", {tile_def("r", {}, call + "(A)")}, {16, 16}, true, reads_poison(op, "A"), {}, "return", "r", N16},
        {"a clean operand", {tile_def("r", {}, call + "(B)")}, {16, 16}, true, "", {}, "return", "r", N16},
    }});
  }
  t.push_back({"tensor.matmul", Form::Tensor, "computing op: reads l[i, k] and r[k, j]; a poison element read is an error", {
      {"poison in l", {tile_def("r", {}, "pl.tensor.matmul(A, B)")}, {16, 16}, true, reads_poison("tensor.matmul", "A"), {}, "return", "r", N16},
      {"poison in r", {tile_def("r", {}, "pl.tensor.matmul(B, A)")}, {16, 16}, true, reads_poison("tensor.matmul", "A"), {}, "return", "r", N16},
      {"clean operands", {tile_def("r", {}, "pl.tensor.matmul(B, B)")}, {16, 16}, true, "", {}, "return", "r", N16},
  }});
  t.push_back({"tensor.matmul_acc", Form::Tensor, "computing op: starts from acc's element; a poison element read (acc, l or r) "
                                                  "is an error", {
      {"poison in acc", {tile_def("r", {}, "pl.tensor.matmul_acc(A, B, B)")}, {16, 16}, true, reads_poison("tensor.matmul_acc", "A"), {},
       "return", "r", N16},
      {"poison in l", {tile_def("r", {}, "pl.tensor.matmul_acc(B, A, B)")}, {16, 16}, true, reads_poison("tensor.matmul_acc", "A"), {},
       "return", "r", N16},
      {"clean operands", {tile_def("r", {}, "pl.tensor.matmul_acc(B, B, B)")}, {16, 16}, true, "", {}, "return", "r", N16},
  }});

  // -- Buffer IR (buffer mode) --
  const std::string kBufCompute = "the tile op over dst's valid region: operands read there (a poison element is an error); "
                                  "results written there";
  auto buf_compute = [&](const std::string& op, const std::string& args_p, const std::string& args_c) {
    const std::string call = "pl." + op;
    t.push_back({op, Form::BufferIR, kBufCompute, {
        {"poison read", cat(cat(cat(poisoned_buf("p"), clean_buf("c")), fresh_buf("d", {16, 16})),
                            {raw(call + "(" + args_p + ", d)"), bstore("d", {16, 16})}),
         {16, 16}, false, reads_poison(op, "p")},
        {"poison outside dst's valid region [16, 8] (not read)",
         cat(cat(cat(poisoned_buf("p"), clean_buf("c")), fresh_buf("d", {16, 16}, "Vec", {16, 8})),
             {raw(call + "(" + args_c + ", d)"), bstore("d", {16, 8})}),
         {16, 8}, false, "", {}},
    }});
  };
  for (const char* b : kBinary) buf_compute(std::string("buffer.") + b, "c, p", "c, p");
  for (const char* u : kUnary)  // only ops whose row has a Buffer form (a PTO recipe): not sin, cos
    if (ir::find_op(std::string("buffer.") + u)) buf_compute(std::string("buffer.") + u, "p", "p");
  for (const char* sc : kScalar) buf_compute(std::string("buffer.") + sc, "p, s", "p, s");

  t.push_back({"buffer.alloc", Form::BufferIR, "a fresh allocation: every byte poison", {
      {"[16, 16]", cat(fresh_buf("a", {16, 16}), {bstore("a", {16, 16})}), {16, 16}, false, "", rect(0, 16, 0, 16, 16)},
  }});
  t.push_back({"buffer.subview", Form::BufferIR, "a view of the parent's bytes: marks seen through it", {
      {"[8, 16] at (2, 0)", cat(poisoned_buf("p"), {raw("r: pl.Buffer[[8, 16], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(p, (2, 0))"),
                                                     bstore("r", {8, 16})}),
       {8, 16}, false, "", {flat(kR - 2, kC, 16)}},
  }});
  t.push_back({"buffer.reshape", Form::BufferIR, "the same dense bytes under another shape: marks at the same flat position", {
      {"[16, 16] as [8, 32]", cat(poisoned_buf("p"), {raw("r: pl.Buffer[[8, 32], pl.FP32, pl.Mem.Vec] = pl.buffer.reshape(p)"),
                                                       bstore("r", {8, 32})}),
       {8, 32}, false, "", {static_cast<std::size_t>(P)}},
  }});
  t.push_back({"buffer.load", Form::BufferIR, "GM to buffer over `shape`: a poison element in the window is an error; the rest "
                                              "of dst keeps its bytes", {
      {"poison in the window", cat(fresh_buf("a", {16, 16}), {raw("pl.buffer.load(A, (0, 0), (16, 16), a)"), bstore("a", {16, 16})}),
       {16, 16}, true, "buffer.load reads poison element " + kAt + " of 'A'"},
      {"window (3, 16): rows 3.. of the fresh dst stay poison",
       cat(fresh_buf("a", {16, 16}), {raw("pl.buffer.load(A, (0, 0), (3, 16), a)"), bstore("a", {16, 16})}),
       {16, 16}, true, "", rect(3, 16, 0, 16, 16)},
  }});
  t.push_back({"buffer.store", Form::BufferIR, "buffer to GM: values and marks at the offset", {
      {"at (8, 4) of [32, 32]", cat(poisoned_buf("p"), {bstore("p", {16, 16}, "(8, 4)")}), {32, 32}, false, "",
       {flat(kR + 8, kC + 4, 32)}},
  }});
  t.push_back({"buffer.copy", Form::BufferIR, "src's valid region into dst at the same indices, marks carried", {
      {"over clean data", cat(cat(poisoned_buf("p"), clean_buf("c")), {raw("pl.buffer.copy(p, c)"), bstore("c", {16, 16})}),
       {16, 16}, false, "", {static_cast<std::size_t>(P)}},
  }});
  t.push_back({"buffer.full", Form::BufferIR, "the value over dst's valid region: no poison there; the rest kept", {
      {"the whole buffer", cat(poisoned_buf("p"), {raw("pl.buffer.full(1.0, p)"), bstore("p", {16, 16})}), {16, 16}, false, "", {}},
      {"rows 0..2 only (a subview)", cat(poisoned_buf("p"), {raw("w: pl.Buffer[[3, 16], pl.FP32, pl.Mem.Vec] = pl.buffer.subview(p, (0, 0))"),
                                                             raw("pl.buffer.full(1.0, w)"), bstore("p", {16, 16})}),
       {16, 16}, false, "", {static_cast<std::size_t>(P)}},
  }});
  t.push_back({"buffer.set_validshape", Form::BufferIR, "only the valid extents change (bytes kept): a later copy takes the "
                                                        "new valid region", {
      {"valid (4, 16) then copied", cat(cat(poisoned_buf("p"), clean_buf("c")),
                                        {raw("pl.buffer.set_validshape(p, (4, 16))"), raw("pl.buffer.copy(p, c)"), bstore("c", {16, 16})}),
       {16, 16}, false, "", {static_cast<std::size_t>(P)}},
      {"valid (3, 16) then copied", cat(cat(poisoned_buf("p"), clean_buf("c")),
                                        {raw("pl.buffer.set_validshape(p, (3, 16))"), raw("pl.buffer.copy(p, c)"), bstore("c", {16, 16})}),
       {16, 16}, false, "", {}},
  }});
  const std::vector<Line> bcube = cat(cat(cat(poisoned_buf("p"), clean_buf("c")), fresh_buf("l", {16, 16}, "Left")),
                                      cat(cat(fresh_buf("rr", {16, 16}, "Right"), fresh_buf("lp", {16, 16}, "Left")),
                                          cat(fresh_buf("rp", {16, 16}, "Right"), fresh_buf("d", {16, 16}, "Acc"))));
  const std::vector<Line> bmoves = {raw("pl.buffer.copy(c, l)"), raw("pl.buffer.copy(c, rr)"), raw("pl.buffer.copy(p, lp)"),
                                    raw("pl.buffer.copy(p, rp)")};
  t.push_back({"buffer.matmul", Form::BufferIR, "the cube op: a poison element read is an error", {
      {"poison in l", cat(cat(bcube, bmoves), {raw("pl.buffer.matmul(lp, rr, d)"), bstore("d", {16, 16})}), {16, 16}, false,
       reads_poison("buffer.matmul", "lp")},
      {"poison in r", cat(cat(bcube, bmoves), {raw("pl.buffer.matmul(l, rp, d)"), bstore("d", {16, 16})}), {16, 16}, false,
       reads_poison("buffer.matmul", "rp")},
  }});
  t.push_back({"buffer.matmul_acc", Form::BufferIR, "the cube op from acc's elements: a poison element read is an error", {
      {"poison in acc", cat(cat(bcube, bmoves), {raw("pl.buffer.copy(p, d)"), raw("pl.buffer.matmul_acc(l, rr, d)"), bstore("d", {16, 16})}),
       {16, 16}, false, reads_poison("buffer.matmul_acc", "d")},
      {"poison in l", cat(cat(bcube, bmoves), {raw("pl.buffer.copy(c, d)"), raw("pl.buffer.matmul_acc(lp, rr, d)"), bstore("d", {16, 16})}),
       {16, 16}, false, reads_poison("buffer.matmul_acc", "lp")},
      {"poison in r", cat(cat(bcube, bmoves), {raw("pl.buffer.copy(c, d)"), raw("pl.buffer.matmul_acc(l, rp, d)"), bstore("d", {16, 16})}),
       {16, 16}, false, reads_poison("buffer.matmul_acc", "rp")},
      {"clean acc", cat(cat(bcube, bmoves), {raw("pl.buffer.copy(c, d)"), raw("pl.buffer.matmul_acc(l, rr, d)"), bstore("d", {16, 16})}),
       {16, 16}, false, "", {}},
  }});
  t.push_back({"buffer.extract", Form::BufferIR, "data movement: tile.extract written into dst, marks carried", {
      {"[16, 8] at (0, 8) into Left", cat(cat(poisoned_buf("p"), fresh_buf("x", {16, 8}, "Left")),
                                          {raw("pl.buffer.extract(p, 0, 8, x)"), bstore("x", {16, 8})}),
       {16, 8}, false, "", {flat(kR, kC - 8, 8)}},
  }});
  t.push_back({"tile.read", Form::Tile, "computing op: reads one element inside the valid region; a poison one is an error", {
      {"the poisoned element", cat(poisoned_tile("p"), {raw("e = pl.tile.read(p, [3, 10])"), tile_def("c", {16, 16}, "pl.load(B, [0, 0], [16, 16])"),
                                                      tile_def("r", {16, 16}, "pl.tile.adds(c, e)"), store_r()}),
       {16, 16}, false, reads_poison("tile.read", "p")},
      {"another element", cat(poisoned_tile("p"), {raw("e = pl.tile.read(p, [3, 9])"), tile_def("c", {16, 16}, "pl.load(B, [0, 0], [16, 16])"),
                                                   tile_def("r", {16, 16}, "pl.tile.adds(c, e)"), store_r()}),
       {16, 16}, false, "", {}},
  }});
  t.push_back({"tile.cast", Form::Tile, kComputeRule, {
      {"poison in the operand", cat(poisoned_tile("p"), {tile_def("r", {16, 16}, "pl.tile.cast(p, target_type=pl.FP32)"), store_r()}),
       {16, 16}, false, reads_poison("tile.cast", "p")},
      {"poison outside the operand's valid region [16, 8] (not read)",
       cat(poisoned_tile("p"), {tile_def("v", {16, 16}, "pl.tile.set_validshape(p, 16, 8)", "Vec", {16, 8}, "p"),
                                tile_def("r", {16, 16}, "pl.tile.cast(v, target_type=pl.FP32)", "Vec", {16, 8}), store_r()}),
       {16, 16}, false, "", {}},
  }});
  // Reductions and broadcasts (ir/reduction_ops.hpp; docs/semantics.md "Reductions and
  // broadcasts"): computing ops over the valid region; the scratch tile of a reduction is never
  // read; a plain row_expand / col_expand reads only its vector.
  for (const ir::RcOp& rc : ir::kRowColOps) {
    const std::string op(rc.tile), call = "pl." + op;
    const bool row = rc.axis == ir::VecAxis::Row;
    const Shape vshape = row ? Shape{16, 1} : Shape{1, 16};
    if (rc.kind == ir::RcKind::Reduce) {
      t.push_back({op, Form::Tile, "computing op: folds the valid region of its operand; a poison element read is an error; the "
                                   "scratch tile is never read", {
          {"poison in the operand", cat(poisoned_tile("p"), {tile_def("r", vshape, call + "(p)"), store_r()}), vshape, false,
           reads_poison(op, "p")},
          {"poison outside the operand's valid region [16, 8] (not read)",
           cat(poisoned_tile("p"), {tile_def("v", {16, 16}, "pl.tile.set_validshape(p, 16, 8)", "Vec", {16, 8}, "p"),
                                    tile_def("r", vshape, call + "(v)", "Vec", row ? Shape{} : Shape{1, 8}), store_r()}),
           vshape, false, "", {}},
          {"a poison scratch tile (never read)",
           {tile_def("c", {16, 16}, "pl.load(B, [0, 0], [16, 16])"), tile_def("z", {16, 16}, "pl.tile.create([16, 16], dtype=pl.FP32)"),
            tile_def("r", vshape, call + "(c, z)"), store_r()},
           vshape, false, "", {}},
      }});
      continue;
    }
    const std::string vec = row ? "pl.tile.row_sum(c)" : "pl.tile.col_sum(c)";
    std::vector<Probe> probes;
    probes.push_back({"poison in the vector", {tile_def("c", {16, 16}, "pl.load(B, [0, 0], [16, 16])"),
                                               tile_def("z", vshape, "pl.tile.create(" + shape_str(vshape) + ", dtype=pl.FP32)"),
                                               tile_def("r", {16, 16}, call + "(c, z)"), store_r()},
                      {16, 16}, false, op + " reads poison element [0, 0] of 'z'"});
    if (rc.kind == ir::RcKind::Bcast)
      probes.push_back({"poison in the tile (only its shape is used)",
                        cat(poisoned_tile("p"), {tile_def("c", {16, 16}, "pl.load(B, [0, 0], [16, 16])"), tile_def("w", vshape, vec),
                                                 tile_def("r", {16, 16}, call + "(p, w)"), store_r()}),
                        {16, 16}, false, "", {}});
    else
      probes.push_back({"poison in the tile", cat(poisoned_tile("p"), {tile_def("c", {16, 16}, "pl.load(B, [0, 0], [16, 16])"),
                                                                       tile_def("w", vshape, vec), tile_def("r", {16, 16}, call + "(p, w)"),
                                                                       store_r()}),
                        {16, 16}, false, reads_poison(op, "p")});
    t.push_back({op, Form::Tile, rc.kind == ir::RcKind::Bcast ? "computing op: reads the vector over the tile's valid region"
                                                              : kComputeRule, std::move(probes)});
  }
  return t;
}

// Ops with no elements to carry poison: storage handles and block queries (interp_test.cpp pins them).
const std::string_view kExempt[] = {"tile.alloc",           "tile.get_block_idx",   "tile.get_block_num",
                                    "tile.get_subblock_idx", "buffer.get_block_idx", "buffer.get_block_num",
                                    "buffer.get_subblock_idx"};

std::vector<u64> grid(double base) {
  std::vector<u64> v;
  for (int k = 0; k < 256; ++k) v.push_back(oracle::fv(DType::FP32, base + k / 64.0).bits);
  return v;
}

std::vector<Value> inputs(const Probe& p) {
  std::vector<u64> o(static_cast<std::size_t>(numel(p.o_shape)), oracle::fv(DType::FP32, -1.0).bits);
  std::set<std::size_t> pa;
  if (p.poison_a) pa.insert(flat(kR, kC, 16));
  return {tensor(DType::FP32, grid(0.5), {16, 16}, pa), tensor(DType::FP32, grid(0.75), {16, 16}),
          scalar(oracle::fv(DType::FP32, 2.0)), tensor(DType::FP32, o, p.o_shape)};
}

}  // namespace

bool poison_table_has_row(std::string_view op) {
  static const std::vector<Row> all = rows();
  for (const Row& r : all)
    if (r.op == op) return true;
  return false;
}

TEST_CASE("poison per op, table-driven, in value mode and buffer mode (docs/semantics.md)") {
  std::size_t value_rows = 0, buffer_rows = 0, value_probes = 0, buffer_probes = 0;
  for (const Row& row : rows()) {
    for (bool buffer_mode : {false, true}) {
      if (row.form == Form::BufferIR && !buffer_mode) continue;  // Buffer IR runs only in buffer mode
      (buffer_mode ? buffer_rows : value_rows)++;
      for (const Probe& p : row.probes) {
        (buffer_mode ? buffer_probes : value_probes)++;
        const std::string src = render(row, p, buffer_mode);
        const std::string what = row.op + " (" + (buffer_mode ? "buffer" : "value") + " mode), " + p.what + " [rule: " + row.rule + "]";
        auto prog = parse_ok(src);
        CHECK_MESSAGE(needs_buffer_mode(*prog->find("main")) == buffer_mode, what << ": the program runs in the wrong mode");
        RunResult r = run_main(*prog, inputs(p), buffer_mode ? ModePolicy::Auto : ModePolicy::Value);
        if (!p.error.empty()) {
          check_error(r, p.error, what + "\n" + src);
          continue;
        }
        if (!r.ok()) {
          FAIL_CHECK(what << ": " << r.error->str() << "\n" << src);
          continue;
        }
        const Output& o = out(r, p.output);
        std::set<std::size_t> got;
        for (std::size_t k = 0; k < o.poison.size(); ++k)
          if (o.poison[k]) got.insert(k);
        if (got != p.poison) {
          std::string g, w;
          for (auto k : got) g += std::to_string(k) + " ";
          for (auto k : p.poison) w += std::to_string(k) + " ";
          FAIL_CHECK(what << ": poison at flat positions { " << g << "}, expected { " << w << "}\n" << src);
        }
      }
    }
  }
  MESSAGE("poison rows: value mode " << value_rows << " (" << value_probes << " probes), buffer mode " << buffer_rows << " ("
                                     << buffer_probes << " probes)");
}

TEST_CASE("the poison table has one row per registry op and interpreter op, or an exemption") {
  std::map<std::string, int, std::less<>> count;
  for (const Row& r : rows()) count[r.op]++;
  for (const auto& [op, n] : count) CHECK_MESSAGE(n == 1, op << " has " << n << " rows");
  std::set<std::string, std::less<>> exempt(std::begin(kExempt), std::end(kExempt));
  std::size_t registry = 0;
  for (const ir::OpDef& d : ir::all_ops()) {
    ++registry;
    const bool row = count.count(d.name) != 0, ex = exempt.count(d.name) != 0;
    CHECK_MESSAGE(row != ex, "registry op " << d.name << (row ? " has a row and an exemption" : " has no poison row (nor an exemption)"));
  }
  CHECK(count.size() + exempt.size() == registry);
  // Every op an interpreter table models is in the table too (a handler without a registry row
  // would otherwise escape the count).
  for (const OpTable* table : {&value_mode_ops(), &buffer_mode_ops()})
    for (const auto& [name, fn] : *table)
      CHECK_MESSAGE((count.count(name) || exempt.count(name)), "interpreter op " << name << " has no poison row");
  // Rows run in the modes that model them: tile and tensor rows in both, buffer.* rows in buffer mode.
  for (const Row& r : rows()) {
    const bool buffer_op = r.op.starts_with("buffer.");
    CHECK_MESSAGE((r.form == Form::BufferIR) == buffer_op, r.op << ": wrong form");
    if (!buffer_op) CHECK_MESSAGE(value_mode_ops().count(r.op), r.op << " has no value-mode handler");
    CHECK_MESSAGE(buffer_mode_ops().count(r.op), r.op << " has no buffer-mode handler");
  }
}
}  // namespace ut_interp_poison_table_test
// op_coverage.hpp declares it globally for op_rows_test.cpp; the definition lives in this file's namespace.
bool poison_table_has_row(std::string_view op) { return ut_interp_poison_table_test::poison_table_has_row(op); }
