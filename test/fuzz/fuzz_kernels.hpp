// Fuzzing the tile-to-buffer pipeline with random tile kernels (issue 14): each seed's kernel
// program (gen_tile_kernel.hpp) goes through the registered `tile-to-buffer` pipeline
// (init-memref → select-buffer-ir → plan-memory → lower-tile-to-buffer, lowering/buffer_pipeline.hpp)
// under each planner (PassContext.memory_planner = PYPTO, DSA_RP, PTOAS), and is judged by:
//
//  1. the pipeline: every step succeeds, with the verifier after each step (a plan-memory
//     "does not fit" is the one accepted refusal for a random kernel: counted, not a failure);
//  2. selection: select-buffer-ir selects the kernel (the generator stays inside the default
//     rollout; a refusal means the generator or the selection regressed, and the kernel would not
//     reach the lowering);
//  3. the storage simulation (lowering/planning/storage_check.hpp) on the planned Tile program,
//     which catches clobbers value mode cannot see (address reuse of a live value, a carry
//     overwritten while still read, a swap without a snapshot);
//  4. idempotence of planning: the steps before lowering leave their own output unchanged;
//  5. interp::diffcheck_output: the input (value mode) against the final program (the kernel as
//     Buffer IR, buffer mode), read by nodes and printed and parsed back, on three input seeds.
//     When it fails, the planned Tile program is judged too, to say whether planning or lowering
//     changed the result.
//
// The steps are read from the registered pass's summary and run by one PassManager up to
// plan-memory and one for the rest, so that the planned program in between can be simulated; the
// output is what `ptorw opt --passes=tile-to-buffer --opt memory_planner=P` gives, with
// verification after every step on top. Shared by test/unit/planning_fuzz_test.cpp (the CI run) and
// bench/fuzz_kernels.cpp. The five passes must be registered: including this header registers them.
//
//   fuzz::KernelFuzz f;
//   for (const fuzz::KernelResult& r : f.check(7)) if (!r.ok()) std::cerr << r.str();
#pragma once
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "gen_tile_kernel.hpp"
#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/lowering/buffer_pipeline.hpp"
#include "ptorw/lowering/planning/storage_check.hpp"
#include "ptorw/passes/pass_manager.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"

namespace ptorw::fuzz {

/// Every interpreter run in buffer mode allocates the on-chip spaces' byte arrays (192 KiB of Vec
/// and its poison and generation marks, interp/memory.hpp) and frees them; glibc hands such blocks
/// back to the kernel at once and page-faults them in again on the next run, which is about half
/// of the fuzz's time (all of it system time). Keeping freed memory in the process removes that
/// (measured: 100 kernels x 3 planners 6.1 s -> 3.0 s wall, 488k -> 1.3k page faults).
inline void keep_freed_memory() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
}

/// The unsigned value of environment variable `name` (a test's count or first seed), or `dflt`.
inline std::uint64_t env_or(const char* name, std::uint64_t dflt) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : dflt;
}

inline const std::vector<std::string>& all_planners() {
  static const std::vector<std::string> p{"PYPTO", "DSA_RP", "PTOAS"};
  return p;
}

enum class KernelStatus : std::uint8_t {
  Ok,           // every check passed
  DoesNotFit,   // plan-memory refused: the kernel's live storage exceeds the space (accepted)
  GenInvalid,   // the generated program does not parse or verify (a generator bug)
  GenFails,     // the generated program fails in the interpreter (a generator bug)
  NotSelected,  // select-buffer-ir kept the kernel at Tile stage (generator or selection regressed)
  Failed,       // a check failed: `check` names it
};

struct KernelResult {
  std::uint64_t seed = 0;
  std::string planner;
  KernelStatus status = KernelStatus::Ok;
  std::string check;     // the failed check: pipeline, storage simulation, idempotence, diffcheck, exception
  std::string message;   // diagnostics, the simulation's findings, diffcheck's report
  std::string blame;     // for a diffcheck failure: whether the planned Tile program already differs
  std::string text;      // the generated program
  std::string output;    // the program that failed the check (planned or lowered), printed
  std::size_t runs = 0;  // interpreter runs
  double ms = 0;         // this planner's judgement (parsing excluded)

  bool ok() const { return status == KernelStatus::Ok || status == KernelStatus::DoesNotFit; }
  std::string str() const {
    static const char* names[] = {"ok", "does not fit", "generated program invalid", "generated program fails",
                                  "kernel not selected for Buffer IR", "FAILED"};
    std::string s = "fuzz_kernels seed " + std::to_string(seed) + " planner " + planner + ": " +
                    names[static_cast<int>(status)] + (check.empty() ? "" : " (" + check + ")") + "\n" + message + "\n";
    if (!blame.empty()) s += blame + "\n";
    if (!output.empty()) s += "---- output ----\n" + output + "\n";
    return s + "---- program (seed " + std::to_string(seed) + ") ----\n" + text;
  }
};

class KernelFuzz {
 public:
  explicit KernelFuzz(TileKernelOptions gen = {}, interp::DiffOptions diff = {}) : gen_(gen), diff_(std::move(diff)) {
    auto p = passes::make_pass("tile-to-buffer");
    if (!p) throw std::runtime_error("fuzz_kernels: the 'tile-to-buffer' pass is not registered");
    auto steps = passes::parse_pipeline(p->summary);
    if (!steps.error.empty()) throw std::runtime_error("fuzz_kernels: tile-to-buffer's steps: " + steps.error);
    bool lowering = false;
    for (auto& s : steps.passes) {
      const bool last_planning = s.name == "plan-memory";
      (lowering ? lower_ : plan_).push_back(std::move(s));
      lowering |= last_planning;
    }
    if (!lowering || lower_.empty()) throw std::runtime_error("fuzz_kernels: tile-to-buffer has no plan-memory step followed by lowering");
  }

  TileKernel generate(std::uint64_t seed) const { return generate_tile_kernel(seed, gen_); }

  /// Shapes of every kernel generated by check() so far.
  const TileKernelFeatures& features() const { return features_; }
  /// Kernel x planner pairs that planning accepted, so far.
  std::uint64_t planned() const { return planned_; }

  /// Judges seed's kernel under each planner (one result per planner, in order).
  std::vector<KernelResult> check(std::uint64_t seed, const std::vector<std::string>& planners = all_planners()) {
    TileKernel k = generate(seed);
    features_ += k.features;
    return check_text(k.text, planners, seed);
  }

  /// Judges a given program (a saved regression, a minimized find) the same way.
  std::vector<KernelResult> check_text(const std::string& text, const std::vector<std::string>& planners = all_planners(),
                                       std::uint64_t seed = 0, const std::string& file = "") {
    std::vector<KernelResult> out;
    const std::string name = file.empty() ? "kfuzz_" + std::to_string(seed) + ".py" : file;
    auto fill = [&](KernelStatus st, const std::string& msg) {
      for (const auto& p : planners) {
        KernelResult r;
        r.seed = seed;
        r.planner = p;
        r.status = st;
        r.message = msg;
        r.text = text;
        out.push_back(std::move(r));
      }
    };
    auto parsed = text::parse_program(text, name);
    if (!parsed.ok()) {
      std::string m;
      for (const auto& d : parsed.errors) m += d.str() + "\n";
      fill(KernelStatus::GenInvalid, m);
      return out;
    }
    if (Diagnostics v = ir::verify(*parsed.program); has_errors(v)) {
      std::string m;
      for (const auto& d : v) m += d.str() + "\n";
      fill(KernelStatus::GenInvalid, m);
      return out;
    }
    for (const auto& p : planners) {
      KernelResult r;
      r.seed = seed;
      r.planner = p;
      r.text = text;
      const auto t1 = std::chrono::steady_clock::now();
      try {
        judge(parsed.program, r);
      } catch (const std::exception& e) {
        r.status = KernelStatus::Failed;
        r.check = "exception";
        r.message = e.what();
      }
      r.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t1).count();
      out.push_back(std::move(r));
    }
    return out;
  }

 private:
  TileKernelOptions gen_;
  interp::DiffOptions diff_;
  std::vector<passes::Pass> plan_, lower_;
  TileKernelFeatures features_;
  std::uint64_t planned_ = 0;

  passes::PipelineResult run(const std::vector<passes::Pass>& steps, const ir::ProgramPtr& in, const passes::PassContext& ctx) const {
    passes::PassManagerOptions o;
    o.verify_each = true;
    o.verifier = [](const ir::Program& p) { return ir::verify(p); };
    passes::PassManager pm(o);
    for (const auto& s : steps) pm.add(s);
    return pm.run(in, ctx);
  }
  static std::string diagnostics(const Diagnostics& ds) {
    std::string m;
    for (const auto& d : ds) m += d.str() + "\n";
    return m;
  }

  void judge(const ir::ProgramPtr& input, KernelResult& r) {
    passes::PassContext ctx;
    if (std::string e = ctx.set("memory_planner", r.planner); !e.empty()) throw std::runtime_error(e);
    auto fail = [&](const char* check, std::string msg, const ir::ProgramPtr& shown) {
      r.status = KernelStatus::Failed;
      r.check = check;
      r.message = std::move(msg);
      if (shown) r.output = text::print_program(*shown);
    };

    // 1. Planning (init-memref, select-buffer-ir, plan-memory), verified after each step.
    passes::PipelineResult planned = run(plan_, input, ctx);
    if (!planned.ok) {
      std::string m = diagnostics(planned.diagnostics);
      if (m.find("does not fit") != std::string::npos) {
        r.status = KernelStatus::DoesNotFit;
        r.message = m;
        return;
      }
      return fail("pipeline", m, nullptr);
    }
    ++planned_;
    // 2. Selection.
    std::string refusal;
    for (const auto& rec : planned.passes)
      for (const auto& rm : rec.remarks)
        if (rec.name == "select-buffer-ir" && rm.reason.find("stays on Tile IR") != std::string::npos) refusal += rm.reason + "\n";
    // 3. The storage simulation of every planned device function.
    for (const auto& f : planned.program->functions) {
      if (!f || !ir::is_incore_like(f->type)) continue;
      Diagnostics sim = lowering::planning::check_storage(*f, input->source_file);
      if (!sim.empty()) return fail("storage simulation", diagnostics(sim), planned.program);
    }
    // 4. Planning is idempotent.
    passes::PipelineResult again = run(plan_, planned.program, ctx);
    if (!again.ok || again.program != planned.program)
      return fail("idempotence", again.ok ? "planning again changed the planned program" : diagnostics(again.diagnostics),
                  again.ok ? again.program : planned.program);
    // 5. Lowering, then the whole pipeline judged against the input.
    passes::PipelineResult lowered = run(lower_, planned.program, ctx);
    if (!lowered.ok) return fail("pipeline", diagnostics(lowered.diagnostics), planned.program);
    interp::DiffReport d = interp::diffcheck_output(*input, lowered.program, diff_);
    r.runs += d.runs;
    if (d.status == interp::DiffStatus::BeforeFailed) {
      r.status = KernelStatus::GenFails;
      r.message = d.str();
      return;
    }
    if (!d.ok()) {
      fail("diffcheck", d.str() + (d.message.empty() ? "" : "\n" + d.message), lowered.program);
      interp::DiffReport p = interp::diffcheck_output(*input, planned.program, diff_);
      r.runs += p.runs;
      r.blame = p.ok() ? "the planned Tile program is still equal: lowering changed the result"
                       : "the planned Tile program already differs (planning): " + p.str() + "\n---- planned ----\n" +
                             text::print_program(*planned.program);
      return;
    }
    if (!refusal.empty()) {
      r.status = KernelStatus::NotSelected;
      r.message = refusal;
    }
  }
};

}  // namespace ptorw::fuzz
