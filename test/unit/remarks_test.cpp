// Remarks of OptimizeOrchTensors Patterns 2 and 4 (`ptorw opt --passes=optimize-orch-tensors
// --remarks`): per callee and call site, which pattern applied or the spec condition that failed,
// located at the call site in its caller. Also the driver's located notes (rewrite::decline_at),
// which carry those spans out of Program rules and are reported once per run.
#include <doctest/doctest.h>

#include <boost/hana/tuple.hpp>
#include <string>
#include <vector>

#include "ptorw/patterns/optimize_orch_tensors.hpp"
#include "ptorw/patterns/outline_incore_scopes.hpp"
#include "ptorw/rewrite/driver.hpp"
#include "ptorw/text/parser.hpp"
namespace ut_remarks_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

ir::ProgramPtr parse(const std::string& src) {
  auto r = text::parse_program(src, "remarks.py");
  for (const auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.program);
  return r.program;
}

/// The remarks of one rule after running the pass with remarks on (or off).
/// `pass` run on `src` with remarks `on` (or off), in checking mode or not; it must converge.
passes::PassOutcome run_pass(const passes::Pass& pass, const std::string& src, bool on, bool check) {
  rewrite::DriverOptions o;
  o.remarks = on;
  o.check = check;
  passes::PassOutcome out = pass.run(parse(src), passes::PassContext{}, o);
  CHECK(out.stop == rewrite::StopReason::Converged);
  return out;
}

std::vector<rewrite::Remark> remarks_of(const std::string& src, std::string_view rule, bool on = true, bool check = true) {
  passes::PassOutcome out = run_pass(patterns::make_optimize_orch_tensors_pass(), src, on, check);
  std::vector<rewrite::Remark> mine;
  for (auto& r : out.remarks)
    if (r.rule == rule) mine.push_back(std::move(r));
  return mine;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// A kernel `k(x, out)` storing a [16, 32] tile; `main` is filled in per test. Line numbers: the
// kernel takes lines 2-9, `main` starts at line 11.
std::string program(const std::string& main_params, const std::string& main_result, const std::string& body,
                    const std::string& k_x = "pl.Tensor[[16, 32], pl.FP32]",
                    const std::string& k_out = "pl.Out[pl.Tensor[[16, 32], pl.FP32]]") {
  return "@pl.program\n"                                                                     // 1
         "class P:\n"                                                                        // 2
         "    @pl.function(type=pl.FunctionType.InCore)\n"                                   // 3
         "    def k(self, x: " + k_x + ", out: " + k_out + ") -> pl.Tensor[[16, 32], pl.FP32]:\n"  // 4
         "        t = pl.load(x, [0, 0], [16, 32])\n"                                        // 5
         "        bias = 2.0\n"                                                              // 6
         "        u = pl.tile.adds(t, bias)\n"                                               // 7
         "        r = pl.store(u, [0, 0], out)\n"                                            // 8
         "        return r\n"                                                                // 9
         "\n"                                                                                // 10
         "    @pl.function(type=pl.FunctionType.Orchestration)\n"                            // 11
         "    def main(self, " + main_params + ") -> " + main_result + ":\n"                 // 12
         + body;                                                                             // 13..
}

}  // namespace

TEST_CASE("Pattern 2 remarks: applied, located at the call site, reported once") {
  auto rs = remarks_of(program("x: pl.Tensor[[16, 32], pl.FP32]", "pl.Tensor[[128, 64], pl.FP32]",
                               "        buf = pl.create_tensor([128, 64], dtype=pl.FP32)\n"      // 13
                               "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"       // 14
                               "        r = self.k(x, tmp)\n"                                    // 15
                               "        placed = pl.tensor.assemble(buf, r, [0, 32])\n"          // 16
                               "        return placed\n"),
                       "assemble_parent_strides");
  // The rule fires in round 1 and declines in round 2 with the same note: it is reported once.
  REQUIRE(rs.size() == 1);
  CHECK(rs[0].function == "main");
  CHECK(rs[0].span.line == 15);
  CHECK(rs[0].reason == "'k' Out param 'out': applied: has the strides [64, 1] of parent 'buf' assembled at 16:18");
  CHECK(rs[0].to_diagnostic("remarks.py").str().rfind("remarks.py:15:", 0) == 0);
}

TEST_CASE("Pattern 2 remarks: the same with and without checking mode") {
  // A complete rule is not asked about its own output unless checking: the "applied" remark goes
  // with the application (it used to come only from the checking re-match), and the checking
  // re-match adds nothing of its own.
  const std::string src = program("x: pl.Tensor[[16, 32], pl.FP32]", "pl.Tensor[[128, 64], pl.FP32]",
                                  "        buf = pl.create_tensor([128, 64], dtype=pl.FP32)\n"  // 13
                                  "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"   // 14
                                  "        r = self.k(x, tmp)\n"                                // 15
                                  "        placed = pl.tensor.assemble(buf, r, [0, 32])\n"      // 16
                                  "        return placed\n");
  for (bool check : {false, true}) {
    CAPTURE(check);
    auto rs = remarks_of(src, "assemble_parent_strides", true, check);
    REQUIRE(rs.size() == 1);
    CHECK(rs[0].span.line == 15);
    CHECK(rs[0].reason == "'k' Out param 'out': applied: has the strides [64, 1] of parent 'buf' assembled at 16:18");
  }
}

TEST_CASE("Pattern 2 remarks: conflict names both call sites and their strides") {
  auto rs = remarks_of(program("x: pl.Tensor[[16, 32], pl.FP32]",
                               "tuple[pl.Tensor[[128, 64], pl.FP32], pl.Tensor[[128, 96], pl.FP32]]",
                               "        a = pl.create_tensor([128, 64], dtype=pl.FP32)\n"        // 13
                               "        b = pl.create_tensor([128, 96], dtype=pl.FP32)\n"        // 14
                               "        t1 = pl.create_tensor([16, 32], dtype=pl.FP32)\n"        // 15
                               "        r1 = self.k(x, t1)\n"                                    // 16
                               "        a2 = pl.tensor.assemble(a, r1, [0, 0])\n"                // 17
                               "        t2 = pl.create_tensor([16, 32], dtype=pl.FP32)\n"        // 18
                               "        r2 = self.k(x, t2)\n"                                    // 19
                               "        b2 = pl.tensor.assemble(b, r2, [0, 0])\n"                // 20
                               "        return a2, b2\n"),
                       "assemble_parent_strides");
  REQUIRE(rs.size() == 2);
  CHECK(rs[0].span.line == 16);
  CHECK(rs[1].span.line == 19);
  CHECK(contains(rs[0].reason, "conflict, no strides: here parent 'a' assembled at 17:"));
  CHECK(contains(rs[0].reason, "has strides [64, 1] but at the call at 19:"));
  CHECK(contains(rs[0].reason, "parent 'b' assembled at 20:"));
  CHECK(contains(rs[0].reason, "has strides [96, 1]"));
  CHECK(contains(rs[1].reason, "here parent 'b'"));
}

TEST_CASE("Pattern 2 remarks: not assembled, dynamic parent, explicit strides, callee blocker") {
  const std::string create = "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n";
  auto plain = remarks_of(program("x: pl.Tensor[[16, 32], pl.FP32]", "pl.Tensor[[16, 32], pl.FP32]",
                                  create + "        r = self.k(x, tmp)\n        return r\n"),
                          "assemble_parent_strides");
  REQUIRE(plain.size() == 1);
  CHECK(plain[0].reason == "'k' has no Out result assembled into a parent tensor");

  auto dynamic = remarks_of("M = pl.dynamic(\"M\")\n" +
                                program("x: pl.Tensor[[16, 32], pl.FP32], d: pl.Tensor[[64, M], pl.FP32]",
                                        "pl.Tensor[[64, M], pl.FP32]",
                                        create + "        r = self.k(x, tmp)\n"
                                                 "        p = pl.tensor.assemble(d, r, [0, 0])\n        return p\n"),
                            "assemble_parent_strides");
  REQUIRE(dynamic.size() == 1);
  CHECK(contains(dynamic[0].reason, "no strides: parent 'd' assembled at"));
  CHECK(contains(dynamic[0].reason, "gives no strides (its shape is not static)"));

  const std::string assembled = create +
                                "        buf = pl.create_tensor([128, 64], dtype=pl.FP32)\n"
                                "        r = self.k(x, tmp)\n"
                                "        p = pl.tensor.assemble(buf, r, [0, 0])\n        return p\n";
  auto kept = remarks_of(program("x: pl.Tensor[[16, 32], pl.FP32]", "pl.Tensor[[128, 64], pl.FP32]", assembled,
                                 "pl.Tensor[[16, 32], pl.FP32]",
                                 "pl.Out[pl.Tensor[[16, 32], pl.FP32, pl.TensorView(stride=[512, 1], "
                                 "layout=pl.TensorLayout.ND)]]"),
                         "assemble_parent_strides");
  REQUIRE(kept.size() == 1);
  CHECK(contains(kept[0].reason, "keeps its explicit strides [512, 1]; here parent 'buf'"));

  // The kernel hands its Out param to a call of another kernel: a use the attachment does not
  // understand, so it fails closed and says where.
  const std::string blocked_src =
      "@pl.program\n"
      "class P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def inner(self, o: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        z = pl.tile.full([16, 32], 0.0, dtype=pl.FP32)\n"
      "        s = pl.store(z, [0, 0], o)\n"
      "        return s\n"
      "\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        z = pl.tile.full([16, 32], 1.0, dtype=pl.FP32)\n"
      "        r = pl.store(z, [0, 0], out)\n"
      "        q = self.inner(out)\n"
      "        return r\n"
      "\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self) -> pl.Tensor[[128, 64], pl.FP32]:\n"
      "        buf = pl.create_tensor([128, 64], dtype=pl.FP32)\n"
      "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
      "        r = self.k(tmp)\n"
      "        p = pl.tensor.assemble(buf, r, [0, 0])\n"
      "        return p\n";
  auto blocked = remarks_of(blocked_src, "assemble_parent_strides");
  bool found = false;
  for (const auto& r : blocked)
    if (r.function == "main" && r.span.line == 20) {
      found = true;
      CHECK(contains(r.reason, "'k' Out param 'out': not attached ([64, 1] of parent 'buf'"));
      CHECK(contains(r.reason, "'out' is operand 1 of a call of 'inner' at 13:"));
    }
  CHECK(found);
}

TEST_CASE("Pattern 4 remarks: applied, conflict with a non-slice argument, packed slice, Out param") {
  auto applied = remarks_of(program("x: pl.Tensor[[128, 64], pl.FP32]", "pl.Tensor[[16, 32], pl.FP32]",
                                    "        blk = pl.tensor.slice(x, [16, 32], [0, 32])\n"        // 13
                                    "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"    // 14
                                    "        r = self.k(blk, tmp)\n"                               // 15
                                    "        return r\n"),
                            "slice_input_strides");
  REQUIRE(applied.size() == 1);
  CHECK(applied[0].span.line == 15);
  CHECK(applied[0].reason == "'k' In param 'x': applied: has the strides [64, 1] of the slice 'blk' of parent 'x'");

  auto conflict = remarks_of(program("x: pl.Tensor[[128, 64], pl.FP32], y: pl.Tensor[[16, 32], pl.FP32]",
                                     "tuple[pl.Tensor[[16, 32], pl.FP32], pl.Tensor[[16, 32], pl.FP32]]",
                                     "        blk = pl.tensor.slice(x, [16, 32], [0, 32])\n"       // 13
                                     "        t1 = pl.create_tensor([16, 32], dtype=pl.FP32)\n"    // 14
                                     "        r1 = self.k(blk, t1)\n"                              // 15
                                     "        t2 = pl.create_tensor([16, 32], dtype=pl.FP32)\n"    // 16
                                     "        r2 = self.k(y, t2)\n"                                // 17
                                     "        return r1, r2\n"),
                             "slice_input_strides");
  REQUIRE(conflict.size() == 2);
  CHECK(conflict[1].span.line == 17);
  CHECK(contains(conflict[1].reason, "conflict, no strides: here the argument 'y' (not a tensor.slice) has strides "
                                     "[32, 1] but at the call at 15:"));

  auto packed = remarks_of(program("x: pl.Tensor[[128, 32], pl.FP32]", "pl.Tensor[[16, 32], pl.FP32]",
                                   "        blk = pl.tensor.slice(x, [16, 32], [16, 0])\n"
                                   "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
                                   "        r = self.k(blk, tmp)\n        return r\n"),
                           "slice_input_strides");
  REQUIRE(packed.size() == 1);
  CHECK(contains(packed[0].reason, "nothing to attach: the slice 'blk' of parent 'x' has strides [32, 1], the packed "
                                   "strides of the parameter"));

  auto out_param = remarks_of(program("x: pl.Tensor[[16, 32], pl.FP32], d: pl.Tensor[[64, 64], pl.FP32]",
                                      "pl.Tensor[[16, 32], pl.FP32]",
                                      "        win = pl.tensor.slice(d, [16, 32], [0, 0])\n"
                                      "        r = self.k(x, win)\n        return r\n"),
                              "slice_input_strides");
  REQUIRE(out_param.size() == 1);
  CHECK(out_param[0].reason ==
        "'k' Out param 'out': its argument is a slice, but strides are attached to In params only (spec Pattern 4)");
}

TEST_CASE("remarks are off by default") {
  CHECK(remarks_of(program("x: pl.Tensor[[128, 64], pl.FP32]", "pl.Tensor[[16, 32], pl.FP32]",
                           "        blk = pl.tensor.slice(x, [16, 32], [0, 32])\n"
                           "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
                           "        r = self.k(blk, tmp)\n        return r\n"),
                   "slice_input_strides", /*on=*/false)
            .empty());
}

namespace {
// A Program rule that never matches and declines with two located notes, and one that fires once
// (so that the table runs a second round in which the first declines again).
struct NoteTwice {
  static constexpr std::string_view name = "note_twice";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Program;
  static constexpr int benefit = 1;
  rewrite::MatchResult<int> match(const ir::ProgramPtr&, rewrite::Context&) const {
    return rewrite::decline_at({{"f", ir::Span{3, 5}, "first"}, {"g", ir::Span{7, 9}, "second"}});
  }
  ir::ProgramPtr rewrite(int, rewrite::Context&) const { return nullptr; }
};
struct RenameOnce {
  static constexpr std::string_view name = "rename_once";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Program;
  static constexpr int benefit = 0;
  rewrite::MatchResult<ir::ProgramPtr> match(const ir::ProgramPtr& p, rewrite::Context&) const {
    if (p->name == "done") return rewrite::not_applicable();
    return p;
  }
  ir::ProgramPtr rewrite(const ir::ProgramPtr& p, rewrite::Context&) const {
    auto q = std::make_shared<ir::Program>(*p);
    q->name = "done";
    return q;
  }
};
}  // namespace

TEST_CASE("decline_at: one remark per note, at the note's function and span, once per run") {
  auto p = std::make_shared<const ir::Program>(ir::Program{"start", {}, {}, "n.py"});
  auto r = rewrite::run_table(boost::hana::make_tuple(NoteTwice{}, RenameOnce{}), p, {.remarks = true});
  CHECK(r.converged());
  CHECK(r.iterations == 2);  // note_twice declined in both rounds
  REQUIRE(r.remarks.size() == 2);
  CHECK(r.remarks[0].to_diagnostic("n.py").str() == "n.py:3:5: remark: note_twice: first (in f)");
  CHECK(r.remarks[1].to_diagnostic("n.py").str() == "n.py:7:9: remark: note_twice: second (in g)");
  CHECK(rewrite::decline_at({}).silent);
}

TEST_CASE("Pattern 4 remarks: a plain use of the In param is located at its statement, not at the parameter") {
  // A variable's node is shared by its definition and its uses, so its own span is the parameter's.
  const std::string src =
      "@pl.program\n"
      "class P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def scale(self, a: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        t = pl.load(a, [0, 0], [16, 32])\n"
      "        pair = (a, t)\n"  // line 6
      "        r = pl.store(t, [0, 0], out)\n"
      "        return r\n"
      "\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[128, 64], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        blk = pl.tensor.slice(x, [16, 32], [0, 32])\n"
      "        tmp = pl.create_tensor([16, 32], dtype=pl.FP32)\n"
      "        r = self.scale(blk, tmp)\n"
      "        return r\n";
  auto rs = remarks_of(src, "slice_input_strides");
  REQUIRE(rs.size() == 1);
  CHECK_MESSAGE(contains(rs[0].reason, "'a' is used at 6:9; only tile.load, tile.store, pl.yield_ and return are understood"),
                rs[0].reason);
}

// Pattern 1 remarks "per call site": a call with a fresh Out buffer inside an If arm of a loop is a
// near miss too (the loop form needs the result yielded straight back to the iter arg). Before, the
// pattern said nothing for it (an audit finding).
TEST_CASE("Pattern 1 remarks: a call in an If arm inside a loop is remarked") {
  const std::string src =
      "@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def k(self, x: pl.Tensor[[64], pl.FP32], out: pl.Out[pl.Tensor[[64], pl.FP32]]) -> pl.Tensor[[64], pl.FP32]:\n"
      "        t = pl.load(x, [0], [64])\n"
      "        r = pl.store(t, [0], out)\n"
      "        return r\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, buf: pl.Tensor[[64], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64], pl.FP32]:\n"
      "        for i, (acc,) in pl.range(4, init_values=(buf,)):\n"             // 10
      "            if i < n:\n"                                                   // 11
      "                o = pl.tensor.create([64], dtype=pl.FP32)\n"              // 12
      "                y = self.k(acc, o)\n"                                      // 13
      "                z = pl.yield_(y)\n"
      "            else:\n"
      "                z = pl.yield_(acc)\n"
      "            res = pl.yield_(z)\n"
      "        return res\n";
  auto rs = remarks_of(src, "iter_arg_reuse");
  REQUIRE(rs.size() == 1);
  CHECK(rs[0].function == "main");
  CHECK(rs[0].span.line == 13);
  CHECK(contains(rs[0].reason, "'k' Out param 'out' not merged: not the loop form"));
}

// Pattern 3 leaves a Group function alone (spec "Scope": "Group | Unchanged") and says so where its
// body has Pattern 3's loop (golden p3_group_body_unchanged); a tile.assemble outside any loop is
// not that shape, and is no reason for a remark (review rev10 F4).
TEST_CASE("Pattern 3's Group remark is about an assembling loop only") {
  const std::string src =
      "import ptorw.language as pl\n@pl.program\nclass P:\n"
      "    @pl.function(type=pl.FunctionType.Group)\n"
      "    def g(self, x: pl.Tensor[[32, 32], pl.FP32], out: pl.Out[pl.Tensor[[32, 32], pl.FP32]]) -> pl.Tensor[[32, 32], pl.FP32]:\n"
      "        t = pl.load(x, [0, 0], [32, 32])\n"
      "        u = pl.load(x, [0, 0], [16, 32])\n"
      "        v = pl.tile.assemble(t, u, [16, 0])\n"
      "        r = pl.store(v, [0, 0], out)\n"
      "        return r\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[32, 32], pl.FP32]) -> pl.Tensor[[32, 32], pl.FP32]:\n"
      "        o = pl.create_tensor([32, 32], dtype=pl.FP32)\n"
      "        r = self.g(x, o)\n"
      "        return r\n";
  CHECK(remarks_of(src, "assemble_loop_to_store").empty());
}

TEST_CASE("outline-incore-scopes: a kept scope has one reason, with or without checking mode") {
  // Review rev12 L-A: the checking re-match read the output, where the outer scope now calls the
  // function the rule had just made, and gave it a second reason ("it calls 'inner'").
  const std::string src =
      "@pl.program\nclass P:\n"                                                                            // 1-2
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"                                                // 3
      "    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:\n"
      "        with pl.at(level=pl.Level.CORE_GROUP, name_hint=\"outer\"):\n"                                 // 5
      "            t = pl.load(x, [0, 0], [16, 32])\n"
      "            r = pl.store(t, [0, 0], o)\n"
      "            with pl.at(level=pl.Level.CORE_GROUP, name_hint=\"inner\"):\n"
      "                u = pl.load(x, [0, 0], [16, 32])\n"
      "                r2 = pl.store(u, [16, 0], r)\n"
      "        return r2\n";
  for (bool check : {false, true}) {
    CAPTURE(check);
    passes::PassOutcome out = run_pass(patterns::make_outline_incore_scopes_pass(), src, true, check);
    REQUIRE(out.remarks.size() == 1);
    CHECK(out.remarks[0].span.line == 5);
    CHECK(out.remarks[0].reason == "scope stays: it contains a nested scope");
  }
}

TEST_CASE("outline-incore-scopes: a kernel it makes that returns a scalar is warned about at the scope") {
  // Review rev13 M2: a scalar computed through an if in the scope is not moved out; compile later
  // refused the kernel naming an internal tuple.
  const std::string src =
      "@pl.program\nclass P:\n"                                                      // 1-2
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"                          // 3
      "    def main(self, x: pl.Tensor[[16, 32], pl.FP32], o: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX]"
      ") -> tuple[pl.Tensor[[16, 32], pl.FP32], pl.Scalar[pl.INDEX]]:\n"                 // 4
      "        with pl.at(level=pl.Level.CORE_GROUP, name_hint=\"k1\"):\n"             // 5
      "            if n > 2:\n"
      "                q = pl.yield_(2)\n"
      "            else:\n"
      "                q = pl.yield_(1)\n"
      "            t = pl.load(x, [0, 0], [16, 32])\n"
      "            r = pl.store(t, [0, 0], o)\n"
      "        return r, q\n";
  passes::PassOutcome out = run_pass(patterns::make_outline_incore_scopes_pass(), src, false, false);
  REQUIRE(out.program);
  std::vector<Diagnostic> warnings;
  for (const auto& d : out.diagnostics)
    if (d.severity == Severity::Warning) warnings.push_back(d);
  REQUIRE(warnings.size() == 1);
  CHECK(warnings[0].str() == "remarks.py:5:9: warning: the kernel 'k1' outlined from this scope returns the scalar 'q', "
                             "which the caller reads after the scope; a task cannot return a scalar: compute it before "
                             "the scope, or route it through a tensor");
}
}  // namespace ut_remarks_test
