// The `ptorw` command line: what every subcommand shares. The option values of all subcommands
// live in one `Options`; each option is defined once, in app.cpp, by a helper that every
// subcommand taking it calls, so one option has one spelling, one meaning and one help text (and
// docs/cli.md is rendered from the same definitions: help_markdown.cpp).
//
// Exit codes (docs/cli.md): 0 success; 1 the input or a pass failed (cannot be read, does not
// parse or verify, fails to run, a pass reports an error) or a check found a difference; 2 the
// command line is wrong (unknown command, option, key or value; a missing argument).
#pragma once
#include <CLI/CLI.hpp>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "ptorw/ir/diagnostic.hpp"
#include "ptorw/ir/function.hpp"
#include "ptorw/passes/pass_context.hpp"

namespace ptorw::cli {

enum Exit : int { kOk = 0, kFailed = 1, kUsage = 2 };

/// A command-line mistake found after parsing (a bad `--dim` name, an unknown `--opt` key):
/// reported as `ptorw <command>: error: <what>`, exit 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Options {
  std::string command;  // the subcommand that ran
  std::string file, file_b, out, output_dir;
  std::string color = "auto";
  // opt / diffcheck
  std::string passes_spec;
  bool print_after_all = false, verify_each = false, no_verify = false, check_mode = false;
  std::string stats, stats_file, trace, remarks;  // flags with optional values (empty: not given)
  int max_iterations = 64;
  std::vector<std::string> opts;  // --opt key=value
  std::string planner, arch;      // empty: not given (PassContext defaults)
  // run / diffcheck
  std::string entry = "main", mode = "auto", print = "summary";
  bool entry_given = false;  // --entry was written (an explicit `--entry main` runs each kernel when there is no main)
  std::int64_t seed = 1, seeds = 3;
  std::vector<std::string> dims, inputs;
  // emit / compile
  std::string target = "pto", pto_version = "new";
  bool generic = false, locations = false, fail_fast = false;
  // compile
  std::string enable_buffer_ir;  // empty: not given (PassContext default)
  std::vector<std::string> dump_after;
  bool dump_all = false, quiet = false;
  // tasks / swimlane / advise
  std::string format = "json", cost_file, compare, graph_passes;
  std::vector<std::string> scalars;  // --scalar NAME=INT
  int aiv = 4, aic = 2;
  // rules / help
  std::string pass_name, help_command;
  bool markdown = false;
};

/// The application with every subcommand and option (app.cpp).
void define_app(CLI::App& app, Options& o);
/// Text shared by --help's footer and docs/cli.md.
extern const char* const kExitCodesText;

// ---- shared helpers (common.cpp) ----
void set_color(std::string_view mode);  // auto | always | never
void set_command(std::string_view command);  // names the command in error()
void print_diagnostic(const Diagnostic& d);
void print_diagnostics(const Diagnostics& ds);
/// `ptorw <command>: error: message` on stderr.
void error(std::string_view message);
/// Parses FILE (`-` is stdin); prints its diagnostics; null when it cannot be read or parsed.
ir::ProgramPtr load(const std::string& path);
/// The file name diagnostics use for FILE.
std::string display_name(const std::string& path);
/// Writes `text` to `out` (empty or `-`: stdout). Exit code.
int write_output(const std::string& text, const std::string& out);
/// Writes a program to `out` (stdout when empty or `-`): its binary form when `out` ends in
/// `.msgpack` (persist/persist.hpp), else its DSL text.
int write_program(const ir::Program& p, const std::string& out);
/// The candidate closest to `word` (edit distance), or empty when none is close.
std::string closest(std::string_view word, const std::vector<std::string>& candidates);
/// "; did you mean 'x'?" or "".
std::string did_you_mean(std::string_view word, const std::vector<std::string>& candidates, std::string_view prefix = "");
/// The PassContext of --planner, --arch, --enable-buffer-ir and --opt key=value (keys and values checked). Throws UsageError.
passes::PassContext make_context(const Options& o);
/// `--dim NAME=V` values, names checked against the program's `pl.dynamic` dims. Throws UsageError.
std::map<std::string, std::int64_t, std::less<>> parse_dims(const std::vector<std::string>& dims, const ir::Program& p);

// ---- subcommands (cmd_*.cpp); each returns the exit code ----
/// The entry `run`, `diffcheck`, `tasks`, `swimlane` and `advise` use (cmd_run.cpp): the one asked
/// for; when that is the default `main`, ir::default_entry's choice (said on stderr as "ptorw CMD:
/// no 'main': ..." when it is another function).
std::string resolve_entry(const ir::Program& p, const std::string& asked, bool given, const char* cmd);

int cmd_print(const Options& o);
int cmd_check(const Options& o);
int cmd_equal(const Options& o);
int cmd_passes(const Options& o);
int cmd_rules(const Options& o);
int cmd_opt(const Options& o);
int cmd_run(const Options& o);
int cmd_diffcheck(const Options& o);
int cmd_emit(const Options& o);
int cmd_compile(const Options& o);
int cmd_tasks(const Options& o);
int cmd_swimlane(const Options& o);
int cmd_advise(const Options& o);
/// `ptorw help [COMMAND] [--markdown]` (help_markdown.cpp).
int cmd_help(CLI::App& app, const Options& o);
std::string markdown_reference(CLI::App& app);

}  // namespace ptorw::cli
