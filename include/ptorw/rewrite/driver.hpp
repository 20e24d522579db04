// The fixed-point driver: runs one table over a program until no rule fires.
//
//   RunResult r = rewrite::run_table(my_rules, program, {.max_iterations = 16, .check = true});
//
// Shape of a run. The worklist starts with every function. One *round* (= one iteration):
//   1. for each queued function, in program order:
//      a. one bottom-up sweep over its body — children before parents, statements of a Seq in
//         order — trying Expr rules at every expression and Stmt rules at every statement;
//      b. Function rules at the function;
//   2. Program rules at the program.
// At every node the rules of that root kind are tried in a fixed order — benefit descending, then
// table order — and the first that applies replaces the node; the replacement is tried again
// until nothing fires there (at most max_rewrites_per_node times: a cycle of rules at one node
// stops the run with RewriteLimit instead of hanging it). A function that changed is queued for the next round, and so are the
// callers of a function whose signature changed; a Program rule that fires queues every function.
// The run converges after a round in which nothing fired. Rules are assumed deterministic: Function
// rules are not asked again about a function version on which they all declined (unless the
// signature of a function it calls changed), nor Program rules about a program version on which
// they all declined — including the node a rule loop just ended on — so the confirming round costs
// one sweep and no whole-program analysis. A rule that declares itself `complete` (rule.hpp) is
// not asked about its own output either: a whole-program pattern that applies is analysed once.
//
// Immutability and cost: the input is never mutated. A sweep rebuilds only the spine above a
// rewritten node and shares every untouched subtree (an unchanged function is returned as the same
// pointer), so a sweep over n statements costs O(n) time and allocates only for what changed.
// Recursion follows the IR's nesting depth, which the parser bounds.
//
// What the sweep does not touch: Var and IterArg nodes (they are names; a rule that wants to
// replace a use roots at the expression or statement around it) and expressions inside types.
// Iter-arg inits are swept; when one changes, the loop gets a fresh IterArg node and its body is
// rebuilt to use it (uses inside types are not redirected — an open point).
//
// Checking mode (DriverOptions::check) stops with CheckFailed when a rule's rewrite returns its
// input or an identical tree (it claimed a change it did not make), and when the input program's
// fingerprint changed during the run (a change made without reporting it).
#pragma once
#include <boost/hana/at.hpp>
#include <boost/hana/tuple.hpp>
#include <array>
#include <memory>
#include <utility>

#include "ptorw/rewrite/driver_core.hpp"
#include "ptorw/rewrite/table.hpp"

namespace ptorw::rewrite {

template <class... Rs> class Driver final : public detail::DriverCore {
 public:
  using Table = boost::hana::tuple<Rs...>;

  Driver(const Table& table, const DriverOptions& opts, const Options* options)
      : DriverCore(opts, options, {RuleStats{Rs::name, Rs::root, Rs::benefit, 0, 0, 0, 0}...},
                   Roots{has<RootKind::Program>, has<RootKind::Function>, has<RootKind::Stmt>, has<RootKind::Expr>}),
        table_(table) {}

 private:
  template <RootKind K> static constexpr auto kOrder = detail::try_order<K, Rs...>();
  template <RootKind K> static constexpr bool has = kOrder<K>.size() > 0;

  ir::Expr apply_expr(const ir::Expr& n) override {
    ir::Expr cur;  // null until a rule fires: the common case costs no copy
    if constexpr (has<RootKind::Expr>) {
      for (int local = 0; !stopped(); ++local) {
        ir::Expr out;
        const ir::Expr& at = cur ? cur : n;
        const bool fired = [&]<std::size_t... J>(std::index_sequence<J...>) {
          return (try_rule<kOrder<RootKind::Expr>[J]>(at, out, local) || ...);
        }(std::make_index_sequence<kOrder<RootKind::Expr>.size()>{});
        if (!fired) break;
        cur = std::move(out);
      }
    }
    return cur;
  }
  ir::Stmt apply_stmt(ir::Stmt n) override { return apply_at<RootKind::Stmt>(std::move(n)); }
  ir::FunctionPtr apply_function(ir::FunctionPtr n) override { return apply_at<RootKind::Function>(std::move(n)); }
  ir::ProgramPtr apply_program(ir::ProgramPtr n) override { return apply_at<RootKind::Program>(std::move(n)); }

  template <RootKind K> node_t<K> apply_at(node_t<K> node) {
    if constexpr (has<K>) {
      for (int local = 0; !stopped() && node; ++local) {
        node_t<K> out;
        const bool fired = [&]<std::size_t... J>(std::index_sequence<J...>) {
          return (try_rule<kOrder<K>[J]>(node, out, local) || ...);
        }(std::make_index_sequence<kOrder<K>.size()>{});
        if (!fired) break;
        node = std::move(out);
      }
    }
    return node;
  }

  template <std::size_t I> using rule_t = std::decay_t<decltype(boost::hana::at_c<I>(std::declval<const Table&>()))>;

  // The filters are inlined into the caller's fold, so a node pays a compare, not a call, for
  // each rule that cannot apply to it.
  // Tries rule I at `node`; on an application returns true with the replacement in `out`.
  template <std::size_t I, class Node>
  [[gnu::always_inline]] inline bool try_rule(const Node& node, Node& out, int local) {
    using R = rule_t<I>;
    if constexpr (R::root == RootKind::Expr || R::root == RootKind::Stmt)
      if (!((kinds_of<R>() >> node->kind.index()) & 1u)) return false;
    if (!rewrite::may_match<R>(node)) return false;
    return try_rule_slow<I>(node, out, local);
  }

  template <std::size_t I, class Node> [[gnu::noinline]] bool try_rule_slow(const Node& node, Node& out, int local) {
    const auto& rule = boost::hana::at_c<I>(table_);
    using R = rule_t<I>;
    // A complete rule is not asked about its own output (rule.hpp); checking mode asks anyway and
    // holds the rule to its claim.
    constexpr bool kComplete = is_complete<R>() && (R::root == RootKind::Program || R::root == RootKind::Function);
    const bool own_output = kComplete && produced_[I].get() == static_cast<const void*>(node.get());
    if (own_output && !options().check) return false;
    RuleStats& st = stats(I);
    ++st.tried;
    const auto t0 = start_timer();
    auto m = rule.match(node, context());
    if (!m) {
      stop_timer(st, t0);
      // A checking re-match of a complete rule's own output only holds the rule to its claim: what
      // it declines there was said with the application (its notes), and the output may state it
      // differently (an outer scope "calls 'inner'", the function the rule just made), so the
      // remarks are those of the run without checking.
      if (options().remarks && !m.silent() && !own_output) {
        if (m.notes().empty()) remark(R::name, node, m.reason());
        for (const auto& n : m.notes()) remark_at(R::name, n);
      }
      return false;
    }
    if (own_output) {
      stop_timer(st, t0);
      incomplete(R::name, node);
      return false;
    }
    ++st.matched;
    if (options().remarks)
      for (const auto& n : m.notes()) remark_at(R::name, n);
    out = rule.rewrite(m.bindings(), context());
    stop_timer(st, t0);
    const bool applied = accept(R::name, st, node, out, local);
    if constexpr (kComplete)
      if (applied) produced_[I] = out;
    return applied;
  }

  const Table& table_;
  // Per rule: the node a complete rule last produced, held so that its address cannot be reused
  // by a later node while it is compared against.
  std::array<std::shared_ptr<const void>, sizeof...(Rs)> produced_{};
};

/// Runs `table` to a fixed point over `program`. `options` (may be null) is what rules see as
/// Context::options().
template <Rule... Rs>
RunResult run_table(const boost::hana::tuple<Rs...>& table, const ir::ProgramPtr& program, const DriverOptions& opts = {},
                    const Options* options = nullptr) {
  static_assert(detail::unique_names<Rs...>(), "rule names within a table must be unique");
  return Driver<Rs...>(table, opts, options).run(program);
}

}  // namespace ptorw::rewrite
