// Fuzzing the tile-to-buffer pipeline with random tile kernels (issue 14): each seed's kernel
// program (gen_tile_kernel.hpp) goes through the registered `tile-to-buffer` pipeline
// (init-memref → select-buffer-ir → plan-memory → lower-tile-to-buffer, lowering/buffer_pipeline.hpp)
// under each planner (PassContext.memory_planner = PYPTO, DSA_RP, PTOAS), and is judged by:
//
//  1. the pipeline: every step succeeds, with the verifier after each step (a plan-memory
//     "does not fit" is the one accepted refusal for a random kernel: counted, not a failure);
//  2. selection, per kernel: select-buffer-ir selects every kernel the generator expects selected
//     (TileKernel::expect_tile names the others, each with the spec sentence that keeps it Tile); a
//     refusal of an expected kernel means the generator or the selection regressed, and selecting
//     a kernel the spec keeps Tile is a failure too. Kernels kept Tile are counted and judged all
//     the same (their Tile path must compute what the input computes);
//  3. the storage simulation (lowering/planning/storage_check.hpp) on the planned Tile program,
//     which catches clobbers value mode cannot see (address reuse of a live value, a carry
//     overwritten while still read, a swap without a snapshot);
//  4. idempotence of planning: the steps before lowering leave their own output unchanged;
//     and, written here apart from the planner, the spec's "Arithmetic destinations cannot reuse
//     the storage family of a window they read": no op reading a tile.slice window writes a
//     destination overlapping the window's storage (the interpreter computes an elementwise op
//     before it writes, so diffcheck cannot see this overlap; the hardware streams it);
//  5. interp::diffcheck_output: the input (value mode) against the final program (the kernel as
//     Buffer IR, buffer mode), read by nodes and printed and parsed back, on three input seeds —
//     or, when the kernel gives explicit values of `main`'s scalars (TileKernel::scalar_runs:
//     window offsets, valid extents 0 / partial / full), once per set of values.
// Rebinding (non-SSA) text goes through convert-to-ssa first; diffcheck still reads the input as
// written (by names).
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
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include "gen_tile_kernel.hpp"
#include "ptorw/codegen/tile_kernel_form.hpp"
#include "ptorw/interp/diffcheck.hpp"
#include "ptorw/ir/verify.hpp"
#include "ptorw/lowering/buffer_pipeline.hpp"
#include "ptorw/lowering/planning/storage_check.hpp"
#include "ptorw/patterns/normalize/convert_to_ssa.hpp"
#include "ptorw/passes/pass_manager.hpp"
#include "ptorw/text/parser.hpp"
#include "ptorw/text/printer.hpp"
#include "ptorw/visit/erased.hpp"

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
  NotSelected,  // select-buffer-ir kept a kernel at Tile stage that the spec selects (generator or selection regressed)
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
  int selected = 0;      // kernels lowered to Buffer IR
  int kept_tile = 0;     // kernels the spec keeps on Tile IR (expected; judged on their Tile path)
  int emission_forms = 0;    // of those, kernels `emit` converts in memory (judged in that form too)
  int emission_refused = 0;  // of those, kernels `emit` refuses (an error naming the kernel, no module)
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

namespace fuzz_detail {
/// The storage range of a planned tile: (space, alloc or null when addressed, start, bytes).
using Range = std::tuple<int, const void*, std::int64_t, std::int64_t>;
/// "Arithmetic destinations cannot reuse the storage family of a window they read": every op
/// (not a slice or a relabel: reshape, set_validshape) with a tile.slice window among its operands
/// must write a
/// destination whose storage is disjoint from the window's (its source's whole window: a runtime
/// offset can reach any of it). Addressed planners compare effective byte ranges, PTOAS allocs.
inline std::string window_destinations(const ir::Function& f) {
  std::unordered_map<const ir::ExprNode*, std::pair<std::int64_t, std::optional<std::int64_t>>> allocs;  // var -> (space, addr)
  std::unordered_set<const ir::ExprNode*> windows;
  bool addressed = true;
  std::string out;
  visit::walk_all(f.body, [&](const ir::Stmt& st) {
    auto* a = ir::stmt_as<ir::Assign>(st);
    if (!a) return;
    auto* c = ir::expr_as<ir::Call>(a->value);
    if (!c) return;
    if (c->callee == "tile.alloc") {
      auto addr = ir::kwarg_as<std::int64_t>(c->kwargs, "addr");
      addressed = addressed && addr.has_value();
      allocs[a->var.get()] = {c->args.empty() ? 0 : ir::const_int(c->args[0]).value_or(0), addr};
    }
    if (c->callee == "tile.slice") windows.insert(a->var.get());
  }, [](const ir::Expr&) {});
  auto range = [&](const ir::Expr& v) -> std::optional<Range> {
    auto* t = ir::type_as<ir::TileType>(v ? v->type : nullptr);
    if (!t || !t->memref || !t->memref->base) return std::nullopt;
    auto it = allocs.find(t->memref->base.get());
    auto off = ir::const_int(t->memref->offset), bytes = ir::const_int(t->memref->size);
    if (it == allocs.end() || !off || !bytes) return std::nullopt;
    const int space = static_cast<int>(t->memory.value_or(ir::MemSpace::Vec));
    if (addressed && it->second.second) return Range{space, nullptr, *it->second.second + *off, *bytes};
    return Range{space, t->memref->base.get(), *off, *bytes};
  };
  visit::walk_all(f.body, [&](const ir::Stmt& st) {
    auto* a = ir::stmt_as<ir::Assign>(st);
    auto* c = a ? ir::expr_as<ir::Call>(a->value) : nullptr;
    if (!c || c->callee == "tile.slice" || c->callee == "tile.reshape" || c->callee == "tile.set_validshape" || !out.empty())
      return;
    auto d = range(a->var);
    if (!d) return;
    const bool assemble = c->callee == "tile.assemble" && c->args.size() > 1;
    for (const auto& arg : c->args) {
      if (!arg || !windows.count(arg.get())) continue;
      auto w = range(arg);
      if (!w) continue;
      // An assemble's source cut from its own target's storage is the spec's in-place assemble
      // ("an exact self-write or provably disjoint static byte spans need no snapshot"; otherwise
      // the source is read from a snapshot): not arithmetic, judged by the storage simulation.
      if (assemble && arg == c->args[1])
        if (auto t = range(c->args[0]); t && std::get<0>(*t) == std::get<0>(*w) && std::get<1>(*t) == std::get<1>(*w) &&
                                         (std::get<1>(*w) || std::get<2>(*t) == std::get<2>(*w)))
          continue;
      const auto& [ds, da, d0, dn] = *d;
      const auto& [ws, wa, w0, wn] = *w;
      if (ds == ws && da == wa && d0 < w0 + wn && w0 < d0 + dn)
        out = "'" + ir::var_name(a->var) + "' = " + c->callee + "(...) writes storage [" + std::to_string(d0) + ", " +
              std::to_string(d0 + dn) + ") overlapping the window '" + ir::var_name(arg) + "' it reads [" + std::to_string(w0) +
              ", " + std::to_string(w0 + wn) + ") (spec: arithmetic destinations cannot reuse the storage family of a window they read)";
    }
  }, [](const ir::Expr&) {});
  return out;
}

}  // namespace fuzz_detail

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
    return check_text(k.text, planners, seed, "", &k);
  }

  /// Judges a given program (a saved regression, a minimized find) the same way; `expect` gives
  /// the kernels expected Tile and the explicit scalar values (default: every kernel selected,
  /// random inputs).
  std::vector<KernelResult> check_text(const std::string& text, const std::vector<std::string>& planners = all_planners(),
                                       std::uint64_t seed = 0, const std::string& file = "", const TileKernel* expect = nullptr) {
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
    // Rebinding text is made SSA first (the lowering refuses it); the input stays as written.
    ir::ProgramPtr ssa = parsed.program;
    for (const auto& f : parsed.program->functions)
      if (f && f->names == ir::NameBinding::Text) {
        try {
          ssa = (*passes::make_pass("convert-to-ssa"))(parsed.program);
        } catch (const std::exception& e) {
          fill(KernelStatus::Failed, std::string("convert-to-ssa: ") + e.what());
          return out;
        }
        break;
      }
    if (Diagnostics v = ir::verify(*ssa); has_errors(v)) {
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
        judge(parsed.program, ssa, r, expect);
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
  /// diffcheck on random inputs, or once per set of explicit scalar values (one seed each).
  interp::DiffReport diff(const ir::Program& before, const ir::ProgramPtr& after, const TileKernel* expect) const {
    if (!expect || expect->scalar_runs.empty()) return interp::diffcheck_output(before, after, diff_);
    interp::DiffReport total;
    std::uint64_t seed = 1;
    for (const auto& values : expect->scalar_runs) {
      interp::DiffOptions o = diff_;
      o.seeds = {seed++};
      for (const auto& [name, v] : values) o.run.scalars[name] = v;
      interp::DiffReport d = interp::diffcheck_output(before, after, o);
      d.runs += total.runs;
      if (!d.ok()) {
        std::string vals;
        for (const auto& [name, v] : values) vals += (vals.empty() ? "" : ", ") + name + " = " + std::to_string(static_cast<long long>(v));
        d.message = "with " + vals + (d.message.empty() ? "" : ": " + d.message);
        return d;
      }
      total = d;
    }
    return total;
  }
  static std::string diagnostics(const Diagnostics& ds) {
    std::string m;
    for (const auto& d : ds) m += d.str() + "\n";
    return m;
  }

  void judge(const ir::ProgramPtr& input, const ir::ProgramPtr& ssa, KernelResult& r, const TileKernel* expect) {
    passes::PassContext ctx;
    if (std::string e = ctx.set("memory_planner", r.planner); !e.empty()) throw std::runtime_error(e);
    auto fail = [&](const char* check, std::string msg, const ir::ProgramPtr& shown) {
      r.status = KernelStatus::Failed;
      r.check = check;
      r.message = std::move(msg);
      if (shown) r.output = text::print_program(*shown);
    };

    // 1. Planning (init-memref, select-buffer-ir, plan-memory), verified after each step.
    passes::PipelineResult planned = run(plan_, ssa, ctx);
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
    // 2. Selection, per kernel, against what the spec says of it.
    std::string refusal, wrongly_selected;
    for (const auto& f : planned.program->functions) {
      if (!f || !ir::is_incore_like(f->type)) continue;
      const bool selected = ir::attr_true(f->attrs, "buffer_ir_selected");
      const auto why_tile = expect ? expect->expect_tile.find(f->name) : decltype(expect->expect_tile)::const_iterator{};
      const bool tile_expected = expect && why_tile != expect->expect_tile.end();
      (selected ? r.selected : r.kept_tile)++;
      if (!selected && !tile_expected) {
        for (const auto& rec : planned.passes)
          for (const auto& rm : rec.remarks)
            if (rec.name == "select-buffer-ir" && rm.function == f->name) refusal += f->name + ": " + rm.reason + "\n";
        if (refusal.empty()) refusal = f->name + ": not selected\n";
      }
      if (selected && tile_expected)
        wrongly_selected += f->name + " was selected, but the spec keeps it Tile: \"" + why_tile->second + "\"\n";
    }
    if (!wrongly_selected.empty()) return fail("selection", wrongly_selected, planned.program);
    // 3. The storage simulation of every planned device function.
    for (const auto& f : planned.program->functions) {
      if (!f || !ir::is_incore_like(f->type) || ir::init_memref_refusal(*f)) continue;  // unplanned: kept Tile
      Diagnostics sim = lowering::planning::check_storage(*f, input->source_file);
      if (!sim.empty()) return fail("storage simulation", diagnostics(sim), planned.program);
    }
    for (const auto& f : planned.program->functions) {
      if (!f || !ir::is_incore_like(f->type) || ir::init_memref_refusal(*f)) continue;
      if (std::string m = fuzz_detail::window_destinations(*f); !m.empty()) return fail("window destination", m, planned.program);
    }
    // 4. Planning is idempotent.
    passes::PipelineResult again = run(plan_, planned.program, ctx);
    if (!again.ok || again.program != planned.program)
      return fail("idempotence", again.ok ? "planning again changed the planned program" : diagnostics(again.diagnostics),
                  again.ok ? again.program : planned.program);
    // 5. Lowering, then the whole pipeline judged against the input.
    passes::PipelineResult lowered = run(lower_, planned.program, ctx);
    if (!lowered.ok) return fail("pipeline", diagnostics(lowered.diagnostics), planned.program);
    interp::DiffReport d = diff(*input, lowered.program, expect);
    r.runs += d.runs;
    if (d.status == interp::DiffStatus::BeforeFailed) {
      r.status = KernelStatus::GenFails;
      r.message = d.str();
      return;
    }
    if (!d.ok()) {
      fail("diffcheck", d.str() + (d.message.empty() ? "" : "\n" + d.message), lowered.program);
      interp::DiffReport p = diff(*input, planned.program, expect);
      r.runs += p.runs;
      r.blame = p.ok() ? "the planned Tile program is still equal: lowering changed the result"
                       : "the planned Tile program already differs (planning): " + p.str() + "\n---- planned ----\n" +
                             text::print_program(*planned.program);
      return;
    }
    // 6. The kernels left on Tile in the form `emit` writes them (codegen/tile_kernel_form.hpp:
    //    converted in memory, no pass output holds it), judged against the input the same way.
    std::shared_ptr<ir::Program> emitted;
    for (std::size_t i = 0; i < lowered.program->functions.size(); ++i) {
      const ir::FunctionPtr& f = lowered.program->functions[i];
      if (!f || !ir::is_incore_like(f->type) || f->stage == ir::Stage::Buffer) continue;
      codegen::TileKernelForm form = codegen::tile_kernel_form(*lowered.program, f);
      if (form.kind == codegen::TileKernelForm::Kind::Refused) ++r.emission_refused;
      if (form.kind != codegen::TileKernelForm::Kind::Converted) continue;
      if (!emitted) emitted = std::make_shared<ir::Program>(*lowered.program);
      emitted->functions[i] = form.fn;
      ++r.emission_forms;
    }
    if (emitted) {
      interp::DiffReport e = diff(*input, emitted, expect);
      r.runs += e.runs;
      if (!e.ok()) return fail("emission form", e.str() + (e.message.empty() ? "" : "\n" + e.message), emitted);
    }
    if (!refusal.empty()) {
      r.status = KernelStatus::NotSelected;
      r.message = refusal;
    }
  }
};

}  // namespace ptorw::fuzz
