// The table-independent part of the fixed-point driver (see driver.hpp for the contract): rounds
// over the worklist of functions, the bottom-up sweep, spine rebuilding, iter-arg redirection,
// counters, trace, remarks and the checks of checking mode.
//
// The analyses of the run (ptorw/analysis/cache.hpp) are keyed on IR versions; the driver
// invalidates each version it replaces — a function changed by the sweep or a Function rule, a
// program (and the functions it dropped) replaced by a Program rule — so a cache entry is never
// consulted for a version that is no longer current. It uses the cache itself: the callers queued
// after a signature change are read from each function's FunctionCalls (the call graph), walked
// once per function version rather than once per signature change.
//
// It is a non-template class with four virtual hooks — "try the rules of root K at this node" —
// that the per-table Driver<Rs...> implements. Keeping everything else out of the template means
// it is compiled once per TU however many tables the TU runs (compile time is a budget here).
#pragma once
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include <fmt/core.h>

#include "ptorw/analysis/cache.hpp"
#include "ptorw/analysis/call_sites.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/rewrite/brief_text.hpp"
#include "ptorw/rewrite/context.hpp"
#include "ptorw/rewrite/identical.hpp"
#include "ptorw/rewrite/monotonic_clock.hpp"
#include "ptorw/rewrite/run_result.hpp"
#include "ptorw/visit/erased.hpp"
#include "ptorw/visit/tree_edit.hpp"

namespace ptorw::rewrite::detail {

class DriverCore {
 public:
  struct Roots {  // which root kinds the table has rules for
    bool program, function, stmt, expr;
  };

  DriverCore(const DriverOptions& opts, const Options* options, std::vector<RuleStats> stats, Roots roots)
      : opts_(opts), ctx_(options), roots_(roots), tracing_(opts.trace || bool(opts.on_trace)) {
    ctx_.remarks_ = opts.remarks;
    cache_ = opts.analyses ? opts.analyses : &own_cache_;
    // Both set or cleared per run: a cache may be shared (DriverOptions::analyses) by runs that differ.
    cache_->set_prefetched(options ? options->prefetched : nullptr);
    // Analyses a rule's request computes are timed apart from the rule (RuleStats::analysis_ns).
    cache_->set_clock(opts.timing ? &monotonic_ns : nullptr);
    ctx_.analyses_ = cache_;
    res_.stats = std::move(stats);
  }
  virtual ~DriverCore() = default;
  DriverCore(const DriverCore&) = delete;
  DriverCore& operator=(const DriverCore&) = delete;

  RunResult run(const ir::ProgramPtr& input) {
    const std::uint64_t wall0 = monotonic_ns();
    const std::uint64_t tick0 = ticks();
    ctx_.file_ = input->source_file;
    const std::uint64_t before = opts_.check ? fingerprint(*input) : 0;
    base_ = input;
    input_ = input;
    fns_ = input->functions;
    ctx_.functions_ = &fns_;
    std::vector<char> queued(fns_.size(), 1);
    if (opts_.only_functions)
      for (std::size_t i = 0; i < fns_.size(); ++i) queued[i] = fns_[i] && opts_.only_functions->count(fns_[i]->name) ? 1 : 0;
    settled_.assign(fns_.size(), nullptr);
    while (!stop_) {
      if (res_.iterations >= opts_.max_iterations) {
        set_stop(StopReason::IterationLimit, fmt::format("still changing after {} rounds", res_.iterations));
        break;
      }
      ++res_.iterations;
      bool fired = false;
      std::vector<char> next(fns_.size(), 0);
      for (std::size_t i = 0; i < fns_.size() && !stop_; ++i) {
        if (opts_.on_function) opts_.on_function(i, fns_.size());
        if (!queued[i]) continue;
        ir::FunctionPtr old = fns_[i];
        ir::FunctionPtr now = process_function(old, settled_[i]);
        if (now == old) continue;
        fired = true;
        next[i] = 1;
        fns_[i] = now;
        cache_->invalidate(old.get());
        if (signature_changed(*old, *now)) queue_callers(old->name, next);
      }
      // Program rules are not asked again about the program version on which they all declined
      // (they are deterministic in it): a round in which nothing else changed costs no analysis.
      ir::ProgramPtr cur = roots_.program && !stop_ ? assemble() : nullptr;
      if (cur && cur != settled_program_) {
        cur_function_.clear();
        cur_span_ = {};
        ir::ProgramPtr out = apply_program(cur);
        if (!out) {
          set_stop(StopReason::CheckFailed, "a Program rule returned a null program");
        } else if (out == cur) {
          settled_program_ = std::move(cur);
        } else {
          // The rules were tried on `out` until none fired (apply_program's loop): it is settled too.
          if (!stop_) settled_program_ = out;
          fired = true;
          invalidate_replaced(*cur, *out);
          base_ = out;
          fns_ = out->functions;
          next.assign(fns_.size(), 1);
          settled_.assign(fns_.size(), nullptr);
        }
      }
      if (!fired) break;  // converged (or stopped inside the round)
      queued = std::move(next);
    }
    res_.program = assemble();
    if (!opts_.analyses) res_.analyses = own_cache_.stats();
    if (opts_.check && res_.stop != StopReason::CheckFailed && fingerprint(*input) != before)
      set_stop(StopReason::CheckFailed, "the input program was modified in place during the run");
    if (opts_.timing) {
      const double ns = static_cast<double>(monotonic_ns() - wall0);
      const std::uint64_t dt = ticks() - tick0;
      const double ns_per_tick = dt ? ns / static_cast<double>(dt) : 0.0;
      for (auto& st : res_.stats) {
        // The analyses the rule's requests computed are reported apart (their own clock).
        const auto ns = static_cast<std::uint64_t>(static_cast<double>(st.time_ns) * ns_per_tick);
        st.time_ns = ns > st.analysis_ns ? ns - st.analysis_ns : 0;
      }
    }
    return std::move(res_);
  }

 protected:
  // Each hook tries the table's rules of one root kind at `node` until none fires there.
  // apply_expr returns the replacement, or null when no rule fired (the hot path: no copies).
  virtual ir::Expr apply_expr(const ir::Expr& node) = 0;
  virtual ir::Stmt apply_stmt(ir::Stmt node) = 0;
  virtual ir::FunctionPtr apply_function(ir::FunctionPtr node) = 0;
  virtual ir::ProgramPtr apply_program(ir::ProgramPtr node) = 0;

  // ---- services for the per-table try_rule ---------------------------------------------------
  bool stopped() const { return stop_; }
  RuleStats& stats(std::size_t i) { return res_.stats[i]; }
  Context& context() { return ctx_; }
  const DriverOptions& options() const { return opts_; }

  // Per-try timing reads the cycle counter where there is one (x86 rdtsc: a few ns, where a clock
  // call costs ~20) and converts ticks to nanoseconds once per run against the monotonic clock.
  static std::uint64_t ticks() {
#if defined(__x86_64__) || defined(__i386__)
    return __builtin_ia32_rdtsc();
#else
    return monotonic_ns();
#endif
  }
  struct Timer {
    std::uint64_t ticks = 0, analysis_ns = 0;
  };
  Timer start_timer() const { return opts_.timing ? Timer{ticks(), cache_->compute_ns()} : Timer{}; }
  void stop_timer(RuleStats& st, Timer t0) const {
    if (!opts_.timing) return;
    st.time_ns += ticks() - t0.ticks;  // ticks until the end of the run
    st.analysis_ns += cache_->compute_ns() - t0.analysis_ns;
  }

  template <class Node> void remark(std::string_view rule, const Node& node, std::string_view reason) {
    res_.remarks.push_back(Remark{std::string(rule), cur_function_, span_of(node), std::string(reason)});
  }
  /// A located note: of a decline, or of a place an applied rule left alone. A note states a fact
  /// about a place, and a rule re-matched in a later round restates the same facts: each distinct
  /// note is reported once per run.
  void remark_at(std::string_view rule, const Note& n) {
    Remark r{std::string(rule), n.function.empty() ? cur_function_ : n.function, n.span.line ? n.span : cur_span_,
             n.text};
    // Fields joined by the ASCII unit separator, which no rule name, function name or position holds.
    std::string key = fmt::format("{}\x1f{}\x1f{}\x1f{}", r.rule, r.function, r.span, r.reason);
    if (seen_notes_.insert(std::move(key)).second) res_.remarks.push_back(std::move(r));
  }

  /// Checking mode caught a rule declaring itself complete (rule.hpp) matching its own output.
  template <class Node> void incomplete(std::string_view rule, const Node& node) {
    set_stop(StopReason::CheckFailed, fmt::format("rule '{}' declares itself complete but matched its own output {}: {}",
                                                  rule, where(node), text(node)));
  }

  /// Bookkeeping of a rewrite that returned `out` for `node`. Returns false when it is not a
  /// change (same node, or — when checking — an identical tree; checking mode then stops).
  /// `local` counts the applications at this node so far.
  template <class Node>
  bool accept(std::string_view rule, RuleStats& st, const Node& node, const Node& out, int local) {
    if constexpr (!std::is_same_v<Node, ir::Stmt>) {
      if (!out) {  // only statements can be erased
        set_stop(StopReason::CheckFailed, "rule '" + std::string(rule) + "' returned a null node");
        return false;
      }
    }
    if (out == node) {
      if (opts_.check) check_failed(rule, node, "returned its input node");
      return false;  // without checking, a no-op rewrite simply does not count as applied
    }
    if (opts_.check && out && identical(out, node)) {
      check_failed(rule, node, "returned a tree identical to its input");
      return false;
    }
    ++st.applied;
    ++res_.rewrites;
    if (tracing_) record(rule, node, out);
    if (res_.rewrites >= opts_.max_rewrites)
      set_stop(StopReason::RewriteLimit, fmt::format("reached max_rewrites = {}", opts_.max_rewrites));
    if (local + 1 >= opts_.max_rewrites_per_node) {
      set_stop(StopReason::RewriteLimit, fmt::format("{} rewrites in a row at one node {}, the last by '{}' (a rewrite cycle?)",
                                                     local + 1, where(node), rule));
    }
    return true;
  }

 private:
  // ---- rounds ---------------------------------------------------------------------------------
  // `settled`: the version of this function on which every Function rule last declined. Function
  // rules are deterministic in their function (and the signatures it sees), so they are not tried
  // again on that same version: the confirming round of a run costs one sweep, not a DCE too.
  ir::FunctionPtr process_function(ir::FunctionPtr f, ir::FunctionPtr& settled) {
    const ir::FunctionPtr hold = f;  // keeps ctx_.function() valid while f is replaced
    ctx_.function_ = hold.get();
    cur_function_ = f->name;
    if ((roots_.expr || roots_.stmt) && f->body) {
      cur_span_ = f->span;
      ir::Stmt body = sweep_stmt(f->body);
      if (!body) body = empty_seq(f->body->span);
      if (body != f->body) f = ir::with_function(*f, [&](ir::Function& g) { g.body = std::move(body); });
    }
    if (roots_.function && !stop_ && f != settled) {
      cur_span_ = f->span;
      ir::FunctionPtr out = apply_function(f);
      if (!out) set_stop(StopReason::CheckFailed, "a Function rule erased function '" + hold->name + "'; use a Program rule");
      else if (out == f) settled = f;
      else {
        // apply_function tried the rules on `out` until none fired: unless the run stopped, they
        // all declined on it, and the next round does not ask them again (unless the sweep or a
        // callee's signature changes it).
        f = std::move(out);
        if (!stop_) settled = f;
      }
    }
    ctx_.function_ = nullptr;
    return f;
  }

  // The current program version. It is made once per change of the function list, and kept as
  // base_: Program rules, the next round and the run's result then see one pointer for one version
  // (the key of its analyses), and the version it replaces is invalidated. The input program is
  // the caller's and stays valid.
  ir::ProgramPtr assemble() {
    if (fns_ == base_->functions) return base_;
    if (base_ != input_) cache_->invalidate(base_.get());
    base_ = std::make_shared<const ir::Program>(ir::Program{base_->name, base_->dyn_dims, fns_, base_->source_file});
    return base_;
  }

  // A Program rule replaced `before` by `after`: `before` and the functions it no longer has are
  // not current any more.
  void invalidate_replaced(const ir::Program& before, const ir::Program& after) {
    std::unordered_set<const ir::Function*> kept;
    for (const auto& f : after.functions) kept.insert(f.get());
    for (const auto& f : before.functions)
      if (!kept.count(f.get())) cache_->invalidate(f.get());
    cache_->invalidate(&before);
  }

  static bool signature_changed(const ir::Function& a, const ir::Function& b) {
    if (a.name != b.name || a.type != b.type || a.return_types != b.return_types || a.params.size() != b.params.size())
      return true;
    for (std::size_t i = 0; i < a.params.size(); ++i)
      if (a.params[i].var != b.params[i].var || a.params[i].dir != b.params[i].dir) return true;
    return false;
  }

  // Callers are queued and un-settled even when already queued: one processed earlier in this
  // round was settled against the callee's old signature.
  void queue_callers(const std::string& callee, std::vector<char>& next) {
    for (std::size_t j = 0; j < fns_.size(); ++j) {
      if (!fns_[j]->body) continue;
      if (cache_->get<analysis::FunctionCalls>(fns_[j]).calls(callee)) {
        next[j] = 1;
        settled_[j] = nullptr;  // what its Function rules see has changed
      }
    }
  }

  // ---- the bottom-up sweep -------------------------------------------------------------------
  // Returns the replacement of `e`, or null when nothing at or under it changed. Results of the
  // children go to a shared scratch stack first (null = unchanged), so an unchanged subtree costs
  // no copy and no reference-count traffic.
  ir::Expr sweep_expr(const ir::Expr& e) {
    if (stop_ || ir::is_var_like(e)) return nullptr;
    ir::Expr cur;
    const std::size_t base = scratch_.size();
    bool changed = false;
    visit::each_child(e, [&](const ir::Expr& c) {
      ir::Expr n = sweep_expr(c);
      changed |= bool(n);
      scratch_.push_back(std::move(n));
    });
    if (changed) {
      std::size_t i = base;
      cur = visit::map_each_child(e, [&](const ir::Expr& c) {
        const ir::Expr& n = scratch_[i++];
        return n ? n : c;
      });
    }
    scratch_.erase(scratch_.begin() + static_cast<std::ptrdiff_t>(base), scratch_.end());
    if (roots_.expr)
      if (ir::Expr out = apply_expr(cur ? cur : e)) cur = std::move(out);
    return cur;
  }
  ir::Expr swept(const ir::Expr& e) {
    ir::Expr n = roots_.expr ? sweep_expr(e) : nullptr;
    return n ? n : e;
  }

  ir::Stmt sweep_stmt(const ir::Stmt& s) {
    if (stop_) return s;
    const ir::Span saved = cur_span_;
    if (s->span.line) cur_span_ = s->span;
    ir::Stmt cur;
    if (const auto* q = ir::stmt_as<ir::Seq>(s)) {
      cur = sweep_seq(s, *q);
    } else if (iter_args_of(s)) {
      cur = visit::map_each_child(
          s, [&](const ir::Expr& e) { return swept(e); },
          [&](const ir::Stmt& c) {
            ir::Stmt n = sweep_stmt(c);
            return n ? n : empty_seq(c->span);
          });
      if (roots_.expr) cur = sweep_iter_inits(cur);
    } else {
      cur = sweep_fields(s);
    }
    if (roots_.stmt) cur = apply_stmt(std::move(cur));
    cur_span_ = saved;
    return cur;
  }

  // Statements other than Seq and loops: children are swept into the scratch stacks first and the
  // statement is copied only when one of them changed (visit order = rebuild order, since these
  // kinds have no iter-arg inits).
  ir::Stmt sweep_fields(const ir::Stmt& s) {
    const std::size_t ebase = scratch_.size(), sbase = stmt_scratch_.size();
    bool changed = false;
    visit::each_child(
        s,
        [&](const ir::Expr& e) {
          ir::Expr n = roots_.expr ? sweep_expr(e) : nullptr;
          changed |= bool(n);
          scratch_.push_back(std::move(n));
        },
        [&](const ir::Stmt& c) {
          ir::Stmt n = sweep_stmt(c);
          if (!n) n = empty_seq(c->span);
          changed |= n != c;
          stmt_scratch_.push_back(std::move(n));
        });
    ir::Stmt cur = s;
    if (changed) {
      std::size_t i = ebase, j = sbase;
      cur = visit::map_each_child(
          s,
          [&](const ir::Expr& e) {
            const ir::Expr& n = scratch_[i++];
            return n ? n : e;
          },
          [&](const ir::Stmt&) { return stmt_scratch_[j++]; });
    }
    scratch_.erase(scratch_.begin() + static_cast<std::ptrdiff_t>(ebase), scratch_.end());
    stmt_scratch_.erase(stmt_scratch_.begin() + static_cast<std::ptrdiff_t>(sbase), stmt_scratch_.end());
    return cur;
  }

  // A Seq is the hot path of big functions: its vector is copied only from the first change on,
  // and erased statements (null) are dropped.
  ir::Stmt sweep_seq(const ir::Stmt& s, const ir::Seq& q) {
    std::vector<ir::Stmt> out;
    bool changed = false;
    for (std::size_t i = 0; i < q.stmts.size(); ++i) {
      ir::Stmt n = q.stmts[i] ? sweep_stmt(q.stmts[i]) : q.stmts[i];
      if (!changed && n == q.stmts[i]) continue;
      if (!changed) {
        changed = true;
        out.reserve(q.stmts.size());
        out.assign(q.stmts.begin(), q.stmts.begin() + static_cast<std::ptrdiff_t>(i));
      }
      if (n) out.push_back(std::move(n));
    }
    if (!changed) return s;
    return ir::make_stmt(ir::Seq{std::move(out)}, s->span);
  }

  static const std::vector<ir::Expr>* iter_args_of(const ir::Stmt& s) {
    if (auto* f = ir::stmt_as<ir::For>(s)) return &f->iter_args;
    if (auto* w = ir::stmt_as<ir::While>(s)) return &w->iter_args;
    return nullptr;
  }

  // Iter-arg inits belong to the IterArg definition node, so a changed init means a new IterArg,
  // and every use of the old one inside the loop is redirected to it (visit/tree_edit.hpp).
  ir::Stmt sweep_iter_inits(const ir::Stmt& s) {
    const std::vector<ir::Expr>* args = iter_args_of(s);
    if (!args) return s;
    visit::TreeEdit ed;
    for (const auto& a : *args) {
      auto* it = ir::expr_as<ir::IterArg>(a);
      if (!it || !it->init) continue;
      if (ir::Expr n = sweep_expr(it->init)) ed.exprs.emplace(a.get(), ir::make_iter_arg(it->name, a->type, n, a->span));
    }
    return ed.exprs.empty() ? s : ed.stmt(s);
  }

  static ir::Stmt empty_seq(ir::Span sp) { return ir::make_stmt(ir::Seq{}, sp); }

  // ---- reporting -------------------------------------------------------------------------------
  void set_stop(StopReason r, std::string msg) {
    if (stop_) return;
    stop_ = true;
    res_.stop = r;
    res_.message = std::move(msg);
  }

  template <class Node> void check_failed(std::string_view rule, const Node& node, const char* what) {
    set_stop(StopReason::CheckFailed,
             fmt::format("rule '{}' matched {} and {} (a rule that claims a change it did not make never converges): {}",
                         rule, where(node), what, text(node)));
  }

  /// `in FUNCTION at LINE:COL` (no function part outside one): where a driver message points.
  template <class Node> std::string where(const Node& node) const {
    if (cur_function_.empty()) return fmt::format("at {}", span_of(node));
    return fmt::format("in {} at {}", cur_function_, span_of(node));
  }

  ir::Span span_of(const ir::Expr& n) const { return n && n->span.line ? n->span : cur_span_; }
  ir::Span span_of(const ir::Stmt& n) const { return n && n->span.line ? n->span : cur_span_; }
  ir::Span span_of(const ir::FunctionPtr& n) const { return n ? n->span : ir::Span{}; }
  ir::Span span_of(const ir::ProgramPtr&) const { return {}; }

  std::string text(const ir::Expr& n) const { return opts_.text.expr ? opts_.text.expr(n) : brief::expr(n); }
  std::string text(const ir::Stmt& n) const {
    if (!n) return "<erased>";
    return opts_.text.stmt ? opts_.text.stmt(n) : brief::stmt(n);
  }
  std::string text(const ir::FunctionPtr& n) const {
    return opts_.text.function ? opts_.text.function(*n) : brief::function(*n);
  }
  std::string text(const ir::ProgramPtr& n) const {
    std::string out;
    for (const auto& f : n->functions) out += text(f);
    return out;
  }

  template <class Node> void record(std::string_view rule, const Node& before, const Node& after) {
    TraceEntry t{std::string(rule), cur_function_, span_of(before), {}, {}, {}, {}};
    if (opts_.trace_text) {
      t.before = text(before);
      t.after = text(after);
    }
    if (opts_.trace_nodes) {
      t.before_node = before;
      t.after_node = after;
    }
    if (opts_.on_trace) opts_.on_trace(t);
    if (opts_.trace) res_.trace.push_back(std::move(t));
  }

  const DriverOptions& opts_;
  Context ctx_;
  Roots roots_;
  bool tracing_;
  RunResult res_;
  bool stop_ = false;
  ir::ProgramPtr base_;               // the current program version (assemble()); supplies name, dyn dims, file
  ir::ProgramPtr input_;              // the caller's program
  std::vector<ir::FunctionPtr> fns_;  // current version of every function
  std::vector<ir::FunctionPtr> settled_;  // per function: the version all Function rules declined on
  ir::ProgramPtr settled_program_;         // the version all Program rules declined on
  std::vector<ir::Expr> scratch_;       // children results of the nodes being swept, innermost last
  std::vector<ir::Stmt> stmt_scratch_;
  std::unordered_set<std::string> seen_notes_;  // located notes already reported (remark_at)
  std::string cur_function_;
  ir::Span cur_span_;
  analysis::AnalysisCache own_cache_;  // when the caller gives none (DriverOptions::analyses)
  analysis::AnalysisCache* cache_;
};

}  // namespace ptorw::rewrite::detail
