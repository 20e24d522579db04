// Passes, the pass registry, PassContext options and the PassManager (properties, verify-each,
// print-after-all, timing, fail-closed stops).
#include <doctest/doctest.h>

#include <algorithm>
#include <boost/hana/tuple.hpp>

#include "ptorw/passes/pass_manager.hpp"
#include "ptorw/passes/sequence_pass.hpp"
#include "ptorw/patterns/normalize/simplify.hpp"
#include "ptorw/passes/stats_json.hpp"
#include "rewrite_fixtures.hpp"
namespace ut_pass_manager_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;
using namespace ptorw::passes;
using namespace fx;

namespace {
/// f(x): y = 1 + 2; return y
ProgramPtr foldable() {
  auto x = var("x"), y = var("y");
  return program_of({x}, {assign(y, add(I(1), I(2))), ret({y})});
}

/// The index + DCE table as a pass of its own: exact counts below must not depend on what else
/// the registered "simplify" pass grows to include.
Pass index_pass() { return table_pass("simplify-index", "", {}, patterns::normalize::simplify_rules); }

Pass noop(std::string name, PassProperties props) {
  return function_pass(std::move(name), "does nothing", props, [](const ProgramPtr& p, const PassContext&) { return p; });
}

// Rebuilds every constant of the function as an identical copy, once per round: a lying rule
// that never converges (see RenewConst in driver_test.cpp).
struct CopyConst {
  static constexpr std::string_view name = "copy_const";
  static constexpr rewrite::RootKind root = rewrite::RootKind::Expr;
  static constexpr int benefit = 0;
  static constexpr std::uint32_t kinds = rewrite::expr_kinds<ConstInt>;
  rewrite::MatchResult<Expr> match(const Expr& e, rewrite::Context& ctx) const {
    bool in_round_input = false;
    visit::walk_all(ctx.function()->body, [](const Stmt&) {}, [&](const Expr& x) { in_round_input |= x == e; });
    if (!in_round_input) return rewrite::not_applicable();
    return e;
  }
  Expr rewrite(const Expr& e, rewrite::Context&) const { return make_int(*const_int(e)); }
};
}  // namespace

TEST_CASE("PassContext: typed options, free-form options, and refused values") {
  PassContext ctx;
  CHECK(ctx.enable_buffer_ir);
  CHECK(ctx.memory_planner == "PYPTO");
  CHECK(ctx.set("enable_buffer_ir", "false").empty());
  CHECK_FALSE(ctx.enable_buffer_ir);
  CHECK(ctx.set("memory_planner", "PTOAS").empty());
  CHECK(ctx.memory_planner == "PTOAS");
  CHECK(ctx.set("memory_planner", "FANCY") == "memory_planner must be PYPTO, DSA_RP or PTOAS, got 'FANCY'");
  CHECK(ctx.memory_planner == "PTOAS");
  CHECK_FALSE(ctx.set("enable_buffer_ir", "maybe").empty());
  CHECK(ctx.set("simplify.max_iterations", "8").empty());
  CHECK(ctx.integer("simplify.max_iterations", 1) == 8);
  CHECK(ctx.integer("absent", 5) == 5);
  ctx.set("bad_int", "8x");
  CHECK(ctx.integer("bad_int", 5) == 5);
  ctx.set("verbose", "on");
  CHECK(ctx.flag("verbose", false));
  CHECK(ctx.get("verbose") == "on");
  CHECK_FALSE(ctx.get("nope"));
}

TEST_CASE("PropertySet algebra and names") {
  PropertySet s{IrProperty::SSAForm, IrProperty::BufferIR};
  CHECK(s.has(IrProperty::SSAForm));
  CHECK_FALSE(s.has(IrProperty::NoNestedCalls));
  CHECK(s.str() == "SSAForm, BufferIR");
  CHECK((s - PropertySet{IrProperty::SSAForm}).str() == "BufferIR");
  CHECK((s | PropertySet{IrProperty::NoNestedCalls}).contains(s));
  CHECK((s & PropertySet{IrProperty::BufferIR}) == PropertySet{IrProperty::BufferIR});
  CHECK(PropertySet{}.empty());
}

TEST_CASE("the registry knows simplify; pipelines parse from a comma list") {
  auto names = PassRegistry::global().names();
  CHECK(std::find(names.begin(), names.end(), "simplify") != names.end());
  auto p = make_pass("simplify");
  REQUIRE(p);
  CHECK(p->name == "simplify");
  auto has_rule = [&](std::string_view n) {
    return std::any_of(p->rules.begin(), p->rules.end(), [&](const rewrite::RuleInfo& r) { return r.name == n; });
  };
  CHECK(has_rule("fold_add"));
  CHECK(has_rule("remove_dead_pure_assigns"));
  CHECK(index_pass().rules.size() == 27);
  CHECK_FALSE(make_pass("no_such_pass"));

  auto spec = parse_pipeline("simplify, simplify");
  CHECK(spec.error.empty());
  CHECK(spec.passes.size() == 2);
  auto bad = parse_pipeline("simplify,nope");
  CHECK(bad.error.find("unknown pass 'nope'") == 0);
  CHECK(bad.error.find("simplify") != std::string::npos);
  CHECK(parse_pipeline("").error == "empty pass name in pipeline");
  CHECK(parse_pipeline("simplify,,simplify").error == "empty pass name in pipeline");
}

TEST_CASE("a pass is callable like the spec's passes.simplify()(prog)") {
  auto p = foldable();
  ProgramPtr out = index_pass()(p);
  auto* a = stmt_as<Assign>(body_of(out)[0]);
  REQUIRE(a);
  CHECK(const_int(a->value) == 3);
}

TEST_CASE("PassManager runs passes in order with per-pass records and timing") {
  std::vector<std::string> printed;
  PassManagerOptions o;
  o.print_after_all = true;
  o.printer = [&](std::string_view pass, const Program&) { printed.emplace_back(pass); };
  PassManager pm(o);
  pm.add(index_pass()).add(noop("noop", {})).add(index_pass());
  auto r = pm.run(foldable());
  CHECK(r.ok);
  CHECK(r.diagnostics.empty());
  REQUIRE(r.passes.size() == 3);
  CHECK(r.passes[0].name == "simplify-index");
  CHECK(r.passes[0].changed);
  CHECK(r.passes[0].rewrites == 1);
  CHECK(r.passes[0].time_ns > 0);
  CHECK_FALSE(r.passes[1].changed);
  CHECK_FALSE(r.passes[2].changed);  // idempotent
  CHECK(r.passes[2].rewrites == 0);
  CHECK(printed == std::vector<std::string>{"simplify-index", "noop", "simplify-index"});
  auto j = rewrite::to_json(r);
  CHECK(j["ok"] == true);
  CHECK(j["passes"].size() == 3);
  CHECK(j["passes"][0]["rules"].size() == 27);
}

TEST_CASE("verify-each runs the verifier hook on the input and after every pass") {
  int calls = 0;
  PassManagerOptions o;
  o.verify_each = true;
  o.verifier = [&](const Program&) {
    ++calls;
    return Diagnostics{};
  };
  PassManager pm(o);
  pm.add(noop("a", {})).add(noop("b", {}));
  CHECK(pm.run(foldable()).ok);
  CHECK(calls == 3);

  SUBCASE("a verifier error stops the pipeline and keeps the last good program") {
    int n = 0;
    o.verifier = [&](const Program& p) {
      Diagnostics d;
      if (++n == 2) d.push_back(Diagnostic{p.source_file, {2, 3}, Severity::Error, "broken SSA"});
      return d;
    };
    PassManager bad(o);
    bad.add(index_pass()).add(noop("after", {}));
    auto in = foldable();
    auto r = bad.run(in);
    CHECK_FALSE(r.ok);
    CHECK(r.program == in);
    CHECK(r.passes.size() == 1);
    REQUIRE(r.diagnostics.size() == 2);
    CHECK(r.diagnostics[0].message == "verification failed after pass 'simplify-index'");
    CHECK(r.diagnostics[1].str() == "t.py:2:3: error: broken SSA");
  }
}

TEST_CASE("properties: a pass that needs what an earlier pass invalidated is refused") {
  Pass breaks = noop("breaks_ssa", {{}, {}, {IrProperty::SSAForm}});
  Pass needs = noop("needs_ssa", {{IrProperty::SSAForm}, {}, {}});
  Pass fixes = noop("make_ssa", {{}, {IrProperty::SSAForm}, {}});

  PassManager bad;
  bad.add(breaks).add(needs);
  auto r = bad.run(foldable());
  CHECK_FALSE(r.ok);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].message == "pass 'needs_ssa' requires SSAForm; SSAForm was invalidated by 'breaks_ssa'");
  CHECK(r.passes.size() == 1);

  PassManager good;
  good.add(breaks).add(fixes).add(needs);
  auto g = good.run(foldable());
  CHECK(g.ok);
  CHECK(g.established.has(IrProperty::SSAForm));

  PassManagerOptions strict;
  strict.property_policy = PropertyPolicy::Strict;
  PassManager s(strict);
  s.add(needs);
  CHECK_FALSE(s.run(foldable()).ok);
  CHECK(s.run(foldable(), {}, {IrProperty::SSAForm}).ok);

  PassManagerOptions ignore;
  ignore.property_policy = PropertyPolicy::Ignore;
  PassManager i(ignore);
  i.add(breaks).add(needs);
  CHECK(i.run(foldable()).ok);
}

TEST_CASE("a table pass that fails its check stops the pipeline fail-closed") {
  PassManagerOptions o;
  o.driver.check = true;
  PassManager pm(o);
  pm.add(index_pass()).add(table_pass("lying", "", {}, boost::hana::make_tuple(CopyConst{})));
  auto r = pm.run(foldable());
  CHECK_FALSE(r.ok);
  REQUIRE(r.passes.size() == 2);
  CHECK(r.passes[1].stop == rewrite::StopReason::CheckFailed);
  REQUIRE_FALSE(r.diagnostics.empty());
  CHECK(r.diagnostics.back().message.find("pass 'lying': rule 'copy_const'") == 0);
  // The program is the one the first pass produced, not a half-rewritten one.
  CHECK(const_int(stmt_as<Assign>(body_of(r.program)[0])->value) == 3);
  // Run directly, the pass is fail-closed too: its outcome carries the input program.
  rewrite::DriverOptions checking;
  checking.check = true;
  auto in = foldable();
  auto out = table_pass("lying", "", {}, boost::hana::make_tuple(CopyConst{})).run(in, {}, checking);
  CHECK(out.stop == rewrite::StopReason::CheckFailed);
  CHECK(out.program == in);
}

TEST_CASE("function passes may report errors; calling a failing pass throws") {
  Pass failing = function_pass("failing", "", {}, [](const ProgramPtr& p, const PassContext&) {
    PassOutcome o;
    o.program = p;
    o.diagnostics.push_back(Diagnostic{"t.py", {1, 1}, Severity::Error, "cannot do that"});
    return o;
  });
  CHECK_THROWS_WITH_AS(failing(foldable()), "failing: t.py:1:1: error: cannot do that", std::runtime_error);
  PassManager pm;
  pm.add(failing).add(noop("never", {}));
  auto r = pm.run(foldable());
  CHECK_FALSE(r.ok);
  CHECK(r.passes.size() == 1);
  CHECK(r.diagnostics.at(0).message == "cannot do that");
}

// A warning states a fact about a place: a pass run twice (or two passes) finding it again report
// it once per pipeline run (review rev11 L3); a different place or text is another warning.
TEST_CASE("identical warnings are reported once per pipeline run") {
  auto warns = [](std::string text, int line) {
    return function_pass("warns", "", {}, [text, line](const ProgramPtr& p, const PassContext&) {
      PassOutcome o;
      o.program = p;
      o.diagnostics.push_back(Diagnostic{"t.py", {static_cast<std::uint32_t>(line), 1}, Severity::Warning, text});
      return o;
    });
  };
  PassManager pm;
  pm.add(warns("kept in place", 3)).add(warns("kept in place", 3)).add(warns("kept in place", 4)).add(warns("other", 3));
  auto r = pm.run(foldable());
  REQUIRE(r.ok);
  REQUIRE(r.diagnostics.size() == 3);
  CHECK(r.diagnostics[0].str() == "t.py:3:1: warning: kept in place");
  CHECK(r.diagnostics[1].str() == "t.py:4:1: warning: kept in place");
  CHECK(r.diagnostics[2].str() == "t.py:3:1: warning: other");
}

TEST_CASE("rewrite limits are warnings, or errors on request") {
  PassManagerOptions o;
  o.driver.max_iterations = 3;
  PassManager pm(o);
  pm.add(table_pass("lying", "", {}, boost::hana::make_tuple(CopyConst{})));
  auto r = pm.run(foldable());
  CHECK(r.ok);
  REQUIRE(r.diagnostics.size() == 1);
  CHECK(r.diagnostics[0].severity == Severity::Warning);
  CHECK(r.diagnostics[0].message.find("did not converge (IterationLimit)") != std::string::npos);

  o.limits_are_errors = true;
  PassManager strict(o);
  strict.add(table_pass("lying", "", {}, boost::hana::make_tuple(CopyConst{})));
  CHECK_FALSE(strict.run(foldable()).ok);
}

TEST_CASE("driver options reach the tables: remarks and trace per pass") {
  PassManagerOptions o;
  o.driver.remarks = true;
  o.driver.trace = true;
  PassManager pm(o);
  pm.add(*make_pass("simplify"));
  auto x = var("x"), y = var("y");
  auto r = pm.run(program_of({x}, {assign(y, bin(BinOp::FloorDiv, I(4), I(0))), ret({y})}));
  REQUIRE(r.passes.size() == 1);
  CHECK(r.passes[0].trace.empty());
  bool saw = false;
  for (const auto& m : r.passes[0].remarks) saw |= m.rule == "fold_floordiv" && m.reason == "division by zero";
  CHECK(saw);
}

TEST_CASE("trace entries keep their nodes on request and skip the text (issue 22: ptorw opt --trace)") {
  PassManagerOptions o;
  o.driver.trace = true;
  PassManager pm(o);
  pm.add(index_pass());
  auto r = pm.run(foldable());
  REQUIRE_FALSE(r.passes.at(0).trace.empty());
  const auto& with_text = r.passes[0].trace.front();
  CHECK_FALSE(with_text.before.empty());                             // the default: text ...
  CHECK(std::holds_alternative<std::monostate>(with_text.before_node));  // ... and no nodes

  pm.options().driver.trace_nodes = true;
  pm.options().driver.trace_text = false;
  r = pm.run(foldable());
  REQUIRE_FALSE(r.passes.at(0).trace.empty());
  const auto& t = r.passes[0].trace.front();
  CHECK(t.before.empty());
  CHECK(t.after.empty());
  REQUIRE(t.before_node.index() != 0);
  CHECK(t.before_node.index() == t.after_node.index());
  CHECK(t.before_node != t.after_node);
}

TEST_CASE("a sequence pass names its steps, so print-after-all can run them one by one (issue 22)") {
  Pass s = sequence_pass("seq", "", {}, {"simplify", "simplify"});
  CHECK(s.steps == std::vector<std::string>{"simplify", "simplify"});
  CHECK(make_pass("simplify")->steps.empty());
}
}  // namespace ut_pass_manager_test
