// OptimizeOrchTensors Patterns 1 (iter-arg reuse) and 3 (assemble-loop rewrite): what the goldens
// cannot show — where the remarks sit and what they say, that Pattern 1 applies all independent
// merges at once, and the shared helpers both patterns stand on (use counts, tree edits).
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "ptorw/ir/verify.hpp"
#include "ptorw/patterns/assemble_loop.hpp"
#include "ptorw/visit/tree_edit.hpp"
#include "ptorw/patterns/common/storage_roots.hpp"
#include "ptorw/patterns/common/var_uses.hpp"
#include "ptorw/patterns/iter_arg_reuse.hpp"
#include "ptorw/patterns/optimize_orch_tensors.hpp"
#include "ptorw/rewrite/driver.hpp"
#include "ptorw/text/parser.hpp"
namespace ut_patterns13_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;

namespace {

ir::ProgramPtr parse(const std::string& src) {
  auto r = text::parse_program(src, "p13.py");
  for (const auto& d : r.errors) FAIL_CHECK(d.str());
  REQUIRE(r.program);
  return r.program;
}

std::vector<rewrite::Remark> remarks_of(const std::string& src, std::string_view rule) {
  passes::Pass pass = patterns::make_optimize_orch_tensors_pass();
  rewrite::DriverOptions o;
  o.remarks = true;
  o.check = true;
  passes::PassOutcome out = pass.run(parse(src), passes::PassContext{}, o);
  CHECK(out.stop == rewrite::StopReason::Converged);
  std::vector<rewrite::Remark> mine;
  for (auto& r : out.remarks)
    if (r.rule == rule) mine.push_back(std::move(r));
  return mine;
}

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

const ir::Function& fn(const ir::ProgramPtr& p, std::string_view name) {
  auto f = p->find(name);
  REQUIRE(f);
  return *f;
}

// `scale(x, out)`: a straight load/compute/store kernel (lines 2-8); `main` from line 10 on.
std::string with_scale(const std::string& main) {
  return "@pl.program\n"                                                                    // 1
         "class P:\n"                                                                       // 2
         "    @pl.function(type=pl.FunctionType.InCore)\n"                                  // 3
         "    def scale(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) "
         "-> pl.Tensor[[16, 32], pl.FP32]:\n"                                               // 4
         "        t = pl.load(x, [0, 0], [16, 32])\n"                                       // 5
         "        u = pl.tile.muls(t, 2.0)\n"                                               // 6
         "        r = pl.store(u, [0, 0], out)\n"                                           // 7
         "        return r\n"                                                               // 8
         "\n"                                                                               // 9
         + main;                                                                            // 10..
}

}  // namespace

TEST_CASE("Pattern 1 remark sits at the failing call site in its caller and names the condition") {
  auto rs = remarks_of(with_scale("    @pl.function(type=pl.FunctionType.Orchestration)\n"          // 10
                                  "    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
                                  "        o = pl.tensor.create([16, 32], dtype=pl.FP32)\n"         // 12
                                  "        for i, (acc,) in pl.range(3, init_values=(x,)):\n"       // 13
                                  "            nxt = self.scale(acc, o)\n"                          // 14
                                  "            res = pl.yield_(nxt)\n"
                                  "        return res\n"),
                       "iter_arg_reuse");
  REQUIRE(rs.size() == 1);
  CHECK(rs[0].function == "main");
  CHECK(rs[0].span.line == 14);
  CHECK(contains(rs[0].reason, "'scale' Out param 'out' not merged"));
  CHECK(contains(rs[0].reason, "not in the same body as the call"));
}

TEST_CASE("Pattern 1 stays silent where the call is not the pattern at all") {
  // A call outside any loop to a kernel without the standalone (full load, loop, store) shape.
  auto rs = remarks_of(with_scale("    @pl.function(type=pl.FunctionType.Orchestration)\n"
                                  "    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
                                  "        o = pl.tensor.create([16, 32], dtype=pl.FP32)\n"
                                  "        y = self.scale(x, o)\n"
                                  "        return y\n"),
                       "iter_arg_reuse");
  CHECK(rs.empty());
}

TEST_CASE("Pattern 1 callee-side reason is reported at the callee") {
  // The kernel returns its loop result, not a tile.store result: no return value carries `out`.
  auto rs = remarks_of(
      "@pl.program\n"
      "class P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"  // 3
      "    def k(self, x: pl.Tensor[[16, 32], pl.FP32], out: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) "
      "-> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        t = pl.load(x, [0, 0], [16, 32])\n"
      "        for j, (acc,) in pl.range(1, init_values=(out,)):\n"
      "            s = pl.store(t, [0, 0], acc)\n"
      "            res = pl.yield_(s)\n"
      "        return res\n"
      "\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
      "        for i, (acc,) in pl.range(3, init_values=(x,)):\n"
      "            o = pl.tensor.create([16, 32], dtype=pl.FP32)\n"
      "            nxt = self.k(acc, o)\n"
      "            res = pl.yield_(nxt)\n"
      "        return res\n",
      "iter_arg_reuse");
  REQUIRE(rs.size() == 1);
  CHECK(rs[0].function == "k");
  CHECK(contains(rs[0].reason, "BuildOutParamReturnMappings"));
  CHECK(contains(rs[0].reason, "no return value is a tile.store into it"));
}

TEST_CASE("Pattern 1 merges every eligible kernel in one application, also one whose proof runs through another") {
  // iterate merges in standalone form; bump's loop starts from iterate's result: after both merges
  // that result is main's In param `a`, written in place, which nothing else reads.
  const std::string src =
      "@pl.program\n"
      "class P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def iterate(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) "
      "-> pl.Tensor[[16, 16], pl.FP32]:\n"
      "        t = pl.load(x, [0, 0], [16, 16])\n"
      "        for k, (acc,) in pl.range(2, init_values=(t,)):\n"
      "            acc2 = pl.tile.muls(acc, 0.5)\n"
      "            res = pl.yield_(acc2)\n"
      "        r = pl.store(res, [0, 0], out)\n"
      "        return r\n"
      "\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def bump(self, x: pl.Tensor[[16, 16], pl.FP32], out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) "
      "-> pl.Tensor[[16, 16], pl.FP32]:\n"
      "        a = pl.load(x, [0, 0], [16, 16])\n"
      "        c = pl.tile.adds(a, 1.0)\n"
      "        r = pl.store(c, [0, 0], out)\n"
      "        return r\n"
      "\n"
      "    @pl.function(type=pl.FunctionType.Orchestration)\n"
      "    def main(self, a: pl.Tensor[[16, 16], pl.FP32]) -> pl.Tensor[[16, 16], pl.FP32]:\n"
      "        o1 = pl.tensor.create([16, 16], dtype=pl.FP32)\n"
      "        prep = self.iterate(a, o1)\n"
      "        for i, (acc,) in pl.range(3, init_values=(prep,)):\n"
      "            o = pl.tensor.create([16, 16], dtype=pl.FP32)\n"
      "            nxt = self.bump(acc, o)\n"
      "            res = pl.yield_(nxt)\n"
      "        return res\n";
  rewrite::DriverOptions o;
  o.check = true;
  auto r = rewrite::run_table(patterns::iter_arg_reuse_rules, parse(src), o);
  CHECK(r.converged());
  CHECK(r.rewrites == 1);
  for (const char* k : {"iterate", "bump"}) {
    REQUIRE(fn(r.program, k).params.size() == 1);
    CHECK(fn(r.program, k).params[0].dir == ir::Direction::InOut);
  }
  CHECK(ir::verify(*r.program).empty());
}

TEST_CASE("Pattern 3 remark sits at the loop and names the condition") {
  auto rs = remarks_of(
      "@pl.program\n"
      "class P:\n"
      "    @pl.function(type=pl.FunctionType.InCore)\n"
      "    def g(self, x: pl.Tensor[[32, 16], pl.FP32], out: pl.Out[pl.Tensor[[64, 16], pl.FP32]]) "
      "-> pl.Tensor[[64, 16], pl.FP32]:\n"
      "        acc0 = pl.tile.create([32, 16], dtype=pl.FP32)\n"
      "        for i, (acc,) in pl.range(2, init_values=(acc0,)):\n"  // 6
      "            part = pl.load(x, [i * 16, 0], [16, 16])\n"
      "            acc2 = pl.tile.assemble(acc, part, [i * 16, 0])\n"
      "            res = pl.yield_(acc2)\n"
      "        ret = pl.store(res, [32, 0], out)\n"
      "        return ret\n",
      "assemble_loop_to_store");
  REQUIRE(rs.size() == 1);
  CHECK(rs[0].function == "g");
  CHECK(rs[0].span.line == 6);
  CHECK(contains(rs[0].reason, "not at offset [0, ...]"));
}

TEST_CASE("use counts: kwargs and iter-arg inits are uses, definitions are not") {
  auto p = parse(with_scale("    @pl.function(type=pl.FunctionType.Orchestration)\n"
                            "    def main(self, x: pl.Tensor[[16, 32], pl.FP32]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
                            "        for i, (acc,) in pl.range(3, init_values=(x,)):\n"
                            "            o = pl.tensor.create([16, 32], dtype=pl.FP32)\n"
                            "            nxt = self.scale(acc, o, dump_vars=[o])\n"
                            "            res = pl.yield_(nxt)\n"
                            "        return res\n"));
  const ir::Function& m = fn(p, "main");
  patterns::FunctionFacts F(m);
  const auto& loop = ir::kind_get<ir::For>(F.bodies[0].stmts[0]->kind);
  const ir::Expr& acc = loop.iter_args[0];
  const auto& body = F.body_owned_by(F.bodies[0].stmts[0].get()).stmts;
  const ir::Expr& o = std::get<ir::Assign>(body[0]->kind).var;
  const ir::Expr& nxt = std::get<ir::Assign>(body[1]->kind).var;
  CHECK(F.uses_of(m.params[0].var) == 1);  // the iter-arg init
  CHECK(F.uses_of(acc) == 1);
  CHECK(F.uses_of(o) == 2);  // argument and dump_vars
  CHECK(F.uses_of(nxt) == 1);
  CHECK(F.uses_of(loop.return_vars[0]) == 1);
}

TEST_CASE("tree edits: a substituted iter-arg init gives the loop a fresh iter-arg that the body follows") {
  auto p = parse("@pl.program\n"
                 "class P:\n"
                 "    @pl.function(type=pl.FunctionType.InCore)\n"
                 "    def k(self, x: pl.Tensor[[16], pl.FP32], y: pl.Out[pl.Tensor[[16], pl.FP32]]) "
                 "-> pl.Tensor[[16], pl.FP32]:\n"
                 "        t = pl.load(x, [0], [16])\n"
                 "        for i, (acc,) in pl.range(2, init_values=(y,)):\n"
                 "            s = pl.store(t, [0], acc)\n"
                 "            res = pl.yield_(s)\n"
                 "        return res\n");
  const ir::Function& k = fn(p, "k");
  visit::TreeEdit ed;
  ed.exprs.emplace(k.params[1].var.get(), k.params[0].var);  // y → x
  ir::Stmt body = ed.body(k.body);
  auto stmts = ir::stmts_of(body);
  const auto& loop = ir::kind_get<ir::For>(stmts[1]->kind);
  const auto* ia = ir::expr_as<ir::IterArg>(loop.iter_args[0]);
  REQUIRE(ia);
  CHECK(ia->init.get() == k.params[0].var.get());
  CHECK(loop.iter_args[0].get() != ir::kind_as<ir::For>(ir::stmts_of(k.body)[1]->kind)->iter_args[0].get());
  const auto& store = std::get<ir::Assign>(ir::stmts_of(loop.body)[0]->kind);
  CHECK(ir::expr_as<ir::Call>(store.value)->args[2].get() == loop.iter_args[0].get());
  // x now receives the stores, so it is InOut (as Pattern 1 makes it): an In parameter is read-only.
  auto q = ir::with_function(k, [&](ir::Function& g) {
    g.body = body;
    g.params[0].dir = ir::Direction::InOut;
  });
  ir::Program prog = *p;
  prog.functions = {q};
  CHECK(ir::verify(prog).empty());
  auto in_kept = ir::with_function(k, [&](ir::Function& g) { g.body = body; });
  prog.functions = {in_kept};
  CHECK(ir::verify(prog).size() == 1);  // the store into In parameter x
}

// ---- Pattern 3's call-site check: which storage each value of a caller may live in
// (patterns/common/storage_roots.hpp). The goldens p3_call_passes_*, p3_aliased_through_helper_*
// and p3_helper_distinct_args show the rule at work; these pin the analysis's answers one by one.

namespace {

const char* kRootsProgram = R"(import ptorw.language as pl


@pl.program
class Roots:
    @pl.function(type=pl.FunctionType.InCore)
    def one(self, x: pl.Tensor[[16, 16], pl.FP32],
            out: pl.Out[pl.Tensor[[16, 16], pl.FP32]]) -> pl.Tensor[[16, 16], pl.FP32]:
        t = pl.load(x, [0, 0], [16, 16])
        r = pl.store(t, [0, 0], out)
        return r

    @pl.function(type=pl.FunctionType.InCore)
    def two(self, x: pl.Tensor[[16, 16], pl.FP32], o1: pl.Out[pl.Tensor[[16, 16], pl.FP32]],
            o2: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
            ) -> tuple[pl.Tensor[[16, 16], pl.FP32], pl.Tensor[[16, 16], pl.FP32]]:
        t = pl.load(x, [0, 0], [16, 16])
        r1 = pl.store(t, [0, 0], o1)
        r2 = pl.store(t, [0, 0], o2)
        return r1, r2

    @pl.function(type=pl.FunctionType.Orchestration)
    def opaque(self, p: pl.Tensor[[16, 16], pl.FP32], q: pl.Out[pl.Tensor[[16, 16], pl.FP32]]
               ) -> pl.Tensor[[16, 16], pl.FP32]:
        r = self.one(p, q)
        return r

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[16, 16], pl.FP32], b: pl.Tensor[[16, 16], pl.FP32],
             flag: pl.Scalar[pl.BOOL]) -> pl.Tensor[[16, 16], pl.FP32]:
        o = pl.tensor.create([16, 16], dtype=pl.FP32)
        y = self.one(a, o)
        h = self.opaque(a, o)
        o1 = pl.tensor.create([16, 16], dtype=pl.FP32)
        o2 = pl.tensor.create([16, 16], dtype=pl.FP32)
        pair = self.two(a, o1, o2)
        first = pair[0]
        second = pair[1]
        v = pl.tensor.reshape(b, [256])
        if flag:
            pick = pl.yield_(a)
        else:
            pick = pl.yield_(o)
        for i, (acc, other) in pl.range(2, init_values=(o1, o2)):
            nxt = self.one(acc, other)
            acc2, other2 = pl.yield_(other, nxt)
        return y
)";

ir::Expr var_named(const ir::Function& f, std::string_view name) {
  ir::Expr found;
  for (const auto& p : f.params)
    if (ir::var_name(p.var) == name) found = p.var;
  visit::walk_all(f.body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) {
    if (!found && ir::is_var_like(e) && ir::var_name(e) == name) found = e;
  });
  REQUIRE_MESSAGE(found, name);
  return found;
}

}  // namespace

TEST_CASE("storage roots: views, carried call results, tuples, Ifs and loop carries") {
  auto prog = parse(kRootsProgram);
  auto main = prog->find("main");
  patterns::StorageRoots st(*main, [&](std::string_view n) { return prog->find(n).get(); });
  auto share = [&](std::string_view x, std::string_view y) {
    return patterns::StorageRoots::intersect(st.of(var_named(*main, x)), st.of(var_named(*main, y)));
  };
  // Params and allocations are distinct storages.
  CHECK_FALSE(share("a", "b"));
  CHECK_FALSE(share("a", "o"));
  CHECK_FALSE(share("o1", "o2"));
  // A kernel's result is the Out argument it stores into (carried_param_returns), not its In one.
  CHECK(share("y", "o"));
  CHECK_FALSE(share("y", "a"));
  // An orchestration callee whose result is not a store may return a view of any argument (or
  // storage of its own) — without making its arguments one storage.
  CHECK(share("h", "a"));
  CHECK(share("h", "o"));
  CHECK_FALSE(share("a", "o"));
  // Multi-return: each projection is its own Out argument.
  CHECK(share("first", "o1"));
  CHECK(share("second", "o2"));
  CHECK_FALSE(share("first", "second"));
  // A reshape is a view.
  CHECK(share("v", "b"));
  CHECK_FALSE(share("v", "a"));
  // An If result may be what either arm yields.
  CHECK(share("pick", "a"));
  CHECK(share("pick", "o"));
  CHECK_FALSE(share("pick", "b"));
  // A loop carry: `acc` starts as o1 and then takes `other`, so it may be either buffer (the
  // analysis is not per trip); `other` only ever holds what is written into o2's storage.
  CHECK(share("acc", "o1"));
  CHECK(share("acc", "o2"));
  CHECK_FALSE(share("other", "o1"));
  CHECK(share("nxt", "o2"));
  CHECK_FALSE(share("acc", "a"));
  // Params are roots 1..n.
  CHECK(st.param_of(st.of(var_named(*main, "b")).front()) == std::optional<std::size_t>(1));
  // "Any storage" meets every non-empty set and nothing empty.
  using R = patterns::StorageRoots::Roots;
  CHECK(patterns::StorageRoots::intersect(R{patterns::StorageRoots::kAny}, R{7}));
  CHECK_FALSE(patterns::StorageRoots::intersect(R{patterns::StorageRoots::kAny}, R{}));
}

TEST_CASE("Pattern 3 refuses a kernel whose call passes its Out storage for another param, and says where") {
  // A ping-pong carry passes two buffers that the analysis cannot tell apart per trip: refused
  // (fail closed), the remark at the kernel's loop naming the call.
  const std::string src = R"(import ptorw.language as pl


@pl.program
class PingPong:
    @pl.function(type=pl.FunctionType.InCore)
    def rev(self, x: pl.Tensor[[64, 32], pl.FP32],
            out: pl.Out[pl.Tensor[[64, 32], pl.FP32]]) -> pl.Tensor[[64, 32], pl.FP32]:
        acc0 = pl.tile.create([64, 32], dtype=pl.FP32)
        for i, (acc,) in pl.range(4, init_values=(acc0,)):
            part = pl.load(x, [48 - i * 16, 0], [16, 32])
            acc2 = pl.tile.assemble(acc, part, [i * 16, 0])
            res = pl.yield_(acc2)
        ret = pl.store(res, [0, 0], out)
        return ret

    @pl.function(type=pl.FunctionType.Orchestration)
    def main(self, a: pl.Tensor[[64, 32], pl.FP32]) -> pl.Tensor[[64, 32], pl.FP32]:
        b = pl.tensor.create([64, 32], dtype=pl.FP32)
        for j, (cur, spare) in pl.range(2, init_values=(a, b)):
            nxt = self.rev(cur, spare)
            c2, s2 = pl.yield_(nxt, cur)
        return c2
)";
  auto rs = remarks_of(src, "assemble_loop_to_store");
  REQUIRE(rs.size() == 1);
  CHECK(rs[0].span.line == 10);
  CHECK(rs[0].reason.find("the call in 'main' at 21:24 passes 'spare' for param 'out' and 'cur' for param 'x', which may "
                          "share storage") != std::string::npos);
}

// 38th session's reviews: carried_param_returns credited a loop result to the Out its iter-arg
// starts from though a trip yields another Out into it; the first fix re-walked each loop in place
// per dropped iter-arg, 2^depth walks for nested loops (19 s at depth 26). Depth 40 would not finish.
TEST_CASE("carried_param_returns: an iter-arg carries an Out only if every trip yields it back; nested loops stay linear") {
  auto kernel = [](int depth, bool swap) {
    std::string src =
        "@pl.program\nclass Nest:\n    @pl.function(type=pl.FunctionType.InCore)\n"
        "    def k(self, x: pl.Tensor[[16, 32], pl.FP32], n: pl.Scalar[pl.INDEX], "
        "o1: pl.Out[pl.Tensor[[16, 32], pl.FP32]], o2: pl.Out[pl.Tensor[[16, 32], pl.FP32]]) -> pl.Tensor[[16, 32], pl.FP32]:\n"
        "        t = pl.load(x, [0, 0], [16, 32])\n";
    std::string ind = "        ", prev = "o1";
    for (int l = 0; l < depth; ++l) {
      const std::string L = std::to_string(l);
      src += ind + "for i" + L + ", (a" + L + ", b" + L + ") in pl.range(n, init_values=(" + prev + ", o1)):\n";
      prev = "a" + L;
      ind += "    ";
    }
    const std::string last = std::to_string(depth - 1);
    // swap: the store goes into b (started from o1, given o2 by every trip), so no result is o1's.
    src += ind + "s = pl.store(t, [0, 0], " + (swap ? "b" + last : prev) + ")\n";
    src += ind + "r" + last + ", q" + last + " = pl.yield_(s, o2)\n";
    for (int l = depth - 1; l > 0; --l) {
      ind.resize(ind.size() - 4);
      src += ind + "r" + std::to_string(l - 1) + ", q" + std::to_string(l - 1) + " = pl.yield_(r" + std::to_string(l) + ", o2)\n";
    }
    src += "        return r0\n";
    return src;
  };
  auto prog = parse(kernel(40, false));
  auto m = patterns::carried_param_returns(*prog->find("k"));
  REQUIRE(m.size() == 1);
  CHECK(m[0] == std::optional<std::size_t>(2));  // the a-chain stores into o1 on every trip
  auto swapped = parse(kernel(3, true));
  auto ms = patterns::carried_param_returns(*swapped->find("k"));
  REQUIRE(ms.size() == 1);
  CHECK_FALSE(ms[0].has_value());  // the second trip stores into o2
}

// 39th session's review: MemoryStrides looked up only answers proven outright, so an open proof
// (the outer loop's iter-arg, assumed to have its init's strides) re-proved a value once per path
// reaching it: 2^N for N chained Ifs (both arms slice the previous If's result) or N chained loops
// (init and yield both reach the previous loop's result). N = 24 took 7 s; N = 40 would not finish.
TEST_CASE("stride proof: chained Ifs and loops over a carried strided window stay linear, and are proven") {
  auto src = [](int n, bool loops) {
    std::string s =
        "@pl.program\nclass Chain:\n    @pl.function(type=pl.FunctionType.InCore)\n"
        "    def scale(self, a: pl.Tensor[[8, 16], pl.FP32], out: pl.Out[pl.Tensor[[8, 16], pl.FP32]]) "
        "-> pl.Tensor[[8, 16], pl.FP32]:\n"
        "        t = pl.load(a, [0, 0], [8, 16])\n        r = pl.store(t, [0, 0], out)\n        return r\n\n"
        "    @pl.function(type=pl.FunctionType.Orchestration)\n"
        "    def main(self, x: pl.Tensor[[64, 128], pl.FP32], c: pl.Scalar[pl.INDEX]) -> pl.Tensor[[8, 16], pl.FP32]:\n"
        "        tmp = pl.create_tensor([8, 16], dtype=pl.FP32)\n"
        "        band0 = pl.tensor.slice(x, [32, 64], [0, 0])\n"
        "        for i, (pa, acc) in pl.range(3, init_values=(band0, tmp)):\n";
    std::string prev = "pa";
    for (int k = 0; k < n; ++k) {
      const std::string K = std::to_string(k), v = "v" + K;
      if (loops) {
        s += "            for j" + K + ", (q" + K + ",) in pl.range(2, init_values=(" + prev + ",)):\n";
        s += "                s" + K + " = pl.tensor.slice(" + prev + ", [32, 64], [0, 0])\n";
        s += "                " + v + " = pl.yield_(s" + K + ")\n";
      } else {
        s += "            if c > " + K + ":\n";
        s += "                a" + K + " = pl.tensor.slice(" + prev + ", [32, 64], [0, 0])\n";
        s += "                " + v + " = pl.yield_(a" + K + ")\n";
        s += "            else:\n";
        s += "                b" + K + " = pl.tensor.slice(" + prev + ", [32, 64], [0, 0])\n";
        s += "                " + v + " = pl.yield_(b" + K + ")\n";
      }
      prev = v;
    }
    s += "            blk = pl.tensor.slice(" + prev + ", [8, 16], [8, 16])\n";
    s += "            r = self.scale(blk, acc)\n";
    s += "            pa2, acc2 = pl.yield_(" + prev + ", r)\n";
    s += "        return acc2\n";
    return s;
  };
  for (bool loops : {false, true}) {
    CAPTURE(loops);
    passes::Pass pass = patterns::make_optimize_orch_tensors_pass();
    passes::PassOutcome out = pass.run(parse(src(40, loops)), passes::PassContext{}, rewrite::DriverOptions{});
    REQUIRE(out.program);
    // Every link is a whole-window slice of x's [32, 64] band: scale's a gets x's strides.
    auto* t = ir::type_as<ir::TensorType>(fn(out.program, "scale").params[0].var->type);
    REQUIRE(t);
    REQUIRE(t->view);
    REQUIRE(t->view->stride.size() == 2);
    CHECK(ir::const_int(t->view->stride[0]) == std::optional<std::int64_t>(128));
    CHECK(ir::const_int(t->view->stride[1]) == std::optional<std::int64_t>(1));
  }
}
}  // namespace ut_patterns13_test
