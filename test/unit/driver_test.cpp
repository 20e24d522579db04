// The rewrite framework: rule concept, tables, and the fixed-point driver (convergence, limits,
// stop reasons, checking mode, counters, trace, remarks, ordering, worklist, sharing).
#include <doctest/doctest.h>

#include <boost/hana/tuple.hpp>
#include <utility>
#include <vector>

#include "ptorw/rewrite/driver.hpp"
#include "ptorw/rewrite/stats_json.hpp"
#include "rewrite_fixtures.hpp"
namespace ut_driver_test {  // one namespace per file: the suite builds as one unity TU

using namespace ptorw;
using namespace ptorw::rewrite;
using namespace fx;

namespace {

// c1 + c2 → c (hand-written, to exercise the Rule concept without the pattern DSL).
struct FoldAddConst {
  static constexpr std::string_view name = "fold_add_const";
  static constexpr RootKind root = RootKind::Expr;
  static constexpr int benefit = 1;
  static constexpr std::uint32_t kinds = expr_kinds<ir::Binary>;
  static std::string describe() { return "c1 + c2 → c"; }
  struct B {
    std::int64_t v;
    ir::Span sp;
  };
  MatchResult<B> match(const ir::Expr& e, Context&) const {
    auto* b = ir::expr_as<ir::Binary>(e);
    if (!b || b->op != ir::BinOp::Add) return not_applicable();
    auto l = ir::const_int(b->lhs), r = ir::const_int(b->rhs);
    if (!l || !r) return decline("operands are not both constants");
    return B{*l + *r, e->span};
  }
  ir::Expr rewrite(const B& b, Context&) const { return ir::make_int(b.v, ir::DType::INDEX, b.sp); }
};

bool occurs_in(const ir::Function* f, const ir::ExprNode* n) {
  bool found = false;
  if (f && f->body) visit::walk_all(f->body, [](const ir::Stmt&) {}, [&](const ir::Expr& e) { found |= e.get() == n; });
  return found;
}

// Rebuilds each constant as an identical copy: "changes" it every round, forever. The classic
// non-converging rule; it fires once per node per round because it only matches nodes of the
// function as it was when the round began.
struct RenewConst {
  static constexpr std::string_view name = "renew_const";
  static constexpr RootKind root = RootKind::Expr;
  static constexpr int benefit = 0;
  static constexpr std::uint32_t kinds = expr_kinds<ir::ConstInt>;
  MatchResult<ir::Expr> match(const ir::Expr& e, Context& ctx) const {
    if (!occurs_in(ctx.function(), e.get())) return not_applicable();
    return e;
  }
  ir::Expr rewrite(const ir::Expr& e, Context&) const { return ir::make_int(*ir::const_int(e), ir::DType::INDEX, e->span); }
};

// Matches every constant and "rewrites" it to itself.
struct SameNode {
  static constexpr std::string_view name = "same_node";
  static constexpr RootKind root = RootKind::Expr;
  static constexpr int benefit = 0;
  static constexpr std::uint32_t kinds = expr_kinds<ir::ConstInt>;
  MatchResult<ir::Expr> match(const ir::Expr& e, Context&) const { return e; }
  ir::Expr rewrite(const ir::Expr& e, Context&) const { return e; }
};

// v → v + 1 at every constant: never stops at a node.
struct IncConst {
  static constexpr std::string_view name = "inc_const";
  static constexpr RootKind root = RootKind::Expr;
  static constexpr int benefit = 0;
  static constexpr std::uint32_t kinds = expr_kinds<ir::ConstInt>;
  MatchResult<std::int64_t> match(const ir::Expr& e, Context&) const { return *ir::const_int(e); }
  ir::Expr rewrite(const std::int64_t& v, Context&) const { return ir::make_int(v + 1); }
};

// Constant rewriters for ordering tests: FROM → TO.
template <int Id, int Benefit, std::int64_t From, std::int64_t To> struct Retarget {
  static constexpr std::string_view names[] = {"retarget_a", "retarget_b", "retarget_c", "retarget_d"};
  static constexpr std::string_view name = names[Id];
  static constexpr RootKind root = RootKind::Expr;
  static constexpr int benefit = Benefit;
  MatchResult<ir::Span> match(const ir::Expr& e, Context&) const {
    if (ir::const_int(e) != From) return not_applicable();
    return e->span;
  }
  ir::Expr rewrite(const ir::Span& sp, Context&) const { return ir::make_int(To, ir::DType::INDEX, sp); }
};

// Erases `Eval(<constant>)` statements.
struct EraseConstEval {
  static constexpr std::string_view name = "erase_const_eval";
  static constexpr RootKind root = RootKind::Stmt;
  static constexpr int benefit = 0;
  static constexpr std::uint32_t kinds = stmt_kinds<ir::Eval>;
  MatchResult<bool> match(const ir::Stmt& s, Context&) const {
    if (!ir::expr_as<ir::ConstInt>(ir::stmt_as<ir::Eval>(s)->value)) return not_applicable();
    return true;
  }
  ir::Stmt rewrite(const bool&, Context&) const { return nullptr; }
};

// Changes g's return type from INDEX to INT64 once (a signature change).
struct RetypeG {
  static constexpr std::string_view name = "retype_g";
  static constexpr RootKind root = RootKind::Function;
  static constexpr int benefit = 0;
  MatchResult<ir::FunctionPtr> match(const ir::FunctionPtr& f, Context&) const {
    if (f->name != "g" || ir::dtype_of(f->return_types.at(0)) != ir::DType::INDEX) return not_applicable();
    return f;
  }
  ir::FunctionPtr rewrite(const ir::FunctionPtr& f, Context&) const {
    return ir::with_function(*f, [](ir::Function& g) { g.return_types = {ir::scalar_type(ir::DType::INT64)}; });
  }
};

// Counts how often calls are looked at (always declines silently).
struct ProbeCalls {
  static constexpr std::string_view name = "probe_calls";
  static constexpr RootKind root = RootKind::Expr;
  static constexpr int benefit = 0;
  static constexpr std::uint32_t kinds = expr_kinds<ir::Call>;
  MatchResult<bool> match(const ir::Expr&, Context&) const { return not_applicable(); }
  ir::Expr rewrite(const bool&, Context&) const { return nullptr; }
};

// Adds a function "helper" to the program once.
struct AddHelper {
  static constexpr std::string_view name = "add_helper";
  static constexpr RootKind root = RootKind::Program;
  static constexpr int benefit = 0;
  MatchResult<ir::ProgramPtr> match(const ir::ProgramPtr& p, Context&) const {
    if (p->find("helper")) return decline("already there");
    return p;
  }
  ir::ProgramPtr rewrite(const ir::ProgramPtr& p, Context&) const {
    ir::Program q = *p;
    q.functions.push_back(function("helper", {}, {}));
    return std::make_shared<const ir::Program>(std::move(q));
  }
};

// Changes a constant in place behind the driver's back (the node was created mutable, so the
// write itself is legal) and reports nothing.
struct Sneaky {
  static constexpr std::string_view name = "sneaky";
  static constexpr RootKind root = RootKind::Expr;
  static constexpr int benefit = 0;
  static constexpr std::uint32_t kinds = expr_kinds<ir::ConstInt>;
  MatchResult<bool> match(const ir::Expr& e, Context&) const {
    if (ir::const_int(e) == 7) const_cast<ir::ExprNode*>(e.get())->kind = ir::ConstInt{8};
    return not_applicable();
  }
  ir::Expr rewrite(const bool&, Context&) const { return nullptr; }
};

// A Function rule that always declines (counts how often it is asked).
struct AlwaysDeclineFn {
  static constexpr std::string_view name = "always_decline_fn";
  static constexpr RootKind root = RootKind::Function;
  static constexpr int benefit = 0;
  MatchResult<bool> match(const ir::FunctionPtr&, Context&) const { return decline("never"); }
  ir::FunctionPtr rewrite(const bool&, Context&) const { return nullptr; }
};

// An Expr rule that "rewrites" constants to nothing.
struct NullExpr {
  static constexpr std::string_view name = "null_expr";
  static constexpr RootKind root = RootKind::Expr;
  static constexpr int benefit = 0;
  static constexpr std::uint32_t kinds = expr_kinds<ir::ConstInt>;
  MatchResult<bool> match(const ir::Expr&, Context&) const { return true; }
  ir::Expr rewrite(const bool&, Context&) const { return nullptr; }
};

// Only Add nodes pass the pre-check; everything else is not even tried.
struct AddOnly {
  static constexpr std::string_view name = "add_only";
  static constexpr RootKind root = RootKind::Expr;
  static constexpr int benefit = 0;
  static constexpr std::uint32_t kinds = expr_kinds<ir::Binary>;
  static bool may_match(const ir::Expr& e) { return ir::expr_as<ir::Binary>(e)->op == ir::BinOp::Add; }
  MatchResult<bool> match(const ir::Expr&, Context&) const { return not_applicable(); }
  ir::Expr rewrite(const bool&, Context&) const { return nullptr; }
};

struct MissingBenefit {
  static constexpr std::string_view name = "x";
  static constexpr RootKind root = RootKind::Expr;
  MatchResult<bool> match(const ir::Expr&, Context&) const { return true; }
  ir::Expr rewrite(const bool&, Context&) const { return nullptr; }
};
struct WrongResult {
  static constexpr std::string_view name = "x";
  static constexpr RootKind root = RootKind::Expr;
  static constexpr int benefit = 0;
  MatchResult<bool> match(const ir::Expr&, Context&) const { return true; }
  ir::Stmt rewrite(const bool&, Context&) const { return nullptr; }  // an Expr rule must build an Expr
};
struct RuntimeBenefit {
  static constexpr std::string_view name = "x";
  static constexpr RootKind root = RootKind::Expr;
  static const int benefit;  // not a constant expression
  MatchResult<bool> match(const ir::Expr&, Context&) const { return true; }
  ir::Expr rewrite(const bool&, Context&) const { return nullptr; }
};
static_assert(Rule<FoldAddConst> && Rule<RenewConst> && Rule<EraseConstEval> && Rule<RetypeG> && Rule<AddHelper>);
static_assert(!Rule<MissingBenefit>);
static_assert(!Rule<WrongResult>);
static_assert(!Rule<RuntimeBenefit>);

/// f(x): y = (1 + 2) + 3; z = x + 1; return y, z
ir::ProgramPtr sample() {
  auto x = var("x"), y = var("y"), z = var("z");
  ir::Expr inner = bin(ir::BinOp::Add, I(1), I(2), {4, 9});
  return program_of({x}, {assign(y, bin(ir::BinOp::Add, inner, I(3), {4, 8}), {4, 5}),
                          assign(z, add(x, I(1)), {5, 5}), ret({y, z})});
}

ir::Expr value_of(const ir::Stmt& s) { return ir::stmt_as<ir::Assign>(s)->value; }

}  // namespace

TEST_CASE("a convergent table reaches its fixed point and reports it") {
  auto p = sample();
  auto r = run_table(boost::hana::make_tuple(FoldAddConst{}), p);
  CHECK(r.stop == StopReason::Converged);
  CHECK(r.converged());
  CHECK(r.iterations == 2);  // one round that folds, one that confirms
  CHECK(r.rewrites == 2);
  CHECK(ir::const_int(value_of(body_of(r.program)[0])) == 6);
  CHECK(r.message.empty());
}

TEST_CASE("nothing to do: one round, and the very same program comes back") {
  auto p = program_of({var("x")}, {ret({I(1)})});
  auto r = run_table(boost::hana::make_tuple(FoldAddConst{}), p);
  CHECK(r.stop == StopReason::Converged);
  CHECK(r.iterations == 1);
  CHECK(r.program == p);
}

TEST_CASE("on_function: before each function of each round, (functions of the round done, functions)") {
  // f folds in round 1; round 2 confirms. Every function is reported in both rounds (a progress
  // line's "functions done / total", issue 20), the settled ones too.
  auto x = var("x"), y = var("y");
  auto p = program({function("f", {x}, {assign(y, add(I(1), I(2))), ret({y})}), function("g", {x}, {ret({x})}),
                    function("h", {x}, {ret({x})})});
  std::vector<std::pair<std::size_t, std::size_t>> calls;
  DriverOptions o;
  o.on_function = [&](std::size_t done, std::size_t total) { calls.emplace_back(done, total); };
  auto r = run_table(boost::hana::make_tuple(FoldAddConst{}), p, o);
  CHECK(r.converged());
  CHECK(r.iterations == 2);
  CHECK(calls == std::vector<std::pair<std::size_t, std::size_t>>{{0, 3}, {1, 3}, {2, 3}, {0, 3}, {1, 3}, {2, 3}});
}

TEST_CASE("the input program is never modified") {
  auto p = sample();
  auto before = fingerprint(*p);
  auto old_body = p->functions[0]->body;
  auto r = run_table(boost::hana::make_tuple(FoldAddConst{}), p, {.check = true});
  CHECK(r.converged());
  CHECK(fingerprint(*p) == before);
  CHECK(p->functions[0]->body == old_body);
  CHECK(ir::expr_as<ir::Binary>(value_of(stmts_of(old_body)[0])));
}

TEST_CASE("iteration limit: a rule that changes something every round stops with IterationLimit") {
  auto p = program_of({}, {ret({I(1), I(2)})});
  auto r = run_table(boost::hana::make_tuple(RenewConst{}), p, {.max_iterations = 4});
  CHECK(r.stop == StopReason::IterationLimit);
  CHECK(r.iterations == 4);
  CHECK(r.rewrites == 8);
  CHECK(r.stats[0].applied == 8);
  CHECK(r.message.find("4 rounds") != std::string::npos);
}

TEST_CASE("rewrite limit: stops after exactly max_rewrites with a consistent program") {
  SUBCASE("a rule that never stops at a node") {
    auto p = program_of({}, {ret({I(0)})});
    auto r = run_table(boost::hana::make_tuple(IncConst{}), p, {.max_rewrites = 100});
    CHECK(r.stop == StopReason::RewriteLimit);
    CHECK(r.rewrites == 100);
    auto* ret_stmt = ir::stmt_as<ir::Return>(body_of(r.program)[0]);
    CHECK(ir::const_int(ret_stmt->values[0]) == 100);
  }
  SUBCASE("by default a cycle at one node is cut after max_rewrites_per_node") {
    auto p = program_of({}, {ret({I(0)})});
    auto r = run_table(boost::hana::make_tuple(IncConst{}), p);
    CHECK(r.stop == StopReason::RewriteLimit);
    CHECK(r.rewrites == 1000);
    CHECK(r.message == "1000 rewrites in a row at one node in f at 0:0, the last by 'inc_const' (a rewrite cycle?)");
  }
  SUBCASE("a convergent table cut short keeps every rewrite made so far") {
    std::vector<ir::Stmt> body;
    std::vector<ir::Expr> ys;
    for (int i = 0; i < 5; ++i) {
      ys.push_back(var("y" + std::to_string(i)));
      body.push_back(assign(ys.back(), add(I(i), I(1))));
    }
    body.push_back(ret(ys));
    auto r = run_table(boost::hana::make_tuple(FoldAddConst{}), program_of({}, body), {.max_rewrites = 3});
    CHECK(r.stop == StopReason::RewriteLimit);
    CHECK(r.rewrites == 3);
    auto b = body_of(r.program);
    REQUIRE(b.size() == 6);
    int folded = 0;
    for (int i = 0; i < 5; ++i) folded += ir::expr_as<ir::ConstInt>(value_of(b[static_cast<std::size_t>(i)])) != nullptr;
    CHECK(folded == 3);
    CHECK(ir::stmt_as<ir::Return>(b[5])->values == ys);  // untouched statements are shared
  }
}

TEST_CASE("checking mode catches a rule that claims a change it did not make") {
  auto p = program_of({}, {ret({I(1), I(2)})});
  SUBCASE("identical tree: not caught without checking, it just never converges") {
    auto r = run_table(boost::hana::make_tuple(RenewConst{}), p, {.max_iterations = 10});
    CHECK(r.stop == StopReason::IterationLimit);
  }
  SUBCASE("identical tree, checking") {
    auto r = run_table(boost::hana::make_tuple(RenewConst{}), p, {.max_iterations = 10, .check = true});
    CHECK(r.stop == StopReason::CheckFailed);
    CHECK(r.message.find("renew_const") != std::string::npos);
    CHECK(r.message.find("identical") != std::string::npos);
    CHECK(r.rewrites == 0);
    CHECK(r.program == p);
  }
  SUBCASE("same node: without checking it is a no-op that never counts as applied") {
    auto r = run_table(boost::hana::make_tuple(SameNode{}), p);
    CHECK(r.stop == StopReason::Converged);
    CHECK(r.stats[0].matched == 2);
    CHECK(r.stats[0].applied == 0);
  }
  SUBCASE("same node, checking") {
    auto r = run_table(boost::hana::make_tuple(SameNode{}), p, {.check = true});
    CHECK(r.stop == StopReason::CheckFailed);
    CHECK(r.message.find("same_node") != std::string::npos);
    CHECK(r.message.find("returned its input node") != std::string::npos);
  }
}

TEST_CASE("checking mode catches a change made without reporting it") {
  auto seven = std::make_shared<ir::ExprNode>(ir::ExprNode{ir::ConstInt{7}, idx(), {}});
  auto p = program_of({}, {ret({ir::Expr(seven)})});
  SUBCASE("checking") {
    auto r = run_table(boost::hana::make_tuple(Sneaky{}), p, {.check = true});
    CHECK(r.stop == StopReason::CheckFailed);
    CHECK(r.message.find("modified in place") != std::string::npos);
  }
  SUBCASE("without checking it goes unnoticed") {
    auto r = run_table(boost::hana::make_tuple(Sneaky{}), p);
    CHECK(r.stop == StopReason::Converged);
  }
}

TEST_CASE("per-rule counters: tried only on matching kinds, matched, applied, time") {
  auto r = run_table(boost::hana::make_tuple(FoldAddConst{}, SameNode{}), sample());
  const RuleStats* fold = r.find("fold_add_const");
  REQUIRE(fold);
  // Round 1 sees three Add nodes ((1+2), (3+3) after the inner fold, x+1); round 2 sees x+1.
  CHECK(fold->tried == 4);
  CHECK(fold->matched == 2);
  CHECK(fold->applied == 2);
  CHECK(fold->root == RootKind::Expr);
  CHECK(fold->benefit == 1);
  const RuleStats* same = r.find("same_node");
  REQUIRE(same);
  CHECK(same->applied == 0);
  CHECK(same->tried == same->matched);
  CHECK(r.stats.size() == 2);
  CHECK(r.stats[0].name == "fold_add_const");  // table order

  std::vector<ir::Stmt> big;
  for (int i = 0; i < 2000; ++i) big.push_back(eval(add(var("x"), I(i))));
  auto timed = run_table(boost::hana::make_tuple(FoldAddConst{}), program_of({}, big));
  CHECK(timed.stats[0].tried == 2000);
  CHECK(timed.stats[0].time_ns > 0);
  auto untimed = run_table(boost::hana::make_tuple(FoldAddConst{}), program_of({}, big), {.timing = false});
  CHECK(untimed.stats[0].time_ns == 0);
}

namespace {

// Analyses that take a known time on a clock the test advances.
struct FakeClock {
  static inline std::uint64_t now = 0;
  static std::uint64_t read() { return now; }
};
struct Inner {
  static constexpr std::string_view name = "inner";
  explicit Inner(const ir::Program&) { FakeClock::now += 30; }
};
struct Outer {
  static constexpr std::string_view name = "outer";
  Outer(const ir::ProgramPtr& p, analysis::AnalysisCache& c) {
    FakeClock::now += 100;
    (void)c.get<Inner>(p);
    FakeClock::now += 5;
  }
};

// An analysis that takes at least 20 ms of real time, and a Program rule that asks for it and
// declines: the rule's own time is the request, the 20 ms are the analysis's.
struct Slow {
  static constexpr std::string_view name = "slow";
  explicit Slow(const ir::Program&) {
    const std::uint64_t until = monotonic_ns() + 20'000'000;
    while (monotonic_ns() < until) {
    }
  }
};
struct AsksSlow {
  static constexpr std::string_view name = "asks_slow";
  static constexpr RootKind root = RootKind::Program;
  static constexpr int benefit = 0;
  MatchResult<ir::ProgramPtr> match(const ir::ProgramPtr& p, Context& ctx) const {
    (void)ctx.analyses().get<Slow>(p);
    return decline("nothing to do");
  }
  ir::ProgramPtr rewrite(const ir::ProgramPtr& p, Context&) const { return p; }
};

}  // namespace

TEST_CASE("AnalysisCache times each computation apart from the analyses it asks for, once per version") {
  auto p = program_of({}, {eval(I(1))});
  auto q = program_of({}, {eval(I(2))});
  analysis::AnalysisCache cache;
  FakeClock::now = 1000;
  SUBCASE("without a clock nothing is timed") {
    (void)cache.get<Outer>(p);
    CHECK(cache.compute_ns() == 0);
    for (const auto& a : cache.stats()) CHECK(a.time_ns == 0);
  }
  SUBCASE("with one") {
    cache.set_clock(&FakeClock::read);
    (void)cache.get<Outer>(p);
    CHECK(cache.compute_ns() == 135);  // the nested computation counted once
    (void)cache.get<Outer>(p);         // cached: no time
    (void)cache.get<Inner>(q);
    CHECK(cache.compute_ns() == 165);
    auto st = cache.stats();
    REQUIRE(st.size() == 2);
    CHECK(st[0].name == "outer");
    CHECK(st[0].time_ns == 105);  // its own time, without Inner's 30
    CHECK(st[1].name == "inner");
    CHECK(st[1].time_ns == 60);
  }
}

TEST_CASE("a rule's time leaves out the analyses its requests computed; they are reported apart") {
  auto p = program_of({}, {eval(I(1))});
  analysis::AnalysisCache cache;
  auto r = run_table(boost::hana::make_tuple(AsksSlow{}), p, {.analyses = &cache});
  REQUIRE(r.stats.size() == 1);
  CHECK(r.stats[0].tried == 1);
  CHECK(r.stats[0].analysis_ns >= 20'000'000);
  CHECK(r.stats[0].time_ns < r.stats[0].analysis_ns);
  auto st = cache.stats();
  REQUIRE(st.size() == 1);
  CHECK(st[0].time_ns >= 20'000'000);
  CHECK(st[0].time_ns == r.stats[0].analysis_ns);
  auto j = to_json(r.stats);
  CHECK(j[0]["analysis_ns"] == r.stats[0].analysis_ns);
  SUBCASE("untimed: neither is measured") {
    analysis::AnalysisCache c2;
    auto u = run_table(boost::hana::make_tuple(AsksSlow{}), p, {.timing = false, .analyses = &c2});
    CHECK(u.stats[0].analysis_ns == 0);
    CHECK(c2.stats()[0].time_ns == 0);
  }
  SUBCASE("an untimed run on the same cache does not time what it computes") {
    auto q = program_of({}, {eval(I(2))});
    auto u = run_table(boost::hana::make_tuple(AsksSlow{}), q, {.timing = false, .analyses = &cache});
    CHECK(u.stats[0].analysis_ns == 0);
    CHECK(cache.stats()[0].computed == 2);
    CHECK(cache.stats()[0].time_ns == st[0].time_ns);
  }
}

TEST_CASE("counters export as JSON") {
  auto r = run_table(boost::hana::make_tuple(FoldAddConst{}), sample());
  auto j = to_json(r);
  CHECK(j["stop"] == "Converged");
  CHECK(j["iterations"] == 2);
  REQUIRE(j["rules"].size() == 1);
  CHECK(j["rules"][0]["name"] == "fold_add_const");
  CHECK(j["rules"][0]["root"] == "Expr");
  CHECK(j["rules"][0]["applied"] == 2);
  CHECK(j["rules"][0]["tried"] == 4);
  CHECK(j["rules"][0].contains("time_ns"));
}

TEST_CASE("trace: every application with rule, function, location and before/after text") {
  std::vector<TraceEntry> streamed;
  DriverOptions o;
  o.trace = true;
  o.on_trace = [&](const TraceEntry& t) { streamed.push_back(t); };
  auto r = run_table(boost::hana::make_tuple(FoldAddConst{}), sample(), o);
  REQUIRE(r.trace.size() == 2);
  CHECK(r.trace[0].rule == "fold_add_const");
  CHECK(r.trace[0].function == "f");
  CHECK(r.trace[0].before == "(1 + 2)");
  CHECK(r.trace[0].after == "3");
  CHECK(r.trace[0].span.line == 4);
  CHECK(r.trace[0].span.col == 9);
  CHECK(r.trace[1].before == "(3 + 3)");
  CHECK(r.trace[1].after == "6");
  CHECK(streamed.size() == 2);
  CHECK(run_table(boost::hana::make_tuple(FoldAddConst{}), sample()).trace.empty());  // off by default

  DriverOptions hooked;
  hooked.trace = true;
  hooked.text.expr = [](const ir::Expr&) { return std::string("<e>"); };
  CHECK(run_table(boost::hana::make_tuple(FoldAddConst{}), sample(), hooked).trace[0].before == "<e>");
}

TEST_CASE("remarks: why a rule declined, where; silent declines are not reported") {
  auto r = run_table(boost::hana::make_tuple(FoldAddConst{}), sample(), {.remarks = true});
  // x + 1 declines in both rounds; the Return and constants are not Add nodes (silent).
  REQUIRE(r.remarks.size() == 2);
  CHECK(r.remarks[0].rule == "fold_add_const");
  CHECK(r.remarks[0].function == "f");
  CHECK(r.remarks[0].reason == "operands are not both constants");
  CHECK(r.remarks[0].span.line == 5);  // the statement's span: the expression has none
  CHECK(r.remarks[0].to_diagnostic("t.py").str() ==
        "t.py:5:5: remark: fold_add_const: operands are not both constants (in f)");
  CHECK(run_table(boost::hana::make_tuple(FoldAddConst{}), sample()).remarks.empty());  // off by default
}

TEST_CASE("determinism: higher benefit first, then table order") {
  auto p = program_of({}, {ret({I(5), I(7)})});
  // retarget_a (benefit 1) is first in the table but retarget_b (benefit 2) wins on 5;
  // retarget_c and retarget_d have equal benefit on 7: the earlier one wins.
  auto table = boost::hana::make_tuple(Retarget<0, 1, 5, 100>{}, Retarget<1, 2, 5, 200>{}, Retarget<2, 3, 7, 70>{},
                                       Retarget<3, 3, 7, 71>{});
  for (int run = 0; run < 3; ++run) {
    auto r = run_table(table, p);
    auto* rs = ir::stmt_as<ir::Return>(body_of(r.program)[0]);
    CHECK(ir::const_int(rs->values[0]) == 200);
    CHECK(ir::const_int(rs->values[1]) == 70);
    CHECK(r.find("retarget_a")->matched == 0);
    CHECK(r.find("retarget_d")->matched == 0);
  }
  constexpr auto order = detail::try_order<RootKind::Expr, Retarget<0, 1, 5, 100>, Retarget<1, 2, 5, 200>,
                                           Retarget<2, 3, 7, 70>, Retarget<3, 3, 7, 71>>();
  CHECK(order == std::array<std::size_t, 4>{2, 3, 1, 0});
}

TEST_CASE("statement rules can erase statements") {
  auto x = var("x");
  ir::Stmt loop = make_stmt(ir::For{ir::ForKind::Range, var("i"), I(0), I(4), I(1), {}, eval(I(3)), {}});
  auto p = program_of({x}, {eval(I(1)), eval(x), loop, eval(I(2)), ret({x})});
  auto r = run_table(boost::hana::make_tuple(EraseConstEval{}), p);
  CHECK(r.converged());
  auto b = body_of(r.program);
  REQUIRE(b.size() == 3);  // eval(x), the loop, return
  auto* f = ir::stmt_as<ir::For>(b[1]);
  REQUIRE(f);
  REQUIRE(ir::stmt_as<ir::Seq>(f->body));  // a required body becomes an empty Seq
  CHECK(ir::stmt_as<ir::Seq>(f->body)->stmts.empty());
  CHECK(r.rewrites == 3);
}

TEST_CASE("worklist: only changed functions are swept again") {
  auto a = var("a"), b = var("b");
  auto f = function("f", {}, {assign(var("y"), add(I(1), I(2))), ret({})});
  auto g = function("g", {a, b}, {assign(var("z"), add(a, b)), ret({})});
  auto r = run_table(boost::hana::make_tuple(FoldAddConst{}), program({f, g}));
  CHECK(r.converged());
  CHECK(r.iterations == 2);
  CHECK(r.stats[0].tried == 2);  // round 1: one Add in f, one in g; round 2: f has none, g is not queued
  CHECK(r.program->functions[1] == g);
}

TEST_CASE("worklist: a signature change queues the callers again") {
  auto a = var("a");
  auto g = function("g", {a}, {ret({a})}, {idx()});
  ir::Expr call = make_expr(ir::Call{ir::CallKind::Function, "g", {I(1)}, {}, {}}, idx());
  auto f = function("f", {}, {assign(var("y"), call), ret({})});
  auto r = run_table(boost::hana::make_tuple(RetypeG{}, ProbeCalls{}), program({f, g}));
  CHECK(r.converged());
  CHECK(r.find("retype_g")->applied == 1);
  CHECK(r.find("probe_calls")->tried == 2);  // f swept in round 1 and again in round 2
  CHECK(r.iterations == 2);
}

TEST_CASE("function rules are not asked again about a version they already declined") {
  auto r = run_table(boost::hana::make_tuple(FoldAddConst{}, AlwaysDeclineFn{}), sample());
  CHECK(r.converged());
  CHECK(r.iterations == 2);
  CHECK(r.find("always_decline_fn")->tried == 1);  // round 2 sweeps f, finds it unchanged: no re-ask

  // ... unless a callee's signature changed: then the caller's Function rules are asked again.
  auto a = var("a");
  auto g = function("g", {a}, {ret({a})}, {idx()});
  ir::Expr call = make_expr(ir::Call{ir::CallKind::Function, "g", {I(1)}, {}, {}}, idx());
  auto f = function("f", {}, {assign(var("y"), call), ret({})});
  auto r2 = run_table(boost::hana::make_tuple(RetypeG{}), program({f, g}));
  CHECK(r2.converged());
  // round 1: f, g, and the new g again (declines: the new g is settled); round 2: f only (caller
  // of a changed signature); the new g is not asked again.
  CHECK(r2.find("retype_g")->tried == 4);
}

TEST_CASE("a caller that changed earlier in the round still sees the callee's new signature") {
  // f (first) changes in round 1 and settles; g (after it) changes its signature in round 1.
  // f's Function rules must be asked again in round 2.
  auto a = var("a");
  auto g = function("g", {a}, {ret({a})}, {idx()});
  ir::Expr call = make_expr(ir::Call{ir::CallKind::Function, "g", {I(1)}, {}, {}}, idx());
  auto f = function("f", {}, {assign(var("y"), call), eval(add(I(1), I(2))), ret({})});
  auto r = run_table(boost::hana::make_tuple(RetypeG{}, FoldAddConst{}, AlwaysDeclineFn{}), program({f, g}));
  CHECK(r.converged());
  // round 1: f (changed by the fold) and the new g (retype_g fired first on the old g); round 2:
  // f again (callee signature); the new g was settled in round 1.
  CHECK(r.find("always_decline_fn")->tried == 3);
}

TEST_CASE("an Expr rule that returns null stops the run") {
  auto r = run_table(boost::hana::make_tuple(NullExpr{}), program_of({}, {ret({I(1)})}));
  CHECK(r.stop == StopReason::CheckFailed);
  CHECK(r.message == "rule 'null_expr' returned a null node");
}

TEST_CASE("nodes failing a rule's cheap pre-check are not counted as tried") {
  auto x = var("x");
  auto p = program_of({x}, {eval(add(x, I(1))), eval(mul(x, I(2))), eval(sub(x, I(3)))});
  auto r = run_table(boost::hana::make_tuple(AddOnly{}), p);
  CHECK(r.stats[0].tried == 1);
}

TEST_CASE("program rules run after the functions of each round") {
  auto r = run_table(boost::hana::make_tuple(AddHelper{}, FoldAddConst{}), sample(), {.remarks = true});
  CHECK(r.converged());
  REQUIRE(r.program->find("helper"));
  CHECK(r.program->functions.size() == 2);
  CHECK(r.find("add_helper")->applied == 1);
  CHECK(r.program->name == "P");
  CHECK(r.program->source_file == "t.py");
}

TEST_CASE("iter-arg inits are rewritten through a fresh IterArg that the body uses") {
  auto acc = make_iter_arg("acc", idx(), add(I(1), I(2)));
  auto out = var("out");
  auto body = make_seq({make_stmt(ir::Yield{{add(acc, I(0))}})});
  ir::Stmt loop = make_stmt(ir::For{ir::ForKind::Range, var("i"), I(0), I(4), I(1), {acc}, body, {out}});
  auto p = program_of({}, {loop, ret({out})});
  auto r = run_table(boost::hana::make_tuple(FoldAddConst{}), p);
  CHECK(r.converged());
  auto* f = ir::stmt_as<ir::For>(body_of(r.program)[0]);
  REQUIRE(f);
  auto* ia = ir::expr_as<ir::IterArg>(f->iter_args[0]);
  REQUIRE(ia);
  CHECK(ir::const_int(ia->init) == 3);
  CHECK(f->iter_args[0] != acc);
  auto* y = ir::stmt_as<ir::Yield>(ir::stmts_of(f->body)[0]);
  CHECK(ir::expr_as<ir::Binary>(y->values[0])->lhs == f->iter_args[0]);
  CHECK(f->return_vars[0] == out);
  CHECK(ir::expr_as<ir::Binary>(ir::expr_as<ir::IterArg>(acc)->init));  // the input keeps its init
}

TEST_CASE("a sweep rebuilds only the spine of what changed") {
  std::vector<ir::Stmt> stmts;
  for (int i = 0; i < 1000; ++i) stmts.push_back(assign(var("v" + std::to_string(i)), add(var("x"), I(i))));
  stmts.insert(stmts.begin() + 500, assign(var("c"), add(I(1), I(2))));
  auto other = function("g", {}, {eval(add(I(3), var("q")))});
  auto p = program({function("f", {}, stmts), other});
  auto r = run_table(boost::hana::make_tuple(FoldAddConst{}), p);
  auto before = body_of(p), after = body_of(r.program);
  REQUIRE(after.size() == before.size());
  int shared = 0;
  for (std::size_t i = 0; i < before.size(); ++i) shared += before[i] == after[i];
  CHECK(shared == 1000);
  CHECK(after[500] != before[500]);
  CHECK(r.program->functions[1] == other);  // an untouched function is the same object
}

TEST_CASE("tables document themselves") {
  auto infos = rule_infos(boost::hana::make_tuple(FoldAddConst{}, RetypeG{}));
  REQUIRE(infos.size() == 2);
  CHECK(infos[0].name == "fold_add_const");
  CHECK(infos[0].root == RootKind::Expr);
  CHECK(infos[0].description == "c1 + c2 → c");
  CHECK(infos[1].root == RootKind::Function);
  CHECK(infos[1].description.empty());
  static_assert(detail::unique_names<FoldAddConst, RetypeG>());
  static_assert(!detail::unique_names<FoldAddConst, FoldAddConst>());
}

TEST_CASE("identical compares by structure, variables by identity, spans ignored") {
  auto x = var("x"), x2 = var("x");
  CHECK(identical(add(x, I(1)), add(x, I(1))));
  CHECK_FALSE(identical(add(x, I(1)), add(x2, I(1))));  // same name, different variable
  CHECK_FALSE(identical(add(x, I(1)), add(x, I(2))));
  CHECK_FALSE(identical(add(x, I(1)), add(x, I(1, ir::DType::INT32))));  // type differs
  CHECK(identical(bin(ir::BinOp::Add, x, I(1), {3, 4}), add(x, I(1))));
  CHECK_FALSE(identical(assign(x, I(1)), assign(x2, I(1))));
  CHECK(identical(assign(x, I(1)), assign(x, I(1))));
}

namespace {

// Program rules that drop `Eval` statements from f's body: `DropAllEvals` drops every one in one
// application (truly complete); `DropOneEval` drops only the first but claims to be complete (a
// lie the checking mode must catch).
ProgramPtr drop_evals(const ProgramPtr& p, std::size_t how_many) {
  std::vector<ir::Stmt> kept;
  std::size_t dropped = 0;
  for (const auto& s : body_of(p))
    if (ir::stmt_as<ir::Eval>(s) && dropped < how_many) ++dropped;
    else kept.push_back(s);
  auto f = ir::with_function(*p->find("f"), [&](ir::Function& g) { g.body = ir::make_seq(std::move(kept)); });
  return program({f});
}
bool has_eval(const ProgramPtr& p) {
  for (const auto& s : body_of(p))
    if (ir::stmt_as<ir::Eval>(s)) return true;
  return false;
}
template <std::size_t N, bool Complete> struct DropEvals {
  static constexpr std::string_view name = N == 1 ? "drop_one_eval" : "drop_all_evals";
  static constexpr RootKind root = RootKind::Program;
  static constexpr int benefit = 1;
  static constexpr bool complete = Complete;
  MatchResult<ProgramPtr> match(const ProgramPtr& p, Context&) const {
    if (!has_eval(p)) return not_applicable();
    return p;
  }
  ProgramPtr rewrite(const ProgramPtr& p, Context&) const { return drop_evals(p, N); }
};
using DropAllEvals = DropEvals<~std::size_t{0}, true>;
using DropOneEval = DropEvals<1, true>;            // claims complete: false
using DropOneEvalHonest = DropEvals<1, false>;

}  // namespace

TEST_CASE("a complete rule is not re-tried on its own output; checking mode holds it to the claim") {
  auto p = program_of({}, {eval(I(1)), eval(I(2)), eval(I(3)), ret({I(0)})});
  SUBCASE("complete: one try, one application, converged") {
    auto r = run_table(boost::hana::make_tuple(DropAllEvals{}), p);
    CHECK(r.stop == StopReason::Converged);
    CHECK(r.stats[0].tried == 1);
    CHECK(r.stats[0].applied == 1);
    CHECK_FALSE(has_eval(r.program));
  }
  SUBCASE("complete, checking: re-tried once on its own output, declines, converged") {
    auto r = run_table(boost::hana::make_tuple(DropAllEvals{}), p, {.check = true});
    CHECK(r.stop == StopReason::Converged);
    CHECK(r.stats[0].tried == 2);
    CHECK(r.stats[0].applied == 1);
  }
  SUBCASE("not declared complete: the driver asks again after each application") {
    auto r = run_table(boost::hana::make_tuple(DropOneEvalHonest{}), p);
    CHECK(r.stop == StopReason::Converged);
    CHECK(r.stats[0].tried == 4);
    CHECK(r.stats[0].applied == 3);
    CHECK_FALSE(has_eval(r.program));
  }
  SUBCASE("a false claim: without checking the driver trusts it (two Evals stay)") {
    auto r = run_table(boost::hana::make_tuple(DropOneEval{}), p);
    CHECK(r.stop == StopReason::Converged);
    CHECK(r.stats[0].tried == 1);
    CHECK(body_of(r.program).size() == 3);
  }
  SUBCASE("a false claim, checking: CheckFailed naming the rule") {
    auto r = run_table(boost::hana::make_tuple(DropOneEval{}), p, {.check = true});
    CHECK(r.stop == StopReason::CheckFailed);
    CHECK(r.message.find("drop_one_eval") != std::string::npos);
    CHECK(r.message.find("declares itself complete but matched its own output") != std::string::npos);
  }
  SUBCASE("next to other rules: the sweep of the next round keeps its output, so it is not asked again") {
    auto q = program_of({}, {eval(I(1)), ret({add(I(1), I(2))})});
    auto r = run_table(boost::hana::make_tuple(DropAllEvals{}, FoldAddConst{}), q);
    CHECK(r.stop == StopReason::Converged);
    CHECK(r.stats[0].tried == 1);
    CHECK(r.stats[0].applied == 1);
    CHECK(r.stats[1].applied == 1);
  }
}
}  // namespace ut_driver_test
