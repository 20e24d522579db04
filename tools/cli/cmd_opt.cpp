// `ptorw opt`: run a pipeline over FILE and print the result. Streams: the program on stdout (or
// -o FILE), statistics on stdout after it (or --stats-file FILE; JSON only where nothing else
// goes), remarks, traces and print-after-all on stderr.
#include <fmt/format.h>
#include <fnmatch.h>

#include <algorithm>
#include <iostream>
#include <set>
#include <utility>

#include "cli/cli.hpp"
#include "cli/pipeline.hpp"
#include "cli/trace_diff.hpp"
#include "ptorw/passes/verify_source.hpp"
#include "ptorw/ptorw.hpp"
#include "ptorw/passes/stats_json.hpp"

namespace ptorw::cli {

namespace {

constexpr std::size_t kTraceLines = 24;  // per application, without --trace=full

std::string rule_table_text(const passes::PipelineResult& r) {
  std::string s;
  for (const auto& p : r.passes) {
    s += fmt::format("pass {}: {}, {} iterations, {} rewrites, {} us\n", p.name, rewrite::name_of(p.stop), p.iterations,
                     p.rewrites, p.time_ns / 1000);
    for (const auto& st : p.stats)
      s += fmt::format("  {}: tried {}, matched {}, applied {}, {} us{}\n", st.name, st.tried, st.matched, st.applied,
                       st.time_ns / 1000,
                       st.analysis_ns ? fmt::format(" (+ {} us computing analyses)", st.analysis_ns / 1000) : std::string());
    // The analyses of the pass run (ptorw/analysis/cache.hpp): computed once per IR version.
    for (const auto& a : p.analyses)
      s += fmt::format("  analysis {}: requested {}, computed {}{}, {} us\n", a.name, a.requested, a.computed,
                       a.ahead ? fmt::format(" ({} ahead)", a.ahead) : std::string(), a.time_ns / 1000);
  }
  return s;
}

std::string location(const std::string& file, ir::Span sp) {
  return sp.line ? fmt::format("{}:{}:{}", file, sp.line, sp.col) : file;
}

void print_trace(const passes::PipelineResult& r, const std::string& file, bool full) {
  for (const auto& p : r.passes)
    for (const auto& t : p.trace) {
      std::vector<TraceHunk> hunks = narrow_trace(t);
      const ir::Span sp = hunks.empty() ? t.span : hunks.front().span;
      std::cerr << fmt::format("{}: trace: {}/{}{}\n", location(file, sp), p.name, t.rule,
                               t.function.empty() ? "" : " in " + t.function);
      if (full) {
        auto indent = [](const std::string& s) {
          std::string out;
          for (std::size_t at = 0; at < s.size();) {
            std::size_t nl = s.find('\n', at);
            if (nl == std::string::npos) nl = s.size();
            out += "    " + s.substr(at, nl - at) + "\n";
            at = nl + 1;
          }
          return out;
        };
        std::cerr << "  before:\n" << indent(t.before) << "  after:\n" << indent(t.after);
        continue;
      }
      std::size_t budget = kTraceLines;
      for (std::size_t i = 0; i < hunks.size(); ++i) {
        // Every line counts against the bound, a place's heading too (many small places): the
        // application prints at most its heading, kTraceLines lines and this last one.
        if (budget == 0 || (i > 0 && budget < 2)) {
          std::cerr << fmt::format("    ... {} more changed places (--trace=full prints whole nodes)\n", hunks.size() - i);
          break;
        }
        if (i > 0) {
          std::cerr << fmt::format("  at {}:\n", location(file, hunks[i].span));
          --budget;
        }
        std::string d = diff_lines(hunks[i], budget);
        budget -= std::min<std::size_t>(budget, static_cast<std::size_t>(std::count(d.begin(), d.end(), '\n')));
        std::cerr << d;
      }
    }
}

void print_remarks(const passes::PipelineResult& r, const std::string& file, const std::string& pattern) {
  std::set<std::string> seen;
  for (const auto& p : r.passes)
    for (const auto& m : p.remarks) {
      if (pattern != "*" && fnmatch(pattern.c_str(), m.rule.c_str(), 0) != 0 && m.rule.find(pattern) == std::string::npos)
        continue;
      Diagnostic d = m.to_diagnostic(file);
      if (seen.insert(d.str()).second) print_diagnostic(d);
    }
}

}  // namespace

int cmd_opt(const Options& o) {
  std::string stats = o.stats.empty() && !o.stats_file.empty() ? "text" : o.stats;
  if (!stats.empty() && stats != "text" && stats != "json")
    throw UsageError(fmt::format("--stats={}: the format is text or json", stats));
  if (!o.trace.empty() && o.trace != "short" && o.trace != "full")
    throw UsageError(fmt::format("--trace={}: give --trace (short) or --trace=full", o.trace));  // rev45b 9
  const bool program_on_stdout = o.out.empty() || o.out == "-";
  if (stats == "json" && o.stats_file.empty() && program_on_stdout)
    throw UsageError("--stats=json writes JSON to stdout, where the program goes too: give -o FILE for the program "
                     "or --stats-file FILE for the statistics");
  passes::PassContext ctx = make_context(o);
  std::vector<passes::Pass> pipeline = make_pipeline(o.passes_spec, o.print_after_all);

  auto prog = load(o.file);
  if (!prog) return kFailed;
  const std::string file = display_name(prog->source_file);
  // Verification is on by default, as in mlir-opt: the input as the first pass reads it (a pass that
  // needs SSA refuses hand-written non-SSA text itself, naming convert-to-ssa; convert-to-ssa and
  // `default` read it as Python does), and the output.
  if (!o.no_verify && !pipeline.empty()) {
    if (!pipeline.front().properties.accepts_text)
      if (auto refused = passes::text_input_error(*prog, pipeline.front().name)) {
        print_diagnostics({*refused});
        return kFailed;
      }
    Diagnostics ds = passes::verify_source(*prog);
    print_diagnostics(ds);
    if (has_errors(ds)) {
      error("the input does not verify (--no-verify skips this check)");
      return kFailed;
    }
  }
  passes::PassManagerOptions pm_opts;
  pm_opts.verify_each = o.verify_each;
  pm_opts.check_properties = !o.no_verify;  // required properties on each input, produced ones on each output
  pm_opts.verifier = [skip_input = std::make_shared<bool>(true)](const ir::Program& p) {
    if (std::exchange(*skip_input, false)) return Diagnostics{};  // checked above, as the first pass reads it
    return ir::verify(p);
  };
  pm_opts.print_after_all = o.print_after_all;
  pm_opts.printer = [](std::string_view pass, const ir::Program& p) {
    std::cerr << "# ---- after " << pass << " ----\n" << text::print_program(p) << std::flush;
  };
  pm_opts.driver.max_iterations = o.max_iterations;
  pm_opts.driver.check = o.check_mode;
  pm_opts.driver.remarks = !o.remarks.empty();
  pm_opts.driver.trace = !o.trace.empty();
  pm_opts.driver.trace_nodes = true;  // locations and narrowed diffs
  pm_opts.driver.trace_text = o.trace == "full";
  if (o.trace == "full") {  // the DSL printer, not the driver's brief rendering
    pm_opts.driver.text.expr = [](const ir::Expr& e) { return text::print_expr(e); };
    pm_opts.driver.text.stmt = [](const ir::Stmt& s) { return text::print_stmt(s); };
    pm_opts.driver.text.function = [](const ir::Function& f) { return text::print_function(f); };
  }
  passes::PassManager pm(pm_opts);
  for (auto& p : pipeline) pm.add(std::move(p));
  auto r = pm.run(prog, ctx);
  if (!o.trace.empty()) print_trace(r, file, o.trace == "full");
  if (!o.remarks.empty()) print_remarks(r, file, o.remarks);
  print_diagnostics(r.diagnostics);
  const std::string stats_text = stats.empty() ? "" : stats == "json" ? rewrite::to_json(r).dump(2) + "\n" : rule_table_text(r);
  auto finish = [&](int rc) {
    if (stats.empty()) return rc;
    if (!o.stats_file.empty()) return std::max(rc, write_output(stats_text, o.stats_file));
    std::cout << stats_text << std::flush;
    return rc;
  };
  if (!r.ok) return finish(kFailed);
  if (!o.no_verify && !o.verify_each) {
    auto ds = ir::verify(*r.program);
    if (has_errors(ds)) {
      print_diagnostics(ds);
      error("the output of the pipeline does not verify");
      return finish(kFailed);
    }
  }
  int rc = write_program(*r.program, o.out);
  return finish(rc);
}

}  // namespace ptorw::cli
