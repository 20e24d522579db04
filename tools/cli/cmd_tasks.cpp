// `ptorw tasks`, `ptorw swimlane`, `ptorw advise` (issue 21): the orchestration task graph, its
// simulated schedule drawn as SVG, and the windowize advisor. The library side is
// include/ptorw/tasks/ (task_graph.hpp, schedule.hpp, swimlane_svg.hpp, advise.hpp).
#include <fmt/format.h>

#include <charconv>
#include <limits>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli/cli.hpp"
#include "cli/pipeline.hpp"
#include "ptorw/tasks/advise.hpp"
#include "ptorw/tasks/graph_output.hpp"
#include "ptorw/tasks/swimlane_svg.hpp"
#include "ptorw/visit/walk.hpp"

namespace ptorw::cli {

namespace {

tasks::GraphOptions graph_options(const Options& o, const ir::Program& p, const char* cmd) {
  tasks::GraphOptions g;
  // The entry as `run` picks it: without a `main`, the program's one Orchestration function.
  g.entry = resolve_entry(p, o.entry, o.entry_given, cmd);
  for (const auto& [k, v] : parse_dims(o.dims, p)) g.dims[k] = v;
  ir::FunctionPtr f = p.find(g.entry);
  std::vector<std::string> names;
  if (f)
    for (const auto& prm : f->params)
      if (ir::type_as<ir::ScalarType>(prm.var->type)) names.push_back(ir::var_name(prm.var));
  for (const auto& s : o.scalars) {
    auto eq = s.find('=');
    std::int64_t v = 0;
    const char* end = s.data() + s.size();
    if (eq == std::string::npos || eq == 0 || eq + 1 == s.size())
      throw UsageError(fmt::format("--scalar expects NAME=INTEGER, got '{}'", s));
    const auto [ptr, ec] = std::from_chars(s.data() + eq + 1, end, v);
    if (ec == std::errc::result_out_of_range)
      throw UsageError(fmt::format("--scalar {}: the value is outside the 64-bit integers", s));
    if (ec != std::errc{} || ptr != end) throw UsageError(fmt::format("--scalar expects NAME=INTEGER, got '{}'", s));
    std::string name = s.substr(0, eq);
    // (An entry that is no Orchestration function is the error to report, by the graph builder:
    // naming its parameters here hid it — review rev18 L4.)
    if (f && f->type == ir::FunctionType::Orchestration && std::find(names.begin(), names.end(), name) == names.end())
      throw UsageError(fmt::format("--scalar {}: '{}' has no scalar parameter '{}'{}", s, g.entry, name, did_you_mean(name, names)));
    // The value must be one the parameter's dtype holds: the C++ reads it into that type (an INT8
    // 200 becomes -56 there) while the graph would branch on 200 (review rev43c 7).
    if (f)
      for (const auto& prm : f->params)
        if (auto* st = ir::type_as<ir::ScalarType>(prm.var->type); st && ir::var_name(prm.var) == name) {
          std::int64_t lo = std::numeric_limits<std::int64_t>::min(), hi = std::numeric_limits<std::int64_t>::max();
          switch (st->dtype) {
            case ir::DType::BOOL: lo = 0, hi = 1; break;
            case ir::DType::INT8: lo = -128, hi = 127; break;
            case ir::DType::UINT8: lo = 0, hi = 255; break;
            case ir::DType::INT16: lo = -32768, hi = 32767; break;
            case ir::DType::INT32: lo = std::numeric_limits<std::int32_t>::min(), hi = std::numeric_limits<std::int32_t>::max(); break;
            default: break;
          }
          if (v < lo || v > hi)
            throw UsageError(fmt::format("--scalar {}: '{}' is {}, which holds {}..{}", s, name, ir::name_of(st->dtype), lo, hi));
        }
    g.scalars[name] = v;
  }
  // Pass names are command-line errors (exit 2, with the closest match), as for `opt`.
  if (!o.graph_passes.empty()) (void)make_pipeline(o.graph_passes, false);
  if (!o.compare.empty()) (void)make_pipeline(o.compare, false);
  return g;
}

/// The largest duration a cost file may give (ns; 11 days): sums of a few million stay finite and
/// exact enough to print (review rev43c 11: 1e308 printed makespan inf, utilization -nan%).
constexpr double kMaxNs = 1e15;

tasks::CostModel cost_model(const Options& o) {
  tasks::CostModel m;
  if (o.cost_file.empty()) return m;
  std::error_code ec;
  if (std::filesystem::is_directory(o.cost_file, ec)) throw UsageError(fmt::format("--cost {}: is a directory", o.cost_file));
  std::ifstream in(o.cost_file);
  if (!in) throw UsageError(fmt::format("--cost {}: cannot be read", o.cost_file));
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw UsageError(fmt::format("--cost {}: not JSON: {}", o.cost_file, e.what()));
  }
  if (!j.is_object()) throw UsageError(fmt::format("--cost {}: expected an object {{\"dispatch_ns\": N, \"kernels\": {{...}}}}", o.cost_file));
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (it.key() == "dispatch_ns") {
      if (!it->is_number() || !(it->get<double>() >= 0 && it->get<double>() <= kMaxNs))
        throw UsageError(fmt::format("--cost {}: dispatch_ns must be a number from 0 to 1e15", o.cost_file));
      m.dispatch_ns = it->get<double>();
    } else if (it.key() == "kernels") {
      if (!it->is_object()) throw UsageError(fmt::format("--cost {}: kernels must be an object of kernel name -> ns", o.cost_file));
      for (auto k = it->begin(); k != it->end(); ++k) {
        if (!k->is_number() || !(k->get<double>() >= 0 && k->get<double>() <= kMaxNs))
          throw UsageError(fmt::format("--cost {}: the duration of '{}' must be a number from 0 to 1e15", o.cost_file, k.key()));
        m.measured[k.key()] = k->get<double>();
      }
    } else {
      throw UsageError(fmt::format("--cost {}: unknown key '{}'{}", o.cost_file, it.key(),
                                   did_you_mean(it.key(), {"dispatch_ns", "kernels"})));
    }
  }
  return m;
}

/// A measured duration whose name no task carries is not used: say so, with the closest name, so
/// that a misspelt kernel is not silently costed by the model (a warning: one cost file may serve
/// several programs). `Pattern 5`'s `k__windowed` tasks take `k`'s duration; copies take
/// `tensor.assemble`'s.
void warn_unused_costs(const Options& o, const tasks::CostModel& m, std::vector<std::string> kernels) {
  kernels.push_back("tensor.assemble");
  for (const auto& [name, ns] : m.measured) {
    bool used = false;
    for (const auto& k : kernels) used = used || k == name || k == name + "__windowed";
    if (!used)
      std::cerr << fmt::format("ptorw: warning: --cost {}: '{}' names no task's kernel; its duration is not used{}\n",
                               o.cost_file, name, did_you_mean(name, kernels));
  }
}

/// The program as the graph reads it: hand-written text that rebinds names goes through
/// convert-to-ssa first (the executor follows definition nodes, like every pass output).
std::string ssa_first(const ir::Program& p, std::string passes) {
  if (!passes.empty()) return passes;
  bool text = false, scopes = false;
  for (const auto& f : p.functions) {
    text = text || f->names == ir::NameBinding::Text;
    // Kernels written as `pl.at` scopes are the program's kernels as written: outlined first, as
    // default's first steps do (review rev43c 8: `swimlane --compare default` could not draw the
    // "before" panel of such a program, and said the outliner had declined the scope).
    if (f->type == ir::FunctionType::Orchestration && f->body) {
      auto on_stmt = [&](const ir::Stmt& st) {
        if (auto* sc = ir::stmt_as<ir::Scope>(st); sc && sc->kind == ir::ScopeKind::At) scopes = true;
      };
      auto on_expr = [](const ir::Expr&) {};
      visit::walk(f->body, on_stmt, on_expr);
    }
  }
  if (scopes) return "convert-to-ssa,outline-incore-scopes";
  return text ? "convert-to-ssa" : passes;
}

void print_errors(const Diagnostics& ds) { print_diagnostics(ds); }

std::string critical_path_text(const tasks::TaskGraph& g, const tasks::Schedule& s) {
  std::string o;
  for (int t : s.critical_path) {
    const auto& sl = s.slots[static_cast<std::size_t>(t)];
    o += fmt::format("  #{} {} [{:.1f}, {:.1f}] started by {}\n", t, g.tasks[static_cast<std::size_t>(t)].kernel, sl.start, sl.end,
                     start_reason_name(sl.reason));
  }
  return o;
}

}  // namespace

int cmd_tasks(const Options& o) {
  auto p = load(o.file);
  if (!p) return kFailed;
  auto go = graph_options(o, *p, "tasks");
  auto sim = tasks::simulate(p, ssa_first(*p, o.graph_passes), go, tasks::CostModel{}, tasks::Lanes{}, /*with_schedule=*/false);
  print_errors(sim.diagnostics);
  if (!sim.ok()) return kFailed;
  return write_output(o.format == "dot" ? tasks::graph_dot(sim.graph) : tasks::graph_json(sim.graph), o.out);
}

int cmd_swimlane(const Options& o) {
  auto p = load(o.file);
  if (!p) return kFailed;
  auto go = graph_options(o, *p, "swimlane");
  auto cm = cost_model(o);
  tasks::Lanes lanes{o.aiv, o.aic};
  if (!o.compare.empty() && !o.graph_passes.empty()) throw UsageError("--compare draws before and after its passes: give --passes or --compare, not both");
  std::vector<tasks::Simulation> sims;
  std::vector<std::string> titles;
  const std::string file = display_name(p->source_file);
  sims.push_back(tasks::simulate(p, ssa_first(*p, o.graph_passes), go, cm, lanes));
  titles.push_back(o.graph_passes.empty() ? fmt::format("{} ({})", file, go.entry) : fmt::format("{} after {}", file, o.graph_passes));
  if (!o.compare.empty()) {
    sims.push_back(tasks::simulate(p, o.compare, go, cm, lanes));
    titles.front() = fmt::format("{}: before {}", file, o.compare);
    titles.push_back(fmt::format("{}: after {}", file, o.compare));
  }
  bool ok = true;
  for (const auto& s : sims) {
    print_errors(s.diagnostics);
    ok = ok && s.ok();
  }
  if (!ok) return kFailed;
  if (!cm.measured.empty()) {
    std::vector<std::string> kernels;  // the tasks' kernels, and every function (a Group's members)
    for (const auto& s : sims)
      for (const auto& t : s.graph.tasks) kernels.push_back(t.kernel);
    for (const auto& f : p->functions)
      if (f) kernels.push_back(f->name);
    std::sort(kernels.begin(), kernels.end());
    kernels.erase(std::unique(kernels.begin(), kernels.end()), kernels.end());
    warn_unused_costs(o, cm, std::move(kernels));
  }
  std::vector<tasks::SwimlanePanel> panels;
  for (std::size_t i = 0; i < sims.size(); ++i) panels.push_back({titles[i], &sims[i].graph, &sims[i].schedule});
  int rc = write_output(tasks::swimlane_svg(panels), o.out);
  if (rc != kOk) return rc;
  for (std::size_t i = 0; i < sims.size(); ++i) {
    std::cout << fmt::format("{}: {}\n", titles[i], tasks::schedule_summary(sims[i].schedule));
    std::cout << "critical path:\n" << critical_path_text(sims[i].graph, sims[i].schedule);
  }
  if (sims.size() == 2 && sims[0].schedule.makespan > 0)
    std::cout << fmt::format("makespan {:.1f} -> {:.1f} ns ({:.2f}x)\n", sims[0].schedule.makespan, sims[1].schedule.makespan,
                             sims[1].schedule.makespan > 0 ? sims[0].schedule.makespan / sims[1].schedule.makespan : 0.0);
  return kOk;
}

int cmd_advise(const Options& o) {
  auto p = load(o.file);
  if (!p) return kFailed;
  auto go = graph_options(o, *p, "advise");
  const auto cm = cost_model(o);
  auto r = tasks::advise(p, go, cm, tasks::Lanes{o.aiv, o.aic});
  print_errors(r.diagnostics);
  if (!r.ok()) return kFailed;
  std::vector<std::string> kernels;
  for (const auto& f : p->functions)
    if (f) kernels.push_back(f->name);
  for (const auto& a : r.kernels) kernels.push_back(a.kernel);  // outlined from pl.at scopes too
  warn_unused_costs(o, cm, std::move(kernels));
  std::cout << tasks::advice_text(r);
  return kOk;
}

}  // namespace ptorw::cli
