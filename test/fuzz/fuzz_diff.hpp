// Differential fuzzing of the default pipeline: generate a program from a seed (gen_program.hpp for
// SSA text, gen_text_program.hpp for hand-written text that rebinds names; Style picks one or
// alternates), check that it parses, verifies as written (passes::verify_source: Text functions
// through convert-to-ssa) and runs, then judge the `default` pass with interp::diffcheck_pipeline:
// the input read as written against the output read by nodes and printed and parsed back.
// When the pipeline changes a result, the individual passes of the pipeline are judged one by one
// to name the culprit. Shared by the `fuzz_diff` test suite and `bench/fuzz_diff`.
// The passes must be registered: include ptorw/passes/define_all.hpp in one TU, or link the tests'
// all_passes object whole.
//
//   fuzz::FuzzDiff f;                 // throws if the passes are not registered
//   f.set_style(fuzz::Style::Text);   // hand-written programs (default: SSA)
//   fuzz::SeedResult r = f.check(7);
//   if (!r.ok()) std::cerr << r.str();
#pragma once
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "gen_program.hpp"
#include "gen_text_program.hpp"
#include "valid_extents_check.hpp"
#include "ptorw/codegen/tile_kernel_form.hpp"
#include "ptorw/interp/pass_steps.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/passes/registry.hpp"
#include "ptorw/passes/verify_source.hpp"
#include "ptorw/text/parser.hpp"

namespace ptorw::fuzz {

/// Which generator writes a seed's program: SSA text (gen_program.hpp), hand-written text that
/// rebinds names (gen_text_program.hpp), or both alternately (even seeds SSA, odd seeds text).
enum class Style : std::uint8_t { Ssa, Text, Mixed };

inline const char* style_name(Style s) { return s == Style::Ssa ? "ssa" : s == Style::Text ? "text" : "mixed"; }
inline std::optional<Style> parse_style(const std::string& s) {
  if (s == "ssa") return Style::Ssa;
  if (s == "text") return Style::Text;
  if (s == "mixed") return Style::Mixed;
  return std::nullopt;
}

enum class SeedStatus : std::uint8_t {
  Ok,            // the pipeline preserved every output on every input seed
  GenInvalid,    // the generated text does not parse or verify (a generator bug)
  GenFails,      // the generated program fails in the interpreter (a generator bug)
  Mismatch,      // a pass changed a result, or failed / produced unverifiable IR
};

struct SeedResult {
  std::uint64_t seed = 0;
  SeedStatus status = SeedStatus::Ok;
  std::string text;          // the generated program
  std::string message;       // what went wrong (diffcheck's report, parse/verify errors)
  std::string blame;         // the individual pass judged guilty (Mismatch)
  bool changed = false;      // the pipeline rewrote the program
  bool text_input = false;   // some function of the input is read by names (ir::NameBinding::Text)
  bool lowered = false;      // tile-to-buffer ran after the default pipeline, judged the same way
  std::size_t emission_forms = 0;  // of those, kernels left on Tile that emission converts (judged too)
  std::size_t runs = 0;      // interpreter runs
  double ms = 0;

  bool ok() const { return status == SeedStatus::Ok; }
  std::string str() const {
    static const char* names[] = {"ok", "generated program invalid", "generated program fails", "mismatch"};
    std::string s = "fuzz_diff seed " + std::to_string(seed) + ": " + names[static_cast<int>(status)] + "\n" + message + "\n";
    if (!blame.empty()) s += "pass by pass: " + blame + "\n";
    return s + "---- program (seed " + std::to_string(seed) + ") ----\n" + text;
  }
};

class FuzzDiff {
 public:
  explicit FuzzDiff(GenOptions gen = {}, interp::DiffOptions diff = {}) : gen_(gen), diff_(std::move(diff)) {
    auto d = passes::make_pass("default");
    if (!d) throw std::runtime_error("fuzz_diff: the 'default' pass is not registered");
    default_ = std::move(*d);
    // Its summary lists its steps ("convert-to-ssa, flatten-call-expr, ..."): they are judged one
    // by one to blame a mismatch on a single pass.
    auto steps = passes::parse_pipeline(default_.summary);
    if (steps.error.empty()) each_ = std::move(steps.passes);
    auto l = passes::make_pass("tile-to-buffer");
    if (!l) throw std::runtime_error("fuzz_diff: the 'tile-to-buffer' pass is not registered");
    lower_ = std::move(*l);
  }

  /// Every n-th seed (0: none) of the hand-written style also runs tile-to-buffer after the default
  /// pipeline: its Buffer IR kernels are interpreted in buffer mode against the input (the kernels
  /// people write in pl.at scopes and in text, valid regions a scalar gives included).
  void set_lower_every(std::uint64_t n) { lower_every_ = n; }

  /// Which generator check(seed) uses.
  void set_style(Style s) { style_ = s; }
  Style style() const { return style_; }
  void set_text_options(const TextGenOptions& o) { text_ = o; }

  /// The program check(seed) judges.
  std::string generate(std::uint64_t seed) const {
    const bool text = style_ == Style::Text || (style_ == Style::Mixed && seed % 2 == 1);
    return text ? generate_text_program(seed, text_) : generate_program(seed, gen_);
  }

  /// Rules of the default pipeline that fired, summed over every program checked so far.
  const std::map<std::string, std::uint64_t>& applied() const { return applied_; }

  SeedResult check(std::uint64_t seed) {
    const auto t0 = std::chrono::steady_clock::now();
    SeedResult r = check_impl(seed);
    r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return r;
  }

  /// Judges a given program text (a saved regression, say) the same way.
  SeedResult check_text(std::string text, const std::string& file = "<fuzz>") {
    const auto t0 = std::chrono::steady_clock::now();
    SeedResult r;
    r.text = std::move(text);
    judge(r, file);
    r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    return r;
  }

 private:
  GenOptions gen_;
  TextGenOptions text_;
  Style style_ = Style::Ssa;
  interp::DiffOptions diff_;
  passes::Pass default_;
  passes::Pass lower_;
  std::uint64_t lower_every_ = 4;  // a quarter: it about doubles the cost of a program
  std::vector<passes::Pass> each_;
  std::map<std::string, std::uint64_t> applied_;

  /// The default pass as a diffcheck step that also collects rule statistics and verifies its output.
  interp::PassStep default_step(bool& changed) {
    return {"default", [this, &changed](const ir::Program& prog) -> ir::ProgramPtr {
              auto in = std::make_shared<const ir::Program>(prog);
              // Checking mode: a rule claiming a change it did not make, or a complete rule
              // matching its own output (rewrite/rule.hpp), stops the run as CheckFailed.
              rewrite::DriverOptions checking;
              checking.check = true;
              passes::PassOutcome o = default_.run(in, {}, checking);
              if (o.stop == rewrite::StopReason::CheckFailed) throw std::runtime_error("default: " + o.message);
              for (const auto& d : o.diagnostics)
                if (d.severity == Severity::Error) throw std::runtime_error("default: " + d.str());
              for (const auto& st : o.stats)
                if (st.applied) applied_[std::string(st.name)] += st.applied;
              if (!o.program || o.program == in) return ir::ProgramPtr(&prog, [](const ir::Program*) {});
              Diagnostics v = ir::verify(*o.program);
              if (!v.empty()) throw std::runtime_error("default: output does not verify: " + v.front().str());
              if (std::string w = valid_extents_mismatch(*o.program); !w.empty())
                throw std::runtime_error("default: output types: " + w);
              changed = true;
              return o.program;
            }};
  }

  /// What `emit` writes for the kernels tile-to-buffer left on Tile IR: each planned one replaced
  /// by the Buffer form emission converts it to (codegen/tile_kernel_form.hpp), so the diffcheck
  /// judges the conversion the PTO is written from, which no pass output holds. A kernel emission
  /// refuses stays as it is: an error, not a wrong module.
  interp::PassStep emission_step(std::size_t& converted) {
    return {"emission-form", [&converted](const ir::Program& prog) -> ir::ProgramPtr {
              std::shared_ptr<ir::Program> out;
              for (std::size_t i = 0; i < prog.functions.size(); ++i) {
                const ir::FunctionPtr& f = prog.functions[i];
                if (!f || !ir::is_incore_like(f->type) || f->stage == ir::Stage::Buffer) continue;
                codegen::TileKernelForm form = codegen::tile_kernel_form(prog, f);
                if (form.kind != codegen::TileKernelForm::Kind::Converted) continue;
                if (!out) out = std::make_shared<ir::Program>(prog);
                out->functions[i] = form.fn;
                ++converted;
              }
              if (!out) return ir::ProgramPtr(&prog, [](const ir::Program*) {});
              return out;
            }};
  }

  SeedResult check_impl(std::uint64_t seed) {
    SeedResult r;
    r.seed = seed;
    r.text = generate(seed);
    judge(r, "fuzz_" + std::to_string(seed) + ".py");
    return r;
  }

  void judge(SeedResult& r, const std::string& file) {
    auto pr = text::parse_program(r.text, file);
    if (!pr.ok()) {
      r.status = SeedStatus::GenInvalid;
      for (const auto& d : pr.errors) r.message += d.str() + "\n";
      return;
    }
    r.text_input = interp::reads_names(*pr.program);
    // As written: hand-written text that rebinds names is verified through convert-to-ssa.
    if (Diagnostics v = passes::verify_source(*pr.program); !v.empty()) {
      r.status = SeedStatus::GenInvalid;
      for (const auto& d : v) r.message += d.str() + "\n";
      return;
    }
    if (std::string w = valid_extents_mismatch(*pr.program); !w.empty()) {
      r.status = SeedStatus::GenInvalid;
      r.message = "input types: " + w;
      return;
    }
    std::vector<interp::PassStep> steps{default_step(r.changed)};
    if (r.text_input && lower_every_ && r.seed % lower_every_ == 0) {
      auto l = interp::steps_of({lower_});
      steps.insert(steps.end(), l.begin(), l.end());
      steps.push_back(emission_step(r.emission_forms));
      r.lowered = true;
    }
    interp::DiffReport rep = interp::diffcheck_pipeline(*pr.program, steps, diff_);
    r.runs = rep.runs;
    if (rep.ok()) return;
    r.message = rep.str();
    if (rep.status == interp::DiffStatus::Different && !rep.message.empty()) r.message += "\n" + rep.message;
    if (rep.status == interp::DiffStatus::BeforeFailed) {
      r.status = SeedStatus::GenFails;
      return;
    }
    r.status = SeedStatus::Mismatch;
    if (each_.empty()) return;
    interp::DiffReport each = interp::diffcheck_pipeline(*pr.program, interp::steps_of(each_), diff_);
    r.blame = each.str();
  }
};

}  // namespace ptorw::fuzz
