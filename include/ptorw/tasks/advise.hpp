// The windowize advisor (issue 21; spec optimize_orch_tensors.md, "Windowize Opt-in": "One
// practical way to find candidates is to inspect the swimlane timeline"). For every InCore / AIC /
// AIV kernel that is not marked windowize=True, it runs the `default` pipeline twice — on the
// program as it is, and with that one kernel marked — and reports:
//   - whether Pattern 5 accepted the kernel (a `<kernel>__windowed` clone appears), with the
//     pattern's own remarks (its eligibility checks, rule `out_window_externalizer`);
//   - the simulated makespan of both programs (task_graph.hpp, cost_model.hpp, schedule.hpp);
//   - the spec's clues in the unmarked program's graph: "TensorMap auto-dependency edges between
//     tasks that should only touch disjoint windows of the same parent tensor" — edges that the
//     windowed program no longer has (same tasks, in the same order) — and among them "adjacent
//     tasks that could overlap but instead wait on each other" (task i+1 waiting on task i); and
//     "task gaps that are large compared with the task duration itself" (tasks of the kernel that
//     waited longer between submission and start than they ran).
// Sorted by predicted gain (makespan saved), largest first.
#pragma once
#include <fmt/format.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <set>
#include <unordered_map>

#include "ptorw/passes/pass_manager.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/passes/verify_source.hpp"
#include "ptorw/tasks/cost_model.hpp"
#include "ptorw/tasks/schedule.hpp"
#include "ptorw/ir/builder.hpp"
#include "ptorw/tasks/task_graph.hpp"
#include "ptorw/visit/splice.hpp"
#include "ptorw/visit/walk.hpp"

namespace ptorw::tasks {

struct Simulation {
  ir::ProgramPtr program;  // after the pipeline
  TaskGraph graph;
  Schedule schedule;
  std::vector<rewrite::Remark> remarks;
  Diagnostics diagnostics;
  bool ok() const { return !has_errors(diagnostics); }
};

/// Runs `pipeline` (comma-separated pass names; empty: none) on `p`, then graph + costs + schedule
/// (no schedule when `with_schedule` is false: `ptorw tasks`).
inline Simulation simulate(const ir::ProgramPtr& p, const std::string& pipeline, const GraphOptions& go, const CostModel& cm,
                           Lanes lanes, bool with_schedule = true) {
  Simulation s;
  s.program = p;
  // The graph is built from verified programs only, as `run` and the passes take them: a kernel
  // that writes a parameter it declares In gave a task that "reads" it and no edge to the task
  // reading it next, so the schedule overlapped them, exit 0 (review rev41c F1).
  if (Diagnostics ds = passes::verify_source(*p); has_errors(ds)) {
    s.diagnostics = std::move(ds);
    s.diagnostics.push_back(Diagnostic{p->source_file, {}, Severity::Error,
                                       "the program does not verify; the task graph is built from verified programs only"});
    return s;
  }
  if (!pipeline.empty()) {
    passes::PassManagerOptions pmo;
    pmo.driver.remarks = true;
    passes::PassManager pm(pmo);
    std::size_t from = 0;
    while (from <= pipeline.size()) {
      std::size_t comma = pipeline.find(',', from);
      std::string name = pipeline.substr(from, comma == std::string::npos ? std::string::npos : comma - from);
      if (!name.empty()) {
        auto pass = passes::make_pass(name);
        if (!pass) {
          s.diagnostics.push_back(Diagnostic{p->source_file, {}, Severity::Error, fmt::format("no pass '{}'", name)});
          return s;
        }
        pm.add(std::move(*pass));
      }
      if (comma == std::string::npos) break;
      from = comma + 1;
    }
    auto r = pm.run(p);
    for (auto& rec : r.passes)
      for (auto& m : rec.remarks) s.remarks.push_back(std::move(m));
    s.diagnostics = std::move(r.diagnostics);
    if (!r.ok) {
      if (!has_errors(s.diagnostics))
        s.diagnostics.push_back(Diagnostic{p->source_file, {}, Severity::Error, fmt::format("the pipeline '{}' failed", pipeline)});
      return s;
    }
    s.program = r.program;
  }
  GraphResult g = build_task_graph(*s.program, go);
  for (auto& d : g.diagnostics) s.diagnostics.push_back(std::move(d));
  if (!g.ok()) return s;
  s.graph = std::move(g.graph);
  if (!with_schedule) return s;
  CostModel m = cm;
  try {
    s.schedule = schedule(s.graph, task_costs(s.graph, *s.program, m), lanes, m.dispatch_ns);
  } catch (const std::exception& e) {
    s.diagnostics.push_back(Diagnostic{p->source_file, {}, Severity::Error, e.what()});
  }
  return s;
}

struct FalseEdge {
  int from = -1, to = -1;
  std::string storage;
};

struct Advice {
  std::string kernel;
  ir::Span span;
  bool accepted = false;          // Pattern 5 made a __windowed clone
  std::vector<std::string> remarks;  // Pattern 5's, about this kernel
  double makespan_before = 0, makespan_after = 0;
  std::vector<FalseEdge> false_edges;  // edges of the unmarked graph the windowed one does not have
  int adjacent_waits = 0;              // of those, task i+1 waiting on task i
  int tasks = 0, long_waits = 0;       // the kernel's tasks in the unmarked schedule; those that waited longer than they ran
  std::string error;                   // why the marked program could not be simulated
  bool from_scope = false;             // outlined from a pl.at scope: marked with windowize=True there
  double gain() const { return accepted && error.empty() ? makespan_before - makespan_after : 0; }
};

struct AdviceReport {
  double baseline_makespan = 0;
  std::vector<Advice> kernels;
  int together = 0;                          // candidates marked together (0: fewer than two)
  std::optional<double> together_makespan;   // their simulated makespan, when it could be simulated
  std::vector<std::string> together_accepted;  // those Pattern 5 windowed, marked together
  Diagnostics diagnostics;  // the unmarked program could not be simulated
  bool ok() const { return !has_errors(diagnostics); }
};

/// `p` with the kernels `names` marked windowize=True: a kernel of `p` by its attrs, one that
/// `outlined` (p after convert-to-ssa and outline-incore-scopes) outlined from a `pl.at` scope on
/// that scope (the pl.at statement at the kernel's position). Null when a scope is not found.
inline ir::ProgramPtr mark_windowize(const ir::ProgramPtr& p, const ir::ProgramPtr& outlined, const std::set<std::string>& names) {
  auto marked = std::make_shared<ir::Program>(*p);
  std::vector<ir::FunctionPtr> scoped;  // the outlined kernels to mark on their scopes
  for (const auto& n : names)
    if (!p->find(n))
      if (ir::FunctionPtr k = outlined->find(n)) scoped.push_back(k);
  std::size_t found = 0;
  for (auto& g : marked->functions) {
    if (names.count(g->name)) {
      auto copy = std::make_shared<ir::Function>(*g);
      copy->attrs = ir::with_kwarg(copy->attrs, "windowize", true);
      g = copy;
    }
    if (scoped.empty() || !g->body) continue;
    std::unordered_map<const ir::StmtNode*, std::vector<ir::Stmt>> repl;
    auto on_stmt = [&](const ir::Stmt& st) {
      auto* sc = ir::stmt_as<ir::Scope>(st);
      if (!sc || sc->kind != ir::ScopeKind::At) return;
      for (const auto& k : scoped)
        if (st->span.line == k->span.line && st->span.col == k->span.col && !repl.count(st.get())) {
          ++found;
          repl[st.get()] = {ir::make_stmt(ir::Scope{sc->kind, ir::with_kwarg(sc->attrs, "windowize", true), sc->body}, st->span)};
        }
    };
    auto on_expr = [](const ir::Expr&) {};
    visit::walk(g->body, on_stmt, on_expr);
    if (!repl.empty()) g = ir::with_function(*g, [&](ir::Function& h) { h.body = visit::splice(h.body, repl); });
  }
  if (found != scoped.size()) return nullptr;
  return marked;
}

inline AdviceReport advise(const ir::ProgramPtr& p, const GraphOptions& go, const CostModel& cm, Lanes lanes) {
  AdviceReport rep;
  Simulation base = simulate(p, "default", go, cm, lanes);
  if (!base.ok()) {
    rep.diagnostics = std::move(base.diagnostics);
    return rep;
  }
  rep.baseline_makespan = base.schedule.makespan;
  // A kernel written as a `pl.at` scope exists once default's first steps have outlined it (review
  // rev43c 2: such programs had no candidate). The candidates are the kernels of that program; one
  // of the input is marked in the input, an outlined one on its scope (the outliner writes a
  // windowize=True scope's kernel in the form Pattern 5 reads: marking the outlined kernel instead
  // would judge another kernel).
  ir::ProgramPtr outlined = p;
  {
    passes::PassManager pm;
    for (const char* step : {"convert-to-ssa", "outline-incore-scopes"})
      if (auto pass = passes::make_pass(step)) pm.add(std::move(*pass));
    auto r = pm.run(p);
    if (r.ok && r.program) outlined = r.program;
  }
  for (const auto& f : outlined->functions) {
    if (!ir::is_incore_like(f->type) || ir::attr_true(f->attrs, "windowize")) continue;
    Advice a;
    a.kernel = f->name;
    a.span = f->span;
    a.from_scope = p->find(f->name) == nullptr;
    a.makespan_before = base.schedule.makespan;
    ir::ProgramPtr marked = mark_windowize(p, outlined, {f->name});
    if (!marked) {
      a.error = "its pl.at scope was not found in the input";
      rep.kernels.push_back(std::move(a));
      continue;
    }
    for (std::size_t i = 0; i < base.graph.tasks.size(); ++i)
      if (base.graph.tasks[i].kernel == f->name) {
        ++a.tasks;
        const Slot& sl = base.schedule.slots[i];
        if (sl.start - sl.submit > base.schedule.cost[i]) ++a.long_waits;
      }
    Simulation after = simulate(marked, "default", go, cm, lanes);
    for (const auto& m : after.remarks)
      if (m.rule.find("window") != std::string::npos &&
          (m.function == f->name || m.reason.find("'" + f->name + "'") != std::string::npos)) {
        std::string line = fmt::format("{}:{}: {}", m.span.line, m.span.col, m.reason);
        if (std::find(a.remarks.begin(), a.remarks.end(), line) == a.remarks.end()) a.remarks.push_back(std::move(line));
      }
    if (!after.ok()) {
      a.error = after.diagnostics.empty() ? "the marked program could not be simulated" : after.diagnostics.front().message;
      rep.kernels.push_back(std::move(a));
      continue;
    }
    a.accepted = after.program->find(f->name + "__windowed") != nullptr;
    a.makespan_after = after.schedule.makespan;
    if (a.accepted && after.graph.tasks.size() == base.graph.tasks.size()) {
      std::set<std::pair<int, int>> kept;
      for (const auto& e : after.graph.edges) kept.insert({e.from, e.to});
      for (const auto& e : base.graph.edges) {
        if (kept.count({e.from, e.to}) || e.storage < 0) continue;
        a.false_edges.push_back({e.from, e.to, base.graph.storages[static_cast<std::size_t>(e.storage)].name});
        if (e.to == e.from + 1) ++a.adjacent_waits;
      }
    }
    rep.kernels.push_back(std::move(a));
  }
  // Kernels judged one at a time can hide a joint gain: windowing one leaves the edges of another
  // (reviews rev43c 5, rev43d 5: three kernels of a chain, or two scopes in the arms of an If,
  // each "no gain" alone). Every candidate Pattern 5 accepts alone, or that it declines because of
  // another, is tried together once.
  std::set<std::string> all;
  for (const auto& a : rep.kernels)
    if (a.error.empty()) all.insert(a.kernel);
  if (all.size() >= 2) {
    rep.together = static_cast<int>(all.size());
    if (ir::ProgramPtr marked = mark_windowize(p, outlined, all)) {
      Simulation after = simulate(marked, "default", go, cm, lanes);
      if (after.ok()) {
        rep.together_makespan = after.schedule.makespan;
        for (const auto& k : all)
          if (after.program->find(k + "__windowed")) rep.together_accepted.push_back(k);
      }
    }
  }
  std::stable_sort(rep.kernels.begin(), rep.kernels.end(), [](const Advice& x, const Advice& y) { return x.gain() > y.gain(); });
  return rep;
}

inline std::string advice_text(const AdviceReport& r, const TaskGraph* base_graph = nullptr) {
  (void)base_graph;
  std::string o = fmt::format("baseline (default pipeline, as marked): makespan {:.1f} ns\n", r.baseline_makespan);
  if (r.kernels.empty()) o += "no InCore/AIC/AIV kernel without windowize=True\n";
  for (const auto& a : r.kernels) {
    if (!a.error.empty()) {
      o += fmt::format("{}: not simulated with windowize=True: {}\n", a.kernel, a.error);
      continue;
    }
    if (!a.accepted) {
      o += fmt::format("{}: Pattern 5 would not window it (makespan stays {:.1f} ns)\n", a.kernel, a.makespan_after);
    } else {
      const double pct = a.makespan_before > 0 ? 100 * a.gain() / a.makespan_before : 0;
      o += fmt::format("{}: Pattern 5 accepts it; makespan {:.1f} -> {:.1f} ns ({}{:.1f} ns, {:.0f}%){}\n", a.kernel, a.makespan_before,
                       a.makespan_after, a.gain() > 0 ? "-" : a.gain() < 0 ? "+" : "", std::abs(a.gain()), pct,
                       a.gain() > 0 ? "" : a.gain() < 0 ? ": windowing costs more than it saves, do not mark it" : ": no gain");
      if (!a.false_edges.empty()) {
        o += fmt::format("  clue: {} auto-dependency edge(s) between disjoint windows of one parent (gone when windowed)",
                         a.false_edges.size());
        o += fmt::format(", {} between adjacent tasks waiting on each other\n", a.adjacent_waits);
        for (std::size_t i = 0; i < a.false_edges.size() && i < 3; ++i)
          o += fmt::format("    task {} -> task {} on '{}'\n", a.false_edges[i].from, a.false_edges[i].to, a.false_edges[i].storage);
      }
    }
    if (a.from_scope)
      o += a.accepted && a.gain() > 0
               ? fmt::format("  (outlined from the pl.at scope at {}:{}: mark it there, pl.at(..., windowize=True))\n", a.span.line, a.span.col)
               : fmt::format("  (outlined from the pl.at scope at {}:{})\n", a.span.line, a.span.col);
    if (a.long_waits > 0)
      o += fmt::format("  clue: {} of its {} tasks waited longer than they ran\n", a.long_waits, a.tasks);
    for (const auto& m : a.remarks) o += fmt::format("  remark {}\n", m);
  }
  if (r.together >= 2 && r.together_makespan) {
    const double gain = r.baseline_makespan - *r.together_makespan;
    o += fmt::format("all {} marked together: Pattern 5 windows {} of them ({}); makespan {:.1f} -> {:.1f} ns{}\n", r.together,
                     r.together_accepted.size(), fmt::join(r.together_accepted, ", "), r.baseline_makespan, *r.together_makespan,
                     gain > 0 ? fmt::format(" (-{:.1f} ns, {:.0f}%)", gain, r.baseline_makespan > 0 ? 100 * gain / r.baseline_makespan : 0.0)
                              : std::string(": no gain"));
  }
  return o;
}

}  // namespace ptorw::tasks
