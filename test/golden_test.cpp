// The golden runner: every `test/golden/<pass>/<case>.before.py` is run through its pipeline and
// compared structurally with the hand-written `<case>.after.py` (see test/golden/README.md).
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <memory>
#include <type_traits>
#include <vector>
#include <filesystem>
#include <fstream>
#include <cstdio>
#include <sstream>
#include <utility>

#include "ptorw/passes/registry.hpp"  // passes come from test/support/all_passes.cpp
#include "ptorw/ptorw.hpp"

// When the interpreter is in the tree, it judges every rewrite (issue 3 acceptance).
#if __has_include("ptorw/interp/diffcheck.hpp")
#include "ptorw/interp/diffcheck.hpp"
#define PTORW_GOLDEN_DIFFCHECK 1
#else
#define PTORW_GOLDEN_DIFFCHECK 0
#endif

namespace fs = std::filesystem;
using namespace ptorw;

int ptorw_failed_asserts_in_current_test();  // test/doctest_main.cpp

namespace ut_golden_test {  // one namespace per file: the suite builds as one unity TU

namespace {

/// Counts golden cases as passed or failed (a case fails when any of its checks failed) and prints
/// `[golden] cases: N | P passed | F failed | 0 skipped` after the last one, so that the test
/// summary counts every golden rather than the one doctest test case that runs them all. Doctest
/// re-enters the test case once per SUBCASE; each case is tallied in the run that executes it.
class CaseTally {
 public:
  inline static void (*on_last)() = nullptr;
  CaseTally(std::string name, bool last) : name_(std::move(name)), last_(last), failed_before_(failed_now()) {}
  ~CaseTally() {  // also runs when a REQUIRE unwinds the case
    (failed_now() > failed_before_ ? failed() : passed())++;
    if (last_) {
      std::printf("[golden] cases: %d | %d passed | %d failed | 0 skipped\n", passed() + failed(), passed(), failed());
      if (on_last) on_last();
    }
  }

 private:
  static int failed_now() { return ptorw_failed_asserts_in_current_test(); }
  static int& passed() {
    static int n = 0;
    return n;
  }
  static int& failed() {
    static int n = 0;
    return n;
  }
  std::string name_;
  bool last_;
  int failed_before_;
};

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// `# key: value` lines of the leading comment block.
std::string header_value(const std::string& src, const std::string& key) {
  std::istringstream in(src);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("#", 0) != 0) break;
    std::string prefix = "# " + key + ":";
    if (line.rfind(prefix, 0) == 0) {
      std::string v = line.substr(prefix.size());
      while (!v.empty() && v.front() == ' ') v.erase(v.begin());
      return v;
    }
  }
  return {};
}

/// Every `# key: value` line of the leading comment block, in order (expect-remark and
/// expect-warning may be given more than once).
std::vector<std::string> header_values(const std::string& src, const std::string& key) {
  std::istringstream in(src);
  std::string line;
  std::vector<std::string> out;
  const std::string prefix = "# " + key + ":";
  while (std::getline(in, line)) {
    if (line.rfind("#", 0) != 0) break;
    if (line.rfind(prefix, 0) != 0) continue;
    std::string v = line.substr(prefix.size());
    while (!v.empty() && v.front() == ' ') v.erase(v.begin());
    out.push_back(std::move(v));
  }
  return out;
}

ir::ProgramPtr parse(const fs::path& p) {
  auto r = text::parse_program(read(p), p.string());
  for (const auto& d : r.errors) FAIL_CHECK(d.str());
  return r.program;
}

/// Pipelines that start by converting to SSA may take non-SSA input (`# verify-input: no`).
bool starts_with_ssa_conversion(const std::string& spec) {
  return spec.rfind("convert-to-ssa", 0) == 0 || spec.rfind("default", 0) == 0;
}

/// `# opt: key=value[, key=value]`: options of the PassContext the pipeline runs in.
passes::PassContext context_of(const std::string& opts) {
  passes::PassContext ctx;
  std::istringstream in(opts);
  std::string item;
  while (std::getline(in, item, ',')) {
    while (!item.empty() && item.front() == ' ') item.erase(item.begin());
    while (!item.empty() && item.back() == ' ') item.pop_back();
    if (item.empty()) continue;
    auto eq = item.find('=');
    REQUIRE_MESSAGE(eq != std::string::npos, "# opt: expects key=value, got '" << item << "'");
    std::string err = ctx.set(item.substr(0, eq), item.substr(eq + 1));
    REQUIRE_MESSAGE(err.empty(), err);
  }
  return ctx;
}

passes::PipelineResult run_pipeline(const std::string& spec, const ir::ProgramPtr& prog, bool verify_input = true,
                                    const passes::PassContext& ctx = {}, bool check = true,
                                    analysis::AnalysisCache* analyses = nullptr, bool remarks = false) {
  auto pipeline = passes::parse_pipeline(spec);
  REQUIRE_MESSAGE(pipeline.error.empty(), pipeline.error);
  passes::PassManagerOptions o;
  o.verify_each = true;
  o.check_properties = true;  // every pass's required properties on its input, produced ones on its output
  // The manager verifies its input first; a skipped input check still verifies every pass's output.
  o.verifier = [skip = std::make_shared<bool>(!verify_input)](const ir::Program& p) {
    if (std::exchange(*skip, false)) return Diagnostics{};
    return ir::verify(p);
  };
  o.driver.check = check;
  o.driver.analyses = analyses;  // null: each pass run keeps its own
  o.driver.remarks = remarks;
  passes::PassManager pm(o);
  for (auto& p : pipeline.passes) pm.add(std::move(p));
  return pm.run(prog, ctx);
}

/// The same program with every InCore-type function made Opaque: no pattern may apply.
ir::ProgramPtr without_incore(const ir::Program& p) {
  auto q = std::make_shared<ir::Program>(p);
  for (auto& f : q->functions)
    if (ir::is_incore_like(f->type)) f = ir::with_function(*f, [](ir::Function& g) { g.type = ir::FunctionType::Opaque; });
  return q;
}

void check_equal(const ir::Program& got, const ir::Program& want, const std::string& what) {
  auto eq = visit::structural_equal(got, want);
  CHECK_MESSAGE(eq.equal, what << ": " << eq.report() << "\n--- got:\n" << text::print_program(got));
}

#if PTORW_GOLDEN_DIFFCHECK
/// Runs use the memory capacities of the case's target (`# opt: target=a5`), as the planner did.
interp::DiffOptions diff_options(const passes::PassContext& ctx) {
  interp::DiffOptions o;
  o.run.target = std::string(ctx.get("target").value_or("a2a3"));
  return o;
}

bool has_buffer_stage(const ir::Program& p) {
  for (const auto& f : p.functions)
    if (f->stage == ir::Stage::Buffer) return true;
  return false;
}

/// Totals of the stage checks, printed after the last golden (numbers for bench/README.md).
struct StageTally {
  int checked = 0, lowered_leg = 0, not_judged = 0;
  double total_ms = 0, max_ms = 0;
};
StageTally& stage_tally() {
  static StageTally t;
  return t;
}

/// Goldens that involve planned storage (a planned Tile or Buffer IR function before or after the
/// pipeline) are judged across stages on random inputs: the input in value mode (what the kernel
/// meant before planning), the input in buffer mode when it is planned, the output in buffer mode,
/// and — when the output is planned Tile without Buffer IR — the output lowered with
/// select-buffer-ir,lower-tile-to-buffer (when that pipeline accepts it). Every leg must compute
/// what the first computed (docs/semantics.md "Buffer mode"). Programs without `main` run each
/// kernel directly.
void stage_check(const std::string& case_name, const ir::ProgramPtr& before, const ir::ProgramPtr& after,
                 const passes::PassContext& ctx, bool input_may_fail) {
  const bool planned_before = interp::has_buffer_mode_function(*before);
  if (!planned_before && !interp::has_buffer_mode_function(*after)) return;
  auto t0 = std::chrono::steady_clock::now();
  std::vector<interp::Leg> legs{{"Tile (value mode)", before.get(), interp::ModePolicy::Value}};
  if (planned_before) legs.push_back({"input (buffer mode)", before.get(), interp::ModePolicy::Auto});
  if (after.get() != before.get()) legs.push_back({"output (buffer mode)", after.get(), interp::ModePolicy::Auto});
  passes::PipelineResult lowered;
  if (!has_buffer_stage(*after)) {
    lowered = run_pipeline("select-buffer-ir,lower-tile-to-buffer", after, true, ctx);
    bool clean = lowered.program && has_buffer_stage(*lowered.program);
    for (const auto& d : lowered.diagnostics) clean = clean && d.severity != Severity::Error;
    if (clean) {
      legs.push_back({"output lowered to Buffer IR (buffer mode)", lowered.program.get(), interp::ModePolicy::Auto});
      ++stage_tally().lowered_leg;
    }
  }
  auto d = interp::diffcheck_legs(legs, diff_options(ctx));
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  auto& t = stage_tally();
  ++t.checked;
  t.total_ms += ms;
  t.max_ms = std::max(t.max_ms, ms);
  if (d.status == interp::DiffStatus::BeforeFailed) {
    ++t.not_judged;
    if (input_may_fail) MESSAGE(case_name << ": not stage-checked: " << d.str());
    else FAIL_CHECK(case_name << ": the input does not run, so nothing is stage-checked (a case whose input may "
                                 "fail says why: '# input-may-fail: ...'): " << d.str());
    return;
  }
  CHECK_MESSAGE(d.ok(), case_name << ": stage check (" << legs.size() << " legs): " << d.str()
                                  << (d.message.empty() ? "" : "\n" + d.message));
}
#endif

}  // namespace

TEST_CASE("golden cases") {
  const char* root_env = std::getenv("PTORW_SOURCE_ROOT");
  fs::path root = fs::path(root_env ? root_env : ".") / "test" / "golden";
  REQUIRE(fs::exists(root));
#if PTORW_GOLDEN_DIFFCHECK
  CaseTally::on_last = [] {
    const auto& t = stage_tally();
    std::printf("[golden] stage checks (Tile value vs planned buffer vs Buffer IR): %d goldens, %d with a lowered "
                "Buffer IR leg, %d not judged; %.1f ms total, %.2f ms mean, %.2f ms max\n",
                t.checked, t.lowered_leg, t.not_judged, t.total_ms, t.checked ? t.total_ms / t.checked : 0.0, t.max_ms);
  };
#endif
  std::vector<fs::path> befores;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    std::string name = e.path().filename().string();
    if (name.size() > 10 && name.substr(name.size() - 10) == ".before.py") befores.push_back(e.path());
  }
  std::sort(befores.begin(), befores.end());
  for (const auto& before_path : befores) {
    std::string name = before_path.filename().string();
    std::string stem = name.substr(0, name.size() - 10);
    std::string case_name = before_path.parent_path().filename().string() + "/" + stem;
    SUBCASE(case_name.c_str()) {
      CaseTally tally(case_name, &before_path == &befores.back());
      std::string src = read(before_path);
      CHECK_MESSAGE(!header_value(src, "rule").empty(), case_name << " must name its spec rule (# rule: ...)");
      std::string spec = header_value(src, "passes");
      if (spec.empty()) spec = before_path.parent_path().filename().string();
      std::string expect_error = header_value(src, "expect-error");
      bool unchanged = header_value(src, "expect") == "unchanged" || !expect_error.empty();
      fs::path after_path = before_path.parent_path() / (stem + ".after.py");
      CHECK_MESSAGE(unchanged != fs::exists(after_path), case_name << ": exactly one of '# expect: unchanged' (or "
                                                                   << "'# expect-error: ...') and " << stem << ".after.py");
      auto before = parse(before_path);
      REQUIRE(before);
      passes::PassContext ctx = context_of(header_value(src, "opt"));
      if (!expect_error.empty()) {
        // A refusal: the pipeline reports an error naming the reason and keeps the input. A non-SSA
        // input (`# verify-input: no`, convert-to-ssa first) is refused by that pass, not the verifier.
        const bool verify_input = header_value(src, "verify-input") != "no" || !starts_with_ssa_conversion(spec);
        auto r = run_pipeline(spec, before, verify_input, ctx);
        bool found = false;
        std::string all;
        for (const auto& d : r.diagnostics) {
          all += d.str() + "\n";
          found |= d.severity == Severity::Error && d.str().find(expect_error) != std::string::npos;
        }
        CHECK_MESSAGE(found, case_name << ": expected an error containing '" << expect_error << "', got:\n" << all);
        REQUIRE(r.program);
        // Fail-closed: the pipeline returns the input of the pass that failed (the last one run),
        // i.e. the input itself for a one-pass pipeline, else what the passes before it produced.
        std::string prefix;
        std::size_t failed_at = r.passes.empty() ? 0 : r.passes.size() - 1;
        {
          std::istringstream names(spec);
          std::string n;
          for (std::size_t k = 0; k < failed_at && std::getline(names, n, ','); ++k) prefix += (k ? "," : "") + n;
        }
        ir::ProgramPtr failing_input = prefix.empty() ? before : run_pipeline(prefix, before, verify_input, ctx).program;
        REQUIRE(failing_input);
        check_equal(*r.program, *failing_input, case_name + " (fail-closed: the failing pass's input returned)");
        check_equal(*before, *parse(before_path), case_name + " (input untouched)");
      } else {
      ir::ProgramPtr expected = unchanged ? parse(before_path) : parse(after_path);
      REQUIRE(expected);

      bool verify_input = header_value(src, "verify-input") != "no";
      CHECK_MESSAGE((verify_input || starts_with_ssa_conversion(spec)),
                    case_name << ": '# verify-input: no' is only for pipelines starting with convert-to-ssa");
      const std::vector<std::string> expect_remarks = header_values(src, "expect-remark");
      auto r = run_pipeline(spec, before, verify_input || !starts_with_ssa_conversion(spec), ctx, true, nullptr,
                            !expect_remarks.empty());
      for (const auto& d : r.diagnostics) CHECK_MESSAGE(d.severity != Severity::Error, case_name << ": " << d.str());
      REQUIRE(r.program);
      if (!expect_remarks.empty()) {
        // A stays-baseline case names why: some pass's remark holds each of these texts (a
        // kept-Tile kernel kept for another reason would pass the structural check alone).
        std::string all;
        for (const auto& rec : r.passes)
          for (const auto& m : rec.remarks) all += m.rule + ": " + m.reason + "\n";
        for (const auto& want : expect_remarks) {
          bool found = false;
          for (const auto& rec : r.passes)
            for (const auto& m : rec.remarks) found |= (m.rule + ": " + m.reason).find(want) != std::string::npos;
          CHECK_MESSAGE(found, case_name << ": expected a remark containing '" << want << "', got:\n" << all);
        }
      }
      {
        // A case whose outcome the user must be told about even without --remarks names it; any
        // other warning is unexpected (review rev11 L7: a spurious warning must not go unnoticed).
        // Each `# expect-warning:` line names one warning, and each warning must be named.
        const std::vector<std::string> expect_warnings = header_values(src, "expect-warning");
        std::string all, unnamed;
        std::vector<bool> found(expect_warnings.size(), false);
        for (const auto& d : r.diagnostics) {
          if (d.severity != Severity::Warning) continue;
          all += d.str() + "\n";
          bool named = false;
          for (std::size_t i = 0; i < expect_warnings.size(); ++i)
            if (d.str().find(expect_warnings[i]) != std::string::npos) named = found[i] = true;
          if (!named) unnamed += d.str() + "\n";
        }
        for (std::size_t i = 0; i < expect_warnings.size(); ++i)
          CHECK_MESSAGE(found[i], case_name << ": expected a warning containing '" << expect_warnings[i] << "', got:\n" << all);
        CHECK_MESSAGE(unnamed.empty(), case_name << ": unexpected warnings (name them with '# expect-warning: ...'):\n" << unnamed);
      }
      check_equal(*r.program, *expected, case_name);
      // The input is never mutated.
      check_equal(*before, *parse(before_path), case_name + " (input untouched)");
      // Idempotence: once more changes nothing.
      auto again = run_pipeline(spec, r.program, true, ctx);
      REQUIRE(again.program);
      check_equal(*again.program, *r.program, case_name + " (idempotence)");
      if (spec.find("optimize-orch-tensors") != std::string::npos && spec.find(',') == std::string::npos) {
        auto opaque = without_incore(*before);
        auto o = run_pipeline(spec, opaque, true, ctx);
        REQUIRE(o.program);
        check_equal(*o.program, *opaque, case_name + " (no InCore functions: unchanged)");
      }
#if PTORW_GOLDEN_DIFFCHECK
      // Same outputs before (read as written: hand-written non-SSA input by names) and after (read
      // by nodes, and printed and parsed back) on random inputs: `main`, or each kernel run
      // directly. An input the interpreter cannot run fails the case — it would judge nothing —
      // unless the case says why it may (`# input-may-fail: <why>`; review rev14 M1: two inputs
      // had stopped running and the runner only noted it).
      const bool may_fail = !header_value(src, "input-may-fail").empty();
      if (!unchanged) {
        auto d = interp::diffcheck_output(*before, r.program, diff_options(ctx));
        if (d.status == interp::DiffStatus::BeforeFailed && may_fail) MESSAGE(case_name << ": not diffchecked: " << d.str());
        else if (d.status == interp::DiffStatus::BeforeFailed)
          FAIL_CHECK(case_name << ": the input does not run, so nothing is diffchecked (a case whose input may fail "
                                  "says why: '# input-may-fail: ...'): " << d.str());
        else CHECK_MESSAGE(d.ok(), case_name << ": " << d.str());
      }
      if (header_value(src, "verify-input") != "no") stage_check(case_name, before, r.program, ctx, may_fail);
#endif
      }
    }
  }
}

// Issue 16: "no pattern applies the same analysis twice per pass run". The whole-program rules
// (the five OptimizeOrchTensors patterns, convert-to-ssa, outline-incore-scopes) declare
// themselves complete (rewrite/rule.hpp): each is tried exactly once per pass run on every golden
// (outside checking mode, which re-tries them to test the claim — the golden cases above run in
// it), whether it applies or declines.
/// One golden run outside checking mode (`check` off: complete rules are then asked once).
struct GoldenRun {
  fs::path path;
  passes::PipelineResult result;
};

/// Runs every golden that has an outcome (not `expect-error`) through its pipeline. With
/// `make_cache`, each golden's pipeline uses the cache it returns for all of its passes.
template <class MakeCache = std::nullptr_t>
std::vector<GoldenRun> run_goldens(MakeCache make_cache = nullptr) {
  const char* root_env = std::getenv("PTORW_SOURCE_ROOT");
  fs::path root = fs::path(root_env ? root_env : ".") / "test" / "golden";
  std::vector<GoldenRun> runs;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    std::string name = e.path().filename().string();
    if (name.size() <= 10 || name.substr(name.size() - 10) != ".before.py") continue;
    std::string src = read(e.path());
    if (!header_value(src, "expect-error").empty()) continue;
    std::string spec = header_value(src, "passes");
    if (spec.empty()) spec = e.path().parent_path().filename().string();
    auto before = parse(e.path());
    REQUIRE(before);
    const bool verify_input = header_value(src, "verify-input") != "no";
    analysis::AnalysisCache* cache = nullptr;
    if constexpr (!std::is_same_v<MakeCache, std::nullptr_t>) cache = make_cache(e.path());
    runs.push_back({e.path(), run_pipeline(spec, before, verify_input, context_of(header_value(src, "opt")),
                                           /*check=*/false, cache)});
  }
  return runs;
}

TEST_CASE("default is idempotent on every golden input it accepts, but for the known gaps listed") {
  // "Passes are idempotent": a second run of `default` over its own output changes nothing. Each
  // golden's own pipeline is checked for it by "golden cases"; here every input (whatever its
  // directory) goes through `default`. The former gaps — OptimizeOrchTensors outputs leaving work
  // for the next run's simplify (dead local definitions in a __windowed clone, a projection copy
  // `v_b = v_a`, a composed call-site offset, a removed create's computed shape) — are closed by the
  // pass simplifying the functions its rewrites mark untidy (goldens: p5_offset_local_scalar_*,
  // p5_tuple_variable_projections, default/p1_computed_create_shape_tidied, default/p5_composed_offset_folded).
  // A new gap must be listed here, with its reason in docs/architecture.md; a listed gap that
  // closes must be taken off.
  static const std::set<std::string> known = {};
  const char* root_env = std::getenv("PTORW_SOURCE_ROOT");
  const fs::path root = fs::path(root_env ? root_env : ".") / "test" / "golden";
  int checked = 0;
  std::set<std::string> still;
  for (const auto& e : fs::recursive_directory_iterator(root)) {
    std::string name = e.path().filename().string();
    if (name.size() <= 10 || name.substr(name.size() - 10) != ".before.py") continue;
    const std::string src = read(e.path());
    if (!header_value(src, "expect-error").empty()) continue;
    auto parsed = text::parse_program(src, e.path().string());
    if (!parsed.ok()) continue;
    auto once = run_pipeline("default", parsed.program, false, context_of(header_value(src, "opt")), false);
    if (!once.ok || !once.program) continue;  // default refuses it (a Buffer-stage input, tile code in main ...)
    auto twice = run_pipeline("default", once.program, true, context_of(header_value(src, "opt")), false);
    REQUIRE_MESSAGE(twice.ok, e.path().string() << ": default fails on its own output");
    ++checked;
    const std::string stem = name.substr(0, name.size() - 10);
    auto eq = visit::structural_equal(*twice.program, *once.program);
    if (!eq.equal) {
      still.insert(stem);
      CHECK_MESSAGE(known.count(stem), e.path().string() << ": default is not idempotent: " << eq.report());
    }
  }
  for (const auto& k : known) CHECK_MESSAGE(still.count(k), k << " is idempotent now: take it off the known gaps");
  CHECK(checked > 300);
}

TEST_CASE("whole-program rules analyse each golden once per pass run") {
  const std::vector<std::string_view> once = {"convert_to_ssa",   "outline_incore_scopes", "iter_arg_reuse",
                                              "assemble_parent_strides", "slice_input_strides",
                                              "out_window_externalizer"};
  std::map<std::string, std::uint64_t> applied;
  int cases = 0;
  for (const auto& [path, r] : run_goldens()) {
    ++cases;
    for (const auto& rec : r.passes)
      for (const auto& st : rec.stats) {
        if (std::find(once.begin(), once.end(), st.name) == once.end()) continue;
        CHECK_MESSAGE(st.tried == 1, path.string() << ": pass " << rec.name << ", rule " << st.name << " tried "
                                                   << st.tried << " times");
        CHECK(st.matched == st.applied);
        applied[std::string(st.name)] += st.applied;
      }
  }
  CHECK(cases > 50);
  // Not vacuous: each of these rules applies on some golden (and was then not asked again).
  for (auto n : once) CHECK_MESSAGE(applied[std::string(n)] > 0, n << " never applied on the goldens");
}

// Issue 16, the analysis layer (ptorw/analysis/cache.hpp): every analysis a pattern asks for —
// call-site index, function calls, function facts, caller values, parameter memory, ... — is
// computed at most once per IR version in a pass run: no computation repeats one of a version that
// is still alive. The statistics are printed per rule (tried / matched / applied) and per analysis
// (requested / computed), summed over the goldens.
TEST_CASE("each analysis is computed once per IR version in a pass run, on every golden") {
  struct Rule {
    std::uint64_t tried = 0, matched = 0, applied = 0;
  };
  std::map<std::string, Rule> rules;
  std::map<std::string, analysis::AnalysisStats> analyses;
  for (const auto& [path, r] : run_goldens()) {
    for (const auto& rec : r.passes) {
      for (const auto& st : rec.stats) {
        Rule& t = rules[rec.name + " / " + std::string(st.name)];
        t.tried += st.tried;
        t.matched += st.matched;
        t.applied += st.applied;
      }
      for (const auto& a : rec.analyses) {
        CHECK_MESSAGE(a.repeats == 0, path.string() << ": pass " << rec.name << " computed analysis " << a.name << " "
                                                    << a.repeats << " times more than once for the same version");
        CHECK(a.computed <= a.requested);
        auto& t = analyses[std::string(a.name)];
        t.requested += a.requested;
        t.computed += a.computed;
        t.repeats += a.repeats;
      }
    }
  }
  std::ostringstream table;
  table << "per rule over the goldens (tried / matched / applied):\n";
  for (const auto& [name, t] : rules)
    if (t.tried) table << "  " << name << ": " << t.tried << " / " << t.matched << " / " << t.applied << "\n";
  table << "per analysis over the goldens (requested / computed / repeats):\n";
  for (const auto& [name, t] : analyses)
    table << "  " << name << ": " << t.requested << " / " << t.computed << " / " << t.repeats << "\n";
  MESSAGE(table.str());
  // Not vacuous: the patterns ask the layer, and the cache answers some requests without computing.
  for (const char* n : {"call_site_index", "function_calls", "function_facts", "orch_call_scan", "caller_values",
                        "function_assembles", "param_memory", "out_param_returns", "window_candidate"})
    CHECK_MESSAGE(analyses[n].computed > 0, n << " was never computed on the goldens");
  std::uint64_t requested = 0, computed = 0;
  for (const auto& [name, t] : analyses) requested += t.requested, computed += t.computed;
  CHECK(requested > computed);
}

// The check above is not vacuous: with a cache that computes every request (the mutation "caching
// broken"), the same goldens show repeated computations — and the same outputs, so caching changes
// no outcome.
TEST_CASE("a cache that does not cache is caught by the repeat count, and changes no output") {
  std::vector<std::unique_ptr<analysis::AnalysisCache>> caches;
  auto uncached = run_goldens([&](const fs::path&) {
    caches.push_back(std::make_unique<analysis::AnalysisCache>());
    caches.back()->set_enabled(false);
    return caches.back().get();
  });
  auto cached = run_goldens();
  REQUIRE(uncached.size() == cached.size());
  std::uint64_t repeats = 0;
  for (const auto& c : caches)
    for (const auto& a : c->stats()) repeats += a.repeats;
  CHECK(repeats > 0);
  for (std::size_t i = 0; i < cached.size(); ++i) {
    REQUIRE(cached[i].path == uncached[i].path);
    const auto& a = cached[i].result.program;
    const auto& b = uncached[i].result.program;
    CHECK_MESSAGE(cached[i].result.ok == uncached[i].result.ok, cached[i].path.string());
    if (a && b) CHECK_MESSAGE(visit::structural_equal(*a, *b).equal, cached[i].path.string());
  }
}
}  // namespace ut_golden_test
