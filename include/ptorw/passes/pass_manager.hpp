// Runs a pipeline of passes: property bookkeeping, verify-each, print-after-all, per-pass timing.
//
//   PassManagerOptions o;
//   o.verify_each = true;
//   o.verifier = [](const ir::Program& p) { return ir::verify(p); };   // a hook: no dependency
//   PassManager pm(o);
//   pm.add(*make_pass("simplify"));
//   PipelineResult r = pm.run(program, ctx);
//
// Properties. The manager knows which properties hold from the `established` set the caller
// passes and from what each pass produces and invalidates. With the default policy it refuses a
// pass that requires a property an earlier pass of the pipeline invalidated (an ordering bug);
// Strict also refuses properties nobody established; Ignore checks nothing. With
// `check_properties` the manager also looks at the program itself (passes/property_check.hpp): a
// required property not yet established is checked on the pass's input (refused with the first
// violating node, naming the pass that establishes it), and every checkable property a pass
// declares it produces is checked on its output (a pass that breaks its own promise is an error).
//
// Failure is fail-closed: the pipeline stops at the first error (a property violation, a
// CheckFailed table, a pass diagnostic, a verifier error) and `program` is the last good one
// (the input of the failing pass). Rewrite limits are warnings unless `limits_are_errors`.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "ptorw/passes/pass.hpp"
#include "ptorw/passes/property_check.hpp"
#include "ptorw/rewrite/monotonic_clock.hpp"

namespace ptorw::passes {

enum class PropertyPolicy : std::uint8_t { Ignore, TrackInvalidated, Strict };

struct PassManagerOptions {
  /// Run `verifier` on the input and after every pass.
  bool verify_each = false;
  std::function<Diagnostics(const ir::Program&)> verifier{};
  /// Call `printer` after every pass (the CLI prints the DSL text to stderr).
  bool print_after_all = false;
  std::function<void(std::string_view pass, const ir::Program&)> printer{};
  PropertyPolicy property_policy = PropertyPolicy::TrackInvalidated;
  /// Check required properties on each pass's input and produced ones on its output (see above).
  bool check_properties = false;
  /// The function versions known to hold each checked property, shared by the managers of one
  /// compilation (property_check.hpp); null: each run keeps its own.
  std::shared_ptr<PropertyCache> property_cache{};
  bool limits_are_errors = false;
  /// Driver options for every table pass (limits, check mode, remarks, trace, timing).
  rewrite::DriverOptions driver{};
};

/// What happened in one pass of a pipeline.
struct PassRecord {
  std::string name;
  std::uint64_t time_ns = 0;  // wall time of the pass itself (verification and printing excluded)
  bool changed = false;
  rewrite::StopReason stop = rewrite::StopReason::Converged;
  int iterations = 0;
  std::uint64_t rewrites = 0;
  std::vector<rewrite::RuleStats> stats;
  std::vector<rewrite::TraceEntry> trace;
  std::vector<rewrite::Remark> remarks;
  std::vector<analysis::AnalysisStats> analyses;  // per analysis: requested / computed in this pass run
};

struct PipelineResult {
  ir::ProgramPtr program;
  bool ok = true;
  Diagnostics diagnostics;  // errors and warnings of the pipeline, in order
  std::vector<PassRecord> passes;
  PropertySet established;  // properties known to hold for `program`
};

class PassManager {
 public:
  explicit PassManager(PassManagerOptions opts = {}) : opts_(std::move(opts)) {}

  PassManager& add(Pass p) {
    passes_.push_back(std::move(p));
    return *this;
  }
  const std::vector<Pass>& passes() const { return passes_; }
  PassManagerOptions& options() { return opts_; }

  PipelineResult run(const ir::ProgramPtr& input, const PassContext& ctx = {}, PropertySet established = {}) const {
    PipelineResult res;
    res.program = input;
    res.established = established;
    const std::string file = input ? input->source_file : std::string();
    auto error = [&](std::string msg) {
      res.ok = false;
      res.diagnostics.push_back(Diagnostic{file, {}, Severity::Error, std::move(msg)});
    };
    if (!input) {
      error("no program to run passes on");
      return res;
    }
    if (opts_.verify_each && opts_.verifier && !verified(*input, "the input", res)) return res;

    // Property checks skip the function versions already found to hold (property_check.hpp).
    std::shared_ptr<PropertyCache> cache = opts_.property_cache;
    if (opts_.check_properties && !cache) cache = std::make_shared<PropertyCache>();
    PropertySet broken;  // invalidated by an earlier pass and not re-established since
    std::unordered_set<std::string> warned;  // warnings already reported by this run
    std::vector<std::string> broken_by(kIrPropertyNames.size());
    for (const Pass& pass : passes_) {
      const PassProperties& pp = pass.properties;
      if (opts_.property_policy != PropertyPolicy::Ignore) {
        PropertySet missing = pp.required & broken;
        if (opts_.property_policy == PropertyPolicy::Strict) missing = pp.required - res.established;
        if (!missing.empty()) {
          std::string msg = "pass '" + pass.name + "' requires " + missing.str();
          for (std::size_t i = 0; i < broken_by.size(); ++i)
            if (missing.has(static_cast<IrProperty>(i)) && !broken_by[i].empty())
              msg += "; " + std::string(kIrPropertyNames[i]) + " was invalidated by '" + broken_by[i] + "'";
          error(msg);
          return res;
        }
      }

      if (opts_.check_properties && !required_hold(pass, res, cache.get())) return res;

      const std::uint64_t t0 = rewrite::monotonic_ns();
      PassOutcome o = pass.run(res.program, ctx, opts_.driver);
      const std::uint64_t ns = rewrite::monotonic_ns() - t0;

      PassRecord rec{pass.name,  ns, o.program != res.program, o.stop,
                     o.iterations, o.rewrites, std::move(o.stats), std::move(o.trace), std::move(o.remarks),
                     std::move(o.analyses)};
      res.passes.push_back(std::move(rec));
      bool failed = false;
      for (auto& d : o.diagnostics) {
        failed |= d.severity == Severity::Error;
        // A warning says a fact about the program; a pass run again (or a later pass) that finds
        // the same fact at the same place does not say it twice (review rev11 L3).
        if (d.severity == Severity::Warning && !warned.insert(d.str()).second) continue;
        res.diagnostics.push_back(std::move(d));
      }
      if (o.stop == rewrite::StopReason::CheckFailed) {
        error("pass '" + pass.name + "': " + o.message);
        return res;
      }
      if (o.stop != rewrite::StopReason::Converged) {
        std::string msg = "pass '" + pass.name + "' did not converge (" + std::string(rewrite::name_of(o.stop)) +
                          "): " + o.message;
        if (opts_.limits_are_errors) {
          error(msg);
          return res;
        }
        res.diagnostics.push_back(Diagnostic{file, {}, Severity::Warning, msg});
      }
      if (failed) {
        res.ok = false;
        return res;
      }
      if (opts_.check_properties && !produced_hold(pass, *o.program, res, cache.get())) return res;
      if (opts_.print_after_all && opts_.printer) opts_.printer(pass.name, *o.program);
      if (opts_.verify_each && opts_.verifier && !verified(*o.program, "pass '" + pass.name + "'", res)) return res;

      if (cache && res.program != o.program) cache->keep_only(*o.program);  // old versions are let go
      res.program = o.program;
      res.established = (res.established - pp.invalidated) | pp.produced;
      for (std::size_t i = 0; i < broken_by.size(); ++i) {
        auto p = static_cast<IrProperty>(i);
        if (pp.produced.has(p)) broken_by[i].clear();
        else if (pp.invalidated.has(p)) broken_by[i] = pass.name;
      }
      broken = (broken | pp.invalidated) - pp.produced;
    }
    return res;
  }

 private:
  /// The checkable properties `pass` requires that are not established yet, checked on its input.
  bool required_hold(const Pass& pass, PipelineResult& res, PropertyCache* cache) const {
    const PropertySet todo = (pass.properties.required - res.established) & kCheckableProperties;
    if (todo.empty()) return true;
    auto found = property_violations(todo, *res.program, cache);  // one walk per function for all
    for (std::size_t i = 0; i < kIrPropertyNames.size(); ++i) {
      const auto p = static_cast<IrProperty>(i);
      if (!todo.has(p)) continue;
      if (auto& d = found[i]) {
        const std::string_view by = producer_of(p);
        d->message = "pass '" + pass.name + "' requires " + std::string(name_of(p)) + ", but " + d->message +
                     (by.empty() ? std::string() : "; run " + std::string(by) + " first");
        res.ok = false;
        res.diagnostics.push_back(std::move(*d));
        return false;
      }
      res.established = res.established | PropertySet{p};
    }
    return true;
  }
  /// The checkable properties `pass` declares it produces, checked on its output.
  bool produced_hold(const Pass& pass, const ir::Program& out, PipelineResult& res, PropertyCache* cache) const {
    const PropertySet todo = pass.properties.produced & kCheckableProperties;
    if (todo.empty()) return true;
    auto found = property_violations(todo, out, cache);
    for (std::size_t i = 0; i < kIrPropertyNames.size(); ++i) {
      const auto p = static_cast<IrProperty>(i);
      if (!todo.has(p)) continue;
      if (auto& d = found[i]) {
        d->message = "pass '" + pass.name + "' declares that it produces " + std::string(name_of(p)) +
                     ", but in its output " + d->message;
        res.ok = false;
        res.diagnostics.push_back(std::move(*d));
        return false;
      }
    }
    return true;
  }

  bool verified(const ir::Program& p, const std::string& after, PipelineResult& res) const {
    Diagnostics ds = opts_.verifier(p);
    if (!has_errors(ds)) return true;
    res.ok = false;
    res.diagnostics.push_back(
        Diagnostic{p.source_file, {}, Severity::Error, "verification failed after " + after});
    for (auto& d : ds) res.diagnostics.push_back(std::move(d));
    return false;
  }

  PassManagerOptions opts_;
  std::vector<Pass> passes_;
};

/// Passes run as `opt` runs them: a pipeline of their own with the property checks (the properties
/// each requires on its input, those it declares on its output). For tools that run passes
/// outside a pipeline (diffcheck's steps, `emit`'s lowering): run bare, a pass meets input it was
/// never meant for and fails inside with a message about its internals (user trial 2026-12-06 F1, F2).
inline PipelineResult run_checked(std::vector<Pass> steps, const ir::ProgramPtr& input, const PassContext& ctx = {}) {
  PassManagerOptions o;
  o.check_properties = true;
  PassManager pm(o);
  for (auto& s : steps) pm.add(std::move(s));
  return pm.run(input, ctx);
}
inline PipelineResult run_checked(Pass pass, const ir::ProgramPtr& input, const PassContext& ctx = {}) {
  std::vector<Pass> one;
  one.push_back(std::move(pass));
  return run_checked(std::move(one), input, ctx);
}

}  // namespace ptorw::passes
