// The driver's knobs and its report: why it stopped, how often each rule was tried / matched /
// applied and for how long, an optional trace of every application and the remarks (declines).
#pragma once
#include <cstdint>
#include <functional>
#include <limits>
#include <set>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/analysis/cache.hpp"
#include "ptorw/rewrite/rule.hpp"

namespace ptorw::rewrite {

enum class StopReason : std::uint8_t {
  Converged,       // a full round fired no rule
  IterationLimit,  // max_iterations rounds ran and the last one still changed something
  RewriteLimit,    // max_rewrites applications reached, or max_rewrites_per_node at one node
  CheckFailed,     // checking mode caught a rule lying about a change (see `message`)
};

constexpr std::string_view name_of(StopReason r) {
  constexpr std::string_view names[] = {"Converged", "IterationLimit", "RewriteLimit", "CheckFailed"};
  return names[static_cast<int>(r)];
}

struct RuleStats {
  std::string_view name;  // the rule's static name
  RootKind root = RootKind::Expr;
  int benefit = 0;
  std::uint64_t tried = 0;    // match called (nodes outside the rule's `kinds` are not counted)
  std::uint64_t matched = 0;  // match returned bindings
  std::uint64_t applied = 0;  // rewrite produced a different node
  std::uint64_t time_ns = 0;  // in match + rewrite, when DriverOptions::timing is on, without analysis_ns
  // Computing the analyses (analysis/cache.hpp) that the rule's requests were the first to ask for:
  // an analysis several rules read (FunctionFacts: Patterns 1-4) is computed once per version, by
  // whichever asks first, and is not that rule's own decision cost.
  std::uint64_t analysis_ns = 0;
};

/// A traced node itself (shared and immutable), by the rule's root kind.
using TraceNode = std::variant<std::monostate, ir::Expr, ir::Stmt, ir::FunctionPtr, ir::ProgramPtr>;

/// One rule application.
struct TraceEntry {
  std::string rule;
  std::string function;  // empty for Program rules
  ir::Span span;         // of the rewritten node, or of its statement when the node has none
  std::string before;    // rendered with DriverOptions::text (empty without trace_text)
  std::string after;
  TraceNode before_node{};  // with DriverOptions::trace_nodes: the nodes, for a caller's own rendering
  TraceNode after_node{};
};

/// Why a rule declined at a node (only declines with a reason; silent ones are not recorded).
struct Remark {
  std::string rule;
  std::string function;
  ir::Span span;
  std::string reason;

  Diagnostic to_diagnostic(const std::string& file) const {
    return Diagnostic{file, span, Severity::Remark, rule + ": " + reason + (function.empty() ? "" : " (in " + function + ")")};
  }
};

/// How traced nodes are rendered. Unset members fall back to ptorw/rewrite/brief_text.hpp.
struct TextHooks {
  std::function<std::string(const ir::Expr&)> expr{};
  std::function<std::string(const ir::Stmt&)> stmt{};
  std::function<std::string(const ir::Function&)> function{};
};

struct DriverOptions {
  /// Rounds over the worklist, the final confirming round included: a table needing k rounds of
  /// rewrites converges with max_iterations >= k + 1.
  int max_iterations = 64;
  /// Rule applications in the whole run; the program returned holds all of them.
  std::uint64_t max_rewrites = std::numeric_limits<std::uint64_t>::max();
  /// Consecutive applications at one node (the node's replacement is tried again until nothing
  /// fires). A cycle of rules at one node would otherwise never end a round; hitting this bound
  /// stops the run with RewriteLimit and names the rule.
  int max_rewrites_per_node = 1000;
  /// Abort (CheckFailed) when a rule's rewrite returns its input or an identical tree, or when the
  /// input program was changed in place. Costs a structural comparison per application.
  bool check = false;
  /// Record declines with a reason as Remarks.
  bool remarks = false;
  /// Measure time per rule (two clock reads per try).
  bool timing = true;
  /// Collect a TraceEntry per application in RunResult::trace ...
  bool trace = false;
  /// ... and/or stream each one here (also enables tracing).
  std::function<void(const TraceEntry&)> on_trace{};
  /// Render `before` / `after` as text (a Program rule's text is the whole program) ...
  bool trace_text = true;
  /// ... and/or keep the nodes themselves in `before_node` / `after_node` (a caller narrows a
  /// Program or Function rule's change to the statements it touched: tools/cli/trace_diff.cpp).
  bool trace_nodes = false;
  TextHooks text{};
  /// The analysis cache of the pass run this driver run belongs to (a pass of several tables shares
  /// one across them: passes/pass.hpp). Null: the run keeps a cache of its own.
  analysis::AnalysisCache* analyses = nullptr;
  /// Called in each round before each function with (functions of the round done, functions): a
  /// progress line's "functions done / total" (issue 20). Null: not called.
  std::function<void(std::size_t done, std::size_t total)> on_function{};
  /// When set, the first round sweeps only the functions of these names (a later round sweeps what
  /// changed, as always); Program rules still see the whole program. OptimizeOrchTensors runs
  /// simplify's table on the functions its rules marked untidy this way.
  const std::set<std::string, std::less<>>* only_functions = nullptr;
};

struct RunResult {
  ir::ProgramPtr program;  // the input pointer itself when nothing changed
  StopReason stop = StopReason::Converged;
  std::string message;     // what failed, for CheckFailed; which limit, for the limits
  int iterations = 0;      // rounds run
  std::uint64_t rewrites = 0;
  std::vector<RuleStats> stats;  // table order
  std::vector<TraceEntry> trace;
  std::vector<Remark> remarks;
  /// Requests and computations per analysis. Filled only when the run owns its cache
  /// (DriverOptions::analyses null); otherwise the cache's owner reports them.
  std::vector<analysis::AnalysisStats> analyses;

  bool converged() const { return stop == StopReason::Converged; }
  const RuleStats* find(std::string_view rule) const {
    for (const auto& s : stats)
      if (s.name == rule) return &s;
    return nullptr;
  }
};

}  // namespace ptorw::rewrite
