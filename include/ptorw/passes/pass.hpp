// A pass: a name, declared properties, and either a sequence of rule tables (each run to a fixed
// point by the driver, in order) or a plain function Program -> Program.
//
//   Pass p = table_pass("simplify", "fold index arithmetic, drop dead assignments", {},
//                       simplify_rules);
//   ir::ProgramPtr out = p(program);           // the spec's `passes.simplify()(prog)`
//   PassOutcome o = p.run(program, ctx, {});   // with stats, remarks, trace and stop reason
//
// Passes are values (type-erased), so a registry and a PassManager can hold any of them.
// Fail-closed: when a table run hits CheckFailed, the outcome's program is the pass's input.
#pragma once
#include <functional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/passes/pass_context.hpp"
#include "ptorw/passes/properties.hpp"
#include "ptorw/passes/text_input.hpp"
#include "ptorw/rewrite/driver.hpp"

namespace ptorw::passes {

struct PassOutcome {
  ir::ProgramPtr program;
  rewrite::StopReason stop = rewrite::StopReason::Converged;  // first non-converged table's reason
  std::string message;
  int iterations = 0;
  std::uint64_t rewrites = 0;
  std::vector<rewrite::RuleStats> stats;  // all tables, in order
  std::vector<rewrite::TraceEntry> trace;
  std::vector<rewrite::Remark> remarks;
  std::vector<analysis::AnalysisStats> analyses;  // requests / computations per analysis of the run
  Diagnostics diagnostics;  // errors here stop a pipeline
  /// `program` passed ir::verify inside the pass (which then fails closed otherwise): a caller
  /// that verifies the pipeline's output need not walk the same program again.
  bool verified = false;
};

using PassFn = std::function<PassOutcome(const ir::ProgramPtr&, const PassContext&, const rewrite::DriverOptions&)>;

struct Pass {
  std::string name;
  std::string summary;
  PassProperties properties;
  std::vector<rewrite::RuleInfo> rules;  // documentation of table passes (empty otherwise)
  PassFn run;
  /// A pass made of registered passes (sequence_pass.hpp): their names, in order (empty otherwise).
  /// A caller that wants to see between them (print-after-all) runs these instead.
  std::vector<std::string> steps{};
  /// Queues the analyses this pass asks of its input first (analysis::prefetch), so that a driver
  /// running other steps before it can have them computed ahead on the input's versions
  /// (ptorw/analysis/prefetch.hpp; `ptorw compile` does). Null: none.
  std::function<void(const ir::ProgramPtr&, analysis::Prefetched&)> prefetch{};

  /// Runs with default driver options; throws std::runtime_error when the pass fails.
  ir::ProgramPtr operator()(const ir::ProgramPtr& p, const PassContext& ctx = {}) const {
    PassOutcome o = run(p, ctx, {});
    if (o.stop == rewrite::StopReason::CheckFailed) throw std::runtime_error(name + ": " + o.message);
    for (const auto& d : o.diagnostics)
      if (d.severity == Severity::Error) throw std::runtime_error(name + ": " + d.str());
    return o.program;
  }
};

/// The refusal of a program this pass may not read (see text_input.hpp), as the pass's outcome.
inline std::optional<PassOutcome> refuse_input(const std::string& pass, bool accepts_text, const ir::ProgramPtr& in) {
  if (accepts_text || !in) return std::nullopt;
  auto err = text_input_error(*in, pass);
  if (!err) return std::nullopt;
  PassOutcome o;
  o.program = in;  // fail-closed
  o.diagnostics.push_back(std::move(*err));
  return o;
}

/// A pass running `tables` one after the other, each to its fixed point. The tables share one
/// analysis cache for the run (ptorw/analysis/cache.hpp): what Pattern 2 computed on a program
/// version is not computed again by Pattern 4 when Pattern 3 left that version unchanged.
template <class... Tables>
Pass table_pass(std::string name, std::string summary, PassProperties props, const Tables&... tables) {
  Pass p{std::move(name), std::move(summary), props, {}, {}};
  (
      [&] {
        auto infos = rewrite::rule_infos(tables);
        p.rules.insert(p.rules.end(), infos.begin(), infos.end());
      }(),
      ...);
  p.run = [tables..., pass = p.name, text = props.accepts_text](const ir::ProgramPtr& in, const PassContext& ctx, const rewrite::DriverOptions& opts) {
    if (auto refused = refuse_input(pass, text, in)) return std::move(*refused);
    PassOutcome o;
    o.program = in;
    bool failed = false;
    analysis::AnalysisCache cache;
    rewrite::DriverOptions run_opts = opts;
    if (!run_opts.analyses) run_opts.analyses = &cache;
    auto one = [&](const auto& table) {
      if (failed) return;
      rewrite::RunResult r = rewrite::run_table(table, o.program, run_opts, &ctx);
      if (o.stop == rewrite::StopReason::Converged && r.stop != rewrite::StopReason::Converged) {
        o.stop = r.stop;
        o.message = r.message;
      }
      o.iterations += r.iterations;
      o.rewrites += r.rewrites;
      o.stats.insert(o.stats.end(), r.stats.begin(), r.stats.end());
      for (auto& t : r.trace) o.trace.push_back(std::move(t));
      for (auto& m : r.remarks) o.remarks.push_back(std::move(m));
      failed = r.stop == rewrite::StopReason::CheckFailed;
      o.program = failed ? in : r.program;
    };
    (one(tables), ...);
    if (run_opts.analyses == &cache) o.analyses = cache.stats();
    return o;
  };
  return p;
}

/// A pass from a function. `fn(program, ctx)` returns either the new program or a PassOutcome.
template <class F> Pass function_pass(std::string name, std::string summary, PassProperties props, F fn) {
  Pass p{std::move(name), std::move(summary), props, {}, {}};
  p.run = [fn, pass = p.name, text = props.accepts_text](const ir::ProgramPtr& in, const PassContext& ctx, const rewrite::DriverOptions&) {
    if (auto refused = refuse_input(pass, text, in)) return std::move(*refused);
    if constexpr (std::is_convertible_v<std::invoke_result_t<const F&, const ir::ProgramPtr&, const PassContext&>,
                                        ir::ProgramPtr>) {
      PassOutcome o;
      o.program = fn(in, ctx);
      return o;
    } else {
      return PassOutcome(fn(in, ctx));
    }
  };
  return p;
}

}  // namespace ptorw::passes
