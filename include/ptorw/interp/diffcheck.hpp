// Differential checking: the interpreter as the judge of rewrites (docs/semantics.md
// "diffcheck"). A rewrite is accepted when, for every seed, the program after it produces the
// same outputs as the program before it — where `before` had poison, `after` may hold anything.
//
//   DiffReport r = diffcheck(*before, *after);                 // two programs, each read as written
//   DiffReport r = diffcheck_output(*before, pass_output);     // what a pass produced
//   DiffReport r = diffcheck_pipeline(*input, steps);          // each step judged on its own
//   DiffReport r = diffcheck_legs({{"Tile (value)", &p, ModePolicy::Value},
//                                  {"planned Tile (buffer)", &p, ModePolicy::Auto}, ...});
//
// Programs run with run_program: `main` (DiffOptions::entry), or every kernel directly when a
// program has no `main` (lowering goldens). Each function runs in the mode it needs (modes.hpp).
//   if (!r.ok()) std::cerr << r.str() << "\n";
//
// A step is a name and a callable Program -> ProgramPtr; pass_steps.hpp adapts registered
// passes (`--passes=a,b`) to steps.
#pragma once
#include "ptorw/entry.hpp"
#include <exception>
#include <fmt/format.h>  // fmt::join
#include <functional>
#include <string>
#include <vector>

#include "ptorw/interp/digest.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"

namespace ptorw::interp {

struct DiffOptions {
  std::string entry = "main";
  std::vector<std::uint64_t> seeds{1, 2, 3};
  RunOptions run;  // `run.seed` is replaced by each seed in turn
  CompareOptions compare;
};

enum class DiffStatus : std::uint8_t {
  Equal,         // every step preserved the outputs on every seed
  Different,     // a step changed an output (or made a working program fail)
  BeforeFailed,  // the input program itself fails: nothing can be judged
  StepFailed,    // a step threw or returned no program
};

struct DiffReport {
  DiffStatus status = DiffStatus::Equal;
  std::string stage;            // the step that is blamed ("after" for two-program checks)
  std::string leg;              // how its output was read: "read by nodes", "printed and parsed back" (pipelines)
  std::size_t stage_index = 0;  // its position in the pipeline
  std::uint64_t seed = 0;
  std::optional<Difference> diff;
  std::string message;          // the failing run's or step's error
  std::size_t runs = 0;         // interpreter runs performed
  /// What was run and compared, one line per program judged (diffcheck_pipeline), e.g.
  /// "'simplify': output read by nodes and printed and parsed back, 3 seeds each: equal to its input".
  std::vector<std::string> log;

  bool ok() const { return status == DiffStatus::Equal; }
  std::string str() const {
    switch (status) {
      case DiffStatus::Equal: return fmt::format("diffcheck: equal ({} runs)", runs);
      case DiffStatus::Different:
        return fmt::format("diffcheck: '{}'{} changes the result (seed {}): {}", stage, leg.empty() ? "" : " (" + leg + ")",
                           seed, diff->str());
      case DiffStatus::BeforeFailed:
        if (seed == 0)  // no run: the input was refused before (it does not verify)
          return fmt::format("diffcheck: the input program fails, nothing to judge:\n{}", message);
        return fmt::format("diffcheck: the input program fails (seed {}), nothing to judge:\n{}", seed, message);
      case DiffStatus::StepFailed:
        return "diffcheck: '" + stage + "'" + (leg.empty() ? "" : " (" + leg + ")") + " failed: " + message;
    }
    return {};
  }
};

struct PassStep {
  std::string name;
  std::function<ir::ProgramPtr(const ir::Program&)> run;
};

namespace detail {
inline RunOptions with_seed(RunOptions o, std::uint64_t seed) {
  o.seed = seed;
  return o;
}
/// Runs `p` on every seed; fills `rep` and returns false when one run fails.
inline bool run_all(const ir::Program& p, const DiffOptions& o, std::vector<RunResult>& out, DiffReport& rep) {
  out.clear();
  for (auto seed : o.seeds) {
    out.push_back(run_program(p, o.entry, with_seed(o.run, seed)));
    ++rep.runs;
    if (!out.back().ok()) {
      rep.status = DiffStatus::BeforeFailed;
      rep.seed = seed;
      rep.message = out.back().error->str();
      return false;
    }
  }
  return true;
}
}  // namespace detail

/// Whether some function of `p` is read by names (hand-written non-SSA text).
inline bool reads_names(const ir::Program& p) {
  for (const auto& f : p.functions)
    if (f && f->names == ir::NameBinding::Text) return true;
  return false;
}

namespace detail {
/// `p` printed and parsed back, or the parse error.
inline ir::ProgramPtr reparsed(const ir::Program& p, std::string& error) {
  text::ParseResult r = text::parse_program(text::print_program(p), p.source_file.empty() ? "<printed>" : p.source_file);
  if (!r.ok()) {
    error = r.errors.empty() ? "the printed program does not parse" : r.errors.front().str();
    return nullptr;
  }
  return r.program;
}
}  // namespace detail

/// Judges each step of a pipeline against its own input, in order; stops at the first step that
/// changes an output or fails. The input is read as written (a hand-written non-SSA function by
/// names, docs/semantics.md "Names"); each step's output is judged twice (issue 14): read by its
/// definition nodes — what a pass's IR means — and printed and parsed back, which is what the
/// next tool reads. Either differing from the input blames the step (`stage`); `leg` says which
/// reading ("read by nodes" / "printed and parsed back"). Steps that return their input
/// unchanged (same pointer) are not re-run unless the input has functions read by names (then the
/// unchanged program must also mean the same read by nodes).
PTORW_ENTRY DiffReport diffcheck_pipeline(const ir::Program& input, const std::vector<PassStep>& steps, const DiffOptions& opts = {})
#if PTORW_ENTRY_BODIES
{
  DiffReport rep;
  std::vector<RunResult> prev;
  const std::string seed_list = fmt::format("{}", fmt::join(opts.seeds, ", "));
  const std::string seeds_text = counted(opts.seeds.size(), "seed");
  if (!detail::run_all(input, opts, prev, rep)) return rep;
  rep.log.push_back(fmt::format("input: run on {} ({}): {}", seeds_text, seed_list, counted(opts.seeds.size(), "run")));
  const ir::Program* cur = &input;
  ir::ProgramPtr hold;
  RunOptions by_nodes = opts.run;
  by_nodes.eval.names = NameMode::Nodes;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    const PassStep& step = steps[i];
    ir::ProgramPtr next;
    try {
      next = step.run(*cur);
    } catch (const std::exception& e) {
      rep.status = DiffStatus::StepFailed;
      rep.message = e.what();
    }
    if (!next && rep.status == DiffStatus::Equal) {
      rep.status = DiffStatus::StepFailed;
      rep.message = "the step returned no program";
    }
    if (rep.status != DiffStatus::Equal) {
      rep.stage = step.name;
      rep.stage_index = i;
      return rep;
    }
    if (next.get() == cur && !reads_names(*cur)) {
      rep.log.push_back("'" + step.name + "': returned its input unchanged: not run again");
      continue;
    }
    std::string parse_error;
    ir::ProgramPtr printed = detail::reparsed(*next, parse_error);
    if (!printed) {
      rep.status = DiffStatus::StepFailed;
      rep.stage = step.name;
      rep.leg = "printed and parsed back";
      rep.stage_index = i;
      rep.message = parse_error;
      return rep;
    }
    // Both legs of this step against the step's input, on every seed.
    std::vector<RunResult> now;
    for (std::size_t s = 0; s < opts.seeds.size(); ++s) {
      struct LegRun {
        const ir::Program* program;
        const RunOptions* options;
        const char* what;
      };
      RunOptions as_text = opts.run;
      for (const LegRun& leg : {LegRun{next.get(), &by_nodes, "read by nodes"},
                                LegRun{printed.get(), &as_text, "printed and parsed back"}}) {
        RunResult r = run_program(*leg.program, opts.entry, detail::with_seed(*leg.options, opts.seeds[s]));
        ++rep.runs;
        if (auto d = compare(prev[s], r, opts.compare)) {
          rep.status = DiffStatus::Different;
          rep.stage = step.name;
          rep.leg = leg.what;
          rep.stage_index = i;
          rep.seed = opts.seeds[s];
          rep.diff = std::move(d);
          if (!r.ok()) rep.message = r.error->str();
          return rep;
        }
        if (leg.options == &by_nodes) now.push_back(std::move(r));
      }
    }
    rep.log.push_back(fmt::format("'{}': output read by nodes and printed and parsed back, each on {}: {} runs, equal to its input",
                                  step.name, seeds_text, 2 * opts.seeds.size()));
    prev = std::move(now);
    // A step that returned its input (re-run above because it is read by names) may hand back a
    // non-owning pointer to it (interp/pass_steps.hpp does): `hold` keeps owning that input, or
    // the next step would read a freed program.
    if (next.get() != cur) {
      hold = std::move(next);
      cur = hold.get();
    }
  }
  return rep;
}
#else
;
#endif

/// Judges one rewrite: `after` must match `before` on every seed. Both are read as written (a
/// function the parser marked as read by names, by names); to judge what a pass produced, use
/// diffcheck_pipeline, which also reads its output by nodes and printed back.
PTORW_ENTRY DiffReport diffcheck(const ir::Program& before, const ir::Program& after, const DiffOptions& opts = {})
#if PTORW_ENTRY_BODIES
{
  DiffReport rep;
  std::vector<RunResult> prev;
  if (!detail::run_all(before, opts, prev, rep)) return rep;
  for (std::size_t s = 0; s < opts.seeds.size(); ++s) {
    RunResult r = run_program(after, opts.entry, detail::with_seed(opts.run, opts.seeds[s]));
    ++rep.runs;
    if (auto d = compare(prev[s], r, opts.compare)) {
      rep.status = DiffStatus::Different;
      rep.stage = "after";
      rep.seed = opts.seeds[s];
      rep.diff = std::move(d);
      if (!r.ok()) rep.message = r.error->str();
      return rep;
    }
  }
  return rep;
}
#else
;
#endif

/// Judges what a pass produced from `before`: `after` read by nodes and printed and parsed back,
/// each against `before` read as written (diffcheck_pipeline's rule for one step).
PTORW_ENTRY DiffReport diffcheck_output(const ir::Program& before, const ir::ProgramPtr& after, const DiffOptions& opts = {})
#if PTORW_ENTRY_BODIES
{
  return diffcheck_pipeline(before, {PassStep{"after", [after](const ir::Program&) { return after; }}}, opts);
}
#else
;
#endif

/// One run of a multi-stage comparison: a program and the mode policy it runs under.
struct Leg {
  std::string name;
  const ir::Program* program;
  ModePolicy mode = ModePolicy::Auto;
};

/// Judges every leg against the first (the reference) on every seed: e.g. a kernel before
/// planning in value mode, the planned kernel in buffer mode, and its Buffer IR in buffer mode.
/// The blamed stage is the first leg whose outputs differ or whose run fails.
PTORW_ENTRY DiffReport diffcheck_legs(const std::vector<Leg>& legs, const DiffOptions& opts = {})
#if PTORW_ENTRY_BODIES
{
  DiffReport rep;
  if (legs.empty()) return rep;
  for (auto seed : opts.seeds) {
    RunOptions ro = detail::with_seed(opts.run, seed);
    ro.mode = legs[0].mode;
    RunResult ref = run_program(*legs[0].program, opts.entry, ro);
    ++rep.runs;
    if (!ref.ok()) {
      rep.status = DiffStatus::BeforeFailed;
      rep.stage = legs[0].name;
      rep.seed = seed;
      rep.message = ref.error->str();
      return rep;
    }
    for (std::size_t i = 1; i < legs.size(); ++i) {
      ro.mode = legs[i].mode;
      RunResult now = run_program(*legs[i].program, opts.entry, ro);
      ++rep.runs;
      if (auto d = compare(ref, now, opts.compare)) {
        rep.status = DiffStatus::Different;
        rep.stage = legs[i].name;
        rep.stage_index = i;
        rep.seed = seed;
        rep.diff = std::move(d);
        if (!now.ok()) rep.message = now.error->str();
        return rep;
      }
    }
  }
  return rep;
}
#else
;
#endif

}  // namespace ptorw::interp
