// Every subcommand and option of `ptorw`, defined once. An option several subcommands take is
// added by one helper below, so its spelling, meaning and help text are the same everywhere.
#include <charconv>
#include <limits>

#include "cli/cli.hpp"

namespace ptorw::cli {

const char* const kExitCodesText =
    "Exit codes: 0 success; 1 the input or a pass failed (cannot be read, does not parse or verify, "
    "fails to run, a pass reports an error) or a check found a difference (equal, diffcheck; equal exits 2 "
    "when an input cannot be read); 2 the "
    "command line is wrong (no command; an unknown command, option, --opt key or value; a missing argument). "
    "Program text goes to stdout (or -o FILE), diagnostics, remarks and traces to stderr.";

namespace {

/// An integer of at least `lo` and at most `hi` (CLI11's PositiveNumber prints a 300-digit upper bound).
CLI::Validator at_least(std::int64_t lo, std::int64_t hi = std::numeric_limits<std::int64_t>::max()) {
  return CLI::Validator(
      [lo, hi](std::string& s) -> std::string {
        std::int64_t v = 0;
        auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || p != s.data() + s.size()) return "'" + s + "' is not an integer";
        if (v < lo) return "'" + s + "' is less than " + std::to_string(lo);
        if (v > hi) return "'" + s + "' is more than " + std::to_string(hi);
        return {};
      },
      "");
}

/// A path option given as `-o ""`: refused, not read as "no option" (which would write to stdout,
/// or, for a directory, into the current directory).
CLI::Validator nonempty_path() {
  return CLI::Validator([](std::string& s) -> std::string { return s.empty() ? "an empty path" : ""; }, "");
}

void add_input(CLI::App* c, Options& o) {
  c->add_option("file", o.file, "input program (pl DSL, or the binary form of `-o FILE.msgpack`, told by its first bytes; - reads stdin)")
      ->required();
}
void add_output_file(CLI::App* c, Options& o, const char* what) {
  c->add_option("-o,--output", o.out, std::string("write ") + what + " to FILE (default stdout)")->type_name("FILE")->check(nonempty_path());
}
void add_passes(CLI::App* c, Options& o) {
  c->add_option("--passes", o.passes_spec, "comma-separated pass names (`ptorw passes` lists them; the pass named `default` "
                                           "runs convert-to-ssa,outline-incore-scopes,flatten-call-expr,simplify,optimize-orch-tensors)")
      ->required()
      ->type_name("PASS[,PASS...]");
}
void add_planner(CLI::App* c, Options& o) {
  c->add_option("--planner", o.planner,
                "memory planner of tile-to-buffer (default pypto; any case; a kernel the input already planned keeps "
                "its storage, with a warning)")
      ->type_name("pypto|dsa_rp|ptoas")
      ->transform(CLI::IsMember({"pypto", "dsa_rp", "ptoas"}, CLI::ignore_case).description(""));
}
void add_arch(CLI::App* c, Options& o) {
  c->add_option("--arch", o.arch, "target architecture: memory capacities and pto.target_arch (default a2a3)")
      ->type_name("a2a3|a5")
      ->transform(CLI::IsMember({"a2a3", "a5"}, CLI::ignore_case).description(""));
}
void add_pass_options(CLI::App* c, Options& o) {
  c->add_option("--opt", o.opts, "pass option (repeatable): enable_buffer_ir=true|false, "
                                 "memory_planner=pypto|dsa_rp|ptoas, target=a2a3|a5")
      ->type_name("KEY=VALUE");
}
void add_buffer_ir(CLI::App* c, Options& o) {
  c->add_option("--enable-buffer-ir", o.enable_buffer_ir, "lower selected kernels to Buffer IR (default true; "
                                                          "false keeps every kernel at Tile stage)")
      ->type_name("true|false")
      ->check(CLI::IsMember({"true", "false"}).description(""));
}
/// The PTO form of emitted kernels (ptorw emit, ptorw compile).
void add_pto_form(CLI::App* c, Options& o) {
  c->add_flag("--generic", o.generic, "MLIR generic form (mlir-opt-19 --allow-unregistered-dialect reads it)");
  c->add_option("--pto-version", o.pto_version, "assembler spellings: old (pto.subset; no precision attribute) or new")
      ->type_name("old|new")
      ->check(CLI::IsMember({"old", "new"}).description(""));
  c->add_flag("--loc", o.locations, "print loc(\"file\":line:col) after ops");
}
void add_run_options(CLI::App* c, Options& o) {
  c->add_option("--entry", o.entry, "entry function (default main; without main the one Orchestration function, else each kernel runs directly)")
      ->type_name("NAME")
      ->each([&o](const std::string&) { o.entry_given = true; });
  c->add_option("--dim", o.dims, "value of a pl.dynamic dim (repeatable; others 64)")->type_name("NAME=INT");
}

}  // namespace

void define_app(CLI::App& app, Options& o) {
  app.name("ptorw");
  app.description("ptorw: orchestration and tile-lowering rewrites for tile NPU programs (pl DSL), in the "
                  "manner of mlir-opt");
  app.set_version_flag("--version", std::string("ptorw ") + PTORW_VERSION);
  app.add_option("--color", o.color, "colour diagnostics: auto (when stderr is a terminal), always, never")
      ->type_name("auto|always|never")
      ->check(CLI::IsMember({"auto", "always", "never"}).description(""));
  app.footer(kExitCodesText);
  app.fallthrough();

  auto* print = app.add_subcommand("print", "parse FILE and print it back in canonical form");
  add_input(print, o);
  add_output_file(print, o, "the program (the binary form when FILE ends in .msgpack)");

  auto* check = app.add_subcommand("check", "parse and verify FILE (hand-written text as Python reads it)");
  add_input(check, o);

  auto* opt = app.add_subcommand("opt", "run a pass pipeline over FILE and print the result");
  add_input(opt, o);
  add_passes(opt, o);
  add_output_file(opt, o, "the program (the binary form when FILE ends in .msgpack)");
  add_planner(opt, o);
  add_arch(opt, o);
  add_pass_options(opt, o);
  opt->add_flag("--print-after-all", o.print_after_all,
                "print the program to stderr after every pass (the steps of default and tile-to-buffer too)");
  opt->add_flag("--verify-each", o.verify_each, "also verify the output of every pass, not only the last");
  opt->add_flag("--no-verify", o.no_verify, "skip verifying the input and the output and checking pass properties")
      ->excludes("--verify-each");
  opt->add_flag("--stats{text}", o.stats, "per-rule statistics on stdout after the program: --stats or --stats=json "
                                          "(json needs -o FILE or --stats-file, so stdout holds only JSON)")
      ->type_name("text|json");
  opt->add_option("--stats-file", o.stats_file, "write the statistics to FILE instead (format of --stats, default text)")
      ->type_name("FILE");
  opt->add_flag("--trace{short}", o.trace, "print each rule application to stderr: rule, file:line:col and a "
                                           "bounded DSL diff of the smallest enclosing statement; =full prints "
                                           "whole nodes")
      ->type_name("short|full");
  opt->add_flag("--remarks{*}", o.remarks, "print why rules declined, deduplicated; =PATTERN keeps rules whose name "
                                           "matches (glob, or a substring)")
      ->type_name("PATTERN");
  opt->add_flag("--check", o.check_mode, "abort when a rule claims a change it did not make");
  opt->add_option("--max-iterations", o.max_iterations, "driver rounds per rule table (default 64)")
      ->type_name("INT>=1")
      ->check(at_least(1));

  auto* equal = app.add_subcommand("equal", "structural equality of two programs up to renaming (exit 1: different, "
                                            "2: an input cannot be read)");
  equal->add_option("a", o.file, "first program")->required();
  equal->add_option("b", o.file_b, "second program")->required();

  app.add_subcommand("passes", "list registered passes and their rules");

  auto* rules = app.add_subcommand("rules", "list the rules (patterns) of every pass, or of PASS: pass/rule, root "
                                            "kind, benefit, description");
  rules->add_option("pass", o.pass_name, "only this pass");

  auto* run = app.add_subcommand("run", "verify and interpret FILE (planned Tile and Buffer IR kernels in buffer mode) and "
                                        "print every output: digest, scalar value, tensor summary");
  add_input(run, o);
  add_run_options(run, o);
  add_arch(run, o);
  run->add_option("--seed", o.seed, "seed of the random inputs (default 1)")->type_name("INT>=0")->check(at_least(0));
  run->add_option("--input", o.inputs, "entry parameter from a .npy file (repeatable; dtype and shape must match, "
                                       "INDEX given as int64 and BF16 as float32 holding BF16 values; 0-d for a scalar)")
      ->type_name("NAME=FILE.npy");
  run->add_option("--print", o.print, "tensor values: summary (first elements, min, max) or full")
      ->type_name("summary|full")
      ->check(CLI::IsMember({"summary", "full"}).description(""));
  run->add_option("--output-dir", o.output_dir, "also write every output to DIR/<name>.npy")->type_name("DIR")->check(nonempty_path());
  run->add_option("--mode", o.mode, "auto (buffer mode for planned Tile and Buffer IR) or value (value mode "
                                    "everywhere)")
      ->type_name("auto|value")
      ->check(CLI::IsMember({"auto", "value"}).description(""));

  auto* diff = app.add_subcommand("diffcheck", "run FILE before and after each pass on the same random inputs; fail at "
                                               "the first differing output");
  add_input(diff, o);
  add_passes(diff, o);
  add_run_options(diff, o);
  add_planner(diff, o);
  add_arch(diff, o);
  add_pass_options(diff, o);
  // Bounded: every seed's outputs of one stage are kept to judge the next stage against them
  // (review rev45b 3: --seeds 2147483647 ran out of memory and aborted).
  diff->add_option("--seeds", o.seeds, "number of random input seeds, 1..N (default 3, at most 10000)")
      ->type_name("INT 1..10000")
      ->check(at_least(1, 10000));

  auto* emit = app.add_subcommand("emit", "flatten nested calls, plan and lower Tile kernels (flatten-call-expr, tile-to-buffer), then one PTO module per kernel (Buffer stage, or a planned kernel kept on Tile IR, through its Buffer form in memory)");
  add_input(emit, o);
  emit->add_option("--target", o.target, "output format (default pto, the only one)")
      ->type_name("pto")
      ->check(CLI::IsMember({"pto"}).description(""));
  add_planner(emit, o);
  add_arch(emit, o);
  emit->add_option("-o,--output", o.out, "write the module to FILE (a program with one kernel; default stdout)")->check(nonempty_path())
      ->type_name("FILE");
  emit->add_option("--output-dir", o.output_dir, "write one DIR/<kernel>.pto per kernel")->type_name("DIR")->check(nonempty_path());
  add_pto_form(emit, o);
  emit->add_flag("--fail-fast", o.fail_fast, "stop at the first kernel that cannot be emitted and write nothing "
                                             "(default: write every module that can be emitted, report the others, exit 1)");

  auto* compile = app.add_subcommand(
      "compile", "the whole pipeline to an output tree: DIR/kernels/<kernel>.pto with its entry wrapper "
                 "DIR/kernels/<kernel>.entry.cpp (and DIR/kernels/<group>.<role>.entry.cpp per member of a Group's mixed "
                 "task, reading the Group's argument slots), DIR/orchestration/<function>.cpp, "
                 "DIR/manifest.json (default pipeline, then tile-to-buffer, then the emitters; windowize comes from "
                 "the program's attrs). Incremental: unchanged files are not rewritten");
  add_input(compile, o);
  compile->add_option("-o,--output-dir", o.output_dir, "the output tree's directory (created when missing)")
      ->type_name("DIR")
      ->required()
      ->check(nonempty_path());
  add_planner(compile, o);
  add_arch(compile, o);
  add_buffer_ir(compile, o);
  add_pass_options(compile, o);
  add_pto_form(compile, o);
  compile->add_option("--dump-after", o.dump_after, "also write the program after PASS to DIR/passes/NN_<pass>.py "
                                                    "(repeatable; a step of default or tile-to-buffer)")
      ->type_name("PASS");
  compile->add_flag("--dump-all", o.dump_all, "write the program after every pass to DIR/passes/NN_<pass>.py");
  compile->add_flag("-q,--quiet", o.quiet, "no summary line and no progress line on stderr");

  // The task graph, its simulated schedule and the windowize advisor (issue 21; include/ptorw/tasks/).
  auto add_graph_input = [&](CLI::App* c) {
    add_input(c, o);
    c->add_option("--entry", o.entry, "the Orchestration function (default main; without main the program's one Orchestration function)")
        ->type_name("NAME")
        ->each([&o](const std::string&) { o.entry_given = true; });
    c->add_option("--dim", o.dims, "value of a pl.dynamic dim (repeatable; others 64)")->type_name("NAME=INT");
    c->add_option("--scalar", o.scalars, "value of a scalar parameter of the entry (repeatable; needed when a loop bound, "
                                         "branch or offset depends on it)")
        ->type_name("NAME=INT");
  };
  auto add_lanes = [&](CLI::App* c) {
    c->add_option("--aiv", o.aiv, "vector lanes of the simulated device (default 4)")->type_name("N>=1")->check(at_least(1));
    c->add_option("--aic", o.aic, "cube lanes of the simulated device (default 2)")->type_name("N>=0")->check(at_least(0));
    c->add_option("--cost", o.cost_file, "measured durations replacing the cost model: JSON {\"dispatch_ns\": 20, "
                                         "\"kernels\": {\"NAME\": ns}} (a NAME no task's kernel carries is warned about)")
        ->type_name("FILE");
  };
  auto* tasks = app.add_subcommand("tasks", "the orchestration task graph: one task per kernel call with the byte regions "
                                            "it reads and writes, and the edges the runtime derives from overlapping "
                                            "regions (explicit deps in manual scopes; a \"host\" edge where a host "
                                            "tensor.read waits for a task)");
  add_graph_input(tasks);
  tasks->add_option("--format", o.format, "json (default) or dot (Graphviz)")
      ->type_name("json|dot")
      ->check(CLI::IsMember({"json", "dot"}).description(""));
  tasks->add_option("--passes", o.graph_passes, "run these passes first (e.g. default)")->type_name("PASS[,PASS...]");
  add_output_file(tasks, o, "the graph");

  auto* swim = app.add_subcommand("swimlane", "simulate the task graph on vector and cube lanes and draw the schedule as "
                                              "SVG; prints makespan, utilization and the critical path");
  add_graph_input(swim);
  swim->add_option("-o,--output", o.out, "the SVG file")->type_name("FILE")->required()->check(nonempty_path());
  add_lanes(swim);
  swim->add_option("--passes", o.graph_passes, "run these passes first (e.g. default)")->type_name("PASS[,PASS...]");
  swim->add_option("--compare", o.compare, "draw the program before and after these passes one above the other "
                                           "(e.g. default)")
      ->type_name("PASS[,PASS...]");

  auto* adv = app.add_subcommand("advise", "windowize advisor: for every kernel not marked windowize=True, whether "
                                           "Pattern 5 accepts it and the simulated makespan with and without it, by gain, "
                                           "then all of them marked together");
  add_graph_input(adv);
  add_lanes(adv);

  auto* help = app.add_subcommand("help", "help on ptorw or COMMAND; --markdown renders docs/cli.md");
  help->add_option("command", o.help_command, "a subcommand");
  help->add_flag("--markdown", o.markdown, "the reference of every command as Markdown (docs/cli.md)");
}

}  // namespace ptorw::cli
