// The `ptorw` command line: an mlir-opt-like driver over the header-only library.
//
//   ptorw print FILE [-o OUT]                 parse and print back (canonical form)
//   ptorw check FILE                          parse and verify; diagnostics on stderr
//   ptorw opt FILE --passes=a,b [...]         run a pipeline, print the result
//   ptorw equal A B                           structural equality (0 equal, 1 different, 2 error)
//   ptorw passes                              registered passes and their rules
//   ptorw run FILE [--entry main] [--seed S] [--dim M=64] [--mode auto|value]
//                                                            interpret (no main: each kernel directly)
//   ptorw diffcheck FILE --passes=a,b [--seeds N] [--opt k=v] run before/after each pass, compare
//   ptorw emit FILE --target=pto [--arch=a2a3|a5] [--generic] [--pto-version=old|new] [--loc] [-o DIR]
//                                             one .pto module per Buffer-stage kernel (stdout without -o)
// FILE may be `-` for standard input. Exit codes: 0 success, 1 failure/difference, 2 usage/input error.
#include <CLI/CLI.hpp>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <utility>

#include "ptorw/codegen/emit.hpp"
#include "ptorw/interp/interp.hpp"
#include "ptorw/interp/pass_steps.hpp"
#include "ptorw/passes/verify_source.hpp"
#include "ptorw/ptorw.hpp"
#include "ptorw/passes/stats_json.hpp"

using namespace ptorw;

namespace {

void print_diagnostics(const Diagnostics& ds) {
  for (const auto& d : ds) std::cerr << d.str() << "\n";
}

/// Parses FILE or reports why not (exit code 2 on failure).
ir::ProgramPtr load(const std::string& path) {
  auto r = text::parse_file(path);
  print_diagnostics(r.errors);
  return r.ok() ? r.program : nullptr;
}

int write_output(const std::string& text, const std::string& out) {
  if (out.empty() || out == "-") {
    std::cout << text;
    return 0;
  }
  std::ofstream f(out, std::ios::binary);
  if (!f) {
    std::cerr << out << ": error: cannot write file\n";
    return 2;
  }
  f << text;
  return 0;
}

std::string rule_table_text(const passes::PipelineResult& r) {
  std::string s;
  for (const auto& p : r.passes) {
    s += "pass " + p.name + ": " + std::string(rewrite::name_of(p.stop)) + ", " + std::to_string(p.iterations) +
         " iterations, " + std::to_string(p.rewrites) + " rewrites, " + std::to_string(p.time_ns / 1000) + " us\n";
    for (const auto& st : p.stats)
      s += "  " + std::string(st.name) + ": tried " + std::to_string(st.tried) + ", matched " + std::to_string(st.matched) +
           ", applied " + std::to_string(st.applied) + ", " + std::to_string(st.time_ns / 1000) + " us\n";
  }
  return s;
}

/// Emits the kernels of an already-lowered program: one `<kernel>.pto` per Buffer-stage kernel
/// in `dir`, or all modules on stdout. This is the hook for the full pipeline: parse, then
/// SelectBufferIRFunctions + LowerTileToBuffer with the chosen planner, then this.
int emit_lowered(const ir::Program& p, const codegen::EmitOptions& o, const std::string& dir) {
  auto r = codegen::emit_program(p, o);
  print_diagnostics(r.diagnostics);
  if (!r.ok()) return 1;
  std::string file = p.source_file.empty() ? "<input>" : p.source_file;
  if (!r.tile_stage.empty()) {
    std::string names;
    for (const auto& n : r.tile_stage) names += (names.empty() ? "" : ", ") + n;
    std::cerr << file << ": " << (r.kernels.empty() ? "error" : "warning") << ": kernels at FunctionIRStage.Tile are not emitted ("
              << names << "): they stay Tile (not selected for Buffer IR) and Tile-stage emission is not implemented\n";
    if (r.kernels.empty()) return 1;
  }
  if (r.kernels.empty()) {
    std::cerr << file << ": no InCore/AIC/AIV kernels; nothing to emit\n";
    return 0;
  }
  if (dir.empty() || dir == "-") {
    for (const auto& k : r.kernels) std::cout << k.text;
    return 0;
  }
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  for (const auto& k : r.kernels)
    if (int rc = write_output(k.text, (std::filesystem::path(dir) / (k.name + ".pto")).string())) return rc;
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"ptorw: orchestration and tile-lowering rewrites for tile NPU programs (pl DSL)"};
  app.require_subcommand(1);

  std::string file, out, file_b, passes_spec, stats_mode;
  bool print_after_all = false, verify_each = false, no_verify = false, trace = false, remarks = false,
       check_mode = false;
  std::vector<std::string> opts;
  int max_iterations = 64;

  auto* print_cmd = app.add_subcommand("print", "parse FILE and print it back in canonical form");
  print_cmd->add_option("file", file, "input (.py pl DSL, - for stdin)")->required();
  print_cmd->add_option("-o,--output", out, "output file (default stdout)");

  auto* check_cmd = app.add_subcommand("check", "parse and verify FILE");
  check_cmd->add_option("file", file, "input (- for stdin)")->required();

  auto* opt_cmd = app.add_subcommand("opt", "run a pass pipeline over FILE and print the result");
  opt_cmd->add_option("file", file, "input (- for stdin)")->required();
  opt_cmd->add_option("--passes", passes_spec, "comma-separated pass names (see `ptorw passes`)")->required();
  opt_cmd->add_flag("--print-after-all", print_after_all, "print the program to stderr after every pass");
  opt_cmd->add_flag("--verify-each", verify_each, "also verify the output of every pass, not only the last");
  opt_cmd->add_flag("--no-verify", no_verify,
                    "skip verifying the input (as the first pass needs it) and the output")
      ->excludes("--verify-each");
  opt_cmd->add_option("--stats", stats_mode, "print per-rule statistics to stderr (text or json)")
      ->expected(0, 1)
      ->check(CLI::IsMember({"", "text", "json"}));
  opt_cmd->add_flag("--trace", trace, "print every rule application to stderr");
  opt_cmd->add_flag("--remarks", remarks, "print why rules declined (file:line:col: remark: ...)");
  opt_cmd->add_flag("--check", check_mode, "abort when a rule claims a change it did not make");
  opt_cmd->add_option("--max-iterations", max_iterations, "driver round limit per table")->check(CLI::PositiveNumber);
  opt_cmd->add_option("--opt", opts, "pass option key=value (repeatable), e.g. memory_planner=PTOAS");
  opt_cmd->add_option("-o,--output", out, "output file (default stdout)");

  auto* equal_cmd = app.add_subcommand("equal", "structural equality of two programs");
  equal_cmd->add_option("a", file, "first program")->required();
  equal_cmd->add_option("b", file_b, "second program")->required();

  auto* passes_cmd = app.add_subcommand("passes", "list registered passes and their rules");

  std::string entry = "main";
  std::uint64_t seed = 1, seeds = 3;
  std::vector<std::string> dims;
  std::string mode = "auto";
  auto* run_cmd = app.add_subcommand("run", "interpret FILE on random inputs (planned / Buffer IR kernels in buffer mode); "
                                            "print output digests");
  run_cmd->add_option("file", file, "input (- for stdin)")->required();
  run_cmd->add_option("--entry", entry, "entry function (default main)");
  run_cmd->add_option("--seed", seed, "input seed (default 1)");
  run_cmd->add_option("--dim", dims, "value of a symbolic dim, NAME=VALUE (repeatable; default 64)");
  run_cmd->add_option("--mode", mode, "auto (buffer mode for planned Tile and Buffer IR) or value (value mode everywhere)")
      ->check(CLI::IsMember({"auto", "value"}));

  auto* diff_cmd = app.add_subcommand("diffcheck", "run FILE before and after each pass; fail at the first difference");
  diff_cmd->add_option("file", file, "input (- for stdin)")->required();
  diff_cmd->add_option("--passes", passes_spec, "comma-separated pass names")->required();
  diff_cmd->add_option("--seeds", seeds, "number of random input seeds (default 3)")->check(CLI::PositiveNumber);
  diff_cmd->add_option("--entry", entry, "entry function (default main; without main each kernel runs directly)");
  diff_cmd->add_option("--opt", opts, "pass option key=value (repeatable), e.g. memory_planner=PTOAS");

  std::string target, arch = "a2a3", pto_version = "new", planner = "pypto";
  bool generic = false, locations = false;
  auto* emit_cmd = app.add_subcommand("emit", "emit one PTO module per Buffer-stage kernel of FILE");
  emit_cmd->add_option("file", file, "input (- for stdin)")->required();
  emit_cmd->add_option("--target", target, "output format")->required()->check(CLI::IsMember({"pto"}));
  emit_cmd->add_option("--arch", arch, "pto.target_arch (default a2a3)")->check(CLI::IsMember({"a2a3", "a5"}));
  emit_cmd->add_flag("--generic", generic, "MLIR generic form (mlir-opt-19 --allow-unregistered-dialect reads it)");
  emit_cmd->add_option("--pto-version", pto_version, "assembler spellings: old (pto.subset, DPS treshape) or new")
      ->check(CLI::IsMember({"old", "new"}));
  emit_cmd->add_flag("--loc", locations, "print loc(\"file\":line:col) after ops");
  emit_cmd->add_option("--planner", planner, "memory planner for Tile-stage kernels (default pypto): they are "
                                             "planned and lowered first (pass tile-to-buffer)")
      ->check(CLI::IsMember({"pypto", "dsa_rp", "ptoas"}));
  emit_cmd->add_option("-o,--output", out, "output directory, one <kernel>.pto each (default stdout)");

  CLI11_PARSE(app, argc, argv);

  if (*emit_cmd) {
    auto p = load(file);
    if (!p) return 2;
    if (auto refused = passes::text_input_error(*p, "ptorw emit", true)) {  // lowering reads nodes, not names
      print_diagnostics({*refused});
      return 1;
    }
    auto ds = ir::verify(*p);
    print_diagnostics(ds);
    if (has_errors(ds)) return 1;
    // Kernels still at Tile stage go through the device pipeline first (plan, select, lower).
    bool tile_kernels = false;
    for (const auto& f : p->functions)
      tile_kernels = tile_kernels || (ir::is_incore_like(f->type) && f->stage == ir::Stage::Tile &&
                                      !ir::find_kwarg(f->attrs, "buffer_ir_selected"));
    if (tile_kernels) {
      auto lower = passes::make_pass("tile-to-buffer");
      if (!lower) {
        std::cerr << "ptorw: error: pass 'tile-to-buffer' is not registered\n";
        return 2;
      }
      passes::PassContext ctx;
      std::string up = planner;
      for (auto& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
      ctx.set("memory_planner", up);
      ctx.set("target", arch);
      passes::PassOutcome lo = lower->run(p, ctx, {});
      print_diagnostics(lo.diagnostics);
      if (has_errors(lo.diagnostics)) return 1;
      p = lo.program;
    }
    codegen::EmitOptions eo;
    eo.arch = arch == "a5" ? codegen::Arch::A5 : codegen::Arch::A2A3;
    eo.generic = generic;
    eo.version = pto_version == "old" ? codegen::PtoVersion::Old : codegen::PtoVersion::New;
    eo.locations = locations;
    return emit_lowered(*p, eo, out);
  }

  if (*print_cmd) {
    auto p = load(file);
    if (!p) return 2;
    return write_output(text::print_program(*p), out);
  }
  if (*check_cmd) {
    auto p = load(file);
    if (!p) return 2;
    auto ds = passes::verify_source(*p);  // hand-written non-SSA text: checked as Python reads it
    print_diagnostics(ds);
    if (has_errors(ds)) return 1;
    std::cerr << (file == "-" ? "<stdin>" : file) << ": ok (" << p->functions.size() << " functions)\n";
    return 0;
  }
  if (*equal_cmd) {
    auto a = load(file);
    auto b = load(file_b);
    if (!a || !b) return 2;
    auto eq = visit::structural_equal(*a, *b);
    std::cout << eq.report() << "\n";
    return eq.equal ? 0 : 1;
  }
  if (*run_cmd) {
    auto p = load(file);
    if (!p) return 2;
    interp::RunOptions ro;
    ro.seed = seed;
    for (const auto& d : dims) {
      auto eq = d.find('=');
      std::int64_t v = 0;
      if (eq == std::string::npos || std::from_chars(d.data() + eq + 1, d.data() + d.size(), v).ec != std::errc()) {
        std::cerr << "ptorw: error: --dim expects NAME=INTEGER, got '" << d << "'\n";
        return 2;
      }
      ro.dims[d.substr(0, eq)] = v;
    }
    ro.mode = mode == "value" ? interp::ModePolicy::Value : interp::ModePolicy::Auto;
    interp::RunResult r = interp::run_program(*p, entry, ro);
    std::cout << interp::digest_report(r);
    return r.ok() ? 0 : 1;
  }
  if (*diff_cmd) {
    auto p = load(file);
    if (!p) return 2;
    auto spec = passes::parse_pipeline(passes_spec);
    if (!spec.error.empty()) {
      std::cerr << "ptorw: error: " << spec.error << "\n";
      return 2;
    }
    interp::DiffOptions o;
    o.entry = entry;
    o.seeds.clear();
    for (std::uint64_t s = 1; s <= seeds; ++s) o.seeds.push_back(s);
    passes::PassContext ctx;
    for (const auto& kv : opts) {
      auto eq = kv.find('=');
      std::string err = eq == std::string::npos ? "--opt expects key=value, got '" + kv + "'"
                                                : ctx.set(kv.substr(0, eq), kv.substr(eq + 1));
      if (!err.empty()) {
        std::cerr << "ptorw: error: " << err << "\n";
        return 2;
      }
    }
    o.run.target = std::string(ctx.get("target").value_or("a2a3"));  // buffer mode's capacities, as planned
    interp::DiffReport rep = interp::diffcheck_pipeline(*p, interp::steps_of(spec.passes, ctx), o);
    std::cout << rep.str() << "\n";
    return rep.ok() ? 0 : rep.status == interp::DiffStatus::BeforeFailed ? 2 : 1;
  }
  if (*passes_cmd) {
    for (const auto& name : passes::PassRegistry::global().names()) {
      auto p = passes::make_pass(name);
      std::cout << name << ": " << p->summary << "\n";
      for (const auto& r : p->rules)
        std::cout << "  " << r.name << " [" << rewrite::name_of(r.root) << ", benefit " << r.benefit << "]"
                  << (r.description.empty() ? "" : "  " + r.description) << "\n";
    }
    return 0;
  }
  // opt
  auto prog = load(file);
  if (!prog) return 2;
  auto pipeline = passes::parse_pipeline(passes_spec);
  if (!pipeline.error.empty()) {
    std::cerr << "ptorw: error: " << pipeline.error << "\n";
    return 2;
  }
  passes::PassContext ctx;
  for (const auto& kv : opts) {
    auto eq = kv.find('=');
    if (eq == std::string::npos) {
      std::cerr << "ptorw: error: --opt expects key=value, got '" << kv << "'\n";
      return 2;
    }
    std::string err = ctx.set(kv.substr(0, eq), kv.substr(eq + 1));
    if (!err.empty()) {
      std::cerr << "ptorw: error: " << err << "\n";
      return 2;
    }
  }
  // Verification is on by default, as in mlir-opt: the input as the first pass reads it (a pass that
  // needs SSA refuses hand-written non-SSA text itself, naming convert-to-ssa; convert-to-ssa and
  // `default` read it as Python does), and the output.
  if (!no_verify && !pipeline.passes.empty()) {
    if (!pipeline.passes.front().properties.accepts_text)
      if (auto refused = passes::text_input_error(*prog, pipeline.passes.front().name)) {
        print_diagnostics({*refused});
        return 1;
      }
    Diagnostics ds = passes::verify_source(*prog);
    print_diagnostics(ds);
    if (has_errors(ds)) {
      std::cerr << "ptorw: error: the input does not verify (--no-verify skips this check)\n";
      return 1;
    }
  }
  passes::PassManagerOptions o;
  o.verify_each = verify_each;
  o.check_properties = !no_verify;  // required properties on each input, produced ones on each output
  o.verifier = [skip_input = std::make_shared<bool>(true)](const ir::Program& p) {
    if (std::exchange(*skip_input, false)) return Diagnostics{};  // checked above, as the first pass reads it
    return ir::verify(p);
  };
  o.print_after_all = print_after_all;
  o.printer = [](std::string_view pass, const ir::Program& p) {
    std::cerr << "# ---- after " << pass << " ----\n" << text::print_program(p);
  };
  o.driver.max_iterations = max_iterations;
  o.driver.check = check_mode;
  o.driver.remarks = remarks;
  o.driver.trace = trace;
  passes::PassManager pm(o);
  for (auto& p : pipeline.passes) pm.add(std::move(p));
  auto r = pm.run(prog, ctx);
  if (trace)
    for (const auto& p : r.passes)
      for (const auto& t : p.trace)
        std::cerr << prog->source_file << ":" << t.span.line << ":" << t.span.col << ": trace: " << p.name << "/" << t.rule
                  << (t.function.empty() ? "" : " in " + t.function) << ": " << t.before << "  =>  " << t.after << "\n";
  if (remarks)
    for (const auto& p : r.passes)
      for (const auto& m : p.remarks) std::cerr << m.to_diagnostic(prog->source_file).str() << "\n";
  print_diagnostics(r.diagnostics);
  if (opt_cmd->count("--stats")) {
    if (stats_mode == "json") std::cerr << rewrite::to_json(r).dump(2) << "\n";
    else std::cerr << rule_table_text(r);
  }
  if (!r.ok) return 1;
  if (!no_verify && !verify_each) {
    auto ds = ir::verify(*r.program);
    if (has_errors(ds)) {
      print_diagnostics(ds);
      std::cerr << "ptorw: error: the output of the pipeline does not verify\n";
      return 1;
    }
  }
  return write_output(text::print_program(*r.program), out);
}
