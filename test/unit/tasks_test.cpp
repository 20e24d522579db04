// The task graph, the simulated schedule, the swimlane SVG and the advisor (issue 21).
// Goldens in test/tasks/*.json are hand-written (edges and byte regions derived in the comments of
// each case), never produced by the code under test. A task argument's "value" is the name hint of
// the variable passed (the IR's; the printer may add suffixes to make names unique in its text), a
// task's line:col the span of its call (the callee name of `self.k(...)`, `pl` of `pl.submit`).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "ptorw/tasks/advise.hpp"
#include "ptorw/tasks/graph_output.hpp"
#include "ptorw/tasks/swimlane_svg.hpp"
#include "ptorw/text/parser.hpp"
namespace ut_tasks_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

std::string root() {
  const char* r = std::getenv("PTORW_SOURCE_ROOT");
  return r ? r : ".";
}
std::string read(const std::string& path) {
  std::ifstream in(path);
  REQUIRE_MESSAGE(in.good(), "cannot read " << path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}
ir::ProgramPtr load(const std::string& rel) {
  auto r = text::parse_file(root() + "/" + rel);
  REQUIRE_MESSAGE(r.ok(), rel);
  r.program->source_file;  // keep
  return r.program;
}
tasks::Simulation sim(const std::string& rel, const std::string& passes, const tasks::GraphOptions& go = {},
                      const tasks::CostModel& cm = {}, tasks::Lanes lanes = {}) {
  auto s = tasks::simulate(load(rel), passes, go, cm, lanes);
  for (const auto& d : s.diagnostics) MESSAGE(d.str());
  REQUIRE(s.ok());
  return s;
}
/// The model of the swimlane tests: dispatch 1 ns, fixed kernel durations (tasks/cost.json).
tasks::CostModel fixed_costs() {
  tasks::CostModel m;
  m.dispatch_ns = 1;
  m.measured = {{"qk_rows", 10}, {"exp_rows", 5}, {"pv_rows", 10}, {"band", 20}, {"total", 10}};
  return m;
}

}  // namespace

TEST_CASE("golden task graphs of three examples (hand-checked edges)") {
  // row_bands.py as written: four `band` calls each hand the runtime all of o0 (bytes [0, 16384)),
  // so each waits for the previous writer (write->write), and `total` reads o0 after the last
  // writer (write->read); x is only read, so it makes no edge.
  CHECK(tasks::graph_json(sim("examples/row_bands.py", "").graph) == read(root() + "/test/tasks/row_bands.json"));
  // After default: Pattern 5 passes 16-row windows (4096 bytes each) of x and o0; the writers are
  // disjoint (no edge between them), and `total` reads all of o0, written by all four (four
  // write->read edges).
  CHECK(tasks::graph_json(sim("examples/row_bands.py", "default").graph) == read(root() + "/test/tasks/row_bands.default.json"));
  // attention_rows.py after default: per row block k the windows are rows [32k, 32k+32) of S, P,
  // O and Q; exp waits for qk (S window), pv for exp (P window); blocks share nothing they write.
  CHECK(tasks::graph_json(sim("examples/attention_rows.py", "default").graph) ==
        read(root() + "/test/tasks/attention_rows.default.json"));
  // manual_pipeline.py with mode = 1: project and scale are submitted in the manual scope (no
  // derived edge, scale names project in deps=[p_task]) and are not recorded, so activate (the
  // `mode > 0` arm), which reads `scaled` after scale wrote it, waits on its deps=[q_task] only.
  tasks::GraphOptions go;
  go.scalars["mode"] = 1;
  CHECK(tasks::graph_json(sim("examples/manual_pipeline.py", "", go).graph) ==
        read(root() + "/test/tasks/manual_pipeline.mode1.json"));
  go.scalars["mode"] = 0;  // the else arm: scale again, same edges
  auto g0 = sim("examples/manual_pipeline.py", "", go).graph;
  REQUIRE(g0.tasks.size() == 3);
  CHECK(g0.tasks[2].kernel == "scale");
  CHECK(g0.edges.size() == 2);
}

TEST_CASE("dot output names tasks, kinds and storages") {
  auto dot = tasks::graph_dot(sim("examples/row_bands.py", "").graph);
  CHECK(dot.find("t0 -> t1 [label=\"waw o0\"];") != std::string::npos);
  CHECK(dot.find("t3 -> t4 [label=\"raw o0\"];") != std::string::npos);
  CHECK(dot.rfind("digraph \"main\" {", 0) == 0);
}

TEST_CASE("byte regions: runs, column windows, strides, overlap") {
  tasks::Descriptor rows{0, 64 * 8, {8, 64}, {64, 1}, 4};  // rows 8..15 of [*, 64] FP32
  CHECK(tasks::byte_intervals(rows) == std::vector<tasks::Interval>{{2048, 4096}});
  tasks::Descriptor cols{0, 4, {2, 4}, {64, 1}, 2};  // columns 4..7 of two rows, FP16
  CHECK(tasks::byte_intervals(cols) == std::vector<tasks::Interval>{{8, 16}, {136, 144}});
  tasks::Descriptor other{0, 8, {2, 4}, {64, 1}, 2};  // columns 8..11: touches, does not overlap
  CHECK_FALSE(tasks::overlap(tasks::byte_intervals(cols), tasks::byte_intervals(other)));
  tasks::Descriptor wide{0, 6, {1, 4}, {64, 1}, 2};  // columns 6..9 of row 0: overlaps both
  CHECK(tasks::overlap(tasks::byte_intervals(cols), tasks::byte_intervals(wide)));
  CHECK(tasks::overlap(tasks::byte_intervals(other), tasks::byte_intervals(wide)));
  tasks::Descriptor transposed{0, 0, {4, 2}, {1, 64}, 4};  // a transposed view: sorted and merged
  CHECK(tasks::byte_intervals(transposed) == std::vector<tasks::Interval>{{0, 16}, {256, 272}});
  tasks::Descriptor empty{0, 0, {0, 4}, {4, 1}, 4};
  CHECK(tasks::byte_intervals(empty).empty());
}

TEST_CASE("errors name the construct at file:line:col") {
  auto graph_error = [](const std::string& src, const tasks::GraphOptions& go = {}) {
    auto p = text::parse_program(src, "t.py");
    REQUIRE(p.ok());
    auto r = tasks::build_task_graph(*p.program, go);
    REQUIRE_FALSE(r.ok());
    return r.diagnostics.front().str();
  };
  const std::string kernel = R"(
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 16])
        r = pl.store(t, [0, 0], o)
        return r
)";
  const std::string head = "import ptorw.language as pl\n@pl.program\nclass P:" + kernel;
  // A branch on a scalar parameter without --scalar.
  std::string branch = head + R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        o = pl.create_tensor([16, 16], dtype=pl.FP32)
        if n > 0:
            r1 = self.k(a, o)
            r = pl.yield_(r1)
        else:
            r2 = self.k(a, o)
            r = pl.yield_(r2)
        return r
)";
  CHECK(graph_error(branch) ==
        "t.py:13:14: error: task graph of 'main': the if condition is not statically known (it depends on scalar parameter "
        "'n': give --scalar n=VALUE)");
  // A loop beyond the bound.
  std::string loop = head + R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        o = pl.create_tensor([16, 16], dtype=pl.FP32)
        for i in pl.range(100):
            r = self.k(a, o)
        return o
)";
  tasks::GraphOptions small;
  small.max_iterations = 50;
  CHECK(graph_error(loop, small).find("t.py:13:9: error: task graph of 'main': more than 50 loop iterations in all") == 0);
  small = {};
  small.max_tasks = 10;
  CHECK(graph_error(loop, small).find("more than 10 tasks") != std::string::npos);
  // A window outside its tensor.
  std::string oob = head + R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[32, 16], pl.FP32]) -> pl.Tensor[[32, 16], pl.FP32]:
        o = pl.create_tensor([32, 16], dtype=pl.FP32)
        for i in pl.range(3):
            w = pl.tensor.slice(a, [16, 16], [i * 16, 0])
            r = self.k(w, o)
        return o
)";
  CHECK(graph_error(oob).find("the window [32, 48) of dim 0 is outside the tensor's extent 32") != std::string::npos);
  // A pl.at scope left in orchestration; a call of a non-kernel; no such entry.
  std::string at = head + R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        with pl.at(level=pl.Level.CORE_GROUP):
            t = pl.load(a, [0, 0], [16, 16])
        return a
)";
  CHECK(graph_error(at).find("has no runtime spelling: outline-incore-scopes must outline it into a kernel") != std::string::npos);
  // Hand-written text that rebinds a name is refused, naming convert-to-ssa (no guess at its meaning).
  std::string rebinds = head + R"(
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        o = pl.create_tensor([16, 16], dtype=pl.FP32)
        o = self.k(a, o)
        return o
)";
  CHECK(graph_error(rebinds).find("run convert-to-ssa first") != std::string::npos);
  tasks::GraphOptions other;
  other.entry = "nope";
  CHECK(graph_error(branch, other) == "t.py: error: no Orchestration function 'nope' (the program's: main)");
  // A kernel that can return its In param early has no one result parameter (audit 2026-12-06 M2:
  // the graph took it for its Out argument and lost a dependency); the message names the kernel.
  const std::string early = "import ptorw.language as pl\n@pl.program\nclass P:" + std::string(R"(
    @pl.function(type=pl.FunctionType.InCore)
    def e(self, a: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INDEX], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        if n > 0:
            return a
        t = pl.load(a, [0, 0], [16, 16])
        r = pl.store(t, [0, 0], o)
        return r
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32], n: pl.Scalar[pl.INDEX]) -> pl.Tensor[[16, 16], pl.FP32]:
        o = pl.create_tensor([16, 16], dtype=pl.FP32)
        y = self.e(a, n, o)
        o2 = pl.create_tensor([16, 16], dtype=pl.FP32)
        z = self.e(y, n, o2)
        return z
)");
  CHECK(graph_error(early).find("error: task graph of 'main': the value of 'y' is used, but it is a result of 'e', and the "
                                "kernel also returns at 7:13 (inside an if or a loop), so its result is not one parameter") !=
        std::string::npos);
}

TEST_CASE("swimlane --compare default: makespans of the hand calculation") {
  // Costs (fixed_costs): dispatch 1 ns (task i is submitted at i + 1), qk_rows 10, exp_rows 5,
  // pv_rows 10, band 20, total 10; 4 vector and 4 cube lanes (never the bottleneck here).
  //
  // attention_rows.py as written, tasks in order qk0 exp0 pv0 qk1 exp1 pv1 ... (ids 3k, 3k+1, 3k+2):
  //   every task hands over all of S, P or O, so exp_k waits for qk_k (S), pv_k for exp_k (P) and
  //   pv_{k-1} (O), qk_{k+1} for exp_k (it reads S, which qk_{k+1} overwrites) and qk_k:
  //   qk0 [1, 11]  exp0 [11, 16]  pv0 [16, 26]  qk1 [16, 26]  exp1 [26, 31]  pv1 [31, 41]
  //   qk2 [31, 41] exp2 [41, 46]  pv2 [46, 56]  qk3 [46, 56]  exp3 [56, 61]  pv3 [61, 71]
  //   makespan = 1 + 10 + 4 * (10 + 5) = 71 (each block adds one qk and one exp; pv overlaps the
  //   next qk).
  // After default every block works on its own rows: block k is submitted from 3k + 1, nothing
  //   waits across blocks, so the last block decides: qk3 submitted at 10 -> [10, 20], exp3
  //   [20, 25], pv3 [25, 35]: makespan 35.
  auto cm = fixed_costs();
  tasks::Lanes lanes{4, 4};
  auto before = sim("examples/attention_rows.py", "", {}, cm, lanes);
  auto after = sim("examples/attention_rows.py", "default", {}, cm, lanes);
  CHECK(before.schedule.makespan == 71);
  CHECK(after.schedule.makespan == 35);
  CHECK(before.schedule.slots[3].start == 16);  // qk1 waited for exp0
  CHECK(before.schedule.slots[3].reason == tasks::StartReason::Dependency);
  CHECK(after.schedule.slots[3].start == 4);  // qk1 at its submission
  CHECK(after.schedule.slots[3].reason == tasks::StartReason::Dispatch);
  CHECK(before.schedule.critical_path.size() == 9);  // qk0 exp0 qk1 exp1 qk2 exp2 qk3 exp3 pv3
  CHECK(after.schedule.critical_path == std::vector<int>{9, 10, 11});

  // row_bands.py as written: band k writes all of o0 -> a chain: [1, 21], [21, 41], [41, 61],
  //   [61, 81]; total reads o0 -> [81, 91]: makespan 91.
  // After default: the bands are disjoint windows: [1, 21], [2, 22], [3, 23], [4, 24] on four
  //   vector lanes; total (submitted at 5) waits for the last band: [24, 34]: makespan 34.
  auto b0 = sim("examples/row_bands.py", "", {}, cm, lanes);
  auto b1 = sim("examples/row_bands.py", "default", {}, cm, lanes);
  CHECK(b0.schedule.makespan == 91);
  CHECK(b1.schedule.makespan == 34);
  CHECK(b1.schedule.slots[4].delayed_by >= 0);
  CHECK(b1.graph.edges[static_cast<std::size_t>(b1.schedule.slots[4].delayed_by)].from == 3);
  // With one vector lane the windows no longer help: 1 + 4 * 20 + 10 = 91 either way.
  auto one = sim("examples/row_bands.py", "default", {}, cm, tasks::Lanes{1, 1});
  CHECK(one.schedule.makespan == 91);
  CHECK(one.schedule.slots[1].reason == tasks::StartReason::Lane);
}

TEST_CASE("the default cost model, by hand") {
  // band: load 16x64 FP32 (4096 B at 32 B/ns = 128 ns) + muls (4096 B at 128 B/ns = 32 ns) + store
  // (128 ns), 5 ns per op, 50 ns per kernel: 50 + 133 + 37 + 133 = 353 ns.
  auto s = sim("examples/row_bands.py", "");
  CHECK(s.schedule.cost[0] == doctest::Approx(353));
  // total: load 64x64 (16384 B: 512 ns) + add (128 ns) + store (512 ns) + 3 * 5 + 50 = 1217 ns.
  CHECK(s.schedule.cost[4] == doctest::Approx(1217));
  // qk_rows (cube): two loads (8192 B: 256 ns; 16384 B: 512 ns), two moves (8192 B and 16384 B at
  // 128 B/ns: 64 + 128 ns), matmul 32x64x64 MACs at 2048/ns = 64 ns, store of the 32x64 FP32 Acc
  // tile (256 ns); 6 ops * 5 + 50 = 80: 256 + 512 + 64 + 128 + 64 + 256 + 80 = 1360 ns.
  auto a = sim("examples/attention_rows.py", "");
  CHECK(a.schedule.cost[0] == doctest::Approx(1360));
  // Default dispatch: task i submitted at 20 * (i + 1).
  CHECK(s.schedule.slots[0].start == 20);
}

TEST_CASE("the cost model gives a kernel the same duration on Tile IR and Buffer IR") {
  // k2: two loads of 64x64 FP32 (16384 B at 32 B/ns: 512 ns each), an add (16384 B at 128 B/ns:
  // 128 ns), a store (512 ns), 4 ops * 5 + 50 = 70: 1734 ns; k1: one load, an add, a store: 1217 ns.
  // Buffer IR ops return nothing and write their last Buffer operand: the same bytes.
  auto tile = sim("test/tasks/buffer_stage_cost.py", "");
  auto buffer = sim("test/tasks/buffer_stage_cost.py", "tile-to-buffer");
  REQUIRE(tile.schedule.cost.size() == 2);
  REQUIRE(buffer.schedule.cost.size() == 2);
  CHECK(tile.schedule.cost[0] == doctest::Approx(1734));
  CHECK(tile.schedule.cost[1] == doctest::Approx(1217));
  CHECK(buffer.schedule.cost[0] == doctest::Approx(1734));
  CHECK(buffer.schedule.cost[1] == doctest::Approx(1217));
}

TEST_CASE("the default cost model: an Acc store that narrows to BF16 writes half the bytes (review rev17 L3)") {
  // The FP32 accumulator [64, 64] stored into a BF16 tensor writes 8192 B (256 ns at 32 B/ns), not
  // the tile's 16384 B (512 ns); the FP32 output of the same kernel costs 256 ns more.
  const std::string bf16 =
      "@pl.program\n"
      "class Cube:\n"
      "    @pl.function(type=pl.FunctionType.AIC)\n"
      "    def kernel(self, A: pl.Tensor[[64, 64], pl.FP16], B: pl.Tensor[[64, 64], pl.FP16],\n"
      "               Out: pl.Out[pl.Tensor[[64, 64], pl.BF16]]) -> pl.Tensor[[64, 64], pl.BF16]:\n"
      "        a_mat = pl.load(A, [0, 0], [64, 64], target_memory=pl.Mem.Mat)\n"
      "        b_mat = pl.load(B, [0, 0], [64, 64], target_memory=pl.Mem.Mat)\n"
      "        a_l0 = pl.tile.move(a_mat, target_memory=pl.Mem.Left)\n"
      "        b_l0 = pl.tile.move(b_mat, target_memory=pl.Mem.Right)\n"
      "        acc = pl.tile.matmul(a_l0, b_l0)\n"
      "        result = pl.store(acc, [0, 0], Out)\n"
      "        return result\n"
      "\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, A: pl.Tensor[[64, 64], pl.FP16], B: pl.Tensor[[64, 64], pl.FP16]) -> pl.Tensor[[64, 64], pl.BF16]:\n"
      "        o = pl.create_tensor([64, 64], dtype=pl.BF16)\n"
      "        o = self.kernel(A, B, o)\n"
      "        return o\n"
;
  std::string fp32 = bf16;
  for (std::size_t at; (at = fp32.find("pl.BF16")) != std::string::npos;) fp32.replace(at, 7, "pl.FP32");
  auto cost = [](const std::string& src) {
    auto r = text::parse_program(src, "acc.py");
    REQUIRE(r.ok());
    auto s = tasks::simulate(r.program, "convert-to-ssa", {}, {}, {});
    for (const auto& d : s.diagnostics) MESSAGE(d.str());
    REQUIRE(s.ok());
    return s.schedule.cost[0];
  };
  CHECK(cost(fp32) - cost(bf16) == doctest::Approx(256));
}

TEST_CASE("the swimlane SVG: lanes, tasks, delaying edges, two panels") {
  auto cm = fixed_costs();
  auto b0 = sim("examples/row_bands.py", "", {}, cm, tasks::Lanes{2, 1});
  auto b1 = sim("examples/row_bands.py", "default", {}, cm, tasks::Lanes{2, 1});
  std::string svg = tasks::swimlane_svg({{"before", &b0.graph, &b0.schedule}, {"after", &b1.graph, &b1.schedule}});
  auto count = [&](std::string_view needle) {
    int n = 0;
    for (auto at = svg.find(needle); at != std::string::npos; at = svg.find(needle, at + 1)) ++n;
    return n;
  };
  CHECK(svg.rfind("<?xml", 0) == 0);
  CHECK(count("<svg ") == 1);
  CHECK(count("</svg>") == 1);
  CHECK(count("class=\"panel\"") == 2);
  CHECK(count("class=\"lane\"") == 6);   // 2 AIV + 1 AIC, twice
  CHECK(count("class=\"task\"") == 10);  // 5 tasks, twice
  CHECK(count("class=\"edge\"") == 4 + 1);  // before: every task waited for its producer; after: total
  CHECK(count("data-makespan=\"91.0\"") == 1);
  CHECK(svg.find("band__windowed") != std::string::npos);
}

TEST_CASE("the advisor: Pattern 5 acceptance, remarks, gain and clues") {
  // row_bands.py with the windowize mark removed from `band`.
  std::string src = read(root() + "/examples/row_bands.py");
  const std::string mark = ", attrs={\"windowize\": True}";
  src.erase(src.find(mark), mark.size());
  auto parsed = text::parse_program(src, "row_bands.py");
  REQUIRE(parsed.ok());
  auto r = tasks::advise(parsed.program, {}, fixed_costs(), tasks::Lanes{4, 4});
  REQUIRE(r.ok());
  CHECK(r.baseline_makespan == 91);
  REQUIRE(r.kernels.size() == 2);
  CHECK(r.kernels[0].kernel == "band");  // sorted by gain
  CHECK(r.kernels[0].accepted);
  CHECK(r.kernels[0].makespan_after == 34);
  CHECK(r.kernels[0].gain() == 57);
  CHECK(r.kernels[0].false_edges.size() == 3);  // band0->band1->band2->band3 write->write on o0
  CHECK(r.kernels[0].adjacent_waits == 3);
  // Unmarked: band k runs [1 + 20k, 21 + 20k] but was submitted at k + 1: bands 2 and 3 waited 38
  // and 57 ns, longer than their 20 ns (band 1 waited 19).
  CHECK(r.kernels[0].tasks == 4);
  CHECK(r.kernels[0].long_waits == 2);
  CHECK(r.kernels[1].kernel == "total");
  CHECK_FALSE(r.kernels[1].accepted);
  // Pattern 5's own remark says why `total` is not windowed.
  REQUIRE_FALSE(r.kernels[1].remarks.empty());
  CHECK(r.kernels[1].remarks[0].find("'total'") != std::string::npos);
  std::string text = tasks::advice_text(r);
  CHECK(text.find("band: Pattern 5 accepts it; makespan 91.0 -> 34.0 ns (-57.0 ns, 63%)") != std::string::npos);
  CHECK(text.find("clue: 3 auto-dependency edge(s) between disjoint windows of one parent") != std::string::npos);
}

TEST_CASE("a Group is one mixed task holding a cube and a vector lane; TensorView strides give the bytes") {
  const std::string src = R"(import ptorw.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def c(self, a: pl.Tensor[[4, 8], pl.FP32, pl.TensorView(stride=[16, 1])], o: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        t = pl.load(a, [0, 0], [4, 8])
        r = pl.store(t, [0, 0], o)
        return r
    @pl.function(type=pl.FunctionType.AIV)
    def v(self, a: pl.Tensor[[4, 8], pl.FP32, pl.TensorView(stride=[16, 1])], o: pl.Out[pl.Tensor[[4, 8], pl.FP32]]) -> pl.Tensor[[4, 8], pl.FP32]:
        t = pl.load(a, [0, 0], [4, 8])
        r = pl.store(t, [0, 0], o)
        return r
    @pl.function(type=pl.FunctionType.Group)
    def g(self, a: pl.Tensor[[4, 8], pl.FP32, pl.TensorView(stride=[16, 1])], o: pl.Out[pl.Tensor[[4, 8], pl.FP32]]):
        r1 = self.c(a, o)
        r2 = self.v(a, o)
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[4, 8], pl.FP32, pl.TensorView(stride=[16, 1])], o: pl.Tensor[[4, 8], pl.FP32],
             o2: pl.Tensor[[4, 8], pl.FP32]) -> pl.Tensor[[4, 8], pl.FP32]:
        self.g(a, o)
        r = self.v(a, o2)
        return r
)";
  auto parsed = text::parse_program(src, "t.py");
  REQUIRE(parsed.ok());
  tasks::CostModel cm;
  cm.dispatch_ns = 1;
  cm.measured = {{"c", 7}, {"v", 10}};
  auto s = tasks::simulate(parsed.program, "", {}, cm, tasks::Lanes{1, 1});
  for (const auto& d : s.diagnostics) MESSAGE(d.str());
  REQUIRE(s.ok());
  REQUIRE(s.graph.tasks.size() == 2);
  // `a` is 4 rows of 8 FP32 with a row stride of 16 elements: bytes [64r, 64r + 32) for r < 4; its
  // storage ends after the last element: (3 * 16 + 7 + 1) * 4 = 224 bytes.
  CHECK(s.graph.storages[0].bytes == 224);
  CHECK(s.graph.tasks[0].args[0].bytes == std::vector<tasks::Interval>{{0, 32}, {64, 96}, {128, 160}, {192, 224}});
  CHECK(s.graph.tasks[0].core == tasks::Core::Mixed);
  CHECK(s.graph.tasks[0].kernel_id == -1);
  CHECK(s.graph.edges.empty());  // both read a; they write o and o2
  // The Group's members run in order, and v writes the `o` that c wrote: v starts when c ends, so
  // the Group lasts 7 + 10 = 17 (review rev43c 3; members that share nothing overlap: the next
  // case). Submitted at 1, it holds AIC 0 and AIV 0 for [1, 18]; v (submitted at 2, no dependency)
  // waits for the one vector lane: [18, 28].
  CHECK(s.schedule.slots[0].aic_lane == 0);
  CHECK(s.schedule.slots[0].aiv_lanes == std::vector<int>{0});
  CHECK(s.schedule.slots[0].end == 18);
  CHECK(s.schedule.slots[1].start == 18);
  CHECK(s.schedule.slots[1].reason == tasks::StartReason::Lane);
  CHECK(s.schedule.makespan == 28);
  CHECK(s.schedule.critical_path == std::vector<int>{0, 1});
}

TEST_CASE("a Group lasts as long as its longest chain of members: a member waits for those whose output it reads") {
  // mm (cube) writes tmp; act (vector) reads tmp: act starts when mm ends (10 + 7). act2 reads only
  // a and writes o2: it overlaps mm (5). The Group: 17, not max(10, 7, 5) = 10.
  const std::string src = R"(import ptorw.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def mm(self, a: pl.Tensor[[16, 16], pl.FP32], t: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x = pl.load(a, [0, 0], [16, 16])
        r = pl.store(x, [0, 0], t)
        return r
    @pl.function(type=pl.FunctionType.AIV)
    def act(self, t: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x = pl.load(t, [0, 0], [16, 16])
        r = pl.store(x, [0, 0], o)
        return r
    @pl.function(type=pl.FunctionType.AIV)
    def act2(self, t: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x = pl.load(t, [0, 0], [16, 16])
        r = pl.store(x, [0, 0], o)
        return r
    @pl.function(type=pl.FunctionType.Group)
    def g(self, a: pl.Tensor[[16, 16], pl.FP32], tmp: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
          o: pl.Out[pl.Tensor[[16, 16], pl.FP32]], o2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        t1 = self.mm(a, tmp)
        r1 = self.act(t1, o)
        r2 = self.act2(a, o2)
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32], tmp: pl.Tensor[[16, 16], pl.FP32], o: pl.Tensor[[16, 16], pl.FP32],
             o2: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        self.g(a, tmp, o, o2)
        return o
)";
  auto parsed = text::parse_program(src, "t.py");
  REQUIRE(parsed.ok());
  tasks::CostModel cm;
  cm.dispatch_ns = 1;
  cm.measured = {{"mm", 10}, {"act", 7}, {"act2", 5}};
  auto s = tasks::simulate(parsed.program, "", {}, cm, tasks::Lanes{4, 2});
  for (const auto& d : s.diagnostics) MESSAGE(d.str());
  REQUIRE(s.ok());
  REQUIRE(s.schedule.cost.size() == 1);
  CHECK(s.schedule.cost[0] == doctest::Approx(17));
}

TEST_CASE("a host tensor.read waits for the bytes' writers, and the orchestrator submits nothing before it") {
  // Task 0 writes y; the host reads y[3, 5] (its writer: task 0) and passes the value to task 1;
  // task 2 (independent: it reads x, writes w) comes after both in program order. pto_format.md:
  // "`tensor.read` a host read" — the orchestrator holds the value only once task 0 has ended, and
  // submits task 1, then task 2, after that (review rev43c 1: task 1 ran beside task 0). Reading x,
  // which no task writes, waits for nothing.
  const std::string src = R"(import ptorw.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[64, 64], pl.FP32], s: pl.Scalar[pl.FP32],
          out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        u = pl.tile.muls(t, s)
        r = pl.store(u, [0, 0], out)
        return r
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        y = pl.create_tensor([64, 64], dtype=pl.FP32)
        y1 = self.k(x, 2.0, y)
        v = pl.tensor.read(y1, [3, 5])
        z = pl.create_tensor([64, 64], dtype=pl.FP32)
        z1 = self.k(x, v, z)
        u = pl.tensor.read(x, [0, 0])
        w = pl.create_tensor([64, 64], dtype=pl.FP32)
        w1 = self.k(x, u, w)
        return z1
)";
  auto parsed = text::parse_program(src, "t.py");
  REQUIRE(parsed.ok());
  tasks::CostModel cm;
  cm.dispatch_ns = 1;
  cm.measured = {{"k", 10}};
  auto s = tasks::simulate(parsed.program, "", {}, cm, tasks::Lanes{4, 2});
  for (const auto& d : s.diagnostics) MESSAGE(d.str());
  REQUIRE(s.ok());
  REQUIRE(s.graph.tasks.size() == 3);
  REQUIRE(s.graph.edges.size() == 1);
  CHECK(s.graph.edges[0].from == 0);
  CHECK(s.graph.edges[0].to == 1);
  CHECK(s.graph.edges[0].kinds == (1u << static_cast<int>(tasks::EdgeKind::Host)));
  CHECK(s.graph.storages[static_cast<std::size_t>(s.graph.edges[0].storage)].name == "y");
  CHECK(tasks::graph_json(s.graph).find("\"kinds\": [\"host\"]") != std::string::npos);
  // Task 0: submitted at 1, [1, 11]. Task 1: submitted 1 ns after task 0 ends, at 12: [12, 22].
  // Task 2: submitted after task 1, at 13 (not at 3): [13, 23]. Both were delayed by the host
  // edge 0 -> 1: the critical path runs from task 0 to task 2, which ends last.
  CHECK(s.schedule.slots[0].end == 11);
  CHECK(s.schedule.slots[1].submit == 12);
  CHECK(s.schedule.slots[1].start == 12);
  CHECK(s.schedule.slots[1].reason == tasks::StartReason::Host);
  CHECK(s.schedule.slots[1].delayed_by == 0);
  CHECK(s.schedule.slots[2].submit == 13);
  CHECK(s.schedule.slots[2].start == 13);
  CHECK(s.schedule.slots[2].reason == tasks::StartReason::Host);
  CHECK(s.schedule.slots[2].delayed_by == 0);
  CHECK(s.schedule.makespan == 23);
  CHECK(s.schedule.critical_path == std::vector<int>{0, 2});
}

TEST_CASE("an edge whose kinds come from two storages names each kind's storage") {
  // Task 0 writes a and b; task 1 reads a (raw on a) and overwrites b (waw on b): one edge, two
  // storages (review rev43c 6: the JSON and the dot label named a only).
  const std::string src = R"(import ptorw.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def two(self, x: pl.Tensor[[64, 64], pl.FP32], a: pl.Out[pl.Tensor[[64, 64], pl.FP32]],
            b: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> tuple[pl.Tensor[[64, 64], pl.FP32], pl.Tensor[[64, 64], pl.FP32]]:
        t = pl.load(x, [0, 0], [64, 64])
        ra = pl.store(t, [0, 0], a)
        rb = pl.store(t, [0, 0], b)
        return ra, rb
    @pl.function(type=pl.FunctionType.InCore)
    def one(self, a: pl.Tensor[[64, 64], pl.FP32], out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [64, 64])
        r = pl.store(t, [0, 0], out)
        return r
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32]) -> pl.Tensor[[64, 64], pl.FP32]:
        a = pl.create_tensor([64, 64], dtype=pl.FP32)
        b = pl.create_tensor([64, 64], dtype=pl.FP32)
        a1, b1 = self.two(x, a, b)
        r = self.one(a1, b1)
        return r
)";
  auto parsed = text::parse_program(src, "t.py");
  REQUIRE(parsed.ok());
  auto s = tasks::simulate(parsed.program, "", {}, {}, {}, false);
  for (const auto& d : s.diagnostics) MESSAGE(d.str());
  REQUIRE(s.ok());
  REQUIRE(s.graph.edges.size() == 1);
  const auto& e = s.graph.edges[0];
  auto name = [&](int id) { return id < 0 ? std::string("-") : s.graph.storages[static_cast<std::size_t>(id)].name; };
  CHECK(name(e.kind_storage[static_cast<std::size_t>(tasks::EdgeKind::Raw)]) == "a");
  CHECK(name(e.kind_storage[static_cast<std::size_t>(tasks::EdgeKind::Waw)]) == "b");
  CHECK(e.mixed_storages());
  CHECK(tasks::graph_json(s.graph).find("\"storages\": {\"raw\": 1, \"waw\": 2}") != std::string::npos);
  CHECK(tasks::graph_dot(s.graph).find("t0 -> t1 [label=\"raw a, waw b\"]") != std::string::npos);
}

TEST_CASE("a kernel addressing an argument with other strides than it is stored with is pictured with a warning") {
  // The views xa, ya, yb, yc of [64, 64] tensors (row stride 64) go to kernels whose parameters are
  // packed [16, 32] (row stride 32): the kernels would touch other bytes than the descriptors, and
  // `ptorw compile` refuses those calls. The graph pictures the descriptors and warns once per call
  // site and parameter (review rev43c 10: it said nothing).
  auto s = tasks::simulate(load("test/tasks/strided_views_packed_kernel.py"), "", {}, {}, {}, false);
  REQUIRE(s.ok());
  std::vector<std::string> warnings;
  for (const auto& d : s.diagnostics)
    if (d.severity == Severity::Warning) warnings.push_back(d.str());
  REQUIRE(warnings.size() == 5);  // r0: a, out; r1: a, out; r2: a
  CHECK(warnings[1] ==
        root() + "/test/tasks/strided_views_packed_kernel.py:26:19: warning: task graph of 'main': 'k' addresses its parameter 'out' "
                 "with strides [32, 1], but its argument 'ya' is stored with strides [64, 1]: the kernel would touch other bytes than "
                 "the task's descriptor (pictured), and `ptorw compile` refuses the call");
  CHECK(s.graph.tasks.size() == 3);
}

TEST_CASE("review rev43d: nested op calls cost as flattened ones; a Group member overwriting what an earlier one read waits for it; a host read of a manual task's bytes is a warning") {
  // (2) `tile.add(tile.exp(tile.muls(t, 2.0)), t)` runs three ops, as its flattened form does.
  const std::string nested = R"(import ptorw.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        r = pl.store(pl.tile.add(pl.tile.exp(pl.tile.muls(t, 2.0)), t), [0, 0], out)
        return r
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        o = pl.create_tensor([16, 64], dtype=pl.FP32)
        r = self.k(a, o)
        return r
)";
  auto n = text::parse_program(nested, "n.py");
  REQUIRE(n.ok());
  auto as_is = tasks::simulate(n.program, "", {}, {}, {});
  auto flat = tasks::simulate(n.program, "flatten-call-expr", {}, {}, {});
  REQUIRE(as_is.ok());
  REQUIRE(flat.ok());
  // load 4096 B (128 ns) + muls, exp, add 4096 B each (32 ns) + store (128 ns) + 5 ops * 5 + 50.
  CHECK(as_is.schedule.cost[0] == doctest::Approx(128 + 3 * 32 + 128 + 25 + 50));
  CHECK(flat.schedule.cost[0] == doctest::Approx(as_is.schedule.cost[0]));
  // (4) act reads c, then mm overwrites c: in order, mm waits for act: 7 + 10.
  const std::string group = R"(import ptorw.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.AIC)
    def mm(self, a: pl.Tensor[[16, 16], pl.FP32], t: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x = pl.load(a, [0, 0], [16, 16])
        r = pl.store(x, [0, 0], t)
        return r
    @pl.function(type=pl.FunctionType.AIV)
    def act(self, t: pl.Tensor[[16, 16], pl.FP32], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x = pl.load(t, [0, 0], [16, 16])
        r = pl.store(x, [0, 0], o)
        return r
    @pl.function(type=pl.FunctionType.Group)
    def g(self, a: pl.Tensor[[16, 16], pl.FP32], c: pl.InOut[pl.Tensor[[16, 16], pl.FP32]], o: pl.Out[pl.Tensor[[16, 16], pl.FP32]]):
        r1 = self.act(c, o)
        r2 = self.mm(a, c)
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32], c: pl.Tensor[[16, 16], pl.FP32], o: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        self.g(a, c, o)
        return o
)";
  auto g = text::parse_program(group, "g.py");
  REQUIRE(g.ok());
  tasks::CostModel cm;
  cm.measured = {{"mm", 10}, {"act", 7}};
  auto gs = tasks::simulate(g.program, "", {}, cm, tasks::Lanes{4, 2});
  for (const auto& d : gs.diagnostics) MESSAGE(d.str());
  REQUIRE(gs.ok());
  CHECK(gs.schedule.cost[0] == doctest::Approx(17));
  // (1) A manual-scope task writes p; the host reads p: the runtime cannot order the read.
  const std::string manual = R"(import ptorw.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k(self, a: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        x = pl.load(a, [0, 0], [16, 16])
        r = pl.store(x, [0, 0], out)
        return r
    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:
        p = pl.create_tensor([16, 16], dtype=pl.FP32)
        with pl.manual_scope():
            p1, t0 = pl.submit(self.k, a, p)
        v = pl.tensor.read(p1, [1, 1])
        return p1
)";
  auto m = text::parse_program(manual, "m.py");
  REQUIRE(m.ok());
  auto ms = tasks::simulate(m.program, "", {}, {}, {}, false);
  REQUIRE(ms.ok());
  std::string warned;
  for (const auto& d : ms.diagnostics)
    if (d.severity == Severity::Warning) warned += d.str();
  CHECK(warned.find("m.py:14:13: warning: task graph of 'main': this host read reads bytes that manual-scope task 0 writes") !=
        std::string::npos);
}

TEST_CASE("attention_qk: tensor.full is a fresh storage, a copying assemble a copy task") {
  // As written: per row block qb and column block kb, qk -> exp -> pv -> accumulate (ids
  // 17 qb + 4 kb + 0..3), each into a fresh create; accumulate also reads the previous
  // accumulate's buffer (kb > 0; for kb = 0 the `zero` of tensor.full, which no task wrote); then
  // the assemble of the row result into `out` copies (the part is not a view of out): a copy task
  // (id 17 qb + 16) reading the last accumulate's buffer and writing rows [32 qb, 32 qb + 32) of
  // out. Edges per row block: 4 * 3 within the column blocks, 3 between accumulates, 1 into the
  // copy = 16; 64 in all. Storages: q, kt, v, out, and per row block zero + 4 * 4 creates = 72.
  auto g = sim("examples/attention_qk.py", "").graph;
  REQUIRE(g.tasks.size() == 68);
  CHECK(g.storages.size() == 72);
  CHECK(g.edges.size() == 64);
  CHECK(g.storages[4].origin == "full");
  for (int qb = 0; qb < 4; ++qb) {
    const auto& copy = g.tasks[static_cast<std::size_t>(17 * qb + 16)];
    CHECK(copy.core == tasks::Core::Copy);
    CHECK(copy.kernel == "tensor.assemble");
    REQUIRE(copy.args.size() == 2);
    CHECK(copy.args[1].access == tasks::Access::Write);
    CHECK(copy.args[1].desc.storage == 3);  // out
    CHECK(copy.args[1].bytes == std::vector<tasks::Interval>{{8192 * qb, 8192 * qb + 8192}});
  }
  auto has_edge = [&](const tasks::TaskGraph& gr, int from, int to) {
    for (const auto& e : gr.edges)
      if (e.from == from && e.to == to) return true;
    return false;
  };
  CHECK(has_edge(g, 15, 16));  // the last accumulate of block 0 -> its copy
  CHECK(has_edge(g, 3, 7));    // accumulate kb 0 -> accumulate kb 1 (its row_acc)
  CHECK_FALSE(has_edge(g, 16, 33));  // copies of different row blocks write disjoint rows
  // After default (Pattern 1: accumulate updates its row_acc in place), the acc_buf creates are
  // gone (72 - 16 storages) and the same 64 edges order the same tasks.
  auto d = sim("examples/attention_qk.py", "default").graph;
  CHECK(d.tasks.size() == 68);
  CHECK(d.storages.size() == 56);
  CHECK(d.edges.size() == 64);
  CHECK(has_edge(d, 3, 7));
  CHECK(has_edge(d, 15, 16));
}

TEST_CASE("a return inside a loop or an If ends the function: no task after it") {
  // The interpreter's reading (docs/semantics.md): a `return` in an If arm inside a loop leaves the
  // function, so the loop does not iterate again and the statements after it do not run. The task
  // graph counted every iteration and the call after the loop (walker audit 2026-12-05 F1).
  const std::string src = R"(import ptorw.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def k1(self, x: pl.Tensor[[64, 64], pl.FP32],
           out: pl.Out[pl.Tensor[[64, 64], pl.FP32]]) -> pl.Tensor[[64, 64], pl.FP32]:
        t = pl.load(x, [0, 0], [64, 64])
        r = pl.store(pl.exp(t), [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[64, 64], pl.FP32], flag: pl.Scalar[pl.INDEX]) -> pl.Tensor[[64, 64], pl.FP32]:
        for i in pl.range(8):
            a = pl.create_tensor([64, 64], dtype=pl.FP32)
            y = self.k1(x, a)
            if i == 1:
                return y
        if flag > 0:
            c = pl.create_tensor([64, 64], dtype=pl.FP32)
            w = self.k1(x, c)
            return w
        b = pl.create_tensor([64, 64], dtype=pl.FP32)
        z = self.k1(x, b)
        return z
)";
  auto p = text::parse_program(src, "early_return.py");
  REQUIRE(p.ok());
  for (int flag : {0, 1}) {
    CAPTURE(flag);
    tasks::GraphOptions go;
    go.scalars["flag"] = flag;
    auto s = tasks::simulate(p.program, "default", go, {}, {}, false);
    for (const auto& d : s.diagnostics) MESSAGE(d.str());
    REQUIRE(s.ok());
    // Iterations i = 0 and i = 1 call k1; the return at i == 1 ends main whatever flag is.
    CHECK(s.graph.tasks.size() == 2);
  }
}

TEST_CASE("the task graph, the schedule and the advisor refuse a program that does not verify") {
  // bump writes `a`, declared In: its task read x and no edge ordered it after copy's read of x,
  // so the schedule ran them together and `ptorw tasks` exited 0 (review rev41c F1); `check`,
  // `run` and the passes refuse the program.
  const std::string src = R"(import ptorw.language as pl
@pl.program
class P:
    @pl.function(type=pl.FunctionType.InCore)
    def bump(self, a: pl.Tensor[[16, 64], pl.FP32]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        r = pl.store(pl.tile.adds(t, 1.0), [0, 0], a)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def copy(self, a: pl.Tensor[[16, 64], pl.FP32], out: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        t = pl.load(a, [0, 0], [16, 64])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, x: pl.Tensor[[16, 64], pl.FP32], o: pl.Out[pl.Tensor[[16, 64], pl.FP32]]) -> pl.Tensor[[16, 64], pl.FP32]:
        c = self.copy(x, o)
        b = self.bump(x)
        return c
)";
  auto p = text::parse_program(src, "in_written.py");
  REQUIRE(p.ok());
  auto said = [](const Diagnostics& ds, const std::string& what) {
    for (const auto& d : ds)
      if (d.str().find(what) != std::string::npos) return true;
    return false;
  };
  for (const std::string pipeline : {"", "default"}) {
    CAPTURE(pipeline);
    auto s = tasks::simulate(p.program, pipeline, {}, {}, {});
    CHECK_FALSE(s.ok());
    CHECK(s.graph.tasks.empty());
    CHECK(said(s.diagnostics, "In parameter 'a'"));
    CHECK(said(s.diagnostics, "the program does not verify; the task graph is built from verified programs only"));
  }
  auto adv = tasks::advise(p.program, {}, {}, {});
  CHECK_FALSE(adv.ok());
  CHECK(said(adv.diagnostics, "does not verify"));
}
}  // namespace ut_tasks_test
